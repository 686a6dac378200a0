"""Results mail in the browser (issue 26, point 3): the outbox of one event and "send again".

Routes (reads are the floor's and the director's, never a dealer's or the public's; the
send is the director's with the session's CSRF token):

- ``GET /api/t/{tid}/mail``: whether mail is set up, whether the event is over, each
  recipient's delivery status (the address masked), every explicit "send again";
- ``POST /api/t/{tid}/mail/send {player_id}``: send the results again to one player, or to
  everyone with an address (``player_id`` empty), recorded with who and when;
- ``GET /t/{tid}/mail``: the console card over the same data, ``POST /t/{tid}/mail/send``
  its form.

The sending itself happens in the background (:func:`sender`), never in a request: a
"send again" only queues and wakes it. The work is :class:`pokertd.app.mail.MailService`,
the same as ``pokertd mail …``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import tzinfo
from typing import Annotated, Any

from fastapi import APIRouter, Form, Path, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from pokertd.app.accounts import Role
from pokertd.app.mail import NOT_SET_UP, MailService, OutboxView
from pokertd.errors import InvalidCommand, PokertdError
from pokertd.money import format_money
from pokertd.timefmt import stamp, time_of_day
from pokertd.tournament.limits import SHORT_MAX
from pokertd.web import access
from pokertd.web.api import ERROR_RESPONSES, authorize
from pokertd.web.auth import site_path
from pokertd.web.context import Web, principal, web_of
from pokertd.web.errors import status_of
from pokertd.web.i18n import current, refusal
from pokertd.web.pages import render

router = APIRouter(tags=["mail"])
log = logging.getLogger("pokertd.mail")

TID_MAX = 64
SENDER_TICK_S = 15.0
"""How often the background sender looks for due mail (a "send again" wakes it at once)."""

TournamentId = Annotated[
    str, Path(min_length=1, max_length=TID_MAX, description="A tournament's id.")
]


class SendBody(BaseModel):
    """Send the results again: to one player (their database id), or to all (empty)."""

    model_config = ConfigDict(extra="forbid")

    player_id: str = Field("", max_length=SHORT_MAX)


def _mail(web: Web) -> MailService:
    if web.mail is None:  # pragma: no cover - create_app always makes one
        # English on purpose: never met, create_app always makes the mail service
        raise InvalidCommand(NOT_SET_UP)
    return web.mail


def wake(web: Web) -> None:
    """Wake the background sender (after a "send again")."""
    if web.mail_wake is not None:
        web.mail_wake.set()


async def sender(web: Web, wake_event: asyncio.Event, tick_s: float = SENDER_TICK_S) -> None:
    """The background sender: one pass (in a thread, never in a request) every ``tick_s``
    seconds or when woken; a pass that fails is logged and the next one tries again."""
    mail = _mail(web)
    if mail.settings is not None:  # never the password
        s = mail.settings
        log.info(
            "results mail: sending through %s:%d (%s) from %s",
            s.host,
            s.port,
            s.security,
            s.sender,
        )
    while True:
        try:
            report = await asyncio.to_thread(mail.deliver_due)
            if report.sent or report.failed:
                log.info(
                    "results mail: %d sent, %d attempts failed",
                    len(report.sent),
                    len(report.failed),
                )
        except Exception as exc:
            log.warning("results mail: a pass failed (%s); trying again later", type(exc).__name__)
        wake_event.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(wake_event.wait(), timeout=tick_s)


@router.get("/api/t/{tid}/mail", responses=ERROR_RESPONSES)
def mail_status(tid: TournamentId, request: Request) -> dict[str, Any]:
    """The event's results mail: settings (no password), status per recipient (floor)."""
    access.require_staff_read(principal(request), tid, action="see the results mail")
    return _mail(web_of(request)).status(tid).as_json()


@router.post("/api/t/{tid}/mail/send", responses=ERROR_RESPONSES)
def mail_send(tid: TournamentId, body: SendBody, request: Request) -> dict[str, Any]:
    """Send the results again to one player or all (director; CSRF header): queued and
    recorded; the background sender delivers it."""
    who = authorize(request, Role.DIRECTOR, "send the results mail")
    web = web_of(request)
    view = _mail(web).send_again(tid, body.player_id, staff=who.name)
    wake(web)
    return view.as_json()


def _rows(web: Web, view: OutboxView) -> list[dict[str, Any]]:
    """The outbox lines for the card: amounts in the event's currency as the venue writes
    money, instants in the venue's zone."""
    zone = web.settings.zone()
    currency = web.app.tournaments.currency(view.tournament_id)
    locale = web.app.tournaments.event_locale(view.tournament_id) or web.settings.money_locale()
    return [
        line.as_json()
        | {
            "prize_text": format_money(line.prize, currency, locale) if line.prize else "",
            "sent_text": stamp(line.sent_at, zone, locale) if line.sent_at else "",
            "next_text": _time(line.next_try, zone, locale) if line.next_try else "",
        }
        for line in view.lines
    ]


def _time(at: str, zone: tzinfo, locale: str | None) -> str:
    """A time of day as the venue writes it (``18:30``, ``6:30 PM``); ``HH:MM`` unset."""
    return time_of_day(at, zone, locale) if locale else stamp(at, zone)[11:]


def _requests(web: Web, view: OutboxView) -> list[dict[str, str]]:
    """Each "send again" with the players' names (not their ids) and the venue's time."""
    zone = web.settings.zone()
    names = {line.player_id: line.name for line in view.lines}
    return [
        {
            "at": stamp(str(q["at"]), zone, web.settings.money_locale()),
            "staff": str(q["staff"]),
            "players": "everyone"
            if q["players"] == "*"
            else ", ".join(names.get(p, p) for p in str(q["players"]).split(",")),
        }
        for q in view.requests
    ]


@router.get("/t/{tid}/mail", response_class=HTMLResponse, include_in_schema=False)
def mail_page(tid: str, request: Request, error: str = "") -> Response:
    """The results-mail card of the console (floor and director)."""
    who = principal(request)
    if not who.role.at_least(Role.FLOOR):
        return RedirectResponse(site_path(request, f"/login?next=/t/{tid}/mail"), status_code=303)
    access.require_staff_read(who, tid, action="see the results mail")
    view = _mail(web_of(request)).status(tid[:TID_MAX])
    return render(
        request,
        "mail.html",
        tid=view.tournament_id,
        view=view,
        message=view.said(current()),
        rows=_rows(web_of(request), view),
        requests=_requests(web_of(request), view),
        director=who.role.at_least(Role.DIRECTOR),
        error=error[:300],
    )


@router.post("/t/{tid}/mail/send", response_class=HTMLResponse, include_in_schema=False)
def mail_page_send(
    tid: str,
    request: Request,
    player_id: str = Form("", max_length=SHORT_MAX),
    csrf_token: str = Form(""),
) -> Response:
    """The card's "send again" form (director; CSRF field)."""
    who = authorize(request, Role.DIRECTOR, "send the results mail", token=csrf_token)
    web = web_of(request)
    mail = _mail(web)
    try:
        mail.send_again(tid[:TID_MAX], player_id, staff=who.name)
    except PokertdError as exc:
        view = mail.status(tid[:TID_MAX])
        return render(
            request,
            "mail.html",
            status=status_of(exc),
            tid=view.tournament_id,
            view=view,
            message=view.said(current()),
            rows=_rows(web, view),
            requests=_requests(web, view),
            director=True,
            error=refusal(exc, current()),
        )
    wake(web)
    return RedirectResponse(site_path(request, f"/t/{tid[:TID_MAX]}/mail"), status_code=303)


__all__ = ["router", "sender", "wake"]
