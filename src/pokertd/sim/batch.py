"""Many simulated nights at once: one event over several seeds, and the spread of its answers.

One simulated night is one possible night. A director asks "when do we usually reach the
money, and how late can it get?": :func:`simulate_nights` plays the same
:class:`~pokertd.sim.report.NightConfig` with seeds ``seed .. seed + runs - 1`` in a
:class:`~concurrent.futures.ProcessPoolExecutor` (design.md's "batches of simulations" on
one machine; each night is independent and CPU-bound, so processes rather than threads),
and :func:`spread` turns the reports into a :class:`NightSpread`: the 10th, 50th and 90th
percentiles (and the lowest and highest) of every figure, per level, and of the players
left over time.

Percentiles interpolate linearly between the closest ranks (the "inclusive" method: with
one run every percentile is that run, with two the median is their midpoint). Figures that
are whole numbers (seconds, levels, players, hands) are rounded half up to whole numbers;
average stacks in big blinds to one decimal, half up. Rounding is exact (fractions), so the
same runs give the same spread on every machine.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from pokertd.charts import band_chart, clock_label, nice_step, stack_charts
from pokertd.errors import InvalidCommand
from pokertd.i18n import N_, catalog
from pokertd.sim.night import check_config, simulate_night
from pokertd.sim.report import NightConfig, NightReport
from pokertd.tournament.structures import depth_kind

MAX_RUNS = 1000
"""Most runs in one batch: enough for any spread a director reads, few enough to finish."""

Progress = Callable[[int, int], None]
"""``progress(done, runs)``: called after each finished run (in the calling process)."""

_TENTH = Fraction(1, 10)
_HALF = Fraction(1, 2)
_NINE_TENTHS = Fraction(9, 10)

BAND_STEPS = (60, 120, 300, 600, 900, 1800, 3600, 7200)
"""Candidate steps (seconds) of the players-left band: the smallest giving at most
:data:`BAND_POINTS` intervals over the longest run."""
BAND_POINTS = 96


@dataclass(frozen=True, slots=True, kw_only=True)
class Figure:
    """One whole-number figure over the runs that had it: percentiles, lowest, highest.

    ``runs`` counts the runs that had the figure (a run that never reached the money has
    no ``money_at``)."""

    p10: int
    p50: int
    p90: int
    low: int
    high: int
    runs: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BbFigure:
    """Average stacks in big blinds over the runs: percentiles and range, one decimal."""

    p10: float
    p50: float
    p90: float
    low: float
    high: float
    runs: int


@dataclass(frozen=True, slots=True, kw_only=True)
class LevelSpread:
    """One level over the runs that dealt a hand in it (``runs`` of them): when it
    started, the players left and the average stack in its big blinds (big bets at a
    fixed-limit level: ``big_bets``)."""

    level: int
    blinds: str
    runs: int
    starts_at: Figure
    players_left: Figure
    average_bb: BbFigure
    big_bets: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class BandPoint:
    """Players left at ``at`` seconds of clock time: 10th, 50th and 90th percentiles over
    every run (a finished run counts its winner: 1)."""

    at: int
    p10: int
    p50: int
    p90: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RunLine:
    """One run in one line: what the table of runs shows."""

    seed: int
    duration: int
    registration_closed_at: int | None
    money_at: int | None
    final_table_at: int | None
    hands: int
    entries: int
    reentries: int
    winner: str


@dataclass(frozen=True, slots=True, kw_only=True)
class NightSpread:
    """The same night over several seeds: the spread of every answer (times in seconds of
    clock time since the clock started; ``None`` where no run had the figure)."""

    template: str
    title: str
    profile: str
    players: int
    """Different players in the first run (the configured field)."""
    seeds: tuple[int, ...]
    duration: Figure
    registration_closed_at: Figure | None
    money_at: Figure | None
    money_level: Figure | None
    final_table_at: Figure | None
    final_table_level: Figure | None
    final_level: Figure
    hands: Figure
    entries: Figure
    reentries: Figure
    rebuys: Figure
    addons: Figure
    prize_pool: Figure
    paid_places: Figure
    levels: tuple[LevelSpread, ...]
    band_step: int
    """Seconds between two points of :attr:`players_left`."""
    players_left: tuple[BandPoint, ...]
    """The players-left band from the start of the clock to the end of the longest run."""
    runs: tuple[RunLine, ...]
    checks: tuple[str, ...]
    """Every run passed its self-checks (a failed check stops the batch); these are the
    first run's, in words."""
    notes: tuple[str, ...] = ()
    """Every different note of the runs, in order of first appearance."""
    floor: str = "careful"
    mistakes: tuple[tuple[str, int], ...] = ()
    """The careless floor's mistakes over every run, ``(kind, times)`` by kind
    (:data:`~pokertd.sim.report.MISTAKE_KINDS`); empty for the careful floor."""
    refusals: int = 0
    """Commands the core refused over every run (none wrote anything)."""
    games: tuple[tuple[str, int], ...] = ()
    """``(game, hands)`` over every run, in the order first dealt (issue 28)."""
    invariant_checks: int = 0
    """Times the night's invariants were checked over every run."""


def _quantile(ordered: Sequence[Fraction], q: Fraction) -> Fraction:
    """The ``q`` quantile of sorted values, linear between the closest ranks."""
    pos = (len(ordered) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def _round_int(value: Fraction) -> int:
    """Half up to a whole number."""
    return math.floor(value + _HALF)


def _round_tenth(value: Fraction) -> float:
    """Half up to one decimal."""
    return math.floor(value * 10 + _HALF) / 10


def _figure(values: Iterable[int | None]) -> Figure | None:
    known = sorted(Fraction(v) for v in values if v is not None)
    if not known:
        return None
    return Figure(
        p10=_round_int(_quantile(known, _TENTH)),
        p50=_round_int(_quantile(known, _HALF)),
        p90=_round_int(_quantile(known, _NINE_TENTHS)),
        low=_round_int(known[0]),
        high=_round_int(known[-1]),
        runs=len(known),
    )


def _always(values: Iterable[int]) -> Figure:
    figure = _figure(values)
    if figure is None:  # pragma: no cover - spread() refuses an empty batch first
        raise InvalidCommand(template=N_("There are no simulated nights to summarize."))
    return figure


def _bb_figure(values: Sequence[float]) -> BbFigure:
    known = sorted(Fraction(v) for v in values)
    return BbFigure(
        p10=_round_tenth(_quantile(known, _TENTH)),
        p50=_round_tenth(_quantile(known, _HALF)),
        p90=_round_tenth(_quantile(known, _NINE_TENTHS)),
        low=_round_tenth(known[0]),
        high=_round_tenth(known[-1]),
        runs=len(known),
    )


def _levels(reports: Sequence[NightReport]) -> tuple[LevelSpread, ...]:
    rows: dict[int, list[tuple[str, int, int, float, bool]]] = {}
    for report in reports:
        for row in report.levels:
            rows.setdefault(row.level, []).append(
                (row.blinds, row.starts_at, row.players_left, row.average_bb, row.big_bets)
            )
    return tuple(
        LevelSpread(
            level=level,
            blinds=found[0][0],
            runs=len(found),
            starts_at=_always(r[1] for r in found),
            players_left=_always(r[2] for r in found),
            average_bb=_bb_figure([r[3] for r in found]),
            big_bets=found[0][4],
        )
        for level, found in sorted(rows.items())
    )


def band_step(longest: int) -> int:
    """Seconds between the band's points: the smallest of :data:`BAND_STEPS` giving at
    most :data:`BAND_POINTS` intervals up to ``longest`` seconds."""
    for step in BAND_STEPS:
        if longest <= step * BAND_POINTS:
            return step
    return BAND_STEPS[-1] * math.ceil(longest / (BAND_STEPS[-1] * BAND_POINTS))


def players_left_at(series: Sequence[tuple[int, int]], at: int) -> int:
    """Players left at ``at`` seconds from a ``(seconds, players left)`` series: the last
    value at or before ``at`` (the first value before the series starts; 0 if empty)."""
    if not series:
        return 0
    left = series[0][1]
    for seconds, players in series:
        if seconds > at:
            break
        left = players
    return left


def _band(reports: Sequence[NightReport]) -> tuple[int, tuple[BandPoint, ...]]:
    longest = max(max(r.duration, r.players_left[-1][0] if r.players_left else 0) for r in reports)
    step = band_step(longest)
    points: list[BandPoint] = []
    for at in range(0, step * math.ceil(longest / step) + 1, step):
        left = sorted(Fraction(players_left_at(r.players_left, at)) for r in reports)
        points.append(
            BandPoint(
                at=at,
                p10=_round_int(_quantile(left, _TENTH)),
                p50=_round_int(_quantile(left, _HALF)),
                p90=_round_int(_quantile(left, _NINE_TENTHS)),
            )
        )
    return step, tuple(points)


def spread(reports: Sequence[NightReport]) -> NightSpread:
    """The spread of the answers of ``reports`` (one night or more, any order of seeds)."""
    if not reports:
        raise InvalidCommand(template=N_("There are no simulated nights to summarize."))
    first = reports[0]
    step, band = _band(reports)
    notes: dict[str, None] = {}
    mistakes: dict[str, int] = {}
    games: dict[str, int] = {}
    for report in reports:
        notes.update(dict.fromkeys(report.notes))
        for game, hands in report.games:
            games[game] = games.get(game, 0) + hands
        for kind, times in report.mistakes:
            mistakes[kind] = mistakes.get(kind, 0) + times
    return NightSpread(
        template=first.template,
        title=first.title,
        profile=first.profile,
        players=first.players,
        seeds=tuple(r.seed for r in reports),
        duration=_always(r.duration for r in reports),
        registration_closed_at=_figure(r.registration_closed_at for r in reports),
        money_at=_figure(r.money_at for r in reports),
        money_level=_figure(r.money_level for r in reports),
        final_table_at=_figure(r.final_table_at for r in reports),
        final_table_level=_figure(r.final_table_level for r in reports),
        final_level=_always(r.final_level for r in reports),
        hands=_always(r.hands for r in reports),
        entries=_always(r.entries for r in reports),
        reentries=_always(r.reentries for r in reports),
        rebuys=_always(r.rebuys for r in reports),
        addons=_always(r.addons for r in reports),
        prize_pool=_always(r.prize_pool for r in reports),
        paid_places=_always(r.paid_places for r in reports),
        levels=_levels(reports),
        band_step=step,
        players_left=band,
        runs=tuple(
            RunLine(
                seed=r.seed,
                duration=r.duration,
                registration_closed_at=r.registration_closed_at,
                money_at=r.money_at,
                final_table_at=r.final_table_at,
                hands=r.hands,
                entries=r.entries,
                reentries=r.reentries,
                winner=r.winner,
            )
            for r in reports
        ),
        checks=first.checks,
        notes=tuple(notes),
        floor=first.floor,
        mistakes=tuple(mistakes.items()),
        refusals=sum(r.refusals for r in reports),
        games=tuple(games.items()),
        invariant_checks=sum(r.invariant_checks for r in reports),
    )


def _time_step(longest: int) -> int:
    """Clock-axis ticks: every half hour up to 4 hours, hourly up to 12, else two-hourly."""
    if longest <= 4 * 3600:
        return 1800
    return 3600 if longest <= 12 * 3600 else 7200


def _say(lang: str, msgid: str, params: dict[str, Any] | None = None) -> str:
    """A chart's words in ``lang`` (English needs no catalogue: no Babel for the CLI)."""
    if lang == "en":
        return msgid % params if params else msgid
    return catalog.gettext(lang, msgid, params)


CLOCK_TIME = N_("clock time (h:mm, breaks included)")
"""The players-left chart's x axis for a night (times from the start of the clock)."""
FROM_NOW = N_("hours from now")
"""The players-left chart's x axis for the rest of tonight."""


def players_left_chart(night: NightSpread, *, x_label: str = CLOCK_TIME, lang: str = "en") -> str:
    """The players-left band over clock time (a line when there is one run); ``x_label``
    (a msgid) says what the times count from (:data:`FROM_NOW` for the rest of tonight);
    the words in ``lang``."""
    points = [(float(p.at), float(p.p10), float(p.p50), float(p.p90)) for p in night.players_left]
    runs = len(night.seeds)
    title = (
        _say(
            lang, N_("Players left: %(title)s, %(runs)s runs"), {"title": night.title, "runs": runs}
        )
        if runs > 1
        else _say(lang, N_("Players left: %(title)s"), {"title": night.title})
    )
    longest = night.players_left[-1].at if night.players_left else 0
    return band_chart(
        points,
        title,
        _say(lang, x_label),
        _say(lang, N_("players")),
        x_format=clock_label,
        x_step=_time_step(longest),
    )


BB_CHART_WORDS = {
    "big_blinds": (
        N_("Average stack in big blinds by level"),
        N_("Average stack in big blinds by level, %(runs)s runs"),
        N_("big blinds"),
    ),
    "big_bets": (
        N_("Average stack in big bets by level"),
        N_("Average stack in big bets by level, %(runs)s runs"),
        N_("big bets"),
    ),
    "mixed": (
        N_("Average stack by level (big blinds, big bets at limit levels)"),
        N_("Average stack by level (big blinds, big bets at limit levels), %(runs)s runs"),
        N_("big blinds or big bets"),
    ),
}
"""The depth chart's title (one run, several) and axis by what its levels count
(:func:`~pokertd.tournament.structures.depth_kind`: a HORSE night counts big bets)."""


def average_bb_chart(night: NightSpread, *, lang: str = "en") -> str:
    """Average stack in big blinds (big bets at fixed-limit levels) by level, as a band over
    the runs; the words in ``lang``."""
    points = [
        (float(row.level), row.average_bb.p10, row.average_bb.p50, row.average_bb.p90)
        for row in night.levels
    ]
    runs = len(night.seeds)
    one, several, axis = BB_CHART_WORDS[depth_kind(row.big_bets for row in night.levels)]
    title = _say(lang, several, {"runs": runs}) if runs > 1 else _say(lang, one)
    return band_chart(
        points,
        title,
        _say(lang, N_("level")),
        _say(lang, axis),
        x_step=nice_step(len(points), 12),
    )


def night_chart(night: NightSpread, *, lang: str = "en") -> str:
    """Both charts in one SVG: players left over time, average stack in big blinds."""
    return stack_charts([players_left_chart(night, lang=lang), average_bb_chart(night, lang=lang)])


def check_runs(runs: int, workers: int | None = None) -> None:
    """Refuse a batch size outside ``1..1000`` or fewer than one worker, in one sentence."""
    if not 1 <= runs <= MAX_RUNS:
        raise InvalidCommand(
            template=N_("Simulate between 1 and %(most)s nights, not %(runs)s."),
            params={"most": f"{MAX_RUNS:,}", "runs": f"{runs:,}"},
            context={"runs": runs},
        )
    if workers is not None and workers < 1:
        raise InvalidCommand(
            template=N_("Use at least one worker process, not %(workers)s."),
            params={"workers": workers},
            context={"workers": workers},
        )


def _configs(config: NightConfig, runs: int) -> list[NightConfig]:
    """One config per seed; with several runs each keeps its hand histories apart."""
    configs = [replace(config, seed=config.seed + i) for i in range(runs)]
    if runs > 1 and config.phh_dir is not None:
        configs = [
            replace(c, phh_dir=str(Path(config.phh_dir) / f"seed-{c.seed}")) for c in configs
        ]
    return configs


def simulate_nights(
    config: NightConfig,
    runs: int,
    *,
    workers: int | None = None,
    progress: Progress | None = None,
) -> list[NightReport]:
    """Play ``config`` ``runs`` times with seeds ``config.seed`` upwards; reports in seed
    order, the same whatever the number of ``workers`` (default: one per CPU).

    The configuration is checked once here (:func:`~pokertd.sim.night.check_config`), so
    a question that cannot be simulated is refused before any worker starts. Several runs
    cannot share one kept log (``store_url``): the processes would write into one store
    at once. With ``phh_dir`` each run writes under ``seed-N/``.
    """
    check_runs(runs, workers)
    if runs > 1 and config.store_url is not None:
        raise InvalidCommand(
            template=N_("Keep the log of one simulated night at a time: use a store with one run."),
            context={"runs": runs},
        )
    check_config(config)  # a refusal here, before any worker starts
    configs = _configs(config, runs)
    pool_size = min(workers if workers is not None else (os.cpu_count() or 1), runs)
    if pool_size == 1:
        reports: list[NightReport] = []
        for done, one in enumerate(configs, start=1):
            reports.append(simulate_night(one))
            if progress is not None:
                progress(done, runs)
        return reports
    slots: list[NightReport | None] = [None] * runs
    with ProcessPoolExecutor(max_workers=pool_size) as pool:
        futures = {pool.submit(simulate_night, one): i for i, one in enumerate(configs)}
        try:
            for done, future in enumerate(as_completed(futures), start=1):
                slots[futures[future]] = future.result()
                if progress is not None:
                    progress(done, runs)
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)  # one refusal stops the batch
            raise
    return [r for r in slots if r is not None]


__all__ = [
    "CLOCK_TIME",
    "FROM_NOW",
    "MAX_RUNS",
    "BandPoint",
    "BbFigure",
    "Figure",
    "LevelSpread",
    "NightSpread",
    "Progress",
    "RunLine",
    "average_bb_chart",
    "band_step",
    "check_runs",
    "night_chart",
    "players_left_at",
    "players_left_chart",
    "simulate_nights",
    "spread",
]
