"""Cases of "Confirm all" (``ConfirmMoves``) the night simulator found (issue 15).

Implements: FOX-10A, TNPL-B6ii, KPC-8d (C6): a player moved to balance never takes the small
blind; the blank seat of a suggestion is only ever filled with a seat the move check takes,
and a stale move is refused with a sentence, changing nothing.
"""

from __future__ import annotations

import pytest
from floor_helpers import Night, two_tables_of_ten

from pokertd.errors import RuleViolation
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import Roster
from pokertd.tournament.seating import (
    ConfirmMoves,
    PlaceButton,
    PlayHands,
    SuggestMoves,
    Tables,
    default_choice,
    live_seating,
)

_night = two_tables_of_ten


def _bust(night: Night, table: int, seats: tuple[int, ...]) -> None:
    """Bust the players in these 1-based seats of a table."""
    roster = night.state.part(Roster)
    players = live_seating(night.state).tables[table].players
    for seat in seats:
        player = players[seat - 1]
        assert player is not None
        night.run(Bust(players=(roster.entries[player].name,)))


def test_FOX_10A_confirm_all_never_fills_the_small_blind_of_a_new_button() -> None:
    """The simulator's case (table 89 of a 1,040-entry night): seats 4, 5, 6 open at a
    10-seat table, the button then placed on seat 3 before its first hand; each open seat
    would post the small blind. Before the fix "Confirm all" picked seat 4 and check_move
    refused it ("may not take table 1 seat 4"); now the refusal says what to do, nothing is
    written, and after one hand there the same move is confirmed into a seat that is not
    the small blind."""
    night = _night()
    night.run(PlaceButton(table=2, seat=1, current=False))
    _bust(night, 1, (4, 5, 6))
    night.run(SuggestMoves())
    ids, pending = zip(*night.state.part(Tables).pending.items(), strict=True)
    assert [(m.from_table, m.to_table, m.to_seat) for m in pending] == [(2, 1, None)]
    night.run(PlaceButton(table=1, seat=3, current=False))
    before = len(night.records)
    with pytest.raises(RuleViolation, match="Deal the next hand at table 1 first") as info:
        night.run(ConfirmMoves(moves=(ids[0],)))
    assert "open seat(s) 4, 5, 6" in str(info.value)
    assert "FOX-10A" in info.value.rule_ids
    assert len(night.records) == before
    night.run(PlayHands(table=1))
    night.run(ConfirmMoves(moves=(ids[0],)))
    seating = live_seating(night.state)
    assert seating.tables[1].count == 8
    mover = pending[0].player
    assert mover is not None
    table, seat = seating.where[mover]
    assert table == 1
    assert seating.next_hand(1).small_blind_seat != seat


def test_FOX_10A_default_choice_only_picks_a_seat_the_move_check_takes() -> None:
    """Every blank filled by default_choice passes check_move: at the same table, with the
    button instead on seat 6 (dead, an empty seat), seats 4 and 5 are allowed; the worst
    position (seat 4 or 5, not the small blind, seat 7) is chosen."""
    night = _night()
    night.run(PlaceButton(table=2, seat=1, current=False))
    _bust(night, 1, (4, 5, 6))
    night.run(SuggestMoves())
    pending = next(iter(night.state.part(Tables).pending.values()))
    night.run(PlaceButton(table=1, seat=6, current=False))
    seating = live_seating(night.state)
    chosen = default_choice(seating, pending)
    assert chosen.to_seat in (3, 4)  # 0-based seats 4 and 5
    assert seating.next_hand(1).small_blind_seat == 6  # seat 7 posts the small blind


def test_confirm_all_refuses_a_move_from_an_emptied_table_and_changes_nothing() -> None:
    """A suggestion from table 2 (no button: the floor names the player) whose ten players
    all busted since: before the fix default_choice raised IndexError (a 500 on the console)
    and ConfirmMoves blamed an unknown button; now both refuse the stale move in a sentence
    and the log is unchanged."""
    night = _night()
    _bust(night, 1, (4, 5, 6))
    night.run(SuggestMoves())
    ids, pending = zip(*night.state.part(Tables).pending.items(), strict=True)
    assert [(m.from_table, m.player) for m in pending] == [(2, None)]
    _bust(night, 2, tuple(range(1, 11)))
    part = night.state.part(Tables)
    stale = part.pending[ids[0]]
    with pytest.raises(RuleViolation, match="table 2 is stale: that table has no players left"):
        default_choice(live_seating(night.state), stale)
    before = len(night.records)
    with pytest.raises(RuleViolation, match="has no players left"):
        night.run(ConfirmMoves(moves=(ids[0],)))
    assert len(night.records) == before
