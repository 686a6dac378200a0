"""A two-flight event reaches Day 2 through the CLI (issue 14 "Done when").

Every command a floor would type: ``new`` from a template file ($100 = $85 prize + $15
fee, 20,000 chips), ``register``, ``bust``, ``day end`` on both flights, ``series create |
event | add``, ``series day2``, ``day start``, ``close-registration``, ``bust`` down to one,
``results``, ``series lobby | cash --csv``. The numbers by hand: Day 1A has 4 entries and
bags 50,000 + 30,000 = 80,000 (4 x 20,000); Day 1B has 3 entries and bags 35,000 +
25,000 = 60,000 (3 x 20,000); Day 2: 4 players, 140,000 chips, pool 7 x $85 = $595.00,
collected 7 x $100 = $700.00, house 7 x $15 = $105.00.

Implements: C1 (Day 2 redraw), issue 14 (flights into Day 2, series lobby and cash).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from pokertd.cli import app
from pokertd.tournament.templates import load_template

RUNNER = CliRunner()


def _template(tmp_path: Path) -> str:
    """kpc_nlh's file with the TDA rules and a $100 = $85 + $15 buy-in."""
    src = load_template("kpc_nlh")
    assert src.starting_stack == 20_000
    text = (
        'title = "Main Event flight"\nprofile = "tda"\ngame = "NLH"\nstructure = "kpc_nlh"\n'
        "starting_stack = 20000\ntables = 2\nseats_per_table = 9\nreentry = false\n\n"
        '[buy_in]\nprize_pool = "$85"\nhouse_fee = "$15"\n'
    )
    path = tmp_path / "flight.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def _ok(*args: str) -> Any:
    result = RUNNER.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_a_two_flight_event_reaches_day2_through_the_cli(tmp_path: Path) -> None:
    db = str(f"sqlite:///{tmp_path / 'series.db'}")
    tmpl = _template(tmp_path)
    d = ("--db", db)
    for tid in ("m1a", "m1b"):
        _ok("new", "--template", tmpl, "--name", f"Main {tid[-2:].upper()}", "--id", tid, *d)
    for name in ("Ann", "Bob", "Cat", "Dan"):
        _ok("register", "m1a", name, "--age-ok", *d)
    for name in ("Eve", "Fay", "Gus"):
        _ok("register", "m1b", name, "--age-ok", *d)
    _ok("bust", "m1a", "Cat", "--by", "Ann", *d)
    _ok("bust", "m1a", "Dan", "--by", "Bob", *d)
    _ok("bust", "m1b", "Gus", "--by", "Eve", *d)
    ended = _ok("day", "end", "m1a", "--count", "Ann=50,000", "--count", "Bob=30000", *d)
    assert ended["roll_up"]["difference"] == 0
    ended = _ok("day", "end", "m1b", "--count", "Eve=35000", "--count", "Fay=25000", *d)
    assert ended["roll_up"]["chips_in_play"] == 60_000
    _ok("series", "create", "fest", "--name", "Fall Festival", *d)
    _ok("series", "event", "fest", "main", "--name", "Main Event", *d)
    assert _ok("series", "add", "fest", "m1a", "--flight", "main", *d)["label"] == "Day 1A"
    assert _ok("series", "add", "fest", "m1b", "--flight", "main", *d)["label"] == "Day 1B"
    formed = _ok("series", "day2", "fest", "main", "--id", "m2", *d)
    assert (formed["players"], formed["chips"], formed["entries"]) == (4, 140_000, 7)
    assert formed["carried_pool_cents"] == 7 * 85_00 == 595_00
    assert [(s["name"], s["chips"]) for s in formed["stacks"]] == [
        ("Ann", 50_000),
        ("Eve", 35_000),
        ("Bob", 30_000),
        ("Fay", 25_000),
    ]
    again = RUNNER.invoke(app, ["series", "day2", "fest", "main", *d])
    assert again.exit_code == 2
    assert "formed already" in again.output
    started = _ok("day", "start", "m2", *d)
    assert started["day"] == 2
    assert sorted((s["name"], s["chips"]) for s in started["seats"]) == [
        ("Ann", 50_000), ("Bob", 30_000), ("Eve", 35_000), ("Fay", 25_000)
    ]  # fmt: skip
    _ok("close-registration", "m2", *d)
    for name in ("Fay", "Bob", "Eve"):
        _ok("bust", "m2", name, "--by", "Ann", *d)
    res = _ok("results", "m2", *d)
    assert res["entries"] == 7
    assert res["prize_pool_cents"] == 595_00
    first = res["rows"][0]
    assert (first["place"], first["name"]) == (1, "Ann")
    assert sum(r["prize_cents"] or 0 for r in res["rows"]) == 595_00
    lobby = _ok("series", "lobby", "fest", *d)
    assert [(e["tournament"], e["state"]) for e in lobby["events"]] == [
        ("m1a", "carried to Day 2"),
        ("m1b", "carried to Day 2"),
        ("m2", "finished"),
    ]
    out = tmp_path / "cash.csv"
    report = _ok("series", "cash", "fest", "--csv", str(out), *d)
    total = report["total"]
    assert (total["entries"], total["collected_cents"], total["buyin_house_cents"]) == (
        7,
        700_00,
        105_00,
    )
    assert total["net_pool_cents"] == total["carried_in_cents"] == 595_00
    csv_lines = out.read_text(encoding="utf-8").splitlines()
    assert csv_lines[-1].startswith("TOTAL,,,,7,59500,10500,")
    text = RUNNER.invoke(app, ["series", "lobby", "fest", *d])
    assert text.exit_code == 0
    assert "Main Event Day 2" in text.output


def test_series_cli_refusals_are_one_line(tmp_path: Path) -> None:
    db = str(f"sqlite:///{tmp_path / 'series.db'}")
    d = ("--db", db)
    bad = RUNNER.invoke(app, ["series", "create", "Bad Id!", "--name", "x", *d])
    assert bad.exit_code == 2
    assert "cannot be a series id" in bad.output
    missing = RUNNER.invoke(app, ["series", "lobby", "nope", *d])
    assert missing.exit_code == 2
    assert "There is no series 'nope'" in missing.output
    assert "Traceback" not in missing.output


def test_FOX_REG5_a_foxwoods_player_bagged_in_day_1a_enters_day_1b_through_the_cli(
    tmp_path: Path,
) -> None:
    """FOX-REG5 is one event at a time, not one flight: in a Foxwoods Main Event declared
    with ``--reentry``, Ann bags 20,000 in Day 1A (fox_grinder: 2 x 15,000 = 30,000 = Ann
    20,000 + Bob 10,000) and registers in Day 1B; another Foxwoods event still refuses her
    (FOX-REG5). The old code refused Day 1B too."""
    db = str(f"sqlite:///{tmp_path / 'fox.db'}")
    d = ("--db", db)
    for tid in ("m1a", "m1b", "side"):
        _ok("new", "--template", "fox_grinder", "--name", tid.upper(), "--id", tid, *d)
    _ok("series", "create", "fest", "--name", "Fall Festival", *d)
    _ok("series", "event", "fest", "main", "--name", "Main Event", "--reentry", *d)
    _ok("series", "add", "fest", "m1a", "--flight", "main", *d)
    _ok("series", "add", "fest", "m1b", "--flight", "main", *d)
    for name, card in (("Ann", "1001"), ("Bob", "1002")):
        _ok("register", "m1a", name, "--card", card, "--age-ok", *d)
    _ok("day", "end", "m1a", "--count", "Ann=20000", "--count", "Bob=10000", *d)
    entered = _ok("register", "m1b", "Ann", "--card", "1001", "--age-ok", *d)
    assert entered
    refused = RUNNER.invoke(app, ["register", "side", "Ann", "--card", "1001", "--age-ok", *d])
    assert refused.exit_code == 2
    assert "one event at a time" in refused.output
    assert "FOX-REG5" in refused.output
