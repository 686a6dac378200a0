"""Read models of the seating: every table, its players, button, blinds and the pending moves.

What ``pokertd tables`` and the floor page show, built from the seating state part.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime, timedelta

from pokertd.errors import NotFound
from pokertd.i18n import N_
from pokertd.tournament.entries.state import Roster, Setup
from pokertd.tournament.framework import (
    TournamentState,
)
from pokertd.tournament.penalties import Penalties
from pokertd.tournament.seating.balancing import (
    MoveReason,
    Plan,
    blocked_text,
    halted_tables,
    notify_tables,
)
from pokertd.tournament.seating.rules import (
    apart_rule_ids,
    final_table_size,
)
from pokertd.tournament.seating.state import (
    MoveRecord,
    Tables,
    away_now,
    due_plan,
    entry_name,
    pending_plan,
    seating_now,
)

# --- views ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class AwayView:
    """A seated player marked away: since when, for how long, and when the venue lets the
    floor pick up his chips (G4).

    Implements: SPOT-2b15 (G4, K8: ``absent_pickup_minutes``); D8, K6 (dealt in, posts).
    """

    since: str
    """When he was marked away (ISO time, UTC)."""
    minutes: int | None
    """Whole minutes away at the view's ``now`` (``None`` when no time was given)."""
    pickup_minutes: int | None
    """The venue's ``absent_pickup_minutes`` (``None``: the venue has no such rule)."""
    pickup_at: str | None
    """The minute after which his chips may be picked up (ISO time, UTC), if any."""
    pickup_due: bool
    """The pickup time has passed."""
    rule_ids: tuple[str, ...]
    rule_text: str
    """The venue's rule for an absence, without the minutes (a screen that counts the
    minutes itself puts its own in front): "Chips may be picked up after 15 minutes away
    (SPOT-2b15)." """
    text: str
    """The floor's sentence at ``now``: "Away 7 min. Chips may be picked up after 15
    minutes away (SPOT-2b15)." """


def away_view(since: str, now: datetime | None, state: TournamentState) -> AwayView:
    """The absence of one player (``since`` as stored) at ``now`` by the venue's profile."""
    profile = state.part(Setup).profile
    start = datetime.fromisoformat(since)
    minutes = None if now is None else max(0, int((now - start).total_seconds() // 60))
    pickup = profile.absent_pickup_minutes
    head = "Away" if minutes is None else f"Away {minutes} min."
    if pickup is None:
        rules = profile.cite("D8", "K6")
        rule_text = f"Dealt in; blinds and antes are posted ({', '.join(rules)})."
        return AwayView(
            since=since,
            minutes=minutes,
            pickup_minutes=None,
            pickup_at=None,
            pickup_due=False,
            rule_ids=rules,
            rule_text=rule_text,
            text=f"{head} {rule_text}",
        )
    rules = profile.cite("G4")
    at = start + timedelta(minutes=pickup)
    due = minutes is not None and minutes >= pickup
    cite = ", ".join(rules)
    rule_text = f"Chips may be picked up after {pickup} minutes away ({cite})."
    now_text = f"Chips may be picked up now: more than {pickup} minutes away ({cite})."
    return AwayView(
        since=since,
        minutes=minutes,
        pickup_minutes=pickup,
        pickup_at=at.isoformat(timespec="seconds"),
        pickup_due=due,
        rule_ids=rules,
        rule_text=rule_text,
        text=f"{head} {now_text if due else rule_text}",
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatView:
    """One occupied seat for display."""

    seat: int
    entry_id: str
    name: str
    moves: int
    waits: bool
    away: AwayView | None = None
    """Marked away from the seat (see :class:`AwayView`), else ``None``."""
    penalty_hands_left: int = 0
    """Penalty hands still to serve (K3): meanwhile the seat is dealt in, posts its blinds
    and antes, and the hand is killed."""
    on_penalty: bool = False
    """Serving a penalty in the coming hand (``False`` while the hand in progress when the
    penalty was given is still being played)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TableView:
    """One table for display: players, button, blinds, flags."""

    table: int
    seats: int
    players: int
    seated: tuple[SeatView, ...]
    button: int | None
    small_blind: int | None
    big_blind: int | None
    due_big_blind: str | None
    halted: bool
    notify_host: bool
    game: str | None = None
    """The game the table deals now (issue 28: ``Table.game``, its short code, as the
    dealer said it or its hands were recorded); ``None``: not said (the level's game)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TablesView:
    """Every table, the pending moves and what the rules ask for now."""

    tables: tuple[TableView, ...]
    players: int
    final_table_size: int
    final_table: bool
    pending: tuple[MoveRecord, ...]
    """The moves waiting for the floor, as their confirm makes them: a blank (the player
    due the big blind, the worst position) filled as the floor would, where it can be."""
    auto_confirm: bool
    plan: str | None
    """The token of the waiting moves as shown (:attr:`pending`): a confirm carries it
    (``None``: no move waits)."""


def dealer_pin_salt(state: TournamentState, table: int) -> str:
    """The secret a dealer PIN of ``table`` is derived from (with the app key, by the web):
    the tournament's own ``pin_salt``, drawn when it was created, so a PIN dies with its
    tournament. Only for a table of this tournament's room (in play or spare): another number
    (``-1``, ``999``, ``2**63``) is refused with :class:`~pokertd.errors.NotFound`."""
    setup = state.part(Setup)
    if not setup.created:
        raise NotFound(template=N_("There is no such tournament."))
    numbers = sorted(t.number for t in seating_now(state).layout.tables)
    if table not in numbers:
        listed = _numbers_text(numbers)
        raise NotFound(
            template=N_(
                "Table %(table)s is not a table of this tournament (its tables: %(listed)s)."
            ),
            params={"table": table, "listed": listed},
            context={"table": table},
        )
    return setup.pin_salt


def _numbers_text(numbers: list[int]) -> str:
    """``1-8`` for a run, ``1, 3, 7`` otherwise (tables are few: no ranges inside)."""
    if numbers and numbers == list(range(numbers[0], numbers[-1] + 1)) and len(numbers) > 2:
        return f"{numbers[0]}-{numbers[-1]}"
    return ", ".join(str(n) for n in numbers) or "none"


def tables_view(
    state: TournamentState, now: datetime | None = None, *, only: Collection[int] | None = None
) -> TablesView:
    """What ``pokertd tables`` shows; ``now`` (the caller's clock) gives minutes away.

    ``only``: the tables to describe (the floor console's page of the map, issue 25); every
    table when ``None``. The rest of the view (pending moves, the final table) is the same.
    """
    seating = seating_now(state)  # read only
    part = state.part(Tables)
    away = away_now(state)
    pens = state.part(Penalties)
    halted = set(halted_tables(seating))
    notify = set(notify_tables(seating))
    out: list[TableView] = []
    for number, table in sorted(seating.tables.items()):
        if only is not None and number not in only:
            continue
        button = sb = bb = None
        waiting = 0
        due = None
        if table.button.known and table.count >= 2:
            hand = table.button.next_hand(table.occupied)
            button, bb = hand.button + 1, hand.big_blind_seat + 1
            sb = None if hand.small_blind_seat is None else hand.small_blind_seat + 1
            waiting = hand.waiting
            player = table.players[hand.big_blind_seat]
            due = None if player is None else entry_name(state, player)
        seated = tuple(
            SeatView(
                seat=s + 1,
                entry_id=p,
                name=entry_name(state, p),
                moves=seating.moves_of(p),
                waits=bool(waiting >> s & 1),
                away=away_view(away[p], now, state) if p in away else None,
                penalty_hands_left=pens.hands_left(p),
                on_penalty=pens.serving_now(p),
            )
            for s, p in enumerate(table.players)
            if p is not None
        )
        out.append(
            TableView(
                table=number,
                seats=table.n_seats,
                players=table.count,
                seated=seated,
                button=button,
                small_blind=sb,
                big_blind=bb,
                due_big_blind=due,
                halted=number in halted,
                notify_host=number in notify,
                game=None if table.game is None else table.game.game.value,
            )
        )
    shown = pending_plan(state)
    pending = () if shown is None else shown.moves
    return TablesView(
        tables=tuple(out),
        players=seating.players,
        final_table_size=final_table_size(seating.profile, seating.seats_per_table),
        final_table=seating.final,
        pending=pending,
        auto_confirm=part.auto_confirm,
        plan=None if shown is None else shown.token,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class DueMove:
    """A move the rules require now, not yet confirmed (nothing is written), as its confirm
    will make it: the same player, the same table and seat."""

    from_table: int
    to_table: int
    name: str | None
    """The player who moves: due the big blind next at ``from_table`` when balancing (C6);
    ``None`` while its button is not known (the floor places the button, then the move
    names the player)."""
    entry_id: str | None
    from_seat: int | None
    to_seat: int | None
    """The seat at ``to_table`` (1-based): drawn for a table break (C4), the worst position
    when balancing (C6); ``None`` only while the player is not known."""
    waits: bool
    """The seat lies between the small blind and the button: dealt in once the button
    passes (D4)."""
    reason: MoveReason
    rule_ids: tuple[str, ...]
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DueSeat:
    """A seat at the final table as its draw will give it (C9, C10)."""

    entry_id: str
    name: str
    from_table: int
    from_seat: int
    table: int
    seat: int
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class MovesDue:
    """What balancing requires after the latest change, as a read model: the floor console
    shows it at once after every bust, and a person confirms it (``ConfirmPlan`` with
    :attr:`plan`; the final table ``Redraw``); reading it writes nothing.

    It is the :class:`~pokertd.tournament.seating.FloorPlan` of the moves due, seat for seat:
    drawn once for the seating (reading it again, after a clock pause or a registration,
    gives the same seats), and its confirm applies exactly these moves or, when the
    tables changed in between, is refused as stale with the new plan.
    """

    moves: tuple[DueMove, ...]
    break_table: int | None
    final_table: bool
    final_seats: tuple[DueSeat, ...]
    """The final table's draw (every player after a redraw; the players joining it where
    the players already there keep their seats), by seat."""
    final_button: int | None
    """The final table's button seat when it is drawn with the seats (high card, C11)."""
    closed: tuple[int, ...]
    halted: tuple[int, ...]
    blocked: tuple[int, ...]
    """Short tables no balancing player may join yet: their only open seats are next
    hand's small blind (KPC also the button; C6). A hand there, then the move is due."""
    tolerance: int
    rule_ids: tuple[str, ...]
    text: str
    plan: str
    """The token of this plan: the confirm carries it (``ConfirmPlan``, ``Redraw``)."""
    apart: tuple[str, ...] = ()
    """Why the plan seats players the director keeps apart together (SPOT-2c3): no other
    move the rules allow, or the final table."""

    @property
    def waits_for_a_hand(self) -> bool:
        """Nothing the floor can do now: only ``blocked`` tables, which a hand unblocks."""
        return not (self.moves or self.closed or self.final_table) and self.break_table is None


_BREAK = "C5"
"""The catalogue entry a due table break cites (the balancing tolerance breaks it)."""
_BALANCE = "C6"
"""The catalogue entry due balancing moves cite (who moves, into which seat)."""
_FINAL = "C9"
"""The catalogue entry a due final table cites (its size)."""


def _where(record: MoveRecord, to_table: bool) -> str:
    table = record.to_table if to_table else record.from_table
    seat = record.to_seat if to_table else record.from_seat
    return f"table {table}" + (f" seat {seat}" if seat is not None else "")


def moves_due(state: TournamentState) -> MovesDue | None:
    """The moves the rules require now, or ``None`` when none are due or some are already
    waiting for the floor (those are the pending moves).

    The plan is :func:`~pokertd.tournament.seating.due_plan`: drawn from a seed of the
    seating, so every screen shows the same seats for the same seating, the seats do not
    change until the seating does, and its confirm makes exactly these moves.
    """
    part = state.part(Tables)
    if part.pending:
        return None  # moves wait for the floor already
    fp = due_plan(state)
    if fp is None:
        return None
    seating = seating_now(state)  # read only
    moves = []
    for m in fp.moves:
        name = m.name
        if name is None and m.reason is MoveReason.BALANCE:
            due = seating.due_big_blind(m.from_table)
            name = None if due is None else entry_name(state, due)
        why = "balance" if m.reason is MoveReason.BALANCE else f"table {m.from_table} breaks"
        who = name or f"the player due the big blind at table {m.from_table}"
        wait = ", waits for the button" if m.waits else ""
        moves.append(
            DueMove(
                from_table=m.from_table,
                to_table=m.to_table,
                name=name,
                entry_id=m.entry_id,
                from_seat=m.from_seat,
                to_seat=m.to_seat,
                waits=m.waits,
                reason=m.reason,
                rule_ids=m.rule_ids,
                text=f"{who}: {_where(m, False)} → {_where(m, True)} ({why}{wait})",
            )
        )
    final_seats: tuple[DueSeat, ...] = ()
    final_button = None
    rules: tuple[str, ...]
    if fp.final_table is not None:
        draw = fp.final_table
        final_seats = tuple(
            DueSeat(
                entry_id=d.player,
                name=entry_name(state, d.player),
                from_table=seating.where[d.player][0],
                from_seat=seating.where[d.player][1] + 1,
                table=d.table,
                seat=d.seat + 1,
                text=(
                    f"{entry_name(state, d.player)}: table {seating.where[d.player][0]} seat "
                    f"{seating.where[d.player][1] + 1} → table {d.table} seat {d.seat + 1}"
                ),
            )
            for d in sorted(draw.draws, key=lambda d: d.seat)
        )
        final_button = None if draw.button is None else draw.button.button + 1
        rules = seating.profile.cite(_FINAL)
        how = "every seat drawn again" if draw.redraw else "the players there keep their seats"
        button = "" if final_button is None else f", button seat {final_button}"
        text = (
            f"{seating.players} players left: time for the final table, at table "
            f"{draw.table} ({how}{button})."
        )
    elif fp.break_table is not None:
        rules = seating.profile.cite(_BREAK)
        text = f"Table {fp.break_table} breaks: its {len(moves)} players fit at the other tables."
    elif moves:
        rules = seating.profile.cite(_BALANCE)
        text = (
            f"Tables out of balance (more than {fp.tolerance} apart): "
            f"{len(moves)} move{'s' if len(moves) != 1 else ''} due."
        )
    elif fp.closed:
        rules, text = (), "Empty tables close: " + ", ".join(map(str, fp.closed)) + "."
    else:
        todo = Plan(blocked=fp.blocked, halted=fp.halted)
        text, rules = blocked_text(seating, todo, "then the move is due.")
    return MovesDue(
        moves=tuple(moves),
        break_table=fp.break_table,
        final_table=fp.final_table is not None,
        final_seats=final_seats,
        final_button=final_button,
        closed=fp.closed,
        halted=fp.halted,
        blocked=fp.blocked,
        tolerance=fp.tolerance,
        rule_ids=rules,
        text=text,
        plan=fp.token,
        apart=fp.apart,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class ApartRow:
    """One keep-apart group as the floor lists it (SPOT-2c3)."""

    group: int
    names: tuple[str, ...]
    note: str
    tables: tuple[int | None, ...]
    """Where each of them sits now, name by name (``None``: not seated or out)."""
    together: bool
    """Two of them sit at one table now."""
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ApartView:
    """Every keep-apart group of the tournament (``pokertd keep-apart T``, the Players tab)."""

    allowed: bool
    """The venue lets the director keep players apart (``keep_apart_allowed``)."""
    rule_ids: tuple[str, ...]
    groups: tuple[ApartRow, ...]


def keep_apart_view(state: TournamentState) -> ApartView:
    """The keep-apart groups, with where their players sit now (SPOT-2c3)."""
    part = state.part(Tables)
    profile = state.part(Setup).profile
    roster = state.part(Roster)
    seating = seating_now(state) if part.seating is not None else None
    rows = []
    for number in sorted(part.apart):
        names: list[str] = []
        tables: list[int | None] = []
        for pid in part.apart[number]:
            player = roster.players.get(pid)
            names.append(player.name if player is not None else pid)
            entry = roster.live_entry(pid) if player is not None else None
            spot = None
            if entry is not None and seating is not None:
                spot = seating.where.get(entry.entry_id)
            tables.append(None if spot is None else spot[0])
        seated = [t for t in tables if t is not None]
        together = len(seated) != len(set(seated))
        note = part.apart_notes.get(number, "")
        text = f"Group {number}: " + ", ".join(
            n if t is None else f"{n} (table {t})" for n, t in zip(names, tables, strict=True)
        )
        if note:
            text += f" ({note})"
        if together:
            text += ": two of them sit at one table now"
        rows.append(
            ApartRow(
                group=number,
                names=tuple(names),
                note=note,
                tables=tuple(tables),
                together=together,
                text=text,
            )
        )
    return ApartView(
        allowed=profile.keep_apart_allowed, rule_ids=apart_rule_ids(profile), groups=tuple(rows)
    )


__all__ = [
    "ApartRow",
    "ApartView",
    "AwayView",
    "DueMove",
    "DueSeat",
    "MovesDue",
    "SeatView",
    "TableView",
    "TablesView",
    "away_view",
    "dealer_pin_salt",
    "keep_apart_view",
    "moves_due",
    "tables_view",
]
