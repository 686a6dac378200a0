"""Read models shared by the CLI and the web: status, players, results, the log in words.

Every view is a plain frozen dataclass of JSON-friendly values (str, int, bool, None,
tuples), built from a :class:`~pokertd.tournament.framework.TournamentState` and ``now``.
Money is given in cents and as text (``"$4,074.00"``).

What the floor does not know is shown as unknown, not guessed: in a live game nobody knows
every stack, so chips in play and the average stack are computed from chips issued minus
chips removed (forfeits, disqualifications, colour-up losses), and a player's stack is the
last one recorded (at the buy-in, or by a chip count). The level comes from the clock part
and seats from the seating part (:func:`seats`) when those are present.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, tzinfo
from typing import Any

from pokertd.i18n import N_, Sentence
from pokertd.money import DEFAULT_CURRENCY, format_money
from pokertd.tournament.cancellation import cancelled
from pokertd.tournament.eliminations import finish, finishing_places
from pokertd.tournament.entries.rules import EntryStatus, PurchaseKind
from pokertd.tournament.entries.state import (
    ClockReading,
    Roster,
    Setup,
    night_over,
    read_clock,
    registration_open,
)
from pokertd.tournament.framework import EventRecord, TournamentState
from pokertd.tournament.penalties import Penalties
from pokertd.tournament.prizes import pool as _pool
from pokertd.tournament.prizes.pool import CashReport, KindTotal, pool
from pokertd.tournament.prizes.results import ResultRow, ResultsView, results
from pokertd.tournament.seating.state import Tables, seating_now
from pokertd.tournament.templates import Fees
from pokertd.types import Cents


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Where an entry sits, as the seating part knows it."""

    table: int
    seat: int
    """1-based."""
    moves: int = 0


def seats(state: TournamentState, only: Collection[str] | None = None) -> dict[str, SeatInfo]:
    """Entry id -> seat (1-based) and moves made, from the seating domain; ``only``: for
    these entries alone (a page of the console looks up its rows, not the field: issue 25)."""
    found: dict[str, SeatInfo] = {}
    if state.part(Tables).seating is not None:
        seating = seating_now(state)  # read only: no copy
        where = seating.where
        chosen = where.keys() if only is None else [e for e in only if e in where]
        for entry_id in chosen:
            table, seat = where[entry_id]
            found[entry_id] = SeatInfo(
                table=table, seat=seat + 1, moves=seating.moves_made.get(entry_id, 0)
            )
    return found


# --------------------------------------------------------------------------------------
# Status


@dataclass(frozen=True, slots=True, kw_only=True)
class NightEnd:
    """The end of the night, once for every face (status, results, standings, the CLI, the
    web snapshot): whether the event is over, who won, since when, and — one player left
    while an entry is still possible — what the floor must do to end it, with the rule IDs
    of this venue and the command a button sends.

    Built on :func:`~pokertd.tournament.eliminations.finish`, which the finishing
    places (1st place), the clock's read model (stopped from :attr:`finished_at`), the
    payments (1st payable) and the entry deciders read too, so no face decides it alone.

    Implements: G2 (NJ-6, SPOT-6.15, TNPL-D9), A4.
    """

    finished: bool
    how: str = ""
    """``"last_player"`` or ``"chip_count"`` (NJ-6b); ``""`` while play goes on."""
    winner: str | None = None
    """The winner's name (``None`` while playing, or when 1st place is shared)."""
    finished_at: str = ""
    """When it finished (ISO): the clock reads as it did then."""
    needs: str = ""
    """What ends it now, to read aloud; ``""`` when nothing is needed."""
    needs_rule_ids: tuple[str, ...] = ()
    needs_command: str = ""
    """The command that does it (``"close_registration"``): the console's button."""
    text: str = ""
    """One line for a screen: ``"Finished · winner Alice Ames"``, the need, or ``""``."""


def night_end(state: TournamentState, now: datetime) -> NightEnd:
    """The end of the night at ``now`` (see :class:`NightEnd`)."""
    fin = finish(state, now)
    if fin.finished:
        text = "Finished · winner " + fin.winner_name if fin.winner_name else "Finished"
    else:
        text = fin.needs
    return NightEnd(
        finished=fin.finished,
        how=fin.how,
        winner=fin.winner_name,
        finished_at=fin.at,
        needs=fin.needs,
        needs_rule_ids=fin.needs_rule_ids,
        needs_command=fin.needs_command,
        text=text,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class StatusView:
    """The tournament at a glance."""

    tournament_id: str
    name: str
    template: str
    title: str
    profile: str
    game: str
    buy_in: str
    """Price and its parts: ``$60 ($42 + $3 + $15)``."""
    starting_stack: int
    level: int | None
    """The level being played (``None`` when no clock is known or it has not started)."""
    clock_known: bool
    registration_open: bool
    registration_note: str
    entries: int
    players: int
    alive: int
    chips_in_play: int
    average_stack: int | None
    prize_pool_cents: Cents
    prize_pool: str
    withheld_cents: Cents
    overlay_cents: Cents
    guarantee_cents: Cents
    finished: bool
    winner: str | None
    end: NightEnd | None = None
    """The end of the night: over, winner, what is needed (:func:`night_end`)."""
    cancelled: bool = False
    """Management cancelled the event (SPOT-6.22, issue 26)."""
    cancelled_reason: str = ""
    refunds_cents: Cents = 0
    """Refunded to the players on cancellation (all of them together)."""
    currency: str = DEFAULT_CURRENCY
    """The ISO 4217 code of every ``*_cents`` amount (minor units; docs/money.md)."""
    registration_said: Sentence | None = None
    """``registration_note`` as a sentence each face says in its reader's language."""


def _registration_said(
    state: TournamentState, reg_open: bool, close: int | None, reading: ClockReading | None
) -> Sentence:
    """Registration in words (A4): closed (by a rule, the floor, or after its level), or
    open until the end of level ``close`` / the clock's start / the floor's close. A
    sentence each face says in its reader's language; its ``text`` is the English
    ``registration_note``."""
    setup = state.part(Setup)
    if setup.registration_closed:
        reason = setup.registration_closed_reason
        # closed by a rule (a deal, a payment) says which; the floor's close as before
        if reason and setup.pool_final_rules:
            return Sentence(N_("closed: %(reason)s"), {"reason": reason})
        return Sentence(N_("closed by the floor"))
    if not reg_open:
        if close:
            return Sentence(N_("closed after level %(level)s"), {"level": close})
        return Sentence(N_("closed"))
    if reading is None or not reading.started:
        # Before the clock starts (its set-up comes with the first start): say so, and what
        # will close registration once it runs (A4), not that there is "no clock here".
        if close:
            return Sentence(
                N_("open until the end of level %(level)s (the clock has not started yet)"),
                {"level": close},
            )
        if close == 0:
            return Sentence(N_("open until the clock starts (no late registration)"))
        return Sentence(N_("open (the clock has not started yet; the floor closes registration)"))
    if close is not None:
        return Sentence(N_("open until the end of level %(level)s"), {"level": close})
    return Sentence(N_("open"))


def status(state: TournamentState, now: datetime) -> StatusView:
    """Level, entries, players left, average stack, prize pool, registration."""
    setup = state.part(Setup)
    roster = state.part(Roster)
    tmpl = setup.tmpl
    profile = setup.profile
    end = night_end(state, now)
    gone = cancelled(state)
    # A finished night's clock stopped at the finishing moment (G2): its level is the one
    # the night ended in, as the clock face shows it (``clock_view``), not the level the
    # clock would have reached since.
    at = now
    if end.finished and end.finished_at:
        at = min(datetime.fromisoformat(end.finished_at), now)
    reading = read_clock(state, at)
    reg_open = registration_open(state, now)
    close = tmpl.registration_close(profile)
    said = _registration_said(state, reg_open, close, reading)
    note = said.text
    alive = roster.alive()
    pp = pool(state)
    return StatusView(
        tournament_id=state.id,
        name=setup.name,
        template=tmpl.name,
        title=tmpl.title,
        profile=profile.title,
        game=tmpl.game,
        buy_in=tmpl.fees.describe(),
        starting_stack=tmpl.starting_stack,
        level=reading.level if reading is not None and reading.started else None,
        clock_known=reading is not None,
        registration_open=reg_open,
        registration_note=note,
        registration_said=said,
        entries=roster.entry_count,
        players=len(roster.players),
        alive=len(alive),
        chips_in_play=roster.chips_in_play,
        average_stack=roster.chips_in_play // len(alive) if alive else None,
        prize_pool_cents=pp.net,
        prize_pool=format_money(pp.net),
        withheld_cents=pp.withheld,
        overlay_cents=pp.overlay,
        guarantee_cents=tmpl.guarantee,
        finished=end.finished,
        winner=end.winner,
        end=end,
        cancelled=gone is not None,
        cancelled_reason=gone.reason if gone is not None else "",
        refunds_cents=sum(r.refunded.total for r in gone.refunds) if gone is not None else 0,
        currency=setup.currency,
    )


def cash_report(state: TournamentState) -> CashReport:
    """The cash report (:func:`pokertd.tournament.prizes.pool.cash_report`) with, for a
    cancelled event, the refunds by kind it recorded (issue 26): refunds + prizes and
    bounties paid = money taken."""
    report = _pool.cash_report(state)
    gone = cancelled(state)
    if gone is None:
        return report
    kinds: dict[PurchaseKind, tuple[int, Fees]] = {}
    for line in gone.refunds:
        count, fees = kinds.get(line.kind, (0, Fees()))
        kinds[line.kind] = (count + line.count, fees.plus(line.refunded))
    return replace(
        report,
        cancelled=True,
        refunds=sum(line.refunded.total for line in gone.refunds),
        refunds_by_kind=tuple(
            KindTotal(kind=k, count=kinds[k][0], fees=kinds[k][1], chips=0)
            for k in PurchaseKind
            if k in kinds
        ),
    )


# --------------------------------------------------------------------------------------
# Players


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerRow:
    """One player's line: latest entry, where he sits, what he has."""

    player_id: str
    entry_id: str | None
    name: str
    member: str
    status: str
    entries: int
    rebuys: int
    addons: int
    stack: int | None
    stack_note: str
    table: int | None
    seat: int | None
    moves: int | None
    place: int | None
    penalties: int


def players(
    state: TournamentState, now: datetime | None = None, *, only: Collection[str] | None = None
) -> list[PlayerRow]:
    """Every player, those still in first (by entry), then the rest by finishing place.

    ``only``: the player ids to give rows for (the floor console's page and search, issue
    25: its view is sized by the screen, not the field), sorted the same way; every player
    when ``None``. Each row is the same as in the whole list.
    """
    roster = state.part(Roster)
    chosen = (
        roster.players.values()
        if only is None
        else [roster.players[p] for p in only if p in roster.players]
    )
    seat_of = seats(state, None if only is None else [p.entries[-1] for p in chosen if p.entries])
    place_of = {p.entry_id: p.place for p in finishing_places(state, now)}
    pens = state.part(Penalties)
    given: dict[str, int] = {}
    for pen in pens.given:
        given[pen.entry_id] = given.get(pen.entry_id, 0) + 1
    rows: list[PlayerRow] = []
    for player in chosen:
        entry = roster.entries[player.entries[-1]] if player.entries else None
        seat = seat_of.get(entry.entry_id) if entry is not None else None
        status_text = "alternate" if player.player_id in roster.alternates else "registered"
        if entry is not None:
            status_text = entry.status.value
        rows.append(
            PlayerRow(
                player_id=player.player_id,
                entry_id=entry.entry_id if entry else None,
                name=player.name,
                member=player.member,
                status=status_text,
                entries=len(player.entries),
                rebuys=sum(roster.entries[e].rebuys for e in player.entries),
                addons=sum(roster.entries[e].addons for e in player.entries),
                stack=entry.stack if entry is not None else None,
                stack_note=entry.stack_note if entry is not None else "",
                table=seat.table if seat else None,
                seat=seat.seat if seat else None,
                moves=seat.moves if seat else None,
                place=place_of.get(entry.entry_id) if entry else None,
                penalties=sum(given.get(e, 0) for e in player.entries),
            )
        )

    def key(row: PlayerRow) -> tuple[int, int, str]:
        alive = row.status == EntryStatus.ALIVE.value
        return (0 if alive else 1, row.place or 10**9, row.name.casefold())

    return sorted(rows, key=key)


# --------------------------------------------------------------------------------------
# Results


# ``results`` (finishing places with prizes) lives in the prizes domain
# (:mod:`pokertd.tournament.prizes.results`): the prizes log pays from it.


# --------------------------------------------------------------------------------------
# Other events


def alive_elsewhere(
    others: Iterable[tuple[str, TournamentState]], name: str, card: str = ""
) -> tuple[str, ...]:
    """Events (``"name (id)"``) where this player still has a live stack (FOX-REG5).

    The same player is found by member card when one is given, else by name. A report
    helper: registration asks the service (``Context.elsewhere``), never a face.
    """
    found: list[str] = []
    for tid, other in others:
        setup = other.part(Setup)
        if not setup.created or night_over(other, None):  # over: its winner is free (G2)
            continue
        roster = other.part(Roster)
        for p in roster.players.values():
            same = p.member == card if card else p.name.casefold() == name.casefold()
            if same and roster.live_entry(p.player_id) is not None:
                found.append(f"{setup.name} ({tid})")
                break
    return tuple(found)


# --------------------------------------------------------------------------------------
# Log


@dataclass(frozen=True, slots=True, kw_only=True)
class LogLine:
    """One event in words, with when and who."""

    seq: int
    batch: int
    at: str
    actor: str
    type: str
    text: str
    undone: bool
    said: dict[str, Any] | None = None
    """The line as a sentence (``{"msgid", "params"}``, :meth:`Event.said`; ``text`` above
    is its English): each face says it in its reader's language."""


def _said_json(said: Sentence | None) -> dict[str, Any] | None:
    """A log line's sentence as JSON, without the English ``text`` the line has already
    (the console's page is sized by the screen, issue 27)."""
    return None if said is None else _untexted(said.as_json())


def _untexted(said: dict[str, Any]) -> dict[str, Any]:
    """``said`` without its English ``text``, its parts' too (a face says the sentence from
    its msgid and parameters)."""
    out = {k: v for k, v in said.items() if k != "text"}
    out["params"] = {
        k: _untexted(v) if isinstance(v, dict) else v for k, v in said["params"].items()
    }
    return out


def log(
    state: TournamentState, records: Iterable[EventRecord], zone: tzinfo = UTC
) -> list[LogLine]:
    """The event log in words (``describe()`` of each event); undone batches marked.

    ``at`` is ISO to the second in ``zone``, the venue's time zone (configuration the faces
    pass in, :func:`pokertd.timefmt.venue_zone`), so every face shows the same local time.
    """
    undone = {b.batch for b in state.batches if b.undone}
    return [
        LogLine(
            seq=r.seq,
            batch=r.batch,
            at=r.recorded_at.astimezone(zone).isoformat(timespec="seconds"),
            actor=r.actor,
            type=r.event.type,
            text=r.event.describe(),
            undone=r.batch in undone,
            said=_said_json(r.event.said()),
        )
        for r in records
    ]


__all__ = [
    "LogLine",
    "NightEnd",
    "PlayerRow",
    "ResultRow",
    "ResultsView",
    "SeatInfo",
    "StatusView",
    "alive_elsewhere",
    "cash_report",
    "log",
    "night_end",
    "players",
    "results",
    "seats",
    "status",
]
