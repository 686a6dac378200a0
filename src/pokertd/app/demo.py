"""The demo tournament: a live night in one click.

A Foxwoods Wednesday $80 event (template ``fox_wed_80``) with 60 named players registered,
seated and the clock started — built only through the service's commands, so its log is a
real log (open the floor console and undo the last bust, read the event log...).
Used by the web home page ("Create a demo tournament"), ``POST /api/demo`` and the browser
tests.

Each demo player carries a demo rewards-card number unique to that demo (``D-<id>-007``):
Foxwoods allows one live event per player (FOX-REG5), and a player is the same player across
events by card number, so a second demo in the same database is a new set of people rather
than a refusal.
"""

from __future__ import annotations

from pokertd.app.tournaments import TournamentService
from pokertd.tournament.clock import StartClock
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.seating import DrawSeats, PlaceButton
from pokertd.tournament.templates import load_template

DEMO_TEMPLATE = "fox_wed_80"
"""The Foxwoods template the demo uses."""

FIRST = (
    "Ava",
    "Ben",
    "Chloe",
    "Dmitri",
    "Elena",
    "Farid",
    "Grace",
    "Hiro",
    "Ines",
    "Jamal",
    "Kofi",
    "Lena",
    "Mateo",
    "Nadia",
    "Oscar",
    "Priya",
    "Quinn",
    "Rosa",
    "Sven",
    "Tariq",
)
LAST = (
    "Alvarez",
    "Brooks",
    "Chen",
    "Dubois",
    "Eriksen",
    "Fischer",
    "Garcia",
    "Haddad",
    "Ivanova",
    "Jensen",
    "Kim",
    "Larsen",
    "Moreau",
    "Novak",
    "Okafor",
)

DEMO_PLAYERS = 60
"""How many players the demo registers."""


def player_names(n: int = DEMO_PLAYERS) -> list[str]:
    """``n`` distinct, readable player names (deterministic, any ``n``).

    Every first name meets every surname once, in a spread-out order; past those 300 pairs a
    number tells namesakes apart ("Ava Alvarez 2").
    """
    spread = (
        f"{FIRST[k % len(FIRST)]} {LAST[(k * 7 + k // len(FIRST)) % len(LAST)]}"
        for k in range(len(FIRST) * len(LAST))
    )
    every = (f"{first} {last}" for first in FIRST for last in LAST)
    pairs = list(dict.fromkeys([*spread, *every]))
    return [
        pairs[i % len(pairs)] + (f" {i // len(pairs) + 1}" if i >= len(pairs) else "")
        for i in range(n)
    ]


def build(
    service: TournamentService,
    *,
    actor: str = "demo",
    players: int = DEMO_PLAYERS,
    template: str = DEMO_TEMPLATE,
    start_clock: bool = True,
    name: str | None = None,
) -> str:
    """Create the demo tournament through ``service``; its id."""
    tpl = load_template(template)
    title = name or f"Demo — {tpl.title}"
    tid = service.create(CreateTournament(name=title, template=tpl), actor=actor)
    for n, player in enumerate(player_names(players), start=1):
        card = f"D-{tid}-{n:03d}"
        service.run(tid, Register(name=player, member=card, age_ok=True), actor=actor)
    records = service.run(tid, DrawSeats(), actor=actor)
    tables = sorted({s.table for r in records for s in getattr(r.event, "seats", ())})
    for table in tables:
        service.run(tid, PlaceButton(table=table), actor=actor)  # high card (C2)
    if start_clock:
        service.run(tid, StartClock(), actor=actor)
    return tid


__all__ = ["DEMO_PLAYERS", "DEMO_TEMPLATE", "build", "player_names"]
