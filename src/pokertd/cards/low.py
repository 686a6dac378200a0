"""Low hands and stud boards: ace-to-five low (razz), the eight-or-better low (stud hi-lo),
and the up cards that decide who brings in and who acts first in stud games.

A **low strength** is an ``int`` where, as for high hands, **lower is better**. Ace-to-five
low counts the ace as the lowest card and ignores straights and flushes; pairs are bad
(no pair beats any pair, one pair beats two pair, and so on), and hands of the same shape
compare by their highest card first (7-5-4-3-2 beats 8-4-3-2-A). The eight-or-better low
is five cards of different ranks, eight or lower: :func:`low_eight` gives ``None`` when a
hand has none. Both use the same scale, so a qualifying low compares with :func:`low_a5`.

Implements: the rules of razz and seven-card stud high-low eight or better (the low
halves of catalogue F3/F5 for the stud family, PokerKit's ``RegularLowHand`` and
``EightOrBetterLowHand``), and the stud bring-in by up card and suit (KPC-12C's suit
order for stud and razz, C11 suit order: TNPL-D9, SPOT-3f1).

Deuce-to-seven low (:func:`deuce_to_seven`, the draw games) is the high ranking turned
upside down: the ace is always high, straights and flushes count against the hand, and
A-2-3-4-5 is no straight but an ace-high hand; the best hand is 7-5-4-3-2 of mixed suits.

Badugi (:func:`badugi`) plays the largest set of cards with all different ranks and all
different suits: any four-card badugi beats any three-card hand, a three-card hand any
two-card hand; the ace is low, and hands of the same size compare by their highest card
first (A-2-3-4 of four suits is the best hand). Paired and suited cards do not play.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from pokertd.cards.card import CardCode
from pokertd.cards.evaluate import WORST, HandCategory, category, describe_five, evaluate5
from pokertd.errors import InvalidCommand
from pokertd.i18n import N_

_LOW_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
"""Ace-to-five values 1-13 named (index = value - 1)."""


def low_value(card: CardCode) -> int:
    """The card's ace-to-five value: ace 1, two 2, ... king 13."""
    rank = card >> 2
    return 1 if rank == 12 else rank + 2


def _shape(values: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(counts high first, values ordered by count then value, high first)."""
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    order = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    return tuple(sorted(counts.values(), reverse=True)), tuple(order)


_SHAPES = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5}


def _low5(values: Sequence[int]) -> int:
    counts, order = _shape(values)
    key = _SHAPES[counts]
    for v in order:
        key = key * 16 + v
    return int(key * 16 ** (5 - len(order)))


def low_a5(cards: Sequence[CardCode]) -> int:
    """Ace-to-five low strength of the best five of five to seven cards (lower is better;
    straights and flushes do not count, pairs do).

    >>> from pokertd.cards.card import parse_cards
    >>> low_a5(parse_cards("5h4c3d2sAc")) < low_a5(parse_cards("6h4c3d2sAc"))
    True
    """
    n = len(cards)
    if not 5 <= n <= 7:
        raise InvalidCommand(
            template=N_("A low hand is made from 5 to 7 cards, not %(n)s."), params={"n": n}
        )
    values = [low_value(c) for c in cards]
    return min(_low5(five) for five in combinations(values, 5))


def low_eight(cards: Sequence[CardCode]) -> int | None:
    """The eight-or-better low of five to seven cards, or ``None`` if it has none: five
    different ranks from ace to eight; the best is the five lowest of them.

    >>> from pokertd.cards.card import parse_cards
    >>> low_eight(parse_cards("9h9c7d6s5c4h3d")) is not None
    True
    >>> low_eight(parse_cards("9h8c8d6s5c4h4d")) is None
    True
    """
    distinct = sorted({low_value(c) for c in cards if low_value(c) <= 8})
    if len(distinct) < 5:
        return None
    return _low5(distinct[:5])


def omaha_low_eight(board: Sequence[CardCode], hole: Sequence[CardCode]) -> int | None:
    """The eight-or-better low of an Omaha hand, exactly two hole cards and three board
    cards (Omaha hi-lo, catalogue F4/F5), or ``None`` if it has none; the same scale as
    :func:`low_eight`.

    For each pair of different hole ranks eight or lower, the three lowest board ranks
    left make the best low with it (a lower card never makes a low worse).

    >>> from pokertd.cards.card import parse_cards
    >>> board, hole = parse_cards("2c3d7hKsQs"), parse_cards("AhAs4d5c")
    >>> omaha_low_eight(board, hole) == low_eight(parse_cards("Ah4d2c3d7h"))  # 7-4-3-2-A
    True
    >>> describe_low(omaha_low_cards(board, hole))
    '7-4-3-2-A low'
    >>> omaha_low_eight(parse_cards("2c3d4hKsQs"), parse_cards("AhKd9c9d")) is None
    True
    """
    board_values = {low_value(c) for c in board}
    board_low = sorted(v for v in board_values if v <= 8)
    if len(board_low) < 3:
        return None
    hole_low = sorted({low_value(c) for c in hole if low_value(c) <= 8})
    best: int | None = None
    for i, a in enumerate(hole_low):
        for b in hole_low[i + 1 :]:
            rest = [v for v in board_low if v != a and v != b][:3]
            if len(rest) == 3:
                value = _low5(sorted((a, b, *rest)))
                if best is None or value < best:
                    best = value
    return best


def omaha_low_cards(board: Sequence[CardCode], hole: Sequence[CardCode]) -> list[CardCode]:
    """The five cards (two hole, three board) making an Omaha hand's eight-or-better low."""
    target = omaha_low_eight(board, hole)
    if target is None:
        raise InvalidCommand(template=N_("These cards hold no eight-or-better low."))
    for two in combinations(hole, 2):
        for three in combinations(board, 3):
            if low_eight([*two, *three]) == target:
                return [*two, *three]
    raise AssertionError("unreachable: the best low is one of the two-plus-three hands")


def low_cards(cards: Sequence[CardCode], eight: bool = False) -> list[CardCode]:
    """The five cards making the best low (ace-to-five, or eight-or-better)."""
    target = low_eight(cards) if eight else low_a5(cards)
    if target is None:
        raise InvalidCommand(template=N_("These cards hold no eight-or-better low."))
    for five in combinations(cards, 5):
        if _low5([low_value(c) for c in five]) == target:
            return list(five)
    raise AssertionError("unreachable: the best low is one of the five-card subsets")


def describe_low(five: Sequence[CardCode]) -> str:
    """Words for a low hand: ``"7-5-4-3-A low"`` (a paired low names its pair)."""
    counts, order = _shape([low_value(c) for c in five])
    text = "-".join(_LOW_NAMES[v - 1] for v in sorted((low_value(c) for c in five), reverse=True))
    if counts[0] > 1:
        return f"{text} low (paired {_LOW_NAMES[order[0] - 1]}s)"
    return f"{text} low"


def high_board(up: Sequence[CardCode]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """How strong up cards are for stud high (greater is stronger): four of a kind, three
    of a kind, two pair, a pair, high card, ranks breaking ties (no straights or flushes
    on a board of one to four cards; suits never count here)."""
    return _shape([c >> 2 for c in up])


def low_board(up: Sequence[CardCode]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """How strong up cards are for razz (smaller is better): unpaired beats paired, then
    the highest card ace-to-five."""
    return _shape([low_value(c) for c in up])


def suit_strength(suit_order_high_to_low: str) -> tuple[int, int, int, int]:
    """The strength (3 = highest) of clubs, diamonds, hearts and spades (codes 0-3) in a
    suit order written high to low (``"shdc"``: spades, hearts, diamonds, clubs)."""
    order = suit_order_high_to_low or "shdc"
    return tuple(3 - order.index(s) for s in "cdhs")  # type: ignore[return-value]


def card_by_rank_and_suit(card: CardCode, suits: Sequence[int], ace_low: bool) -> tuple[int, int]:
    """A card's place in the bring-in order: rank (ace high, or low with ``ace_low``),
    then suit by ``suits`` (:func:`suit_strength`)."""
    rank = low_value(card) if ace_low else (card >> 2)
    return rank, suits[card & 3]


_WHEEL = frozenset((12, 0, 1, 2, 3))
"""Ranks A, 2, 3, 4, 5: a straight for the high evaluator, ace-high in deuce-to-seven."""


def deuce_to_seven(cards: Sequence[CardCode]) -> int:
    """Deuce-to-seven low strength of exactly five cards (lower is better; 1 = 7-5-4-3-2
    of mixed suits): the high ranking reversed, the ace always high, A-2-3-4-5 an ace-high
    hand (better than A-6-4-3-2, worse than K-Q-J-T-8), straights and flushes bad.

    >>> from pokertd.cards.card import parse_cards
    >>> deuce_to_seven(parse_cards("7h5c4d3s2c"))
    1
    >>> deuce_to_seven(parse_cards("8h4c3d2sAc")) > deuce_to_seven(parse_cards("Ah5c4d3s2c"))
    True
    """
    if len(cards) != 5:
        raise InvalidCommand(
            template=N_("A deuce-to-seven hand has 5 cards, not %(n)s."), params={"n": len(cards)}
        )
    a, b, c, d, e = cards
    if {x >> 2 for x in cards} == _WHEEL:
        # The same hand with a six for the five (same suit: a flush stays a flush) is the
        # next worse ace-high hand; the wheel sits one step better, between it and K-Q-J-T-8.
        six = [x + 4 if x >> 2 == 3 else x for x in cards]
        return 2 * (WORST + 1 - evaluate5(*six)) - 2
    return 2 * (WORST + 1 - evaluate5(a, b, c, d, e)) - 1


def describe_deuce_to_seven(five: Sequence[CardCode]) -> str:
    """Words for a deuce-to-seven hand: ``"8-6-4-3-2 low"`` for an unpaired hand without a
    straight or flush, else the high words (``"a pair of nines"``, ``"a flush"``...)."""
    ranks = sorted((c >> 2 for c in five), reverse=True)
    if set(ranks) == _WHEEL or category(evaluate5(*five)) is HandCategory.HIGH_CARD:
        names = "23456789TJQKA"
        return "-".join(names[r] for r in ranks) + " low"
    return describe_five(five)


def _badugi_key(values: Sequence[int]) -> int:
    """One badugi's strength: four cards first, then the highest card, lower is better."""
    key = 4 - len(values)
    for v in sorted(values, reverse=True):
        key = key * 16 + v
    return int(key * 16 ** (4 - len(values)))


def badugi_cards(cards: Sequence[CardCode]) -> list[CardCode]:
    """The cards that play in a badugi hand of four cards: the largest set with all
    different ranks and suits, the lowest by highest card first among those (ace low).

    >>> from pokertd.cards.card import cards_text, parse_cards
    >>> cards_text(badugi_cards(parse_cards("Kd2s3s4h")))  # two spades: the 3s drops
    '2s4hKd'
    """
    n = len(cards)
    if n != 4:
        raise InvalidCommand(template=N_("A badugi hand has 4 cards, not %(n)s."), params={"n": n})
    for size in (4, 3, 2, 1):
        best: tuple[int, tuple[CardCode, ...]] | None = None
        for subset in combinations(cards, size):
            if len({c >> 2 for c in subset}) < size or len({c & 3 for c in subset}) < size:
                continue
            key = _badugi_key([low_value(c) for c in subset])
            if best is None or key < best[0]:
                best = (key, subset)
        if best is not None:
            return sorted(best[1], key=low_value)
    raise AssertionError("unreachable: any one card is a badugi hand")


def badugi(cards: Sequence[CardCode]) -> int:
    """Badugi strength of exactly four cards (lower is better): every four-card badugi
    beats every three-card hand, and so on; within a size the highest card decides first,
    the ace low (A-2-3-4 of four suits is the best hand).

    >>> from pokertd.cards.card import parse_cards
    >>> badugi(parse_cards("4s3h2dAc")) < badugi(parse_cards("5s3h2dAc"))
    True
    >>> badugi(parse_cards("KsQhJdTc")) < badugi(parse_cards("As2h3d3c"))
    True
    """
    return _badugi_key([low_value(c) for c in badugi_cards(cards)])


def describe_badugi(cards: Sequence[CardCode]) -> str:
    """Words for a badugi hand: ``"8-7-5-3 badugi"`` for four cards, else the cards that
    play and how many: ``"K-3-2 three-card hand"``."""
    played = badugi_cards(cards)
    text = "-".join(_LOW_NAMES[low_value(c) - 1] for c in reversed(played))
    size = len(played)
    if size == 4:
        return f"{text} badugi"
    return f"{text} {('one', 'two', 'three')[size - 1]}-card hand"


__all__ = [
    "badugi",
    "badugi_cards",
    "card_by_rank_and_suit",
    "describe_badugi",
    "describe_deuce_to_seven",
    "describe_low",
    "deuce_to_seven",
    "high_board",
    "low_a5",
    "low_board",
    "low_cards",
    "low_eight",
    "low_value",
    "omaha_low_cards",
    "omaha_low_eight",
    "suit_strength",
]
