"""Deals: amounts by method, venue conditions, TNPL warnings, the FOX procedure (2(j))."""

from __future__ import annotations

import doctest
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.rules import load_profile
from pokertd.tournament.prizes import deals as deals_module
from pokertd.tournament.prizes.deals import (
    DealKind,
    DealStatus,
    DealTerms,
    check_deal,
    deal_amounts,
    deal_warnings,
    propose,
    start_negotiation,
)

FOX = load_profile("foxwoods")
TNPL = load_profile("tnpl")
SPOT = load_profile("spotlight")
KPC = load_profile("kojack")
NJ = load_profile("nj_fundraiser")
ABC = ("A", "B", "C")


def test_doctests() -> None:
    assert doctest.testmod(deals_module).failed == 0


# --- amounts -------------------------------------------------------------------------------


def test_icm_deal_oracle_to_the_cent() -> None:
    amounts, left = deal_amounts("icm", [5000, 3000, 2000], [5000, 3000, 2000])
    assert (amounts, left) == ((3839, 3275, 2886), 0)
    assert deal_amounts("icm", [6000, 4000, 2000], [50000, 30000, 20000])[0] == (
        38500,
        34000,
        27500,
    )


def test_chip_chop_is_proportional() -> None:
    assert deal_amounts("chip", [6000, 3000, 1000], [5000, 3000, 2000]) == ((6000, 3000, 1000), 0)


def test_chip_chop_with_floor() -> None:
    # everyone gets the lowest remaining prize (2,000), the other 4,000 by chips
    assert deal_amounts("floor", [6000, 3000, 1000], [5000, 3000, 2000]) == ((4400, 3200, 2400), 0)


def test_even_chop_residual_to_chip_leader() -> None:
    assert deal_amounts("even", [1000, 3000, 2000], [5000, 3000, 2000]) == ((3333, 3334, 3333), 0)


def test_save_for_the_winner_then_icm() -> None:
    amounts, left = deal_amounts("save", [5000, 3000, 2000], [5000, 3000, 2000], save=1000)
    assert left == 1000
    assert sum(amounts) == 9000
    # the save comes off first prize: ICM on 4,000 / 3,000 / 2,000
    assert amounts == deal_amounts("icm", [5000, 3000, 2000], [4000, 3000, 2000])[0]


def test_save_then_chip_chop() -> None:
    amounts, left = deal_amounts(
        "save", [6000, 3000, 1000], [5000, 3000, 2000], save=1000, save_by="chip"
    )
    assert (amounts, left) == ((5400, 2700, 900), 1000)


def test_custom_amounts_leave_the_rest_to_play_for() -> None:
    amounts, left = deal_amounts("custom", [1, 1, 1], [3250, 2200, 1400], custom=[2400, 2300, 2150])
    assert (amounts, left) == ((2400, 2300, 2150), 0)
    with pytest.raises(RuleViolation):
        deal_amounts("custom", [1, 1, 1], [3250, 2200, 1400], custom=[3000, 3000, 2000])


def test_rounding_to_venue_unit() -> None:
    amounts, _ = deal_amounts("icm", [5000, 3000, 2000], [500000, 300000, 200000], unit=100)
    assert amounts == (383900, 327500, 288600)
    assert sum(amounts) == 1_000_000


@pytest.mark.parametrize(
    ("kind", "kwargs"),
    [
        ("icm", {"save": 99999}),
        ("save", {}),
        ("save", {"save": 100, "save_by": "custom"}),
        ("custom", {}),
        ("custom", {"custom": [1, 2]}),
        ("custom", {"custom": [-1, 2, 3]}),
        ("nonsense", {}),
    ],
)
def test_deal_amounts_refuse_bad_input(kind: str, kwargs: dict[str, object]) -> None:
    with pytest.raises((InvalidCommand, ValueError)):
        deal_amounts(kind, [5000, 3000, 2000], [5000, 3000, 2000], **kwargs)  # type: ignore[arg-type]


def test_deal_needs_two_players_and_sane_prizes() -> None:
    with pytest.raises(InvalidCommand):
        deal_amounts("chip", [5000], [5000])
    with pytest.raises(InvalidCommand):
        deal_amounts("chip", [5000, 0], [5000])
    with pytest.raises(InvalidCommand):
        deal_amounts("chip", [5000, 10], [5000, 3, 2])


@given(
    stacks=st.lists(st.integers(min_value=1, max_value=10**6), min_size=2, max_size=7),
    data=st.data(),
    kind=st.sampled_from(["icm", "chip", "floor", "even"]),
)
def test_property_deal_amounts_sum_to_what_is_left(
    stacks: list[int], data: st.DataObject, kind: str
) -> None:
    prizes = sorted(
        data.draw(
            st.lists(
                st.integers(min_value=1, max_value=10**7),
                min_size=len(stacks),
                max_size=len(stacks),
            )
        ),
        reverse=True,
    )
    amounts, left = deal_amounts(kind, stacks, prizes, rng=random.Random(0))
    assert left == 0
    assert sum(amounts) == sum(prizes)
    assert all(a >= 0 for a in amounts)


# --- venue conditions ------------------------------------------------------------------------


def terms(
    amounts: tuple[int, ...],
    play_for: int,
    pool: int,
    kind: DealKind = DealKind.CUSTOM,
    players: tuple[str, ...] = ABC,
) -> DealTerms:
    return DealTerms(
        kind=kind,
        players=players,
        stacks=(1,) * len(players),
        amounts=amounts,
        play_for=play_for,
        remaining_pool=pool,
    )


def test_TNPL_J4ii_J1_examples() -> None:
    # regional event, 3 left, remaining pool 5,000 (in dollars: amounts in cents below)
    ok = terms((160000, 150000, 140000), 50000, 500000)
    assert deal_warnings(ok, profile=TNPL) == []
    nothing_left = terms((170000, 165000, 165000), 0, 500000)
    warnings = deal_warnings(nothing_left, profile=TNPL)
    assert any("10%" in w and "$500.00" in w and "TNPL-J4ii" in w for w in warnings)
    too_much = terms((220000, 140000, 90000), 50000, 500000)
    warnings = deal_warnings(too_much, profile=TNPL)
    assert len(warnings) == 1
    # the 900 player would get 900 + 500 = 1,400 by winning, less than A's 2,200: the
    # warning names both players and the sum the short stack could win
    assert warnings[0].startswith(
        "A is guaranteed $2,200.00, more than C would get by winning ($900.00 + $500.00 played for)"
    )
    # nothing left to play for: the short stack can win no more than its own guarantee
    flat = terms((250000, 150000, 100000), 0, 500000)
    capped = [w for w in deal_warnings(flat, profile=TNPL) if "guaranteed" in w]
    assert capped == [
        "A is guaranteed $2,500.00, more than C would get by winning ($1,000.00, with nothing "
        "left to play for): TNPL recommends nobody gets more than the winner could. "
        "(TNPL-A8, TNPL-J4ii, TNPL-K1)"  # J1's rule IDs at TNPL
    ]
    # not a regional event: the 10 % recommendation does not apply
    assert not any("10%" in w for w in deal_warnings(nothing_left, profile=TNPL, regional=False))
    # other venues: no recommendations
    assert deal_warnings(too_much, profile=FOX) == []


def test_TNPL_J4ii_chip_count_only_discouraged() -> None:
    chip = terms((2700, 1800, 500), 0, 5000, kind=DealKind.CHIP)
    assert any("chip counts" in w for w in deal_warnings(chip, profile=TNPL))


def test_TNPL_A8_FOX_73_every_remaining_player_must_be_in_the_deal() -> None:
    two = terms((3000, 2000), 0, 5000, players=("A", "B"))
    with pytest.raises(RuleViolation) as err:
        check_deal(two, profile=TNPL, remaining_players=ABC, places_paid=9)
    assert "TNPL-A8" in str(err.value)
    assert "C" in str(err.value)
    with pytest.raises(RuleViolation):
        check_deal(
            terms((2000, 2000, 1000), 0, 5000, players=("A", "B", "Z")),
            profile=FOX,
            remaining_players=ABC,
            places_paid=9,
        )
    check_deal(
        terms((2000, 2000, 1000), 0, 5000), profile=TNPL, remaining_players=ABC, places_paid=9
    )


def test_FOX_73_amounts_must_sum_to_remaining_pool() -> None:
    with pytest.raises(RuleViolation):
        check_deal(
            terms((2000, 2000, 900), 0, 5000), profile=FOX, remaining_players=ABC, places_paid=7
        )


def test_SPOT_6_15_J3_chop_only_among_the_paid_places() -> None:
    players = ("A", "B", "C", "D", "E")
    five = terms((1000,) * 5, 0, 5000, players=players)
    with pytest.raises(RuleViolation) as err:
        check_deal(five, profile=SPOT, remaining_players=players, places_paid=4)
    assert "SPOT-6.15" in str(err.value)
    four = terms((1250,) * 4, 0, 5000, players=players[:4])
    check_deal(four, profile=SPOT, remaining_players=players[:4], places_paid=4)


def test_J4_KPC_NJ_deals_off_unless_td_enables() -> None:
    t = terms((2000, 2000, 1000), 0, 5000)
    for profile in (KPC, NJ):
        with pytest.raises(RuleViolation):
            check_deal(t, profile=profile, remaining_players=ABC, places_paid=9, house_allows=False)
        check_deal(t, profile=profile, remaining_players=ABC, places_paid=9, house_allows=True)


def test_FOX_73_house_may_refuse() -> None:
    t = terms((2000, 2000, 1000), 0, 5000)
    with pytest.raises(RuleViolation):
        check_deal(t, profile=FOX, remaining_players=ABC, places_paid=9, house_allows=False)


# --- the FOX procedure -------------------------------------------------------------------------


def fox_j2_terms() -> DealTerms:
    # FOX Saturday, $10,000 paying 7; 3 left: 3rd $1,400 + 2nd $2,200 + 1st $3,250 = $6,850
    return propose(
        "custom",
        ABC,
        (50000, 40000, 30000),
        (325000, 220000, 140000),
        profile=FOX,
        custom=(240000, 230000, 215000),
    )


def test_FOX_73_J2_unanimous_with_supervisor_approval_binds() -> None:
    t = fox_j2_terms()
    check_deal(t, profile=FOX, remaining_players=ABC, places_paid=7)
    deal = start_negotiation(t, profile=FOX)
    assert deal.requires_approval
    deal = deal.accept("A").accept("B").accept("C")
    assert deal.status is DealStatus.PROPOSED  # not yet approved
    with pytest.raises(RuleViolation):
        deal.final_prizes("A")
    deal = deal.approve("Sam (supervisor)")
    assert deal.status is DealStatus.BINDING
    assert deal.final_prizes("B") == {"A": 240000, "B": 230000, "C": 215000}
    with pytest.raises(RuleViolation):
        deal.accept("A")


def test_FOX_73_J2_accepted_by_two_of_three_is_not_a_deal() -> None:
    deal = start_negotiation(fox_j2_terms(), profile=FOX).accept("A").accept("B").approve("Sam")
    assert deal.status is DealStatus.PROPOSED
    assert deal.waiting_for == ("C",)
    dead = deal.reject("C")
    assert dead.status is DealStatus.REJECTED
    with pytest.raises(RuleViolation):
        dead.accept("C")


def test_play_continues_for_what_is_left() -> None:
    t = propose("save", ABC, (5000, 3000, 2000), (5000, 3000, 2000), profile=TNPL, save=1000)
    deal = start_negotiation(t, profile=TNPL)
    assert not deal.requires_approval
    deal = deal.accept("A").accept("B").accept("C")
    assert deal.status is DealStatus.BINDING
    prizes = deal.final_prizes("C")
    assert prizes["C"] == t.amount_for("C") + 1000
    assert sum(prizes.values()) == 10000
    assert any("Left to play for" in line for line in t.lines())


def test_negotiation_refuses_strangers_and_repeats() -> None:
    deal = start_negotiation(fox_j2_terms(), profile=FOX)
    with pytest.raises(InvalidCommand):
        deal.accept("Z")
    with pytest.raises(InvalidCommand):
        deal.accept("A").accept("A")
    with pytest.raises(InvalidCommand):
        deal.approve("  ")
    with pytest.raises(InvalidCommand):
        deal.reject("Z")
    with pytest.raises(InvalidCommand):
        deal.approve("Sam").approve("Pat")
    with pytest.raises(InvalidCommand):
        propose("chip", ("A", "A"), (1, 2), (3, 1), profile=FOX)
    with pytest.raises(InvalidCommand):
        propose("chip", ("A",), (1, 2), (3, 1), profile=FOX)
