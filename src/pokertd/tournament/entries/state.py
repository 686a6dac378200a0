"""Entries' state: the tournament's :class:`Setup` and :class:`Roster` parts, the rows they
hold, and the accessors other domains use to read them (the clock's reading, the
registration window, finding a player).

The :class:`Setup` part holds what the tournament is (its template, resolved rule profile
and registration state); the :class:`Roster` part holds the players, their entries, every
purchase (each part of the price kept apart, H1) and every chip issued or removed.

Players are named in commands by name (case-insensitive, a unique prefix is enough),
player id (``P3``) or entry id (``E7``).

**Registration window.** Registration and re-entry close at the end of a configured level
(A4). The level comes from the clock part when the clock engineer's part is present
(the clock's reader in :class:`Readers`, which :mod:`pokertd.tournament` connects, so entries
never import the clock); without a clock the window is treated as open until the floor
closes it.

Implements: FOX-REG1, TNPL-B2ii, SPOT-6.3 (A4); KPC-56, FOX-FORF1, FOX-FORF2 (A11);
NJ-7, FOX-REG5 (A13); FOX-EVT, KPC-57, NJ-44a (H1).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from pokertd.errors import InvalidCommand, NotFound, RuleViolation
from pokertd.i18n import N_, Clause, Phrase, both
from pokertd.money import DEFAULT_CURRENCY
from pokertd.rules import ForfeitWindow, RuleProfile
from pokertd.rules.profile import profile_from_dict
from pokertd.tournament.entries.rules import EntryKind, EntryStatus, PurchaseKind, player_key
from pokertd.tournament.framework import TournamentState, state_part
from pokertd.tournament.templates import Fees, Template
from pokertd.types import Chips


@dataclass(slots=True)
class Player:
    """A person in the tournament."""

    player_id: str
    name: str
    member: str = ""
    """Member / rewards-card number (A1), "" when none recorded."""
    age_ok: bool = False
    entries: list[str] = field(default_factory=list)
    db_id: str = ""
    """The person in the store's player database (``pl…``), "" when registered without."""


@dataclass(slots=True)
class Entry:
    """One stack bought by a player."""

    entry_id: str
    player_id: str
    name: str
    kind: EntryKind
    number: int
    """1 for the player's first entry, 2 for the first re-entry, ..."""
    issued: Chips
    """Every chip issued to this entry (stack, bonus less reduction, rebuys, add-ons)."""
    stack: Chips | None
    """Last known stack (issued at the buy-in; a recorded count later)."""
    stack_note: str = "buy-in"
    status: EntryStatus = EntryStatus.ALIVE
    rebuys: int = 0
    addons: int = 0
    bought_at: str = ""


@dataclass(frozen=True, slots=True)
class Purchase:
    """One payment: what it bought, for which entry, each part of the price (H1)."""

    kind: PurchaseKind
    entry_id: str
    fees: Fees
    chips: Chips


@dataclass(frozen=True, slots=True, kw_only=True)
class PurchaseTotal:
    """Every purchase of one kind added up (H1): how many, each part of the price, the chips.

    Kept by the appliers as purchases are folded in (:meth:`Roster.add_purchase`), so the
    prize pool and the cash report never sum the whole list of purchases again.
    """

    count: int = 0
    fees: Fees = field(default_factory=Fees)
    chips: Chips = 0

    def plus(self, fees: Fees, chips: Chips) -> PurchaseTotal:
        """This total with one more purchase of ``fees`` for ``chips``."""
        return PurchaseTotal(
            count=self.count + 1, fees=self.fees.plus(fees), chips=self.chips + chips
        )


@dataclass(frozen=True, slots=True)
class Removal:
    """Chips taken out of play (forfeit, disqualification, colour-up losses)."""

    chips: Chips
    reason: str
    entry_id: str | None = None


@dataclass(frozen=True, slots=True)
class Out:
    """An entry out of the tournament, in the order it went (G2, G3).

    Entries sharing ``group`` went out in the same hand and are ranked among themselves by
    ``start_stack`` (and, by profile, ``hand_rank`` then ``blue_chips``).
    """

    entry_id: str
    group: str
    start_stack: Chips | None = None
    hand_rank: int | None = None
    """1 = the best hand among those busted in the same hand (SPOT-6.14)."""
    blue_chips: int | None = None
    eliminator: str | None = None
    at: str = ""
    table: int | None = None
    """The table the entry went out at (``None``: not seated, or a log older than the field)."""
    deal: str = ""
    """The deal it went out in: ``"table 3"`` when its table is known, else the bust that
    recorded it (``"bust 12"``). Hand ranks compare only busts of one deal (SPOT-6.14: "the
    better hand in that deal"); hand-for-hand busts at different tables share a hand, never
    a deal (G3, B10)."""


@state_part
@dataclass(slots=True)
class Setup:
    """What the tournament is: created once (:class:`TournamentCreated`)."""

    created: bool = False
    name: str = ""
    template: Template | None = None
    profile_data: dict[str, Any] = field(default_factory=dict)
    _profile: RuleProfile | None = None
    created_at: str = ""
    early_bird_until: str | None = None
    registration_closed: bool = False
    """Closed by the floor (:class:`CloseRegistration`), whatever the clock says, or by a
    rule: a binding deal (J2) or a prize paid (H2) closes it in the same batch."""
    registration_closed_reason: str = ""
    """Why registration was closed, as the log says it ("" when the floor gave none)."""
    registration_closed_at: str = ""
    """When it was closed (ISO; "" in logs older than the field)."""
    pool_final: bool = False
    """The prize pool is final: a binding deal divided it (J2) or a prize was paid from it
    (H2), so no purchase may change it any more (no entry, re-entry, rebuy or add-on)."""
    pool_final_rules: tuple[str, ...] = ()
    """The catalogue entries of the rule that made it final (``("J2",)``, ``("H2",)``):
    the refusals of later purchases cite them with the profile."""
    finished: bool = False
    """Ended at the set time by chip count (NJ-6b); the end by the last player is derived
    (:func:`night_over`)."""
    finished_at: str = ""
    """When the event was ended by chip count (ISO; "" in older logs)."""
    pin_salt: str = ""
    """The tournament's dealer-PIN secret (:class:`TournamentCreated`; "" in older logs)."""
    currency: str = DEFAULT_CURRENCY
    """The ISO 4217 code every amount of this event is counted in, in its minor units
    (:class:`TournamentCreated`; USD in older logs; ``docs/money.md``)."""
    locale: str = ""
    """The locale its numbers, amounts and dates are written in when the director chose one
    at set-up (``de_DE``; :class:`TournamentCreated`); "" = the venue's (``POKERTD_LOCALE``),
    as in older logs."""

    @property
    def profile(self) -> RuleProfile:
        """The tournament's rule profile (as stored when it was created)."""
        if self._profile is None:
            self._profile = profile_from_dict(self.profile_data)
        return self._profile

    @property
    def tmpl(self) -> Template:
        """The template (refuses commands on a tournament not yet created)."""
        if self.template is None:
            raise InvalidCommand(template=N_("This tournament has not been created yet."))
        return self.template


@state_part
@dataclass(slots=True)
class Roster:
    """Players, entries, purchases and chip removals."""

    players: dict[str, Player] = field(default_factory=dict)
    entries: dict[str, Entry] = field(default_factory=dict)
    purchases: list[Purchase] = field(default_factory=list)
    removals: list[Removal] = field(default_factory=list)
    out: list[Out] = field(default_factory=list)
    alternates: list[str] = field(default_factory=list)
    """Player ids waiting for a seat, first in first served (A12)."""
    final_counts: dict[str, Chips] | None = None
    """Chip counts the event ended on (NJ timed finish, G2)."""
    by_key: dict[str, str] = field(default_factory=dict)
    """Player id by :func:`player_key` of the name (the first player of that key): finding a
    player by name is one look-up, not a scan of the field, so the 4,000th registration
    costs what the first did. Kept by the ``PlayerAdded`` applier; undo and redo fold the
    log again, which rebuilds it."""

    alive_count: int = 0
    """Entries still in: ``len(alive())`` without the scan (registration asks for it on
    every new entry). Kept by the ``EntryBought`` applier and :meth:`set_status`."""
    issued_total: Chips = 0
    """Every chip issued, as a running figure (:attr:`chips_issued` without summing the
    field on every read; issue 25). Kept by :meth:`issue`: every applier that issues chips
    (a buy-in, a rebuy, an add-on, a carried bag) goes through it."""
    removed_total: Chips = 0
    """Every chip taken out of play, as a running figure of :attr:`removals`. Kept by
    :meth:`remove`: every applier that takes chips out of play goes through it."""
    gone: list[str] = field(default_factory=list)
    """Entry ids that stopped being in (busted, forfeited, disqualified), in the order they
    went: the seating frees their seats from the tail of this list instead of scanning the
    whole field on every event (issue 15: 10,000 entries). Kept by :meth:`set_status`."""

    paid_in: Fees = field(default_factory=Fees)
    """Every purchase's price added up part by part (H1): ``sum(p.fees for p in
    purchases)`` without the scan (the prize pool reads it on every hand). Kept by
    :meth:`add_purchase`; undo and redo fold the log again, which rebuilds it."""
    by_kind: dict[str, PurchaseTotal] = field(default_factory=dict)
    """Purchase kind (its value, ``"rebuy"``) -> the purchases of that kind added up, in the
    order the kinds first appeared. Kept by :meth:`add_purchase`."""

    disqualified: int = 0
    """Entries disqualified: the finishing places rank the other ``len(entries) -
    disqualified`` (G2). Kept by :meth:`set_status`."""
    out_at: dict[str, int] = field(default_factory=dict)
    """Entry id -> the index of its :class:`Out` in :attr:`out`. Kept by :meth:`add_out`."""
    group_members: dict[str, list[int]] = field(default_factory=dict)
    """Bust group (:attr:`Out.group`) -> the indexes in :attr:`out` of its entries, the
    groups in the order they first went out (G3: one hand's busts share places). Kept by
    :meth:`add_out`."""
    group_pos: dict[str, int] = field(default_factory=dict)
    """Bust group -> its place (1 = first) in the order the groups first went out."""
    gone_tree: list[int] = field(default_factory=lambda: [0])
    """Entries out per group, by :attr:`group_pos`, as a Fenwick tree (index 0 unused): how
    many went out in the groups before one is a sum of ``log n`` cells, so one finisher's
    place is found without ranking the field (:meth:`gone_before`). Kept by :meth:`add_out`."""

    def add_out(self, out: Out) -> None:
        """Record an entry going out (:attr:`out`), keeping :attr:`out_at`,
        :attr:`group_members`, :attr:`group_pos` and :attr:`gone_tree`: every applier that
        puts an entry out of the tournament goes through here (G2, G3)."""
        index = len(self.out)
        self.out.append(out)
        self.out_at[out.entry_id] = index
        tree = self.gone_tree
        members = self.group_members.get(out.group)
        if members is None:
            self.group_members[out.group] = [index]
            pos = len(tree)
            self.group_pos[out.group] = pos
            # a new last cell covers the groups (pos - lowbit(pos), pos]: its own one entry
            # and the sum of the earlier groups it covers
            low = pos & -pos
            tree.append(1 + self.gone_before(pos) - self.gone_before(pos - low + 1))
            return
        members.append(index)
        pos = self.group_pos[out.group]
        while pos < len(tree):
            tree[pos] += 1
            pos += pos & -pos

    def gone_before(self, pos: int) -> int:
        """Entries out in the groups before the group at ``pos`` (:attr:`group_pos`)."""
        tree = self.gone_tree
        total = 0
        pos -= 1
        while pos > 0:
            total += tree[pos]
            pos -= pos & -pos
        return total

    def add_purchase(self, purchase: Purchase) -> None:
        """Record one purchase, keeping :attr:`paid_in` and :attr:`by_kind`: every applier
        that sells something goes through here (H1)."""
        self.purchases.append(purchase)
        self.paid_in = self.paid_in.plus(purchase.fees)
        kind = purchase.kind.value
        self.by_kind[kind] = self.by_kind.get(kind, PurchaseTotal()).plus(
            purchase.fees, purchase.chips
        )

    def set_status(self, entry: Entry, status: EntryStatus) -> None:
        """Change ``entry``'s status (busted, forfeited, disqualified), keeping
        :attr:`alive_count`, :attr:`disqualified` and :attr:`gone`: every applier that takes
        an entry out goes through here."""
        was_alive = entry.status is EntryStatus.ALIVE
        self.alive_count += (status is EntryStatus.ALIVE) - was_alive
        self.disqualified += (status is EntryStatus.DISQUALIFIED) - (
            entry.status is EntryStatus.DISQUALIFIED
        )
        if was_alive and status is not EntryStatus.ALIVE:
            self.gone.append(entry.entry_id)
        entry.status = status

    def enter(self, entry: Entry) -> None:
        """Add ``entry`` with the chips it was issued (a buy-in, a carried bag), keeping
        :attr:`issued_total` (an entry of the same id is replaced, its chips with it)."""
        replaced = self.entries.get(entry.entry_id)
        if replaced is not None:
            self.issued_total -= replaced.issued
        self.entries[entry.entry_id] = entry
        self.issued_total += entry.issued

    def issue(self, entry: Entry, chips: Chips) -> None:
        """Issue ``chips`` more to ``entry`` (a rebuy, an add-on), keeping
        :attr:`issued_total`."""
        entry.issued += chips
        self.issued_total += chips

    def remove(self, removal: Removal) -> None:
        """Take chips out of play (a forfeit, a disqualification, a colour-up loss, a
        correction), keeping :attr:`removed_total`."""
        self.removals.append(removal)
        self.removed_total += removal.chips

    def by_name(self, name: str) -> Player | None:
        """The player registered under ``name`` (compared by :func:`player_key`), if any."""
        pid = self.by_key.get(player_key(name))
        return None if pid is None else self.players[pid]

    def alive(self) -> list[Entry]:
        """Entries still in, in entry order."""
        return [e for e in self.entries.values() if e.status is EntryStatus.ALIVE]

    def live_entry(self, player_id: str) -> Entry | None:
        """The player's entry that is still in, if any (one at a time: A13)."""
        for eid in reversed(self.players[player_id].entries):
            entry = self.entries[eid]
            if entry.status is EntryStatus.ALIVE:
                return entry
        return None

    @property
    def chips_issued(self) -> Chips:
        """Every chip issued (stacks, bonuses, rebuys, add-ons): a running figure."""
        return self.issued_total

    @property
    def chips_removed(self) -> Chips:
        """Chips taken out of play (forfeits, disqualifications, colour-up losses): a
        running figure."""
        return self.removed_total

    @property
    def chips_in_play(self) -> Chips:
        """Issued minus removed."""
        return self.chips_issued - self.chips_removed

    @property
    def entry_count(self) -> int:
        """Entries bought (buy-ins, re-entries, alternates): what payout tables count."""
        return len(self.entries)


# --------------------------------------------------------------------------------------
# The clock, when the clock part is present


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockReading:
    """What entries need to know from the clock."""

    started: bool
    level: int
    on_break: bool
    registration_open: bool
    rebuys_open: bool | None = None
    play_seconds: int = 0
    hand_for_hand: bool = False
    """Hand-for-hand play is on (FOX-HFH): busts in the same such hand are one hand (G3)."""
    hfh_hands: int = 0
    """Hand-for-hand hands finished so far."""
    running: bool = True
    """The clock is running (``False``: stopped by the floor, e.g. for forfeits, A11)."""
    registration_closed_at: datetime | None = None
    """The instant the clock closed registration (the end of the closing level, A4) when it
    did so while running; ``None`` when it has not, or when a clock command moved it past
    the close (that command's batch is then the moment)."""
    hfh_hand: str = ""
    """The hand-for-hand hand in play (``"HFH-3"``; never reused in the event), ``""`` when
    hand-for-hand is off (B10, G3)."""
    hfh_open: bool = False
    """That hand is under way and not finished everywhere: a table has reported it or a bust
    is recorded in it, and not every table has reported (seats and colour-ups wait, B10)."""
    hfh_waiting: tuple[int, ...] = ()
    """The tables still playing that hand."""


ClockReader = Callable[[TournamentState, datetime], ClockReading | None]
"""The clock's reading of a tournament at an instant (``None``: no clock in this event)."""
BustHandReader = Callable[[TournamentState, Sequence[str], datetime], str | None]
"""The hand the entries named went out in, as the clock knows it (``None``: their own)."""
CapacityReader = Callable[[TournamentState], "SeatCapacity | None"]
"""The seats of the room as the seating laid it out (``None``: no layout yet)."""
PaidReader = Callable[[TournamentState], dict[str, int]]
"""Entry id -> the place its prize was paid for, as the prizes domain records it."""
TableSizeReader = Callable[[TournamentState, str], int | None]
"""Players at the entry's table now, the entry included (``None``: not seated)."""
TableReader = Callable[[TournamentState, str], int | None]
"""The number of the table the entry sits at now (``None``: not seated)."""


def _no_clock(state: TournamentState, now: datetime) -> ClockReading | None:
    return None


def _no_hand(state: TournamentState, entry_ids: Sequence[str], now: datetime) -> str | None:
    return None


def _no_layout(state: TournamentState) -> SeatCapacity | None:
    return None


def _none_paid(state: TournamentState) -> dict[str, int]:
    return {}


def _not_seated(state: TournamentState, entry_id: str) -> int | None:
    return None


def _no_table(state: TournamentState, entry_id: str) -> int | None:
    return None


@dataclass(frozen=True, slots=True, kw_only=True)
class Readers:
    """What the entries (and every domain below the clock, the seating and the prizes) read
    from those higher domains, which import entries and so cannot be imported by it.

    Filled once, explicitly, by :mod:`pokertd.tournament` (its ``__init__`` names every
    reader in one call to :func:`connect`); a domain never registers itself on import. The
    defaults are a tournament without a clock, a layout or a payment.
    """

    clock: ClockReader = _no_clock
    """The clock domain's reading (level, windows, hand-for-hand: A4, A9, B10)."""
    bust_hand: BustHandReader = _no_hand
    """The clock's answer to "which hand did these entries go out in" (G3, B2)."""
    capacity: CapacityReader = _no_layout
    """The seating's count of the seats open to a draw (A12)."""
    paid: PaidReader = _none_paid
    """The prizes' record of places paid (H2: a paid place is final)."""
    table_size: TableSizeReader = _not_seated
    """The seating's count of players at an entry's table (K2: a missed round)."""
    table: TableReader = _no_table
    """The seating's table of an entry (G3: the deal a bust went out in)."""


_READERS: list[Readers] = [Readers()]
"""The readers in force (one; a list so that :func:`connect` replaces it in place)."""


def connect_readers(readers: Readers) -> Readers:
    """Put ``readers`` in force and return the ones they replace (tests put them back)."""
    previous = _READERS[0]
    _READERS[0] = readers
    return previous


def readers() -> Readers:
    """The readers in force."""
    return _READERS[0]


def read_clock(state: TournamentState, now: datetime) -> ClockReading | None:
    """The clock's level and windows, or ``None`` when no clock is running this event."""
    return _READERS[0].clock(state, now)


_WAITING = (
    N_("The colour-up"),
    N_("Moving players"),
    N_("The move"),
    N_("The moves"),
    N_("The final-table redraw"),
    N_("The deal"),
    N_(
        "It goes ahead once every table has reported the hand, or end hand-for-hand "
        "(which closes the hand)."
    ),
    N_(
        "A deal is put to every player left between hands: propose it once every table has "
        "reported the hand, or end hand-for-hand (which closes the hand)."
    ),
)
"""What waits for a hand-for-hand hand, and why, in words of the catalogue: a
:class:`~pokertd.i18n.Phrase` in the refusal (a :class:`~pokertd.i18n.Clause` comes as it is)."""


def _said(text: str) -> str:
    return Phrase(text) if text in _WAITING and not isinstance(text, Clause) else text


def wait_for_hand_for_hand_hand(
    state: TournamentState,
    now: datetime,
    what: str,
    why: str = "It goes ahead once every table has reported the hand, or end hand-for-hand "
    "(which closes the hand).",
    rule_ids: tuple[str, ...] = ("B10",),
) -> None:
    """Refuse ``what`` ("The final-table redraw", "The deal") while a hand-for-hand hand is
    under way and not finished everywhere (B10, G3); ``why`` ends the sentence.

    Busts in one hand-for-hand hand tie (G3); a move, a table break, the final-table
    redraw, a colour-up or a deal between them would mix the hands (the deal: busts before
    it and after it placed by two rankings, issue 22's TNPL night). Once every table has
    reported the hand (or the floor ends hand-for-hand, which closes it) they go ahead, and
    busts after them are a new hand. The clock tells (``ClockReading.hfh_open``), so
    seating and prizes never import it.
    """
    reading = read_clock(state, now)
    if reading is None or not reading.hfh_open:
        return
    waiting = list(reading.hfh_waiting)
    if not waiting:
        template = N_("%(what)s waits: hand-for-hand hand %(hand)s is still being played. %(why)s")
    elif len(waiting) == 1:
        template = N_(
            "%(what)s waits: hand-for-hand hand %(hand)s is still being played at table "
            "%(tables)s. %(why)s"
        )
    else:
        template = N_(
            "%(what)s waits: hand-for-hand hand %(hand)s is still being played at tables "
            "%(tables)s. %(why)s"
        )
    raise RuleViolation(
        template=template,
        params={
            "what": _said(what),
            "hand": reading.hfh_hand,
            "tables": ", ".join(map(str, waiting)),
            "why": _said(why),
        },
        rule_ids=state.part(Setup).profile.cite(*rule_ids),
        context={"hint": "hand_for_hand", "hand": reading.hfh_hand, "waiting_for": waiting},
    )


def table_of(state: TournamentState, entry_id: str) -> int | None:
    """The number of the table the entry sits at now, or ``None`` (not seated, no seating):
    the deal its bust goes out in (G3)."""
    return _READERS[0].table(state, entry_id)


def bust_hand(state: TournamentState, entry_ids: Sequence[str], now: datetime) -> str | None:
    """The hand the entries named went out in, as the clock knows it (``"HFH-3"``), or
    ``None`` (a hand of their own). Raises :class:`~pokertd.errors.RuleViolation` when no
    hand can have put them out now (B2: a player whose chips were raced at this break)."""
    return _READERS[0].bust_hand(state, entry_ids, now)


# --------------------------------------------------------------------------------------
# The seats, when the seating part is present


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatCapacity:
    """The seats a new player can be given now: what registration counts against (A12).

    Reserved and unavailable seats are not counted: no draw puts a new player there, so a
    field whose other seats are taken is full and the next player waits on the alternate
    list (never "register" refused one way and "alternate" the other).
    """

    seats: int
    """Seats open to a draw in the current layout (reserved and unavailable left out)."""
    tables: int
    free: int
    """Seats still open for a new player (the field is full at 0)."""
    held: int = 0
    """Reserved or unavailable seats, left out of ``seats``."""


def seat_capacity(state: TournamentState) -> SeatCapacity:
    """The seats of the room now: the seating's answer, else the template's tables x seats."""
    capacity = _READERS[0].capacity(state)
    if capacity is not None:
        return capacity
    tmpl = state.part(Setup).tmpl
    seats = tmpl.tables * tmpl.seats_per_table
    alive = state.part(Roster).alive_count
    return SeatCapacity(seats=seats, tables=tmpl.tables, free=seats - alive)


def registration_open(state: TournamentState, now: datetime) -> bool:
    """Whether registration and re-entry are open (A4): the floor has not closed them
    and the clock (when known) has not passed the end of the closing level."""
    setup = state.part(Setup)
    if setup.registration_closed or setup.finished:
        return False
    reading = read_clock(state, now)
    return True if reading is None else reading.registration_open


def pre_approved_entry_open(state: TournamentState, now: datetime) -> bool:
    """Whether a late entry approved by the TD before the start is still taken once the
    regular window has closed (A4, SPOT-6.3: until the end of level 2). The floor closing
    registration ends it too."""
    setup = state.part(Setup)
    extended = setup.profile.late_reg_extended_close_after_level
    if extended is None or setup.registration_closed or setup.finished:
        return False
    reading = read_clock(state, now)
    return reading is not None and (
        reading.level < extended or (reading.level == extended and not reading.on_break)
    )


def entries_open(state: TournamentState, now: datetime) -> bool:
    """Whether any new stack may still be sold: registration or re-entry (A4, A8),
    alternates (A12), or a pre-approved late entry (SPOT-6.3). While one may, the field is
    not final: a new entry moves every earlier bust down one place and grows the pool."""
    return registration_open(state, now) or pre_approved_entry_open(state, now)


def night_over(state: TournamentState, now: datetime | None) -> bool:
    """Whether the event is over (G2): ended at its set time by chip count (NJ-6b), or one
    entry left after busts with no entry possible any more — registration closed by the
    floor, by a deal or a payment, or by the clock at ``now`` (without ``now``, only what
    the log closed counts).

    The winner and the instant are :func:`pokertd.tournament.eliminations.finish`;
    this is the bare fact the entry deciders need (no rebuy, add-on or entry once over).
    """
    setup = state.part(Setup)
    if setup.finished:
        return True
    roster = state.part(Roster)
    if roster.alive_count != 1 or not any(
        roster.entries[o.entry_id].status is not EntryStatus.DISQUALIFIED for o in roster.out
    ):
        return False
    if setup.registration_closed:
        return True
    return now is not None and not entries_open(state, now)


@dataclass(frozen=True, slots=True, kw_only=True)
class OpenSale:
    """A sale that could still change the field or the prize pool, in words."""

    text: str
    """``"registration and re-entry are open until the end of level 4"`` (a
    :class:`~pokertd.i18n.Clause`: translated where a refusal names it)."""
    entry: str
    """The catalogue entry of the rule (``A4``, ``A9``, ``A10``): cite it with the profile."""


def rebuys_possible(state: TournamentState, now: datetime) -> bool:
    """Whether a rebuy may still be sold to someone (A9): the event has rebuys, the pool is
    not final, the event not over and the rebuy period (the first minutes of play, by the
    clock) not over. Without a clock the period is the floor's to end: still possible."""
    setup = state.part(Setup)
    tmpl = setup.tmpl
    terms = tmpl.rebuy
    if terms is None or not setup.profile.rebuy_allowed or setup.pool_final:
        return False
    if night_over(state, now):
        return False
    minutes = terms.minutes if terms.minutes is not None else setup.profile.rebuy_window_minutes
    reading = read_clock(state, now)
    return not (
        minutes is not None and reading is not None and reading.play_seconds >= minutes * 60
    )


def addon_possible(state: TournamentState, now: datetime) -> bool:
    """Whether the add-on may still be sold (A10): the event has one, the pool is not final,
    the event not over and the add-on level not passed (without a clock: still possible)."""
    setup = state.part(Setup)
    terms = setup.tmpl.addon
    if terms is None or setup.pool_final or night_over(state, now):
        return False
    reading = read_clock(state, now)
    return reading is None or not reading.started or reading.level <= terms.at_level


def open_sales(state: TournamentState, now: datetime) -> tuple[OpenSale, ...]:
    """What may still be sold and so change the field or the prize pool (A4, A8, A9, A10):
    while any is open, a finishing place is not final and its prize may change (H2)."""
    setup = state.part(Setup)
    tmpl = setup.tmpl
    profile = setup.profile
    found: list[OpenSale] = []
    if registration_open(state, now):
        both = tmpl.reentry and profile.reentry_allowed
        close = tmpl.registration_close(profile)
        reading = read_clock(state, now)
        if reading is None or close is None:
            text = (
                N_("registration and re-entry are still open (until the floor closes them)")
                if both
                else N_("registration is still open (until the floor closes it)")
            )
        else:
            text = (
                N_("registration and re-entry are open until the end of level %(level)s")
                if both
                else N_("registration is open until the end of level %(level)s")
            )
        found.append(OpenSale(text=Clause(text, {"level": close}), entry="A4"))
    elif pre_approved_entry_open(state, now):
        extended = profile.late_reg_extended_close_after_level
        found.append(
            OpenSale(
                text=Clause(
                    N_(
                        "late entries approved before the start are taken until the end of "
                        "level %(level)s"
                    ),
                    {"level": extended},
                ),
                entry="A4",
            )
        )
    if rebuys_possible(state, now):
        found.append(OpenSale(text=Clause(N_("rebuys are still sold")), entry="A9"))
    if addon_possible(state, now):
        at = tmpl.addon.at_level if tmpl.addon is not None else 0
        found.append(
            OpenSale(
                text=Clause(N_("the add-on is sold in level %(level)s"), {"level": at}), entry="A10"
            )
        )
    return tuple(found)


def sales_said(sales: Sequence[OpenSale]) -> str:
    """The open sales in words, joined by "and" (a :class:`~pokertd.i18n.Clause`, so a
    refusal that names them says them in its reader's language)."""
    said = sales[-1].text
    for sale in reversed(sales[:-1]):
        said = both(sale.text, said)
    return said


def paid_places(state: TournamentState) -> dict[str, int]:
    """Entry id -> the place its prize was paid for (empty before any payment, H2)."""
    return _READERS[0].paid(state)


def at_forfeit_point(state: TournamentState, now: datetime) -> bool:
    """Whether a live stack may be forfeited now (A11).

    ``any_time_while_registration_open`` (KPC-56): while registration is open.
    ``registration_close_point_only`` (FOX-FORF2, FOX-72A): at the end of the level at
    which registration closes with the clock stopped, or during the break after it, until
    the next level starts; never while that level's clock is running. Without a clock,
    while the floor has not closed registration.
    """
    setup = state.part(Setup)
    profile = setup.profile
    if profile.forfeit_window is ForfeitWindow.ANY_TIME_WHILE_REGISTRATION_OPEN:
        return registration_open(state, now)
    if setup.registration_closed or setup.finished:
        return False
    reading = read_clock(state, now)
    if reading is None or not reading.started:
        return reading is None
    close = setup.tmpl.registration_close(profile)
    stopped = reading.on_break or not reading.running
    return close is not None and reading.level == close and stopped


# --------------------------------------------------------------------------------------
# Finding players


def find_player(state: TournamentState, ref: str) -> Player:
    """The player named by ``ref``: a name (case-insensitive; a unique beginning is
    enough), a player id (``P3``) or an entry id (``E7``)."""
    roster = state.part(Roster)
    text = ref.strip()
    if not text:
        raise InvalidCommand(template=N_("Name a player."))
    if text.upper() in roster.players:
        return roster.players[text.upper()]
    if text.upper() in roster.entries:
        return roster.players[roster.entries[text.upper()].player_id]
    exact = roster.by_name(text)  # NFC, case-folded: "José" typed either way is the same
    if exact is not None:
        return exact
    low = player_key(text)
    starts = [p for p in roster.players.values() if player_key(p.name).startswith(low)]
    if len(starts) == 1:
        return starts[0]
    if starts:
        names = ", ".join(p.name for p in starts[:6])
        raise InvalidCommand(
            template=N_("%(text)s could be %(names)s: say which (full name or player id)."),
            params={"text": repr(text), "names": names},
            context={"player": text},
        )
    raise NotFound(
        template=N_("There is no player called %(text)s in this tournament."),
        params={"text": repr(text)},
        context={"player": text},
    )


def live_entry_of(state: TournamentState, ref: str) -> tuple[Player, Entry]:
    """The named player and his entry that is still in (refused when he is out)."""
    player = find_player(state, ref)
    roster = state.part(Roster)
    entry = roster.live_entry(player.player_id)
    if entry is None:
        last = roster.entries[player.entries[-1]] if player.entries else None
        how = f" ({last.status.value})" if last is not None else " (no entry bought)"
        raise RuleViolation(
            template=N_("%(player_name)s is not in the tournament%(how)s."),
            params={"player_name": player.name, "how": how},
            context={"player": player.name},
        )
    return player, entry


__all__ = [
    "BustHandReader",
    "CapacityReader",
    "ClockReader",
    "ClockReading",
    "Entry",
    "OpenSale",
    "Out",
    "PaidReader",
    "Player",
    "Purchase",
    "PurchaseTotal",
    "Readers",
    "Removal",
    "Roster",
    "SeatCapacity",
    "Setup",
    "TableReader",
    "TableSizeReader",
    "addon_possible",
    "at_forfeit_point",
    "bust_hand",
    "connect_readers",
    "entries_open",
    "find_player",
    "live_entry_of",
    "night_over",
    "open_sales",
    "paid_places",
    "pre_approved_entry_open",
    "read_clock",
    "readers",
    "rebuys_possible",
    "registration_open",
    "sales_said",
    "seat_capacity",
    "table_of",
    "wait_for_hand_for_hand_hand",
]
