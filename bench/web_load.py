"""Load test of the web app: many TV displays on SSE while the floor busts and moves players.

Builds a ``--players`` event (default 500, seats drawn, clock running) in a temporary SQLite
file, copies the file, and runs the same busts twice, each on a fresh ``pokertd serve`` over
its own copy (or uses ``--url`` of a running server with ``--password``: then one phase):

1. ``patches``: ``--displays`` SSE clients (spread over ``--procs`` processes so the clients
   are not the bottleneck) on the public stream, which sends the whole view once and then
   RFC 7386 merge patches (issue 12: send what changed);
2. ``snapshots`` (the baseline): the same displays with ``?patches=0``, the whole view on
   every change, the same busts in the same order;
3. ``--floor`` floor clients bust ``--busts`` players (and the floor suggests and confirms
   the balancing moves), paced ``--pace`` seconds apart each;

and reports for each phase the bytes per change (median/max of the frames each display
received after its first), the time from sending each bust's POST until EVERY display has a
push containing it (p50/p95/p99/max), errors, whether a display that applies the patches
ends with the server's view, and the ratios between the phases. Last, requests per second
of the main floor actions flat out (register, bust, undo, staff view) with the floor
clients alone.

Run: ``uv run python bench/web_load.py`` (defaults: 500 displays, 500 players, 20 floor
clients); a quick check: ``--displays 50 --players 120 --busts 20``.

Issue 25 (a push path for thousands of displays): ``--fanout 500,2000`` instead runs one
phase per display count, each on a fresh server, and reports p50/p99 of "one bust -> every
display has it" and the server's CPU per bust; ``--before-src DIR`` first runs each count on a
server whose package comes from an older tree (``git archive <commit> src | tar -x -C DIR/..``),
so before and after are measured in the same run (docs/web.md, "Tests and benchmarks").
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from typing import Any

import httpx

from pokertd.app.tournaments import open_service
from pokertd.tournament.clock import StartClock
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.seating import DrawSeats
from pokertd.tournament.templates import load_template
from pokertd.web.hub import merge_apply

PASSWORD = "bench-director-1"
TIMING = ("server_time", "wake_in")
TIMING_CLOCK = (
    "at",
    "seconds_left",
    "next_break_in",
    "registration_closes_in",
    "rebuys_close_in",
    "play_seconds",
)
"""Clock members that follow the wall clock."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: str, src: str | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """``pokertd serve`` on a free port (``src``: run the package found there instead, e.g.
    an older tree extracted with ``git archive``, to measure before and after in one run)."""
    port = _free_port()
    env = {**os.environ, "POKERTD_DIRECTOR_PASSWORD": PASSWORD, "POKERTD_NO_PROMPT": "1"}
    if src:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [src, env.get("PYTHONPATH")]))
    log = tempfile.TemporaryFile()  # noqa: SIM115 (closed with the process's life)
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from pokertd.cli import main; main()",
            "serve",
            "--db",
            f"sqlite:///{db}",
            "--port",
            str(port),
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=log,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(1200):  # up to two minutes on a loaded machine
        try:
            urllib.request.urlopen(f"{base}/api/me", timeout=1).read()
            return proc, base
        except OSError:
            if proc.poll() is not None:
                break
            time.sleep(0.1)
    proc.kill()
    log.seek(0)
    raise SystemExit("the server did not start: " + log.read().decode()[-1500:])


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


def build_event(db: str, players: int) -> str:
    """A ``players`` event on ``db`` (Wednesday $80 with enough 9-seat tables), seats
    drawn, clock running; its id. Built through the service, before any server runs."""
    service = open_service(f"sqlite:///{db}")
    try:
        tmpl = load_template("fox_wed_80").with_changes(
            tables=-(-players // 9) + 2, seats_per_table=9
        )
        tid = service.create(CreateTournament(name="Load night", template=tmpl), actor="bench")
        for i in range(players):
            service.run(
                tid,
                Register(name=f"Bench Player {i:03d}", member=f"B{i:03d}", age_ok=True),
                actor="bench",
            )
        service.run(tid, DrawSeats(), actor="bench")
        service.run(tid, StartClock(), actor="bench")
        return tid
    finally:
        service.close()


# ---- displays (worker processes) -----------------------------------------------------


async def _display(
    host: str,
    port: int,
    path: str,
    seen: dict[int, float],
    sizes: list[int],
    keep: list[bytes] | None,
    connected: list[int],
    errors: list[str],
) -> None:
    """One display: a raw HTTP/1.1 SSE reader (cheap, so 500 of them fit on one core);
    records when each ``id: <seq>`` first arrives and the size of every pushed frame
    (``keep``: the frames themselves, for the display that checks its model)."""
    try:
        reader, writer = await asyncio.open_connection(host, port)
        writer.write(
            f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode()
        )
        head = await reader.readuntil(b"\r\n\r\n")
        if b" 200 " not in head.split(b"\r\n", 1)[0]:
            errors.append(head.split(b"\r\n", 1)[0].decode())
            return
        connected[0] += 1
        buf = b""
        while True:
            chunk = await reader.read(262144)
            if not chunk:
                errors.append("closed")
                return
            now = time.time()
            buf += chunk
            while True:
                end = buf.find(b"\n\n")
                if end < 0:
                    break
                frame, buf = buf[: end + 2], buf[end + 2 :]
                start = frame.find(b"event: ")  # after any chunk-size line
                if start < 0:
                    continue  # retry, keepalive
                frame = frame[start:]
                if frame.startswith(b"event: hello"):
                    continue  # the protocol's version (docs/web.md), once per stream
                pos = frame.find(b"\nid: ")
                stop = frame.find(b"\n", pos + 5)
                seen.setdefault(int(frame[pos + 5 : stop]), now)
                sizes.append(len(frame))
                if keep is not None:
                    keep.append(frame)
    except asyncio.CancelledError:
        raise
    except (OSError, ValueError, asyncio.IncompleteReadError) as exc:
        errors.append(type(exc).__name__)


def _display_worker(
    base: str, path: str, n: int, keep_one: bool, out: Any, ready: Any, stop: Any
) -> None:
    async def main() -> None:
        host, port = base.removeprefix("http://").split(":")
        seen: list[dict[int, float]] = [{} for _ in range(n)]
        sizes: list[list[int]] = [[] for _ in range(n)]
        kept: list[bytes] = []
        errors: list[str] = []
        connected = [0]
        tasks = []
        for i in range(n):
            keep = kept if keep_one and i == 0 else None
            tasks.append(
                asyncio.create_task(
                    _display(host, int(port), path, seen[i], sizes[i], keep, connected, errors)
                )
            )
            if i % 50 == 49:
                await asyncio.sleep(0.05)
        for _ in range(1200):
            if connected[0] + len(errors) >= n:
                break
            await asyncio.sleep(0.1)
        ready.set()
        while not stop.is_set():
            await asyncio.sleep(0.1)
        await asyncio.sleep(1.0)  # let the last pushes arrive
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        out.put({"seen": seen, "sizes": sizes, "kept": kept, "errors": errors})

    asyncio.run(main())


def model_of(frames: list[bytes]) -> dict[str, Any]:
    """What a page shows after these frames: the last snapshot with the later patches."""
    model: dict[str, Any] = {}
    for frame in frames:
        kind = frame[7 : frame.index(b"\n")].decode()
        data = b"".join(line[6:] for line in frame.split(b"\n") if line.startswith(b"data: "))
        value = json.loads(data)
        if kind == "snapshot":
            model = value
        elif value["base"] != model.get("seq"):
            raise SystemExit(f"a patch for seq {value['base']} came after seq {model.get('seq')}")
        else:
            model = merge_apply(model, value["patch"])
    return model


def timeless(view: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in view.items() if k not in TIMING}
    out["clock"] = {k: v for k, v in (view.get("clock") or {}).items() if k not in TIMING_CLOCK}
    return out


def fresh_view(base: str, tid: str) -> dict[str, Any]:
    """A new connection's first push (the whole view)."""
    url = f"{base}/api/tournaments/{tid}/stream?limit=1"
    with httpx.stream("GET", url, timeout=30) as r:
        kind = ""
        for line in r.iter_lines():
            if line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("data: ") and kind != "hello":
                return dict(json.loads(line[6:]))
    raise SystemExit("the stream sent nothing")


# ---- floor ---------------------------------------------------------------------------


_SESSIONS: dict[str, tuple[httpx.Cookies, dict[str, str]]] = {}


async def login(client: httpx.AsyncClient, base: str) -> dict[str, str]:
    """Sign ``client`` in as the director: one sign-in per server, its session cookie shared
    by every floor client (the server allows few sign-ins per address and minute)."""
    if base not in _SESSIONS:
        r = await client.post(f"{base}/api/login", json={"name": "director", "password": PASSWORD})
        r.raise_for_status()
        _SESSIONS[base] = (httpx.Cookies(client.cookies), {"X-CSRF-Token": r.json()["csrf"]})
    cookies, headers = _SESSIONS[base]
    client.cookies.update(cookies)
    return dict(headers)


async def run_floor(
    base: str, tid: str, victims: list[str], floor: int, pace: float
) -> dict[str, Any]:
    """Bust ``victims`` in order (paced) and confirm moves; the seq and send time of each."""
    sent: list[tuple[int, float]] = []
    errors: list[str] = []
    queue: asyncio.Queue[str] = asyncio.Queue()
    for v in victims:
        queue.put_nowait(v)

    async def worker(i: int) -> None:
        async with httpx.AsyncClient(timeout=30) as c:
            hh = await login(c, base)
            await asyncio.sleep(i * pace / floor)
            while not queue.empty():
                name = queue.get_nowait()
                t0 = time.time()
                r = await c.post(
                    f"{base}/api/tournaments/{tid}/commands/bust",
                    json={"players": [name]},
                    headers=hh,
                )
                if r.status_code != 200:
                    errors.append(f"bust {r.status_code} {r.text[:120]}")
                else:
                    sent.append((int(r.json()["seq"]), t0))
                if i == 0:  # one floor person keeps the tables balanced
                    await balance(c, base, tid, hh, errors)
                await asyncio.sleep(pace)

    async with httpx.AsyncClient(timeout=30) as c:
        await login(c, base)  # once, before the clients share the session
    await asyncio.gather(*(worker(i) for i in range(floor)))
    async with httpx.AsyncClient(timeout=30) as c:
        await balance(c, base, tid, await login(c, base), errors)
    return {"sent": sent, "errors": errors}


async def warm_up(base: str, tid: str) -> None:
    """The same reads and one no-op command on each fresh server before anything is timed
    (a server's first requests load the tournament and fill caches)."""
    async with httpx.AsyncClient(timeout=60) as c:
        h = await login(c, base)
        for path in ("/staff", "", "/players?q=Bench"):
            (await c.get(f"{base}/api/tournaments/{tid}{path}")).raise_for_status()
        await c.post(f"{base}/api/tournaments/{tid}/commands/suggest_moves", headers=h)
    fresh_view(base, tid)


async def balance(
    c: httpx.AsyncClient, base: str, tid: str, h: dict[str, str], errors: list[str]
) -> int:
    """Suggest moves and confirm each (naming a player and seat where the move is blank)."""
    r = await c.post(f"{base}/api/tournaments/{tid}/commands/suggest_moves", headers=h)
    if r.status_code not in (200, 409, 422):
        errors.append(f"suggest {r.status_code}")
    return await confirm_pending(c, base, tid, h, errors)


async def confirm_pending(
    c: httpx.AsyncClient, base: str, tid: str, h: dict[str, str], errors: list[str]
) -> int:
    """Confirm every move waiting for the floor (also used by ``bench/festival.py``)."""
    view = (await c.get(f"{base}/api/tournaments/{tid}/staff")).json()
    done = 0
    tables = {t["table"]: t for t in view.get("tables", [])}
    for m in view.get("pending_moves", []):
        body: dict[str, Any] = {"move_id": m["move_id"]}
        if not m.get("entry_id"):
            src = tables[m["from_table"]]
            body["player"] = src.get("due_big_blind") or src["seats"][-1]["name"]
        if m.get("to_seat") is None:
            dst = tables[m["to_table"]]
            taken = {s["seat"] for s in dst["seats"]}
            body["seat"] = next(s for s in range(1, dst["seats_total"] + 1) if s not in taken)
            dst["seats"].append({"seat": body["seat"]})
        r = await c.post(
            f"{base}/api/tournaments/{tid}/commands/confirm_move", json=body, headers=h
        )
        if r.status_code == 200:
            done += 1
        elif r.status_code not in (409, 422):
            errors.append(f"confirm {r.status_code} {r.text[:120]}")
    return done


async def throughput(base: str, tid: str, floor: int, seconds: float) -> dict[str, float]:
    """Requests per second of floor actions, flat out with ``floor`` clients."""
    out: dict[str, float] = {}
    clients = [httpx.AsyncClient(timeout=30) for _ in range(floor)]
    heads = [await login(c, base) for c in clients]
    counter = [0]
    ok = [0]
    registered: list[str] = []

    def bust(i: int, n: int) -> tuple[str, str, dict[str, Any] | None]:
        name = registered.pop() if registered else "nobody"
        return "POST", f"{base}/api/tournaments/{tid}/commands/bust", {"players": [name]}

    async def loop(i: int, make: Any) -> None:
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            method, url, body = make(i, counter[0])
            counter[0] += 1
            if method == "GET":
                r = await clients[i].get(url)
            else:
                r = await clients[i].post(url, json=body, headers=heads[i])
            if r.status_code >= 500:
                raise SystemExit(f"server error {r.status_code}: {r.text[:200]}")
            if r.status_code == 200:
                ok[0] += 1
                if body and "age_ok" in body:
                    registered.append(str(body["name"]))

    actions = {
        "register": lambda i, n: (
            "POST",
            f"{base}/api/tournaments/{tid}/commands/register",
            {"name": f"Load {i}-{n}", "age_ok": True, "member_ok": True},
        ),
        "bust": bust,
        "undo+redo": lambda i, n: (
            "POST",
            f"{base}/api/tournaments/{tid}/commands/" + ("undo" if n % 2 == 0 else "redo"),
            {},
        ),
        "staff view (GET)": lambda i, n: ("GET", f"{base}/api/tournaments/{tid}/staff", None),
        "public view (GET)": lambda i, n: ("GET", f"{base}/api/tournaments/{tid}", None),
    }
    for label, make in actions.items():
        counter[0] = ok[0] = 0
        t0 = time.perf_counter()
        await asyncio.gather(*(loop(i, make) for i in range(floor)))
        out[label] = ok[0] / (time.perf_counter() - t0)  # successful requests only
    for c in clients:
        await c.aclose()
    return out


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of process ``pid`` so far (Linux ``/proc``)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def phase(
    base: str,
    tid: str,
    args: argparse.Namespace,
    victims: list[str],
    patches: bool,
    *,
    displays: int | None = None,
    server_pid: int | None = None,
    label: str | None = None,
) -> dict[str, Any]:
    """Connect the displays, bust ``victims``, collect what every display received (and
    the server's CPU seconds while the busts ran, ``server_pid``)."""
    displays = displays or args.displays
    asyncio.run(warm_up(base, tid))
    path = f"/api/tournaments/{tid}/stream" + ("" if patches else "?patches=0")
    ctx = mp.get_context("spawn")
    out: Any = ctx.Queue()
    stop = ctx.Event()
    per = [
        displays // args.procs + (1 if i < displays % args.procs else 0) for i in range(args.procs)
    ]
    readies = [ctx.Event() for _ in per]
    workers = [
        ctx.Process(target=_display_worker, args=(base, path, n, True, out, r, stop), daemon=True)
        for n, r in zip(per, readies, strict=True)
    ]
    for w in workers:
        w.start()
    for r in readies:
        if not r.wait(180):
            raise SystemExit("the displays did not connect")
    time.sleep(0.5)
    try:
        cpu0 = cpu_seconds(server_pid) if server_pid else 0.0
        t0 = time.perf_counter()
        floor = asyncio.run(run_floor(base, tid, victims, args.floor, args.pace))
        time.sleep(0.5)  # the last pushes
        elapsed = time.perf_counter() - t0
        cpu = cpu_seconds(server_pid) - cpu0 if server_pid else None
        final = fresh_view(base, tid)
    except BaseException:
        for w in workers:
            w.terminate()
        raise
    stop.set()
    results = [out.get(timeout=300) for _ in workers]
    for w in workers:
        w.join(30)
    seen = [s for res in results for s in res["seen"]]
    frames = [size for res in results for sizes in res["sizes"] for size in sizes[1:]]
    display_errors = [e for res in results for e in res["errors"]]
    models_ok = sum(
        1 for res in results if res["kept"] and timeless(model_of(res["kept"])) == timeless(final)
    )
    latencies: list[float] = []
    missing = 0
    for seq, sent_at in floor["sent"]:
        worst = 0.0
        for s in seen:
            arrived = min((t for q, t in s.items() if q >= seq), default=None)
            if arrived is None:
                missing += 1
                continue
            worst = max(worst, arrived - sent_at)
        latencies.append(worst)
    return {
        "label": label or ("patches" if patches else "snapshots (?patches=0)"),
        "displays": displays,
        "server_cpu": cpu,
        "busts": len(floor["sent"]),
        "elapsed": elapsed,
        "errors": floor["errors"] + display_errors,
        "missing": missing,
        "latencies": latencies,
        "frames": frames,
        "first": statistics.median(
            [res_sizes[0] for res in results for res_sizes in res["sizes"] if res_sizes] or [0]
        ),
        "models_ok": models_ok,
        "models": len(results),
    }


def report(r: dict[str, Any], displays: int) -> None:
    lat, frames = r["latencies"], r["frames"]
    print(f"[{r['label']}] {displays} displays; busts: {r['busts']} in {r['elapsed']:.1f} s")
    if r.get("server_cpu") is not None:
        print(
            f"  server CPU while busting: {r['server_cpu']:.2f} s "
            f"({r['server_cpu'] / r['elapsed'] * 100:.0f} % of one core; "
            f"{r['server_cpu'] / max(1, r['busts']) * 1000:.0f} ms per bust and its pushes)"
        )
    print(
        f"  errors: {len(r['errors'])}; display deliveries missing: {r['missing']}; "
        f"displays applying the pushes that end with the server's view: "
        f"{r['models_ok']}/{r['models']}"
    )
    for e in r["errors"][:5]:
        print("  error:", e)
    if frames:
        print(
            f"  bytes per change (frames after the first, {len(frames)} frames): "
            f"median {statistics.median(frames):.0f}, max {max(frames)} "
            f"(first frame: median {r['first']:.0f}); target < 50 KB"
        )
    if lat:
        print(
            "  bust POST -> every display has it (ms): "
            f"p50 {pct(lat, 0.5) * 1000:.0f}, p95 {pct(lat, 0.95) * 1000:.0f}, "
            f"p99 {pct(lat, 0.99) * 1000:.0f}, max {max(lat) * 1000:.0f} "
            f"(mean {statistics.mean(lat) * 1000:.0f}); target p99 < 500"
        )


FANOUT_TARGET_MS = {500: 100, 2000: 250}
"""Issue 25's targets: one bust reaches every one of N displays within this p99."""


def fanout(
    args: argparse.Namespace, tmp: str, db: str, tid: str, victims: list[str]
) -> dict[str, Any]:
    """Issue 25: one bust to N displays (``--fanout 500,2000``), on the code of this tree
    (``after``) and, with ``--before-src``, on an older tree (``before``) in the same run,
    each on a fresh server over its own copy of the event; p50/p99 of "bust POST -> every
    display has it" and the server's CPU."""
    servers: list[tuple[str, str | None]] = [("after", None)]
    if args.before_src:
        servers.insert(0, ("before", args.before_src))
    rows: list[dict[str, Any]] = []
    for n in [int(x) for x in args.fanout.split(",")]:
        for name, src in servers:
            copy = os.path.join(tmp, f"{name}-{n}.db")
            shutil.copy(db, copy)
            proc, base = start_server(copy, src)
            try:
                r = phase(
                    base, tid, args, victims, True, displays=n, server_pid=proc.pid, label=name
                )
            finally:
                stop_server(proc)
            report(r, n)
            rows.append(r)
    print("one bust -> every display has it (ms), server CPU per bust (ms):")
    out: dict[str, Any] = {}
    for r in rows:
        lat = r["latencies"]
        row = {
            "p50_ms": round(pct(lat, 0.5) * 1000) if lat else None,
            "p99_ms": round(pct(lat, 0.99) * 1000) if lat else None,
            "max_ms": round(max(lat) * 1000) if lat else None,
            "cpu_ms_per_bust": round(r["server_cpu"] / max(1, r["busts"]) * 1000),
            "errors": len(r["errors"]) + r["missing"],
            "busts": r["busts"],
        }
        target = FANOUT_TARGET_MS.get(r["displays"])
        print(
            f"  {r['label']:6s} {r['displays']:5d} displays: p50 {row['p50_ms']}, "
            f"p99 {row['p99_ms']}, max {row['max_ms']}; CPU {row['cpu_ms_per_bust']} ms/bust; "
            f"errors {row['errors']}" + (f"; target p99 < {target}" if target else "")
        )
        out[f"{r['label']}/{r['displays']}"] = row
    for n in sorted({r["displays"] for r in rows}):
        b, a = out.get(f"before/{n}"), out.get(f"after/{n}")
        if b and a and a["p99_ms"] and a["cpu_ms_per_bust"]:
            print(
                f"  {n} displays, before / after: p99 {b['p99_ms'] / a['p99_ms']:.1f}x, "
                f"CPU per bust {b['cpu_ms_per_bust'] / a['cpu_ms_per_bust']:.1f}x"
            )
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--displays", type=int, default=500)
    ap.add_argument("--players", type=int, default=500, help="players in the event")
    ap.add_argument("--busts", type=int, default=200, help="busts in each phase")
    ap.add_argument("--floor", type=int, default=20)
    ap.add_argument("--procs", type=int, default=2, help="processes for the SSE clients")
    ap.add_argument("--pace", type=float, default=1.0, help="seconds between a client's busts")
    ap.add_argument("--baseline-first", action="store_true", help="run the ?patches=0 phase first")
    ap.add_argument("--rps-seconds", type=float, default=3.0, help="0: skip requests/second")
    ap.add_argument(
        "--fanout",
        default="",
        help="issue 25: one bust to each of these display counts (e.g. 500,2000) instead",
    )
    ap.add_argument(
        "--before-src",
        default="",
        help="with --fanout: also run a server from this older src tree (git archive main src)",
    )
    args = ap.parse_args()

    tmp = tempfile.mkdtemp(prefix="pokertd-bench-")
    try:
        db = os.path.join(tmp, "bench.db")
        tid = build_event(db, args.players)
        shutil.copy(db, os.path.join(tmp, "baseline.db"))
        victims = [f"Bench Player {i:03d}" for i in range(min(args.busts, args.players - 12))]
        if args.fanout:
            print(
                f"event: {args.players} players; displays {args.fanout} in {args.procs} client "
                f"processes; {args.floor} floor clients busting {len(victims)} players, "
                f"{args.pace} s apart each"
            )
            print(json.dumps(fanout(args, tmp, db, tid, victims)))
            return
        print(
            f"event: {args.players} players; {args.displays} displays; {args.floor} floor "
            f"clients busting {len(victims)} players in each phase"
        )
        out: dict[str, dict[str, Any]] = {}
        rps: dict[str, float] = {}
        order = ((True, "bench.db"), (False, "baseline.db"))
        for patches, name in order[:: -1 if args.baseline_first else 1]:
            proc, base = start_server(os.path.join(tmp, name))
            try:
                r = phase(base, tid, args, victims, patches)
                report(r, args.displays)
                out["patches" if patches else "snapshots"] = r
                if patches and args.rps_seconds > 0:
                    rps = asyncio.run(throughput(base, tid, args.floor, args.rps_seconds))
            finally:
                stop_server(proc)
        p, b = out["patches"], out["snapshots"]
        summary: dict[str, Any] = {"displays": args.displays, "players": args.players}
        for key, r in out.items():
            summary[key] = {
                "bytes_median": statistics.median(r["frames"]) if r["frames"] else None,
                "bytes_max": max(r["frames"]) if r["frames"] else None,
                "p50_ms": round(pct(r["latencies"], 0.5) * 1000) if r["latencies"] else None,
                "p95_ms": round(pct(r["latencies"], 0.95) * 1000) if r["latencies"] else None,
                "p99_ms": round(pct(r["latencies"], 0.99) * 1000) if r["latencies"] else None,
                "max_ms": round(max(r["latencies"]) * 1000) if r["latencies"] else None,
                "errors": len(r["errors"]) + r["missing"],
            }
        if p["frames"] and b["frames"] and p["latencies"] and b["latencies"]:
            print(
                "ratios (snapshots / patches): bytes per change median "
                f"{statistics.median(b['frames']) / statistics.median(p['frames']):.2f}x, "
                f"total bytes {sum(b['frames']) / sum(p['frames']):.2f}x, "
                f"p50 {pct(b['latencies'], 0.5) / pct(p['latencies'], 0.5):.2f}x, "
                f"p99 {pct(b['latencies'], 0.99) / pct(p['latencies'], 0.99):.2f}x"
            )
        if rps:
            print(f"requests/second with {args.floor} floor clients (no displays):")
            for label, value in rps.items():
                print(f"  {label:20s} {value:8.1f}")
            summary["rps"] = {k: round(v, 1) for k, v in rps.items()}
        print(json.dumps(summary))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
