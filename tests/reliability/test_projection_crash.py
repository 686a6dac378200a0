"""Read models that cannot be lost (issue 24): SIGKILL during registrations, imports, league
results and Day 2, on SQLite and on PostgreSQL with two workers.

Before issue 24 the player database was written after the registration's events were
committed, one player at a time: a kill between the two left players out of the database
and out of their history (measured: 5 of 300 and 3 of 300 on SQLite, 2 of 64 links on
PostgreSQL with two workers, 27 of 60 after one killed ``pokertd import``). Now the store
writes them in the append's own transaction, so a kill keeps both or neither: after every
kill 0 acknowledged writes are lost and 0 players or links are missing, *before* any repair.
A Day 2 formed from flights spans three logs and a series table: after a kill the catch-up
(the server's start, ``pokertd doctor --repair``) finishes what the Day 2's log recorded.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from crash_kit import (
    Killed,
    big_tournament,
    export_of_60,
    kill_round,
    league_event,
    missing_rows,
    rng_delays,
    two_flights,
)

from pokertd.app import App
from pokertd.app.projections import catch_up, doctor
from pokertd.app.tournaments import TournamentService
from pokertd.store import EventStore, open_store
from pokertd.store.projections import PLAYERS, ProjectionStore
from pokertd.store.testing import fresh_postgres_database, postgres_test_url
from pokertd.tournament.days import Days, FlightsCarried
from pokertd.tournament.entries import PlayerAdded, Register, Roster
from pokertd.tournament.framework import Event, EventRecord

KILLS = 2
"""Kills per test (each starts a Python child: seconds on a loaded machine). The figures
of the report come from longer runs of the same loop (``measure_projections.py``)."""


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, int]]:
    """``(url, workers)``: a SQLite file with one writer, or a fresh PostgreSQL database
    with two writer processes at once."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'crash.db'}", 1
        return
    base, reason = postgres_test_url()
    if base is None:
        pytest.skip(reason)
    with fresh_postgres_database(base, "pokertd_projcrash") as url:
        yield url, 2


def _healthy_after_repair(url: str) -> None:
    """``pokertd doctor --repair`` then ``pokertd doctor``: nothing behind or wrong."""
    app = App.open(url)
    try:
        doctor(app.tournaments, app.series, app.leagues, repair=True)
        report = doctor(app.tournaments, app.series, app.leagues)
        assert report.healthy, report.as_json()
    finally:
        app.tournaments.close()


# --------------------------------------------------------------------------------------
# the deterministic case: the process dies right after the append returned


class _Died(BaseException):
    """The process ended (SIGKILL) right after the store acknowledged the append."""


class _DiesAfterAppend:
    """A store whose process dies as soon as an append is committed."""

    def __init__(self, inner: EventStore) -> None:
        self.inner = inner

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def append(
        self,
        tournament_id: str,
        expected_seq: int,
        events: Sequence[Event],
        *,
        actor: str,
        recorded_at: datetime,
        command: str | None = None,
    ) -> list[EventRecord]:
        self.inner.append(
            tournament_id,
            expected_seq,
            events,
            actor=actor,
            recorded_at=recorded_at,
            command=command,
        )
        raise _Died


def test_a_registration_killed_right_after_its_commit_keeps_its_player(tmp_path: Path) -> None:
    """Kim registers Ann Smith (card FX-1001); the process dies the instant the append is
    committed. The log holds the registration, so the player database holds Ann, linked to
    the tournament, without any repair (before issue 24: 0 of 1 players, 0 of 1 links)."""
    url = f"sqlite:///{tmp_path / 'died.db'}"
    with TournamentService(open_store(url)) as service:
        big_tournament(service, "fri", seats=10)
    dying = TournamentService(_DiesAfterAppend(open_store(url)))
    with pytest.raises(_Died):
        dying.run("fri", Register(name="Ann Smith", member="FX-1001", age_ok=True), actor="kim")
    store = open_store(url)
    try:
        (added,) = [r.event for r in store.load("fri") if isinstance(r.event, PlayerAdded)]
        assert added.name == "Ann Smith"
        player = store.player(added.db_id)  # type: ignore[attr-defined]
        assert (player.name, player.card, player.created_by) == ("Ann Smith", "FX-1001", "kim")
        assert store.player_events([added.db_id]) == ["fri"]  # type: ignore[attr-defined]
        assert isinstance(store, ProjectionStore)
        (pos,) = store.positions(PLAYERS)
        assert pos.seq == pos.last_seq == 3  # created (1), Ann added and her entry (2, 3)
    finally:
        store.close()
    assert missing_rows(url).players_missing == 0


def test_an_old_log_is_caught_up_once_from_its_position(tmp_path: Path) -> None:
    """A database written before schema 4 (no positions, no player rows): the catch-up
    adds its 3 people and 3 links once; a second catch-up finds nothing behind."""
    url = f"sqlite:///{tmp_path / 'old.db'}"
    with TournamentService(open_store(url)) as service:
        big_tournament(service, "thu", seats=10)
        for name in ("Ann", "Bo", "Cy"):
            service.run("thu", Register(name=name, age_ok=True, member_ok=True))
    conn = sqlite3.connect(tmp_path / "old.db")  # as an older pokertd left it
    conn.execute("DELETE FROM pokertd_players")
    conn.execute("DELETE FROM pokertd_player_events")
    conn.execute("DELETE FROM projections")
    conn.commit()
    conn.close()
    assert missing_rows(url).players_missing == 3
    app = App.open(url)
    try:
        first = catch_up(app.tournaments, app.series, app.leagues)
        (players,) = [c for c in first.checks if c.name == PLAYERS]
        assert (players.checked, players.behind, players.rebuilt) == (1, 1, 1)
        again = catch_up(app.tournaments, app.series, app.leagues)
        assert [(c.checked, c.behind) for c in again.checks] == [(0, 0), (0, 0)]
    finally:
        app.tournaments.close()
    found = missing_rows(url)
    assert (found.players, found.players_missing, found.links, found.links_missing) == (3, 0, 3, 0)


class _DiesAt:
    """A store whose process dies when it is asked to ``set_day2`` (the series row), or
    to append the batch of the command named ``command``."""

    def __init__(self, inner: EventStore, *, command: str = "", set_day2: bool = False) -> None:
        self.inner = inner
        self.command = command
        self.dies_at_set_day2 = set_day2

    def __getattr__(self, name: str) -> Any:
        if name == "set_day2" and self.dies_at_set_day2:
            return self._die
        return getattr(self.inner, name)

    def _die(self, *args: object) -> None:
        raise _Died

    def append(
        self,
        tournament_id: str,
        expected_seq: int,
        events: Sequence[Event],
        *,
        actor: str,
        recorded_at: datetime,
        command: str | None = None,
    ) -> list[EventRecord]:
        if command == self.command:
            raise _Died
        return self.inner.append(
            tournament_id,
            expected_seq,
            events,
            actor=actor,
            recorded_at=recorded_at,
            command=command,
        )


@pytest.mark.parametrize(
    ("where", "missing"),
    [
        ({"set_day2": True}, ["series row", "s-a", "s-b"]),  # died after FlightsCarried
        ({"command": "CloseFlight"}, ["s-a", "s-b"]),  # died before closing the flights
    ],
)
def test_a_day2_killed_half_way_is_finished_by_the_catch_up(
    tmp_path: Path, where: dict[str, Any], missing: list[str]
) -> None:
    """Day 2 of flights s-a (8 bagged) and s-b (5 bagged) dies after its log recorded the
    13 stacks carried: the doctor names what is missing; the catch-up adds Day 2 to the
    series and closes both flights into it, once (a second catch-up changes nothing)."""
    url = f"sqlite:///{tmp_path / 'day2.db'}"
    app = App.open(url)
    try:
        two_flights(app, "s")
    finally:
        app.tournaments.close()
    dying = App.over(TournamentService(_DiesAt(open_store(url), **where)))
    with pytest.raises(_Died):
        dying.series.day2("s", "main", tournament_id="s-d2")
    app = App.open(url)
    try:
        found = doctor(app.tournaments, app.series, app.leagues)
        (series,) = [c for c in found.checks if c.name == "series"]
        assert (series.checked, series.behind, series.wrong) == (1, 1, 1)
        named = ["series row" if "missing from the series" in d else d[:3] for d in series.details]
        assert named == missing
        done = catch_up(app.tournaments, app.series, app.leagues)
        (series,) = [c for c in done.checks if c.name == "series"]
        assert (series.rebuilt, series.failed) == (1, 0)
        assert "s-d2" in app.series.lobby("s").events
        for flight in ("s-a", "s-b"):
            assert app.tournaments.state(flight).part(Days).carried_to == "s-d2"
        assert len(app.tournaments.state("s-d2").part(Roster).alive()) == 13
        seq = {f: app.tournaments.last_seq(f) for f in ("s-a", "s-b", "s-d2")}
        again = catch_up(app.tournaments, app.series, app.leagues)
        assert [(c.behind, c.wrong) for c in again.checks] == [(0, 0), (0, 0)]
        assert {f: app.tournaments.last_seq(f) for f in seq} == seq  # nothing twice
        assert doctor(app.tournaments, app.series, app.leagues).healthy
    finally:
        app.tournaments.close()


# --------------------------------------------------------------------------------------
# SIGKILL


def test_sigkill_during_registrations_loses_no_player(db: tuple[str, int]) -> None:
    url, workers = db
    with TournamentService(open_store(url)) as service:
        big_tournament(service, "reg")
    killed = Killed()
    for delay in rng_delays(11, KILLS, 0.15, 0.6):
        kill_round("register", url, ["reg"] * workers, delay, killed)
    store = open_store(url)
    try:
        names = {r.event.name for r in store.load("reg") if isinstance(r.event, PlayerAdded)}
    finally:
        store.close()
    acked = {f"P{a[0]}" for a in killed.acks}
    assert killed.kills >= KILLS  # (a worker that lost too many races in a row stops)
    assert acked, "no registration was acknowledged"
    assert acked <= names  # 0 acknowledged registrations lost
    found = missing_rows(url)  # before any repair
    assert found.players == len(names)
    assert (found.players_missing, found.links_missing) == (0, 0)
    _healthy_after_repair(url)


def test_sigkill_during_imports_loses_no_player(db: tuple[str, int], tmp_path: Path) -> None:
    url, workers = db
    export = tmp_path / "sixty.jsonl"
    export_of_60(export)
    killed = Killed()
    for delay in rng_delays(12, KILLS, 0.1, 0.5):
        kill_round("import", url, [str(export)] * workers, delay, killed)
    store = open_store(url)
    try:
        ids = {t.id for t in store.tournaments()}
    finally:
        store.close()
    assert {a[1] for a in killed.acks} <= ids  # 0 acknowledged imports lost
    found = missing_rows(url)
    assert (found.players, found.links) == (60, 60 * len(ids))  # one file, imported again
    assert (found.players_missing, found.links_missing) == (0, 0)
    _healthy_after_repair(url)


def test_sigkill_during_league_results_keeps_the_standings(db: tuple[str, int]) -> None:
    """Busts of a league night while the standings are read (and their cache written):
    after the kills every acknowledged bust is in the log and the standings read through
    the cache equal those computed with the cache emptied."""
    url, _ = db
    app = App.open(url)
    try:
        league_event(app, "lgn")
    finally:
        app.tournaments.close()
    killed = Killed()
    for delay in rng_delays(13, KILLS, 0.2, 0.8):
        kill_round("league", url, ["lgn"], delay, killed)
    app = App.open(url)
    try:
        out = {e.name for e in app.tournaments.state("lgn").part(Roster).entries.values()} - {
            e.name for e in app.tournaments.state("lgn").part(Roster).alive()
        }
        assert {a[1] for a in killed.acks} <= out  # 0 acknowledged busts lost
        _healthy_after_repair(url)
        cached = app.leagues.standings("lg", "s1")
    finally:
        app.tournaments.close()
    store = open_store(url)
    try:
        with store._accounts_tx() as run:  # type: ignore[attr-defined]
            run("DELETE FROM pokertd_league_results", ())
    finally:
        store.close()
    app = App.open(url)
    try:
        assert app.leagues.standings("lg", "s1") == cached
    finally:
        app.tournaments.close()


def test_sigkill_during_day2_is_finished_by_the_catch_up(db: tuple[str, int]) -> None:
    """Day 2 killed at random moments: once its log records the flights carried, the
    catch-up puts it in the series and closes both flights; 13 players carried each time."""
    url, _ = db
    formed = 0
    for n, delay in enumerate(rng_delays(14, KILLS, 0.0, 0.4)):
        key = f"s{n}"
        app = App.open(url)
        try:
            two_flights(app, key)
        finally:
            app.tournaments.close()
        killed = Killed()
        kill_round("day2", url, [key], delay, killed)
        app = App.open(url)
        try:
            catch_up(app.tournaments, app.series, app.leagues)
            d2 = f"{key}-d2"
            records = app.tournaments.records(d2) if app.tournaments.exists(d2) else []
            carried = [r.event for r in records if isinstance(r.event, FlightsCarried)]
            if killed.acks:
                assert carried, "an acknowledged Day 2 was lost"
            if carried:
                formed += 1
                assert d2 in app.series.lobby(key).events
                for flight in (f"{key}-a", f"{key}-b"):
                    assert app.tournaments.state(flight).part(Days).carried_to == d2
                assert len(app.tournaments.state(d2).part(Roster).alive()) == 13
            report = doctor(app.tournaments, app.series, app.leagues)
            assert report.healthy, report.as_json()
        finally:
            app.tournaments.close()
    print(f"\nDay 2 crash test: {formed} of {KILLS} Day 2s reached the log before the kill")
