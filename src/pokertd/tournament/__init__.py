"""The tournament aggregate: an append-only event log folded into state.

``framework`` holds the machinery (events, commands, parts, decide/apply, undo/redo); each
domain module registers its events, appliers and deciders when imported. Importing
``pokertd.tournament`` imports every domain module, so the registries are complete.
"""

from pokertd.tournament import framework
from pokertd.tournament.framework import (
    Command,
    Context,
    Event,
    EventRecord,
    Redo,
    TournamentState,
    Undo,
    apply,
    decide,
    fold,
)

# Domain modules register themselves on import (one line each, keep sorted):

__all__ = [
    "Command",
    "Context",
    "Event",
    "EventRecord",
    "Redo",
    "TournamentState",
    "Undo",
    "apply",
    "decide",
    "fold",
    "framework",
]
