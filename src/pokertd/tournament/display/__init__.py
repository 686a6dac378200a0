"""Display: the announcement on every screen, the TV layout and its sound (issue 12).

``rules`` (the layouts) ← ``state`` (the :class:`Screens` part) ← ``log`` (``Announce``,
``SetDisplay``, their events); ``views`` gives the web what the screens show.
"""

from pokertd.tournament.display.log import Announce, AnnouncementSet, DisplaySet, SetDisplay
from pokertd.tournament.display.rules import DEFAULT_LAYOUT, LAYOUTS
from pokertd.tournament.display.state import Screens
from pokertd.tournament.display.views import screens_view

__all__ = [
    "DEFAULT_LAYOUT",
    "LAYOUTS",
    "Announce",
    "AnnouncementSet",
    "DisplaySet",
    "Screens",
    "SetDisplay",
    "screens_view",
]
