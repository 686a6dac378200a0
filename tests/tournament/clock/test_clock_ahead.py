"""The clock ahead (issue 27, screens that survive the Wi-Fi): what a TV or phone that lost
its connection turns to, and when.

The Foxwoods Wednesday sheet (FOX-STR-W, the demo's ``fox_wed_80``): levels of 20 minutes,
the first break after level 12. A screen must switch to level 2 twenty minutes after the
start, to the break when level 12 ends and back to level 13 when the break's minutes are up
(B1, B3), each period exactly as the server's own clock view reads at that instant; nothing
ahead while the clock is paused or hand-for-hand play stops it (B10). No wall clock: every
instant is ``T0 + timedelta(...)``.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from itertools import pairwise

from pokertd.app import demo, screens
from pokertd.app.tournaments import TournamentService
from pokertd.store import open_store
from pokertd.tournament.clock import clock_ahead, clock_view, load_structure
from pokertd.tournament.clock.log import HandForHand, PauseClock

T0 = datetime(2026, 11, 29, 19, 0, tzinfo=UTC)
LEVEL_S = 20 * 60


class Night:
    """The demo night (30 players, the clock started at ``T0``) at a movable instant."""

    def __init__(self) -> None:
        self.now = T0
        self.service = TournamentService(
            open_store("sqlite:///:memory:"),
            rng_factory=lambda: random.Random(7),
            now=lambda: self.now,
        )
        self.tid = demo.build(self.service, players=30)


def test_B1_a_screen_turns_to_level_2_twenty_minutes_after_the_start() -> None:
    night = Night()
    state = night.service.state(night.tid)
    ahead = clock_ahead(state, T0 + timedelta(seconds=5))
    assert len(ahead) == 8
    first = ahead[0]
    assert first.at == int((T0 + timedelta(seconds=LEVEL_S)).timestamp())
    assert (first.level.number, first.on_break, first.seconds_left) == (2, False, LEVEL_S)
    assert (first.level.small_blind, first.level.big_blind) == (100, 200)
    # each later period starts where the one before ends
    for before, after in pairwise(ahead):
        assert after.at == before.at + before.seconds_left


def test_B3_the_break_after_level_12_then_level_13_after_its_minutes() -> None:
    night = Night()
    state = night.service.state(night.tid)
    brk = load_structure("fox_wed").break_after(12)
    assert brk is not None
    assert brk.minutes > 0
    late_in_12 = T0 + timedelta(seconds=11 * LEVEL_S + 600)
    ahead = clock_ahead(state, late_in_12)
    on_break, level13 = ahead[0], ahead[1]
    assert on_break.on_break
    assert on_break.at == int((T0 + timedelta(seconds=12 * LEVEL_S)).timestamp())
    assert on_break.break_minutes == brk.minutes
    assert on_break.seconds_left == brk.minutes * 60
    assert on_break.color_up == brk.remove  # the colour-up the break is for
    assert (level13.level.number, level13.on_break) == (13, False)
    assert level13.at == on_break.at + brk.minutes * 60


def test_every_period_ahead_is_the_server_view_at_its_first_second() -> None:
    """What the screen turns to offline is what a push would have said then."""
    night = Night()
    now = T0 + timedelta(seconds=1234)
    state = night.service.state(night.tid)
    for period in clock_ahead(state, now):
        at = datetime.fromtimestamp(period.at, UTC)
        assert clock_view(state, at) == period


def test_nothing_ahead_while_paused_or_playing_hand_for_hand() -> None:
    night = Night()
    night.now = T0 + timedelta(seconds=90)
    night.service.run(night.tid, PauseClock(), actor="floor")
    assert clock_ahead(night.service.state(night.tid), night.now + timedelta(hours=1)) == []

    other = Night()
    other.now = T0 + timedelta(seconds=90)
    other.service.run(other.tid, HandForHand(on=True), actor="floor")
    assert clock_ahead(other.service.state(other.tid), other.now) == []  # B10


def test_the_pushed_view_carries_the_periods_ahead_with_the_servers_epoch_seconds() -> None:
    night = Night()
    now = T0 + timedelta(seconds=30)
    view = night.service.read(night.tid, lambda s: screens.build(s, [], now, lean=True))
    assert view["server_time"] == now.timestamp()
    assert view["clock"]["seconds_left"] == LEVEL_S - 30
    first = view["clock_ahead"][0]
    assert first["starts_at"] == int(now.timestamp()) + LEVEL_S - 30
    assert first["level"]["level"] == 2
    assert "clock_ahead" in screens.stream(view)  # the TVs' and phones' push carries it
