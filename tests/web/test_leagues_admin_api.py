"""Running leagues over HTTP (issue 14): the director creates leagues, seasons, adds events
and creates the championship; the floor records sign-outs (G5: SPOT-6.13). Every write is
refused to the public (401) and to dealers and the floor where it is the director's (403),
every field has a limit (422), refusals are sentences and change nothing.

Points (fixed table 10, 7, 5, 3, 2; 1 a knockout; 1 for playing), two Spotlight nights,
numbers by hand:

* ``one``: Ann knocks out Dan, Cat, Bob -> Ann 10 + 3 + 1 = 14, Bob 7 + 1 = 8, Cat 6, Dan 4.
* ``two``: Bob knocks out Ann, Eve, Cat -> Bob 14, Cat 8, Eve 6, Ann 3 + 1 = 4.

With every sign-out: Bob 22, Ann 18, Cat 14. The top 2 qualify with ``5000 + 100 * points``
rounded to 100: Bob 7,200, Ann 6,800 (A3: SPOT-6.26).

Implements: A3 (SPOT-6.26 stacks from season points), G5 (SPOT-6.13 sign-outs from the
floor), issue 14 (leagues run from the browser).
"""

from __future__ import annotations

from typing import Any

from pokertd.app.leagues import LeagueService
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, EntryBought, Register
from pokertd.tournament.templates import load_template

from .conftest import DEALER_PW, FLOOR_PW, Env

CARDS = {"Ann": "A-100", "Bob": "B-200", "Cat": "C-300", "Dan": "D-400", "Eve": "E-500"}
POINTS = {"kind": "fixed", "table": [10, 7, 5, 3, 2], "knockout_points": 1, "attendance_points": 1}
SEASON = {"key": "q1", "name": "Q1 2026", "top": 2, "stack_formula": "5000 + 100 * points"}
LEAGUE = {"key": "spot", "name": "Spotlight Points League", "points": POINTS, "season": SEASON}


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


def _nights(env: Env) -> None:
    _night(
        env, "one", ["Ann", "Bob", "Cat", "Dan"], [("Dan", "Ann"), ("Cat", "Ann"), ("Bob", "Ann")]
    )
    _night(
        env, "two", ["Ann", "Bob", "Cat", "Eve"], [("Ann", "Bob"), ("Eve", "Bob"), ("Cat", "Bob")]
    )


def _leagues(env: Env) -> LeagueService:
    return LeagueService.over(env.service)


def _dealer(env: Env) -> None:
    env.login()
    pin = env.client.get("/api/tournaments/one/tables/1/pin").json()
    env.logout()
    if "pin" not in pin:  # no seating: a floor-less dealer account instead
        env.login("dealer1", DEALER_PW)
        return
    r = env.client.post(
        "/api/dealer/login", json={"tournament": "one", "table": 1, "pin": pin["pin"]}
    )
    assert r.status_code == 200, r.text


def test_only_the_director_creates_leagues_seasons_events_and_championships(env: Env) -> None:
    _nights(env)
    writes: list[tuple[str, dict[str, Any]]] = [
        ("/api/leagues", LEAGUE),
        ("/api/leagues/spot/seasons", SEASON),
        ("/api/leagues/spot/seasons/q1/events", {"tournament": "one"}),
        ("/api/leagues/spot/seasons/q1/championship", {"name": "Finals"}),
    ]
    for url, body in writes:
        assert env.client.post(url, json=body).status_code == 401, url  # the public
    csrf = env.login("floor1", FLOOR_PW)
    for url, body in writes:
        assert env.client.post(url, json=body, headers=csrf).status_code == 403, url
    env.logout()
    _dealer(env)
    for url, body in writes:
        assert env.client.post(url, json=body).status_code in (401, 403), url
    env.logout()
    env.login()
    assert env.client.post("/api/leagues", json=LEAGUE).status_code == 403  # no CSRF token
    assert _leagues(env).store.leagues() == []
    assert len(env.service.tournaments()) == 2
    # the public may not read the admin data nor the preview
    env.logout()
    assert env.client.get("/api/leagues/spot/admin").status_code == 401
    r = env.client.get("/leagues/spot/admin", follow_redirects=False)
    assert r.status_code == 303
    assert r.headers["location"] == "/login?next=/leagues/spot/admin"


def test_every_field_has_a_limit_and_nothing_is_written(env: Env) -> None:
    csrf = env.login()
    bad: list[dict[str, Any]] = [
        LEAGUE | {"key": "k" * 33},
        LEAGUE | {"name": "n" * 81},
        LEAGUE | {"extra": 1},
        LEAGUE | {"points": POINTS | {"table": [1] * 201}},
        LEAGUE | {"points": POINTS | {"table": [-1]}},
        LEAGUE | {"points": POINTS | {"knockout_points": 1_000_001}},
        LEAGUE | {"points": {"kind": "formula", "formula": "place" * 101}},
        LEAGUE | {"points": POINTS | {"decimals": 5}},
        LEAGUE | {"season": SEASON | {"best_n": 0}},
        LEAGUE | {"season": SEASON | {"top": 10_001}},
        LEAGUE | {"season": SEASON | {"stack_formula": "1" * 501}},
        LEAGUE | {"season": SEASON | {"tie_break": "coin"}},
    ]
    for body in bad:
        r = env.client.post("/api/leagues", json=body, headers=csrf)
        assert r.status_code == 422, (body, r.text)
    assert env.client.get("/api/leagues/check?formula=" + "x" * 501).status_code == 422
    assert env.client.get("/api/leagues/check?entrants=0").status_code == 422
    assert _leagues(env).store.leagues() == []


def test_refusals_are_sentences_and_change_nothing(env: Env) -> None:
    _nights(env)
    csrf = env.login()
    own = {"kind": "formula", "formula": "entrants - place + bogus"}
    r = env.client.post("/api/leagues", json=LEAGUE | {"points": own}, headers=csrf)
    assert r.status_code == 422
    assert "bogus" in r.json()["message"]
    stack = SEASON | {"stack_formula": "5000 + points +"}
    r = env.client.post("/api/leagues", json=LEAGUE | {"season": stack}, headers=csrf)
    assert r.status_code == 422
    assert _leagues(env).store.leagues() == []  # the league waits for a usable season
    r = env.client.post("/api/leagues", json=LEAGUE | {"key": "Spot League"}, headers=csrf)
    assert r.status_code == 422
    assert "lower-case" in r.json()["message"]

    assert env.client.post("/api/leagues", json=LEAGUE, headers=csrf).status_code == 200
    r = env.client.post("/api/leagues", json=LEAGUE, headers=csrf)
    assert r.status_code == 422
    assert "already exists" in r.json()["message"]
    r = env.client.post("/api/leagues/spot/seasons", json=SEASON | {"key": "q2"}, headers=csrf)
    assert r.status_code == 200, r.text
    # championship before any event: refused with the reason, nothing created
    r = env.client.post(
        "/api/leagues/spot/seasons/q1/championship", json={"name": "F"}, headers=csrf
    )
    assert r.status_code == 422
    assert "events first" in r.json()["message"]
    assert len(env.service.tournaments()) == 2
    url = "/api/leagues/spot/seasons/{}/events"
    assert (
        env.client.post(url.format("q1"), json={"tournament": "one"}, headers=csrf).status_code
        == 200
    )
    r = env.client.post(url.format("q2"), json={"tournament": "one"}, headers=csrf)
    assert r.status_code == 422
    assert "one season of a league at most" in r.json()["message"]
    r = env.client.post(url.format("q1"), json={"tournament": "nowhere"}, headers=csrf)
    assert r.status_code == 404
    assert [e.tournament for e in _leagues(env).store.season_events("spot", "q2")] == []


def test_A3_preview_then_create_the_championship_with_stacks(env: Env) -> None:
    _nights(env)
    leagues = _leagues(env)
    csrf = env.login()
    assert env.client.post("/api/leagues", json=LEAGUE, headers=csrf).status_code == 200
    for tid, out in (("one", "Bob Cat Dan"), ("two", "Ann Eve Cat")):
        r = env.client.post(
            "/api/leagues/spot/seasons/q1/events", json={"tournament": tid}, headers=csrf
        )
        assert r.status_code == 200, r.text
        for name in out.split():
            leagues.signout(tid, name, actor="floor")
    preview = env.client.get("/api/leagues/spot/seasons/q1/championship").json()
    assert preview["problem"] == ""
    assert [(q["name"], q["points"], q["stack"]) for q in preview["qualifiers"]] == [
        ("Bob", 22, 7200),
        ("Ann", 18, 6800),
    ]
    assert preview["copies"] == "two"
    r = env.client.post(
        "/api/leagues/spot/seasons/q1/championship", json={"name": "Q1 Finals"}, headers=csrf
    )
    assert r.status_code == 200, r.text
    tid = r.json()["tournament"]
    bought = {
        e.event.name: e.event.chips
        for e in env.service.records(tid)
        if isinstance(e.event, EntryBought)
    }
    assert bought == {"Bob": 7200, "Ann": 6800}
    staff = env.client.get(f"/api/tournaments/{tid}/staff").json()
    assert staff["name"] == "Q1 Finals"
    count = len(env.service.tournaments())
    r = env.client.post(
        "/api/leagues/spot/seasons/q1/championship", json={"name": "Again"}, headers=csrf
    )
    assert r.status_code == 422
    assert "already has its championship" in r.json()["message"]
    assert len(env.service.tournaments()) == count
    admin = env.client.get("/api/leagues/spot/admin").json()
    assert admin["seasons"][0]["championship"]["tournament"] == tid
    assert {a["tournament"] for a in admin["available"]} == set()


def test_check_shows_example_points_and_the_formula_sentence(env: Env) -> None:
    r = env.client.get("/api/leagues/check?formula=linear&entrants=12&attendance=2"
                       "&stack_formula=10000%2B250*points")  # fmt: skip
    data = r.json()
    assert data["ok"] is True
    # 12 - place + 1, plus 2 for playing: 1st 14, 2nd 13, 3rd 12, 4th 11, 5th 10, 8th 7, 10th 5
    assert [(e["place"], e["points"]) for e in data["examples"]] == [
        (1, 14), (2, 13), (3, 12), (4, 11), (5, 10), (8, 7), (10, 5)
    ]  # fmt: skip
    # 10000 + 250 * points rounded down to 100: 100 -> 35,000; 60 -> 25,000; 30 -> 17,500
    assert [s["stack"] for s in data["stacks"]] == [35000, 25000, 17500, 12500]
    r = env.client.get("/api/leagues/check?kind=fixed&table=10,7,x")
    assert r.json()["ok"] is False
    assert "list of numbers" in r.json()["message"]
    r = env.client.get("/api/leagues/check?formula=place%20**%20999")
    assert r.json()["ok"] is False
    assert r.json()["message"]


def test_G5_floor_records_signouts_and_late_flags(env: Env) -> None:
    _nights(env)
    leagues = _leagues(env)
    csrf = env.login()
    assert env.client.post("/api/leagues", json=LEAGUE, headers=csrf).status_code == 200
    env.client.post("/api/leagues/spot/seasons/q1/events", json={"tournament": "one"}, headers=csrf)
    env.logout()
    assert (
        env.client.post("/api/tournaments/one/league/signouts", json={"player": "Bob"}).status_code
        == 401
    )
    csrf = env.login("floor1", FLOOR_PW)
    before = {r.name: r.points for r in leagues.standings("spot", "q1").rows}
    assert before == {"Ann": 14, "Bob": 0, "Cat": 0, "Dan": 0}  # place points wait for sign-out
    r = env.client.post(
        "/api/tournaments/one/league/signouts", json={"player": "Bob"}, headers=csrf
    )
    assert r.status_code == 200, r.text
    assert r.json()["marks"] == {"Bob": "signed"}
    r = env.client.post("/api/tournaments/one/league/flags", json={"player": "Cat"}, headers=csrf)
    assert r.status_code == 200
    rows = {r.name: (r.points, r.void) for r in leagues.standings("spot", "q1").rows}
    assert rows["Bob"] == (8, 0)
    assert rows["Cat"] == (0, 1)
    r = env.client.post(
        "/api/tournaments/one/league/signouts", json={"player": "Ann"}, headers=csrf
    )
    assert r.status_code == 422
    assert "still playing" in r.json()["message"]
    r = env.client.post(
        "/api/tournaments/two/league/signouts", json={"player": "Eve"}, headers=csrf
    )
    assert r.status_code == 422
    assert "no league season" in r.json()["message"]
    info = env.client.get("/api/tournaments/one/league").json()
    assert info["require_signout"] is True
    assert info["seasons"][0]["league"] == "spot"
    assert info["marks"] == {"Bob": "signed", "Cat": "late"}
    # SPOT-6.13: a sign-out after the flag is refused; undoing the flag brings Cat's
    # 3rd-place points back (5 + 1 attendance = 6).
    r = env.client.post(
        "/api/tournaments/one/league/signouts", json={"player": "Cat"}, headers=csrf
    )
    assert r.status_code == 409  # a rule refused it
    assert "SPOT-6.13" in r.json()["message"]
    r = env.client.post(
        "/api/tournaments/one/league/flags/undo", json={"player": "Cat"}, headers=csrf
    )
    assert r.status_code == 200, r.text
    assert r.json()["marks"] == {"Bob": "signed", "Cat": "signed"}
    assert {r.name: r.points for r in leagues.standings("spot", "q1").rows}["Cat"] == 6
    assert len(leagues.store.signouts(["one", "two"])) == 2


def test_director_takes_an_event_out_of_a_season_and_puts_it_back(env: Env) -> None:
    """Issue 23: recorded and undoable; the floor may not (403); refusals are sentences.
    Without night ``one`` (every sign-out recorded): Bob 14, Cat 8, Eve 6, Ann 4."""
    _nights(env)
    csrf = env.login()
    assert env.client.post("/api/leagues", json=LEAGUE, headers=csrf).status_code == 200
    for tid in ("one", "two"):
        r = env.client.post(
            "/api/leagues/spot/seasons/q1/events", json={"tournament": tid}, headers=csrf
        )
        assert r.status_code == 200, r.text
    leagues = _leagues(env)
    for tid, names in (("one", ["Bob", "Cat", "Dan"]), ("two", ["Ann", "Eve", "Cat"])):
        for n in names:
            leagues.signout(tid, n, actor="floor")
    remove = "/api/leagues/spot/seasons/q1/events/remove"
    restore = "/api/leagues/spot/seasons/q1/events/restore"
    env.logout()
    floor = env.login("floor1", FLOOR_PW)
    assert env.client.post(remove, json={"tournament": "one"}, headers=floor).status_code == 403
    env.logout()
    csrf = env.login()
    r = env.client.post(remove, json={"tournament": "one"}, headers=csrf)
    assert r.status_code == 200, r.text
    assert (r.json()["action"], r.json()["name"]) == ("removed", "Night one")
    rows = env.client.get("/api/leagues/spot/standings?season=q1").json()["rows"]
    assert [(x["name"], x["points"]) for x in rows] == [
        ("Bob", 14), ("Cat", 8), ("Eve", 6), ("Ann", 4),
    ]  # fmt: skip
    admin = env.client.get("/api/leagues/spot/admin").json()["seasons"][0]
    assert [e["tournament"] for e in admin["events"]] == ["two"]
    assert [e["tournament"] for e in admin["removed"]] == ["one"]
    r = env.client.post(remove, json={"tournament": "one"}, headers=csrf)
    assert r.status_code == 422
    assert r.json()["message"].startswith("Tournament one is not in season 'q1'")
    r = env.client.post(restore, json={"tournament": "one"}, headers=csrf)
    assert r.status_code == 200, r.text
    rows = env.client.get("/api/leagues/spot/standings?season=q1").json()["rows"]
    assert [(x["name"], x["points"]) for x in rows][:3] == [("Bob", 22), ("Ann", 18), ("Cat", 14)]
    assert env.client.get("/api/leagues/spot/admin").json()["seasons"][0]["removed"] == []
