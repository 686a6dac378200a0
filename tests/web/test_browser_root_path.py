"""pokertd behind a real reverse proxy under a path: Caddy ``handle_path /poker/*``.

``pokertd serve --root-path /poker`` runs on a free port; Caddy (``/usr/bin/caddy``) listens
on another and passes ``/poker/...`` to it with the prefix stripped, as a venue's proxy
would (anything else gets Caddy's own 404, so a URL the app sends out without the prefix
fails loudly). In Debian's chromium, through the proxy only: sign in as the director, open
the floor console and the TV, register a player in the console and see the TV count it
(the SSE stream through the prefix), sign out. Every request the pages make goes to
``/poker/...`` and none fails or answers 4xx/5xx.

Screenshots go to ``tests/.artifacts/`` (ignored by git).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pokertd.app.tournaments import open_service
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.templates import load_template

from .servers import free_port, navigated_away_from_icon, running_server
from .test_browser import CHROMIUM, browser

__all__ = ["browser"]  # the module-scoped fixture, shared with test_browser

CADDY = shutil.which("caddy") or "/usr/bin/caddy"
ARTIFACTS = Path(__file__).resolve().parents[1] / ".artifacts"
PASSWORD = "root-path-night-1"
ROOT = "/poker"
REGISTERED = 3
"""Players registered before the browser opens (the TV then shows ``3 / 3``)."""

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(), reason=f"chromium is not installed at {CHROMIUM}"
    ),
    pytest.mark.skipif(not Path(CADDY).exists(), reason="caddy is not installed"),
]

CADDYFILE = """\
{{
\tadmin off
\tauto_https off
\tstorage file_system {storage}
}}

http://127.0.0.1:{port} {{
\tredir {root} {root}/
\thandle_path {root}/* {{
\t\treverse_proxy 127.0.0.1:{app_port}
\t}}
\thandle {{
\t\trespond "Not pokertd: only {root}/ goes to the app." 404
\t}}
}}
"""
"""The proxy of ``docs/web.md`` ("Behind a reverse proxy under a path"), on test ports."""


@contextlib.contextmanager
def caddy(workdir: Path, app_port: int) -> Iterator[str]:
    """Caddy on a free port in front of the app; yields the public base URL (``.../poker``)."""
    port = free_port()
    config = workdir / "Caddyfile"
    config.write_text(
        CADDYFILE.format(storage=workdir / "data", port=port, root=ROOT, app_port=app_port)
    )
    home = {"HOME": str(workdir), "XDG_DATA_HOME": str(workdir), "XDG_CONFIG_HOME": str(workdir)}
    proc = subprocess.Popen(
        [CADDY, "run", "--config", str(config), "--adapter", "caddyfile"],
        env={**os.environ, **home},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    public = f"http://127.0.0.1:{port}{ROOT}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"{public}/api/me", timeout=1).read()
                break
            except (OSError, urllib.error.HTTPError):
                if proc.poll() is not None:
                    out = proc.stdout.read().decode() if proc.stdout else ""
                    pytest.fail(f"caddy exited: {out}")
                time.sleep(0.1)
        else:
            pytest.fail("caddy did not pass /poker/api/me on to pokertd within 10 s")
        yield public
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        if proc.stdout is not None:
            proc.stdout.close()


def _build(db: Path) -> str:
    """A Foxwoods event, registration open, with a few players."""
    service = open_service(f"sqlite:///{db}")
    try:
        tid = service.create(
            CreateTournament(name="Proxy Wednesday", template=load_template("fox_wed_80"))
        )
        for i in range(REGISTERED):
            service.run(
                tid,
                Register(name=f"Player {i + 1}", member=f"M-{i:03d}", age_ok=True, member_ok=True),
                actor="test",
            )
    finally:
        service.close()
    return tid


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """``pokertd serve --root-path /poker`` behind Caddy: the public URL and the event."""
    work = tmp_path_factory.mktemp("rootpath")
    tid = _build(work / "proxy.db")
    with running_server(work / "proxy.db", PASSWORD, "--root-path", ROOT) as direct:
        app_port = int(direct.rsplit(":", 1)[1])
        with caddy(work, app_port) as public:
            yield public, tid


class Watch:
    """Every request of a browser context: failures, 4xx/5xx answers and page errors, and
    the URLs asked for (they must all be under the prefix)."""

    def __init__(self, context: Any) -> None:
        self.requested: list[str] = []
        self.problems: list[str] = []
        context.on("request", lambda r: self.requested.append(r.url))
        context.on("requestfailed", self._failed)
        context.on(
            "response",
            lambda r: self.problems.append(f"{r.status} {r.url}") if r.status >= 400 else None,
        )

    def _failed(self, request: Any) -> None:
        # a page closed or navigated away ends its open SSE stream: not a failure
        if "/stream" in request.url and "ERR_ABORTED" in str(request.failure or ""):
            return
        if navigated_away_from_icon(request):
            return
        self.problems.append(f"failed {request.url}: {request.failure}")

    def page(self, context: Any) -> Any:
        """A new page whose script errors are problems too."""
        page = context.new_page()
        page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        return page


def test_sign_in_floor_console_and_tv_through_a_proxy_under_a_path(
    proxied: tuple[str, str], browser: Any
) -> None:
    """Through Caddy under ``/poker``: sign in, floor console, TV, register a player and
    see the TV count go from 3 to 4 over SSE, sign out; every request is under ``/poker/``
    and none fails."""
    public, tid = proxied
    origin = public[: -len(ROOT)]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    watch = Watch(context)

    floor = watch.page(context)
    floor.goto(f"{public}/")
    floor.click("text=Staff sign-in")
    floor.wait_for_url(f"{public}/login")
    floor.fill("input[name=name]", "director")
    floor.fill("input[name=password]", PASSWORD)
    floor.click("button.primary")
    floor.wait_for_url(f"{public}/")
    floor.click(f"a[href='{ROOT}/t/{tid}/floor']")
    floor.wait_for_url(f"{public}/t/{tid}/floor")

    tv = watch.page(context)
    tv.set_viewport_size({"width": 1920, "height": 1080})
    tv.goto(f"{public}/t/{tid}/tv")
    tv.wait_for_function(
        "want => document.querySelector('#tv-players').textContent.trim() === want",
        arg=f"{REGISTERED} / {REGISTERED}",
    )

    floor.click("#tab-players")
    floor.wait_for_selector("#register-name")
    floor.check("#age-ok")
    floor.check("#member-ok")
    floor.fill("#register-name", "Proxy Newcomer")
    with floor.expect_response(lambda r: r.url.endswith("/commands/register")) as answer:
        floor.click("#register-button")
    assert answer.value.status == 200
    assert answer.value.url == f"{public}/api/tournaments/{tid}/commands/register"
    tv.wait_for_function(
        "want => document.querySelector('#tv-players').textContent.trim() === want",
        arg=f"{REGISTERED + 1} / {REGISTERED + 1}",
        timeout=5000,
    )
    floor.screenshot(path=str(ARTIFACTS / "root-path-floor-1280.png"))
    tv.screenshot(path=str(ARTIFACTS / "root-path-tv-1920.png"))

    tv.close()
    floor.click("text=Sign out")
    floor.wait_for_url(f"{public}/")
    assert floor.locator("text=Staff sign-in").count() >= 1
    context.close()

    assert watch.problems == []
    outside = [u for u in watch.requested if not u.startswith(f"{origin}{ROOT}/")]
    assert outside == []
    streams = [u for u in watch.requested if u.endswith("/stream?audience=public")]
    assert streams == [f"{public}/api/tournaments/{tid}/stream?audience=public"]
    assert f"{public}/static/app.js" in watch.requested
    assert len(watch.requested) > 15  # pages, stylesheets, scripts, API calls, the stream
