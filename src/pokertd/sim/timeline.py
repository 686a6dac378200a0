"""Arrivals and the time model of a simulated night: the simulated clock, the tables'
turns, the players still to walk in, how long a hand lasts and the clock's periods.

No wall clock is read: time zero is :data:`EPOCH`, the service's clock is
:meth:`SimClock.now`, and a hand lasts ``seconds_per_deal + actions x seconds_per_action
(+ seconds_per_showdown)`` (:class:`~pokertd.sim.report.TimeModel`). Tables deal in the
order of the time they are ready (:class:`TableQueue`); late players and re-entries walk in
at their drawn times (:class:`Arrivals`). The level is the clock's at the deal (B7) and no
table deals during a break (:class:`Periods`); hand-for-hand stops the clock between hands
(B10), so its period has no end in real time.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from pokertd.rules import Game, RuleProfile
from pokertd.sim.report import LevelRow, TimeModel
from pokertd.tournament.clock import AddLevels, ClockPart, ClockState, Level, Structure, settle
from pokertd.tournament.framework import Command, EventRecord, TournamentState
from pokertd.tournament.structures import depth_unit
from pokertd.tournament.templates import Template

EPOCH = datetime(2026, 1, 7, 19, 0, tzinfo=UTC)
"""Simulated time zero: the clock starts here (a Wednesday, 7 pm); no wall clock is read."""

NO_END = 10**12
"""A clock period that does not end in real time (hand-for-hand)."""


class SimClock:
    """The simulated clock: seconds since :attr:`origin` of the command being run."""

    def __init__(self) -> None:
        self.t = 0.0
        """Clock seconds since :attr:`origin` (never goes back through :meth:`at`)."""
        self.origin = EPOCH
        """When the clock started (simulated time zero)."""

    def now(self) -> datetime:
        """The simulated moment (the service's ``now``)."""
        return self.origin + timedelta(seconds=self.t)

    def moment(self, t: float) -> datetime:
        """The moment ``t`` seconds after the origin."""
        return self.origin + timedelta(seconds=t)

    def at(self, t: float) -> None:
        """Move the simulated clock to ``t`` (never backwards)."""
        if t > self.t:
            self.t = t


def hand_seconds(time: TimeModel, actions: int, showdown: bool) -> float:
    """How long a hand of ``actions`` decisions lasts at a table (the time model)."""
    seconds = time.seconds_per_deal + actions * time.seconds_per_action
    if showdown:
        seconds += time.seconds_per_showdown
    return seconds


class TableQueue:
    """The tables dealing and when each is ready for its next hand, in time order."""

    def __init__(self) -> None:
        self.ready: dict[int, float] = {}
        """Table number -> when it is ready (the table's one current turn)."""
        self.queue: list[tuple[float, int]] = []
        """Turns in time order; a turn no longer in :attr:`ready` is stale."""

    def schedule(self, number: int, at: float) -> None:
        """Table ``number`` deals next at ``at``."""
        self.ready[number] = at
        heapq.heappush(self.queue, (at, number))

    def pop(self) -> tuple[float, int]:
        """The earliest turn (possibly stale: check :meth:`current`)."""
        return heapq.heappop(self.queue)

    def push_back(self, t: float, number: int) -> None:
        """Put a popped turn back (someone walks in first)."""
        heapq.heappush(self.queue, (t, number))

    def current(self, number: int, t: float) -> bool:
        """Whether ``(t, number)`` is the table's current turn."""
        return self.ready.get(number) == t

    def all_at(self, t: float) -> None:
        """Every table ready at ``t`` (hand-for-hand: they deal together)."""
        for number in self.ready:
            self.ready[number] = t

    def resume(self, t: float) -> None:
        """Every table deals on by itself again, none before ``t``."""
        for number in self.ready:
            self.schedule(number, max(self.ready[number], t))

    def sync(self, tables: Iterable[int], t: float) -> None:
        """Tables opened (late seats, the final table) join the deal; broken ones leave.

        The final table starts when the last of the tables it gathers has finished its
        hand; a table opened for a late seat deals at once."""
        now_tables = list(tables)
        present = set(now_tables)  # a set: a thousand tables, every prompt (issue 25)
        at = max(t, max(self.ready.values(), default=t)) if len(present) == 1 else t
        for number in [n for n in self.ready if n not in present]:
            del self.ready[number]
        if len(present) != len(self.ready):
            for number in now_tables:
                if number not in self.ready:
                    self.schedule(number, at)


@dataclass(slots=True)
class Arrival:
    """A player who will walk in at ``at`` (seconds of clock time): a late registration
    or a re-entry."""

    at: float
    name: str
    reentry: bool


class Arrivals:
    """The players still to walk in, in time order."""

    def __init__(self) -> None:
        self.heap: list[tuple[float, int, Arrival]] = []
        self.count = 0
        """Arrivals drawn so far (keeps equal times in drawing order)."""

    def arrive(self, at: float, name: str, *, reentry: bool) -> None:
        """``name`` walks in at ``at``."""
        self.count += 1
        heapq.heappush(self.heap, (at, self.count, Arrival(at, name, reentry)))

    def due(self, t: float) -> bool:
        """Whether someone walks in at or before ``t``."""
        return bool(self.heap) and self.heap[0][0] <= t

    def next(self) -> Arrival:
        """The next to walk in."""
        return heapq.heappop(self.heap)[2]


def registration_window(tmpl: Template, profile: RuleProfile) -> float:
    """Seconds of clock from the start to the close of registration (0: none late)."""
    close = tmpl.registration_close(profile)
    if close is None or close < 1:
        return 0.0
    structure = tmpl.structure_value()
    seconds = 0
    for number in range(1, close + 1):
        seconds += structure.level(number).seconds
        if number < close:
            row = structure.break_after(number)
            if row is not None:
                seconds += row.seconds
    return float(max(seconds - 60, 0))


class Periods:
    """The tournament clock's levels and breaks as the tables meet them (read from the
    service's state; more levels added when the sheet runs out, B1)."""

    def __init__(
        self,
        time: SimClock,
        state: Callable[[], TournamentState],
        run: Callable[[Command], list[EventRecord]],
    ) -> None:
        self.time = time
        self.state = state
        self.run = run
        self.period: tuple[float, float, int, bool] | None = None
        """The period last read: ``(from, to, level, on_break)``."""
        self.start = 0.0
        """When the clock's current level or break began."""
        self.seen: tuple[int, bool] | None = None
        """The last period the floor acted on (:meth:`Night.period_started`)."""

    def clock(self) -> ClockState:
        """The tournament's clock."""
        clock = self.state().part(ClockPart).clock
        assert clock is not None
        return clock

    def structure(self) -> Structure:
        """The clock's structure (levels added included)."""
        return self.clock().structure

    def changed(self) -> None:
        """The clock changed (hand-for-hand, a colour-up): read it again."""
        self.period = None

    def position(self, t: float) -> tuple[int, bool, float]:
        """``(level, on_break, end of the period)`` of the tournament's clock at ``t``."""
        cached = self.period
        if cached is not None and cached[0] <= t < cached[1]:
            return cached[2], cached[3], cached[1]
        at = self.time.moment(t)
        cur = settle(self.clock(), at)
        if cur.level + 3 > len(cur.structure.levels):
            self.time.at(t)
            self.run(AddLevels(count=10))  # B1: "additional levels will be added as needed"
            cur = settle(self.clock(), at)
        structure = cur.structure
        self.start = t - cur.elapsed
        if cur.hand_for_hand and not cur.on_break:
            end = float(NO_END)
        else:
            if cur.on_break:
                row = structure.break_after(cur.level)
                length = row.seconds if row is not None else 0
            else:
                length = structure.level(cur.level).seconds
            end = t + max(length - cur.elapsed, 1)
        self.period = (t, end, cur.level, cur.on_break)
        return cur.level, cur.on_break, end

    def on_break(self, t: float) -> bool:
        """Whether the clock is on a break at ``t``."""
        return self.position(t)[1]


class Milestones:
    """When the night reached what a director plans for (clock seconds)."""

    def __init__(self) -> None:
        self.registration_closed_at: int | None = None
        self.money_at: int | None = None
        self.money_level: int | None = None
        self.final_table_at: int | None = None
        self.final_table_level: int | None = None
        self.last_level = 1
        """The highest level a hand was dealt in."""
        self.last_end = 0.0
        """When the last hand ended."""

    def final_table(self, t: float) -> None:
        """The final table is reached at ``t`` (the first time only)."""
        if self.final_table_at is None:
            self.final_table_at = int(t)
            self.final_table_level = self.last_level

    def hand_ends(self, end: float) -> None:
        """A hand ends at ``end``."""
        if end > self.last_end:
            self.last_end = end


class LevelLog:
    """The field by level (at its first hand) and the players left over time."""

    def __init__(self) -> None:
        self.levels: dict[int, LevelRow] = {}
        self.hands: dict[int, int] = {}
        """Level -> hands dealt in it."""
        self.players_left: list[tuple[int, int]] = []
        """``(clock seconds, players left)`` at every change."""

    def hand(
        self,
        level: Level,
        t: float,
        left: int,
        total: int,
        entries: int,
        tables: int,
        games: tuple[Game, ...] = (),
    ) -> None:
        """A hand dealt at ``t`` in ``level`` with ``left`` players holding ``total``;
        ``games``: the level's (:func:`level_games`), which say how its depth counts."""
        number = level.number
        if number not in self.levels:
            average = total // left if left else 0
            unit, big_bets = depth_unit(level.big_blind, games)
            self.levels[number] = LevelRow(
                level=number,
                blinds=level.blinds,
                starts_at=int(t),
                players_left=left,
                entries=entries,
                tables=tables,
                average_stack=average,
                average_bb=round(average / unit, 1) if unit else 0.0,
                hands=0,
                big_bets=big_bets,
            )
            self.hands[number] = 0
        self.hands[number] += 1

    def left(self, t: float, left: int) -> None:
        """``left`` players at ``t`` (noted when it changed)."""
        if not self.players_left or self.players_left[-1][1] != left:
            self.players_left.append((int(t), left))

    def rows(self) -> tuple[LevelRow, ...]:
        """The level rows with their hands counted."""
        return tuple(
            LevelRow(
                level=row.level,
                blinds=row.blinds,
                starts_at=row.starts_at,
                players_left=row.players_left,
                entries=row.entries,
                tables=row.tables,
                average_stack=row.average_stack,
                average_bb=row.average_bb,
                hands=self.hands[n],
                big_bets=row.big_bets,
            )
            for n, row in sorted(self.levels.items())
        )


__all__ = [
    "EPOCH",
    "NO_END",
    "Arrival",
    "Arrivals",
    "LevelLog",
    "Milestones",
    "Periods",
    "SimClock",
    "TableQueue",
    "hand_seconds",
    "registration_window",
]
