"""Finishing places with their prizes: who finished where and what each place pays.

Places come from the eliminations domain (ties share places, G3); the amounts from the
payout rules (:mod:`.payouts`) over the net prize pool (:mod:`.pool`); a disqualified
player's prize is forfeited (penalties). Once a deal is binding, each of its players' prize
is the deal amount (the winner adds what was left to play for), so the CLI, the TV and the
phone all show the money the players agreed, not the payout table's (J2, FOX-73). The prizes
log reads it to pay a finisher, the standings (:mod:`.views`) and the whole-tournament
views show it.

**Every place is paid once, by construction.** A deal among the ``k`` players left divided
the prizes of places 1 to ``k`` (all that was left); its players are ranked among
themselves in those places and paid their deal amounts. Everyone else is ranked from place
``k + 1`` on, in finishing order, tied players sharing the prizes of the places their tie
occupies (G3), so no place's prize is counted twice whatever the grouping of busts (a bust
after the deal recorded in the same hand as one before it shares no place with it: the
deal's places are not theirs to share). Without a deal the places are the finishing
places. So the prizes owed never exceed the net prize pool, and once the event is over they
add up to it exactly (:func:`.views.money_position`).

A prize is paid only once its place is final (:func:`payment_waits`, H2): no entry,
re-entry, rebuy or add-on may still change the field or the pool, and the hand the player
went out in is over (hand-for-hand, G3). Each row says why its payment waits.

Implements: G3 (tied places share their prizes), J2 (a binding deal replaces the prizes),
H2 (the pool is paid as the table or the deal says, once final).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from pokertd.errors import PokertdError, RuleViolation
from pokertd.i18n import N_
from pokertd.money import format_money
from pokertd.tournament.eliminations import (
    Placing,
    finishing_places,
    group_placings_of,
    hand_in_play,
)
from pokertd.tournament.entries.state import (
    Roster,
    Setup,
    night_over,
    open_sales,
    sales_said,
)
from pokertd.tournament.framework import TournamentState
from pokertd.tournament.penalties import Penalties
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
    paid: bool = False
    """The prize was paid (a receipt exists)."""
    waits: str = ""
    """Why the prize cannot be paid yet (its place is not final, H2); ``""`` when it can
    be, or was, or there is none."""


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
        prizes = payouts(  # memoised for a named table: every payment asks the same
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


def deal_places(state: TournamentState) -> dict[str, tuple[int, ...]]:
    """Entry id -> the places a binding deal gives each of its players still playing, by
    the deal's own record: ranked by the stacks recorded with the deal (most chips
    first; equal stacks share their places, G3), in the places the deal divided that no
    deal player has gone out in yet (J2: the deal's players hold places 1 to ``k``, and
    one who busts after the deal takes the lowest of them still free).

    Empty without a binding deal. Read by whatever needs a rank for players the event
    still has in play after a deal (league points: how a chop is counted); the places
    they finally reach by playing on replace these as they go out.

    Implements: J2 (TNPL-A8, FOX-73, SPOT-6.15: the deal's players share the places it
    divided).
    """
    book = state.part(PrizeBook)
    neg = book.negotiation
    if neg is None or neg.status is not DealStatus.BINDING:
        return {}
    roster = state.part(Roster)
    stacks = dict(zip(book.deal_entries, neg.terms.stacks, strict=True))
    alive = {e.entry_id for e in roster.alive()}
    playing = sorted((e for e in book.deal_entries if e in alive), key=lambda e: (-stacks[e], e))
    out: dict[str, tuple[int, ...]] = {}
    place = 1
    i = 0
    while i < len(playing):
        chips = stacks[playing[i]]
        tie = [e for e in playing[i:] if stacks[e] == chips]
        places = tuple(range(place, place + len(tie)))
        for e in tie:
            out[e] = places
        place += len(tie)
        i += len(tie)
    return out


def payment_waits(
    state: TournamentState, now: datetime, entry_id: str | None = None
) -> RuleViolation | None:
    """Why a finisher's prize cannot be paid now (``None``: it can): a place is final, and
    its prize with it, only once no entry, re-entry, rebuy or add-on can still be sold (a
    late entry moves every bust down a place and grows the pool; a rebuy grows the pool)
    and, for ``entry_id``, once the hand the player went out in is over (a bust at another
    table in the same hand-for-hand hand shares the place, G3) — or the night is (G2): with
    one player left no one else can go out in that hand, even if no table reported it.

    Implements: H2 (the pool is paid out as it finally stands), A4, A8, A9, A10, G2, G3.
    """
    setup = state.part(Setup)
    profile = setup.profile
    sales = open_sales(state, now)  # none once the event is over
    entries = [s for s in sales if s.entry == "A4"]
    if entries:
        return RuleViolation(
            template=N_(
                "Prizes are paid once the places are final, and %(what)s: a late entry would "
                "move every finisher down a place and change the prizes. Close registration to "
                "pay now."
            ),
            params={"what": entries[0].text},
            rule_ids=profile.cite("A4"),
            context={"hint": "close_registration"},
        )
    if sales:
        return RuleViolation(
            template=N_(
                "Prizes are paid once the prize pool is final, and %(what)s: the pool may still "
                "grow."
            ),
            params={"what": sales_said(sales)},
            rule_ids=profile.cite(*dict.fromkeys(s.entry for s in sales)),
        )
    if entry_id is not None:
        return _hand_waits(state, now, _open_hand(state, now), entry_id)
    return None


def _open_hand(state: TournamentState, now: datetime) -> str | None:
    """The hand-for-hand hand whose busts may still be joined by another table's (G3), or
    ``None``: none in play, or the night is over (G2: one player left, nobody else can go
    out in it, even if no table reported it)."""
    hand = hand_in_play(state, now)
    return None if hand is None or night_over(state, now) else hand


def _hand_waits(
    state: TournamentState, now: datetime, hand: str | None, entry_id: str
) -> RuleViolation | None:
    """The wait of a player busted in the hand-for-hand hand still being played (G3)."""
    if hand is None:
        return None
    roster = state.part(Roster)
    group = f"hand:{hand}"
    if not any(o.entry_id == entry_id and o.group == group for o in reversed(roster.out)):
        return None
    name = roster.entries[entry_id].name
    return RuleViolation(
        template=N_(
            "Hand-for-hand hand %(hand)s is still being played: a player busted at another "
            "table in that hand would share %(name)s's place. Pay once every table has "
            "finished it."
        ),
        params={"hand": hand, "name": name},
        rule_ids=state.part(Setup).profile.cite("B10", "G3"),
    )


def _tiers(
    state: TournamentState, by_tie: dict[tuple[int, ...], list[Placing]], dealt: set[str]
) -> list[tuple[tuple[int, ...], list[Placing]]]:
    """The places each group of tied finishers is paid for, best first.

    Without a deal, the finishing places. With a binding deal among ``k`` players, two
    rankings that never share a place (J2): the deal's players in places 1 to ``k`` (the
    ones still playing above those out, in finishing order, ties kept), everyone else from
    place ``k + 1`` on in finishing order. A tie that mixes both (busts after the deal
    recorded in the same hand as one before it) is split between them, so no place's prize
    is counted twice, whatever the grouping of busts.
    """
    if not dealt:
        return list(by_tie.items())
    roster = state.part(Roster)
    placed = {p.entry_id for members in by_tie.values() for p in members}
    playing = {e.entry_id for e in roster.alive() if e.entry_id not in placed}
    next_dealt = 1 + len(playing & dealt)
    next_other = len(dealt) + 1 + len(playing - dealt)
    tiers: list[tuple[tuple[int, ...], list[Placing]]] = []
    for members in by_tie.values():
        ins = [p for p in members if p.entry_id in dealt]
        outs = [p for p in members if p.entry_id not in dealt]
        if ins:
            tiers.append((tuple(range(next_dealt, next_dealt + len(ins))), ins))
            next_dealt += len(ins)
        if outs:
            tiers.append((tuple(range(next_other, next_other + len(outs))), outs))
            next_other += len(outs)
    return tiers


def _tier_rows(
    state: TournamentState,
    now: datetime | None,
    tier_places: tuple[int, ...],
    tier: list[Placing],
    prize_of: dict[int, Cents],
    deal_terms: tuple[dict[str, Cents], Cents],
    night_waits: RuleViolation | None,
    hand: str | None,
    in_hand: Callable[[str], bool],
) -> list[ResultRow]:
    """The rows of one group of tied finishers paid for ``tier_places`` (G3: they share
    those places' prizes, the odd cents to the first in ``tier``'s order; J2: a deal's
    player is paid his deal amount), with why each payment waits (``night_waits``, or the
    hand-for-hand ``hand`` still played for those ``in_hand``, H2). ``deal_terms`` is
    :func:`deal_amounts`."""
    pens = state.part(Penalties)
    paid = state.part(PrizeBook).paid
    deal_of, play_for = deal_terms
    amounts = [prize_of.get(n, 0) for n in tier_places]
    shares = share_tied(amounts, len(tier)) if prize_of else [0] * len(tier)
    tied = len(tier_places) > 1
    rows: list[ResultRow] = []
    for p, amount in zip(tier, shares, strict=True):
        note = f"shares places {tier_places[0]}-{tier_places[-1]}" if tied else ""
        cents: Cents | None = amount if prize_of else None
        deal = deal_of.get(p.entry_id)
        if deal is not None:
            won = tier_places == (1,)
            cents = deal + (play_for if won else 0)
            note = "deal" + (f" + {format_money(play_for)} played for" if won and play_for else "")
        if p.entry_id in pens.prize_forfeited:
            cents, note = 0, "prize forfeited (disqualified)"
        waits = ""
        if cents and p.entry_id not in paid and now is not None:
            refusal = night_waits
            if refusal is None and in_hand(p.entry_id):
                refusal = _hand_waits(state, now, hand, p.entry_id)
            waits = str(refusal) if refusal is not None else ""
        rows.append(
            ResultRow(
                place=tier_places[0],
                places=tier_places,
                tied_with=tuple(o.name for o in tier if o is not p),
                name=p.name,
                entry_id=p.entry_id,
                status=p.status.value,
                eliminator=p.eliminator,
                prize_cents=cents,
                prize=format_money(cents) if cents else "",
                note=note,
                deal_cents=deal,
                paid=p.entry_id in paid,
                waits=waits,
            )
        )
    return rows


def result_row_of(
    state: TournamentState, entry_id: str, now: datetime | None = None
) -> ResultRow | None:
    """The row :func:`results` gives ``entry_id`` (``None``: not placed), found from its
    own bust group (:func:`~pokertd.tournament.eliminations.group_placings_of`) without
    placing the field: paying one finisher reads one group (issue 25). The whole results
    are built where one row depends on the field: a binding deal (J2: its places are
    shared out over every tier), an end by chip count, or an entry still in.

    Implements: G2, G3, J2, H2 (as :func:`results`).
    """
    roster = state.part(Roster)
    entry = roster.entries.get(entry_id)
    if (
        entry is None
        or entry_id not in roster.out_at
        or roster.final_counts is not None
        or deal_amounts(state)[0]
    ):
        return next((r for r in results(state, now).rows if r.entry_id == entry_id), None)
    group = group_placings_of(state, entry_id)
    mine = next((p for p in group if p.entry_id == entry_id), None)
    if mine is None:
        return None
    # results() groups the placings sorted by place then name: a tie's order (which of them
    # gets the odd cent, G3) is by name
    tier = sorted((p for p in group if p.places == mine.places), key=lambda p: p.name.casefold())
    prize_of, _ = _prizes(state)
    night_waits = payment_waits(state, now) if now is not None else None
    hand = _open_hand(state, now) if now is not None and night_waits is None else None
    group_name = roster.out[roster.out_at[entry_id]].group
    rows = _tier_rows(
        state,
        now,
        mine.places,
        tier,
        prize_of,
        ({}, 0),
        night_waits,
        hand,
        lambda e: hand is not None and e == entry_id and group_name == f"hand:{hand}",
    )
    return next(r for r in rows if r.entry_id == entry_id)


def results(state: TournamentState, now: datetime | None = None) -> ResultsView:
    """Places so far (best first) and each one's prize; tied places share (G3); a binding
    deal's players get their deal amounts instead, the winner adding the play-for money,
    and everyone else is placed after the deal's places (see the module's note).

    ``now`` places the winner when the clock has closed registration, and says why each
    unpaid prize waits (without it, ``waits`` is empty)."""
    placings = finishing_places(state, now)
    prize_of, why = _prizes(state)
    terms = deal_amounts(state)
    deal_of = terms[0]
    by_tie: dict[tuple[int, ...], list[Placing]] = {}
    for p in placings:
        by_tie.setdefault(p.places, []).append(p)
    night_waits = payment_waits(state, now) if now is not None else None
    hand = _open_hand(state, now) if now is not None and night_waits is None else None
    in_hand = {o.entry_id for o in state.part(Roster).out if o.group == f"hand:{hand}"}
    rows: list[ResultRow] = []
    for tier_places, tier in _tiers(state, by_tie, set(deal_of)):
        rows.extend(
            _tier_rows(
                state,
                now,
                tier_places,
                tier,
                prize_of,
                terms,
                night_waits,
                hand,
                lambda e: e in in_hand,
            )
        )
    rows.sort(key=lambda r: (r.place, r.name.casefold()))
    return ResultsView(
        entries=payout_entries(state),
        prize_pool_cents=pool(state).net,
        rows=tuple(rows),
        prizes_note=why,
        deal_made=bool(deal_of),
    )


__all__ = [
    "ResultRow",
    "ResultsView",
    "deal_amounts",
    "deal_places",
    "payment_waits",
    "result_row_of",
    "results",
]
