"""Penalties: warnings, missed hands, missed rounds and disqualification (K1-K5).

``rules`` (kinds, rule IDs, missed-round hands) ← ``state`` (the :class:`Penalties` part)
← ``log`` (the event, the command, its decider and applier).
"""

from pokertd.tournament.penalties.log import (
    GivePenalty,
    PenaltyGiven,
    PenaltyHandsServed,
    penalty_hands,
)
from pokertd.tournament.penalties.rules import (
    PenaltyKind,
    check_rounds,
    default_rule,
    missed_round_hands,
)
from pokertd.tournament.penalties.state import Penalties, PenaltyRecord

__all__ = [
    "GivePenalty",
    "Penalties",
    "PenaltyGiven",
    "PenaltyHandsServed",
    "PenaltyKind",
    "PenaltyRecord",
    "check_rounds",
    "default_rule",
    "missed_round_hands",
    "penalty_hands",
]
