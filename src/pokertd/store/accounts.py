"""The account store contract: staff accounts, sessions and sign-in attempts beside the log.

Users are not tournament facts, so they live in small tables next to the events in the same
database (SQLite file or PostgreSQL), shared by every server process on it. The SQLite and
PostgreSQL stores implement :class:`AccountStore` with the one SQL text of
:class:`SqlAccounts` (both dialects accept it; only the placeholder differs), each on its own
connection and transaction handling, so pokertd has one database layer.

- ``pokertd_users``: name, role, password hash (the hash is made and checked by
  :mod:`pokertd.app.accounts`; the store never sees a password).
- ``pokertd_settings``: small named values, e.g. the cookie/PIN key, written once, and the
  event templates directors save from the browser (``template:<name>``, TOML text).
- ``pokertd_sessions``: server-side sessions keyed by the SHA-256 of the cookie's token.
  A password change, role change or removal of an account ends its sessions in the same
  transaction.
- ``pokertd_login_attempts``: one row per counted sign-in attempt and key (address,
  account, table), checked and reserved in one locked transaction, so concurrent tries from
  any number of processes cannot exceed the limit.
- ``pokertd_known_addresses``: the addresses an account has signed in from (90 days).

The tables are created on first use (``CREATE … IF NOT EXISTS``, the same columns earlier
versions wrote), so opening an event store for a CLI command writes nothing, and a database
written by an older pokertd keeps its accounts.

This is the policy-free half: names, password rules, hashing and the role checks stay in
:mod:`pokertd.app.accounts`.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from pokertd.errors import InvalidCommand, NotFound, StoreError
from pokertd.i18n import N_
from pokertd.roles import Role

Runner = Callable[[str, tuple[Any, ...]], list[tuple[Any, ...]]]
"""Runs one statement (``?`` placeholders) inside a transaction and returns its rows."""

ACCOUNTS_LOCK = 0x504B5455
"""PostgreSQL advisory lock of account writes ("PKTU": users, sessions, attempts)."""
ACCOUNTS_SCHEMA_LOCK = 0x504B5453
"""PostgreSQL advisory lock of the account tables' creation ("PKTS")."""
ADDRESS_DAYS = 90
"""How long a known sign-in address is remembered after its last good sign-in."""

ACCOUNT_TABLES = (
    "pokertd_users",
    "pokertd_settings",
    "pokertd_sessions",
    "pokertd_login_attempts",
    "pokertd_known_addresses",
)
"""The account tables, in creation order."""

_DDL = (
    "CREATE TABLE IF NOT EXISTS pokertd_users "
    "(name TEXT PRIMARY KEY, role TEXT NOT NULL, password_hash TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS pokertd_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS pokertd_sessions (id TEXT PRIMARY KEY, kind TEXT NOT NULL, "
    "user_name TEXT NOT NULL, role TEXT NOT NULL, tournament TEXT, tbl INTEGER, "
    "created DOUBLE PRECISION NOT NULL, last_seen DOUBLE PRECISION NOT NULL, "
    "expires DOUBLE PRECISION NOT NULL, user_agent TEXT NOT NULL, address TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS pokertd_sessions_user ON pokertd_sessions (user_name)",
    "CREATE TABLE IF NOT EXISTS pokertd_login_attempts (rid TEXT NOT NULL, "
    "key TEXT NOT NULL, at DOUBLE PRECISION NOT NULL, PRIMARY KEY (rid, key))",
    "CREATE INDEX IF NOT EXISTS pokertd_login_attempts_key ON pokertd_login_attempts (key, at)",
    "CREATE TABLE IF NOT EXISTS pokertd_known_addresses (user_name TEXT NOT NULL, "
    "address TEXT NOT NULL, last_ok DOUBLE PRECISION NOT NULL, "
    "PRIMARY KEY (user_name, address))",
)

_SESSION_COLUMNS = (
    "id",
    "kind",
    "user_name",
    "role",
    "tournament",
    "tbl",
    "created",
    "last_seen",
    "expires",
    "user_agent",
    "address",
)


@dataclass(frozen=True, slots=True)
class Account:
    """A staff account as stored (the hash never leaves :mod:`pokertd.app.accounts`)."""

    name: str
    role: Role
    password_hash: str


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


@runtime_checkable
class AccountStore(Protocol):
    """Accounts, settings, sessions, sign-in attempts and known addresses of one database.

    Every write that checks something first (an account exists, a limit is not reached)
    does the check and the write in one transaction no other process interleaves with.
    Failures of the database are :class:`~pokertd.errors.StoreError`.
    """

    url: str
    """Where the store lives (``sqlite:///path.db``, ``postgresql://host/db``)."""

    # ---- settings
    def setting(self, key: str) -> str | None:
        """The stored value of setting ``key``, or ``None``."""
        ...

    def setting_once(self, key: str, value: str) -> str:
        """Store ``value`` under ``key`` unless a value is there; the value that is stored."""
        ...

    def put_setting(self, key: str, value: str) -> None:
        """Store ``value`` under ``key``, replacing what was there (saved event templates)."""
        ...

    def settings_with_prefix(self, prefix: str) -> list[tuple[str, str]]:
        """Every ``(key, value)`` whose key starts with ``prefix``, by key."""
        ...

    # ---- accounts
    def accounts(self) -> list[Account]:
        """Every account, by name."""
        ...

    def account(self, name: str) -> Account | None:
        """The account called ``name``, or ``None``."""
        ...

    def has_role(self, role: Role) -> bool:
        """Whether some account has ``role``."""
        ...

    def add_account(self, account: Account, *, replace: bool = False) -> None:
        """Create ``account``; with ``replace`` an existing one is reset and its sessions end.

        Raises ``InvalidCommand`` when the name is taken and ``replace`` is false.
        """
        ...

    def add_first(self, account: Account) -> bool:
        """Create ``account`` unless an account with its role exists; whether it did.

        Raises ``InvalidCommand`` when the name is taken by an account of another role.
        """
        ...

    def set_password_hash(self, name: str, password_hash: str) -> None:
        """Replace the account's hash and end its sessions (``NotFound`` if no account)."""
        ...

    def set_account_role(self, name: str, role: Role) -> None:
        """Change the account's role and end its sessions (``NotFound`` if no account)."""
        ...

    def remove_account(self, name: str) -> None:
        """Delete the account, its sessions and its known addresses (``NotFound`` if none)."""
        ...

    # ---- sessions
    def add_session(self, row: SessionRow, *, now: float) -> None:
        """Store ``row`` (sessions expired at ``now`` are swept in the same transaction)."""
        ...

    def session_row(self, sid: str) -> tuple[SessionRow, Role | None] | None:
        """The session with id ``sid`` and its account's current role (``None``: no account
        of that name), or ``None`` when there is no such session."""
        ...

    def touch_session(self, sid: str, now: float) -> None:
        """Note that session ``sid`` was used at ``now``."""
        ...

    def sessions(self, *, now: float) -> list[SessionRow]:
        """Every session not expired at ``now``, newest first."""
        ...

    def end_session(self, sid: str) -> bool:
        """Delete session ``sid``; whether there was one."""
        ...

    def end_sessions_of(self, user: str) -> int:
        """Delete every session of staff account ``user``; how many there were."""
        ...

    # ---- sign-in attempts and addresses
    def reserve_attempt(
        self, rid: str, limits: Sequence[tuple[str, int]], *, now: float, window_s: float
    ) -> int:
        """Count attempt ``rid`` against every ``(key, limit)`` of the last ``window_s``.

        Returns 0 when every key was under its limit (the attempt is now counted), else the
        seconds until the first full key frees a place (nothing counted).
        """
        ...

    def release_attempt(self, rid: str, *, forget: Sequence[str] = ()) -> None:
        """Un-count attempt ``rid`` and forget every counted attempt of the keys ``forget``."""
        ...

    def known_address(self, user: str, address: str) -> bool:
        """Whether ``user`` has signed in from ``address`` (kept ``ADDRESS_DAYS`` days)."""
        ...

    def remember_address(self, user: str, address: str, *, now: float) -> None:
        """Note a good sign-in of ``user`` from ``address`` at ``now``."""
        ...


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


class SideTables:
    """Tables beside the event log (accounts, players, leagues, series): the two hooks each
    dialect provides and their creation on first use, shared by every ``Sql*`` mixin.

    ``_accounts_tx(lock_key)`` opens a transaction no other process interleaves with (SQLite
    ``BEGIN IMMEDIATE``, PostgreSQL an advisory transaction lock on ``lock_key``) and yields
    a runner; ``_accounts_read()`` yields a runner for single reads. Both turn driver errors
    into ``StoreError``. Statements use ``?`` placeholders; the PostgreSQL hooks rewrite them.
    Each mixin has its own lock keys, so writes of unrelated tables never wait on each other.
    """

    url: str

    def _accounts_tx(
        self, lock_key: int = ACCOUNTS_LOCK
    ) -> contextlib.AbstractContextManager[Runner]:
        """A locked write transaction yielding a runner (each dialect provides it)."""
        raise NotImplementedError  # pragma: no cover

    def _accounts_read(self) -> contextlib.AbstractContextManager[Runner]:
        """A runner for single reads on the store's connection (each dialect provides it)."""
        raise NotImplementedError  # pragma: no cover

    def _create_tables(self, ddl: Sequence[str], schema_lock: int) -> None:
        """Run ``ddl`` (``CREATE … IF NOT EXISTS``) once; two processes racing both succeed.

        ``CREATE TABLE IF NOT EXISTS`` alone can still fail on PostgreSQL when two sessions
        create the same table at once (a unique violation in the catalogue), so creation runs
        under the advisory lock ``schema_lock`` and a failure is retried after re-checking.
        """
        for attempt in range(5):
            try:
                with self._accounts_tx(schema_lock) as run:
                    for sql in ddl:
                        run(sql, ())
                return
            except StoreError:
                if attempt == 4:
                    raise
                time.sleep(0.05 * (attempt + 1))  # another process was creating them


class SqlAccounts(SideTables):
    """:class:`AccountStore` over the two hooks a dialect provides.

    ``_accounts_tx(lock_key)`` opens a transaction no other process interleaves with (SQLite
    ``BEGIN IMMEDIATE``, PostgreSQL an advisory transaction lock) and yields a runner;
    ``_accounts_read()`` yields a runner for single reads. Both turn driver errors into
    ``StoreError``. Statements use ``?`` placeholders; the PostgreSQL hooks rewrite them.
    """

    _accounts_ready: bool = False

    def _ensure_accounts(self) -> None:
        """Create the account tables once per store."""
        if not self._accounts_ready:
            self._create_tables(_DDL, ACCOUNTS_SCHEMA_LOCK)
            self._accounts_ready = True

    @contextlib.contextmanager
    def _tx(self) -> Iterator[Runner]:
        self._ensure_accounts()
        with self._accounts_tx(ACCOUNTS_LOCK) as run:
            yield run

    def _read(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        self._ensure_accounts()
        with self._accounts_read() as run:
            return run(sql, params)

    # ---- settings -------------------------------------------------------------------

    def setting(self, key: str) -> str | None:
        """The stored value of setting ``key``, or ``None``."""
        rows = self._read("SELECT value FROM pokertd_settings WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    def setting_once(self, key: str, value: str) -> str:
        """Store ``value`` under ``key`` unless a value is there; the value that is stored."""
        with self._tx() as run:
            run(
                "INSERT INTO pokertd_settings (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO NOTHING",
                (key, value),
            )
            rows = run("SELECT value FROM pokertd_settings WHERE key = ?", (key,))
        return str(rows[0][0])

    def put_setting(self, key: str, value: str) -> None:
        """Store ``value`` under ``key``, replacing what was there (saved event templates)."""
        with self._tx() as run:
            run(
                "INSERT INTO pokertd_settings (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    def settings_with_prefix(self, prefix: str) -> list[tuple[str, str]]:
        """Every ``(key, value)`` whose key starts with ``prefix``, by key."""
        rows = self._read(
            "SELECT key, value FROM pokertd_settings WHERE substr(key, 1, ?) = ? ORDER BY key",
            (len(prefix), prefix),
        )
        return [(str(k), str(v)) for k, v in rows]

    # ---- accounts -------------------------------------------------------------------

    def accounts(self) -> list[Account]:
        """Every account, by name."""
        rows = self._read("SELECT name, role, password_hash FROM pokertd_users ORDER BY name")
        return [Account(str(n), Role(str(r)), str(h)) for n, r, h in rows]

    def account(self, name: str) -> Account | None:
        """The account called ``name``, or ``None``."""
        rows = self._read(
            "SELECT name, role, password_hash FROM pokertd_users WHERE name = ?", (name,)
        )
        return Account(str(rows[0][0]), Role(str(rows[0][1])), str(rows[0][2])) if rows else None

    def has_role(self, role: Role) -> bool:
        """Whether some account has ``role``."""
        return bool(self._read("SELECT 1 FROM pokertd_users WHERE role = ?", (role.value,)))

    @staticmethod
    def _insert(run: Runner, account: Account) -> None:
        run(
            "INSERT INTO pokertd_users (name, role, password_hash) VALUES (?, ?, ?)",
            (account.name, account.role.value, account.password_hash),
        )

    @staticmethod
    def _end_user_sessions(run: Runner, name: str) -> None:
        run("DELETE FROM pokertd_sessions WHERE kind = 'user' AND user_name = ?", (name,))

    @staticmethod
    def _must_exist(run: Runner, name: str) -> None:
        if not run("SELECT 1 FROM pokertd_users WHERE name = ?", (name,)):
            raise NotFound(template=N_("There is no user %(name)s."), params={"name": repr(name)})

    def add_account(self, account: Account, *, replace: bool = False) -> None:
        """Create ``account``; with ``replace`` an existing one is reset and its sessions end."""
        with self._tx() as run:
            exists = bool(run("SELECT 1 FROM pokertd_users WHERE name = ?", (account.name,)))
            if exists and not replace:
                raise InvalidCommand(
                    template=N_("User %(name)s already exists."),
                    params={"name": repr(account.name)},
                )
            if exists:
                run("DELETE FROM pokertd_users WHERE name = ?", (account.name,))
                self._end_user_sessions(run, account.name)
            self._insert(run, account)

    def add_first(self, account: Account) -> bool:
        """Create ``account`` unless an account with its role exists; whether it did."""
        with self._tx() as run:
            if run("SELECT 1 FROM pokertd_users WHERE role = ?", (account.role.value,)):
                return False
            if run("SELECT 1 FROM pokertd_users WHERE name = ?", (account.name,)):
                raise InvalidCommand(
                    template=N_("User %(name)s already exists."),
                    params={"name": repr(account.name)},
                )
            self._insert(run, account)
        return True

    def set_password_hash(self, name: str, password_hash: str) -> None:
        """Replace the account's hash and end its sessions (``NotFound`` if no account)."""
        with self._tx() as run:
            self._must_exist(run, name)
            run("UPDATE pokertd_users SET password_hash = ? WHERE name = ?", (password_hash, name))
            self._end_user_sessions(run, name)

    def set_account_role(self, name: str, role: Role) -> None:
        """Change the account's role and end its sessions (``NotFound`` if no account)."""
        with self._tx() as run:
            self._must_exist(run, name)
            run("UPDATE pokertd_users SET role = ? WHERE name = ?", (role.value, name))
            self._end_user_sessions(run, name)

    def remove_account(self, name: str) -> None:
        """Delete the account, its sessions and its known addresses (``NotFound`` if none)."""
        with self._tx() as run:
            self._must_exist(run, name)
            run("DELETE FROM pokertd_users WHERE name = ?", (name,))
            self._end_user_sessions(run, name)
            run("DELETE FROM pokertd_known_addresses WHERE user_name = ?", (name,))

    # ---- sessions -------------------------------------------------------------------

    def add_session(self, row: SessionRow, *, now: float) -> None:
        """Store ``row`` (sessions expired at ``now`` are swept in the same transaction)."""
        marks = ", ".join("?" for _ in _SESSION_COLUMNS)
        with self._tx() as run:
            run("DELETE FROM pokertd_sessions WHERE expires <= ?", (now,))
            run(
                f"INSERT INTO pokertd_sessions ({', '.join(_SESSION_COLUMNS)}) VALUES ({marks})",
                (row.id, row.kind, row.user, row.role.value, row.tournament, row.table,
                 row.created, row.last_seen, row.expires, row.user_agent, row.address),
            )  # fmt: skip

    def session_row(self, sid: str) -> tuple[SessionRow, Role | None] | None:
        """The session with id ``sid`` and its account's current role, or ``None``."""
        columns = ", ".join(f"s.{c}" for c in _SESSION_COLUMNS)
        rows = self._read(
            f"SELECT {columns}, u.role FROM pokertd_sessions s "
            "LEFT JOIN pokertd_users u ON u.name = s.user_name WHERE s.id = ?",
            (sid,),
        )
        if not rows:
            return None
        role = rows[0][len(_SESSION_COLUMNS)]
        return _session(rows[0]), None if role is None else Role(str(role))

    def touch_session(self, sid: str, now: float) -> None:
        """Note that session ``sid`` was used at ``now``."""
        with self._tx() as run:
            run("UPDATE pokertd_sessions SET last_seen = ? WHERE id = ?", (now, sid))

    def sessions(self, *, now: float) -> list[SessionRow]:
        """Every session not expired at ``now``, newest first."""
        rows = self._read(
            f"SELECT {', '.join(_SESSION_COLUMNS)} FROM pokertd_sessions WHERE expires > ? "
            "ORDER BY created DESC",
            (now,),
        )
        return [_session(r) for r in rows]

    def end_session(self, sid: str) -> bool:
        """Delete session ``sid``; whether there was one."""
        with self._tx() as run:
            found = bool(run("SELECT 1 FROM pokertd_sessions WHERE id = ?", (sid,)))
            run("DELETE FROM pokertd_sessions WHERE id = ?", (sid,))
        return found

    def end_sessions_of(self, user: str) -> int:
        """Delete every session of staff account ``user``; how many there were."""
        with self._tx() as run:
            n = run(
                "SELECT COUNT(*) FROM pokertd_sessions WHERE kind = 'user' AND user_name = ?",
                (user,),
            )
            self._end_user_sessions(run, user)
        return int(n[0][0])

    # ---- sign-in attempts and addresses -----------------------------------------------

    def reserve_attempt(
        self, rid: str, limits: Sequence[tuple[str, int]], *, now: float, window_s: float
    ) -> int:
        """Count attempt ``rid`` against every ``(key, limit)``: 0, or seconds to wait."""
        since = now - window_s
        with self._tx() as run:
            run("DELETE FROM pokertd_login_attempts WHERE at <= ?", (since,))
            for key, limit in limits:
                count, first = run(
                    "SELECT COUNT(*), MIN(at) FROM pokertd_login_attempts WHERE key = ? AND at > ?",
                    (key, since),
                )[0]
                if int(count) >= limit:
                    return max(1, int(float(first) + window_s - now) + 1)
            for key, _ in limits:
                run(
                    "INSERT INTO pokertd_login_attempts (rid, key, at) VALUES (?, ?, ?)",
                    (rid, key, now),
                )
        return 0

    def release_attempt(self, rid: str, *, forget: Sequence[str] = ()) -> None:
        """Un-count attempt ``rid`` and forget every counted attempt of the keys ``forget``."""
        with self._tx() as run:
            run("DELETE FROM pokertd_login_attempts WHERE rid = ?", (rid,))
            for key in forget:
                run("DELETE FROM pokertd_login_attempts WHERE key = ?", (key,))

    def known_address(self, user: str, address: str) -> bool:
        """Whether ``user`` has signed in from ``address`` (kept ``ADDRESS_DAYS`` days)."""
        return bool(
            self._read(
                "SELECT 1 FROM pokertd_known_addresses WHERE user_name = ? AND address = ?",
                (user, address),
            )
        )

    def remember_address(self, user: str, address: str, *, now: float) -> None:
        """Note a good sign-in of ``user`` from ``address`` at ``now`` (old ones expire)."""
        with self._tx() as run:
            run(
                "DELETE FROM pokertd_known_addresses WHERE last_ok < ?",
                (now - ADDRESS_DAYS * 86400,),
            )
            run(
                "INSERT INTO pokertd_known_addresses (user_name, address, last_ok) "
                "VALUES (?, ?, ?) ON CONFLICT (user_name, address) "
                "DO UPDATE SET last_ok = excluded.last_ok",
                (user, address[:64], now),
            )


__all__ = [
    "ACCOUNTS_LOCK",
    "ACCOUNTS_SCHEMA_LOCK",
    "ACCOUNT_TABLES",
    "ADDRESS_DAYS",
    "Account",
    "AccountStore",
    "Runner",
    "SessionRow",
    "SideTables",
    "SqlAccounts",
]
