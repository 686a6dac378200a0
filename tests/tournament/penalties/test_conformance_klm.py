"""Conformance of sections 2(k) Penalties and absent players and 2(l) Irregularities
(tournament side), with the catalogue's worked examples; and the issue-13 defects of the
same area: penalties served hand by hand, the clock called on a seat, the misplaced-button
correction and the hand-for-hand per-table report.

Every expected number comes from the catalogue's example or the rule's text.
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest
from floor_helpers import Night
from typer.testing import CliRunner

from pokertd.app import screens as snapshot
from pokertd.app.tournaments import open_service
from pokertd.cli import app
from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.tournament.clock import (
    CallClock,
    ClockCalled,
    ClockExpired,
    ExpireClock,
    HandForHand,
    StartClock,
    TableHandFinished,
)
from pokertd.tournament.entries import (
    CreateTournament,
    EntryStatus,
    RecordChips,
    Register,
    RemoveChips,
    Roster,
)
from pokertd.tournament.penalties import (
    GivePenalty,
    Penalties,
    PenaltyHandsServed,
    PenaltyKind,
)
from pokertd.tournament.seating import (
    ButtonCorrected,
    CorrectButton,
    LayTables,
    MovePlayer,
    PlaceButton,
    PlayHands,
    SeatPlayer,
    tables_view,
)
from pokertd.tournament.templates import load_template

K = PenaltyKind
T1 = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")
"""Table 1, seats 1-7: seven players, the offender Cat included (K2's example)."""
T2 = ("Hal", "Ivy", "Jay", "Kim")
"""Table 2, seats 1-4."""


def _room(template: str = "kpc_nlh") -> Night:
    """Eleven players seated by hand on two 9-seat tables; both buttons on seat 1 for the
    hand now."""
    night = Night(template, tables=2, seats_per_table=9)
    for name in T1 + T2:
        night.run(Register(name=name, member=f"M-{name}", age_ok=True, member_ok=True))
    night.run(LayTables(tables=((1, 9), (2, 9))))
    for seat, name in enumerate(T1, start=1):
        night.run(SeatPlayer(player=name, table=1, seat=seat))
    for seat, name in enumerate(T2, start=1):
        night.run(SeatPlayer(player=name, table=2, seat=seat))
    night.run(PlaceButton(table=1, seat=1))
    night.run(PlaceButton(table=2, seat=1))
    return night


def _seat(night: Night, table: int, name: str) -> tuple[int, bool]:
    """(penalty hands left, serving in the coming hand) of ``name`` in the tables view."""
    view = tables_view(night.state, night.now)
    found = next(t for t in view.tables if t.table == table)
    seat = next(s for s in found.seated if s.name == name)
    return seat.penalty_hands_left, seat.on_penalty


# --- K2, K3: the penalty served hand by hand ---------------------------------------------------


def test_KPC_52_penalty_hands_count_down_from_the_tables_reported_hands() -> None:
    """K2/K3 example (KPC-52, TNPL-J1iii, FOX-71C; begins after the current hand: KPC-49,
    TNPL-J3, FOX-68): 7 players at the table including the offender, a 2-round penalty ->
    14 hands. The hand in progress when it is given does not count; 5 hands later 9 remain;
    the table breaks (he is moved) and the 9 are served at the new table; on the 15th
    hand he is dealt live cards again. The staff view and the dealer view show the count.
    """
    night = _room("kpc_nlh")
    night.run(GivePenalty(player="Cat", kind=K.MISSED_ROUNDS, count=2, reason="abuse"))
    assert night.state.part(Penalties).given[0].hands == 14
    assert _seat(night, 1, "Cat") == (14, False)  # the hand in progress is not a penalty hand

    records = night.run(PlayHands(table=1, hands=1))  # the hand in progress ends
    assert _seat(night, 1, "Cat") == (14, True)
    served = [r.event for r in records if isinstance(r.event, PenaltyHandsServed)]
    assert [e.left for e in served] == [(14,)]

    night.run(PlayHands(table=1, hands=5))
    assert _seat(night, 1, "Cat") == (9, True)

    night.run(MovePlayer(player="Cat", table=2, seat=6))
    assert _seat(night, 2, "Cat") == (9, True)
    night.run(PlayHands(table=1, hands=3))  # his old table's hands no longer count
    assert _seat(night, 2, "Cat") == (9, True)

    night.run(PlayHands(table=2, hands=8))
    assert _seat(night, 2, "Cat") == (1, True)
    view = snapshot.build(night.state, night.records, night.now)
    dealer = snapshot.dealer(view, 2)
    (cat,) = [s for s in dealer["tables"][0]["seats"] if s["name"] == "Cat"]
    assert (cat["penalty_hands_left"], cat["on_penalty"]) == (1, True)
    public = snapshot.public(view)
    assert all("penalty_hands_left" not in s for t in public.get("tables", []) for s in t["seats"])

    (record,) = [
        r for r in night.run(PlayHands(table=2, hands=1)) if isinstance(r.event, PenaltyHandsServed)
    ]
    assert record.event.describe() == "Table 2: 1 hand(s) counted toward penalties (Cat 0 left)"
    assert _seat(night, 2, "Cat") == (0, False)  # the 15th hand is dealt live


def test_FOX_71C_penalty_given_between_hands_counts_the_next_hand() -> None:
    """K3 (FOX-71C): a 3-hand penalty given between hands is served from the next hand;
    a second penalty is served after the first (3 + 2 = 5 hands)."""
    night = _room("fox_grinder")
    night.run(GivePenalty(player="Bob", kind=K.MISSED_HANDS, count=3, between_hands=True))
    assert _seat(night, 1, "Bob") == (3, True)
    night.run(GivePenalty(player="Bob", kind=K.MISSED_HANDS, count=2))
    assert _seat(night, 1, "Bob") == (5, True)
    night.run(PlayHands(table=1, hands=4))
    assert _seat(night, 1, "Bob") == (1, True)
    night.run(PlayHands(table=1, hands=1))
    assert _seat(night, 1, "Bob") == (0, False)


def test_TNPL_J1iii_hand_for_hand_reports_count_once() -> None:
    """K3 (TNPL-J1iii) with hand-for-hand (B10): each table's report counts one penalty
    hand; moving the button on the same hand then does not count it again."""
    night = _room("tnpl_league")
    night.run(StartClock())
    night.run(GivePenalty(player="Dan", kind=K.MISSED_HANDS, count=4, between_hands=True))
    night.run(HandForHand(on=True))
    night.run(TableHandFinished(table="1"))
    assert _seat(night, 1, "Dan") == (3, True)
    night.run(PlayHands(table=1, hands=1))
    assert _seat(night, 1, "Dan") == (3, True)


# --- K5: disqualification ------------------------------------------------------------------


def test_SPOT_1a3_SPOT_1a4_disqualified_players_chips_leave_play() -> None:
    """K5 example under Spotlight (SPOT-1a3, SPOT-1a4, SPOT-6.24): a DQ of a player holding
    18,300 drops the chips in play by 18,300, never given to anyone; the rule cited is
    Spotlight's own."""
    night = Night("spot_league")
    night.register("A", "B", "C")
    night.run(RecordChips(counts=(("B", 18300),)))
    before = night.state.part(Roster).chips_in_play
    night.run(GivePenalty(player="B", kind=K.DISQUALIFICATION, reason="side betting"))
    roster = night.state.part(Roster)
    assert roster.chips_in_play == before - 18300
    assert roster.entries["E2"].status is EntryStatus.DISQUALIFIED
    assert night.state.part(Penalties).given[0].rule.startswith("SPOT-")


# --- K11: chips out of view --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("template", "rule"),
    [
        ("kpc_nlh", "KPC-46"),
        ("tnpl_league", "TNPL-I1"),
        ("fox_grinder", "FOX-63"),
        ("spot_league", "SPOT-2b3"),
    ],
)
def test_KPC_46_TNPL_I1_FOX_63_SPOT_2b3_confiscated_chips_leave_stack_and_play(
    template: str, rule: str
) -> None:
    """K11 example (KPC-46, TNPL-I1, FOX-63, SPOT-2b3): the floor confiscates 5,000 found
    in a player's pocket -> his stack is 5,000 lower and the chips in play are 5,000 lower;
    more than his stack is refused."""
    night = Night(template)
    night.register("A", "B", "C", "D")
    night.run(RecordChips(counts=(("A", 8000),)))
    before = night.state.part(Roster).chips_in_play
    (record,) = night.run(RemoveChips(chips=5000, reason=f"chips in a pocket ({rule})", player="A"))
    roster = night.state.part(Roster)
    assert roster.entries["E1"].stack == 3000
    assert roster.chips_in_play == before - 5000
    assert record.event.describe() == (
        f"5,000 chips removed from play from A's stack (chips in a pocket ({rule}))"
    )
    with pytest.raises(InvalidCommand, match="last recorded stack is 3,000"):
        night.run(RemoveChips(chips=3001, player="A"))


# --- B15 / L11: a clock called on a seat, and what its expiry does --------------------------


def test_FOX_29_clock_refused_on_an_empty_seat_or_a_table_not_in_play() -> None:
    """Issue-13 defect: a clock on an empty seat or at a table that does not exist was
    logged. Now refused with the reason (FOX-29, B15), and nothing is logged."""
    night = _room("fox_grinder")
    count = len(night.records)
    with pytest.raises(RuleViolation, match=r"Table 1 seat 8 is empty.*FOX-29"):
        night.run(CallClock(seat=8, table="1"))
    with pytest.raises(InvalidCommand, match=r"no table 7 in play \(tables in play: 1, 2\)"):
        night.run(CallClock(seat=2, table="7"))
    with pytest.raises(InvalidCommand, match="Which table"):
        night.run(CallClock(seat=2))
    assert len(night.records) == count
    (record,) = night.run(CallClock(seat=2, table="1"))
    assert isinstance(record.event, ClockCalled)
    assert record.event.describe() == "Clock called on table 1 seat 2: 25 s + 5 s countdown"


@pytest.mark.parametrize(
    ("template", "facing_bet", "outcome"),
    [
        ("kpc_nlh", True, "dead"),
        ("kpc_nlh", False, "check"),
        ("fox_grinder", True, "dead"),
        ("fox_grinder", False, "check"),
        ("tnpl_league", True, "dead"),
        ("tnpl_league", False, "dead"),
    ],
)
def test_KPC_20_FOX_29_clock_expiry_kills_or_checks(
    template: str, facing_bet: bool, outcome: str
) -> None:
    """B15/L11 (KPC-20, FOX-29: dead facing a bet, checked otherwise; TNPL-D6, FOX-66: the
    countdown's expiry kills the hand, TNPL in both cases). Before the time is
    up (25 + 5 s at Kojack and Foxwoods; 50 + 10 s at TNPL) the expiry is refused."""
    night = _room(template)
    night.run(CallClock(seat=3, table="2"))
    with pytest.raises(RuleViolation, match="has not run out"):
        night.run(ExpireClock(seat=3, table="2", facing_bet=facing_bet))
    night.now += timedelta(seconds=61)
    (record,) = night.run(ExpireClock(seat=3, table="2", facing_bet=facing_bet))
    assert isinstance(record.event, ClockExpired)
    assert record.event.outcome == outcome
    with pytest.raises(RuleViolation, match="No clock was called"):
        night.run(ExpireClock(seat=3, table="2"))


# --- D6: the misplaced button ----------------------------------------------------------------


def test_KPC_24J_FOX_33_button_back_one_then_forward_two() -> None:
    """D6 (KPC-24J, FOX-33, ``button_error_fix``): table 2 (seats 1-4), button on seat 1
    for the hand now. Two hands are played (buttons 2, 3); the button skipped seat 2's
    big blind... corrected: the next hand is dealt as the misplaced one should have been
    (button 3 again, big blind seat 1), and the hand after it jumps forward two (button 4).
    """
    for template in ("kpc_nlh", "fox_grinder"):
        night = _room(template)
        night.run(PlayHands(table=2, hands=2))  # hands with buttons 2 and 3 were dealt
        (record,) = night.run(CorrectButton(table=2))
        assert isinstance(record.event, ButtonCorrected)
        assert (record.event.button, record.event.big_blind) == (3, 1)
        night.run(PlayHands(table=2, hands=1))  # the made-up hand
        view = tables_view(night.state, night.now)
        t2 = next(t for t in view.tables if t.table == 2)
        assert t2.button == 4


@pytest.mark.parametrize(
    ("template", "word"), [("spot_league", "misdeal"), ("tnpl_league", "director")]
)
def test_SPOT_3c1_button_correction_refused_where_the_venue_fixes_it_otherwise(
    template: str, word: str
) -> None:
    """D6 (SPOT-3c1): Spotlight re-balances instead of moving the button back; a venue
    whose rules are silent leaves it to the TD. Both refuse with their own rule IDs."""
    night = _room(template)
    night.run(PlayHands(table=2, hands=2))
    with pytest.raises(RuleViolation, match=word) as caught:
        night.run(CorrectButton(table=2))
    prefix = "SPOT-" if template == "spot_league" else ""
    assert all(r.startswith(prefix) for r in caught.value.rule_ids)


# --- the CLI reaches the new commands -----------------------------------------------------


def test_FOX_HFH_cli_table_report_clock_expiry_and_button_fix(tmp_path: Path) -> None:
    """Issue-13 defects, from the CLI: the per-table hand-for-hand report (FOX-HFH), a clock
    refused on an empty seat and what a called clock's expiry does (FOX-29), the button
    correction (FOX-33), and a missed-hand penalty counted down by the reported hands
    (FOX-71C) and shown in ``pokertd tables``."""
    db = f"sqlite:///{tmp_path / 'night.db'}"
    with open_service(db) as service:
        tmpl = load_template("fox_grinder").with_changes(tables=2, seats_per_table=9)
        tid = service.create(CreateTournament(name="CLI night", template=tmpl))
        for name in T1 + T2:
            service.run(tid, Register(name=name, member=f"M-{name}", age_ok=True))
        service.run(tid, LayTables(tables=((1, 9), (2, 9))))
        for seat, name in enumerate(T1, start=1):
            service.run(tid, SeatPlayer(player=name, table=1, seat=seat))
        for seat, name in enumerate(T2, start=1):
            service.run(tid, SeatPlayer(player=name, table=2, seat=seat))
    runner = CliRunner()

    def cli(*args: str, code: int = 0) -> str:
        result = runner.invoke(app, [*args, "--db", db])
        assert result.exit_code == code, result.output
        return result.output

    cli("button", tid, "1", "1")
    cli("button", tid, "2", "1")
    out = cli("clock", tid, "call", "8", "--table", "1", code=2)
    assert "Table 1 seat 8 is empty" in out
    cli("clock", tid, "call", "2", "--table", "1")
    out = cli("clock", tid, "expire", "2", "bet", "--table", "1", code=2)
    assert "has not run out" in out

    cli("penalty", tid, "Bob", "hands", "2", "--between-hands")
    cli("clock", tid, "start")
    cli("clock", tid, "hfh", "on")
    out = cli("clock", tid, "hfh", "report", "--table", "1")
    assert "Table 1 finished its hand-for-hand hand" in out
    assert "Bob 1 left" in out
    out = cli("clock", tid, "hfh", "report", "--table", "1", code=2)
    assert "already reported" in out
    cli("clock", tid, "hfh", "report", "--table", "2")
    tables = json.loads(cli("tables", tid, "--json"))["tables"]
    (bob,) = [s for t in tables for s in t["seated"] if s["name"] == "Bob"]
    assert (bob["penalty_hands_left"], bob["on_penalty"]) == (1, True)
    cli("clock", tid, "hfh", "off")

    cli("button", tid, "2", "--advance", "2")
    out = cli("button", tid, "2", "--fix-error")
    assert "next hand button seat 3, big blind seat 1" in out
