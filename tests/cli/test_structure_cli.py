"""``pokertd structure list|show|validate|generate`` and ``pokertd chiprace``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pokertd.cli import app
from pokertd.tournament.clock import load_structure, structure_names

runner = CliRunner()


def run_json(*args: str) -> Any:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_structure_list_names_every_preset() -> None:
    data = run_json("structure", "list")
    assert [row["name"] for row in data] == structure_names()
    wed = next(row for row in data if row["name"] == "fox_wed")
    assert wed["durations"] == ["1-16: 20 min", "17+: 15 min"]
    assert wed["registration_closes_after_level"] == 6


@pytest.mark.parametrize("name", structure_names())
def test_structure_show_prints_every_preset_as_a_table(name: str) -> None:
    result = runner.invoke(app, ["structure", "show", name])
    assert result.exit_code == 0, result.output
    structure = load_structure(name)
    assert structure.title in result.stdout
    for lv in structure.levels:
        assert f"{lv.big_blind:,}" in result.stdout
    data = run_json("structure", "show", name)
    assert len(data["levels"]) == len(structure.levels)


def test_structure_show_with_added_levels_and_projection() -> None:
    data = run_json("structure", "show", "fox_wed", "--levels", "24")
    assert len(data["levels"]) == 24
    assert data["levels"][23]["extended"] is True
    data = run_json("structure", "show", "fox_wed", "--entries", "60", "--stack", "25000")
    assert data["projection"]["registration_closes_at_minute"] == 120
    text = runner.invoke(
        app, ["structure", "show", "fox_wed", "--entries", "60", "--stack", "25000"]
    )
    assert "registration closes at 2:00" in text.stdout


def test_structure_validate_accepts_presets_and_refuses_bad_files(tmp_path: Path) -> None:
    assert run_json("structure", "validate", "fox_b")["valid"] is True
    bad = tmp_path / "bad.toml"
    bad.write_text(
        "chips = [100, 500]\ndurations = [{ first = 1, minutes = 20 }]\n"
        "levels = [[1, 100, 200, 0], [2, 100, 150, 0]]\n"
    )
    result = runner.invoke(app, ["structure", "validate", str(bad)])
    assert result.exit_code == 2
    assert "blinds never decrease" in result.output
    result = runner.invoke(app, ["structure", "validate", str(bad), "--json"])
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"] == "invalid_command"
    result = runner.invoke(app, ["structure", "show", "nonesuch"])
    assert result.exit_code == 2
    assert "no structure named" in result.output


def test_structure_generate_writes_a_valid_file(tmp_path: Path) -> None:
    out = tmp_path / "night.toml"
    data = run_json(
        "structure", "generate", "--players", "60", "--stack", "20000", "--hours", "6",
        "--level-minutes", "20", "--name", "night", "--out", str(out),
    )  # fmt: skip
    assert data["levels"][0]["big_blind"] == 200
    assert load_structure(out).problems() == []
    assert [lv.big_blind for lv in load_structure(out).levels] == [
        row["big_blind"] for row in data["levels"]
    ]
    result = runner.invoke(
        app, ["structure", "generate", "--players", "1", "--stack", "20000", "--hours", "6"]
    )
    assert result.exit_code == 2


def test_chiprace_catalogue_example_from_the_command_line() -> None:
    """B11: stacks 12,300 / 8,200 / 100 / 9,000 / 6,400, cards as dealt → 36,500 in play."""
    data = run_json(
        "chiprace", "1=12300", "2=8200", "3=100", "4=9000", "5=6400",
        "--remove", "100", "--chips", "100,500,1000,5000",
        "--deck", "7c Kc 9d Kh Qd 4s 2c 3h 8s 5d", "--profile", "foxwoods",
    )  # fmt: skip
    assert [s["stack_after"] for s in data["seats"]] == [12000, 8500, 500, 9000, 6500]
    assert data["chips_after"] == 36500
    assert data["cards_dealt"][0] == [1, "7c"]
    text = runner.invoke(
        app,
        ["chiprace", "1=12300", "2=8200", "3=100", "4=9000", "5=6400", "--remove", "100",
         "--structure", "fox_wed", "--seed", "4"],
    )  # fmt: skip
    assert text.exit_code == 0, text.output
    assert "36,000 →" in text.stdout


def test_chiprace_round_up_and_refusals() -> None:
    data = run_json(
        "chiprace", "1=12300", "2=8200", "3=100", "--remove", "100",
        "--chips", "100,500,1000", "--profile", "spotlight",
    )  # fmt: skip
    assert [s["stack_after"] for s in data["seats"]] == [12500, 8500, 500]
    for args in (
        ["1=12300", "--remove", "100"],  # no chips given
        ["1=abc", "--remove", "100", "--chips", "100,500"],
        ["1=12300", "--remove", "100", "--chips", "100,500", "--profile", "tnpl"],
        ["1=12300", "--remove", "25", "--chips", "100,500"],
    ):
        result = runner.invoke(app, ["chiprace", *args, "--seed", "1"])
        assert result.exit_code == 2, args


def test_a_mixed_structure_shows_limits_not_blinds() -> None:
    """Issue 28: a HORSE sheet is read in limits (small bet/big bet), a stud level by its
    ante and bring-in; an 8-game sheet's no-limit levels by their blinds. (The number
    cells never wrap; game names may, at a narrow terminal.)"""
    horse = runner.invoke(app, ["structure", "show", "horse"])
    assert horse.exit_code == 0, horse.output
    header = next(line for line in horse.stdout.splitlines() if "Level" in line)
    assert "Limits" in header
    assert " SB " not in header
    razz = next(line for line in horse.stdout.splitlines() if line.strip().startswith("3 "))
    assert "200/400" in razz  # level 3, razz: limits 200/400, ante 25, bring-in 50
    assert "25" in razz
    assert "50" in razz
    six = next(line for line in horse.stdout.splitlines() if line.strip().startswith("6 "))
    assert "600/1,200" in six  # level 6, limit hold'em again
    eight = runner.invoke(app, ["structure", "show", "eight_game"])
    first = next(line for line in eight.stdout.splitlines() if line.strip().startswith("1 "))
    assert "blinds 50/100" in first
