"""Eliminations: busts, the end by chip count, and finishing places (G1-G3).

``rules`` (the same-hand ranking, shared with the simulator) ← ``log`` (events, commands,
deciders, appliers); ``views`` (finishing places) reads ``rules`` and entries' state.
There is no ``state`` room: a bust is recorded in entries' roster (``Roster.out``).
"""

from pokertd.tournament.eliminations.log import (
    Bust,
    Busted,
    EndByChipCount,
    EndedByChipCount,
    PlayersBusted,
)
from pokertd.tournament.eliminations.rules import ends_at_set_time, rank_same_hand, same_hand_key
from pokertd.tournament.eliminations.state import Finish, Placing, finish, finishing_places
from pokertd.tournament.eliminations.views import winner

__all__ = [
    "Bust",
    "Busted",
    "EndByChipCount",
    "EndedByChipCount",
    "Finish",
    "Placing",
    "PlayersBusted",
    "ends_at_set_time",
    "finish",
    "finishing_places",
    "rank_same_hand",
    "same_hand_key",
    "winner",
]
