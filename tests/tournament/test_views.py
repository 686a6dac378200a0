"""Read models: status, players, results (with tied prizes), the log in words."""

from __future__ import annotations

import json

from floor_helpers import Night, clock_at, two_tables_of_ten

from pokertd.codec import to_json
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, RecordChips, Reenter, Roster
from pokertd.tournament.framework import Undo
from pokertd.tournament.penalties import GivePenalty, PenaltyKind
from pokertd.tournament.prizes.payouts import share_tied
from pokertd.tournament.seating import live_seating
from pokertd.tournament.views import SeatInfo, log, players, results, seats, status


def test_status_counts_and_average_from_chips_issued() -> None:
    night = Night("fox_grinder")
    night.register("A", "B", "C")
    night.run(Bust(players=("C",)))
    night.run(Reenter(player="C"))
    night.run(Bust(players=("B",)))
    view = status(night.state, night.now)
    assert (view.entries, view.players, view.alive) == (4, 3, 2)
    assert view.chips_in_play == 60000
    assert view.average_stack == 30000
    assert view.prize_pool == "$162.96"  # 4 x $42 less 3 %
    assert view.level is None
    assert not view.clock_known
    assert view.registration_open
    assert view.registration_note == (
        "open until the end of level 6 (the clock has not started yet)"
    )
    with clock_at(5):
        assert status(night.state, night.now).level == 5
    json.dumps(to_json(view))


def test_A4_registration_note_before_the_clock_starts_says_it_has_not_started() -> None:
    """Issue 23: the Players tab read "no clock here: the floor closes it" before the clock
    started, as if the event had no clock. fox_grinder closes registration after level 6
    (A4); before the start the note says so and that the clock has not started; once it
    runs, the usual "open until the end of level 6"."""
    night = Night("fox_grinder")
    night.register("A", "B")
    note = status(night.state, night.now).registration_note
    assert note == "open until the end of level 6 (the clock has not started yet)"
    assert "no clock" not in note
    with clock_at(2):
        assert status(night.state, night.now).registration_note == ("open until the end of level 6")


def test_status_names_the_winner() -> None:
    night = Night("fox_grinder")
    night.register("A", "B")
    night.run(Bust(players=("B",), eliminator="A"))
    assert status(night.state, night.now).winner is None  # a late entry may still come
    night.run(CloseRegistration())
    view = status(night.state, night.now)
    assert view.winner == "A"
    assert view.finished


def test_players_view_stack_status_entries() -> None:
    night = Night("fox_grinder")
    night.register("Alice", "Bob", "Carol")
    night.run(Bust(players=("Carol",)))
    night.run(Reenter(player="Carol"))
    night.run(RecordChips(counts=(("Alice", 22000),), note="end of level 2"))
    night.run(GivePenalty(player="Bob", kind=PenaltyKind.WARNING))
    rows = {r.name: r for r in players(night.state)}
    assert rows["Alice"].stack == 22000
    assert rows["Alice"].stack_note == "end of level 2"
    assert rows["Carol"].entries == 2
    assert rows["Carol"].status == "alive"
    assert rows["Bob"].penalties == 1
    assert rows["Alice"].seat is None


def test_seats_come_from_the_seating_part() -> None:
    """Each player's row carries the seat the seating drew (1-based), read from the seating
    part itself: there is no seat reader to register (issue 24, point 5)."""
    night = two_tables_of_ten()
    where = live_seating(night.state).where
    rows = {r.name: r for r in players(night.state)}
    assert len(rows) == 20
    for name, row in rows.items():
        entry = next(e for e in night.state.part(Roster).entries.values() if e.name == name)
        table, seat = where[entry.entry_id]
        assert (row.table, row.seat, row.moves) == (table, seat + 1, 0)
        assert row.table in (1, 2)
        assert row.seat in range(1, 11)
    assert seats(night.state) == {
        entry_id: SeatInfo(table=t, seat=s + 1) for entry_id, (t, s) in where.items()
    }


def test_G3_tied_places_share_prizes() -> None:
    """G3 IMPL: 5th $400 and 6th $300 shared -> $350 each."""
    assert share_tied([40000, 30000], 2) == [35000, 35000]
    assert share_tied([40001, 30000], 2) == [35001, 35000]


def test_results_with_prizes_from_the_payout_table() -> None:
    """FOX-PTAB: 20 entries pay 3 places; a tie for 2nd-3rd shares their prizes."""
    night = Night("fox_grinder", tables=3)
    names = [f"P{i:02d}x" for i in range(20)]
    night.register(*names)
    for name in names[3:]:
        night.run(Bust(players=(name,)))
    night.run(Bust(players=(names[1], names[2]), start_stacks=(5000, 5000)))
    night.run(CloseRegistration())
    view = results(night.state)
    top = [(r.name, r.places, r.prize_cents) for r in view.rows[:3]]
    net = view.prize_pool_cents
    assert net == 81480  # 20 x $42 less 3 %
    assert top[0][0] == names[0]
    assert top[0][1] == (1,)
    assert top[1][1] == top[2][1] == (2, 3)
    assert top[1][2] == top[2][2]
    assert sum(r.prize_cents or 0 for r in view.rows) == net


def test_log_in_words_marks_undone() -> None:
    night = Night("fox_grinder")
    night.register("A", "B", "C")
    night.run(Bust(players=("C",), eliminator="A"))
    night.run(Undo())
    lines = log(night.state, night.records)
    texts = [line.text for line in lines]
    assert "Busted C by A; 2 left" in texts
    assert texts[-1] == "Undid: Busted C by A; 2 left"
    busted = next(line for line in lines if line.type == "players_busted")
    assert busted.undone
    assert busted.actor == "floor"


def test_FOX_REG5_alive_elsewhere_by_card_or_name() -> None:
    from pokertd.tournament.views import alive_elsewhere

    noon = Night("fox_grinder")
    noon.register("Alice", "Bob")
    others = [("noon", noon.state)]
    assert alive_elsewhere(others, "Somebody", card="1234") == ("Test night (noon)",)
    assert alive_elsewhere(others, "alice") == ("Test night (noon)",)
    assert alive_elsewhere(others, "Zed") == ()
