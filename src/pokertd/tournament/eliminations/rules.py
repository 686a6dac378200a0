"""Eliminations' pure rules: how players out in the same hand are ranked (G3).

One ranking for the live floor (:mod:`pokertd.tournament.eliminations.views`), which the
simulator reaches through the same ``Bust`` command: more chips at the start of the hand place
higher; equal keys tie and share the places (IMPL, TDA). Spotlight breaks ties by the
better hand, then the most blue chips (``simultaneous_elim_order``); cards never decide
otherwise (TNPL-D9). With a start stack unknown, nobody can be ranked: they all share.

Implements: SPOT-6.14, TNPL-D9 (G3); NJ-6b (G2: an event that ends at a set time).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from pokertd.rules import FinishMethod, SimultaneousElimOrder
from pokertd.types import Chips

T = TypeVar("T")

_NO_HAND_RANK = 10**6
"""A missing hand rank sorts below every recorded one."""


def same_hand_group(hand: str) -> str:
    """The same-hand key (``PlayersBusted.group``) of busts in the hand named ``hand``: every
    bust recorded with this key is ranked together (G3).

    >>> same_hand_group("HFH-3")
    'hand:HFH-3'
    """
    return f"hand:{hand}"


def same_hand_key(
    start_stack: Chips | None,
    order: SimultaneousElimOrder = SimultaneousElimOrder.START_STACK_THEN_SHARED,
    *,
    hand_rank: int | None = None,
    blue_chips: int | None = None,
) -> tuple[int, ...]:
    """The key a same-hand bust is ranked by; higher places higher (G3).

    Start stack first; under ``start_stack_then_hand_then_blue_chips`` (SPOT-6.14) the
    better hand (rank 1 = best) and then more blue chips break a tie.

    >>> same_hand_key(5000)
    (5000,)
    >>> order = SimultaneousElimOrder.START_STACK_THEN_HAND_THEN_BLUE_CHIPS
    >>> same_hand_key(5000, order, hand_rank=1, blue_chips=3)
    (5000, -1, 3)
    """
    stack = start_stack if start_stack is not None else -1
    if order is SimultaneousElimOrder.START_STACK_THEN_HAND_THEN_BLUE_CHIPS:
        hand = -(hand_rank if hand_rank is not None else _NO_HAND_RANK)
        blues = blue_chips if blue_chips is not None else -1
        return (stack, hand, blues)
    return (stack,)


def rank_same_hand(
    members: Sequence[T], key: Callable[[T], tuple[int, ...]], *, stacks_known: bool = True
) -> list[list[T]]:
    """Players out in the same hand, best first, equal keys together (each inner list is
    one tie, sharing its places). Ties keep the order of ``members``.

    ``stacks_known=False`` (a start stack not recorded) ranks nobody: one shared tier.

    >>> rank_same_hand(["a", "b", "c"], {"a": (100,), "b": (300,), "c": (100,)}.__getitem__)
    [['b'], ['a', 'c']]
    >>> rank_same_hand(["a", "b"], lambda m: (0,), stacks_known=False)
    [['a', 'b']]
    """
    if len(members) > 1 and not stacks_known:
        return [list(members)]
    tiers: list[list[T]] = []
    for m in sorted(members, key=key, reverse=True):
        if tiers and key(tiers[-1][0]) == key(m):
            tiers[-1].append(m)
        else:
            tiers.append([m])
    return tiers


def ends_at_set_time(*methods: FinishMethod | None) -> bool:
    """Whether an event may end at its set time, ranked by chip count (G2: NJ-6b): its
    template's or its profile's finish method (``methods``, ``None`` = not set) is
    ``timed_chip_count``. The TDA default and every other venue play until one player has
    every chip.

    >>> ends_at_set_time(None, FinishMethod.ELIMINATION)
    False
    >>> ends_at_set_time(FinishMethod.TIMED_CHIP_COUNT, FinishMethod.ELIMINATION)
    True
    """
    return FinishMethod.TIMED_CHIP_COUNT in methods


__all__ = ["ends_at_set_time", "rank_same_hand", "same_hand_group", "same_hand_key"]
