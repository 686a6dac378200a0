"""What the seating keeps worked out from itself (issue 25) is thrown away when it changes:
a plan's seed read twice is digested once, and after a seat, a bust, a move, a button or a
table closed it is the seed of the seating as it is now (C4: the seats a table break draws
follow the seating; KPC-6d, TNPL-B5, FOX-9).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest
from seating_helpers import S, field_of, room

from pokertd.tournament.seating import Seating
from pokertd.tournament.seating.balancing import plan, plan_seed, resolve_moves


def _fresh(seating: Seating, salt: str) -> int:
    """The seed worked out from scratch (a copy keeps nothing)."""
    copy = seating.copy()
    assert copy.seeds is None
    return plan_seed(copy, salt)


def test_C4_a_plan_seed_is_kept_until_the_seating_changes() -> None:
    room = field_of(40)
    seed = plan_seed(room, "t1")
    assert room.seeds is not None
    assert room.seeds[1] == {"t1": seed}
    assert plan_seed(room, "t1") == seed == _fresh(room, "t1")
    other = plan_seed(room, "t2")
    assert other != seed
    assert room.seeds[1] == {"t1": seed, "t2": other}
    player = next(iter(room.where))
    number, seat = room.where[player]
    changes: list[Callable[[], object]] = [
        lambda: room.unseat(player),
        lambda: room.seat(player, number, seat),
        lambda: room.move(player, *_open_seat(room, number)),
        lambda: room.set_button(number, room.where[player][1]),
    ]
    for change in changes:
        before = plan_seed(room, "t1")
        change()
        after = plan_seed(room, "t1")
        assert after == _fresh(room, "t1")
        if change is not changes[-1]:  # a button is not part of who sits where
            assert after != before


def _open_seat(room: Seating, but: int) -> tuple[int, int]:
    for number, table in sorted(room.tables.items()):
        if number != but and table.open_seats:
            low = table.open_seats & -table.open_seats
            return number, low.bit_length() - 1
    raise AssertionError("no open seat")


def test_C4_a_seat_freed_changes_the_seed_of_that_seating() -> None:
    room = field_of(20)
    first = plan_seed(room, "x")
    player = room.tables[1].players[S(1)] or next(iter(room.where))
    room.unseat(player)
    assert plan_seed(room, "x") != first
    assert plan_seed(room, "x") == _fresh(room, "x")


def test_C6_a_lone_balancing_move_is_resolved_without_copying_the_room(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Table 1 has 9 players, table 2 has 6 (TDA: more than 2 apart, KPC-7/C5): one move
    due, the player due the big blind at table 1 to the worst position at table 2 (C6).
    Resolving it reads the seating and copies nothing (main copied the whole room for
    every read of the prompt); two moves still resolve the second after the first."""
    seating = room({1: list(range(1, 10)), 2: [1, 2, 3, 4, 5, 6]}, "tda")
    seating.set_button(1, S(1))
    seating.set_button(2, S(1))
    todo = plan(seating, random.Random(1))
    assert len(todo.moves) == 1
    copies: list[Seating] = []
    real_copy = Seating.copy

    def counting(self: Seating) -> Seating:
        copies.append(self)
        return real_copy(self)

    monkeypatch.setattr(Seating, "copy", counting)
    before = seating.snapshot()
    (move,) = resolve_moves(seating, todo.moves)
    assert copies == []
    assert seating.snapshot() == before
    assert (move.player, move.from_table, move.to_table) == (
        seating.due_big_blind(1),
        1,
        2,
    )
    assert move.to_seat is not None
    assert seating.tables[2].players[move.to_seat] is None
    # Two moves to the same table: the second takes another seat, the first made on a copy.
    blank = replace(todo.moves[0], player=None, from_seat=None, to_seat=None)
    twice = resolve_moves(seating, (todo.moves[0], blank))
    assert len(copies) == 1
    assert seating.snapshot() == before
    assert twice[0].to_seat != twice[1].to_seat
    assert twice[0].player != twice[1].player
