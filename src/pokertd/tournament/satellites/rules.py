"""Satellites, pure: a prize pool turned into seats (or tickets of a value) in a target event.

A satellite's prizes are seats in a target event, each worth ``seat_value`` (the target's
buy-in, or a ticket of that value). The pool buys as many whole seats as it holds; what is
left over is paid as cash, as the event states: to the next place after the last seat
(``next_place``) or split evenly among the seat winners (``split``; odd cents to the best
places first). A pool too small for one seat pays its winner the cash.

>>> a = award_seats(5_250_00, 1_500_00, LeftoverRule.NEXT_PLACE)
>>> (a.seats, a.leftover, [(w.place, w.seat, w.cash) for w in a.awards])
(3, 75000, [(1, True, 0), (2, True, 0), (3, True, 0), (4, False, 75000)])
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from pokertd.errors import InvalidCommand
from pokertd.money import format_money
from pokertd.types import Cents


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
        raise InvalidCommand("A seat's value must be a positive amount of money.")


def award_seats(pool: Cents, seat_value: Cents, rule: LeftoverRule) -> SatelliteAward:
    """Seats and cash by place for a prize ``pool`` of seats worth ``seat_value`` each.

    >>> [(w.place, w.cash) for w in award_seats(5_250_00, 1_500_00, LeftoverRule.SPLIT).awards]
    [(1, 25000), (2, 25000), (3, 25000)]
    """
    check_seat_value(seat_value)
    if pool < 0:
        raise InvalidCommand("A prize pool cannot be negative.")
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


__all__ = [
    "Award",
    "LeftoverRule",
    "PrizeKind",
    "SatelliteAward",
    "award_seats",
    "check_seat_value",
]
