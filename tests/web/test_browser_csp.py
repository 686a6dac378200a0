"""The app's own pages run under its Content-Security-Policy in a real browser (chromium):
every page of a signed-in director and of a table's dealer loads with no CSP violation and no
script error, and the live components (Alpine.js) still draw."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .test_browser import CHROMIUM, PASSWORD, browser, server

__all__ = ["browser", "server"]  # the module-scoped fixtures, shared with test_browser

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(), reason=f"chromium is not installed at {CHROMIUM}"
    ),
]


def _watch(page: Any) -> list[str]:
    problems: list[str] = []

    def console(m: Any) -> None:
        if m.text.startswith("Failed to load resource"):
            return  # a 4xx is reported by URL below
        if "Content Security Policy" in m.text or m.type == "error":
            problems.append(m.text)

    def response(r: Any) -> None:
        if r.status >= 400:  # /favicon.ico included: it is served (issue 23)
            problems.append(f"{r.status} {r.url}")

    page.on("console", console)
    page.on("response", response)
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    return problems


def test_pages_run_under_the_csp_in_chromium(server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    problems = _watch(page)
    page.goto(f"{server}/login")
    page.fill("input[name=name]", "director")
    page.fill("input[name=password]", PASSWORD)
    page.click("button.primary")
    page.wait_for_url(f"{server}/")
    csrf = page.evaluate("window.pokertd.csrf()")
    r = page.request.post(f"{server}/api/demo", headers={"X-CSRF-Token": csrf})
    assert r.status == 201, r.text()
    tid = r.json()["tournament"]
    pin = page.request.get(f"{server}/api/tournaments/{tid}/tables/1/pin").json()["pin"]
    for path in (
        "/",
        f"/t/{tid}/floor",
        f"/t/{tid}/tv",
        f"/t/{tid}/player",
        f"/t/{tid}/print/seats",
        f"/t/{tid}/print/payouts",
    ):
        page.goto(f"{server}{path}")
        page.wait_for_load_state("networkidle")
        header = page.evaluate("document.documentElement.outerHTML.length")
        assert header > 500, path
    page.goto(f"{server}/t/{tid}/tv")
    # Alpine (needs 'unsafe-eval') replaced the placeholder clock with the live one
    page.wait_for_function("!document.getElementById('tv-time').innerText.includes('–')")
    page.context.clear_cookies()
    page.goto(f"{server}/t/{tid}/dealer/1")
    page.fill("input[name=pin]", pin)
    page.click("button.primary")
    page.wait_for_selector("text=Button here")
    page.close()
    assert problems == []
