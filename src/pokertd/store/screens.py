"""The wall screens' store: the venue's layouts, their images and the named screens.

Venue-wide (a screen shows any event, a layout serves every night), so, like the series and
the leagues (:mod:`pokertd.store.series`), three small tables beside the event log, one SQL
text for SQLite and PostgreSQL, created on first use, written under their own lock keys:

- ``pokertd_screen_layouts``: name, the layout as JSON (checked by
  :func:`pokertd.tournament.layouts.check_layout` before it is written), updated.
- ``pokertd_screen_images``: name, content type, the bytes as base64 text (the same column
  type in both dialects; images are at most 2 MB), width, height, updated.
- ``pokertd_screens``: a TV by the name it registered with ("screen 3"), the layout and the
  events assigned to it (JSON list of tournament ids), when it was assigned and when it last
  asked (``seen``: the screens page's "connected").

The rows are plain values; what may be stored is decided above (:mod:`pokertd.app.walls`).

Implements: issue 27, point 3 (screens the venue arranges).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from pokertd.store.accounts import Runner, SideTables

SCREENS_LOCK = 0x504B5343
"""PostgreSQL advisory lock of the screens' writes ("PKSC")."""
SCREENS_SCHEMA_LOCK = 0x504B5344
"""PostgreSQL advisory lock of the screens' tables' creation ("PKSD")."""

SCREEN_TABLES = ("pokertd_screen_layouts", "pokertd_screen_images", "pokertd_screens")

_DDL = (
    "CREATE TABLE IF NOT EXISTS pokertd_screen_layouts (name TEXT PRIMARY KEY, "
    "body TEXT NOT NULL, updated DOUBLE PRECISION NOT NULL)",
    "CREATE TABLE IF NOT EXISTS pokertd_screen_images (name TEXT PRIMARY KEY, "
    "content_type TEXT NOT NULL, data TEXT NOT NULL, width INTEGER NOT NULL, "
    "height INTEGER NOT NULL, size INTEGER NOT NULL, updated DOUBLE PRECISION NOT NULL)",
    "CREATE TABLE IF NOT EXISTS pokertd_screens (name TEXT PRIMARY KEY, layout TEXT NOT NULL, "
    "events TEXT NOT NULL, assigned DOUBLE PRECISION NOT NULL, "
    "seen DOUBLE PRECISION NOT NULL)",
)


@dataclass(frozen=True, slots=True)
class LayoutRow:
    """A venue layout as stored: its JSON body (already checked)."""

    name: str
    body: dict[str, Any]
    updated: float


@dataclass(frozen=True, slots=True)
class ImageRow:
    """An uploaded image (``data``: base64 of the file's bytes)."""

    name: str
    content_type: str
    data: str
    width: int
    height: int
    size: int
    updated: float


@dataclass(frozen=True, slots=True)
class ScreenRow:
    """A named screen: its layout and events ("" and () until assigned), when it last asked."""

    name: str
    layout: str
    events: tuple[str, ...]
    assigned: float
    seen: float


@runtime_checkable
class ScreenStore(Protocol):
    """Layouts, images and screens of the venue (writes replace by name)."""

    url: str

    def put_layout(self, row: LayoutRow) -> None: ...
    def screen_layout(self, name: str) -> LayoutRow | None: ...
    def screen_layouts(self) -> list[LayoutRow]: ...
    def delete_layout(self, name: str) -> bool: ...
    def put_image(self, row: ImageRow) -> None: ...
    def screen_image(self, name: str) -> ImageRow | None: ...
    def screen_images(self) -> list[ImageRow]: ...
    def delete_image(self, name: str) -> bool: ...
    def put_screen(self, row: ScreenRow) -> None: ...
    def screen(self, name: str) -> ScreenRow | None: ...
    def screens(self) -> list[ScreenRow]: ...
    def delete_screen(self, name: str) -> bool: ...


class SqlScreens(SideTables):
    """:class:`ScreenStore` over the store's side-table hooks (writes under
    :data:`SCREENS_LOCK`)."""

    _screens_ready: bool = False

    def _ensure_screens(self) -> None:
        if not self._screens_ready:
            self._create_tables(_DDL, SCREENS_SCHEMA_LOCK)
            self._screens_ready = True

    @contextlib.contextmanager
    def _screens_tx(self) -> Iterator[Runner]:
        self._ensure_screens()
        with self._accounts_tx(SCREENS_LOCK) as run:
            yield run

    def _screens_read(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        self._ensure_screens()
        with self._accounts_read() as run:
            return run(sql, params)

    def _replace(
        self, table: str, key: str, columns: tuple[str, ...], values: tuple[Any, ...]
    ) -> None:
        """Replace the row ``key`` of ``table`` (tables and columns are this module's own)."""
        with self._screens_tx() as run:
            run(f"DELETE FROM {table} WHERE name = ?", (key,))
            marks = ", ".join("?" for _ in columns)
            run(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", values)

    def _delete(self, table: str, name: str) -> bool:
        with self._screens_tx() as run:
            found = bool(run(f"SELECT 1 FROM {table} WHERE name = ?", (name,)))
            run(f"DELETE FROM {table} WHERE name = ?", (name,))
        return found

    # ---- layouts --------------------------------------------------------------------------

    def put_layout(self, row: LayoutRow) -> None:
        """Store (or replace) the layout ``row.name``."""
        self._replace(
            "pokertd_screen_layouts",
            row.name,
            ("name", "body", "updated"),
            (row.name, json.dumps(row.body, sort_keys=True), row.updated),
        )

    def screen_layout(self, name: str) -> LayoutRow | None:
        """The layout ``name``, or ``None``."""
        rows = self._screens_read(
            "SELECT name, body, updated FROM pokertd_screen_layouts WHERE name = ?", (name,)
        )
        return _layout(rows[0]) if rows else None

    def screen_layouts(self) -> list[LayoutRow]:
        """Every venue layout, by name."""
        rows = self._screens_read(
            "SELECT name, body, updated FROM pokertd_screen_layouts ORDER BY name"
        )
        return [_layout(r) for r in rows]

    def delete_layout(self, name: str) -> bool:
        """Delete the layout ``name`` (whether there was one)."""
        return self._delete("pokertd_screen_layouts", name)

    # ---- images ---------------------------------------------------------------------------

    _IMAGE_COLUMNS = ("name", "content_type", "data", "width", "height", "size", "updated")

    def put_image(self, row: ImageRow) -> None:
        """Store (or replace) the image ``row.name``."""
        self._replace(
            "pokertd_screen_images",
            row.name,
            self._IMAGE_COLUMNS,
            (row.name, row.content_type, row.data, row.width, row.height, row.size, row.updated),
        )

    def screen_image(self, name: str) -> ImageRow | None:
        """The image ``name`` with its bytes, or ``None``."""
        rows = self._screens_read(
            f"SELECT {', '.join(self._IMAGE_COLUMNS)} FROM pokertd_screen_images WHERE name = ?",
            (name,),
        )
        return _image(rows[0]) if rows else None

    def screen_images(self) -> list[ImageRow]:
        """Every image, by name, without its bytes (``data`` is "")."""
        rows = self._screens_read(
            "SELECT name, content_type, '', width, height, size, updated "
            "FROM pokertd_screen_images ORDER BY name"
        )
        return [_image(r) for r in rows]

    def delete_image(self, name: str) -> bool:
        """Delete the image ``name`` (whether there was one)."""
        return self._delete("pokertd_screen_images", name)

    # ---- screens --------------------------------------------------------------------------

    def put_screen(self, row: ScreenRow) -> None:
        """Store (or replace) the screen ``row.name``."""
        self._replace(
            "pokertd_screens",
            row.name,
            ("name", "layout", "events", "assigned", "seen"),
            (row.name, row.layout, json.dumps(list(row.events)), row.assigned, row.seen),
        )

    def screen(self, name: str) -> ScreenRow | None:
        """The screen ``name``, or ``None``."""
        rows = self._screens_read(
            "SELECT name, layout, events, assigned, seen FROM pokertd_screens WHERE name = ?",
            (name,),
        )
        return _screen(rows[0]) if rows else None

    def screens(self) -> list[ScreenRow]:
        """Every screen, by name."""
        rows = self._screens_read(
            "SELECT name, layout, events, assigned, seen FROM pokertd_screens ORDER BY name"
        )
        return [_screen(r) for r in rows]

    def delete_screen(self, name: str) -> bool:
        """Forget the screen ``name`` (whether there was one)."""
        return self._delete("pokertd_screens", name)


def _layout(row: tuple[Any, ...]) -> LayoutRow:
    body = json.loads(str(row[1]))
    return LayoutRow(str(row[0]), body if isinstance(body, dict) else {}, float(row[2]))


def _image(row: tuple[Any, ...]) -> ImageRow:
    return ImageRow(
        str(row[0]), str(row[1]), str(row[2]), int(row[3]), int(row[4]), int(row[5]),
        float(row[6]),
    )  # fmt: skip


def _screen(row: tuple[Any, ...]) -> ScreenRow:
    events = json.loads(str(row[2]) or "[]")
    return ScreenRow(
        str(row[0]), str(row[1]), tuple(str(e) for e in events), float(row[3]), float(row[4])
    )


__all__ = [
    "SCREENS_LOCK",
    "SCREENS_SCHEMA_LOCK",
    "SCREEN_TABLES",
    "ImageRow",
    "LayoutRow",
    "ScreenRow",
    "ScreenStore",
    "SqlScreens",
]
