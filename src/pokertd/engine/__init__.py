"""The hand engine: betting, blinds and antes, pots, showdown, odd chips, PHH.

``Hand.start(...)`` deals one hand; ``hand.legal()``, ``hand.verify(action)`` and
``hand.act(action)`` referee it; ``hand.result`` says who won what. See ``docs/engine.md``.

The package imports its modules when a name is first asked for (PEP 562 ``__getattr__``):
the tournament core uses ``engine.button``, ``engine.irregular`` and ``engine.result``
only, so a command that deals no hand (``pokertd status``, ``bust``, ``register``) does not
load the hand, the pots or the rulings (issue 25, point 4; docs/cli.md).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pokertd.engine.actions import (
        Action,
        ActionRecord,
        AllIn,
        Bet,
        BringIn,
        Call,
        Check,
        Fold,
        Legal,
        Muck,
        Raise,
        Show,
    )
    from pokertd.engine.draw import Draw, DrawHand
    from pokertd.engine.hand import STREETS, Hand, deal_order
    from pokertd.engine.pots import build_pots, split_pot
    from pokertd.engine.result import Elimination, HandResult, PotResult
    from pokertd.engine.rulings import Happened, Order, Ruling, Situation, declare, rule
    from pokertd.engine.stud import StudHand

    COMPILED: bool
    """True when the engine runs compiled by mypyc (``engine/hand.py``, ``pots.py``,
    ``actions.py``, ``result.py``, ``_rules.py`` and ``cards/deck.py`` as C extension
    modules), False for pure Python; see ``docs/compiled.md``."""

_HOMES: dict[str, str] = {
    **dict.fromkeys(
        (
            "Action",
            "ActionRecord",
            "AllIn",
            "Bet",
            "BringIn",
            "Call",
            "Check",
            "Fold",
            "Legal",
            "Muck",
            "Raise",
            "Show",
        ),
        "pokertd.engine.actions",
    ),
    **dict.fromkeys(("STREETS", "Hand", "deal_order"), "pokertd.engine.hand"),
    **dict.fromkeys(("build_pots", "split_pot"), "pokertd.engine.pots"),
    **dict.fromkeys(("Elimination", "HandResult", "PotResult"), "pokertd.engine.result"),
    "StudHand": "pokertd.engine.stud",
    **dict.fromkeys(("Draw", "DrawHand"), "pokertd.engine.draw"),
    **dict.fromkeys(
        ("Happened", "Order", "Ruling", "Situation", "declare", "rule"), "pokertd.engine.rulings"
    ),
}
"""Where each name the package gives lives (the names under ``TYPE_CHECKING`` above)."""


def __getattr__(name: str) -> object:
    """A name of the package, imported from its module when first asked for (PEP 562).

    Start-up (issue 25): the module is loaded here, not at the package's top; the value is
    kept in the package afterwards. ``COMPILED`` is True when ``engine/hand.py`` runs as a
    C extension module (mypyc), False for pure Python.
    """
    if name == "COMPILED":
        hand = importlib.import_module("pokertd.engine.hand")
        value: object = not (hand.__file__ or "").endswith(".py")
    elif name in _HOMES:
        value = getattr(importlib.import_module(_HOMES[name]), name)
    else:
        raise AttributeError(f"module 'pokertd.engine' has no attribute {name!r}")
    globals()[name] = value
    return value


__all__ = [
    "COMPILED",
    "STREETS",
    "Action",
    "ActionRecord",
    "AllIn",
    "Bet",
    "BringIn",
    "Call",
    "Check",
    "Draw",
    "DrawHand",
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
    "StudHand",
    "build_pots",
    "deal_order",
    "declare",
    "rule",
    "split_pot",
]
