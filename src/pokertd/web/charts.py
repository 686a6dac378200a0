"""Server-side SVG charts: entries then players left over time, average stack in big blinds
by level.

The series come from the view model (``chart.players_left``: ``[[minutes, players], ...]``,
``chart.avg_bb``: ``[[level, big_blinds], ...]``); the drawing is :mod:`pokertd.charts`,
shared with the simulator's charts (issue 15).
"""

from __future__ import annotations

from typing import Any

from pokertd.charts import NARROW, WIDE, line_chart
from pokertd.errors import NotFound
from pokertd.i18n import N_, SOURCE
from pokertd.i18n.catalog import gettext

CHARTS = {
    "players": ("players_left", N_("Players left"), N_("minutes played"), N_("players")),
    "bb": ("avg_bb", N_("Average stack in big blinds"), N_("level"), N_("big blinds")),
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


BY_UNIT = {
    "big_bets": (N_("Average stack in big bets"), N_("big bets")),
    "mixed": (
        N_("Average stack in big blinds (big bets at fixed-limit levels)"),
        N_("big blinds or big bets"),
    ),
}
"""The ``bb`` chart's title and axis when the levels are fixed-limit (HORSE, a stud event:
``chart.avg_unit``), or some of each (8-game), as the TV's average reads (issue 28)."""

ENTRIES = ("entries", N_("Entries so far"), N_("minutes since the first entry"), N_("entries"))
"""The ``players`` chart while registration is open: entries climb; players left is drawn
from the moment registration closes (the field set), falling as players bust."""


def render(name: str, view: dict[str, Any], *, narrow: bool = False, lang: str = SOURCE) -> str:
    """The named chart of a view model; ``narrow``: drawn for a phone's width
    (:data:`~pokertd.charts.NARROW`, text readable at about 340 CSS px).

    ``players`` shows "Entries so far" until registration closes (the view has no
    players-left series yet), then "Players left" from the field at the close (issue 23:
    drawn from the first entry, players left climbed from 2 to 30 during registration).
    ``bb`` counts big bets where the levels are fixed-limit (:data:`BY_UNIT`).
    ``lang``: the language of the title and the axes (issue 27)."""
    spec = CHARTS.get(name)
    if spec is None:
        raise NotFound(
            template=N_("There is no chart %(name)s: choose %(names)s."),
            params={"name": repr(name), "names": ", ".join(CHARTS)},
        )
    key, title, xlabel, ylabel = spec
    points = series(view, key)
    if name == "players" and not points and series(view, ENTRIES[0]):
        key, title, xlabel, ylabel = ENTRIES
        points = series(view, key)
    chart = view.get("chart")
    unit = chart.get("avg_unit") if isinstance(chart, dict) else None
    if name == "bb" and isinstance(unit, str) and unit in BY_UNIT:
        title, ylabel = BY_UNIT[unit]
    title, xlabel, ylabel = (gettext(lang, text) for text in (title, xlabel, ylabel))
    return line_chart(points, title, xlabel, ylabel, size=NARROW if narrow else WIDE)


__all__ = ["BY_UNIT", "CHARTS", "ENTRIES", "line_chart", "render", "series"]
