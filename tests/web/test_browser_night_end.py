"""A finished night looks finished on every screen (issue 22, part 6), in a real browser.

A Kojack event (``kpc_nlh``, 12 entries, $1,200 pool, two tables) is played through the
service on a temporary SQLite file to its end the way the issue found it: a chip-chop deal
among the last three ($600 / $400 / $200, J1), hand-for-hand switched on for the last busts
and never switched off, the clock still running in the core. Then Debian's chromium opens
every screen of a real ``pokertd serve``:

* the phone (390×844) of the winner and of two busted players, each picked once with "This is
  me": no running clock, no next break, no "my seat" — the place and the prize instead
  ("Winner · 1st", "Prize $600 (deal)"; "Finished 12th" without a prize);
* the TV (1920×1080): the winner and the results, the deal's amounts marked;
* the floor console (1024×768): "Finished · winner Player A", no clock, no hand-for-hand
  banner, no moves prompt ("Empty tables close" is not asked any more), no clock buttons;
* the dealer view of the winner's table (390×844): "This table is done", no Bust or Button;
* the printed results: the winner, every place with its prize as the deal made it.

Screenshots go to ``tests/.artifacts/end-*.png``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pokertd.app.tournaments import open_service
from pokertd.tournament.clock import HandForHand, HandForHandHand, StartClock
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, RecordChips, Register
from pokertd.tournament.prizes import AcceptDeal, DealKind, ProposeDeal, SetPrizeOptions
from pokertd.tournament.seating import DrawButtons, DrawSeats
from pokertd.tournament.templates import load_template

from .servers import running_server, signed_in
from .test_browser import ARTIFACTS, browser, pytestmark  # noqa: F401

PASSWORD = "night-end-1"
TID = "end"
NAMES = [f"Player {chr(65 + i)}" for i in range(12)]
WINNER = NAMES[0]
PHONE = (390, 844)
CLOCK_TEXT = re.compile(r"\b\d{1,2}:\d\d\b")
"""A running clock's figures (``57:33``) anywhere in what a screen shows."""


def _build(db: Path) -> None:
    service = open_service(f"sqlite:///{db}")
    try:
        tmpl = load_template("kpc_nlh")
        service.create(CreateTournament(name="Friday end", template=tmpl), tournament_id=TID)
        for n in NAMES:
            service.run(TID, Register(name=n, member="1", age_ok=True, member_ok=True), actor="t")
        service.run(TID, DrawSeats(), actor="t")
        service.run(TID, DrawButtons(), actor="t")
        service.run(TID, StartClock(), actor="t")
        service.run(TID, CloseRegistration(), actor="t")
        for n in reversed(NAMES[3:]):
            service.run(TID, Bust(players=(n,), eliminator=WINNER), actor="t")
        # a chip chop among the last three (J4: the director allows deals first)
        service.run(TID, SetPrizeOptions(deals_enabled=True), actor="t")
        counts = ((NAMES[0], 30000), (NAMES[1], 20000), (NAMES[2], 10000))
        service.run(TID, RecordChips(counts=counts), actor="t")
        service.run(TID, ProposeDeal(kind=DealKind.CHIP), actor="t")
        for n in NAMES[:3]:
            service.run(TID, AcceptDeal(player=n), actor="t")
        # the last busts in hand-for-hand, which nobody switches off
        service.run(TID, HandForHand(on=True), actor="t")
        service.run(TID, Bust(players=(NAMES[2],), eliminator=WINNER), actor="t")
        service.run(TID, HandForHandHand(), actor="t")
        service.run(TID, Bust(players=(NAMES[1],), eliminator=WINNER), actor="t")
    finally:
        service.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("end") / "end.db"
    _build(db)
    with running_server(db, PASSWORD) as base:
        yield base


def _shown(page: Any) -> str:
    """What the page shows (hidden elements left out)."""
    text: str = page.inner_text("body")
    return text


def _phone_of(browser: Any, server: str, name: str) -> tuple[Any, list[str]]:  # noqa: F811
    """A phone whose player picked themself once ("This is me")."""
    page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/t/{TID}/player")
    page.fill("#seat-search", name)
    page.locator(".seat-row", has_text=name).locator(".this-is-me").click()
    page.locator("#my-seat").wait_for()
    return page, errors


@pytest.mark.parametrize(
    ("name", "place", "prize"),
    [
        (WINNER, "Winner · 1st", "Prize $600 (deal)"),
        (NAMES[2], "Finished 3rd", "Prize $200 (deal)"),
        (NAMES[11], "Finished 12th", ""),
    ],
)
def test_the_phone_shows_my_place_and_prize_not_my_seat(
    server: str,
    browser: Any,  # noqa: F811
    name: str,
    place: str,
    prize: str,
) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page, errors = _phone_of(browser, server, name)
    page.wait_for_selector(f"#my-place:has-text('{place}')")
    assert page.inner_text("#my-label") == "MY RESULT"  # .label is upper-cased by CSS
    assert page.locator("#my-prize").is_visible() is bool(prize)
    if prize:
        assert page.inner_text("#my-prize") == prize
    assert page.inner_text("#phone-winner") == WINNER
    assert not page.locator("#phone-time").is_visible()
    assert not page.locator("#next-break").is_visible()
    assert not page.locator("#registration").is_visible()
    shown = _shown(page)
    assert "My seat" not in shown
    assert "MY SEAT" not in shown
    assert "Next break" not in shown
    assert "Table 2, seat" not in shown
    assert "Table 1, seat" not in shown
    assert not CLOCK_TEXT.search(shown), CLOCK_TEXT.search(shown)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
    slug = name.lower().replace(" ", "-")
    page.screenshot(path=str(ARTIFACTS / f"end-phone-{slug}-390x844.png"), full_page=True)
    assert errors == []
    page.close()


def test_the_tv_shows_the_winner_and_the_deals_amounts(server: str, browser: Any) -> None:  # noqa: F811
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/t/{TID}/tv")
    page.locator("#tv-end").wait_for()
    assert page.inner_text("#tv-winner") == WINNER
    assert not page.locator("#tv-time").is_visible()
    results = page.inner_text("#tv-end .tv-results")
    for row in ("1st\nPlayer A\n$600\ndeal", "2nd\nPlayer B\n$400", "3rd\nPlayer C\n$200"):
        assert row in results
    assert not CLOCK_TEXT.search(_shown(page))
    page.screenshot(path=str(ARTIFACTS / "end-tv-1920x1080.png"))
    assert errors == []
    page.close()


def test_the_console_says_finished_with_no_clock_banner_or_prompt(
    server: str,
    browser: Any,  # noqa: F811
) -> None:
    page, errors = signed_in(browser, server, PASSWORD, 1024, 768)
    page.goto(f"{server}/t/{TID}/floor")
    page.wait_for_selector(f"#floor-finished:has-text('Finished · winner {WINNER}')")
    staff = page.request.get(f"{server}/api/tournaments/{TID}/staff").json()
    # what the core says now (whatever it will say once the end stops them): the screen
    # must not show it. (Hand-for-hand ended by itself when the bubble burst, B10: the
    # console must not show it either way.)
    assert staff["clock"]["finished"] is True
    assert staff["moves_due"]["text"].startswith("Empty tables close: ")
    assert not page.locator("#floor-time").is_visible()
    assert not page.locator(".console-head .hfh").is_visible()
    assert not page.locator("#moves-prompt").is_visible()
    assert page.locator("#clock-main").count() == 0
    assert "HAND FOR HAND" not in _shown(page)
    page.screenshot(path=str(ARTIFACTS / "end-console-1024x768.png"))
    page.click("#tab-clock")
    page.locator("#clock-finished").wait_for()
    assert page.locator("#page-clock .clock-card button").count() == 0
    assert not CLOCK_TEXT.search(page.inner_text("#page-clock .clock-card"))
    page.screenshot(path=str(ARTIFACTS / "end-console-clock-1024x768.png"))
    page.click("#tab-money")
    finishers = page.inner_text("#finishers")
    assert "1st\tPlayer A\t$600 (deal)" in finishers
    page.screenshot(path=str(ARTIFACTS / "end-console-money-1024x768.png"))
    assert errors == []
    page.close()


def test_the_dealer_view_says_the_table_is_done(server: str, browser: Any) -> None:  # noqa: F811
    page, errors = signed_in(browser, server, PASSWORD, *PHONE)
    staff = page.request.get(f"{server}/api/tournaments/{TID}/staff").json()
    table = next(t["table"] for t in staff["tables"] if t["seats"])
    page.goto(f"{server}/t/{TID}/dealer/{table}")
    done = page.locator("#dealer-done")
    done.wait_for()
    assert "This table is done" in done.inner_text()
    assert f"The tournament is over: {WINNER} won." in done.inner_text()
    assert not page.locator("#dealer-clock").is_visible()
    assert page.locator(".seat-actions button:visible").count() == 0
    assert "Hand finished" not in _shown(page)
    assert not CLOCK_TEXT.search(_shown(page))
    page.screenshot(path=str(ARTIFACTS / "end-dealer-390x844.png"), full_page=True)
    assert errors == []
    page.close()


def test_the_printed_results_show_the_prizes_as_the_deal_made_them(
    server: str,
    browser: Any,  # noqa: F811
) -> None:
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    page.goto(f"{server}/t/{TID}/print/results")
    text = _shown(page)
    assert f"Finished · winner {WINNER} · 12 entries · prize pool $1,200.00" in text
    for row in (
        "1\tPlayer A\t$600.00\tdeal",
        "2\tPlayer B\t$400.00\tdeal",
        "3\tPlayer C\t$200.00\tdeal",
        "12\tPlayer L\t\t",
    ):
        assert row in text
    assert "A deal was made" in text
    page.screenshot(path=str(ARTIFACTS / "end-print-results-1024x768.png"), full_page=True)
    page.goto(f"{server}/t/{TID}/print/payouts")
    assert "A deal was made: its players are paid the deal's amounts" in _shown(page)
    page.close()
