"""The demo tournament: a live night in one click.

A Foxwoods Wednesday $80 event (template ``fox_wed_80``) with 60 named players registered,
seated and the clock started — built only through the service's commands, so its log is a
real log (open the floor console and undo the last bust, read the event log...).
Used by the web home page ("Create a demo tournament"), ``POST /api/demo`` and the browser
tests. Steps whose domain command does not exist in this build are skipped.
"""

from __future__ import annotations

import importlib
from typing import Any

DEMO_TEMPLATE = "fox_wed_80"
"""The Foxwoods template the demo uses."""

FIRST = (
    "Ava", "Ben", "Chloe", "Dmitri", "Elena", "Farid", "Grace", "Hiro", "Ines", "Jamal",
    "Kofi", "Lena", "Mateo", "Nadia", "Oscar", "Priya", "Quinn", "Rosa", "Sven", "Tariq",
)
LAST = ("Alvarez", "Brooks", "Chen", "Dubois", "Eriksen", "Fischer", "Garcia", "Haddad",
        "Ivanova", "Jensen", "Kim", "Larsen", "Moreau", "Novak", "Okafor")

DEMO_PLAYERS = 60
"""How many players the demo registers."""


def player_names(n: int = DEMO_PLAYERS) -> list[str]:
    """``n`` distinct, readable player names (deterministic)."""
    out: list[str] = []
    i = 0
    while len(out) < n:
        name = f"{FIRST[i % len(FIRST)]} {LAST[(i * 7 + i // len(FIRST)) % len(LAST)]}"
        if name not in out:
            out.append(name)
        i += 1
    return out


def _command(module: str, name: str) -> Any | None:
    try:
        mod = importlib.import_module(f"pokertd.tournament.{module}")
    except ModuleNotFoundError:
        return None
    return getattr(mod, name, None)


def build(
    service: Any,
    *,
    actor: str = "demo",
    players: int = DEMO_PLAYERS,
    template: str = DEMO_TEMPLATE,
    start_clock: bool = True,
    name: str | None = None,
) -> str:
    """Create the demo tournament through ``service``; its id."""
    from pokertd.tournament.entries import CreateTournament, Register
    from pokertd.tournament.templates import load_template

    tpl = load_template(template)
    title = name or f"Demo — {tpl.title}"
    tid: str = service.create(CreateTournament(name=title, template=tpl), actor=actor)
    for player in player_names(players):
        service.run(tid, Register(name=player, age_ok=True, member_ok=True), actor=actor)
    draw = _command("seating_log", "DrawSeats")
    place_button = _command("seating_log", "PlaceButton")
    if draw is not None:
        records = service.run(tid, draw(), actor=actor)
        tables = sorted({s.table for r in records for s in getattr(r.event, "seats", ())})
        if place_button is not None:
            for table in tables:
                service.run(tid, place_button(table=table), actor=actor)  # high card (C2)
    start = _command("clock_log", "StartClock")
    if start_clock and start is not None:
        service.run(tid, start(), actor=actor)
    return tid


__all__ = ["DEMO_PLAYERS", "DEMO_TEMPLATE", "build", "player_names"]
