"""The app factory: ``create_app(service, settings)`` lists its parts explicitly.

Routers: ``api`` (JSON commands and queries, OpenAPI at ``/docs``), ``live`` (SSE for
displays, WebSocket push of each new event), ``pages`` (floor console, TV clock, player and
dealer views, printing, charts). Every refusal is JSON ``{error, message, rule}`` with a 4xx
status (``errors``).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from pokertd.web import errors
from pokertd.web.auth import LoginLimiter, Principal, Sessions
from pokertd.web.hub import Hub
from pokertd.web.settings import Settings
from pokertd.web.users import UserStore

HERE = Path(__file__).parent


def utc_now() -> datetime:
    """The wall clock (only the web and CLI faces read it; the core gets ``now`` passed in)."""
    return datetime.now(UTC)


@dataclass
class Web:
    """Everything a request handler needs, kept on ``app.state.web``."""

    service: Any
    settings: Settings
    users: UserStore
    sessions: Sessions
    limiter: LoginLimiter
    templates: Jinja2Templates
    hub: Hub = field(init=False)
    now: Callable[[], datetime] = utc_now

    def __post_init__(self) -> None:
        from pokertd.web import views

        self.hub = Hub(
            lambda tid, audience: views.display(self, tid, audience),
            lambda tid, after: views.new_events(self, tid, after),
        )


def web_of(request: Request) -> Web:
    """The app's :class:`Web` from a request."""
    return request.app.state.web  # type: ignore[no-any-return]


def principal(request: Request) -> Principal:
    """Who sent the request (the public when not signed in)."""
    return web_of(request).sessions.principal(request)


def create_app(
    service: Any, settings: Settings, *, users: UserStore | None = None
) -> FastAPI:
    """The pokertd web app over ``service`` (a ``TournamentService``)."""
    from pokertd.web import api, live, pages

    users = users or UserStore(settings.db_url)
    if settings.director_password and not users.has_director():
        users.create_first_director(settings.director_name, settings.director_password)
    secret = settings.secret_key or users.secret_key()
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    web = Web(
        service=service,
        settings=settings,
        users=users,
        sessions=Sessions(secret, hours=settings.session_hours, secure=settings.cookie_secure),
        limiter=LoginLimiter(settings.login_attempts, settings.login_window_s),
        templates=templates,
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        web.hub.attach(asyncio.get_running_loop())
        unsubscribe = None
        subscribe = getattr(service, "subscribe", None)
        if callable(subscribe):
            unsubscribe = subscribe(web.hub.on_change)
        try:
            yield
        finally:
            if callable(unsubscribe):
                unsubscribe()
            web.hub.detach()

    app = FastAPI(
        title="pokertd",
        summary="Run live poker tournaments by the rules of real card rooms.",
        description=(
            "Every tournament command and query. Errors are JSON `{error, message, rule}` with a "
            "4xx status. Writes need a staff session cookie (POST /api/login) and the "
            "`X-CSRF-Token` header equal to the `pokertd_csrf` cookie."
        ),
        version=_version(),
        lifespan=lifespan,
    )
    app.state.web = web
    errors.install(app)
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    app.include_router(api.router)
    app.include_router(live.router)
    app.include_router(pages.router)
    api.add_command_routes(app)
    return app


def _version() -> str:
    from pokertd import __version__

    return str(__version__)


__all__ = ["Web", "create_app", "principal", "utc_now", "web_of"]
