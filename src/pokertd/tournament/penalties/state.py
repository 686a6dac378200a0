"""Penalties' state: every penalty given, and the prizes forfeited (K1-K5).

Implements: KPC-52, TNPL-J1iv, FOX-71D (K5).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pokertd.tournament.framework import state_part
from pokertd.tournament.penalties.rules import PenaltyKind


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyRecord:
    """A penalty as the state keeps it."""

    entry_id: str
    name: str
    kind: PenaltyKind
    hands: int = 0
    rounds: int = 0
    rule: str = ""
    reason: str = ""
    at: str = ""


@state_part
@dataclass(slots=True)
class Penalties:
    """Every penalty given, in order."""

    given: list[PenaltyRecord] = field(default_factory=list)
    prize_forfeited: set[str] = field(default_factory=set)
    """Entry ids whose prize is forfeited (TNPL-J1iv)."""


__all__ = ["Penalties", "PenaltyRecord"]
