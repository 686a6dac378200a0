"""Calling the clock (B15): the profile's timings, the countdown, what expiry does."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from pokertd.errors import InvalidCommand
from pokertd.rules import ClockExpiry, load_profile
from pokertd.tournament.clock import (
    acted_in_time,
    call_clock,
    clock_timing,
    expiry_action,
    shot_clock_view,
)

T0 = datetime(2026, 3, 4, 21, 0, tzinfo=UTC)


def after(seconds: int) -> datetime:
    return T0 + timedelta(seconds=seconds)


@pytest.mark.parametrize(
    ("profile", "timing"),
    [
        ("tda", (25, 5)),
        ("kojack", (25, 5)),  # KPC-20
        ("foxwoods", (25, 5)),  # FOX-29
        ("tnpl", (50, 10)),  # TNPL-D6
        ("spotlight", (50, 10)),  # SPOT-5c10: one minute in all (Appendix D #4)
    ],
)
def test_KPC_20_TNPL_D6_SPOT_5c10_FOX_29_clock_timings(
    profile: str, timing: tuple[int, int]
) -> None:
    assert clock_timing(load_profile(profile)) == timing


def test_TNPL_D6_shorter_clock_for_short_levels() -> None:
    tnpl = load_profile("tnpl")
    assert clock_timing(tnpl, 40) == (50, 10)
    assert clock_timing(tnpl, 25) == (40, 10)
    assert clock_timing(tnpl, 15) == (30, 10)
    assert clock_timing(load_profile("foxwoods"), 15) == (25, 5)


def test_FOX_29_countdown_at_25_seconds_hand_dead_at_30() -> None:
    """B15 example: FOX clock at t = 0 → countdown from 25 s, hand killed at 30 s."""
    fox = load_profile("foxwoods")
    clock = call_clock(fox, 4, T0)
    assert shot_clock_view(clock, after(24)).phase == "acting"
    countdown = shot_clock_view(clock, after(25))
    assert (countdown.phase, countdown.countdown_left) == ("countdown", 5)
    assert shot_clock_view(clock, after(30)).seconds_left == 0
    assert shot_clock_view(clock, after(31)).phase == "expired"
    assert expiry_action(fox, facing_bet=True) is ClockExpiry.DEAD
    assert expiry_action(fox, facing_bet=False) is ClockExpiry.CHECK
    # A player who says "call" exactly as the countdown ends: the call stands.
    assert acted_in_time(clock, after(30), fox)
    assert not acted_in_time(clock, after(31), fox)


def test_KPC_20_dead_facing_a_bet_checked_otherwise() -> None:
    kpc = load_profile("kojack")
    assert expiry_action(kpc, facing_bet=True) is ClockExpiry.DEAD
    assert expiry_action(kpc, facing_bet=False) is ClockExpiry.CHECK


def test_TNPL_D6_dead_at_60_seconds_in_both_cases() -> None:
    tnpl = load_profile("tnpl")
    clock = call_clock(tnpl, 2, T0)
    assert clock.expires_at - clock.started_at == 60
    assert shot_clock_view(clock, after(50)).phase == "countdown"
    assert expiry_action(tnpl, facing_bet=True) is ClockExpiry.DEAD
    assert expiry_action(tnpl, facing_bet=False) is ClockExpiry.DEAD


def test_SPOT_5c10_one_minute_in_all_checked_when_not_facing_a_bet() -> None:
    spot = load_profile("spotlight")
    clock = call_clock(spot, 1, T0)
    assert clock.expires_at - clock.started_at == 60
    assert shot_clock_view(clock, after(50)).countdown_left == 10  # the 10-second warning
    assert expiry_action(spot, facing_bet=False) is ClockExpiry.CHECK


def test_tie_goes_against_the_player_where_the_profile_says_so() -> None:
    strict = load_profile("kojack").replace(clock_tie_to_player=False)
    clock = call_clock(strict, 1, T0)
    assert not acted_in_time(clock, after(30), strict)
    assert acted_in_time(clock, after(29), strict)


def test_bad_seat_is_refused() -> None:
    with pytest.raises(InvalidCommand, match="no seat 0"):
        call_clock(load_profile("tda"), 0, T0)
    assert call_clock(load_profile("tda"), 3, T0).as_json()["seat"] == 3
