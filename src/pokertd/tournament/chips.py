"""Chip sets: the denominations of an event, their colours and how many are on hand.

A chip set is part of a structure: which chips exist, and (through the structure's break
rows) which ones leave play at each scheduled colour-up. Values are chips (``int``).

Implements: B14 (KPC-15C, TNPL-D3ii, FOX-25B, FOX-64, SPOT-5c9) — the TD controls the
denominations in play; every denomination has a value and a colour that are announced.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pokertd.errors import InvalidCommand
from pokertd.i18n import N_, Clause
from pokertd.types import Chips


@dataclass(frozen=True, slots=True)
class Chip:
    """One denomination: its value, its colour and how many the room has on hand."""

    value: Chips
    color: str = ""
    count: int = 0
    """Chips of this denomination on hand (0 = not counted)."""

    def __repr__(self) -> str:
        return f"Chip({self.value}, {self.color!r}, count={self.count})"


@dataclass(frozen=True, slots=True)
class ChipSet:
    """The denominations of an event, smallest first (B14).

    >>> chips = ChipSet.of(100, 500, 1000)
    >>> chips.smallest, chips.without((100,)).smallest
    (100, 500)
    """

    chips: tuple[Chip, ...]

    @classmethod
    def of(cls, *values: Chips) -> ChipSet:
        """A chip set of bare values (no colours or counts)."""
        return cls(tuple(Chip(v) for v in sorted(values)))

    @property
    def denominations(self) -> tuple[Chips, ...]:
        """The values, smallest first."""
        return tuple(c.value for c in self.chips)

    @property
    def smallest(self) -> Chips:
        """The smallest denomination (``0`` for an empty set)."""
        return self.chips[0].value if self.chips else 0

    def without(self, removed: Iterable[Chips]) -> ChipSet:
        """The set left once ``removed`` denominations have been coloured up."""
        gone = set(removed)
        return ChipSet(tuple(c for c in self.chips if c.value not in gone))

    def color_of(self, value: Chips) -> str:
        """The colour of a denomination ("" when unknown)."""
        for chip in self.chips:
            if chip.value == value:
                return chip.color
        return ""

    def problems(self) -> list[str]:
        """Every defect of the set at once."""
        out: list[str] = []
        values = self.denominations
        if not values:
            out.append(Clause(N_("the chip set has no denominations (B14)")))
        if any(v <= 0 for v in values):
            out.append(
                Clause(N_("every chip denomination must be a positive number of chips (B14)"))
            )
        if len(set(values)) != len(values):
            out.append(Clause(N_("a chip denomination is listed twice (B14)")))
        if list(values) != sorted(values):
            out.append(Clause(N_("chip denominations must be listed smallest first (B14)")))
        if any(c.count < 0 for c in self.chips):
            out.append(Clause(N_("a chip count on hand cannot be negative (B14)")))
        return out

    def as_json(self) -> list[dict[str, Any]]:
        """JSON-safe list of ``{value, color, count}``."""
        return [{"value": c.value, "color": c.color, "count": c.count} for c in self.chips]

    @classmethod
    def from_json(cls, data: Iterable[Mapping[str, Any] | int]) -> ChipSet:
        """A chip set from ``[{value, color, count}, ...]`` or bare values."""
        chips: list[Chip] = []
        for item in data:
            if isinstance(item, int) and not isinstance(item, bool):
                chips.append(Chip(item))
                continue
            if not isinstance(item, Mapping) or not isinstance(item.get("value"), int):
                raise InvalidCommand(
                    template=N_("bad chip entry %(item)s: needs an integer 'value'"),
                    params={"item": repr(item)},
                )
            unknown = set(item) - {"value", "color", "count"}
            if unknown:
                raise InvalidCommand(
                    template=N_("unknown chip field(s) %(fields)s in %(item)s"),
                    params={"fields": str(sorted(unknown)), "item": repr(item)},
                )
            chips.append(
                Chip(int(item["value"]), str(item.get("color", "")), int(item.get("count", 0)))
            )
        return cls(tuple(chips))


__all__ = ["Chip", "ChipSet"]
