"""The seating domain's state part: the seating, the layout and the moves waiting for the floor.

:class:`Tables` is folded from the seating events (:mod:`pokertd.tournament.seating.log`);
:func:`live_seating` is the seating now, the seats of entries no longer in freed. Other
domains read these facts (never the seating views). :class:`SeatRecord` and
:class:`MoveRecord` are seats and moves as stored (1-based seats, as people read them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from pokertd.errors import RuleViolation
from pokertd.tournament.entries.rules import EntryStatus
from pokertd.tournament.entries.state import (
    Roster,
    SeatCapacity,
    Setup,
    read_clock,
    register_capacity_reader,
)
from pokertd.tournament.framework import (
    TournamentState,
    state_part,
)
from pokertd.tournament.prizes.pool import places_paid
from pokertd.tournament.seating.balancing import (
    Move,
    MoveReason,
)
from pokertd.tournament.seating.rules import (
    Layout,
    Seating,
    TableSpec,
)

# --- the part ---------------------------------------------------------------------------------


@state_part
@dataclass
class Tables:
    """This domain's slice of the state: the seating and the moves waiting for the floor."""

    seating: Seating | None = None
    layout: Layout | None = None
    pending: dict[int, Move] = field(default_factory=dict)
    """Suggested moves by id, not yet confirmed."""
    pending_break: int | None = None
    pending_button_draws: tuple[int, ...] = ()
    """Tables that draw for the button once the pending moves are done (SPOT-6.5)."""
    next_move_id: int = 1
    auto_confirm: bool = False
    away: dict[str, str] = field(default_factory=dict)
    """Seated players marked away from their seat: entry id -> since when (ISO time from the
    command's clock). Dealt in and posted while away (A7, D8, K6); a move or a bust ends it."""
    freed: int = 0
    """How many entries of the roster's ``gone`` list (entries out, in the order they went)
    :attr:`seating` has freed the seats of. Those after it went out since the last seating
    event and still sit in :attr:`seating` until the next one frees them."""


def _build(state: TournamentState) -> Seating:
    setup = state.part(Setup)
    tmpl = setup.tmpl
    part = state.part(Tables)
    layout = part.layout or Layout.uniform(tmpl.tables, tmpl.seats_per_table)
    return Seating.from_layout(layout, setup.profile)


def _to_free(state: TournamentState, seating: Seating, freed: int) -> list[str]:
    """Entries seated in ``seating`` that are no longer in (busted, forfeited,
    disqualified): those among the roster's ``gone`` after the first ``freed``.

    Only those can sit there while not in: a seat is only ever given to an entry that is
    in, and an entry that goes out never comes back (a re-entry is a new entry). Looking
    at the few entries that went out since the last seating event, instead of every
    seated player on every event, keeps a 10,000-entry night linear (issue 15). They come
    in the order the seating seated them (the order a scan of the seats gave), which
    matters only at a table with an over-full start's extra seat (SPOT-2c5: the first to
    leave takes it away).
    """
    roster = state.part(Roster)
    gone = roster.gone
    if len(gone) <= freed:
        return []
    where = seating.where
    entries = roster.entries
    out = [
        e
        for e in dict.fromkeys(gone[freed:])
        if e in where and entries[e].status is not EntryStatus.ALIVE
    ]
    if len(out) > 1 and any(seating.tables[where[e][0]].extra_seat for e in out):
        leaving = set(out)
        out = [e for e in where if e in leaving]
    return out


def _sync(state: TournamentState, seating: Seating, freed: int) -> None:
    """Free the seats of entries that are no longer in (see :func:`_to_free`)."""
    for entry_id in _to_free(state, seating, freed):
        seating.unseat(entry_id)


def seating_for_apply(state: TournamentState) -> Seating:
    """The part's own seating for an applier to change (built on first use, busts freed)."""
    part = state.part(Tables)
    gone = len(state.part(Roster).gone)
    if part.seating is None:
        part.seating = _build(state)  # an empty room: nobody's seat to free
    else:
        _sync(state, part.seating, part.freed)
    part.freed = gone
    if part.away:  # a busted player's absence ends with his seat
        where = part.seating.where
        part.away = {e: since for e, since in part.away.items() if e in where}
    return part.seating


def _spec_seats(spec: TableSpec) -> int:
    """Seats of a table not yet in play that a draw may give (not unavailable, not reserved)."""
    return spec.seats - len(spec.unavailable | spec.reserved)


@register_capacity_reader
def seat_capacity_of_layout(state: TournamentState) -> SeatCapacity:
    """The room as laid out now (``LayTables``, tables opened and broken) for registration.

    Seats open to a draw at the tables in play and the spare tables; a player put by hand
    in a reserved seat holds no drawable seat, so is not counted against them. Cheap (no
    copy of the seating): entries ask on every registration.
    """
    part = state.part(Tables)
    seating = part.seating
    roster = state.part(Roster)
    alive = roster.alive_count
    if seating is None:
        tmpl = state.part(Setup).tmpl
        if part.layout is None:  # the template's tables, every seat drawable: no layout built
            seats = tmpl.tables * tmpl.seats_per_table
            return SeatCapacity(seats=seats, tables=tmpl.tables, free=seats - alive)
        layout = part.layout
        seats = sum(_spec_seats(t) for t in layout.tables)
        total = sum(t.seats for t in layout.tables)
        return SeatCapacity(
            seats=seats, tables=len(layout.tables), free=seats - alive, held=total - seats
        )
    seats = seating.capacity + sum(_spec_seats(t) for t in seating.spare.values())
    total = sum(t.n_seats for t in seating.tables.values())
    total += sum(t.seats for t in seating.spare.values())
    in_held_seats = 0  # players still in who sit in a reserved or unavailable seat
    entries = roster.entries
    for table in seating.tables.values():
        held = table.occupied & (table.reserved | table.blocked)
        while held:
            low = held & -held
            player = table.players[low.bit_length() - 1]
            entry = entries.get(player) if player is not None else None
            if entry is not None and entry.status is EntryStatus.ALIVE:
                in_held_seats += 1
            held ^= low
    return SeatCapacity(
        seats=seats,
        tables=len(seating.tables) + len(seating.spare),
        free=seats - alive + in_held_seats,
        held=total - seats,
    )


def live_seating(state: TournamentState) -> Seating:
    """The seating now, busted players' seats freed: an independent copy the caller may
    change (a decider tries its draws and moves on it)."""
    part = state.part(Tables)
    if part.seating is None:
        return _build(state)  # an empty room: nobody's seat to free
    seating = part.seating.copy()
    _sync(state, seating, part.freed)
    return seating


def seating_now(state: TournamentState) -> Seating:
    """The seating now, busted players' seats freed, to READ only (never change it).

    The part's own seating when no entry went out since the last seating event (the
    common case: no copy of a thousand tables for every hand dealt), else a copy with
    their seats freed (:func:`live_seating`).
    """
    part = state.part(Tables)
    seating = part.seating
    if seating is None or _to_free(state, seating, part.freed):
        return live_seating(state)
    return seating


def away_now(state: TournamentState) -> dict[str, str]:
    """Entries still in and seated that are marked away, with since when (ISO time).

    A bust ends an absence (the entry is no longer in), so does a move (its applier);
    cheap: no copy of the seating.
    """
    part = state.part(Tables)
    if not part.away or part.seating is None:
        return {}
    entries = state.part(Roster).entries
    where = part.seating.where
    return {
        e: since
        for e, since in part.away.items()
        if e in where and e in entries and entries[e].status is EntryStatus.ALIVE
    }


def entry_name(state: TournamentState, entry_id: str) -> str:
    """The player's name for an entry id (the id itself when the entry is unknown)."""
    entry = state.part(Roster).entries.get(entry_id)
    return entry.name if entry is not None else entry_id


# --- seats and moves as stored ------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatRecord:
    """An entry drawn or put into a seat (1-based seat)."""

    entry_id: str
    name: str
    table: int
    seat: int
    waits: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class MoveRecord:
    """A move as stored (1-based seats; ``None`` where the floor must fill it in)."""

    move_id: int
    entry_id: str | None
    name: str | None
    from_table: int
    from_seat: int | None
    to_table: int
    to_seat: int | None
    reason: MoveReason
    rule_ids: tuple[str, ...]
    waits: bool = False
    moves_before: int = 0

    def to_move(self) -> Move:
        """The engine-side move (0-based seats)."""
        return Move(
            player=self.entry_id,
            from_table=self.from_table,
            from_seat=None if self.from_seat is None else self.from_seat - 1,
            to_table=self.to_table,
            to_seat=None if self.to_seat is None else self.to_seat - 1,
            reason=self.reason,
            rule_ids=self.rule_ids,
            waits=self.waits,
            moves_before=self.moves_before,
        )


def move_record(state: TournamentState, move_id: int, move: Move) -> MoveRecord:
    """A move as stored and shown: 1-based seats and the player's name."""
    return MoveRecord(
        move_id=move_id,
        entry_id=move.player,
        name=None if move.player is None else entry_name(state, move.player),
        from_table=move.from_table,
        from_seat=None if move.from_seat is None else move.from_seat + 1,
        to_table=move.to_table,
        to_seat=None if move.to_seat is None else move.to_seat + 1,
        reason=move.reason,
        rule_ids=move.rule_ids,
        waits=move.waits,
        moves_before=move.moves_before,
    )


def describe_move(record: MoveRecord) -> str:
    """A stored move in floor words."""
    who = record.name or "the player due the big blind next"
    origin = f"T{record.from_table}" + (f"-S{record.from_seat}" if record.from_seat else "")
    target = f"T{record.to_table}" + (
        f"-S{record.to_seat}" if record.to_seat else " (worst position)"
    )
    why = {
        MoveReason.BALANCE: "balance",
        MoveReason.BREAK_TABLE: "table breaks",
        MoveReason.FLOOR: "floor decision",
    }[record.reason]
    wait = ", waits for the button" if record.waits else ""
    rules = ", ".join(record.rule_ids)
    return f"#{record.move_id} {who}: {origin} -> {target} ({why}{wait}) [{rules}]"


def paid_places_now(state: TournamentState) -> int | None:
    """How many places the tournament pays now, from its own payouts, for the venues that
    balance tighter one table from the money (KPC-7, ``balance_tight_near_money``).

    ``None`` when the profile does not need it or there is no prize pool yet.
    """
    setup = state.part(Setup)
    if not setup.profile.balance_tight_near_money or state.part(Roster).entry_count == 0:
        return None
    return places_paid(state)  # no table for this field: the floor gives ``paid_places``


def wait_for_hand_for_hand_hand(state: TournamentState, now: datetime, what: str) -> None:
    """Refuse a change of seats or stacks (``what``: "The final-table redraw") while a
    hand-for-hand hand is under way and not finished everywhere (B10, G3).

    Busts in one hand-for-hand hand tie (G3); a move, a table break, the final-table
    redraw or a colour-up between them would mix the hands. Once every table has reported
    the hand (or the floor ends hand-for-hand, which closes it) they go ahead, and busts
    after them are a new hand. The clock tells (``ClockReading.hfh_open``), so seating
    never imports it.
    """
    reading = read_clock(state, now)
    if reading is None or not reading.hfh_open:
        return
    waiting = list(reading.hfh_waiting)
    where = ""
    if waiting:
        tables = "table" if len(waiting) == 1 else "tables"
        where = f" at {tables} " + ", ".join(map(str, waiting))
    raise RuleViolation(
        f"{what} waits: hand-for-hand hand {reading.hfh_hand} is still being played{where}. "
        "It goes ahead once every table has reported the hand, or end hand-for-hand (which "
        "closes the hand).",
        rule_ids=state.part(Setup).profile.cite("B10"),
        context={"hint": "hand_for_hand", "hand": reading.hfh_hand, "waiting_for": waiting},
    )


__all__ = [
    "MoveRecord",
    "SeatRecord",
    "Tables",
    "away_now",
    "describe_move",
    "entry_name",
    "live_seating",
    "move_record",
    "paid_places_now",
    "seat_capacity_of_layout",
    "seating_for_apply",
    "seating_now",
    "wait_for_hand_for_hand_hand",
]
