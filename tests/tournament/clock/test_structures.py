"""Structures: every preset exactly as the catalogue's Appendices A and B, validation, BBA.

Numbers are the catalogue's (``../shared/rules-catalog.md`` B1-B3, B6, Appendix A and B).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pokertd.errors import InvalidCommand
from pokertd.rules import AnteType, load_profile
from pokertd.tournament.clock import (
    Level,
    Structure,
    level_for_players,
    load_structure,
    structure_from_dict,
    structure_names,
)

# (level, small blind, big blind, big-blind ante) — Appendix B tables verbatim.
FOX_W = [
    (1, 100, 100, 0), (2, 100, 200, 0), (3, 100, 200, 200), (4, 200, 300, 300),
    (5, 200, 400, 400), (6, 300, 600, 600), (7, 400, 800, 800), (8, 500, 1000, 1000),
    (9, 600, 1200, 1200), (10, 800, 1600, 1600), (11, 1000, 2000, 2000),
    (12, 1200, 2400, 2400), (13, 1500, 3000, 3000), (14, 2000, 4000, 4000),
    (15, 3000, 6000, 6000), (16, 4000, 8000, 8000), (17, 6000, 12000, 12000),
    (18, 8000, 16000, 16000), (19, 10000, 20000, 20000), (20, 15000, 30000, 30000),
    (21, 20000, 40000, 40000),
]  # fmt: skip
FOX_B = [
    *FOX_W[:16],
    (17, 5000, 10000, 10000), (18, 6000, 12000, 12000), (19, 8000, 16000, 16000),
    (20, 10000, 20000, 20000), (21, 15000, 30000, 30000), (22, 20000, 40000, 40000),
]  # fmt: skip
FOX_SST = [
    *FOX_W[:21],
    (22, 30000, 60000, 60000), (23, 40000, 80000, 80000), (24, 60000, 120000, 120000),
]  # fmt: skip

PRESETS = [
    "eight_game", "fox_b", "fox_bounty", "fox_bounty_turbo", "fox_fifty_k", "fox_grinder",
    "fox_saturday", "fox_semi_turbo", "fox_sng", "fox_sst", "fox_wed", "horse", "kpc_nlh",
    "nj_fundraiser", "spot_league", "stud", "tnpl_nlh",
]  # fmt: skip


def rows(structure: Structure) -> list[tuple[int, int, int, int]]:
    return [(lv.number, lv.small_blind, lv.big_blind, lv.ante) for lv in structure.levels]


def breaks(structure: Structure) -> list[tuple[int, int, tuple[int, ...]]]:
    return [(b.after_level, b.minutes, b.remove) for b in structure.breaks]


def test_every_preset_is_shipped_and_valid() -> None:
    assert structure_names() == PRESETS
    for name in PRESETS:
        structure = load_structure(name)
        assert structure.problems() == [], name
        assert structure.name == name


def test_FOX_STR_W_wednesday_sheet_exactly_as_appendix_b1() -> None:
    """FOX-STR-W: blinds, BBA from level 3, registration after 6, breaks after 12/16/20."""
    s = load_structure("fox_wed")
    assert rows(s) == FOX_W
    assert breaks(s) == [(12, 10, (100,)), (16, 10, (500,)), (20, 10, (1000,))]
    assert s.registration_closes_after_level == 6
    assert all(lv.ante_type is AnteType.BIG_BLIND_ANTE for lv in s.levels[2:])
    assert s.levels[0].ante_type is AnteType.NONE
    # Appendix A note 1, preferred reading: 1-16 at 20 minutes, 17+ at 15.
    assert [s.level(n).minutes for n in (1, 16, 17, 21, 30)] == [20, 20, 15, 15, 15]


def test_FOX_STR_B_twenty_minute_sheet_exactly_as_appendix_b2() -> None:
    s = load_structure("fox_b")
    assert rows(s) == FOX_B
    assert breaks(s) == [(4, 10, ()), (13, 0, (100, 500)), (22, 0, (1000,))]
    assert s.registration_closes_after_level == 8
    assert {lv.minutes for lv in s.levels} == {20}


def test_FOX_STR_SST_super_stack_turbo_exactly_as_appendix_b3() -> None:
    s = load_structure("fox_sst")
    assert rows(s) == FOX_SST
    assert breaks(s) == [(14, 0, (100, 500)), (24, 0, (1000,))]
    assert s.registration_closes_after_level == 14
    assert {lv.minutes for lv in s.levels} == {15}


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # FOX-EVT Appendix A: level -> minutes at the boundaries of each duration rule.
        ("fox_grinder", {1: 15, 21: 15, 40: 15}),
        ("fox_semi_turbo", {16: 15, 17: 20, 30: 20}),
        ("fox_bounty", {14: 15, 15: 20}),
        ("fox_bounty_turbo", {1: 15, 25: 15}),
        ("fox_fifty_k", {12: 20, 13: 25}),
        ("fox_saturday", {16: 25, 17: 30}),
        ("fox_b", {1: 20, 22: 20}),
        ("fox_sst", {1: 15, 24: 15}),
        ("fox_sng", {1: 15, 15: 15}),
    ],
)
def test_FOX_EVT_level_durations_by_range(name: str, expected: dict[int, int]) -> None:
    """FOX-EVT (B1 example): Semi Turbo level 16 lasts 15 min, level 17 20 min."""
    s = load_structure(name)
    assert {n: s.level(n).minutes for n in expected} == expected


@pytest.mark.parametrize(
    "name",
    ["fox_grinder", "fox_semi_turbo", "fox_bounty", "fox_bounty_turbo", "fox_fifty_k",
     "fox_saturday"],
)  # fmt: skip
def test_FOX_REG1_events_without_a_sheet_use_w_blinds_and_close_after_level_6(name: str) -> None:
    s = load_structure(name)
    assert rows(s) == FOX_W
    assert s.registration_closes_after_level == 6


def test_FOX_SNG_sit_and_go_has_15_minute_levels_and_no_late_entry() -> None:
    s = load_structure("fox_sng")
    assert {lv.minutes for lv in s.levels} == {15}
    assert s.registration_closes_after_level == 0
    assert s.problems() == []


def test_SPOT_6_3_level_one_is_5_10_with_entry_until_its_end() -> None:
    s = load_structure("spot_league")
    assert (s.levels[0].small_blind, s.levels[0].big_blind) == (5, 10)
    assert (
        s.registration_closes_after_level
        == 1
        == load_profile("spotlight").late_reg_close_after_level
    )


def test_NJ_8_fundraiser_rebuys_first_hour_no_late_registration_no_ante() -> None:
    s = load_structure("nj_fundraiser")
    assert s.rebuy_minutes == 60
    assert s.registration_closes_after_level == 0
    assert all(lv.ante == 0 for lv in s.levels)


def test_KPC_53_and_TNPL_B2ii_venue_structures() -> None:
    kpc = load_structure("kpc_nlh")
    assert all(
        lv.ante_type is AnteType.BIG_BLIND_ANTE and lv.ante == lv.big_blind for lv in kpc.levels
    )
    tnpl = load_structure("tnpl_nlh")
    assert tnpl.registration_closes_after_level is not None
    assert tnpl.registration_closes_after_level >= load_profile("tnpl").late_reg_min_levels


def test_FOX_STR_additional_levels_follow_the_progression() -> None:
    """ "Additional levels will be added as needed": level 22+ keep growing, payable."""
    for name in PRESETS:
        s = load_structure(name)
        previous = s.levels[-1]
        for number in range(len(s.levels) + 1, len(s.levels) + 30):
            lv = s.level(number)
            assert lv.extended
            assert lv.big_blind > previous.big_blind
            assert lv.small_blind <= lv.big_blind
            assert lv.ante <= lv.big_blind
            unit = s.chips_in_play(number).smallest
            assert lv.small_blind % unit == lv.big_blind % unit == lv.ante % unit == 0
            previous = lv
    wed = load_structure("fox_wed")
    assert wed.level(22).blinds == "25,000/50,000 BBA 50,000"
    assert wed.level(22).minutes == 15


def test_B1_td_appends_levels_at_run_time() -> None:
    s = load_structure("fox_b")
    more = s.extended(2)
    assert len(more.levels) == 24
    assert not more.levels[-1].extended
    assert more.level(23) == s.level(23).__class__(
        number=23, small_blind=25000, big_blind=50000, ante=50000,
        ante_type=AnteType.BIG_BLIND_ANTE, minutes=20,
    )  # fmt: skip
    with pytest.raises(InvalidCommand, match="lower"):
        s.with_levels_appended([Level(number=23, small_blind=100, big_blind=200, minutes=20)])
    assert len(s.levels) == 22  # unchanged


def base_dict() -> dict[str, Any]:
    return {
        "name": "t",
        "ante_type": "big_blind_ante",
        "durations": [{"first": 1, "minutes": 20}],
        "chips": [{"value": 100}, {"value": 500}, {"value": 1000}],
        "levels": [[1, 100, 200, 0], [2, 200, 400, 400], [3, 500, 1000, 1000]],
        "breaks": [{"after_level": 2, "minutes": 10, "remove": [100]}],
        "registration_closes_after_level": 2,
    }


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"levels": [[1, 100, 200, 0], [2, 100, 150, 0]]}, "blinds never decrease"),
        ({"levels": [[1, 100, 200, 0], [3, 200, 400, 0]]}, "level 2 is missing"),
        ({"levels": [[1, 100, 200, 300]]}, "above the big blind"),
        ({"levels": [[1, 300, 200, 0]]}, "small blind 300 is above"),
        ({"levels": [[1, 100, 200, 0], [2, 200, 400, 0], [3, 300, 600, 0]]}, "cannot be paid"),
        ({"breaks": [{"after_level": 9, "minutes": 10}]}, "does not exist"),
        ({"breaks": [{"after_level": 1, "minutes": 0}]}, "positive length"),
        ({"breaks": [{"after_level": 1, "minutes": 5, "remove": [25]}]}, "not in the chip set"),
        ({"breaks": [{"after_level": 1, "minutes": 5, "remove": [100, 500, 1000]}]},
         "remove every denomination"),
        ({"registration_closes_after_level": 7}, "registration cannot close"),
        ({"levels": []}, "no levels"),
        ({"durations": []}, "duration must be positive"),
        ({"chips": []}, "no denominations"),
    ],
)  # fmt: skip
def test_B1_bad_structures_are_refused_with_a_clear_error(
    change: dict[str, Any], message: str
) -> None:
    data = base_dict() | change
    with pytest.raises(InvalidCommand, match=message) as info:
        structure_from_dict(data)
    assert info.value.rule_ids == ("B1",)


def test_B11_colour_up_that_leaves_a_level_unpayable_is_refused() -> None:
    data = base_dict()
    data["levels"] = [[1, 100, 200, 0], [2, 200, 400, 400], [3, 300, 600, 600]]
    with pytest.raises(InvalidCommand, match="level 3: the small blind of 300 cannot be paid"):
        structure_from_dict(data)


def test_all_problems_are_reported_at_once() -> None:
    data = base_dict() | {"levels": [[1, 300, 200, 0], [3, 100, 100, 500]]}
    s = Structure(name="x", levels=(), chips=structure_from_dict(base_dict()).chips)
    assert s.problems() == ["the structure has no levels (B1)"]
    with pytest.raises(InvalidCommand) as info:
        structure_from_dict(data)
    assert len(info.value.context["problems"]) >= 4


def test_unknown_fields_and_names_are_refused() -> None:
    with pytest.raises(InvalidCommand, match="unknown structure field"):
        structure_from_dict(base_dict() | {"blinds": 3})
    with pytest.raises(InvalidCommand, match="no structure named"):
        load_structure("fox_wednesday")
    with pytest.raises(InvalidCommand, match="whole number"):
        structure_from_dict(base_dict() | {"levels": [[1, 100, "200", 0]]})
    with pytest.raises(InvalidCommand, match="level 0"):
        load_structure("fox_wed").level(0)


def test_json_round_trip_of_every_preset() -> None:
    for name in PRESETS:
        s = load_structure(name)
        assert structure_from_dict(json.loads(json.dumps(s.as_json()))) == s


def test_user_structure_file_may_inherit_a_preset(tmp_path: Path) -> None:
    path = tmp_path / "my_wed.toml"
    path.write_text('inherits = "fox_wed"\ndurations = [{ first = 1, minutes = 30 }]\n')
    s = load_structure(path)
    assert s.name == "my_wed"
    assert rows(s) == FOX_W
    assert {lv.minutes for lv in s.levels} == {30}
    bad = tmp_path / "bad.toml"
    bad.write_text("levels = [")
    with pytest.raises(InvalidCommand, match="not valid TOML"):
        load_structure(bad)


BBA_LEVEL = Level(
    number=20, small_blind=1000, big_blind=2000, ante=2000,
    ante_type=AnteType.BIG_BLIND_ANTE, minutes=20,
)  # fmt: skip


def test_KPC_53_bba_cut_to_the_small_blind_with_five_players_left() -> None:
    """B6 example: KPC 1,000/2,000 BBA 2,000; six left → 2,000; five left → 1,000."""
    kpc = load_profile("kojack")
    assert level_for_players(BBA_LEVEL, 6, kpc).ante == 2000
    assert level_for_players(BBA_LEVEL, 5, kpc).ante == 1000
    assert level_for_players(BBA_LEVEL, 2, kpc).ante == 1000


def test_FOX_11B_bba_never_reduced_even_heads_up() -> None:
    """B6: FOX keeps a full BBA at the final table, heads-up included (and TDA 2024)."""
    for profile in ("foxwoods", "tda"):
        assert level_for_players(BBA_LEVEL, 2, load_profile(profile)).ante == 2000


def test_KPC_53_half_big_blind_reading_when_sb_is_not_half() -> None:
    lv = Level(
        number=4, small_blind=200, big_blind=300, ante=300,
        ante_type=AnteType.BIG_BLIND_ANTE, minutes=20,
    )  # fmt: skip
    kpc = load_profile("kojack")
    assert level_for_players(lv, 5, kpc).ante == 200  # Appendix D #2: the small blind
    half = kpc.replace(bba_reduced_amount="half_big_blind")
    assert level_for_players(lv, 5, half).ante == 150
