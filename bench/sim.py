"""Simulated nights through the service: CPU time, hands per second, where the time goes.

Issue 15 asks ``pokertd sim`` to play the night a director runs through the real core (every
registration, bust, move and colour-up a command through the service, every event folded
and appended to a store) and still be quick. This prints, in one run:

* **1,000 entries**: one Foxwoods $120 night (``fox_120``, 10-max, tables enough for the
  field) through the service on an in-memory store: CPU seconds against the 20 s target,
  hands, hands per CPU second.
* **10,000 entries**: the same night ten times bigger, against the 5-minute target
  (``--skip-10k`` leaves it out: it takes minutes): 10,000 entries in 1,000 tables of ten.
* **K = 20 runs of 200 entries** with :func:`pokertd.sim.batch.simulate_nights` in a process
  pool: wall time, CPU time of this process plus its workers, and the speed-up (CPU / wall)
  against one run after another.
* **Where the CPU goes**: one more 1,000-entry night under :mod:`cProfile` (slower; only the
  shares are read), its own time (``tottime``) attributed by source path: ``engine``
  (``pokertd/engine``), ``seating`` (``pokertd/tournament/seating``), ``clock``
  (``pokertd/tournament/clock``), ``log`` (``pokertd/store``, ``pokertd/app/``, the
  framework's fold and the codec) and ``other`` (bots, the driver, the rest of the
  tournament core, Python itself).
* **CLI start-up**: CPU time of ``pokertd status --help`` against ``python -c pass``,
  each in fresh processes, alternately, in the same run (the median of several), measured
  by ``bench/cli_startup.py``'s own functions and commands.

Both sides of every ratio are measured here, in the same run, on the same machine.

Run: ``uv run python -m bench.sim`` (``--skip-10k``, ``--runs 20``, ``--entries 200``,
``--workers W``, ``--seed S``).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import resource
import statistics
import tempfile
import time
from dataclasses import dataclass

from bench.cli_startup import CASES, cpu_seconds, environment
from pokertd.sim.batch import simulate_nights
from pokertd.sim.night import simulate_night
from pokertd.sim.report import NightConfig, NightReport

TEMPLATE = "fox_120"
SEATS = 10
"""``fox_120`` seats ten a table."""
TARGET_1K = 20.0
TARGET_10K = 300.0

CATEGORIES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("engine", ("pokertd/engine/",)),
    ("seating", ("pokertd/tournament/seating/",)),
    ("clock", ("pokertd/tournament/clock/",)),
    (
        "log",
        (
            "pokertd/store/",
            "pokertd/app/",
            "pokertd/tournament/framework.py",
            "pokertd/codec.py",
        ),
    ),
)
"""Source paths of each share; whatever matches none is ``other``."""


@dataclass(frozen=True, slots=True)
class Night:
    """One timed night."""

    entries: int
    cpu: float
    wall: float
    hands: int
    events: int
    duration: int

    @property
    def hands_per_cpu_second(self) -> float:
        return self.hands / self.cpu if self.cpu else 0.0


MAX_TABLES = 1000
"""The tables of the big night: 1,000 tables of ten for 10,000 entries (the core numbers
tables up to ``TABLE_MAX``, 9,999, in ``tournament/limits.py``)."""
BIG = MAX_TABLES * SEATS


def config(entries: int, seed: int) -> NightConfig:
    """The Foxwoods $120 night for ``entries`` players, with a table for every ten."""
    return NightConfig(template=TEMPLATE, entries=entries, seed=seed, tables=-(-entries // SEATS))


def timed_night(entries: int, seed: int) -> Night:
    """Play one night in this process: CPU and wall seconds, hands, events."""
    wall = time.perf_counter()
    cpu = time.process_time()
    report = simulate_night(config(entries, seed))
    return Night(
        entries=entries,
        cpu=time.process_time() - cpu,
        wall=time.perf_counter() - wall,
        hands=report.hands,
        events=report.events,
        duration=report.duration,
    )


def category(filename: str) -> str:
    """The share a source file's own time counts in."""
    path = filename.replace("\\", "/")
    for name, prefixes in CATEGORIES:
        if any(p in path for p in prefixes):
            return name
    return "other"


def shares(entries: int, seed: int) -> dict[str, float]:
    """Share of CPU time per category in one profiled night (``tottime`` by file)."""
    profile = cProfile.Profile()
    profile.enable()
    simulate_night(config(entries, seed))
    profile.disable()
    stats = pstats.Stats(profile)
    totals: dict[str, float] = {name: 0.0 for name, _ in CATEGORIES} | {"other": 0.0}
    raw: dict[tuple[str, int, str], tuple[int, int, float, float, object]]
    raw = stats.stats  # type: ignore[attr-defined]
    for (filename, _line, _func), (_cc, _nc, tottime, _ct, _callers) in raw.items():
        totals[category(filename)] += tottime
    whole = sum(totals.values()) or 1.0
    return {name: value / whole for name, value in totals.items()}


def children_cpu() -> float:
    """CPU seconds of the finished child processes of this one (user + system)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def batch(runs: int, entries: int, seed: int, workers: int | None) -> dict[str, float]:
    """``runs`` nights of ``entries`` in a process pool: wall, CPU (this process and the
    workers), hands; then the same nights one after another in this process for the
    speed-up."""
    wall = time.perf_counter()
    cpu = time.process_time()
    kids = children_cpu()
    reports: list[NightReport] = simulate_nights(config(entries, seed), runs, workers=workers)
    pool_wall = time.perf_counter() - wall
    pool_cpu = time.process_time() - cpu + children_cpu() - kids
    return {
        "wall": pool_wall,
        "cpu": pool_cpu,
        "hands": float(sum(r.hands for r in reports)),
        "median_hands": statistics.median(r.hands for r in reports),
    }


def startup(repeat: int) -> tuple[float, float]:
    """Median CPU seconds of ``pokertd status --help`` and of ``python -c pass``, each in
    fresh processes, measured alternately by :func:`bench.cli_startup.cpu_seconds` with its
    environment (bytecode cached in a temporary folder after one warm-up run each)."""
    argv = {label: args for _side, label, args in CASES}
    cli_argv, bare_argv = argv["pokertd status --help"], argv["python -c pass"]
    with tempfile.TemporaryDirectory() as cache:
        env = environment(bytecode=True, cache=cache)
        cpu_seconds(cli_argv, env)  # warm-up: write the bytecode
        cpu_seconds(bare_argv, env)
        cli: list[float] = []
        bare: list[float] = []
        for _ in range(repeat):
            cli.append(cpu_seconds(cli_argv, env))
            bare.append(cpu_seconds(bare_argv, env))
    return statistics.median(cli), statistics.median(bare)


def _shares_line(found: dict[str, float]) -> str:
    return ", ".join(f"{name} {share:.0%}" for name, share in found.items())


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--skip-10k", action="store_true", help="leave out the 10,000 night")
    parser.add_argument("--runs", type=int, default=20, help="nights in the parallel batch")
    parser.add_argument("--entries", type=int, default=200, help="entries per batch night")
    parser.add_argument("--workers", type=int, default=None, help="pool size (default CPUs)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--startup-repeat", type=int, default=7)
    args = parser.parse_args()

    print(f"{TEMPLATE} through the service, in-memory store, seed {args.seed}")
    sizes = [1_000] if args.skip_10k else [1_000, BIG]
    for entries in sizes:
        night = timed_night(entries, args.seed)
        target = TARGET_1K if entries == 1_000 else TARGET_10K
        print(
            f"{entries:>6,} entries: {night.cpu:7.2f} s CPU ({night.cpu / target:.2f} of the "
            f"{target:.0f} s target), {night.wall:7.2f} s wall, {night.hands:,} hands, "
            f"{night.hands_per_cpu_second:,.0f} hands per CPU second, {night.events:,} events, "
            f"night of {night.duration / 3600:.1f} h"
        )
    if args.skip_10k:
        print(" 10,000 entries: skipped (--skip-10k)")

    b = batch(args.runs, args.entries, args.seed, args.workers)
    one = timed_night(args.entries, args.seed)
    print(
        f"{args.runs} runs of {args.entries} entries in a process pool: {b['wall']:.2f} s wall, "
        f"{b['cpu']:.2f} s CPU (speed-up CPU/wall {b['cpu'] / b['wall']:.2f}x), "
        f"median {b['median_hands']:,.0f} hands a night, "
        f"{b['hands'] / b['cpu']:,.0f} hands per CPU second; one such night alone "
        f"{one.cpu:.2f} s CPU, so {args.runs} in a row ~ {one.cpu * args.runs:.1f} s"
    )

    found = shares(1_000, args.seed)
    print(f"CPU shares of a 1,000-entry night (cProfile tottime): {_shares_line(found)}")

    cli, bare = startup(args.startup_repeat)
    print(
        f"CLI start-up (median of {args.startup_repeat}): `pokertd status --help` "
        f"{cli * 1000:.0f} ms CPU, `python -c pass` {bare * 1000:.0f} ms CPU, "
        f"ratio {cli / bare:.1f}x, the CLI's own {max(cli - bare, 0.0) * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
