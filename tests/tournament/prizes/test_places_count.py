"""Places paid counted from the payout rule (issue 25) equal the places the prizes built in
``Fraction`` s pay, for every payout rule the templates and profiles use (H4, H5, H7).

:func:`~pokertd.tournament.prizes.payouts.places_paid_count` answers seating's question on
every entry (KPC-7) without building 1,500 prizes at 10,000 entries; the reference is
:func:`~pokertd.tournament.prizes.payouts.places_paid_exact` (``len(payouts(...))``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from pokertd.rules import load_profile
from pokertd.rules.enums import RemainderTo
from pokertd.rules.profile import RuleProfile
from pokertd.tournament.prizes.payouts import places_paid_count, places_paid_exact, prize_pool
from pokertd.tournament.templates import Template, load_template, template_names

LARGE = (2_500, 5_000, 9_999, 10_000, 10_484)


def _rules() -> list[tuple[str, Template, RuleProfile, str]]:
    """Every distinct payout rule of the shipped templates: (template, profile, table)."""
    seen: set[tuple[str, str, int, int, int, int]] = set()
    rules: list[tuple[str, Template, RuleProfile, str]] = []
    for name in template_names():
        tmpl = load_template(name)
        profile = load_profile(tmpl.profile)
        table = tmpl.payout_table or profile.payout_table
        key = (
            profile.name,
            table,
            tmpl.fees.prize_pool,
            tmpl.fees.bounty,
            tmpl.added_money,
            tmpl.guarantee,
        )
        if key not in seen:
            seen.add(key)
            rules.append((name, tmpl, profile, table))
    return rules


RULES = _rules()


def _net(tmpl: Template, profile: RuleProfile, entries: int) -> int:
    """The net pool of ``entries`` buy-ins of ``tmpl`` (H2, H3, H8)."""
    return prize_pool(
        entries * tmpl.fees.prize_pool + tmpl.added_money,
        profile=profile,
        bounty_fees=entries * tmpl.fees.bounty,
        guarantee=tmpl.guarantee or None,
    ).net


def test_every_table_of_the_profiles_is_covered() -> None:
    """The rules tested include each kind: a venue table (FOX-PTAB), the generic curve
    (TDA) and the Sit & Go split (FOX-SNG)."""
    assert {table for _, _, _, table in RULES} >= {"fox_ptab", "generic", "sng"}


def _compare(
    name: str, tmpl: Template, profile: RuleProfile, table: str, fields: Sequence[int]
) -> None:
    for entries in fields:
        net = _net(tmpl, profile, entries)
        min_cash = tmpl.fees.prize_pool
        fast = places_paid_count(entries, net, profile=profile, table=table, min_cash=min_cash)
        slow = places_paid_exact(entries, net, profile, table, min_cash)
        assert fast == slow, (name, entries, net)


IDS = [r[0] for r in RULES]


@pytest.mark.parametrize(("name", "tmpl", "profile", "table"), RULES, ids=IDS)
def test_H4_places_counted_equal_places_built(
    name: str, tmpl: Template, profile: RuleProfile, table: str
) -> None:
    """Every field of 2 to 600 entries (every band of FOX-PTAB, which stops at 505, and the
    generic curve past it), every 37th up to 2,000 and 10,000: the count equals the prizes
    built."""
    _compare(name, tmpl, profile, table, range(2, 601))
    _compare(name, tmpl, profile, table, (*range(601, 2_001, 37), 10_000))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "tmpl", "profile", "table"), RULES, ids=IDS)
def test_H4_places_counted_equal_places_built_every_field(
    name: str, tmpl: Template, profile: RuleProfile, table: str
) -> None:
    """Every field of 2 to 2,000 entries and the festival fields (minutes: the prizes are
    built each time)."""
    _compare(name, tmpl, profile, table, (*range(2, 2_001), *LARGE))


def _profiles() -> list[RuleProfile]:
    """The TDA and Foxwoods rules with each rounding of H5: by the cent, by $1 and $5 and
    $25, the residual to the first place or to the last."""
    out: list[RuleProfile] = []
    for base in ("tda", "foxwoods"):
        p = load_profile(base)
        for unit in (1, 100, 500, 2500):
            for to in RemainderTo:
                out.append(replace(p, payout_rounding_unit_cents=unit, payout_remainder_to=to))
    return out


@pytest.mark.parametrize("table", ["generic", "fox_ptab", "sng", "survivor"])
def test_H5_small_pools_and_coarse_rounding(table: str) -> None:
    """Pools of a few dollars, coarse rounding units and the residual to the last place: the
    count equals the prizes built, ``None`` where the pool is too small to round (H5) or
    the field too small for the table (H4, H6)."""
    checked = skipped = 0
    for profile in _profiles():
        for entries in (1, 2, 3, 5, 9, 10, 27, 60, 100, 180, 505, 506, 1_000, 1_500):
            for net in (1, 7, 99, 250, 1_000, 4_999, 12_345, 100_000, 1_000_003, 50_000_000):
                for min_cash in (0, 1, 500, 2_000, 10_000):
                    if table == "survivor" and min_cash and net // min_cash > 10_000:
                        # a survivor prize per buy-in: $500,000 at 1 cent a buy-in is five
                        # million prizes to build the slow way, not a pool a room sees
                        skipped += 1
                        continue
                    fast = places_paid_count(
                        entries, net, profile=profile, table=table, min_cash=min_cash
                    )
                    slow = places_paid_exact(entries, net, profile, table, min_cash)
                    assert fast == slow, (profile.name, table, entries, net, min_cash)
                    checked += 1
    assert checked + skipped == 16 * 14 * 10 * 5
    assert checked >= 16 * 14 * 10 * 4  # at most a fifth of the grid left out


def test_H4_TDA_generic_10000_entries_pays_1500() -> None:
    """The TDA curve pays 15 % of 10,000 entries of $100: 1,500 places, the last no less
    than the buy-in (the count the console asks for on every entry at a festival)."""
    tda = load_profile("tda")
    net = 10_000 * 10_000
    assert places_paid_count(10_000, net, profile=tda, table="generic", min_cash=10_000) == 1_500
    assert places_paid_exact(10_000, net, tda, "generic", 10_000) == 1_500
