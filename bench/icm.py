"""ICM speed and accuracy: exact for 10 players, Monte-Carlo for 20.

Targets (issue 6): 10 players exactly under 50 ms; 20 players by Monte-Carlo within 0.1 % of
the pool, under 1 s. The 20-player reference is a floating-point dynamic programme over
every subset (slow, exact to ~1e-12): it is the yardstick, not the product.

Run: ``uv run python bench/icm.py``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from pokertd.tournament.prizes.icm import DEFAULT_SAMPLES, exact_icm, monte_carlo_icm


def float_icm(stacks: Sequence[int], prizes: Sequence[int]) -> list[float]:
    """Reference Harville equities in floating point, over every subset (slow)."""
    n = len(stacks)
    m = min(len(prizes), n)
    full = (1 << n) - 1
    reach: dict[int, float] = {full: 1.0}
    totals: dict[int, int] = {full: sum(stacks)}
    equity = [0.0] * n
    for k in range(m):
        nxt: dict[int, float] = {}
        for mask, p in reach.items():
            total = totals[mask]
            for i in range(n):
                bit = 1 << i
                if mask & bit:
                    q = p * stacks[i] / total
                    equity[i] += q * prizes[k]
                    if k + 1 < m:
                        child = mask ^ bit
                        if child in nxt:
                            nxt[child] += q
                        else:
                            nxt[child] = q
                            totals[child] = total - stacks[i]
        reach = nxt
    return equity


def best_of(repeat: int, fn: object) -> float:
    assert callable(fn)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    rng = random.Random(2026)

    # 10 players, every place paid (1,023 subsets), prizes in cents.
    stacks10 = [rng.randint(10, 2000) * 25 for _ in range(10)]
    prizes10 = [300000, 190000, 124000, 93000, 70000, 56000, 46000, 37000, 30000, 25000]
    t10 = best_of(5, lambda: exact_icm(stacks10, prizes10))
    print(f"exact ICM, 10 players, 10 prizes: {t10 * 1000:.1f} ms (target < 50 ms)")
    raw10 = [rng.randint(1, 10**7) for _ in range(10)]
    t10r = best_of(3, lambda: exact_icm(raw10, prizes10))
    print(
        f"exact ICM, 10 players, stacks up to 10,000,000 with no common factor: "
        f"{t10r * 1000:.1f} ms"
    )

    # 20 players, 20 prizes (a final two tables paying everyone), Monte-Carlo.
    stacks20 = [rng.randint(10, 2000) * 100 for _ in range(20)]
    prizes20 = sorted((rng.randint(1000, 50000) * 100 for _ in range(20)), reverse=True)
    pool = sum(prizes20)
    start = time.perf_counter()
    estimate = monte_carlo_icm(stacks20, prizes20, rng=random.Random(7))
    t20 = time.perf_counter() - start
    start = time.perf_counter()
    reference = float_icm(stacks20, prizes20)
    tref = time.perf_counter() - start
    worst = max(abs(float(e) - r) for e, r in zip(estimate.equities, reference, strict=True))
    print(
        f"Monte-Carlo ICM, 20 players, 20 prizes, {DEFAULT_SAMPLES:,} samples: {t20:.2f} s "
        f"(target < 1 s)"
    )
    se = estimate.max_standard_error
    print(
        f"  worst error vs exact: {worst / 100:,.2f} of a {pool / 100:,.2f} pool = "
        f"{100 * worst / pool:.4f} % (target < 0.1 %); largest stated standard error "
        f"{se / 100:,.2f} = {100 * se / pool:.4f} %"
    )
    print(f"  (reference: floating-point DP over 2^20 subsets took {tref:.1f} s)")


if __name__ == "__main__":
    main()
