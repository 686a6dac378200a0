"""A field larger than the venue's payout table (simulator finding, issue 15).

FOX-PTAB stops at 505 entries; the catalogue's profile matrix says a venue that is silent
falls back to the TDA column, whose ``payout_table`` is the generic curve. The payout view
says the venue's table stops there (H4, Appendix D #20) until the TD posts a table.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from pokertd.errors import RuleViolation
from pokertd.rules import load_profile
from pokertd.tournament.prizes import builtin_table
from pokertd.tournament.prizes.payouts import (
    beyond_table_fallback,
    generic_shares,
    payout_note,
    payout_shares,
    payouts,
)

FOX = load_profile("foxwoods")
BUY_IN = 10000  # $100.00 buy-in component: the generic curve's min-cash


def test_FOX_PTAB_H4_612_entries_are_paid_on_the_tda_generic_curve() -> None:
    """612 entries, net $59,364.00: FOX-PTAB has no column, so the TDA column's generic
    curve pays ceil(612 x 15 %) = 92 places, every one at least the buy-in, summing to the
    pool to the cent (H5). Before the fix: RuleViolation, no prizes at all."""
    net = 5936400
    prizes = payouts(612, net, profile=FOX, min_cash=BUY_IN)
    assert len(prizes) == 92
    assert sum(p.amount for p in prizes) == net
    assert min(p.amount for p in prizes) >= BUY_IN
    assert [p.amount for p in prizes] == sorted((p.amount for p in prizes), reverse=True)
    expected = generic_shares(612, pool=net, min_cash=BUY_IN)
    assert tuple(p.share for p in prizes) == expected


def test_FOX_PTAB_H4_505_entries_still_use_the_venue_table() -> None:
    """The last covered column (426-505) is untouched: 54 places, 1st 22.5 % of $10,000."""
    shares = payout_shares(505, profile=FOX, pool=1000000, min_cash=BUY_IN)
    assert len(shares) == 54
    assert shares == builtin_table("fox_ptab").band_for(505).shares
    assert payout_note(505, profile=FOX) == ""
    assert beyond_table_fallback(505, builtin_table("fox_ptab")) is None


def test_FOX_PTAB_H4_beyond_the_table_without_a_pool_still_asks_the_td() -> None:
    """Without the pool and buy-in the curve cannot be drawn: the TD must supply a table."""
    with pytest.raises(RuleViolation, match="covers 2 to 505 entries, not 506") as info:
        payout_shares(506, profile=FOX)
    assert "FOX-PTAB" in info.value.rule_ids


def test_FOX_PTAB_H4_note_says_the_venue_table_stops_at_505() -> None:
    note = payout_note(1040, profile=FOX)
    assert note.startswith("The Foxwoods payout table stops at 505 entries: the 1,040 entries")
    assert "generic payout curve" in note
    assert "FOX-PTAB" in note
    assert payout_note(1040, profile=load_profile("tda")) == ""  # TDA: the curve already


def test_H4_fallback_comes_from_the_tda_column_not_a_venue() -> None:
    """Any table that stops short falls back the same way (no Foxwoods special case)."""
    small = builtin_table("fox_ptab")
    assert beyond_table_fallback(10_000, small) == load_profile("tda").payout_table
    tnpl = load_profile("tnpl")
    shares = payout_shares(600, profile=tnpl, table=small, pool=6000000, min_cash=BUY_IN)
    assert len(shares) == 90
    assert sum(shares) == Fraction(1)
