"""Several seeds of one event: the runs and the spread of their figures."""

from __future__ import annotations

import pytest

from pokertd.errors import InvalidCommand
from pokertd.sim import SimConfig, simulate
from pokertd.sim.batch import Spread, simulate_many, summarize


def test_runs_are_the_seeds_in_order_and_workers_do_not_change_them() -> None:
    config = SimConfig(players=20, seed=10, seats=6)
    reports = simulate_many(config, 3)
    assert [r.seed for r in reports] == [10, 11, 12]
    assert reports[1] == simulate(SimConfig(players=20, seed=11, seats=6))
    assert simulate_many(config, 3, workers=2) == reports


def test_summary_medians_and_ranges() -> None:
    reports = simulate_many(SimConfig(players=30, seed=1), 3)
    summary = summarize(reports)
    durations = sorted(r.duration for r in reports)
    assert summary.duration == Spread(median=durations[1], low=durations[0], high=durations[2])
    assert [r.winner for r in summary.runs] == [r.winner for r in reports]
    assert summary.bubble_at is not None
    assert summary.bubble_at.low <= summary.bubble_at.median <= summary.bubble_at.high


def test_bad_batches_are_refused() -> None:
    with pytest.raises(InvalidCommand):
        simulate_many(SimConfig(players=10), 0)
    with pytest.raises(InvalidCommand):
        simulate_many(SimConfig(players=10), 2, workers=0)
    with pytest.raises(InvalidCommand):
        summarize([])
