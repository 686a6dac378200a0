"""Screens that survive the Wi-Fi (issue 27, point 4; docs/screens-offline.md), in chromium.

The server runs in this process (uvicorn in a thread) over a clock the test moves: the
service's and the web's ``now`` are the real time plus :attr:`FakeClock.offset`. The pages'
clocks are Playwright's (``page.clock``): both are moved forward together, five seconds a
step, so 90 s without a connection take a few seconds of wall time.

- The TV (1920x1080) and the phone (390x844) lose their connection (``set_offline`` and
  every stream request aborted) for 90 s across the end of level 1, while the floor busts a
  player. Each step the pages must show what the server's own view says at that instant
  (level, blinds, time left within 2 s) and "reconnecting"; back online, they must equal a
  fresh load (the bust included). The timeline goes to the test output and to
  ``tests/.artifacts/offline_timeline.txt``; screenshots of both in the reconnecting state.
- A TV page reloaded without network is served by the service worker: the last state (not
  the bust made since), "offline", and its clock running on.
- The floor console offline refuses a bust (the button pressed from the keyboard): no
  request leaves, nothing is written; back online it acts again.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from pokertd.app import App, demo
from pokertd.app.accounts import AccountService
from pokertd.app.tournaments import TournamentService
from pokertd.store import open_store
from pokertd.web import Role, Settings, create_app

from .conftest import FAST_HASHER
from .servers import free_port, page_sign_in
from .test_browser import ARTIFACTS, CHROMIUM, browser

__all__ = ["browser"]  # the module-scoped fixture, shared with test_browser

PASSWORD = "offline-night-1"
OFFLINE_S = 90
STEP_S = 5
LEVEL_LEFT_S = 42
"""Seconds left in level 1 when the connection is cut: the level ends mid-step (at 42 s),
never on a step's own second, so a page a fraction of a second off still reads the same."""

NEAR_S = 3
"""Within this many seconds of the level's end a page may show either level: the pages'
clocks and the server's are stopped a fraction of a second apart (more on a loaded box)."""

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(), reason=f"chromium is not installed at {CHROMIUM}"
    ),
]


class FakeClock:
    """The server's clock: the real time plus ``offset`` seconds, or once :meth:`freeze` is
    called the instant it was frozen at plus ``offset`` (moved by the test only)."""

    def __init__(self) -> None:
        self.offset = 0.0
        self.frozen: datetime | None = None

    def freeze(self) -> None:
        self.frozen = datetime.now(UTC) + timedelta(seconds=self.offset)
        self.offset = 0.0

    def thaw(self) -> None:
        if self.frozen is not None:
            self.offset = (self.frozen - datetime.now(UTC)).total_seconds() + self.offset
            self.frozen = None

    def __call__(self) -> datetime:
        base = self.frozen or datetime.now(UTC)
        return base + timedelta(seconds=self.offset)


@dataclass
class Served:
    base: str
    tid: str
    clock: FakeClock
    service: TournamentService


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """The web app on a free port, its clock movable; a 30-player demo, the clock running."""
    url = f"sqlite:///{tmp_path_factory.mktemp('offline') / 'offline.db'}"
    clock = FakeClock()
    service = TournamentService(open_store(url), now=clock)
    users = AccountService(url, hasher=FAST_HASHER)
    users.add("floor1", "floor-pass-1", Role.FLOOR)
    app = create_app(
        App.over(service, now=clock),
        Settings(db_url=url, director_password=PASSWORD),
        users=users,
    )
    app.state.web.now = clock
    tid = demo.build(service, players=30)
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "the test server did not start"
        time.sleep(0.05)
    try:
        yield Served(base, tid, clock, service)
    finally:
        server.should_exit = True
        thread.join(timeout=15)
        service.close()
        users.close()


class Floor:
    """The director's API session (not the browser's: its connection is never cut)."""

    def __init__(self, served: Served) -> None:
        self.served = served
        self.client = httpx.Client(base_url=served.base, timeout=20)
        r = self.client.post("/api/login", json={"name": "director", "password": PASSWORD})
        r.raise_for_status()
        self.headers = {"X-CSRF-Token": r.json()["csrf"]}

    def run(self, command: str, body: dict[str, Any]) -> int:
        r = self.client.post(
            f"/api/tournaments/{self.served.tid}/commands/{command}",
            json=body,
            headers=self.headers,
        )
        assert r.status_code == 200, r.text
        return int(r.json()["seq"])

    def view(self) -> dict[str, Any]:
        """The public view now (the server's truth at its clock)."""
        return dict(self.client.get(f"/api/tournaments/{self.served.tid}").json())

    def close(self) -> None:
        self.client.close()


TV_JS = """() => {
  const d = Alpine.$data(document.querySelector('.tv-screen'));
  const badge = document.getElementById('live-conn');
  return {seq: d.v.seq, level: (d.clock.level || {}).level, on_break: !!d.clock.on_break,
          left: d.left, time: document.getElementById('tv-time').textContent,
          blinds: document.getElementById('tv-blinds').textContent,
          players: document.getElementById('tv-players').textContent,
          badge: badge && !badge.hidden ? badge.textContent : ''};
}"""

PHONE_JS = """() => {
  const d = Alpine.$data(document.querySelector('.phone-wrap'));
  const badge = document.getElementById('live-conn');
  return {seq: d.v.seq, level: (d.clock.level || {}).level, on_break: !!d.clock.on_break,
          left: d.left, time: document.getElementById('phone-time').textContent,
          blinds: document.querySelector('#phone-clock .blinds').textContent
            .replace(/\\s+/g, ' ').trim(),
          badge: badge && !badge.hidden ? badge.textContent : ''};
}"""


SEQ_JS = "(s) => Alpine.$data(document.querySelector('.tv-screen, .phone-wrap')).v.seq === s"


def _blinds(level: dict[str, Any]) -> str:
    return f"{level['small_blind']:,} / {level['big_blind']:,}"


def _open(browser: Any, url: str, size: tuple[int, int], sel: str, *, fake: bool) -> Any:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    if fake:
        page.clock.install()  # the page's timers and clocks: moved by the test from here on
    page.goto(url)
    page.wait_for_function(
        f"() => window.Alpine && Alpine.$data(document.querySelector('{sel}')).es"
    )
    page.wait_for_function(f"() => Alpine.$data(document.querySelector('{sel}')).v.seq > 0")
    return page


def _cut(page: Any) -> None:
    page.context.set_offline(True)
    page.route("**/stream*", lambda route: route.abort())


def _mend(page: Any) -> None:
    page.unroute("**/stream*")
    page.context.set_offline(False)


def test_tv_and_phone_run_on_for_90_s_offline_across_a_level_change(
    served: Served, browser: Any
) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    floor = Floor(served)
    try:
        tv = _open(
            browser, f"{served.base}/t/{served.tid}/tv", (1920, 1080), ".tv-screen", fake=True
        )
        phone = _open(
            browser, f"{served.base}/t/{served.tid}/player", (390, 844), ".phone-wrap", fake=True
        )
        left = floor.view()["clock"]["seconds_left"]
        floor.run("adjust_clock", {"seconds": -(int(left) - LEVEL_LEFT_S)})
        start = floor.view()
        level1, level2 = start["clock"]["level"], start["clock"]["next_level"]
        assert level1["level"] == 1
        assert level2["level"] == 2
        for page in (tv, phone):  # the adjustment reached both pages (a push)
            page.wait_for_function(SEQ_JS, arg=start["seq"])
        # from here on time moves only when the test moves it, on both sides
        for page in (tv, phone):
            now_ms = page.evaluate("() => Date.now()")
            page.clock.pause_at(datetime.fromtimestamp(now_ms / 1000 + 0.1, UTC))
        served.clock.freeze()

        timeline: list[str] = []

        def look(t: int, note: str = "") -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
            truth = floor.view()
            shown_tv, shown_phone = tv.evaluate(TV_JS), phone.evaluate(PHONE_JS)
            c = truth["clock"]
            timeline.append(
                f"t={t:>3}s server: level {c['level']['level']} {_blinds(c['level'])} "
                f"{c['seconds_left']:>4}s left, {truth['status']['alive']} alive | "
                f"TV: {shown_tv['time']:>6} {shown_tv['blinds']:<14} "
                f"players {shown_tv['players']:<8} "
                f"[{shown_tv['badge']}] | phone: {shown_phone['time']:>6} {shown_phone['blinds']} "
                f"[{shown_phone['badge']}] {note}".rstrip()
            )
            return truth, shown_tv, shown_phone

        look(0, "connected")
        for page in (tv, phone):
            _cut(page)
        for page in (tv, phone):  # (a paused page clock stops wait_for_function's polling)
            page.clock.run_for(500)
            assert page.evaluate("() => !document.getElementById('live-conn').hidden")
        tv.screenshot(path=str(ARTIFACTS / "offline_tv_reconnecting_1920x1080.png"))
        phone.screenshot(path=str(ARTIFACTS / "offline_phone_reconnecting_390x844.png"))
        cut = look(0, "connection cut")[0]
        ends = cut["clock"]["seconds_left"]  # level 1 ends this many seconds after the cut

        busted = None
        for t in range(STEP_S, OFFLINE_S + 1, STEP_S):
            served.clock.offset += STEP_S
            tv.clock.run_for(STEP_S * 1000)
            phone.clock.run_for(STEP_S * 1000)
            note = ""
            if t == 30:  # the floor busts a player while the screens are cut off
                victim = next(p for p in _staff_players(floor) if p["status"] == "alive")
                busted = floor.run("bust", {"players": [victim["name"]]})
                note = f"(floor busts {victim['name']}: seq {busted})"
            truth, shown_tv, shown_phone = look(t, note)
            c = truth["clock"]
            want = c["level"]["level"]
            for name, shown in (("TV", shown_tv), ("phone", shown_phone)):
                assert "reconnecting" in shown["badge"], (name, t, shown)
                blinds = _blinds(level1 if shown["level"] == 1 else level2)
                assert blinds in shown["blinds"], (name, t, shown)  # its level's own blinds
                if abs(t - ends) < NEAR_S:
                    # within the pages' and the server's few hundred milliseconds apart
                    assert shown["level"] in (1, 2), (name, t, shown)
                    continue
                assert shown["level"] == want, (name, t, shown, timeline)
                assert abs(shown["left"] - c["seconds_left"]) <= 2, (name, t, shown, timeline)
            if t >= ends + NEAR_S:
                assert want == 2, timeline  # the level changed while the screens were offline
                assert shown_tv["blinds"] == _blinds(level2)
        assert busted is not None

        for page in (tv, phone):
            _mend(page)
            page.clock.resume()
        served.clock.thaw()  # both run on the real time again, 90 s ahead
        for page, sel in ((tv, ".tv-screen"), (phone, ".phone-wrap")):
            page.wait_for_function(
                f"(s) => Alpine.$data(document.querySelector('{sel}')).v.seq === s"
                " && document.getElementById('live-conn').hidden",
                arg=busted,
            )
        truth, shown_tv, shown_phone = look(OFFLINE_S, "back online")

        fresh_tv = _open(
            browser, f"{served.base}/t/{served.tid}/tv", (1920, 1080), ".tv-screen", fake=False
        )
        fresh_phone = _open(
            browser, f"{served.base}/t/{served.tid}/player", (390, 844), ".phone-wrap", fake=False
        )
        new_tv, new_phone = fresh_tv.evaluate(TV_JS), fresh_phone.evaluate(PHONE_JS)
        for key in ("seq", "level", "on_break", "blinds", "players", "badge"):
            assert shown_tv[key] == new_tv[key], (key, shown_tv, new_tv)
        for key in ("seq", "level", "on_break", "blinds", "badge"):
            assert shown_phone[key] == new_phone[key], (key, shown_phone, new_phone)
        # the time left: each as the server says at the moment it was read (the test's
        # pages keep their moved clocks; the fresh ones run on the real one)
        assert abs(shown_tv["left"] - truth["clock"]["seconds_left"]) <= 2
        assert abs(shown_phone["left"] - truth["clock"]["seconds_left"]) <= 2
        assert abs(new_tv["left"] - floor.view()["clock"]["seconds_left"]) <= 2
        assert shown_tv["players"].startswith(f"{truth['status']['alive']} /")
        model = json.loads(
            tv.evaluate(
                "() => JSON.stringify(Alpine.$data(document.querySelector('.tv-screen')).v)"
            )
        )
        fresh = json.loads(
            fresh_tv.evaluate(
                "() => JSON.stringify(Alpine.$data(document.querySelector('.tv-screen')).v)"
            )
        )
        for key in ("status", "results", "payouts", "screens", "clock_ahead", "seq"):
            assert model.get(key) == fresh.get(key), key
        timeline.append(
            f"t={OFFLINE_S:>3}s fresh load: TV {new_tv['time']} {new_tv['blinds']} "
            f"players {new_tv['players']}"
        )
        text = "\n".join(timeline)
        (ARTIFACTS / "offline_timeline.txt").write_text(text + "\n", encoding="utf-8")
        print("\n" + text)
        for page in (tv, phone, fresh_tv, fresh_phone):
            page.context.close()
    finally:
        floor.close()


def _staff_players(floor: Floor) -> list[dict[str, Any]]:
    r = floor.client.get(f"/api/tournaments/{floor.served.tid}", headers=floor.headers)
    return list(r.json()["players"])


def test_a_tv_reloaded_without_network_shows_the_last_state_from_the_service_worker(
    served: Served, browser: Any
) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    floor = Floor(served)
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    try:
        page = context.new_page()
        page.goto(f"{served.base}/t/{served.tid}/tv")
        page.wait_for_function(SEQ_JS, arg=floor.view()["seq"])
        # the worker has kept the page and what it loaded (its answer to the page's "keep")
        page.wait_for_function("() => window.pokertdOfflineKept", timeout=20000)
        kept = page.evaluate("() => window.pokertdOfflineKept")
        assert kept.startswith("pokertd-screens-"), kept
        before = page.evaluate(TV_JS)

        context.set_offline(True)
        victim = next(p for p in _staff_players(floor) if p["status"] == "alive")
        busted = floor.run("bust", {"players": [victim["name"]]})  # not on the kept page
        answer = page.reload()
        assert answer is not None
        assert answer.from_service_worker
        page.wait_for_function(
            "() => window.Alpine && document.getElementById('live-conn')"
            " && !document.getElementById('live-conn').hidden"
        )
        shown = page.evaluate(TV_JS)
        assert shown["seq"] == before["seq"] < busted  # the last state it was pushed
        assert shown["blinds"] == before["blinds"]
        assert shown["players"] == before["players"]
        assert "offline" in shown["badge"]
        page.wait_for_timeout(2200)
        later = page.evaluate(TV_JS)
        assert later["left"] < shown["left"] - 1  # the clock runs on
        page.screenshot(path=str(ARTIFACTS / "offline_tv_reloaded_offline_1920x1080.png"))

        context.set_offline(False)  # back: a snapshot with the bust
        page.wait_for_function(SEQ_JS, arg=busted, timeout=20000)
        page.wait_for_function("() => document.getElementById('live-conn').hidden")
    finally:
        context.close()
        floor.close()


def test_the_console_offline_refuses_a_bust_and_writes_nothing(
    served: Served, browser: Any
) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    floor = Floor(served)
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    try:
        page = context.new_page()
        page_sign_in(page, served.base, PASSWORD)
        page.goto(f"{served.base}/t/{served.tid}/floor")
        page.wait_for_selector("#table-map .table-box")
        view = floor.client.get(f"/api/tournaments/{served.tid}", headers=floor.headers).json()
        table = view["tables"][0]
        seat = next(s for s in table["seats"] if s.get("name"))
        page.click(f"#table-{table['table']} button.seat[data-seat='{seat['seat']}']")
        page.wait_for_selector("#bust-confirm", state="visible")
        sent: list[str] = []
        page.on("request", lambda r: sent.append(r.url) if "/commands/" in r.url else None)
        seq, alive = view["seq"], view["status"]["alive"]

        context.set_offline(True)
        page.wait_for_function(
            "() => !document.getElementById('live-conn').hidden"
            " && document.body.classList.contains('pokertd-offline')"
        )
        banner = page.inner_text("#live-conn")
        assert "Offline" in banner
        page.focus("#bust-confirm")
        page.keyboard.press("Enter")  # the keyboard still reaches the button: refused
        page.wait_for_selector("#toast.error", state="visible")
        assert "nothing was sent" in page.inner_text("#toast")
        page.screenshot(path=str(ARTIFACTS / "offline_console_refuses_1024x768.png"))
        after = floor.client.get(f"/api/tournaments/{served.tid}", headers=floor.headers).json()
        assert sent == []
        assert (after["seq"], after["status"]["alive"]) == (seq, alive)  # nothing written

        context.set_offline(False)  # back: the stream re-reads the state, the console acts
        page.wait_for_function(
            "() => document.getElementById('live-conn').hidden"
            " && !document.body.classList.contains('pokertd-offline')"
        )
        with page.expect_response(lambda r: r.url.endswith("/commands/bust")) as resp:
            page.click("#bust-confirm")
        assert resp.value.status == 200, resp.value.text()
        now = floor.client.get(f"/api/tournaments/{served.tid}", headers=floor.headers).json()
        assert now["status"]["alive"] == alive - 1
    finally:
        context.close()
        floor.close()


LOBBY_JS = """() => {
  const d = Alpine.$data(document.querySelector('.lobby'));
  const badge = document.getElementById('live-conn');
  return {time: document.querySelector('.lobby-time').textContent,
          left: d.boards[0].clock.seconds_left - (d.now - d.receivedAt) / 1000,
          badge: badge && !badge.hidden ? badge.textContent : ''};
}"""


def test_a_lobby_reloaded_without_network_counts_on_from_its_last_figures(
    served: Served, browser: Any
) -> None:
    """The worker's copy of the lobby is older than the moment of the reload: its clocks
    count on from when the figures were made, not from the reload."""
    floor = Floor(served)
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    try:
        page = context.new_page()
        page.goto(f"{served.base}/lobby")
        page.wait_for_function("() => window.pokertdOfflineKept", timeout=20000)
        page.wait_for_timeout(4000)  # the kept copy ages
        page.evaluate("() => Alpine.$data(document.querySelector('.lobby')).refresh()")
        assert page.evaluate(LOBBY_JS)["badge"] == ""
        context.set_offline(True)
        answer = page.reload()
        assert answer is not None
        assert answer.from_service_worker
        page.wait_for_function("() => window.Alpine && document.querySelector('.lobby-time')")
        page.wait_for_timeout(600)
        shown = page.evaluate(LOBBY_JS)
        truth = floor.view()["clock"]["seconds_left"]
        assert abs(shown["left"] - truth) <= 2, (shown, truth)
        assert "offline" in shown["badge"]
        page.screenshot(path=str(ARTIFACTS / "offline_lobby_reloaded_offline_1920x1080.png"))
    finally:
        context.close()
        floor.close()
