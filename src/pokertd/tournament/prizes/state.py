"""The prizes domain's state part: options, the posted schedule, bounty winners, the deal, payments.

:class:`PrizeBook` is folded from the prize events (:mod:`pokertd.tournament.prizes.log`);
other domains read these facts (the clock checks that the schedule is posted, NJ-44d).

Implements: NJ-44d, FOX-BTY4, FOX-73, TNPL-J4ii, FOX-PAY2-5 (what is recorded).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pokertd.tournament.entries.state import Setup
from pokertd.tournament.framework import (
    TournamentState,
    state_part,
)
from pokertd.tournament.prizes.deals import (
    DealNegotiation,
)
from pokertd.tournament.prizes.high_hand import HighHand
from pokertd.tournament.templates import envelope_values
from pokertd.types import Cents

# --------------------------------------------------------------------------------------
# State


@dataclass(frozen=True, slots=True, kw_only=True)
class PaidPrize:
    """A prize paid (or a voucher issued) with its claim flags, as the ``prize_paid`` event
    recorded it (the receipt is printed from it)."""

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
    tax_id_taken: bool = False
    """The SSN or ITIN was taken for the tax form (FOX-PAY2-4; ``False`` in older logs)."""


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
    paid: dict[str, PaidPrize] = field(default_factory=dict)
    """Entry id -> the payout recorded for it."""
    high_hands: list[HighHand] = field(default_factory=list)
    """Qualifying level-1 hands recorded for the tournament high hand (FOX-HH), in order."""
    high_hand_paid: dict[str, Cents] = field(default_factory=dict)
    """Entry id -> the high-hand prize paid to it (empty until paid)."""
    carried_pool: Cents = 0
    """Prize money carried in from the flights of the event (Day 2, issue 14): the sum of
    the flights' prize parts and added money, before withholding (taken once, here)."""
    carried_entries: int = 0
    """Entries bought in those flights: what the payout table counts with this event's own."""
    carried_stacks: int = 0
    """Entries of this event that were carried in (not bought here)."""
    carried_from: tuple[str, ...] = ()
    """The flights' tournament ids."""
    mystery_envelopes: tuple[Cents, ...] = ()
    """Mystery bounties (issue 26): each posted envelope's value, largest first (``()``: no
    mystery bounties). Its index is the envelope's identity in a draw."""
    mystery_from_level: int | None = None
    """The stage: envelopes are drawn for busts from this level on (``None``: from the money)."""
    mystery_in_the_money: bool = False
    """The stage is the money: busts finishing in a paid place draw envelopes."""
    mystery_drawn: dict[str, tuple[int, Cents]] = field(default_factory=dict)
    """Busted entry id -> (envelope index, value) drawn for its knockout, in draw order."""


@dataclass(frozen=True, slots=True)
class MysteryTerms:
    """The mystery bounties in force (issue 26): the envelopes and the stage."""

    envelopes: tuple[Cents, ...]
    """Each envelope's value, largest first (its index is its identity in a draw)."""
    from_level: int | None
    in_the_money: bool


def mystery_terms(state: TournamentState) -> MysteryTerms | None:
    """The envelopes the director posted, else the template's (``[mystery_bounties]``), else
    ``None``: an event without mystery bounties."""
    book = state.part(PrizeBook)
    if book.mystery_envelopes:
        return MysteryTerms(
            book.mystery_envelopes, book.mystery_from_level, book.mystery_in_the_money
        )
    setup = state.part(Setup)
    tmpl = setup.tmpl if setup.created else None
    if tmpl is None or not tmpl.mystery_envelopes:
        return None
    return MysteryTerms(
        envelope_values(tmpl.mystery_envelopes), tmpl.mystery_from_level, tmpl.mystery_in_the_money
    )


def places_paid_by_entry(state: TournamentState) -> dict[str, int]:
    """Entry id -> place paid: what eliminations and penalties check before changing a
    place (a paid place is final, H2)."""
    return {eid: p.place for eid, p in state.part(PrizeBook).paid.items()}


def payout_table_name(state: TournamentState) -> str:
    """The payout table in force: the posted one, else the template's, else the profile's."""
    setup = state.part(Setup)
    book = state.part(PrizeBook)
    if book.posted_table is not None:
        return book.posted_table
    return setup.tmpl.payout_table or setup.profile.payout_table


__all__ = [
    "MysteryTerms",
    "PaidPrize",
    "PrizeBook",
    "mystery_terms",
    "payout_table_name",
    "places_paid_by_entry",
]
