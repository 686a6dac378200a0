"""Two ``pokertd serve`` processes on one PostgreSQL database see each other's changes within
a second (LISTEN/NOTIFY through the service). Skips without ``$POKERTD_TEST_PG_URL``."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator

import httpx
import pytest

from pokertd.app.accounts import AccountService
from pokertd.store.testing import postgres_test_url
from pokertd.web import Role

from .servers import free_port as _free_port

pytestmark = pytest.mark.postgres


def _serve(url: str) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    env = {**os.environ, "POKERTD_NO_PROMPT": "1"}
    env.pop("POKERTD_DIRECTOR_PASSWORD", None)
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from pokertd.cli import main; main()",
            "serve",
            "--db",
            url,
            "--port",
            str(port),
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60  # a loaded CI machine starts a server slowly
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            urllib.request.urlopen(f"{base}/api/me", timeout=1).read()
            return proc, base
        except OSError:
            time.sleep(0.1)
    proc.kill()
    proc.wait()  # reaped here: no "still running" warning raised in a later test
    pytest.fail("pokertd serve did not start on PostgreSQL")


@pytest.fixture
def two_servers() -> Iterator[tuple[str, str, str, str]]:
    url, reason = postgres_test_url()
    if url is None:
        pytest.skip(reason)
    name, password = f"pg-{secrets.token_hex(4)}", secrets.token_urlsafe(12)
    users = AccountService(url)
    users.add(name, password, Role.DIRECTOR)
    users.close()
    a, base_a = _serve(url)
    b, base_b = _serve(url)
    try:
        yield base_a, base_b, name, password
    finally:
        for p in (a, b):
            p.terminate()
            p.wait(10)


def test_two_processes_see_each_others_changes(two_servers: tuple[str, str, str, str]) -> None:
    base_a, base_b, name, password = two_servers
    with httpx.Client(timeout=30) as a:
        csrf = a.post(f"{base_a}/api/login", json={"name": name, "password": password})
        h = {"X-CSRF-Token": csrf.json()["csrf"]}
        tid = a.post(f"{base_a}/api/demo", headers=h).json()["tournament"]
        victim = a.get(f"{base_a}/api/tournaments/{tid}").json()["players"][0]["name"]

        got: list[tuple[float, int]] = []
        ready = threading.Event()

        def watch() -> None:
            with (
                httpx.Client(timeout=30) as b,
                b.stream("GET", f"{base_b}/api/tournaments/{tid}/stream?limit=2&patches=0") as r,
            ):
                kind = ""
                for line in r.iter_lines():
                    if line.startswith("event: "):
                        kind = line[7:]
                    elif line.startswith("data: ") and kind != "hello":  # protocol version
                        got.append((time.perf_counter(), json.loads(line[6:])["status"]["alive"]))
                        ready.set()

        t = threading.Thread(target=watch)
        t.start()
        assert ready.wait(10)
        assert (
            a.post(
                f"{base_a}/api/tournaments/{tid}/commands/bust",
                json={"players": [victim]},
                headers=h,
            ).status_code
            == 200
        )
        t.join(10)
    # the other process pushed the bust (how fast: bench/, never asserted in a test)
    assert [alive for _, alive in got] == [60, 59]
