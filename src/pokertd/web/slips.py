"""Slips on the phone (issue 26, point 2): read a player's slips, and his "I'm here".

``GET /api/tournaments/{tid}/slips?player=P`` gives player ``P``'s slips (a player id or
exact name) as a public phone may see them: moves, breaks, redraws, clock calls, never a
penalty (private, issue 7). Staff (floor and up) get every slip of the night, penalties
included, with or without ``player``.

``POST /api/tournaments/{tid}/slips/{slip}/here`` with ``{"player": P}`` is the player's own
"I'm here". A phone is not staff: the route is public, needs the page's CSRF token (header)
and is rate-limited per address and per event (counted in the shared store, like sign-ins);
it runs :meth:`~pokertd.app.tournaments.TournamentService.acknowledge_slip` for the player
the phone claims ("this is me"), recorded as his claim (``via`` ``phone``), never as a floor
confirmation. A slip of another player, one already acknowledged or out of date is refused
with one sentence, nothing written. :func:`acknowledge` is the one function a player-bound
token (the sign-up link) calls instead, with ``via="link"``.
"""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from pokertd.app.accounts import TooManyAttempts
from pokertd.errors import NotFound
from pokertd.i18n import N_
from pokertd.roles import Role
from pokertd.tournament.limits import SEQ_MAX, SHORT_MAX
from pokertd.web import views
from pokertd.web.auth import CSRF_HEADER, Sessions
from pokertd.web.context import principal, web_of

router = APIRouter(prefix="/api", tags=["slips"])

TAPS_PER_ADDRESS = 30
"""'I'm here' taps one address may send per :data:`TAP_WINDOW_S` (a phone taps once a move)."""
TAPS_PER_EVENT = 1200
"""Taps one event takes per :data:`TAP_WINDOW_S` from every address together."""
TAP_WINDOW_S = 300


class Here(BaseModel):
    """Who says "I'm here": the player the phone claims (his player id)."""

    model_config = ConfigDict(extra="forbid")

    player: str = Field(min_length=1, max_length=SHORT_MAX, description="The player's id.")


def _known(request: Request, tid: str) -> None:
    if not views.exists(web_of(request), tid):
        raise NotFound(template=N_("There is no tournament %(tid)s."), params={"tid": repr(tid)})


@router.get("/tournaments/{tid}/slips")
def slips(tid: str, request: Request, player: str = "") -> list[dict[str, Any]]:
    """A player's slips, newest first (public: his public slips; staff: all, or his)."""
    _known(request, tid)
    staff = principal(request).role.at_least(Role.FLOOR)
    player = player.strip()[:SHORT_MAX]
    if not player and not staff:
        return []  # a public phone asks for its own player only
    return web_of(request).app.tournaments.slips(tid, player or None, private=staff)


def _limit(request: Request, tid: str) -> None:
    """Count one tap, or refuse (nothing counted) when an address or the event has used up
    its taps for the window."""
    web = web_of(request)
    address = web.sessions.address(request)
    limits = [(f"slip-ip:{address}", TAPS_PER_ADDRESS), (f"slip-event:{tid}", TAPS_PER_EVENT)]
    rid, wait = web.users.reserve_attempt(limits, now=time.time(), window_s=TAP_WINDOW_S)
    if rid is None:
        raise TooManyAttempts(
            template=N_(
                "Too many taps from this phone: wait %(wait)s seconds, or tell the floor you are "
                "at your seat."
            ),
            params={"wait": wait},
            context={"retry_after": wait},
        )


def acknowledge(
    request: Request, tid: str, player_id: str, slip_id: int, *, via: str
) -> dict[str, Any]:
    """Record player ``player_id``'s "I'm here" for ``slip_id`` and return the slip as it
    is now. ``via`` says what vouches for the caller: ``phone`` (this route's "this is me"
    claim) or ``link`` (a token bound to the player, checked by its own route first)."""
    service = web_of(request).app.tournaments
    service.acknowledge_slip(tid, player_id, slip_id, via=via)
    mine = service.slips(tid, player_id, private=via == "link")
    return next(s for s in mine if s["slip"] == slip_id)


@router.post("/tournaments/{tid}/slips/{slip}/here")
def here(tid: str, slip: int, body: Here, request: Request) -> dict[str, Any]:
    """The player's own "I'm here" from the phone (public, CSRF, rate-limited)."""
    Sessions.check_csrf(request, request.headers.get(CSRF_HEADER))
    _known(request, tid)
    if not 1 <= slip <= SEQ_MAX:
        raise NotFound(
            template=N_("There is no slip %(slip)s: nothing recorded."), params={"slip": slip}
        )
    _limit(request, tid)
    return acknowledge(request, tid, body.player.strip(), slip, via="phone")
