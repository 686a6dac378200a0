"""Betting rules with the catalogue's numbers: order of action, minimum bets and raises,
short blinds, re-opening, caps, pot-limit (catalogue D2, D3, E1-E6)."""

from __future__ import annotations

import pytest
from engine_helpers import play, profile, start

from pokertd.engine import AllIn, Bet, Call, Check, Fold, Raise
from pokertd.errors import BelowMinimumRaise, IllegalAction
from pokertd.rules import Variant

BIG = 100_000


def test_NJ_16_preflop_and_postflop_order_of_action() -> None:
    """D2 (NJ-16, NJ-18, NJ-23, SPOT-4.0): 6 players, button seat 1, SB 2, BB 3;
    pre-flop order 4, 5, 6, 1, 2, 3; the BB may check or raise; flop order 2..6, 1."""
    hand = start([BIG] * 6, button=0)
    assert (hand.small_blind_seat, hand.big_blind_seat) == (1, 2)
    order = []
    for _ in range(5):
        order.append(hand.actor)
        hand.act(Call())
    assert order == [3, 4, 5, 0, 1]
    assert hand.actor == 2
    legal = hand.legal()
    assert legal.can_check
    assert legal.can_raise
    assert legal.call_amount == 0
    hand.act(Check())
    assert hand.street == "flop"
    flop_order = []
    for _ in range(6):
        flop_order.append(hand.actor)
        hand.act(Check())
    assert flop_order == [1, 2, 3, 4, 5, 0]


def test_FOX_34_KPC_23C_heads_up_button_posts_small_blind_and_acts_first_preflop() -> None:
    """D3 (KPC-23C, TNPL-F3, FOX-34): seat 3 (last BB) has the button and the small
    blind, seat 2 the big blind; seat 3 acts first pre-flop, seat 2 first after the flop."""
    hand = start([0, BIG, BIG], button=2, sb=2, bb=1)
    assert hand.actor == 2
    assert hand.bets == [0, 100, 50]
    play(hand, Call(), Check())
    assert hand.street == "flop"
    assert hand.actor == 1


def test_FOX_55_KPC_29C_minimum_opening_bet_is_the_big_blind() -> None:
    """E1: blinds 1,000/2,000, flop: a 30,000 stack betting 1,000 is refused (minimum
    2,000); a player with 1,500 left may bet it all-in. The TDA profile cites TDA rule 55
    (FOX-55 is the TDA text); Kojack's cites KPC-29C."""
    kojack = start([32_000, 3_500, BIG], blinds=(1_000, 2_000), prof="kojack")
    play(kojack, Call(), Call(), Check())
    with pytest.raises(BelowMinimumRaise) as refused:
        kojack.verify(Bet(1_000))
    assert refused.value.rule_ids == ("KPC-29C",)
    hand = start([32_000, 3_500, BIG], blinds=(1_000, 2_000))
    play(hand, Call(), Call(), Check())
    assert hand.street == "flop"
    assert hand.actor == 0
    with pytest.raises(BelowMinimumRaise) as exc:
        hand.verify(Bet(1_000))
    assert exc.value.rule_ids == ("TDA-55",)
    assert hand.legal().min_raise_to == 2_000
    hand.act(Check())
    assert hand.actor == 1
    record = hand.act(Bet(1_500))
    assert record.all_in
    assert record.to == 1_500


def test_FOX_46A_KPC_33_TNPL_H5i_minimum_raise_is_current_plus_largest_increment() -> None:
    """E2 TDA: blinds 200/400, A raises to 1,600 (increment 1,200): re-raise to 2,800.
    Each profile cites its own rules: TDA 46A/46B (FOX-46A/B), KPC-33, TNPL-H5i."""
    for prof, cited in (
        ("tda", ("TDA-46A", "TDA-46B")),
        ("foxwoods", ("FOX-46A", "FOX-46B")),
        ("kojack", ("KPC-33",)),
        ("tnpl", ("TNPL-H5i",)),
    ):
        hand = start([BIG] * 4, blinds=(200, 400), prof=prof)
        hand.act(Raise(1_600))
        assert hand.legal().min_raise_to == 2_800
        with pytest.raises(BelowMinimumRaise) as exc:
            hand.verify(Raise(2_700))
        assert exc.value.rule_ids == cited, prof
    assert "2,800" in str(exc.value)


def test_SPOT_3d3_raise_must_double_the_current_bet() -> None:
    """E2 SPOT: after a raise to 1,600 the minimum is 3,200, and then 6,400."""
    hand = start([BIG] * 4, blinds=(200, 400), prof="spotlight")
    assert hand.legal().min_raise_to == 800
    hand.act(Raise(1_600))
    assert hand.legal().min_raise_to == 3_200
    hand.act(Raise(3_200))
    assert hand.legal().min_raise_to == 6_400
    with pytest.raises(BelowMinimumRaise) as exc:
        hand.verify(Raise(6_000))
    assert exc.value.rule_ids == ("SPOT-3d3",)


def test_NJ_Def14_raise_is_call_plus_one_chip() -> None:
    """E2 NJ: after a raise to 1,600 with 25-chips in play the minimum is 1,625."""
    hand = start([BIG] * 4, blinds=(200, 400), prof="nj_fundraiser", min_chip=25)
    hand.act(Raise(1_600))
    assert hand.legal().min_raise_to == 1_625
    hand.act(Raise(1_625))


def test_FOX_46B_raise_amount_is_the_total_bet() -> None:
    """E2 (FOX-46B): A opens 2,000, B says "raise, eight thousand": B's bet is 8,000."""
    hand = start([BIG] * 3, blinds=(500, 1_000))
    play(hand, Call(), Call(), Check())
    hand.act(Bet(2_000))
    record = hand.act(Raise(8_000))
    assert (record.kind, record.to, record.amount) == ("raise", 8_000, 8_000)


def test_KPC_54_SPOT_4a1_short_big_blind_keeps_the_full_call_and_raise() -> None:
    """E3: 100/200, BB all-in for 150. UTG must call 200 (minimum raise to 400), SB
    calls 200; main pot 150 x 3 = 450, side pot 50 + 50 = 100 (UTG and SB)."""
    hand = start([BIG, 150, BIG, BIG], blinds=(100, 200))
    assert hand.actor == 2
    legal = hand.legal()
    assert (legal.call_amount, legal.min_raise_to) == (200, 400)
    play(hand, Call(), Fold())
    assert hand.legal().call_amount == 100
    hand.act(Call())
    assert hand.street == "flop"
    result = play(hand, Check(), Check(), Check(), Check(), Check(), Check()).result
    assert [(p.amount, p.eligible) for p in result.pots] == [(450, (0, 1, 2)), (100, (0, 2))]


def test_FOX_47_KPC_34_TNPL_H5ii_short_all_in_does_not_reopen() -> None:
    """E4: A bets 1,000; B all-in 1,400; C calls 1,400; A faces 400 and may only call or
    fold."""
    hand = start([BIG, 1_500, BIG])  # A = seat 0, B = seat 1, C = seat 2 (button)
    play(hand, Call(), Call(), Check())
    play(hand, Bet(1_000), AllIn(), Call())
    assert hand.actor == 0
    legal = hand.legal()
    assert not legal.can_raise
    assert legal.call_amount == 400
    with pytest.raises(IllegalAction) as exc:
        hand.verify(Raise(3_000))
    assert exc.value.rule_ids == ("TDA-47",)  # the TDA profile: TDA rule 47 (FOX-47)


def test_FOX_47_short_all_ins_adding_up_to_a_full_raise_reopen() -> None:
    """E4 variation: A bets 1,000; B all-in 1,400; D calls 1,400; C all-in 2,100. A faces
    1,100 >= 1,000 and may re-raise, minimum to 3,100; D faces only 700 more."""
    # A seat 0 (SB), B seat 1 (BB), D seat 2, C seat 3 (button).
    hand = start([BIG, 1_500, BIG, 2_200])
    play(hand, Call(), Call(), Call(), Check())
    play(hand, Bet(1_000), AllIn(), Call(), AllIn())
    assert hand.actor == 0
    legal = hand.legal()
    assert legal.can_raise
    assert legal.min_raise_to == 3_100
    hand.act(Call())
    assert hand.actor == 2
    assert not hand.legal().can_raise
    assert hand.legal().call_amount == 700


def test_FOX_47_reopen_full_raise_rule_needs_one_full_raise() -> None:
    """E4 with ``reopen_rule_nl_pl = full_raise``: two short all-ins never reopen."""
    from engine_helpers import profile

    rules = profile("tda").replace(reopen_rule_nl_pl="full_raise")
    hand = start([BIG, 1_500, BIG, 2_200], prof=rules)
    play(hand, Call(), Call(), Call(), Check())
    play(hand, Bet(1_000), AllIn(), Call(), AllIn())
    assert not hand.legal().can_raise


def test_FOX_47_limit_half_bet_all_in_reopens() -> None:
    """E4 limit (bet 200): A bets 200, B calls, C all-in 300 (+100 = 50 %): A and B may
    raise; all-in for 290: A and B may only call 290 or fold."""
    for c_stack, reopened in ((500, True), (490, False)):
        hand = start(
            [BIG, BIG, c_stack],
            blinds=(100, 200),
            variant=Variant.FIXED_LIMIT_HOLDEM,
            small_bet=200,
            big_bet=400,
        )
        play(hand, Call(), Call(), Check())
        play(hand, Bet(200), Call(), AllIn())
        assert hand.actor == 0
        assert hand.legal().can_raise is reopened
        if reopened:
            assert hand.legal().min_raise_to == 500


def test_SPOT_4a5_big_blind_keeps_option_after_short_all_in() -> None:
    """E4 (SPOT-4a5): a short all-in pre-flop does not take the BB's option to raise."""
    hand = start([BIG, BIG, 150, BIG], blinds=(50, 100), prof="spotlight")
    play(hand, AllIn(), Call(), Call())  # UTG all-in 150 (short), button and SB call
    assert hand.actor == 1
    assert hand.legal().can_raise


def test_KPC_37_limit_cap_applies_heads_up() -> None:
    """E5: KPC limit 200/400 flop: bet 200, raise 400, 600, 800, 1,000 -> only call
    1,000 or fold, even heads-up in the hand."""
    kw = {
        "blinds": (100, 200),
        "variant": Variant.FIXED_LIMIT_HOLDEM,
        "small_bet": 200,
        "big_bet": 400,
        "prof": "kojack",
    }
    hand = start([BIG, BIG], button=1, sb=1, bb=0, **kw)  # type: ignore[arg-type]
    play(hand, Call(), Check())
    play(hand, Bet(200), Raise(400), Raise(600), Raise(800), Raise(1_000))
    legal = hand.legal()
    assert not legal.can_raise
    assert legal.call_amount == 200
    with pytest.raises(IllegalAction) as exc:
        hand.verify(Raise(1_200))
    assert "KPC-37" in exc.value.rule_ids


def test_KPC_37_cap_lifts_when_the_tournament_is_heads_up() -> None:
    """E5: the cap lifts when only two players remain in the whole tournament."""
    kw = {
        "blinds": (100, 200),
        "variant": Variant.FIXED_LIMIT_HOLDEM,
        "small_bet": 200,
        "big_bet": 400,
        "prof": "kojack",
        "players_in_tournament": 2,
    }
    hand = start([BIG, BIG], button=1, sb=1, bb=0, **kw)  # type: ignore[arg-type]
    play(hand, Call(), Check())
    play(hand, Bet(200), Raise(400), Raise(600), Raise(800), Raise(1_000))
    assert hand.legal().can_raise
    assert hand.legal().min_raise_to == 1_200


def test_NJ_44c_three_raises_per_betting_interval_in_no_limit() -> None:
    """E5 NJ: no-limit 100/200 pre-flop: raises to 600, 1,500, 4,000 -> only call or fold."""
    hand = start([BIG] * 6, blinds=(100, 200), prof="nj_fundraiser")
    play(hand, Raise(600), Raise(1_500), Raise(4_000))
    legal = hand.legal()
    assert not legal.can_raise
    assert legal.call_amount == 4_000
    with pytest.raises(IllegalAction) as exc:
        hand.verify(Raise(9_000))
    assert exc.value.rule_ids == ("NJ-44c",)


def test_FOX_53A_KPC_39_pot_limit_maximum() -> None:
    """E6: PL 100/200, UTG first in: maximum raise to 700; the next player facing 700:
    maximum 2,400."""
    hand = start([BIG] * 4, blinds=(100, 200), variant=Variant.POT_LIMIT_OMAHA)
    assert hand.legal().max_raise_to == 700
    with pytest.raises(IllegalAction) as exc:
        hand.verify(Raise(800))
    assert exc.value.rule_ids == ("TDA-53A", "TDA-53B")  # TDA rule 53 (FOX-53A/B)
    hand.act(Raise(700))
    assert hand.legal().max_raise_to == 2_400


def test_FOX_53B_KPC_54_pot_limit_short_or_dead_blind_counts_full() -> None:
    """E6: with the BB all-in for 150 (or, KPC, a dead small blind) UTG's maximum is
    still 700; without KPC's rule a dead small blind is not counted (600)."""
    short = start([BIG, 150, BIG, BIG], blinds=(100, 200), variant=Variant.POT_LIMIT_OMAHA)
    assert short.legal().max_raise_to == 700
    dead_kpc = start(
        [BIG, BIG, BIG, BIG],
        blinds=(100, 200),
        sb=None,
        bb=1,
        variant=Variant.POT_LIMIT_OMAHA,
        prof="kojack",
    )
    assert dead_kpc.legal().max_raise_to == 700
    dead_tda = start(
        [BIG, BIG, BIG, BIG], blinds=(100, 200), sb=None, bb=1, variant=Variant.POT_LIMIT_OMAHA
    )
    assert dead_tda.legal().max_raise_to == 600


def test_fixed_limit_bets_are_exact() -> None:
    """Fixed-limit: pre-flop raise to BB + small bet, turn bets are the big bet."""
    hand = start(
        [BIG] * 3, blinds=(100, 200), variant=Variant.FIXED_LIMIT_HOLDEM, small_bet=200, big_bet=400
    )
    legal = hand.legal()
    assert (legal.min_raise_to, legal.max_raise_to) == (400, 400)
    with pytest.raises(IllegalAction):
        hand.verify(Raise(600))
    play(hand, Call(), Call(), Check(), Check(), Check(), Check())
    assert hand.street == "turn"
    assert hand.legal().min_raise_to == 400


def test_NJ_44c_limit_cap_holds_even_when_the_tournament_is_heads_up() -> None:
    """E5 NJ: three raises per betting interval in fixed-limit too, never lifted."""
    hand = start(
        [BIG, BIG], button=1, sb=1, bb=0, blinds=(100, 200), prof="nj_fundraiser",
        variant=Variant.FIXED_LIMIT_HOLDEM, small_bet=200, big_bet=400,
        players_in_tournament=2,
    )  # fmt: skip
    play(hand, Call(), Check())
    play(hand, Bet(200), Raise(400), Raise(600), Raise(800))
    assert not hand.legal().can_raise


def test_FOX_53A_pot_limit_after_the_flop_is_the_real_pot() -> None:
    """E6: from the flop on the real pot is used: pot 600, a bet may be 600; facing it,
    the next player may raise to 600 + (1,200 + 600) = 2,400."""
    hand = start([BIG] * 3, blinds=(100, 200), variant=Variant.POT_LIMIT_OMAHA)
    play(hand, Call(), Call(), Check())
    assert hand.pot == 600
    assert hand.legal().max_raise_to == 600
    hand.act(Bet(600))
    assert hand.legal().max_raise_to == 2_400


def test_NJ_Def2_burn_before_the_hole_cards() -> None:
    """D2 NJ: one card is burnt before the hole cards are dealt."""
    from pokertd.engine import Hand

    deck = list(range(52))
    for name, first in (("tda", 0), ("nj_fundraiser", 1)):
        hand = Hand.start(
            stacks=[BIG] * 3, button=2, small_blind_seat=0, big_blind_seat=1,
            small_blind=50, big_blind=100, deck=deck, profile=profile(name),
        )  # fmt: skip
        assert hand.hole_cards(0) == (first, first + 3)
