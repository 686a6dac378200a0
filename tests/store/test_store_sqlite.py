"""SQLite specifics: URLs, pragmas, and bad files refused with a StoreError, nothing changed."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from pokertd.errors import StoreError
from pokertd.store import SqliteStore, open_store, sqlite_path
from pokertd.store.sqlite import APPLICATION_ID, SCHEMA_VERSION
from pokertd.store.testing import ToyCreated, ToyNoted

T0 = datetime(2026, 11, 22, 19, 0, tzinfo=UTC)


def _filled(path: Path, notes: int = 50) -> None:
    store = open_store(str(path))
    store.append("t1", 0, [ToyCreated(name="Fri", seats=9)], actor="a", recorded_at=T0)
    store.append(
        "t1", 1, [ToyNoted(text="x" * 200, draw=i) for i in range(notes)], actor="a", recorded_at=T0
    )
    store.close()


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("sqlite:///pokertd.db", "pokertd.db"),
        ("sqlite:///data/club.db", "data/club.db"),
        ("sqlite:////var/lib/pokertd/club.db", "/var/lib/pokertd/club.db"),
        ("sqlite:///:memory:", ":memory:"),
        ("club.db", "club.db"),
        ("/tmp/x.db", "/tmp/x.db"),
        ("postgresql://u@h/db", None),
    ],
)
def test_sqlite_urls(url: str, path: str | None) -> None:
    assert sqlite_path(url) == path


@pytest.mark.parametrize("url", ["sqlite://relative.db", "sqlite:///", "mysql://h/db"])
def test_bad_urls_are_store_errors(url: str) -> None:
    with pytest.raises(StoreError):
        open_store(url)


def test_new_file_is_wal_full_sync_and_marked_as_pokertd(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    store = open_store(f"sqlite:///{path}")
    assert isinstance(store, SqliteStore)
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    finally:
        conn.close()
    assert store._conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    store.close()


def test_reopening_keeps_the_log(tmp_path: Path) -> None:
    path = tmp_path / "keep.db"
    _filled(path, notes=3)
    store = open_store(str(path))
    assert store.last_seq("t1") == 4
    assert [r.seq for r in store.load("t1")] == [1, 2, 3, 4]
    store.close()


def test_empty_file_becomes_a_new_store(tmp_path: Path) -> None:
    path = tmp_path / "empty.db"
    path.touch()
    open_store(str(path)).close()
    assert path.read_bytes().startswith(b"SQLite format 3\x00")


def _refused_unchanged(path: Path, match: str) -> None:
    before = path.read_bytes()
    siblings = sorted(p.name for p in path.parent.iterdir())
    with pytest.raises(StoreError, match=match):
        open_store(str(path))
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == siblings


def test_foreign_sqlite_database_is_refused_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, what TEXT)")
    conn.execute("INSERT INTO events (what) VALUES ('birthday')")
    conn.commit()
    conn.close()
    _refused_unchanged(path, "not a pokertd database")


@pytest.mark.parametrize(
    "content",
    [b"name,stack\nann,20000\n", bytes(range(256)) * 40, b"SQLite format 3\x00" + b"\x00" * 20],
    ids=["csv", "binary", "truncated-header"],
)
def test_non_sqlite_files_are_refused_unchanged(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "junk.db"
    path.write_bytes(content)
    _refused_unchanged(path, "not a pokertd database")


def test_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="directory"):
        open_store(str(tmp_path))


def test_newer_schema_is_refused_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    _filled(path, notes=1)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    _refused_unchanged(path, "newer pokertd")


def test_damaged_pages_give_a_store_error_not_a_crash(tmp_path: Path) -> None:
    path = tmp_path / "damaged.db"
    _filled(path, notes=400)
    data = bytearray(path.read_bytes())
    assert len(data) > 8 * 4096
    for offset in range(2 * 4096, len(data), 4096):  # wreck every page after the schema
        data[offset : offset + 64] = b"\xff" * 64
    path.write_bytes(bytes(data))

    def open_and_load() -> None:
        store = open_store(str(path))
        try:
            store.load("t1")
        finally:
            store.close()

    with pytest.raises(StoreError):
        open_and_load()


def test_undecodable_rows_give_a_store_error(tmp_path: Path) -> None:
    path = tmp_path / "rows.db"
    _filled(path, notes=2)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE events SET data = '{not json' WHERE seq = 2")
    conn.execute("UPDATE events SET type = 'alien_event' WHERE seq = 3")
    conn.commit()
    conn.close()
    store = open_store(str(path))
    try:
        with pytest.raises(StoreError, match="Event 2 of tournament t1"):
            store.load("t1")
        with pytest.raises(StoreError, match="alien_event"):
            store.load("t1", after_seq=2)
    finally:
        store.close()


def test_schema_1_files_are_migrated(tmp_path: Path) -> None:
    path = tmp_path / "v1.db"
    _filled(path, notes=1)
    conn = sqlite3.connect(path)
    conn.execute("DROP TABLE snapshots")
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()
    store = open_store(str(path))
    try:
        assert store.last_seq("t1") == 2
        store.save_snapshot("t1", 2, "k", b"x")
        assert store.load_snapshot("t1", "k") == (2, b"x")
    finally:
        store.close()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 4
    conn.close()
