"""Across events of a series: satellites that award seats in a target event (issue 14).

A satellite's terms and its seats name another tournament, which the tournament core of
one event never sees; this service does, through the :class:`TournamentService`:

* :meth:`SeriesService.set_satellite` refuses a target that is unknown, finished, or the
  satellite itself, and a seat value that is not positive, then records the terms
  (:class:`~pokertd.tournament.satellites.SetSatellite`).
* :meth:`SeriesService.pay_seat` pays a winner: a seat registers him in the target event
  (the ordinary ``Register`` there, so the target's own rules apply: registration open,
  seats, one live event), then the satellite records the award with his player id there
  (:class:`~pokertd.tournament.satellites.PaySeat`); cash alone is recorded directly.
  When the satellite refuses after the registration, the registration is undone, so a
  refused call changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pokertd.errors import InvalidCommand, NotFound, PokertdError, RuleViolation
from pokertd.roles import Role
from pokertd.service import TournamentService, utc_now
from pokertd.tournament.entries import Register, Roster, Setup, find_player
from pokertd.tournament.framework import Undo
from pokertd.tournament.limits import CENTS_MAX
from pokertd.tournament.satellites import (
    LeftoverRule,
    PaySeat,
    Satellite,
    SatelliteView,
    SetSatellite,
    check_seat_value,
    satellite_view,
    winner_of,
)
from pokertd.tournament.views import status


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatPayment:
    """What :meth:`SeriesService.pay_seat` did: the award and, for a seat, where it sits."""

    name: str
    place: int
    seat: bool
    cash_cents: int
    target_event: str
    target_player: str

    def as_json(self) -> dict[str, Any]:
        """The payment as ``--json`` prints it."""
        return {
            "name": self.name,
            "place": self.place,
            "seat": self.seat,
            "cash_cents": self.cash_cents,
            "target_event": self.target_event,
            "target_player": self.target_player,
        }


class SeriesService:
    """Satellites and their target events, over one :class:`TournamentService`."""

    def __init__(self, tournaments: TournamentService) -> None:
        self.tournaments = tournaments

    def _open_target(self, satellite: str, target: str) -> str:
        """The target's name, refused when it is unknown, finished or the satellite."""
        target = target.strip()
        if not target:
            raise InvalidCommand("Name the target event of the satellite.")
        if target == satellite:
            raise InvalidCommand("A satellite cannot award seats in itself.")
        if not self.tournaments.exists(target):
            raise NotFound(f"There is no event {target!r} to award seats in.")
        state = self.tournaments.state(target)
        if status(state, utc_now()).finished:
            raise RuleViolation(
                f"{state.part(Setup).name} ({target}) is finished: it cannot take seats."
            )
        return state.part(Setup).name

    def set_satellite(
        self,
        satellite: str,
        target: str,
        seat_value_cents: int,
        *,
        leftover: LeftoverRule | str = LeftoverRule.NEXT_PLACE,
        actor: str = "system",
        role: Role | str = Role.DIRECTOR,
    ) -> SatelliteView:
        """Make ``satellite`` award seats in ``target`` worth ``seat_value_cents`` each."""
        check_seat_value(seat_value_cents)
        if seat_value_cents > CENTS_MAX:
            raise InvalidCommand("That seat value is too large.")
        try:
            rule = LeftoverRule(leftover)
        except ValueError:
            raise InvalidCommand(f"Leftover {leftover!r}: write next_place or split.") from None
        if not self.tournaments.exists(satellite):
            raise NotFound(f"There is no event {satellite!r}.")
        name = self._open_target(satellite, target)
        self.tournaments.run(
            satellite,
            SetSatellite(
                target_event=target.strip(),
                target_name=name,
                seat_value_cents=seat_value_cents,
                leftover=rule,
            ),
            actor=actor,
            role=role,
        )
        return self.view(satellite)

    def view(self, satellite: str) -> SatelliteView:
        """The satellite's terms, seats and cash by place, and what was paid."""
        return self.tournaments.read(satellite, satellite_view)

    def pay_seat(
        self,
        satellite: str,
        player: str,
        *,
        actor: str = "system",
        role: Role | str = Role.DIRECTOR,
    ) -> SeatPayment:
        """Pay ``player``'s award; a seat registers him in the target event first."""
        state = self.tournaments.state(satellite)
        won = winner_of(state, player)  # refuses a player who won nothing, or was paid
        part = state.part(Satellite)
        target_player = ""
        undo_batch: int | None = None
        if won.award.seat:
            self._open_target(satellite, part.target_event)
            who = state.part(Roster).players[state.part(Roster).entries[won.entry_id].player_id]
            records = self.tournaments.run(
                part.target_event,
                Register(
                    name=who.name,
                    member=who.member,
                    age_ok=who.age_ok,
                    member_ok=bool(who.member),
                ),
                actor=actor,
                role=role,
            )
            undo_batch = records[0].seq if records else None
            target_state = self.tournaments.state(part.target_event)
            target_player = find_player(target_state, who.name).player_id
        try:
            self.tournaments.run(
                satellite,
                PaySeat(player=won.entry_id, target_player=target_player),
                actor=actor,
                role=role,
            )
        except PokertdError:
            if undo_batch is not None:
                self.tournaments.run(
                    part.target_event, Undo(batch=undo_batch), actor=actor, role=role
                )
            raise
        return SeatPayment(
            name=won.name,
            place=won.place,
            seat=won.award.seat,
            cash_cents=won.award.cash,
            target_event=part.target_event if won.award.seat else "",
            target_player=target_player,
        )


__all__ = ["SeatPayment", "SeriesService"]
