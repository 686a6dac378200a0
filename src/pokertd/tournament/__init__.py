"""The tournament aggregate: an append-only event log folded into state.

``framework`` holds the machinery (events, commands, parts, decide/apply, undo/redo). Each
domain is sized by what it holds (docs/tournament-core.md): a small one is one module
(``display``, ``eliminations``, ``penalties``, ``irregularities``, ``satellites``), a large
one a package with the rooms ``rules`` (pure functions and values), ``state`` (its state
parts), ``log`` (events, commands, deciders, appliers) and ``views`` (read models). A
domain's events, appliers and deciders are registered with the framework's decorators when
it is imported; importing ``pokertd.tournament`` imports every domain, so they are complete.

What a lower domain needs from a higher one (the entries from the clock, the seating and
the prizes; the eliminations from the prizes' mystery envelopes; the framework from the
seating's summaries and the slips that follow other domains' events) is connected
**here**, explicitly, in the calls at the end of this module: no domain registers
itself with another on import, and the arrows between domains point one way
(tests/test_architecture.py).
:mod:`pokertd.tournament.views` holds the whole-tournament read models.
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
from pokertd.tournament import cancellation as cancellation
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
from pokertd.tournament import signups as signups
from pokertd.tournament import slips as slips

# isort: split
from pokertd.tournament.clock.state import clock_reading, hand_of_bust
from pokertd.tournament.prizes.log import mystery_draws
from pokertd.tournament.prizes.state import places_paid_by_entry
from pokertd.tournament.seating.log import (
    MovesSuggested,
    PlanConfirmed,
    PlayerMoved,
    TableClosed,
    seat_new_entry,
    summarize_seating,
)
from pokertd.tournament.seating.state import (
    seat_capacity_of_layout,
    table_number_of,
    table_size_of,
)

# The one place where domains are connected to each other (see the module's docstring).
READERS = entries.Readers(
    clock=clock_reading,
    bust_hand=hand_of_bust,
    capacity=seat_capacity_of_layout,
    paid=places_paid_by_entry,
    table_size=table_size_of,
    table=table_number_of,
)
"""What the entries and the domains below the clock, seating and prizes read from them."""
SEATER = seat_new_entry
"""Who seats a new entry (C3): the seating."""
KNOCKOUT_DRAWS = mystery_draws
"""What a bust draws besides itself: the prizes' mystery-bounty envelopes (issue 26)."""
SUMMARIZERS: dict[type[Event], framework.Summarizer] = {
    MovesSuggested: summarize_seating,
    PlanConfirmed: summarize_seating,
    PlayerMoved: summarize_seating,
    TableClosed: summarize_seating,
}
"""How a batch's events are summed up for the floor: the seating's moves, one line a table."""
GATES = (cancellation.refused_when_cancelled,)
"""What every command must pass first: a cancelled event refuses all but undo (issue 26)."""

entries.connect_readers(READERS)
entries.connect_seater(SEATER)
eliminations.connect_knockout_draws(KNOCKOUT_DRAWS)
framework.connect_summarizers(SUMMARIZERS)
framework.connect_followers(slips.FOLLOWERS)
framework.connect_gates(GATES)
framework.connect_currency(entries.event_currency)

__all__ = [
    "GATES",
    "READERS",
    "SEATER",
    "SUMMARIZERS",
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
