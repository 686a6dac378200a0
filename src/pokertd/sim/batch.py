"""Many simulated tournaments at once: one event over several seeds, for the spread.

One simulation answers "how long *could* it run"; a structure designer wants the typical
figure and the range. :func:`simulate_many` plays the same configuration with seeds
``seed, seed + 1, ...`` (in worker processes when ``workers > 1``, as design.md's
"batches of simulations: ProcessPoolExecutor on one machine") and :func:`summarize` gives
the medians and ranges of the figures that matter.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace

from pokertd.errors import InvalidCommand
from pokertd.sim.tournament import SimConfig, SimReport, simulate


@dataclass(frozen=True, slots=True, kw_only=True)
class Spread:
    """Median, lowest and highest of one figure over the runs."""

    median: float
    low: float
    high: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        """The spread of ``values`` (at least one)."""
        return cls(median=statistics.median(values), low=min(values), high=max(values))


@dataclass(frozen=True, slots=True, kw_only=True)
class RunSummary:
    """One run, in one line."""

    seed: int
    hands: int
    duration: int
    bubble_at: int | None
    bubble_level: int | None
    final_table_at: int | None
    final_level: int
    winner: str


@dataclass(frozen=True, slots=True, kw_only=True)
class BatchSummary:
    """The same event over several seeds: each run, and the spread of the key figures
    (clock seconds for times)."""

    players: int
    structure: str
    profile: str
    runs: tuple[RunSummary, ...]
    duration: Spread
    hands: Spread
    final_level: Spread
    bubble_at: Spread | None
    bubble_level: Spread | None
    final_table_at: Spread | None


def _run(config: SimConfig) -> SimReport:
    return simulate(config)


def simulate_many(config: SimConfig, runs: int, *, workers: int = 1) -> list[SimReport]:
    """Play ``config`` ``runs`` times with seeds ``config.seed`` upwards, in order."""
    if runs < 1:
        raise InvalidCommand(f"Run at least one simulation, not {runs}.")
    if workers < 1:
        raise InvalidCommand(f"Use at least one worker, not {workers}.")
    configs = [replace(config, seed=config.seed + i) for i in range(runs)]
    if workers == 1 or runs == 1:
        return [simulate(c) for c in configs]
    with ProcessPoolExecutor(max_workers=min(workers, runs)) as pool:
        return list(pool.map(_run, configs))


def summarize(reports: Sequence[SimReport]) -> BatchSummary:
    """Each run in a line, and the medians and ranges over the runs."""
    if not reports:
        raise InvalidCommand("There are no simulations to summarize.")
    runs = tuple(
        RunSummary(
            seed=r.seed,
            hands=r.hands,
            duration=r.duration,
            bubble_at=r.bubble.at if r.bubble else None,
            bubble_level=r.bubble.level if r.bubble else None,
            final_table_at=r.final_table_at,
            final_level=r.final_level,
            winner=r.winner,
        )
        for r in reports
    )

    def spread(values: list[int | None]) -> Spread | None:
        known = [float(v) for v in values if v is not None]
        return Spread.of(known) if known else None

    first = reports[0]
    return BatchSummary(
        players=first.players,
        structure=first.structure,
        profile=first.profile,
        runs=runs,
        duration=Spread.of([float(r.duration) for r in runs]),
        hands=Spread.of([float(r.hands) for r in runs]),
        final_level=Spread.of([float(r.final_level) for r in runs]),
        bubble_at=spread([r.bubble_at for r in runs]),
        bubble_level=spread([r.bubble_level for r in runs]),
        final_table_at=spread([r.final_table_at for r in runs]),
    )


__all__ = ["BatchSummary", "RunSummary", "Spread", "simulate_many", "summarize"]
