"""Differential test of Omaha hi-lo eight or better (fixed-limit and pot-limit) against
PokerKit (issue 28): random legal action sequences played in lockstep in both engines,
the same cards dealt to the same players.

PokerKit's reference games are :mod:`pokerkit_omaha8` (PokerKit's own streets, Omaha
hands and betting mixins; its ``FixedLimitOmahaHoldemHighLowSplitEightOrBetter`` bets
pot-limit in 0.7.7, and it has no pot-limit Omaha hi-lo class).

At every decision both must agree on who acts, whether he may fold, the amount to call,
whether he may bet or raise and the bounds (the one fixed amount in fixed-limit; the
minimum and the pot in pot-limit), and the chips in the pot. At the end the final stacks
must agree (split pots may differ by the odd chips: PokerKit's odd-chip rule is not
F5's: KPC-12C, TNPL-C8, FOX-20).

Kept out of the draw, documented differences (docs/engine.md): the fixed-limit cap after
the flop (a bet and four raises here under TDA, four bets in PokerKit; pre-flop both allow
the big blind and four raises);
stacks short of the big blind (E3, E6). After a short all-in on a street legality is no
longer compared on that street (E4: PokerKit reopens when short all-ins add up to a full
raise, pokertd in limit at half a bet, and it sizes the next raise differently). PokerKit
0.7.7 halves every pot when any shown hand has a low, even a side pot none of whose
players has one (then shared among them): such hands are compared on chips only
(:func:`_pokerkit_splits_a_pot_without_low`; here the high hand takes that pot, F5).
"""

from __future__ import annotations

import random
import warnings

import pokerkit as pk
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pokerkit_omaha8 import omaha8_state

from pokertd.cards.card import CARD_TEXT
from pokertd.cards.low import omaha_low_eight
from pokertd.engine import Call, Fold, Hand, Raise, deal_order
from pokertd.rules import Variant, load_profile

PROFILE = load_profile("tda")
AGGRESSIVE = ("bet", "raise")
HI_LO = [Variant.FIXED_LIMIT_OMAHA_HI_LO, Variant.POT_LIMIT_OMAHA_HI_LO]
AUTOMATIONS = (
    pk.Automation.ANTE_POSTING,
    pk.Automation.BET_COLLECTION,
    pk.Automation.BLIND_OR_STRADDLE_POSTING,
    pk.Automation.CARD_BURNING,
    pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pk.Automation.HAND_KILLING,
    pk.Automation.CHIPS_PUSHING,
    pk.Automation.CHIPS_PULLING,
)


def _play(data: st.DataObject, variant: Variant, stacks: list[int], seed: int) -> int:
    """Play one hand in both engines; returns the number of decisions compared."""
    n = len(stacks)
    fixed = variant is Variant.FIXED_LIMIT_OMAHA_HI_LO
    cards = random.Random(seed).sample(range(52), 4 * n + 5)
    holes = [cards[4 * p : 4 * p + 4] for p in range(n)]
    board = cards[4 * n :]
    # Seats 0..n-1, button n-1: dealing order is seat order (heads-up too: the button
    # posts the small blind and the big blind, seat 0, is dealt first).
    hand = Hand.start(
        variant=variant, stacks=stacks, button=n - 1,
        small_blind_seat=0 if n > 2 else 1, big_blind_seat=1 if n > 2 else 0,
        small_blind=50, big_blind=100, small_bet=100, big_bet=200, profile=PROFILE,
        deck=deal_order(holes, board),
    )  # fmt: skip
    blinds = (50, 100)  # heads-up PokerKit itself has the button (player 2) post 50
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        state = omaha8_state(fixed, AUTOMATIONS, 0, blinds, 100, 200, stacks, n)
        compared = 0
        short_all_in_on = ""
        dealt_board = 0
        while state.status:
            if state.can_deal_hole():
                p = state.hole_dealee_index
                state.deal_hole(CARD_TEXT[holes[p][len(state.hole_cards[p])]])
                continue
            if state.can_deal_board():
                count = 3 if dealt_board == 0 else 1
                state.deal_board(
                    "".join(CARD_TEXT[c] for c in board[dealt_board : dealt_board + count])
                )
                dealt_board += count
                continue
            if hand.is_over and state.actor_index is not None:
                # PokerKit's superfluous check: the one player left with chips already
                # holds the highest bet (docs/engine.md, PHH); it changes nothing.
                assert state.checking_or_calling_amount == 0
                state.check_or_call()
                continue
            if state.actor_index is None:
                pytest.fail(f"PokerKit waits for something else: {state.operations[-1:]}")
            legal = hand.legal()
            assert hand.actor == state.actor_index
            assert hand.pot == state.total_pot_amount
            street = hand.street
            raises = sum(1 for a in hand.actions if a.street == street and a.kind in AGGRESSIVE)
            # PokerKit's fixed-limit cap is four bets: pre-flop the big blind and four
            # raises (pokertd under TDA: a bet and four raises), after the flop a bet and
            # three raises: that fifth bet is left out of the draw and the comparison.
            capped = fixed and street != "preflop" and raises == 4
            if short_all_in_on != street and not capped:
                assert (legal.can_fold and legal.call_amount > 0) == state.can_fold()
                assert legal.call_amount == state.checking_or_calling_amount
                can_raise = state.can_complete_bet_or_raise_to()
                assert legal.can_raise == can_raise, (hand.actions, legal)
                if can_raise:
                    assert legal.min_raise_to == state.min_completion_betting_or_raising_to_amount
                    assert legal.max_raise_to == state.max_completion_betting_or_raising_to_amount
                compared += 1
            options = ["call"]
            if legal.call_amount:
                options.append("fold")
            if legal.can_raise and not capped:
                for to in {legal.min_raise_to, legal.max_raise_to}:
                    if state.can_complete_bet_or_raise_to(to):
                        options.append(f"raise {to}")
            choice = data.draw(st.sampled_from(options))
            if choice == "fold":
                hand.act(Fold())
                state.fold()
            elif choice == "call":
                hand.act(Call())
                state.check_or_call()
            else:
                to = int(choice.split()[1])
                record = hand.act(Raise(to))
                state.complete_bet_or_raise_to(to)
                if record.all_in and to < legal.full_raise_to:
                    short_all_in_on = street
    assert hand.is_over
    ours = [hand.stacks[s] or 0 for s in range(n)]
    theirs = [int(x) for x in state.stacks]
    result = hand.result
    if _pokerkit_splits_a_pot_without_low(hand):
        assert sum(ours) == sum(theirs)
    elif any(len(p.winners) > 1 for p in result.pots):
        assert sum(ours) == sum(theirs)
        assert sum(abs(a - b) for a, b in zip(ours, theirs, strict=True)) <= 4 * len(result.pots)
    else:
        assert ours == theirs, (hand.actions, result)
    return compared


def _pokerkit_splits_a_pot_without_low(hand: Hand) -> bool:
    """PokerKit 0.7.7 halves every pot when any shown hand has a low, and shares the low
    half of a side pot nobody in it qualifies for among its players; the rulebooks split
    each pot separately (KPC-12B, FOX-21) and give a pot without a qualifying low to the
    high hand (F5): such hands are compared on chips only."""
    result = hand.result
    board = hand.board
    lows = {s: omaha_low_eight(board, hand.hole_cards(s)) is not None for s in result.shown}
    return any(lows.values()) and any(
        not any(lows.get(s, False) for s in pot.eligible) for pot in result.pots
    )


def _settings(examples: int) -> settings:
    return settings(
        max_examples=examples, derandomize=True, deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )  # fmt: skip


@pytest.mark.parametrize("variant", HI_LO)
def test_deep_stacks_agree_with_pokerkit_on_every_decision(variant: Variant) -> None:
    @_settings(60)
    @given(data=st.data(), n=st.integers(2, 6), seed=st.integers(0, 2**32))
    def run(data: st.DataObject, n: int, seed: int) -> None:
        assert _play(data, variant, [20_000] * n, seed) > 0

    run()


@pytest.mark.parametrize("variant", HI_LO)
def test_short_stacks_agree_with_pokerkit_on_pots_and_stacks(variant: Variant) -> None:
    """All-ins, side pots (each split high and low separately, F1/F5) and uncalled bets;
    every stack covers the big blind (E3)."""

    @_settings(60)
    @given(
        data=st.data(),
        stacks=st.lists(st.integers(100, 1_500), min_size=2, max_size=6),
        seed=st.integers(0, 2**32),
    )
    def run(data: st.DataObject, stacks: list[int], seed: int) -> None:
        _play(data, variant, stacks, seed)

    run()


@pytest.mark.slow
@pytest.mark.parametrize("variant", HI_LO)
def test_many_hands_agree_with_pokerkit(variant: Variant) -> None:
    """1,000 hands per variant in CI's slow tier (both builds run it: the Omaha engine is
    compiled); 2,000 per variant passed when the engine was written (610 s)."""

    @_settings(1_000)
    @given(
        data=st.data(),
        stacks=st.lists(st.integers(100, 5_000), min_size=2, max_size=6),
        seed=st.integers(0, 2**32),
    )
    def run(data: st.DataObject, stacks: list[int], seed: int) -> None:
        _play(data, variant, stacks, seed)

    run()
