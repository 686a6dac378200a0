"""The tournament aggregate: an append-only event log folded into state.

``framework`` holds the machinery (events, commands, parts, decide/apply, undo/redo). Each
domain is a package with the same rooms (docs/architecture.md): ``rules`` (pure functions
and values), ``state`` (its state parts), ``log`` (events, commands, deciders, appliers)
and ``views`` (read models); its ``log`` registers events, appliers and deciders when
imported. Importing ``pokertd.tournament`` imports every domain, so the registries are
complete. :mod:`pokertd.tournament.views` holds the whole-tournament read models.
"""

from pokertd.tournament import framework
from pokertd.tournament.framework import (
    Command,
    Context,
    Event,
    EventRecord,
    Redo,
    Summary,
    TournamentState,
    Undo,
    apply,
    decide,
    fold,
    summarize,
)

# isort: split
# Domain modules register themselves on import (one line each, keep sorted):
from pokertd.tournament import clock as clock
from pokertd.tournament import days as days
from pokertd.tournament import display as display
from pokertd.tournament import eliminations as eliminations
from pokertd.tournament import entries as entries
from pokertd.tournament import irregularities as irregularities
from pokertd.tournament import penalties as penalties
from pokertd.tournament import prizes as prizes
from pokertd.tournament import satellites as satellites
from pokertd.tournament import seating as seating

__all__ = [
    "Command",
    "Context",
    "Event",
    "EventRecord",
    "Redo",
    "Summary",
    "TournamentState",
    "Undo",
    "apply",
    "decide",
    "fold",
    "framework",
    "summarize",
]
