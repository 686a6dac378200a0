"""The venue's wall screens in the browser (issue 27, point 3): layouts, images, screens.

Routes (reads of the venue's layouts and screens: floor and director; layouts and images
are written by the director, screens assigned by floor and director, each with the
session's CSRF token; a refusal is one sentence and changes nothing):

- ``GET /api/screens/layouts``: every layout, built-in first, whole (the editor's list);
- ``POST /api/screens/layouts`` (a layout as JSON): check and save it;
- ``POST /api/screens/layouts/import`` (the body: an exported file): check and save it;
- ``GET /api/screens/layouts/{name}/export``: the layout as a file to download;
- ``POST /api/screens/layouts/{name}/delete``: delete a venue layout (not a built-in one,
  not one a screen shows);
- ``GET /api/screens/images``; ``POST /api/screens/images?name=`` (the body: a PNG, JPEG or
  WebP file of at most 2 MB and 4096 px a side, checked by its bytes); ``POST
  /api/screens/images/{name}/delete``; ``GET /screen-images/{name}`` (public, the stored
  content type: what the TVs show);
- ``GET /api/screens``: every named screen, its layout and events, whether connected;
  ``POST /api/screens/{name}/assign {layout, events}``: switch the screen (pushed on its
  stream at once: it follows without a reload); ``POST /api/screens/{name}/forget``;
- ``GET /api/screens/{name}/show`` (public): a TV's hello, its layout whole and its events
  (what the TV asks every 3 s only while its stream is down);
- ``GET /api/screens/{name}/stream`` (public, Server-Sent Events): the push protocol's
  ``hello`` (the same as the event streams', :mod:`pokertd.web.live`), then ``event: show``
  with what the TV shows now, and again each time that changes (an assignment, its layout
  saved or deleted): at once for a change made through this server, within
  :data:`STORE_CHECK_S` for one made by another process (the CLI). While it is open the
  screen counts as connected. Each event's figures come over the event's own stream;
- pages ``/screen/{name}`` (the TV: public, full screen), ``/screens`` (staff: the screens
  and their assignment) and ``/screens/editor`` (staff; saving needs the director).

The work is :class:`pokertd.app.walls.WallService`, the same as ``pokertd screens …``.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from pokertd.app.accounts import Role
from pokertd.app.walls import EVENTS_MAX, WallService
from pokertd.errors import InvalidCommand, NotFound, StoreError
from pokertd.tournament.layouts import (
    GRID_MAX,
    NAME_MAX,
    PANEL_KINDS,
    PANEL_OPTIONS,
    PANELS_MAX,
    STYLE_WHEN,
)
from pokertd.web import access
from pokertd.web.api import ERROR_RESPONSES, authorize
from pokertd.web.auth import site_path
from pokertd.web.context import principal, web_of
from pokertd.web.hub import KEEPALIVE, KEEPALIVE_S, _close_message, sse_frame
from pokertd.web.live import STREAM_START
from pokertd.web.pages import render

router = APIRouter(tags=["screens"])

Name = Annotated[
    str,
    Path(min_length=1, max_length=NAME_MAX, description="A layout's, screen's or image's name."),
]
TID_MAX = 64


class Assignment(BaseModel):
    """What a screen shows: a layout and its events (the first is the screen's main one)."""

    model_config = ConfigDict(extra="forbid")

    layout: str = Field(min_length=1, max_length=NAME_MAX)
    events: list[Annotated[str, Field(min_length=1, max_length=TID_MAX)]] = Field(
        default_factory=list, max_length=EVENTS_MAX
    )


def walls_of(request: Request) -> WallService:
    """The application's wall-screen service."""
    return web_of(request).app.walls


def _staff(request: Request, action: str) -> None:
    access.require_player_read(principal(request), action=action)


def _screens_json(service: WallService) -> list[dict[str, Any]]:
    return [s.as_json() for s in service.screens()]


# ---- layouts ------------------------------------------------------------------------------


@router.get("/api/screens/layouts", responses=ERROR_RESPONSES)
def layouts(request: Request) -> list[dict[str, Any]]:
    """Every layout, the built-in ones first (floor and director)."""
    _staff(request, "read the screen layouts")
    return [lay.as_json() for lay in walls_of(request).layouts()]


@router.post("/api/screens/layouts", responses=ERROR_RESPONSES)
async def save_layout(request: Request) -> dict[str, Any]:
    """Check and save a layout (director; CSRF header): the body is the layout's JSON."""
    authorize(request, Role.DIRECTOR, "save a screen layout")
    return walls_of(request).import_layout(await request.body()).as_json()


@router.post("/api/screens/layouts/import", responses=ERROR_RESPONSES)
async def import_layout(request: Request) -> dict[str, Any]:
    """Import an exported layout file (director; CSRF header): the body is the file."""
    authorize(request, Role.DIRECTOR, "import a screen layout")
    return walls_of(request).import_layout(await request.body()).as_json()


@router.get("/api/screens/layouts/{name}/export", responses=ERROR_RESPONSES)
def export_layout(name: Name, request: Request) -> Response:
    """The layout as a file (floor and director)."""
    _staff(request, "export a screen layout")
    body = walls_of(request).export_layout(name)
    filename = quote(f"{body['name']}.layout.json")
    return Response(
        json.dumps(body, indent=2, ensure_ascii=False),
        media_type="application/json",
        headers={"Content-Disposition": f"attachment; filename*=UTF-8''{filename}"},
    )


@router.post("/api/screens/layouts/{name}/delete", responses=ERROR_RESPONSES)
def delete_layout(name: Name, request: Request) -> dict[str, Any]:
    """Delete a venue layout (director; CSRF header)."""
    authorize(request, Role.DIRECTOR, "delete a screen layout")
    walls_of(request).delete_layout(name)
    return {"deleted": name}


# ---- images -------------------------------------------------------------------------------


@router.get("/api/screens/images", responses=ERROR_RESPONSES)
def images(request: Request) -> list[dict[str, Any]]:
    """Every uploaded image: name, type, size in pixels and bytes (floor and director)."""
    _staff(request, "list the screens' images")
    return [i.as_json() for i in walls_of(request).images()]


@router.post("/api/screens/images", responses=ERROR_RESPONSES)
async def upload_image(
    request: Request,
    name: Annotated[str, Query(min_length=1, max_length=NAME_MAX)],
) -> dict[str, Any]:
    """Upload an image (director; CSRF header): the body is a PNG, JPEG or WebP file of at
    most 2 MB and 4096 pixels a side, recognised by its bytes."""
    authorize(request, Role.DIRECTOR, "upload an image for the screens")
    return walls_of(request).upload_image(name, await request.body()).as_json()


@router.post("/api/screens/images/{name}/delete", responses=ERROR_RESPONSES)
def delete_image(name: Name, request: Request) -> dict[str, Any]:
    """Delete an image no layout shows (director; CSRF header)."""
    authorize(request, Role.DIRECTOR, "delete an image of the screens")
    walls_of(request).delete_image(name)
    return {"deleted": name}


@router.get("/screen-images/{name}", include_in_schema=False)
def image(name: Name, request: Request) -> Response:
    """An uploaded image with its own content type (public: the TVs show it)."""
    kind, data = walls_of(request).image(name)
    return Response(
        data,
        media_type=kind,
        headers={"Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"},
    )


# ---- screens ------------------------------------------------------------------------------


@router.get("/api/screens", responses=ERROR_RESPONSES)
def screens(request: Request) -> list[dict[str, Any]]:
    """Every named screen: layout, events, connected (floor and director)."""
    _staff(request, "list the screens")
    return _screens_json(walls_of(request))


@router.post("/api/screens/{name}/assign", responses=ERROR_RESPONSES)
def assign(name: Name, body: Assignment, request: Request) -> dict[str, Any]:
    """Show a layout and events on a screen (floor and director; CSRF header)."""
    authorize(request, Role.FLOOR, "assign a screen")
    return walls_of(request).assign(name, body.layout, body.events).as_json()


@router.post("/api/screens/{name}/forget", responses=ERROR_RESPONSES)
def forget(name: Name, request: Request) -> dict[str, Any]:
    """Forget a screen (floor and director; CSRF header)."""
    authorize(request, Role.FLOOR, "forget a screen")
    walls_of(request).forget(name)
    return {"forgotten": name}


def _shown(request: Request, name: str) -> dict[str, Any]:
    """What the screen ``name`` shows, with the server's now (``server_time``, epoch
    seconds): a page kept offline tells which of two views is the newer by it."""
    view = walls_of(request).show(name)
    view["server_time"] = web_of(request).now().timestamp()
    return view


@router.get("/api/screens/{name}/show", responses=ERROR_RESPONSES)
def show(name: Name, request: Request) -> dict[str, Any]:
    """A TV's hello (public): registers the screen, answers its layout and events."""
    return _shown(request, name)


CHANGE_CHECK_S = 0.25
"""How often a screen's stream looks whether this server changed what screens show (a
counter in memory: :attr:`pokertd.app.walls.WallService.version`)."""
STORE_CHECK_S = 5.0
"""How often a screen's stream reads its screen from the store anyway: a change made by
another process (``pokertd screens assign``), and the screen's hello (it stays connected)."""


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return {k: v for k, v in a.items() if k != "server_time"} == {
        k: v for k, v in b.items() if k != "server_time"
    }


@router.get(
    "/api/screens/{name}/stream",
    response_class=StreamingResponse,
    responses={200: {"content": {"text/event-stream": {}}, "description": "SSE: show"}},
)
async def stream(name: Name, request: Request) -> Response:
    """Server-Sent Events (public): ``event: hello`` (the push protocol), then ``event:
    show`` (what ``GET /api/screens/{name}/show`` answers) now and on every change."""
    service = walls_of(request)
    hub = web_of(request).hub
    first = await asyncio.to_thread(_shown, request, name)  # a refusal before the stream

    async def frames() -> AsyncIterator[bytes]:
        yield STREAM_START
        last, sent = first, 0
        yield sse_frame("show", sent, json.dumps(first, separators=(",", ":")))
        seen, checked = service.version, time.monotonic()
        quiet = checked
        while not hub.closing:
            await asyncio.sleep(CHANGE_CHECK_S)
            now = time.monotonic()
            if service.version != seen or now - checked >= STORE_CHECK_S:
                seen, checked = service.version, now
                try:
                    view = await asyncio.to_thread(_shown, request, name)
                except (InvalidCommand, NotFound, StoreError):
                    continue  # the store refused this once (full, gone): try again later
                if not _same(view, last):
                    last, sent, quiet = view, sent + 1, now
                    yield sse_frame("show", sent, json.dumps(view, separators=(",", ":")))
            if now - quiet >= KEEPALIVE_S:
                quiet = now
                yield KEEPALIVE.frame
        yield _close_message().frame  # the server stops: come back soon (another server)

    return StreamingResponse(
        frames(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


# ---- pages --------------------------------------------------------------------------------


def _editor_model() -> dict[str, Any]:
    return {
        "kinds": PANEL_KINDS,
        "options": {k: sorted(v) for k, v in PANEL_OPTIONS.items()},
        "grid_max": GRID_MAX,
        "panels_max": PANELS_MAX,
        "when": list(STYLE_WHEN),
    }


@router.get("/screen/{name}", response_class=HTMLResponse, include_in_schema=False)
def screen_page(name: Name, request: Request) -> Response:
    """The TV of a named screen (public, full screen): what the screens page assigns."""
    return render(request, "screen.html", view=_shown(request, name))


def _signed(request: Request, path: str) -> Response | None:
    if not principal(request).role.at_least(Role.FLOOR):
        return RedirectResponse(site_path(request, f"/login?next={path}"), status_code=303)
    return None


@router.get("/screens", response_class=HTMLResponse, include_in_schema=False)
def screens_page(request: Request) -> Response:
    """The staff's screens page: every screen, its layout and events, assigned live."""
    if (away := _signed(request, "/screens")) is not None:
        return away
    service = walls_of(request)
    events = [{"id": t.id, "name": t.name} for t in web_of(request).app.tournaments.tournaments()]
    data = {
        "screens": _screens_json(service),
        "layouts": [lay.name for lay in service.layouts()],
        "events": events,
        "events_max": EVENTS_MAX,
    }
    return render(request, "screens.html", data=data)


@router.get("/screens/editor", response_class=HTMLResponse, include_in_schema=False)
def editor_page(request: Request) -> Response:
    """The layout editor (staff; saving, importing and uploading need the director)."""
    if (away := _signed(request, "/screens/editor")) is not None:
        return away
    service = walls_of(request)
    data = {
        "layouts": [lay.as_json() for lay in service.layouts()],
        "images": [i.as_json() for i in service.images()],
        "model": _editor_model(),
        "director": principal(request).role.at_least(Role.DIRECTOR),
    }
    return render(request, "screen_editor.html", data=data)


__all__ = ["router", "walls_of"]
