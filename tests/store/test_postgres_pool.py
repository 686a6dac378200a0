"""PostgreSQL through a connection pool (issue 16): sizes, parallel work, own notifications.

Each module gets a fresh database (``pg_database``), so counting the ``pokertd``
connections in ``pg_stat_activity`` sees only this module's stores. No wall-clock
assertions: overlap is proven by one operation finishing while another holds a connection.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime

import psycopg
import pytest

from pokertd.app.tournaments import open_service
from pokertd.errors import InvalidCommand, StoreError
from pokertd.store import DEFAULT_POOL_SIZE, open_store
from pokertd.store.postgres import APPLICATION, PostgresStore
from pokertd.store.testing import ToyCreated, ToyNoted, postgres_test_url

T0 = datetime(2026, 11, 22, 19, 0, tzinfo=UTC)


def _tid() -> str:
    return f"p-{uuid.uuid4().hex[:12]}"


def _connections(url: str) -> int:
    """How many pool connections (``application_name`` pokertd) the database has now."""
    name = url.rsplit("/", 1)[1]
    with psycopg.connect(url, autocommit=True) as admin:
        row = admin.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND application_name = %s",
            (name, APPLICATION),
        ).fetchone()
    assert row is not None
    return int(row[0])


@pytest.mark.parametrize("size", [0, -1, 101, True, 2.5])
def test_a_bad_pool_size_is_a_clear_invalid_command(size: object) -> None:
    """Refused for SQLite too: a typo in ``--pool-size`` is caught on any database."""
    with pytest.raises(InvalidCommand, match="pool size must be"):
        open_store("sqlite:///:memory:", pool_size=size)  # type: ignore[arg-type]
    with pytest.raises(InvalidCommand, match="pool size must be"):
        open_service("sqlite:///:memory:", pool_size=size)  # type: ignore[arg-type]


def test_sqlite_accepts_and_ignores_a_pool_size() -> None:
    store = open_store("sqlite:///:memory:", pool_size=8)
    try:
        store.append("t", 0, [ToyCreated(name="a", seats=2)], actor="a", recorded_at=T0)
        assert store.last_seq("t") == 1
    finally:
        store.close()


@pytest.fixture
def pooled(pg_database: str) -> Iterator[PostgresStore]:
    store = open_store(pg_database, pool_size=4)
    assert isinstance(store, PostgresStore)
    yield store
    store.close()


@pytest.mark.postgres
def test_pool_size_defaults_to_four_and_is_kept(pg_database: str) -> None:
    store = open_store(pg_database)
    assert isinstance(store, PostgresStore)
    try:
        assert store.pool_size == DEFAULT_POOL_SIZE == 4
        assert store.pool_stats()["pool_max"] == 4
    finally:
        store.close()
    service = open_service(pg_database, pool_size=7)
    try:
        assert isinstance(service.store, PostgresStore)
        assert service.store.pool_stats()["pool_max"] == 7
    finally:
        service.close()


@pytest.mark.postgres
def test_an_append_runs_while_another_thread_holds_a_connection(
    pooled: PostgresStore,
) -> None:
    """With one connection behind a lock this append would wait forever for the holder."""
    tid = _tid()
    holding = threading.Event()
    release = threading.Event()

    def hold() -> None:
        with pooled._accounts_read() as run:
            run("SELECT 1", ())
            holding.set()
            release.wait(30)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert holding.wait(10)
        pooled.append(tid, 0, [ToyCreated(name="x", seats=2)], actor="a", recorded_at=T0)
        assert pooled.last_seq(tid) == 1
        assert not release.is_set()  # the holder still has its connection
        assert pooled.pool_stats()["pool_size"] >= 2
    finally:
        release.set()
        holder.join(10)
        pooled.delete(tid)


@pytest.mark.postgres
def test_threads_append_to_their_tournaments_at_once(
    pooled: PostgresStore, pg_database: str
) -> None:
    threads_n, batches = 4, 25
    tids = [_tid() for _ in range(threads_n)]
    start = threading.Barrier(threads_n)
    inside = threading.Barrier(threads_n, timeout=20)
    errors: list[BaseException] = []

    def work(tid: str) -> None:
        try:
            start.wait()
            pooled.append(tid, 0, [ToyCreated(name=tid, seats=9)], actor="a", recorded_at=T0)
            # Every thread holds a pool connection at the same moment: proof of overlap.
            with pooled._accounts_read() as run:
                run("SELECT 1", ())
                inside.wait()
            for seq in range(1, batches):
                pooled.append(tid, seq, [ToyNoted(text=str(seq))], actor="a", recorded_at=T0)
        except BaseException as exc:
            errors.append(exc)

    workers = [threading.Thread(target=work, args=(t,)) for t in tids]
    for w in workers:
        w.start()
    for w in workers:
        w.join(60)
    assert errors == []
    assert [pooled.last_seq(t) for t in tids] == [batches] * threads_n
    assert [len(pooled.load(t)) for t in tids] == [batches] * threads_n
    assert pooled.pool_stats()["pool_size"] == threads_n
    assert _connections(pg_database) == threads_n
    for t in tids:
        pooled.delete(t)


@pytest.mark.postgres
def test_nested_operations_on_one_thread_reuse_its_connection(pg_database: str) -> None:
    """pool_size 1: an append inside an open read would otherwise wait for itself."""
    store = open_store(pg_database, pool_size=1)
    assert isinstance(store, PostgresStore)
    tid = _tid()
    try:
        with store._accounts_read():
            store.append(tid, 0, [ToyCreated(name="x", seats=2)], actor="a", recorded_at=T0)
            assert store.last_seq(tid) == 1
        assert store.pool_stats()["pool_size"] == 1
    finally:
        store.delete(tid)
        store.close()


@pytest.mark.postgres
def test_listen_skips_every_own_pool_connection_and_hears_others(pg_database: str) -> None:
    mine = open_store(pg_database, pool_size=4)
    other = open_store(pg_database, pool_size=2)
    assert isinstance(mine, PostgresStore)
    heard: list[tuple[str, int]] = []
    stop = mine.listen(lambda t, seq: heard.append((t, seq)))
    assert stop is not None
    own = [_tid() for _ in range(4)]
    theirs = _tid()
    try:
        go = threading.Barrier(4)
        inside = threading.Barrier(4, timeout=20)

        def write(tid: str) -> None:
            go.wait()
            with mine._accounts_read():  # four connections at once: four backend pids
                inside.wait()
                mine.append(tid, 0, [ToyCreated(name=tid, seats=2)], actor="a", recorded_at=T0)

        workers = [threading.Thread(target=write, args=(t,)) for t in own]
        for w in workers:
            w.start()
        for w in workers:
            w.join(30)
        assert mine.pool_stats()["pool_size"] == 4
        other.append(theirs, 0, [ToyCreated(name="b", seats=2)], actor="b", recorded_at=T0)
        other.append(theirs, 1, [ToyNoted(text="n")], actor="b", recorded_at=T0)
        deadline = time.monotonic() + 5
        while (theirs, 2) not in heard and time.monotonic() < deadline:
            time.sleep(0.02)
        # Notifications arrive in commit order: our four came before theirs, and none shows.
        assert [h for h in heard if h[0] in {*own, theirs}] == [(theirs, 1), (theirs, 2)]
    finally:
        stop()
        for t in [*own, theirs]:
            mine.delete(t)
        mine.close()
        other.close()


@pytest.mark.postgres
def test_close_closes_the_pool(pg_database: str) -> None:
    store = open_store(pg_database, pool_size=3)
    store.append(_tid(), 0, [ToyCreated(name="x", seats=2)], actor="a", recorded_at=T0)
    assert _connections(pg_database) >= 1
    store.close()
    deadline = time.monotonic() + 5
    while _connections(pg_database) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _connections(pg_database) == 0
    with pytest.raises(StoreError):
        store.last_seq("x")


@pytest.mark.postgres
def test_the_pool_recovers_after_the_server_drops_its_connections(pg_database: str) -> None:
    """A PostgreSQL restart or failover ends every session: the next operations still work
    (the pool checks a connection before lending it)."""
    store = open_store(pg_database, pool_size=2)
    tid = _tid()
    try:
        store.append(tid, 0, [ToyCreated(name="x", seats=2)], actor="a", recorded_at=T0)
        name = pg_database.rsplit("/", 1)[1]
        with psycopg.connect(pg_database, autocommit=True) as admin:
            ended = admin.execute(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = %s AND application_name = %s",
                (name, APPLICATION),
            ).fetchone()
        assert ended is not None
        assert int(ended[0]) >= 1
        assert store.health().current
        store.append(tid, 1, [ToyNoted(text="again")], actor="a", recorded_at=T0)
        assert store.last_seq(tid) == 2
    finally:
        store.delete(tid)
        store.close()


@pytest.mark.postgres
def test_health_fails_clearly_while_the_database_refuses_and_recovers(pg_database: str) -> None:
    """What ``/readyz`` sees: the server refusing connections is a ``StoreError`` within a
    few seconds (not a hang), and health comes back once the server accepts again."""
    store = open_store(pg_database, pool_size=2)
    name = pg_database.rsplit("/", 1)[1]
    try:
        assert store.health().current
        base, _ = postgres_test_url()  # another database: ours will refuse us
        assert base is not None
        with psycopg.connect(base, autocommit=True) as admin:
            admin.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS false")
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = %s AND pid <> pg_backend_pid()",
                (name,),
            )
        with pytest.raises(StoreError, match="No connection to PostgreSQL"):
            store.health()
        with psycopg.connect(base, autocommit=True) as admin:
            admin.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true")
        deadline = time.monotonic() + 20
        while True:
            try:
                assert store.health().current
                break
            except StoreError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
    finally:
        store.close()


@pytest.mark.postgres
def test_replaced_pool_connections_are_forgotten_by_the_own_notify_filter(
    pg_database: str,
) -> None:
    """The pool replaces connections for years (``max_lifetime``, a failover, a drain): the
    pids the listener checks against are those of the open connections, not every one
    ever made (an entry per replaced connection would grow without end)."""
    store = open_store(pg_database, pool_size=2)
    assert isinstance(store, PostgresStore)
    try:
        for _ in range(6):
            store._pool.drain()  # closes every connection; the pool opens new ones
            store.last_seq("nothing")
            store._pool.wait(timeout=10)
        assert 1 <= len(store._members) <= 2 + 1  # the open ones (one may be coming in)
    finally:
        store.close()


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://pokertd:s3cret-pw@db:5432/pokertd",
        "postgresql://pokertd@db/pokertd?sslmode=require&password=s3cret-pw",
        "postgresql://db/pokertd?password=s3cret-pw",
    ],
)
def test_a_password_never_reaches_a_message_or_the_serving_log(url: str) -> None:
    """libpq takes the password in the user part or as ``?password=``: both are masked in
    the store's messages and in ``pokertd serve``'s ``serving`` log line."""
    from pokertd.store.base import masked_url

    for shown in (masked_url(url), masked_url(f"PostgreSQL at {url} failed")):
        assert "s3cret-pw" not in shown
        assert "db" in shown
