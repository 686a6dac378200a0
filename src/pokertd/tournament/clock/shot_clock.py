"""Calling the clock on a player: the timer, its countdown and what expiry does (B15).

A called clock gives the player ``clock_action_seconds`` and then a final
``clock_countdown_seconds`` countdown (TDA, KPC, FOX: 25 + 5; TNPL: 50 + 10, shorter in
events with short levels; SPOT: 60 s in all, read as 50 + a 10-second warning, Appendix D
#4). When the time runs out the hand is dead if the player faces a bet, and checked
otherwise (TNPL: dead in both cases). In live use the floor starts a visible shot clock for
a seat (:func:`call_clock`, :func:`shot_clock_view`); in engine play the engine asks
:func:`expiry_action` what to do with a player whose time has run out.

Implements: KPC-20, TNPL-D6, SPOT-5c10, FOX-29 (B15).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pokertd.errors import InvalidCommand
from pokertd.i18n import N_
from pokertd.rules import ClockExpiry, RuleProfile
from pokertd.tournament.clock.rules import epoch_seconds
from pokertd.types import Seat


def clock_timing(profile: RuleProfile, level_minutes: int | None = None) -> tuple[int, int]:
    """``(action_seconds, countdown_seconds)`` for a clock called in a level of
    ``level_minutes`` (TNPL-D6: shorter for short levels, profile ``clock_scale``).

    >>> from pokertd.rules import load_profile
    >>> clock_timing(load_profile("foxwoods"))
    (25, 5)
    >>> clock_timing(load_profile("tnpl"), 40), clock_timing(load_profile("tnpl"), 15)
    ((50, 10), (30, 10))
    """
    if level_minutes is not None:
        for below, action, countdown in profile.clock_scale:
            if level_minutes < below:
                return action, countdown
    return profile.clock_action_seconds, profile.clock_countdown_seconds


def expiry_action(profile: RuleProfile, facing_bet: bool) -> ClockExpiry:
    """What happens when a called clock runs out (B15): ``dead`` (fold) or ``check``.

    >>> from pokertd.rules import load_profile
    >>> expiry_action(load_profile("kojack"), facing_bet=False).value
    'check'
    >>> expiry_action(load_profile("tnpl"), facing_bet=False).value
    'dead'
    """
    return profile.clock_expiry_facing_bet if facing_bet else profile.clock_expiry_no_bet


@dataclass(frozen=True, slots=True, kw_only=True)
class ShotClock:
    """A clock called on a seat (JSON-safe)."""

    seat: Seat
    started_at: int
    """Epoch seconds when the floor started it."""
    action_seconds: int
    countdown_seconds: int

    @property
    def expires_at(self) -> int:
        """Epoch seconds when the time runs out."""
        return self.started_at + self.action_seconds + self.countdown_seconds

    def as_json(self) -> dict[str, Any]:
        """JSON-safe data."""
        return {
            "seat": self.seat,
            "started_at": self.started_at,
            "action_seconds": self.action_seconds,
            "countdown_seconds": self.countdown_seconds,
        }


def call_clock(
    profile: RuleProfile, seat: Seat, now: datetime, *, level_minutes: int | None = None
) -> ShotClock:
    """Start a shot clock on ``seat`` at ``now`` with the profile's timing."""
    if seat < 1:
        raise InvalidCommand(
            template=N_("There is no seat %(seat)s: seats are numbered from 1."),
            params={"seat": seat},
        )
    action, countdown = clock_timing(profile, level_minutes)
    return ShotClock(
        seat=seat,
        started_at=epoch_seconds(now),
        action_seconds=action,
        countdown_seconds=countdown,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class ShotClockView:
    """A shot clock at an instant: ``acting``, ``countdown`` or ``expired``."""

    seat: Seat
    phase: str
    seconds_left: int
    """Seconds until expiry (0 once expired)."""
    countdown_left: int | None
    """Seconds left in the final countdown (``None`` before it starts)."""


def shot_clock_view(clock: ShotClock, now: datetime) -> ShotClockView:
    """Where a called clock stands at ``now``.

    An action taken at the very instant of expiry still stands where
    ``clock_tie_to_player`` (FOX, TNPL, TDA): callers compare with ``expires_at`` using
    ``<=``; this view says ``expired`` only after that instant.
    """
    t = epoch_seconds(now)
    left = clock.expires_at - t
    if left < 0:
        return ShotClockView(seat=clock.seat, phase="expired", seconds_left=0, countdown_left=0)
    countdown_starts = clock.started_at + clock.action_seconds
    if t < countdown_starts:
        return ShotClockView(
            seat=clock.seat, phase="acting", seconds_left=left, countdown_left=None
        )
    return ShotClockView(seat=clock.seat, phase="countdown", seconds_left=left, countdown_left=left)


def acted_in_time(clock: ShotClock, acted_at: datetime, profile: RuleProfile) -> bool:
    """Whether an action at ``acted_at`` beat the clock (a tie goes to the player where
    ``clock_tie_to_player``; B15: FOX, TNPL, TDA)."""
    t = epoch_seconds(acted_at)
    if profile.clock_tie_to_player:
        return t <= clock.expires_at
    return t < clock.expires_at


__all__ = [
    "ShotClock",
    "ShotClockView",
    "acted_in_time",
    "call_clock",
    "clock_timing",
    "expiry_action",
    "shot_clock_view",
]
