"""Finishing places with their prizes: who finished where and what each place pays.

Places come from the eliminations domain (ties share places, G3); the amounts from the
payout rules (:mod:`.payouts`) over the net prize pool (:mod:`.pool`); a disqualified
player's prize is forfeited (penalties). The prizes log reads it to pay a finisher, the
standings (:mod:`.views`) and the whole-tournament views show it.

Implements: G3 (tied places share their prizes).
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
from pokertd.tournament.prizes.payouts import payouts, share_tied
from pokertd.tournament.prizes.pool import pool
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


@dataclass(frozen=True, slots=True, kw_only=True)
class ResultsView:
    """Finishing places with prizes when the payouts can be computed."""

    entries: int
    prize_pool_cents: Cents
    rows: tuple[ResultRow, ...]
    prizes_note: str


def _prizes(state: TournamentState) -> tuple[dict[int, Cents], str]:
    """Place -> amount by the payout functions (``{}`` and why when unknown)."""
    setup = state.part(Setup)
    roster = state.part(Roster)
    if roster.entry_count == 0:
        return {}, "no entries"
    net = pool(state).net
    if net <= 0:
        return {}, "no prize pool"
    try:
        prizes = payouts(
            roster.entry_count,
            net,
            profile=setup.profile,
            table=setup.tmpl.payout_table,
            min_cash=setup.tmpl.fees.prize_pool,
        )
    except PokertdError as exc:
        return {}, str(exc)
    return {p.place: p.amount for p in prizes}, ""


def results(state: TournamentState, now: datetime | None = None) -> ResultsView:
    """Places so far (best first) and each one's prize; tied places share (G3)."""
    roster = state.part(Roster)
    pens = state.part(Penalties)
    placings = finishing_places(state, now)
    prize_of, why = _prizes(state)
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
                )
            )
    return ResultsView(
        entries=roster.entry_count,
        prize_pool_cents=pool(state).net,
        rows=tuple(rows),
        prizes_note=why,
    )


__all__ = ["ResultRow", "ResultsView", "results"]
