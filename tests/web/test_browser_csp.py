"""Every page of the app runs under its strict Content-Security-Policy in a real browser
(chromium): no ``'unsafe-eval'``, no ``'unsafe-inline'`` (issue 24, point 7).

``pokertd serve`` runs on a fresh SQLite file holding the demo tournament, a league whose
season counts it, a series that lists it and a flighted event. Then every HTML page the
router serves (the list is read from the app, so a new page fails here until it is added)
is opened as the audience it is for, with the browser's ``securitypolicyviolation`` events
and its console watched. Each page must show zero violations, no script error and no
Alpine expression error, and Alpine must have drawn it: every ``x-data`` element holds its
component, and a figure that only the component writes is on the screen.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.routing import APIRoute
from starlette.responses import HTMLResponse

from pokertd.app import App
from pokertd.app.tournaments import open_service
from pokertd.web import Settings, create_app

from .servers import api_one_of_everything, api_sign_in, running_server, serve_process
from .test_browser import ARTIFACTS, CHROMIUM, browser

__all__ = ["browser"]  # the module-scoped chromium, shared with test_browser

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(), reason=f"chromium is not installed at {CHROMIUM}"
    ),
]

PASSWORD = "csp-every-page-1"
LEAGUE, SERIES = "csp-league", "csp-series"

WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(e.violatedDirective + " " + (e.blockedURI || "inline") + " " +
                    (e.sourceFile || "") + ":" + e.lineNumber);
});
"""
"""Collects the page's CSP violations from its first script on (an init script runs before
the page's own and is not subject to its policy)."""

DRAWN = """() => {
  const roots = [...document.querySelectorAll('[x-data]')];
  return window.Alpine !== undefined && roots.every((el) => el._x_dataStack !== undefined);
}"""
"""Alpine started and every component on the page was built (its data is on the element)."""


def html_pages() -> set[str]:
    """The path of every GET route that answers with a page (read from the app itself)."""
    service = open_service("sqlite:///:memory:")
    try:
        site = create_app(App.over(service), Settings(db_url="sqlite:///:memory:"))
        return {
            r.path
            for r in _routes(site.routes)
            if "GET" in (r.methods or set())
            and (r.response_class is HTMLResponse or r.path == "/docs")
        }
    finally:
        service.close()


def _routes(routes: list[Any]) -> Iterator[APIRoute]:
    """The app's routes, those of included routers too (FastAPI wraps an included router in
    an object holding ``original_router``)."""
    for r in routes:
        if isinstance(r, APIRoute):
            yield r
        elif hasattr(r, "original_router"):
            yield from _routes(r.original_router.routes)


REDIRECTS = {"/t/{tid}": "to the floor or the player view", "/setup": "opened on a fresh server"}
"""Page routes not opened in the signed-in tour, and why."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """A server with one of everything; the ids the pages need."""
    db = tmp_path_factory.mktemp("csp") / "csp.db"
    with running_server(db, PASSWORD) as base, httpx.Client(timeout=30) as client:
        h = api_sign_in(client, base, PASSWORD)
        yield api_one_of_everything(client, base, h, LEAGUE, SERIES)


def _watch(page: Any) -> list[str]:
    problems: list[str] = []

    def console(m: Any) -> None:
        text = m.text
        if text.startswith("Failed to load resource"):
            return  # a 4xx is reported by URL below
        if "Refused to" in text or "Content Security Policy" in text:
            problems.append(f"console: {text}")
        elif m.type == "error" or text.startswith("Alpine"):
            problems.append(f"console {m.type}: {text}")

    page.add_init_script(WATCH)
    page.on("console", console)
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    return problems


NO_ALPINE = {"/embed/leagues/{league}", "/embed/series/{series}"}
"""Pages without Alpine (the embeds: static HTML for another site's iframe)."""


def _open(
    page: Any, url: str, shown: str, problems: list[str], shot: str, *, alpine: bool = True
) -> None:
    """Open ``url``; Alpine drew it (``shown``: a JS condition on what a component wrote);
    no violation recorded. A screenshot of the page as a person sees it goes to artifacts."""
    page.goto(url)
    page.wait_for_load_state("load")
    if alpine:
        page.wait_for_function(DRAWN, timeout=15_000)
    if shown:
        page.wait_for_function(shown, timeout=15_000)
    page.wait_for_timeout(300)  # effects and the first pushes have run
    seen = page.evaluate("window.__csp")
    problems += [f"{url}: CSP {v}" for v in seen]
    page.screenshot(path=str(ARTIFACTS / f"csp-{shot}.png"), full_page=True)


def _text(selector: str, contains: str = "") -> str:
    """A condition: the element exists and shows text (containing ``contains``)."""
    check = f"t.includes({contains!r})" if contains else "t.trim().length > 0"
    return (
        f"() => {{ const e = document.querySelector({selector!r}); "
        f"if (!e) return false; const t = e.textContent; return {check}; }}"
    )


def test_every_page_runs_under_the_strict_csp(server: dict[str, str], browser: Any) -> None:
    base, tid, pin, signups = server["base"], server["tid"], server["pin"], server["signups"]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    staff = {
        "/": ("/", _text("main")),
        "/login": ("/login", ""),
        "/new": ("/new", _text("#event-setup h1")),
        "/t/{tid}/floor": (
            f"/t/{tid}/floor",
            "() => /\\d+ \\/ \\d+/.test(document.getElementById('floor-players').textContent)",
        ),
        "/t/{tid}/tv": (
            f"/t/{tid}/tv",
            "() => !document.getElementById('tv-time').innerText.includes('–')",
        ),
        "/lobby": ("/lobby", _text(".lobby")),
        "/t/{tid}/player": (f"/t/{tid}/player", _text(".phone-wrap")),
        "/t/{tid}/print/{kind}": (f"/t/{tid}/print/seats", _text("h1")),
        "/players": ("/players", _text(".players-page")),
        "/t/{tid}/mail": (f"/t/{tid}/mail", _text("#mail-card", "Results mail")),
        "/leagues": ("/leagues", _text(".la-page", "Tuesday league")),
        "/leagues/{league}": (f"/leagues/{LEAGUE}", _text("#league-board")),
        "/leagues/{league}/admin": (f"/leagues/{LEAGUE}/admin", _text(".la-page", "Season one")),
        "/series": ("/series", _text(".series-page", "Autumn series")),
        "/series/{series}": (f"/series/{SERIES}", _text("#series-lobby")),
        "/series/{series}/admin": (f"/series/{SERIES}/admin", _text(".series-page", "Main")),
        "/simulate": ("/simulate", _text("#simulate")),
        "/t/{tid}/simulate": (f"/t/{tid}/simulate", _text("#simulate")),
        "/docs": ("/docs", _text("h1")),
        "/t/{tid}/dealer/{table}": (f"/t/{tid}/dealer/1", _text("main")),  # the PIN form
        "/t/{tid}/signup": (f"/t/{signups}/signup", _text("#signup-form")),
        "/t/{tid}/signups": (f"/t/{signups}/signups", _text("#signups-window")),
        "/s/{tid}/{token}": (server["link"], _text("#mine-message", "place 1 of 10")),
        "/t/{tid}/results": (f"/t/{tid}/results", _text("#rs-status")),
        "/embed/leagues/{league}": (f"/embed/leagues/{LEAGUE}", _text("#em-standings")),
        "/embed/series/{series}": (f"/embed/series/{SERIES}", _text("#em-series")),
        "/screens": ("/screens", _text("#screens-page")),
        "/screens/editor": ("/screens/editor", _text("#editor-page")),
        "/screen/{name}": ("/screen/csp-tv", _text("#screen")),
    }
    pages = html_pages()
    assert pages - set(REDIRECTS) == set(staff), "a page is missing from this tour"
    more = [  # the same routes with other content: every printout, the TV's layouts, a 404
        *(f"/t/{tid}/print/{k}" for k in ("receipts", "payouts", "results", "moves", "bags")),
        f"/t/{tid}/tv?layout=payouts",
        f"/t/{tid}/floor#money",
    ]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    problems = _watch(page)
    page.goto(f"{base}/login")
    page.fill("input[name=name]", "director")
    page.fill("input[name=password]", PASSWORD)
    page.click("button.primary")
    page.wait_for_url(f"{base}/")
    opened = 0
    for route, (path, shown) in staff.items():
        shot = route.strip("/").replace("/", "_") or "home"
        _open(page, base + path, shown, problems, shot, alpine=route not in NO_ALPINE)
        opened += 1
    for n, path in enumerate(more):
        _open(page, base + path, "", problems, f"more-{n}")
        opened += 1
    # a page the server refuses (its error page has the same policy)
    page.goto(f"{base}/t/no-such-night/tv")
    problems += [f"404 page: CSP {v}" for v in page.evaluate("window.__csp")]
    # the dealer's own view, after the table's PIN
    page.context.clear_cookies()
    page.goto(f"{base}/t/{tid}/dealer/1")
    page.fill("input[name=pin]", pin)
    page.click("button.primary")
    page.wait_for_selector("text=Button here")
    _open(page, page.url, _text(".phone-wrap", "Button here"), problems, "dealer-view")
    page.close()
    assert opened == len(staff) + len(more)
    assert problems == []


def test_first_run_setup_page_runs_under_the_csp(
    tmp_path: Path,
    browser: Any,
) -> None:
    """``/setup`` is a page only while no director exists: a server of its own."""
    db = tmp_path / "first.db"
    with serve_process(
        ["--db", f"sqlite:///{db}"], tmp_path, password="", env={"POKERTD_DIRECTOR_PASSWORD": ""}
    ) as served:
        page = browser.new_page(viewport={"width": 1024, "height": 768})
        problems = _watch(page)
        _open(page, f"{served.base}/setup", _text("main"), problems, "setup")
        assert "password" in page.content().lower()
        page.close()
    assert problems == []
