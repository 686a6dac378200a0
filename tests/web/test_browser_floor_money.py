"""The floor console's penalty and deal forms in a real browser (chromium via Playwright).

Reuses the ``pokertd serve`` and chromium fixtures of ``test_browser``: sign in, create the
demo, give a K1 penalty from the form (it reaches the log), try a deal (refused with the
FOX-73 reason in the toast: the demo has deals off), and check the page raised no errors.
"""

from __future__ import annotations

from typing import Any

from .test_browser import PASSWORD, browser, pytestmark, server

__all__ = ["browser", "pytestmark", "server"]


def test_K1_FOX_73_penalty_and_deal_forms(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1024, "height": 1366})  # a tablet
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/login")
    page.fill("input[name=name]", "director")
    page.fill("input[name=password]", PASSWORD)
    page.click("button.primary")
    page.wait_for_selector("#demo-button")
    page.click("#demo-button")
    page.wait_for_url("**/floor")
    page.click("#tab-players")  # penalties sit with the players; deals and prizes under Money
    page.wait_for_selector("#penalty-player", state="visible")
    # the players arrive with the console's stream (its first frame), not in the page
    page.wait_for_selector("#players tbody td")
    name = page.eval_on_selector("#players tbody td", "td => td.textContent")
    page.fill("#penalty-player", name)
    page.select_option("#penalty-kind", "missed_rounds")
    page.fill("#penalty-count", "1")
    page.fill("#penalty-reason", "abusive language")
    page.fill("#penalty-rule", "TDA-71")
    page.click("#penalty-run")
    page.wait_for_function(
        "n => [...document.querySelectorAll('.log li')].some("
        "li => li.textContent.includes(n) && li.textContent.includes('TDA-71'))",
        arg=name,
    )
    page.click("#tab-money")
    page.select_option("#deal-kind", "chip")
    page.click("#deal-propose")
    page.wait_for_function(
        "() => (document.querySelector('#toast')?.textContent || '').includes('FOX-73')"
    )
    assert page.is_visible("#receipts-link")
    assert not errors, errors
    page.close()
