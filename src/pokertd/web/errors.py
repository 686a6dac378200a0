"""Every refusal as JSON ``{error, message, rule}`` with a 4xx status — never a 500 for bad input.

RuleViolation 409, InvalidCommand 422, NotFound 404, PermissionDenied 403 (401 when not
signed in), ConcurrencyConflict 409, too many logins 429, a store failure 503. Pages get the
same sentence in HTML. Malformed input (invalid JSON or UTF-8, a lone surrogate, an unknown
field, a value past its limit) is 422; a body over 1 MiB is 413.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from html import escape
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pokertd.app.commands import describe_errors
from pokertd.errors import (
    ConcurrencyConflict,
    InvalidCommand,
    NotFound,
    PermissionDenied,
    PokertdError,
    RuleViolation,
    StoreError,
)
from pokertd.i18n import N_
from pokertd.web.auth import NotSignedIn, TooManyAttempts, root_path
from pokertd.web.i18n import answer_language, refusal


def status_of(exc: PokertdError) -> int:
    """The HTTP status of a refusal."""
    order: list[tuple[type[PokertdError], int]] = [
        (NotFound, 404),
        (InvalidCommand, 422),
        (NotSignedIn, 401),
        (PermissionDenied, 403),
        (ConcurrencyConflict, 409),
        (RuleViolation, 409),
        (TooManyAttempts, 429),
        (StoreError, 503),
    ]
    for cls, status in order:
        if isinstance(exc, cls):
            return status
    return 400


def wants_html(conn: HTTPConnection) -> bool:
    """A browser asking for a page (not the JSON API): it gets the error as a page."""
    path, root = conn.url.path, root_path(conn)
    if root and path.startswith(root + "/"):  # behind a proxy under /poker: /poker/api/...
        path = path[len(root) :]
    return not path.startswith("/api") and "text/html" in conn.headers.get("accept", "")


def error_page(
    conn: HTTPConnection, status: int, message: str, *, title: str = "Refused"
) -> HTMLResponse:
    """The one error page of the app (a refusal, or a server error with its request id),
    linking the stylesheet and home under the root path."""
    root = root_path(conn)  # checked characters only: safe inside the attribute
    body = (
        "<!doctype html><html lang=en><meta charset=utf-8><title>pokertd</title>"
        f"<link rel=stylesheet href={root}/static/app.css><main class=page>"
        f"<h1>{escape(title)}</h1><p class=error>{escape(message)}</p>"
        f"<p><a href={root}/>Home</a></p></main>"
    )
    return HTMLResponse(body, status_code=status)


def error_body(exc: PokertdError) -> dict[str, Any]:
    """The JSON body of a refusal (the CLI's ``--json`` shape)."""
    return exc.as_json()


async def _pokertd_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, PokertdError)
    status = status_of(exc)
    headers = {}
    if isinstance(exc, TooManyAttempts):
        headers["Retry-After"] = str(exc.context.get("retry_after", 60))
    # issue 27: the sentence in the reader's language when the refusal carries a template
    message = (
        refusal(exc, answer_language(request), request) if exc.template is not None else str(exc)
    )
    if wants_html(request):
        return error_page(request, status, message)
    return JSONResponse(error_body(exc) | {"message": message}, status_code=status, headers=headers)


async def _validation_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)

    errors = list(exc.errors())
    if any(e.get("type") == "json_invalid" for e in errors):
        refused = InvalidCommand(template=N_("The request body is not valid JSON."))
    else:
        # English on purpose: pydantic's checks field by field, for the API's programmers
        refused = InvalidCommand(describe_errors("The request is not valid", errors))
    message = refusal(refused, answer_language(request))
    if wants_html(request):
        return error_page(request, 422, message)
    return JSONResponse(refused.as_json() | {"message": message}, status_code=422)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if exc.status_code == 400 and exc.detail == "There was an error parsing the body":
        # FastAPI's answer to a body json cannot read (bad UTF-8, nesting too deep): it is
        # malformed input like any other, 422 as documented.
        refused = InvalidCommand(template=N_("The request body is not valid JSON in UTF-8."))
        message = refusal(refused, answer_language(request))
        if wants_html(request):
            return error_page(request, 422, message)
        return JSONResponse(refused.as_json() | {"message": message}, status_code=422)
    kinds = {404: "not_found", 405: "method_not_allowed", 401: "not_signed_in"}
    message = str(exc.detail) if exc.detail else "Request refused."
    if wants_html(request):
        return error_page(request, exc.status_code, message)
    return JSONResponse(
        {
            "error": kinds.get(exc.status_code, "http_error"),
            "message": message,
            "rule": None,
            "rule_ids": [],
            "context": {},
        },
        status_code=exc.status_code,
        headers=getattr(exc, "headers", None),
    )


MAX_BODY_BYTES = 1 << 20
"""The largest request body accepted (1 MiB): every command fits in a few kilobytes."""

UPLOAD_PATHS: Mapping[str, int] = {
    "/api/player-imports": 5 * 1024 * 1024 + 64 * 1024,
    "/api/player-imports/preview": 5 * 1024 * 1024 + 64 * 1024,
    "/history-imports": 5 * 1024 * 1024 + 64 * 1024,
    "/history-imports/preview": 5 * 1024 * 1024 + 64 * 1024,
    "/api/screens/images": 2 * 1024 * 1024 + 64 * 1024,
}
"""Paths (as the request path ends) that take a file as the body, and their limit: a
player file or a league history file (``/api/leagues/{league}/seasons/{season}/
history-imports``) of at most 5 MiB (:data:`pokertd.app.player_import.FILE_MAX_BYTES`), so the
importer, not this guard, says how large the file is."""

_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89abcdefABCDEF][0-9a-fA-F]{2}")


def body_problem(body: bytes, content_type: str) -> str | None:
    """Why a JSON request body cannot be taken (bad UTF-8, a lone surrogate), or ``None``.

    JSON may spell text as ``\\ud800`` escapes; an unpaired one decodes to a string no
    encoder (UTF-8, PostgreSQL, the JSON the TVs get) can write back, so it is refused
    before any route sees it. Bodies that are not JSON are left to their route.
    """
    if "json" not in content_type.lower() or not body:
        return None
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        return "The request body is not valid UTF-8."
    if _SURROGATE_ESCAPE.search(body) is None:
        return None
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        return None  # the route answers invalid JSON itself
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return "The request holds broken Unicode (a lone surrogate)."
    return None


class BodyLimit:
    """ASGI middleware: request bodies over ``max_bytes`` get 413, and JSON bodies with bad
    UTF-8 or lone surrogates get 422, before any route reads them (never a 500)."""

    def __init__(
        self,
        app: ASGIApp,
        max_bytes: int = MAX_BODY_BYTES,
        uploads: Mapping[str, int] | None = None,
    ) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.uploads = dict(UPLOAD_PATHS if uploads is None else uploads)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        headers = {
            k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])
        }
        most = next(
            (n for p, n in self.uploads.items() if str(scope.get("path", "")).endswith(p)),
            self.max_bytes,
        )
        declared = headers.get("content-length", "")
        if declared.isascii() and declared.isdigit() and int(declared) > most:
            await self._refuse(scope, send, 413, self._too_large(most))
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > most:
                await self._refuse(scope, send, 413, self._too_large(most))
                return
            chunks.append(chunk)
            more = bool(message.get("more_body", False))
        body = b"".join(chunks)
        problem = body_problem(body, headers.get("content-type", ""))
        if problem is not None:
            # English on purpose: the body's shape (a JSON or form check), for programmers
            await self._refuse(scope, send, 422, InvalidCommand(problem))
            return
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    @staticmethod
    def _too_large(most: int) -> InvalidCommand:
        return InvalidCommand(
            template=N_("The request is too large (at most %(kib)s KiB)."),
            params={"kib": f"{most // 1024:,}"},
        )

    @staticmethod
    async def _refuse(scope: Scope, send: Send, status: int, refused: InvalidCommand) -> None:
        response = JSONResponse(refused.as_json(), status_code=status)
        await response(scope, _no_body, send)


async def _no_body() -> Message:
    return {"type": "http.disconnect"}


def install(app: FastAPI) -> None:
    """Register the handlers on ``app`` and bound its request bodies (:class:`BodyLimit`)."""
    app.add_middleware(BodyLimit)
    app.add_exception_handler(PokertdError, _pokertd_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(HTTPException, _http_error)


__all__ = ["MAX_BODY_BYTES", "BodyLimit", "body_problem", "error_body", "install", "status_of"]
