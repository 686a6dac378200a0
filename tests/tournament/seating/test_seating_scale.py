"""The seating at the size of a festival (issue 15): seats freed without scanning the field,
no copy of the room to read it, a waiting move that can never be confirmed replaced, and
rooms of more than 999 tables.

Implements (as guarded here): C1 (one seat per player, busted players' seats freed), C6
(FOX-10A: a waiting balancing move whose player has busted is stale and replaced).
"""

from __future__ import annotations

import pytest
from floor_helpers import Night, two_tables_of_ten
from seating_helpers import S, field_of

from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.store.snapshot import decode_snapshot, encode_snapshot
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import Roster
from pokertd.tournament.framework import TournamentState, fold
from pokertd.tournament.limits import TABLE_MAX, check_limits
from pokertd.tournament.seating import (
    ConfirmMoves,
    LayTables,
    PlaceButton,
    PlayHands,
    SuggestMoves,
    Tables,
    live_seating,
    seating_now,
)

_night = two_tables_of_ten


def _bust_seats(night: Night, table: int, seats: tuple[int, ...]) -> list[str]:
    """Bust the players in these 1-based seats of a table; their entry ids."""
    roster = night.state.part(Roster)
    players = live_seating(night.state).tables[table].players
    out = []
    for seat in seats:
        player = players[seat - 1]
        assert player is not None
        night.run(Bust(players=(roster.entries[player].name,)))
        out.append(player)
    return out


def test_C1_busted_seats_are_freed_from_the_roster_gone_list_not_a_scan() -> None:
    """Busts are listed in the roster's ``gone`` in order; every reader sees their seats
    free at once (``live_seating``, ``seating_now``), the part's own seating frees them at
    the next seating event, and a fold of the log from scratch gives the same seats."""
    night = _night()
    night.run(PlaceButton(table=1, seat=1, current=False))
    busted = _bust_seats(night, 1, (4, 7))
    state = night.state
    assert state.part(Roster).gone == busted
    part = state.part(Tables)
    assert part.seating is not None
    assert part.freed == 0  # no seating event since: the part's seating still holds them
    assert all(p in part.seating.where for p in busted)
    now = seating_now(state)
    assert now is not part.seating  # a copy with their seats freed
    assert [p in now.where for p in busted] == [False, False]
    assert now.tables[1].count == 8
    assert live_seating(state).tables[1].count == 8
    night.run(PlayHands(table=1))
    state = night.state
    part = state.part(Tables)
    assert part.freed == 2
    assert part.seating is not None
    assert part.seating.tables[1].count == 8
    assert seating_now(state) is part.seating  # nothing to free: read without a copy
    again = fold(state.id, night.records)
    assert live_seating(again).where == live_seating(state).where
    assert again.part(Tables).freed == 2


def test_C6_FOX_10A_a_waiting_move_whose_player_busted_is_replaced() -> None:
    """The 4,000-entry simulated night's deadlock: a balancing move waits with its seat
    left to the floor (table 1's button unknown) and names the player due the big blind at
    table 2; that player busts. ``ConfirmMoves`` calls the move stale, so ``SuggestMoves``
    must replace it, not refuse "confirm them first" for the rest of the night."""
    night = _night()
    night.run(PlaceButton(table=2, seat=1, current=False))
    _bust_seats(night, 1, (4, 5, 6))
    night.run(SuggestMoves())
    pending = list(night.state.part(Tables).pending.values())
    assert [(m.from_table, m.to_table, m.to_seat) for m in pending] == [(2, 1, None)]
    mover = pending[0].player
    assert mover is not None
    night.run(Bust(players=(night.state.part(Roster).entries[mover].name,)))
    night.run(SuggestMoves())  # 9 and 7 players: within two, nothing more to move
    assert night.state.part(Tables).pending == {}


def test_C6_FOX_10A_waiting_moves_that_no_longer_fit_together_are_replaced() -> None:
    """The 5,000-entry simulated night's loop (issue 25): two balancing moves wait for
    table 1 (table 1 at 4 players after six busts, table 2 at 10); five late players are
    seated at table 1 meanwhile, leaving it one open seat. Each move alone still fits, so
    ``SuggestMoves`` refused "2 move(s) are waiting: confirm them first", while "Confirm
    all" refused them as stale: the floor could do neither, 39,000 refusals in that night.
    What "Confirm all" calls stale is stale for the suggestion too: it replaces them (9
    and 10 players: nothing left to move)."""
    night = _night()
    night.run(PlaceButton(table=2, seat=1, current=False))
    _bust_seats(night, 1, (2, 3, 4, 5, 6, 7))
    night.run(SuggestMoves())
    pending = dict(night.state.part(Tables).pending)
    assert [(m.from_table, m.to_table) for m in pending.values()] == [(2, 1), (2, 1)]
    night.register("Late A", "Late B", "Late C", "Late D", "Late E")
    seating = live_seating(night.state)
    assert (seating.tables[1].count, seating.tables[2].count) == (9, 10)
    with pytest.raises(RuleViolation, match="is stale: table 1 has no open seat"):
        night.run(ConfirmMoves(moves=tuple(pending)))
    night.run(SuggestMoves())
    assert night.state.part(Tables).pending == {}


def test_table_numbers_go_past_999_for_a_10000_entry_festival() -> None:
    """Table 1,000 and a 1,010-table room are accepted; a number over TABLE_MAX is not."""
    assert TABLE_MAX == 9999
    big = tuple((n, 10) for n in range(1, 1011))
    check_limits(LayTables(tables=big))
    with pytest.raises(InvalidCommand, match="table number"):
        check_limits(LayTables(tables=((TABLE_MAX + 1, 10),)))


def test_C1_copies_share_tables_until_either_side_changes_one() -> None:
    """Copy on write: a copy of a 1,000-player room shares its tables; a change on either
    side (a move, a bust, a hand dealt) copies that one table and never shows on the
    other side; a seating decoded from a snapshot copies before it changes a table."""
    room = field_of(1000, seats=10)
    copy = room.copy()
    assert all(copy.tables[n] is t for n, t in room.tables.items())
    before = room.snapshot()
    player = next(p for p in copy.tables[1].players if p is not None)
    seat = copy.where[player][1]
    copy.unseat(player)
    copy.hand_dealt(2, copy.next_hand(2))
    assert room.snapshot() == before
    assert room.tables[1].players[seat] == player
    assert room.tables[2].button == field_of(1000, seats=10).tables[2].button
    assert copy.tables[3] is room.tables[3]  # untouched tables stay shared
    room.unseat(next(p for p in room.tables[3].players if p is not None))
    assert copy.tables[3] is not room.tables[3]
    assert copy.tables[3].count == 10
    state = TournamentState("t")
    state.part(Tables).seating = copy
    restored = decode_snapshot("t", encode_snapshot(state)).part(Tables).seating
    assert restored is not None
    shared = restored.tables[4]
    restored.set_button(4, S(1))
    assert restored.tables[4] is not shared
    assert shared.button == copy.tables[4].button
