"""The compose topology with real processes: PostgreSQL, two ``pokertd serve`` and Caddy.

The same ``deploy/Caddyfile`` as ``compose.yaml`` and the Debian units (its environment
variables say where the servers are), with ``tls internal`` on free ports: over HTTPS through
the proxy the servers are ready, the director signs in, creates a tournament and registers
players; the requests land on both servers (their own JSON access logs say so); a display's
SSE stream and the staff WebSocket (wss://) through the proxy receive changes made on either
server; one server killed, the proxy keeps serving from the other with nothing lost;
``/metrics`` is 404 through the proxy.
Needs PostgreSQL (``$POKERTD_TEST_PG_URL``) and Caddy (``/usr/bin/caddy``; ``.ci/run``
installs it).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.typing import Origin

from pokertd.store.testing import fresh_postgres_database, postgres_test_url
from web.servers import free_port

pytestmark = [pytest.mark.slow, pytest.mark.postgres]

ROOT = Path(__file__).resolve().parents[2]
CADDYFILE = ROOT / "deploy" / "Caddyfile"
PASSWORD = "deploy-director-1"


@dataclass
class Server:
    """One ``pokertd serve`` process and the file its output goes to."""

    proc: subprocess.Popen[bytes]
    base: str
    log: Path

    def access_lines(self) -> list[dict[str, Any]]:
        """The JSON access-log records this server wrote (one per request it answered)."""
        found = []
        for line in self.log.read_text(errors="replace").splitlines():
            with contextlib.suppress(ValueError):
                record = json.loads(line)
                if isinstance(record, dict) and _is_access(record):
                    found.append(record)
        return found


def _is_access(record: dict[str, Any]) -> bool:
    """Whether a JSON log record is an access-log line (names a request path)."""
    return "path" in record or "uvicorn.access" in str(record.get("logger", ""))


def _request_path(record: dict[str, Any]) -> str:
    """The request path of an access-log record, whatever key the log uses for it."""
    for key in ("path", "request", "message", "msg"):
        if key in record:
            return str(record[key])
    return json.dumps(record)


@dataclass
class Deployment:
    """Two servers on one PostgreSQL database behind Caddy."""

    proxy: str
    ca: ssl.SSLContext
    servers: list[Server]
    caddy_log: Path
    procs: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def client(self, timeout: float = 30) -> httpx.Client:
        """An HTTPS client that trusts Caddy's local certificate authority only."""
        return httpx.Client(base_url=self.proxy, verify=self.ca, timeout=timeout)


def _serve(url: str, log: Path) -> Server:
    """``pokertd serve`` behind a proxy on loopback, JSON logs at info level into ``log``."""
    port = free_port()
    env = {
        **os.environ,
        "POKERTD_NO_PROMPT": "1",
        "POKERTD_DIRECTOR_PASSWORD": PASSWORD,
        "POKERTD_COOKIE_SECURE": "1",
        "PYTHONUNBUFFERED": "1",  # each access-log line in the file at once
    }
    out = log.open("wb")
    proc = subprocess.Popen(
        [
            *(sys.executable, "-c", "from pokertd.cli import main; main()"),
            *("serve", "--db", url, "--host", "127.0.0.1", "--port", str(port)),
            *("--trusted-proxy", "127.0.0.1", "--log-format", "json", "--log-level", "info"),
        ],
        env=env,
        stdout=out,
        stderr=subprocess.STDOUT,
    )
    out.close()
    return Server(proc, f"http://127.0.0.1:{port}", log)


START_S = 90
"""How long a server or Caddy may take to start: generous, the CI machine may be loaded."""


def _wait(what: str, check: Any, procs: list[tuple[subprocess.Popen[bytes], Path]]) -> None:
    """Poll ``check()`` for up to :data:`START_S`; fail with the output of a process that
    exited, or of all of them when time runs out."""
    deadline = time.monotonic() + START_S
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError, httpx.HTTPError, ssl.SSLError):
            if check():
                return
        for proc, log in procs:
            if proc.poll() is not None:
                pytest.fail(f"{what}: a process exited early:\n{log.read_text()[-3000:]}")
        time.sleep(0.2)
    tails = "\n".join(log.read_text()[-1500:] for _, log in procs)
    pytest.fail(f"{what} within {START_S} s:\n{tails}")


def _stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


@pytest.fixture
def deployment(tmp_path: Path) -> Iterator[Deployment]:
    """A fresh database, two servers started together, Caddy with ``deploy/Caddyfile``."""
    base_url, reason = postgres_test_url()
    if base_url is None:
        pytest.skip(reason)
    caddy = shutil.which("caddy")
    if caddy is None:
        pytest.skip("Caddy is not installed (Debian: apt install caddy; .ci/run installs it)")
    with fresh_postgres_database(base_url, "pokertd_deploy") as url:
        servers = [_serve(url, tmp_path / f"server{i}.log") for i in (1, 2)]
        procs = [s.proc for s in servers]
        try:
            watched = [(s.proc, s.log) for s in servers]
            # Caddy starts once both answer /readyz: its first health checks find both up
            # (a server it saw down waits for the next check, 2 s later).
            for s in servers:
                _wait(
                    f"{s.base}/readyz did not answer 200",
                    lambda s=s: httpx.get(f"{s.base}/readyz", timeout=2).status_code == 200,
                    watched,
                )
            https_port = free_port()
            caddy_env = {
                **os.environ,
                "HOME": str(tmp_path),
                "XDG_DATA_HOME": str(tmp_path / "caddy-data"),
                "XDG_CONFIG_HOME": str(tmp_path / "caddy-config"),
                "POKERTD_SITE": f"localhost:{https_port}",
                "POKERTD_TLS": "internal",
                "POKERTD_UPSTREAMS": " ".join(s.base.removeprefix("http://") for s in servers),
                "POKERTD_HTTP_PORT": str(free_port()),
                "POKERTD_HTTPS_PORT": str(https_port),
                "POKERTD_CADDY_ADMIN": "off",
            }
            caddy_log = tmp_path / "caddy.log"
            with caddy_log.open("wb") as out:
                caddy_proc = subprocess.Popen(
                    [caddy, "run", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
                    env=caddy_env,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    cwd=tmp_path,
                )
            procs.append(caddy_proc)
            watched.append((caddy_proc, caddy_log))
            root = tmp_path / "caddy-data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"
            _wait("Caddy wrote no local root certificate", root.exists, watched)
            ca = ssl.create_default_context(cafile=str(root))
            proxy = f"https://localhost:{https_port}"
            _wait(
                "Caddy did not serve /readyz over HTTPS",
                lambda: httpx.get(f"{proxy}/readyz", verify=ca, timeout=2).status_code == 200,
                watched,
            )
            yield Deployment(proxy, ca, servers, caddy_log, procs)
        finally:
            for proc in procs:
                _stop(proc)


def _sign_in(client: httpx.Client) -> dict[str, str]:
    r = client.post("/api/login", json={"name": "director", "password": PASSWORD})
    assert r.status_code == 200, r.text
    return {"X-CSRF-Token": r.json()["csrf"]}


def _registers(server: Server) -> int:
    """How many registrations ``server`` answered (its access log)."""
    return sum("/commands/register" in _request_path(r) for r in server.access_lines())


def _create(client: httpx.Client, name: str, h: dict[str, str]) -> str:
    r = client.post("/api/tournaments", json={"name": name, "template": "fox_wed_140"}, headers=h)
    assert r.status_code == 201, r.text
    return str(r.json()["tournament"])


def _register(client: httpx.Client, tid: str, name: str, h: dict[str, str]) -> None:
    r = client.post(
        f"/api/tournaments/{tid}/commands/register",
        json={"name": name, "age_ok": True, "member_ok": True},
        headers=h,
    )
    assert r.status_code == 200, r.text


def _entries(client: httpx.Client, tid: str) -> list[str]:
    r = client.get(f"/api/tournaments/{tid}")
    assert r.status_code == 200, r.text
    return sorted(p["name"] for p in r.json()["players"])


def _follow(dep: Deployment, tid: str, pushes: int, got: list[Any], ready: threading.Event) -> None:
    """A display: the public SSE stream through the proxy; records each push's entry count
    (or the error that ended it, so the test says why instead of waiting for nothing)."""
    url = f"/api/tournaments/{tid}/stream?patches=0&limit={pushes}"
    try:
        with dep.client() as tv, tv.stream("GET", url) as r:
            assert r.headers["content-type"].startswith("text/event-stream"), r.headers
            kind = ""
            for line in r.iter_lines():
                if line.startswith("event: "):
                    kind = line[7:]
                elif line.startswith("data: ") and kind != "hello":  # the protocol's version
                    got.append(json.loads(line[6:])["status"]["entries"])
                    ready.set()
    except Exception as exc:
        got.append(repr(exc))
        ready.set()


def test_two_servers_behind_caddy_with_tls(deployment: Deployment) -> None:
    """Through the proxy over verified HTTPS: sign in, create, register; both servers serve;
    a display sees changes made on either server; /metrics is private."""
    dep = deployment
    with dep.client() as c:
        h = _sign_in(c)
        tid = _create(c, "Deploy", h)
        for i in range(20):
            _register(c, tid, f"Proxy {i:02d}", h)
        assert len(_entries(c, tid)) == 20

        # least_conn with no open streams picks at random among equals: 20 writes and their
        # reads reach both servers (each one's own access log names the register path).
        counts = [_registers(s) for s in dep.servers]
        assert sum(counts) == 20, counts
        assert min(counts) >= 1, f"one server answered every request: {counts}"

        # The proxy drops a client's own X-Forwarded-For and sets the real one, which the
        # servers believe (--trusted-proxy): a forged address never reaches the session list.
        spoof = {"X-Forwarded-For": "203.0.113.9"}
        r = c.post("/api/login", json={"name": "director", "password": PASSWORD}, headers=spoof)
        assert r.status_code == 200
        h = {"X-CSRF-Token": r.json()["csrf"]}  # the new session's
        addresses = {s["address"] for s in c.get("/api/sessions").json()}
        assert addresses, "no session listed"
        assert addresses <= {"127.0.0.1", "::1"}, addresses

        # /metrics: each server answers it on the private network, the proxy says 404.
        assert c.get("/metrics").status_code == 404
        assert c.get("/metrics/").status_code == 404
        for s in dep.servers:
            assert httpx.get(f"{s.base}/metrics", timeout=5).status_code == 200

        # A display through the proxy; one change made directly on each server: the stream
        # (held by one of them) gets both, so one came through the other server.
        got: list[Any] = []
        ready = threading.Event()
        tv = threading.Thread(target=_follow, args=(dep, tid, 3, got, ready), daemon=True)
        tv.start()
        assert ready.wait(30), "the display's stream sent no first snapshot"
        # (The session cookie is Secure, so plain HTTP on the private side needs it by hand.)
        session = {**h, "Cookie": f"pokertd_session={c.cookies['pokertd_session']}"}
        for i, s in enumerate(dep.servers):
            with httpx.Client(base_url=s.base, timeout=10) as direct:
                _register(direct, tid, f"Direct {i}", session)
        tv.join(30)
        assert got == [20, 21, 22]


def test_the_floor_websocket_works_through_the_proxy(deployment: Deployment) -> None:
    """The staff WebSocket upgrades through Caddy over TLS (wss://) and pushes a change made
    directly on each server: the socket sits on one of them, so one change crossed over."""
    dep = deployment
    with dep.client() as c:
        h = _sign_in(c)
        tid = _create(c, "Sockets", h)
        session = {**h, "Cookie": f"pokertd_session={c.cookies['pokertd_session']}"}

    async def follow() -> list[str]:
        url = dep.proxy.replace("https://", "wss://") + f"/api/tournaments/{tid}/ws"
        names: list[str] = []
        async with connect(
            url,
            additional_headers={"Cookie": session["Cookie"]},
            origin=Origin(dep.proxy),
            ssl=dep.ca,
            open_timeout=30,
        ) as ws:
            hello = json.loads(await asyncio.wait_for(ws.recv(), 30))
            assert hello == {"type": "hello", "tournament": tid}
            for i, s in enumerate(dep.servers):
                with httpx.Client(base_url=s.base, timeout=10) as direct:
                    await asyncio.to_thread(_register, direct, tid, f"Socket {i}", session)
                while f"Socket {i}" not in names:
                    pushed = json.loads(await asyncio.wait_for(ws.recv(), 30))
                    names += [
                        e["data"]["name"] for e in pushed.get("events", []) if "name" in e["data"]
                    ]
        return names

    assert list(dict.fromkeys(asyncio.run(follow()))) == ["Socket 0", "Socket 1"]


def test_the_proxy_keeps_serving_when_one_server_dies(deployment: Deployment) -> None:
    """Kill one server: Caddy retries the other (dial failure, health checks) and no
    registration is lost; a display reconnecting through the proxy sees them all."""
    dep = deployment
    with dep.client() as c:
        h = _sign_in(c)
        tid = _create(c, "Failover", h)
        for i in range(5):
            _register(c, tid, f"Before {i}", h)

        dead, alive = dep.servers
        dead.proc.kill()
        dead.proc.wait(10)
        before = _registers(alive)
        for i in range(15):
            try:
                _register(c, tid, f"After {i:02d}", h)
            except AssertionError as exc:
                raise AssertionError(str(exc) + dep.caddy_log.read_text()[-5000:]) from None
        entries = _entries(c, tid)
        assert len(entries) == 20, entries
        assert sum(name.startswith("After") for name in entries) == 15
        assert _registers(alive) - before == 15  # every write after the kill: the survivor
        assert c.get("/readyz").status_code == 200

    got: list[Any] = []
    ready = threading.Event()
    _follow(dep, tid, 1, got, ready)
    assert got == [20]
