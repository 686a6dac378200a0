"""The draw engine (issue 28): 2-7 triple draw (fixed limit) and no-limit 2-7 single draw.

Each test plays a hand dealt from a known deck and checks concrete chips and cards. Rule
IDs are the catalogue's (../shared/rules-catalog.md): E1/E2 the no-limit minimum raise,
E4/E5 limit betting and its cap (KPC-37, TNPL-H9, FOX-51), E10 acting out of turn, F2
uncalled bets, F5 odd chips (KPC-12C, TNPL-C8, FOX-20), F6 showdown order. The rulebooks
leave draw games to house standards (TNPL-G1i, FOX-35): the reshuffle rule is pokertd's
(docs/engine.md, draw games).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.cards import parse_cards
from pokertd.cards.low import describe_deuce_to_seven, deuce_to_seven
from pokertd.engine.actions import Bet, Call, Check, Fold, Raise, Show
from pokertd.engine.draw import Draw, DrawHand
from pokertd.errors import BelowMinimumRaise, IllegalAction, OutOfTurn
from pokertd.rules import DrawVariant, load_profile

TD = DrawVariant.TRIPLE_DRAW_27
SD = DrawVariant.NO_LIMIT_SINGLE_DRAW_27


def low(text: str) -> int:
    return deuce_to_seven(parse_cards(text))


def deck_for(hands: list[str], draws: str = "") -> list[int]:
    """A deck dealing ``hands[i]`` to seat ``i`` (five cards each, one at a time round the
    table from seat 0), then ``draws`` (burns included) in order, then the rest."""
    cards = [parse_cards(h) for h in hands]
    order = [cards[p][r] for r in range(5) for p in range(len(cards))]
    order += parse_cards(draws) if draws else []
    return order + [c for c in range(52) if c not in order]


def deal(
    variant: DrawVariant,
    hands: list[str],
    *,
    draws: str = "",
    stacks: list[int] | None = None,
    profile: str = "tda",
    auto_showdown: bool = True,
) -> DrawHand:
    """Blinds 10/20; triple draw bets 20/40. The button is the last seat."""
    k = len(hands)
    return DrawHand.start(
        variant=variant, stacks=stacks or [1_000] * k, button=k - 1, small_blind=10,
        big_blind=20, small_bet=20, big_bet=40, profile=load_profile(profile),
        deck=deck_for(hands, draws), rng=random.Random(1), auto_showdown=auto_showdown,
    )  # fmt: skip


# ---------------------------------------------------------------------- 2-7 rankings
def test_seven_five_is_the_best_deuce_to_seven_hand() -> None:
    assert low("7h5c4d3s2c") == 1
    assert low("7h5c4d3s2c") < low("7d6c4h3s2d") < low("8h5c4d3s2c")


def test_the_ace_is_high_in_deuce_to_seven() -> None:
    """8-4-3-2-A is an ace-high hand: it loses to 7-5-4-3-2 and to any king-high hand."""
    assert low("7h5c4d3s2c") < low("8h4c3d2sAc")
    assert low("KhQcJd9s8c") < low("8h4c3d2sAc")


def test_a_wheel_is_ace_high_and_no_straight() -> None:
    """A-2-3-4-5 is ace-five high, not a straight: better than A-6-4-3-2, worse than
    K-Q-J-T-8, and better than any pair; 2-3-4-5-6 is a straight, worse than any pair."""
    wheel = low("Ah5c4d3s2c")
    assert low("KhQcJdTs8c") < wheel < low("Ah6c4d3s2c")
    assert wheel < low("2h2c7d5s3c")
    assert low("AhAcKdQsJc") < low("6h5c4d3s2c")
    assert describe_deuce_to_seven(parse_cards("Ah5c4d3s2c")) == "A-5-4-3-2 low"


def test_flushes_and_pairs_count_against_the_hand() -> None:
    """7-5-4-3-2 all hearts is a flush: worse than a straight, a pair or two pair."""
    flush = low("7h5h4h3h2h")
    assert low("6h5c4d3s2c") < flush
    assert low("AhAcKdKsQc") < flush
    assert low("9h9c5d3s2c") < low("2h2c2d5s3c")  # a pair beats three of a kind
    assert describe_deuce_to_seven(parse_cards("9h9c5d3s2c")) == "a pair of nines"


# ---------------------------------------------------------------------- dealing and turns
def test_five_cards_each_dealt_one_at_a_time_and_the_blinds_posted() -> None:
    hand = deal(TD, ["7h5c4d3s2c", "KhKcKdKsQc", "9h8c6d4s3c"])
    assert hand.cards(0) == tuple(parse_cards("7h5c4d3s2c"))
    assert hand.deck[:3] == parse_cards("7hKh9h")
    assert hand.bets == [10, 20, 0]
    assert hand.actor == 2  # the button, left of the big blind, acts first pre-draw
    assert hand.street == "predraw"


def test_heads_up_the_button_posts_the_small_blind_and_draws_last() -> None:
    hand = deal(TD, ["KhKcKdKsQc", "7h5c4d3s2c"])
    assert hand.bets == [20, 10]
    assert hand.actor == 1  # the button acts first before the draw
    hand.act(Call())
    hand.act(Check())
    assert hand.drawing
    assert hand.actor == 0  # and last after it: the big blind draws first
    hand.act(Draw(parse_cards("KhKc")))
    assert hand.actor == 1


def test_E10_a_draw_out_of_turn_is_refused() -> None:
    hand = deal(TD, ["7h5c4d3s2c", "KhKcKdKsQc", "9h8c6d4s3c"])
    for _ in range(3):
        hand.act(Call())
    assert hand.street == "draw1"
    assert hand.actor == 0
    with pytest.raises(OutOfTurn, match="Seat 3 acted out of turn: it is seat 1's turn"):
        hand.act(Draw(parse_cards("9h"), seat=2))


def test_a_player_throws_at_most_five_cards_of_his_own_hand() -> None:
    hand = deal(TD, ["7h5c4d3s2c", "KhKcKdKsQc", "9h8c6d4s3c"])
    for _ in range(3):
        hand.act(Call())
    with pytest.raises(IllegalAction, match="cannot draw 6 cards: a player throws at most five"):
        hand.act(Draw(parse_cards("7h5c4d3s2cKh")))
    with pytest.raises(IllegalAction, match="cannot throw Kh: it is not in its hand"):
        hand.act(Draw(parse_cards("Kh")))
    with pytest.raises(IllegalAction, match="names a card twice"):
        hand.act(Draw(parse_cards("7h") * 2))
    with pytest.raises(IllegalAction, match="may only stand pat or draw, not bet"):
        hand.act(Bet(20))


def test_no_draw_during_a_betting_round() -> None:
    hand = deal(TD, ["7h5c4d3s2c", "KhKcKdKsQc", "9h8c6d4s3c"])
    with pytest.raises(IllegalAction, match="cannot draw now"):
        hand.act(Draw())


def test_a_draw_burns_a_card_and_replaces_the_cards_thrown() -> None:
    """Seat 1 stands pat; seat 2 throws two kings and gets 8h 6h after the burn Jd; seat 3
    throws one card and gets the next, 4h (one burn a round)."""
    hand = deal(TD, ["7h5c4d3s2c", "KhKcKdKsQc", "9h8c6d4s3c"], draws="Jd8h6h4h")
    for _ in range(3):
        hand.act(Call())
    hand.act(Draw())
    hand.act(Draw(parse_cards("KhKc")))
    hand.act(Draw(parse_cards("9h")))
    assert sorted(hand.cards(1)) == sorted(parse_cards("KdKsQc8h6h"))
    assert sorted(hand.cards(2)) == sorted(parse_cards("8c6d4s3c4h"))
    assert [(s, n) for s, _, thrown, _ in hand.draws for n in [len(thrown)]] == [
        (0, 0), (1, 2), (2, 1)
    ]  # fmt: skip
    assert [r.kind for r in hand.actions[-3:]] == ["draw", "draw", "draw"]
    assert hand.street == "postdraw1"
    assert hand.actor == 0


# ---------------------------------------------------------------------- limits by round
def _limits_each_round(hand: DrawHand) -> list[tuple[str, int]]:
    """The bet the first player may make in each round after the pre-draw one, everybody
    standing pat and checking."""
    seen = []
    while not hand.is_over:
        if hand.drawing:
            hand.act(Draw())
            continue
        if hand.current_bet == 0 and hand.actor == 0:
            seen.append((hand.street, hand.legal().max_raise_to))
        hand.act(Call())
    return seen


def test_E5_triple_draw_small_bet_twice_then_big_bet_twice() -> None:
    """Bets 20/40: pre-draw a raise goes to 40 (the big blind 20 + the small bet); after
    the first draw a bet is 20, after the second and third 40."""
    hand = deal(TD, ["7h5c4d3s2c", "KhKcKdKsQc", "9h8c6d4s3c"])
    legal = hand.legal()
    assert (legal.call_amount, legal.min_raise_to, legal.max_raise_to) == (20, 40, 40)
    with pytest.raises(BelowMinimumRaise, match="must raise to exactly 40 in fixed-limit"):
        hand.act(Raise(60))
    assert _limits_each_round(hand) == [("postdraw1", 20), ("postdraw2", 40), ("postdraw3", 40)]


def test_E5_the_cap_of_a_bet_and_four_raises_pre_draw() -> None:
    """TDA: ``raise_cap_limit`` 4: the big blind is the bet; raises to 40, 60, 80, 100, then
    only call or fold (E5: KPC-37, TNPL-H9, FOX-51)."""
    hand = deal(TD, ["7h5c4d3s2c", "KhKcKdKsQc", "9h8c6d4s3c"])
    for to in (40, 60, 80, 100):
        hand.act(Raise(to))
    assert not hand.legal().can_raise
    with pytest.raises(IllegalAction, match="capped at 4 raises"):
        hand.act(Raise(120))


def test_E1_E2_single_draw_minimum_raise_as_no_limit_holdem() -> None:
    """Blinds 10/20: a raise to 60 is an increment of 40, so the next raise is to 100 at
    least; after the draw the minimum bet is the big blind, 20."""
    hand = deal(SD, ["7h5c4d3s2c", "KhKcKdKsQc", "9h8c6d4s3c"])
    assert hand.legal().min_raise_to == 40
    hand.act(Raise(60))
    with pytest.raises(BelowMinimumRaise, match="at least 100"):
        hand.act(Raise(90))
    hand.act(Raise(100))
    hand.act(Call())
    hand.act(Call())
    assert hand.pot == 300
    while hand.drawing:
        hand.act(Draw())
    assert hand.street == "postdraw1"
    assert (hand.legal().min_raise_to, hand.legal().max_raise_to) == (20, 900)


# ---------------------------------------------------------------------- the reshuffle
def test_six_players_drawing_five_run_the_stub_out_and_it_is_reshuffled() -> None:
    """Six players take 30 cards; 22 are left. In the first draw everybody throws five:
    a burn and 5 + 5 + 5 + 5 leave one card, which is not dealt: seat 5's draw shuffles it
    with the burn and the 20 cards thrown by seats 1-4 (not seat 5's own five) into a new
    stub of 22, recorded; seats 5 and 6 are served from it."""
    hands = ["2c3c4c5c6c", "2d3d4d5d6d", "2h3h4h5h6h", "2s3s4s5s6s", "7c8c9cTcJc", "7d8d9dTdJd"]
    hand = deal(TD, hands)
    stub = hand.stub
    assert len(stub) == 22
    for _ in range(6):
        hand.act(Call())
    for seat in range(4):
        hand.act(Draw(hand.cards(seat)))
    assert hand.stub == [stub[-1]]
    last = stub[-1]
    thrown_before = {c for h in hands[:4] for c in parse_cards(h)}
    own = hand.cards(4)
    hand.act(Draw(own))
    ((street, seat, new_stub),) = hand.reshuffles
    assert (street, seat, len(new_stub)) == ("draw1", 4, 22)
    assert set(new_stub) == thrown_before | {last, stub[0]}  # the burn was stub[0]
    assert not set(own) & set(new_stub)
    assert sorted(hand.cards(4)) == sorted(new_stub[:5])
    reshuffle = [r for r in hand.actions if r.kind == "reshuffle"]
    assert [(r.seat, r.amount, r.street) for r in reshuffle] == [(4, 22, "draw1")]
    hand.act(Draw(hand.cards(5)))
    assert sorted(hand.cards(5)) == sorted(new_stub[5:10])
    live = [c for s in range(6) for c in hand.cards(s)]
    assert len(set(live)) == 30


def test_the_new_stub_comes_from_the_hands_random_source() -> None:
    """The same seed gives the same new stub; another seed another order."""
    hands = ["2c3c4c5c6c", "2d3d4d5d6d", "2h3h4h5h6h", "2s3s4s5s6s", "7c8c9cTcJc", "7d8d9dTdJd"]

    def stub_after(seed: int) -> tuple[int, ...]:
        hand = DrawHand.start(
            variant=TD, stacks=[1_000] * 6, button=5, small_blind=10, big_blind=20,
            deck=deck_for(hands), rng=random.Random(seed),
        )  # fmt: skip
        for _ in range(6):
            hand.act(Call())
        for seat in range(5):
            hand.act(Draw(hand.cards(seat)))
        return hand.reshuffles[0][2]

    assert stub_after(3) == stub_after(3)
    assert stub_after(3) != stub_after(4)


# ---------------------------------------------------------------------- showdown and pots
def test_F5_a_split_pot_gives_the_odd_chip_left_of_the_button() -> None:
    """Blinds 15/20: the button calls, the small blind folds, seats 2 and 3 tie with
    7-5-4-3-2: the pot 15 + 20 + 20 = 55 splits 28 to seat 2 (first left of the button)
    and 27 to seat 3 (F5: KPC-12C, TNPL-C8, FOX-20)."""
    hands = ["KhKcKdKsQc", "7h5c4d3s2c", "7d5d4h3c2d"]
    hand = DrawHand.start(
        variant=TD, stacks=[1_000] * 3, button=2, small_blind=15, big_blind=20,
        deck=deck_for(hands),
    )  # fmt: skip
    hand.act(Call())  # the button
    hand.act(Fold())  # the small blind
    hand.act(Check())
    while not hand.is_over:
        hand.act(Draw() if hand.drawing else Check())
    result = hand.result
    (pot,) = result.pots
    assert pot.amount == 55
    assert dict(pot.awards) == {1: 28, 2: 27}
    assert pot.odd_chips == (1,)
    assert pot.hand == "7-5-4-3-2 low"


def test_F6_the_last_aggressor_shows_first_and_a_beaten_hand_may_muck() -> None:
    """Seat 3 bets after the last draw and shows 9-8-6-4-3; seat 2 calls, shows 7-5-4-3-2
    and wins 20 + 20 + 40 + 40 = 120 (the small blind folded: +10)."""
    hand = deal(TD, ["KhKcKdKsQc", "7h5c4d3s2c", "9h8c6d4s3c"], auto_showdown=False)
    hand.act(Call())
    hand.act(Fold())
    hand.act(Check())
    while hand.street != "postdraw3":
        hand.act(Draw() if hand.drawing else Check())
    hand.act(Check())
    hand.act(Bet(40))
    hand.act(Call())
    assert hand.street == "showdown"
    assert hand.actor == 2
    hand.act(Show())
    hand.act(Show())
    assert hand.result.won == ((1, 130),)
    assert hand.stacks == [990, 1_070, 940]


def test_F2_an_uncalled_no_limit_bet_comes_back() -> None:
    """Single draw: seat 3 moves in for 1,000 and seat 2 (stack 300) calls all-in: 700
    come back; both draw, the 7-5 wins 300 + 300 + 10."""
    hand = deal(SD, ["KhKcKdKsQc", "7h5c4d3s2c", "9h8c6d4s3c"], stacks=[1_000, 300, 1_000])
    hand.act(Raise(1_000))
    hand.act(Fold())
    hand.act(Call())
    while hand.drawing:
        hand.act(Draw())
    result = hand.result
    assert result.returned == ((2, 700),)
    assert result.won == ((1, 610),)
    assert hand.stacks == [990, 610, 700]


# ---------------------------------------------------------------------- properties
@settings(max_examples=60, derandomize=True)
@given(
    variant=st.sampled_from(list(DrawVariant)),
    stacks=st.lists(st.integers(15, 1_500), min_size=2, max_size=8),
    seed=st.integers(0, 2**32),
    data=st.data(),
)
def test_every_card_and_chip_is_accounted_for_after_every_action(
    variant: DrawVariant, stacks: list[int], seed: int, data: st.DataObject
) -> None:
    """Up to eight players, any draws: after every action the live hands, the stub and the
    cards out of play are the 52 cards once each (through any reshuffle), the chips behind
    plus the pot are the chips the hand began with, and so are the final stacks."""
    hand = DrawHand.start(
        variant=variant, stacks=stacks, button=len(stacks) - 1, small_blind=5, big_blind=10,
        rng=random.Random(seed),
    )  # fmt: skip
    total = sum(stacks)
    while not hand.is_over:
        actor = hand.actor
        assert actor is not None
        if hand.drawing:
            mine = list(hand.cards(actor))
            hand.act(Draw(mine[: data.draw(st.integers(0, 5))]))
        else:
            legal = hand.legal()
            choice = data.draw(st.sampled_from(["call", "fold", "raise"]))
            if choice == "raise" and legal.can_raise:
                hand.act(Raise(data.draw(st.integers(legal.min_raise_to, legal.max_raise_to))))
            elif choice == "fold" and legal.call_amount:
                hand.act(Fold())
            else:
                hand.act(Call())
        if hand.street not in ("showdown", "done"):
            live = [c for s in hand.seats_dealt if hand.in_hand(s) for c in hand.cards(s)]
            every = live + hand.stub + hand.out_of_play
            assert sorted(every) == list(range(52))
            assert sum(s or 0 for s in hand.stacks) + hand.pot == total
    assert sum(s or 0 for s in hand.result.final_stacks) == total
