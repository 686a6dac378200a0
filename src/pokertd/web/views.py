"""Glue between the service and the pages: load, build the view model, filter for the audience."""

from __future__ import annotations

import threading
from datetime import datetime
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from pokertd.app import TournamentInfo, documents
from pokertd.app import screens as snapshot
from pokertd.codec import to_json
from pokertd.errors import PokertdError
from pokertd.tournament import views as tournament_views
from pokertd.tournament.framework import EventRecord, TournamentState
from pokertd.tournament.prizes import prize_table
from pokertd.tournament.views import StatusView
from pokertd.web import access

if TYPE_CHECKING:
    from pokertd.app.tournaments import TournamentService
    from pokertd.web.context import Web


def records(web: Web, tid: str, after: int = 0) -> list[EventRecord]:
    """The tournament's event records after ``after`` (frozen; a new list)."""
    return web.app.tournaments.records(tid, max(after, 0))


_CACHE: dict[tuple[int, str, bool], tuple[Web, int, int, dict[str, Any]]] = {}
"""Views by (``id(web)``, tournament, lean): the value keeps its ``Web`` and a hit is
checked by identity, so a new ``Web`` made where a dead one was never gets its views."""
_CACHE_LOCK = threading.Lock()


def full(web: Web, tid: str, *, lean: bool = False) -> dict[str, Any]:
    """The staff view model of ``tid`` now, built under the service's lock (``service.read``).

    Built at most once per tournament, log position and wall-clock second (every display,
    page and API read in that second shares it); the clock's ``seconds_left`` is exact as of
    ``server_time`` and the pages count down from there. The view is plain JSON data that
    shares nothing with the state: no command can change it under a reader.
    """
    now = web.now()
    key = (id(web), tid, lean)
    second = int(now.timestamp())

    def build(state: TournamentState) -> dict[str, Any]:
        with _CACHE_LOCK:
            hit = _CACHE.get(key)
        if hit is not None and hit[0] is web and hit[1] == state.seq and hit[2] == second:
            return hit[3]
        # the service's lock is re-entrant: the log read joins this same read
        recs = [] if lean else web.app.tournaments.records(tid)
        view = snapshot.build(state, recs, now, lean=lean, zone=web.settings.zone())
        with _CACHE_LOCK:
            if len(_CACHE) > 256:
                _CACHE.clear()
            _CACHE[key] = (web, state.seq, second, view)
        return view

    return web.app.tournaments.read(tid, build)


CONSOLE_AUDIENCE = "console:"
"""Prefix of a floor console's audience: ``console:<page key>`` is the staff view of one
page of the map (:func:`pokertd.app.screens.console_page`); consoles on the same page share
one topic of the hub, so one view and one patch per change."""


def console_audience(tables: str = "", q: str = "") -> str:
    """The audience of a console asking for ``tables`` (``"1-24"``) and search ``q``."""
    return CONSOLE_AUDIENCE + snapshot.console_page(tables, q).key


def console(web: Web, tid: str, page: snapshot.ConsolePage) -> dict[str, Any]:
    """The floor console's view of ``page`` (:func:`pokertd.app.screens.console`), built
    under the service's lock; shared like :func:`full` per log position, wall-clock second
    and page. It reads only the log's last lines, never the whole log."""
    now = web.now()
    key = (id(web), tid, page.key)
    second = int(now.timestamp())

    def build(state: TournamentState) -> dict[str, Any]:
        with _CACHE_LOCK:
            hit = _CONSOLE.get(key)
        if hit is not None and hit[0] is web and hit[1] == state.seq and hit[2] == second:
            return hit[3]
        tail = snapshot.CONSOLE_LOG_LINES
        recs = web.app.tournaments.records(tid, max(0, state.seq - tail))
        view = snapshot.console(state, recs, now, page, zone=web.settings.zone())
        with _CACHE_LOCK:
            if len(_CONSOLE) > 256:
                _CONSOLE.clear()
            _CONSOLE[key] = (web, state.seq, second, view)
        return view

    return web.app.tournaments.read(tid, build)


_CONSOLE: dict[tuple[int, str, str], tuple[Web, int, int, dict[str, Any]]] = {}
"""Console pages, kept and checked as :data:`_CACHE`."""


HEAD_LOG_LINES = 10
"""Log lines the floor page carries before its stream's first frame."""


def console_head(web: Web, tid: str) -> dict[str, Any]:
    """What the floor console's page carries in its HTML (issue 25): the name, the status
    (the counters), the clock and the log's last :data:`HEAD_LOG_LINES` lines (in the
    venue's time), a few KB. The tables, players and prompts come once, as the first frame
    of the console's stream: the page never embeds the view that the stream then sends
    again."""
    now = web.now()

    def build(state: TournamentState) -> dict[str, Any]:
        st = status_at(web, state, now)
        tail = web.app.tournaments.records(tid, max(0, state.seq - HEAD_LOG_LINES))
        return {
            "tournament": state.id,
            "name": st.name or state.id,
            "seq": state.seq,
            "server_time": now.timestamp(),
            "status": documents.status(st),
            **snapshot.clock_part(state, now),
            "log": to_json(tournament_views.log(state, tail, web.settings.zone())),
        }

    return web.app.tournaments.read(tid, build)


def display(web: Web, tid: str, audience: str = "public") -> dict[str, Any]:
    """The view model for ``audience``: ``staff`` (everything), ``console:<page>`` (the
    floor console's page of the map, :func:`console`), ``dealer:<table>`` (one
    table's dealer: the clock and that table, nothing private), ``public`` (nothing private)
    or ``stream`` (the small public push for SSE displays). Who gets which is decided by
    :mod:`pokertd.web.access`."""
    if audience == "stream":
        return snapshot.stream(full(web, tid, lean=True))
    if audience.startswith(CONSOLE_AUDIENCE):
        return console(web, tid, snapshot.console_page_of(audience[len(CONSOLE_AUDIENCE) :]))
    view = full(web, tid)
    if audience == "staff":
        return view
    table = access.table_of_audience(audience)
    if table is not None:
        return snapshot.dealer(view, table)
    return snapshot.public(view)


_BOARDS: WeakKeyDictionary[TournamentService, dict[str, tuple[int, dict[str, Any]]]] = (
    WeakKeyDictionary()
)
"""Per service (whose states they come from; gone with it) and tournament: the log position
and the board parts that change only with the log (the structure, the places paid)."""

_STATUS: WeakKeyDictionary[TournamentService, dict[str, tuple[int, int, StatusView]]] = (
    WeakKeyDictionary()
)
"""Per service and tournament: the status last made, with its log position and second."""

_KEPT = 1024
"""Tournaments kept per service in each of those (all forgotten past it: a cache)."""


def status_at(web: Web, state: TournamentState, now: datetime) -> StatusView:
    """``views.status(state, now)``, kept per tournament for its log position and wall-clock
    second like :func:`full` (a lobby polled by many screens makes it once a second); call
    it under the event's lock with its up-to-date state (``service.read``)."""
    second = int(now.timestamp())
    with _CACHE_LOCK:
        kept = _STATUS.setdefault(web.app.tournaments, {})
        hit = kept.get(state.id)
    if hit is not None and hit[0] == state.seq and hit[1] == second:
        return hit[2]
    made = tournament_views.status(state, now)
    with _CACHE_LOCK:
        if len(kept) > _KEPT:
            kept.clear()
        kept[state.id] = (state.seq, second, made)
    return made


def board(web: Web, state: TournamentState, st: StatusView, now: datetime) -> dict[str, Any]:
    """One event's board on the series lobby (issue 16): the figures of its ``stream`` view
    (``tournament``, ``name``, ``server_time``, ``clock``, ``status``, ``structure`` and
    ``payouts``, the number of places paid), equal to that view's at ``now``.

    Called under the event's lock with its up-to-date state (``service.read``, as
    :meth:`pokertd.app.series.SeriesService.lobby_with` does) and the status already
    made for the lobby row. The lobby reads every event of the series, so it does not build
    each whole view (results, registration and undo lines, bounty ledger: under the
    festival's load the lobby took 3–9 s): what only the log changes is kept by log position
    (``state.seq``: a new event, here or appended by another server and folded in by the
    read, makes it again); the clock and the status follow the time and are made per call.
    """
    # snapshot's own part makers: the board's figures are made by the same code as the view's
    with _CACHE_LOCK:
        kept = _BOARDS.setdefault(web.app.tournaments, {})
        hit = kept.get(state.id)
        lean = _CACHE.get((id(web), state.id, True))
    if hit is not None and hit[0] == state.seq:
        fixed = hit[1]
    else:
        if lean is not None and lean[0] is web and lean[1] == state.seq:
            # the displays' view of this log position (the hub made it for the TVs): copy
            view = lean[3]
            paid = len(view.get("payouts") or [])
            fixed = {"structure": view.get("structure"), "payouts": paid}
        else:
            try:
                paid = len(prize_table(state).prizes)
            except PokertdError:
                paid = 0  # the full view shows no payout table either (its note says why)
            fixed = {"structure": snapshot.screens_part(state)["structure"], "payouts": paid}
        with _CACHE_LOCK:
            if len(kept) > _KEPT:
                kept.clear()
            kept[state.id] = (state.seq, fixed)
    return {
        "tournament": state.id,
        "name": st.name or state.id,
        "server_time": now.timestamp(),
        "clock": snapshot.clock_part(state, now).get("clock"),
        "status": to_json(st),
        "structure": fixed["structure"],
        "payouts": fixed["payouts"],
    }


def find_players(web: Web, tid: str, query: str, limit: int = 20) -> list[dict[str, Any]]:
    """Public player rows whose name contains ``query`` (case-insensitive)."""
    q = query.strip().lower()
    if len(q) < 2:
        return []
    rows = snapshot.public(full(web, tid))["players"]
    return [r for r in rows if q in str(r.get("name", "")).lower()][:limit]


def new_events(web: Web, tid: str, after: int) -> tuple[int, list[documents.EventDocument]]:
    """``(last seq, events after ``after``)`` for WebSocket pushes."""
    if after >= (1 << 61):
        return web.app.tournaments.last_seq(tid), []
    found = records(web, tid, max(after, 0))
    last = found[-1].seq if found else after
    with web.app.tournaments.money_of(tid):
        return last, documents.events(found)


def tournament_info(info: TournamentInfo) -> dict[str, Any]:
    """One line of the tournament list as JSON."""
    return {
        "id": info.id,
        "name": info.name,
        "created_at": info.created_at.isoformat(),
        "updated_at": info.updated_at.isoformat(),
        "last_seq": info.last_seq,
    }


def exists(web: Web, tid: str) -> bool:
    """Whether ``tid`` has any events."""
    return web.app.tournaments.exists(tid)


__all__ = [
    "CONSOLE_AUDIENCE",
    "board",
    "console",
    "console_audience",
    "console_head",
    "display",
    "exists",
    "find_players",
    "full",
    "new_events",
    "records",
    "status_at",
    "tournament_info",
]
