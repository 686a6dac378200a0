"""What a simulated night reports, gathered as it is played: the moments a director asks
about (registration closed, the money, the final table, the end), the field level by level
and the players left over time; :func:`night_report` turns them into the
:class:`~pokertd.sim.report.NightReport`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokertd.sim.report import MISTAKE_KINDS, Finish, LevelRow, NightReport
from pokertd.tournament.clock import Level
from pokertd.tournament.entries import Roster
from pokertd.tournament.prizes import standings
from pokertd.tournament.views import results

if TYPE_CHECKING:
    from pokertd.sim.night import Night


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
        self, level: Level, t: float, left: int, total: int, entries: int, tables: int
    ) -> None:
        """A hand dealt at ``t`` in ``level`` with ``left`` players holding ``total``."""
        number = level.number
        if number not in self.levels:
            average = total // left if left else 0
            self.levels[number] = LevelRow(
                level=number,
                blinds=level.blinds,
                starts_at=int(t),
                players_left=left,
                entries=entries,
                tables=tables,
                average_stack=average,
                average_bb=round(average / level.big_blind, 1) if level.big_blind else 0.0,
                hands=0,
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
            )
            for n, row in sorted(self.levels.items())
        )


def _notes(night: Night, prizes_note: str | None, finished: bool) -> list[str]:
    """The report's notes: what a director should know about how the night was played."""
    notes = list(night.notes)
    if not finished:
        why = prizes_note or "no prize was computed"
        notes.append(
            f"The tournament's results show no prizes ({why}): the night is played, "
            "but its payouts are missing in the core for this field."
        )
    floor = night.floor
    if floor.core_errors:
        notes.append(
            f"The core crashed {len(floor.core_errors)} time(s) on a floor command (a bug "
            f"to fix): {floor.core_errors[0]}"
        )
    if floor.by_hand:
        notes.append(
            f"{floor.by_hand} time(s) the suggested moves were refused as suggested and "
            "the floor named the player and the seat (ConfirmMove)."
        )
    if night.desk.walk_outs:
        notes.append(
            f"{night.desk.walk_outs} late player(s) found registration closed or no seat and "
            "went home."
        )
    return notes


def night_report(night: Night, checks: list[str], started_from: str | None = None) -> NightReport:
    """The night's report, read from the tournament's results and the tallies."""
    state, now = night.st, night.time.now()
    view = results(state, now)
    rows = {r.entry_id: r for r in standings(state, now)}
    finishing = tuple(
        Finish(
            place=r.place,
            player=r.name,
            prize=r.prize_cents or 0,
            bounty=rows[r.entry_id].bounties if r.entry_id in rows else 0,
        )
        for r in view.rows
        if (r.prize_cents or 0) > 0
    )
    winner = next(iter(night.ledger.stacks))
    roster = state.part(Roster)
    marks, desk, config = night.marks, night.desk, night.config
    return NightReport(
        template=night.tmpl.name,
        title=night.tmpl.title,
        profile=night.profile.name,
        seed=config.seed,
        entries=roster.entry_count,
        players=len(roster.players),
        reentries=sum(max(len(p.entries) - 1, 0) for p in roster.players.values()),
        rebuys=desk.rebuys,
        addons=desk.addons,
        alternates=len(desk.alternates),
        hands=night.dealer.hands,
        duration=int(marks.last_end),
        registration_closed_at=marks.registration_closed_at,
        money_at=marks.money_at,
        money_level=marks.money_level,
        final_table_at=marks.final_table_at,
        final_table_level=marks.final_table_level,
        final_level=marks.last_level,
        levels=night.levels.rows(),
        players_left=tuple(night.levels.players_left),
        prize_pool=view.prize_pool_cents,
        paid_places=len(finishing),
        finishing=finishing,
        winner=night.ledger.names[winner],
        checks=tuple(checks),
        notes=tuple(_notes(night, view.prizes_note, bool(finishing))),
        tournament_id=night.console.tid,
        store_url=config.store_url,
        events=night.checks.events,
        commands=night.console.commands,
        started_from=started_from,
        floor=config.floor,
        mistakes=(
            tuple((kind, night.mistakes[kind]) for kind, _ in MISTAKE_KINDS)
            if config.floor != "careful"
            else ()
        ),
        refusals=night.console.refusals,
        invariant_checks=night.checks.count,
    )


__all__ = ["LevelLog", "Milestones", "night_report"]
