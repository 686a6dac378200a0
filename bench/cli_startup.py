"""CLI start-up: CPU time of ``pokertd --help`` and one-line commands against ``python -c pass``.

Issue 15 ("a quick CLI"): every command used to spend 0.5-1.0 s of CPU importing the whole
package before it started. Each case below runs in a fresh Python process, N times, and is
measured by the CPU time (user + system) the child used (``resource.getrusage(
RUSAGE_CHILDREN)`` before and after each run); the table shows the median and its ratio to
``python -c pass`` measured in the same run.

The two sides:

* **before** -- ``python -c "import pokertd.app.tournaments, pokertd.web.app"``: what every command
  paid before issue 15, when building the Typer app imported the service, the tournament
  core, the engine, the store, Rich's tables and (through ``pokertd serve``'s module) the
  web app;
* **after** -- the commands as a user types them: ``python -m pokertd.cli --help``,
  ``pokertd --help``, ``pokertd status --help`` and ``pokertd version`` (the console script,
  through ``sys.executable -m pokertd.cli``: same entry point, no PATH lookup). Now the
  command modules import only Typer and pokertd's base modules, each command imports its
  domain when it runs, and the root group builds only the command asked for.

Bytecode: by default the runs write and reuse ``.pyc`` files in a temporary
``PYTHONPYCACHEPREFIX`` (one warm-up run each), as an installed pokertd does;
``--no-bytecode`` compiles every module on every run (``PYTHONDONTWRITEBYTECODE=1``, as in
a sandbox), which costs all sides more.

It then prints the top of ``python -X importtime`` for ``pokertd status --help``: what the
remaining start-up time is spent importing (Typer, and the pydantic and Rich modules Typer
loads to parse options and draw help).

Run: ``uv run python bench/cli_startup.py [--runs N] [--no-bytecode]``.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile

PY = sys.executable

CASES: list[tuple[str, str, list[str]]] = [
    ("baseline", "python -c pass", [PY, "-c", "pass"]),
    (
        "before",
        "import pokertd.app.tournaments, pokertd.web.app",
        [PY, "-c", "import pokertd.app.tournaments, pokertd.web.app"],
    ),
    ("after", "python -m pokertd.cli --help", [PY, "-m", "pokertd.cli", "--help"]),
    ("after", "pokertd status --help", [PY, "-m", "pokertd.cli", "status", "--help"]),
    ("after", "pokertd version", [PY, "-m", "pokertd.cli", "version"]),
]
"""(side, label, argv) for each measured command."""


def environment(bytecode: bool, cache: str) -> dict[str, str]:
    """The children's environment: bytecode cached in ``cache``, or never written."""
    env = dict(os.environ)
    env["COLUMNS"] = "100"
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


def importtime_top(env: dict[str, str], count: int) -> list[str]:
    """The ``count`` slowest top-level imports of ``pokertd status --help`` (cumulative)."""
    done = subprocess.run(
        [PY, "-X", "importtime", "-m", "pokertd.cli", "status", "--help"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="runs per command (median)")
    parser.add_argument(
        "--no-bytecode", action="store_true", help="compile every module on every run"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="pokertd-pyc-") as cache:
        env = environment(not args.no_bytecode, cache)
        for _side, _label, argv in CASES:  # warm-up: fills the bytecode cache
            cpu_seconds(argv, env)
        medians: list[tuple[str, str, float]] = []
        for side, label, argv in CASES:
            times = [cpu_seconds(argv, env) for _ in range(args.runs)]
            medians.append((side, label, statistics.median(times)))
        base = medians[0][2] or 1e-9
        mode = "no bytecode cache" if args.no_bytecode else "bytecode cached"
        print(f"CLI start-up, CPU time, median of {args.runs} runs ({mode}), Python {PY}")
        print(f"{'side':<9} {'command':<42} {'CPU ms':>8} {'x pass':>8}")
        for side, label, median in medians:
            print(f"{side:<9} {label:<42} {median * 1000:8.1f} {median / base:8.1f}")
        whole = medians[1][2]
        for _side, label, median in medians[2:]:
            print(f"{label}: {whole / median:.1f}x less CPU than importing the whole package")
        print("\nTop imports of `pokertd status --help` (python -X importtime, cumulative):")
        for line in importtime_top(env, 12):
            print("  " + line)


if __name__ == "__main__":
    main()
