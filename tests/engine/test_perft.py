"""Betting perft: count every action sequence of a small hand and pin the numbers.

At each decision a player may fold (when facing a bet), check or call, raise the minimum,
or raise the maximum (all-in in no-limit, the pot in pot-limit). The counts are pinned
(as python-chess pins perft counts) and, on small trees, equal PokerKit's exactly.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from pokertd.engine import Hand
from pokertd.rules import RuleProfile, Variant, load_profile


def perft(hand: Hand) -> int:
    """Number of distinct ways the hand can be played to its end."""
    if hand.is_over:
        return 1
    count = 0
    if hand.call_amount:
        branch = hand.copy()
        branch.do_fold()
        count += perft(branch)
    branch = hand.copy()
    branch.do_check_call()
    count += perft(branch)
    bounds = hand.raise_range()
    if bounds is not None:
        for to in sorted(set(bounds)):
            branch = hand.copy()
            branch.do_raise_to(to)
            count += perft(branch)
    return count


def _hand(variant: Variant, stacks: list[int], profile: RuleProfile) -> Hand:
    return Hand.start(
        variant=variant, stacks=stacks, button=2, small_blind_seat=0, big_blind_seat=1,
        small_blind=50, big_blind=100, small_bet=100, big_bet=200, profile=profile,
        deck=list(range(52)),
    )  # fmt: skip


@pytest.mark.parametrize(
    ("variant", "profile", "expected"),
    [
        (Variant.NO_LIMIT_HOLDEM, "tda", 6_976),
        (Variant.POT_LIMIT_OMAHA, "tda", 7_496),
        (Variant.FIXED_LIMIT_HOLDEM, "kojack", 2_308),
        (Variant.NO_LIMIT_HOLDEM, "spotlight", 5_614),
    ],
)
def test_betting_perft_is_pinned(variant: Variant, profile: str, expected: int) -> None:
    assert perft(_hand(variant, [300, 500, 800], load_profile(profile))) == expected


def _pokerkit_perft(state: Any) -> int:
    if not state.status:
        return 1
    count = 0
    if state.can_fold():
        branch = copy.deepcopy(state)
        branch.fold()
        count += _pokerkit_perft(branch)
    branch = copy.deepcopy(state)
    branch.check_or_call()
    count += _pokerkit_perft(branch)
    if state.can_complete_bet_or_raise_to():
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        for to in sorted({low, high}):
            branch = copy.deepcopy(state)
            branch.complete_bet_or_raise_to(to)
            count += _pokerkit_perft(branch)
    return count


@pytest.mark.slow
@pytest.mark.parametrize("variant", list(Variant))
def test_betting_perft_equals_pokerkit(variant: Variant) -> None:
    """An independent engine agrees on every legal sequence of a small 3-handed hand
    (slow: PokerKit copies its state for each branch)."""
    from pokerkit import (
        Automation,
        FixedLimitTexasHoldem,
        NoLimitTexasHoldem,
        PotLimitOmahaHoldem,
    )

    automations = (
        Automation.ANTE_POSTING, Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING, Automation.CARD_BURNING,
        Automation.HOLE_DEALING, Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
    )  # fmt: skip
    stacks = (200, 300, 500)
    if variant is Variant.FIXED_LIMIT_HOLDEM:
        state = FixedLimitTexasHoldem.create_state(
            automations, False, 0, (50, 100), 100, 200, stacks, 3
        )
    elif variant is Variant.POT_LIMIT_OMAHA:
        state = PotLimitOmahaHoldem.create_state(automations, False, 0, (50, 100), 100, stacks, 3)
    else:
        state = NoLimitTexasHoldem.create_state(automations, False, 0, (50, 100), 100, stacks, 3)
    ours = perft(_hand(variant, list(stacks), load_profile("tda")))
    assert ours == _pokerkit_perft(state)
