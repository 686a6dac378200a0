"""Server-side SVG charts: players left over time, average stack in big blinds by level.

The series come from the view model (``chart.players_left``: ``[[minutes, players], ...]``,
``chart.avg_bb``: ``[[level, big_blinds], ...]``); the drawing is :mod:`pokertd.charts`,
shared with the simulator's charts (issue 15).
"""

from __future__ import annotations

from typing import Any

from pokertd.charts import line_chart
from pokertd.errors import NotFound

CHARTS = {
    "players": ("players_left", "Players left", "minutes played", "players"),
    "bb": ("avg_bb", "Average stack in big blinds", "level", "big blinds"),
}


def series(view: dict[str, Any], key: str) -> list[tuple[float, float]]:
    """The ``chart[key]`` series of a view model as float pairs (bad rows skipped)."""
    chart = view.get("chart")
    raw = chart.get(key) if isinstance(chart, dict) else None
    out: list[tuple[float, float]] = []
    for row in raw or []:
        if isinstance(row, list | tuple) and len(row) == 2:
            x, y = row
            if isinstance(x, int | float) and isinstance(y, int | float):
                out.append((float(x), float(y)))
    return out


def render(name: str, view: dict[str, Any]) -> str:
    """The named chart of a view model."""
    spec = CHARTS.get(name)
    if spec is None:
        raise NotFound(f"There is no chart {name!r}: choose {', '.join(CHARTS)}.")
    key, title, xlabel, ylabel = spec
    return line_chart(series(view, key), title, xlabel, ylabel)


__all__ = ["CHARTS", "line_chart", "render", "series"]
