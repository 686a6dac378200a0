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

# isort: split
# Domain modules register themselves on import (one line each, keep sorted):
from pokertd.tournament import clock_log as clock_log
from pokertd.tournament import eliminations as eliminations
from pokertd.tournament import entries as entries
from pokertd.tournament import penalties as penalties
from pokertd.tournament import prizes as prizes
from pokertd.tournament import seating_log as seating_log

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
