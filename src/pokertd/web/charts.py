"""Server-side SVG charts: players left over time, average stack in big blinds by level.

The series come from the view model (``chart.players_left``: ``[[minutes, players], ...]``,
``chart.avg_bb``: ``[[level, big_blinds], ...]``); this module only draws them.
"""

from __future__ import annotations

from html import escape
from typing import Any

from pokertd.errors import NotFound

W, H = 720, 320
PAD_L, PAD_R, PAD_T, PAD_B = 56, 16, 36, 40

CHARTS = {
    "players": ("players_left", "Players left", "minutes played", "players"),
    "bb": ("avg_bb", "Average stack in big blinds", "level", "big blinds"),
}


def _nice(top: float) -> float:
    if top <= 0:
        return 1.0
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000):
        if top / step <= 6:
            return float(step)
    return float(int(top / 6) + 1)


def line_chart(points: list[tuple[float, float]], title: str, xlabel: str, ylabel: str) -> str:
    """An SVG line chart of ``points`` (already in x order)."""
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" role="img" '
        f'aria-label="{escape(title)}" class="chart" font-family="system-ui,sans-serif">',
        f'<rect width="{W}" height="{H}" fill="#fff"/>',
        f'<text x="{PAD_L}" y="22" font-size="16" font-weight="600">{escape(title)}</text>',
    ]
    pw, ph = W - PAD_L - PAD_R, H - PAD_T - PAD_B
    if not points:
        out.append(
            f'<text x="{W / 2}" y="{H / 2}" text-anchor="middle" fill="#666">'
            "No data yet</text></svg>"
        )
        return "".join(out)
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0, x1 = min(xs), max(xs)
    if x1 == x0:
        x1 = x0 + 1
    ystep = _nice(max(ys))
    ytop = ystep * (int(max(ys) / ystep) + 1)

    def sx(x: float) -> float:
        return PAD_L + (x - x0) / (x1 - x0) * pw

    def sy(y: float) -> float:
        return PAD_T + ph - y / ytop * ph

    tick = 0.0
    while tick <= ytop + 1e-9:
        y = sy(tick)
        out.append(f'<line x1="{PAD_L}" y1="{y:.1f}" x2="{W - PAD_R}" y2="{y:.1f}" stroke="#ddd"/>')
        out.append(
            f'<text x="{PAD_L - 6}" y="{y + 4:.1f}" font-size="11" text-anchor="end">'
            f"{tick:g}</text>"
        )
        tick += ystep
    out.append(
        f'<text x="{PAD_L + pw / 2}" y="{H - 8}" font-size="12" text-anchor="middle">'
        f"{escape(xlabel)}</text>"
    )
    out.append(
        f'<text x="14" y="{PAD_T + ph / 2}" font-size="12" text-anchor="middle" '
        f'transform="rotate(-90 14 {PAD_T + ph / 2})">{escape(ylabel)}</text>'
    )
    out.append(f'<text x="{PAD_L}" y="{H - 24}" font-size="11">{x0:g}</text>')
    out.append(f'<text x="{W - PAD_R}" y="{H - 24}" font-size="11" text-anchor="end">{x1:g}</text>')
    path = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in points)
    out.append(f'<polyline points="{path}" fill="none" stroke="#0a6" stroke-width="3"/>')
    for x, y in points[-1:]:
        out.append(f'<circle cx="{sx(x):.1f}" cy="{sy(y):.1f}" r="4" fill="#0a6"/>')
    out.append("</svg>")
    return "".join(out)


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
