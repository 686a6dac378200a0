"""Multi-day play on the tournament's log: end of day (bag and tag) and the next day's start.

* :class:`EndDay` (director) stops play for the day: the clock is paused, every player
  still in must have a chip count (the counts the floor recorded, or given in the command,
  which are recorded with it), each gets a bag number (given, or the next free number in
  table and seat order), and :class:`DayEnded` keeps the bag-and-tag list with the chips
  that were in play, so the roll-up and its difference are part of the record.
* :class:`StartDay` (director) restarts from the bags: a fresh random draw for every
  bagged player still in (the seating's draw under the profile's rules: the room laid
  again, given or as before, the fewest tables that fit, C1), the stacks as bagged.
  It records the seating's own events (:class:`TablesLaidOut`, :class:`SeatsDrawn`), the
  stacks (:class:`ChipsCounted`) and :class:`DayStarted`.
* :class:`CarryFlights` (sent by the series service to a new Day 2 tournament) takes the
  bags of an event's flights (all survivors, or each player's best stack where re-entering
  flights is allowed: :func:`~pokertd.tournament.days.flights.carry_flights`): the players
  (:class:`PlayerAdded`), their stacks as Day 1 bags (:class:`FlightsCarried`, so
  :class:`StartDay` redraws them for Day 2) and the flights' prize pool
  (:class:`~pokertd.tournament.prizes.log.PoolCarried`).
* :class:`CloseFlight` (the series service, on each flight) records that the flight's bags
  went to Day 2: the flight is over (its players' stacks live on in Day 2 only).

Implements: C1 (Day 2 redraw at random); issue 14 (flights carried to Day 2).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain
from typing import Annotated, TypeAlias

from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.i18n import N_, Chips, Params, Sentence
from pokertd.tournament import limits as lim
from pokertd.tournament.clock.log import ClockPaused
from pokertd.tournament.days.flights import FlightPool, FlightStack, carry_flights
from pokertd.tournament.days.rules import Bag, ChipsInPlay, bag_numbers, chips_in_play
from pokertd.tournament.days.state import DayEnd, Days
from pokertd.tournament.entries.log import ChipsCounted, PlayerAdded
from pokertd.tournament.entries.rules import EntryKind, EntryStatus
from pokertd.tournament.entries.state import Entry, Roster, Setup, live_entry_of, read_clock
from pokertd.tournament.framework import (
    Command,
    Context,
    Event,
    TournamentState,
    applies,
    decides,
    event,
)
from pokertd.tournament.prizes.log import PoolCarried
from pokertd.tournament.seating.log import SeatsDrawn, TablesLaidOut
from pokertd.tournament.seating.rules import Layout, Seating, draw_initial_seats
from pokertd.tournament.seating.state import SeatRecord, Tables, keep_apart_of, seating_now

DAY_MAX = 30
"""The most days an event may run."""
BAG_MAX = 20
"""The longest bag number (``A-0172``)."""

DayNo: TypeAlias = Annotated[int, lim.Whole(N_("A day number"), 1, DAY_MAX)]
BagNo: TypeAlias = Annotated[str, lim.Text(N_("A bag number"), BAG_MAX)]

# --- events -----------------------------------------------------------------------------------


@event("day_ended")
class DayEnded(Event):
    """Play stopped for the day: the bag-and-tag list and the chips in play then."""

    day: int
    bags: tuple[Bag, ...]
    in_play: ChipsInPlay
    at: str
    note: str = ""

    def said(self) -> Sentence:
        bagged = sum(b.chips for b in self.bags)
        diff = bagged - self.in_play.total
        params: Params = {
            "day": self.day,
            "bags": len(self.bags),
            "chips": Chips(bagged),
            "diff": f"{diff:+,}",
        }
        if diff == 0:
            return Sentence(
                N_("Day %(day)s ended: %(bags)s bags, %(chips)s chips (balanced)"), params
            )
        return Sentence(
            N_("Day %(day)s ended: %(bags)s bags, %(chips)s chips (difference %(diff)s)"), params
        )


@event("day_started")
class DayStarted(Event):
    """The next day started from the bags, seats redrawn."""

    day: int
    players: int
    tables: int
    at: str

    def said(self) -> Sentence:
        return Sentence(
            N_("Day %(day)s started: %(players)s players redrawn at %(tables)s tables"),
            {"day": self.day, "players": self.players, "tables": self.tables},
        )


@applies(DayEnded)
def _apply_ended(state: TournamentState, ev: DayEnded) -> None:
    days = state.part(Days)
    days.ended.append(DayEnd(day=ev.day, bags=ev.bags, in_play=ev.in_play, at=ev.at, note=ev.note))
    days.bagged = True


@applies(DayStarted)
def _apply_started(state: TournamentState, ev: DayStarted) -> None:
    days = state.part(Days)
    days.day = ev.day
    days.bagged = False
    days.started_at.append(ev.at)


# --- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class EndDay(Command):
    """End the day: bag and tag every player still in (counts and bag numbers)."""

    day: DayNo
    counts: Annotated[
        tuple[tuple[lim.PlayerRef, lim.Chips], ...], lim.Items(N_("Chip counts"), lim.PLAYERS_MAX)
    ] = ()
    """Counts for the bags (players without one here need a count recorded earlier)."""
    bags: Annotated[
        tuple[tuple[lim.PlayerRef, BagNo], ...], lim.Items(N_("Bag numbers"), lim.PLAYERS_MAX)
    ] = ()
    """Bag numbers the floor wrote; the others are numbered 1, 2, ... in seat order."""
    note: lim.Note = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class StartDay(Command):
    """Start the next day from the bags with a fresh draw for seats."""

    day: DayNo
    tables: Annotated[
        tuple[tuple[lim.TableNo, lim.SeatCount], ...], lim.Items(N_("Tables"), lim.TABLE_MAX)
    ] = ()
    """The day's room, ``(table, seats)``; empty: the room as it was laid."""


# --- deciders ---------------------------------------------------------------------------------


def _created(state: TournamentState) -> Setup:
    setup = state.part(Setup)
    if not setup.created:
        raise InvalidCommand(template=N_("This tournament has not been created yet."))
    if setup.finished:
        raise RuleViolation(
            template=N_("This tournament is over: there is no day to end or start.")
        )
    return setup


def _names(names: list[str]) -> str:
    shown = ", ".join(names[:6])
    return shown + (f" and {len(names) - 6} more" if len(names) > 6 else "")


@decides(EndDay)
def _decide_end(state: TournamentState, cmd: EndDay, ctx: Context) -> list[Event]:
    _created(state)
    days = state.part(Days)
    if days.bagged:
        raise RuleViolation(
            template=N_("Day %(day)s is already bagged: start Day %(next_day)s before ending it."),
            params={"day": days.day, "next_day": days.day + 1},
        )
    if cmd.day != days.day:
        raise InvalidCommand(
            template=N_("Today is Day %(day)s, not Day %(day_2)s."),
            params={"day": days.day, "day_2": cmd.day},
        )
    roster = state.part(Roster)
    alive = roster.alive()
    if not alive:
        raise RuleViolation(template=N_("Nobody is still in: there is nothing to bag."))
    given: dict[str, int] = {}
    names: dict[str, str] = {}
    for ref, chips in cmd.counts:
        player, entry = live_entry_of(state, ref)
        if entry.entry_id in given:
            raise InvalidCommand(
                template=N_("%(name)s is counted twice."), params={"name": player.name}
            )
        if chips <= 0:
            raise InvalidCommand(
                template=N_("%(name)s has no chips: record the bust instead of bagging."),
                params={"name": player.name},
            )
        given[entry.entry_id] = chips
        names[entry.entry_id] = player.name
    counts: dict[str, int] = {}
    missing: list[str] = []
    for entry in alive:
        if entry.entry_id in given:
            counts[entry.entry_id] = given[entry.entry_id]
        elif entry.stack is not None and entry.stack > 0 and entry.stack_note != "buy-in":
            counts[entry.entry_id] = entry.stack
        else:
            missing.append(entry.name)
    if missing:
        raise RuleViolation(
            template=N_(
                "Every bag needs a chip count: none recorded for %(names_missing)s. Count "
                "them, then end the day."
            ),
            params={"names_missing": _names(missing)},
            context={"missing": missing},
        )
    labels: dict[str, str] = {}
    for ref, bag in cmd.bags:
        player, entry = live_entry_of(state, ref)
        if entry.entry_id in labels:
            raise InvalidCommand(
                template=N_("%(name)s is given two bag numbers."), params={"name": player.name}
            )
        labels[entry.entry_id] = bag
    where = seating_now(state).where  # read only
    far = (10**9, 10**9)

    def seat_key(entry_id: str) -> tuple[int, int]:
        spot = where.get(entry_id)
        return far if spot is None else (int(spot[0]), int(spot[1]))

    order = sorted(counts, key=lambda e: (seat_key(e), e))
    numbers = bag_numbers(order, labels)
    bags = []
    for entry_id in order:
        spot = where.get(entry_id)
        bags.append(
            Bag(
                entry_id=entry_id,
                name=roster.entries[entry_id].name,
                table=None if spot is None else int(spot[0]),
                seat=None if spot is None else int(spot[1]) + 1,
                chips=counts[entry_id],
                bag=numbers[entry_id],
            )
        )
    carried = (("buy_in", b.chips) for b in days.carried_in)  # a Day 2 fed by flights
    in_play = chips_in_play(
        chain(((p.kind.value, p.chips) for p in roster.purchases), carried),
        roster.chips_removed,
    )
    at = ctx.now.isoformat(timespec="seconds")
    events: list[Event] = []
    reading = read_clock(state, ctx.now)
    if reading is not None and reading.started and reading.running:
        events.append(ClockPaused(at=at, reason=f"end of Day {cmd.day}"))
    if given:
        events.append(ChipsCounted(counts=given, names=names, note=f"bagged, Day {cmd.day}"))
    events.append(DayEnded(day=cmd.day, bags=tuple(bags), in_play=in_play, at=at, note=cmd.note))
    return events


def _layout(state: TournamentState, cmd: StartDay) -> TablesLaidOut:
    """The day's room as a layout event: the one given, else the room as laid before."""
    if cmd.tables:
        return TablesLaidOut(tables=cmd.tables)
    part = state.part(Tables)
    tmpl = state.part(Setup).tmpl
    layout = part.layout or Layout.uniform(tmpl.tables, tmpl.seats_per_table)
    return TablesLaidOut(
        tables=tuple((t.number, t.seats) for t in layout.tables),
        break_order=layout.break_order,
        unavailable=tuple((t.number, s + 1) for t in layout.tables for s in sorted(t.unavailable)),
        reserved=tuple((t.number, s + 1) for t in layout.tables for s in sorted(t.reserved)),
    )


@decides(StartDay)
def _decide_start(state: TournamentState, cmd: StartDay, ctx: Context) -> list[Event]:
    setup = _created(state)
    days = state.part(Days)
    end = days.last_end()
    if not days.bagged or end is None:
        raise RuleViolation(
            template=N_("Day %(day)s has not been bagged yet: end it first."),
            params={"day": days.day},
        )
    if cmd.day != days.day + 1:
        raise InvalidCommand(
            template=N_("Day %(day)s was bagged: the next day is Day %(next_day)s."),
            params={"day": days.day, "next_day": days.day + 1},
        )
    entries = state.part(Roster).entries
    bags = [b for b in end.bags if entries[b.entry_id].status is EntryStatus.ALIVE]
    if not bags:
        raise RuleViolation(template=N_("No bagged player is still in: there is nobody to seat."))
    laid = _layout(state, cmd)
    layout = laid.layout()
    layout.validate(setup.profile)
    seating = Seating.from_layout(layout, setup.profile)
    seating.apart = keep_apart_of(state)  # the director's keep-apart groups (SPOT-2c3)
    notes: list[str] = []
    draws = draw_initial_seats(seating, [b.entry_id for b in bags], ctx.rng, notes)
    records = tuple(
        SeatRecord(entry_id=d.player, name=entries[d.player].name, table=d.table, seat=d.seat + 1)
        for d in sorted(draws, key=lambda d: (d.table, d.seat))
    )
    at = ctx.now.isoformat(timespec="seconds")
    stacks = {b.entry_id: b.chips for b in bags}
    return [
        laid,
        SeatsDrawn(seats=records, how=f"Day {cmd.day} redraw", apart=tuple(notes)),
        ChipsCounted(
            counts=stacks,
            names={b.entry_id: b.name for b in bags},
            note=f"Day {cmd.day} start, as bagged",
        ),
        DayStarted(
            day=cmd.day, players=len(records), tables=len({r.table for r in records}), at=at
        ),
    ]


# --- flights into Day 2 (issue 14) --------------------------------------------------------

FLIGHTS_MAX = 26
"""The most flights one Day 2 is formed from (Day 1A to Day 1Z)."""
TournamentRef: TypeAlias = Annotated[str, lim.Text(N_("A tournament id"), lim.SHORT_MAX)]
FlightLabel: TypeAlias = Annotated[str, lim.Text(N_("A flight's name"), lim.SHORT_MAX)]


@event("flights_carried")
class FlightsCarried(Event):
    """Day 2 formed from the flights' bags: one entry per stack carried, bagged as Day 1."""

    flights: tuple[str, ...]
    bags: tuple[Bag, ...]
    """The stacks carried (entry ids of this event), as Day 1's bag list."""
    players: tuple[str, ...]
    """The player id of each bag, in the same order."""
    surrendered: int = 0
    """Bags left behind by players carrying a better stack from another flight."""
    at: str

    def said(self) -> Sentence:
        params: Params = {
            "flights": len(self.flights),
            "stacks": len(self.bags),
            "chips": Chips(sum(b.chips for b in self.bags)),
            "left": self.surrendered,
        }
        if self.surrendered:
            return Sentence(
                N_(
                    "Day 2 formed from %(flights)s flights: %(stacks)s stacks, %(chips)s chips; "
                    "%(left)s smaller stacks surrendered"
                ),
                params,
            )
        return Sentence(
            N_("Day 2 formed from %(flights)s flights: %(stacks)s stacks, %(chips)s chips"), params
        )


@event("flight_closed")
class FlightClosed(Event):
    """This flight's bags went to Day 2: the flight is over."""

    day2: str
    day2_name: str = ""

    def said(self) -> Sentence:
        return Sentence(
            N_("Flight closed: its bags went to %(name)s (%(id)s)"),
            {"name": self.day2_name or self.day2, "id": self.day2},
        )


@applies(FlightsCarried)
def _apply_carried(state: TournamentState, ev: FlightsCarried) -> None:
    roster = state.part(Roster)
    for bag, player_id in zip(ev.bags, ev.players, strict=True):
        roster.enter(
            Entry(
                entry_id=bag.entry_id,
                player_id=player_id,
                name=bag.name,
                kind=EntryKind.BUY_IN,
                number=1,
                issued=bag.chips,
                stack=bag.chips,
                stack_note=f"carried, bag {bag.bag}",
                bought_at=ev.at,
            )
        )
        roster.alive_count += 1
        roster.players[player_id].entries.append(bag.entry_id)
    days = state.part(Days)
    in_play = chips_in_play((("buy_in", b.chips) for b in ev.bags), 0)
    days.ended.append(
        DayEnd(day=days.day, bags=ev.bags, in_play=in_play, at=ev.at, note="carried from flights")
    )
    days.bagged = True
    days.carried_in = days.carried_in + ev.bags
    days.flights = days.flights + ev.flights


@applies(FlightClosed)
def _apply_flight_closed(state: TournamentState, ev: FlightClosed) -> None:
    state.part(Days).carried_to = ev.day2
    state.part(Setup).finished = True


FlightRow: TypeAlias = tuple[TournamentRef, FlightLabel, lim.Count, lim.Cents]
"""``(tournament id, label, entries, prize cents)`` of one flight."""
StackRow: TypeAlias = tuple[
    TournamentRef, lim.PlayerName, lim.CardNumber, lim.PlayerDbId, lim.Chips, BagNo
]
"""``(flight id, name, card, player-database id, chips, bag)`` of one bag."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CarryFlights(Command):
    """Form this (new) Day 2 from the flights' bags and pools (the series service sends it,
    having read the flights)."""

    flights: Annotated[tuple[FlightRow, ...], lim.Items(N_("Flights"), FLIGHTS_MAX)]
    stacks: Annotated[tuple[StackRow, ...], lim.Items(N_("Bags"), lim.PLAYERS_MAX)]
    reentry_allowed: bool = False
    """The event lets a player enter more than one flight: his best stack is carried."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CloseFlight(Command):
    """Record on a bagged flight that its bags went to Day 2 (the series service sends it)."""

    day2: TournamentRef
    day2_name: lim.EventName = ""


def carried_field(cmd: CarryFlights) -> tuple[list[FlightStack], list[FlightPool]]:
    """The command's rows as the pure rule's values."""
    labels = {f[0]: f[1] for f in cmd.flights}
    pools = [
        FlightPool(flight=f, label=lb, entries=n, prize_cents=c) for f, lb, n, c in cmd.flights
    ]
    stacks = [
        FlightStack(
            flight=f, label=labels.get(f, f), name=name, card=card, db_id=db, chips=chips, bag=bag
        )
        for f, name, card, db, chips, bag in cmd.stacks
    ]
    return stacks, pools


def _short(label: str) -> str:
    """``Day 1A`` -> ``1A``: the flight's mark on a carried bag number."""
    text = label.strip()
    return text[4:].strip() if text.lower().startswith("day ") else text


@decides(CarryFlights)
def _decide_carry(state: TournamentState, cmd: CarryFlights, ctx: Context) -> list[Event]:
    _created(state)
    roster = state.part(Roster)
    days = state.part(Days)
    if days.flights or days.ended:
        raise RuleViolation(
            template=N_("This event already has its Day 1 bags: Day 2 is formed once.")
        )
    if roster.players:
        raise RuleViolation(
            template=N_(
                "Players are already registered in this event: form Day 2 from the flights in "
                "a new event."
            )
        )
    stacks, pools = carried_field(cmd)
    field = carry_flights(stacks, pools, reentry_allowed=cmd.reentry_allowed)
    at = ctx.now.isoformat(timespec="seconds")
    events: list[Event] = []
    bags: list[Bag] = []
    players: list[str] = []
    for n, s in enumerate(field.stacks, start=1):
        player_id, entry_id = f"P{n}", f"E{n}"
        events.append(
            PlayerAdded(player_id=player_id, name=s.name, member=s.card, age_ok=True, db_id=s.db_id)
        )
        label = f"{_short(s.label)}-{s.bag}"[:BAG_MAX]
        bags.append(
            Bag(entry_id=entry_id, name=s.name, table=None, seat=None, chips=s.chips, bag=label)
        )
        players.append(player_id)
    events.append(
        FlightsCarried(
            flights=tuple(p.flight for p in pools),
            bags=tuple(bags),
            players=tuple(players),
            surrendered=len(field.surrendered),
            at=at,
        )
    )
    events.append(
        PoolCarried(
            flights=tuple(p.flight for p in pools),
            prize_cents=field.pool_cents,
            entries=field.entries,
            stacks=len(field.stacks),
        )
    )
    return events


@decides(CloseFlight)
def _decide_close_flight(state: TournamentState, cmd: CloseFlight, ctx: Context) -> list[Event]:
    _created(state)
    days = state.part(Days)
    if days.carried_to:
        raise RuleViolation(
            template=N_("This flight's bags already went to %(carried_to)s."),
            params={"carried_to": days.carried_to},
        )
    if not days.bagged or days.last_end() is None:
        raise RuleViolation(template=N_("This flight has not been bagged: end its day first."))
    return [FlightClosed(day2=cmd.day2, day2_name=cmd.day2_name)]


__all__ = [
    "BAG_MAX",
    "DAY_MAX",
    "FLIGHTS_MAX",
    "BagNo",
    "CarryFlights",
    "CloseFlight",
    "DayEnded",
    "DayNo",
    "DayStarted",
    "EndDay",
    "FlightClosed",
    "FlightsCarried",
    "StartDay",
    "carried_field",
]
