"""Flights into Day 2, pure: who carries which stack, and the pool the flights made.

An event played in flights (Day 1A, Day 1B, ...) plays each flight as a tournament; at the
end of each flight the survivors bag their chips (:class:`~pokertd.tournament.days.rules.
Bag`). Day 2 starts from those bags:

* when the event does not allow re-entering flights, every survivor carries his bag, and a
  player still alive in two flights is refused (he could not have been: the floor must
  resolve it before Day 2 is formed);
* when it does, a player who survived more than one flight carries only his best stack
  (the other bags are surrendered, as the venues' rules say); ties go to the earlier flight.

A player is the same person in two flights by card when both have one, else by name
(:func:`~pokertd.tournament.entries.rules.same_player`). The prize pool of Day 2 is the sum
of the flights' pools (prize parts plus added money, before any withholding, which Day 2
takes once), and the payout table counts every flight entry.

No events, no state here: plain values in, plain values out (the days log and the series
service call these).

Implements: C1 (Day 2 redraw; the carried bags are what is seated), issue 14 (flights).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.i18n import N_
from pokertd.tournament.entries.rules import player_key
from pokertd.types import Cents, Chips


@dataclass(frozen=True, slots=True, kw_only=True)
class FlightStack:
    """One bag of a flight, as Day 2 reads it."""

    flight: str
    """The flight's tournament id."""
    label: str
    """The flight's name as the floor says it (``Day 1A``)."""
    name: str
    card: str = ""
    db_id: str = ""
    chips: Chips
    bag: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FlightPool:
    """What a flight put into the event's prize pool."""

    flight: str
    label: str
    entries: int
    """Entries bought in the flight (buy-ins, re-entries, alternates)."""
    prize_cents: Cents
    """Prize parts of every purchase plus the flight's added money."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CarriedField:
    """Day 2's field: the stacks carried, the bags surrendered, the pool and its entries."""

    stacks: tuple[FlightStack, ...]
    """One per Day 2 player, biggest stack first (ties: flight order, then name)."""
    surrendered: tuple[FlightStack, ...]
    """Bags left behind by players who carry a better stack from another flight."""
    pool_cents: Cents
    entries: int

    @property
    def chips(self) -> Chips:
        """Every chip carried to Day 2."""
        return sum(s.chips for s in self.stacks)


def _person(stack: FlightStack) -> str:
    """Who a bag belongs to across flights: the card when there is one, else the name."""
    card = stack.card.strip()
    return f"card:{card}" if card else f"name:{player_key(stack.name)}"


def carry_flights(
    stacks: Sequence[FlightStack], pools: Sequence[FlightPool], *, reentry_allowed: bool
) -> CarriedField:
    """Day 2's field from the flights' bags (the rule of the event: ``reentry_allowed``).

    >>> a = FlightStack(flight="T1", label="Day 1A", name="Ann", chips=30_000, bag="1")
    >>> b = FlightStack(flight="T2", label="Day 1B", name="ann", chips=45_000, bag="4")
    >>> pools = [FlightPool(flight="T1", label="Day 1A", entries=12, prize_cents=102_000),
    ...          FlightPool(flight="T2", label="Day 1B", entries=9, prize_cents=76_500)]
    >>> field = carry_flights([a, b], pools, reentry_allowed=True)
    >>> [(s.label, s.chips) for s in field.stacks], field.pool_cents, field.entries
    ([('Day 1B', 45000)], 178500, 21)
    """
    if not pools:
        raise InvalidCommand(template=N_("Name at least one flight to form Day 2 from."))
    order = {p.flight: i for i, p in enumerate(pools)}
    if len(order) != len(pools):
        raise InvalidCommand(template=N_("A flight is named twice."))
    by_person: dict[str, list[FlightStack]] = {}
    for s in stacks:
        if s.flight not in order:
            raise InvalidCommand(
                template=N_("%(name)s's bag comes from %(flight)s, which is not a flight here."),
                params={"name": s.name, "flight": s.flight},
            )
        if s.chips <= 0:
            raise InvalidCommand(
                template=N_("%(name)s's bag from %(label)s holds no chips."),
                params={"name": s.name, "label": s.label},
            )
        by_person.setdefault(_person(s), []).append(s)
    if not stacks:
        raise RuleViolation(
            template=N_("No flight bagged anybody: there is nobody to carry to Day 2.")
        )
    carried: list[FlightStack] = []
    surrendered: list[FlightStack] = []
    doubles: list[str] = []
    for bags in by_person.values():
        bags.sort(key=lambda s: (-s.chips, order[s.flight]))
        if len(bags) > 1 and not reentry_allowed:
            doubles.append(f"{bags[0].name} ({', '.join(b.label for b in bags)})")
        carried.append(bags[0])
        surrendered.extend(bags[1:])
    if doubles:
        if len(doubles) == 1:
            template = N_(
                "This event does not allow re-entering flights, but %(players)s is alive in two "
                "flights: settle it before forming Day 2."
            )
        elif len(doubles) > 6:
            template = N_(
                "This event does not allow re-entering flights, but %(players)s and more are "
                "alive in two flights: settle it before forming Day 2."
            )
        else:
            template = N_(
                "This event does not allow re-entering flights, but %(players)s are alive in two "
                "flights: settle it before forming Day 2."
            )
        raise RuleViolation(
            template=template,
            params={"players": "; ".join(doubles[:6])},
            context={"players": doubles},
        )
    carried.sort(key=lambda s: (-s.chips, order[s.flight], player_key(s.name)))
    return CarriedField(
        stacks=tuple(carried),
        surrendered=tuple(surrendered),
        pool_cents=sum(p.prize_cents for p in pools),
        entries=sum(p.entries for p in pools),
    )


__all__ = ["CarriedField", "FlightPool", "FlightStack", "carry_flights"]
