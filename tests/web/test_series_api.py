"""Series, flights into Day 2 and satellites over HTTP (issue 14): the director's routes.

Numbers by hand. Every entry costs $100 = $85 to the prize pool + $15 house fee, 20,000
chips (the TDA profile withholds nothing):

* Day 1A (``m1a``): Ann, Bob, Cat, Dan; Dan busts; bags Ann 40,000, Bob 25,000, Cat 15,000
  = 80,000 = 4 x 20,000.
* Day 1B (``m1b``): Eve, Fay, Gus; Gus busts; bags Eve 35,000, Fay 25,000 = 60,000.
* Day 2: 5 players, 140,000 chips, 7 entries, pool 7 x $85 = $595.00; collected 7 x $100 =
  $700.00, house 7 x $15 = $105.00.
* Satellite ``sat`` (8 entries): pool 8 x $85 = $680.00; seats of $200 -> 3 seats and
  $80.00 left over to 4th place (next-place rule). With 3 players left each wins a seat.

Implements: C1 (Day 2 redraw), issue 14 (flights, series cash report, satellites), and the
web's rules (director writes with the CSRF token, staff reads, refusals as sentences).
"""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest

from pokertd.app.tournaments import TournamentService
from pokertd.tournament.days import EndDay
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.templates import Fees, load_template

from .conftest import FLOOR_PW, Env

A_BAGS = (("Ann", 40_000), ("Bob", 25_000), ("Cat", 15_000))
B_BAGS = (("Eve", 35_000), ("Fay", 25_000))


def _tmpl() -> Any:
    return load_template("kpc_nlh").with_changes(
        profile="tda",
        fees=Fees(prize_pool=85_00, house_fee=15_00),
        starting_stack=20_000,
        tables=2,
        seats_per_table=9,
    )


def _event(svc: TournamentService, tid: str, names: list[str], out: list[str]) -> None:
    svc.create(CreateTournament(name=f"Main {tid}", template=_tmpl()), tournament_id=tid)
    for name in names:
        svc.run(tid, Register(name=name, age_ok=True))
    for name in out:
        svc.run(tid, Bust(players=(name,), eliminator=names[0]))


@pytest.fixture
def flights(env: Env) -> Env:
    """Two flights played and bagged (through the service); no series yet."""
    _event(env.service, "m1a", ["Ann", "Bob", "Cat", "Dan"], ["Dan"])
    _event(env.service, "m1b", ["Eve", "Fay", "Gus"], ["Gus"])
    env.service.run("m1a", EndDay(day=1, counts=A_BAGS))
    env.service.run("m1b", EndDay(day=1, counts=B_BAGS))
    return env


def _series(env: Env, csrf: dict[str, str]) -> None:
    """Series ``fall`` with flighted event ``main`` and both flights, through the API."""
    r = env.client.post("/api/series", json={"id": "fall", "name": "Fall Festival"}, headers=csrf)
    assert r.status_code == 200, r.text
    r = env.client.post(
        "/api/series/fall/flighted", json={"event": "main", "name": "Main Event"}, headers=csrf
    )
    assert r.status_code == 200, r.text
    for tid in ("m1a", "m1b"):
        r = env.client.post(
            "/api/series/fall/events", json={"tournament": tid, "flight_of": "main"}, headers=csrf
        )
        assert r.status_code == 200, r.text


def test_two_flights_into_day2_with_the_exact_pool_and_stacks(flights: Env) -> None:
    env = flights
    csrf = env.login()
    _series(env, csrf)
    data = env.client.get("/api/series/fall/events").json()
    assert [(e["tournament"], e["label"], e["state"]) for e in data["events"]] == [
        ("m1a", "Day 1A", "Day 1 bagged"),
        ("m1b", "Day 1B", "Day 1 bagged"),
    ]
    preview = env.client.get("/api/series/fall/day2?event=main").json()
    assert preview["ready"] is True, preview
    assert (preview["players"], preview["chips"], preview["entries"]) == (5, 140_000, 7)
    assert preview["carried_pool_cents"] == 7 * 85_00 == 595_00
    assert [(s["name"], s["chips"]) for s in preview["stacks"]] == [
        ("Ann", 40_000),
        ("Eve", 35_000),
        ("Bob", 25_000),
        ("Fay", 25_000),
        ("Cat", 15_000),
    ]
    assert env.service.exists("m1a")
    assert len(env.service.tournaments()) == 2
    r = env.client.post("/api/series/fall/day2", json={"event": "main"}, headers=csrf)
    assert r.status_code == 200, r.text
    formed = r.json()
    day2 = formed["tournament"]
    assert (formed["name"], formed["players"], formed["carried_pool_cents"]) == (
        "Main Event Day 2",
        5,
        595_00,
    )
    # the Day 2 console: the bags as Day 1's, then "Start day 2" (redraw, C1)
    day = env.client.get(f"/api/tournaments/{day2}/day").json()
    assert (day["day"], day["bagged"], day["bags"]["roll_up"]["bagged"]) == (1, True, 140_000)
    assert day["bags"]["roll_up"]["difference"] == 0
    r = env.client.post(
        f"/api/tournaments/{day2}/commands/start_day", json={"day": 2}, headers=csrf
    )
    assert r.status_code == 200, r.text
    staff = env.client.get(f"/api/tournaments/{day2}/staff").json()
    stacks = {p["name"]: p["stack"] for p in staff["players"]}
    assert stacks == dict(A_BAGS) | dict(B_BAGS)
    assert all(p["table"] is not None for p in staff["players"])
    assert staff["status"]["prize_pool_cents"] == 595_00
    # the flight is closed and says where its bags went
    assert env.client.get("/api/tournaments/m1a/day").json()["flight_closed"] == day2
    again = env.client.get("/api/series/fall/day2?event=main").json()
    assert again["ready"] is False
    assert "formed already" in again["refusal"]


def test_cash_report_and_csv_add_up(flights: Env) -> None:
    env = flights
    csrf = env.login()
    _series(env, csrf)
    env.client.post("/api/series/fall/day2", json={"event": "main"}, headers=csrf)
    cash = env.client.get("/api/series/fall/cash").json()
    assert [r["entries"] for r in cash["events"]] == [4, 3, 0]
    total = cash["total"]
    assert total["collected_cents"] == 7 * 100_00 == 700_00
    assert total["buyin_house_cents"] == 7 * 15_00 == 105_00
    assert (total["carried_out_cents"], total["carried_in_cents"]) == (595_00, 595_00)
    assert total["net_pool_cents"] == 595_00
    r = env.client.get("/api/series/fall/cash.csv")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(r.text)))
    assert rows[-1]["tournament"] == "TOTAL"
    assert rows[-1]["collected_cents"] == "70000"
    assert [x["tournament"] for x in rows[:2]] == ["m1a", "m1b"]


def test_reads_need_staff_and_writes_need_the_director_with_csrf(flights: Env) -> None:
    env = flights
    body = {"id": "fall", "name": "Fall Festival"}
    assert env.client.post("/api/series", json=body).status_code == 401
    assert env.client.get("/api/series/fall/cash").status_code == 401
    assert env.client.get("/api/tournaments/m1a/day").status_code == 401
    csrf = env.login()
    assert env.client.post("/api/series", json=body).status_code == 403  # no CSRF header
    assert env.client.get("/api/series").json() == []  # nothing was created
    _series(env, csrf)
    env.logout()
    floor = env.login("floor1", FLOOR_PW)
    assert env.client.get("/api/series/fall/cash").status_code == 200
    assert env.client.get("/api/series/fall/day2?event=main").json()["ready"] is True
    r = env.client.post("/api/series/fall/day2", json={"event": "main"}, headers=floor)
    assert r.status_code == 403
    assert "director" in r.json()["message"]
    assert len(env.service.tournaments()) == 2
    r = env.client.post("/api/series", json={"id": "x", "name": "X"}, headers=floor)
    assert r.status_code == 403
    # public: the list of series (ids and names) only
    env.logout()
    assert env.client.get("/api/series").json() == [{"id": "fall", "name": "Fall Festival"}]
    assert env.client.get("/series/fall/admin", follow_redirects=False).status_code == 303


def test_limits_and_refusals_are_sentences_and_change_nothing(flights: Env) -> None:
    env = flights
    csrf = env.login()
    # limits are in the schema and enforced
    schema = env.client.get("/openapi.json").json()["components"]["schemas"]
    assert schema["NewSeries"]["properties"]["id"]["maxLength"] == 40
    assert schema["SatelliteBody"]["properties"]["seat_value_cents"]["minimum"] == 1
    r = env.client.post("/api/series", json={"id": "x" * 41, "name": "Long"}, headers=csrf)
    assert r.status_code == 422
    assert r.json()["message"].endswith(".")
    r = env.client.post("/api/series", json={"id": "bad id!", "name": "X"}, headers=csrf)
    assert r.status_code == 422
    assert env.client.get("/api/series").json() == []
    _series(env, csrf)
    # a flight not bagged: the preview says why, the POST refuses, nothing changes
    _event(env.service, "m1c", ["Hal", "Ivy"], [])
    r = env.client.post(
        "/api/series/fall/events", json={"tournament": "m1c", "flight_of": "main"}, headers=csrf
    )
    assert r.status_code == 200
    preview = env.client.get("/api/series/fall/day2?event=main").json()
    assert preview["ready"] is False
    assert preview["refusal"] == ("Day 1C (m1c) has not ended: bag its survivors (day end) first.")
    before = len(env.service.tournaments())
    r = env.client.post("/api/series/fall/day2", json={"event": "main"}, headers=csrf)
    assert r.status_code == 409, r.text
    assert r.json()["message"] == preview["refusal"]
    assert len(env.service.tournaments()) == before
    assert env.client.get("/api/tournaments/m1a/day").json()["flight_closed"] == ""
    # a label on a plain event, an unknown tournament, a removal
    r = env.client.post(
        "/api/series/fall/events", json={"tournament": "m1c", "label": "Day 9"}, headers=csrf
    )
    assert r.status_code == 422
    assert "label" in r.json()["message"]
    r = env.client.post("/api/series/fall/events", json={"tournament": "nope"}, headers=csrf)
    assert r.status_code == 404
    assert r.json()["message"] == "There is no tournament 'nope'."
    r = env.client.post(
        "/api/series/fall/events", json={"tournament": "m1c", "remove": True}, headers=csrf
    )
    assert r.status_code == 200
    assert [e["tournament"] for e in r.json()["events"]] == ["m1a", "m1b"]
    assert env.client.get("/api/series/winter/cash").status_code == 404


def _satellite(env: Env) -> None:
    """Satellite ``sat`` of 8 (P1..P8), target ``main`` (open); P8..P4 bust (P1 knocks
    them out): 3 players left for 3 seats, 4th place (P4) is owed the $80.00 left over."""
    names = [f"P{i}" for i in range(1, 9)]
    _event(env.service, "sat", names, [])
    env.service.create(CreateTournament(name="Main", template=_tmpl()), tournament_id="main")
    for out in ("P8", "P7", "P6", "P5", "P4"):
        env.service.run("sat", Bust(players=(out,), eliminator="P1"))


def test_satellite_awards_three_seats_and_cash(env: Env) -> None:
    _satellite(env)
    csrf = env.login()
    body = {"target": "main", "seat_value_cents": 200_00}
    r = env.client.post("/api/tournaments/sat/satellite", json=body, headers=csrf)
    assert r.status_code == 200, r.text
    view = env.client.get("/api/tournaments/sat/satellite").json()
    assert (view["pool_cents"], view["seats"], view["leftover_cents"]) == (680_00, 3, 80_00)
    assert 3 * 200_00 + 80_00 == 680_00
    assert [(w["name"], w["place"], w["seat"], w["cash_cents"]) for w in view["winners"]] == [
        ("P1", 3, True, 0),
        ("P2", 3, True, 0),
        ("P3", 3, True, 0),
        ("P4", 4, False, 80_00),
    ]
    r = env.client.post("/api/tournaments/sat/pay-seat", json={"player": "P2"}, headers=csrf)
    assert r.status_code == 200, r.text
    assert r.json()["seat"] is True
    assert r.json()["target_event"] == "main"
    main = env.client.get("/api/tournaments/main/staff").json()
    assert [p["name"] for p in main["players"]] == ["P2"]
    r = env.client.post("/api/tournaments/sat/pay-seat", json={"player": "P2"}, headers=csrf)
    assert r.status_code == 409
    assert r.json()["message"] == "P2's award has already been paid."
    r = env.client.post("/api/tournaments/sat/pay-seat", json={"player": "P4"}, headers=csrf)
    assert r.json()["cash_cents"] == 80_00
    assert r.json()["seat"] is False
    view = env.client.get("/api/tournaments/sat/satellite").json()
    assert [w["name"] for w in view["winners"]] == ["P1", "P3"]
    assert sorted(p["name"] for p in view["paid"]) == ["P2", "P4"]
    assert len(env.client.get("/api/tournaments/main/staff").json()["players"]) == 1


def test_satellite_refusals(env: Env) -> None:
    _satellite(env)
    csrf = env.login()
    # a finished target, itself, an unknown one, a bad leftover rule: nothing recorded
    before = env.service.store.last_seq("sat")
    for body, status, text in (
        ({"target": "sat", "seat_value_cents": 100}, 422, "cannot award seats in itself"),
        ({"target": "nope", "seat_value_cents": 100}, 404, "no event 'nope'"),
        ({"target": "main", "seat_value_cents": 0}, 422, "seat_value_cents"),
        ({"target": "main", "seat_value_cents": 100, "leftover": "keep"}, 422, "leftover"),
    ):
        r = env.client.post("/api/tournaments/sat/satellite", json=body, headers=csrf)
        assert r.status_code == status, r.text
        assert text in r.json()["message"]
    assert env.service.store.last_seq("sat") == before
    # a player who won nothing (yet)
    body = {"target": "main", "seat_value_cents": 200_00}
    assert env.client.post("/api/tournaments/sat/satellite", json=body, headers=csrf).is_success
    r = env.client.post("/api/tournaments/sat/pay-seat", json={"player": "P8"}, headers=csrf)
    assert r.status_code == 409
    assert "P8 finished 8" in r.json()["message"]
    env.logout()
    floor = env.login("floor1", FLOOR_PW)
    assert env.client.get("/api/tournaments/sat/satellite").status_code == 200
    r = env.client.post("/api/tournaments/sat/pay-seat", json={"player": "P1"}, headers=floor)
    assert r.status_code == 403
    assert env.client.get("/api/tournaments/main/staff").json()["players"] == []
