"""Small pushes for the floor console and phones (issue 12, performance: send what changed).

The push is an RFC 7386 merge patch extended for arrays (``{"@array": ops}``, see
:func:`pokertd.web.hub.merge_diff`): a bust in a 500-player event changes one row of the
staff view's player list, one seat of one table, a few log lines; the staff push says that
and no more. Checked here: the array ops rebuild the new array for arbitrary edits of long
lists (hypothesis), a real 500-player staff stream's bust patch is under 20 KB (the whole
staff view is over 300 KB) and rebuilds the view a new connection gets, and the page's twin
(``pokertd.mergePatch`` in ``static/app.js``, run in chromium) gives what
:func:`~pokertd.web.hub.merge_apply` gives.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from playwright import sync_api

from pokertd.app.screens import PUBLIC_KEYS
from pokertd.app.tournaments import open_service
from pokertd.tournament.clock import StartClock
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, Register
from pokertd.tournament.seating import DrawSeats
from pokertd.tournament.templates import load_template
from pokertd.web.hub import ARRAY_OPS, merge_apply, merge_diff

from .conftest import Env
from .servers import running_server

CHROMIUM = "/usr/bin/chromium"
APP_JS = Path(__file__).parents[2] / "src" / "pokertd" / "web" / "static" / "app.js"

STAFF_PATCH_LIMIT = 20_000
"""Bytes a bust's staff push may take for 500 players (it was ~313 KB, the whole lists)."""

ROW = st.fixed_dictionaries(
    {
        "id": st.integers(0, 10_000),
        "name": st.text(max_size=6),
        "place": st.none() | st.integers(1, 500),
        "seats": st.lists(st.integers(1, 10), max_size=4),
    }
)
EDITS = st.lists(
    st.tuples(st.sampled_from(["insert", "delete", "change", "null"]), st.integers(0, 60), ROW),
    max_size=6,
)


def _edit(rows: list[dict[str, Any]], edits: list[tuple[str, int, dict[str, Any]]]) -> list[Any]:
    """``rows`` after ``edits`` (each at an index modulo the length)."""
    out = [dict(r) for r in rows]
    for kind, at, row in edits:
        if kind == "insert":
            out.insert(at % (len(out) + 1), row)
        elif out and kind == "delete":
            del out[at % len(out)]
        elif out and kind == "change":
            out[at % len(out)] = {**out[at % len(out)], "name": row["name"], "seats": row["seats"]}
        elif out and kind == "null":  # a member becomes null: only a whole element can say it
            out[at % len(out)] = {**out[at % len(out)], "place": None}
    return out


@settings(max_examples=300, deadline=None)
@given(st.lists(ROW, min_size=0, max_size=40), EDITS, st.booleans())
def test_array_ops_rebuild_a_long_list_after_any_edits(
    rows: list[dict[str, Any]], edits: list[tuple[str, int, dict[str, Any]]], slide: bool
) -> None:
    """Inserts, deletes, changed rows, members that become null, a window that slides on
    (the log's newest lines): applying the diff gives the new list, and the diff of a long
    list with one changed row is that row, not the list."""
    new = _edit(rows, edits)
    if slide:
        new = [*new[2:], {"id": -1, "name": "new", "place": None, "seats": []}]
    a, b = {"rows": rows, "n": len(rows)}, {"rows": new, "n": len(new)}
    patch = merge_diff(a, b)
    assert merge_apply(a, patch) == b
    assert json.loads(json.dumps(patch)) == patch
    if len(rows) >= 20 and not edits and not slide:
        assert patch == {}
    if len(rows) >= 20:
        one = [dict(r) for r in rows]
        one[7] = {**one[7], "name": one[7]["name"] + "x"}
        small = merge_diff({"rows": rows}, {"rows": one})
        assert small == {"rows": {ARRAY_OPS: [[7, {"name": one[7]["name"]}]]}}


def test_array_ops_say_a_removed_seat_and_a_slid_window_in_a_few_bytes() -> None:
    """The shapes a bust makes: one seat gone from one table of 50, and a log of the
    newest 200 lines that moves on by one."""
    seats = [[{"seat": s, "name": f"P{t}-{s}"} for s in range(1, 11)] for t in range(1, 51)]
    tables = [{"table": t, "seats": row} for t, row in enumerate(seats, 1)]
    after = [dict(t) for t in tables]
    after[9] = {**after[9], "seats": [s for s in seats[9] if s["seat"] != 4]}
    patch = merge_diff({"tables": tables}, {"tables": after})
    assert patch == {"tables": {ARRAY_OPS: [[9, {"seats": {ARRAY_OPS: [[3, 1, []]]}}]]}}
    log = [{"seq": n, "text": f"event {n}"} for n in range(1, 201)]
    moved = [*log[1:], {"seq": 201, "text": "event 201"}]
    patch = merge_diff({"log": log}, {"log": moved})
    assert patch == {"log": {ARRAY_OPS: [[0, 1, []], [199, 0, [moved[-1]]]]}}
    # short arrays stay plain RFC 7386 (replaced whole): shorter than any ops
    assert merge_diff({"x": [1, 2]}, {"x": [1, 2, 3]}) == {"x": [1, 2, 3]}


def _big_event(env: Env, players: int) -> str:
    """A ``players`` event, seats drawn (tables of nine), clock running, built through the
    service."""
    tmpl = load_template("fox_wed_80").with_changes(tables=-(-players // 9) + 2, seats_per_table=9)
    tid = env.service.create(CreateTournament(name="Stream size", template=tmpl), actor="test")
    for i in range(players):
        reg = Register(name=f"Size Player {i:03d}", member=f"S{i:03d}", age_ok=True)
        env.service.run(tid, reg, actor="test")
    env.service.run(tid, DrawSeats(), actor="test")
    env.service.run(tid, StartClock(), actor="test")
    return tid


TIMING = ("server_time", "wake_in")
TIMING_CLOCK = ("at", "seconds_left", "next_break_in", "registration_closes_in", "play_seconds")


def _timeless(view: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in view.items() if k not in TIMING}
    out["clock"] = {k: v for k, v in (out.get("clock") or {}).items() if k not in TIMING_CLOCK}
    return out


def _frames(env: Env, url: str, count: int, then: threading.Timer) -> list[tuple[str, str]]:
    """``(event, data)`` of the first ``count`` SSE events of ``url`` (data as sent)."""
    out: list[tuple[str, str]] = []
    kind = ""
    with env.client.stream("GET", url) as r:
        assert r.status_code == 200
        then.start()
        for line in r.iter_lines():
            if line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("data: ") and kind != "hello":  # the protocol's version
                out.append((kind, line[6:]))
                if len(out) == count:
                    break
    then.join()
    return out


def test_a_bust_in_a_500_player_event_is_a_staff_push_under_20_kb(env: Env) -> None:
    """The staff stream (floor console) of 500 players: the whole view is over 300 KB; the
    push after a bust is under 20 KB, and the views it rebuilds equal a new connection's.
    The public push of the same bust is under 2 KB (it was ~3.7 KB with 20 result rows)."""
    tid = _big_event(env, 500)
    env.login()
    staff = env.client.get(f"/api/tournaments/{tid}/staff").json()
    names = [p["name"] for p in staff["players"]]
    for name in names[100:125]:  # 25 finishers: the public push carries 20 result rows
        env.service.run(tid, Bust(players=(name,)), actor="test")

    def bust() -> None:
        env.service.run(tid, Bust(players=(names[7],)), actor="test")

    for audience, limit in (("staff", STAFF_PATCH_LIMIT), ("public", 2_000)):
        timer = threading.Timer(0.3, bust if audience == "staff" else _bust_next(env, tid, names))
        url = f"/api/tournaments/{tid}/stream?audience={audience}&limit=2"
        (k1, whole), (k2, push) = _frames(env, url, 2, timer)
        assert (k1, k2) == ("snapshot", "patch")
        assert len(push) < limit, (audience, len(push))
        model = merge_apply(json.loads(whole), json.loads(push)["patch"])
        ((_, fresh),) = _frames(env, f"{url[:-1]}1", 1, threading.Timer(0, lambda: None))
        assert _timeless(model) == _timeless(json.loads(fresh))
        if audience == "staff":
            assert len(whole) > 300_000
            assert len(model["players"]) == 500
            assert sum(t["players"] for t in model["tables"]) == 500 - 26
        else:
            assert set(model) <= set(PUBLIC_KEYS) | {"players", "tables"}
            assert len(model["results"]["rows"]) == 20


def _bust_next(env: Env, tid: str, names: list[str]) -> Any:
    def bust() -> None:
        env.service.run(tid, Bust(players=(names[8],)), actor="test")

    return bust


MERGE_JS = """(cases) => cases.map(([a, p]) => window.pokertd.mergePatch(a, p))"""


@pytest.mark.browser
@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"chromium is not at {CHROMIUM}")
def test_the_pages_merge_patch_is_the_servers_twin() -> None:
    """``pokertd.mergePatch`` (app.js, what every page runs) gives for each diff what
    ``merge_apply`` gives: list edits of every kind, nested arrays, null members."""
    rows = [{"id": i, "name": f"P{i}", "place": None, "seats": [i % 10]} for i in range(30)]
    edits: list[list[tuple[str, int, dict[str, Any]]]] = [
        [("insert", 3, {"id": 99, "name": "N", "place": 30, "seats": []})],
        [("delete", 0, rows[0]), ("delete", 17, rows[0])],
        [("change", 5, {"id": 0, "name": "C", "place": None, "seats": [1, 2]})],
        [("null", 4, rows[0]), ("insert", 40, rows[2])],
        [("change", i, {"id": 0, "name": f"c{i}", "place": 1, "seats": []}) for i in range(20)],
    ]
    cases = []
    for edit in edits:
        a = {"rows": [{**r, "place": 5} for r in rows], "keep": {"x": [1, 2]}}
        b = {"rows": _edit(rows, edit), "keep": {"x": [1, 2, 3]}}
        cases.append((a, merge_diff(a, b), b))
    log = [{"seq": n} for n in range(200)]
    cases.append(({"log": log}, merge_diff({"log": log}, {"log": log[3:]}), {"log": log[3:]}))
    assert any(ARRAY_OPS in json.dumps(p) for _, p, _ in cases)
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            page = browser.new_page()
            page.set_content("<html><body></body></html>")
            page.add_script_tag(content=APP_JS.read_text())
            got = page.evaluate(MERGE_JS, [[a, p] for a, p, _ in cases])
        finally:
            browser.close()
    for (a, p, b), js in zip(cases, got, strict=True):
        assert merge_apply(a, p) == b
        assert js == b


def test_FOX_73_J4_the_staff_view_says_whether_deals_wait_for_the_director(
    env: Env, tid: str
) -> None:
    """The console's "Allow deals" button reads ``deals`` of the staff view (not a flag of
    one tablet): at Foxwoods (house discretion, FOX-73) a deal needs the director's yes
    until it is given; the public view never carries it."""
    headers = env.login()
    url = f"/api/tournaments/{tid}/staff"
    assert env.client.get(url).json()["deals"] == {"needs_allowing": True, "enabled": False}
    r = env.client.post(
        f"/api/tournaments/{tid}/commands/set_prize_options",
        json={"deals_enabled": True},
        headers=headers,
    )
    assert r.status_code == 200, r.text
    assert env.client.get(url).json()["deals"] == {"needs_allowing": True, "enabled": True}
    assert "deals" not in env.client.get(f"/api/tournaments/{tid}").json()


VISIBLE_BUTTONS_JS = """() => [...document.querySelectorAll('button')]
  .filter((b) => b.offsetParent !== null).map((b) => b.textContent.trim())"""


def _night(db: Path, prefix: str, left: int) -> str:
    """40 players at Foxwoods, busted down to ``left``."""
    service = open_service(f"sqlite:///{db}")
    try:
        tmpl = load_template("fox_wed_80")
        tid = service.create(CreateTournament(name=f"{prefix} night", template=tmpl), actor="t")
        names = [f"{prefix} {chr(65 + i % 26)}{i:02d}" for i in range(40)]
        for i, name in enumerate(names):
            reg = Register(name=name, member=f"{prefix}-{i}", age_ok=True)
            service.run(tid, reg, actor="t")
        service.run(tid, DrawSeats(), actor="t")
        service.run(tid, StartClock(), actor="t")
        service.run(tid, CloseRegistration(), actor="t")
        for name in reversed(names[left:]):
            service.run(tid, Bust(players=(name,)), actor="t")
    finally:
        service.close()
    return tid


@pytest.mark.browser
@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"chromium is not at {CHROMIUM}")
def test_C9_FOX_73_screens_say_what_is_left_and_offer_only_what_can_work(tmp_path: Path) -> None:
    """The TV end screen of 40 finishers says the 20 it cannot show are on the phone, and
    the phone links to all 40; the floor console offers "Final table redraw" only in the
    prompt when the final table is due (C9), "Allow deals" (FOX-73) until the staff view
    says deals are allowed (after a reload too), and no Deal card, seating buttons or
    "Break" once the event is won. Screenshots in tests/.artifacts/w2d/."""
    out = Path(__file__).parents[1] / ".artifacts" / "w2d"
    out.mkdir(parents=True, exist_ok=True)
    db = tmp_path / "screens.db"
    due, done = _night(db, "Due", 9), _night(db, "Won", 1)
    password = "screens-director-1"
    with running_server(db, password) as base, sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            tv = browser.new_page(viewport={"width": 1920, "height": 1080})
            tv.goto(f"{base}/t/{done}/tv")
            more = tv.locator("#tv-results-more")
            more.wait_for(state="visible")
            assert more.inner_text().lower() == "+20 more on your phone"
            tv.screenshot(path=out / "test-tv-end-1920.png")
            phone = browser.new_page(viewport={"width": 390, "height": 844})
            phone.goto(f"{base}/t/{done}")
            link = phone.locator("#results-more a")
            link.wait_for(state="visible")
            assert link.inner_text() == "All 40 results (20 more)"
            assert link.get_attribute("href") == f"/t/{done}/print/results"
            phone.screenshot(path=out / "test-phone-end-390.png", full_page=True)

            page = browser.new_page(viewport={"width": 1024, "height": 768})
            page.goto(f"{base}/login")
            page.fill("input[name=name]", "director")
            page.fill("input[name=password]", password)
            page.click("button.primary")
            page.wait_for_url(lambda u: "/login" not in u)
            page.goto(f"{base}/t/{due}/floor#tables")
            page.wait_for_selector("#moves-due", state="visible")
            buttons = page.evaluate(VISIBLE_BUTTONS_JS)
            assert buttons.count("Final table redraw") == 1  # the prompt's, not the row's
            assert page.is_visible("#moves-due button:has-text('Final table redraw')")
            page.screenshot(path=out / "test-floor-due-1024.png")
            page.goto(f"{base}/t/{due}/floor#money")
            page.reload()  # the same page: the tab is read from the address on load
            page.click("#deals-allow")
            page.wait_for_selector("#deals-allowed", state="visible")
            page.reload()
            page.wait_for_selector("#deals-allowed", state="visible")
            assert not page.is_visible("#deals-allow")
            page.goto(f"{base}/t/{done}/floor#tables")
            page.wait_for_selector("#table-map .table-box")
            buttons = page.evaluate(VISIBLE_BUTTONS_JS)
            for gone in ("Draw seats", "Suggest moves", "Break", "Final table redraw"):
                assert gone not in buttons
            assert not page.is_visible("#moves-due")
            page.goto(f"{base}/t/{done}/floor#money")
            page.reload()
            page.wait_for_selector("#page-money", state="visible")
            assert not page.is_visible("#deal-card")
            page.screenshot(path=out / "test-floor-won-money-1024.png", full_page=True)
        finally:
            browser.close()
