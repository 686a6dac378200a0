"""Screens that survive the Wi-Fi (issue 27): the service worker of the public screens.

``GET /sw.js`` serves ``static/sw.js`` with its cache's version filled in: the installed
pokertd's version and a digest of the static files, so a new release (or any change to a
page's script or style) makes a new worker whose cache replaces the old one. The TV, player
and lobby pages register it (``static/live-offline.js``), each with its own page as the
scope, so it controls those pages only; it keeps their HTML and static assets and answers
from them only when the network does not (docs/screens-offline.md). It never touches an
``/api/`` address nor any page a session is needed for: staff pages are never cached.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import Response

import pokertd

router = APIRouter(include_in_schema=False)

STATIC = Path(__file__).resolve().parent / "static"
"""The folder of the web app's static files (served under ``/static/``)."""

WORKER = STATIC / "sw.js"
VERSION_MARK = "__POKERTD_CACHE_VERSION__"
"""Replaced in ``sw.js`` by :func:`cache_version`."""


@cache
def cache_version() -> str:
    """``<pokertd version>-<digest of the static files>``: the name of this release's cache
    (``pokertd-screens-<this>``). Made once per process: the files do not change under a
    running server."""
    digest = hashlib.sha256()
    for path in sorted(STATIC.rglob("*")):
        if path.is_file():
            digest.update(path.relative_to(STATIC).as_posix().encode())
            digest.update(path.read_bytes())
    return f"{pokertd.__version__}-{digest.hexdigest()[:12]}"


@router.get("/sw.js")
def service_worker() -> Response:
    """The service worker of the TV, player and lobby pages, for this release."""
    body = WORKER.read_text(encoding="utf-8").replace(VERSION_MARK, cache_version())
    # no-cache: the browser asks again on every page load, so a new release is seen at once
    return Response(
        body,
        media_type="text/javascript",
        headers={"Cache-Control": "no-cache"},
    )


__all__ = ["VERSION_MARK", "cache_version", "router", "service_worker"]
