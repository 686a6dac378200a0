"""The ASGI app built from environment variables: ``pokertd serve --workers`` and any server.

``pokertd serve --workers N`` runs uvicorn with N worker processes on one port; each worker
builds its own app here (``uvicorn`` imports ``pokertd.web.asgi:app_from_env`` with
``factory=True``), from what the parent put in the environment. The same factory makes
pokertd servable by any ASGI server::

    POKERTD_DB=postgresql://pokertd@db/pokertd uvicorn --factory --timeout-keep-alive 75 \
        pokertd.web.asgi:app_from_env

(``--timeout-keep-alive`` longer than the reverse proxy keeps idle connections, as
``pokertd serve`` does: ``KEEP_ALIVE_S`` in ``pokertd.cli.serve``.)

The variables it reads (the parent ``pokertd serve`` sets them from its options):

- ``POKERTD_DB``: the store URL (default ``sqlite:///pokertd.db``);
- ``POKERTD_POOL_SIZE``: PostgreSQL connections per process (default 4; ignored for SQLite);
- ``POKERTD_LOG_LEVEL`` / ``POKERTD_LOG_FORMAT`` / ``POKERTD_ACCESS_LOG``: the logs (debug,
  info, warning or error; json or text; 1 or 0), set up as :mod:`pokertd.web.observe` says;
  when none is set the server's own logging is kept;
- the web settings of :meth:`pokertd.web.settings.Settings.from_env` (``POKERTD_PUBLIC_URL``,
  ``POKERTD_TIMEZONE``, ``POKERTD_TRUSTED_PROXIES``, ``POKERTD_SECRET_KEY``, ...);
- ``POKERTD_WORKERS``: set by ``pokertd serve`` when it runs more than one worker; each
  response then names the process that answered in ``X-Pokertd-Worker`` (its process id), so
  an operator (and the tests) can see the load spread. A process id tells nobody anything
  they could use, and a single-process server does not send it.

The first director is made by the parent before it starts the workers (one prompt, one
account); a factory on its own makes it from ``POKERTD_DIRECTOR_PASSWORD`` (idempotent, so
workers starting together all come up) or leaves the ``/setup`` page to do it.
"""

from __future__ import annotations

import atexit
import logging.config
import os
import sys
from typing import Any

from fastapi import FastAPI

from pokertd.app import App
from pokertd.errors import PokertdError
from pokertd.web.app import create_app
from pokertd.web.observe import LOG_FORMATS, LOG_LEVELS, uvicorn_log_config
from pokertd.web.settings import Settings

DEFAULT_DB = "sqlite:///pokertd.db"
"""The store when ``POKERTD_DB`` is not set: ``./pokertd.db`` (as ``pokertd serve``)."""

DEFAULT_POOL_SIZE = 4
"""PostgreSQL connections per server process when ``POKERTD_POOL_SIZE`` is not set."""

POOL_SIZES = range(1, 101)
"""The pool sizes allowed: 1 to 100 connections per process."""

WORKER_HEADER = "x-pokertd-worker"
"""The response header naming the worker process that answered (multi-worker only)."""


STARTUP_FAILURE = 3
"""The exit status of a worker that cannot start (uvicorn's own): the parent then stops
instead of starting the worker again and again."""


class ConfigError(SystemExit):
    """The app cannot start (a bad variable, an unreachable database): its sentence goes to
    stderr and the process exits with :data:`STARTUP_FAILURE`, without a stack trace (a
    :class:`SystemExit`, which ASGI servers let through instead of logging a traceback)."""

    def __init__(self, message: str) -> None:
        super().__init__(STARTUP_FAILURE)
        self.message = message
        sys.stderr.write(f"error: {message}\n")


def pool_size_from_env() -> int:
    """``$POKERTD_POOL_SIZE`` (1..100), else :data:`DEFAULT_POOL_SIZE`."""
    text = os.environ.get("POKERTD_POOL_SIZE", "").strip()
    if not text:
        return DEFAULT_POOL_SIZE
    try:
        size = int(text)
    except ValueError:
        size = 0
    if size not in POOL_SIZES:
        raise ConfigError(f"POKERTD_POOL_SIZE must be a whole number from 1 to 100, not {text!r}.")
    return size


def log_options_from_env() -> tuple[str, str, bool] | None:
    """``($POKERTD_LOG_LEVEL, $POKERTD_LOG_FORMAT, $POKERTD_ACCESS_LOG)`` (defaults info,
    json, on), or ``None`` when none is set (the server's own logging stays as it is)."""
    level = os.environ.get("POKERTD_LOG_LEVEL", "").strip().lower()
    fmt = os.environ.get("POKERTD_LOG_FORMAT", "").strip().lower()
    access = os.environ.get("POKERTD_ACCESS_LOG", "").strip().lower()
    if not (level or fmt or access):
        return None
    level, fmt = level or "info", fmt or "json"
    if level not in LOG_LEVELS:
        raise ConfigError(
            f"POKERTD_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}."
        )
    if fmt not in LOG_FORMATS:
        raise ConfigError(
            f"POKERTD_LOG_FORMAT must be one of {', '.join(LOG_FORMATS)}, not {fmt!r}."
        )
    if access not in ("", "1", "0", "true", "false", "yes", "no", "on", "off"):
        raise ConfigError(f"POKERTD_ACCESS_LOG must be 1 or 0, not {access!r}.")
    return level, fmt, access not in ("0", "false", "no", "off")


def app_from_env() -> Any:
    """The pokertd ASGI app over ``$POKERTD_DB``, configured from the environment (see the
    module's docstring); the store is closed when the process exits."""
    logging_options = log_options_from_env()
    if logging_options is not None:  # the same set-up uvicorn applies from ``pokertd serve``
        level, fmt, access = logging_options
        logging.config.dictConfig(uvicorn_log_config(level, fmt, access_log=access))
    url = os.environ.get("POKERTD_DB", "").strip() or DEFAULT_DB
    try:
        application = App.open(url, pool_size=pool_size_from_env())
    except PokertdError as exc:  # StoreError: the database does not answer
        raise ConfigError(str(exc)) from None
    service = application.tournaments
    atexit.register(service.close)
    try:  # a bad POKERTD_TRUSTED_PROXIES or POKERTD_TIMEZONE: a sentence, not a traceback
        settings = Settings.from_env(url)
        settings.zone()
        app: FastAPI = create_app(application, settings)
    except PokertdError as exc:
        service.close()
        raise ConfigError(str(exc)) from None
    if _workers() > 1:
        return WorkerHeader(app)
    return app


def _workers() -> int:
    try:
        return int(os.environ.get("POKERTD_WORKERS", "1"))
    except ValueError:
        return 1


class WorkerHeader:
    """ASGI middleware: ``X-Pokertd-Worker: <process id>`` on every HTTP response."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.pid = str(os.getpid()).encode()

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope.get("type") != "http":
            await self.app(scope, receive, send)
            return

        async def with_pid(message: Any) -> None:
            if message.get("type") == "http.response.start":
                headers = [*message.get("headers", []), (WORKER_HEADER.encode(), self.pid)]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_pid)


__all__ = [
    "DEFAULT_DB",
    "DEFAULT_POOL_SIZE",
    "POOL_SIZES",
    "STARTUP_FAILURE",
    "WORKER_HEADER",
    "ConfigError",
    "WorkerHeader",
    "app_from_env",
    "log_options_from_env",
    "pool_size_from_env",
]
