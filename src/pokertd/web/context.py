"""What every web handler needs: the app's :class:`Web` and who sent the request.

The routers (``api``, ``live``, ``pages``) and the view helpers (``views``, ``money``)
import this module, never ``app``: ``app`` builds the app from them, so the arrows between
the web modules point one way (docs/architecture.md, checked by tests/test_architecture.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from fastapi import Request
from fastapi.templating import Jinja2Templates

from pokertd.app import App
from pokertd.app.accounts import AccountService
from pokertd.app.mail import MailService
from pokertd.app.tournaments import utc_now
from pokertd.web.auth import LoginLimiter, Principal, Sessions
from pokertd.web.hub import Hub
from pokertd.web.settings import Settings


@dataclass
class Web:
    """Everything a request handler needs, kept on ``app.state.web``."""

    app: App
    """The application: every use case the handlers call (:mod:`pokertd.app`)."""
    settings: Settings
    users: AccountService
    sessions: Sessions
    limiter: LoginLimiter
    templates: Jinja2Templates
    mail: MailService | None = None
    """Results mail (``create_app`` makes it; its settings may say "not set up")."""
    mail_wake: asyncio.Event | None = None
    """Set to wake the background sender at once (a "send again"); ``None`` when no
    sender runs (mail not set up, or the app not started)."""
    hub: Hub = field(init=False)
    """The displays' push hub, wired to the view models by ``create_app``."""
    now: Callable[[], datetime] = utc_now


def web_of(request: Request) -> Web:
    """The app's :class:`Web` from a request."""
    return request.app.state.web  # type: ignore[no-any-return]


def principal(request: Request) -> Principal:
    """Who sent the request (the public when not signed in)."""
    return web_of(request).sessions.principal(request)


__all__ = ["Web", "principal", "web_of"]
