"""Irregularities at a table: misdeals and corrected results (L1, L3, B9, K4, F13).

``state`` (the :class:`Irregularities` part) ← ``log`` (the events, commands, deciders and
appliers). The pure judgements (substantial action, the correction window) live in
:mod:`pokertd.engine.irregular`, shared with the hand engine.
"""

from pokertd.tournament.irregularities.log import (
    CorrectResult,
    DeclareMisdeal,
    MisdealDeclared,
    ResultCorrected,
)
from pokertd.tournament.irregularities.state import (
    CorrectionRecord,
    Irregularities,
    MisdealRecord,
)

__all__ = [
    "CorrectResult",
    "CorrectionRecord",
    "DeclareMisdeal",
    "Irregularities",
    "MisdealDeclared",
    "MisdealRecord",
    "ResultCorrected",
]
