"""Invariants over random hands and random actions (Hypothesis), and the slow tier."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.engine import (
    AllIn,
    Call,
    Check,
    Fold,
    Hand,
    Muck,
    Raise,
    Show,
    build_pots,
)
from pokertd.engine.phh import replay_phh, to_phh
from pokertd.rules import BUILTIN_PROFILES, AnteType, RuleProfile, Variant, load_profile

PROFILES: dict[str, RuleProfile] = {name: load_profile(name) for name in BUILTIN_PROFILES}


@st.composite
def hands(draw: st.DrawFn) -> tuple[Hand, int]:
    """A random table (2-11 seats, empty and waiting seats, dead hands, any variant and
    profile, antes), dealt with a drawn seed."""
    n = draw(st.integers(2, 11))
    stacks: list[int | None] = draw(
        st.lists(
            st.one_of(st.none(), st.just(0), st.integers(1, 60), st.integers(1, 5_000)),
            min_size=n,
            max_size=n,
        )
    )
    occupied = [s for s in range(n) if stacks[s]]
    if len(occupied) < 2:
        stacks[0], stacks[-1] = 1_000, 1_000
        occupied = [s for s in range(n) if stacks[s]]
    button = draw(st.sampled_from(range(n)))
    after = [s for s in (*range(button + 1, n), *range(button + 1)) if s in occupied]
    if len(after) == 2:
        bb, sb = after[0], after[1]
    else:
        sb, bb = after[0], after[1]
    dead_sb = draw(st.booleans()) and len(after) > 2
    dead = 0
    for s in occupied:
        if draw(st.integers(0, 19)) == 0:
            dead |= 1 << s
    seed = draw(st.integers(0, 2**32 - 1))
    hand = Hand.start(
        variant=draw(st.sampled_from(list(Variant))),
        stacks=stacks,
        button=button,
        small_blind_seat=None if dead_sb else sb,
        big_blind_seat=bb,
        small_blind=draw(st.sampled_from([5, 10, 25])),
        big_blind=draw(st.sampled_from([10, 20, 50])),
        ante=draw(st.sampled_from([0, 5, 20])),
        ante_type=draw(st.sampled_from(list(AnteType))),
        profile=PROFILES[draw(st.sampled_from(BUILTIN_PROFILES))],
        rng=random.Random(seed),
        dead=dead,
        min_chip=draw(st.sampled_from([1, 5])),
        players_in_tournament=draw(st.sampled_from([None, 2, 40])),
        auto_showdown=draw(st.booleans()),
    )
    return hand, sum(s or 0 for s in stacks)


def _act_randomly(hand: Hand, pick: random.Random) -> None:
    legal = hand.legal()
    if legal.can_show:
        hand.act(Muck() if legal.can_muck and pick.random() < 0.4 else Show())
        return
    r = pick.random()
    if r < 0.15:
        hand.act(Fold())
    elif r < 0.6 or not legal.can_raise:
        hand.act(Check() if legal.can_check else Call())
    elif r < 0.9:
        hand.act(Raise(pick.randint(legal.min_raise_to, legal.max_raise_to)))
    elif legal.max_raise_to == legal.all_in_to:
        hand.act(AllIn())
    else:
        hand.act(Call())


@settings(max_examples=300, deadline=None)
@given(hands(), st.integers(0, 2**32 - 1))
def test_chips_are_conserved_and_never_negative(drawn: tuple[Hand, int], seed: int) -> None:
    """After every action: stacks + pot = chips at the start; no stack below zero. At the
    end the pots hold every chip and the final stacks add up."""
    hand, total = drawn
    pick = random.Random(seed)
    dealt = set(hand.seats_dealt)
    not_dealt = total - sum(hand.stacks[s] or 0 for s in dealt) - hand.pot
    if hand.is_over:  # dead hands can end it at the deal (K6)
        not_dealt = total - sum(hand.result.start_stacks[s] or 0 for s in dealt)
    steps = 0
    while not hand.is_over:
        _act_randomly(hand, pick)
        steps += 1
        assert steps < 400
        stacks = hand.stacks
        assert all(s is None or s >= 0 for s in stacks)
        if not hand.is_over:
            assert sum(s or 0 for s in stacks) + hand.pot + not_dealt == total
    result = hand.result
    assert sum(s or 0 for s in result.final_stacks) + not_dealt == total
    won = sum(amount for _, amount in result.won)
    assert won == sum(p.amount for p in result.pots)
    for pot in result.pots:
        assert set(pot.winners) <= set(pot.eligible)
        assert sum(a for _, a in pot.awards) == pot.amount


def _brute_force_pots(contrib: list[int], live: int, dead: int) -> Counter[int]:
    """Chip by chip: the j-th chip a player put in belongs to the pot of the live players
    who put in at least j chips."""
    pots: Counter[int] = Counter()
    for c in contrib:
        for j in range(1, c + 1):
            eligible = 0
            for i, other in enumerate(contrib):
                if live >> i & 1 and other >= j:
                    eligible |= 1 << i
            if eligible == 0:
                top = max(contrib[i] for i in range(len(contrib)) if live >> i & 1)
                eligible = sum(
                    1 << i for i in range(len(contrib)) if live >> i & 1 and contrib[i] >= top
                )
            pots[eligible] += 1
    pots[live] += dead
    return pots


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 60), min_size=2, max_size=9),
    st.integers(1, 2**9 - 1),
    st.integers(0, 30),
)
def test_side_pots_equal_a_brute_force_recomputation(
    contrib: list[int], live_bits: int, dead: int
) -> None:
    """F1: pots built level by level equal a chip-by-chip recomputation."""
    live = live_bits & ((1 << len(contrib)) - 1)
    if not live:
        live = 1
    pots = build_pots(contrib, live, dead)
    assert sum(a for a, _ in pots) == sum(contrib) + dead
    got: Counter[int] = Counter()
    for amount, eligible in pots:
        got[eligible] += amount
    want = _brute_force_pots(contrib, live, dead)
    assert +got == +want
    # main pot first: each later pot's players are a subset of the one before
    for (_, a), (_, b) in itertools.pairwise(pots):
        assert b & a == b


def _play_seeded(seed: int, deck: list[int] | None = None) -> Hand:
    rng = random.Random(seed)
    hand = Hand.start(
        stacks=[1_000, 2_000, 0, 1_500, 3_000, 800],
        button=5,
        small_blind_seat=0,
        big_blind_seat=1,
        small_blind=10,
        big_blind=20,
        rng=None if deck is not None else rng,
        deck=deck,
    )
    pick = random.Random(seed + 1)
    while not hand.is_over:
        _act_randomly(hand, pick)
    return hand


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_same_seed_replays_the_same_hand(seed: int) -> None:
    """The same seed deals and plays the same hand; the recorded deck replays it too."""
    one = _play_seeded(seed)
    two = _play_seeded(seed)
    three = _play_seeded(seed, deck=one.deck)
    assert one.actions == two.actions == three.actions
    assert one.result == two.result == three.result


@settings(max_examples=80, deadline=None)
@given(hands(), st.integers(0, 2**32 - 1))
def test_phh_round_trips(drawn: tuple[Hand, int], seed: int) -> None:
    """Any hand written as PHH replays through the checked path to the same result."""
    hand, _ = drawn
    pick = random.Random(seed)
    while not hand.is_over:
        _act_randomly(hand, pick)
    replay = replay_phh(to_phh(hand))
    assert replay.matches is True
    assert [(a.seat, a.kind, a.to) for a in replay.hand.actions] == [
        (hand.seats_dealt.index(a.seat), a.kind, a.to) for a in hand.actions
    ]


def test_copy_is_independent() -> None:
    hand = _play_seeded(3)
    fresh = Hand.start(
        stacks=[1_000] * 4,
        button=3,
        small_blind_seat=0,
        big_blind_seat=1,
        small_blind=10,
        big_blind=20,
        rng=random.Random(5),
    )
    branch = fresh.copy()
    branch.act(Fold())
    assert fresh.actor == 2
    assert branch.actor == 3
    assert len(fresh.actions) == 0
    assert hand.is_over


@pytest.mark.slow
def test_100000_random_hands_without_an_exception() -> None:
    """The slow tier: 100,000 random hands (6-10 seats, all variants and profiles, random
    stacks, antes and actions) through the trusted path guided by ``legal()``."""
    rng = random.Random(20_261_122)
    profiles = list(PROFILES.values())
    variants = list(Variant)
    hands_played = 0
    for _ in range(100_000):
        n = rng.randint(2, 10)
        stacks = [rng.randint(1, 5_000) for _ in range(n)]
        hand = Hand.start(
            variant=variants[rng.randrange(3)],
            stacks=stacks,
            button=n - 1,
            small_blind_seat=0 if n > 2 else 1,
            big_blind_seat=1 if n > 2 else 0,
            small_blind=25,
            big_blind=50,
            ante=rng.choice((0, 50)),
            ante_type=AnteType.BIG_BLIND_ANTE,
            profile=profiles[rng.randrange(len(profiles))],
            rng=rng,
        )
        while not hand.is_over:
            r = rng.random()
            legal = hand.legal()
            if r < 0.2:
                hand.do_fold()
            elif r < 0.75 or not legal.can_raise:
                hand.do_check_call()
            elif r < 0.95:
                hand.do_raise_to(legal.min_raise_to)
            else:
                hand.do_raise_to(legal.max_raise_to)
        final = hand.result.final_stacks
        assert sum(s or 0 for s in final) == sum(stacks)
        hands_played += 1
    assert hands_played == 100_000
