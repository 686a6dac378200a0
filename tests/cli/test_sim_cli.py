"""``pokertd sim``: the night a director will run, from the command line (issue 15).

Small fields (12-30 entries of the Foxwoods $120 event) keep each night well under a second;
the answers are checked against the reports the driver gives for the same seeds.
"""

from __future__ import annotations

import io
import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

import pokertd.cli.sim as sim_cli
from pokertd.cli import app
from pokertd.sim.batch import simulate_nights, spread
from pokertd.sim.night import simulate_night
from pokertd.sim.report import NightConfig
from pokertd.store import open_store

runner = CliRunner()


def _json(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["sim", *args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


def test_json_is_the_night_report_of_the_driver() -> None:
    data = _json("--template", "fox_120", "--entries", "20", "--seed", "3")
    report = simulate_night(NightConfig(template="fox_120", entries=20, seed=3))
    assert data["seed"] == 3
    assert data["template"] == "fox_120"
    assert data["duration"] == report.duration
    assert data["hands"] == report.hands
    assert data["money_at"] == report.money_at
    assert data["winner"] == report.winner
    assert data["entries"] == data["players"] + data["reentries"]
    assert len(data["checks"]) == 5
    first = data["levels"][0]
    assert first["level"] == 1
    assert first["players_left"] <= 20


def test_options_reach_the_simulation() -> None:
    """No late arrivals and no re-entries: everybody is seated at level 1, and the only
    entries are the first ones; a slower deal makes the same seed's night longer."""
    quick = _json("--entries", "20", "--seed", "3", "--late", "0", "--reentry", "0")
    assert quick["levels"][0]["players_left"] == 20
    assert quick["reentries"] == 0
    assert quick["entries"] == 20
    slow = _json("--entries", "20", "--seed", "3", "--late", "0", "--reentry", "0",
                 "--seconds-per-deal", "120")  # fmt: skip
    assert slow["duration"] > quick["duration"]


def test_text_is_a_directors_summary() -> None:
    result = runner.invoke(app, ["sim", "--entries", "20", "--seed", "3"])
    assert result.exit_code == 0, result.output
    report = simulate_night(NightConfig(entries=20, seed=3))
    out = result.stdout
    assert "Registration closes" in out
    assert "Money reached" in out
    assert "Final table" in out
    assert f"{report.hands:,} hands" in out
    assert sim_cli._clock(report.money_at) in out
    assert "By level" in out
    assert "Self-checks passed" in out
    assert "✓ one seat per player" in out


@pytest.mark.parametrize(
    ("template", "games"),
    [
        ("horse", ["flhe", "o8", "razz", "stud", "stud8"]),
        ("eight_game", ["nlhe", "plo", "27td", "flhe", "o8", "razz", "stud", "stud8"]),
        ("stud", ["stud"]),
    ],
)
def test_mixed_templates_run_to_the_last_prize_and_name_the_games_dealt(
    template: str, games: list[str]
) -> None:
    """Issue 28: ``--template horse``, ``eight_game`` and ``stud`` play through the core
    with the self-checks on; ``--json`` gives the hands of each game in the rotation's
    order (the levels deal them in turn), the text one line naming them."""
    data = _json("--template", template, "--entries", "16", "--seed", "4", "--late", "0")
    assert [game for game, _ in data["games"]] == games
    assert sum(hands for _, hands in data["games"]) == data["hands"]
    assert all(hands > 0 for _, hands in data["games"])
    assert len(data["checks"]) == 5
    assert data["paid_places"] >= 1
    text = runner.invoke(app, ["sim", "--template", template, "--entries", "16", "--seed", "4",
                               "--late", "0"])  # fmt: skip
    assert text.exit_code == 0, text.output
    line = " ".join(text.stdout.split())
    assert "Games dealt (hands each): " in line
    first, hands = data["games"][0]
    name = {"flhe": "Limit hold'em", "nlhe": "No-limit hold'em", "stud": "Seven card stud"}
    assert f"{name[first]} {hands:,}" in line


def test_runs_print_the_spread_and_the_runs() -> None:
    data = _json("--entries", "20", "--seed", "3", "--runs", "3", "--workers", "1")
    reports = simulate_nights(NightConfig(entries=20, seed=3), 3, workers=1)
    expected = spread(reports)
    assert data["seeds"] == [3, 4, 5]
    assert [r["seed"] for r in data["runs"]] == [3, 4, 5]
    assert data["duration"] == {
        "p10": expected.duration.p10,
        "p50": expected.duration.p50,
        "p90": expected.duration.p90,
        "low": expected.duration.low,
        "high": expected.duration.high,
        "runs": 3,
    }
    assert data["players_left"][0]["at"] == 0
    text = runner.invoke(app, ["sim", "--entries", "20", "--runs", "3", "--workers", "1"])
    assert text.exit_code == 0, text.output
    assert "3 runs (seeds 1 to 3)" in text.stdout
    assert "Self-checks passed in all 3 runs" in text.stdout
    assert "Median" in text.stdout
    assert "90%" in text.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--template", "nope"], "no event template called 'nope'"),
        (["--profile", "nope"], "no rule profile called 'nope'"),
        (["--entries", "1"], "at least two players"),
        (["--entries", "301"], "seats 300"),
        (["--late", "1.5"], "between 0 and 1"),
        (["--reentry", "-0.1"], "between 0 and 1"),
        (["--rebuy", "nan"], "between 0 and 1"),
        (["--seconds-per-action", "0"], "more than 0"),
        (["--runs", "0"], "between 1 and 1,000 nights, not 0"),
        (["--runs", "1001"], "not 1,001"),
        (["--runs", "2", "--workers", "0"], "at least one worker"),
        (["--chart", "night.pdf"], ".svg or .png"),
        (["--from", "t1"], "--from needs --store"),
        (["--bots", "sharks"], "Bots are one of"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(args: list[str], words: str) -> None:
    result = runner.invoke(app, ["sim", "--entries", "20", *args])
    assert result.exit_code == 2, result.output
    assert words in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1
    as_json = runner.invoke(app, ["sim", "--entries", "20", *args, "--json"])
    assert as_json.exit_code == 2
    assert words in json.loads(as_json.stdout)["message"]


def test_chart_files_svg_and_png(tmp_path: Path) -> None:
    svg = tmp_path / "night.svg"
    png = tmp_path / "night.png"
    result = runner.invoke(app, ["sim", "--entries", "20", "--chart", str(svg)])
    assert result.exit_code == 0, result.output
    assert f"written to {svg}" in result.stdout
    text = svg.read_text(encoding="utf-8")
    assert "Players left" in text
    assert "Average stack in big blinds by level" in text
    result = runner.invoke(app, ["sim", "--entries", "20", "--runs", "2", "--workers", "1",
                                 "--chart", str(png), "--json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    json.loads(result.stdout)  # the chart message stays off the JSON
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    nowhere = tmp_path / "no-such-folder" / "night.svg"
    result = runner.invoke(app, ["sim", "--entries", "12", "--chart", str(nowhere)])
    assert result.exit_code == 2
    assert "could not be written" in result.output
    assert "Traceback" not in result.output


def test_store_keeps_the_log(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'night.db'}"
    data = _json("--entries", "12", "--store", url)
    assert data["store_url"] == url
    store = open_store(url)
    try:
        assert len(store.load(str(data["tournament_id"]))) == data["events"]
    finally:
        store.close()


def _half_played(tmp_path: Path) -> tuple[str, str, datetime, int]:
    """A live tournament: a simulated night's log cut after the chip count at the end of
    level 8 (stacks known, clock running), in its own store."""
    full = f"sqlite:///{tmp_path / 'full.db'}"
    report = simulate_night(NightConfig(entries=20, seed=3, store_url=full))
    tid = report.tournament_id
    source = open_store(full)
    records = source.load(tid)
    source.close()
    counts = [r.batch for r in records if r.command == "RecordChips"]
    cut = counts[len(counts) // 2]
    kept = [r for r in records if r.batch <= cut]
    live = f"sqlite:///{tmp_path / 'live.db'}"
    store = open_store(live)
    batches: dict[int, list[object]] = {}
    for r in kept:
        batches.setdefault(r.batch, []).append(r)
    seq = 0
    for batch in sorted(batches):
        rows = [r for r in kept if r.batch == batch]
        store.append(tid, seq, [r.event for r in rows], actor=rows[0].actor,
                     recorded_at=rows[0].recorded_at, command=rows[0].command)  # fmt: skip
        seq += len(rows)
    store.close()
    return live, tid, kept[-1].recorded_at, len(kept)


def test_from_a_live_tournament_simulates_the_rest_and_leaves_it_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    live, tid, at, events = _half_played(tmp_path)
    monkeypatch.setattr(sim_cli, "_now", lambda: at)
    data = _json("--from", tid, "--store", live, "--seed", "9")
    assert data["started_from"] == tid
    assert data["duration"] > 0
    assert data["winner"]
    spread_data = _json("--from", tid, "--store", live, "--runs", "2")
    assert spread_data["seeds"] == [1, 2]
    store = open_store(live)
    try:
        assert len(store.load(tid)) == events  # only read
    finally:
        store.close()


def test_progress_bar_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    terminal = Console(file=out, force_terminal=True, width=120)
    monkeypatch.setattr(sim_cli, "console", terminal)
    result = runner.invoke(app, ["sim", "--entries", "20", "--runs", "2", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "Simulating nights" in out.getvalue()
    assert "2/2" in out.getvalue()
    out.truncate(0)
    result = runner.invoke(app, ["sim", "--entries", "20", "--json"])
    assert result.exit_code == 0
    assert "Simulating" not in out.getvalue()
    plain = runner.invoke(app, ["sim", "--entries", "20"])
    assert "Simulating" not in plain.stdout  # not a terminal: no bar


def test_careless_cli_reports_the_mistakes_by_kind() -> None:
    """``pokertd sim --floor careless`` says what the floor did, kind by kind, and that
    every self-check held; ``--json`` carries the same counts."""
    args = ["sim", "--template", "kpc_nlh", "--entries", "30", "--seed", "2", "--floor", "careless"]
    text = runner.invoke(app, args)
    assert text.exit_code == 0, text.output
    report = simulate_night(NightConfig(template="kpc_nlh", entries=30, seed=2, floor="careless"))
    total = sum(n for _, n in report.mistakes)
    assert f"The careless floor made {total} mistakes" in text.stdout
    assert "every self-check held (0 violations)" in text.stdout
    assert "the wrong player busted, undone after later busts, recorded again" in text.stdout
    data = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert data["floor"] == "careless"
    assert [tuple(m) for m in data["mistakes"]] == list(report.mistakes)
    assert data["refusals"] == report.refusals


def test_an_unknown_floor_is_refused_in_one_sentence() -> None:
    result = runner.invoke(app, ["sim", "--entries", "20", "--floor", "sloppy"])
    assert result.exit_code == 2
    assert "The floor is careful or careless, not 'sloppy'." in result.output


def test_runs_of_a_mixed_event_count_the_hands_of_each_game_over_every_run() -> None:
    """``--runs``: the games dealt over every run, their hands adding up to the runs'."""
    data = _json("--template", "horse", "--entries", "12", "--runs", "2", "--workers", "1")
    assert [game for game, _ in data["games"]] == ["flhe", "o8", "razz", "stud", "stud8"]
    assert sum(h for _, h in data["games"]) == sum(run["hands"] for run in data["runs"])
