"""Mixed-game structures (issue 28): levels that name their game, the rotation by level or
by orbit, the stud ante and bring-in, the presets (HORSE, 8-game, stud) and the final table
of an 8-handed stud event (C9).

Conventions checked (docs/clock.md "Mixed games"): in a fixed-limit game ``big_blind`` is
the small bet and the big bet twice it; a stud level's ante is per player and its bring-in
is below the small bet (completion = the small bet). The HORSE preset's ratios are those of
WSOP Europe 2007 Event #1 (limits 150/300: blinds 75/150, ante 25, bring-in 50).
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from pokertd.errors import InvalidCommand
from pokertd.rules import AnteType, Game, load_profile
from pokertd.tournament.clock import new_clock, start, view
from pokertd.tournament.seating import final_table_size
from pokertd.tournament.structures import (
    Level,
    Rotation,
    load_structure,
    structure_from_dict,
)
from pokertd.tournament.templates import load_template

HORSE = ["flhe", "o8", "razz", "stud", "stud8"]
CHIPS = [{"value": 25, "color": "green", "count": 1000}]


def mixed(levels: list[Any], **more: Any) -> dict[str, Any]:
    base = {"name": "m", "durations": [{"first": 1, "minutes": 30}], "chips": CHIPS}
    return base | {"levels": levels} | more


def test_rotation_by_level_fills_levels_in_order_cycling_and_breaks_do_not_count() -> None:
    """Level 1 deals the first game, level 2 the second, …; level 6 is the first again; a
    break after level 1 does not take a game."""
    s = structure_from_dict(
        mixed(
            [
                [1, 50, 100],
                [2, 75, 150],
                [3, 100, 200, 25, "razz", 50],
                [4, 150, 300, 50, "stud", 75],
                [5, 200, 400, 75, "stud8", 100],
                [6, 300, 600],
            ],
            rotation={"games": HORSE, "by": "level"},
            breaks=[{"after_level": 1, "minutes": 10}],
        )
    )
    assert [lv.game for lv in s.levels] == [
        Game.LIMIT_HOLDEM,
        Game.LIMIT_OMAHA_HI_LO,
        Game.RAZZ,
        Game.SEVEN_CARD_STUD,
        Game.STUD_HI_LO,
        Game.LIMIT_HOLDEM,
    ]
    assert s.rotation == Rotation(
        (
            Game.LIMIT_HOLDEM,
            Game.LIMIT_OMAHA_HI_LO,
            Game.RAZZ,
            Game.SEVEN_CARD_STUD,
            Game.STUD_HI_LO,
        ),
        "level",
    )
    # A stud level's ante is per player even though the file names no ante kind.
    assert s.levels[2].ante_type is AnteType.PER_PLAYER
    assert (s.levels[2].small_bet, s.levels[2].big_bet, s.levels[2].bring_in) == (200, 400, 50)


def test_a_level_that_names_its_game_keeps_it_over_the_rotation() -> None:
    s = structure_from_dict(
        mixed(
            [{"level": 1, "small_blind": 50, "big_blind": 100, "game": "nlhe"}, [2, 75, 150]],
            rotation={"games": HORSE, "by": "level"},
        )
    )
    assert [lv.game for lv in s.levels] == [Game.NO_LIMIT_HOLDEM, Game.LIMIT_OMAHA_HI_LO]


def test_rotation_by_orbit_leaves_levels_to_deal_every_game() -> None:
    """By orbit every level deals all five games: the level's ante and bring-in are the
    stud rounds', its blinds the flop rounds'."""
    s = structure_from_dict(
        mixed(
            [{"level": 1, "small_blind": 200, "big_blind": 400, "ante": 100, "bring_in": 100}],
            rotation={"games": HORSE, "by": "orbit"},
        )
    )
    lv = s.levels[0]
    assert lv.game is None
    assert s.games_of(lv) == tuple(Game(g) for g in HORSE)
    assert lv.ante_type is AnteType.PER_PLAYER
    assert str(s.rotation.reading if s.rotation else "") == "H·O·R·S·E, a game each orbit"
    assert s.mixed


def test_a_stud_level_without_a_bring_in_is_refused() -> None:
    with pytest.raises(InvalidCommand, match="level 1 deals Razz: a stud level needs a bring-in"):
        structure_from_dict(mixed([[1, 200, 400, 100, "razz"]]))
    # An orbit rotation that deals stud needs it on every level too.
    with pytest.raises(InvalidCommand, match="level 1 deals Razz: a stud level needs a bring-in"):
        structure_from_dict(mixed([[1, 200, 400, 100]], rotation={"games": HORSE, "by": "orbit"}))


def test_a_bring_in_at_or_above_the_small_bet_is_refused() -> None:
    """Completion is the small bet: a bring-in of 400 at limits 400/800 completes nothing."""
    with pytest.raises(
        InvalidCommand, match="the bring-in 400 must be less than the small bet 400"
    ):
        structure_from_dict(mixed([[1, 200, 400, 100, "stud", 400]]))
    ok = structure_from_dict(mixed([[1, 200, 400, 100, "stud", 375]]))
    assert ok.levels[0].bring_in == 375


def test_a_stud_level_with_a_big_blind_ante_is_refused() -> None:
    with pytest.raises(InvalidCommand, match="a stud ante is per player, not a big-blind ante"):
        structure_from_dict(mixed([[1, 200, 400, 400, "stud8", 100]], ante_type="big_blind_ante"))


def test_a_bring_in_on_a_level_without_stud_is_refused() -> None:
    with pytest.raises(InvalidCommand, match="the level deals no stud game"):
        structure_from_dict(mixed([[1, 200, 400, 0, "flhe", 100]]))


def test_an_unknown_game_is_refused_listing_the_known_ones() -> None:
    with pytest.raises(InvalidCommand) as info:
        structure_from_dict(mixed([[1, 200, 400, 0, "badugi"]]))
    text = str(info.value)
    assert "there is no game 'badugi'" in text
    assert "nlhe, flhe, plo, o8, plo8, stud, stud8, razz, 27td, nl27sd" in text
    with pytest.raises(InvalidCommand, match="there is no game 'hold'"):
        structure_from_dict(mixed([[1, 50, 100]], rotation={"games": ["hold"], "by": "level"}))
    with pytest.raises(InvalidCommand, match="choose level or orbit"):
        structure_from_dict(mixed([[1, 50, 100]], rotation={"games": ["flhe"], "by": "hand"}))


def test_a_no_limit_game_in_a_fixed_limit_rotation_is_fine() -> None:
    s = structure_from_dict(
        mixed([[1, 50, 100], [2, 75, 150]], rotation={"games": ["flhe", "nlhe"], "by": "level"})
    )
    assert s.levels[1].blinds == "No-limit hold'em 75/150"
    assert s.problems() == []


def test_the_floor_reading_names_the_game_and_its_limits() -> None:
    razz = Level(
        number=5, small_blind=200, big_blind=400, ante=100, ante_type=AnteType.PER_PLAYER,
        minutes=40, game=Game.RAZZ, bring_in=100,
    )  # fmt: skip
    assert razz.blinds == "Razz 400/800, ante 100, bring-in 100"
    flhe = Level(number=6, small_blind=200, big_blind=400, minutes=40, game=Game.LIMIT_HOLDEM)
    assert flhe.blinds == "Limit hold'em 400/800 (blinds 200/400)"
    plo = Level(number=7, small_blind=1000, big_blind=2000, minutes=40, game=Game.POT_LIMIT_OMAHA)
    assert plo.blinds == "Pot-limit Omaha 1,000/2,000"
    # A single-game hold'em level reads exactly as before: no game name.
    nlhe = Level(
        number=9, small_blind=1200, big_blind=2400, ante=2400,
        ante_type=AnteType.BIG_BLIND_ANTE, minutes=20,
    )  # fmt: skip
    assert nlhe.blinds == "1,200/2,400 BBA 2,400"


def test_horse_preset_rotates_the_five_games_with_wsope_2007_stud_ratios() -> None:
    s = load_structure("horse")
    assert s.rotation is not None
    assert s.rotation.by == "level"
    assert [s.level(n).game for n in (1, 2, 3, 4, 5, 6, 10, 11)] == [
        Game.LIMIT_HOLDEM, Game.LIMIT_OMAHA_HI_LO, Game.RAZZ, Game.SEVEN_CARD_STUD,
        Game.STUD_HI_LO, Game.LIMIT_HOLDEM, Game.STUD_HI_LO, Game.LIMIT_HOLDEM,
    ]  # fmt: skip
    # Limits double every two or three levels: 100, 150, 200, 300, 400, 600, 800, 1,000.
    assert [s.level(n).small_bet for n in range(1, 9)] == [100, 150, 200, 300, 400, 600, 800, 1000]
    assert s.level(2).blinds == "Omaha hi-lo 150/300 (blinds 75/150)"
    assert s.level(3).blinds == "Razz 200/400, ante 25, bring-in 50"
    # Every stud level: a per-player ante, a bring-in below the small bet.
    for lv in s.levels:
        if lv.game is not None and lv.game.is_stud:
            assert lv.ante_type is AnteType.PER_PLAYER
            assert 0 < lv.bring_in < lv.small_bet
            assert 0 < lv.ante <= lv.bring_in
        else:
            assert (lv.ante, lv.bring_in) == (0, 0)
    # Beyond the sheet the rotation goes on: level 21 limit hold'em, 23 razz with a bring-in.
    assert s.level(21).game is Game.LIMIT_HOLDEM
    l23 = s.level(23)
    assert l23.game is Game.RAZZ
    assert 0 < l23.bring_in < l23.small_bet
    assert l23.ante > 0


def test_eight_game_and_stud_presets() -> None:
    eight = load_structure("eight_game")
    assert [eight.level(n).game.value for n in range(1, 10)] == [  # type: ignore[union-attr]
        "nlhe", "plo", "27td", "flhe", "o8", "razz", "stud", "stud8", "nlhe",
    ]  # fmt: skip
    assert eight.level(3).blinds == "2-7 triple draw 200/400 (blinds 100/200)"
    stud = load_structure("stud")
    assert stud.rotation is None
    assert {lv.game for lv in stud.levels} == {Game.SEVEN_CARD_STUD}
    assert stud.level(1).blinds == "Seven card stud 100/200, ante 25, bring-in 25"


def test_games_survive_json_and_toml_round_trips() -> None:
    for name in ("horse", "eight_game", "stud"):
        s = load_structure(name)
        assert structure_from_dict(json.loads(json.dumps(s.as_json()))) == s
    data = load_structure("horse").as_json()
    assert data["rotation"] == {"games": HORSE, "by": "level"}
    assert (data["levels"][2]["game"], data["levels"][2]["bring_in"]) == ("razz", 50)
    assert "game" not in load_structure("fox_wed").as_json()["levels"][0]


@pytest.mark.parametrize(
    ("profile", "seats"),
    [("foxwoods", 9), ("tnpl", 9), ("kojack", 8)],
)
def test_FOX_11A_TNPL_B4_KPC_9_eight_handed_stud_final_table(profile: str, seats: int) -> None:
    """FOX-11A: "8-handed stud seats 9" at the final table; TNPL-B4: a full table plus one
    (never more than 10); KPC-9: the final table forms at the table's maximum seats (8)."""
    for template in ("horse", "stud", "eight_game"):
        t = load_template(template)
        assert t.seats_per_table == 8
        assert final_table_size(load_profile(profile), t.seats_per_table) == seats


T0 = datetime(2026, 11, 30, 19, 0, tzinfo=UTC)


def test_the_clock_view_says_the_game_now_and_next() -> None:
    """Level 3 of the HORSE preset is razz (limits 200/400, ante 25, bring-in 50), level 4
    seven card stud: the view's JSON names both by their short codes and reads both."""
    clock = start(new_clock(load_structure("horse")), T0)
    shown = view(clock, T0 + timedelta(minutes=80, seconds=5)).as_json()  # 2 × 40 min in
    assert (shown["level"]["level"], shown["level"]["game"]) == (3, "razz")
    assert shown["level"]["bring_in"] == 50
    assert shown["level"]["blinds"] == "Razz 200/400, ante 25, bring-in 50"
    assert shown["next_level"]["game"] == "stud"
    assert shown["next_level"]["blinds"] == "Seven card stud 300/600, ante 50, bring-in 75"
    assert shown["rotation"] == {"games": HORSE, "by": "level"}


def test_a_single_game_clock_reads_as_before() -> None:
    """No game, no bring-in, no rotation in a hold'em event's clock (its faces unchanged)."""
    shown = view(start(new_clock(load_structure("fox_wed")), T0), T0).as_json()
    assert set(shown["level"]) == {
        "level", "small_blind", "big_blind", "ante", "ante_type", "minutes", "blinds",
    }  # fmt: skip
    assert "rotation" not in shown


def test_an_orbit_rotation_level_reads_every_game_and_the_stud_amounts() -> None:
    s = structure_from_dict(
        mixed(
            [{"level": 1, "small_blind": 200, "big_blind": 400, "ante": 100, "bring_in": 100}],
            rotation={"games": HORSE, "by": "orbit"},
        )
    )
    shown = view(start(new_clock(s), T0), T0).as_json()
    assert shown["level"]["games"] == HORSE
    assert shown["level"]["rotation"] == "H·O·R·S·E"
    assert shown["level"]["blinds"] == (
        "H·O·R·S·E 400/800 (blinds 200/400), ante 100, bring-in 100"
    )


def test_F4_NJ_13_a_hi_lo_event_is_refused_where_the_highest_hand_alone_wins() -> None:
    """NJ-13 forbids hi/lo split games: the HORSE template (Omaha hi-lo and stud hi-lo) has
    that one problem under the New Jersey profile, none at Foxwoods or Kojack's; the stud
    preset (no split game) is fine in New Jersey."""
    horse = load_template("horse")
    (problem,) = horse.problems(load_profile("nj_fundraiser"))
    assert str(problem) == (
        "New Jersey fundraiser (Legalized Games of Chance) does not allow hi/lo split games: "
        "o8, stud8 (NJ-13)"
    )
    assert horse.problems(load_profile("foxwoods")) == []
    assert horse.problems(load_profile("kojack")) == []
    assert load_template("stud").problems(load_profile("nj_fundraiser")) == []


def test_C9_stud_is_refused_at_tables_of_nine() -> None:
    """Seven cards to each of eight players and the burns leave no card for a ninth: a stud
    event at 9-seat tables has one problem naming the seats."""
    nine = replace(load_template("stud"), seats_per_table=9)
    problems = [str(p) for p in nine.problems(load_profile("foxwoods"))]
    assert problems == ["stud is dealt at tables of at most 8 seats, not 9 (FOX-11A)"]
