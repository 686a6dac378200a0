"""Renaming a player in the database keeps their history (issue 23).

"Jon Smyth" wins a TNPL night (registered, so the log records his database id), then the
director fixes the spelling to "John Smith". The night still says "Jon Smyth" and stays
his (same id: his history, his league points), a search or an exact look-up by the old
spelling finds John Smith "formerly Jon Smyth", and his next night counts in the same
league row. Refusals (empty, too long, another player's name) change nothing and say why.
League points: the stated table 10/7/5/3/2 (the TNPL rulebook states none).
"""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokertd.app import App
from pokertd.app.leagues import LeagueService, Season
from pokertd.app.players import PlayerService
from pokertd.app.tournaments import TournamentService, open_service
from pokertd.cli import app
from pokertd.errors import InvalidCommand
from pokertd.league.points import PointsKind, PointsScheme
from pokertd.store import open_store
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, Register
from pokertd.tournament.limits import NAME_MAX
from pokertd.tournament.templates import load_template

NOW = datetime(2026, 11, 28, 20, 0, tzinfo=UTC)
TABLE = PointsScheme(kind=PointsKind.FIXED, table=(10, 7, 5, 3, 2))


def night(svc: TournamentService, tid: str, names: list[str]) -> None:
    """A finished TNPL night: the first name wins, the others bust in reverse order."""
    svc.create(
        CreateTournament(name=f"Night {tid}", template=load_template("tnpl_league")),
        tournament_id=tid,
    )
    for n in names:
        svc.run(tid, Register(name=n, age_ok=True, member_ok=True), actor="floor")
    for n in reversed(names[1:]):
        svc.run(tid, Bust(players=(n,), eliminator=names[0]), actor="floor")
    svc.run(tid, CloseRegistration(), actor="floor")


def setup_db(svc: TournamentService) -> tuple[PlayerService, LeagueService, str]:
    leagues = LeagueService.over(svc)
    leagues.create_league("nuts", "The Nuts Poker League", TABLE)
    leagues.add_season(Season(league="nuts", key="s1", name="Season 1"))
    night(svc, "one", ["Jon Smyth", "Ann Lee", "Bob Marsh"])
    leagues.add_event("nuts", "s1", "one")
    players = App.over(svc, now=lambda: NOW).players
    (jon,) = players.find("Jon Smyth")
    return players, leagues, jon.id


@pytest.fixture
def db() -> tuple[TournamentService, PlayerService, LeagueService, str]:
    svc = TournamentService(
        open_store("sqlite:///:memory:"), rng_factory=lambda: random.Random(7), now=lambda: NOW
    )
    players, leagues, pid = setup_db(svc)
    return svc, players, leagues, pid


def test_rename_keeps_history_and_the_old_spelling_finds_the_player(
    db: tuple[TournamentService, PlayerService, LeagueService, str],
) -> None:
    svc, players, leagues, pid = db
    done = players.rename(pid, "  John   Smith ", staff="Dana")
    assert (done.player_id, done.old_name, done.new_name) == (pid, "Jon Smyth", "John Smith")
    assert players.get(pid).name == "John Smith"
    # the night keeps the name it recorded, under the same player id, and stays his
    (row,) = players.history(pid).rows
    assert (row.tournament_id, row.name, row.db_id, row.place, row.points) == (
        "one",
        "Jon Smyth",
        pid,
        1,
        10.0,
    )
    # the old spelling still finds him: search (part or beginning) and the exact look-up
    for query in ("Smyth", "jon smy", "Jon Smyth"):
        assert [p.id for p in players.search(query)] == [pid], query
    assert [p.id for p in players.find("Jon Smyth")] == [pid]
    assert [p.id for p in players.search("John")] == [pid]
    assert players.formerly([pid]) == {pid: ("Jon Smyth",)}
    assert [(r.old_name, r.new_name, r.staff) for r in players.show(pid).renames] == [
        ("Jon Smyth", "John Smith", "Dana")
    ]
    # the league shows him under his name now, with the night's points (one row)
    assert [(r.name, r.points) for r in leagues.standings("nuts", "s1").rows][:1] == [
        ("John Smith", 10.0)
    ]
    # his next night, under the new name, counts in the same league row: 10 + 10
    night(svc, "two", ["John Smith", "Ann Lee"])
    leagues.add_event("nuts", "s1", "two")
    rows = {r.player: (r.points, r.events) for r in leagues.standings("nuts", "s1").rows}
    assert rows[f"db:{pid}"] == (20.0, 2)
    assert [r.tournament_id for r in players.history(pid).rows] == ["two", "one"]


def test_rename_refusals_say_why_and_change_nothing(
    db: tuple[TournamentService, PlayerService, LeagueService, str],
) -> None:
    _, players, _, pid = db
    (ann,) = players.find("Ann Lee")
    with pytest.raises(InvalidCommand, match="A player's name is missing"):
        players.rename(pid, "   ", staff="Dana")
    with pytest.raises(InvalidCommand, match=f"at most {NAME_MAX} characters"):
        players.rename(pid, "J" * (NAME_MAX + 1), staff="Dana")
    with pytest.raises(InvalidCommand, match=rf"Ann Lee \({ann.id}\) already has that name"):
        players.rename(pid, "ann  LEE", staff="Dana")
    with pytest.raises(InvalidCommand, match="already has that name: nothing to change"):
        players.rename(pid, "Jon Smyth", staff="Dana")
    assert players.get(pid).name == "Jon Smyth"
    assert players.show(pid).renames == ()
    assert players.formerly([pid]) == {}
    # a change of case only is the player's own name: allowed
    assert players.rename(pid, "JON SMYTH", staff="Dana").new_name == "JON SMYTH"


def test_cli_player_rename_and_search_json(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'players.db'}"
    svc = open_service(url)
    try:
        _, _, pid = setup_db(svc)
    finally:
        svc.close()
    runner = CliRunner()

    def cli(*args: str) -> tuple[int, str]:
        result = runner.invoke(app, ["player", *args, "--db", url])
        assert "Traceback" not in result.output
        return result.exit_code, result.output

    code, out = cli("rename", pid, "John Smith", "--json")
    assert code == 0, out
    assert json.loads(out)["old_name"] == "Jon Smyth"
    code, out = cli("search", "Smyth", "--json")
    assert [(p["id"], p["name"], p["formerly"]) for p in json.loads(out)] == [
        (pid, "John Smith", ["Jon Smyth"])
    ]
    code, out = cli("search", "Smyth")
    assert "John Smith" in out
    assert "(formerly Jon Smyth)" in out
    code, out = cli("rename", pid, "Ann Lee")
    assert code == 2
    assert "Ann Lee (" in out
    assert "already has that name" in out
