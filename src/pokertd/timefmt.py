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
from pokertd.i18n import N_
from pokertd.money import check_locale

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
            template=N_(
                "Unknown time zone %(zone)s: give a name like Europe/London or America/New_York."
            ),
            params={"zone": repr(key)},
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


def stamp(at: datetime | str, zone: tzinfo, locale: str | None = None) -> str:
    """Date and time of day for people (receipts, printouts, mail, CLI).

    Without ``locale`` the neutral ``2026-11-23 18:30``; with one, as CLDR writes a date
    and a time of day there, joined by the locale's own pattern: ``23.11.2026, 18:30`` in
    ``de_DE``, ``11/23/2026, 6:30 PM`` in ``en_US``.
    """
    if locale is None:
        return local(at, zone).strftime("%Y-%m-%d %H:%M")
    # Babel loads only when a locale is set (CLI start-up, issue 25)
    from babel.dates import get_datetime_format

    glue = str(get_datetime_format("short", locale=check_locale(locale)))
    return glue.replace("{1}", date(at, zone, locale)).replace("{0}", time_of_day(at, zone, locale))


def when(at: datetime | str, zone: tzinfo, locale: str, skeleton: str) -> str:
    """``at`` in ``zone`` written by ``locale`` after the CLDR ``skeleton`` (``"yMMMd"`` a
    date, ``"Hm"`` or ``"hm"`` a time of day). The
    one way dates reach people; machine formats (ICS, JSON, CSV) use :func:`iso`."""
    # Babel loads only when a locale is set (CLI start-up, issue 25)
    from babel.dates import format_skeleton

    loc = check_locale(locale)
    return format_skeleton(skeleton, local(at, zone), locale=loc)


def date(at: datetime | str, zone: tzinfo, locale: str) -> str:
    """The day, e.g. ``23.11.2026`` (``de_DE``), ``11/23/2026`` (``en_US``)."""
    return when(at, zone, locale, "yMd")


def time_of_day(at: datetime | str, zone: tzinfo, locale: str) -> str:
    """Hours and minutes in the locale's habit: ``18:30`` (``de_DE``), ``6:30 PM`` (``en_US``)."""
    # the locale's own 12/24-hour habit (CLDR's ``j``): its short time pattern says which
    from babel.dates import get_time_format  # only with a locale (CLI start-up, issue 25)

    twelve = "h" in get_time_format("short", locale=check_locale(locale)).pattern
    return when(at, zone, locale, "hm" if twelve else "Hm")


__all__ = [
    "ZONE_ENV",
    "clock",
    "date",
    "iso",
    "local",
    "stamp",
    "time_of_day",
    "venue_zone",
    "when",
]
