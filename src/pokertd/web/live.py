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
``retry: 1000`` and sends a ``: keepalive`` comment after ``KEEPALIVE_S`` of quiet. A push
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
from collections.abc import AsyncIterator

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import StreamingResponse

from pokertd.errors import NotFound, PermissionDenied
from pokertd.web import access, views
from pokertd.web.context import principal, web_of
from pokertd.web.hub import CLOSE_REASON, HELLO_FRAME

router = APIRouter(prefix="/api", tags=["live"])

KEEPALIVE_S = 15.0


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
) -> StreamingResponse:
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
    audience = access.audience_for(principal(request), tid, audience)
    if audience == "staff" and (tables or q):
        audience = views.console_audience(tables, q)
    if not await asyncio.to_thread(views.exists, web, tid):
        raise NotFound(f"There is no tournament {tid!r}.")
    queue = await web.hub.display(tid, audience)

    async def events() -> AsyncIterator[bytes]:
        sent = 0
        try:
            yield b"retry: 1000\n\n"
            yield HELLO_FRAME  # the protocol's version: a page of another version reloads
            while True:
                try:
                    msg = await asyncio.wait_for(queue.get(), KEEPALIVE_S)
                except TimeoutError:
                    yield b": keepalive\n\n"
                    continue
                yield msg.frame if patches else msg.full
                if msg.kind == "close":  # the server stops: the browser reconnects elsewhere
                    return
                sent += 1
                if limit and sent >= limit:
                    return
        finally:
            web.hub.leave(tid, queue, audience)

    return StreamingResponse(
        events(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


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
    queue = await web.hub.socket(tid)
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
            await websocket.send_text(msg.data)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        web.hub.leave(tid, queue, "ws")


__all__ = ["router"]
