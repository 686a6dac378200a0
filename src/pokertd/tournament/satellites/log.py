"""Satellites on the tournament's log: seat prizes set, seats paid.

* :class:`SetSatellite` (director) makes the event a satellite: its prizes are seats in a
  target event worth ``seat_value_cents`` each, the leftover paid as cash by the stated
  rule. Refused for a seat value that is not positive, a target that is this event, or once
  a seat has been paid. The target's existence and state are facts of another tournament:
  the series service checks them (:mod:`pokertd.app.series`) before it sends this.
* :class:`PaySeat` (director) records the award paid to a finisher (his place's seat and
  cash from :func:`~pokertd.tournament.satellites.rules.award_seats` over the net prize
  pool) with the player id the service registered him under in the target event. A
  player still in when no more players remain than seats has won a seat too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, TypeAlias

from pokertd.errors import InvalidCommand, RuleViolation
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
)
from pokertd.tournament.prizes.pool import pool
from pokertd.tournament.prizes.results import results
from pokertd.tournament.satellites.rules import (
    Award,
    LeftoverRule,
    PrizeKind,
    SatelliteAward,
    award_seats,
    check_seat_value,
)
from pokertd.tournament.satellites.state import PaidSeat, Satellite

EventId: TypeAlias = Annotated[str, lim.Text("A tournament id", 64)]

# --- events -----------------------------------------------------------------------------------


@event("satellite_set")
class SatelliteSet(Event):
    """The event's prizes are seats in ``target_event`` worth ``seat_value`` each."""

    target_event: str
    target_name: str
    seat_value: int
    leftover: LeftoverRule

    def describe(self) -> str:
        name = self.target_name or self.target_event
        return (
            f"Satellite to {name}: seats of {format_money(self.seat_value)}, leftover "
            f"{'to the next place' if self.leftover is LeftoverRule.NEXT_PLACE else 'split'}"
        )


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

    def describe(self) -> str:
        won = ["a seat in " + self.target_event] if self.seat else []
        won += [format_money(self.cash)] if self.cash else []
        return f"Paid {self.name} (place {self.place}): {' + '.join(won)}"


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
        raise RuleViolation("This event is not a satellite: its prizes are cash.")
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
            f"{player.name} is still playing: {roster.alive_count} players remain for "
            f"{award.seats} seats."
        )
    else:
        raise RuleViolation(f"{player.name} has not finished in this satellite.")
    won = award.for_place(place)
    if won is None:
        raise RuleViolation(
            f"{player.name} finished {place}: the satellite pays {award.seats} seats"
            + (f" and cash to place {award.seats + 1}." if award.leftover else ".")
        )
    if entry_id in state.part(Satellite).paid:
        raise RuleViolation(f"{player.name}'s award has already been paid.")
    return Winner(entry_id=entry_id, name=player.name, place=place, award=won)


@decides(SetSatellite)
def _decide_set(state: TournamentState, cmd: SetSatellite, ctx: Context) -> list[Event]:
    if not state.part(Setup).created:
        raise InvalidCommand("This tournament has not been created yet.")
    check_seat_value(cmd.seat_value_cents)
    target = cmd.target_event.strip()
    if not target:
        raise InvalidCommand("Name the target event of the satellite.")
    if target == state.id:
        raise InvalidCommand("A satellite cannot award seats in itself.")
    if state.part(Satellite).paid:
        raise RuleViolation("Seats have been paid: the satellite's terms can no longer change.")
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
            "A seat is paid by registering the player in the target event: pay it through "
            "the series, which does both."
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


__all__ = [
    "EventId",
    "PaySeat",
    "SatelliteSet",
    "SeatPaid",
    "SetSatellite",
    "Winner",
    "satellite_award",
    "winner_of",
]
