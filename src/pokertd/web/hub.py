"""Fan-out of changes to displays (SSE) and scripts (WebSocket).

The service calls back from whatever thread appended (or from its PostgreSQL LISTEN thread);
the hub hops onto the event loop, computes the display snapshot ONCE per change and hands the
same bytes to every connected display of that tournament, and the new event records to every
WebSocket. Bursts coalesce: while a refresh runs, further notices only mark the tournament
dirty. The clock is state, not a thread: after each snapshot the hub sets one timer for the
end of the current period (``wake_in``) so displays roll over to the next level on time.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger(__name__)
_SSE_LINES = re.compile(r"\r\n|\r|\n")


@dataclass(slots=True)
class Message:
    """One push: ``kind`` is ``snapshot`` (SSE) or ``events`` (WebSocket)."""

    kind: str
    data: str
    seq: int = 0
    frame: bytes = b""
    """The SSE frame, encoded once for every display."""

    def __post_init__(self) -> None:
        if self.kind == "snapshot" and not self.frame:
            # SSE framing by hand (see pokertd.web.live): one ``data:`` line per line of
            # data, so a newline in the data can never end the event early
            data = self.data
            if "\n" in data or "\r" in data:
                data = "\ndata: ".join(_SSE_LINES.split(data))
            self.frame = f"event: snapshot\nid: {self.seq}\ndata: {data}\n\n".encode()


@dataclass(slots=True)
class _Topic:
    displays: set[asyncio.Queue[Message]] = field(default_factory=set)
    sockets: set[asyncio.Queue[Message]] = field(default_factory=set)
    running: bool = False
    dirty: bool = False
    last_seq: int = -1
    timer: asyncio.TimerHandle | None = None
    snapshot: Message | None = None


class Hub:
    """Per-tournament subscribers and the one snapshot computation per change."""

    def __init__(
        self,
        snapshot: Callable[[str, str], dict[str, Any]],
        new_events: Callable[[str, int], tuple[int, list[dict[str, Any]]]],
    ) -> None:
        self._snapshot = snapshot
        self._new_events = new_events
        self._topics: dict[tuple[str, str], _Topic] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Future[None]] = set()

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """Bind to the server's event loop (at startup)."""
        self._loop = loop

    def detach(self) -> None:
        """Cancel timers (at shutdown)."""
        for topic in self._topics.values():
            if topic.timer is not None:
                topic.timer.cancel()
        self._loop = None

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
                        for q in list(topic.sockets):
                            q.put_nowait(msg)
                    topic.last_seq = seq
                if topic.displays:
                    snap = await asyncio.to_thread(self._snapshot, tid, audience)
                    msg = Message("snapshot", json.dumps(snap), int(snap.get("seq", 0)))
                    topic.snapshot = msg
                    for q in list(topic.displays):
                        q.put_nowait(msg)
                    self._set_timer(key, topic, snap.get("wake_in"))
                if not topic.dirty:
                    break
        except Exception:  # a display refresh must never take the server down: retry soon
            log.exception("display refresh failed for %s", key)
            if self._loop is not None:
                self._loop.call_later(0.5, self._kick_topic, key)
        finally:
            topic.running = False

    def _set_timer(self, key: tuple[str, str], topic: _Topic, wake_in: Any) -> None:
        if topic.timer is not None:
            topic.timer.cancel()
            topic.timer = None
        if isinstance(wake_in, int | float) and wake_in >= 0 and self._loop is not None:
            topic.timer = self._loop.call_later(
                min(float(wake_in) + 0.25, 3600.0), self._kick_topic, key
            )

    # ---- subscribers ----------------------------------------------------------------

    async def display(self, tid: str, audience: str = "public") -> asyncio.Queue[Message]:
        """A queue of snapshots of ``tid`` for ``audience``, starting with the current one."""
        key = (tid, audience)
        topic = self._topics.setdefault(key, _Topic())
        q: asyncio.Queue[Message] = asyncio.Queue()
        topic.displays.add(q)
        if topic.snapshot is not None and not topic.running:
            q.put_nowait(topic.snapshot)
        else:
            snap = await asyncio.to_thread(self._snapshot, tid, audience)
            q.put_nowait(Message("snapshot", json.dumps(snap), int(snap.get("seq", 0))))
            if topic.timer is None:
                self._set_timer(key, topic, snap.get("wake_in"))
        return q

    async def socket(self, tid: str) -> asyncio.Queue[Message]:
        """A queue of new-event batches for ``tid``."""
        key = (tid, "ws")
        topic = self._topics.setdefault(key, _Topic())
        q: asyncio.Queue[Message] = asyncio.Queue()
        if topic.last_seq < 0:
            topic.last_seq, _ = await asyncio.to_thread(self._new_events, tid, 1 << 62)
        topic.sockets.add(q)
        return q

    def leave(self, tid: str, q: asyncio.Queue[Message], audience: str = "public") -> None:
        """Drop a subscriber (``audience`` ``ws`` for a socket)."""
        key = (tid, audience)
        topic = self._topics.get(key)
        if topic is None:
            return
        topic.displays.discard(q)
        topic.sockets.discard(q)
        if not topic.sockets:
            topic.last_seq = -1
        if not (topic.displays or topic.sockets):
            if topic.timer is not None:
                topic.timer.cancel()
            del self._topics[key]

    def counts(self) -> dict[str, int]:
        """Connected displays and sockets (for the status line and benchmarks)."""
        return {
            "displays": sum(len(t.displays) for t in self._topics.values()),
            "sockets": sum(len(t.sockets) for t in self._topics.values()),
        }


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


__all__ = ["Hub", "Message"]
