"""Conformance: catalogue section 2(d), button and blinds, venue by venue.

Each test takes the catalogue entry's worked example (or the rule's own numbers) and
asserts it under the venue profiles whose rule IDs it cites. Seats in the catalogue are
1-based; ``S(n)`` turns them into engine seats.
"""

from __future__ import annotations

import random
from typing import Any, cast

import pytest
from engine_helpers import check_down, play, profile, start

import pokertd.engine as engine
from pokertd.engine import Call, Check, Fold, Hand
from pokertd.engine.button import HandPositions, TableButton, positions_from_button
from pokertd.rules import AnteType, ButtonRule

BIG = 10_000


def S(n: int) -> int:
    """Catalogue seat ``n`` (1-based) as an engine seat."""
    return n - 1


def mask(*seats: int) -> int:
    """A mask of catalogue seats (1-based)."""
    m = 0
    for s in seats:
        m |= 1 << S(s)
    return m


def trio(hand: HandPositions) -> tuple[int, int | None, int]:
    """(button, small blind, big blind) as catalogue seats; ``None`` for a dead SB."""
    sb = hand.small_blind_seat
    return (hand.button + 1, None if sb is None else sb + 1, hand.big_blind_seat + 1)


def deal(table_hand: HandPositions, stacks: list[int | None], prof: str, **kw: object) -> Hand:
    """The hand engine dealt with positions from :class:`TableButton`."""
    return Hand.start(
        stacks=stacks,
        button=table_hand.button,
        small_blind_seat=table_hand.small_blind_seat,
        big_blind_seat=table_hand.big_blind_seat,
        waiting=table_hand.waiting,
        small_blind=50,
        big_blind=100,
        profile=profile(prof),
        rng=random.Random(7),
        **kw,  # type: ignore[arg-type]
    )


# --- D1 dead or moving button (SPOT designates either) --------------------------------------


@pytest.mark.parametrize(
    ("rule", "bb_busts", "sb_busts"),
    [
        (ButtonRule.DEAD, (2, None, 4), (2, 3, 4)),
        (ButtonRule.MOVING, (2, 4, 5), (3, 4, 5)),
    ],
)
def test_SPOT_4a2_SPOT_4a3_SPOT_4a4_designated_button_method(
    rule: ButtonRule,
    bb_busts: tuple[int, int | None, int],
    sb_busts: tuple[int, int | None, int],
) -> None:
    """D1 under the Spotlight profile, whichever method the event designates: seats 1-6,
    hand h button 1, SB 2, BB 3. Seat 3 busts: dead -> button 2, no SB (seat 3 empty), BB
    4; moving -> button 2, SB 4, BB 5. Seat 2 busts instead: dead -> button on empty seat
    2, SB 3, BB 4 (post-flop order 3, 4, 5, 6, 1); moving -> button 3, SB 4, BB 5."""
    prof = profile("spotlight").replace(button_rule=rule.value)
    everyone = mask(1, 2, 3, 4, 5, 6)
    table = TableButton.for_profile(prof, 6).with_first_button(S(1), everyone)
    h = table.next_hand(everyone)
    assert trio(h) == (1, 2, 3)
    table = table.hand_dealt(h)
    assert trio(table.next_hand(mask(1, 2, 4, 5, 6))) == bb_busts
    seat2_gone = table.next_hand(mask(1, 3, 4, 5, 6))
    assert trio(seat2_gone) == sb_busts
    if rule is ButtonRule.DEAD:
        assert seat2_gone.dead_button
        hand = deal(seat2_gone, [BIG, None, BIG, BIG, BIG, BIG], "spotlight")
        play(hand, Call(), Call(), Call(), Call(), Check())  # pre-flop: 5, 6, 1, 3, 4
        order = []
        while hand.street == "flop":
            order.append(hand.actor)
            hand.act(Check())
        assert order == [S(3), S(4), S(5), S(6), S(1)]


# --- D2 blinds, dealing and order of action --------------------------------------------------


@pytest.mark.parametrize(("name", "burn"), [("nj_fundraiser", 1), ("spotlight", 0)])
def test_NJ_Def3_NJ_Def4_NJ_Def5_NJ_Def8_NJ_Def9_NJ_Def16_NJ_Def18_NJ_19_NJ_20_hand_flow(
    name: str, burn: int
) -> None:
    """D2 example, 6 players, button seat 1: SB 2 and BB 3 post before the deal; two hole
    cards each dealt one at a time clockwise from the seat left of the button (NJ burns a
    card first); pre-flop order 4, 5, 6, 1, 2, 3, nobody but the unraised BB may check,
    and the BB may check or raise; flop (3 cards), turn (1), river (1), each after one
    burn, with order 2, 3, 4, 5, 6, 1.

    Implements: NJ-Def2, NJ-Def3, NJ-Def4, NJ-Def5, NJ-Def8, NJ-Def9, NJ-Def16, NJ-Def18,
    NJ-16, NJ-18, NJ-19, NJ-20, NJ-23, NJ-24, NJ-25, NJ-26, NJ-27, NJ-28, NJ-29,
    SPOT-4.0, SPOT-5.0, SPOT-4a10.
    """
    pos = positions_from_button(mask(1, 2, 3, 4, 5, 6), S(1), 6)
    assert trio(pos) == (1, 2, 3)
    hand = deal(pos, [BIG] * 6, name)
    assert hand.stacks[S(2)] == BIG - 50
    assert hand.stacks[S(3)] == BIG - 100
    assert hand.pot == 150
    deck = hand.deck
    clockwise = [S(2), S(3), S(4), S(5), S(6), S(1)]
    for i, seat in enumerate(clockwise):
        assert hand.hole_cards(seat) == (deck[burn + i], deck[burn + 6 + i])
    after = burn + 12  # burn, 3 flop cards, burn, turn, burn, river
    pre = []
    while hand.actor != S(3):
        pre.append(hand.actor)
        assert not hand.legal().can_check
        hand.act(Call())
    assert pre == [S(4), S(5), S(6), S(1), S(2)]
    option = hand.legal()
    assert option.can_check
    assert option.can_raise
    hand.act(Check())
    assert hand.board == deck[after + 1 : after + 4]
    for street, cards in (("flop", 3), ("turn", 4), ("river", 5)):
        assert hand.street == street
        assert len(hand.board) == cards
        order = []
        while hand.street == street:
            order.append(hand.actor)
            hand.act(Check())
        assert order == clockwise
    assert hand.board == [deck[after + i] for i in (1, 2, 3, 5, 7)]


# --- D3 heads-up -----------------------------------------------------------------------------


def test_SPOT_4a6_heads_up_button_posts_small_blind() -> None:
    """D3 under the Spotlight profile: button 1, SB 2, BB 3; seat 1 busts. Next hand seat 3
    (last BB) takes the button and posts the SB, seat 2 the BB; seat 3 acts first pre-flop,
    seat 2 first after the flop."""
    table = TableButton.for_profile(profile("spotlight"), 3)
    table = table.with_current_button(S(1), mask(1, 2, 3))
    hu = table.next_hand(mask(2, 3))
    assert trio(hu) == (3, 3, 2)
    hand = deal(hu, [None, BIG, BIG], "spotlight")
    assert hand.bets[S(3)] == 50
    assert hand.bets[S(2)] == 100
    assert hand.actor == S(3)
    play(hand, Call(), Check())
    assert hand.street == "flop"
    assert hand.actor == S(2)


# --- D4 nobody dealt in between the button and the small blind ------------------------------


@pytest.mark.parametrize("name", ["tnpl", "spotlight"])
def test_TNPL_B5_SPOT_4a9_arrival_waits_for_the_button(name: str) -> None:
    """D4 with C3's example: next hand button 6, SB 8, BB 9; a player arriving in seat 7
    (between the button and the small blind) is seated but not dealt in; the following
    hand (button 8, SB 9, BB 1) deals him in."""
    table = TableButton.for_profile(profile(name), 9)
    occupied = mask(1, 2, 3, 4, 6, 8, 9)
    table = table.with_current_button(S(4), occupied)
    with_new = occupied | mask(7)
    nxt = table.next_hand(with_new)
    assert trio(nxt) == (6, 8, 9)
    assert nxt.waiting == mask(7)
    stacks: list[int | None] = [BIG] * 9
    stacks[S(5)] = None
    hand = deal(nxt, stacks, name)
    assert S(7) not in hand.seats_dealt
    assert hand.stacks[S(7)] is None
    following = table.hand_dealt(nxt).next_hand(with_new)
    assert trio(following) == (8, 9, 1)
    assert following.waiting == 0
    assert S(7) in deal(following, stacks, name).seats_dealt


# --- D6 button placement errors --------------------------------------------------------------


def test_SPOT_3c1_button_error_corrected_so_each_player_pays_one_big_blind() -> None:
    """D6 under the Spotlight profile (button error found after the hand): seats 1-6, hand
    N button 1; N+1 went wrongly to button 3 (BB 5) and was played out. The correction
    makes N+2 button 2, SB 3, BB 4 and N+3 button 4, SB 5, BB 6: every player paid exactly
    one big blind over N+1..N+3, so each still gets each position once in the round."""
    everyone = mask(1, 2, 3, 4, 5, 6)
    table = TableButton.for_profile(profile("spotlight"), 6).with_first_button(S(1), everyone)
    table = table.hand_dealt(table.next_hand(everyone))
    wrong = positions_from_button(everyone, S(3), 6)
    table = table.hand_dealt(wrong).correct_button_error(everyone)
    n2 = table.next_hand(everyone)
    assert trio(n2) == (2, 3, 4)
    table = table.hand_dealt(n2)
    n3 = table.next_hand(everyone)
    assert trio(n3) == (4, 5, 6)
    assert sorted(h.big_blind_seat for h in (wrong, n2, n3)) == [S(4), S(5), S(6)]


# --- D8 absent or penalised players still post -----------------------------------------------


@pytest.mark.parametrize(
    ("name", "blind", "ante"),
    [("kojack", 300, 600), ("foxwoods", 600, 300), ("tnpl", 600, 300)],
)
def test_FOX_30_FOX_71C_TNPL_B2iv_TNPL_J1iii_absent_player_blinded_out(
    name: str, blind: int, ante: int
) -> None:
    """D8 example: an absent (or penalised) big blind with 900 chips at 300/600 BBA 600
    posts from his own stack: KPC ante first (ante 600, blind 300), FOX blind first (blind
    600, ante 300; TNPL has no BBA order, the default applies); all-in; his hand is killed,
    the 900 forfeited, and he is eliminated after the hand.

    Implements: KPC-21, KPC-52, FOX-30, FOX-71C, TNPL-B2iv, TNPL-E1, TNPL-J1iii.
    """
    hand = start(
        [BIG, 900, BIG],
        blinds=(300, 600),
        ante=600,
        ante_type=AnteType.BIG_BLIND_ANTE,
        prof=name,
        dead=1 << 1,
    )
    assert hand.bets[1] == blind
    assert hand.pot == 300 + blind + ante
    assert not hand.in_hand(1)
    hand.act(Fold())  # the button folds; the small blind wins what is in the middle
    result = hand.result
    assert result.killed == (1,)
    assert result.final_stacks == (BIG + 900, 0, BIG)
    assert [e.seat for e in result.eliminated] == [1]


def test_SPOT_2b10_absent_player_posts_from_his_own_chips() -> None:
    """D8 SPOT: an absent small blind's 50 comes from his own stack (nobody posts for him);
    his hand is mucked when the action reaches him and the 50 stays in the pot, won by the
    players still in."""
    hand = start(
        [BIG, BIG, BIG],
        prof="spotlight",
        dead=1 << 0,
        holes={1: "AsAd", 2: "7c2d"},
        board="KcQh4d5s9c",
    )
    assert hand.stacks == [BIG - 50, BIG - 100, BIG]
    play(hand, Call())  # the button calls; the absent SB is mucked at his turn
    assert not hand.in_hand(0)
    hand.act(Check())
    result = check_down(hand).result
    assert result.killed == (0,)
    assert result.final_stacks == (BIG - 50, BIG + 150, BIG - 100)


# --- D9 no straddles, no chopping the blinds --------------------------------------------------


def test_SPOT_4a12_SPOT_5c2_SPOT_2b11_no_straddle_no_chop() -> None:
    """D9 SPOT: folded to the blinds, the small blind may only fold, call or raise -- no
    "chop" exists -- and the hand is played out; no straddle can be posted (the engine
    takes only the two blinds and antes)."""
    prof = profile("spotlight")
    assert not prof.straddle_allowed
    assert not prof.chop_blinds_allowed
    assert not {"Chop", "Straddle"} & set(engine.__all__)
    for word in ("straddle", "chop"):  # Hand.start takes no such argument (either build)
        with pytest.raises(TypeError, match=word):
            Hand.start(stacks=[BIG] * 3, button=2, small_blind_seat=0, big_blind_seat=1,
                       small_blind=50, big_blind=100, **{word: cast(Any, 200)})  # fmt: skip
    hand = start([BIG, BIG, BIG], prof="spotlight")
    hand.act(Fold())  # the button folds to the blinds
    legal = hand.legal()
    assert (legal.can_fold, legal.can_check, legal.call_amount, legal.can_raise) == (
        True,
        False,
        50,
        True,
    )
    hand.act(Call())
    option = hand.legal()
    assert option.can_check
    assert option.can_raise
    hand.act(Check())
    assert hand.street == "flop"
