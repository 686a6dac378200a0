"""Event store speed: append latency/throughput and the load of a 10,000-entry tournament.

Targets (issue 3): append p99 under 5 ms on SQLite; loading a 10,000-entry tournament log
(about 100,000 events) under 1 s, where load = read rows + decode events + fold.

* Appends: one-event batches straight into the store (``store.append``: one durable
  transaction each, fsync included) and whole commands through ``TournamentService.run``
  (refresh + decide + append + fold), on a SQLite file and on PostgreSQL when
  ``--pg``/``$POKERTD_TEST_PG_URL`` names a server.
* Load: a log built with the real domain commands (10,000 registrations, re-entries, busts
  down to the winner) padded with one-event batches of notes standing in for the clock and
  seating events, to about 100,000 events; timed cold (new connection, new service).

Run: ``uv run python bench/store.py`` (``--entries 2000`` for a quicker run).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from pokertd.service import TournamentService
from pokertd.store import EventStore, SqliteStore, open_store
from pokertd.store.base import decode_rows
from pokertd.store.testing import ToyCreate, ToyNote, ToyNoted
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CreateTournament, Reenter, Register
from pokertd.tournament.framework import EventRecord, fold
from pokertd.tournament.templates import load_template

T0 = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)


def _percentiles(samples_ms: list[float]) -> str:
    ordered = sorted(samples_ms)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"median {statistics.median(ordered):.2f} ms, p99 {p99:.2f} ms, max {ordered[-1]:.2f} ms"


def bench_appends(store: EventStore, label: str, count: int) -> None:
    """``count`` one-event appends, then ``count // 2`` commands through the service."""
    tid = f"bench-{uuid.uuid4().hex[:10]}"
    samples: list[float] = []
    start = time.perf_counter()
    for seq in range(count):
        t = time.perf_counter()
        store.append(
            tid,
            seq,
            [ToyNoted(text=f"note {seq}", draw=seq)],
            actor="bench",
            recorded_at=T0 + timedelta(seconds=seq),
        )
        samples.append((time.perf_counter() - t) * 1000)
    elapsed = time.perf_counter() - start
    print(f"{label} store.append x{count}: {count / elapsed:,.0f}/s; {_percentiles(samples)}")
    store.delete(tid)

    service = TournamentService(store, rng_factory=lambda: random.Random(1))
    tid = service.create(ToyCreate("bench", 9), tournament_id=tid)
    samples = []
    start = time.perf_counter()
    runs = max(1, count // 2)
    for i in range(runs):
        t = time.perf_counter()
        service.run(tid, ToyNote(f"n{i}"))
        samples.append((time.perf_counter() - t) * 1000)
    elapsed = time.perf_counter() - start
    print(f"{label} service.run x{runs}: {runs / elapsed:,.0f}/s; {_percentiles(samples)}")
    store.delete(tid)


def build_big_log(entries: int, target_events: int) -> tuple[SqliteStore, str, float]:
    """A ``entries``-entry tournament in an in-memory store; (store, id, seconds taken)."""
    template = load_template("fox_saturday").with_changes(
        tables=entries // 10 + 10, seats_per_table=10, field_cap=2 * entries + 10
    )
    clock = [T0]

    def now() -> datetime:
        clock[0] += timedelta(milliseconds=250)
        return clock[0]

    store = SqliteStore(":memory:")
    service = TournamentService(store, now=now, rng_factory=lambda: random.Random(7))
    start = time.perf_counter()
    tid = service.create(
        CreateTournament(name="Big Sunday", template=template), tournament_id="big"
    )
    rng = random.Random(11)
    names = [f"Player {i:05d}" for i in range(entries)]
    reentries = entries // 4
    real_commands = entries + 2 * reentries + (entries - 1)
    pad_every = max(1, (target_events - 3 * entries) // max(real_commands, 1))
    notes = 0

    def pad() -> None:
        nonlocal notes
        for _ in range(pad_every):
            notes += 1
            service.run(tid, ToyNote(f"level/seat note {notes}"))

    for name in names:
        service.run(tid, Register(name=name, age_ok=True, member_ok=True))
        pad()
    for name in rng.sample(names, reentries):
        service.run(tid, Bust(players=(name,)))
        service.run(tid, Reenter(player=name))
        pad()
    order = names[:]
    rng.shuffle(order)
    for name in order[:-1]:
        service.run(tid, Bust(players=(name,)))
        pad()
    return store, tid, time.perf_counter() - start


def bench_load_sqlite(path: Path, tid: str) -> None:
    """Cold load of the big log from a SQLite file, with a breakdown."""
    store = SqliteStore(str(path))
    t0 = time.perf_counter()
    rows = store._conn.execute(
        "SELECT seq, batch, recorded_at, actor, type, version, data FROM events "
        "WHERE tournament_id = ? ORDER BY seq",
        (tid,),
    ).fetchall()
    t1 = time.perf_counter()
    records = decode_rows(tid, rows)
    t2 = time.perf_counter()
    state = fold(tid, records)
    t3 = time.perf_counter()
    print(
        f"SQLite load of {len(records):,} events ({len(state.batches):,} batches): "
        f"read {1000 * (t1 - t0):.0f} ms + decode {1000 * (t2 - t1):.0f} ms + "
        f"fold {1000 * (t3 - t2):.0f} ms = {1000 * (t3 - t0):.0f} ms"
    )
    store.close()
    _time_service_load(f"sqlite:///{path}", tid, "SQLite")


def _time_service_load(url: str, tid: str, label: str) -> None:
    best = float("inf")
    for _ in range(3):
        service = TournamentService(open_store(url))
        t = time.perf_counter()
        state = service.state(tid)
        best = min(best, time.perf_counter() - t)
        service.close()
    print(
        f"{label} TournamentService.state() cold (best of 3): {1000 * best:.0f} ms "
        f"for {state.seq:,} events"
    )


def bench_load_postgres(url: str, records: list[EventRecord], tid: str) -> None:
    """Copy the big log into PostgreSQL (one batch per original batch) and load it cold."""
    store = open_store(url)
    pg_tid = f"{tid}-{uuid.uuid4().hex[:6]}"
    t = time.perf_counter()
    batches: dict[int, list[EventRecord]] = {}
    for r in records:
        batches.setdefault(r.batch, []).append(r)
    for batch in batches.values():
        store.append(
            pg_tid,
            batch[0].seq - 1,
            [r.event for r in batch],
            actor=batch[0].actor,
            recorded_at=batch[0].recorded_at,
        )
    print(f"PostgreSQL: copied {len(records):,} events in {time.perf_counter() - t:.1f} s")
    t = time.perf_counter()
    loaded = store.load(pg_tid)
    t1 = time.perf_counter()
    fold(pg_tid, loaded)
    t2 = time.perf_counter()
    print(
        f"PostgreSQL load of {len(loaded):,} events: read+decode {1000 * (t1 - t):.0f} ms + "
        f"fold {1000 * (t2 - t1):.0f} ms = {1000 * (t2 - t):.0f} ms"
    )
    try:
        _time_service_load(url, pg_tid, "PostgreSQL")
    finally:
        store.delete(pg_tid)
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--events", type=int, default=100_000, help="target log length")
    parser.add_argument("--appends", type=int, default=2_000)
    parser.add_argument("--pg", default=os.environ.get("POKERTD_TEST_PG_URL"))
    parser.add_argument("--dir", default=None, help="where the SQLite files go (default: /tmp)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        path = Path(tmp) / "bench.db"
        stores: list[tuple[str, Callable[[], EventStore]]] = [
            ("SQLite", lambda: open_store(f"sqlite:///{path}"))
        ]
        if args.pg:
            stores.append(("PostgreSQL", lambda: open_store(args.pg)))
        for label, opener in stores:
            store = opener()
            bench_appends(store, label, args.appends)
            store.close()

        memory, tid, took = build_big_log(args.entries, args.events)
        print(
            f"built a {args.entries:,}-entry log of {memory.last_seq(tid):,} events "
            f"in memory in {took:.1f} s"
        )
        big = Path(tmp) / "big.db"
        memory._conn.execute("VACUUM INTO ?", (str(big),))
        records = memory.load(tid)
        memory.close()
        print(f"SQLite file: {big.stat().st_size / 1e6:.1f} MB")
        bench_load_sqlite(big, tid)
        if args.pg:
            bench_load_postgres(args.pg, records, tid)


if __name__ == "__main__":
    main()
