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
