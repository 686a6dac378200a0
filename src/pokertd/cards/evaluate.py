"""Hand evaluation behind a small interface of ours, backed by phevaluator.

A hand's **strength** is phevaluator's rank: an ``int`` from 1 (royal flush) to 7,462
(7-5-4-3-2 high). **Lower is better**; equal numbers are exactly equal hands (suits never
break a tie). The hot loop calls :func:`evaluate7` with seven int codes: it *is*
phevaluator's C function, several times faster than its public helper because nothing
is converted on the way. Everything here that builds strings is for the edges only.

Implements: NJ-9, NJ-31, NJ-32, NJ-33, NJ-Def11, NJ-Def12, NJ-Def13, SPOT-3f1 (best
five of seven, any combination, ace high or low in A-2-3-4-5, suits never rank) and the
Omaha rule of exactly two hole cards with three board cards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from enum import IntEnum
from itertools import combinations
from typing import Final

from phevaluator import _pheval

from pokertd.cards.card import RANK_NAMES, RANK_PLURALS, CardCode
from pokertd.errors import InvalidCommand
from pokertd.i18n import N_, Phrase, Sentence

evaluate5: Callable[..., int] = _pheval.evaluate_5cards
"""``evaluate5(a, b, c, d, e) -> int``: strength of exactly five cards (lower is better)."""
evaluate6: Callable[..., int] = _pheval.evaluate_6cards
"""``evaluate6(a, ..., f) -> int``: strength of the best five of six cards."""
evaluate7: Callable[..., int] = _pheval.evaluate_7cards
"""``evaluate7(a, ..., g) -> int``: strength of the best five of seven (lower is better).

The raw C call; pass seven distinct int codes 0-51, nothing is checked."""
evaluate_omaha_raw: Callable[..., int] = _pheval.evaluate_omaha_cards
"""``evaluate_omaha_raw(b1, ..., b5, h1, ..., h4) -> int``: the raw C call (board first)."""
_omaha = evaluate_omaha_raw

WORST = 7462
"""Strength of the weakest possible hand (7-5-4-3-2, no flush)."""


class HandCategory(IntEnum):
    """The nine categories of a five-card hand, best first (value = order)."""

    STRAIGHT_FLUSH = 1
    FOUR_OF_A_KIND = 2
    FULL_HOUSE = 3
    FLUSH = 4
    STRAIGHT = 5
    THREE_OF_A_KIND = 6
    TWO_PAIR = 7
    ONE_PAIR = 8
    HIGH_CARD = 9

    @property
    def label(self) -> str:
        """The category as spoken: ``"two pair"``."""
        return self.name.lower().replace("_", " ")


_CATEGORY_UPPER = (
    (10, HandCategory.STRAIGHT_FLUSH),
    (166, HandCategory.FOUR_OF_A_KIND),
    (322, HandCategory.FULL_HOUSE),
    (1599, HandCategory.FLUSH),
    (1609, HandCategory.STRAIGHT),
    (2467, HandCategory.THREE_OF_A_KIND),
    (3325, HandCategory.TWO_PAIR),
    (6185, HandCategory.ONE_PAIR),
    (7462, HandCategory.HIGH_CARD),
)


def category(strength: int) -> HandCategory:
    """The category of a strength (an ``evaluate*`` result).

    >>> category(evaluate5(51, 47, 43, 39, 35)).label  # As Ks Qs Js Ts
    'straight flush'
    """
    if 1 <= strength <= WORST:
        for upper, cat in _CATEGORY_UPPER:
            if strength <= upper:
                return cat
    # English on purpose: a strength comes from the evaluator itself; a programmer's error
    raise InvalidCommand(f"{strength} is not a hand strength (1 to {WORST})")


def evaluate(cards: Sequence[CardCode]) -> int:
    """Strength of the best five of five to seven cards (lower is better)."""
    n = len(cards)
    if n == 7:
        return evaluate7(*cards)
    if n == 6:
        return evaluate6(*cards)
    if n == 5:
        return evaluate5(*cards)
    raise InvalidCommand(
        template=N_("a poker hand is evaluated from 5 to 7 cards, not %(n)s"), params={"n": n}
    )


def evaluate_omaha(board: Sequence[CardCode], hole: Sequence[CardCode]) -> int:
    """Omaha strength: exactly two of the four hole cards with three of the five board cards.

    Implements: the Omaha rule of catalogue F4 (best five using exactly two hole cards).
    """
    if len(board) != 5 or len(hole) != 4:
        raise InvalidCommand(
            template=N_(
                "Omaha is evaluated from 5 board cards and 4 hole cards, not %(board)s and %(hole)s"
            ),
            params={"board": len(board), "hole": len(hole)},
        )
    return _omaha(*board, *hole)


def best_five(cards: Sequence[CardCode]) -> list[CardCode]:
    """The five cards that make the best hand out of five to seven (for display)."""
    if not 5 <= len(cards) <= 7:
        raise InvalidCommand(
            template=N_("a poker hand is made from 5 to 7 cards, not %(n)s"),
            params={"n": len(cards)},
        )
    return list(min(combinations(cards, 5), key=lambda five: evaluate5(*five)))


def best_five_omaha(board: Sequence[CardCode], hole: Sequence[CardCode]) -> list[CardCode]:
    """The Omaha five: two hole cards and three board cards making the best hand."""
    best: tuple[int, ...] = ()
    best_value = WORST + 1
    for two in combinations(hole, 2):
        for three in combinations(board, 3):
            five = two + three
            value = evaluate5(*five)
            if value < best_value:
                best, best_value = five, value
    return list(best)


def _ranks_by_count(five: Sequence[CardCode]) -> list[int]:
    """Distinct ranks ordered by how often they occur, then by rank, high first."""
    counts: dict[int, int] = {}
    for card in five:
        counts[card >> 2] = counts.get(card >> 2, 0) + 1
    return sorted(counts, key=lambda r: (counts[r], r), reverse=True)


_RANK_WORDS = (
    N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"), N_("eight"),
    N_("nine"), N_("ten"), N_("jack"), N_("queen"), N_("king"), N_("ace"),
)  # fmt: skip
"""Rank names marked for the catalogue (the same words as ``RANK_NAMES``)."""
_RANK_PLURAL_WORDS = (
    N_("twos"), N_("threes"), N_("fours"), N_("fives"), N_("sixes"), N_("sevens"),
    N_("eights"), N_("nines"), N_("tens"), N_("jacks"), N_("queens"), N_("kings"),
    N_("aces"),
)  # fmt: skip
"""Plural rank names marked for the catalogue (the same words as ``RANK_PLURALS``)."""


def _one(rank: int) -> Phrase:
    return Phrase(RANK_NAMES[rank])


def _many(rank: int) -> Phrase:
    return Phrase(RANK_PLURALS[rank])


def _said(cat: HandCategory, ranks: Sequence[int]) -> Sentence:
    """The words for a hand of category ``cat`` whose distinct ranks, by how often they
    occur then high first, are ``ranks`` (a straight's: its top card only)."""
    if cat is HandCategory.STRAIGHT_FLUSH:
        if ranks[0] == 12:
            return Sentence(N_("royal flush"))
        return Sentence(N_("straight flush, %(rank)s high"), {"rank": _one(ranks[0])})
    if cat is HandCategory.STRAIGHT:
        return Sentence(N_("straight, %(rank)s high"), {"rank": _one(ranks[0])})
    if cat is HandCategory.FOUR_OF_A_KIND:
        return Sentence(N_("four of a kind, %(ranks)s"), {"ranks": _many(ranks[0])})
    if cat is HandCategory.FULL_HOUSE:
        return Sentence(
            N_("full house, %(high)s full of %(low)s"),
            {"high": _many(ranks[0]), "low": _many(ranks[1])},
        )
    if cat is HandCategory.FLUSH:
        return Sentence(N_("flush, %(rank)s high"), {"rank": _one(ranks[0])})
    if cat is HandCategory.THREE_OF_A_KIND:
        return Sentence(N_("three of a kind, %(ranks)s"), {"ranks": _many(ranks[0])})
    if cat is HandCategory.TWO_PAIR:
        return Sentence(
            N_("two pair, %(high)s and %(low)s"),
            {"high": _many(ranks[0]), "low": _many(ranks[1])},
        )
    if cat is HandCategory.ONE_PAIR:
        return Sentence(N_("a pair of %(ranks)s"), {"ranks": _many(ranks[0])})
    return Sentence(N_("high card, %(rank)s"), {"rank": _one(ranks[0])})


def say_five(five: Sequence[CardCode]) -> Sentence:
    """:func:`describe_five` as a catalogue sentence each face says in its reader's
    language (the rank names are :class:`~pokertd.i18n.Phrase` parameters); its ``text``
    is :func:`describe_five`'s English.

    >>> from pokertd.cards.card import parse_cards
    >>> say_five(parse_cards("KsKd7c7h2s")).msgid
    'two pair, %(high)s and %(low)s'
    """
    cat = category(evaluate5(*five))
    ranks = _ranks_by_count(five)
    if cat in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
        ranks = [3 if set(ranks) == {12, 0, 1, 2, 3} else max(ranks)]
    return _said(cat, ranks)


def describe_five(five: Sequence[CardCode]) -> str:
    """Words for a five-card hand: ``"two pair, kings and sevens"`` (English; the
    catalogue sentence is :func:`say_five`).

    >>> from pokertd.cards.card import parse_cards
    >>> describe_five(parse_cards("KsKd7c7h2s"))
    'two pair, kings and sevens'
    """
    return say_five(five).text


_BY_WORDS: dict[str, Sentence] = {}
"""Every hand's English words with their sentence (a few hundred), built when first asked."""


def said_hand(words: str) -> Sentence | None:
    """The catalogue sentence for a hand's English words (``"flush, king high"``, as
    :func:`describe_five` wrote them: a result's or a high hand's stored label), so a face
    says them in its reader's language; ``None`` for other words (typed by a person)."""
    if not _BY_WORDS:
        table: dict[str, Sentence] = {}
        for cat in HandCategory:
            for first in range(13):
                for second in range(13):
                    if first == second:  # no full house or two pair of one rank
                        continue
                    said = _said(cat, (first, second))
                    table.setdefault(said.text, said)
        _BY_WORDS.update(table)
    return _BY_WORDS.get(words)


def describe(cards: Sequence[CardCode]) -> str:
    """Words for the best hand in five to seven cards (hold'em: hole cards + board)."""
    return describe_five(best_five(cards))


def describe_omaha(board: Sequence[CardCode], hole: Sequence[CardCode]) -> str:
    """Words for the best Omaha hand (exactly two hole cards, three board cards)."""
    return describe_five(best_five_omaha(board, hole))


# ---------------------------------------------------------------- short deck (6+)
# Short-deck hold'em ranks as PokerKit's ``ShortDeckHoldemLookup`` does: a flush beats a
# full house, A-6-7-8-9 is the lowest straight (and straight flush), and otherwise the
# usual order, a straight above three of a kind (docs/engine.md, "Short deck"). The
# strength reuses phevaluator's scale, 1 to 7,462, lower is better: flushes are moved to
# 167-1,443 and full houses to 1,444-1,599 (the same two blocks, swapped), and A-6-7-8-9
# takes the place of the wheel, which a deck without twos to fives never holds.

_SHORT_STRAIGHT: Final = 1 << 12 | 1 << 4 | 1 << 5 | 1 << 6 | 1 << 7
"""Rank bits of A-6-7-8-9 (rank ``code >> 2``: two is 0, six 4, ace 12)."""
_WHEEL_STRAIGHT = 1609
"""phevaluator's strength of the wheel (5-4-3-2-A): the lowest straight."""
_WHEEL_STRAIGHT_FLUSH = 10
"""phevaluator's strength of the steel wheel: the lowest straight flush."""
_FULL_HOUSE_FIRST = 167
_FLUSH_FIRST = 323
_FLUSH_LAST = 1599


def _short_deck(strength: int, cards: tuple[int, ...]) -> int:
    """A hold'em strength of ``cards`` (five to seven) turned into the short-deck one."""
    if strength > _WHEEL_STRAIGHT_FLUSH:
        ranks = 0
        for c in cards:
            ranks |= 1 << (c >> 2)
        if ranks & _SHORT_STRAIGHT == _SHORT_STRAIGHT:
            for suit in range(4):
                suited = 0
                for c in cards:
                    if c & 3 == suit:
                        suited |= 1 << (c >> 2)
                if suited & _SHORT_STRAIGHT == _SHORT_STRAIGHT:
                    return _WHEEL_STRAIGHT_FLUSH
            if strength > _WHEEL_STRAIGHT:
                return _WHEEL_STRAIGHT
    if _FULL_HOUSE_FIRST <= strength <= _FLUSH_LAST:
        # Five to seven cards never hold both a flush and a full house (a full house
        # needs three cards beside five of one suit), so the hold'em best hand is the
        # short-deck best hand: only its place in the order changes.
        if strength >= _FLUSH_FIRST:
            return strength - (_FLUSH_FIRST - _FULL_HOUSE_FIRST)
        return strength + (_FLUSH_LAST + 1 - _FLUSH_FIRST)
    return strength


def evaluate_short_deck7(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
    """Short-deck strength of the best five of seven cards (lower is better; the same
    scale as :func:`evaluate7`, with flushes above full houses and A-6-7-8-9 a straight).
    A function of its own, so :func:`evaluate7` stays the raw C call for hold'em.

    >>> from pokertd.cards.card import parse_cards
    >>> flush = evaluate_short_deck7(*parse_cards("AhJh9h7h6hKcQd"))
    >>> full_house = evaluate_short_deck7(*parse_cards("AhAcAd7h7cKcQd"))
    >>> flush < full_house
    True
    """
    cards = (a, b, c, d, e, f, g)
    return _short_deck(evaluate7(a, b, c, d, e, f, g), cards)


def evaluate_short_deck(cards: Sequence[CardCode]) -> int:
    """Short-deck strength of the best five of five to seven cards (lower is better)."""
    return _short_deck(evaluate(cards), tuple(cards))


def short_deck_category(strength: int) -> HandCategory:
    """The category of a short-deck strength (:func:`evaluate_short_deck7`)."""
    if _FULL_HOUSE_FIRST <= strength <= _FLUSH_LAST:
        if strength < _FLUSH_LAST + 1 - (_FLUSH_FIRST - _FULL_HOUSE_FIRST):
            return HandCategory.FLUSH
        return HandCategory.FULL_HOUSE
    return category(strength)


def _short_deck5(cards: Iterable[int]) -> int:
    five = tuple(cards)
    return _short_deck(evaluate5(*five), five)


def best_five_short_deck(cards: Sequence[CardCode]) -> list[CardCode]:
    """The five cards making the best short-deck hand out of five to seven."""
    if not 5 <= len(cards) <= 7:
        raise InvalidCommand(
            template=N_("a poker hand is made from 5 to 7 cards, not %(n)s"),
            params={"n": len(cards)},
        )
    return list(min(combinations(cards, 5), key=_short_deck5))


def describe_short_deck(cards: Sequence[CardCode]) -> str:
    """Words for the best short-deck hand in five to seven cards (A-6-7-8-9 is
    ``"straight, nine high"``).

    >>> from pokertd.cards.card import parse_cards
    >>> describe_short_deck(parse_cards("Ah6c7d8s9hKcKd"))
    'straight, nine high'
    """
    five = best_five_short_deck(cards)
    ranks = {c >> 2 for c in five}
    if ranks == {12, 4, 5, 6, 7}:
        flush = len({c & 3 for c in five}) == 1
        return _said(HandCategory.STRAIGHT_FLUSH if flush else HandCategory.STRAIGHT, [7]).text
    return describe_five(five)


__all__ = [
    "WORST",
    "HandCategory",
    "best_five",
    "best_five_omaha",
    "best_five_short_deck",
    "category",
    "describe",
    "describe_five",
    "describe_omaha",
    "describe_short_deck",
    "evaluate",
    "evaluate5",
    "evaluate6",
    "evaluate7",
    "evaluate_omaha",
    "evaluate_omaha_raw",
    "evaluate_short_deck",
    "evaluate_short_deck7",
    "said_hand",
    "say_five",
    "short_deck_category",
]
