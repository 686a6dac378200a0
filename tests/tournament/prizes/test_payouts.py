"""Payouts: the Foxwoods table, withholding, guarantee, rounding, SNG, survivor, claims.

Every worked example of catalogue 2(h) (H3-H8, H10, H11) with its exact numbers.
"""

from __future__ import annotations

import doctest
import itertools
import re
from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.money import format_money, parse_money
from pokertd.rules import load_profile
from pokertd.rules.enums import RemainderTo
from pokertd.tournament.prizes import payouts as payouts_module
from pokertd.tournament.prizes.payouts import (
    PayoutTable,
    builtin_table,
    check_schedule_posted,
    check_schedule_unchanged,
    claim_flags,
    generic_shares,
    parse_payout_table,
    payout_shares,
    payouts,
    prize_pool,
    round_half_up,
    schedule_lines,
    split_pool,
    survivor_payouts,
    survivor_places,
)

FOX = load_profile("foxwoods")
TDA = load_profile("tda")
CATALOGUE = Path(__file__).resolve().parents[4] / "shared" / "rules-catalog.md"


def amounts(prizes: tuple[payouts_module.Prize, ...]) -> list[int]:
    return [p.amount for p in prizes]


def test_doctests() -> None:
    result = doctest.testmod(payouts_module)
    assert result.failed == 0
    assert result.attempted > 5


# --- FOX-PTAB: the whole table against the catalogue ------------------------------------

APPENDIX_C_GROUPS = [1] * 9 + [3] * 6 + [9] * 3


def catalogue_bands() -> list[tuple[int, int, list[Fraction]]]:
    """Appendix C's machine-readable block, parsed from the catalogue itself."""
    if not CATALOGUE.exists():
        pytest.skip("../shared/rules-catalog.md is not beside the repository")
    text = CATALOGUE.read_text(encoding="utf-8")
    block = text.split("Machine-readable form", 1)[1].split("```", 2)[1]
    bands = []
    for line in block.strip().splitlines():
        match = re.match(r"(\d+)-(\d+):\s+(.*)", line.strip())
        assert match, line
        pcts = [Fraction(p.strip()) / 100 for p in match[3].split(",")]
        shares: list[Fraction] = []
        for pct, size in zip(pcts, APPENDIX_C_GROUPS, strict=False):
            shares.extend([pct] * size)
        bands.append((int(match[1]), int(match[2]), shares))
    return bands


def test_FOX_PTAB_whole_table_matches_catalogue_appendix_C() -> None:
    table = builtin_table("fox_ptab")
    expected = catalogue_bands()
    assert len(expected) == 15
    assert [(b.min_entries, b.max_entries, list(b.shares)) for b in table.bands] == expected
    # every entry count from 2 to 505 falls in exactly one band
    for entries in range(2, 506):
        band = table.band_for(entries)
        assert band.min_entries <= entries <= band.max_entries


def test_FOX_PTAB_places_paid_per_band() -> None:
    table = builtin_table("fox_ptab")
    assert [b.places_paid for b in table.bands] == [
        2,
        3,
        4,
        5,
        7,
        9,
        12,
        15,
        18,
        21,
        24,
        27,
        36,
        45,
        54,
    ]


def test_FOX_PTAB_every_band_sums_to_100_percent_and_never_increases() -> None:
    table = builtin_table("fox_ptab")
    assert table.validate() == []
    for band in table.bands:
        assert sum(band.shares) == 1
        assert all(a >= b for a, b in zip(band.shares, band.shares[1:], strict=False))


def test_FOX_PTAB_band_edges() -> None:
    table = builtin_table("fox_ptab")
    assert table.band_for(10).places_paid == 2
    assert table.band_for(11).places_paid == 3
    assert table.band_for(425).places_paid == 45
    assert table.band_for(426).places_paid == 54


def test_FOX_PTAB_one_entry_pays_the_winner_everything() -> None:
    # Appendix D #20: 1 entry -> 100 % to 1st (IMPL)
    assert amounts(payouts(1, 4200, profile=FOX)) == [4200]


def test_FOX_PTAB_refuses_more_than_505_entries() -> None:
    with pytest.raises(RuleViolation) as err:
        payouts(506, 5_000_000, profile=FOX)
    assert "FOX-PTAB" in str(err.value)
    assert "506" in str(err.value)
    with pytest.raises(InvalidCommand):
        payouts(0, 100, profile=FOX)


def test_FOX_PTAB_H4_grinder_100_entries() -> None:
    # H4: Grinder, 100 entries (re-entries count), net $4,074.00 -> column 86-115
    prizes = payouts(100, 407400, profile=FOX)
    assert amounts(prizes) == [
        114072,
        76999,
        50518,
        37888,
        28518,
        22814,
        18740,
        15074,
        12222,
        10185,
        10185,
        10185,
    ]
    assert sum(amounts(prizes)) == 407400
    assert [p.place for p in prizes] == list(range(1, 13))


def test_FOX_PTAB_H4_semi_turbo_20_entries() -> None:
    pool = prize_pool(20 * 7700, profile=FOX)
    assert (pool.buy_ins, pool.withheld, pool.net) == (154000, 4620, 149380)
    assert amounts(payouts(20, pool.net, profile=FOX)) == [74690, 44814, 29876]


def test_FOX_PTAB_H4_grouped_places_each_get_the_percentage() -> None:
    # net pool $10,000 with 120 entries: 10th-12th $220 each, 13th-15th $200 each
    prizes = amounts(payouts(120, 1_000_000, profile=FOX))
    assert prizes[9:12] == [22000] * 3
    assert prizes[12:15] == [20000] * 3


# --- H3 withholding, H2 pool, H8 guarantee -------------------------------------------------


def test_FOX_ADMIN_H3_grinder_withholding() -> None:
    pool = prize_pool(100 * 4200, profile=FOX)
    assert (pool.withheld, pool.net) == (12600, 407400)


def test_FOX_ADMIN_FOX_BTY5_H3_bounty_event_withholding_on_bounty_fees() -> None:
    pool = prize_pool(312000, bounty_fees=150000, profile=FOX)
    assert (pool.withheld, pool.net, pool.gross) == (13860, 298140, 462000)
    shares = payout_shares(60, profile=FOX)
    assert round_half_up(pool.net * shares[0]) == 96896  # 1st = 32.5 % = $968.96
    # With every place rounded (H5), the places below 1st round up by one cent in total,
    # which H5 takes back from 1st: the full schedule pays $968.95 and sums exactly.
    prizes = payouts(60, pool.net, profile=FOX)
    assert prizes[0].amount == 96895
    assert sum(amounts(prizes)) == 298140


def test_FOX_ADMIN_H3_alternative_base_buy_ins_only() -> None:
    profile = FOX.replace(admin_withholding_base="buy_ins_only")
    pool = prize_pool(312000, bounty_fees=150000, profile=profile)
    assert (pool.withheld, pool.net) == (9360, 302640)
    assert payouts(60, pool.net, profile=profile)[0].amount == 98358  # $983.58


def test_TDA_withholds_nothing() -> None:
    assert prize_pool(420000, profile=TDA).net == 420000


def test_FOX_EVT_H8_guarantee_on_net_paid() -> None:
    pool = prize_pool(50 * 16700, profile=FOX, guarantee=1_000_000)
    assert (pool.buy_ins, pool.withheld) == (835000, 25050)
    assert (pool.overlay, pool.net) == (190050, 1_000_000)
    assert amounts(payouts(50, pool.net, profile=FOX)) == [
        325000,
        220000,
        140000,
        110000,
        85000,
        65000,
        55000,
    ]


def test_FOX_EVT_H8_guarantee_on_gross_reading() -> None:
    profile = FOX.replace(guarantee_basis="gross")
    pool = prize_pool(50 * 16700, profile=profile, guarantee=1_000_000)
    assert (pool.overlay, pool.withheld, pool.net) == (165000, 30000, 970000)


def test_guarantee_already_met_adds_no_overlay() -> None:
    pool = prize_pool(1_200_000, profile=FOX, guarantee=1_000_000)
    assert pool.overlay == 0
    assert pool.net == 1_164_000


def test_prize_pool_refuses_negative_amounts() -> None:
    with pytest.raises(InvalidCommand):
        prize_pool(-1, profile=FOX)
    with pytest.raises(InvalidCommand):
        prize_pool(100, profile=FOX, guarantee=-5)


# --- H5 rounding -------------------------------------------------------------------------


def test_H5_rounding_no_residual() -> None:
    assert split_pool(100000, [Fraction(6, 10), Fraction(4, 10)]) == (60000, 40000)


def test_H5_rounding_residual_taken_from_first() -> None:
    # raw 50.025 / 30.015 / 20.010 -> 50.03 / 30.02 / 20.01 = 100.06 -> 1st becomes 50.02
    shares = builtin_table("fox_ptab").band_for(15).shares
    assert split_pool(10005, shares) == (5002, 3002, 2001)
    assert amounts(payouts(15, 10005, profile=TDA, table="fox_ptab")) == [5002, 3002, 2001]


def test_H5_rounding_to_whole_dollars_residual_to_first() -> None:
    profile = FOX.replace(payout_rounding_unit_cents=100)
    prizes = amounts(payouts(100, 407400, profile=profile))
    assert prizes[1:] == [
        77000,
        50500,
        37900,
        28500,
        22800,
        18700,
        15100,
        12200,
        10200,
        10200,
        10200,
    ]
    assert sum(prizes) == 407400
    assert prizes[0] == 407400 - sum(prizes[1:])


def test_H5_rounding_to_five_dollars_residual_to_last_paid() -> None:
    profile = FOX.replace(payout_rounding_unit_cents=500, payout_remainder_to="last_paid")
    prizes = amounts(payouts(20, 149380, profile=profile))
    assert prizes[:2] == [74500, 45000]
    assert sum(prizes) == 149380


def test_split_pool_refuses_bad_shares() -> None:
    with pytest.raises(InvalidCommand):
        split_pool(1000, [Fraction(1, 2)])
    with pytest.raises(InvalidCommand):
        split_pool(1000, [])
    with pytest.raises(InvalidCommand):
        split_pool(1000, [Fraction(1)], unit=0)
    with pytest.raises(RuleViolation):
        split_pool(100, [Fraction(1, 4)] * 4, unit=2500, remainder_to=RemainderTo.FIRST)


@given(
    entries=st.integers(min_value=1, max_value=505),
    pool=st.integers(min_value=5_000, max_value=100_000_000),
    unit=st.sampled_from([1, 100, 500]),
)
def test_property_payouts_sum_to_pool_and_never_increase(
    entries: int, pool: int, unit: int
) -> None:
    profile = FOX.replace(payout_rounding_unit_cents=unit)
    prizes = amounts(payouts(entries, pool * unit, profile=profile))
    assert sum(prizes) == pool * unit
    assert all(a >= b for a, b in itertools.pairwise(prizes))
    assert all(p > 0 for p in prizes)


@given(
    entries=st.integers(min_value=1, max_value=2000),
    per_entry=st.integers(min_value=1000, max_value=50000),
    withholding=st.sampled_from([0, 3]),
)
def test_property_generic_curve(entries: int, per_entry: int, withholding: int) -> None:
    pool = entries * per_entry * (100 - withholding) // 100
    shares = generic_shares(entries, pool=pool, min_cash=per_entry)
    assert sum(shares) == 1
    assert all(a > b for a, b in itertools.pairwise(shares))
    prizes = split_pool(pool, shares)
    assert sum(prizes) == pool
    assert all(a >= b for a, b in itertools.pairwise(prizes))
    if len(prizes) > 1:
        assert prizes[-1] >= per_entry  # min-cash at least the buy-in


def test_generic_curve_places_paid() -> None:
    assert len(generic_shares(100, pool=1_000_000, min_cash=10000)) == 15
    assert len(generic_shares(1, pool=10000, min_cash=10000)) == 1
    # a pool too small for everyone's min-cash pays fewer places
    assert len(generic_shares(100, pool=50000, min_cash=10000)) == 5


def test_generic_table_from_profile_needs_pool_and_buy_in() -> None:
    prizes = amounts(payouts(100, 1_000_000, profile=TDA, min_cash=10000))
    assert len(prizes) == 15
    assert sum(prizes) == 1_000_000
    with pytest.raises(InvalidCommand):
        payout_shares(100, profile=TDA)


# --- H6 Sit & Go -------------------------------------------------------------------------


def test_FOX_SNG_H6_ten_players() -> None:
    pool = prize_pool(10 * 4700, profile=FOX)
    assert pool.net == 45590
    assert amounts(payouts(10, pool.net, profile=FOX, table="sng")) == [22795, 13677, 9118]


def test_FOX_SNG_needs_three_players() -> None:
    with pytest.raises(RuleViolation):
        payouts(2, 10000, profile=FOX, table="sng")


# --- H7 survivor -------------------------------------------------------------------------


def test_FOX_SURV1_H7_survivor_prizes() -> None:
    pool = prize_pool(40 * 9700, profile=FOX)
    assert pool.net == 376360
    prizes = survivor_payouts(pool.net, buy_in=9700, profile=FOX)
    assert amounts(prizes) == [97000, 97000, 97000, 85360]
    assert [p.place for p in prizes] == [1, 2, 3, 4]
    assert survivor_places(pool.net, buy_in=9700, profile=FOX) == 3
    assert amounts(payouts(40, pool.net, profile=FOX, table="survivor", min_cash=9700)) == [
        97000,
        97000,
        97000,
        85360,
    ]


def test_FOX_SURV1_exact_multiple_has_no_remainder_prize() -> None:
    assert amounts(survivor_payouts(291000, buy_in=9700, profile=FOX)) == [97000] * 3


def test_FOX_SURV1_small_pool_single_prize() -> None:
    assert amounts(survivor_payouts(50000, buy_in=9700, profile=FOX)) == [50000]
    with pytest.raises(InvalidCommand):
        survivor_payouts(50000, buy_in=0, profile=FOX)


# --- NJ-44d posted schedule ----------------------------------------------------------------


def test_NJ_44d_schedule_must_be_posted_before_play() -> None:
    nj = load_profile("nj_fundraiser")
    with pytest.raises(RuleViolation) as err:
        check_schedule_posted(nj, posted=False)
    assert "NJ-44d" in str(err.value)
    check_schedule_posted(nj, posted=True)
    check_schedule_posted(FOX, posted=False)  # FOX: no such rule
    with pytest.raises(RuleViolation):
        check_schedule_unchanged(nj, posted=True, changed=True)
    check_schedule_unchanged(FOX, posted=True, changed=True)


def test_schedule_lines_group_places() -> None:
    lines = schedule_lines(builtin_table("fox_ptab"))
    assert lines[1] == "2-10 entries: 1: 60%, 2: 40%"
    assert "10-12: 2.5%" in lines[7]


# --- H10, H11 claims -----------------------------------------------------------------------


def test_FOX_PAY3_H10_w2g_threshold_inclusive() -> None:
    assert not claim_flags(500000, profile=FOX, won_on=date(2020, 3, 8)).w2g
    assert claim_flags(500100, profile=FOX, won_on=date(2020, 3, 8)).w2g


def test_FOX_PAY4_H10_foreign_player_1042s_and_30_percent() -> None:
    flags = claim_flags(100000, profile=FOX, won_on=date(2020, 3, 8), foreign=True)
    assert flags.form_1042s
    assert not flags.w2g
    assert (flags.withheld, flags.paid) == (30000, 70000)
    exempt = claim_flags(
        100000, profile=FOX, won_on=date(2020, 3, 8), foreign=True, treaty_exempt=True
    )
    assert (exempt.withheld, exempt.paid, exempt.form_1042s) == (0, 100000, True)


def test_FOX_PAY2_H11_voucher_expiry_id_and_transfer() -> None:
    flags = claim_flags(12345, profile=FOX, won_on=date(2020, 3, 8))
    assert flags.voucher_expires == date(2020, 7, 6)
    assert flags.id_required
    assert not flags.transferable
    notes = flags.notes(FOX)
    assert "Voucher expires 2020-07-06. (FOX-PAY2, FOX-PAY1)" in notes  # H11, Foxwoods' IDs
    assert "ID" in " ".join(notes)


def test_TDA_claims_have_no_flags() -> None:
    flags = claim_flags(900000, profile=TDA, won_on=date(2020, 3, 8), foreign=True)
    assert not (flags.w2g)
    assert not (flags.form_1042s)
    assert not (flags.id_required)
    assert flags.voucher_expires is None
    assert flags.paid == 900000
    assert flags.notes(TDA) == []


# --- money text and custom tables ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "cents"),
    [
        ("4074", 407400),
        ("4074.00", 407400),
        ("$4,074.00", 407400),
        ("4074.5", 407450),
        (" $1,234,567.89 ", 123456789),
        (".50", 50),
        ("0", 0),
    ],
)
def test_parse_money(text: str, cents: int) -> None:
    assert parse_money(text) == cents


@pytest.mark.parametrize("text", ["", "abc", "-5", "4,07,4", "4074.001", "$", "1e3", "4074,00"])
def test_parse_money_refuses_garbage(text: str) -> None:
    with pytest.raises(InvalidCommand):
        parse_money(text)


def test_format_money() -> None:
    assert format_money(407400) == "$4,074.00"
    assert format_money(-5) == "-$0.05"


CUSTOM = """
name = "club"
title = "Club table"
[[bands]]
entries = [2, 6]
percent = [100]
[[bands]]
entries = [7, 30]
percent = ["50", 30, "20%"]
[[bands]]
entries = [31, 60]
percent = ["40", "20", "10"]
group_sizes = [1, 1, 4]
"""


def test_custom_table_from_file_text() -> None:
    table = parse_payout_table(CUSTOM)
    assert isinstance(table, PayoutTable)
    assert table.name == "club"
    assert amounts(payouts(5, 10000, profile=TDA, table=table)) == [10000]
    assert amounts(payouts(20, 10000, profile=TDA, table=table)) == [5000, 3000, 2000]
    assert amounts(payouts(40, 10000, profile=TDA, table=table)) == [4000, 2000] + [1000] * 4
    with pytest.raises(RuleViolation):
        table.band_for(61)


@pytest.mark.parametrize(
    "text",
    [
        "[[bands]]\nentries = [2, 10]\npercent = [60, 30]\n",  # 90 %
        "[[bands]]\nentries = [2, 10]\npercent = [40, 60]\n",  # increasing
        "[[bands]]\nentries = [2, 10]\npercent = [100]\n[[bands]]\nentries = [10, 20]\n"
        "percent = [100]\n",  # overlap
        "name = 'x'\n",  # no bands
        "[[bands]]\nentries = [2]\npercent = [100]\n",
        "[[bands]]\nentries = [2, 5]\npercent = ['abc']\n",
        "this is not toml = = =",
    ],
)
def test_custom_table_refuses_bad_tables(text: str) -> None:
    with pytest.raises(InvalidCommand):
        parse_payout_table(text)


def test_unknown_builtin_table() -> None:
    with pytest.raises(InvalidCommand):
        builtin_table("nope")
