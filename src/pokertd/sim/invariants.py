"""The invariants of a whole night, checked by the simulator on the service's state (issue 22).

A simulated night (:mod:`pokertd.sim.night`) checks these after the floor's commands — after
every bust, deal, payment, undo and registration close, and at the end — and stops with a
:class:`SimulationError` naming the invariant that broke. They read the core's own views
(:func:`~pokertd.tournament.prizes.views.money_position`, the results, the standings, the
cash report, :func:`~pokertd.tournament.eliminations.finish`, the clock view); the
simulator adds only what it knows as the floor: in which hand each player really went out,
and what it sold.

* **Money** (H2, H3, I6, J2): nobody is paid more than he is owed now (prize and bounty),
  nor the night more than it owes; what is owed plus what a deal still guarantees never
  exceeds the net prize pool; the cash report agrees with the money position and with what
  the floor sold. Once the night is over the prizes and deal amounts are the net prize pool
  to the cent, the bounties owed are the bounty money (less the bounties of players whose
  eliminator is unknown), and once the floor has paid, everyone owed was paid exactly that.
* **Places** (G2, G3): each place is given once (tied players share one set of places),
  the places run without a gap, exactly one 1st once the night is over (the winner), and
  players share places only when they went out in the same hand — the same hand at the
  table, or the same hand-for-hand hand.
* **The end** (G2, A4): one player left with no entry possible is the winner everywhere
  (``finish``), and the clock shows stopped; a finished night has one player left.
* **Seats** (C1): one player per seat, every player still in seated once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from pokertd.errors import PokertdError
from pokertd.money import format_money
from pokertd.tournament.clock import clock_view
from pokertd.tournament.eliminations import finish
from pokertd.tournament.entries import Roster, Setup, entries_open
from pokertd.tournament.framework import TournamentState
from pokertd.tournament.prizes import (
    MoneyPosition,
    PrizeBook,
    ResultsView,
    bounty_ledger,
    cash_report,
    money_position,
    standings,
)
from pokertd.tournament.seating import live_seating
from pokertd.tournament.views import results


class SimulationError(PokertdError):
    """A self-check of a simulated night failed (chips not conserved, a seat held twice,
    money paid that is not owed, a place given twice, the log not replaying to the same
    state...). The message names the invariant first."""

    kind = "simulation_error"


@dataclass(frozen=True, slots=True, kw_only=True)
class Sold:
    """What the floor sold tonight, counted by the simulator itself; ``before`` is what
    was taken before it took over the night (``simulate_rest``)."""

    entries: int
    rebuys: int
    addons: int
    before: int = 0


def _broken(invariant: str, detail: str, where: str) -> SimulationError:
    # English on purpose: a broken self-check is a bug report for the developers
    return SimulationError(f"Invariant broken — {invariant}: {detail} (after {where}).")


def check_money(
    state: TournamentState, now: datetime, where: str, view: ResultsView | None = None
) -> MoneyPosition:
    """Nobody paid more than owed, nor the night; owed and promised within the pool; the
    cash report agrees with the money position (H2, I6, J2). Returns the position."""
    view = view if view is not None else results(state, now)
    money = money_position(state, now, view)
    if money.overpaid:
        raise _broken(
            "paid never exceeds owed",
            f"{', '.join(money.overpaid)} paid more than the prize owed now",
            where,
        )
    if money.paid > money.owed:
        raise _broken(
            "paid never exceeds owed",
            f"{format_money(money.paid)} paid, {format_money(money.owed)} owed",
            where,
        )
    if money.undecided < 0:
        raise _broken(
            "owed and promised never exceed the pool",
            f"owed {format_money(money.owed)} + promised by the deal "
            f"{format_money(money.promised)} > the pool {format_money(money.pool)}",
            where,
        )
    ledger = bounty_ledger(state)
    for entry_id, paid in state.part(PrizeBook).paid.items():
        owed = ledger.cash_by_entry.get(entry_id, 0)
        if paid.bounty > owed:
            raise _broken(
                "bounties paid never exceed bounties won",
                f"{paid.name} was paid {format_money(paid.bounty)} of bounties, won "
                f"{format_money(owed)}",
                where,
            )
    cash = cash_report(state)
    figures = (
        ("net prize pool", cash.net_prize_pool, money.pool),
        ("prizes paid", cash.prizes_paid, money.paid),
        ("bounties paid", cash.bounties_paid, money.bounties_paid),
        ("bounty money", cash.bounties, money.bounty_money),
    )
    for label, reported, position in figures:
        if reported != position:
            raise _broken(
                "the cash report agrees",
                f"its {label} is {format_money(reported)}, the money position's "
                f"{format_money(position)}",
                where,
            )
    return money


def check_sold(state: TournamentState, sold: Sold, where: str) -> None:
    """The cash report's takings are what the floor sold at the template's prices (H1)."""
    tmpl = state.part(Setup).tmpl
    expected = sold.before + sold.entries * tmpl.fees.total
    if tmpl.rebuy is not None:
        expected += sold.rebuys * tmpl.rebuy.fees.total
    if tmpl.addon is not None:
        expected += sold.addons * tmpl.addon.fees.total
    collected = cash_report(state).collected
    if collected != expected:
        raise _broken(
            "the cash report agrees",
            f"it collected {format_money(collected)}, the floor sold {sold.entries} entries, "
            f"{sold.rebuys} rebuys and {sold.addons} add-ons for {format_money(expected)}"
            + (f" after {format_money(sold.before)} taken before" if sold.before else ""),
            where,
        )


def check_places(
    state: TournamentState,
    now: datetime,
    hand_of: Mapping[str, str],
    where: str,
    view: ResultsView | None = None,
) -> ResultsView:
    """Each place once, no gap, one 1st once over, ties only within one real hand (G2, G3).

    ``hand_of`` maps the entries the simulator saw go out to the hand they really went out
    in (its own label); entries it did not see (the live part of a continued night) are
    not compared."""
    view = view if view is not None else results(state, now)
    claims: dict[int, list[tuple[str, tuple[int, ...]]]] = {}
    for row in view.rows:
        if not row.places or row.place != row.places[0]:
            raise _broken(
                "each place once", f"{row.name} is shown {row.place} of {row.places}", where
            )
        for place in row.places:
            claims.setdefault(place, []).append((row.entry_id, row.places))
    for place, claimants in claims.items():
        shared = {places for _, places in claimants}
        if len(shared) != 1 or len(claimants) != len(next(iter(shared))):
            raise _broken(
                "each place once",
                f"place {place} is given to {', '.join(e for e, _ in claimants)}",
                where,
            )
    if claims:
        low, high = min(claims), max(claims)
        missing = [p for p in range(low, high + 1) if p not in claims]
        if missing:
            raise _broken("the places run without a gap", f"no one holds place {missing}", where)
    roster = state.part(Roster)
    group_of = {o.entry_id: o.group for o in roster.out}
    for row in view.rows:
        if len(row.places) < 2:
            continue
        tied = [r for r in view.rows if r.places == row.places]
        groups = {group_of.get(r.entry_id) for r in tied}
        hands = {hand_of[r.entry_id] for r in tied if r.entry_id in hand_of}
        if len(groups) != 1 or len(hands) > 1:
            names = ", ".join(r.name for r in tied)
            raise _broken(
                "ties only among busts of one hand",
                f"{names} share places {row.places[0]}-{row.places[-1]} but went out in "
                f"{' and '.join(sorted(hands or {str(g) for g in groups}))}",
                where,
            )
    seen: dict[str, str] = {}
    for out in roster.out:
        hand = hand_of.get(out.entry_id)
        if hand is None:
            continue
        first = seen.setdefault(out.group, hand)
        if first != hand:
            raise _broken(
                "ties only among busts of one hand",
                f"the core counts {roster.entries[out.entry_id].name}'s bust ({hand}) in the "
                f"same hand as an earlier one ({first})",
                where,
            )
    end = finish(state, now)
    firsts = [r for r in view.rows if 1 in r.places]
    if end.finished and end.how == "last_player":
        if len(firsts) != 1 or firsts[0].places != (1,) or firsts[0].entry_id != end.winner:
            shown = ", ".join(f"{r.name} {r.places}" for r in firsts) or "nobody"
            raise _broken("exactly one 1st", f"1st is {shown}, the winner {end.winner_name}", where)
        placed = {r.entry_id for r in view.rows}
        unplaced = [e.name for e in roster.entries.values() if e.entry_id not in placed]
        if unplaced:
            raise _broken("every entry placed", f"{', '.join(unplaced)} have no place", where)
    elif not end.finished and firsts:
        raise _broken("exactly one 1st", f"{firsts[0].name} holds 1st while play goes on", where)
    return view


def check_end(state: TournamentState, now: datetime, where: str) -> bool:
    """One player left with no entry possible is the winner, the clock stopped (G2); a
    finished night has one player left. ``True`` when the night is over."""
    roster = state.part(Roster)
    end = finish(state, now)
    if roster.alive_count == 1 and roster.out and not entries_open(state, now):
        winner = roster.alive()[0]
        if not end.finished or end.winner != winner.entry_id:
            raise _broken(
                "one player left with no entry possible is the winner",
                f"{winner.name} is the last player in, the night reads "
                + (f"won by {end.winner_name}" if end.finished else "not finished"),
                where,
            )
        clock = clock_view(state, now)
        if clock is not None and clock.running:
            raise _broken(
                "the clock stops with the winner", "the clock still runs after the end", where
            )
    if end.finished and end.how == "last_player" and roster.alive_count != 1:
        raise _broken(
            "a finished night has one player left",
            f"{roster.alive_count} players are still in",
            where,
        )
    return end.finished


def check_paid_out(state: TournamentState, now: datetime, where: str) -> MoneyPosition:
    """At the end, once the floor has paid: the prizes and deal amounts are the net prize
    pool to the cent and all paid, the bounties are the bounty money and all paid (H2, I6,
    J2)."""
    view = results(state, now)
    money = check_money(state, now, where, view)
    owed = sum(r.prize_cents or 0 for r in view.rows)
    if view.prize_pool_cents and not view.prizes_note and (owed != money.pool or money.promised):
        raise _broken(
            "prizes and deal amounts are the net prize pool",
            f"{format_money(owed)} owed (+ {format_money(money.promised)} promised) from "
            f"a pool of {format_money(money.pool)}",
            where,
        )
    unpaid = [r.name for r in standings(state, now) if r.total > 0 and not r.paid]
    if unpaid or money.paid != owed:
        raise _broken(
            "everyone in the money paid",
            f"{format_money(money.paid)} paid of {format_money(owed)}"
            + (f"; not paid: {', '.join(unpaid)}" if unpaid else ""),
            where,
        )
    ledger = bounty_ledger(state)
    value = state.part(Setup).tmpl.fees.bounty
    if value and not ledger.progressive:
        accounted = money.bounties_owed + value * len(ledger.uncollected)
        if accounted != money.bounty_money:
            raise _broken(
                "bounties are the bounty money",
                f"{format_money(money.bounties_owed)} won + {len(ledger.uncollected)} "
                f"uncollected, {format_money(money.bounty_money)} collected",
                where,
            )
    if money.bounties_paid != money.bounties_owed:
        raise _broken(
            "bounties are the bounty money",
            f"{format_money(money.bounties_paid)} paid of {format_money(money.bounties_owed)}",
            where,
        )
    return money


def check_seats(state: TournamentState, where: str, *, everyone: bool = True) -> int:
    """One player per seat and, with ``everyone``, every player still in seated once (C1);
    returns how many are seated. A night before its seat draw has nothing to check."""
    seating = live_seating(state)
    seen: dict[str, tuple[int, int]] = {}
    roster = state.part(Roster)
    for number, table in seating.tables.items():
        for seat, player in enumerate(table.players):
            if player is None:
                continue
            if player in seen or seating.where.get(player) != (number, seat):
                name = roster.entries[player].name if player in roster.entries else player
                raise _broken("one player per seat", f"{name} holds two seats", where)
            seen[player] = (number, seat)
    alive = {e.entry_id for e in roster.alive()}
    if everyone and seating.tables and set(seen) != alive:
        raise _broken(
            "every player still in seated once",
            f"{len(seen)} players are seated, {len(alive)} are still in",
            where,
        )
    return len(seen)


class SelfChecks:
    """The invariants as the night goes, and the end-of-night checks in words."""

    def __init__(self) -> None:
        self.on = False
        """Check the money, places, end and seat invariants after every bust, deal,
        payment, undo and registration close (the careless floor), not only at the end."""
        self.count = 0
        """Times the invariants were checked during the night."""
        self.hand_of: dict[str, str] = {}
        """Entry id -> the hand it really went out in (``T3-120``, ``hand-for-hand hand 4``,
        ``colour-up after level 8``): ties may only join busts of one such hand (G3)."""
        self.events = 0
        """Events in the log at the end (folded from scratch)."""

    def watch(self, state: TournamentState, now: datetime, where: str) -> None:
        """The money, places, end and seat invariants now (when :attr:`on`)."""
        if not self.on:
            return
        view = results(state, now)
        check_money(state, now, where, view)
        check_places(state, now, self.hand_of, where, view)
        check_end(state, now, where)
        check_seats(state, where, everyone=False)
        self.count += 1


__all__ = [
    "SelfChecks",
    "SimulationError",
    "Sold",
    "check_end",
    "check_money",
    "check_paid_out",
    "check_places",
    "check_seats",
    "check_sold",
]
