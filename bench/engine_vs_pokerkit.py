"""Hands per second: pokertd's engine against PokerKit, same hands, same policy, three paths.

Both engines play complete hands with every card dealt, to showdown or fold, driven by
one random policy: fold 0.20 / check-call 0.55 / min-raise 0.20 / all-in 0.05 (a fold
facing nothing is a check, a raise that is not allowed is a check-call). Each scenario is
measured on three paths, in the same run, and each pokertd path is set against PokerKit
doing the same work:

checked, with result
    pokertd: ``Hand.start`` (arguments validated), then for every decision ``hand.legal()``
    (everything the player may do: fold/check, call amount, raise bounds) and
    ``hand.act(action)`` (the action verified against the rules, applied, its
    ``ActionRecord`` returned); at the end ``hand.result`` (pots, winners, odd chips,
    eliminations, the winning hand in words). PokerKit: ``create_state``, then for every
    decision its validated API (``can_fold()``, ``can_check_or_call()``,
    ``checking_or_calling_amount``, ``can_complete_bet_or_raise_to()`` and, when a raise
    is allowed, the min/max amounts) and the action (which PokerKit verifies again, as
    every PokerKit action does); at the end ``state.payoffs`` and ``state.stacks``.
checked, no result
    The same without building the result (PokerKit without reading payoffs and stacks).
trusted
    pokertd: ``Hand.start(..., trusted=True)`` (the caller vouches for the arguments)
    and the unchecked ``do_*`` methods, asking only ``hand.call_amount`` and
    ``hand.raise_range()`` when the choice needs them, as a bot choosing among legal
    actions may. PokerKit has no unchecked path: the cheapest one it offers, asking
    ``can_fold()`` / ``can_complete_bet_or_raise_to()`` and the amounts only when the
    choice needs them.

Scenarios: (a) 6-max no-limit hold'em, 100 big-blind stacks, blinds 1/2; (b) 9-max with a
big-blind ante (1/2, ante 2); (c) 6-max seven-card stud and (d) 6-max razz (issue 28):
``StudHand`` against PokerKit's ``FixedLimitSevenCardStud`` / ``FixedLimitRazz``, ante 1,
bring-in 2, bets 4/8, 400-chip stacks, both capped at four bets a street (the TDA profile
with ``raise_cap_limit = 3``, PokerKit's cap). In stud the policy is fold 0.20 /
check-call 0.55 / complete-bet-raise 0.25 (fixed limit has one amount: min-raise and all-in
are the same choice); the bring-in's seat, who may not fold, brings in on "fold" and
"check-call" and completes on "raise". The stud engine has no trusted ``start`` (it is
written for reading, not speed): its trusted path is ``StudHand.start`` and the unchecked
``do_*`` methods, asking ``call_amount`` / ``raise_range()`` only when needed. Six players
because PokerKit deals no common card (seven to seventh street run the deck out). Each
run plays a batch of hands per engine and path (runs
interleaved, so drift on a shared machine hits every path alike); the figures are medians
over the runs. Time is the process's CPU time (``time.process_time``), so other work on a
shared machine does not count against either engine.

    uv run python bench/engine_vs_pokerkit.py [--runs 5] [--hands 20000] [--pk-hands 300]
        [--scenarios a,b,c,d]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from pokertd.engine import COMPILED, Bet, BringIn, Call, Check, Fold, Hand, Raise
from pokertd.engine.stud import StudHand
from pokertd.rules import AnteType, StudVariant, load_profile

FOLD, CALL, MINRAISE = 0.20, 0.75, 0.95  # cumulative: fold, check-call, min-raise, all-in

Play = Callable[[int, int, int, int], float]
"""A driver: (hands, seats, ante, seed) -> hands per second."""

STUD_PROFILE = load_profile("tda").replace(raise_cap_limit=3)
"""A bet and three raises a street: PokerKit's cap of four bets (the same work)."""
STUD_STACK, BRING_IN, SMALL_BET, BIG_BET = 400, 2, 4, 8


def _start_kwargs(seats: int, ante: int) -> dict[str, Any]:
    return {
        "stacks": [200] * seats,
        "button": seats - 1,
        "small_blind_seat": 0,
        "big_blind_seat": 1,
        "small_blind": 1,
        "big_blind": 2,
        "ante": ante,
        "ante_type": AnteType.BIG_BLIND_ANTE if ante else AnteType.NONE,
        "profile": load_profile("tda"),
    }


def pokertd_checked(count: int, seats: int, ante: int, seed: int, with_result: bool) -> float:
    """Play ``count`` hands through ``legal()`` + ``act()``; return hands per second."""
    kwargs = _start_kwargs(seats, ante)
    rng = random.Random(seed)
    fold, check, call = Fold(), Check(), Call()
    start = time.process_time()
    for _ in range(count):
        hand = Hand.start(rng=rng, **kwargs)
        while not hand.is_over:
            legal = hand.legal()
            r = rng.random()
            if r < FOLD:
                hand.act(check if legal.can_check else fold)
            elif r < CALL or not legal.can_raise:
                hand.act(check if legal.can_check else call)
            else:
                to = legal.min_raise_to if r < MINRAISE else legal.max_raise_to
                hand.act(Bet(to) if legal.is_bet else Raise(to))
        if with_result:
            hand.result  # noqa: B018  (the property builds the result)
    return count / (time.process_time() - start)


def pokertd_trusted(count: int, seats: int, ante: int, seed: int) -> float:
    """Play ``count`` hands through the unchecked ``do_*`` path; return hands per second."""
    kwargs = _start_kwargs(seats, ante) | {"trusted": True}
    rng = random.Random(seed)
    start = time.process_time()
    for _ in range(count):
        hand = Hand.start(rng=rng, **kwargs)
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


def _pokerkit_state(seats: int, ante: int) -> Any:
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
    return NoLimitTexasHoldem.create_state(
        automations, False, antes, (1, 2), 2, (200,) * seats, seats
    )


def pokerkit_checked(count: int, seats: int, ante: int, seed: int, with_result: bool) -> float:
    """Play ``count`` hands through PokerKit asking everything that is legal before every
    action (the work ``legal()`` does); return hands per second."""
    rng = random.Random(seed)
    random.seed(seed)  # PokerKit shuffles with the global random module
    start = time.process_time()
    for _ in range(count):
        state = _pokerkit_state(seats, ante)
        while state.status:
            can_fold = state.can_fold()
            state.can_check_or_call()
            to_call = state.checking_or_calling_amount
            can_raise = state.can_complete_bet_or_raise_to()
            if can_raise:
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
            r = rng.random()
            if r < FOLD:
                if can_fold and to_call:
                    state.fold()
                else:
                    state.check_or_call()
            elif r < CALL or not can_raise:
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to(low if r < MINRAISE else high)
        if with_result:
            state.payoffs  # noqa: B018
            tuple(state.stacks)
    return count / (time.process_time() - start)


def pokerkit_minimal(count: int, seats: int, ante: int, seed: int) -> float:
    """Play ``count`` hands through PokerKit asking only what the choice needs (PokerKit's
    cheapest path: it verifies every action itself); return hands per second."""
    rng = random.Random(seed)
    random.seed(seed)
    start = time.process_time()
    for _ in range(count):
        state = _pokerkit_state(seats, ante)
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


PATHS: tuple[tuple[str, Play, Play], ...] = (
    (
        "checked + result",
        lambda c, s, a, seed: pokertd_checked(c, s, a, seed, True),
        lambda c, s, a, seed: pokerkit_checked(c, s, a, seed, True),
    ),
    (
        "checked, no result",
        lambda c, s, a, seed: pokertd_checked(c, s, a, seed, False),
        lambda c, s, a, seed: pokerkit_checked(c, s, a, seed, False),
    ),
    ("trusted do_*", pokertd_trusted, pokerkit_minimal),
)

# --- stud and razz (issue 28) ------------------------------------------------------------


def _stud_kwargs(variant: StudVariant, seats: int, ante: int) -> dict[str, Any]:
    return {
        "variant": variant,
        "stacks": [STUD_STACK] * seats,
        "button": seats - 1,
        "ante": ante,
        "bring_in": BRING_IN,
        "small_bet": SMALL_BET,
        "big_bet": BIG_BET,
        "profile": STUD_PROFILE,
    }


def stud_checked(
    variant: StudVariant, count: int, seats: int, ante: int, seed: int, with_result: bool
) -> float:
    """Play ``count`` stud hands through ``legal()`` + ``act()``; return hands per second."""
    kwargs = _stud_kwargs(variant, seats, ante)
    rng = random.Random(seed)
    fold, check, call, bring_in = Fold(), Check(), Call(), BringIn()
    start = time.process_time()
    for _ in range(count):
        hand = StudHand.start(rng=rng, **kwargs)
        while not hand.is_over:
            legal = hand.legal()
            r = rng.random()
            if r < CALL or not legal.can_raise:
                if hand.bring_in_due:
                    hand.act(bring_in)
                elif r < FOLD and not legal.can_check:
                    hand.act(fold)
                else:
                    hand.act(check if legal.can_check else call)
            else:
                to = legal.max_raise_to
                hand.act(Bet(to) if legal.is_bet else Raise(to))
        if with_result:
            hand.result  # noqa: B018  (the property builds the result)
    return count / (time.process_time() - start)


def stud_trusted(variant: StudVariant, count: int, seats: int, ante: int, seed: int) -> float:
    """Play ``count`` stud hands through the unchecked ``do_*`` path; hands per second."""
    kwargs = _stud_kwargs(variant, seats, ante)
    rng = random.Random(seed)
    start = time.process_time()
    for _ in range(count):
        hand = StudHand.start(rng=rng, **kwargs)
        while not hand.is_over:
            r = rng.random()
            if r < CALL:
                if hand.bring_in_due:
                    hand.do_bring_in()
                elif r < FOLD and hand.call_amount:
                    hand.do_fold()
                else:
                    hand.do_check_call()
            else:
                bounds = hand.raise_range()
                if bounds is not None:
                    hand.do_raise_to(bounds[1])
                elif hand.bring_in_due:
                    hand.do_bring_in()
                else:
                    hand.do_check_call()
    return count / (time.process_time() - start)


def _pokerkit_stud(variant: StudVariant, seats: int, ante: int) -> Any:
    from pokerkit import Automation, FixedLimitRazz, FixedLimitSevenCardStud

    game: Any = FixedLimitRazz if variant is StudVariant.RAZZ else FixedLimitSevenCardStud
    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    return game.create_state(
        automations, False, ante, BRING_IN, SMALL_BET, BIG_BET, (STUD_STACK,) * seats, seats
    )


def pokerkit_stud_checked(
    variant: StudVariant, count: int, seats: int, ante: int, seed: int, with_result: bool
) -> float:
    """PokerKit stud asking everything that is legal before every action (the work
    ``legal()`` does: bring-in, fold, check/call and its amount, completion/bet/raise and
    its amounts); return hands per second."""
    rng = random.Random(seed)
    random.seed(seed)  # PokerKit shuffles with the global random module
    start = time.process_time()
    for _ in range(count):
        state = _pokerkit_stud(variant, seats, ante)
        while state.status:
            bring_in_due = state.can_post_bring_in()
            can_fold = state.can_fold()
            state.can_check_or_call()
            to_call = state.checking_or_calling_amount
            can_raise = state.can_complete_bet_or_raise_to()
            if can_raise:
                state.min_completion_betting_or_raising_to_amount  # noqa: B018
                high = state.max_completion_betting_or_raising_to_amount
            r = rng.random()
            if r < CALL or not can_raise:
                if bring_in_due:
                    state.post_bring_in()
                elif r < FOLD and can_fold and to_call:
                    state.fold()
                else:
                    state.check_or_call()
            else:
                state.complete_bet_or_raise_to(high)
        if with_result:
            state.payoffs  # noqa: B018
            tuple(state.stacks)
    return count / (time.process_time() - start)


def pokerkit_stud_minimal(
    variant: StudVariant, count: int, seats: int, ante: int, seed: int
) -> float:
    """PokerKit stud asking only what the choice needs; return hands per second."""
    rng = random.Random(seed)
    random.seed(seed)
    start = time.process_time()
    for _ in range(count):
        state = _pokerkit_stud(variant, seats, ante)
        while state.status:
            r = rng.random()
            if r < CALL or not state.can_complete_bet_or_raise_to():
                if state.can_post_bring_in():
                    state.post_bring_in()
                elif r < FOLD and state.checking_or_calling_amount:
                    state.fold()
                else:
                    state.check_or_call()
            else:
                state.complete_bet_or_raise_to(state.max_completion_betting_or_raising_to_amount)
    return count / (time.process_time() - start)


def stud_paths(variant: StudVariant) -> tuple[tuple[str, Play, Play], ...]:
    """The three paths of a stud scenario (the same names as hold'em's)."""
    return (
        (
            "checked + result",
            lambda c, s, a, seed: stud_checked(variant, c, s, a, seed, True),
            lambda c, s, a, seed: pokerkit_stud_checked(variant, c, s, a, seed, True),
        ),
        (
            "checked, no result",
            lambda c, s, a, seed: stud_checked(variant, c, s, a, seed, False),
            lambda c, s, a, seed: pokerkit_stud_checked(variant, c, s, a, seed, False),
        ),
        (
            "trusted do_*",
            lambda c, s, a, seed: stud_trusted(variant, c, s, a, seed),
            lambda c, s, a, seed: pokerkit_stud_minimal(variant, c, s, a, seed),
        ),
    )


SCENARIOS: tuple[tuple[str, str, int, int, tuple[tuple[str, Play, Play], ...]], ...] = (
    ("a", "(a) 6-max NLHE, 100 BB, 1/2", 6, 0, PATHS),
    ("b", "(b) 9-max NLHE, BBA 2", 9, 2, PATHS),
    ("c", "(c) 6-max stud, 1/2, 4/8", 6, 1, stud_paths(StudVariant.SEVEN_CARD_STUD)),
    ("d", "(d) 6-max razz, 1/2, 4/8", 6, 1, stud_paths(StudVariant.RAZZ)),
)
"""(key, name, seats, ante, paths); stud names read "ante/bring-in, small/big bet"."""

HEADER = """\
pokertd vs PokerKit, hands/s (CPU time, medians of {runs} runs; {hands:,} pokertd and
{pk:,} PokerKit hands per run and path). Same policy both sides. Engine build: {build}.
  checked + result   pokertd Hand.start + legal() + act() every action + hand.result;
                     PokerKit can_*/amounts before every action, the action, payoffs/stacks
  checked, no result the same without the result
  trusted do_*       pokertd Hand.start(trusted=True) + do_* (asking call_amount /
                     raise_range() only when needed); PokerKit's cheapest path (asks only
                     what the choice needs; PokerKit verifies every action regardless)
  (c), (d) stud/razz StudHand (legal() + act(), result; trusted: do_*) against PokerKit's
                     FixedLimitSevenCardStud / FixedLimitRazz, the same three ways
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--hands", type=int, default=20_000, help="pokertd hands per run")
    parser.add_argument("--pk-hands", type=int, default=300, help="PokerKit hands per run")
    parser.add_argument(
        "--scenarios", default="a,b,c,d", help="which scenarios, by letter (default: all)"
    )
    args = parser.parse_args()
    wanted = {k.strip() for k in args.scenarios.split(",")}
    import pokerkit  # noqa: F401  (imported before any timing, not inside the first run)

    print(HEADER.format(runs=args.runs, hands=args.hands, pk=args.pk_hands,
                        build="compiled (mypyc)" if COMPILED else "pure Python"))  # fmt: skip
    print(f"{'scenario':30} {'path':20} {'pokertd h/s':>12} {'PokerKit h/s':>13} {'ratio':>7}")
    for key, name, seats, ante, paths in SCENARIOS:
        if key not in wanted:
            continue
        ours: list[list[float]] = [[] for _ in paths]
        theirs: list[list[float]] = [[] for _ in paths]
        for run in range(args.runs):
            for i, (_, mine, pk) in enumerate(paths):
                ours[i].append(mine(args.hands, seats, ante, 1000 + run))
                theirs[i].append(pk(args.pk_hands, seats, ante, 1000 + run))
        for i, (path, _, _) in enumerate(paths):
            a = statistics.median(ours[i])
            b = statistics.median(theirs[i])
            print(f"{name:30} {path:20} {a:12,.0f} {b:13,.0f} {a / b:7.1f}")


if __name__ == "__main__":
    main()
