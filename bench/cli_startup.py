"""CLI start-up: CPU time of real ``pokertd`` commands on a real database vs ``python -c pass``.

Issue 15 ("a quick CLI") made ``pokertd --help`` and ``version`` cheap; issue 25 ("a CLI that
starts like a tool") asks the same of the commands a floorperson types all night. The bench
first builds a real night in a temporary SQLite file: a ``fox_120`` tournament with
``--entries`` players (200 by default) registered and seated by draw, through
:mod:`pokertd.app` (the service every face uses). Then each case below runs in a fresh Python
process, N times, measured by the CPU time (user + system) the child used
(``resource.getrusage(RUSAGE_CHILDREN)`` before and after each run); the table shows the
median and its ratio to ``python -c pass`` measured in the same run.

The cases:

* **baseline** -- ``python -c pass``;
* **whole** -- ``python -c "import pokertd.app.tournaments, pokertd.web.app"``: what every
  command paid before issue 15, for scale;
* **help** -- ``pokertd --help``, ``pokertd status --help``, ``pokertd version``;
* **real** -- ``pokertd status T --json``, ``pokertd bust T NAME --json`` (a different seated
  player each run) and ``pokertd register T NAME --age-ok --member-ok --json`` (a new name
  each run) on the night's database: reading the log, deciding, writing the events, printing
  the API's documents.

Every command runs as ``sys.executable -m pokertd.cli ...`` (the console script's entry
point, without a PATH look-up).

Bytecode: by default the runs write and reuse ``.pyc`` files in a temporary
``PYTHONPYCACHEPREFIX`` (one warm-up run each), as an installed pokertd does;
``--no-bytecode`` compiles every module on every run (``PYTHONDONTWRITEBYTECODE=1``, as in
a sandbox), which costs every side more.

It then prints the top of ``python -X importtime`` for ``pokertd status T --json``: what the
remaining start-up time is spent importing.

Run: ``uv run python bench/cli_startup.py [--runs N] [--entries N] [--no-bytecode]``.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

PY = sys.executable
CLI = [PY, "-m", "pokertd.cli"]
TID = "bench"
"""The bench night's tournament id."""

CASES: list[tuple[str, str, list[str]]] = [
    ("baseline", "python -c pass", [PY, "-c", "pass"]),
    (
        "whole",
        "import pokertd.app.tournaments, pokertd.web.app",
        [PY, "-c", "import pokertd.app.tournaments, pokertd.web.app"],
    ),
    ("help", "pokertd --help", [*CLI, "--help"]),
    ("help", "pokertd status --help", [*CLI, "status", "--help"]),
    ("help", "pokertd version", [*CLI, "version"]),
]
"""(side, label, argv) of the commands that need no database (``bench/sim.py`` reuses them)."""

Argv = Callable[[int], list[str]]
"""The argv of a run, given its number (a bust names a different player each run)."""


def real_cases(url: str) -> list[tuple[str, str, Argv]]:
    """(side, label, argv for run ``i``) of the real commands on the night at ``url``."""
    db = ["--db", url]
    late = ["--age-ok", "--member-ok"]
    return [
        ("real", "pokertd status T --json", lambda i: [*CLI, "status", TID, *db, "--json"]),
        (
            "real",
            "pokertd bust T NAME --json",
            lambda i: [*CLI, "bust", TID, f"Player {i:03d}", *db, "--json"],
        ),
        (
            "real",
            "pokertd register T NAME --json",
            lambda i: [*CLI, "register", TID, f"Late {i:03d}", *late, *db, "--json"],
        ),
    ]


def _fixed(argv: list[str]) -> Argv:
    """The same ``argv`` on every run."""
    return lambda _i: argv


def build_night(path: Path, entries: int) -> str:
    """A ``fox_120`` tournament with ``entries`` players registered and seated by draw, in
    the SQLite file at ``path``; its store URL."""
    from pokertd.app import App
    from pokertd.tournament.entries import CreateTournament, Register
    from pokertd.tournament.seating import DrawSeats
    from pokertd.tournament.templates import load_template

    url = f"sqlite:///{path}"
    app = App.open(url)
    service = app.tournaments
    try:
        template = load_template("fox_120")
        template = template.with_changes(tables=-(-entries // template.seats_per_table) + 2)
        create = CreateTournament(name="Bench night", template=template)
        service.create(create, tournament_id=TID, actor="bench", role="director")
        for i in range(entries):
            register = Register(name=f"Player {i:03d}", age_ok=True, member_ok=True)
            service.run(TID, register, actor="bench", role="director")
        service.run(TID, DrawSeats(), actor="bench", role="director")
    finally:
        service.close()
    return url


def environment(bytecode: bool, cache: str) -> dict[str, str]:
    """The children's environment: bytecode cached in ``cache``, or never written."""
    env = dict(os.environ)
    env["COLUMNS"] = "100"
    env["POKERTD_ACTOR"] = "bench"
    if bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = cache
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def cpu_seconds(argv: list[str], env: dict[str, str]) -> float:
    """CPU time (user + system) of one run of ``argv`` in a child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def importtime_top(argv: list[str], env: dict[str, str], count: int) -> list[str]:
    """The ``count`` slowest top-level imports of ``argv`` (cumulative, ``-X importtime``)."""
    done = subprocess.run(
        [PY, "-X", "importtime", *argv[1:]], env=env, capture_output=True, text=True, check=True
    )
    rows: list[tuple[int, str]] = []
    for line in done.stderr.splitlines():
        parts = line.split("|")
        if len(parts) != 3 or not parts[1].strip().isdigit():
            continue
        name = parts[2].rstrip()
        depth = (len(name) - len(name.lstrip())) // 2
        if depth <= 1:
            rows.append((int(parts[1]), name.strip() + ("" if depth == 0 else " (nested)")))
    rows.sort(reverse=True)
    return [f"{us / 1000:8.1f} ms  {name}" for us, name in rows[:count]]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="runs per command (median)")
    parser.add_argument("--entries", type=int, default=200, help="players seated in the night")
    parser.add_argument(
        "--no-bytecode", action="store_true", help="compile every module on every run"
    )
    args = parser.parse_args()
    if args.runs + 1 > args.entries:
        parser.error("--runs must be below --entries (each bust run busts another player)")
    with (
        tempfile.TemporaryDirectory(prefix="pokertd-pyc-") as cache,
        tempfile.TemporaryDirectory(prefix="pokertd-cli-bench-") as work,
    ):
        url = build_night(Path(work) / "night.db", args.entries)
        env = environment(not args.no_bytecode, cache)
        cases: list[tuple[str, str, Argv]] = [
            (side, label, _fixed(argv)) for side, label, argv in CASES
        ]
        cases += real_cases(url)
        runs = [i + 1 for i in range(args.runs)]  # run 0 is the warm-up
        for _side, _label, argv_of in cases:  # warm-up: fills the bytecode cache
            cpu_seconds(argv_of(0), env)
        medians: list[tuple[str, str, float]] = []
        for side, label, argv_of in cases:
            times = [cpu_seconds(argv_of(i), env) for i in runs]
            medians.append((side, label, statistics.median(times)))
        base = medians[0][2] or 1e-9
        whole = medians[1][2]
        mode = "no bytecode cache" if args.no_bytecode else "bytecode cached"
        print(
            f"CLI start-up, CPU time, median of {args.runs} runs ({mode}), "
            f"{args.entries} entries seated in SQLite; load {os.getloadavg()[0]:.1f} on "
            f"{os.cpu_count()} CPUs; Python {sys.version.split()[0]}"
        )
        print(f"{'side':<9} {'command':<48} {'CPU ms':>8} {'x pass':>8} {'x whole':>8}")
        for side, label, median in medians:
            print(
                f"{side:<9} {label:<48} {median * 1000:8.1f} {median / base:8.1f} "
                f"{median / whole:8.2f}"
            )
        status = real_cases(url)[0][2](0)
        print("\nTop imports of `pokertd status T --json` (python -X importtime, cumulative):")
        for line in importtime_top(status, env, 14):
            print("  " + line)


if __name__ == "__main__":
    main()
