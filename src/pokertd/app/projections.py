"""The read models derived from the logs, kept right: catch-up and ``pokertd doctor``.

A tournament's log is the truth; the player database (players and the tournaments each one
played), a series' Day 2 rows and the league results cache are read models derived from it
(:mod:`pokertd.store.projections`). Each has a recorded position per tournament:

- ``players``: written in the very transaction that appends the events it reflects (the
  store runs :func:`player_rows` inside its append), so a crash keeps both or neither. Logs
  written before schema 4, or by a process that stopped between the two writes of older
  versions, are caught up from their position.
- ``series``: a Day 2 formed from flights is four writes in three logs and a series table
  (:meth:`~pokertd.app.series.SeriesService.day2`). The Day 2's log records
  ``FlightsCarried`` (which flights) first; from it the catch-up redoes what a crash left
  undone, each step only when it is missing: the Day 2 row of the series, then each
  flight's ``CloseFlight``. Then the position moves, so each event is handled once. Only
  the logs holding a ``FlightsCarried`` are read (found by one query on the event type).
- ``league results``: a cache keyed by the log's ``seq`` (a stale row is never used); the
  doctor counts stale rows and refreshes them through the season standings.

:func:`catch_up` (the server runs it when it starts) reads only the events after each
position: nothing when nothing is behind. :func:`doctor` verifies every projection against
every whole log and, with ``repair``, rebuilds what is behind or wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pokertd.app.leagues import LeagueService
from pokertd.app.series import SeriesService
from pokertd.app.tournaments import TournamentService, player_rows
from pokertd.errors import PokertdError
from pokertd.roles import Role
from pokertd.store.projections import PLAYERS, ProjectionStore
from pokertd.store.series import SeriesEventRow, SeriesStore
from pokertd.tournament.days import CloseFlight, Days, FlightsCarried
from pokertd.tournament.entries import Setup
from pokertd.tournament.framework import EventRecord

SERIES = "series"
"""The projection name of the series' Day 2 rows and the flights closed into them."""
DOCTOR = "doctor"
"""The actor of the commands a repair runs (a flight's ``CloseFlight``)."""


@dataclass(slots=True)
class ProjectionCheck:
    """What the doctor (or the catch-up) found for one projection."""

    name: str
    checked: int = 0
    """Tournaments (or cached rows) looked at."""
    behind: int = 0
    """Tournaments whose recorded position is before the log's end."""
    wrong: int = 0
    """Rows missing or stale although the position says they were applied."""
    rebuilt: int = 0
    """Tournaments (or rows) written again."""
    failed: int = 0
    """Repairs that could not be made (each one in ``details``)."""
    details: list[str] = field(default_factory=list)
    """One sentence per finding (what was missing where)."""

    def as_json(self) -> dict[str, Any]:
        """The check as JSON (``pokertd doctor --json``)."""
        return {
            "name": self.name,
            "checked": self.checked,
            "behind": self.behind,
            "wrong": self.wrong,
            "rebuilt": self.rebuilt,
            "failed": self.failed,
            "details": list(self.details),
        }


@dataclass(frozen=True, slots=True)
class DoctorReport:
    """Every projection's check."""

    checks: tuple[ProjectionCheck, ...]
    repaired: bool
    """Whether what was behind or wrong was rebuilt (``--repair``, or the catch-up)."""

    @property
    def healthy(self) -> bool:
        """Whether nothing is (or, after a repair, was left) behind or wrong."""
        return all(
            c.failed == 0 and (self.repaired or (c.behind == 0 and c.wrong == 0))
            for c in self.checks
        )

    def as_json(self) -> dict[str, Any]:
        """The report as JSON (``pokertd doctor --json``)."""
        return {
            "repaired": self.repaired,
            "healthy": self.healthy,
            "projections": [c.as_json() for c in self.checks],
        }


# --------------------------------------------------------------------------------------
# players


def _players(
    tournaments: TournamentService, store: ProjectionStore, *, whole: bool, repair: bool
) -> ProjectionCheck:
    """Check (``whole``: every log from its start; else only what is after each position)
    the player database, writing what is missing when ``repair``."""
    check = ProjectionCheck(PLAYERS)
    for pos in store.positions(PLAYERS):
        if not whole and not pos.behind:
            continue
        check.checked += 1
        records = tournaments.store.load(pos.tournament_id, 0 if whole else pos.seq)
        if not records:
            continue
        seen = player_rows(records)
        wrong = False
        if whole and seen:
            ids = [s.player.id for s in seen]
            missing = set(ids) - store.known_players(ids)
            unlinked = set(ids) - store.linked_players(pos.tournament_id)
            if missing or unlinked:
                wrong = True
                check.details.append(
                    f"{pos.tournament_id}: {len(missing)} of {len(set(ids))} players missing "
                    f"from the player database, {len(unlinked)} links missing."
                )
        if pos.behind:
            check.behind += 1
            check.details.append(
                f"{pos.tournament_id}: players applied up to event {pos.seq} of {pos.last_seq}."
            )
        check.wrong += wrong
        if repair and (wrong or pos.behind):
            store.note_players(pos.tournament_id, seen, records[-1].seq)
            check.rebuilt += 1
    return check


# --------------------------------------------------------------------------------------
# series


def _series(
    series: SeriesService, store: ProjectionStore, *, whole: bool, repair: bool
) -> ProjectionCheck:
    """Check each Day 2 formed from flights: its row in the series and its flights closed."""
    tournaments = series.tournaments
    rows = series.tournaments.store
    check = ProjectionCheck(SERIES)
    if not isinstance(rows, SeriesStore):  # pragma: no cover - both stores keep series
        return check
    day2s = store.tournaments_with(FlightsCarried.type)
    for pos in store.positions(SERIES):
        if pos.tournament_id not in day2s or (not whole and not pos.behind):
            continue  # only a Day 2 formed from flights has anything to finish
        check.checked += 1
        records = tournaments.store.load(pos.tournament_id, 0 if whole else pos.seq)
        wrong = 0
        for record in records:
            ev = record.event
            if not isinstance(ev, FlightsCarried):
                continue
            if record.seq > pos.seq:
                check.behind += 1  # a Day 2 formed after the last catch-up
            wrong += _day2_repairs(series, rows, pos.tournament_id, record, ev, check, repair)
        check.wrong += bool(wrong)
        if repair and wrong and records:
            with store.advance(SERIES, pos.tournament_id, records[-1].seq):
                pass  # the rows were written above, each only when missing
            check.rebuilt += bool(wrong)
        elif repair and pos.behind and records:  # nothing to do: only the position moves
            with store.advance(SERIES, pos.tournament_id, records[-1].seq):
                pass  # next start reads this Day 2 from here
    return check


def _day2_repairs(
    series: SeriesService,
    rows: SeriesStore,
    day2: str,
    record: EventRecord,
    ev: FlightsCarried,
    check: ProjectionCheck,
    repair: bool,
) -> int:
    """What a crash in the middle of forming Day 2 ``day2`` left undone (how many steps),
    redone when ``repair``: its row in the series, then each flight's ``CloseFlight``."""
    tournaments = series.tournaments
    missing = 0
    flight_row = next((r for f in ev.flights if (r := rows.series_of(f)) is not None), None)
    if flight_row is not None and rows.series_of(day2) is None:
        missing += 1
        check.details.append(
            f"{day2}: Day 2 of {flight_row.series}/{flight_row.event} missing from the series."
        )
        if repair:
            row = SeriesEventRow(
                flight_row.series,
                day2,
                "day2",
                flight_row.event,
                "Day 2",
                record.recorded_at.timestamp(),
            )
            try:
                rows.set_day2(row)
            except PokertdError as exc:  # e.g. another server's catch-up got there first
                if rows.series_of(day2) is None:
                    check.failed += 1
                    check.details.append(f"{day2}: could not add it to the series: {exc}")
    title = tournaments.read(day2, lambda s: s.part(Setup).name)
    for flight in ev.flights:
        if not tournaments.exists(flight):
            continue
        if tournaments.read(flight, lambda s: s.part(Days).carried_to):
            continue
        missing += 1
        check.details.append(f"{flight}: flight not closed into its Day 2 {day2}.")
        if repair:
            try:
                tournaments.run(
                    flight,
                    CloseFlight(day2=day2, day2_name=title),
                    actor=DOCTOR,
                    role=Role.DIRECTOR,
                )
            except PokertdError as exc:
                check.failed += 1
                check.details.append(f"{flight}: could not close it: {exc}")
    return missing


# --------------------------------------------------------------------------------------
# league results cache


def _league_results(leagues: LeagueService, *, repair: bool) -> ProjectionCheck:
    """Count cached league results older than their log; ``repair`` refreshes them by
    computing each season's standings (which rewrites the cache at the log's end)."""
    check = ProjectionCheck("league results")
    store = leagues.store
    tournaments = leagues.tournaments
    for league in store.leagues():
        for season in store.seasons(league.key):
            ids = [e.tournament for e in store.season_events(league.key, season.key)]
            ids = [t for t in ids if tournaments.exists(t)]
            cached = store.cached_results(ids) if ids else {}
            stale = [t for t in ids if t in cached and cached[t][0] != tournaments.last_seq(t)]
            check.checked += len(ids)
            check.behind += len(stale)
            check.details.extend(
                f"{t}: league result cached at event {cached[t][0]} of "
                f"{tournaments.last_seq(t)} ({league.key}/{season.key})."
                for t in stale
            )
            if repair and stale:
                leagues.standings(league.key, season.key)
                check.rebuilt += len(stale)
    return check


# --------------------------------------------------------------------------------------


def doctor(
    tournaments: TournamentService,
    series: SeriesService,
    leagues: LeagueService,
    *,
    repair: bool = False,
    whole: bool = True,
) -> DoctorReport:
    """Verify every projection against the logs (``whole``: every log from its first
    event; else only what lies after each recorded position) and, with ``repair``,
    rebuild what is behind or wrong."""
    store = tournaments.store
    if not isinstance(store, ProjectionStore):  # pragma: no cover - both stores project
        return DoctorReport((), repair)
    checks = [
        _players(tournaments, store, whole=whole, repair=repair),
        _series(series, store, whole=whole, repair=repair),
    ]
    if whole:
        checks.append(_league_results(leagues, repair=repair))
    return DoctorReport(tuple(checks), repair)


def catch_up(
    tournaments: TournamentService, series: SeriesService, leagues: LeagueService
) -> DoctorReport:
    """Apply what each projection has not applied yet, from its recorded position (the
    server's start; one query per projection when nothing is behind)."""
    return doctor(tournaments, series, leagues, repair=True, whole=False)


__all__ = [
    "DOCTOR",
    "SERIES",
    "DoctorReport",
    "ProjectionCheck",
    "catch_up",
    "doctor",
]
