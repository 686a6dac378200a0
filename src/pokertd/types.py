"""Scalar aliases shared by every layer (free at runtime, like python-chess's ``Square``).

Chips and money are plain ``int``: chips are tournament chips, money is in minor units
(cents). A seat is an ``int`` index 0..n-1 inside the engine and a 1-based number at the
edges (CLI, web, events), exactly as the floor speaks of "seat 1".
"""

from typing import TypeAlias

Seat: TypeAlias = int
"""A seat index. 0-based inside the engine; 1-based in events, CLI and web."""

Chips: TypeAlias = int
"""An amount of tournament chips."""

Cents: TypeAlias = int
"""An amount of money in minor units (cents)."""

SeatMask: TypeAlias = int
"""A set of engine seats as a bitmask: bit ``s`` is seat ``s``."""

__all__ = ["Cents", "Chips", "Seat", "SeatMask"]
