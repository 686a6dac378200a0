"""Prizes on the tournament's log: payouts, bounties, deals and payments, as events.

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
  :func:`~.views.bounty_ledger` replays every bust in order (fixed or progressive).
* **Deals** — :class:`ProposeDeal`, :class:`AcceptDeal`, :class:`RejectDeal`,
  :class:`ApproveDeal`. When the last acceptance (and the supervisor's approval where
  required) is in, the same batch records :class:`DealMade`: from then on the deal's
  amounts replace the payout of the players in it, and play continues for what was left.
* **Receipts** — :class:`PayPrize` records a payout with its claim flags (ID, W-2G,
  1042-S withholding, voucher expiry) and :func:`~.receipts.receipt_text` prints it.

The state part is in :mod:`.state`; the read models (:func:`~.views.prize_table`,
:func:`~.views.standings`, :func:`~.views.bounty_ledger`, :func:`~.views.deal_view`) in
:mod:`.views`, the finishing places in :mod:`.results`, receipts in :mod:`.receipts`.

Implements: FOX-PTAB, FOX-73, FOX-PAY2-5, FOX-BTY4, FOX-ADMIN, KPC-55, TNPL-A8, TNPL-J4ii,
SPOT-6.15, NJ-44d (see the pure modules for the rule texts).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Annotated, Any, cast

from pokertd.cards.evaluate import said_hand
from pokertd.errors import InvalidCommand, PokertdError, RuleViolation
from pokertd.i18n import N_, Params, Phrase, Sentence
from pokertd.money import format_money
from pokertd.rules.enums import BountySplitRule
from pokertd.rules.profile import field_citation
from pokertd.tournament import limits as lim
from pokertd.tournament.eliminations import PlayersBusted, finish
from pokertd.tournament.entries.log import PrizePoolFinal
from pokertd.tournament.entries.state import (
    Entry,
    Roster,
    Setup,
    find_player,
    open_sales,
    read_clock,
    sales_said,
    wait_for_hand_for_hand_hand,
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
    upcaster,
)
from pokertd.tournament.prizes.bounties import (
    clockwise_from_button,
)
from pokertd.tournament.prizes.deals import (
    DEAL,
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
from pokertd.tournament.prizes.high_hand import (
    HighHand,
    check_high_hand,
    shown_hand,
    split_prize,
    winning_hands,
)
from pokertd.tournament.prizes.icm import IcmResult
from pokertd.tournament.prizes.mystery import (
    ENVELOPE_KINDS_MAX,
    check_stage,
    describe_kinds,
    draw_envelope,
    envelope_kinds,
    envelope_values,
    envelopes_left,
    stage_reached,
)
from pokertd.tournament.prizes.payouts import (
    builtin_table,
    check_schedule_unchanged,
    claim_flags,
    payouts,
    schedule_lines,
    sng_shares,
    tax_id_asked,
)
from pokertd.tournament.prizes.pool import payout_entries, places_paid, pool
from pokertd.tournament.prizes.results import payment_waits
from pokertd.tournament.prizes.state import (
    PaidPrize,
    PrizeBook,
    mystery_terms,
    payout_table_name,
)
from pokertd.tournament.prizes.views import entry_standings, prize_table, remaining_prizes
from pokertd.types import Cents, Chips

# --------------------------------------------------------------------------------------
# Events


@event("prize_options_set")
class PrizeOptionsSet(Event):
    """The TD set the event's prize options."""

    progressive_bounties: bool
    deals_enabled: bool

    def said(self) -> Sentence:
        if self.progressive_bounties:
            if self.deals_enabled:
                return Sentence(N_("Prize options: progressive (PKO) bounties, deals enabled"))
            return Sentence(N_("Prize options: progressive (PKO) bounties, deals not enabled"))
        if self.deals_enabled:
            return Sentence(N_("Prize options: fixed bounties, deals enabled"))
        return Sentence(N_("Prize options: fixed bounties, deals not enabled"))


@event("pool_carried")
class PoolCarried(Event):
    """Prize money carried in from an event's flights (Day 2, issue 14): their pools add up
    here, and the payout table counts their entries (the carried stacks are not counted
    twice)."""

    flights: tuple[str, ...]
    """The flights' tournament ids."""
    prize_cents: Cents
    """The flights' prize parts plus added money, before withholding."""
    entries: int
    """Entries bought in the flights."""
    stacks: int
    """Stacks carried in (entries of this event that were not bought here)."""

    def said(self) -> Sentence:
        return Sentence(
            N_("Prize pool carried from %(flights)s flights: %(amount)s from %(entries)s entries"),
            {
                "flights": len(self.flights),
                "amount": format_money(self.prize_cents),
                "entries": self.entries,
            },
        )


@upcaster("payout_schedule_posted", 1)
def _posted_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 recorded the table only, not the amounts it paid then (issue 22)."""
    return {**data, "entries": 0, "net_pool": 0, "amounts": []}


@event("payout_schedule_posted", version=2)
class PayoutSchedulePosted(Event):
    """The prize schedule was posted for players to see (NJ-44d)."""

    table: str
    lines: tuple[str, ...]
    after_start: bool = False
    """Posted only after play had started (a breach of NJ-44d where it applies)."""
    entries: int = 0
    """Entries when it was posted (0 in older logs)."""
    net_pool: Cents = 0
    """The net prize pool when it was posted (0 in older logs)."""
    amounts: tuple[Cents, ...] = ()
    """The prize of each place (1st first) for those entries and that pool: what the
    players read on the posted schedule (NJ-44d). Empty in older logs, or with no entries."""

    def said(self) -> Sentence:
        shown: str | Sentence = ""
        if self.amounts:
            first: Sentence | None = None
            for n, a in enumerate(self.amounts[:3], 1):
                one = Sentence(
                    N_("%(place)s %(amount)s"),
                    {"place": _ordinal_said(n), "amount": format_money(a)},
                )
                first = (
                    one
                    if first is None
                    else Sentence(N_("%(first)s, %(then)s"), {"first": first, "then": one})
                )
            params: Params = {
                "places": first or "",
                "more": len(self.amounts) - 3,
                "entries": self.entries,
                "pool": format_money(self.net_pool),
            }
            shown = (
                Sentence(
                    N_(": %(places)s and %(more)s more (%(entries)s entries, %(pool)s)"), params
                )
                if len(self.amounts) > 3
                else Sentence(N_(": %(places)s (%(entries)s entries, %(pool)s)"), params)
            )
        if self.after_start:
            return Sentence(
                N_("Prize schedule posted (%(table)s) after play started%(shown)s"),
                {"table": self.table, "shown": shown},
            )
        return Sentence(
            N_("Prize schedule posted (%(table)s)%(shown)s"), {"table": self.table, "shown": shown}
        )


def _ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``11th``, ``22nd``."""
    return _ordinal_said(n).text


def _ordinal_said(n: int) -> Sentence:
    """``1st``, ``2nd``, ``3rd``, ``11th``, ``22nd`` (each language writes its own)."""
    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        return Sentence(N_("%(n)sth"), {"n": n})
    if n % 10 == 1:
        return Sentence(N_("%(n)sst"), {"n": n})
    if n % 10 == 2:
        return Sentence(N_("%(n)snd"), {"n": n})
    return Sentence(N_("%(n)srd"), {"n": n})


@event("bounty_winners_recorded")
class BountyWinnersRecorded(Event):
    """The floor recorded who split the pot carrying a busted player's bounty."""

    entry_id: str
    name: str
    winners: tuple[str, ...]
    """Entry ids, clockwise from the button."""
    winner_names: tuple[str, ...]

    def said(self) -> Sentence:
        return Sentence(
            N_("%(name)s's bounty: pot won by %(winners)s"),
            {"name": self.name, "winners": ", ".join(self.winner_names)},
        )


@event("mystery_bounties_posted")
class MysteryBountiesPosted(Event):
    """The director posted the mystery-bounty envelopes and the stage they are drawn from
    (issue 26); a new posting replaces the last one (only before the first draw)."""

    envelopes: tuple[Cents, ...]
    """Each envelope's value, largest first."""
    from_level: int | None = None
    in_the_money: bool = False
    total: Cents = 0
    collected: Cents = 0
    """Bounty money taken in when the envelopes were posted."""

    def said(self) -> Sentence:
        kinds = envelope_kinds(self.envelopes)
        params: Params = {
            "kinds": describe_kinds(kinds) if kinds else Phrase(N_("none")),
            "total": format_money(self.total),
            "level": self.from_level or 0,
        }
        if self.in_the_money:
            return Sentence(
                N_("Mystery bounties posted: %(kinds)s (%(total)s), drawn from the money"), params
            )
        return Sentence(
            N_("Mystery bounties posted: %(kinds)s (%(total)s), drawn from level %(level)s"),
            params,
        )


@event("mystery_bounty_drawn")
class MysteryBountyDrawn(Event):
    """An envelope drawn for a knockout from the stage on (issue 26): the draw itself, so
    a replay never draws again and undoing the batch puts the envelope back."""

    entry_id: str
    """The busted entry whose knockout drew it."""
    name: str
    envelope: int
    """The envelope's index among those posted."""
    value: Cents
    eliminator_name: str | None = None
    left: int = 0
    """Envelopes left in the pool after this one."""

    def said(self) -> Sentence:
        params: Params = {
            "who": self.eliminator_name or "",
            "amount": format_money(self.value),
            "player": self.name,
        }
        if self.eliminator_name:
            return Sentence(N_("%(who)s won a %(amount)s mystery bounty from %(player)s"), params)
        return Sentence(
            N_("A %(amount)s mystery bounty was drawn for %(player)s's knockout"), params
        )


@event("deal_proposed")
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

    def said(self) -> Sentence:
        shares = ", ".join(
            f"{n} {format_money(a)}" for n, a in zip(self.names, self.amounts, strict=True)
        )
        params: Params = {
            "kind": self.kind.value,
            "shares": shares,
            "left": format_money(self.play_for) if self.play_for else "",
        }
        if self.play_for:
            return Sentence(
                N_("Deal proposed (%(kind)s): %(shares)s; %(left)s left to play for"), params
            )
        return Sentence(N_("Deal proposed (%(kind)s): %(shares)s"), params)


@event("deal_accepted")
class DealAccepted(Event):
    """A player confirmed the deal aloud (FOX-73)."""

    entry_id: str
    name: str

    def said(self) -> Sentence:
        return Sentence(N_("%(name)s accepts the deal"), {"name": self.name})


@event("deal_rejected")
class DealRejected(Event):
    """A player said no: the proposal is off."""

    entry_id: str
    name: str

    def said(self) -> Sentence:
        return Sentence(N_("%(name)s rejects the deal: no deal"), {"name": self.name})


@event("deal_approved")
class DealApproved(Event):
    """The tournament supervisor approved the deal's terms (FOX-73)."""

    supervisor: str

    def said(self) -> Sentence:
        return Sentence(N_("Deal approved by %(supervisor)s"), {"supervisor": self.supervisor})


@event("deal_made")
class DealMade(Event):
    """Everyone accepted (and the supervisor approved where required): the deal binds."""

    names: tuple[str, ...]
    amounts: tuple[Cents, ...]
    play_for: Cents

    def said(self) -> Sentence:
        params: Params = {
            "names": ", ".join(self.names),
            "left": format_money(self.play_for) if self.play_for else "",
        }
        if self.play_for:
            return Sentence(N_("Deal made among %(names)s, %(left)s still to play for"), params)
        return Sentence(N_("Deal made among %(names)s"), params)


@upcaster("prize_paid", 1)
def _prize_paid_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 did not record the SSN/ITIN taken for the tax form (issue 23): not taken
    (its receipt prints the ID check it recorded, no SSN it did not)."""
    return {**data, "tax_id_taken": False}


@event("prize_paid", version=2)
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
    tax_id_taken: bool = False
    """The cashier took the winner's SSN or ITIN for the tax form (H10: FOX-PAY2-4; only
    where the profile issues tax forms). Logs before issue 23 did not record it: ``False``,
    and their receipts print only the ID check they did record."""

    def said(self) -> Sentence:
        return Sentence(
            N_("Paid %(name)s %(amount)s for place %(place)s"),
            {"name": self.name, "amount": format_money(self.paid), "place": self.place},
        )

    def undo_refusal(self, state: TournamentState) -> RuleViolation | None:
        """A prize paid stands: the money was handed over and the receipt printed. So no
        undo reaches behind it either (undo takes the last command back first): no bust,
        entry or deal before it can be taken back to move or shrink what was paid (H2)."""
        return RuleViolation(
            template=N_(
                "%(name)s's prize was paid (%(amount)s for place %(place)s): a "
                "payment cannot be undone."
            ),
            params={
                "name": self.name,
                "amount": format_money(self.paid),
                "place": self.place,
            },
            rule_ids=state.part(Setup).profile.cite("H2", "H11"),
        )


@event("high_hand_recorded")
class HighHandRecorded(Event):
    """The floor saw a level-1 hand of three of a kind or better (FOX-HH)."""

    entry_id: str
    name: str
    cards: str
    strength: int
    label: str
    level: int | None = None
    at: str = ""

    def said(self) -> Sentence:
        return Sentence(
            N_("High hand: %(name)s showed %(hand)s (%(cards)s)"),
            {"name": self.name, "hand": said_hand(self.label) or self.label, "cards": self.cards},
        )


@event("high_hand_paid")
class HighHandPaid(Event):
    """The tournament high hand was paid: the event's full price, split when tied (FOX-HH)."""

    entry_ids: tuple[str, ...]
    names: tuple[str, ...]
    amounts: tuple[Cents, ...]
    label: str

    def said(self) -> Sentence:
        paid = ", ".join(
            f"{name} {format_money(amount)}"
            for name, amount in zip(self.names, self.amounts, strict=True)
        )
        return Sentence(
            N_("High hand paid (%(hand)s): %(paid)s"),
            {"hand": said_hand(self.label) or self.label, "paid": paid},
        )


# --------------------------------------------------------------------------------------
# Fold


@applies(PrizeOptionsSet)
def _apply_options(state: TournamentState, ev: PrizeOptionsSet) -> None:
    book = state.part(PrizeBook)
    book.progressive_bounties = ev.progressive_bounties
    book.deals_enabled = ev.deals_enabled


@applies(PoolCarried)
def _apply_pool_carried(state: TournamentState, ev: PoolCarried) -> None:
    book = state.part(PrizeBook)
    book.carried_pool += ev.prize_cents
    book.carried_entries += ev.entries
    book.carried_stacks += ev.stacks
    book.carried_from = book.carried_from + ev.flights


@applies(PayoutSchedulePosted)
def _apply_posted(state: TournamentState, ev: PayoutSchedulePosted) -> None:
    book = state.part(PrizeBook)
    book.schedule_posted = True
    book.posted_table = ev.table
    book.posted_late = ev.after_start


@applies(BountyWinnersRecorded)
def _apply_bounty_winners(state: TournamentState, ev: BountyWinnersRecorded) -> None:
    state.part(PrizeBook).bounty_winners[ev.entry_id] = ev.winners


@applies(MysteryBountiesPosted)
def _apply_mystery_posted(state: TournamentState, ev: MysteryBountiesPosted) -> None:
    book = state.part(PrizeBook)
    book.mystery_envelopes = ev.envelopes
    book.mystery_from_level = ev.from_level
    book.mystery_in_the_money = ev.in_the_money


@applies(MysteryBountyDrawn)
def _apply_mystery_drawn(state: TournamentState, ev: MysteryBountyDrawn) -> None:
    state.part(PrizeBook).mystery_drawn[ev.entry_id] = (ev.envelope, ev.value)


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
    record = {f.name: getattr(ev, f.name) for f in fields(PaidPrize)}
    state.part(PrizeBook).paid[ev.entry_id] = PaidPrize(**record)


@applies(HighHandRecorded)
def _apply_high_hand(state: TournamentState, ev: HighHandRecorded) -> None:
    state.part(PrizeBook).high_hands.append(
        HighHand(
            entry_id=ev.entry_id,
            name=ev.name,
            cards=ev.cards,
            strength=ev.strength,
            label=ev.label,
            level=ev.level,
            at=ev.at,
        )
    )


@applies(HighHandPaid)
def _apply_high_hand_paid(state: TournamentState, ev: HighHandPaid) -> None:
    paid = state.part(PrizeBook).high_hand_paid
    for entry_id, amount in zip(ev.entry_ids, ev.amounts, strict=True):
        paid[entry_id] = amount


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
    winners: Annotated[tuple[lim.PlayerRef, ...], lim.Items(N_("Winners"), lim.SEAT_MAX)]
    button_seat: lim.SeatNo | None = None
    winner_seats: Annotated[tuple[lim.SeatNo, ...], lim.Items(N_("Seats"), lim.SEAT_MAX)] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class PostMysteryBounties(Command):
    """Post the mystery-bounty envelopes and the stage they are drawn from (issue 26).

    ``envelopes`` are ``(value in cents, count)`` pairs (``[[500000, 1], [100000, 2]]``:
    one $5,000 and two $1,000 envelopes); the stage is ``from_level`` (1 or more) or
    ``in_the_money``. Posted before the first knockout; posted again (replacing the
    envelopes) any time before the first envelope is drawn.
    """

    envelopes: Annotated[
        tuple[tuple[lim.Cents, lim.Count], ...],
        lim.Items(N_("Envelope values"), ENVELOPE_KINDS_MAX),
    ]
    from_level: lim.LevelNo | None = None
    in_the_money: bool = False


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
        tuple[tuple[lim.PlayerRef, lim.Chips], ...], lim.Items(N_("Stacks"), lim.PLAYERS_MAX)
    ] = ()
    amounts: Annotated[
        tuple[tuple[lim.PlayerRef, lim.Cents], ...], lim.Items(N_("Amounts"), lim.PLAYERS_MAX)
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
    tax_id_taken: bool = False
    """The winner's SSN (ITIN for a foreign player) was taken for the tax form: only where
    the venue's tax reporting asks for it (:func:`~pokertd.tournament.prizes.payouts.tax_id_asked`,
    FOX-PAY2-4); refused elsewhere."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordHighHand(Command):
    """Record a level-1 hand shown to the floor for the tournament high hand (FOX-HH)."""

    player: lim.PlayerRef
    cards: lim.HandCards
    """The five to seven cards that make the hand (hole cards and board)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PayHighHand(Command):
    """Pay the tournament high hand once level 1 is over (FOX-HH)."""


def _created(state: TournamentState) -> Setup:
    setup = state.part(Setup)
    if not setup.created:
        raise InvalidCommand(template=N_("The tournament has not been created."))
    return setup


@decides(SetPrizeOptions)
def _decide_options(state: TournamentState, cmd: SetPrizeOptions, ctx: Context) -> list[Event]:
    _created(state)
    book = state.part(PrizeBook)
    progressive = (
        book.progressive_bounties if cmd.progressive_bounties is None else cmd.progressive_bounties
    )
    enabled = book.deals_enabled if cmd.deals_enabled is None else cmd.deals_enabled
    if progressive and mystery_terms(state) is not None:
        raise RuleViolation(
            template=N_(
                "Mystery bounties are posted: an event has progressive or mystery bounties, "
                "not both."
            )
        )
    if progressive != book.progressive_bounties and state.part(Roster).out:
        raise RuleViolation(
            template=N_("Bounties cannot change kind once players have been knocked out.")
        )
    if (progressive, enabled) == (book.progressive_bounties, book.deals_enabled):
        raise InvalidCommand(template=N_("The prize options are already set that way."))
    return [PrizeOptionsSet(progressive_bounties=progressive, deals_enabled=enabled)]


@decides(PostPayoutSchedule)
def _decide_post(state: TournamentState, cmd: PostPayoutSchedule, ctx: Context) -> list[Event]:
    setup = _created(state)
    book = state.part(PrizeBook)
    name = cmd.table or payout_table_name(state)
    check_schedule_unchanged(
        setup.profile, posted=book.schedule_posted, changed=name != book.posted_table
    )
    if book.schedule_posted and name == book.posted_table:
        raise InvalidCommand(template=N_("The prize schedule is already posted."))
    entries = payout_entries(state)
    net = pool(state).net
    amounts: tuple[Cents, ...] = ()
    why = "No entries yet: the prizes are worked out from the entries and the pool."
    if entries > 0 and net > 0:
        try:
            amounts = tuple(
                p.amount
                for p in payouts(
                    entries,
                    net,
                    profile=setup.profile,
                    table=name,
                    min_cash=setup.tmpl.fees.prize_pool,
                )
            )
        except PokertdError as exc:
            why = str(exc)
    if amounts:
        lines: tuple[str, ...] = (
            f"{entries} entries, net prize pool {format_money(net)}",
            *(f"{_ordinal(n)}: {format_money(a)}" for n, a in enumerate(amounts, start=1)),
        )
    else:
        lines = (why,)
    if name == "sng":
        lines += tuple(
            f"{_ordinal(place)}: {float(s * 100):g}%"
            for place, s in enumerate(sng_shares(setup.profile), start=1)
        )
    elif name not in ("generic", "survivor"):
        lines += tuple(schedule_lines(builtin_table(name)))
    reading = read_clock(state, ctx.now)
    started = reading is not None and reading.started
    return [
        PayoutSchedulePosted(
            table=name,
            lines=lines,
            after_start=started,
            entries=entries,
            net_pool=net,
            amounts=amounts,
        )
    ]


@decides(RecordBountyWinners)
def _decide_bounty_winners(
    state: TournamentState, cmd: RecordBountyWinners, ctx: Context
) -> list[Event]:
    setup = _created(state)
    if setup.tmpl.fees.bounty <= 0:
        raise RuleViolation(
            template=N_("This is not a bounty event."), rule_ids=setup.profile.cite("I1")
        )
    roster = state.part(Roster)
    player = find_player(state, cmd.player)
    outs = {o.entry_id: o for o in roster.out}
    busted = [eid for eid in roster.players[player.player_id].entries if eid in outs]
    if not busted:
        raise InvalidCommand(
            template=N_("%(name)s has not been knocked out."), params={"name": player.name}
        )
    entry_id = busted[-1]
    if not cmd.winners:
        raise InvalidCommand(template=N_("Name the players who won the pot."))
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
            raise InvalidCommand(
                template=N_("%(name)s cannot collect %(name_2)s's bounty."),
                params={"name": w.name, "name_2": player.name},
            )
    if len({e for e, _ in winners}) != len(winners):
        raise InvalidCommand(template=N_("A winner is named twice."))
    order = [o.entry_id for o in roster.out]
    for eid, wname in winners:
        if eid in outs and (
            order.index(eid) < order.index(entry_id) or outs[eid].group == outs[entry_id].group
        ):
            raise InvalidCommand(
                template=N_("%(wname)s was out before %(name)s, so cannot have won that pot."),
                params={"wname": wname, "name": player.name},
            )
    if cmd.winner_seats:
        if len(cmd.winner_seats) != len(winners) or cmd.button_seat is None:
            raise InvalidCommand(template=N_("Give the button's seat and one seat per winner."))
        seats_per_table = max(setup.tmpl.seats_per_table, *cmd.winner_seats, cmd.button_seat)
        seat_of = dict(zip(cmd.winner_seats, winners, strict=True))
        if len(seat_of) != len(winners):
            raise InvalidCommand(template=N_("Two winners cannot sit in the same seat."))
        ordered = clockwise_from_button(
            seat_of, button=cmd.button_seat, seat_order=range(1, seats_per_table + 1)
        )
        winners = [seat_of[s] for s in ordered]
    elif (
        len(winners) > 1
        and setup.profile.bounty_split_rule is BountySplitRule.CLOSEST_CLOCKWISE_FROM_BUTTON
    ):
        raise InvalidCommand(
            template=N_(
                "Give the button's seat and the winners' seats: the whole bounty goes to the "
                "winner closest clockwise from the button."
            ),
            rule_ids=setup.profile.cite("I4"),
        )
    return [
        BountyWinnersRecorded(
            entry_id=entry_id,
            name=player.name,
            winners=tuple(e for e, _ in winners),
            winner_names=tuple(n for _, n in winners),
        )
    ]


@decides(PostMysteryBounties)
def _decide_mystery(state: TournamentState, cmd: PostMysteryBounties, ctx: Context) -> list[Event]:
    """Post (or re-post) the envelopes: a bounty event (I1), not progressive, before the
    first knockout for a first posting and before the first draw for a new one.

    The envelopes need not add up to the bounty money yet (re-entries may still come): a
    draw never pays more than was taken in, and what no envelope holds goes to the winner
    (:mod:`.mystery`). Implements: issue 26 point 6 (house format), I1.
    """
    setup = _created(state)
    profile = setup.profile
    if setup.tmpl.fees.bounty <= 0:
        raise RuleViolation(
            template=N_(
                "This is not a bounty event: mystery bounties are paid from the bounty part of "
                "each buy-in."
            ),
            rule_ids=profile.cite("I1"),
        )
    if setup.finished:
        raise RuleViolation(template=N_("The tournament is over."))
    book = state.part(PrizeBook)
    if book.progressive_bounties:
        raise RuleViolation(
            template=N_(
                "Bounties here are progressive: an event has progressive or mystery bounties, "
                "not both."
            ),
            rule_ids=profile.cite("I1"),
        )
    if book.mystery_drawn:
        raise RuleViolation(
            template=N_(
                "%(drawn)s envelope(s) have been drawn already: the envelopes "
                "stay as posted until the end."
            ),
            params={"drawn": len(book.mystery_drawn)},
        )
    terms = mystery_terms(state)
    if terms is None and state.part(Roster).out:
        raise RuleViolation(
            template=N_(
                "Players have been knocked out for fixed bounties already: mystery bounties "
                "are set before the first knockout."
            ),
            rule_ids=profile.cite("I1"),
        )
    check_stage(cmd.from_level, cmd.in_the_money)
    values = envelope_values(cmd.envelopes)
    stage = None if cmd.in_the_money else cmd.from_level
    if terms is not None and (values, stage, cmd.in_the_money) == (
        terms.envelopes,
        terms.from_level,
        terms.in_the_money,
    ):
        raise InvalidCommand(template=N_("These envelopes are already posted."))
    return [
        MysteryBountiesPosted(
            envelopes=values,
            from_level=None if cmd.in_the_money else cmd.from_level,
            in_the_money=cmd.in_the_money,
            total=sum(values),
            collected=state.part(Roster).paid_in.bounty,
        )
    ]


def mystery_draws(state: TournamentState, ctx: Context, bust: PlayersBusted) -> list[Event]:
    """The envelopes a bust draws (one per busted entry, from the stage on), decided on the
    state before the bust: connected to the bust's decider by :mod:`pokertd.tournament`.

    The stage is reached by the clock's level at the bust (``from level N``) or by the
    best place the hand's busted players finish in (``from the money``). Each envelope is
    drawn with ``ctx.rng`` among those left whose value fits in the bounty money not yet
    drawn, so the envelopes drawn never exceed the money taken in.
    Implements: issue 26 point 6 (house format).
    """
    book = state.part(PrizeBook)
    terms = mystery_terms(state)
    if terms is None:
        return []
    roster = state.part(Roster)
    reading = read_clock(state, ctx.now)
    level = reading.level if reading is not None and reading.started else None
    best_place = roster.alive_count - len(bust.busted) + 1
    if not stage_reached(
        from_level=terms.from_level,
        in_the_money=terms.in_the_money,
        level=level,
        best_place=best_place,
        places_paid=places_paid(state) if terms.in_the_money else None,
    ):
        return []
    values = terms.envelopes
    taken = [i for i, _ in book.mystery_drawn.values()]
    cap = roster.paid_in.bounty - sum(v for _, v in book.mystery_drawn.values())
    events: list[Event] = []
    for busted in bust.busted:
        left = envelopes_left(values, taken)
        index = draw_envelope(values, left, cap=cap, rng=ctx.rng)
        if index is None:
            break  # nothing left that the bounty money covers: the knockout draws nothing
        taken.append(index)
        cap -= values[index]
        events.append(
            MysteryBountyDrawn(
                entry_id=busted.entry_id,
                name=busted.name,
                envelope=index,
                value=values[index],
                eliminator_name=bust.eliminator_name,
                left=len(left) - 1,
            )
        )
    return events


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
        raise RuleViolation(
            template=N_("A deal has already been made in this event."), rule_ids=profile.cite(DEAL)
        )
    alive = roster.alive()
    if len(alive) < 2:
        raise InvalidCommand(template=N_("A deal needs at least two players left."))
    check_deal_allowed(
        profile=profile,
        players_left=len(alive),
        places_paid=len(prize_table(state).schedule),
        house_allows=book.deals_enabled,
    )
    given = {find_player(state, name).player_id: chips for name, chips in cmd.stacks}
    stacks: list[Chips] = []
    for e in alive:
        chips = given.get(e.player_id, e.stack)
        if chips is None or chips <= 0:
            raise InvalidCommand(
                template=N_(
                    "%(name)s's chip count is not known: record the chip counts first or give the "
                    "stacks with the deal."
                ),
                params={"name": e.name},
                context={"hint": "stacks"},
            )
        stacks.append(chips)
    prizes = remaining_prizes(state)
    if not prizes:
        raise RuleViolation(template=N_("There is no prize money left to share."))
    custom = None
    if cmd.kind is DealKind.CUSTOM:
        by_player = {find_player(state, n).player_id: a for n, a in cmd.amounts}
        if set(by_player) != {e.player_id for e in alive}:
            raise InvalidCommand(
                template=N_("A custom deal needs an amount for every remaining player.")
            )
        custom = [by_player[e.player_id] for e in alive]
    return alive, stacks, prizes, custom


@decides(ProposeDeal)
def _decide_propose(state: TournamentState, cmd: ProposeDeal, ctx: Context) -> list[Event]:
    """Implements: TNPL-A8, FOX-73 (J1, J2): a deal among every player left, between hands
    (never while a hand-for-hand hand is still being played, B10)."""
    profile = _created(state).profile
    wait_for_hand_for_hand_hand(  # B10, J1: a deal is put between hands
        state,
        ctx.now,
        "The deal",
        "A deal is put to every player left between hands: propose it once every table has "
        "reported the hand, or end hand-for-hand (which closes the hand).",
        ("J1", "B10"),
    )
    book = state.part(PrizeBook)
    alive, stacks, prizes, custom = _proposal(state, cmd)
    sales = open_sales(state, ctx.now)
    if sales and not profile.deal_closes_registration:
        what = sales_said(sales)
        raise RuleViolation(
            template=N_(
                "A deal divides a prize pool that is final, and %(what)s: close registration "
                "(and wait for the end of rebuys and add-ons) before a deal."
            ),
            params={"what": what},
            rule_ids=profile.cite("J2", *dict.fromkeys(s.entry for s in sales)),
            context={"hint": "close_registration"},
        )
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
    paid_places = len(prize_table(state).schedule)
    check_deal(
        terms,
        profile=profile,
        remaining_players=[e.name for e in alive],
        places_paid=paid_places,
        house_allows=book.deals_enabled,
    )
    warnings = deal_warnings(terms, profile=profile, regional=cmd.regional)
    if sales:
        what = " and ".join(s.text for s in sales)
        them = "them" if len(sales) > 1 or " and re-entry " in what else "it"
        warnings.append(
            f"{what[0].upper()}{what[1:]}: making this deal closes {them}, so the pool it "
            f"divides is final. ({profile.citation('J2', 'A4')})"
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
            warnings=tuple(warnings),
        )
    ]


def _open_deal(state: TournamentState) -> DealNegotiation:
    profile = state.part(Setup).profile
    neg = state.part(PrizeBook).negotiation
    if neg is None:
        raise InvalidCommand(template=N_("No deal has been proposed."))
    if neg.status is not DealStatus.PROPOSED:
        raise RuleViolation(
            template=N_("The deal is %(value)s: propose a new one."),
            params={"value": Phrase(neg.status.value)},
            rule_ids=profile.cite(DEAL),
        )
    alive = {e.entry_id for e in state.part(Roster).alive()}
    if alive != set(state.part(PrizeBook).deal_entries):
        raise RuleViolation(
            template=N_(
                "The players left are not the ones the deal was proposed to: propose it again."
            ),
            rule_ids=profile.cite("J1", DEAL),
        )
    left = sum(remaining_prizes(state))
    if left != neg.terms.remaining_pool:
        raise RuleViolation(
            template=N_(
                "The prize money left changed since the deal was proposed "
                "(%(then)s then, %(now)s now): propose "
                "it again."
            ),
            params={
                "then": format_money(neg.terms.remaining_pool),
                "now": format_money(left),
            },
            rule_ids=profile.cite(DEAL),
            context={"proposed": neg.terms.remaining_pool, "now": left},
        )
    return neg


def _made(state: TournamentState, ctx: Context, after: DealNegotiation) -> list[Event]:
    """``deal_made`` when this step binds the deal, with the pool made final in the same
    batch (:class:`~pokertd.tournament.entries.log.PrizePoolFinal`): the deal divided what
    was left, so no entry, re-entry, rebuy or add-on may change it afterwards (J2, A4).
    Where the profile refuses deals while they are open, the proposal was refused instead."""
    if after.status is not DealStatus.BINDING:
        return []
    t = after.terms
    made: list[Event] = [DealMade(names=t.players, amounts=t.amounts, play_for=t.play_for)]
    setup = state.part(Setup)
    if not setup.pool_final:
        names = ", ".join(t.players[:-1]) + f" and {t.players[-1]}"
        made.append(
            PrizePoolFinal(
                reason=f"the deal among {names} divided the prize money left",
                at=ctx.now.isoformat(timespec="seconds"),
                rules=("J2",),
            )
        )
    return made


def _deal_player(state: TournamentState, neg: DealNegotiation, ref: str) -> tuple[str, str]:
    book = state.part(PrizeBook)
    who = find_player(state, ref)
    for eid, name in zip(book.deal_entries, neg.terms.players, strict=True):
        if state.part(Roster).entries[eid].player_id == who.player_id:
            return eid, name
    raise InvalidCommand(template=N_("%(name)s is not in this deal."), params={"name": who.name})


@decides(AcceptDeal)
def _decide_accept(state: TournamentState, cmd: AcceptDeal, ctx: Context) -> list[Event]:
    neg = _open_deal(state)
    eid, name = _deal_player(state, neg, cmd.player)
    with state.part(Setup).profile.citing():
        after = neg.accept(name)
    return [DealAccepted(entry_id=eid, name=name), *_made(state, ctx, after)]


@decides(RejectDeal)
def _decide_reject(state: TournamentState, cmd: RejectDeal, ctx: Context) -> list[Event]:
    neg = _open_deal(state)
    eid, name = _deal_player(state, neg, cmd.player)
    with state.part(Setup).profile.citing():
        neg.reject(name)
    return [DealRejected(entry_id=eid, name=name)]


@decides(ApproveDeal)
def _decide_approve(state: TournamentState, cmd: ApproveDeal, ctx: Context) -> list[Event]:
    neg = _open_deal(state)
    if not neg.requires_approval:
        raise InvalidCommand(
            template=N_("This venue does not need a supervisor's approval for a deal.")
        )
    with state.part(Setup).profile.citing():
        after = neg.approve(cmd.supervisor)
    return [DealApproved(supervisor=cmd.supervisor.strip()), *_made(state, ctx, after)]


@decides(PayPrize)
def _decide_pay(state: TournamentState, cmd: PayPrize, ctx: Context) -> list[Event]:
    setup = _created(state)
    profile = setup.profile
    roster = state.part(Roster)
    who = find_player(state, cmd.player)
    entries = roster.players[who.player_id].entries
    rows = entry_standings(state, entries, ctx.now)  # his rows, not the field's (issue 25)
    mine = [rows[e] for e in entries if e in rows]
    placed = [r for r in mine if r.place is not None]
    if not placed:
        end = finish(state, ctx.now)
        if end.needs:  # the last player left: what makes him the winner (G2, A4)
            raise RuleViolation(
                template=N_("%(name)s has not finished yet. %(needs)s"),
                params={"name": who.name, "needs": end.needs},
                rule_ids=end.needs_rule_ids,
                context={"hint": end.needs_command},
            )
        raise RuleViolation(
            template=N_("%(name)s has not finished yet: prizes are paid on finishing."),
            params={"name": who.name},
        )
    # A player with several entries is paid what an entry of his is owed and not paid yet
    # (the latest such): a bounty won by his first entry stays owed when his re-entry
    # finished out of the money (found by the night's state machine: the old code looked
    # only at the last entry, "finished out of the money", and the bounty could never be
    # paid).
    paid = state.part(PrizeBook).paid
    owed = [r for r in placed if r.total > 0 and r.entry_id not in paid]
    if not owed:
        if any(r.entry_id in paid for r in placed):
            raise RuleViolation(
                template=N_("%(name)s's prize has already been paid."), params={"name": who.name}
            )
        raise RuleViolation(
            template=N_("%(name)s finished out of the money."), params={"name": who.name}
        )
    row = owed[-1]
    waits = payment_waits(state, ctx.now, row.entry_id)
    if waits is not None:
        raise waits
    if profile.prize_id_required and not cmd.id_checked:
        raise RuleViolation(
            template=N_(
                "The winner's current valid ID must be checked before the prize is paid: tick "
                "'ID checked' once you have seen it."
            ),
            rule_ids=(field_citation(profile, "prize_id_required"),),
        )
    if cmd.tax_id_taken and not tax_id_asked(profile):
        raise InvalidCommand(
            template=N_(
                "%(title)s issues no tax forms, so no SSN or ITIN is taken: pay without "
                "'SSN/ITIN taken'."
            ),
            params={"title": profile.title},
        )
    won_on = ctx.now.date()
    flags = claim_flags(
        row.total,
        profile=profile,
        won_on=won_on,
        foreign=cmd.foreign,
        treaty_exempt=cmd.treaty_exempt,
    )
    final: list[Event] = []
    if not setup.pool_final:
        final.append(
            PrizePoolFinal(
                reason="prizes are being paid",
                at=ctx.now.isoformat(timespec="seconds"),
                rules=("H2",),
            )
        )
    return [
        *final,
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
            tax_id_taken=cmd.tax_id_taken,
        ),
    ]


@decides(RecordHighHand)
def _decide_high_hand(state: TournamentState, cmd: RecordHighHand, ctx: Context) -> list[Event]:
    """Record a qualifying hand: level 1 only, three of a kind or better, not beaten by the
    hand already recorded (a tie is kept: tied hands split). Implements: FOX-HH."""
    setup = _created(state)
    profile = setup.profile
    book = state.part(PrizeBook)
    if book.high_hand_paid:
        raise RuleViolation(
            template=N_("The high hand has already been paid."), rule_ids=profile.cite("H9")
        )
    player = find_player(state, cmd.player)
    entry_id = player.entries[-1] if player.entries else None
    if entry_id is None:
        raise InvalidCommand(
            template=N_("%(name)s has no entry in this tournament."), params={"name": player.name}
        )
    hand = shown_hand(cmd.cards)
    if finish(state, ctx.now).finished:
        raise RuleViolation(
            template=N_("The tournament is over: no more hands count for the high hand."),
            rule_ids=profile.cite("H9"),
        )
    reading = read_clock(state, ctx.now)
    level = reading.level if reading is not None and reading.started else None
    if reading is not None and not reading.started:
        raise RuleViolation(
            template=N_("The clock has not started: the high hand counts hands played in level 1."),
            rule_ids=profile.cite("H9"),
        )
    best = min((h.strength for h in book.high_hands), default=None)
    check_high_hand(profile, level=level, hand=hand, best=best)
    return [
        HighHandRecorded(
            entry_id=entry_id,
            name=player.name,
            cards=hand.cards,
            strength=hand.strength,
            label=hand.label,
            level=level,
            at=ctx.now.isoformat(timespec="seconds"),
        )
    ]


@decides(PayHighHand)
def _decide_pay_high_hand(state: TournamentState, cmd: PayHighHand, ctx: Context) -> list[Event]:
    """Pay the best recorded hand the event's full price (buy-in, fees and bounty), split
    between tied hands, once level 1 is over, or the night is (a small field can finish
    inside level 1). Implements: FOX-HH."""
    setup = _created(state)
    profile = setup.profile
    rid = profile.cite("H9")
    if not profile.high_hand_promo:
        raise RuleViolation(
            template=N_("%(title)s runs no tournament high hand."),
            params={"title": profile.title},
            rule_ids=rid,
        )
    book = state.part(PrizeBook)
    if book.high_hand_paid:
        raise RuleViolation(template=N_("The high hand has already been paid."), rule_ids=rid)
    winners = winning_hands(book.high_hands)
    if not winners:
        raise RuleViolation(
            template=N_("No hand of three of a kind or better has been recorded in level 1."),
            rule_ids=rid,
        )
    reading = read_clock(state, ctx.now)
    in_level_1 = (
        reading is not None and reading.started and reading.level == 1 and not reading.on_break
    )
    if in_level_1 and not finish(state, ctx.now).finished:
        raise RuleViolation(
            template=N_("Level 1 is still being played: the high hand is paid once it is over."),
            rule_ids=rid,
        )
    amounts = split_prize(setup.tmpl.fees.total, len(winners))
    return [
        HighHandPaid(
            entry_ids=tuple(h.entry_id for h in winners),
            names=tuple(h.name for h in winners),
            amounts=amounts,
            label=winners[0].label,
        )
    ]


__all__ = [
    "AcceptDeal",
    "ApproveDeal",
    "BountyWinnersRecorded",
    "DealAccepted",
    "DealApproved",
    "DealMade",
    "DealProposed",
    "DealRejected",
    "HighHandPaid",
    "HighHandRecorded",
    "MysteryBountiesPosted",
    "MysteryBountyDrawn",
    "PayHighHand",
    "PayPrize",
    "PayoutSchedulePosted",
    "PoolCarried",
    "PostMysteryBounties",
    "PostPayoutSchedule",
    "PrizeOptionsSet",
    "PrizePaid",
    "ProposeDeal",
    "RecordBountyWinners",
    "RecordHighHand",
    "RejectDeal",
    "SetPrizeOptions",
    "mystery_draws",
]
