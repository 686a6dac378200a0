"""The floor's seat tools (issue 12): mark a player away and back, move a seated player by
hand.

Absence is a seating fact (table presence): recorded with the command's clock, shown with
minutes away and, where the venue has ``absent_pickup_minutes`` (SPOT-2b15, G4), the minute
after which the chips may be picked up; a move or a bust ends it. A hand move
(``MovePlayer``, FOX-6/FOX-8) goes to an empty seat of an open table and meets the seat
checks of a balancing move (KPC-8d, TNPL-B6ii, FOX-10A).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from pokertd.app.tournaments import TournamentService
from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.store import open_store
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.framework import Undo
from pokertd.tournament.seating import (
    AwayView,
    LayTables,
    MarkAbsent,
    MarkPresent,
    MovePlayer,
    MoveReason,
    PlaceButton,
    PlayerAway,
    PlayerBack,
    PlayerMoved,
    SeatPlayer,
    SeatView,
    away_now,
    live_seating,
    tables_view,
)
from pokertd.tournament.templates import load_template

START = datetime(2026, 1, 1, 19, 0, tzinfo=UTC)
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")
SEATS = ((1, 1), (1, 2), (1, 3), (2, 1), (2, 4), (2, 6), (2, 8))


class Clock:
    """The service's clock, moved on by the test."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def later(self, minutes: int) -> datetime:
        self.now += timedelta(minutes=minutes)
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def service(clock: Clock) -> Iterator[TournamentService]:
    svc = TournamentService(
        open_store("sqlite:///:memory:"), now=clock, rng_factory=lambda: random.Random(1)
    )
    yield svc
    svc.close()


def _room(service: TournamentService, template: str = "kpc_nlh") -> str:
    """Seven players seated by hand: T1 seats 1-3, T2 seats 1, 4, 6, 8 (9-seat tables);
    table 2's button is on seat 1 for the hand now (SB 4, BB 6)."""
    tmpl = load_template(template).with_changes(tables=3, seats_per_table=9)
    tid = service.create(CreateTournament(name="Seat tools", template=tmpl))
    for name in NAMES:
        service.run(tid, Register(name=name, member=f"M-{name}", age_ok=True, member_ok=True))
    service.run(tid, LayTables(tables=((1, 9), (2, 9), (3, 9))))
    for name, (table, seat) in zip(NAMES, SEATS, strict=True):
        service.run(tid, SeatPlayer(player=name, table=table, seat=seat))
    service.run(tid, PlaceButton(table=2, seat=1))
    return tid


def _seat(service: TournamentService, tid: str, table: int, seat: int, now: datetime) -> SeatView:
    view = tables_view(service.state(tid), now)
    found = next(t for t in view.tables if t.table == table)
    return next(s for s in found.seated if s.seat == seat)


def _away(service: TournamentService, tid: str, table: int, seat: int, now: datetime) -> AwayView:
    away = _seat(service, tid, table, seat, now).away
    assert away is not None
    return away


# --- away and back (A7, D8, K6, G4) -------------------------------------------------------------


def test_K6_D8_away_recorded_with_the_clock_and_shown_in_minutes(
    service: TournamentService, clock: Clock
) -> None:
    """Kojack (no pickup rule): Bob marked away at 19:00; at 19:07 the staff view says 7
    minutes, dealt in and posting (D8, K6: Kojack's KPC-21, KPC-52); back at 19:12 the log
    says 12 minutes."""
    tid = _room(service)
    recs = service.run(tid, MarkAbsent(player="Bob"), role="floor")
    ev = recs[0].event
    assert isinstance(ev, PlayerAway)
    assert (ev.name, ev.table, ev.seat, ev.at) == ("Bob", 1, 2, "2026-01-01T19:00:00+00:00")
    assert ev.describe() == "Bob is away from table 1 seat 2"
    clock.later(7)
    away = _away(service, tid, 1, 2, clock.now)
    assert away.since == "2026-01-01T19:00:00+00:00"
    assert away.minutes == 7
    assert away.pickup_minutes is None
    assert away.text == "Away 7 min. Dealt in; blinds and antes are posted (KPC-21, KPC-52)."
    assert _seat(service, tid, 1, 1, clock.now).away is None
    clock.later(5)
    back = service.run(tid, MarkPresent(player="Bob"), role="floor")[0].event
    assert isinstance(back, PlayerBack)
    assert back.minutes == 12
    assert back.describe() == "Bob is back at table 1 seat 2 after 12 minutes"
    assert away_now(service.state(tid)) == {}


def test_G4_SPOT_2b15_chips_may_be_picked_up_after_15_minutes_away(
    service: TournamentService, clock: Clock
) -> None:
    """Spotlight (``absent_pickup_minutes`` 15, SPOT-2b15): away at 19:00 -> pickup after
    19:15; at 19:14 not yet, at 19:16 the view says the chips may be picked up now."""
    tid = _room(service, "spot_league")
    service.run(tid, MarkAbsent(player="Eve"), role="floor")
    clock.later(14)
    away = _away(service, tid, 2, 4, clock.now)
    assert away.minutes == 14
    assert away.pickup_minutes == 15
    assert away.pickup_at == "2026-01-01T19:15:00+00:00"
    assert away.pickup_due is False
    assert away.rule_ids == ("SPOT-2b15",)
    assert away.text == "Away 14 min. Chips may be picked up after 15 minutes away (SPOT-2b15)."
    clock.later(2)
    away = _away(service, tid, 2, 4, clock.now)
    assert (away.minutes, away.pickup_due) == (16, True)
    assert "Chips may be picked up now: more than 15 minutes away (SPOT-2b15)" in away.text


def test_away_refusals_name_the_player(service: TournamentService, clock: Clock) -> None:
    tid = _room(service)
    with pytest.raises(InvalidCommand, match=r"^Ann is not marked away"):
        service.run(tid, MarkPresent(player="Ann"))
    service.run(tid, MarkAbsent(player="Ann"))
    clock.later(3)
    with pytest.raises(InvalidCommand, match=r"^Ann is already marked away \(3 min\)"):
        service.run(tid, MarkAbsent(player="Ann"))
    # before the seat draw (a registered absentee, A7): the seat is marked once drawn
    tmpl = load_template("kpc_nlh")
    early = service.create(CreateTournament(name="Not seated", template=tmpl))
    service.run(early, Register(name="Hal", member="M-Hal", age_ok=True, member_ok=True))
    with pytest.raises(InvalidCommand, match=r"^Hal has no seat yet"):
        service.run(early, MarkAbsent(player="Hal"))


def test_a_bust_ends_the_absence(service: TournamentService) -> None:
    """An away player blinded out and busted (K8) is no longer shown away."""
    tid = _room(service)
    service.run(tid, MarkAbsent(player="Cat"))
    assert set(away_now(service.state(tid))) == {"E3"}
    service.run(tid, Bust(players=("Cat",)))
    assert away_now(service.state(tid)) == {}
    with pytest.raises(RuleViolation, match="Cat is not in the tournament"):
        service.run(tid, MarkPresent(player="Cat"))


def test_undo_takes_an_absence_back(service: TournamentService) -> None:
    tid = _room(service)
    service.run(tid, MarkAbsent(player="Dan"))
    service.run(tid, Undo())
    assert away_now(service.state(tid)) == {}


# --- moving a seated player by hand (C1 override, C6 seat checks, D4) ---------------------------


def test_FOX_6_floor_moves_a_seated_player_to_an_empty_seat(
    service: TournamentService, clock: Clock
) -> None:
    """Ann T1-S1 -> T2-S2 by hand: recorded as PlayerMoved (reason floor), her old seat
    empties; marked away before, the move ends it."""
    tid = _room(service)
    service.run(tid, MarkAbsent(player="Ann"))
    recs = service.run(tid, MovePlayer(player="Ann", table=2, seat=2), role="floor")
    assert len(recs) == 1
    ev = recs[0].event
    assert isinstance(ev, PlayerMoved)
    m = ev.move
    assert (m.name, m.from_table, m.from_seat, m.to_table, m.to_seat) == ("Ann", 1, 1, 2, 2)
    assert m.reason is MoveReason.FLOOR
    assert m.rule_ids == ("KPC-6a",)  # C1 (seating, its manual override) at Kojack
    assert m.waits is False
    assert ev.describe() == (
        "Moved #1 Ann: table 1 seat 1 → table 2 seat 2 (floor decision) [KPC-6a] (by the floor)"
    )
    seating = live_seating(service.state(tid))
    assert seating.tables[1].players[0] is None
    assert seating.tables[2].players[1] == "E1"
    assert seating.moves_of("E1") == 1
    assert away_now(service.state(tid)) == {}


def test_D4_a_hand_move_between_button_and_small_blind_waits(service: TournamentService) -> None:
    """Table 2 next hand: button 4, SB 6, BB 8. Seat 5 lies between the button and the small
    blind: the moved player waits for the button to pass (``waits`` as for a balancing move)."""
    tid = _room(service)
    ev = service.run(tid, MovePlayer(player="Bob", table=2, seat=5))[0].event
    assert isinstance(ev, PlayerMoved)
    assert ev.move.waits is True
    assert "waits for the button" in ev.describe()


def test_FOX_10A_KPC_8d_a_hand_move_never_takes_the_small_blind(
    service: TournamentService,
) -> None:
    """Table 2's hand now: button 1, SB 4 (Eve), BB 6 (Fay). Fay busts: seat 6 is next
    hand's (dead) small blind. A player moved there from table 1 would post it: refused,
    with the reason; seat 7 is fine."""
    tid = _room(service)
    service.run(tid, Bust(players=("Fay",)))
    before = len(service.records(tid))
    with pytest.raises(RuleViolation) as refused:
        service.run(tid, MovePlayer(player="Cat", table=2, seat=6))
    assert str(refused.value).startswith(
        "A player moved from another table may not take table 2 seat 6: "
        "it would post the small blind next hand."
    )
    assert "KPC-8d" in refused.value.rule_ids
    assert len(service.records(tid)) == before
    service.run(tid, MovePlayer(player="Cat", table=2, seat=7))
    assert live_seating(service.state(tid)).where["E3"] == (2, 6)


def test_hand_move_refusals_taken_closed_missing(service: TournamentService) -> None:
    tid = _room(service)
    with pytest.raises(RuleViolation, match=r"^Table 2 seat 4 is taken by Eve"):
        service.run(tid, MovePlayer(player="Ann", table=2, seat=4))
    with pytest.raises(InvalidCommand, match=r"^Table 5 is not in play \(open tables: 1, 2\)"):
        service.run(tid, MovePlayer(player="Ann", table=5, seat=1))
    with pytest.raises(InvalidCommand, match=r"^Table 2 has no seat 10: it has 9 seats"):
        service.run(tid, MovePlayer(player="Ann", table=2, seat=10))
    with pytest.raises(InvalidCommand, match=r"^Ann already sits at table 1 seat 1"):
        service.run(tid, MovePlayer(player="Ann", table=1, seat=1))
    # a seat change at the same table is a floor decision too
    service.run(tid, MovePlayer(player="Ann", table=1, seat=5))
    assert live_seating(service.state(tid)).where["E1"] == (1, 4)
