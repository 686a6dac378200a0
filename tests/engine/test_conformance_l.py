"""Conformance of the hand irregularities and penalty hands the engine itself handles
(catalogue 2(k) K3/K6 and 2(l) L11), with the catalogue's worked examples.

Every expected number comes from the catalogue's example or the rule's text.
"""

from __future__ import annotations

from engine_helpers import start

from pokertd.engine import Call, Fold, Raise
from pokertd.rules import AnteType

BIG = 100_000


def test_KPC_52_TNPL_J1iii_FOX_71C_penalised_big_blind_posts_and_loses_it() -> None:
    """K3 example (KPC-52, TNPL-J1iii, FOX-71C): the offender on a penalty is the big blind
    at 1,000/2,000 BBA 2,000: his seat is dealt in, 4,000 is posted from his stack and lost
    when his hand is killed right after the deal. Seats: 0 SB, 1 BB (penalised), 2 button.
    """
    for name in ("kojack", "tnpl", "foxwoods"):
        hand = start(
            [BIG, BIG, BIG],
            blinds=(1_000, 2_000),
            ante=2_000,
            ante_type=AnteType.BIG_BLIND_ANTE,
            prof=name,
            dead=1 << 1,
        )
        assert hand.stacks[1] == BIG - 4_000, name
        assert not hand.in_hand(1), name  # killed after the initial deal
        hand.act(Fold())  # the button folds
        result = hand.result
        assert result.killed == (1,), name
        # The small blind wins what is in the middle: his 1,000 back plus the 4,000.
        assert result.final_stacks == (BIG + 4_000, BIG - 4_000, BIG), name


def test_SPOT_6_7_absent_big_blind_mucked_when_the_action_reaches_him() -> None:
    """K6 SPOT example (SPOT-6.6, SPOT-6.7): absent BB; UTG and the button call, the SB
    folds -> the action reaches the BB, who is mucked (he cannot check while absent); his
    2,000 stays in the pot. Blinds 1,000/2,000; seats 0 SB, 1 BB (absent), 2 UTG, 3 button.
    """
    hand = start([BIG] * 4, blinds=(1_000, 2_000), prof="spotlight", dead=1 << 1)
    assert hand.in_hand(1)  # dealt in and posted, still in until his turn
    assert hand.stacks[1] == BIG - 2_000
    hand.act(Call())  # UTG
    hand.act(Call())  # button
    hand.act(Fold())  # small blind
    assert not hand.in_hand(1)  # mucked when the action reached him
    assert hand.street == "flop"
    assert hand.pot == 1_000 + 2_000 + 2_000 + 2_000  # his 2,000 stays in the pot


def test_SPOT_3b1_FOX_66_declared_fold_facing_a_bet_is_dead() -> None:
    """L11 (SPOT-3b1, FOX-66): a player who folds facing a bet has a dead hand:
    he takes no further part, and his chips already in stay in the pot. Blinds 50/100;
    UTG raises to 300, the button folds, the SB folds, the BB calls: pot 650 heads-up."""
    for name in ("spotlight", "foxwoods"):
        hand = start([BIG] * 4, prof=name)
        hand.act(Raise(to=300))  # UTG (seat 2)
        hand.act(Fold())  # button
        hand.act(Fold())  # small blind: 50 stays in
        assert not hand.in_hand(0), name
        hand.act(Call())  # big blind
        assert hand.street == "flop", name
        assert hand.pot == 300 + 300 + 50, name
