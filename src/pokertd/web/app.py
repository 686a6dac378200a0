"""The app factory: ``create_app(app, settings)`` lists its parts explicitly.

Routers: ``api`` (JSON commands and queries; OpenAPI at ``/openapi.json``, read at ``/docs``
by ``apidocs``, served offline), ``live`` (SSE for
displays, WebSocket push of each new event), ``pages`` (floor console, TV clock, player and
dealer views, printing, charts). Every refusal is JSON ``{error, message, rule}`` with a 4xx
status (``errors``).

Operations (``docs/observability.md``): ``health`` (``/healthz``, ``/readyz``), ``metrics``
(``/metrics``, the service's observer), and ``observe.RequestContext`` (request ids, the
JSON access log, request metrics, a friendly 500 for an unhandled error).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from starlette.types import Receive, Scope, Send

from pokertd import __version__
from pokertd.app import App
from pokertd.app.accounts import AccountService
from pokertd.app.mail import MailService
from pokertd.web import (
    api,
    apidocs,
    errors,
    health,
    i18n,
    leagues,
    live,
    mail,
    metrics,
    offline,
    pages,
    people,
    public,
    rulings,
    series,
    setup,
    signups,
    slips,
    views,
    walls,
)
from pokertd.web import sim as simulation
from pokertd.web.auth import LoginLimiter, Sessions, parse_proxies
from pokertd.web.context import Web
from pokertd.web.hub import Hub
from pokertd.web.metrics import CLIENTS_REFRESH_S, Metrics
from pokertd.web.observe import RequestContext
from pokertd.web.settings import Settings

HERE = Path(__file__).parent


def create_app(app: App, settings: Settings, *, users: AccountService | None = None) -> FastAPI:
    """The pokertd web app over the application ``app`` (:mod:`pokertd.app`): every handler
    calls its use cases."""
    service = app.tournaments
    if users is None:  # the application's own: one connection for events and accounts
        users = app.accounts
    if settings.director_password:  # idempotent: servers starting together all come up
        users.ensure_first_director(settings.director_name, settings.director_password)
    secret = settings.secret_key or users.secret_key()
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    i18n.install(templates)  # issue 27: {% trans %} and _() in the page's language
    web = Web(
        app=app,
        settings=settings,
        users=users,
        sessions=Sessions(
            secret,
            users,
            hours=settings.session_hours,
            secure=settings.cookie_secure,
            trusted_proxies=settings.trusted_proxies,
            public_url=settings.public_url,
        ),
        limiter=LoginLimiter(
            users, settings.login_attempts, settings.login_window_s, settings.login_account_attempts
        ),
        templates=templates,
        mail=MailService(
            app.tournaments, app.players, app.leagues, settings.mail, zone=settings.zone()
        ),
    )
    web.hub = Hub(
        lambda tid, audience: views.display(web, tid, audience),
        lambda tid, after: views.new_events(web, tid, after),
    )

    measured = Metrics(clients=web.hub.counts)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        web.hub.attach(asyncio.get_running_loop())
        unsubscribe = service.subscribe(web.hub.on_change)
        unobserve = service.observe(measured)
        refresher = (
            asyncio.create_task(_refresh_clients(measured)) if measured.multiprocess else None
        )
        mailer = None
        if settings.mail is not None:  # nothing is sent without the operator's settings
            web.mail_wake = asyncio.Event()
            mailer = asyncio.create_task(mail.sender(web, web.mail_wake))
        try:
            yield
        finally:
            if mailer is not None:
                mailer.cancel()
                web.mail_wake = None
            if refresher is not None:
                refresher.cancel()
            unobserve()
            unsubscribe()
            web.hub.detach()
            measured.process_exited()

    site = Site(
        title="pokertd",
        summary="Run live poker tournaments by the rules of real card rooms.",
        description=(
            "Every tournament command and query. Errors are JSON `{error, message, rule}` with a "
            "4xx status. Writes need a staff session cookie (POST /api/login) and the "
            "`X-CSRF-Token` header: the session's token, returned as `csrf` by POST /api/login "
            "and GET /api/me (also kept in the `pokertd_csrf` cookie)."
        ),
        version=_version(),
        docs_url=None,  # FastAPI's /docs and /redoc load Swagger UI from a CDN: web/apidocs.py
        redoc_url=None,
        lifespan=lifespan,
    )
    site.state.web = web
    site.state.metrics = measured
    site.state.sim_jobs = simulation.new_jobs()
    site.state.public_limits = public.PublicLimiter()  # the public pages' per-address limit
    site.state.api_docs = None  # web/apidocs.py renders the reference on its first visit
    site.state.readiness = health.Readiness(app.health)
    errors.install(site)
    # Outside the body limit (its 413s are logged too), inside the security headers (they
    # go on the friendly 500 as well).
    site.add_middleware(
        RequestContext, trusted=parse_proxies(settings.trusted_proxies), metrics=measured
    )
    site.add_middleware(SecurityHeaders)
    site.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    site.include_router(health.router)
    site.include_router(metrics.router)
    site.include_router(apidocs.router)
    site.include_router(api.router)
    site.include_router(live.router)
    site.include_router(pages.router)
    site.include_router(i18n.router)
    site.include_router(setup.router)
    site.include_router(rulings.router)
    site.include_router(slips.router)
    site.include_router(people.router)
    site.include_router(leagues.router)
    site.include_router(series.router)
    site.include_router(walls.router)
    site.include_router(signups.router)
    site.include_router(mail.router)
    site.include_router(simulation.router)
    site.include_router(public.router)
    site.include_router(offline.router)
    api.add_command_routes(site)
    return site


class Site(FastAPI):
    """The FastAPI app that also keeps the server's own ``send`` in each HTTP request's scope
    (:data:`pokertd.web.live.RAW_SEND`): the display streams write their body there, once a
    push, not through every middleware's wrapper (issue 25: thousands of displays)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve one request, remembering the raw ``send``."""
        if scope["type"] == "http":
            scope[live.RAW_SEND] = send
        await super().__call__(scope, receive, send)


PAGE_CSP = "; ".join(
    [
        "default-src 'self'",
        # No 'unsafe-eval': Alpine's CSP build reads the x-* expressions with its own parser
        # (never eval or new Function). No 'unsafe-inline': the pages' only inline <script>s
        # are application/json data blocks, which never run.
        "script-src 'self'",
        # No 'unsafe-inline' either: no <style> element and no style="" attribute in any
        # page; scripts set styles through the CSSOM (el.style), which the policy allows.
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
"""The Content-Security-Policy of every response, the API reference at ``/docs`` included
(it is our own page, web/apidocs.py: no CDN, no inline script)."""

EMBED_CSP = PAGE_CSP.replace("frame-ancestors 'none'", "frame-ancestors *")
"""The policy of the ``/embed/`` widgets (issue 26): the same, except that any site may
frame them (a club's page shows its league's standings); they send no X-Frame-Options.
Every other response keeps refusing to be framed."""
EMBED_PREFIX = "/embed/"


def is_embed(scope: Any) -> bool:
    """Whether the request is for an embeddable widget (``/embed/...`` under the root path)."""
    path = str(scope.get("path", ""))
    root = str(scope.get("root_path", "") or "")
    if root and path.startswith(root + "/"):
        path = path[len(root) :]
    return path.startswith(EMBED_PREFIX)


class SecurityHeaders:
    """ASGI middleware: CSP, frame, sniffing and referrer headers on EVERY HTTP response
    (pages, API, static files, errors and streams alike); static files ``no-cache``."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope.get("type") != "http":
            await self.app(scope, receive, send)
            return

        static = "/static/" in str(scope.get("path", ""))
        embed = is_embed(scope)

        async def with_headers(message: Any) -> None:
            if message.get("type") == "http.response.start":
                headers = [
                    (k, v)
                    for k, v in message.get("headers", [])
                    if k.lower() not in _SECURITY_HEADER_NAMES
                ]
                if static and not any(k.lower() == b"cache-control" for k, _ in headers):
                    # Asked again on every load (a 304 while unchanged): after an upgrade a
                    # page that reloads for the new push protocol gets the new scripts.
                    headers.append((b"cache-control", b"no-cache"))
                headers += [
                    (b"content-security-policy", (EMBED_CSP if embed else PAGE_CSP).encode()),
                    *([] if embed else [(b"x-frame-options", b"DENY")]),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"same-origin"),
                    (b"cross-origin-opener-policy", b"same-origin"),
                ]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


_SECURITY_HEADER_NAMES = {
    b"content-security-policy",
    b"x-frame-options",
    b"x-content-type-options",
    b"referrer-policy",
    b"cross-origin-opener-policy",
}


async def _refresh_clients(measured: Metrics) -> None:
    """Write this worker's client counts every few seconds (several workers: a scrape
    reaches one process and reads everyone's last counts from the shared directory)."""
    while True:
        measured.refresh_clients()
        await asyncio.sleep(CLIENTS_REFRESH_S)


def _version() -> str:
    return str(__version__)


__all__ = [
    "EMBED_CSP",
    "PAGE_CSP",
    "SecurityHeaders",
    "Site",
    "create_app",
]
