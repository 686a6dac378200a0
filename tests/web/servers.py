"""A real ``pokertd serve`` process for the browser tests (one way to start it)."""

from __future__ import annotations

import contextlib
import http.server
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import pytest


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def running_server(db: Path, password: str, *options: str) -> Iterator[str]:
    """``pokertd serve`` over the SQLite file ``db`` on a free port; yields its base URL.

    ``options``: more ``serve`` options (``"--root-path", "/poker"``).

    The first director's password comes from ``POKERTD_DIRECTOR_PASSWORD``; the test fails
    with the server's output when it exits or has not answered within 60 s.
    """
    port = free_port()
    env = {**os.environ, "POKERTD_DIRECTOR_PASSWORD": password, "POKERTD_NO_PROMPT": "1"}
    command = [sys.executable, "-c", "from pokertd.cli import main; main()", "serve"]
    # The output goes to a file, never a pipe nobody reads: the server logs every request,
    # and a full pipe would block it mid-request.
    log = tempfile.TemporaryFile()  # noqa: SIM115 (closed below, with the process)
    proc = subprocess.Popen(
        [*command, "--db", f"sqlite:///{db}", "--port", str(port), *options],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60  # generous: a loaded CI box starts slowly
        while True:
            try:
                urllib.request.urlopen(f"{base}/api/me", timeout=2).read()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    log.seek(0)
                    said = log.read().decode(errors="replace")
                    pytest.fail(f"pokertd serve did not answer /api/me: {said}")
                time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        try:  # a clean stop takes ~3 s (uvicorn's graceful stop); a loaded machine more
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
        log.close()


class _QuietFiles(http.server.SimpleHTTPRequestHandler):
    """Static files without a line on stderr per request."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def other_origin(root: Path, html: str) -> Iterator[str]:
    """A club's own page on ANOTHER origin than the server (``localhost`` and another port,
    a tiny ``http.server`` over ``root``) holding ``html``; yields its URL. The embeds'
    tests frame ``/embed/`` pages in it."""
    (root / "index.html").write_text(html, encoding="utf-8")
    handler = partial(_QuietFiles, directory=str(root))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://localhost:{httpd.server_address[1]}/index.html"
    finally:
        httpd.shutdown()
        httpd.server_close()


@dataclass
class Served:
    """A running ``pokertd serve`` of :func:`serve_process`: its process, base URL, and the
    files its stdout and stderr go to."""

    proc: subprocess.Popen[bytes]
    base: str
    out: Path
    err: Path


@contextlib.contextmanager
def serve_process(
    args: list[str], logs: Path, *, password: str, env: dict[str, str] | None = None
) -> Iterator[Served]:
    """``pokertd serve ARGS --port <free>`` with stdout and stderr in ``logs``; yields once
    ``/api/me`` answers (generous: worker processes start slowly on loaded cores), then stops
    it with SIGTERM (killed only if it does not end within 20 s)."""
    port = free_port()
    merged = {**os.environ, "POKERTD_DIRECTOR_PASSWORD": password, "POKERTD_NO_PROMPT": "1"}
    merged.update(env or {})
    command = [sys.executable, "-c", "from pokertd.cli import main; main()", "serve"]
    out, err = logs / "serve.out", logs / "serve.err"
    with out.open("wb") as o, err.open("wb") as e:
        proc = subprocess.Popen(
            [*command, *args, "--port", str(port)], env=merged, stdout=o, stderr=e
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                urllib.request.urlopen(f"{base}/api/me", timeout=2).read()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"pokertd serve did not start:\n{out.read_text()}{err.read_text()}")
                time.sleep(0.2)
        yield Served(proc, base, out, err)
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(10)


def api_sign_in(client: httpx.Client, base: str, password: str) -> dict[str, str]:
    """Sign in as the director over the JSON API (``base`` may be ``""`` for a client with a
    ``base_url``); returns the CSRF header every write needs."""
    r = client.post(f"{base}/api/login", json={"name": "director", "password": password})
    assert r.status_code == 200, r.text
    return {"X-CSRF-Token": r.json()["csrf"]}


def api_demo(client: httpx.Client, base: str, headers: dict[str, str]) -> tuple[str, list[str]]:
    """Build the demo tournament over the API: its id and the names of its live players."""
    r = client.post(f"{base}/api/demo", headers=headers)
    assert r.status_code == 201, r.text
    tid = str(r.json()["tournament"])
    view = client.get(f"{base}/api/tournaments/{tid}").json()
    return tid, [p["name"] for p in view["players"] if p["status"] == "alive"]


def api_one_of_everything(
    client: httpx.Client, base: str, headers: dict[str, str], league: str, series: str
) -> dict[str, str]:
    """Give a fresh server one of every page's subject, over the API, for the tours that open
    every page (CSP, accessibility): the demo night, the dealer PIN of its table 1, a league
    with season ``s1`` and a series holding the night and a flighted event, and a Kojack
    night taking sign-ups (Kojack takes them; Foxwoods refuses, A2) with one sign-up.
    Returns the ids the pages need: ``tid``, ``pin``, ``signups`` and the sign-up's
    ``link``."""
    tid, _ = api_demo(client, base, headers)
    pin = client.get(f"{base}/api/tournaments/{tid}/tables/1/pin").json()["pin"]
    a_league = {
        "key": league,
        "name": "Tuesday league",
        "season": {"key": "s1", "name": "Season one"},
    }
    for path, body in (
        ("/api/leagues", a_league),
        (f"/api/leagues/{league}/seasons/s1/events", {"tournament": tid}),
        ("/api/series", {"id": series, "name": "Autumn series"}),
        (f"/api/series/{series}/events", {"tournament": tid}),
        (f"/api/series/{series}/flighted", {"event": "main", "name": "Main event"}),
        ("/api/tournaments", {"name": "Club night", "template": "kpc_nlh"}),
    ):
        r = client.post(f"{base}{path}", json=body, headers=headers)
        assert r.status_code in (200, 201), f"{path}: {r.text}"
    signups = str(r.json()["tournament"])
    r = client.post(
        f"{base}/api/tournaments/{signups}/commands/set_sign_ups",
        json={"capacity": 10},
        headers=headers,
    )
    assert r.status_code == 200, r.text
    r = client.post(
        f"{base}/api/tournaments/{signups}/signups",
        json={"name": "Ada Player", "card": "K100"},
        headers=headers,
    )
    assert r.status_code == 201, r.text
    return {"base": base, "tid": tid, "pin": pin, "signups": signups, "link": r.json()["link"]}


def signed_in(
    browser: Any, server: str, password: str, width: int = 1024, height: int = 768
) -> tuple[Any, list[str]]:
    """A new page signed in as the director, and the list its page errors and 4xx/5xx
    responses (``/favicon.ico`` included: it is served) are collected in."""
    page = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on(
        "response",
        lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400 else None,
    )
    page.goto(f"{server}/login")
    page.fill("input[name=name]", "director")
    page.fill("input[name=password]", password)
    page.click("button.primary")
    page.wait_for_url(f"{server}/")
    return page, errors


def page_sign_in(page: Any, base: str, password: str, next_path: str = "") -> str:
    """Sign ``page`` in as the director through the login form (``next_path``: where the
    form sends it, e.g. ``/new``); returns the CSRF token every write through
    ``page.request`` needs."""
    page.goto(f"{base}/login" + (f"?next={next_path}" if next_path else ""))
    page.fill("input[name=name]", "director")
    page.fill("input[name=password]", password)
    page.click("button.primary")
    return str(next(c["value"] for c in page.context.cookies() if c["name"] == "pokertd_csrf"))


def page_create(page: Any, base: str, token: str, name: str, template: str) -> str:
    """Create a tournament from a named template over the JSON API from the signed-in
    ``page``; it must be accepted. Returns its id."""
    r = page.request.post(
        f"{base}/api/tournaments",
        data=json.dumps({"name": name, "template": template}),
        headers={"X-CSRF-Token": token, "Content-Type": "application/json"},
    )
    assert r.status in (200, 201), r.text()
    return str(r.json()["tournament"])


def page_command(
    page: Any, base: str, token: str, tid: str, name: str, body: dict[str, Any]
) -> Any:
    """Run one command over the JSON API from the signed-in ``page`` (the console's own
    session); it must be accepted. Returns the answer's JSON."""
    r = page.request.post(
        f"{base}/api/tournaments/{tid}/commands/{name}",
        data=json.dumps(body),
        headers={"X-CSRF-Token": token, "Content-Type": "application/json"},
    )
    assert r.status == 200, r.text()
    return r.json()


def navigated_away_from_icon(request: Any) -> bool:
    """Whether a failed request is the page's icon cut off by the next navigation.

    Chromium fetches ``<link rel="icon">`` after the page's load event, so a test that
    navigates on at once aborts it (``net::ERR_ABORTED``); that is not a fault of the page
    (a missing icon is a 404, which the response listeners still catch)."""
    url = request.url.split("?")[0]
    return url.endswith(("/favicon.ico", "/static/icon.svg")) and "ERR_ABORTED" in str(
        request.failure or ""
    )
