"""Cards: an int code 0-51 inside the engine, a small frozen ``Card`` at the edges.

The code of a card is ``rank * 4 + suit`` with ranks ``2`` = 0 ... ``A`` = 12 and suits
clubs 0, diamonds 1, hearts 2, spades 3. It is the code phevaluator uses, so the hot loop
hands its ints straight to the evaluator without translation (as python-chess keeps a
square an ``int``). ``Card('As')`` is for people, JSON and hand histories.

Implements: NJ-4, NJ-Def19 (standard 52-card deck, no jokers or wild cards).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeAlias

from pokertd.errors import InvalidCommand
from pokertd.i18n import N_

CardCode: TypeAlias = int
"""A card inside the engine: ``rank * 4 + suit``, 0..51."""

RANKS = "23456789TJQKA"
"""Rank characters, lowest first (index = rank value)."""
SUITS = "cdhs"
"""Suit characters in code order: clubs, diamonds, hearts, spades."""
RANK_NAMES = (
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king", "ace",
)  # fmt: skip
"""Rank names as a floorperson says them, by rank value."""
RANK_PLURALS = (
    "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
    "jacks", "queens", "kings", "aces",
)  # fmt: skip
"""Plural rank names ("a pair of sixes"), by rank value."""
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
"""Suit names by suit value."""

_CODE_OF: dict[str, int] = {}
for _r, _rc in enumerate(RANKS):
    for _s, _sc in enumerate(SUITS):
        _CODE_OF[_rc + _sc] = _r * 4 + _s
        _CODE_OF[_rc + _sc.upper()] = _r * 4 + _s
        _CODE_OF[_rc.lower() + _sc] = _r * 4 + _s
        _CODE_OF[_rc.lower() + _sc.upper()] = _r * 4 + _s
for _s, _sc in enumerate(SUITS):  # "10s" is common in human input
    _CODE_OF["10" + _sc] = 8 * 4 + _s
    _CODE_OF["10" + _sc.upper()] = 8 * 4 + _s

CARD_TEXT: tuple[str, ...] = tuple(RANKS[c >> 2] + SUITS[c & 3] for c in range(52))
"""``CARD_TEXT[code]`` is the two-character notation of a card (``"As"``)."""


def card_code(text: str) -> CardCode:
    """The int code of a card written ``"As"``, ``"Td"``, ``"10d"`` or ``"qh"``.

    >>> card_code("As"), card_code("2c")
    (51, 0)
    """
    code = _CODE_OF.get(text.strip())
    if code is None:
        raise InvalidCommand(
            template=N_(
                "%(text)s is not a card: write a rank (2-9, T, J, Q, K, A) and a suit (c, d, h, s)"
            ),
            params={"text": repr(text)},
        )
    return code


def card_text(code: CardCode) -> str:
    """The notation of a card code (``51`` -> ``"As"``)."""
    if not 0 <= code < 52:
        raise InvalidCommand(
            template=N_("%(code)s is not a card code (0-51)"), params={"code": repr(code)}
        )
    return CARD_TEXT[code]


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card, for the edges of the system (CLI, JSON, PHH).

    ``Card('As')`` builds it and is also its repr; ``Card.from_code(51)`` builds it from
    the engine's int code and ``card.code`` gives it back.

    >>> Card('Td').rank, Card('Td').suit, Card('Td').code
    ('T', 'd', 33)
    """

    text: str

    def __post_init__(self) -> None:
        code = card_code(self.text)
        object.__setattr__(self, "text", CARD_TEXT[code])

    @classmethod
    def from_code(cls, code: CardCode) -> Card:
        """The card of an engine code (0-51)."""
        return cls(card_text(code))

    @property
    def code(self) -> CardCode:
        """The engine's int code, ``rank * 4 + suit``."""
        return _CODE_OF[self.text]

    @property
    def rank(self) -> str:
        """Rank character: ``"2"``..``"9"``, ``"T"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``."""
        return self.text[0]

    @property
    def suit(self) -> str:
        """Suit character: ``"c"``, ``"d"``, ``"h"`` or ``"s"``."""
        return self.text[1]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text!r})"


def parse_cards(text: str | Iterable[str | int | Card]) -> list[CardCode]:
    """Card codes from ``"AsKd"``, ``"As Kd"``, ``"As,Kd"`` or a list of cards.

    Duplicates are refused, since no deck holds a card twice.

    >>> parse_cards("AsKd")
    [51, 45]
    """
    codes: list[int] = []
    if isinstance(text, str):
        cleaned = text.replace(",", " ").replace("[", " ").replace("]", " ").split()
        for word in cleaned:
            if word.startswith("10"):
                pieces = [word[i : i + 3] for i in range(0, len(word), 3)]
            else:
                if len(word) % 2:
                    raise InvalidCommand(
                        template=N_("%(text)s is not a list of cards such as 'AsKd'"),
                        params={"text": repr(word)},
                    )
                pieces = [word[i : i + 2] for i in range(0, len(word), 2)]
            codes.extend(card_code(p) for p in pieces)
    else:
        for item in text:
            if isinstance(item, Card):
                codes.append(item.code)
            elif isinstance(item, int) and not isinstance(item, bool):
                card_text(item)  # refuses codes outside 0-51
                codes.append(item)
            elif isinstance(item, str):
                codes.extend(parse_cards(item))
            else:
                raise InvalidCommand(
                    template=N_("%(text)s is not a card"), params={"text": repr(item)}
                )
    seen: set[int] = set()
    for code in codes:
        if code in seen:
            raise InvalidCommand(
                template=N_("duplicate card %(card)s: a deck holds each card once"),
                params={"card": CARD_TEXT[code]},
            )
        seen.add(code)
    return codes


def cards_text(codes: Iterable[CardCode], sep: str = "") -> str:
    """Notation of several cards (``[51, 45]`` -> ``"AsKd"``)."""
    return sep.join(CARD_TEXT[c] for c in codes)


__all__ = [
    "CARD_TEXT",
    "RANKS",
    "RANK_NAMES",
    "RANK_PLURALS",
    "SUITS",
    "SUIT_NAMES",
    "Card",
    "CardCode",
    "card_code",
    "card_text",
    "cards_text",
    "parse_cards",
]
