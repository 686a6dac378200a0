"""The display domain's state part: the announcement on every screen and the TV settings.

:class:`Screens` is folded from ``announcement_set`` and ``display_set`` events
(:mod:`pokertd.tournament.display.log`); the web's snapshot reads it for the TV, the player
view and the lobby board.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokertd.tournament.display.rules import DEFAULT_LAYOUT
from pokertd.tournament.framework import state_part


@state_part
@dataclass(slots=True)
class Screens:
    """What every public screen of the tournament shows besides the figures."""

    announcement: str = ""
    """The floor's current announcement (empty: none)."""
    announced_at: str = ""
    """When it was set (ISO UTC; empty when none)."""
    layout: str = DEFAULT_LAYOUT
    """The TV layout (one of :data:`~pokertd.tournament.display.rules.LAYOUTS`)."""
    sound: bool = True
    """Tones at level changes and breaks on the TVs."""
    speech: bool = True
    """Spoken level announcements (the browser's speech synthesis) on the TVs."""

    def as_json(self) -> dict[str, object]:
        """The settings as the web's view model carries them."""
        return {"layout": self.layout, "sound": self.sound, "speech": self.speech}


__all__ = ["Screens"]
