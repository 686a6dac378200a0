"""What displays and pages show: the domain's read models, gathered into one JSON object.

Thin on purpose: every figure comes from the domain's own views (``tournament.views``,
``clock.view``, payouts, seating); this module only calls them and puts the results under
fixed keys so the TV, player and floor pages can read one object. A domain module that has
not landed yet simply leaves its key out.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from datetime import datetime
from types import ModuleType
from typing import Any

from pokertd.tournament.framework import EventRecord, TournamentState

PUBLIC_KEYS = ("tournament", "name", "seq", "server_time", "wake_in", "clock", "status",
               "payouts", "results", "tables_public", "players_public", "announcements",
               "bounties", "chart")
"""The keys the public (TV, phones) may see; ``players`` (with private fields) is staff-only."""

PRIVATE_PLAYER_FIELDS = frozenset(
    {"member", "member_id", "member_number", "phone", "email", "contact", "address", "notes",
     "id_number", "birth_date", "stack_note", "penalties"}
)
"""Fields never shown on public pages (issue 7: no member numbers, no contact details)."""


def _module(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise


def _call(mod: ModuleType | None, name: str) -> Callable[..., Any] | None:
    fn = getattr(mod, name, None) if mod is not None else None
    return fn if callable(fn) else None


def jsonable(value: Any) -> Any:
    """Plain JSON data (the CLI's ``--json`` serializer)."""
    from pokertd.cli._common import to_jsonable

    return to_jsonable(value)


def public_row(row: Any) -> Any:
    """A player row without private fields."""
    if isinstance(row, dict):
        return {k: v for k, v in row.items() if k not in PRIVATE_PLAYER_FIELDS}
    return row


def _optional(module: str, name: str) -> Callable[..., Any] | None:
    return _call(_module(f"pokertd.tournament.{module}"), name)


def build(state: TournamentState, records: list[EventRecord], now: datetime) -> dict[str, Any]:
    """The full view model of ``state`` at ``now`` (staff; see :func:`public`).

    Keys: ``status`` (``views.status``), ``players`` (``views.players``), ``results``
    (``views.results``), ``log`` (``views.log``), and when their integration modules exist,
    ``clock`` (``ClockView.as_json``), ``tables``, ``pending_moves``, ``payouts``,
    ``chart``.
    """
    from pokertd.tournament import views

    status = views.status(state, now)
    out: dict[str, Any] = {
        "tournament": state.id,
        "name": status.name or state.id,
        "seq": state.seq,
        "server_time": now.timestamp(),
        "wake_in": None,
        "status": jsonable(status),
        "players": jsonable(views.players(state, now)),
        "results": jsonable(views.results(state, now)),
        "log": jsonable(views.log(state, records)),
    }
    for key, module, name in _EXTRAS:
        fn = _optional(module, name)
        if fn is not None:
            out[key] = jsonable(fn(state, now))
    clock = out.get("clock")
    if isinstance(clock, dict) and clock.get("running") and isinstance(
        clock.get("seconds_left"), int
    ):
        out["wake_in"] = max(0, int(clock["seconds_left"]))
    out["players_public"] = [public_row(p) for p in out["players"]]
    if "tables" in out:
        out["tables_public"] = out["tables"]
    out["undo"] = [
        {"batch": b.batch, "command": b.command, "actor": b.actor, "undone": b.undone}
        for b in state.batches[-20:]
        if b.undoable
    ]
    return out


_EXTRAS: tuple[tuple[str, str, str], ...] = (
    ("clock", "clock_log", "clock_view"),
    ("tables", "seating_log", "tables_view"),
    ("pending_moves", "seating_log", "pending_moves_view"),
    ("payouts", "payouts_log", "payouts_view"),
    ("chart", "views", "chart"),
    ("announcements", "views", "announcements"),
)
"""Optional read models: (key, module under ``pokertd.tournament``, function(state, now))."""


def public(view: dict[str, Any]) -> dict[str, Any]:
    """Only what a TV or a phone may show."""
    out = {k: view[k] for k in PUBLIC_KEYS if k in view}
    out["players"] = out.pop("players_public", [])
    if "tables_public" in out:
        out["tables"] = out.pop("tables_public")
    return out


__all__ = ["PRIVATE_PLAYER_FIELDS", "PUBLIC_KEYS", "build", "jsonable", "public", "public_row"]
