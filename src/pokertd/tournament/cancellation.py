"""Cancelling a whole event (issue 26 point 5): the refunds by kind, and nothing after.

Management may cancel any event if it is done fairly to the players (SPOT-6.22; Foxwoods
FOX-REG6 "may cancel events at its sole discretion"); once it is cancelled nobody takes a
seat or plays in it (SPOT-2b8, SPOT-2b9). No rulebook of ours says what is paid back, so
pokertd follows what a director expects and what "fair to the players" asks (the judgement
is documented in docs/payouts.md, "Cancelling an event"):

* **everything paid is refunded, part by part and kind by kind** (buy-in, re-entry,
  alternate, rebuy, add-on; prize-pool part, house fee, entry fee, bounty): the house keeps
  no fee of an event it cancelled;
* **prizes already paid stay paid and are netted**: a player's claim on the prize money is
  what he paid into the pool (prize part and bounty) less the prizes he was already paid
  (never below zero); what is left of the players' pool money is shared by those claims.
  Before any prize is paid every claim is met in full, so cancelling before the first hand
  (or at any time before the money) gives everyone back everything. When prizes paid so far
  exceed what their winners paid in, the others' claims are cut in proportion, to the cent
  (largest remainder, ties in registration order).

So ``refunds + prizes paid = money taken`` to the cent (:func:`refund_plan`), unless the
prizes paid already exceeded the players' pool money (added money or a guarantee's overlay
paid out): then nothing of the pool is left to refund, only the fees.

One module in four sections: the rules (:func:`refund_plan`, pure), the
:class:`Cancellation` part, the log (:class:`CancelEvent` -> ``event_cancelled``) and
:func:`refused_when_cancelled` (the gate the framework asks before every other command).
The console's confirmation shows :func:`refund_plan` of the state it confirms; the decider
records the same function's result, so the plan shown is the plan applied.

Implements: SPOT-6.22, SPOT-2b8, SPOT-2b9, FOX-REG6 (A2: cancellation).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.i18n import N_, Sentence
from pokertd.money import format_money
from pokertd.rules import RuleProfile
from pokertd.tournament import limits as lim
from pokertd.tournament.entries.rules import PurchaseKind
from pokertd.tournament.entries.state import Roster, Setup, night_over, read_clock
from pokertd.tournament.framework import (
    Command,
    Context,
    Event,
    Redo,
    TournamentState,
    Undo,
    applies,
    decides,
    event,
    state_part,
)
from pokertd.tournament.prizes.state import PrizeBook
from pokertd.tournament.templates import Fees
from pokertd.types import Cents

# ======================================================================================
# Rules: pure values and functions


def cancel_rules(profile: RuleProfile) -> tuple[str, ...]:
    """The rule IDs this venue cites for a cancellation: its rules of catalogue entry A2
    (how and when players register, which holds management's right to cancel: Spotlight's
    6.22 with 2(b)8-9, Foxwoods' REG6), else the entry itself as the TDA does."""
    return profile.cite("A2")


@dataclass(frozen=True, slots=True, kw_only=True)
class RefundLine:
    """One kind of purchase of one player: what he paid and what is refunded, part by part."""

    player_id: str
    name: str
    kind: PurchaseKind
    count: int
    """Purchases of this kind."""
    paid: Fees
    refunded: Fees


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerRefund:
    """One player's refund: his lines by kind, the prizes he was already paid."""

    player_id: str
    name: str
    lines: tuple[RefundLine, ...]
    prizes_paid: Cents

    @property
    def paid(self) -> Cents:
        return sum(line.paid.total for line in self.lines)

    @property
    def refund(self) -> Cents:
        return sum(line.refunded.total for line in self.lines)


@dataclass(frozen=True, slots=True, kw_only=True)
class RefundPlan:
    """What a cancellation pays back (:func:`refund_plan`); JSON-friendly."""

    players: tuple[PlayerRefund, ...]
    money_taken: Cents
    """Everything players paid (the cash report's ``collected``)."""
    prizes_paid: Cents
    """Prizes and bounties paid so far (they stay paid)."""
    refunds: Cents
    by_kind: tuple[tuple[PurchaseKind, Fees], ...]
    """Refunds by kind of purchase, part by part."""
    play_started: bool
    """The clock had started (cards were dealt) when the plan was made."""

    @property
    def balanced(self) -> bool:
        """``refunds + prizes paid = money taken`` (false only when prizes paid out more
        than the players' pool money: added money or an overlay)."""
        return self.refunds + self.prizes_paid == self.money_taken

    def of(self, player_id: str) -> PlayerRefund | None:
        """The refund of one player (``None``: not in this event)."""
        return next((p for p in self.players if p.player_id == player_id), None)


def shares(total: Cents, weights: list[int]) -> list[Cents]:
    """``total`` split in proportion to ``weights``, to the cent: each share rounded down,
    the cents left over one each to the largest remainders (ties: the earlier weight).

    >>> shares(100, [1, 1, 1])
    [34, 33, 33]
    >>> shares(0, [5, 0])
    [0, 0]
    """
    whole = sum(weights)
    if whole <= 0 or total <= 0:
        return [0] * len(weights)
    base = [total * w // whole for w in weights]
    left = total - sum(base)
    order = sorted(range(len(weights)), key=lambda i: (-(total * weights[i] % whole), i))
    for i in order[:left]:
        base[i] += 1
    return base


def _pool_part(fees: Fees) -> Cents:
    """The part of a purchase that went to the players' prize money (prize part, bounty)."""
    return fees.prize_pool + fees.bounty


def refund_plan(state: TournamentState, play_started: bool = False) -> RefundPlan:
    """What cancelling the event now pays back to each player, by kind and by part (see the
    module docstring): fees in full; the pool parts netted against prizes already paid."""
    roster = state.part(Roster)
    book = state.part(PrizeBook)
    owner = {e.entry_id: e.player_id for e in roster.entries.values()}
    paid: dict[str, dict[PurchaseKind, tuple[int, Fees]]] = {}
    for purchase in roster.purchases:
        pid = owner.get(purchase.entry_id)
        if pid is None:
            continue
        kinds = paid.setdefault(pid, {})
        count, fees = kinds.get(purchase.kind, (0, Fees()))
        kinds[purchase.kind] = (count + 1, fees.plus(purchase.fees))
    prizes: dict[str, Cents] = {}
    for prize in book.paid.values():
        pid = owner.get(prize.entry_id)
        if pid is not None:
            prizes[pid] = prizes.get(pid, 0) + prize.amount + prize.bounty
    players = [p for p in roster.players.values() if p.player_id in paid]
    stakes = [sum(_pool_part(f) for _, f in paid[p.player_id].values()) for p in players]
    prize_list = [prizes.get(p.player_id, 0) for p in players]
    prizes_paid = sum(p.amount + p.bounty for p in book.paid.values())
    available = max(0, sum(stakes) - prizes_paid)
    claims = [max(0, s - won) for s, won in zip(stakes, prize_list, strict=True)]
    pool_back = shares(available, claims)
    out: list[PlayerRefund] = []
    totals: dict[PurchaseKind, Fees] = {}
    for player, stake, back, won in zip(players, stakes, pool_back, prize_list, strict=True):
        mine = paid[player.player_id]
        bought = [k for k in PurchaseKind if k in mine]
        # the pool money back split over the kinds and pool parts as it was paid in
        parts = [(k, part) for k in bought for part in ("prize_pool", "bounty")]
        weights = [getattr(mine[k][1], part) for k, part in parts]
        split = dict(zip(parts, shares(back, weights), strict=True)) if stake else {}
        lines = []
        for kind in bought:
            count, fees = mine[kind]
            refunded = Fees(
                prize_pool=split.get((kind, "prize_pool"), 0),
                house_fee=fees.house_fee,
                entry_fee=fees.entry_fee,
                bounty=split.get((kind, "bounty"), 0),
            )
            totals[kind] = totals.get(kind, Fees()).plus(refunded)
            lines.append(
                RefundLine(
                    player_id=player.player_id,
                    name=player.name,
                    kind=kind,
                    count=count,
                    paid=fees,
                    refunded=refunded,
                )
            )
        out.append(
            PlayerRefund(
                player_id=player.player_id, name=player.name, lines=tuple(lines), prizes_paid=won
            )
        )
    refunds = sum(p.refund for p in out)
    return RefundPlan(
        players=tuple(out),
        money_taken=roster.paid_in.total,
        prizes_paid=prizes_paid,
        refunds=refunds,
        by_kind=tuple((k, totals[k]) for k in PurchaseKind if k in totals),
        play_started=play_started,
    )


# ======================================================================================
# State


@state_part
@dataclass(slots=True)
class Cancellation:
    """Whether the event was cancelled, why, when, and the refunds recorded then."""

    cancelled: bool = False
    reason: str = ""
    at: str = ""
    play_started: bool = False
    refunds: tuple[RefundLine, ...] = field(default_factory=tuple)
    prizes_paid: Cents = 0


def cancelled(state: TournamentState) -> Cancellation | None:
    """The cancellation in force, or ``None`` while the event is on."""
    part = state.part(Cancellation)
    return part if part.cancelled else None


# ======================================================================================
# Log


@event("event_cancelled")
class EventCancelled(Event):
    """Management cancelled the event (SPOT-6.22): the reason, and every player's refund by
    kind and part as :func:`refund_plan` computed it when the director confirmed."""

    reason: str
    at: str
    play_started: bool
    refunds: tuple[RefundLine, ...]
    money_taken: Cents
    prizes_paid: Cents

    def said(self) -> Sentence:
        back = sum(line.refunded.total for line in self.refunds)
        return Sentence(
            N_("Event cancelled: %(reason)s (%(amount)s refunded)"),
            {"reason": self.reason, "amount": format_money(back)},
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class CancelEvent(Command):
    """The director cancels the whole event (SPOT-6.22): everything paid is refunded by
    kind, prizes already paid stay paid and are netted; nothing can be run after it but an
    undo of this cancellation."""

    reason: lim.Reason
    shown_seq: lim.Seq | None = None
    """The log position of the confirmation the director read (the console sends its
    view's ``seq``): when the log moved since, the refunds shown may no longer be the ones
    this would record, so it is refused as stale (nothing written). ``None``: no screen
    (the CLI, which prints the refunds it recorded)."""


class StaleCancel(RuleViolation):
    """A cancel confirmed from a screen whose refunds are out of date (the log moved)."""

    kind = "stale"


@decides(CancelEvent)
def _decide_cancel(state: TournamentState, cmd: CancelEvent, ctx: Context) -> list[Event]:
    setup = state.part(Setup)
    if not setup.created:
        raise InvalidCommand(template=N_("This tournament has not been created yet."))
    reason = cmd.reason.strip()
    if not reason:
        raise InvalidCommand(
            template=N_("Give the reason the event is cancelled (players are told it).")
        )
    if cmd.shown_seq is not None and cmd.shown_seq != state.seq:
        raise StaleCancel(
            "The refunds shown are out of date (something happened since): read them again "
            "and confirm.",
            context={"seq": state.seq},
        )
    if night_over(state, ctx.now):
        raise RuleViolation(
            template=N_(
                "The event is already finished and its prizes decided: it cannot be cancelled."
            ),
            rule_ids=cancel_rules(setup.profile),
        )
    reading = read_clock(state, ctx.now)
    started = bool(reading is not None and reading.started)
    plan = refund_plan(state, play_started=started)
    lines = tuple(line for p in plan.players for line in p.lines)
    return [
        EventCancelled(
            reason=reason,
            at=ctx.now.isoformat(timespec="seconds"),
            play_started=started,
            refunds=lines,
            money_taken=plan.money_taken,
            prizes_paid=plan.prizes_paid,
        )
    ]


@applies(EventCancelled)
def _apply_cancelled(state: TournamentState, ev: EventCancelled) -> None:
    part = state.part(Cancellation)
    part.cancelled = True
    part.reason = ev.reason
    part.at = ev.at
    part.play_started = ev.play_started
    part.refunds = ev.refunds
    part.prizes_paid = ev.prizes_paid


def refused_when_cancelled(state: TournamentState, command: Command) -> None:
    """The gate before every command: a cancelled event refuses all but undo and redo
    (SPOT-2b8, SPOT-2b9: nobody takes a seat or plays without management's permission)."""
    part = state.part(Cancellation)
    if not part.cancelled or isinstance(command, Undo | Redo):
        return
    profile = state.part(Setup).profile
    raise RuleViolation(
        template=N_(
            "This event was cancelled (%(reason)s): nothing more can be done in it but "
            "undoing the cancellation."
        ),
        params={"reason": part.reason},
        rule_ids=cancel_rules(profile),
    )


__all__ = [
    "CancelEvent",
    "Cancellation",
    "EventCancelled",
    "PlayerRefund",
    "RefundLine",
    "RefundPlan",
    "StaleCancel",
    "cancel_rules",
    "cancelled",
    "refund_plan",
    "refused_when_cancelled",
    "shares",
]
