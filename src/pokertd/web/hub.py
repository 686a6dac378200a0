"""Fan-out of changes to displays (SSE) and scripts (WebSocket): send what changed.

The service calls back from whatever thread appended (or from its PostgreSQL LISTEN thread);
the hub hops onto the event loop, computes the display snapshot ONCE per change and audience,
and hands the same bytes to every connected display of that tournament, and the new event
records to every WebSocket. Bursts coalesce: while a refresh runs, further notices only mark
the tournament dirty. The clock is state, not a thread: after each snapshot the hub sets one
timer for the end of the current period (``wake_in``) so displays roll over to the next level
on time.

Send what changed (issue 12, performance): the hub keeps the last snapshot of each
(tournament, audience). A newly connected display first gets ``event: hello`` (the push
protocol's name and version, :data:`PUSH_VERSION`, issue 24; docs/web.md), then the whole
view (``event: snapshot``); after a change every display gets ``event: patch`` whose data
is ``{"base": <seq of the previous view>, "seq": <seq of the new view>, "patch": <RFC 7386
JSON merge patch>}``, extended for arrays: a changed array may be ``{"@array": ops}`` (splices and
element patches, :func:`merge_diff`) instead of the whole array, so a bust in a 500-player
list sends one row. The patch is encoded once for every display, like the snapshot. The whole view
goes out instead when the patch is not smaller, when the change cannot be written as a merge
patch (a key that becomes ``null``: in RFC 7386 ``null`` means "remove"), and every
:data:`FULL_EVERY_S` seconds. Displays that ask for ``?patches=0`` get the whole view every
time (the baseline of ``bench/web_load.py``).

The merge-patch diff is written here (:func:`merge_diff`, :func:`merge_apply`, some 100
lines) rather than taken from a library: the PyPI packages for RFC 7386 apply patches but
few make the smallest diff of two documents, and none tells when a diff cannot be expressed.

A stop ends every stream at once (issue 16): on SIGTERM/SIGINT :meth:`Hub.close_all` sends each
display a last ``event: reconnect`` with a short ``retry:`` and ends its stream, and closes
each WebSocket with code 1012 (service restart). uvicorn waits for open responses before it
runs the lifespan shutdown, so the hub learns of the signal earlier: :meth:`Hub.attach` (run
by the lifespan startup, after uvicorn has installed its own handlers) chains the process's
SIGTERM/SIGINT handlers to call :meth:`Hub.close_all` first, then uvicorn's. A rolling restart
behind a proxy so moves the displays to the other server within half a second, instead of
waiting for the graceful-shutdown timeout to cut them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import signal
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from types import FrameType
from typing import Any, Protocol

from pokertd.app.documents import EventDocument

log = logging.getLogger(__name__)
_SSE_LINES = re.compile(r"\r\n|\r|\n")

FULL_EVERY_S = 300.0
"""Seconds after which the next push is the whole view again, even when a patch would do:
a display whose model drifted for any reason is right again within five minutes."""

FRESH_S = 1.0
"""A new display gets the kept snapshot only when it is younger than this; else a new one
(the pages count the clock down from the moment they receive a view)."""


PUSH_PROTOCOL = "pokertd-push"
"""The name of the displays' push protocol (docs/web.md, "The push protocol")."""

PUSH_VERSION = 1
"""The version of the push protocol this server speaks: the first event of every stream says
it (``event: hello``). A page whose script speaks another version (it was loaded before the
server was upgraded) reloads itself; ``PUSH_VERSION`` in ``static/app.js`` must equal it.
Raise it whenever a message's shape or meaning changes."""


def _encode(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


HELLO_FRAME = (
    f"event: hello\ndata: {_encode({'protocol': PUSH_PROTOCOL, 'version': PUSH_VERSION})}\n\n"
).encode()
"""The first event of every display stream: which protocol and version the server speaks."""


def sse_frame(kind: str, seq: int, data: str) -> bytes:
    """One SSE event (``event:``, ``id:``, ``data:``), framed by hand (see pokertd.web.live):
    one ``data:`` line per line of data, so a newline in the data can never end it early."""
    if "\n" in data or "\r" in data:
        data = "\ndata: ".join(_SSE_LINES.split(data))
    return f"event: {kind}\nid: {seq}\ndata: {data}\n\n".encode()


@dataclass(slots=True)
class Message:
    """One push: ``kind`` is ``snapshot`` or ``patch`` (SSE) or ``events`` (WebSocket);
    ``keepalive`` (an SSE comment after a quiet while); ``close``: the server stops, end the
    stream (its frame is the SSE ``reconnect`` event); ``end``: end this stream without a
    word (its session ended, or a WebSocket fell too far behind; ``code`` says which)."""

    kind: str
    data: str
    seq: int = 0
    frame: bytes = b""
    """The SSE frame, encoded once for every display."""
    full: bytes = b""
    """The whole-view frame of the same state (for ``?patches=0`` displays)."""
    whole: Message | None = None
    """A patch's whole-view message of the same state: what a display that fell behind gets
    instead of the patches it missed (:class:`Mailbox`)."""
    code: int = 0
    """For ``end``: the WebSocket close code."""
    chunk: bytes = b""
    """:attr:`frame` as one HTTP/1.1 chunk (built once, on first use: :meth:`chunked`)."""
    chunk_full: bytes = b""
    """:attr:`full` as one HTTP/1.1 chunk."""

    def chunked(self, whole: bool) -> bytes:
        """The frame (``whole``: the whole-view frame) as one HTTP/1.1 chunk, built once for
        every display that is written directly (:class:`Wire`)."""
        if whole:
            if not self.chunk_full:
                self.chunk_full = _http_chunk(self.full)
            return self.chunk_full
        if not self.chunk:
            self.chunk = _http_chunk(self.frame)
        return self.chunk

    def __post_init__(self) -> None:
        if self.kind in ("snapshot", "patch") and not self.frame:
            self.frame = sse_frame(self.kind, self.seq, self.data)
        if self.kind == "snapshot" and not self.full:
            self.full = self.frame


def _http_chunk(data: bytes) -> bytes:
    return b"%x\r\n%b\r\n" % (len(data), data)


class Wire(Protocol):
    """A display's connection written directly by the hub (``pokertd.web.live`` makes one
    for a chunked HTTP/1.1 response of the server): no task switch, no per-display work
    but one ``write`` of bytes built once."""

    def ready(self) -> bool:
        """Whether a write now goes out at once (the client keeps up, it is still there)."""

    def write(self, data: bytes) -> None:
        """Write ``data`` (one whole HTTP chunk) to the connection."""


DIRECT = frozenset({"snapshot", "patch", "keepalive"})
"""The kinds the hub may write straight to a :class:`Wire` (the ends go through the
display's own writer, which also ends the response)."""


RECONNECT_MS = 500
"""The ``retry:`` (milliseconds) of the last event a display gets when the server stops: the
browser reconnects that soon, and behind a proxy lands on a server that is still up."""

STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
"""The signals that stop the server; :meth:`Hub.attach` chains them to :meth:`Hub.close_all`."""

CLOSE_REASON = "The server is stopping; reconnect."


def _close_message() -> Message:
    data = _encode({"reason": CLOSE_REASON, "retry": RECONNECT_MS})
    frame = f"event: reconnect\nretry: {RECONNECT_MS}\ndata: {data}\n\n".encode()
    return Message("close", data, frame=frame, full=frame)


KEEPALIVE_S = 15.0
"""Seconds of quiet after which a display gets an SSE comment (``: keepalive``): proxies and
browsers keep an idle stream open."""

CHECK_S = 5.0
"""Every this many seconds the hub checks, in one pass, that each stream opened by a session
may still have it (:meth:`Hub.check_sessions`) and sends the keepalives that are due."""

SOCKET_BACKLOG = 256
"""Event batches a WebSocket may have waiting; one more and it is closed with 1013 (try again
later): a script that reads too slowly reconnects, the server never queues without end."""

SESSION_ENDED = "This session has ended: sign in again."
LAGGING = "Too far behind: reconnect."

KEEPALIVE = Message("keepalive", "", frame=b": keepalive\n\n", full=b": keepalive\n\n")
"""The SSE comment a quiet stream gets every :data:`KEEPALIVE_S` (never counted as a push)."""

ENDS = frozenset({"close", "end"})
"""The kinds after which a stream ends."""


def _end_message(reason: str, code: int) -> Message:
    return Message("end", reason, code=code)


class Mailbox(asyncio.Queue[Message]):
    """One display's outbox, bounded: at most ONE message waits in it.

    The hub puts each push here (the same :class:`Message`, encoded once, for every display)
    and the display's writer takes it and writes its bytes to the connection. A display that
    reads slower than the changes come (a phone on a weak network, a stalled TV) has its
    backlog merged: while one push waits, the next replaces it by the whole view of the newer
    state (:attr:`Message.whole`), which applies whatever the display last had. So the server
    holds at most one waiting message (and the one being written) per display, however far
    behind it falls, and the display catches up in one frame. A ``close`` or ``end`` waits
    whatever comes after; a keepalive never replaces a push. A push that finds nothing
    waiting, the writer idle and the connection keeping up goes straight to :attr:`wire`
    when the stream has one: a plain loop of socket writes, no task woken per display.

    It is an :class:`asyncio.Queue` of one (``put_nowait``, ``get``, ``get_nowait``,
    ``empty``, ``qsize`` as there) so the hub's callers and tests treat both alike.
    """

    def __init__(self) -> None:
        super().__init__()
        self._pending: Message | None = None
        self._waiter: asyncio.Future[None] | None = None
        self.wire: Wire | None = None
        """The connection, when the hub may write it directly (set by the stream once its
        head is out): a push that finds the display's writer idle and the connection keeping
        up is written there at once, as bytes built once for all (:meth:`Message.chunked`)."""
        self.whole_views = False
        """Whether this display takes whole views only (``?patches=0``)."""
        self.direct = 0
        """How many pushes went straight to :attr:`wire` (tests, bench)."""
        self.last_put = 0.0
        self.merged = 0
        """How many pushes were merged away (the display was behind): for tests and bench."""

    def put_nowait(self, msg: Message) -> None:
        """Queue ``msg``, merging it with the message already waiting (see the class), or
        write it to :attr:`wire` at once when nothing waits and the writer is idle."""
        pending = self._pending
        waiter = self._waiter
        wire = self.wire
        if (
            wire is not None
            and pending is None
            and waiter is not None
            and not waiter.done()
            and msg.kind in DIRECT
            and wire.ready()
        ):
            wire.write(msg.chunked(self.whole_views))
            self.direct += 1
            return
        if pending is None or pending.kind == "keepalive" or msg.kind in ENDS:
            self._pending = msg
        elif pending.kind in ENDS or msg.kind == "keepalive":
            return
        else:  # behind: the newest whole view replaces what waits
            self._pending = msg.whole or msg
            self.merged += 1
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def full(self) -> bool:
        """Never: a new message merges with the waiting one."""
        return False

    async def put(self, item: Message) -> None:
        """As :meth:`put_nowait` (never waits)."""
        self.put_nowait(item)

    def empty(self) -> bool:
        """Whether nothing waits."""
        return self._pending is None

    def qsize(self) -> int:
        """0 or 1: the mailbox never holds more."""
        return 0 if self._pending is None else 1

    def get_nowait(self) -> Message:
        """The waiting message (:class:`asyncio.QueueEmpty` when none)."""
        msg = self._pending
        if msg is None:
            raise asyncio.QueueEmpty
        self._pending = None
        return msg

    async def get(self) -> Message:
        """The next message, once there is one."""
        while self._pending is None:
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        return self.get_nowait()


# ---- RFC 7386 JSON merge patch ---------------------------------------------------------


class Unpatchable(ValueError):
    """The change cannot be written as a merge patch (a member becomes ``null``)."""


def _same(a: Any, b: Any) -> bool:
    """JSON equality: ``True`` is not ``1`` (Python's ``==`` says it is); ``1`` is ``1.0``
    (one JavaScript number)."""
    if type(a) is not type(b):
        numbers = (int, float)
        return (
            isinstance(a, numbers)
            and isinstance(b, numbers)
            and not isinstance(a, bool)
            and not isinstance(b, bool)
            and a == b
        )
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(v, b[k]) for k, v in a.items())
    if isinstance(a, list):
        return len(a) == len(b) and all(map(_same, a, b))
    return bool(a == b)


def _check_whole(value: Any) -> None:
    """A value set whole by a patch loses its objects' ``null`` members: refuse those."""
    if isinstance(value, dict):
        for v in value.values():
            if v is None:
                raise Unpatchable("a member would be set to null")
            _check_whole(v)


ARRAY_OPS = "@array"
"""The member that marks an array patch (our extension of RFC 7386, see :func:`merge_diff`):
``{"@array": [op, ...]}`` applied to an array. No view has a member of that name."""


def _array_patch(a: list[Any], b: list[Any]) -> Any:
    """What turns the array ``a`` into ``b``: ``{"@array": ops}`` when that is shorter than
    ``b`` itself, else ``b`` (replaced whole, as RFC 7386 does).

    The ops, applied in order to a copy of ``a``: ``[i, d, [items]]`` removes ``d`` elements
    at index ``i`` and inserts ``items`` there (whole values); ``[i, patch]`` merges ``patch``
    into element ``i`` (recursively, so an array in it may get ops too). Common head and tail
    are skipped; the middle is aligned by :class:`difflib.SequenceMatcher` over each
    element's ``repr`` (equal ``repr`` means equal JSON), which finds an inserted result row,
    a log window that slid on, one changed player row or one seat gone from a table.
    """
    n, m = len(a), len(b)
    head = 0
    while head < n and head < m and _same(a[head], b[head]):
        head += 1
    tail = 0
    while tail < n - head and tail < m - head and _same(a[n - 1 - tail], b[m - 1 - tail]):
        tail += 1
    mid_a, mid_b = a[head : n - tail], b[head : m - tail]
    matcher = SequenceMatcher(None, [repr(x) for x in mid_a], [repr(x) for x in mid_b], False)
    ops: list[list[Any]] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        at = head + j1  # ops run in order: everything before ``at`` already equals ``b``
        if tag == "equal":
            continue
        if tag == "replace" and i2 - i1 == j2 - j1:
            for off in range(i2 - i1):
                old, new = mid_a[i1 + off], mid_b[j1 + off]
                if isinstance(old, dict | list) and type(old) is type(new):
                    try:
                        ops.append([at + off, merge_diff(old, new)])
                        continue
                    except Unpatchable:
                        pass  # a member becomes null: the element goes whole (keeps it)
                ops.append([at + off, 1, [new]])
            continue
        ops.append([at, i2 - i1, mid_b[j1:j2]])
    patch = {ARRAY_OPS: ops}
    return patch if len(_encode(patch)) < len(_encode(b)) else b


def merge_diff(a: Any, b: Any) -> Any:
    """The merge patch that turns ``a`` into ``b`` (``{}``: no change).

    Objects are compared member by member (a removed member is ``null``), as RFC 7386 says.
    Arrays are where we extend the RFC: a changed array is sent as ``{"@array": ops}`` (see
    :func:`_array_patch`) when that is shorter, else whole; so one bust in a 500-player list
    costs one row, not the list. Raises :class:`Unpatchable` when ``b`` has a ``null`` member
    that ``a`` lacks (no merge patch can write it), or when an array becomes an object with
    an ``@array`` member (it would read as ops).
    """
    if isinstance(a, list) and isinstance(b, list):
        return _array_patch(a, b)
    if not (isinstance(a, dict) and isinstance(b, dict)):
        if isinstance(b, dict):
            if isinstance(a, list) and ARRAY_OPS in b:
                raise Unpatchable(f"an array would become an object with {ARRAY_OPS!r}")
            _check_whole(b)
        return b
    patch: dict[str, Any] = {}
    for k in a:
        if k not in b:
            patch[k] = None
    for k, v in b.items():
        if k in a:
            old = a[k]
            if _same(old, v):
                continue
            if isinstance(old, dict) and isinstance(v, dict):
                patch[k] = merge_diff(old, v)
                continue
            if isinstance(old, list) and isinstance(v, list):
                patch[k] = _array_patch(old, v)
                continue
            if isinstance(old, list) and isinstance(v, dict) and ARRAY_OPS in v:
                raise Unpatchable(f"{k!r}: an array would become an object with {ARRAY_OPS!r}")
        if v is None:
            raise Unpatchable(f"{k!r} would be set to null")
        _check_whole(v)
        patch[k] = v
    return patch


def merge_apply(target: Any, patch: Any) -> Any:
    """MergePatch(target, patch) of RFC 7386 with our array ops (:func:`merge_diff`), without
    changing ``target`` (tests, benchmarks; the pages do the same in ``static/app.js``)."""
    if isinstance(target, list) and isinstance(patch, dict) and ARRAY_OPS in patch:
        out_list = list(target)
        for op in patch[ARRAY_OPS]:
            if len(op) == 3:
                at, remove, items = op
                out_list[at : at + remove] = items
            else:
                out_list[op[0]] = merge_apply(out_list[op[0]], op[1])
        return out_list
    if not isinstance(patch, dict):
        return patch
    out = dict(target) if isinstance(target, dict) else {}
    for k, v in patch.items():
        if v is None:
            out.pop(k, None)
        else:
            out[k] = merge_apply(out.get(k), v)
    return out


# ---- the hub -----------------------------------------------------------------------------


@dataclass(slots=True)
class _Topic:
    displays: set[Mailbox] = field(default_factory=set)
    sockets: set[asyncio.Queue[Message]] = field(default_factory=set)
    fresh: set[Mailbox] = field(default_factory=set)
    """Displays waiting for their first (whole) view."""
    running: bool = False
    dirty: bool = False
    last_seq: int = -1
    timer: asyncio.TimerHandle | None = None
    snapshot: Message | None = None
    """The whole-view message of :attr:`view`."""
    view: dict[str, Any] | None = None
    """The last view pushed: the base of the next patch."""
    built_at: float = 0.0
    full_at: float = 0.0


class Hub:
    """Per-tournament subscribers and the one snapshot (and patch) computation per change."""

    def __init__(
        self,
        snapshot: Callable[[str, str], dict[str, Any]],
        new_events: Callable[[str, int], tuple[int, list[EventDocument]]],
    ) -> None:
        self._snapshot = snapshot
        self._new_events = new_events
        self._topics: dict[tuple[str, str], _Topic] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Future[Any]] = set()
        self._closing = False
        self._chained: dict[int, tuple[Callable[[int, FrameType | None], Any], Any]] = {}
        self._checks: dict[Mailbox | asyncio.Queue[Message], Callable[[], bool]] = {}
        self._ticker: asyncio.TimerHandle | None = None

    @property
    def closing(self) -> bool:
        """Whether :meth:`close_all` ran: the server is stopping."""
        return self._closing

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """Bind to the server's event loop (at startup) and end every stream on a stop signal
        (:meth:`chain_stop_signals`)."""
        self._loop = loop
        self._closing = False
        self.chain_stop_signals()
        self._ticker = loop.call_later(CHECK_S, self._tick)

    def detach(self) -> None:
        """Cancel timers and give the stop signals back to the server (at shutdown)."""
        for topic in self._topics.values():
            if topic.timer is not None:
                topic.timer.cancel()
        if self._ticker is not None:
            self._ticker.cancel()
            self._ticker = None
        self.unchain_stop_signals()
        self._loop = None

    # ---- a stop ends every stream -------------------------------------------------------

    def chain_stop_signals(self) -> None:
        """Make SIGTERM/SIGINT call :meth:`close_all` first, then the handler they had.

        Only in the main thread (the only one signals reach) and only for a signal the server
        handles itself (a Python handler, as uvicorn installs before the lifespan startup): a
        default or ignored signal is left alone, so the hub never swallows a stop.
        """
        if threading.current_thread() is not threading.main_thread():
            return
        for sig in STOP_SIGNALS:
            previous = signal.getsignal(sig)
            if not callable(previous) or sig in self._chained:
                continue

            def handler(
                signum: int,
                frame: FrameType | None,
                previous: Callable[[int, FrameType | None], Any] = previous,
            ) -> Any:
                self.close_all()
                return previous(signum, frame)

            signal.signal(sig, handler)
            self._chained[sig] = (handler, previous)

    def unchain_stop_signals(self) -> None:
        """Put back the handlers :meth:`chain_stop_signals` chained (where still ours)."""
        if threading.current_thread() is not threading.main_thread():
            return
        for sig, (ours, previous) in list(self._chained.items()):
            if signal.getsignal(sig) is ours:
                signal.signal(sig, previous)
            del self._chained[sig]

    def close_all(self) -> None:
        """End every display stream and WebSocket (thread- and signal-safe): each display gets
        a last ``event: reconnect`` with ``retry:`` :data:`RECONNECT_MS`, each socket a close
        with code 1012; displays that connect later get the same at once."""
        loop = self._loop
        if loop is None or loop.is_closed():
            self._close_now()
            return
        # never inline: a signal handler may interrupt the loop in the middle of a queue
        # operation, so the work always runs as the loop's next callback
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(self._close_now)

    def _close_now(self) -> None:
        self._closing = True
        message = _close_message()
        for topic in self._topics.values():
            if topic.timer is not None:
                topic.timer.cancel()
                topic.timer = None
            for q in topic.displays:
                q.put_nowait(message)
            for s in topic.sockets:
                _to_socket(s, message)
            topic.fresh.clear()

    # ---- notices (any thread) -------------------------------------------------------

    def on_change(self, *args: Any, **kwargs: Any) -> None:
        """The service's subscriber callback: find the tournament id and notify."""
        tid = _tournament_of(args, kwargs)
        if tid is not None:
            self.notify(tid)

    def notify(self, tid: str) -> None:
        """Something changed in ``tid`` (thread-safe)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self._kick(tid)
        else:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._kick, tid)

    # ---- on the loop ----------------------------------------------------------------

    def _kick(self, tid: str) -> None:
        for key in [k for k in self._topics if k[0] == tid]:
            self._kick_topic(key)

    def _kick_topic(self, key: tuple[str, str]) -> None:
        topic = self._topics.get(key)
        if topic is None:
            return
        if topic.running:
            topic.dirty = True
            return
        topic.running = True
        task = asyncio.ensure_future(self._refresh(key, topic))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _refresh(self, key: tuple[str, str], topic: _Topic) -> None:
        tid, audience = key
        try:
            while True:
                topic.dirty = False
                if topic.sockets:
                    seq, events = await asyncio.to_thread(self._new_events, tid, topic.last_seq)
                    if events and topic.last_seq >= 0:
                        msg = Message("events", json.dumps({"type": "events", "events": events}))
                        for s in list(topic.sockets):
                            _to_socket(s, msg)
                    topic.last_seq = seq
                if topic.displays:
                    snap = await asyncio.to_thread(self._snapshot, tid, audience)
                    self._push(topic, snap)
                    self._set_timer(key, topic, snap.get("wake_in"))
                if not topic.dirty:
                    break
        except Exception:  # a display refresh must never take the server down: retry soon
            log.exception("display refresh failed for %s", key)
            if self._loop is not None:
                self._loop.call_later(0.5, self._kick_topic, key)
        finally:
            topic.running = False

    def _push(self, topic: _Topic, snap: dict[str, Any]) -> None:
        """Encode the new view (and its patch) once; queue it for every display."""
        now = self._now()
        full = Message("snapshot", _encode(snap), int(snap.get("seq", 0)))
        msg = self._next(topic, snap, full, now)
        topic.snapshot, topic.view, topic.built_at = full, snap, now
        if msg is full:
            topic.full_at = now
        fresh = topic.fresh
        for q in topic.displays:  # the same bytes for every display: nothing is encoded here
            if q in fresh:
                q.put_nowait(full)
            elif msg is not None:
                q.put_nowait(msg)
            else:
                continue
            q.last_put = now
        fresh.clear()

    @staticmethod
    def _next(topic: _Topic, snap: dict[str, Any], full: Message, now: float) -> Message | None:
        """What the displays that have the previous view get: a patch, the whole view, or
        nothing (the view did not change)."""
        prev, base = topic.snapshot, topic.view
        if prev is None or base is None or now - topic.full_at >= FULL_EVERY_S:
            return full
        try:
            patch = merge_diff(base, snap)
        except Unpatchable:
            return full
        if not patch:
            return None
        data = _encode({"base": prev.seq, "seq": full.seq, "patch": patch})
        if len(data) >= len(full.data):
            return full
        return Message("patch", data, full.seq, full=full.frame, whole=full)

    def _now(self) -> float:
        return self._loop.time() if self._loop is not None else 0.0

    def _set_timer(self, key: tuple[str, str], topic: _Topic, wake_in: Any) -> None:
        if topic.timer is not None:
            topic.timer.cancel()
            topic.timer = None
        if isinstance(wake_in, int | float) and wake_in >= 0 and self._loop is not None:
            topic.timer = self._loop.call_later(
                min(float(wake_in) + 0.25, 3600.0), self._kick_topic, key
            )

    # ---- subscribers ----------------------------------------------------------------

    async def display(
        self, tid: str, audience: str = "public", *, check: Callable[[], bool] | None = None
    ) -> Mailbox:
        """The mailbox of a new display of ``tid`` for ``audience``: first the whole view,
        then patches (each message also carries the whole-view frame, see
        :attr:`Message.full`), merged when the display falls behind (:class:`Mailbox`).
        ``check``: whether the session that opened the stream may still have it (run every
        :data:`CHECK_S` in a thread; ``False`` ends the stream, :meth:`check_sessions`)."""
        key = (tid, audience)
        topic = self._topics.setdefault(key, _Topic())
        q = Mailbox()
        q.last_put = self._now()
        topic.displays.add(q)
        if check is not None:
            self._checks[q] = check
        if self._closing:  # the server is stopping: go to another one
            q.put_nowait(_close_message())
            return q
        recent = self._now() - topic.built_at < FRESH_S
        if topic.snapshot is not None and not topic.running and recent:
            q.put_nowait(topic.snapshot)
        else:  # the refresh under way (or started now) sends this display the whole view
            topic.fresh.add(q)
            if not topic.running:
                self._kick_topic(key)
        return q

    async def socket(
        self, tid: str, *, check: Callable[[], bool] | None = None
    ) -> asyncio.Queue[Message]:
        """A queue of new-event batches for ``tid``, bounded (:data:`SOCKET_BACKLOG`: a
        socket that falls further behind gets ``end`` with code 1013); ``check`` as for
        :meth:`display` (``end`` with code 4403)."""
        key = (tid, "ws")
        topic = self._topics.setdefault(key, _Topic())
        q: asyncio.Queue[Message] = asyncio.Queue(SOCKET_BACKLOG)
        if check is not None:
            self._checks[q] = check
        if self._closing:
            q.put_nowait(_close_message())
        elif topic.last_seq < 0:
            topic.last_seq, _ = await asyncio.to_thread(self._new_events, tid, 1 << 62)
        topic.sockets.add(q)
        return q

    def leave(
        self, tid: str, q: Mailbox | asyncio.Queue[Message], audience: str = "public"
    ) -> None:
        """Drop a subscriber (``audience`` ``ws`` for a socket)."""
        self._checks.pop(q, None)
        key = (tid, audience)
        topic = self._topics.get(key)
        if topic is None:
            return
        if isinstance(q, Mailbox):
            topic.displays.discard(q)
            topic.fresh.discard(q)
        else:
            topic.sockets.discard(q)
        if not topic.sockets:
            topic.last_seq = -1
        if not (topic.displays or topic.sockets):
            if topic.timer is not None:
                topic.timer.cancel()
            del self._topics[key]

    # ---- keepalives and sessions (every CHECK_S) ------------------------------------------

    def _tick(self) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        self._ticker = loop.call_later(CHECK_S, self._tick)
        now = loop.time()
        for topic in self._topics.values():
            for q in topic.displays:
                if now - q.last_put >= KEEPALIVE_S:
                    q.put_nowait(KEEPALIVE)
                    q.last_put = now
        if self._checks:
            task = asyncio.ensure_future(self.check_sessions())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def check_sessions(self) -> int:
        """End each stream whose ``check`` says its session may no longer have it (signed
        out, ended by a director, expired, account removed or its role changed): the
        display's stream ends, a WebSocket is closed with 4403. The checks run in one
        worker thread (they read the session store); a check that fails keeps its stream
        (logged). How many streams were ended."""
        items = list(self._checks.items())
        if not items:
            return 0

        def run() -> list[Mailbox | asyncio.Queue[Message]]:
            return [q for q, check in items if not _still_allowed(check)]

        gone = await asyncio.to_thread(run)
        message = _end_message(SESSION_ENDED, 4403)
        for q in gone:
            if self._checks.pop(q, None) is None:
                continue  # it left meanwhile
            if isinstance(q, Mailbox):
                q.put_nowait(message)
            else:
                _to_socket(q, message)
        return len(gone)

    def recheck_sessions(self) -> None:
        """Run :meth:`check_sessions` now (thread-safe): after a sign-out or a director
        ending a session, its streams end at once rather than within :data:`CHECK_S`."""
        loop = self._loop
        if loop is None or loop.is_closed() or not self._checks:
            return

        def start() -> None:
            task = asyncio.ensure_future(self.check_sessions())
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(start)

    def counts(self) -> dict[str, int]:
        """Connected displays and sockets (for the status line and benchmarks)."""
        return {
            "displays": sum(len(t.displays) for t in self._topics.values()),
            "sockets": sum(len(t.sockets) for t in self._topics.values()),
        }


def _still_allowed(check: Callable[[], bool]) -> bool:
    try:
        return check()
    except Exception:  # the store is away for a moment: keep the stream, try again later
        log.exception("session check failed")
        return True


def _to_socket(q: asyncio.Queue[Message], msg: Message) -> None:
    """Queue ``msg`` for a WebSocket; a full queue (:data:`SOCKET_BACKLOG`) is dropped and
    ends the socket (code 1013), or with ``msg`` itself when that ends it anyway."""
    if any(m.kind in ENDS for m in q._queue):  # type: ignore[attr-defined]
        return  # ending already
    try:
        q.put_nowait(msg)
    except asyncio.QueueFull:
        while not q.empty():
            q.get_nowait()
        q.put_nowait(msg if msg.kind in ENDS else _end_message(LAGGING, 1013))


def _tournament_of(args: tuple[Any, ...], kwargs: dict[str, Any]) -> str | None:
    for key in ("tournament_id", "tid", "tournament"):
        if isinstance(kwargs.get(key), str):
            return str(kwargs[key])
    for arg in args:
        if isinstance(arg, str):
            return arg
        for attr in ("tournament_id", "tid", "tournament"):
            value = getattr(arg, attr, None)
            if isinstance(value, str):
                return value
    return None


__all__ = [
    "CHECK_S",
    "CLOSE_REASON",
    "HELLO_FRAME",
    "KEEPALIVE",
    "KEEPALIVE_S",
    "PUSH_PROTOCOL",
    "PUSH_VERSION",
    "RECONNECT_MS",
    "SESSION_ENDED",
    "SOCKET_BACKLOG",
    "STOP_SIGNALS",
    "Hub",
    "Mailbox",
    "Message",
    "Unpatchable",
    "Wire",
    "merge_apply",
    "merge_diff",
    "sse_frame",
]
