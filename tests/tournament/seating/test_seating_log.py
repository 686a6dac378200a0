"""Seating in the tournament log, through the service: a 100-player night to the final table."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from pokertd.app.tournaments import TournamentService
from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.store import open_store
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CreateTournament, Register, Roster
from pokertd.tournament.framework import fold
from pokertd.tournament.seating import (
    BreakTable,
    ButtonPlaced,
    ConfirmMove,
    DrawSeats,
    FinalTableDrawn,
    HandsPlayed,
    LayTables,
    PlaceButton,
    PlayerMoved,
    PlayHands,
    Redraw,
    SeatPlayer,
    SeatsDrawn,
    SetAutoConfirm,
    SuggestMoves,
    TableClosed,
    Tables,
    live_seating,
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


def night(service: TournamentService, players: int, template: str = "kpc_nlh") -> str:
    tmpl = load_template(template).with_changes(tables=12, seats_per_table=9)
    tid = service.create(CreateTournament(name="Thursday", template=tmpl))
    for i in range(players):
        service.run(tid, Register(name=f"Player {i:03d}", member=f"M{i}", age_ok=True))
    return tid


def test_KPC_6a_KPC_7_KPC_9_hundred_player_night(service: TournamentService) -> None:
    """100 players seated at random, busted one by one with every move the rules ask for
    confirmed, down to the final table's redraw and button draw (KPC-6a, KPC-7, KPC-8d,
    KPC-6d, KPC-9). A move held back by the small blind or button seats (KPC-8d) waits for
    a hand at that table, as the floor deals one."""
    tid = night(service, 100)
    recs = service.run(tid, DrawSeats())
    drawn = recs[0].event
    assert isinstance(drawn, SeatsDrawn)
    assert len(drawn.seats) == 100
    view = tables_view(service.state(tid))
    assert len(view.tables) == 12
    assert {t.players for t in view.tables} <= {8, 9}
    for t in view.tables:
        service.run(tid, PlaceButton(table=t.table))  # high-card draw
    rng = random.Random(99)
    moved = closed = 0
    final: FinalTableDrawn | None = None
    while final is None:
        state = service.state(tid)
        alive = sorted(e.name for e in state.part(Roster).alive())
        service.run(tid, Bust(players=(rng.choice(alive),)))
        try:
            records = service.run(tid, SuggestMoves(paid_places=10))
        except RuleViolation as exc:
            assert exc.rule_ids == ("KPC-9",)  # noqa: PT017  (C9: Kojack's own rule only)
            ev = service.run(tid, Redraw())[0].event
            assert isinstance(ev, FinalTableDrawn)
            final = ev
            break
        except InvalidCommand as exc:
            if exc.context.get("hint") == "play_hands":  # C6: a hand there, as the floor would
                for number in exc.context["tables"]:
                    service.run(tid, PlayHands(table=number))
                continue
            assert exc.message.startswith("No moves needed")  # noqa: PT017
            continue
        pending = tables_view(service.state(tid)).pending
        assert records
        for move in pending:
            for rec in service.run(tid, ConfirmMove(move_id=move.move_id)):
                if isinstance(rec.event, PlayerMoved):
                    moved += 1
                if isinstance(rec.event, TableClosed):
                    closed += 1
        seating = live_seating(service.state(tid))
        tol = 1 if len(seating.tables) <= 3 else 2
        assert seating.max_count() - seating.min_count() <= tol
        assert len(seating.tables) == -(-seating.players // 9)
    assert final.seats == 9  # KPC: the final table is the table's own size
    assert final.redraw
    assert final.button is not None
    state = service.state(tid)
    view = tables_view(state)
    assert len(view.tables) == 1
    assert view.players == 9
    assert view.tables[0].button == final.button
    assert moved > 0
    assert closed == 10  # 12 tables -> 2 by breaks, then the final-table redraw
    # replay from the log gives the same seating
    replayed = fold(tid, service.records(tid))
    assert live_seating(replayed).snapshot() == live_seating(state).snapshot()


def test_auto_confirm_applies_moves_at_once(service: TournamentService) -> None:
    tid = night(service, 20, "tnpl_league")
    service.run(tid, DrawSeats())
    service.run(tid, SetAutoConfirm(on=True))
    with pytest.raises(InvalidCommand, match="already on"):
        service.run(tid, SetAutoConfirm(on=True))
    # 20 players on three tables (7/7/6): bust four at one table to force a move
    seating = live_seating(service.state(tid))
    number = max(seating.tables, key=lambda n: (seating.tables[n].count, n))
    victims = [p for p in seating.tables[number].players if p is not None][:3]
    roster = service.state(tid).part(Roster)
    for v in victims:
        service.run(tid, Bust(players=(roster.entries[v].name,)))
    records = service.run(tid, SuggestMoves())
    assert all(isinstance(r.event, PlayerMoved | TableClosed) for r in records)
    assert any(isinstance(r.event, PlayerMoved) for r in records)
    assert all(r.event.auto for r in records if isinstance(r.event, PlayerMoved))
    assert tables_view(service.state(tid)).pending == ()


def test_bad_input_changes_nothing(service: TournamentService) -> None:
    tid = night(service, 12)
    service.run(tid, DrawSeats())
    before = service.last_seq(tid)
    seating = live_seating(service.state(tid))
    number, seat = seating.where[next(iter(seating.where))]
    with pytest.raises(InvalidCommand, match="Every player still in has a seat"):
        service.run(tid, DrawSeats())
    with pytest.raises(RuleViolation, match="already sits"):
        service.run(tid, SeatPlayer(player="Player 001", table=number, seat=seat + 1))
    with pytest.raises(RuleViolation, match=r"last table|cannot break"):
        service.run(tid, BreakTable(table=number))
    with pytest.raises(InvalidCommand, match="no move #5"):
        service.run(tid, ConfirmMove(move_id=5))
    with pytest.raises(RuleViolation, match="Players are already seated"):
        service.run(tid, LayTables(tables=((1, 9),)))
    assert service.last_seq(tid) == before
    assert service.state(tid).part(Tables).pending == {}


def test_stale_move_refused_after_the_player_busts(service: TournamentService) -> None:
    tid = night(service, 16)
    service.run(tid, LayTables(tables=((1, 9), (2, 9)), break_order=(2, 1)))
    service.run(tid, DrawSeats())
    seating = live_seating(service.state(tid))
    for n in seating.tables:
        service.run(
            tid,
            PlaceButton(
                table=n, seat=next(s + 1 for s in range(9) if seating.tables[n].occupied >> s & 1)
            ),
        )
    roster = service.state(tid).part(Roster)
    # 8 / 8: bust three at table 1 -> 5 / 8 is three apart: a move is suggested
    t1 = [p for p in seating.tables[1].players if p is not None]
    for v in t1[:3]:
        service.run(tid, Bust(players=(roster.entries[v].name,)))
    service.run(tid, SuggestMoves())
    pending = tables_view(service.state(tid)).pending
    assert len(pending) == 1
    move = pending[0]
    assert move.name is not None
    service.run(tid, Bust(players=(move.name,)))
    with pytest.raises(RuleViolation, match="stale"):
        service.run(tid, ConfirmMove(move_id=move.move_id))
    # planning again replaces the stale suggestion: 5 / 7 is now within two, no move
    service.run(tid, SuggestMoves())
    assert tables_view(service.state(tid)).pending == ()


def test_SPOT_6_5_break_then_button_draw_in_the_log(service: TournamentService) -> None:
    """SPOT: once the last move of a break is confirmed, a table with half new players
    cuts for the button (the cards are in the event)."""
    tid = night(service, 20, "spot_league")
    service.run(tid, LayTables(tables=((1, 9), (2, 9), (3, 9))))
    service.run(tid, DrawSeats())
    seating = live_seating(service.state(tid))
    roster = service.state(tid).part(Roster)
    # 7 / 7 / 6 -> bust down to 3 / 3 / 6: table 3 breaks, 3 newcomers join 3 at each table
    for number in (1, 2):
        players = [p for p in seating.tables[number].players if p is not None]
        for v in players[3:]:
            service.run(tid, Bust(players=(roster.entries[v].name,)))
    service.run(tid, SuggestMoves())
    pending = tables_view(service.state(tid)).pending
    assert {m.from_table for m in pending} == {3}
    events = []
    for m in pending:
        events += [r.event for r in service.run(tid, ConfirmMove(move_id=m.move_id))]
    draws = [e for e in events if isinstance(e, ButtonPlaced)]
    assert draws
    assert all(e.cards for e in draws)
    assert any(isinstance(e, TableClosed) for e in events)


def test_KPC_23A_hands_played_move_the_button_on(service: TournamentService) -> None:
    """The floor says where the button is; two hands later it is two players on (D1)."""
    tid = night(service, 9)
    service.run(tid, LayTables(tables=((1, 9),)))
    service.run(tid, DrawSeats())
    with pytest.raises(InvalidCommand, match="button is not known"):
        service.run(tid, PlayHands(table=1))
    service.run(tid, PlaceButton(table=1, seat=1))  # the hand now: button 1, SB 2, BB 3
    assert tables_view(service.state(tid)).tables[0].button == 2
    ev = service.run(tid, PlayHands(table=1, hands=2))[0].event
    assert isinstance(ev, HandsPlayed)
    assert ev.button == 3
    view = tables_view(service.state(tid)).tables[0]
    assert (view.button, view.small_blind, view.big_blind) == (4, 5, 6)
    with pytest.raises(InvalidCommand, match="from 1 to 1000"):
        service.run(tid, PlayHands(table=1, hands=0))


def test_empty_table_closes_on_suggest(service: TournamentService) -> None:
    tid = night(service, 14)
    service.run(tid, LayTables(tables=((1, 9), (2, 9), (3, 9))))
    service.run(tid, DrawSeats())
    seating = live_seating(service.state(tid))
    roster = service.state(tid).part(Roster)
    small = min(seating.tables, key=lambda n: seating.tables[n].count)
    for v in [p for p in seating.tables[small].players if p is not None]:
        service.run(tid, Bust(players=(roster.entries[v].name,)))
    events = [r.event for r in service.run(tid, SuggestMoves())]
    assert TableClosed(table=small) in events
    assert small not in live_seating(service.state(tid)).tables
