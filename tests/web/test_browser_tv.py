"""The TV clock in a real browser (issue 12): nothing overlaps, every paid place is shown.

Tournaments are built through the service on a temporary SQLite file, then ``pokertd serve``
runs on that file and Debian's chromium opens the TV at 1920x1080, 1366x768 and 1280x720:

- a Foxwoods event with 176 entries (21 places paid by FOX-PTAB) and 60-character names,
  in both layouts (clock-first and payouts-first): the bounding boxes of the regions (title,
  blinds, clock, payouts, stats, chips, QR, announcement) never intersect and stay on the
  screen, every payout row sits inside the payouts region, and paging shows places 1..21;
- the pre-start screen (level 1 blinds, buy-in, structure) instead of dashes;
- the end screen (winner, final results; the clock no longer shown);
- the announcement round trip (API -> TV and player view), the "Enable sound" overlay and
  the spoken level announcement at a level change;
- the lobby board with several events.

Screenshots go to ``tests/.artifacts/`` (ignored by git).
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from pokertd.app.tournaments import open_service
from pokertd.tournament.clock import StartClock
from pokertd.tournament.display import Announce
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, Register
from pokertd.tournament.seating import DrawSeats
from pokertd.tournament.templates import load_template

from .servers import running_server

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[1] / ".artifacts"
PASSWORD = "tv-night-1"
SIZES = ((1920, 1080), (1366, 768), (1280, 720))
PAID_ENTRIES = 176
"""FOX-PTAB pays 21 places from 176 entries (the 176-205 band)."""

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(), reason=f"chromium is not installed at {CHROMIUM}"
    ),
]


def long_name(i: int) -> str:
    """A distinct 60-character name (the longest a name may be)."""
    name = f"Maximiliana-Alexandrina {i:03d} Wolfeschlegelsteinhausenbergerdorff"
    return name[:60].ljust(60, "x")


@dataclass
class Night:
    """The server's URL and the tournaments built for the test."""

    base: str
    big: str
    pre: str
    done: str
    winner: str


def _build(db: Path) -> tuple[str, str, str, str]:
    service = open_service(f"sqlite:///{db}")
    tmpl = load_template("fox_wed_80")
    try:
        big = service.create(CreateTournament(name="Wednesday $80 — 21 paid", template=tmpl))
        for i in range(PAID_ENTRIES):
            service.run(
                big, Register(name=long_name(i), member=f"B-{i:03d}", age_ok=True), actor="t"
            )
        service.run(big, DrawSeats(), actor="t")
        service.run(big, StartClock(), actor="t")
        service.run(big, Announce(text="Dinner break after level 6: the buffet opens at 8"))

        pre = service.create(CreateTournament(name="Thursday $120 deepstack", template=tmpl))
        for i in range(12):
            service.run(pre, Register(name=f"Early bird {i}", member=f"P-{i}", age_ok=True))

        done = service.create(CreateTournament(name="Heads-up final", template=tmpl))
        names = [long_name(900 + i) for i in range(3)]
        for i, name in enumerate(names):
            service.run(done, Register(name=name, member=f"D-{i}", age_ok=True), actor="t")
        service.run(done, DrawSeats(), actor="t")
        service.run(done, StartClock(), actor="t")
        service.run(done, CloseRegistration(), actor="t")  # one survivor then wins
        service.run(done, Bust(players=(names[2],)), actor="t")
        service.run(done, Bust(players=(names[1],)), actor="t")
    finally:
        service.close()
    return big, pre, done, names[0]


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Night]:
    """The tournaments, and ``pokertd serve`` over their database."""
    db = tmp_path_factory.mktemp("tv") / "tv.db"
    big, pre, done, winner = _build(db)
    with running_server(db, PASSWORD) as base:
        yield Night(base, big, pre, done, winner)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless chromium that, like a real TV browser, blocks sound until a tap."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=["--no-sandbox", "--autoplay-policy=document-user-activation-required"],
        )
        yield b
        b.close()


REGIONS_JS = """(set) => {
  const root = document.querySelector(`[data-region-set="${set}"]`);
  const out = [];
  for (const el of root.querySelectorAll('[data-region]')) {
    const r = el.getBoundingClientRect();
    const cs = getComputedStyle(el);
    if (cs.display === 'none' || r.width === 0 || r.height === 0) continue;
    out.push({name: el.dataset.region, x: r.left, y: r.top, w: r.width, h: r.height});
  }
  return out;
}"""


def overlaps(boxes: list[dict[str, Any]]) -> list[str]:
    """Pairs of regions whose boxes intersect by more than a pixel."""
    found = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            dx = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
            dy = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
            if dx > 1 and dy > 1:
                found.append(f"{a['name']} overlaps {b['name']} ({dx:.0f}x{dy:.0f} px)")
    return found


def check_screen(page: Any, region_set: str, size: tuple[int, int]) -> list[dict[str, Any]]:
    """Assert the regions of ``region_set`` do not overlap and stay on the screen."""
    boxes: list[dict[str, Any]] = page.evaluate(REGIONS_JS, region_set)
    assert not overlaps(boxes), overlaps(boxes)
    w, h = size
    for b in boxes:
        assert b["x"] >= -1, b
        assert b["y"] >= -1, b
        assert b["x"] + b["w"] <= w + 1, (b, size)
        assert b["y"] + b["h"] <= h + 1, (b, size)
    assert page.evaluate("document.documentElement.scrollWidth") <= w
    return boxes


def _open_tv(browser: Any, url: str, size: tuple[int, int]) -> Any:
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    page.goto(url)
    page.wait_for_function("() => window.Alpine !== undefined")
    page.wait_for_timeout(400)
    if page.is_visible("#tv-sound"):  # the one tap a TV needs before it may play sound
        page.click("#tv-sound")
        page.wait_for_selector("#tv-sound", state="hidden", timeout=2000)
    return page


PAGES_JS = """() => {
  const el = document.querySelector('.tv-screen');
  const d = Alpine.$data(el);
  d.refit();
  const seen = [];
  for (let i = 0; i < d.pager.pages; i++) {
    d.pager.page = i;
    for (const p of d.pagePayouts()) seen.push(p.place);
  }
  d.pager.page = 0;
  return {seen, pages: d.pager.pages, per: d.pager.per};
}"""

ROWS_INSIDE_JS = """() => {
  const box = document.querySelector('[data-region-set="main"] [data-region="payouts"]')
    .getBoundingClientRect();
  const rows = [...document.querySelectorAll('[data-region-set="main"] .payrow')];
  return rows.map((r) => r.getBoundingClientRect())
    .filter((r) => r.bottom > box.bottom + 1 || r.right > box.right + 1 || r.left < box.left - 1)
    .length + '/' + rows.length;
}"""


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("layout", ["clock", "payouts"])
def test_tv_regions_never_overlap_with_21_paid(
    night: Night, browser: Any, size: tuple[int, int], layout: str
) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = _open_tv(browser, f"{night.base}/t/{night.big}/tv?layout={layout}", size)
    try:
        assert "21 places paid" in (page.text_content("#tv-paid") or "")
        names = {b["name"] for b in check_screen(page, "main", size)}
        assert {"title", "blinds", "clock", "payouts", "stats", "chips", "qr", "announce"} <= names
        pages = page.evaluate(PAGES_JS)
        assert sorted(pages["seen"]) == list(range(1, 22)), pages
        page.wait_for_timeout(100)
        outside, total = page.evaluate(ROWS_INSIDE_JS).split("/")
        assert outside == "0", (outside, total)
        assert int(total) >= 1
        assert page.inner_text("#tv-time") not in {"", "–:––"}
        page.screenshot(path=str(ARTIFACTS / f"tv_{layout}_{size[0]}x{size[1]}.png"))
    finally:
        page.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_tv_prestart_and_end_screens(night: Night, browser: Any, size: tuple[int, int]) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = _open_tv(browser, f"{night.base}/t/{night.pre}/tv", size)
    try:
        assert page.is_visible("#tv-prestart")
        assert page.inner_text("#tv-blinds-1") == "100 / 100"  # fox_wed level 1
        assert "$80" in page.inner_text("#tv-prestart")
        assert "–:––" not in page.inner_text(".tv-grid")
        check_screen(page, "main", size)
        page.screenshot(path=str(ARTIFACTS / f"tv_prestart_{size[0]}x{size[1]}.png"))
    finally:
        page.close()
    page = _open_tv(browser, f"{night.base}/t/{night.done}/tv", size)
    try:
        assert page.is_visible("#tv-end")
        assert not page.is_visible("#tv-time")
        assert page.inner_text("#tv-winner") == night.winner
        assert not page.is_visible("#tv-sound")  # nothing more to announce
        boxes = check_screen(page, "end", size)
        assert {"winner", "results", "qr", "stats"} <= {b["name"] for b in boxes}
        page.screenshot(path=str(ARTIFACTS / f"tv_end_{size[0]}x{size[1]}.png"))
    finally:
        page.close()


def test_announcement_sound_and_speech_round_trip(night: Night, browser: Any) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    ctx = browser.new_context(viewport={"width": 1920, "height": 1080})
    ctx.add_init_script(
        "window.__spoken = [];"
        "if (window.speechSynthesis) { window.speechSynthesis.speak = (u) => "
        "window.__spoken.push(u.text); }"
    )
    tv = ctx.new_page()
    tv.goto(f"{night.base}/t/{night.big}/tv")
    tv.wait_for_function("() => window.Alpine !== undefined")
    # Browsers block sound until a tap: the TV asks for it, one tap takes the overlay away.
    tv.wait_for_selector("#tv-sound", state="visible", timeout=5000)
    tv.screenshot(path=str(ARTIFACTS / "tv_enable_sound_1920x1080.png"))
    tv.click("#tv-sound")
    tv.wait_for_selector("#tv-sound", state="hidden", timeout=3000)

    staff = browser.new_context()
    r = staff.request.post(
        f"{night.base}/api/login",
        data=json.dumps({"name": "director", "password": PASSWORD}),
        headers={"Content-Type": "application/json"},
    )
    assert r.status == 200, r.text()
    csrf = {"X-CSRF-Token": r.json()["csrf"], "Content-Type": "application/json"}

    def command(name: str, body: dict[str, Any]) -> Any:
        return staff.request.post(
            f"{night.base}/api/tournaments/{night.big}/commands/{name}",
            data=json.dumps(body),
            headers=csrf,
        )

    text = "Seat open at table 3 - see the floor"
    assert command("announce", {"text": text}).status == 200
    tv.wait_for_function(
        f"() => document.querySelector('#tv-announcement').innerText === {json.dumps(text)}",
        timeout=3000,
    )
    player = ctx.new_page()
    player.goto(f"{night.base}/t/{night.big}/player")
    view = json.loads(
        urllib.request.urlopen(f"{night.base}/api/tournaments/{night.big}", timeout=5).read()
    )
    assert view["announcements"][0]["text"] == text
    assert command("announce", {"text": "x" * 201}).status == 422  # limit: 200 characters

    assert command("next_level", {}).status == 200
    tv.wait_for_function(
        "() => window.__spoken.some((t) => t.startsWith('Level 2.'))", timeout=4000
    )
    tv.screenshot(path=str(ARTIFACTS / "tv_announcement_1920x1080.png"))

    # Empty text takes the announcement down; the director can switch speech off.
    assert command("announce", {"text": ""}).status == 200
    tv.wait_for_selector("#tv-announcement", state="hidden", timeout=3000)
    assert (
        command("set_display", {"layout": "payouts", "sound": False, "speech": False}).status == 200
    )
    tv.wait_for_selector(".layout-payouts", timeout=3000)
    spoken = tv.evaluate("window.__spoken.length")
    assert command("next_level", {}).status == 200
    tv.wait_for_timeout(1200)
    assert tv.evaluate("window.__spoken.length") == spoken
    assert command("set_display", {"layout": "clock", "sound": True, "speech": True}).status == 200
    ctx.close()
    staff.close()


def test_lobby_board_shows_several_events(night: Night, browser: Any) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    page.goto(f"{night.base}/lobby")
    page.wait_for_selector(".lobby-card")
    cards = page.inner_text("#lobby-grid")
    assert "Wednesday $80 — 21 paid" in cards
    assert "Thursday $120 deepstack" in cards
    assert "Heads-up final" not in cards  # finished events leave the board
    assert "21 places paid" in cards
    page.screenshot(path=str(ARTIFACTS / "lobby_1920x1080.png"))
    page.close()
