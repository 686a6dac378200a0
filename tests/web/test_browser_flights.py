"""A two-flight event reaches Day 2 in a real browser (issue 14 "Done when"), and a
satellite pays its seats from the floor console's Money tab.

The fixture plays two flights through the service (seats drawn, one bust each); the
director then, in chromium:

1. creates the series on ``/series`` ("New series"), declares the flighted Main Event and
   adds both flights on ``/series/fall/admin``;
2. ends each flight's day from its console (Clock tab, "End of day"): Day 1A with its bags
   numbered automatically, Day 1B with typed bag numbers; the roll-up shows the difference
   (none: 80,000 of 80,000 and 60,000 of 60,000 chips) and links the printable bag list;
3. creates Day 2 on the admin page (preview: 5 players, 140,000 chips, pool 7 x $85 =
   $595.00) and starts it from Day 2's console ("Start day 2", a redraw: C1);
4. Day 2's staff view has the five bagged stacks and the $595.00 pool.

The satellite ``sat`` (8 entries, $680.00; seats of $200: 3 seats and $80.00 to 4th) shows
its awards in the Money tab; "Pay seat" registers P1 in the target event.

Screenshots at 1920x1080, 1024x768 and 390x844 go to ``tests/.artifacts/`` (ignored).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from pokertd.app.series import SeriesService
from pokertd.app.tournaments import TournamentService, open_service
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.seating import DrawSeats
from pokertd.tournament.templates import Fees, load_template

from .servers import running_server, signed_in
from .test_browser import ARTIFACTS, browser, pytestmark  # noqa: F401

PASSWORD = "flights-night-1"
SIZES = ((1920, 1080), (1024, 768), (390, 844))
A_BAGS = {"Ann Lee": 40_000, "Bob Ray": 25_000, "Cat Moss": 15_000}
B_BAGS = {"Eve Park": 35_000, "Fay Quinn": 25_000}


def _tmpl() -> Any:
    return load_template("kpc_nlh").with_changes(
        profile="tda",
        fees=Fees(prize_pool=85_00, house_fee=15_00),
        starting_stack=20_000,
        tables=2,
        seats_per_table=9,
    )


def _play(svc: TournamentService, tid: str, name: str, names: list[str], out: list[str]) -> None:
    svc.create(CreateTournament(name=name, template=_tmpl()), tournament_id=tid)
    for n in names:
        svc.run(tid, Register(name=n, age_ok=True), actor="f")
    svc.run(tid, DrawSeats(), actor="f")
    for n in out:
        svc.run(tid, Bust(players=(n,), eliminator=names[0]), actor="f")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("flights") / "flights.db"
    svc = open_service(f"sqlite:///{db}")
    try:
        _play(svc, "m1a", "Main Event Day 1A", [*A_BAGS, "Dan Ortiz"], ["Dan Ortiz"])
        _play(svc, "m1b", "Main Event Day 1B", [*B_BAGS, "Gus Reed"], ["Gus Reed"])
        players = [f"P{i}" for i in range(1, 9)]
        _play(svc, "sat", "Mega satellite", players, ["P8", "P7", "P6", "P5", "P4"])
        svc.create(CreateTournament(name="Sunday Main", template=_tmpl()), tournament_id="sun")
        SeriesService(svc).set_satellite("sat", "sun", 200_00)
    finally:
        svc.close()
    with running_server(db, PASSWORD) as base:
        yield base


def _get(page: Any, url: str) -> Any:
    """A JSON read with the page's session (the staff routes)."""
    text = page.evaluate("async (u) => await (await fetch(u)).text()", url)
    return json.loads(text)


def _shots(page: Any, name: str) -> None:
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(150)
        width = page.evaluate("document.documentElement.scrollWidth")
        wide = page.evaluate(
            """(w) => [...document.querySelectorAll('body *')].filter((e) => {
                const r = e.getBoundingClientRect(); return r.right > w + 1 && r.width > 0;
              }).slice(0, 8).map((e) => e.tagName + '#' + e.id + '.' + e.className + ' ' +
                Math.round(e.getBoundingClientRect().right))""",
            w,
        )
        assert width <= w + 1, f"{name} at {w}x{h} scrolls sideways ({width}px): {wide}"
        page.screenshot(path=str(ARTIFACTS / f"flights-{name}-{w}x{h}.png"), full_page=True)
    page.set_viewport_size({"width": 1024, "height": 768})


def _end_day(page: Any, server: str, tid: str, bags: dict[str, int], typed: bool) -> None:
    page.goto(f"{server}/t/{tid}/floor#clock")
    page.click("#day-end-open")
    if typed:
        page.uncheck("#day-bags-auto")
    for i, (name, chips) in enumerate(bags.items()):
        page.fill(f"input[aria-label='Chips of {name}']", str(chips))
        if typed:
            page.fill(f"input[aria-label='Bag of {name}']", f"B-{i + 1}")
    total = sum(bags.values())
    assert page.locator("#day-counted").inner_text() == f"{total:,}"
    page.click("#day-end-run")
    page.wait_for_selector("#day-rollup")
    assert page.locator("#rollup-bagged").inner_text() == f"{total:,}"
    assert page.locator("#rollup-in-play").inner_text() == f"{total:,}"
    assert page.locator("#rollup-diff").inner_text() == "balanced"
    assert page.locator("#bags-print").get_attribute("href") == f"/t/{tid}/print/bags"
    # a flight does not start its own Day 2: the series forms it
    assert page.locator("#day-start").is_hidden()
    assert "series page" in page.locator("#day-flight-note").inner_text()


def test_two_flights_reach_day2_in_the_browser(server: str, browser: Any) -> None:  # noqa: F811
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page, errors = signed_in(browser, server, PASSWORD, 1024, 768)
    # 1. the series, its flighted event and flights
    page.goto(f"{server}/series")
    page.fill("#series-name", "Fall Festival")
    page.fill("#series-id", "fall")
    page.click("#series-create")
    page.wait_for_url(f"{server}/series/fall/admin")
    page.fill("#flighted-name", "Main Event")
    page.fill("#flighted-id", "main")
    page.click("#flighted-form button.primary")
    page.wait_for_selector("#event-flight-of option[value=main]", state="attached")
    for tid in ("m1a", "m1b"):
        page.select_option("#event-tournament", tid)
        page.select_option("#event-flight-of", "main")
        page.click("#event-add")
        page.wait_for_selector(f"#events-table a[href='/t/{tid}/floor']")
    rows = page.locator("#events-table tbody tr").all_inner_texts()
    assert ["Day 1A" in rows[0], "Day 1B" in rows[1]] == [True, True]
    refusal = page.locator("#day2-main .refusal").inner_text()
    assert refusal == "Day 1A (m1a) has not ended: bag its survivors (day end) first."
    # 2. the end of each flight's day, from its console
    _end_day(page, server, "m1a", A_BAGS, typed=False)
    _shots(page, "end-of-day")
    _end_day(page, server, "m1b", B_BAGS, typed=True)
    bags = _get(page, f"{server}/api/tournaments/m1b/day")["bags"]["bags"]
    assert sorted((b["bag"], b["name"], b["chips"]) for b in bags) == [
        ("B-1", "Eve Park", 35_000),
        ("B-2", "Fay Quinn", 25_000),
    ]
    # 3. Day 2 from the admin page, after the preview
    page.goto(f"{server}/series/fall/admin")
    page.wait_for_selector("#day2-main .day2-create")
    assert page.locator("#day2-main .day2-pool").inner_text() == "$595.00"
    stacks = page.locator("#day2-main .day2-stacks tbody tr").all_inner_texts()
    assert [s.split("\t")[0] for s in stacks] == [
        "Ann Lee",
        "Eve Park",
        "Bob Ray",
        "Fay Quinn",
        "Cat Moss",
    ]
    assert page.locator("#cash-total").inner_text().split("\t")[:3] == ["Total", "7", "$700.00"]
    _shots(page, "series-admin")
    page.click("#day2-main .day2-create")
    link = page.wait_for_selector("#day2-main .day2-link")
    assert "is formed" in page.locator("#series-flash").inner_text()
    # 4. Day 2's console: "Start day 2" (redraw), then the staff view
    link.click()
    page.wait_for_selector("#day-start")
    day2 = page.url.split("/t/")[1].split("/")[0]
    assert page.locator("#rollup-bagged").inner_text() == "140,000"
    page.click("#day-start")
    page.wait_for_selector("#day-start", state="hidden")
    staff = _get(page, f"{server}/api/tournaments/{day2}/staff")
    assert {p["name"]: p["stack"] for p in staff["players"]} == A_BAGS | B_BAGS
    assert all(p["table"] for p in staff["players"])
    assert staff["status"]["prize_pool_cents"] == 595_00
    page.click("#tab-tables")
    page.wait_for_selector("#table-1")
    _shots(page, "day2-tables")
    page.goto(f"{server}/t/m1a/floor#clock")
    page.wait_for_selector("#day-closed")
    assert page.locator("#day-closed a").get_attribute("href") == f"/t/{day2}/floor#clock"
    assert errors == []


def test_satellite_seats_are_paid_from_the_money_tab(server: str, browser: Any) -> None:  # noqa: F811
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page, errors = signed_in(browser, server, PASSWORD, 1024, 768)
    page.goto(f"{server}/t/sat/floor#money")
    page.wait_for_selector("#satellite-awards .pay-seat")
    terms = page.locator("#satellite-terms").inner_text()
    assert (
        terms == "3 seats worth $200 from a pool of $680; $80 left over in cash (to the next place)"
    )
    rows = page.locator("#satellite-awards tbody tr").all_inner_texts()
    # 680 // 200 = 3 seats, 80 left for 4th; the last three are still in when the seats are
    # reached, so they share 1st to 3rd (none of them finished 3rd)
    assert [r.split("\t")[:3] for r in rows] == [
        ["1st–3rd", "Seat", "P1"],
        ["1st–3rd", "Seat", "P2"],
        ["1st–3rd", "Seat", "P3"],
        ["4th", "$80", "P4"],
    ]
    assert not page.locator("#payouts-card").is_visible()  # no cash payout table here
    _shots(page, "satellite")
    page.locator("#satellite-awards tbody tr", has_text="P1").locator(".pay-seat").click()
    page.wait_for_selector("#satellite-awards tr.paid")
    assert "P1 has a seat in Sunday Main" in page.locator("#toast").inner_text()
    sun = _get(page, f"{server}/api/tournaments/sun/staff")
    assert [p["name"] for p in sun["players"]] == ["P1"]
    assert errors == []
