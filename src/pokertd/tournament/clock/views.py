"""Read models of the clock: the clock at an instant, as the CLI and the web show it.

The value shown is :class:`~pokertd.tournament.clock.rules.ClockView` (level, time left,
blinds, next break, colour-up due...), computed from the clock part at ``now``. The blinds
shown are the ones the next hand posts: with the players still in the tournament, the
profile's late-event big-blind ante applies (B6: KPC halves it at five players, FOX never).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from pokertd.tournament.clock.rules import ClockView, view
from pokertd.tournament.clock.state import ClockPart
from pokertd.tournament.clock.structures import level_for_players
from pokertd.tournament.entries.state import Roster, Setup
from pokertd.tournament.framework import TournamentState


def clock_view(state: TournamentState, now: datetime) -> ClockView | None:
    """The clock at ``now`` (``None`` before any clock command), its levels as posted with
    the players left (Implements: KPC-53, FOX-11B through ``level_for_players``)."""
    part = state.part(ClockPart)
    if part.clock is None:
        return None
    shown = view(part.clock, now)
    setup = state.part(Setup)
    if not setup.created:
        return shown
    left = state.part(Roster).alive_count
    if left == 0:  # nobody registered yet: the structure as printed
        return shown
    profile = setup.profile
    return replace(
        shown,
        level=level_for_players(shown.level, left, profile),
        next_level=level_for_players(shown.next_level, left, profile),
    )


__all__ = ["clock_view"]
