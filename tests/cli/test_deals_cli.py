"""The money commands over a stored tournament: payouts T, deal T, standings, bounties, pay."""

from __future__ import annotations

import csv
import io
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

from pokertd.cli import app

CLI = typer.main.get_command(app)  # built once: Typer rebuilds the app on every invoke


@dataclass(frozen=True)
class Outcome:
    exit_code: int
    stdout: str
    output: str


class _Runner:
    """``CliRunner.invoke`` on the command built once (a hundred times faster here)."""

    def invoke(self, _cli: object, args: list[str]) -> Outcome:
        with CliRunner().isolation() as (out, _err, both):
            try:
                CLI.main(args=args, prog_name="pokertd")
                code = 0
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 1
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
            return Outcome(code, out.getvalue().decode(), both.getvalue().decode())


runner = _Runner()


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'night.db'}"


def ok(db: str, *args: str) -> str:
    result = runner.invoke(CLI, [*args, "--db", db])
    assert result.exit_code == 0, result.output
    return result.stdout


def js(db: str, *args: str) -> Any:
    return json.loads(ok(db, *args, "--json"))


def bounty_night(db: str) -> str:
    ok(db, "new", "-t", "fox_bounty_100", "-n", "Tuesday bounty", "--id", "tue")
    for name in ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay"):
        ok(db, "register", "tue", name, "--card", "1", "--age-ok")
    ok(db, "close-registration", "tue")
    return "tue"


def test_payouts_of_a_tournament(db: str) -> None:
    tid = bounty_night(db)
    # H3 IMPL base: 3 % of buy-ins + bounty fees, 6 entries -> band 2-10
    assert js(db, "payouts", tid) == [{"place": 1, "amount": 17888}, {"place": 2, "amount": 11926}]
    assert "$298.14" in ok(db, "payouts", tid)


def test_bounty_split_deal_and_receipt(db: str) -> None:
    tid = bounty_night(db)
    ok(db, "bust", tid, "Fay", "--by", "Ann")
    ok(db, "bust", tid, "Eve")
    ok(db, "bounty", tid, "Eve", "--winners", "Bob,Cy", "--button", "1", "--seats", "4,2")
    ledger = js(db, "bounties", tid)
    assert [(line["collector"], line["cash"]) for line in ledger["lines"]] == [
        ("Ann", 2500),
        ("Cy", 2500),
    ]
    ok(db, "bust", tid, "Dee", "--by", "Ann")
    ok(db, "chips", tid, "Ann=45000", "Bob=30000", "Cy=15000")
    refused = runner.invoke(CLI, ["deal", tid, "icm", "--db", db])
    assert refused.exit_code == 2  # FOX: the house has not allowed deals
    ok(db, "prize-options", tid, "--deals")
    ok(db, "deal", tid, "icm")
    for name in ("Ann", "Bob", "Cy"):
        ok(db, "deal", tid, "accept", name)
    status = js(db, "deal", tid, "status")
    assert status["status"] == "proposed"  # the supervisor has not approved yet
    ok(db, "deal", tid, "approve", "Sam")
    status = js(db, "deal", tid, "status")
    assert status["status"] == "binding"
    assert sum(status["amounts"]) == 29814
    ok(db, "bust", tid, "Cy", "--by", "Ann")
    refused = runner.invoke(CLI, ["pay", tid, "Cy", "--db", db])
    assert refused.exit_code == 2
    assert "FOX-PAY2" in refused.output
    text = ok(db, "pay", tid, "Cy", "--id-checked")
    assert "PRIZE RECEIPT" in text
    assert "Bounties: $25.00" in text
    assert "PRIZE RECEIPT" in ok(db, "receipt", tid, "Cy")
    rows = js(db, "standings", tid)
    cy = next(r for r in rows if r["name"] == "Cy")
    assert cy["deal"] == status["amounts"][2]
    assert cy["total"] == cy["deal"] + 2500
    table = list(csv.DictReader(io.StringIO(ok(db, "standings", tid, "--csv", "-"))))
    assert [r["name"] for r in table][:2] == ["Ann", "Bob"]


def test_deal_standalone_still_works_and_bad_usage(db: str) -> None:
    assert runner.invoke(CLI, ["deal", "tue", "split", "--db", db]).exit_code == 2
    assert runner.invoke(CLI, ["deal", "tue", "accept", "--db", db]).exit_code == 2


def test_pko_option_and_posted_schedule(db: str) -> None:
    tid = bounty_night(db)
    ok(db, "prize-options", tid, "--pko")
    ok(db, "bust", tid, "Fay", "--by", "Ann")
    ledger = js(db, "bounties", tid)
    assert ledger["progressive"] is True
    assert ledger["lines"][0]["cash"] == 1250
    assert ledger["heads"]["E1"] == 3750
    text = ok(db, "post-schedule", tid)
    assert "2-10 entries: 1: 60%, 2: 40%" in text
    assert runner.invoke(CLI, ["post-schedule", tid, "--db", db]).exit_code == 2
