"""The night taken home (issue 26, point 3): public results, embeddable standings, feeds.

Routes (all public, rate-limited per address by :class:`PublicLimiter`, no private data):

- ``GET /t/{tid}/results`` and ``GET /api/tournaments/{tid}/results``: one event's results
  (:func:`pokertd.app.results.event_results`: places, ties, prizes, knockouts, bounties,
  league points); "still running" with the places so far before the night ends;
- ``GET /embed/leagues/{league}?season=`` and ``GET /embed/series/{series}``: a small
  widget a club's site puts in an ``<iframe>`` (the only pages any origin may frame:
  :class:`pokertd.web.app.SecurityHeaders` sends ``frame-ancestors *`` for ``/embed/``);
  it sets no cookie and loads no script;
- ``GET /api/leagues/{league}/schedule.json?season=``, ``GET /leagues/{league}/schedule.ics``,
  ``GET /api/series/{series}/schedule.json``, ``GET /series/{series}/schedule.ics``: the
  events of a season or a series, upcoming and past (:mod:`pokertd.app.ics`).

Bad ids are a 404 with one sentence (a page for a browser, JSON for the API).
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import asdict
from functools import partial
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import HTMLResponse, Response

from pokertd.app.accounts import TooManyAttempts
from pokertd.app.ics import calendar
from pokertd.app.results import EventResults, Schedule, event_results, league_schedule
from pokertd.app.results import series_schedule as series_events
from pokertd.errors import NotFound
from pokertd.i18n import N_, catalog
from pokertd.money import format_money
from pokertd.web import i18n, views
from pokertd.web.api import ERROR_RESPONSES
from pokertd.web.auth import root_path
from pokertd.web.context import Web, web_of
from pokertd.web.leagues import public_standings
from pokertd.web.pages import public_url, render
from pokertd.web.series import lobby_state

PUBLIC_REQUESTS = 120
"""Requests one address may make to these routes per :data:`PUBLIC_WINDOW_S` (a club page
with a widget and a calendar app polling stay far below it)."""
PUBLIC_WINDOW_S = 60


class PublicLimiter:
    """A sliding window of requests per client address, in this process's memory (public
    reads write nothing, so the store's sign-in counters are not spent on them)."""

    def __init__(
        self,
        limit: int = PUBLIC_REQUESTS,
        window_s: int = PUBLIC_WINDOW_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limit = limit
        self.window_s = window_s
        self.clock = clock
        self._seen: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def check(self, address: str) -> None:
        """Count one request from ``address``; ``TooManyAttempts`` (429) past the limit."""
        now = self.clock()
        with self._lock:
            if len(self._seen) > 10_000:  # forget idle addresses (bounded memory)
                self._seen = {a: q for a, q in self._seen.items() if q and q[-1] > now - 60}
            seen = self._seen.setdefault(address, deque())
            while seen and seen[0] <= now - self.window_s:
                seen.popleft()
            if len(seen) >= self.limit:
                wait = max(1, int(seen[0] + self.window_s - now) + 1)
                raise TooManyAttempts(
                    template=N_(
                        "Too many requests from this address: wait %(wait)s seconds and try again."
                    ),
                    params={"wait": wait},
                    context={"retry_after": wait},
                )
            seen.append(now)


def limited(request: Request) -> None:
    """The per-address limit of the public routes (a FastAPI dependency)."""
    limiter: PublicLimiter = request.app.state.public_limits
    limiter.check(web_of(request).sessions.address(request))


router = APIRouter(tags=["public"], dependencies=[Depends(limited)])

Tid = Annotated[str, Path(min_length=1, max_length=64, description="A tournament's id.")]
LeagueKey = Annotated[str, Path(min_length=1, max_length=32, description="A league's key.")]
SeasonKey = Annotated[
    str, Query(max_length=32, description="A season's key (empty: the newest season).")
]
SeriesKey = Annotated[str, Path(min_length=1, max_length=64, description="A series' id.")]


def _results(request: Request, tid: str) -> EventResults:
    web = web_of(request)
    if not views.exists(web, tid):
        raise NotFound(template=N_("There is no tournament %(tid)s."), params={"tid": repr(tid)})
    locale = web.app.tournaments.event_locale(tid) or web.settings.money_locale()
    return event_results(web.app, tid, locale)


def results_json(found: EventResults) -> dict[str, Any]:
    """The results as the API returns them (the read model's fields)."""
    return asdict(found)


@router.get("/api/tournaments/{tid}/results", responses=ERROR_RESPONSES)
def results_api(tid: Tid, request: Request) -> dict[str, Any]:
    """One event's public results: places (ties as ties), prizes, knockouts, bounties,
    league points; ``status`` says whether the night is still running."""
    return results_json(_results(request, tid))


@router.get("/t/{tid}/results", response_class=HTMLResponse, include_in_schema=False)
def results_page(tid: Tid, request: Request) -> Response:
    """The public results page of one event (a phone, a laptop, a printout)."""
    found = _results(request, tid)
    return render(
        request,
        "results.html",
        r=found,
        tid=tid,
        bounties=any(line.bounty_cents for line in found.rows),
        knockouts=any(line.knockouts for line in found.rows),
        league=bool(found.leagues),
    )


def _points(value: float | int) -> str:
    return f"{value:g}"


def _embed(request: Request, name: str, **context: Any) -> Response:
    """An embed page: no session, no CSRF cookie, no script (a third-party iframe)."""
    web = web_of(request)
    # issue 27: a visitor of the club's site reads it in their browser's language
    # (``?lang=`` in the snippet's address wins; docs/languages.md)
    lang = i18n.request_language(request, follow_browser=True)
    with i18n.speaking(lang, web.settings.money_locale()):
        return web.templates.TemplateResponse(
            request,
            name,
            {
                "root": root_path(request),
                "money": _money(web),
                "html_lang": catalog.html_lang(lang),
                "state_text": partial(lobby_state, lang),
                **context,
            },
        )


def _money(web: Web) -> Callable[[int], str]:
    """The venue's amounts as its locale writes them (``1.234,56 €`` in ``de_DE``)."""
    currency, locale = web.app.tournaments.venue_currency, web.settings.money_locale()
    return lambda amount: format_money(amount, currency, locale)


@router.get("/embed/leagues/{league}", response_class=HTMLResponse, include_in_schema=False)
def league_embed(league: LeagueKey, request: Request, season: SeasonKey = "") -> Response:
    """A season's standings as a small widget for a club's site (names and points only)."""
    data = public_standings(web_of(request).app.leagues, league, season)
    return _embed(
        request, "embed_league.html", d=data, fmt=_points, site=public_url(request), league=league
    )


@router.get("/embed/series/{series}", response_class=HTMLResponse, include_in_schema=False)
def series_embed(series: SeriesKey, request: Request) -> Response:
    """A series' events as a small widget for a club's site: state, entries, players left."""
    web = web_of(request)
    lobby = web.app.series.lobby(series)
    return _embed(request, "embed_series.html", lobby=lobby, site=public_url(request))


def _ics(request: Request, schedule: Schedule, filename: str) -> Response:
    base = public_url(request)
    # the UIDs' domain is the configured public address only: the address a request came
    # in on varies (LAN, localhost), and a UID must not
    configured = web_of(request).settings.public_url
    domain = (urlsplit(configured).hostname if configured else None) or "pokertd"
    text = calendar(schedule, domain=domain, base_url=base)
    return Response(
        text,
        media_type="text/calendar; charset=utf-8",
        headers={"Content-Disposition": f'inline; filename="{filename}"'},
    )


@router.get("/api/leagues/{league}/schedule.json", responses=ERROR_RESPONSES)
def league_schedule_json(league: LeagueKey, request: Request, season: SeasonKey = "") -> Any:
    """A league season's events, upcoming and past (the newest season by default)."""
    return league_schedule(web_of(request).app, league, season).as_json()


@router.get("/leagues/{league}/schedule.ics", include_in_schema=False)
def league_schedule_ics(league: LeagueKey, request: Request, season: SeasonKey = "") -> Response:
    """A league season's events as an iCalendar feed (RFC 5545)."""
    found = league_schedule(web_of(request).app, league, season)
    return _ics(request, found, f"{league}-{found.season}.ics")


@router.get("/api/series/{series}/schedule.json", responses=ERROR_RESPONSES)
def series_schedule_json(series: SeriesKey, request: Request) -> Any:
    """A series' events (flights and Day 2 with their labels), upcoming and past."""
    return series_events(web_of(request).app, series).as_json()


@router.get("/series/{series}/schedule.ics", include_in_schema=False)
def series_schedule_ics(series: SeriesKey, request: Request) -> Response:
    """A series' events as an iCalendar feed (RFC 5545)."""
    return _ics(request, series_events(web_of(request).app, series), f"{series}.ics")


__all__ = [
    "PUBLIC_REQUESTS",
    "PublicLimiter",
    "results_json",
    "router",
]
