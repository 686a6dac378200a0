"""The pages follow the stream's patches in a real browser (issue 12, performance: send
what changed): a TV and a phone stay equal to the public view across busts, a clock rollover
(a push with no new event) and a reconnect after a patch whose base they do not have.

``pokertd serve`` runs over a temporary SQLite file; Debian's chromium opens the TV
(1920x1080) and the player page (390x844); the floor busts through the API. After each step
the page's model (the Alpine component's ``v``) is compared with ``GET
/api/tournaments/{tid}`` (the public view) and with a new connection's snapshot.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from pokertd.app import demo
from pokertd.app.tournaments import open_service

from .servers import running_server
from .test_browser import CHROMIUM, browser

__all__ = ["browser"]  # the module-scoped fixture, shared with test_browser

PASSWORD = "live-patch-1"
RESULT_ROWS = 20
"""Finishers in a public push (``snapshot.RESULT_ROWS_PUSHED``); the API view has all."""

SAME_AS_API = (
    "tournament",
    "name",
    "seq",
    "status",
    "payouts",
    "registration",
    "seating_rev",
    "screens",
    "announcements",
    "chips",
    "structure",
)
"""Members of the pushed view that equal the public API view's."""

TIMING_CLOCK = (
    "at",
    "seconds_left",
    "next_break_in",
    "registration_closes_in",
    "rebuys_close_in",
    "play_seconds",
)
"""Clock members that follow the wall clock."""

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(), reason=f"chromium is not installed at {CHROMIUM}"
    ),
]

MODEL_JS = """(sel) => JSON.stringify(Alpine.$data(document.querySelector(sel)).v)"""
COUNT_JS = """(sel) => {
  const d = Alpine.$data(document.querySelector(sel));
  window.__es = d.es;
  window.__patches = 0;
  window.__snapshots = 0;
  d.es.addEventListener("patch", () => { window.__patches += 1; });
  d.es.addEventListener("snapshot", () => { window.__snapshots += 1; });
}"""
WRONG_BASE_JS = """(sel) => {
  const d = Alpine.$data(document.querySelector(sel));
  const data = JSON.stringify({base: -7, seq: -6, patch: {name: "wrong"}});
  d.es.dispatchEvent(new MessageEvent("patch", {data}));
  return d.es !== window.__es;
}"""

PAGES = {"tv": ".tv-screen", "player": ".phone-wrap"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """``pokertd serve`` over a 40-player demo event with the clock running."""
    db = tmp_path_factory.mktemp("live") / "live.db"
    service = open_service(f"sqlite:///{db}")
    try:
        tid = demo.build(service, players=40)
    finally:
        service.close()
    with running_server(db, PASSWORD) as base:
        yield base, tid


class Floor:
    """The director's API session."""

    def __init__(self, base: str, tid: str) -> None:
        self.base, self.tid = base, tid
        self.client = httpx.Client(base_url=base, timeout=20)
        r = self.client.post("/api/login", json={"name": "director", "password": PASSWORD})
        r.raise_for_status()
        self.headers = {"X-CSRF-Token": r.json()["csrf"]}

    def __enter__(self) -> Floor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.client.close()

    def run(self, command: str, body: dict[str, Any] | None = None) -> int:
        r = self.client.post(
            f"/api/tournaments/{self.tid}/commands/{command}", json=body or {}, headers=self.headers
        )
        assert r.status_code == 200, r.text
        return int(r.json()["seq"])

    def public(self) -> dict[str, Any]:
        return dict(httpx.get(f"{self.base}/api/tournaments/{self.tid}", timeout=20).json())

    def pushed(self) -> dict[str, Any]:
        """A new connection's first push: the whole public stream view."""
        url = f"{self.base}/api/tournaments/{self.tid}/stream?limit=1"
        with httpx.stream("GET", url, timeout=20) as r:
            kind = ""
            for line in r.iter_lines():
                if line.startswith("event: "):
                    kind = line[7:]
                elif line.startswith("data: ") and kind != "hello":  # the protocol's version
                    return dict(json.loads(line[6:]))
        raise AssertionError("the stream sent nothing")


def _model(page: Any, sel: str) -> dict[str, Any]:
    return dict(json.loads(page.evaluate(MODEL_JS, sel)))


def _timeless(view: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in view.items() if k not in ("server_time", "wake_in")}
    out["clock"] = {k: v for k, v in (view.get("clock") or {}).items() if k not in TIMING_CLOCK}
    return out


def _wait(page: Any, sel: str, test: Any, what: str) -> dict[str, Any]:
    model: dict[str, Any] = {}
    for _ in range(100):
        model = _model(page, sel)
        if test(model):
            return model
        time.sleep(0.1)
    raise AssertionError(f"{what}: the page still shows seq {model.get('seq')}")


def _check(floor: Floor, pages: dict[str, Any], seq: int) -> None:
    """Every page's model equals the API's public view and a fresh pushed view."""
    for name, page in pages.items():
        sel = PAGES[name]
        model = _wait(page, sel, lambda m: m.get("seq") == seq, f"{name} after seq {seq}")
        api, pushed = floor.public(), floor.pushed()
        assert api["seq"] == seq
        for key in SAME_AS_API:
            assert model.get(key) == api.get(key), (name, key)
        assert model["results"]["rows"] == api["results"]["rows"][:RESULT_ROWS], name
        assert _timeless({"clock": model["clock"]}) == _timeless({"clock": api["clock"]}), name
        assert _timeless(model) == _timeless(pushed), name


def test_tv_and_phone_follow_patches_through_busts_rollover_and_reconnect(
    server: tuple[str, str], browser: Any
) -> None:
    base, tid = server
    with Floor(base, tid) as floor:
        _night(floor, base, tid, browser)


def _night(floor: Floor, base: str, tid: str, browser: Any) -> None:
    pages = {
        "tv": browser.new_page(viewport={"width": 1920, "height": 1080}),
        "player": browser.new_page(viewport={"width": 390, "height": 844}),
    }
    for name, page in pages.items():
        path = "tv" if name == "tv" else "player"
        page.goto(f"{base}/t/{tid}/{path}")
        page.wait_for_function("() => window.Alpine !== undefined")
        page.wait_for_function(f"() => Alpine.$data(document.querySelector('{PAGES[name]}')).es")
        page.wait_for_timeout(300)
        page.evaluate(COUNT_JS, PAGES[name])
    names = [p["name"] for p in floor.public()["players"] if p["status"] == "alive"]

    # busts: each a patch (status, results, seq) that every page applies
    for name in names[:3]:
        seq = floor.run("bust", {"players": [name]})
    _check(floor, pages, seq)
    for name, page in pages.items():
        assert page.evaluate("window.__patches") >= 1, name  # busts close together coalesce
        assert page.evaluate("window.__snapshots") == 0, name

    # a clock rollover: the level ends two seconds from now; the push carries no new event
    level = floor.public()["clock"]["level"]["level"]
    left = floor.public()["clock"]["seconds_left"]
    seq = floor.run("adjust_clock", {"seconds": -(int(left) - 2)})
    for name, page in pages.items():
        _wait(
            page,
            PAGES[name],
            lambda m: (m.get("clock") or {}).get("level", {}).get("level") == level + 1,
            f"{name} after the level's end",
        )
    assert floor.public()["clock"]["level"]["level"] == level + 1
    _check(floor, pages, seq)

    # a patch whose base the page does not have: it reconnects and starts from a snapshot
    for name, page in pages.items():
        assert page.evaluate(WRONG_BASE_JS, PAGES[name]) is True, name
        _wait(page, PAGES[name], lambda m: m.get("name") != "wrong", f"{name} reconnected")
    for name in names[3:6]:
        seq = floor.run("bust", {"players": [name]})
    _check(floor, pages, seq)
    for name, page in pages.items():
        assert page.evaluate("window.__es.readyState") == 2, name  # the old stream is closed
        assert _model(page, PAGES[name])["name"] != "wrong", name
    for page in pages.values():
        page.close()
