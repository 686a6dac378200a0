"""The night taken home in a real browser (issue 26, point 3): ``pokertd serve`` on a
database with the driven night of :mod:`takehome.night`; chromium opens the public results
page, and a page served from ANOTHER origin (a tiny local ``http.server``, as a club's
site) that embeds the league standings and the series widget in ``<iframe>``s: they render
there, while a results page put in an iframe on that site is refused (only ``/embed/``
may be framed). Screenshots at 390x844 and 1024x768 go to ``tests/.artifacts/results/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from pokertd.app import App
from pokertd.app.tournaments import open_service
from takehome.night import create, league, play

from .servers import other_origin, running_server
from .test_browser import ARTIFACTS, browser, pytestmark  # noqa: F401

SHOTS = ARTIFACTS / "results"
SIZES = ((390, 844), (1024, 768))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("results") / "night.db"
    svc = open_service(f"sqlite:///{db}")
    try:
        create(svc)
        play(svc, "tue")
        app = App.over(svc)
        league(app, "tue")
        app.series.create_series("fall", "Fall Festival")
        app.series.add_event("fall", "tue")
    finally:
        svc.close()
    with running_server(db, "results-pass-1") as base:
        yield base


@pytest.fixture(scope="module")
def club_site(tmp_path_factory: pytest.TempPathFactory, server: str) -> Iterator[str]:
    """A club's page on another origin (``localhost`` and another port) framing the widgets."""
    html = (
        "<!doctype html><meta charset=utf-8><title>Club</title>"
        "<h1>Our poker club</h1>"
        f'<iframe id=standings src="{server}/embed/leagues/tuesday" width=360 height=480 '
        'style="border:1px solid #ccc"></iframe>'
        f'<iframe id=series src="{server}/embed/series/fall" height=260 '
        'style="border:1px solid #ccc;width:100%;max-width:560px"></iframe>'
        f'<iframe id=results src="{server}/t/tue/results" width=300 height=200></iframe>'
    )
    with other_origin(tmp_path_factory.mktemp("club"), html) as url:
        yield url


def test_results_page_shows_the_places(browser: Any, server: str) -> None:  # noqa: F811
    SHOTS.mkdir(parents=True, exist_ok=True)
    for w, h in SIZES:
        page = browser.new_page(viewport={"width": w, "height": h})
        page.goto(f"{server}/t/tue/results")
        status = page.locator("#rs-status")
        assert status.inner_text() == "Final results: Ann won."
        rows = page.locator("#rs-table tbody tr")
        assert rows.count() == 11
        first = rows.nth(0).locator("td")
        assert [first.nth(i).inner_text() for i in range(3)] == ["1", "Ann", "$273.29"]
        assert rows.nth(3).locator("td").nth(0).inner_text().startswith("4–5")
        # nothing sticks out sideways at 390 px
        wide = page.evaluate("document.documentElement.scrollWidth")
        offenders = page.evaluate(
            "[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect()"
            ".right > innerWidth + 1).slice(0, 5).map(e => e.tagName + '.' + e.className)"
        )
        assert wide <= w, (w, wide, offenders)
        page.screenshot(path=str(SHOTS / f"results-{w}x{h}.png"), full_page=True)
        page.goto(f"{server}/embed/leagues/tuesday")
        assert page.locator("#em-standings tbody tr").count() == 11
        page.screenshot(path=str(SHOTS / f"embed-league-{w}x{h}.png"), full_page=True)
        page.goto(f"{server}/embed/series/fall")
        page.screenshot(path=str(SHOTS / f"embed-series-{w}x{h}.png"), full_page=True)
        page.close()


def test_standings_render_inside_an_iframe_of_another_site(
    browser: Any,  # noqa: F811
    server: str,
    club_site: str,
) -> None:
    for w, h in SIZES:
        page = browser.new_page(viewport={"width": w, "height": h})
        page.goto(club_site)
        standings = page.frame_locator("#standings")
        top = standings.locator("#em-standings tbody tr").first.locator("td")
        top.first.wait_for()
        assert [top.nth(i).inner_text() for i in range(3)] == ["1", "Ann", "17"]
        series = page.frame_locator("#series")
        assert "Tuesday $100 Bounty" in series.locator("#em-series").inner_text()
        # the results page is not an embed: the browser refuses to show it in the frame
        framed = page.locator("iframe#results").element_handle().content_frame()
        assert framed is not None
        assert framed.locator("#rs-table").count() == 0
        page.screenshot(path=str(SHOTS / f"club-site-{w}x{h}.png"), full_page=True)
        page.close()
