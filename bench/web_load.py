"""Load test of the web app: many TV displays on SSE while the floor busts and moves players.

Starts ``pokertd serve`` on a temporary SQLite file (or uses ``--url`` of a running server
with ``--password``), builds the demo tournament, then:

1. opens ``--displays`` SSE clients (spread over ``--procs`` processes so the clients are
   not the bottleneck) on the public stream;
2. ``--floor`` floor clients bust players (and the floor suggests and confirms the balancing
   moves), paced ``--pace`` seconds apart each;
3. reports, for every bust, the time from sending its POST until EVERY display has received
   a snapshot containing it (p50/p95/p99/max), and errors;
4. measures requests per second of the main floor actions flat out (register, bust, undo,
   staff view) with the floor clients alone.

Run: ``uv run python bench/web_load.py`` (defaults: 500 displays, 20 floor clients).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from typing import Any

import httpx

PASSWORD = "bench-director-1"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: str) -> tuple[subprocess.Popen[bytes], str]:
    """``pokertd serve`` on a free port."""
    port = _free_port()
    env = {**os.environ, "POKERTD_DIRECTOR_PASSWORD": PASSWORD, "POKERTD_NO_PROMPT": "1"}
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
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(f"{base}/api/me", timeout=1).read()
            return proc, base
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


# ---- displays (worker processes) -----------------------------------------------------


async def _display(
    host: str, port: int, path: str, seen: dict[int, float], connected: list[int], errors: list[str]
) -> None:
    """One display: a raw HTTP/1.1 SSE reader (cheap, so 500 of them fit on one core);
    records when each ``id: <seq>`` first arrives."""
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
        tail = b""
        while True:
            chunk = await reader.read(262144)
            if not chunk:
                errors.append("closed")
                return
            now = time.time()
            buf = tail + chunk
            pos = buf.find(b"\nid: ")
            while pos >= 0:
                end = buf.find(b"\n", pos + 5)
                if end < 0:
                    break
                seen.setdefault(int(buf[pos + 5 : end]), now)
                pos = buf.find(b"\nid: ", end)
            tail = buf[-64:]
    except asyncio.CancelledError:
        raise
    except (OSError, ValueError, asyncio.IncompleteReadError) as exc:
        errors.append(type(exc).__name__)


def _display_worker(base: str, tid: str, n: int, out: Any, ready: Any, stop: Any) -> None:
    async def main() -> None:
        host, port = base.removeprefix("http://").split(":")
        seen: list[dict[int, float]] = [{} for _ in range(n)]
        errors: list[str] = []
        connected = [0]
        path = f"/api/tournaments/{tid}/stream"
        tasks = []
        for i in range(n):
            tasks.append(
                asyncio.create_task(_display(host, int(port), path, seen[i], connected, errors))
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
        await asyncio.sleep(1.0)  # let the last snapshots arrive
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        out.put({"seen": seen, "errors": errors})

    asyncio.run(main())


# ---- floor ---------------------------------------------------------------------------


async def login(client: httpx.AsyncClient, base: str) -> dict[str, str]:
    r = await client.post(f"{base}/api/login", json={"name": "director", "password": PASSWORD})
    r.raise_for_status()
    return {"X-CSRF-Token": r.json()["csrf"]}


async def run_floor(base: str, tid: str, floor: int, pace: float) -> dict[str, Any]:
    """Bust players (paced) and confirm moves; the seq and send time of each bust."""
    sent: list[tuple[int, float]] = []
    errors: list[str] = []
    async with httpx.AsyncClient(timeout=30) as admin:
        h = await login(admin, base)
        view = (await admin.get(f"{base}/api/tournaments/{tid}")).json()
    names = [p["name"] for p in view["players"] if p["status"] == "alive"]
    keep = 12
    victims = names[: max(0, len(names) - keep)]
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

    await asyncio.gather(*(worker(i) for i in range(floor)))
    async with httpx.AsyncClient(timeout=30) as c:
        await balance(c, base, tid, h | await login(c, base), errors)
    return {"sent": sent, "errors": errors, "busts": len(victims)}


async def balance(
    c: httpx.AsyncClient, base: str, tid: str, h: dict[str, str], errors: list[str]
) -> int:
    """Suggest moves and confirm each (naming a player and seat where the move is blank)."""
    r = await c.post(f"{base}/api/tournaments/{tid}/commands/suggest_moves", headers=h)
    if r.status_code not in (200, 409, 422):
        errors.append(f"suggest {r.status_code}")
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


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--displays", type=int, default=500)
    ap.add_argument("--floor", type=int, default=20)
    ap.add_argument("--procs", type=int, default=2, help="processes for the SSE clients")
    ap.add_argument("--pace", type=float, default=1.0, help="seconds between a client's busts")
    ap.add_argument("--rps-seconds", type=float, default=3.0)
    ap.add_argument("--players", type=int, default=200, help="demo players (busted down to 12)")
    args = ap.parse_args()

    tmp = tempfile.mkdtemp(prefix="pokertd-bench-")
    proc, base = start_server(os.path.join(tmp, "bench.db"))
    try:

        async def setup() -> str:
            async with httpx.AsyncClient(timeout=120) as c:
                h = await login(c, base)
                r = await c.post(
                    f"{base}/api/tournaments",
                    json={"name": "Load night", "template": "fox_wed_80"},
                    headers=h,
                )
                tid = str(r.json()["tournament"])
                for i in range(args.players):
                    await c.post(
                        f"{base}/api/tournaments/{tid}/commands/register",
                        json={"name": f"Bench Player {i:03d}", "age_ok": True, "member_ok": True},
                        headers=h,
                    )
                for cmd in ("draw_seats", "start_clock"):
                    (
                        await c.post(f"{base}/api/tournaments/{tid}/commands/{cmd}", headers=h)
                    ).raise_for_status()
                return tid

        tid = asyncio.run(setup())
        ctx = mp.get_context("spawn")
        out: Any = ctx.Queue()
        stop = ctx.Event()
        per = [
            args.displays // args.procs + (1 if i < args.displays % args.procs else 0)
            for i in range(args.procs)
        ]
        readies = [ctx.Event() for _ in per]
        workers = [
            ctx.Process(target=_display_worker, args=(base, tid, n, out, r, stop))
            for n, r in zip(per, readies, strict=True)
        ]
        for w in workers:
            w.start()
        for r in readies:
            if not r.wait(180):
                raise SystemExit("the displays did not connect")
        print(
            f"{args.displays} displays connected; {args.floor} floor clients busting "
            f"{args.players - 12} players"
        )
        t0 = time.perf_counter()
        floor = asyncio.run(run_floor(base, tid, args.floor, args.pace))
        elapsed = time.perf_counter() - t0
        stop.set()
        results = [out.get(timeout=120) for _ in workers]
        for w in workers:
            w.join(30)
        seen = [s for res in results for s in res["seen"]]
        display_errors = [e for res in results for e in res["errors"]]
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
        print(
            f"busts: {len(floor['sent'])} in {elapsed:.1f} s; floor errors: "
            f"{len(floor['errors'])}; display errors: {len(display_errors)}; "
            f"display deliveries missing: {missing}"
        )
        for e in (floor["errors"] + display_errors)[:5]:
            print("  error:", e)
        if latencies:
            print(
                "bust POST -> every display has it (ms): "
                f"p50 {pct(latencies, 0.5) * 1000:.0f}, p95 {pct(latencies, 0.95) * 1000:.0f}, "
                f"p99 {pct(latencies, 0.99) * 1000:.0f}, max {max(latencies) * 1000:.0f} "
                f"(mean {statistics.mean(latencies) * 1000:.0f}); target p99 < 500"
            )
        rps = asyncio.run(throughput(base, tid, args.floor, args.rps_seconds))
        print(f"requests/second with {args.floor} floor clients (no displays):")
        for label, value in rps.items():
            print(f"  {label:20s} {value:8.1f}")
        print(
            json.dumps(
                {
                    "displays": args.displays,
                    "floor": args.floor,
                    "p99_ms": round(pct(latencies, 0.99) * 1000) if latencies else None,
                    "errors": len(floor["errors"]) + len(display_errors) + missing,
                    "rps": {k: round(v, 1) for k, v in rps.items()},
                }
            )
        )
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


if __name__ == "__main__":
    main()
