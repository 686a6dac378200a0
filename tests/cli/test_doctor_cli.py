"""``pokertd doctor``: the read models checked against the logs, and rebuilt (issue 24).

A Friday night with 4 registered people; an older pokertd's crash left 2 of them out of
the player database and 3 links out of the history index (the rows are deleted by hand
here, as such a crash left them). ``doctor`` finds exactly that (exit 1), ``--repair``
rebuilds it (exit 0), and a second ``doctor`` finds nothing.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from pokertd.app.tournaments import TournamentService
from pokertd.cli import app
from pokertd.cli.doctor import catch_up_at_start
from pokertd.store import open_store
from pokertd.tournament.entries import CreateTournament, PlayerAdded, Register
from pokertd.tournament.templates import load_template

runner = CliRunner()
NAMES = ("Ann Lee", "Bo Chan", "Cy Wu", "Dee Park")


def _night(path: Path) -> list[str]:
    """The Friday night; the player-database ids its log recorded, in order."""
    with TournamentService(open_store(f"sqlite:///{path}")) as service:
        template = load_template("fox_saturday").with_changes(tables=1, seats_per_table=10)
        service.create(CreateTournament(name="Friday", template=template), tournament_id="fri")
        for name in NAMES:
            service.run("fri", Register(name=name, age_ok=True, member_ok=True))
        return [r.event.db_id for r in service.records("fri") if isinstance(r.event, PlayerAdded)]


def _doctor(path: Path, *args: str) -> tuple[int, dict[str, Any]]:
    result = runner.invoke(app, ["doctor", "--db", f"sqlite:///{path}", "--json", *args])
    return result.exit_code, json.loads(result.stdout)


def _players(report: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = next(p for p in report["projections"] if p["name"] == "players")
    return found


def test_doctor_finds_and_repairs_players_and_links_a_crash_left_out(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    ids = _night(db)
    assert len(ids) == 4
    conn = sqlite3.connect(db)
    conn.execute("DELETE FROM pokertd_players WHERE id IN (?, ?)", (ids[2], ids[3]))
    conn.execute("DELETE FROM pokertd_player_events WHERE player_id <> ?", (ids[0],))
    conn.commit()
    conn.close()

    code, report = _doctor(db)
    assert code == 1
    assert report["healthy"] is False
    players = _players(report)
    assert (players["checked"], players["behind"], players["wrong"], players["rebuilt"]) == (
        1,
        0,
        1,
        0,
    )
    assert players["details"] == [
        "fri: 2 of 4 players missing from the player database, 3 links missing."
    ]

    code, report = _doctor(db, "--repair")
    assert code == 0
    assert _players(report)["rebuilt"] == 1

    code, report = _doctor(db)
    assert code == 0
    assert report["healthy"] is True
    assert [(p["behind"], p["wrong"]) for p in report["projections"]] == [(0, 0)] * 3
    store = open_store(f"sqlite:///{db}")
    try:
        assert [store.player(i).name for i in ids] == list(NAMES)  # type: ignore[attr-defined]
        assert store.player_events(ids) == ["fri"]  # type: ignore[attr-defined]
    finally:
        store.close()


def test_doctor_prints_one_line_per_read_model(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    _night(db)
    result = runner.invoke(app, ["doctor", "--db", f"sqlite:///{db}"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "players: 1 checked, 0 behind, 0 wrong, 0 rebuilt",
        "series: 0 checked, 0 behind, 0 wrong, 0 rebuilt",  # no Day 2 formed from flights
        "league results: 0 checked, 0 behind, 0 wrong, 0 rebuilt",
        "Every read model matches the logs.",
    ]


def test_the_server_start_catches_the_player_database_up(tmp_path: Path) -> None:
    """An older pokertd's database: 4 people in the log, none in the player database and
    no positions. What ``pokertd serve`` runs at its start adds the 4 people and links."""
    db = tmp_path / "club.db"
    ids = _night(db)
    conn = sqlite3.connect(db)
    for table in ("pokertd_players", "pokertd_player_events", "projections"):
        conn.execute(f"DELETE FROM {table}")
    conn.commit()
    conn.close()
    with TournamentService(open_store(f"sqlite:///{db}")) as service:
        report = catch_up_at_start(service)
        players = next(c for c in report.checks if c.name == "players")
        assert (players.checked, players.behind, players.rebuilt) == (1, 1, 1)
        store = service.store
        assert [store.player(i).name for i in ids] == list(NAMES)  # type: ignore[attr-defined]
        assert store.player_events(ids) == ["fri"]  # type: ignore[attr-defined]
