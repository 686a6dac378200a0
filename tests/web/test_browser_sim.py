"""Simulate in a real browser (issue 15): the director opens "Simulate a night" from home,
types a bad entry count and is told in words which field is wrong (nothing typed is lost),
fixes it, presses Simulate, watches the progress and reads the projection: four answers
with their ranges, the by-level table and both charts drawn. From a demo tournament's floor
console, "Simulate the rest of tonight" answers times of day and leaves the tournament as it
was. Screenshots at 1920×1080, 1024×768 and 390×844 go to ``tests/.artifacts/sim/``.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from .servers import signed_in
from .test_browser import ARTIFACTS, PASSWORD, browser, server  # noqa: F401  (fixtures)

pytestmark = [pytest.mark.browser]

SHOTS = ARTIFACTS / "sim"

SIZES = [(1920, 1080, "tv"), (1024, 768, "tablet"), (390, 844, "phone")]


def _projection(page: Any) -> None:
    """Wait for the projection; fail with the page's own message if the job failed."""
    page.wait_for_function(
        "() => document.querySelector('#sim-result')"
        " || document.querySelector('#sim-message.error')",
        timeout=180_000,
    )
    if not page.is_visible("#sim-result"):
        pytest.fail(f"the simulation failed: {page.text_content('#sim-message')}")


def _charts_drawn(page: Any) -> None:
    """Both chart images loaded (an <img> whose SVG failed has no natural width)."""
    page.wait_for_function(
        "() => ['#sim-chart-players', '#sim-chart-bb'].every((s) => {"
        " const i = document.querySelector(s); return i && i.complete && i.naturalWidth > 0; })"
    )


@pytest.mark.parametrize(("width", "height", "label"), SIZES)
def test_simulate_a_night(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
    width: int,
    height: int,
    label: str,
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page, errors = signed_in(browser, server, PASSWORD, width, height)
    page.click("#simulate-link")
    page.wait_for_url("**/simulate")
    page.select_option("#sim-template", "fox_120")
    assert "30 tables of 10" in page.text_content("label:has(#sim-entries)")
    page.fill("#sim-entries", "1")
    page.fill("#sim-runs", "4")
    page.fill("#sim-rate-late", "40")
    page.click("#sim-start")
    page.wait_for_selector("#sim-problems li")
    problems = page.text_content("#sim-problems")
    assert "Entries: type a whole number from 2 to 300" in problems
    assert "--" not in problems  # no CLI flags
    assert page.input_value("#sim-rate-late") == "40"  # nothing typed is lost
    assert page.input_value("#sim-runs") == "4"
    assert "bad" in (page.get_attribute("label:has(#sim-entries)", "class") or "")
    if label == "tablet":
        page.screenshot(path=str(SHOTS / f"simulate-problem-{label}.png"), full_page=True)
    errors.clear()  # the 422 above was the point
    page.fill("#sim-entries", "120")
    page.click("#sim-start")
    _projection(page)
    assert not page.is_visible("#sim-problems")
    money = page.text_content("#sim-fig-money")
    assert "10–90 %" in money
    assert "level" in money
    assert " h " in page.text_content("#sim-fig-end")
    assert "4 simulated nights" in page.text_content("#sim-result h2")
    rows = page.locator("#sim-levels tbody tr")
    assert rows.count() >= 10
    assert rows.nth(0).locator("td").nth(0).text_content() == "1"
    _charts_drawn(page)
    svg = page.evaluate(
        "async () => (await fetch(document.querySelector('#sim-chart-players').src)).text()"
    )
    assert 'class="band"' in svg
    page.screenshot(path=str(SHOTS / f"simulate-{label}.png"), full_page=True)
    assert errors == []
    page.close()


def test_simulate_the_rest_of_tonight(server: str, browser: Any) -> None:  # noqa: F811
    SHOTS.mkdir(parents=True, exist_ok=True)
    page, errors = signed_in(browser, server, PASSWORD, 1024, 768)
    page.click("#demo-button")
    page.wait_for_url("**/floor")
    tid = page.url.split("/t/")[1].split("/")[0]
    with urllib.request.urlopen(f"{server}/api/tournaments/{tid}", timeout=5) as r:
        before = json.loads(r.read())["seq"]
    page.click("#simulate-rest-link")
    page.wait_for_url(f"**/t/{tid}/simulate")
    assert page.is_visible("#sim-template") is False  # the live event's own setup
    page.fill("#sim-runs", "3")
    page.click("#sim-start")
    _projection(page)
    assert "The rest of tonight: 3 simulated finishes" in page.text_content("#sim-result h2")
    end = page.text_content("#sim-fig-end")
    assert "around" in end
    assert "Projected end" in end
    _charts_drawn(page)
    page.screenshot(path=str(SHOTS / "simulate-rest-tablet.png"), full_page=True)
    with urllib.request.urlopen(f"{server}/api/tournaments/{tid}", timeout=5) as r:
        assert json.loads(r.read())["seq"] == before  # the live tournament is unchanged
    assert errors == []
    page.close()


def test_a_horse_night_counts_big_bets(server: str, browser: Any) -> None:  # noqa: F811
    """Issue 28: a HORSE night's by-level table counts the average stack in big bets, as the
    TV does (``big_blind`` is a limit level's small bet): limit hold'em 100/200 at level 1
    with 16 entries of 15,000 reads 75 big bets, not 150; the chart's title says big bets.
    Screenshots at the three sizes."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page, errors = signed_in(browser, server, PASSWORD, 1024, 768)
    page.click("#simulate-link")
    page.wait_for_url("**/simulate")
    page.select_option("#sim-template", "horse")
    page.fill("#sim-entries", "16")
    page.fill("#sim-runs", "1")
    page.fill("#sim-rate-late", "0")
    page.click("#sim-start")
    _projection(page)
    head = page.locator("#sim-levels thead th").nth(4)
    assert head.inner_text().strip() == "Avg big bets"
    first = page.locator("#sim-levels tbody tr").nth(0).locator("td")
    assert "Limit hold'em 100/200" in (first.nth(1).text_content() or "")
    assert (first.nth(4).locator("b").text_content() or "").strip() == "75"
    _charts_drawn(page)
    svg = page.evaluate(
        "async () => (await fetch(document.querySelector('#sim-chart-bb').src)).text()"
    )
    assert "Average stack in big bets by level" in svg
    for width, height, label in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(SHOTS / f"simulate-horse-{label}.png"), full_page=True)
        page.locator(".sim-levels-card").screenshot(path=str(SHOTS / f"horse-levels-{label}.png"))
    assert errors == []
    page.close()
