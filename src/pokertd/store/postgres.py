"""The event store on PostgreSQL (psycopg 3), for several app processes on one database.

Tables ``pokertd_tournaments``, ``pokertd_events`` and ``pokertd_schema`` (prefixed, so a
shared database stays tidy). An append locks the tournament's index row
(``SELECT … FOR UPDATE``), checks the expected seq, inserts its rows and
``NOTIFY pokertd, '<tournament_id>:<last seq>'`` in one transaction; the primary key
``(tournament_id, seq)`` backs the check up, so two racing writers can never both succeed.
An acknowledged append is a committed transaction.

Connections come from a pool (:class:`psycopg_pool.ConnectionPool`, 1 to ``pool_size``
connections, ``application_name`` ``pokertd``): each operation borrows one for its
statement or transaction, so web threads read and write in parallel instead of queueing
behind one connection. An operation nested in another on the same thread reuses the
connection it already holds (one pool slot per thread, never a wait on itself).

:meth:`PostgresStore.listen` runs a background thread on its own connection (``LISTEN
pokertd``) and reports appends made by *other* stores, so several ``pokertd serve``
processes see each other's changes within a second. Its own appends are recognised by the
backend pid PostgreSQL puts on each notification: the store remembers the pid of every
pool connection it opened (and ignores pids of connections already closed).
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

import psycopg
from psycopg import errors as pg_errors
from psycopg_pool import ConnectionPool, PoolTimeout

from pokertd.errors import ConcurrencyConflict, PokertdError, StoreError
from pokertd.i18n import N_, Phrase
from pokertd.store.accounts import ACCOUNTS_LOCK, Runner, SqlAccounts
from pokertd.store.base import (
    RESYNC,
    SCHEMA_VERSIONS,
    Listener,
    StoredRow,
    StoreHealth,
    TournamentInfo,
    already_exists,
    check_append,
    check_import,
    check_pool_size,
    conflict,
    decode_rows,
    encode,
    first_name,
    masked_url,
    records_for,
    utc_iso,
)
from pokertd.store.leagues import SqlLeagues
from pokertd.store.mail import SqlMail
from pokertd.store.projections import Projections
from pokertd.store.screens import SqlScreens
from pokertd.store.series import SqlSeries
from pokertd.tournament.framework import Event, EventRecord

SCHEMA_VERSION = SCHEMA_VERSIONS["postgresql"]
"""The schema this code writes (row of ``pokertd_schema``; 2 added snapshots, 3 the
``command`` column of ``pokertd_events``, 4 ``pokertd_projections``)."""
CHANNEL = "pokertd"
"""The LISTEN/NOTIFY channel; payload ``'<tournament_id>:<last seq>'``."""
APPLICATION = "pokertd"
"""``application_name`` of the pool's connections (visible in ``pg_stat_activity``)."""
POOL_WAIT_SECONDS = 10.0
"""How long an operation waits for a free pool connection before failing."""
HEALTH_WAIT_SECONDS = 3.0
"""How long :meth:`PostgresStore.health` waits for a connection (a probe must be quick)."""
LISTEN_APPLICATION = "pokertd-listen"
"""``application_name`` of the listener's connection (visible in ``pg_stat_activity``)."""
_SCHEMA_LOCK = 0x504B5444  # advisory lock key: one process creates the schema

_SCHEMA = [
    "CREATE TABLE IF NOT EXISTS pokertd_schema (version integer NOT NULL)",
    """CREATE TABLE IF NOT EXISTS pokertd_tournaments (
        id          text PRIMARY KEY,
        name        text NOT NULL,
        created_at  timestamptz NOT NULL,
        updated_at  timestamptz NOT NULL,
        last_seq    integer NOT NULL
    )""",
    """CREATE TABLE IF NOT EXISTS pokertd_events (
        tournament_id text NOT NULL,
        seq           integer NOT NULL,
        batch         integer NOT NULL,
        recorded_at   timestamptz NOT NULL,
        actor         text NOT NULL,
        type          text NOT NULL,
        version       integer NOT NULL,
        data          text NOT NULL,
        command       text,
        PRIMARY KEY (tournament_id, seq)
    )""",
    """CREATE TABLE IF NOT EXISTS pokertd_snapshots (
        tournament_id text NOT NULL,
        key           text NOT NULL,
        seq           integer NOT NULL,
        data          bytea NOT NULL,
        PRIMARY KEY (tournament_id, key)
    )""",
    # How far each read model has applied each log (pokertd.store.projections); schema 4.
    """CREATE TABLE IF NOT EXISTS pokertd_projections (
        name          text NOT NULL,
        tournament_id text NOT NULL,
        seq           integer NOT NULL,
        PRIMARY KEY (name, tournament_id)
    )""",
]

_MIGRATIONS = {
    # from version -> statements that bring the database to version + 1 (run only then:
    # an ALTER TABLE locks the table even when it changes nothing)
    2: [
        # The command that made each batch (who may undo it); old rows stay NULL.
        "ALTER TABLE pokertd_events ADD COLUMN IF NOT EXISTS command text",
    ],
}

_ROW_COLUMNS = "seq, batch, recorded_at, actor, type, version, data, command"
log = logging.getLogger("pokertd.store")

Conn = psycopg.Connection[tuple[Any, ...]]


def _connect(url: str, *, connect_timeout: int = 5, application_name: str = "pokertd") -> Conn:
    try:
        conn = psycopg.connect(
            url,
            autocommit=True,
            connect_timeout=connect_timeout,
            application_name=application_name,
        )
    except psycopg.Error as exc:
        where = masked_url(url)
        raise StoreError(
            template=N_("Cannot connect to PostgreSQL at %(url)s: %(problem)s"),
            params={"url": where, "problem": str(exc)},
        ) from exc
    conn.execute("SET TIME ZONE 'UTC'")
    return conn


class PostgresStore(SqlLeagues, SqlAccounts, Projections, SqlSeries, SqlMail, SqlScreens):
    """An :class:`~pokertd.store.base.EventStore` on PostgreSQL (thread-safe, pooled).

    Also the :class:`~pokertd.store.accounts.AccountStore` of that database (staff
    accounts, sessions, sign-in attempts), through the same pool. ``pool_size`` caps the
    connections this store holds (1 to 100; default 4); the listener's connection is extra.
    """

    _TOURNAMENTS = "pokertd_tournaments"
    _PROJECTIONS = "pokertd_projections"
    _EVENTS = "pokertd_events"

    def __init__(self, url: str, *, pool_size: int | None = None) -> None:
        self.url = url
        self.pool_size = check_pool_size(pool_size)
        self._local = threading.local()
        self._members: dict[int, weakref.ref[Conn]] = {}
        self._members_lock = threading.Lock()
        setup = _connect(url)
        try:
            self._setup(setup)
        finally:
            setup.close()
        self._pool: ConnectionPool[Conn] = ConnectionPool(
            url,
            min_size=1,
            max_size=self.pool_size,
            kwargs={"autocommit": True, "connect_timeout": 5, "application_name": APPLICATION},
            configure=self._configure,
            check=ConnectionPool.check_connection,
            timeout=POOL_WAIT_SECONDS,
            name="pokertd",
            num_workers=2,
            open=False,
        )
        try:
            self._pool.open(wait=True, timeout=POOL_WAIT_SECONDS)
        except psycopg.Error as exc:
            self._pool.close()
            raise StoreError(
                template=N_("Cannot open a connection pool to PostgreSQL at %(url)s: %(problem)s"),
                params={"url": masked_url(url), "problem": str(exc)},
            ) from exc

    def _configure(self, conn: Conn) -> None:
        """Prepare a new pool connection: UTC times, and remember its backend pid so the
        listener can tell this store's notifications from other processes'."""
        conn.execute("SET TIME ZONE 'UTC'")
        with self._members_lock:
            # forget the connections the pool has closed since (replaced for years on end)
            for pid, ref in list(self._members.items()):
                gone = ref()
                if gone is None or gone.closed:
                    del self._members[pid]
            self._members[conn.info.backend_pid] = weakref.ref(conn)

    def _is_own(self, pid: int) -> bool:
        """Whether ``pid`` is the backend of one of this store's open pool connections."""
        with self._members_lock:
            ref = self._members.get(pid)
        conn = ref() if ref is not None else None
        return conn is not None and not conn.closed

    def _setup(self, conn: Conn) -> None:
        with self._errors(N_("creating the schema")), conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            for statement in _SCHEMA:
                conn.execute(statement)
            found = conn.execute("SELECT max(version) FROM pokertd_schema").fetchone()
            version = found[0] if found else None
            if version is None:  # new database (the migrations change nothing then)
                for statements in _MIGRATIONS.values():
                    for statement in statements:
                        conn.execute(statement)
                conn.execute("INSERT INTO pokertd_schema (version) VALUES (%s)", (SCHEMA_VERSION,))
            elif int(str(version)) < SCHEMA_VERSION:  # the CREATEs above added new tables
                for step in range(int(str(version)), SCHEMA_VERSION):
                    for statement in _MIGRATIONS.get(step, []):
                        conn.execute(statement)
                conn.execute("UPDATE pokertd_schema SET version = %s", (SCHEMA_VERSION,))
            elif int(str(version)) > SCHEMA_VERSION:
                raise StoreError(
                    template=N_(
                        "The database at %(url)s was written by a newer pokertd (schema "
                        "%(version)s; this version reads up to %(most)s). Upgrade pokertd."
                    ),
                    params={
                        "url": masked_url(self.url),
                        "version": version,
                        "most": SCHEMA_VERSION,
                    },
                )

    @contextmanager
    def _connection(self, timeout: float | None = None) -> Iterator[Conn]:
        """A pool connection for one operation; nested operations on the same thread reuse
        the one already held (as the old single connection's re-entrant lock allowed)."""
        held: Conn | None = getattr(self._local, "conn", None)
        if held is not None:
            yield held
            return
        with self._pool.connection(timeout=timeout) as conn:
            self._local.conn = conn
            try:
                yield conn
            finally:
                self._local.conn = None

    @contextmanager
    def _errors(self, doing: str) -> Iterator[None]:
        """Turn psycopg failures into pokertd errors."""
        try:
            yield
        except PokertdError:
            raise
        except pg_errors.UniqueViolation as exc:
            raise ConcurrencyConflict(
                template=N_(
                    "Another writer appended to the tournament first. Reload and try again."
                )
            ) from exc
        except PoolTimeout as exc:
            raise self._no_connection(doing) from exc
        except psycopg.Error as exc:
            raise StoreError(
                template=N_("PostgreSQL at %(url)s failed while %(doing)s: %(problem)s"),
                params={"url": masked_url(self.url), "doing": Phrase(doing), "problem": str(exc)},
            ) from exc

    def _no_connection(self, doing: str) -> StoreError:
        """The error when no pool connection came free in time (server down or pool full)."""
        return StoreError(
            template=N_(
                "No connection to PostgreSQL at %(url)s came free in time while %(doing)s: the "
                "database is unreachable, or all %(pool)s pooled connections stayed busy (a "
                "larger --pool-size helps then). Try again."
            ),
            params={"url": masked_url(self.url), "doing": Phrase(doing), "pool": self.pool_size},
        )

    # ----------------------------------------------------------------------------------
    # AccountStore hooks (the SQL is in SqlAccounts, with ``?`` placeholders)

    @contextmanager
    def _account_errors(self) -> Iterator[None]:
        """Turn psycopg failures of the side tables (accounts, players, leagues, series) into
        ``StoreError``."""
        try:
            yield
        except PokertdError:
            raise
        except PoolTimeout as exc:
            raise self._no_connection(
                N_("reading or writing staff, player or league data")
            ) from exc
        except psycopg.Error as exc:
            raise StoreError(
                template=N_(
                    "The staff, player, league and series tables at %(url)s are down: %(problem)s"
                ),
                params={"url": masked_url(self.url), "problem": str(exc)},
            ) from exc

    @staticmethod
    def _runner(conn: Conn) -> Runner:
        def run(sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
            cur = conn.execute(sql.replace("?", "%s"), params)
            return [tuple(row) for row in cur.fetchall()] if cur.description else []

        return run

    @contextmanager
    def _accounts_tx(self, lock_key: int = ACCOUNTS_LOCK) -> Iterator[Runner]:
        """A transaction under advisory lock ``lock_key``: no other process interleaves."""
        with self._account_errors(), self._connection() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (lock_key,))
            yield self._runner(conn)

    @contextmanager
    def _accounts_read(self) -> Iterator[Runner]:
        with self._account_errors(), self._connection() as conn:
            yield self._runner(conn)

    # ----------------------------------------------------------------------------------
    # EventStore

    def append(
        self,
        tournament_id: str,
        expected_seq: int,
        events: Sequence[Event],
        *,
        actor: str,
        recorded_at: datetime,
        command: str | None = None,
    ) -> list[EventRecord]:
        """Append ``events`` as one batch after ``expected_seq`` (all or nothing, committed).

        ``command`` (the producing command's class name) is stored on every row."""
        check_append(tournament_id, expected_seq, events)
        utc_iso(recorded_at)  # refuses a naive time
        at = recorded_at.astimezone(UTC)
        encoded = encode(events)
        batch = expected_seq + 1
        rows = [
            (tournament_id, batch + i, batch, at, actor, t, v, d, command)
            for i, (t, v, d) in enumerate(encoded)
        ]
        last = expected_seq + len(rows)
        records = records_for(expected_seq, events, actor, at, command)
        self._before_append()
        with self._errors(N_("appending")), self._connection() as conn, conn.transaction():
            cur = conn.cursor()
            found = cur.execute(
                "SELECT last_seq FROM pokertd_tournaments WHERE id = %s FOR UPDATE",
                (tournament_id,),
            ).fetchone()
            if found is None:
                if expected_seq != 0:
                    raise conflict(tournament_id, expected_seq, 0)
                created = cur.execute(
                    "INSERT INTO pokertd_tournaments (id, name, created_at, updated_at, last_seq) "
                    "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (id) DO NOTHING RETURNING id",
                    (tournament_id, first_name(tournament_id, encoded), at, at, last),
                ).fetchone()
                if created is None:  # created by a racing writer meanwhile
                    raise conflict(tournament_id, expected_seq, self._last_seq(cur, tournament_id))
            else:
                actual = int(str(found[0]))
                if actual != expected_seq:
                    raise conflict(tournament_id, expected_seq, actual)
                cur.execute(
                    "UPDATE pokertd_tournaments SET last_seq = %s, updated_at = %s WHERE id = %s",
                    (last, at, tournament_id),
                )
            cur.executemany(
                f"INSERT INTO pokertd_events (tournament_id, {_ROW_COLUMNS}) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
                rows,
            )
            self._project_in(self._runner(conn), tournament_id, records)
            cur.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{tournament_id}:{last}"))
        return records

    @staticmethod
    def _last_seq(cur: psycopg.Cursor[tuple[Any, ...]], tournament_id: str) -> int:
        found = cur.execute(
            "SELECT last_seq FROM pokertd_tournaments WHERE id = %s", (tournament_id,)
        ).fetchone()
        return int(str(found[0])) if found else 0

    def import_rows(self, rows: Sequence[StoredRow], *, name: str) -> None:
        """Write one new tournament's stored rows as given (all or nothing, committed) and
        notify other processes as an append does. ``InvalidCommand`` when the id exists or
        the rows are not a whole log."""
        tid, times = check_import(rows, name)
        values = [
            (tid, r.seq, r.batch, at, r.actor, r.type, r.version, r.data, r.command)
            for r, at in zip(rows, times, strict=True)
        ]
        last = values[-1][1]
        records = self._import_records(tid, values)
        with self._errors(N_("importing")), self._connection() as conn, conn.transaction():
            cur = conn.cursor()
            created = cur.execute(
                "INSERT INTO pokertd_tournaments (id, name, created_at, updated_at, last_seq) "
                "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (id) DO NOTHING RETURNING id",
                (tid, name, times[0], times[-1], last),
            ).fetchone()
            if (
                created is None
                or cur.execute(
                    "SELECT 1 FROM pokertd_events WHERE tournament_id = %s LIMIT 1", (tid,)
                ).fetchone()
            ):
                raise already_exists(tid)
            cur.execute("DELETE FROM pokertd_snapshots WHERE tournament_id = %s", (tid,))
            cur.executemany(
                f"INSERT INTO pokertd_events (tournament_id, {_ROW_COLUMNS}) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s)",
                values,
            )
            self._project_in(self._runner(conn), tid, records)
            cur.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{tid}:{last}"))

    def health(self) -> StoreHealth:
        """Ask PostgreSQL for the schema version it holds (waits at most a few seconds
        for a connection); ``StoreError`` when the database does not answer."""
        with self._errors(N_("checking health")), self._connection(HEALTH_WAIT_SECONDS) as conn:
            found = conn.execute("SELECT max(version) FROM pokertd_schema").fetchone()
        version = found[0] if found else None
        return StoreHealth("postgresql", int(str(version or 0)), SCHEMA_VERSION)

    def load(self, tournament_id: str, after_seq: int = 0) -> list[EventRecord]:
        """The records of ``tournament_id`` after ``after_seq``, in order."""
        with self._errors(N_("loading")), self._connection() as conn:
            rows = conn.execute(
                f"SELECT {_ROW_COLUMNS} FROM pokertd_events "
                "WHERE tournament_id = %s AND seq > %s ORDER BY seq",
                (tournament_id, after_seq),
            ).fetchall()
        return decode_rows(tournament_id, rows)

    def last_seq(self, tournament_id: str) -> int:
        """The seq of the tournament's last event (0 when it has none)."""
        with self._errors(N_("reading")), self._connection() as conn:
            return self._last_seq(conn.cursor(), tournament_id)

    def tournaments(self) -> list[TournamentInfo]:
        """Every tournament, most recently created first."""
        with self._errors(N_("listing tournaments")), self._connection() as conn:
            rows = conn.execute(
                "SELECT id, name, created_at, updated_at, last_seq FROM pokertd_tournaments "
                "ORDER BY created_at DESC, id"
            ).fetchall()
        return [TournamentInfo(str(r[0]), str(r[1]), r[2], r[3], int(r[4])) for r in rows]

    def rows(self, tournament_id: str) -> list[StoredRow]:
        """The tournament's rows as stored (``recorded_at`` as ISO-8601 UTC text)."""
        with self._errors(N_("reading")), self._connection() as conn:
            rows = conn.execute(
                f"SELECT tournament_id, {_ROW_COLUMNS} FROM pokertd_events "
                "WHERE tournament_id = %s ORDER BY seq",
                (tournament_id,),
            ).fetchall()
        return [
            StoredRow(
                str(r[0]),
                int(r[1]),
                int(r[2]),
                utc_iso(r[3]),
                str(r[4]),
                str(r[5]),
                int(r[6]),
                str(r[7]),
                None if r[8] is None else str(r[8]),
            )
            for r in rows
        ]

    def delete(self, tournament_id: str) -> None:
        """Remove a whole tournament and its events."""
        with self._errors(N_("deleting")), self._connection() as conn, conn.transaction():
            conn.execute("DELETE FROM pokertd_events WHERE tournament_id = %s", (tournament_id,))
            conn.execute("DELETE FROM pokertd_tournaments WHERE id = %s", (tournament_id,))
            conn.execute("DELETE FROM pokertd_snapshots WHERE tournament_id = %s", (tournament_id,))
            self.forget_positions(self._runner(conn), tournament_id)

    def save_snapshot(self, tournament_id: str, seq: int, key: str, data: bytes) -> None:
        """Keep ``data`` as the tournament's snapshot at ``seq`` for ``key`` (replacing)."""
        with self._errors(N_("saving a snapshot")), self._connection() as conn:
            conn.execute(
                "INSERT INTO pokertd_snapshots (tournament_id, key, seq, data) "
                "VALUES (%s, %s, %s, %s) ON CONFLICT (tournament_id, key) DO UPDATE "
                "SET seq = excluded.seq, data = excluded.data "
                "WHERE excluded.seq > pokertd_snapshots.seq",
                (tournament_id, key, seq, data),
            )

    def load_snapshot(self, tournament_id: str, key: str) -> tuple[int, bytes] | None:
        """``(seq, data)`` of the tournament's snapshot for ``key``, or ``None``."""
        with self._errors(N_("reading a snapshot")), self._connection() as conn:
            found = conn.execute(
                "SELECT seq, data FROM pokertd_snapshots WHERE tournament_id = %s AND key = %s",
                (tournament_id, key),
            ).fetchone()
        if found is None:
            return None
        return int(found[0]), bytes(found[1])

    def listen(self, callback: Listener) -> Callable[[], None] | None:
        """Report other stores' appends: ``callback(tournament_id, last_seq)``.

        A daemon thread with its own connection (``application_name`` ``pokertd-listen``)
        waits on ``LISTEN pokertd``; notifications sent by this store's pool connections
        are skipped (the service published those already). After a lost connection it
        reconnects and calls ``callback(RESYNC, 0)``: notifications may have been missed,
        reload everything. The returned function stops it. Callback exceptions are logged.
        """
        conn = _connect(self.url, application_name=LISTEN_APPLICATION)
        conn.execute(f"LISTEN {CHANNEL}")
        stop = threading.Event()

        def run() -> None:
            nonlocal conn
            while not stop.is_set():
                try:
                    for note in conn.notifies(timeout=0.25):
                        if self._is_own(note.pid):
                            continue  # our own append: the service published it already
                        tid, _, seq = note.payload.rpartition(":")
                        try:
                            callback(tid, int(seq))
                        except Exception:
                            log.exception("listener callback failed for %s", note.payload)
                except psycopg.Error:
                    if stop.is_set():
                        break
                    log.warning("lost the LISTEN connection to PostgreSQL; reconnecting")
                    stop.wait(1.0)
                    try:
                        conn.close()
                        conn = _connect(self.url, application_name=LISTEN_APPLICATION)
                        conn.execute(f"LISTEN {CHANNEL}")
                    except (StoreError, psycopg.Error):
                        continue
                    try:
                        callback(RESYNC, 0)
                    except Exception:
                        log.exception("listener resync failed")
            conn.close()

        thread = threading.Thread(target=run, name="pokertd-listen", daemon=True)
        thread.start()

        def unlisten() -> None:
            stop.set()
            thread.join(timeout=5)

        return unlisten

    def pool_stats(self) -> dict[str, int]:
        """The pool's counters (``pool_size``, ``pool_available``, ``requests_num``, …) as
        psycopg_pool reports them: for metrics and tests."""
        return dict(self._pool.get_stats())

    def close(self) -> None:
        """Close the pool and its connections (waits for borrowed ones to come back)."""
        self._pool.close(timeout=POOL_WAIT_SECONDS)

    def __repr__(self) -> str:
        return f"PostgresStore({masked_url(self.url)!r}, pool_size={self.pool_size})"


__all__ = [
    "APPLICATION",
    "CHANNEL",
    "LISTEN_APPLICATION",
    "SCHEMA_VERSION",
    "PostgresStore",
]
