"""The schedule feeds and public results on the command line (issue 26, point 3).

``pokertd league feed LEAGUE [--season S] --ics|--json`` and ``pokertd series feed SERIES
--ics|--json`` print what ``/leagues/{league}/schedule.ics`` (and its JSON) serve;
``pokertd results T --public`` prints what the public results page shows. The work is
:mod:`pokertd.app.results` and :mod:`pokertd.app.ics`.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated
from urllib.parse import urlsplit

import typer

from pokertd.cli._common import console, emit, say, say_n
from pokertd.errors import InvalidCommand
from pokertd.i18n import N_

if TYPE_CHECKING:
    from pokertd.app.results import EventResults, Schedule

IcsOption = Annotated[bool, typer.Option("--ics", help="Print the feed as iCalendar (RFC 5545).")]
UrlOption = Annotated[
    str,
    typer.Option(
        "--url",
        help="The site's public address (e.g. https://poker.example): each event's URL, and "
        "the UIDs' domain, as the server with that --public-url gives them.",
    ),
]


def print_feed(schedule: Schedule, *, ics: bool, as_json: bool, url: str = "") -> None:
    """The feed as ICS (``--ics``), JSON (``--json``) or lines for people."""
    from pokertd.app.ics import calendar  # CLI start-up: loaded when a command runs

    if ics and as_json:
        raise InvalidCommand(template=N_("Give --ics or --json, not both."))
    if ics:
        domain = (urlsplit(url).hostname if url else None) or "pokertd"
        sys.stdout.write(calendar(schedule, domain=domain, base_url=url.rstrip("/")))
        sys.stdout.flush()
        return
    emit(schedule.as_json(), as_json, lambda _: _render_feed(schedule))


def _line(text: str) -> None:
    """One line for people, never wrapped, no markup (names are the floor's text)."""
    console.print(text, soft_wrap=True, markup=False)


def _render_feed(schedule: Schedule) -> None:
    title = schedule.name + (f" · {schedule.season_name}" if schedule.season_name else "")
    _line(title)
    for head, events in (
        (say("Upcoming:") if schedule.upcoming else say("Upcoming: none"), schedule.upcoming),
        (say("Past:") if schedule.past else say("Past: none"), schedule.past),
    ):
        _line(head)
        for e in events:
            label = f" ({e.label})" if e.label else ""
            when = e.starts_at.strftime("%Y-%m-%d %H:%M UTC")
            start = "" if e.started else " " + say("(created; no start yet)")
            entries = say_n("%(n)s entry", "%(n)s entries", e.entries)
            console.print(
                f"  {when}{start}  {e.tournament_id}  {e.name}{label}: {e.status}, {entries}",
                soft_wrap=True,
                markup=False,
            )


def print_results(found: EventResults, as_json: bool) -> None:
    """The public results (``pokertd results T --public``)."""
    emit(found, as_json, lambda _: _render_results(found))


def _render_results(found: EventResults) -> None:
    from rich.table import Table  # CLI start-up: loaded when a command runs

    if not found.finished:
        state = say("still running, %(n)s left: places so far", n=found.playing)
    elif found.winner:
        state = say("final: %(name)s won", name=found.winner)
    else:
        state = say("final")
    table = Table(
        title=say(
            "%(name)s: %(entries)s entries, prize pool %(pool)s (%(state)s)",
            name=found.name,
            entries=found.entries,
            pool=found.prize_pool,
            state=state,
        )
    )
    for col in (
        say("place"),
        say("player"),
        say("prize"),
        say("KOs"),
        say("bounties"),
        say("points"),
    ):
        table.add_column(col)
    for r in found.rows:
        place = (
            say("%(first)s-%(last)s (tie)", first=r.places[0], last=r.places[-1])
            if r.tied
            else str(r.place)
        )
        pts = "" if r.league_points is None else f"{r.league_points:g}"
        table.add_row(place, r.name, r.prize, str(r.knockouts or ""), r.bounty, pts)
    console.print(table)


__all__ = ["IcsOption", "UrlOption", "print_feed", "print_results"]
