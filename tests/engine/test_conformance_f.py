"""Conformance: catalogue section 2(f), pots and showdown, venue by venue.

Each test takes the catalogue entry's worked example (or the rule's own numbers) and
asserts it under the venue profiles whose rule IDs it cites. Engine seats are 0-based;
where the catalogue names seats 1-based, ``S(n)`` converts.
"""

from __future__ import annotations

import pytest
from engine_helpers import check_down, play, profile, start

from pokertd.cards import cards_text, parse_cards
from pokertd.cards.evaluate import describe
from pokertd.engine import AllIn, Bet, Call, Check, Fold, Hand, Muck, Raise, Show, split_pot
from pokertd.engine.floor import kill_hand, rabbit_hunt, request_show
from pokertd.errors import IllegalAction

BIG = 100_000


def S(n: int) -> int:
    """Catalogue seat ``n`` (1-based) as an engine seat."""
    return n - 1


# --- F1 main pot and side pots ----------------------------------------------------------------


@pytest.mark.parametrize("name", ["kojack", "tnpl", "nj_fundraiser", "spotlight", "foxwoods"])
def test_KPC_12A_KPC_12B_TNPL_C9_NJ_Def17_SPOT_3f6_side_pots(name: str) -> None:
    """F1 example: C bets 5,000; A all-in 1,000; B all-in 3,000. C's uncalled 2,000 comes
    back; the main pot is 3 x 1,000 (plus the 300 of the pre-flop blinds and calls) for A,
    B and C; the side pot 2 x 2,000 = 4,000 for B and C. A has the best hand, B the
    second: A wins the main pot, B the side pot, C keeps 2,000 of his bet.

    Implements: KPC-12A, KPC-12B, TNPL-C9, NJ-Def17, NJ-39, SPOT-3f6, FOX-21.
    """
    # C = seat 0 (first to act after the flop), A = seat 1, B = seat 2.
    hand = start(
        [10_100, 1_100, 3_100],
        prof=name,
        holes={1: "AsAh", 2: "KsKh", 0: "7c2d"},
        board="3c8d9hJsQd",
    )
    play(hand, Call(), Call(), Check())
    play(hand, Bet(5_000), AllIn(), AllIn())
    result = hand.result
    assert result.returned == ((0, 2_000),)
    assert [(p.amount, p.eligible, p.winners) for p in result.pots] == [
        (3_300, (0, 1, 2), (1,)),
        (4_000, (0, 2), (2,)),
    ]
    assert result.final_stacks == (7_000, 3_300, 4_000)


def test_SPOT_6_10_SPOT_6_11_short_blind_and_short_all_in_make_side_pots() -> None:
    """F1 SPOT (with E3/E4): a big blind with 60 chips at 50/100 posts 60 and plays for
    what he has; the others still call the full 100. UTG raises to 300; the button goes
    all-in for 350, less than a full raise, so UTG may only call; the SB folds. Main pot:
    50 + 3 x 60 = 230 for the BB, UTG and button; side pot 2 x 290 = 580 for UTG and the
    button. The BB's aces win the main pot, the button's kings the side pot."""
    hand = start(
        [BIG, 60, BIG, 350],
        prof="spotlight",
        holes={1: "AsAh", 3: "KsKh", 2: "QcJd", 0: "7c2d"},
        board="3c8d9h4s2h",
    )
    assert hand.legal().call_amount == 100  # the short blind does not lower the call
    play(hand, Raise(300), AllIn())
    legal = hand.legal()  # the SB: a full raise is still open to him
    assert legal.can_raise
    hand.act(Fold())
    assert not hand.legal().can_raise  # UTG: the short all-in did not reopen the betting
    hand.act(Call())
    result = hand.result
    assert [(p.amount, p.eligible, p.winners) for p in result.pots] == [
        (230, (1, 2, 3), (1,)),
        (580, (2, 3), (3,)),
    ]
    assert result.final_stacks == (BIG - 50, 230, BIG - 350, 580)


# --- F3 cards speak ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["tnpl", "spotlight"])
def test_TNPL_C1_SPOT_3e2_SPOT_3e3_cards_speak(name: str) -> None:
    """F3: a player who would call "flush" holding only a pair is read by his cards: on
    Ah 9h 7h 4h 2c, Kc Kd is a pair of kings, and the Qh 3s it was "beating" is a flush
    and wins."""
    hand = start(
        [BIG, BIG, BIG],
        prof=name,
        holes={0: "KcKd", 1: "Qh3s", 2: "8c5d"},
        board="Ah9h7h4h2c",
    )
    play(hand, Call(), Call(), Check())
    result = check_down(hand).result
    assert result.pots[0].winners == (1,)
    assert result.pots[0].hand == "flush, ace high"
    assert describe(parse_cards("KcKdAh9h7h4h2c")) == "a pair of kings"
    assert hand.as_json()["result"]["shown"] == [0, 1]  # type: ignore[index]


# --- F4 hand ranking, ties, permitted game ------------------------------------------------------


@pytest.mark.parametrize("name", ["nj_fundraiser", "spotlight"])
def test_NJ_9_NJ_10_NJ_13_NJ_35_NJ_Def11_NJ_Def12_NJ_Def13_NJ_Def19_hand_ranking(name: str) -> None:
    """F4 examples: board Ks 9d 7c 4h 2s: Ad Kd beats Kc Qc (ace kicker). Board As Ad Kc Kh
    Qs: 5c 4c and 3d 2d both play A-A-K-K-Q and split equally; Jc Tc makes an ace-high
    straight and wins outright. The ace also plays low (A-2-3-4-5 beats trips), and suits
    never break a tie (As Ks and Ah Kh split).

    Implements: NJ-4, NJ-9, NJ-10, NJ-13, NJ-31, NJ-32, NJ-33, NJ-34, NJ-35, NJ-Def11,
    NJ-Def12, NJ-Def13, NJ-Def19, SPOT-3f1, SPOT-5.0.
    """

    def winners(holes: dict[int, str], board: str) -> tuple[int, ...]:
        hand = start([BIG, BIG, BIG], prof=name, holes=holes, board=board)
        play(hand, Call(), Call(), Check())
        return check_down(hand).result.pots[0].winners

    assert winners({0: "AdKd", 1: "KcQc", 2: "8c6d"}, "Ks9d7c4h2s") == (0,)
    assert winners({0: "5c4c", 1: "3d2d", 2: "8h7h"}, "AsAdKcKhQs") == (0, 1, 2)
    assert winners({0: "5c4c", 1: "3d2d", 2: "JcTc"}, "AsAdKcKhQs") == (2,)
    assert winners({0: "Ac2c", 1: "QdQh", 2: "8h7h"}, "3s4d5hQsJc") == (0,)
    assert winners({0: "AsKs", 1: "AhKh", 2: "2c3c"}, "AdKc7d8s9c") == (0, 1)
    hand = start(
        [BIG, BIG, BIG], prof=name, holes={0: "AsKs", 1: "AhKh", 2: "2c3c"}, board="AdKc7d8s9c"
    )
    play(hand, Call(), Call(), Check())
    assert check_down(hand).result.pots[0].awards == ((0, 150), (1, 150))


# --- F5 odd chips -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["tnpl", "spotlight", "nj_fundraiser"])
def test_TNPL_C8_SPOT_3f3_SPOT_3f4_SPOT_3f5_NJ_34_odd_chips_in_a_hand(name: str) -> None:
    """F5 examples played out. Pot 1,500, smallest chip 100, winners seats 4 and 7, button
    seat 6: 700 each and the odd 100 to seat 7 (first winner left of the button) -> 800 /
    700. Pot 1,100 split by seats 2, 5 and 8 with the button on seat 4: 300 each, the
    remaining 200 one chip each to seats 5 and 8 -> 400 / 400 / 300 (nobody gets two odd
    chips). Smallest chip 500, pot 3,000 four ways: 500 each, the two odd 500s to the
    first two winners clockwise -> 1,000 / 1,000 / 500 / 500.

    Implements: TNPL-C8, SPOT-3f2, SPOT-3f3, SPOT-3f4, SPOT-3f5, NJ-34.
    """
    # 1,500: seats 4, 6 (button), 7 at an 8-seat table; each puts in 500.
    stacks: list[int | None] = [None] * 8
    for seat in (4, 6, 7):
        stacks[S(seat)] = BIG
    hand = start(
        stacks,
        prof=name,
        button=S(6),
        sb=S(7),
        bb=S(4),
        blinds=(100, 200),
        min_chip=100,
        holes={S(4): "AcAd", S(7): "AhAs", S(6): "7c2d"},
        board="Kd9s8h4c3c",
    )
    play(hand, Raise(500), Call(), Call())
    pot = check_down(hand).result.pots[0]
    assert pot.amount == 1_500
    assert dict(pot.awards) == {S(7): 800, S(4): 700}
    assert pot.odd_chips == (S(7),)

    # 1,100: seats 2, 4 (button), 5, 8; 200 each pre-flop, then the button folds to a
    # 100 bet on the flop: 3 x 300 + 200.
    stacks = [None] * 8
    for seat in (2, 4, 5, 8):
        stacks[S(seat)] = BIG
    hand = start(
        stacks,
        prof=name,
        button=S(4),
        sb=S(5),
        bb=S(8),
        blinds=(50, 100),
        min_chip=100,
        board="AsKsQsJsTs",
    )
    play(hand, Raise(200), Call(), Call(), Call())  # UTG 2, button 4, SB 5, BB 8
    play(hand, Bet(100), Call(), Call(), Fold())  # SB 5 bets, BB 8 and 2 call, 4 folds
    pot = check_down(hand).result.pots[0]
    assert pot.amount == 1_100
    assert dict(pot.awards) == {S(5): 400, S(8): 400, S(2): 300}
    assert set(pot.odd_chips) == {S(5), S(8)}

    assert split_pot(3_000, [1, 2, 3, 4], min_chip=500) == [1_000, 1_000, 500, 500]


# --- F7 all-in showdowns ----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["kojack", "tnpl"])
def test_KPC_11h_TNPL_C4_all_in_hand_face_down_until_action_is_over(name: str) -> None:
    """F7 example: A all-in pre-flop for 3,000, B and C call and keep betting the flop ->
    A's hand stays hidden; when B goes all-in on the turn and C calls, A, B and C are all
    tabled."""
    # A = seat 0 (SB), B = seat 1 (BB), C = seat 2 (button).
    hand = start(
        [3_000, 20_000, BIG],
        prof=name,
        auto_showdown=False,
        holes={0: "2c2d", 1: "7h2s", 2: "8c3d"},
        board="AsKdQh9c4s",
    )
    play(hand, Call(), AllIn(), Call(), Call())
    play(hand, Bet(1_000), Call())
    assert hand.street == "turn"
    hidden = hand.as_json(show_all=False)["hole_cards"]
    assert hidden == {}
    play(hand, AllIn(), Call())
    assert hand.is_over
    assert hand.result.shown == (0, 1, 2)
    assert set(hand.as_json(show_all=False)["hole_cards"]) == {"0", "1", "2"}  # type: ignore[call-overload]


# --- F9 tabling -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["kojack", "tnpl", "foxwoods", "spotlight"])
def test_KPC_11a_KPC_11c_TNPL_C2i_FOX_13A_FOX_13C_FOX_15A_SPOT_3e1_tabling_wins(
    name: str,
) -> None:
    """F9: to win, a hand is tabled with all its hole cards face up; a properly tabled
    winning hand cannot be mucked or killed afterwards (it is not asked again); a player
    who mucks without tabling, even the best hand, has no claim. River: seat 1 bets, seat 2
    calls; seat 2 (the better hand) mucks face down -> seat 1's tabled two pair wins. (A
    software Show tables every hole card at once: a hand shown one card at a time, the
    floor call of KPC-11d/FOX-13B/TNPL-C2ii, cannot arise.)

    Implements: KPC-11a, KPC-11b, KPC-11c, KPC-11d, TNPL-C2i, TNPL-C2ii, FOX-13A, FOX-13B,
    FOX-13C, FOX-15A, SPOT-3e1.
    """
    hand = start(
        [BIG, BIG, BIG],
        prof=name,
        auto_showdown=False,
        holes={1: "Kc9c", 2: "AsAh", 0: "7c2d"},
        board="Kd9d4h3s2h",
    )
    play(hand, Call(), Call(), Check())
    play(hand, Check(), Check(), Check(), Check(), Check(), Check())
    play(hand, Check(), Bet(500), Call(), Fold())
    assert hand.actor == 1
    hand.act(Show())
    shown = hand.as_json(show_all=False)["hole_cards"]
    assert shown == {"1": "Kc9c"}  # both hole cards face up
    assert hand.actor == 2  # the tabled hand is not asked again
    hand.act(Muck())
    result = hand.result
    assert result.pots[0].winners == (1,)
    assert result.mucked == (2,)
    assert result.final_stacks[2] == BIG - 600


# --- F10 playing the board ----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["tnpl", "spotlight", "nj_fundraiser"])
def test_TNPL_C6_SPOT_5a9_NJ_31_board_play_needs_tabling(name: str) -> None:
    """F10 example: board As Ks Qs Js Ts, three players at showdown; two table their cards,
    one mucks face down -> the pot is split between the two who tabled (NJ: IMPL the same;
    the board may be played but is still shown)."""
    hand = start([BIG] * 3, prof=name, auto_showdown=False, board="AsKsQsJsTs")
    play(hand, Call(), Call(), Check())
    for _ in range(3):
        play(hand, Check(), Check(), Check())
    hand.act(Show())
    if hand.legal().can_muck:
        play(hand, Muck(), Show())
        assert hand.result.pots[0].winners == (0, 2)
        assert hand.result.pots[0].awards == ((0, 150), (2, 150))
    else:  # NJ: after a checked river every remaining player must show
        assert name == "nj_fundraiser"
        play(hand, Show(), Show())
        assert hand.result.pots[0].winners == (0, 1, 2)
    assert hand.result.pots[0].hand == "royal flush"


# --- F11 muck contact (SPOT: a mucked hand is dead) ---------------------------------------------


def test_SPOT_3b3_SPOT_6_9_mucked_hand_is_dead() -> None:
    """F11 SPOT (``muck_is_final``): a hand released into the muck is dead and loses all
    rights, even the best hand: heads-up, checked down, seat 0 (first to show) mucks
    aces; seat 1's pair of kings takes the 200 pot unshown."""
    hand = start(
        [BIG, BIG],
        prof="spotlight",
        auto_showdown=False,
        holes={0: "AcAd", 1: "KcKh"},
        board="Ks9d4h3s2h",
    )
    play(hand, Call(), Check())
    for _ in range(3):
        play(hand, Check(), Check())
    assert hand.actor == 0
    hand.act(Muck())
    assert not hand.in_hand(0)
    result = hand.result
    assert result.pots[0].winners == (1,)
    assert result.mucked == (0,)
    assert result.final_stacks == (BIG - 100, BIG + 100)


# --- F2 / F16 hands killed during the betting: only the uncalled part comes back ----------------


@pytest.mark.parametrize("name", ["kojack", "tnpl", "foxwoods", "nj_fundraiser"])
def test_KPC_47_TNPL_I2_FOX_65A_NJ_38_killed_hand_gets_back_only_the_uncalled_bet(
    name: str,
) -> None:
    """F2 with L12's example: the player called 1,500 pre-flop, then bet 6,000 first on the
    flop; before anyone calls, the dealer mucks his hand by mistake -> the uncalled 6,000
    is returned, the 1,500 called pre-flop stays in the pot, and the others play on facing
    no bet.

    Implements: KPC-47, KPC-11e, TNPL-I2, FOX-65A, NJ-38.
    """
    hand = start([BIG, BIG, BIG], prof=name, blinds=(250, 500))
    play(hand, Raise(1_500), Call(), Call())  # button raises, SB and BB call
    assert hand.pot == 4_500
    hand.act(Bet(6_000))  # the SB (seat 0) bets first on the flop
    assert kill_hand(hand, 0) == 6_000
    assert not hand.in_hand(0)
    assert hand.stacks[0] == BIG - 1_500
    assert hand.pot == 4_500
    legal = hand.legal()
    assert legal.seat == 1
    assert legal.can_check
    play(hand, Check(), Check())
    assert hand.street == "turn"
    result = check_down(hand).result
    assert result.returned == ((0, 6_000),)
    assert result.killed == (0,)
    assert result.final_stacks[0] == BIG - 1_500
    assert sum(s for s in result.final_stacks if s) == 3 * BIG


@pytest.mark.parametrize("name", ["foxwoods", "kojack"])
def test_FOX_15B_discard_before_the_action_is_over_loses_called_chips(name: str) -> None:
    """F16: seat 0 bets 2,000 on the river and discards while seat 2 has yet to act; his
    hand cannot be retrieved -> it is dead; seat 1 called the 2,000, so nothing comes
    back; seat 2 still faces the 2,000 and folds; seat 1 takes the pot."""
    hand = start([BIG, BIG, BIG], prof=name)
    play(hand, Call(), Call(), Check())
    for _ in range(2):
        play(hand, Check(), Check(), Check())
    play(hand, Bet(2_000), Call())
    assert hand.actor == 2
    assert kill_hand(hand, 0) == 0
    assert hand.legal().call_amount == 2_000
    hand.act(Fold())
    result = hand.result
    assert result.returned == ()
    assert result.final_stacks == (BIG - 2_100, BIG + 2_200, BIG - 100)


# --- F12 asking to see a hand ------------------------------------------------------------------


def _river_bet_called_and_mucked(name: str) -> Hand:
    """F12 example: C (seat 2) folds on the turn; on the river A (seat 0) bets 2,000 and B
    (seat 1) calls; A, first to show, would rather concede and mucks; B wins unshown."""
    hand = start(
        [BIG, BIG, BIG],
        prof=name,
        auto_showdown=False,
        holes={0: "7c2d", 1: "8h8s", 2: "QcJd"},
        board="Ks9d4h3s2h",
    )
    play(hand, Call(), Call(), Check())
    play(hand, Check(), Check(), Check())
    play(hand, Check(), Bet(500), Fold(), Call())  # turn: B bets, C folds, A calls
    play(hand, Bet(2_000), Call())  # river: A bets, B calls
    hand.act(Muck())
    assert hand.is_over
    assert hand.result.pots[0].winners == (1,)
    return hand


@pytest.mark.parametrize("name", ["kojack", "foxwoods"])
def test_KPC_11k_FOX_18A_FOX_18B_caller_may_see_the_river_aggressor(name: str) -> None:
    """F12 KPC/FOX: B, who called the river bet and kept his cards, may insist that A's
    mucked hand be shown; C, who folded on the turn, has no right to see it."""
    hand = _river_bet_called_and_mucked(name)
    assert cards_text(request_show(hand, 1, 0)) == "7c2d"
    with pytest.raises(IllegalAction) as exc:
        request_show(hand, 2, 0)
    assert exc.value.rule_ids == profile(name).cite("F12")
    assert hand.result.pots[0].winners == (1,)  # seeing the hand changes nothing


def test_TNPL_C7_asking_to_see_a_hand_is_for_the_td() -> None:
    """F12 TNPL: a request to see a hand is granted only at the TD's discretion."""
    hand = _river_bet_called_and_mucked("tnpl")
    with pytest.raises(IllegalAction) as exc:
        request_show(hand, 1, 0)
    assert exc.value.rule_ids == ("TNPL-C7",)
    assert cards_text(request_show(hand, 1, 0, td_allows=True)) == "7c2d"


def test_SPOT_3e5_any_dealt_player_may_see_and_the_winner_revives_the_hand() -> None:
    """F12 SPOT: C, dealt in (folded on the turn), may see the called hand A mucked; it
    stays dead and B keeps the pot. If instead A mucks after B shows and B (the apparent
    winner) asks to see A's cards, both hands are live: A's better hand takes the pot."""
    hand = _river_bet_called_and_mucked("spotlight")
    assert cards_text(request_show(hand, 2, 0)) == "7c2d"
    assert hand.result.pots[0].winners == (1,)

    # B = seat 0 shows a pair of eights first (checked river); A = seat 1 mucks a pair of
    # kings; seat 2 mucks too. B asks to see A's hand.
    hand = start(
        [BIG, BIG, BIG],
        prof="spotlight",
        auto_showdown=False,
        holes={0: "8h8s", 1: "AcKd", 2: "QcJd"},
        board="Ks9d4h3s2h",
    )
    play(hand, Call(), Call(), Check())
    for _ in range(3):
        play(hand, Check(), Check(), Check())
    play(hand, Show(), Muck(), Muck())
    assert hand.result.pots[0].winners == (0,)
    assert cards_text(request_show(hand, 0, 1)) == "AcKd"
    result = hand.result
    assert result.pots[0].winners == (1,)
    assert result.final_stacks == (BIG - 100, BIG + 200, BIG - 100)


# --- F14 rabbit hunting -------------------------------------------------------------------------


def _won_on_the_flop(name: str) -> Hand:
    """Four players call pre-flop; on the flop the SB (seat 0) bets and everyone folds."""
    hand = start([BIG] * 4, prof=name, board="AsKdQh7c2d")
    play(hand, Call(), Call(), Call(), Check())  # UTG 2, button 3, SB 0, BB 1
    play(hand, Bet(400), Fold(), Fold(), Fold())
    assert hand.is_over
    assert hand.result.pots[0].winners == (0,)
    return hand


@pytest.mark.parametrize("name", ["kojack", "tnpl", "foxwoods"])
def test_KPC_19_TNPL_D7_FOX_28_no_rabbit_hunting(name: str) -> None:
    """F14: the cards that would have come are never shown, even at the winner's request
    with everyone's consent."""
    hand = _won_on_the_flop(name)
    with pytest.raises(IllegalAction) as exc:
        rabbit_hunt(hand, 0, consenting=(2, 3))
    assert exc.value.rule_ids == profile(name).cite("F14")
    assert len(hand.board) == 3


def test_SPOT_2b17_rabbit_hunt_at_the_winners_request_with_callers_consent() -> None:
    """F14 SPOT example: the winner asks and both other callers agree -> the remaining
    board cards (7c 2d) are shown, display only; without every caller's consent, or asked
    by someone else, they are not."""
    hand = _won_on_the_flop("spotlight")
    with pytest.raises(IllegalAction):
        rabbit_hunt(hand, 0, consenting=(2,))
    with pytest.raises(IllegalAction):
        rabbit_hunt(hand, 2, consenting=(0, 3))
    assert cards_text(rabbit_hunt(hand, 0, consenting=(2, 3))) == "7c2d"
    assert hand.result.pots[0].winners == (0,)
    assert len(hand.board) == 3
