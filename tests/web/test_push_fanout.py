"""Issue 25, part 3: the push path built for thousands of displays.

Each test drives the real app in its own event loop (the TestClient's portal) through raw
ASGI connections, so a display can stall like a phone on a weak network and many displays
can be open at once: a slow display's backlog stays one merged message and it catches up with
the latest view; a push is encoded once however many displays take it (the same bytes
object goes to every connection, straight to the server's ``send``); a stream opened by a
session ends when that session ends; a display that reconnects starts from the latest view.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import pytest

from pokertd.tournament.eliminations import Bust
from pokertd.tournament.framework import Undo
from pokertd.web import hub as hub_module
from pokertd.web import views
from pokertd.web.hub import Mailbox, merge_apply

from .conftest import Env

TIMING = ("server_time", "wake_in")


CLOCK_TIMING = (
    "at",
    "seconds_left",
    "next_break_in",
    "play_seconds",
    "registration_closes_in",
    "rebuys_close_in",
)
"""The clock's countdowns: they move with the wall clock, a second apart."""


def _clock_timeless(clock: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in clock.items() if k not in CLOCK_TIMING}


def _timeless(view: dict[str, Any]) -> dict[str, Any]:
    """The view without what moves with the wall clock: the server's time, the clock's
    countdowns, and the same countdowns in each row of ``clock_ahead`` (read a second apart,
    two views of one log differ only there)."""
    out = {k: v for k, v in view.items() if k not in TIMING}
    out["clock"] = _clock_timeless(view.get("clock") or {})
    out["clock_ahead"] = [_clock_timeless(row) for row in view.get("clock_ahead") or []]
    return out


class _Flow:
    write_paused = False


class _Transport:
    """What the hub writes straight to a display's socket (``ServerWire``)."""

    def __init__(self, display: Display) -> None:
        self.display = display
        self.writes: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.writes.append(data)
        size, _, rest = data.partition(b"\r\n")  # one HTTP/1.1 chunk: size, data, CRLF
        assert len(rest) == int(size, 16) + 2
        assert rest.endswith(b"\r\n")
        self.display.bodies.append(rest[:-2])

    def is_closing(self) -> bool:
        return False


class Display:
    """One display connected to the app through raw ASGI: what its connection was sent.

    ``gate`` cleared stalls the connection (a body write waits, as the server's ``send``
    waits for a full socket buffer to drain). ``wire``: the ``send`` is a method of a
    server cycle with a chunked response's ``transport`` and ``flow`` (as uvicorn's), so
    the hub may write the socket directly."""

    chunked_encoding = True
    disconnected = False
    response_complete = False

    def __init__(self, app: Any, path: str, cookie: str = "", *, wire: bool = False) -> None:
        self.app, self.path, self.cookie = app, path, cookie
        self.wire = wire
        self.transport = _Transport(self)
        self.flow = _Flow()
        self.status = 0
        self.bodies: list[bytes] = []
        self.gate = asyncio.Event()
        self.gate.set()
        self.leave = asyncio.Event()
        self.ended = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.task = asyncio.ensure_future(self._run())

    async def _run(self) -> None:
        path, _, query = self.path.partition("?")
        headers = [(b"host", b"testserver"), (b"accept", b"text/event-stream")]
        if self.cookie:
            headers.append((b"cookie", self.cookie.encode()))
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "GET",
            "scheme": "http",
            "path": path,
            "raw_path": path.encode(),
            "query_string": query.encode(),
            "root_path": "",
            "headers": headers,
            "client": ("127.0.0.1", 50000),
            "server": ("testserver", 80),
        }
        asked = False

        async def receive() -> dict[str, Any]:
            nonlocal asked
            if not asked:
                asked = True
                return {"type": "http.request", "body": b"", "more_body": False}
            await self.leave.wait()
            return {"type": "http.disconnect"}

        try:
            plain = self._send

            async def send(message: dict[str, Any]) -> None:  # a function: no cycle to see
                await plain(message)

            await self.app(scope, receive, self.send if self.wire else send)
        finally:
            self.ended.set()

    async def send(self, message: dict[str, Any]) -> None:
        """The server's ``send`` (a bound method, as uvicorn's cycle has)."""
        await self._send(message)

    async def _send(self, message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            self.status = int(message["status"])
        elif message["type"] == "http.response.body":
            await self.gate.wait()
            self.bodies.append(message["body"])

    def frames(self) -> list[tuple[str, dict[str, Any]]]:
        """``(event, data)`` of every snapshot and patch received, in order."""
        out = []
        for frame in b"".join(self.bodies).split(b"\n\n"):
            lines = frame.decode().split("\n")
            kinds = [line[7:] for line in lines if line.startswith("event: ")]
            data = [line[6:] for line in lines if line.startswith("data: ")]
            if kinds and kinds[0] in ("snapshot", "patch"):
                out.append((kinds[0], json.loads("".join(data))))
        return out

    def model(self) -> dict[str, Any]:
        """What a page shows after these frames (a patch must apply to the model's seq)."""
        model: dict[str, Any] = {}
        for kind, data in self.frames():
            if kind == "snapshot":
                model = data
            else:
                assert data["base"] == model["seq"], "a patch for another view"
                model = merge_apply(model, data["patch"])
        return model

    def last_seq(self) -> int:
        frames = self.frames()
        return int(frames[-1][1]["seq"]) if frames else -1


async def _until(predicate: Any, seconds: float = 10.0) -> None:
    for _ in range(int(seconds / 0.01)):
        if predicate():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("waited in vain")


def _names(env: Env, tid: str) -> list[str]:
    return [p["name"] for p in env.client.get(f"/api/tournaments/{tid}").json()["players"]]


def _now_view(env: Env, tid: str, audience: str = "stream") -> dict[str, Any]:
    return views.display(env.client.app.state.web, tid, audience)  # type: ignore[attr-defined]


@pytest.mark.parametrize("wire", [False, True], ids=["writers", "direct"])
def test_a_slow_display_keeps_one_waiting_message_and_catches_up_with_the_latest_view(
    env: Env, tid: str, wire: bool
) -> None:
    """A display that stops reading while five busts go out: the server keeps ONE message
    waiting for it (not five), and when it reads again it gets the frame it was stuck on and
    then the whole latest view, which equals the fast display's view; the fast display got
    every change as it came. ``direct``: the same when the hub writes the sockets itself
    and the slow one's socket is full (flow control paused)."""
    app = env.client.app
    names = _names(env, tid)[:5]
    path = f"/api/tournaments/{tid}/stream"

    async def main() -> tuple[Display, Display, int, int, int]:
        slow, fast = Display(app, path, wire=wire), Display(app, path, wire=wire)
        slow.start()
        fast.start()
        await _until(lambda: slow.frames() and fast.frames())
        slow.gate.clear()  # the slow display stops reading
        slow.flow.write_paused = True  # its socket's buffer is full
        for name in names:
            await asyncio.to_thread(env.service.run, tid, Bust(players=(name,)), actor="floor1")
            await asyncio.sleep(0.05)
        final = await asyncio.to_thread(_now_view, env, tid)
        await _until(lambda: fast.last_seq() == final["seq"])
        web = app.state.web  # type: ignore[attr-defined]
        (topic,) = [t for k, t in web.hub._topics.items() if k == (tid, "stream")]
        boxes: list[Mailbox] = list(topic.displays)
        waiting = max(box.qsize() for box in boxes)
        merged = max(box.merged for box in boxes)
        slow.flow.write_paused = False
        slow.gate.set()  # it reads again
        await _until(lambda: slow.last_seq() == final["seq"])
        for d in (slow, fast):
            d.leave.set()
        await asyncio.wait_for(asyncio.gather(slow.ended.wait(), fast.ended.wait()), 10)
        return slow, fast, waiting, merged, int(final["seq"])

    slow, fast, waiting, merged, final_seq = env.client.portal.call(main)  # type: ignore[union-attr]
    assert waiting == 1  # one message waits for the stalled display, not a queue of five
    assert merged >= 3  # five pushes: one being written, one waiting, the rest merged in
    fast_kinds = [kind for kind, _ in fast.frames()]
    assert fast_kinds[0] == "snapshot"
    assert fast_kinds.count("patch") >= 4
    slow_frames = slow.frames()
    # the snapshot, the frame it was stuck on, then the latest view whole
    assert len(slow_frames) == 3
    assert slow_frames[-1][0] == "snapshot"
    assert slow_frames[-1][1]["seq"] == final_seq
    assert _timeless(slow.model()) == _timeless(fast.model())
    assert slow.model()["status"]["alive"] == slow_frames[0][1]["status"]["alive"] - 5


@pytest.mark.parametrize("wire", [False, True], ids=["writers", "direct"])
def test_a_push_is_encoded_once_for_forty_displays(
    env: Env, tid: str, monkeypatch: pytest.MonkeyPatch, wire: bool
) -> None:
    """One bust with 40 displays open: the hub builds each SSE frame once (``sse_frame``
    runs once per message, not per display) and every connection is written the very same
    bytes object: through each display's writer to the server's ``send``, or (``direct``,
    a server whose cycle shows its socket, as uvicorn's) as one HTTP chunk built once and
    written by the hub to every socket, no writer woken."""
    app = env.client.app
    name = _names(env, tid)[0]
    path = f"/api/tournaments/{tid}/stream"
    calls: list[str] = []
    real = hub_module.sse_frame

    def counted(kind: str, seq: int, data: str) -> bytes:
        calls.append(kind)
        return real(kind, seq, data)

    monkeypatch.setattr(hub_module, "sse_frame", counted)

    async def main() -> tuple[list[Display], list[str]]:
        displays = [Display(app, path, wire=wire) for _ in range(40)]
        for d in displays:
            d.start()
        await _until(lambda: all(d.frames() for d in displays))
        calls.clear()
        before = [len(d.bodies) for d in displays]
        writes = [len(d.transport.writes) for d in displays]
        await asyncio.to_thread(env.service.run, tid, Bust(players=(name,)), actor="floor1")
        final = await asyncio.to_thread(_now_view, env, tid)
        await _until(lambda: all(d.last_seq() == final["seq"] for d in displays))
        counted_calls = list(calls)
        for i, d in enumerate(displays):
            d.bodies = d.bodies[before[i] :]
            d.transport.writes = d.transport.writes[writes[i] :]
            d.leave.set()
        await asyncio.wait_for(asyncio.gather(*(d.ended.wait() for d in displays)), 10)
        return displays, counted_calls

    displays, encoded = env.client.portal.call(main)  # type: ignore[union-attr]
    # the snapshot and the patch of the new state, each framed once for all 40
    assert sorted(encoded) == ["patch", "snapshot"]
    pushed = [d.bodies[0] for d in displays]
    assert all(body.startswith(b"event: patch\n") for body in pushed)
    if wire:  # one chunk object written to 40 sockets
        written = [d.transport.writes for d in displays]
        assert all(len(w) == 1 for w in written)
        assert len({id(w[0]) for w in written}) == 1
    else:
        assert len({id(body) for body in pushed}) == 1  # one bytes object, written 40 times


def _cookie(env: Env) -> str:
    return f"pokertd_session={env.client.cookies.get('pokertd_session')}"


def test_signing_out_ends_the_sessions_staff_stream(env: Env, tid: str) -> None:
    """A director's staff stream is open; the director signs out: the stream ends at once
    (the session's token opens nothing any more). A public display stays."""
    headers = env.login()
    app = env.client.app
    staff = Display(app, f"/api/tournaments/{tid}/stream?audience=staff", _cookie(env))
    public = Display(app, f"/api/tournaments/{tid}/stream")
    portal = env.client.portal
    assert portal is not None

    async def open_both() -> None:
        staff.start()
        public.start()
        await _until(lambda: staff.frames() and public.frames())

    portal.call(open_both)
    assert staff.status == 200
    assert "tables" in staff.frames()[0][1]  # the staff view
    assert env.client.post("/api/logout", headers=headers).status_code == 200

    async def after() -> tuple[bool, bool]:
        with contextlib.suppress(TimeoutError):  # on a stream that never ends: assert below
            await asyncio.wait_for(staff.ended.wait(), 10)
        still_open = not public.ended.is_set()
        public.leave.set()
        await asyncio.wait_for(public.ended.wait(), 10)
        return staff.ended.is_set(), still_open

    ended, public_open = portal.call(after)
    assert ended  # the signed-out session's stream closed
    assert public_open


def test_a_session_ended_in_the_store_ends_its_stream_at_the_next_check(env: Env, tid: str) -> None:
    """A floor session ended behind the web's back (another server, an expiry, the CLI):
    the hub's periodic check (``check_sessions``, every ``CHECK_S``) finds it and ends
    that stream, and only that one."""
    env.login("floor1", "floor-pass-1")
    app = env.client.app
    web = app.state.web  # type: ignore[attr-defined]
    stream = Display(app, f"/api/tournaments/{tid}/stream?audience=staff", _cookie(env))
    public = Display(app, f"/api/tournaments/{tid}/stream")
    portal = env.client.portal
    assert portal is not None

    async def run() -> tuple[int, int, bool, bool]:
        stream.start()
        public.start()
        await _until(lambda: stream.frames() and public.frames())
        kept = await web.hub.check_sessions()  # the session is live: nothing ends
        await asyncio.to_thread(env.users.end_sessions_of, "floor1")
        ended = await web.hub.check_sessions()
        with_timeout = asyncio.wait_for(stream.ended.wait(), 10)
        await with_timeout
        public_open = not public.ended.is_set()
        public.leave.set()
        await asyncio.wait_for(public.ended.wait(), 10)
        return kept, ended, stream.ended.is_set(), public_open

    kept, ended, closed, public_open = portal.call(run)
    assert (kept, ended) == (0, 1)
    assert closed
    assert public_open


def test_a_display_that_reconnects_gets_the_latest_view(env: Env, tid: str) -> None:
    """A display leaves, three busts and an undo happen, it comes back: its first push is
    the whole view at the latest seq, equal to the view the server builds now."""
    app = env.client.app
    names = _names(env, tid)[:3]
    path = f"/api/tournaments/{tid}/stream"
    portal = env.client.portal
    assert portal is not None

    async def run() -> tuple[Display, Display]:
        first = Display(app, path)
        first.start()
        await _until(lambda: first.frames())
        first.leave.set()
        await asyncio.wait_for(first.ended.wait(), 10)
        for name in names:
            await asyncio.to_thread(env.service.run, tid, Bust(players=(name,)), actor="floor1")
        await asyncio.to_thread(env.service.run, tid, Undo(), actor="floor1")
        again = Display(app, path)
        again.start()
        await _until(lambda: again.frames())
        again.leave.set()
        await asyncio.wait_for(again.ended.wait(), 10)
        return first, again

    first, again = portal.call(run)
    now = _now_view(env, tid)
    ((kind, view), *_) = again.frames()
    assert kind == "snapshot"
    assert view["seq"] == now["seq"] == first.frames()[0][1]["seq"] + 4
    assert view["status"]["alive"] == first.frames()[0][1]["status"]["alive"] - 2
    assert _timeless(view) == _timeless(now)


def test_a_websocket_that_falls_far_behind_is_closed_not_queued_without_end() -> None:
    """A script that stops reading its WebSocket: past ``SOCKET_BACKLOG`` batches its
    queue is dropped and it gets one ``end`` (close code 1013, try again later)."""

    async def run() -> tuple[int, list[str], int]:
        events: list[Any] = []
        hub = hub_module.Hub(lambda t, a: {"seq": 1}, lambda t, after: (after + 1, events))
        hub.attach(asyncio.get_running_loop())
        q = await hub.socket("T")
        topic = hub._topics["T", "ws"]
        for i in range(hub_module.SOCKET_BACKLOG + 5):
            events[:] = [{"seq": i}]
            hub.notify("T")
            while topic.running:  # one batch per notice: wait for this one
                await asyncio.sleep(0.001)
        size = q.qsize()
        kinds = []
        while not q.empty():
            kinds.append(q.get_nowait().kind)
        hub.detach()
        return size, kinds, q.qsize()

    size, kinds, left = asyncio.run(run())
    assert size <= hub_module.SOCKET_BACKLOG
    assert kinds[-1] == "end"
    assert left == 0


def test_the_mailbox_merges_a_backlog_into_the_latest_whole_view() -> None:
    """Pushes that come while nobody reads leave one message: the whole view of the newest
    (a keepalive never replaces a push; a ``close`` wins and stays)."""
    snap3 = hub_module.Message("snapshot", '{"seq":3}', 3)
    snap4 = hub_module.Message("snapshot", '{"seq":4}', 4)
    patch4 = hub_module.Message(
        "patch", '{"base":3,"seq":4,"patch":{"seq":4}}', 4, full=snap4.frame, whole=snap4
    )
    box = Mailbox()
    box.put_nowait(snap3)
    box.put_nowait(patch4)
    box.put_nowait(hub_module.KEEPALIVE)
    assert box.qsize() == 1
    assert box.get_nowait() is snap4  # the patch's whole view: it applies to any base
    assert box.merged == 1
    box.put_nowait(patch4)
    box.put_nowait(hub_module.Message("close", "", frame=b"c", full=b"c"))
    box.put_nowait(patch4)
    assert box.get_nowait().kind == "close"
    assert box.empty()


def test_a_console_page_stream_outlives_the_session_check_while_its_session_lives(
    env: Env, tid: str
) -> None:
    """The floor console opens its stream for a page of the map (``tables=1-24``, issue
    25): the periodic session check compares the session's audience now (``staff``) with
    the one granted at connect, not with the page's topic, so a live session keeps its
    console and an ended one loses it."""
    env.login("floor1", "floor-pass-1")
    app = env.client.app
    web = app.state.web  # type: ignore[attr-defined]
    page = Display(app, f"/api/tournaments/{tid}/stream?audience=staff&tables=1-24", _cookie(env))
    portal = env.client.portal
    assert portal is not None

    async def run() -> tuple[int, int, bool]:
        page.start()
        await _until(lambda: page.frames())
        kept = await web.hub.check_sessions()
        await asyncio.to_thread(env.users.end_sessions_of, "floor1")
        ended = await web.hub.check_sessions()
        await asyncio.wait_for(page.ended.wait(), 10)
        return kept, ended, page.ended.is_set()

    assert portal.call(run) == (0, 1, True)
