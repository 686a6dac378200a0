"""Live chip input with the catalogue's numbers (E1, E12, E13, E15, E16)."""

from __future__ import annotations

import pytest
from engine_helpers import play, start

from pokertd.engine import Action, AllIn, Bet, Call, Check, Fold, Hand, Raise
from pokertd.engine.declarations import rule_on_chips
from pokertd.errors import InvalidCommand

BIG = 100_000


def facing_raise_to_600(prof: str) -> Hand:
    """100/200; A (UTG) raises to 600; B is to act (C = 600, L = 400)."""
    hand = start([BIG] * 4, blinds=(100, 200), prof=prof)
    hand.act(Raise(600))
    return hand


@pytest.mark.parametrize(
    ("prof", "push", "expected", "returned"),
    [
        ("tnpl", [500, 100, 100, 100, 25, 25], Raise(1_000), 0),
        ("foxwoods", [500, 100, 100, 100, 25, 25], Raise(1_000), 0),
        ("kojack", [500, 100, 100, 100, 25, 25], Call(), 250),
        ("spotlight", [500, 100, 100, 100, 25, 25], Call(), 250),
        ("tda", [500, 100, 100, 100, 100], Raise(1_000), 0),
        ("kojack", [500, 100, 100, 100, 100], Raise(1_000), 0),
        ("spotlight", [500, 100, 100, 100, 100], Raise(1_200), 0),
    ],
)
def test_TNPL_H5i_KPC_29B_SPOT_3d10_overcalls(
    prof: str, push: list[int], expected: Action, returned: int
) -> None:
    """E13: facing a raise to 600 (L = 400), B silently pushes 850: TDA (excess 250 >= 200)
    raise completed to 1,000; KPC and SPOT (850 < 900) a call, 250 back. Pushing 900:
    TDA and KPC raise to 1,000, SPOT to 1,200."""
    hand = facing_raise_to_600(prof)
    ruling = rule_on_chips(hand, push)
    assert ruling.action == expected
    assert ruling.returned == returned
    hand.act(expected)


@pytest.mark.parametrize(("prof", "to"), [("tda", 2_000), ("kojack", 2_000), ("spotlight", 2_000)])
def test_E13_facing_an_opening_bet(prof: str, to: int) -> None:
    """E13: post-flop opening bet 1,000 (C = L = 1,000): 1,400 is a call everywhere,
    1,500 a raise to 2,000."""
    hand = start([BIG] * 3, blinds=(500, 1_000), prof=prof)
    play(hand, Call(), Call(), Check(), Bet(1_000))
    assert rule_on_chips(hand, [1_000, 100, 100, 100, 100]).action == Call()
    assert rule_on_chips(hand, [1_000, 500]).action == Raise(to)


def test_FOX_48_KPC_35_single_oversized_chip() -> None:
    """E15: facing a raise to 600 a single 1,000 chip is a call (400 back); with "raise"
    declared it is a raise to 1,000; not facing a bet a 5,000 chip is a bet of 5,000."""
    hand = facing_raise_to_600("tda")
    ruling = rule_on_chips(hand, [1_000])
    assert (ruling.action, ruling.returned) == (Call(), 400)
    assert rule_on_chips(hand, [1_000], declared="raise").action == Raise(1_000)
    flop = start([BIG] * 3, blinds=(100, 200))
    play(flop, Call(), Call(), Check())
    assert rule_on_chips(flop, [5_000]).action == Bet(5_000)


def test_FOX_48_last_oversized_chip_is_a_call() -> None:
    """E15 FOX: D's last chip is a 5,000 facing 1,200: a call of 1,200, he keeps 3,800."""
    hand = start([BIG, BIG, 5_200], blinds=(100, 200), prof="foxwoods")
    play(hand, Call(), Call(), Check(), Bet(1_200), Fold())
    ruling = rule_on_chips(hand, [5_000])
    assert (ruling.action, ruling.returned) == (Call(), 3_800)


def test_KPC_36_last_chips_are_all_in() -> None:
    """E16 KPC: several chips that are the player's last make an all-in."""
    hand = start([BIG, BIG, 900], blinds=(100, 200), prof="kojack")
    ruling = rule_on_chips(hand, [500, 200, 100, 100])
    assert ruling.action == AllIn()
    tda = start([BIG, BIG, 900], blinds=(100, 200))
    assert rule_on_chips(tda, [500, 200, 100, 100]).action == Raise(900)


def test_KPC_29C_opening_bet_below_the_big_blind_is_raised_to_it() -> None:
    """E1: blinds 1,000/2,000, flop: a 30,000 stack pushes 1,000 -> a 2,000 bet."""
    hand = start([32_000, BIG, BIG], blinds=(1_000, 2_000))
    play(hand, Call(), Call(), Check())
    ruling = rule_on_chips(hand, [1_000])
    assert ruling.action == Bet(2_000)
    assert "completed with 1,000" in ruling.reason


def test_FOX_42B_KPC_29A_SPOT_3d9_undercalls() -> None:
    """E12: A opens 1,000 on the flop, B and C to act; B silently pushes 600. TNPL/FOX:
    B must make it 1,000. KPC: B may fold (600 stays) or make it 1,000. SPOT: full."""
    for prof, action, options in (
        ("tnpl", Call(), ()),
        ("foxwoods", Call(), ()),
        ("spotlight", Call(), ()),
        ("kojack", None, (Call(), Fold())),
    ):
        hand = start([BIG] * 3, blinds=(100, 200), prof=prof)
        play(hand, Call(), Call(), Check(), Bet(1_000))
        ruling = rule_on_chips(hand, [500, 100])
        assert ruling.action == action, prof
        assert ruling.options == options


def test_E12_undercall_heads_up_is_always_a_full_call() -> None:
    hand = start([BIG, BIG], button=1, sb=1, bb=0, prof="kojack")
    play(hand, Call(), Check(), Bet(1_000))
    assert rule_on_chips(hand, [500]).action == Call()


def test_E12_undercall_facing_a_raise_multiway_goes_to_the_floor() -> None:
    hand = start([BIG] * 4, blinds=(100, 200))
    play(hand, Raise(600))
    ruling = rule_on_chips(hand, [100, 100])
    assert ruling.floor_decision
    assert ruling.action is None


def test_bad_pushes() -> None:
    hand = facing_raise_to_600("tda")
    with pytest.raises(InvalidCommand):
        rule_on_chips(hand, [])
    with pytest.raises(InvalidCommand):
        rule_on_chips(hand, [BIG * 2])
    with pytest.raises(InvalidCommand):
        rule_on_chips(hand, [100], declared="maybe")
