"""One EventStoreContract, run against every store: SQLite in memory, a SQLite file, PostgreSQL.

(style.md §8, after eventsourcing's recorder tests.) The PostgreSQL run needs a server named
by ``$POKERTD_TEST_PG_URL`` and skips with the reason when there is none.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from pokertd.codec import to_json
from pokertd.errors import ConcurrencyConflict, InvalidCommand
from pokertd.store import EventStore, open_store
from pokertd.store.testing import ToyCreated, ToyNoted, ToyRegistered, postgres_test_url
from pokertd.tournament.framework import EventRecord

T0 = datetime(2026, 11, 22, 19, 0, tzinfo=UTC)

StoreFactory = Callable[[], EventStore]


def _pg_url() -> str:
    url, reason = postgres_test_url()
    if url is None:
        pytest.skip(reason)
    return url


@pytest.fixture(
    params=[
        "sqlite-memory",
        "sqlite-file",
        pytest.param("postgres", marks=pytest.mark.postgres),
    ]
)
def opener(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[StoreFactory]:
    """Opens connections to one store (several connections: the same database)."""
    kind: str = request.param
    opened: list[EventStore] = []
    if kind == "sqlite-memory":
        shared = open_store("sqlite:///:memory:")
        opened.append(shared)

        def factory() -> EventStore:
            return shared

    else:
        url = _pg_url() if kind == "postgres" else f"sqlite:///{tmp_path / 'contract.db'}"

        def factory() -> EventStore:
            store = open_store(url)
            opened.append(store)
            return store

    yield factory
    for store in opened:
        store.close()


@pytest.fixture
def store(opener: StoreFactory) -> EventStore:
    return opener()


@pytest.fixture
def tid(store: EventStore) -> Iterator[str]:
    """A unique tournament id, deleted afterwards (PostgreSQL is shared between runs)."""
    name = f"t-{uuid.uuid4().hex[:12]}"
    yield name
    store.delete(name)


def _create(store: EventStore, tid: str, name: str = "Friday Deepstack") -> list[EventRecord]:
    return store.append(tid, 0, [ToyCreated(name=name, seats=9)], actor="ann", recorded_at=T0)


def test_empty_tournament_has_no_events(store: EventStore, tid: str) -> None:
    assert store.last_seq(tid) == 0
    assert store.load(tid) == []
    assert store.rows(tid) == []
    assert tid not in {t.id for t in store.tournaments()}


def test_append_numbers_events_and_load_returns_them(store: EventStore, tid: str) -> None:
    first = _create(store, tid)
    second = store.append(
        tid,
        1,
        [ToyRegistered(player="Bob", seat=1), ToyRegistered(player="Cy", seat=2)],
        actor="floor",
        recorded_at=T0 + timedelta(seconds=5),
    )
    assert [(r.seq, r.batch, r.actor) for r in first + second] == [
        (1, 1, "ann"),
        (2, 2, "floor"),
        (3, 2, "floor"),
    ]
    assert second[0].recorded_at == T0 + timedelta(seconds=5)
    assert store.load(tid) == first + second
    assert store.load(tid, after_seq=1) == second
    assert store.load(tid, after_seq=3) == []
    assert store.last_seq(tid) == 3


def test_stale_or_future_expected_seq_is_a_conflict_and_writes_nothing(
    store: EventStore, tid: str
) -> None:
    _create(store, tid)
    before = store.rows(tid)
    for expected in (0, 2, 7):
        with pytest.raises(ConcurrencyConflict) as info:
            store.append(tid, expected, [ToyNoted(text="late")], actor="floor", recorded_at=T0)
        assert info.value.context["last_seq"] == 1
        assert "Reload and try again" in str(info.value)
    assert store.rows(tid) == before


def test_malformed_appends_are_refused_before_writing(store: EventStore, tid: str) -> None:
    _create(store, tid)
    before = store.rows(tid)
    with pytest.raises(InvalidCommand):
        store.append(tid, 1, [], actor="floor", recorded_at=T0)
    with pytest.raises(InvalidCommand):
        store.append(
            tid, 1, [ToyNoted(text="x")], actor="floor", recorded_at=T0.replace(tzinfo=None)
        )
    with pytest.raises(InvalidCommand):
        store.append(tid, -1, [ToyNoted(text="x")], actor="floor", recorded_at=T0)
    assert store.rows(tid) == before


def test_rows_hold_iso_utc_time_and_event_json(store: EventStore, tid: str) -> None:
    eastern = timezone(timedelta(hours=-5))
    ev = ToyRegistered(player="Zoë “the rock”", seat=3)
    store.append(tid, 0, [ev], actor="dealer 7", recorded_at=T0.astimezone(eastern))
    (row,) = store.rows(tid)
    assert (row.tournament_id, row.seq, row.batch, row.actor) == (tid, 1, 1, "dealer 7")
    assert (row.type, row.version) == ("toy_registered", 1)
    assert datetime.fromisoformat(row.recorded_at) == T0
    assert row.recorded_at.endswith("+00:00")
    assert json.loads(row.data) == to_json(ev)
    (loaded,) = store.load(tid)
    assert loaded.event == ev
    assert loaded.recorded_at == T0
    assert loaded.recorded_at.utcoffset() == timedelta(0)


def test_tournament_list_names_from_first_event_else_id(store: EventStore, tid: str) -> None:
    _create(store, tid, name="Sunday Major")
    store.append(tid, 1, [ToyNoted(text="x")], actor="floor", recorded_at=T0 + timedelta(hours=1))
    other = f"{tid}-b"
    try:
        store.append(other, 0, [ToyNoted(text="no name")], actor="a", recorded_at=T0)
        found = {t.id: t for t in store.tournaments()}
        assert found[tid].name == "Sunday Major"
        assert found[tid].last_seq == 2
        assert found[tid].created_at == T0
        assert found[tid].updated_at == T0 + timedelta(hours=1)
        assert found[other].name == other
    finally:
        store.delete(other)


def test_delete_removes_the_tournament(store: EventStore, tid: str) -> None:
    _create(store, tid)
    store.delete(tid)
    assert store.last_seq(tid) == 0
    assert store.load(tid) == []
    assert tid not in {t.id for t in store.tournaments()}
    _create(store, tid)  # the id can be used again
    assert store.last_seq(tid) == 1


def test_big_batch_is_all_or_nothing(store: EventStore, tid: str) -> None:
    _create(store, tid)
    batch = [ToyNoted(text=f"n{i}", draw=i) for i in range(1000)]
    records = store.append(tid, 1, batch, actor="sim", recorded_at=T0)
    assert [r.seq for r in records] == list(range(2, 1002))
    assert {r.batch for r in records} == {2}
    assert store.load(tid, after_seq=1) == records
    with pytest.raises(ConcurrencyConflict):
        store.append(tid, 1, batch, actor="sim", recorded_at=T0)
    assert store.last_seq(tid) == 1001


def test_two_connections_racing_on_one_seq_exactly_one_wins(
    opener: StoreFactory, store: EventStore, tid: str
) -> None:
    _create(store, tid)
    stores = [opener() for _ in range(4)]
    outcomes: list[str] = []
    barrier = threading.Barrier(len(stores))

    def write(s: EventStore, who: int) -> None:
        barrier.wait()
        try:
            s.append(tid, 1, [ToyNoted(text=f"w{who}")], actor=f"w{who}", recorded_at=T0)
            outcomes.append("won")
        except ConcurrencyConflict:
            outcomes.append("lost")

    threads = [threading.Thread(target=write, args=(s, i)) for i, s in enumerate(stores)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["lost", "lost", "lost", "won"]
    assert store.last_seq(tid) == 2
    assert len(store.load(tid)) == 2


def test_racing_creations_of_one_id_exactly_one_wins(
    opener: StoreFactory, store: EventStore, tid: str
) -> None:
    stores = [opener() for _ in range(3)]
    outcomes: list[str] = []
    barrier = threading.Barrier(len(stores))

    def write(s: EventStore, who: int) -> None:
        barrier.wait()
        try:
            s.append(tid, 0, [ToyCreated(name=f"c{who}", seats=2)], actor="a", recorded_at=T0)
            outcomes.append("won")
        except ConcurrencyConflict:
            outcomes.append("lost")

    threads = [threading.Thread(target=write, args=(s, i)) for i, s in enumerate(stores)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["lost", "lost", "won"]
    assert store.last_seq(tid) == 1


def test_listen_reports_other_connections_appends(
    opener: StoreFactory, store: EventStore, tid: str
) -> None:
    heard: list[tuple[str, int]] = []
    stop = store.listen(lambda t, seq: heard.append((t, seq)))
    if stop is None:
        assert store.url.startswith("sqlite")
        return
    try:
        _create(store, tid)  # our own append: not reported back
        other = opener()
        other.append(tid, 1, [ToyNoted(text="a"), ToyNoted(text="b")], actor="b", recorded_at=T0)
        deadline = time.monotonic() + 3
        while (tid, 3) not in heard and time.monotonic() < deadline:
            time.sleep(0.02)
        assert [h for h in heard if h[0] == tid] == [(tid, 3)]
    finally:
        stop()


def test_snapshots_keep_the_newest_per_key_and_go_with_delete(store: EventStore, tid: str) -> None:
    _create(store, tid)
    assert store.load_snapshot(tid, "k1") is None
    store.save_snapshot(tid, 1, "k1", b"\x00one")
    store.save_snapshot(tid, 1, "k2", b"other code")
    assert store.load_snapshot(tid, "k1") == (1, b"\x00one")
    store.save_snapshot(tid, 5, "k1", b"five")
    store.save_snapshot(tid, 3, "k1", b"older: ignored")
    assert store.load_snapshot(tid, "k1") == (5, b"five")
    assert store.load_snapshot(tid, "k2") == (1, b"other code")
    store.delete(tid)
    assert store.load_snapshot(tid, "k1") is None


def test_gc_is_paused_during_bulk_loads_and_restored() -> None:
    import gc

    from pokertd.store.base import gc_paused

    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
        with gc_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()  # left as the caller had it
    finally:
        gc.enable()
