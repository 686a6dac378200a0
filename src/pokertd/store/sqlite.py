"""The embedded event store: one SQLite file (default ``./pokertd.db``).

Durability: WAL journal with ``synchronous=FULL``, so an append that returned survives a
crash of the process or the machine. Appends run in ``BEGIN IMMEDIATE`` transactions (one
writer at a time, across processes too; others wait up to ``busy_timeout``), and the log's
last seq is checked inside the transaction, so two writers racing on one tournament cannot
both succeed. Readers never block writers.

A file is recognised as a pokertd store by its SQLite header: ``application_id`` is
``0x504B5444`` ("PKTD") and ``user_version`` the schema version. Anything else (another
program's database, a damaged or non-SQLite file) is refused with a ``StoreError`` before
a single byte of it is written.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime

from pokertd.errors import ConcurrencyConflict, PokertdError, StoreError
from pokertd.i18n import N_, Phrase
from pokertd.store.accounts import ACCOUNTS_LOCK, Runner, SqlAccounts
from pokertd.store.base import (
    SCHEMA_VERSIONS,
    Listener,
    StoredRow,
    StoreHealth,
    TournamentInfo,
    already_exists,
    check_append,
    check_import,
    conflict,
    decode_rows,
    encode,
    first_name,
    records_for,
    utc_iso,
)
from pokertd.store.leagues import SqlLeagues
from pokertd.store.mail import SqlMail
from pokertd.store.projections import Projections
from pokertd.store.screens import SqlScreens
from pokertd.store.series import SqlSeries
from pokertd.tournament.framework import Event, EventRecord

APPLICATION_ID = 0x504B5444
"""``PRAGMA application_id`` of every pokertd SQLite file ("PKTD")."""
SCHEMA_VERSION = SCHEMA_VERSIONS["sqlite"]
"""``PRAGMA user_version``: the schema this code writes (2 added ``snapshots``, 3 the
``events.command`` column, 4 ``projections``)."""
BUSY_TIMEOUT_MS = 10_000
"""How long a writer waits for another process's transaction before giving up."""

_SQLITE_MAGIC = b"SQLite format 3\x00"

_SCHEMA = f"""
PRAGMA application_id = {APPLICATION_ID};
PRAGMA user_version = 1;
CREATE TABLE tournaments (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL,
    last_seq    INTEGER NOT NULL
) STRICT;
CREATE TABLE events (
    tournament_id TEXT NOT NULL,
    seq           INTEGER NOT NULL,
    batch         INTEGER NOT NULL,
    recorded_at   TEXT NOT NULL,
    actor         TEXT NOT NULL,
    type          TEXT NOT NULL,
    version       INTEGER NOT NULL,
    data          TEXT NOT NULL,
    PRIMARY KEY (tournament_id, seq)
) STRICT, WITHOUT ROWID;
"""

_MIGRATIONS = {
    # from version -> statements that bring the file to version + 1
    1: [
        """CREATE TABLE IF NOT EXISTS snapshots (
            tournament_id TEXT NOT NULL,
            key           TEXT NOT NULL,
            seq           INTEGER NOT NULL,
            data          BLOB NOT NULL,
            PRIMARY KEY (tournament_id, key)
        ) STRICT""",
    ],
    # The command that made each batch (who may undo it depends on it); old rows stay NULL.
    2: ["ALTER TABLE events ADD COLUMN command TEXT"],
    # How far each read model has applied each log (pokertd.store.projections).
    3: [
        """CREATE TABLE IF NOT EXISTS projections (
            name          TEXT NOT NULL,
            tournament_id TEXT NOT NULL,
            seq           INTEGER NOT NULL,
            PRIMARY KEY (name, tournament_id)
        ) STRICT""",
    ],
}

_ROW_COLUMNS = "seq, batch, recorded_at, actor, type, version, data, command"


def _check_header(path: str) -> bool:
    """Whether ``path`` already holds a pokertd database (False: new or empty file).

    Reads the 100-byte SQLite header directly, so a foreign or damaged file is refused
    without SQLite ever opening it for writing.
    """
    if os.path.isdir(path):
        raise StoreError(
            template=N_("%(path)s is a directory, not a database file."), params={"path": path}
        )
    try:
        with open(path, "rb") as fh:
            header = fh.read(100)
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise StoreError(
            template=N_("Cannot read %(path)s: %(problem)s."),
            params={"path": path, "problem": exc.strerror},
        ) from exc
    if not header:
        return False
    if len(header) < 100 or not header.startswith(_SQLITE_MAGIC):
        raise StoreError(
            template=N_("%(path)s is not a pokertd database (not a SQLite file, or damaged)."),
            params={"path": path},
        )
    app_id = int.from_bytes(header[68:72], "big")
    if app_id != APPLICATION_ID:
        raise StoreError(
            template=N_(
                "%(path)s is not a pokertd database (it is a SQLite file of another program). "
                "Nothing was changed; choose another file with --db."
            ),
            params={"path": path},
        )
    return True


class SqliteStore(SqlLeagues, SqlAccounts, Projections, SqlSeries, SqlMail, SqlScreens):
    """An :class:`~pokertd.store.base.EventStore` in one SQLite file (or in memory).

    Also the :class:`~pokertd.store.accounts.AccountStore` of that file (staff accounts,
    sessions, sign-in attempts), on the same connection.

    Safe to share between threads (one connection behind a lock) and between processes
    (SQLite's file locks). Implements the storage part of design.md "Tournament = an event
    log": unique ``(tournament_id, seq)``, optimistic appends, durable acknowledgements.
    """

    def __init__(self, path: str = "pokertd.db") -> None:
        self.path = path
        self.url = "sqlite:///" + path
        memory = path == ":memory:"
        existing = False if memory else _check_header(path)
        try:
            self._conn = sqlite3.connect(
                path,
                isolation_level=None,
                check_same_thread=False,
                timeout=BUSY_TIMEOUT_MS / 1000,
            )
        except sqlite3.Error as exc:
            raise StoreError(
                template=N_("Cannot open %(path)s: %(problem)s."),
                params={"path": path, "problem": str(exc)},
            ) from exc
        self._lock = threading.RLock()
        try:
            self._setup(existing, memory)
        except BaseException:
            self._conn.close()
            raise

    def _setup(self, existing: bool, memory: bool) -> None:
        conn = self._conn
        try:
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            version = 0
            if existing:
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                if version > SCHEMA_VERSION:
                    raise StoreError(
                        template=N_(
                            "%(path)s was written by a newer pokertd (schema %(version)s; this "
                            "version reads up to %(most)s). Upgrade pokertd."
                        ),
                        params={"path": self.path, "version": version, "most": SCHEMA_VERSION},
                    )
                tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
                if not {"events", "tournaments"} <= tables:
                    raise StoreError(
                        template=N_("%(path)s is a damaged pokertd database (tables missing)."),
                        params={"path": self.path},
                    )
            if version < SCHEMA_VERSION:
                self._create_or_migrate()
            if not memory:
                mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
                if str(mode).lower() != "wal":
                    raise StoreError(
                        template=N_("Cannot switch %(path)s to WAL journaling."),
                        params={"path": self.path},
                    )
            conn.execute("PRAGMA synchronous = FULL")
        except sqlite3.DatabaseError as exc:
            raise StoreError(
                template=N_("%(path)s is not a usable pokertd database: %(problem)s."),
                params={"path": self.path, "problem": str(exc)},
            ) from exc

    def _create_or_migrate(self) -> None:
        """Create the schema in a new file, or bring an older one up to date."""
        conn = self._conn
        with self._transaction():
            # Another process may have created or migrated the schema since we looked.
            if conn.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        conn.execute(statement)
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            while version < SCHEMA_VERSION:
                for statement in _MIGRATIONS[version]:
                    if not self._already_applied(statement):
                        conn.execute(statement)
                version += 1
                conn.execute(f"PRAGMA user_version = {version}")

    def _already_applied(self, statement: str) -> bool:
        """Whether ``statement`` adds a column the table already has (ADD COLUMN only if
        missing: SQLite has no ``ADD COLUMN IF NOT EXISTS``)."""
        words = statement.split()
        if words[:2] != ["ALTER", "TABLE"] or words[3:5] != ["ADD", "COLUMN"]:
            return False
        table, column = words[2], words[5]
        columns = {row[1] for row in self._conn.execute(f"PRAGMA table_info({table})")}
        return column in columns

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """``BEGIN IMMEDIATE`` … ``COMMIT`` (rollback on any error); holds the write lock."""
        conn = self._conn
        with self._lock:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise

    @contextmanager
    def _errors(self, doing: str) -> Iterator[None]:
        """Turn SQLite failures into ``StoreError`` (pokertd errors pass through)."""
        try:
            yield
        except PokertdError:
            raise
        except sqlite3.IntegrityError as exc:
            raise ConcurrencyConflict(
                template=N_(
                    "Another writer appended to the tournament first (%(problem)s). Reload and "
                    "try again."
                ),
                params={"problem": str(exc)},
            ) from exc
        except sqlite3.OperationalError as exc:
            raise StoreError(
                template=N_("The database %(path)s is unavailable while %(doing)s: %(problem)s."),
                params={"path": self.path, "doing": Phrase(doing), "problem": str(exc)},
            ) from exc
        except sqlite3.DatabaseError as exc:
            raise StoreError(
                template=N_("The database %(path)s is damaged (%(doing)s): %(problem)s."),
                params={"path": self.path, "doing": Phrase(doing), "problem": str(exc)},
            ) from exc

    # ----------------------------------------------------------------------------------
    # AccountStore hooks (the SQL is in SqlAccounts)

    @contextmanager
    def _account_errors(self) -> Iterator[None]:
        """Turn SQLite failures of the side tables (accounts, players, leagues, series) into
        ``StoreError``."""
        try:
            yield
        except PokertdError:
            raise
        except sqlite3.Error as exc:
            raise StoreError(
                template=N_(
                    "The staff, player, league and series tables in %(path)s are down: %(problem)s."
                ),
                params={"path": self.path, "problem": str(exc)},
            ) from exc

    def _run(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        return [tuple(row) for row in self._conn.execute(sql, params).fetchall()]

    @contextmanager
    def _accounts_tx(self, lock_key: int = ACCOUNTS_LOCK) -> Iterator[Runner]:
        """``BEGIN IMMEDIATE`` (SQLite's write lock serialises processes; no key needed)."""
        with self._account_errors(), self._transaction():
            yield self._run

    @contextmanager
    def _accounts_read(self) -> Iterator[Runner]:
        with self._account_errors(), self._lock:
            yield self._run

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
        """Append ``events`` as one batch after ``expected_seq`` (all or nothing, durable).

        ``command`` (the producing command's class name) is stored on every row."""
        check_append(tournament_id, expected_seq, events)
        at = utc_iso(recorded_at)
        encoded = encode(events)
        batch = expected_seq + 1
        rows = [
            (tournament_id, batch + i, batch, at, actor, t, v, d, command)
            for i, (t, v, d) in enumerate(encoded)
        ]
        last = expected_seq + len(rows)
        records = records_for(expected_seq, events, actor, recorded_at.astimezone(UTC), command)
        self._before_append()
        with self._errors(N_("appending")), self._transaction() as conn:
            found = conn.execute(
                "SELECT last_seq FROM tournaments WHERE id = ?", (tournament_id,)
            ).fetchone()
            actual = found[0] if found else 0
            if actual != expected_seq:
                raise conflict(tournament_id, expected_seq, actual)
            conn.executemany(
                f"INSERT INTO events (tournament_id, {_ROW_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?)",
                rows,
            )
            if found is None:
                conn.execute(
                    "INSERT INTO tournaments (id, name, created_at, updated_at, last_seq) "
                    "VALUES (?,?,?,?,?)",
                    (tournament_id, first_name(tournament_id, encoded), at, at, last),
                )
            else:
                conn.execute(
                    "UPDATE tournaments SET last_seq = ?, updated_at = ? WHERE id = ?",
                    (last, at, tournament_id),
                )
            self._project_in(self._run, tournament_id, records)
        return records

    def load(self, tournament_id: str, after_seq: int = 0) -> list[EventRecord]:
        """The records of ``tournament_id`` after ``after_seq``, in order."""
        with self._errors(N_("loading")), self._lock:
            rows = self._conn.execute(
                f"SELECT {_ROW_COLUMNS} FROM events WHERE tournament_id = ? AND seq > ? "
                "ORDER BY seq",
                (tournament_id, after_seq),
            ).fetchall()
        return decode_rows(tournament_id, rows)

    def last_seq(self, tournament_id: str) -> int:
        """The seq of the tournament's last event (0 when it has none)."""
        with self._errors(N_("reading")), self._lock:
            found = self._conn.execute(
                "SELECT last_seq FROM tournaments WHERE id = ?", (tournament_id,)
            ).fetchone()
        return int(found[0]) if found else 0

    def tournaments(self) -> list[TournamentInfo]:
        """Every tournament, most recently created first."""
        with self._errors(N_("listing tournaments")), self._lock:
            rows = self._conn.execute(
                "SELECT id, name, created_at, updated_at, last_seq FROM tournaments "
                "ORDER BY created_at DESC, id"
            ).fetchall()
        parse = datetime.fromisoformat
        return [TournamentInfo(r[0], r[1], parse(r[2]), parse(r[3]), r[4]) for r in rows]

    def rows(self, tournament_id: str) -> list[StoredRow]:
        """The tournament's rows exactly as stored."""
        with self._errors(N_("reading")), self._lock:
            rows = self._conn.execute(
                f"SELECT tournament_id, {_ROW_COLUMNS} FROM events WHERE tournament_id = ? "
                "ORDER BY seq",
                (tournament_id,),
            ).fetchall()
        return [StoredRow(*r) for r in rows]

    def delete(self, tournament_id: str) -> None:
        """Remove a whole tournament and its events."""
        with self._errors(N_("deleting")), self._transaction() as conn:
            conn.execute("DELETE FROM events WHERE tournament_id = ?", (tournament_id,))
            conn.execute("DELETE FROM tournaments WHERE id = ?", (tournament_id,))
            conn.execute("DELETE FROM snapshots WHERE tournament_id = ?", (tournament_id,))
            self.forget_positions(self._run, tournament_id)

    def save_snapshot(self, tournament_id: str, seq: int, key: str, data: bytes) -> None:
        """Keep ``data`` as the tournament's snapshot at ``seq`` for ``key`` (replacing)."""
        with self._errors(N_("saving a snapshot")), self._transaction() as conn:
            conn.execute(
                "INSERT INTO snapshots (tournament_id, key, seq, data) VALUES (?,?,?,?) "
                "ON CONFLICT (tournament_id, key) DO UPDATE SET seq = excluded.seq, "
                "data = excluded.data WHERE excluded.seq > snapshots.seq",
                (tournament_id, key, seq, data),
            )

    def load_snapshot(self, tournament_id: str, key: str) -> tuple[int, bytes] | None:
        """``(seq, data)`` of the tournament's snapshot for ``key``, or ``None``."""
        with self._errors(N_("reading a snapshot")), self._lock:
            found = self._conn.execute(
                "SELECT seq, data FROM snapshots WHERE tournament_id = ? AND key = ?",
                (tournament_id, key),
            ).fetchone()
        return (int(found[0]), bytes(found[1])) if found else None

    def health(self) -> StoreHealth:
        """Read the schema version from the file (``PRAGMA user_version``) and check that
        the event index answers; ``StoreError`` when the file cannot be read."""
        with self._errors(N_("checking health")), self._lock:
            version = int(self._conn.execute("PRAGMA user_version").fetchone()[0])
            self._conn.execute("SELECT count(*) FROM tournaments").fetchone()
        return StoreHealth("sqlite", version, SCHEMA_VERSION)

    def import_rows(self, rows: Sequence[StoredRow], *, name: str) -> None:
        """Write one new tournament's stored rows as given (all or nothing).

        ``recorded_at`` is kept as given when it is already ISO-8601 UTC (what
        :meth:`rows` returns); other offsets are converted to UTC, so the index orders
        correctly. ``InvalidCommand`` when the id exists or the rows are not a whole log.
        """
        tid, times = check_import(rows, name)
        values = [
            (tid, r.seq, r.batch, utc_iso(at), r.actor, r.type, r.version, r.data, r.command)
            for r, at in zip(rows, times, strict=True)
        ]
        records = self._import_records(tid, values)
        with self._errors(N_("importing")), self._transaction() as conn:
            taken = conn.execute("SELECT 1 FROM tournaments WHERE id = ?", (tid,)).fetchone()
            if (
                taken
                or conn.execute(
                    "SELECT 1 FROM events WHERE tournament_id = ? LIMIT 1", (tid,)
                ).fetchone()
            ):
                raise already_exists(tid)
            conn.execute("DELETE FROM snapshots WHERE tournament_id = ?", (tid,))
            conn.executemany(
                f"INSERT INTO events (tournament_id, {_ROW_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?)",
                values,
            )
            conn.execute(
                "INSERT INTO tournaments (id, name, created_at, updated_at, last_seq) "
                "VALUES (?,?,?,?,?)",
                (tid, name, values[0][3], values[-1][3], values[-1][1]),
            )
            self._project_in(self._run, tid, records)

    def listen(self, callback: Listener) -> Callable[[], None] | None:
        """SQLite has no cross-process notification: returns ``None``.

        (Run one ``pokertd serve`` per SQLite file; the service still picks up other
        processes' appends whenever it next reads a tournament.)
        """
        return None

    def close(self) -> None:
        """Close the connection (checkpointing the WAL)."""
        with self._lock:
            self._conn.close()

    def __repr__(self) -> str:
        return f"SqliteStore({self.path!r})"


__all__ = ["APPLICATION_ID", "BUSY_TIMEOUT_MS", "SCHEMA_VERSION", "SqliteStore"]
