"""Money of a tournament: what every purchase paid, part by part, and the prize pool.

Every entry, re-entry, rebuy and add-on keeps its price split into its parts (H1): prize
pool, house (P.C.) fee, entry fee, bounty. The gross prize pool is the sum of the prize
parts plus the event's added money (H2); the administration withholding (FOX 3 %, H3) and a
guarantee's overlay (H8) are computed by :func:`pokertd.tournament.prizes.payouts.prize_pool`.
:func:`cash_report` is what the cashier reconciles at the end of the night: totals by kind.

Amounts are ``int`` cents; nothing is rounded here except the withholding, once, by the
payouts function.

Implements: FOX-EVT, FOX-SNG, KPC-57, NJ-44a, NJ-12 (H1); FOX-BTY5, FOX-PAY5, FOX-73,
NJ-44d (H2); FOX-ADMIN (H3); FOX-EVT #11 guarantee (H8).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pokertd.tournament.entries.rules import PurchaseKind
from pokertd.tournament.entries.state import Roster, Setup
from pokertd.tournament.framework import TournamentState
from pokertd.tournament.prizes.payouts import PrizePool, places_paid_count, prize_pool
from pokertd.tournament.prizes.state import PrizeBook, mystery_terms, payout_table_name
from pokertd.tournament.templates import Fees
from pokertd.types import Cents


@dataclass(frozen=True, slots=True, kw_only=True)
class KindTotal:
    """All purchases of one kind."""

    kind: PurchaseKind
    count: int
    fees: Fees
    chips: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CashReport:
    """The night's money by kind (H1-H3, H8); JSON-friendly."""

    by_kind: tuple[KindTotal, ...]
    collected: Cents
    """Everything players paid."""
    prize_parts: Cents
    """Prize-pool parts of every purchase."""
    added_money: Cents
    house_fees: Cents
    entry_fees: Cents
    bounties: Cents
    withheld: Cents
    """Administration withholding (FOX 3 %)."""
    overlay: Cents
    """What the house adds to reach the guarantee."""
    guarantee: Cents
    net_prize_pool: Cents
    """What the payout table splits."""
    entries: int
    """Entries (buy-ins, re-entries, alternates): what the payout table counts."""
    house_keeps: Cents = field(default=0)
    """Fees plus withholding, less the overlay."""
    carried_pool: Cents = field(default=0)
    """Prize money carried in from the event's flights (Day 2), part of the pool."""
    prizes_paid: Cents = field(default=0)
    """Prizes paid so far (receipts), out of :attr:`net_prize_pool`."""
    bounties_paid: Cents = field(default=0)
    """Bounties paid so far with the prizes, out of :attr:`bounties`."""
    mystery_posted: Cents = field(default=0)
    """Mystery bounties (issue 26): the envelopes posted, out of :attr:`bounties`."""
    mystery_drawn: Cents = field(default=0)
    """The envelopes drawn so far (owed to their knockouts' winners)."""
    mystery_left: Cents = field(default=0)
    """The envelopes still in the pool: ``mystery_posted - mystery_drawn``. With the
    bounty money no envelope holds (``bounties - mystery_posted``) the winner collects it."""
    cancelled: bool = False
    """The event was cancelled (issue 26, SPOT-6.22): the money below went back as refunds
    (filled in by :func:`pokertd.tournament.views.cash_report`, which knows cancellations)."""
    refunds: Cents = 0
    """Refunded on cancellation: ``refunds + prizes_paid + bounties_paid = collected``."""
    refunds_by_kind: tuple[KindTotal, ...] = ()
    """The refunds by kind of purchase, part by part (``count``: purchases refunded)."""


def pool(state: TournamentState) -> PrizePool:
    """The prize pool now: prize parts + added money, withholding, overlay (H2, H3, H8)."""
    setup = state.part(Setup)
    paid_in = state.part(Roster).paid_in  # every purchase added up as it was folded (H1)
    prize = paid_in.prize_pool + state.part(PrizeBook).carried_pool
    bounty = paid_in.bounty
    tmpl = setup.tmpl
    guarantee = tmpl.guarantee or None
    return prize_pool(
        prize + tmpl.added_money, profile=setup.profile, bounty_fees=bounty, guarantee=guarantee
    )


def payout_entries(state: TournamentState) -> int:
    """The entries the payout table counts: this event's, and on a Day 2 fed by flights
    every flight entry instead of the stacks carried in (issue 14).

    Equal to the roster's entry count for an event played in one go.
    """
    book = state.part(PrizeBook)
    return state.part(Roster).entry_count - book.carried_stacks + book.carried_entries


def cash_report(state: TournamentState) -> CashReport:
    """Totals by kind of purchase and by part of the price, with the prize pool."""
    setup = state.part(Setup)
    roster = state.part(Roster)
    totals = {
        PurchaseKind(kind): KindTotal(
            kind=PurchaseKind(kind), count=t.count, fees=t.fees, chips=t.chips
        )
        for kind, t in roster.by_kind.items()
    }
    all_fees = roster.paid_in
    pp = pool(state)
    book = state.part(PrizeBook)
    paid = book.paid.values()
    terms = mystery_terms(state)
    posted = sum(terms.envelopes) if terms is not None else 0
    drawn = sum(v for _, v in book.mystery_drawn.values())
    return CashReport(
        by_kind=tuple(totals[k] for k in PurchaseKind if k in totals),
        collected=all_fees.total,
        prize_parts=all_fees.prize_pool,
        added_money=setup.tmpl.added_money,
        house_fees=all_fees.house_fee,
        entry_fees=all_fees.entry_fee,
        bounties=all_fees.bounty,
        withheld=pp.withheld,
        overlay=pp.overlay,
        guarantee=setup.tmpl.guarantee,
        net_prize_pool=pp.net,
        entries=payout_entries(state),
        carried_pool=state.part(PrizeBook).carried_pool,
        prizes_paid=sum(p.amount for p in paid),
        bounties_paid=sum(p.bounty for p in paid),
        mystery_posted=posted,
        mystery_drawn=drawn,
        mystery_left=posted - drawn,
        house_keeps=all_fees.house_fee
        + all_fees.entry_fee
        + pp.withheld
        - pp.overlay
        - setup.tmpl.added_money,
    )


def places_paid(state: TournamentState) -> int | None:
    """How many places the event pays now, by its own payouts over the entries sold so far
    (H4); ``None`` with no prize pool yet, or when no payout table covers the field (the
    floor then gives the places by hand). Read by seating (KPC-7's tighter balancing one
    table from the money) and by the simulator (when the money is reached), on every entry
    while registration is open: counted from the payout rule and the running totals
    (:func:`~pokertd.tournament.prizes.payouts.places_paid_count`), never by building the
    prizes."""
    made = pool(state)
    if made.net <= 0:
        return None
    setup = state.part(Setup)
    return places_paid_count(
        payout_entries(state),
        made.net,
        profile=setup.profile,
        table=payout_table_name(state),
        min_cash=setup.tmpl.fees.prize_pool,
    )


__all__ = ["CashReport", "KindTotal", "cash_report", "payout_entries", "places_paid", "pool"]
