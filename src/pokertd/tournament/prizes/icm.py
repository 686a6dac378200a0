"""ICM (Malmuth-Harville): what each remaining stack is worth in prize money.

Under the Harville model a player finishes first with probability ``stack / total chips``;
given who finished first, the next place is drawn the same way among the others, and so on.
A player's equity is the sum over places of the prize times the chance of finishing there.

* :func:`exact_icm` computes it exactly, as ``Fraction``, by dynamic programming over the
  set of players still in (memoised on the remaining-player subset). The probabilities are
  kept as integers over one common denominator — the product of the chip totals of every
  subset visited — so the inner loop is integer multiply-add, not fraction arithmetic:
  10 players with 10 paid places (1,023 subsets) take about 20-30 ms.
* :func:`monte_carlo_icm` samples finishing orders (an exponential race gives the Harville
  order in one sort) and, for each sample, adds each player's *conditional* chance of taking
  each place (a Rao-Blackwellised estimator: far less noise than counting finishes). It
  uses floating point internally — it is an estimate — and returns whole cents with the
  standard error of each equity, also in cents. The ``rng`` is passed in (seeded in tests).
* :func:`icm` picks exact when the subsets to visit are few (always for up to 10 players),
  Monte-Carlo beyond.

Bounded work (issue 10, "nothing slow under the lock"): :func:`monte_carlo_icm` takes an
optional budget of draws (``max_draws``: samples x players, so a 300-player field takes
fewer samples than a 20-player one) and an ``out_of_time`` callback checked every
:data:`CHECK_EVERY` samples — the core has no clock, so the caller (the service) supplies
it. A deal proposal uses both (:data:`DEAL_MAX_DRAWS`), and the service runs it outside
the tournament's lock.

Amounts are in whatever unit the prizes are given (the CLI passes cents).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from functools import reduce
from math import comb, gcd, prod

from pokertd.errors import InvalidCommand
from pokertd.i18n import N_
from pokertd.types import Cents, Chips

EXACT_SUBSET_LIMIT = 2048
"""Largest number of player subsets :func:`icm` solves exactly (10 players = 1,023)."""

DEFAULT_SAMPLES = 60_000
"""Monte-Carlo samples by default: 20 players in well under a second, standard error
about 0.02 % of the pool."""

DEAL_MAX_DRAWS = 3_000_000
"""Draw budget (samples x players) of a deal's Monte-Carlo ICM: about a second on a slow
machine; 50,000 samples for 60 players, 10,000 for 300 (never fewer than
:data:`MIN_SAMPLES`)."""

MIN_SAMPLES = 2_000
"""The fewest samples a draw budget or a time cap leaves (the standard error says how
good the estimate is)."""

CHECK_EVERY = 500
"""``out_of_time`` is asked after every this many samples."""


class IcmMethod(StrEnum):
    """How the equities were computed."""

    EXACT = "exact"
    MONTE_CARLO = "monte_carlo"


@dataclass(frozen=True, slots=True, kw_only=True)
class IcmResult:
    """Equities in the prizes' unit, in the order of the stacks.

    Exact results are exact fractions (they sum to the prizes exactly); Monte-Carlo results
    are whole units (cents) with ``standard_errors`` (same unit, rounded up) and ``samples``.
    """

    equities: tuple[Fraction, ...]
    method: IcmMethod
    samples: int = 0
    standard_errors: tuple[int, ...] = ()

    @property
    def max_standard_error(self) -> int:
        """The largest standard error (0 for an exact result)."""
        return max(self.standard_errors, default=0)


def _check(stacks: Sequence[Chips], prizes: Sequence[Cents]) -> None:
    if not stacks:
        raise InvalidCommand(template=N_("ICM needs at least one stack."))
    if any(not isinstance(s, int) or isinstance(s, bool) or s <= 0 for s in stacks):
        raise InvalidCommand(
            template=N_(
                "Every stack must be a positive whole number of chips: a player with no chips "
                "is out and takes the next prize, not a share."
            ),
            context={"stacks": list(stacks)},
        )
    if not prizes:
        raise InvalidCommand(template=N_("ICM needs at least one prize."))
    if any(p < 0 for p in prizes):
        raise InvalidCommand(template=N_("Prizes cannot be negative."))
    if len(prizes) > len(stacks):
        raise InvalidCommand(
            template=N_(
                "There are %(prizes)s prizes but only %(players)s players left: give "
                "the prizes still to be won, one per remaining place at most."
            ),
            params={"prizes": len(prizes), "players": len(stacks)},
        )


def subsets_to_visit(players: int, prizes: int) -> int:
    """How many remaining-player subsets the exact method visits (its cost)."""
    m = min(prizes, players)
    return sum(comb(players, k) for k in range(m))


def exact_icm(stacks: Sequence[Chips], prizes: Sequence[Cents]) -> tuple[Fraction, ...]:
    """Exact Malmuth-Harville equities, as fractions of the prizes' unit.

    >>> [float(e) for e in exact_icm([6000, 4000, 2000], [500, 300, 200])]
    [385.0, 340.0, 275.0]
    >>> exact_icm([5000, 3000, 2000], [50, 30, 20])
    (Fraction(1075, 28), Fraction(131, 4), Fraction(202, 7))
    """
    _check(stacks, prizes)
    divisor = reduce(gcd, stacks)
    chips = [s // divisor for s in stacks]  # same ratios, smaller numbers
    n = len(chips)
    m = min(len(prizes), n)
    full = (1 << n) - 1
    bits = [(i, 1 << i, chips[i]) for i in range(n)]
    # Subsets still in play, by number of places already decided, with their chip totals.
    levels: list[list[tuple[int, int]]] = [[(full, sum(chips))]]
    seen = {full}
    for _ in range(1, m):
        nxt: list[tuple[int, int]] = []
        for mask, total in levels[-1]:
            for _i, bit, s in bits:
                if mask & bit:
                    child = mask ^ bit
                    if child not in seen:
                        seen.add(child)
                        nxt.append((child, total - s))
        levels.append(nxt)
    # Every path's probability is (product of stacks) / (product of the totals along it);
    # the product of all visited totals is a common denominator, and a subset's own total
    # never occurs on the path that reaches it, so the division below is exact.
    denominator = prod(total for level in levels for _, total in level)
    reach: dict[int, int] = {full: denominator}
    place_chance = [[0] * n for _ in range(m)]
    for k in range(m):
        chance = place_chance[k]
        last = k + 1 == m
        nxt_reach: dict[int, int] = {}
        for mask, total in levels[k]:
            base = reach[mask] // total
            for i, bit, s in bits:
                if mask & bit:
                    q = base * s
                    chance[i] += q
                    if not last:
                        child = mask ^ bit
                        nxt_reach[child] = nxt_reach.get(child, 0) + q
        reach = nxt_reach
    return tuple(
        Fraction(sum(prizes[k] * place_chance[k][i] for k in range(m)), denominator)
        for i in range(n)
    )


def monte_carlo_icm(
    stacks: Sequence[Chips],
    prizes: Sequence[Cents],
    *,
    rng: random.Random,
    samples: int = DEFAULT_SAMPLES,
    max_draws: int | None = None,
    out_of_time: Callable[[], bool] | None = None,
) -> IcmResult:
    """Monte-Carlo Malmuth-Harville equities with their standard errors.

    Each sample draws a finishing order (exponential race: key ``-ln(U) / stack``, smallest
    first, which is exactly the Harville order) and credits every player still in before
    each paid place with ``prize x stack / chips still in`` — the conditional chance of
    taking that place. The estimate is unbiased; the standard error shrinks as
    ``1 / sqrt(samples)``. Equities are rounded half up to whole units (cents), standard
    errors rounded up.

    ``max_draws`` caps ``samples x players`` (but leaves at least :data:`MIN_SAMPLES`, or
    ``samples`` if fewer were asked); ``out_of_time()`` is asked every
    :data:`CHECK_EVERY` samples and stops the sampling once it says yes (after at least
    :data:`MIN_SAMPLES` or ``samples``). ``samples`` in the result is the number taken.
    """
    _check(stacks, prizes)
    if samples < 2:
        raise InvalidCommand(template=N_("Monte-Carlo ICM needs at least 2 samples."))
    n = len(stacks)
    floor = min(samples, MIN_SAMPLES)
    if max_draws is not None:
        samples = max(floor, min(samples, max_draws // n))
    m = min(len(prizes), n)
    total = float(sum(stacks))
    paid = [float(p) for p in prizes[:m]]
    weights = [float(s) for s in stacks]
    inverse = [1.0 / w for w in weights]
    # Per player, the sum and sum of squares of the credited chance (value = stack x credit).
    sums = [0.0] * n
    squares = [0.0] * n
    players = range(n)
    log = math.log
    draw = rng.random
    taken = 0
    for taken in range(1, samples + 1):
        keys = [-log(1.0 - draw()) * inv for inv in inverse]
        order = sorted(players, key=keys.__getitem__)
        left = total
        cumulative = 0.0
        for k in range(m):
            cumulative += paid[k] / left
            player = order[k]
            sums[player] += cumulative
            squares[player] += cumulative * cumulative
            left -= weights[player]
        tail = cumulative * cumulative
        for k in range(m, n):
            player = order[k]
            sums[player] += cumulative
            squares[player] += tail
        if (
            out_of_time is not None
            and taken % CHECK_EVERY == 0
            and taken >= floor
            and out_of_time()
        ):
            break
    samples = taken
    sums = [w * s for w, s in zip(weights, sums, strict=True)]
    squares = [w * w * q for w, q in zip(weights, squares, strict=True)]
    means = [s / samples for s in sums]
    errors = [
        math.sqrt(max(0.0, sq / samples - mu * mu) / (samples - 1))
        for sq, mu in zip(squares, means, strict=True)
    ]
    return IcmResult(
        equities=tuple(Fraction(math.floor(mu + 0.5)) for mu in means),
        method=IcmMethod.MONTE_CARLO,
        samples=samples,
        standard_errors=tuple(math.ceil(e) for e in errors),
    )


def icm(
    stacks: Sequence[Chips],
    prizes: Sequence[Cents],
    *,
    rng: random.Random | None = None,
    samples: int = DEFAULT_SAMPLES,
    exact_limit: int = EXACT_SUBSET_LIMIT,
    max_draws: int | None = None,
    out_of_time: Callable[[], bool] | None = None,
) -> IcmResult:
    """ICM equities: exact when at most ``exact_limit`` subsets (always for up to 10
    players), otherwise Monte-Carlo with ``rng`` (required then), ``samples`` and the
    bounds ``max_draws`` / ``out_of_time`` (see :func:`monte_carlo_icm`).

    >>> [float(e) for e in icm([6000, 4000, 2000], [500, 300, 200]).equities]
    [385.0, 340.0, 275.0]
    """
    _check(stacks, prizes)
    if len(stacks) <= 10 or subsets_to_visit(len(stacks), len(prizes)) <= exact_limit:
        return IcmResult(equities=exact_icm(stacks, prizes), method=IcmMethod.EXACT)
    if rng is None:
        raise InvalidCommand(
            template=N_(
                "ICM for %(players)s players is estimated by Monte-Carlo and needs a random "
                "generator."
            ),
            params={"players": len(stacks)},
        )
    return monte_carlo_icm(
        stacks, prizes, rng=rng, samples=samples, max_draws=max_draws, out_of_time=out_of_time
    )


__all__ = [
    "CHECK_EVERY",
    "DEAL_MAX_DRAWS",
    "DEFAULT_SAMPLES",
    "EXACT_SUBSET_LIMIT",
    "MIN_SAMPLES",
    "IcmMethod",
    "IcmResult",
    "exact_icm",
    "icm",
    "monte_carlo_icm",
    "subsets_to_visit",
]
