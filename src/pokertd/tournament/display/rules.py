"""What the public screens may be set to: the layouts, and the settings' defaults.

Pure values, no events: the floor picks one of :data:`LAYOUTS` for every TV of a tournament
(``clock`` puts the clock first, ``payouts`` gives the prize list most of the screen).
"""

from __future__ import annotations

LAYOUTS = ("clock", "payouts")
"""The TV layouts a director may choose (the first is the default)."""

DEFAULT_LAYOUT = LAYOUTS[0]

__all__ = ["DEFAULT_LAYOUT", "LAYOUTS"]
