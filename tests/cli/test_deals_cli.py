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


def refused(db: str, *args: str) -> str:
    """The one-line refusal of a command the core turns down (exit code not 0)."""
    result = runner.invoke(CLI, [*args, "--db", db])
    assert result.exit_code != 0, result.output
    return result.output


def test_issue22_NJ_44d_post_schedule_prints_the_amounts(db: str) -> None:
    """The posted schedule shows each place's amount, not 'generic payout (see the rules
    sheet)' (NJ-44d)."""
    ok(db, "new", "-t", "nj_fundraiser", "-n", "NJ", "--id", "nj")
    for i in range(20):
        ok(db, "register", "nj", f"Player {i:02d}", "--card", "1", "--age-ok")
    payouts = js(db, "payouts", "nj")
    out = ok(db, "post-schedule", "nj")
    assert "see the rules sheet" not in out
    assert "20 entries, net prize pool $2,000.00" in out
    first = payouts[0]["amount"]
    assert f"1st: ${first // 100:,}.{first % 100:02d}" in out


def test_issue22_G2_A4_status_says_what_ends_the_night_and_pay_says_why_it_waits(
    db: str,
) -> None:
    """One player left with late registration open (TNPL, level 1): ``status`` says what
    ends it with this venue's rule and the command; ``pay`` says why it waits; after
    ``close-registration`` the winner is named and ``clock T show`` says it stopped."""
    ok(db, "new", "-t", "tnpl_league", "-n", "League", "--id", "t")
    for i in range(6):
        ok(db, "register", "t", f"Player {i}", "--card", "1", "--age-ok")
    ok(db, "clock", "t", "start")
    for i in range(5):
        ok(db, "bust", "t", f"Player {i}")
    out = ok(db, "status", "t")
    assert "Close registration to declare Player 5 the winner" in out
    assert "TNPL-B2ii" in out
    assert "pokertd close-registration t" in out
    assert "Pool $120.00: owed $0.00, paid $0.00, unpaid $0.00" in out
    assert "Close registration" in refused(db, "pay", "t", "Player 5")
    ok(db, "close-registration", "t")
    out = ok(db, "status", "t")
    assert "winner: Player 5" in out
    assert "Pool $120.00: owed $120.00" in out
    assert "stopped: the tournament is over" in ok(db, "clock", "t", "show")
    assert js(db, "clock", "t", "show")["clock"]["running"] is False


def test_issue22_J2_payouts_after_a_deal_show_the_deal(db: str) -> None:
    """Kojack's, 12 entries ($1,200): a chip deal among three; ``payouts T`` lists the
    deal, and once decided its places as the deal made them, adding up to the pool."""
    ok(db, "new", "-t", "kpc_nlh", "-n", "KPC", "--id", "k")
    for i in range(1, 13):
        ok(db, "register", "k", f"Player B{i:02d}", "--card", "1", "--age-ok")
    for i in range(1, 10):
        ok(db, "bust", "k", f"Player B{i:02d}")
    assert js(db, "payouts", "k")[0] == {"place": 1, "amount": 76667}
    ok(db, "prize", "options", "k", "--deals")
    stacks = "Player B10=20000,Player B11=40000,Player B12=60000"
    ok(db, "deal", "k", "chip", "--stacks", stacks)
    for name in ("Player B10", "Player B11", "Player B12"):
        ok(db, "deal", "k", "accept", name)
    assert "Deal (chip) for places 1-3" in ok(db, "payouts", "k")
    assert "Registration is closed" in refused(db, "reenter", "k", "Player B09")
    ok(db, "bust", "k", "Player B10")
    ok(db, "bust", "k", "Player B11")
    sheet = js(db, "payouts", "k")
    assert sheet == [
        {"place": 1, "amount": 60000},
        {"place": 2, "amount": 40000},
        {"place": 3, "amount": 20000},
    ]
    assert sum(p["amount"] for p in sheet) == 120000
