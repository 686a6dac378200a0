"""Several seeds of one night: the runs in seed order, and the spread of their answers.

The spread is computed on hand-built :class:`NightReport` values with known percentiles
(linear between closest ranks, rounded half up), so every figure is checked against a
number worked out by hand; the end-to-end tests play real nights through the driver.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest

from pokertd.charts import band_chart, chart_bytes, line_chart, stack_charts
from pokertd.errors import InvalidCommand
from pokertd.rules import Game
from pokertd.sim.batch import (
    MAX_RUNS,
    BandPoint,
    BbFigure,
    Figure,
    average_bb_chart,
    band_step,
    night_chart,
    players_left_at,
    players_left_chart,
    simulate_nights,
    spread,
)
from pokertd.sim.night import simulate_night
from pokertd.sim.report import LevelRow, NightConfig, NightReport, Rates
from pokertd.sim.timeline import LevelLog
from pokertd.tournament.clock import Level


def _level(level: int, starts_at: int, left: int, bb: float) -> LevelRow:
    return LevelRow(
        level=level,
        blinds=f"{level * 100}/{level * 200}",
        starts_at=starts_at,
        players_left=left,
        entries=left,
        tables=1,
        average_stack=10_000,
        average_bb=bb,
        hands=10,
    )


def _night(seed: int, duration: int, money_at: int | None, **more: object) -> NightReport:
    base = NightReport(
        template="fox_120",
        title="$120 No-Limit Hold'em",
        profile="foxwoods",
        seed=seed,
        entries=100 + seed,
        players=100,
        reentries=seed,
        rebuys=0,
        addons=0,
        alternates=0,
        hands=1000 + 10 * seed,
        duration=duration,
        registration_closed_at=7200,
        money_at=money_at,
        money_level=None if money_at is None else 10 + seed % 2,
        final_table_at=None,
        final_table_level=None,
        final_level=20,
        levels=(_level(1, 0, 100, 100.0), _level(2, 1200, 90 - seed, 50.0 + seed / 4)),
        players_left=((0, 100), (3600, 50 + seed), (duration, 1)),
        prize_pool=1_200_000,
        paid_places=12,
        finishing=(),
        winner=f"P{seed}",
        checks=(f"chips conserved after {1000 + 10 * seed:,} hands",),
        notes=("a note",) if seed % 2 else (),
    )
    return replace(base, **more)  # type: ignore[arg-type]


NIGHTS = [_night(s, d, m) for s, d, m in [(1, 20000, 15000), (2, 18000, None), (3, 22000, 16001),
                                           (4, 21000, 15500), (5, 19000, 14000)]]  # fmt: skip


def test_percentiles_are_linear_between_ranks_and_rounded_half_up() -> None:
    """Durations 18000..22000 in steps of 1000: p10 = 18000 + 0.4 * 1000 = 18400, p90 =
    21600; money_at is known in 4 runs (14000, 15000, 15500, 16001): p10 = 14300, p50 =
    15250, p90 = 15500 + 0.7 * 501 = 15850.7 -> 15851; the run that never reached the
    money is left out."""
    s = spread(NIGHTS)
    assert s.duration == Figure(p10=18400, p50=20000, p90=21600, low=18000, high=22000, runs=5)
    assert s.money_at == Figure(p10=14300, p50=15250, p90=15851, low=14000, high=16001, runs=4)
    assert s.final_table_at is None
    assert s.final_table_level is None
    assert s.registration_closed_at == Figure(
        p10=7200, p50=7200, p90=7200, low=7200, high=7200, runs=5
    )
    assert s.hands == Figure(p10=1014, p50=1030, p90=1046, low=1010, high=1050, runs=5)
    assert s.entries.p50 == 103
    assert s.reentries.high == 5
    assert s.seeds == (1, 2, 3, 4, 5)
    assert [r.seed for r in s.runs] == [1, 2, 3, 4, 5]
    assert s.runs[1].money_at is None
    assert s.runs[0].winner == "P1"
    assert s.checks == NIGHTS[0].checks
    assert s.notes == ("a note",)


def test_half_rounds_up_exactly() -> None:
    """Two runs: the median of 1 and 2 is 1.5 -> 2 (half up, not to even); of 2 and 3 is
    2.5 -> 3; an average of 50.25 and 50.5 big blinds has the median 50.375 -> 50.4."""
    two = [_night(1, 1, 1), _night(2, 2, 2)]
    assert spread(two).duration.p50 == 2
    assert spread([_night(1, 2, 2), _night(2, 3, 3)]).duration.p50 == 3
    level2 = spread(two).levels[1]
    assert level2.average_bb == BbFigure(p10=50.3, p50=50.4, p90=50.5, low=50.3, high=50.5, runs=2)


def test_per_level_spread_counts_the_runs_that_reached_the_level() -> None:
    short = replace(NIGHTS[0], levels=NIGHTS[0].levels[:1])
    s = spread([short, *NIGHTS[1:]])
    assert [(row.level, row.runs) for row in s.levels] == [(1, 5), (2, 4)]
    # 88, 87, 86, 85 left: p10 = 85.3 -> 85, p50 = 86.5 -> 87, p90 = 87.7 -> 88
    assert s.levels[1].players_left == Figure(p10=85, p50=87, p90=88, low=85, high=88, runs=4)
    assert s.levels[1].starts_at.p50 == 1200
    assert s.levels[0].average_bb.p50 == 100.0


def test_players_left_band_at_regular_steps() -> None:
    """The longest run lasts 22000 s: the band's step is 300 s (22000 / 120 s would need
    184 points), it runs to 22200, and a finished run counts 1 player."""
    s = spread(NIGHTS)
    assert band_step(22000) == 300
    assert s.band_step == 300
    assert s.players_left[0] == BandPoint(at=0, p10=100, p50=100, p90=100)
    assert s.players_left[-1].at == 22200
    at_hour = next(p for p in s.players_left if p.at == 3600)
    assert at_hour == BandPoint(at=3600, p10=51, p50=53, p90=55)  # 51..55: 51.4, 53, 54.6
    assert s.players_left[-1] == BandPoint(at=22200, p10=1, p50=1, p90=1)
    assert all(s.players_left[i + 1].at - s.players_left[i].at == 300 for i in range(10))
    assert players_left_at(((0, 10), (60, 8)), 59) == 10
    assert players_left_at(((30, 10), (60, 8)), 0) == 10
    assert players_left_at((), 100) == 0
    assert band_step(60 * 96) == 60
    assert band_step(60 * 96 + 1) == 120
    assert band_step(7200 * 96 * 3) == 7200 * 3


def test_one_run_is_a_band_of_width_zero() -> None:
    s = spread(NIGHTS[:1])
    assert s.duration == Figure(p10=20000, p50=20000, p90=20000, low=20000, high=20000, runs=1)
    assert all(p.p10 == p.p50 == p.p90 for p in s.players_left)


def test_bad_batches_are_refused_in_a_sentence() -> None:
    with pytest.raises(InvalidCommand, match="between 1 and 1,000 nights, not 0"):
        simulate_nights(NightConfig(), 0)
    with pytest.raises(InvalidCommand, match="not 1,001"):
        simulate_nights(NightConfig(), MAX_RUNS + 1)
    with pytest.raises(InvalidCommand, match="at least one worker"):
        simulate_nights(NightConfig(), 2, workers=0)
    with pytest.raises(InvalidCommand, match="one simulated night at a time"):
        simulate_nights(NightConfig(store_url="sqlite:///x.db"), 2)
    with pytest.raises(InvalidCommand):
        spread([])


def _svg(text: str) -> ET.Element:
    return ET.fromstring(text)


def test_band_chart_draws_the_band_and_the_median() -> None:
    svg = band_chart([(0, 8, 10, 12), (60, 4, 5, 7)], "Players", "time", "players")
    root = _svg(svg)
    ns = "{http://www.w3.org/2000/svg}"
    band = root.find(f"{ns}polygon")
    median = root.find(f"{ns}polyline")
    assert band is not None
    assert median is not None
    assert len(band.attrib["points"].split()) == 4  # p90 forward, p10 back
    assert len(median.attrib["points"].split()) == 2
    assert "10th-90th percentile" in svg
    assert "median" in svg
    assert "No data yet" in band_chart([], "t", "x", "y")
    assert "No data yet" in line_chart([], "t", "x", "y")


def test_night_charts_from_a_spread() -> None:
    s = spread(NIGHTS)
    players = players_left_chart(s)
    assert "Players left: $120 No-Limit Hold&#x27;em, 5 runs" in players
    assert ">1:00<" in players
    assert ">6:00<" in players
    assert "Average stack in big blinds by level, 5 runs" in average_bb_chart(s)
    both = night_chart(s)
    root = _svg(both)
    assert root.attrib["height"] == "640"
    assert len(root.findall("{http://www.w3.org/2000/svg}svg")) == 2
    assert stack_charts([]).startswith("<svg")


def test_png_is_the_svg_drawn_by_cairo() -> None:
    png = chart_bytes(night_chart(spread(NIGHTS)), "night.png")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width = int.from_bytes(png[16:20], "big")
    height = int.from_bytes(png[20:24], "big")
    assert (width, height) == (1440, 1280)  # twice 720 x 640
    assert chart_bytes("<svg/>", "x.svg") == b"<svg/>"
    with pytest.raises(InvalidCommand, match=r"\.svg or \.png"):
        chart_bytes("<svg/>", "night.pdf")


def test_real_nights_in_seed_order_whatever_the_workers(tmp_path: Path) -> None:
    """Three nights of the Foxwoods $120 event through the driver: in a pool of two
    processes they are the same reports, in the same order, as one after another; the
    progress reports count the finished runs; each run's hands go to its own folder."""
    config = NightConfig(template="fox_120", entries=12, seed=7, phh_dir=str(tmp_path))
    seen: list[tuple[int, int]] = []
    alone = simulate_nights(config, 3, workers=1, progress=lambda d, n: seen.append((d, n)))
    assert [r.seed for r in alone] == [7, 8, 9]
    assert seen == [(1, 3), (2, 3), (3, 3)]
    assert alone[1] == simulate_night(replace(config, seed=8, phh_dir=str(tmp_path / "again")))
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("seed-")) == [
        "seed-7",
        "seed-8",
        "seed-9",
    ]
    assert any((tmp_path / "seed-8").iterdir())
    pooled = simulate_nights(replace(config, phh_dir=None), 3, workers=2)
    assert [r.seed for r in pooled] == [7, 8, 9]
    assert [(r.duration, r.hands, r.winner) for r in pooled] == [
        (r.duration, r.hands, r.winner) for r in alone
    ]
    s = spread(pooled)
    assert s.duration.low == min(r.duration for r in pooled)
    assert s.duration.high == max(r.duration for r in pooled)
    assert s.players_left[0].p50 <= 12


def test_a_bad_night_is_refused_before_any_worker_starts() -> None:
    with pytest.raises(InvalidCommand, match="between 0 and 1"):
        simulate_nights(NightConfig(entries=12, rates=Rates(late=2.0)), 4, workers=2)


def test_a_limit_levels_depth_counts_big_bets() -> None:
    """Issue 28 (docs/clock.md "Mixed games"): a fixed-limit level's ``big_blind`` is its
    small bet. Limit hold'em 100/200 with 8 players holding 120,000: the average 15,000 is
    75 big bets of 200, as the TV says, not 150; a no-limit level of big blind 100 keeps
    150 big blinds; a HORSE spread's chart is titled in big bets."""
    log = LevelLog()
    limit = Level(number=1, small_blind=50, big_blind=100, minutes=40, game=Game.LIMIT_HOLDEM)
    log.hand(limit, 0.0, 8, 120_000, 8, 1, (Game.LIMIT_HOLDEM,))
    nolimit = Level(number=2, small_blind=50, big_blind=100, minutes=40)
    log.hand(nolimit, 2400.0, 8, 120_000, 8, 1)
    (one, two) = log.rows()
    assert (one.average_bb, one.big_bets) == (75.0, True)
    assert (two.average_bb, two.big_bets) == (150.0, False)
    horse = spread([replace(n, levels=tuple(replace(r, big_bets=True) for r in n.levels))
                    for n in NIGHTS])  # fmt: skip
    assert all(row.big_bets for row in horse.levels)
    chart = average_bb_chart(horse)
    assert "Average stack in big bets by level, 5 runs" in chart
    assert "big blinds" not in chart
    mixed = spread([replace(n, levels=(n.levels[0], replace(n.levels[1], big_bets=True)))
                    for n in NIGHTS])  # fmt: skip
    assert "big blinds, big bets at limit levels" in average_bb_chart(mixed)
