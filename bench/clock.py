"""Clock and chip-race speed: what a TV display and an engine-play colour-up cost.

Prints three figures:

* ``view()`` calls per second on a clock that has run eight hours with pauses (a display
  asks once a second per screen; replay asks once per event);
* a full replay of a night's clock events (start, 40 pauses and resumes, level moves,
  hand-for-hand) folded through the log, per second;
* chip races per second at a 10-handed table (engine play colours up every table).

Run: ``uv run python -m bench.clock``.
"""

from __future__ import annotations

import random
import time
from datetime import UTC, datetime, timedelta

from pokertd.rules import load_profile
from pokertd.tournament.clock import color_up, load_structure
from pokertd.tournament.clock import rules as clk

T0 = datetime(2026, 11, 22, 19, 0, tzinfo=UTC)


def night() -> clk.ClockState:
    """A Wednesday clock with 40 pauses over the evening."""
    state = clk.start(clk.new_clock(load_structure("fox_wed")), T0)
    t = T0
    for _ in range(20):
        t += timedelta(minutes=11)
        state = clk.pause(state, t)
        t += timedelta(minutes=2)
        state = clk.resume(state, t)
    return state


def bench_view(n: int = 20_000) -> float:
    state = night()
    at = T0 + timedelta(hours=8)
    start = time.perf_counter()
    for i in range(n):
        clk.view(state, at + timedelta(seconds=i % 60))
    return n / (time.perf_counter() - start)


def bench_replay(n: int = 200) -> float:
    fox = load_profile("foxwoods")
    start = time.perf_counter()
    for _ in range(n):
        state = night()
        state = clk.set_level(state, T0 + timedelta(hours=5), 14)
        state = clk.hand_for_hand_on(state, T0 + timedelta(hours=5))
        for hand in range(20):
            state = clk.hand_finished(state, T0 + timedelta(hours=5, minutes=hand * 3), fox)
    return n / (time.perf_counter() - start)


def bench_race(n: int = 5_000) -> float:
    rng = random.Random(1)
    chips = load_structure("fox_wed").chips
    fox = load_profile("foxwoods")
    stacks = [{seat: rng.randrange(0, 400) * 100 for seat in range(1, 11)} for _ in range(64)]
    start = time.perf_counter()
    for i in range(n):
        color_up(stacks[i % 64], removed=[100], chips=chips, profile=fox, rng=rng)
    return n / (time.perf_counter() - start)


def main() -> None:
    print(f"clock view():              {bench_view():>10,.0f} per second")
    print(f"night replay (60 steps):   {bench_replay():>10,.0f} per second")
    print(f"chip race, 10 players:     {bench_race():>10,.0f} per second")


if __name__ == "__main__":
    main()
