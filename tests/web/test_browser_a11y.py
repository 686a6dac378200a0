"""Every page at every role passes axe-core's WCAG 2 A/AA rules in chromium (issue 27, point 5).

``pokertd serve`` runs on a fresh SQLite file holding a running night (the demo: 60 players
seated, clock running, a few busts), a league whose season counts it, a series that lists it,
a flighted event and a Kojack night taking sign-ups. Then every HTML page the router serves
(the list is read from the app: a new page fails here until it is added) is opened by each
audience — the director, a floor account, a dealer (after the table's PIN) and a signed-out
phone — and axe-core (``axe-playwright-python``, which bundles ``axe.min.js``: no network)
runs with the tags ``wcag2a wcag2aa wcag21a wcag21aa``. A staff page opened by someone who
may not read it shows the sign-in or the refusal page: that page is checked too.

Then the states that only appear after an action: the console's tabs, its seat sheet and
dialogs, the moves prompt, hand-for-hand, the break, a refusal shown in the toast.

The counts per page are written to ``tests/.artifacts/axe-report.json`` (the table in
``docs/accessibility.md`` was measured with it).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe

from pokertd.app.accounts import AccountService
from pokertd.roles import Role

from .conftest import FAST_HASHER
from .servers import api_one_of_everything, api_sign_in, running_server
from .test_browser import ARTIFACTS, CHROMIUM, browser
from .test_browser_csp import REDIRECTS, html_pages

__all__ = ["browser"]  # the module-scoped chromium, shared with test_browser

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(), reason=f"chromium is not installed at {CHROMIUM}"
    ),
]

PASSWORD = "a11y-every-page-1"
FLOOR_PASSWORD = "a11y-floor-pass-1"
LEAGUE, SERIES = "a11y-league", "a11y-series"

WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
"""WCAG 2.0 and 2.1, levels A and AA: the tags the issue names."""
AXE_OPTIONS = {"runOnly": {"type": "tag", "values": WCAG_TAGS}, "resultTypes": ["violations"]}

AXE = Axe()

AXE_CONTEXT = {"exclude": [["#ed-preview"]]}
"""The layout editor's preview is the TV drawn in miniature (white on the layout's dark
background, about 17:1); axe-core reads the page's light background behind its
size-contained panels and reports 1.07:1, which a person never sees. The wall screen itself
(``/screen/{name}``) is checked with the same renderer."""


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """axe-core's WCAG 2 A/AA violations on ``page`` as it is now: rule id, impact, and for
    each offending element its selector and axe's own summary."""
    found: list[dict[str, Any]] = AXE.run(page, context=AXE_CONTEXT, options=AXE_OPTIONS).response[
        "violations"
    ]
    return [
        {
            "id": v["id"],
            "impact": v["impact"],
            "nodes": [
                {"target": n["target"], "summary": n.get("failureSummary", "")} for n in v["nodes"]
            ],
        }
        for v in found
    ]


def node_count(violations: list[dict[str, Any]]) -> int:
    """How many elements fail (one rule failing on 18 inputs counts 18)."""
    return sum(len(v["nodes"]) for v in violations)


def described(where: str, violations: list[dict[str, Any]]) -> list[str]:
    """One line per failing element, readable in a pytest failure."""
    return [
        f"{where}: {v['id']} ({v['impact']}) {n['target']}: {n['summary'][:200]}"
        for v in violations
        for n in v["nodes"]
    ]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """A server with one of everything and a floor account; the ids the pages need."""
    db = tmp_path_factory.mktemp("a11y") / "a11y.db"
    with running_server(db, PASSWORD) as base, httpx.Client(timeout=30) as client:
        users = AccountService(f"sqlite:///{db}", hasher=FAST_HASHER)
        users.add("floor1", FLOOR_PASSWORD, Role.FLOOR)
        users.close()
        h = api_sign_in(client, base, PASSWORD)
        ids = api_one_of_everything(client, base, h, LEAGUE, SERIES)
        # a night under way: two busts at table 1 (the dealer's: empty seats on the dealer
        # view and the map), busts in the log and on the boards
        staff = client.get(f"{base}/api/tournaments/{ids['tid']}/staff").json()
        first = next(t for t in staff["tables"] if t["table"] == 1)
        for seat in first["seats"][:2]:
            r = client.post(
                f"{base}/api/tournaments/{ids['tid']}/commands/bust",
                json={"players": [seat["name"]]},
                headers=h,
            )
            assert r.status_code == 200, r.text
        yield ids


def _paths(site: dict[str, str]) -> dict[str, str]:
    """Each page route and the URL that opens it with content."""
    tid, signups = site["tid"], site["signups"]
    return {
        "/": "/",
        "/login": "/login",
        "/new": "/new",
        "/t/{tid}/floor": f"/t/{tid}/floor",
        "/t/{tid}/tv": f"/t/{tid}/tv",
        "/lobby": "/lobby",
        "/t/{tid}/player": f"/t/{tid}/player",
        "/t/{tid}/print/{kind}": f"/t/{tid}/print/seats",
        "/players": "/players",
        "/t/{tid}/mail": f"/t/{tid}/mail",
        "/leagues": "/leagues",
        "/leagues/{league}": f"/leagues/{LEAGUE}",
        "/leagues/{league}/admin": f"/leagues/{LEAGUE}/admin",
        "/series": "/series",
        "/series/{series}": f"/series/{SERIES}",
        "/series/{series}/admin": f"/series/{SERIES}/admin",
        "/simulate": "/simulate",
        "/t/{tid}/simulate": f"/t/{tid}/simulate",
        "/docs": "/docs",
        "/t/{tid}/dealer/{table}": f"/t/{tid}/dealer/1",
        "/t/{tid}/signup": f"/t/{signups}/signup",
        "/t/{tid}/signups": f"/t/{signups}/signups",
        "/s/{tid}/{token}": urlsplit(site["link"]).path,
        "/t/{tid}/results": f"/t/{tid}/results",
        "/embed/leagues/{league}": f"/embed/leagues/{LEAGUE}",
        "/embed/series/{series}": f"/embed/series/{SERIES}",
        "/screens": "/screens",
        "/screens/editor": "/screens/editor",
        "/screen/{name}": "/screen/a11y-tv",
    }


def _more(site: dict[str, str]) -> list[str]:
    """The same routes with other content: every printout, the TV's other layout."""
    tid = site["tid"]
    kinds = ("receipts", "payouts", "results", "moves", "bags")
    return [*(f"/t/{tid}/print/{k}" for k in kinds), f"/t/{tid}/tv?layout=payouts"]


def _sign_in(page: Any, base: str, name: str, password: str) -> None:
    page.goto(f"{base}/login")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", password)
    page.click("button.primary")
    page.wait_for_url(f"{base}/")


def _settle(page: Any) -> None:
    """Let the page's scripts draw it (Alpine, the first push) before axe looks."""
    page.wait_for_load_state("load")
    page.wait_for_timeout(400)


def test_every_page_at_every_role_has_no_wcag_violation(site: dict[str, str], browser: Any) -> None:
    base = site["base"]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    paths = _paths(site)
    assert html_pages() - set(REDIRECTS) == set(paths), "a page is missing from this tour"
    urls = [*paths.values(), *_more(site)]
    report: dict[str, dict[str, Any]] = {}
    problems: list[str] = []

    def tour(role: str, page: Any) -> None:
        for url in urls:
            page.goto(base + url)
            _settle(page)
            found = axe_violations(page)
            key = f"{role} {url}"
            report[key] = {
                "shown": page.url.removeprefix(base),
                "rules": {v["id"]: len(v["nodes"]) for v in found},
                "elements": node_count(found),
                "where": described(key, found),
            }
            problems.extend(described(key, found))

    for role, who in (("director", ("director", PASSWORD)), ("floor", ("floor1", FLOOR_PASSWORD))):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        _sign_in(page, base, *who)
        tour(role, page)
        context.close()

    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    tour("public", page)
    page.goto(f"{base}/t/{site['tid']}/dealer/1")
    page.fill("input[name=pin]", site["pin"])
    page.click("button.primary")
    page.wait_for_selector(".dealer-seats")
    tour("dealer", page)
    context.close()

    (ARTIFACTS / "axe-report.json").write_text(json.dumps(report, indent=1), encoding="utf-8")
    assert not problems, "\n".join(problems)


def _demo(page: Any, base: str) -> tuple[str, str]:
    """A fresh demo night (60 seated, clock running) from the signed-in ``page``: its id and
    the CSRF token."""
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "pokertd_csrf")
    r = page.request.post(f"{base}/api/demo", headers={"X-CSRF-Token": token})
    assert r.status == 201, r.text()
    return str(r.json()["tournament"]), str(token)


def _run(page: Any, base: str, token: str, tid: str, name: str, body: dict[str, Any]) -> None:
    r = page.request.post(
        f"{base}/api/tournaments/{tid}/commands/{name}",
        data=json.dumps(body),
        headers={"X-CSRF-Token": token, "Content-Type": "application/json"},
    )
    assert r.status == 200, r.text()


NIGHTS = itertools.count(1)
"""Numbers the nights :func:`_night` builds on the module's one server."""


def _night(page: Any, base: str) -> tuple[str, str]:
    """A night whose moves do not hang on a random draw: 40 players on four full tables of
    the demo's template, each button placed by the floor at the table's seat 1 (the demo
    draws them by high card, C2), clock running. Its id and the CSRF token. Busting seats
    4-6 of table 1 (not next hand's blinds there, C6) makes one balancing move due at once."""
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "pokertd_csrf")
    r = page.request.post(
        f"{base}/api/tournaments",
        data=json.dumps({"name": "Keyboard night", "template": "fox_wed_80"}),
        headers={"X-CSRF-Token": token, "Content-Type": "application/json"},
    )
    assert r.status in (200, 201), r.text()
    tid = str(r.json()["tournament"])
    night = next(NIGHTS)  # one server, several nights: a player is alive in one (FOX-REG5)
    for n in range(1, 41):
        body = {"name": f"Guest {night}-{n:02d}", "member": f"N{night}C{n:03d}", "age_ok": True}
        _run(page, base, token, tid, "register", body)
    _run(page, base, token, tid, "draw_seats", {})
    for t in _staff(page, base, tid)["tables"]:
        assert len(t["seats"]) == 10, t
        _run(page, base, token, tid, "place_button", {"table": t["table"], "seat": 1})
    _run(page, base, token, tid, "start_clock", {})
    return tid, str(token)


def _seat(page: Any, base: str, tid: str, table: int, seat: int) -> dict[str, Any]:
    """The seat ``seat`` of ``table`` in the staff view."""
    t = next(t for t in _staff(page, base, tid)["tables"] if t["table"] == table)
    found: dict[str, Any] = next(s for s in t["seats"] if s["seat"] == seat)
    return found


def _staff(page: Any, base: str, tid: str) -> dict[str, Any]:
    data: dict[str, Any] = page.request.get(f"{base}/api/tournaments/{tid}/staff").json()
    return data


def test_states_after_actions_have_no_wcag_violation(site: dict[str, str], browser: Any) -> None:
    """The console's tabs, its seat sheet (and "several out in one hand"), the moves prompt,
    a refusal in the toast, hand-for-hand and a break, on the console, the dealer's phone
    and the TV: what only shows after an action is checked too."""
    base = site["base"]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    _sign_in(page, base, "director", PASSWORD)
    tid, token = _night(page, base)
    problems: list[str] = []

    def check(where: str) -> None:
        page.wait_for_timeout(300)
        problems.extend(described(where, axe_violations(page)))

    page.goto(f"{base}/t/{tid}/floor")
    page.wait_for_selector("#table-map .table-box")
    for tab in ("players", "clock", "money", "log", "ruling", "tables"):
        page.click(f"#tab-{tab}")
        check(f"console tab {tab}")
    page.click("#table-1 button.seat[data-seat='4']")
    page.wait_for_selector("#seat-sheet", state="visible")
    check("seat sheet")
    page.click("#same-hand-open")
    check("several out in one hand")
    page.keyboard.press("Escape")
    page.wait_for_selector("#seat-sheet", state="hidden")
    for n in (4, 5, 6):  # three out at table 1: a balancing move is due
        _run(page, base, token, tid, "bust", {"players": [_seat(page, base, tid, 1, n)["name"]]})
    page.wait_for_selector("#confirm-due", state="visible")
    check("moves prompt")
    # a refusal shown: bust somebody who is not in the event, from "Any command"
    page.click("#tab-log")
    page.click("#page-log summary")
    page.select_option("#page-log form.generic select", "bust")
    page.fill("#page-log form.generic input", '["Nobody Here"]')
    page.click("#page-log form.generic button.primary")
    page.wait_for_selector("#toast.error", state="visible")
    check("refusal in the toast")
    _run(page, base, token, tid, "hand_for_hand", {"on": True})
    page.click("#tab-tables")
    page.wait_for_selector("#floor-hfh", state="visible")
    check("console hand-for-hand")
    page.goto(f"{base}/t/{tid}/dealer/1")  # a staff session reads any table's dealer view
    page.wait_for_selector(".hfh:has-text('Hand for hand')", state="visible")
    check("dealer hand-for-hand")
    page.goto(f"{base}/t/{tid}/tv")
    page.wait_for_selector(".hfh", state="visible")
    check("TV hand-for-hand")
    _run(page, base, token, tid, "hand_for_hand", {"on": False})
    for _ in range(8):  # on to the first break
        _run(page, base, token, tid, "next_level", {})
        if page.request.get(f"{base}/api/tournaments/{tid}").json()["clock"]["on_break"]:
            break
    page.goto(f"{base}/t/{tid}/tv")
    page.wait_for_selector("text=BREAK")
    check("TV on break")
    page.goto(f"{base}/t/{tid}/floor#clock")
    page.wait_for_selector("#page-clock", state="visible")
    check("console clock on break")
    pin = page.request.get(f"{base}/api/tournaments/{tid}/tables/1/pin").json()["pin"]
    context.clear_cookies()
    page.goto(f"{base}/t/{tid}/dealer/1")
    check("dealer PIN form")
    page.fill("input[name=pin]", pin)
    page.click("button.primary")
    page.wait_for_selector(".dealer-seats")
    check("dealer view on break, empty seats")
    context.close()
    assert not problems, "\n".join(problems)


IN_SHEET = "() => document.getElementById('seat-sheet').contains(document.activeElement)"
"""The focus is inside the seat sheet."""


def _tab_to(page: Any, selector: str, *, limit: int = 200, back: bool = False) -> None:
    """Press Tab (Shift+Tab with ``back``) until the focus is on ``selector``."""
    for _ in range(limit):
        if page.evaluate(f"() => document.activeElement.matches({selector!r})"):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    pytest.fail(f"Tab never reached {selector}")


def test_console_by_keyboard_alone_busts_moves_and_undoes(
    site: dict[str, str], browser: Any
) -> None:
    """Bust a player, confirm the table move that follows and undo it with the keyboard
    alone (Tab, Enter, Escape and the console's keys), each result read back from the API."""
    base = site["base"]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    _sign_in(page, base, "director", PASSWORD)
    tid, token = _night(page, base)
    for n in (4, 5):  # two out already: the third bust makes a move due
        _run(page, base, token, tid, "bust", {"players": [_seat(page, base, tid, 1, n)["name"]]})
    assert not (_staff(page, base, tid)["moves_due"] or {}).get("moves")
    alive = _staff(page, base, tid)["status"]["alive"]
    page.goto(f"{base}/t/{tid}/floor")
    page.wait_for_selector("#table-1 button.seat")
    page.wait_for_timeout(300)
    victim = _seat(page, base, tid, 1, 6)

    # the keys are written on the page: "?" opens the list
    page.keyboard.press("?")
    assert page.locator("#keys-help").evaluate("d => d.open")
    assert "Escape" in page.inner_text("#keys-help")
    page.keyboard.press("?")

    # Tab to the victim's seat, Enter: the sheet opens with the focus inside it
    page.keyboard.press("/")
    _tab_to(page, f"#table-1 button.seat[data-seat='{victim['seat']}']")
    ring = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert ring != "none"  # the focus is visible
    page.keyboard.press("Enter")
    page.wait_for_selector("#seat-sheet", state="visible")
    assert page.evaluate(IN_SHEET)
    # Escape closes it and gives the focus back to the seat
    page.keyboard.press("Escape")
    page.wait_for_selector("#seat-sheet", state="hidden")
    assert page.evaluate("() => document.activeElement.dataset.seat") == str(victim["seat"])
    page.keyboard.press("Enter")
    page.wait_for_selector("#seat-sheet", state="visible")
    # Tab stays inside the sheet: many presses never leave it
    for _ in range(12):
        page.keyboard.press("Tab")
        assert page.evaluate(IN_SHEET)
    _tab_to(page, "#bust-confirm", limit=20)
    with page.expect_response(lambda r: r.url.endswith("/commands/bust")) as resp:
        page.keyboard.press("Enter")
    assert resp.value.status == 200, resp.value.text()
    page.wait_for_selector("#seat-sheet", state="hidden")
    view = _staff(page, base, tid)
    assert view["status"]["alive"] == alive - 1
    assert victim["name"] not in [s["name"] for t in view["tables"] for s in t["seats"]]
    assert page.evaluate("() => document.activeElement.classList.contains('seat')")

    # the move the rules now require: "m" goes to its confirm, Enter makes it
    due = view["moves_due"]["moves"]
    assert len(due) == 1, view["moves_due"]
    mover = due[0]["name"]
    page.wait_for_selector("#confirm-due", state="visible")
    page.keyboard.press("m")
    assert page.evaluate("() => document.activeElement.id") == "confirm-due"
    with page.expect_response(lambda r: r.url.endswith("/commands/confirm_plan")) as resp:
        page.keyboard.press("Enter")
    assert resp.value.status == 200, resp.value.text()
    seated = {s["name"]: t["table"] for t in _staff(page, base, tid)["tables"] for s in t["seats"]}
    assert seated[mover] == due[0]["to_table"]
    # the console has the move's push (its prompt is gone): "u" now undoes the move itself
    page.wait_for_selector("#confirm-due", state="hidden")

    # "u": the Undo button (Log tab), Enter takes the move back
    page.keyboard.press("u")
    page.wait_for_selector("#undo", state="visible")
    assert page.evaluate("() => document.activeElement.id") == "undo"
    with page.expect_response(lambda r: r.url.endswith("/commands/undo")) as resp:
        page.keyboard.press("Enter")
    assert resp.value.status == 200, resp.value.text()
    seated = {s["name"]: t["table"] for t in _staff(page, base, tid)["tables"] for s in t["seats"]}
    assert seated[mover] == due[0]["from_table"]
    assert len(_staff(page, base, tid)["moves_due"]["moves"]) == 1  # due again

    # the tabs: Left/Right move between them
    _tab_to(page, "#tab-log", back=True)
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.id") == "tab-ruling"
    page.wait_for_selector("#page-ruling", state="visible", timeout=5_000)
    page.keyboard.press("Home")
    assert page.evaluate("() => document.activeElement.id") == "tab-tables"
    context.close()


def test_tv_shows_what_it_says(site: dict[str, str], browser: Any) -> None:
    """The TV's tones and speech have a visual equivalent (WCAG 1.2): a level change shows
    the spoken words ("Level 2. Blinds …") and the one-minute warning its sentence, in a
    status banner that stays up; with reduced motion the screen does not flash."""
    base = site["base"]
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, reduced_motion="reduce")
    page = context.new_page()
    _sign_in(page, base, "director", PASSWORD)
    tid, token = _demo(page, base)
    page.goto(f"{base}/t/{tid}/tv")
    page.wait_for_function("() => !document.getElementById('tv-time').innerText.includes('–')")
    assert page.is_hidden("#tv-cue")
    _run(page, base, token, tid, "next_level", {})
    level = page.request.get(f"{base}/api/tournaments/{tid}").json()["clock"]["level"]
    cue = page.locator("#tv-cue")
    cue.wait_for(state="visible")
    words = cue.inner_text()
    assert words.startswith(f"Level {level['level']}. Blinds "), words
    assert cue.get_attribute("role") == "status"
    assert (
        page.evaluate("() => getComputedStyle(document.querySelector('.tv-screen')).animationName")
        == "none"
    )
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "a11y_tv_cue_1920x1080.png"))
    page.wait_for_timeout(4000)  # still up after the 3 s flash
    assert cue.is_visible()
    # one minute left: the sentence it speaks is on the screen too
    left = page.request.get(f"{base}/api/tournaments/{tid}").json()["clock"]["seconds_left"]
    _run(page, base, token, tid, "adjust_clock", {"seconds": 59 - int(left)})
    page.wait_for_function(
        "() => document.getElementById('tv-cue').innerText === 'One minute left in this level.'"
    )
    context.close()


SIZES = ((1920, 1080), (1024, 768), (390, 844))


def test_changed_screens_at_three_sizes(site: dict[str, str], browser: Any) -> None:
    """Screenshots of the screens this work changed, for a person to look at: the console
    with its keyboard list open and a seat focused, the dealer's empty seats, ``/new``'s
    levels and the TV's words banner, at 1920x1080, 1024x768 and 390x844."""
    base, tid = site["base"], site["tid"]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    _sign_in(page, base, "director", PASSWORD)
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.goto(f"{base}/t/{tid}/floor")
        page.wait_for_selector("#table-1 button.seat")
        page.keyboard.press("?")
        page.keyboard.press("/")
        _tab_to(page, "#table-1 button.seat:not([disabled])")
        page.screenshot(path=str(ARTIFACTS / f"a11y_console_{w}x{h}.png"))
        page.locator("#keys-help").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"a11y_console_keys_{w}x{h}.png"))
        page.goto(f"{base}/new")
        page.wait_for_selector("#setup-levels input")
        page.locator("#setup-levels").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"a11y_new_levels_{w}x{h}.png"))
        page.goto(f"{base}/t/{tid}/dealer/1")
        page.wait_for_selector(".dealer-seats li.empty")
        page.screenshot(path=str(ARTIFACTS / f"a11y_dealer_{w}x{h}.png"), full_page=True)
        page.goto(f"{base}/t/{tid}/tv")
        page.wait_for_selector("#tv-time")
        page.evaluate(
            "() => window.Alpine.$data(document.querySelector('.tv-screen'))"
            ".showCue('Level 2. Blinds 200, 400. Ante 400.')"
        )
        page.wait_for_selector("#tv-cue", state="visible")
        page.screenshot(path=str(ARTIFACTS / f"a11y_tv_cue_{w}x{h}.png"))
    context.close()
