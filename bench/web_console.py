"""The floor console of a big event in a real browser: first render and bust-to-updated-map.

Issue 12's target: the floor console of a 500-player event renders its table map in under
1 s and shows a bust on the map in under 300 ms (Playwright timing, median of 5).

Starts ``pokertd serve`` on a temporary SQLite file, creates an event (``--players`` seated
at tables of ten, buttons drawn, clock running) through the API, then drives Debian's
chromium (Playwright, ``/usr/bin/chromium``, 1024x768) on ``/t/<id>/floor``:

* **first render**: navigation start until the table map shows every table with all its
  seats (an init script checks on every animation frame, so the time is the first frame
  painted with the whole map), ``--runs`` fresh page loads; with ``performance.timing``'s
  HTML response and DOMContentLoaded for the same loads;
* **bust to updated map**: tap a seat, then "Bust" in the sheet; from that click until the
  seat shows empty on the map, ``--runs`` busts; split into the server's part (the click
  until the staff snapshot arrives on the page's event stream) and the page's part;
* what the page receives: the HTML size and the size of each staff snapshot pushed.

The same is measured for a peer event of ``--peer`` players (default 50) in the same run,
and the ratio printed, so the scaling is visible.

Run: ``uv run python -m bench.web_console`` (``--players 500 --peer 50 --runs 5``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time
from typing import Any

import httpx
from playwright.sync_api import sync_playwright

from bench.web_load import PASSWORD, start_server

CHROMIUM = "/usr/bin/chromium"
VIEWPORT = {"width": 1024, "height": 768}
SEATS = 10

# Runs in the page before any of its scripts: notes the first animation frame in which the
# map shows every table with all its seats, and the size and arrival time of every push
# (a whole ``snapshot`` or a ``patch`` of the last one) the page's EventSource receives.
INIT_SCRIPT = """
(() => {
  window.__bench = { painted: null, snapshots: [] };
  const want = %d, seats = %d;
  const check = () => {
    const boxes = document.querySelectorAll('#table-map .table-box');
    if (boxes.length === want &&
        boxes[want - 1].querySelectorAll('button.seat').length === seats) {
      window.__bench.painted = performance.now();
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  const Native = window.EventSource;
  window.EventSource = function (url, opts) {
    const es = new Native(url, opts);
    const add = es.addEventListener.bind(es);
    es.addEventListener = (type, fn, o) => add(type, (ev) => {
      if (type === 'snapshot' || type === 'patch') {
        window.__bench.snapshots.push({ at: performance.now(), bytes: ev.data.length, type });
      }
      return fn(ev);
    }, o);
    return es;
  };
  window.EventSource.prototype = Native.prototype;
})();
"""

# Waits for the click on "Bust" and then for the seat to show empty on the map; the promise
# (kept in window.__bench.watch) resolves with {click, snapshot, empty} (performance.now()).
WATCH_BUST = """
([table, seat]) => { window.__bench.watch = new Promise((resolve) => {
  const out = { click: null, snapshot: null, empty: null };
  const sel = `#table-${table} button.seat[data-seat='${seat}']`;
  const before = window.__bench.snapshots.length;
  document.addEventListener('click', (e) => {
    if (e.target.closest('#bust-confirm') && out.click === null) out.click = performance.now();
  }, { capture: true });
  const check = () => {
    const el = document.querySelector(sel);
    if (out.click !== null && el && el.classList.contains('empty')) {
      out.empty = performance.now();
      const s = window.__bench.snapshots.slice(before).find((x) => x.at >= out.click);
      out.snapshot = s ? s.at : null;
      out.bytes = s ? s.bytes : null;
      resolve(out);
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  setTimeout(() => resolve(out), 15000);
}); }
"""


def _post(c: httpx.Client, url: str, h: dict[str, str], body: Any = None) -> Any:
    r = c.post(url, json=body or {}, headers=h)
    if r.status_code >= 300:
        raise SystemExit(f"{url}: {r.status_code} {r.text[:300]}")
    return r.json()


def make_event(base: str, players: int) -> tuple[str, int]:
    """An event of ``players`` seated at tables of ten, buttons drawn, clock running:
    ``(tournament id, tables)``."""
    tables = -(-players // SEATS)
    with httpx.Client(timeout=120) as c:
        r = c.post(f"{base}/api/login", json={"name": "director", "password": PASSWORD})
        r.raise_for_status()
        h = {"X-CSRF-Token": r.json()["csrf"]}
        event = {
            "title": f"Console bench {players}",
            "buy_in": {"prize_pool": 10000, "house_fee": 2000},
            "starting_stack": 20000,
            "structure": {"preset": "fox_wed"},
            "tables": tables,
            "seats_per_table": SEATS,
        }
        created = _post(
            c, f"{base}/api/tournaments", h, {"name": f"Console {players}", "event": event}
        )
        tid = str(created["tournament"])
        for i in range(players):
            _post(
                c,
                f"{base}/api/tournaments/{tid}/commands/register",
                h,
                {"name": f"Bench Player {i:04d}", "age_ok": True, "member_ok": True},
            )
        for cmd in ("draw_seats", "draw_buttons", "start_clock"):
            _post(c, f"{base}/api/tournaments/{tid}/commands/{cmd}", h)
        view = c.get(f"{base}/api/tournaments/{tid}/staff").json()
        return tid, len(view["tables"])


def _staff(page: Any, base: str, tid: str) -> dict[str, Any]:
    data: dict[str, Any] = page.request.get(f"{base}/api/tournaments/{tid}/staff").json()
    return data


def measure(browser: Any, base: str, tid: str, tables: int, runs: int) -> dict[str, Any]:
    """First render (``runs`` loads) and bust-to-updated-map (``runs`` busts) in ms."""
    context = browser.new_context(viewport=VIEWPORT)
    context.add_init_script(INIT_SCRIPT % (tables, SEATS))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}/login")
    page.fill("input[name=name]", "director")
    page.fill("input[name=password]", PASSWORD)
    page.click("button.primary")
    page.wait_for_url(lambda u: "/login" not in u)
    url = f"{base}/t/{tid}/floor"
    html_bytes = len(page.request.get(url).body())

    renders: list[dict[str, float]] = []
    for _ in range(runs):
        page.goto(url, wait_until="commit")
        page.wait_for_function("() => window.__bench && window.__bench.painted !== null")
        timing = page.evaluate(
            """() => { const t = performance.timing; return {
                 painted: window.__bench.painted,
                 response: t.responseEnd - t.navigationStart,
                 dom: t.domContentLoadedEventEnd - t.navigationStart }; }"""
        )
        renders.append(timing)

    # busts: a seat at a different table each time (the map stays balanced enough)
    page.wait_for_function("() => window.__bench.snapshots.length > 0")
    view = _staff(page, base, tid)
    by_table = {t["table"]: t for t in view["tables"]}
    order = sorted(by_table)
    busts: list[dict[str, float]] = []
    for i in range(runs):
        t = by_table[order[(i * 3) % len(order)]]
        seat = max(s["seat"] for s in t["seats"] if s["name"])
        t["seats"] = [s for s in t["seats"] if s["seat"] != seat]
        page.click(f"#table-{t['table']} button.seat[data-seat='{seat}']")
        page.wait_for_selector("#bust-confirm", state="visible")
        page.evaluate(WATCH_BUST, [t["table"], seat])
        with page.expect_response(lambda r: r.url.endswith("/commands/bust")) as resp:
            page.click("#bust-confirm")
        if resp.value.status != 200:
            raise SystemExit(f"bust {i + 1} refused: {resp.value.text()[:300]}")
        got = page.evaluate("() => window.__bench.watch")
        if got["empty"] is None or got["click"] is None:
            raise SystemExit(f"bust {i + 1}: the seat never showed empty ({got})")
        busts.append(
            {
                "total": got["empty"] - got["click"],
                "server": (got["snapshot"] or got["empty"]) - got["click"],
                "page": got["empty"] - (got["snapshot"] or got["empty"]),
                "bytes": got.get("bytes") or 0,
            }
        )
        page.wait_for_selector("#seat-sheet", state="hidden")
        # the balancing prompt may appear; it does not matter for the next bust
    pushes = page.evaluate("() => window.__bench.snapshots")
    context.close()
    if errors:
        print("  page errors:", errors[:3])
    return {
        "html_bytes": html_bytes,
        "renders": renders,
        "busts": busts,
        "pushes": pushes,
    }


def _median(rows: list[dict[str, float]], key: str) -> float:
    return float(statistics.median(r[key] for r in rows))


def report(label: str, out: dict[str, Any]) -> dict[str, float]:
    """Print one event's figures; the medians."""
    first = _median(out["renders"], "painted")
    bust = _median(out["busts"], "total")
    print(f"{label}:")
    print(
        "  first render (navigation start -> every table painted), ms: "
        + ", ".join(f"{r['painted']:.0f}" for r in out["renders"])
        + f"; median {first:.0f} (HTML received at median "
        f"{_median(out['renders'], 'response'):.0f}, DOMContentLoaded "
        f"{_median(out['renders'], 'dom'):.0f})"
    )
    print(
        "  bust -> seat empty on the map, ms: "
        + ", ".join(f"{b['total']:.0f}" for b in out["busts"])
        + f"; median {bust:.0f} (server + push {_median(out['busts'], 'server'):.0f}, "
        f"page {_median(out['busts'], 'page'):.0f})"
    )
    print(f"  page: HTML {out['html_bytes'] / 1024:.0f} KB (the staff view embedded)")
    for kind in ("snapshot", "patch"):
        sizes = [p["bytes"] for p in out["pushes"] if p["type"] == kind]
        if sizes:
            print(
                f"  staff stream: {len(sizes)} {kind} pushes, median "
                f"{statistics.median(sizes) / 1024:.1f} KB, {sum(sizes) / 1024:.0f} KB in all"
            )
    print(
        "  per bust, the push that emptied the seat (KB): "
        + ", ".join(f"{b['bytes'] / 1024:.1f}" for b in out["busts"])
    )
    return {"first_render_ms": first, "bust_ms": bust}


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--players", type=int, default=500)
    ap.add_argument("--peer", type=int, default=50, help="players of the peer event")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="pokertd-console-")
    proc, base = start_server(os.path.join(tmp, "bench.db"))
    try:
        t0 = time.perf_counter()
        big = make_event(base, args.players)
        peer = make_event(base, args.peer)
        print(
            f"set up {args.players} + {args.peer} players in {time.perf_counter() - t0:.1f} s "
            f"({big[1]} and {peer[1]} tables)"
        )
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=["--no-sandbox"]
            )
            try:
                small = measure(browser, base, peer[0], peer[1], args.runs)
                large = measure(browser, base, big[0], big[1], args.runs)
            finally:
                browser.close()
        a = report(f"{args.peer}-player event", small)
        b = report(f"{args.players}-player event", large)
        print(
            f"ratio {args.players}/{args.peer}: first render x"
            f"{b['first_render_ms'] / a['first_render_ms']:.1f}, "
            f"bust x{b['bust_ms'] / a['bust_ms']:.1f}; "
            "targets (500 players): first render < 1000 ms, bust < 300 ms"
        )
        print(json.dumps({"players": args.players, **b, "peer": args.peer, "peer_figures": a}))
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


if __name__ == "__main__":
    main()
