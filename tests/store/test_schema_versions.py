"""Every schema version pokertd ever wrote opens with today's code, on both databases.

Schema history (``git log -p -- src/pokertd/store/sqlite.py src/pokertd/store/postgres.py``;
the files never moved):

* **1** — 82277b9 "Event store (SQLite, PostgreSQL)" until c934af0^: ``tournaments`` and
  ``events`` (no ``command``);
* **2** — c934af0 "state snapshots": adds ``snapshots``;
* **3** — f277d54 "Trust at the venue": adds ``events.command``;
* **4** — issue 24 "read models that cannot be lost": adds ``projections`` (each read
  model's position in each log; current, not yet released: opened from 1–3 here).

For each version the test writes that version's DDL (literal SQL below, copied from the
commit named) and the rows of a real tournament as the code of that commit stored them
(``data/old_schema_rows.json``, written by ``data/make_old_schema_rows.py`` under that
commit's tree), then opens the database with today's store: the schema must be current,
``health().current`` true, every row read back unchanged, snapshots and new appends work,
and a service folds the tournament (three players registered). A database from a newer
schema is refused with a message saying to upgrade, and left unchanged.
"""

from __future__ import annotations

import json
import sqlite3
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg
import pytest

from pokertd.app.tournaments import TournamentService
from pokertd.errors import StoreError
from pokertd.store import EventStore, StoredRow, StoreHealth, open_store
from pokertd.store.projections import ProjectionStore
from pokertd.store.testing import ToyNoted, fresh_postgres_database, postgres_test_url
from pokertd.tournament import views

ROWS: dict[str, Any] = json.loads(
    (Path(__file__).parent / "data" / "old_schema_rows.json").read_text(encoding="utf-8")
)
VERSIONS = [1, 2, 3]
"""Every schema version ever released."""
CURRENT = 4
"""What today's code writes (4 added the projection positions)."""
TID = "old-thu"

# --- SQLite DDL, literally as each commit's SqliteStore created a new file ----------------
# (application_id 0x504B5444 = 1347114052)

SQLITE_V1 = """
PRAGMA application_id = 1347114052;
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
"""Schema 1: sqlite.py of 82277b9 (unchanged up to c934af0^)."""

SQLITE_V2 = (
    SQLITE_V1
    + """
CREATE TABLE IF NOT EXISTS snapshots (
    tournament_id TEXT NOT NULL,
    key           TEXT NOT NULL,
    seq           INTEGER NOT NULL,
    data          BLOB NOT NULL,
    PRIMARY KEY (tournament_id, key)
) STRICT;
PRAGMA user_version = 2;
"""
)
"""Schema 2: sqlite.py of c934af0 (the v1 DDL, then migration 1 -> 2)."""

SQLITE_V3 = (
    SQLITE_V2
    + """
ALTER TABLE events ADD COLUMN command TEXT;
PRAGMA user_version = 3;
"""
)
"""Schema 3: sqlite.py of f277d54 (the v1 DDL, then migrations 1 -> 2 -> 3)."""

# --- PostgreSQL DDL, literally as each commit's PostgresStore created a new database -----

PG_V1 = [
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
        PRIMARY KEY (tournament_id, seq)
    )""",
    "INSERT INTO pokertd_schema (version) VALUES (1)",
]
"""Schema 1: postgres.py of 82277b9 (unchanged up to c934af0^)."""

PG_SNAPSHOTS = """CREATE TABLE IF NOT EXISTS pokertd_snapshots (
        tournament_id text NOT NULL,
        key           text NOT NULL,
        seq           integer NOT NULL,
        data          bytea NOT NULL,
        PRIMARY KEY (tournament_id, key)
    )"""

PG_V2 = [*PG_V1[:3], PG_SNAPSHOTS, "INSERT INTO pokertd_schema (version) VALUES (2)"]
"""Schema 2: postgres.py of c934af0 (a new database got every table and version 2)."""

PG_V3 = [
    PG_V1[0],
    PG_V1[1],
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
    PG_SNAPSHOTS,
    "ALTER TABLE pokertd_events ADD COLUMN IF NOT EXISTS command text",
    "INSERT INTO pokertd_schema (version) VALUES (3)",
]
"""Schema 3: postgres.py of f277d54."""

SQLITE_DDL = {1: SQLITE_V1, 2: SQLITE_V2, 3: SQLITE_V3}
PG_DDL = {1: PG_V1, 2: PG_V2, 3: PG_V3}


def _old_rows(version: int) -> list[list[Any]]:
    """The stored rows of the old tournament, as the code of that schema wrote them."""
    rows: list[list[Any]] = ROWS[f"schema{version}"]["rows"]
    assert len(rows) == 7
    assert all(len(r) == (9 if version >= 3 else 8) for r in rows)
    return rows


def _stored(row: list[Any]) -> StoredRow:
    """An old row as :class:`StoredRow` (``command`` ``None`` before schema 3)."""
    tid, seq, batch, at, actor, type_name, version, data = row[:8]
    command = row[8] if len(row) == 9 else None
    return StoredRow(tid, seq, batch, at, actor, type_name, version, data, command)


def _index_row(rows: list[list[Any]]) -> tuple[str, str, str, str, int]:
    """The ``tournaments`` row the old code wrote beside those events."""
    name = json.loads(rows[0][7])["name"]
    return (TID, name, rows[0][3], rows[-1][3], rows[-1][1])


def _write_sqlite(path: Path, version: int) -> None:
    rows = _old_rows(version)
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.executescript(SQLITE_DDL[version])
        marks = ",".join("?" * len(rows[0]))
        conn.executemany(f"INSERT INTO events VALUES ({marks})", rows)
        conn.execute("INSERT INTO tournaments VALUES (?,?,?,?,?)", _index_row(rows))
    finally:
        conn.close()


def _write_postgres(url: str, version: int) -> None:
    rows = _old_rows(version)
    with psycopg.connect(url, autocommit=True) as conn:
        for statement in PG_DDL[version]:
            conn.execute(statement)
        marks = ",".join(["%s"] * len(rows[0]))
        with conn.cursor() as cur:
            cur.executemany(f"INSERT INTO pokertd_events VALUES ({marks})", rows)
        conn.execute("INSERT INTO pokertd_tournaments VALUES (%s,%s,%s,%s,%s)", _index_row(rows))


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def empty_url(backend: str, tmp_path: Path) -> Iterator[str]:
    """A URL naming an empty database of ``backend`` (a fresh PostgreSQL database each)."""
    if backend == "sqlite":
        yield f"sqlite:///{tmp_path / 'old.db'}"
        return
    base, reason = postgres_test_url()
    if base is None:
        pytest.skip(reason)
    with fresh_postgres_database(base, "pokertd_schemas") as url:
        yield url


def _write(backend: str, url: str, version: int) -> None:
    if backend == "sqlite":
        _write_sqlite(Path(url.removeprefix("sqlite:///")), version)
    else:
        _write_postgres(url, version)


def _found_version(backend: str, url: str) -> list[int]:
    """The schema version(s) recorded in the database, read without pokertd."""
    if backend == "sqlite":
        conn = sqlite3.connect(url.removeprefix("sqlite:///"))
        try:
            return [int(conn.execute("PRAGMA user_version").fetchone()[0])]
        finally:
            conn.close()
    with psycopg.connect(url) as pg:
        return [int(r[0]) for r in pg.execute("SELECT version FROM pokertd_schema")]


@pytest.mark.parametrize("version", VERSIONS)
def test_every_released_schema_opens_current_and_replays(
    backend: str, empty_url: str, version: int
) -> None:
    _write(backend, empty_url, version)
    assert _found_version(backend, empty_url) == [version]
    old = _old_rows(version)
    store: EventStore = open_store(empty_url)
    try:
        assert store.health() == StoreHealth(
            "sqlite" if backend == "sqlite" else "postgresql", CURRENT, CURRENT
        )
        assert store.health().current
        assert _found_version(backend, empty_url) == [CURRENT]
        # Every row reads back as written (command NULL before schema 3).
        assert store.rows(TID) == [_stored(r) for r in old]
        assert [r.event.type for r in store.load(TID)] == [r[5] for r in old]
        (info,) = store.tournaments()
        assert (info.id, info.name, info.last_seq) == (TID, "Thursday League", 7)
        # What later schemas added works on the migrated database.
        store.save_snapshot(TID, 7, "k", b"state")
        assert store.load_snapshot(TID, "k") == (7, b"state")
        at = datetime(2026, 11, 23, 20, 0, tzinfo=UTC)
        store.append(TID, 7, [ToyNoted(text="after")], actor="td", recorded_at=at, command="N")
        assert store.rows(TID)[-1].command == "N"
        # Schema 4: the old log has no recorded position yet (the catch-up reads it whole).
        assert isinstance(store, ProjectionStore)
        assert [(p.tournament_id, p.last_seq, p.seq) for p in store.positions("players")] == [
            (TID, 8, 0)
        ]
    finally:
        store.close()
    # A service on today's code folds the old tournament.
    service = TournamentService(open_store(empty_url))
    try:
        state = service.state(TID)
        names = sorted(p.name for p in views.players(state))
        assert names == ["Ann", "Bo", "Cy"]
        assert state.seq == 8
    finally:
        service.close()
    assert _found_version(backend, empty_url) == [CURRENT]  # opening again changes nothing


def test_the_old_rows_are_what_each_commit_wrote() -> None:
    """Schema 1 and 2 code stored identical rows; schema 3 code added the command."""
    assert ROWS["schema1"]["commit"] == "c934af0^"
    assert ROWS["schema2"]["commit"] == "c934af0"
    assert ROWS["schema3"]["commit"] == "f277d54"
    assert ROWS["schema1"]["rows"] == ROWS["schema2"]["rows"]
    assert {r[8] for r in ROWS["schema3"]["rows"]} == {"CreateTournament", "Register"}


def test_a_newer_schema_is_refused_and_left_unchanged(backend: str, empty_url: str) -> None:
    _write(backend, empty_url, 3)
    if backend == "sqlite":
        conn = sqlite3.connect(empty_url.removeprefix("sqlite:///"))
        conn.execute("PRAGMA user_version = 5")
        conn.close()
    else:
        with psycopg.connect(empty_url, autocommit=True) as pg:
            pg.execute("UPDATE pokertd_schema SET version = 5")
    with pytest.raises(StoreError, match=r"newer pokertd \(schema 5.*Upgrade pokertd"):
        open_store(empty_url)
    assert _found_version(backend, empty_url) == [5]


def test_a_fresh_database_is_written_at_the_current_version(backend: str, empty_url: str) -> None:
    store = open_store(empty_url)
    try:
        assert store.health() == StoreHealth(store.health().backend, CURRENT, CURRENT)
        tid = f"new-{uuid.uuid4().hex[:8]}"
        assert store.rows(tid) == []
    finally:
        store.close()
    assert _found_version(backend, empty_url) == [CURRENT]
