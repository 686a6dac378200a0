"""Event set-up in a real browser (1024×768): a director fills ``/new`` from scratch — name,
buy-in split, tables and seats, a structure edited in the levels table with a break — sees
the projected duration, is told in words what is wrong with a bad level, fixes it, creates
the event and lands on its floor console. Screenshots go to ``tests/.artifacts/``.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from .test_browser import ARTIFACTS, PASSWORD, browser, server  # noqa: F401  (fixtures)

pytestmark = [pytest.mark.browser]


def test_create_an_event_from_scratch(server: str, browser: Any) -> None:  # noqa: F811
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/login?next=/new")
    page.fill("input[name=name]", "director")
    page.fill("input[name=password]", PASSWORD)
    page.click("button.primary")
    page.wait_for_selector("#setup-levels tbody tr")
    assert page.locator("#setup-levels tbody tr").count() == 6  # the blank event's levels
    page.fill("#setup-name", "Browser Friday")
    page.fill("#setup-prize", "80")
    page.fill("#setup-house", "12.50")
    page.fill("#setup-entry", "7.50")
    page.fill("#setup-bounty", "20")
    assert page.text_content("#setup-total") == "$120.00"
    page.fill("#setup-tables", "5")
    page.fill("#setup-seats", "9")
    page.fill("#setup-guarantee", "5000")
    page.fill("#setup-stack", "25000")
    page.click("#setup-add-level")  # a 7th level, doubled from the 6th
    rows = page.locator("#setup-levels tbody tr")
    assert rows.count() == 7
    page.wait_for_function(
        "() => document.querySelector('#setup-duration').textContent.includes('7 levels')"
    )
    # 7 × 20 min + a 10-minute break after level 4 = 2 h 30 min
    assert "2 h 30 min" in page.text_content("#setup-duration")
    # a bad level: blinds lower than the level before, told in words at once
    row3 = rows.nth(2).locator("input:visible")
    row3.nth(0).fill("50")
    row3.nth(1).fill("100")
    page.wait_for_selector("#setup-structure-problems li")
    assert "never decrease" in page.text_content("#setup-structure-problems")
    page.click("#setup-create")
    page.wait_for_selector("#setup-problems li")
    assert "never decrease" in page.text_content("#setup-problems")
    page.screenshot(path=str(ARTIFACTS / "event-setup-1024-problem.png"), full_page=True)
    assert "/new" in page.url  # nothing created
    row3.nth(0).fill("300")
    row3.nth(1).fill("600")
    page.wait_for_function("() => !document.querySelector('#setup-structure-problems li')")
    page.screenshot(path=str(ARTIFACTS / "event-setup-1024.png"), full_page=True)
    page.fill("#setup-save-name", "browser_friday")
    page.click("#setup-save")
    page.wait_for_selector("#setup-message:has-text('Saved')")
    page.click("#setup-create")
    page.wait_for_url("**/floor")
    tid = page.url.split("/t/")[1].split("/")[0]
    page.wait_for_selector("#register-name", state="attached")  # the floor console is up
    page.wait_for_timeout(500)
    page.screenshot(path=str(ARTIFACTS / "event-setup-floor-1024.png"))
    with urllib.request.urlopen(f"{server}/api/tournaments/{tid}", timeout=5) as r:
        view = json.loads(r.read())
    assert view["name"] == "Browser Friday"
    with urllib.request.urlopen(f"{server}/api/templates", timeout=5) as r:
        names = [t["name"] for t in json.loads(r.read())]
    assert "browser_friday" in names
    assert view["status"]["currency"] == "USD"  # the venue's, the form's first choice

    # issue 27 point 2: a yen event written the German way, chosen in the form
    page.goto(f"{server}/new")
    page.wait_for_selector("#setup-levels tbody tr")
    page.wait_for_function("() => !document.querySelector('#setup-form').disabled")
    assert page.input_value("#setup-currency") == "USD"
    assert page.input_value("#setup-locale") == ""  # the venue's
    page.select_option("#setup-currency", "JPY")
    page.select_option("#setup-locale", "de_DE")
    page.fill("#setup-name", "Browser Tokyo")
    page.fill("#setup-prize", "8000")
    page.fill("#setup-house", "1000")
    page.fill("#setup-entry", "1000")
    page.fill("#setup-bounty", "0")
    page.fill("#setup-guarantee", "0")
    assert page.text_content("#setup-total") == "¥10,000"  # whole yen, as the venue writes
    assert page.text_content("label:has(#setup-prize) .cur") == "JPY"
    page.click("#setup-create")
    page.wait_for_url("**/floor")
    tid = page.url.split("/t/")[1].split("/")[0]
    page.wait_for_selector("#register-name", state="attached")
    assert page.get_attribute("meta[name=pokertd-money]", "data-locale") == "de-DE"
    assert page.get_attribute("meta[name=pokertd-money]", "data-currency") == "JPY"
    with urllib.request.urlopen(f"{server}/api/tournaments/{tid}", timeout=5) as r:
        view = json.loads(r.read())
    assert view["status"]["currency"] == "JPY"
    assert "10.000" in view["status"]["buy_in"], view["status"]["buy_in"]  # ¥10,000, German
    assert errors == []
    page.close()
