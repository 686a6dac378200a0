"""The application service: the one place that runs commands against a store.

CLI and web call :class:`TournamentService`; they never call deciders or the store
directly, so the browser and the terminal can never disagree.

``run(tournament_id, command)``:

1. brings the cached state up to date (``store.load(after_seq=state.seq)``: one cheap
   query; the first access replays the whole log),
2. decides the command on it with a :class:`~pokertd.tournament.framework.Context`
   (``now``, a fresh ``rng``, actor, role) — a refusal raises and writes nothing,
3. appends the events with ``expected_seq = state.seq`` (optimistic concurrency),
4. folds them into the cached state and publishes them to subscribers.

Slow parts run with no tournament lock held, between two short holds (see
``docs/web.md``, "Rules across tournaments and heavy work"): the other tournaments' live
players for a ``LooksElsewhere`` command (FOX-REG5, ``ctx.elsewhere``), and a
``HeavyCommand``'s ``compute`` (a deal's ICM, ``ctx.precomputed``, capped at
``heavy_seconds``), used only while ``prepare(state)`` still gives the same inputs.

When another writer appended in between (another process, another tablet), the append
raises ``ConcurrencyConflict``; the service reloads and decides the command again on the
fresh state (a stale decision is never re-appended as is), up to ``retries`` times.

The first load of a tournament starts from its newest state snapshot (written every
``snapshot_every`` events; a cache keyed by the code version, see
:mod:`pokertd.store.snapshot`) and folds only the events after it. ``subscribe`` publishes
every appended record in-process; with PostgreSQL it also listens for other processes'
appends (LISTEN/NOTIFY) and publishes those. See ``docs/storage.md``.
"""

from __future__ import annotations

import json
import logging
import secrets
import shlex
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from random import Random
from typing import Protocol, TypeVar, cast

import pokertd.tournament  # noqa: F401  (registers every domain's events and commands)
from pokertd.errors import (
    ConcurrencyConflict,
    InvalidCommand,
    NotFound,
    PermissionDenied,
    PokertdError,
    RuleViolation,
)
from pokertd.i18n import N_
from pokertd.money import money_scope, stay_in, venue_currency, venue_locale
from pokertd.roles import Caller, Role
from pokertd.store import EventStore, TournamentInfo, open_store, sqlite_path
from pokertd.store.base import RESYNC, StoredRow, decode_rows, first_name, gc_paused
from pokertd.store.players import NewPlayer, PlayerStore, new_player_id
from pokertd.store.portable import (
    backup_sqlite,
    check_target,
    dump_export,
    postgres_commands,
    read_export,
)
from pokertd.store.projections import ProjectionStore, SeenPlayer
from pokertd.store.series import SeriesStore
from pokertd.store.snapshot import decode_snapshot, encode_snapshot, snapshot_key
from pokertd.tournament import permissions
from pokertd.tournament.days import Days
from pokertd.tournament.entries import (
    CreateTournament,
    PlayerAdded,
    Register,
    Setup,
    live_players,
    same_player,
)
from pokertd.tournament.framework import (
    Command,
    Context,
    EventRecord,
    HeavyCommand,
    LooksElsewhere,
    Precomputed,
    TournamentState,
    append_records,
    decide,
    fold,
    needs_refold,
)
from pokertd.tournament.limits import check_limits
from pokertd.tournament.signups import SeatSignUp, SignUps
from pokertd.tournament.slips import AcknowledgeSlip, slips_view

log = logging.getLogger("pokertd.app.tournaments")
T = TypeVar("T")

Subscriber = Callable[[str, list[EventRecord]], None]
"""Called with ``(tournament_id, records)`` after every append (one call per batch or
refresh, in log order per tournament). Must be quick and must not block: hand the records
to a queue (``loop.call_soon_threadsafe``) and return."""


class Observer(Protocol):
    """Told how commands and appends went (the web's Prometheus metrics, ``observe``).

    Called in the caller's thread after the fact; must be quick and must not raise (an
    exception is logged and ignored: the command has happened either way).
    """

    def command(self, name: str, outcome: str, seconds: float) -> None:
        """A command ``name`` (its class name) finished with ``outcome`` — ``ok``,
        ``refused`` (a rule, a permission, bad input, unknown tournament), ``conflict``
        (lost the race ``retries`` times) or ``error`` — after ``seconds``."""

    def appended(self, tournament_id: str, events: int, seconds: float) -> None:
        """``events`` events were appended to ``tournament_id``; the store took ``seconds``."""


ID_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
"""Tournament id characters: lower case, no 0/o, 1/l/i (easy to read aloud and type)."""
DEFAULT_RETRIES = 5
"""How often ``run`` re-decides a command after losing a race before giving up."""
SNAPSHOT_EVERY = 5_000
"""Write a state snapshot once at least this many events were folded since the last one
(and at least :data:`SNAPSHOT_BYTES_PER_EVENT` bytes of the last snapshot per event)."""
SNAPSHOT_BYTES_PER_EVENT = 400
"""The spacing of snapshots grows with their size: the next one is written no sooner than
one event per this many bytes of the last one (a 10 MB snapshot of a 10,000-entry night:
every 25,000 events, not every 5,000). Encoding a snapshot costs in proportion to its
bytes, so this keeps its cost per event folded the same at 100 entries and at 10,000
(about a 400-byte encode per event, amortised), and a load still folds at most that many
events after the snapshot it starts from (its tail costs about what decoding it does)."""
HEAVY_SECONDS = 2.0
"""Time cap of a command's heavy part (a deal's Monte-Carlo ICM), run outside the lock."""
OUTSIDE_ROUNDS = 4
"""How often ``run`` redoes the work it does outside the lock (another command changed
the inputs meanwhile) before giving up with ``ConcurrencyConflict``."""


def utc_now() -> datetime:
    """The current time, timezone-aware UTC (the service's default clock)."""
    return datetime.now(UTC)


def new_tournament_id() -> str:
    """A short, URL-safe, random tournament id (8 characters, about 40 bits)."""
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(8))


def check_tournament_id(tournament_id: str) -> str:
    """``tournament_id`` if it is URL-safe (1–64 of ``a-z 0-9 - _``, starting alphanumeric)."""
    ok = (
        0 < len(tournament_id) <= 64
        and tournament_id[0].isascii()
        and tournament_id[0].isalnum()
        and all(c.isascii() and (c.isalnum() or c in "-_") for c in tournament_id)
        and tournament_id == tournament_id.lower()
    )
    if not ok:
        raise InvalidCommand(
            template=N_(
                "%(tournament_id)s is not a valid tournament id: use 1 to 64 lower-case "
                "letters, digits, '-' or '_'."
            ),
            params={"tournament_id": repr(tournament_id)},
        )
    return tournament_id


def _in_memory(store: EventStore) -> bool:
    """Whether ``store`` keeps its log in this process's memory (``sqlite:///:memory:``)."""
    try:
        return sqlite_path(getattr(store, "url", "")) == ":memory:"
    except PokertdError:  # not a URL this code reads: treat it as durable
        return False


def _role(role: Role | str) -> Role:
    """``role`` as a :class:`Role` (an unknown name is refused, never trusted)."""
    try:
        return Role(role)
    except ValueError:
        raise PermissionDenied(
            template=N_("%(role)s is not a role: use public, dealer, floor or director."),
            params={"role": repr(role)},
        ) from None


def _caller(
    tournament_id: str,
    actor: str,
    role: Role | str,
    table: int | None,
    principal: Caller | None,
) -> tuple[str, Role, int | None]:
    """``(actor, role, table)`` of a command's caller; a dealer bound to another tournament
    is refused here."""
    if principal is None:
        return actor, _role(role), table
    who = _role(principal.role)
    if who is Role.DEALER and principal.tournament != tournament_id:
        raise PermissionDenied(template=N_("This dealer session is for another tournament."))
    return principal.name, who, principal.table


Elsewhere = Callable[[str, str], tuple[str, ...]]
"""``elsewhere(name, card)``: other events where such a player still has a live stack."""


@dataclass(slots=True)
class _Outside:
    """What ``run`` gathered with no tournament lock held, for the decision under it."""

    elsewhere: Elsewhere | None = None
    """Other tournaments' live players (for a :class:`LooksElsewhere` command)."""
    precomputed: Precomputed | None = None
    """A :class:`HeavyCommand`'s result and the inputs it was computed from."""


@dataclass(slots=True)
class _Cached:
    """One tournament's state and log as this process last saw them."""

    state: TournamentState
    records: list[EventRecord] = field(default_factory=list)
    """The records with ``seq > base`` (all of them unless the state came from a snapshot)."""
    base: int = 0
    snapshot_seq: int = 0
    """The seq of the newest snapshot this process knows of (0: none)."""
    snapshot_bytes: int = 0
    """The size of the last snapshot this process wrote (0: none yet): the next one waits
    for one event per :data:`SNAPSHOT_BYTES_PER_EVENT` of it."""
    lock: threading.RLock = field(default_factory=threading.RLock)


class TournamentService:
    """Runs commands on tournaments kept in an :class:`~pokertd.store.EventStore`.

    Thread-safe: commands on one tournament are serialised in this process (a lock per
    tournament), and across processes by the store's optimistic concurrency.
    """

    def __init__(
        self,
        store: EventStore,
        *,
        now: Callable[[], datetime] = utc_now,
        rng_factory: Callable[[], Random] = secrets.SystemRandom,
        id_factory: Callable[[], str] = new_tournament_id,
        retries: int = DEFAULT_RETRIES,
        snapshot_every: int | None = None,
        currency: str = "",
        locale: str = "",
    ) -> None:
        self.store = store
        """The event store (``service.store.url`` tells where it lives)."""
        self.venue_currency = venue_currency(currency)
        """The venue's currency (ISO 4217: ``currency``, else ``$POKERTD_CURRENCY``, else
        USD): a ``CreateTournament`` that names none is created in it (docs/money.md)."""
        self.money_follows_state = False
        """Set by one-shot processes (the CLI): :meth:`state` then makes the event's currency
        (and the venue's locale) the caller's for the rest of the process
        (:func:`pokertd.money.stay_in`), so every amount the command prints, from the views
        it builds on that state, is in the event's own currency."""
        self.venue_locale = venue_locale(locale)
        """The venue's locale (``locale``, else ``$POKERTD_LOCALE``, else ``None``: the
        neutral form): amounts in the texts the core writes (refusals, log lines, views) are
        written as it writes money (``1.234,56 €`` in ``de_DE``)."""
        self._now = now
        self._rng_factory = rng_factory
        self._id_factory = id_factory
        self._retries = retries
        if snapshot_every is None:  # a store in memory dies with the process: no snapshots
            snapshot_every = 0 if _in_memory(store) else SNAPSHOT_EVERY
        self._snapshot_every = snapshot_every
        """Events between snapshots at least (0: none written by themselves). By default
        :data:`SNAPSHOT_EVERY`, and 0 for a store in memory: its log is gone when the process
        ends, and this process keeps the state it folded, so a snapshot there is pure cost
        (12 % of a 10,000-entry simulated night, issue 25)."""
        self._cache: dict[str, _Cached] = {}
        self._cache_lock = threading.Lock()
        self._live: dict[str, tuple[int, str, tuple[tuple[str, str], ...], bool]] = {}
        """Per other tournament: ``(seq, label, live players, bagged)`` (FOX-REG5)."""
        self.heavy_seconds = HEAVY_SECONDS
        """Time cap of a heavy command's part outside the lock (see ``HEAVY_SECONDS``)."""
        self._subscribers: list[Subscriber] = []
        self._unlisten: Callable[[], None] | None = None
        self._listening = False
        self._observers: list[Observer] = []
        if isinstance(store, ProjectionStore):  # the player database, in each append's tx
            store.project_players(player_rows)

    # ----------------------------------------------------------------------------------
    # Commands

    def run(
        self,
        tournament_id: str,
        command: Command,
        *,
        actor: str = "system",
        role: Role | str = Role.DIRECTOR,
        table: int | None = None,
        principal: Caller | None = None,
    ) -> list[EventRecord]:
        """Check who may run ``command``, decide it on the current state, append and publish.

        The caller is ``principal`` (the web passes its session's) or ``actor``/``role``/
        ``table`` (the CLI and tests; a dealer's ``table``). Every face is checked here, in
        one place, against :mod:`pokertd.tournament.permissions`: the role the command
        needs, a dealer's binding to one tournament and their own table (the table of a
        named player is read from the state, never taken from the client).

        Returns the appended records. Raises ``PermissionDenied`` (nothing written),
        ``NotFound`` for an unknown tournament, the decider's ``RuleViolation``/
        ``InvalidCommand`` (nothing written), or ``ConcurrencyConflict`` after ``retries``
        lost races.
        """
        return self._observed(
            command,
            lambda: self._run(
                tournament_id, command, actor=actor, role=role, table=table, principal=principal
            ),
        )

    def _run(
        self,
        tournament_id: str,
        command: Command,
        *,
        actor: str,
        role: Role | str,
        table: int | None,
        principal: Caller | None,
    ) -> list[EventRecord]:
        """:meth:`run` without the observers."""
        actor, who, table = _caller(tournament_id, actor, role, table, principal)
        permissions.check_role(type(command), who)  # before any work
        command = self._with_db_player(tournament_id, command)
        cached = self._cached(tournament_id)
        outside = _Outside()
        attempt = rounds = 0
        while True:
            with cached.lock:
                fresh = self._refresh(tournament_id, cached)
                if cached.state.seq == 0:
                    raise self._not_found(tournament_id, cached)
                if fresh:
                    self._publish(tournament_id, fresh)
                permissions.check(command, who, state=cached.state, table=table)
                todo = self._outside_todo(command, cached.state, outside)
                if todo is None:
                    try:
                        return self._decide_and_append(cached, command, actor, who.value, outside)
                    except ConcurrencyConflict:
                        if attempt == self._retries:
                            raise
                        log.info(
                            "conflict on %s (attempt %d); deciding again", tournament_id, attempt
                        )
                        attempt += 1
                        continue
            # No lock held here: the slow parts (other tournaments, ICM), then decide again.
            rounds += 1
            if rounds > OUTSIDE_ROUNDS:
                raise ConcurrencyConflict(
                    template=N_(
                        "The tournament kept changing while this was being worked out: try again."
                    )
                )
            self._do_outside(tournament_id, command, todo, outside)

    def _with_db_player(self, tournament_id: str, command: Command) -> Command:
        """A registration with its person from the store's player database (issue 14).

        The face may name the person (``player_id``: a merged duplicate stands for the
        player it was merged into; an unknown id is ``NotFound``). Otherwise: the player
        holding this card, else the one player with exactly this name (and no other card),
        else a new player whose id the log records; the store adds them in the
        registration's own transaction (:func:`player_rows`) — a refused registration adds
        nobody, and a crash keeps both or neither.
        """
        store = self.store
        if isinstance(command, SeatSignUp) and command.player_id is None:
            # the desk's one tap registers the sign-up's name and card (issue 26): the same
            # person as a Register with them would be
            row = self.state(tournament_id).part(SignUps).rows.get(command.signup.upper())
            if row is None or not isinstance(store, PlayerStore):
                return command
            found = self._with_db_player(tournament_id, Register(name=row.name, member=row.card))
            return replace(command, player_id=cast(Register, found).player_id)
        if not isinstance(command, Register) or not isinstance(store, PlayerStore):
            return command
        check_limits(command)  # what the database is asked must be storable text
        if command.player_id is not None:
            return replace(command, player_id=store.survivor(command.player_id).id)
        holders = store.players_with_card(command.member) if command.member.strip() else []
        if holders:
            return replace(command, player_id=store.survivor(holders[0].id).id)
        named = {store.survivor(p.id) for p in store.players_named(command.name)}
        card = command.member.strip()
        fits = sorted((p for p in named if not p.card or not card), key=lambda p: p.id)
        if len(fits) > 1:
            ids = ", ".join(p.id for p in fits)
            raise InvalidCommand(
                template=N_(
                    "Several players are called %(name)s in the player database (%(ids)s): "
                    "say which one by the player's id, or give the card number."
                ),
                params={"name": fits[0].name, "ids": ids},
                context={"players": [p.id for p in fits]},
            )
        return replace(command, player_id=fits[0].id if fits else new_player_id())

    def _outside_todo(
        self, command: Command, state: TournamentState, outside: _Outside
    ) -> tuple[bool, object | None] | None:
        """What must be gathered outside the lock before deciding (called under it):
        ``(other tournaments?, heavy inputs)``, or ``None`` when the decision can go on."""
        look = (
            isinstance(command, LooksElsewhere)
            and outside.elsewhere is None
            and command.looks_elsewhere(state)
        )
        inputs = command.prepare(state) if isinstance(command, HeavyCommand) else None
        heavy = inputs is not None and (
            outside.precomputed is None or outside.precomputed.inputs != inputs
        )
        if not look and not heavy:
            return None
        return look, inputs if heavy else None

    def _do_outside(
        self,
        tournament_id: str,
        command: Command,
        todo: tuple[bool, object | None],
        outside: _Outside,
    ) -> None:
        """Gather what ``todo`` asks for, holding no tournament's lock (each other
        tournament is read under its own lock only)."""
        look, inputs = todo
        if look:
            outside.elsewhere = self._elsewhere(tournament_id)
        if inputs is not None and isinstance(command, HeavyCommand):
            deadline = time.monotonic() + self.heavy_seconds
            result = command.compute(
                inputs, self._rng_factory(), lambda: time.monotonic() > deadline
            )
            outside.precomputed = Precomputed(inputs=inputs, result=result)

    def _elsewhere(self, tournament_id: str) -> Elsewhere:
        """Where else each player still has a live stack, from every other tournament in
        the store (FOX-REG5). Called with no lock held; one query lists the tournaments,
        and each one's live players are cached per ``(tournament, seq)``.

        FOX-REG5 is one *event* at a time, not one flight: another flight of the same
        flighted event that allows re-entering flights does not count once it is bagged
        (its players are not playing; Day 2 carries each one's best stack). A flight still
        playing counts (no table jumping), and so does every other event."""
        found: list[tuple[str, tuple[tuple[str, str], ...]]] = []
        sister_flights = self._reentry_flights(tournament_id)
        for info in self.store.tournaments():
            if info.id == tournament_id:
                continue
            label, live, bagged = self._live_players(info)
            if live and not (bagged and info.id in sister_flights):
                found.append((label, live))
        index = tuple(found)

        def elsewhere(name: str, card: str) -> tuple[str, ...]:
            return tuple(
                label
                for label, live in index
                if any(same_player(name, card, n, c) for n, c in live)
            )

        return elsewhere

    def _reentry_flights(self, tournament_id: str) -> frozenset[str]:
        """The other flights of ``tournament_id``'s flighted event when that event lets a
        player enter more than one flight (issue 14); empty otherwise or without series."""
        store = self.store
        if not isinstance(store, SeriesStore):
            return frozenset()
        row = store.series_of(tournament_id)
        if row is None or row.role != "flight":
            return frozenset()
        event = store.flighted(row.series, row.event)
        if event is None or not event.reentry:
            return frozenset()
        return frozenset(
            r.tournament
            for r in store.series_events(row.series)
            if r.role == "flight" and r.event == row.event and r.tournament != tournament_id
        )

    def _live_players(self, info: TournamentInfo) -> tuple[str, tuple[tuple[str, str], ...], bool]:
        """``(label, live players, bagged)`` of another tournament at its last seq: from
        the cache, else read under that tournament's own lock (or folded privately when
        this process does not hold it, so looking does not keep every old event in
        memory). ``bagged``: its day has ended and its survivors' chips are bagged."""
        with self._cache_lock:
            known = self._live.get(info.id)
            cached = self._cache.get(info.id)
        if known is not None and known[0] == info.last_seq:
            return known[1], known[2], known[3]
        private = cached is None or cached.state.seq == 0
        if private:
            cached = _Cached(TournamentState(info.id))
        assert cached is not None
        with cached.lock:
            fresh = self._refresh(info.id, cached)
            if fresh and not private:
                self._publish(info.id, fresh)
            state = cached.state
            label = f"{state.part(Setup).name or info.name} ({info.id})"
            entry = (state.seq, label, live_players(state), state.part(Days).bagged)
        with self._cache_lock:
            self._live[info.id] = entry
        return entry[1], entry[2], entry[3]

    def create(
        self,
        command: Command,
        *,
        tournament_id: str | None = None,
        actor: str = "system",
        role: Role | str = Role.DIRECTOR,
    ) -> str:
        """Start a new tournament with ``command`` (e.g. ``CreateTournament``); its id.

        The id is random (:func:`new_tournament_id`) unless ``tournament_id`` is given;
        a given id that already exists is refused. ``role`` must be allowed to run
        ``command`` (the director for ``CreateTournament``).
        """
        return self._observed(
            command, lambda: self._create(command, tournament_id, actor=actor, role=role)
        )

    def _create(
        self, command: Command, tournament_id: str | None, *, actor: str, role: Role | str
    ) -> str:
        """:meth:`create` without the observers."""
        who = _role(role)
        permissions.check(command, who)
        role = who.value
        self._check_events_per_year(command)
        if isinstance(command, CreateTournament) and not command.currency:
            command = replace(command, currency=self.venue_currency)
        for _ in range(self._retries + 1):
            tid = check_tournament_id(tournament_id or self._id_factory())
            cached = self._cached(tid)
            with cached.lock:
                self._refresh(tid, cached)
                if cached.state.seq == 0:
                    try:
                        self._decide_and_append(cached, command, actor, role)
                        return tid
                    except ConcurrencyConflict:
                        pass  # created by someone else meanwhile
            if tournament_id is not None:
                raise InvalidCommand(
                    template=N_("A tournament with id %(tid)s already exists."),
                    params={"tid": repr(tid)},
                )
        raise ConcurrencyConflict(template=N_("Could not find a free tournament id; try again."))

    def _check_events_per_year(self, command: Command) -> None:
        """Refuse a new tournament past the profile's ``max_events_per_org_per_year`` (H13:
        NJ-42, six a calendar year for a New Jersey organisation).

        A count across tournaments, so the service's and not a pure command's. The event
        store is the organisation's own (one licensee per database): the count is of this
        store's tournaments under a profile of the same venue created in this calendar year.
        """
        if not isinstance(command, CreateTournament):
            return
        profile = command.profile or command.template.load_profile()
        cap = profile.max_events_per_org_per_year
        if cap is None:
            return
        year = self._now().year
        held = 0
        for info in self.store.tournaments():
            if info.created_at.year != year:
                continue
            rows = self.store.rows(info.id)[:1]
            data = json.loads(rows[0].data) if rows else {}
            venue = data.get("profile", {}).get("venue") if isinstance(data, dict) else None
            held += venue == profile.venue
        if held >= cap:
            raise RuleViolation(
                template=N_(
                    "This organisation has already run %(held)s tournaments in %(year)s: %(title)s "
                    "allows at most %(cap)s a calendar year."
                ),
                params={"held": held, "year": year, "title": profile.title, "cap": cap},
                rule_ids=profile.cite("H13"),
                context={"held": held, "cap": cap, "year": year},
            )

    def _decide_and_append(
        self,
        cached: _Cached,
        command: Command,
        actor: str,
        role: str,
        outside: _Outside | None = None,
    ) -> list[EventRecord]:
        """Decide on ``cached.state`` (held under its lock), append, fold, publish.

        ``outside`` carries what ``run`` gathered without the lock: the other tournaments'
        answer (``ctx.elsewhere``) and a heavy command's precomputed part.
        """
        state = cached.state
        now = self._now()
        ctx = Context(now=now, rng=self._rng_factory(), actor=actor, role=role)
        if outside is not None and outside.elsewhere is not None:
            ctx = replace(ctx, elsewhere=outside.elsewhere)
        if outside is not None and outside.precomputed is not None:
            ctx = replace(ctx, precomputed=outside.precomputed)
        with money_scope(*self._money(state)):
            events = decide(state, command, ctx)
        started = time.perf_counter()
        records = self.store.append(
            state.id,
            state.seq,
            events,
            actor=actor,
            recorded_at=now,
            command=type(command).__name__,  # who may undo the batch depends on it
        )
        self._tell("appended", state.id, len(records), time.perf_counter() - started)
        self._fold(cached, records)
        self._publish(state.id, records)
        self._maybe_snapshot(cached)
        return records

    # ----------------------------------------------------------------------------------
    # Queries

    def read(self, tournament_id: str, fn: Callable[[TournamentState], T]) -> T:
        """``fn(state)`` on the up-to-date state, run under the tournament's lock.

        This is how faces read: no command folds into the state while ``fn`` runs, so a
        view is never built from a half-applied change. ``fn`` must return data that does
        not share the state (JSON-like dicts, frozen values), must be quick and must never
        mutate the state. The lock is re-entrant: ``fn`` may call :meth:`records` for the log
        the state was folded from. Raises ``NotFound`` for an unknown tournament.
        """
        cached = self._cached(tournament_id)
        with cached.lock:
            state = self.state(tournament_id)
            with money_scope(*self._money(state)):
                return fn(state)

    def currency(self, tournament_id: str) -> str:
        """The ISO 4217 code of the event's amounts (recorded when it was created; USD in
        older logs). Raises ``NotFound`` for an unknown tournament."""
        return self.read(tournament_id, lambda state: state.part(Setup).currency)

    def _money(self, state: TournamentState) -> tuple[str, str | None]:
        """The event's currency and the locale its amounts and dates are written in: the
        one chosen at set-up, else the venue's (``docs/money.md``)."""
        setup = state.part(Setup)
        return setup.currency, setup.locale or self.venue_locale

    def event_locale(self, tournament_id: str) -> str:
        """The locale the director chose at set-up for the event's numbers, amounts and dates
        (Babel's name, ``de_DE``); "" = the venue's (the face's own setting)."""
        return self.read(tournament_id, lambda state: state.part(Setup).locale)

    @contextmanager
    def money_of(self, tournament_id: str) -> Iterator[None]:
        """Within the block, texts the core writes (a record's ``describe()``) name the
        event's own currency (:func:`pokertd.money.money_scope`): for faces that print the
        records a command returned."""
        with money_scope(*self.read(tournament_id, self._money)):
            yield

    # ----------------------------------------------------------------------------------
    # Slips (issue 26, point 2): what a move, a break, a penalty or a clock tells a player

    def slips(
        self, tournament_id: str, player: str | None = None, *, private: bool = True
    ) -> list[dict[str, object]]:
        """The night's slips, newest first, with their acknowledgements: every one, or
        ``player``'s (a player id or exact name); ``private=False`` is what a public phone
        may show (no penalty slips: :data:`pokertd.tournament.slips.PRIVATE_KINDS`)."""
        return self.read(
            tournament_id, lambda state: slips_view(state, player=player, private=private)
        )

    def acknowledge_slip(
        self, tournament_id: str, player_id: str, slip_id: int, *, via: str = "phone"
    ) -> list[EventRecord]:
        """The player ``player_id`` says "I'm here" for slip ``slip_id``: his own claim,
        recorded as his (actor ``player <id> (<via>)``), never a floor confirmation.

        ``via`` is who vouches that the caller is that player: ``phone`` (the player view's
        "this is me", a claim anybody can make: public slips only) or ``link`` (a personal
        link bound to the player, checked by the face before it calls: every slip of his).
        Refused, nothing written, for a slip of another player, one already acknowledged,
        one out of date (:class:`~pokertd.tournament.slips.AcknowledgeSlip`).
        """
        command = AcknowledgeSlip(player=player_id, slip=slip_id, via=via)
        return self.run(
            tournament_id, command, actor=f"player {player_id} ({via})", role=Role.PUBLIC
        )

    def state(self, tournament_id: str) -> TournamentState:
        """The tournament's current state — internal: the live object the service folds into.

        For the service's own use, the CLI's one-shot commands and tests; long-lived faces
        (the web) read through :meth:`read`, which holds the lock while they look. Never
        mutate it. Raises ``NotFound`` for an unknown tournament.
        """
        cached = self._cached(tournament_id)
        with cached.lock:
            fresh = self._refresh(tournament_id, cached)
            if cached.state.seq == 0:
                raise self._not_found(tournament_id, cached)
            if fresh:
                self._publish(tournament_id, fresh)
            if self.money_follows_state:
                stay_in(*self._money(cached.state))
            return cached.state

    def records(self, tournament_id: str, after_seq: int = 0) -> list[EventRecord]:
        """The tournament's log after ``after_seq`` (all of it by default), in order.

        Raises ``NotFound`` for an unknown tournament.
        """
        cached = self._cached(tournament_id)
        with cached.lock:
            seq = self.state(tournament_id).seq
            after_seq = max(after_seq, 0)
            if after_seq >= cached.base:
                return cached.records[after_seq - cached.base :]
            return self.store.load(tournament_id, after_seq=after_seq)[: seq - after_seq]

    def last_seq(self, tournament_id: str) -> int:
        """The seq of the tournament's last stored event (0: no such tournament). Cheap."""
        return self.store.last_seq(tournament_id)

    def now(self) -> datetime:
        """The service's clock now (what its commands and reads take as ``now``): faces
        and other services that read a tournament at the time its own views use."""
        return self._now()

    def tournaments(self) -> list[TournamentInfo]:
        """Every tournament in the store, newest first."""
        return self.store.tournaments()

    def exists(self, tournament_id: str) -> bool:
        """Whether the store holds a tournament with this id."""
        return self.store.last_seq(tournament_id) > 0

    # ----------------------------------------------------------------------------------
    # Portability: export, import, backup (docs/backup.md)

    def export_tournament(self, tournament_id: str) -> str:
        """The tournament's whole log as a portable export file (JSON lines, see
        :mod:`pokertd.store.portable`), read in one query so it is one consistent log.

        Raises ``NotFound`` for an unknown tournament.
        """
        rows = self.store.rows(tournament_id)
        if not rows:
            raise NotFound(
                template=N_("There is no tournament %(tournament_id)s."),
                params={"tournament_id": repr(tournament_id)},
                context={"tournament_id": tournament_id},
            )
        return dump_export(
            rows,
            name=_name_of(tournament_id, rows),
            exported_at=self._now(),
        )

    def import_tournament(
        self, content: bytes | str, *, as_id: str | None = None
    ) -> TournamentInfo:
        """Import an export file as a new tournament (its own id, or ``as_id``).

        The file is checked (:func:`~pokertd.store.portable.read_export`) and its log is
        decoded and folded from scratch *before* anything is written: a file that does not
        replay is refused and nothing is left in the store. Renaming is safe: a
        tournament's own id is not inside its events (the state gets it from the caller).
        An id that exists already is refused. The people its registrations recorded are
        added to this store's player database, as a registration here would.
        """
        checked = read_export(content)
        tid = check_tournament_id(checked.tournament if as_id is None else as_id)
        if self.exists(tid):
            raise InvalidCommand(
                template=N_(
                    "A tournament with id %(tid)s exists already in this database: import the file "
                    "under another id (--as NEW_ID). Nothing was imported."
                ),
                params={"tid": repr(tid)},
                context={"tournament_id": tid},
            )
        rows = [replace(r, tournament_id=tid) for r in checked.rows]
        records = _replayed(tid, rows)
        name = _name_of(tid, rows)
        if checked.name != name and checked.name != checked.tournament:
            raise InvalidCommand(
                template=N_(
                    "Line 1 of the file: the header names the tournament %(name)s but its log "
                    "calls it %(name_2)s. Nothing was imported."
                ),
                params={"name": repr(checked.name), "name_2": repr(name)},
            )
        self.store.import_rows(rows, name=name)  # its people in the same transaction
        self.forget(tid)
        return TournamentInfo(tid, name, records[0].recorded_at, records[-1].recorded_at, len(rows))

    def backup(self, target: str, *, force: bool = False) -> BackupReport:
        """Back up the whole store to the file ``target``.

        SQLite: an online backup, safe while ``pokertd serve`` writes, checked afterwards
        (:func:`~pokertd.store.portable.backup_sqlite`). PostgreSQL: nothing is run; the
        report gives the ``pg_dump`` command that does it and the ``pg_restore`` command
        that restores it. An existing ``target`` is refused unless ``force``.
        """
        url = self.store.url
        path = sqlite_path(url)
        if path is None:
            check_target(target, force=force)
            dump, restore = postgres_commands(url, target)
            return BackupReport("postgresql", target, written=False, command=dump, restore=restore)
        if path == ":memory:":
            raise InvalidCommand(template=N_("An in-memory store has no file to back up."))
        done = backup_sqlite(path, target, force=force)
        return BackupReport(
            "sqlite",
            target,
            written=True,
            tournaments=done.tournaments,
            events=done.events,
            bytes=done.bytes,
            restore=f"cp {shlex.quote(target)} {shlex.quote(path)}",
        )

    # ----------------------------------------------------------------------------------
    # Cache

    def _cached(self, tournament_id: str) -> _Cached:
        with self._cache_lock:
            found = self._cache.get(tournament_id)
            if found is None:
                found = _Cached(TournamentState(tournament_id))
                self._cache[tournament_id] = found
            return found

    def _not_found(self, tournament_id: str, cached: _Cached) -> NotFound:
        with self._cache_lock:
            if self._cache.get(tournament_id) is cached:
                del self._cache[tournament_id]
        return NotFound(
            template=N_("There is no tournament %(tournament_id)s."),
            params={"tournament_id": repr(tournament_id)},
            context={"tournament_id": tournament_id},
        )

    def _refresh(self, tournament_id: str, cached: _Cached) -> list[EventRecord]:
        """Fold in what other writers appended; returns those records when the state was
        already loaded (an initial load returns nothing: nobody has seen it yet)."""
        if cached.state.seq == 0:
            self._load(tournament_id, cached)
            return []
        fresh = self.store.load(tournament_id, after_seq=cached.state.seq)
        if fresh:
            self._fold(cached, fresh)
            self._maybe_snapshot(cached)
        return fresh

    def _load(self, tournament_id: str, cached: _Cached) -> None:
        """First load: the newest usable snapshot plus the events after it, or a replay."""
        with gc_paused():
            self._load_unpaused(tournament_id, cached)

    def _load_unpaused(self, tournament_id: str, cached: _Cached) -> None:
        snapshot = self._read_snapshot(tournament_id) if self._snapshot_every > 0 else None
        if snapshot is not None:
            snapshot_seq = snapshot.seq
            tail = self.store.load(tournament_id, after_seq=snapshot_seq)
            if not needs_refold([r.event for r in tail]):
                append_records(snapshot, tail)
                cached.state, cached.records = snapshot, tail
                cached.base = cached.snapshot_seq = snapshot_seq
                self._maybe_snapshot(cached)
                return
        records = self.store.load(tournament_id)
        if records:
            cached.state, cached.records, cached.base = fold(tournament_id, records), records, 0
            if snapshot is not None:
                cached.snapshot_seq = snapshot.seq
            self._maybe_snapshot(cached)

    def _fold(self, cached: _Cached, records: Sequence[EventRecord]) -> None:
        """Fold ``records`` into the cached state (a full replay when undo/redo is among them)."""
        tid = cached.state.id
        try:
            if needs_refold([r.event for r in records]):
                with gc_paused():
                    self._refold(cached, records)
            else:
                cached.records.extend(records)
                append_records(cached.state, records)
        except BaseException:
            # A failing fold step would leave a half-updated state: forget it, replay next time.
            cached.state = TournamentState(tid)
            cached.records.clear()
            cached.base = 0
            raise

    def _refold(self, cached: _Cached, records: Sequence[EventRecord]) -> None:
        """Fold the whole log again (undo/redo changed which batches count)."""
        tid = cached.state.id
        if cached.base:  # the state came from a snapshot: fetch the older records
            older = self.store.load(tid)[: cached.base]
            cached.records[:0] = older
            cached.base = 0
        cached.records.extend(records)
        cached.state = fold(tid, cached.records)

    # ----------------------------------------------------------------------------------
    # Snapshots (a cache: the log stays the truth)

    def _read_snapshot(self, tournament_id: str) -> TournamentState | None:
        found = self.store.load_snapshot(tournament_id, snapshot_key())
        if found is None:
            return None
        try:
            state = decode_snapshot(tournament_id, found[1])
        except ValueError as exc:
            log.warning("ignoring the snapshot of %s: %s", tournament_id, exc)
            return None
        if state.seq != found[0]:
            return None
        return state

    def _maybe_snapshot(self, cached: _Cached) -> None:
        """Write a snapshot when ``snapshot_every`` events were folded since the last one,
        and at least one per :data:`SNAPSHOT_BYTES_PER_EVENT` bytes of the last snapshot."""
        state = cached.state
        if self._snapshot_every <= 0:
            return
        since = state.seq - cached.snapshot_seq
        if since < self._snapshot_every or since * SNAPSHOT_BYTES_PER_EVENT < cached.snapshot_bytes:
            return
        cached.snapshot_seq = state.seq  # also when it fails: retry after as many events
        try:
            data = encode_snapshot(state)
            cached.snapshot_bytes = len(data)
            self.store.save_snapshot(state.id, state.seq, snapshot_key(), data)
        except Exception:
            log.exception("could not save a snapshot of %s at %d", state.id, state.seq)

    def snapshot(self, tournament_id: str) -> int:
        """Write a snapshot of the tournament now (``pokertd`` does it by itself every
        ``snapshot_every`` events); returns its seq."""
        cached = self._cached(tournament_id)
        with cached.lock:
            state = self.state(tournament_id)
            data = encode_snapshot(state)
            self.store.save_snapshot(state.id, state.seq, snapshot_key(), data)
            cached.snapshot_seq, cached.snapshot_bytes = state.seq, len(data)
            return state.seq

    def forget(self, tournament_id: str | None = None) -> None:
        """Drop cached state (one tournament, or all): the next access replays the log."""
        with self._cache_lock:
            if tournament_id is None:
                self._cache.clear()
            else:
                self._cache.pop(tournament_id, None)

    # ----------------------------------------------------------------------------------
    # Publish / subscribe

    def subscribe(self, callback: Subscriber) -> Callable[[], None]:
        """Call ``callback(tournament_id, records)`` for every append; returns unsubscribe.

        With PostgreSQL, the first subscription also starts listening for other processes'
        appends (``LISTEN pokertd``): they are loaded and published here too.
        """
        with self._cache_lock:
            self._subscribers.append(callback)
            if not self._listening:
                self._listening = True
                self._unlisten = self.store.listen(self._on_remote_append)

        def unsubscribe() -> None:
            with self._cache_lock:
                if callback in self._subscribers:
                    self._subscribers.remove(callback)

        return unsubscribe

    def observe(self, observer: Observer) -> Callable[[], None]:
        """Tell ``observer`` of every command and append from now on; returns a function
        that stops it (the web's metrics, :mod:`pokertd.web.metrics`)."""
        with self._cache_lock:
            self._observers.append(observer)

        def stop() -> None:
            with self._cache_lock:
                if observer in self._observers:
                    self._observers.remove(observer)

        return stop

    def _observed(self, command: Command, work: Callable[[], T]) -> T:
        """``work()``, reported to the observers as ``command`` with its outcome and time."""
        if not self._observers:
            return work()
        started = time.perf_counter()
        outcome = "error"
        try:
            result = work()
            outcome = "ok"
            return result
        except ConcurrencyConflict:
            outcome = "conflict"
            raise
        except (RuleViolation, InvalidCommand, PermissionDenied):
            outcome = "refused"
            raise
        finally:
            name = type(command).__name__
            self._tell("command", name, outcome, time.perf_counter() - started)

    def _tell(self, what: str, *args: object) -> None:
        for observer in list(self._observers):
            try:
                getattr(observer, what)(*args)
            except Exception:
                log.exception("observer %r failed on %s", observer, what)

    def _publish(self, tournament_id: str, records: list[EventRecord]) -> None:
        for callback in list(self._subscribers):
            try:
                callback(tournament_id, records)
            except Exception:
                # The append is durable already; a broken display must not fail the command.
                log.exception("subscriber %r failed on %s", callback, tournament_id)

    def _on_remote_append(self, tournament_id: str, last_seq: int) -> None:
        """Another process appended to ``tournament_id``: load it and publish."""
        if tournament_id == RESYNC:  # notifications may have been lost: refresh all we hold
            with self._cache_lock:
                held = [(tid, c) for tid, c in self._cache.items() if c.state.seq > 0]
            for tid, held_cached in held:
                with held_cached.lock:
                    fresh = self._refresh(tid, held_cached)
                    if fresh:
                        self._publish(tid, fresh)
            return
        cached = self._cached(tournament_id)
        with cached.lock:
            if cached.state.seq >= last_seq:
                return
            if cached.state.seq == 0:
                self._refresh(tournament_id, cached)
                tail = self.store.load(tournament_id, after_seq=max(0, last_seq - 100))
                fresh = [r for r in tail if r.batch == tail[-1].batch] if tail else []
            else:
                fresh = self._refresh(tournament_id, cached)
            if fresh:
                self._publish(tournament_id, fresh)

    # ----------------------------------------------------------------------------------

    def close(self) -> None:
        """Stop listening and close the store."""
        if self._unlisten is not None:
            self._unlisten()
            self._unlisten = None
        self.store.close()

    def __enter__(self) -> TournamentService:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@dataclass(frozen=True, slots=True)
class BackupReport:
    """What :meth:`TournamentService.backup` did, or what to run (PostgreSQL)."""

    backend: str
    """``sqlite`` or ``postgresql``."""
    target: str
    """The backup file."""
    written: bool
    """Whether pokertd wrote it (SQLite) or only says how (PostgreSQL)."""
    tournaments: int = 0
    """Tournaments in the checked backup (SQLite)."""
    events: int = 0
    """Events in the checked backup (SQLite)."""
    bytes: int = 0
    """The backup file's size (SQLite)."""
    command: str = ""
    """The command that makes the backup (PostgreSQL: ``pg_dump``)."""
    restore: str = ""
    """The command that puts it back (with ``pokertd serve`` stopped)."""


def player_rows(records: Sequence[EventRecord]) -> list[SeenPlayer]:
    """The people ``records`` add to the store's player database: each ``PlayerAdded``
    naming a player-database id (a registration, an imported log, a Day 2's carried
    players), added by the event's actor at the event's time (issue 14). The store runs it
    inside the append's transaction, so the log and the player database never disagree."""
    out: list[SeenPlayer] = []
    for record in records:
        ev = record.event
        if isinstance(ev, PlayerAdded) and ev.db_id:
            out.append(
                SeenPlayer(
                    NewPlayer(ev.db_id, ev.name, ev.member),
                    record.actor,
                    record.recorded_at.isoformat(),
                )
            )
    return out


def _name_of(tournament_id: str, rows: Sequence[StoredRow]) -> str:
    """The tournament's display name, as the stores index it (the first event's ``name``)."""
    return first_name(tournament_id, [(r.type, r.version, r.data) for r in rows[:1]])


def _replayed(tournament_id: str, rows: Sequence[StoredRow]) -> list[EventRecord]:
    """The records of imported ``rows``, decoded and folded from scratch as a check.

    Refuses (``InvalidCommand``, naming the event) a log that does not decode, does not
    fold, or does not begin with the tournament's creation. Any error of the fold counts:
    the rows come from a file, and a half-folded log must never reach the store.
    """
    try:
        records = decode_rows(
            tournament_id,
            (
                (r.seq, r.batch, r.recorded_at, r.actor, r.type, r.version, r.data, r.command)
                for r in rows
            ),
        )
    except PokertdError as exc:
        raise InvalidCommand(
            template=N_("The file cannot be imported: %(reason)s. Nothing was imported."),
            params={"reason": str(exc).rstrip(".")},
        ) from None
    if _fold_error(tournament_id, records) is not None:
        seq, error = _first_failing_batch(tournament_id, records)
        log.info("an imported log of %s does not replay at %d: %r", tournament_id, seq, error)
        raise InvalidCommand(
            template=N_(
                "The file's log does not replay: event %(seq)s (line %(line)s) cannot be "
                "applied (%(error_type)s: %(error)s). Nothing was imported."
            ),
            params={
                "seq": seq,
                "line": seq + 1,
                "error_type": type(error).__name__,
                "error": error,
            },
            context={"line": seq + 1},
        )
    if not fold(tournament_id, records[:1]).part(Setup).created:
        raise InvalidCommand(
            template=N_(
                "The file's log does not begin with the tournament's creation. Nothing was "
                "imported."
            )
        )
    return records


def _fold_error(tournament_id: str, records: Sequence[EventRecord]) -> Exception | None:
    """The error folding ``records`` raises (``None``: it folds). Any error counts: the
    records come from a file, not from this code's own deciders."""
    try:
        fold(tournament_id, records)
    except Exception as exc:
        return exc
    return None


def _first_failing_batch(
    tournament_id: str, records: Sequence[EventRecord]
) -> tuple[int, Exception]:
    """``(first seq, error)`` of the first batch whose log prefix no longer folds (a binary
    search over the batches: only a refused import pays for it)."""
    count = len(records)
    ends = [i for i in range(1, count + 1) if i == count or records[i].seq == records[i].batch]
    low, high = 0, len(ends) - 1  # the prefix up to ends[high] fails
    error = _fold_error(tournament_id, records)
    while low < high:
        mid = (low + high) // 2
        found = _fold_error(tournament_id, records[: ends[mid]])
        if found is None:
            low = mid + 1
        else:
            high, error = mid, found
    start = ends[low - 1] if low else 0
    assert error is not None, "the whole log fails to fold"
    return records[start].seq, error


def open_service(url: str, *, pool_size: int | None = None) -> TournamentService:
    """A service on the store at ``url`` (see :func:`pokertd.store.open_store`);
    ``pool_size`` caps its PostgreSQL connections (ignored for SQLite)."""
    return TournamentService(open_store(url, pool_size=pool_size))


__all__ = [
    "DEFAULT_RETRIES",
    "HEAVY_SECONDS",
    "ID_ALPHABET",
    "SNAPSHOT_EVERY",
    "BackupReport",
    "Observer",
    "Subscriber",
    "TournamentService",
    "check_tournament_id",
    "new_tournament_id",
    "open_service",
    "player_rows",
    "utc_now",
]
