"""The league tables on SQLite and PostgreSQL: one SQL text, the same answers.

Implements: issue 14 (an event in one season of a league at most; sign-outs as data, G5:
SPOT-6.13).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pokertd.errors import InvalidCommand, NotFound
from pokertd.store import open_store
from pokertd.store.leagues import LeagueRow, LeagueStore, SeasonEventRow, SeasonRow, SignOutRow


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LeagueStore]:
    if request.param == "postgres":
        url = request.getfixturevalue("pg_database")
    else:
        url = f"sqlite:///{tmp_path / 'leagues.db'}"
    opened = open_store(url)
    assert isinstance(opened, LeagueStore)
    try:
        yield opened
    finally:
        opened.close()


def test_leagues_seasons_events_signouts_and_cache(store: LeagueStore) -> None:
    store.add_league(LeagueRow("spot", "Spotlight", "{}", 1.0))
    with pytest.raises(InvalidCommand, match="already exists"):
        store.add_league(LeagueRow("spot", "Again", "{}", 2.0))
    with pytest.raises(NotFound):
        store.add_season(SeasonRow("nope", "q1", "Q1", "{}", 1.0))
    store.add_season(SeasonRow("spot", "q1", "Q1", "{}", 1.0))
    store.add_season(SeasonRow("spot", "q2", "Q2", "{}", 2.0))
    assert [s.key for s in store.seasons("spot")] == ["q1", "q2"]
    store.add_season_event(SeasonEventRow("spot", "q1", "t1", False, 1.0))
    store.add_season_event(SeasonEventRow("spot", "q1", "t2", False, 2.0))
    with pytest.raises(InvalidCommand, match="one season of a league at most"):
        store.add_season_event(SeasonEventRow("spot", "q2", "t1", False, 3.0))
    store.add_season_event(SeasonEventRow("spot", "q1", "c1", True, 4.0))
    with pytest.raises(InvalidCommand, match="already has its championship"):
        store.add_season_event(SeasonEventRow("spot", "q1", "c2", True, 5.0))
    assert [(e.tournament, e.championship) for e in store.season_events("spot", "q1")] == [
        ("t1", False),
        ("t2", False),
        ("c1", True),
    ]
    assert store.season_events("spot", "q2") == []
    store.put_signout(SignOutRow("t1", "name:ann", "signed", "floor", 10.0))
    store.put_signout(SignOutRow("t1", "name:ann", "late", "td", 11.0))  # the flag replaces
    store.put_signout(SignOutRow("t2", "name:bob", "signed", "floor", 12.0))
    assert [(s.tournament, s.player, s.mark, s.by) for s in store.signouts(["t1", "t2"])] == [
        ("t1", "name:ann", "late", "td"),
        ("t2", "name:bob", "signed", "floor"),
    ]
    store.put_cached_result("t1", 7, '{"a":1}')
    store.put_cached_result("t1", 9, '{"a":2}')
    assert store.cached_results(["t1", "t2"]) == {"t1": (9, '{"a":2}')}
