"""Read model of a satellite: its terms, the seats and cash by place, and what was paid."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pokertd.tournament.framework import TournamentState
from pokertd.tournament.prizes.pool import pool
from pokertd.tournament.satellites.rules import SatelliteAward, award_seats
from pokertd.tournament.satellites.state import PaidSeat, Satellite


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


__all__ = ["SatelliteView", "satellite_view"]
