"""The days domain's state part: which day is being played and the bags of every day ended.

:class:`Days` is folded from ``day_ended`` and ``day_started``
(:mod:`pokertd.tournament.days.log`); the bag list and the roll-up are read from it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pokertd.tournament.days.rules import Bag, ChipsInPlay
from pokertd.tournament.framework import state_part


@dataclass(frozen=True, slots=True, kw_only=True)
class DayEnd:
    """A day as it was bagged: the bag-and-tag list and the chips that were in play."""

    day: int
    bags: tuple[Bag, ...]
    in_play: ChipsInPlay
    at: str
    note: str = ""


@state_part
@dataclass(slots=True)
class Days:
    """The day being played (1 until a Day 2 starts) and the days already bagged."""

    day: int = 1
    bagged: bool = False
    """The current day has ended (play stopped, chips bagged) and the next not started."""
    ended: list[DayEnd] = field(default_factory=list)
    """Every day bagged, in order."""
    started_at: list[str] = field(default_factory=list)
    """When each later day started (Day 2 first), ISO UTC."""
    carried_in: tuple[Bag, ...] = ()
    """The stacks this event's Day 2 carried in from its flights (none when it was not fed
    by flights): chips in play that no purchase here bought."""
    flights: tuple[str, ...] = ()
    """The flights' tournament ids this Day 2 was formed from."""
    carried_to: str = ""
    """For a flight: the Day 2 tournament its bags went to ("" while they have not)."""

    def last_end(self) -> DayEnd | None:
        """The last day bagged, if any."""
        return self.ended[-1] if self.ended else None

    def end_of(self, day: int) -> DayEnd | None:
        """The bags of ``day``, if it was bagged."""
        for end in self.ended:
            if end.day == day:
                return end
        return None


__all__ = ["DayEnd", "Days"]
