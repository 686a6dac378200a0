"""League standings and series lobbies in the browser (issue 14): public boards, staff CSV.

Routes:

- ``GET /api/leagues``: every league and its seasons (public);
- ``GET /api/leagues/{league}/standings?season=``: the season's standings, events and
  qualifiers (public: names, points, places and stacks only, never a card number, a
  player key or an id; the newest season when ``season`` is empty);
- ``GET /api/leagues/{league}/qualifiers?season=``: the qualifiers and their championship
  stacks, shown before the event (A3; public, same fields);
- ``GET /api/leagues/{league}/standings.csv?season=``: the standings with each player's
  key (card or database id) for the office (floor and director);
- ``POST /api/leagues/{league}/seasons/{season}/history-imports/preview?map=&source=`` (a
  CSV of past results from another tool as the body): every row matched / likely
  duplicate / unknown / bad, nothing written; ``POST …/history-imports`` imports the
  matched rows as one batch (director; CSRF); ``GET …/history-imports`` lists them;
  ``POST /api/history-imports/{id}/undo`` takes one back whole (issue 26, point 4);
- ``GET /api/series/{series}/lobby``: every event of a series, as the lobby board shows it
  (public);
- pages ``/leagues/{league}`` (a standings board that fits a 1920x1080 TV, pages turning)
  and ``/series/{series}`` (the series' lobby, rotating like ``/lobby``).

The work is :class:`pokertd.app.leagues.LeagueService` (kept on the app, so the decoded
results of past events stay in memory between requests) and the series service.
"""

from __future__ import annotations

import dataclasses
from functools import partial
from typing import Annotated, Any, Literal
from urllib.parse import quote

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from pokertd.app.league_history import HistoryImports
from pokertd.app.league_history import guess_mapping as history_guess
from pokertd.app.league_history import preview_document as history_preview_document
from pokertd.app.league_history import record_document as history_record
from pokertd.app.leagues import (
    KEY,
    NAME_MAX,
    LeagueService,
    Season,
    SeasonStandings,
)
from pokertd.app.player_import import parse_map, read_table
from pokertd.app.tournaments import TournamentService
from pokertd.errors import InvalidCommand, NotFound
from pokertd.i18n import N_, Clause, catalog
from pokertd.league.formula import MAX_LENGTH as FORMULA_MAX
from pokertd.league.points import (
    MAX_POINTS,
    MAX_TABLE,
    EventResult,
    PlayerResult,
    PointsKind,
    PointsScheme,
    event_points,
)
from pokertd.league.results import db_card_or_name
from pokertd.league.standings import (
    MAX_STACK,
    Qualification,
    StackRule,
    StandingRow,
    TieBreak,
    championship_stacks,
    qualifiers,
)
from pokertd.roles import Role
from pokertd.rules.enums import StartingStackSource
from pokertd.sheets import csv_text
from pokertd.tournament.entries import CreateTournament, Roster, Setup
from pokertd.tournament.limits import SHORT_MAX, Text
from pokertd.web import access, i18n, views
from pokertd.web.api import ERROR_RESPONSES, authorize
from pokertd.web.auth import site_path
from pokertd.web.context import principal, web_of
from pokertd.web.pages import embed_snippet, public_url, render

router = APIRouter(tags=["leagues"])

KEY_MAX = 32
"""League and season keys are at most 32 characters (``league_service.KEY``)."""

LeagueKey = Annotated[str, Path(min_length=1, max_length=KEY_MAX, description="A league's key.")]
SeasonKey = Annotated[
    str, Query(max_length=KEY_MAX, description="A season's key (empty: the newest season).")
]
SeriesKey = Annotated[str, Path(min_length=1, max_length=64, description="A series' id.")]


def leagues_of(request: Request) -> LeagueService:
    """The application's league service (one per app: its result cache lives)."""
    return web_of(request).app.leagues


def _season(service: LeagueService, league: str, season: str) -> Season:
    """The named season, or the league's newest (``NotFound`` when it has none)."""
    if season:
        return service.season(league, season)
    service.league(league)
    rows = service.seasons(league)
    if not rows:
        raise NotFound(
            template=N_("League %(league)s has no season yet."), params={"league": repr(league)}
        )
    return service.season(league, rows[-1].key)


def _number(value: float) -> float | int:
    """Points as shown: whole numbers without ``.0``."""
    return int(value) if float(value).is_integer() else round(value, 2)


def public_standings(service: LeagueService, league: str, season: str) -> dict[str, Any]:
    """The season as the public board shows it: names, points, places; no keys, no ids."""
    info = _season(service, league, season)
    row, _ = service.league(league)
    view: SeasonStandings = service.standings(league, info.key)
    chosen = qualifiers(view.rows, info.qualification)
    stacks = championship_stacks(chosen, info.stack)
    qualified = {q.player for q in chosen}
    return {
        "league": {"key": row.key, "name": row.name},
        "season": {"key": info.key, "name": info.name},
        "seasons": [{"key": s.key, "name": s.name} for s in service.seasons(league)],
        "scheme": view.scheme,
        "best_n": view.best_n,
        "tie_break": view.tie_break,
        "events": [
            {
                "name": e.name,
                "entrants": e.entrants,
                "finished": e.finished,
                "championship": e.championship,
                "cancelled": e.cancelled,
                "imported": e.imported,
                "date": e.date,
            }
            for e in view.events
            if not e.championship
        ],
        "rows": [
            {
                "rank": r.rank,
                "name": r.name,
                "points": _number(r.points),
                "all_points": _number(r.all_points),
                "events": r.events,
                "counted": r.counted,
                "wins": r.wins,
                "best_place": r.best_place,
                "places": list(r.places),
                "void": r.void,
                "imported": r.imported,
                "qualified": r.player in qualified,
            }
            for r in view.rows
        ],
        "qualification": {
            "top": info.qualification.top,
            "min_points": info.qualification.min_points,
            "stack_formula": info.stack.formula,
        },
        "qualifiers": [
            {"rank": q.rank, "name": q.name, "points": _number(q.points), "stack": q.stack}
            for q in stacks
        ],
    }


@router.get("/api/leagues", responses=ERROR_RESPONSES)
def leagues(request: Request) -> list[dict[str, Any]]:
    """Every league with its seasons, oldest season first (public)."""
    service = leagues_of(request)
    return [
        {
            "key": row.key,
            "name": row.name,
            "seasons": [{"key": s.key, "name": s.name} for s in service.seasons(row.key)],
        }
        for row in service.leagues()
    ]


@router.get("/api/leagues/{league}/standings", responses=ERROR_RESPONSES)
def standings(league: LeagueKey, request: Request, season: SeasonKey = "") -> dict[str, Any]:
    """A season's standings, its events and qualifiers (public: names and numbers only)."""
    return public_standings(leagues_of(request), league, season)


@router.get("/api/leagues/{league}/qualifiers", responses=ERROR_RESPONSES)
def league_qualifiers(
    league: LeagueKey, request: Request, season: SeasonKey = ""
) -> dict[str, Any]:
    """Who qualifies for the championship and with what stack (A3; public)."""
    data = public_standings(leagues_of(request), league, season)
    return {k: data[k] for k in ("league", "season", "qualification", "qualifiers")}


STANDINGS_COLUMNS = (
    "rank",
    "name",
    "player",
    "points",
    "all_points",
    "events",
    "counted",
    "wins",
    "best_place",
    "places",
    "void",
    "qualified",
)


@router.get("/api/leagues/{league}/standings.csv", responses=ERROR_RESPONSES)
def standings_export(league: LeagueKey, request: Request, season: SeasonKey = "") -> Response:
    """The standings as CSV with each player's key (card or id): floor and director."""
    access.require_player_read(principal(request), action="export league standings")
    service = leagues_of(request)
    info = _season(service, league, season)
    view = service.standings(league, info.key)
    chosen = {q.player for q in qualifiers(view.rows, info.qualification)}
    text = csv_text(
        STANDINGS_COLUMNS,
        (
            [
                r.rank,
                r.name,
                r.player,
                f"{r.points:g}",
                f"{r.all_points:g}",
                r.events,
                r.counted,
                r.wins,
                "" if r.best_place is None else r.best_place,
                " ".join(str(p) for p in r.places),
                r.void,
                "yes" if r.player in chosen else "",
            ]
            for r in view.rows
        ),
    )
    name = f"{league}-{info.key}-standings.csv"
    return Response(
        text,
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.get("/leagues/{league}", response_class=HTMLResponse, include_in_schema=False)
def league_page(league: LeagueKey, request: Request, season: SeasonKey = "") -> Response:
    """The public standings board of a season (a TV at 1920x1080, a tablet, a phone)."""
    data = public_standings(leagues_of(request), league, season)
    return render(request, "league.html", data=data, league=league)


# ---- series lobby ----------------------------------------------------------------------


def series_boards(request: Request, series: str) -> dict[str, Any]:
    """The series' name and one public board per event (the ``/lobby`` board's figures).

    One read of each event makes its lobby row and its board (:func:`views.board`: the
    figures of its ``stream`` view, without building that whole view), so a lobby costs
    one store query per event however busy the floor is (issue 16).
    """
    web = web_of(request)
    found, made = web.app.series.lobby_with(
        series,
        partial(views.board, web),
        now=web.now(),
        status_of=partial(views.status_at, web),
    )
    boards = [
        made_board | {"label": row.label, "state": row.state, "role": row.role}
        for row, made_board in zip(found.rows, made, strict=True)
    ]
    return {"series": {"id": found.id, "name": found.name}, "boards": boards}


@router.get("/api/series/{series}/lobby", responses=ERROR_RESPONSES)
def series_lobby(series: SeriesKey, request: Request) -> Response:
    """Every event of the series: clock, level, players, pool (public)."""
    return JSONResponse(series_boards(request, series), headers={"Cache-Control": "no-cache"})


@router.get("/series/{series}", response_class=HTMLResponse, include_in_schema=False)
def series_page(series: SeriesKey, request: Request) -> Response:
    """The series' lobby board (public), rotating like ``/lobby``."""
    data = series_boards(request, series)
    return render(request, "series.html", data=data, series=series)


# ---- running leagues from the browser (director writes, floor sign-outs) --------------


class PointsBody(BaseModel):
    """How places become points: a fixed table, a ready formula or the league's own."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["fixed", "formula"] = "formula"
    table: list[Annotated[float, Field(ge=0, le=MAX_POINTS)]] = Field(
        default_factory=list, max_length=MAX_TABLE, description="Points for 1st, 2nd, …"
    )
    formula: str = Field(
        default="sqrt",
        max_length=FORMULA_MAX,
        description="A ready formula (sqrt, linear, td3) or the league's own expression.",
    )
    paid_places: int | None = Field(default=None, ge=1, le=10_000)
    knockout_points: float = Field(default=0.0, ge=0, le=MAX_POINTS)
    attendance_points: float = Field(default=0.0, ge=0, le=MAX_POINTS)
    decimals: int = Field(default=2, ge=0, le=4)

    def scheme(self) -> PointsScheme:
        """The checked scheme (``InvalidCommand``/``FormulaError`` in one sentence)."""
        return PointsScheme(
            kind=PointsKind(self.kind),
            table=tuple(self.table),
            formula=self.formula.strip() or "sqrt",
            paid_places=self.paid_places,
            knockout_points=self.knockout_points,
            attendance_points=self.attendance_points,
            decimals=self.decimals,
        ).check()


class SeasonBody(BaseModel):
    """A season: best N, tie-break, who qualifies and the championship stack formula."""

    model_config = ConfigDict(extra="forbid")

    key: Annotated[str, Text(N_("A season's key"), KEY_MAX, min_len=1)]
    name: Annotated[str, Text(N_("A season's name"), NAME_MAX, min_len=1)]
    best_n: int | None = Field(default=None, ge=1, le=1000, description="Best N results count.")
    tie_break: TieBreak = TieBreak.BEST_FINISHES
    top: int | None = Field(default=8, ge=1, le=10_000, description="The top N qualify.")
    min_points: float | None = Field(default=None, ge=0, le=1e9, description="Or this many.")
    stack_formula: str = Field(default="5000 + 100 * points", min_length=1, max_length=FORMULA_MAX)
    round_to: int = Field(default=100, ge=1, le=1_000_000)
    minimum: int = Field(default=1000, ge=1, le=MAX_STACK)

    def season(self, league: str) -> Season:
        """The season, every setting checked before anything is written."""
        if not KEY.match(self.key):
            raise InvalidCommand(
                template=N_(
                    "A season key is 1 to 32 lower-case letters, digits or dashes, e.g. q1-2026."
                )
            )
        if not " ".join(self.name.split()):
            raise InvalidCommand(template=N_("Give the season a name."))
        made = Season(
            league=league,
            key=self.key,
            name=self.name,
            best_n=self.best_n,
            tie_break=self.tie_break,
            qualification=Qualification(top=self.top, min_points=self.min_points),
            stack=StackRule(
                formula=self.stack_formula.strip(), round_to=self.round_to, minimum=self.minimum
            ),
        )
        made.qualification.check()
        made.stack.check()
        return made


class LeagueBody(BaseModel):
    """A new league, its points scheme and (optionally) its first season."""

    model_config = ConfigDict(extra="forbid")

    key: Annotated[str, Text(N_("A league's key"), KEY_MAX, min_len=1)]
    name: Annotated[str, Text(N_("A league's name"), NAME_MAX, min_len=1)]
    points: PointsBody = Field(default_factory=PointsBody)
    season: SeasonBody | None = None


class EventBody(BaseModel):
    """Count a recorded tournament toward the season."""

    model_config = ConfigDict(extra="forbid")

    tournament: Annotated[str, Text(N_("A tournament's id"), SHORT_MAX, min_len=1)]


class SignOutBody(BaseModel):
    """An eliminated player of the tournament (name or card), as the floor sees them."""

    model_config = ConfigDict(extra="forbid")

    player: Annotated[str, Text(N_("A player's name or card"), 60, min_len=1)]


class ChampionshipBody(BaseModel):
    """The championship's name (its rules: the season's newest event's, stacks from points)."""

    model_config = ConfigDict(extra="forbid")

    name: Annotated[str, Text(N_("The championship's name"), 120, min_len=1)]


TableText = Annotated[str, Query(max_length=4000, description="Points by place, comma list.")]
FormulaText = Annotated[str, Query(max_length=FORMULA_MAX)]
EXAMPLE_PLACES = (1, 2, 3, 4, 5, 8, 10)
EXAMPLE_POINTS = (100.0, 60.0, 30.0, 10.0)


def example_points(scheme: PointsScheme, entrants: int, buyin_cents: int) -> list[dict[str, Any]]:
    """Place points (and bonuses for playing) an event of ``entrants`` gives its first
    places: what a director reads before saving the scheme."""
    places = [p for p in EXAMPLE_PLACES if p <= entrants]
    event = EventResult(
        tournament_id="example",
        name="The example",
        entrants=entrants,
        buyin_cents=buyin_cents,
        prizepool_cents=entrants * buyin_cents,
        require_signout=False,
        players=tuple(
            PlayerResult(player=f"p{p}", name=f"place {p}", place=p, eliminated=p > 1)
            for p in places
        ),
    )
    return [{"place": p.place, "points": _number(p.total)} for p in event_points(scheme, event, {})]


@router.get("/api/leagues/check", responses=ERROR_RESPONSES)
def check_scheme(
    kind: Literal["fixed", "formula"] = "formula",
    table: TableText = "",
    formula: FormulaText = "sqrt",
    knockout: Annotated[float, Query(ge=0, le=MAX_POINTS)] = 0.0,
    attendance: Annotated[float, Query(ge=0, le=MAX_POINTS)] = 0.0,
    paid_places: Annotated[int | None, Query(ge=1, le=10_000)] = None,
    entrants: Annotated[int, Query(ge=1, le=10_000)] = 20,
    buyin: Annotated[float, Query(ge=0, le=100_000)] = 50.0,
    stack_formula: FormulaText = "",
) -> dict[str, Any]:
    """Check a points scheme (and a stack formula) as the director types (public: a
    calculator, nothing stored): ``ok`` and the sentence of the first problem, or the
    points the first places of an example event earn and example championship stacks."""
    out: dict[str, Any] = {"ok": True, "message": "", "examples": [], "stacks": []}
    try:
        values: tuple[float, ...] = ()
        if kind == "fixed":
            try:
                values = tuple(float(x) for x in table.split(",") if x.strip())
            except ValueError:
                raise InvalidCommand(
                    template=N_("A points table is a list of numbers, e.g. 10, 7, 5, 3, 2, 1.")
                ) from None
        scheme = PointsScheme(
            kind=PointsKind(kind),
            table=values,
            formula=formula.strip() or "sqrt",
            paid_places=paid_places,
            knockout_points=knockout,
            attendance_points=attendance,
        ).check()
        out["expression"] = scheme.expression if kind == "formula" else ""
        out["examples"] = example_points(scheme, entrants, round(buyin * 100))
        if stack_formula.strip():
            rows = [
                StandingRow(
                    rank=i,
                    player=f"p{i}",
                    name=f"rank {i}",
                    points=pts,
                    all_points=pts,
                    events=1,
                    counted=1,
                    wins=0,
                    best_place=None,
                    places=(),
                )
                for i, pts in enumerate(EXAMPLE_POINTS, start=1)
            ]
            stacks = championship_stacks(rows, StackRule(formula=stack_formula.strip()))
            out["stacks"] = [{"points": _number(s.points), "stack": s.stack} for s in stacks]
    except InvalidCommand as exc:  # FormulaError too: its sentence is the answer
        out.update(ok=False, message=exc.message, examples=[], stacks=[])
    return out


@router.post("/api/leagues", responses=ERROR_RESPONSES)
def create_league(body: LeagueBody, request: Request) -> dict[str, Any]:
    """Create a league with its points scheme and, if given, its first season (director;
    CSRF header). Everything is checked before anything is written."""
    authorize(request, Role.DIRECTOR, "create a league")
    service = leagues_of(request)
    scheme = body.points.scheme()
    season = body.season.season(body.key) if body.season is not None else None
    row = service.create_league(body.key, body.name, scheme)
    if season is not None:
        service.add_season(season)
    return {"key": row.key, "name": row.name, "seasons": [season.key] if season else []}


@router.post("/api/leagues/{league}/seasons", responses=ERROR_RESPONSES)
def create_season(league: LeagueKey, body: SeasonBody, request: Request) -> dict[str, Any]:
    """Add a season to a league (director; CSRF header)."""
    authorize(request, Role.DIRECTOR, "add a season")
    service = leagues_of(request)
    made = service.add_season(body.season(league))
    return {"league": made.league, "key": made.key, "name": made.name}


SeasonPath = Annotated[str, Path(min_length=1, max_length=KEY_MAX, description="A season key.")]


@router.post("/api/leagues/{league}/seasons/{season}/events", responses=ERROR_RESPONSES)
def add_season_event(
    league: LeagueKey, season: SeasonPath, body: EventBody, request: Request
) -> dict[str, Any]:
    """Count a recorded tournament toward the season (director; CSRF). An event counts
    toward one season of a league at most: a second is refused."""
    who = authorize(request, Role.DIRECTOR, "add an event to a season")
    line = leagues_of(request).add_event(league, season, body.tournament, actor=who.name)
    return dataclasses.asdict(line)


@router.post("/api/leagues/{league}/seasons/{season}/events/remove", responses=ERROR_RESPONSES)
def remove_season_event(
    league: LeagueKey, season: SeasonPath, body: EventBody, request: Request
) -> dict[str, Any]:
    """Take a tournament out of the season (director; CSRF): the standings are computed
    without it; recorded with who and when, and undone by ``…/events/restore``. Refused
    when the tournament is not in that season."""
    who = authorize(request, Role.DIRECTOR, "take an event out of a season")
    change = leagues_of(request).remove_event(league, season, body.tournament, actor=who.name)
    return dataclasses.asdict(change)


@router.post("/api/leagues/{league}/seasons/{season}/events/restore", responses=ERROR_RESPONSES)
def restore_season_event(
    league: LeagueKey, season: SeasonPath, body: EventBody, request: Request
) -> dict[str, Any]:
    """Undo a removal: the tournament counts toward the season again, as before
    (director; CSRF)."""
    who = authorize(request, Role.DIRECTOR, "put an event back in a season")
    change = leagues_of(request).restore_event(league, season, body.tournament, actor=who.name)
    return dataclasses.asdict(change)


HISTORY_BODY = {
    "requestBody": {
        "required": True,
        "description": "The CSV file itself (UTF-8 or Windows-1252), at most 5 MiB.",
        "content": {"text/csv": {"schema": {"type": "string", "format": "binary"}}},
    }
}
HistoryMap = Annotated[
    list[str],
    Query(
        max_length=50,
        description="column=field, one each (fields: name, first_name, last_name, nickname, "
        "card, date, event, place, points, prize, ignore); none: guessed from the headers.",
    ),
]
HistorySource = Annotated[str, Query(max_length=120, description="The file's name.")]
HistoryId = Annotated[
    str, Path(min_length=1, max_length=SHORT_MAX, description="A history import's id (ih…).")
]


def _history_map(items: list[str]) -> dict[str, str] | None:
    """The ``map`` parameters over the guess from the file's headers (as the CLI's)."""
    if not items:
        return None
    for item in items:
        if len(item) > 200:
            raise InvalidCommand(template=N_("A mapping can have at most 200 characters."))
    return parse_map(items)


def _history_mapping(data: bytes, items: list[str]) -> dict[str, str] | None:
    given = _history_map(items)
    if given is None:
        return None
    guessed = history_guess(read_table(data)[0])
    return {c: f for c, f in guessed.items() if f not in given.values()} | given


@router.post(
    "/api/leagues/{league}/seasons/{season}/history-imports/preview",
    responses=ERROR_RESPONSES,
    openapi_extra=HISTORY_BODY,
)
async def history_preview(
    league: LeagueKey,
    season: SeasonPath,
    request: Request,
    map: HistoryMap = [],  # noqa: B006 - FastAPI reads a repeated query parameter
    source: HistorySource = "history.csv",
) -> dict[str, Any]:
    """What importing the file (the body) of past results into the season would do,
    nothing written: matched rows, likely duplicates, unknown players, rows with problems
    (director; CSRF)."""
    authorize(request, Role.DIRECTOR, "import league history")
    data = await request.body()
    preview = HistoryImports(leagues_of(request)).preview(
        league, season, data, _history_mapping(data, map), source=source
    )
    return history_preview_document(preview)


@router.post(
    "/api/leagues/{league}/seasons/{season}/history-imports",
    responses=ERROR_RESPONSES,
    openapi_extra=HISTORY_BODY,
)
async def history_import(
    league: LeagueKey,
    season: SeasonPath,
    request: Request,
    map: HistoryMap = [],  # noqa: B006 - FastAPI reads a repeated query parameter
    source: HistorySource = "history.csv",
) -> dict[str, Any]:
    """Import the file's matched rows as one batch of the season's history: their points
    count in the standings as given, marked imported (director; CSRF); ``…/undo`` takes
    it back whole."""
    who = authorize(request, Role.DIRECTOR, "import league history")
    data = await request.body()
    record, preview = HistoryImports(leagues_of(request)).run(
        league, season, data, _history_mapping(data, map), staff=who.name, source=source
    )
    return history_preview_document(preview) | {"import": history_record(record)}


@router.get("/api/leagues/{league}/seasons/{season}/history-imports", responses=ERROR_RESPONSES)
def history_list(league: LeagueKey, season: SeasonPath, request: Request) -> list[dict[str, Any]]:
    """The season's history imports, newest first, undone ones too (floor and director)."""
    access.require_league_admin_read(principal(request), action="list a season's imports")
    return [history_record(r) for r in HistoryImports(leagues_of(request)).history(league, season)]


@router.post("/api/history-imports/{import_id}/undo", responses=ERROR_RESPONSES)
def history_undo(import_id: HistoryId, request: Request) -> dict[str, Any]:
    """Take a history import back whole: exactly its results leave the standings
    (director; CSRF)."""
    who = authorize(request, Role.DIRECTOR, "undo a league history import")
    return history_record(HistoryImports(leagues_of(request)).undo(import_id, staff=who.name))


def league_admin(
    service: LeagueService, tournaments: TournamentService, league: str
) -> dict[str, Any]:
    """Everything the admin page shows: seasons, their events (with ids), qualifiers with
    stacks, and the recorded tournaments not yet counted toward this league."""
    row, scheme = service.league(league)
    used: set[str] = set()
    seasons: list[dict[str, Any]] = []
    names = {i.id: i.name for i in tournaments.tournaments()}
    for s in service.seasons(league):
        info = service.season(league, s.key)
        events = service.season_events(league, s.key)
        used |= {e.tournament for e in events}
        seasons.append(
            {
                "key": info.key,
                "name": info.name,
                "best_n": info.best_n,
                "tie_break": info.tie_break.value,
                "top": info.qualification.top,
                "min_points": info.qualification.min_points,
                "stack_formula": info.stack.formula,
                "events": [
                    {
                        "tournament": e.tournament,
                        "name": names.get(e.tournament, e.tournament),
                        "championship": e.championship,
                    }
                    for e in events
                ],
                "removed": [
                    {"tournament": c.tournament_id, "name": c.name, "by": c.by}
                    for c in service.removed_events(league, s.key)
                ],
                "championship": championship_preview(service, tournaments, league, s.key),
                "history": [
                    history_record(h) for h in HistoryImports(service).history(league, s.key)
                ],
            }
        )
    return {
        "league": {"key": row.key, "name": row.name},
        "scheme": scheme.as_dict() | {"expression": scheme.expression},
        "seasons": seasons,
        "available": [
            {"tournament": tid, "name": name} for tid, name in names.items() if tid not in used
        ],
    }


def championship_preview(
    service: LeagueService, tournaments: TournamentService, league: str, season: str
) -> dict[str, Any]:
    """The championship as it would be created now: qualifiers and stacks (A3), the
    rules it copies (the season's newest event's, stacks from points) and the first
    reason it cannot be created yet (``problem``, empty when it can)."""
    rows = service.season_events(league, season)
    done = next((r.tournament for r in rows if r.championship), "")
    base = next((r.tournament for r in reversed(rows) if not r.championship), "")
    problem = ""
    stacks: list[dict[str, Any]] = []
    try:
        plan = service.qualifiers(league, season)
        stacks = [
            {"rank": q.rank, "name": q.name, "points": _number(q.points), "stack": q.stack}
            for q in plan.qualifiers
        ]
    except InvalidCommand as exc:  # a stack formula these points break
        problem = Clause.of(exc)
    template = ""
    if base:
        setup = tournaments.state(base).part(Setup)
        tmpl = setup.tmpl
        template = tmpl.title or tmpl.name
        seats = tmpl.tables * tmpl.seats_per_table
        if tmpl.tables and seats < len(stacks) and not problem:
            problem = Clause(
                N_(
                    "%(n)s qualifiers need seats but %(template)s has %(seats)s: "
                    "add tables to the season's events' template first."
                ),
                {"n": len(stacks), "template": template, "seats": seats},
            )
    if done:
        problem = Clause(
            N_("Season %(season)s already has its championship (%(done)s)."),
            {"season": repr(season), "done": done},
        )
    elif not base:
        problem = Clause(N_("Add the season's events first: the championship copies their rules."))
    elif not stacks and not problem:
        problem = Clause(
            N_("Nobody qualifies from season %(season)s yet."), {"season": repr(season)}
        )
    return {
        "tournament": done,
        "copies": base,
        "template": template,
        "qualifiers": stacks,
        "problem": problem,
    }


@router.get("/api/leagues/{league}/admin", responses=ERROR_RESPONSES)
def league_admin_data(league: LeagueKey, request: Request) -> dict[str, Any]:
    """What the admin page shows: seasons, events with ids, the tournaments not counted
    yet, each season's championship preview (floor and director)."""
    access.require_league_admin_read(principal(request), action="read a league's events")
    return league_admin(leagues_of(request), web_of(request).app.tournaments, league)


@router.get("/api/leagues/{league}/seasons/{season}/championship", responses=ERROR_RESPONSES)
def preview_championship(league: LeagueKey, season: SeasonPath, request: Request) -> dict[str, Any]:
    """What ``POST …/championship`` would create: qualifiers, stacks, the rules it copies,
    and why it cannot yet (floor and director)."""
    access.require_league_admin_read(principal(request), action="preview a championship")
    service = leagues_of(request)
    service.season(league, season)
    return championship_preview(service, web_of(request).app.tournaments, league, season)


@router.post("/api/leagues/{league}/seasons/{season}/championship", responses=ERROR_RESPONSES)
def create_championship(
    league: LeagueKey, season: SeasonPath, body: ChampionshipBody, request: Request
) -> dict[str, Any]:
    """Create the season's championship (director; CSRF): a new tournament with the rules
    of the season's newest event, stacks from season points (A3: SPOT-6.26), every
    qualifier registered with the stack the preview showed. Refused, with nothing
    created, while the preview names a problem."""
    who = authorize(request, Role.DIRECTOR, "create a championship")
    name = " ".join(body.name.split())
    if not name:
        raise InvalidCommand(template=N_("Give the championship a name."))
    service = leagues_of(request)
    tournaments = web_of(request).app.tournaments
    service.season(league, season)
    plan = championship_preview(service, tournaments, league, season)
    if plan["problem"]:
        problem = plan["problem"]
        said = problem if isinstance(problem, Clause) else Clause(None)
        raise InvalidCommand(problem, template=said.template, params=said.params)
    setup = tournaments.state(plan["copies"]).part(Setup)
    tmpl, profile = setup.tmpl.with_changes(stacks_from_points=True), setup.profile
    if not tmpl.takes_stacks_from_points(profile):  # a profile without the Quarterly's rule
        profile = dataclasses.replace(
            profile, starting_stack_source=StartingStackSource.PER_PLAYER_FROM_POINTS
        )
    tid = tournaments.create(
        CreateTournament(name=name, template=tmpl, profile=profile),
        actor=who.name,
        role=who.role.value,
    )
    made = service.add_championship(league, season, tid, actor=who.name)
    return {
        "tournament": tid,
        "qualifiers": [{"name": q.name, "stack": q.stack} for q in made.qualifiers],
    }


# ---- sign-outs from the floor console (G5: SPOT-6.13) ----------------------------------


def league_seasons_of(service: LeagueService, tid: str) -> list[dict[str, str]]:
    """The league seasons tournament ``tid`` counts toward (not as a championship)."""
    out: list[dict[str, str]] = []
    for lg in service.leagues():
        for s in service.seasons(lg.key):
            rows = service.season_events(lg.key, s.key)
            if any(r.tournament == tid and not r.championship for r in rows):
                out.append(
                    {"league": lg.key, "league_name": lg.name, "season": s.key, "name": s.name}
                )
    return out


TournamentPath = Annotated[
    str, Path(min_length=1, max_length=SHORT_MAX, description="A tournament's id.")
]


def signout_state(
    service: LeagueService, tournaments: TournamentService, tid: str
) -> dict[str, Any]:
    """Whether the floor records sign-outs for ``tid`` (it counts toward a league and its
    profile asks for them: G5), and what was recorded, by player name."""
    state = tournaments.state(tid)
    setup = state.part(Setup)
    seasons = league_seasons_of(service, tid)
    keys = {db_card_or_name(p): p.name for p in state.part(Roster).players.values()}
    marks = {keys[s.player]: s.mark for s in service.signouts([tid]) if s.player in keys}
    return {
        "seasons": seasons,
        "points_to": _points_to(service, seasons),
        "require_signout": bool(seasons) and setup.profile.points_require_immediate_signout,
        "rule": setup.profile.citation("G5"),
        "marks": marks,
    }


def _points_to(service: LeagueService, seasons: list[dict[str, str]]) -> int | None:
    """The last place that earns place points in any of ``seasons``' leagues (``None``:
    every place may): the floor console offers sign-outs down to it."""
    last = 0
    for key in {s["league"] for s in seasons}:
        _, scheme = service.league(key)
        limit = scheme.paid_places
        if scheme.kind is PointsKind.FIXED:
            limit = min(len(scheme.table), limit or len(scheme.table))
        if limit is None:
            return None
        last = max(last, limit)
    return last


@router.get("/api/tournaments/{tid}/league", responses=ERROR_RESPONSES)
def tournament_league(tid: TournamentPath, request: Request) -> dict[str, Any]:
    """The leagues this tournament counts toward and its sign-outs (floor and director)."""
    access.require_staff_read(principal(request), tid, action="read the league sign-outs")
    return signout_state(leagues_of(request), web_of(request).app.tournaments, tid)


def _mark(
    request: Request, tid: str, body: SignOutBody, late: bool, undo: bool = False
) -> dict[str, Any]:
    what = "undo a late flag" if undo else "flag a late sign-out" if late else "record a sign-out"
    who = authorize(request, Role.FLOOR, what)
    service = leagues_of(request)
    tournaments = web_of(request).app.tournaments
    if not league_seasons_of(service, tid):
        tournaments.state(tid)  # NotFound for an unknown tournament
        raise InvalidCommand(
            template=N_(
                "This event counts toward no league season: there are no points to sign out for."
            )
        )
    if undo:
        service.unflag(tid, body.player, actor=who.name)
    elif late:
        service.flag(tid, body.player, actor=who.name)
    else:
        service.signout(tid, body.player, actor=who.name)
    return signout_state(service, tournaments, tid)


@router.post("/api/tournaments/{tid}/league/signouts", responses=ERROR_RESPONSES)
def record_signout(tid: TournamentPath, body: SignOutBody, request: Request) -> dict[str, Any]:
    """An eliminated player signed out: their points are credited (G5: SPOT-6.13; floor;
    CSRF)."""
    return _mark(request, tid, body, late=False)


@router.post("/api/tournaments/{tid}/league/flags", responses=ERROR_RESPONSES)
def flag_late(tid: TournamentPath, body: SignOutBody, request: Request) -> dict[str, Any]:
    """Flag a late sign-out: the player's points for this event are void (G5: SPOT-6.13;
    floor; CSRF)."""
    return _mark(request, tid, body, late=True)


@router.post("/api/tournaments/{tid}/league/flags/undo", responses=ERROR_RESPONSES)
def unflag_late(tid: TournamentPath, body: SignOutBody, request: Request) -> dict[str, Any]:
    """Undo a late-sign-out flag: the player's points for this event count again (G5:
    SPOT-6.13; floor; CSRF)."""
    return _mark(request, tid, body, late=False, undo=True)


# ---- pages ---------------------------------------------------------------------------


@router.get("/leagues", response_class=HTMLResponse, include_in_schema=False)
def leagues_page(request: Request) -> Response:
    """Every league (public); the director also sees the "New league" form."""
    who = principal(request)
    return render(
        request,
        "leagues.html",
        data={"leagues": leagues(request), "director": who.role.at_least(Role.DIRECTOR)},
    )


@router.get("/leagues/{league}/admin", response_class=HTMLResponse, include_in_schema=False)
def league_admin_page(league: LeagueKey, request: Request) -> Response:
    """The director's page of one league: seasons, events, qualifiers, championship."""
    who = principal(request)
    if not who.role.at_least(Role.DIRECTOR):
        target = site_path(request, f"/login?next=/leagues/{quote(league)}/admin")
        return RedirectResponse(target, status_code=303)
    data = league_admin(leagues_of(request), web_of(request).app.tournaments, league)
    base = public_url(request)
    return render(
        request,
        "league_admin.html",
        data=data,
        league=league,
        embed_src=(src := f"{base}/embed/leagues/{quote(league)}"),
        embed_snippet=embed_snippet(
            src,
            catalog.gettext(
                i18n.request_language(request),
                N_("%(league)s standings"),
                {"league": data["league"]["name"]},
            ),
        ),
        feed_ics=f"{base}/leagues/{quote(league)}/schedule.ics",
        feed_json=f"{base}/api/leagues/{quote(league)}/schedule.json",
    )


__all__ = [
    "championship_preview",
    "example_points",
    "league_admin",
    "leagues_of",
    "public_standings",
    "router",
    "series_boards",
    "signout_state",
]
