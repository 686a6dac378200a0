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
- ``GET /api/series/{series}/lobby``: every event of a series, as the lobby board shows it
  (public);
- pages ``/leagues/{league}`` (a standings board that fits a 1920x1080 TV, pages turning)
  and ``/series/{series}`` (the series' lobby, rotating like ``/lobby``).

The work is :class:`pokertd.league_service.LeagueService` (kept on the app, so the decoded
results of past events stay in memory between requests) and the series service.
"""

from __future__ import annotations

import csv
import io
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from pokertd.errors import NotFound
from pokertd.league.standings import championship_stacks, qualifiers
from pokertd.league_service import LeagueService, Season, SeasonStandings
from pokertd.series_service import SeriesService
from pokertd.web import access, views
from pokertd.web.api import ERROR_RESPONSES
from pokertd.web.context import principal, web_of
from pokertd.web.pages import render
from pokertd.web.people import safe_cell

router = APIRouter(tags=["leagues"])

KEY_MAX = 32
"""League and season keys are at most 32 characters (``league_service.KEY``)."""

LeagueKey = Annotated[str, Path(min_length=1, max_length=KEY_MAX, description="A league's key.")]
SeasonKey = Annotated[
    str, Query(max_length=KEY_MAX, description="A season's key (empty: the newest season).")
]
SeriesKey = Annotated[str, Path(min_length=1, max_length=64, description="A series' id.")]


def leagues_of(request: Request) -> LeagueService:
    """The app's league service (made on first use, then kept: its result cache lives)."""
    state = request.app.state
    found = getattr(state, "league_service", None)
    if not isinstance(found, LeagueService):
        found = LeagueService.over(web_of(request).service)
        state.league_service = found
    return found


def _season(service: LeagueService, league: str, season: str) -> Season:
    """The named season, or the league's newest (``NotFound`` when it has none)."""
    if season:
        return service.season(league, season)
    service.league(league)
    rows = service.store.seasons(league)
    if not rows:
        raise NotFound(f"League {league!r} has no season yet.")
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
        "seasons": [{"key": s.key, "name": s.name} for s in service.store.seasons(league)],
        "scheme": view.scheme,
        "best_n": view.best_n,
        "tie_break": view.tie_break,
        "events": [
            {
                "name": e.name,
                "entrants": e.entrants,
                "finished": e.finished,
                "championship": e.championship,
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
            "seasons": [{"key": s.key, "name": s.name} for s in service.store.seasons(row.key)],
        }
        for row in service.store.leagues()
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
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(STANDINGS_COLUMNS)
    for r in view.rows:
        writer.writerow(
            [
                r.rank,
                safe_cell(r.name),
                safe_cell(r.player),
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
        )
    name = f"{league}-{info.key}-standings.csv"
    return Response(
        out.getvalue(),
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
    """The series' name and one public board per event (the ``/lobby`` board's figures)."""
    web = web_of(request)
    found = SeriesService(web.service).lobby(series)
    boards: list[dict[str, Any]] = []
    for row in found.rows:
        view = views.display(web, row.tournament, "stream")
        boards.append(
            {
                k: view.get(k)
                for k in ("tournament", "name", "server_time", "clock", "status", "structure")
            }
            | {
                "payouts": len(view.get("payouts") or []),
                "label": row.label,
                "state": row.state,
                "role": row.role,
            }
        )
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


__all__ = ["leagues_of", "public_standings", "router", "series_boards"]
