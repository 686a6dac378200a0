"""Proactive balancing for the floor console: the moves due as a read model, "Confirm all"
(``ConfirmMoves``, one batch) and "Draw buttons" (``DrawButtons``)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from pokertd.app.tournaments import TournamentService
from pokertd.errors import InvalidCommand
from pokertd.store import open_store
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CreateTournament, Register, Roster
from pokertd.tournament.seating import (
    BreakTable,
    ButtonPlaced,
    ConfirmMoves,
    DrawButtons,
    DrawSeats,
    LayTables,
    MoveReason,
    PlaceButton,
    PlayerMoved,
    SuggestMoves,
    TableClosed,
    live_seating,
    moves_due,
    tables_view,
)
from pokertd.tournament.templates import load_template


@pytest.fixture
def service() -> Iterator[TournamentService]:
    seeds = itertools.count(1)
    svc = TournamentService(
        open_store("sqlite:///:memory:"),
        now=lambda: datetime(2026, 1, 1, 19, 0, tzinfo=UTC),
        rng_factory=lambda: random.Random(next(seeds)),
    )
    yield svc
    svc.close()


def _night(service: TournamentService, players: int, tables: int) -> str:
    tmpl = load_template("kpc_nlh").with_changes(tables=12, seats_per_table=9)
    tid = service.create(CreateTournament(name="Thursday", template=tmpl))
    for i in range(players):
        service.run(tid, Register(name=f"Player {i:03d}", member=f"M{i}", age_ok=True))
    service.run(tid, LayTables(tables=tuple((n, 9) for n in range(1, tables + 1))))
    service.run(tid, DrawSeats())
    return tid


def _bust_at(service: TournamentService, tid: str, table: int, count: int) -> None:
    state = service.state(tid)
    roster = state.part(Roster)
    seated = [p for p in live_seating(state).tables[table].players if p is not None]
    for victim in seated[:count]:
        service.run(tid, Bust(players=(roster.entries[victim].name,)))


def test_moves_due_appear_after_busts_without_writing(service: TournamentService) -> None:
    """18 players at 9/9; three busts at table 1 leave 6/9: one move is due, with its rule
    IDs, and reading it writes nothing (the log stays as long)."""
    tid = _night(service, 18, 2)
    assert moves_due(service.state(tid)) is None
    _bust_at(service, tid, 1, 3)
    before = len(service.records(tid))
    due = moves_due(service.state(tid))
    assert due is not None
    assert len(due.moves) == 1
    move = due.moves[0]
    assert (move.from_table, move.to_table, move.reason) == (2, 1, MoveReason.BALANCE)
    assert move.name is None  # no button yet: the console asks for it
    assert "KPC-7" in due.rule_ids
    assert len(service.records(tid)) == before
    service.run(tid, PlaceButton(table=2, seat=1))
    named = moves_due(service.state(tid))
    assert named is not None
    assert named.moves[0].name is not None
    assert named.moves[0].name in named.moves[0].text


def test_confirm_all_breaks_a_table_in_one_batch(service: TournamentService) -> None:
    """19 players at 7/6/6, three busts at table 1: breaking table 3, its 6 moves are
    confirmed with one command, one batch; the table closes and nothing waits any more."""
    tid = _night(service, 19, 3)
    assert sorted(t.players for t in tables_view(service.state(tid)).tables) == [6, 6, 7]
    _bust_at(service, tid, 1, 3)
    service.run(tid, BreakTable(table=3))
    pending = tables_view(service.state(tid)).pending
    assert len(pending) == 6
    records = service.run(tid, ConfirmMoves(moves=tuple(m.move_id for m in pending)))
    assert len({r.batch for r in records}) == 1
    assert sum(isinstance(r.event, PlayerMoved) for r in records) == 6
    assert any(isinstance(r.event, TableClosed) and r.event.table == 3 for r in records)
    view = tables_view(service.state(tid))
    assert view.pending == ()
    assert [t.table for t in view.tables] == [1, 2]
    assert sum(t.players for t in view.tables) == 16


def test_confirm_all_refuses_unknown_moves_and_unknown_buttons(
    service: TournamentService,
) -> None:
    tid = _night(service, 18, 2)
    with pytest.raises(InvalidCommand, match="no move #99"):
        service.run(tid, ConfirmMoves(moves=(99,)))
    _bust_at(service, tid, 1, 3)
    service.run(tid, SuggestMoves())
    pending = tables_view(service.state(tid)).pending
    with pytest.raises(InvalidCommand, match="button at table 2 is not known"):
        service.run(tid, ConfirmMoves(moves=(pending[0].move_id,)))
    service.run(tid, PlaceButton(table=2, seat=1))
    service.run(tid, ConfirmMoves(moves=(pending[0].move_id,)))
    assert sorted(t.players for t in tables_view(service.state(tid)).tables) == [7, 8]


def test_draw_buttons_at_every_table_without_one(service: TournamentService) -> None:
    tid = _night(service, 20, 3)
    service.run(tid, PlaceButton(table=1, seat=2))
    records = service.run(tid, DrawButtons())
    drawn = sorted(r.event.table for r in records if isinstance(r.event, ButtonPlaced))
    assert drawn == [2, 3]
    assert all(t.button is not None for t in tables_view(service.state(tid)).tables)
    with pytest.raises(InvalidCommand, match="already has its button"):
        service.run(tid, DrawButtons())
