"""``pokertd serve`` options for running it for real (issue 16), against REAL processes.

- ``--workers 2`` on PostgreSQL: one port served by two worker processes (each response names
  its worker in ``X-Pokertd-Worker``), and a bust made through one worker reaches a display
  connected to the other (LISTEN/NOTIFY); a stop ends the display's stream with the
  reconnect event and the parent exits 0. ``--workers 2`` on SQLite is refused with the
  reason.
- SIGTERM with three displays and a WebSocket open: every SSE stream ends with ``event:
  reconnect`` (``retry: 500``), the socket closes with 1012, the process exits 0.
- ``--pool-size 0`` (or ``$POKERTD_POOL_SIZE=0``) and ``--workers 17`` are one-line refusals.
- ``--log-format json`` writes JSON lines to stderr (with one ``serving`` record) and keeps
  stdout clean; ``--no-access-log`` drops the access lines; text logs carry the request id.
- The hub's part (:meth:`Hub.close_all`, the chained stop signals) and the ASGI factory
  (:mod:`pokertd.web.asgi`) in-process.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Origin

from pokertd.web import asgi
from pokertd.web.hub import RECONNECT_MS, Hub, Message

from .servers import Served, api_demo, api_sign_in, serve_process

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

PASSWORD = "serve-options-director-1"
WORKER = "x-pokertd-worker"


# ---- helpers ----------------------------------------------------------------------------


def _events(lines: Iterator[str]) -> Iterator[dict[str, str]]:
    """The SSE events of a stream as dicts of their fields (comments skipped), until it ends."""
    fields: dict[str, str] = {}
    for line in lines:
        if not line:
            if fields:
                yield fields
            fields = {}
            continue
        if line.startswith(":"):
            continue
        name, _, value = line.partition(":")
        fields[name] = value.removeprefix(" ")
    if fields:
        yield fields


def _assert_reconnect(event: dict[str, str]) -> None:
    """The last event of a stream a stop ended: ``reconnect`` with the short retry."""
    assert event["event"] == "reconnect", event
    assert event["retry"] == str(RECONNECT_MS) == "500"
    assert json.loads(event["data"])["retry"] == 500


def _serve(args: list[str], db: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``pokertd serve`` expected to refuse at once (no server starts)."""
    merged = {**os.environ, "POKERTD_NO_PROMPT": "1"}
    merged.pop("POKERTD_POOL_SIZE", None)
    merged.pop("POKERTD_WORKERS", None)
    command = [sys.executable, "-c", "from pokertd.cli import main; main()", "serve"]
    return subprocess.run(
        [*command, "--db", db, *args],
        env={**merged, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


# ---- refusals ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "env", "words"),
    [
        (["--workers", "2"], {}, "--workers 2 needs a PostgreSQL database"),
        (["--pool-size", "0"], {}, "The pool size must be between 1 and 100 database connections"),
        ([], {"POKERTD_POOL_SIZE": "0"}, "The pool size must be between 1 and 100 database"),
        (["--workers", "17"], {}, "--workers must be between 1 and 16 processes, not 17"),
    ],
)
def test_serve_refuses_unsafe_workers_and_pool_sizes_in_one_line(
    tmp_path: Path, args: list[str], env: dict[str, str], words: str
) -> None:
    done = _serve(args, f"sqlite:///{tmp_path / 'td.db'}", env)
    assert done.returncode == 2, done.stderr
    message = done.stderr.strip()
    assert message.startswith("error: "), message
    assert words in message
    assert "\n" not in message
    assert "Traceback" not in message
    assert not (tmp_path / "td.db").exists() or args != ["--workers", "2"]
    if args == ["--workers", "2"]:  # why, and what to do instead
        assert "do not hear of each other's changes" in message
        assert "Serve with one worker" in message
        assert "--db postgresql://" in message


# ---- a stop ends every stream -----------------------------------------------------------


def test_sigterm_ends_three_streams_with_the_reconnect_event_and_exits_0(tmp_path: Path) -> None:
    with serve_process(
        ["--db", f"sqlite:///{tmp_path / 'td.db'}"], tmp_path, password=PASSWORD
    ) as srv:
        with httpx.Client(timeout=30) as floor:
            tid, _ = api_demo(floor, srv.base, api_sign_in(floor, srv.base, PASSWORD))
            cookie = "; ".join(f"{k}={v}" for k, v in floor.cookies.items())
        ended = asyncio.run(_three_streams_and_a_socket_through_a_stop(srv, tid, cookie))
        assert srv.proc.wait(30) == 0, srv.err.read_text()
    streams, close_code = ended
    assert len(streams) == 3
    for events in streams:
        assert events[0] == {"retry": "1000"}
        assert events[1]["event"] == "hello"  # the push protocol's version (issue 24)
        assert events[2]["event"] == "snapshot"
        _assert_reconnect(events[-1])
    assert close_code == 1012  # the WebSocket: service restart, reconnect


async def _three_streams_and_a_socket_through_a_stop(
    srv: Served, tid: str, cookie: str
) -> tuple[list[list[dict[str, str]]], int]:
    """Open three displays and a WebSocket, SIGTERM the server once all are live, and read
    each to its end: the events of each stream and the socket's close code."""
    ready: asyncio.Queue[None] = asyncio.Queue()
    url = f"{srv.base}/api/tournaments/{tid}/stream"

    async def display(client: httpx.AsyncClient) -> list[dict[str, str]]:
        got: list[dict[str, str]] = []
        fields: dict[str, str] = {}
        async with client.stream("GET", url) as r:
            assert r.status_code == 200
            async for line in r.aiter_lines():
                if line.startswith(":"):
                    continue
                if line:
                    name, _, value = line.partition(":")
                    fields[name] = value.removeprefix(" ")
                    continue
                if fields:
                    got.append(fields)
                    if fields.get("event") == "snapshot":
                        ready.put_nowait(None)
                fields = {}
        return got

    async def socket() -> int:
        ws_url = "ws" + srv.base.removeprefix("http") + f"/api/tournaments/{tid}/ws"
        async with connect(
            ws_url, additional_headers={"Cookie": cookie}, origin=Origin(srv.base)
        ) as ws:
            assert json.loads(await ws.recv())["type"] == "hello"
            ready.put_nowait(None)
            with contextlib.suppress(ConnectionClosed):
                while True:
                    await ws.recv()
            assert ws.close_code is not None
            return ws.close_code

    async with httpx.AsyncClient(timeout=30) as client:
        tasks = [asyncio.ensure_future(display(client)) for _ in range(3)]
        sock = asyncio.ensure_future(socket())
        for _ in range(4):
            await asyncio.wait_for(ready.get(), 30)
        srv.proc.send_signal(signal.SIGTERM)
        streams = await asyncio.wait_for(asyncio.gather(*tasks), 30)
        code = await asyncio.wait_for(sock, 30)
    return list(streams), code


# ---- workers ----------------------------------------------------------------------------


def _worker_of(client: httpx.Client, base: str) -> str:
    r = client.get(f"{base}/api/me")
    assert r.status_code == 200
    return r.headers[WORKER]


def _wait_for_workers(srv: Served, count: int) -> None:
    """Wait until ``count`` workers have started (each logs "Application startup complete")."""
    deadline = time.monotonic() + 120
    while srv.err.read_text().count("Application startup complete") < count:
        if srv.proc.poll() is not None or time.monotonic() > deadline:
            pytest.fail(f"the workers did not start:\n{srv.err.read_text()}")
        time.sleep(0.2)


def _client_on(base: str, worker: str, cookies: httpx.Cookies) -> httpx.Client:
    """A keep-alive client whose connection is served by ``worker`` (new connections until
    the kernel hands one to that process)."""
    for _ in range(400):
        client = httpx.Client(timeout=30, cookies=cookies)
        if _worker_of(client, base) == worker:
            return client
        client.close()
    pytest.fail(f"no connection reached worker {worker}")


@pytest.mark.postgres
def test_two_workers_on_postgres_share_one_port_and_each_others_changes(
    pg_database: str, tmp_path: Path
) -> None:
    with serve_process(
        ["--db", pg_database, "--workers", "2", "--pool-size", "2"], tmp_path, password=PASSWORD
    ) as srv:
        _wait_for_workers(srv, 2)
        seen: set[str] = set()
        for _ in range(400):  # a new connection each time: the kernel spreads them
            with httpx.Client(timeout=30) as c:
                seen.add(_worker_of(c, srv.base))
            if len(seen) == 2:
                break
        assert len(seen) == 2, (seen, srv.err.read_text())
        assert str(srv.proc.pid) not in seen  # the parent only supervises

        with httpx.Client(timeout=30) as floor:
            headers = api_sign_in(floor, srv.base, PASSWORD)
            tid, alive = api_demo(floor, srv.base, headers)
            cookies = floor.cookies
        stream = f"{srv.base}/api/tournaments/{tid}/stream"
        with httpx.Client(timeout=30) as tv, tv.stream("GET", stream) as r:
            display_worker = r.headers[WORKER]
            events = _events(r.iter_lines())
            assert next(events) == {"retry": "1000"}
            assert next(events)["event"] == "hello"  # the push protocol's version (issue 24)
            first = next(events)
            assert first["event"] == "snapshot"
            seq = int(first["id"])
            other = (seen - {display_worker}).pop()
            with contextlib.closing(_client_on(srv.base, other, cookies)) as writer:
                bust = writer.post(
                    f"{srv.base}/api/tournaments/{tid}/commands/bust",
                    json={"players": [alive[0]]},
                    headers=headers,
                )
                assert bust.status_code == 200, bust.text
                assert bust.headers[WORKER] == other != display_worker
                target = int(bust.json()["seq"])
            while seq < target:  # the other worker's change, pushed by this one
                pushed = next(events)
                assert pushed["event"] in ("patch", "snapshot")
                seq = int(pushed["id"])
            assert seq == target
            srv.proc.send_signal(signal.SIGTERM)  # the parent stops its workers
            rest = list(events)
        _assert_reconnect(rest[-1])
        assert srv.proc.wait(30) == 0, srv.err.read_text()
    records = [json.loads(line) for line in srv.err.read_text().splitlines() if line.strip()]
    started = {r["message"] for r in records if r["logger"] == "uvicorn.error"}
    assert {f"Started server process [{pid}]" for pid in seen} <= started


# ---- logs -------------------------------------------------------------------------------


def test_json_logs_on_stderr_with_a_serving_record_and_no_access_lines(tmp_path: Path) -> None:
    with serve_process(
        ["--db", f"sqlite:///{tmp_path / 'td.db'}", "--no-access-log"],
        tmp_path,
        password=PASSWORD,
        env={"POKERTD_LOG_FORMAT": "json"},
    ) as srv:
        port = int(srv.base.rsplit(":", 1)[1])
        assert httpx.get(f"{srv.base}/api/me", timeout=30).status_code == 200
    lines = [line for line in srv.err.read_text().splitlines() if line.strip()]
    records = [json.loads(line) for line in lines]  # every line is one JSON object
    assert len(records) >= 3
    (serving,) = [r for r in records if r["message"] == "serving"]
    assert serving["logger"] == "pokertd.serve"
    assert (serving["port"], serving["workers"], serving["level"]) == (port, 1, "info")
    assert not [r for r in records if r["logger"] == "pokertd.access"]
    assert srv.out.read_text() == ""  # no banner in the collector's stream


def test_text_logs_carry_the_access_line_with_its_request_id(tmp_path: Path) -> None:
    with serve_process(
        ["--db", f"sqlite:///{tmp_path / 'td.db'}", "--log-format", "text"],
        tmp_path,
        password=PASSWORD,
    ) as srv:
        r = httpx.get(f"{srv.base}/api/me", headers={"X-Request-ID": "serve-test-42"}, timeout=30)
        assert r.status_code == 200
    text = srv.err.read_text()
    assert not [line for line in text.splitlines() if line.startswith("{")]
    (access,) = [line for line in text.splitlines() if "[serve-test-42]" in line]
    assert "pokertd.access" in access
    assert "GET /api/me 200" in access
    assert "pokertd serving" in srv.out.read_text()  # the banner for people


# ---- in-process: the hub and the factory ------------------------------------------------


def _hub() -> Hub:
    return Hub(lambda tid, audience: {"seq": 1}, lambda tid, after: (0, []))


def test_close_all_ends_displays_and_sockets_and_turns_away_late_joiners() -> None:
    async def run() -> tuple[list[Message], Message, Message]:
        hub = _hub()
        hub.attach(asyncio.get_running_loop())
        displays = [await hub.display("t1"), await hub.display("t2", "staff")]
        sock = await hub.socket("t1")
        await asyncio.sleep(0.05)  # the first views
        for q in displays:
            assert (await q.get()).kind == "snapshot"
        hub.close_all()
        await asyncio.sleep(0)
        got = [await asyncio.wait_for(q.get(), 1) for q in [*displays, sock]]
        late = await hub.display("t1")
        late_socket = await hub.socket("t3")
        hub.detach()
        return got, late.get_nowait(), late_socket.get_nowait()

    got, late, late_socket = asyncio.run(run())
    assert [m.kind for m in got] == ["close", "close", "close"]
    assert got[0].frame.startswith(b"event: reconnect\nretry: 500\ndata: ")
    assert got[0].frame.endswith(b"\n\n")
    assert got[0].full == got[0].frame
    assert late.kind == late_socket.kind == "close"


def test_attach_chains_the_stop_signals_and_detach_gives_them_back() -> None:
    calls: list[int] = []

    def server_handler(signum: int, frame: Any) -> None:
        calls.append(signum)

    saved = signal.signal(signal.SIGTERM, server_handler)
    try:

        async def run() -> tuple[bool, bool]:
            hub = _hub()
            hub.attach(asyncio.get_running_loop())
            chained = signal.getsignal(signal.SIGTERM) is not server_handler
            signal.raise_signal(signal.SIGTERM)
            await asyncio.sleep(0.05)  # close_all runs as the loop's next callback
            closing = hub.closing
            hub.detach()
            return chained, closing

        chained, closing = asyncio.run(run())
        assert chained
        assert closing
        assert calls == [signal.SIGTERM]  # the server's own handler still ran, once
        assert signal.getsignal(signal.SIGTERM) is server_handler
    finally:
        signal.signal(signal.SIGTERM, saved)


def test_attach_leaves_a_default_signal_alone() -> None:
    saved = signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:

        async def run() -> Any:
            hub = _hub()
            hub.attach(asyncio.get_running_loop())
            found = signal.getsignal(signal.SIGTERM)
            hub.detach()
            return found

        assert asyncio.run(run()) is signal.SIG_DFL  # never swallow a stop nobody handles
    finally:
        signal.signal(signal.SIGTERM, saved)


@pytest.mark.parametrize(
    ("name", "value", "words"),
    [
        ("POKERTD_POOL_SIZE", "0", "POKERTD_POOL_SIZE must be a whole number from 1 to 100"),
        ("POKERTD_POOL_SIZE", "four", "POKERTD_POOL_SIZE must be a whole number from 1 to 100"),
        ("POKERTD_LOG_LEVEL", "loud", "POKERTD_LOG_LEVEL must be one of debug, info, warning"),
        ("POKERTD_LOG_FORMAT", "xml", "POKERTD_LOG_FORMAT must be one of json, text"),
        ("POKERTD_TRUSTED_PROXIES", "caddy", "Trusted proxy 'caddy' is not an IP address"),
        ("POKERTD_TIMEZONE", "Mars/Olympus", "Unknown time zone 'Mars/Olympus'"),
    ],
)
def test_the_factory_refuses_bad_variables_as_a_startup_failure(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    name: str,
    value: str,
    words: str,
) -> None:
    monkeypatch.setenv("POKERTD_DB", f"sqlite:///{tmp_path / 'td.db'}")
    monkeypatch.setenv(name, value)
    with pytest.raises(asgi.ConfigError) as refused:
        asgi.app_from_env()
    assert refused.value.code == asgi.STARTUP_FAILURE == 3  # uvicorn stops, no respawn loop
    assert words in refused.value.message
    assert capsys.readouterr().err.strip() == f"error: {refused.value.message}"


def test_the_factory_serves_the_store_named_by_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("POKERTD_DB", f"sqlite:///{tmp_path / 'td.db'}")
    for name in ("POKERTD_LOG_LEVEL", "POKERTD_LOG_FORMAT", "POKERTD_ACCESS_LOG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("POKERTD_WORKERS", "1")
    single = asgi.app_from_env()
    with TestClient(single) as client:
        r = client.get("/api/me")
        assert r.status_code == 200
        assert WORKER not in r.headers  # one process: nothing to tell apart
    single.state.web.app.tournaments.close()
    monkeypatch.setenv("POKERTD_WORKERS", "2")
    wrapped = asgi.app_from_env()
    assert isinstance(wrapped, asgi.WorkerHeader)
    with TestClient(wrapped) as client:
        assert client.get("/api/me").headers[WORKER] == str(os.getpid())
    wrapped.app.state.web.app.tournaments.close()
