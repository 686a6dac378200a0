"""Logs an operator can search: JSON lines with a request id, and one access line a request.

``configure_logging(level, fmt)`` sends every log record to stderr as one JSON object a
line (``fmt="json"``: ``time`` in ISO 8601 UTC, ``level``, ``logger``, ``message``,
``request_id`` inside a request, any ``extra=`` fields, ``exception`` with the traceback)
or as a readable line for a terminal (``fmt="text"``). ``uvicorn_log_config`` is the same
set-up as a ``logging.config.dictConfig`` dict for ``uvicorn.run(log_config=...)`` (each
worker process applies it itself): uvicorn's own access log is turned off and its error
log goes through our formatter, because :class:`RequestContext` writes the access log.

:class:`RequestContext` (ASGI middleware) gives every HTTP request and WebSocket a
request id — the client's ``X-Request-ID`` when it is sane (at most 64 characters of
``A-Z a-z 0-9 . _ -``), else a new one (uuid4 hex) — returns it in the ``X-Request-ID``
response header, keeps it in a context variable so every log line of the request carries
it, logs one ``pokertd.access`` line a request (method, path, masked query, status,
duration, client address behind trusted proxies only, role when signed in), counts the
request in the metrics (:mod:`pokertd.web.metrics`), and turns an unhandled exception into
a logged traceback with the request id and a friendly 500 (never a bare stack trace).
See ``docs/observability.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import logging
import logging.config
import re
import time
import traceback
import uuid
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl

from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pokertd.web.auth import Network, client_address
from pokertd.web.errors import error_page, wants_html

if TYPE_CHECKING:
    from pokertd.web.metrics import Metrics

LOG_LEVELS = ("debug", "info", "warning", "error")
"""The levels ``--log-level`` accepts."""
LOG_FORMATS = ("json", "text")
"""The formats ``--log-format`` accepts: JSON lines for a log collector, text for a terminal."""

REQUEST_ID_HEADER = "X-Request-ID"
CLIENT_CLOSED = 499
"""The status logged and counted for a request whose client left before any answer (the
nginx convention): a disconnect is not counted as a server error."""
_SANE_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")

request_id_var: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "pokertd_request_id", default=None
)
"""The id of the request being served in this context (``None`` outside a request)."""

access_log = logging.getLogger("pokertd.access")
log = logging.getLogger("pokertd.web")

# The attributes every LogRecord has: anything else on a record came from ``extra=``.
_BARE_RECORD = logging.LogRecord("x", logging.INFO, "x", 0, "x", None, None)
_RECORD_FIELDS = frozenset(vars(_BARE_RECORD)) | {
    "message",
    "asctime",
    "request_id",
    "color_message",
    "taskName",
}


def request_id_from(header: str | None) -> str:
    """The client's request id when it is sane, else a new one (uuid4 hex): a log line can
    never be forged or flooded through this header."""
    if header is not None and _SANE_ID.fullmatch(header):
        return header
    return uuid.uuid4().hex


def current_request_id() -> str | None:
    """The request id of the request being served here, or ``None``."""
    return request_id_var.get()


def _fields(record: logging.LogRecord) -> dict[str, Any]:
    """The ``extra=`` fields of ``record``."""
    return {k: v for k, v in vars(record).items() if k not in _RECORD_FIELDS}


def _request_id(record: logging.LogRecord) -> str | None:
    found = getattr(record, "request_id", None)
    return str(found) if found else request_id_var.get()


class JsonFormatter(logging.Formatter):
    """One JSON object a line: ``time`` (ISO 8601 UTC), ``level``, ``logger``, ``message``,
    ``request_id`` (inside a request), the record's extra fields, and ``exception``."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as one line of JSON (non-JSON extras are written as their ``str``)."""
        out: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        rid = _request_id(record)
        if rid:
            out["request_id"] = rid
        for key, value in _fields(record).items():
            out.setdefault(key, value)
        if record.exc_info:
            out["exception"] = "".join(traceback.format_exception(*record.exc_info)).rstrip()
        elif record.exc_text:
            out["exception"] = record.exc_text
        if record.stack_info:
            out["stack"] = record.stack_info
        return json.dumps(out, default=str, ensure_ascii=False)


_LINE_BREAKS = str.maketrans({"\n": "\\n", "\r": "\\r"})
"""CR and LF as the two characters ``\\n`` / ``\\r`` (one record, one line)."""


class TextFormatter(logging.Formatter):
    """A readable line for a terminal: time, level, logger, ``[request id]``, message and
    ``key=value`` extras; the traceback below it."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as text."""
        moment = datetime.fromtimestamp(record.created, UTC).strftime("%H:%M:%S.%f")[:-3]
        rid = _request_id(record)
        parts = [moment, f"{record.levelname:<7}", record.name]
        if rid:
            parts.append(f"[{rid}]")
        parts.append(record.getMessage())
        parts += [f"{k}={v}" for k, v in _fields(record).items()]
        # a request path is percent-decoded: its CR/LF must not start a forged log line
        line = " ".join(parts).translate(_LINE_BREAKS)
        if record.exc_info:
            line += "\n" + "".join(traceback.format_exception(*record.exc_info)).rstrip()
        return line


def _check(level: str, fmt: str) -> None:
    if level.lower() not in LOG_LEVELS:
        raise ValueError(f"Log level {level!r} is not one of {', '.join(LOG_LEVELS)}.")
    if fmt not in LOG_FORMATS:
        raise ValueError(f"Log format {fmt!r} is not one of {', '.join(LOG_FORMATS)}.")


def uvicorn_log_config(level: str, fmt: str, *, access_log: bool) -> dict[str, Any]:
    """A ``dictConfig`` dict for ``uvicorn.run(log_config=...)``: every logger to stderr
    through our formatter at ``level``; uvicorn's access log off (``pokertd.access`` is
    ours, on when ``access_log``). Plain data, so each worker process can apply it."""
    _check(level, fmt)
    name = level.upper()
    formatter = f"pokertd.web.observe.{'Json' if fmt == 'json' else 'Text'}Formatter"
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"pokertd": {"()": formatter}},
        "handlers": {
            "stderr": {
                "class": "logging.StreamHandler",
                "formatter": "pokertd",
                "stream": "ext://sys.stderr",
            }
        },
        "root": {"handlers": ["stderr"], "level": name},
        "loggers": {
            "uvicorn": {"handlers": [], "level": name, "propagate": True},
            "uvicorn.error": {"handlers": [], "level": name, "propagate": True},
            "uvicorn.access": {"handlers": [], "level": "CRITICAL", "propagate": False},
            "pokertd": {"handlers": [], "level": name, "propagate": True},
            "pokertd.access": {
                "handlers": [],
                "level": "INFO" if access_log else "CRITICAL",
                "propagate": True,
            },
        },
    }


def configure_logging(level: str = "info", fmt: str = "json") -> None:
    """Send every log record to stderr as JSON lines (or ``text``) at ``level``, with the
    access log on. Replaces the root logger's handlers (idempotent)."""
    _check(level, fmt)
    logging.config.dictConfig(uvicorn_log_config(level, fmt, access_log=True))


# ---- the middleware ------------------------------------------------------------------------

_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "WS"})


def masked_query(query: bytes) -> str:
    """The query string with every value replaced by ``*`` (names kept): a token, a PIN or
    a password in a URL never reaches the log."""
    if not query:
        return ""
    pairs = parse_qsl(query.decode("latin-1"), keep_blank_values=True)
    return "&".join(f"{name[:64]}=*" for name, _ in pairs[:20])


def route_of(scope: Scope) -> str:
    """The route template that served the request (``/api/tournaments/{tid}``), or
    ``unmatched``: a bounded label, never the raw path."""
    route = scope.get("route")
    path = getattr(route, "path", None)
    return str(path) if isinstance(path, str) and path else "unmatched"


class RequestContext:
    """ASGI middleware: request id, access log, request metrics, friendly 500s.

    ``trusted`` are the trusted proxies (``Settings.trusted_proxies`` parsed): the access
    log's client address is read from ``X-Forwarded-For`` only behind them.
    """

    def __init__(
        self, app: ASGIApp, *, trusted: tuple[Network, ...] = (), metrics: Metrics | None = None
    ) -> None:
        self.app = app
        self.trusted = trusted
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        raw = headers.get(b"x-request-id")
        rid = request_id_from(raw.decode("latin-1") if raw is not None else None)
        token = request_id_var.set(rid)
        try:
            if scope["type"] == "websocket":
                await self._websocket(scope, receive, send, rid)
            else:
                await self._http(scope, receive, send, rid)
        finally:
            request_id_var.reset(token)

    async def _http(self, scope: Scope, receive: Receive, send: Send, rid: str) -> None:
        started = time.perf_counter()
        status = 500
        first_byte: float | None = None

        async def send_with_id(message: Message) -> None:
            nonlocal status, first_byte
            if message["type"] == "http.response.start":
                status = int(message["status"])
                first_byte = time.perf_counter() - started
                kept = [
                    (k, v) for k, v in message.get("headers", []) if k.lower() != b"x-request-id"
                ]
                kept.append((b"x-request-id", rid.encode("latin-1")))
                message = {**message, "headers": kept}
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        except asyncio.CancelledError:
            if first_byte is None:
                status = CLIENT_CLOSED  # the client left before an answer: not a server error
            raise
        except Exception:
            log.exception(
                "Unhandled error in %s %s",
                scope.get("method"),
                scope.get("path"),
                extra={"request_id": rid},
            )
            if first_byte is not None:
                raise  # the response has begun: nothing friendlier can be sent now
            status = 500
            await _friendly_500(scope, rid)(scope, receive, send_with_id)
        finally:
            self._finish(scope, rid, status, started, first_byte)

    async def _websocket(self, scope: Scope, receive: Receive, send: Send, rid: str) -> None:
        """A WebSocket gets one access line when it ends (method ``WS``): status 101 once
        accepted (with its close code and how long it lived), else 403 for a refused
        handshake (or the status of the HTTP answer that refused it); the request metrics
        count it with the time to accept. An error in the handler is logged and ends the
        socket with 1011 (a handshake not yet answered: refused, logged as 500)."""
        started = time.perf_counter()
        status = 403  # a socket closed before it was accepted is a refused handshake
        answered: float | None = None  # seconds to the accept or the refusal
        close_code: int | None = None

        async def send_tracked(message: Message) -> None:
            nonlocal status, answered, close_code
            kind = message["type"]
            if kind == "websocket.accept":
                status, answered = 101, time.perf_counter() - started
            elif kind == "websocket.close":
                close_code = int(message.get("code", 1000))
            elif kind == "websocket.http.response.start":
                status, answered = int(message["status"]), time.perf_counter() - started
            await send(message)

        try:
            await self.app(scope, receive, send_tracked)
        except Exception:
            log.exception(
                "Unhandled error in WebSocket %s", scope.get("path"), extra={"request_id": rid}
            )
            if answered is None:  # neither accepted nor refused yet: refuse it now
                status = 500
            if answered is None or (status == 101 and close_code is None):
                close_code = 1011  # an accepted socket is closed: "internal error"
                with contextlib.suppress(Exception):
                    await send({"type": "websocket.close", "code": 1011})
        finally:
            self._finish(scope, rid, status, started, answered, method="WS", close_code=close_code)

    def _finish(
        self,
        scope: Scope,
        rid: str,
        status: int,
        started: float,
        first_byte: float | None,
        *,
        method: str | None = None,
        close_code: int | None = None,
    ) -> None:
        elapsed = time.perf_counter() - started
        method = method or str(scope.get("method", ""))
        route = route_of(scope)
        if self.metrics is not None:
            label = method if method in _METHODS else "OTHER"
            self.metrics.request(
                label, route, status, elapsed if first_byte is None else first_byte
            )
        if not access_log.isEnabledFor(logging.INFO):
            return
        fields: dict[str, Any] = {
            "method": method,
            "path": str(scope.get("path", "")),
            "status": status,
            "duration_ms": round(elapsed * 1000, 1),
            "client": client_address(HTTPConnection(scope), self.trusted),
            "request_id": rid,
        }
        if close_code is not None:
            fields["close_code"] = close_code
        query = masked_query(scope.get("query_string", b""))
        if query:
            fields["query"] = query
        if route != "unmatched":
            fields["route"] = route
        session = (scope.get("state") or {}).get("pokertd_session")
        role = getattr(getattr(session, "role", None), "value", None)
        if role:
            fields["role"] = role
        access_log.info(
            "%s %s %d %.1f ms", method, fields["path"], status, fields["duration_ms"], extra=fields
        )


def _friendly_500(scope: Scope, rid: str) -> Response:
    """The answer to an unhandled error: a sentence and the request id to quote."""
    message = (
        "Something went wrong on the server; nothing more was done. Try again, and if it "
        f"keeps happening give the operator this request id: {rid}."
    )
    conn = HTTPConnection(scope)
    if wants_html(conn):
        return error_page(conn, 500, message, title="Server error")
    body: dict[str, Any] = {
        "error": "server_error",
        "message": message,
        "rule": None,
        "rule_ids": [],
        "context": {"request_id": rid},
    }
    return JSONResponse(body, status_code=500)


__all__ = [
    "CLIENT_CLOSED",
    "LOG_FORMATS",
    "LOG_LEVELS",
    "REQUEST_ID_HEADER",
    "JsonFormatter",
    "RequestContext",
    "TextFormatter",
    "configure_logging",
    "current_request_id",
    "masked_query",
    "request_id_from",
    "request_id_var",
    "route_of",
    "uvicorn_log_config",
]
