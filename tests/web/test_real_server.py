"""The pushes against a REAL server: ``pokertd serve`` as a subprocess on a loopback port.

TestClient runs the app in-process and fakes the WebSocket, so it cannot tell whether the
server a venue starts speaks WebSocket at all (without a WebSocket library uvicorn answers
the upgrade with 404). Here the console script ``pokertd serve`` runs on a temporary SQLite
file; the director signs in over HTTP, opens the WebSocket with the session cookie (the
``websockets`` client), busts a player and receives the event; a display reads the SSE
stream over a real socket and gets a new snapshot after a change; and a stop with a stream
open ends the server within its graceful-shutdown time.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus
from websockets.typing import Origin

from pokertd.web.hub import merge_apply

from .servers import api_demo, api_sign_in
from .servers import free_port as _free_port

PASSWORD = "real-server-director-1"


@dataclass
class Server:
    """A running ``pokertd serve``."""

    proc: subprocess.Popen[bytes]
    base: str
    log: Path

    @property
    def ws_base(self) -> str:
        return "ws" + self.base.removeprefix("http")


def _command() -> list[str]:
    script = Path(sys.executable).with_name("pokertd")
    if script.exists():
        return [str(script)]
    found = shutil.which("pokertd")
    if found:
        return [found]
    return [sys.executable, "-c", "from pokertd.cli import main; main()"]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    port = _free_port()
    env = {
        **os.environ,
        "POKERTD_DIRECTOR_PASSWORD": PASSWORD,
        "POKERTD_NO_PROMPT": "1",
        "PYTHONWARNINGS": "default",
    }
    log = tmp_path / "serve.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [*_command(), "serve", "--db", f"sqlite:///{tmp_path / 'td.db'}", "--port", str(port)],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90  # a loaded machine starts a server slowly
        while True:
            try:
                if httpx.get(f"{base}/api/me", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"pokertd serve did not start:\n{log.read_text()}")
            time.sleep(0.1)
        yield Server(proc, base, log)
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)


def _demo(client: httpx.Client, base: str, headers: dict[str, str]) -> tuple[str, list[str]]:
    tid, alive = api_demo(client, base, headers)
    assert len(alive) == 60
    return tid, alive


def _bust(client: httpx.Client, base: str, tid: str, h: dict[str, str], name: str) -> int:
    r = client.post(
        f"{base}/api/tournaments/{tid}/commands/bust", json={"players": [name]}, headers=h
    )
    assert r.status_code == 200, r.text
    return int(r.json()["seq"])


def test_websocket_pushes_events_under_pokertd_serve(server: Server) -> None:
    with httpx.Client(timeout=15) as client:
        headers = api_sign_in(client, server.base, PASSWORD)
        tid, alive = _demo(client, server.base, headers)
        cookie = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
        origin = Origin(server.base)

        async def follow() -> tuple[dict[str, Any], dict[str, Any], int]:
            url = f"{server.ws_base}/api/tournaments/{tid}/ws"
            async with connect(
                url, additional_headers={"Cookie": cookie}, origin=origin, open_timeout=10
            ) as ws:
                hello = json.loads(await asyncio.wait_for(ws.recv(), 10))
                seq = await asyncio.to_thread(_bust, client, server.base, tid, headers, alive[0])
                pushed = json.loads(await asyncio.wait_for(ws.recv(), 10))
                return hello, pushed, seq

        hello, pushed, seq = asyncio.run(follow())
    assert hello == {"type": "hello", "tournament": tid}
    assert pushed["type"] == "events"
    (ev,) = [e for e in pushed["events"] if e["type"] == "players_busted"]
    assert ev["seq"] == seq
    assert ev["actor"] == "director"
    assert ev["data"]["busted"][0]["name"] == alive[0]
    assert ev["text"].startswith(f"Busted {alive[0]}")


def test_websocket_refuses_the_public_but_exists(server: Server) -> None:
    """Refused before the handshake: HTTP 403 (the route exists; no WebSocket library gave 404)."""
    with httpx.Client(timeout=15) as client:
        tid, _ = _demo(client, server.base, api_sign_in(client, server.base, PASSWORD))

    async def anonymous() -> int:
        url = f"{server.ws_base}/api/tournaments/{tid}/ws"
        try:
            async with connect(url, origin=Origin(server.base), open_timeout=10):
                return 101
        except InvalidStatus as refused:
            return refused.response.status_code

    assert asyncio.run(anonymous()) == 403


def _read_event(lines: Iterator[str]) -> dict[str, str]:
    """The next SSE event (``event``/``id``/``data`` fields), comments and the stream's
    ``hello`` (the push protocol's version, tests/web/test_push_protocol.py) skipped."""
    fields: dict[str, str] = {}
    for line in lines:
        if not line:
            if "data" in fields and fields.get("event") != "hello":
                return fields
            fields = {}
            continue
        if line.startswith(":"):
            continue
        name, _, value = line.partition(":")
        fields[name] = value.removeprefix(" ")
    raise AssertionError("the stream ended")


def test_sse_over_a_real_socket_gets_a_snapshot_after_a_change(server: Server) -> None:
    with httpx.Client(timeout=15) as floor, httpx.Client(timeout=15) as tv:
        headers = api_sign_in(floor, server.base, PASSWORD)
        tid, alive = _demo(floor, server.base, headers)
        url = f"{server.base}/api/tournaments/{tid}/stream"
        with tv.stream("GET", url) as r:
            assert r.status_code == 200
            assert r.headers["content-type"].startswith("text/event-stream")
            assert r.headers["cache-control"] == "no-cache"
            raw = r.iter_lines()
            first_line = next(raw)
            assert first_line == "retry: 1000"
            first = _read_event(raw)
            assert first["event"] == "snapshot"
            before = json.loads(first["data"])
            assert int(first["id"]) == before["seq"]
            seq = _bust(floor, server.base, tid, headers, alive[0])
            after = before
            kinds: list[str] = []
            while True:  # coalesced pushes: read until the bust is in
                pushed = _read_event(raw)
                kinds.append(pushed["event"])
                data = json.loads(pushed["data"])
                if pushed["event"] == "patch":  # what changed, applied to the last view
                    assert data["base"] == after["seq"]
                    after = merge_apply(after, data["patch"])
                else:
                    after = data
                if after["seq"] >= seq:
                    break
    assert "patch" in kinds  # a change after the first view is sent as what changed
    assert int(pushed["id"]) == after["seq"] == seq
    assert after["seq"] > before["seq"]
    assert after["status"] != before["status"]


def test_a_stop_with_a_stream_open_ends_the_server_promptly(server: Server) -> None:
    with httpx.Client(timeout=15) as floor, httpx.Client(timeout=15) as tv:
        tid, _ = _demo(floor, server.base, api_sign_in(floor, server.base, PASSWORD))
        with tv.stream("GET", f"{server.base}/api/tournaments/{tid}/stream") as r:
            raw = r.iter_lines()
            assert next(raw) == "retry: 1000"
            assert _read_event(raw)["event"] == "snapshot"
            t0 = time.monotonic()
            server.proc.send_signal(signal.SIGTERM)
            server.proc.wait(15)
            took = time.monotonic() - t0
    # uvicorn re-raises the SIGTERM it handled once it has shut down
    assert server.proc.returncode in (0, -signal.SIGTERM), server.log.read_text()
    assert took < 8  # the open stream is cut after the 3 s graceful-shutdown time
