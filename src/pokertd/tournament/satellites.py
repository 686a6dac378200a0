"""Satellites: prizes as seats (or tickets of a value) in a target event (issue 14).

One module in four sections: :func:`award_seats` (seats and leftover cash by place; pure),
the :class:`Satellite` part, the log (``SetSatellite``, ``PaySeat``) and the read model
(:func:`satellite_view`: the terms and awards). Its own domain rather than part of prizes:
the payout table, deals and receipts stay cash-only, and a seat paid names another
tournament, which only the series service (:mod:`pokertd.app.series`) may look at.

A satellite's prizes are seats in a target event, each worth ``seat_value`` (the target's
buy-in, or a ticket of that value). The pool buys as many whole seats as it holds; what is
left over is paid as cash, as the event states: to the next place after the last seat
(``next_place``) or split evenly among the seat winners (``split``; odd cents to the best
places first). A pool too small for one seat pays its winner the cash.

>>> a = award_seats(5_250_00, 1_500_00, LeftoverRule.NEXT_PLACE)
>>> (a.seats, a.leftover, [(w.place, w.seat, w.cash) for w in a.awards])
(3, 75000, [(1, True, 0), (2, True, 0), (3, True, 0), (4, False, 75000)])

:class:`Satellite` (the event's seat prizes and the seats paid) is folded from
``satellite_set`` and ``seat_paid``:

* :class:`SetSatellite` (director) makes the event a satellite: its prizes are seats in a
  target event worth ``seat_value_cents`` each, the leftover paid as cash by the stated
  rule. Refused for a seat value that is not positive, a target that is this event, or once
  a seat has been paid. The target's existence and state are facts of another tournament:
  the series service checks them (:mod:`pokertd.app.series`) before it sends this.
* :class:`PaySeat` (director) records the award paid to a finisher (his place's seat and
  cash from :func:`award_seats` over the net prize
  pool) with the player id the service registered him under in the target event. A
  player still in when no more players remain than seats has won a seat too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Annotated, Any, TypeAlias

from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.i18n import N_, Params, Sentence
from pokertd.money import format_money
from pokertd.tournament import limits as lim
from pokertd.tournament.entries.state import Roster, Setup, find_player
from pokertd.tournament.framework import (
    Command,
    Context,
    Event,
    TournamentState,
    applies,
    decides,
    event,
    state_part,
)
from pokertd.tournament.prizes.pool import pool
from pokertd.tournament.prizes.results import results
from pokertd.types import Cents

# ======================================================================================
# Rules: pure values and functions


class PrizeKind(StrEnum):
    """What an event's prizes are."""

    CASH = "cash"
    SEATS = "seats"
    """Seats (or tickets of a value) in a target event, the leftover as cash."""


class LeftoverRule(StrEnum):
    """Where the cash left after the last whole seat goes."""

    NEXT_PLACE = "next_place"
    """To the place after the last seat (the "bubble" gets the cash)."""
    SPLIT = "split"
    """Split evenly among the seat winners."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Award:
    """What one place wins: a seat, cash, or both (a seat winner's share of a split)."""

    place: int
    seat: bool
    cash: Cents

    def describe(self) -> str:
        """``1st: a seat + $250.00`` in words."""
        parts = (["a seat"] if self.seat else []) + ([format_money(self.cash)] if self.cash else [])
        return f"place {self.place}: {' + '.join(parts) or 'nothing'}"


@dataclass(frozen=True, slots=True, kw_only=True)
class SatelliteAward:
    """The satellite's prizes for a pool: whole seats and the leftover cash, by place."""

    pool: Cents
    seat_value: Cents
    seats: int
    leftover: Cents
    rule: LeftoverRule
    awards: tuple[Award, ...]

    def for_place(self, place: int) -> Award | None:
        """The award of ``place`` (``None``: that place wins nothing)."""
        for award in self.awards:
            if award.place == place:
                return award
        return None


def check_seat_value(seat_value: Cents) -> None:
    """Refuse a seat value that is not a positive amount."""
    if seat_value <= 0:
        raise InvalidCommand(template=N_("A seat's value must be a positive amount of money."))


def award_seats(pool: Cents, seat_value: Cents, rule: LeftoverRule) -> SatelliteAward:
    """Seats and cash by place for a prize ``pool`` of seats worth ``seat_value`` each.

    >>> [(w.place, w.cash) for w in award_seats(5_250_00, 1_500_00, LeftoverRule.SPLIT).awards]
    [(1, 25000), (2, 25000), (3, 25000)]
    """
    check_seat_value(seat_value)
    if pool < 0:
        raise InvalidCommand(template=N_("A prize pool cannot be negative."))
    seats, leftover = divmod(pool, seat_value)
    awards = [Award(place=p, seat=True, cash=0) for p in range(1, seats + 1)]
    if leftover and (rule is LeftoverRule.NEXT_PLACE or seats == 0):
        awards.append(Award(place=seats + 1, seat=False, cash=leftover))
    elif leftover:
        share, odd = divmod(leftover, seats)
        awards = [
            Award(place=a.place, seat=True, cash=share + (1 if i < odd else 0))
            for i, a in enumerate(awards)
        ]
    return SatelliteAward(
        pool=pool,
        seat_value=seat_value,
        seats=seats,
        leftover=leftover,
        rule=rule,
        awards=tuple(awards),
    )


# ======================================================================================
# State: the parts folded from the events


@dataclass(frozen=True, slots=True, kw_only=True)
class PaidSeat:
    """A seat (and any cash) paid to a satellite winner, and where it registered him."""

    entry_id: str
    name: str
    place: int
    seat: bool
    cash: Cents
    target_event: str
    target_player: str
    """His player id in the target event ("" when the award was cash only)."""
    at: str


@state_part
@dataclass(slots=True)
class Satellite:
    """Whether the event's prizes are seats, in which event, of what value; seats paid."""

    prize_kind: PrizeKind = PrizeKind.CASH
    target_event: str = ""
    """The target tournament's id."""
    target_name: str = ""
    seat_value: Cents = 0
    leftover: LeftoverRule = LeftoverRule.NEXT_PLACE
    paid: dict[str, PaidSeat] = field(default_factory=dict)
    """Entry id -> the award paid to it."""

    @property
    def is_satellite(self) -> bool:
        """Whether the prizes are seats."""
        return self.prize_kind is PrizeKind.SEATS


# ======================================================================================
# Log: events, commands, deciders and appliers


EventId: TypeAlias = Annotated[str, lim.Text(N_("A tournament id"), 64)]

# --- events -----------------------------------------------------------------------------------


@event("satellite_set")
class SatelliteSet(Event):
    """The event's prizes are seats in ``target_event`` worth ``seat_value`` each."""

    target_event: str
    target_name: str
    seat_value: int
    leftover: LeftoverRule

    def said(self) -> Sentence:
        params: Params = {
            "name": self.target_name or self.target_event,
            "value": format_money(self.seat_value),
        }
        if self.leftover is LeftoverRule.NEXT_PLACE:
            return Sentence(
                N_("Satellite to %(name)s: seats of %(value)s, leftover to the next place"), params
            )
        return Sentence(N_("Satellite to %(name)s: seats of %(value)s, leftover split"), params)


@event("seat_paid")
class SeatPaid(Event):
    """A satellite award paid: a seat (registered in the target event) and/or cash."""

    entry_id: str
    name: str
    place: int
    seat: bool
    cash: int
    target_event: str
    target_player: str
    at: str

    def said(self) -> Sentence:
        params: Params = {
            "name": self.name,
            "place": self.place,
            "event": self.target_event,
            "cash": format_money(self.cash),
        }
        if self.seat and self.cash:
            return Sentence(
                N_("Paid %(name)s (place %(place)s): a seat in %(event)s + %(cash)s"), params
            )
        if self.seat:
            return Sentence(N_("Paid %(name)s (place %(place)s): a seat in %(event)s"), params)
        if self.cash:
            return Sentence(N_("Paid %(name)s (place %(place)s): %(cash)s"), params)
        return Sentence(N_("Paid %(name)s (place %(place)s): "), params)


@applies(SatelliteSet)
def _apply_set(state: TournamentState, ev: SatelliteSet) -> None:
    part = state.part(Satellite)
    part.prize_kind = PrizeKind.SEATS
    part.target_event = ev.target_event
    part.target_name = ev.target_name
    part.seat_value = ev.seat_value
    part.leftover = ev.leftover


@applies(SeatPaid)
def _apply_paid(state: TournamentState, ev: SeatPaid) -> None:
    state.part(Satellite).paid[ev.entry_id] = PaidSeat(
        entry_id=ev.entry_id,
        name=ev.name,
        place=ev.place,
        seat=ev.seat,
        cash=ev.cash,
        target_event=ev.target_event,
        target_player=ev.target_player,
        at=ev.at,
    )


# --- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class SetSatellite(Command):
    """Make the event a satellite to ``target_event`` (sent by the series service)."""

    target_event: EventId
    target_name: lim.EventName = ""
    seat_value_cents: lim.Cents
    leftover: LeftoverRule = LeftoverRule.NEXT_PLACE


@dataclass(frozen=True, slots=True, kw_only=True)
class PaySeat(Command):
    """Record a satellite award paid (sent by the series service after it registered the
    player in the target event under ``target_player``)."""

    player: lim.PlayerRef
    target_player: lim.PlayerRef = ""


# --- deciders and the reading they share ------------------------------------------------------


def satellite_award(state: TournamentState) -> SatelliteAward:
    """The satellite's seats and cash by place over the net prize pool now."""
    part = state.part(Satellite)
    if not part.is_satellite:
        raise RuleViolation(template=N_("This event is not a satellite: its prizes are cash."))
    return award_seats(pool(state).net, part.seat_value, part.leftover)


@dataclass(frozen=True, slots=True, kw_only=True)
class Winner:
    """A player's satellite award: his entry, the place it counts as, what it wins."""

    entry_id: str
    name: str
    place: int
    award: Award


def winner_of(state: TournamentState, ref: str) -> Winner:
    """What ``ref`` (a name or id) has won in this satellite, refused when nothing (yet).

    A finisher wins his place's award; a player still in wins a seat once no more players
    remain than there are seats (his place counts as the last seat's).
    """
    award = satellite_award(state)
    player = find_player(state, ref)
    roster = state.part(Roster)
    mine = set(player.entries)
    placed = [r for r in results(state).rows if r.entry_id in mine]
    alive = roster.live_entry(player.player_id)
    if placed and alive is None:
        row = placed[-1]
        entry_id, place = row.entry_id, row.place
    elif alive is not None and 0 < roster.alive_count <= award.seats:
        entry_id, place = alive.entry_id, award.seats
    elif alive is not None:
        raise RuleViolation(
            template=N_(
                "%(name)s is still playing: %(alive_count)s players remain for %(seats)s seats."
            ),
            params={"name": player.name, "alive_count": roster.alive_count, "seats": award.seats},
        )
    else:
        raise RuleViolation(
            template=N_("%(name)s has not finished in this satellite."),
            params={"name": player.name},
        )
    won = award.for_place(place)
    if won is None:
        raise RuleViolation(
            template=N_(
                "%(name)s finished %(place)s: the satellite pays %(seats)s seats and cash to "
                "place %(cash_place)s."
            )
            if award.leftover
            else N_("%(name)s finished %(place)s: the satellite pays %(seats)s seats."),
            params={
                "name": player.name,
                "place": place,
                "seats": award.seats,
                "cash_place": award.seats + 1,
            },
        )
    if entry_id in state.part(Satellite).paid:
        raise RuleViolation(
            template=N_("%(name)s's award has already been paid."), params={"name": player.name}
        )
    return Winner(entry_id=entry_id, name=player.name, place=place, award=won)


@decides(SetSatellite)
def _decide_set(state: TournamentState, cmd: SetSatellite, ctx: Context) -> list[Event]:
    if not state.part(Setup).created:
        raise InvalidCommand(template=N_("This tournament has not been created yet."))
    check_seat_value(cmd.seat_value_cents)
    target = cmd.target_event.strip()
    if not target:
        raise InvalidCommand(template=N_("Name the target event of the satellite."))
    if target == state.id:
        raise InvalidCommand(template=N_("A satellite cannot award seats in itself."))
    if state.part(Satellite).paid:
        raise RuleViolation(
            template=N_("Seats have been paid: the satellite's terms can no longer change.")
        )
    return [
        SatelliteSet(
            target_event=target,
            target_name=cmd.target_name.strip(),
            seat_value=cmd.seat_value_cents,
            leftover=cmd.leftover,
        )
    ]


@decides(PaySeat)
def _decide_pay(state: TournamentState, cmd: PaySeat, ctx: Context) -> list[Event]:
    won = winner_of(state, cmd.player)
    part = state.part(Satellite)
    if won.award.seat and not cmd.target_player.strip():
        raise InvalidCommand(
            template=N_(
                "A seat is paid by registering the player in the target event: pay it through "
                "the series, which does both."
            )
        )
    return [
        SeatPaid(
            entry_id=won.entry_id,
            name=won.name,
            place=won.place,
            seat=won.award.seat,
            cash=won.award.cash,
            target_event=part.target_event if won.award.seat else "",
            target_player=cmd.target_player.strip() if won.award.seat else "",
            at=ctx.now.isoformat(timespec="seconds"),
        )
    ]


# ======================================================================================
# Views: read models


@dataclass(frozen=True, slots=True, kw_only=True)
class SatelliteView:
    """The satellite's terms and award now (``award`` is ``None`` for a cash event)."""

    target_event: str
    target_name: str
    award: SatelliteAward | None
    paid: tuple[PaidSeat, ...]

    def as_json(self) -> dict[str, Any]:
        """The view as ``--json`` prints it (money in cents)."""
        a = self.award
        return {
            "prize_kind": "cash" if a is None else "seats",
            "target_event": self.target_event,
            "target_name": self.target_name,
            "seat_value_cents": None if a is None else a.seat_value,
            "pool_cents": None if a is None else a.pool,
            "seats": None if a is None else a.seats,
            "leftover_cents": None if a is None else a.leftover,
            "leftover_rule": None if a is None else a.rule.value,
            "awards": []
            if a is None
            else [{"place": w.place, "seat": w.seat, "cash_cents": w.cash} for w in a.awards],
            "paid": [
                {
                    "name": p.name,
                    "entry": p.entry_id,
                    "place": p.place,
                    "seat": p.seat,
                    "cash_cents": p.cash,
                    "target_player": p.target_player,
                }
                for p in self.paid
            ],
        }


def satellite_view(state: TournamentState) -> SatelliteView:
    """The satellite's terms, its seats and cash by place over the net pool, and payments."""
    part = state.part(Satellite)
    award = (
        award_seats(pool(state).net, part.seat_value, part.leftover) if part.is_satellite else None
    )
    return SatelliteView(
        target_event=part.target_event,
        target_name=part.target_name,
        award=award,
        paid=tuple(part.paid.values()),
    )


__all__ = [
    "Award",
    "EventId",
    "LeftoverRule",
    "PaidSeat",
    "PaySeat",
    "PrizeKind",
    "Satellite",
    "SatelliteAward",
    "SatelliteSet",
    "SatelliteView",
    "SeatPaid",
    "SetSatellite",
    "Winner",
    "award_seats",
    "check_seat_value",
    "satellite_award",
    "satellite_view",
    "winner_of",
]
