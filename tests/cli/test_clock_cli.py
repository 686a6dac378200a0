"""``pokertd clock T [start|pause|resume|next|prev|set|adjust|add|hfh|call|colorup]``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pokertd.cli import app

runner = CliRunner()


@pytest.fixture
def db(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'clock.db'}"
    result = runner.invoke(
        app, ["new", "-t", "fox_wed_80", "-n", "Wednesday", "--id", "wed", "--db", url]
    )
    assert result.exit_code == 0, result.output
    return url


def clock(db: str, *args: str) -> Any:
    result = runner.invoke(app, ["clock", "wed", *args, "--db", db, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_clock_show_start_and_drive(db: str) -> None:
    assert clock(db)["clock"] is None
    data = clock(db, "start")
    assert data["done"] == ["Clock set up with the structure Foxwoods WED. NIGHT STRUCTURE",
                            "Clock started"]  # fmt: skip
    assert data["clock"]["level"]["level"] == 1
    assert data["clock"]["registration_open"] is True
    assert clock(db, "set", "12")["clock"]["level"]["blinds"] == "1,200/2,400 BBA 2,400"
    brk = clock(db, "next")["clock"]
    assert brk["on_break"] is True
    assert brk["color_up"] == [100]
    assert clock(db, "prev")["clock"]["on_break"] is False
    assert clock(db, "adjust", "-5m")["clock"]["seconds_left"] <= 15 * 60
    assert clock(db, "adjust", "+1:30")["done"] == ["1:30 added to the clock"]
    assert clock(db, "pause", "--reason", "count")["clock"]["running"] is False
    assert clock(db, "resume")["clock"]["running"] is True
    assert clock(db, "add", "2")["done"] == ["Levels 22-23 added"]
    assert clock(db, "hfh", "on")["clock"]["hand_for_hand"] is True
    assert clock(db, "hfh", "hand")["clock"]["hfh_hands"] == 1
    assert clock(db, "call", "4", "--table", "2")["done"][0].startswith("Clock called")
    assert clock(db, "chip", "100000", "blue")["done"] == ["New chip announced: 100,000 (blue)"]
    text = runner.invoke(app, ["clock", "wed", "--db", db])
    assert "Level 12" in text.stdout
    assert "hand-for-hand" in text.stdout


def test_clock_refusals_exit_2_and_change_nothing(db: str) -> None:
    result = runner.invoke(app, ["clock", "wed", "pause", "--db", db])
    assert result.exit_code == 2
    assert "not been started" in result.output
    clock(db, "start")
    for args in (["set", "99"], ["adjust", "soon"], ["hfh", "maybe"], ["warp"], ["set"]):
        result = runner.invoke(app, ["clock", "wed", *args, "--db", db])
        assert result.exit_code == 2, (args, result.output)
    assert clock(db)["clock"]["level"]["level"] == 1
    result = runner.invoke(app, ["clock", "wed", "start", "--db", db, "--json"])
    assert result.exit_code == 2
    assert "already started" in json.loads(result.stdout)["message"]


def test_clock_colorup_records_the_race(db: str) -> None:
    for name in ("Ann", "Bob", "Cat"):
        result = runner.invoke(
            app, ["register", "wed", name, "--db", db, "--age-ok", "--member-ok", "--card", name]
        )
        assert result.exit_code == 0, result.output
    clock(db, "start")
    clock(db, "set", "12")
    clock(db, "next")
    data = clock(
        db, "colorup", "Ann=12300", "Bob=8200", "Cat=100", "--table", "1",
        "--deck", "7c Kc 9d Qd 4s 3h",
    )  # fmt: skip
    assert data["done"][0].startswith("Colour-up at table 1: 100 chips removed by race")


def test_B10_FOX_HFH_hfh_hand_with_table_reports_one_table_only(tmp_path: Path) -> None:
    """Issue 22: ``clock T hfh hand --table 1`` counted a whole hand-for-hand hand (2:00 off
    the clock) although table 2 had not finished: ``--table`` was ignored for ``hand``. Now
    it reports table 1 only; table 2's report finishes the hand. ``--table`` with a command
    for the whole event is refused rather than ignored."""
    from pokertd.app.tournaments import open_service
    from pokertd.tournament.entries import CreateTournament, Register
    from pokertd.tournament.seating import LayTables, SeatPlayer
    from pokertd.tournament.templates import load_template

    url = f"sqlite:///{tmp_path / 'hfh.db'}"
    with open_service(url) as service:
        tmpl = load_template("fox_wed_80").with_changes(tables=2, seats_per_table=10)
        tid = service.create(
            CreateTournament(name="Two tables", template=tmpl), tournament_id="wed"
        )
        names = [f"Player {i:02d}" for i in range(1, 9)]
        for name in names:
            service.run(tid, Register(name=name, member=f"M-{name}", age_ok=True))
        service.run(tid, LayTables(tables=((1, 10), (2, 10))))
        for i, name in enumerate(names):
            service.run(tid, SeatPlayer(player=name, table=1 + i % 2, seat=1 + i // 2))
    clock(url, "start")
    clock(url, "pause")  # the CLI runs on the wall clock: a paused clock stands still
    clock(url, "set", "9")
    assert clock(url, "hfh", "on")["clock"]["seconds_left"] == 20 * 60
    one = clock(url, "hfh", "hand", "--table", "1")
    assert one["done"] == ["Table 1 finished its hand-for-hand hand (HFH-1)"]
    assert one["clock"]["hfh_hands"] == 0
    assert one["clock"]["seconds_left"] == 20 * 60
    two = clock(url, "hfh", "hand", "--table", "2")
    assert two["done"][0] == "Table 2 finished its hand-for-hand hand (HFH-1)"
    assert two["clock"]["hfh_hands"] == 1
    assert two["clock"]["seconds_left"] == 18 * 60
    for args in (["hfh", "off"], ["next"], ["resume"]):
        result = runner.invoke(app, ["clock", "wed", *args, "--table", "2", "--db", url])
        assert result.exit_code == 2, (args, result.output)
        assert "--table does not go with" in result.output
    assert clock(url)["clock"]["hand_for_hand"] is True


def test_a_horse_clock_and_status_name_the_game_now_and_next(tmp_path: Path) -> None:
    """Issue 28: level 3 of the HORSE preset deals razz at 200/400 (ante 25, bring-in 50),
    level 4 seven card stud at 300/600 (ante 50, bring-in 75): ``pokertd clock`` and
    ``pokertd status`` say both; ``structure show`` has a Game column."""
    url = f"sqlite:///{tmp_path / 'horse.db'}"
    made = runner.invoke(app, ["new", "-t", "horse", "-n", "HORSE", "--id", "h", "--db", url])
    assert made.exit_code == 0, made.output
    for args in (["start"], ["set", "3"]):
        assert runner.invoke(app, ["clock", "h", *args, "--db", url]).exit_code == 0
    text = runner.invoke(app, ["clock", "h", "--db", url]).stdout
    assert "Level 3  Razz 200/400, ante 25, bring-in 50" in text
    assert "Next: level 4  Seven card stud 300/600, ante 50, bring-in 75" in text
    status = runner.invoke(app, ["status", "h", "--db", url]).stdout
    assert (
        "Razz 200/400, ante 25, bring-in 50 — next: Seven card stud 300/600, ante 50, bring-in 75"
    ) in " ".join(status.split())
    data = json.loads(runner.invoke(app, ["clock", "h", "--db", url, "--json"]).stdout)
    assert (data["clock"]["level"]["game"], data["clock"]["next_level"]["game"]) == ("razz", "stud")
    shown = runner.invoke(app, ["structure", "show", "horse"]).stdout
    assert "Game" in shown
    assert "Seven" in shown  # "Seven card stud", wrapped at a narrow terminal
    assert "Bring-in" in shown


def test_a_single_game_status_has_no_game_line(db: str) -> None:
    assert runner.invoke(app, ["clock", "wed", "start", "--db", db]).exit_code == 0
    status = runner.invoke(app, ["status", "wed", "--db", db]).stdout
    assert "next:" not in status
    assert "hold'em" not in status
