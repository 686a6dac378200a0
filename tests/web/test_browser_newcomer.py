"""A newcomer's first minutes in a real browser (issue 23, "newcomer trips").

* ``/new``'s "Create the event" is disabled, and says "Getting the form ready…", until the
  page's script has bound it, filled the form and had its first projection back; the first
  tap the page allows creates the event. The scripts and the projection are held back by
  the test (``page.route``), so the early state is seen every run, not by luck of timing.
* ``/favicon.ico`` is served: no page load shows a 404.
* A 6-level event at ``/new`` says its structure ends at level 6, not "end around level 22".

Screenshots at 1024×768 and 390×844 go to ``tests/.artifacts/``.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from .servers import page_sign_in
from .test_browser import ARTIFACTS, PASSWORD, browser, server  # noqa: F401  (fixtures)

pytestmark = [pytest.mark.browser]

SIZES = [(1024, 768), (390, 844)]


def _watch(page: Any) -> list[str]:
    """Page errors and 4xx/5xx answers (``/favicon.ico`` included) of ``page``."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    return errors


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_first_tap_on_create_the_event_creates_it(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
    width: int,
    height: int,
) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page_sign_in(page, server, PASSWORD, "/new")
    page.wait_for_selector("#setup-levels tbody tr")
    errors = _watch(page)

    held_script: list[Any] = []
    held_projection: list[Any] = []

    def hold_script(route: Any) -> None:  # the first load only (not the floor's)
        if held_script:
            route.continue_()
        else:
            held_script.append(route)

    page.route("**/static/vendor/alpine-csp.min.js", hold_script)

    def first_projection(route: Any) -> None:
        if held_projection:
            route.continue_()
        else:
            held_projection.append(route)

    page.route("**/api/structures/project", first_projection)
    page.goto(f"{server}/new", wait_until="commit")
    create = page.locator("#setup-create")
    create.wait_for(state="attached")
    # The HTML is there, its script is not: on main the button was live and a tap did
    # nothing (no handler yet); now it cannot be tapped and says why.
    assert held_script, "the page asked for its script"
    assert create.is_disabled()
    assert create.inner_text() == "Getting the form ready…"
    assert page.locator("#setup-name").is_disabled()  # typing would be wiped by the script
    page.screenshot(path=str(ARTIFACTS / f"newcomer-new-loading-{width}.png"), full_page=True)

    with page.expect_request("**/api/structures/project"):
        held_script[0].continue_()
    # The script runs and asked for the first projection (held): still not ready, as the
    # projected duration will push the buttons down when it comes.
    page.wait_for_function("() => document.querySelector('#setup-levels tbody tr')")
    assert create.is_disabled()
    held_projection[0].continue_()

    # The newcomer types the name and taps as soon as the page lets them: one tap.
    page.fill("#setup-name", "First Tap Friday")  # waits until the field takes input
    create.click()  # waits until the button is enabled: the first tap that can happen
    page.wait_for_url("**/floor")
    tid = page.url.split("/t/")[1].split("/")[0]
    with urllib.request.urlopen(f"{server}/api/tournaments/{tid}", timeout=5) as r:
        assert json.loads(r.read())["name"] == "First Tap Friday"
    page.wait_for_selector("#register-name", state="attached")
    page.screenshot(path=str(ARTIFACTS / f"newcomer-new-created-{width}.png"))
    assert errors == []
    context.close()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_six_level_event_says_its_structure_ends_at_level_6(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
    width: int,
    height: int,
) -> None:
    """The blank event's 6 levels (up to 600/1,200) with 5 tables of 9 (45 entries of
    20,000): the chips come down to 20 big blinds only at level 22, 16 levels past the
    sheet (tests/web/test_event_setup.py works the numbers). The page said "usual end
    around level 22"; it says the structure ends at level 6 and what the clock does then."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": width, "height": height})
    errors = _watch(page)
    page_sign_in(page, server, PASSWORD, "/new")
    page.wait_for_selector("#setup-create:not([disabled])")
    assert page.locator("#setup-levels tbody tr").count() == 6
    duration = page.text_content("#setup-duration") or ""
    assert duration.startswith("6 levels, 2 h 10 min with breaks · the structure ends at level 6")
    assert "about 16 more" in duration
    assert "around level 22" not in duration
    page.locator("#setup-duration").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"newcomer-new-end-{width}.png"))
    # Two tables of 9 (18 entries): 360,000 chips, 20 big blinds at a big blind of 18,000.
    page.fill("#setup-tables", "2")
    page.wait_for_function(
        "() => !document.querySelector('#setup-duration').textContent.includes('16 more')"
    )
    assert "the structure ends at level 6" in (page.text_content("#setup-duration") or "")
    assert errors == []
    page.close()


def test_no_page_load_asks_for_a_missing_favicon(browser: Any, server: str) -> None:  # noqa: F811
    """Every page asked for /favicon.ico and got a 404; now it is served, and linked."""
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    errors = _watch(page)
    icons: list[tuple[int, str]] = []
    page.on(
        "response",
        lambda r: (
            icons.append((r.status, r.headers.get("content-type", "")))
            if r.url.endswith("/favicon.ico")
            else None
        ),
    )
    page.goto(f"{server}/login")
    page.wait_for_load_state("load")
    page_sign_in(page, server, PASSWORD)
    page.wait_for_url(f"{server}/")
    page.wait_for_load_state("load")
    response = page.request.get(f"{server}/favicon.ico")
    assert response.status == 200
    assert response.headers["content-type"] == "image/x-icon"
    assert all(status == 200 for status, _ in icons), icons
    assert errors == []
    page.close()


MEASURE_CHARTS = """async () => {
  const out = [];
  for (const img of document.querySelectorAll('.charts img')) {
    const svg = await (await fetch(img.currentSrc)).text();
    const box = svg.match(/viewBox="0 0 (\\d+) (\\d+)"/);
    const sizes = [...svg.matchAll(/font-size="(\\d+(?:\\.\\d+)?)"/g)].map((m) => Number(m[1]));
    const title = (svg.match(/font-weight="600">([^<]*)</) || [])[1];
    out.push({ src: img.currentSrc, shown: img.getBoundingClientRect().width,
               box: Number(box[1]), smallest: Math.min(...sizes), title });
  }
  return out;
}"""
"""Each chart image: its source, the CSS width it is shown at, its drawing's width and its
smallest text size (drawing units): the text as rendered is smallest × shown / box."""


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1024, 768)])
def test_phone_charts_text_is_readable(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
    width: int,
    height: int,
) -> None:
    """Issue 23: the phone's charts drew 11-unit text in a 720-unit SVG shown about 340 px
    wide: about 5 px. On a 390×844 phone (and a 1024×768 tablet) the smallest chart text
    renders at 12 CSS px or more; during registration the first chart counts entries, not
    "Players left"."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": width, "height": height})
    errors = _watch(page)
    token = page_sign_in(page, server, PASSWORD)
    page.wait_for_url(f"{server}/")
    r = page.request.post(f"{server}/api/demo", headers={"X-CSRF-Token": token})
    assert r.status == 201, r.text()
    tid = r.json()["tournament"]
    page.goto(f"{server}/t/{tid}/player")
    loaded = "(i) => i.complete && i.naturalWidth"
    page.wait_for_function(f"() => [...document.querySelectorAll('.charts img')].every({loaded})")
    charts = page.evaluate(MEASURE_CHARTS)
    assert len(charts) == 2
    for chart in charts:
        rendered = chart["smallest"] * chart["shown"] / chart["box"]
        assert rendered >= 12, chart
        assert "size=narrow" in chart["src"], chart  # phones and tablets: the narrow drawing
    assert charts[0]["title"] == "Entries so far"  # the demo's registration is open
    page.locator(".charts").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"newcomer-phone-charts-{width}.png"))
    assert errors == []
    page.close()
