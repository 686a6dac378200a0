"""Structure tools: a generator and a projection (validation is ``Structure.problems``).

* :func:`generate_structure` — players, starting stack, target duration and level length →
  a valid structure: a geometric big-blind progression from about 1/100 of the starting
  stack to the level where all chips in play are 20 big blinds (heads-up with 10 big
  blinds each) at the target time, rounded to readable, payable amounts; breaks about every
  two hours with the smallest chip coloured up once the big blind is six times the next
  denomination; registration closing after the level that ends about 30 % into the target.
* :func:`project` — when registration closes, and per level when it starts, the chips in
  play and the average stack in big blinds.

Implements: B1 (level schedule), B2 (breaks), B11/B14 (colour-ups leave every level
payable), A4 (registration close).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pokertd.errors import InvalidCommand
from pokertd.i18n import N_
from pokertd.rules import AnteType
from pokertd.tournament.chips import Chip, ChipSet
from pokertd.tournament.structures import (
    Break,
    DurationRule,
    Level,
    Structure,
    nice_amount,
)
from pokertd.types import Chips

CHIP_LADDER: tuple[Chips, ...] = (1, 5, 25, 100, 500, 1_000, 5_000, 25_000, 100_000, 500_000)
"""Denominations the generator chooses from."""
_COLORS = {
    1: "white",
    5: "red",
    25: "green",
    100: "black",
    500: "purple",
    1_000: "yellow",
    5_000: "orange",
    25_000: "grey",
    100_000: "blue",
    500_000: "brown",
}


def _round_down_unit(amount: Chips, unit: Chips) -> Chips:
    return max(unit, amount - amount % unit)


def generate_structure(
    *,
    players: int,
    starting_stack: Chips,
    hours: Fraction | int,
    level_minutes: int,
    ante_type: AnteType = AnteType.BIG_BLIND_ANTE,
    name: str = "generated",
    break_every_minutes: int = 120,
    break_minutes: int = 10,
) -> Structure:
    """A structure for ``players`` entries of ``starting_stack`` lasting about ``hours``.

    >>> s = generate_structure(players=60, starting_stack=20_000, hours=6, level_minutes=20)
    >>> s.levels[0].blinds, s.problems()
    ('100/200', [])
    """
    if players < 2:
        raise InvalidCommand(template=N_("A tournament needs at least 2 players."))
    if starting_stack < 100:
        raise InvalidCommand(template=N_("The starting stack must be at least 100 chips."))
    if level_minutes < 1 or hours <= 0:
        raise InvalidCommand(template=N_("Level length and target duration must be positive."))
    target_minutes = Fraction(hours) * 60
    n_levels = max(4, round(target_minutes / level_minutes))
    first_target = Fraction(starting_stack, 100)
    unit = max((c for c in CHIP_LADDER if 2 * c <= first_target * Fraction(5, 4)), default=1)
    bb_first = nice_amount(first_target, unit)
    bb_last = max(Fraction(players * starting_stack, 20), Fraction(bb_first * 2))
    growth = (bb_last / bb_first) ** Fraction(1, max(1, n_levels - 1))
    growth_f = Fraction(growth).limit_denominator(10_000)

    in_play = [c for c in CHIP_LADDER if c >= unit]
    levels: list[Level] = []
    breaks: list[Break] = []
    minutes_so_far = 0
    next_break_at = break_every_minutes
    target = Fraction(bb_first)
    previous_bb = 0
    for number in range(1, n_levels + 1):
        current_unit = in_play[0]
        bb = nice_amount(target, current_unit, above=previous_bb)
        sb = bb // 2
        ante = 0
        if ante_type is AnteType.BIG_BLIND_ANTE and number >= 3:
            ante = bb
        elif ante_type is AnteType.PER_PLAYER and number >= 4:
            ante = _round_down_unit(bb // 8, current_unit)
        levels.append(
            Level(
                number=number,
                small_blind=sb,
                big_blind=bb,
                ante=ante,
                ante_type=ante_type if ante else AnteType.NONE,
                minutes=level_minutes,
            )
        )
        previous_bb = bb
        target = max(Fraction(bb), target) * growth_f
        minutes_so_far += level_minutes
        if minutes_so_far >= next_break_at and number < n_levels:
            next_break_at += break_every_minutes
            remove: tuple[Chips, ...] = ()
            if len(in_play) > 2 and target >= 6 * in_play[1]:
                remove = (in_play[0],)
                in_play = in_play[1:]
            breaks.append(Break(after_level=number, minutes=break_minutes, remove=remove))

    largest_needed = max(lv.big_blind for lv in levels)
    used = [c for c in CHIP_LADDER if c >= unit]
    top = next((i for i, c in enumerate(used) if c * 2 >= largest_needed), len(used) - 1)
    chip_values = used[: max(top + 1, 3)]
    for row in breaks:
        for value in row.remove:
            if value not in chip_values:
                chip_values.append(value)
    chips = ChipSet(tuple(Chip(v, _COLORS.get(v, "")) for v in sorted(set(chip_values))))

    close_at = target_minutes * Fraction(3, 10)
    close = next((lv.number for lv in levels if lv.number * level_minutes >= close_at), len(levels))
    structure = Structure(
        name=name,
        title=f"Generated: {players} players, {starting_stack:,} chips, {hours} h, "
        f"{level_minutes}-minute levels",
        source="generated by pokertd structure generate",
        levels=tuple(levels),
        breaks=tuple(breaks),
        durations=(DurationRule(first=1, last=None, minutes=level_minutes),),
        chips=chips,
        registration_closes_after_level=close,
    )
    structure.validate()
    return structure


@dataclass(frozen=True, slots=True, kw_only=True)
class ProjectionRow:
    """One level of a projection."""

    level: Level
    starts_at_minute: int
    """Minutes from the start (breaks included) when the level begins."""
    break_after_minutes: int
    chips_in_play_bb: int
    """All chips in play, in big blinds (rounded down)."""
    start_stack_bb: Fraction
    """The starting stack in big blinds."""
    players_left: int
    """Estimated players left when the level starts (see :func:`project`)."""
    avg_stack_bb: Fraction
    """Estimated average stack of the players left, in big blinds."""
    registration_open: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Projection:
    """A structure played with ``entries`` entries of ``starting_stack``."""

    entries: int
    starting_stack: Chips
    chips_in_play: Chips
    registration_closes_at_minute: int | None
    estimated_end_level: int | None
    """First level at which all chips in play are 20 big blinds or fewer (the usual end);
    it may lie past the sheet, among the levels the clock adds (:meth:`Structure.level`)."""
    rows: tuple[ProjectionRow, ...]
    sheet_levels: int = 0
    """The levels the structure lists (its sheet); past them the clock adds levels."""

    @property
    def end_within_sheet(self) -> int | None:
        """The usual end level when the sheet reaches it, else ``None`` (a 6-level sheet
        never promises an end at level 22)."""
        end = self.estimated_end_level
        return end if end is not None and end <= self.sheet_levels else None

    @property
    def end_note(self) -> str:
        """The usual end in words, true to the sheet: within it, its level; past it, that
        the sheet ends first and what the clock does then (it adds levels at the sheet's
        pace, :meth:`Structure.level`, "additional levels will be added as needed")."""
        end, sheet = self.estimated_end_level, self.sheet_levels
        if end is None:
            return "the chips in play never come down to 20 big blinds"
        if end <= sheet:
            return f"usual end around level {end}"
        more = end - sheet
        return (
            f"the structure ends at level {sheet}, before the usual end (all chips in play "
            f"at 20 big blinds or fewer): the clock then adds levels at the sheet's pace, "
            f"about {more} more — add levels to choose them"
        )

    def as_json(self) -> dict[str, Any]:
        """JSON-safe data (``avg_stack_bb`` with one decimal, as a string)."""
        return {
            "entries": self.entries,
            "starting_stack": self.starting_stack,
            "chips_in_play": self.chips_in_play,
            "registration_closes_at_minute": self.registration_closes_at_minute,
            "estimated_end_level": self.estimated_end_level,
            "sheet_levels": self.sheet_levels,
            "end_within_sheet": self.end_within_sheet,
            "end_note": self.end_note,
            "rows": [
                {
                    "level": r.level.number,
                    "blinds": r.level.blinds,
                    "big_blind": r.level.big_blind,
                    "starts_at_minute": r.starts_at_minute,
                    "break_after_minutes": r.break_after_minutes,
                    "chips_in_play_bb": r.chips_in_play_bb,
                    "start_stack_bb": one_decimal(r.start_stack_bb),
                    "players_left": r.players_left,
                    "avg_stack_bb": one_decimal(r.avg_stack_bb),
                    "registration_open": r.registration_open,
                }
                for r in self.rows
            ],
        }


def one_decimal(value: Fraction) -> str:
    """``"12.5"``: a ratio rounded half up to one decimal, for display."""
    tenths = (value * 10 + Fraction(1, 2)).__floor__()
    return f"{tenths // 10}.{tenths % 10}"


def project(
    structure: Structure, *, entries: int, starting_stack: Chips, levels: int | None = None
) -> Projection:
    """Project ``structure`` with ``entries`` entries of ``starting_stack`` (B1, A4).

    The field model is deliberately simple and stated: nobody is counted out while
    registration is open (late entries replace early busts); afterwards the field shrinks
    geometrically to 2 players at the start of the estimated end level, the first level at
    which all chips in play are 20 big blinds or fewer. The average stack is chips in play
    over players left.
    """
    if entries < 1 or starting_stack < 1:
        raise InvalidCommand(template=N_("Entries and starting stack must be positive."))
    count = levels if levels is not None else len(structure.levels)
    if count < 1:
        raise InvalidCommand(template=N_("Project at least one level."))
    total = entries * starting_stack
    close = structure.registration_closes_after_level
    starts: list[int] = []
    minute = 0
    close_minute: int | None = 0 if close == 0 else None
    end_level: int | None = None
    number = 0
    while number < count or (end_level is None and number < count + 200):
        number += 1
        lv = structure.level(number)
        starts.append(minute)
        if end_level is None and total <= 20 * lv.big_blind:
            end_level = number
        row = structure.break_after(number)
        minute += lv.minutes
        if close is not None and number == close:
            close_minute = minute
        minute += row.minutes if row is not None else 0
    open_until = close_minute if close_minute is not None else starts[-1]
    end_start = starts[end_level - 1] if end_level is not None else None
    rows: list[ProjectionRow] = []
    for number in range(1, count + 1):
        lv = structure.level(number)
        row = structure.break_after(number)
        t = starts[number - 1]
        players = entries
        if end_start is not None and t > open_until and entries > 2:
            span = max(1, end_start - open_until)
            progress = min(1.0, (t - open_until) / span)
            players = max(2, round(entries * (2 / entries) ** progress))
        rows.append(
            ProjectionRow(
                level=lv,
                starts_at_minute=t,
                break_after_minutes=row.minutes if row is not None else 0,
                chips_in_play_bb=total // lv.big_blind,
                start_stack_bb=Fraction(starting_stack, lv.big_blind),
                players_left=players,
                avg_stack_bb=Fraction(total, players * lv.big_blind),
                registration_open=close is None or number <= close,
            )
        )
    return Projection(
        entries=entries,
        starting_stack=starting_stack,
        chips_in_play=total,
        registration_closes_at_minute=close_minute,
        estimated_end_level=end_level,
        rows=tuple(rows),
        sheet_levels=len(structure.levels),
    )


__all__ = [
    "CHIP_LADDER",
    "Projection",
    "ProjectionRow",
    "generate_structure",
    "one_decimal",
    "project",
]
