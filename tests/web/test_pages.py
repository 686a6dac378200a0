"""Pages render for their audience; charts and the QR code are SVG; printing sheets exist."""

from __future__ import annotations

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


def test_static_vendor_files_are_served_with_licences(env: Env) -> None:
    for name in ("htmx.min.js", "alpine.min.js"):
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
