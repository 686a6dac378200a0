"""Cards, decks and hand evaluation.

Inside the engine a card is an ``int`` code 0-51 (``rank * 4 + suit``, phevaluator's
code); :class:`Card` is the small frozen value used at the edges. Evaluation returns a
strength where **lower is better** (1 = royal flush, 7,462 = 7-high).
"""

from pokertd.cards.card import (
    CARD_TEXT,
    RANK_NAMES,
    RANK_PLURALS,
    RANKS,
    SUIT_NAMES,
    SUITS,
    Card,
    CardCode,
    card_code,
    card_text,
    cards_text,
    parse_cards,
)
from pokertd.cards.deck import FULL_DECK, Deck, check_deck, shuffled
from pokertd.cards.evaluate import (
    WORST,
    HandCategory,
    best_five,
    best_five_omaha,
    category,
    describe,
    describe_five,
    describe_omaha,
    evaluate,
    evaluate5,
    evaluate6,
    evaluate7,
    evaluate_omaha,
    evaluate_omaha_raw,
)

__all__ = [
    "CARD_TEXT",
    "FULL_DECK",
    "RANKS",
    "RANK_NAMES",
    "RANK_PLURALS",
    "SUITS",
    "SUIT_NAMES",
    "WORST",
    "Card",
    "CardCode",
    "Deck",
    "HandCategory",
    "best_five",
    "best_five_omaha",
    "card_code",
    "card_text",
    "cards_text",
    "category",
    "check_deck",
    "describe",
    "describe_five",
    "describe_omaha",
    "evaluate",
    "evaluate5",
    "evaluate6",
    "evaluate7",
    "evaluate_omaha",
    "evaluate_omaha_raw",
    "parse_cards",
    "shuffled",
]
