"""Health probes for a load balancer or an orchestrator: ``/healthz`` and ``/readyz``.

``/healthz`` answers ``200 {"status": "ok"}`` whenever the process serves HTTP at all (no
database call: a slow database must not get a live server restarted). ``/readyz`` answers
200 only when the store answers and holds the schema this code writes
(``App.health()``); otherwise ``503 {"status": "unavailable", "reason": ...}``
with one sentence and never the database URL. The store call runs in a worker thread with
a time limit (:data:`READY_TIMEOUT_S`), and a probe arriving while an earlier check still
hangs waits on that same check instead of starting another thread, so a hung database
cannot pile up threads or hang the probe. Neither needs a session.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from pokertd.app import StoreHealth, masked_url

log = logging.getLogger("pokertd.web.health")

READY_TIMEOUT_S = 3.0
"""Seconds ``/readyz`` waits for the database before it answers 503."""


def schema_problem(health: StoreHealth) -> str | None:
    """The sentence saying why the database's schema is not the one this code writes."""
    if health.current:
        return None
    found, wanted = health.schema_version, health.code_schema_version
    if found < wanted:
        return (
            f"The database holds schema version {found} but this pokertd writes version "
            f"{wanted}: the upgrade has not run yet (restart one server to run it)."
        )
    return (
        f"The database holds schema version {found}, newer than this pokertd's {wanted}: "
        "an older pokertd is pointed at a newer database; upgrade this server."
    )


class Readiness:
    """The ``/readyz`` check of one app: ``check()`` in a thread, at most one at a time."""

    def __init__(self, check: Callable[[], StoreHealth], timeout: float = READY_TIMEOUT_S) -> None:
        self.check = check
        self.timeout = timeout
        self._pending: tuple[asyncio.AbstractEventLoop, asyncio.Future[StoreHealth]] | None = None

    def _running(self) -> asyncio.Future[StoreHealth]:
        loop = asyncio.get_running_loop()
        if self._pending is not None:
            owner, future = self._pending
            if owner is loop and not future.done():
                return future  # an earlier check still runs (a hung database): wait on it
        future = asyncio.ensure_future(asyncio.to_thread(self.check))
        self._pending = (loop, future)
        return future

    async def probe(self) -> str | None:
        """``None`` when ready, else the one-line reason."""
        future = self._running()
        try:
            health = await asyncio.wait_for(asyncio.shield(future), self.timeout)
        except TimeoutError:
            log.warning("readyz: the database did not answer within %.1f s", self.timeout)
            return f"The database did not answer within {self.timeout:g} seconds."
        except Exception as exc:
            log.warning("readyz: the database check failed: %s", masked_url(f"{exc}"))
            return "The database does not answer."
        problem = schema_problem(health)
        if problem is not None:
            log.warning("readyz: %s", problem)
        return problem


router = APIRouter(include_in_schema=False)


@router.get("/healthz")
def healthz() -> dict[str, str]:
    """The process is up and serves HTTP (no database call)."""
    return {"status": "ok"}


@router.get("/readyz")
async def readyz(request: Request) -> Any:
    """Ready for traffic: the store answers and its schema is current; else 503."""
    readiness: Readiness = request.app.state.readiness
    reason = await readiness.probe()
    if reason is None:
        return {"status": "ok"}
    return JSONResponse({"status": "unavailable", "reason": reason}, status_code=503)


__all__ = ["READY_TIMEOUT_S", "Readiness", "router", "schema_problem"]
