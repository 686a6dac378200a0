"""Staff accounts, sessions, sign-in attempts and the app's secret, kept next to the event log.

Users are not tournament facts, so they live in small tables beside the events in the same
database (SQLite file or PostgreSQL), shared by every server process on it:

- ``pokertd_users``: name, role, argon2id hash (``argon2-cffi``). There is no default
  password — the first run asks for the director's (terminal prompt, ``/setup`` page, or
  ``POKERTD_DIRECTOR_PASSWORD``).
- ``pokertd_settings``: the cookie/PIN key, made once.
- ``pokertd_sessions``: server-side sessions. The cookie holds a random token; the table keys
  each session by the token's SHA-256, so someone who reads the database cannot take over a
  session. A password change, role change or removal ends the account's sessions.
- ``pokertd_login_attempts``: one row per counted sign-in attempt and key (address, account,
  table), reserved *before* the password is hashed, in one locked transaction, so concurrent
  tries from any number of processes cannot exceed the limit.
- ``pokertd_known_addresses``: the addresses an account has signed in from (see
  :mod:`pokertd.web.auth` for why).

Password hashing is bounded by a small semaphore (``HASH_SLOTS`` at a time per process): an
argon2id check takes 64 MiB, so a burst of sign-ins waits its turn or is told to retry instead
of exhausting memory.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from pokertd.errors import InvalidCommand, NotFound, PokertdError, StoreError
from pokertd.roles import Role

_NAME = re.compile(r"^[A-Za-z0-9_.@-]{1,64}$")
MIN_PASSWORD = 8
"""Shortest password accepted for a staff account."""
MAX_PASSWORD = 256
"""Longest password accepted (hashing cost must not depend on what a stranger sends)."""
HASH_SLOTS = 2
"""Password hashes computed at once per process (argon2id uses 64 MiB each)."""
HASH_WAIT_S = 5.0
"""How long a sign-in waits for a hashing slot before it is told to try again."""

_LOCK_KEY = 0x504B5455  # PostgreSQL advisory lock: "PKTU", users/sessions/attempts
_SCHEMA_LOCK_KEY = 0x504B5453  # "PKTS": one process creates these tables at a time

_hasher = PasswordHasher()


class TooManyAttempts(PokertdError):
    """Too many failed sign-ins (or the server is busy hashing): wait and try again."""

    kind = "rate_limited"


@dataclass(frozen=True, slots=True)
class User:
    """A staff account (never carries the hash outside this module)."""

    name: str
    role: Role


@dataclass(frozen=True, slots=True)
class SessionRow:
    """One server-side session, as the store keeps it (``id`` is the token's SHA-256)."""

    id: str
    kind: str
    """``user`` (a staff account) or ``dealer`` (a table PIN)."""
    user: str
    role: Role
    tournament: str | None
    table: int | None
    created: float
    last_seen: float
    expires: float
    user_agent: str
    address: str


def session_key(token: str) -> str:
    """The stored id of the session whose cookie holds ``token`` (its SHA-256, hex)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _check_name(name: str) -> None:
    if not _NAME.match(name):
        raise InvalidCommand(
            f"User name {name!r} is not valid: use 1-64 letters, digits, '.', '_', '-' or '@'."
        )


def _check_password(password: str) -> None:
    if len(password) < MIN_PASSWORD:
        raise InvalidCommand(f"The password must have at least {MIN_PASSWORD} characters.")
    if len(password) > MAX_PASSWORD:
        raise InvalidCommand(f"The password must have at most {MAX_PASSWORD} characters.")


_SESSION_COLUMNS = (
    "id, kind, user_name, role, tournament, tbl, created, last_seen, expires, user_agent, address"
)


def _session(row: Sequence[Any]) -> SessionRow:
    return SessionRow(
        id=str(row[0]),
        kind=str(row[1]),
        user=str(row[2]),
        role=Role(str(row[3])),
        tournament=None if row[4] is None else str(row[4]),
        table=None if row[5] is None else int(row[5]),
        created=float(row[6]),
        last_seen=float(row[7]),
        expires=float(row[8]),
        user_agent=str(row[9] or ""),
        address=str(row[10] or ""),
    )


class UserStore:
    """Users, sessions and settings in SQLite (``sqlite:///file``) or PostgreSQL."""

    def __init__(self, url: str, *, hasher: PasswordHasher | None = None) -> None:
        self.url = url
        self._hasher = hasher or _hasher
        self._dummy: str | None = None
        self._lock = threading.RLock()
        self._slots = threading.BoundedSemaphore(HASH_SLOTS)
        self.hash_wait_s = HASH_WAIT_S
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
                self._conn.execute("PRAGMA busy_timeout = 10000")
            except sqlite3.Error as exc:
                raise StoreError(f"Cannot open the user store at {url}: {exc}") from None
        self._create_tables()

    def _create_tables(self) -> None:
        """Create the tables once; two processes starting together on PostgreSQL both succeed.

        ``CREATE TABLE IF NOT EXISTS`` alone can still fail on PostgreSQL when two sessions
        create the same table at once (a unique violation in the catalogue), so the creation
        runs under an advisory lock, and a failure is retried after re-checking.
        """
        ddl = [
            "CREATE TABLE IF NOT EXISTS pokertd_users "
            "(name TEXT PRIMARY KEY, role TEXT NOT NULL, password_hash TEXT NOT NULL)",
            "CREATE TABLE IF NOT EXISTS pokertd_settings "
            "(key TEXT PRIMARY KEY, value TEXT NOT NULL)",
            "CREATE TABLE IF NOT EXISTS pokertd_sessions (id TEXT PRIMARY KEY, kind TEXT NOT NULL, "
            "user_name TEXT NOT NULL, role TEXT NOT NULL, tournament TEXT, tbl INTEGER, "
            "created DOUBLE PRECISION NOT NULL, last_seen DOUBLE PRECISION NOT NULL, "
            "expires DOUBLE PRECISION NOT NULL, user_agent TEXT NOT NULL, address TEXT NOT NULL)",
            "CREATE INDEX IF NOT EXISTS pokertd_sessions_user ON pokertd_sessions (user_name)",
            "CREATE TABLE IF NOT EXISTS pokertd_login_attempts (rid TEXT NOT NULL, "
            "key TEXT NOT NULL, at DOUBLE PRECISION NOT NULL, PRIMARY KEY (rid, key))",
            "CREATE INDEX IF NOT EXISTS pokertd_login_attempts_key "
            "ON pokertd_login_attempts (key, at)",
            "CREATE TABLE IF NOT EXISTS pokertd_known_addresses (user_name TEXT NOT NULL, "
            "address TEXT NOT NULL, last_ok DOUBLE PRECISION NOT NULL, "
            "PRIMARY KEY (user_name, address))",
        ]
        for attempt in range(5):
            try:
                with self._tx(_SCHEMA_LOCK_KEY) as run:
                    for sql in ddl:
                        run(sql, ())
                return
            except StoreError:
                if attempt == 4:
                    raise
                time.sleep(0.05 * (attempt + 1))  # another process was creating them: re-check

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self._pg else sql

    def _run(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """One statement on the shared connection (the caller holds ``_lock``)."""
        cur = self._conn.execute(self._sql(sql), params)
        rows = cur.fetchall() if cur.description else []
        return [tuple(r) for r in rows]

    def _exec(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            try:
                return self._run(sql, params)
            except Exception as exc:
                raise StoreError(f"User store error: {exc}") from None

    @contextlib.contextmanager
    def _tx(
        self, lock_key: int = _LOCK_KEY
    ) -> Iterator[Callable[[str, tuple[Any, ...]], list[tuple[Any, ...]]]]:
        """One transaction that no other process interleaves with (SQLite ``BEGIN
        IMMEDIATE``, PostgreSQL an advisory transaction lock); yields a statement runner."""

        def run(sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
            return self._run(sql, params)

        with self._lock:
            try:
                if self._pg:
                    with self._conn.transaction():
                        self._conn.execute("SELECT pg_advisory_xact_lock(%s)", (lock_key,))
                        yield run
                else:
                    self._conn.execute("BEGIN IMMEDIATE")
                    try:
                        yield run
                    except BaseException:
                        self._conn.execute("ROLLBACK")
                        raise
                    self._conn.execute("COMMIT")
            except PokertdError:
                raise
            except Exception as exc:
                raise StoreError(f"User store error: {exc}") from None

    def close(self) -> None:
        """Close the connection."""
        with self._lock:
            self._conn.close()

    # ---- hashing (bounded) ------------------------------------------------------------

    @contextlib.contextmanager
    def _hash_slot(self) -> Iterator[None]:
        """Wait (briefly) for one of the few hashing slots, else refuse with "busy"."""
        if not self._slots.acquire(timeout=self.hash_wait_s):
            raise TooManyAttempts(
                "The server is busy checking other sign-ins: try again in a few seconds.",
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
        rows = self._exec("SELECT value FROM pokertd_settings WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    def secret_key(self) -> str:
        """The key that signs cookies and table PINs, made once and shared by every process."""
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

    def user(self, name: str) -> User | None:
        """The account called ``name``, or ``None``."""
        rows = self._exec("SELECT name, role FROM pokertd_users WHERE name = ?", (name,))
        return User(str(rows[0][0]), Role(str(rows[0][1]))) if rows else None

    def add(self, name: str, password: str, role: Role, *, replace: bool = False) -> User:
        """Create (or with ``replace``, reset) an account; a reset ends its sessions."""
        _check_name(name)
        _check_password(password)
        if role is Role.PUBLIC:
            raise InvalidCommand("A staff account needs a role: director, floor or dealer.")
        digest = self._hash(password)
        with self._tx() as run:
            exists = bool(run("SELECT 1 FROM pokertd_users WHERE name = ?", (name,)))
            if exists and not replace:
                raise InvalidCommand(f"User {name!r} already exists.")
            if exists:
                run("DELETE FROM pokertd_users WHERE name = ?", (name,))
                run("DELETE FROM pokertd_sessions WHERE kind = 'user' AND user_name = ?", (name,))
            run(
                "INSERT INTO pokertd_users (name, role, password_hash) VALUES (?, ?, ?)",
                (name, role.value, digest),
            )
        return User(name, role)

    def create_first_director(self, name: str, password: str) -> User:
        """The first run's director; refused once any director exists.

        The check and the insert are one locked transaction, so two processes (or two
        browsers on ``/setup``) racing on a fresh database create exactly one director; the
        loser gets :class:`InvalidCommand` ("already set").
        """
        if not self.ensure_first_director(name, password):
            raise InvalidCommand("The director's password is already set.")
        return User(name, Role.DIRECTOR)

    def ensure_first_director(self, name: str, password: str) -> bool:
        """Create the first director unless one exists; whether this call created it.

        Idempotent under a race: servers started together with the same
        ``POKERTD_DIRECTOR_PASSWORD`` all come up, and exactly one director row is written.
        """
        _check_name(name)
        _check_password(password)
        if self.has_director():
            return False
        digest = self._hash(password)
        with self._tx() as run:
            if run("SELECT 1 FROM pokertd_users WHERE role = ?", (Role.DIRECTOR.value,)):
                return False
            if run("SELECT 1 FROM pokertd_users WHERE name = ?", (name,)):
                raise InvalidCommand(f"User {name!r} already exists.")
            run(
                "INSERT INTO pokertd_users (name, role, password_hash) VALUES (?, ?, ?)",
                (name, Role.DIRECTOR.value, digest),
            )
        return True

    def set_password(self, name: str, password: str) -> None:
        """Change an account's password and end every session it has."""
        _check_password(password)
        digest = self._hash(password)
        with self._tx() as run:
            if not run("SELECT 1 FROM pokertd_users WHERE name = ?", (name,)):
                raise NotFound(f"There is no user {name!r}.")
            run("UPDATE pokertd_users SET password_hash = ? WHERE name = ?", (digest, name))
            run("DELETE FROM pokertd_sessions WHERE kind = 'user' AND user_name = ?", (name,))

    def set_role(self, name: str, role: Role) -> None:
        """Change an account's role and end every session it has (they carried the old one)."""
        if role is Role.PUBLIC:
            raise InvalidCommand("A staff account needs a role: director, floor or dealer.")
        with self._tx() as run:
            if not run("SELECT 1 FROM pokertd_users WHERE name = ?", (name,)):
                raise NotFound(f"There is no user {name!r}.")
            run("UPDATE pokertd_users SET role = ? WHERE name = ?", (role.value, name))
            run("DELETE FROM pokertd_sessions WHERE kind = 'user' AND user_name = ?", (name,))

    def remove(self, name: str) -> None:
        """Delete an account with its sessions and known addresses."""
        with self._tx() as run:
            if not run("SELECT 1 FROM pokertd_users WHERE name = ?", (name,)):
                raise NotFound(f"There is no user {name!r}.")
            run("DELETE FROM pokertd_users WHERE name = ?", (name,))
            run("DELETE FROM pokertd_sessions WHERE kind = 'user' AND user_name = ?", (name,))
            run("DELETE FROM pokertd_known_addresses WHERE user_name = ?", (name,))

    def verify(self, name: str, password: str) -> User | None:
        """The user when the password matches, else ``None`` (constant work either way).

        At most ``HASH_SLOTS`` checks run at once; a caller that cannot get a slot within
        ``hash_wait_s`` gets :class:`TooManyAttempts` ("busy") instead of waiting forever.
        """
        if len(password) > MAX_PASSWORD:
            return None
        rows = self._exec(
            "SELECT role, password_hash FROM pokertd_users WHERE name = ?", (name,)
        )
        with self._hash_slot():
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
        )
        with self._tx() as run:
            run("DELETE FROM pokertd_sessions WHERE expires <= ?", (now,))
            run(
                f"INSERT INTO pokertd_sessions ({_SESSION_COLUMNS}) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (row.id, row.kind, row.user, row.role.value, row.tournament, row.table,
                 row.created, row.last_seen, row.expires, row.user_agent, row.address),
            )
        return row

    def session(self, token: str, *, now: float, touch_after_s: float = 60.0) -> SessionRow | None:
        """The live session of cookie ``token``, or ``None`` (unknown, expired or revoked).

        A staff session is also dropped when its account is gone or its role changed (belt
        and braces: those changes end sessions already). ``last_seen`` is written at most
        once a minute per session.
        """
        sid = session_key(token)
        rows = self._exec(
            f"SELECT {', '.join('s.' + c.strip() for c in _SESSION_COLUMNS.split(','))}, u.role "
            "FROM pokertd_sessions s LEFT JOIN pokertd_users u ON u.name = s.user_name "
            "WHERE s.id = ?",
            (sid,),
        )
        if not rows:
            return None
        found = _session(rows[0])
        account_role = rows[0][11]
        stale = found.kind == "user" and (account_role is None or str(account_role) != found.role)
        if found.expires <= now or stale:
            self._exec("DELETE FROM pokertd_sessions WHERE id = ?", (sid,))
            return None
        if now - found.last_seen >= touch_after_s:
            self._exec("UPDATE pokertd_sessions SET last_seen = ? WHERE id = ?", (now, sid))
        return found

    def sessions(self, *, now: float) -> list[SessionRow]:
        """Every live session, newest first."""
        rows = self._exec(
            f"SELECT {_SESSION_COLUMNS} FROM pokertd_sessions WHERE expires > ? "
            "ORDER BY created DESC",
            (now,),
        )
        return [_session(r) for r in rows]

    def end_session(self, sid: str) -> bool:
        """End the session with stored id ``sid``; whether there was one."""
        with self._tx() as run:
            found = bool(run("SELECT 1 FROM pokertd_sessions WHERE id = ?", (sid,)))
            run("DELETE FROM pokertd_sessions WHERE id = ?", (sid,))
        return found

    def end_sessions_of(self, user: str) -> int:
        """End every session of staff account ``user``; how many there were."""
        with self._tx() as run:
            n = run(
                "SELECT COUNT(*) FROM pokertd_sessions WHERE kind = 'user' AND user_name = ?",
                (user,),
            )
            run("DELETE FROM pokertd_sessions WHERE kind = 'user' AND user_name = ?", (user,))
        return int(n[0][0])

    # ---- sign-in attempts -------------------------------------------------------------

    def reserve_attempt(
        self, limits: Sequence[tuple[str, int]], *, now: float, window_s: float
    ) -> tuple[str | None, int]:
        """Count one sign-in attempt against every ``(key, limit)``, atomically.

        Returns ``(reservation id, 0)`` when every key is under its limit (the attempt is
        now counted), or ``(None, seconds to wait)`` when one is used up (nothing counted).
        The check and the insert are one transaction no other process interleaves with.
        """
        since = now - window_s
        rid = secrets.token_hex(12)
        with self._tx() as run:
            run("DELETE FROM pokertd_login_attempts WHERE at <= ?", (since,))
            for key, limit in limits:
                count, first = run(
                    "SELECT COUNT(*), MIN(at) FROM pokertd_login_attempts WHERE key = ? AND at > ?",
                    (key, since),
                )[0]
                if int(count) >= limit:
                    return None, max(1, int(float(first) + window_s - now) + 1)
            for key, _ in limits:
                run(
                    "INSERT INTO pokertd_login_attempts (rid, key, at) VALUES (?, ?, ?)",
                    (rid, key, now),
                )
        return rid, 0

    def release_attempt(self, rid: str, *, forget: Sequence[str] = ()) -> None:
        """Un-count a reserved attempt that succeeded, and forget the failures of ``forget``."""
        with self._tx() as run:
            run("DELETE FROM pokertd_login_attempts WHERE rid = ?", (rid,))
            for key in forget:
                run("DELETE FROM pokertd_login_attempts WHERE key = ?", (key,))

    def known_address(self, user: str, address: str) -> bool:
        """Whether ``user`` has signed in from ``address`` before."""
        return bool(
            self._exec(
                "SELECT 1 FROM pokertd_known_addresses WHERE user_name = ? AND address = ?",
                (user, address),
            )
        )

    def remember_address(self, user: str, address: str, *, now: float) -> None:
        """Note a good sign-in of ``user`` from ``address`` (kept 90 days)."""
        with self._tx() as run:
            run("DELETE FROM pokertd_known_addresses WHERE last_ok < ?", (now - 90 * 86400,))
            run(
                "INSERT INTO pokertd_known_addresses (user_name, address, last_ok) "
                "VALUES (?, ?, ?) ON CONFLICT (user_name, address) "
                "DO UPDATE SET last_ok = excluded.last_ok",
                (user, address[:64], now),
            )


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
