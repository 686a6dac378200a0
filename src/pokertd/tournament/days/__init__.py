"""Multi-day play: end of day (bag and tag, chip roll-up) and the next day's redraw (issue 14).

``rules`` (bags, chips in play, reconciliation; pure) ← ``state`` (the :class:`Days` part)
← ``log`` (``EndDay``, ``StartDay``, their events); ``views`` gives the bag list and the
day. A domain of its own rather than part of seating or entries: it spans both (counts from
entries, seats from seating, the clock paused) and owns facts neither has (the day, the
bags); each of those domains stays unaware of days.
"""

from pokertd.tournament.days.flights import (
    CarriedField,
    FlightPool,
    FlightStack,
    carry_flights,
)
from pokertd.tournament.days.log import (
    BAG_MAX,
    DAY_MAX,
    FLIGHTS_MAX,
    CarryFlights,
    CloseFlight,
    DayEnded,
    DayStarted,
    EndDay,
    FlightClosed,
    FlightsCarried,
    StartDay,
    carried_field,
)
from pokertd.tournament.days.rules import (
    Bag,
    ChipsInPlay,
    Reconciliation,
    bag_numbers,
    chips_in_play,
    reconcile,
)
from pokertd.tournament.days.state import DayEnd, Days
from pokertd.tournament.days.views import BagList, DayView, bag_list, day_seats, day_view

__all__ = [
    "BAG_MAX",
    "DAY_MAX",
    "FLIGHTS_MAX",
    "Bag",
    "BagList",
    "CarriedField",
    "CarryFlights",
    "ChipsInPlay",
    "CloseFlight",
    "DayEnd",
    "DayEnded",
    "DayStarted",
    "DayView",
    "Days",
    "EndDay",
    "FlightClosed",
    "FlightPool",
    "FlightStack",
    "FlightsCarried",
    "Reconciliation",
    "StartDay",
    "bag_list",
    "bag_numbers",
    "carried_field",
    "carry_flights",
    "chips_in_play",
    "day_seats",
    "day_view",
    "reconcile",
]
