"""What every step of a night must keep (issue 22), as checks of properties, not examples.

:func:`read` builds every face's view of a tournament at ``now`` once: the core read models
(``pokertd.tournament.views``: status, players, results; seating's tables; prizes'
standings, bounty ledger and cash report; the clock), the web's view models as the API and
the pages get them (``web/snapshot.build`` for the floor console, ``public`` for the TV and
phones, ``dealer`` for each table's dealer) and the CLI's ``--json`` (the shared codec,
``codec.to_json``, over the same read models). The checks read that one :class:`Reading`:

* :func:`money` — paid never exceeds what is owed, for each player and in total; a paid
  prize stays what its place is owed (it was final when paid, H11); the places never owe
  more than the net pool, and once the night is finished its prizes (deal amounts included,
  J2) add up to the net pool to the cent; fixed bounties are conserved (I4: on a head,
  collected, or uncollected); the withholding is the profile's (H3); the cash report, the
  status and the results tell the same pool (H1, H2);
* :func:`places` — the places occupied are contiguous, each once (a tie occupies as many as
  it has players), exactly one 1st once finished, and every entry's place is the one the
  floor's busts give by the profile's same-hand order (G2, G3): ties only among players out
  in the same hand (one bust command, or one hand-for-hand hand, B10), ranked by their
  start-of-hand stacks (SPOT-6.14: then the hand of one deal, then blue chips);
* :func:`the_end` — one player left and no entry possible any more means finished, the
  winner recorded as 1st, hand-for-hand over, the clock stopped and 1st payable, in every
  face; one player left with registration open is not finished and the status says what
  finishes it (close registration); a binding deal closes registration (J2);
* :func:`hand_for_hand` — hand-for-hand ends by itself once every table has finished the
  hand in which the field reached the places paid (B10), and shows nowhere once the night
  is finished;
* :func:`seats` — one player per seat, every player still in seated once seats are drawn,
  nobody out still seated (C1, C3);
* :func:`faces` — the floor console, the TV, the phones, each dealer, the CLI and the core
  give the same places, prizes, players left, level, seats, "finished" and winner;
  :func:`sheets` — once finished, the payout sheet shows what the results pay (J2);
  :func:`cli_faces` — the real ``pokertd ... --json`` commands, run in-process on the
  night's own store, print the core's read models;
* :func:`plan_applied` — a confirmed plan is the plan the console showed: every player
  it names sits in the seat it named (``FloorPlan.seats()``), and the log names the plan by
  its token (C4-C6, C9, C10).

Every check returns the violations it found as sentences (an empty list: none). The hands
the floor played are worked out from the log by :func:`scan_hands`, independently of how
the core names them; where that needs the night as it stood earlier (the clock at a bust,
the players left when a hand-for-hand hand began) it folds the log up to that point, once
per position (:attr:`Reading.memo`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction
from typing import Any
from unittest.mock import patch

from pokertd.app import screens as snapshot
from pokertd.app.tournaments import TournamentService
from pokertd.codec import to_json
from pokertd.errors import PokertdError
from pokertd.money import money_scope
from pokertd.rules import SimultaneousElimOrder
from pokertd.rules.enums import HandForHandEnd, WithholdingBase
from pokertd.tournament.clock import (
    ClockPart,
    ClockState,
    ClockView,
    HandForHandEnded,
    HandForHandHandPlayed,
    HandForHandStarted,
    TableHandReported,
    clock_view,
)
from pokertd.tournament.clock import view as clock_at
from pokertd.tournament.eliminations import PlayersBusted
from pokertd.tournament.entries import Roster, Setup, open_sales, registration_open
from pokertd.tournament.entries.log import EntryBought, StackForfeited
from pokertd.tournament.entries.rules import EntryStatus
from pokertd.tournament.framework import Context, EventRecord, TournamentState, decide, fold
from pokertd.tournament.prizes import (
    BountyLedger,
    CashReport,
    DealStatus,
    PayPrize,
    PrizeBook,
    ResultsView,
    StandingRow,
    bounty_ledger,
    cash_report,
    mystery_terms,
    standings,
    standings_json,
)
from pokertd.tournament.prizes.pool import places_paid
from pokertd.tournament.seating import (
    FinalTableDrawn,
    PlanConfirmed,
    PlayerMoved,
    Tables,
    TablesView,
    floor_plan,
    live_seating,
    tables_view,
)
from pokertd.tournament.seating.rules import final_table_size
from pokertd.tournament.seating.state import seating_now
from pokertd.tournament.views import PlayerRow, StatusView, players, results, status

from .driver import FloorNight, PlanShown

# --- one reading of every face -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Reading:
    """Every face's view of one tournament at one ``now`` (built once per step)."""

    state: TournamentState
    records: list[EventRecord]
    now: datetime
    status: StatusView
    results: ResultsView
    players: list[PlayerRow]
    tables: TablesView | None
    standings: tuple[StandingRow, ...]
    ledger: BountyLedger
    cash: CashReport
    clock: ClockView | None
    staff: dict[str, Any]
    """The floor console's view model (``snapshot.build``, what ``/staff`` serves)."""
    public: dict[str, Any]
    """The TV's and the phones' (``snapshot.public``, what ``/api/tournaments/{id}`` serves)."""
    dealers: dict[int, dict[str, Any]]
    """Each table's dealer view (``snapshot.dealer``)."""
    cli: dict[str, Any]
    """What ``pokertd status/results/players/tables --json`` print (the shared codec)."""
    registration_open: bool
    memo: dict[Any, Any] = field(default_factory=dict)
    """What the checks worked out from earlier positions of the log (:func:`_after`), kept
    between readings of one night: a position of an append-only log never changes."""


def read(
    state: TournamentState,
    records: list[EventRecord],
    now: datetime,
    memo: dict[Any, Any] | None = None,
) -> Reading:
    """Every face's view of ``state`` at ``now`` (``memo``: the night's, kept between
    readings; a fresh one when not given)."""
    seated = state.part(Tables).seating is not None
    tables = tables_view(state, now) if seated else None
    staff = snapshot.build(state, records, now)
    the_status = status(state, now)
    the_results = results(state, now)
    rows = players(state, now)
    cli = {
        "status": to_json(the_status),
        "results": to_json(the_results),
        "players": to_json(rows),
        "tables": to_json(tables) if tables is not None else None,
    }
    return Reading(
        state=state,
        records=records,
        now=now,
        status=the_status,
        results=the_results,
        players=rows,
        tables=tables,
        standings=standings(state, now),
        ledger=bounty_ledger(state),
        cash=cash_report(state),
        clock=clock_view(state, now),
        staff=staff,
        public=snapshot.public(staff),
        dealers={t["table"]: snapshot.dealer(staff, t["table"]) for t in staff.get("tables", [])},
        cli=cli,
        registration_open=registration_open(state, now),
        memo={} if memo is None else memo,
    )


UNDO_KEYS_IGNORED = ("seq", "log", "undo", "undo_next", "redo_next", "chart", "server_time")
"""Keys of the console's view that name the log itself (its length, its last lines, the
Undo/Redo buttons): an undo and a redo add two events, everything else must come back."""


def read_models(r: Reading) -> str:
    """Every read model of the reading as one canonical JSON text (undo/redo identity)."""
    staff = {k: v for k, v in r.staff.items() if k not in UNDO_KEYS_IGNORED}
    doc = {
        "staff": staff,
        "cli": r.cli,
        "standings": to_json(r.standings),
        "ledger": to_json(r.ledger),
        "cash": to_json(r.cash),
        "clock": to_json(r.clock.as_json()) if r.clock is not None else None,
        "registration_open": r.registration_open,
        "table_games": table_games(r.state),
    }
    return json.dumps(doc, sort_keys=True, default=str)


def table_games(state: TournamentState) -> dict[str, Any] | None:
    """What a mixed event's seating remembers per table beyond the faces (issue 28): its
    game and how far the round has gone (``Table.game``), the seats in the order they were
    vacated (``Table.vacated``, C6) and the button frozen for a stud round
    (``TableButton.frozen``, C7); an undo then a redo must give them back too."""
    if state.part(Tables).seating is None:
        return None
    return {
        str(number): {
            "game": to_json(table.game),
            "vacated": list(table.vacated),
            "frozen": table.button.frozen,
        }
        for number, table in sorted(seating_now(state).tables.items())
    }


# --- money ---------------------------------------------------------------------------------


def _half_up(value: Fraction) -> int:
    """``value`` rounded to the nearest cent, half up (H5: the withholding's rounding)."""
    return int((value + Fraction(1, 2)) // 1)


def money(r: Reading) -> list[str]:
    """H1-H3, H11, I4, J2: what is paid, owed, pooled and withheld."""
    found: list[str] = []
    book = r.state.part(PrizeBook)
    owed = {row.entry_id: row for row in r.standings}
    net = r.cash.net_prize_pool
    paid_total = bounty_total = 0
    for entry_id, paid in book.paid.items():
        paid_total += paid.amount
        bounty_total += paid.bounty
        row = owed.get(entry_id)
        if row is None:
            found.append(f"{paid.name} was paid but has no place in the standings")
            continue
        if paid.amount > row.prize or paid.bounty > row.bounties:
            found.append(
                f"{paid.name} was paid {paid.amount} (+{paid.bounty} bounties) but is owed "
                f"{row.prize} (+{row.bounties}) for place {row.place}"
            )
        elif paid.amount != row.prize or paid.place != row.place:
            found.append(
                f"{paid.name} was paid {paid.amount} for place {paid.place}; the standings "
                f"now owe {row.prize} for place {row.place} (a place paid was not final)"
            )
    if paid_total > net:
        found.append(f"prizes paid {paid_total} exceed the net prize pool {net}")
    if bounty_total > r.cash.bounties:
        found.append(f"bounties paid {bounty_total} exceed the bounty money {r.cash.bounties}")
    placed = sum(row.prize_cents or 0 for row in r.results.rows)
    if placed > net:
        found.append(f"the places owe {placed}, more than the net prize pool {net}")
    priced = not r.results.prizes_note and net > 0
    if r.status.finished and priced and placed != net:
        found.append(f"finished: the places owe {placed}, the net prize pool is {net}")
    found += _bounties(r)
    found += _pool(r)
    return found


def _bounties(r: Reading) -> list[str]:
    """I4: a fixed bounty is on a live head, collected, or left uncollected (no eliminator
    recorded): never created or lost."""
    ledger = r.ledger
    setup = r.state.part(Setup)
    value = setup.tmpl.fees.bounty
    if mystery_terms(r.state) is not None:
        return _mystery(r)
    if value <= 0 or ledger.progressive:
        return []
    entries = len(r.state.part(Roster).entries)
    if r.cash.bounties != value * entries:
        return []  # bounties sold other than one per entry: not a fixed ledger
    held = value * (len(ledger.heads) + len(ledger.uncollected))
    collected = sum(ledger.cash_by_entry.values())
    if collected + held != r.cash.bounties:
        return [
            f"bounties: {collected} collected + {held} on heads or uncollected != "
            f"{r.cash.bounties} of bounty money"
        ]
    return []


def _mystery(r: Reading) -> list[str]:
    """Issue 26, mystery bounties: every envelope drawn at most once and only a posted one;
    the envelopes drawn never more than the bounty money taken; the cash report's envelopes
    add up; what the ledger owes plus the uncollected envelopes never exceeds the bounty
    money, and equals it to the cent once one player is left."""
    found: list[str] = []
    book = r.state.part(PrizeBook)
    drawn = list(book.mystery_drawn.values())
    indices = [i for i, _ in drawn]
    if len(set(indices)) != len(indices):
        found.append(f"mystery: an envelope drawn twice ({sorted(indices)})")
    terms = mystery_terms(r.state)
    posted = terms.envelopes if terms is not None else ()
    if any(not 0 <= i < len(posted) for i in indices):
        found.append("mystery: an envelope drawn that was never posted")
    elif any(posted[i] != v for i, v in drawn):
        found.append("mystery: an envelope drawn with another value than posted")
    taken = r.cash.bounties
    total = sum(v for _, v in drawn)
    if total > taken:
        found.append(f"mystery: envelopes drawn {total} exceed the bounty money {taken}")
    cash = r.cash
    if (cash.mystery_drawn, cash.mystery_posted) != (total, sum(posted)):
        found.append("mystery: the cash report's envelopes are not the ones posted and drawn")
    if cash.mystery_drawn + cash.mystery_left != cash.mystery_posted:
        found.append("mystery: drawn + left != posted in the cash report")
    owed = sum(r.ledger.cash_by_entry.values()) + r.ledger.uncollected_cents
    if owed > taken:
        found.append(f"mystery: the ledger owes {owed} of {taken} bounty money")
    roster = r.state.part(Roster)
    if roster.alive_count == 1 and roster.out and owed != taken:
        found.append(f"mystery: one player left, the ledger owes {owed} of {taken} to the cent")
    return found


def _pool(r: Reading) -> list[str]:
    """H1-H3: the cash report adds up, withholds what the profile says, and tells the same
    pool as the status and the results."""
    found: list[str] = []
    cash = r.cash
    profile = r.state.part(Setup).profile
    parts = cash.prize_parts + cash.house_fees + cash.entry_fees + cash.bounties
    if cash.collected != parts:
        found.append(f"cash report: collected {cash.collected} != its parts {parts}")
    if not cash.guarantee:
        base = cash.prize_parts + cash.added_money + cash.carried_pool
        if profile.admin_withholding_base is WithholdingBase.BUY_INS_PLUS_BOUNTY_FEES:
            base += cash.bounties
        expected = _half_up(base * Fraction(profile.admin_withholding_pct))
        if cash.withheld != expected:
            found.append(f"withheld {cash.withheld}, the profile withholds {expected}")
        gross = cash.prize_parts + cash.added_money + cash.carried_pool
        if cash.net_prize_pool != gross - cash.withheld:
            found.append(f"net pool {cash.net_prize_pool} != {gross} - {cash.withheld}")
    if not cash.net_prize_pool == r.results.prize_pool_cents == r.status.prize_pool_cents:
        found.append(
            f"pool: cash report {cash.net_prize_pool}, results {r.results.prize_pool_cents}, "
            f"status {r.status.prize_pool_cents}"
        )
    if cash.entries != r.results.entries:
        found.append(f"entries: cash report {cash.entries}, results {r.results.entries}")
    return found


# --- places --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Out:
    """An entry out, as the floor's commands put it out: which hand, with what to rank by."""

    entry_id: str
    hand: tuple[object, ...]
    start_stack: int | None
    hand_rank: int | None
    blue_chips: int | None
    deal: object = None
    """The deal it went out in: its table when known, else the bust command that recorded
    it (SPOT-6.14: hands compare within one deal only)."""


@dataclass(frozen=True, slots=True)
class After:
    """The night as it stood once the log was ``seq`` long (what the checks need of it)."""

    alive: int
    """Players still in."""
    paid: int | None
    """Places paid (``None``: no payout table covers the field yet)."""
    clock: ClockState | None


def _after(r: Reading, seq: int) -> After:
    """The night once the log was ``seq`` long: the log folded up to there, once per
    position (:attr:`Reading.memo`). A position of an append-only log never changes (an
    undo is a later event), so the answer is kept for the rest of the night."""
    key = ("after", seq)
    found = r.memo.get(key)
    if found is None:
        state = fold(r.state.id, [x for x in r.records if x.seq <= seq])
        found = After(
            alive=state.part(Roster).alive_count,
            paid=places_paid(state),
            clock=state.part(ClockPart).clock,
        )
        r.memo[key] = found
    assert isinstance(found, After)
    return found


@dataclass
class HandInPlay:
    """The hand-for-hand hand in play as the floor's log tells it (B10)."""

    on: bool = False
    """Hand-for-hand is on."""
    opened: bool = False
    """A table has reported this hand or a bust is recorded in it (it is under way)."""
    reported: set[int] = field(default_factory=set)
    """Tables that reported it."""
    out: list[str] = field(default_factory=list)
    """Entries out in it."""
    began: int = 0
    """The log's length when it began (hand-for-hand on, or the hand before it finished)."""
    finished: list[tuple[int, int]] = field(default_factory=list)
    """``(began, ended)`` log lengths of the hands finished at every table since
    hand-for-hand was last turned on."""


def scan_hands(r: Reading) -> tuple[list[Out], HandInPlay]:
    """Every entry out, in the order it went, with the hand it went out in as the floor
    plays hands (independent of how the core names them), and the hand-for-hand hand in
    play:

    * one bust command is one hand (G3);
    * during hand-for-hand, every bust of one hand-for-hand hand is one hand (B10), at
      every table (a table that reported the hand deals nothing until every table has, so
      a bust recorded there after its report is from that hand); a hand-for-hand hand ends
      when every table has reported it (the core's ``hand_for_hand_hand_played``), when
      hand-for-hand ends (off closes the hand in play) or when players are moved or the
      final table is drawn (those wait for the hand: between hands, nobody is out in the
      hand yet); turning hand-for-hand on again starts a new hand (hand identities never
      repeat);
    * a bust recorded during a break (B2) is the late record of the hand that finished as
      the break began: a hand of its own, unless a hand-for-hand hand was still under way
      when the break began (then it is that hand);
    * a forfeited stack (A11) goes out alone.

    Undone batches are left out: the log as it stands.
    """
    undone = {b.batch for b in r.state.batches if b.undone}
    batch_end: dict[int, int] = {}
    for record in r.records:
        batch_end[record.batch] = max(batch_end.get(record.batch, 0), record.seq)
    found: list[Out] = []
    now = HandInPlay()
    hand = 0

    def next_hand(began: int) -> None:
        nonlocal hand
        hand += 1
        now.opened, now.reported, now.out, now.began = False, set(), [], began

    for record in r.records:
        if record.batch in undone:
            continue
        ev = record.event
        end = batch_end[record.batch]
        if isinstance(ev, HandForHandStarted):
            now.on, now.finished = True, []
            next_hand(end)
        elif isinstance(ev, HandForHandEnded):
            now.on = False
            next_hand(end)
        elif isinstance(ev, HandForHandHandPlayed):
            if now.on:
                now.finished.append((now.began, end))
            next_hand(end)
        elif isinstance(ev, TableHandReported):
            now.opened = True
            now.reported.add(ev.table)
        elif isinstance(ev, PlayerMoved | FinalTableDrawn):
            hand += 1
        elif isinstance(ev, PlayersBusted):
            key: tuple[object, ...] = ("bust", record.seq)
            if ev.hand and not now.on:
                key = ("named", ev.hand)
            elif now.on:
                before = _after(r, record.batch - 1).clock
                at = datetime.fromisoformat(ev.at)
                on_break = before is not None and clock_at(before, at).on_break
                if not on_break or now.opened:
                    key = ("hfh", hand)
                    now.opened = True
                    now.out += [b.entry_id for b in ev.busted]
            found += [
                Out(
                    b.entry_id,
                    key,
                    b.start_stack,
                    b.hand_rank,
                    b.blue_chips,
                    ("table", b.table) if b.table is not None else ("bust", record.seq),
                )
                for b in ev.busted
            ]
        elif isinstance(ev, StackForfeited):
            found.append(Out(ev.entry_id, ("forfeit", record.seq), None, None, None))
    roster = r.state.part(Roster)
    outs = [o for o in found if roster.entries[o.entry_id].status is not EntryStatus.ALIVE]
    now.out = [e for e in now.out if roster.entries[e].status is not EntryStatus.ALIVE]
    return outs, now


def outs_by_hand(r: Reading) -> list[Out]:
    """Every entry out, in the order it went, with its hand (:func:`scan_hands`)."""
    return scan_hands(r)[0]


def _split_by(members: list[Out], value: Callable[[Out], int | None]) -> list[list[Out]]:
    """``members`` split by ``value``, highest first; one group when any value is unknown."""
    values = [value(m) for m in members]
    if len(members) < 2 or any(v is None for v in values):
        return [members]
    known = sorted({v for v in values if v is not None}, reverse=True)
    return [[m for m, v in zip(members, values, strict=True) if v == k] for k in known]


def _hand(out: Out) -> int | None:
    return None if out.hand_rank is None else -out.hand_rank


def _blues(out: Out) -> int | None:
    return out.blue_chips


def _spot_tiers(tie: list[Out]) -> list[list[Out]]:
    """SPOT-6.14 for players with equal start stacks: one deal -> the better hand, then more
    blue chips; several deals (hand-for-hand tables) -> blue chips, then the hands of those
    of one deal that the blue chips left tied."""
    if len({m.deal for m in tie}) == 1:
        return [t for by_hand in _split_by(tie, _hand) for t in _split_by(by_hand, _blues)]
    tiers: list[list[Out]] = []
    for by_blues in _split_by(tie, _blues):
        one_deal = len({m.deal for m in by_blues}) == 1
        tiers += _split_by(by_blues, _hand) if one_deal else [by_blues]
    return tiers


def expected_places(state: TournamentState, outs: Sequence[Out]) -> dict[str, tuple[int, ...]]:
    """Entry id -> the places it occupies by the floor's busts (G2, G3): reverse order of
    going out, one hand's players by their keys (every one sharing when a start stack is
    unknown), equal keys sharing."""
    roster = state.part(Roster)
    setup = state.part(Setup)
    order = setup.profile.simultaneous_elim_order
    ranked = [e for e in roster.entries.values() if e.status is not EntryStatus.DISQUALIFIED]
    total = len(ranked)
    hands: dict[tuple[object, ...], list[Out]] = {}
    for out in outs:
        if roster.entries[out.entry_id].status is EntryStatus.DISQUALIFIED:
            continue
        hands.setdefault(out.hand, []).append(out)
    places: dict[str, tuple[int, ...]] = {}
    gone = 0
    for members in hands.values():
        best = total - gone - len(members) + 1
        if any(m.start_stack is None for m in members):
            tiers = [members]
        else:
            by_stack = _split_by(list(members), lambda m: m.start_stack)
            spot = order is SimultaneousElimOrder.START_STACK_THEN_HAND_THEN_BLUE_CHIPS
            tiers = [t for tie in by_stack for t in (_spot_tiers(tie) if spot else [tie])]
        for tier in tiers:
            span = tuple(range(best, best + len(tier)))
            for m in tier:
                places[m.entry_id] = span
            best += len(tier)
        gone += len(members)
    return places


def places(r: Reading) -> list[str]:
    """G2, G3: every place once, one 1st, ties only within one hand as the profile ranks."""
    found: list[str] = []
    roster = r.state.part(Roster)
    ranked = sum(1 for e in roster.entries.values() if e.status is not EntryStatus.DISQUALIFIED)
    ties: dict[tuple[int, ...], list[str]] = {}
    for row in r.results.rows:
        ties.setdefault(row.places, []).append(row.name)
        if row.place != row.places[0]:
            found.append(f"{row.name}: place {row.place} is not the first of {row.places}")
    taken: list[int] = []
    for span, names in ties.items():
        if len(span) != len(names):
            found.append(f"places {span} are shared by {len(names)} players: {names}")
        taken += span
    firsts = [row.name for row in r.results.rows if row.place == 1]
    if len(taken) != len(set(taken)):
        found.append(f"a place is given twice: {sorted(taken)}")
    elif taken:
        low = 1 if firsts else r.status.alive + 1
        if r.state.part(Roster).final_counts is not None:
            low = 1
        if sorted(taken) != list(range(low, ranked + 1)):
            found.append(f"places taken {sorted(taken)}, not {low}..{ranked}")
    timed_tie = roster.final_counts is not None and len(firsts) > 1  # G2 (NJ-6b) IMPL
    if r.status.finished and len(firsts) != 1 and not timed_tie:
        found.append(f"finished with {len(firsts)} players in 1st: {firsts}")
    if firsts and not r.status.finished:
        found.append(f"{firsts} placed 1st but the tournament is not finished")
    expected = expected_places(r.state, outs_by_hand(r))
    placed = {
        row.entry_id: row.places
        for row in r.results.rows
        if roster.entries[row.entry_id].status is not EntryStatus.ALIVE
    }
    got = placed
    if got != {e: expected.get(e) for e in got}:
        wrong = sorted(
            f"{roster.entries[e].name}: {got[e]} (by its hand: {expected.get(e)})"
            for e in got
            if expected.get(e) != got[e]
        )
        found.append("places not as the busts rank them (G3): " + "; ".join(wrong))
    if set(expected) - set(placed):
        missing = sorted(roster.entries[e].name for e in set(expected) - set(placed))
        found.append(f"out but not placed: {missing}")
    return found


# --- the end -------------------------------------------------------------------------------


def _running(clock: Any) -> bool:
    return isinstance(clock, dict) and bool(clock.get("running"))


def the_end(r: Reading) -> list[str]:
    """G2: one player left and no entry possible means finished everywhere; one player left
    with registration still open is not finished, and the status says what finishes it;
    J2: a binding deal closes registration."""
    found: list[str] = []
    alive = r.state.part(Roster).alive()
    neg = r.state.part(PrizeBook).negotiation
    binding = neg is not None and neg.status is DealStatus.BINDING
    if binding and r.registration_open:
        found.append("a binding deal was made, but registration and re-entry are still open")
    timed = r.state.part(Roster).final_counts is not None
    played = bool(r.state.part(Roster).out)  # one player left of several, not one entrant
    # an entry is still possible while registration is open, or an entry the venue still
    # takes after it closed (Spotlight's late entries approved before the start, SPOT-6.3)
    possible = r.registration_open or any(s.entry == "A4" for s in open_sales(r.state, r.now))
    if len(alive) == 1 and played and not possible:
        winner = alive[0].name
        if not r.status.finished or r.status.winner != winner:
            found.append(
                f"one player left ({winner}), no entry possible: finished={r.status.finished}, "
                f"winner={r.status.winner}"
            )
        firsts = [row.name for row in r.results.rows if row.place == 1]
        if firsts != [winner]:
            found.append(f"one player left ({winner}): the results' 1st is {firsts}")
        found += _stopped(r)
        found += _payable(r, winner)
    elif len(alive) == 1 and played and not timed:
        found += _what_finishes_it(r, alive[0].name)
    if r.status.finished and not timed and len(alive) != 1:
        found.append(f"finished with {len(alive)} players still in")
    if timed:
        found += _stopped(r)
    return found


def _what_finishes_it(r: Reading, last: str) -> list[str]:
    """One player left while an entry is still possible (G2, A4): not finished, nobody
    placed 1st, and the status (core and console) says what finishes it: closing
    registration, with the button the console shows for it."""
    found: list[str] = []
    if r.status.finished:
        found.append(f"one player left ({last}) with registration open: finished")
    end = r.status.end
    if end is None or not end.needs or end.needs_command != "close_registration":
        found.append(f"one player left ({last}) with registration open: the status does not say")
    elif last not in end.needs:
        found.append(f"the status says {end.needs!r}, not naming {last}")
    console = (r.staff["status"].get("end") or {}).get("needs")
    if end is not None and console != end.needs:
        found.append(f"the console says {console!r} is needed, the core {end.needs!r}")
    return found


def _stopped(r: Reading) -> list[str]:
    """Once finished: no clock running on any face, no hand-for-hand shown anywhere (B10:
    the banner stayed beside "Finished · winner")."""
    found: list[str] = []
    faces = {
        "core": r.clock.running if r.clock is not None else False,
        "console": _running(r.staff.get("clock")),
        "TV and phones": _running(r.public.get("clock")),
    }
    running = [face for face, on in faces.items() if on]
    if running:
        found.append(f"finished, but the clock still runs on: {', '.join(running)}")
    hfh = {
        "core": r.clock is not None and r.clock.hand_for_hand,
        "console": _hfh_shown(r.staff.get("clock")),
        "TV and phones": _hfh_shown(r.public.get("clock")),
        **{f"dealer {t}": _hfh_shown(view.get("clock")) for t, view in r.dealers.items()},
    }
    shown = [face for face, on in hfh.items() if on]
    if shown:
        found.append(f"finished, but hand-for-hand still shows on: {', '.join(shown)}")
    return found


def _hfh_shown(clock: Any) -> bool:
    """A face's clock shows hand-for-hand: on, a table waited for, or a note."""
    if not isinstance(clock, dict):
        return False
    return bool(clock.get("hand_for_hand") or clock.get("hfh_waiting") or clock.get("hfh_note"))


def hand_for_hand(r: Reading) -> list[str]:
    """B10: hand-for-hand ends by itself once every table has finished the hand in which
    the field reached the places paid (it began above them and finished at or below them;
    ``hfh_ends_at = "bubble"``, every shipped profile). It stays on while that hand is
    still being played (another table may still bust a player in it, who ties on the
    bubble, G3) and may be on in the money when the director turned it on there; never
    after such a hand was finished everywhere."""
    if r.clock is None or not r.clock.hand_for_hand or r.status.finished:
        return []  # once finished: the_end
    if r.state.part(Setup).profile.hfh_ends_at is not HandForHandEnd.BUBBLE:
        return []
    _, hand = scan_hands(r)
    for began, ended in hand.finished:
        before, after = _after(r, began), _after(r, ended)
        if after.paid is not None and before.alive > after.paid >= after.alive:
            return [
                f"the bubble burst in a hand-for-hand hand every table finished ({before.alive} "
                f"-> {after.alive} left, {after.paid} paid), but hand-for-hand is still on"
            ]
    return []


def _payable(r: Reading, winner: str) -> list[str]:
    """1st can be paid (a prize is owed, and not yet paid)."""
    row = next((s for s in r.standings if s.place == 1), None)
    if row is None or row.total <= 0 or row.entry_id in r.state.part(PrizeBook).paid:
        return []
    try:
        decide(
            r.state,
            PayPrize(player=winner, id_checked=True),
            Context(now=r.now, rng=random.Random(0)),
        )
    except PokertdError as exc:
        return [f"1st ({winner}) cannot be paid: {exc}"]
    return []


# --- seats ---------------------------------------------------------------------------------


def seats(r: Reading) -> list[str]:
    """C1, C3: one player per seat, everyone still in seated once seats are drawn."""
    part = r.state.part(Tables)
    if part.seating is None:
        return []
    found: list[str] = []
    seating = live_seating(r.state)
    seen: dict[str, tuple[int, int]] = {}
    for number, table in seating.tables.items():
        for seat, entry_id in enumerate(table.players):
            if entry_id is None:
                continue
            if entry_id in seen:
                found.append(f"{entry_id} sits at {seen[entry_id]} and {(number, seat + 1)}")
            seen[entry_id] = (number, seat + 1)
            if seating.where.get(entry_id) != (number, seat):
                found.append(f"{entry_id}: the seat map and the index disagree")
    alive = {e.entry_id for e in r.state.part(Roster).alive()}
    if set(seen) - alive:
        found.append(f"seated but not in: {sorted(set(seen) - alive)}")
    if alive - set(seen):
        found.append(f"in but not seated: {sorted(alive - set(seen))}")
    return found


def plan_applied(shown: PlanShown, after: Reading) -> list[str]:
    """C4-C6, C9, C10: the plan the console showed is the plan applied. Every player the
    plan names (``FloorPlan.seats()``: its moves' players and seats, the final table's
    draw) sits in that seat once it is confirmed, and the log names that plan by its token
    (``plan_confirmed``, ``final_table_drawn``) or makes exactly the moves confirmed."""
    made = [x for x in after.records if x.seq > shown.seq]
    if not made:
        return []  # refused: nothing to compare
    found: list[str] = []
    token = shown.plan.token
    if shown.plan.final_table is not None:
        drawn = [x.event for x in made if isinstance(x.event, FinalTableDrawn)]
        if [d.plan for d in drawn] != [token]:
            found.append(f"the final table shown (plan {token}) was drawn as {drawn}")
    elif not shown.ids:
        confirmed = [x.event.plan for x in made if isinstance(x.event, PlanConfirmed)]
        if confirmed != [token]:
            found.append(f"the plan shown ({token}) was confirmed as {confirmed}")
    moved = {x.event.move.move_id for x in made if isinstance(x.event, PlayerMoved)}
    ids = set(shown.ids) if shown.ids else {m.move_id for m in shown.plan.moves}
    if shown.plan.final_table is None and shown.plan.moves and moved != ids:
        found.append(f"moves {sorted(ids)} shown and confirmed, moves {sorted(moved)} made")
    wanted = {m.entry_id for m in shown.plan.moves if m.move_id in ids}
    seating = live_seating(after.state)
    names = {e.entry_id: e.name for e in after.state.part(Roster).entries.values()}
    for entry_id, (table, seat) in shown.plan.seats().items():
        if shown.plan.final_table is None and entry_id not in wanted:
            continue
        if entry_id not in seating.where:
            continue  # out since (a bust after the screen was read)
        sits = seating.where[entry_id]
        if (sits[0], sits[1] + 1) != (table, seat):
            found.append(
                f"{names.get(entry_id, entry_id)} was shown table {table} seat {seat}, sits at "
                f"table {sits[0]} seat {sits[1] + 1}"
            )
    return found


# --- faces ---------------------------------------------------------------------------------


def _places_of(rows: Iterable[dict[str, Any]]) -> dict[str, tuple[int, ...]]:
    return {row["entry_id"]: tuple(row["places"]) for row in rows}


def _prizes_of(rows: Iterable[dict[str, Any]]) -> dict[str, int | None]:
    return {row["entry_id"]: row["prize_cents"] for row in rows}


def _seats_of_tables(tables: Iterable[dict[str, Any]]) -> dict[str, tuple[int, int]]:
    return {
        seat["name"]: (t["table"], seat["seat"]) for t in tables for seat in t.get("seats") or []
    }


def faces(r: Reading) -> list[str]:
    """Every face gives the same places, prizes, players left, level and seats."""
    found: list[str] = []
    core_rows = [to_json(row) for row in r.results.rows]
    by_face = {
        "console": r.staff["results"]["rows"],
        "TV and phones": r.public["results"]["rows"],
        "CLI": r.cli["results"]["rows"],
    }
    for face, rows in by_face.items():
        if _places_of(rows) != _places_of(core_rows):
            found.append(f"{face} places differ from the core's")
        if _prizes_of(rows) != _prizes_of(core_rows):
            found.append(f"{face} prizes differ from the core's")
    standing = {s.entry_id: (s.places, s.prize) for s in r.standings if s.place is not None}
    core = {row.entry_id: (row.places, row.prize_cents or 0) for row in r.results.rows}
    if standing != core:
        found.append("the standings' places or prizes differ from the results'")
    player_place = {
        p.entry_id: p.place for p in r.players if p.place is not None and p.entry_id is not None
    }
    result_place = {row.entry_id: row.place for row in r.results.rows}
    if any(result_place.get(e) != place for e, place in player_place.items()):
        found.append("the players list's places differ from the results'")
    alive = r.status.alive
    counts = {
        "console": r.staff["status"]["alive"],
        "TV and phones": r.public["status"]["alive"],
        "CLI": r.cli["status"]["alive"],
        "players list": sum(1 for p in r.players if p.status == EntryStatus.ALIVE.value),
        "phones' players": sum(
            1 for p in r.public["players"] if p.get("status") == EntryStatus.ALIVE.value
        ),
    }
    for face, count in counts.items():
        if count != alive:
            found.append(f"{face} says {count} players left, the core {alive}")
    level = r.status.level
    if r.clock is not None and r.clock.started and r.status.level is not None:
        shown = {
            "console clock": r.staff["clock"]["level"]["level"],
            "TV clock": r.public["clock"]["level"]["level"],
            "console status": r.staff["status"]["level"],
        }
        for face, number in shown.items():
            if number != level:
                found.append(f"{face} shows level {number}, the core {level}")
    if r.tables is not None:
        core_seats = {s.name: (t.table, s.seat) for t in r.tables.tables for s in t.seated}
        seat_faces = {
            "console": _seats_of_tables(r.staff.get("tables", [])),
            "TV and phones": _seats_of_tables(r.public.get("tables", [])),
            "dealers": _seats_of_tables(
                t for view in r.dealers.values() for t in view.get("tables", [])
            ),
            "players list": {
                p.name: (p.table, p.seat)
                for p in r.players
                if p.table is not None and p.seat is not None and p.status == "alive"
            },
            "phones' players": {
                p["name"]: (p["table"], p["seat"])
                for p in r.public["players"]
                if p.get("table") is not None and p.get("status") == "alive"
            },
        }
        for face, seen in seat_faces.items():
            if seen != core_seats:
                found.append(f"{face} seats differ from the core's")
    found += _games_said(r)
    if r.status.finished != r.public["status"]["finished"]:
        found.append("the TV and phones do not say the tournament is finished")
    if any(view["status"]["finished"] != r.status.finished for view in r.dealers.values()):
        found.append("a dealer's screen does not say the tournament is finished")
    winners = {
        "console": r.staff["status"]["winner"],
        "TV and phones": r.public["status"]["winner"],
        "CLI": r.cli["status"]["winner"],
        **{f"dealer {t}": view["status"]["winner"] for t, view in r.dealers.items()},
    }
    for face, winner in winners.items():
        if winner != r.status.winner:
            found.append(f"{face} names the winner {winner}, the core {r.status.winner}")
    return found


GAME_KEYS = ("game", "games", "rotation", "bring_in")
"""What a level row says about its game (``structures.game_fields``, issue 28)."""


def _game_of(level: dict[str, Any] | None) -> dict[str, Any]:
    return {k: (level or {}).get(k) for k in GAME_KEYS}


def _games_said(r: Reading) -> list[str]:
    """Issue 28: the console, the TV and phones and every dealer say the core's game now and
    next (``clock.level``/``next_level``: the game, a rotation by orbit's games, the
    bring-in), and each table's own game (``Table.game``) in the console's, the TV's, its
    dealer's and the CLI's table list."""
    found: list[str] = []
    if r.clock is not None:
        core = r.clock.as_json()
        clocks = {
            "console": r.staff.get("clock"),
            "TV and phones": r.public.get("clock"),
            **{f"dealer {t}": view.get("clock") for t, view in r.dealers.items()},
        }
        for when in ("level", "next_level"):
            want = _game_of(core[when])
            for face, clock in clocks.items():
                said = _game_of((clock or {}).get(when))
                if said != want:
                    found.append(f"{face} says the {when}'s game is {said}, the core {want}")
    if r.tables is not None:
        core_games = {
            number: None if table.game is None else table.game.game.value
            for number, table in seating_now(r.state).tables.items()
        }
        lists = {
            "console": {t["table"]: t.get("game") for t in r.staff.get("tables", [])},
            "TV and phones": {t["table"]: t.get("game") for t in r.public.get("tables", [])},
            "dealers": {
                t["table"]: t.get("game")
                for view in r.dealers.values()
                for t in view.get("tables", [])
            },
            "CLI": {t["table"]: t.get("game") for t in (r.cli["tables"] or {}).get("tables", [])},
        }
        for face, games in lists.items():
            if games != core_games:
                found.append(f"{face} table games {games}, the seating's {core_games}")
    return found


def final_table(r: Reading) -> list[str]:
    """C9: a final table drawn has the profile's size: the table's seats plus one, at most
    10, under TDA/TNPL/FOX (an 8-handed stud or mixed event's final table seats 9:
    FOX-11A, TNPL-B4), the table's seats at Kojack's (KPC-9)."""
    part = r.state.part(Tables)
    if part.seating is None:
        return []
    seating = seating_now(r.state)
    if not seating.final or len(seating.tables) != 1:
        return []
    ((number, table),) = seating.tables.items()
    want = final_table_size(seating.profile, seating.seats_per_table)
    if table.n_seats != want:
        return [f"the final table {number} has {table.n_seats} seats, the rules {want} (C9)"]
    return []


def prompt(r: Reading) -> list[str]:
    """C4-C6, C9: the console's prompt is the plan its confirm applies (``floor_plan``):
    the same token, each move's player and seat, the final table's seats."""
    fp = floor_plan(r.state) if r.tables is not None else None
    due = r.staff.get("moves_due")
    pending = r.staff.get("pending_plan")
    found: list[str] = []
    if fp is not None and fp.recorded:
        if pending != fp.token:
            found.append(f"the console's waiting moves are plan {pending}, the core's {fp.token}")
        return found
    if not isinstance(due, dict):
        if fp is not None and not fp.empty and not r.status.finished:
            found.append(f"plan {fp.token} is due ({fp.describe()}) but the console shows none")
        return found
    if fp is None:
        return [f"the console prompts for plan {due.get('plan')}, the core has none due"]
    if due.get("plan") != fp.token:
        found.append(f"the console prompts for plan {due.get('plan')}, the core's is {fp.token}")
    shown = [(m["entry_id"], m["to_table"], m["to_seat"]) for m in due.get("moves") or []]
    planned = [(m.entry_id, m.to_table, m.to_seat) for m in fp.moves]
    if shown != planned:
        found.append(f"the console prompts for moves {shown}, the plan makes {planned}")
    if fp.final_table is not None:
        seats = {s["entry_id"]: (s["table"], s["seat"]) for s in due.get("final_seats") or []}
        if seats != fp.seats():
            found.append("the console's final-table seats are not the plan's")
    return found


def sheets(r: Reading) -> list[str]:
    """J2, H4: once the night is finished the payout sheet (console, TV and phones) shows
    each place's prize as the results pay it, a deal's amounts included."""
    if not r.status.finished:
        return []
    found: list[str] = []
    paid = {row.place: row.prize_cents or 0 for row in r.results.rows if len(row.places) == 1}
    for face, view in (("console", r.staff), ("TV and phones", r.public)):
        sheet = {line["place"]: line["amount"] for line in view.get("payouts") or []}
        wrong = sorted(p for p in sheet if p in paid and sheet[p] != paid[p])
        if wrong:
            found.append(
                f"the {face} payout sheet shows "
                + ", ".join(f"{p}: {sheet[p]}" for p in wrong)
                + "; the results pay "
                + ", ".join(f"{p}: {paid[p]}" for p in wrong)
            )
    return found


CLI_COMMANDS = ("status", "results", "players", "tables", "standings")
"""The ``pokertd`` commands whose ``--json`` the CLI face check reads."""


def cli_faces(night: FloorNight) -> list[str]:
    """Run ``pokertd status/results/players/tables/standings --json`` in-process on the
    night's own store at the night's ``now`` (the CLI's clock and store are the night's),
    and compare what it prints with the core's read models through the shared codec."""
    from typer.testing import CliRunner

    import pokertd.app.tournaments as service_module
    from pokertd.cli import app

    def open_here(url: str, *, pool_size: int | None = None) -> TournamentService:
        opened = TournamentService(night.store, now=lambda: night.now)
        opened.close = lambda: None  # type: ignore[method-assign]  # the night's store stays open
        return opened

    state, now = night.state, night.now
    # the core's read models in the event's own currency, as the service reads them (issue 27)
    with money_scope(state.part(Setup).currency):
        expected: dict[str, Any] = {
            "status": to_json(status(state, now)),
            "results": to_json(results(state, now)),
            "players": to_json(players(state, now)),
            "tables": to_json(tables_view(state, now)) if state.part(Tables).seating else None,
            "standings": standings_json(standings(state, now)),
        }
    found: list[str] = []
    runner = CliRunner()
    with (
        patch.object(service_module, "open_service", open_here),
        patch.object(service_module, "utc_now", lambda: now),
    ):
        for command in CLI_COMMANDS:
            if expected[command] is None:
                continue
            done = runner.invoke(app, [command, night.tid, "--json", "--db", "night"])
            if done.exit_code != 0:
                found.append(f"pokertd {command} --json failed: {done.output[:200]}")
            elif json.loads(done.stdout) != json.loads(json.dumps(expected[command])):
                found.append(f"pokertd {command} --json differs from the core's read model")
    return found


def stacks(r: Reading) -> list[str]:
    """TNPL-B2iii (A6) with TNPL-B2i (A5): where an early-registration bonus is given,
    everyone else gets a full stack, so one night never issues a bonus and a late-entry
    reduction (entries of undone batches included: neither may ever have been sold)."""
    bonus = [e.name for e in _bought(r) if e.bonus]
    cut = [e.name for e in _bought(r) if e.reduction]
    if bonus and cut:
        return [f"early bonus ({bonus[0]}) and late reduction ({cut[0]}) in one event"]
    return []


def _bought(r: Reading) -> list[EntryBought]:
    return [rec.event for rec in r.records if isinstance(rec.event, EntryBought)]


def everything(r: Reading) -> list[str]:
    """Every check of this module on one reading."""
    return [
        *money(r),
        *places(r),
        *the_end(r),
        *hand_for_hand(r),
        *seats(r),
        *faces(r),
        *prompt(r),
        *sheets(r),
        *stacks(r),
        *final_table(r),
    ]


__all__ = [
    "CLI_COMMANDS",
    "UNDO_KEYS_IGNORED",
    "After",
    "HandInPlay",
    "Out",
    "Reading",
    "cli_faces",
    "everything",
    "expected_places",
    "faces",
    "final_table",
    "hand_for_hand",
    "money",
    "outs_by_hand",
    "places",
    "plan_applied",
    "prompt",
    "read",
    "read_models",
    "scan_hands",
    "seats",
    "sheets",
    "stacks",
    "table_games",
    "the_end",
]
