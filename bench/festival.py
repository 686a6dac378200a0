"""Festival load test (issue 16): a series of events played through the HTTP API by floor
clients on several ``pokertd serve`` processes over one PostgreSQL, behind a reverse proxy,
while TV displays watch every event and a lobby screen polls the series.

What each side does:

* **servers** (the system under test): a fresh PostgreSQL database
  ``pokertd_festival_<pid>`` made on the server of ``$POKERTD_TEST_PG_URL`` (dropped at the
  end), ``--servers`` ``pokertd serve`` processes on it started together, and Caddy
  (``/usr/bin/caddy``) spreading requests and streams over them as ``deploy/Caddyfile`` does
  (``least_conn``, request bodies buffered so a failed write is retried; ``--no-proxy``:
  the clients talk to the servers directly, alternating). ``--url`` uses a running
  deployment instead (with ``--password``; nothing is started or dropped).
* **floor clients** (``--floor``, spread over ``--procs`` client processes): sign in once,
  save a template for ``--entries`` players from ``fox_wed_80``, create a series of
  ``--events`` events from it, then in three phases, each phase's clock started together:
  ``register`` (each event's registration desks register its ``--entries`` players),
  ``seat`` (draw seats, start the clock), ``bust/move`` (one floor person per event busts
  random players, asks for the balancing moves after each bust and confirms them as the
  floor console does, until the final table, ``--until winner``: one player left).
* **displays** (``--displays`` SSE clients in ``--procs`` processes): each watches one
  event's TV stream (spread evenly over the events, and over the servers), and notes when
  each change first arrives.
* **lobby** (one client, in a process of its own): polls the series' lobby API and page
  every ``--lobby-every`` seconds throughout.

Every client runs in a process of its own (spawned), never in a server's process nor in
this one's loop: this process only starts them, opens each phase (a barrier) and reads the
CPU counters, so the clients' CPU is not taken for the servers' nor the other way round.

Reported per phase: writes, writes/s, write latency p50/p99 (POST sent to answer), push
latency p50/p99 (write acknowledged to a display having it, over every display of the
event; negative when a display had it before the client read the answer), errors by kind
(command and HTTP status; missing deliveries), lobby p50/p99, CPU seconds of each server
process (``/proc/<pid>/stat`` before and after the phase; Caddy's; and the PostgreSQL
backends serving the festival's database, not other databases on the machine), and the
configuration. **Server CPU per write** = the server processes' CPU over the phase ÷ the
writes answered 200: it includes the reads the floor makes after each write (the staff
view), the pushes to the displays and the lobby polls of that phase, the work a write
brings with it; **per request** divides by writes + reads instead. A table puts them side
by side with writes/s and the write latencies.

Run: ``uv run python -m bench.festival`` (20 events x 500 entries, 500 displays, 20 floor
clients, 2 servers); issue 25's figures: ``--entries 100``; the quick check: ``--events 2
--entries 30 --displays 10``.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import contextlib
import json
import math
import multiprocessing as mp
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from bench.web_load import (
    PASSWORD,
    _display,
    _free_port,
    balance,
    confirm_pending,
    pct,
    stop_server,
)

BASE_TEMPLATE = "fox_wed_80"
"""The shipped template the festival's events are made from (its tables changed)."""
SEATS = 10
"""Seats per table in the festival's template."""
PHASES = ("register", "seat", "bust/move")


# ---- the deployment ------------------------------------------------------------------


@dataclass
class Deployment:
    """What was started (and must be stopped) and where the clients go."""

    front: list[str]
    """Base URLs the clients use (the proxy, or every server with ``--no-proxy``)."""
    servers: list[tuple[subprocess.Popen[bytes], str]] = field(default_factory=list)
    proxy: subprocess.Popen[bytes] | None = None
    database: str = ""
    admin_url: str = ""
    tmp: str = ""
    options: list[str] = field(default_factory=list)


def _with_database(url: str, name: str) -> str:
    """``url`` naming the database ``name`` instead of its own."""
    parts = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit(parts._replace(path="/" + name))


def create_database(admin_url: str, name: str) -> str:
    """A new empty database ``name`` on the server of ``admin_url``; its URL."""
    import psycopg
    from psycopg import sql

    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return _with_database(admin_url, name)


def drop_database(admin_url: str, name: str) -> None:
    """Drop ``name`` (its connections closed first)."""
    import psycopg
    from psycopg import sql

    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        )


def serve_options(pool_size: int) -> list[str]:
    """Extra ``pokertd serve`` options this version knows (``--pool-size`` since issue 16)."""
    out = subprocess.run(
        [sys.executable, "-c", "from pokertd.cli import main; main()", "serve", "--help"],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1"},
        check=False,
    ).stdout
    return ["--pool-size", str(pool_size)] if pool_size and "--pool-size" in out else []


def start_servers(url: str, count: int, options: list[str], tmp: str) -> list[Any]:
    """``count`` ``pokertd serve`` processes on ``url``, started together (each on a free
    port); waits until every one answers. The first director is made by whichever starts
    first (``POKERTD_DIRECTOR_PASSWORD``; idempotent)."""
    env = {**os.environ, "POKERTD_DIRECTOR_PASSWORD": PASSWORD, "POKERTD_NO_PROMPT": "1"}
    started: list[tuple[subprocess.Popen[bytes], str, Path]] = []
    for i in range(count):
        port = _free_port()
        log = Path(tmp, f"server-{i}.log")
        with log.open("wb") as sink:
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
                    *options,
                ],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=sink,
            )
        started.append((proc, f"http://127.0.0.1:{port}", log))
    try:
        for proc, base, log in started:
            _wait_answering(base, proc, log)
    except BaseException:
        for proc, _, _ in started:  # the caller never gets them to stop: stop them here
            stop_server(proc)
        raise
    return [(proc, base) for proc, base, _ in started]


START_SECONDS = 120.0
"""How long a process may take to answer after it starts (a loaded machine is slow)."""


def _wait_answering(base: str, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"{base}/api/me", timeout=1).read()
            return
        except OSError:
            if proc.poll() is not None:
                break
            time.sleep(0.1)
    raise SystemExit(f"{base} did not start: " + log.read_text(errors="replace")[-1500:])


CADDYFILE = """{{
\tadmin off
\tauto_https off
}}

http://127.0.0.1:{port} {{
\treverse_proxy {upstreams} {{
\t\tlb_policy least_conn
\t\tlb_try_duration 5s
\t\tlb_try_interval 250ms
\t\tfail_duration 10s
\t\tflush_interval -1
\t\tbuffer_requests
\t}}
}}
"""
"""The proxy of ``deploy/Caddyfile`` (its ``reverse_proxy`` options) on plain HTTP: TLS and
the health checks left out, the rest as deployed."""


def start_proxy(bases: list[str], tmp: str, caddy: str) -> tuple[subprocess.Popen[bytes], str]:
    """Caddy on a free loopback port, plain HTTP, over ``bases`` (as ``deploy/Caddyfile``)."""
    port = _free_port()
    config = Path(tmp, "Caddyfile")
    upstreams = " ".join(b.removeprefix("http://") for b in bases)
    config.write_text(CADDYFILE.format(port=port, upstreams=upstreams))
    log = Path(tmp, "caddy.log")
    env = {**os.environ, "XDG_DATA_HOME": tmp, "XDG_CONFIG_HOME": tmp, "HOME": tmp}
    with log.open("wb") as sink:
        proc = subprocess.Popen(
            [caddy, "run", "--config", str(config), "--adapter", "caddyfile"],
            env=env,
            stdout=sink,
            stderr=sink,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_answering(base, proc, log)
    except BaseException:
        stop_server(proc)
        raise
    return proc, base


@contextlib.contextmanager
def deployment(args: argparse.Namespace) -> Iterator[Deployment]:
    """The database, the servers and the proxy for one run (or ``--url``'s); all stopped
    and the database dropped afterwards, also on failure."""
    if args.url:
        yield Deployment(front=[args.url.rstrip("/")])
        return
    admin = args.pg or os.environ.get("POKERTD_TEST_PG_URL", "")
    if not admin:
        raise SystemExit("Give --pg URL or set POKERTD_TEST_PG_URL (a PostgreSQL server).")
    dep = Deployment(front=[], admin_url=admin, tmp=tempfile.mkdtemp(prefix="pokertd-fest-"))
    dep.database = f"pokertd_festival_{os.getpid()}"
    try:
        url = create_database(admin, dep.database)
        dep.options = serve_options(args.pool_size)
        dep.servers = start_servers(url, args.servers, dep.options, dep.tmp)
        bases = [b for _, b in dep.servers]
        if args.no_proxy:
            dep.front = bases
        else:
            dep.proxy, front = start_proxy(bases, dep.tmp, args.caddy)
            dep.front = [front]
        yield dep
    finally:
        if dep.proxy is not None:
            stop_server(dep.proxy)
        for proc, _ in dep.servers:
            stop_server(proc)
        with contextlib.suppress(Exception):
            drop_database(admin, dep.database)
        shutil.rmtree(dep.tmp, ignore_errors=True)


def proxy_log_errors(log: Path) -> dict[str, int]:
    """Caddy's error lines (JSON) counted by message and error: why a 502 happened."""
    out: Counter[str] = Counter()
    with contextlib.suppress(OSError):
        for line in log.read_text(errors="replace").splitlines():
            with contextlib.suppress(ValueError):
                rec = json.loads(line)
                if isinstance(rec, dict) and rec.get("level") == "error":
                    out[f"{rec.get('msg')}: {str(rec.get('error', ''))[:160]}"] += 1
    return dict(out)


# ---- CPU ------------------------------------------------------------------------------


def cpu_of(pid: int) -> float:
    """CPU seconds (user + system) a process has used so far (Linux ``/proc``), 0 if gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def postgres_cpu(database: str) -> float | None:
    """CPU seconds of the PostgreSQL backends serving ``database`` (their command line
    names it: ``postgres: user database host(port) ...``), so that other clusters and
    databases on a shared machine are not counted; the server's shared processes (WAL
    writer, checkpointer) are left out. ``None`` when none can be read."""
    total, found = 0.0, False
    needle = f" {database} ".encode()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if (entry / "comm").read_text().strip() != "postgres":
                continue
            if needle not in (entry / "cmdline").read_bytes().replace(b"\0", b" ") + b" ":
                continue
        except OSError:
            continue
        found = True
        total += cpu_of(int(entry.name))
    return total if found else None


def cpu_sample(dep: Deployment) -> dict[str, float]:
    """CPU seconds so far of each server process, the proxy and PostgreSQL."""
    out = {f"server {i + 1}": cpu_of(p.pid) for i, (p, _) in enumerate(dep.servers)}
    if dep.proxy is not None:
        out["caddy"] = cpu_of(dep.proxy.pid)
    pg = postgres_cpu(dep.database) if dep.database else None
    if pg is not None and dep.servers:
        out["postgresql"] = pg
    return out


# ---- set-up through the API -------------------------------------------------------------


def sign_in(client: httpx.Client, base: str, password: str) -> dict[str, str]:
    """Sign the director in once; the CSRF header every floor client sends (the session
    lives in the database, so every server accepts it)."""
    r = client.post(f"{base}/api/login", json={"name": "director", "password": password})
    r.raise_for_status()
    return {"X-CSRF-Token": r.json()["csrf"]}


def set_up(client: httpx.Client, base: str, h: dict[str, str], args: argparse.Namespace) -> Any:
    """The template, the series and its events, as a director does it in the browser;
    returns ``(series id, [tournament ids])``."""
    r = client.get(f"{base}/api/templates/{BASE_TEMPLATE}")
    r.raise_for_status()
    event = r.json()["event"]
    event["tables"] = math.ceil(args.entries / SEATS) + 1
    event["seats_per_table"] = SEATS
    name = f"festival_{args.entries}"
    r = client.post(f"{base}/api/templates", json={"name": name, "event": event}, headers=h)
    r.raise_for_status()
    series = f"fest{os.getpid()}"
    r = client.post(
        f"{base}/api/series", json={"id": series, "name": "Festival load test"}, headers=h
    )
    r.raise_for_status()
    tids = []
    for e in range(args.events):
        r = client.post(
            f"{base}/api/tournaments",
            json={"name": f"Event #{e + 1}", "template": name},
            headers=h,
        )
        r.raise_for_status()
        tid = str(r.json()["tournament"])
        r = client.post(f"{base}/api/series/{series}/events", json={"tournament": tid}, headers=h)
        r.raise_for_status()
        tids.append(tid)
    return series, tids


# ---- displays ----------------------------------------------------------------------------


def display_targets(front: list[str], tids: list[str], count: int) -> list[tuple[str, str]]:
    """``count`` (base, tid) pairs: the events in turn, and each event's displays over the
    bases in turn (behind the proxy there is one base; the proxy spreads them)."""
    return [(front[(i // len(tids)) % len(front)], tids[i % len(tids)]) for i in range(count)]


def _display_proc(targets: list[tuple[str, str]], out: Any, ready: Any, stop: Any) -> None:
    """One client process of displays: every target's TV stream (the public audience)."""

    async def main() -> None:
        seen: list[dict[int, float]] = [{} for _ in targets]
        sizes: list[list[int]] = [[] for _ in targets]
        errors: list[str] = []
        connected = [0]
        tasks = []
        for i, (base, tid) in enumerate(targets):
            host, port = base.removeprefix("http://").split(":")
            path = f"/api/tournaments/{tid}/stream"
            tasks.append(
                asyncio.create_task(
                    _display(host, int(port), path, seen[i], sizes[i], None, connected, errors)
                )
            )
            if i % 50 == 49:
                await asyncio.sleep(0.05)
        for _ in range(1200):
            if connected[0] + len(errors) >= len(targets):
                break
            await asyncio.sleep(0.1)
        ready.set()
        while not stop.is_set():
            await asyncio.sleep(0.1)
        await asyncio.sleep(1.5)  # the last pushes
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        out.put(
            {
                "targets": targets,
                "seen": seen,
                "errors": errors,
                "connected": connected[0],
                "cpu": time.process_time(),
            }
        )

    asyncio.run(main())


# ---- floor clients -----------------------------------------------------------------------


class Recorder:
    """Every write (POST) a floor client sends: phase, command, tournament, seq, send and
    answer times, status; counted as it is answered (an httpx response hook)."""

    def __init__(self) -> None:
        self.phase = "setup"
        self.writes: list[tuple[str, str, str, int | None, float, float, int]] = []
        self.failures: Counter[str] = Counter()
        self.samples: dict[str, str] = {}
        self.reads: Counter[str] = Counter()
        """Reads (GET) answered, by phase: the server's other work in a write's phase."""
        self._sent: dict[int, float] = {}

    def client(self, base: str, cookies: dict[str, str]) -> httpx.AsyncClient:
        """A client whose writes are recorded."""

        async def on_request(request: httpx.Request) -> None:
            self._sent[id(request)] = time.time()

        async def on_response(response: httpx.Response) -> None:
            await response.aread()
            now = time.time()
            request = response.request
            if request.method != "POST":
                self.reads[self.phase] += 1
                if response.status_code >= 400:
                    self.failures[f"GET {response.status_code}"] += 1
                return
            parts = request.url.path.split("/")
            command, tid = parts[-1], parts[3] if len(parts) > 3 else ""
            seq = None
            if response.status_code == 200:
                with contextlib.suppress(ValueError, KeyError, TypeError):
                    seq = response.json()["seq"]
            else:
                kind = f"{command} {response.status_code}"
                self.failures[kind] += 1
                self.samples.setdefault(kind, response.text[:200])
            self.writes.append(
                (
                    self.phase,
                    command,
                    tid,
                    seq,
                    self._sent.pop(id(request), now),
                    now,
                    response.status_code,
                )
            )

        return httpx.AsyncClient(
            base_url=base,
            cookies=cookies,
            timeout=120,
            event_hooks={"request": [on_request], "response": [on_response]},
        )


def _names(tid_index: int, entries: int) -> list[str]:
    return [f"E{tid_index + 1:02d} Player {i:03d}" for i in range(entries)]


async def _register(
    c: httpx.AsyncClient, h: dict[str, str], tid: str, names: list[str], done: list[str]
) -> None:
    for name in names:
        r = await c.post(
            f"/api/tournaments/{tid}/commands/register",
            json={"name": name, "age_ok": True, "member_ok": True},
            headers=h,
        )
        if r.status_code == 200:
            done.append(name)


async def _after_bust(c: httpx.AsyncClient, h: dict[str, str], tid: str) -> bool:
    """What the floor console does after a bust: confirm the moves already waiting, else
    read what the rules require now (``moves_due``) and do it: draw the final table
    (``redraw``), or ask for the moves and confirm each (``bench.web_load.balance``). True
    when the final table was drawn."""
    base = str(c.base_url).rstrip("/")
    errors: list[str] = []  # every write's status is counted by the Recorder
    view = (await c.get(f"/api/tournaments/{tid}/staff")).json()
    if view.get("pending_moves"):  # a confirmation that failed (502) left them waiting
        await confirm_pending(c, base, tid, h, errors)
        view = (await c.get(f"/api/tournaments/{tid}/staff")).json()
    due = view.get("moves_due")
    if not due or (due.get("blocked") and not due.get("moves") and not due.get("final_table")):
        return False  # nothing due, or a move that waits for a hand at its table (C6)
    if due.get("final_table"):
        r = await c.post(f"/api/tournaments/{tid}/commands/redraw", json={}, headers=h)
        return r.status_code == 200
    await balance(c, base, tid, h, errors)
    return False


async def _play_down(
    c: httpx.AsyncClient,
    h: dict[str, str],
    tid: str,
    alive: list[str],
    until: str,
    rng: random.Random,
) -> int:
    """Bust random players, doing what the console asks after each, until the final table
    is drawn (``until="final"``; its size is the rule profile's) or one player is left;
    the tables with players at the end."""
    final = False
    while len(alive) > 1 and not (final and until == "final"):
        victim = alive.pop(rng.randrange(len(alive)))
        await c.post(f"/api/tournaments/{tid}/commands/bust", json={"players": [victim]}, headers=h)
        final = await _after_bust(c, h, tid) or final
    view = (await c.get(f"/api/tournaments/{tid}/staff")).json()
    return sum(1 for t in view.get("tables", []) if t.get("seats"))


def _floor_proc(
    index: int,
    plan: list[tuple[int, str]],
    front: list[str],
    desks: int,
    cookies: dict[str, str],
    csrf: dict[str, str],
    args: argparse.Namespace,
    barrier: Any,
    out: Any,
) -> None:
    """One client process of floor people: the events of ``plan`` (index, tid), ``desks``
    clients registering (each at one event's desk), then one floor person per event."""
    rec = Recorder()
    registered: dict[str, list[str]] = {tid: [] for _, tid in plan}
    seated: dict[str, int] = {}
    tables_left: dict[str, int] = {}

    async def main() -> None:
        clients = [
            rec.client(front[(index + i) % len(front)], cookies) for i in range(max(desks, 1))
        ]
        # register: desk i works at event i % len(plan), the event's names split between
        # its desks
        rec.phase = "register"
        barrier.wait()
        jobs = []
        for e, (ei, tid) in enumerate(plan):
            mine = [i for i in range(len(clients)) if i % len(plan) == e] or [e % len(clients)]
            names = _names(ei, args.entries)
            for k, i in enumerate(mine):
                jobs.append(
                    _register(clients[i], csrf, tid, names[k :: len(mine)], registered[tid])
                )
        await asyncio.gather(*jobs)
        barrier.wait()
        rec.phase = "seat"
        barrier.wait()

        async def seat(i: int, tid: str) -> None:
            c = clients[i % len(clients)]
            await c.post(f"/api/tournaments/{tid}/commands/draw_seats", headers=csrf)
            await c.post(f"/api/tournaments/{tid}/commands/start_clock", headers=csrf)
            view = (await c.get(f"/api/tournaments/{tid}/staff")).json()
            seated[tid] = sum(len(t.get("seats", [])) for t in view.get("tables", []))

        await asyncio.gather(*(seat(i, tid) for i, (_, tid) in enumerate(plan)))
        barrier.wait()
        rec.phase = "bust/move"
        barrier.wait()

        async def play(i: int, ei: int, tid: str) -> None:
            rng = random.Random(args.seed * 1000 + ei)
            c = clients[i % len(clients)]
            tables_left[tid] = await _play_down(
                c, csrf, tid, list(registered[tid]), args.until, rng
            )

        await asyncio.gather(*(play(i, ei, tid) for i, (ei, tid) in enumerate(plan)))
        barrier.wait()
        for c in clients:
            await c.aclose()

    try:
        asyncio.run(main())
    except BaseException:
        barrier.abort()
        raise
    out.put(
        {
            "writes": rec.writes,
            "failures": dict(rec.failures),
            "samples": rec.samples,
            "reads": dict(rec.reads),
            "registered": {tid: len(v) for tid, v in registered.items()},
            "seated": seated,
            "cpu": time.process_time(),
            "tables_left": tables_left,
        }
    )


# ---- lobby -----------------------------------------------------------------------------


def _lobby_proc(base: str, series: str, every: float, stop: Any, out: Any) -> None:
    """The lobby screen, in a client process of its own: polls the series' lobby API, and
    its page every fifth time, until stopped; sends back every answer as (sent at, seconds
    taken, status) and its CPU seconds. The run sorts the answers into phases by when they
    were sent."""
    polls: list[tuple[float, float, str]] = []
    with httpx.Client(base_url=base, timeout=60) as c:
        n = 0
        while not stop.is_set():
            path = f"/series/{series}" if n % 5 == 4 else f"/api/series/{series}/lobby"
            sent, t0 = time.time(), time.perf_counter()
            try:
                status = str(c.get(path).status_code)
            except httpx.HTTPError as exc:
                status = type(exc).__name__
            polls.append((sent, time.perf_counter() - t0, status))
            n += 1
            stop.wait(every)
    out.put({"polls": polls, "cpu": time.process_time()})


def lobby_by_phase(
    polls: list[tuple[float, float, str]], windows: list[tuple[str, float]]
) -> tuple[dict[str, list[float]], Counter[str]]:
    """The lobby's answer times by the phase each poll was sent in (``windows``: each
    phase's name and start, in order; before the first: ``setup``), and its failures."""
    times: dict[str, list[float]] = {}
    failures: Counter[str] = Counter()
    starts = [at for _, at in windows]
    for sent, took, status in polls:
        k = bisect.bisect_right(starts, sent)
        phase = windows[k - 1][0] if k else "setup"
        if status == "200":
            times.setdefault(phase, []).append(took)
        else:
            failures[f"lobby {status}"] += 1
    return times, failures


# ---- the run -----------------------------------------------------------------------------


def push_latencies(
    writes: list[tuple[str, str, str, int | None, float, float, int]],
    displays: list[tuple[str, dict[int, float]]],
) -> tuple[dict[str, list[float]], dict[str, int]]:
    """For every acknowledged write and every display of its event: the time from the
    answer to the display's first push at or after the write's seq (a later push carries
    it too). The latencies by phase and by command, and the deliveries missing by each."""
    by_tid: dict[str, list[tuple[list[int], list[float]]]] = {}
    for tid, seen in displays:
        seqs = sorted(seen)
        first = [0.0] * len(seqs)
        best = math.inf
        for k in range(len(seqs) - 1, -1, -1):  # earliest arrival at or after each seq
            best = min(best, seen[seqs[k]])
            first[k] = best
        by_tid.setdefault(tid, []).append((seqs, first))
    out: dict[str, list[float]] = {}
    missing: Counter[str] = Counter()
    for phase, cmd, tid, seq, _t0, t1, status in writes:
        if status != 200 or seq is None:
            continue
        for seqs, first in by_tid.get(tid, []):
            k = bisect.bisect_left(seqs, seq)
            for key in (phase, cmd):
                if k == len(seqs):
                    missing[key] += 1
                else:
                    out.setdefault(key, []).append(first[k] - t1)
    return out, dict(missing)


def _ms(values: list[float], q: float) -> float | None:
    return round(pct(values, q) * 1000, 1) if values else None


def run(args: argparse.Namespace) -> dict[str, Any]:
    """Start (or take) the deployment, play the festival, and measure it."""
    ctx = mp.get_context("spawn")
    with deployment(args) as dep:
        front = dep.front
        with httpx.Client(timeout=120) as c:
            h = sign_in(c, front[0], args.password)
            series, tids = set_up(c, front[0], h, args)
            cookies = dict(c.cookies.items())
        # displays
        targets = display_targets(front, tids, args.displays)
        dq: Any = ctx.Queue()
        stop = ctx.Event()
        dprocs, readies = [], []
        for p in range(args.procs):
            mine = targets[p :: args.procs]
            if not mine:
                continue
            ready = ctx.Event()
            proc = ctx.Process(target=_display_proc, args=(mine, dq, ready, stop), daemon=True)
            proc.start()
            dprocs.append(proc)
            readies.append(ready)
        for ready in readies:
            if not ready.wait(300):
                raise SystemExit("the displays did not connect")
        # floor
        plans = [
            [(e, tids[e]) for e in range(len(tids)) if e % args.procs == p]
            for p in range(args.procs)
        ]
        plans = [plan for plan in plans if plan]
        desks = [
            args.floor // len(plans) + (1 if p < args.floor % len(plans) else 0)
            for p in range(len(plans))
        ]
        barrier = ctx.Barrier(len(plans) + 1)
        fq: Any = ctx.Queue()
        fprocs = [
            ctx.Process(
                target=_floor_proc,
                args=(p, plan, front, desks[p], cookies, h, args, barrier, fq),
                daemon=True,
            )
            for p, plan in enumerate(plans)
        ]
        for proc in fprocs:
            proc.start()
        lq: Any = ctx.Queue()
        lobby_stop = ctx.Event()
        lobby = ctx.Process(
            target=_lobby_proc,
            args=(front[-1], series, args.lobby_every, lobby_stop, lq),
            daemon=True,
        )
        lobby.start()
        windows: list[tuple[str, float]] = []
        phases: dict[str, dict[str, Any]] = {}
        for name in PHASES:
            windows.append((name, time.time()))
            before = cpu_sample(dep)
            barrier.wait(timeout=None)
            t0 = time.perf_counter()
            barrier.wait(timeout=None)
            elapsed = time.perf_counter() - t0
            after = cpu_sample(dep)
            phases[name] = {
                "seconds": elapsed,
                "cpu": {k: round(after[k] - before.get(k, 0.0), 2) for k in after},
            }
        windows.append(("after", time.time()))
        results = [fq.get(timeout=600) for _ in fprocs]
        for proc in fprocs:
            proc.join(30)
        stop.set()
        dres = [dq.get(timeout=600) for _ in dprocs]
        for proc in dprocs:
            proc.join(30)
        lobby_stop.set()
        lres = lq.get(timeout=120)
        lobby.join(30)
        lobby_times, lobby_failures = lobby_by_phase(lres["polls"], windows)
        proxy_errors = proxy_log_errors(Path(dep.tmp, "caddy.log")) if dep.proxy else {}
        config = {
            "servers": len(dep.servers) or None,
            "proxy": "caddy least_conn" if dep.proxy else ("none" if dep.servers else args.url),
            "serve_options": dep.options,
            "pool_size": args.pool_size if dep.options else "(server default)",
            "events": args.events,
            "entries": args.entries,
            "displays": args.displays,
            "floor_clients": args.floor,
            "client_processes": args.procs * 2 + 1,
            "until": args.until,
            "cores": os.cpu_count(),
            "load_before": os.getloadavg()[0],
        }
    dep_started = bool(config["servers"])
    writes = [w for r in results for w in r["writes"]]
    displays = [
        (tid, seen) for d in dres for (_, tid), seen in zip(d["targets"], d["seen"], strict=True)
    ]
    pushes, missing = push_latencies(writes, displays)
    failures: Counter[str] = Counter()
    for r in results:
        failures.update(r["failures"])
    failures.update(lobby_failures)
    for d in dres:
        failures.update(f"display {e}" for e in d["errors"])
    registered = {tid: n for r in results for tid, n in r["registered"].items()}
    tables_left = {tid: n for r in results for tid, n in r["tables_left"].items()}
    report: dict[str, Any] = {"config": config, "phases": {}}
    for name in PHASES:
        in_phase = [w for w in writes if w[0] == name]
        ok = [w for w in in_phase if w[6] == 200]
        reads = sum(r["reads"].get(name, 0) for r in results)
        cpu = phases[name]["cpu"]
        server_cpu = sum(v for k, v in cpu.items() if k.startswith("server"))
        requests = len(in_phase) + reads
        lat = [w[5] - w[4] for w in ok]
        push = pushes.get(name, [])
        lob = lobby_times.get(name, [])
        report["phases"][name] = {
            "writes": len(in_phase),
            "ok": len(ok),
            "by_command": dict(Counter(w[1] for w in ok)),
            "seconds": round(phases[name]["seconds"], 2),
            "writes_per_s": round(len(ok) / phases[name]["seconds"], 1)
            if phases[name]["seconds"]
            else None,
            "write_p50_ms": _ms(lat, 0.5),
            "write_p99_ms": _ms(lat, 0.99),
            "push_deliveries": len(push),
            "push_p50_ms": _ms(push, 0.5),
            "push_p99_ms": _ms(push, 0.99),
            "push_missing": missing.get(name, 0),
            "lobby_requests": len(lob),
            "lobby_p50_ms": _ms(lob, 0.5),
            "lobby_p99_ms": _ms(lob, 0.99),
            "reads": reads,
            "cpu_seconds": cpu,
            "server_cpu_ms_per_write": round(1000 * server_cpu / len(ok), 2)
            if ok and dep_started
            else None,
            "server_cpu_ms_per_request": round(1000 * server_cpu / requests, 2)
            if requests and dep_started
            else None,
            "postgres_cpu_ms_per_write": round(1000 * cpu["postgresql"] / len(ok), 2)
            if ok and "postgresql" in cpu
            else None,
        }
    busts = pushes.get("bust", [])
    report["bust_push"] = {
        "deliveries": len(busts),
        "p50_ms": _ms(busts, 0.5),
        "p99_ms": _ms(busts, 0.99),
        "max_ms": round(max(busts) * 1000, 1) if busts else None,
        "missing": missing.get("bust", 0),
    }
    report["client_cpu_seconds"] = {
        "floor": round(sum(r["cpu"] for r in results), 1),
        "displays": round(sum(d["cpu"] for d in dres), 1),
        "lobby": round(lres["cpu"], 1),
    }
    report["errors"] = dict(failures)
    report["proxy_errors"] = proxy_errors
    report["error_samples"] = {k: v for r in results for k, v in r["samples"].items()}
    report["registered"] = sum(registered.values())
    report["expected_entries"] = args.events * args.entries
    report["seated"] = sum(n for r in results for n in r["seated"].values())
    report["displays_connected"] = sum(d["connected"] for d in dres)
    report["final_tables"] = dict(Counter(tables_left.values()))
    report["events_played"] = len(tables_left)
    return report


def summary_table(report: dict[str, Any]) -> str:
    """Per phase, side by side: writes, writes/s, write latency p50/p99, and the server CPU
    each write cost (every server process's CPU over the phase ÷ the writes answered 200:
    it includes the reads, pushes and lobby polls of the phase, which exist for the
    writes; per request divides by writes + reads instead), and PostgreSQL's backends'."""
    head = (
        f"{'phase':<10} {'writes':>7} {'reads':>7} {'writes/s':>9} {'p50 ms':>8} "
        f"{'p99 ms':>8} {'srv CPU ms/write':>17} {'srv ms/request':>15} {'PG ms/write':>12}"
    )
    lines = [head, "-" * len(head)]

    def cell(value: object) -> str:
        return "-" if value is None else str(value)

    for name, p in report["phases"].items():
        lines.append(
            f"{name:<10} {p['ok']:>7} {p['reads']:>7} {cell(p['writes_per_s']):>9} "
            f"{cell(p['write_p50_ms']):>8} {cell(p['write_p99_ms']):>8} "
            f"{cell(p['server_cpu_ms_per_write']):>17} "
            f"{cell(p['server_cpu_ms_per_request']):>15} "
            f"{cell(p['postgres_cpu_ms_per_write']):>12}"
        )
    return "\n".join(lines)


def print_report(report: dict[str, Any]) -> None:
    """The figures, one phase per block."""
    cfg = report["config"]
    print(
        "servers: pokertd serve processes on one fresh PostgreSQL database, behind Caddy "
        "(or not, --no-proxy)\n"
        "floor clients: register each event's entries, draw seats, start the clocks, then "
        "bust players and confirm the moves the console asks for, to the final table (or "
        "a winner)\n"
        "displays: each watches one event's TV stream (SSE) and notes when each change "
        "arrives; lobby: one client polls the series lobby (API, and the page every 5th)"
    )
    print(
        f"festival: {cfg['events']} events x {cfg['entries']} entries; servers: {cfg['servers']} "
        f"({cfg['proxy']}; serve options {' '.join(cfg['serve_options']) or '-'}); "
        f"{cfg['displays']} displays; {cfg['floor_clients']} floor clients; "
        f"{cfg['cores']} cores, load {cfg['load_before']:.1f} at the start"
    )
    print(
        f"registered {report['registered']}/{report['expected_entries']}, seated "
        f"{report['seated']}; displays connected "
        f"{report['displays_connected']}/{cfg['displays']}; events played down "
        f"{report['events_played']} (tables left: {report['final_tables']})"
    )
    for name, p in report["phases"].items():
        print(
            f"[{name}] {p['ok']}/{p['writes']} writes in {p['seconds']} s = {p['writes_per_s']}/s "
            f"{p['by_command']}\n"
            f"  write ms p50 {p['write_p50_ms']} p99 {p['write_p99_ms']}; "
            f"push ms (answer -> display) p50 {p['push_p50_ms']} p99 {p['push_p99_ms']} "
            f"over {p['push_deliveries']} deliveries, {p['push_missing']} missing; "
            f"lobby ms p50 {p['lobby_p50_ms']} p99 {p['lobby_p99_ms']} ({p['lobby_requests']})\n"
            f"  CPU s: {p['cpu_seconds']}; server CPU per write "
            f"{p['server_cpu_ms_per_write']} ms"
        )
    print(summary_table(report))
    b = report["bust_push"]
    print(
        f"bust answered -> on every display of its event (ms): p50 {b['p50_ms']}, "
        f"p99 {b['p99_ms']}, max {b['max_ms']} over {b['deliveries']} deliveries, "
        f"{b['missing']} missing"
    )
    print(f"client CPU s (same machine): {report['client_cpu_seconds']}")
    print("errors:", report["errors"] or "none")
    for why, count in report["proxy_errors"].items():
        print(f"  the proxy logged {count}x: {why}")
    for kind, text in report["error_samples"].items():
        print(f"  {kind}: {text}")


def main(argv: list[str] | None = None) -> None:
    """Parse the options, run, print (and write ``--json``)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--events", type=int, default=20)
    ap.add_argument("--entries", type=int, default=500, help="entries per event")
    ap.add_argument("--displays", type=int, default=500)
    ap.add_argument("--floor", type=int, default=20, help="floor clients (registration desks)")
    ap.add_argument("--procs", type=int, default=2, help="client processes for each kind")
    ap.add_argument("--servers", type=int, default=2)
    ap.add_argument("--pool-size", type=int, default=4, help="PostgreSQL connections per server")
    ap.add_argument("--no-proxy", action="store_true", help="the clients talk to the servers")
    ap.add_argument("--until", choices=("final", "winner"), default="final")
    ap.add_argument("--lobby-every", type=float, default=0.5, help="seconds between lobby polls")
    ap.add_argument("--seed", type=int, default=16)
    ap.add_argument("--pg", default="", help="PostgreSQL server URL (default $POKERTD_TEST_PG_URL)")
    ap.add_argument("--caddy", default=shutil.which("caddy") or "/usr/bin/caddy")
    ap.add_argument("--url", default="", help="a running deployment instead of starting one")
    ap.add_argument("--password", default=PASSWORD, help="the director's password (--url)")
    ap.add_argument("--json", default="", help="write the report to this file too")
    args = ap.parse_args(argv)
    report = run(args)
    print_report(report)
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
