"""``pokertd day end|start|bags`` and ``pokertd series satellite|awards|pay-seat``, --json.

Four players of 20,000 chips: 80,000 in play; the bags hold 30,000 + 25,000 + 15,000 +
10,000 = 80,000. A satellite of four $525 buy-ins ($2,100) with $1,000 seats: 2 seats and
$100 cash to third place.
"""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pokertd.app.tournaments import open_service
from pokertd.cli import app
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, Register, Roster
from pokertd.tournament.seating import DrawSeats
from pokertd.tournament.templates import Fees, load_template

RUNNER = CliRunner()


def _store(tmp_path: Path) -> str:
    db = f"sqlite:///{tmp_path / 'days.db'}"
    tmpl = load_template("kpc_nlh").with_changes(profile="tda", fees=Fees(prize_pool=525_00))
    with open_service(db) as svc:
        for tid in ("d1", "main"):
            svc.create(CreateTournament(name=tid.upper(), template=tmpl), tournament_id=tid)
        for i, name in enumerate(("Ann", "Bob", "Cat", "Dan")):
            svc.run("d1", Register(name=name, member=f"40{i}", age_ok=True))
        svc.run("d1", DrawSeats())
    return db


def _json(args: list[str]) -> dict[str, object]:
    result = RUNNER.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert isinstance(data, dict)
    return data


def test_day_end_bags_and_start_as_json(tmp_path: Path) -> None:
    db = _store(tmp_path)
    counts = ["--count", "Ann=30,000", "--count", "Bob=25000", "--count", "Cat=15000"]
    refused = RUNNER.invoke(app, ["day", "end", "d1", *counts, "--db", db])
    assert refused.exit_code == 2
    assert "none recorded for Dan" in refused.output
    ended = _json(
        ["day", "end", "d1", *counts, "--count", "Dan=10000", "--bag", "Dan=Z1", "--db", db]
    )
    roll = ended["roll_up"]
    assert isinstance(roll, dict)
    assert (roll["chips_in_play"], roll["bagged"], roll["difference"]) == (80_000, 80_000, 0)
    bags = _json(["day", "bags", "d1", "--db", db])
    assert bags == ended
    started = _json(["day", "start", "d1", "--table", "1:2", "--table", "2:2", "--db", db])
    assert started["day"] == 2
    seats = started["seats"]
    assert isinstance(seats, list)
    assert sorted((s["name"], s["chips"]) for s in seats) == [
        ("Ann", 30_000),
        ("Bob", 25_000),
        ("Cat", 15_000),
        ("Dan", 10_000),
    ]
    assert sorted(s["table"] for s in seats) == [1, 1, 2, 2]


def test_series_satellite_awards_and_pay_seat_as_json(tmp_path: Path) -> None:
    db = _store(tmp_path)
    bad = RUNNER.invoke(
        app, ["series", "satellite", "d1", "--target", "nope", "--seat-value", "1,000", "--db", db]
    )
    assert bad.exit_code == 2
    assert "no event 'nope'" in bad.output
    terms = _json(
        ["series", "satellite", "d1", "--target", "main", "--seat-value", "1,000", "--db", db]
    )
    assert (terms["pool_cents"], terms["seats"], terms["leftover_cents"]) == (2_100_00, 2, 100_00)
    with open_service(db) as svc:
        svc.run("d1", CloseRegistration())
        svc.run("d1", Bust(players=("Dan",), eliminator="Ann"))
        svc.run("d1", Bust(players=("Cat",), eliminator="Ann"))
    paid = _json(["series", "pay-seat", "d1", "Bob", "--db", db])
    assert (paid["seat"], paid["target_event"]) == (True, "main")
    cash = _json(["series", "pay-seat", "d1", "Cat", "--db", db])
    assert (cash["place"], cash["cash_cents"], cash["seat"]) == (3, 100_00, False)
    awards = _json(["series", "awards", "d1", "--db", db])
    assert awards["awards"] == [
        {"place": 1, "seat": True, "cash_cents": 0},
        {"place": 2, "seat": True, "cash_cents": 0},
        {"place": 3, "seat": False, "cash_cents": 100_00},
    ]
    with open_service(db) as svc:
        names = [p.name for p in svc.state("main").part(Roster).players.values()]
    assert names == ["Bob"]
