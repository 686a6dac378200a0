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

from pokertd.app.tournaments import TournamentService
from pokertd.store import EventStore, SqliteStore, open_store
from pokertd.store.base import decode_rows, gc_paused
from pokertd.store.snapshot import snapshot_key
from pokertd.store.testing import ToyCreate, ToyNote, ToyNoted
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CreateTournament, Reenter, Register
from pokertd.tournament.framework import fold
from pokertd.tournament.templates import load_template

T0 = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)


def _percentiles(samples_ms: list[float]) -> str:
    ordered = sorted(samples_ms)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"median {statistics.median(ordered):.2f} ms, p99 {p99:.2f} ms, max {ordered[-1]:.2f} ms"


def bench_fsync(directory: Path, count: int = 300) -> None:
    """The disk's own fsync latency: the floor under any durable append."""
    probe = directory / "fsync.probe"
    samples: list[float] = []
    fd = os.open(probe, os.O_WRONLY | os.O_CREAT)
    try:
        for _ in range(count):
            os.write(fd, b"x" * 200)
            t = time.perf_counter()
            os.fsync(fd)
            samples.append((time.perf_counter() - t) * 1000)
    finally:
        os.close(fd)
        probe.unlink()
    print(f"disk fsync in {directory} x{count}: {_percentiles(samples)}")


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


class Timer:
    """Wall-clock and CPU time of a block (the CPU figure is what a busy machine hides)."""

    def __enter__(self) -> Timer:
        self.wall = time.perf_counter()
        self.cpu = time.process_time()
        return self

    def __exit__(self, *exc: object) -> None:
        self.wall = time.perf_counter() - self.wall
        self.cpu = time.process_time() - self.cpu

    def __str__(self) -> str:
        return f"{1000 * self.wall:.0f} ms (CPU {1000 * self.cpu:.0f} ms)"


def pad_log(path: Path, tid: str, target: int) -> None:
    """Append one-event note batches straight into the file until the log has ``target``
    events (one transaction; stands in for clock and seating events)."""
    store = SqliteStore(str(path))
    last = store.last_seq(tid)
    if last < target:
        at = store.load(tid, after_seq=last - 1)[0].recorded_at
        rows = []
        for seq in range(last + 1, target + 1):
            at += timedelta(seconds=1)
            data = f'{{"text":"clock/seating note {seq}","draw":{seq % 997}}}'
            rows.append((tid, seq, seq, at.isoformat(), "floor", "toy_noted", 1, data, "ToyNote"))
        with store._transaction() as conn:
            conn.executemany("INSERT INTO events VALUES (?,?,?,?,?,?,?,?,?)", rows)
            conn.execute("UPDATE tournaments SET last_seq = ? WHERE id = ?", (target, tid))
        print(f"  padded the log from {last:,} to {target:,} events with notes")
    store.close()


def bench_replay_breakdown(path: Path, tid: str) -> None:
    """A full replay from the SQLite file: read rows, decode events, fold (as the service
    does it: with the garbage collector paused)."""
    store = SqliteStore(str(path))
    with Timer() as read:
        rows = store._conn.execute(
            "SELECT seq, batch, recorded_at, actor, type, version, data, command FROM events "
            "WHERE tournament_id = ? ORDER BY seq",
            (tid,),
        ).fetchall()
    with Timer() as decode:
        records = decode_rows(tid, rows)
    with Timer() as folding, gc_paused():
        state = fold(tid, records)
    store.close()
    print(
        f"  replay of {len(records):,} events ({len(state.batches):,} batches): "
        f"read {read} + decode {decode} + fold {folding}"
    )


def bench_service_load(url: str, tid: str) -> None:
    """Cold loads through the service: full replay, snapshot write, load from snapshot."""
    store = open_store(url)
    with Timer() as replay:
        state = TournamentService(store, snapshot_every=0).state(tid)
    print(f"  TournamentService.state(), full replay: {replay} for {state.seq:,} events")
    service = TournamentService(store, snapshot_every=0)
    service.state(tid)
    with Timer() as write:
        service.snapshot(tid)
    found = store.load_snapshot(tid, snapshot_key())
    size = len(found[1]) if found else 0
    print(f"  snapshot write: {write}, {size / 1e6:.1f} MB")
    best: Timer | None = None
    for _ in range(3):
        with Timer() as load:
            TournamentService(store).state(tid)
        if best is None or load.wall < best.wall:
            best = load
    print(f"  TournamentService.state() from the snapshot (best of 3): {best}")
    store.close()


def copy_to_postgres(url: str, path: Path, tid: str) -> str:
    """Copy the big log's rows into PostgreSQL (COPY); the new tournament id."""
    pg_tid = f"{tid}-{uuid.uuid4().hex[:6]}"
    source = SqliteStore(str(path))
    rows = source._conn.execute(
        "SELECT seq, batch, recorded_at, actor, type, version, data FROM events "
        "WHERE tournament_id = ? ORDER BY seq",
        (tid,),
    ).fetchall()
    info = next(t for t in source.tournaments() if t.id == tid)
    source.close()
    store = open_store(url)
    conn = store._conn  # type: ignore[attr-defined]
    with Timer() as took, conn.transaction():
        conn.execute(
            "INSERT INTO pokertd_tournaments (id, name, created_at, updated_at, last_seq) "
            "VALUES (%s, %s, %s, %s, %s)",
            (pg_tid, info.name, info.created_at, info.updated_at, info.last_seq),
        )
        with conn.cursor().copy(
            "COPY pokertd_events (tournament_id, seq, batch, recorded_at, actor, type, "
            "version, data) FROM STDIN"
        ) as copy:
            for row in rows:
                copy.write_row((pg_tid, *row))
    store.close()
    print(f"  copied {len(rows):,} rows into PostgreSQL in {took}")
    return pg_tid


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--events", type=int, default=100_000, help="target log length")
    parser.add_argument("--appends", type=int, default=2_000)
    parser.add_argument("--pg", default=os.environ.get("POKERTD_TEST_PG_URL"))
    parser.add_argument("--dir", default=None, help="where the SQLite files go (default: /tmp)")
    parser.add_argument(
        "--log-file",
        default=None,
        help="the big log's SQLite file, built when missing and reused (building takes minutes)",
    )
    parser.add_argument("--skip-appends", action="store_true")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        path = Path(tmp) / "bench.db"
        stores: list[tuple[str, Callable[[], EventStore]]] = [
            ("SQLite", lambda: open_store(f"sqlite:///{path}"))
        ]
        if args.pg:
            stores.append(("PostgreSQL", lambda: open_store(args.pg)))
        if not args.skip_appends:
            bench_fsync(Path(tmp))
        for label, opener in [] if args.skip_appends else stores:
            store = opener()
            bench_appends(store, label, args.appends)
            store.close()

        big = Path(
            args.log_file or Path(tempfile.gettempdir()) / f"pokertd-bench-{args.entries}.db"
        )
        tid = "big"
        if not big.exists():
            memory, tid, took = build_big_log(args.entries, args.events)
            print(
                f"built a {args.entries:,}-entry log of {memory.last_seq(tid):,} events "
                f"in memory in {took:.1f} s (kept in {big})"
            )
            memory._conn.execute("VACUUM INTO ?", (str(big),))
            memory.close()
        pad_log(big, tid, args.events)
        print(f"SQLite, {big.stat().st_size / 1e6:.1f} MB file:")
        bench_replay_breakdown(big, tid)
        bench_service_load(f"sqlite:///{big}", tid)
        if args.pg:
            print("PostgreSQL:")
            pg_tid = copy_to_postgres(args.pg, big, tid)
            try:
                bench_service_load(args.pg, pg_tid)
            finally:
                store = open_store(args.pg)
                store.delete(pg_tid)
                store.close()


if __name__ == "__main__":
    main()
