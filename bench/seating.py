"""Seating and balancing speed on a 10,000-player field (1,112 tables of 9).

Prints two figures (targets from issue 4):

* the median time to decide the moves after one bust (target: under 1 ms), measured over
  every bust of a whole tournament, break and balance decisions included;
* the total time to bust 10,000 players down to one table with every suggested move
  applied, button succession included (target: under 5 s).

Run: ``uv run python -m bench.seating`` (``--players N``, ``--seed S``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from pokertd.engine.button import seats_of
from pokertd.rules import load_profile
from pokertd.tournament.seating import Layout, Seating, apply_plan, draw_initial_seats, plan


def build(players: int, seed: int, seats: int = 9) -> Seating:
    """A randomly seated field with a known button at every table."""
    n_tables = -(-players // seats)
    seating = Seating.from_layout(Layout.uniform(n_tables, seats), load_profile("tda"))
    rng = random.Random(seed)
    names = [f"p{i:05d}" for i in range(players)]
    seating.apply_draws(draw_initial_seats(seating, names, rng))
    for number, table in seating.tables.items():
        occupied = [s for s in range(table.n_seats) if table.occupied >> s & 1]
        seating.set_button(number, rng.choice(occupied))
    return seating


def run(players: int, seed: int) -> dict[str, float]:
    """Bust the whole field; time each decision and the whole run."""
    t0 = time.perf_counter()
    seating = build(players, seed)
    setup = time.perf_counter() - t0
    rng = random.Random(seed + 1)
    decide: list[float] = []
    moves = 0
    start = time.perf_counter()
    clock = time.perf_counter
    while seating.players > 1:
        number = rng.choice(seating.order)
        table = seating.tables[number]
        victim = table.players[rng.choice(seats_of(table.occupied))]
        assert victim is not None
        seating.unseat(victim)
        if table.count >= 2:
            seating.hand_dealt(number, seating.next_hand(number))
        t = clock()
        done = plan(seating, rng, paid_places=players // 10)
        decide.append(clock() - t)
        moves += len(done.moves)
        if not done.empty:
            apply_plan(seating, done)
    total = time.perf_counter() - start
    return {
        "players": players,
        "tables": -(-players // 9),
        "setup_s": setup,
        "decide_median_ms": statistics.median(decide) * 1000,
        "decide_p99_ms": sorted(decide)[int(len(decide) * 0.99)] * 1000,
        "decide_max_ms": max(decide) * 1000,
        "moves": moves,
        "total_s": total,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    r = run(args.players, args.seed)
    print(f"field: {r['players']:,.0f} players on {r['tables']:,.0f} tables of 9")
    print(f"initial random seating: {r['setup_s']:.3f} s")
    print(
        f"decide moves after one bust: median {r['decide_median_ms']:.3f} ms, "
        f"p99 {r['decide_p99_ms']:.3f} ms, max {r['decide_max_ms']:.3f} ms (target median < 1 ms)"
    )
    print(
        f"bust to one table with every move applied: {r['total_s']:.2f} s, "
        f"{r['moves']:,.0f} moves (target < 5 s)"
    )


if __name__ == "__main__":
    main()
