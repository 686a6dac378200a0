"""What the screen shows is what happens (issue 22): a plan shown to the floor is the plan
applied, seat for seat, on every profile.

The defect: the table-break prompt listed "Hal Hart: table 4 → table 2", and after "Confirm
all" most of the broken table's players sat at other tables, because the prompt was drawn
with a generator seeded by the log position and the confirm drew the seats again from the
command's random source. Now the moves due are one value (:func:`floor_plan`, read by the
console, the CLI, the slips), drawn from a seed of the seating, and every confirm applies
exactly that value; a confirm that carries the token of a plan the tables have since moved
away from is refused as stale (kind ``stale``), nothing written, with the new plan.

Catalogue: C4 (a table break: which table, every player a new random seat), C5/C6
(balancing: who moves, into which seat), C9/C10 (the final table and its redraw).
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import pytest

from pokertd.app.tournaments import TournamentService
from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.store import open_store
from pokertd.tournament.clock import HandForHand, PauseClock, StartClock, TableHandFinished
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CreateTournament, Register, Roster, Setup
from pokertd.tournament.framework import Command, EventRecord, TournamentState, Undo
from pokertd.tournament.seating import (
    BreakTable,
    ConfirmMove,
    ConfirmMoves,
    ConfirmPlan,
    DrawButtons,
    DrawSeats,
    FinalTableDrawn,
    LayTables,
    MarkAbsent,
    MovePlayer,
    MovesSuggested,
    PlaceButton,
    PlanConfirmed,
    PlayerMoved,
    Redraw,
    SeatPlayer,
    StalePlan,
    SuggestMoves,
    Tables,
    due_plan,
    floor_plan,
    live_seating,
    moves_due,
    tables_view,
)
from pokertd.tournament.templates import load_template

START = datetime(2026, 11, 25, 19, 0, tzinfo=UTC)
PROFILES = {
    "tda": "fox_wed_80",
    "kojack": "kpc_nlh",
    "tnpl": "tnpl_league",
    "nj_fundraiser": "nj_fundraiser",
    "spotlight": "spot_league",
    "foxwoods": "fox_wed_80",
}
"""Every shipped profile, with a template of its venue (TDA: the Wednesday $80 event)."""


@dataclass
class Night:
    """One event on a fresh in-memory store, every random draw seeded."""

    profile: str
    tables: int
    players: int
    layout: tuple[tuple[int, int], ...] = ()
    """``(table, seats)``; nobody drawn (the test seats the players) when given."""
    seats_per_table: int = 9
    """Of the template (what registration counts)."""
    now: datetime = START
    service: TournamentService = field(init=False)
    tid: str = field(init=False)

    def __post_init__(self) -> None:
        seeds = itertools.count(1)
        self.service = TournamentService(
            open_store("sqlite:///:memory:"),
            now=lambda: self.now,
            rng_factory=lambda: random.Random(next(seeds)),
        )
        tmpl = load_template(PROFILES[self.profile]).with_changes(
            tables=self.tables, seats_per_table=self.seats_per_table, profile=self.profile
        )
        self.tid = self.service.create(CreateTournament(name="Plans", template=tmpl))
        for i in range(self.players):
            self.run(Register(name=f"Player {i:02d}", member=f"M{i}", age_ok=True))
        if self.layout:
            self.run(LayTables(tables=self.layout))
            return
        self.run(LayTables(tables=tuple((n, 9) for n in range(1, self.tables + 1))))
        self.run(DrawSeats())

    @property
    def state(self) -> TournamentState:
        return self.service.state(self.tid)

    def run(self, command: Command) -> list[EventRecord]:
        self.now += timedelta(seconds=20)
        return self.service.run(self.tid, command, actor="floor")

    def name_of(self, entry_id: str) -> str:
        return self.state.part(Roster).entries[entry_id].name

    def bust_at(self, table: int, count: int) -> None:
        """Bust the first ``count`` players (by seat) of a table."""
        seated = [p for p in live_seating(self.state).tables[table].players if p is not None]
        for victim in seated[:count]:
            self.run(Bust(players=(self.name_of(victim),)))

    def seats(self) -> dict[str, tuple[int, int]]:
        """Player name -> (table, seat), 1-based, as the tables view shows them."""
        return {s.name: (t.table, s.seat) for t in tables_view(self.state).tables for s in t.seated}


def _break_due(profile: str) -> Night:
    """21 players at three tables (7/7/7), buttons drawn; five busts at table 1 leave 16
    players, who fit at two tables: table 3 (the highest number breaks first) is due to
    break, its 7 players drawn into the open seats of tables 1 and 2."""
    night = Night(profile, tables=3, players=21)
    night.run(DrawButtons())
    night.bust_at(1, 5)
    return night


def _prompt(night: Night) -> dict[str, tuple[int, int, int, int]]:
    """The console's prompt as the floor reads it aloud: player -> (from table, from seat,
    to table, to seat)."""
    due = moves_due(night.state)
    assert due is not None
    out = {}
    for m in due.moves:
        assert m.name is not None
        assert m.from_seat is not None
        assert m.to_seat is not None
        assert f"{m.name}: table {m.from_table} seat {m.from_seat} → table {m.to_table}" in m.text
        assert f"table {m.to_table} seat {m.to_seat}" in m.text
        out[m.name] = (m.from_table, m.from_seat, m.to_table, m.to_seat)
    return out


def _moved_as_prompted(night: Night, prompt: dict[str, tuple[int, int, int, int]]) -> None:
    seats = night.seats()
    wrong = {
        name: (to_table, to_seat, seats.get(name))
        for name, (_, _, to_table, to_seat) in prompt.items()
        if seats.get(name) != (to_table, to_seat)
    }
    assert wrong == {}, f"{len(wrong)} of {len(prompt)} players sat elsewhere than prompted"


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_C4_the_table_break_prompted_is_the_table_break_made(profile: str) -> None:
    """The defect as reported, through the commands the floor had: the prompt lists the 7
    players of table 3 with their new tables and seats; the moves recorded for the floor
    (``SuggestMoves``, what ``pokertd moves`` runs) and confirmed all at once seat every one
    of them exactly there. Before the fix 2 of the 7 sat at the other table."""
    night = _break_due(profile)
    due = moves_due(night.state)
    assert due is not None
    assert due.break_table == 3
    prompt = _prompt(night)
    assert len(prompt) == 7
    assert {f for f, _, _, _ in prompt.values()} == {3}
    assert {t for _, _, t, _ in prompt.values()} <= {1, 2}
    records = night.run(SuggestMoves())
    ids = tuple(m.move_id for r in records for m in getattr(r.event, "moves", ()))
    night.run(ConfirmMoves(moves=ids))
    _moved_as_prompted(night, prompt)
    assert [t.table for t in tables_view(night.state).tables] == [1, 2]


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_C4_confirm_all_applies_the_prompt_in_one_batch(profile: str) -> None:
    """The console's "Confirm all" (``ConfirmPlan`` with the prompt's token): one batch, the
    plan's token and seed in the log, table 3 closed, every player where the prompt said;
    breaking table 3 by hand (``BreakTable``, the map's Break button) draws the same seats."""
    night = _break_due(profile)
    prompt = _prompt(night)
    due = moves_due(night.state)
    assert due is not None
    shown = floor_plan(night.state)  # the value the console's prompt is made from
    assert shown is not None
    assert shown.token == due.plan
    assert len(shown.seats()) == 7
    records = night.run(ConfirmPlan(plan=due.plan))
    assert len({r.batch for r in records}) == 1
    first = records[0].event
    assert isinstance(first, PlanConfirmed)
    assert (first.plan, first.moves, first.break_table) == (due.plan, 7, 3)
    assert first.seed is not None  # the seats were drawn, from this seed
    _moved_as_prompted(night, prompt)
    where = live_seating(night.state).where
    assert {p: (t, s + 1) for p, (t, s) in where.items() if p in shown.seats()} == shown.seats()
    assert [t.table for t in tables_view(night.state).tables] == [1, 2]
    # the same table broken by hand, on the same seating (undone), gives the same seats
    night.run(Undo())
    assert moves_due(night.state) == due  # the prompt is back, unchanged
    suggested = night.run(BreakTable(table=3))[0].event
    assert isinstance(suggested, MovesSuggested)
    drawn = {m.name: (m.to_table, m.to_seat) for m in suggested.moves}
    assert drawn == {name: (t, s) for name, (_, _, t, s) in prompt.items()}


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_C6_the_balancing_moves_prompted_are_the_moves_made(profile: str) -> None:
    """18 players at two tables (9/9), buttons drawn; four busts at table 1 (5/9) put the
    tables more than any venue's tolerance apart: the prompt names who moves (the player
    due the big blind at table 2) into which seat of table 1, and "Confirm all" makes
    exactly those moves."""
    night = Night(profile, tables=2, players=18)
    night.run(DrawButtons())
    night.bust_at(1, 4)
    due = moves_due(night.state)
    assert due is not None
    assert due.break_table is None
    prompt = _prompt(night)
    assert prompt  # 9 - 5 = 4 apart: at least one move at every venue
    assert {(f, t) for f, _, t, _ in prompt.values()} == {(2, 1)}
    mover = due.moves[0]
    assert mover.entry_id == live_seating(night.state).due_big_blind(2)  # C6: the next BB
    assert mover.name is not None
    assert night.seats()[mover.name] == (2, mover.from_seat)
    night.run(ConfirmPlan(plan=due.plan))
    _moved_as_prompted(night, prompt)


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_C9_C10_the_final_table_prompted_is_the_final_table_drawn(profile: str) -> None:
    """21 players at three tables, busted down to the venue's final table (KPC 9, elsewhere
    10): the prompt shows each player's seat at the final table (and the button when it is
    drawn with them); the director's redraw with the prompt's token seats every one there."""
    night = Night(profile, tables=3, players=21)
    night.run(DrawButtons())
    due = moves_due(night.state)
    while due is None or not due.final_table:  # table 1 empties first (closed), then table 2
        seats = night.seats()
        night.run(Bust(players=(min(seats, key=seats.__getitem__),)))
        due = moves_due(night.state)
    shown = {s.name: (s.table, s.seat) for s in due.final_seats}
    assert shown
    staying = {n: w for n, w in night.seats().items() if n not in shown}
    for s in due.final_seats:
        assert f"{s.name}: table {s.from_table} seat {s.from_seat} → table {s.table}" in s.text
    records = night.run(Redraw(plan=due.plan))
    drawn = records[0].event
    assert isinstance(drawn, FinalTableDrawn)
    assert drawn.plan == due.plan
    assert drawn.button == due.final_button
    seats = night.seats()
    assert {n: seats[n] for n in shown} == shown
    assert {n: seats[n] for n in staying} == staying  # TNPL, SPOT: they keep their seats
    assert len(tables_view(night.state).tables) == 1


def test_the_prompt_does_not_change_with_unrelated_changes() -> None:
    """Reading the plan again after changes that move nobody (the clock started and paused,
    a player marked away, a seat draw refused) gives the same plan, token and seats: it is
    drawn from the seating, not from the log's position. Before the fix every new event
    redrew it."""
    night = _break_due("foxwoods")
    before = moves_due(night.state)
    assert before is not None
    night.run(StartClock())
    night.run(PauseClock())
    night.run(MarkAbsent(player=next(iter(night.seats()))))
    with pytest.raises(InvalidCommand):
        night.run(DrawSeats())
    after = moves_due(night.state)
    assert after == before


@pytest.mark.parametrize("profile", ["kojack", "foxwoods"])
def test_C4_a_bust_between_showing_and_confirming_is_refused_as_stale(profile: str) -> None:
    """The console shows the break of table 3; before "Confirm all" arrives, another tablet
    busts a player of table 3. The confirm is refused as stale (kind ``stale``), nothing is
    written, and the refusal carries the new plan (6 moves now) and its token; confirming
    that token then seats the six where the new plan says."""
    night = _break_due(profile)
    shown = moves_due(night.state)
    assert shown is not None
    victim = next(p for p in live_seating(night.state).tables[3].players if p is not None)
    night.run(Bust(players=(night.name_of(victim),)))
    before = len(night.service.records(night.tid))
    with pytest.raises(StalePlan) as refused:
        night.run(ConfirmPlan(plan=shown.plan))
    assert refused.value.kind == "stale"
    assert len(night.service.records(night.tid)) == before
    now = moves_due(night.state)
    assert now is not None
    assert now.plan != shown.plan
    assert refused.value.context["plan"] == now.plan
    assert refused.value.context["shown"] == shown.plan
    assert len(refused.value.context["new_plan"]["moves"]) == 6 == len(now.moves)
    assert "The moves now: 6 moves, table 3 breaks." in refused.value.message
    assert refused.value.rule_ids == night.state.part(Setup).profile.cite("C4")
    prompt = _prompt(night)
    night.run(ConfirmPlan(plan=now.plan))
    _moved_as_prompted(night, prompt)


def test_a_stale_token_is_refused_by_every_confirm_that_carries_one() -> None:
    """``SuggestMoves`` and ``Redraw`` carrying a token the tables moved away from are
    refused as stale and write nothing, like ``ConfirmPlan``; without a token they apply
    whatever is due (the CLI and the simulator)."""
    night = _break_due("tnpl")
    shown = moves_due(night.state)
    assert shown is not None
    night.bust_at(2, 1)
    before = len(night.service.records(night.tid))
    for command in (SuggestMoves(plan=shown.plan), Redraw(plan=shown.plan)):
        with pytest.raises(StalePlan):
            night.run(command)
    assert len(night.service.records(night.tid)) == before
    assert night.run(SuggestMoves())  # no token: the plan now


def test_the_final_table_shown_then_a_bust_is_refused_as_stale() -> None:
    """The redraw the director was shown (Kojack: 9 players) is refused after one more bust:
    the new plan is another draw for 8."""
    night = Night("kojack", tables=2, players=18)
    night.run(DrawButtons())
    night.bust_at(1, 8)
    night.bust_at(2, 1)
    shown = moves_due(night.state)
    assert shown is not None
    assert shown.final_table
    assert len(shown.final_seats) == 9
    night.bust_at(2, 1)
    with pytest.raises(StalePlan) as refused:
        night.run(Redraw(plan=shown.plan))
    assert refused.value.rule_ids == ("KPC-9",)
    assert "the final table at table 1" in refused.value.message
    now = moves_due(night.state)
    assert now is not None
    assert len(now.final_seats) == 8
    night.run(Redraw(plan=now.plan))


def test_C6_waiting_moves_are_confirmed_with_the_fill_they_show() -> None:
    """Moves waiting for the floor (``MovesSuggested``) are made as recorded; a blank (no
    button known yet at the receiving table: the floor gives the worst position) is shown
    filled as the confirm will fill it, in the tables view (console, slips, ``pokertd
    moves``), and ``ConfirmMove`` without a seat and ``ConfirmMoves`` both use that fill;
    a confirm carrying the waiting moves' token after the receiving table changed is
    refused as stale."""
    night = Night("foxwoods", tables=2, players=18)
    night.run(PlaceButton(table=2, seat=1))
    night.bust_at(1, 5)  # 4 / 9, no button at table 1: two moves
    night.run(SuggestMoves())
    recorded = list(night.state.part(Tables).pending.values())
    assert [m.to_seat for m in recorded] == [None] * len(recorded)  # the floor's pick
    view = tables_view(night.state)
    assert view.plan is not None
    shown = {m.move_id: (m.name, m.to_table, m.to_seat) for m in view.pending}
    assert all(seat is not None for _, _, seat in shown.values())
    first = min(shown)
    night.run(ConfirmMove(move_id=first))
    name, table, seat = shown[first]
    assert name is not None
    assert night.seats()[name] == (table, seat)
    # another tablet moves a player of table 1 into the seat the next move shows
    rest = tables_view(night.state)
    assert rest.plan is not None
    nxt = rest.pending[0]
    assert nxt.to_seat is not None
    night.run(MovePlayer(player=name, table=1, seat=nxt.to_seat))
    with pytest.raises(StalePlan):
        night.run(ConfirmMoves(moves=(nxt.move_id,), plan=rest.plan))
    again = tables_view(night.state)
    night.run(ConfirmMoves(moves=tuple(m.move_id for m in again.pending), plan=again.plan))
    for m in again.pending:
        assert m.name is not None
        assert night.seats()[m.name] == (m.to_table, m.to_seat)


def test_confirm_plan_refuses_what_it_cannot_confirm() -> None:
    """Nothing due: stale with no new plan. The final table: the director's redraw. Moves
    held back for a hand at the short table (C6): the sentence of the prompt."""
    night = Night("kojack", tables=2, players=18)
    with pytest.raises(StalePlan, match="nothing is to be confirmed now") as none:
        night.run(ConfirmPlan(plan="0123456789ab"))
    assert none.value.context["plan"] is None
    night.run(DrawButtons())
    night.bust_at(1, 8)
    night.bust_at(2, 1)
    due = moves_due(night.state)
    assert due is not None
    with pytest.raises(RuleViolation, match="final-table redraw") as final:
        night.run(ConfirmPlan(plan=due.plan))
    assert final.value.context["hint"] == "redraw"


def test_C6_FOX_10A_confirm_plan_refuses_a_move_held_for_a_hand() -> None:
    """Foxwoods, table 1 of 9 players, table 2 (7 seats) of 6 after its seat-3 player
    busted, buttons on seat 1: the only open seat is next hand's small blind, where a player
    moved to balance may not sit (FOX-10A). The plan has no move; "Confirm all" says to play
    a hand there and writes nothing."""
    night = Night("foxwoods", tables=2, players=16, layout=((1, 9), (2, 7)))
    names = [f"Player {i:02d}" for i in range(16)]
    for i, name in enumerate(names):
        night.run(SeatPlayer(player=name, table=1 + i // 9, seat=1 + i % 9))
    night.run(PlaceButton(table=1, seat=1))
    night.run(PlaceButton(table=2, seat=1))
    night.run(Bust(players=(names[11],)))  # table 2, seat 3
    plan = due_plan(night.state)
    assert plan is not None
    assert (plan.moves, plan.blocked) == ((), (2,))
    before = len(night.service.records(night.tid))
    with pytest.raises(InvalidCommand, match="one hand there") as held:
        night.run(ConfirmPlan(plan=plan.token))
    assert held.value.context["hint"] == "play_hands"
    assert "FOX-10A" in held.value.rule_ids
    assert len(night.service.records(night.tid)) == before


def test_PlayerMoved_names_the_seats_the_log_keeps() -> None:
    """The log's words name the seat the prompt named: "Moved Player 07: table 3 seat 2 →
    table 1 seat 6"."""
    night = _break_due("kojack")
    prompt = _prompt(night)
    due = moves_due(night.state)
    assert due is not None
    records = night.run(ConfirmPlan(plan=due.plan))
    moved = [r.event for r in records if isinstance(r.event, PlayerMoved)]
    assert len(moved) == 7
    for ev in moved:
        name = ev.move.name
        assert name is not None
        _, from_seat, to_table, to_seat = prompt[name]
        assert f"table 3 seat {from_seat} → table {to_table} seat {to_seat}" in ev.describe()


def test_version_1_suggestions_and_final_tables_read_with_no_plan() -> None:
    """Logs written before plans were drawn once per seating (version 1) read on: their
    ``moves_suggested`` and ``final_table_drawn`` have no seed and no token."""
    from pokertd.tournament.framework import event_from_json

    move = {
        "move_id": 3,
        "entry_id": "E7",
        "name": "Ann Lee",
        "from_table": 4,
        "from_seat": 2,
        "to_table": 1,
        "to_seat": 7,
        "reason": "break_table",
        "rule_ids": ["FOX-9"],
        "waits": False,
        "moves_before": 0,
    }
    old = {"moves": [move], "break_table": 4, "button_draws": []}
    suggested = event_from_json("moves_suggested", 1, old)
    assert isinstance(suggested, MovesSuggested)
    assert (suggested.seed, suggested.plan, suggested.moves[0].to_seat) == (None, "", 7)
    seat = {"entry_id": "E7", "name": "Ann Lee", "table": 1, "seat": 3, "waits": False}
    final = {"table": 1, "seats": 10, "draws": [seat], "redraw": True, "button": 3, "cards": []}
    drawn = event_from_json("final_table_drawn", 1, final)
    assert isinstance(drawn, FinalTableDrawn)
    assert (drawn.seed, drawn.plan, drawn.button) == (None, "", 3)


def test_B10_confirm_all_waits_for_an_open_hand_for_hand_hand() -> None:
    """Foxwoods, 20 players seated 10/10 with buttons, six busts at table 1 (4/10), clock
    running, hand-for-hand on: a bust at table 1 opens hand HFH-1. The balancing plan shown
    then is refused while table 2 still plays the hand (FOX-HFH: busts in one hand tie, a
    move between them would mix the hands), nothing written; once both tables report, the
    same plan (same token: reports move nobody) is confirmed seat for seat."""
    night = Night("foxwoods", tables=2, players=20, layout=((1, 10), (2, 10)), seats_per_table=10)
    for i in range(20):
        night.run(SeatPlayer(player=f"Player {i:02d}", table=1 + i // 10, seat=1 + i % 10))
    night.run(DrawButtons())
    night.run(StartClock())
    night.bust_at(1, 6)
    night.run(HandForHand(on=True))
    night.bust_at(1, 1)  # hand HFH-1: table 1 plays it
    due = moves_due(night.state)
    assert due is not None
    assert due.moves
    prompt = _prompt(night)
    before = len(night.service.records(night.tid))
    with pytest.raises(RuleViolation, match="The moves waits: hand-for-hand hand HFH-1"):
        night.run(ConfirmPlan(plan=due.plan))
    assert len(night.service.records(night.tid)) == before
    night.run(TableHandFinished(table="1"))
    night.run(TableHandFinished(table="2"))
    assert moves_due(night.state) == due
    night.run(ConfirmPlan(plan=due.plan))
    _moved_as_prompted(night, prompt)
