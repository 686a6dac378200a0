"""The league's view of a running event: the same places as the tournament's own standings.

- G2 / A4 (TNPL-D9, TNPL-B2ii): one entry left while registration is still open is not
  the winner yet — ``pokertd prize standings`` and ``player history`` say "still
  playing", and so does the league (no 1st-place points); closing registration makes
  the last one in 1st everywhere at once.
- J2 (TNPL-A8): the players of a binding deal who play on are counted in the places the
  deal divided, ranked by the stacks the deal recorded (not left out of the table).

The TNPL rulebook states no league points table, so these leagues use a stated table,
10/7/5/3/2 for 1st to 5th (6th and below earn nothing), and no bonuses: every expected
number below is that table read at the place.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from pokertd.app import App
from pokertd.app.leagues import LeagueService, Season
from pokertd.app.tournaments import TournamentService
from pokertd.league.points import PointsKind, PointsScheme
from pokertd.league.standings import Qualification
from pokertd.store import open_store
from pokertd.tournament.clock import StartClock
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, RecordChips, Register
from pokertd.tournament.prizes import AcceptDeal, DealKind, ProposeDeal, standings
from pokertd.tournament.seating import DrawSeats
from pokertd.tournament.templates import load_template

TABLE = PointsScheme(kind=PointsKind.FIXED, table=(10, 7, 5, 3, 2))
NOW = datetime(2026, 11, 28, 20, 0, tzinfo=UTC)


def _night(names: list[str]) -> tuple[TournamentService, LeagueService]:
    svc = TournamentService(
        open_store("sqlite:///:memory:"), rng_factory=lambda: random.Random(7), now=lambda: NOW
    )
    leagues = LeagueService.over(svc)
    leagues.create_league("nuts", "The Nuts Poker League", TABLE)
    leagues.add_season(
        Season(league="nuts", key="s1", name="Season 1", qualification=Qualification(top=3))
    )
    svc.create(
        CreateTournament(name="Pub night", template=load_template("tnpl_league")),
        tournament_id="pub",
    )
    for n in names:
        svc.run("pub", Register(name=n, age_ok=True, member_ok=True), actor="floor")
    leagues.add_event("nuts", "s1", "pub")
    return svc, leagues


def _points(leagues: LeagueService) -> dict[str, tuple[int | None, float]]:
    view = leagues.standings("nuts", "s1")
    return {p.name: (p.place, p.total) for p in view.points}


def test_G2_A4_TNPL_B2ii_last_one_in_is_still_playing_while_registration_is_open() -> None:
    svc, leagues = _night(["Ann", "Bob", "Cat", "Dan"])
    for out in ("Dan", "Cat", "Bob"):
        svc.run("pub", Bust(players=(out,), eliminator="Ann"), actor="floor")
    # the tournament's own standings: Ann is still playing (a late entry could still come)
    ann = next(r for r in standings(svc.state("pub"), NOW) if r.name == "Ann")
    assert (ann.place, ann.note) == (None, "still playing")
    history = App.over(svc, now=lambda: NOW).players
    (pid,) = [p.id for p in history.find("Ann")]
    assert history.history(pid).rows[0].place is None
    # the league says the same: no place, no 1st-place points; Bob (2nd, 7) leads
    assert _points(leagues) == {
        "Ann": (None, 0.0),
        "Bob": (2, 7.0),
        "Cat": (3, 5.0),
        "Dan": (4, 3.0),
    }
    view = leagues.standings("nuts", "s1")
    assert (view.rows[0].name, view.rows[0].points) == ("Bob", 7.0)
    assert view.events[0].finished is False
    # registration closes: the event is over (G2), Ann is 1st everywhere at once
    svc.run("pub", CloseRegistration(), actor="floor")
    assert _points(leagues)["Ann"] == (1, 10.0)
    assert leagues.standings("nuts", "s1").rows[0].name == "Ann"
    assert leagues.standings("nuts", "s1").events[0].finished is True
    assert history.history(pid).rows[0].place == 1


def _chop(svc: TournamentService, counts: tuple[tuple[str, int], ...]) -> None:
    svc.run("pub", RecordChips(counts=counts), actor="floor")
    svc.run("pub", ProposeDeal(kind=DealKind.CHIP), actor="floor")
    for name, _ in counts:
        svc.run("pub", AcceptDeal(player=name), actor="floor")


def test_J2_TNPL_A8_a_four_way_chop_counts_the_deal_players_by_the_deal() -> None:
    svc, leagues = _night(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"])
    svc.run("pub", CloseRegistration(), actor="floor")
    for out in ("Fay", "Eve"):
        svc.run("pub", Bust(players=(out,), eliminator="Ann"), actor="floor")
    # four left chop by chips: Ann 40,000, Bob 30,000, Cat 20,000, Dan 10,000
    _chop(svc, (("Ann", 40_000), ("Bob", 30_000), ("Cat", 20_000), ("Dan", 10_000)))
    # the tournament: all four still playing with their deal (nobody has a place yet)
    rows = {r.name: r for r in standings(svc.state("pub"), NOW)}
    assert all(rows[n].place is None and rows[n].deal for n in ("Ann", "Bob", "Cat", "Dan"))
    # the league: the deal's places 1-4 by the stacks the deal recorded, then 5th, 6th
    assert _points(leagues) == {
        "Ann": (1, 10.0),
        "Bob": (2, 7.0),
        "Cat": (3, 5.0),
        "Dan": (4, 3.0),
        "Eve": (5, 2.0),
        "Fay": (6, 0.0),
    }
    assert [r.name for r in leagues.standings("nuts", "s1").rows][:2] == ["Ann", "Bob"]
    # Bob goes out after the deal: 4th of the deal's places (J2); Cat and Dan move up
    svc.run("pub", Bust(players=("Bob",), eliminator="Ann"), actor="floor")
    assert _points(leagues) == {
        "Ann": (1, 10.0),
        "Cat": (2, 7.0),
        "Dan": (3, 5.0),
        "Bob": (4, 3.0),
        "Eve": (5, 2.0),
        "Fay": (6, 0.0),
    }


def test_J2_equal_stacks_at_the_deal_share_the_better_place() -> None:
    svc, leagues = _night(["Ann", "Bob", "Cat", "Dan"])
    svc.run("pub", CloseRegistration(), actor="floor")
    svc.run("pub", Bust(players=("Dan",), eliminator="Ann"), actor="floor")
    _chop(svc, (("Ann", 20_000), ("Bob", 20_000), ("Cat", 10_000)))
    got = _points(leagues)
    assert got["Ann"] == got["Bob"] == (1, 10.0)  # places 1-2 shared, like a tie (G3)
    assert got["Cat"] == (3, 5.0)
    assert got["Dan"] == (4, 3.0)


def test_G2_A4_the_clock_closing_late_registration_makes_the_winner_without_a_new_event() -> None:
    """The league caches each event's result by the log's seq; with one player left, the
    clock ending late registration (A4) makes the event over (G2) with no new event in
    the log, so that result is read again at each look, not taken from the cache."""
    now = [NOW]
    svc = TournamentService(
        open_store("sqlite:///:memory:"), rng_factory=lambda: random.Random(7), now=lambda: now[0]
    )
    leagues = LeagueService.over(svc)
    leagues.create_league("nuts", "The Nuts Poker League", TABLE)
    leagues.add_season(Season(league="nuts", key="s1", name="Season 1"))
    svc.create(
        CreateTournament(name="Pub night", template=load_template("tnpl_league")),
        tournament_id="pub",
    )
    for n in ("Ann", "Bob"):
        svc.run("pub", Register(name=n, age_ok=True, member_ok=True), actor="floor")
    leagues.add_event("nuts", "s1", "pub")
    svc.run("pub", DrawSeats(), actor="floor")
    svc.run("pub", StartClock(), actor="floor")
    svc.run("pub", Bust(players=("Bob",), eliminator="Ann"), actor="floor")
    assert _points(leagues)["Ann"] == (None, 0.0)  # late registration still open
    now[0] = NOW + timedelta(hours=12)  # long past the last level of late registration
    assert standings(svc.state("pub"), now[0])[0].place == 1
    assert _points(leagues)["Ann"] == (1, 10.0)
    assert _points(LeagueService.over(svc))["Ann"] == (1, 10.0)  # and from the store
