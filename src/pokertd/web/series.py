"""Series, flights, days and satellites in the browser (issue 14): the director's routes.

Routes (reads: floor and director, never a dealer or the public; writes: the director,
with the session's CSRF token; every field's limit is in the OpenAPI schema; a refusal is
one sentence and changes nothing):

- ``GET /api/series``: every series (public: ids and names only);
- ``POST /api/series {id, name}``: a new series (festival);
- ``GET /api/series/{id}/events``: the series' events and flighted events as the admin
  page shows them (staff);
- ``POST /api/series/{id}/flighted {event, name, reentry}``: declare an event played in
  flights (``reentry``: a player may enter more than one flight; his best stack carries);
- ``POST /api/series/{id}/events {tournament, flight_of, label, remove}``: put a tournament
  in the series (an event, or a flight of ``flight_of`` labelled ``Day 1A``…), or take it
  out (``remove``);
- ``GET /api/series/{id}/cash`` and ``…/cash.csv``: the cash report with its totals (staff);
- ``GET /api/series/{id}/day2?event=``: Day 2 as it would be formed now (who carries, the
  stacks, the pool) or the refusal as a sentence; ``POST /api/series/{id}/day2 {event}``
  forms it (the flights are closed; Day 2 then starts from its console: ``start_day``);
- ``GET /api/tournaments/{tid}/day``: the day, and the last bag-and-tag list with its
  roll-up (staff); the end and start of a day are the ordinary commands ``end_day`` and
  ``start_day`` (``POST /api/tournaments/{tid}/commands/…``);
- ``GET /api/tournaments/{tid}/satellite`` (staff), ``POST …/satellite {target,
  seat_value_cents, leftover}`` and ``POST …/pay-seat {player}`` (a seat registers the
  winner in the target event);
- pages ``/series`` (every series; "New series" for the director) and
  ``/series/{id}/admin`` (events and flights, the cash report, Day 2).

The work is :class:`pokertd.app.series.SeriesService`, the same as ``pokertd series …``.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal
from urllib.parse import quote

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from pokertd.app.accounts import Role
from pokertd.app.series import SeriesCash, SeriesService
from pokertd.errors import NotFound, PokertdError
from pokertd.i18n import N_, catalog
from pokertd.sheets import cash_csv
from pokertd.tournament.days import Days, bag_list, day_view
from pokertd.tournament.entries import Roster
from pokertd.tournament.framework import TournamentState
from pokertd.tournament.limits import CENTS_MAX, NAME_MAX, SHORT_MAX
from pokertd.tournament.satellites import satellite_view, winner_of
from pokertd.web import access, i18n
from pokertd.web.api import ERROR_RESPONSES, authorize
from pokertd.web.auth import Principal, site_path
from pokertd.web.context import principal, web_of
from pokertd.web.pages import embed_snippet, public_url, render

router = APIRouter(tags=["series"])

KEY_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$"
"""A series or flighted event id: 1-40 letters, digits, ``-`` or ``_`` (kept lower-case)."""
TID_MAX = 64
"""The longest tournament id a body may name."""
TID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$"
"""A tournament id as the service makes them (``service.check_tournament_id``)."""
SERIES_NAME_MAX = 120
LABEL_MAX = 40
FLIGHTS_MAX = 26

STATES = {
    "registering": N_("registering"),
    "running": N_("running"),
    "finished": N_("finished"),
    "cancelled": N_("cancelled"),
    "carried to Day 2": N_("carried to Day 2"),
    "Day 2 formed": N_("Day 2 formed"),
}
"""A series row's states (:class:`pokertd.app.series.LobbyRow`) as msgids; the pages'
scripts read the same English words (static/series.js, static/series-admin.js)."""
_DAY_STATE = re.compile(r"Day (\d+) (bagged|in play)")


def lobby_state(lang: str, state: str) -> str:
    """A series row's state in ``lang`` ("Day 1 bagged": "Tag 1 gebaggt"); an unknown
    state as it is."""
    day = _DAY_STATE.fullmatch(state)
    if day is not None:
        msgid = N_("Day %(day)s bagged") if day.group(2) == "bagged" else N_("Day %(day)s in play")
        return catalog.gettext(lang, msgid, {"day": day.group(1)})
    found = STATES.get(state)
    return catalog.gettext(lang, found) if found else state


SeriesId = Annotated[
    str, Path(min_length=1, max_length=SHORT_MAX, description="A series' id (up to 40 characters).")
]
TournamentId = Annotated[
    str, Path(min_length=1, max_length=TID_MAX, description="A tournament's id.")
]


class NewSeries(BaseModel):
    """A new series (festival): its short id and its name."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1, max_length=SHORT_MAX, pattern=KEY_PATTERN)
    name: str = Field(min_length=1, max_length=SERIES_NAME_MAX)


class NewFlighted(BaseModel):
    """An event of the series played in flights (Day 1A, 1B, … then Day 2)."""

    model_config = ConfigDict(extra="forbid")

    event: str = Field(min_length=1, max_length=SHORT_MAX, pattern=KEY_PATTERN)
    name: str = Field(min_length=1, max_length=SERIES_NAME_MAX)
    reentry: bool = Field(
        default=False, description="A player may enter more than one flight (best stack)."
    )


class EventChange(BaseModel):
    """Put a tournament in the series (as an event, or a flight of ``flight_of``), or take
    it out (``remove``)."""

    model_config = ConfigDict(extra="forbid")

    tournament: str = Field(min_length=1, max_length=TID_MAX, pattern=TID_PATTERN)
    flight_of: str = Field(default="", max_length=SHORT_MAX)
    label: str = Field(default="", max_length=LABEL_MAX, description="Blank: Day 1A, 1B…")
    remove: bool = False


class Day2Body(BaseModel):
    """Form Day 2 of a flighted event (default: from every flight added)."""

    model_config = ConfigDict(extra="forbid")

    event: str = Field(min_length=1, max_length=SHORT_MAX)
    flights: list[Annotated[str, Field(min_length=1, max_length=TID_MAX, pattern=TID_PATTERN)]] = (
        Field(default_factory=list, max_length=FLIGHTS_MAX)
    )
    name: str = Field(default="", max_length=SERIES_NAME_MAX, description="Blank: 'X Day 2'.")


class SatelliteBody(BaseModel):
    """Make the tournament a satellite: seats worth ``seat_value_cents`` in ``target``."""

    model_config = ConfigDict(extra="forbid")

    target: str = Field(
        min_length=1, max_length=TID_MAX, pattern=TID_PATTERN, description="The target event's id."
    )
    seat_value_cents: int = Field(ge=1, le=CENTS_MAX, description="One seat's value in cents.")
    leftover: Literal["next_place", "split"] = Field(
        default="next_place", description="The cash left over: to the next place, or split."
    )


class PaySeatBody(BaseModel):
    """Pay a satellite winner: a seat (registered in the target event) or the cash."""

    model_config = ConfigDict(extra="forbid")

    player: str = Field(min_length=1, max_length=NAME_MAX, description="Name or entry id.")


def series_of(request: Request) -> SeriesService:
    """The application's series service."""
    return web_of(request).app.series


def _staff(request: Request, action: str) -> Principal:
    """The caller when floor or director (the cash and the flights' stacks are staff data)."""
    who = principal(request)
    access.require_player_read(who, action=action)
    return who


def _known(request: Request, tid: str) -> None:
    if not web_of(request).app.tournaments.exists(tid):
        raise NotFound(template=N_("There is no tournament %(tid)s."), params={"tid": repr(tid)})


# ---- series ---------------------------------------------------------------------------


@router.get("/api/series", responses=ERROR_RESPONSES)
def series_index(request: Request) -> list[dict[str, str]]:
    """Every series: its id and name (public, as the lobby boards are)."""
    rows = web_of(request).app.series.all_series()
    return [{"id": r.key, "name": r.name} for r in rows]


@router.post("/api/series", responses=ERROR_RESPONSES)
def create_series(body: NewSeries, request: Request) -> dict[str, str]:
    """Create a series (director; CSRF header)."""
    authorize(request, Role.DIRECTOR, "create a series")
    row = series_of(request).create_series(body.id, body.name)
    return {"id": row.key, "name": row.name}


def admin_json(service: SeriesService, series: str) -> dict[str, Any]:
    """The series as its admin page shows it: events (lobby rows) and flighted events."""
    lobby = service.lobby(series)
    flighted = service.flighted_events(lobby.id)
    return {
        "series": {"id": lobby.id, "name": lobby.name},
        "events": lobby.as_json()["events"],
        "flighted": [
            {"event": f.key, "name": f.name, "reentry": f.reentry, "day2": f.day2} for f in flighted
        ],
    }


@router.get("/api/series/{series}/events", responses=ERROR_RESPONSES)
def series_events(series: SeriesId, request: Request) -> dict[str, Any]:
    """The series' events, flights and flighted events (floor and director)."""
    _staff(request, "read a series' events")
    return admin_json(series_of(request), series)


@router.post("/api/series/{series}/flighted", responses=ERROR_RESPONSES)
def add_flighted(series: SeriesId, body: NewFlighted, request: Request) -> dict[str, Any]:
    """Declare an event played in flights (director; CSRF header)."""
    authorize(request, Role.DIRECTOR, "add a flighted event")
    service = series_of(request)
    service.add_flighted(series, body.event, body.name, reentry=body.reentry)
    return admin_json(service, series)


@router.post("/api/series/{series}/events", responses=ERROR_RESPONSES)
def change_event(series: SeriesId, body: EventChange, request: Request) -> dict[str, Any]:
    """Add a tournament to the series (an event or a flight), or remove it (director)."""
    service = series_of(request)
    if body.remove:
        authorize(request, Role.DIRECTOR, "take an event out of a series")
        service.remove_event(series, body.tournament)
    else:
        authorize(request, Role.DIRECTOR, "add an event to a series")
        service.add_event(series, body.tournament, flight_of=body.flight_of, label=body.label)
    return admin_json(service, series)


def cash_json(report: SeriesCash) -> dict[str, Any]:
    """The cash report: one row per event and the totals (integer cents)."""
    return report.as_json()


@router.get("/api/series/{series}/cash", responses=ERROR_RESPONSES)
def series_cash(series: SeriesId, request: Request) -> dict[str, Any]:
    """The cash report across the series' events, with totals (floor and director)."""
    _staff(request, "read a series' cash report")
    return cash_json(series_of(request).cash_report(series))


@router.get("/api/series/{series}/cash.csv", responses=ERROR_RESPONSES)
def series_cash_csv(series: SeriesId, request: Request) -> Response:
    """The cash report as CSV, the totals on the last line (floor and director)."""
    _staff(request, "export a series' cash report")
    report = series_of(request).cash_report(series)
    return Response(
        cash_csv(report),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{report.id}-cash.csv"'},
    )


@router.get("/api/series/{series}/day2", responses=ERROR_RESPONSES)
def day2_preview(
    series: SeriesId,
    request: Request,
    event: Annotated[str, Query(min_length=1, max_length=SHORT_MAX)],
) -> dict[str, Any]:
    """Day 2 as it would be formed now: who carries, stacks, pool; or why not (staff)."""
    _staff(request, "preview Day 2")
    return series_of(request).day2_preview(series, event).as_json()


@router.post("/api/series/{series}/day2", responses=ERROR_RESPONSES)
def day2_create(series: SeriesId, body: Day2Body, request: Request) -> dict[str, Any]:
    """Form Day 2 from the bagged flights (director; CSRF header); start it from its console."""
    who = authorize(request, Role.DIRECTOR, "create Day 2")
    formed = series_of(request).day2(
        series, body.event, flights=tuple(body.flights), name=body.name,
        actor=who.name, role=who.role,
    )  # fmt: skip
    return formed.as_json()


# ---- a tournament's day and satellite ---------------------------------------------------


def _day(state: TournamentState) -> dict[str, Any]:
    days = state.part(Days)
    return {
        **day_view(state).as_json(),
        "flight_closed": days.carried_to,
        "carried": bool(days.flights),
        "bags": bag_list(state).as_json() if days.ended else None,
    }


@router.get("/api/tournaments/{tid}/day", responses=ERROR_RESPONSES)
def tournament_day(tid: TournamentId, request: Request) -> dict[str, Any]:
    """The day played, whether it is bagged, the last bag list with its roll-up, and the
    series the tournament belongs to (a flight's Day 2 is formed there, not started here)
    (staff)."""
    who = principal(request)
    access.require_staff_read(who, tid, action="read the bag list")
    _known(request, tid)
    data = web_of(request).app.tournaments.read(tid, _day)
    row = web_of(request).app.series.series_of(tid)
    part = None if row is None else {"id": row.series, "role": row.role, "label": row.label}
    return data | {"director": who.role.at_least(Role.DIRECTOR), "series": part}


def _satellite(state: TournamentState) -> dict[str, Any]:
    """The satellite's view and who may be paid now (``winners``: place order, unpaid)."""
    view = satellite_view(state).as_json()
    winners: list[dict[str, Any]] = []
    if view["prize_kind"] == "seats":
        for player in state.part(Roster).players.values():
            try:
                won = winner_of(state, player.player_id)
            except PokertdError:  # nothing won (yet), or paid already
                continue
            winners.append(
                {
                    "name": won.name,
                    "entry": won.entry_id,
                    "place": won.place,
                    "seat": won.award.seat,
                    "cash_cents": won.award.cash,
                }
            )
    view["winners"] = sorted(winners, key=lambda w: (w["place"], w["name"]))
    return view


@router.get("/api/tournaments/{tid}/satellite", responses=ERROR_RESPONSES)
def satellite(tid: TournamentId, request: Request) -> dict[str, Any]:
    """The satellite's terms, seats and cash by place, who may be paid now and what was
    paid (staff)."""
    who = principal(request)
    access.require_staff_read(who, tid, action="read the satellite's awards")
    _known(request, tid)
    data = web_of(request).app.tournaments.read(tid, _satellite)
    return data | {"director": who.role.at_least(Role.DIRECTOR)}


@router.post("/api/tournaments/{tid}/satellite", responses=ERROR_RESPONSES)
def set_satellite(tid: TournamentId, body: SatelliteBody, request: Request) -> dict[str, Any]:
    """Award seats in ``target`` worth ``seat_value_cents`` each (director; CSRF header)."""
    who = authorize(request, Role.DIRECTOR, "make a satellite")
    view = series_of(request).set_satellite(
        tid, body.target, body.seat_value_cents, leftover=body.leftover,
        actor=who.name, role=who.role,
    )  # fmt: skip
    return view.as_json()


@router.post("/api/tournaments/{tid}/pay-seat", responses=ERROR_RESPONSES)
def pay_seat(tid: TournamentId, body: PaySeatBody, request: Request) -> dict[str, Any]:
    """Pay a satellite winner (director; CSRF header): a seat registers him in the target."""
    who = authorize(request, Role.DIRECTOR, "pay a satellite seat")
    _known(request, tid)
    paid = series_of(request).pay_seat(tid, body.player, actor=who.name, role=who.role)
    return paid.as_json()


# ---- pages ------------------------------------------------------------------------------


@router.get("/series", response_class=HTMLResponse, include_in_schema=False)
def series_index_page(request: Request) -> Response:
    """Every series (its public lobby; the admin page for staff; "New series" for the
    director)."""
    who = principal(request)
    return render(
        request,
        "series_index.html",
        rows=series_index(request),
        staff=who.role.at_least(Role.FLOOR),
        director=who.role.at_least(Role.DIRECTOR),
    )


@router.get("/series/{series}/admin", response_class=HTMLResponse, include_in_schema=False)
def series_admin_page(series: SeriesId, request: Request) -> Response:
    """The director's page of a series: events and flights, cash report, Day 2."""
    who = principal(request)
    if not who.role.at_least(Role.FLOOR):
        target = site_path(request, f"/login?next=/series/{series}/admin")
        return RedirectResponse(target, status_code=303)
    data = admin_json(series_of(request), series)
    key, base = data["series"]["id"], public_url(request)
    tournaments = [
        {"id": t.id, "name": t.name} for t in web_of(request).app.tournaments.tournaments()
    ]
    return render(
        request,
        "series_admin.html",
        data=data,
        series=data["series"]["id"],
        tournaments=tournaments,
        director=who.role.at_least(Role.DIRECTOR),
        embed_src=(src := f"{base}/embed/series/{quote(key)}"),
        embed_snippet=embed_snippet(
            src,
            catalog.gettext(
                i18n.request_language(request),
                N_("%(series)s events"),
                {"series": data["series"]["name"]},
            ),
        ),
        feed_ics=f"{base}/series/{quote(key)}/schedule.ics",
        feed_json=f"{base}/api/series/{quote(key)}/schedule.json",
    )


__all__ = ["admin_json", "router", "series_of"]
