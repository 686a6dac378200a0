"""Reading the seating costs what it touches (issue 25): the seating with the seats of the
players gone since the last seating event freed is worked out once and brought up to date
bust by bust, never copied whole for every read.

Each test checks that what is read equals what the rules give, worked out from scratch
(C1: one player per seat, a busted player's seat free at once), after every event of real
nights, that reading changes nothing a fold gives, and that a refused command leaves the
seating as it was.

Implements (as guarded here): C1 (one seat per player, busted players' seats freed).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from floor_helpers import two_tables_of_ten

from pokertd.codec import to_json
from pokertd.errors import PokertdError
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import EntryStatus, Roster
from pokertd.tournament.framework import (
    CommandRedone,
    CommandUndone,
    TournamentState,
    append_records,
    fold,
)
from pokertd.tournament.seating import (
    PlaceButton,
    PlayHands,
    SeatPlayer,
    Tables,
    balancing,
    live_seating,
    seating_now,
)
from pokertd.tournament.seating import state as state_module
from pokertd.tournament.seating.rules import MAX_SEATS, Seating
from pokertd.tournament.seating.state import due_plan, seated_at, table_size_of

from .driver import FloorNight


def _expected(state: TournamentState) -> dict[str, Any]:
    """The seating now worked out from scratch: the part's seating without the entries
    that are no longer in (what C1 says every screen shows)."""
    seating = state.part(Tables).seating
    assert seating is not None
    entries = state.part(Roster).entries

    def still_in(player: str | None) -> bool:
        return player is not None and entries[player].status is EntryStatus.ALIVE

    tables = {n: [p if still_in(p) else None for p in t.players] for n, t in seating.tables.items()}
    counts = {n: sum(p is not None for p in row) for n, row in tables.items()}
    return {
        "where": {e: spot for e, spot in seating.where.items() if still_in(e)},
        "tables": tables,
        "counts": counts,
        "buckets": [{n for n, c in counts.items() if c == k} for k in range(MAX_SEATS + 2)],
        "moves": dict(seating.moves_made),
        "order": list(seating.order),
    }


def _read(seating: Seating) -> dict[str, Any]:
    """What a reader of ``seating`` sees, in the shape of :func:`_expected`."""
    return {
        "where": dict(seating.where),
        "tables": {n: list(t.players) for n, t in seating.tables.items()},
        "counts": {n: t.count for n, t in seating.tables.items()},
        "buckets": [set(seating.tables_with(k)) for k in range(MAX_SEATS + 2)],
        "moves": dict(seating.moves_made),
        "order": list(seating.order),
    }


def _plan_read(state: TournamentState) -> object:
    """The moves due as the console reads them (or the refusal's words)."""
    try:
        return due_plan(state)
    except PokertdError as exc:
        return str(exc)


def _check_every_event(records: list[Any], tid: str) -> int:
    """Fold ``records`` one at a time, reading the seating after each as the screens do;
    every read equals the seating worked out from scratch. Returns the reads that found
    seats still to free (the cache at work)."""
    undone: set[int] = set()  # the batches a fold skips (undone, not redone)
    for record in records:
        if isinstance(record.event, CommandUndone):
            undone.add(record.event.batch)
        elif isinstance(record.event, CommandRedone):
            undone.discard(record.event.batch)
    state = TournamentState(tid)
    gaps = 0
    for record in records:
        append_records(state, [record], undone)
        part = state.part(Tables)
        if part.seating is None:
            continue
        expected = _expected(state)
        now = seating_now(state)
        assert _read(now) == expected, record.seq
        assert _read(live_seating(state)) == expected, record.seq
        if now is not part.seating:
            gaps += 1
        planned = _plan_read(state)  # from what the seating kept, when it is the same
        now.plans = now.seeds = None
        assert _plan_read(state) == planned, record.seq
        for number, row in expected["tables"].items():
            assert list(seated_at(state, number)) == row
        for entry_id, (number, _) in expected["where"].items():
            assert table_size_of(state, entry_id) == expected["counts"][number]
    # Reading after every event changed nothing a fold gives.
    again = fold(tid, records)
    assert to_json(again.part(Tables)) == to_json(state.part(Tables))
    if again.part(Tables).seating is not None:
        assert _read(seating_now(again)) == _read(seating_now(state))
    return gaps


@pytest.mark.parametrize(
    ("profile", "template", "seed"),
    [("foxwoods", "fox_wed_80", 3), ("spotlight", "spot_quarterly", 4), ("tnpl", "tnpl_league", 5)],
)
def test_C1_the_seating_read_after_every_event_is_the_seating_from_scratch(
    profile: str, template: str, seed: int
) -> None:
    """A night played out to its winner (busts one and two at a time, moves, table
    breaks, the final table, an undo), read after every event."""
    n = FloorNight(profile, template, seed=seed, tables=3, seats=9)
    n.start(24)
    n.play_out(random.Random(seed), lambda plan: None)
    gaps = _check_every_event(n.records, n.tid)
    assert gaps >= 10  # busts read before the next seating event freed them


def test_C1_busts_in_a_row_are_freed_in_the_kept_seating_not_a_new_copy() -> None:
    """Three busts with no seating event between them: the first read copies the room
    once, the next reads free one seat each in that same copy (main copied the room on
    every read), and every read is the seating from scratch."""
    night = two_tables_of_ten()
    night.run(PlaceButton(table=1, seat=1, current=False))
    state = night.state
    part = state.part(Tables)
    assert part.seating is not None
    assert seating_now(state) is part.seating  # nobody gone: the part's own
    roster = state.part(Roster)
    first = None
    for seat in (2, 5, 9):
        player = seating_now(night.state).tables[1].players[seat - 1]
        assert player is not None
        night.run(Bust(players=(roster.entries[player].name,)))
        state = night.state
        now = seating_now(state)
        assert seating_now(state) is now  # read twice: the same, no copy
        first = first or now
        assert now is first  # brought up to date in place
        assert _read(now) == _expected(state)
    assert state.part(Tables).freed == 0
    assert first is not None
    assert first.tables[1].count == 7
    night.run(PlayHands(table=1))  # a seating event frees them in the part itself
    state = night.state
    assert state.part(Tables).freed == 3
    assert seating_now(state) is state.part(Tables).seating
    assert _read(seating_now(state)) == _expected(state)


def test_C1_a_refused_command_after_a_bust_leaves_the_seating_as_it_was() -> None:
    """A refused seat command tries a table on its copy; nothing of it reaches the kept
    seating or the part (a half-changed seating would show a table not in play)."""
    night = two_tables_of_ten()
    night.run(PlaceButton(table=1, seat=1, current=False))
    state = night.state
    roster = state.part(Roster)
    seated = [p for p in seating_now(state).tables[1].players if p is not None]
    night.run(Bust(players=(roster.entries[seated[0]].name,)))
    state = night.state
    before_part = to_json(state.part(Tables))
    before_now = _read(seating_now(state))
    rows = night.service.store.rows(night.tid)
    name = roster.entries[seated[1]].name
    with pytest.raises(PokertdError, match="already sits"):
        night.run(SeatPlayer(player=name, table=1, seat=1))
    state = night.state
    assert night.service.store.rows(night.tid) == rows
    assert to_json(state.part(Tables)) == before_part
    assert _read(seating_now(state)) == before_now == _expected(state)
    assert _read(live_seating(state)) == before_now


def test_C6_the_moves_due_are_worked_out_once_for_a_seating(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Three players out at table 1 (7 left against 10, FOX-10: more than one apart): the
    console reads the moves due after every command; the plan is drawn once for this
    seating (main drew it on every read), and again once a seat changes."""
    night = two_tables_of_ten()
    night.run(PlaceButton(table=1, seat=1, current=False))
    night.run(PlaceButton(table=2, seat=1, current=False))
    roster = night.state.part(Roster)
    for seat in (2, 5, 9):
        player = seating_now(night.state).tables[1].players[seat - 1]
        assert player is not None
        night.run(Bust(players=(roster.entries[player].name,)))
    calls: list[int] = []
    real = balancing.plan

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(state_module, "plan", counting)
    state = night.state
    first = due_plan(state)
    assert first is not None
    assert first.moves
    assert all(m.from_table == 2 and m.to_table == 1 for m in first.moves)
    assert due_plan(state) == first
    assert due_plan(state) == first
    assert len(calls) == 1
    night.run(PlayHands(table=1))  # a seating event: the plan is worked out again
    again = due_plan(night.state)
    assert len(calls) == 2
    assert again is not None
