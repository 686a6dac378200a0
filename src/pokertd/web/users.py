"""Staff accounts and the app's secret, kept next to the event log.

Users are not tournament facts, so they live in two small tables beside the events
(``pokertd_users``, ``pokertd_settings``) in the same database: SQLite file or PostgreSQL.
Passwords are hashed with argon2id (``argon2-cffi``); there is no default password — the
first run asks for the director's (terminal prompt, ``/setup`` page, or
``POKERTD_DIRECTOR_PASSWORD``).
"""

from __future__ import annotations

import contextlib
import re
import secrets
import sqlite3
import threading
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from pokertd.errors import InvalidCommand, StoreError


class Role(StrEnum):
    """Who may do what: each role includes every right of the roles below it."""

    PUBLIC = "public"
    DEALER = "dealer"
    FLOOR = "floor"
    DIRECTOR = "director"

    @property
    def rank(self) -> int:
        """Order of rights: public 0 < dealer 1 < floor 2 < director 3."""
        return _RANK[self]

    def at_least(self, other: Role) -> bool:
        """Whether this role has every right of ``other``."""
        return self.rank >= other.rank


_RANK = {Role.PUBLIC: 0, Role.DEALER: 1, Role.FLOOR: 2, Role.DIRECTOR: 3}
_NAME = re.compile(r"^[A-Za-z0-9_.@-]{1,64}$")
MIN_PASSWORD = 8
"""Shortest password accepted for a staff account."""

_hasher = PasswordHasher()


@dataclass(frozen=True, slots=True)
class User:
    """A staff account (never carries the hash outside this module)."""

    name: str
    role: Role


def _check_name(name: str) -> None:
    if not _NAME.match(name):
        raise InvalidCommand(
            f"User name {name!r} is not valid: use 1-64 letters, digits, '.', '_', '-' or '@'."
        )


def _check_password(password: str) -> None:
    if len(password) < MIN_PASSWORD:
        raise InvalidCommand(f"The password must have at least {MIN_PASSWORD} characters.")


class UserStore:
    """Users and settings in SQLite (``sqlite:///file``) or PostgreSQL (``postgresql://``)."""

    def __init__(self, url: str, *, hasher: PasswordHasher | None = None) -> None:
        self.url = url
        self._hasher = hasher or _hasher
        self._dummy: str | None = None
        self._lock = threading.Lock()
        self._pg = url.startswith(("postgresql://", "postgres://"))
        if self._pg:
            import psycopg

            try:
                self._conn: Any = psycopg.connect(url, autocommit=True)
            except psycopg.Error as exc:
                raise StoreError(f"Cannot open the user store at {url}: {exc}") from None
        else:
            from pokertd.store import sqlite_path

            path = sqlite_path(url)
            if path is None:
                raise StoreError(
                    f"Unknown database URL {url!r}: use sqlite:///file.db or postgresql://."
                )
            try:
                self._conn = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
                self._conn.execute("PRAGMA busy_timeout = 5000")
            except sqlite3.Error as exc:
                raise StoreError(f"Cannot open the user store at {url}: {exc}") from None
        self._exec(
            "CREATE TABLE IF NOT EXISTS pokertd_users "
            "(name TEXT PRIMARY KEY, role TEXT NOT NULL, password_hash TEXT NOT NULL)"
        )
        self._exec(
            "CREATE TABLE IF NOT EXISTS pokertd_settings "
            "(key TEXT PRIMARY KEY, value TEXT NOT NULL)"
        )

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self._pg else sql

    def _exec(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            try:
                cur = self._conn.execute(self._sql(sql), params)
                rows = cur.fetchall() if cur.description else []
            except Exception as exc:
                raise StoreError(f"User store error: {exc}") from None
        return [tuple(r) for r in rows]

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._conn.close()

    # ---- settings -------------------------------------------------------------------

    def setting(self, key: str) -> str | None:
        """A stored setting, or ``None``."""
        rows = self._exec("SELECT value FROM pokertd_settings WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    def secret_key(self) -> str:
        """The key that signs session cookies, made once and shared by every process."""
        found = self.setting("secret_key")
        if found:
            return found
        key = secrets.token_urlsafe(48)
        self._exec(
            "INSERT INTO pokertd_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
            ("secret_key", key),
        )
        return self.setting("secret_key") or key

    # ---- users ----------------------------------------------------------------------

    def has_director(self) -> bool:
        """Whether a director account exists (else the first run must create one)."""
        rows = self._exec("SELECT 1 FROM pokertd_users WHERE role = ?", (Role.DIRECTOR.value,))
        return bool(rows)

    def users(self) -> list[User]:
        """Every account, by name."""
        rows = self._exec("SELECT name, role FROM pokertd_users ORDER BY name")
        return [User(str(n), Role(str(r))) for n, r in rows]

    def add(self, name: str, password: str, role: Role, *, replace: bool = False) -> User:
        """Create (or with ``replace``, reset) an account."""
        _check_name(name)
        _check_password(password)
        if role is Role.PUBLIC:
            raise InvalidCommand("A staff account needs a role: director, floor or dealer.")
        digest = self._hasher.hash(password)
        if replace:
            self._exec("DELETE FROM pokertd_users WHERE name = ?", (name,))
        elif self._exec("SELECT 1 FROM pokertd_users WHERE name = ?", (name,)):
            raise InvalidCommand(f"User {name!r} already exists.")
        self._exec(
            "INSERT INTO pokertd_users (name, role, password_hash) VALUES (?, ?, ?)",
            (name, role.value, digest),
        )
        return User(name, role)

    def create_first_director(self, name: str, password: str) -> User:
        """The first run's director; refused once any director exists."""
        if self.has_director():
            raise InvalidCommand("The director's password is already set.")
        return self.add(name, password, Role.DIRECTOR)

    def verify(self, name: str, password: str) -> User | None:
        """The user when the password matches, else ``None`` (constant work either way)."""
        rows = self._exec(
            "SELECT role, password_hash FROM pokertd_users WHERE name = ?", (name,)
        )
        if not rows:
            # spend the same time as a real check so names cannot be probed
            if self._dummy is None:
                self._dummy = self._hasher.hash("not-a-real-password")
            with contextlib.suppress(VerificationError, InvalidHashError):
                self._hasher.verify(self._dummy, password)
            return None
        role, digest = rows[0]
        try:
            self._hasher.verify(str(digest), password)
        except (VerificationError, InvalidHashError):
            return None
        return User(name, Role(str(role)))


__all__ = ["MIN_PASSWORD", "Role", "User", "UserStore"]
