"""Omaha hi-lo eight or better (``Variant.POT_LIMIT_OMAHA_HI_LO``, ``FIXED_LIMIT_OMAHA_HI_LO``):
split pots by the rulebooks (catalogue F5: KPC-12C, TNPL-C8, FOX-20; F1: KPC-12B, FOX-21),
the eight-or-better low with exactly two hole cards and three board cards (F4), the
fixed-limit and pot-limit bets. Each test's numbers are worked out from the rule."""

from __future__ import annotations

from engine_helpers import check_down, play, start

from pokertd.cards.card import parse_cards
from pokertd.cards.low import omaha_low_eight
from pokertd.engine import Bet, Call, Check, Fold, Hand, Raise
from pokertd.rules import Variant

FLO8 = Variant.FIXED_LIMIT_OMAHA_HI_LO
PLO8 = Variant.POT_LIMIT_OMAHA_HI_LO
BOARD = "2c3d7sKcKs"
"""Three low cards (7-3-2) and a pair of kings."""


def _heads_up_after_the_button_calls(holes: dict[int, str], board: str) -> Hand:
    """Blinds 100/200 in 100 chips, button seat 2 calls, the small blind (seat 0) folds,
    the big blind checks, checked down: a 500 pot (five 100 chips) between seats 1, 2."""
    hand = start(
        [5_000, 5_000, 5_000], blinds=(100, 200), holes=holes, board=board, variant=FLO8,
        min_chip=100,
    )  # fmt: skip
    play(hand, Call(), Fold(), Check())
    return check_down(hand)


def test_KPC_12C_TNPL_C8_FOX_20C_odd_chip_of_a_hi_lo_pot_goes_to_the_high_side() -> None:
    """Pot 500 in 100 chips, seat 2's trip kings take the high, seat 1's 7-4-3-2-A the
    low: the odd 100 chip goes to the high half (KPC-12C "the player with the high hand in
    a hi/lo game"; TNPL-C8 "the odd chip goes to the high hand"; FOX-20C): 300 and 200."""
    hand = _heads_up_after_the_button_calls({1: "Ac4d9h9d", 2: "AhKhQdJd"}, BOARD)
    (pot,) = hand.result.pots
    assert pot.amount == 500
    assert pot.awards == ((2, 300), (1, 200))
    assert pot.winners == (2, 1)  # the high hand first, then the low
    assert pot.odd_chips == (2,)
    assert pot.hand == "three of a kind, kings; 7-4-3-2-A low"
    assert hand.result.final_stacks == (4_900, 5_000, 5_100)


def test_F5_no_qualifying_low_the_high_hand_scoops() -> None:
    """Board 9cTcKd2h3s has two cards eight or lower: nobody can make a low with three
    board cards, so seat 2's king-high straight (QdJd with 9cTcKd) wins the whole 500
    though seat 1 holds A-4-5-6."""
    hand = _heads_up_after_the_button_calls({1: "Ac4d5h6d", 2: "AhKhQdJd"}, "9cTcKd2h3s")
    (pot,) = hand.result.pots
    assert pot.awards == ((2, 500),)
    assert pot.hand == "straight, king high"
    assert pot.odd_chips == ()


def test_F5_a_nine_low_does_not_qualify_eight_or_better() -> None:
    """Board 2c3d9sKcKs: seat 1's A-4 with the board's 9-3-2 makes only 9-4-3-2-A, not
    eight or better: seat 2's trip kings scoop the 500."""
    board = "2c3d9sKcKs"
    assert omaha_low_eight(parse_cards(board), parse_cards("Ac4dQhJh")) is None
    hand = _heads_up_after_the_button_calls({1: "Ac4dQhJh", 2: "AhKhQdJd"}, board)
    assert hand.result.pots[0].awards == ((2, 500),)


def test_F4_omaha_low_uses_exactly_two_hole_cards() -> None:
    """Board Ad2c3h4sKd would give anyone holding one five a wheel in hold'em; in Omaha
    two hole cards and three board cards must play (F4): 5-K-K-Q has one low card, so
    no low; 5-6 with A-2-3 makes 6-5-3-2-A, 5-8 only 8-5-3-2-A."""
    board = parse_cards("Ad2c3h4sKd")
    assert omaha_low_eight(board, parse_cards("5cKcKhQd")) is None
    six_five = omaha_low_eight(board, parse_cards("5c6cKhQd"))
    eight_five = omaha_low_eight(board, parse_cards("5c8cKhQd"))
    assert six_five is not None
    assert eight_five is not None
    assert six_five < eight_five  # lower is better


def test_F5_quartering_two_lows_share_the_low_half() -> None:
    """Three players in for 200 each (600, chips of 25): seat 2's trip kings take the high
    half, 300; seats 0 and 1 both hold 7-4-3-2-A and quarter the pot: 150 each."""
    hand = start(
        [5_000, 5_000, 5_000], blinds=(100, 200), variant=FLO8, min_chip=25,
        holes={0: "Ac4hQhJh", 1: "Ad4d9h9d", 2: "AhKhQdJd"}, board=BOARD,
    )  # fmt: skip
    play(hand, Call(), Call(), Check())
    check_down(hand)
    (pot,) = hand.result.pots
    assert pot.amount == 600
    assert dict(pot.awards) == {2: 300, 0: 150, 1: 150}
    assert pot.odd_chips == ()
    assert hand.result.final_stacks == (4_950, 4_950, 5_100)


def test_KPC_12C_TNPL_C8_FOX_20A_odd_chip_in_a_tied_low_half_to_the_left_of_the_button() -> None:
    """The same hands in 100 chips: the low half, 300, splits 200 to seat 0 (first left of
    the button, "the player in the worst position", KPC-12C) and 100 to seat 1."""
    hand = start(
        [5_000, 5_000, 5_000], blinds=(100, 200), variant=FLO8, min_chip=100,
        holes={0: "Ac4hQhJh", 1: "Ad4d9h9d", 2: "AhKhQdJd"}, board=BOARD,
    )  # fmt: skip
    play(hand, Call(), Call(), Check())
    check_down(hand)
    (pot,) = hand.result.pots
    assert dict(pot.awards) == {2: 300, 0: 200, 1: 100}
    assert pot.odd_chips == (0,)


def test_TNPL_C8_FOX_20D_two_wheels_split_the_pot_as_evenly_as_possible() -> None:
    """Board 2c3d4sKc9h; seats 1 and 2 hold A-5: each has the wheel, the best high (a
    five-high straight beats seat 0's trip kings) and the best low. Pot 600 in 100 chips:
    halves of 300 each split 200/100 would give 400/200; TNPL-C8 ("identical value (ex: a
    wheel in Omaha/8) the pot will be split as evenly as possible") and FOX-20D: 300 each."""
    hand = start(
        [5_000, 5_000, 5_000], blinds=(100, 200), variant=FLO8, min_chip=100,
        holes={0: "KhKdQsJs", 1: "Ah5hQcJd", 2: "As5sQdJc"}, board="2c3d4sKc9h",
    )  # fmt: skip
    play(hand, Call(), Call(), Check())
    check_down(hand)
    (pot,) = hand.result.pots
    assert pot.awards == ((1, 300), (2, 300))
    assert pot.odd_chips == ()
    assert pot.hand == "straight, five high; 5-4-3-2-A low"


def test_KPC_12B_FOX_21_each_side_pot_is_split_high_and_low_separately() -> None:
    """Pot-limit: seat 0 all-in for 300 pre-flop, seats 1 and 2 in for 800. Main pot 900
    (seats 0-2): seat 1's trip kings high 450, seat 0's 7-4-3-2-A low 450. Side pot 1,000
    (seats 1, 2): seat 1 high 500, seat 2's 7-6-5-3-2 low 500 (seat 0's better low
    cannot win a pot it is not in)."""
    hand = start(
        [300, 2_000, 2_000], blinds=(50, 100), variant=PLO8,
        holes={0: "Ac4hQhJh", 1: "AhKhQdJd", 2: "5d6d9h9d"}, board=BOARD,
    )  # fmt: skip
    play(hand, Raise(300), Call(), Call(), Bet(500), Call())
    check_down(hand)
    main, side = hand.result.pots
    assert (main.amount, dict(main.awards)) == (900, {1: 450, 0: 450})
    assert (side.amount, dict(side.awards)) == (1_000, {1: 500, 2: 500})
    assert side.hand == "three of a kind, kings; 7-6-5-3-2 low"
    assert hand.result.final_stacks == (450, 2_150, 1_700)


def test_E6_pot_limit_omaha_hi_lo_bets_the_pot() -> None:
    """Pot-limit as pot-limit Omaha (KPC-39, FOX-53A): blinds 50/100, the button may raise
    to 100 + (150 + 100) = 350."""
    hand = start([5_000] * 3, blinds=(50, 100), variant=PLO8)
    legal = hand.legal()
    assert (legal.min_raise_to, legal.max_raise_to) == (200, 350)


def test_E5_fixed_limit_omaha_hi_lo_small_and_big_bet_and_cap() -> None:
    """Fixed-limit as fixed-limit hold'em: small bet 100 pre-flop and on the flop, big bet
    200 on the turn and river; TDA caps a bet and four raises (KPC-37, FOX-51), NJ three
    raises (NJ-44c)."""
    hand = start([5_000] * 3, blinds=(50, 100), variant=FLO8)
    assert hand.legal().max_raise_to == 200
    play(hand, Raise(200), Raise(300), Raise(400), Raise(500))
    assert not hand.legal().can_raise  # the big blind and four raises: capped
    play(hand, Call(), Call())
    play(hand, Check(), Check(), Check())
    play(hand, Bet(200))
    assert hand.legal().max_raise_to == 400
    nj = start([5_000] * 3, blinds=(50, 100), variant=FLO8, prof="nj_fundraiser")
    play(nj, Raise(200), Raise(300), Raise(400))
    assert not nj.legal().can_raise
    play(nj, Fold(), Fold())
    assert nj.is_over
