"""The clock domain's state part: the clock, colour-ups done, clocks called, hand-for-hand reports.

:class:`ClockPart` is folded from the clock events (:mod:`pokertd.tournament.clock.log`); the
clock itself is the pure value of :mod:`pokertd.tournament.clock.rules`. The part tells the
entries domain the level, whether registration is open and how much play time has passed
(``register_clock_reader``), so registration closes at the end of the configured level (A4)
and NJ rebuys end after the first hour of play (A9). The tables still playing a
hand-for-hand hand come from the seating's state part (never its views).

Implements: A4, A9, B10 (FOX-HFH).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from pokertd.errors import PokertdError
from pokertd.tournament.clock.chips import ChipSet
from pokertd.tournament.clock.rules import ClockState, from_epoch, registration_closed_at, view
from pokertd.tournament.clock.shot_clock import ShotClock
from pokertd.tournament.entries.state import (
    ClockReading,
    register_clock_reader,
)
from pokertd.tournament.framework import (
    TournamentState,
    state_part,
)
from pokertd.tournament.seating.rules import Seating
from pokertd.tournament.seating.state import Tables, live_seating
from pokertd.types import Chips

# --------------------------------------------------------------------------------------
# The part


@state_part
@dataclass(slots=True)
class ClockPart:
    """The tournament's clock, colour-ups done and clocks called."""

    clock: ClockState | None = None
    removed: list[Chips] = field(default_factory=list)
    """Denominations coloured up so far (scheduled or not)."""
    color_ups: list[dict[str, Any]] = field(default_factory=list)
    """Each colour-up's table, instant and result (as recorded)."""
    called: dict[str, ShotClock] = field(default_factory=dict)
    """Clocks called, by ``"table/seat"``."""
    hfh_reported: list[int] = field(default_factory=list)
    """Tables whose dealer reported the current hand-for-hand hand finished (FOX-HFH)."""

    def chips_in_play(self) -> ChipSet:
        """The denominations still in play."""
        if self.clock is None:
            return ChipSet(())
        return self.clock.structure.chips.without(self.removed)


@register_clock_reader
def _read_clock(state: TournamentState, now: datetime) -> ClockReading | None:
    part = state.part(ClockPart)
    if part.clock is None:
        return None
    v = view(part.clock, now)
    closed_at = None if v.registration_open else registration_closed_at(part.clock, now)
    return ClockReading(
        started=v.started,
        level=v.level.number,
        on_break=v.on_break,
        registration_open=v.registration_open,
        rebuys_open=v.rebuys_open,
        play_seconds=v.play_seconds,
        hand_for_hand=v.hand_for_hand,
        hfh_hands=v.hfh_hands,
        running=v.running,
        registration_closed_at=from_epoch(closed_at) if closed_at is not None else None,
    )


def hfh_waiting_tables(state: TournamentState) -> list[int]:
    """Tables with players still playing the current hand-for-hand hand (FOX-HFH).

    Empty when hand-for-hand is off or the seating is not known.
    """
    part = state.part(ClockPart)
    if part.clock is None or not part.clock.hand_for_hand:
        return []
    return [n for n in playing_tables(state) if n not in part.hfh_reported]


def playing_tables(state: TournamentState) -> list[int]:
    """The numbers of the tables with at least one player, in order."""
    seating = live_tables(state)
    if seating is None:
        return []
    return [
        number
        for number, table in sorted(seating.tables.items())
        if any(p is not None for p in table.players)
    ]


def live_tables(state: TournamentState) -> Seating | None:
    """The live seating once the tables are laid out (``None`` before)."""
    if state.part(Tables).seating is None:
        return None
    try:
        return live_seating(state)
    except PokertdError:  # pragma: no cover - defensive
        return None


__all__ = [
    "ClockPart",
    "hfh_waiting_tables",
    "live_tables",
    "playing_tables",
]
