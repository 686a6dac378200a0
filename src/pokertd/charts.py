"""Charts drawn once for every face: SVG line and band charts, and PNG from the same SVG.

The console's live charts (players left, average stack in big blinds) and the
simulator's projections (``pokertd sim --chart``, the web app's Simulate page) are the same
drawings, so they are drawn here, in a base module that knows nothing of tournaments: a
chart is a list of points and its labels.

* :func:`line_chart` — one series, its last point marked.
* :func:`band_chart` — a shaded band between the 10th and 90th percentiles with the median
  drawn over it: how wide the spread of many simulated nights is, at a glance.
* :func:`svg_to_png` — the same SVG rasterised by CairoSVG (it needs the Cairo library,
  Debian ``libcairo2``), rather than a second drawing path that could disagree.

Why hand-written SVG rather than a plotting library: the charts are a few dozen elements,
the web app serves them inline without JavaScript, and the output is byte-stable for a
given input (tests compare it).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path

from pokertd.errors import InvalidCommand
from pokertd.i18n import N_

W, H = 720, 320
PAD_L, PAD_R, PAD_T, PAD_B = 56, 16, 36, 40


@dataclass(frozen=True, slots=True)
class ChartSize:
    """A chart's drawing box (the SVG's ``viewBox``) and its text sizes, in its units.

    An SVG image scales to the width it is shown at, its text with it: the 720-unit chart
    shown 340 CSS px wide on a phone made its 11-unit ticks 5 px (issue 23). Each size is
    drawn for the width it is shown at, so a unit is about a CSS pixel there.
    """

    width: int
    height: int
    pad_left: int
    title: int
    label: int
    tick: int


WIDE = ChartSize(width=W, height=H, pad_left=PAD_L, title=16, label=12, tick=11)
"""The console's, the simulator's and the files' charts (shown up to 720 px wide)."""
NARROW = ChartSize(width=340, height=240, pad_left=64, title=16, label=14, tick=14)
"""The phone's charts: shown about 330-350 CSS px wide on a 390-px phone, so 14-unit
ticks are 13-14 px there (the phone's body text is 16 px; 12 px is the least we show)."""

LINE = "#0a6"
"""The median (or only) line."""
BAND = "#9fd8bf"
"""The 10th-90th percentile band."""

Formatter = Callable[[float], str]


def _plain(value: float) -> str:
    return f"{value:g}"


def clock_label(seconds: float) -> str:
    """``h:mm`` of a number of seconds (``5400`` -> ``1:30``): the time axis."""
    minutes = int(seconds) // 60
    return f"{minutes // 60}:{minutes % 60:02d}"


def nice_step(top: float, ticks: int = 6) -> float:
    """A round step (1, 2, 2.5 or 5 times a power of ten) giving at most ``ticks`` steps
    from 0 to ``top``."""
    if top <= 0:
        return 1.0
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000):
        if top / step <= ticks:
            return float(step)
    power = 10 ** math.floor(math.log10(top / ticks))
    for mult in (1, 2, 2.5, 5, 10):
        if top / (mult * power) <= ticks:
            return float(mult * power)
    return float(10 * power)  # pragma: no cover - the loop always returns


TITLE_EM = 0.6
"""A bold system-ui title's mean character width, in ems (Latin text: a little generous)."""

LABEL_EM = 0.55
"""An axis label's mean character width, in ems (regular weight)."""

TITLE_LEAST = 12
"""The smallest text a chart's title and y axis shrink to before their letters are narrowed
(12 units: about 12 CSS px on a phone, the least a page shows; issue 23)."""


def _title(title: str, size: ChartSize) -> str:
    """The chart's title, fitted to the chart's width and never cut (a German title on a
    phone is twice the English): at its size from the plot's left edge when it fits there;
    else from the chart's edge, shrunk down to :data:`TITLE_LEAST`; else on two lines split
    at the space nearest the middle (both above the plot); a single word longer than the
    chart is narrowed to the width (``textLength``)."""
    room = size.width - size.pad_left - PAD_R
    if len(title) * TITLE_EM * size.title <= room:
        return _title_text(size.pad_left, 22, size.title, title, room)
    room = size.width - 16
    font = max(TITLE_LEAST, min(size.title, int(room / (len(title) * TITLE_EM))))
    if len(title) * TITLE_EM * font <= room or " " not in title:
        return _title_text(8, 22, font, title, room)
    spaces = [i for i, c in enumerate(title) if c == " "]
    cut = min(spaces, key=lambda i: abs(i - len(title) / 2))
    lines = (title[:cut], title[cut + 1 :])
    # two lines share the 36 units above the plot: 12-13 units each, never the title size
    font = max(TITLE_LEAST, min(TITLE_LEAST + 1, int(room / (max(map(len, lines)) * TITLE_EM))))
    return _title_text(8, 13, font, lines[0], room) + _title_text(
        8, 13 + font, font, lines[1], room
    )


def _title_text(x: int, y: int, font: int, text: str, room: int) -> str:
    """One line of a title; narrowed to ``room`` when even that is too long."""
    fit = ""
    if len(text) * TITLE_EM * font > room:
        fit = f' textLength="{room}" lengthAdjust="spacingAndGlyphs"'
    return f'<text x="{x}" y="{y}" font-size="{font}" font-weight="600"{fit}>{escape(text)}</text>'


class _Frame:
    """The axes of one chart: title, grid, y ticks from 0, the x range and its labels."""

    def __init__(
        self,
        title: str,
        xlabel: str,
        ylabel: str,
        xs: Sequence[float],
        ytop_value: float,
        x_format: Formatter,
        x_step: float | None,
        size: ChartSize = WIDE,
    ) -> None:
        w, h, left = size.width, size.height, size.pad_left
        self.left, self.size = left, size
        self.out = [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" '
            f'height="{h}" role="img" aria-label="{escape(title)}" class="chart" '
            'font-family="system-ui,sans-serif">',
            f'<rect width="{w}" height="{h}" fill="#fff"/>',
            _title(title, size),
        ]
        self.pw, self.ph = w - left - PAD_R, h - PAD_T - PAD_B
        self.x0, self.x1 = min(xs), max(xs)
        if self.x1 == self.x0:
            self.x1 = self.x0 + 1
        ystep = nice_step(ytop_value)
        self.ytop = ystep * (int(ytop_value / ystep) + 1)
        tick = 0.0
        while tick <= self.ytop + 1e-9:
            y = self.sy(tick)
            self.out.append(
                f'<line x1="{left}" y1="{y:.1f}" x2="{w - PAD_R}" y2="{y:.1f}" stroke="#ddd"/>'
            )
            self.out.append(
                f'<text x="{left - 6}" y="{y + 4:.1f}" font-size="{size.tick}" '
                f'text-anchor="end">{tick:g}</text>'
            )
            tick += ystep
        self.out.append(
            f'<text x="{left + self.pw / 2}" y="{h - 8}" font-size="{size.label}" '
            f'text-anchor="middle">{escape(xlabel)}</text>'
        )
        # the y axis's words along the plot's height: smaller, then narrowed, never past it
        yfont = max(TITLE_LEAST, min(size.label, int(self.ph / (max(len(ylabel), 1) * LABEL_EM))))
        yfit = ""
        if len(ylabel) * LABEL_EM * yfont > self.ph:
            yfit = f' textLength="{self.ph}" lengthAdjust="spacingAndGlyphs"'
        self.out.append(
            f'<text x="14" y="{PAD_T + self.ph / 2}" font-size="{yfont}"{yfit} '
            f'text-anchor="middle" transform="rotate(-90 14 {PAD_T + self.ph / 2})">'
            f"{escape(ylabel)}</text>"
        )
        if x_step is None:
            self.out.append(
                f'<text x="{left}" y="{h - 24}" font-size="{size.tick}">'
                f"{escape(x_format(self.x0))}</text>"
            )
            self.out.append(
                f'<text x="{w - PAD_R}" y="{h - 24}" font-size="{size.tick}" text-anchor="end">'
                f"{escape(x_format(self.x1))}</text>"
            )
        else:
            tick = math.ceil(self.x0 / x_step) * x_step
            while tick <= self.x1 + 1e-9:
                x = self.sx(tick)
                self.out.append(
                    f'<line x1="{x:.1f}" y1="{PAD_T + self.ph}" x2="{x:.1f}" '
                    f'y2="{PAD_T + self.ph + 4}" stroke="#999"/>'
                )
                # a tick on the right edge ends there: centred, its label would be cut
                anchor = "end" if x >= w - PAD_R - 0.5 else "middle"
                self.out.append(
                    f'<text x="{x:.1f}" y="{h - 24}" font-size="{size.tick}" '
                    f'text-anchor="{anchor}">{escape(x_format(tick))}</text>'
                )
                tick += x_step

    def sx(self, x: float) -> float:
        return self.left + (x - self.x0) / (self.x1 - self.x0) * self.pw

    def sy(self, y: float) -> float:
        return PAD_T + self.ph - y / self.ytop * self.ph

    def path(self, points: Sequence[tuple[float, float]]) -> str:
        return " ".join(f"{self.sx(x):.1f},{self.sy(y):.1f}" for x, y in points)

    def done(self) -> str:
        self.out.append("</svg>")
        return "".join(self.out)


def _empty(title: str, size: ChartSize = WIDE) -> str:
    w, h = size.width, size.height
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" '
        f'height="{h}" role="img" aria-label="{escape(title)}" class="chart" '
        'font-family="system-ui,sans-serif">'
        f'<rect width="{w}" height="{h}" fill="#fff"/>'
        f"{_title(title, size)}"
        f'<text x="{w / 2}" y="{h / 2}" text-anchor="middle" fill="#666">'
        "No data yet</text></svg>"
    )


def line_chart(
    points: Sequence[tuple[float, float]],
    title: str,
    xlabel: str,
    ylabel: str,
    *,
    x_format: Formatter = _plain,
    x_step: float | None = None,
    size: ChartSize = WIDE,
) -> str:
    """An SVG line chart of ``points`` (already in x order), its last point marked.

    ``x_format`` writes the x labels (the first and last, or every ``x_step``); ``size``
    the box and text sizes for the width it is shown at (:data:`NARROW` on a phone)."""
    if not points:
        return _empty(title, size)
    xs, top = [p[0] for p in points], max(p[1] for p in points)
    frame = _Frame(title, xlabel, ylabel, xs, top, x_format, x_step, size)
    frame.out.append(
        f'<polyline points="{frame.path(points)}" fill="none" stroke="{LINE}" stroke-width="3"/>'
    )
    for x, y in points[-1:]:
        frame.out.append(
            f'<circle cx="{frame.sx(x):.1f}" cy="{frame.sy(y):.1f}" r="4" fill="{LINE}"/>'
        )
    return frame.done()


def band_chart(
    points: Sequence[tuple[float, float, float, float]],
    title: str,
    xlabel: str,
    ylabel: str,
    *,
    x_format: Formatter = _plain,
    x_step: float | None = None,
) -> str:
    """An SVG band chart: ``points`` are ``(x, p10, median, p90)`` in x order; the band
    between p10 and p90 is shaded, the median drawn over it, with a legend (none when the
    band has no width anywhere: one run)."""
    if not points:
        return _empty(title)
    frame = _Frame(
        title,
        xlabel,
        ylabel,
        [p[0] for p in points],
        max(max(p[1], p[2], p[3]) for p in points),
        x_format,
        x_step,
    )
    upper = [(x, hi) for x, _, _, hi in points]
    lower = [(x, lo) for x, lo, _, _ in reversed(points)]
    frame.out.append(
        f'<polygon points="{frame.path(upper + lower)}" fill="{BAND}" fill-opacity="0.6" '
        'stroke="none" class="band"/>'
    )
    median = [(x, mid) for x, _, mid, _ in points]
    frame.out.append(
        f'<polyline points="{frame.path(median)}" fill="none" stroke="{LINE}" stroke-width="3" '
        'class="median"/>'
    )
    if all(lo == hi for _, lo, _, hi in points):
        return frame.done()  # one run: a line, no band to explain
    lx, ly = W - PAD_R - 214, PAD_T + 6  # top right of the plot, where the curves fall away
    frame.out.append(
        f'<rect x="{lx - 6}" y="{ly - 4}" width="214" height="22" fill="#fff" '
        'fill-opacity="0.85"/>'
        f'<rect x="{lx}" y="{ly + 2}" width="14" height="10" fill="{BAND}" fill-opacity="0.6"/>'
        f'<text x="{lx + 18}" y="{ly + 11}" font-size="11">10th-90th percentile</text>'
        f'<line x1="{lx + 140}" y1="{ly + 7}" x2="{lx + 158}" y2="{ly + 7}" stroke="{LINE}" '
        'stroke-width="3"/>'
        f'<text x="{lx + 162}" y="{ly + 11}" font-size="11">median</text>'
    )
    return frame.done()


def svg_to_png(svg: str, *, scale: float = 2.0) -> bytes:
    """The SVG as a PNG image (``scale`` times its size), drawn by CairoSVG.

    CairoSVG is imported here, not at start-up: it loads the Cairo C library, which only a
    PNG needs (a machine without ``libcairo2`` still draws SVG)."""
    try:
        import cairosvg  # type: ignore[import-untyped]
    except (ImportError, OSError) as exc:
        raise InvalidCommand(
            template=N_(
                "PNG charts need the Cairo library (Debian: apt install libcairo2); "
                "write an .svg file instead."
            )
        ) from exc
    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    if not isinstance(png, bytes):  # pragma: no cover - svg2png returns bytes without write_to
        raise InvalidCommand(
            template=N_("The chart could not be drawn as PNG; write an .svg file instead.")
        )
    return png


def stack_charts(svgs: Sequence[str]) -> str:
    """Several charts of this module one above the other, as one SVG (one file to keep)."""
    inner = "".join(
        svg.replace("<svg ", f'<svg x="0" y="{i * H}" ', 1) for i, svg in enumerate(svgs)
    )
    height = H * max(len(svgs), 1)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {height}" width="{W}" '
        f'height="{height}">{inner}</svg>'
    )


CHART_SUFFIXES = (".svg", ".png")


def check_chart_path(path: str | Path) -> str:
    """The chart file's suffix (``.svg`` or ``.png``); anything else is refused."""
    suffix = Path(path).suffix.lower()
    if suffix not in CHART_SUFFIXES:
        raise InvalidCommand(
            template=N_("A chart file ends in .svg or .png, not %(name)s."),
            params={"name": repr(Path(path).name)},
            context={"path": str(path)},
        )
    return suffix


def chart_bytes(svg: str, path: str | Path) -> bytes:
    """What to write to ``path``: the SVG itself for ``.svg``, a PNG for ``.png``."""
    if check_chart_path(path) == ".svg":
        return svg.encode("utf-8")
    return svg_to_png(svg)


__all__ = [
    "BAND",
    "CHART_SUFFIXES",
    "LINE",
    "NARROW",
    "WIDE",
    "ChartSize",
    "H",
    "W",
    "band_chart",
    "chart_bytes",
    "check_chart_path",
    "clock_label",
    "line_chart",
    "nice_step",
    "stack_charts",
    "svg_to_png",
]
