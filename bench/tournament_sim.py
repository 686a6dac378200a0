"""Whole-tournament simulation speed: 100 and 1,000 players, hands per second.

Issue 2 asks the engine to be fast enough "that whole tournaments can be simulated hand by
hand". This plays complete Foxwoods grinder events (15,000 chips, 9-max, big-blind ante,
chip races, hand-for-hand, final table, PKO bounties) with the tight-aggressive bots and
prints, for each field size, the wall time, the hands dealt and the hands per second
(per wall second, and per CPU second of this process, which is the steadier figure on a
busy machine) overall (seating, balancing, clock, races and payouts included), plus the
simulated clock time of the event.

Run: ``uv run python -m bench.tournament_sim`` (``--players 100 1000``, ``--seeds 3``,
``--bots tag|random|mix``, ``--profile foxwoods``, ``--structure fox_grinder``).
"""

from __future__ import annotations

import argparse
import statistics
import time

from pokertd.sim import SimConfig, simulate


def run(players: int, seed: int, bots: str, profile: str, structure: str) -> dict[str, float]:
    """One tournament: wall seconds, hands, hands per second, clock hours."""
    config = SimConfig(
        players=players,
        profile=profile,
        structure=structure,
        seed=seed,
        bots=bots,
        bounty=1000,
        bounty_kind="pko",
    )
    start = time.perf_counter()
    cpu = time.process_time()
    report = simulate(config)
    wall = time.perf_counter() - start
    return {
        "wall": wall,
        "cpu": time.process_time() - cpu,
        "hands": report.hands,
        "hps": report.hands / wall,
        "clock_hours": report.duration / 3600,
        "level": report.final_level,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--bots", default="tag")
    parser.add_argument("--profile", default="foxwoods")
    parser.add_argument("--structure", default="fox_grinder")
    args = parser.parse_args()
    print(f"{args.structure}, {args.profile} rules, bots {args.bots}, {args.seeds} seeds each")
    total_hands = 0
    total_wall = 0.0
    for players in args.players:
        rows = [
            run(players, seed, args.bots, args.profile, args.structure)
            for seed in range(1, args.seeds + 1)
        ]
        walls = [r["wall"] for r in rows]
        cpus = [r["cpu"] for r in rows]
        hands = [r["hands"] for r in rows]
        total_hands += int(sum(hands))
        total_wall += sum(walls)
        print(
            f"{players:>6,} players: median {statistics.median(walls):6.2f} s wall "
            f"(min {min(walls):.2f}, max {max(walls):.2f}), "
            f"{statistics.median(hands):,.0f} hands, "
            f"{sum(hands) / sum(walls):,.0f} hands/s "
            f"({sum(hands) / sum(cpus):,.0f} per CPU second), "
            f"event clock {statistics.median(r['clock_hours'] for r in rows):.1f} h, "
            f"final level {statistics.median(r['level'] for r in rows):.0f}"
        )
    print(
        f"overall: {total_hands:,} hands in {total_wall:.2f} s = "
        f"{total_hands / total_wall:,.0f} hands/s"
    )


if __name__ == "__main__":
    main()
