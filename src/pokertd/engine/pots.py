"""Main and side pots, and splitting a pot with odd chips.

Pure functions over flat lists, used by the hand engine at showdown and by anyone who
needs a ruling on a live table ("how are these pots made up?").

Implements: NJ-39, NJ-Def17, KPC-12A, KPC-12B, TNPL-C9, FOX-21, SPOT-3f6, SPOT-6.10,
SPOT-6.11, FOX-BBA2 (F1, B5 side pots, antes in the main pot), KPC-12C, TNPL-C8, FOX-20,
SPOT-3f2, SPOT-3f3, SPOT-3f4, SPOT-3f5, NJ-34 (F5 odd chips).
"""

from __future__ import annotations

from collections.abc import Sequence

from pokertd.errors import InvalidCommand
from pokertd.i18n import N_, Chips


def build_pots(
    contributions: Sequence[int], live: int, dead_money: int = 0
) -> list[tuple[int, int]]:
    """The pots a hand's chips make: ``[(amount, eligible_mask), ...]``, main pot first.

    ``contributions[i]`` is what player ``i`` put in the hand as live bets (folded players
    included, uncalled chips already returned); ``live`` is the bitmask of players still in;
    ``dead_money`` (antes, catalogue B5) goes to the main pot, which every live player may
    win however small his stack.

    The levels are the totals of the live players, lowest first: each pot takes from every
    contributor up to its level, and only live players who reached the level may win it.
    Pots with the same eligible players are merged (a folded player's chips between two
    levels never make a pot of their own).

    Implements: F1 (NJ-39, KPC-12A, KPC-12B, TNPL-C9, FOX-21, SPOT-3f6), B5 (FOX-BBA2).

    >>> build_pots([1000, 3000, 5000], 0b111)   # F1: A all-in 1,000, B 3,000, C 5,000
    [(3000, 7), (4000, 6), (2000, 4)]
    """
    n = len(contributions)
    levels = sorted({contributions[i] for i in range(n) if live >> i & 1})
    pots: list[tuple[int, int]] = []
    if dead_money and levels and levels[0] == 0:
        # A live player with no live chips in (a big blind all-in for the ante alone)
        # still contests the antes (B5): they make a pot of their own for all.
        pots.append((0, live))
    previous = 0
    for level in levels:
        if level <= previous:
            continue
        amount = 0
        eligible = 0
        for i in range(n):
            c = contributions[i]
            if c > previous:
                amount += (c if c < level else level) - previous
                if c >= level and live >> i & 1:
                    eligible |= 1 << i
        if pots and pots[-1][1] == eligible:
            pots[-1] = (pots[-1][0] + amount, eligible)
        else:
            pots.append((amount, eligible))
        previous = level
    # Chips above the highest live level (a folded player's extra) join the last pot.
    extra = sum(c - previous for c in contributions if c > previous)
    if dead_money or extra or not pots:
        if not pots:
            if live == 0:
                raise InvalidCommand(
                    template=N_("a pot needs at least one player still in the hand")
                )
            pots.append((0, live))
        pots[0] = (pots[0][0] + dead_money, pots[0][1])
        if extra:
            pots[-1] = (pots[-1][0] + extra, pots[-1][1])
    return pots


def split_pot(
    amount: int, winners: Sequence[int], min_chip: int = 1, one_per_player: bool = True
) -> list[int]:
    """Shares of a pot split between ``winners`` (listed clockwise from the button).

    Each share is a whole number of the smallest chips in play (``min_chip``); the odd
    chips left over go one each to the winners in order, starting with the first winner
    left of the button (``one_per_player``), or all to that first winner. Chips smaller
    than ``min_chip`` (possible only if the pot itself is not a multiple of it) go to the
    first winner too.

    Implements: F5 (KPC-12C, TNPL-C8, FOX-20, SPOT-3f2, SPOT-3f3, SPOT-3f4, SPOT-3f5,
    NJ-34).

    >>> split_pot(1500, [7, 4], min_chip=100)   # F5: seats 7 and 4, button seat 6
    [800, 700]
    >>> split_pot(1100, [5, 8, 2], min_chip=100)
    [400, 400, 300]
    >>> split_pot(3000, [1, 2, 3, 4], min_chip=500)
    [1000, 1000, 500, 500]
    """
    count = len(winners)
    if count == 0:
        raise InvalidCommand(template=N_("a pot must have at least one winner"))
    if min_chip <= 0:
        raise InvalidCommand(
            template=N_("the smallest chip must be positive, not %(chip)s"),
            params={"chip": Chips(min_chip)},
        )
    if count == 1:
        return [amount]
    units, crumbs = divmod(amount, min_chip)
    each, odd = divmod(units, count)
    shares = [each * min_chip] * count
    if one_per_player:
        for i in range(odd):
            shares[i] += min_chip
    else:
        shares[0] += odd * min_chip
    shares[0] += crumbs
    return shares


__all__ = ["build_pots", "split_pot"]
