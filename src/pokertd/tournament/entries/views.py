"""Entries' read models: who is alive in this event, as other events ask (FOX-REG5).

Implements: FOX-REG5 (A2).
"""

from __future__ import annotations

from pokertd.tournament.entries.state import Roster, Setup, night_over
from pokertd.tournament.framework import TournamentState


def live_players(state: TournamentState) -> tuple[tuple[str, str], ...]:
    """``(name, member card)`` of every player with a live stack in this event (none once
    it is over, its winner included: G2): what another event checks against for FOX-REG5."""
    setup = state.part(Setup)
    if not setup.created or night_over(state, None):
        return ()
    roster = state.part(Roster)
    found = {e.player_id for e in roster.alive()}
    return tuple((p.name, p.member) for pid, p in roster.players.items() if pid in found)


__all__ = ["live_players"]
