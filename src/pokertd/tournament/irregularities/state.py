"""Irregularities' state: the misdeals declared and the results corrected, in order (L3,
F13). Records only: a misdeal moves nothing in the tournament (the re-deal is the same
hand, K4) and a corrected pot is paid at the table.

Implements: KPC-24, TNPL-G1ii, FOX-35C (K4: nothing here counts a hand).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pokertd.tournament.framework import state_part


@dataclass(frozen=True, slots=True, kw_only=True)
class MisdealRecord:
    """One misdeal as the state keeps it."""

    table: int
    reason: str
    level: int | None = None
    at: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectionRecord:
    """One corrected result as the state keeps it."""

    table: int
    kind: str
    reason: str = ""
    chips: int = 0
    from_name: str = ""
    to_name: str = ""
    at: str = ""


@state_part
@dataclass(slots=True)
class Irregularities:
    """Every misdeal declared and every result corrected, in order."""

    misdeals: list[MisdealRecord] = field(default_factory=list)
    corrections: list[CorrectionRecord] = field(default_factory=list)


__all__ = ["CorrectionRecord", "Irregularities", "MisdealRecord"]
