"""Satellites: prizes as seats (or tickets of a value) in a target event (issue 14).

``rules`` (:func:`award_seats`: seats and leftover cash by place; pure) ← ``state`` (the
:class:`Satellite` part) ← ``log`` (``SetSatellite``, ``PaySeat``); ``views`` shows the
terms and awards. Its own domain rather than part of prizes: the payout table, deals and
receipts stay cash-only, and a seat paid names another tournament, which only the series
service (:mod:`pokertd.app.series`) may look at.
"""

from pokertd.tournament.satellites.log import (
    PaySeat,
    SatelliteSet,
    SeatPaid,
    SetSatellite,
    Winner,
    satellite_award,
    winner_of,
)
from pokertd.tournament.satellites.rules import (
    Award,
    LeftoverRule,
    PrizeKind,
    SatelliteAward,
    award_seats,
    check_seat_value,
)
from pokertd.tournament.satellites.state import PaidSeat, Satellite
from pokertd.tournament.satellites.views import SatelliteView, satellite_view

__all__ = [
    "Award",
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
