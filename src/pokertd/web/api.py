"""The JSON API: one route per command, plus the queries the pages use.

Each route parses, checks the role and the CSRF header, makes ONE service call and renders
with the shared serializer. ``POST /api/tournaments/{tid}/commands/{name}`` exists for every
command the domain defines (see :mod:`pokertd.app.commands`); its body is the command's
fields and the OpenAPI schema at ``/docs`` documents each one.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, FastAPI, Request, Response
from fastapi.responses import RedirectResponse
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from pokertd.app import commands, documents
from pokertd.app import demo as demo_mod
from pokertd.app.accounts import Role
from pokertd.app.commands import CommandSchema
from pokertd.errors import InvalidCommand, NotFound, PermissionDenied
from pokertd.i18n import N_
from pokertd.money import event_currency_choice, event_locale_choice
from pokertd.tournament import views as tournament_views
from pokertd.tournament.entries import CreateTournament
from pokertd.tournament.framework import Command
from pokertd.tournament.limits import TABLE_MAX
from pokertd.tournament.prizes import prize_table
from pokertd.tournament.seating import dealer_pin_salt
from pokertd.tournament.templates import load_template, template_names
from pokertd.web import access, i18n, money, views
from pokertd.web.auth import (
    CSRF_FIELD,
    CSRF_HEADER,
    Principal,
    Sessions,
    TooManyAttempts,
    require,
    safe_path,
    session_json,
    site_path,
)
from pokertd.web.context import principal, web_of

router = APIRouter(prefix="/api", tags=["api"])

ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    401: {"description": "Not signed in: `{error, message, rule}`"},
    403: {"description": "Role too low or CSRF token missing: `{error, message, rule}`"},
    404: {"description": "No such tournament, player or table: `{error, message, rule}`"},
    409: {"description": "Refused by a rule or a concurrent change: `{error, message, rule}`"},
    422: {"description": "Malformed input: `{error, message, rule}`"},
}


class Login(BaseModel):
    """A staff sign-in."""

    name: str = Field(min_length=1, max_length=64)
    password: str = Field(min_length=1, max_length=256)


class DealerLogin(BaseModel):
    """A dealer's sign-in at one table with the table's PIN."""

    tournament: str = Field(min_length=1, max_length=64)
    table: int = Field(ge=1, le=TABLE_MAX)
    pin: str = Field(min_length=1, max_length=12)


class Me(BaseModel):
    """Who is signed in."""

    name: str
    role: str
    tournament: str | None = None
    table: int | None = None
    csrf: str = ""


def authorize(request: Request, role: Role, action: str, token: str | None = None) -> Principal:
    """The caller, if they hold ``role`` and sent the CSRF token (header or form field)."""
    who = principal(request)
    require(who, role, action=action)
    Sessions.check_csrf(request, token or request.headers.get(CSRF_HEADER))
    return who


def client_key(request: Request) -> str:
    """The caller's address key for the sign-in limit (trusted proxy headers only)."""
    return f"ip:{web_of(request).sessions.address(request)}"


def sign_in(request: Request, response: Response, name: str, password: str) -> Principal:
    """Check a password and start a server-side session.

    The attempt is counted in the shared store BEFORE the password is hashed (so concurrent
    tries cannot exceed the limit); hashing itself waits for one of a few slots.
    """
    web = web_of(request)
    address = web.sessions.address(request)
    account = f"user:{name.lower()}"
    attempt = web.limiter.reserve(address, account, known=web.users.known_address(name, address))
    try:
        user = web.users.verify(name, password)
    except TooManyAttempts:  # no hashing slot: not a failed password, do not count it
        web.limiter.cancel(attempt)
        raise
    if user is None:
        raise PermissionDenied(template=N_("Wrong user name or password."))
    web.limiter.succeeded(attempt)
    web.users.remember_address(user.name, address, now=web.sessions.clock())
    who = Principal(user.name, user.role)
    web.sessions.sign_in(request, response, who)
    return who


def dealer_sign_in(request: Request, response: Response, body: DealerLogin) -> Principal:
    """Check a table PIN (rate-limited like a password) and start a dealer session."""
    web = web_of(request)
    address = web.sessions.address(request)
    account = f"table:{body.tournament}:{body.table}"
    attempt = web.limiter.reserve(address, account, known=web.users.known_address(account, address))
    try:
        salt = web.app.tournaments.read(body.tournament, lambda s: dealer_pin_salt(s, body.table))
    except NotFound:  # no such tournament or table: as wrong as a wrong PIN (counted)
        salt = None
    pin = None if salt is None else web.sessions.table_pin(body.tournament, body.table, salt)
    if pin is None or not hmac.compare_digest(pin, body.pin):
        raise PermissionDenied(
            template=N_("Wrong PIN for table %(table)s."), params={"table": body.table}
        )
    web.limiter.succeeded(attempt)
    web.users.remember_address(account, address, now=web.sessions.clock())
    who = Principal(f"dealer-t{body.table}", Role.DEALER, body.tournament, body.table)
    web.sessions.sign_in(request, response, who)
    return who


def _me(request: Request, response: Response, who: Principal) -> Me:
    web = web_of(request)
    token = web.sessions.csrf_token(request)
    web.sessions.ensure_csrf(request, response)
    return Me(
        name=who.name, role=who.role.value, tournament=who.tournament, table=who.table, csrf=token
    )


@router.post("/login", response_model=Me, responses=ERROR_RESPONSES)
def login(body: Login, request: Request, response: Response) -> Me:
    """Sign in as staff; sets the session cookie and returns the CSRF token."""
    return _me(request, response, sign_in(request, response, body.name, body.password))


@router.post("/dealer/login", response_model=Me, responses=ERROR_RESPONSES)
def dealer_login(body: DealerLogin, request: Request, response: Response) -> Me:
    """Sign in as the dealer of one table with its PIN."""
    return _me(request, response, dealer_sign_in(request, response, body))


@router.post("/logout", responses=ERROR_RESPONSES)
def logout(request: Request, response: Response) -> dict[str, bool]:
    """Sign out: the session is ended on the server (needs the CSRF header when signed in)."""
    web = web_of(request)
    if web.sessions.current(request) is not None:
        Sessions.check_csrf(request, request.headers.get(CSRF_HEADER))
    web.sessions.sign_out(request, response)
    web.hub.recheck_sessions()  # its open streams end now
    return {"ok": True}


@router.get("/sessions", responses=ERROR_RESPONSES)
def sessions(request: Request) -> list[documents.JsonObject]:
    """Every live session: who, role, table, address, browser, times (director only).

    ``id`` is the session's stored id (a hash of the cookie), usable only to end it.
    """
    web = web_of(request)
    require(principal(request), Role.DIRECTOR, action="list sessions")
    here = web.sessions.current(request)
    return [
        session_json(row, current=here.id if here else None)
        for row in web.users.sessions(now=web.sessions.clock())
    ]


@router.delete("/sessions/{sid}", responses=ERROR_RESPONSES)
def end_session(sid: str, request: Request) -> dict[str, str]:
    """End one session now (director only, CSRF header): its cookie stops working."""
    authorize(request, Role.DIRECTOR, "end sessions")
    web = web_of(request)
    if not web.users.end_session(sid[:128]):
        raise NotFound(template=N_("There is no such session (it may have ended already)."))
    web.hub.recheck_sessions()  # its open streams end now
    return {"ended": sid}


@router.get("/me", response_model=Me)
def me(request: Request, response: Response) -> Me:
    """Who is signed in (``public`` when nobody) and the CSRF token for scripts."""
    return _me(request, response, principal(request))


@router.get("/tournaments")
def tournaments(request: Request) -> list[documents.JsonObject]:
    """Every tournament, newest first."""
    return [views.tournament_info(t) for t in web_of(request).app.tournaments.tournaments()]


def _known(request: Request, tid: str) -> None:
    if not views.exists(web_of(request), tid):
        raise NotFound(template=N_("There is no tournament %(tid)s."), params={"tid": repr(tid)})


@router.get("/tournaments/{tid}", responses=ERROR_RESPONSES)
def tournament(tid: str, request: Request) -> documents.JsonObject:
    """The public view: clock, status, payouts, results, seats (nothing private)."""
    _known(request, tid)
    return views.display(web_of(request), tid, "public")


@router.get("/tournaments/{tid}/players", responses=ERROR_RESPONSES)
def players(tid: str, request: Request, q: str = "") -> list[documents.JsonObject]:
    """Find players by name (2+ letters): table, seat, status, place, bounty — nothing private."""
    _known(request, tid)
    return views.find_players(web_of(request), tid, q[:64])


@router.get("/tournaments/{tid}/staff", responses=ERROR_RESPONSES)
def tournament_staff(
    tid: str, request: Request, tables: str = "", q: str = ""
) -> documents.JsonObject:
    """The floor's view: everything, including players' private fields and the log.

    ``tables=<first>-<last>`` (and ``q=``: a search by name, card or table number) give the
    floor console's view of that page of the map instead, sized by the screen, not the
    field: the counters and prompts of the whole event, the page's tables, the players
    seated there and the search's hits (``map`` and ``search`` say which; issue 25).

    A table's dealer (signed in with the PIN, for this tournament only) gets the dealer
    view instead: the clock and their own table, nothing private.
    """
    audience = access.staff_audience(principal(request), tid)
    if audience == "staff" and (tables or q):
        audience = views.console_audience(tables, q[:64])
    _known(request, tid)
    return views.display(web_of(request), tid, audience)


@router.get("/tournaments/{tid}/status", responses=ERROR_RESPONSES)
def status(tid: str, request: Request) -> documents.JsonObject:
    """The tournament at a glance: level, entries, players left, chips, prize pool, what the
    night needs next (the same document as ``pokertd status --json``)."""
    _known(request, tid)
    web = web_of(request)
    now = web.now()
    return web.app.tournaments.read(
        tid, lambda state: documents.status(views.status_at(web, state, now))
    )


@router.get("/tournaments/{tid}/payouts", responses=ERROR_RESPONSES)
def payouts(tid: str, request: Request) -> list[documents.PayoutDocument]:
    """The prizes place by place, in cents, as now paid (the same document as
    ``pokertd payouts TID --json``); 409 when the payouts cannot be worked out yet."""
    _known(request, tid)
    return web_of(request).app.tournaments.read(
        tid, lambda state: documents.payouts(prize_table(state).prizes)
    )


@router.get("/tournaments/{tid}/players/all", responses=ERROR_RESPONSES)
def all_players(tid: str, request: Request) -> list[documents.JsonObject]:
    """Every player: seat, stack, status, entries, place (staff; the same document as
    ``pokertd players --json``)."""
    access.require_staff_read(principal(request), tid, action="list every player")
    _known(request, tid)
    web = web_of(request)
    now = web.now()
    return web.app.tournaments.read(
        tid, lambda state: documents.players(tournament_views.players(state, now))
    )


@router.get("/tournaments/{tid}/events", responses=ERROR_RESPONSES)
def events(tid: str, request: Request, after: int = 0) -> list[documents.EventDocument]:
    """The event log after ``after`` (staff: events may hold private details)."""
    access.require_staff_read(principal(request), tid, action="read the event log")
    _known(request, tid)
    found = views.records(web_of(request), tid, max(after, 0))
    with web_of(request).app.tournaments.money_of(tid):
        return documents.events(found)


@router.get("/tournaments/{tid}/tables/{table}/pin", responses=ERROR_RESPONSES)
def table_pin(tid: str, table: int, request: Request) -> dict[str, str | int]:
    """The PIN of a table's dealer view (floor and director only)."""
    access.require_staff_read(principal(request), tid, action="see dealer PINs")
    _known(request, tid)
    web = web_of(request)
    salt = web.app.tournaments.read(tid, lambda state: dealer_pin_salt(state, table))
    pin = web.sessions.table_pin(tid, table, salt)
    return {"tournament": tid, "table": table, "pin": pin}


@router.get("/tournaments/{tid}/standings.csv", responses=ERROR_RESPONSES)
def standings_export(tid: str, request: Request) -> Response:
    """The standings as CSV: place, player, prize, deal, bounties, total (floor and up)."""
    access.require_staff_read(principal(request), tid, action="export the standings")
    _known(request, tid)
    text = money.standings_text(web_of(request), tid)
    return Response(
        text,
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{tid}-standings.csv"'},
    )


@router.get("/tournaments/{tid}/export", responses=ERROR_RESPONSES)
def tournament_export(tid: str, request: Request) -> Response:
    """The tournament's whole log as a portable JSON-lines file, for ``pokertd import``
    into another database (director only: the log holds every private detail;
    docs/backup.md)."""
    access.require_staff_read(
        principal(request), tid, action="export the tournament's log", role=Role.DIRECTOR
    )
    text = web_of(request).app.tournaments.export_tournament(tid)  # NotFound: no such tournament
    return Response(
        text,
        media_type="application/x-ndjson; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{tid}.jsonl"'},
    )


@router.get("/tournaments/{tid}/receipts", responses=ERROR_RESPONSES)
def receipts(tid: str, request: Request, player: str = "") -> list[documents.JsonObject]:
    """Every paid prize with its printable receipt text (floor and up)."""
    access.require_staff_read(principal(request), tid, action="read prize receipts")
    _known(request, tid)
    return money.receipts(web_of(request), tid, player[:120], i18n.answer_language(request))


@router.get("/tournaments/{tid}/deal", responses=ERROR_RESPONSES)
def deal(tid: str, request: Request) -> documents.JsonObject | None:
    """The deal under discussion or made: amounts, acceptances, approval (floor and up)."""
    access.require_staff_read(principal(request), tid, action="see the deal")
    _known(request, tid)
    return money.deal(web_of(request), tid)


@router.get("/commands")
def command_list() -> list[documents.CommandInfo]:
    """Every command: its API name, the least role that may run it and its fields."""
    return [documents.command_info(schema) for schema in commands.SCHEMAS.values()]


class NewTournament(BaseModel):
    """A tournament from one of the shipped templates."""

    name: str = Field(min_length=1, max_length=120)
    template: str = Field(min_length=1, max_length=64, examples=["fox_wed_80"])
    currency: str = Field(default="", max_length=8, examples=["EUR"])
    """The event's currency (one of ``pokertd.money.EVENT_CURRENCIES``; "" = the venue's)."""
    locale: str = Field(default="", max_length=16, examples=["de_DE"])
    """How the event writes numbers and dates (``EVENT_LOCALES``; "" = the venue's)."""


# GET /api/templates and POST /api/tournaments (templates, saved templates and whole event
# definitions) are in :mod:`pokertd.web.setup`, which uses create_from_template below.


def create_from_template(
    body: NewTournament, request: Request, token: str | None = None
) -> dict[str, str]:
    """Check the director's rights, then ONE service call: create from the named template."""

    who = authorize(request, Role.DIRECTOR, "create a tournament", token)
    if body.template not in template_names():  # never a file path from the network
        raise NotFound(
            template=N_("There is no template %(name)s. Templates: %(names)s."),
            params={"name": repr(body.template), "names": ", ".join(template_names())},
        )
    currency = event_currency_choice(body.currency) if body.currency.strip() else ""
    locale = event_locale_choice(body.locale) if body.locale.strip() else ""
    command = CreateTournament(
        name=body.name, template=load_template(body.template), currency=currency, locale=locale
    )
    tid = web_of(request).app.tournaments.create(command, actor=who.name, role=who.role.value)
    return {"tournament": tid}


@router.post("/demo", responses=ERROR_RESPONSES, status_code=201)
def demo(request: Request) -> dict[str, str]:
    """Create the demo tournament (Foxwoods template, 60 players seated, clock running)."""
    who = authorize(request, Role.FLOOR, "create a demo tournament")
    tid = demo_mod.build(web_of(request).app.tournaments, actor=who.name)
    return {"tournament": tid}


# --------------------------------------------------------------------------------------
# One route per command


def run_command(
    request: Request, tid: str, command: Command, token: str | None = None
) -> documents.CommandDocument:
    """Run ``command`` as the signed-in caller (CSRF-checked); the new events and their
    :class:`~pokertd.tournament.Summary` (the lines the console shows, the details on tap),
    as :func:`pokertd.app.documents.command_result` makes them for every face.

    Who may run what is decided by the service (``permissions``: the command's role, a
    dealer's tournament and own table): the web only passes the session's principal.
    """
    web = web_of(request)
    cls = type(command)
    who = authorize(
        request, Role.DEALER, f"run {commands.snake(cls.__name__).replace('_', ' ')}", token
    )
    recs = web.app.tournaments.run(tid, command, principal=who)
    with web.app.tournaments.money_of(tid):
        return documents.command_result(tid, recs)


CommandEndpoint = Callable[..., documents.CommandDocument]
"""A command's route handler: ``(tid, request, body)`` (FastAPI reads its annotations)."""


def _endpoint_for(schema: CommandSchema) -> CommandEndpoint:
    """The handler of ``schema``'s route. FastAPI validates the body against the command's
    one body model (limits, no unknown fields) and documents it in ``/openapi.json``; the
    handler builds the command from the validated values (:meth:`CommandSchema.command`):
    each body is validated once."""

    if schema.required:

        def endpoint(tid: str, request: Request, body: BaseModel) -> documents.CommandDocument:
            return run_command(request, tid, schema.command(body))

        # the body is this command's model, made at start-up: FastAPI reads the annotation
        endpoint.__annotations__["body"] = schema.model
        return endpoint

    def optional(
        tid: str, request: Request, body: BaseModel | None = None
    ) -> documents.CommandDocument:
        return run_command(request, tid, schema.command(body))

    optional.__annotations__["body"] = schema.model | None
    return optional


def add_command_routes(app: FastAPI) -> None:
    """``POST /api/tournaments/{tid}/commands/{name}`` for every command class."""
    for name, schema in commands.SCHEMAS.items():
        if not schema.routed:
            continue
        doc = (schema.doc or schema.cls.__name__).split("\n\n")[0]
        app.add_api_route(
            f"/api/tournaments/{{tid}}/commands/{name}",
            _endpoint_for(schema),
            methods=["POST"],
            name=f"command_{name}",
            summary=schema.cls.__name__,
            description=f"{doc}\n\nNeeds the **{schema.role.value}** role and the "
            "`X-CSRF-Token` header.",
            tags=["commands"],
            responses=ERROR_RESPONSES,
        )

    @app.post("/api/tournaments/{tid}/commands/{name}/form", include_in_schema=False)
    async def command_form(tid: str, name: str, request: Request) -> Response:
        """The same commands from an HTML form (fields as strings; redirects back)."""

        schema = commands.schema(name)
        form = await request.form()
        token = str(form.get(CSRF_FIELD) or "")
        back = safe_path(str(form.get("_back") or f"/t/{tid}/floor"))
        if back is None:  # never redirect off this site (//evil.example, /\\evil, https://)
            raise InvalidCommand(
                template=N_("The form's return address is not a page of this site.")
            )
        data = {
            k: v for k, v in form.items() if not k.startswith("_") and k != CSRF_FIELD and v != ""
        }
        command = schema.parse(data)
        await run_in_threadpool(run_command, request, tid, command, token)
        return RedirectResponse(site_path(request, back), status_code=303)


__all__ = ["add_command_routes", "authorize", "router", "run_command", "sign_in"]
