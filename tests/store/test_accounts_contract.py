"""One AccountStore contract, run against every store: SQLite in memory, a SQLite file, PostgreSQL.

Staff accounts, settings, sessions, sign-in attempts and known addresses live beside the event
log in the same database (:mod:`pokertd.store.accounts`). The PostgreSQL run needs a server
named by ``$POKERTD_TEST_PG_URL`` (skipped with the reason otherwise) and works in a fresh
database of its own, so other tests' accounts cannot leak in.
"""

from __future__ import annotations

import secrets
import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from pokertd.errors import InvalidCommand, NotFound
from pokertd.roles import Role
from pokertd.store import Account, AccountStore, EventStore, SessionRow, open_store
from pokertd.store.accounts import ACCOUNT_TABLES, ADDRESS_DAYS

T0 = 1_790_000_000.0
"""A fixed wall-clock time (seconds) for sessions and attempts."""

Opener = Callable[[], AccountStore]


@pytest.fixture(
    params=["sqlite-memory", "sqlite-file", pytest.param("postgres", marks=pytest.mark.postgres)]
)
def opener(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Opener]:
    """Opens connections to one store (several calls: several connections, one database)."""
    kind: str = request.param
    opened: list[EventStore] = []
    if kind == "sqlite-memory":
        shared = open_store("sqlite:///:memory:")
        opened.append(shared)

        def factory() -> AccountStore:
            assert isinstance(shared, AccountStore)
            return shared

    else:
        if kind == "postgres":
            url = request.getfixturevalue("pg_database")
        else:
            url = f"sqlite:///{tmp_path / 'accounts.db'}"

        def factory() -> AccountStore:
            store = open_store(url)
            opened.append(store)
            assert isinstance(store, AccountStore)
            return store

    yield factory
    if kind == "postgres":  # the module shares the database: leave it empty for the next test
        cleaner = opened[0] if opened else None
        assert isinstance(cleaner, AccountStore)
        for account in cleaner.accounts():
            cleaner.remove_account(account.name)
        for row in cleaner.sessions(now=0):
            cleaner.end_session(row.id)
        cleaner.release_attempt("", forget=["addr:10.0.0.1", "addr:10.0.0.2", "acct:floor1"])
    for store in opened:
        store.close()


@pytest.fixture
def store(opener: Opener) -> AccountStore:
    return opener()


def _session(
    sid: str,
    user: str,
    role: Role,
    *,
    kind: str = "user",
    at: float = T0,
    ttl: float = 3600.0,
    table: int | None = None,
) -> SessionRow:
    return SessionRow(id=sid, kind=kind, user=user, role=role, tournament=None, table=table,
                      created=at, last_seen=at, expires=at + ttl, user_agent="pytest",
                      address="10.0.0.1")  # fmt: skip


# ---- settings ---------------------------------------------------------------------------


def test_both_stores_are_account_stores(store: AccountStore) -> None:
    assert isinstance(store, AccountStore)
    assert store.url.startswith(("sqlite:///", "postgresql://"))


def test_a_setting_is_written_once_and_then_kept(opener: Opener) -> None:
    first, second = opener(), opener()
    key = f"key-{secrets.token_hex(4)}"  # settings cannot be deleted: a name of its own
    assert first.setting(key) is None
    assert first.setting_once(key, "value-A") == "value-A"
    assert second.setting_once(key, "value-B") == "value-A"
    assert second.setting(key) == "value-A"


# ---- accounts ---------------------------------------------------------------------------


def test_accounts_are_listed_by_name_with_their_role_and_hash(store: AccountStore) -> None:
    assert store.accounts() == []
    assert not store.has_role(Role.DIRECTOR)
    store.add_account(Account("zoe", Role.DEALER, "h-zoe"))
    store.add_account(Account("amy", Role.FLOOR, "h-amy"))
    assert [(a.name, a.role) for a in store.accounts()] == [
        ("amy", Role.FLOOR),
        ("zoe", Role.DEALER),
    ]
    assert store.account("amy") == Account("amy", Role.FLOOR, "h-amy")
    assert store.account("nobody") is None
    assert store.has_role(Role.FLOOR)
    assert not store.has_role(Role.DIRECTOR)


def test_a_taken_name_is_refused_unless_replaced_and_a_reset_ends_sessions(
    store: AccountStore,
) -> None:
    store.add_account(Account("floor1", Role.FLOOR, "h1"))
    with pytest.raises(InvalidCommand, match="already exists"):
        store.add_account(Account("floor1", Role.DEALER, "h2"))
    assert store.account("floor1") == Account("floor1", Role.FLOOR, "h1")
    store.add_session(_session("s1", "floor1", Role.FLOOR), now=T0)
    store.add_account(Account("floor1", Role.DEALER, "h2"), replace=True)
    assert store.account("floor1") == Account("floor1", Role.DEALER, "h2")
    assert store.session_row("s1") is None


def test_the_first_director_is_created_exactly_once_by_racing_connections(
    opener: Opener,
) -> None:
    stores = [opener() for _ in range(4)]
    barrier = threading.Barrier(len(stores))
    results: list[bool] = []
    errors: list[str] = []

    def race(i: int) -> None:
        barrier.wait()
        try:
            results.append(stores[i].add_first(Account("director", Role.DIRECTOR, f"h{i}")))
        except Exception as exc:  # collected: a failure in a thread must fail the test
            errors.append(repr(exc))

    threads = [threading.Thread(target=race, args=(i,)) for i in range(len(stores))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert errors == []
    assert sorted(results) == [False, False, False, True]
    assert [a.name for a in stores[0].accounts()] == ["director"]


def test_first_director_refuses_a_name_taken_by_another_role(store: AccountStore) -> None:
    store.add_account(Account("boss", Role.FLOOR, "h"))
    with pytest.raises(InvalidCommand, match="already exists"):
        store.add_first(Account("boss", Role.DIRECTOR, "h2"))
    assert not store.has_role(Role.DIRECTOR)


def test_password_and_role_changes_end_the_accounts_sessions_only(store: AccountStore) -> None:
    store.add_account(Account("floor1", Role.FLOOR, "old"))
    store.add_account(Account("floor2", Role.FLOOR, "other"))
    store.add_session(_session("a", "floor1", Role.FLOOR), now=T0)
    store.add_session(_session("b", "floor2", Role.FLOOR), now=T0)
    store.set_password_hash("floor1", "new")
    assert store.account("floor1") == Account("floor1", Role.FLOOR, "new")
    assert store.session_row("a") is None
    store.add_session(_session("c", "floor1", Role.FLOOR), now=T0)
    store.set_account_role("floor1", Role.DEALER)
    assert store.account("floor1") == Account("floor1", Role.DEALER, "new")
    assert store.session_row("c") is None
    assert store.session_row("b") is not None
    with pytest.raises(NotFound, match="no user 'ghost'"):
        store.set_password_hash("ghost", "x")
    with pytest.raises(NotFound):
        store.set_account_role("ghost", Role.FLOOR)
    with pytest.raises(NotFound):
        store.remove_account("ghost")


def test_removing_an_account_drops_its_sessions_and_known_addresses(store: AccountStore) -> None:
    store.add_account(Account("floor1", Role.FLOOR, "h"))
    store.add_session(_session("a", "floor1", Role.FLOOR), now=T0)
    store.remember_address("floor1", "10.0.0.1", now=T0)
    store.remove_account("floor1")
    assert store.account("floor1") is None
    assert store.session_row("a") is None
    store.add_account(Account("floor1", Role.FLOOR, "h"))  # the same name, a new person
    assert not store.known_address("floor1", "10.0.0.1")


# ---- sessions ---------------------------------------------------------------------------


def test_a_session_comes_back_with_its_accounts_current_role(store: AccountStore) -> None:
    store.add_account(Account("floor1", Role.FLOOR, "h"))
    row = _session("s1", "floor1", Role.FLOOR, table=None)
    store.add_session(row, now=T0)
    assert store.session_row("s1") == (row, Role.FLOOR)
    pin = _session("p1", "table 3", Role.DEALER, kind="dealer", table=3)
    store.add_session(pin, now=T0)
    assert store.session_row("p1") == (pin, None)  # no account of that name
    assert store.session_row("nope") is None


def test_sessions_are_listed_newest_first_and_expired_ones_swept(store: AccountStore) -> None:
    store.add_session(_session("old", "a", Role.FLOOR, at=T0, ttl=60), now=T0)
    store.add_session(_session("mid", "b", Role.FLOOR, at=T0 + 10), now=T0 + 10)
    store.add_session(_session("new", "c", Role.FLOOR, at=T0 + 20), now=T0 + 20)
    assert [s.id for s in store.sessions(now=T0 + 30)] == ["new", "mid", "old"]
    assert [s.id for s in store.sessions(now=T0 + 61)] == ["new", "mid"]
    assert store.session_row("old") is not None  # listed no more, but still stored
    store.add_session(_session("later", "d", Role.FLOOR, at=T0 + 100), now=T0 + 100)
    assert store.session_row("old") is None  # a new session sweeps the expired ones


def test_touching_and_ending_sessions(store: AccountStore) -> None:
    store.add_session(_session("s1", "floor1", Role.FLOOR), now=T0)
    store.touch_session("s1", T0 + 120)
    found = store.session_row("s1")
    assert found is not None
    assert found[0].last_seen == T0 + 120
    assert store.end_session("s1") is True
    assert store.end_session("s1") is False


def test_ending_an_accounts_sessions_counts_staff_sessions_only(store: AccountStore) -> None:
    store.add_session(_session("u1", "floor1", Role.FLOOR), now=T0)
    store.add_session(_session("u2", "floor1", Role.FLOOR), now=T0)
    store.add_session(_session("d1", "floor1", Role.DEALER, kind="dealer", table=2), now=T0)
    assert store.end_sessions_of("floor1") == 2
    assert [s.id for s in store.sessions(now=T0)] == ["d1"]


# ---- sign-in attempts -------------------------------------------------------------------


def test_attempts_are_counted_per_key_up_to_the_limit(store: AccountStore) -> None:
    limits = [("addr:10.0.0.1", 3), ("acct:floor1", 5)]
    assert [store.reserve_attempt(f"r{i}", limits, now=T0 + i, window_s=60) for i in range(3)] \
        == [0, 0, 0]  # fmt: skip
    # the 4th is refused until the first one (at T0) leaves the 60 s window: 60 - 10 + 1 = 51
    assert store.reserve_attempt("r3", limits, now=T0 + 10, window_s=60) == 51
    # a refused attempt counted nothing: the account key still has 2 places left
    assert store.reserve_attempt("r4", [("acct:floor1", 5)], now=T0 + 10, window_s=60) == 0
    store.release_attempt("r0")  # a success is un-counted
    assert store.reserve_attempt("r5", limits, now=T0 + 11, window_s=60) == 0
    assert store.reserve_attempt("r6", limits, now=T0 + 12, window_s=60) > 0
    store.release_attempt("r5", forget=["addr:10.0.0.1"])  # forget the address's failures
    assert store.reserve_attempt("r7", limits, now=T0 + 13, window_s=60) == 0
    # after the window everything is forgotten
    assert store.reserve_attempt("r8", [("acct:floor1", 1)], now=T0 + 200, window_s=60) == 0


def test_racing_attempts_never_exceed_the_limit(opener: Opener) -> None:
    stores = [opener() for _ in range(4)]
    barrier = threading.Barrier(8)
    granted: list[int] = []
    errors: list[str] = []

    def attempt(i: int) -> None:
        barrier.wait()
        try:
            wait = stores[i % 4].reserve_attempt(
                f"race{i}", [("addr:10.0.0.2", 5)], now=T0, window_s=60
            )
            granted.append(wait)
        except Exception as exc:  # collected: a failure in a thread must fail the test
            errors.append(repr(exc))

    threads = [threading.Thread(target=attempt, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert errors == []
    assert sorted(granted) == [0, 0, 0, 0, 0, 61, 61, 61]


# ---- known addresses --------------------------------------------------------------------


def test_known_addresses_are_remembered_and_forgotten_after_the_keep_period(
    store: AccountStore,
) -> None:
    assert not store.known_address("floor1", "10.0.0.1")
    store.remember_address("floor1", "10.0.0.1", now=T0)
    assert store.known_address("floor1", "10.0.0.1")
    assert not store.known_address("floor2", "10.0.0.1")
    store.remember_address("floor1", "10.0.0.1", now=T0 + 100)  # refreshed, not doubled
    later = T0 + 100 + ADDRESS_DAYS * 86400 + 1
    store.remember_address("floor2", "10.9.9.9", now=later)
    assert not store.known_address("floor1", "10.0.0.1")
    assert store.known_address("floor2", "10.9.9.9")


# ---- SQLite files -----------------------------------------------------------------------


def test_opening_a_sqlite_store_creates_no_account_tables_until_used(tmp_path: Path) -> None:
    path = tmp_path / "events.db"
    store = open_store(f"sqlite:///{path}")
    try:
        with sqlite3.connect(path) as raw:
            names = {r[0] for r in raw.execute("SELECT name FROM sqlite_master")}
        assert not names & set(ACCOUNT_TABLES)
        assert isinstance(store, AccountStore)
        assert store.accounts() == []
        with sqlite3.connect(path) as raw:
            names = {r[0] for r in raw.execute("SELECT name FROM sqlite_master")}
        assert set(ACCOUNT_TABLES) <= names
    finally:
        store.close()


def test_accounts_written_by_the_previous_user_store_are_read(tmp_path: Path) -> None:
    """Before issue 11 ``web.users.AccountService`` made these tables itself: same columns."""
    path = tmp_path / "old.db"
    open_store(f"sqlite:///{path}").close()
    with sqlite3.connect(path) as raw:
        raw.execute(
            "CREATE TABLE pokertd_users "
            "(name TEXT PRIMARY KEY, role TEXT NOT NULL, password_hash TEXT NOT NULL)"
        )
        raw.execute("CREATE TABLE pokertd_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        raw.execute("INSERT INTO pokertd_users VALUES ('director', 'director', '$argon2id$x')")
        raw.execute("INSERT INTO pokertd_settings VALUES ('secret_key', 'kept-key')")
    store = open_store(f"sqlite:///{path}")
    try:
        assert isinstance(store, AccountStore)
        assert store.accounts() == [Account("director", Role.DIRECTOR, "$argon2id$x")]
        assert store.setting_once("secret_key", "new-key") == "kept-key"
    finally:
        store.close()
