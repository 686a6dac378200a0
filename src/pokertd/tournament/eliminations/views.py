"""Eliminations' read models: the winner (the places themselves are :mod:`.state`).

Implements: NJ-6, NJ-44b, SPOT-6.15, TNPL-D9 (G2).
"""

from __future__ import annotations

from datetime import datetime

from pokertd.tournament.eliminations.state import finishing_places
from pokertd.tournament.framework import TournamentState


def winner(state: TournamentState, now: datetime | None = None) -> str | None:
    """The winner's name once the event is decided, else ``None``."""
    for p in finishing_places(state, now):
        if p.place == 1 and not p.tied:
            return p.name
    return None


__all__ = ["winner"]
