"""The stud engine (issue 28): seven-card stud, stud hi-lo eight or better and razz.

Each test plays a hand dealt from a known deck (``stud_deal_order``) and checks concrete
chips. Rule IDs are the catalogue's (../shared/rules-catalog.md): F5 odd chips (KPC-12C,
TNPL-C8, FOX-20), C11 suit order (TNPL-D9, SPOT-3f1), E4/E5 limit betting (KPC-34, KPC-37,
FOX-47, FOX-51), F6 showdown order (TNPL-C5, FOX-17A).
"""

from __future__ import annotations

import pytest

from pokertd.cards import parse_cards
from pokertd.cards.low import low_a5, low_eight
from pokertd.engine.actions import Bet, BringIn, Call, Check, Fold, Raise
from pokertd.engine.stud import StudHand, stud_deal_order
from pokertd.errors import BelowMinimumRaise, IllegalAction
from pokertd.rules import StudVariant, load_profile

STUD = StudVariant.SEVEN_CARD_STUD
HILO = StudVariant.STUD_HI_LO
RAZZ = StudVariant.RAZZ


def deal(
    variant: StudVariant,
    hands: list[str],
    *,
    stacks: list[int] | None = None,
    ante: int = 5,
    bring_in: int = 10,
    small_bet: int = 40,
    big_bet: int = 80,
    profile: str = "tda",
    common: str | None = None,
) -> StudHand:
    """A hand dealing ``hands[i]`` (dealing order: down, down, up, ...) to seat ``i``; the
    button is the last seat, so seat 0 is dealt first."""
    cards = [parse_cards(h) for h in hands]
    k = len(hands)
    return StudHand.start(
        variant=variant,
        stacks=stacks or [1_000] * k,
        button=k - 1,
        ante=ante,
        bring_in=bring_in,
        small_bet=small_bet,
        big_bet=big_bet,
        profile=load_profile(profile),
        deck=stud_deal_order(cards, parse_cards(common)[0] if common else None),
    )


def check_down(hand: StudHand) -> None:
    """Bring in, then everybody calls or checks to the end."""
    while not hand.is_over:
        hand.act(BringIn() if hand.bring_in_due else Call())


# ---------------------------------------------------------------------- bring-in
def test_KPC_12C_TNPL_D9_stud_is_brought_in_by_the_lowest_up_card_clubs_lowest() -> None:
    """Stud high: the lowest up card brings in; between two deuces the suit decides,
    clubs lowest (spades, hearts, diamonds, clubs: TNPL-D9, SPOT-3f1)."""
    hand = deal(STUD, ["AsKs2d", "AhKh2c", "AdKd9h"])
    assert hand.actor == 1  # the 2c, not the 2d
    assert hand.bring_in_seat == 1
    record = hand.act(BringIn())
    assert (record.kind, record.amount, record.to) == ("bring-in", 10, 10)
    assert hand.pot == 3 * 5 + 10


def test_KPC_12C_razz_is_brought_in_by_the_highest_up_card_spades_highest() -> None:
    """Razz: the highest up card brings in (the ace is low); between two kings the suit
    decides, spades highest."""
    hand = deal(RAZZ, ["2s3sKd", "2h3hKs", "2d3dAc"])
    assert hand.actor == 1  # Ks over Kd; the Ac is the lowest card in razz
    hand2 = deal(RAZZ, ["2s3sAd", "2h3h5c", "2d3d4c"])
    assert hand2.actor == 1  # 5c is the highest; the ace counts low


def test_stud_hi_lo_counts_the_ace_high_for_the_bring_in() -> None:
    hand = deal(HILO, ["KsKdAh", "QsQd3c", "JsJd4c"])
    assert hand.actor == 1  # 3c brings in, not the ace


def test_the_bring_in_may_not_fold_or_check_and_may_complete() -> None:
    hand = deal(STUD, ["AsKs2d", "AhKh9c", "AdKd9h"])
    legal = hand.legal()
    assert (legal.can_fold, legal.can_check, legal.call_amount) == (False, False, 10)
    assert (legal.min_raise_to, legal.max_raise_to) == (40, 40)
    for action in (Fold(), Check()):
        with pytest.raises(IllegalAction, match="must bring in 10 or complete to 40"):
            hand.act(action)
    record = hand.act(Bet(40))
    assert (record.kind, record.to) == ("complete", 40)
    assert hand.legal().call_amount == 40
    assert hand.legal().max_raise_to == 80


# ---------------------------------------------------------------------- betting
def test_KPC_37_FOX_51_completion_then_four_raises_cap_third_street() -> None:
    """E5: the completion is the bet; then four raises (TDA/KPC cap 4) and no more."""
    hand = deal(STUD, ["AsKs2d", "AhKh9c", "AdKd9h"])
    hand.act(BringIn())  # seat 0: 10
    hand.act(Raise(40))  # seat 1 completes
    for to in (80, 120, 160, 200):
        hand.act(Raise(to))
    assert hand.raises_this_round == 4
    legal = hand.legal()
    assert not legal.can_raise
    assert legal.call_amount == 200 - 120
    with pytest.raises(IllegalAction, match="capped at 4 raises") as exc:
        hand.act(Raise(240))
    assert "TDA-51" in str(exc.value)


def test_NJ_44c_cap_of_three_raises_from_the_profile() -> None:
    hand = deal(STUD, ["AsKs2d", "AhKh9c", "AdKd9h"], profile="nj_fundraiser")
    hand.act(BringIn())
    for to in (40, 80, 120, 160):
        hand.act(Raise(to))
    assert not hand.legal().can_raise  # a completion and three raises


def test_E5_fixed_limit_raise_is_exactly_one_bet_small_then_big() -> None:
    hand = deal(STUD, ["AsKs2d5c", "AhKh9c5d", "AdKd9h5h"])
    hand.act(BringIn())
    with pytest.raises(BelowMinimumRaise, match="exactly 40"):
        hand.act(Raise(30))
    hand.act(Call())
    hand.act(Call())  # third street over: 10 each
    assert hand.street == "fourth"
    assert hand.legal().max_raise_to == 40  # small bet on fourth street
    while hand.street == "fourth":
        hand.act(Check())
    assert hand.street == "fifth"
    assert hand.legal().max_raise_to == 80  # big bet from fifth street


def test_the_bring_in_has_no_option_when_everybody_calls() -> None:
    hand = deal(STUD, ["AsKs2d", "AhKh9c", "AdKd9h"])
    hand.act(BringIn())
    hand.act(Call())
    hand.act(Call())
    assert hand.street == "fourth"


# ---------------------------------------------------------------------- who acts first
def test_fourth_street_the_highest_board_acts_first_a_pair_beats_ace_king() -> None:
    """From fourth street the best board opens: a pair of nines over A-K showing."""
    hand = deal(STUD, ["2s3s9c9d", "4h5hAhKd", "6d7d2cTs"])
    hand.act(BringIn())  # seat 2 has the 2c
    hand.act(Call())
    hand.act(Call())
    assert hand.street == "fourth"
    assert hand.actor == 0  # 9c 9d showing


def test_fourth_street_equal_boards_the_first_seat_left_of_the_dealer_acts() -> None:
    hand = deal(STUD, ["2s3sAcKd", "4h5hAhKc", "6d7d2cTs"])
    check_to = hand.act(BringIn())
    assert check_to.seat == 2
    hand.act(Call())
    hand.act(Call())
    assert hand.actor == 0  # A-K against A-K: seat 0 is first from the dealer's left


def test_razz_fourth_street_the_lowest_board_acts_first_pairs_are_high() -> None:
    hand = deal(RAZZ, ["4s5s2c2d", "4h5hKc9d", "6d7dJsKs"])
    assert hand.act(BringIn()).seat == 1  # the Kc: the highest up card, clubs lowest
    hand.act(Call())
    hand.act(Call())
    assert hand.actor == 1  # K-9 unpaired is lower than K-J and than a pair of deuces
    hand2 = deal(RAZZ, ["4s5s3c2d", "4h5hAh4d", "6d7dJsTs"])
    hand2.act(BringIn())
    hand2.act(Call())
    hand2.act(Call())
    assert hand2.actor == 0  # 3-2 is lower than 4-A: the highest card counts first


# ---------------------------------------------------------------------- showdown
def test_TNPL_C8_FOX_20_hi_lo_split_the_odd_chip_to_the_high_half() -> None:
    """Pot 35 (antes 3 x 5, bring-in 10 called): the high half 18, the low half 17."""
    hand = deal(
        HILO,
        ["KsKdKc2s3sQhJh", "Ac2h3h4d7d9s8c", "QcJc9h"],  # seat 2 folds on third
    )
    assert hand.actor == 1  # the 3h brings in
    hand.act(BringIn())
    while not hand.is_over:
        seat = hand.actor
        hand.act(Fold() if seat == 2 and hand.legal().call_amount else Call())
    result = hand.result
    assert result.net(0) == 18 - 15
    assert result.net(1) == 17 - 15
    (pot,) = result.pots
    assert pot.amount == 35
    assert dict(pot.awards) == {0: 18, 1: 17}
    assert pot.odd_chips == (0,)


def test_hi_lo_without_a_qualifying_low_the_high_hand_takes_the_whole_pot() -> None:
    hand = deal(HILO, ["KsKdKc2s9sQhJh", "Ac2h3h9d9cTs5c"])
    check_down(hand)
    result = hand.result
    assert result.net(0) == 15
    assert result.net(1) == -15
    assert dict(result.pots[0].awards) == {0: 30}


def test_hi_lo_one_hand_scooping_high_and_low() -> None:
    hand = deal(HILO, ["Ac2c3c4c5cKhQh", "KsKd9c9d8s8hJs"])
    check_down(hand)
    assert dict(hand.result.pots[0].awards) == {0: 30}


def test_KPC_12C_FOX_20_stud_tied_hands_the_odd_chip_to_the_high_card_by_suit() -> None:
    """Two players make the same straight: pot 35 splits 18/17, the odd chip to the one
    whose top card has the higher suit (the 9s over the 9h)."""
    hand = deal(STUD, ["5c6c7d8d9hKs2s", "5d6d7h8h9s2c3c", "AcAdKh"])  # seat 2 folds
    while not hand.is_over:
        hand.act(
            BringIn()
            if hand.bring_in_due
            else (Fold() if hand.actor == 2 and hand.legal().call_amount else Call())
        )
    pot = hand.result.pots[0]
    assert pot.amount == 35
    assert dict(pot.awards) == {1: 18, 0: 17}
    assert pot.odd_chips == (1,)


@pytest.mark.parametrize(("profile", "odd_chip_to"), [("tda", 0), ("kojack", 1)])
def test_KPC_12C_razz_tied_lows_odd_chip_by_profile(profile: str, odd_chip_to: int) -> None:
    """Razz, both players 5-4-3-2-A: TDA/FOX give the odd chip to the high card by suit
    in the hand (5s over 5c: seat 0); Kojack's to the lowest suit (the Ac: seat 1). Pot
    45: antes 15, seat 2's bring-in of 10 called twice."""
    hand = deal(
        RAZZ,
        ["Ah2h3h4h5sKsKd", "Ac2d3d4d5cQsQd", "6c6d8s9sTsJsJh"],
        profile=profile,
    )
    while not hand.is_over:
        hand.act(
            BringIn()
            if hand.bring_in_due
            else (Fold() if hand.actor == 2 and hand.legal().call_amount else Call())
        )
    assert hand.bring_in_seat == 2
    pot = hand.result.pots[0]
    assert pot.amount == 45
    assert pot.odd_chips == (odd_chip_to,)
    assert dict(pot.awards) == {odd_chip_to: 23, 1 - odd_chip_to: 22}
    assert pot.hand == "5-4-3-2-A low"


def test_running_out_of_cards_eight_players_share_a_common_seventh_card() -> None:
    """Eight players to seventh street: 24 + 3 x (burn + 8) = 51 cards, one left: it is
    dealt face up in the middle as everyone's seventh card, without a burn."""
    hand = StudHand.start(
        variant=STUD, stacks=[1_000] * 8, button=7, ante=5, bring_in=10, small_bet=40,
        big_bet=80, deck=list(range(52)),
    )  # fmt: skip
    check_down(hand)
    result = hand.result
    assert hand.board == [51]
    assert result.board == "As"
    assert all(len(hand.cards(s)) == 6 for s in range(8))
    assert sum(result.net(s) for s in range(8)) == 0
    assert result.showdown


def test_seven_players_to_the_end_still_burn_before_the_common_card() -> None:
    hand = StudHand.start(
        variant=RAZZ, stacks=[1_000] * 7, button=6, ante=5, bring_in=10, small_bet=40,
        big_bet=80, deck=list(range(52)),
    )  # fmt: skip
    check_down(hand)
    # 21 + 3 x 8 = 45 dealt, 7 left: fewer than burn + 7, so burn and one common card.
    assert hand.board == [46]
    assert all(len(hand.cards(s)) == 6 for s in range(7))


def test_F2_an_all_in_short_stack_and_the_uncalled_bet_returned() -> None:
    hand = deal(STUD, ["AsKs2d", "AhKh9c"], stacks=[1_000, 30])
    hand.act(BringIn())  # seat 0: 10
    hand.act(Raise(25))  # seat 1 all-in for 25 (less than the completion, over half)
    legal = hand.legal()
    assert legal.call_amount == 15
    assert not legal.can_raise
    hand.act(Call())
    assert hand.is_over
    result = hand.result
    assert sum(result.final_stacks[s] or 0 for s in range(2)) == 1_030


def test_low_evaluators() -> None:
    wheel = low_a5(parse_cards("5h4c3d2sAc"))
    six = low_a5(parse_cards("6h4c3d2sAc"))
    paired = low_a5(parse_cards("2h2c3d4s5c"))
    king_high = low_a5(parse_cards("KhQcJd9s8c"))
    assert wheel < six < king_high < paired
    assert low_a5(parse_cards("AhAcAdAs2c3h4d")) == low_a5(parse_cards("Ah2c3h4dAs"))
    assert low_eight(parse_cards("9h9c7d6s5c4h3d")) == low_a5(parse_cards("7d6s5c4h3d"))
    assert low_eight(parse_cards("9h8c8d6s5c4h4d")) is None
    assert low_eight(parse_cards("KsQsJs8c7c6c5c")) is None


def test_KPC_34_FOX_47_a_short_all_in_under_half_a_bet_does_not_reopen() -> None:
    """Fourth street, small bet 40: seat 0 bets 40, seat 1 goes all-in for 55 (15 more,
    under half a bet): seat 0 may only call; seat 2, who has not acted, may raise to 95."""
    hand = deal(STUD, ["2s3s9c9d", "4h5hAhKd", "6d7d2cTs"], stacks=[1_000, 70, 1_000])
    hand.act(BringIn())  # seat 2: the 2c
    hand.act(Call())
    hand.act(Call())  # 5 ante + 10 each; seat 1 has 55 behind
    assert hand.actor == 0  # the pair of nines opens fourth street
    hand.act(Bet(40))
    record = hand.act(Raise(55))
    assert (record.kind, record.all_in) == ("raise", True)
    assert hand.legal().max_raise_to == 80  # seat 2: a full raise over the 40 bet
    hand.act(Call())
    legal = hand.legal()
    assert legal.seat == 0
    assert legal.call_amount == 15
    assert not legal.can_raise
    with pytest.raises(IllegalAction, match="does not reopen the betting") as exc:
        hand.act(Raise(80))
    assert "TDA-47" in str(exc.value)


def test_a_refused_action_leaves_the_hand_as_it_was() -> None:
    hand = deal(STUD, ["AsKs2d", "AhKh9c", "AdKd9h"])
    before = (hand.actor, hand.pot, hand.stacks, len(hand.actions), hand.legal())
    for action in (Fold(), Check(), Raise(30), Raise(80), Call(seat=1)):
        with pytest.raises(IllegalAction):
            hand.act(action)
        assert (hand.actor, hand.pot, hand.stacks, len(hand.actions), hand.legal()) == before


@pytest.mark.parametrize("variant", list(StudVariant))
def test_checked_and_trusted_paths_play_the_same_hands(variant: StudVariant) -> None:
    """100 random hands a game: act() and the do_* methods give the same records and
    stacks; chips are conserved and no stack goes negative after every action."""
    import random

    for seed in range(100):
        rng = random.Random(seed)
        k = rng.randint(2, 8)
        stacks = [rng.choice([20, 60, 150, 1_000]) for _ in range(k)]
        start = {"variant": variant, "stacks": stacks, "button": k - 1, "ante": 5,
                 "bring_in": 10, "small_bet": 20, "big_bet": 40}  # fmt: skip
        checked = StudHand.start(**start, rng=random.Random(seed))  # type: ignore[arg-type]
        trusted = StudHand.start(**start, rng=random.Random(seed))  # type: ignore[arg-type]
        total = sum(stacks)
        while not checked.is_over:
            legal = checked.legal()
            r = rng.random()
            if checked.bring_in_due:
                action: object = (
                    BringIn() if r < 0.7 or not legal.can_raise else Bet(legal.max_raise_to)
                )
            elif r < 0.15 and legal.call_amount:
                action = Fold()
            elif r < 0.7 or not legal.can_raise:
                action = Call()
            else:
                action = Raise(legal.max_raise_to)
            checked.act(action)  # type: ignore[arg-type]
            trusted.trusted(action)  # type: ignore[arg-type]
            in_play = sum(s or 0 for s in checked.stacks) + checked.pot
            assert in_play == total or checked.is_over
            assert all((s or 0) >= 0 for s in checked.stacks)
        assert trusted.is_over
        assert checked.actions == trusted.actions
        assert checked.result == trusted.result
        assert sum(s or 0 for s in checked.result.final_stacks) == total


def test_the_best_board_all_in_passes_the_first_action_to_the_next_seat() -> None:
    """Seat 0 shows a pair of nines on fourth street but is all-in (15 chips: ante 5 and
    the bring-in called): the turn goes clockwise to seat 1 (3-7 showing), not to seat 2's
    A-K, as in PokerKit."""
    hand = deal(STUD, ["2s3s9c9d", "4h5h3c7h", "6d7dAhKd"], stacks=[15, 1_000, 1_000])
    assert hand.act(BringIn()).seat == 1  # the 3c
    hand.act(Call())  # seat 2
    assert hand.act(Call()).all_in  # seat 0
    assert hand.street == "fourth"
    assert hand.actor == 1


def test_seventh_street_is_dealt_face_down() -> None:
    hand = deal(STUD, ["AsKs2d5c6c7c8c", "AhKh9c5d6d7d8d"])
    check_down(hand)
    assert len(hand.cards(0)) == 7
    assert hand.up_cards(0) == tuple(parse_cards("2d5c6c7c"))
    assert hand.board == []


def test_KPC_21_TNPL_E1_FOX_30_an_absent_player_dealt_the_bring_in_card_posts_it() -> None:
    """Seat 1 is absent and has the lowest card (2c): it antes 5 and posts the bring-in
    10, then its hand is killed; seat 2 acts next, facing the bring-in."""
    cards = [parse_cards(h) for h in ("AsKs9d", "AhKh2c", "AdKd9h")]
    hand = StudHand.start(
        variant=STUD, stacks=[1_000] * 3, button=2, ante=5, bring_in=10, small_bet=40,
        big_bet=80, deck=stud_deal_order(cards), dead=0b010,
    )  # fmt: skip
    assert [(r.seat, r.kind, r.amount) for r in hand.actions] == [
        (1, "bring-in", 10),
        (1, "killed", 0),
    ]
    assert hand.actor == 2
    assert hand.legal().call_amount == 10
    hand.act(Fold())
    result = hand.result  # seat 0 wins the antes and the dead bring-in
    assert result.net(0) == 5 + 15
    assert result.net(1) == -15
    assert result.killed == (1,)


def test_K6_an_absent_player_without_the_bring_in_is_killed_after_the_deal() -> None:
    cards = [parse_cards(h) for h in ("AsKs9d", "AhKh2c", "AdKd9h")]
    hand = StudHand.start(
        variant=STUD, stacks=[1_000] * 3, button=2, ante=5, bring_in=10, small_bet=40,
        big_bet=80, deck=stud_deal_order(cards), dead=0b001,
    )  # fmt: skip
    assert [(r.seat, r.kind) for r in hand.actions] == [(0, "killed")]
    assert hand.actor == 1  # the 2c brings in
    hand.act(BringIn())
    hand.act(Fold())
    assert hand.result.net(1) == 5 + 5  # seat 2's and seat 0's antes


def test_a_copy_is_independent() -> None:
    hand = deal(STUD, ["AsKs2d", "AhKh9c", "AdKd9h"])
    twin = hand.copy()
    twin.act(BringIn())
    twin.act(Raise(40))
    assert hand.actions == []
    assert hand.pot == 15
    assert twin.pot == 15 + 10 + 40
    assert hand.bring_in_due
