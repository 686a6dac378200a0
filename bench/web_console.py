"""The floor console of a big event: what opening it costs, and bust-to-updated-map.

Issue 25's target: the floor console at 10,000 entries renders its first page in under
1 s, the page and the stream's first frame weigh under 300 KB together, and a bust shows on
the map in under 200 ms (issue 12's was 1 s and 300 ms at 500 players).

For each field size (``--entries 100,3000,10000``) the bench builds a seated night once
(registered through the service, seats and buttons drawn, clock running) into
``--cache`` (``night-<entries>.db``, reused by later runs: 10,000 registrations take a
minute or more) and works on a copy of it, so every run starts from the same night:

* **bytes**: the floor page's HTML and the first frame of the stream it opens (the console
  asks for its page of the map, ``?audience=staff&tables=1-24``); beside them the whole staff
  view (``GET /api/tournaments/<id>/staff``, still there for the CLI and scripts), which the
  page used to embed and then receive again as its first frame;
* **CPU to build** (in this process, on the same database; medians of ``--runs``, CPU time):
  the console's view of one page (``pokertd.app.screens.console``) and the whole staff view
  (``screens.build``, what the page and its first frame each cost before);
* **in a real browser** (Debian's chromium through Playwright, 1024x768): first render
  (navigation start until the page's tables are painted with every seat) and bust -> seat
  shown empty on the map (``--runs`` busts, tapped on the map and confirmed in the sheet;
  split into server + push and the page's part), with the size of each push.

``--server-src DIR`` runs the server from another source tree (``git archive main | tar
-x -C DIR``) to measure the old console with the same command (``--legacy``: it paints
every table, its stream has no page).

Run: ``uv run python -m bench.web_console`` (``--entries 100,3000,10000 --runs 5``).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import sync_playwright

from bench.web_load import PASSWORD, _free_port, stop_server

CHROMIUM = "/usr/bin/chromium"
VIEWPORT = {"width": 1024, "height": 768}
SEATS = 10
PAGE = 24
"""Tables on the console's page at 1024x768 (``pageSize()`` in static/floor.js)."""

# Runs in the page before any of its scripts: notes the first animation frame in which the
# map shows ``want`` tables, the last with all its seats, and the size and arrival time of
# every push (a whole ``snapshot`` or a ``patch``) the page's EventSource receives.
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


def build_night(path: Path, entries: int) -> str:
    """A night of ``entries`` seated at tables of ten (Wednesday $80 template, enough
    tables), buttons drawn, clock running, written to ``path``; its id. Through the service's
    commands, so its log is a real one."""
    # the app only here: a run that reuses the cached night never builds one
    from pokertd.app import App, demo
    from pokertd.tournament.clock import StartClock
    from pokertd.tournament.entries import CreateTournament, Register
    from pokertd.tournament.seating import DrawButtons, DrawSeats
    from pokertd.tournament.templates import load_template

    app = App.open(f"sqlite:///{path}")
    svc = app.tournaments
    tpl = replace(load_template("fox_wed_80"), tables=-(-entries // SEATS), seats_per_table=SEATS)
    tid = svc.create(CreateTournament(name=f"Console {entries}", template=tpl), actor="bench")
    for i, name in enumerate(demo.player_names(entries), start=1):
        svc.run(tid, Register(name=name, member=f"B-{i:05d}", age_ok=True), actor="bench")
    for command in (DrawSeats(), DrawButtons(), StartClock()):
        svc.run(tid, command, actor="bench")
    svc.close()
    return tid


def night(cache: Path, entries: int) -> tuple[Path, str]:
    """The cached night of ``entries`` (built when missing): ``(database, tournament id)``."""
    cache.mkdir(parents=True, exist_ok=True)
    db, meta = cache / f"night-{entries}.db", cache / f"night-{entries}.json"
    if not (db.exists() and meta.exists()):
        t0 = time.process_time()
        db.unlink(missing_ok=True)
        tid = build_night(db, entries)
        meta.write_text(json.dumps({"tid": tid}))
        print(f"  built the {entries}-entry night in {time.process_time() - t0:.0f} s CPU")
    return db, str(json.loads(meta.read_text())["tid"])


def start_server(db: str, src: str | None) -> tuple[subprocess.Popen[bytes], str]:
    """``pokertd serve`` on ``db`` (from ``src`` when given: another source tree), waiting
    up to five minutes for it to answer (a 10,000-entry database on a loaded machine)."""
    port = _free_port()
    env = {**os.environ, "POKERTD_DIRECTOR_PASSWORD": PASSWORD, "POKERTD_NO_PROMPT": "1"}
    if src:
        old = env.get("PYTHONPATH")
        env["PYTHONPATH"] = str(Path(src) / "src") + (os.pathsep + old if old else "")
    code = "from pokertd.cli import main; main()"
    cmd = [sys.executable, "-c", code, "serve", "--db", f"sqlite:///{db}", "--port", str(port)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            httpx.get(f"{base}/api/me", timeout=5).raise_for_status()
            return proc, base
        except httpx.HTTPError:
            time.sleep(0.2)
    stop_server(proc)
    raise SystemExit("the server did not start")


def cpu_build(db: Path, tid: str, runs: int) -> dict[str, float]:
    """CPU medians (ms), in this process on ``db``: the console's view of one page
    (``pokertd.app.screens.console``) and the whole staff view (``screens.build``, what the
    page and its first frame each cost before), with their sizes (bytes of compact JSON);
    then ``runs`` busts at tables of the page, each followed by what the hub does for a
    console (the new view, its merge patch against the last one, encoded), for the page and
    for the whole view: the server's part of bust -> console updated, in CPU time."""
    # the app only for this measure (a run with --no-cpu never imports it here)
    from pokertd.app import App, screens
    from pokertd.tournament.eliminations import Bust
    from pokertd.web.hub import merge_diff

    app = App.open(f"sqlite:///{db}")
    svc = app.tournaments
    page = screens.console_page(f"1-{PAGE}")

    def console() -> dict[str, Any]:
        state, now = svc.state(tid), svc.now()
        tail = svc.records(tid, max(0, state.seq - screens.CONSOLE_LOG_LINES))
        return screens.console(state, tail, now, page)

    def whole() -> dict[str, Any]:
        return screens.build(svc.state(tid), svc.records(tid), svc.now())

    def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
        t0 = time.process_time()
        out = fn()
        return (time.process_time() - t0) * 1000, out

    def size(v: Any) -> int:
        return len(json.dumps(v, separators=(",", ":")))

    console_ms = [timed(console)[0] for _ in range(runs)]
    whole_ms = [timed(whole)[0] for _ in range(runs)]
    view, full = console(), whole()
    sizes = size(view), size(full)
    bust_ms: list[float] = []
    push_page: list[float] = []
    push_whole: list[float] = []
    for i in range(runs):
        table = view["tables"][(i * 3 + 1) % len(view["tables"])]
        name = max(table["seats"], key=lambda s: s["seat"])["name"]
        bust = Bust(players=(name,))
        bust_ms.append(timed(lambda: svc.run(tid, bust, actor="bench"))[0])  # noqa: B023
        for fn, last, out in ((console, view, push_page), (whole, full, push_whole)):
            ms, new = timed(fn)
            ms2, _ = timed(lambda: _encode(merge_diff(last, new)))  # noqa: B023
            out.append(ms + ms2)
        view, full = console(), whole()
    svc.close()
    med = statistics.median
    return {
        "console_ms": float(med(console_ms)),
        "console_bytes": sizes[0],
        "whole_ms": float(med(whole_ms)),
        "whole_bytes": sizes[1],
        "bust_cmd_ms": float(med(bust_ms)),
        "push_page_ms": float(med(push_page)),
        "push_whole_ms": float(med(push_whole)),
    }


def _encode(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def first_frame(c: httpx.Client, base: str, tid: str, query: str) -> int:
    """Bytes of the first ``snapshot`` frame of the stream ``query`` opens."""
    url = f"{base}/api/tournaments/{tid}/stream?{query}&limit=1"
    with c.stream("GET", url, timeout=120) as r:
        got = b""
        for chunk in r.iter_bytes():
            got += chunk
            if b"event: snapshot" in got and got.endswith(b"\n\n"):
                break
    at = got.find(b"event: snapshot")
    return len(got[at:]) if at >= 0 else 0


def measure(
    browser: Any, base: str, tid: str, want: int, runs: int, legacy: bool
) -> dict[str, Any]:
    """Bytes, first render (``runs`` loads) and bust-to-updated-map (``runs`` busts)."""
    with httpx.Client(timeout=300) as c:
        r = c.post(f"{base}/api/login", json={"name": "director", "password": PASSWORD})
        r.raise_for_status()
        html_bytes = len(c.get(f"{base}/t/{tid}/floor").content)
        query = "audience=staff" if legacy else f"audience=staff&tables=1-{PAGE}"
        frame_bytes = first_frame(c, base, tid, query)
        whole_bytes = len(c.get(f"{base}/api/tournaments/{tid}/staff").content)
        view = c.get(f"{base}/api/tournaments/{tid}/staff?tables=1-{PAGE}").json()
    context = browser.new_context(viewport=VIEWPORT)
    context.add_init_script(INIT_SCRIPT % (want, SEATS))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}/login")
    page.fill("input[name=name]", "director")
    page.fill("input[name=password]", PASSWORD)
    page.click("button.primary")
    page.wait_for_url(lambda u: "/login" not in u)
    url = f"{base}/t/{tid}/floor"
    renders: list[dict[str, float]] = []
    for _ in range(runs):
        page.goto(url, wait_until="commit")
        page.wait_for_function(
            "() => window.__bench && window.__bench.painted !== null", timeout=120_000
        )
        renders.append(
            page.evaluate(
                """() => { const t = performance.timing; return {
                     painted: window.__bench.painted,
                     response: t.responseEnd - t.navigationStart,
                     dom: t.domContentLoadedEventEnd - t.navigationStart }; }"""
            )
        )
    # busts: the last seated player of a different table of the first page each time
    page.wait_for_function("() => window.__bench.snapshots.length > 0")
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
        with page.expect_response(
            lambda r: r.url.endswith("/commands/bust"), timeout=60_000
        ) as rsp:
            page.click("#bust-confirm")
        if rsp.value.status != 200:
            raise SystemExit(f"bust {i + 1} refused: {rsp.value.text()[:300]}")
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
    pushes = page.evaluate("() => window.__bench.snapshots")
    context.close()
    if errors:
        print("  page errors:", errors[:3])
    return {
        "html_bytes": html_bytes,
        "frame_bytes": frame_bytes,
        "whole_bytes": whole_bytes,
        "renders": renders,
        "busts": busts,
        "pushes": pushes,
    }


def _median(rows: list[dict[str, float]], key: str) -> float:
    return float(statistics.median(r[key] for r in rows))


def report(entries: int, out: dict[str, Any], cpu: dict[str, float] | None) -> dict[str, Any]:
    """Print one night's figures; the medians."""
    first = _median(out["renders"], "painted")
    bust = _median(out["busts"], "total")
    opened = out["html_bytes"] + out["frame_bytes"]
    print(f"{entries:,} entries:")
    print(
        f"  opening the console: HTML {out['html_bytes'] / 1024:.1f} KB + first frame "
        f"{out['frame_bytes'] / 1024:.1f} KB = {opened / 1024:.1f} KB "
        f"(the whole staff view, GET /staff: {out['whole_bytes'] / 1024:.0f} KB)"
    )
    if cpu is not None:
        print(
            f"  CPU to build (median): the console's page {cpu['console_ms']:.0f} ms "
            f"({cpu['console_bytes'] / 1024:.0f} KB); the whole staff view "
            f"{cpu['whole_ms']:.0f} ms ({cpu['whole_bytes'] / 1024:.0f} KB)"
        )
        print(
            f"  CPU of a bust (median): the command {cpu['bust_cmd_ms']:.0f} ms; the console's "
            f"push (view + patch + encode) {cpu['push_page_ms']:.0f} ms for its page, "
            f"{cpu['push_whole_ms']:.0f} ms for the whole staff view (before)"
        )
    print(
        "  first render (navigation start -> page's tables painted), ms: "
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
    print(
        "  per bust, the push that emptied the seat (KB): "
        + ", ".join(f"{b['bytes'] / 1024:.1f}" for b in out["busts"])
    )
    return {
        "entries": entries,
        "open_bytes": opened,
        "html_bytes": out["html_bytes"],
        "frame_bytes": out["frame_bytes"],
        "whole_bytes": out["whole_bytes"],
        "first_render_ms": first,
        "bust_ms": bust,
        **(cpu or {}),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--entries", default="100,3000,10000", help="field sizes, comma-separated")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument(
        "--cache",
        default=os.path.join(tempfile.gettempdir(), "pokertd-console-bench"),
        help="where the built nights are kept between runs",
    )
    ap.add_argument("--server-src", default="", help="run the server from this source tree")
    ap.add_argument("--legacy", action="store_true", help="the old console: no page, every table")
    ap.add_argument("--no-cpu", action="store_true", help="skip the in-process CPU figures")
    args = ap.parse_args()
    sizes = [int(x) for x in args.entries.split(",") if x.strip()]
    cache = Path(args.cache)
    tmp = Path(tempfile.mkdtemp(prefix="pokertd-console-"))
    rows: list[dict[str, Any]] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=["--no-sandbox"]
            )
            try:
                for entries in sizes:
                    db, tid = night(cache, entries)
                    work = tmp / f"run-{entries}.db"
                    shutil.copy(db, work)
                    cpu = None if args.no_cpu else cpu_build(work, tid, args.runs)
                    tables = -(-entries // SEATS)
                    want = tables if args.legacy else min(tables, PAGE)
                    proc, base = start_server(str(work), args.server_src or None)
                    try:
                        out = measure(browser, base, tid, want, args.runs, args.legacy)
                    finally:
                        stop_server(proc)
                    rows.append(report(entries, out, cpu))
            finally:
                browser.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(
        "targets at 10,000 entries: first render < 1000 ms, page + first frame < 300 KB, "
        "bust -> map < 200 ms"
    )
    print(json.dumps(rows))


if __name__ == "__main__":
    main()
