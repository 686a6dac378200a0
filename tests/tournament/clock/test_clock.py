"""The clock as a value: time arithmetic with an injected ``now`` (B1, B2, B7, B8, B10, A4).

No wall clock: every instant is ``T0 + timedelta(...)``.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.rules import load_profile
from pokertd.tournament.clock import ClockState, HandForHandRound, load_structure, new_clock, view
from pokertd.tournament.clock import rules as clk

T0 = datetime(2026, 3, 4, 19, 0, tzinfo=UTC)
FOX = load_profile("foxwoods")


def at(minutes: float = 0, seconds: int = 0) -> datetime:
    return T0 + timedelta(minutes=minutes, seconds=seconds)


def wed() -> ClockState:
    """The Wednesday sheet: levels 1-16 of 20 minutes, breaks after 12, 16, 20."""
    return new_clock(load_structure("fox_wed"))


def started(state: ClockState | None = None) -> ClockState:
    return clk.start(state or wed(), T0)


def test_clock_before_start_shows_level_one_standing_still() -> None:
    v = view(wed(), at(30))
    assert not v.started
    assert not v.running
    assert v.level.number == 1
    assert v.seconds_left == 20 * 60
    assert v.registration_open
    assert v.registration_closes_in == 120 * 60


def test_levels_change_at_the_exact_second() -> None:
    s = started()
    assert view(s, at(19, 59)).level.number == 1
    assert view(s, at(19, 59)).seconds_left == 1
    v = view(s, at(20))
    assert (v.level.number, v.seconds_left) == (2, 20 * 60)
    assert v.next_level.number == 3


def test_B2_break_after_level_12_with_colour_up_then_level_13() -> None:
    """B2 example: level 12 ends → 10-minute break, 100s removed → level 13 (1,500/3,000)."""
    s = started()
    v = view(s, at(240))
    assert v.on_break
    assert v.break_minutes == 10
    assert v.seconds_left == 600
    assert v.level.number == 12
    assert v.next_level.blinds == "1,500/3,000 BBA 3,000"
    assert v.color_up == (100,)
    assert view(s, at(249, 59)).on_break
    v13 = view(s, at(250))
    assert not v13.on_break
    assert v13.level.number == 13
    assert v13.seconds_left == 1200


def test_pause_across_a_level_boundary() -> None:
    s = started()
    s = clk.pause(s, at(15))
    assert view(s, at(75)).level.number == 1
    assert view(s, at(75)).seconds_left == 5 * 60
    s = clk.resume(s, at(75))
    assert view(s, at(79, 59)).level.number == 1
    v = view(s, at(80))
    assert (v.level.number, v.seconds_left) == (2, 1200)


def test_pause_and_resume_during_a_break() -> None:
    s = started()
    s = clk.pause(s, at(245))
    v = view(s, at(300))
    assert v.on_break
    assert v.seconds_left == 300
    assert not v.running
    s = clk.resume(s, at(300))
    assert view(s, at(305)).level.number == 13


def test_starting_twice_and_other_bad_transitions_change_nothing() -> None:
    s = started()
    with pytest.raises(RuleViolation, match="already started"):
        clk.start(s, at(1))
    with pytest.raises(RuleViolation, match="already running"):
        clk.resume(s, at(1))
    paused = clk.pause(s, at(1))
    with pytest.raises(RuleViolation, match="already paused"):
        clk.pause(paused, at(2))
    with pytest.raises(RuleViolation, match="not been started"):
        clk.pause(wed(), at(1))
    with pytest.raises(InvalidCommand, match="timezone"):
        clk.start(wed(), datetime(2026, 1, 1))
    assert view(s, at(1)).seconds_left == 19 * 60  # the original value is untouched


def test_next_previous_and_set_level() -> None:
    s = started()
    s = clk.set_level(s, at(5), 12)
    assert view(s, at(5)).level.number == 12
    assert view(s, at(5)).seconds_left == 1200
    s = clk.next_level(s, at(6))
    assert view(s, at(6)).on_break  # the break after level 12
    s = clk.next_level(s, at(7))
    assert view(s, at(7)).level.number == 13
    s = clk.previous_level(s, at(8))
    assert view(s, at(8)).on_break
    s = clk.previous_level(s, at(9))
    v = view(s, at(9))
    assert (v.level.number, v.on_break, v.seconds_left) == (12, False, 1200)


def test_level_index_out_of_range_is_refused() -> None:
    s = started()
    for bad in (0, 22, -3):
        with pytest.raises(InvalidCommand, match=f"There is no level {bad}"):
            clk.set_level(s, at(1), bad)
    with pytest.raises(InvalidCommand, match="no previous level"):
        clk.previous_level(s, at(1))


def test_add_and_take_time() -> None:
    s = started()
    s = clk.adjust(s, at(10), 120)
    assert view(s, at(10)).seconds_left == 12 * 60
    assert view(s, at(21, 59)).level.number == 1
    assert view(s, at(22)).level.number == 2
    s = clk.adjust(s, at(10), -300)
    assert view(s, at(10)).seconds_left == 7 * 60
    with pytest.raises(InvalidCommand, match="Only 7:00 is left"):
        clk.adjust(s, at(10), -420)
    with pytest.raises(InvalidCommand, match="non-zero"):
        clk.adjust(s, at(10), 0)


def test_adding_levels_at_run_time() -> None:
    s = clk.set_level(started(), at(1), 21)
    with pytest.raises(InvalidCommand):
        clk.set_level(s, at(1), 23)
    s = clk.append_levels(s, count=3)
    assert len(s.structure.levels) == 24
    assert view(clk.set_level(s, at(1), 24), at(1)).level.number == 24
    with pytest.raises(InvalidCommand, match="Name the levels"):
        clk.append_levels(s)


def test_clock_runs_past_the_last_listed_level() -> None:
    s = clk.set_level(started(), T0, 21)
    v = view(s, at(15))
    assert v.level.number == 22
    assert v.level.extended


# -- registration and rebuys (A4, A9) --------------------------------------------------------


def test_FOX_REG1_registration_closes_at_the_end_of_level_6() -> None:
    """Wednesday sheet: 6 levels of 20 minutes → closes at 2:00:00 of play."""
    s = started()
    before = view(s, at(119, 59))
    assert before.registration_open
    assert before.registration_closes_in == 1
    after = view(s, at(120))
    assert not after.registration_open
    assert after.registration_closes_in is None
    # A 10-minute pause moves the instant by 10 minutes.
    paused = clk.resume(clk.pause(s, at(30)), at(40))
    assert view(paused, at(129, 59)).registration_open
    assert not view(paused, at(130)).registration_open


def test_FOX_STR_B_registration_closes_after_level_8_counting_the_break() -> None:
    """Sheet B: break after level 4 → end of level 8 is at 8 × 20 + 10 = 170 minutes."""
    s = started(new_clock(load_structure("fox_b")))
    assert view(s, at(0)).registration_closes_in == 170 * 60
    v = view(s, at(85))  # on the break after level 4
    assert v.on_break
    assert v.registration_closes_in == 85 * 60
    assert view(s, at(169, 59)).registration_open
    assert not view(s, at(170)).registration_open


def test_NJ_no_late_registration_and_rebuys_in_the_first_hour() -> None:
    """NJ (Appendix D #9, #11): registration closes at the start; rebuys for 60 minutes
    of play, breaks excluded."""
    s = new_clock(load_structure("nj_fundraiser"))
    assert view(s, T0).registration_open  # before the start
    s = clk.start(s, T0)
    v = view(s, at(0))
    assert not v.registration_open
    assert v.rebuys_open
    assert v.rebuys_close_in == 3600
    assert view(s, at(59, 59)).rebuys_open
    assert view(s, at(60)).rebuys_open is False
    # An event with a 70-minute rebuy period: the break after level 3 does not count.
    longer = clk.start(new_clock(load_structure("nj_fundraiser"), rebuy_minutes=70), T0)
    assert view(longer, at(65)).rebuys_close_in == 15 * 60  # 5 min of break + 10 of play
    assert view(longer, at(79, 59)).rebuys_open
    assert not view(longer, at(80)).rebuys_open


def test_SPOT_6_3_entry_until_the_end_of_level_1() -> None:
    s = clk.start(new_clock(load_structure("spot_league")), T0)
    assert view(s, at(19, 59)).registration_open
    assert not view(s, at(20)).registration_open


def test_registration_close_from_the_profile_when_the_structure_has_none() -> None:
    structure = load_structure("fox_wed")
    from dataclasses import replace

    open_ended = replace(structure, registration_closes_after_level=None)
    assert (
        new_clock(open_ended, profile=load_profile("spotlight")).registration_closes_after_level
        == 1
    )
    assert view(clk.start(new_clock(open_ended), T0), at(500)).registration_open


def test_time_to_the_next_break() -> None:
    s = started()
    assert view(s, T0).next_break_in == 240 * 60
    v = view(s, at(250))  # level 13 start
    assert v.next_break_in == 4 * 20 * 60
    assert v.next_break is not None
    assert v.next_break.remove == (500,)
    assert view(clk.start(new_clock(load_structure("fox_sst")), T0), T0).next_break_in is None


# -- hand-for-hand (B10) ---------------------------------------------------------------------


def test_FOX_HFH_two_minutes_per_hand_from_20_00() -> None:
    """B10 example: 20:00 left when announced → 18:00, 16:00, 14:00 whatever the real time."""
    s = clk.set_level(started(), at(100), 8)
    s = clk.hand_for_hand_on(s, at(100))
    assert view(s, at(100)).seconds_left == 20 * 60
    assert view(s, at(130)).seconds_left == 20 * 60  # real time does not run the level
    lefts = []
    for hand in range(3):
        s = clk.hand_finished(s, at(101 + 7 * hand), FOX)
        lefts.append(view(s, at(101 + 7 * hand)).seconds_left)
    assert lefts == [18 * 60, 16 * 60, 14 * 60]
    assert view(s, at(200)).hfh_hands == 3


def test_FOX_HFH_deduction_to_zero_starts_the_next_level_without_carry_over() -> None:
    """B10: with 3:00 left, one hand → 1:00; the next → 0:00, new level, full length."""
    s = clk.set_level(started(), at(1), 7)
    s = clk.adjust(s, at(1), -(17 * 60))  # 3:00 left in level 7
    s = clk.hand_for_hand_on(s, at(1))
    s = clk.hand_finished(s, at(2), FOX)
    assert view(s, at(2)).seconds_left == 60
    s = clk.hand_finished(s, at(3), FOX)
    v = view(s, at(3))
    assert v.level.number == 8
    assert v.seconds_left == 20 * 60
    assert view(s, at(50)).seconds_left == 20 * 60


def test_FOX_HFH_a_deduction_into_a_break_lets_the_break_run() -> None:
    s = clk.set_level(started(), at(1), 12)
    s = clk.adjust(s, at(1), -(18 * 60))
    s = clk.hand_for_hand_on(s, at(1))
    s = clk.hand_finished(s, at(2), FOX)
    assert view(s, at(2)).on_break
    assert view(s, at(7)).seconds_left == 5 * 60
    v = view(s, at(30))
    assert v.level.number == 13
    assert v.seconds_left == 20 * 60
    with pytest.raises(RuleViolation, match="during a break"):
        clk.hand_finished(s, at(5), FOX)


def test_FOX_HFH_off_returns_to_real_time_and_bad_calls_are_refused() -> None:
    s = started()
    with pytest.raises(RuleViolation, match="not on"):
        clk.hand_finished(s, at(1), FOX)
    with pytest.raises(RuleViolation, match="not on"):
        clk.hand_for_hand_off(s, at(1))
    s = clk.hand_for_hand_on(s, at(5))
    with pytest.raises(RuleViolation, match="already on"):
        clk.hand_for_hand_on(s, at(6))
    s = clk.hand_for_hand_off(s, at(30))
    assert view(s, at(30)).seconds_left == 15 * 60
    assert view(s, at(40)).seconds_left == 5 * 60
    with pytest.raises(RuleViolation, match="not been started"):
        clk.hand_for_hand_on(wed(), at(1))


def test_FOX_HFH_no_table_deals_the_next_hand_until_all_have_finished() -> None:
    rnd = HandForHandRound(frozenset({1, 2, 3}))
    for table in (1, 2, 3):
        rnd = rnd.deal(table, FOX)
    rnd, done = rnd.finish(1)
    assert not done
    assert not rnd.may_deal(1)
    with pytest.raises(RuleViolation, match=r"Table 1 must wait.*table\(s\) 2, 3"):
        rnd.deal(1, FOX)
    rnd, done = rnd.finish(2)
    rnd, done = rnd.finish(3)
    assert done
    assert rnd.hand == 2
    assert rnd.may_deal(1)
    rnd = rnd.deal(1, FOX).deal(2, FOX)
    rnd, done = rnd.without_table(3)  # table 3 broken before dealing
    assert not done
    rnd, _ = rnd.finish(1)
    rnd, done = rnd.finish(2)
    assert done
    assert rnd.hand == 3
    with pytest.raises(InvalidCommand):
        rnd.finish(1)


# -- which level a hand is played at (B7, B8) --------------------------------------------------


def test_KPC_13A_new_level_governs_the_next_hand_only() -> None:
    """B7 example: clock hits zero during a hand → that hand finishes at the old level;
    the next hand is dealt at the new level."""
    s = started()
    tda = load_profile("tda")
    assert clk.level_for_hand(s, at(79, 50), tda).number == 4
    assert clk.level_for_hand(s, at(80, 1), tda).number == 5
    # A hand dealt during a break is at the level after it.
    assert clk.level_for_hand(s, at(245), tda).number == 13


def test_FOX_23A_dealer_push_grace_hand_at_the_old_level() -> None:
    """B8 example: level 8 ends at 21:40:00 (here T0 + 160 min)."""
    s = started()
    end = at(160)
    # Case A: pot awarded at 21:39:50, push, new dealer riffles at 21:40:30 → level 8.
    level = clk.level_for_hand(
        s, end + timedelta(seconds=30), FOX,
        previous_hand_finished_at=end - timedelta(seconds=10), dealer_pushed=True,
    )  # fmt: skip
    assert level.number == 8
    # The following hand is at level 9.
    assert clk.level_for_hand(s, end + timedelta(minutes=3), FOX).number == 9


def test_FOX_23B_hand_unfinished_at_zero_means_the_new_level_at_once() -> None:
    s = started()
    end = at(160)
    level = clk.level_for_hand(
        s, end + timedelta(seconds=30), FOX,
        previous_hand_finished_at=end + timedelta(seconds=5), dealer_pushed=True,
    )  # fmt: skip
    assert level.number == 9


def test_TDA_no_dealer_push_grace_hand() -> None:
    s = started()
    end = at(160)
    level = clk.level_for_hand(
        s, end + timedelta(seconds=30), load_profile("tda"),
        previous_hand_finished_at=end - timedelta(seconds=10), dealer_pushed=True,
    )  # fmt: skip
    assert level.number == 9


def test_KPC_53_level_for_hand_applies_the_late_bba_reduction() -> None:
    s = clk.set_level(clk.start(new_clock(load_structure("kpc_nlh")), T0), T0, 9)
    kpc = load_profile("kojack")
    assert clk.level_for_hand(s, at(1), kpc, players_left=6).ante == 2000
    assert clk.level_for_hand(s, at(1), kpc, players_left=5).ante == 1000


def test_posted_blinds_keep_old_level_option() -> None:
    """B7: TNPL (and every venue) tops posted blinds up to the new level; a profile that
    keeps the old level reads the level when the blinds were posted."""
    s = started()
    tnpl = load_profile("tnpl")
    posted, dealt = at(79, 55), at(80, 5)
    assert clk.level_for_hand(s, dealt, tnpl, blinds_posted_at=posted).number == 5
    keep = tnpl.replace(posted_blinds_keep_old_level=True)
    assert clk.level_for_hand(s, dealt, keep, blinds_posted_at=posted).number == 4


# -- state as data -----------------------------------------------------------------------------


def test_clock_state_is_json_and_round_trips() -> None:
    s = clk.hand_for_hand_on(clk.adjust(started(), at(3), 90), at(4))
    text = json.dumps(s.as_json())
    back = ClockState.from_json(json.loads(text))
    assert back == s
    assert view(back, at(50)) == view(s, at(50))
    assert json.dumps(view(s, at(50)).as_json())


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=5000), min_size=1, max_size=12))
def test_pauses_never_lose_or_invent_time(gaps: list[int]) -> None:
    """Invariant: a clock paused and resumed any number of times stands where a clock that
    ran straight for the same running time stands."""
    s = started()
    t = T0
    running_total = 0
    for i, gap in enumerate(gaps):
        t += timedelta(seconds=gap)
        if i % 2 == 0:
            running_total += gap
            s = clk.pause(s, t)
        else:
            s = clk.resume(s, t)
    straight = started()
    expected = view(straight, T0 + timedelta(seconds=running_total))
    got = view(s, t)
    assert (got.level.number, got.on_break, got.seconds_left) == (
        expected.level.number,
        expected.on_break,
        expected.seconds_left,
    )
    assert got.play_seconds == expected.play_seconds


@settings(max_examples=100, deadline=None)
@given(
    start_level=st.integers(1, 21),
    taken=st.integers(0, 19 * 60),
    hands=st.integers(1, 40),
    seconds=st.sampled_from([60, 120, 180]),
)
def test_FOX_HFH_deductions_never_overrun_and_never_skip_a_level(
    start_level: int, taken: int, hands: int, seconds: int
) -> None:
    """Each hand-for-hand hand moves the clock by exactly the deduction, or ends the level
    at 0:00 (no carry-over): the level never jumps by more than one, time never goes up."""
    profile = FOX.replace(hfh_seconds_per_hand=seconds)
    s = clk.set_level(started(), at(1), start_level)
    taken %= s.structure.level(start_level).seconds
    if taken:
        s = clk.adjust(s, at(1), -taken)
    s = clk.hand_for_hand_on(s, at(1))
    t = at(2)
    before = view(s, t)
    for hand in range(hands):
        if before.on_break:
            t += timedelta(seconds=before.seconds_left)  # let the break run out
            before = view(s, t)
        s = clk.hand_finished(s, t, profile)
        after = view(s, t)
        if after.level.number == before.level.number and not after.on_break:
            assert after.seconds_left == before.seconds_left - seconds
        else:
            assert before.seconds_left <= seconds  # the level ended at 0:00
            assert after.level.number in (before.level.number, before.level.number + 1)
            assert after.seconds_left == after.period_seconds  # nothing carried over
        assert after.hfh_hands == hand + 1
        before = after


def test_level_can_be_set_before_the_start() -> None:
    s = clk.set_level(wed(), at(0), 3)
    assert not view(s, at(10)).started
    s = clk.start(s, at(10))
    v = view(s, at(11))
    assert (v.level.number, v.seconds_left) == (3, 19 * 60)
