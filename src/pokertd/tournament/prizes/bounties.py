"""Bounties: who collects an eliminated player's bounty, fixed or progressive.

Two steps, so that the same code serves the hand engine and the live floor:

1. :func:`knockouts_from_pots` finds, for each eliminated seat, the pot that carries its
   bounty — the last (highest) pot the player was still contesting, i.e. the main pot when
   every caller covered him (KPC-55) — and that pot's winners. The engine's hand result
   gives the pots; the floor instead records a :class:`Knockout` directly (the eliminator,
   or the players who split the pot).
2. :func:`fixed_bounty_awards` or :func:`pko_awards` pays each knockout by the profile:
   a split pot's bounty is shared equally (KPC) or goes whole to the sharing winner closest
   clockwise from the button (FOX-BTY4); in a progressive knockout a share is paid in cash
   and the rest is added to the eliminator's own bounty (``pko_bounty_share``, 50 % by
   default), and only a player who covered the eliminated stack collects.

Seats are plain ints (the table's seat numbers); ``seat_order`` lists the occupied seats
clockwise so that "closest clockwise from the button" needs no modular arithmetic guesses.
Money is int cents; nothing is created or lost (bounty money is conserved).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from pokertd.engine.result import HandResult
from pokertd.errors import IllegalAction, InvalidCommand, RuleViolation
from pokertd.i18n import N_
from pokertd.money import format_money
from pokertd.rules.enums import BountySplitRule
from pokertd.rules.profile import RuleProfile
from pokertd.tournament.prizes.payouts import round_half_up
from pokertd.types import Cents, Chips, Seat


@dataclass(frozen=True, slots=True)
class PotOutcome:
    """One pot of a finished hand: its size, who contested it, who won it.

    ``eligible`` are the seats still in the hand that put chips into this pot level
    (all-in players included, folded players excluded); ``winners`` are the seats that
    took it (several when split). Pots are listed main pot first.
    """

    amount: Chips
    eligible: tuple[Seat, ...]
    winners: tuple[Seat, ...]


@dataclass(frozen=True, slots=True)
class Knockout:
    """An eliminated seat and the seat(s) that won the pot carrying its bounty."""

    eliminated: Seat
    winners: tuple[Seat, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class BountyAward:
    """Bounty money moved by one knockout to one player.

    ``cash`` is paid out (a fixed bounty, or the PKO cash share); ``added_to_bounty`` goes
    onto the collector's own head in a progressive knockout.
    """

    eliminated: Seat
    collector: Seat
    cash: Cents
    added_to_bounty: Cents = 0

    def describe(self) -> str:
        """The award in words for the log."""
        text = f"Seat {self.collector} collects {format_money(self.cash)}"
        if self.added_to_bounty:
            text += f" and {format_money(self.added_to_bounty)} on their own bounty"
        return f"{text} for knocking out seat {self.eliminated}"


def knockouts_from_pots(
    pots: Sequence[PotOutcome], eliminated: Iterable[Seat]
) -> tuple[Knockout, ...]:
    """Which pot carries each eliminated player's bounty, and who won it.

    The bounty belongs to the last (highest) pot the player still contests: the main pot
    when every caller covers him, otherwise the side pot his whole stack reached.

    >>> pots = [PotOutcome(3000, (1, 2, 3), (3,)), PotOutcome(8000, (1, 2), (1,))]
    >>> knockouts_from_pots(pots, [2])  # 10,000 vs 5,000 vs 1,000: 1,000 wins the main
    (Knockout(eliminated=2, winners=(1,)),)

    Implements: KPC-55 (bullet 4); FOX (silent) uses the same rule (IMPL, App. D #24).
    """
    result = []
    for seat in eliminated:
        carrying = None
        for pot in pots:
            if seat in pot.eligible:
                carrying = pot
        if carrying is None:
            raise InvalidCommand(
                template=N_(
                    "Seat %(seat)s contested no pot in this hand, so it cannot have been "
                    "eliminated."
                ),
                params={"seat": seat},
                rule_ids="I3",  # no profile here: the catalogue entry (which pot carries it)
            )
        if not carrying.winners:
            raise InvalidCommand(template=N_("A pot that carries a bounty must have a winner."))
        if seat in carrying.winners:
            raise InvalidCommand(
                template=N_(
                    "Seat %(seat)s won the pot carrying its bounty, so it was not eliminated."
                ),
                params={"seat": seat},
            )
        if not set(carrying.winners) <= set(carrying.eligible):
            raise InvalidCommand(
                template=N_("A pot's winners must be among the seats that contested it.")
            )
        result.append(Knockout(seat, tuple(carrying.winners)))
    return tuple(result)


def pots_from_hand(result: HandResult) -> tuple[PotOutcome, ...]:
    """The pots of an engine hand result as :class:`PotOutcome` values (engine seats)."""
    return tuple(PotOutcome(p.amount, tuple(p.eligible), tuple(p.winners)) for p in result.pots)


def knockouts_from_hand(result: HandResult) -> tuple[Knockout, ...]:
    """Engine play: every seat the hand eliminated and who won the pot carrying its bounty.

    Same rule as :func:`knockouts_from_pots` (KPC-55: the highest pot the seat contested),
    read from the engine's :class:`~pokertd.engine.result.Elimination` records.
    """
    return knockouts_from_pots(pots_from_hand(result), [e.seat for e in result.eliminated])


def start_stacks_of(result: HandResult) -> dict[Seat, Chips]:
    """Chips each dealt-in seat had when the hand began (who covered whom, for PKO)."""
    return {seat: stack for seat, stack in enumerate(result.start_stacks) if stack is not None}


def clockwise_from_button(
    seats: Iterable[Seat], *, button: Seat, seat_order: Sequence[Seat]
) -> list[Seat]:
    """``seats`` sorted clockwise, starting with the first seat left of the button.

    ``seat_order`` lists the table's seats clockwise (the button's seat need not be
    occupied). The button itself comes last.

    >>> clockwise_from_button([4, 2], button=1, seat_order=[1, 2, 3, 4, 5])
    [2, 4]
    """
    order = list(seat_order)
    if button not in order:
        order = sorted({*order, button})
    n = len(order)
    start = order.index(button)
    rank = {order[(start + 1 + k) % n]: k for k in range(n)}
    wanted = list(seats)
    for seat in wanted:
        if seat not in rank:
            raise InvalidCommand(
                template=N_("Seat %(seat)s is not at this table."), params={"seat": seat}
            )
    return sorted(wanted, key=rank.__getitem__)


def _share_out(
    amount: Cents,
    recipients: Sequence[Seat],
    *,
    rule: BountySplitRule,
    button: Seat,
    seat_order: Sequence[Seat],
) -> dict[Seat, Cents]:
    ordered = clockwise_from_button(recipients, button=button, seat_order=seat_order)
    if rule is BountySplitRule.CLOSEST_CLOCKWISE_FROM_BUTTON:
        return {ordered[0]: amount}
    base, odd = divmod(amount, len(ordered))
    # odd cents one each, clockwise from the button (as odd chips, App. D #12)
    return {seat: base + (1 if k < odd else 0) for k, seat in enumerate(ordered)}


def fixed_bounty_awards(
    knockouts: Iterable[Knockout],
    bounty_of: Mapping[Seat, Cents],
    *,
    profile: RuleProfile,
    button: Seat,
    seat_order: Sequence[Seat],
) -> tuple[BountyAward, ...]:
    """Pay each eliminated player's fixed bounty to the winner(s) of its pot.

    A split pot's bounty is divided equally (``bounty_split_rule = "equal_shares"``,
    KPC: odd cents one each clockwise from the button) or goes whole to the sharing winner
    closest clockwise from the button (``"closest_clockwise_from_button"``, FOX). Players
    who share a pot but were not eliminated keep their own bounty chip.

    >>> from pokertd.rules import load_profile
    >>> ko = [Knockout(eliminated=3, winners=(4, 2))]
    >>> [(a.collector, a.cash) for a in fixed_bounty_awards(ko, {3: 2000},
    ...     profile=load_profile("foxwoods"), button=1, seat_order=[1, 2, 3, 4])]
    [(2, 2000)]

    Implements: KPC-55 (bullets 5-6), FOX-BTY4.
    """
    awards: list[BountyAward] = []
    for ko in knockouts:
        value = _bounty(bounty_of, ko.eliminated)
        shares = _share_out(
            value,
            _recipients(ko),
            rule=profile.bounty_split_rule,
            button=button,
            seat_order=seat_order,
        )
        awards.extend(
            BountyAward(eliminated=ko.eliminated, collector=seat, cash=cash)
            for seat, cash in shares.items()
        )
    return tuple(awards)


def _bounty(bounty_of: Mapping[Seat, Cents], seat: Seat) -> Cents:
    if seat not in bounty_of:
        raise InvalidCommand(
            template=N_("Seat %(seat)s has no bounty recorded."), params={"seat": seat}
        )
    value = bounty_of[seat]
    if value < 0:
        raise InvalidCommand(
            template=N_("Seat %(seat)s's bounty cannot be negative."), params={"seat": seat}
        )
    return value


def _recipients(ko: Knockout) -> tuple[Seat, ...]:
    if not ko.winners:
        raise InvalidCommand(
            template=N_("Nobody was recorded as knocking out seat %(eliminated)s."),
            params={"eliminated": ko.eliminated},
        )
    if ko.eliminated in ko.winners:
        raise InvalidCommand(
            template=N_("Seat %(eliminated)s cannot collect its own bounty here."),
            params={"eliminated": ko.eliminated},
        )
    if len(set(ko.winners)) != len(ko.winners):
        raise InvalidCommand(template=N_("A winner is listed twice."))
    return ko.winners


@dataclass(frozen=True, slots=True)
class PkoResult:
    """The awards of one hand's knockouts and everyone's bounty afterwards."""

    awards: tuple[BountyAward, ...]
    bounties: dict[Seat, Cents]
    """Each player's bounty after the hand; eliminated players are gone."""


def pko_awards(
    knockouts: Iterable[Knockout],
    bounties: Mapping[Seat, Cents],
    *,
    profile: RuleProfile,
    button: Seat,
    seat_order: Sequence[Seat],
    start_stacks: Mapping[Seat, Chips] | None = None,
) -> PkoResult:
    """Progressive knockout: pay a share of each bounty, add the rest to the collector's.

    The cash part is ``pko_bounty_share`` of the eliminated player's bounty (rounded half
    up to the cent), the rest goes onto the collector's own bounty. Bounties are those at the
    start of the hand, so two knockouts in one hand do not compound. Only a player who
    covered the eliminated stack collects: with ``start_stacks`` given (the floor's live
    record), winners who started the hand with fewer chips are refused; from the engine's
    pots this holds by construction. A split is shared as for fixed bounties (equal shares
    or the winner closest clockwise from the button).

    >>> from pokertd.rules import load_profile
    >>> r = pko_awards([Knockout(2, (1,))], {1: 1000, 2: 1000}, profile=load_profile("tda"),
    ...                button=1, seat_order=[1, 2])
    >>> r.awards[0].cash, r.bounties
    (500, {1: 1500})

    Implements: PKO (issue 6; IMPL 50 %), KPC-55 (pot carrying the bounty), FOX-BTY4 (split).
    """
    after = dict(bounties)
    awards: list[BountyAward] = []
    knockouts = list(knockouts)
    gone = {ko.eliminated for ko in knockouts}
    for ko in knockouts:
        value = _bounty(bounties, ko.eliminated)
        recipients = _recipients(ko)
        for seat in recipients:
            if seat in gone:
                raise InvalidCommand(
                    template=N_("Seat %(seat)s was eliminated and cannot collect a bounty."),
                    params={"seat": seat},
                )
            if seat not in bounties:
                raise InvalidCommand(
                    template=N_("Seat %(seat)s has no bounty recorded."), params={"seat": seat}
                )
        if start_stacks is not None:
            need = start_stacks.get(ko.eliminated, 0)
            covered = tuple(s for s in recipients if start_stacks.get(s, 0) >= need)
            if not covered:
                raise RuleViolation(
                    template=N_(
                        "Seat %(winner)s did not cover seat %(eliminated)s's stack, so it "
                        "cannot collect the bounty: only a player who covered the eliminated "
                        "stack collects."
                    ),
                    params={"winner": recipients[0], "eliminated": ko.eliminated},
                    context={"eliminated": ko.eliminated, "winners": list(recipients)},
                )
            recipients = covered
        cash_total = round_half_up(value * profile.pko_bounty_share)
        head_total = value - cash_total
        cash = _share_out(
            cash_total,
            recipients,
            rule=profile.bounty_split_rule,
            button=button,
            seat_order=seat_order,
        )
        head = _share_out(
            head_total,
            recipients,
            rule=profile.bounty_split_rule,
            button=button,
            seat_order=seat_order,
        )
        for seat in cash.keys() | head.keys():
            awards.append(
                BountyAward(
                    eliminated=ko.eliminated,
                    collector=seat,
                    cash=cash.get(seat, 0),
                    added_to_bounty=head.get(seat, 0),
                )
            )
            after[seat] = after[seat] + head.get(seat, 0)
        after.pop(ko.eliminated, None)
    awards.sort(key=lambda a: (a.eliminated, a.collector))
    return PkoResult(tuple(awards), after)


def winner_collects_own(winner: Seat, bounties: Mapping[Seat, Cents]) -> BountyAward:
    """The tournament winner collects their own (progressive) bounty at the end."""
    return BountyAward(eliminated=winner, collector=winner, cash=_bounty(bounties, winner))


def bounty_chip_all_in(profile: RuleProfile, stack: Chips) -> Chips | None:
    """What pushing the bounty chip into the pot means: an all-in for the whole stack.

    Returns the all-in amount (the player's whole stack), or ``None`` where the profile
    gives the bounty chip no meaning as an action.

    >>> from pokertd.rules import load_profile
    >>> bounty_chip_all_in(load_profile("foxwoods"), 14500)
    14500

    Implements: KPC-55 (bullet 3), FOX-BTY2.
    """
    if stack <= 0:
        raise IllegalAction(
            template=N_("A player with no chips behind cannot move all in with the bounty chip."),
            rule_ids=profile.cite("I2"),
        )
    return stack if profile.bounty_chip_in_pot_is_all_in else None


__all__ = [
    "BountyAward",
    "Knockout",
    "PkoResult",
    "PotOutcome",
    "bounty_chip_all_in",
    "clockwise_from_button",
    "fixed_bounty_awards",
    "knockouts_from_hand",
    "knockouts_from_pots",
    "pko_awards",
    "pots_from_hand",
    "start_stacks_of",
    "winner_collects_own",
]
