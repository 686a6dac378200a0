"""League standings over HTTP (issue 14): the public board shows names, points and places
only; the office CSV (floor and up) adds each player's key.

Points (fixed table 10, 7, 5, 3, 2; 1 a knockout; 1 for playing), two Spotlight nights with
member cards, numbers by hand:

* ``one``: Ann (A-100) knocks out Dan, Cat, Bob -> Ann 10 + 3 + 1 = 14, Bob 7 + 1 = 8,
  Cat 5 + 1 = 6, Dan 3 + 1 = 4.
* ``two``: Bob (B-200) knocks out Ann, Eve, Cat -> Bob 14, Cat 8, Eve 6, Ann 3 + 1 = 4.

Season totals (every result counts): Bob 22, Ann 18, Cat 14, Eve 6, Dan 4. The top 2
qualify; stacks ``5000 + 100 * points`` rounded to 100: Bob 7,200, Ann 6,800.

Implements: G5 (SPOT-6.13 sign-outs credit the points), A3 (SPOT-6.26 stacks from season
points, shown before the event), issue 14 (public pages show no private data).
"""

from __future__ import annotations

import csv
import io
import json

import pytest

from pokertd.app.leagues import LeagueService, Season
from pokertd.app.series import SeriesService
from pokertd.league.points import PointsKind, PointsScheme
from pokertd.league.standings import Qualification
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, Register
from pokertd.tournament.templates import load_template

from .conftest import FLOOR_PW, Env

SCHEME = PointsScheme(
    kind=PointsKind.FIXED, table=(10, 7, 5, 3, 2), knockout_points=1, attendance_points=1
)
CARDS = {"Ann": "A-100", "Bob": "B-200", "Cat": "C-300", "Dan": "D-400", "Eve": "E-500"}


def _night(env: Env, tid: str, names: list[str], busts: list[tuple[str, str]]) -> None:
    env.service.create(
        CreateTournament(name=f"Night {tid}", template=load_template("spot_league")),
        tournament_id=tid,
    )
    for n in names:
        env.service.run(
            tid, Register(name=n, member=CARDS[n], age_ok=True, member_ok=True), actor="floor"
        )
    for out, by in busts:
        env.service.run(tid, Bust(players=(out,), eliminator=by), actor="floor")
    if len(busts) == len(names) - 1:  # the night is over once registration closes (G2)
        env.service.run(tid, CloseRegistration(), actor="floor")


@pytest.fixture
def season(env: Env) -> LeagueService:
    leagues = LeagueService.over(env.service)
    leagues.create_league("spot", "Spotlight Points League", SCHEME)
    leagues.add_season(Season(league="spot", key="q1", name="Q1 2026",
                              qualification=Qualification(top=2)))  # fmt: skip
    _night(
        env, "one", ["Ann", "Bob", "Cat", "Dan"], [("Dan", "Ann"), ("Cat", "Ann"), ("Bob", "Ann")]
    )
    _night(
        env, "two", ["Ann", "Bob", "Cat", "Eve"], [("Ann", "Bob"), ("Eve", "Bob"), ("Cat", "Bob")]
    )
    for tid, out in (("one", "Bob Cat Dan"), ("two", "Ann Eve Cat")):
        leagues.add_event("spot", "q1", tid)
        for name in out.split():
            leagues.signout(tid, name, actor="floor")
    return leagues


def test_public_standings_by_hand(env: Env, season: LeagueService) -> None:
    r = env.client.get("/api/leagues/spot/standings?season=q1")
    assert r.status_code == 200, r.text
    data = r.json()
    assert [(x["rank"], x["name"], x["points"], x["events"]) for x in data["rows"]] == [
        (1, "Bob", 22, 2),
        (2, "Ann", 18, 2),
        (3, "Cat", 14, 2),
        (4, "Eve", 6, 1),
        (5, "Dan", 4, 1),
    ]
    assert [x["qualified"] for x in data["rows"]] == [True, True, False, False, False]
    assert data["qualifiers"] == [
        {"rank": 1, "name": "Bob", "points": 22, "stack": 7200},
        {"rank": 2, "name": "Ann", "points": 18, "stack": 6800},
    ]
    assert [(e["name"], e["entrants"]) for e in data["events"]] == [
        ("Night one", 4),
        ("Night two", 4),
    ]
    assert (data["league"]["name"], data["season"]["name"]) == (
        "Spotlight Points League",
        "Q1 2026",
    )
    # the newest season is the default
    assert env.client.get("/api/leagues/spot/standings").json()["rows"] == data["rows"]
    q = env.client.get("/api/leagues/spot/qualifiers?season=q1").json()
    assert [(x["name"], x["stack"]) for x in q["qualifiers"]] == [("Bob", 7200), ("Ann", 6800)]


def test_public_standings_hold_no_card_numbers_or_ids(env: Env, season: LeagueService) -> None:
    texts = [
        env.client.get("/api/leagues").text,
        env.client.get("/api/leagues/spot/standings?season=q1").text,
        env.client.get("/api/leagues/spot/qualifiers?season=q1").text,
        env.client.get("/leagues/spot").text,
    ]
    for text in texts:
        for card in CARDS.values():
            assert card not in text
        assert "card:" not in text
        assert '"player"' not in text
        assert "name:" not in text
        for tid in ('"one"', '"two"'):
            assert tid not in text
    rows = env.client.get("/api/leagues/spot/standings").json()["rows"]
    assert set(rows[0]) == {
        "rank", "name", "points", "all_points", "events", "counted", "wins", "best_place",
        "places", "void", "imported", "qualified",
    }  # fmt: skip
    assert json.loads(texts[0]) == [
        {
            "key": "spot",
            "name": "Spotlight Points League",
            "seasons": [{"key": "q1", "name": "Q1 2026"}],
        }
    ]


def test_standings_csv_is_for_staff_and_names_the_player(env: Env, season: LeagueService) -> None:
    assert env.client.get("/api/leagues/spot/standings.csv").status_code == 401
    env.login("floor1", FLOOR_PW)
    r = env.client.get("/api/leagues/spot/standings.csv?season=q1")
    assert r.status_code == 200
    rows = list(csv.DictReader(io.StringIO(r.text)))
    assert [(x["rank"], x["name"], x["points"], x["qualified"]) for x in rows] == [
        ("1", "Bob", "22", "yes"),
        ("2", "Ann", "18", "yes"),
        ("3", "Cat", "14", ""),
        ("4", "Eve", "6", ""),
        ("5", "Dan", "4", ""),
    ]
    assert all(x["player"] for x in rows)  # the key staff match people by


def test_unknown_league_or_season_and_limits(env: Env, season: LeagueService) -> None:
    assert env.client.get("/api/leagues/nope/standings").status_code == 404
    assert env.client.get("/api/leagues/spot/standings?season=q9").status_code == 404
    assert env.client.get("/leagues/nope").status_code == 404
    assert env.client.get("/api/leagues/" + "x" * 33 + "/standings").status_code == 422
    assert env.client.get("/api/leagues/spot/standings?season=" + "q" * 33).status_code == 422
    LeagueService.over(env.service).create_league("empty", "No seasons yet", SCHEME)
    r = env.client.get("/api/leagues/empty/standings")
    assert r.status_code == 404
    assert r.json()["message"] == "League 'empty' has no season yet."


def test_standings_follow_a_new_result(env: Env, season: LeagueService) -> None:
    """The app keeps its league service (a result cache): a later event still counts."""
    assert env.client.get("/api/leagues/spot/standings").json()["rows"][0]["points"] == 22
    _night(env, "three", ["Dan", "Eve"], [("Dan", "Eve")])  # Eve 10 + 1 + 1 = 12 -> 18
    season.add_event("spot", "q1", "three")
    season.signout("three", "Dan", actor="floor")  # Dan 7 + 1 = 8 -> 12
    rows = env.client.get("/api/leagues/spot/standings").json()["rows"]
    # Eve and Ann both 18: Eve's places 1, 3 beat Ann's 1, 4 (best finishes)
    assert [(x["name"], x["points"]) for x in rows] == [
        ("Bob", 22), ("Eve", 18), ("Ann", 18), ("Cat", 14), ("Dan", 12),
    ]  # fmt: skip


# ---- series lobby ----------------------------------------------------------------------


def test_series_lobby_is_public_and_private_free(env: Env, season: LeagueService) -> None:
    """Two Spotlight nights in one series: both on its lobby with their entries (4 each),
    no member card anywhere; the page renders; unknown and oversized ids are refused."""
    series = SeriesService(env.service)
    series.create_series("spring", "Spring Festival")
    series.add_event("spring", "one")
    series.add_event("spring", "two")
    r = env.client.get("/api/series/spring/lobby")
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["series"] == {"id": "spring", "name": "Spring Festival"}
    assert [(b["name"], b["status"]["entries"]) for b in data["boards"]] == [
        ("Night one", 4),
        ("Night two", 4),
    ]
    page = env.client.get("/series/spring")
    assert page.status_code == 200
    assert "Spring Festival" in page.text
    for text in (r.text, page.text):
        for card in CARDS.values():
            assert card not in text
    assert env.client.get("/api/series/nope/lobby").status_code == 404
    assert env.client.get("/series/nope").status_code == 404
    assert env.client.get("/api/series/" + "s" * 65 + "/lobby").status_code == 422
