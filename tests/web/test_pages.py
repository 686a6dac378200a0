"""Pages render for their audience; charts and the QR code are SVG; printing sheets exist."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime, timedelta
from typing import Any

from pokertd.app import demo
from pokertd.app import screens as snapshot
from pokertd.app.tournaments import TournamentService
from pokertd.charts import NARROW
from pokertd.store import open_store
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, Register
from pokertd.tournament.entries.state import Roster
from pokertd.web import charts

from .conftest import Env


def test_home_lists_tournaments_and_offers_the_demo(env: Env, tid: str) -> None:
    page = env.client.get("/").text
    assert tid in page
    assert "Create a demo tournament" not in page  # needs a login
    env.login()
    page = env.client.get("/").text
    assert "Create a demo tournament" in page


def test_demo_button_opens_the_floor_console(env: Env) -> None:
    env.login()
    token = env.client.cookies.get("pokertd_csrf")
    r = env.client.post("/demo", data={"csrf_token": token}, follow_redirects=False)
    assert r.status_code == 303
    floor = r.headers["location"]
    assert floor.endswith("/floor")
    page = env.client.get(floor)
    assert page.status_code == 200
    assert "Players" in page.text


def test_floor_console_needs_staff(env: Env, tid: str) -> None:
    r = env.client.get(f"/t/{tid}/floor", follow_redirects=False)
    assert r.status_code == 303
    assert r.headers["location"].startswith("/login")
    env.login("floor1", "floor-pass-1")
    assert env.client.get(f"/t/{tid}/floor").status_code == 200


def test_public_pages_render(env: Env, tid: str) -> None:
    for path in ("tv", "player", "print/payouts", "print/results"):
        r = env.client.get(f"/t/{tid}/{path}")
        assert r.status_code == 200, path
        assert "text/html" in r.headers["content-type"]
    assert "x-data" in env.client.get(f"/t/{tid}/tv").text
    assert env.client.get(f"/t/{tid}/print/nope").status_code == 404


def test_qr_code_and_charts_are_svg(env: Env, tid: str) -> None:
    r = env.client.get(f"/t/{tid}/qr.svg")
    assert r.headers["content-type"].startswith("image/svg+xml")
    assert "<svg" in r.text
    for name in ("players", "bb"):
        r = env.client.get(f"/t/{tid}/chart/{name}.svg")
        assert r.status_code == 200
        assert "<polyline" in r.text, name
    assert env.client.get(f"/t/{tid}/chart/nope.svg").status_code == 404


def test_line_chart_without_data_says_so() -> None:
    assert "No data yet" in charts.line_chart([], "t", "x", "y")
    svg = charts.line_chart([(0, 60), (30, 55), (60, 41)], "Players left", "minutes", "players")
    assert svg.count("<circle") == 1


def test_a_long_title_fits_a_phones_chart_on_two_lines() -> None:
    """Issue 28 and 27: the 8-game depth chart's German title (66 letters) on a 340-unit
    phone chart is split at a space into two lines of 12-13 units from the chart's edge,
    not cut at the right; an English "Players left" keeps 16 units at the plot's edge; a
    long y-axis label shrinks to no less than 12 units (issue 23: 12 px the least)."""
    title = "Durchschnittsstack in Big Blinds (Big Bets in Fixed-Limit-Levels)"
    svg = charts.line_chart([(1, 200), (2, 133)], title, "Level", "Big Blinds / Big Bets",
                            size=NARROW)  # fmt: skip
    lines = re.findall(r'<text x="8" y="(\d+)" font-size="(\d+)" font-weight="600">([^<]*)<', svg)
    assert [text for _, _, text in lines] == [
        "Durchschnittsstack in Big Blinds",
        "(Big Bets in Fixed-Limit-Levels)",
    ]
    assert all(12 <= int(font) <= 13 for _, font, _ in lines)
    assert int(lines[1][0]) < 36  # both above the plot (PAD_T)
    short = charts.line_chart([(0, 60), (30, 55)], "Players left", "minutes", "players",
                              size=NARROW)  # fmt: skip
    assert '<text x="64" y="22" font-size="16" font-weight="600">Players left</text>' in short
    label = "ciegas grandes o apuestas grandes en los niveles de límite fijo"
    tall = charts.line_chart([(1, 2), (2, 1)], "t", "x", label, size=NARROW)
    (yfont,) = re.findall(r'font-size="(\d+)"[^>]*transform="rotate', tall)
    assert int(yfont) == 12
    assert 'textLength="164"' in tall  # narrowed to the plot's height, 240 - 36 - 40


def test_static_vendor_files_are_served_with_licences(env: Env) -> None:
    for name in ("alpine-csp.min.js",):
        r = env.client.get(f"/static/vendor/{name}")
        assert r.status_code == 200
        assert "licence" in r.text[:300].lower()
    assert env.client.get("/static/app.js").status_code == 200
    assert "@media print" in env.client.get("/static/app.css").text


def test_favicon_is_served_and_every_page_links_it(env: Env, tid: str) -> None:
    """Issue 23: every page's automatic ``/favicon.ico`` request got a 404 although an icon
    ships in static/. It answers 200 with an icon (an ICO file: ``00 00 01 00``), anonymous,
    and the pages link it under the root path."""
    r = env.client.get("/favicon.ico")
    assert r.status_code == 200
    assert r.headers["content-type"] == "image/x-icon"
    assert r.content[:4] == b"\x00\x00\x01\x00"
    for path in ("/", "/login", f"/t/{tid}/tv", f"/t/{tid}/player"):
        page = env.client.get(path).text
        assert '<link rel="icon" href="/favicon.ico"' in page, path


def test_A4_players_chart_shows_entries_until_registration_closes() -> None:
    """Issue 23: "Players left" climbed from 2 to 30 while players registered. The demo's
    12 entries at 19:00, late entries at 19:10 and 19:20 (registration open, A4), busts at
    19:30 and 19:40, the floor closes registration at 19:50, a bust at 20:00. While it is
    open the chart is "Entries so far": 12, 13, 14 (busts do not lower entries); from the
    close, "Players left": the field then, 14 - 2 = 12 at minute 50, then 11 at minute 60 —
    never a climb. The phone's drawing (``narrow``) says the same with larger text."""
    now = [datetime(2026, 11, 28, 19, 0, tzinfo=UTC)]
    svc = TournamentService(
        open_store("sqlite:///:memory:"),
        rng_factory=lambda: random.Random(7),
        now=lambda: now[0],
    )

    def at(minutes: int) -> None:
        now[0] = datetime(2026, 11, 28, 19, 0, tzinfo=UTC) + timedelta(minutes=minutes)

    def chart() -> tuple[dict[str, Any], str, str]:
        view = snapshot.build(svc.state(tid), svc.records(tid), now[0])
        return (
            view["chart"],
            charts.render("players", view),
            charts.render("players", view, narrow=True),
        )

    tid = demo.build(svc, players=12)
    at(10)
    svc.run(tid, Register(name="Late Lee", member="L-1", age_ok=True))
    at(20)
    svc.run(tid, Register(name="Later Lou", member="L-2", age_ok=True))
    series, wide, narrow = chart()
    assert series["entries"] == [[0, 12], [10, 13], [20, 14]]
    assert series["players_left"] == []
    assert ">Entries so far</text>" in wide
    assert ">Entries so far</text>" in narrow
    alive = [p.name for p in svc.state(tid).part(Roster).alive()]
    at(30)
    svc.run(tid, Bust(players=(alive[0],)))
    at(40)
    svc.run(tid, Bust(players=(alive[1],)))
    assert chart()[0]["entries"] == [[0, 12], [10, 13], [20, 14]]
    at(50)
    svc.run(tid, CloseRegistration())
    at(60)
    svc.run(tid, Bust(players=(alive[2],)))
    series, wide, narrow = chart()
    assert series["players_left"] == [[50, 12], [60, 11]]
    assert ">Players left</text>" in wide
    assert ">Players left</text>" in narrow
    svc.close()


def test_phone_charts_are_drawn_for_a_phone_width() -> None:
    """Issue 23: the phone showed the 720-unit chart about 340 px wide, its 11-unit ticks
    at about 5 px. The narrow drawing is 340 units wide (a unit is about a CSS pixel on a
    390-px phone) and no text in it is under 14 units."""
    points = [(0.0, 30.0), (30.0, 22.0), (60.0, 9.0)]
    narrow = charts.line_chart(points, "Players left", "minutes", "players", size=NARROW)
    assert 'viewBox="0 0 340 240"' in narrow
    sizes = [int(v) for v in re.findall(r'font-size="(\d+)"', narrow)]
    assert sizes
    assert min(sizes) >= 14
    wide = charts.line_chart(points, "Players left", "minutes", "players")
    assert 'viewBox="0 0 720 320"' in wide  # the console's and files' drawing unchanged
