"""The TV shows the latest mystery bounty drawn and the envelopes left (issue 26, point 6).

A Foxwoods $100 bounty event ($25 of each buy-in in the envelope pool), 40 players with
60-character names, 1 x $500 and 20 x $25 envelopes ($1,000: the bounty money of 40
entries) drawn from level 1, three knockouts recorded with their eliminators and a floor
announcement on as well. ``pokertd serve`` runs on the file and chromium opens the TV at
1920x1080 and 1280x720: the line "<eliminator> won a $… mystery bounty from <player>"
and "18 envelopes left: …" are shown in the announcement region, and no region overlaps
another or leaves the screen. Screenshots go to ``tests/.artifacts/`` (ignored by git).
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pokertd.app.tournaments import open_service
from pokertd.tournament.clock import StartClock
from pokertd.tournament.display import Announce
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.prizes import PostMysteryBounties
from pokertd.tournament.seating import DrawSeats
from pokertd.tournament.templates import load_template

from .servers import page_sign_in, running_server
from .test_browser_tv import (
    ARTIFACTS,
    CHROMIUM,
    PASSWORD,
    _open_tv,
    browser,
    check_screen,
    long_name,
)

__all__ = ["browser"]  # the TV tests' chromium fixture, shared

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(), reason=f"chromium is not installed at {CHROMIUM}"
    ),
]


@pytest.fixture(scope="module")
def mystery_night(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, list[str]]]:
    """The server's URL, the tournament and its players' names."""
    db = tmp_path_factory.mktemp("mystery") / "tv.db"
    service = open_service(f"sqlite:///{db}")
    try:
        tid = service.create(
            CreateTournament(name="Friday mystery bounty", template=load_template("fox_bounty_100"))
        )
        names = [long_name(i) for i in range(40)]
        for i, name in enumerate(names):
            service.run(tid, Register(name=name, member=f"M-{i:03d}", age_ok=True), actor="t")
        service.run(tid, PostMysteryBounties(envelopes=((50_000, 1), (2_500, 20)), from_level=1))
        service.run(tid, DrawSeats(), actor="t")
        service.run(tid, StartClock(), actor="t")
        service.run(tid, Announce(text="Mystery bounties: the envelopes are on the TV"))
        for k in (39, 38, 37):
            service.run(tid, Bust(players=(names[k],), eliminator=names[0]), actor="t")
    finally:
        service.close()
    with running_server(db, PASSWORD) as base:
        yield base, tid, names


CLIPPED_JS = """() => {
  const box = document.querySelector('[data-region-set="main"] [data-region="announce"]')
    .getBoundingClientRect();
  return [...document.querySelectorAll('#tv-mystery > *')]
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.bottom > box.bottom + 1 || r.right > box.right + 1)
    .map((r) => [r.left, r.top, r.right, r.bottom])
    .concat([...document.querySelectorAll('.tv-mystery-line')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => ['cut', el.scrollWidth, el.clientWidth]));
}"""
"""Lines of the mystery block that fall outside the announcement region, or whose text is
cut at the right (only the names may shorten, with an ellipsis)."""


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_tv_shows_the_mystery_bounty_drawn_and_the_envelopes_left(
    mystery_night: tuple[str, str, list[str]], browser: Any, size: tuple[int, int]
) -> None:
    base, tid, names = mystery_night
    public = json.loads(urllib.request.urlopen(f"{base}/api/tournaments/{tid}", timeout=5).read())
    mystery = public["mystery"]
    assert mystery["drawn"] == 3
    assert mystery["left_count"] == 18
    assert mystery["last"].startswith(f"{names[0]} won a $")
    assert mystery["last"].endswith(f"mystery bounty from {names[37]}")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = _open_tv(browser, f"{base}/t/{tid}/tv", size)
    try:
        page.wait_for_selector("#tv-mystery", state="visible", timeout=4000)
        text = page.text_content("#tv-mystery") or ""
        assert "mystery bounty from" in text
        assert "18 envelopes left:" in text
        check_screen(page, "main", size)
        clipped = page.evaluate(CLIPPED_JS)
        assert clipped == [], clipped
        page.screenshot(path=str(ARTIFACTS / f"tv_mystery_{size[0]}x{size[1]}.png"))
    finally:
        page.close()


def test_console_money_tab_lists_the_envelopes_left(
    mystery_night: tuple[str, str, list[str]], browser: Any
) -> None:
    """The director's console, Money tab: the stage, the latest draw and the 18 envelopes
    left by value, as the TV says. The server draws with its own random source, so which
    three of the 21 envelopes went is not fixed: $1,000 posted less the three drawn ($75,
    or $550 when the $500 one and two $25 went) is what the card lists, 18 envelopes by value."""
    base, tid, names = mystery_night
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page_sign_in(page, base, PASSWORD)
        page.goto(f"{base}/t/{tid}/floor")
        page.click("#tab-money")
        page.wait_for_selector("#mystery-card", state="visible", timeout=4000)
        card = page.text_content("#mystery-card") or ""
        assert "from level 1" in card
        assert f"mystery bounty from {names[37]}" in (page.text_content("#mystery-last") or "")
        left = " ".join((page.text_content("#mystery-left") or "").split())
        staff = page.request.get(f"{base}/api/tournaments/{tid}/staff").json()["mystery"]
        kinds = {k["value"]: k["count"] for k in staff["left"]}
        assert staff["left_count"] == 18
        assert kinds in ({50_000: 1, 2_500: 17}, {2_500: 18})
        drawn = 7_500 if 50_000 in kinds else 55_000
        assert staff["posted_total"] - staff["left_total"] == drawn
        shown = ", ".join(f"{n} × ${v // 100}" for v, n in sorted(kinds.items(), reverse=True))
        assert f"(${staff['left_total'] // 100}): {shown}" in left
        page.locator("#mystery-card").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "console_mystery_1024x768.png"))
        assert not errors, errors
    finally:
        page.close()
