"""Blinds, antes, big-blind antes and absent players (catalogue B3-B5, D1, D4, D8, K6)."""

from __future__ import annotations

from engine_helpers import check_down, play, start

from pokertd.engine import Call, Check, Fold
from pokertd.rules import AnteType

BIG = 100_000


def test_FOX_BBA1_big_blind_ante_is_dead_and_not_part_of_the_call() -> None:
    """B3 (KPC-53, FOX-BBA1): 500/1,000 with BBA: the BB puts in 1,000 blind + 1,000 ante;
    a caller puts in 1,000; the minimum raise is to 2,000."""
    hand = start(
        [BIG] * 4,
        blinds=(500, 1_000),
        ante=1_000,
        ante_type=AnteType.BIG_BLIND_ANTE,
        prof="foxwoods",
    )
    assert hand.stacks[1] == BIG - 2_000
    assert hand.bets[1] == 1_000
    assert hand.pot == 2_500
    legal = hand.legal()
    assert (legal.call_amount, legal.min_raise_to) == (1_000, 2_000)


def test_KPC_53_short_big_blind_pays_the_ante_first() -> None:
    """B4 KPC: 500/1,000 BBA 1,000, BB has 1,500: ante 1,000, blind 500, all-in; with 800:
    ante 800, blind 0."""
    hand = start(
        [BIG, 1_500, BIG, BIG],
        blinds=(500, 1_000),
        ante=1_000,
        ante_type=AnteType.BIG_BLIND_ANTE,
        prof="kojack",
    )
    assert hand.bets[1] == 500
    assert hand.stacks[1] == 0
    assert hand.is_all_in(1)
    assert hand.pot == 500 + 1_500
    hand = start(
        [BIG, 800, BIG, BIG],
        blinds=(500, 1_000),
        ante=1_000,
        ante_type=AnteType.BIG_BLIND_ANTE,
        prof="kojack",
    )
    assert hand.bets[1] == 0
    assert hand.pot == 500 + 800


def test_FOX_BBA2_short_big_blind_pays_the_blind_first() -> None:
    """B4 FOX (TDA 2024): BB with 1,500 posts blind 1,000 and ante 500; with 800 the
    blind is 800 and no ante."""
    hand = start(
        [BIG, 1_500, BIG, BIG],
        blinds=(500, 1_000),
        ante=1_000,
        ante_type=AnteType.BIG_BLIND_ANTE,
        prof="foxwoods",
    )
    assert hand.bets[1] == 1_000
    assert hand.pot == 500 + 1_500
    hand = start(
        [BIG, 800, BIG, BIG],
        blinds=(500, 1_000),
        ante=1_000,
        ante_type=AnteType.BIG_BLIND_ANTE,
        prof="foxwoods",
    )
    assert hand.bets[1] == 800
    assert hand.pot == 500 + 800


def test_KPC_53_ante_first_pots() -> None:
    """B4 KPC continued: UTG calls 1,000, SB completes, others fold. Main pot = ante
    1,000 + 500 x 3 = 2,500 (three players); side pot 500 + 500 = 1,000 (UTG, SB)."""
    hand = start(
        [BIG, 1_500, BIG, BIG],
        blinds=(500, 1_000),
        ante=1_000,
        ante_type=AnteType.BIG_BLIND_ANTE,
        prof="kojack",
    )
    play(hand, Call(), Fold(), Call())
    result = check_down(hand).result
    assert [(p.amount, p.eligible) for p in result.pots] == [(2_500, (0, 1, 2)), (1_000, (0, 2))]


def test_FOX_BBA2_ante_goes_to_the_main_pot() -> None:
    """B5: 1,000/2,000 BBA 2,000. SB all-in for 600; BB and a caller go to showdown for
    2,000 each. Main pot 2,000 + 600 x 3 = 3,800 (SB eligible), side pot 1,400 x 2 = 2,800.
    The SB has the best hand and wins 3,800."""
    hand = start(
        [600, BIG, BIG],
        blinds=(1_000, 2_000),
        ante=2_000,
        ante_type=AnteType.BIG_BLIND_ANTE,
        prof="foxwoods",
        holes={0: "AsAh", 1: "KsKh", 2: "7c2d"},
        board="3c8d9hJsQd",
    )
    play(hand, Call(), Check())
    result = check_down(hand).result
    assert [(p.amount, p.eligible, p.winners) for p in result.pots] == [
        (3_800, (0, 1, 2), (0,)),
        (2_800, (1, 2), (1,)),
    ]
    assert result.final_stacks == (3_800, BIG - 4_000 + 2_800, BIG - 2_000)


def test_per_player_antes_are_posted_before_the_blinds() -> None:
    """Antes of every player (B3 ``per_player``): a stack short of the ante posts what it
    has and is all-in."""
    hand = start([BIG, BIG, 60, BIG], blinds=(100, 200), ante=100, ante_type=AnteType.PER_PLAYER)
    assert hand.pot == 100 + 100 + 60 + 100 + 300
    assert hand.is_all_in(2)
    assert hand.actor == 3


def test_KPC_23A_FOX_32_dead_small_blind() -> None:
    """D1: a dead small blind: nobody posts it; the button's seat may be empty."""
    hand = start([BIG, 0, BIG, BIG, BIG], button=1, sb=None, bb=2)
    assert hand.small_blind_seat is None
    assert hand.pot == 100
    assert hand.actor == 3
    play(hand, Call(), Call(), Call(), Check())
    assert hand.street == "flop"
    assert hand.actor == 2


def test_KPC_8e_FOX_7_waiting_seat_is_not_dealt_in() -> None:
    """D4: a new arrival between the small blind and the button waits for the button."""
    hand = start([BIG, BIG, BIG, BIG], waiting=1 << 3, button=3, sb=0, bb=1)
    assert hand.seats_dealt == (0, 1, 2)
    assert hand.stacks[3] is None


def test_KPC_21_KPC_52_absent_big_blind_posts_and_is_eliminated() -> None:
    """D8: absent BB with 900 at 300/600 BBA 600 (KPC ante first): ante 600, blind 300,
    all-in; the hand is killed, the 900 forfeited, the player eliminated."""
    hand = start(
        [BIG, 900, BIG],
        blinds=(300, 600),
        ante=600,
        ante_type=AnteType.BIG_BLIND_ANTE,
        prof="kojack",
        dead=1 << 1,
    )
    assert not hand.in_hand(1)
    hand.act(Fold())
    result = hand.result
    assert result.killed == (1,)
    assert result.final_stacks[1] == 0
    assert [e.seat for e in result.eliminated] == [1]
    assert result.eliminated[0].start_stack == 900
    assert result.final_stacks[0] == BIG + 900 + 300 - 300


def test_TNPL_E1_absent_player_hand_killed_at_the_deal() -> None:
    """K6 TNPL (first card of the deal): the absent seat's hand is dead before any action."""
    hand = start([BIG] * 4, prof="tnpl", dead=1 << 2)
    assert not hand.in_hand(2)
    assert hand.actor == 3


def test_SPOT_6_6_absent_hand_mucked_when_action_reaches_it() -> None:
    """K6 SPOT: the absent player is dealt in and posted; his hand is mucked when the
    action reaches him, the big blind included (he cannot check while absent)."""
    hand = start([BIG] * 4, prof="spotlight", dead=(1 << 2) | (1 << 1))
    assert hand.pot == 150  # both absent seats were dealt in; the BB posted
    assert hand.actor == 3  # seat 2 (UTG) was mucked at its turn
    assert not hand.in_hand(2)
    play(hand, Call(), Call())
    assert hand.street == "flop"  # the absent BB was mucked instead of checking
    assert not hand.in_hand(1)
    result = check_down(hand).result
    assert result.killed == (1, 2)


def test_SPOT_6_6_absent_all_in_blind_stays_live() -> None:
    """K6 SPOT (IMPL): an absent player all-in on his blind never has a turn and keeps his
    hand."""
    hand = start(
        [BIG, 100, BIG],
        prof="spotlight",
        dead=1 << 1,
        holes={1: "AsAd", 0: "7c2d", 2: "8h3s"},
        board="KcQh4d5s9c",
    )
    play(hand, Call(), Call())
    result = check_down(hand).result
    assert result.killed == ()
    assert result.pots[0].winners == (1,)


def test_K6_last_live_hand_wins_at_once() -> None:
    """K6 (IMPL): when dead hands leave one live hand, it wins at once."""
    hand = start([BIG, BIG, BIG], dead=(1 << 0) | (1 << 2))
    assert hand.is_over
    assert hand.result.final_stacks == (BIG - 50, BIG + 50, BIG)


def test_K6_everyone_checks_to_showdown_with_dead_blinds() -> None:
    """D8: dead blinds are forfeited to the pot won by the live hands."""
    hand = start([BIG] * 4, dead=1 << 0)
    play(hand, Call(), Call(), Check())
    result = check_down(hand).result
    assert sum(result.final_stacks) == 4 * BIG  # type: ignore[arg-type]
    assert result.final_stacks[0] == BIG - 50
