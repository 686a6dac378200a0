"""A series (festival), its lobby and cash report, and an event's flights into Day 2.

The numbers by hand. Every entry costs $100 = $85 to the prize pool + $15 house fee, with
20,000 chips. Day 1A: 12 entries, 4 busted, 8 bagged (60,000 + 50,000 + 30,000 + 5 x
20,000 = 240,000 = 12 x 20,000). Day 1B: 9 entries, 4 busted, 5 bagged (80,000 + 40,000 +
3 x 20,000 = 180,000 = 9 x 20,000). Day 2: 13 players, 420,000 chips; the pool is
21 x $85 = $1,785.00 (the TDA profile withholds nothing), the payout table counts 21
entries; the house kept 21 x $15 = $315.00; players paid 21 x $100 = $2,100.00.

Implements: C1 (Day 2 redraw), issue 14 (series, flights, Day 2's pool).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from pokertd.app.series import SeriesService
from pokertd.app.tournaments import TournamentService
from pokertd.errors import InvalidCommand, NotFound, RuleViolation
from pokertd.sheets import cash_csv
from pokertd.store import open_store
from pokertd.tournament.cancellation import CancelEvent
from pokertd.tournament.days import (
    Days,
    EndDay,
    FlightPool,
    FlightStack,
    StartDay,
    bag_list,
    carry_flights,
    day_seats,
)
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import (
    CloseRegistration,
    CreateTournament,
    Register,
    Roster,
    Setup,
)
from pokertd.tournament.prizes import PrizeBook, cash_report, prize_table
from pokertd.tournament.prizes.results import results
from pokertd.tournament.templates import Fees, load_template
from pokertd.tournament.views import status

NOW = datetime(2026, 11, 22, 19, 0, tzinfo=UTC)
A_COUNTS = (
    ("A01", 60_000),
    ("A02", 50_000),
    ("A03", 30_000),
    ("A04", 20_000),
    ("A05", 20_000),
    ("A06", 20_000),
    ("A07", 20_000),
    ("A08", 20_000),
)
B_COUNTS = (("B01", 80_000), ("B02", 40_000), ("B03", 20_000), ("B04", 20_000), ("B05", 20_000))


@pytest.fixture
def svc() -> Iterator[TournamentService]:
    service = TournamentService(open_store("sqlite:///:memory:"), now=lambda: NOW)
    yield service
    service.close()


def _tmpl() -> object:
    return load_template("kpc_nlh").with_changes(
        profile="tda",
        fees=Fees(prize_pool=85_00, house_fee=15_00),
        starting_stack=20_000,
        tables=2,
        seats_per_table=9,
    )


def _flight(svc: TournamentService, tid: str, names: list[str], out: list[str]) -> str:
    tmpl = _tmpl()
    svc.create(CreateTournament(name=f"Main {tid}", template=tmpl), tournament_id=tid)  # type: ignore[arg-type]
    for name in names:
        svc.run(tid, Register(name=name, age_ok=True))
    for name in out:
        svc.run(tid, Bust(players=(name,), eliminator=names[0]))
    return tid


def _two_flights(svc: TournamentService, *, reentry: bool = False) -> SeriesService:
    a = _flight(
        svc, "m1a", [f"A{i:02d}" for i in range(1, 13)], [f"A{i:02d}" for i in (9, 10, 11, 12)]
    )
    b = _flight(
        svc, "m1b", [f"B{i:02d}" for i in range(1, 10)], [f"B{i:02d}" for i in (6, 7, 8, 9)]
    )
    svc.run(a, EndDay(day=1, counts=A_COUNTS))
    svc.run(b, EndDay(day=1, counts=B_COUNTS))
    series = SeriesService(svc)
    series.create_series("fall", "Fall Festival")
    series.add_flighted("fall", "main", "Main Event", reentry=reentry)
    series.add_event("fall", a, flight_of="main")
    series.add_event("fall", b, flight_of="main")
    return series


def test_two_flights_of_12_and_9_make_day2_with_the_exact_pool_and_stacks(
    svc: TournamentService,
) -> None:
    series = _two_flights(svc)
    formed = series.day2("fall", "main", tournament_id="m2")
    assert (formed.players, formed.chips, formed.entries) == (13, 420_000, 21)
    assert 240_000 + 180_000 == 420_000
    assert formed.carried_pool_cents == 21 * 85_00 == 1_785_00
    state = svc.state("m2")
    stacks = {e.name: e.stack for e in state.part(Roster).entries.values()}
    assert stacks == dict(A_COUNTS) | dict(B_COUNTS)
    book = state.part(PrizeBook)
    assert (book.carried_pool, book.carried_entries, book.carried_stacks) == (178_500, 21, 13)
    table = prize_table(state)
    assert (table.entries, table.pool.net) == (21, 1_785_00)
    assert sum(p.amount for p in table.prizes) == 1_785_00
    # Day 2's roll-up balances: the carried bags are its chips in play
    roll = bag_list(state).as_json()["roll_up"]
    assert (roll["bagged"], roll["chips_in_play"], roll["difference"]) == (420_000, 420_000, 0)
    # the flights are over: their players live on in Day 2 only
    for flight in ("m1a", "m1b"):
        assert svc.state(flight).part(Days).carried_to == "m2"
        assert svc.state(flight).part(Setup).finished
    # Day 2 seats by a redraw (C1): 13 players, stacks as bagged
    svc.run("m2", StartDay(day=2))
    seats = day_seats(svc.state("m2"))
    assert len(seats) == 13
    assert {s.name: s.chips for s in seats} == dict(A_COUNTS) | dict(B_COUNTS)
    assert sorted({s.table or 0 for s in seats}) == [1, 2]
    # the cash report of Day 2 keeps the carried pool apart from its own takings
    cash = cash_report(svc.state("m2"))
    assert (cash.collected, cash.carried_pool, cash.net_prize_pool, cash.entries) == (
        0,
        1_785_00,
        1_785_00,
        21,
    )


def test_results_of_day2_pay_from_the_carried_pool(svc: TournamentService) -> None:
    series = _two_flights(svc)
    series.day2("fall", "main", tournament_id="m2")
    svc.run("m2", StartDay(day=2))
    svc.run("m2", CloseRegistration())  # one survivor wins once registration is closed
    names = [n for n, _ in A_COUNTS + B_COUNTS]
    for name in names[:0:-1]:  # everybody but A01 busts, by A01
        svc.run("m2", Bust(players=(name,), eliminator="A01"))
    view = results(svc.state("m2"))
    assert (view.entries, view.prize_pool_cents) == (21, 1_785_00)
    paid = {r.place: r.prize_cents for r in view.rows if r.prize_cents}
    assert (view.rows[0].place, view.rows[0].name) == (1, "A01")
    assert sum(paid.values()) == 1_785_00
    assert sorted(paid) == [1, 2, 3, 4]  # the table for 21 entries, not for 13 players


def test_best_stack_per_player_when_reentering_flights_is_allowed(svc: TournamentService) -> None:
    a = _flight(svc, "r1a", ["Ann", "Bob", "Cat"], ["Cat"])
    b = _flight(svc, "r1b", ["Ann", "Dan", "Eve"], ["Eve"])
    svc.run(a, EndDay(day=1, counts=(("Ann", 30_000), ("Bob", 30_000))))
    svc.run(b, EndDay(day=1, counts=(("Ann", 45_000), ("Dan", 15_000))))
    series = SeriesService(svc)
    series.create_series("spring", "Spring")
    series.add_flighted("spring", "main", "Main Event", reentry=True)
    series.add_event("spring", a, flight_of="main", label="Day 1A")
    series.add_event("spring", b, flight_of="main", label="Day 1B")
    formed = series.day2("spring", "main", tournament_id="r2")
    # Ann carries her better 45,000 (Day 1B); her 30,000 of Day 1A is surrendered
    assert formed.stacks == (("Ann", "Day 1B", 45_000), ("Bob", "Day 1A", 30_000),
                             ("Dan", "Day 1B", 15_000))  # fmt: skip
    assert (formed.players, formed.chips, formed.surrendered) == (3, 90_000, 1)
    assert formed.entries == 6
    assert formed.carried_pool_cents == 6 * 85_00
    roster = svc.state("r2").part(Roster)
    assert sorted((e.name, e.stack) for e in roster.entries.values()) == [
        ("Ann", 45_000),
        ("Bob", 30_000),
        ("Dan", 15_000),
    ]


def test_carry_flights_pure_rule_ties_go_to_the_earlier_flight() -> None:
    pools = [FlightPool(flight="x", label="Day 1A", entries=4, prize_cents=340_00),
             FlightPool(flight="y", label="Day 1B", entries=5, prize_cents=425_00)]  # fmt: skip
    bags = [
        FlightStack(flight="y", label="Day 1B", name="Zed", card="77", chips=10_000, bag="2"),
        FlightStack(flight="x", label="Day 1A", name="Z. Other", card="77", chips=10_000, bag="5"),
    ]
    field = carry_flights(bags, pools, reentry_allowed=True)  # same card: the same person
    assert [(s.flight, s.bag) for s in field.stacks] == [("x", "5")]
    assert (field.pool_cents, field.entries) == (765_00, 9)
    with pytest.raises(RuleViolation, match="alive in two flights"):
        carry_flights(bags, pools, reentry_allowed=False)


def _nothing_changed(svc: TournamentService, series: SeriesService, before: int) -> None:
    assert len(svc.tournaments()) == before
    assert series._store().flighted("fall", "main").day2 == ""  # type: ignore[union-attr]
    for flight in ("m1a", "m1b"):
        assert svc.state(flight).part(Days).carried_to == ""


def test_refusals_change_nothing(svc: TournamentService) -> None:
    series = _two_flights(svc)
    # a flight of another event
    side = _flight(svc, "s1a", ["Sam", "Tom"], [])
    svc.run(side, EndDay(day=1, counts=(("Sam", 20_000), ("Tom", 20_000))))
    series.add_flighted("fall", "side", "Side Event", reentry=False)
    series.add_event("fall", side, flight_of="side")
    before = len(svc.tournaments())
    with pytest.raises(RuleViolation, match="flight of another event"):
        series.day2("fall", "main", flights=["m1a", "s1a"])
    _nothing_changed(svc, series, before)
    # a flight not ended (no bags)
    c = _flight(svc, "m1c", ["C01", "C02"], [])
    series.add_event("fall", c, flight_of="main")
    before = len(svc.tournaments())
    with pytest.raises(RuleViolation, match=r"Day 1C \(m1c\) has not ended"):
        series.day2("fall", "main")
    _nothing_changed(svc, series, before)
    series.remove_event("fall", "m1c")
    # a player alive in two flights when re-entering is not allowed
    d = _flight(svc, "m1d", ["A01", "D02"], [])
    svc.run(d, EndDay(day=1, counts=(("A01", 20_000), ("D02", 20_000))))
    series.add_event("fall", d, flight_of="main")
    before = len(svc.tournaments())
    with pytest.raises(RuleViolation, match=r"A01 \(Day 1A, Day 1C\) is alive in two flights"):
        series.day2("fall", "main")
    _nothing_changed(svc, series, before)
    series.remove_event("fall", "m1d")
    # unknown names and bad ids
    with pytest.raises(NotFound):
        series.day2("fall", "nope")
    with pytest.raises(NotFound):
        series.day2("winter", "main")
    with pytest.raises(InvalidCommand, match="cannot be a series id"):
        series.create_series("Bad Id!", "x")
    with pytest.raises(InvalidCommand, match="already in series"):
        series.add_event("fall", "m1a")
    # once formed: not again, and a carried flight stays in the series
    series.day2("fall", "main", tournament_id="m2")
    with pytest.raises(RuleViolation, match="formed already"):
        series.day2("fall", "main")
    with pytest.raises(RuleViolation, match="it stays"):
        series.remove_event("fall", "m1a")


def test_lobby_and_cash_report_totals_add_up(svc: TournamentService) -> None:
    series = _two_flights(svc)
    side = _flight(svc, "side", ["Sam", "Tom", "Uma"], ["Uma"])
    series.add_event("fall", side)
    lobby = series.lobby("fall")
    assert lobby.events == ("m1a", "m1b", "side")
    rows = {r.tournament: r for r in lobby.rows}
    assert (rows["m1a"].entries, rows["m1a"].players_left, rows["m1a"].state) == (
        12,
        8,
        "Day 1 bagged",
    )
    assert rows["m1b"].pool_cents == 9 * 85_00
    assert (rows["side"].players_left, rows["side"].pool_cents) == (2, 3 * 85_00)
    series.day2("fall", "main", tournament_id="m2")
    after = {r.tournament: r for r in series.lobby("fall").rows}
    assert (after["m1a"].state, after["m1a"].pool_cents) == ("carried to Day 2", 0)
    assert (after["m2"].state, after["m2"].players_left, after["m2"].pool_cents) == (
        "Day 2 formed",
        13,
        1_785_00,
    )
    report = series.cash_report("fall")
    t = report.total
    assert t["entries"] == 12 + 9 + 3 == 24
    assert t["collected_cents"] == 24 * 100_00 == 2_400_00
    assert t["buyin_prize_cents"] == 24 * 85_00 == 2_040_00
    assert t["buyin_house_cents"] == 24 * 15_00 == 360_00
    assert t["carried_out_cents"] == t["carried_in_cents"] == 1_785_00
    # the pools that will be paid: Day 2's $1,785 and the side event's $255
    assert t["net_pool_cents"] == 1_785_00 + 255_00
    assert t["owed_cents"] == t["net_pool_cents"] - t["prizes_paid_cents"] == 2_040_00
    assert t["collected_cents"] == (
        t["buyin_prize_cents"] + t["buyin_house_cents"] + t["buyin_entry_fee_cents"]
        + t["buyin_bounty_cents"] + t["rebuy_cents"] + t["addon_cents"]
    )  # fmt: skip
    lines = cash_csv(report).splitlines()
    assert lines[0].startswith("tournament,name,role,label,entries,")
    assert lines[-1].startswith("TOTAL,,,,24,204000,36000,")
    assert len(lines) == 1 + 4 + 1
    assert status(svc.state("m2"), NOW).prize_pool_cents == 1_785_00


def test_SPOT_6_22_a_cancelled_event_in_the_lobby_and_the_cash_report(
    svc: TournamentService,
) -> None:
    """Issue 26: the side event (Sam, Tom, Uma at $85 + $15) is cancelled after Uma's bust:
    the lobby shows it "cancelled" with no pool and nobody left; the series cash report
    counts $300 refunded (all it took) and nothing owed for it."""
    series = _two_flights(svc)
    side = _flight(svc, "side", ["Sam", "Tom", "Uma"], ["Uma"])
    series.add_event("fall", side)
    svc.run(side, CancelEvent(reason="Dealer shortage"))
    rows = {r.tournament: r for r in series.lobby("fall").rows}
    assert (rows["side"].state, rows["side"].pool_cents, rows["side"].players_left) == (
        "cancelled",
        0,
        0,
    )
    report = series.cash_report("fall")
    [row] = [r for r in report.rows if r.tournament == "side"]
    assert (row.collected_cents, row.refunds_cents, row.owed_cents) == (300_00, 300_00, 0)
    assert report.total["refunds_cents"] == 300_00
