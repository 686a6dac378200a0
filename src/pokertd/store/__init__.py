"""Event stores: where a tournament's log lives (SQLite file by default, or PostgreSQL).

``open_store(url)`` picks the implementation from the URL:

* ``sqlite:///pokertd.db`` (relative path), ``sqlite:////var/lib/pokertd.db`` (absolute),
  a plain path ``pokertd.db``, or ``sqlite:///:memory:`` (tests);
* ``postgresql://user:password@host:5432/dbname`` (also ``postgres://``).

Every store implements :class:`EventStore` and :class:`AccountStore` (staff accounts,
sessions and sign-in attempts in the same database) and passes the same contract tests
(``tests/store/test_store_contract.py``, ``tests/store/test_accounts_contract.py``).
"""

from __future__ import annotations

from pokertd.errors import StoreError
from pokertd.i18n import N_
from pokertd.store.accounts import Account, AccountStore, SessionRow
from pokertd.store.base import (
    DEFAULT_POOL_SIZE,
    MAX_POOL_SIZE,
    EventStore,
    Listener,
    StoredRow,
    StoreHealth,
    TournamentInfo,
    check_pool_size,
)
from pokertd.store.sqlite import SqliteStore


def sqlite_path(url: str) -> str | None:
    """The file path a SQLite URL or plain path names (``None`` for other schemes)."""
    if url.startswith("sqlite://"):
        rest = url[len("sqlite://") :]
        if not rest.startswith("/"):
            raise StoreError(
                template=N_("Bad SQLite URL %(url)s: write sqlite:///file.db."),
                params={"url": repr(url)},
            )
        path = rest[1:]
        if not path:
            raise StoreError(
                template=N_("Bad SQLite URL %(url)s: the file name is missing."),
                params={"url": repr(url)},
            )
        return path
    if "://" in url:
        return None
    return url


def open_store(url: str, *, pool_size: int | None = None) -> EventStore:
    """Open (creating if needed) the event store at ``url``.

    ``pool_size`` caps the PostgreSQL connections of the store (1 to 100, default 4); it
    is checked but otherwise ignored for SQLite (one connection per file). Raises
    ``InvalidCommand`` for a bad pool size and ``StoreError`` for an unknown scheme, a
    foreign or damaged file, or an unreachable server; nothing is written in that case.
    """
    size = check_pool_size(pool_size)
    path = sqlite_path(url)
    if path is not None:
        return SqliteStore(path)
    if url.startswith(("postgresql://", "postgres://")):
        from pokertd.store.postgres import PostgresStore

        return PostgresStore(url, pool_size=size)
    scheme = url.split("://", 1)[0]
    raise StoreError(
        template=N_(
            "Unknown store URL scheme %(scheme)s: use sqlite:///file.db or postgresql://host/db."
        ),
        params={"scheme": repr(scheme)},
    )


__all__ = [
    "DEFAULT_POOL_SIZE",
    "MAX_POOL_SIZE",
    "Account",
    "AccountStore",
    "EventStore",
    "Listener",
    "SessionRow",
    "SqliteStore",
    "StoreHealth",
    "StoredRow",
    "TournamentInfo",
    "check_pool_size",
    "open_store",
    "sqlite_path",
]
