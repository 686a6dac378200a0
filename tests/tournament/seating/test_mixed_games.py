"""Seating in mixed and stud events (issue 28): the frozen button of a stud round in the log
(C7: TNPL-B6iii, FOX-10B), the rotation by orbit per table, the dealer's ``SetTableGame``
and balancing by position in stud-only events (C6: TNPL-B6ii, FOX-10A)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from seating_helpers import S, room

from pokertd.app.tournaments import TournamentService
from pokertd.codec import from_json, to_json
from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.rules import Game
from pokertd.store import open_store
from pokertd.store.snapshot import decode_snapshot, encode_snapshot
from pokertd.tournament.chips import ChipSet
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CreateTournament, Register, Roster
from pokertd.tournament.framework import Redo, Undo
from pokertd.tournament.seating import (
    ConfirmMove,
    DrawSeats,
    HandsPlayed,
    LayTables,
    PlaceButton,
    PlayHands,
    SetTableGame,
    SuggestMoves,
    TableGame,
    TableGameSet,
    Tables,
    live_seating,
    next_game,
    table_game_next,
    tables_view,
)
from pokertd.tournament.seating import state as seating_state
from pokertd.tournament.seating.balancing import MoveReason, check_move, plan
from pokertd.tournament.seating.state import is_stud_only, structure_games
from pokertd.tournament.structures import Level, Rotation, Structure
from pokertd.tournament.templates import load_template

HORSE = (
    Game.LIMIT_HOLDEM,
    Game.LIMIT_OMAHA_HI_LO,
    Game.RAZZ,
    Game.SEVEN_CARD_STUD,
    Game.STUD_HI_LO,
)


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


def one_table(service: TournamentService, players: int = 9) -> str:
    """``players`` seated at one 9-seat table (seats 1..players), button unknown."""
    tmpl = load_template("tnpl_league").with_changes(tables=1, seats_per_table=9)
    tid = service.create(CreateTournament(name="HORSE", template=tmpl))
    for i in range(players):
        service.run(tid, Register(name=f"Player {i:02d}", member=f"M{i}", age_ok=True))
    service.run(tid, LayTables(tables=((1, 9),)))
    service.run(tid, DrawSeats())
    return tid


def positions(service: TournamentService, tid: str) -> tuple[int | None, int | None, int | None]:
    view = tables_view(service.state(tid)).tables[0]
    return (view.button, view.small_blind, view.big_blind)


# --- C7 in the log ------------------------------------------------------------------------------


def test_TNPL_B6iii_FOX_10B_stud_hands_in_the_log_freeze_the_button_at_seat_4(
    service: TournamentService,
) -> None:
    """The catalogue's example through the service: the hold'em hand now has the button on
    seat 3; six hands of stud are reported: the event says the button is frozen at seat 4,
    the table's next hold'em hand still has button 4, SB 5, BB 6; the first hold'em hand
    reported afterwards has its button at seat 4 (FOX-10B) and the next one moves it on."""
    tid = one_table(service)
    service.run(tid, PlaceButton(table=1, seat=3))  # the hand now: button 3, SB 4, BB 5
    assert positions(service, tid) == (4, 5, 6)
    ev = service.run(tid, PlayHands(table=1, hands=6, game=Game.SEVEN_CARD_STUD))[0].event
    assert isinstance(ev, HandsPlayed)
    assert (ev.button, ev.game) == (4, Game.SEVEN_CARD_STUD)
    assert ev.said().text == "6 hand(s) of stud played at table 1, button frozen at seat 4"
    assert positions(service, tid) == (4, 5, 6)
    seating = live_seating(service.state(tid))
    assert seating.tables[1].button.frozen == S(4)
    assert seating.tables[1].game == TableGame(game=Game.SEVEN_CARD_STUD, hands=6, players=9)
    ev = service.run(tid, PlayHands(table=1, hands=1, game=Game.LIMIT_HOLDEM))[0].event
    assert isinstance(ev, HandsPlayed)
    assert ev.button == 4  # the first hold'em hand after the stud round
    assert ev.said().text == "1 hand(s) of flhe played at table 1, button now seat 4"
    assert positions(service, tid) == (5, 6, 7)


def test_TNPL_B6iii_would_be_big_blind_busts_during_stud(service: TournamentService) -> None:
    """Seat 6, who would be big blind if the game were hold'em, busts during the stud round:
    the first hold'em hand keeps the button at 4 and SB 5; the big blind passes to seat 7."""
    tid = one_table(service)
    service.run(tid, PlaceButton(table=1, seat=3))
    service.run(tid, PlayHands(table=1, hands=2, game=Game.RAZZ))
    seating = live_seating(service.state(tid))
    service.run(tid, Bust(players=(seating.tables[1].players[S(6)] or "",)))
    service.run(tid, PlayHands(table=1, hands=2, game=Game.RAZZ))
    assert positions(service, tid) == (4, 5, 7)


def test_C7_stud_hands_need_no_button_but_two_players(service: TournamentService) -> None:
    """A stud-only table has no button: stud hands are recorded without one (the event names
    none), a board-game hand is still refused until the button is known."""
    tid = one_table(service)
    ev = service.run(tid, PlayHands(table=1, hands=3, game=Game.STUD_HI_LO))[0].event
    assert isinstance(ev, HandsPlayed)
    assert ev.button is None
    with pytest.raises(InvalidCommand, match="button is not known"):
        service.run(tid, PlayHands(table=1, game=Game.LIMIT_HOLDEM))


def test_C7_old_hands_played_events_replay_as_board_hands() -> None:
    """A ``hands_played`` event written before issue 28 has no game: it reads as a board
    game (``None``), as it did."""
    old = from_json(HandsPlayed, to_json({"table": 2, "hands": 3, "button": 5}))
    assert old == HandsPlayed(table=2, hands=3, button=5)
    assert old.game is None


# --- rotation by orbit ----------------------------------------------------------------------------


def test_rotation_by_orbit_six_players_in_stud_then_the_next_game() -> None:
    """Six players dealt in the first razz hand: after 5 hands the table still deals razz,
    after the 6th it moves on to stud; after stud hi-lo (the last) comes limit hold'em."""
    record: TableGame | None = None
    assert next_game(HORSE, record) is Game.LIMIT_HOLDEM
    record = TableGame(game=Game.RAZZ, hands=1, players=6)
    for _ in range(4):
        record = record.dealt(Game.RAZZ, 5)  # a bust in the round does not shorten it
    assert record.hands == 5
    assert next_game(HORSE, record) is Game.RAZZ
    record = record.dealt(Game.RAZZ, 5)
    assert next_game(HORSE, record) is Game.SEVEN_CARD_STUD
    last = TableGame(game=Game.STUD_HI_LO, hands=8, players=8)
    assert next_game(HORSE, last) is Game.LIMIT_HOLDEM
    assert next_game(HORSE, TableGame(game=Game.STUD_HI_LO)) is Game.STUD_HI_LO  # set, no hand
    assert next_game(HORSE, TableGame(game=Game.NO_LIMIT_HOLDEM, hands=9, players=9)) is (
        Game.LIMIT_HOLDEM  # not in the rotation: it starts again
    )


def test_rotation_per_table_from_recorded_hands(service: TournamentService) -> None:
    """Nine players: eight hold'em hands keep the table in hold'em, the ninth completes the
    orbit (the button has passed every player) and the table deals Omaha hi-lo next."""
    tid = one_table(service)
    service.run(tid, PlaceButton(table=1, seat=1))
    service.run(tid, PlayHands(table=1, hands=8, game=Game.LIMIT_HOLDEM))
    assert table_game_next(service.state(tid), 1, HORSE) is Game.LIMIT_HOLDEM
    service.run(tid, PlayHands(table=1, hands=1, game=Game.LIMIT_HOLDEM))
    assert table_game_next(service.state(tid), 1, HORSE) is Game.LIMIT_OMAHA_HI_LO


def test_set_table_game_refused_outside_the_rotation_and_undone(
    service: TournamentService,
) -> None:
    """The dealer says table 1 deals razz now: recorded, the button frozen where the next
    hold'em hand would have it (seat 2 after a button on 1); a game not in the rotation is
    refused with the games it has; undo lifts the freeze, redo puts it back."""
    tid = one_table(service)
    service.run(tid, PlaceButton(table=1, seat=1))
    with pytest.raises(RuleViolation, match=r"nlhe is not a game of this event's rotation"):
        service.run(tid, SetTableGame(table=1, game=Game.NO_LIMIT_HOLDEM, rotation=HORSE))
    with pytest.raises(RuleViolation, match="names no games to rotate"):
        service.run(tid, SetTableGame(table=1, game=Game.RAZZ))  # the structure names none
    ev = service.run(tid, SetTableGame(table=1, game=Game.RAZZ, rotation=HORSE))[0].event
    assert ev == TableGameSet(table=1, game=Game.RAZZ)
    assert ev.said().text == "Table 1 now deals razz"
    table = live_seating(service.state(tid)).tables[1]
    assert (table.game, table.button.frozen) == (TableGame(game=Game.RAZZ), S(2))
    assert table_game_next(service.state(tid), 1, HORSE) is Game.RAZZ
    service.run(tid, Undo())
    table = live_seating(service.state(tid)).tables[1]
    assert (table.game, table.button.frozen) == (None, None)
    service.run(tid, Redo())
    assert live_seating(service.state(tid)).tables[1].button.frozen == S(2)


# --- C6: stud-only events balance by position ---------------------------------------------------


def _levels(*games: Game | None) -> Structure:
    levels = tuple(
        Level(number=i + 1, small_blind=100, big_blind=200, minutes=20, game=g)
        for i, g in enumerate(games)
    )
    return Structure(name="t", levels=levels, chips=ChipSet.of(25, 100, 500))


def test_stud_only_is_every_level_stud() -> None:
    """A stud-only event (every level stud, stud hi-lo or razz) balances by position; HORSE
    and a level that names no game (hold'em) do not."""
    assert is_stud_only(_levels(Game.SEVEN_CARD_STUD, Game.RAZZ, Game.STUD_HI_LO))
    assert not is_stud_only(_levels(Game.LIMIT_HOLDEM, Game.SEVEN_CARD_STUD))
    assert not is_stud_only(_levels(Game.SEVEN_CARD_STUD, None))
    assert structure_games(_levels(Game.RAZZ, Game.SEVEN_CARD_STUD, Game.RAZZ)) == (
        Game.RAZZ,
        Game.SEVEN_CARD_STUD,
    )


def test_TNPL_B6ii_FOX_10A_stud_only_fills_the_last_seat_to_open() -> None:
    """Table 1 has 9 players, table 2 had 9 and lost seats 3, 8 and then 7 (7 is the last
    seat to open): the player moved fills table 2 seat 7 and is table 1's seat-7 player."""
    seating = room({1: list(range(1, 10)), 2: list(range(1, 10))}, "tnpl", break_order=(1, 2))
    for seat in (3, 8, 7):
        seating.unseat(f"T2S{seat}")
    assert seating.tables[2].vacated == (S(3), S(8), S(7))
    todo = plan(seating, random.Random(1), stud_only=True)
    (move,) = todo.moves
    assert (move.player, move.from_seat, move.to_table, move.to_seat) == ("T1S7", S(7), 2, S(7))
    assert move.reason is MoveReason.BALANCE


def test_FOX_10A_stud_only_same_seat_empty_takes_the_next_player_clockwise() -> None:
    """The last seat to open at table 2 is seat 9; table 1's seat 9 is empty (8 players and
    table 2 has 5): the player moved is the next clockwise from seat 9, table 1's seat 1."""
    seating = room(
        {1: [1, 2, 3, 4, 5, 6, 7, 8], 2: [1, 2, 3, 4, 5, 6, 7, 8, 9]},
        "foxwoods",
        break_order=(1, 2),
    )
    for seat in (2, 4, 6, 9):
        seating.unseat(f"T2S{seat}")
    todo = plan(seating, random.Random(1), stud_only=True)
    (move,) = todo.moves
    assert (move.player, move.to_table, move.to_seat) == ("T1S1", 2, S(9))


def test_C6_stud_only_seat_is_checked_without_blinds() -> None:
    """The seat filled in stud may be next hand's would-be small blind of a button left
    over from an earlier draw: a stud-only event has no blinds, so the move is allowed."""
    seating = room({1: list(range(1, 10)), 2: list(range(1, 10))}, "tnpl", break_order=(1, 2))
    seating.set_button(2, S(3))  # hand now: button 3, SB 4, BB 5 -> next SB 5
    for seat in (1, 8, 5):
        seating.unseat(f"T2S{seat}")
    seating.stud_only = True
    (move,) = plan(seating, random.Random(1)).moves
    assert move.to_seat == S(5)
    assert check_move(seating, move).to_seat == S(5)
    seating.stud_only = False
    with pytest.raises(RuleViolation, match="small blind"):
        check_move(seating, move)


def test_C7_mixed_event_balances_by_the_would_be_big_blind() -> None:
    """A mixed event in a stud round balances as hold'em: table 1's button frozen at seat 4
    (last hold'em button 3), so the player moved is seat 6, the would-be big blind."""
    seating = room({1: list(range(1, 10)), 2: [1, 2, 3, 4, 5, 6]}, "tnpl", break_order=(1, 2))
    seating.set_button(1, S(3))
    seating.stud_hand_dealt(1)
    seating.set_button(2, S(1))
    (move,) = plan(seating, random.Random(1)).moves
    assert (move.player, move.from_table) == ("T1S6", 1)


def test_TNPL_B6ii_stud_only_event_through_the_log(
    service: TournamentService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stud-only event (the structure's every level stud: here told so), no button at any
    table: table 1's players in seats 2, 6 and 4 bust in that order (9 -> 6 against table
    2's 9). The move suggested fills table 1 seat 4, the last seat to open, with table 2's
    seat-4 player; confirmed, he sits there (no blind rule refuses it). The busts' seat
    order is replayed from the log."""
    monkeypatch.setattr(seating_state, "stud_only_event", lambda state: True)
    tmpl = load_template("tnpl_league").with_changes(tables=2, seats_per_table=9)
    tid = service.create(CreateTournament(name="Stud", template=tmpl))
    for i in range(18):
        service.run(tid, Register(name=f"Player {i:02d}", member=f"M{i}", age_ok=True))
    service.run(tid, LayTables(tables=((1, 9), (2, 9)), break_order=(1, 2)))
    service.run(tid, DrawSeats())
    seating = live_seating(service.state(tid))
    names = service.state(tid).part(Roster).entries
    for seat in (2, 6, 4):
        entry = seating.tables[1].players[S(seat)]
        assert entry is not None
        service.run(tid, Bust(players=(names[entry].name,)))
    assert live_seating(service.state(tid)).tables[1].vacated == (S(2), S(6), S(4))
    service.run(tid, SuggestMoves())
    (move,) = tables_view(service.state(tid)).pending
    wanted = seating.tables[2].players[S(4)]
    assert (move.entry_id, move.from_table, move.from_seat) == (wanted, 2, 4)
    assert (move.to_table, move.to_seat) == (1, 4)
    service.run(tid, ConfirmMove(move_id=move.move_id))
    assert live_seating(service.state(tid)).where[wanted or ""] == (1, S(4))


def test_C7_frozen_button_game_and_vacated_seats_survive_a_snapshot(
    service: TournamentService,
) -> None:
    """A snapshot keeps what the log folds to: table 1's game record (razz, 2 hands of 8
    players), the button frozen at seat 4 and the seat vacated by a bust (seat 6)."""
    tid = one_table(service)
    service.run(tid, PlaceButton(table=1, seat=3))
    seating = live_seating(service.state(tid))
    entry = seating.tables[1].players[S(6)]
    assert entry is not None
    service.run(tid, Bust(players=(service.state(tid).part(Roster).entries[entry].name,)))
    service.run(tid, PlayHands(table=1, hands=2, game=Game.RAZZ))
    state = service.state(tid)
    decoded = decode_snapshot(tid, encode_snapshot(state))
    table = decoded.part(Tables).seating.tables[1]  # type: ignore[union-attr]
    assert table.game == TableGame(game=Game.RAZZ, hands=2, players=8)
    assert table.button.frozen == S(4)
    assert table.vacated == (S(6),)


def test_structure_games_of_a_game_each_orbit_event_are_its_rotation() -> None:
    """A game-each-orbit HORSE (levels name no game, every level deals the five games)
    deals the rotation's games, in its order; a stud/razz/stud hi-lo rotation by orbit is a
    stud-only event (every level deals stud games only: C6, TNPL-B6ii, FOX-10A), a HORSE
    rotation by orbit is not (C7: it balances as hold'em)."""
    plain = _levels(None, None, None)
    horse = Structure(
        name="t", levels=plain.levels, chips=plain.chips, rotation=Rotation(HORSE, by="orbit")
    )
    assert structure_games(horse) == HORSE
    assert not is_stud_only(horse)
    studs = (Game.SEVEN_CARD_STUD, Game.RAZZ, Game.STUD_HI_LO)
    stud_rotation = Structure(
        name="t", levels=plain.levels, chips=plain.chips, rotation=Rotation(studs, by="orbit")
    )
    assert structure_games(stud_rotation) == studs
    assert is_stud_only(stud_rotation)
    assert structure_games(plain) == ()


def test_structure_games_of_the_horse_preset_are_the_five_in_rotation_order() -> None:
    """The ``horse`` preset (a game each level): limit hold'em, Omaha hi-lo, razz, stud,
    stud hi-lo: the H·O·R·S·E order of the rotation."""
    assert structure_games(load_template("horse").structure_value()) == HORSE
