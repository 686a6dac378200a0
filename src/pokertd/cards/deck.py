"""Shuffling and dealing with an explicit random source.

Nothing here touches the global ``random`` state: the caller passes an ``rng``
(``random.Random(seed)`` in simulation and tests, ``secrets.SystemRandom()`` live) and the
order that came out is kept as a plain list of card codes, so a hand can be replayed
exactly from its recorded deck (design.md, "Numbers").

Implements: D10 (a software dealer shuffles with an RNG each hand; the order is recorded).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from pokertd.cards.card import CARD_TEXT, Card, CardCode, parse_cards
from pokertd.errors import InvalidCommand
from pokertd.i18n import N_

FULL_DECK: tuple[CardCode, ...] = tuple(range(52))
"""The 52 card codes in code order (2c, 2d, 2h, 2s, 3c, ...)."""

SHORT_DECK: tuple[CardCode, ...] = tuple(range(16, 52))
"""The 36 cards of short-deck hold'em, six to ace (codes 16, 6c, to 51, As)."""


def shuffled(
    rng: random.Random, count: int = 52, cards: Sequence[CardCode] = FULL_DECK
) -> list[CardCode]:
    """The first ``count`` cards of a shuffled deck (a Fisher-Yates shuffle cut short).

    Only the cards a hand can use are drawn, each position by one ``rng.random()`` call
    (``floor(random() * remaining)``): every ordered choice of ``count`` cards is equally
    likely up to the float's 53-bit resolution (a bias below 2**-46 per draw), at a
    fraction of the cost of ``rng.shuffle`` or ``rng.sample`` on 52 cards. ``cards`` is the
    deck to shuffle (:data:`SHORT_DECK` for short-deck hold'em).
    """
    size = len(cards)
    if not 0 <= count <= size:
        raise InvalidCommand(
            template=N_("cannot deal %(n)s cards from one deck of %(size)s"),
            params={"n": count, "size": size},
        )
    deck = list(cards)
    draw = rng.random
    for i in range(count):
        j = i + int(draw() * (size - i))
        deck[i], deck[j] = deck[j], deck[i]
    del deck[count:]
    return deck


def check_deck(cards: Iterable[int | str | Card]) -> list[CardCode]:
    """A deck order as validated card codes: each a real card, none twice.

    Raises :class:`~pokertd.errors.InvalidCommand` naming the unknown or duplicate card.
    """
    if isinstance(cards, str):
        return parse_cards(cards)
    codes: list[int] = []
    seen = 0
    for item in cards:
        if isinstance(item, int) and not isinstance(item, bool):
            if not 0 <= item < 52:
                raise InvalidCommand(
                    template=N_("unknown card code %(code)s: a deck has codes 0 to 51"),
                    params={"code": item},
                )
            code = item
        elif isinstance(item, Card):
            code = item.code
        elif isinstance(item, str):
            (code,) = parse_cards(item)
        else:
            raise InvalidCommand(template=N_("%(text)s is not a card"), params={"text": repr(item)})
        bit = 1 << code
        if seen & bit:
            raise InvalidCommand(
                template=N_("duplicate card %(card)s: a deck holds each card once"),
                params={"card": CARD_TEXT[code]},
            )
        seen |= bit
        codes.append(code)
    return codes


class Deck:
    """A deck to deal from: a recorded order and a position in it.

    >>> deck = Deck.shuffled(random.Random(7))
    >>> len(deck.deal(2)), deck.remaining
    (2, 50)
    """

    __slots__ = ("_order", "_pos")

    def __init__(self, order: Sequence[int | str | Card] = FULL_DECK) -> None:
        self._order = check_deck(order)
        self._pos = 0

    @classmethod
    def shuffled(cls, rng: random.Random) -> Deck:
        """A full deck in a random order drawn from ``rng``."""
        # cls(...), not cls.__new__(cls): compiled by mypyc (docs/compiled.md), a class
        # refuses __new__ called that way.
        return cls(shuffled(rng))

    @property
    def order(self) -> list[CardCode]:
        """The whole order, dealt cards included (what a hand record stores)."""
        return list(self._order)

    @property
    def remaining(self) -> int:
        """How many cards are left to deal."""
        return len(self._order) - self._pos

    def deal(self, count: int = 1) -> list[CardCode]:
        """The next ``count`` cards."""
        if count < 0 or count > self.remaining:
            raise InvalidCommand(
                template=N_("cannot deal %(n)s cards: %(left)s left in the deck"),
                params={"n": count, "left": self.remaining},
            )
        out = self._order[self._pos : self._pos + count]
        self._pos += count
        return out

    def burn(self) -> CardCode:
        """Burn (deal face down to the muck) one card and return it."""
        return self.deal(1)[0]

    def __len__(self) -> int:
        return self.remaining

    def __repr__(self) -> str:
        rest = "".join(CARD_TEXT[c] for c in self._order[self._pos :])
        return f"Deck({rest!r})"


__all__ = ["FULL_DECK", "SHORT_DECK", "Deck", "check_deck", "shuffled"]
