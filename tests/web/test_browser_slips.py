"""Slips on the phone in Debian's chromium against a real ``pokertd serve`` (issue 26,
point 2): a 3-table TDA night whose table 3 breaks; a moved player's phone (390x844) has
said "this is me"; the floor confirms the moves on the console (1024x768); the slip
appears on the phone with the new table and seat and the venue's rule (TDA-9, TDA-10C);
the player taps "I'm here" and the console's Players tab shows him "at the new seat
(phone)". Screenshots go to ``tests/.artifacts/slips/``."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from floor_helpers import broken_night

from pokertd.app.tournaments import TournamentService
from pokertd.store import open_store
from pokertd.tournament.seating import tables_view

from .servers import page_sign_in, running_server
from .test_browser import (  # noqa: F401  (fixtures)
    ARTIFACTS,
    PASSWORD,
    browser,
    pytestmark,
)

SHOTS = ARTIFACTS / "slips"


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, str]]:
    """``pokertd serve`` over a TDA night whose table 3 breaks (6 moves waiting for the
    floor): (base URL, tournament id, the name of a player who moves)."""
    db = tmp_path_factory.mktemp("slips") / "slips.db"
    service = TournamentService(open_store(f"sqlite:///{db}"), rng_factory=lambda: random.Random(7))
    tid = broken_night(service, "tda", confirm=False)
    moves = tables_view(service.state(tid)).pending
    name = next(m.name for m in moves if m.from_table == 3 and m.name)  # his move waits
    service.close()
    with running_server(db, PASSWORD) as base:
        yield base, tid, name


def test_a_confirmed_move_reaches_the_phone_and_im_here_reaches_the_console(
    night: tuple[str, str, str],
    browser: Any,  # noqa: F811
) -> None:
    base, tid, name = night
    SHOTS.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []

    # the player's phone: "this is me" before the floor confirms
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = phone.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{base}/t/{tid}/player")
    page.fill("#seat-search", name)
    page.click("button.this-is-me")
    page.locator("#my-seat .my-place").wait_for()
    assert page.locator("#my-seat .my-place").inner_text().startswith("Table 3, seat ")
    assert not page.locator("#my-slips").is_visible()  # nothing confirmed yet

    # the floor confirms the table break on the console
    console = browser.new_context(viewport={"width": 1024, "height": 768})
    floor = console.new_page()
    floor.on("pageerror", lambda e: errors.append(str(e)))
    page_sign_in(floor, base, PASSWORD)
    floor.goto(f"{base}/t/{tid}/floor")
    floor.wait_for_selector("#confirm-all", state="visible")
    with floor.expect_response(lambda r: "/commands/" in r.url) as resp:
        floor.click("#confirm-all")
    assert resp.value.status == 200, resp.value.text()
    staff = floor.request.get(f"{base}/api/tournaments/{tid}/staff").json()
    (row,) = [p for p in staff["players"] if p["name"] == name]
    table, seat = row["table"], row["seat"]
    assert table in (1, 2)

    # the slip reaches the phone: where, why, the venue's rule, "I'm here"
    slip = page.locator("#my-slips .slip")
    slip.wait_for(state="visible", timeout=8000)
    text = slip.inner_text()
    assert f"Table {table} · Seat {seat}" in text
    assert "From table 3" in text
    assert "Table 3 breaks: its players move to the other tables." in text
    assert "Rule TDA-9, TDA-10C" in text
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(SHOTS / "player-slip-390x844.png"))
    page.set_viewport_size({"width": 1024, "height": 768})
    page.screenshot(path=str(SHOTS / "player-slip-1024x768.png"))
    page.set_viewport_size({"width": 390, "height": 844})

    with page.expect_response(lambda r: r.url.endswith("/here")) as tapped:
        page.click("#my-slips .slip-here")
    assert tapped.value.status == 200, tapped.value.text()
    page.locator("#my-slips .slip.done").wait_for()
    assert "You said you are here" in page.inner_text("#my-slips")
    page.wait_for_function(
        "n => document.querySelector('#my-seat .my-place').innerText.startsWith('Table ' + n)",
        arg=table,
    )
    assert not page.locator("#moved-banner").is_visible()  # the slip said it already
    page.screenshot(path=str(SHOTS / "player-slip-here-390x844.png"))

    # the console sees the player's own claim, pushed: "at the new seat (phone)"
    floor.click("#tab-players")
    floor.wait_for_selector("#latest-slips li.here", timeout=8000)
    line = floor.locator("#latest-slips li.here").inner_text()
    assert f"{name} → table {table} seat {seat}" in line
    assert "at the new seat (phone)" in line
    tagged = floor.locator("#players tr", has_text=name).inner_text()
    assert "at the new seat (phone)" in tagged
    floor.locator("#latest-slips").scroll_into_view_if_needed()
    floor.screenshot(path=str(SHOTS / "console-players-1024x768.png"))
    assert errors == []
    phone.close()
    console.close()
