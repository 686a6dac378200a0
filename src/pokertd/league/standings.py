"""A season's standings, its qualifiers and a championship's starting stacks (pure).

- **Best N**: a player's season points are the sum of their best ``best_n`` event totals
  (every event when ``best_n`` is ``None``); all their events still show.
- **Tie-break** (stated, :class:`TieBreak`): equal points are ordered by
  ``best_finishes`` — more wins, then more 2nd places, then more 3rd places, … (the
  finishing places compared best first) — or by ``most_events`` — more events played,
  then best finishes. Players still equal share the rank (listed by name).
- **Qualification** (:class:`Qualification`): the top ``top`` ranks (everyone sharing the
  last qualifying rank qualifies too) and/or everyone with at least ``min_points``.
- **Championship stacks** (:class:`StackRule`, A3: SPOT-6.26 Quarterly): each qualifier's
  starting stack is a formula of ``points``, ``rank``, ``qualifiers`` and ``top_points``
  (default ``5000 + 100 * points``), rounded down to ``round_to`` chips and never below
  ``minimum``; shown before the event and registered with the stacks (``league_service``).

Implements: A3 (SPOT-6.26: a Quarterly's stacks from season points), issue 14 (best-N,
tie-break, qualification).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from pokertd.errors import InvalidCommand
from pokertd.i18n import N_, Chips
from pokertd.league.formula import Formula, FormulaError
from pokertd.league.points import PlayerPoints

STACK_VARIABLES = ("points", "rank", "qualifiers", "top_points")
"""What a championship stack formula may use."""
MAX_STACK = 100_000_000
"""Largest championship starting stack."""


class TieBreak(StrEnum):
    """How equal season points are ordered (stated on the season)."""

    BEST_FINISHES = "best_finishes"
    """More wins, then more 2nd places, … (places compared best first)."""
    MOST_EVENTS = "most_events"
    """More events played, then best finishes."""


@dataclass(frozen=True, slots=True, kw_only=True)
class StandingRow:
    """One player's line in the season standings."""

    rank: int
    player: str
    name: str
    points: float
    """The counted points (best N)."""
    all_points: float
    """Every event's points added (best N or not)."""
    events: int
    counted: int
    """How many events count (``min(events, best_n)``)."""
    wins: int
    best_place: int | None
    places: tuple[int, ...]
    """Every finishing place, best first (the tie-break reads them)."""
    void: int = 0
    """Events whose points a late sign-out voided or a missing sign-out holds back."""
    imported: int = 0
    """Events of :attr:`events` imported from another tool's history (points as given)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Qualification:
    """Who qualifies for the championship: the top ranks and/or a points threshold."""

    top: int | None = None
    min_points: float | None = None

    def check(self) -> Qualification:
        """``self`` if usable, else ``InvalidCommand`` in one sentence."""
        if self.top is None and self.min_points is None:
            raise InvalidCommand(
                template=N_("Say who qualifies: the top N players or a points threshold.")
            )
        if self.top is not None and not 1 <= self.top <= 10_000:
            raise InvalidCommand(template=N_("The number of qualifiers must be from 1 to 10,000."))
        if self.min_points is not None and self.min_points < 0:
            raise InvalidCommand(template=N_("The points threshold cannot be negative."))
        return self


@dataclass(frozen=True, slots=True, kw_only=True)
class StackRule:
    """A championship starting stack from season points (A3: SPOT-6.26)."""

    formula: str = "5000 + 100 * points"
    round_to: int = 100
    minimum: int = 1000

    def compiled(self) -> Formula:
        """The checked formula; raises ``FormulaError``."""
        return Formula.parse(self.formula, STACK_VARIABLES)

    def check(self) -> StackRule:
        """``self`` if usable, else ``InvalidCommand``/``FormulaError`` in one sentence."""
        self.compiled()
        if not 1 <= self.round_to <= 1_000_000:
            raise InvalidCommand(template=N_("Stacks are rounded to 1 to 1,000,000 chips."))
        if not 1 <= self.minimum <= MAX_STACK:
            raise InvalidCommand(
                template=N_("The smallest stack must be from 1 to %(most)s chips."),
                params={"most": Chips(MAX_STACK)},
            )
        return self


@dataclass(frozen=True, slots=True, kw_only=True)
class ChampionshipStack:
    """One qualifier's starting stack, with the numbers it came from."""

    player: str
    name: str
    rank: int
    points: float
    stack: int


def _finish_key(places: tuple[int, ...]) -> tuple[int, ...]:
    """Finishing places (sorted best first) as a key where higher is better: negated, so
    (1, 2) beats (1, 3), and (1, 3, 5) beats (1, 3) (one more finish, the rest equal)."""
    return tuple(-p for p in places)


def standings(
    points: Iterable[PlayerPoints],
    *,
    best_n: int | None = None,
    tie_break: TieBreak = TieBreak.BEST_FINISHES,
    decimals: int = 2,
) -> tuple[StandingRow, ...]:
    """The season standings from every event's :class:`PlayerPoints` (see module doc)."""
    totals: dict[str, list[float]] = {}
    names: dict[str, str] = {}
    places: dict[str, list[int]] = {}
    void: dict[str, int] = {}
    imported: dict[str, int] = {}
    for p in points:
        if p.imported:
            imported[p.player] = imported.get(p.player, 0) + 1
        totals.setdefault(p.player, []).append(p.total)
        names[p.player] = p.name
        if p.place is not None:
            places.setdefault(p.player, []).append(p.place)
        if not p.credited:
            void[p.player] = void.get(p.player, 0) + 1
    lines: list[tuple[tuple[float, int, tuple[int, ...]], StandingRow]] = []
    for player, events in totals.items():
        ordered = sorted(events, reverse=True)
        counted = ordered if best_n is None else ordered[:best_n]
        mine = tuple(sorted(places.get(player, ())))
        counted_pts = round(sum(counted), decimals)
        row = StandingRow(
            rank=0,
            player=player,
            name=names[player],
            points=counted_pts,
            all_points=round(sum(events), decimals),
            events=len(events),
            counted=len(counted),
            wins=mine.count(1),
            best_place=mine[0] if mine else None,
            places=mine,
            void=void.get(player, 0),
            imported=imported.get(player, 0),
        )
        finish = _finish_key(mine)
        played = len(events) if tie_break is TieBreak.MOST_EVENTS else 0
        key = (counted_pts, played, finish)
        lines.append((key, row))
    lines.sort(key=lambda kr: (kr[1].name.casefold(), kr[1].player))
    lines.sort(key=lambda kr: kr[0], reverse=True)  # stable: equal keys stay by name
    out: list[StandingRow] = []
    previous: tuple[float, int, tuple[int, ...]] | None = None
    rank = 0
    for i, (key, row) in enumerate(lines, start=1):
        if key != previous:
            rank, previous = i, key
        out.append(_with_rank(row, rank))
    return tuple(out)


def _with_rank(row: StandingRow, rank: int) -> StandingRow:
    return StandingRow(
        rank=rank,
        player=row.player,
        name=row.name,
        points=row.points,
        all_points=row.all_points,
        events=row.events,
        counted=row.counted,
        wins=row.wins,
        best_place=row.best_place,
        places=row.places,
        void=row.void,
        imported=row.imported,
    )


def qualifiers(rows: Iterable[StandingRow], rule: Qualification) -> tuple[StandingRow, ...]:
    """The standings' qualifiers under ``rule`` (both limits apply when both are given)."""
    rule.check()
    out: list[StandingRow] = []
    for row in rows:
        if rule.top is not None and row.rank > rule.top:
            continue
        if rule.min_points is not None and row.points < rule.min_points:
            continue
        if row.points <= 0:
            continue  # nobody qualifies without points
        out.append(row)
    return tuple(out)


def championship_stacks(
    rows: Iterable[StandingRow], rule: StackRule
) -> tuple[ChampionshipStack, ...]:
    """Each qualifier's starting stack by ``rule`` (A3: SPOT-6.26), best rank first."""
    rule.check()
    formula = rule.compiled()
    chosen = tuple(rows)
    top = max((r.points for r in chosen), default=0.0)
    out: list[ChampionshipStack] = []
    for row in chosen:
        values: Mapping[str, float | int] = {
            "points": row.points,
            "rank": row.rank,
            "qualifiers": len(chosen),
            "top_points": top,
        }
        try:
            raw = float(formula.evaluate(values))
        except FormulaError as exc:
            raise FormulaError(f"{row.name}'s stack: {exc.message}") from None
        stack = max(rule.minimum, int(raw // rule.round_to) * rule.round_to)
        if stack > MAX_STACK:
            raise FormulaError(
                f"{row.name}'s stack would be {stack:,} chips; at most {MAX_STACK:,}."
            )
        out.append(
            ChampionshipStack(
                player=row.player, name=row.name, rank=row.rank, points=row.points, stack=stack
            )
        )
    return tuple(out)


__all__ = [
    "MAX_STACK",
    "STACK_VARIABLES",
    "ChampionshipStack",
    "Qualification",
    "StackRule",
    "StandingRow",
    "TieBreak",
    "championship_stacks",
    "qualifiers",
    "standings",
]
