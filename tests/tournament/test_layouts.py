"""Wall-screen layouts as data (issue 27, point 3): the one check every saved, imported or
edited layout passes (:func:`pokertd.tournament.layouts.check_layout`)."""

from __future__ import annotations

from typing import Any

import pytest

from pokertd.errors import InvalidCommand
from pokertd.tournament.display import LAYOUTS
from pokertd.tournament.layouts import (
    BUILT_IN,
    FILE_FORMAT,
    GRID_MAX,
    PANELS_MAX,
    check_layout,
    layout_from_json,
    style_for,
)


def _raw(*panels: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"name": "bar room", "columns": 4, "rows": 3, "panels": list(panels), **more}


def _refusal(raw: object) -> str:
    with pytest.raises(InvalidCommand) as err:
        check_layout(raw)
    return str(err.value)


def test_every_tv_layout_of_set_display_is_a_built_in_layout() -> None:
    # SetDisplay's "clock" and "payouts" are shipped as layouts of the model; old logs that
    # chose one of them still name a layout that exists.
    assert set(LAYOUTS) == set(BUILT_IN)
    assert all(layout.built_in for layout in BUILT_IN.values())


def test_a_layout_round_trips_through_its_file() -> None:
    raw = _raw(
        {"kind": "clock", "col": 0, "row": 0, "width": 3, "height": 2},
        {"kind": "announcement", "col": 3, "row": 0, "height": 3, "options": {"text": "Hi"}},
        styles=[
            {"when": "default", "text": "#FFFFFF", "background": "#000000"},
            {"when": "break", "text": "#000000", "background": "#FFCC00", "scale": 120},
            {"when": "level", "level": 5, "background": "#330000"},
        ],
    )
    layout = check_layout(raw)
    body = layout.as_json()
    assert body["format"] == FILE_FORMAT
    assert body["styles"][1]["background"] == "#ffcc00"  # colours kept lower-case
    assert layout_from_json(body) == layout


def test_two_panels_on_one_cell_are_refused_with_the_cell_named() -> None:
    text = _refusal(
        _raw(
            {"kind": "clock", "col": 0, "row": 0, "width": 2, "height": 2},
            {"kind": "payouts", "col": 1, "row": 1, "width": 2, "height": 2},
        )
    )
    assert text == (
        "Panel 2 (payouts) overlaps panel 1 (clock) at column 2, row 2: move or shrink one of them."
    )


def test_a_panel_past_the_grid_edge_is_refused() -> None:
    text = _refusal(_raw({"kind": "clock", "col": 2, "row": 0, "width": 3, "height": 1}))
    assert text == (
        "Panel 1 (clock) does not fit on the 4×3 grid: from column 3, row 1 it is 3 wide and "
        "1 high."
    )


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        (_raw(), "has no panels"),
        (_raw({"kind": "weather", "col": 0, "row": 0}), "no known kind ('weather')"),
        (_raw({"kind": "clock", "col": 0, "row": 0, "options": {"font": "x"}}), "no option"),
        (_raw({"kind": "clock", "col": 0, "row": 0, "options": {"event": "0"}}), "event number"),
        ({**_raw({"kind": "clock", "col": 0, "row": 0}), "columns": GRID_MAX + 1}, "from 1 to"),
        ({**_raw({"kind": "clock", "col": 0, "row": 0}), "name": ""}, "1 to 40 letters"),
        ({**_raw({"kind": "clock", "col": 0, "row": 0}), "name": "x" * 41}, "1 to 40 letters"),
        ({**_raw({"kind": "clock", "col": 0, "row": 0}), "format": "other/1"}, "not a layout file"),
        (
            _raw(
                {"kind": "clock", "col": 0, "row": 0},
                styles=[{"when": "break"}, {"when": "break"}],
            ),
            "Two styles are for the break",
        ),
        (
            _raw({"kind": "clock", "col": 0, "row": 0}, styles=[{"background": "red"}]),
            "must look like #1a2b3c",
        ),
        (
            _raw({"kind": "clock", "col": 0, "row": 0}, styles=[{"scale": 300}]),
            "from 50 to 200, not 300",
        ),
        (_raw({"kind": "clock", "col": 0, "row": 0}, styles=[{"when": "level"}]), "say which"),
    ],
)
def test_refusals_say_what_is_wrong(raw: dict[str, Any], words: str) -> None:
    assert words in _refusal(raw)


def test_more_panels_than_the_limit_are_refused() -> None:
    panels = [{"kind": "title", "col": i % 12, "row": i // 12} for i in range(PANELS_MAX + 1)]
    raw = {"name": "many", "columns": 12, "rows": 12, "panels": panels}
    assert _refusal(raw) == f"A layout holds at most {PANELS_MAX} panels, not {PANELS_MAX + 1}."


def test_the_style_follows_the_clock_break_then_level_then_default() -> None:
    layout = check_layout(
        _raw(
            {"kind": "clock", "col": 0, "row": 0},
            styles=[
                {"when": "default", "background": "#000000"},
                {"when": "break", "background": "#00aa00"},
                {"when": "level", "level": 7, "background": "#aa0000"},
            ],
        )
    )
    assert style_for(layout, 7, on_break=False).background == "#aa0000"
    assert style_for(layout, 7, on_break=True).background == "#00aa00"
    assert style_for(layout, 6, on_break=False).background == "#000000"
    assert style_for(layout, None, on_break=False).background == "#000000"


def test_a_control_character_in_an_option_is_refused() -> None:
    raw = _raw({"kind": "announcement", "col": 0, "row": 0, "options": {"text": "Bar\x07"}})
    assert _refusal(raw) == (
        "Panel 1 (announcement)'s text holds a control character (U+0007): type it again."
    )
