"""The hand engine: betting, blinds and antes, pots, showdown, odd chips, PHH.

``Hand.start(...)`` deals one hand; ``hand.legal()``, ``hand.verify(action)`` and
``hand.act(action)`` referee it; ``hand.result`` says who won what. See ``docs/engine.md``.
"""

from pokertd.engine import hand as _hand
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

COMPILED: bool = not (_hand.__file__ or "").endswith(".py")
"""True when the engine runs compiled by mypyc (``engine/hand.py``, ``pots.py``,
``actions.py``, ``result.py``, ``_rules.py`` and ``cards/deck.py`` as C extension modules),
False for pure Python; see ``docs/compiled.md``."""

__all__ = [
    "COMPILED",
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
