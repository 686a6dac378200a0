"""Deals: the remaining players agree to divide the prize money that is left.

Amounts (:func:`deal_amounts`), each in cents, summing exactly to what is left less any
amount left to play for:

* ``icm`` — Malmuth-Harville equities of the stacks on the remaining prizes (:mod:`.icm`);
* ``chip`` — chip chop: the money in proportion to the chips;
* ``floor`` — chip chop with a floor: everyone gets the lowest remaining prize, the rest by
  chips;
* ``even`` — the same amount for everyone;
* ``save`` — a save for the winner: an amount is left to play for, the rest is divided by
  another method (ICM by default: the save comes off first prize);
* ``custom`` — amounts the players agreed among themselves.

Each amount is rounded once, half up, to the venue's unit; the residual goes to the chip
leader (largest stack, first listed on a tie) so the total is exact.

The process (:class:`DealNegotiation`): a proposal names every remaining player; each
accepts (or the proposal dies); a supervisor approves where the venue requires it (FOX-73);
then it binds and replaces the payout for the remaining places. :func:`check_deal` refuses
what a venue forbids (deals off; a chop before everyone left is paid, SPOT-6.15; a player
left out, TNPL-A8 / FOX-73; amounts that do not add up) and :func:`deal_warnings` lists
TNPL's recommendations that a proposal does not follow (TNPL-J4ii, said as warnings).

Cheap before heavy (issue 10): :func:`check_deal_allowed` is the part of
:func:`check_deal` that needs no amounts (deals off, the house's say, SPOT's chop among
the paid) — the tournament runs it before any ICM. :func:`icm_inputs` names the one
heavy computation a deal may need (the stacks and the prizes ICM divides), so the service
can compute it outside the tournament's lock and hand it in (``icm_fn``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from fractions import Fraction

from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.i18n import N_, Phrase
from pokertd.money import format_money
from pokertd.rules.enums import DealsAllowed
from pokertd.rules.profile import RuleProfile
from pokertd.tournament.prizes.icm import DEAL_MAX_DRAWS, IcmResult, icm
from pokertd.tournament.prizes.payouts import round_half_up
from pokertd.types import Cents, Chips

DEAL = "J2"
"""The catalogue entry a deal's procedure cites (unanimous, the amounts add up to the
pool, binding once accepted); code without a profile names it and the caller cites."""

IcmFunction = Callable[[tuple[Chips, ...], tuple[Cents, ...]], IcmResult]
"""Computes ICM equities of ``(stacks, prizes)`` — :func:`deal_icm`, or a result the
service computed before (outside the lock) for exactly these inputs."""


class DealKind(StrEnum):
    """How a deal divides the money (the CLI's words)."""

    ICM = "icm"
    CHIP = "chip"
    FLOOR = "floor"
    EVEN = "even"
    SAVE = "save"
    CUSTOM = "custom"


def round_to_total(
    values: Sequence[Fraction],
    total: Cents,
    *,
    unit: Cents = 1,
    residual_to: int = 0,
) -> tuple[Cents, ...]:
    """Round each value half up to ``unit``; put the residual on index ``residual_to``.

    >>> round_to_total([Fraction(10000, 3)] * 3, 10000, residual_to=1)
    (3333, 3334, 3333)
    """
    if unit < 1:
        raise InvalidCommand(template=N_("The rounding unit must be at least one cent."))
    amounts = [round_half_up(v / unit) * unit for v in values]
    amounts[residual_to] += total - sum(amounts)
    if amounts[residual_to] < 0:
        raise RuleViolation(template=N_("The amount to share is too small for the rounding unit."))
    return tuple(amounts)


def chip_leader(stacks: Sequence[Chips]) -> int:
    """Index of the largest stack (the first listed on a tie)."""
    return max(range(len(stacks)), key=lambda i: (stacks[i], -i))


@dataclass(frozen=True, slots=True, kw_only=True)
class DealTerms:
    """A proposed division of the money that is left.

    ``amounts[i]`` is guaranteed to ``players[i]`` now; ``play_for`` stays in the pool and
    goes to the eventual winner (play continues for it and the title).
    """

    kind: DealKind
    players: tuple[str, ...]
    stacks: tuple[Chips, ...]
    amounts: tuple[Cents, ...]
    play_for: Cents = 0
    remaining_pool: Cents

    def amount_for(self, player: str) -> Cents:
        """What ``player`` is guaranteed by the deal."""
        return self.amounts[self.players.index(player)]

    def lines(self) -> list[str]:
        """The terms in words, one line per player, for the supervisor and the log."""
        rows = [
            f"{p}: {format_money(a)} ({s:,} chips)"
            for p, a, s in zip(self.players, self.amounts, self.stacks, strict=True)
        ]
        if self.play_for:
            rows.append(f"Left to play for: {format_money(self.play_for)}")
        return rows


def deal_icm(
    stacks: tuple[Chips, ...],
    prizes: tuple[Cents, ...],
    *,
    rng: random.Random | None,
    out_of_time: Callable[[], bool] | None = None,
) -> IcmResult:
    """A deal's ICM: exact up to 10 players, else Monte-Carlo within
    :data:`~pokertd.tournament.prizes.icm.DEAL_MAX_DRAWS` (and ``out_of_time``, when given)."""
    return icm(stacks, prizes, rng=rng, max_draws=DEAL_MAX_DRAWS, out_of_time=out_of_time)


def icm_inputs(
    kind: DealKind | str,
    stacks: Sequence[Chips],
    prizes: Sequence[Cents],
    *,
    save: Cents = 0,
    save_by: DealKind | str = DealKind.ICM,
) -> tuple[tuple[Chips, ...], tuple[Cents, ...]] | None:
    """What :func:`deal_amounts` hands to ICM for these terms — ``(stacks, prizes with the
    save off first prize)`` — or ``None`` when the deal needs no ICM or would be refused
    before it (the refusal then comes from :func:`deal_amounts` itself)."""
    try:
        kind = DealKind(kind)
        if kind is DealKind.SAVE:
            kind = DealKind(save_by)
    except ValueError:
        return None
    if kind is not DealKind.ICM or len(stacks) < 2 or not prizes or len(prizes) > len(stacks):
        return None
    if any(s <= 0 for s in stacks) or any(p < 0 for p in prizes) or not 0 <= save <= prizes[0]:
        return None
    paid = list(prizes)
    paid[0] -= save
    return tuple(stacks), tuple(paid)


def deal_amounts(
    kind: DealKind | str,
    stacks: Sequence[Chips],
    prizes: Sequence[Cents],
    *,
    save: Cents = 0,
    save_by: DealKind | str = DealKind.ICM,
    custom: Sequence[Cents] | None = None,
    unit: Cents = 1,
    rng: random.Random | None = None,
    icm_fn: IcmFunction | None = None,
) -> tuple[tuple[Cents, ...], Cents]:
    """The amounts each stack is guaranteed, and the amount left to play for.

    ``prizes`` are the prizes still to be won, first place first (one per remaining player
    at most; fewer means the last places win nothing). ``save`` is left to play for (any
    kind; ``save`` itself divides the rest by ``save_by``). ``icm_fn`` computes ICM
    (default :func:`deal_icm` with ``rng``).

    >>> deal_amounts("icm", [5000, 3000, 2000], [5000, 3000, 2000])
    ((3839, 3275, 2886), 0)
    >>> deal_amounts("floor", [6000, 3000, 1000], [5000, 3000, 2000])
    ((4400, 3200, 2400), 0)

    Implements: TNPL-A8 / FOX-73 (deal amounts cover the whole remaining pool).
    """
    kind = DealKind(kind)
    n = len(stacks)
    if n < 2:
        raise InvalidCommand(template=N_("A deal needs at least two players."))
    if any(s <= 0 for s in stacks):
        raise InvalidCommand(template=N_("Every player in a deal must have chips."))
    if not prizes or len(prizes) > n:
        raise InvalidCommand(
            template=N_(
                "Give the prizes still to be won: at least one and at most one per player (%(n)s)."
            ),
            params={"n": n},
        )
    if any(p < 0 for p in prizes):
        raise InvalidCommand(template=N_("Prizes cannot be negative."))
    pool = sum(prizes)
    if kind is DealKind.SAVE:
        if save <= 0:
            raise InvalidCommand(
                template=N_("A save needs an amount to leave for the winner."),
                context={"hint": "save"},
            )
        kind = DealKind(save_by)
        if kind in (DealKind.SAVE, DealKind.CUSTOM):
            raise InvalidCommand(
                template=N_("A save divides the rest by icm, chip, floor or even.")
            )
    if not 0 <= save <= pool:
        raise InvalidCommand(
            template=N_("The amount left to play for must be between $0.00 and %(pool)s."),
            params={"pool": format_money(pool)},
        )
    rest = pool - save
    leader = chip_leader(stacks)
    chips = sum(stacks)
    exact: list[Fraction]
    if kind is DealKind.CUSTOM:
        if custom is None or len(custom) != n:
            raise InvalidCommand(
                template=N_("A custom deal needs one amount per player (%(n)s)."), params={"n": n}
            )
        if any(a < 0 for a in custom):
            raise InvalidCommand(template=N_("A deal amount cannot be negative."))
        if sum(custom) > pool:
            raise RuleViolation(
                template=N_(
                    "The amounts add up to %(total)s, more than the "
                    "%(pool)s left in the prize pool."
                ),
                params={
                    "total": format_money(sum(custom)),
                    "pool": format_money(pool),
                },
                rule_ids=DEAL,
            )
        return tuple(custom), pool - sum(custom)
    if kind is DealKind.ICM:
        paid = list(prizes)
        if save > paid[0]:
            raise InvalidCommand(
                template=N_(
                    "A save of %(save)s is more than first prize "
                    "(%(first_prize)s); divide by chips instead."
                ),
                params={
                    "save": format_money(save),
                    "first_prize": format_money(paid[0]),
                },
            )
        paid[0] -= save  # the save comes off first prize; the rest is ICM'd
        if icm_fn is None:
            exact = list(deal_icm(tuple(stacks), tuple(paid), rng=rng).equities)
        else:
            exact = list(icm_fn(tuple(stacks), tuple(paid)).equities)
    elif kind is DealKind.CHIP:
        exact = [Fraction(rest * s, chips) for s in stacks]
    elif kind is DealKind.FLOOR:
        floor = prizes[n - 1] if len(prizes) == n else 0
        if floor * n > rest:
            raise InvalidCommand(
                template=N_("The floor for everyone is more than the money to divide.")
            )
        extra = rest - floor * n
        exact = [floor + Fraction(extra * s, chips) for s in stacks]
    else:  # EVEN
        exact = [Fraction(rest, n)] * n
    # Exact equities sum to ``rest``; Monte-Carlo ones nearly: the chip leader takes the
    # rounding residual either way.
    amounts = round_to_total(exact, rest, unit=unit, residual_to=leader)
    return amounts, save


def propose(
    kind: DealKind | str,
    players: Sequence[str],
    stacks: Sequence[Chips],
    prizes: Sequence[Cents],
    *,
    profile: RuleProfile,
    save: Cents = 0,
    save_by: DealKind | str = DealKind.ICM,
    custom: Sequence[Cents] | None = None,
    rng: random.Random | None = None,
    icm_fn: IcmFunction | None = None,
) -> DealTerms:
    """Terms for the players, stacks and remaining prizes (rounded to the profile's unit)."""
    if len(players) != len(stacks):
        raise InvalidCommand(template=N_("Give one stack per player."))
    if len(set(players)) != len(players):
        raise InvalidCommand(template=N_("A player is listed twice in the deal."))
    with profile.citing():
        amounts, play_for = deal_amounts(
            kind,
            stacks,
            prizes,
            save=save,
            save_by=save_by,
            custom=custom,
            unit=profile.payout_rounding_unit_cents,
            rng=rng,
            icm_fn=icm_fn,
        )
    return DealTerms(
        kind=DealKind(kind),
        players=tuple(players),
        stacks=tuple(stacks),
        amounts=amounts,
        play_for=play_for,
        remaining_pool=sum(prizes),
    )


def check_deal_allowed(
    *,
    profile: RuleProfile,
    players_left: int,
    places_paid: int,
    house_allows: bool = True,
) -> None:
    """Refuse a deal the venue forbids whatever its amounts: cheap, so it runs before any
    ICM (see :func:`check_deal` for the rules)."""
    allowed = profile.deals_allowed
    if allowed is DealsAllowed.OFF and not house_allows:
        raise RuleViolation(
            template=N_(
                "Deals are not allowed in this event unless the tournament director enables them."
            ),
            rule_ids=profile.cite("J4"),
        )
    if allowed is DealsAllowed.HOUSE_DISCRETION and not house_allows:
        raise RuleViolation(
            template=N_("The house does not allow a deal in this event."),
            rule_ids=profile.cite(DEAL),
        )
    if allowed is DealsAllowed.CHOP_WHEN_ALL_PAID and players_left > places_paid:
        raise RuleViolation(
            template=N_(
                "A chop is allowed only among the paid places: %(places_paid)s places are paid "
                "and %(players_left)s players are left."
            ),
            params={"places_paid": places_paid, "players_left": players_left},
            rule_ids=profile.cite("J3"),
            context={"players_left": players_left, "places_paid": places_paid},
        )


def check_deal(
    terms: DealTerms,
    *,
    profile: RuleProfile,
    remaining_players: Sequence[str],
    places_paid: int,
    house_allows: bool = True,
) -> None:
    """Refuse a deal the venue forbids; return quietly when it may go to the players.

    * ``deals_allowed = "off"`` (KPC, NJ: silent, IMPL off) — refused unless the TD has
      enabled deals for the event (``house_allows``); ``"house_discretion"`` (FOX) — refused
      when the house does not allow it;
    * ``"chop_when_all_paid"`` (SPOT) — only once every player left is in the money;
    * ``deal_requires_all_players`` — every remaining player must be in it (TNPL-A8: leaving
      one out is collusion; FOX-73: unanimous);
    * the amounts plus the amount left to play for equal the remaining pool (FOX-73).

    Implements: TNPL-A8, TNPL-J4ii, TNPL-K1, FOX-73, FOX-PAY5, SPOT-6.15, J4 (KPC/NJ IMPL).
    """
    check_deal_allowed(
        profile=profile,
        players_left=len(remaining_players),
        places_paid=places_paid,
        house_allows=house_allows,
    )
    if profile.deal_requires_all_players:
        missing = [p for p in remaining_players if p not in terms.players]
        outsiders = [p for p in terms.players if p not in remaining_players]
        if missing:
            raise RuleViolation(
                template=N_("Every remaining player must be in the deal; left out: %(missing)s."),
                params={"missing": ", ".join(missing)},
                rule_ids=profile.cite("J1", DEAL),
                context={"missing": missing},
            )
        if outsiders:
            raise RuleViolation(
                template=N_("Only players still in the event can be in the deal: %(outsiders)s."),
                params={"outsiders": ", ".join(outsiders)},
                rule_ids=profile.cite(DEAL),
            )
    if sum(terms.amounts) + terms.play_for != terms.remaining_pool:
        raise RuleViolation(
            template=N_("The deal shares %(shared)s but %(left)s is left in the prize pool."),
            params={
                "shared": format_money(sum(terms.amounts) + terms.play_for),
                "left": format_money(terms.remaining_pool),
            },
            rule_ids=profile.cite(DEAL),
        )


def deal_warnings(terms: DealTerms, *, profile: RuleProfile, regional: bool = True) -> list[str]:
    """TNPL's recommendations the proposal does not follow, as sentences (not refusals).

    * ``deal_min_pct_for_winner`` (TNPL 10 %, regional/national events): keep at least that
      share of the remaining pool to play for;
    * ``deal_cap_at_winner_amount``: nobody may be guaranteed more than the eventual winner
      could get — ``max(amounts) <= min(amounts) + play_for``;
    * ``deal_warn_chip_count_only``: deals on chip counts alone are discouraged.

    >>> from pokertd.rules import load_profile
    >>> t = DealTerms(kind=DealKind.CUSTOM, players=("a", "b", "c"), stacks=(1, 1, 1),
    ...               amounts=(1600, 1500, 1400), play_for=500, remaining_pool=5000)
    >>> deal_warnings(t, profile=load_profile("tnpl"))
    []

    Implements: TNPL-J4ii (recommendations).
    """
    warnings: list[str] = []
    pct = profile.deal_min_pct_for_winner
    if pct is not None and regional and terms.play_for < terms.remaining_pool * pct:
        need = round_half_up(terms.remaining_pool * pct)
        warnings.append(
            f"TNPL recommends leaving at least {float(pct * 100):g}% of the remaining pool "
            f"({format_money(need)}) to play for; this deal leaves "
            f"{format_money(terms.play_for)}. ({profile.citation('J1')})"
        )
    if profile.deal_cap_at_winner_amount and terms.amounts:
        top = max(terms.amounts)
        low = min(terms.amounts)
        if top > low + terms.play_for:
            who = terms.players[terms.amounts.index(top)]
            short = terms.players[terms.amounts.index(low)]
            winning = (
                f"{format_money(low)} + {format_money(terms.play_for)} played for"
                if terms.play_for
                else f"{format_money(low)}, with nothing left to play for"
            )
            warnings.append(
                f"{who} is guaranteed {format_money(top)}, more than {short} would get by "
                f"winning ({winning}): TNPL recommends nobody gets more than the winner "
                f"could. ({profile.citation('J1')})"
            )
    if profile.deal_warn_chip_count_only and terms.kind is DealKind.CHIP:
        warnings.append(
            f"TNPL discourages deals based only on chip counts. ({profile.citation('J1')})"
        )
    return warnings


class DealStatus(StrEnum):
    """Where a deal stands."""

    PROPOSED = "proposed"
    BINDING = "binding"
    REJECTED = "rejected"


_STATUS_WORDS = (N_("proposed"), N_("binding"), N_("rejected"))
"""The :class:`DealStatus` values in the catalogue: a refusal names the status as a
:class:`~pokertd.i18n.Phrase`."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DealNegotiation:
    """A proposal on its way to binding: acceptances, supervisor approval, or a refusal.

    Immutable: each step returns a new value (the tournament records each as an event).
    """

    terms: DealTerms
    requires_approval: bool
    accepted: frozenset[str] = field(default_factory=frozenset)
    rejected_by: str | None = None
    approved_by: str | None = None

    @property
    def status(self) -> DealStatus:
        """Proposed, binding (everyone accepted, approved where required) or rejected."""
        if self.rejected_by is not None:
            return DealStatus.REJECTED
        everyone = self.accepted >= set(self.terms.players)
        approved = self.approved_by is not None or not self.requires_approval
        return DealStatus.BINDING if everyone and approved else DealStatus.PROPOSED

    @property
    def waiting_for(self) -> tuple[str, ...]:
        """Players who have not accepted yet, in deal order."""
        return tuple(p for p in self.terms.players if p not in self.accepted)

    def _open(self) -> None:
        if self.status is not DealStatus.PROPOSED:
            raise RuleViolation(
                template=N_("The deal is already %(value)s."),
                params={"value": Phrase(self.status.value)},
                rule_ids=DEAL,
            )

    def accept(self, player: str) -> DealNegotiation:
        """``player`` confirms acceptance (aloud, before the supervisor at FOX)."""
        self._open()
        if player not in self.terms.players:
            raise InvalidCommand(
                template=N_("%(player)s is not in this deal."), params={"player": player}
            )
        if player in self.accepted:
            raise InvalidCommand(
                template=N_("%(player)s has already accepted."), params={"player": player}
            )
        return replace(self, accepted=self.accepted | {player})

    def reject(self, player: str) -> DealNegotiation:
        """``player`` says no: the proposal dies (a deal must be unanimous)."""
        self._open()
        if player not in self.terms.players:
            raise InvalidCommand(
                template=N_("%(player)s is not in this deal."), params={"player": player}
            )
        return replace(self, rejected_by=player)

    def approve(self, supervisor: str) -> DealNegotiation:
        """The tournament supervisor approves the precise terms (FOX-73)."""
        self._open()
        if not supervisor.strip():
            raise InvalidCommand(template=N_("Name the supervisor who approves the deal."))
        if self.approved_by is not None:
            raise InvalidCommand(template=N_("The deal is already approved."))
        return replace(self, approved_by=supervisor)

    def final_prizes(self, winner: str) -> dict[str, Cents]:
        """What each player takes once ``winner`` wins what was left to play for."""
        if self.status is not DealStatus.BINDING:
            raise RuleViolation(
                template=N_(
                    "The deal is not binding yet: every player must accept and the supervisor "
                    "must approve."
                )
                if self.requires_approval
                else N_("The deal is not binding yet: every player must accept."),
                rule_ids=DEAL,
            )
        if winner not in self.terms.players:
            raise InvalidCommand(
                template=N_("%(winner)s is not in this deal."), params={"winner": winner}
            )
        return {
            p: a + (self.terms.play_for if p == winner else 0)
            for p, a in zip(self.terms.players, self.terms.amounts, strict=True)
        }


def start_negotiation(terms: DealTerms, *, profile: RuleProfile) -> DealNegotiation:
    """A fresh negotiation for ``terms``; approval is needed where the profile says so."""
    return DealNegotiation(terms=terms, requires_approval=profile.deal_requires_supervisor_approval)


__all__ = [
    "DEAL",
    "DealKind",
    "DealNegotiation",
    "DealStatus",
    "DealTerms",
    "IcmFunction",
    "check_deal",
    "check_deal_allowed",
    "chip_leader",
    "deal_amounts",
    "deal_icm",
    "deal_warnings",
    "icm_inputs",
    "propose",
    "round_to_total",
    "start_negotiation",
]
