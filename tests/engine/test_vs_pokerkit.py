"""Differential test: random pokertd hands, written as PHH, replayed by PokerKit.

PokerKit is an independent engine (a dev-only dependency). Where the rulebooks and
PokerKit agree — no-limit and pot-limit, stacks that cover the blinds and antes — both
must end with the same stacks; split pots may differ by the odd chip (PokerKit's odd-chip
rule is not F5's). Known, documented differences are kept out of the draw: a short big
blind's full call (E3) and full count in pot-limit (E6), TDA's blind-first big-blind ante
(B4), and the fixed-limit cap (a bet and four raises here, four bets in PokerKit).
"""

from __future__ import annotations

import random
import warnings

import pytest

from pokertd.engine import Hand
from pokertd.engine.phh import to_phh
from pokertd.rules import AnteType, Variant, load_profile


@pytest.mark.slow
def test_random_hands_end_with_the_same_stacks_in_pokerkit() -> None:
    from pokerkit import HandHistory

    profile = load_profile("tda")
    rng = random.Random(4_242)
    checked = 0
    for _ in range(300):
        n = rng.randint(2, 9)
        variant = rng.choice([Variant.NO_LIMIT_HOLDEM, Variant.POT_LIMIT_OMAHA])
        ante_type = rng.choice([AnteType.NONE, AnteType.PER_PLAYER])
        hand = Hand.start(
            variant=variant,
            stacks=[rng.randint(4, 80) * 25 for _ in range(n)],
            button=n - 1,
            small_blind_seat=0 if n > 2 else 1,
            big_blind_seat=1 if n > 2 else 0,
            small_blind=25,
            big_blind=50,
            ante=25 if ante_type is AnteType.PER_PLAYER else 0,
            ante_type=ante_type,
            profile=profile,
            rng=rng,
        )
        while not hand.is_over:
            r = rng.random()
            bounds = hand.raise_range()
            if r < 0.2 and hand.call_amount:
                hand.do_fold()
            elif r < 0.7 or bounds is None:
                hand.do_check_call()
            else:
                hand.do_raise_to(rng.randint(*bounds))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            *_, state = iter(HandHistory.loads(to_phh(hand)))
        ours = [hand.stacks[s] or 0 for s in hand.seats_dealt]
        theirs: list[int] = [int(x) for x in state.stacks]
        split = any(len(p.winners) > 1 for p in hand.result.pots)
        if split:
            assert sum(ours) == sum(theirs)
            assert sum(abs(a - b) for a, b in zip(ours, theirs, strict=True)) <= 2 * len(
                hand.result.pots
            )
        else:
            assert ours == theirs, to_phh(hand)
        checked += 1
    assert checked == 300
