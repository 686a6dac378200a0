"""Betting perft: count every action sequence of a small hand and compare with PokerKit.

At each decision a player may fold (when facing a bet), check or call, raise the minimum,
or raise the maximum (all-in in no-limit, the pot in pot-limit). No count is pinned from
our own output: every expected number is PokerKit's, counted by PokerKit on this machine
(:func:`_pokerkit_count`: a run's counts are kept in the ignored ``tests/.artifacts/``, keyed
by PokerKit's version and the code that walks its state, so CI's second pass, with the engine
compiled, does not spend minutes counting PokerKit's unchanged answer again).
"""

from __future__ import annotations

import copy
import hashlib
import inspect
import json
import os
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest

from pokertd.cards.deck import SHORT_DECK
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
        deck=list(SHORT_DECK if variant is Variant.NO_LIMIT_SHORT_DECK else range(52)),
    )  # fmt: skip


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


def _pokerkit_state(variant: Variant, stacks: tuple[int, ...]) -> Any:
    """PokerKit's state for the same hand as :func:`_hand` (blinds 50/100, limit 100/200;
    Omaha hi-lo from :mod:`pokerkit_omaha8`)."""
    from pokerkit import (
        Automation,
        FixedLimitTexasHoldem,
        NoLimitShortDeckHoldem,
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
    n = len(stacks)
    if variant in (Variant.FIXED_LIMIT_OMAHA_HI_LO, Variant.POT_LIMIT_OMAHA_HI_LO):
        from pokerkit_omaha8 import omaha8_state

        fixed = variant is Variant.FIXED_LIMIT_OMAHA_HI_LO
        return omaha8_state(fixed, automations, 0, (50, 100), 100, 200, stacks, n)
    if variant is Variant.FIXED_LIMIT_HOLDEM:
        return FixedLimitTexasHoldem.create_state(
            automations, False, 0, (50, 100), 100, 200, stacks, n
        )
    if variant is Variant.POT_LIMIT_OMAHA:
        return PotLimitOmahaHoldem.create_state(automations, False, 0, (50, 100), 100, stacks, n)
    if variant is Variant.NO_LIMIT_SHORT_DECK:
        return NoLimitShortDeckHoldem.create_state(automations, False, 0, (50, 100), 100, stacks, n)
    return NoLimitTexasHoldem.create_state(automations, False, 0, (50, 100), 100, stacks, n)


PEER_COUNTS = Path(__file__).resolve().parents[1] / ".artifacts" / "perft-pokerkit.json"
"""PokerKit's counts already made on this checkout (ignored by git; delete it to count again)."""


def _pokerkit_count(variant: Variant, stacks: tuple[int, ...]) -> int:
    """PokerKit's perft of the hand :func:`_hand` deals (``variant``, ``stacks``): counted by
    PokerKit unless this PokerKit, walked by this code, counted it before on this checkout."""
    code = inspect.getsource(_pokerkit_perft) + inspect.getsource(_pokerkit_state)
    digest = hashlib.sha256(code.encode()).hexdigest()[:16]
    key = f"pokerkit {version('pokerkit')} {digest} {variant.value} {list(stacks)}"
    try:
        known: dict[str, int] = json.loads(PEER_COUNTS.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        known = {}
    if key not in known:
        known[key] = _pokerkit_perft(_pokerkit_state(variant, stacks))
        PEER_COUNTS.parent.mkdir(parents=True, exist_ok=True)
        scratch = PEER_COUNTS.with_suffix(f".{os.getpid()}.tmp")
        scratch.write_text(json.dumps(known, indent=1, sort_keys=True), encoding="utf-8")
        scratch.replace(PEER_COUNTS)
    return known[key]


@pytest.mark.parametrize("profile", ["tda", "kojack", "spotlight"])
@pytest.mark.parametrize("variant", list(Variant))
def test_betting_perft_equals_pokerkit(variant: Variant, profile: str) -> None:
    """An independent engine agrees on every legal sequence of a small 3-handed hand
    (464 sequences in no-limit and pot-limit, 252 in fixed-limit), under every profile
    whose rules PokerKit can follow on a tree this small."""
    stacks = (200, 300, 500)
    theirs = _pokerkit_count(variant, stacks)
    ours = perft(_hand(variant, list(stacks), load_profile(profile)))
    assert theirs > 200
    assert ours == theirs


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "profile"),
    [
        (Variant.NO_LIMIT_HOLDEM, "tda"),
        (Variant.POT_LIMIT_OMAHA, "tda"),
        (Variant.FIXED_LIMIT_HOLDEM, "kojack"),
    ],
)
def test_deep_betting_perft_equals_pokerkit(variant: Variant, profile: str) -> None:
    """Deeper stacks (300/500/800: thousands of sequences, min-raises that reopen or not)
    still agree with PokerKit (slow: PokerKit copies its state for every branch, a few
    minutes of CPU the first time on a checkout; :func:`_pokerkit_count`). Spotlight's
    double-the-bet minimum raise is a rule PokerKit does not have, so it is checked by the
    betting tests instead."""
    stacks = (300, 500, 800)
    ours = perft(_hand(variant, list(stacks), load_profile(profile)))
    assert ours == _pokerkit_count(variant, stacks)
