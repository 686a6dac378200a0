"""PokerKit's Omaha hi-lo eight or better, fixed-limit and pot-limit, as reference games
for the differential tests (imported only where PokerKit is used).

PokerKit 0.7.7's ``FixedLimitOmahaHoldemHighLowSplitEightOrBetter`` (PHH ``FO/8``) is
built with ``PotLimitPokerMixin``: its state bets pot-limit (blinds 50/100, small bet
100: a first raise up to 350). PokerKit has no pot-limit Omaha hi-lo class either. Both
are made here from PokerKit's own parts -- its hold'em streets, its Omaha hands
(``OmahaHoldemHand``, ``OmahaEightOrBetterLowHand``) and its betting mixins -- exactly
as its ``FixedLimitTexasHoldem`` and ``PotLimitOmahaHoldem`` are made.
"""

from __future__ import annotations

from typing import Any

import pokerkit as pk
from pokerkit.games import FixedLimitPokerMixin, OmahaHoldemMixin, PotLimitPokerMixin


class FixedLimitOmahaHiLo(FixedLimitPokerMixin, OmahaHoldemMixin, pk.Holdem):
    """Fixed-limit Omaha hi-lo eight or better (four bets a street)."""

    hand_types = (pk.OmahaHoldemHand, pk.OmahaEightOrBetterLowHand)


class PotLimitOmahaHiLo(PotLimitPokerMixin, OmahaHoldemMixin, pk.UnfixedLimitHoldem):
    """Pot-limit Omaha hi-lo eight or better."""

    hand_types = (pk.OmahaHoldemHand, pk.OmahaEightOrBetterLowHand)


def omaha8_state(
    fixed_limit: bool,
    automations: tuple[Any, ...],
    antes: Any,
    blinds: Any,
    small_bet: int,
    big_bet: int,
    stacks: Any,
    n: int,
) -> Any:
    """A PokerKit state of Omaha hi-lo (``big_bet`` unused in pot-limit: the min bet is
    ``small_bet``), tournament mode."""
    if fixed_limit:
        game: Any = FixedLimitOmahaHiLo(
            automations, False, antes, blinds, small_bet, big_bet, mode=pk.Mode.TOURNAMENT
        )
    else:
        game = PotLimitOmahaHiLo(
            automations, False, antes, blinds, small_bet, mode=pk.Mode.TOURNAMENT
        )
    return game(stacks, n)
