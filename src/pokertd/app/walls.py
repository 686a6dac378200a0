"""The venue's wall screens (issue 27, point 3): layouts, their images, named screens.

:class:`WallService` is what the screens page, the layout editor, the TVs at
``/screen/{name}`` and ``pokertd screens …`` call:

* layouts: the built-in ``clock`` and ``payouts`` (:data:`~pokertd.tournament.layouts.
  BUILT_IN`) and the venue's own, saved, exported and imported as JSON files; every layout
  passes :func:`~pokertd.tournament.layouts.check_layout` before it is stored;
* images (style backgrounds, sponsor panels): PNG, JPEG or WebP, recognised by their first
  bytes (never by the file's name), at most :data:`IMAGE_BYTES_MAX` bytes and
  :data:`IMAGE_SIDE_MAX` pixels a side (:func:`sniff_image`);
* screens: a TV opens ``/screen/screen 3`` and says hello every few seconds
  (:meth:`WallService.hello`); the staff assign it a layout and one or more events
  (:meth:`WallService.assign`), kept in the store so a restart changes nothing; the screen's
  stream (``pokertd.web.walls``) pushes the new assignment, and the TV switches without a
  reload.

Refusals are :class:`~pokertd.errors.InvalidCommand` / :class:`~pokertd.errors.NotFound`
sentences; a refused call writes nothing.
"""

from __future__ import annotations

import base64
import json
import struct
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pokertd.app.tournaments import TournamentService, utc_now
from pokertd.errors import InvalidCommand, NotFound, StoreError
from pokertd.i18n import N_
from pokertd.store.base import masked_url
from pokertd.store.screens import ImageRow, LayoutRow, ScreenRow, ScreenStore
from pokertd.tournament.layouts import (
    BUILT_IN,
    PANELS_MAX,
    Layout,
    check_layout,
    check_name,
    layout_from_json,
)

IMAGE_BYTES_MAX = 2 * 1024 * 1024
"""The largest image a venue may upload (2 MB: a full-HD JPEG or a 4K WebP fits)."""
IMAGE_SIDE_MAX = 4096
"""The widest and tallest image, in pixels (a 4K screen is 3840 × 2160)."""
IMAGES_MAX = 200
"""At most this many images in the venue."""
LAYOUTS_MAX = 200
"""At most this many venue layouts."""
SCREENS_MAX = 100
"""At most this many named screens."""
LAYOUT_FILE_MAX = 256 * 1024
"""The largest layout file an import reads (a full layout is a few kilobytes)."""
EVENTS_MAX = 12
"""At most this many events on one screen (the lobby board's page turns through them)."""
CONNECTED_SECONDS = 30.0
"""A screen that asked within this many seconds counts as connected."""
SEEN_EVERY = 10.0
"""A screen's hello is written down at most this often (not on every poll)."""

_TYPES = ("PNG", "JPEG", "WebP")


def sniff_image(data: bytes) -> tuple[str, int, int]:
    """``(content type, width, height)`` of a PNG, JPEG or WebP file read from its own
    bytes, or a refusal in plain words (the file's name and the browser's type are not
    trusted: a renamed file is what its bytes say)."""
    if len(data) > IMAGE_BYTES_MAX:
        raise InvalidCommand(
            template=N_(
                "The image is %(size)s MB: the limit is "
                "%(limit)s MB. Save it smaller and try again."
            ),
            params={"size": f"{len(data) / 1048576:.1f}", "limit": IMAGE_BYTES_MAX // 1048576},
        )
    if not data:
        raise InvalidCommand(template=N_("The file is empty: choose a PNG, JPEG or WebP image."))
    width = height = 0
    kind = ""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR" and len(data) >= 24:
        kind, (width, height) = "image/png", struct.unpack(">II", data[16:24])
    elif data[:3] == b"\xff\xd8\xff":
        kind = "image/jpeg"
        width, height = _jpeg_size(data)
    elif data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        kind = "image/webp"
        width, height = _webp_size(data)
    if not kind:
        raise InvalidCommand(
            template=N_(
                "This file is not an image pokertd shows: choose a %(types)s or %(last_type)s file."
            ),
            params={"types": ", ".join(_TYPES[:-1]), "last_type": _TYPES[-1]},
        )
    if not (width and height):
        raise InvalidCommand(
            template=N_("The image's size cannot be read: the file looks damaged.")
        )
    if width > IMAGE_SIDE_MAX or height > IMAGE_SIDE_MAX:
        raise InvalidCommand(
            template=N_(
                "The image is %(width)s × %(height)s pixels: at most %(max_side)s a side "
                "(a 4K screen is 3840 × 2160)."
            ),
            params={"width": width, "height": height, "max_side": IMAGE_SIDE_MAX},
        )
    return kind, width, height


def _jpeg_size(data: bytes) -> tuple[int, int]:
    """The size in a JPEG's first start-of-frame marker (0, 0 when there is none)."""
    i = 2
    while i + 9 < len(data):
        if data[i] != 0xFF:
            return 0, 0
        marker = data[i + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            i += 2
            continue
        length = struct.unpack(">H", data[i + 2 : i + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", data[i + 5 : i + 9])
            return width, height
        i += 2 + length
    return 0, 0


def _webp_size(data: bytes) -> tuple[int, int]:
    """The size of a WebP's VP8, VP8L or VP8X chunk (0, 0 when unreadable)."""
    chunk = data[12:16]
    if chunk == b"VP8 " and len(data) >= 30:
        w, h = struct.unpack("<HH", data[26:30])
        return w & 0x3FFF, h & 0x3FFF
    if chunk == b"VP8L" and len(data) >= 25:
        b = data[21:25]
        w = 1 + (((b[1] & 0x3F) << 8) | b[0])
        h = 1 + (((b[3] & 0x0F) << 10) | (b[2] << 2) | ((b[1] & 0xC0) >> 6))
        return w, h
    if chunk == b"VP8X" and len(data) >= 30:
        w = 1 + int.from_bytes(data[24:27], "little")
        h = 1 + int.from_bytes(data[27:30], "little")
        return w, h
    return 0, 0


@dataclass(frozen=True, slots=True)
class ImageInfo:
    """An uploaded image as the pages list it (no bytes)."""

    name: str
    content_type: str
    width: int
    height: int
    size: int

    def as_json(self) -> dict[str, Any]:
        """The image as ``--json`` and the API print it."""
        return {
            "name": self.name,
            "content_type": self.content_type,
            "width": self.width,
            "height": self.height,
            "size": self.size,
        }


@dataclass(frozen=True, slots=True)
class ScreenInfo:
    """A named screen: what it shows and whether it asked lately."""

    name: str
    layout: str
    events: tuple[str, ...]
    connected: bool
    seen: float
    """When it last asked (seconds since the epoch; 0: assigned but never seen)."""

    def as_json(self) -> dict[str, Any]:
        """The screen as ``--json`` and the screens page show it."""
        return {
            "name": self.name,
            "layout": self.layout,
            "events": list(self.events),
            "connected": self.connected,
            "seen": self.seen,
        }


class WallService:
    """The venue's layouts, images and named screens over the store's side tables."""

    def __init__(
        self, tournaments: TournamentService, *, now: Callable[[], datetime] = utc_now
    ) -> None:
        store = tournaments.store
        if not isinstance(store, ScreenStore):  # pragma: no cover - SQLite and PostgreSQL do
            raise StoreError(
                template=N_("The database at %(url)s cannot keep screens."),
                params={"url": masked_url(store.url)},
            )
        self.store: ScreenStore = store
        self.tournaments = tournaments
        self.now = now
        self.version = 0
        """Counts this process's changes to what a screen shows (an assignment, a layout
        saved or deleted, a screen forgotten): a screen's stream re-reads the store at once
        when it moves (:mod:`pokertd.web.walls`), and every few seconds anyway for changes
        made by another process (the CLI)."""

    def _stamp(self) -> float:
        return self.now().timestamp()

    # ---- layouts --------------------------------------------------------------------------

    def layouts(self) -> list[Layout]:
        """The built-in layouts, then the venue's own, by name."""
        own = [self._stored(row) for row in self.store.screen_layouts()]
        return [*BUILT_IN.values(), *own]

    @staticmethod
    def _stored(row: LayoutRow) -> Layout:
        return check_layout(row.body)

    def layout(self, name: str) -> Layout:
        """The layout ``name`` (built-in or the venue's), or ``NotFound``."""
        key = check_name(name)
        if key in BUILT_IN:
            return BUILT_IN[key]
        row = self.store.screen_layout(key)
        if row is None:
            raise NotFound(
                template=N_(
                    "There is no layout %(key)s: `pokertd screens layouts list` shows them."
                ),
                params={"key": repr(key)},
            )
        return self._stored(row)

    def save_layout(self, raw: object) -> Layout:
        """Check and store a layout (replacing the venue's layout of that name)."""
        layout = layout_from_json(raw)
        if layout.name in BUILT_IN:
            raise InvalidCommand(
                template=N_("%(name)s is a built-in layout: save yours under another name."),
                params={"name": repr(layout.name)},
            )
        missing = sorted(n for n in layout.images() if self.store.screen_image(n) is None)
        if missing:
            raise InvalidCommand(
                template=N_(
                    "Layout %(name)s shows images that were not uploaded: %(missing)s. Upload "
                    "them first, or choose others."
                ),
                params={"name": repr(layout.name), "missing": ", ".join(missing)},
            )
        if self.store.screen_layout(layout.name) is None and (
            len(self.store.screen_layouts()) >= LAYOUTS_MAX
        ):
            raise InvalidCommand(
                template=N_("The venue has %(most)s layouts: delete one first."),
                params={"most": LAYOUTS_MAX},
            )
        body = layout.as_json()
        body.pop("built_in", None)
        self.store.put_layout(LayoutRow(layout.name, body, self._stamp()))
        self.version += 1
        return layout

    def import_layout(self, text: str | bytes) -> Layout:
        """Read an exported layout file and store it (:meth:`save_layout`)."""
        if len(text) > LAYOUT_FILE_MAX:
            raise InvalidCommand(
                template=N_("A layout file is at most %(limit)s KB: this is not one."),
                params={"limit": LAYOUT_FILE_MAX // 1024},
            )
        try:
            raw = json.loads(text)
        except (ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
            raise InvalidCommand(
                template=N_("This file is not JSON: export a layout from pokertd.")
            ) from None
        return self.save_layout(raw)

    def export_layout(self, name: str) -> dict[str, Any]:
        """The layout ``name`` as a file holds it."""
        body = self.layout(name).as_json()
        body.pop("built_in", None)
        return body

    def delete_layout(self, name: str) -> None:
        """Delete a venue layout; refused for a built-in one and for one a screen shows."""
        key = check_name(name)
        if key in BUILT_IN:
            raise InvalidCommand(
                template=N_("%(key)s is a built-in layout: it cannot be deleted."),
                params={"key": repr(key)},
            )
        users = [s.name for s in self.store.screens() if s.layout == key]
        if users:
            raise InvalidCommand(
                template=N_("Layout %(key)s is on %(users)s: assign another layout there first."),
                params={"key": repr(key), "users": ", ".join(users)},
            )
        if not self.store.delete_layout(key):
            raise NotFound(template=N_("There is no layout %(key)s."), params={"key": repr(key)})
        self.version += 1

    # ---- images ---------------------------------------------------------------------------

    def upload_image(self, name: str, data: bytes) -> ImageInfo:
        """Check and store an image under ``name`` (replacing one of that name)."""
        key = check_name(name, "An image's name")
        kind, width, height = sniff_image(data)
        if self.store.screen_image(key) is None and len(self.store.screen_images()) >= IMAGES_MAX:
            raise InvalidCommand(
                template=N_("The venue has %(most)s images: delete one first."),
                params={"most": IMAGES_MAX},
            )
        encoded = base64.b64encode(data).decode("ascii")
        self.store.put_image(ImageRow(key, kind, encoded, width, height, len(data), self._stamp()))
        return ImageInfo(key, kind, width, height, len(data))

    def images(self) -> list[ImageInfo]:
        """Every uploaded image (no bytes)."""
        return [
            ImageInfo(r.name, r.content_type, r.width, r.height, r.size)
            for r in self.store.screen_images()
        ]

    def image(self, name: str) -> tuple[str, bytes]:
        """``(content type, bytes)`` of the image ``name``, or ``NotFound``."""
        row = self.store.screen_image(check_name(name, "An image's name"))
        if row is None:
            raise NotFound(template=N_("There is no image %(name)s."), params={"name": repr(name)})
        return row.content_type, base64.b64decode(row.data)

    def delete_image(self, name: str) -> None:
        """Delete an image; refused while a layout shows it."""
        key = check_name(name, "An image's name")
        users = [lay.name for lay in self.layouts() if key in lay.images()]
        if users:
            raise InvalidCommand(
                template=N_("Image %(key)s is shown by layout %(users)s: change those first."),
                params={"key": repr(key), "users": ", ".join(users)},
            )
        if not self.store.delete_image(key):
            raise NotFound(template=N_("There is no image %(key)s."), params={"key": repr(key)})

    # ---- screens --------------------------------------------------------------------------

    def _info(self, row: ScreenRow) -> ScreenInfo:
        connected = row.seen > 0 and self._stamp() - row.seen <= CONNECTED_SECONDS
        return ScreenInfo(row.name, row.layout, row.events, connected, row.seen)

    def screens(self) -> list[ScreenInfo]:
        """Every named screen, by name, with whether it asked within 30 s."""
        return [self._info(row) for row in self.store.screens()]

    def screen(self, name: str) -> ScreenInfo:
        """The screen ``name``, or ``NotFound``."""
        row = self.store.screen(check_name(name, "A screen's name"))
        if row is None:
            raise NotFound(
                template=N_("There is no screen %(name)s: open /screen/NAME on the TV first."),
                params={"name": repr(name)},
            )
        return self._info(row)

    def hello(self, name: str) -> ScreenInfo:
        """A TV named ``name`` asks what to show: registered on its first hello (the
        ``clock`` layout, no event yet), its ``seen`` time written at most every 10 s."""
        key = check_name(name, "A screen's name")
        row = self.store.screen(key)
        now = self._stamp()
        if row is None:
            if len(self.store.screens()) >= SCREENS_MAX:
                raise InvalidCommand(
                    template=N_("The venue has %(most)s screens: forget one first."),
                    params={"most": SCREENS_MAX},
                )
            row = ScreenRow(key, "clock", (), 0.0, now)
            self.store.put_screen(row)
        elif now - row.seen >= SEEN_EVERY:
            row = ScreenRow(row.name, row.layout, row.events, row.assigned, now)
            self.store.put_screen(row)
        return self._info(row)

    def assign(self, name: str, layout: str, events: list[str] | tuple[str, ...]) -> ScreenInfo:
        """Show ``layout`` with ``events`` (the first is the main one; a lobby panel shows
        them all) on the screen ``name``; a screen not seen yet is created, so a director
        can arrange the room before the TVs are switched on."""
        key = check_name(name, "A screen's name")
        chosen = self.layout(layout)
        picked: list[str] = []
        for tid in (e.strip() for e in events):
            if not tid or tid in picked:
                continue
            if not self.tournaments.exists(tid):
                raise NotFound(
                    template=N_("There is no event %(tid)s to show on %(key)s."),
                    params={"tid": repr(tid), "key": key},
                )
            picked.append(tid)
        if len(picked) > EVENTS_MAX:
            raise InvalidCommand(
                template=N_("A screen shows at most %(most)s events, not %(picked)s."),
                params={"most": EVENTS_MAX, "picked": len(picked)},
            )
        needs = max(
            (int(p.options.get("event", "1")) for p in chosen.panels if p.kind != "lobby"),
            default=0,
        )
        if needs > len(picked):
            raise InvalidCommand(
                template=N_(
                    "Layout %(name)s shows event %(needs)s of the screen: choose at least "
                    "%(needs)s events for %(key)s."
                )
                if needs > 1
                else N_(
                    "Layout %(name)s shows event %(needs)s of the screen: choose at least "
                    "%(needs)s event for %(key)s."
                ),
                params={"name": repr(chosen.name), "needs": needs, "key": key},
            )
        row = self.store.screen(key)
        if row is None and len(self.store.screens()) >= SCREENS_MAX:
            raise InvalidCommand(
                template=N_("The venue has %(most)s screens: forget one first."),
                params={"most": SCREENS_MAX},
            )
        seen = row.seen if row else 0.0
        new = ScreenRow(key, chosen.name, tuple(picked), self._stamp(), seen)
        self.store.put_screen(new)
        self.version += 1
        return self._info(new)

    def forget(self, name: str) -> None:
        """Forget a screen (it registers again when it next asks)."""
        if not self.store.delete_screen(check_name(name, "A screen's name")):
            raise NotFound(template=N_("There is no screen %(name)s."), params={"name": repr(name)})
        self.version += 1

    def show(self, name: str) -> dict[str, Any]:
        """What the TV ``name`` shows now: its layout (whole) and its events."""
        info = self.hello(name)
        try:
            layout = self.layout(info.layout)
        except NotFound:  # deleted under it: the clock until someone assigns another
            layout = BUILT_IN["clock"]
        events = [t for t in info.events if self.tournaments.exists(t)]
        return {
            "screen": info.name,
            "layout": layout.as_json(),
            "events": events,
            "panels_max": PANELS_MAX,
        }


__all__ = [
    "CONNECTED_SECONDS",
    "EVENTS_MAX",
    "IMAGE_BYTES_MAX",
    "IMAGE_SIDE_MAX",
    "ImageInfo",
    "ScreenInfo",
    "WallService",
    "sniff_image",
]
