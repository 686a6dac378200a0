"""The player database over HTTP (issue 14): search, details, history CSV, merge and undo,
eligibility confirmations — and who may do each (web/access.py ``require_player_read``).

Two recorded Kojack's nights (KPC-57: $100 to the pool + $20 admin fee an entry), numbers by
hand:

* ``kpc`` — Cy Wu (card C-1), Ann Lee, Bob Ray. Cy knocks out Bob, then Ann: three entries,
  a $300 pool, winner takes all -> Cy place 1, prize $300, spent $120.
* ``kpc2`` — "Cyrus Wu" (no card: the database makes a second person), Di Fox, Ed Po. Di
  knocks out Cyrus and Ed -> Cyrus place 3, prize $0, spent $120.

Merging Cyrus into Cy gives Cy 2 events, 1 cash, best place 1, prizes $300, spent $240;
undoing the merge gives each their one event back.

Implements: A1 (eligibility confirmed by staff, with who and when), issue 14 (player
database in the web app; public pages show no private data).
"""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest

from pokertd.store.players import PlayerStore
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, Register, Roster
from pokertd.tournament.seating import DrawSeats
from pokertd.tournament.templates import load_template

from .conftest import FLOOR_PW, Env


def _night(
    env: Env, tid: str, players: list[tuple[str, str]], busts: list[tuple[str, str]]
) -> None:
    env.service.create(
        CreateTournament(name=tid.upper(), template=load_template("kpc_nlh")), tournament_id=tid
    )
    for name, card in players:
        env.service.run(
            tid, Register(name=name, member=card, age_ok=True, member_ok=True), actor="floor1"
        )
    env.service.run(tid, DrawSeats(), actor="floor1")
    env.service.run(tid, CloseRegistration(), actor="floor1")  # the pool is final
    for out, by in busts:
        env.service.run(tid, Bust(players=(out,), eliminator=by), actor="floor1")


def _db_id(env: Env, tid: str, name: str) -> str:
    player = env.service.state(tid).part(Roster).by_name(name)
    assert player is not None
    return player.db_id


@pytest.fixture
def nights(env: Env) -> tuple[str, str]:
    """The two nights of the module docstring; Cy's and Cyrus's database ids."""
    _night(env, "kpc", [("Cy Wu", "C-1"), ("Ann Lee", ""), ("Bob Ray", "")],
           [("Bob Ray", "Cy Wu"), ("Ann Lee", "Cy Wu")])  # fmt: skip
    _night(env, "kpc2", [("Cyrus Wu", ""), ("Di Fox", "D-9"), ("Ed Po", "")],
           [("Cyrus Wu", "Di Fox"), ("Ed Po", "Di Fox")])  # fmt: skip
    cy, cyrus = _db_id(env, "kpc", "Cy Wu"), _db_id(env, "kpc2", "Cyrus Wu")
    assert cy != cyrus
    return cy, cyrus


def _dealer(env: Env) -> None:
    """Sign the client in as the dealer of table 1 of ``kpc`` (with the PIN)."""
    env.login()
    pin = env.client.get("/api/tournaments/kpc/tables/1/pin").json()["pin"]
    env.logout()
    r = env.client.post("/api/dealer/login", json={"tournament": "kpc", "table": 1, "pin": pin})
    assert r.status_code == 200, r.text


# ---- who may read and write -----------------------------------------------------------


def test_public_and_dealer_cannot_search_read_or_export_players(
    env: Env, nights: tuple[str, str]
) -> None:
    cy, _ = nights
    reads = ["/api/players?q=Cy", f"/api/players/{cy}", f"/api/players/{cy}/history.csv"]
    for url in reads:
        r = env.client.get(url)
        assert r.status_code == 401, (url, r.text)
        assert "C-1" not in r.text
    _dealer(env)
    for url in reads:
        r = env.client.get(url)
        assert r.status_code == 403, (url, r.text)
        assert "C-1" not in r.text
    r = env.client.get("/players", follow_redirects=False)
    assert r.status_code == 303
    assert r.headers["location"] == "/login?next=/players"


def test_only_the_director_merges_unmerges_and_confirms(env: Env, nights: tuple[str, str]) -> None:
    cy, cyrus = nights
    writes: list[tuple[str, dict[str, Any]]] = [
        (f"/api/players/{cyrus}/merge", {"into": cy}),
        (f"/api/players/{cyrus}/unmerge", {}),
        (f"/api/players/{cy}/confirm", {"kind": "age"}),
    ]
    for url, body in writes:  # anonymous
        assert env.client.post(url, json=body).status_code == 401, url
    _dealer(env)
    for url, body in writes:
        assert env.client.post(url, json=body).status_code == 403, url
    env.logout()
    csrf = env.login("floor1", FLOOR_PW)
    assert env.client.get("/api/players?q=Cy").status_code == 200  # the floor reads
    for url, body in writes:
        r = env.client.post(url, json=body, headers=csrf)
        assert r.status_code == 403, (url, r.text)
    env.logout()
    env.login()
    for url, body in writes[:1]:  # the director, but no CSRF header
        r = env.client.post(url, json=body)
        assert r.status_code == 403, r.text
    store = env.service.store
    assert isinstance(store, PlayerStore)
    assert store.survivor(cyrus).id == cyrus  # nothing was merged by any refused call
    assert store.confirmations([cy]) == []


# ---- search, details, merge and undo ---------------------------------------------------


def test_floor_searches_by_name_and_card(env: Env, nights: tuple[str, str]) -> None:
    cy, cyrus = nights
    env.login("floor1", FLOOR_PW)
    found = env.client.get("/api/players?q=wu").json()
    assert sorted(p["id"] for p in found) == sorted([cy, cyrus])
    by_card = env.client.get("/api/players?q=c1").json()  # the card without its dash
    assert [(p["id"], p["name"], p["card"]) for p in by_card] == [(cy, "Cy Wu", "C-1")]
    assert len(env.client.get("/api/players?q=wu&limit=1").json()) == 1


def test_merge_keeps_every_result_and_undo_restores_them(env: Env, nights: tuple[str, str]) -> None:
    cy, cyrus = nights
    csrf = env.login()
    before = env.client.get(f"/api/players/{cy}").json()["history"]
    assert (before["events"], before["prizes"], before["spent"]) == (1, 30000, 12000)

    r = env.client.post(f"/api/players/{cyrus}/merge", json={"into": cy}, headers=csrf)
    assert r.status_code == 200, r.text
    merged = r.json()["player"]
    h = merged["history"]
    assert (h["events"], h["cashes"], h["best_place"]) == (2, 1, 1)
    assert (h["prizes"], h["spent"]) == (30000, 24000)  # $300; 2 x $120
    assert [(row["event"], row["place"], row["name"]) for row in h["rows"]] in (
        [("KPC2", 3, "Cyrus Wu"), ("KPC", 1, "Cy Wu")],
        [("KPC", 1, "Cy Wu"), ("KPC2", 3, "Cyrus Wu")],
    )
    assert [m["id"] for m in merged["merged"]] == [cyrus]
    assert merged["names"] == {cyrus: "Cyrus Wu", cy: "Cy Wu"}
    # the duplicate reads as merged and shows whom it stands for
    dup = env.client.get(f"/api/players/{cyrus}").json()
    assert dup["player"]["merged_into"] == cy
    assert dup["survivor"]["id"] == cy

    r = env.client.post(f"/api/players/{cyrus}/unmerge", json={}, headers=csrf)
    assert r.status_code == 200, r.text
    again = env.client.get(f"/api/players/{cy}").json()
    assert (again["history"]["events"], again["history"]["spent"]) == (1, 12000)
    assert again["merged"] == []
    assert [m["undone_by"] for m in again["merges"]] == ["director"]
    own = env.client.get(f"/api/players/{cyrus}").json()["history"]
    assert (own["events"], own["best_place"], own["prizes"]) == (1, 3, 0)


def test_merge_refusals_change_nothing(env: Env, nights: tuple[str, str]) -> None:
    cy, cyrus = nights
    csrf = env.login()
    r = env.client.post(f"/api/players/{cy}/merge", json={"into": cy}, headers=csrf)
    assert r.status_code == 422
    assert r.json()["message"] == "A player cannot be merged into themselves."
    r = env.client.post(f"/api/players/{cy}/merge", json={"into": "plnobody22"}, headers=csrf)
    assert r.status_code == 404
    assert "no player" in r.json()["message"]
    r = env.client.post(f"/api/players/{cyrus}/unmerge", json={}, headers=csrf)
    assert r.status_code == 422, r.text  # nothing to undo
    assert env.client.get(f"/api/players/{cy}").json()["merges"] == []


def test_A1_director_confirms_age_with_who_and_when(env: Env, nights: tuple[str, str]) -> None:
    cy, _ = nights
    csrf = env.login()
    body = {"kind": "membership", "note": "card seen"}
    r = env.client.post(f"/api/players/{cy}/confirm", json=body, headers=csrf)
    assert r.status_code == 200, r.text
    [c] = r.json()["confirmations"]
    assert (c["kind"], c["staff"], c["note"]) == ("membership", "director", "card seen")
    assert c["at"][:4].isdigit()


# ---- limits ----------------------------------------------------------------------------


def test_every_field_has_a_limit(env: Env, nights: tuple[str, str]) -> None:
    cy, cyrus = nights
    csrf = env.login()
    bad_gets = [
        "/api/players?q=" + "x" * 61,
        "/api/players?q=",
        "/api/players?q=Cy&limit=51",
        "/api/players?q=Cy&limit=0",
        "/api/players/" + "p" * 41,
    ]
    for url in bad_gets:
        assert env.client.get(url).status_code == 422, url
    assert env.client.get("/api/players?q=%20%20").status_code == 422  # only spaces
    assert env.client.get("/api/players/plnobody22").status_code == 404
    bad_posts: list[tuple[str, dict[str, Any]]] = [
        (f"/api/players/{cyrus}/merge", {"into": "p" * 41}),
        (f"/api/players/{cyrus}/merge", {"into": cy, "from": cyrus}),  # unknown field
        (f"/api/players/{cyrus}/merge", {}),
        (f"/api/players/{cy}/confirm", {"kind": "height"}),
        (f"/api/players/{cy}/confirm", {"kind": "age", "note": "n" * 501}),
        (f"/api/players/{cy}/confirm", {"kind": "age", "note": "bad\u202e"}),
        (f"/api/players/{cyrus}/unmerge", {"now": True}),
    ]
    for url, body in bad_posts:
        r = env.client.post(url, json=body, headers=csrf)
        assert r.status_code == 422, (url, body, r.text)
    store = env.service.store
    assert isinstance(store, PlayerStore)
    assert store.survivor(cyrus).id == cyrus
    assert store.confirmations([cy]) == []


# ---- CSV -------------------------------------------------------------------------------


def test_history_csv_by_hand_and_no_formula_cells(env: Env, nights: tuple[str, str]) -> None:
    cy, _ = nights
    _night(env, "kpc3", [("=HYPERLINK(1)", ""), ("Gus", "")], [("=HYPERLINK(1)", "Gus")])
    env.login("floor1", FLOOR_PW)
    r = env.client.get(f"/api/players/{cy}/history.csv")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(r.text)))
    assert [(x["event"], x["place"], x["prize"], x["spent"], x["entrants"]) for x in rows] == [
        ("KPC", "1", "300.00", "120.00", "3")
    ]
    evil = _db_id(env, "kpc3", "=HYPERLINK(1)")
    text = env.client.get(f"/api/players/{evil}/history.csv").text
    [row] = list(csv.DictReader(io.StringIO(text)))
    assert row["name"] == "'=HYPERLINK(1)"  # shown as text by a spreadsheet, never run


def test_director_renames_a_player_history_kept_old_name_found(
    env: Env, nights: tuple[str, str]
) -> None:
    """Issue 23: a rename is the director's (CSRF); Cy Wu's night at ``kpc`` stays his
    (recorded as "Cy Wu"), "Cy Wu" still finds "Cyrus Wu Sr." (formerly Cy Wu); empty,
    too long and taken names are refused in sentences and change nothing."""
    cy, cyrus = nights
    url = f"/api/players/{cy}/rename"
    assert env.client.post(url, json={"name": "Cy Wu Sr."}).status_code == 401
    csrf = env.login("floor1", FLOOR_PW)
    assert env.client.post(url, json={"name": "Cy Wu Sr."}, headers=csrf).status_code == 403
    env.logout()
    csrf = env.login()
    for name, words in (
        ("  ", "A player's name is missing."),
        ("C" * 61, "A player's name can have at most 60 characters, not 61."),
        ("cyrus wu", f"Cyrus Wu ({cyrus}) already has that name"),
    ):
        r = env.client.post(url, json={"name": name}, headers=csrf)
        assert r.status_code == 422, r.text
        assert r.json()["message"].startswith(words), r.json()
    assert env.client.post(url, json={"name": "x" * 1001}, headers=csrf).status_code == 422
    assert env.client.get(f"/api/players/{cy}").json()["renames"] == []
    r = env.client.post(url, json={"name": "Cy Wu Sr."}, headers=csrf)
    assert r.status_code == 200, r.text
    data = r.json()["player"]
    assert (data["player"]["name"], data["formerly"]) == ("Cy Wu Sr.", ["Cy Wu"])
    (row,) = data["history"]["rows"]
    assert (row["tournament_id"], row["name"], row["db_id"], row["place"]) == (
        "kpc",
        "Cy Wu",
        cy,
        1,
    )
    found = env.client.get("/api/players?q=Cy Wu").json()
    assert [(p["id"], p["formerly"]) for p in found if p["id"] == cy] == [(cy, ["Cy Wu"])]
