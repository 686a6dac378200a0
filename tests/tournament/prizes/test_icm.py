"""ICM (Malmuth-Harville): the issue's oracles, invariants, Monte-Carlo against exact."""

from __future__ import annotations

import doctest
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.errors import InvalidCommand
from pokertd.tournament.prizes import icm as icm_module
from pokertd.tournament.prizes.deals import round_to_total
from pokertd.tournament.prizes.icm import (
    IcmMethod,
    exact_icm,
    icm,
    monte_carlo_icm,
    subsets_to_visit,
)


def test_doctests() -> None:
    assert doctest.testmod(icm_module).failed == 0


def test_oracle_6000_4000_2000_with_500_300_200() -> None:
    assert exact_icm([6000, 4000, 2000], [500, 300, 200]) == tuple(map(Fraction, (385, 340, 275)))


def test_oracle_5000_3000_2000_with_50_30_20_to_the_cent() -> None:
    equities = exact_icm([5000, 3000, 2000], [5000, 3000, 2000])  # in cents
    assert round_to_total(equities, 10000) == (3839, 3275, 2886)


def test_heads_up_is_proportional_to_chips() -> None:
    assert exact_icm([3000, 1000], [700, 300]) == (Fraction(600), Fraction(400))


def test_fewer_prizes_than_players() -> None:
    # winner-take-all: equity = chip share
    assert exact_icm([1, 2, 7], [1000]) == tuple(map(Fraction, (100, 200, 700)))


def brute_force(stacks: list[int], prizes: list[int]) -> list[Fraction]:
    """Harville by enumerating every finishing order (small fields only)."""
    from itertools import permutations

    total = sum(stacks)
    equity = [Fraction(0)] * len(stacks)
    for order in permutations(range(len(stacks))):
        p = Fraction(1)
        left = total
        for player in order:
            p *= Fraction(stacks[player], left)
            left -= stacks[player]
        for place, player in enumerate(order[: len(prizes)]):
            equity[player] += p * prizes[place]
    return equity


@given(
    stacks=st.lists(st.integers(min_value=1, max_value=10_000), min_size=1, max_size=5),
    data=st.data(),
)
def test_property_exact_matches_brute_force(stacks: list[int], data: st.DataObject) -> None:
    prizes = data.draw(
        st.lists(st.integers(min_value=0, max_value=100_000), min_size=1, max_size=len(stacks))
    )
    assert list(exact_icm(stacks, prizes)) == brute_force(stacks, prizes)


@settings(max_examples=60)
@given(
    stacks=st.lists(st.integers(min_value=1, max_value=1_000_000), min_size=2, max_size=8),
    data=st.data(),
)
def test_property_equities_sum_to_prizes_and_follow_stacks(
    stacks: list[int], data: st.DataObject
) -> None:
    prizes = sorted(
        data.draw(
            st.lists(st.integers(min_value=0, max_value=10**7), min_size=1, max_size=len(stacks))
        ),
        reverse=True,
    )
    equities = exact_icm(stacks, prizes)
    assert sum(equities) == sum(prizes)
    for i in range(len(stacks)):
        for j in range(len(stacks)):
            if stacks[i] == stacks[j]:
                assert equities[i] == equities[j]
            elif stacks[i] > stacks[j]:
                assert equities[i] >= equities[j]


def test_ten_players_all_paid_is_exact() -> None:
    rng = random.Random(3)
    stacks = [rng.randint(1, 1000) * 100 for _ in range(10)]
    prizes = [3000, 2000, 1400, 1000, 800, 600, 500, 300, 250, 150]
    result = icm(stacks, prizes)
    assert result.method is IcmMethod.EXACT
    assert sum(result.equities) == sum(prizes)
    assert subsets_to_visit(10, 10) == 1023


def test_monte_carlo_agrees_with_exact_within_its_error() -> None:
    rng = random.Random(11)
    stacks = [rng.randint(1, 100) * 1000 for _ in range(9)]
    prizes = [300000, 200000, 140000, 100000, 80000, 60000, 50000, 40000, 30000]
    exact = exact_icm(stacks, prizes)
    estimate = monte_carlo_icm(stacks, prizes, rng=random.Random(5), samples=20_000)
    assert estimate.method is IcmMethod.MONTE_CARLO
    assert estimate.samples == 20_000
    pool = sum(prizes)
    for e, m, se in zip(exact, estimate.equities, estimate.standard_errors, strict=True):
        assert abs(e - m) <= max(5 * se, 2)
        assert abs(e - m) <= pool / 1000  # within 0.1 % of the pool
    assert estimate.max_standard_error < pool / 2000


def test_icm_beyond_ten_players_uses_monte_carlo_with_a_seeded_rng() -> None:
    stacks = [1000 * (i + 1) for i in range(15)]
    prizes = [5000 - 300 * i for i in range(15)]
    with pytest.raises(InvalidCommand):
        icm(stacks, prizes)
    first = icm(stacks, prizes, rng=random.Random(1), samples=2000)
    again = icm(stacks, prizes, rng=random.Random(1), samples=2000)
    assert first == again
    assert first.method is IcmMethod.MONTE_CARLO
    # many players but few prizes: still exact (cheap)
    assert icm(stacks, prizes[:2]).method is IcmMethod.EXACT


@pytest.mark.parametrize(
    ("stacks", "prizes"),
    [([], [1]), ([100, 0], [1]), ([100, -5], [1]), ([100], []), ([100], [1, 2]), ([1, 2], [-1])],
)
def test_icm_refuses_bad_input(stacks: list[int], prizes: list[int]) -> None:
    with pytest.raises(InvalidCommand):
        exact_icm(stacks, prizes)
    with pytest.raises(InvalidCommand):
        monte_carlo_icm(stacks, prizes, rng=random.Random(0), samples=10)
