"""The outcome of a finished hand, as the tournament, bounties and displays need it.

Seats are the table's 0-based engine seats (``seat + 1`` on screens). Everything is an
immutable value with JSON-safe fields (ints, strings, tuples). :class:`HandResult` and
:class:`Elimination` are named tuples, built once per hand on the checked path and
several times cheaper than frozen dataclasses; :class:`PotResult` stays a frozen slotted
dataclass because its ``index`` field would hide ``tuple.index``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from pokertd.types import Chips, Seat


@dataclass(frozen=True, slots=True, kw_only=True)
class PotResult:
    """One pot: main pot (``index`` 0) or a side pot, with who could win it and who did.

    ``awards`` pairs each winner with his share; ``odd_chips`` lists the winners who got
    an odd chip (F5).
    """

    index: int
    amount: Chips
    eligible: tuple[Seat, ...]
    winners: tuple[Seat, ...]
    awards: tuple[tuple[Seat, Chips], ...]
    odd_chips: tuple[Seat, ...] = ()
    hand: str = ""
    """Words for the winning hand (``"two pair, kings and sevens"``); empty if unshown."""

    @property
    def is_side_pot(self) -> bool:
        """True for every pot but the main pot."""
        return self.index > 0


_POT_FIELDS = ("index", "amount", "eligible", "winners", "awards", "odd_chips", "hand")
_new_pot = object.__new__
_SET_POT = tuple(vars(PotResult)[name].__set__ for name in _POT_FIELDS)


def pot_result(
    index: int,
    amount: Chips,
    eligible: tuple[Seat, ...],
    winners: tuple[Seat, ...],
    awards: tuple[tuple[Seat, Chips], ...],
    odd_chips: tuple[Seat, ...],
    hand: str,
) -> PotResult:
    """A :class:`PotResult` built without the frozen dataclass's ``__init__`` (the hand
    engine builds one per pot for every result): the same value, each field stored once
    through its slot, at about a third of the cost. Callers pass trusted values."""
    pot: PotResult = _new_pot(PotResult)
    s0, s1, s2, s3, s4, s5, s6 = _SET_POT
    s0(pot, index)
    s1(pot, amount)
    s2(pot, eligible)
    s3(pot, winners)
    s4(pot, awards)
    s5(pot, odd_chips)
    s6(pot, hand)
    return pot


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


__all__ = ["Elimination", "HandResult", "PotResult", "pot_result"]
