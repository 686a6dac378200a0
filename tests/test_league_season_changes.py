"""Taking an event out of a season, recorded and undoable (issue 23).

Two finished TNPL nights count toward a season with the stated table 10/7/5/3/2 (no
bonuses). Night one: Ann 1st, Bob 2nd, Cat 3rd, Dan 4th. Night two: Bob 1st, Cat 2nd,
Ann 3rd, Eve 4th. Both counted: Bob 17, Ann 15, Cat 12, Dan 3, Eve 3. Night one taken
out: Bob 10, Cat 7, Ann 5, Eve 3 (Dan has no event left). Put back: as before.

Every night is over by its rules before it counts (G2: the last one in after registration
closed).
"""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokertd.app.leagues import LeagueService, Season
from pokertd.app.tournaments import TournamentService, open_service
from pokertd.cli import app
from pokertd.errors import InvalidCommand, NotFound
from pokertd.league.points import PointsKind, PointsScheme
from pokertd.store import open_store
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, Register
from pokertd.tournament.templates import load_template

TABLE = PointsScheme(kind=PointsKind.FIXED, table=(10, 7, 5, 3, 2))
NOW = datetime(2026, 11, 28, 20, 0, tzinfo=UTC)
ONE = ["Ann", "Bob", "Cat", "Dan"], [("Dan", "Ann"), ("Cat", "Ann"), ("Bob", "Ann")]
TWO = ["Ann", "Bob", "Cat", "Eve"], [("Eve", "Bob"), ("Ann", "Bob"), ("Cat", "Bob")]
BOTH = {"Bob": 17.0, "Ann": 15.0, "Cat": 12.0, "Dan": 3.0, "Eve": 3.0}
WITHOUT_ONE = {"Bob": 10.0, "Cat": 7.0, "Ann": 5.0, "Eve": 3.0}


def night(svc: TournamentService, tid: str, names: list[str], busts: list[tuple[str, str]]) -> None:
    svc.create(
        CreateTournament(name=f"Night {tid}", template=load_template("tnpl_league")),
        tournament_id=tid,
    )
    for n in names:
        svc.run(tid, Register(name=n, age_ok=True, member_ok=True), actor="floor")
    for out, by in busts:
        svc.run(tid, Bust(players=(out,), eliminator=by), actor="floor")
    svc.run(tid, CloseRegistration(), actor="floor")


def season(svc: TournamentService) -> LeagueService:
    leagues = LeagueService.over(svc)
    leagues.create_league("nuts", "The Nuts Poker League", TABLE)
    leagues.add_season(Season(league="nuts", key="s1", name="Season 1"))
    leagues.add_season(Season(league="nuts", key="s2", name="Season 2"))
    night(svc, "one", *ONE)
    night(svc, "two", *TWO)
    night(svc, "three", ["Gus", "Hal"], [("Hal", "Gus")])
    leagues.add_event("nuts", "s1", "one")
    leagues.add_event("nuts", "s1", "two")
    leagues.add_event("nuts", "s2", "three")
    return leagues


@pytest.fixture
def leagues() -> LeagueService:
    svc = TournamentService(
        open_store("sqlite:///:memory:"), rng_factory=lambda: random.Random(7), now=lambda: NOW
    )
    return season(svc)


def table(leagues: LeagueService) -> dict[str, float]:
    return {r.name: r.points for r in leagues.standings("nuts", "s1").rows}


def test_take_an_event_out_recomputes_the_standings_and_undo_puts_it_back(
    leagues: LeagueService,
) -> None:
    assert table(leagues) == BOTH
    change = leagues.remove_event("nuts", "s1", "one", actor="Dana (director)")
    assert (change.action, change.name, change.by) == ("removed", "Night one", "Dana (director)")
    assert table(leagues) == WITHOUT_ONE
    assert [e.tournament_id for e in leagues.standings("nuts", "s1").events] == ["two"]
    assert [c.tournament_id for c in leagues.removed_events("nuts", "s1")] == ["one"]
    # the removal is recorded, the undo too
    back = leagues.restore_event("nuts", "s1", "one", actor="Dana (director)")
    assert back.action == "restored"
    assert table(leagues) == BOTH
    assert [e.tournament_id for e in leagues.standings("nuts", "s1").events] == ["one", "two"]
    assert leagues.removed_events("nuts", "s1") == []
    assert [(c.tournament, c.action) for c in leagues.store.season_changes("nuts", "s1")] == [
        ("one", "removed"),
        ("one", "restored"),
    ]
    # taken out again (the same instant: the order of changes is kept) and back again
    leagues.remove_event("nuts", "s1", "one", actor="Dana")
    assert table(leagues) == WITHOUT_ONE
    leagues.restore_event("nuts", "s1", "one", actor="Dana")
    assert table(leagues) == BOTH


def test_refusals_name_where_the_event_counts_and_change_nothing(leagues: LeagueService) -> None:
    with pytest.raises(InvalidCommand, match=r"not in season 's1'.*counts toward season 's2'"):
        leagues.remove_event("nuts", "s1", "three", actor="Dana")
    with pytest.raises(InvalidCommand, match="none of this league's seasons"):
        leagues.remove_event("nuts", "s1", "nope", actor="Dana")
    with pytest.raises(NotFound, match="no season 's9'"):
        leagues.remove_event("nuts", "s9", "one", actor="Dana")
    with pytest.raises(InvalidCommand, match="no removal to undo"):
        leagues.restore_event("nuts", "s1", "one", actor="Dana")
    assert table(leagues) == BOTH
    assert leagues.store.season_changes("nuts", "s1") == []
    # put in another season meanwhile: the undo says where it counts now
    leagues.remove_event("nuts", "s1", "one", actor="Dana")
    leagues.add_event("nuts", "s2", "one")
    with pytest.raises(InvalidCommand, match="counts toward season 's2' now"):
        leagues.restore_event("nuts", "s1", "one", actor="Dana")
    assert table(leagues) == WITHOUT_ONE


def test_cli_remove_event_and_restore_event_json(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'league.db'}"
    svc = open_service(db)
    try:
        season(svc)
    finally:
        svc.close()
    runner = CliRunner()

    def cli(*args: str) -> tuple[int, str]:
        result = runner.invoke(app, ["league", *args, "--db", db])
        assert "Traceback" not in result.output
        return result.exit_code, result.output

    code, out = cli("remove-event", "nuts", "s1", "one", "--json")
    assert code == 0, out
    assert json.loads(out)["action"] == "removed"
    code, out = cli("standings", "nuts", "s1", "--json")
    assert {r["name"]: r["points"] for r in json.loads(out)["rows"]} == WITHOUT_ONE
    code, out = cli("remove-event", "nuts", "s1", "three")
    assert code == 2
    assert "is not in season 's1'" in out
    code, out = cli("restore-event", "nuts", "s1", "one")
    assert code == 0, out
    assert "counts toward s1 again" in out
    code, out = cli("standings", "nuts", "s1", "--json")
    assert {r["name"]: r["points"] for r in json.loads(out)["rows"]} == BOTH
