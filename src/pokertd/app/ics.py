"""A tiny iCalendar (RFC 5545) writer for the schedule feeds (issue 26, point 3).

Only what a schedule needs: one ``VCALENDAR`` of ``VEVENT``s, each with a ``UID`` stable
per event (``tournament-<id>@<domain>``: the same event keeps its UID in every feed and
every download, so a subscribed calendar updates it instead of adding a copy), ``DTSTAMP``
(when the feed was made), ``DTSTART`` in UTC (:func:`pokertd.app.results.start_of`: the
clock's start, else the creation time; pokertd records no planned start), ``SUMMARY``,
``DESCRIPTION`` and, given a base address, ``URL`` of the event's results page.

RFC 5545 rules kept here: lines end with CRLF (3.1), a content line longer than 75 octets
is folded (CRLF and one space) without splitting a UTF-8 character, and text values
escape backslash, semicolon, comma and newlines (3.3.11).
"""

from __future__ import annotations

from datetime import UTC, datetime

from pokertd.app.results import Schedule, ScheduleEvent

PRODID = "-//pokertd//schedule feed//EN"
LINE_OCTETS = 75
"""Longest content line in octets, CRLF excluded (RFC 5545 3.1)."""


def escape_text(value: str) -> str:
    """A TEXT value escaped (RFC 5545 3.3.11): ``\\`` ``;`` ``,`` and newlines.

    >>> escape_text("Ann, Bob; Cat\\nDan")
    'Ann\\\\, Bob\\\\; Cat\\\\nDan'
    """
    out = value.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
    return out.replace("\r\n", "\\n").replace("\r", "\\n").replace("\n", "\\n")


def fold(line: str) -> str:
    """One content line folded at 75 octets (continuations start with a space, which
    counts toward their 75), never inside a UTF-8 character; CRLF after each piece."""
    data = line.encode()
    pieces: list[bytes] = []
    limit = LINE_OCTETS
    while len(data) > limit:
        cut = limit
        while cut > 0 and (data[cut] & 0xC0) == 0x80:  # a continuation byte: step back
            cut -= 1
        pieces.append(data[:cut])
        data = data[cut:]
        limit = LINE_OCTETS - 1  # the leading space of the next piece
    pieces.append(data)
    return "\r\n ".join(p.decode() for p in pieces) + "\r\n"


def stamp(at: datetime) -> str:
    """A UTC DATE-TIME (``20261129T103000Z``)."""
    return at.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def event_uid(tournament_id: str, domain: str = "pokertd") -> str:
    """The event's UID: the same for the event in every feed and every download."""
    return f"tournament-{tournament_id}@{domain}"


def _vevent(e: ScheduleEvent, now: datetime, domain: str, base_url: str) -> list[str]:
    title = f"{e.name} ({e.label})" if e.label else e.name
    when = "started" if e.started else "created (no start time recorded yet)"
    lines = [
        "BEGIN:VEVENT",
        f"UID:{event_uid(e.tournament_id, domain)}",
        f"DTSTAMP:{stamp(now)}",
        f"DTSTART:{stamp(e.starts_at)}",
        f"SUMMARY:{escape_text(title)}",
        f"DESCRIPTION:{escape_text(f'{e.status}, {e.entries} entries; time: {when}')}",
    ]
    if base_url:
        lines.append(f"URL:{base_url.rstrip('/')}/t/{e.tournament_id}/results")
    lines.append("END:VEVENT")
    return lines


def calendar(schedule: Schedule, *, domain: str = "pokertd", base_url: str = "") -> str:
    """The schedule as an iCalendar document (CRLF lines, folded, escaped)."""
    name = schedule.name + (f" {schedule.season_name}" if schedule.season_name else "")
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        f"PRODID:{PRODID}",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        f"X-WR-CALNAME:{escape_text(name)}",
    ]
    for e in schedule.events:
        lines.extend(_vevent(e, schedule.generated_at, domain, base_url))
    lines.append("END:VCALENDAR")
    return "".join(fold(line) for line in lines)


__all__ = ["PRODID", "calendar", "escape_text", "event_uid", "fold", "stamp"]
