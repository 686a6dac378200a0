"""The seating domain's state part: the seating, the layout and the moves waiting for the floor.

:class:`Tables` is folded from the seating events (:mod:`pokertd.tournament.seating.log`);
:func:`live_seating` is the seating now, the seats of entries no longer in freed. Other
domains read these facts (never the seating views). :class:`SeatRecord` and
:class:`MoveRecord` are seats and moves as stored (1-based seats, as people read them).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from pokertd.codec import to_json
from pokertd.errors import PokertdError
from pokertd.i18n import N_, Params, Phrase, Sentence
from pokertd.rules.enums import Game
from pokertd.tournament.entries.rules import EntryStatus
from pokertd.tournament.entries.state import (
    Roster,
    SeatCapacity,
    Setup,
)
from pokertd.tournament.framework import (
    TournamentState,
    state_part,
)
from pokertd.tournament.prizes.pool import places_paid
from pokertd.tournament.seating.balancing import (
    Move,
    MoveReason,
    Plan,
    PlanRandom,
    break_table,
    plan,
    resolve_moves,
)
from pokertd.tournament.seating.rules import (
    NO_GROUPS,
    ApartGroups,
    FinalTableDraw,
    Layout,
    Seating,
    TableSpec,
    apart_rule_ids,
    draw_final_table,
    final_table_apart,
    next_game,
)
from pokertd.tournament.structures import Structure

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
    apart: dict[int, tuple[str, ...]] = field(default_factory=dict)
    """Keep-apart groups by number: the player ids (not entries: a re-entry stays in the
    group) the director keeps from sitting together (SPOT-2c3; the ``KeepApart`` command)."""
    apart_notes: dict[int, str] = field(default_factory=dict)
    """The director's note of each group (why: "married", "business partners")."""
    next_group: int = 1
    """The number the next keep-apart group gets (numbers are never used twice)."""


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


def _at_extra_seat_table(state: TournamentState, seating: Seating, freed: int) -> bool:
    """Whether an entry among the roster's ``gone`` after the first ``freed`` sits at a
    table started with an extra seat (SPOT-2c5): then the order its seats are freed in
    matters, and they are freed together (:func:`_to_free`)."""
    where = seating.where
    tables = seating.tables
    for entry_id in state.part(Roster).gone[freed:]:
        spot = where.get(entry_id)
        if spot is not None and tables[spot[0]].extra_seat:
            return True
    return False


def _settled(state: TournamentState, seating: Seating, freed: int) -> Seating:
    """``seating`` with the seats of the entries gone since ``freed`` freed, as the next
    seating event will free them: a copy, kept on ``seating`` (``Seating.settled``) until
    it changes, and brought up to date in place when more entries go out.

    Reading the seating used to copy it (a thousand tables, ten thousand seats) whenever
    anyone had gone out since the last seating event, on every read (issue 25: 15 % of a
    10,000-entry night). Now it is copied once per seating event at most; a bust after
    that frees one seat in the copy. Freeing seats at different tables, or at the same
    table without an extra seat, gives the same seating in any order and in any number of
    steps, so the copy brought up to date equals a fresh copy with them all freed; at a
    table with an extra seat the order matters (SPOT-2c5), and a fresh copy is made.
    """
    gone = len(state.part(Roster).gone)
    kept = seating.settled
    if kept is not None and kept[0] == seating.epoch and kept[1] <= gone:
        upto, settled = kept[1], kept[2]
        if upto == gone:
            return settled
        if not _at_extra_seat_table(state, seating, freed):
            for entry_id in _to_free(state, settled, upto):
                settled.unseat(entry_id)
            seating.settled = (seating.epoch, gone, settled)
            return settled
    settled = seating.copy()
    _sync(state, settled, freed)
    seating.settled = (seating.epoch, gone, settled)
    return settled


def seating_for_apply(state: TournamentState) -> Seating:
    """The part's own seating for an applier to change (built on first use, busts freed)."""
    part = state.part(Tables)
    gone = len(state.part(Roster).gone)
    if part.seating is None:
        part.seating = _build(state)  # an empty room: nobody's seat to free
    else:
        _sync(state, part.seating, part.freed)
    part.seating.epoch += 1  # the applier changes it: what was worked out from it is old
    part.seating.settled = None
    part.freed = gone
    if part.away:  # a busted player's absence ends with his seat
        where = part.seating.where
        part.away = {e: since for e, since in part.away.items() if e in where}
    return part.seating


def _spec_seats(spec: TableSpec) -> int:
    """Seats of a table not yet in play that a draw may give (not unavailable, not reserved)."""
    return spec.seats - len(spec.unavailable | spec.reserved)


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


def keep_apart_of(
    state: TournamentState, *, also: tuple[str, str, str] | None = None
) -> ApartGroups:
    """The keep-apart groups as the draws and plans read them (SPOT-2c3): each grouped
    player's entry still in, with its groups and name. ``also`` is ``(entry id, player id,
    name)`` of an entry being bought now (not in the roster yet). Cheap without groups."""
    part = state.part(Tables)
    if not part.apart:
        return NO_GROUPS
    roster = state.part(Roster)
    by_player: dict[str, set[int]] = {}
    for number, players in part.apart.items():
        for pid in players:
            by_player.setdefault(pid, set()).add(number)
    groups: dict[str, frozenset[int]] = {}
    names: dict[str, str] = {}
    for pid, numbers in by_player.items():
        entry = roster.live_entry(pid)
        if entry is not None:
            groups[entry.entry_id] = frozenset(numbers)
            names[entry.entry_id] = entry.name
    if also is not None and also[1] in by_player:
        groups[also[0]] = frozenset(by_player[also[1]])
        names[also[0]] = also[2]
    profile = state.part(Setup).profile
    return ApartGroups(groups=groups, names=names, rule_ids=apart_rule_ids(profile))


def _with_apart(state: TournamentState, seating: Seating) -> Seating:
    """``seating`` told who the director keeps apart now (``Seating.apart``)."""
    seating.apart = keep_apart_of(state)
    seating.stud_only = stud_only_event(state)
    return seating


def live_seating(state: TournamentState) -> Seating:
    """The seating now, busted players' seats freed: an independent copy the caller may
    change (a decider tries its draws and moves on it), told who is kept apart."""
    if state.part(Tables).seating is None:
        return _with_apart(state, _build(state))  # an empty room: nobody's seat to free
    return seating_now(state).copy()


def seated_at(state: TournamentState, table: int) -> tuple[str | None, ...]:
    """The entries seated at ``table`` now, seat by seat (``None``: an empty seat); ``()``
    before the draw or for a table not in play. Handed to the penalties' K3 count."""
    if state.part(Tables).seating is None:
        return ()
    seated = seating_now(state).tables.get(table)  # read only: no copy
    return () if seated is None else tuple(seated.players)


def table_size_of(state: TournamentState, entry_id: str) -> int | None:
    """Players at the entry's table now, offender included (``None``: not seated), for a
    missed-round penalty (K2); connected as the entries' ``Readers.table_size``."""
    if state.part(Tables).seating is None:
        return None
    seating = seating_now(state)  # read only: no copy
    where = seating.where.get(entry_id)
    return None if where is None else seating.tables[where[0]].count


def table_number_of(state: TournamentState, entry_id: str) -> int | None:
    """The number of the table the entry sits at now (``None``: not seated): the deal its
    bust goes out in (G3); connected as the entries' ``Readers.table``."""
    if state.part(Tables).seating is None:
        return None
    where = seating_now(state).where.get(entry_id)
    return None if where is None else where[0]


def seating_now(state: TournamentState) -> Seating:
    """The seating now, busted players' seats freed, to READ only (never change it), and
    only until the next event is folded.

    The part's own seating when no entry went out since the last seating event, else the
    copy with their seats freed that the part's seating keeps until it changes
    (:func:`_settled`): neither copies a thousand tables for every read.
    """
    part = state.part(Tables)
    seating = part.seating
    if seating is None:
        return _with_apart(state, _build(state))  # an empty room: nobody's seat to free
    if len(state.part(Roster).gone) <= part.freed or not _to_free(state, seating, part.freed):
        return _with_apart(state, seating)
    return _with_apart(state, _settled(state, seating, part.freed))


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
    """A stored move in floor words, as the log lists it: "#2 Ivy Irwin: table 4 seat 4 →
    table 3 seat 8 (table breaks) [KPC-6d, KPC-8a]" (the English of :func:`said_move`)."""
    return said_move(record).text


_MOVE_WHY = {
    MoveReason.BALANCE: N_("balance"),
    MoveReason.BREAK_TABLE: N_("table breaks"),
    MoveReason.FLOOR: N_("floor decision"),
}


def said_move(record: MoveRecord) -> Sentence:
    """A stored move as a :class:`~pokertd.i18n.Sentence` (each face says it its way)."""
    origin = _seat_said(record.from_table, record.from_seat)
    target = _seat_said(record.to_table, record.to_seat, worst=True)
    params: Params = {
        "id": record.move_id,
        "who": record.name or Phrase(N_("the player due the big blind next")),
        "origin": origin,
        "target": target,
        "why": Phrase(_MOVE_WHY[record.reason]),
        "rules": ", ".join(record.rule_ids),
    }
    if record.waits:
        return Sentence(
            N_(
                "#%(id)s %(who)s: %(origin)s → %(target)s (%(why)s, waits for the button) "
                "[%(rules)s]"
            ),
            params,
        )
    return Sentence(N_("#%(id)s %(who)s: %(origin)s → %(target)s (%(why)s) [%(rules)s]"), params)


def move_detail(record: MoveRecord) -> str:
    """A confirmed move as the details of a confirmation list it, in words a floorperson
    reads aloud, with the rules behind it: "Ivy Irwin: table 4 seat 4 → table 3 seat 8
    (KPC-6d, KPC-8a)" (the English of :func:`move_detail_said`)."""
    return move_detail_said(record).text


def move_detail_said(record: MoveRecord) -> Sentence:
    """:func:`move_detail` as a :class:`~pokertd.i18n.Sentence`."""
    notes: list[str | Sentence] = []
    if record.reason is MoveReason.FLOOR:
        notes.append(Phrase(N_("floor decision")))
    if record.waits:
        notes.append(Phrase(N_("waits for the button")))
    if record.rule_ids:
        notes.append(", ".join(record.rule_ids))
    params: Params = {
        "who": record.name or Phrase(N_("the player due the big blind next")),
        "origin": _seat_said(record.from_table, record.from_seat),
        "target": _seat_said(record.to_table, record.to_seat, worst=True),
    }
    if not notes:
        return Sentence(N_("%(who)s: %(origin)s → %(target)s"), params)
    joined: str | Sentence = notes[0]
    for note in notes[1:]:
        joined = Sentence(N_("%(first)s, %(then)s"), {"first": joined, "then": note})
    return Sentence(N_("%(who)s: %(origin)s → %(target)s (%(notes)s)"), params | {"notes": joined})


def _seat_said(table: int, seat: int | None, *, worst: bool = False) -> Sentence:
    """``table 4 seat 2``, ``table 4`` or (a target) ``table 4 (worst position)``."""
    if seat:
        return Sentence(N_("table %(table)s seat %(seat)s"), {"table": table, "seat": seat})
    if worst:
        return Sentence(N_("table %(table)s (worst position)"), {"table": table})
    return Sentence(N_("table %(table)s"), {"table": table})


def paid_places_now(state: TournamentState) -> int | None:
    """How many places the tournament pays now, from its own payouts, for the venues that
    balance tighter one table from the money (KPC-7, ``balance_tight_near_money``).

    ``None`` when the profile does not need it or there is no prize pool yet.
    """
    setup = state.part(Setup)
    if not setup.profile.balance_tight_near_money or state.part(Roster).entry_count == 0:
        return None
    return places_paid(state)  # no table for this field: the floor gives ``paid_places``


# --- the plan the floor confirms ----------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class FloorPlan:
    """A plan the floor is asked to confirm, as a value: the moves (or the final table)
    exactly as its confirm applies them, and the token that names it.

    Every screen shows it and every confirm applies it: the console's prompt and "Confirm
    all", the move slips, ``pokertd moves`` and ``move confirm``, ``pokertd redraw``. A
    confirm that carries the token of the plan it was shown (``ConfirmPlan``, ``Redraw``,
    ``SuggestMoves``, ``ConfirmMoves``) works the plan out again and applies it only when
    the token is the same; otherwise something changed in between (a bust, a move, a hand
    dealt) and it is refused as stale with the new plan, nothing written.

    The moves due are drawn with :class:`~pokertd.tournament.seating.balancing.PlanRandom`
    (seeded from the seating), so reading them again gives the same plan until the seating
    changes; the seed is stored in the event that applies them. Moves already in the log
    (``MovesSuggested``) are applied as recorded, their blanks filled as the floor would
    (:func:`~pokertd.tournament.seating.balancing.resolve_moves`): the plan shows those
    fills too.

    Implements: KPC-6e, TNPL-B5, FOX-9, FOX-10C (C4); KPC-8d, TNPL-B6ii, FOX-10A (C6);
    KPC-9, TNPL-B4, FOX-11A (C9); KPC-9, TNPL-B6i (C10).
    """

    token: str
    """Names the plan: a digest of what it does (the moves with their seats, the tables it
    closes, the final table's seats and button). The same plan read twice has the same
    token; any difference in a seat gives another."""
    recorded: bool
    """Its moves are in the log already, waiting for the floor (``MovesSuggested``); else
    they are drawn for the seating now (the moves due) and written only when confirmed."""
    seed: int | None = None
    """The seed of its random draws (a table break's seats, the final table's redraw);
    ``None`` when nothing was drawn (balancing picks by rule) or the moves are recorded."""
    moves: tuple[MoveRecord, ...] = ()
    """The moves in the order they are made, as they will be made (1-based seats): the
    player due the big blind and the seat at the new table filled in as the floor would,
    wherever they can be (not while a button is still to be placed)."""
    drawn: tuple[MoveRecord, ...] = ()
    """The same moves as drawn, with the blanks the floor fills when it confirms (the
    player due the big blind, the worst position at a table whose button is not known):
    what ``MovesSuggested`` records, so the fill follows the table until the confirm.
    The fill a screen shows is the fill its confirm makes (:attr:`moves`, :attr:`token`)."""
    break_table: int | None = None
    """The table these moves break (it closes when its last player has moved)."""
    closed: tuple[int, ...] = ()
    """Tables left empty by busts: they close first."""
    final_table: FinalTableDraw | None = None
    """Time for the final table: the draw its confirm (``Redraw``) applies."""
    button_draws: tuple[int, ...] = ()
    """Tables that draw for the button once the moves are made (SPOT-6.5): the cards are
    dealt when the last move is confirmed and shown from the log."""
    tolerance: int = 2
    halted: tuple[int, ...] = ()
    blocked: tuple[int, ...] = ()
    """Short tables no player moved to balance may join yet (C6): a hand there first."""
    apart: tuple[str, ...] = ()
    """Why players the director keeps apart sit together after this plan, in the floor's
    words (SPOT-2c3): no other move the rules allow, or the final table."""

    @property
    def empty(self) -> bool:
        """Nothing to confirm (only tables that wait for a hand)."""
        return not (self.moves or self.closed) and self.final_table is None

    def seats(self) -> dict[str, tuple[int, int]]:
        """Where the plan puts each player it names: entry id -> ``(table, seat)``, 1-based
        (its moves whose player and seat are known, the final table's draw). Once it is
        confirmed every one of them sits there: what a test of the night checks ("a plan
        shown to the floor is the plan applied")."""
        out = {
            m.entry_id: (m.to_table, m.to_seat)
            for m in self.moves
            if m.entry_id is not None and m.to_seat is not None
        }
        if self.final_table is not None:
            for d in self.final_table.draws:
                out[d.player] = (d.table, d.seat + 1)
        return out

    def describe(self) -> str:
        """What the plan does, in a few words: "7 moves, table 4 breaks"."""
        if self.final_table is not None:
            return f"the final table at table {self.final_table.table}"
        parts = []
        if self.moves:
            many = len(self.moves) != 1
            parts.append(f"{len(self.moves)} move{'s' if many else ''}")
        if self.break_table is not None:
            parts.append(f"table {self.break_table} breaks")
        if self.closed:
            parts.append("empty table " + ", ".join(map(str, self.closed)) + " closes")
        return ", ".join(parts) or "nothing to do until a hand is dealt"


def _plan_token(
    moves: tuple[MoveRecord, ...],
    break_table: int | None,
    closed: tuple[int, ...],
    final_table: FinalTableDraw | None,
) -> str:
    """A plan's token: a digest of what it does (12 hex digits)."""
    body = json.dumps(
        to_json([moves, break_table, closed, final_table]), sort_keys=True, separators=(",", ":")
    )
    return hashlib.blake2b(body.encode(), digest_size=6).hexdigest()


def _plan_salt(state: TournamentState) -> str:
    """What keeps one tournament's draws from another's with the same seating (entry ids
    repeat from one event to the next). One salt for every kind of plan: breaking the
    table that is due to break (``BreakTable``) draws the seats the moves due show."""
    return f"tournament {state.id}"


def _floor_plan(
    state: TournamentState,
    seating: Seating,
    todo: Plan,
    seed: int | None,
) -> FloorPlan:
    """The planner's answer as the floor will confirm it: empty tables closed first, blanks
    filled, numbered as ``MovesSuggested`` will number them."""
    work = seating
    if todo.closed:
        work = seating.copy()
        for number in todo.closed:
            if len(work.tables) > 1:
                work.close_table(number)
    moves = resolve_moves(work, todo.moves) if todo.moves else ()
    first = state.part(Tables).next_move_id
    records = tuple(move_record(state, first + i, m) for i, m in enumerate(moves))
    drawn = tuple(move_record(state, first + i, m) for i, m in enumerate(todo.moves))
    return FloorPlan(
        token=_plan_token(records, todo.break_table, todo.closed, todo.final_table),
        recorded=False,
        seed=seed,
        moves=records,
        drawn=drawn,
        break_table=todo.break_table,
        closed=todo.closed,
        final_table=todo.final_table,
        button_draws=todo.button_draws,
        tolerance=todo.tolerance,
        halted=todo.halted,
        blocked=todo.blocked,
        apart=todo.apart,
    )


def structure_games(structure: Structure) -> tuple[Game, ...]:
    """The games a structure deals, in the order they first come: each level's own and,
    for a game-each-orbit event (whose levels name no game), its rotation's (``()``: the
    event's one game, nothing names one)."""
    games = [g for lv in structure.levels for g in structure.games_of(lv)]
    if structure.rotation is not None:
        games.extend(structure.rotation.games)
    return tuple(dict.fromkeys(games))


def is_stud_only(structure: Structure) -> bool:
    """Every level of the structure deals a stud game (C6: such an event balances by
    position, TNPL-B6ii, FOX-10A); a mixed event balances as in hold'em (C7)."""
    return bool(structure.levels) and all(
        bool(games) and all(g.is_stud for g in games)
        for games in map(structure.games_of, structure.levels)
    )


_EVENT_GAMES: dict[int, tuple[object, tuple[Game, ...], bool]] = {}
"""``id(template) -> (template, games, stud only)``: worked out once per template (the
template is kept so its id is not reused while it is remembered); a cache, never stored."""


def _event_games(state: TournamentState) -> tuple[tuple[Game, ...], bool]:
    setup = state.part(Setup)
    tmpl = setup.template
    if tmpl is None:
        return (), False
    kept = _EVENT_GAMES.get(id(tmpl))
    if kept is not None and kept[0] is tmpl:
        return kept[1], kept[2]
    try:
        structure = tmpl.structure_value()
    except PokertdError:  # a structure that cannot be read deals the event's one game
        games: tuple[Game, ...] = ()
        stud = False
    else:
        games, stud = structure_games(structure), is_stud_only(structure)
    if len(_EVENT_GAMES) > 64:
        _EVENT_GAMES.clear()
    _EVENT_GAMES[id(tmpl)] = (tmpl, games, stud)
    return games, stud


def event_games(state: TournamentState) -> tuple[Game, ...]:
    """The games the event's structure names, in the order they first come."""
    return _event_games(state)[0]


def stud_only_event(state: TournamentState) -> bool:
    """Every level of the event deals a stud game: balancing moves by position (C6)."""
    return _event_games(state)[1]


def table_game_next(state: TournamentState, table: int, rotation: tuple[Game, ...]) -> Game:
    """The game table ``table`` deals next when the event rotates ``rotation`` by orbit,
    from the hands recorded there (``HandsPlayed`` with their game, ``SetTableGame``):
    see :func:`~pokertd.tournament.seating.rules.next_game`."""
    seating = seating_now(state)  # read only
    return next_game(rotation, seating.table(table).game)


def due_plan(
    state: TournamentState,
    *,
    paid_places: int | None = None,
    full_table_event: bool = True,
    stud_only: bool | None = None,
) -> FloorPlan | None:
    """The plan the rules require for the seating now, whether or not moves are waiting
    (``None``: nothing is due, no seat is drawn, or one table is left).

    ``stud_only`` (default: from the event's structure, :func:`stud_only_event`) balances
    by position (C6: TNPL-B6ii, FOX-10A).

    Drawn with a generator seeded from the seating (:class:`PlanRandom`): the same seating
    gives the same plan every time it is read, and ``SuggestMoves``, ``ConfirmPlan`` and
    ``Redraw`` apply it. ``paid_places`` defaults to the event's own places paid (KPC-7).
    """
    part = state.part(Tables)
    if part.seating is None:
        return None
    seating = seating_now(state)  # read only: planning changes nothing
    if len(seating.tables) < 2 or not seating.players:
        return None
    paid = paid_places if paid_places is not None else paid_places_now(state)
    stud = stud_only if stud_only is not None else stud_only_event(state)
    todo, seed = _planned(seating, _plan_salt(state), paid, full_table_event, stud)
    if todo.empty and not todo.blocked:
        return None
    return _floor_plan(state, seating, todo, seed)


def _planned(
    seating: Seating, salt: str, paid: int | None, full_table_event: bool, stud_only: bool = False
) -> tuple[Plan, int | None]:
    """:func:`~pokertd.tournament.seating.balancing.plan` for ``seating`` and the seed of
    its draws, kept on the seating until it changes (``Seating.plans``).

    The plan is a function of the seating, the salt (its draws are seeded from both) and
    the places paid: the console reads the moves due after every command, and a table
    break due (nine draws among every table most in need) was drawn again on each read
    until it was confirmed (issue 25)."""
    kept = seating.plans
    if kept is None or kept[0] != seating.epoch:
        kept = (seating.epoch, {})
        seating.plans = kept
    key = (salt, paid, full_table_event, seating.apart.key, stud_only)
    found = kept[1].get(key)
    if found is None:
        rng = PlanRandom(seating, salt)
        made = plan(
            seating,
            rng,
            paid_places=paid,
            full_table_event=full_table_event,
            stud_only=stud_only,
        )
        found = kept[1][key] = (made, rng.seed_used)
    kept_plan, seed = found
    assert isinstance(kept_plan, Plan)
    return kept_plan, seed


def break_plan(state: TournamentState, table: int) -> FloorPlan:
    """The moves that break ``table`` now (the floor's choice of table, ``BreakTable``),
    drawn once for the seating now; refused when it is the last table or its players do
    not fit at the others (C4)."""
    seating = seating_now(state)  # read only
    rng = PlanRandom(seating, _plan_salt(state))
    todo = break_table(seating, table, rng)
    return _floor_plan(state, seating, todo, rng.seed_used)


def redraw_plan(state: TournamentState) -> FloorPlan:
    """The final table the floor forms now (``Redraw``): the one the moves due show when it
    is due, else drawn once for the seating now; refused when it cannot form yet (C9)."""
    due = due_plan(state)
    if due is not None and due.final_table is not None:
        return due
    seating = seating_now(state)  # read only
    rng = PlanRandom(seating, _plan_salt(state))
    draw = draw_final_table(seating, rng)
    return FloorPlan(
        token=_plan_token((), None, (), draw),
        recorded=False,
        seed=rng.seed_used,
        final_table=draw,
        apart=final_table_apart(seating, draw.table),
    )


def pending_plan(state: TournamentState) -> FloorPlan | None:
    """The moves waiting for the floor (``MovesSuggested``), as their confirm makes them:
    in the order of their numbers, each blank filled as the floor would (``None``: none
    wait)."""
    part = state.part(Tables)
    if not part.pending or part.seating is None:
        return None
    seating = seating_now(state)  # read only: resolving works on a copy
    ids = sorted(part.pending)
    waiting = [part.pending[i] for i in ids]
    moves = resolve_moves(seating, waiting)
    records = tuple(move_record(state, i, m) for i, m in zip(ids, moves, strict=True))
    return FloorPlan(
        token=_plan_token(records, part.pending_break, (), None),
        recorded=True,
        moves=records,
        drawn=tuple(move_record(state, i, m) for i, m in zip(ids, waiting, strict=True)),
        break_table=part.pending_break,
        button_draws=part.pending_button_draws,
    )


def floor_plan(state: TournamentState) -> FloorPlan | None:
    """The plan the floor is asked to confirm now: the moves waiting (recorded), else the
    moves due (drawn for the seating now), else ``None``. What the console's prompt shows
    and its "Confirm all" applies (``ConfirmPlan``); a test of the night checks with it that
    a plan shown is the plan applied."""
    return pending_plan(state) or due_plan(state)


__all__ = [
    "FloorPlan",
    "MoveRecord",
    "SeatRecord",
    "Tables",
    "away_now",
    "break_plan",
    "describe_move",
    "due_plan",
    "entry_name",
    "floor_plan",
    "keep_apart_of",
    "live_seating",
    "move_detail",
    "move_detail_said",
    "move_record",
    "paid_places_now",
    "pending_plan",
    "redraw_plan",
    "said_move",
    "seat_capacity_of_layout",
    "seated_at",
    "seating_for_apply",
    "seating_now",
    "table_size_of",
]
