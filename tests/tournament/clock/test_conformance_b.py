"""Conformance, catalogue section 2(b): structure and clock, with the catalogue's numbers.

Each test cites the venue rule IDs it asserts (docstring or name) for
``scripts/conformance.py``. Also two issue-13 defects of this section: the live clock
shows Kojack's halved big-blind ante at five players (KPC-53), and a New Jersey level
cannot be set before the prize schedule is posted (NJ-44d).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from floor_helpers import Night

from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.rules import RuleProfile, load_profile
from pokertd.tournament.clock import (
    ChipSet,
    ClockView,
    IntroduceChip,
    NextLevel,
    SetLevel,
    StartClock,
    clock_view,
    color_up,
    load_structure,
    new_clock,
    surfaced_after_race,
)
from pokertd.tournament.clock import rules as clk
from pokertd.tournament.clock.state import ClockPart
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import Register
from pokertd.tournament.prizes import PostPayoutSchedule

T0 = datetime(2026, 3, 4, 19, 0, tzinfo=UTC)


def _view(night: Night) -> ClockView:
    v = clock_view(night.state, night.now)
    assert v is not None
    return v


# -- B6 defect: the live clock shows the late-event ante ----------------------------------


def test_KPC_53_live_clock_shows_the_halved_bba_at_five_players() -> None:
    """KPC-53 (B6 example): 1,000/2,000 BBA 2,000 with six players left the clock shows an
    ante of 2,000; a player busts (five left) and the clock shows 1,000 (the small blind)."""
    night = Night("kpc_nlh")
    for i, name in enumerate(("A", "B", "C", "D", "E", "F")):
        night.run(Register(name=name, member=str(i)))
    night.run(StartClock())
    night.run(SetLevel(level=9))
    level = _view(night).level
    assert (level.small_blind, level.big_blind, level.ante) == (1000, 2000, 2000)
    night.run(Bust(players=("F",)))
    assert _view(night).level.ante == 1000
    assert _view(night).next_level.ante == _view(night).next_level.small_blind


def test_FOX_11B_live_clock_keeps_the_full_bba_heads_up() -> None:
    """FOX-11B (B6): Foxwoods never reduces the big-blind ante, heads-up included."""
    night = Night("fox_grinder")
    night.register("A", "B")
    night.run(StartClock())
    night.run(SetLevel(level=3))
    level = _view(night).level
    assert level.ante == level.big_blind > 0


# -- NJ-44d defect: setting a level is starting play --------------------------------------


@pytest.mark.parametrize("command", [SetLevel(level=2), NextLevel()], ids=["set", "next"])
def test_NJ_44d_no_level_set_before_the_prize_schedule_is_posted(command: object) -> None:
    """NJ-44d: the clock refuses to start until the prize schedule is posted, and so does
    setting or stepping the level (no way round the check)."""
    night = Night("nj_fundraiser")
    night.register("Ann", "Bob")
    before = len(night.records)
    with pytest.raises(RuleViolation, match=r"schedule must be posted.*NJ-44d"):
        night.run(command)  # type: ignore[arg-type]
    assert len(night.records) == before
    assert night.state.part(ClockPart).clock is None
    night.run(PostPayoutSchedule())
    night.run(command)  # type: ignore[arg-type]
    fox = Night("fox_grinder")  # no such rule at Foxwoods
    fox.run(SetLevel(level=2))


# -- B7 a new level applies to the next hand ----------------------------------------------


@pytest.mark.parametrize("venue", ["kojack", "tnpl", "foxwoods", "spotlight"])
def test_KPC_13B_TNPL_D1_FOX_23_SPOT_2a4_new_level_governs_the_next_hand(venue: str) -> None:
    """KPC-13A, KPC-13B, KPC-13C, TNPL-D1, FOX-23, SPOT-2a4 (B7 example): level 4
    (200/300) reaches zero while hand #57 is on the turn: #57 finishes at 200/300, because
    the level is read when a hand begins (its shuffle); #58 begins after zero and is dealt
    at level 5 (200/400)."""
    clock = clk.start(new_clock(load_structure("fox_wed")), T0)  # 20-minute levels
    profile = load_profile(venue)
    zero = T0 + timedelta(minutes=80)
    hand_57 = clk.level_for_hand(clock, zero - timedelta(minutes=3), profile)
    hand_58 = clk.level_for_hand(clock, zero + timedelta(seconds=40), profile)
    assert (hand_57.number, hand_57.small_blind, hand_57.big_blind) == (4, 200, 300)
    assert (hand_58.number, hand_58.small_blind, hand_58.big_blind) == (5, 200, 400)


def test_TNPL_D1_blinds_posted_before_zero_are_topped_up() -> None:
    """TNPL-D1 (B7): blinds for #58 pushed out at 200/300 before zero, the shuffler button
    pressed after: the hand is at 200/400, so the big blind adds 100."""
    clock = clk.start(new_clock(load_structure("fox_wed")), T0)
    zero = T0 + timedelta(minutes=80)
    tnpl = load_profile("tnpl")
    level = clk.level_for_hand(
        clock, zero + timedelta(seconds=5), tnpl, blinds_posted_at=zero - timedelta(seconds=10)
    )
    assert level.big_blind - 300 == 100


# -- B11 chip race -----------------------------------------------------------------------

B11_STACKS = {1: 12_300, 2: 8_200, 3: 100, 4: 9_000, 5: 6_400}
B11_DECK = ["7c", "Kc", "9d", "Kh", "Qd", "4s", "2c", "3h", "8s", "5d"]


@pytest.mark.parametrize("venue", ["kojack", "foxwoods"])
def test_KPC_14B_KPC_14C_FOX_24B_race_one_chip_each_nobody_raced_out(venue: str) -> None:
    """KPC-14B, KPC-14C, FOX-24A, FOX-24B (B11 example): dealt from seat 1, one card per
    odd chip; K♥ (seat 5) and K♣ (seat 2) win the two new 500s, one each; seat 3 loses its
    only chip in the race and is given one 500: 12,000 / 8,500 / 500 / 9,000 / 6,500."""
    profile: RuleProfile = load_profile(venue)
    result = color_up(
        B11_STACKS, removed=[100], chips=ChipSet.of(100, 500, 1000), profile=profile,
        deck=B11_DECK,
    )  # fmt: skip
    assert result.chips_awarded == 2
    assert sorted(result.winners) == [2, 5]
    assert result.stacks() == {1: 12_000, 2: 8_500, 3: 500, 4: 9_000, 5: 6_500}
    assert [s.seat for s in result.seats if s.protected] == [3]


def test_TNPL_D2iii_removed_chips_found_later_are_exchanged() -> None:
    """TNPL-D2iii, KPC-14D, FOX-24C (B11 step 6): removed chips worth 1,300 surface after the
    race with 500 the smallest chip: Kojack and Foxwoods exchange 1,000 and take 300 out of
    play without compensation; TNPL exchanges at equal value (the 300 remainder rounds to
    one more 500, half up, IMPL)."""
    assert surfaced_after_race(1_300, 500, load_profile("kojack")) == (1_000, 300)
    assert surfaced_after_race(1_300, 500, load_profile("foxwoods")) == (1_000, 300)
    assert surfaced_after_race(1_300, 500, load_profile("tnpl"))[0] == 1_500
    assert surfaced_after_race(1_000, 500, load_profile("tnpl")) == (1_000, 0)


# -- B14 new denominations announced -----------------------------------------------------


@pytest.mark.parametrize(
    ("template", "cited"),
    [("fox_grinder", "FOX-25B"), ("kpc_nlh", "KPC-15C"), ("tnpl_league", "TNPL-D3ii")],
)
def test_FOX_25B_KPC_15C_TNPL_D3ii_new_chip_announced_to_the_event(
    template: str, cited: str
) -> None:
    """FOX-25B, KPC-15C, TNPL-D3ii (B14 example, with a 250,000 chip: these chip sets already
    hold the 25,000): the TD puts a new chip into play; it is logged tournament-wide with
    its colour and joins the chip set; introducing it twice is refused, citing the venue's
    own rule."""
    night = Night(template)
    night.run(Register(name="Ann", member="1", age_ok=True, member_ok=True))
    (record,) = night.run(IntroduceChip(value=250_000, color="orange"))[-1:]
    assert record.event.describe() == "New chip announced: 250,000 (orange)"
    clock = night.state.part(ClockPart).clock
    assert clock is not None
    assert 250_000 in clock.structure.chips.denominations
    with pytest.raises(InvalidCommand, match=cited):
        night.run(IntroduceChip(value=250_000, color="orange"))
