"""Prizes of a running tournament: payouts, bounties, deals and receipts, as events.

This module puts the pure functions of :mod:`.payouts`, :mod:`.bounties` and :mod:`.deals`
on the tournament's event log:

* **Prize options** — the TD may make the bounties progressive (PKO) and enable deals where
  the venue leaves it to the house (J4 KPC/NJ, FOX-73): :class:`SetPrizeOptions`.
* **Posted schedule** (NJ-44d) — :class:`PostPayoutSchedule` records the schedule posted
  before play; once posted under a profile that requires it, the payout table of the event
  is the posted one.
* **Bounties** — a bust's eliminator (``pokertd bust ... --by``) collects; when a pot was
  split the floor records the winners with :class:`RecordBountyWinners`, and the split rule
  of the profile decides (equal shares, or the winner closest clockwise from the button).
  :func:`bounty_ledger` replays every bust in order (fixed or progressive).
* **Deals** — :class:`ProposeDeal`, :class:`AcceptDeal`, :class:`RejectDeal`,
  :class:`ApproveDeal`. When the last acceptance (and the supervisor's approval where
  required) is in, the same batch records :class:`DealMade`: from then on the deal's
  amounts replace the payout of the players in it, and play continues for what was left.
* **Receipts** — :class:`PayPrize` records a payout with its claim flags (ID, W-2G,
  1042-S withholding, voucher expiry) and :func:`receipt_text` prints it.

Views: :func:`prize_table`, :func:`standings` (with :func:`standings_csv`),
:func:`bounty_ledger`, :func:`deal_view`.

Implements: FOX-PTAB, FOX-73, FOX-PAY2-5, FOX-BTY4, FOX-ADMIN, KPC-55, TNPL-A8, TNPL-J4ii,
SPOT-6.15, NJ-44d (see the pure modules for the rule texts).
"""

from __future__ import annotations

import csv
import io
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Annotated, Any, cast

from pokertd.errors import InvalidCommand, PokertdError, RuleViolation
from pokertd.rules.enums import BountySplitRule
from pokertd.tournament import limits as lim
from pokertd.tournament.bounties import (
    BountyAward,
    Knockout,
    fixed_bounty_awards,
    pko_awards,
)
from pokertd.tournament.deals import (
    DealKind,
    DealNegotiation,
    DealStatus,
    DealTerms,
    check_deal,
    check_deal_allowed,
    deal_icm,
    deal_warnings,
    icm_inputs,
    propose,
)
from pokertd.tournament.entries import (
    Entry,
    EntryStatus,
    Roster,
    Setup,
    find_player,
    read_clock,
)
from pokertd.tournament.framework import (
    Command,
    Context,
    Event,
    HeavyCommand,
    TournamentState,
    applies,
    decides,
    event,
    state_part,
)
from pokertd.tournament.icm import IcmResult
from pokertd.tournament.money import pool
from pokertd.tournament.payouts import (
    Prize,
    PrizePool,
    builtin_table,
    check_schedule_unchanged,
    claim_flags,
    format_money,
    payouts,
    schedule_lines,
    sng_shares,
)
from pokertd.types import Cents, Chips

# --------------------------------------------------------------------------------------
# State


@state_part
@dataclass(slots=True)
class PrizeBook:
    """The prize side of the tournament state."""

    progressive_bounties: bool = False
    """Progressive knockout (PKO): a share paid, the rest on the collector's head."""
    deals_enabled: bool = False
    """The TD enabled deals where the venue leaves it to the house (J4, FOX-73)."""
    schedule_posted: bool = False
    """The prize schedule was posted (NJ-44d)."""
    posted_table: str | None = None
    posted_late: bool = False
    """The schedule was posted only after play started."""
    bounty_winners: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Busted entry id -> the entry ids that split the pot carrying its bounty,
    clockwise from the button."""
    negotiation: DealNegotiation | None = None
    """The deal under discussion (or the binding one)."""
    deal_entries: tuple[str, ...] = ()
    """Entry ids of the deal's players, in the deal's order."""
    paid: dict[str, PrizePaid] = field(default_factory=dict)
    """Entry id -> the payout recorded for it."""


# --------------------------------------------------------------------------------------
# Events


@event("prize_options_set")
@dataclass(frozen=True, slots=True, kw_only=True)
class PrizeOptionsSet(Event):
    """The TD set the event's prize options."""

    progressive_bounties: bool
    deals_enabled: bool

    def describe(self) -> str:
        kind = "progressive (PKO)" if self.progressive_bounties else "fixed"
        deals = "enabled" if self.deals_enabled else "not enabled"
        return f"Prize options: {kind} bounties, deals {deals}"


@event("payout_schedule_posted")
@dataclass(frozen=True, slots=True, kw_only=True)
class PayoutSchedulePosted(Event):
    """The prize schedule was posted for players to see (NJ-44d)."""

    table: str
    lines: tuple[str, ...]
    after_start: bool = False
    """Posted only after play had started (a breach of NJ-44d where it applies)."""

    def describe(self) -> str:
        late = " after play started" if self.after_start else ""
        return f"Prize schedule posted ({self.table}){late}"


@event("bounty_winners_recorded")
@dataclass(frozen=True, slots=True, kw_only=True)
class BountyWinnersRecorded(Event):
    """The floor recorded who split the pot carrying a busted player's bounty."""

    entry_id: str
    name: str
    winners: tuple[str, ...]
    """Entry ids, clockwise from the button."""
    winner_names: tuple[str, ...]

    def describe(self) -> str:
        return f"{self.name}'s bounty: pot won by {', '.join(self.winner_names)}"


@event("deal_proposed")
@dataclass(frozen=True, slots=True, kw_only=True)
class DealProposed(Event):
    """A deal was put to the remaining players (amounts in cents)."""

    kind: DealKind
    entries: tuple[str, ...]
    names: tuple[str, ...]
    stacks: tuple[Chips, ...]
    amounts: tuple[Cents, ...]
    play_for: Cents
    remaining_pool: Cents
    requires_approval: bool
    warnings: tuple[str, ...] = ()

    def describe(self) -> str:
        shares = ", ".join(
            f"{n} {format_money(a)}" for n, a in zip(self.names, self.amounts, strict=True)
        )
        left = f"; {format_money(self.play_for)} left to play for" if self.play_for else ""
        return f"Deal proposed ({self.kind.value}): {shares}{left}"


@event("deal_accepted")
@dataclass(frozen=True, slots=True, kw_only=True)
class DealAccepted(Event):
    """A player confirmed the deal aloud (FOX-73)."""

    entry_id: str
    name: str

    def describe(self) -> str:
        return f"{self.name} accepts the deal"


@event("deal_rejected")
@dataclass(frozen=True, slots=True, kw_only=True)
class DealRejected(Event):
    """A player said no: the proposal is off."""

    entry_id: str
    name: str

    def describe(self) -> str:
        return f"{self.name} rejects the deal: no deal"


@event("deal_approved")
@dataclass(frozen=True, slots=True, kw_only=True)
class DealApproved(Event):
    """The tournament supervisor approved the deal's terms (FOX-73)."""

    supervisor: str

    def describe(self) -> str:
        return f"Deal approved by {self.supervisor}"


@event("deal_made")
@dataclass(frozen=True, slots=True, kw_only=True)
class DealMade(Event):
    """Everyone accepted (and the supervisor approved where required): the deal binds."""

    names: tuple[str, ...]
    amounts: tuple[Cents, ...]
    play_for: Cents

    def describe(self) -> str:
        left = f", {format_money(self.play_for)} still to play for" if self.play_for else ""
        return f"Deal made among {', '.join(self.names)}{left}"


@event("prize_paid")
@dataclass(frozen=True, slots=True, kw_only=True)
class PrizePaid(Event):
    """A prize was paid (or a voucher issued) with its claim flags."""

    entry_id: str
    name: str
    place: int
    amount: Cents
    bounty: Cents
    withheld: Cents
    paid: Cents
    id_checked: bool
    w2g: bool
    form_1042s: bool
    voucher_expires: str | None
    transferable: bool
    won_on: str

    def describe(self) -> str:
        return f"Paid {self.name} {format_money(self.paid)} for place {self.place}"


# --------------------------------------------------------------------------------------
# Fold


@applies(PrizeOptionsSet)
def _apply_options(state: TournamentState, ev: PrizeOptionsSet) -> None:
    book = state.part(PrizeBook)
    book.progressive_bounties = ev.progressive_bounties
    book.deals_enabled = ev.deals_enabled


@applies(PayoutSchedulePosted)
def _apply_posted(state: TournamentState, ev: PayoutSchedulePosted) -> None:
    book = state.part(PrizeBook)
    book.schedule_posted = True
    book.posted_table = ev.table
    book.posted_late = ev.after_start


@applies(BountyWinnersRecorded)
def _apply_bounty_winners(state: TournamentState, ev: BountyWinnersRecorded) -> None:
    state.part(PrizeBook).bounty_winners[ev.entry_id] = ev.winners


@applies(DealProposed)
def _apply_proposed(state: TournamentState, ev: DealProposed) -> None:
    book = state.part(PrizeBook)
    terms = DealTerms(
        kind=ev.kind,
        players=ev.names,
        stacks=ev.stacks,
        amounts=ev.amounts,
        play_for=ev.play_for,
        remaining_pool=ev.remaining_pool,
    )
    book.negotiation = DealNegotiation(terms=terms, requires_approval=ev.requires_approval)
    book.deal_entries = ev.entries


@applies(DealAccepted)
def _apply_accepted(state: TournamentState, ev: DealAccepted) -> None:
    book = state.part(PrizeBook)
    if book.negotiation is not None:
        book.negotiation = book.negotiation.accept(ev.name)


@applies(DealRejected)
def _apply_rejected(state: TournamentState, ev: DealRejected) -> None:
    book = state.part(PrizeBook)
    if book.negotiation is not None:
        book.negotiation = book.negotiation.reject(ev.name)


@applies(DealApproved)
def _apply_approved(state: TournamentState, ev: DealApproved) -> None:
    book = state.part(PrizeBook)
    if book.negotiation is not None:
        book.negotiation = book.negotiation.approve(ev.supervisor)


@applies(PrizePaid)
def _apply_paid(state: TournamentState, ev: PrizePaid) -> None:
    state.part(PrizeBook).paid[ev.entry_id] = ev


# --------------------------------------------------------------------------------------
# Views


@dataclass(frozen=True, slots=True, kw_only=True)
class PrizeTable:
    """The prize pool and the payout per place for the entries so far."""

    entries: int
    table: str
    pool: PrizePool
    prizes: tuple[Prize, ...]
    note: str = ""
    schedule_posted: bool = False


def _table_name(state: TournamentState) -> str:
    setup = state.part(Setup)
    book = state.part(PrizeBook)
    if book.posted_table is not None:
        return book.posted_table
    return setup.tmpl.payout_table or setup.profile.payout_table


def prize_table(state: TournamentState) -> PrizeTable:
    """Pool and payouts now (the posted table, else the template's, else the profile's)."""
    setup = state.part(Setup)
    if not setup.created:
        raise InvalidCommand("The tournament has not been created.")
    roster = state.part(Roster)
    made = pool(state)
    name = _table_name(state)
    prizes: tuple[Prize, ...] = ()
    note = ""
    if roster.entry_count == 0:
        note = "no entries yet"
    elif made.net <= 0:
        note = "no prize pool yet"
    else:
        prizes = payouts(
            roster.entry_count,
            made.net,
            profile=setup.profile,
            table=name,
            min_cash=setup.tmpl.fees.prize_pool,
        )
    book = state.part(PrizeBook)
    if setup.profile.payout_schedule_posted_in_advance:
        if not book.schedule_posted:
            note = (note + "; " if note else "") + (
                "the prize schedule must be posted before play starts (NJ-44d)"
            )
        elif book.posted_late:
            note = (note + "; " if note else "") + (
                "the prize schedule was posted after play started (NJ-44d)"
            )
    return PrizeTable(
        entries=roster.entry_count,
        table=name,
        pool=made,
        prizes=prizes,
        note=note,
        schedule_posted=state.part(PrizeBook).schedule_posted,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class BountyLine:
    """A knockout's bounty money, for the ledger."""

    eliminated: str
    collector: str
    cash: Cents
    added_to_bounty: Cents = 0
    note: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class BountyLedger:
    """Every bounty paid so far, each player's total, and (PKO) each head now."""

    progressive: bool
    lines: tuple[BountyLine, ...]
    cash_by_entry: dict[str, Cents]
    heads: dict[str, Cents]
    uncollected: tuple[str, ...]
    """Names of busted players whose eliminator was not recorded."""


def bounty_ledger(state: TournamentState) -> BountyLedger:
    """Replay every bust in order and pay its bounty by the profile (fixed or PKO).

    The eliminator recorded with the bust collects; a split recorded with
    :class:`RecordBountyWinners` is shared by ``bounty_split_rule``. Busts of one hand
    use the bounties as they were at the start of that hand (PKO). The winner collects his
    own bounty once the event is decided.
    """
    setup = state.part(Setup)
    roster = state.part(Roster)
    book = state.part(PrizeBook)
    value = setup.tmpl.fees.bounty if setup.created else 0
    names = {e.entry_id: e.name for e in roster.entries.values()}
    heads: dict[str, Cents] = dict.fromkeys(roster.entries, value)
    cash: dict[str, Cents] = {}
    lines: list[BountyLine] = []
    uncollected: list[str] = []
    if value <= 0:
        return BountyLedger(
            progressive=book.progressive_bounties, lines=(), cash_by_entry={}, heads={},
            uncollected=(),
        )
    profile = setup.profile
    groups: dict[str, list[Knockout]] = {}
    order: list[str] = []
    for out in roster.out:
        winners = book.bounty_winners.get(out.entry_id)
        if winners is None:
            winners = (out.eliminator,) if out.eliminator else ()
        if not winners:
            uncollected.append(names[out.entry_id])
            continue
        if out.group not in groups:
            groups[out.group] = []
            order.append(out.group)
        groups[out.group].append(Knockout(_index(out.entry_id), tuple(_index(w) for w in winners)))
    for group in order:
        kos = groups[group]
        # winners are stored clockwise from the button: seat them 1..k after a button at 0
        awards: tuple[BountyAward, ...] | list[BountyAward]
        try:
            if book.progressive_bounties:
                result = pko_awards(
                    kos, {_index(e): h for e, h in heads.items()}, profile=profile,
                    button=0, seat_order=_seat_order(kos),
                )
                awards = result.awards
                heads = {_entry(s): h for s, h in result.bounties.items()}
            else:
                awards = fixed_bounty_awards(
                    kos, {_index(e): value for e in roster.entries}, profile=profile,
                    button=0, seat_order=_seat_order(kos),
                )
        except PokertdError:
            # a record the rules cannot pay (e.g. a collector already out): leave it to the
            # floor to correct with ``pokertd bounty``
            uncollected.extend(names[_entry(ko.eliminated)] for ko in kos)
            continue
        for award in awards:
            collector = _entry(award.collector)
            cash[collector] = cash.get(collector, 0) + award.cash
            lines.append(
                BountyLine(
                    eliminated=names[_entry(award.eliminated)],
                    collector=names[collector],
                    cash=award.cash,
                    added_to_bounty=award.added_to_bounty,
                )
            )
    alive = roster.alive()
    if len(alive) == 1 and roster.out:
        champion = alive[0].entry_id
        own = heads.get(champion, value) if book.progressive_bounties else value
        cash[champion] = cash.get(champion, 0) + own
        lines.append(
            BountyLine(
                eliminated=names[champion], collector=names[champion], cash=own,
                note="the winner collects his own bounty",
            )
        )
        heads.pop(champion, None)
    live = {e.entry_id for e in alive}
    return BountyLedger(
        progressive=book.progressive_bounties,
        lines=tuple(lines),
        cash_by_entry=cash,
        heads={e: h for e, h in heads.items() if e in live},
        uncollected=tuple(uncollected),
    )


def _index(entry_id: str) -> int:
    """Entry ids (``E12``) as ints for the bounty functions, which work on seats."""
    return int(entry_id.lstrip("E"))


def _entry(index: int) -> str:
    return f"E{index}"


def _seat_order(kos: list[Knockout]) -> list[int]:
    """A pretend table where each knockout's winners sit clockwise from a button at 0 in
    the recorded order (the floor records them clockwise from the button)."""
    order = [0]
    for ko in kos:
        for w in ko.winners:
            if w not in order:
                order.append(w)
    return order


@dataclass(frozen=True, slots=True, kw_only=True)
class DealView:
    """The deal under discussion or made."""

    status: DealStatus
    kind: DealKind
    players: tuple[str, ...]
    stacks: tuple[Chips, ...]
    amounts: tuple[Cents, ...]
    play_for: Cents
    remaining_pool: Cents
    accepted: tuple[str, ...]
    waiting_for: tuple[str, ...]
    requires_approval: bool
    approved_by: str | None
    rejected_by: str | None


def deal_view(state: TournamentState) -> DealView | None:
    """The current deal, or ``None`` when none was proposed."""
    neg = state.part(PrizeBook).negotiation
    if neg is None:
        return None
    t = neg.terms
    return DealView(
        status=neg.status,
        kind=t.kind,
        players=t.players,
        stacks=t.stacks,
        amounts=t.amounts,
        play_for=t.play_for,
        remaining_pool=t.remaining_pool,
        accepted=tuple(p for p in t.players if p in neg.accepted),
        waiting_for=neg.waiting_for,
        requires_approval=neg.requires_approval,
        approved_by=neg.approved_by,
        rejected_by=neg.rejected_by,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class StandingRow:
    """One player's result: place, prize (deal amount where a deal replaced it), bounties."""

    place: int | None
    places: tuple[int, ...]
    name: str
    entry_id: str
    status: str
    prize: Cents
    deal: Cents | None
    bounties: Cents
    total: Cents
    note: str = ""


def standings(state: TournamentState, now: datetime | None = None) -> tuple[StandingRow, ...]:
    """Players still in first (unplaced), then everyone by place: prize, deal, bounties.

    A binding deal replaces its players' prizes by the deal amounts; the winner adds what
    was left to play for.
    """
    from pokertd.tournament.views import results

    roster = state.part(Roster)
    book = state.part(PrizeBook)
    view = results(state, now)
    ledger = bounty_ledger(state)
    deal_amount: dict[str, Cents] = {}
    neg = book.negotiation
    if neg is not None and neg.status is DealStatus.BINDING:
        for eid, amount in zip(book.deal_entries, neg.terms.amounts, strict=True):
            deal_amount[eid] = amount
    rows: list[StandingRow] = []
    placed = {r.entry_id for r in view.rows}
    for e in roster.entries.values():
        if e.entry_id in placed or e.status is not EntryStatus.ALIVE:
            continue
        deal = deal_amount.get(e.entry_id)
        bounty = ledger.cash_by_entry.get(e.entry_id, 0)
        rows.append(
            StandingRow(
                place=None, places=(), name=e.name, entry_id=e.entry_id, status=e.status.value,
                prize=deal or 0, deal=deal, bounties=bounty, total=(deal or 0) + bounty,
                note="still playing" + (" (deal made)" if deal is not None else ""),
            )
        )
    for r in view.rows:
        prize = r.prize_cents or 0
        deal = deal_amount.get(r.entry_id)
        note = r.note
        if deal is not None and neg is not None:
            prize = deal + (neg.terms.play_for if r.place == 1 and not r.tied_with else 0)
            note = note or "deal"
        bounty = ledger.cash_by_entry.get(r.entry_id, 0)
        rows.append(
            StandingRow(
                place=r.place, places=r.places, name=r.name, entry_id=r.entry_id,
                status=r.status, prize=prize, deal=deal, bounties=bounty,
                total=prize + bounty, note=note,
            )
        )
    return tuple(rows)


STANDINGS_COLUMNS = ("place", "name", "entry", "status", "prize", "deal", "bounties", "total",
                     "note")


def standings_csv(rows: tuple[StandingRow, ...]) -> str:
    """The standings as CSV (amounts in dollars with cents, ``1140.72``)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(STANDINGS_COLUMNS)

    def dollars(cents: Cents | None) -> str:
        return "" if cents is None else f"{cents // 100}.{cents % 100:02d}"

    for r in rows:
        place = "" if r.place is None else (
            str(r.place) if len(r.places) <= 1 else f"{r.places[0]}-{r.places[-1]}"
        )
        writer.writerow([place, r.name, r.entry_id, r.status, dollars(r.prize), dollars(r.deal),
                         dollars(r.bounties), dollars(r.total), r.note])
    return out.getvalue()


def standings_json(rows: tuple[StandingRow, ...]) -> list[dict[str, Any]]:
    """The standings as JSON objects (amounts in cents)."""
    return [
        {
            "place": r.place,
            "places": list(r.places),
            "name": r.name,
            "entry": r.entry_id,
            "status": r.status,
            "prize": r.prize,
            "deal": r.deal,
            "bounties": r.bounties,
            "total": r.total,
            "note": r.note,
        }
        for r in rows
    ]


def receipt_text(state: TournamentState, player: str, *, venue: str = "") -> str:
    """A printable receipt for a prize recorded with :class:`PayPrize`."""
    setup = state.part(Setup)
    entry_id = _paid_entry(state, player)
    paid = state.part(PrizeBook).paid[entry_id]
    width = 44
    lines = [
        (venue or setup.profile.title).center(width),
        setup.name.center(width),
        "PRIZE RECEIPT".center(width),
        "-" * width,
        f"Player: {paid.name}",
        f"Place: {paid.place}",
        f"Date won: {paid.won_on}",
        f"Prize: {format_money(paid.amount)}",
    ]
    if paid.bounty:
        lines.append(f"Bounties: {format_money(paid.bounty)}")
    if paid.withheld:
        lines.append(f"US tax withheld: {format_money(paid.withheld)}")
    lines.append(f"Paid: {format_money(paid.paid)}")
    lines.append("-" * width)
    if paid.id_checked:
        lines.append("Valid photo ID and SSN seen. (FOX-PAY2)")
    if paid.w2g:
        lines.append("Form W-2G issued. (FOX-PAY3)")
    if paid.form_1042s:
        lines.append("Form 1042-S issued. (FOX-PAY4)")
    if paid.voucher_expires:
        lines.append(f"Voucher expires {paid.voucher_expires}. (FOX-PAY2)")
    if not paid.transferable:
        lines.append("Not transferable. (FOX-PAY2)")
    lines += ["", "Player signature: ____________________", "Cashier: ____________________"]
    return "\n".join(lines) + "\n"


def _paid_entry(state: TournamentState, player: str) -> str:
    roster = state.part(Roster)
    book = state.part(PrizeBook)
    who = find_player(state, player)
    for eid in reversed(roster.players[who.player_id].entries):
        if eid in book.paid:
            return eid
    raise InvalidCommand(f"No prize has been paid to {who.name} yet.")


# --------------------------------------------------------------------------------------
# Commands


@dataclass(frozen=True, slots=True, kw_only=True)
class SetPrizeOptions(Command):
    """Make bounties progressive and/or enable deals (``None`` keeps the current value)."""

    progressive_bounties: bool | None = None
    deals_enabled: bool | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PostPayoutSchedule(Command):
    """Record that the prize schedule (the event's payout table) is posted (NJ-44d)."""

    table: lim.Word | None = None
    """A different table to post (before any was posted)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordBountyWinners(Command):
    """The players who split the pot that carried a busted player's bounty.

    ``button_seat`` and ``winner_seats`` (1-based, same table) order the winners
    clockwise from the button; without them the winners are taken in the order given.
    """

    player: lim.PlayerRef
    winners: Annotated[tuple[lim.PlayerRef, ...], lim.Items("Winners", lim.SEAT_MAX)]
    button_seat: lim.SeatNo | None = None
    winner_seats: Annotated[tuple[lim.SeatNo, ...], lim.Items("Seats", lim.SEAT_MAX)] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ProposeDeal(HeavyCommand):
    """Put a deal to the remaining players.

    ``stacks`` gives each remaining player's chips (name, chips) when the recorded counts
    are not current; ``amounts`` (name, cents) for a custom deal; ``save`` is left to play
    for (divided by ``save_by`` for a ``save`` deal).

    A heavy command: the service computes the ICM (:meth:`compute`) outside the
    tournament's lock, on the inputs :meth:`prepare` read — only after the cheap checks
    (deals allowed, stacks known) passed.
    """

    kind: DealKind
    stacks: Annotated[
        tuple[tuple[lim.PlayerRef, lim.Chips], ...], lim.Items("Stacks", lim.PLAYERS_MAX)
    ] = ()
    amounts: Annotated[
        tuple[tuple[lim.PlayerRef, lim.Cents], ...], lim.Items("Amounts", lim.PLAYERS_MAX)
    ] = ()
    save: lim.Cents = 0
    save_by: DealKind = DealKind.ICM
    regional: bool = True

    def prepare(self, state: TournamentState) -> object | None:
        """``(stacks, prizes)`` to ICM, or ``None`` when the proposal needs no ICM or is
        refused by a cheap check (the decider then says why, without any ICM)."""
        try:
            _, stacks, prizes, _ = _proposal(state, self)
        except PokertdError:
            return None
        return icm_inputs(self.kind, stacks, prizes, save=self.save, save_by=self.save_by)

    def compute(
        self, inputs: object, rng: random.Random, out_of_time: Callable[[], bool]
    ) -> object:
        """The deal's ICM on ``inputs`` (bounded Monte-Carlo above 10 players)."""
        stacks, prizes = cast(tuple[tuple[Chips, ...], tuple[Cents, ...]], inputs)
        return deal_icm(stacks, prizes, rng=rng, out_of_time=out_of_time)


@dataclass(frozen=True, slots=True, kw_only=True)
class AcceptDeal(Command):
    """A player confirms the deal aloud."""

    player: lim.PlayerRef


@dataclass(frozen=True, slots=True, kw_only=True)
class RejectDeal(Command):
    """A player turns the deal down."""

    player: lim.PlayerRef


@dataclass(frozen=True, slots=True, kw_only=True)
class ApproveDeal(Command):
    """The supervisor approves the deal's precise terms (FOX-73)."""

    supervisor: lim.PersonName


@dataclass(frozen=True, slots=True, kw_only=True)
class PayPrize(Command):
    """Pay a finisher's prize (and bounties) and record the receipt flags."""

    player: lim.PlayerRef
    foreign: bool = False
    treaty_exempt: bool = False
    id_checked: bool = False


def _created(state: TournamentState) -> Setup:
    setup = state.part(Setup)
    if not setup.created:
        raise InvalidCommand("The tournament has not been created.")
    return setup


@decides(SetPrizeOptions)
def _decide_options(state: TournamentState, cmd: SetPrizeOptions, ctx: Context) -> list[Event]:
    _created(state)
    book = state.part(PrizeBook)
    progressive = (
        book.progressive_bounties if cmd.progressive_bounties is None else cmd.progressive_bounties
    )
    enabled = book.deals_enabled if cmd.deals_enabled is None else cmd.deals_enabled
    if progressive != book.progressive_bounties and state.part(Roster).out:
        raise RuleViolation("Bounties cannot change kind once players have been knocked out.")
    if (progressive, enabled) == (book.progressive_bounties, book.deals_enabled):
        raise InvalidCommand("The prize options are already set that way.")
    return [PrizeOptionsSet(progressive_bounties=progressive, deals_enabled=enabled)]


@decides(PostPayoutSchedule)
def _decide_post(state: TournamentState, cmd: PostPayoutSchedule, ctx: Context) -> list[Event]:
    setup = _created(state)
    book = state.part(PrizeBook)
    name = cmd.table or _table_name(state)
    check_schedule_unchanged(
        setup.profile, posted=book.schedule_posted, changed=name != book.posted_table
    )
    if book.schedule_posted and name == book.posted_table:
        raise InvalidCommand("The prize schedule is already posted.")
    if name == "sng":
        lines = tuple(
            f"{place}: {float(s * 100):g}%"
            for place, s in enumerate(sng_shares(setup.profile), start=1)
        )
    elif name in ("generic", "survivor"):
        lines = (f"{name} payout (see the rules sheet)",)
    else:
        lines = tuple(schedule_lines(builtin_table(name)))
    reading = read_clock(state, ctx.now)
    started = reading is not None and reading.started
    return [PayoutSchedulePosted(table=name, lines=lines, after_start=started)]


@decides(RecordBountyWinners)
def _decide_bounty_winners(
    state: TournamentState, cmd: RecordBountyWinners, ctx: Context
) -> list[Event]:
    setup = _created(state)
    if setup.tmpl.fees.bounty <= 0:
        raise RuleViolation("This is not a bounty event.", rule_ids=("KPC-55",))
    roster = state.part(Roster)
    player = find_player(state, cmd.player)
    outs = {o.entry_id: o for o in roster.out}
    busted = [eid for eid in roster.players[player.player_id].entries if eid in outs]
    if not busted:
        raise InvalidCommand(f"{player.name} has not been knocked out.")
    entry_id = busted[-1]
    if not cmd.winners:
        raise InvalidCommand("Name the players who won the pot.")
    winners: list[tuple[str, str]] = []
    for ref in cmd.winners:
        w = find_player(state, ref)
        live = roster.live_entry(w.player_id)
        candidates = [e for e in roster.players[w.player_id].entries if e != entry_id]
        if live is not None:
            winners.append((live.entry_id, w.name))
        elif candidates:
            winners.append((candidates[-1], w.name))
        else:
            raise InvalidCommand(f"{w.name} cannot collect {player.name}'s bounty.")
    if len({e for e, _ in winners}) != len(winners):
        raise InvalidCommand("A winner is named twice.")
    order = [o.entry_id for o in roster.out]
    for eid, wname in winners:
        if eid in outs and (
            order.index(eid) < order.index(entry_id) or outs[eid].group == outs[entry_id].group
        ):
            raise InvalidCommand(
                f"{wname} was out before {player.name}, so cannot have won that pot."
            )
    if cmd.winner_seats:
        if len(cmd.winner_seats) != len(winners) or cmd.button_seat is None:
            raise InvalidCommand("Give the button's seat and one seat per winner.")
        from pokertd.tournament.bounties import clockwise_from_button

        seats_per_table = max(setup.tmpl.seats_per_table, *cmd.winner_seats, cmd.button_seat)
        seat_of = dict(zip(cmd.winner_seats, winners, strict=True))
        if len(seat_of) != len(winners):
            raise InvalidCommand("Two winners cannot sit in the same seat.")
        ordered = clockwise_from_button(
            seat_of, button=cmd.button_seat, seat_order=range(1, seats_per_table + 1)
        )
        winners = [seat_of[s] for s in ordered]
    elif (
        len(winners) > 1
        and setup.profile.bounty_split_rule is BountySplitRule.CLOSEST_CLOCKWISE_FROM_BUTTON
    ):
        raise InvalidCommand(
            "Give the button's seat and the winners' seats: the whole bounty goes to the "
            "winner closest clockwise from the button.",
            rule_ids=("FOX-BTY4",),
        )
    return [
        BountyWinnersRecorded(
            entry_id=entry_id,
            name=player.name,
            winners=tuple(e for e, _ in winners),
            winner_names=tuple(n for _, n in winners),
        )
    ]


def remaining_prizes(state: TournamentState) -> tuple[Cents, ...]:
    """The prizes still to be won by the players left, first place first."""
    roster = state.part(Roster)
    table = prize_table(state)
    left = len(roster.alive())
    return tuple(p.amount for p in table.prizes if p.place <= left)


def _proposal(
    state: TournamentState, cmd: ProposeDeal
) -> tuple[list[Entry], list[Chips], tuple[Cents, ...], list[Cents] | None]:
    """The cheap part of a proposal: every refusal that needs no amounts (a deal made
    already, deals not allowed, SPOT's chop among the paid), then the players left, their
    stacks, the prizes still to win and the custom amounts. Runs before any ICM."""
    setup = _created(state)
    profile = setup.profile
    roster = state.part(Roster)
    book = state.part(PrizeBook)
    if book.negotiation is not None and book.negotiation.status is DealStatus.BINDING:
        raise RuleViolation("A deal has already been made in this event.", rule_ids="FOX-73")
    alive = roster.alive()
    if len(alive) < 2:
        raise InvalidCommand("A deal needs at least two players left.")
    check_deal_allowed(
        profile=profile,
        players_left=len(alive),
        places_paid=len(prize_table(state).prizes),
        house_allows=book.deals_enabled,
    )
    given = {find_player(state, name).player_id: chips for name, chips in cmd.stacks}
    stacks: list[Chips] = []
    for e in alive:
        chips = given.get(e.player_id, e.stack)
        if chips is None or chips <= 0:
            raise InvalidCommand(
                f"{e.name}'s chip count is not known: record counts first or give --stacks."
            )
        stacks.append(chips)
    prizes = remaining_prizes(state)
    if not prizes:
        raise RuleViolation("There is no prize money left to share.")
    custom = None
    if cmd.kind is DealKind.CUSTOM:
        by_player = {find_player(state, n).player_id: a for n, a in cmd.amounts}
        if set(by_player) != {e.player_id for e in alive}:
            raise InvalidCommand("A custom deal needs an amount for every remaining player.")
        custom = [by_player[e.player_id] for e in alive]
    return alive, stacks, prizes, custom


@decides(ProposeDeal)
def _decide_propose(state: TournamentState, cmd: ProposeDeal, ctx: Context) -> list[Event]:
    profile = _created(state).profile
    book = state.part(PrizeBook)
    alive, stacks, prizes, custom = _proposal(state, cmd)
    pre = ctx.precomputed

    def icm_fn(icm_stacks: tuple[Chips, ...], icm_prizes: tuple[Cents, ...]) -> IcmResult:
        if (
            pre is not None
            and pre.inputs == (icm_stacks, icm_prizes)
            and isinstance(pre.result, IcmResult)
        ):
            return pre.result  # computed by the service outside the lock, same inputs
        return deal_icm(icm_stacks, icm_prizes, rng=ctx.rng)

    terms = propose(
        cmd.kind,
        [e.name for e in alive],
        stacks,
        prizes,
        profile=profile,
        save=cmd.save,
        save_by=cmd.save_by,
        custom=custom,
        rng=ctx.rng,
        icm_fn=icm_fn,
    )
    paid_places = len(prize_table(state).prizes)
    check_deal(
        terms,
        profile=profile,
        remaining_players=[e.name for e in alive],
        places_paid=paid_places,
        house_allows=book.deals_enabled,
    )
    return [
        DealProposed(
            kind=terms.kind,
            entries=tuple(e.entry_id for e in alive),
            names=terms.players,
            stacks=terms.stacks,
            amounts=terms.amounts,
            play_for=terms.play_for,
            remaining_pool=terms.remaining_pool,
            requires_approval=profile.deal_requires_supervisor_approval,
            warnings=tuple(deal_warnings(terms, profile=profile, regional=cmd.regional)),
        )
    ]


def _open_deal(state: TournamentState) -> DealNegotiation:
    neg = state.part(PrizeBook).negotiation
    if neg is None:
        raise InvalidCommand("No deal has been proposed.")
    if neg.status is not DealStatus.PROPOSED:
        raise RuleViolation(
            f"The deal is {neg.status.value}: propose a new one.", rule_ids="FOX-73"
        )
    alive = {e.entry_id for e in state.part(Roster).alive()}
    if alive != set(state.part(PrizeBook).deal_entries):
        raise RuleViolation(
            "The players left are not the ones the deal was proposed to: propose it again.",
            rule_ids=("TNPL-A8", "FOX-73"),
        )
    return neg


def _made(after: DealNegotiation) -> list[Event]:
    if after.status is DealStatus.BINDING:
        t = after.terms
        return [DealMade(names=t.players, amounts=t.amounts, play_for=t.play_for)]
    return []


def _deal_player(state: TournamentState, neg: DealNegotiation, ref: str) -> tuple[str, str]:
    book = state.part(PrizeBook)
    who = find_player(state, ref)
    for eid, name in zip(book.deal_entries, neg.terms.players, strict=True):
        if state.part(Roster).entries[eid].player_id == who.player_id:
            return eid, name
    raise InvalidCommand(f"{who.name} is not in this deal.")


@decides(AcceptDeal)
def _decide_accept(state: TournamentState, cmd: AcceptDeal, ctx: Context) -> list[Event]:
    neg = _open_deal(state)
    eid, name = _deal_player(state, neg, cmd.player)
    after = neg.accept(name)
    return [DealAccepted(entry_id=eid, name=name), *_made(after)]


@decides(RejectDeal)
def _decide_reject(state: TournamentState, cmd: RejectDeal, ctx: Context) -> list[Event]:
    neg = _open_deal(state)
    eid, name = _deal_player(state, neg, cmd.player)
    neg.reject(name)
    return [DealRejected(entry_id=eid, name=name)]


@decides(ApproveDeal)
def _decide_approve(state: TournamentState, cmd: ApproveDeal, ctx: Context) -> list[Event]:
    neg = _open_deal(state)
    if not neg.requires_approval:
        raise InvalidCommand("This venue does not need a supervisor's approval for a deal.")
    after = neg.approve(cmd.supervisor)
    return [DealApproved(supervisor=cmd.supervisor.strip()), *_made(after)]


@decides(PayPrize)
def _decide_pay(state: TournamentState, cmd: PayPrize, ctx: Context) -> list[Event]:
    setup = _created(state)
    profile = setup.profile
    roster = state.part(Roster)
    who = find_player(state, cmd.player)
    rows = {r.entry_id: r for r in standings(state, ctx.now)}
    mine = [rows[e] for e in roster.players[who.player_id].entries if e in rows]
    placed = [r for r in mine if r.place is not None]
    if not placed:
        raise RuleViolation(f"{who.name} has not finished yet: prizes are paid on finishing.")
    row = placed[-1]
    if row.entry_id in state.part(PrizeBook).paid:
        raise RuleViolation(f"{who.name}'s prize has already been paid.")
    if row.total <= 0:
        raise RuleViolation(f"{who.name} finished out of the money.")
    if profile.prize_id_required and not cmd.id_checked:
        raise RuleViolation(
            "Valid photo ID and a social security number must be seen before paying a prize.",
            rule_ids=("FOX-PAY2",),
        )
    won_on = ctx.now.date()
    flags = claim_flags(
        row.total,
        profile=profile,
        won_on=won_on,
        foreign=cmd.foreign,
        treaty_exempt=cmd.treaty_exempt,
    )
    return [
        PrizePaid(
            entry_id=row.entry_id,
            name=row.name,
            place=row.place or 0,
            amount=row.prize,
            bounty=row.bounties,
            withheld=flags.withheld,
            paid=flags.paid,
            id_checked=cmd.id_checked,
            w2g=flags.w2g,
            form_1042s=flags.form_1042s,
            voucher_expires=flags.voucher_expires.isoformat() if flags.voucher_expires else None,
            transferable=flags.transferable,
            won_on=won_on.isoformat(),
        )
    ]


__all__ = [
    "AcceptDeal",
    "ApproveDeal",
    "BountyLedger",
    "BountyLine",
    "BountyWinnersRecorded",
    "DealAccepted",
    "DealApproved",
    "DealMade",
    "DealProposed",
    "DealRejected",
    "DealView",
    "PayPrize",
    "PayoutSchedulePosted",
    "PostPayoutSchedule",
    "PrizeBook",
    "PrizeOptionsSet",
    "PrizePaid",
    "PrizeTable",
    "ProposeDeal",
    "RecordBountyWinners",
    "RejectDeal",
    "SetPrizeOptions",
    "StandingRow",
    "bounty_ledger",
    "deal_view",
    "prize_table",
    "receipt_text",
    "remaining_prizes",
    "standings",
    "standings_csv",
    "standings_json",
]
