"""The careless floor's slips that the core must refuse or absorb (issue 22): a wrong bust
undone batch by batch and recorded again, an undo by
mistake redone at once, prizes paid as players finish, a deal at 3 or 4 left, a plan
confirmed from a stale screen, registration closed early or late. Each is checked as it
happens: a refusal wrote nothing, an absorbed slip changed nothing a face reads, and the
money, places and end invariants still hold. :class:`~pokertd.sim.careless.CarelessNight`
decides when (its own seeded draws, :data:`~pokertd.sim.report.RATES`); :class:`Slips`
makes them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Protocol

from pokertd.rules import DealsAllowed
from pokertd.sim.invariants import SimulationError
from pokertd.sim.pieces import NightLike
from pokertd.sim.report import RATES
from pokertd.sim.table import Out
from pokertd.tournament.clock import clock_view
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, Roster
from pokertd.tournament.framework import Command, Redo, Undo, undo_target
from pokertd.tournament.prizes import (
    AcceptDeal,
    ApproveDeal,
    DealKind,
    DealProposed,
    PayPrize,
    PrizeBook,
    ProposeDeal,
    RejectDeal,
    SetPrizeOptions,
    money_position,
    remaining_prizes,
    standings,
)
from pokertd.tournament.seating import (
    ConfirmPlan,
    HandsPlayed,
    MovesDue,
    Redraw,
    Tables,
    live_seating,
    moves_due,
)
from pokertd.tournament.views import results


@dataclass(slots=True)
class WrongBust:
    """A bust recorded for the wrong player, not noticed yet."""

    batch: int
    """The batch of the wrong bust: the undo goes back to it."""
    name: str
    """The player busted by mistake."""
    table: int
    """Its table: the floor notices when that table deals again."""
    right: Bust
    """The bust the floor meant."""
    wanted: int
    """Later busts before the floor notices."""
    later: int = 0
    journal: list[tuple[Command, int | None]] = field(default_factory=list)
    """The commands recorded since, with the seat each ``PlayHands`` moved the button to."""


class CarelessLike(NightLike, Protocol):
    """The careless night as its slips see it (:class:`pokertd.sim.careless.CarelessNight`)."""

    wrong: WrongBust | None
    correcting: bool
    stale: MovesDue | None
    deal_decided: bool
    close_at: float | None
    close_late_at: float | None

    @property
    def draws(self) -> random.Random: ...

    def tap(self, command: Command, what: str) -> None: ...
    def notice(self) -> None: ...
    def settle(self) -> None: ...


class Slips:
    """The careless floor's slips, each checked as it happens."""

    def __init__(self, night: CarelessLike) -> None:
        self.n = night

    def wrong_player(self, out: Out) -> tuple[int, str] | None:
        """Another player still playing at the busted player's table, not the one who won
        the pot: the name the floor taps by mistake."""
        n = self.n
        seating = n.st.part(Tables).seating
        if seating is None:
            return None
        for number, table in seating.tables.items():
            if out.entry_id not in table.players:
                continue
            others = [
                n.ledger.names[p]
                for p in table.players
                if p is not None
                and p != out.entry_id
                and n.ledger.stacks.get(p, 0) > 0
                and n.ledger.names[p] not in out.winners
            ]
            return (number, n.draws.choice(others)) if others else None
        return None

    def correct(self) -> None:
        """Undo back to the wrong bust, one batch at a time with the batch id the console
        shows, then record the right bust and everything after it again."""
        n = self.n
        wrong = n.wrong
        assert wrong is not None
        n.wrong = None
        n.correcting = True
        try:
            expected = len(wrong.journal) + 1
            undone = 0
            while True:
                target = undo_target(n.st)
                if target is None or undone == expected:
                    # English on purpose: a broken self-check is a bug report for the developers
                    raise SimulationError(
                        "Invariant broken — undo takes back one command at a time: after "
                        f"{undone} undos the wrong bust (batch {wrong.batch}) is not undone."
                    )
                undo = Undo(batch=target.batch)
                n.run(undo)
                undone += 1
                n.watch(f"undoing '{target.command}'")
                n.tap(undo, f"the undo of '{target.command}'")
                if target.batch == wrong.batch:
                    break
            if undone != expected:
                # English on purpose: a broken self-check is a bug report for the developers
                raise SimulationError(
                    "Invariant broken — undo takes back one command at a time: the wrong bust "
                    f"was undone after {undone} undos, {expected} commands were recorded."
                )
            n.run(wrong.right)
            n.watch(f"the bust of {', '.join(wrong.right.players)} recorded again")
            for command, moved in wrong.journal:
                records = n.run(command)
                again = next(
                    (r.event.button for r in records if isinstance(r.event, HandsPlayed)), None
                )
                if again != moved:
                    # English on purpose: a broken self-check is a bug report for the developers
                    raise SimulationError(
                        "Invariant broken — a command recorded again after an undo does the "
                        f"same: {command} moved the button to seat {again}, first to {moved}."
                    )
                if isinstance(command, Bust):
                    n.watch(f"the bust of {', '.join(command.players)} recorded again")
        finally:
            n.correcting = False

    def read_models(self) -> tuple[object, ...]:
        """What the faces read: results, standings, money, the clock, seats, players in."""
        n = self.n
        state, now = n.st, n.time.now()
        return (
            results(state, now),
            standings(state, now),
            money_position(state, now),
            clock_view(state, now),
            live_seating(state).where,
            tuple(e.entry_id for e in state.part(Roster).alive()),
        )

    def undo_redo(self) -> None:
        """Undo the last command by mistake (the console's batch id), then redo it at once:
        the night must read exactly as before (a payment's undo is refused instead)."""
        n = self.n
        n.notice()
        target = undo_target(n.st)
        if target is None:
            return
        n.mistakes["undo_redo"] += 1
        before = self.read_models()
        records, _ = n.attempt(Undo(batch=target.batch))
        if records is None:
            return  # it cannot be undone (a payment): refused, nothing written
        n.watch(f"undoing '{target.command}' by mistake")
        redone, _ = n.attempt(Redo(batch=target.batch))
        if redone is None:
            # English on purpose: a broken self-check is a bug report for the developers
            raise SimulationError(
                f"Invariant broken — an undo can be redone at once: the redo of "
                f"'{target.command}' was refused."
            )
        if self.read_models() != before:
            # English on purpose: a broken self-check is a bug report for the developers
            raise SimulationError(
                f"Invariant broken — undo then redo restores the night: after undoing and "
                f"redoing '{target.command}' the results, money, clock or seats differ."
            )
        n.watch(f"redoing '{target.command}'")

    def pay_early(self, outs: list[Out]) -> None:
        """Pay the players just out, as they leave the table: refused while the place is
        not final (H2), and then nothing is written."""
        n = self.n
        rows = {r.entry_id: r for r in standings(n.st, n.time.now())}
        for o in outs:
            row = rows.get(o.entry_id)
            if row is None or row.total <= 0 or row.paid:
                continue
            if n.draws.random() >= RATES["pay_early"]:
                continue
            n.mistakes["pay_early"] += 1
            if n.wrong is not None:
                n.notice()
                rows = {r.entry_id: r for r in standings(n.st, n.time.now())}
                row = rows[o.entry_id]
            pay = PayPrize(player=o.name, id_checked=True)
            records, _ = n.attempt(pay)
            if records is None:
                continue
            if row.waits:
                # English on purpose: a broken self-check is a bug report for the developers
                raise SimulationError(
                    "Invariant broken — a prize is paid only once its place is final: "
                    f"{o.name} was paid while the console said '{row.waits}'."
                )
            n.watch(f"paying {o.name} as he finished")
            n.tap(pay, f"the payment of {o.name}")

    def maybe_deal(self) -> None:
        """At 3 or 4 players left, once a night, the floor may put a deal to them (J1, J2)."""
        n = self.n
        if n.deal_decided or len(n.ledger.stacks) not in (3, 4):
            return
        n.deal_decided = True
        if n.draws.random() < RATES["deal"]:
            self.offer_deal()

    def offer_deal(self) -> None:
        """A deal by ICM, chips or custom amounts; every player accepts (or one refuses);
        the supervisor approves where the venue asks (FOX-73)."""
        n = self.n
        n.settle()
        n.mistakes["deal"] += 1
        profile = n.profile
        if profile.deals_allowed in (DealsAllowed.OFF, DealsAllowed.HOUSE_DISCRETION) and (
            not n.st.part(PrizeBook).deals_enabled
        ):
            n.run(SetPrizeOptions(deals_enabled=True))  # the director allows it tonight
        kind = n.draws.choice((DealKind.ICM, DealKind.CHIP, DealKind.CUSTOM))
        players = [(n.ledger.names[e], chips) for e, chips in n.ledger.stacks.items()]
        amounts: tuple[tuple[str, int], ...] = ()
        if kind is DealKind.CUSTOM:
            left = sum(remaining_prizes(n.st))
            share = left - left // 10  # a tenth left to play for
            chips = sum(c for _, c in players)
            cut = [share * c // chips for _, c in players]
            cut[0] += share - sum(cut)
            amounts = tuple((name, a) for (name, _), a in zip(players, cut, strict=True))
        records, _ = n.attempt(ProposeDeal(kind=kind, stacks=tuple(players), amounts=amounts))
        if records is None:
            return  # the venue refuses it now (a chop only among the paid, no prize left...)
        proposed = next(r.event for r in records if isinstance(r.event, DealProposed))
        n.watch(f"a {kind.value} deal proposed")
        for name, _ in players:
            if n.draws.random() < RATES["deal_rejected"]:
                n.run(RejectDeal(player=name))
                n.watch(f"{name} turning the deal down")
                return
            accept = AcceptDeal(player=name)
            n.run(accept)
            n.tap(accept, f"{name}'s acceptance of the deal")
        if proposed.requires_approval:
            n.run(ApproveDeal(supervisor="Floor supervisor"))
        n.watch(f"the {kind.value} deal made")

    def confirm_stale(self) -> None:
        """Confirm the plan shown before something changed, by its old token: refused as
        stale (nothing written) unless the plan is still the one due."""
        n = self.n
        shown = n.stale
        assert shown is not None
        n.stale = None
        n.notice()
        due = moves_due(n.st)
        same = due is not None and due.plan == shown.plan and due.final_table == shown.final_table
        command: Command = (
            Redraw(plan=shown.plan) if shown.final_table else ConfirmPlan(plan=shown.plan)
        )
        records, _ = n.attempt(command)
        if records is None:
            return  # refused (checked: nothing written); the floor confirms the new plan
        if not same:
            # English on purpose: a broken self-check is a bug report for the developers
            raise SimulationError(
                "Invariant broken — a confirm on a stale screen is refused: plan "
                f"{shown.plan} was applied although the plan due is now "
                f"{due.plan if due is not None else 'none'}."
            )
        if shown.final_table:
            n.floor.final_table_drawn(records)
        n.floor.sync_tables()
        n.confirmed(command)

    def close_early(self) -> None:
        """The floor closes registration before the clock would (A4)."""
        n = self.n
        assert n.close_at is not None
        n.time.at(n.close_at)
        n.close_at = None
        if n.marks.registration_closed_at is not None:
            return
        n.mistakes["close_early"] += 1
        records, _ = n.attempt(CloseRegistration(reason="Closed early by the floor."))
        if records is not None:
            n.marks.registration_closed_at = int(n.time.t)
            n.watch("closing registration early")

    def close_late(self) -> None:
        """The floor closes registration the clock closed already: nothing may change."""
        n = self.n
        n.close_late_at = None
        n.mistakes["close_late"] += 1
        n.notice()
        state, now = n.st, n.time.now()
        before = (results(state, now), money_position(state, now))
        records, _ = n.attempt(CloseRegistration(reason="Registration is closed."))
        if records is None:
            return
        state = n.st
        after = (results(state, now), money_position(state, now))
        if after != before:
            # English on purpose: a broken self-check is a bug report for the developers
            raise SimulationError(
                "Invariant broken — closing registration after the clock closed it changes "
                "nothing: the results or the money position changed."
            )
        n.watch("closing registration after the clock did")


__all__ = ["CarelessLike", "Slips", "WrongBust"]
