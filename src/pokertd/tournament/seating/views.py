"""Read models of the seating: every table, its players, button, blinds and the pending moves.

What ``pokertd tables`` and the floor page show, built from the seating state part.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pokertd.tournament.framework import (
    TournamentState,
)
from pokertd.tournament.seating.balancing import (
    MoveReason,
    halted_tables,
    notify_tables,
    plan,
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


@dataclass(frozen=True, slots=True, kw_only=True)
class DueMove:
    """A move the rules require now, not yet suggested (nothing is written)."""

    from_table: int
    to_table: int
    name: str | None
    """The player due the big blind next at ``from_table``; ``None`` while its button is
    not known (the floor places the button, then the move names the player)."""
    reason: MoveReason
    rule_ids: tuple[str, ...]
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class MovesDue:
    """What balancing requires after the latest change, as a read model: the floor console
    shows it at once after every bust, and a person confirms (``SuggestMoves``/
    ``BreakTable`` then ``ConfirmMoves``); reading it writes nothing."""

    moves: tuple[DueMove, ...]
    break_table: int | None
    final_table: bool
    closed: tuple[int, ...]
    halted: tuple[int, ...]
    tolerance: int
    rule_ids: tuple[str, ...]
    text: str


_BREAK_RULES = ("KPC-7", "TNPL-B6v", "FOX-10D")
_BALANCE_RULES = ("KPC-7", "KPC-8d", "TNPL-B6ii", "FOX-10A")
_FINAL_RULES = ("KPC-9", "TNPL-B4", "FOX-11A")


def moves_due(state: TournamentState) -> MovesDue | None:
    """The moves the rules require now, or ``None`` when none are due or some are already
    waiting for the floor (those are the pending moves).

    The plan is drawn with a random generator seeded by the log position, so every screen
    shows the same suggestion for the same state; the seats are drawn again when the floor
    confirms (``SuggestMoves``/``BreakTable``).
    """
    part = state.part(Tables)
    if part.pending or part.seating is None:
        return None  # moves wait for the floor already, or no seat has been drawn
    seating = live_seating(state)
    if len(seating.tables) < 2 or not seating.players:
        return None
    todo = plan(seating.copy(), random.Random(state.seq))
    if todo.empty and not todo.closed:
        return None
    moves = []
    for m in todo.moves:
        name = None
        if m.player is not None:
            name = entry_name(state, m.player)
        elif m.reason is MoveReason.BALANCE:
            due = seating.due_big_blind(m.from_table)
            name = None if due is None else entry_name(state, due)
        why = "balance" if m.reason is MoveReason.BALANCE else f"table {m.from_table} breaks"
        who = name or f"the player due the big blind at table {m.from_table}"
        moves.append(
            DueMove(
                from_table=m.from_table,
                to_table=m.to_table,
                name=name,
                reason=m.reason,
                rule_ids=m.rule_ids,
                text=f"{who}: table {m.from_table} → table {m.to_table} ({why})",
            )
        )
    rules: tuple[str, ...]
    if todo.final_table is not None:
        rules, text = _FINAL_RULES, f"{seating.players} players left: time for the final table."
    elif todo.break_table is not None:
        rules = _BREAK_RULES
        text = f"Table {todo.break_table} breaks: its {len(moves)} players fit at the other tables."
    elif moves:
        rules = _BALANCE_RULES
        text = (
            f"Tables out of balance (more than {todo.tolerance} apart): "
            f"{len(moves)} move{'s' if len(moves) != 1 else ''} due."
        )
    else:
        rules, text = (), "Empty tables close: " + ", ".join(map(str, todo.closed)) + "."
    return MovesDue(
        moves=tuple(moves),
        break_table=todo.break_table,
        final_table=todo.final_table is not None,
        closed=todo.closed,
        halted=todo.halted,
        tolerance=todo.tolerance,
        rule_ids=rules,
        text=text,
    )


__all__ = [
    "DueMove",
    "MovesDue",
    "SeatView",
    "TableView",
    "TablesView",
    "moves_due",
    "tables_view",
]
