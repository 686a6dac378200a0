"""The scale bench (issue 25): what one command costs as the field grows, whole night.

Issue 25's bar is that every command costs the same at 10,000 entries as at 100. This plays
the same night at several sizes through the real core, in memory, exactly as ``pokertd sim
--template fox_120 --seed 3 --entries N`` does (:func:`pokertd.sim.night.simulate_night`:
every registration, hand, bust, move, colour-up and close a command through the
``TournamentService``, then the floor pays **every prize**, then the night's self-checks),
and prints for each size:

* **commands** the core applied and **events** it wrote, hands, entries, places paid;
* **CPU total** of the night (create, play, prizes, checks; not the interpreter's start-up)
  and its parts: *play* (to the last bust), *prizes* (``finish``: close, pause, every
  ``PayPrize``), *checks* (the end-of-night self-checks and the report);
* **CPU per command** = CPU total / commands, and its **ratio to the smallest size** (the
  issue's target: ≤ 2 at 10,000 ÷ 100);
* **peak memory**: the process's peak resident set (``ru_maxrss``) and how much of it the
  night added over the interpreter with the code imported.

Before the timed night each process plays an untimed 30-entry warm-up night of the same
template, so that no size pays for importing the code (the application layer imports
lazily) or loading the profile: the smallest night would otherwise carry a third of a
second of imports and flatter the ratio.

Each night runs in a fresh process of its own (``spawn``), one at a time, so that its CPU
and peak memory are its own and the machine stays light; the CPU is the process's
(``time.process_time``), which other work on a shared machine does not inflate the way it
inflates wall time. With ``--repeat R`` each size is played R times (same seed, same
night) and the **median** CPU is used. Every ratio is of figures from the same run.

The chart (CPU per command against entries, on a log axis; and the ratio to the smallest
size) is written as SVG to ``--chart`` (default ``bench/.artifacts/scaling.svg``, ignored by
git); ``--publish`` also writes it to ``docs/scaling.svg``, the copy ``docs/scaling.md``
shows. ``--json FILE`` keeps the figures.

Tables: a table for every ten entries (``--tables field``, the room a festival of that
size has, as ``bench/sim.py``'s 10,000-entry night); ``--tables template`` keeps the
template's own 30 tables (the rest wait as alternates), as ``pokertd sim`` without
``--tables`` does.

Run: ``uv run python -m bench.scale`` (100 to 10,000 entries: the 10,000 night took ~800 s
CPU before issue 25); ``--sizes 100,250,500,1000,2000`` for a quicker run.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import multiprocessing as mp
import resource
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

from pokertd.charts import line_chart, stack_charts

TEMPLATE = "fox_120"
SEED = 3
SEATS = 10
"""``fox_120`` seats ten a table."""
WARM_UP = 30
"""Entries of the untimed warm-up night each process plays first."""
SIZES = (100, 250, 500, 1_000, 2_000, 5_000, 10_000)
ROOT = Path(__file__).resolve().parents[1]
CHART = ROOT / "bench" / ".artifacts" / "scaling.svg"
"""Where the chart goes by default (ignored by git)."""
DOCS_CHART = ROOT / "docs" / "scaling.svg"
"""The committed copy ``docs/scaling.md`` shows (``--publish``)."""


@dataclass(frozen=True, slots=True)
class Run:
    """One night played in a process of its own: its counts, CPU seconds and memory."""

    size: int
    """Entries asked for (``--entries``)."""
    entries: int
    """Entries the night had (re-entries included)."""
    hands: int
    commands: int
    events: int
    paid: int
    """Places paid (every one paid by a ``PayPrize``)."""
    cpu: float
    """CPU seconds of the whole night: create, play, prizes, checks."""
    play: float
    """CPU seconds from the creation to the last bust."""
    prizes: float
    """CPU seconds of the end of the night: closing, pausing, paying every prize."""
    checks: float
    """CPU seconds of the end-of-night self-checks and the report."""
    wall: float
    peak_mb: float
    """The process's peak resident set (MB)."""
    base_mb: float
    """Its resident set before the night, with the code imported (MB)."""


def _rss_mb() -> float:
    """This process's peak resident set so far, in MB (Linux reports KB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def play(size: int, seed: int, tables: str) -> Run:
    """Play one night of ``size`` entries in this process, timing each part.

    The same steps as :func:`pokertd.sim.night.simulate_night`, its parts timed apart."""
    from pokertd.sim.night import check_config, night_for, simulate_night
    from pokertd.sim.report import NightConfig

    def config_of(entries: int) -> NightConfig:
        return NightConfig(
            template=TEMPLATE,
            entries=entries,
            seed=seed,
            tables=-(-entries // SEATS) if tables == "field" else None,
        )

    # A warm-up night first, untimed: every module the night needs imported (the CLI and
    # the application layer import lazily) and the profile and template loaded, as in a
    # server that has run a command; else the smallest night pays the imports and the
    # ratio to it looks better than it is.
    simulate_night(config_of(WARM_UP))
    gc.collect()  # the warm-up night's objects gone: the timed night's collector sees its own
    config = config_of(size)
    base = _rss_mb()
    wall = time.perf_counter()
    t0 = time.process_time()
    tmpl, profile = check_config(config)
    night = night_for(config, tmpl, profile)
    try:
        night.create()
        night.play()
        t1 = time.process_time()
        night.finish()
        t2 = time.process_time()
        report = night.report()
        t3 = time.process_time()
    finally:
        night.console.close()
    return Run(
        size=size,
        entries=report.entries,
        hands=report.hands,
        commands=report.commands,
        events=report.events,
        paid=report.paid_places,
        cpu=t3 - t0,
        play=t1 - t0,
        prizes=t2 - t1,
        checks=t3 - t2,
        wall=time.perf_counter() - wall,
        peak_mb=_rss_mb(),
        base_mb=base,
    )


def play_apart(size: int, seed: int, tables: str) -> Run:
    """:func:`play` in a fresh process (spawned, one at a time): its CPU and peak memory
    are the night's own."""
    ctx = mp.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=ctx) as pool:
        return pool.submit(play, size, seed, tables).result()


@dataclass(frozen=True, slots=True)
class Row:
    """One size: the median run (by CPU) and the figures derived from it."""

    run: Run
    cpus: tuple[float, ...]
    """CPU seconds of every repeat (the median is used)."""
    ms_per_command: float
    ratio: float
    """CPU per command ÷ the smallest size's, same run."""


def measure(sizes: list[int], seed: int, repeat: int, tables: str) -> list[Row]:
    """Every size ``repeat`` times in fresh processes; rows in size order."""
    runs: dict[int, list[Run]] = {}
    for size in sorted(sizes):
        for _ in range(repeat):
            one = play_apart(size, seed, tables)
            runs.setdefault(size, []).append(one)
            print(
                f"  {size:>6,} entries: {one.cpu:8.2f} s CPU, {one.commands:,} commands "
                f"({one.wall:.1f} s wall)",
                flush=True,
            )
    rows: list[Row] = []
    first = 0.0
    for size in sorted(runs):
        done = sorted(runs[size], key=lambda r: r.cpu)
        cpu = statistics.median(r.cpu for r in done)
        median = min(done, key=lambda r: abs(r.cpu - cpu))  # a real run at the median
        per = 1000 * cpu / median.commands
        first = first or per
        rows.append(Row(median, tuple(r.cpu for r in runs[size]), per, per / first))
    return rows


def table(rows: list[Row]) -> str:
    """The figures as a plain-text table."""
    head = (
        f"{'entries':>8} {'commands':>9} {'events':>9} {'hands':>8} {'paid':>5} "
        f"{'CPU s':>8} {'play':>8} {'prizes':>8} {'checks':>7} {'ms/cmd':>7} "
        f"{'ratio':>6} {'peak MB':>8} {'+night':>7}"
    )
    lines = [head, "-" * len(head)]
    for row in rows:
        r = row.run
        lines.append(
            f"{r.entries:>8,} {r.commands:>9,} {r.events:>9,} {r.hands:>8,} {r.paid:>5,} "
            f"{statistics.median(row.cpus):>8.2f} {r.play:>8.2f} {r.prizes:>8.2f} "
            f"{r.checks:>7.2f} {row.ms_per_command:>7.3f} {row.ratio:>6.2f} "
            f"{r.peak_mb:>8.0f} {r.peak_mb - r.base_mb:>7.0f}"
        )
    return "\n".join(lines)


def _entries_label(x: float) -> str:
    return f"{10**x:,.0f}"


def chart(rows: list[Row], note: str) -> str:
    """Two SVG charts one above the other: CPU per command (ms) against entries, and the
    ratio to the smallest size; entries on a log axis (a tick per power of ten when the sizes
    span one, else the first and last size)."""
    xs = [math.log10(row.run.size) for row in rows]
    step = 1.0 if xs[-1] - xs[0] >= 1 else None  # a tick per power of ten, else both ends
    xlabel = "entries, log scale (played: " + ", ".join(f"{r.run.size:,}" for r in rows) + ")"
    per = line_chart(
        [(x, row.ms_per_command) for x, row in zip(xs, rows, strict=True)],
        f"CPU per command, whole night to the last prize ({note})",
        xlabel,
        "ms CPU / command",
        x_format=_entries_label,
        x_step=step,
    )
    ratio = line_chart(
        [(x, row.ratio) for x, row in zip(xs, rows, strict=True)],
        f"CPU per command ÷ at {rows[0].run.size:,} entries (target ≤ 2 at 10,000)",
        xlabel,
        "ratio",
        x_format=_entries_label,
        x_step=step,
    )
    return stack_charts([per, ratio])


def write_chart(svg: str, args: argparse.Namespace) -> None:
    """The chart to ``--chart``, and to ``docs/scaling.svg`` with ``--publish``."""
    for path in [Path(args.chart)] + ([DOCS_CHART] if args.publish else []):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(svg + "\n")
        print(f"chart written to {path}")


def main(argv: list[str] | None = None) -> None:
    """Parse the options, measure, print the table, write the chart (and ``--json``)."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument(
        "--sizes",
        default=",".join(str(s) for s in SIZES),
        help="entries, comma-separated (default 100 to 10,000)",
    )
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--repeat", type=int, default=1, help="nights per size (median CPU)")
    ap.add_argument("--tables", choices=("field", "template"), default="field")
    ap.add_argument("--chart", default=str(CHART), help="the SVG chart's path")
    ap.add_argument("--publish", action="store_true", help=f"also write {DOCS_CHART.name} in docs")
    ap.add_argument("--json", default="", help="write the figures to this file too")
    ap.add_argument("--replot", default="", help="draw the chart from this --json file only")
    args = ap.parse_args(argv)
    if args.replot:
        data = json.loads(Path(args.replot).read_text())
        fields = set(Run.__dataclass_fields__)
        rows = [
            Row(
                Run(**{k: v for k, v in r.items() if k in fields}),
                tuple(r["cpus"]),
                r["ms_per_command"],
                r["ratio"],
            )
            for r in data["rows"]
        ]
        print(table(rows))
        write_chart(chart(rows, f"{data['template']}, seed {data['seed']}"), args)
        return
    sizes = sorted({int(s.replace("_", "")) for s in args.sizes.split(",") if s.strip()})
    if not sizes or sizes[0] < 2 or args.repeat < 1:
        raise SystemExit("Give sizes of at least 2 entries (--sizes 100,1000) and --repeat ≥ 1.")
    rooms = "a table per 10 entries" if args.tables == "field" else "the template's tables"
    print(
        f"{TEMPLATE}, seed {args.seed}, {rooms}, in memory, the whole night to its last prize; "
        f"each night in a fresh process; {args.repeat} night(s) per size, median CPU",
        flush=True,
    )
    rows = measure(sizes, args.seed, args.repeat, args.tables)
    print(table(rows))
    last = rows[-1]
    print(
        f"CPU per command at {last.run.size:,} entries ÷ at {rows[0].run.size:,}: "
        f"{last.ratio:.2f} (same run)"
    )
    write_chart(chart(rows, f"{TEMPLATE}, seed {args.seed}"), args)
    if args.json:
        Path(args.json).write_text(
            json.dumps(
                {
                    "template": TEMPLATE,
                    "seed": args.seed,
                    "tables": args.tables,
                    "repeat": args.repeat,
                    "rows": [
                        asdict(row.run)
                        | {
                            "cpus": list(row.cpus),
                            "ms_per_command": row.ms_per_command,
                            "ratio": row.ratio,
                        }
                        for row in rows
                    ],
                },
                indent=1,
            )
        )


if __name__ == "__main__":
    main()
