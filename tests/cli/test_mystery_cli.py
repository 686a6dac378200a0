"""``pokertd prize mystery``: post the envelopes and the stage, see the pool (issue 26)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_deals_cli import CLI, bounty_night, js, ok, runner


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'night.db'}"


def test_mystery_posted_from_the_cli_drawn_at_a_bust_and_listed(db: str) -> None:
    """Six players at Foxwoods' $100 bounty event ($25 a head: $150 of bounty money);
    envelopes 1 x $50, 4 x $25 ($150) from level 1. A bust with the clock in level 1 draws
    one envelope: the pool lists the other four, the bounty list the draw."""
    tid = bounty_night(db)
    out = ok(db, "prize", "mystery", tid, "--envelopes", "1x50 4x25", "--from-level", "1")
    assert "Mystery bounties posted: 1 x $50.00, 4 x $25.00 ($150.00), drawn from level 1" in out
    ok(db, "clock", tid, "start")
    ok(db, "bust", tid, "Fay", "--by", "Ann")
    view = js(db, "prize", "mystery", tid)
    assert view["posted_total"] == 15_000
    assert view["collected"] == 15_000
    assert len(view["draws"]) == 1
    drawn = view["draws"][0]
    assert (drawn["eliminated"], drawn["collectors"]) == ("Fay", ["Ann"])
    assert view["left_total"] == 15_000 - drawn["value"]
    assert sum(n for _, n in view["left"]) == 4
    text = ok(db, "prize", "mystery", tid)
    assert "Ann won a $" in text
    assert "mystery bounty from Fay" in text
    assert "Envelopes left" in text


def test_mystery_bad_envelopes_are_one_sentence(db: str) -> None:
    tid = bounty_night(db)
    result = runner.invoke(CLI, ["prize", "mystery", tid, "--envelopes", "five", "--db", db])
    assert result.exit_code != 0
    assert "COUNTxAMOUNT" in result.output
    assert "Traceback" not in result.output


def test_mystery_envelopes_over_the_bounty_money_are_flagged(db: str) -> None:
    """$150 of bounty money taken (6 x $25) and one $500 envelope posted: the pool says the
    envelopes hold $350.00 more than was taken, and a bust in level 1 (the stage) draws
    nothing: the envelope never fits in the money taken."""
    tid = bounty_night(db)
    ok(db, "prize", "mystery", tid, "--envelopes", "1x500", "--from-level", "1")
    ok(db, "clock", tid, "start")
    text = " ".join(ok(db, "prize", "mystery", tid).split())
    assert "The envelopes hold $350.00 more than the bounty money taken" in text
    ok(db, "bust", tid, "Fay", "--by", "Ann")
    assert js(db, "prize", "mystery", tid)["draws"] == []
