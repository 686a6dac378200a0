"""Leagues over recorded tournaments: seasons, points, standings, qualifiers, championship.

:class:`LeagueService` keeps leagues and seasons in the store's league tables
(:mod:`pokertd.store.leagues`) and reads every result from the tournaments themselves,
through :class:`~pokertd.app.tournaments.TournamentService`: a season's standings are the pure
functions of :mod:`pokertd.league` over what the season's events recorded. Each event's
league result is cached with the log's ``seq`` it was read at and read again only when the
tournament has new events, so a season of 2,000 past events costs one query per table.

A player is the same across events by their player-database id when the registration
recorded one (``Player.db_id``, filled by the service), else by member card, else by name
(compared like :func:`~pokertd.tournament.entries.rules.player_key`): see
:func:`db_card_or_name`. Merged duplicates count as one player: the cached results keep the
id each registration recorded, and every standings read maps a merged duplicate to the
player it was merged into (:func:`fold_aliases`), so undoing a merge splits them again at
once. :meth:`LeagueService.points_by_player` is the player service's points source.

Sign-outs (G5: SPOT-6.13): the floor records that an eliminated player signed out
(:meth:`LeagueService.signout`) or flags a late sign-out (:meth:`LeagueService.flag`);
whether an event needs them is its own profile's ``points_require_immediate_signout``.

Championship (A3: SPOT-6.26 Quarterly): :meth:`LeagueService.qualifiers` shows each
qualifier's stack before the event; adding the championship tournament to its season
registers every qualifier with that stack, so the stacks are recorded in its events.

Every write checks its input and refuses with one sentence (``InvalidCommand``,
``NotFound``, ``RuleViolation``); a refused call changes nothing.

Implements: G5 (SPOT-6.13), A3 (SPOT-6.26: stacks from season points), issue 14 (leagues,
seasons, points formulas, best-N, tie-break, qualification).
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import re
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from pokertd.app.tournaments import TournamentService
from pokertd.errors import InvalidCommand, NotFound, RuleViolation
from pokertd.i18n import N_, Phrase
from pokertd.league.formula import Formula
from pokertd.league.points import (
    EventResult,
    PlayerPoints,
    PlayerResult,
    PointsKind,
    PointsScheme,
    SignOut,
    event_points,
    signout_credit,
)
from pokertd.league.results import (
    DB_PREFIX,
    Identify,
    db_card_or_name,
    fold_aliases,
    read_event_result,
    settled,
)
from pokertd.league.standings import (
    ChampionshipStack,
    Qualification,
    StackRule,
    StandingRow,
    TieBreak,
    championship_stacks,
    qualifiers,
    standings,
)
from pokertd.store.base import gc_paused
from pokertd.store.leagues import (
    REMOVED,
    HistoryRow,
    LeagueRow,
    LeagueStore,
    SeasonChangeRow,
    SeasonEventRow,
    SeasonRow,
    SignOutRow,
)
from pokertd.store.players import PlayerStore
from pokertd.tournament.entries import Player, Register, Roster, Setup, find_player, seat_capacity

KEY = re.compile(r"^[a-z0-9][a-z0-9-]{0,31}$")
"""League and season keys: lower case letters, digits and dashes, up to 32."""
NAME_MAX = 80
"""Longest league or season name."""
RESULT_VERSION = 4
"""Bumped when the cached result's shape changes (older caches are read again)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Season:
    """A season's settings: best N, tie-break, qualification, championship stacks."""

    league: str
    key: str
    name: str
    best_n: int | None = None
    tie_break: TieBreak = TieBreak.BEST_FINISHES
    qualification: Qualification = field(default_factory=lambda: Qualification(top=8))
    stack: StackRule = field(default_factory=StackRule)


@dataclass(frozen=True, slots=True, kw_only=True)
class EventLine:
    """One season event in the standings' header."""

    tournament_id: str
    name: str
    entrants: int
    finished: bool
    championship: bool
    cancelled: bool = False
    """Cancelled by management (issue 26, SPOT-6.22): listed, marked, awarding no points."""
    imported: bool = False
    """A past event imported from another tool's history (points as its file gave them)."""
    date: str = ""
    """An imported event's date (``YYYY-MM-DD``); empty for events played in pokertd."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SeasonChange:
    """An event taken out of a season (``removed``) or put back (``restored``)."""

    league: str
    season: str
    tournament_id: str
    name: str
    action: str
    championship: bool
    by: str
    at: float


@dataclass(frozen=True, slots=True, kw_only=True)
class SeasonStandings:
    """A season's standings and what they were computed from."""

    league: str
    season: str
    scheme: dict[str, object]
    best_n: int | None
    tie_break: str
    events: tuple[EventLine, ...]
    rows: tuple[StandingRow, ...]
    points: tuple[PlayerPoints, ...]
    """Every player's points per event (with sign-out notes)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class QualifierList:
    """The qualifiers and their championship stacks (shown before the event)."""

    league: str
    season: str
    rule: dict[str, object]
    stack_formula: str
    qualifiers: tuple[ChampionshipStack, ...]


def _check_key(what: str, key: str) -> str:
    if not KEY.match(key):
        raise InvalidCommand(
            template=N_(
                "A %(what)s key is 1 to 32 lower-case letters, digits or dashes, not %(key)s."
            ),
            params={"what": Phrase(what), "key": repr(key[:40])},
        )
    return key


def _check_name(what: str, name: str) -> str:
    name = " ".join(name.split())
    if not name:
        raise InvalidCommand(
            template=N_("Give the %(what)s a name."), params={"what": Phrase(what)}
        )
    if len(name) > NAME_MAX:
        raise InvalidCommand(
            template=N_("A %(what)s name is at most %(most)s characters."),
            params={"what": Phrase(what), "most": NAME_MAX},
        )
    return name


def _season_settings(season: Season) -> str:
    q = season.qualification
    return json.dumps(
        {
            "best_n": season.best_n,
            "tie_break": season.tie_break.value,
            "top": q.top,
            "min_points": q.min_points,
            "stack": asdict(season.stack),
        },
        sort_keys=True,
    )


def _season_from(row: SeasonRow) -> Season:
    data = json.loads(row.settings)
    stack = data.get("stack") or {}
    return Season(
        league=row.league,
        key=row.key,
        name=row.name,
        best_n=data.get("best_n"),
        tie_break=TieBreak(data.get("tie_break", TieBreak.BEST_FINISHES.value)),
        qualification=Qualification(top=data.get("top"), min_points=data.get("min_points")),
        stack=StackRule(**stack),
    )


PLAYER_COLUMNS = tuple(f.name for f in dataclasses.fields(PlayerResult))
"""A cached result keeps its players as rows of these columns (compact, quick to read)."""


def scheme_key(scheme: PointsScheme) -> str:
    """A short fingerprint of a points scheme: cached points are kept per scheme."""
    text = json.dumps(scheme.as_dict(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(slots=True)
class CachedResult:
    """One tournament's league result as cached at log ``seq``: the event's numbers, its
    players as plain rows (:data:`PLAYER_COLUMNS`), and per points scheme each player's
    points before sign-outs (``[place, knockout, attendance, total]`` in row order).

    A season's standings read thousands of these; players become objects only when
    something needs them (a scheme not computed yet, a merge touching the event).
    """

    seq: int
    event: dict[str, Any]
    rows: list[list[Any]]
    points: dict[str, list[list[float]]] = field(default_factory=dict)
    settled: bool = True
    """Only a new event can change it (:func:`settled`); else it is read again each time."""
    _result: EventResult | None = None

    @classmethod
    def of(cls, seq: int, result: EventResult, settled: bool = True) -> CachedResult:
        data = asdict(result)
        rows = [[p[c] for c in PLAYER_COLUMNS] for p in data.pop("players")]
        return cls(seq=seq, event=data, rows=rows, settled=settled, _result=result)

    def result(self) -> EventResult:
        """The :class:`EventResult` (built once)."""
        if self._result is None:
            players = tuple(
                PlayerResult(**dict(zip(PLAYER_COLUMNS, row, strict=True))) for row in self.rows
            )
            self._result = EventResult(**self.event, players=players)
        return self._result

    def dumps(self) -> str:
        data = {"v": RESULT_VERSION, "e": self.event, "p": self.rows, "pts": self.points}
        if not self.settled:
            data["s"] = False
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def loads(cls, seq: int, text: str) -> CachedResult | None:
        """The cached result, or ``None`` when written in an older shape."""
        data = json.loads(text)
        if data.get("v") != RESULT_VERSION:
            return None
        return cls(
            seq=seq,
            event=data["e"],
            rows=data["p"],
            points=data["pts"],
            settled=bool(data.get("s", True)),
        )


class LeagueService:
    """Leagues, seasons, sign-outs and standings over a store and its tournaments."""

    def __init__(
        self,
        store: LeagueStore,
        tournaments: TournamentService,
        *,
        now: Callable[[], float] = time.time,
        identify: Identify = db_card_or_name,
        players: PlayerStore | None = None,
    ) -> None:
        self.store = store
        self.tournaments = tournaments
        self._now = now
        self._identify = identify
        self.players = (
            players if players is not None else (store if isinstance(store, PlayerStore) else None)
        )
        """The player database whose merges make two ids one player (``None``: none)."""
        self._read: dict[str, CachedResult] = {}
        """Tournament -> its league result already decoded by this service."""

    @classmethod
    def over(cls, tournaments: TournamentService) -> LeagueService:
        """The league service on the tournaments' own store (SQLite or PostgreSQL)."""
        store = tournaments.store
        if not isinstance(store, LeagueStore):
            raise InvalidCommand(template=N_("This store keeps no leagues."))  # pragma: no cover
        return cls(store, tournaments)

    # ---- leagues and seasons ------------------------------------------------------------

    def create_league(self, key: str, name: str, scheme: PointsScheme) -> LeagueRow:
        """Create a league with its points scheme (checked first: a bad formula is refused)."""
        _check_key(N_("league"), key)
        name = _check_name(N_("league"), name)
        scheme.check()
        row = LeagueRow(key, name, json.dumps(scheme.as_dict(), sort_keys=True), self._now())
        self.store.add_league(row)
        return row

    def league(self, key: str) -> tuple[LeagueRow, PointsScheme]:
        """The league and its points scheme (``NotFound``)."""
        row = self.store.league(key)
        if row is None:
            raise NotFound(template=N_("There is no league %(key)s."), params={"key": repr(key)})
        return row, PointsScheme.from_dict(json.loads(row.scheme))

    def leagues(self) -> list[LeagueRow]:
        """Every league, by key."""
        return self.store.leagues()

    def seasons(self, league: str) -> list[SeasonRow]:
        """The league's seasons, oldest first."""
        return self.store.seasons(league)

    def season_events(self, league: str, season: str) -> list[SeasonEventRow]:
        """The season's tournaments, in the order they were added."""
        return self.store.season_events(league, season)

    def signouts(self, tournaments: Sequence[str]) -> list[SignOutRow]:
        """Every sign-out record of these tournaments."""
        return self.store.signouts(tournaments)

    def add_season(self, season: Season) -> Season:
        """Create a season of a league (settings checked first)."""
        _check_key(N_("season"), season.key)
        name = _check_name(N_("season"), season.name)
        self.league(season.league)
        if season.best_n is not None and not 1 <= season.best_n <= 1000:
            raise InvalidCommand(template=N_("Best N counts 1 to 1,000 results."))
        season.qualification.check()
        season.stack.check()
        row = SeasonRow(season.league, season.key, name, _season_settings(season), self._now())
        self.store.add_season(row)
        return _season_from(row)

    def season(self, league: str, key: str) -> Season:
        """The season (``NotFound``)."""
        self.league(league)
        row = self.store.season(league, key)
        if row is None:
            raise NotFound(
                template=N_("League %(league)s has no season %(key)s."),
                params={"league": repr(league), "key": repr(key)},
            )
        return _season_from(row)

    # ---- events -------------------------------------------------------------------------

    def add_event(
        self, league: str, season: str, tournament_id: str, *, actor: str = "system"
    ) -> EventLine:
        """Count a recorded tournament toward a season (one season per league at most)."""
        self.season(league, season)
        state = self.tournaments.state(tournament_id)  # NotFound for an unknown id
        self.store.add_season_event(
            SeasonEventRow(league, season, tournament_id, False, self._now())
        )
        return EventLine(
            tournament_id=tournament_id,
            name=state.part(Setup).name or tournament_id,
            entrants=state.part(Roster).entry_count,
            finished=state.part(Setup).finished,
            championship=False,
        )

    def remove_event(
        self, league: str, season: str, tournament_id: str, *, actor: str
    ) -> SeasonChange:
        """Take a tournament out of a season (added by mistake, a night declared void): its
        results stop counting at once, the standings are computed without it, and the
        removal is recorded with who and when. :meth:`restore_event` undoes it. Refused,
        with where it does count, when the tournament is not in that season."""
        self.season(league, season)
        who = _check_name(N_("staff"), actor)
        change = self.store.remove_season_event(
            league, season, tournament_id, by=who, at=self._now()
        )
        return self._change(change)

    def restore_event(
        self, league: str, season: str, tournament_id: str, *, actor: str
    ) -> SeasonChange:
        """Undo a removal: the tournament counts toward the season again as it did before
        (same place in the season's order, championship or not); recorded too."""
        self.season(league, season)
        who = _check_name(N_("staff"), actor)
        change = self.store.restore_season_event(
            league, season, tournament_id, by=who, at=self._now()
        )
        return self._change(change)

    def removed_events(self, league: str, season: str) -> list[SeasonChange]:
        """The tournaments taken out of the season and not put back (newest first): what
        an undo can bring back."""
        last: dict[str, SeasonChangeRow] = {}
        for change in self.store.season_changes(league, season):
            last[change.tournament] = change
        counted = {r.tournament for r in self.store.season_events(league, season)}
        out = [
            self._change(c)
            for c in last.values()
            if c.action == REMOVED and c.tournament not in counted
        ]
        return sorted(out, key=lambda c: c.at, reverse=True)

    def _change(self, row: SeasonChangeRow) -> SeasonChange:
        name = row.tournament
        with contextlib.suppress(NotFound):
            name = self.tournaments.read(row.tournament, lambda s: s.part(Setup).name) or name
        return SeasonChange(
            league=row.league,
            season=row.season,
            tournament_id=row.tournament,
            name=name,
            action=row.action,
            championship=row.championship,
            by=row.by,
            at=row.at,
        )

    def add_championship(
        self, league: str, season: str, tournament_id: str, *, actor: str = "system"
    ) -> QualifierList:
        """Make a new tournament the season's championship and register every qualifier
        with the stack their season points give (A3: SPOT-6.26), recorded in its events.

        Refused before anything is written when the tournament's profile does not take
        per-player stacks, it already has entries, it has too few free seats, it already
        counts toward a season of this league, or nobody qualifies.
        """
        plan = self.qualifiers(league, season)
        state = self.tournaments.state(tournament_id)
        setup, roster = state.part(Setup), state.part(Roster)
        profile = setup.profile
        if not setup.tmpl.takes_stacks_from_points(profile):
            raise RuleViolation(
                template=N_(
                    "%(event)s gives everyone the same stack: create the "
                    "championship from a template with stacks from points (Spotlight: "
                    "spot_quarterly)."
                ),
                params={"event": setup.name or tournament_id},
                rule_ids=profile.cite("A3"),
            )
        if roster.entry_count:
            raise InvalidCommand(
                template=N_(
                    "%(event)s already has entries: add the championship "
                    "before anyone registers, so every stack comes from the season's points."
                ),
                params={"event": setup.name or tournament_id},
            )
        if not plan.qualifiers:
            raise InvalidCommand(
                template=N_("Nobody qualifies from season %(season)s yet."),
                params={"season": repr(season)},
            )
        capacity = seat_capacity(state)
        if capacity.tables and capacity.free < len(plan.qualifiers):
            raise InvalidCommand(
                template=N_(
                    "%(qualifiers)s qualifiers need seats but only %(free)s are free: add "
                    "tables first."
                ),
                params={"qualifiers": len(plan.qualifiers), "free": capacity.free},
            )
        for row in self.store.season_events(league, season):
            if row.championship:
                raise InvalidCommand(
                    template=N_("Season %(season)s already has its championship."),
                    params={"season": repr(season)},
                )
        for other in self.store.seasons(league):
            if any(
                e.tournament == tournament_id for e in self.store.season_events(league, other.key)
            ):
                raise InvalidCommand(
                    template=N_(
                        "Tournament %(tournament_id)s already counts toward season %(key)s of "
                        "league %(league)s: an event counts toward one season of a league at most."
                    ),
                    params={
                        "tournament_id": tournament_id,
                        "key": repr(other.key),
                        "league": repr(league),
                    },
                )
        for q in plan.qualifiers:
            is_db = q.player.startswith(DB_PREFIX) and self.players is not None
            self.tournaments.run(
                tournament_id,
                Register(
                    name=q.name,
                    member=q.player.removeprefix("card:") if q.player.startswith("card:") else "",
                    player_id=q.player.removeprefix(DB_PREFIX) if is_db else None,
                    age_ok=True,  # checked when they registered in the season's events
                    member_ok=True,
                    stack=q.stack,
                ),
                actor=actor,
            )
        self.store.add_season_event(
            SeasonEventRow(league, season, tournament_id, True, self._now())
        )
        return plan

    def _aliases(self, keys: Iterable[str]) -> dict[str, tuple[str, str]]:
        """``db:<duplicate>`` -> ``(db:<survivor>, survivor's name)`` for every player key
        of ``keys`` merged into another, and the survivor to itself with that name (merges
        read now, so an undone merge splits them again at once); empty without a player
        database or merges."""
        if self.players is None:
            return {}
        ids = {k.removeprefix(DB_PREFIX) for k in keys if k.startswith(DB_PREFIX)}
        into: dict[str, str] = {}
        asked: set[str] = set()
        todo = set(ids)
        while todo:  # follow chains (A into B, B into C): one query per link
            asked |= todo
            for m in self.players.merges(todo):
                if m.active:  # a player has one standing merge at most
                    into[m.from_id] = m.into_id
            todo = {t for t in into.values() if t not in asked}
        out: dict[str, tuple[str, str]] = {}
        names: dict[str, str] = {}
        for pid in ids:
            end, seen = pid, 0
            while end in into and seen < 10_000:
                end, seen = into[end], seen + 1
            if end == pid:
                continue
            if end not in names:
                record = self.players.player(end)
                names[end] = record.name if record is not None else end
            out[f"{DB_PREFIX}{pid}"] = out[f"{DB_PREFIX}{end}"] = (
                f"{DB_PREFIX}{end}",
                names[end],
            )  # the survivor too: one name on every one of the person's results
        return out

    # ---- sign-outs (G5: SPOT-6.13) --------------------------------------------------------

    def _player_in(self, tournament_id: str, player: str) -> tuple[str, Player, bool]:
        state = self.tournaments.state(tournament_id)
        found = find_player(state, player)
        roster = state.part(Roster)
        alive = roster.live_entry(found.player_id) is not None
        return self._identify(found), found, alive

    def _mark_of(self, tournament_id: str, key: str) -> SignOut | None:
        """The player's sign-out mark in the tournament now, if any."""
        for row in self.store.signouts([tournament_id]):
            if row.player == key:
                return SignOut(row.mark)
        return None

    def signout(self, tournament_id: str, player: str, *, actor: str) -> SignOutRow:
        """Record that an eliminated player signed out: their points are credited.

        Refused, writing nothing, once a late sign-out is flagged (SPOT-6.13: a player who
        delays signing out forfeits that event's points): a sign-out recorded afterwards
        would bring them back. A flag put by mistake is taken back with :meth:`unflag`.
        """
        key, found, alive = self._player_in(tournament_id, player)
        if alive:
            raise InvalidCommand(
                template=N_("%(name)s is still playing: only an eliminated player signs out."),
                params={"name": found.name},
            )
        if self._mark_of(tournament_id, key) is SignOut.LATE:
            profile = self.tournaments.state(tournament_id).part(Setup).profile
            raise RuleViolation(
                template=N_(
                    "%(name)s's sign-out was flagged late: the points of this event stay void. If "
                    "the flag was a mistake, undo the flag instead."
                ),
                params={"name": found.name},
                rule_ids=profile.cite("G5"),
            )
        row = SignOutRow(tournament_id, key, SignOut.SIGNED.value, actor, self._now())
        self.store.put_signout(row)
        return row

    def unflag(self, tournament_id: str, player: str, *, actor: str) -> SignOutRow:
        """Undo a late-sign-out flag (SPOT-6.13): the player signed out, late no more, so
        the event's points come back (a flag is only put on a player who signed out).
        Refused, writing nothing, when the player's sign-out is not flagged."""
        key, found, _ = self._player_in(tournament_id, player)
        if self._mark_of(tournament_id, key) is not SignOut.LATE:
            raise InvalidCommand(
                template=N_("%(name)s's sign-out is not flagged late: there is no flag to undo."),
                params={"name": found.name},
            )
        row = SignOutRow(tournament_id, key, SignOut.SIGNED.value, actor, self._now())
        self.store.put_signout(row)
        return row

    def flag(self, tournament_id: str, player: str, *, actor: str) -> SignOutRow:
        """Flag a late sign-out: the player's points for this event are void (SPOT-6.13)."""
        key, found, alive = self._player_in(tournament_id, player)
        if alive:
            raise InvalidCommand(
                template=N_("%(name)s is still playing: there is no sign-out to flag."),
                params={"name": found.name},
            )
        row = SignOutRow(tournament_id, key, SignOut.LATE.value, actor, self._now())
        self.store.put_signout(row)
        return row

    # ---- standings ------------------------------------------------------------------------

    def _cached(self, ids: list[str], fresh: set[str] | None = None) -> dict[str, CachedResult]:
        """Each tournament's league result: from the cache while its log has not grown
        (this service's memory, else the store's results table, else read from the log).
        A result read from the log is stored at once, or added to ``fresh`` for the caller
        to store (with its points: one write per event)."""
        seqs = {info.id: info.last_seq for info in self.tournaments.tournaments()}
        out: dict[str, CachedResult] = {}
        for tid in ids:
            mine = self._read.get(tid)
            if mine is not None and mine.seq == seqs.get(tid, 0) and mine.settled:
                out[tid] = mine
        ids = [tid for tid in ids if tid not in out]
        stored = self.store.cached_results(ids) if ids else {}
        now = self.tournaments.now()
        for tid in ids:
            seq = seqs.get(tid, 0)
            hit = stored.get(tid)
            got = CachedResult.loads(seq, hit[1]) if hit is not None and hit[0] == seq else None
            if got is None or not got.settled:
                result, steady = self.tournaments.read(
                    tid, lambda s: (read_event_result(s, self._identify, now), settled(s, now))
                )
                got = CachedResult.of(seq, result, steady)
                if fresh is None:
                    self.store.put_cached_result(tid, seq, got.dumps())
                else:
                    fresh.add(tid)
            self._read[tid] = got
            out[tid] = got
        return out

    def _results(self, ids: list[str]) -> dict[str, EventResult]:
        """Each tournament's league result (see :meth:`_cached`)."""
        return {tid: c.result() for tid, c in self._cached(ids).items()}

    def _event_points(
        self,
        tid: str,
        cached: CachedResult,
        scheme: PointsScheme,
        key: str,
        formula: Formula | None,
        marks: Mapping[str, SignOut],
        alias: Mapping[str, tuple[str, str]],
        changed: set[str],
    ) -> list[PlayerPoints]:
        """One event's points under ``scheme`` (its fingerprint ``key``), sign-outs and
        merges applied. Points before sign-outs are kept per scheme in the cached result
        (``changed`` collects the events whose cache grew), so a season's standings read
        numbers instead of evaluating the formula for every player of every event."""
        if alias and any(row[0] in alias for row in cached.rows):
            result, folded = fold_aliases(cached.result(), alias, marks)
            return list(event_points(scheme, result, folded, formula=formula))
        raw = cached.points.get(key)
        if raw is None:
            everyone = {row[0]: SignOut.SIGNED for row in cached.rows}  # totals before G5
            plain = event_points(scheme, cached.result(), everyone, formula=formula)
            raw = [[p.place_points, p.knockout_points, p.attendance_points, p.total] for p in plain]
            cached.points[key] = raw
            changed.add(tid)
        event = cached.result() if cached._result is not None else None
        need = cached.event["require_signout"] or bool(marks)
        out: list[PlayerPoints] = []
        for row, (place_pts, ko, attend, total) in zip(cached.rows, raw, strict=True):
            player, name, place, eliminated = row[0], row[1], row[2], row[3]
            credited, note = True, ""
            if need:
                if event is None:
                    event = cached.result()
                credited, note = signout_credit(event, eliminated, place_pts, marks.get(player))
            out.append(
                PlayerPoints(
                    player=player,
                    name=name,
                    tournament_id=tid,
                    place=place,
                    place_points=place_pts,
                    knockout_points=ko,
                    attendance_points=attend,
                    total=total if credited else 0.0,
                    credited=credited,
                    note=note,
                )
            )
        return out

    def _season_points(
        self, league: str, season: str
    ) -> tuple[Season, list[EventLine], list[PlayerPoints], PointsScheme]:
        _, scheme = self.league(league)
        info = self.season(league, season)
        rows = self.store.season_events(league, season)
        counted = [r.tournament for r in rows if not r.championship]
        changed: set[str] = set()
        found = self._cached(counted, changed)
        marks: dict[str, dict[str, SignOut]] = {}
        for s in self.store.signouts(counted):
            marks.setdefault(s.tournament, {})[s.player] = SignOut(s.mark)
        history = self.store.season_history(league, season)
        # merged duplicates count as the player they were merged into
        alias = self._aliases(
            {row[0] for c in found.values() for row in c.rows} | {h.player for h in history}
        )
        formula = scheme.compiled()
        key = scheme_key(scheme)
        lines, points = _history_points(history, alias)
        for r in rows:
            if r.championship:
                lines.append(
                    EventLine(
                        tournament_id=r.tournament,
                        name=r.tournament,
                        entrants=0,
                        finished=False,
                        championship=True,
                    )
                )
                continue
            cached = found[r.tournament]
            lines.append(
                EventLine(
                    tournament_id=r.tournament,
                    name=cached.event["name"],
                    entrants=cached.event["entrants"],
                    finished=cached.event["finished"],
                    championship=False,
                    cancelled=bool(cached.event.get("cancelled", False)),
                )
            )
            points.extend(
                self._event_points(
                    r.tournament,
                    cached,
                    scheme,
                    key,
                    formula,
                    marks.get(r.tournament, {}),
                    alias,
                    changed,
                )
            )
        for tid in changed:  # remember this scheme's points beside each result
            self.store.put_cached_result(tid, found[tid].seq, found[tid].dumps())
        renamed = self._renamed({p.player for p in points} - set(alias))
        if renamed:  # a renamed player shows under the name they have now
            points = [
                dataclasses.replace(p, name=renamed[p.player]) if p.player in renamed else p
                for p in points
            ]
        return info, lines, points, scheme

    def _renamed(self, keys: Iterable[str]) -> dict[str, str]:
        """``db:<id>`` -> the player's name now, for the players of ``keys`` renamed in the
        player database since (their events keep the name they recorded); one query per
        500 players, then one per renamed player (renames are few)."""
        if self.players is None:
            return {}
        ids = sorted(k.removeprefix(DB_PREFIX) for k in keys if k.startswith(DB_PREFIX))
        touched: set[str] = set()
        for start in range(0, len(ids), 500):
            touched |= {r.player_id for r in self.players.renames(ids[start : start + 500])}
        out: dict[str, str] = {}
        for pid in sorted(touched):
            record = self.players.player(pid)
            if record is not None:
                out[f"{DB_PREFIX}{pid}"] = record.name
        return out

    def standings(self, league: str, season: str) -> SeasonStandings:
        """The season's standings (best N, the stated tie-break) with every event's points."""
        with gc_paused():  # thousands of small objects, no cycles (as a log's load)
            info, lines, points, scheme = self._season_points(league, season)
            rows = standings(
                points, best_n=info.best_n, tie_break=info.tie_break, decimals=scheme.decimals
            )
        return SeasonStandings(
            league=league,
            season=season,
            scheme=scheme.as_dict()
            | ({"expression": scheme.expression} if scheme.kind is PointsKind.FORMULA else {}),
            best_n=info.best_n,
            tie_break=info.tie_break.value,
            events=tuple(lines),
            rows=rows,
            points=tuple(points),
        )

    def qualifiers(self, league: str, season: str) -> QualifierList:
        """The qualifiers and their championship stacks, before the event (A3)."""
        view = self.standings(league, season)
        info = self.season(league, season)
        chosen = qualifiers(view.rows, info.qualification)
        return QualifierList(
            league=league,
            season=season,
            rule={"top": info.qualification.top, "min_points": info.qualification.min_points},
            stack_formula=info.stack.formula,
            qualifiers=championship_stacks(chosen, info.stack),
        )

    def points_by_player(self, tournament_id: str) -> dict[str, float]:
        """League points per player-database id earned in one tournament (a merged
        duplicate's under the id it was merged into), added over every league season the
        tournament counts toward: the player service's points source (its history)."""
        out: dict[str, float] = {}
        for lg in self.store.leagues():
            for season in self.store.seasons(lg.key):
                rows = self.store.season_events(lg.key, season.key)
                if not any(r.tournament == tournament_id and not r.championship for r in rows):
                    continue
                _, scheme = self.league(lg.key)
                result = self._results([tournament_id])[tournament_id]
                marks = {s.player: SignOut(s.mark) for s in self.store.signouts([tournament_id])}
                alias = self._aliases(p.player for p in result.players)
                result, marks = fold_aliases(result, alias, marks)
                for p in event_points(scheme, result, marks):
                    if p.player.startswith(DB_PREFIX):
                        pid = p.player.removeprefix(DB_PREFIX)
                        out[pid] = round(out.get(pid, 0.0) + p.total, scheme.decimals)
        return out


def _history_points(
    history: Sequence[HistoryRow], alias: Mapping[str, tuple[str, str]]
) -> tuple[list[EventLine], list[PlayerPoints]]:
    """A season's imported past results (issue 26, point 4) as event lines and points: one
    event per import, date and event name, oldest first; each row's points as the file gave
    them (never recomputed by the league's scheme), marked ``imported``; a merged player's
    under the one they were merged into."""
    events: dict[tuple[str, str, str], list[HistoryRow]] = {}
    for h in history:
        events.setdefault((h.event_date, h.import_id, h.event_name), []).append(h)
    lines: list[EventLine] = []
    points: list[PlayerPoints] = []
    for n, ((day, import_id, name), rows) in enumerate(sorted(events.items()), start=1):
        tid = f"{import_id}-{n}"
        lines.append(
            EventLine(
                tournament_id=tid,
                name=name or f"Imported {day}",
                entrants=len(rows),
                finished=True,
                championship=False,
                imported=True,
                date=day,
            )
        )
        for h in rows:
            player, who = alias.get(h.player, (h.player, h.name))
            points.append(
                PlayerPoints(
                    player=player,
                    name=who,
                    tournament_id=tid,
                    place=h.place,
                    place_points=h.points,
                    knockout_points=0.0,
                    attendance_points=0.0,
                    total=h.points,
                    note="imported",
                    imported=True,
                )
            )
    return lines, points


def scheme_from_options(
    *,
    table: str | None = None,
    formula: str | None = None,
    paid_places: int | None = None,
    knockout: float = 0.0,
    attendance: float = 0.0,
) -> PointsScheme:
    """A points scheme from CLI-style options (a comma list of points, or a formula)."""
    if table is not None and formula is not None:
        raise InvalidCommand(template=N_("Give either a points table or a formula, not both."))
    if table is not None:
        try:
            values = tuple(float(x) for x in table.split(",") if x.strip())
        except ValueError:
            raise InvalidCommand(
                template=N_("A points table is a list of numbers, e.g. 10,7,5,3,2,1.")
            ) from None
        return PointsScheme(
            kind=PointsKind.FIXED,
            table=values,
            paid_places=paid_places,
            knockout_points=knockout,
            attendance_points=attendance,
        ).check()
    return PointsScheme(
        kind=PointsKind.FORMULA,
        formula=formula or "sqrt",
        paid_places=paid_places,
        knockout_points=knockout,
        attendance_points=attendance,
    ).check()


def as_data(value: Any) -> Mapping[str, Any] | Any:
    """Plain data for JSON output (dataclasses to dicts)."""
    return asdict(value) if hasattr(value, "__dataclass_fields__") else value


__all__ = [
    "KEY",
    "NAME_MAX",
    "EventLine",
    "LeagueService",
    "QualifierList",
    "Season",
    "SeasonChange",
    "SeasonStandings",
    "as_data",
    "scheme_from_options",
]
