"""The satellites domain's state part: the event's seat prizes and the seats paid.

:class:`Satellite` is folded from ``satellite_set`` and ``seat_paid``
(:mod:`pokertd.tournament.satellites.log`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pokertd.tournament.framework import state_part
from pokertd.tournament.satellites.rules import LeftoverRule, PrizeKind
from pokertd.types import Cents


@dataclass(frozen=True, slots=True, kw_only=True)
class PaidSeat:
    """A seat (and any cash) paid to a satellite winner, and where it registered him."""

    entry_id: str
    name: str
    place: int
    seat: bool
    cash: Cents
    target_event: str
    target_player: str
    """His player id in the target event ("" when the award was cash only)."""
    at: str


@state_part
@dataclass(slots=True)
class Satellite:
    """Whether the event's prizes are seats, in which event, of what value; seats paid."""

    prize_kind: PrizeKind = PrizeKind.CASH
    target_event: str = ""
    """The target tournament's id."""
    target_name: str = ""
    seat_value: Cents = 0
    leftover: LeftoverRule = LeftoverRule.NEXT_PLACE
    paid: dict[str, PaidSeat] = field(default_factory=dict)
    """Entry id -> the award paid to it."""

    @property
    def is_satellite(self) -> bool:
        """Whether the prizes are seats."""
        return self.prize_kind is PrizeKind.SEATS


__all__ = ["PaidSeat", "Satellite"]
