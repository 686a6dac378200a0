"""The outcome of a finished hand, as the tournament, bounties and displays need it.

Seats are the table's 0-based engine seats (``seat + 1`` on screens). Everything is an
immutable value with JSON-safe fields (ints, strings, tuples). :class:`HandResult` and
:class:`Elimination` are named tuples, built once per hand on the checked path.
:class:`PotResult` is a small immutable class (its ``index`` field would hide
``tuple.index``) whose winning hand's words are worked out only when first read
(:class:`HandWords`): most results are never shown, and naming a hand is the costliest
part of a result. This module is compiled in the compiled build (docs/compiled.md).
"""

from __future__ import annotations

from typing import Final, NamedTuple

from pokertd.cards.evaluate import (
    describe,
    describe_omaha,
    describe_short_deck,
    evaluate7,
    evaluate_omaha_raw,
    evaluate_short_deck7,
)
from pokertd.types import Chips, Seat

_WORDS: Final[dict[int, str]] = {}
"""Words for a hand by its strength (hold'em), minus its strength (Omaha) or its
short-deck strength plus :data:`_SHORT_DECK_KEY` (short deck): the words
name the hand's class, which the strength alone decides (at most 7,462 strings each)."""


_SHORT_DECK_KEY: Final = 1 << 20
"""Offset of the short-deck keys of :data:`_WORDS` (above every hold'em strength)."""


class HandWords:
    """The words for a shown hand (``"two pair, kings and sevens"``), worked out when
    first read: the hand engine puts one in every :class:`PotResult` won at a showdown,
    and :attr:`PotResult.hand` reads it.

    The words depend only on the hand's class, which its strength names: they are worked
    out once per strength and kept for every later hand of that strength.
    """

    __slots__ = ("_board", "_hole", "_omaha", "_short_deck")

    def __init__(
        self, hole: tuple[int, ...], board: tuple[int, ...], omaha: bool, short_deck: bool = False
    ) -> None:
        self._hole = hole
        self._board = board
        self._omaha = omaha
        self._short_deck = short_deck

    def text(self) -> str:
        """The words (the same as ``describe`` / ``describe_omaha`` of the cards)."""
        hole = self._hole
        b0, b1, b2, b3, b4 = board = self._board
        if self._omaha:
            key = -evaluate_omaha_raw(b0, b1, b2, b3, b4, *hole)
        elif self._short_deck:
            key = _SHORT_DECK_KEY + evaluate_short_deck7(b0, b1, b2, b3, b4, hole[0], hole[1])
        else:
            key = evaluate7(b0, b1, b2, b3, b4, hole[0], hole[1])
        words = _WORDS.get(key)
        if words is None:
            if self._omaha:
                words = describe_omaha(board, hole)
            elif self._short_deck:
                words = describe_short_deck([*hole, *board])
            else:
                words = describe([*hole, *board])
            _WORDS[key] = words
        return words


class PotResult:
    """One pot: main pot (``index`` 0) or a side pot, with who could win it and who did.

    ``awards`` pairs each winner with his share; ``odd_chips`` lists the winners who got
    an odd chip (F5). ``hand`` is the words for the winning hand (``"two pair, kings and
    sevens"``), empty if unshown; given as :class:`HandWords` they are worked out when
    first read.

    Immutable (read-only properties), equal field by field, hashed and shown as the
    frozen dataclass it was: ``PotResult(index=0, amount=900, ..., hand='...')``.
    """

    __slots__ = ("_amount", "_awards", "_eligible", "_hand", "_index", "_odd_chips", "_winners")

    def __init__(
        self,
        *,
        index: int,
        amount: Chips,
        eligible: tuple[Seat, ...],
        winners: tuple[Seat, ...],
        awards: tuple[tuple[Seat, Chips], ...],
        odd_chips: tuple[Seat, ...] = (),
        hand: str | HandWords = "",
    ) -> None:
        self._index = index
        self._amount = amount
        self._eligible = eligible
        self._winners = winners
        self._awards = awards
        self._odd_chips = odd_chips
        self._hand = hand

    @property
    def index(self) -> int:
        """0 for the main pot, 1, 2, ... for the side pots."""
        return self._index

    @property
    def amount(self) -> Chips:
        """Chips in the pot."""
        return self._amount

    @property
    def eligible(self) -> tuple[Seat, ...]:
        """The seats that could win it."""
        return self._eligible

    @property
    def winners(self) -> tuple[Seat, ...]:
        """The seats that won it."""
        return self._winners

    @property
    def awards(self) -> tuple[tuple[Seat, Chips], ...]:
        """Each winner with his share."""
        return self._awards

    @property
    def odd_chips(self) -> tuple[Seat, ...]:
        """The winners who got an odd chip (F5)."""
        return self._odd_chips

    @property
    def hand(self) -> str:
        """Words for the winning hand (``"two pair, kings and sevens"``); empty if unshown."""
        hand = self._hand
        if isinstance(hand, str):
            return hand
        words = hand.text()
        self._hand = words
        return words

    @property
    def is_side_pot(self) -> bool:
        """True for every pot but the main pot."""
        return self._index > 0

    def _fields(self) -> tuple[object, ...]:
        return (
            self._index,
            self._amount,
            self._eligible,
            self._winners,
            self._awards,
            self._odd_chips,
            self.hand,
        )

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, PotResult)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"PotResult(index={self._index!r}, amount={self._amount!r}, "
            f"eligible={self._eligible!r}, winners={self._winners!r}, awards={self._awards!r}, "
            f"odd_chips={self._odd_chips!r}, hand={self.hand!r})"
        )


def pot_result(
    index: int,
    amount: Chips,
    eligible: tuple[Seat, ...],
    winners: tuple[Seat, ...],
    awards: tuple[tuple[Seat, Chips], ...],
    odd_chips: tuple[Seat, ...],
    hand: str | HandWords,
) -> PotResult:
    """A :class:`PotResult` from positional values (the hand engine builds one per pot
    for every result). Callers pass trusted values."""
    return PotResult(
        index=index,
        amount=amount,
        eligible=eligible,
        winners=winners,
        awards=awards,
        odd_chips=odd_chips,
        hand=hand,
    )


class Elimination(NamedTuple):
    """A seat that finished the hand with no chips (G3 ranks same-hand busts by
    ``start_stack``; bounties need the pots it was in and their winners, I3/I4)."""

    seat: Seat
    start_stack: Chips
    pots: tuple[int, ...]
    """Indexes of the pots the seat was eligible for (0 = main pot)."""
    pot_winners: tuple[tuple[Seat, ...], ...]
    """For each of those pots, the seats that won it."""

    @property
    def eliminated_by(self) -> tuple[Seat, ...]:
        """Winners of the highest pot the seat contested (I3: where its bounty goes)."""
        return self.pot_winners[-1] if self.pot_winners else ()


class HandResult(NamedTuple):
    """Everything a finished hand decided.

    ``start_stacks``/``final_stacks`` are by seat (``None`` for seats not dealt in, whose
    stacks the hand never touched). ``won`` is what each dealt-in seat collected from the
    pots, uncalled bets excluded (those are in ``returned``).
    """

    hand_number: int
    start_stacks: tuple[Chips | None, ...]
    final_stacks: tuple[Chips | None, ...]
    pots: tuple[PotResult, ...]
    won: tuple[tuple[Seat, Chips], ...]
    returned: tuple[tuple[Seat, Chips], ...]
    shown: tuple[Seat, ...]
    mucked: tuple[Seat, ...]
    killed: tuple[Seat, ...]
    eliminated: tuple[Elimination, ...]
    board: str
    showdown: bool
    """True when hands were compared; False when one player was left (F8)."""

    @property
    def winners(self) -> tuple[Seat, ...]:
        """Every seat that won chips from a pot, in seat order."""
        return tuple(sorted({s for s, amount in self.won if amount > 0}))

    def net(self, seat: Seat) -> Chips:
        """Chips won or lost by ``seat`` in this hand."""
        start = self.start_stacks[seat]
        final = self.final_stacks[seat]
        if start is None or final is None:
            return 0
        return final - start


__all__ = ["Elimination", "HandResult", "HandWords", "PotResult", "pot_result"]
