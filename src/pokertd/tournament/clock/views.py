"""Read models of the clock: the clock at an instant, as the CLI and the web show it.

The value shown is :class:`~pokertd.tournament.clock.rules.ClockView` (level, time left,
blinds, next break, colour-up due...), computed from the clock part at ``now``.
"""

from __future__ import annotations

from datetime import datetime

from pokertd.tournament.clock.rules import ClockView, view
from pokertd.tournament.clock.state import ClockPart
from pokertd.tournament.framework import TournamentState


def clock_view(state: TournamentState, now: datetime) -> ClockView | None:
    """The clock at ``now`` (``None`` before any clock command)."""
    part = state.part(ClockPart)
    return None if part.clock is None else view(part.clock, now)


__all__ = ["clock_view"]
