"""Across events of a series: satellites, the series itself, flights into Day 2 (issue 14).

A satellite's terms and its seats name another tournament, which the tournament core of
one event never sees; this service does, through the :class:`TournamentService`:

* :meth:`SeriesService.set_satellite` refuses a target that is unknown, finished, or the
  satellite itself, and a seat value that is not positive, then records the terms
  (:class:`~pokertd.tournament.satellites.SetSatellite`).
* :meth:`SeriesService.pay_seat` pays a winner: a seat registers him in the target event
  (the ordinary ``Register`` there, so the target's own rules apply: registration open,
  seats, one live event), then the satellite records the award with his player id there
  (:class:`~pokertd.tournament.satellites.PaySeat`); cash alone is recorded directly.
  When the satellite refuses after the registration, the registration is undone, so a
  refused call changes nothing.

A series (festival) groups tournaments (the side tables of :mod:`pokertd.store.series`):
:meth:`SeriesService.create_series`, :meth:`~SeriesService.add_event` /
:meth:`~SeriesService.remove_event`, :meth:`~SeriesService.lobby` (every event: name,
state, entries, players left, level, pool) and :meth:`~SeriesService.cash_report` (the
money of every event, integer cents, with totals that add up; the faces write it as CSV
with :func:`pokertd.sheets.cash_csv`).

An event played in flights (:meth:`~SeriesService.add_flighted`: whether a player may
re-enter another flight) has its flights added with a label (``Day 1A``); once every
flight is bagged (``EndDay``), :meth:`~SeriesService.day2` checks everything first (the
flights belong to this event, each is bagged and not carried yet, nobody alive in two
flights unless re-entry is allowed: :func:`~pokertd.tournament.days.carry_flights`), then
creates Day 2 from the first flight's template and rules, carries the stacks and the
flights' prize pool into it (:class:`~pokertd.tournament.days.CarryFlights`) and closes
each flight (:class:`~pokertd.tournament.days.CloseFlight`). ``pokertd day start`` then
redraws Day 2 (C1).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from datetime import datetime
from functools import partial
from typing import Any, TypeVar

from pokertd.app.tournaments import TournamentService, utc_now
from pokertd.errors import InvalidCommand, NotFound, PokertdError, RuleViolation
from pokertd.i18n import N_, Phrase
from pokertd.roles import Role
from pokertd.store.series import FlightedRow, SeriesEventRow, SeriesRow, SeriesStore
from pokertd.tournament.cancellation import cancelled
from pokertd.tournament.days import (
    CarriedField,
    CarryFlights,
    CloseFlight,
    Days,
    FlightPool,
    FlightStack,
    carry_flights,
)
from pokertd.tournament.entries import (
    CreateTournament,
    EntryStatus,
    PurchaseKind,
    Register,
    Roster,
    Setup,
    find_player,
)
from pokertd.tournament.framework import TournamentState, Undo
from pokertd.tournament.limits import CENTS_MAX
from pokertd.tournament.prizes import PrizeBook
from pokertd.tournament.prizes.pool import pool
from pokertd.tournament.satellites import (
    LeftoverRule,
    PaySeat,
    Satellite,
    SatelliteView,
    SetSatellite,
    check_seat_value,
    satellite_view,
    winner_of,
)
from pokertd.tournament.views import StatusView, status

T = TypeVar("T")
"""What a lobby reader makes of each event besides its row (:meth:`SeriesService.lobby_with`)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatPayment:
    """What :meth:`SeriesService.pay_seat` did: the award and, for a seat, where it sits."""

    name: str
    place: int
    seat: bool
    cash_cents: int
    target_event: str
    target_player: str

    def as_json(self) -> dict[str, Any]:
        """The payment as ``--json`` prints it."""
        return {
            "name": self.name,
            "place": self.place,
            "seat": self.seat,
            "cash_cents": self.cash_cents,
            "target_event": self.target_event,
            "target_player": self.target_player,
        }


class SeriesService:
    """Satellites and their target events, over one :class:`TournamentService`."""

    def __init__(self, tournaments: TournamentService) -> None:
        self.tournaments = tournaments

    def _open_target(self, satellite: str, target: str) -> str:
        """The target's name, refused when it is unknown, finished or the satellite."""
        target = target.strip()
        if not target:
            raise InvalidCommand(template=N_("Name the target event of the satellite."))
        if target == satellite:
            raise InvalidCommand(template=N_("A satellite cannot award seats in itself."))
        if not self.tournaments.exists(target):
            raise NotFound(
                template=N_("There is no event %(target)s to award seats in."),
                params={"target": repr(target)},
            )
        state = self.tournaments.state(target)
        if status(state, utc_now()).finished:
            raise RuleViolation(
                template=N_("%(name)s (%(target)s) is finished: it cannot take seats."),
                params={"name": state.part(Setup).name, "target": target},
            )
        return state.part(Setup).name

    def set_satellite(
        self,
        satellite: str,
        target: str,
        seat_value_cents: int,
        *,
        leftover: LeftoverRule | str = LeftoverRule.NEXT_PLACE,
        actor: str = "system",
        role: Role | str = Role.DIRECTOR,
    ) -> SatelliteView:
        """Make ``satellite`` award seats in ``target`` worth ``seat_value_cents`` each."""
        check_seat_value(seat_value_cents)
        if seat_value_cents > CENTS_MAX:
            raise InvalidCommand(template=N_("That seat value is too large."))
        try:
            rule = LeftoverRule(leftover)
        except ValueError:
            raise InvalidCommand(
                template=N_("Leftover %(leftover)s: write next_place or split."),
                params={"leftover": repr(leftover)},
            ) from None
        if not self.tournaments.exists(satellite):
            raise NotFound(
                template=N_("There is no event %(satellite)s."),
                params={"satellite": repr(satellite)},
            )
        name = self._open_target(satellite, target)
        self.tournaments.run(
            satellite,
            SetSatellite(
                target_event=target.strip(),
                target_name=name,
                seat_value_cents=seat_value_cents,
                leftover=rule,
            ),
            actor=actor,
            role=role,
        )
        return self.view(satellite)

    def view(self, satellite: str) -> SatelliteView:
        """The satellite's terms, seats and cash by place, and what was paid."""
        return self.tournaments.read(satellite, satellite_view)

    def pay_seat(
        self,
        satellite: str,
        player: str,
        *,
        actor: str = "system",
        role: Role | str = Role.DIRECTOR,
    ) -> SeatPayment:
        """Pay ``player``'s award; a seat registers him in the target event first."""
        state = self.tournaments.state(satellite)
        won = winner_of(state, player)  # refuses a player who won nothing, or was paid
        part = state.part(Satellite)
        target_player = ""
        undo_batch: int | None = None
        if won.award.seat:
            self._open_target(satellite, part.target_event)
            who = state.part(Roster).players[state.part(Roster).entries[won.entry_id].player_id]
            records = self.tournaments.run(
                part.target_event,
                Register(
                    name=who.name,
                    member=who.member,
                    age_ok=who.age_ok,
                    member_ok=bool(who.member),
                ),
                actor=actor,
                role=role,
            )
            undo_batch = records[0].seq if records else None
            target_state = self.tournaments.state(part.target_event)
            target_player = find_player(target_state, who.name).player_id
        try:
            self.tournaments.run(
                satellite,
                PaySeat(player=won.entry_id, target_player=target_player),
                actor=actor,
                role=role,
            )
        except PokertdError:
            if undo_batch is not None:
                self.tournaments.run(
                    part.target_event, Undo(batch=undo_batch), actor=actor, role=role
                )
            raise
        return SeatPayment(
            name=won.name,
            place=won.place,
            seat=won.award.seat,
            cash_cents=won.award.cash,
            target_event=part.target_event if won.award.seat else "",
            target_player=target_player,
        )

    # ---- series (festivals) ------------------------------------------------------------------

    def _store(self) -> SeriesStore:
        """The store's series tables (every SQLite and PostgreSQL store has them)."""
        store = self.tournaments.store
        if not isinstance(store, SeriesStore):
            raise InvalidCommand(template=N_("This event store cannot keep series."))
        return store

    def _series(self, key: str) -> SeriesRow:
        found = self._store().series(_key(key, N_("series")))
        if found is None:
            raise NotFound(
                template=N_("There is no series %(key)s."), params={"key": repr(key.strip())}
            )
        return found

    def all_series(self) -> list[SeriesRow]:
        """Every series (none when the store keeps no series)."""
        store = self.tournaments.store
        return store.series_list() if isinstance(store, SeriesStore) else []

    def flighted_events(self, series: str) -> list[FlightedRow]:
        """The flighted events of ``series`` (none when the store keeps no series)."""
        store = self.tournaments.store
        return store.flighted_events(series) if isinstance(store, SeriesStore) else []

    def series_of(self, tournament: str) -> SeriesEventRow | None:
        """The series ``tournament`` belongs to, with its role there, or ``None``."""
        store = self.tournaments.store
        return store.series_of(tournament) if isinstance(store, SeriesStore) else None

    def create_series(self, key: str, name: str) -> SeriesRow:
        """Create a series (festival) called ``name`` with the short id ``key``."""
        row = SeriesRow(_key(key, N_("series")), _name(name, N_("series")), utc_now().timestamp())
        self._store().add_series(row)
        return row

    def add_flighted(self, series: str, key: str, name: str, *, reentry: bool) -> FlightedRow:
        """Declare an event of ``series`` played in flights; ``reentry``: a player may enter
        more than one flight (then only his best stack goes to Day 2)."""
        row = FlightedRow(
            self._series(series).key,
            _key(key, N_("event")),
            _name(name, N_("event")),
            reentry,
            "",
            utc_now().timestamp(),
        )
        self._store().add_flighted(row)
        return row

    def add_event(
        self, series: str, tournament: str, *, flight_of: str = "", label: str = ""
    ) -> SeriesEventRow:
        """Put a tournament in a series: an event, or (``flight_of``) a flight labelled
        ``label`` (default ``Day 1A``, ``Day 1B``... in the order they are added)."""
        key = self._series(series).key
        tid = tournament.strip()
        if not self.tournaments.exists(tid):
            raise NotFound(
                template=N_("There is no tournament %(tid)s."), params={"tid": repr(tid)}
            )
        store = self._store()
        if not flight_of.strip():
            if label.strip():
                raise InvalidCommand(template=N_("Only a flight has a label: name its event too."))
            row = SeriesEventRow(key, tid, "event", "", "", utc_now().timestamp())
            store.add_series_event(row)
            return row
        event = _key(flight_of, N_("event"))
        if store.flighted(key, event) is None:
            raise NotFound(
                template=N_("Series %(key)s has no flighted event %(event)s."),
                params={"key": repr(key), "event": repr(event)},
            )
        if not label.strip():
            n = sum(1 for r in store.series_events(key) if r.event == event and r.role == "flight")
            label = f"Day 1{chr(ord('A') + n)}" if n < 26 else f"Flight {n + 1}"
        row = SeriesEventRow(
            key, tid, "flight", event, _name(label, N_("flight"), 40), utc_now().timestamp()
        )
        store.add_series_event(row)
        return row

    def remove_event(self, series: str, tournament: str) -> SeriesEventRow:
        """Take a tournament out of a series (a flight carried to Day 2 and a Day 2 stay)."""
        return self._store().remove_series_event(self._series(series).key, tournament.strip())

    def lobby(self, series: str) -> SeriesLobby:
        """Every event of the series as the lobby shows it, in the order they were added."""
        return self.lobby_with(series, _no_board)[0]

    def lobby_with(
        self,
        series: str,
        board: Callable[[TournamentState, StatusView, datetime], T],
        *,
        now: datetime | None = None,
        status_of: Callable[[TournamentState, datetime], StatusView] = status,
    ) -> tuple[SeriesLobby, tuple[T, ...]]:
        """The lobby (:meth:`lobby`) and ``board(state, status, now)`` of each of its events,
        both from ONE read of each event (the web's lobby board, issue 16).

        One read per event: the service refreshes the state from the store (another
        process's appends included) and holds the event's lock while the row and the board
        are made, so they are of the same log position; the status (the costly part: pool,
        payouts, places) is computed once for both, by ``status_of`` (a face may keep it
        by log position and second). ``now``: the reader's clock (default the wall clock).
        """
        row = self._series(series)
        at = utc_now() if now is None else now
        lines: list[LobbyRow] = []
        boards: list[T] = []
        for ev in self._store().series_events(row.key):
            try:
                line, made = self.tournaments.read(
                    ev.tournament,
                    partial(_lobby_read, row=ev, now=at, board=board, status_of=status_of),
                )
            except NotFound:
                continue  # a tournament deleted from the store since
            lines.append(line)
            boards.append(made)
        return SeriesLobby(id=row.key, name=row.name, rows=tuple(lines)), tuple(boards)

    def cash_report(self, series: str) -> SeriesCash:
        """The money of every event of the series and the totals (integer cents)."""
        row = self._series(series)
        lines = [
            self.tournaments.read(ev.tournament, partial(_cash_row, row=ev))
            for ev in self._store().series_events(row.key)
            if self.tournaments.exists(ev.tournament)
        ]
        return SeriesCash(id=row.key, name=row.name, rows=tuple(lines), total=_total(lines))

    # ---- flights into Day 2 --------------------------------------------------------------

    def day2(
        self,
        series: str,
        event: str,
        *,
        flights: Sequence[str] = (),
        name: str = "",
        tournament_id: str | None = None,
        actor: str = "system",
        role: Role | str = Role.DIRECTOR,
    ) -> Day2Formed:
        """Form Day 2 of flighted ``event`` from its flights (default: every flight added);
        every check comes first, so a refusal changes nothing."""
        store = self._store()
        key = self._series(series).key
        ev, chosen, stacks, pools, first, field = self._plan_day2(key, event, flights)
        setup = first.part(Setup)
        title = _name(name or f"{ev.name} Day 2", N_("Day 2"))
        tid = self.tournaments.create(
            CreateTournament(
                name=title, template=setup.tmpl, profile=setup.profile, currency=setup.currency
            ),
            tournament_id=tournament_id,
            actor=actor,
            role=role,
        )
        command = CarryFlights(
            flights=tuple((p.flight, p.label, p.entries, p.prize_cents) for p in pools),
            stacks=tuple((s.flight, s.name, s.card, s.db_id, s.chips, s.bag) for s in stacks),
            reentry_allowed=ev.reentry,
        )
        self.tournaments.run(tid, command, actor=actor, role=role)
        store.set_day2(SeriesEventRow(key, tid, "day2", ev.key, "Day 2", utc_now().timestamp()))
        for r in chosen:
            self.tournaments.run(
                r.tournament, CloseFlight(day2=tid, day2_name=title), actor=actor, role=role
            )
        return Day2Formed(
            tournament=tid,
            name=title,
            flights=tuple(r.tournament for r in chosen),
            players=len(field.stacks),
            chips=field.chips,
            surrendered=len(field.surrendered),
            entries=field.entries,
            carried_pool_cents=field.pool_cents,
            stacks=tuple((s.name, s.label, s.chips) for s in field.stacks),
        )

    def _plan_day2(
        self, key: str, event: str, flights: Sequence[str]
    ) -> tuple[
        FlightedRow,
        list[SeriesEventRow],
        list[FlightStack],
        list[FlightPool],
        TournamentState,
        CarriedField,
    ]:
        """Every check of :meth:`day2` (the first refusal raised) and what it would carry."""
        store = self._store()
        ev = store.flighted(key, _key(event, N_("event")))
        if ev is None:
            raise NotFound(
                template=N_("Series %(key)s has no flighted event %(event)s."),
                params={"key": repr(key), "event": repr(event.strip())},
            )
        if ev.day2:
            raise RuleViolation(
                template=N_("Day 2 of %(name)s is formed already (%(day2)s)."),
                params={"name": ev.name, "day2": ev.day2},
            )
        rows = {r.tournament: r for r in store.series_events(key)}
        if flights:
            chosen = []
            for tid in dict.fromkeys(f.strip() for f in flights):
                r = rows.get(tid)
                if r is None or r.role != "flight":
                    raise RuleViolation(
                        template=N_("%(tid)s is not a flight in series %(key)s."),
                        params={"tid": tid, "key": repr(key)},
                    )
                if r.event != ev.key:
                    raise RuleViolation(
                        template=N_(
                            "%(label)s (%(tid)s) is a flight of another event (%(event)s), not of "
                            "%(name)s: Day 2 takes its own event's flights only."
                        ),
                        params={
                            "label": r.label,
                            "tid": tid,
                            "event": repr(r.event),
                            "name": ev.name,
                        },
                    )
                chosen.append(r)
        else:
            chosen = [r for r in rows.values() if r.role == "flight" and r.event == ev.key]
        if not chosen:
            raise InvalidCommand(
                template=N_("%(name)s has no flights: add them to the series first."),
                params={"name": ev.name},
            )
        stacks: list[FlightStack] = []
        pools: list[FlightPool] = []
        first: TournamentState | None = None
        for r in chosen:
            state = self.tournaments.state(r.tournament)
            first = first or state
            got_stacks, got_pool = _flight_bags(state, r)
            stacks.extend(got_stacks)
            pools.append(got_pool)
        field = carry_flights(stacks, pools, reentry_allowed=ev.reentry)  # refusals first
        assert first is not None
        return ev, chosen, stacks, pools, first, field

    def day2_preview(self, series: str, event: str, *, flights: Sequence[str] = ()) -> Day2Preview:
        """What :meth:`day2` would do now, without doing it: who carries, with what stack,
        the pool, or the first refusal as a sentence (``refusal``). Changes nothing."""
        key = self._series(series).key
        ev = self._store().flighted(key, _key(event, N_("event")))
        if ev is None:
            raise NotFound(
                template=N_("Series %(key)s has no flighted event %(event)s."),
                params={"key": repr(key), "event": repr(event.strip())},
            )
        try:
            _, chosen, _, pools, _, field = self._plan_day2(key, event, flights)
        except PokertdError as exc:
            return Day2Preview(event=ev.key, name=ev.name, day2=ev.day2, refusal=str(exc))
        return Day2Preview(
            event=ev.key,
            name=ev.name,
            day2=ev.day2,
            refusal="",
            flights=tuple(r.tournament for r in chosen),
            entries=field.entries,
            chips=field.chips,
            surrendered=len(field.surrendered),
            carried_pool_cents=field.pool_cents,
            pools=tuple((p.flight, p.label, p.entries, p.prize_cents) for p in pools),
            stacks=tuple((s.name, s.label, s.chips) for s in field.stacks),
        )


# ---- values and pure helpers ------------------------------------------------------------

_KEY = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")


def _key(text: str, what: str) -> str:
    """A short id: 1-40 lower-case letters, digits, ``-`` or ``_``."""
    key = text.strip().lower()
    if not _KEY.fullmatch(key):
        raise InvalidCommand(
            template=N_("%(text)s cannot be a %(what)s id: use up to 40 letters, digits, - or _."),
            params={"text": repr(text.strip()[:40]), "what": Phrase(what)},
        )
    return key


def _name(text: str, what: str, most: int = 120) -> str:
    """A name a person reads: 1 to ``most`` printable characters."""
    name = " ".join(text.split())
    if not name:
        raise InvalidCommand(
            template=N_("Give the %(what)s a name."), params={"what": Phrase(what)}
        )
    if len(name) > most or not name.isprintable():
        raise InvalidCommand(
            template=N_("A %(what)s's name is at most %(most)s printable characters."),
            params={"what": Phrase(what), "most": most},
        )
    return name


def _flight_bags(
    state: TournamentState, row: SeriesEventRow
) -> tuple[list[FlightStack], FlightPool]:
    """A flight's bags still alive and its pool, refused when it is not bagged or carried."""
    days = state.part(Days)
    label = f"{row.label} ({row.tournament})"
    if days.carried_to:
        raise RuleViolation(
            template=N_("%(label)s went to Day 2 already (%(carried_to)s)."),
            params={"label": label, "carried_to": days.carried_to},
        )
    end = days.last_end()
    if not days.bagged or end is None:
        raise RuleViolation(
            template=N_("%(label)s has not ended: bag its survivors (day end) first."),
            params={"label": label},
        )
    roster = state.part(Roster)
    stacks = []
    for b in end.bags:
        entry = roster.entries[b.entry_id]
        if entry.status is not EntryStatus.ALIVE:
            continue
        who = roster.players[entry.player_id]
        stacks.append(
            FlightStack(
                flight=row.tournament,
                label=row.label,
                name=who.name,
                card=who.member,
                db_id=who.db_id,
                chips=b.chips,
                bag=b.bag,
            )
        )
    prize = sum(p.fees.prize_pool for p in roster.purchases) + state.part(Setup).tmpl.added_money
    return stacks, FlightPool(
        flight=row.tournament, label=row.label, entries=roster.entry_count, prize_cents=prize
    )


def _no_board(state: TournamentState, st: StatusView, now: datetime) -> None:
    """No board: :meth:`SeriesService.lobby` wants the rows only."""


def _lobby_read(
    state: TournamentState,
    *,
    row: SeriesEventRow,
    now: datetime,
    board: Callable[[TournamentState, StatusView, datetime], T],
    status_of: Callable[[TournamentState, datetime], StatusView],
) -> tuple[LobbyRow, T]:
    """One event's lobby row and board, under its lock (the status computed once)."""
    st = status_of(state, now)
    return _lobby_row(state, row=row, now=now, st=st), board(state, st, now)


def _lobby_row(
    state: TournamentState, *, row: SeriesEventRow, now: datetime, st: StatusView | None = None
) -> LobbyRow:
    st = status(state, now) if st is None else st
    days = state.part(Days)
    if st.cancelled:
        how = "cancelled"  # issue 26 (SPOT-6.22): management cancelled it, refunds paid
    elif days.carried_to:
        how = "carried to Day 2"
    elif st.finished:
        how = "finished"
    elif days.flights and not days.started_at:
        how = "Day 2 formed"
    elif days.bagged:
        how = f"Day {days.day} bagged"
    elif days.day > 1:
        how = f"Day {days.day} in play"
    elif st.level is None:
        how = "registering"
    else:
        how = "running"
    return LobbyRow(
        tournament=row.tournament,
        name=st.name,
        role=row.role,
        event=row.event,
        label=row.label,
        state=how,
        entries=st.entries,
        players_left=0 if days.carried_to or st.cancelled else st.alive,
        level=st.level,
        pool_cents=0 if days.carried_to or st.cancelled else st.prize_pool_cents,
    )


def _cash_row(state: TournamentState, *, row: SeriesEventRow) -> CashRow:
    roster = state.part(Roster)
    setup = state.part(Setup)
    book = state.part(PrizeBook)
    n = {"entries": 0, "rebuys": 0, "addons": 0}
    parts = {"prize": 0, "house": 0, "entry_fee": 0, "bounty": 0, "rebuy": 0, "addon": 0}
    for p in roster.purchases:
        if p.kind is PurchaseKind.REBUY:
            n["rebuys"] += 1
            parts["rebuy"] += p.fees.total
        elif p.kind is PurchaseKind.ADDON:
            n["addons"] += 1
            parts["addon"] += p.fees.total
        else:
            n["entries"] += 1
            parts["prize"] += p.fees.prize_pool
            parts["house"] += p.fees.house_fee
            parts["entry_fee"] += p.fees.entry_fee
            parts["bounty"] += p.fees.bounty
    carried_out = state.part(Days).carried_to != ""
    made = pool(state)
    own_prize = sum(p.fees.prize_pool for p in roster.purchases) + setup.tmpl.added_money
    paid = sum(p.amount for p in book.paid.values())
    gone = cancelled(state)
    refunds = sum(line.refunded.total for line in gone.refunds) if gone is not None else 0
    # a cancelled event owes no prize any more: its money went back as refunds (issue 26)
    net = 0 if carried_out else paid if gone is not None else made.net
    return CashRow(
        tournament=row.tournament,
        name=setup.name,
        role=row.role,
        label=row.label,
        entries=n["entries"],
        buyin_prize_cents=parts["prize"],
        buyin_house_cents=parts["house"],
        buyin_entry_fee_cents=parts["entry_fee"],
        buyin_bounty_cents=parts["bounty"],
        rebuys=n["rebuys"],
        rebuy_cents=parts["rebuy"],
        addons=n["addons"],
        addon_cents=parts["addon"],
        collected_cents=sum(p.fees.total for p in roster.purchases),
        added_money_cents=setup.tmpl.added_money,
        carried_in_cents=book.carried_pool,
        carried_out_cents=own_prize if carried_out else 0,
        withheld_cents=0 if carried_out else made.withheld,
        overlay_cents=0 if carried_out else made.overlay,
        net_pool_cents=net,
        prizes_paid_cents=paid,
        tax_withheld_cents=sum(p.withheld for p in book.paid.values()),
        owed_cents=net - paid,
        refunds_cents=refunds,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class LobbyRow:
    """One event of a series as the lobby shows it."""

    tournament: str
    name: str
    role: str
    """``event``, ``flight`` or ``day2``."""
    event: str
    label: str
    state: str
    """registering, running, Day N bagged, carried to Day 2, finished."""
    entries: int
    players_left: int
    level: int | None
    pool_cents: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SeriesLobby:
    """A series and its events (``events``: their tournament ids, in order)."""

    id: str
    name: str
    rows: tuple[LobbyRow, ...]

    @property
    def events(self) -> tuple[str, ...]:
        """The tournament ids, in the order they were added."""
        return tuple(r.tournament for r in self.rows)

    def as_json(self) -> dict[str, Any]:
        """The lobby as ``--json`` prints it."""
        return {
            "series": self.id,
            "name": self.name,
            "events": [{f.name: getattr(r, f.name) for f in fields(r)} for r in self.rows],
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class CashRow:
    """One event's money (integer cents). ``collected`` = the buy-in parts + rebuys +
    add-ons; a cancelled event (issue 26) paid ``refunds`` back and owes nothing; a flight
    carried to Day 2 has its prize money in ``carried_out`` (and no pool
    of its own), which its Day 2 has in ``carried_in``; ``owed`` = net pool - prizes paid."""

    tournament: str
    name: str
    role: str
    label: str
    entries: int
    buyin_prize_cents: int
    buyin_house_cents: int
    buyin_entry_fee_cents: int
    buyin_bounty_cents: int
    rebuys: int
    rebuy_cents: int
    addons: int
    addon_cents: int
    collected_cents: int
    added_money_cents: int
    carried_in_cents: int
    carried_out_cents: int
    withheld_cents: int
    overlay_cents: int
    net_pool_cents: int
    prizes_paid_cents: int
    tax_withheld_cents: int
    owed_cents: int
    refunds_cents: int = 0
    """Refunded because the event was cancelled (issue 26, SPOT-6.22): with the prizes
    paid, what the event took (``collected``)."""


_SUMMED = (
    "entries",
    "rebuys",
    "addons",
    *(f.name for f in fields(CashRow) if f.name.endswith("_cents")),
)


def _total(rows: Sequence[CashRow]) -> dict[str, int]:
    return {k: sum(int(getattr(r, k)) for r in rows) for k in _SUMMED}


@dataclass(frozen=True, slots=True, kw_only=True)
class SeriesCash:
    """The cash report of a series: one row per event and the totals of every column."""

    id: str
    name: str
    rows: tuple[CashRow, ...]
    total: dict[str, int]

    @property
    def columns(self) -> tuple[str, ...]:
        """Every column of a row (:class:`CashRow`'s fields), in order; the faces write the
        CSV (:func:`pokertd.sheets.cash_csv`)."""
        return tuple(f.name for f in fields(CashRow))

    def as_json(self) -> dict[str, Any]:
        """The report as ``--json`` prints it."""
        return {
            "series": self.id,
            "name": self.name,
            "events": [{f.name: getattr(r, f.name) for f in fields(r)} for r in self.rows],
            "total": dict(self.total),
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Day2Formed:
    """What :meth:`SeriesService.day2` did."""

    tournament: str
    name: str
    flights: tuple[str, ...]
    players: int
    chips: int
    surrendered: int
    entries: int
    carried_pool_cents: int
    stacks: tuple[tuple[str, str, int], ...]
    """``(name, flight label, chips)``, biggest first."""

    def as_json(self) -> dict[str, Any]:
        """The result as ``--json`` prints it."""
        return {
            "tournament": self.tournament,
            "name": self.name,
            "flights": list(self.flights),
            "players": self.players,
            "chips": self.chips,
            "surrendered": self.surrendered,
            "entries": self.entries,
            "carried_pool_cents": self.carried_pool_cents,
            "stacks": [{"name": n, "flight": f, "chips": c} for n, f, c in self.stacks],
        }


@dataclass(frozen=True, slots=True, kw_only=True)
class Day2Preview:
    """What :meth:`SeriesService.day2_preview` found: Day 2 as it would be formed now, or
    the sentence that refuses it (``refusal``; then the figures are empty)."""

    event: str
    name: str
    day2: str
    """The Day 2 tournament when it is formed already (then ``refusal`` says so)."""
    refusal: str
    flights: tuple[str, ...] = ()
    entries: int = 0
    chips: int = 0
    surrendered: int = 0
    carried_pool_cents: int = 0
    pools: tuple[tuple[str, str, int, int], ...] = ()
    """``(flight, label, entries, prize cents)`` per flight."""
    stacks: tuple[tuple[str, str, int], ...] = ()
    """``(name, flight label, chips)``, biggest first."""

    def as_json(self) -> dict[str, Any]:
        """The preview as the web and ``--json`` show it."""
        return {
            "event": self.event,
            "name": self.name,
            "day2": self.day2,
            "ready": not self.refusal,
            "refusal": self.refusal,
            "flights": [
                {"tournament": t, "label": lab, "entries": n, "prize_cents": c}
                for t, lab, n, c in self.pools
            ],
            "players": len(self.stacks),
            "entries": self.entries,
            "chips": self.chips,
            "surrendered": self.surrendered,
            "carried_pool_cents": self.carried_pool_cents,
            "stacks": [{"name": n, "flight": f, "chips": c} for n, f, c in self.stacks],
        }


__all__ = [
    "CashRow",
    "Day2Formed",
    "Day2Preview",
    "LobbyRow",
    "SeatPayment",
    "SeriesCash",
    "SeriesLobby",
    "SeriesService",
]
