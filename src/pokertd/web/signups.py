"""Sign-ups in the browser (issue 26): the public sign-up page, the personal page, the
staff's "Sign-ups" card and its JSON routes.

Public (no sign-in; plain HTML forms, each with the CSRF token of :mod:`pokertd.web.auth`):

- ``GET /t/{tid}/signup``: the event's sign-up form and its counts (places taken, waiting)
  — never a name or a contact; ``POST`` signs up, limited per address and per event
  (:func:`_reserve`: the sign-in limiter's store-backed attempts, keys ``signup-ip:…`` and
  ``signup-event:…``), and redirects to the personal page;
- ``GET /s/{tid}/{token}``: the personal page (place, waitlist position, check-in,
  withdraw); ``POST`` with ``do=checkin`` or ``do=withdraw``. The token is the proof: the
  log keeps only its hash (:mod:`pokertd.app.signups`).

Staff (floor and director; the service checks each command's role):

- ``GET /t/{tid}/signups``: the "Sign-ups" card — settings, the list with places, waiting
  list and check-ins, approve, open a group's window, release no-shows, "Paid & seat";
  ``POST`` runs one of them from its form and shows the card again (a refusal in one
  sentence, nothing written);
- ``GET /api/tournaments/{tid}/signups``: the list as JSON; ``POST`` signs a player up for
  him (answers the personal link once); ``POST …/signups/{sid}/seat``: the one tap;
  ``POST …/signups/{sid}/link``: a new personal link. Every other step is also
  ``POST /api/tournaments/{tid}/commands/{name}`` (``sign_up``, ``check_in``…).
"""

from __future__ import annotations

import dataclasses
from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Form, Path, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from pokertd.app import documents
from pokertd.app.accounts import Role, TooManyAttempts
from pokertd.app.signups import token_hash
from pokertd.errors import InvalidCommand, PokertdError
from pokertd.i18n import N_
from pokertd.tournament import signups as core
from pokertd.tournament.framework import Command
from pokertd.tournament.limits import NAME_MAX, SEQ_MAX, SHORT_MAX
from pokertd.web import access, slips
from pokertd.web.api import ERROR_RESPONSES, authorize
from pokertd.web.auth import Sessions, site_path
from pokertd.web.context import Web, principal, web_of
from pokertd.web.errors import status_of
from pokertd.web.pages import render

router = APIRouter(tags=["signups"])

FORM_MAX = 1000
"""What a form field may carry at most; the core refuses a name over 60 characters in
words (the desk's limits)."""

Tid = Annotated[str, Path(min_length=1, max_length=SHORT_MAX, description="A tournament's id.")]
SignUpId = Annotated[str, Path(min_length=1, max_length=SHORT_MAX, description="A sign-up (S12).")]
Token = Annotated[str, Path(min_length=1, max_length=100, description="A personal link's token.")]


# ---- limits ----------------------------------------------------------------------------


def _reserve(request: Request, tid: str) -> None:
    """Count one sign-up against the caller's address and the event, or refuse with
    :class:`TooManyAttempts` (nothing counted, nothing written).

    The window is at least the sign-in window: the store forgets attempts older than the
    window it is given, so a shorter one would forget failed sign-ins too early.
    """
    web = web_of(request)
    settings = web.settings
    address = web.sessions.address(request)
    window = max(settings.signup_window_s, settings.login_window_s)
    limits = [
        (f"signup-ip:{address}", settings.signup_per_address),
        (f"signup-event:{tid}", settings.signup_per_event),
    ]
    now = web.limiter.clock()
    rid, wait = web.users.reserve_attempt(limits, now=now, window_s=window)
    if rid is None:
        minutes = max(1, (wait + 59) // 60)
        raise TooManyAttempts(
            template=N_(
                "Too many sign-ups from here or for this event: try again in %(minutes)s minute."
            )
            if minutes == 1
            else N_(
                "Too many sign-ups from here or for this event: try again in %(minutes)s minutes."
            ),
            params={"minutes": minutes},
            context={"retry_after": wait},
        )


# ---- public pages ----------------------------------------------------------------------


def _page_view(web: Web, tid: str) -> core.SignUpPage:
    return web.app.tournaments.read(tid, lambda s: core.signup_page(s, web.now()))


def _local(web: Web, iso: str) -> str:
    """An ISO time as the venue reads it (``19:30``)."""
    if not iso:
        return ""
    return datetime.fromisoformat(iso).astimezone(web.settings.zone()).strftime("%H:%M")


def _signup_form(
    request: Request, tid: str, *, status: int = 200, error: str = "", name: str = ""
) -> HTMLResponse:
    web = web_of(request)
    page = _page_view(web, tid)
    return render(
        request, "signup.html", status=status, tid=tid, page=page, error=error, typed=name
    )


@router.get("/t/{tid}/signup", response_class=HTMLResponse)
def signup_page(tid: Tid, request: Request) -> Response:
    """The public sign-up page of an event (counts only: no names, no contacts)."""
    web_of(request).app.tournaments.state(tid)  # NotFound for an unknown event
    return _signup_form(request, tid)


@router.post("/t/{tid}/signup", response_class=HTMLResponse)
def signup_post(
    tid: Tid,
    request: Request,
    name: Annotated[str, Form(max_length=FORM_MAX)] = "",
    card: Annotated[str, Form(max_length=FORM_MAX)] = "",
    contact: Annotated[str, Form(max_length=FORM_MAX)] = "",
    csrf_token: Annotated[str, Form(max_length=FORM_MAX)] = "",
) -> Response:
    """Sign up from the phone; on success the personal page (its link is the token)."""
    Sessions.check_csrf(request, csrf_token)
    web = web_of(request)
    web.app.tournaments.state(tid)
    try:
        _reserve(request, tid)
        made = web.app.signups.sign_up(tid, name=name, card=card, contact=contact)
    except PokertdError as exc:
        return _signup_form(
            request, tid, status=status_of(exc), error=str(exc), name=name[:NAME_MAX]
        )
    return RedirectResponse(site_path(request, f"/s/{tid}/{made.token}"), status_code=303)


def _mine_page(
    request: Request,
    tid: str,
    token: str,
    mine: core.MySignUp | None,
    *,
    status: int = 200,
    error: str = "",
) -> HTMLResponse:
    web = web_of(request)
    event = web.app.tournaments.read(tid, lambda s: core.signup_page(s, web.now()).event)
    release = _local(web, mine.release_at) if mine is not None else ""
    # Issue 26 point 2: once the sign-up is an entry, the link is the player's own proof,
    # so the page shows every slip of theirs (penalties too) with its "I'm here".
    player = mine.player_id if mine is not None and mine.player_id else ""
    slips = web.app.tournaments.slips(tid, player, private=True) if player else []
    return render(
        request,
        "signup_mine.html",
        status=status,
        tid=tid,
        token=token,
        event=event,
        mine=mine,
        release=release,
        error=error,
        slips=slips,
    )


@router.get("/s/{tid}/{token}", response_class=HTMLResponse)
def mine_page(tid: Tid, token: Token, request: Request) -> Response:
    """The personal page a sign-up's link opens (only that player's own standing)."""
    web = web_of(request)
    mine = web.app.signups.mine(tid, token)
    if mine is None:
        return _mine_page(request, tid, token, None, status=404)
    return _mine_page(request, tid, token, mine)


@router.post("/s/{tid}/{token}", response_class=HTMLResponse)
def mine_post(
    tid: Tid,
    token: Token,
    request: Request,
    do: Annotated[str, Form(max_length=20)] = "",
    csrf_token: Annotated[str, Form(max_length=FORM_MAX)] = "",
    slip: Annotated[int, Form(ge=0, le=SEQ_MAX)] = 0,
) -> Response:
    """Check in or withdraw from the personal page, or say "I'm here" for a slip (the link
    vouches for the player: ``via="link"``)."""
    Sessions.check_csrf(request, csrf_token)
    web = web_of(request)
    service = web.app.signups
    try:
        if do == "here":
            player = service.player_for_link(tid, token)
            if player is None:
                raise InvalidCommand(
                    template=N_("This link has no seat yet: there is no slip to answer.")
                )
            slips.acknowledge(request, tid, player, slip, via="link")
        elif do == "checkin":
            service.check_in(tid, token)
        elif do == "withdraw":
            mine = service.mine(tid, token)
            service.withdraw(tid, token)
            sid = mine.signup_id if mine is not None else ""
            after = web.app.tournaments.read(tid, lambda s: core.signup_of(s, sid))
            return _mine_page(request, tid, token, after)
        else:
            raise InvalidCommand(template=N_("Choose check in or withdraw."))
    except PokertdError as exc:
        mine = service.mine(tid, token)
        return _mine_page(request, tid, token, mine, status=status_of(exc), error=exc.message)
    return RedirectResponse(site_path(request, f"/s/{tid}/{token}"), status_code=303)


# ---- the staff card --------------------------------------------------------------------


def _board(web: Web, tid: str) -> core.SignUpBoard:
    return web.app.signups.board(tid)


def _card(
    request: Request, tid: str, *, status: int = 200, error: str = "", note: str = ""
) -> HTMLResponse:
    web = web_of(request)
    board = _board(web, tid)
    page = _page_view(web, tid)
    return render(
        request,
        "signups.html",
        status=status,
        tid=tid,
        board=board,
        page=page,
        release=_local(web, board.release_at),
        error=error,
        note=note,
    )


@router.get("/t/{tid}/signups", response_class=HTMLResponse)
def signups_card(tid: Tid, request: Request) -> Response:
    """The staff's "Sign-ups" card (floor and director)."""
    access.require_staff_read(principal(request), tid, action="see the sign-ups")
    return _card(request, tid)


def _release_at(web: Web, text: str) -> datetime | None:
    """``19:30`` today in the venue's zone (or a full ISO time), ``None`` for none."""
    text = text.strip()
    if not text:
        return None
    try:
        if len(text) <= 5:
            hh, mm = (int(x) for x in text.split(":"))
            local = web.now().astimezone(web.settings.zone())
            return local.replace(hour=hh, minute=mm, second=0, microsecond=0)
        when = datetime.fromisoformat(text)
    except ValueError:
        raise InvalidCommand(
            template=N_("%(text)s is not a time: write it as 19:30."),
            params={"text": repr(text[:20])},
        ) from None
    return when if when.tzinfo is not None else when.replace(tzinfo=web.settings.zone())


def _whole(text: str, what: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or len(text) > 6:
        raise InvalidCommand(
            template=N_("%(what)s must be a whole number, not %(text)s."),
            params={"what": what, "text": repr(text[:20])},
        )
    return int(text)


def _card_command(web: Web, do: str, form: dict[str, str]) -> Command:
    """The command a form of the card asks for."""
    sid = form.get("signup", "")
    group = form.get("group", "") or "*"
    if do == "settings":
        return core.SetSignUps(
            capacity=_whole(form.get("capacity", ""), "The capacity"),
            approval=form.get("approval", "") == "on",
            group_size=_whole(form.get("group_size", ""), "A group's size"),
            release_at=_release_at(web, form.get("release_at", "")),
            per_contact=_whole(form.get("per_contact", ""), "Sign-ups per contact")
            or core.PER_CONTACT_DEFAULT,
        )
    simple: dict[str, Command] = {
        "approve": core.ApproveSignUp(signup=sid),
        "decline": core.DeclineSignUp(signup=sid),
        "checkin": core.CheckIn(signup=sid),
        "withdraw": core.WithdrawSignUp(signup=sid),
        "revoke": core.SetSignUpLink(signup=sid),
        "open": core.OpenCheckIn(group=group),
        "close": core.CloseCheckIn(group=group),
        "release": core.ReleaseNoShows(),
    }
    if do not in simple:
        raise InvalidCommand(
            template=N_("There is no sign-up action %(do)s."), params={"do": repr(do[:20])}
        )
    return simple[do]


FormText = Annotated[str, Form(max_length=FORM_MAX)]


@router.post("/t/{tid}/signups", response_class=HTMLResponse)
def signups_post(
    tid: Tid,
    request: Request,
    do: FormText = "",
    signup: FormText = "",
    group: FormText = "",
    capacity: FormText = "",
    approval: FormText = "",
    group_size: FormText = "",
    release_at: FormText = "",
    per_contact: FormText = "",
    age_ok: FormText = "",
    member_ok: FormText = "",
    csrf_token: FormText = "",
) -> Response:
    """Run one of the card's forms, then show the card again (with the refusal, if any)."""
    who = authorize(request, Role.FLOOR, "run the sign-ups", csrf_token)
    web = web_of(request)
    form = {
        "signup": signup,
        "group": group,
        "capacity": capacity,
        "approval": approval,
        "group_size": group_size,
        "release_at": release_at,
        "per_contact": per_contact,
    }
    note = ""
    try:
        if do == "seat":
            web.app.signups.seat(
                tid, signup, principal=who, age_ok=age_ok == "on", member_ok=member_ok == "on"
            )
        elif do == "link":
            token = web.app.signups.reissue(tid, signup, principal=who)
            note = (
                f"New personal link for {signup.upper()}: {site_path(request, f'/s/{tid}/{token}')}"
            )
        else:
            web.app.tournaments.run(tid, _card_command(web, do, form), principal=who)
    except PokertdError as exc:
        return _card(request, tid, status=status_of(exc), error=str(exc))
    if note:
        return _card(request, tid, note=note)
    return RedirectResponse(site_path(request, f"/t/{tid}/signups"), status_code=303)


# ---- JSON ------------------------------------------------------------------------------


class SignUpBody(BaseModel):
    """A player signed up by the staff (the core checks the name with the desk's limits)."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(max_length=FORM_MAX)
    card: str = Field("", max_length=FORM_MAX)
    contact: str = Field("", max_length=FORM_MAX)


class SeatBody(BaseModel):
    """The floor's confirmations at the desk (A1)."""

    model_config = ConfigDict(extra="forbid")

    age_ok: bool = False
    member_ok: bool = False


@router.get("/api/tournaments/{tid}/signups", responses=ERROR_RESPONSES)
def signups_json(tid: Tid, request: Request) -> dict[str, Any]:
    """The sign-up list (staff): places, waiting list, check-ins; contacts as yes/no."""
    access.require_staff_read(principal(request), tid, action="see the sign-ups")
    return dataclasses.asdict(_board(web_of(request), tid))


@router.post("/api/tournaments/{tid}/signups", responses=ERROR_RESPONSES, status_code=201)
def signups_add(tid: Tid, body: SignUpBody, request: Request) -> dict[str, Any]:
    """Sign a player up (staff); the answer holds the personal link, shown this once."""
    who = authorize(request, Role.FLOOR, "sign players up")
    made = web_of(request).app.signups.sign_up(
        tid, name=body.name, card=body.card, contact=body.contact, principal=who
    )
    return {
        "signup": dataclasses.asdict(made.mine),
        "link": site_path(request, f"/s/{tid}/{made.token}"),
    }


@router.post("/api/tournaments/{tid}/signups/{sid}/seat", responses=ERROR_RESPONSES)
def signups_seat(
    tid: Tid, sid: SignUpId, request: Request, body: SeatBody | None = None
) -> dict[str, Any]:
    """Paid and seated: the desk's one tap (``register`` with the sign-up's name and card)."""
    who = authorize(request, Role.FLOOR, "seat a sign-up")
    seat = body or SeatBody()
    records = web_of(request).app.signups.seat(
        tid, sid, principal=who, age_ok=seat.age_ok, member_ok=seat.member_ok
    )
    with web_of(request).app.tournaments.money_of(tid):
        return dict(documents.command_result(tid, records))


@router.post("/api/tournaments/{tid}/signups/{sid}/link", responses=ERROR_RESPONSES)
def signups_link(tid: Tid, sid: SignUpId, request: Request) -> dict[str, str]:
    """A new personal link for a sign-up (the old one stops working)."""
    who = authorize(request, Role.FLOOR, "issue a sign-up link")
    token = web_of(request).app.signups.reissue(tid, sid, principal=who)
    return {"signup": sid.upper(), "link": site_path(request, f"/s/{tid}/{token}")}


__all__ = ["router", "token_hash"]
