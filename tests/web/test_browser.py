"""A short night in a real browser: Debian's chromium driven by Playwright.

Runs ``pokertd serve`` as a subprocess on a temporary SQLite file, then: sign in, create a
Foxwoods tournament from the template form, register 20 players, draw seats, start the clock,
bust five, confirm a balancing move, and check the TV display shows each bust by itself
(pushed, no reload; its speed is measured in ``bench/``, not asserted here). Screenshots of
the TV (1920x1080) and the phone view (390x844) go to ``tests/.artifacts/``, which git
ignores: tests never write into tracked files.
"""

from __future__ import annotations

import json
import os
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .servers import running_server

CHROMIUM = os.environ.get("POKERTD_TEST_CHROMIUM") or "/usr/bin/chromium"
"""Debian's chromium (``apt install chromium``); ``$POKERTD_TEST_CHROMIUM`` names another
(tests/web/test_browser_missing.py points it nowhere to check the message below)."""
MISSING = (
    f"chromium is not installed at {CHROMIUM}: the browser tests need Debian's chromium "
    "(apt install chromium); run the others with -m 'not browser'"
)
ARTIFACTS = Path(__file__).resolve().parents[1] / ".artifacts"
"""Where the screenshots go: ignored by git (``.gitignore``), never a tracked folder."""
PASSWORD = "browser-night-1"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=MISSING),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``pokertd serve`` on a free port; its base URL."""
    db = tmp_path_factory.mktemp("browser") / "night.db"
    with running_server(db, PASSWORD) as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless chromium (never ``playwright install``: Debian's package).

    Without it every test using this fixture skips with :data:`MISSING` (in any module
    that imports the fixture, not only this one, whose mark covers only itself); under
    ``$POKERTD_REQUIRE_ALL_TIERS`` (``.ci/run``) the skip fails the run (tests/conftest.py).
    """
    if not Path(CHROMIUM).exists():
        pytest.skip(MISSING)
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        yield b
        b.close()


def _view(base: str, tid: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{base}/api/tournaments/{tid}", timeout=5) as r:
        data: dict[str, Any] = json.loads(r.read())
    return data


def test_short_night(server: str, browser: Any) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    floor = browser.new_page(viewport={"width": 1280, "height": 900})
    answers: dict[str, str] = {}  # prompt text fragment -> answer (else the suggestion)

    def answer(dialog: Any) -> None:
        for fragment, text in answers.items():
            if fragment in dialog.message:
                dialog.accept(text)
                return
        dialog.accept(dialog.default_value)

    floor.on("dialog", answer)
    errors: list[str] = []
    floor.on("pageerror", lambda e: errors.append(str(e)))
    floor.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    floor.goto(f"{server}/login")
    floor.fill("input[name=name]", "director")
    floor.fill("input[name=password]", PASSWORD)
    floor.click("button.primary")
    floor.wait_for_selector("#create-form")

    # create from a template
    floor.fill("#create-name", "Browser Wednesday")
    floor.select_option("#create-template", "fox_wed_80")
    floor.click("#create-button")
    floor.wait_for_url("**/floor")
    tid = floor.url.split("/t/")[1].split("/")[0]

    # register 20 players (Foxwoods: the floor checks age and membership, FOX-REG9)
    floor.click("#tab-players")
    floor.wait_for_selector("#register-name")
    floor.check("#age-ok")
    floor.check("#member-ok")
    for i in range(20):
        name = f"Player {i + 1:02d}"
        floor.fill("#register-name", name)
        floor.click("#register-button")
        floor.wait_for_function(
            "n => [...document.querySelectorAll('#players td')].some(td => td.textContent === n)",
            arg=name,
        )
    assert _view(server, tid)["status"]["entries"] == 20

    floor.click("#tab-tables")
    floor.click("#btn-draw_seats")
    floor.wait_for_function("() => document.querySelectorAll('.table-box').length === 2")
    floor.click("text=Start clock")
    floor.wait_for_selector("text=Pause")

    tv = browser.new_page(viewport={"width": 1920, "height": 1080})
    tv.goto(f"{server}/t/{tid}/tv")
    tv.wait_for_function("() => document.querySelector('#tv-players').textContent.includes('20')")

    # bust five players from table 1; the TV must show each within a second
    view = _view(server, tid)
    table1 = next(t for t in view["tables"] if t["table"] == 1)
    victims = [s["name"] for s in table1["seats"]][:5]
    floor.click("#tab-players")
    for n, victim in enumerate(victims, start=1):
        floor.fill(".inline-search", victim)
        floor.click("#players button.bust")  # opens the bust sheet (eliminator optional)
        with floor.expect_response(lambda r: r.url.endswith("/commands/bust")) as resp:
            floor.click("#bust-confirm")
        assert resp.value.status == 200
        # the bust is stored; the TV shows it by itself, pushed (no reload). How fast is
        # measured by the benchmarks (bench/festival.py: push p50/p99), never asserted here.
        tv.wait_for_function(
            "want => document.querySelector('#tv-players').textContent.startsWith(want)",
            arg=f"{20 - n} /",
            timeout=10_000,
            polling=50,
        )
    floor.fill(".inline-search", "")
    assert not [e for e in errors if "404" not in e], errors
    assert _view(server, tid)["status"]["alive"] == 15

    # balance: suggest and confirm one move
    floor.click("#tab-tables")
    floor.click("#btn-suggest_moves")
    floor.wait_for_selector(".confirm-move")
    before = floor.locator(".confirm-move").count()
    # no button yet: the console asks for it with a tap on its seat, then names the player
    floor.wait_for_selector("#ask-button")
    with floor.expect_response(lambda r: r.url.endswith("/commands/place_button")) as placed:
        floor.click("#table-2 button.seat:not(.empty) >> nth=0")
    assert placed.value.status == 200, placed.value.text()
    floor.wait_for_selector("#ask-button", state="detached")
    with floor.expect_response(lambda r: "confirm_move" in r.url, timeout=5000) as resp:
        floor.click(".confirm-move >> nth=0")
    assert resp.value.status == 200, resp.value.text()
    floor.wait_for_function(
        "n => document.querySelectorAll('.confirm-move').length < n", arg=before
    )
    tables = {t["table"]: t["players"] for t in _view(server, tid)["tables"]}
    assert tables[1] == 6
    assert tables[2] == 9

    tv.wait_for_timeout(300)
    tv.screenshot(path=str(ARTIFACTS / "tv_1920x1080.png"))

    phone = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True)
    phone.goto(f"{server}/t/{tid}/player")
    phone.fill("#seat-search", "Player 1")
    phone.wait_for_selector(".seat-row")
    phone.screenshot(path=str(ARTIFACTS / "phone_390x844.png"), full_page=False)
    assert "Table" in phone.inner_text(".seat-row")
    for page in (floor, tv, phone):
        page.close()


def test_dealer_view_with_pin(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{server}/login")
    page.fill("input[name=name]", "director")
    page.fill("input[name=password]", PASSWORD)
    page.click("button.primary")
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "pokertd_csrf")
    r = page.request.post(f"{server}/api/demo", headers={"X-CSRF-Token": token})
    tid = r.json()["tournament"]
    pin = page.request.get(f"{server}/api/tournaments/{tid}/tables/1/pin").json()["pin"]
    page.context.clear_cookies()
    page.goto(f"{server}/t/{tid}/dealer/1")
    page.fill("input[name=pin]", pin)
    page.click("button.primary")
    page.wait_for_selector("text=Button here")
    assert page.locator("ol.seats li").count() == 10
    page.close()
