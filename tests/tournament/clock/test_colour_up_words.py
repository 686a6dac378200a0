"""The log's words for a colour-up (issue 22, part 6): the floor reads them aloud."""

from __future__ import annotations

from pokertd.tournament.clock.log import ColoredUp


def _colour_up(method: str) -> ColoredUp:
    return ColoredUp(
        at="2026-11-27T21:00:00+00:00",
        table="1",
        removed=(25,),
        entries={},
        result={"method": method, "chips_before": 80175, "chips_after": 80500},
    )


def test_B12_TNPL_D2i_a_round_up_reads_rounding_up_not_its_code() -> None:
    """TNPL's TD rounded the 25s up (B12): the console's result line and the log said
    "removed by round_up"."""
    assert _colour_up("round_up").describe() == (
        "Colour-up at table 1: 25 chips removed by rounding up; 80,175 → 80,500 chips"
    )


def test_B11_a_chip_race_reads_as_before() -> None:
    assert _colour_up("race").describe() == (
        "Colour-up at table 1: 25 chips removed by race; 80,175 → 80,500 chips"
    )
