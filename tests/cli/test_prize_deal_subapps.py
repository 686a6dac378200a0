"""The ``pokertd prize …`` and ``pokertd deal …`` sub-apps, and the older spellings beside them.

``prize`` groups the money commands that were (and still are) top level; ``deal`` became a
group with one calculator command per kind of deal, while every way of calling the single
``deal`` command it replaced keeps working (a tournament id first, options before the kind).
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

from pokertd.cli import app

CLI = typer.main.get_command(app)


@dataclass(frozen=True)
class Outcome:
    exit_code: int
    stdout: str
    output: str


def run(*args: str) -> Outcome:
    """``pokertd ARGS`` on the command built once; stdout alone and both streams."""
    with CliRunner().isolation() as (out, _err, both):
        try:
            CLI.main(args=list(args), prog_name="pokertd")
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
        return Outcome(code, out.getvalue().decode(), both.getvalue().decode())


def js(*args: str) -> Any:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'night.db'}"


def night(db: str, tid: str = "tue") -> str:
    """A six-player bounty event with registration closed, id ``tid``."""
    assert run("new", "-t", "fox_bounty_100", "-n", "Night", "--id", tid, "--db", db).exit_code == 0
    for name in ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay"):
        assert run("register", tid, name, "--card", "1", "--age-ok", "--db", db).exit_code == 0
    assert run("close-registration", tid, "--db", db).exit_code == 0
    return tid


def test_prize_calculators_equal_the_top_level_ones() -> None:
    payouts = ("--entries", "100", "--pool", "4074", "--table", "fox_ptab")
    new = js("prize", "payouts", *payouts)
    assert new == js("payouts", *payouts)
    assert new[0] == {"place": 1, "amount": 114072}
    icm = ("--stacks", "6000,4000,2000", "--prizes", "500,300,200")
    assert js("prize", "icm", *icm) == {"equities": [385.0, 340.0, 275.0], "method": "exact"}
    assert js("icm", *icm) == js("prize", "icm", *icm)


def test_prize_sub_app_over_a_tournament(db: str) -> None:
    tid = night(db)
    assert js("prize", "payouts", tid, "--db", db) == [
        {"place": 1, "amount": 17888},
        {"place": 2, "amount": 11926},
    ]
    assert run("prize", "options", tid, "--pko", "--db", db).exit_code == 0
    assert run("bust", tid, "Fay", "--by", "Ann", "--db", db).exit_code == 0
    ledger = js("prize", "bounties", tid, "--db", db)
    assert ledger == js("bounties", tid, "--db", db)
    assert ledger["progressive"] is True
    assert ledger["lines"][0]["cash"] == 1250
    rows = js("prize", "standings", tid, "--db", db)
    assert rows == js("standings", tid, "--db", db)
    assert [r["name"] for r in rows][-1] == "Fay"
    refused = run("prize", "receipt", tid, "Fay", "--db", db)
    assert refused.exit_code == 2
    assert len(refused.output.strip().splitlines()) == 1


def test_deal_kinds_are_commands_of_the_deal_group() -> None:
    shown = run("deal", "--help")
    assert shown.exit_code == 0
    for kind in ("icm", "chip", "floor", "even", "save", "custom"):
        assert kind in shown.stdout
    assert "tournament" not in shown.stdout.split("Commands")[-1]  # the hidden form
    data = js("deal", "icm", "--stacks", "5000,3000,2000", "--prizes", "50,30,20")
    assert [p["amount"] for p in data["players"]] == [3839, 3275, 2886]
    chip = js("deal", "chip", "--stacks", "5000,3000,2000", "--prizes", "50,30,20")
    assert [p["amount"] for p in chip["players"]] == [5000, 3000, 2000]


def test_older_deal_spellings_still_work(db: str) -> None:
    # options before the kind, as the single ``deal`` command accepted them
    before = js("deal", "--stacks", "5000,3000,2000", "--prizes", "50,30,20", "icm")
    assert [p["amount"] for p in before["players"]] == [3839, 3275, 2886]
    # a tournament id first: read as the tournament form, refused in one line
    tid = night(db)
    status = run("deal", tid, "status", "--db", db)
    assert status.exit_code == 2
    assert status.output.strip() == "error: No deal has been proposed in this tournament."
    assert run("deal", tid, "split", "--db", db).exit_code == 2
    assert run("deal").exit_code == 2  # nothing to work out, as before


def test_a_tournament_named_like_a_kind_of_deal(db: str) -> None:
    tid = night(db, tid="icm")
    status = run("deal", tid, "status", "--db", db)
    assert status.output.strip() == "error: No deal has been proposed in this tournament."
    assert run("prize", "options", tid, "--deals", "--db", db).exit_code == 0
    proposed = run("deal", tid, "even", "--db", db)
    assert proposed.exit_code == 0, proposed.output
    assert js("deal", tid, "status", "--db", db)["kind"] == "even"
