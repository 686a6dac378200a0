"""A season's standings over 2,000 past events (issue 14 target: under 200 ms).

The store (a SQLite file) holds 2,000 finished league nights of ``--players`` players each,
drawn from a pool of ``--pool`` names; all count toward one season of a league with the
``sqrt`` formula, a knockout bonus and best 20. Twenty nights are played through the
service with the real commands (register, bust); the other nights copy their logs under
new ids (``store.append``), so building the store takes seconds, not minutes.

Timed:

* **first standings** on a new service: every night's league result is read from its
  tournament (2,000 folds) and cached beside the log — once per night, ever;
* **standings** on a new service and store (the nights' results are cached): the figure
  the target is about — median and p99 of ``--repeat`` cold opens;
* **standings again** on the same service (warm).

Run: ``uv run python bench/leagues.py`` (``--events 500`` for a quicker run).
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from pokertd.app.leagues import LeagueService, Season
from pokertd.app.tournaments import TournamentService
from pokertd.league.points import PointsScheme
from pokertd.league.standings import Qualification
from pokertd.store import open_store
from pokertd.store.leagues import SeasonEventRow
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, Register
from pokertd.tournament.templates import load_template

TARGET_MS = 200.0
PATTERNS = 20
"""Nights played for real; the others copy their logs."""


def _play(svc: TournamentService, tid: str, names: list[str], rng: random.Random) -> None:
    tmpl = load_template("tnpl_league")
    svc.create(CreateTournament(name=f"Night {tid}", template=tmpl), tournament_id=tid)
    for n in names:
        svc.run(tid, Register(name=n, age_ok=True, member_ok=True), actor="floor", role="floor")
    alive = list(names)
    while len(alive) > 1:
        out = alive.pop(rng.randrange(len(alive)))
        by = rng.choice(alive)
        svc.run(tid, Bust(players=(out,), eliminator=by), actor="floor", role="floor")
    svc.run(tid, CloseRegistration(), actor="floor", role="floor")  # the night is over (G2)


def build(path: Path, events: int, players: int, pool: int, seed: int) -> float:
    """Write the store; the seconds it took."""
    start = time.perf_counter()
    rng = random.Random(seed)
    names = [f"Player {i:04d}" for i in range(pool)]
    svc = TournamentService(open_store(f"sqlite:///{path}"))
    leagues = LeagueService.over(svc)
    leagues.create_league("bench", "Bench League", PointsScheme(formula="sqrt", knockout_points=1))
    leagues.add_season(
        Season(league="bench", key="s1", name="Season 1", best_n=20,
               qualification=Qualification(top=30))
    )  # fmt: skip
    logs = []
    for i in range(PATTERNS):
        tid = f"n{i:05d}"
        _play(svc, tid, rng.sample(names, players), rng)
        logs.append([r.event for r in svc.records(tid)])
    now = datetime.now(UTC)
    for i in range(PATTERNS, events):
        tid = f"n{i:05d}"
        svc.store.append(tid, 0, logs[i % PATTERNS], actor="bench", recorded_at=now)
    for i in range(events):  # straight into the league table (add_event folds each night)
        leagues.store.add_season_event(SeasonEventRow("bench", "s1", f"n{i:05d}", False, i))
    svc.close()
    return time.perf_counter() - start


def timed_standings(path: Path) -> tuple[float, int]:
    svc = TournamentService(open_store(f"sqlite:///{path}"))
    try:
        leagues = LeagueService.over(svc)
        start = time.perf_counter()
        view = leagues.standings("bench", "s1")
        return (time.perf_counter() - start) * 1000, len(view.rows)
    finally:
        svc.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=2_000)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--pool", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "leagues.db"
        took = build(path, args.events, args.players, args.pool, args.seed)
        print(f"store: {args.events:,} nights x {args.players} players "
              f"({args.pool} names) built in {took:.1f} s")  # fmt: skip
        first, n = timed_standings(path)
        print(f"first standings (reads and caches {args.events:,} results): {first:,.0f} ms, "
              f"{n} players")  # fmt: skip
        cold = sorted(timed_standings(path)[0] for _ in range(args.repeat))
        p99 = cold[min(len(cold) - 1, round(0.99 * (len(cold) - 1)))]
        verdict = "ok" if statistics.median(cold) < TARGET_MS else "OVER TARGET"
        print(f"standings, new service each time ({args.repeat} runs): median "
              f"{statistics.median(cold):.1f} ms, p99 {p99:.1f} ms "
              f"(target < {TARGET_MS:.0f} ms: {verdict})")  # fmt: skip
        svc = TournamentService(open_store(f"sqlite:///{path}"))
        leagues = LeagueService.over(svc)
        leagues.standings("bench", "s1")
        warm = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            leagues.standings("bench", "s1")
            warm.append((time.perf_counter() - start) * 1000)
        svc.close()
        print(f"standings again on one service: median {statistics.median(warm):.1f} ms")


if __name__ == "__main__":
    main()
