"""Hands per second: pokertd's engine against PokerKit, same hands, same policy.

Both engines play complete hands with every card dealt, to showdown or fold, driven by
one random policy: fold 0.20 / check-call 0.55 / min-raise 0.20 / all-in 0.05 (a fold
facing nothing is a check, a raise that is not allowed is a check-call). Each bot asks its
engine what is legal through the public API only when its choice needs it (pokertd
``hand.call_amount`` and ``hand.raise_range()``, the cheap parts of ``hand.legal()``;
PokerKit ``can_fold()``, ``can_complete_bet_or_raise_to()`` and the min/max amounts) and
acts through the trusted path (``do_*``), as a bot choosing among legal actions may.

Scenarios: (a) 6-max no-limit hold'em, 100 big-blind stacks, blinds 1/2; (b) 9-max with a
big-blind ante (1/2, ante 2). Each run plays a batch of hands per engine; the figures are
medians over the runs. Time is the process's CPU time (``time.process_time``), so other
work on a shared machine does not count against either engine.

    uv run python bench/engine_vs_pokerkit.py [--runs 5] [--hands 20000] [--pk-hands 300]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from pokertd.engine import Hand
from pokertd.rules import AnteType, load_profile

FOLD, CALL, MINRAISE = 0.20, 0.75, 0.95  # cumulative: fold, check-call, min-raise, all-in


def pokertd_hands(count: int, seats: int, ante: int, seed: int) -> float:
    """Play ``count`` hands through pokertd; return hands per second."""
    profile = load_profile("tda")
    rng = random.Random(seed)
    ante_type = AnteType.BIG_BLIND_ANTE if ante else AnteType.NONE
    stacks = [200] * seats
    button = seats - 1
    start = time.process_time()
    for _ in range(count):
        hand = Hand.start(
            stacks=stacks,
            button=button,
            small_blind_seat=0,
            big_blind_seat=1,
            small_blind=1,
            big_blind=2,
            ante=ante,
            ante_type=ante_type,
            profile=profile,
            rng=rng,
        )
        while not hand.is_over:
            r = rng.random()
            if r < FOLD:
                if hand.call_amount:
                    hand.do_fold()
                else:
                    hand.do_check_call()
            elif r < CALL:
                hand.do_check_call()
            else:
                bounds = hand.raise_range()
                if bounds is None:
                    hand.do_check_call()
                else:
                    hand.do_raise_to(bounds[0] if r < MINRAISE else bounds[1])
    return count / (time.process_time() - start)


def pokerkit_hands(count: int, seats: int, ante: int, seed: int) -> float:
    """Play ``count`` hands through PokerKit; return hands per second."""
    from pokerkit import Automation, NoLimitTexasHoldem

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    antes: dict[int, int] = {1: ante} if ante else {}
    rng = random.Random(seed)
    random.seed(seed)  # PokerKit shuffles with the global random module
    start = time.process_time()
    for _ in range(count):
        state = NoLimitTexasHoldem.create_state(
            automations, False, antes, (1, 2), 2, (200,) * seats, seats
        )
        while state.status:
            r = rng.random()
            if r < FOLD:
                if state.can_fold():
                    state.fold()
                else:
                    state.check_or_call()
            elif r < CALL or not state.can_complete_bet_or_raise_to():
                state.check_or_call()
            elif r < MINRAISE:
                state.complete_bet_or_raise_to(state.min_completion_betting_or_raising_to_amount)
            else:
                state.complete_bet_or_raise_to(state.max_completion_betting_or_raising_to_amount)
    return count / (time.process_time() - start)


def median_rate(
    play: Callable[[int, int, int, int], float], runs: int, count: int, seats: int, ante: int
) -> float:
    return statistics.median(play(count, seats, ante, 1000 + run) for run in range(runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--hands", type=int, default=20_000, help="pokertd hands per run")
    parser.add_argument("--pk-hands", type=int, default=300, help="PokerKit hands per run")
    args = parser.parse_args()
    scenarios = (("(a) 6-max NLHE, 100 BB, 1/2", 6, 0), ("(b) 9-max NLHE, BBA 2", 9, 2))
    print(f"{'scenario':32} {'pokertd h/s':>12} {'PokerKit h/s':>13} {'ratio':>7}")
    for name, seats, ante in scenarios:
        ours = median_rate(pokertd_hands, args.runs, args.hands, seats, ante)
        theirs = median_rate(pokerkit_hands, args.runs, args.pk_hands, seats, ante)
        print(f"{name:32} {ours:12,.0f} {theirs:13,.0f} {ours / theirs:7.1f}")


if __name__ == "__main__":
    main()
