"""Live pushes: Server-Sent Events for displays, a WebSocket for scripts.

- ``GET /api/tournaments/{tid}/stream`` (SSE): which protocol the server speaks (``event:
  hello``: ``{"protocol": "pokertd-push", "version": 1}``, issue 24), the public view model
  now (``event: snapshot``) and what changed after every change and at each clock rollover (``event:
  patch``: ``{"base", "seq", "patch"}``, an RFC 7386 merge patch, see :mod:`pokertd.web.hub`).
  ``?patches=0`` sends the whole view every time instead. ``?audience=staff`` gives the
  floor's view (floor and director), or a table's dealer their dealer view (see
  :mod:`pokertd.web.access`).
- ``WS /api/tournaments/{tid}/ws``: each new event as JSON (``{"type": "events", "events":
  [...]}``), for floor and director (session cookie) since events may hold private details.

SSE is framed here by hand, on purpose (no SSE library is a dependency): the hub encodes
each push's frame (``event: snapshot`` or ``event: patch``, ``id: <seq>``, ``data: <json>``)
once and every display of the tournament gets the same bytes; the stream opens with
``retry: 1000`` and sends a ``: keepalive`` comment after ``hub.KEEPALIVE_S`` of quiet.

Built for thousands of displays (issue 25): the route checks who may connect like any other
request (the middleware chain, the session, ``audience``), and its answer's head goes back
through the chain (request id, access log, security headers); but the stream's BODY is
written by :class:`PushStream` straight to the server's own ``send`` (kept in the scope
under :data:`RAW_SEND` by the app), not through the chain's wrappers once per frame per
display. Each display has a :class:`~pokertd.web.hub.Mailbox` that holds at most one
waiting push, so a slow display gets its backlog as one whole view, never an endless queue.
A stream opened by a session (the staff and dealer views) ends when that session ends: the
hub checks every ``hub.CHECK_S`` seconds, and at once after a sign-out or a director ending a
session (:meth:`~pokertd.web.hub.Hub.check_sessions`). A push
is one line of JSON (``json.dumps`` escapes newlines), so one ``data:`` line always holds it.
On a stop (SIGTERM/SIGINT) every stream ends at once, cleanly (``Hub.close_all`` in
:mod:`pokertd.web.hub`): a display gets a last ``event: reconnect`` whose ``retry:`` tells
the browser to come back within half a second, then the stream ends; a WebSocket is closed
with code 1012 (service restart). Behind a proxy the pages so reconnect to a server that is
still up, instead of waiting for uvicorn's ``timeout_graceful_shutdown`` to cut them.

The WebSocket needs a WebSocket library in the server: ``pokertd serve`` runs uvicorn with
the ``websockets`` dependency (``tests/web/test_real_server.py`` checks it for real).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import Response, StreamingResponse
from starlette.requests import HTTPConnection
from starlette.types import Receive, Scope, Send

from pokertd.errors import NotFound, PermissionDenied
from pokertd.i18n import N_
from pokertd.web import access, views
from pokertd.web.auth import SESSION_COOKIE
from pokertd.web.context import Web, principal, web_of
from pokertd.web.hub import CLOSE_REASON, ENDS, HELLO_FRAME, Hub, Mailbox, Message

router = APIRouter(prefix="/api", tags=["live"])

RAW_SEND = "pokertd.raw_send"
"""The scope key under which the app keeps the server's own ``send`` (outside every
middleware): :class:`PushStream` writes the stream's body there."""

STREAM_START = b"retry: 1000\n\n" + HELLO_FRAME
"""The first bytes of every display stream: the browser's reconnect delay and ``hello``."""


class PushStream(Response):
    """A display's SSE stream: the head through the middleware chain, the body straight to
    the server's ``send`` (:data:`RAW_SEND`), each push's bytes as the hub encoded them.

    One task per display writes (this one, the request's own) and one waits for the client
    to leave; a push wakes the writer, which writes the waiting frame and waits again."""

    media_type = "text/event-stream"

    def __init__(
        self, hub: Hub, tid: str, audience: str, mailbox: Mailbox, *, patches: bool, limit: int
    ) -> None:
        self.status_code = 200
        self.background = None
        self.init_headers({"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
        self.hub, self.tid, self.audience, self.mailbox = hub, tid, audience, mailbox
        self.patches, self.limit = patches, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Write the stream until it ends (``limit``, a stop, a session ended) or the
        client leaves."""
        raw: Send = scope.get(RAW_SEND, send)
        mailbox = self.mailbox
        leaving = asyncio.ensure_future(_until_disconnect(receive, mailbox))
        try:
            await send({"type": "http.response.start", "status": 200, "headers": self.raw_headers})
            await raw({"type": "http.response.body", "body": STREAM_START, "more_body": True})
            sent, limit, patches = 0, self.limit, self.patches
            mailbox.whole_views = not patches
            if not limit:  # a counted stream is written by its writer alone
                mailbox.wire = ServerWire.of(raw, scope)
            while True:
                msg = await mailbox.get()
                body = msg.frame if patches else msg.full
                if body:
                    await raw({"type": "http.response.body", "body": body, "more_body": True})
                if msg.kind in ENDS:
                    break
                if msg.kind == "keepalive":
                    continue
                sent += 1
                if limit and sent >= limit:
                    break
            await raw({"type": "http.response.body", "body": b"", "more_body": False})
        except OSError:
            pass  # the client went away while a frame was written
        finally:
            leaving.cancel()
            self.hub.leave(self.tid, mailbox, self.audience)


class ServerWire:
    """The socket of a uvicorn HTTP/1.1 response with chunked body, written directly.

    Found through the server's ``send`` (a method of uvicorn's request-response cycle, with
    its ``transport`` and write ``flow`` control); anything else (another server, the test
    client, a response not chunked) has none and its stream is written by the writer alone.
    ``ready`` is false while the socket's buffer is above the server's high-water mark (the
    client is slow: its writer takes over, with the mailbox's merging) or once it is gone.
    """

    __slots__ = ("cycle", "flow", "transport")

    def __init__(self, cycle: Any, transport: Any, flow: Any) -> None:
        self.cycle, self.transport, self.flow = cycle, transport, flow

    @classmethod
    def of(cls, send: Send, scope: Scope) -> ServerWire | None:
        """The wire under ``send``, or ``None`` when it is not one we know to be chunked."""
        cycle = getattr(send, "__self__", None)
        transport = getattr(cycle, "transport", None)
        flow = getattr(cycle, "flow", None)
        if transport is None or flow is None or scope.get("method") != "GET":
            return None
        if getattr(cycle, "chunked_encoding", None) is True:  # uvicorn's httptools cycle
            return cls(cycle, transport, flow)
        writer = getattr(getattr(cycle, "conn", None), "_writer", None)  # uvicorn's h11 cycle
        if type(writer).__name__ == "ChunkedWriter":
            return cls(cycle, transport, flow)
        return None

    def ready(self) -> bool:
        """Whether a write goes out now: not paused by flow control, client still there."""
        return not (
            self.flow.write_paused
            or getattr(self.cycle, "disconnected", False)
            or getattr(self.cycle, "response_complete", False)
            or self.transport.is_closing()
        )

    def write(self, data: bytes) -> None:
        """Write one whole HTTP chunk."""
        self.transport.write(data)


_GONE = Message("end", "The client left.")


async def _until_disconnect(receive: Receive, mailbox: Mailbox) -> None:
    """Wait until the client leaves, then end the writer (an ``end`` in its mailbox)."""
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            break
    mailbox.put_nowait(_GONE)


def session_check(web: Web, conn: HTTPConnection, tid: str, granted: str) -> Callable[[], bool]:
    """Whether the session of ``conn`` may still have the ``granted`` audience of ``tid``
    (the same check as at connect, :func:`access.audience_for`, on the session as it is
    now: signed out, ended, expired or its role changed means no)."""
    token = conn.cookies.get(SESSION_COOKIE, "")
    requested = "dealer" if granted.startswith(access.DEALER_AUDIENCE) else "staff"

    def check() -> bool:
        who = web.sessions.principal_of_token(token)
        try:
            return access.audience_for(who, tid, requested) == granted
        except PermissionDenied:
            return False

    return check


@router.get(
    "/tournaments/{tid}/stream",
    response_class=StreamingResponse,
    responses={200: {"content": {"text/event-stream": {}}, "description": "SSE snapshots"}},
)
async def stream(
    tid: str,
    request: Request,
    audience: str = "public",
    limit: int = 0,
    patches: int = 1,
    tables: str = "",
    q: str = "",
) -> Response:
    """Server-Sent Events: first ``event: hello`` (``{"protocol": "pokertd-push", "version":
    1}``: a client that speaks another version reloads or stops), then ``event: snapshot``
    (the view model as JSON), then on every
    change ``event: patch`` with ``{"base": <seq it applies to>, "seq": <new seq>, "patch":
    <RFC 7386 merge patch>}`` (or a whole ``snapshot`` again when that is smaller). A page
    whose view's ``seq`` is not ``base`` reconnects and starts again from a snapshot.

    The public push leaves out the player and table lists (search them with
    ``GET /api/tournaments/{tid}/players?q=``); ``audience=staff`` sends everything to
    floor and director, and to a table's dealer (of this tournament only) their dealer view.

    ``tables=<first>-<last>`` (and ``q=``, a search by name, card or table number) with
    ``audience=staff`` give floor and director the floor console's view of that page of
    the map instead of the whole staff view (issue 25: sized by the screen, not the field;
    :func:`pokertd.app.screens.console`); the console opens its stream so.

    ``patches=0`` sends the whole view on every change (older clients, the benchmark's
    baseline). ``limit`` > 0 closes the stream after that many pushes (tests, scripts).
    """
    web = web_of(request)
    granted = access.audience_for(principal(request), tid, audience)
    if not await asyncio.to_thread(views.exists, web, tid):
        raise NotFound(template=N_("There is no tournament %(tid)s."), params={"tid": repr(tid)})
    check = None if granted == "stream" else session_check(web, request, tid, granted)
    if granted == "staff" and (tables or q):  # a floor console's page of the map
        granted = views.console_audience(tables, q)
    mailbox = await web.hub.display(tid, granted, check=check)
    return PushStream(web.hub, tid, granted, mailbox, patches=bool(patches), limit=limit)


@router.websocket("/tournaments/{tid}/ws")
async def socket(websocket: WebSocket, tid: str) -> None:
    """Push each new event of ``tid`` as JSON (staff only)."""
    web = websocket.app.state.web
    if not web.sessions.origin_ok(websocket):
        # Another site's page (the staff cookie goes with any handshake): accepted only to
        # be closed at once with 1008 (policy violation), before any event is sent.
        await websocket.accept()
        await websocket.close(code=1008, reason="Open pokertd from its own address.")
        return
    who = web.sessions.principal(websocket)
    try:
        access.require_staff_read(who, tid, action="follow the event log")
    except PermissionDenied:
        await websocket.close(code=4403, reason="Sign in as floor staff to follow the event log.")
        return
    await websocket.accept()
    token = websocket.cookies.get(SESSION_COOKIE, "")

    def allowed() -> bool:  # the same check as above, on the session as it is now
        try:
            access.require_staff_read(
                web.sessions.principal_of_token(token), tid, action="follow the event log"
            )
        except PermissionDenied:
            return False
        return True

    queue = await web.hub.socket(tid, check=allowed)
    try:
        await websocket.send_json({"type": "hello", "tournament": tid})
        receiver = asyncio.ensure_future(websocket.receive_text())
        while True:
            getter = asyncio.ensure_future(queue.get())
            done, _ = await asyncio.wait({getter, receiver}, return_when=asyncio.FIRST_COMPLETED)
            if receiver in done:
                getter.cancel()
                with contextlib.suppress(WebSocketDisconnect, RuntimeError):
                    receiver.result()
                    receiver = asyncio.ensure_future(websocket.receive_text())
                    continue
                break
            msg = getter.result()
            if msg.kind == "close":  # the server stops: 1012 tells the script to reconnect
                receiver.cancel()
                await websocket.close(code=1012, reason=CLOSE_REASON)
                break
            if msg.kind == "end":  # its session ended (4403), or it fell behind (1013)
                receiver.cancel()
                await websocket.close(code=msg.code, reason=msg.data)
                break
            await websocket.send_text(msg.data)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        web.hub.leave(tid, queue, "ws")


__all__ = ["RAW_SEND", "PushStream", "ServerWire", "router", "session_check"]
