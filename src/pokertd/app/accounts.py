"""Staff accounts and sessions: the policy (names, passwords, hashing, roles) over the store.

:class:`AccountService` is the application's account use cases (``App.accounts``): the web
signs people in through it and ``pokertd user`` manages accounts through it; neither face
touches :mod:`pokertd.store.accounts` (issue 24).

The rows live in the event store's database (see :mod:`pokertd.store.accounts`: tables
``pokertd_users``, ``pokertd_settings``, ``pokertd_sessions``, ``pokertd_login_attempts``,
``pokertd_known_addresses``, in SQLite or PostgreSQL), reached through the application's
store, so pokertd has one database layer. This module decides what may be written:

- passwords are hashed with argon2id (``argon2-cffi``) here; the store only keeps hashes.
  There is no default password: the first run asks for the director's (terminal prompt,
  ``/setup`` page, or ``POKERTD_DIRECTOR_PASSWORD``).
- the cookie holds a random token; the store keys each session by the token's SHA-256, so
  someone who reads the database cannot take over a session. A password change, role change
  or removal ends the account's sessions.
- a sign-in attempt is reserved *before* the password is hashed, in one locked transaction,
  so concurrent tries from any number of processes cannot exceed the limit.

Password hashing is bounded by a small semaphore (``HASH_SLOTS`` at a time per process): an
argon2id check takes 64 MiB, so a burst of sign-ins waits its turn or is told to retry instead
of exhausting memory.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import secrets
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from pokertd import i18n
from pokertd.errors import InvalidCommand, PokertdError, StoreError
from pokertd.i18n import N_
from pokertd.roles import Role
from pokertd.store import EventStore, open_store
from pokertd.store.accounts import Account, AccountStore, SessionRow

_NAME = re.compile(r"^[A-Za-z0-9_.@-]{1,64}$")
MIN_PASSWORD = 8
"""Shortest password accepted for a staff account."""
MAX_PASSWORD = 256
"""Longest password accepted (hashing cost must not depend on what a stranger sends)."""
HASH_SLOTS = 2
"""Password hashes computed at once per process (argon2id uses 64 MiB each)."""
HASH_WAIT_S = 5.0
"""How long a sign-in waits for a hashing slot before it is told to try again."""

_hasher = PasswordHasher()


class TooManyAttempts(PokertdError):
    """Too many failed sign-ins (or the server is busy hashing): wait and try again."""

    kind = "rate_limited"


@dataclass(frozen=True, slots=True)
class User:
    """A staff account (never carries the hash outside this module)."""

    name: str
    role: Role


def session_key(token: str) -> str:
    """The stored id of the session whose cookie holds ``token`` (its SHA-256, hex)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def shipped_language(code: str | None) -> str:
    """``code`` as one of the shipped languages (``de-AT`` -> ``de``), or a refusal naming
    them: the venue's language and a staff member's own are chosen from the same list (the
    pseudo-locale is for tests, never kept)."""
    lang = i18n.known(code)
    if lang is None or lang == i18n.PSEUDO:
        raise InvalidCommand(
            template=i18n.N_("Choose one of the languages: %(choices)s."),
            params={"choices": ", ".join(i18n.LANGUAGES)},
        )
    return lang


def _language_key(name: str) -> str:
    """The setting that keeps a staff member's own language."""
    return f"language.user.{name}"


def _check_name(name: str) -> None:
    if not _NAME.match(name):
        raise InvalidCommand(
            template=N_(
                "User name %(name)s is not valid: use 1-64 letters, digits, '.', '_', '-' or '@'."
            ),
            params={"name": repr(name)},
        )


def _check_password(password: str) -> None:
    if len(password) < MIN_PASSWORD:
        raise InvalidCommand(
            template=N_("The password must have at least %(n)s characters."),
            params={"n": MIN_PASSWORD},
        )
    if len(password) > MAX_PASSWORD:
        raise InvalidCommand(
            template=N_("The password must have at most %(n)s characters."),
            params={"n": MAX_PASSWORD},
        )


def _staff_role(role: Role) -> None:
    if role is Role.PUBLIC:
        raise InvalidCommand(
            template=N_("A staff account needs a role: director, floor or dealer.")
        )


class AccountService:
    """Staff accounts and sessions over an :class:`~pokertd.store.accounts.AccountStore`.

    Give it the service's store (``AccountService(service.store)``: one connection for events
    and accounts) or a database URL (it then opens, and on :meth:`close` closes, its own store).
    """

    def __init__(self, store: AccountStore | str, *, hasher: PasswordHasher | None = None) -> None:
        if isinstance(store, str):
            opened = open_store(store)
            if not isinstance(opened, AccountStore):
                opened.close()
                raise StoreError(
                    template=N_("The database at %(url)s cannot keep user accounts."),
                    params={"url": store},
                )
            self.store: AccountStore = opened
            self._opened: EventStore | None = opened
        else:
            self.store = store
            self._opened = None
        self.url = self.store.url
        self._hasher = hasher or _hasher
        self._dummy: str | None = None
        self._slots = threading.BoundedSemaphore(HASH_SLOTS)
        self.hash_wait_s = HASH_WAIT_S

    def close(self) -> None:
        """Close the store if this object opened it (the service closes its own)."""
        if self._opened is not None:
            self._opened.close()

    # ---- hashing (bounded) ------------------------------------------------------------

    @contextlib.contextmanager
    def _hash_slot(self) -> Iterator[None]:
        """Wait (briefly) for one of the few hashing slots, else refuse with "busy"."""
        if not self._slots.acquire(timeout=self.hash_wait_s):
            raise TooManyAttempts(
                template=N_(
                    "The server is busy checking other sign-ins: try again in a few seconds."
                ),
                context={"retry_after": 5},
            )
        try:
            yield
        finally:
            self._slots.release()

    def _hash(self, password: str) -> str:
        with self._hash_slot():
            return str(self._hasher.hash(password))

    # ---- settings -------------------------------------------------------------------

    def setting(self, key: str) -> str | None:
        """A stored setting, or ``None``."""
        return self.store.setting(key)

    def settings_with_prefix(self, prefix: str) -> list[tuple[str, str]]:
        """Every stored setting whose key starts with ``prefix``, as ``(key, text)``."""
        return list(self.store.settings_with_prefix(prefix))

    def put_setting(self, key: str, text: str) -> None:
        """Store (or replace) the setting ``key``."""
        self.store.put_setting(key, text)

    def secret_key(self) -> str:
        """The key that signs cookies and table PINs, made once and shared by every process."""
        return self.store.setting("secret_key") or self.store.setting_once(
            "secret_key", secrets.token_urlsafe(48)
        )

    # ---- users ----------------------------------------------------------------------

    def has_director(self) -> bool:
        """Whether a director account exists (else the first run must create one)."""
        return self.store.has_role(Role.DIRECTOR)

    def users(self) -> list[User]:
        """Every account, by name."""
        return [User(a.name, a.role) for a in self.store.accounts()]

    def user(self, name: str) -> User | None:
        """The account called ``name``, or ``None``."""
        found = self.store.account(name)
        return None if found is None else User(found.name, found.role)

    def add(self, name: str, password: str, role: Role, *, replace: bool = False) -> User:
        """Create (or with ``replace``, reset) an account; a reset ends its sessions."""
        _check_name(name)
        _check_password(password)
        _staff_role(role)
        self.store.add_account(Account(name, role, self._hash(password)), replace=replace)
        return User(name, role)

    def create_first_director(self, name: str, password: str) -> User:
        """The first run's director; refused once any director exists.

        The check and the insert are one locked transaction, so two processes (or two
        browsers on ``/setup``) racing on a fresh database create exactly one director; the
        loser gets :class:`InvalidCommand` ("already set").
        """
        if not self.ensure_first_director(name, password):
            raise InvalidCommand(template=N_("The director's password is already set."))
        return User(name, Role.DIRECTOR)

    def ensure_first_director(self, name: str, password: str) -> bool:
        """Create the first director unless one exists; whether this call created it.

        Idempotent under a race: servers started together with the same
        ``POKERTD_DIRECTOR_PASSWORD`` all come up, and exactly one director row is written.
        """
        _check_name(name)
        _check_password(password)
        if self.has_director():
            return False  # no hashing when there is nothing to write
        return self.store.add_first(Account(name, Role.DIRECTOR, self._hash(password)))

    def set_password(self, name: str, password: str) -> None:
        """Change an account's password and end every session it has."""
        _check_password(password)
        self.store.set_password_hash(name, self._hash(password))

    def set_role(self, name: str, role: Role) -> None:
        """Change an account's role and end every session it has (they carried the old one)."""
        _staff_role(role)
        self.store.set_account_role(name, role)

    def remove(self, name: str) -> None:
        """Delete an account with its sessions, known addresses and language."""
        self.store.remove_account(name)
        self.store.put_setting(_language_key(name), "")

    def language(self, name: str) -> str | None:
        """The language this staff member reads pages in, wherever they sign in (issue 27,
        docs/languages.md), or ``None`` for the device's or the venue's."""
        self._known(name)
        return i18n.known(self.store.setting(_language_key(name)))

    def _known(self, name: str) -> None:
        """Refuse a name no staff account has."""
        if self.store.account(name) is None:
            raise InvalidCommand(
                template=i18n.N_("There is no staff account called %(name)s."),
                params={"name": name[:64]},
            )

    def set_language(self, name: str, code: str | None) -> str | None:
        """Keep ``code`` as ``name``'s own language (``None``, ``""`` or ``auto`` forgets it:
        the device's or the venue's language again); the language kept."""
        self._known(name)
        lang = None if code in (None, "", "auto") else shipped_language(code)
        self.store.put_setting(_language_key(name), lang or "")
        return lang

    def verify(self, name: str, password: str) -> User | None:
        """The user when the password matches, else ``None`` (constant work either way).

        At most ``HASH_SLOTS`` checks run at once; a caller that cannot get a slot within
        ``hash_wait_s`` gets :class:`TooManyAttempts` ("busy") instead of waiting forever.
        """
        if len(password) > MAX_PASSWORD:
            return None
        found = self.store.account(name)
        with self._hash_slot():
            if found is None:
                # spend the same time as a real check so names cannot be probed
                if self._dummy is None:
                    self._dummy = self._hasher.hash("not-a-real-password")
                with contextlib.suppress(VerificationError, InvalidHashError):
                    self._hasher.verify(self._dummy, password)
                return None
            try:
                self._hasher.verify(found.password_hash, password)
            except (VerificationError, InvalidHashError):
                return None
        return User(found.name, found.role)

    # ---- sessions -------------------------------------------------------------------

    def create_session(
        self,
        *,
        token: str,
        kind: str,
        user: str,
        role: Role,
        tournament: str | None,
        table: int | None,
        now: float,
        ttl_s: float,
        user_agent: str,
        address: str,
    ) -> SessionRow:
        """Store a new session for the cookie ``token`` (expired ones are swept here)."""
        row = SessionRow(
            id=session_key(token), kind=kind, user=user, role=role, tournament=tournament,
            table=table, created=now, last_seen=now, expires=now + ttl_s,
            user_agent=user_agent[:200], address=address[:64],
        )  # fmt: skip
        self.store.add_session(row, now=now)
        return row

    def session(self, token: str, *, now: float, touch_after_s: float = 60.0) -> SessionRow | None:
        """The live session of cookie ``token``, or ``None`` (unknown, expired or revoked).

        A staff session is also dropped when its account is gone or its role changed (belt
        and braces: those changes end sessions already). ``last_seen`` is written at most
        once a minute per session.
        """
        sid = session_key(token)
        found = self.store.session_row(sid)
        if found is None:
            return None
        row, account_role = found
        stale = row.kind == "user" and account_role is not row.role
        if row.expires <= now or stale:
            self.store.end_session(sid)
            return None
        if now - row.last_seen >= touch_after_s:
            self.store.touch_session(sid, now)
        return row

    def sessions(self, *, now: float) -> list[SessionRow]:
        """Every live session, newest first."""
        return self.store.sessions(now=now)

    def end_session(self, sid: str) -> bool:
        """End the session with stored id ``sid``; whether there was one."""
        return self.store.end_session(sid)

    def end_sessions_of(self, user: str) -> int:
        """End every session of staff account ``user``; how many there were."""
        return self.store.end_sessions_of(user)

    # ---- sign-in attempts -------------------------------------------------------------

    def reserve_attempt(
        self, limits: Sequence[tuple[str, int]], *, now: float, window_s: float
    ) -> tuple[str | None, int]:
        """Count one sign-in attempt against every ``(key, limit)``, atomically.

        Returns ``(reservation id, 0)`` when every key is under its limit (the attempt is
        now counted), or ``(None, seconds to wait)`` when one is used up (nothing counted).
        The check and the insert are one transaction no other process interleaves with.
        """
        rid = secrets.token_hex(12)
        wait = self.store.reserve_attempt(rid, limits, now=now, window_s=window_s)
        return (None, wait) if wait else (rid, 0)

    def release_attempt(self, rid: str, *, forget: Sequence[str] = ()) -> None:
        """Un-count a reserved attempt that succeeded, and forget the failures of ``forget``."""
        self.store.release_attempt(rid, forget=forget)

    def known_address(self, user: str, address: str) -> bool:
        """Whether ``user`` has signed in from ``address`` before."""
        return self.store.known_address(user, address)

    def remember_address(self, user: str, address: str, *, now: float) -> None:
        """Note a good sign-in of ``user`` from ``address`` (kept 90 days)."""
        self.store.remember_address(user, address, now=now)


__all__ = [
    "HASH_SLOTS",
    "MAX_PASSWORD",
    "MIN_PASSWORD",
    "AccountService",
    "Role",
    "SessionRow",
    "TooManyAttempts",
    "User",
    "session_key",
    "shipped_language",
]
