"""Finishing places with their prizes: who finished where and what each place pays.

Places come from the eliminations domain (ties share places, G3); the amounts from the
payout rules (:mod:`.payouts`) over the net prize pool (:mod:`.pool`); a disqualified
player's prize is forfeited (penalties). Once a deal is binding, each of its players' prize
is the deal amount (the winner adds what was left to play for), so the CLI, the TV and the
phone all show the money the players agreed, not the payout table's (J2, FOX-73). The prizes
log reads it to pay a finisher, the standings (:mod:`.views`) and the whole-tournament
views show it.

Implements: G3 (tied places share their prizes), J2 (a binding deal replaces the prizes).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from pokertd.errors import PokertdError
from pokertd.money import format_money
from pokertd.tournament.eliminations.state import Placing, finishing_places
from pokertd.tournament.entries.state import Roster, Setup
from pokertd.tournament.framework import TournamentState
from pokertd.tournament.penalties.state import Penalties
from pokertd.tournament.prizes.deals import DealStatus
from pokertd.tournament.prizes.payouts import payouts, share_tied
from pokertd.tournament.prizes.pool import payout_entries, pool
from pokertd.tournament.prizes.state import PrizeBook
from pokertd.types import Cents


@dataclass(frozen=True, slots=True, kw_only=True)
class ResultRow:
    """One finishing place (tied places shown as ``place=5, places=(5, 6)``)."""

    place: int
    places: tuple[int, ...]
    tied_with: tuple[str, ...]
    name: str
    entry_id: str
    status: str
    eliminator: str | None
    prize_cents: Cents | None
    prize: str
    note: str = ""
    deal_cents: Cents | None = None
    """The amount this player was guaranteed by a binding deal (``prize_cents`` then holds
    it, plus what was left to play for if this player won)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ResultsView:
    """Finishing places with prizes when the payouts can be computed."""

    entries: int
    prize_pool_cents: Cents
    rows: tuple[ResultRow, ...]
    prizes_note: str
    deal_made: bool = False
    """A binding deal replaced the payout table's prizes of its players."""


def _prizes(state: TournamentState) -> tuple[dict[int, Cents], str]:
    """Place -> amount by the payout functions (``{}`` and why when unknown)."""
    setup = state.part(Setup)
    roster = state.part(Roster)
    if roster.entry_count == 0:
        return {}, "no entries"
    entries = payout_entries(state)
    net = pool(state).net
    if net <= 0:
        return {}, "no prize pool"
    try:
        prizes = payouts(
            entries,
            net,
            profile=setup.profile,
            table=setup.tmpl.payout_table,
            min_cash=setup.tmpl.fees.prize_pool,
        )
    except PokertdError as exc:
        return {}, str(exc)
    return {p.place: p.amount for p in prizes}, ""


def deal_amounts(state: TournamentState) -> tuple[dict[str, Cents], Cents]:
    """Entry id -> amount of a binding deal, and what was left to play for (``{}, 0``
    when no deal was made)."""
    book = state.part(PrizeBook)
    neg = book.negotiation
    if neg is None or neg.status is not DealStatus.BINDING:
        return {}, 0
    amounts = dict(zip(book.deal_entries, neg.terms.amounts, strict=True))
    return amounts, neg.terms.play_for


def results(state: TournamentState, now: datetime | None = None) -> ResultsView:
    """Places so far (best first) and each one's prize; tied places share (G3); a binding
    deal's players get their deal amounts instead, the winner adding the play-for money."""
    pens = state.part(Penalties)
    placings = finishing_places(state, now)
    prize_of, why = _prizes(state)
    deal_of, play_for = deal_amounts(state)
    by_tie: dict[tuple[int, ...], list[Placing]] = {}
    for p in placings:
        by_tie.setdefault(p.places, []).append(p)
    rows: list[ResultRow] = []
    for places, members in by_tie.items():
        amounts = [prize_of.get(n, 0) for n in places]
        shares = share_tied(amounts, len(members)) if prize_of else [0] * len(members)
        for p, amount in zip(members, shares, strict=True):
            note = f"shares places {places[0]}-{places[-1]}" if len(places) > 1 else ""
            cents: Cents | None = amount if prize_of else None
            deal = deal_of.get(p.entry_id)
            if deal is not None:
                won = p.place == 1 and not p.tied_with
                cents = deal + (play_for if won else 0)
                note = "deal" + (
                    f" + {format_money(play_for)} played for" if won and play_for else ""
                )
            if p.entry_id in pens.prize_forfeited:
                cents, note = 0, "prize forfeited (disqualified)"
            rows.append(
                ResultRow(
                    place=p.place,
                    places=p.places,
                    tied_with=p.tied_with,
                    name=p.name,
                    entry_id=p.entry_id,
                    status=p.status.value,
                    eliminator=p.eliminator,
                    prize_cents=cents,
                    prize=format_money(cents) if cents else "",
                    note=note,
                    deal_cents=deal,
                )
            )
    return ResultsView(
        entries=payout_entries(state),
        prize_pool_cents=pool(state).net,
        rows=tuple(rows),
        prizes_note=why,
        deal_made=bool(deal_of),
    )


__all__ = ["ResultRow", "ResultsView", "deal_amounts", "results"]
