"""Each venue's own choices pressed in the floor console of a real browser (issue 22, part 6).

Four events are built through the service on a temporary SQLite file, then a real ``pokertd
serve`` is driven by Debian's chromium (Playwright), every step a tap or a form (never "Any
command"):

* New Jersey (``nj_fundraiser``, 12 entries): "Start clock" is refused until the prize
  schedule is posted (H2: NJ-44d); the prompt above every tab shows the amounts to be
  posted and "Post the prize schedule"; then "Start clock" starts it and the Money tab says
  the schedule is posted.
* TNPL (``tnpl_league``, 8 at one table, paused at the break after level 8 that removes the
  25s): the colour-up form asks "Method"; without it the core refuses with TNPL-D2i;
  "Round up" colours up (B12).
* Spotlight (``spot_league``, 8 at one table): two players out in one hand with equal
  start-of-hand stacks and the same hand, ranked by the blue chips the TD enters (G3:
  SPOT-6.14).
* New Jersey timed (``nj_fundraiser_timed``, 4 left of 5): "End the event with these counts"
  ranks the survivors by chips (G2: NJ-6b) and the console says "Finished · winner …".
* Foxwoods (``fox_wed_80``, level 1): the tournament high hand recorded on the Money tab,
  then paid once level 1 is over (H9: FOX-HH).
* Foxwoods bounty (``fox_bounty_100``): two players split the pot that knocked a third out;
  the whole bounty goes to the winner closest clockwise from the button (I4: FOX-BTY4).

Screenshots at TV 1920×1080, tablet 1024×768 and phone 390×844 go to ``tests/.artifacts/``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pokertd.app.tournaments import open_service
from pokertd.tournament.clock import NextLevel, PauseClock, SetLevel, StartClock
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CreateTournament, RecordChips, Register
from pokertd.tournament.prizes import PostPayoutSchedule
from pokertd.tournament.seating import DrawButtons, DrawSeats
from pokertd.tournament.templates import load_template

from .servers import running_server, signed_in
from .test_browser import ARTIFACTS, browser, pytestmark  # noqa: F401

PASSWORD = "venue-choices-1"
SIZES = ((1920, 1080), (1024, 768), (390, 844))
NAMES = [f"Player {chr(65 + i)}" for i in range(12)]
GUESTS = [f"Guest {chr(65 + i)}" for i in range(10)]
"""Foxwoods' players (FOX-REG5: nobody plays two events at once)."""
REGULARS = [f"Regular {chr(65 + i)}" for i in range(9)]
"""The Foxwoods bounty event's players."""


def _event(service: Any, tid: str, template: str, players: int, names: list[str] = NAMES) -> None:
    service.create(
        CreateTournament(name=f"{template} night", template=load_template(template)),
        tournament_id=tid,
    )
    for i, n in enumerate(names[:players]):
        card = f"{tid}-{i}"  # a card per player and event (FOX-REG5 looks players up by card)
        service.run(tid, Register(name=n, member=card, age_ok=True, member_ok=True), actor="t")


def _build(db: Path) -> None:
    service = open_service(f"sqlite:///{db}")
    try:
        _event(service, "nj", "nj_fundraiser", 12)
        service.run("nj", DrawSeats(), actor="t")
        # TNPL: paused at the break after level 8, which removes the 25s (tnpl_nlh)
        _event(service, "tnpl", "tnpl_league", 8)
        service.run("tnpl", DrawSeats(), actor="t")
        service.run("tnpl", StartClock(), actor="t")
        service.run("tnpl", SetLevel(level=8), actor="t")
        service.run("tnpl", NextLevel(), actor="t")
        service.run("tnpl", PauseClock(), actor="t")
        counts = tuple((n, 10000 + 25 * (i % 3)) for i, n in enumerate(NAMES[:8]))
        service.run("tnpl", RecordChips(counts=counts), actor="t")
        _event(service, "spot", "spot_league", 8)
        service.run("spot", DrawSeats(), actor="t")
        service.run("spot", DrawButtons(), actor="t")
        service.run("spot", StartClock(), actor="t")
        _event(service, "njtimed", "nj_fundraiser_timed", 5)
        service.run("njtimed", DrawSeats(), actor="t")
        service.run("njtimed", PostPayoutSchedule(), actor="t")
        service.run("njtimed", StartClock(), actor="t")
        service.run("njtimed", Bust(players=(NAMES[4],)), actor="t")
        _event(service, "fox", "fox_wed_80", 10, GUESTS)
        service.run("fox", DrawSeats(), actor="t")
        service.run("fox", StartClock(), actor="t")
        _event(service, "foxbounty", "fox_bounty_100", 9, REGULARS)
        service.run("foxbounty", DrawSeats(), actor="t")
        service.run("foxbounty", StartClock(), actor="t")
        service.run("foxbounty", Bust(players=(REGULARS[0],)), actor="t")
    finally:
        service.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("venues") / "venues.db"
    _build(db)
    with running_server(db, PASSWORD) as base:
        yield base


def _staff(page: Any, server: str, tid: str) -> dict[str, Any]:
    r = page.request.get(f"{server}/api/tournaments/{tid}/staff")
    assert r.status == 200, r.text()
    data: dict[str, Any] = r.json()
    return data


def _fits(page: Any, selector: str, width: int) -> None:
    box = page.locator(selector).bounding_box()
    assert box is not None
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= width + 1, f"{selector} overflows {width}px"


def test_H2_NJ_44d_post_the_schedule_from_the_console_then_start(server: str, browser: Any) -> None:  # noqa: F811
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pool = _staff_view_as_director(browser, server, "nj")
    amounts = [p["amount"] for p in pool["payouts"]]
    assert amounts
    assert sum(amounts) == pool["status"]["prize_pool_cents"]
    for width, height in SIZES:
        page, errors = signed_in(browser, server, PASSWORD, width, height)
        page.goto(f"{server}/t/nj/floor")
        prompt = page.locator("#schedule-prompt")
        prompt.wait_for()
        text = prompt.inner_text()
        assert "Post the prize schedule before play starts" in text
        assert "NJ-44d" in text
        assert "To be posted: 1st $" in text
        assert page.locator("#schedule-post-prompt").is_visible()
        _fits(page, "#schedule-prompt", width)
        page.screenshot(path=str(ARTIFACTS / f"nj-schedule-prompt-{width}x{height}.png"))
        assert errors == []
        page.close()

    page, errors = signed_in(browser, server, PASSWORD, 1024, 768)
    page.goto(f"{server}/t/nj/floor")
    page.locator("#schedule-prompt").wait_for()
    # "Start clock" first, as a floorperson would: refused, and the toast says why
    with page.expect_response(lambda r: r.url.endswith("/commands/start_clock")) as refused:
        page.click("#clock-main")
    assert refused.value.status == 409
    toast = page.locator("#toast")
    toast.wait_for()
    assert toast.inner_text() == "The prize schedule must be posted before play starts. (NJ-44d)"
    errors.clear()  # the refusal's 409 is the point of this step
    # the Money tab says the same, under the amounts that posting shows
    page.click("#tab-money")
    state = page.locator("#schedule-state")
    state.wait_for()
    assert "Not posted yet: posting shows these amounts to the players." in state.inner_text()
    assert page.locator("#schedule-post").is_visible()
    page.screenshot(path=str(ARTIFACTS / "nj-schedule-money-1024x768.png"))
    page.click("#tab-tables")
    with page.expect_response(lambda r: r.url.endswith("/commands/post_payout_schedule")) as done:
        page.click("#schedule-post-prompt")
    assert done.value.status == 200, done.value.text()
    assert json.loads(done.value.request.post_data or "null") == {}
    page.wait_for_selector("#schedule-prompt", state="hidden")
    with page.expect_response(lambda r: r.url.endswith("/commands/start_clock")) as started:
        page.click("#clock-main")
    assert started.value.status == 200, started.value.text()
    page.wait_for_selector("#clock-main:has-text('Pause')")
    page.click("#tab-money")
    posted = page.locator("#schedule-posted")
    posted.wait_for()
    assert "Prize schedule posted: the amounts above are the posted schedule (NJ-44d)." in (
        posted.inner_text()
    )
    rows = page.locator("#payouts-card table.payouts tbody tr")
    assert rows.count() == len(amounts)
    page.screenshot(path=str(ARTIFACTS / "nj-schedule-posted-1024x768.png"))
    assert errors == []
    page.close()


def _staff_view_as_director(browser: Any, server: str, tid: str) -> dict[str, Any]:  # noqa: F811
    page, _ = signed_in(browser, server, PASSWORD)
    try:
        return _staff(page, server, tid)
    finally:
        page.close()


def test_B12_TNPL_D2i_colour_up_with_the_TDs_choice(server: str, browser: Any) -> None:  # noqa: F811
    page, errors = signed_in(browser, server, PASSWORD, 1024, 768)
    page.goto(f"{server}/t/tnpl/floor#clock")
    page.locator("#colorup-card form").wait_for()
    assert page.locator("#colorup-method").is_visible()
    assert "TNPL-D2i" in page.locator("#colorup-method-label").inner_text()
    page.select_option("#colorup-table", "1")
    with page.expect_response(lambda r: r.url.endswith("/commands/color_up")) as refused:
        page.click("#colorup-run")
    assert refused.value.status == 422
    page.locator("#toast").wait_for()
    assert (
        page.locator("#toast")
        .inner_text()
        .startswith("Choose a chip race or rounding up for this colour-up")
    )
    errors.clear()
    page.select_option("#colorup-method", "round_up")
    with page.expect_response(lambda r: r.url.endswith("/commands/color_up")) as done:
        page.click("#colorup-run")
    assert done.value.status == 200, done.value.text()
    body = json.loads(done.value.request.post_data or "{}")
    assert (body["method"], body["table"], body["stacks"]) == ("round_up", "1", [])
    result = page.locator("#colorup-result")
    result.wait_for()
    assert "25 chips removed by rounding up; 80,175 → 80,500 chips" in result.inner_text()
    assert "Cards drawn" not in result.inner_text()  # rounding up deals no cards
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        _fits(page, "#colorup-card", width)
        page.screenshot(path=str(ARTIFACTS / f"tnpl-colorup-{width}x{height}.png"))
    assert errors == []
    page.close()


def test_G3_SPOT_6_14_two_out_in_one_hand_ranked_by_the_blue_chips_entered(
    server: str,
    browser: Any,  # noqa: F811
) -> None:
    page, errors = signed_in(browser, server, PASSWORD, 1024, 768)
    page.goto(f"{server}/t/spot/floor")
    view = _staff(page, server, "spot")
    table = view["tables"][0]
    seat_of = {s["name"]: s["seat"] for s in table["seats"]}
    first, second = NAMES[0], NAMES[1]
    page.click(f"#table-1 button.seat[data-seat='{seat_of[first]}']")
    page.click("#same-hand-open")
    assert "better hand (1 = best), then the most blue chips (SPOT-6.14)" in page.inner_text(
        "#same-hand-rule"
    )
    rows = page.locator(".same-hand-table tbody tr")
    assert rows.count() == len(seat_of)

    def row(name: str) -> Any:
        return rows.filter(has_text=name)

    row(second).locator(".same-hand-out").check()
    for name, blue in ((first, 2), (second, 5)):
        row(name).locator(".same-hand-stack").fill("5000")
        row(name).locator(".same-hand-rank").fill("1")
        row(name).locator(".same-hand-blue").fill(str(blue))
    assert page.inner_text("#bust-many") == "Bust 2 players in one hand"
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        _fits(page, "#seat-sheet", width)
        _fits(page, ".same-hand-table", width)
        # the whole table is inside the sheet: nothing scrolls sideways
        assert page.evaluate(
            "() => { const t = document.querySelector('#same-hand .scroll-x');"
            " return t.scrollWidth <= t.clientWidth + 1; }"
        ), f"the same-hand table scrolls sideways at {width}px"
        page.screenshot(path=str(ARTIFACTS / f"spot-same-hand-{width}x{height}.png"))
    page.set_viewport_size({"width": 1024, "height": 768})
    with page.expect_response(lambda r: r.url.endswith("/commands/bust")) as done:
        page.click("#bust-many")
    assert done.value.status == 200, done.value.text()
    assert json.loads(done.value.request.post_data or "{}") == {
        "players": [first, second],
        "start_stacks": [5000, 5000],
        "hand_ranks": [1, 1],
        "blue_chips": [2, 5],
    }
    page.wait_for_selector("#seat-sheet", state="hidden")
    places = {r["name"]: r["places"] for r in _staff(page, server, "spot")["results"]["rows"]}
    # 8 entries, two out first: the five blue chips finish 7th, the two blue chips 8th
    assert (places[second], places[first]) == ([7], [8])
    assert errors == []
    page.close()


def test_G2_NJ_6b_end_the_event_at_its_set_time(server: str, browser: Any) -> None:  # noqa: F811
    page, errors = signed_in(browser, server, PASSWORD, 1024, 768)
    page.on("dialog", lambda d: d.accept())  # "End the event now? 4 players are ranked…"
    page.goto(f"{server}/t/njtimed/floor#clock")
    card = page.locator("#timed-end-card")
    card.wait_for()
    assert "NJ-6" in card.inner_text()
    inputs = card.locator("input.timed-count")
    assert inputs.count() == 4
    counts = {NAMES[0]: "12000", NAMES[1]: "31000", NAMES[2]: "9000", NAMES[3]: "18000"}
    for name, chips in counts.items():
        card.get_by_label(f"Final count of {name}").fill(chips)
    page.screenshot(path=str(ARTIFACTS / "nj-timed-end-1024x768.png"))
    with page.expect_response(lambda r: r.url.endswith("/commands/end_by_chip_count")) as done:
        page.click("#timed-end-run")
    assert done.value.status == 200, done.value.text()
    page.wait_for_selector("#floor-finished:has-text('Finished · winner Player B')")
    assert not page.locator("#floor-time").is_visible()
    assert not page.locator("#timed-end-card").is_visible()
    view = _staff(page, server, "njtimed")
    places = {r["name"]: r["place"] for r in view["results"]["rows"]}
    assert [places[n] for n in NAMES[:5]] == [3, 1, 4, 2, 5]
    page.screenshot(path=str(ARTIFACTS / "nj-timed-finished-1024x768.png"))
    assert errors == []
    page.close()


def test_H9_FOX_HH_record_and_pay_the_high_hand(server: str, browser: Any) -> None:  # noqa: F811
    page, errors = signed_in(browser, server, PASSWORD, 1024, 768)
    page.goto(f"{server}/t/fox/floor#money")
    card = page.locator("#high-hand-card")
    card.wait_for()
    assert "no hand of three of a kind or better yet (level 1 only)" in card.inner_text()
    page.fill("#high-hand-player", GUESTS[3])
    page.fill("#high-hand-cards", "7h 7d 7c Ks 2d")
    with page.expect_response(lambda r: r.url.endswith("/commands/record_high_hand")) as done:
        page.click("#high-hand-record")
    assert done.value.status == 200, done.value.text()
    body = json.loads(done.value.request.post_data or "{}")
    assert body == {"player": GUESTS[3], "cards": "7h 7d 7c Ks 2d"}
    page.wait_for_selector("#high-hand-text:has-text('three of a kind, sevens')")
    # level 1 is still being played: the core refuses to pay, and says why
    with page.expect_response(lambda r: r.url.endswith("/commands/pay_high_hand")) as early:
        page.click("#high-hand-pay")
    assert early.value.status == 409
    errors.clear()
    page.click("#tab-clock")
    page.click("#page-clock button:has-text('Level ▶')")
    page.wait_for_selector("#clock-main:has-text('Pause')")
    page.click("#tab-money")
    with page.expect_response(lambda r: r.url.endswith("/commands/pay_high_hand")) as paid:
        page.click("#high-hand-pay")
    assert paid.value.status == 200, paid.value.text()
    page.wait_for_selector(f"#high-hand-text:has-text('paid: {GUESTS[3]} $80')")
    assert not page.locator("#high-hand-pay").is_visible()
    assert not page.locator("#high-hand-record").is_visible()
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        _fits(page, "#high-hand-card", width)
    page.set_viewport_size({"width": 1024, "height": 768})
    page.screenshot(path=str(ARTIFACTS / "fox-high-hand-1024x768.png"))
    assert errors == []
    page.close()


def test_I4_FOX_BTY4_the_bounty_of_a_split_pot(server: str, browser: Any) -> None:  # noqa: F811
    page, errors = signed_in(browser, server, PASSWORD, 1024, 768)
    page.goto(f"{server}/t/foxbounty/floor#money")
    card = page.locator("#bounty-split-card")
    card.wait_for()
    assert "closest clockwise from the button (FOX-BTY4)" in card.inner_text()
    seat_of = {
        s["name"]: s["seat"] for s in _staff(page, server, "foxbounty")["tables"][0]["seats"]
    }
    first, second = REGULARS[1], REGULARS[2]
    later = max(seat_of[first], seat_of[second])
    page.fill("#bounty-player", REGULARS[0])
    winners = card.locator("input.bounty-winner")
    winners.nth(0).fill(first)
    winners.nth(1).fill(second)
    page.fill("#bounty-button", str(later - 1))
    with page.expect_response(lambda r: r.url.endswith("/commands/record_bounty_winners")) as r:
        page.click("#bounty-record")
    assert r.value.status == 200, r.value.text()
    body = json.loads(r.value.request.post_data or "{}")
    assert body == {
        "player": REGULARS[0],
        "winners": [first, second],
        "button_seat": later - 1,
        "winner_seats": [seat_of[first], seat_of[second]],
    }
    closest = first if seat_of[first] == later else second
    assert r.value.json()["events"][0]["data"]["winner_names"][0] == closest
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        _fits(page, "#bounty-split-card", width)
    page.set_viewport_size({"width": 1024, "height": 768})
    card.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "fox-bounty-split-1024x768.png"))
    assert errors == []
    page.close()
