"""Read models of the seating: every table, its players, button, blinds and the pending moves.

What ``pokertd tables`` and the floor page show, built from the seating state part.
"""

from __future__ import annotations

from dataclasses import dataclass

from pokertd.tournament.framework import (
    TournamentState,
)
from pokertd.tournament.seating.balancing import (
    halted_tables,
    notify_tables,
)
from pokertd.tournament.seating.rules import (
    final_table_size,
)
from pokertd.tournament.seating.state import (
    MoveRecord,
    Tables,
    entry_name,
    live_seating,
    move_record,
)

# --- views ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatView:
    """One occupied seat for display."""

    seat: int
    entry_id: str
    name: str
    moves: int
    waits: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class TableView:
    """One table for display: players, button, blinds, flags."""

    table: int
    seats: int
    players: int
    seated: tuple[SeatView, ...]
    button: int | None
    small_blind: int | None
    big_blind: int | None
    due_big_blind: str | None
    halted: bool
    notify_host: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class TablesView:
    """Every table, the pending moves and what the rules ask for now."""

    tables: tuple[TableView, ...]
    players: int
    final_table_size: int
    final_table: bool
    pending: tuple[MoveRecord, ...]
    auto_confirm: bool


def tables_view(state: TournamentState) -> TablesView:
    """What ``pokertd tables`` shows."""
    seating = live_seating(state)
    part = state.part(Tables)
    halted = set(halted_tables(seating))
    notify = set(notify_tables(seating))
    out: list[TableView] = []
    for number, table in sorted(seating.tables.items()):
        button = sb = bb = None
        waiting = 0
        due = None
        if table.button.known and table.count >= 2:
            hand = table.button.next_hand(table.occupied)
            button, bb = hand.button + 1, hand.big_blind_seat + 1
            sb = None if hand.small_blind_seat is None else hand.small_blind_seat + 1
            waiting = hand.waiting
            player = table.players[hand.big_blind_seat]
            due = None if player is None else entry_name(state, player)
        seated = tuple(
            SeatView(
                seat=s + 1,
                entry_id=p,
                name=entry_name(state, p),
                moves=seating.moves_of(p),
                waits=bool(waiting >> s & 1),
            )
            for s, p in enumerate(table.players)
            if p is not None
        )
        out.append(
            TableView(
                table=number,
                seats=table.n_seats,
                players=table.count,
                seated=seated,
                button=button,
                small_blind=sb,
                big_blind=bb,
                due_big_blind=due,
                halted=number in halted,
                notify_host=number in notify,
            )
        )
    pending = tuple(move_record(state, i, m) for i, m in sorted(part.pending.items()))
    return TablesView(
        tables=tuple(out),
        players=seating.players,
        final_table_size=final_table_size(seating.profile, seating.seats_per_table),
        final_table=seating.final,
        pending=pending,
        auto_confirm=part.auto_confirm,
    )


__all__ = [
    "SeatView",
    "TableView",
    "TablesView",
    "tables_view",
]
