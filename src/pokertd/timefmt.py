"""The venue's time zone and the one way times are shown (web log, receipts, prints, CLI).

Events are recorded in UTC; people at the venue read local time. The zone is configuration,
chosen once: ``POKERTD_TIMEZONE`` (or ``pokertd serve --timezone``), else the machine's own
zone. Every face formats through these helpers so the browser and the terminal agree. Nothing
here reads the wall clock: callers pass the instants.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime, tzinfo
from functools import lru_cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pokertd.errors import InvalidCommand

ZONE_ENV = "POKERTD_TIMEZONE"
"""The environment variable naming the venue's zone (an IANA name, e.g. ``Europe/London``)."""


def _machine_zone() -> tzinfo:
    """This computer's own zone (``TZ``, then ``/etc/localtime``), else UTC."""
    candidates = [os.environ.get("TZ", "").lstrip(":")]
    link = os.path.realpath("/etc/localtime")
    if "zoneinfo/" in link:
        candidates.append(link.split("zoneinfo/", 1)[1])
    for key in candidates:
        if key:
            try:
                return ZoneInfo(key)
            except (ZoneInfoNotFoundError, ValueError, OSError):
                continue
    try:
        with open("/etc/localtime", "rb") as f:
            return ZoneInfo.from_file(f, key="localtime")
    except (OSError, ValueError):
        return UTC


def venue_zone(name: str = "") -> tzinfo:
    """The zone called ``name``; empty = ``$POKERTD_TIMEZONE``, else the machine's zone.

    An unknown name is a one-line :class:`InvalidCommand`, raised when the app starts.
    """
    return _zone(name.strip() or os.environ.get(ZONE_ENV, "").strip())


@lru_cache(maxsize=16)
def _zone(key: str) -> tzinfo:
    if not key:
        return _machine_zone()
    if key.upper() == "UTC":
        return UTC
    try:
        return ZoneInfo(key)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise InvalidCommand(
            f"Unknown time zone {key!r}: give a name like Europe/London or America/New_York."
        ) from None


def local(at: datetime | str, zone: tzinfo) -> datetime:
    """``at`` (an aware datetime or ISO text; naive means UTC) in ``zone``."""
    when = datetime.fromisoformat(at) if isinstance(at, str) else at
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.astimezone(zone)


def iso(at: datetime | str, zone: tzinfo) -> str:
    """ISO 8601 to the second with the venue's offset, e.g. ``2026-11-23T18:30:00-05:00``."""
    return local(at, zone).isoformat(timespec="seconds")


def clock(at: datetime | str, zone: tzinfo) -> str:
    """Time of day, e.g. ``18:30:00`` (log lines)."""
    return local(at, zone).strftime("%H:%M:%S")


def stamp(at: datetime | str, zone: tzinfo) -> str:
    """Date and time of day, e.g. ``2026-11-23 18:30`` (receipts and printouts)."""
    return local(at, zone).strftime("%Y-%m-%d %H:%M")


__all__ = ["ZONE_ENV", "clock", "iso", "local", "stamp", "venue_zone"]
