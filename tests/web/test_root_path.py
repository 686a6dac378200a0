"""``pokertd serve --root-path /poker``: the app behind a proxy that mounts it under a prefix.

A reverse proxy serves pokertd at ``https://venue.example/poker/`` and strips ``/poker``
before passing the request on (Caddy ``handle_path /poker/*``, nginx ``location /poker/``).
The app then sees ``/t/x/floor`` with the ASGI ``root_path`` ``/poker``, and every URL it
sends out must carry the prefix again, or the browser asks the proxy for ``/static/app.js``
and gets someone else's page (or a 404): links and assets of every page, the scripts'
requests (``<meta name=root-path>`` read by ``pokertd.url()``), redirects (``Location``),
cookie paths, the web manifest, the TV's QR code. Without a root path nothing changes.

The pages are fetched as the browser fetches them, through the prefix
(``TestClient(app, root_path="/poker")`` and paths ``/poker/...``).
"""

from __future__ import annotations

import io
import re
import time
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
import segno
from typer.testing import CliRunner

from pokertd.app import demo
from pokertd.cli import app as cli_app
from pokertd.errors import InvalidCommand
from pokertd.sim import jobs as simjobs
from pokertd.web.auth import ROOT_PATH_MAX, check_root_path

from .conftest import DIRECTOR_PW, Env, make_env
from .test_sim_web import NIGHT, fake_night

ROOT = "/poker"
WEB = Path(__file__).resolve().parents[2] / "src" / "pokertd" / "web"

URL_ATTRIBUTES = {"href", "src", "action"}
"""Attributes whose value is a URL the browser opens (``<a href>``, ``<script src>``, forms)."""

SCRIPT_PATH = re.compile(r"""(?:^|[(=,:?]\s*)['"`](/[^'"`]*)""")
"""A string literal that starts a script expression's value with ``/`` (an absolute path;
``'/t/' + tid + '/floor'`` is one path, ``'/t/'``)."""


class Links(HTMLParser):
    """Every URL of a page: plain attributes, Alpine bindings and inline handlers."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        """``href``/``src``/``action`` values that are absolute paths (start with ``/``)."""
        self.script_paths: list[str] = []
        """Absolute paths in string literals of ``:href``, ``x-data``, ``@click``... values."""
        self.meta_root: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Collect the tag's URLs."""
        for name, value in attrs:
            if value is None:
                continue
            if name in URL_ATTRIBUTES and value.startswith("/"):
                self.urls.append(value)
            elif name.startswith((":", "x-", "@")):
                self.script_paths += SCRIPT_PATH.findall(value)
            if tag == "meta" and name == "name" and value == "root-path":
                self.meta_root = dict(attrs).get("content") or ""


def links(html: str) -> Links:
    """The page's URLs."""
    parser = Links()
    parser.feed(html)
    return parser


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[Env]:
    """The app served under ``/poker`` (as uvicorn's ``--root-path`` sets the scope)."""
    yield from make_env(tmp_path, root_path=ROOT)


def _sign_in(env: Env) -> dict[str, str]:
    """The director signed in through the prefix; the CSRF header for writes."""
    r = env.client.post(f"{ROOT}/api/login", json={"name": "director", "password": DIRECTOR_PW})
    assert r.status_code == 200, r.text
    return {"X-CSRF-Token": r.json()["csrf"]}


def _with_series_and_league(env: Env, csrf: dict[str, str]) -> None:
    """A series ``fall`` and a league ``spot`` (so their pages exist)."""
    r = env.client.post(f"{ROOT}/api/series", json={"id": "fall", "name": "Fall"}, headers=csrf)
    assert r.status_code == 200, r.text
    league = {
        "key": "spot",
        "name": "Spotlight",
        "points": {"kind": "fixed", "table": [10, 7, 5]},
        "season": {"key": "q1", "name": "Q1"},
    }
    r = env.client.post(f"{ROOT}/api/leagues", json=league, headers=csrf)
    assert r.status_code == 200, r.text


def _pages(tid: str) -> list[str]:
    """The main pages, as paths of the app."""
    return [
        "/",
        "/login",
        f"/t/{tid}/floor",
        f"/t/{tid}/tv",
        f"/t/{tid}/player",
        f"/t/{tid}/dealer/1",
        f"/t/{tid}/print/seats",
        f"/t/{tid}/print/results",
        f"/t/{tid}/simulate",
        "/simulate",
        "/new",
        "/players",
        "/lobby",
        "/series",
        "/series/fall",
        "/series/fall/admin",
        "/leagues",
        "/leagues/spot",
        "/leagues/spot/admin",
        "/docs",
    ]


def test_every_link_asset_and_script_path_of_the_main_pages_carries_the_prefix(
    proxied: Env,
) -> None:
    """Under ``/poker`` every ``href``/``src``/``action`` and every absolute path in an Alpine
    expression of every main page starts with ``/poker/``; the scripts get the prefix from
    ``<meta name=root-path>``. The home page has a dozen links, the floor console dozens:
    the check runs over real URLs, not over nothing."""
    tid = demo.build(proxied.service, players=12)
    csrf = _sign_in(proxied)
    _with_series_and_league(proxied, csrf)
    counted = 0
    for path in _pages(tid):
        r = proxied.client.get(ROOT + path)
        assert r.status_code == 200, (path, r.status_code, r.text[:300])
        found = links(r.text)
        assert found.meta_root == ROOT, path
        wrong = [u for u in found.urls if not u.startswith(ROOT + "/")]
        assert wrong == [], (path, wrong)
        bad_script = [p for p in found.script_paths if not p.startswith(ROOT + "/")]
        assert bad_script == [], (path, bad_script)
        assert f'src="{ROOT}/static/app.js"' in r.text, path
        counted += len(found.urls) + len(found.script_paths)
    assert counted > 200  # 20 pages, each with its stylesheet, scripts, menu and links
    floor = links(proxied.client.get(f"{ROOT}/t/{tid}/floor").text)
    assert f"{ROOT}/t/{tid}/tv" in floor.urls
    assert f"{ROOT}/api/tournaments/{tid}/standings.csv" in floor.urls
    assert f"{ROOT}/t/{tid}/dealer/" in floor.script_paths  # the Alpine-bound dealer links


def test_without_a_root_path_the_pages_are_as_before(env: Env) -> None:
    """No ``--root-path``: the meta tag is empty and the links start at the site's root."""
    tid = demo.build(env.service, players=12)
    env.login()
    r = env.client.get(f"/t/{tid}/floor")
    found = links(r.text)
    assert found.meta_root == ""
    assert "/static/app.js" in found.urls
    assert f"/t/{tid}/tv" in found.urls
    assert not [u for u in found.urls if u.startswith(ROOT)]


def test_redirects_carry_the_prefix(proxied: Env) -> None:
    """Every ``Location`` the app sends is under ``/poker``; a sign-in's ``next`` stays a
    path of the app (``/t/x/floor``) and the redirect after it adds the prefix."""
    tid = demo.build(proxied.service, players=12)
    c = proxied.client
    signed_out = {
        f"/t/{tid}/floor": f"{ROOT}/login?next=/t/{tid}/floor",
        f"/t/{tid}": f"{ROOT}/t/{tid}/player",
        "/new": f"{ROOT}/login?next=/new",
        "/simulate": f"{ROOT}/login?next=/simulate",
        f"/t/{tid}/simulate": f"{ROOT}/login?next=/t/{tid}/simulate",
        "/players": f"{ROOT}/login?next=/players",
        "/series/fall/admin": f"{ROOT}/login?next=/series/fall/admin",
        "/leagues/spot/admin": f"{ROOT}/login?next=/leagues/spot/admin",
    }
    for path, location in signed_out.items():
        r = c.get(ROOT + path, follow_redirects=False)
        assert (r.status_code, r.headers["location"]) == (303, location), path
    page = c.get(f"{ROOT}/login?next=/t/{tid}/floor")
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert token is not None
    form = {
        "name": "director",
        "password": DIRECTOR_PW,
        "csrf_token": token.group(1),
        "next": f"/t/{tid}/floor",
    }
    r = c.post(f"{ROOT}/login", data=form, follow_redirects=False)
    assert (r.status_code, r.headers["location"]) == (303, f"{ROOT}/t/{tid}/floor")
    assert c.get(f"{ROOT}/t/{tid}", follow_redirects=False).headers["location"] == (
        f"{ROOT}/t/{tid}/floor"
    )
    csrf = c.get(f"{ROOT}/api/me").json()["csrf"]
    r = c.post(f"{ROOT}/demo", data={"csrf_token": csrf}, follow_redirects=False)
    assert r.status_code == 303
    assert re.fullmatch(rf"{ROOT}/t/[^/]+/floor", r.headers["location"])
    r = c.post(
        f"{ROOT}/api/tournaments/{tid}/commands/pause_clock/form",
        data={"csrf_token": csrf, "_back": f"/t/{tid}/floor"},
        follow_redirects=False,
    )
    assert r.headers.get("location") in {f"{ROOT}/t/{tid}/floor", None}, r.text
    r = c.post(f"{ROOT}/logout", data={"csrf_token": csrf}, follow_redirects=False)
    assert (r.status_code, r.headers["location"]) == (303, f"{ROOT}/")


def test_cookies_are_scoped_to_the_prefix_and_work_under_it(proxied: Env) -> None:
    """The session and CSRF cookies have ``Path=/poker`` (two apps under two prefixes of one
    host keep their own sessions); signed in through the prefix, the staff pages open, and
    signing out deletes the cookies on that same path."""
    tid = demo.build(proxied.service, players=12)
    r = proxied.client.post(f"{ROOT}/api/login", json={"name": "director", "password": DIRECTOR_PW})
    cookies = r.headers.get_list("set-cookie")
    assert len(cookies) == 2
    assert all("Path=/poker;" in c or c.endswith("Path=/poker") for c in cookies), cookies
    assert proxied.client.get(f"{ROOT}/t/{tid}/floor", follow_redirects=False).status_code == 200
    csrf = r.json()["csrf"]
    out = proxied.client.post(f"{ROOT}/logout", data={"csrf_token": csrf}, follow_redirects=False)
    deleted = out.headers.get_list("set-cookie")
    assert len(deleted) == 2
    assert all("Path=/poker" in c and "Max-Age=0" in c for c in deleted)


def test_cookies_stay_on_the_site_root_without_a_prefix(env: Env) -> None:
    """Without ``--root-path`` the cookies keep ``Path=/``, as before."""
    r = env.client.post("/api/login", json={"name": "director", "password": DIRECTOR_PW})
    cookies = r.headers.get_list("set-cookie")
    assert len(cookies) == 2
    assert all("Path=/;" in c or c.endswith("Path=/") for c in cookies)


def test_manifest_qr_and_refusal_page_carry_the_prefix(proxied: Env) -> None:
    """The web manifest's start page, scope and icons; the TV's player address (the QR
    code) is the proxy's address with the prefix; a refused page's stylesheet and home
    link; and an API refusal under the prefix stays JSON for a browser too."""
    tid = demo.build(proxied.service, players=12)
    m = proxied.client.get(f"{ROOT}/manifest.webmanifest?t={tid}").json()
    assert m["start_url"] == f"{ROOT}/t/{tid}/player"
    assert m["scope"] == f"{ROOT}/"
    assert [i["src"][: len(ROOT) + 8] for i in m["icons"]] == [f"{ROOT}/static/"] * 4
    qr = proxied.client.get(f"{ROOT}/t/{tid}/qr.svg").content
    assert qr == _qr_svg(f"http://testserver{ROOT}/t/{tid}/player")
    assert qr != _qr_svg(f"http://testserver/t/{tid}/player")
    html = {"accept": "text/html"}
    r = proxied.client.get(f"{ROOT}/t/nope/tv", headers=html)
    assert r.status_code == 404
    assert f"href={ROOT}/static/app.css" in r.text
    assert f"href={ROOT}/>" in r.text
    r = proxied.client.get(f"{ROOT}/api/tournaments/nope/state", headers=html)
    assert r.status_code == 404
    assert r.json()["error"] == "not_found"


def test_simulation_chart_urls_carry_the_prefix(
    proxied: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Simulate page shows the job's charts by the URLs the job answers: under
    ``/poker`` they start with ``/poker/api/sim/``, and they open (the simulator replaced by
    test_sim_web's fake night)."""
    monkeypatch.setattr(simjobs, "simulate_night", fake_night)
    csrf = _sign_in(proxied)
    r = proxied.client.post(f"{ROOT}/api/sim", json=NIGHT, headers=csrf)
    assert r.status_code == 202, r.text
    job = r.json()["job"]
    deadline = time.monotonic() + 60
    done = proxied.client.get(f"{ROOT}/api/sim/{job}").json()
    while done["state"] == "running" and time.monotonic() < deadline:
        time.sleep(0.05)
        done = proxied.client.get(f"{ROOT}/api/sim/{job}").json()
    assert done["state"] == "done", done
    charts = done["result"]["charts"]
    assert charts == {
        "players": f"{ROOT}/api/sim/{job}/charts/players.svg",
        "bb": f"{ROOT}/api/sim/{job}/charts/bb.svg",
    }
    assert proxied.client.get(charts["players"]).status_code == 200


def _qr_svg(url: str) -> bytes:
    """The TV's QR code for ``url``, drawn as pages.qr draws it."""
    buf = io.BytesIO()
    segno.make(url, error="m").save(
        buf, kind="svg", scale=8, border=2, dark="#000", light="#fff", xmldecl=False
    )
    return buf.getvalue()


@pytest.mark.parametrize("good", ["/poker", "/a/b_c-1", "/" + "x" * (ROOT_PATH_MAX - 1), ""])
def test_check_root_path_accepts_a_plain_prefix(good: str) -> None:
    """A prefix of letters, digits, ``/``, ``_``, ``-`` (or none) is taken as given."""
    assert check_root_path(good) == good


@pytest.mark.parametrize(
    "bad",
    ["poker", "/poker/", "/", "//poker", "/a//b", "/po ker", '/p"><script>', "/pökér",
     "/" + "x" * ROOT_PATH_MAX, "/a?b", "/a#b", "/a.b"],
)  # fmt: skip
def test_check_root_path_refuses_anything_else(bad: str) -> None:
    """Refused in a sentence that says what to give: the prefix goes into links and
    scripts, so nothing but the plain characters may pass."""
    with pytest.raises(InvalidCommand, match=r"starting with / and without a trailing /"):
        check_root_path(bad)


def test_serve_refuses_a_bad_root_path_in_one_sentence(tmp_path: Path) -> None:
    """``pokertd serve --root-path poker/`` (or ``$POKERTD_ROOT_PATH``) stops before
    serving, with the reason and an example, no traceback."""
    db = f"sqlite:///{tmp_path / 'serve.db'}"
    runner = CliRunner()
    env = {"POKERTD_NO_PROMPT": "1", "POKERTD_DIRECTOR_PASSWORD": DIRECTOR_PW}
    r = runner.invoke(cli_app, ["serve", "--db", db, "--root-path", "poker/"], env=env)
    assert r.exit_code == 2, r.output
    assert "e.g. /poker" in r.output
    assert "Traceback" not in r.output
    r = runner.invoke(cli_app, ["serve", "--db", db], env={**env, "POKERTD_ROOT_PATH": "/a b"})
    assert r.exit_code == 2
    assert "e.g. /poker" in r.output


TEMPLATE_ABSOLUTE = re.compile(
    r"""(?:\b(?:href|src|action)=["']|(?:^|[(=,:?]\s*)(?:"'|['"`])|\(\s*)/(?![/{*\s[])"""
)
"""An absolute path in a template that does not start with ``{{ root }}`` (not ``//``
comments, ``/* */``, a regular expression ``/[...]/`` or a spaced-out `` / ``)."""


def test_no_template_writes_an_absolute_path_without_the_root() -> None:
    """Every template (rendered by the tests above or not) writes ``{{ root }}/...``, never
    a bare ``/...`` in an attribute or a script expression."""
    offenders = []
    for path in sorted((WEB / "templates").glob("*.html")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            for hit in TEMPLATE_ABSOLUTE.finditer(line):
                before = line[max(0, hit.start() - 10) : hit.start()]
                if "<footer" in line or "placeholder=" in line or "//" in before:
                    continue  # visible text ("open /t/<id>/tv"), not a URL the page opens
                offenders.append(f"{path.name}:{number}: {line.strip()[:120]}")
    assert offenders == []


SCRIPT_REQUEST = re.compile(
    r"\b(?:fetch|EventSource|WebSocket|window\.open|replaceState)\(\s*+(?:null,\s*\"\",\s*)?+"
    r"(?!(?:window\.pokertd\.|P\.)?url\()"
)
"""A request, navigation or address change in a script whose URL is not made by url()."""


def test_every_script_request_goes_through_the_shared_url_helper() -> None:
    """``fetch``, ``EventSource``, ``window.open``, ``history.replaceState`` and
    ``location.href =`` in every script take ``pokertd.url(...)`` (static/app.js, the one
    helper), so a script under ``/poker`` asks for ``/poker/api/...``."""
    offenders = []
    scripts = sorted((WEB / "static").glob("*.js"))
    assert len(scripts) >= 15
    for path in scripts:
        if path.name == "sw.js":
            # the service worker (issue 27) has no window and no pokertd.url: it fetches the
            # pages' own requests again (already under the root) and keeps only paths under
            # ROOT, its own address less "/sw.js" (tests/web/test_offline_worker.py)
            assert "const ROOT = new URL(self.location.href).pathname" in path.read_text()
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if SCRIPT_REQUEST.search(line) and '"#"' not in line:
                offenders.append(f"{path.name}:{number}: {line.strip()[:120]}")
            if re.search(r"location\.href\s*=\s*+(?!(?:window\.pokertd\.|P\.)?url\()", line):
                offenders.append(f"{path.name}:{number}: {line.strip()[:120]}")
    assert offenders == []
