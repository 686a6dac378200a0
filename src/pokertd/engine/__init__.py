"""The hand engine: betting, blinds and antes, pots, showdown, odd chips, PHH.

``Hand.start(...)`` deals one hand; ``hand.legal()``, ``hand.verify(action)`` and
``hand.act(action)`` referee it; ``hand.result`` says who won what. See ``docs/engine.md``.
"""

from pokertd.engine.actions import (
    Action,
    ActionRecord,
    AllIn,
    Bet,
    Call,
    Check,
    Fold,
    Legal,
    Muck,
    Raise,
    Show,
)
from pokertd.engine.hand import STREETS, Hand, deal_order
from pokertd.engine.pots import build_pots, split_pot
from pokertd.engine.result import Elimination, HandResult, PotResult
from pokertd.engine.rulings import Happened, Order, Ruling, Situation, declare, rule

__all__ = [
    "STREETS",
    "Action",
    "ActionRecord",
    "AllIn",
    "Bet",
    "Call",
    "Check",
    "Elimination",
    "Fold",
    "Hand",
    "HandResult",
    "Happened",
    "Legal",
    "Muck",
    "Order",
    "PotResult",
    "Raise",
    "Ruling",
    "Show",
    "Situation",
    "build_pots",
    "deal_order",
    "declare",
    "rule",
    "split_pot",
]
