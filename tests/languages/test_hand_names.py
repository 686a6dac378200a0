"""The names of poker hands in every language (issue 27): ``say_five`` is the catalogue
sentence of ``describe_five``, whose English stays exactly as before."""

from __future__ import annotations

import pytest

from pokertd.cards.card import parse_cards
from pokertd.cards.evaluate import describe, describe_five, said_hand, say_five
from pokertd.i18n import catalog

HANDS = [
    # cards, English (describe_five, unchanged), German, Spanish
    ("KsKd7c7h2s", "two pair, kings and sevens", "Zwei Paare, Könige und Siebenen",
     "doble pareja, reyes y sietes"),
    ("KsKdKc9h9s", "full house, kings full of nines", "Full House, Könige über Neunen",
     "full de reyes con nueves"),
    ("AsAd7c5h2s", "a pair of aces", "ein Paar Asse", "pareja de ases"),
    ("AhKhQhJhTh", "royal flush", "Royal Flush", "escalera real"),
    ("Ah9h7h4h2h", "flush, ace high", "Flush, Ass hoch", "color al as"),
    ("Kh9d7c4s2h", "high card, king", "High Card, König", "carta alta, rey"),
    ("As2d3c4h5s", "straight, five high", "Straße, Fünf hoch", "escalera al cinco"),
    ("9s9d9c9hJs", "four of a kind, nines", "Vierling, Neunen", "póquer de nueves"),
    ("TsTdTc4h2s", "three of a kind, tens", "Drilling, Zehnen", "trío de dieces"),
    ("JsJdQcQh2s", "two pair, queens and jacks", "Zwei Paare, Damen und Buben",
     "doble pareja, damas y jotas"),
    ("9c8c7c6c5c", "straight flush, nine high", "Straight Flush, Neun hoch",
     "escalera de color al nueve"),
]  # fmt: skip


@pytest.mark.parametrize(("cards", "english", "german", "spanish"), HANDS)
def test_a_hand_name_reads_in_german_and_spanish(
    cards: str, english: str, german: str, spanish: str
) -> None:
    five = parse_cards(cards)
    said = say_five(five)
    assert describe_five(five) == english  # the English (PHH, JSON, tests) is unchanged
    assert said.text == english
    assert catalog.sentence("de", said) == german
    assert catalog.sentence("es", said) == spanish
    assert catalog.sentence("en", said) == english
    assert catalog.sentence("de", said.as_json()) == german  # as a page receives it


def test_the_rank_names_travel_as_catalogue_phrases() -> None:
    said = say_five(parse_cards("KsKd7c7h2s")).as_json()
    assert said["msgid"] == "two pair, %(high)s and %(low)s"
    assert said["params"]["high"] == {"text": "kings", "msgid": "kings", "params": {}}
    assert said["params"]["low"]["msgid"] == "sevens"


def test_stored_english_words_find_their_sentence() -> None:
    """A high hand's label or a result's words, stored in English, read in any language;
    words a person typed have none."""
    words = describe(parse_cards("As Ad Ac Kd 2h 3c 9s"))
    assert words == "three of a kind, aces"
    assert catalog.sentence("de", said_hand(words)) == "Drilling, Asse"
    assert catalog.sentence("es", said_hand("full house, twos full of aces")) == (
        "full de doses con ases"
    )
    assert said_hand("quads, obviously") is None
    assert said_hand("two pair, kings and kings") is None


def test_a_high_hand_refusal_names_the_hand_in_the_readers_language() -> None:
    from pokertd.errors import RuleViolation
    from pokertd.tournament.prizes.high_hand import _named

    exc = RuleViolation(
        template="A better hand already holds the high hand; %(label)s does not beat it.",
        params={"label": _named("full house, kings full of nines")},
    )
    assert str(exc) == (
        "A better hand already holds the high hand; full house, kings full of nines "
        "does not beat it."
    )
    assert catalog.refusal(exc, "de") == (
        "Eine bessere Hand hält schon die High Hand; Full House, Könige über Neunen "
        "schlägt sie nicht."
    )
