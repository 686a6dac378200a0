"""A whole live night through the service: registrations, re-entries, busts, views, replay.

Prints, for a field of N players (default 1,000) on an in-memory SQLite store:

* floor commands per second (register, bust, re-enter) through ``TournamentService.run``;
* the time of the read views a screen refreshes (status, players, results);
* the time to replay the whole log from the store into a fresh state.

Run: ``uv run python -m bench.floor_night`` (``--players N``).
"""

from __future__ import annotations

import argparse
import time
from datetime import UTC, datetime

from pokertd.app.tournaments import TournamentService
from pokertd.store import open_store
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, Reenter, Register
from pokertd.tournament.framework import fold
from pokertd.tournament.templates import load_template
from pokertd.tournament.views import players, results, status

NOW = datetime(2026, 11, 22, 19, 0, tzinfo=UTC)


def run(n: int) -> dict[str, float]:
    """Register ``n`` players, re-enter a tenth of them, bust everyone but one."""
    service = TournamentService(open_store("sqlite:///:memory:"), now=lambda: NOW)
    tmpl = load_template("fox_grinder").with_changes(tables=-(-n // 9) + 20, seats_per_table=9)
    tid = service.create(CreateTournament(name="bench", template=tmpl))
    names = [f"Player {i:05d}" for i in range(n)]
    commands = 0
    start = time.perf_counter()
    for name in names:
        service.run(tid, Register(name=name, member="1", age_ok=True))
        commands += 1
    for name in names[: n // 10]:
        service.run(tid, Bust(players=(name,)))
        service.run(tid, Reenter(player=name))
        commands += 2
    service.run(tid, CloseRegistration())
    for name in names[1:]:
        service.run(tid, Bust(players=(name,)))
        commands += 1
    elapsed = time.perf_counter() - start
    state = service.state(tid)
    t0 = time.perf_counter()
    status(state, NOW)
    players(state, NOW)
    view = results(state, NOW)
    views_s = time.perf_counter() - t0
    records = service.records(tid)
    t0 = time.perf_counter()
    fold(tid, records)
    replay_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    fresh = TournamentService(service.store, now=lambda: NOW)
    fresh.state(tid)
    load_s = time.perf_counter() - t0
    assert view.rows[0].place == 1
    return {
        "commands": commands,
        "commands_per_s": commands / elapsed,
        "events": len(records),
        "views_ms": views_s * 1000,
        "fold_ms": replay_s * 1000,
        "load_and_fold_ms": load_s * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=1000)
    args = parser.parse_args()
    figures = run(args.players)
    print(f"players: {args.players}")
    print(f"floor commands: {figures['commands']:.0f} at {figures['commands_per_s']:.0f}/s")
    print(f"events in the log: {figures['events']:.0f}")
    print(f"status + players + results views: {figures['views_ms']:.1f} ms")
    print(f"fold of the whole log: {figures['fold_ms']:.1f} ms")
    print(f"load from the store and fold: {figures['load_and_fold_ms']:.1f} ms")


if __name__ == "__main__":
    main()
