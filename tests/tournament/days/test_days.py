"""Multi-day play: bag and tag, the chip roll-up, and Day 2 from the bags (issue 14).

Every figure is worked out by hand in the test: ten players bought 20,000 chips each, one
rebuy of 20,000, one add-on of 30,000, 100 chips removed at a colour-up.
Implements: C1 (the Day 2 redraw is random and even).
"""

from __future__ import annotations

import pytest
from floor_helpers import Night, clock_at

from pokertd.errors import InvalidCommand, NotFound, RuleViolation
from pokertd.tournament.days import (
    Bag,
    Days,
    EndDay,
    StartDay,
    bag_list,
    bag_numbers,
    chips_in_play,
    day_seats,
    reconcile,
)
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import (
    Addon,
    Rebuy,
    RecordChips,
    Register,
    RemoveChips,
    Roster,
)
from pokertd.tournament.framework import Undo
from pokertd.tournament.seating import DrawSeats, KeepApart, SeatsDrawn, live_seating
from pokertd.tournament.templates import AddonTerms, Fees, RebuyTerms, load_template

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")


def _night() -> Night:
    tmpl = load_template("kpc_nlh").with_changes(
        profile="tda",
        tables=3,
        seats_per_table=4,
        rebuy=RebuyTerms(fees=Fees(prize_pool=10_000), chips=20_000),
        addon=AddonTerms(fees=Fees(prize_pool=5_000), chips=30_000, at_level=1),
    )
    night = Night(tmpl)
    for i, name in enumerate(NAMES):  # a card of his own each (the player database, A1)
        night.run(Register(name=name, member=f"10{i:02d}", age_ok=True))
    night.run(DrawSeats())
    with clock_at(1):
        night.run(Rebuy(player="Ann", stack=0))
        night.run(Addon(player="Bob", stack=20_000))
    night.run(RemoveChips(chips=100, reason="colour-up"))
    night.run(Bust(players=("Jo",), eliminator="Ann"))
    return night


# Ann 20,000 + 20,000 rebuy + Jo's 20,000; Bob 20,000 + 30,000 add-on; Gus lost the 100.
COUNTS = (("Ann", 60_000), ("Bob", 50_000), ("Cat", 20_000), ("Dan", 20_000), ("Eve", 20_000))
REST = (("Fay", 20_000), ("Gus", 19_900), ("Hal", 20_000), ("Ivy", 20_000))
IN_PLAY = 10 * 20_000 + 20_000 + 30_000 - 100  # 249,900


def test_chip_roll_up_equals_chips_in_play() -> None:
    night = _night()
    night.run(RecordChips(counts=COUNTS))
    night.run(EndDay(day=1, counts=REST))
    view = bag_list(night.state)
    roll = view.as_json()["roll_up"]
    assert IN_PLAY == 249_900
    assert roll["chips_in_play"] == IN_PLAY
    assert roll["starting_chips"] == 200_000
    assert roll["entries"] == 10
    assert (roll["rebuy_chips"], roll["addon_chips"], roll["removed"]) == (20_000, 30_000, 100)
    assert roll["bagged"] == 60_000 + 50_000 + 5 * 20_000 + 19_900 + 20_000 == IN_PLAY
    assert roll["difference"] == 0
    assert roll["balanced"] is True
    assert roll["bags"] == 9
    assert night.state.part(Roster).chips_in_play == IN_PLAY


def test_a_short_bag_shows_the_difference() -> None:
    night = _night()
    short = (*COUNTS, *REST[:3], ("Ivy", 19_000))
    night.run(EndDay(day=1, counts=short, bags=(("Ivy", "A-9"),)))
    view = bag_list(night.state)
    assert view.reconciliation.difference == -1_000
    assert "1,000 chips short" in view.reconciliation.describe()
    ivy = next(b for b in view.bags if b.name == "Ivy")
    assert (ivy.bag, ivy.chips) == ("A-9", 19_000)
    labels = sorted(b.bag for b in view.bags if b.name != "Ivy")
    assert labels == sorted(str(n) for n in range(1, 9))  # 1..8 in seat order, A-9 kept


def test_bag_list_rows_name_table_and_seat_in_seat_order() -> None:
    night = _night()
    night.run(EndDay(day=1, counts=(*COUNTS, *REST)))
    view = bag_list(night.state)
    where = live_seating(night.state).where
    for b in view.bags:
        table, seat = where[b.entry_id]
        assert (b.table, b.seat) == (table, seat + 1)
    keys = [(b.table or 0, b.seat or 0) for b in view.bags]
    assert keys == sorted(keys)
    assert [b.bag for b in view.bags] == [str(n) for n in range(1, 10)]


def test_every_bag_needs_a_count_and_a_refusal_changes_nothing() -> None:
    night = _night()
    night.run(RecordChips(counts=COUNTS))
    before = len(night.records)
    with pytest.raises(RuleViolation, match="none recorded for Fay, Gus, Hal, Ivy"):
        night.run(EndDay(day=1))
    with pytest.raises(InvalidCommand, match="Bag 7 is given to two players"):
        night.run(EndDay(day=1, counts=REST, bags=(("Ann", "7"), ("Bob", "7"))))
    with pytest.raises(InvalidCommand, match="Today is Day 1"):
        night.run(EndDay(day=2, counts=REST))
    with pytest.raises(RuleViolation, match="not been bagged"):
        night.run(StartDay(day=2))
    assert len(night.records) == before
    assert night.state.part(Days).ended == []


def test_day_two_restarts_from_the_bags_with_a_redraw() -> None:
    night = _night()
    night.run(EndDay(day=1, counts=(*COUNTS, *REST)))
    with pytest.raises(RuleViolation, match="already bagged"):
        night.run(EndDay(day=1, counts=COUNTS))
    with pytest.raises(InvalidCommand, match="the next day is Day 2"):
        night.run(StartDay(day=3))
    night.run(StartDay(day=2, tables=((1, 5), (2, 5))))
    state = night.state
    days = state.part(Days)
    assert (days.day, days.bagged) == (2, False)
    seating = live_seating(state)
    counts = sorted(len([p for p in row if p]) for row in seating.snapshot().values())
    assert counts == [4, 5]  # 9 players on two 5-seat tables: even within one (C1)
    stacks = {r.name: r.chips for r in day_seats(state)}
    assert stacks == dict((*COUNTS, *REST))  # every stack as bagged
    assert sum(stacks.values()) == IN_PLAY
    assert "Jo" not in stacks
    last = night.records[-1].event
    assert last.describe() == "Day 2 started: 9 players redrawn at 2 tables"


def test_day_two_in_the_room_as_laid_before() -> None:
    night = _night()
    night.run(EndDay(day=1, counts=(*COUNTS, *REST)))
    night.run(StartDay(day=2))
    counts = sorted(
        len([p for p in row if p]) for row in live_seating(night.state).snapshot().values()
    )
    assert counts == [3, 3, 3]  # 9 players over the three 4-seat tables, evenly


def test_undo_takes_the_end_of_day_back() -> None:
    night = _night()
    night.run(EndDay(day=1, counts=(*COUNTS, *REST)))
    night.run(Undo())
    assert night.state.part(Days).bagged is False
    with pytest.raises(NotFound, match="No day has been bagged"):
        bag_list(night.state)


def test_pure_roll_up_and_bag_numbers() -> None:
    rolled = chips_in_play([("buy_in", 15_000)] * 4 + [("re_entry", 15_000), ("addon", 5_000)], 25)
    assert (rolled.entries, rolled.starting, rolled.addon_chips) == (5, 75_000, 5_000)
    assert rolled.total == 75_000 + 5_000 - 25
    bags = [Bag(entry_id="E1", name="A", table=1, seat=1, chips=40_000, bag="1")]
    assert reconcile(bags, rolled).difference == 40_000 - 79_975
    assert bag_numbers(["E1", "E2", "E3"], {"E3": "2"}) == {"E1": "1", "E2": "3", "E3": "2"}
    with pytest.raises(InvalidCommand, match="cannot be empty"):
        bag_numbers(["E1"], {"E1": "  "})


def test_SPOT_2c3_the_day_two_redraw_keeps_apart_those_the_director_keeps_apart() -> None:
    """Ann and Bob kept apart since Day 1: the Day 2 redraw of the 9 bagged players on two
    5-seat tables never seats them together (SPOT-2c3, C1), and the draw says nothing.
    Eight nights (the service's own random source): a draw that ignored the group would
    put them together in about half of them."""
    for _ in range(8):
        night = _night()
        night.run(KeepApart(players=("Ann", "Bob")))
        night.run(EndDay(day=1, counts=(*COUNTS, *REST)))
        night.run(StartDay(day=2, tables=((1, 5), (2, 5))))
        drawn = next(
            r.event
            for r in night.records
            if isinstance(r.event, SeatsDrawn) and r.event.how == "Day 2 redraw"
        )
        table = {s.name: s.table for s in drawn.seats}
        assert table["Ann"] != table["Bob"]
        assert drawn.apart == ()
