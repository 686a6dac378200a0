"""Read models of the display domain: what the screens show besides the figures."""

from __future__ import annotations

from typing import Any

from pokertd.tournament.display.state import Screens
from pokertd.tournament.framework import TournamentState


def screens_view(state: TournamentState) -> dict[str, Any]:
    """``{"announcement", "announced_at", "layout", "sound", "speech"}`` for the web."""
    part = state.part(Screens)
    return {"announcement": part.announcement, "announced_at": part.announced_at, **part.as_json()}


__all__ = ["screens_view"]
