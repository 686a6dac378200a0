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

from pokertd.i18n import N_, Chips, Nn_, Sentence
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
from pokertd.sim.report import Said
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
        # English on purpose: a broken self-check is a bug report for the developers
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
        # English on purpose: a broken self-check is a bug report for the developers
        raise SimulationError("The log folded from scratch gives other results.")
    if live_seating(again).where != seating.where:
        # English on purpose: a broken self-check is a bug report for the developers
        raise SimulationError("The log folded from scratch seats the players elsewhere.")
    if again.part(Roster).chips_in_play != state.part(Roster).chips_in_play:
        # English on purpose: a broken self-check is a bug report for the developers
        raise SimulationError("The log folded from scratch has other chips in play.")
    night.checks.events = len(records)
    paid = sum(1 for r in view.rows if r.paid)
    colour_ups = night.floor.colour_ups
    refusals = night.console.refusals
    money_params: dict[str, str | int] = {
        "times": f"{night.checks.count:,}",
        "owed": format_money(money.owed),
        "pool": format_money(money.pool),
        "paid": paid,
        "bounties_owed": format_money(money.bounties_owed),
        "bounty_money": format_money(money.bounty_money),
    }
    money_msgid = _MONEY[bool(night.checks.count), view.deal_made, bool(money.bounty_money)]
    return [
        Said.of(
            Sentence(
                _CHIPS[0],
                plural=_CHIPS[1],
                params={"hands": f"{night.dealer.checked:,}", "chips": Chips(night.ledger.total)},
                n=colour_ups,
            )
        ),
        Said.of(
            Sentence(N_("one seat per player (%(seated)s seated at the end)"), {"seated": seated})
        ),
        Said.of(
            Sentence(
                N_(
                    "the log replays to the same final state (%(events)s events folded from "
                    "scratch: the same results, seats and chips in play)"
                ),
                {"events": f"{len(records):,}"},
            )
        ),
        Said.of(
            Sentence(
                money_msgid, {k: v for k, v in money_params.items() if f"%({k})s" in money_msgid}
            )
        ),
        Said.of(Sentence(_PLACES[0], plural=_PLACES[1], params={"n": f"{refusals:,}"}, n=refusals)),
    ]


_CHIPS = Nn_(
    "chips conserved after %(hands)s hands and %(n)s colour-up (%(chips)s chips in play at "
    "the end, as the tournament counts them)",
    "chips conserved after %(hands)s hands and %(n)s colour-ups (%(chips)s chips in play at "
    "the end, as the tournament counts them)",
)
_PLACES = Nn_(
    "places: one 1st, every place once, ties only within one hand; the winner recorded and "
    "the clock stopped; %(n)s refused command wrote nothing",
    "places: one 1st, every place once, ties only within one hand; the winner recorded and "
    "the clock stopped; %(n)s refused commands wrote nothing",
)
_MONEY = {
    # (checked during the night, a deal made, bounty money): one whole sentence each
    (False, False, False): N_(
        "money: nobody paid more than owed; prizes %(owed)s = the net prize pool %(pool)s, "
        "%(paid)s paid; the cash report agrees with what was sold"
    ),
    (False, True, False): N_(
        "money: nobody paid more than owed; prizes and deal amounts %(owed)s = the net prize "
        "pool %(pool)s, %(paid)s paid; the cash report agrees with what was sold"
    ),
    (False, False, True): N_(
        "money: nobody paid more than owed; prizes %(owed)s = the net prize pool %(pool)s, "
        "%(paid)s paid; bounties %(bounties_owed)s of the bounty money %(bounty_money)s; the "
        "cash report agrees with what was sold"
    ),
    (False, True, True): N_(
        "money: nobody paid more than owed; prizes and deal amounts %(owed)s = the net prize "
        "pool %(pool)s, %(paid)s paid; bounties %(bounties_owed)s of the bounty money "
        "%(bounty_money)s; the cash report agrees with what was sold"
    ),
    (True, False, False): N_(
        "money: nobody paid more than owed (checked %(times)s times during the night); prizes "
        "%(owed)s = the net prize pool %(pool)s, %(paid)s paid; the cash report agrees with "
        "what was sold"
    ),
    (True, True, False): N_(
        "money: nobody paid more than owed (checked %(times)s times during the night); prizes "
        "and deal amounts %(owed)s = the net prize pool %(pool)s, %(paid)s paid; the cash "
        "report agrees with what was sold"
    ),
    (True, False, True): N_(
        "money: nobody paid more than owed (checked %(times)s times during the night); prizes "
        "%(owed)s = the net prize pool %(pool)s, %(paid)s paid; bounties %(bounties_owed)s of "
        "the bounty money %(bounty_money)s; the cash report agrees with what was sold"
    ),
    (True, True, True): N_(
        "money: nobody paid more than owed (checked %(times)s times during the night); prizes "
        "and deal amounts %(owed)s = the net prize pool %(pool)s, %(paid)s paid; bounties "
        "%(bounties_owed)s of the bounty money %(bounty_money)s; the cash report agrees with "
        "what was sold"
    ),
}
"""The money self-check's sentence by what the night had."""

__all__ = ["end_of_night"]
