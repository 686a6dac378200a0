"""Bounties: the pot that carries a bounty, split rules, progressive knockouts (2(i))."""

from __future__ import annotations

import doctest
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokertd.errors import IllegalAction, InvalidCommand, RuleViolation
from pokertd.rules import load_profile
from pokertd.tournament.prizes import bounties as bounties_module
from pokertd.tournament.prizes.bounties import (
    Knockout,
    PotOutcome,
    bounty_chip_all_in,
    clockwise_from_button,
    fixed_bounty_awards,
    knockouts_from_hand,
    knockouts_from_pots,
    pko_awards,
    start_stacks_of,
    winner_collects_own,
)

KPC = load_profile("kojack")
FOX = load_profile("foxwoods")
TDA = load_profile("tda")


def test_doctests() -> None:
    result = doctest.testmod(bounties_module)
    assert result.failed == 0
    assert result.attempted > 3


# I3: A all-in 2,000 ($20), B all-in 5,000 ($20), C covers. Seats A=1, B=2, C=3.
MAIN = (1, 2, 3)
SIDE = (2, 3)


def i3_pots(main_winner: int, side_winner: int) -> list[PotOutcome]:
    return [
        PotOutcome(6000, MAIN, (main_winner,)),
        PotOutcome(6000, SIDE, (side_winner,)),
    ]


def test_KPC_55_I3_case1_C_best_wins_both_bounties() -> None:
    kos = knockouts_from_pots(i3_pots(3, 3), [1, 2])
    assert kos == (Knockout(1, (3,)), Knockout(2, (3,)))
    awards = fixed_bounty_awards(
        kos, {1: 2000, 2: 2000}, profile=KPC, button=3, seat_order=[1, 2, 3]
    )
    assert sum(a.cash for a in awards if a.collector == 3) == 4000


def test_KPC_55_I3_case2_A_best_C_second_B_bounty_to_C() -> None:
    kos = knockouts_from_pots(i3_pots(1, 3), [2])
    assert kos == (Knockout(2, (3,)),)
    awards = fixed_bounty_awards(kos, {2: 2000}, profile=KPC, button=3, seat_order=[1, 2, 3])
    assert [(a.collector, a.cash) for a in awards] == [(3, 2000)]


def test_KPC_55_I3_case3_B_best_wins_A_bounty() -> None:
    kos = knockouts_from_pots(i3_pots(2, 2), [1])
    assert kos == (Knockout(1, (2,)),)


def test_bounty_goes_with_main_pot_when_every_caller_covers() -> None:
    pots = [PotOutcome(9000, (1, 2, 3), (2,))]
    assert knockouts_from_pots(pots, [1]) == (Knockout(1, (2,)),)


def test_knockouts_refuse_nonsense() -> None:
    pots = [PotOutcome(9000, (1, 2, 3), (2,))]
    with pytest.raises(InvalidCommand):
        knockouts_from_pots(pots, [4])  # not in any pot
    with pytest.raises(InvalidCommand):
        knockouts_from_pots(pots, [2])  # won the pot
    with pytest.raises(InvalidCommand):
        knockouts_from_pots([PotOutcome(9000, (1, 2), ())], [1])
    with pytest.raises(InvalidCommand):
        knockouts_from_pots([PotOutcome(9000, (1, 2), (5,))], [1])


# I4: A ($20) all-in loses; B (seat 4) and C (seat 2) split; button seat 1.


def test_KPC_55_I4_split_pot_equal_shares() -> None:
    awards = fixed_bounty_awards(
        [Knockout(3, (4, 2))], {3: 2000}, profile=KPC, button=1, seat_order=[1, 2, 3, 4]
    )
    assert sorted((a.collector, a.cash) for a in awards) == [(2, 1000), (4, 1000)]


def test_FOX_BTY4_I4_split_pot_closest_clockwise_from_button() -> None:
    awards = fixed_bounty_awards(
        [Knockout(3, (4, 2))], {3: 2000}, profile=FOX, button=1, seat_order=[1, 2, 3, 4]
    )
    assert [(a.collector, a.cash) for a in awards] == [(2, 2000)]


def test_FOX_BTY4_button_itself_is_last_clockwise() -> None:
    assert clockwise_from_button([1, 9, 5], button=5, seat_order=range(1, 11)) == [9, 1, 5]
    awards = fixed_bounty_awards(
        [Knockout(3, (5, 9))], {3: 2500}, profile=FOX, button=5, seat_order=list(range(1, 11))
    )
    assert [(a.collector, a.cash) for a in awards] == [(9, 2500)]


def test_KPC_55_I4_several_bounties_own_chip_back() -> None:
    # A (1) and B (2) all-in 3,000 each ($20), C (3) calls; A and C tie, B loses.
    pots = [PotOutcome(9000, (1, 2, 3), (1, 3))]
    kos = knockouts_from_pots(pots, [2])
    awards = fixed_bounty_awards(
        kos, {1: 2000, 2: 2000, 3: 2000}, profile=KPC, button=3, seat_order=[1, 2, 3]
    )
    # A keeps his own chip (he is not eliminated); B's $20 -> A $10, C $10
    assert sorted((a.collector, a.cash) for a in awards) == [(1, 1000), (3, 1000)]


def test_KPC_55_equal_shares_odd_cents_clockwise_from_button() -> None:
    awards = fixed_bounty_awards(
        [Knockout(1, (2, 3, 4))], {1: 2500}, profile=KPC, button=3, seat_order=[1, 2, 3, 4]
    )
    assert sorted((a.collector, a.cash) for a in awards) == [(2, 833), (3, 833), (4, 834)]


def test_fixed_bounty_refuses_bad_records() -> None:
    with pytest.raises(InvalidCommand):
        fixed_bounty_awards([Knockout(1, ())], {1: 100}, profile=KPC, button=1, seat_order=[1, 2])
    with pytest.raises(InvalidCommand):
        fixed_bounty_awards([Knockout(1, (2,))], {}, profile=KPC, button=1, seat_order=[1, 2])
    with pytest.raises(InvalidCommand):
        fixed_bounty_awards([Knockout(1, (1,))], {1: 5}, profile=KPC, button=1, seat_order=[1, 2])
    with pytest.raises(InvalidCommand):
        fixed_bounty_awards([Knockout(1, (7,))], {1: 5}, profile=KPC, button=1, seat_order=[1, 2])


# PKO


def test_PKO_ten_dollar_bounty_pays_five_adds_five() -> None:
    result = pko_awards(
        [Knockout(2, (1,))], {1: 1000, 2: 1000}, profile=TDA, button=1, seat_order=[1, 2]
    )
    assert [(a.collector, a.cash, a.added_to_bounty) for a in result.awards] == [(1, 500, 500)]
    assert result.bounties == {1: 1500}


def test_PKO_all_in_10000_5000_1000_side_pot_winner_takes_bounty() -> None:
    # seat 1 has 10,000, seat 2 5,000, seat 3 1,000; seat 3 wins the main pot,
    # seat 1 the side pot: seat 2 is out and its bounty goes to seat 1.
    pots = [PotOutcome(3000, (1, 2, 3), (3,)), PotOutcome(8000, (1, 2), (1,))]
    kos = knockouts_from_pots(pots, [2])
    stacks = {1: 10000, 2: 5000, 3: 1000}
    result = pko_awards(
        kos,
        {1: 1000, 2: 1000, 3: 1000},
        profile=TDA,
        button=3,
        seat_order=[1, 2, 3],
        start_stacks=stacks,
    )
    assert [(a.collector, a.cash, a.added_to_bounty) for a in result.awards] == [(1, 500, 500)]
    assert result.bounties == {1: 1500, 3: 1000}


def test_PKO_only_a_player_who_covered_collects() -> None:
    with pytest.raises(RuleViolation):
        pko_awards(
            [Knockout(2, (3,))],
            {2: 1000, 3: 1000},
            profile=TDA,
            button=3,
            seat_order=[2, 3],
            start_stacks={2: 5000, 3: 1000},
        )
    # a split between a coverer and a non-coverer: only the coverer collects
    result = pko_awards(
        [Knockout(2, (1, 3))],
        {1: 1000, 2: 1000, 3: 1000},
        profile=TDA,
        button=3,
        seat_order=[1, 2, 3],
        start_stacks={1: 9000, 2: 5000, 3: 1000},
    )
    assert [(a.collector, a.cash) for a in result.awards] == [(1, 500)]


def test_PKO_share_is_configurable() -> None:
    profile = TDA.replace(pko_bounty_share="25%")
    result = pko_awards(
        [Knockout(2, (1,))], {1: 2000, 2: 2000}, profile=profile, button=1, seat_order=[1, 2]
    )
    assert (result.awards[0].cash, result.bounties[1]) == (500, 3500)


def test_PKO_eliminated_player_cannot_collect_and_winner_collects_own() -> None:
    with pytest.raises(InvalidCommand):
        pko_awards(
            [Knockout(2, (1,)), Knockout(1, (3,))],
            {1: 1, 2: 1, 3: 1},
            profile=TDA,
            button=1,
            seat_order=[1, 2, 3],
        )
    award = winner_collects_own(1, {1: 3750})
    assert (award.collector, award.cash) == (1, 3750)


def test_PKO_split_pot_fox_rule_all_to_closest_clockwise() -> None:
    result = pko_awards(
        [Knockout(3, (4, 2))],
        {2: 1000, 3: 1000, 4: 1000},
        profile=FOX,
        button=1,
        seat_order=[1, 2, 3, 4],
    )
    assert [(a.collector, a.cash, a.added_to_bounty) for a in result.awards] == [(2, 500, 500)]


@given(
    bounty=st.lists(st.integers(min_value=0, max_value=100_000), min_size=6, max_size=6),
    n_out=st.integers(min_value=1, max_value=3),
    n_win=st.integers(min_value=1, max_value=3),
    button=st.integers(min_value=0, max_value=5),
    pko=st.booleans(),
    fox=st.booleans(),
)
def test_property_bounty_money_conserved(
    bounty: list[int], n_out: int, n_win: int, button: int, pko: bool, fox: bool
) -> None:
    seats = list(range(6))
    out = seats[:n_out]
    winners = tuple(seats[n_out : n_out + n_win])
    kos = [Knockout(s, winners) for s in out]
    values = dict(enumerate(bounty))
    profile = FOX if fox else KPC
    if pko:
        result = pko_awards(kos, values, profile=profile, button=button, seat_order=seats)
        paid = sum(a.cash + a.added_to_bounty for a in result.awards)
        assert sum(result.bounties.values()) + sum(a.cash for a in result.awards) == sum(bounty)
    else:
        paid = sum(
            a.cash
            for a in fixed_bounty_awards(
                kos, values, profile=profile, button=button, seat_order=seats
            )
        )
    assert paid == sum(values[s] for s in out)


def test_KPC_55_FOX_BTY2_I2_bounty_chip_pushed_in_is_all_in() -> None:
    assert bounty_chip_all_in(FOX, 14500) == 14500
    assert bounty_chip_all_in(KPC, 14500) == 14500
    assert bounty_chip_all_in(TDA.replace(bounty_chip_in_pot_is_all_in=False), 14500) is None
    with pytest.raises(IllegalAction):
        bounty_chip_all_in(FOX, 0)


def test_PKO_engine_hand_derives_the_eliminator() -> None:
    """Engine play: 10,000 (seat 0) vs 5,000 (seat 1) vs 1,000 (seat 2) all in; find a deal
    where seat 2 wins the main pot and seat 0 the side pot: seat 1's bounty goes to seat 0."""
    from pokertd.engine import AllIn, Hand

    for seed in range(500):
        hand = Hand.start(
            stacks=[10000, 5000, 1000],
            button=0,
            small_blind_seat=1,
            big_blind_seat=2,
            small_blind=50,
            big_blind=100,
            rng=random.Random(seed),
        )
        while hand.actor is not None:
            hand.act(AllIn())
        result = hand.result
        if [p.winners for p in result.pots] == [(2,), (0,)]:
            break
    else:  # pragma: no cover - 1 in 6 deals qualifies
        pytest.fail("no qualifying deal found")
    kos = knockouts_from_hand(result)
    assert kos == (Knockout(1, (0,)),)
    pko = pko_awards(
        kos,
        {0: 1000, 1: 1000, 2: 1000},
        profile=TDA,
        button=0,
        seat_order=[0, 1, 2],
        start_stacks=start_stacks_of(result),
    )
    assert [(a.collector, a.cash, a.added_to_bounty) for a in pko.awards] == [(0, 500, 500)]
