"""Offline in a real browser (issue 16): chromium aborts every request to another host.

A real ``pokertd serve``; Playwright routes every request of the browser context and aborts
any whose host is not the server's. The API reference (``/docs``), the home page, the sign-in
page and a TV clock must load with no request aborted, no failed request, no 4xx/5xx, no CSP
report and no script error. ``/docs`` must show the operations (read as text, at 1920, 1024 and
390 pixels wide, without a horizontal scroll bar at 390) and its search box must filter them.
Screenshots go to ``tests/.artifacts/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from .servers import navigated_away_from_icon
from .test_browser import ARTIFACTS, CHROMIUM, PASSWORD, browser, server

__all__ = ["browser", "server"]  # the module-scoped fixtures, shared with test_browser

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(), reason=f"chromium is not installed at {CHROMIUM}"
    ),
]

REGISTER = "POST /api/tournaments/{tid}/commands/register"
"""A real operation of the schema, as the docs page shows it (method, space, path)."""


class Offline:
    """A browser context that aborts every request to a host other than the server's, and
    collects those aborts and every other problem a page shows."""

    def __init__(self, browser: Any, server: str, width: int, *, bypass_csp: bool = False) -> None:
        self.host = urlsplit(server).netloc
        self.aborted: list[str] = []
        self.problems: list[str] = []
        self.context = browser.new_context(
            viewport={"width": width, "height": 900}, bypass_csp=bypass_csp
        )
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda e: self.problems.append(f"pageerror: {e}"))
        self.page.on("requestfailed", self._failed)
        self.page.on(
            "response",
            lambda r: self.problems.append(f"{r.status} {r.url}") if r.status >= 400 else None,
        )

    def _failed(self, request: Any) -> None:
        if not navigated_away_from_icon(request):
            self.problems.append(f"failed: {request.url}")

    def _route(self, route: Any) -> None:
        url = route.request.url
        if url.startswith(("data:", "blob:")) or urlsplit(url).netloc == self.host:
            route.continue_()
        else:
            self.aborted.append(url)
            route.abort()

    def _console(self, message: Any) -> None:
        if "Content Security Policy" in message.text or (
            message.type == "error" and not message.text.startswith("Failed to load resource")
        ):
            self.problems.append(f"console: {message.text}")

    def failed_requests(self) -> list[str]:
        """Problems other than the aborted requests (listed on their own)."""
        return [p for p in self.problems if not any(a in p for a in self.aborted)]


def test_the_route_really_aborts_other_hosts(server: str, browser: Any) -> None:
    """The check can fail: a page that asks another host is caught (here an image added by
    the test itself, with the page's CSP bypassed: that policy alone would already block it,
    and then the console's CSP report is the problem the other tests catch)."""
    offline = Offline(browser, server, 1024, bypass_csp=True)
    try:
        offline.page.goto(f"{server}/login")
        offline.page.evaluate(
            """() => new Promise((done) => {
                 const s = document.createElement('img');
                 s.onerror = s.onload = done;
                 s.src = 'https://cdn.jsdelivr.net/npm/swagger-ui-dist@5/favicon-32x32.png';
                 document.body.appendChild(s);
               })"""
        )
        assert offline.aborted == [
            "https://cdn.jsdelivr.net/npm/swagger-ui-dist@5/favicon-32x32.png"
        ]
    finally:
        offline.context.close()


def test_docs_home_login_and_tv_load_with_nothing_from_outside(server: str, browser: Any) -> None:
    """/docs (anonymous), /login, then signed in: the home page and a demo night's TV."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    offline = Offline(browser, server, 1920)
    page = offline.page
    try:
        page.goto(f"{server}/docs")
        text = page.inner_text("main")
        assert REGISTER in text
        assert "GET /api/version" in text
        page.screenshot(path=str(ARTIFACTS / "apidocs-1920.png"))

        page.goto(f"{server}/redoc")
        assert urlsplit(page.url).path == "/docs"

        page.goto(f"{server}/login")
        page.fill("input[name=name]", "director")
        page.fill("input[name=password]", PASSWORD)
        page.click("button.primary")
        page.wait_for_url(f"{server}/")
        csrf = page.evaluate("window.pokertd.csrf()")
        made = page.request.post(f"{server}/api/demo", headers={"X-CSRF-Token": csrf})
        assert made.status == 201, made.text()
        tid = made.json()["tournament"]
        page.goto(f"{server}/")
        page.goto(f"{server}/t/{tid}/tv")
        page.wait_for_selector("body.tv", timeout=5000)
        page.wait_for_timeout(500)  # the SSE stream opens and draws
        assert offline.aborted == []
        assert offline.failed_requests() == []
    finally:
        offline.context.close()


@pytest.mark.parametrize("width", [1024, 390])
def test_docs_read_and_search_at_narrower_widths(server: str, browser: Any, width: int) -> None:
    """At 1024 and 390 pixels the operations read as text with no sideways scroll, an opened
    operation shows its fields, and the search box narrows the list (plain JS, CSP-clean)."""
    offline = Offline(browser, server, width)
    page = offline.page
    try:
        page.goto(f"{server}/docs")
        assert REGISTER in page.inner_text("main")
        total = page.locator("details.ad-op:not(.ad-schema)").count()
        assert total > 100
        assert page.inner_text("#ad-count") == f"{total} operations"
        register = page.locator("#op-post-api-tournaments-tid-commands-register")
        register.locator("summary").click()
        assert "at most 60 characters" in register.inner_text()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.fill("#ad-search", "commands bust")
        shown = page.locator("details.ad-op:not(.ad-schema):visible")
        assert shown.count() == 1
        assert "/api/tournaments/{tid}/commands/bust" in shown.first.inner_text()
        assert page.inner_text("#ad-count") == f"1 of {total} operations"
        page.fill("#ad-search", "no-such-operation-anywhere")
        assert page.locator("#ad-none").is_visible()
        page.fill("#ad-search", "")
        assert page.locator("details.ad-op:not(.ad-schema):visible").count() == total
        page.screenshot(path=str(ARTIFACTS / f"apidocs-{width}.png"))
        assert offline.aborted == []
        assert offline.failed_requests() == []
    finally:
        offline.context.close()
