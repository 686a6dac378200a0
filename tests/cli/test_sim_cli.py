"""``pokertd sim``: a whole tournament from the command line, text and JSON."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pokertd.cli import app

runner = CliRunner()


def test_sim_json_is_the_report() -> None:
    result = runner.invoke(
        app,
        [
            "sim",
            "--players",
            "30",
            "--profile",
            "foxwoods",
            "--seats",
            "9",
            "--seed",
            "1",
            "--bounty",
            "$20",
            "--bounty-kind",
            "pko",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["players"] == 30
    assert len(data["finishing"]) == 30
    assert data["finishing"][0]["place"] == 1
    assert data["finishing"][0]["player"] == data["winner"]
    assert sum(f["prize"] for f in data["finishing"]) == data["prize_pool"]
    assert data["bounty_total"] == 30 * 2000
    assert data["levels"][0]["players_left"] == 30
    assert data["bubble"]["players_left"] <= data["paid_places"]


def test_sim_same_seed_same_output() -> None:
    args = ["sim", "--players", "20", "--seed", "5", "--json"]
    assert runner.invoke(app, args).stdout == runner.invoke(app, args).stdout


def test_sim_text_shows_summary_and_levels() -> None:
    result = runner.invoke(app, ["sim", "--players", "25", "--seed", "2", "--bots", "mix"])
    assert result.exit_code == 0, result.output
    assert "Winner:" in result.stdout
    assert "By level" in result.stdout
    assert "Bubble burst" in result.stdout


def test_sim_refuses_bad_input_in_one_line() -> None:
    result = runner.invoke(app, ["sim", "--players", "1"])
    assert result.exit_code == 2
    assert "at least two players" in result.output
    result = runner.invoke(app, ["sim", "--players", "10", "--buy-in", "lots", "--json"])
    assert result.exit_code == 2


def test_sim_runs_summarizes_several_seeds() -> None:
    result = runner.invoke(app, ["sim", "--players", "20", "--runs", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [r["seed"] for r in data["runs"]] == [1, 2, 3]
    assert data["duration"]["low"] <= data["duration"]["median"] <= data["duration"]["high"]
    text = runner.invoke(app, ["sim", "--players", "20", "--runs", "2"])
    assert text.exit_code == 0, text.output
    assert "Bubble burst: median" in text.stdout
    assert runner.invoke(app, ["sim", "--players", "20", "--runs", "0"]).exit_code == 2
