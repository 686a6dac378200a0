"""Badugi (issue 28): the hand ranking (:func:`pokertd.cards.low.badugi`), the draw engine
dealing it (four cards, three draws, fixed limit) and the corpus's badugi hand (PHH ``FB``).

The rulebooks (../shared/seeds: Kojack's, TNPL, Foxwoods) and the catalogue say nothing
of badugi (draw games are left to house standards: TNPL-G1i, FOX-35); the ranking is the
common one, PokerKit's ``BadugiHand``: the most cards of four different ranks and four
different suits, the ace low, then the highest card first. Chips are checked against
sums worked out by hand in each docstring.
"""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import pokerkit as pk
import pytest

from pokertd.cards import parse_cards
from pokertd.cards.card import CARD_TEXT
from pokertd.cards.low import badugi, badugi_cards, describe_badugi
from pokertd.engine.actions import Bet, Call, Check, Raise
from pokertd.engine.draw import Draw, DrawHand
from pokertd.engine.phh import replay_phh, to_phh
from pokertd.errors import IllegalAction, InvalidCommand
from pokertd.rules import DrawVariant, load_profile

BADUGI = DrawVariant.BADUGI
PHH = Path(__file__).resolve().parents[2] / ".." / "shared" / "phh"


def b(text: str) -> int:
    return badugi(parse_cards(text))


def words(text: str) -> str:
    return describe_badugi(parse_cards(text))


# ---------------------------------------------------------------------- the ranking
def test_ace_two_three_four_of_four_suits_is_the_best_hand() -> None:
    nuts = b("As2h3d4c")
    assert words("4c3dAs2h") == "4-3-2-A badugi"
    for other in ("As2h3d5c", "2s3h4d5c", "As2h3d4d", "AsAh2d3c", "Ks2h3d4c"):
        assert nuts < b(other), other
    assert b("4c3dAs2h") == nuts  # the order of the cards does not matter


def test_any_four_card_badugi_beats_any_three_card_hand() -> None:
    """K-Q-J-T of four suits (the worst badugi) beats A-2-3 (the best three-card hand,
    here with a second three)."""
    assert b("KsQhJdTc") < b("As2h3d3c")
    assert words("KsQhJdTc") == "K-Q-J-T badugi"
    assert words("As2h3d3c") == "3-2-A three-card hand"


def test_three_card_hands_compare_by_the_highest_card_first() -> None:
    """7-4-3 beats 7-6-5 (the sevens tie, then 4 against 6); 7-6-5 beats 8-2-A (7
    against 8: the highest card decides first)."""
    assert b("7s4h3d3c") < b("7s6h5d5c") < b("8s2hAdAc")
    assert b("7s4h3d3c") == b("7d4h3s3c")  # suits never rank


def test_a_three_card_hand_beats_a_two_card_hand_and_a_two_card_a_one_card() -> None:
    """K-Q-J of three suits beats A-2 (four cards of two suits), A-2 beats a lone ace
    (four clubs)."""
    assert b("KsQhJdJs") < b("As2h3s4h")
    assert b("As2h3s4h") < b("Ac2c3c4c")
    assert words("As2h3s4h") == "2-A two-card hand"
    assert words("Ac2c3c4c") == "A one-card hand"


def test_paired_and_suited_cards_do_not_play() -> None:
    """2s 3s 4h Kd: the spades clash, the 3s drops (K-4-2 beats K-4-3); 5c 5d 6h 7s: the
    fives pair, one drops (7-6-5); Ah 2h 3h 9s: three hearts, the ace stays (9-A)."""
    assert [CARD_TEXT[c] for c in badugi_cards(parse_cards("Kd2s3s4h"))] == ["2s", "4h", "Kd"]
    assert words("5c5d6h7s") == "7-6-5 three-card hand"
    assert words("Ah2h3h9s") == "9-A two-card hand"
    assert b("Kd2s3s4h") < b("Kd3s4h5h")


def test_the_ranking_agrees_with_pokerkit_on_random_hands() -> None:
    """Every pair of 300 random four-card hands orders as PokerKit's ``BadugiHand`` does
    (the game ``FixedLimitBadugi`` plays it)."""
    rng = random.Random(28)
    hands = [rng.sample(range(52), 4) for _ in range(300)]
    theirs = [pk.BadugiHand.from_game("".join(CARD_TEXT[c] for c in h)) for h in hands]
    ours = [badugi(h) for h in hands]
    for i, j in combinations(range(len(hands)), 2):
        assert (ours[i] < ours[j]) == (theirs[i] > theirs[j]), (hands[i], hands[j])
        assert (ours[i] == ours[j]) == (theirs[i] == theirs[j]), (hands[i], hands[j])


def test_a_badugi_hand_has_four_cards() -> None:
    with pytest.raises(InvalidCommand, match="A badugi hand has 4 cards, not 5"):
        badugi(parse_cards("As2h3d4c5s"))


# ---------------------------------------------------------------------- the engine
def deck_for(hands: list[str], draws: str = "") -> list[int]:
    """Four cards each, one at a time from position 0, then ``draws`` (burns included)."""
    cards = [parse_cards(h) for h in hands]
    order = [cards[p][r] for r in range(4) for p in range(len(cards))]
    order += parse_cards(draws) if draws else []
    return order + [c for c in range(52) if c not in order]


def deal(hands: list[str], draws: str = "") -> DrawHand:
    """Blinds 10/20, bets 20/40; the button is the last seat."""
    k = len(hands)
    return DrawHand.start(
        variant=BADUGI, stacks=[1_000] * k, button=k - 1, small_blind=10, big_blind=20,
        small_bet=20, big_bet=40, profile=load_profile("tda"), deck=deck_for(hands, draws),
        rng=random.Random(1),
    )  # fmt: skip


def test_four_cards_each_and_three_draws_of_at_most_four() -> None:
    hand = deal(["As2h3d4c", "KsKhKdKc", "9s8h7d6c"])
    assert hand.cards(0) == tuple(parse_cards("As2h3d4c"))
    assert hand.deck[:3] == parse_cards("AsKs9s")
    for _ in range(3):
        hand.act(Call())
    with pytest.raises(IllegalAction, match="cannot throw Qs: it is not in its hand"):
        hand.act(Draw(parse_cards("Qs")))
    streets = []
    while not hand.is_over:
        if hand.drawing:
            streets.append(hand.street)
            hand.act(Draw())
        else:
            hand.act(Call())
    assert streets == ["draw1"] * 3 + ["draw2"] * 3 + ["draw3"] * 3


def test_E5_fixed_limit_small_bet_then_big_bet_after_the_second_draw() -> None:
    """Bets of 20 pre-draw and after the first draw, 40 after the second and third: three
    players call 20; after draw 1 seat 1 bets 20 and both call; after draw 2 seat 1 bets
    40, seat 2 raises to 80 and both call; after draw 3 seat 1 bets 40 and both call.
    Seat 1's A-2-3-4 takes 3 x 20 + 3 x 20 + 3 x 80 + 3 x 40 = 480: each loser is in for
    160 (1,000 - 160 = 840) and seat 1 ends with 1,000 + 320."""
    hand = deal(["As2h3d4c", "KsKhKdKc", "9s8h7d6c"])
    for _ in range(3):
        hand.act(Call())
    for _ in range(3):
        hand.act(Draw())
    assert hand.legal().min_raise_to == 20
    hand.act(Bet(20))
    hand.act(Call())
    hand.act(Call())
    for _ in range(3):
        hand.act(Draw())
    assert hand.street == "postdraw2"
    hand.act(Bet(40))
    assert hand.legal().min_raise_to == hand.legal().max_raise_to == 80
    hand.act(Raise(80))
    hand.act(Call())
    hand.act(Call())
    for _ in range(3):
        hand.act(Draw())
    hand.act(Bet(40))
    hand.act(Call())
    hand.act(Call())
    assert hand.is_over
    assert hand.stacks == [1_320, 840, 840]
    (pot,) = hand.result.pots
    assert pot.amount == 480
    assert pot.hand == "4-3-2-A badugi"


def test_a_draw_makes_the_badugi_that_wins() -> None:
    """Heads-up: the button (seat 2, small blind 10) calls, the big blind checks. Seat 1
    holds As 2s 3h 4d (a three-card hand, 4-3-A), throws the 2s and draws the burn's
    next card, the 5c: 5-4-3-A badugi beats seat 2's pat K-Q-J-T badugi; pot 40, then
    both check to the end: seat 1 ends with 1,020."""
    hand = deal(["As2s3h4d", "KsQhJdTc"], draws="9c5c")
    hand.act(Call())
    hand.act(Check())
    hand.act(Draw(parse_cards("2s")))
    assert sorted(hand.cards(0)) == sorted(parse_cards("As3h4d5c"))
    hand.act(Draw())
    while not hand.is_over:
        hand.act(Draw() if hand.drawing else Check())
    assert hand.stacks == [1_020, 980]


# ---------------------------------------------------------------------- PHH
def test_the_alice_carol_badugi_hand_from_wikipedia() -> None:
    """The corpus's FB hand (blinds 1/2, bets 2/4, stacks 200), every card unknown but the
    two hands shown. Pre-draw Ted folds, Alice and Bob call 2, Carol (big blind) checks:
    pot 6. After the first draw Carol bets 2, Alice and Bob call: 12. After the second
    Carol bets 4, Alice raises to 8, Bob folds (in for 4), Carol calls: 28. After the
    third Alice bets 4 and Carol calls: 36, Carol and Alice in for 2 + 2 + 8 + 4 = 16.
    Carol's 8-7-5-3 badugi beats Alice's 9-6-4-2 (8 high against 9 high): Carol 200 - 16
    + 36 = 220, Alice 184, Bob 196, Ted 200. The file has no finishing stacks."""
    path = PHH / "alice-carol-wikipedia.phh"
    if not path.is_file():
        pytest.skip(f"PHH corpus not found at {path} (fresh clone)")
    replay = replay_phh(path.read_text(encoding="utf-8"))
    assert replay.matches is None  # no finishing stacks in the file
    assert replay.finishing_stacks == [196, 220, 200, 184]
    assert replay.winnings == [0, 36, 0, 0]
    hand = replay.hand
    assert isinstance(hand, DrawHand)
    assert hand.variant is BADUGI
    assert sorted(hand.cards(1)) == sorted(parse_cards("3s5d7c8h"))
    assert sorted(hand.cards(3)) == sorted(parse_cards("2s4c6d9h"))
    assert hand.result.pots[0].hand == "8-7-5-3 badugi"
    assert replay.as_json()["variant"] == "FB"


def test_a_badugi_hand_written_as_phh_replays_to_the_same_stacks() -> None:
    """``to_phh`` writes FB with ``small_bet``/``big_bet``; the replay deals four cards."""
    hand = deal(["As2s3h4d", "KsQhJdTc", "9s8h7d6c"], draws="9c5c")
    while not hand.is_over:
        hand.act(Draw(hand.cards(hand.actor or 0)[:1]) if hand.drawing else Call())
    text = to_phh(hand)
    assert 'variant = "FB"' in text
    assert "small_bet = 20" in text
    replay = replay_phh(text)
    assert replay.matches is True
    assert replay.hand.actions == hand.actions
