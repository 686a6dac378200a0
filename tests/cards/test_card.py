"""Cards and decks: notation, int codes, shuffling with an explicit rng."""

from __future__ import annotations

import random

import pytest

from pokertd.cards import (
    CARD_TEXT,
    Card,
    Deck,
    card_code,
    cards_text,
    check_deck,
    parse_cards,
    shuffled,
)
from pokertd.errors import InvalidCommand


def test_card_codes_are_phevaluators() -> None:
    """rank * 4 + suit with clubs, diamonds, hearts, spades (NJ-4: one 52-card deck)."""
    assert card_code("2c") == 0
    assert card_code("As") == 51
    assert card_code("Td") == card_code("10d") == 33
    assert len(set(CARD_TEXT)) == 52


def test_card_value_at_the_edges() -> None:
    card = Card("ah")
    assert repr(card) == "Card('Ah')"
    assert str(card) == "Ah"
    assert (card.rank, card.suit, card.code) == ("A", "h", 50)
    assert Card.from_code(50) == card
    assert eval(repr(card)) == card


def test_parse_cards_forms() -> None:
    assert parse_cards("AsKd") == parse_cards("As Kd") == parse_cards("As,Kd") == [51, 45]
    assert parse_cards([Card("As"), 45, "Qh"]) == [51, 45, 42]
    assert cards_text([51, 45], " ") == "As Kd"


@pytest.mark.parametrize("text", ["Zz", "A", "AsAs", "1s", "Ass"])
def test_bad_cards_are_refused(text: str) -> None:
    with pytest.raises(InvalidCommand):
        parse_cards(text)


def test_check_deck_refuses_duplicates_and_bad_codes() -> None:
    with pytest.raises(InvalidCommand, match="duplicate"):
        check_deck([1, 2, 1])
    with pytest.raises(InvalidCommand, match="unknown card code"):
        check_deck([52])
    with pytest.raises(InvalidCommand):
        check_deck([True])


def test_shuffle_is_reproducible_and_uses_only_the_given_rng() -> None:
    a = shuffled(random.Random(42))
    b = shuffled(random.Random(42))
    assert a == b
    assert sorted(a) == list(range(52))
    random.seed(1)
    state = random.getstate()
    shuffled(random.Random(3), 20)
    assert random.getstate() == state


def test_deck_deals_in_order() -> None:
    deck = Deck(parse_cards("AsKdQh"))
    assert deck.deal(2) == [51, 45]
    assert deck.burn() == 42
    assert deck.remaining == 0
    with pytest.raises(InvalidCommand):
        deck.deal(1)
    assert len(Deck.shuffled(random.Random(1))) == 52
