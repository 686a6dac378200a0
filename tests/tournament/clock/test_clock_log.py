"""The clock in the tournament log: commands through the service, replay, registration."""

from __future__ import annotations

import pytest
from floor_helpers import Night

from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.tournament.clock import (
    AddLevels,
    AdjustClock,
    CallClock,
    ClockPart,
    ClockView,
    ColoredUp,
    ColorUp,
    HandForHand,
    HandForHandHand,
    IntroduceChip,
    NextLevel,
    PauseClock,
    PreviousLevel,
    ResumeClock,
    SetLevel,
    StartClock,
    clock_view,
)
from pokertd.tournament.entries import Rebuy, RecordChips, Register, Roster, registration_open
from pokertd.tournament.framework import Event, Undo, fold
from pokertd.tournament.prizes import PostPayoutSchedule
from pokertd.tournament.seating import DrawSeats, LayTables, live_seating


def view_now(night: Night) -> ClockView:
    v = clock_view(night.state, night.now)
    assert v is not None
    return v


def test_clock_commands_through_the_service() -> None:
    night = Night("fox_wed_80")
    assert clock_view(night.state, night.now) is None
    night.run(StartClock())
    assert view_now(night).level.number == 1
    with pytest.raises(RuleViolation, match="already started"):
        night.run(StartClock())
    night.later(25)
    assert view_now(night).level.number == 2
    night.run(PauseClock(reason="dispute at table 3"))
    night.later(60)
    assert view_now(night).seconds_left == 15 * 60
    night.run(ResumeClock())
    night.run(NextLevel())
    assert view_now(night).level.number == 3
    night.run(PreviousLevel())
    night.run(SetLevel(level=12))
    night.run(AdjustClock(seconds=-600))
    assert view_now(night).seconds_left == 600
    with pytest.raises(InvalidCommand, match="There is no level 40"):
        night.run(SetLevel(level=40))
    texts = [r.event.describe() for r in night.records]
    assert "Clock paused (dispute at table 3)" in texts
    assert "10:00 taken off the clock" in texts


def test_replay_rebuilds_the_same_clock() -> None:
    night = Night("fox_wed_80")
    night.run(StartClock())
    night.later(30)
    night.run(PauseClock())
    night.later(5)
    night.run(ResumeClock())
    night.run(AddLevels(count=2))
    night.run(SetLevel(level=23))
    replayed = fold(night.tid, night.records)
    assert replayed.part(ClockPart).clock == night.state.part(ClockPart).clock
    assert len(replayed.part(ClockPart).clock.structure.levels) == 23  # type: ignore[union-attr]


def test_FOX_STR_W_levels_added_to_a_horse_clock_keep_the_rotation() -> None:
    """B1 ("additional levels will be added as needed") in a mixed event (issue 28): the
    levels added past the horse sheet's 20 deal the rotation's next games with their
    bring-ins, as the log is folded again too (level 21 limit hold'em, 23 razz)."""
    night = Night("horse")
    night.run(StartClock())
    night.run(AddLevels(count=5))
    for state in (night.state, fold(night.tid, night.records)):
        structure = state.part(ClockPart).clock.structure  # type: ignore[union-attr]
        assert len(structure.levels) == 25
        assert [lv.game.value for lv in structure.levels[20:]] == [  # type: ignore[union-attr]
            "flhe", "o8", "razz", "stud", "stud8",
        ]  # fmt: skip
        assert structure.levels[22].bring_in > 0
        assert structure.levels[20].bring_in == 0


def test_undo_a_clock_command() -> None:
    night = Night("fox_wed_80")
    night.run(StartClock())
    night.run(NextLevel())
    assert view_now(night).level.number == 2
    night.run(Undo())
    assert view_now(night).level.number == 1
    night.run(Undo())  # undo the start (and the set-up that came with it)
    assert clock_view(night.state, night.now) is None


def test_FOX_REG1_registration_closes_with_the_clock() -> None:
    """The Wednesday $80 event closes registration at the end of level 6 (2:00 of play)."""
    night = Night("fox_wed_80")
    night.run(StartClock())
    night.later(119)
    night.register("Ann")
    assert registration_open(night.state, night.now)
    night.later(1)
    assert not registration_open(night.state, night.now)
    with pytest.raises(RuleViolation):
        night.register("Bob")


def test_NJ_8_rebuys_end_after_the_first_hour_of_play() -> None:
    night = Night("nj_fundraiser")
    night.register("Ann")
    night.run(PostPayoutSchedule())
    night.run(StartClock())
    night.later(59)
    night.run(Rebuy(player="Ann", stack=1_000))
    night.later(1)
    with pytest.raises(RuleViolation, match="rebuy period"):
        night.run(Rebuy(player="Ann", stack=1_000))


def test_FOX_HFH_through_the_log() -> None:
    night = Night("fox_wed_80")
    night.run(StartClock())
    night.run(SetLevel(level=9))
    night.run(HandForHand(on=True))
    night.later(7)
    night.run(HandForHandHand())
    night.later(5)
    night.run(HandForHandHand())
    assert view_now(night).seconds_left == 16 * 60
    assert "2:00 off the clock" in night.records[-1].event.describe()
    night.run(HandForHand(on=False))
    night.later(1)
    assert view_now(night).seconds_left == 15 * 60
    with pytest.raises(RuleViolation, match="not on"):
        night.run(HandForHandHand())


def test_KPC_14_colour_up_at_the_scheduled_break_is_recorded_with_its_cards() -> None:
    """At the break after level 12 (Wednesday sheet) the 100s go; the B11 example stacks."""
    night = Night("fox_wed_80")
    night.register("Ann", "Bob", "Cat", "Dan", "Eve")
    night.run(StartClock())
    night.run(SetLevel(level=12))
    night.run(NextLevel())  # the break
    assert view_now(night).color_up == (100,)
    before = night.state.part(Roster).chips_in_play
    night.run(
        ColorUp(
            stacks=(("Ann", 12_300), ("Bob", 8_200), ("Cat", 100), ("Dan", 9_000), ("Eve", 6_400)),
            table="1",
            deck=("7c", "Kc", "9d", "Kh", "Qd", "4s", "2c", "3h", "8s", "5d"),
        )
    )
    roster = night.state.part(Roster)
    stacks = {e.name: e.stack for e in roster.entries.values()}
    assert stacks == {"Ann": 12_000, "Bob": 8_500, "Cat": 500, "Dan": 9_000, "Eve": 6_500}
    assert roster.chips_in_play == before + 500  # 36,000 → 36,500 at this table
    part = night.state.part(ClockPart)
    assert part.removed == [100]
    assert part.color_ups[0]["result"]["cards_dealt"][0] == [1, "7c"]
    assert "36,000 → 36,500" in night.records[-1].event.describe()
    with pytest.raises(RuleViolation, match=r"Ann already coloured up the 100 chips"):
        night.run(ColorUp(stacks=(("Ann", 12_000),), removed=(100,)))


def test_colour_up_outside_the_schedule_needs_the_chips_named() -> None:
    night = Night("fox_wed_80")
    night.register("Ann")
    night.run(StartClock())
    with pytest.raises(InvalidCommand, match="No colour-up is scheduled"):
        night.run(ColorUp(stacks=(("Ann", 25_000),)))
    night.run(ColorUp(stacks=(("Ann", 25_050 - 50),), removed=(100,)))


def test_B15_clock_called_on_a_seat_is_logged_with_the_profile_timing() -> None:
    night = Night("fox_wed_80")
    night.run(CallClock(seat=4, table="2"))
    shot = night.state.part(ClockPart).called["2/4"]
    assert (shot.action_seconds, shot.countdown_seconds) == (25, 5)
    text = night.records[-1].event.describe()
    assert text == "Clock called on table 2 seat 4: 25 s + 5 s countdown"


def test_registration_before_any_clock_command_stays_open() -> None:
    night = Night("fox_wed_80")
    night.register("Ann")
    assert registration_open(night.state, night.now)
    night.run(Register(name="Bob", member="1", age_ok=True))


def test_colour_up_reads_seats_and_last_stacks_from_the_seating() -> None:
    """With the players seated, the race deals from the real seat 1; with no stacks given,
    each player's last recorded stack is raced."""
    from pokertd.tournament.entries import RecordChips
    from pokertd.tournament.seating import DrawSeats, LayTables, live_seating

    night = Night("fox_wed_80")
    night.register("Ann", "Bob", "Cat", "Dan")
    night.run(LayTables(tables=((1, 9),)))
    night.run(DrawSeats())
    night.run(RecordChips(counts=(("Ann", 12_300), ("Bob", 8_200), ("Cat", 100), ("Dan", 9_000))))
    night.run(StartClock())
    night.run(SetLevel(level=12))
    night.run(NextLevel())
    records = night.run(ColorUp(stacks=(), table="1"))
    event = records[-1].event
    seating = live_seating(night.state)
    assert isinstance(event, ColoredUp)
    for seat_text, entry_id in event.entries.items():
        assert seating.where[entry_id] == (1, int(seat_text) - 1)
    roster = night.state.part(Roster)
    assert sum(e.stack or 0 for e in roster.entries.values()) == event.result["chips_after"]
    assert event.result["chips_before"] == 29_600


def test_FOX_64_B14_new_denomination_is_announced_in_the_log() -> None:
    night = Night("fox_wed_80")
    night.run(StartClock())
    night.run(IntroduceChip(value=100_000, color="blue"))
    clock = night.state.part(ClockPart).clock
    assert clock is not None
    assert clock.structure.chips.denominations[-1] == 100_000
    assert night.records[-1].event.describe() == "New chip announced: 100,000 (blue)"
    with pytest.raises(InvalidCommand, match="already in the chip set"):
        night.run(IntroduceChip(value=500))
    assert fold(night.tid, night.records).part(ClockPart).clock == clock


def test_TNPL_D2iv_a_logged_chip_race_is_not_undone() -> None:
    """TNPL: race errors are not corrected afterwards; TDA venues may undo the command."""
    for template, correctable in (("tnpl_league", False), ("fox_wed_80", True)):
        night = Night(template)
        night.register("Ann", "Bob")
        night.run(StartClock())
        if template.startswith("tnpl"):
            night.run(
                ColorUp(stacks=(("Ann", 10_000), ("Bob", 10_000)), removed=(25,), method="race")
            )
        else:
            night.run(ColorUp(stacks=(("Ann", 25_000), ("Bob", 25_000)), removed=(100,)))
        if correctable:
            night.run(Undo())
            assert night.state.part(ClockPart).color_ups == []
        else:
            with pytest.raises(RuleViolation, match=r"TNPL-D2iv"):
                night.run(Undo())
            assert len(night.state.part(ClockPart).color_ups) == 1


def test_NJ_44d_play_does_not_start_before_the_prize_schedule_is_posted() -> None:
    night = Night("nj_fundraiser")
    night.register("Ann", "Bob")
    before = len(night.records)
    with pytest.raises(RuleViolation, match=r"schedule must be posted.*NJ-44d"):
        night.run(StartClock())
    assert len(night.records) == before
    night.run(PostPayoutSchedule())
    night.run(StartClock())


def test_FOX_HFH_each_table_reports_and_the_last_one_takes_2_00_off() -> None:
    """FOX-HFH: 20:00 left; tables 1 and 2 report in turn; only after the last table the
    clock shows 18:00 (one 2:00 per round), and a table cannot report twice."""
    from pokertd.tournament.clock import (
        HandForHandHandPlayed,
        TableHandFinished,
        TableHandReported,
        hfh_waiting_tables,
    )
    from pokertd.tournament.seating import DrawSeats, LayTables

    night = Night("fox_wed_80")
    night.register(*(f"Player {i}" for i in range(1, 11)))  # ten players, two 9-seat tables
    night.run(LayTables(tables=((1, 9), (2, 9))))
    night.run(DrawSeats())
    night.run(StartClock())
    night.run(SetLevel(level=9))
    with pytest.raises(RuleViolation, match="FOX-HFH"):
        night.run(TableHandFinished(table="1"))
    night.run(HandForHand(on=True))
    assert view_now(night).seconds_left == 20 * 60
    assert hfh_waiting_tables(night.state) == [1, 2]
    records = night.run(TableHandFinished(table="1"))
    assert [type(r.event) for r in records] == [TableHandReported]
    assert view_now(night).seconds_left == 20 * 60
    assert hfh_waiting_tables(night.state) == [2]
    with pytest.raises(RuleViolation, match="already reported"):
        night.run(TableHandFinished(table="1"))
    with pytest.raises(InvalidCommand, match="not a table with players"):
        night.run(TableHandFinished(table="7"))
    records = night.run(TableHandFinished(table="2"))
    played: list[type[Event]] = [TableHandReported, HandForHandHandPlayed]
    assert [type(r.event) for r in records] == played
    assert view_now(night).seconds_left == 18 * 60
    assert hfh_waiting_tables(night.state) == [1, 2]  # the next hand
    replayed = fold(night.tid, night.records)
    assert replayed.part(ClockPart) == night.state.part(ClockPart)
    night.run(Undo())
    assert view_now(night).seconds_left == 20 * 60
    assert hfh_waiting_tables(night.state) == [2]
    night.run(HandForHand(on=False))
    assert hfh_waiting_tables(night.state) == []


TABLE_OFFSETS = (
    (300, -300, 200, -200, 100, -100),  # odd chips 1,500: three 500s raced, no change
    (300, 300, 100, 0, 0, 0),  # odd chips 700: 1.4 → one 500 (B11 half up), −200
    (-300, -300, -100, 0, 0, 0),  # odd chips 800: 1.6 → two 500s, +200
)


@pytest.mark.parametrize(
    ("template", "level", "stack", "rules"),
    [
        ("kpc_nlh", 10, 20_000, ("KPC-14A", "KPC-14B", "KPC-14C", "KPC-14D")),
        (
            "fox_wed_80",
            12,
            25_000,
            ("FOX-24A", "FOX-24B", "FOX-24C", "FOX-STR-W", "FOX-STR-B", "FOX-STR-SST"),
        ),
    ],
    ids=["KPC", "Foxwoods"],
)
def test_KPC_14A_B11_colour_up_at_every_table_in_turn(
    template: str, level: int, stack: int, rules: tuple[str, ...]
) -> None:
    """The 100s leave play table by table: tables 2 and 3 race after table 1 has (the
    defect: "100 chips are not in play" at every table after the first). Chips stay
    accounted for: the stacks always sum to the chips in play, and each table changes by
    the race's half-up rounding of its odd chips (B11)."""
    night = Night(template)
    night.run(LayTables(tables=((1, 6), (2, 6), (3, 6))))
    night.register(*(f"Player {chr(65 + i)}" for i in range(18)))
    night.run(DrawSeats())
    seating = live_seating(night.state)
    counts: list[tuple[str, int]] = []
    for number, offsets in zip((1, 2, 3), TABLE_OFFSETS, strict=True):
        players = [eid for eid in seating.tables[number].players if eid is not None]
        assert len(players) == 6
        counts += [(eid, stack + off) for eid, off in zip(players, offsets, strict=True)]
    night.run(RecordChips(counts=tuple(counts)))
    night.run(StartClock())
    night.run(SetLevel(level=level))
    night.run(NextLevel())
    assert view_now(night).color_up == (100,)
    roster = night.state.part(Roster)
    assert sum(e.stack or 0 for e in roster.entries.values()) == roster.chips_in_play == 18 * stack
    changes = []
    for number in (1, 2, 3):
        event = night.run(ColorUp(stacks=(), table=str(number)))[-1].event
        assert isinstance(event, ColoredUp)
        result = event.result
        assert result["unit"] == 500
        changes.append(result["chips_after"] - result["chips_before"])
        roster = night.state.part(Roster)
        assert sum(e.stack or 0 for e in roster.entries.values()) == roster.chips_in_play
    assert changes == [0, -200, 200]
    roster = night.state.part(Roster)
    assert roster.chips_in_play == 18 * stack
    assert all((e.stack or 0) % 500 == 0 for e in roster.entries.values())
    part = night.state.part(ClockPart)
    assert part.removed == [100]
    assert [c["table"] for c in part.color_ups] == ["1", "2", "3"]
    with pytest.raises(RuleViolation, match="already coloured up the 100 chips") as refused:
        night.run(ColorUp(stacks=(), table="2"))
    assert refused.value.rule_ids == rules  # the venue's own rules of B11, nobody else's
