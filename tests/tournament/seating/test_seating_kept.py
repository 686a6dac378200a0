"""What the seating keeps worked out from itself (issue 25) is thrown away when it changes:
a plan's seed read twice is digested once, and after a seat, a bust, a move, a button or a
table closed it is the seed of the seating as it is now (C4: the seats a table break draws
follow the seating; KPC-6d, TNPL-B5, FOX-9).
"""

from __future__ import annotations

from collections.abc import Callable

from seating_helpers import S, field_of

from pokertd.tournament.seating import Seating
from pokertd.tournament.seating.balancing import plan_seed


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
