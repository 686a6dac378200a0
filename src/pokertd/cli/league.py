"""``pokertd league``: leagues, seasons, points standings, qualifiers and sign-outs.

``create`` a league with its points (a fixed table ``--table 10,7,5`` or a formula: a
preset ``sqrt``/``linear``/``td3`` or the league's own expression, checked safely), a
``season`` with best N, tie-break, qualification and championship stack formula;
``add-event`` counts a recorded tournament toward a season (``--championship`` registers
every qualifier in a new tournament with the stack from their points), ``remove-event``
takes one out again (recorded; ``restore-event`` undoes it); ``standings`` and
``qualifiers`` (with the stacks) read the tournaments' results; ``signout`` and ``flag``
record an eliminated player's sign-out or a late sign-out, ``unflag`` undoes a flag (G5:
SPOT-6.13); ``import-history`` brings in a season's past results from another tool's CSV
(points as given, marked imported; ``import-history-undo``, ``history-imports``). Every
command has ``--json``; a refusal is one line and exit code 2.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pokertd.cli._common import (
    DbOption,
    JsonOption,
    actor,
    application,
    console,
    emit,
    num,
    refusals,
    say,
    say_n,
)
from pokertd.cli.feeds import IcsOption, UrlOption, print_feed
from pokertd.i18n import N_

if TYPE_CHECKING:
    from pokertd.app.league_history import HistoryImportRow, HistoryPreview
    from pokertd.app.leagues import LeagueService

league_app = typer.Typer(
    name="league",
    help="Leagues and seasons: points, standings, qualifiers, sign-outs.",
    no_args_is_help=True,
)

LeagueArg = Annotated[str, typer.Argument(help="The league's key (e.g. spotlight).")]
SeasonArg = Annotated[str, typer.Argument(help="The season's key (e.g. 2025-q1).")]
TournamentArg = Annotated[str, typer.Argument(help="A tournament id.")]
PlayerArg = Annotated[str, typer.Argument(help="The player's name or id in that tournament.")]


@contextmanager
def _leagues(db: str | None) -> Iterator[LeagueService]:
    with application(db) as app:
        yield app.leagues


def _points(x: float) -> str:
    return f"{x:,.2f}".rstrip("0").rstrip(".")


@league_app.command("create")
def create(
    key: LeagueArg,
    name: Annotated[str, typer.Option("--name", help="The league's name.")] = "",
    table: Annotated[
        str | None, typer.Option("--table", help="Fixed points per place: 10,7,5,3,2,1.")
    ] = None,
    formula: Annotated[
        str | None,
        typer.Option("--formula", help="sqrt, linear, td3 or an expression (e.g. 11 - place)."),
    ] = None,
    paid_places: Annotated[
        int | None, typer.Option("--paid-places", min=1, help="Points to this place only.")
    ] = None,
    knockout: Annotated[float, typer.Option("--knockout", help="Points per knockout.")] = 0.0,
    attendance: Annotated[
        float, typer.Option("--attendance", help="Points for playing an event.")
    ] = 0.0,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Create a league with its points scheme."""
    from pokertd.app.leagues import scheme_from_options

    with refusals(as_json), _leagues(db) as leagues:
        scheme = scheme_from_options(
            table=table,
            formula=formula,
            paid_places=paid_places,
            knockout=knockout,
            attendance=attendance,
        )
        row = leagues.create_league(key, name or key, scheme)
        data: dict[str, Any] = {
            "key": row.key,
            "name": row.name,
            "scheme": scheme.as_dict(),
            "expression": None if scheme.table else scheme.expression,
        }
        emit(
            data,
            as_json,
            lambda d: console.print(
                say("League %(key)s (%(name)s) created.", key=d["key"], name=d["name"])
            ),
        )


@league_app.command("season")
def season(
    league: LeagueArg,
    key: SeasonArg,
    name: Annotated[str, typer.Option("--name", help="The season's name.")] = "",
    best: Annotated[
        int | None, typer.Option("--best", min=1, help="Count each player's best N results.")
    ] = None,
    tie_break: Annotated[
        str, typer.Option("--tie-break", help="best_finishes or most_events.")
    ] = "best_finishes",
    top: Annotated[int | None, typer.Option("--top", min=1, help="The top N qualify.")] = None,
    min_points: Annotated[
        float | None, typer.Option("--min-points", help="Everyone with these points qualifies.")
    ] = None,
    stack: Annotated[
        str, typer.Option("--stack", help="Championship stack formula of points, rank, ….")
    ] = "5000 + 100 * points",
    round_to: Annotated[int, typer.Option("--round-to", min=1)] = 100,
    min_stack: Annotated[int, typer.Option("--min-stack", min=1)] = 1000,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Create a season of a league (best N, tie-break, qualification, stacks)."""
    from pokertd.app.leagues import Season
    from pokertd.errors import InvalidCommand
    from pokertd.league.standings import Qualification, StackRule, TieBreak

    with refusals(as_json), _leagues(db) as leagues:
        try:
            tb = TieBreak(tie_break)
        except ValueError:
            raise InvalidCommand(
                template=N_("The tie-break is best_finishes or most_events.")
            ) from None
        made = leagues.add_season(
            Season(
                league=league,
                key=key,
                name=name or key,
                best_n=best,
                tie_break=tb,
                qualification=Qualification(
                    top=top if top is not None or min_points is not None else 8,
                    min_points=min_points,
                ),
                stack=StackRule(formula=stack, round_to=round_to, minimum=min_stack),
            )
        )
        emit(
            made,
            as_json,
            lambda s: console.print(
                say("Season %(league)s/%(key)s created.", league=s.league, key=s.key)
            ),
        )


@league_app.command("add-event")
def add_event(
    league: LeagueArg,
    season_key: SeasonArg,
    tournament: TournamentArg,
    championship: Annotated[
        bool,
        typer.Option(
            "--championship",
            help="This new tournament is the season's championship: register the qualifiers "
            "with their stacks.",
        ),
    ] = False,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Count a tournament toward a season (one season per league at most)."""
    with refusals(as_json), _leagues(db) as leagues:
        if championship:
            plan = leagues.add_championship(league, season_key, tournament, actor=actor())

            def render_plan(p: Any) -> None:
                console.print(
                    say(
                        "Championship %(tid)s: %(n)s registered.",
                        tid=tournament,
                        n=len(p.qualifiers),
                    )
                )
                for q in p.qualifiers:
                    pts = say("%(points)s pts", points=_points(q.points))
                    console.print(f"  {q.rank:>3}. {q.name}  {pts}  {num(q.stack)}")

            emit(plan, as_json, render_plan)
            return
        line = leagues.add_event(league, season_key, tournament, actor=actor())
        emit(
            line,
            as_json,
            lambda e: console.print(
                say(
                    "%(name)s (%(tid)s) counts toward %(season)s.",
                    name=e.name,
                    tid=e.tournament_id,
                    season=season_key,
                )
            ),
        )


@league_app.command("remove-event")
def remove_event(
    league: LeagueArg,
    season_key: SeasonArg,
    tournament: TournamentArg,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Take a tournament out of a season: its points leave the standings (recorded;
    ``restore-event`` puts it back)."""
    with refusals(as_json), _leagues(db) as leagues:
        change = leagues.remove_event(league, season_key, tournament, actor=actor())
        emit(
            change,
            as_json,
            lambda c: console.print(
                say(
                    "%(name)s (%(tid)s) no longer counts toward %(season)s. Undo: pokertd league "
                    "restore-event %(league)s %(season)s %(tournament)s",
                    name=c.name,
                    tid=c.tournament_id,
                    season=season_key,
                    league=league,
                    tournament=tournament,
                )
            ),
        )


@league_app.command("restore-event")
def restore_event(
    league: LeagueArg,
    season_key: SeasonArg,
    tournament: TournamentArg,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Undo ``remove-event``: the tournament counts toward the season again, as before."""
    with refusals(as_json), _leagues(db) as leagues:
        change = leagues.restore_event(league, season_key, tournament, actor=actor())
        emit(
            change,
            as_json,
            lambda c: console.print(
                say(
                    "%(name)s (%(tid)s) counts toward %(season)s again.",
                    name=c.name,
                    tid=c.tournament_id,
                    season=season_key,
                )
            ),
        )


@league_app.command("standings")
def standings(
    league: LeagueArg, season_key: SeasonArg, db: DbOption = None, as_json: JsonOption = False
) -> None:
    """The season's standings (best N, tie-break stated)."""
    with refusals(as_json), _leagues(db) as leagues:
        view = leagues.standings(league, season_key)

        def render(v: Any) -> None:
            best = say("best %(n)s", n=v.best_n) if v.best_n else say("every result")
            console.print(
                say(
                    "%(league)s/%(season)s: %(events)s events, %(best)s, ties by %(tie_break)s",
                    league=v.league,
                    season=v.season,
                    events=len(v.events),
                    best=best,
                    tie_break=v.tie_break.replace("_", " "),
                )
            )
            for r in v.rows:
                events = say_n("%(n)s event", "%(n)s events", r.events)
                if r.imported:
                    events += " " + say("(%(n)s imported)", n=r.imported)
                wins = say_n("%(n)s win", "%(n)s wins", r.wins)
                void = "  " + say("(%(n)s held back/void)", n=r.void) if r.void else ""
                console.print(
                    f"{r.rank:>4}. {r.name:<24} {_points(r.points):>10}  {events}, {wins}{void}"
                )

        emit(view, as_json, render)


@league_app.command("qualifiers")
def qualifiers(
    league: LeagueArg, season_key: SeasonArg, db: DbOption = None, as_json: JsonOption = False
) -> None:
    """Who qualifies for the championship and the stack each starts with (A3)."""
    with refusals(as_json), _leagues(db) as leagues:
        plan = leagues.qualifiers(league, season_key)

        def render(p: Any) -> None:
            console.print(say("Stacks: %(formula)s", formula=p.stack_formula))
            for q in p.qualifiers:
                console.print(f"{q.rank:>4}. {q.name:<24} {_points(q.points):>10}  {num(q.stack)}")

        emit(plan, as_json, render)


@league_app.command("signout")
def signout(
    tournament: TournamentArg, player: PlayerArg, db: DbOption = None, as_json: JsonOption = False
) -> None:
    """Record that an eliminated player signed out: points credited (SPOT-6.13)."""
    with refusals(as_json), _leagues(db) as leagues:
        row = leagues.signout(tournament, player, actor=actor())
        emit(
            row,
            as_json,
            lambda r: console.print(
                say("Signed out: %(player)s in %(tid)s.", player=player, tid=tournament)
            ),
        )


@league_app.command("flag")
def flag(
    tournament: TournamentArg, player: PlayerArg, db: DbOption = None, as_json: JsonOption = False
) -> None:
    """Flag a late sign-out: the player's points for this event are void (SPOT-6.13)."""
    with refusals(as_json), _leagues(db) as leagues:
        row = leagues.flag(tournament, player, actor=actor())
        emit(
            row,
            as_json,
            lambda r: console.print(
                say(
                    "Late sign-out flagged: %(player)s's points in %(tid)s are void.",
                    player=player,
                    tid=tournament,
                )
            ),
        )


@league_app.command("unflag")
def unflag(
    tournament: TournamentArg, player: PlayerArg, db: DbOption = None, as_json: JsonOption = False
) -> None:
    """Undo a late-sign-out flag: the player's points for this event come back (SPOT-6.13)."""
    with refusals(as_json), _leagues(db) as leagues:
        row = leagues.unflag(tournament, player, actor=actor())
        emit(
            row,
            as_json,
            lambda r: console.print(
                say(
                    "Late flag undone: %(player)s's points in %(tid)s count again.",
                    player=player,
                    tid=tournament,
                )
            ),
        )


@league_app.command("feed")
def feed(
    league: LeagueArg,
    season: Annotated[str, typer.Option("--season", help="The season (default: newest).")] = "",
    ics: IcsOption = False,
    url: UrlOption = "",
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """The season's schedule, upcoming and past: as iCalendar (--ics) or JSON (--json)."""
    from pokertd.app.results import league_schedule  # CLI start-up: loaded when it runs

    with refusals(as_json), application(db) as app:
        print_feed(league_schedule(app, league, season), ics=ics, as_json=as_json, url=url)


@league_app.command("import-history")
def import_history(
    league: LeagueArg,
    season_key: SeasonArg,
    path: Annotated[
        Path, typer.Argument(help="A CSV file of past results (one row per player per event).")
    ],
    mapping: Annotated[
        list[str] | None,
        typer.Option(
            "--map",
            help="column=field, e.g. 'Pts=points' (repeat it); fields: name, first_name, "
            "last_name, nickname, card, date, event, place, points, prize, ignore. Unmapped "
            "columns are guessed from their headers.",
        ),
    ] = None,
    preview_only: Annotated[
        bool, typer.Option("--preview", help="Only show what would be imported; write nothing.")
    ] = False,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Import a season's past results from another tool: matched players' points count in
    the standings as given (marked imported); undo: `import-history-undo`."""
    # imported here: the CLI starts without the import machinery (start-up time)
    from pokertd.app.league_history import (
        HistoryImports,
        guess_mapping,
        preview_document,
        record_document,
    )
    from pokertd.app.player_import import FILE_MAX_BYTES, parse_map, read_table
    from pokertd.cli.player import _read_file

    with refusals(as_json):
        data = _read_file(path, FILE_MAX_BYTES)
        chosen: dict[str, str] | None = None
        if mapping:  # the columns named, the rest guessed from their headers
            chosen = guess_mapping(read_table(data)[0])
            given = parse_map(mapping)
            chosen = {c: f for c, f in chosen.items() if f not in given.values()} | given
        with _leagues(db) as leagues:
            imports = HistoryImports(leagues)
            if preview_only:
                preview, record = imports.preview(league, season_key, data, chosen,
                                                  source=path.name), None  # fmt: skip
            else:
                record, preview = imports.run(
                    league, season_key, data, chosen, staff=actor(), source=path.name
                )
    document = preview_document(preview) | {
        "import": None if record is None else record_document(record)
    }

    emit(document, as_json, lambda _: _render_history(preview, record))


def _render_history(preview: HistoryPreview, record: HistoryImportRow | None) -> None:
    """The history import's preview (and record) as the terminal shows it."""
    from rich.markup import escape

    from pokertd.app.league_history import summary

    columns = ", ".join(f"{escape(c)} -> {f}" for c, f in preview.mapping.items())
    console.print(f"{escape(preview.source)} ({preview.encoding}): {columns}")
    console.print(summary(preview) + ".")
    for status, title in (
        ("duplicate", say("Likely duplicates (skipped: fix the name or merge first):")),
        ("unknown", say("Not in the player database (skipped: `pokertd player import` first):")),
        ("bad", say("Rows with problems (skipped):")),
    ):
        rows = [r for r in preview.rows if r.status == status]
        if rows:
            console.print(f"[bold]{escape(title)}[/]")
        for r in rows[:50]:
            like = f" ~ {escape(r.player_name)} ({r.player_id})" if r.player_id else ""
            who = escape(r.name or r.card or say("(no name)"))
            console.print(
                "  "
                + say(
                    "line %(line)s: %(who)s%(like)s: %(reason)s",
                    line=r.line,
                    who=who,
                    like=like,
                    reason=escape(r.reason),
                )
            )
        if len(rows) > 50:
            console.print(
                "  " + say("… and %(n)s more (--json lists every row).", n=len(rows) - 50)
            )
    if record is None:
        console.print(
            say(
                "Preview only: nothing was written. %(n)s results would be imported.",
                n=len(preview.to_add()),
            )
        )
    else:
        console.print(
            say(
                "Imported %(rows)s results of %(events)s past events as %(id)s; undo it with "
                "`pokertd league import-history-undo %(id)s`.",
                rows=record.rows,
                events=preview.events(),
                id=record.id,
            )
        )


@league_app.command("history-imports")
def history_imports(
    league: LeagueArg, season_key: SeasonArg, db: DbOption = None, as_json: JsonOption = False
) -> None:
    """The season's imports of past results (undone ones too)."""
    from pokertd.app.league_history import HistoryImports, record_document

    with refusals(as_json), _leagues(db) as leagues:
        found = HistoryImports(leagues).history(league, season_key)

    def render(_: object) -> None:
        from rich.markup import escape

        if not found:
            console.print(say("No history was imported into this season."))
        for r in found:
            by = say("%(n)s results by %(name)s", n=r.rows, name=escape(r.by))
            if not r.active:
                by = say(
                    "%(n)s results by %(name)s, undone by %(undone_by)s",
                    n=r.rows,
                    name=escape(r.by),
                    undone_by=escape(r.undone_by or ""),
                )
            console.print(f"{r.id}  {escape(r.source)}  {by}")

    emit([record_document(r) for r in found], as_json, render)


@league_app.command("import-history-undo")
def import_history_undo(
    import_id: Annotated[str, typer.Argument(help="The import's id (ih…).")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Undo a history import whole: exactly its results leave the standings."""
    from pokertd.app.league_history import HistoryImports, record_document

    with refusals(as_json), _leagues(db) as leagues:
        done = HistoryImports(leagues).undo(import_id, staff=actor())
    emit(
        record_document(done),
        as_json,
        lambda _: console.print(
            say(
                "History import %(id)s undone: its %(n)s results are removed.",
                id=done.id,
                n=done.rows,
            )
        ),
    )


def register(app: typer.Typer) -> None:
    """Add ``pokertd league …`` to the ``pokertd`` app."""
    app.add_typer(league_app, name="league")


__all__ = ["league_app", "register"]
