"""Every refusal as JSON ``{error, message, rule}`` with a 4xx status — never a 500 for bad input.

RuleViolation 409, InvalidCommand 422, NotFound 404, PermissionDenied 403 (401 when not
signed in), ConcurrencyConflict 409, too many logins 429, a store failure 503. Pages get the
same sentence in HTML.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from starlette.exceptions import HTTPException

from pokertd.errors import (
    ConcurrencyConflict,
    InvalidCommand,
    NotFound,
    PermissionDenied,
    PokertdError,
    RuleViolation,
    StoreError,
)
from pokertd.web.auth import NotSignedIn, TooManyAttempts


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


def _wants_html(request: Request) -> bool:
    return not request.url.path.startswith("/api") and "text/html" in request.headers.get(
        "accept", ""
    )


def _html(status: int, message: str) -> HTMLResponse:
    from html import escape

    body = (
        "<!doctype html><meta charset=utf-8><title>pokertd</title>"
        "<link rel=stylesheet href=/static/app.css><main class=page>"
        f"<h1>Refused</h1><p class=error>{escape(message)}</p>"
        "<p><a href='javascript:history.back()'>Back</a> · <a href=/>Home</a></p></main>"
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
    if _wants_html(request):
        return _html(status, str(exc))
    return JSONResponse(error_body(exc), status_code=status, headers=headers)


async def _validation_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, RequestValidationError)
    parts = []
    for err in exc.errors()[:5]:
        where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
        parts.append(f"{where or 'request'}: {err.get('msg', 'invalid')}")
    message = "The request is not valid: " + "; ".join(parts) + "."
    body = InvalidCommand(message).as_json()
    return JSONResponse(body, status_code=422)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    kinds = {404: "not_found", 405: "method_not_allowed", 401: "not_signed_in"}
    message = str(exc.detail) if exc.detail else "Request refused."
    if _wants_html(request):
        return _html(exc.status_code, message)
    return JSONResponse(
        {"error": kinds.get(exc.status_code, "http_error"), "message": message, "rule": None,
         "rule_ids": [], "context": {}},
        status_code=exc.status_code,
        headers=getattr(exc, "headers", None),
    )


def install(app: FastAPI) -> None:
    """Register the handlers on ``app``."""
    app.add_exception_handler(PokertdError, _pokertd_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(HTTPException, _http_error)


__all__ = ["error_body", "install", "status_of"]
