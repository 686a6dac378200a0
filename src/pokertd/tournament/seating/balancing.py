"""Balancing and breaking tables: which moves the rules require, and applying them.

:func:`plan` looks at a :class:`~pokertd.tournament.seating.Seating` and answers a
:class:`Plan`: form the final table, break the next table, or move players from the fullest
to the shortest tables until every table is within the tolerance -- plus the tables that
must halt and those whose host must be told. It changes nothing and suggests no move the
rules do not require; in live use each :class:`Move` is a suggestion the floor confirms
(:func:`check_move`, then :func:`apply_move`), in simulation all are applied between hands.

The common case -- a bust that leaves every table within the tolerance -- is answered from
the per-table count buckets without looking at any table (see ``bench/seating.py``).

Implements: KPC-6d, KPC-6e, KPC-8a, KPC-8b, KPC-8c, TNPL-B5, TNPL-B6iv, FOX-9, FOX-10C
(C4); KPC-7, TNPL-B6v, FOX-10D, SPOT-2c2, SPOT-6.20 (C5); KPC-7, KPC-8d, KPC-8e, TNPL-B6ii,
FOX-10A, SPOT-2c6, SPOT-2c7 (C6); KPC-8e, TNPL-B5, FOX-7, FOX-9, SPOT-4a9 (D4); SPOT-2c3
(C1: players kept apart are never moved to a table where one of their group sits while another
move the rules allow exists; the plan says so when none does).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum, unique

from pokertd.engine.button import TableButton, next_occupied, seats_of
from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.i18n import N_, Clause, Phrase, both
from pokertd.rules.enums import (
    BalancePlayerSelected,
    BalanceSeatRule,
    BrokenTableSeatDraw,
)
from pokertd.rules.profile import RuleProfile
from pokertd.tournament.seating.rules import (
    ApartTracker,
    FinalTableDraw,
    PlayerId,
    Seating,
    Table,
    apply_final_table,
    draw_final_table,
    final_table_apart,
    final_table_size,
    needs_button_draw,
)
from pokertd.types import Seat, SeatMask


class StaleMove(RuleViolation):
    """A waiting move that can no longer be made as suggested (its player busted or moved,
    its table closed, its seat or every open seat of its table taken since): the floor asks
    for the moves again, and ``SuggestMoves`` replaces it (C6)."""


BALANCE = "C6"
"""The catalogue entry a balancing move cites (who moves, into which seat)."""
BREAK = "C4"
"""The catalogue entry a table-break move cites (which table breaks, where players go)."""


@unique
class MoveReason(StrEnum):
    """Why a player moves."""

    BALANCE = "balance"
    BREAK_TABLE = "break_table"
    FLOOR = "floor"
    """The floor's own decision (special needs, a dispute; FOX-6, FOX-8): ``MovePlayer``."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Move:
    """A suggested move, as the floor reads it and an event stores it.

    ``player`` is ``None`` when the floor must name him: the button at the table is not
    known ("the player due the big blind next") or the TD chooses (SPOT). ``to_seat`` is
    ``None`` when the destination's button is not known: the floor gives the worst
    position. ``waits``: the seat lies between the small blind and the button, so the
    player is not dealt in until the button passes (D4).
    """

    player: PlayerId | None
    from_table: int
    from_seat: Seat | None
    to_table: int
    to_seat: Seat | None
    reason: MoveReason
    rule_ids: tuple[str, ...]
    waits: bool = False
    moves_before: int = 0
    """How many times this player had been moved already."""

    def describe(self) -> str:
        """The instruction in floor words (1-based seats)."""
        who = self.player or "the player due the big blind next"
        if self.player is None and self.from_seat is None and self.reason is MoveReason.BALANCE:
            who = "a player (TD's choice, or the player due the big blind next)"
        origin = f"table {self.from_table}"
        if self.from_seat is not None:
            origin += f" seat {self.from_seat + 1}"
        target = f"table {self.to_table}"
        target += f" seat {self.to_seat + 1}" if self.to_seat is not None else " (worst position)"
        wait = "; waits for the button to pass" if self.waits else ""
        why = {
            MoveReason.BALANCE: "to balance tables",
            MoveReason.BREAK_TABLE: "table breaks",
            MoveReason.FLOOR: "floor decision",
        }[self.reason]
        return f"Move {who} from {origin} to {target} ({why}){wait} [{', '.join(self.rule_ids)}]"


@dataclass(frozen=True, slots=True, kw_only=True)
class Plan:
    """What the rules require now: the moves, in order, and the tables to watch."""

    moves: tuple[Move, ...] = ()
    break_table: int | None = None
    """The table these moves break (it closes once its players have gone)."""
    final_table: FinalTableDraw | None = None
    """Time for the final table: the redraw to confirm."""
    tolerance: int = 2
    halted: tuple[int, ...] = ()
    """Tables that must stop dealing until balanced (three or more short of the fullest)."""
    notify: tuple[int, ...] = ()
    """Tables whose size must be reported to the host (SPOT-6.20)."""
    button_draws: tuple[int, ...] = ()
    """Tables that draw for the button once these moves are done: at least
    ``button_redraw_new_player_ratio`` of their players are new (SPOT-6.5)."""
    closed: tuple[int, ...] = ()
    """Tables left empty by busts: they close before the moves are made."""
    blocked: tuple[int, ...] = ()
    """Short tables that get no balancing player yet: every open seat is one he may not
    take (next hand's small blind; at KPC also the button; KPC-8d). Ask again after a hand."""
    apart: tuple[str, ...] = ()
    """Why players the director keeps apart sit together after these moves, in the
    floor's words (SPOT-2c3): no other move the rules allow, or the final table."""

    @property
    def empty(self) -> bool:
        """Nothing to do."""
        return (
            not self.moves
            and self.final_table is None
            and self.break_table is None
            and not self.closed
        )


_COUNTS = {1: N_("one hand"), 2: N_("two hands"), 3: N_("three hands")}


def hands_until_open(seating: Seating, number: int, most: int = 3) -> int | None:
    """How many hands table ``number`` must deal before a player moved to balance may take
    one of its open seats (C6): one when the open seat is next hand's small blind, two at
    KPC when that seat then holds the (dead) button. ``None`` past ``most`` hands."""
    table = seating.tables[number]
    open_seats = table.open_seats & ~table.reserved
    rule = seating.profile.balance_seat_rule
    button = table.button
    if not button.known or table.occupied.bit_count() < 2:
        return None
    for hands in range(1, most + 1):
        button = button.hand_dealt(button.next_hand(table.occupied))
        if worst_position(button, table.occupied, open_seats, rule) is not None:
            return hands
    return None


def blocked_text(seating: Seating, todo: Plan, then: str) -> tuple[Clause, tuple[str, ...]]:
    """Why ``todo.blocked`` tables get no balancing player yet, in this venue's words, and
    the rules it cites (C6): their only open seats are next hand's small blind (KPC-8d: or
    the button), so hands must be dealt there first -- as many as :func:`hands_until_open`
    counts. A blocked table that is also halted (C5: three short) cannot deal by itself:
    the director may waive the halt for those hands (C5: a hand dealt then is no misdeal).
    ``then`` is what follows the hands: the refusal says to ask again, the read model that
    the move is then due."""
    profile = seating.profile

    def tables(numbers: list[int] | tuple[int, ...]) -> str:
        said: str = Clause(N_("table %(table)s"), {"table": numbers[-1]})
        for n in reversed(numbers[:-1]):
            said = both(Clause(N_("table %(table)s"), {"table": n}), said)
        return said

    blocked = todo.blocked
    many = len(blocked) > 1
    button = profile.balance_seat_rule is BalanceSeatRule.ANY_EXCEPT_SB_BUTTON
    hands = max((hands_until_open(seating, n) or 1) for n in blocked)
    count = Phrase(_COUNTS[hands]) if hands in _COUNTS else f"{hands} hands"
    if button:
        blocked_said = (
            N_(
                "A player must move to %(tables)s, but their only open seats are next hand's "
                "small blind or button, where a player moved to balance may not sit"
            )
            if many
            else N_(
                "A player must move to %(tables)s, but its only open seats are next hand's "
                "small blind or button, where a player moved to balance may not sit"
            )
        )
    else:
        blocked_said = (
            N_(
                "A player must move to %(tables)s, but their only open seats are next hand's "
                "small blind, where a player moved to balance may not sit"
            )
            if many
            else N_(
                "A player must move to %(tables)s, but its only open seats are next hand's "
                "small blind, where a player moved to balance may not sit"
            )
        )
    text = Clause(blocked_said, {"tables": tables(blocked)})
    rules = profile.cite("C6")
    halted = [n for n in blocked if n in todo.halted]
    then_said = Phrase(then) if then in _THEN else then
    if halted:
        halt = Clause(
            N_("%(tables)s are halted until balanced")
            if len(halted) > 1
            else N_("%(tables)s is halted until balanced"),
            {"tables": tables(halted)},
        )
        rules = tuple(dict.fromkeys((*rules, *profile.cite("C5"))))
        action = Clause(
            N_("the director may waive the halt and deal %(count)s there"), {"count": count}
        )
        if len(halted) < len(blocked):
            action = Clause(
                N_("play %(count)s there (the director may waive the halt at %(tables)s)"),
                {"count": count, "tables": tables(halted)},
            )
        said = Clause(
            N_("%(blocked)s, and %(halted)s: %(action)s, %(then)s"),
            {"blocked": text, "halted": halt, "action": action, "then": then_said},
        )
    else:
        action = Clause(N_("play %(count)s there"), {"count": count})
        said = Clause(
            N_("%(blocked)s: %(action)s, %(then)s"),
            {"blocked": text, "action": action, "then": then_said},
        )
    return said, rules


_THEN = (N_("then ask again."), N_("then the move is due."))
"""What follows the hands in :func:`blocked_text` (the refusal's and the read model's)."""


# --- tolerance --------------------------------------------------------------------------------


def tolerance(
    profile: RuleProfile, tables: int, seats_per_table: int, paid_places: int | None = None
) -> int:
    """Largest allowed difference between the fullest and the shortest table.

    ``balance_max_diff`` (KPC 2); with ``balance_tight_near_money`` in an event that pays
    more than a table, one player once ``tables <= ceil(paid / seats) + 1`` (KPC: 16 paid,
    9-max -> tighter from 3 tables; TDA: tighter as the event progresses).

    Implements: KPC-7, TNPL-B6v, FOX-10D (C5).
    """
    limit = profile.balance_max_diff
    if profile.balance_tight_near_money and paid_places and paid_places > seats_per_table:
        money_tables = -(-paid_places // seats_per_table)
        if tables <= money_tables + 1:
            limit = min(limit, 1)
    return limit


def halted_tables(seating: Seating, *, full_table_event: bool = True) -> tuple[int, ...]:
    """Tables ``halt_when_short_by`` or more short of the fullest: they stop dealing.

    Only in full-table events unless the profile says otherwise; SPOT never halts.

    Implements: TNPL-B6v, FOX-10D, SPOT-2c2 (C5).
    """
    short_by = seating.profile.halt_when_short_by
    if short_by is None or len(seating.tables) < 2:
        return ()
    if seating.profile.halt_full_table_events_only and not full_table_event:
        return ()
    top = seating.max_count()
    out: list[int] = []
    for count in range(top - short_by + 1):
        out.extend(seating.tables_with(count))
    return tuple(sorted(out))


def notify_tables(seating: Seating) -> tuple[int, ...]:
    """SPOT: tables down to ``notify_host_table_size`` players (the host must be told).

    Implements: SPOT-6.20 (C5).
    """
    size = seating.profile.notify_host_table_size
    if size is None or len(seating.tables) < 2:
        return ()
    out: list[int] = []
    for count in range(1, size + 1):
        out.extend(seating.tables_with(count))
    return tuple(sorted(out))


# --- worst position ---------------------------------------------------------------------------


def worst_position(
    button: TableButton, occupied: SeatMask, open_seats: SeatMask, rule: BalanceSeatRule
) -> Seat | None:
    """The seat a balancing player takes at the short table, ``None`` if unknown.

    TNPL/FOX/TDA: the open seat that posts the big blind soonest -- scanning clockwise from
    the seat after last hand's big blind, the first that is not the next small blind and
    not between the small blind and the button (it may post the big blind at once, even if
    that seat has just posted it). KPC: any seat but the small blind and the button; the
    worst position is one of them, so it is suggested. SPOT: the same relative position --
    the mover is the player due the big blind, so again the seat due the big blind.
    A seat between the button and the small blind is taken only when no other will do (the
    player waits for the button, D4); the small blind (and at KPC the button) never: with
    only such seats open the answer is ``None`` although the button is known.

    Implements: KPC-8d, KPC-8e, TNPL-B6ii, FOX-10A, SPOT-2c7 (C6).
    """
    if not button.known or not open_seats or occupied.bit_count() < 2:
        return None
    start = button.next_hand(occupied).small_blind_position
    n = button.n_seats
    fallback: Seat | None = None
    for step in range(1, n + 1):
        seat = (start + step) % n
        if not open_seats >> seat & 1:
            continue
        hand = button.next_hand(occupied | 1 << seat)
        if hand.small_blind_seat == seat:
            continue  # never the small blind (KPC-8d; TNPL/FOX "never the small blind")
        if rule is BalanceSeatRule.ANY_EXCEPT_SB_BUTTON and hand.button == seat:
            continue
        if hand.waiting >> seat & 1:
            fallback = seat if fallback is None else fallback  # allowed, but he waits (D4)
            continue
        return seat
    return fallback


def seat_allowed(
    button: TableButton, occupied: SeatMask, seat: Seat, rule: BalanceSeatRule
) -> str | None:
    """Why a balancing player may not take ``seat`` (``None`` when he may).

    KPC forbids the small blind and the button; every venue forbids the small blind to a
    player moved to balance (TNPL/FOX "never the small blind").

    Implements: KPC-8d, KPC-8e, TNPL-B6ii, FOX-10A (C6).
    """
    if not button.known or occupied.bit_count() < 2:
        return None
    hand = button.next_hand(occupied | 1 << seat)
    if hand.small_blind_seat == seat:
        return N_("it would post the small blind next hand")
    if rule is BalanceSeatRule.ANY_EXCEPT_SB_BUTTON and hand.button == seat:
        return N_("it has the button next hand")
    return None


# --- the plan ---------------------------------------------------------------------------------


class _Scratch:
    """Counts and occupancy of the tables a plan touches, over the real seating."""

    __slots__ = ("apart", "buckets", "notes", "occ", "seating")

    def __init__(self, seating: Seating) -> None:
        self.seating = seating
        self.occ: dict[int, SeatMask] = {}
        self.buckets: list[set[int]] = [set(b) for b in seating._buckets]
        self.apart = ApartTracker(seating) if seating.apart.groups else None
        """Where the players kept apart sit as the moves are planned (SPOT-2c3)."""
        self.notes: list[str] = []
        """Sentences for the moves that could not keep them apart."""

    def occupied(self, number: int) -> SeatMask:
        got = self.occ.get(number)
        return self.seating.tables[number].occupied if got is None else got

    def count(self, number: int) -> int:
        return self.occupied(number).bit_count()

    def open_seats(self, number: int) -> SeatMask:
        table = self.seating.tables[number]
        return ((1 << table.n_seats) - 1) & ~self.occupied(number) & ~table.blocked

    def _set(self, number: int, occ: SeatMask) -> None:
        before = self.count(number)
        self.buckets[before].discard(number)
        self.occ[number] = occ
        self.buckets[occ.bit_count()].add(number)

    def add(self, number: int, seat: Seat) -> None:
        self._set(number, self.occupied(number) | 1 << seat)

    def remove(self, number: int, seat: Seat) -> None:
        self._set(number, self.occupied(number) & ~(1 << seat))

    def drop_table(self, number: int) -> None:
        self.buckets[self.count(number)].discard(number)

    def max_count(self) -> int:
        for c in range(len(self.buckets) - 1, -1, -1):
            if self.buckets[c]:
                return c
        return 0

    def min_count(self) -> int:
        for c, bucket in enumerate(self.buckets):
            if bucket:
                return c
        return 0


def plan(
    seating: Seating,
    rng: random.Random,
    *,
    paid_places: int | None = None,
    full_table_event: bool = True,
    stud_only: bool | None = None,
) -> Plan:
    """The moves the rules require now (nothing changes).

    ``stud_only`` (default: ``seating.stud_only``, from the event's structure): every level
    deals stud, so balancing moves by position (:func:`_stud_balance_move`).

    1. Final table: with two or more tables and no more players than ``final_table_size``,
       the final table is formed (see :func:`~pokertd.tournament.seating.draw_final_table`).
    2. Break: when the players fit in the tables left after the next one in the break order
       breaks, it breaks; each of its players draws a seat at a table most in need (FOX:
       two-step, a table then a seat; elsewhere one draw among those tables' open seats).
       Any position, blinds and button included; a seat between the small blind and the
       button waits (D4).
    3. Balance: while the fullest table has more than ``tolerance`` players over the
       shortest, the player due the big blind next at a fullest table (the one whose mover
       has been moved least, then the one that breaks first) goes to the worst position of
       a shortest table (the one that breaks last). In a stud-only event the seat filled is
       the short table's most recently vacated seat and the player moved the one in that
       seat number at the fullest table, else the next player clockwise from it (C6:
       TNPL-B6ii, FOX-10A); a mixed event balances as hold'em, the button frozen in stud
       rounds naming the would-be big blind (C7: TNPL-B6iii, FOX-10B).

    Implements: KPC-6d, KPC-6e, TNPL-B5, FOX-9, FOX-10C (C4); KPC-7, TNPL-B6v, FOX-10D
    (C5); KPC-7, KPC-8d, TNPL-B6ii, FOX-10A, SPOT-2c6 (C6); KPC-9, TNPL-B4, FOX-11A (C9).
    """
    profile = seating.profile
    n_tables = len(seating.tables)
    tol = tolerance(profile, n_tables, seating.seats_per_table, paid_places)
    halted = halted_tables(seating, full_table_event=full_table_event)
    notify = notify_tables(seating)
    if n_tables < 2:
        return Plan(tolerance=tol, notify=notify)
    players = seating.players
    empty = seating.tables_with(0)
    if empty and players:
        # every player of a table went out: it closes, then plan the rest without it
        closed = tuple(sorted(empty, key=seating.rank))
        work = seating.copy()
        for number in closed:
            if len(work.tables) > 1:
                work.close_table(number)
        rest = plan(
            work,
            rng,
            paid_places=paid_places,
            full_table_event=full_table_event,
            stud_only=stud_only,
        )
        return replace(rest, closed=closed)
    if players <= final_table_size(profile, seating.seats_per_table):
        final = draw_final_table(seating, rng)
        return Plan(
            final_table=final,
            tolerance=tol,
            halted=halted,
            notify=notify,
            apart=final_table_apart(seating, final.table),
        )
    to_break = seating.order[0]
    breaking = seating.tables[to_break]
    moves: list[Move] = []
    scratch: _Scratch | None = None
    if players <= seating.capacity - breaking.capacity:
        scratch = _Scratch(seating)
        moves.extend(_break_moves(seating, scratch, breaking, rng))
        tol = tolerance(profile, n_tables - 1, seating.seats_per_table, paid_places)
    elif seating.max_count() - seating.min_count() <= tol:
        return Plan(tolerance=tol, halted=halted, notify=notify)
    if scratch is None:
        scratch = _Scratch(seating)
    blocked: list[int] = []
    stud = seating.stud_only if stud_only is None else stud_only
    moves.extend(_balance_moves(seating, scratch, tol, moves, blocked, stud_only=stud))
    return Plan(
        moves=tuple(moves),
        blocked=tuple(blocked),
        apart=tuple(scratch.notes),
        break_table=to_break if moves and moves[0].reason is MoveReason.BREAK_TABLE else None,
        tolerance=tol,
        halted=halted,
        notify=notify,
        button_draws=reseated_tables(seating, moves),
    )


def reseated_tables(seating: Seating, moves: list[Move] | tuple[Move, ...]) -> tuple[int, ...]:
    """Tables where, after ``moves``, at least the profile's share of players are new.

    SPOT: such a table cuts high card for the button before play resumes. Nowhere else
    (``button_redraw_new_player_ratio`` unset; TNPL: a joining player never triggers it).

    Implements: SPOT-6.5 (C10).
    """
    if seating.profile.button_redraw_new_player_ratio is None or not moves:
        return ()
    arrivals: dict[int, int] = {}
    departures: dict[int, int] = {}
    for m in moves:
        arrivals[m.to_table] = arrivals.get(m.to_table, 0) + 1
        departures[m.from_table] = departures.get(m.from_table, 0) + 1
    out = []
    for number, new in sorted(arrivals.items()):
        total = seating.tables[number].count + new - departures.get(number, 0)
        if needs_button_draw(seating.profile, total, new):
            out.append(number)
    return tuple(out)


def _break_moves(
    seating: Seating, scratch: _Scratch, breaking: Table, rng: random.Random
) -> list[Move]:
    scratch.drop_table(breaking.number)
    two_step = seating.profile.broken_table_seat_draw is BrokenTableSeatDraw.TWO_STEP_RANDOM
    movers = [(s, breaking.players[s]) for s in seats_of(breaking.occupied)]
    rng.shuffle(movers)
    out: list[Move] = []
    for from_seat, player in movers:
        assert player is not None
        fewest = scratch.min_count()
        candidates = sorted(
            n for n in scratch.buckets[fewest] if scratch.open_seats(n) & ~_reserved(seating, n)
        )
        while not candidates:
            fewest += 1
            if fewest >= len(scratch.buckets):
                raise RuleViolation(
                    template=N_("Table %(breaking_number)s cannot break: no open seats are left."),
                    params={"breaking_number": breaking.number},
                    rule_ids=seating.profile.cite(BREAK),
                )
            candidates = sorted(
                n for n in scratch.buckets[fewest] if scratch.open_seats(n) & ~_reserved(seating, n)
            )
        tracker = scratch.apart
        forced = False
        if tracker is not None and seating.apart.of(player):
            tracker.leave(player, breaking.number)
            apart_ok = _apart_tables(seating, scratch, tracker, player, fewest)
            forced = not apart_ok
            candidates = apart_ok or candidates
        if two_step:
            number = rng.choice(candidates)
            seat = rng.choice(seats_of(scratch.open_seats(number) & ~_reserved(seating, number)))
        else:
            pool = [
                (n, s)
                for n in candidates
                for s in seats_of(scratch.open_seats(n) & ~_reserved(seating, n))
            ]
            number, seat = rng.choice(pool)
        waits = _waits(seating, scratch, number, seat)
        scratch.add(number, seat)
        if tracker is not None:
            if forced:
                scratch.notes.append(
                    tracker.note(player, number, "no other table has a seat for them")
                )
            tracker.join(player, number)
        out.append(
            Move(
                player=player,
                from_table=breaking.number,
                from_seat=from_seat,
                to_table=number,
                to_seat=seat,
                reason=MoveReason.BREAK_TABLE,
                rule_ids=seating.profile.cite(BREAK),
                waits=waits,
                moves_before=seating.moves_of(player),
            )
        )
    return out


def _apart_tables(
    seating: Seating, scratch: _Scratch, tracker: ApartTracker, player: PlayerId, fewest: int
) -> list[int]:
    """The tables most in need, from ``fewest`` players up, with an open seat and none of
    the player's keep-apart group (SPOT-2c3); ``[]`` when every table with a seat has one."""
    for count in range(fewest, len(scratch.buckets)):
        found = sorted(
            n
            for n in scratch.buckets[count]
            if scratch.open_seats(n) & ~_reserved(seating, n) and not tracker.clashes(player, n)
        )
        if found:
            return found
    return []


def _reserved(seating: Seating, number: int) -> SeatMask:
    return seating.tables[number].reserved


def _waits(seating: Seating, scratch: _Scratch, number: int, seat: Seat) -> bool:
    table = seating.tables[number]
    occupied = scratch.occupied(number)
    if not table.button.known or occupied.bit_count() < 2:
        return False
    return bool(table.button.next_hand(occupied | 1 << seat).waiting >> seat & 1)


def _seat_known(scratch: _Scratch, number: int) -> bool:
    """The seat a mover takes at this table can be worked out (button known, 2+ players)."""
    table = scratch.seating.tables[number]
    return table.button.known and scratch.occupied(number).bit_count() >= 2


def _balance_seat(seating: Seating, scratch: _Scratch, number: int) -> Seat | None:
    """The worst position open at a table for a balancing player (``None``: unknown/none)."""
    table = seating.tables[number]
    open_seats = scratch.open_seats(number) & ~table.reserved
    rule = seating.profile.balance_seat_rule
    return worst_position(table.button, scratch.occupied(number), open_seats, rule)


def _balance_moves(
    seating: Seating,
    scratch: _Scratch,
    tol: int,
    earlier: list[Move],
    blocked: list[int],
    *,
    stud_only: bool = False,
) -> list[Move]:
    """Moves from the fullest to the shortest tables until within ``tol``.

    A shortest table whose only open seats a balancing player may not take (the next small
    blind; at KPC also the button) gets nobody now: it goes in ``blocked`` (KPC-8d).
    """
    profile = seating.profile
    out: list[Move] = []
    arrived: set[int] = {m.to_table for m in earlier}
    while scratch.max_count() - scratch.min_count() > tol:
        top = scratch.max_count()
        sources = scratch.buckets[top] - arrived if len(scratch.buckets[top] - arrived) else None
        pool = sorted(sources or scratch.buckets[top], key=seating.rank)
        if stud_only:
            move = _stud_balance_move(seating, scratch, pool)
            if move is None:
                break
            out.append(move)
            arrived.add(move.to_table)
            continue
        source, player, from_seat = _pick_source(seating, scratch, pool, profile)
        lowest = scratch.min_count()
        targets = [
            n for n in scratch.buckets[lowest] if scratch.open_seats(n) & ~_reserved(seating, n)
        ]
        if not targets:  # the shortest tables have no open seat: nothing more can be done
            break
        seat_at = {n: _balance_seat(seating, scratch, n) for n in targets}
        usable = [n for n in targets if seat_at[n] is not None or not _seat_known(scratch, n)]
        if not usable:  # only the small blind (KPC: or the button) is open: after a hand
            blocked.extend(sorted(targets, key=seating.rank))
            break
        dest = max(usable, key=seating.rank)
        tracker = scratch.apart
        if tracker is not None and player is not None and tracker.clashes(player, dest):
            source, player, from_seat, dest = _apart_balance(
                seating, scratch, tracker, pool, usable, (source, player, from_seat, dest)
            )
        table = seating.tables[dest]
        open_seats = scratch.open_seats(dest) & ~table.reserved
        to_seat = seat_at[dest]
        if to_seat is None and table.button.known:  # fewer than two players: any seat
            to_seat = seats_of(open_seats)[0]
        waits = to_seat is not None and _waits(seating, scratch, dest, to_seat)
        taken_from = from_seat
        if taken_from is None:  # the floor names the player: count one seat as left
            taken_from = seats_of(scratch.occupied(source))[0]
        scratch.remove(source, taken_from)
        scratch.add(dest, to_seat if to_seat is not None else seats_of(open_seats)[0])
        if tracker is not None:
            tracker.leave(player, source)
            tracker.join(player, dest)
        out.append(
            Move(
                player=player,
                from_table=source,
                from_seat=from_seat,
                to_table=dest,
                to_seat=to_seat,
                reason=MoveReason.BALANCE,
                rule_ids=profile.cite(BALANCE),
                waits=waits,
                moves_before=seating.moves_of(player) if player else 0,
            )
        )
        arrived.add(dest)
    return out


def _stud_balance_move(seating: Seating, scratch: _Scratch, pool: list[int]) -> Move | None:
    """One balancing move of a stud-only event: by position, no button (C6).

    The short table (the one that breaks last) fills its most recently vacated seat (TNPL
    "the last seat to open at the short table is the seat filled"); its open seats never
    vacated come after, lowest number first. The rulebooks name only the seat filled; the
    player moved (IMPL) is the one in the same seat number at the fullest table (the one
    that breaks first), else the next player clockwise from that seat. ``None`` when the
    shortest tables have no open seat.

    Implements: TNPL-B6ii, FOX-10A (C6).
    """
    lowest = scratch.min_count()
    targets = [n for n in scratch.buckets[lowest] if scratch.open_seats(n) & ~_reserved(seating, n)]
    if not targets:
        return None
    dest = max(targets, key=seating.rank)
    table = seating.tables[dest]
    open_seats = scratch.open_seats(dest) & ~table.reserved
    to_seat = next(
        (s for s in reversed(table.vacated) if open_seats >> s & 1), seats_of(open_seats)[0]
    )
    source = pool[0]
    occupied = scratch.occupied(source)
    from_seat = to_seat if occupied >> to_seat & 1 else next_occupied(occupied, to_seat)
    player = seating.tables[source].players[from_seat]
    scratch.remove(source, from_seat)
    scratch.add(dest, to_seat)
    tracker = scratch.apart
    if tracker is not None:
        tracker.leave(player, source)
        tracker.join(player, dest)
    return Move(
        player=player,
        from_table=source,
        from_seat=from_seat,
        to_table=dest,
        to_seat=to_seat,
        reason=MoveReason.BALANCE,
        rule_ids=seating.profile.cite(BALANCE),
        moves_before=seating.moves_of(player) if player else 0,
    )


def _apart_balance(
    seating: Seating,
    scratch: _Scratch,
    tracker: ApartTracker,
    pool: list[int],
    usable: list[int],
    first: tuple[int, PlayerId | None, Seat | None, int],
) -> tuple[int, PlayerId | None, Seat | None, int]:
    """A balancing move that keeps apart those the director keeps apart (SPOT-2c3): the same
    player to another shortest table where none of his group sits (the one that breaks
    last), else the player due the big blind at another fullest table, else the move the
    rules give, with a sentence for the floor that says why."""
    source, player, from_seat, _ = first
    ok = [n for n in usable if not tracker.clashes(player, n)]
    if ok:
        return source, player, from_seat, max(ok, key=seating.rank)
    for other in pool:
        if other == source:
            continue
        alt_source, alt_player, alt_seat = _pick_source(seating, scratch, [other], seating.profile)
        ok = [n for n in usable if not tracker.clashes(alt_player, n)]
        if ok:
            return alt_source, alt_player, alt_seat, max(ok, key=seating.rank)
    assert player is not None
    scratch.notes.append(
        tracker.note(player, first[3], "balancing the tables leaves no other move")
    )
    return first


def _pick_source(
    seating: Seating, scratch: _Scratch, pool: list[int], profile: RuleProfile
) -> tuple[int, PlayerId | None, Seat | None]:
    """The fullest table to take a player from, and that player (due the big blind next)."""
    if profile.balance_player_selected is BalancePlayerSelected.TD_CHOICE:
        return pool[0], None, None
    best: tuple[int, PlayerId | None, Seat | None] | None = None
    best_moves = 0
    for number in pool:
        table = seating.tables[number]
        occupied = scratch.occupied(number)
        if not table.button.known or occupied.bit_count() < 2:
            candidate: tuple[int, PlayerId | None, Seat | None] = (number, None, None)
            moves = 0
        else:
            seat = table.button.next_hand(occupied).big_blind_seat
            player = table.players[seat]
            candidate = (number, player, seat)
            moves = seating.moves_of(player) if player else 0
        if best is None or moves < best_moves:
            best, best_moves = candidate, moves
        if moves == 0:
            break
    assert best is not None
    return best


# --- confirming and applying ------------------------------------------------------------------


def check_move(
    seating: Seating,
    move: Move,
    *,
    player: PlayerId | None = None,
    seat: Seat | None = None,
) -> Move:
    """The move as it will be applied, or an error if it is stale or breaks a rule.

    The floor may name the player (when the suggestion could not) and choose the seat; a
    balancing player may never take the small blind (nor, at KPC, the button). A move is
    stale when its player no longer sits where it says or its seat has been taken: plan
    again. A floor move (:attr:`MoveReason.FLOOR`, ``MovePlayer``) to another table meets
    the same seat check as a balancing player choosing his seat (he comes from an active
    table, KPC-8d); a seat change at the same table does not.

    Implements: KPC-8d, KPC-8e, TNPL-B6ii, FOX-10A (C6).
    """
    who = player or move.player
    if who is None:
        raise InvalidCommand(
            template=N_(
                "Name the player to move from table %(from_table)s (the player due the big "
                "blind next)."
            ),
            params={"from_table": move.from_table},
            rule_ids=seating.profile.cite(BALANCE),
        )
    if move.player is not None and player is not None and player != move.player:
        raise InvalidCommand(
            template=N_("The move is for %(move_player)s, not %(player)s."),
            params={"move_player": move.player, "player": player},
        )
    where = seating.where.get(who)
    if (
        where is None
        or where[0] != move.from_table
        or (move.from_seat is not None and where[1] != move.from_seat)
    ):
        raise StaleMove(
            f"The move of {who} is stale: the tables changed since it was suggested.",
            context={"player": who},
        )
    to_seat = seat if seat is not None else move.to_seat
    if to_seat is None:
        raise InvalidCommand(
            template=N_(
                "Choose the seat at table %(to_table)s (the worst position: the open seat that "
                "posts the big blind soonest, never the small blind)."
            ),
            params={"to_table": move.to_table},
            rule_ids=seating.profile.cite(BALANCE),
        )
    if move.to_table not in seating.tables:
        raise StaleMove(f"The move of {who} is stale: table {move.to_table} is no longer in play.")
    table = seating.tables[move.to_table]
    if 0 <= to_seat < table.n_seats and table.occupied >> to_seat & 1:
        raise StaleMove(
            f"The move of {who} is stale: table {move.to_table} seat {to_seat + 1} "
            f"is taken by {table.players[to_seat]}.",
            context={"table": move.to_table, "seat": to_seat + 1},
        )
    seating.check_seat(who, move.to_table, to_seat, moving=True)
    floor_move = move.reason is MoveReason.FLOOR and move.to_table != where[0]
    if (move.reason is MoveReason.BALANCE or floor_move) and not seating.stud_only:
        # the suggested seat too: a hand may have been dealt since (KPC-8d); a stud-only
        # event has no blinds: any open seat (C6, by position)
        why = seat_allowed(table.button, table.occupied, to_seat, seating.profile.balance_seat_rule)
        if why is not None:
            mover = N_("moved to balance") if move.reason is MoveReason.BALANCE else N_("moved")
            raise RuleViolation(
                template=N_(
                    "A player %(mover)s from another table may not take table %(to_table)s seat "
                    "%(to_seat)s: %(why)s."
                ),
                params={
                    "mover": Phrase(mover),
                    "to_table": move.to_table,
                    "to_seat": to_seat + 1,
                    "why": Phrase(why),
                },
                rule_ids=seating.profile.cite(BALANCE),
                context={"table": move.to_table, "seat": to_seat + 1},
            )
    occupied = table.occupied
    if move.to_table == where[0]:
        occupied &= ~(1 << where[1])  # a seat change at the same table leaves his old seat
    waits = False
    if table.button.known and occupied.bit_count() >= 2 and not seating.stud_only:
        waits = bool(table.button.next_hand(occupied | 1 << to_seat).waiting >> to_seat & 1)
    return replace(
        move,
        player=who,
        from_seat=where[1],
        to_seat=to_seat,
        waits=waits,
        moves_before=seating.moves_of(who),
    )


def apply_move(seating: Seating, move: Move) -> None:
    """Move the player (trusted: ``move`` came from :func:`check_move`)."""
    assert move.player is not None
    assert move.to_seat is not None
    seating.move(move.player, move.to_table, move.to_seat)


def default_choice(seating: Seating, move: Move) -> Move:
    """The move checked, with the floor's usual picks where the suggestion left a blank.

    A missing player is the one due the big blind next (any player when the button is not
    known); a missing seat is the worst position, else the first open seat that
    :func:`check_move` accepts: the blank is only ever filled with a seat the move check
    takes (one rule, one place). A move whose table emptied or closed since, or whose
    receiving table has no open seat now, is refused as stale, and a receiving table whose
    every open seat is the small blind (a button placed, no hand dealt yet) is refused with
    what to do: deal a hand there first (C6).

    Implements: KPC-8d, TNPL-B6ii, FOX-10A (C6).
    """
    player, seat = move.player, move.to_seat
    if player is None:
        source = seating.tables.get(move.from_table)
        if source is None or not source.count:
            raise StaleMove(
                f"The move from table {move.from_table} is stale: that table has no players "
                "left. Close it if it is still open, then ask for the moves again.",
                context={"table": move.from_table},
            )
        player = seating.due_big_blind(move.from_table)
        if player is None:
            player = source.players[seats_of(source.occupied)[0]]
    if seat is not None:
        return check_move(seating, move, player=player, seat=seat)
    table = seating.tables.get(move.to_table)
    if table is None:
        raise StaleMove(
            f"The move from table {move.from_table} is stale: table {move.to_table} is no longer "
            "in play. Ask for the moves again.",
            context={"table": move.to_table},
        )
    open_seats = table.open_seats & ~table.reserved
    if not open_seats:
        raise StaleMove(
            f"The move from table {move.from_table} is stale: table {move.to_table} has no open "
            "seat now. Ask for the moves again.",
            context={"table": move.to_table},
        )
    rule = seating.profile.balance_seat_rule
    best = worst_position(table.button, table.occupied, open_seats, rule)
    refused: RuleViolation | None = None
    for candidate in (best,) if best is not None else seats_of(open_seats):
        try:
            return check_move(seating, move, player=player, seat=candidate)
        except RuleViolation as exc:
            if exc.context.get("seat") != candidate + 1:
                raise  # not about the seat (a stale move): no other seat helps
            refused = refused or exc
    assert refused is not None
    seats = ", ".join(str(s + 1) for s in seats_of(open_seats))
    raise RuleViolation(
        template=N_(
            "No open seat at table %(to_table)s can take the player from table "
            "%(from_table)s now: its open seat(s) %(seats)s are ones a moved player may "
            "not take (next hand's small blind or button). Deal the next hand at table "
            "%(to_table)s first, then confirm again."
        ),
        params={"to_table": move.to_table, "from_table": move.from_table, "seats": seats},
        rule_ids=refused.rule_ids,
        context={"table": move.to_table, "tables": [move.to_table], "hint": "play_hands"},
    )


def apply_plan(seating: Seating, done: Plan) -> None:
    """Apply every move of a plan between hands (simulation and engine use).

    Blanks are filled as the floor would (:func:`default_choice`); the broken table closes.
    """
    for number in done.closed:
        if number in seating.tables and len(seating.tables) > 1:
            seating.close_table(number)
    if done.final_table is not None:
        apply_final_table(seating, done.final_table)
        return
    for move in done.moves:
        apply_move(seating, default_choice(seating, move))
    if done.break_table is not None and not seating.tables[done.break_table].count:
        seating.close_table(done.break_table)


def break_table(seating: Seating, number: int, rng: random.Random) -> Plan:
    """Moves that break a chosen table now (the floor's ``break-table``), nothing changes.

    Raises when it is the last table or its players do not fit elsewhere.

    Implements: KPC-6e, TNPL-B5, FOX-9, FOX-SURV2 (C4).
    """
    table = seating.table(number)
    if len(seating.tables) < 2:
        raise RuleViolation(
            template=N_("The last table cannot be broken."), rule_ids=seating.profile.cite("C9")
        )
    room = seating.capacity - table.capacity
    if seating.players > room:
        raise RuleViolation(
            template=N_(
                "Table %(number)s cannot break: %(players)s players and only %(room)s seats at "
                "the other tables."
            ),
            params={"number": number, "players": seating.players, "room": room},
            rule_ids=seating.profile.cite(BREAK),
            context={"table": number, "players": seating.players, "seats": room},
        )
    scratch = _Scratch(seating)
    moves = _break_moves(seating, scratch, table, rng)
    return Plan(
        moves=tuple(moves),
        apart=tuple(scratch.notes),
        break_table=number,
        tolerance=seating.profile.balance_max_diff,
        button_draws=reseated_tables(seating, moves),
    )


# --- plans drawn once per seating -------------------------------------------------------------


def plan_seed(seating: Seating, salt: str = "") -> int:
    """The seed of a plan's random draws: a digest of who sits where, and ``salt``.

    The same seating always gives the same draw, so the plan a screen shows is the plan a
    confirm applies, however often it is read: a clock pause, a registration or a chip
    count changes nothing in it; a bust, a move or a seat drawn does. ``salt`` keeps two
    tournaments with the same seating (entry ids repeat from one event to the next) and two
    kinds of plan (the moves due, a table the floor breaks) from drawing alike. 48 bits:
    stored in the event that applies the plan, readable by any JSON reader.

    The digest reads every seat, so it is kept on the seating until it changes
    (``Seating.seeds``): a table break due is drawn again on every read of the console
    until it is confirmed, and reading it again costs no digest of the room (issue 25).
    """
    kept = seating.seeds
    if kept is None or kept[0] != seating.epoch:
        kept = (seating.epoch, {})
        seating.seeds = kept
    seed = kept[1].get(salt)
    if seed is None:
        digest = hashlib.blake2b(salt.encode(), digest_size=6)
        for player, (table, seat) in sorted(seating.where.items()):
            digest.update(f"\n{player} {table} {seat}".encode())
        seed = kept[1][salt] = int.from_bytes(digest.digest(), "big")
    return seed


class PlanRandom(random.Random):
    """The random source of a plan: seeded by :func:`plan_seed` the first time a draw
    needs it (:attr:`seed_used`), so a plan that draws nothing (balancing, tables within
    the tolerance: most reads of the console) costs no digest of the room.

    Every draw of :class:`random.Random` (``choice``, ``shuffle``, ``sample``) goes through
    :meth:`getrandbits` or :meth:`random`, which seed first.
    """

    def __init__(self, seating: Seating, salt: str = "") -> None:
        self._seating = seating
        self._salt = salt
        self.seed_used: int | None = None
        """The seed of the draws made (``None`` while nothing was drawn)."""
        super().__init__(0)

    def _seeded(self) -> None:
        if self.seed_used is None:
            self.seed_used = plan_seed(self._seating, self._salt)
            super().seed(self.seed_used)

    def random(self) -> float:
        self._seeded()
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        self._seeded()
        return super().getrandbits(k)


def waits_for_the_button(seating: Seating, move: Move) -> bool:
    """Whether ``move`` names no player yet because its table's button is not known: the
    player due the big blind (C6) is named once the floor places the button (D1). A table
    emptied or closed since does not wait: the move is stale and is refused as such."""
    source = seating.tables.get(move.from_table)
    return (
        move.player is None and source is not None and source.count >= 2 and not source.button.known
    )


def resolve_moves(seating: Seating, moves: Sequence[Move]) -> tuple[Move, ...]:
    """The moves as the floor will make them, in order: each blank (the player due the big
    blind, the seat at the new table) filled as :func:`default_choice` fills it when the
    floor confirms, on a copy where the earlier moves are already made -- exactly what
    ``ConfirmMoves`` does, so the seats a screen shows for a plan are the seats its
    confirm gives.

    A move left as it is: the player due the big blind at a table whose button is not known
    (the floor places the button first, D1), or a move no seat can take now (the confirm
    says why); the moves after it are resolved without it.

    Implements: KPC-8d, TNPL-B6ii, FOX-10A (C6); C4 (a table break's seats as drawn).

    ``seating`` is only read: the earlier moves are made on a copy, taken when a move is
    to be made with more to resolve after it (a lone balancing move, the common case,
    copies nothing: issue 25).
    """
    work = seating
    out: list[Move] = []
    last = len(moves) - 1
    for i, move in enumerate(moves):
        if waits_for_the_button(work, move):
            out.append(move)
            continue
        try:
            checked = default_choice(work, move)
        except (RuleViolation, InvalidCommand):
            out.append(move)
            continue
        if i < last:  # a later move is resolved with this one made
            if work is seating:
                work = seating.copy()
            apply_move(work, checked)
        out.append(checked)
    return tuple(out)


__all__ = [
    "Move",
    "MoveReason",
    "Plan",
    "PlanRandom",
    "apply_move",
    "apply_plan",
    "break_table",
    "check_move",
    "default_choice",
    "halted_tables",
    "notify_tables",
    "plan",
    "plan_seed",
    "reseated_tables",
    "resolve_moves",
    "seat_allowed",
    "tolerance",
    "worst_position",
]
