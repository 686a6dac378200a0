"""The self-checks of a simulated night: the invariants of :mod:`pokertd.sim.invariants`
checked as the night goes (after every bust, deal, payment, undo and registration close,
when :attr:`SelfChecks.on`: the careless floor) and at its end, with the words the report
prints.

At the end: one seat per player and every player still in seated once; the players the
tables hold are the ones the tournament has in; places, money and what was sold; and the
log folded from scratch gives the same results, seats and chips in play as the service's
state (:class:`SimulationError` when one fails).
"""

from __future__ import annotations

from pokertd.money import format_money
from pokertd.sim.invariants import (
    SimulationError,
    Sold,
    check_paid_out,
    check_places,
    check_seats,
    check_sold,
)
from pokertd.sim.pieces import NightLike
from pokertd.tournament.entries import Roster
from pokertd.tournament.framework import fold
from pokertd.tournament.seating import live_seating
from pokertd.tournament.views import results


def end_of_night(night: NightLike) -> list[str]:
    """The end-of-night self-checks, in words (``SimulationError`` when one fails)."""
    state = night.st
    now = night.time.now()
    stacks = night.ledger.stacks
    seating = live_seating(state)
    seated = check_seats(state, "the end of the night")
    alive = {e.entry_id for e in state.part(Roster).alive()}
    if alive != set(stacks):
        raise SimulationError(
            f"{len(stacks)} players hold chips at the tables, {len(alive)} are still "
            "in the tournament."
        )
    view = check_places(state, now, night.checks.hand_of, "the end of the night")
    money = check_paid_out(state, now, "the end of the night")
    desk = night.desk
    sold = Sold(entries=desk.sold, rebuys=desk.rebuys, addons=desk.addons, before=desk.taken_before)
    check_sold(state, sold, "the end of the night")
    records = night.console.records()
    again = fold(night.console.tid, records)
    mine, theirs = results(state, now), results(again, now)
    if mine != theirs:
        raise SimulationError("The log folded from scratch gives other results.")
    if live_seating(again).where != seating.where:
        raise SimulationError("The log folded from scratch seats the players elsewhere.")
    if again.part(Roster).chips_in_play != state.part(Roster).chips_in_play:
        raise SimulationError("The log folded from scratch has other chips in play.")
    night.checks.events = len(records)
    paid = sum(1 for r in view.rows if r.paid)
    deal = " and deal amounts" if view.deal_made else ""
    bounties = (
        f"; bounties {format_money(money.bounties_owed)} of the bounty money "
        f"{format_money(money.bounty_money)}"
        if money.bounty_money
        else ""
    )
    during = (
        f" (checked {night.checks.count:,} times during the night)" if night.checks.count else ""
    )
    colour_ups = night.floor.colour_ups
    refusals = night.console.refusals
    return [
        f"chips conserved after {night.dealer.checked:,} hands and "
        f"{colour_ups} colour-up{'s' if colour_ups != 1 else ''} "
        f"({night.ledger.total:,} chips in play at the end, as the tournament counts them)",
        f"one seat per player ({seated} seated at the end)",
        f"the log replays to the same final state ({len(records):,} events folded from "
        "scratch: the same results, seats and chips in play)",
        f"money: nobody paid more than owed{during}; prizes{deal} "
        f"{format_money(money.owed)} = the net prize pool {format_money(money.pool)}, "
        f"{paid} paid{bounties}; the cash report agrees with what was sold",
        f"places: one 1st, every place once, ties only within one hand; the winner "
        f"recorded and the clock stopped; {refusals:,} refused "
        f"command{'s' if refusals != 1 else ''} wrote nothing",
    ]


__all__ = ["end_of_night"]
