"""Event store speed on a real night's log: full replay, load from a snapshot, append.

Issue 3 set the targets (append p99 under 5 ms on SQLite, a 10,000-entry log loaded under
1 s); issue 25 asked that they be measured on a **real** night's events, not on a log padded
with trivial notes (a padded log loads cheaper than a real one: a real night's events are
hands, seats, moves and prizes, about 19 µs an event by full replay).

The log: one ``fox_120`` night of ``--entries`` entries (default 2,000; a table for every
ten, seed 3) played by the simulator through the application layer
(:func:`pokertd.sim.night.night_for`: every registration, hand, bust, move and prize a
command through the ``TournamentService``), its rows then copied as stored into a SQLite
file (kept in ``--log-file`` and reused: building it takes a minute of CPU). On each store
(that SQLite file, and PostgreSQL when ``--pg``/``$POKERTD_TEST_PG_URL`` names a server;
the rows copied in with ``import_rows``), in the same run:

* **full replay**: a cold ``TournamentService(store, snapshot_every=0).state(T)`` (read the
  rows, decode, fold), CPU per event; and its parts (``store.load``: read + decode;
  ``fold``);
* **snapshot**: write one at the last event (its size), then a cold load from it (no tail);
* **load with a tail**: the log up to ``--tail`` events before its end (default 2,500, half
  the service's ``SNAPSHOT_EVERY``: the average a real load folds after its snapshot),
  snapshotted, then the rest appended ...
* **append per command**: ... one command's batch at a time with ``store.append`` (one
  durable transaction each, fsync included), the night's own last commands: wall and CPU
  per command, p50/p99;

then the cold load of that log (snapshot + tail). Loads are the **median of ``--repeat``**
(CPU from ``time.process_time``; wall beside it); every ratio is of figures from the same
run. The disk's own fsync latency is printed first: the floor under any durable append.

Run: ``uv run python -m bench.store`` (``--entries 1000`` for a quicker run; ``--pg URL``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from pokertd.app.tournaments import SNAPSHOT_EVERY, TournamentService
from pokertd.store import open_store
from pokertd.store.base import StoredRow, gc_paused
from pokertd.store.snapshot import snapshot_key
from pokertd.tournament.framework import EventRecord, fold

TEMPLATE = "fox_120"
SEED = 3
SEATS = 10
"""``fox_120`` seats ten a table."""


@dataclass
class Timer:
    """Wall-clock and CPU seconds of a block (the CPU figure is what a busy machine hides)."""

    wall: float = 0.0
    cpu: float = 0.0


@contextmanager
def timed() -> Iterator[Timer]:
    """Time the block into the yielded :class:`Timer`."""
    t = Timer()
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        yield t
    finally:
        t.wall, t.cpu = time.perf_counter() - wall, time.process_time() - cpu


def median_of(repeat: int, block: Callable[[], object]) -> Timer:
    """The median wall and CPU seconds of ``repeat`` runs of ``block``."""
    runs: list[Timer] = []
    for _ in range(repeat):
        with timed() as t:
            block()
        runs.append(t)
    return Timer(
        wall=statistics.median(t.wall for t in runs), cpu=statistics.median(t.cpu for t in runs)
    )


def pct(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


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
    print(
        f"disk fsync in {directory} x{count}: median {statistics.median(samples):.2f} ms, "
        f"p99 {pct(samples, 0.99):.2f} ms"
    )


# ---- the night ---------------------------------------------------------------------------


def play_night(entries: int, seed: int) -> tuple[str, list[StoredRow], float]:
    """A ``fox_120`` night of ``entries`` played through the service in memory, to its last
    prize; (tournament id, its rows as stored, CPU seconds taken)."""
    from pokertd.sim.night import check_config, night_for
    from pokertd.sim.report import NightConfig

    config = NightConfig(template=TEMPLATE, entries=entries, seed=seed, tables=-(-entries // SEATS))
    cpu = time.process_time()
    tmpl, profile = check_config(config)
    night = night_for(config, tmpl, profile)
    try:
        night.create()
        night.play()
        night.finish()
        night.report()  # the night's self-checks: a broken night is no bench
        tid = night.console.tid
        rows = night.console.service.store.rows(tid)
    finally:
        night.console.close()
    return tid, rows, time.process_time() - cpu


def night_file(entries: int, seed: int) -> Path:
    """Where the night of ``entries`` and ``seed`` is kept between runs (the temp folder)."""
    return Path(tempfile.gettempdir()) / f"pokertd-night-{TEMPLATE}-{entries}-{seed}.db"


def night_log(path: Path, entries: int, seed: int) -> tuple[str, list[StoredRow]]:
    """The night's rows from ``path``, played and kept there first when it is missing."""
    if not path.exists():
        tid, rows, took = play_night(entries, seed)
        store = open_store(f"sqlite:///{path}")
        try:
            store.import_rows(rows, name=f"{TEMPLATE} {entries} entries, seed {seed}")
        finally:
            store.close()
        print(f"played a {entries:,}-entry night in {took:.1f} s CPU; its log kept in {path}")
    store = open_store(f"sqlite:///{path}")
    try:
        tid = store.tournaments()[0].id
        return tid, store.rows(tid)
    finally:
        store.close()


def batches(rows: Sequence[StoredRow]) -> list[list[StoredRow]]:
    """The rows grouped by batch (one command's events each), in order."""
    out: list[list[StoredRow]] = []
    for row in rows:
        if out and out[-1][0].batch == row.batch:
            out[-1].append(row)
        else:
            out.append([row])
    return out


# ---- one store ---------------------------------------------------------------------------


@dataclass
class Figures:
    """One store's figures (seconds unless named otherwise)."""

    label: str
    events: int
    commands: int
    replay: Timer
    read_decode: Timer
    folding: Timer
    snapshot_write: Timer
    snapshot_mb: float
    load_snapshot: Timer
    tail_events: int
    load_tail: Timer
    append_wall: list[float]
    append_cpu: list[float]
    appended_events: int


def _copy(rows: Sequence[StoredRow], tid: str) -> list[StoredRow]:
    return [replace(r, tournament_id=tid) for r in rows]


def measure_store(label: str, url: str, rows: list[StoredRow], tail: int, repeat: int) -> Figures:
    """Every figure of one store, on copies of the night (deleted afterwards)."""
    store = open_store(url)
    whole = f"bench-{uuid.uuid4().hex[:8]}"
    part = f"{whole}-tail"
    try:
        store.import_rows(_copy(rows, whole), name="bench: the whole night")
        events = len(rows)

        def replay() -> None:
            TournamentService(store, snapshot_every=0).state(whole)

        replay_t = median_of(repeat, replay)
        records: list[EventRecord] = []

        def load() -> None:
            records[:] = store.load(whole)

        read_decode = median_of(repeat, load)

        def folding() -> None:
            with gc_paused():  # as the service folds
                fold(whole, records)

        fold_t = median_of(repeat, folding)
        service = TournamentService(store, snapshot_every=0)
        service.state(whole)
        with timed() as write:
            service.snapshot(whole)
        found = store.load_snapshot(whole, snapshot_key())
        size = len(found[1]) / 1e6 if found else 0.0
        load_snapshot = median_of(repeat, lambda: TournamentService(store).state(whole))

        # the log up to `tail` events before the end, snapshotted; then the night's last
        # commands appended one batch at a time, as the service appends them
        groups = batches(rows)
        cut, head = len(groups), events
        while cut > 1 and events - head < tail:
            cut -= 1
            head -= len(groups[cut])
        store.import_rows(_copy(rows[:head], part), name="bench: the night before its tail")
        TournamentService(store, snapshot_every=0).snapshot(part)
        walls: list[float] = []
        cpus: list[float] = []
        for group in groups[cut:]:
            first = records[group[0].seq - 1]
            evs = [records[r.seq - 1].event for r in group]
            with timed() as t:
                store.append(
                    part,
                    first.seq - 1,
                    evs,
                    actor=first.actor,
                    recorded_at=first.recorded_at,
                    command=first.command,
                )
            walls.append(t.wall)
            cpus.append(t.cpu)
        if [(r.type, r.version, r.data) for r in store.rows(part)] != [
            (r.type, r.version, r.data) for r in rows
        ]:
            raise SystemExit(f"{label}: the log rebuilt by the appends is not the night's log")
        load_tail = median_of(repeat, lambda: TournamentService(store).state(part))
        return Figures(
            label=label,
            events=events,
            commands=len(groups),
            replay=replay_t,
            read_decode=read_decode,
            folding=fold_t,
            snapshot_write=write,
            snapshot_mb=size,
            load_snapshot=load_snapshot,
            tail_events=events - head,
            load_tail=load_tail,
            append_wall=walls,
            append_cpu=cpus,
            appended_events=events - head,
        )
    finally:
        for tid in (whole, part):
            store.delete(tid)
        store.close()


def _ms(t: Timer) -> str:
    return f"{1000 * t.cpu:,.0f} ({1000 * t.wall:,.0f})"


def report(figures: list[Figures]) -> str:
    """The figures as a plain-text table, one column per store; CPU ms (wall ms)."""
    cols = [f.label for f in figures]
    lines: list[tuple[str, list[str]]] = [
        ("events / commands in the log", [f"{f.events:,} / {f.commands:,}" for f in figures]),
        ("full replay, ms CPU (wall)", [_ms(f.replay) for f in figures]),
        ("  per event, µs CPU", [f"{1e6 * f.replay.cpu / f.events:.1f}" for f in figures]),
        ("  read + decode (store.load)", [_ms(f.read_decode) for f in figures]),
        ("  fold", [_ms(f.folding) for f in figures]),
        ("snapshot write, ms CPU (wall)", [_ms(f.snapshot_write) for f in figures]),
        ("  snapshot size, MB", [f"{f.snapshot_mb:.2f}" for f in figures]),
        ("load from a snapshot at the end", [_ms(f.load_snapshot) for f in figures]),
        ("  ÷ full replay (CPU)", [f"{f.load_snapshot.cpu / f.replay.cpu:.2f}" for f in figures]),
        (
            "load, snapshot + tail of N events",
            [f"{_ms(f.load_tail)}, N={f.tail_events:,}" for f in figures],
        ),
        ("  ÷ full replay (CPU)", [f"{f.load_tail.cpu / f.replay.cpu:.2f}" for f in figures]),
        (
            "append per command, wall ms p50 / p99",
            [
                f"{1000 * statistics.median(f.append_wall):.2f} / "
                f"{1000 * pct(f.append_wall, 0.99):.2f}"
                for f in figures
            ],
        ),
        (
            "  CPU ms p50 / p99",
            [
                f"{1000 * statistics.median(f.append_cpu):.2f} / "
                f"{1000 * pct(f.append_cpu, 0.99):.2f}"
                for f in figures
            ],
        ),
        (
            "  commands (events) appended",
            [f"{len(f.append_wall):,} ({f.appended_events:,})" for f in figures],
        ),
    ]
    width = max(len(name) for name, _ in lines)
    cell = max(24, *(len(c) for _, cells in lines for c in cells))
    out = [f"{'':<{width}}  " + "  ".join(f"{c:>{cell}}" for c in cols)]
    out += [
        f"{name:<{width}}  " + "  ".join(f"{c:>{cell}}" for c in cells) for name, cells in lines
    ]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> None:
    """Parse the options, build or reuse the night's log, measure every store, print."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--entries", type=int, default=2_000)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument(
        "--tail",
        type=int,
        default=SNAPSHOT_EVERY // 2,
        help="events after the snapshot in the tail load (and commands appended)",
    )
    parser.add_argument("--repeat", type=int, default=3, help="loads per figure (median)")
    parser.add_argument("--pg", default=os.environ.get("POKERTD_TEST_PG_URL"))
    parser.add_argument("--dir", default=None, help="where the SQLite file goes (default: /tmp)")
    parser.add_argument(
        "--log-file",
        default=None,
        help="the night's SQLite file, played when missing and reused (default in /tmp)",
    )
    parser.add_argument("--skip-fsync", action="store_true")
    parser.add_argument("--json", default="", help="write the figures to this file too")
    args = parser.parse_args(argv)

    night = Path(args.log_file or night_file(args.entries, args.seed))
    tid, rows = night_log(night, args.entries, args.seed)
    print(
        f"the night: {TEMPLATE}, {args.entries:,} entries, seed {args.seed} ({tid}): "
        f"{len(rows):,} events in {len(batches(rows)):,} commands"
    )
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        if not args.skip_fsync:
            bench_fsync(Path(tmp))
        stores = [("SQLite file", f"sqlite:///{Path(tmp) / 'bench.db'}")]
        if args.pg:
            stores.append(("PostgreSQL", args.pg))
        figures = [measure_store(label, url, rows, args.tail, args.repeat) for label, url in stores]
    print(f"median of {args.repeat} cold loads each; CPU ms (wall ms):")
    print(report(figures))
    if args.json:
        Path(args.json).write_text(
            json.dumps(
                {
                    "template": TEMPLATE,
                    "entries": args.entries,
                    "seed": args.seed,
                    "repeat": args.repeat,
                    "stores": [asdict(f) for f in figures],
                },
                indent=1,
            )
        )


if __name__ == "__main__":
    main()
