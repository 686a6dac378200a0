"""The web's names for the application's staff accounts (:mod:`pokertd.app.accounts`).

The policy (names, passwords, hashing, roles, sessions, sign-in attempts) is the
application's :class:`~pokertd.app.accounts.AccountService` (``App.accounts``); the web
keeps calling it ``UserStore`` (``create_app(app, settings, users=...)``, ``Web.users``).
"""

from __future__ import annotations

from pokertd.app.accounts import (
    HASH_SLOTS,
    MAX_PASSWORD,
    MIN_PASSWORD,
    AccountService,
    Role,
    SessionRow,
    TooManyAttempts,
    User,
    session_key,
)

UserStore = AccountService
"""The staff accounts and sessions the web signs people in with (``App.accounts``)."""

__all__ = [
    "HASH_SLOTS",
    "MAX_PASSWORD",
    "MIN_PASSWORD",
    "Role",
    "SessionRow",
    "TooManyAttempts",
    "User",
    "UserStore",
    "session_key",
]
