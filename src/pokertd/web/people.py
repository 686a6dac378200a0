"""The player database in the browser (issue 14): search, a player's history, merges.

Routes (every read checks ``access.require_player_read``: floor and director only, never a
dealer or the public; every write is the director's with the session's CSRF token):

- ``GET /api/players?q=&limit=``: search by name, a former name ("formerly") or card (the
  floor console's register form searches as the floorperson types);
- ``GET /api/players/{id}``: the player, whom they stand for, duplicates merged in,
  confirmations, merges and their history across every event;
- ``GET /api/players/{id}/history.csv``: that history as CSV;
- ``POST /api/players/{id}/merge {into}``, ``…/unmerge``, ``…/confirm {kind, note}``,
  ``…/rename {name}`` (history kept; the old name still finds the player);
- ``POST /api/player-imports/preview?map=&source=&add_duplicates=`` (the CSV file as the
  body): the file's columns, the mapping (guessed, or ``map=column=field`` each), and every
  row sorted new / exact / likely duplicate / bad, nothing written (director; CSRF);
- ``POST /api/player-imports?…`` (the same): the import, one batch; ``GET
  /api/player-imports``: the latest imports; ``POST /api/player-imports/{id}/undo``: take
  one back whole (refused in a sentence naming the players something refers to);
- ``GET /players``: the staff page over the same routes (``static/players.js``).

Every field has a limit (published in the OpenAPI schema); the service refuses everything
else in a sentence. The work is :class:`pokertd.app.players.PlayerService`, the same as
``pokertd player …``.
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from pokertd.app import PlayerRecord
from pokertd.app.accounts import Role
from pokertd.app.player_import import (
    COLUMNS_MAX,
    SOURCE_MAX,
    PlayerImports,
    guess_mapping,
    parse_map,
    preview_document,
    record_document,
)
from pokertd.app.players import CONFIRMATION_KINDS, PlayerHistory, PlayerService
from pokertd.errors import InvalidCommand, NotFound
from pokertd.i18n import N_
from pokertd.sheets import csv_text
from pokertd.tournament.limits import REASON_MAX, SHORT_MAX
from pokertd.web import access
from pokertd.web.api import ERROR_RESPONSES, authorize
from pokertd.web.auth import site_path
from pokertd.web.context import principal, web_of
from pokertd.web.pages import render

router = APIRouter(tags=["players"])

SEARCH_MAX = 50
"""The most players one search answers (the floor reads a short list)."""
QUERY_MAX = 60
"""The longest search text (a player's name is at most 60 characters)."""

PlayerId = Annotated[
    str, Path(min_length=1, max_length=SHORT_MAX, description="A player's database id.")
]


class MergeBody(BaseModel):
    """Merge the player of the path (a duplicate) into ``into`` (the one who stays)."""

    model_config = ConfigDict(extra="forbid")

    into: str = Field(min_length=1, max_length=SHORT_MAX, description="The player who stays.")


class UnmergeBody(BaseModel):
    """Undo the standing merge of the player of the path (no fields)."""

    model_config = ConfigDict(extra="forbid")


RENAME_MAX = 1000
"""What the form may send at most; the service refuses a name over ``NAME_MAX`` in words."""


class RenameBody(BaseModel):
    """The player's new name (checked by the service: its refusals are sentences)."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(max_length=RENAME_MAX)


class ConfirmBody(BaseModel):
    """Staff confirmed the player's age or membership (A1)."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["age", "membership"]
    note: str = Field(default="", max_length=REASON_MAX)


def players_of(request: Request) -> PlayerService:
    """The application's player service."""
    return web_of(request).app.players


def player_json(p: PlayerRecord) -> dict[str, Any]:
    """One player as staff read them (the card number included: staff only)."""
    return {
        "id": p.id,
        "name": p.name,
        "card": p.card,
        "created_at": p.created_at,
        "created_by": p.created_by,
        "merged_into": p.merged_into,
    }


def history_json(h: PlayerHistory) -> dict[str, Any]:
    """A player's history: rows newest first, and the totals."""
    data = dataclasses.asdict(h)
    data["player"] = player_json(h.player)
    data["ids"] = list(h.ids)
    return data


def profile_json(service: PlayerService, player_id: str) -> dict[str, Any]:
    """Everything the staff page shows of one player."""
    profile = service.show(player_id)
    names: dict[str, str] = {}
    for m in profile.merges:
        for pid in (m.from_id, m.into_id):
            if pid not in names:
                try:
                    names[pid] = service.get(pid).name
                except NotFound:
                    names[pid] = pid
    return {
        "player": player_json(profile.player),
        "survivor": player_json(profile.survivor),
        "merged": [player_json(p) for p in profile.merged],
        "confirmations": [dataclasses.asdict(c) for c in profile.confirmations],
        "merges": [dataclasses.asdict(m) | {"active": m.active} for m in profile.merges],
        "renames": [dataclasses.asdict(r) for r in profile.renames],
        "formerly": list(service.formerly([profile.player.id]).get(profile.player.id, ())),
        "history": history_json(service.history(player_id)),
        "kinds": list(CONFIRMATION_KINDS),
        "names": names,
    }


@router.get("/api/players", responses=ERROR_RESPONSES)
def search(
    request: Request,
    q: Annotated[str, Query(min_length=1, max_length=QUERY_MAX)],
    limit: Annotated[int, Query(ge=1, le=SEARCH_MAX)] = 10,
) -> list[dict[str, Any]]:
    """Players whose name or card matches ``q`` (floor and director)."""
    access.require_player_read(principal(request), action="search the player database")
    service = players_of(request)
    found = service.search(q, limit=limit)
    formerly = service.formerly([p.id for p in found])
    return [player_json(p) | {"formerly": list(formerly.get(p.id, ()))} for p in found]


@router.get("/api/players/{player_id}", responses=ERROR_RESPONSES)
def player(player_id: PlayerId, request: Request) -> dict[str, Any]:
    """The player, merges, confirmations and history across events (floor and director)."""
    access.require_player_read(principal(request), action="read a player's details")
    return profile_json(players_of(request), player_id)


HISTORY_COLUMNS = (
    "date",
    "event",
    "tournament",
    "name",
    "player_id",
    "entries",
    "rebuys",
    "addons",
    "entrants",
    "status",
    "place",
    "prize",
    "bounties",
    "spent",
    "points",
)


def dollars(cents: int) -> str:
    """Cents as ``1140.72`` (the tournament standings CSV's form)."""
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"


def history_csv(h: PlayerHistory) -> str:
    """The history as CSV, one row per event, amounts in dollars with cents."""
    return csv_text(
        HISTORY_COLUMNS,
        (
            [
                r.date,
                r.event,
                r.tournament_id,
                r.name,
                r.db_id,
                r.entries,
                r.rebuys,
                r.addons,
                r.entrants,
                r.status,
                "" if r.place is None else r.place,
                dollars(r.prize),
                dollars(r.bounties),
                dollars(r.spent),
                "" if r.points is None else f"{r.points:g}",
            ]
            for r in h.rows
        ),
    )


@router.get("/api/players/{player_id}/history.csv", responses=ERROR_RESPONSES)
def history_export(player_id: PlayerId, request: Request) -> Response:
    """The player's history as CSV (floor and director)."""
    access.require_player_read(principal(request), action="export a player's history")
    h = players_of(request).history(player_id)
    return Response(
        history_csv(h),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{h.player.id}-history.csv"'},
    )


@router.post("/api/players/{player_id}/merge", responses=ERROR_RESPONSES)
def merge(player_id: PlayerId, body: MergeBody, request: Request) -> dict[str, Any]:
    """Merge this player (a duplicate) into ``into``: every result stays where it was
    recorded and counts for ``into`` (director; CSRF header). Undo with ``…/unmerge``."""
    who = authorize(request, Role.DIRECTOR, "merge players")
    service = players_of(request)
    record = service.merge(player_id, body.into, staff=who.name)
    return {"merge": dataclasses.asdict(record), "player": profile_json(service, body.into)}


@router.post("/api/players/{player_id}/unmerge", responses=ERROR_RESPONSES)
def unmerge(
    player_id: PlayerId, request: Request, body: UnmergeBody | None = None
) -> dict[str, Any]:
    """Undo this player's merge: both have their own results again (director; CSRF)."""
    who = authorize(request, Role.DIRECTOR, "undo a merge")
    service = players_of(request)
    record = service.unmerge(player_id, staff=who.name)
    return {"merge": dataclasses.asdict(record), "player": profile_json(service, player_id)}


@router.post("/api/players/{player_id}/rename", responses=ERROR_RESPONSES)
def rename(player_id: PlayerId, body: RenameBody, request: Request) -> dict[str, Any]:
    """Rename the player (director; CSRF): their results stay theirs, every event keeps
    the name it recorded, and the old name still finds them ("formerly …"). Refused in a
    sentence for an empty or too long name, or one another player has (named)."""
    who = authorize(request, Role.DIRECTOR, "rename a player")
    service = players_of(request)
    record = service.rename(player_id, body.name, staff=who.name)
    return {"rename": dataclasses.asdict(record), "player": profile_json(service, player_id)}


@router.post("/api/players/{player_id}/confirm", responses=ERROR_RESPONSES)
def confirm(player_id: PlayerId, body: ConfirmBody, request: Request) -> dict[str, Any]:
    """Record that the director confirmed the player's age or membership (A1; CSRF)."""
    who = authorize(request, Role.DIRECTOR, "confirm a player's eligibility")
    service = players_of(request)
    service.confirm(player_id, body.kind, staff=who.name, note=body.note)
    return profile_json(service, player_id)


IMPORT_BODY = {
    "requestBody": {
        "required": True,
        "description": "The CSV file itself (UTF-8 or Windows-1252), at most 5 MiB.",
        "content": {"text/csv": {"schema": {"type": "string", "format": "binary"}}},
    }
}
ImportMap = Annotated[
    list[str],
    Query(
        max_length=COLUMNS_MAX,
        description="column=field, one each (fields: name, first_name, last_name, nickname, "
        "card, email, joined, ignore); none: guessed from the headers.",
    ),
]
ImportSource = Annotated[str, Query(max_length=SOURCE_MAX, description="The file's name.")]
ImportId = Annotated[
    str, Path(min_length=1, max_length=SHORT_MAX, description="An import's id (im…).")
]
PREVIEW_NEW_ROWS = 100
"""New rows a preview answers (the count is whole; the page shows a sample)."""


def _import_map(items: list[str]) -> dict[str, str] | None:
    for item in items:
        if len(item) > 200:
            raise InvalidCommand(template=N_("A mapping can have at most 200 characters."))
    return parse_map(items) if items else None


@router.post("/api/player-imports/preview", responses=ERROR_RESPONSES, openapi_extra=IMPORT_BODY)
async def import_preview(
    request: Request,
    map: ImportMap = [],  # noqa: B006 - FastAPI reads a repeated query parameter
    source: ImportSource = "players.csv",
    add_duplicates: bool = False,
) -> dict[str, Any]:
    """What importing the file (the body) would do, nothing written: columns, mapping, new
    players, exact matches, likely duplicates, rows with problems (director; CSRF)."""
    authorize(request, Role.DIRECTOR, "import players")
    data = await request.body()
    preview = PlayerImports(players_of(request)).preview(
        data, _import_map(map), source=source, add_duplicates=add_duplicates
    )
    return preview_document(preview, new_rows=PREVIEW_NEW_ROWS) | {
        "guessed": guess_mapping(list(preview.columns))
    }


@router.post("/api/player-imports", responses=ERROR_RESPONSES, openapi_extra=IMPORT_BODY)
async def import_players(
    request: Request,
    map: ImportMap = [],  # noqa: B006 - FastAPI reads a repeated query parameter
    source: ImportSource = "players.csv",
    add_duplicates: bool = False,
) -> dict[str, Any]:
    """Import the file (the body): its new players (and the likely duplicates when asked)
    as one import that ``…/undo`` takes back whole (director; CSRF)."""
    who = authorize(request, Role.DIRECTOR, "import players")
    data = await request.body()
    done = PlayerImports(players_of(request)).run(
        data, _import_map(map), staff=who.name, source=source, add_duplicates=add_duplicates
    )
    return preview_document(done.preview, new_rows=0) | {"import": record_document(done.record)}


@router.get("/api/player-imports", responses=ERROR_RESPONSES)
def import_list(
    request: Request, limit: Annotated[int, Query(ge=1, le=SEARCH_MAX)] = 10
) -> list[dict[str, Any]]:
    """The latest imports, newest first, undone ones too (floor and director)."""
    access.require_player_read(principal(request), action="list the player imports")
    return [record_document(r) for r in PlayerImports(players_of(request)).history(limit)]


@router.post("/api/player-imports/{import_id}/undo", responses=ERROR_RESPONSES)
def import_undo(import_id: ImportId, request: Request) -> dict[str, Any]:
    """Take an import back: exactly its players are removed, or nothing and a sentence
    naming those something refers to since (director; CSRF)."""
    who = authorize(request, Role.DIRECTOR, "undo an import")
    return record_document(PlayerImports(players_of(request)).undo(import_id, staff=who.name))


@router.get("/players", response_class=HTMLResponse, include_in_schema=False)
def players_page(request: Request, id: str = "") -> Response:
    """The staff page of the player database (floor and director; others sign in first)."""
    who = principal(request)
    if not who.role.at_least(Role.FLOOR):
        return RedirectResponse(site_path(request, "/login?next=/players"), status_code=303)
    return render(
        request,
        "players.html",
        open_id=id[:SHORT_MAX],
        director=who.role.at_least(Role.DIRECTOR),
    )


__all__ = ["history_csv", "players_of", "router"]
