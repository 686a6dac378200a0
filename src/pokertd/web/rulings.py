"""The live-table ruling routes: words plus chips → the venue's ruling (read-only).

``POST /api/tournaments/{tid}/ruling`` rules under the tournament's own profile (its floor
and directors, or the dealer of one of its tables); ``POST /api/rulings`` under a named
built-in profile (any signed-in staff). Both only compute: nothing is stored. Every field
has a limit (amounts up to 10^12 chips, words up to 200 characters, 200 chips), so bad
input is a 422 with one sentence, never a 500. The ruling itself is
:func:`pokertd.engine.rulings.rule`, the same function as ``pokertd ruling`` and the
engine's ``declare``.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from pokertd.app.accounts import Role
from pokertd.engine.rulings import Happened, Order, make_situation, parse_chips, rule
from pokertd.errors import NotFound
from pokertd.i18n import N_
from pokertd.rules import RuleProfile, Variant, load_profile
from pokertd.rules.profile import BUILTIN_PROFILES
from pokertd.tournament.entries import Setup
from pokertd.tournament.framework import TournamentState
from pokertd.web import access, views
from pokertd.web.auth import CSRF_HEADER, Sessions, require
from pokertd.web.context import principal, web_of

router = APIRouter(prefix="/api", tags=["rulings"])

MAX = 10**12
"""The largest chip amount a field accepts."""


class RulingRequest(BaseModel):
    """The betting round and what the player said and pushed."""

    model_config = ConfigDict(extra="forbid")

    to_call: int | None = Field(default=None, ge=0, le=MAX, description="Chips to call.")
    bet: int | None = Field(default=None, ge=0, le=MAX, description="The current bet C.")
    last_raise: int | None = Field(default=None, ge=0, le=MAX, description="L.")
    pot: int = Field(default=0, ge=0, le=MAX)
    stack: int = Field(default=1_000_000, ge=0, le=MAX)
    big_blind: int = Field(default=100, ge=1, le=MAX)
    denominations: str = Field(default="", max_length=200)
    heads_up: bool = False
    raised: bool = False
    raises: int = Field(default=0, ge=0, le=100)
    closed: bool = False
    variant: Variant = Variant.NO_LIMIT_HOLDEM
    declared: str = Field(default="", max_length=200)
    chips: list[Annotated[str, Field(max_length=400)]] = Field(
        default_factory=list, max_length=10, description="One string per motion: 5000x2,1000."
    )
    order: Order = Order.WORDS_FIRST
    unreleased: bool = False
    out_of_turn: bool = False
    action_changed: bool = False
    pot_count: int | None = Field(default=None, ge=0, le=MAX)
    sa_after: bool = False
    count_given: bool = False
    found_behind: int = Field(default=0, ge=0, le=MAX)
    pulled_back: bool = False
    amount_unclear: bool = False
    skipped: bool = False
    acted_behind: int = Field(default=0, ge=0, le=10)
    earlier_to_act: bool = False
    count_request: bool = False
    facing_all_in: bool = False
    not_his_turn: bool = False
    checked_oot: bool = False
    misunderstood: bool = False


class NamedRulingRequest(RulingRequest):
    """A ruling under a built-in profile named in the request."""

    profile: str = Field(default="tda", max_length=40)


def rule_on(body: RulingRequest, profile: RuleProfile) -> dict[str, Any]:
    """The ruling as JSON, plus the profile it was made under."""
    situation = make_situation(
        to_call=body.to_call,
        current_bet=body.bet,
        last_increment=body.last_raise,
        pot=body.pot,
        stack=body.stack,
        big_blind=body.big_blind,
        denominations=parse_chips(body.denominations) if body.denominations else (),
        heads_up=body.heads_up,
        opening_bet=not body.raised and body.raises == 0,
        variant=body.variant,
        raises_this_round=body.raises,
        raise_allowed=not body.closed,
    )
    happened = Happened(
        words=body.declared,
        pushes=tuple(push for push in (parse_chips(c) for c in body.chips) if push),
        order=body.order,
        released=not body.unreleased,
        out_of_turn=body.out_of_turn,
        action_changed=body.action_changed,
        pot_count=body.pot_count,
        substantial_action_after=body.sa_after,
        count_given=body.count_given,
        found_behind=body.found_behind,
        pulled_back=body.pulled_back,
        amount_unclear=body.amount_unclear,
        skipped=body.skipped,
        acted_behind=body.acted_behind,
        earlier_to_act=body.earlier_to_act,
        count_request=body.count_request,
        facing_all_in=body.facing_all_in,
        own_turn=not body.not_his_turn,
        checked_out_of_turn=body.checked_oot,
        misunderstood=body.misunderstood,
    )
    ruling = rule(situation, happened, profile)
    return {**ruling.as_dict(), "profile": profile.name, "venue": profile.venue}


def _profile_of(state: TournamentState) -> RuleProfile:
    return state.part(Setup).profile


@router.post("/tournaments/{tid}/ruling")
def tournament_ruling(tid: str, body: RulingRequest, request: Request) -> dict[str, Any]:
    """A live-table ruling under the tournament's profile (floor, director, or a dealer of
    this tournament; CSRF header). Read-only."""
    who = principal(request)
    access.require_staff_read(who, tid, action="ask for a ruling", role=Role.DEALER)
    Sessions.check_csrf(request, request.headers.get(CSRF_HEADER))
    web = web_of(request)
    if not views.exists(web, tid):
        raise NotFound(template=N_("There is no tournament %(tid)s."), params={"tid": repr(tid)})
    return rule_on(body, web.app.tournaments.read(tid, _profile_of))


@router.post("/rulings")
def named_ruling(body: NamedRulingRequest, request: Request) -> dict[str, Any]:
    """A live-table ruling under a built-in profile (any signed-in staff; CSRF header)."""
    require(principal(request), Role.DEALER, action="ask for a ruling")
    Sessions.check_csrf(request, request.headers.get(CSRF_HEADER))
    if body.profile not in BUILTIN_PROFILES:
        raise NotFound(
            template=N_("There is no profile %(name)s; known: %(names)s."),
            params={"name": repr(body.profile), "names": ", ".join(BUILTIN_PROFILES)},
        )
    return rule_on(body, load_profile(body.profile))


__all__ = ["NamedRulingRequest", "RulingRequest", "router", "rule_on"]
