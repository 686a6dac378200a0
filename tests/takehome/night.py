"""A driven night for the results tests (issue 26, point 3): an 11-entry Foxwoods $100
bounty event in a league season, with one tie and a card number nobody public may see.

By hand (fox_bounty_100: $52 of each $100 to the prize pool, $25 bounty, FOX-EVT; the
house withholds 3 % of buy-ins plus bounty fees, FOX-ADMIN; fox_ptab band 11-20 pays
50/30/20 %, FOX-PTAB):

- net prize pool 11 x $52 - 3 % of 11 x ($52 + $25) = $572.00 - $25.41 = $546.59: 1st
  50 % = $273.295 -> $273.29, 2nd 30 % = $163.977 -> $163.98, 3rd 20 % = $109.318 ->
  $109.32 (to the cent, adding up to $546.59);
- bounties $25 a knockout, the winner also collects his own (FOX-BTY): Ann 6 x $25 + $25 =
  $175.00, Bob $75.00, Cat $25.00;
- Ann knocks out Kim, Jon, Hal, Eve and Dan (together), Bob: 6 knockouts; Bob knocks out
  Ivy, Fay, Cat: 3; Cat knocks out Gus: 1;
- Eve and Dan go out in one hand: they share places 4-5 (G3);
- league points (fixed 10, 7, 5, 3, 2, 1; +1 a knockout, +1 for playing): Ann 10 + 6 + 1 =
  17, Bob 7 + 3 + 1 = 11, Cat 5 + 1 + 1 = 7, Dan and Eve (place 4) 3 + 0 + 1 = 4 each,
  Fay 1 + 1 = 2, Gus..Kim 0 + 1 = 1.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime

from pokertd.app import App
from pokertd.app.leagues import Season
from pokertd.app.tournaments import TournamentService
from pokertd.league.points import PointsKind, PointsScheme
from pokertd.store import open_store
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, Register
from pokertd.tournament.templates import load_template

NOW = datetime(2026, 11, 24, 19, 30, tzinfo=UTC)
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim"]
CARD = "90417733"
"""Kim's card number: private, must appear on no public page, JSON or feed."""
SCHEME = PointsScheme(
    kind=PointsKind.FIXED, table=(10, 7, 5, 3, 2, 1), knockout_points=1, attendance_points=1
)
BUSTS: list[tuple[tuple[str, ...], str]] = [
    (("Kim",), "Ann"),
    (("Jon",), "Ann"),
    (("Ivy",), "Bob"),
    (("Hal",), "Ann"),
    (("Gus",), "Cat"),
    (("Fay",), "Bob"),
    (("Eve", "Dan"), "Ann"),
    (("Cat",), "Bob"),
    (("Bob",), "Ann"),
]


def service(url: str = "sqlite:///:memory:") -> TournamentService:
    """A seeded service (in memory by default) at a fixed time."""
    return TournamentService(open_store(url), rng_factory=lambda: random.Random(7), now=lambda: NOW)


def create(svc: TournamentService, tid: str = "tue") -> str:
    """The event with its 11 entries (Kim with a card number)."""
    svc.create(
        CreateTournament(name="Tuesday $100 Bounty", template=load_template("fox_bounty_100")),
        tournament_id=tid,
    )
    for n in NAMES:
        member = CARD if n == "Kim" else ""
        svc.run(
            tid,
            Register(name=n, member=member, age_ok=True, member_ok=True),
            actor="floor",
            role="floor",
        )
    return tid


def play(svc: TournamentService, tid: str, busts: int = len(BUSTS), *, close: bool = True) -> None:
    """The first ``busts`` knockouts; registration closed (the night over) when all."""
    for players, by in BUSTS[:busts]:
        svc.run(tid, Bust(players=players, eliminator=by), actor="floor", role="floor")
    if close:
        svc.run(tid, CloseRegistration(), actor="floor", role="floor")


def league(app: App, tid: str) -> None:
    """The Tuesday league, its autumn season counting ``tid``."""
    app.leagues.create_league("tuesday", "Tuesday League", SCHEME)
    app.leagues.add_season(Season(league="tuesday", key="autumn", name="Autumn 2026"))
    app.leagues.add_event("tuesday", "autumn", tid)


def driven(tid: str = "tue", url: str = "sqlite:///:memory:") -> App:
    """The whole night over, in the league."""
    svc = service(url)
    app = App.over(svc, now=lambda: NOW)
    create(svc, tid)
    play(svc, tid)
    league(app, tid)
    return app
