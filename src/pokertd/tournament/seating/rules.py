"""Tables, seats and the random draws that fill them.

The room is a :class:`Layout`: numbered tables with their seat counts (2 to 11), seats that
are unavailable or reserved, and the order in which tables break. :class:`Seating` is who
sits where now, with each table's :class:`~pokertd.engine.button.TableButton`; it keeps
per-table counts in buckets so the fullest and the shortest table are found without
scanning the field (10,000 players, 1,112 tables).

The draws (:func:`draw_initial_seats`, :func:`draw_seat`, :func:`draw_button`,
:func:`draw_final_table`) take the ``rng`` as an argument -- ``secrets.SystemRandom()`` in
live use, a seeded ``random.Random`` in tests and simulation -- change nothing, and return
what was drawn so it can be stored in an event; :meth:`Seating.seat` and friends apply it.

Seats are 0-based inside (``Seat``) and 1-based in sentences, events and the CLI; table
numbers are the numbers on the tables.

Implements: KPC-6a, TNPL-B1, FOX-6, FOX-REG4, SPOT-2c2, SPOT-2c3, FOX-8 (C1); KPC-6c,
KPC-18, FOX-7, FOX-RE, TNPL-B2i (C3); KPC-9, TNPL-B4, FOX-11A (C9); KPC-9, SPOT-6.5 (C10);
SPOT-2c4, SPOT-3f1, TNPL-D9, NJ-15 (C11); SPOT-2c5 (C12); NJ-5 (C13).
"""

from __future__ import annotations

import bisect
import heapq
import random
from collections.abc import Iterable, Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field, replace
from fractions import Fraction

from pokertd.engine.button import HandPositions, TableButton, seats_of
from pokertd.errors import InvalidCommand, NotFound, RuleViolation
from pokertd.i18n import N_
from pokertd.rules.enums import (
    ButtonStartMethod,
    FinalTableSize,
    Game,
    SeatAssignment,
)
from pokertd.rules.profile import RuleProfile
from pokertd.types import Seat, SeatMask

PlayerId = str
"""An entry's id (a player re-entering gets a new one)."""

MAX_SEATS = 11
"""Most seats at a table (NJ-5); an over-full start adds one (SPOT-2c5)."""

RANKS = "23456789TJQKA"


# --- layout -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class TableSpec:
    """One table of the room: its number, seats, and seats kept out of the random draw.

    ``unavailable`` seats are never used (a broken chair, a pillar); ``reserved`` seats are
    skipped by random draws but may be given by hand (special needs, a pinned seat, FOX-8).
    Seats are 0-based.
    """

    number: int
    seats: int
    unavailable: frozenset[Seat] = frozenset()
    reserved: frozenset[Seat] = frozenset()

    def validate(self, max_seats: int = MAX_SEATS) -> None:
        """Raise :class:`InvalidCommand` for an impossible table."""
        if self.number < 1:
            raise InvalidCommand(
                template=N_("Table numbers start at 1, not %(number)s."),
                params={"number": self.number},
            )
        if not 2 <= self.seats <= max_seats:
            raise InvalidCommand(
                template=N_(
                    "Table %(number)s has %(seats)s seats: a table has 2 to %(max_seats)s."
                ),
                params={"number": self.number, "seats": self.seats, "max_seats": max_seats},
                rule_ids="C13",
                context={"table": self.number, "seats": self.seats},
            )
        bad = [s for s in self.unavailable | self.reserved if not 0 <= s < self.seats]
        if bad:
            raise InvalidCommand(
                template=N_("Table %(number)s has no seat %(min_bad_1)s."),
                params={"number": self.number, "min_bad_1": min(bad) + 1},
                context={"table": self.number},
            )
        if self.seats - len(self.unavailable) < 2:
            raise InvalidCommand(
                template=N_("Table %(number)s needs at least two usable seats."),
                params={"number": self.number},
            )


@dataclass(frozen=True, slots=True, kw_only=True)
class Layout:
    """The tables of an event and the order they break in (first breaks first).

    Without an explicit ``break_order`` the highest table number breaks first (IMPL of the
    TNPL/FOX "predetermined procedure"; KPC posts a preset list).

    Implements: KPC-6d, TNPL-B5, FOX-9 (C4).
    """

    tables: tuple[TableSpec, ...]
    break_order: tuple[int, ...] = ()

    @classmethod
    def uniform(cls, n_tables: int, seats: int, break_order: Sequence[int] = ()) -> Layout:
        """Tables 1..n with the same number of seats."""
        specs = tuple(TableSpec(number=i, seats=seats) for i in range(1, n_tables + 1))
        return cls(tables=specs, break_order=tuple(break_order))

    def order(self) -> tuple[int, ...]:
        """Every table number, first to break first."""
        if self.break_order:
            return self.break_order
        return tuple(sorted((t.number for t in self.tables), reverse=True))

    @property
    def seats_per_table(self) -> int:
        """The event's table size: the most seats at any table."""
        return max(t.seats for t in self.tables)

    def validate(self, profile: RuleProfile | None = None) -> None:
        """Raise :class:`InvalidCommand` for a layout that cannot be used."""
        max_seats = profile.max_seats_per_table if profile else MAX_SEATS
        if not self.tables:
            raise InvalidCommand(template=N_("The layout has no tables."))
        numbers = [t.number for t in self.tables]
        if len(set(numbers)) != len(numbers):
            raise InvalidCommand(template=N_("Two tables have the same number."))
        with profile.citing() if profile is not None else nullcontext():
            for spec in self.tables:
                spec.validate(max_seats)
            if self.break_order and sorted(self.break_order) != sorted(numbers):
                raise InvalidCommand(
                    template=N_("The break order must list every table exactly once."),
                    rule_ids="C4",
                )


# --- the state: who sits where ----------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class TableGame:
    """The game a table is dealing and how far its round has gone (issue 28).

    ``hands`` counts the hands dealt in this game since the table began it; ``players`` is
    how many players were dealt in the first of them (0: the floor set the game and no
    hand of it has been recorded yet). An orbit is over when ``hands`` reaches
    ``players``: in a board game the button has then passed every player dealt in at the
    round's start, in stud as many hands have been dealt as players were in its first.
    """

    game: Game
    hands: int = 0
    players: int = 0

    @property
    def orbit_done(self) -> bool:
        """The table has dealt a full orbit of this game."""
        return self.players > 0 and self.hands >= self.players

    def dealt(self, game: Game, players: int) -> TableGame:
        """The record after one hand of ``game`` dealt to ``players`` players."""
        if game is not self.game:
            return TableGame(game=game, hands=1, players=players)
        return TableGame(game=game, hands=self.hands + 1, players=self.players or players)


def next_game(rotation: Sequence[Game], record: TableGame | None) -> Game:
    """The game a table deals next when the event rotates ``rotation`` by orbit.

    A table that has recorded no hand deals the rotation's first game; a table whose
    game is not in the rotation (the structure changed) starts it again; after a full
    orbit of its game (:attr:`TableGame.orbit_done`) the table moves on to the next game,
    the last game followed by the first. Each table rotates on its own hands.
    """
    if not rotation:
        raise InvalidCommand(template=N_("A rotation needs at least one game."))
    if record is None or record.game not in rotation:
        return rotation[0]
    if not record.orbit_done:
        return record.game
    return rotation[(rotation.index(record.game) + 1) % len(rotation)]


class Table:
    """One table in play: who sits in each seat, and its button.

    Mutable and flat (a list by seat, int masks), like the hand engine's state.
    """

    __slots__ = (
        "blocked",
        "button",
        "extra_seat",
        "game",
        "n_seats",
        "number",
        "occupied",
        "players",
        "reserved",
        "vacated",
    )

    def __init__(self, spec: TableSpec, profile: RuleProfile, n_seats: int | None = None) -> None:
        self.number = spec.number
        self.n_seats = n_seats or spec.seats
        self.players: list[PlayerId | None] = [None] * self.n_seats
        self.occupied: SeatMask = 0
        self.blocked: SeatMask = _mask(spec.unavailable)
        self.reserved: SeatMask = _mask(s for s in spec.reserved if s < self.n_seats)
        self.button = TableButton.for_profile(profile, self.n_seats)
        self.extra_seat = False
        self.vacated: tuple[Seat, ...] = ()
        """Empty seats in the order they were vacated, the most recent last (C6: a
        stud-only event fills the seat that opened last)."""
        self.game: TableGame | None = None
        """The game the table is dealing (``None``: not said; a board game)."""

    @property
    def last_vacated(self) -> Seat | None:
        """The open seat vacated most recently, else the first open seat never vacated."""
        open_seats = self.open_seats
        for seat in reversed(self.vacated):
            if open_seats >> seat & 1:
                return seat
        return seats_of(open_seats)[0] if open_seats else None

    @property
    def count(self) -> int:
        """Players seated."""
        return self.occupied.bit_count()

    @property
    def open_seats(self) -> SeatMask:
        """Seats a player may be put in (not occupied, not unavailable)."""
        return ((1 << self.n_seats) - 1) & ~self.occupied & ~self.blocked

    @property
    def capacity(self) -> int:
        """Seats open to a draw: neither unavailable nor reserved."""
        return self.n_seats - (self.blocked | self.reserved).bit_count()

    def copy(self) -> Table:
        """An independent copy."""
        other = Table.__new__(Table)
        other.number = self.number
        other.n_seats = self.n_seats
        other.players = list(self.players)
        other.occupied = self.occupied
        other.blocked = self.blocked
        other.reserved = self.reserved
        other.button = self.button
        other.extra_seat = self.extra_seat
        other.vacated = self.vacated
        other.game = self.game
        return other


def _mask(seats: Iterable[Seat]) -> SeatMask:
    m = 0
    for s in seats:
        m |= 1 << s
    return m


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatDraw:
    """A player drawn into a seat (what an event stores)."""

    player: PlayerId
    table: int
    seat: Seat
    waits: bool = False
    """The seat lies between the small blind and the button: not dealt in until the
    button passes (D4)."""

    def describe(self) -> str:
        """The draw in floor words."""
        wait = ", waits for the button to pass" if self.waits else ""
        return f"{self.player} to table {self.table} seat {self.seat + 1}{wait}"


@dataclass(frozen=True, slots=True, kw_only=True)
class ApartGroups:
    """Players the director keeps apart (SPOT-2c3): what the draws and the plans honour.

    ``groups`` gives each entry still in that belongs to a keep-apart group the numbers of
    its groups; ``names`` the names the floor reads; ``rule_ids`` what a sentence cites.
    Worked out from the log at every decision (never stored with the seating): a draw never
    puts two entries of one group at one table while another table it may use has a seat,
    and says so in plain words when none has (:class:`ApartTracker`).

    Implements: SPOT-2c3 (C1).
    """

    groups: Mapping[PlayerId, frozenset[int]] = field(default_factory=dict)
    names: Mapping[PlayerId, str] = field(default_factory=dict)
    rule_ids: tuple[str, ...] = ()

    def of(self, player: PlayerId) -> frozenset[int]:
        """The groups of an entry (empty: kept apart from nobody)."""
        return self.groups.get(player, frozenset())

    @property
    def key(self) -> tuple[tuple[PlayerId, tuple[int, ...]], ...]:
        """A hashable fingerprint (what a cached plan is kept under)."""
        return tuple(sorted((e, tuple(sorted(g))) for e, g in self.groups.items()))


NO_GROUPS = ApartGroups()
"""Nobody kept apart (every seating's default)."""


class ApartTracker:
    """Where the kept-apart entries sit while a draw or a plan is worked out (SPOT-2c3).

    Built from a seating; :meth:`join` and :meth:`leave` follow the seats a draw or a plan
    gives, so the next choice sees them. Only the few grouped entries are looked at.
    """

    def __init__(self, seating: Seating) -> None:
        self.apart = seating.apart
        self.at: dict[int, dict[int, set[PlayerId]]] = {}
        where = seating.where
        for entry, groups in self.apart.groups.items():
            spot = where.get(entry)
            if spot is not None:
                for g in groups:
                    self.at.setdefault(spot[0], {}).setdefault(g, set()).add(entry)

    def rivals(self, player: PlayerId | None, number: int) -> set[PlayerId]:
        """The entries kept apart from ``player`` who sit at table ``number``."""
        if player is None:
            return set()
        here = self.at.get(number)
        if not here:
            return set()
        out: set[PlayerId] = set()
        for g in self.apart.of(player):
            out |= here.get(g, set())
        out.discard(player)
        return out

    def clashes(self, player: PlayerId | None, number: int) -> bool:
        """Whether ``player`` at table ``number`` would sit with one kept apart from him."""
        return bool(self.rivals(player, number))

    def join(self, player: PlayerId | None, number: int) -> None:
        """``player`` sits at table ``number`` now."""
        if player is not None:
            for g in self.apart.of(player):
                self.at.setdefault(number, {}).setdefault(g, set()).add(player)

    def leave(self, player: PlayerId | None, number: int) -> None:
        """``player`` left table ``number``."""
        if player is not None:
            for g in self.apart.of(player):
                self.at.get(number, {}).get(g, set()).discard(player)

    def note(self, player: PlayerId, number: int, why: str) -> str:
        """The sentence the floor reads when ``player`` must sit with those kept apart
        from him: "Ann Lee and Bob Ray are kept apart (SPOT-2c3) but sit together at table 2:
        no other table has a seat for them."""
        names = self.apart.names
        others = sorted(names.get(r, r) for r in self.rivals(player, number))
        together = [names.get(player, player), *others]
        who = ", ".join(together[:-1]) + " and " + together[-1]
        rules = ", ".join(self.apart.rule_ids)
        cited = f" ({rules})" if rules else ""
        return f"{who} are kept apart{cited} but sit together at table {number}: {why}."


def apart_rule_ids(profile: RuleProfile) -> tuple[str, ...]:
    """What a keep-apart sentence cites: the venue's rule that is both initial seating (C1)
    and the director's own conduct rules (M5) -- SPOT-2c3 at Spotlight --, else its C1."""
    seating_ids = profile.cite("C1")
    own = tuple(r for r in seating_ids if r in set(profile.cite("M5")))
    return own or seating_ids


class Seating:
    """Who sits where: the tables in play, spare tables, break order and move counts.

    Mutable for speed (a tournament state part); :meth:`copy` gives an independent copy.
    Every mutator validates and raises before changing anything.

    Copies share their :class:`Table` objects until one side changes a table (copy on
    write): a decider reads or tries moves on a copy of a room of a thousand tables for
    every command (issue 15), and copying every table each time made a 10,000-entry night
    quadratic. A table is changed in place only when it is in ``_own`` (made or copied by
    this seating since its last :meth:`copy`); otherwise it is copied first
    (:meth:`table_to_change`). Code outside this class changes tables only through it.
    """

    _own: set[int]
    """Numbers of the tables this seating may change in place (not shared with a copy)."""
    epoch: int
    """Counts the changes made to this seating (every mutator adds one): what a reader
    that keeps something worked out from it checks that it is still the seating it read
    (:func:`~pokertd.tournament.seating.state.seating_now` keeps the seating with the
    seats of players gone since freed, until this changes). Not stored in snapshots."""
    settled: tuple[int, int, Seating] | None
    """``(epoch, gone, seating)``: this seating with the seats of the first ``gone``
    entries of the roster's ``gone`` freed, as it was at ``epoch``, kept by
    :func:`~pokertd.tournament.seating.state.seating_now` (a cache, never stored)."""
    seeds: tuple[int, dict[str, int]] | None
    """``(epoch, {salt: seed})``: the plan seeds drawn from this seating as it was at
    ``epoch`` (:func:`~pokertd.tournament.seating.balancing.plan_seed`; a cache, never
    stored)."""
    plans: tuple[int, dict[tuple[object, ...], tuple[object, int | None]]] | None
    """``(epoch, {key: (plan, seed)})``: the plans worked out for this seating as it was at
    ``epoch`` (:func:`~pokertd.tournament.seating.state.due_plan`; a cache, never
    stored)."""
    apart: ApartGroups
    """Who the director keeps apart (SPOT-2c3), set from the log before a decider draws or
    plans (:func:`~pokertd.tournament.seating.state.seating_now`); never stored."""
    stud_only: bool
    """Every level of the event deals stud: balancing moves by position (C6: TNPL-B6ii,
    FOX-10A). Set from the event's structure with :attr:`apart`; never stored."""

    def __new__(cls) -> Seating:
        # Set here, not in __init__: a seating built with ``Seating.__new__`` (the snapshot
        # codec) owns no table yet either, and copies every table before changing it.
        seating = super().__new__(cls)
        seating._own = set()
        seating.epoch = 0
        seating.settled = None
        seating.seeds = None
        seating.plans = None
        seating.apart = NO_GROUPS
        seating.stud_only = False
        return seating

    def __init__(self) -> None:
        self.profile: RuleProfile = RuleProfile()
        self.layout: Layout = Layout(tables=(TableSpec(number=1, seats=9),))
        self.tables: dict[int, Table] = {}
        self.spare: dict[int, TableSpec] = {}
        self.where: dict[PlayerId, tuple[int, Seat]] = {}
        self.moves_made: dict[PlayerId, int] = {}
        self.order: list[int] = []
        """Tables in play, first to break first."""
        self.final: bool = False
        """The final table has been formed."""
        self._rank: dict[int, int] = {}
        self._buckets: list[set[int]] = [set() for _ in range(MAX_SEATS + 2)]
        self._capacity = 0
        self._seats_per_table = 9

    # -- construction ---------------------------------------------------------------------

    @classmethod
    def from_layout(cls, layout: Layout, profile: RuleProfile) -> Seating:
        """An empty room: every table spare until players are drawn into it."""
        layout.validate(profile)
        seating = cls()
        seating.profile = profile
        seating.layout = layout
        seating._seats_per_table = layout.seats_per_table
        seating._rank = {n: i for i, n in enumerate(layout.order())}
        seating.spare = {t.number: t for t in layout.tables}
        return seating

    def copy(self) -> Seating:
        """An independent copy (tables are shared until either side changes one: copy on
        write; the layout and profile are shared)."""
        other = Seating.__new__(Seating)  # owns no table: copies one before changing it
        other.profile = self.profile
        other.layout = self.layout
        other.tables = dict(self.tables)
        self._own = set()  # the tables are shared now: this side copies before changing too
        other.spare = dict(self.spare)
        other.where = dict(self.where)
        other.moves_made = dict(self.moves_made)
        other.order = list(self.order)
        other.final = self.final
        other.apart = self.apart
        other.stud_only = self.stud_only
        other._rank = self._rank
        other._buckets = [set(b) for b in self._buckets]
        other._capacity = self._capacity
        other._seats_per_table = self._seats_per_table
        return other

    # -- questions ------------------------------------------------------------------------

    @property
    def players(self) -> int:
        """Players seated."""
        return len(self.where)

    @property
    def capacity(self) -> int:
        """Usable seats at the tables in play."""
        return self._capacity

    @property
    def seats_per_table(self) -> int:
        """The event's table size (most seats at a layout table)."""
        return self._seats_per_table

    def table(self, number: int) -> Table:
        """A table in play, or :class:`NotFound`."""
        try:
            return self.tables[number]
        except KeyError:
            raise NotFound(
                template=N_("Table %(number)s is not in play."),
                params={"number": number},
                context={"table": number},
            ) from None

    def table_to_change(self, number: int) -> Table:
        """A table in play that this seating may change in place (copied first when it is
        shared with a copy), or :class:`NotFound`."""
        table = self.table(number)
        self.epoch += 1
        if number not in self._own:
            table = table.copy()
            self.tables[number] = table
            self._own.add(number)
        return table

    def seat_of(self, player: PlayerId) -> tuple[int, Seat]:
        """Where a player sits, or :class:`NotFound`."""
        try:
            return self.where[player]
        except KeyError:
            raise NotFound(
                template=N_("%(player)s has no seat."),
                params={"player": player},
                context={"player": player},
            ) from None

    def max_count(self) -> int:
        """Players at the fullest table (0 without tables)."""
        for c in range(len(self._buckets) - 1, -1, -1):
            if self._buckets[c]:
                return c
        return 0

    def min_count(self) -> int:
        """Players at the shortest table in play."""
        for c, bucket in enumerate(self._buckets):
            if bucket:
                return c
        return 0

    def tables_with(self, count: int) -> set[int]:
        """Table numbers with exactly ``count`` players."""
        return self._buckets[count] if 0 <= count < len(self._buckets) else set()

    def rank(self, number: int) -> int:
        """Position of a table in the break order (0 breaks first)."""
        return self._rank.get(number, len(self._rank) + number)

    def next_to_break(self) -> int | None:
        """The table that breaks next, or ``None`` with one table in play."""
        return self.order[0] if len(self.order) > 1 else None

    def moves_of(self, player: PlayerId) -> int:
        """How many times a player has been moved."""
        return self.moves_made.get(player, 0)

    def due_big_blind(self, number: int) -> PlayerId | None:
        """The player due the big blind next at a table, ``None`` if the button is unknown."""
        table = self.table(number)
        if not table.button.known or table.count < 2:
            return None
        return table.players[table.button.next_hand(table.occupied).big_blind_seat]

    def next_hand(self, number: int) -> HandPositions:
        """Button, blinds and waiting players of a table's next hand."""
        table = self.table(number)
        with self.profile.citing():
            return table.button.next_hand(table.occupied)

    # -- mutators (validate first, then change) ---------------------------------------------------

    def open_table(self, number: int, n_seats: int | None = None) -> Table:
        """Put a spare table in play."""
        spec = self.spare.get(number)
        if spec is None:
            if number in self.tables:
                raise RuleViolation(
                    template=N_("Table %(number)s is already in play."), params={"number": number}
                )
            raise NotFound(
                template=N_("There is no table %(number)s in the layout."),
                params={"number": number},
            )
        del self.spare[number]
        self.epoch += 1
        table = Table(spec, self.profile, n_seats)
        self.tables[number] = table
        self._own.add(number)
        self._buckets[0].add(number)
        self._capacity += table.capacity
        bisect.insort(self.order, number, key=self.rank)
        return table

    def check_seat(
        self, player: PlayerId, number: int, seat: Seat, *, moving: bool = False
    ) -> None:
        """Raise unless ``player`` may be put in ``seat`` of table ``number``."""
        table = self.table(number)
        if not moving and player in self.where:
            t, s = self.where[player]
            raise RuleViolation(
                template=N_("%(player)s already sits at table %(t)s seat %(s_1)s."),
                params={"player": player, "t": t, "s_1": s + 1},
                rule_ids=self.profile.cite("C1"),
                context={"player": player},
            )
        if moving and player not in self.where:
            raise NotFound(
                template=N_("%(player)s has no seat to move from."),
                params={"player": player},
                context={"player": player},
            )
        if not 0 <= seat < table.n_seats:
            raise InvalidCommand(
                template=N_(
                    "Table %(number)s has no seat %(seat_1)s: it has %(table_n_seats)s seats."
                ),
                params={"number": number, "seat_1": seat + 1, "table_n_seats": table.n_seats},
                context={"table": number, "seat": seat + 1},
            )
        if table.occupied >> seat & 1:
            raise RuleViolation(
                template=N_("Table %(number)s seat %(seat_1)s is taken by %(table_players_seat)s."),
                params={
                    "number": number,
                    "seat_1": seat + 1,
                    "table_players_seat": table.players[seat],
                },
                rule_ids=self.profile.cite("C1"),
                context={"table": number, "seat": seat + 1},
            )
        if table.blocked >> seat & 1:
            raise RuleViolation(
                template=N_("Table %(number)s seat %(seat_1)s is not available."),
                params={"number": number, "seat_1": seat + 1},
                rule_ids=self.profile.cite("C1"),
                context={"table": number, "seat": seat + 1},
            )

    def seat(self, player: PlayerId, number: int, seat: Seat) -> None:
        """Put a player who has no seat into an open seat."""
        self.check_seat(player, number, seat)
        self._put(player, self.table_to_change(number), seat)

    def unseat(self, player: PlayerId) -> tuple[int, Seat]:
        """Take a player off his seat (bust, forfeit); returns where he sat."""
        number, seat = self.seat_of(player)
        self._take(self.table_to_change(number), seat)
        del self.where[player]
        return number, seat

    def move(self, player: PlayerId, number: int, seat: Seat) -> None:
        """Move a seated player to an open seat (counts as a move of that player)."""
        self.check_seat(player, number, seat, moving=True)
        old_number, old_seat = self.where[player]
        self._take(self.table_to_change(old_number), old_seat)
        self._put(player, self.table_to_change(number), seat)
        self.moves_made[player] = self.moves_made.get(player, 0) + 1

    def close_table(self, number: int) -> None:
        """Take an empty table out of play (it has broken)."""
        table = self.table(number)
        if len(self.tables) == 1:
            raise RuleViolation(
                template=N_("The last table cannot be broken."), rule_ids=self.profile.cite("C9")
            )
        if table.count:
            raise RuleViolation(
                template=N_("Table %(number)s still has %(table_count)s players: move them first."),
                params={"number": number, "table_count": table.count},
                rule_ids=self.profile.cite("C4"),
            )
        self.epoch += 1
        self._buckets[0].discard(number)
        self._capacity -= table.capacity
        del self.tables[number]
        self._own.discard(number)
        self.order.remove(number)

    def set_button(self, number: int, seat: Seat, *, current: bool = True) -> None:
        """The floor says where a table's button is (the hand now, or the next hand)."""
        table = self.table_to_change(number)
        button = table.button
        with self.profile.citing():
            if current:
                table.button = button.with_current_button(seat, table.occupied)
            else:
                table.button = button.with_first_button(seat, table.occupied)

    def hand_dealt(self, number: int, hand: HandPositions) -> None:
        """A hand was dealt at a table with these positions."""
        table = self.table_to_change(number)
        table.button = table.button.hand_dealt(hand)

    def stud_hand_dealt(self, number: int) -> None:
        """A stud hand was dealt at a table: the button is frozen where it is due (C7)."""
        table = self.table_to_change(number)
        table.button = table.button.stud_hand_dealt(table.occupied)

    def game_dealt(self, number: int, game: Game, players: int) -> None:
        """Count one hand of ``game`` dealt to ``players`` players at a table (rotation)."""
        table = self.table_to_change(number)
        record = table.game
        table.game = (
            TableGame(game=game, hands=1, players=players)
            if record is None
            else record.dealt(game, players)
        )

    def set_game(self, number: int, game: Game) -> None:
        """The floor says which game a table deals now (its hands are not recorded one by
        one): a stud game freezes the button where it is due (C7), a board or draw game
        ends a stud round."""
        table = self.table_to_change(number)
        table.game = TableGame(game=game)
        if game.is_stud:
            table.button = table.button.stud_hand_dealt(table.occupied)
        elif table.button.frozen is not None:
            table.button = replace(table.button, frozen=None)

    def resize(self, number: int, n_seats: int) -> None:
        """Give an empty table a new seat count (the final table's extra seat, C9/C12)."""
        table = self.table(number)
        if table.count:
            raise RuleViolation(
                template=N_("Table %(number)s must be empty to change its seats."),
                params={"number": number},
            )
        self.epoch += 1
        self._capacity -= table.capacity
        spec = TableSpec(number=number, seats=n_seats)
        fresh = Table(spec, self.profile, n_seats)
        fresh.game = table.game  # a mixed event's final table goes on with its game
        self.tables[number] = fresh
        self._own.add(number)
        self._capacity += fresh.capacity

    def add_extra_seat(self, number: int) -> Seat:
        """Start a table with one player over its size; the seat goes at the first departure.

        Only where the profile allows it (``allow_overfull_start``, SPOT). Returns the new
        seat.

        Implements: SPOT-2c5 (C12).
        """
        table = self.table(number)
        if not self.profile.allow_overfull_start:
            raise RuleViolation(
                template=N_("This event does not start tables with an extra player."),
                rule_ids=self.profile.cite("C12"),
            )
        if table.extra_seat or table.n_seats >= MAX_SEATS + 1:
            raise RuleViolation(
                template=N_("Table %(number)s already has its extra seat."),
                params={"number": number},
                rule_ids=self.profile.cite("C12"),
            )
        seat = table.n_seats
        table = _grow(self, number, table.n_seats + 1)
        table.extra_seat = True
        return seat

    def _put(self, player: PlayerId, table: Table, seat: Seat) -> None:
        self.epoch += 1
        count = table.count
        self._buckets[count].discard(table.number)
        table.players[seat] = player
        table.occupied |= 1 << seat
        if seat in table.vacated:
            table.vacated = tuple(s for s in table.vacated if s != seat)
        self._buckets[count + 1].add(table.number)
        self.where[player] = (table.number, seat)

    def _take(self, table: Table, seat: Seat) -> None:
        self.epoch += 1
        count = table.count
        self._buckets[count].discard(table.number)
        table.players[seat] = None
        table.occupied &= ~(1 << seat)
        table.vacated = (*(s for s in table.vacated if s != seat), seat)
        self._buckets[count - 1].add(table.number)
        if table.extra_seat and table.n_seats > 2:
            # SPOT-2c5: the extra seat of an over-full start goes at the first departure.
            table.extra_seat = False
            self._capacity -= 1
            table.blocked |= 1 << seat

    def apply_draws(self, draws: Iterable[SeatDraw]) -> None:
        """Seat or move every drawn player (trusted: the draws came from this seating)."""
        for d in draws:
            if d.table not in self.tables:
                self.open_table(d.table)
            if d.player in self.where:
                self.move(d.player, d.table, d.seat)
            else:
                self.seat(d.player, d.table, d.seat)

    def snapshot(self) -> dict[int, list[PlayerId | None]]:
        """Every table's players by seat (for display and tests)."""
        return {n: list(t.players) for n, t in sorted(self.tables.items())}


# --- draws ------------------------------------------------------------------------------------


def draw_initial_seats(
    seating: Seating,
    players: Sequence[PlayerId],
    rng: random.Random,
    notes: list[str] | None = None,
) -> list[SeatDraw]:
    """Random and even seats for the players at the start (nothing changes).

    Opens the fewest tables that fit everybody (those that break last), spreads the players
    so table counts differ by at most one, and draws who sits where: each table's seats are
    a random sample of its open seats, and the players are shuffled onto them. SPOT's
    "fill the neediest table" (C1) gives the same even counts.

    Players the director keeps apart (``seating.apart``) are drawn first, each into a random
    seat at a table where none of his group sits; when no such table has a seat left he
    takes a random seat anyway and ``notes`` gets the sentence that says so. The tables'
    counts are the same either way; without groups the draw is the same as ever.

    Implements: KPC-6a, TNPL-B1, FOX-6, FOX-REG4 (random seating), SPOT-2c2 (neediest
    table), SPOT-2c3 (kept apart), C1.
    """
    if len(set(players)) != len(players):
        raise InvalidCommand(template=N_("A player is listed twice in the draw."))
    already = [p for p in players if p in seating.where]
    if already:
        raise RuleViolation(
            template=N_("%(already_0)s already has a seat."),
            params={"already_0": already[0]},
            rule_ids=seating.profile.cite("C1"),
        )
    if not players:
        return []
    total = seating.players + len(players)
    in_play = list(seating.tables)
    spare_order = [n for n in seating.layout.order() if n in seating.spare]
    room = sum(_free(seating, n) + seating.tables[n].count for n in in_play)
    numbers = list(in_play)
    for number in reversed(spare_order):
        if room >= total and len(numbers) >= 1:
            break
        numbers.append(number)
        spec = seating.spare[number]
        room += spec.seats - len(spec.unavailable) - len(spec.reserved)
    if room < total:
        raise RuleViolation(
            template=N_(
                "%(total)s players do not fit the %(room)s seats of the layout: add tables."
            ),
            params={"total": total, "room": room},
            context={"players": total, "seats": room},
        )
    counts = {n: (seating.tables[n].count if n in seating.tables else 0) for n in numbers}
    free = {n: _free(seating, n) for n in numbers}
    # Hand out the new players one at a time to the table with the fewest (ties: the table
    # that breaks last), which leaves every count within one of the others where possible.
    extra = dict.fromkeys(numbers, 0)
    order = sorted(numbers, key=lambda n: -seating.rank(n))
    heap = [(counts[n], i, n) for i, n in enumerate(order) if free[n]]
    heapq.heapify(heap)
    for _ in players:
        count, i, best = heapq.heappop(heap)
        extra[best] += 1
        if extra[best] < free[best]:
            heapq.heappush(heap, (count + 1, i, best))
    slots: list[tuple[int, Seat]] = []
    for n in order:
        if extra[n]:
            open_mask = _open_mask(seating, n)
            slots.extend((n, s) for s in rng.sample(seats_of(open_mask), extra[n]))
    shuffled = list(players)
    rng.shuffle(shuffled)
    if not any(seating.apart.of(p) for p in players):
        return [
            SeatDraw(player=p, table=t, seat=s) for p, (t, s) in zip(shuffled, slots, strict=True)
        ]
    return _draw_apart(seating, shuffled, slots, rng, notes)


def _draw_apart(
    seating: Seating,
    shuffled: list[PlayerId],
    slots: list[tuple[int, Seat]],
    rng: random.Random,
    notes: list[str] | None,
) -> list[SeatDraw]:
    """Shuffled players onto drawn seats, those kept apart first (SPOT-2c3): each takes a
    random free slot at a table without one of his groups, the most constrained first."""
    tracker = ApartTracker(seating)
    apart = seating.apart
    grouped = sorted(
        (p for p in shuffled if apart.of(p)),
        key=lambda p: -sum(1 for q in shuffled if q != p and apart.of(p) & apart.of(q)),
    )
    free = list(slots)
    out: list[SeatDraw] = []
    for p in grouped:
        ok = [i for i, (t, _) in enumerate(free) if not tracker.clashes(p, t)]
        i = rng.choice(ok or list(range(len(free))))
        t, s = free.pop(i)
        if not ok and notes is not None:
            notes.append(tracker.note(p, t, "no other table has a seat for them"))
        tracker.join(p, t)
        out.append(SeatDraw(player=p, table=t, seat=s))
    rest = [p for p in shuffled if not apart.of(p)]
    out.extend(SeatDraw(player=p, table=t, seat=s) for p, (t, s) in zip(rest, free, strict=True))
    return out


def _open_mask(seating: Seating, number: int) -> SeatMask:
    """Open seats for a random draw (reserved seats excluded)."""
    table = seating.tables.get(number)
    if table is not None:
        return table.open_seats & ~table.reserved
    spec = seating.spare[number]
    return ((1 << spec.seats) - 1) & ~_mask(spec.unavailable) & ~_mask(spec.reserved)


def _free(seating: Seating, number: int) -> int:
    return _open_mask(seating, number).bit_count()


def draw_seat(
    seating: Seating,
    player: PlayerId,
    rng: random.Random,
    *,
    even: bool = False,
    notes: list[str] | None = None,
) -> SeatDraw:
    """A seat for one arriving player: late entry, re-entry or alternate (nothing changes).

    ``late_seat_assignment = random`` (KPC, FOX, TDA): a random seat among every open seat
    in the event; ``neediest_table`` (SPOT): a random seat at the table most in need of a
    player. ``even=True`` (registration before the start) draws among the tables with the
    fewest players. With no open seat the next spare table (the one that breaks last) opens.
    The seat may be any position; one between the small blind and the button waits (D4).

    A player the director keeps apart from others (``seating.apart``) draws only among the
    tables where none of them sits; when every open seat is at such a table he draws as
    usual and ``notes`` gets the sentence that says so (SPOT-2c3).

    Implements: KPC-6c, KPC-18, FOX-7, FOX-RE, SPOT-2c2, TNPL-B2i (C3); FOX-7, FOX-9 (D4);
    SPOT-2c3 (C1).
    """
    if player in seating.where:
        t, s = seating.where[player]
        raise RuleViolation(
            template=N_("%(player)s already sits at table %(t)s seat %(s_1)s."),
            params={"player": player, "t": t, "s_1": s + 1},
            rule_ids=seating.profile.cite("C1"),
        )
    candidates = [n for n in seating.order if _free(seating, n)]
    if not candidates:
        spares = [n for n in seating.layout.order() if n in seating.spare]
        if not spares:
            raise RuleViolation(
                template=N_("Every seat in the event is taken and no table is left to open."),
                context={"players": seating.players},
            )
        number = spares[-1]
        seat = rng.choice(seats_of(_open_mask(seating, number)))
        return SeatDraw(player=player, table=number, seat=seat)
    tracker: ApartTracker | None = None
    if seating.apart.of(player):
        tracker = ApartTracker(seating)
        apart_ok = [n for n in candidates if not tracker.clashes(player, n)]
        if apart_ok:
            candidates = apart_ok
            tracker = None
    neediest = seating.profile.late_seat_assignment is SeatAssignment.NEEDIEST_TABLE
    if neediest or even:
        fewest = min(seating.tables[n].count for n in candidates)
        candidates = [n for n in candidates if seating.tables[n].count == fewest]
    if neediest:
        number = rng.choice(sorted(candidates))
        seat = rng.choice(seats_of(_open_mask(seating, number)))
    else:
        pool = [(n, s) for n in sorted(candidates) for s in seats_of(_open_mask(seating, n))]
        number, seat = rng.choice(pool)
    if tracker is not None and notes is not None:
        notes.append(tracker.note(player, number, "no other table has a seat for them"))
    return SeatDraw(
        player=player, table=number, seat=seat, waits=arrival_waits(seating, number, seat)
    )


def arrival_waits(seating: Seating, number: int, seat: Seat) -> bool:
    """Whether a player put in this seat now sits out the next hand (D4).

    ``False`` when the table's button is not known yet (the floor sees it).

    Implements: KPC-8e, TNPL-B5, FOX-7, FOX-9, SPOT-4a9 (D4).
    """
    table = seating.tables.get(number)
    if table is None or not table.button.known or table.count < 2:
        return False
    hand = table.button.next_hand(table.occupied | 1 << seat)
    return bool(hand.waiting >> seat & 1)


# --- button draw ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ButtonDraw:
    """A high-card draw for the button: the cards dealt (round by round) and the winner.

    ``rounds`` holds one ``{seat: card}`` mapping per round; a new round is dealt only to
    players tied on rank when the profile treats suits as equal (NJ).
    """

    table: int
    rounds: tuple[tuple[tuple[Seat, str], ...], ...]
    button: Seat

    def describe(self) -> str:
        """The draw in floor words."""
        cards = ", ".join(f"seat {s + 1} {c}" for s, c in self.rounds[-1])
        return f"Table {self.table}: {cards}; button to seat {self.button + 1}"


def card_key(card: str, suit_order: str) -> tuple[int, int]:
    """Sort key of a card for the button draw: rank, then suit (``suit_order`` high first)."""
    rank = RANKS.index(card[0])
    suit = len(suit_order) - suit_order.index(card[1]) if suit_order else 0
    return rank, suit


def draw_button(
    number: int, seats: Sequence[Seat], rng: random.Random, suit_order: str = "shdc"
) -> ButtonDraw:
    """Deal one card to each seat; the highest card takes the button.

    Equal ranks are separated by suit in ``suit_order`` (spades, hearts, diamonds, clubs at
    SPOT and TNPL); with suits equal (``""``) the tied players draw again.

    Implements: SPOT-2c4, SPOT-3f1, TNPL-D9, SPOT-6.5 (C11).
    """
    if len(seats) < 2:
        raise RuleViolation(template=N_("A draw for the button needs at least two players."))
    deck = [r + s for r in RANKS for s in "shdc"]
    rounds: list[tuple[tuple[Seat, str], ...]] = []
    contenders = sorted(seats)
    while True:
        dealt = rng.sample(deck, len(contenders))
        rounds.append(tuple(zip(contenders, dealt, strict=True)))
        keys = {s: card_key(c, suit_order) for s, c in zip(contenders, dealt, strict=True)}
        best = max(keys.values())
        winners = [s for s in contenders if keys[s] == best]
        if len(winners) == 1:
            return ButtonDraw(table=number, rounds=tuple(rounds), button=winners[0])
        contenders = winners


def start_button(seating: Seating, number: int, rng: random.Random) -> ButtonDraw | Seat:
    """The first button of a table by the profile's ``button_start_method``.

    ``high_card_draw`` returns the :class:`ButtonDraw`; ``left_of_dealer`` (NJ-15) the first
    occupied seat clockwise from seat 1.
    """
    table = seating.table(number)
    if seating.profile.button_start_method is ButtonStartMethod.LEFT_OF_DEALER:
        if not table.occupied:
            raise RuleViolation(
                template=N_("Table %(number)s has no players."), params={"number": number}
            )
        occupied = table.occupied
        return (occupied & -occupied).bit_length() - 1
    return draw_button(
        number, seats_of(table.occupied), rng, seating.profile.suit_order_high_to_low
    )


# --- final table ------------------------------------------------------------------------------


def final_table_size(profile: RuleProfile, seats_per_table: int) -> int:
    """How many players make the final table.

    KPC: the table's seats (9-max -> 9). TNPL/FOX/TDA: one more than the table, never more
    than 10 (9-max -> 10, 6-max -> 7, 10-max -> 10).

    Implements: KPC-9, TNPL-B4, FOX-11A (C9).
    """
    if profile.final_table_size is FinalTableSize.SEATS_PER_TABLE:
        return seats_per_table
    return min(seats_per_table + 1, 10)


@dataclass(frozen=True, slots=True, kw_only=True)
class FinalTableDraw:
    """The final table: which table, its seats, every player's seat and the button draw."""

    table: int
    seats: int
    draws: tuple[SeatDraw, ...]
    button: ButtonDraw | None
    redraw: bool

    def describe(self) -> str:
        """The final table in floor words."""
        how = "full redraw" if self.redraw else "players joining"
        return f"Final table at table {self.table} with {self.seats} seats ({how})"


def draw_final_table(seating: Seating, rng: random.Random) -> FinalTableDraw:
    """Form the final table at the table that breaks last (nothing changes).

    With ``final_table_redraw`` (KPC, TDA, FOX) every player draws a fresh seat; otherwise
    (TNPL, SPOT) the players already there stay and the others draw the open seats. The
    table gets ``final_table_size`` seats. The button is drawn by high card after a redraw,
    at SPOT always at the final table, and otherwise continues.

    Implements: KPC-9, TNPL-B4, FOX-11A (C9); KPC-9, TNPL-B6i, SPOT-6.5 (C10); SPOT-2c4,
    TNPL-D9 (C11).
    """
    profile = seating.profile
    if len(seating.tables) < 2:
        raise RuleViolation(
            template=N_("The final table is already formed."), rule_ids=profile.cite("C9")
        )
    size = final_table_size(profile, seating.seats_per_table)
    if seating.players > size:
        raise RuleViolation(
            template=N_("%(seating_players)s players are left: the final table forms at %(size)s."),
            params={"seating_players": seating.players, "size": size},
            rule_ids=profile.cite("C9"),
            context={"players": seating.players, "final_table_size": size},
        )
    number = seating.order[-1]
    final = seating.tables[number]
    players = sorted(seating.where)
    seats = size if profile.final_table_redraw else max(size, final.n_seats)
    if profile.final_table_redraw:
        chosen = rng.sample(range(seats), len(players))
        shuffled = list(players)
        rng.shuffle(shuffled)
        draws = tuple(
            SeatDraw(player=p, table=number, seat=s) for p, s in zip(shuffled, chosen, strict=True)
        )
        taken = [d.seat for d in draws]
    else:
        staying = [p for p in players if seating.where[p][0] == number]
        joining = [p for p in players if seating.where[p][0] != number]
        open_seats = [
            s for s in range(seats) if not (s < final.n_seats and final.occupied >> s & 1)
        ]
        open_seats = [s for s in open_seats if not (s < final.n_seats and final.blocked >> s & 1)]
        chosen = rng.sample(open_seats, len(joining))
        shuffled = list(joining)
        rng.shuffle(shuffled)
        draws = tuple(
            SeatDraw(player=p, table=number, seat=s) for p, s in zip(shuffled, chosen, strict=True)
        )
        taken = [seating.where[p][1] for p in staying] + [d.seat for d in draws]
    button: ButtonDraw | None = None
    spot_draw = profile.button_redraw_new_player_ratio is not None
    if profile.final_table_redraw or spot_draw:
        button = draw_button(number, sorted(taken), rng, profile.suit_order_high_to_low)
    return FinalTableDraw(
        table=number, seats=seats, draws=draws, button=button, redraw=profile.final_table_redraw
    )


def final_table_apart(seating: Seating, number: int) -> tuple[str, ...]:
    """What the floor is told when the final table (at ``number``) must seat players the
    director keeps apart: one table holds every player left, so they sit together
    (SPOT-2c3). One sentence a group; none without groups."""
    apart = seating.apart
    members: dict[int, list[PlayerId]] = {}
    for entry, groups in apart.groups.items():
        if entry in seating.where:
            for g in groups:
                members.setdefault(g, []).append(entry)
    out: list[str] = []
    rules = ", ".join(apart.rule_ids)
    cited = f" ({rules})" if rules else ""
    for g in sorted(members):
        names = sorted(apart.names.get(e, e) for e in members[g])
        if len(names) >= 2:
            who = ", ".join(names[:-1]) + " and " + names[-1]
            out.append(
                f"{who} are kept apart{cited} but sit together at table {number}: "
                "the final table holds every player left."
            )
    return tuple(out)


def apply_final_table(seating: Seating, draw: FinalTableDraw) -> None:
    """Seat the final table (trusted: ``draw`` came from :func:`draw_final_table`)."""
    number = draw.table
    final = seating.tables[number]
    if draw.redraw:
        for player in list(seating.where):
            seating.unseat(player)
        seating.resize(number, draw.seats)
        for d in draw.draws:
            seating.seat(d.player, number, d.seat)
    else:
        if draw.seats > final.n_seats:
            _grow(seating, number, draw.seats)
        for d in draw.draws:
            seating.move(d.player, number, d.seat)
    for other in [n for n in seating.tables if n != number]:
        seating.close_table(other)
    if draw.button is not None:
        seating.set_button(number, draw.button.button, current=False)
    seating.final = True
    seating.epoch += 1


def _grow(seating: Seating, number: int, n_seats: int) -> Table:
    """Add seats to a table in play, keeping its players and button; returns the table."""
    table = seating.table_to_change(number)
    extra = n_seats - table.n_seats
    table.players.extend([None] * extra)
    table.n_seats = n_seats
    table.button = TableButton(
        n_seats=n_seats,
        button_rule=table.button.button_rule,
        heads_up_transition=table.button.heads_up_transition,
        last=table.button.last,
        before_last=table.button.before_last,
        first_button=table.button.first_button,
        frozen=table.button.frozen,
    )
    seating._capacity += extra
    return table


def needs_button_draw(profile: RuleProfile, players: int, newcomers: int) -> bool:
    """SPOT: a reseated table where at least half the players are new draws for the button.

    Implements: SPOT-6.5 (C10); TNPL-B6i: a player joining never triggers a redraw.
    """
    ratio = profile.button_redraw_new_player_ratio
    if ratio is None or players == 0 or newcomers == 0:
        return False
    return Fraction(newcomers, players) >= ratio


__all__ = [
    "MAX_SEATS",
    "ButtonDraw",
    "FinalTableDraw",
    "Layout",
    "PlayerId",
    "SeatDraw",
    "Seating",
    "Table",
    "TableGame",
    "TableSpec",
    "apply_final_table",
    "arrival_waits",
    "card_key",
    "draw_button",
    "draw_final_table",
    "draw_initial_seats",
    "draw_seat",
    "final_table_size",
    "needs_button_draw",
    "next_game",
    "start_button",
]
