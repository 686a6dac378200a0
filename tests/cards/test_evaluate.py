"""Hand evaluation: phevaluator behind our interface, checked against treys and by
exhaustive category counts (catalogue F4: NJ-9, NJ-31..NJ-33, SPOT-3f1)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from treys import Card as TreysCard
from treys import Evaluator as TreysEvaluator

from pokertd.cards import (
    CARD_TEXT,
    HandCategory,
    best_five,
    category,
    describe,
    describe_omaha,
    evaluate,
    evaluate5,
    evaluate7,
    evaluate_omaha,
    parse_cards,
)
from pokertd.errors import InvalidCommand

_TREYS = TreysEvaluator()


def _treys(cards: list[int]) -> int:
    hand = [TreysCard.new(CARD_TEXT[c]) for c in cards]
    return int(_TREYS.evaluate(hand[:2], hand[2:]))


def test_seven_card_strength_equals_treys_on_random_hands() -> None:
    """Same scale (1 = royal flush ... 7,462 = 7-high): the numbers agree exactly."""
    rng = random.Random(2024)
    for _ in range(3_000):
        cards = rng.sample(range(52), 7)
        assert evaluate7(*cards) == _treys(cards)


def test_five_and_six_card_strength_equals_treys() -> None:
    rng = random.Random(7)
    for size in (5, 6):
        for _ in range(1_000):
            cards = rng.sample(range(52), size)
            assert evaluate(cards) == _treys(cards)


def test_lower_is_better() -> None:
    royal = evaluate(parse_cards("AsKsQsJsTs"))
    seven_high = evaluate(parse_cards("7c5d4h3s2c"))
    assert royal == 1
    assert seven_high == 7462


def test_NJ_33_kickers_and_board_play() -> None:
    """F4: board Ks 9d 7c 4h 2s: Ad Kd beats Kc Qc; board As Ad Kc Kh Qs: 5c4c and 3d2d
    tie, Jc Tc makes a straight."""
    board = parse_cards("Ks9d7c4h2s")
    assert evaluate7(*board, *parse_cards("AdKd")) < evaluate7(*board, *parse_cards("KcQc"))
    board = parse_cards("AsAdKcKhQs")
    assert evaluate7(*board, *parse_cards("5c4c")) == evaluate7(*board, *parse_cards("3d2d"))
    assert evaluate7(*board, *parse_cards("JcTc")) < evaluate7(*board, *parse_cards("5c4c"))


def test_NJ_32_ace_plays_low_in_the_wheel() -> None:
    assert category(evaluate(parse_cards("As2d3c4h5s"))) is HandCategory.STRAIGHT
    assert describe(parse_cards("As2d3c4h5s9d9c")) == "straight, five high"


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ("AsKsQsJsTs9d2c", "royal flush"),
        ("9s8s7s6s5sAdAc", "straight flush, nine high"),
        ("KsKdKhKc7h2s3d", "four of a kind, kings"),
        ("KsKdKh7c7h2s3d", "full house, kings full of sevens"),
        ("As9s7s4s2sKdQc", "flush, ace high"),
        ("7s7d7hKc2h9s3d", "three of a kind, sevens"),
        ("KsKd7c7h2s3d4c", "two pair, kings and sevens"),
        ("6s6dAcKh9s3d2c", "a pair of sixes"),
        ("AsJd9c7h5s3d2c", "high card, ace"),
    ],
)
def test_describe_for_people(cards: str, words: str) -> None:
    assert describe(parse_cards(cards)) == words


def test_best_five_is_the_best_combination() -> None:
    cards = parse_cards("KsKd7c7h2s3d7d")
    five = best_five(cards)
    assert evaluate5(*five) == evaluate7(*cards)


def test_omaha_uses_exactly_two_hole_cards() -> None:
    """Omaha: four spades on board and one in hand is no flush; two hole cards and three
    board cards are used."""
    board = parse_cards("AsKsQs2s3d")
    assert category(evaluate_omaha(board, parse_cards("Jh9d8c4s"))) is not HandCategory.FLUSH
    assert describe_omaha(parse_cards("AsKsQs2d3c"), parse_cards("JsTs4h4d")) == "royal flush"
    rng = random.Random(11)
    for _ in range(300):
        cards = rng.sample(range(52), 9)
        b, h = cards[:5], cards[5:]
        brute = min(
            evaluate5(*two, *three) for two in combinations(h, 2) for three in combinations(b, 3)
        )
        assert evaluate_omaha(b, h) == brute
    with pytest.raises(InvalidCommand):
        evaluate_omaha(board[:4], parse_cards("Jh9d8c4s"))


def test_bad_sizes() -> None:
    with pytest.raises(InvalidCommand):
        evaluate(parse_cards("AsKs"))
    with pytest.raises(InvalidCommand):
        category(0)


EXPECTED_COUNTS = {
    HandCategory.STRAIGHT_FLUSH: 40,
    HandCategory.FOUR_OF_A_KIND: 624,
    HandCategory.FULL_HOUSE: 3_744,
    HandCategory.FLUSH: 5_108,
    HandCategory.STRAIGHT: 10_200,
    HandCategory.THREE_OF_A_KIND: 54_912,
    HandCategory.TWO_PAIR: 123_552,
    HandCategory.ONE_PAIR: 1_098_240,
    HandCategory.HIGH_CARD: 1_302_540,
}


def test_all_2598960_five_card_hands_fall_in_the_right_categories() -> None:
    """Exhaustive: every five-card hand, counted by category (about a second)."""
    from bisect import bisect_left
    from itertools import starmap

    uppers = [10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462]
    counts = Counter(bisect_left(uppers, v) for v in starmap(evaluate5, combinations(range(52), 5)))
    assert sum(counts.values()) == 2_598_960
    assert {HandCategory(i + 1): n for i, n in counts.items()} == EXPECTED_COUNTS
