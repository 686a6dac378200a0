"""``EventStore.health()`` and ``EventStore.import_rows()`` on every store (issue 16).

``health()`` really asks the database which schema it holds (``/readyz`` relies on it);
``import_rows()`` writes one tournament's stored rows as given, all or nothing, refused
when the id is taken, and a tournament copied SQLite -> PostgreSQL -> SQLite keeps every
row byte for byte. The PostgreSQL runs use a fresh database per module (``pg_database``).
"""

from __future__ import annotations

import dataclasses
import time
import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from pokertd.app.tournaments import TournamentService
from pokertd.errors import InvalidCommand, StoreError
from pokertd.store import EventStore, StoredRow, StoreHealth, open_store
from pokertd.store.testing import ToyCreated, ToyNoted, ToyRegistered, ToyTable, toy_view

T0 = datetime(2026, 11, 22, 19, 0, tzinfo=UTC)
KINDS = ["sqlite-memory", "sqlite-file", pytest.param("postgres", marks=pytest.mark.postgres)]

Opener = Callable[[str], EventStore]


@pytest.fixture
def url_of(request: pytest.FixtureRequest, tmp_path: Path) -> Callable[[str], str]:
    """The store URL of a kind; the PostgreSQL database is only made when a test uses it."""

    def url(kind: str) -> str:
        if kind == "postgres":
            return str(request.getfixturevalue("pg_database"))
        return "sqlite:///:memory:" if kind == "sqlite-memory" else f"sqlite:///{tmp_path}/a.db"

    return url


@pytest.fixture
def opener(url_of: Callable[[str], str]) -> Iterator[Opener]:
    """Opens stores by kind and closes them all afterwards."""
    opened: list[EventStore] = []

    def open_kind(kind: str) -> EventStore:
        store = open_store(url_of(kind))
        opened.append(store)
        return store

    yield open_kind
    for store in opened:
        store.close()


def _tid() -> str:
    return f"t-{uuid.uuid4().hex[:12]}"


def _history(store: EventStore, tid: str) -> list[StoredRow]:
    """Three batches of a toy tournament, the way the service would write them."""
    store.append(
        tid, 0, [ToyCreated(name="Friday", seats=9)], actor="ann", recorded_at=T0, command="C"
    )
    store.append(
        tid,
        1,
        [ToyRegistered(player="Bo", seat=1), ToyRegistered(player="Cy", seat=2)],
        actor="floor",
        recorded_at=T0 + timedelta(minutes=5),
        command="ToyRegister",
    )
    store.append(
        tid,
        3,
        [ToyNoted(text="ünïcode ♠", draw=42)],
        actor="floor",
        recorded_at=T0 + timedelta(minutes=9, microseconds=123456),
    )
    return store.rows(tid)


# ---------------------------------------------------------------------------------------
# health()


@pytest.mark.parametrize("kind", KINDS)
def test_health_reports_the_schema_found_in_the_database(kind: str, opener: Opener) -> None:
    store = opener(kind)
    health = store.health()
    assert health == StoreHealth(
        "postgresql" if kind == "postgres" else "sqlite", schema_version=4, code_schema_version=4
    )
    assert health.current is True


def test_health_is_not_current_when_the_versions_differ() -> None:
    assert StoreHealth("sqlite", 2, 3).current is False
    assert StoreHealth("postgresql", 4, 3).current is False
    assert StoreHealth("postgresql", 3, 3).current is True


def test_sqlite_health_reads_the_version_from_the_file(tmp_path: Path) -> None:
    """Not a value cached at open: lowering ``user_version`` behind the store's back shows."""
    store = open_store(f"sqlite:///{tmp_path}/v.db")
    try:
        store._conn.execute("PRAGMA user_version = 2")  # type: ignore[attr-defined]
        assert store.health() == StoreHealth("sqlite", 2, 4)
        assert not store.health().current
    finally:
        store.close()


@pytest.mark.parametrize("kind", KINDS)
def test_health_of_a_closed_store_is_a_store_error(kind: str, url_of: Callable[[str], str]) -> None:
    store = open_store(url_of(kind))
    store.close()
    with pytest.raises(StoreError):
        store.health()


# ---------------------------------------------------------------------------------------
# import_rows()

PAIRS = [
    ("sqlite-file", "sqlite-memory"),
    pytest.param("sqlite-file", "postgres", marks=pytest.mark.postgres),
    pytest.param("postgres", "sqlite-file", marks=pytest.mark.postgres),
]


@pytest.mark.parametrize(("source", "target"), PAIRS)
def test_import_copies_every_row_byte_for_byte(source: str, target: str, opener: Opener) -> None:
    src, dst = opener(source), opener(target)
    tid = _tid()
    rows = _history(src, tid)
    dst.import_rows(rows, name="Friday Deepstack (copy)")
    assert dst.rows(tid) == rows
    assert dst.load(tid) == src.load(tid)
    (info,) = [t for t in dst.tournaments() if t.id == tid]
    assert (info.name, info.last_seq) == ("Friday Deepstack (copy)", 4)
    assert info.created_at == T0
    assert info.updated_at == T0 + timedelta(minutes=9, microseconds=123456)
    assert dst.last_seq(tid) == 4
    # The imported log goes on where it ended.
    more = dst.append(tid, 4, [ToyNoted(text="after")], actor="x", recorded_at=T0)
    assert [r.seq for r in more] == [5]


@pytest.mark.parametrize("kind", KINDS)
def test_import_of_an_existing_id_is_refused_and_changes_nothing(kind: str, opener: Opener) -> None:
    store = opener(kind)
    tid = _tid()
    rows = _history(store, tid)
    with pytest.raises(InvalidCommand, match=f"{tid} already exists"):
        store.import_rows(rows, name="again")
    assert store.rows(tid) == rows
    assert [t.name for t in store.tournaments() if t.id == tid] == ["Friday"]


def _broken(rows: list[StoredRow]) -> dict[str, list[StoredRow]]:
    return {
        "gap": [rows[0], rows[2]],
        "not from 1": rows[1:],
        "two tournaments": [rows[0], dataclasses.replace(rows[1], tournament_id="other")],
        "bad batch": [rows[0], dataclasses.replace(rows[1], batch=5)],
        "bad json": [rows[0], dataclasses.replace(rows[1], data="{not json")],
        "unknown event": [rows[0], dataclasses.replace(rows[1], type="toy_nonsense")],
        "naive time": [dataclasses.replace(rows[0], recorded_at="2026-11-22T19:00:00")],
        "empty": [],
    }


@pytest.mark.parametrize("kind", KINDS)
def test_import_of_a_broken_log_is_refused_whole(kind: str, opener: Opener) -> None:
    store = opener(kind)
    good = _history(store, _tid())
    for why, rows in _broken(good).items():
        tid = _tid()
        renamed = [dataclasses.replace(r, tournament_id=tid) for r in rows]
        if why == "two tournaments":
            renamed[1] = dataclasses.replace(renamed[1], tournament_id="other")
        with pytest.raises(InvalidCommand):
            store.import_rows(renamed, name="broken")
        assert store.rows(tid) == [], why
        assert tid not in {t.id for t in store.tournaments()}, why
    with pytest.raises(InvalidCommand, match="needs a name"):
        store.import_rows([dataclasses.replace(r, tournament_id=_tid()) for r in good], name=" ")


@pytest.mark.parametrize("kind", KINDS)
def test_import_converts_other_offsets_to_utc(kind: str, opener: Opener) -> None:
    store = opener(kind)
    source = opener("sqlite-memory")
    tid = _tid()
    rows = _history(source, tid)
    paris = timezone(timedelta(hours=1))
    shifted = [
        dataclasses.replace(
            r, recorded_at=datetime.fromisoformat(r.recorded_at).astimezone(paris).isoformat()
        )
        for r in rows
    ]
    assert shifted[0].recorded_at == "2026-11-22T20:00:00+01:00"
    store.import_rows(shifted, name="Friday")
    assert [r.recorded_at for r in store.rows(tid)] == [r.recorded_at for r in rows]


@pytest.mark.parametrize("kind", KINDS)
def test_a_service_folds_an_imported_tournament(kind: str, opener: Opener) -> None:
    source = opener("sqlite-memory")
    tid = _tid()
    rows = _history(source, tid)
    service = TournamentService(opener(kind))
    service.store.import_rows(rows, name="Friday")
    state = service.state(tid)
    assert toy_view(state) == ("Friday", 9, ("Bo", "Cy"), (), 1)
    assert state.part(ToyTable).notes == 1


@pytest.mark.postgres
def test_postgres_import_notifies_other_stores(pg_database: str) -> None:
    importer, watcher = open_store(pg_database), open_store(pg_database)
    heard: list[tuple[str, int]] = []
    stop = watcher.listen(lambda t, seq: heard.append((t, seq)))
    assert stop is not None
    try:
        tid = _tid()
        rows = _history(open_store("sqlite:///:memory:"), tid)
        importer.import_rows(rows, name="Friday")
        deadline = time.monotonic() + 5
        while (tid, 4) not in heard and time.monotonic() < deadline:
            time.sleep(0.02)
        assert [h for h in heard if h[0] == tid] == [(tid, 4)]
    finally:
        stop()
        importer.close()
        watcher.close()
