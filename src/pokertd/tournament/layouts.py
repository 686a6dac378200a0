"""Wall-screen layouts as data (issue 27, point 3): a named grid of panels, and its styles.

A *layout* is a grid of ``columns`` × ``rows`` cells holding *panels*; each panel has a
kind (:data:`PANEL_KINDS`: the clock, the blinds and next level, the payouts, …), a
rectangle on the grid (``col``, ``row``, ``width``, ``height``; cells counted from 0) and a
few options of its kind (:data:`PANEL_OPTIONS`). *Styles* colour the whole screen by what
the clock is doing: a style for the breaks, one for a given level, one by default; each says
the text colour, the background colour, a font scale (percent) and a background image (the
name of an uploaded image, :mod:`pokertd.app.walls`).

Everything a venue saves, imports or edits goes through :func:`check_layout`, the one place
that says what a layout may be: every panel inside the grid, no two panels overlapping,
known kinds and options, names and counts within their limits. Its refusals are sentences a
floorperson can read aloud ("Panel 2 (payouts) overlaps panel 1 (clock) at column 3,
row 1."); a refused layout is stored nowhere.

The two layouts the TV always had (``clock``, ``payouts``: the director's ``SetDisplay``)
are shipped as built-in layouts of this model (:data:`BUILT_IN`); a venue's own layouts
live beside them, venue-wide, in the store (:mod:`pokertd.store.screens`).

Pure: no I/O. The file format (:func:`layout_from_json`, :meth:`Layout.as_json`) is JSON with
a ``format`` marker (:data:`FILE_FORMAT`), so an exported file says what it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pokertd.errors import InvalidCommand
from pokertd.i18n import N_
from pokertd.tournament.limits import bad_character, normalize_text

FILE_FORMAT = "pokertd-layout/1"
"""What an exported layout file says it is (``"format"``); import refuses anything else."""

PANEL_KINDS: dict[str, str] = {
    "clock": N_("Clock (time left in the level, next break)"),
    "blinds": N_("Blinds and next level"),
    "payouts": N_("Payouts"),
    "players": N_("Players left and average stack"),
    "chips": N_("Chip denominations"),
    "seating": N_("Seating board"),
    "lobby": N_("Lobby of several events"),
    "league": N_("League standings"),
    "announcement": N_("Announcement"),
    "sponsor": N_("Sponsor image"),
    "qr": N_("QR code of the event's player page"),
    "title": N_("Event name"),
}
"""Every kind of panel a layout may hold, with the words the editor shows for it (msgids:
the editor's page translates them)."""

PANEL_OPTIONS: dict[str, frozenset[str]] = {
    "clock": frozenset({"event"}),
    "blinds": frozenset({"event"}),
    "payouts": frozenset({"event"}),
    "players": frozenset({"event"}),
    "chips": frozenset({"event"}),
    "seating": frozenset({"event"}),
    "lobby": frozenset(),
    "league": frozenset({"league", "season"}),
    "announcement": frozenset({"event", "text"}),
    "sponsor": frozenset({"image", "caption"}),
    "qr": frozenset({"event"}),
    "title": frozenset({"event"}),
}
"""The options each kind takes. ``event``: which of the screen's events (1 = the first)
the panel shows; ``text``: a fixed announcement (blank: the event's own); ``image``: an
uploaded image's name; ``league``/``season``: whose standings."""

GRID_MAX = 24
"""At most this many columns and rows (a 4K wall's cells stay above a hand's width)."""
PANELS_MAX = 24
"""At most this many panels in one layout."""
STYLES_MAX = 40
"""At most this many styles (a default, a break style and one per level of a long night)."""
NAME_MAX = 40
"""A layout's (or a screen's) name: 1-40 letters, digits, spaces, ``-`` or ``_``."""
OPTION_MAX = 200
"""An option's text (the announcement of a panel is as long as the floor's: 200)."""
SCALE_MIN, SCALE_MAX = 50, 200
"""A style's font scale, in percent of the panel's fitted size."""
LEVEL_MAX = 1000

NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _-]{0,39}$")
"""A layout's, a screen's or an image's name."""
COLOUR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")
"""A colour as the browser's colour picker gives it."""

STYLE_WHEN = ("default", "break", "level")
"""When a style applies: always (the fallback), on a break, or during one level."""


@dataclass(frozen=True, slots=True)
class Panel:
    """One panel: its kind, its rectangle in grid cells and its options."""

    kind: str
    col: int
    row: int
    width: int = 1
    height: int = 1
    options: dict[str, str] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        """The panel as the file and the browser carry it."""
        return {
            "kind": self.kind,
            "col": self.col,
            "row": self.row,
            "width": self.width,
            "height": self.height,
            "options": dict(self.options),
        }

    def cells(self) -> set[tuple[int, int]]:
        """Every (column, row) cell the panel covers."""
        return {
            (c, r)
            for c in range(self.col, self.col + self.width)
            for r in range(self.row, self.row + self.height)
        }


@dataclass(frozen=True, slots=True)
class Style:
    """How the screen looks at a time of the night (``when``: default, break or level)."""

    when: str = "default"
    level: int = 0
    """The level this style is for (``when == "level"``); 0 otherwise."""
    text: str = "#ffffff"
    background: str = "#0b1a2a"
    scale: int = 100
    """Font scale in percent (50-200) of the size each panel fits its text to."""
    image: str = ""
    """An uploaded image's name, shown behind the panels ("" for none)."""

    def as_json(self) -> dict[str, Any]:
        """The style as the file and the browser carry it."""
        return {
            "when": self.when,
            "level": self.level,
            "text": self.text,
            "background": self.background,
            "scale": self.scale,
            "image": self.image,
        }


@dataclass(frozen=True, slots=True)
class Layout:
    """A named grid of panels, with its styles (checked: :func:`check_layout`)."""

    name: str
    columns: int
    rows: int
    panels: tuple[Panel, ...]
    styles: tuple[Style, ...] = (Style(),)
    built_in: bool = False
    """Shipped with pokertd (``clock``, ``payouts``): shown, exported, never replaced."""

    def as_json(self) -> dict[str, Any]:
        """The layout as an exported file holds it (:data:`FILE_FORMAT`)."""
        return {
            "format": FILE_FORMAT,
            "name": self.name,
            "columns": self.columns,
            "rows": self.rows,
            "panels": [p.as_json() for p in self.panels],
            "styles": [s.as_json() for s in self.styles],
            "built_in": self.built_in,
        }

    def images(self) -> set[str]:
        """The uploaded images the layout shows (styles' backgrounds, sponsor panels)."""
        named = {s.image for s in self.styles} | {
            p.options.get("image", "") for p in self.panels if p.kind == "sponsor"
        }
        return {n for n in named if n}


def style_for(layout: Layout, level: int | None, on_break: bool) -> Style:
    """The style the screen shows now: the break's on a break, else the level's, else the
    default (the first ``default`` style; a plain style when there is none)."""
    fallback = next((s for s in layout.styles if s.when == "default"), Style())
    for style in layout.styles:
        if on_break and style.when == "break":
            return style
        if not on_break and style.when == "level" and level is not None and style.level == level:
            return style
    return fallback


# --------------------------------------------------------------------------------------
# Checking: the one place that says what a layout may be


_NAME_RULES: dict[str, str] = {
    "A layout's name": N_(
        "A layout's name must be 1 to %(most)s letters, digits, spaces, '-' or '_', starting "
        "with a letter or digit: %(text)s is not."
    ),
    "A screen's name": N_(
        "A screen's name must be 1 to %(most)s letters, digits, spaces, '-' or '_', starting "
        "with a letter or digit: %(text)s is not."
    ),
    "An image's name": N_(
        "An image's name must be 1 to %(most)s letters, digits, spaces, '-' or '_', starting "
        "with a letter or digit: %(text)s is not."
    ),
    "Panel %(index)s (%(kind)s)'s image name": N_(
        "Panel %(index)s (%(kind)s)'s image name must be 1 to %(most)s letters, digits, "
        "spaces, '-' or '_', starting with a letter or digit: %(text)s is not."
    ),
    "Style %(index)s's background image name": N_(
        "Style %(index)s's background image name must be 1 to %(most)s letters, digits, "
        "spaces, '-' or '_', starting with a letter or digit: %(text)s is not."
    ),
}
"""The refusal of a bad name, one whole sentence for each thing named (the ``what`` of
:func:`check_name`)."""


def check_name(
    name: str, what: str = "A layout's name", params: dict[str, object] | None = None
) -> str:
    """``name`` trimmed, or a refusal: 1-40 letters, digits, spaces, ``-`` or ``_``.
    ``what`` is one of the things :data:`_NAME_RULES` names (``params`` its placeholders)."""
    text = " ".join(str(name).split())
    if not NAME_RE.match(text):
        values = {**(params or {}), "most": NAME_MAX, "text": repr(text[:NAME_MAX])}
        template = _NAME_RULES.get(what)
        if template is None:  # a caller's own words: the sentence around them translated
            template = N_(
                "%(what)s must be 1 to %(most)s letters, digits, spaces, '-' or '_', starting "
                "with a letter or digit: %(text)s is not."
            )
            values["what"] = what
        raise InvalidCommand(template=template, params=values)
    return text


def _int(
    value: object, what: tuple[str, str], params: dict[str, object], low: int, high: int
) -> int:
    """``value`` as a whole number from ``low`` to ``high``; ``what`` is the two refusals
    (not a whole number, out of range) of the field, whole sentences."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidCommand(template=what[0], params={**params, "low": low, "high": high})
    if not low <= value <= high:
        raise InvalidCommand(
            template=what[1], params={**params, "low": low, "high": high, "value": value}
        )
    return value


_PANEL_COLUMN = (
    N_("Panel %(index)s (%(kind)s)'s column must be a whole number from %(low)s to %(high)s."),
    N_("Panel %(index)s (%(kind)s)'s column must be from %(low)s to %(high)s, not %(value)s."),
)
_PANEL_ROW = (
    N_("Panel %(index)s (%(kind)s)'s row must be a whole number from %(low)s to %(high)s."),
    N_("Panel %(index)s (%(kind)s)'s row must be from %(low)s to %(high)s, not %(value)s."),
)
_PANEL_WIDTH = (
    N_("Panel %(index)s (%(kind)s)'s width must be a whole number from %(low)s to %(high)s."),
    N_("Panel %(index)s (%(kind)s)'s width must be from %(low)s to %(high)s, not %(value)s."),
)
_PANEL_HEIGHT = (
    N_("Panel %(index)s (%(kind)s)'s height must be a whole number from %(low)s to %(high)s."),
    N_("Panel %(index)s (%(kind)s)'s height must be from %(low)s to %(high)s, not %(value)s."),
)
_STYLE_LEVEL = (
    N_("Style %(index)s's level must be a whole number from %(low)s to %(high)s."),
    N_("Style %(index)s's level must be from %(low)s to %(high)s, not %(value)s."),
)
_STYLE_SCALE = (
    N_("Style %(index)s's font scale (percent) must be a whole number from %(low)s to %(high)s."),
    N_("Style %(index)s's font scale (percent) must be from %(low)s to %(high)s, not %(value)s."),
)
_GRID_COLUMNS = (
    N_("The grid's columns must be a whole number from %(low)s to %(high)s."),
    N_("The grid's columns must be from %(low)s to %(high)s, not %(value)s."),
)
_GRID_ROWS = (
    N_("The grid's rows must be a whole number from %(low)s to %(high)s."),
    N_("The grid's rows must be from %(low)s to %(high)s, not %(value)s."),
)
_COLOURS = {
    "text": N_("Style %(index)s's text colour must look like #1a2b3c, not %(value)s."),
    "background": N_("Style %(index)s's background colour must look like #1a2b3c, not %(value)s."),
}


def _panel(index: int, raw: object, columns: int, rows: int) -> Panel:
    if not isinstance(raw, dict):
        raise InvalidCommand(
            template=N_("Panel %(index)s is not a panel (kind, col, row, width, height)."),
            params={"index": index},
        )
    kind = str(raw.get("kind", "")).strip().lower()
    if kind not in PANEL_KINDS:
        raise InvalidCommand(
            template=N_("Panel %(index)s has no known kind (%(kind)s): choose one of %(kinds)s."),
            params={"index": index, "kind": repr(kind), "kinds": ", ".join(PANEL_KINDS)},
        )
    at = {"index": index, "kind": kind}
    col = _int(raw.get("col", 0), _PANEL_COLUMN, at, 0, columns - 1)
    row = _int(raw.get("row", 0), _PANEL_ROW, at, 0, rows - 1)
    width = _int(raw.get("width", 1), _PANEL_WIDTH, at, 1, columns)
    height = _int(raw.get("height", 1), _PANEL_HEIGHT, at, 1, rows)
    if col + width > columns or row + height > rows:
        raise InvalidCommand(
            template=N_(
                "Panel %(index)s (%(kind)s) does not fit on the %(columns)s×%(rows)s grid: from "
                "column %(col)s, row %(row)s it is %(width)s wide and %(height)s high."
            ),
            params={
                **at,
                "columns": columns,
                "rows": rows,
                "col": col + 1,
                "row": row + 1,
                "width": width,
                "height": height,
            },
        )
    options_raw = raw.get("options") or {}
    if not isinstance(options_raw, dict):
        raise InvalidCommand(
            template=N_("Panel %(index)s (%(kind)s)'s options must be names and values."),
            params=at,
        )
    options: dict[str, str] = {}
    for key, value in options_raw.items():
        if key not in PANEL_OPTIONS[kind]:
            allowed = ", ".join(sorted(PANEL_OPTIONS[kind]))
            if allowed:
                raise InvalidCommand(
                    template=N_(
                        "Panel %(index)s (%(kind)s) takes no option %(key)s (it takes: "
                        "%(allowed)s)."
                    ),
                    params={**at, "key": repr(key), "allowed": allowed},
                )
            raise InvalidCommand(
                template=N_("Panel %(index)s (%(kind)s) takes no option %(key)s (it takes: none)."),
                params={**at, "key": repr(key)},
            )
        text = normalize_text(" ".join(str(value).split()))
        if (bad := bad_character(text)) is not None:
            raise InvalidCommand(
                template=N_("Panel %(index)s (%(kind)s)'s %(key)s holds %(bad)s: type it again."),
                params={**at, "key": key, "bad": bad},
            )
        if len(text) > OPTION_MAX:
            raise InvalidCommand(
                template=N_(
                    "Panel %(index)s (%(kind)s)'s %(key)s can have at most %(most)s characters."
                ),
                params={**at, "key": key, "most": OPTION_MAX},
            )
        if key == "event" and text and not (text.isdigit() and 1 <= int(text) <= PANELS_MAX):
            raise InvalidCommand(
                template=N_(
                    "Panel %(index)s (%(kind)s)'s event is the screen's event number (1, 2, …)."
                ),
                params=at,
            )
        if key == "image" and text:
            text = check_name(text, "Panel %(index)s (%(kind)s)'s image name", at)
        if text:
            options[key] = text
    return Panel(kind, col, row, width, height, options)


def _style(index: int, raw: object) -> Style:
    at: dict[str, object] = {"index": index}
    if not isinstance(raw, dict):
        raise InvalidCommand(
            template=N_("Style %(index)s is not a style (when, colours, scale, image)."),
            params=at,
        )
    when = str(raw.get("when", "default")).strip().lower()
    if when not in STYLE_WHEN:
        raise InvalidCommand(
            template=N_("Style %(index)s applies %(when)s: choose %(choices)s."),
            params={**at, "when": repr(when), "choices": ", ".join(STYLE_WHEN)},
        )
    level = _int(raw.get("level", 0), _STYLE_LEVEL, at, 0, LEVEL_MAX)
    if when == "level" and level < 1:
        raise InvalidCommand(
            template=N_("Style %(index)s is for a level: say which (1 or more)."), params=at
        )
    colours = {}
    for key, default in (("text", "#ffffff"), ("background", "#0b1a2a")):
        value = str(raw.get(key, default)).strip()
        if not COLOUR_RE.match(value):
            raise InvalidCommand(template=_COLOURS[key], params={**at, "value": repr(value)})
        colours[key] = value.lower()
    scale = _int(raw.get("scale", 100), _STYLE_SCALE, at, SCALE_MIN, SCALE_MAX)
    image = str(raw.get("image", "") or "").strip()
    if image:
        image = check_name(image, "Style %(index)s's background image name", at)
    return Style(
        when, level if when == "level" else 0, colours["text"], colours["background"], scale, image
    )


def check_layout(raw: object, *, built_in: bool = False) -> Layout:
    """The layout ``raw`` (parsed JSON) describes, or a refusal saying what is wrong.

    Refused: a name that is not 1-40 plain characters, a grid beyond
    :data:`GRID_MAX` × :data:`GRID_MAX`, no panel or more than :data:`PANELS_MAX`, an
    unknown kind or option, a panel outside the grid, two panels covering the same cell,
    more than :data:`STYLES_MAX` styles, two styles for the same break or level, a colour
    that is not ``#rrggbb``, a font scale outside 50-200 %.
    """
    if not isinstance(raw, dict):
        raise InvalidCommand(template=N_("A layout is an object with a name, a grid and panels."))
    fmt = raw.get("format", FILE_FORMAT)
    if fmt != FILE_FORMAT:
        raise InvalidCommand(
            template=N_("This is not a layout file of this program (format %(format)s)."),
            params={"format": repr(fmt)},
        )
    name = check_name(str(raw.get("name", "")))
    columns = _int(raw.get("columns", 0), _GRID_COLUMNS, {}, 1, GRID_MAX)
    rows = _int(raw.get("rows", 0), _GRID_ROWS, {}, 1, GRID_MAX)
    panels_raw = raw.get("panels")
    if not isinstance(panels_raw, list) or not panels_raw:
        raise InvalidCommand(
            template=N_("Layout %(name)s has no panels: add at least one."),
            params={"name": repr(name)},
        )
    if len(panels_raw) > PANELS_MAX:
        raise InvalidCommand(
            template=N_("A layout holds at most %(most)s panels, not %(count)s."),
            params={"most": PANELS_MAX, "count": len(panels_raw)},
        )
    panels = tuple(_panel(i, p, columns, rows) for i, p in enumerate(panels_raw, 1))
    taken: dict[tuple[int, int], int] = {}
    for i, panel in enumerate(panels, 1):
        for cell in sorted(panel.cells(), key=lambda c: (c[1], c[0])):
            if cell in taken:
                j = taken[cell]
                raise InvalidCommand(
                    template=N_(
                        "Panel %(index)s (%(kind)s) overlaps panel %(other)s (%(other_kind)s) at "
                        "column %(col)s, row %(row)s: move or shrink one of them."
                    ),
                    params={
                        "index": i,
                        "kind": panel.kind,
                        "other": j,
                        "other_kind": panels[j - 1].kind,
                        "col": cell[0] + 1,
                        "row": cell[1] + 1,
                    },
                )
            taken[cell] = i
    styles_raw = raw.get("styles") or [Style().as_json()]
    if not isinstance(styles_raw, list):
        raise InvalidCommand(template=N_("A layout's styles are a list."))
    if len(styles_raw) > STYLES_MAX:
        raise InvalidCommand(
            template=N_("A layout has at most %(most)s styles, not %(count)s."),
            params={"most": STYLES_MAX, "count": len(styles_raw)},
        )
    styles = tuple(_style(i, s) for i, s in enumerate(styles_raw, 1))
    seen: set[tuple[str, int]] = set()
    for style in styles:
        key = (style.when, style.level)
        if key in seen:
            if style.when == "level":
                raise InvalidCommand(
                    template=N_("Two styles are for level %(level)s: keep one."),
                    params={"level": style.level},
                )
            raise InvalidCommand(
                template=N_("Two styles are for the break: keep one.")
                if style.when == "break"
                else N_("Two styles are for the default: keep one.")
            )
        seen.add(key)
    return Layout(name, columns, rows, panels, styles, built_in)


def layout_from_json(raw: object) -> Layout:
    """A layout read from a file or a request (never a built-in: the flag is ignored)."""
    return check_layout(raw, built_in=False)


# --------------------------------------------------------------------------------------
# The built-in layouts: the TV's two screens (SetDisplay), as data


def _built_in(name: str, panels: list[dict[str, Any]]) -> Layout:
    return check_layout({"name": name, "columns": 12, "rows": 8, "panels": panels}, built_in=True)


BUILT_IN: dict[str, Layout] = {
    "clock": _built_in(
        "clock",
        [
            {"kind": "title", "col": 0, "row": 0, "width": 12, "height": 1},
            {"kind": "blinds", "col": 0, "row": 1, "width": 4, "height": 4},
            {"kind": "clock", "col": 4, "row": 1, "width": 8, "height": 4},
            {"kind": "players", "col": 0, "row": 5, "width": 4, "height": 2},
            {"kind": "payouts", "col": 4, "row": 5, "width": 4, "height": 3},
            {"kind": "chips", "col": 8, "row": 5, "width": 2, "height": 3},
            {"kind": "qr", "col": 10, "row": 5, "width": 2, "height": 3},
            {"kind": "announcement", "col": 0, "row": 7, "width": 4, "height": 1},
        ],
    ),
    "payouts": _built_in(
        "payouts",
        [
            {"kind": "title", "col": 0, "row": 0, "width": 12, "height": 1},
            {"kind": "clock", "col": 0, "row": 1, "width": 4, "height": 3},
            {"kind": "blinds", "col": 0, "row": 4, "width": 4, "height": 2},
            {"kind": "players", "col": 0, "row": 6, "width": 4, "height": 2},
            {"kind": "payouts", "col": 4, "row": 1, "width": 6, "height": 7},
            {"kind": "qr", "col": 10, "row": 1, "width": 2, "height": 3},
            {"kind": "chips", "col": 10, "row": 4, "width": 2, "height": 4},
        ],
    ),
}
"""The shipped layouts, one per TV layout of :data:`pokertd.tournament.display.LAYOUTS`."""


__all__ = [
    "BUILT_IN",
    "FILE_FORMAT",
    "GRID_MAX",
    "PANELS_MAX",
    "PANEL_KINDS",
    "PANEL_OPTIONS",
    "STYLES_MAX",
    "STYLE_WHEN",
    "Layout",
    "Panel",
    "Style",
    "check_layout",
    "check_name",
    "layout_from_json",
    "style_for",
]
