"""CLI: ``pokertd sim`` -- the night a director will run, simulated through the real core.

``pokertd sim --template fox_120 --entries 120 --runs 20`` plays the event 20 times with bots
(seeds 1..20, in parallel processes) through the service, exactly as the floor would run it
(late registration, re-entries, rebuys, add-ons, alternates, breaks, colour-ups,
hand-for-hand, the final table, payouts) and prints what a director asks: when registration
closes, when the money is reached, when the final table starts, how long the night lasts,
the players left and the average stack in big blinds by level, with the 10th percentile,
median and 90th percentile over the runs, and the self-checks that passed. ``--chart
night.svg`` (or ``.png``) draws players left over time and average big blinds by level;
``--from T --store URL`` simulates the rest of tonight from a live tournament's state.
``--floor careless`` plays it with a floor that makes the mistakes people make and reports
them by kind, every invariant of the night checked (issue 22).

Start-up stays quick: the simulator, the service and Rich's progress bar are imported when
the command runs, not when ``pokertd`` starts (issue 15).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Annotated, Any

import typer

from pokertd.cli._common import (
    JsonOption,
    bold,
    cli_language,
    console,
    emit,
    num,
    refusals,
    say,
    say_n,
)
from pokertd.i18n import N_

_T = "Simulation"
TemplateOpt = Annotated[
    str, typer.Option("--template", help="Event template name or TOML file.", rich_help_panel=_T)
]
EntriesOpt = Annotated[
    int, typer.Option("--entries", help="Players expected (first entries).", rich_help_panel=_T)
]
ProfileOpt = Annotated[
    str | None,
    typer.Option("--profile", help="Rule profile (default: the template's).", rich_help_panel=_T),
]
SeedOpt = Annotated[
    int,
    typer.Option("--seed", help="First random seed (same seed, same night).", rich_help_panel=_T),
]
RunsOpt = Annotated[
    int,
    typer.Option(
        "--runs",
        help="Nights to simulate (seeds seed..seed+runs-1), 1 to 1,000.",
        rich_help_panel=_T,
    ),
]
WorkersOpt = Annotated[
    int | None,
    typer.Option(
        "--workers", help="Worker processes for --runs (default: one per CPU).", rich_help_panel=_T
    ),
]
TablesOpt = Annotated[
    int | None,
    typer.Option(
        "--tables", help="Tables in the room (default: the template's).", rich_help_panel=_T
    ),
]
_R = "Field (probabilities 0 to 1)"
LateOpt = Annotated[
    float | None,
    typer.Option("--late", help="Share of players who arrive late (0.25).", rich_help_panel=_R),
]
ReentryOpt = Annotated[
    float | None,
    typer.Option("--reentry", help="Chance a busted player re-enters (0.30).", rich_help_panel=_R),
]
RebuyOpt = Annotated[
    float | None,
    typer.Option("--rebuy", help="Chance an eligible player rebuys (0.50).", rich_help_panel=_R),
]
AddonOpt = Annotated[
    float | None,
    typer.Option("--addon", help="Chance a player takes the add-on (0.60).", rich_help_panel=_R),
]
_C = "Time model (seconds)"
ActionOpt = Annotated[
    float | None,
    typer.Option("--seconds-per-action", help="Per action (10).", rich_help_panel=_C),
]
ShowdownOpt = Annotated[
    float | None,
    typer.Option("--seconds-per-showdown", help="Per showdown (20).", rich_help_panel=_C),
]
DealOpt = Annotated[
    float | None,
    typer.Option("--seconds-per-deal", help="Shuffle, deal, blinds (45).", rich_help_panel=_C),
]
BotsOpt = Annotated[str, typer.Option("--bots", help="tag, random or mix.", rich_help_panel=_T)]
FloorOpt = Annotated[
    str,
    typer.Option(
        "--floor",
        help="careful (as the console prompts) or careless (the mistakes people make, "
        "every invariant of the night checked).",
        rich_help_panel=_T,
    ),
]
_O = "Output and logs"
StoreOpt = Annotated[
    str | None,
    typer.Option(
        "--store",
        help="Keep the log in this store (sqlite:///night.db); with --from, the live store.",
        rich_help_panel=_O,
    ),
]
PhhOpt = Annotated[
    str | None, typer.Option("--phh", help="Write every hand as PHH here.", rich_help_panel=_O)
]
ChartOpt = Annotated[
    str | None,
    typer.Option("--chart", help="Draw the charts to this .svg or .png file.", rich_help_panel=_O),
]
FromOpt = Annotated[
    str | None,
    typer.Option(
        "--from",
        help="Simulate the rest of tonight from this live tournament (needs --store).",
        rich_help_panel=_O,
    ),
]


MAX_NOTES = 5
"""Notes printed under the summary; ``--json`` has them all."""


def _clock(seconds: int | None) -> str:
    """``h:mm`` of clock time, ``-`` when it did not happen."""
    if seconds is None:
        return "-"
    minutes = seconds // 60
    return f"{minutes // 60}:{minutes % 60:02d}"


def _money(cents: int) -> str:
    from pokertd.money import format_money

    return format_money(cents)


def _level(level: int | None) -> str:
    return "-" if level is None else say("level %(level)s", level=level)


def _render_night(r: Any) -> None:
    """One night, as a director reads it."""
    from rich.table import Table

    from pokertd.tournament.structures import DEPTH_HEADINGS, depth_kind

    head = say(
        "%(title)s (%(template)s), %(profile)s rules, seed %(seed)s",
        title=bold(r.title),
        template=r.template,
        profile=r.profile,
        seed=r.seed,
    )
    if r.started_from:
        head += ", " + say("continuing %(tid)s", tid=r.started_from)
    console.print(head)
    console.print(
        say_n("%(n)s entry", "%(n)s entries", r.entries, n=num(r.entries))
        + ": "
        + ", ".join(
            (
                say_n("%(n)s player", "%(n)s players", r.players, n=num(r.players)),
                say_n("%(n)s re-entry", "%(n)s re-entries", r.reentries, n=num(r.reentries)),
                say_n("%(n)s rebuy", "%(n)s rebuys", r.rebuys, n=num(r.rebuys)),
                say_n("%(n)s add-on", "%(n)s add-ons", r.addons, n=num(r.addons)),
                say_n(
                    "%(n)s alternate seated from the list",
                    "%(n)s alternates seated from the list",
                    r.alternates,
                    n=num(r.alternates),
                ),
            )
        )
    )
    rows = (
        (say("Registration closes"), _clock(r.registration_closed_at), ""),
        (say("Money reached"), _clock(r.money_at), _level(r.money_level)),
        (say("Final table"), _clock(r.final_table_at), _level(r.final_table_level)),
        (say("Winner decided"), _clock(r.duration), _level(r.final_level)),
    )
    for name, at, level in rows:
        console.print(f"  {name:<20} {at:>6}  {level}")
    console.print(
        say(
            "Clock time %(time)s (h:mm, breaks included) · %(hands)s hands · prize pool "
            "%(pool)s, %(paid)s paid · winner %(winner)s",
            time=_clock(r.duration),
            hands=num(r.hands),
            pool=_money(r.prize_pool),
            paid=r.paid_places,
            winner=r.winner,
        )
    )
    _games_line(r.games)
    levels = Table(title=say("By level"))
    levels.add_column(say("Level"), justify="right", no_wrap=True)
    levels.add_column(say("Blinds"), justify="left", no_wrap=True)
    for col in (
        say("Starts"),
        say("Players"),
        say("Entries"),
        say("Tables"),
        say(DEPTH_HEADINGS[depth_kind(row.big_bets for row in r.levels)]),
        say("Hands"),
    ):
        levels.add_column(col, justify="right", no_wrap=True)
    for row in r.levels:
        levels.add_row(
            str(row.level),
            row.blinds,
            _clock(row.starts_at),
            f"{row.players_left:,}",
            f"{row.entries:,}",
            str(row.tables),
            f"{row.average_bb:,.1f}",
            f"{row.hands:,}",
        )
    console.print(levels)
    _render_checks(r.checks, r.notes, runs=1)
    _render_mistakes(r.floor, r.mistakes, r.refusals, runs=1)
    if r.store_url:
        console.print(
            say("Log kept in %(url)s (tournament %(tid)s).", url=r.store_url, tid=r.tournament_id)
        )


def _said(text: str) -> str:
    """A sentence of the simulator's report (:class:`pokertd.sim.report.Said`) in the CLI's
    language; the English as it is."""
    lang = cli_language()
    sentence = getattr(text, "sentence", None)
    if lang == "en" or sentence is None:
        return text
    from pokertd.i18n import catalog  # Babel: only for a translated language

    return catalog.sentence(lang, sentence)


def _render_checks(checks: tuple[str, ...], notes: tuple[str, ...], runs: int) -> None:
    head = (
        say("Self-checks passed:")
        if runs == 1
        else say("Self-checks passed in all %(n)s runs (the first run's):", n=runs)
    )
    console.print(f"[green]{head}[/]")
    for check in checks:
        console.print(f"  [green]✓[/] {_said(check)}")
    for note in notes[:MAX_NOTES]:
        console.print("[yellow]" + say("note:") + f"[/] {_said(note)}")
    if len(notes) > MAX_NOTES:
        more = say("and %(n)s more (see --json).", n=len(notes) - MAX_NOTES)
        console.print("[yellow]" + say("note:") + f"[/] {more}")


def _render_mistakes(
    floor: str, mistakes: tuple[tuple[str, int], ...], refusals: int, runs: int
) -> None:
    """What the careless floor did, by kind, and that the core absorbed all of it."""
    if floor == "careful":
        return
    from pokertd.sim.report import MISTAKE_KINDS

    words = dict(MISTAKE_KINDS)
    total = sum(n for _, n in mistakes)
    made = say_n("%(n)s mistake", "%(n)s mistakes", total, n=num(total))
    refused = say_n("%(n)s command", "%(n)s commands", refusals, n=num(refusals))
    console.print(
        say(
            "The careless floor made %(made)s over %(runs)s nights; the core refused %(refused)s "
            "(none wrote anything) and every self-check held (0 violations):",
            made=made,
            runs=num(runs),
            refused=refused,
        )
        if runs > 1
        else say(
            "The careless floor made %(made)s; the core refused %(refused)s (none wrote "
            "anything) and every self-check held (0 violations):",
            made=made,
            refused=refused,
        ),
        soft_wrap=True,
    )
    for kind, times in mistakes:
        console.print(f"  {times:>7,}  {words.get(kind, kind)}")


def _games_line(games: tuple[tuple[str, int], ...]) -> None:
    """A mixed event's games and the hands dealt in each (nothing for no-limit hold'em
    alone)."""
    from pokertd.rules import Game
    from pokertd.tournament.structures import GAME_NAMES

    if len(games) > 1 or any(game != Game.NO_LIMIT_HOLDEM.value for game, _ in games):
        console.print(
            say(
                "Games dealt (hands each): %(games)s",
                games=", ".join(f"{say(GAME_NAMES[Game(g)])} {num(h)}" for g, h in games),
            )
        )


def _spread_cells(f: Any, show: Callable[[int], str], runs: int) -> tuple[str, str, str, str]:
    """10%, median, 90% and the range of one figure; how many runs had it when not all."""
    if f is None:
        return ("-", "-", "-", say("no run"))
    span = say("%(low)s to %(high)s", low=show(f.low), high=show(f.high))
    if f.runs != runs:
        span += " " + say("(%(n)s of %(runs)s runs)", n=f.runs, runs=runs)
    return (show(f.p10), show(f.p50), show(f.p90), span)


def _render_spread(s: Any) -> None:
    """Several nights: the 10th percentile, median and 90th percentile of every answer."""
    from rich.table import Table

    from pokertd.tournament.structures import DEPTH_HEADINGS, depth_kind

    runs = len(s.seeds)
    console.print(
        say(
            "%(title)s (%(template)s), %(profile)s rules: %(runs)s runs (seeds %(first)s to "
            "%(last)s), %(players)s players each",
            title=bold(s.title),
            template=s.template,
            profile=s.profile,
            runs=runs,
            first=s.seeds[0],
            last=s.seeds[-1],
            players=num(s.players),
        )
    )

    def count(v: int) -> str:
        return f"{v:,}"

    answers = Table(title=say("The night over the runs"))
    answers.add_column("", justify="left")
    for col in ("10%", say("Median"), "90%"):
        answers.add_column(col, justify="right")
    answers.add_column(say("Range"), justify="left")
    for name, figure, show, optional in (
        (say("Registration closes"), s.registration_closed_at, _clock, False),
        (say("Money reached"), s.money_at, _clock, False),
        (say("Money level"), s.money_level, count, False),
        (say("Final table"), s.final_table_at, _clock, False),
        (say("Final table level"), s.final_table_level, count, False),
        (say("Winner decided"), s.duration, _clock, False),
        (say("Final level"), s.final_level, count, False),
        (say("Hands"), s.hands, count, False),
        (say("Entries"), s.entries, count, False),
        (say("Re-entries"), s.reentries, count, False),
        (say("Rebuys"), s.rebuys, count, True),
        (say("Add-ons"), s.addons, count, True),
    ):
        if optional and figure.high == 0:
            continue  # the event has none (or nobody took one): not a question tonight
        answers.add_row(name, *_spread_cells(figure, show, runs))
    console.print(answers)
    _games_line(s.games)
    levels = Table(title=say("By level (10% / median / 90%)"))
    levels.add_column(say("Level"), justify="right", no_wrap=True)
    levels.add_column(say("Blinds"), justify="left", no_wrap=True)
    depth = say(DEPTH_HEADINGS[depth_kind(row.big_bets for row in s.levels)])
    for col in (say("Runs"), say("Starts"), say("Players left"), depth):
        levels.add_column(col, justify="right", no_wrap=True)
    for row in s.levels:
        p, bb = row.players_left, row.average_bb
        levels.add_row(
            str(row.level),
            row.blinds,
            str(row.runs),
            _clock(row.starts_at.p50),
            f"{p.p10:,} / {p.p50:,} / {p.p90:,}",
            f"{bb.p10:,.1f} / {bb.p50:,.1f} / {bb.p90:,.1f}",
        )
    console.print(levels)
    _render_checks(s.checks, s.notes, runs=runs)
    _render_mistakes(s.floor, s.mistakes, s.refusals, runs=runs)


def _render(result: Any) -> None:
    if hasattr(result, "seeds"):
        _render_spread(result)
    else:
        _render_night(result)


def _night_config(
    template: str,
    entries: int,
    profile: str | None,
    seed: int,
    tables: int | None,
    rates: dict[str, float | None],
    times: dict[str, float | None],
    bots: str,
    store: str | None,
    phh: str | None,
    floor: str = "careful",
) -> Any:
    """The :class:`NightConfig` of the options: the defaults where an option is not given."""
    from dataclasses import replace

    from pokertd.sim.report import NightConfig, Rates, TimeModel

    return NightConfig(
        template=template,
        entries=entries,
        profile=profile,
        seed=seed,
        rates=replace(Rates(), **{k: v for k, v in rates.items() if v is not None}),
        time=replace(TimeModel(), **{k: v for k, v in times.items() if v is not None}),
        bots=bots,
        tables=tables,
        store_url=store,
        phh_dir=phh,
        floor=floor,
    )


@contextmanager
def _progress(show: bool, runs: int) -> Iterator[Callable[[int, int], None] | None]:
    """A Rich progress bar on a terminal (``None`` otherwise): nights done out of ``runs``,
    or, for one night, players out of the entries so far."""
    if not show:
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    label = say("Simulating nights") if runs > 1 else say("Simulating the night: players out")
    columns = (TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("sim", total=runs)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update


def _play(config: Any, runs: int, workers: int | None, source: str | None, show: bool) -> Any:
    """One :class:`NightReport` for one run, a :class:`NightSpread` for several; from a live
    tournament's state with ``source``."""
    from pokertd.sim.batch import check_runs, simulate_nights, spread

    check_runs(runs, workers)
    if source is not None:
        return _play_rest(config, runs, source)
    with _progress(show, runs) as progress:
        if runs == 1:
            from pokertd.sim.night import simulate_night

            return simulate_night(config, progress=progress)
        return spread(simulate_nights(config, runs, workers=workers, progress=progress))


def _now() -> datetime:
    """The moment "the rest of tonight" starts from: now (tests put the clock elsewhere)."""
    from datetime import UTC

    return datetime.now(UTC)


def _play_rest(config: Any, runs: int, source: str) -> Any:
    """The rest of tonight for live tournament ``source`` in the store ``--store`` names."""
    from dataclasses import replace

    from pokertd.app.tournaments import open_service
    from pokertd.errors import InvalidCommand
    from pokertd.sim.batch import spread
    from pokertd.sim.rest import simulate_rest

    if not config.store_url:
        raise InvalidCommand(
            template=N_(
                "Say where the live tournament is kept: --from needs --store "
                "(sqlite:///pokertd.db)."
            )
        )
    service = open_service(config.store_url)
    try:
        now = _now()
        live = replace(config, store_url=None)
        reports = [
            simulate_rest(service, source, replace(live, seed=live.seed + i), now=now)
            for i in range(runs)
        ]
    finally:
        service.close()
    return reports[0] if runs == 1 else spread(reports)


def _write_chart(result: Any, path: str) -> None:
    """Both charts of the result (players left over time, average big blinds by level)."""
    from pathlib import Path

    from pokertd.charts import chart_bytes
    from pokertd.errors import InvalidCommand
    from pokertd.sim.batch import night_chart, spread

    night = result if hasattr(result, "seeds") else spread([result])
    data = chart_bytes(night_chart(night, lang=cli_language()), path)
    try:
        Path(path).write_bytes(data)
    except OSError as exc:
        raise InvalidCommand(
            template=N_("The charts could not be written to %(path)s: %(reason)s."),
            params={"path": path, "reason": str(exc.strerror or exc)},
        ) from None


def sim(
    template: TemplateOpt = "fox_120",
    entries: EntriesOpt = 120,
    profile: ProfileOpt = None,
    seed: SeedOpt = 1,
    runs: RunsOpt = 1,
    workers: WorkersOpt = None,
    tables: TablesOpt = None,
    late: LateOpt = None,
    reentry: ReentryOpt = None,
    rebuy: RebuyOpt = None,
    addon: AddonOpt = None,
    seconds_per_action: ActionOpt = None,
    seconds_per_showdown: ShowdownOpt = None,
    seconds_per_deal: DealOpt = None,
    bots: BotsOpt = "tag",
    floor: FloorOpt = "careful",
    store: StoreOpt = None,
    phh: PhhOpt = None,
    chart: ChartOpt = None,
    source: FromOpt = None,
    as_json: JsonOption = False,
) -> None:
    """Simulate the night a director will run: when registration closes, the money, the
    final table, how long it lasts; with --runs, the spread (10% / median / 90%)."""
    with refusals(as_json):
        if chart is not None:
            from pokertd.charts import check_chart_path

            check_chart_path(chart)  # before the night is played, not after
        config = _night_config(
            template,
            entries,
            profile,
            seed,
            tables,
            {"late": late, "reentry": reentry, "rebuy": rebuy, "addon": addon},
            {
                "seconds_per_action": seconds_per_action,
                "seconds_per_showdown": seconds_per_showdown,
                "seconds_per_deal": seconds_per_deal,
            },
            bots,
            store,
            phh,
            floor,
        )
        show = not as_json and console.is_terminal
        result = _play(config, runs, workers, source, show)
        if chart is not None:
            _write_chart(result, chart)
    _show(result, chart, as_json)


def _show(result: Any, chart: str | None, as_json: bool) -> None:
    """Print the night (its one document with ``--json``) and where the charts went."""
    if as_json:
        from pokertd.sim.report import document  # start-up time: sim loads on use only

        emit(document(result), True)
        return
    emit(result, False, _render)
    if chart is not None:
        console.print(
            say(
                "Charts (players left, average big blinds by level) written to %(file)s.",
                file=chart,
            ),
            soft_wrap=True,
        )


def register(app: typer.Typer) -> None:
    """Add ``pokertd sim`` to the app."""
    app.command("sim")(sim)
