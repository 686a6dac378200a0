"""Glue between the service and the pages: load, build the view model, filter for the audience."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from pokertd.web import snapshot

if TYPE_CHECKING:
    from pokertd.web.app import Web


def records(web: Web, tid: str, after: int = 0) -> list[Any]:
    """The tournament's event records after ``after``."""
    try:
        found = web.service.records(tid, after)
    except TypeError:
        found = web.service.records(tid)
    return [r for r in found if r.seq > after]


_CACHE: dict[tuple[int, str, bool], tuple[int, int, dict[str, Any]]] = {}
_CACHE_LOCK = threading.Lock()
_TOURNAMENT_LOCKS: dict[str, threading.RLock] = {}


def lock(tid: str) -> threading.RLock:
    """This process's lock for ``tid``: commands and view builds take turns, so a view is
    never built from a state that a command is folding into at the same moment."""
    with _CACHE_LOCK:
        found = _TOURNAMENT_LOCKS.get(tid)
        if found is None:
            found = _TOURNAMENT_LOCKS[tid] = threading.RLock()
        return found


def full(web: Web, tid: str, *, lean: bool = False) -> dict[str, Any]:
    """The staff view model of ``tid`` now.

    Built at most once per tournament, log position and wall-clock second (every display,
    page and API read in that second shares it); the clock's ``seconds_left`` is exact as of
    ``server_time`` and the pages count down from there.
    """
    with lock(tid):
        state = web.service.state(tid)
        now = web.now()
        key = (id(web), tid, lean)
        second = int(now.timestamp())
        with _CACHE_LOCK:
            hit = _CACHE.get(key)
        if hit is not None and hit[0] == state.seq and hit[1] == second:
            return hit[2]
        recs = [] if lean else records(web, tid, 0)
        view = snapshot.build(state, recs, now, lean=lean)
    with _CACHE_LOCK:
        if len(_CACHE) > 256:
            _CACHE.clear()
        _CACHE[key] = (state.seq, second, view)
    return view


def display(web: Web, tid: str, audience: str = "public") -> dict[str, Any]:
    """The view model for ``audience``: ``staff`` (everything), ``public`` (nothing
    private) or ``stream`` (the small public push for SSE displays)."""
    if audience == "stream":
        return snapshot.stream(full(web, tid, lean=True))
    view = full(web, tid)
    if audience == "staff":
        return view
    return snapshot.public(view)


def find_players(web: Web, tid: str, query: str, limit: int = 20) -> list[dict[str, Any]]:
    """Public player rows whose name contains ``query`` (case-insensitive)."""
    q = query.strip().lower()
    if len(q) < 2:
        return []
    rows = snapshot.public(full(web, tid))["players"]
    return [r for r in rows if q in str(r.get("name", "")).lower()][:limit]


def event_json(record: Any) -> dict[str, Any]:
    """One event record as pushed on the WebSocket and listed by the API."""
    from pokertd.tournament.framework import to_json

    return {
        "seq": record.seq,
        "batch": record.batch,
        "recorded_at": record.recorded_at.isoformat(),
        "actor": record.actor,
        "type": record.event.type,
        "version": record.event.version,
        "text": record.event.describe(),
        "data": to_json(record.event),
    }


def new_events(web: Web, tid: str, after: int) -> tuple[int, list[dict[str, Any]]]:
    """``(last seq, events after ``after``)`` for WebSocket pushes."""
    if after >= (1 << 61):
        state_seq = _last_seq(web, tid)
        return state_seq, []
    found = records(web, tid, max(after, 0))
    last = found[-1].seq if found else after
    return last, [event_json(r) for r in found]


def _last_seq(web: Web, tid: str) -> int:
    last = getattr(web.service, "last_seq", None)
    if callable(last):
        return int(last(tid))
    return int(web.service.state(tid).seq)


def tournament_info(info: Any) -> dict[str, Any]:
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
    return _last_seq(web, tid) > 0


def table_of_command(web: Web, tid: str, command: Any) -> int | None:
    """The table of the player a command names (for the dealer's own-table check)."""
    names: list[str] = []
    for attr in ("entry_id", "entry", "player", "players"):
        value = getattr(command, attr, None)
        if isinstance(value, str):
            names.append(value)
        elif isinstance(value, tuple | list):
            names.extend(v for v in value if isinstance(v, str))
    if not names:
        return None
    view = full(web, tid)
    tables: set[int | None] = set()
    for name in names:
        found: int | None = None
        for row in view.get("players") or []:
            if isinstance(row, dict) and name in (row.get("entry_id"), row.get("id"),
                                                  row.get("name")):
                table = row.get("table")
                found = table if isinstance(table, int) else None
                break
        tables.add(found)
    return tables.pop() if len(tables) == 1 else None


__all__ = [
    "display",
    "event_json",
    "exists",
    "find_players",
    "full",
    "lock",
    "new_events",
    "records",
    "table_of_command",
    "tournament_info",
]
