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
from pokertd.tournament.eliminations.state import finish
from pokertd.tournament.entries.state import Roster, Setup
from pokertd.tournament.framework import TournamentState


def clock_view(state: TournamentState, now: datetime) -> ClockView | None:
    """The clock at ``now`` (``None`` before any clock command), its levels as posted with
    the players left (Implements: KPC-53, FOX-11B through ``level_for_players``).

    Once the tournament is over (:func:`~pokertd.tournament.eliminations.state.finish`,
    G2) the clock is stopped from the finishing moment: it reads as it did then, not
    running, with nothing more to count down (no break, registration or rebuys "in"). The
    log need not hold a pause for it: the end may come by the clock itself (registration
    closing with one player left), and undoing the last bust sets it going again as if it
    had never stopped, which it had not. Every face (``pokertd clock T show``, the TV, the
    phones, the console) reads this one view.
    """
    part = state.part(ClockPart)
    if part.clock is None:
        return None
    setup = state.part(Setup)
    end = finish(state, now) if setup.created else None
    if end is not None and end.finished:
        at = min(datetime.fromisoformat(end.at), now) if end.at else now
        shown = replace(
            view(part.clock, at),
            running=False,
            finished=True,
            next_break_in=None,
            next_break=None,
            registration_open=False,
            registration_closes_in=None,
            rebuys_open=False if part.clock.rebuy_minutes is not None else None,
            rebuys_close_in=None,
        )
    else:
        shown = view(part.clock, now)
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
