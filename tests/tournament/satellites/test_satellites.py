"""Satellites: a prize pool turned into seats in a target event, the leftover as cash.

The numbers by hand: ten players pay $525 each into the prize pool = $5,250; seats are
worth $1,500, so the pool buys 3 seats ($4,500) and leaves $750 in cash.
"""

from __future__ import annotations

import pytest
from floor_helpers import Night

from pokertd.app.series import SeriesService
from pokertd.errors import InvalidCommand, NotFound, PermissionDenied, RuleViolation
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, Register, Roster
from pokertd.tournament.satellites import (
    LeftoverRule,
    PaySeat,
    Satellite,
    SetSatellite,
    award_seats,
)
from pokertd.tournament.templates import Fees, load_template

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
POOL = 10 * 525_00  # $5,250.00
SEAT = 1_500_00


def test_pool_of_5250_buys_three_seats_and_750_cash_to_the_next_place() -> None:
    award = award_seats(POOL, SEAT, LeftoverRule.NEXT_PLACE)
    assert (award.seats, award.leftover) == (3, 750_00)
    assert [(a.place, a.seat, a.cash) for a in award.awards] == [
        (1, True, 0),
        (2, True, 0),
        (3, True, 0),
        (4, False, 750_00),
    ]


def test_split_leftover_goes_to_the_seat_winners_odd_cents_first() -> None:
    award = award_seats(POOL, SEAT, LeftoverRule.SPLIT)
    assert [(a.place, a.cash) for a in award.awards] == [(1, 250_00), (2, 250_00), (3, 250_00)]
    odd = award_seats(4_500_02 + 1, SEAT, LeftoverRule.SPLIT)  # $0.03 left over
    assert [a.cash for a in odd.awards] == [1, 1, 1]
    odd2 = award_seats(4_500_02, SEAT, LeftoverRule.SPLIT)  # $0.02 left over
    assert [a.cash for a in odd2.awards] == [1, 1, 0]


def test_a_pool_smaller_than_a_seat_pays_cash_and_bad_values_are_refused() -> None:
    award = award_seats(1_000_00, SEAT, LeftoverRule.SPLIT)
    assert award.seats == 0
    assert [(a.place, a.seat, a.cash) for a in award.awards] == [(1, False, 1_000_00)]
    for bad in (0, -1):
        with pytest.raises(InvalidCommand, match="positive amount"):
            award_seats(POOL, bad, LeftoverRule.NEXT_PLACE)


def _satellite() -> tuple[Night, SeriesService]:
    tmpl = load_template("kpc_nlh").with_changes(profile="tda", fees=Fees(prize_pool=525_00))
    night = Night(tmpl)
    for i, name in enumerate(NAMES):
        night.run(Register(name=name, member=f"20{i:02d}", age_ok=True))
    main = load_template("kpc_nlh").with_changes(profile="tda")
    night.service.create(CreateTournament(name="Main Event", template=main), tournament_id="main")
    return night, SeriesService(night.service)


def _down_to_three(night: Night) -> None:
    for name in ("Jo", "Ivy", "Hal", "Gus", "Fay", "Eve", "Dan"):  # 10th .. 4th
        night.run(Bust(players=(name,), eliminator="Ann"))


def test_a_three_seat_satellite_pays_seats_into_the_target_and_cash() -> None:
    night, series = _satellite()
    view = series.set_satellite(night.tid, "main", SEAT)
    assert view.award is not None
    assert (view.award.pool, view.award.seats, view.award.leftover) == (POOL, 3, 750_00)
    assert view.target_name == "Main Event"
    _down_to_three(night)
    paid = series.pay_seat(night.tid, "Ann")
    assert (paid.seat, paid.cash_cents, paid.target_event) == (True, 0, "main")
    target = night.service.state("main").part(Roster)
    assert [p.name for p in target.players.values()] == ["Ann"]
    assert target.players[paid.target_player].member == "2000"
    cash = series.pay_seat(night.tid, "Dan")
    assert (cash.place, cash.seat, cash.cash_cents, cash.target_player) == (4, False, 750_00, "")
    for name in ("Bob", "Cat"):
        assert series.pay_seat(night.tid, name).seat is True
    assert len(night.service.state("main").part(Roster).players) == 3
    book = night.state.part(Satellite).paid
    assert sum(p.cash for p in book.values()) == 750_00
    assert sum(p.seat for p in book.values()) == 3


def test_refusals_change_nothing() -> None:
    night, series = _satellite()
    with pytest.raises(NotFound, match="no event 'nope'"):
        series.set_satellite(night.tid, "nope", SEAT)
    with pytest.raises(InvalidCommand, match="positive amount"):
        series.set_satellite(night.tid, "main", 0)
    with pytest.raises(InvalidCommand, match="in itself"):
        series.set_satellite(night.tid, night.tid, SEAT)
    assert night.state.part(Satellite).is_satellite is False
    series.set_satellite(night.tid, "main", SEAT)
    with pytest.raises(RuleViolation, match="still playing: 10 players remain for 3 seats"):
        series.pay_seat(night.tid, "Ann")
    _down_to_three(night)
    with pytest.raises(RuleViolation, match="finished 5"):
        series.pay_seat(night.tid, "Eve")
    series.pay_seat(night.tid, "Ann")
    with pytest.raises(RuleViolation, match="already been paid"):
        series.pay_seat(night.tid, "Ann")
    assert len(night.service.state("main").part(Roster).players) == 1
    with pytest.raises(RuleViolation, match="can no longer change"):
        night.run(SetSatellite(target_event="main", seat_value_cents=SEAT))


def test_a_finished_target_takes_no_seats() -> None:
    night, series = _satellite()
    done = load_template("kpc_nlh").with_changes(profile="tda")
    night.service.create(CreateTournament(name="Done", template=done), tournament_id="done")
    for i, name in enumerate(("Xa", "Yb")):
        night.service.run("done", Register(name=name, member=f"30{i}", age_ok=True))
    night.service.run("done", CloseRegistration())
    night.service.run("done", Bust(players=("Yb",), eliminator="Xa"))  # Xa wins
    with pytest.raises(RuleViolation, match="is finished"):
        series.set_satellite(night.tid, "done", SEAT)
    series.set_satellite(night.tid, "main", SEAT)
    assert night.state.part(Satellite).target_event == "main"


def test_a_seat_is_paid_only_through_the_series_service() -> None:
    night, series = _satellite()
    series.set_satellite(night.tid, "main", SEAT)
    _down_to_three(night)
    with pytest.raises(InvalidCommand, match="registering the player in the target event"):
        night.service.run(night.tid, PaySeat(player="Ann"))
    with pytest.raises(PermissionDenied):
        series.pay_seat(night.tid, "Ann", role="floor")
    assert night.state.part(Satellite).paid == {}
    assert night.service.state("main").part(Roster).players == {}
