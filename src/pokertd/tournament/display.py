"""Display: the announcement on every screen, the TV layout and its sound (issue 12).

One module in four sections: the layouts (:data:`LAYOUTS`, pure values), the
:class:`Screens` part, the log (``Announce``, ``SetDisplay`` and their events) and the read
model the web shows (:func:`screens_view`).

``Announce`` puts one sentence (at most 200 characters) on every TV and phone of the
tournament; an empty text takes it down. ``SetDisplay`` chooses the TV layout (``clock``
puts the clock first, ``payouts`` gives the prize list most of the screen) and whether TVs
play tones and speak the levels, so the director controls every screen from one place (a TV
in the room needs no keyboard). :class:`Screens` is folded from ``announcement_set`` and
``display_set``; the web's snapshot reads it for the TV, the player view and the lobby
board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pokertd.errors import InvalidCommand
from pokertd.i18n import N_, Phrase, Sentence
from pokertd.tournament import limits as lim
from pokertd.tournament.framework import (
    Command,
    Context,
    Event,
    TournamentState,
    applies,
    decides,
    event,
    state_part,
)

# ======================================================================================
# Rules: pure values and functions


LAYOUTS = ("clock", "payouts")
"""The TV layouts a director may choose (the first is the default)."""

DEFAULT_LAYOUT = LAYOUTS[0]


# ======================================================================================
# State: the parts folded from the events


@state_part
@dataclass(slots=True)
class Screens:
    """What every public screen of the tournament shows besides the figures."""

    announcement: str = ""
    """The floor's current announcement (empty: none)."""
    announced_at: str = ""
    """When it was set (ISO UTC; empty when none)."""
    layout: str = DEFAULT_LAYOUT
    """The TV layout (one of :data:`~pokertd.tournament.display.LAYOUTS`)."""
    sound: bool = True
    """Tones at level changes and breaks on the TVs."""
    speech: bool = True
    """Spoken level announcements (the browser's speech synthesis) on the TVs."""

    def as_json(self) -> dict[str, object]:
        """The settings as the web's view model carries them."""
        return {"layout": self.layout, "sound": self.sound, "speech": self.speech}


# ======================================================================================
# Log: events, commands, deciders and appliers


@event("announcement_set")
class AnnouncementSet(Event):
    """The floor put an announcement on the screens (empty text: took it down)."""

    text: str
    at: str

    def said(self) -> Sentence:
        if self.text:
            return Sentence(N_("Announcement: %(text)s"), {"text": self.text})
        return Sentence(N_("Announcement cleared"))


@event("display_set")
class DisplaySet(Event):
    """The director chose the TV layout and the sound settings."""

    layout: str
    sound: bool
    speech: bool

    def said(self) -> Sentence:
        on = {True: Phrase(N_("on")), False: Phrase(N_("off"))}
        return Sentence(
            N_("TV layout %(layout)s, sound %(sound)s, spoken levels %(speech)s"),
            {"layout": self.layout, "sound": on[self.sound], "speech": on[self.speech]},
        )


@applies(AnnouncementSet)
def _apply_announcement(state: TournamentState, ev: AnnouncementSet) -> None:
    part = state.part(Screens)
    part.announcement = ev.text
    part.announced_at = ev.at if ev.text else ""


@applies(DisplaySet)
def _apply_display(state: TournamentState, ev: DisplaySet) -> None:
    part = state.part(Screens)
    part.layout, part.sound, part.speech = ev.layout, ev.sound, ev.speech


@dataclass(frozen=True, slots=True)
class Announce(Command):
    """Show ``text`` on every TV and phone of the tournament (empty: take it down)."""

    text: lim.Notice = ""


@dataclass(frozen=True, slots=True)
class SetDisplay(Command):
    """Choose the TV layout (``clock`` or ``payouts``), tones and spoken levels."""

    layout: lim.Word = LAYOUTS[0]
    sound: bool = True
    speech: bool = True


@decides(Announce)
def _decide_announce(state: TournamentState, cmd: Announce, ctx: Context) -> list[Event]:
    text = " ".join(cmd.text.split())
    if text == state.part(Screens).announcement:
        raise InvalidCommand(
            template=N_("That announcement is already on the screens.")
            if text
            else N_("There is no announcement to take down.")
        )
    return [AnnouncementSet(text=text, at=ctx.now.isoformat())]


@decides(SetDisplay)
def _decide_display(state: TournamentState, cmd: SetDisplay, ctx: Context) -> list[Event]:
    layout = cmd.layout.strip().lower()
    if layout not in LAYOUTS:
        raise InvalidCommand(
            template=N_("There is no TV layout %(layout)s: choose %(choices)s."),
            params={"layout": repr(cmd.layout), "choices": " or ".join(LAYOUTS)},
        )
    return [DisplaySet(layout=layout, sound=cmd.sound, speech=cmd.speech)]


# ======================================================================================
# Views: read models


def screens_view(state: TournamentState) -> dict[str, Any]:
    """``{"announcement", "announced_at", "layout", "sound", "speech"}`` for the web."""
    part = state.part(Screens)
    return {"announcement": part.announcement, "announced_at": part.announced_at, **part.as_json()}


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
