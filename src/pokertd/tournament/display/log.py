"""The display domain's log: announcements and the TV settings as events and commands.

``Announce`` puts one sentence (at most 200 characters) on every TV and phone of the
tournament; an empty text takes it down. ``SetDisplay`` chooses the TV layout and whether
TVs play tones and speak the levels, so the director controls every screen from one place
(a TV in the room needs no keyboard).
"""

from __future__ import annotations

from dataclasses import dataclass

from pokertd.errors import InvalidCommand
from pokertd.tournament import limits as lim
from pokertd.tournament.display.rules import LAYOUTS
from pokertd.tournament.display.state import Screens
from pokertd.tournament.framework import (
    Command,
    Context,
    Event,
    TournamentState,
    applies,
    decides,
    event,
)


@event("announcement_set")
class AnnouncementSet(Event):
    """The floor put an announcement on the screens (empty text: took it down)."""

    text: str
    at: str

    def describe(self) -> str:
        return f"Announcement: {self.text}" if self.text else "Announcement cleared"


@event("display_set")
class DisplaySet(Event):
    """The director chose the TV layout and the sound settings."""

    layout: str
    sound: bool
    speech: bool

    def describe(self) -> str:
        on = {True: "on", False: "off"}
        return f"TV layout {self.layout}, sound {on[self.sound]}, spoken levels {on[self.speech]}"


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
            "That announcement is already on the screens."
            if text
            else "There is no announcement to take down."
        )
    return [AnnouncementSet(text=text, at=ctx.now.isoformat())]


@decides(SetDisplay)
def _decide_display(state: TournamentState, cmd: SetDisplay, ctx: Context) -> list[Event]:
    layout = cmd.layout.strip().lower()
    if layout not in LAYOUTS:
        raise InvalidCommand(
            f"There is no TV layout {cmd.layout!r}: choose {' or '.join(LAYOUTS)}."
        )
    return [DisplaySet(layout=layout, sound=cmd.sound, speech=cmd.speech)]


__all__ = ["Announce", "AnnouncementSet", "DisplaySet", "SetDisplay"]
