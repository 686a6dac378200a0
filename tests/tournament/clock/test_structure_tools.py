"""Structure tools: the generator and the projection (B1, B2, B11, A4)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.errors import InvalidCommand
from pokertd.rules import AnteType
from pokertd.tournament.clock import generate_structure, load_structure, one_decimal, project


def test_generated_structure_for_a_foxwoods_sized_night() -> None:
    s = generate_structure(players=60, starting_stack=20_000, hours=6, level_minutes=20)
    assert s.problems() == []
    assert len(s.levels) == 18
    assert s.levels[0].blinds == "100/200"
    assert s.levels[2].ante_type is AnteType.BIG_BLIND_ANTE
    assert s.registration_closes_after_level == 6  # about 30 % into six hours
    total = 60 * 20_000
    assert total // s.levels[-1].big_blind <= 20  # the end comes about on time
    assert any(b.remove for b in s.breaks)


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 500),
    stack=st.sampled_from([1_500, 4_000, 10_000, 20_000, 25_000, 50_000]),
    hours=st.integers(1, 12),
    level_minutes=st.sampled_from([10, 12, 15, 20, 30, 40, 60]),
    ante=st.sampled_from(list(AnteType)),
)
def test_generated_structures_are_always_valid(
    players: int, stack: int, hours: int, level_minutes: int, ante: AnteType
) -> None:
    s = generate_structure(
        players=players, starting_stack=stack, hours=hours, level_minutes=level_minutes,
        ante_type=ante,
    )  # fmt: skip
    assert s.problems() == []
    bbs = [lv.big_blind for lv in s.levels]
    assert bbs == sorted(set(bbs))  # strictly increasing


def test_generator_refuses_nonsense() -> None:
    with pytest.raises(InvalidCommand):
        generate_structure(players=1, starting_stack=10_000, hours=4, level_minutes=20)
    with pytest.raises(InvalidCommand):
        generate_structure(players=10, starting_stack=10_000, hours=0, level_minutes=20)


def test_projection_of_the_wednesday_sheet() -> None:
    """FOX-STR-W with 60 entries of 25,000: registration closes at minute 120; level 13
    starts after twelve 20-minute levels and the 10-minute break."""
    p = project(load_structure("fox_wed"), entries=60, starting_stack=25_000)
    assert p.registration_closes_at_minute == 120
    assert p.rows[12].starts_at_minute == 250
    assert p.rows[0].avg_stack_bb == 250  # 60 players, 25,000 each, 100 big blind
    assert one_decimal(p.rows[11].start_stack_bb) == "10.4"  # 25,000 / 2,400
    assert p.rows[5].registration_open
    assert not p.rows[6].registration_open
    # 1,500,000 chips are 20 BB or fewer from level 24 (80,000), beyond the sheet.
    assert p.estimated_end_level == 24
    assert p.rows[0].start_stack_bb == 250
    assert p.rows[6].players_left == 60  # nobody counted out until registration closes
    longer = project(load_structure("fox_wed"), entries=60, starting_stack=25_000, levels=26)
    assert longer.rows[23].level.extended
    assert longer.rows[23].players_left == 2
    assert longer.rows[23].avg_stack_bb == Fraction(1_500_000, 2 * 80_000)
    players = [r.players_left for r in longer.rows]
    assert players == sorted(players, reverse=True)
    assert p.as_json()["rows"][0]["avg_stack_bb"] == "250.0"


def test_projection_refuses_nonsense() -> None:
    with pytest.raises(InvalidCommand):
        project(load_structure("fox_wed"), entries=0, starting_stack=25_000)


def test_one_decimal_rounds_half_up() -> None:
    assert one_decimal(Fraction(1, 4)) == "0.3"
    assert one_decimal(Fraction(125, 10)) == "12.5"
