"""Prometheus metrics at ``/metrics``: requests, latencies, commands, pushes, the store.

One :class:`Metrics` per app, on a registry of its own (never the global default), so
tests and several apps in one process do not collide. It is the service's observer
(:meth:`TournamentService.observe <pokertd.app.tournaments.TournamentService.observe>`) for
commands and appends, and :class:`~pokertd.web.observe.RequestContext` counts requests.

Several worker processes (``pokertd serve --workers N``): when ``PROMETHEUS_MULTIPROC_DIR``
names a directory (``serve`` makes a fresh one), every process writes its values there
and a scrape of any of them adds up all of them (``prometheus_client.multiprocess``); the
client gauge is kept per process (``livesum``) and refreshed every few seconds.

``/metrics`` is for the operator: a loopback peer that came straight in (the TCP peer,
never ``X-Forwarded-For``; a request forwarded by a proxy on the same machine is not
"local"), or ``Authorization: Bearer <POKERTD_METRICS_TOKEN>`` when that is set. Everyone
else gets 403 with a sentence. See ``docs/observability.md``.
"""

from __future__ import annotations

import hmac
import ipaddress
import os
from collections.abc import Callable
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client import multiprocess as prom_multiprocess

from pokertd.errors import PermissionDenied
from pokertd.i18n import N_

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"

LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
"""Seconds: a command or page within 5 ms .. 10 s (a floor tablet feels anything past 1 s)."""
APPEND_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""Seconds: a store append (one transaction) within 1 ms .. 2.5 s."""
CLIENTS_REFRESH_S = 5.0
"""How often a worker process writes its client counts (multi-process mode)."""


def multiprocess_dir() -> str | None:
    """The shared metrics directory of a multi-worker server, or ``None``."""
    path = os.environ.get(MULTIPROC_ENV, "")
    return path if path and Path(path).is_dir() else None


class Metrics:
    """The app's metrics (names and labels in ``docs/observability.md``)."""

    def __init__(self, clients: Callable[[], dict[str, int]] | None = None) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.multiprocess = multiprocess_dir() is not None
        self._clients = clients
        r = self.registry
        self.http_requests = Counter(
            "pokertd_http_requests",
            "HTTP requests answered, by method, route template and status; WebSockets "
            "count once as method WS (101 accepted, 403 refused).",
            ("method", "route", "status"),
            registry=r,
        )
        self.http_latency = Histogram(
            "pokertd_http_request_duration_seconds",
            "Time until the response started (headers sent), by route template; for a "
            "stream (SSE) that is the time to open it, for a WebSocket the time to accept.",
            ("route",),
            buckets=LATENCY_BUCKETS,
            registry=r,
        )
        self.commands = Counter(
            "pokertd_commands",
            "Commands run, by command type and outcome (ok, refused, conflict, error).",
            ("command", "outcome"),
            registry=r,
        )
        self.command_latency = Histogram(
            "pokertd_command_duration_seconds",
            "Time to decide and append a command, by command type.",
            ("command",),
            buckets=LATENCY_BUCKETS,
            registry=r,
        )
        self.append_latency = Histogram(
            "pokertd_store_append_duration_seconds",
            "Time of one append to the event store (one transaction).",
            buckets=APPEND_BUCKETS,
            registry=r,
        )
        self.events = Counter(
            "pokertd_events_appended",
            "Events appended by this server, by tournament id.",
            ("tournament",),
            registry=r,
        )
        self.clients = Gauge(
            "pokertd_push_clients",
            "Connected push clients: kind=sse (displays) or websocket (scripts).",
            ("kind",),
            multiprocess_mode="livesum",
            registry=r,
        )

    # ---- the service observer (pokertd.app.tournaments.Observer) --------------------------------

    def command(self, name: str, outcome: str, seconds: float) -> None:
        """Count a command and its time."""
        self.commands.labels(name, outcome).inc()
        self.command_latency.labels(name).observe(seconds)

    def appended(self, tournament_id: str, events: int, seconds: float) -> None:
        """Count an append: its events for the tournament, its latency."""
        self.events.labels(tournament_id).inc(events)
        self.append_latency.observe(seconds)

    # ---- requests and clients -----------------------------------------------------------

    def request(self, method: str, route: str, status: int, seconds: float) -> None:
        """Count one HTTP request (``route`` is the template, a bounded label)."""
        self.http_requests.labels(method, route, str(status)).inc()
        self.http_latency.labels(route).observe(seconds)

    def refresh_clients(self) -> None:
        """Set the client gauge from the hub's counts (at a scrape; periodically with
        several workers, where the scraped process cannot see the others' hubs)."""
        if self._clients is None:
            return
        counts = self._clients()
        self.clients.labels("sse").set(counts.get("displays", 0))
        self.clients.labels("websocket").set(counts.get("sockets", 0))

    def exposition(self) -> bytes:
        """The Prometheus text format of every metric (all processes' in multi-process
        mode)."""
        self.refresh_clients()
        if not self.multiprocess:
            return generate_latest(self.registry)
        merged = CollectorRegistry()
        prom_multiprocess.MultiProcessCollector(merged)  # type: ignore[no-untyped-call]
        return generate_latest(merged)

    def process_exited(self) -> None:
        """Drop this process's live gauges from the shared directory (at shutdown)."""
        if self.multiprocess:
            prom_multiprocess.mark_process_dead(os.getpid())  # type: ignore[no-untyped-call]


# ---- /metrics ------------------------------------------------------------------------------

METRICS_REFUSED = N_(
    "Metrics are for the operator: ask from the server itself, or send the metrics token "
    "(POKERTD_METRICS_TOKEN) as 'Authorization: Bearer <token>'."
)
_FORWARDED = (b"x-forwarded-for", b"forwarded", b"x-real-ip")


def _loopback_direct(request: Request) -> bool:
    """The TCP peer is this machine and no proxy forwarded the request."""
    peer = request.client.host if request.client else ""
    try:
        loopback = ipaddress.ip_address(peer).is_loopback
    except ValueError:
        return False
    names = {k.lower() for k, _ in request.scope.get("headers", [])}
    return loopback and not any(h in names for h in _FORWARDED)


def allowed(request: Request, token: str) -> bool:
    """Whether ``request`` may read the metrics: the right bearer token (when one is set;
    compared in constant time) or a direct loopback peer."""
    header = request.headers.get("authorization", "")
    if token and header.startswith("Bearer "):
        return hmac.compare_digest(header[7:].strip().encode(), token.encode())
    return _loopback_direct(request)


router = APIRouter(include_in_schema=False)


@router.get("/metrics")
def metrics(request: Request) -> Response:
    """The Prometheus metrics (text format 0.0.4), for the operator only."""
    web = request.app.state.web
    found: Metrics | None = request.app.state.metrics
    if found is None or not allowed(request, web.settings.metrics_token):
        return JSONResponse(PermissionDenied(template=METRICS_REFUSED).as_json(), status_code=403)
    return Response(found.exposition(), media_type=CONTENT_TYPE_LATEST)


__all__ = [
    "APPEND_BUCKETS",
    "CLIENTS_REFRESH_S",
    "LATENCY_BUCKETS",
    "METRICS_REFUSED",
    "MULTIPROC_ENV",
    "Metrics",
    "allowed",
    "multiprocess_dir",
    "router",
]
