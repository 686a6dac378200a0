"""When snapshots are written (issue 25): never by themselves for a store in memory, and on
disk no sooner than one event per ``SNAPSHOT_BYTES_PER_EVENT`` bytes of the last one, so
their cost per event is the same at 100 entries and at 10,000; a fresh service loading
from such a snapshot on SQLite sees exactly the state a fold from event 1 gives.
"""

from __future__ import annotations

import contextlib
import itertools
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

from pokertd.app import demo
from pokertd.app import screens as web_snapshot
from pokertd.app.tournaments import (
    SNAPSHOT_BYTES_PER_EVENT,
    SNAPSHOT_EVERY,
    TournamentService,
)
from pokertd.codec import to_json
from pokertd.errors import PokertdError
from pokertd.store import EventStore, open_store
from pokertd.store.snapshot import snapshot_key
from pokertd.store.testing import ToyCreate, ToyNote
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import Roster
from pokertd.tournament.framework import Batch, Command, TournamentState, Undo, fold
from pokertd.tournament.seating import PlayHands, SetAutoConfirm, SuggestMoves, Tables

START = datetime(2026, 11, 22, 19, 0, tzinfo=UTC)


class _Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


def _written(store: EventStore) -> list[tuple[int, int]]:
    """Record every snapshot the store is asked to keep: ``(seq, bytes)``."""
    seen: list[tuple[int, int]] = []
    save = store.save_snapshot

    def recording(tournament_id: str, seq: int, key: str, data: bytes) -> None:
        seen.append((seq, len(data)))
        save(tournament_id, seq, key, data)

    store.save_snapshot = recording  # type: ignore[method-assign]
    return seen


def test_an_in_memory_store_writes_no_snapshot_by_itself() -> None:
    """5,011 events in memory: no snapshot (main wrote one at 5,011); asked for, it is."""
    store = open_store("sqlite:///:memory:")
    service = TournamentService(store)
    tid = service.create(ToyCreate("Mem", 9))
    service.run(tid, ToyNote("x", count=SNAPSHOT_EVERY + 10))
    assert service.last_seq(tid) == 5_011
    assert store.load_snapshot(tid, snapshot_key()) is None
    assert service.snapshot(tid) == 5_011
    found = store.load_snapshot(tid, snapshot_key())
    assert found is not None
    assert found[0] == 5_011


def test_a_store_on_disk_writes_snapshots_by_itself(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'night.db'}")
    service = TournamentService(store)
    tid = service.create(ToyCreate("Disk", 9))
    service.run(tid, ToyNote("x", count=SNAPSHOT_EVERY - 2))
    assert store.load_snapshot(tid, snapshot_key()) is None  # 4,999 events
    service.run(tid, ToyNote("y"))
    found = store.load_snapshot(tid, snapshot_key())
    assert found is not None
    assert found[0] == 5_000
    store.close()


def _night(service: TournamentService, clock: _Clock, seed: int) -> str:
    """The demo night (60 players, 7 tables) with busts, moves, hands and an undo."""
    rng = random.Random(seed)
    tid = demo.build(service, players=60)

    def run(command: Command) -> None:
        with contextlib.suppress(PokertdError):
            service.run(tid, command, actor="floor")

    run(SetAutoConfirm(on=True))
    for i in range(30):
        clock.now += timedelta(minutes=5)
        alive = [e.name for e in service.state(tid).part(Roster).alive()]
        out, winner = rng.sample(alive, 2)
        run(Bust(players=(out,), eliminator=winner))
        run(SuggestMoves())
        seating = service.state(tid).part(Tables).seating
        assert seating is not None
        for number in list(seating.tables):
            run(PlayHands(table=number, hands=1))
        if i == 12:
            run(Undo())
    return tid


def test_snapshots_on_disk_are_spaced_by_their_size(tmp_path: Path) -> None:
    """With ``snapshot_every=1`` main wrote a snapshot after every command (each one the
    whole state); now the next waits for one event per 400 bytes of the last one."""
    clock = _Clock()
    store = open_store(f"sqlite:///{tmp_path / 'night.db'}")
    written = _written(store)
    service = TournamentService(store, now=clock, snapshot_every=1)
    _night(service, clock, seed=3)
    assert len(written) >= 3
    for (seq, size), (after, _) in itertools.pairwise(written):
        assert (after - seq) * SNAPSHOT_BYTES_PER_EVENT >= size
    commands = len(service.state(next(iter(service._cache))).batches)
    assert len(written) < commands / 4  # main: one a command
    store.close()


def _batch_key(batch: Batch) -> tuple[object, ...]:
    """A batch compared by value (a refusal is an exception: by its class and words)."""
    why = batch.refusal
    refusal = None if why is None else (type(why), why.message, why.rule_ids)
    return (batch.batch, batch.command, batch.actor, batch.undoable, batch.undone, refusal)


def _same(loaded: TournamentState, folded: TournamentState) -> None:
    assert loaded.seq == folded.seq
    for cls in set(loaded._parts) | set(folded._parts):
        assert to_json(loaded.part(cls)) == to_json(folded.part(cls)), cls.__name__
    assert [_batch_key(b) for b in loaded.batches] == [_batch_key(b) for b in folded.batches]
    assert web_snapshot.build(loaded, [], START) == web_snapshot.build(folded, [], START)


def test_a_night_on_sqlite_loaded_from_its_snapshot_is_the_fold_from_event_1(
    tmp_path: Path,
) -> None:
    """A real night in a SQLite file; a fresh service starts from the last snapshot plus
    the tail and equals the fold of the whole log, part by part and on the staff screen,
    and plays on to the same state."""
    clock = _Clock()
    url = f"sqlite:///{tmp_path / 'night.db'}"
    store = open_store(url)
    written = _written(store)
    service = TournamentService(store, now=clock, snapshot_every=20)
    tid = _night(service, clock, seed=5)
    assert written
    last = written[-1][0]
    assert last < service.last_seq(tid)  # a tail to fold after the snapshot
    store.close()

    again = open_store(url)
    fresh = TournamentService(again, now=clock, snapshot_every=10**6)  # reads, never writes
    loaded = fresh.state(tid)
    assert fresh._cache[tid].base == last  # from the snapshot, not a replay
    _same(loaded, fold(tid, again.load(tid)))
    alive = [e.name for e in loaded.part(Roster).alive()]
    fresh.run(tid, Bust(players=(alive[0],), eliminator=alive[1]), actor="floor")
    _same(fresh.state(tid), fold(tid, again.load(tid)))
    again.close()
