"""The ruling routes: the tournament's own profile, roles, limits, never a 500."""

from __future__ import annotations

import pytest

from .conftest import FLOOR_PW, Env

E13_850 = {
    "to_call": 600,
    "bet": 600,
    "last_raise": 400,
    "pot": 900,
    "stack": 100_000,
    "big_blind": 200,
    "raised": True,
    "chips": ["500,100x3,25x2"],
}


def test_FOX_46A_tournament_ruling_uses_the_events_profile(env: Env, tid: str) -> None:
    """The demo is a Foxwoods event: 850 facing a raise to 600 is a raise to 1,000 with
    Foxwoods rule IDs only (FOX-46A)."""
    h = env.login("floor1", FLOOR_PW)
    r = env.client.post(f"/api/tournaments/{tid}/ruling", json=E13_850, headers=h)
    assert r.status_code == 200, r.text
    body = r.json()
    assert (body["action"], body["amount"], body["chips_to_add"]) == ("raise", 1_000, 150)
    assert body["venue"] == "FOX"
    assert "FOX-46A" in body["rule_ids"]
    assert all(i.startswith("FOX-") for i in body["rule_ids"])


def test_KPC_29B_named_profile_ruling(env: Env) -> None:
    """POST /api/rulings with profile kojack: the same push is a call, 250 back."""
    h = env.login("floor1", FLOOR_PW)
    r = env.client.post("/api/rulings", json={**E13_850, "profile": "kojack"}, headers=h)
    assert r.status_code == 200, r.text
    assert (r.json()["action"], r.json()["change"]) == ("call", 250)
    assert all(i.startswith("KPC-") for i in r.json()["rule_ids"])


def test_dealer_of_the_tournament_may_ask(env: Env, tid: str) -> None:
    """A dealer signed in at a table of this tournament gets rulings; nobody signed in
    gets 401; no CSRF header 403."""
    env.login()
    pin = env.client.get(f"/api/tournaments/{tid}/tables/1/pin").json()["pin"]
    env.logout()
    assert env.client.post(f"/api/tournaments/{tid}/ruling", json=E13_850).status_code == 401
    r = env.client.post("/api/dealer/login", json={"tournament": tid, "table": 1, "pin": pin})
    h = {"X-CSRF-Token": r.json()["csrf"]}
    assert env.client.post(f"/api/tournaments/{tid}/ruling", json=E13_850).status_code == 403
    r = env.client.post(f"/api/tournaments/{tid}/ruling", json=E13_850, headers=h)
    assert r.status_code == 200, r.text


@pytest.mark.parametrize(
    "bad",
    [
        {"stack": -1},
        {"pot": 10**13},
        {"declared": "x" * 201},
        {"chips": ["5" * 401]},
        {"chips": ["1000"] * 11},
        {"chips": ["lots"]},
        {"chips": ["100000000"]},
        {"to_call": 900, "bet": 600},
        {"variant": "stud"},
        {"surprise": 1},
        {"profile": "nowhere"},
    ],
)
def test_every_field_has_a_limit(env: Env, bad: dict[str, object]) -> None:
    """Out-of-range or malformed fields are 4xx with a sentence, never a 500."""
    h = env.login("floor1", FLOOR_PW)
    r = env.client.post("/api/rulings", json={**E13_850, **bad}, headers=h)
    assert r.status_code in (404, 422), r.text
    assert r.json()["message"]


def test_unknown_tournament_is_404(env: Env) -> None:
    h = env.login("floor1", FLOOR_PW)
    r = env.client.post("/api/tournaments/nope/ruling", json=E13_850, headers=h)
    assert r.status_code == 404


def test_SPOT_3d6_checked_out_of_turn_no_raise_over_the_api(env: Env) -> None:
    """SPOT-3d6 reachable over the API: a player who checked out of turn earlier may not
    raise on his next turn ("raise 3000" facing 1,000 is a call); acted_behind is capped."""
    h = env.login("floor1", FLOOR_PW)
    body = {"to_call": 1_000, "pot": 2_000, "stack": 30_000, "big_blind": 400,
            "declared": "raise 3000", "checked_oot": True, "profile": "spotlight"}  # fmt: skip
    r = env.client.post("/api/rulings", json=body, headers=h)
    assert r.status_code == 200, r.text
    assert (r.json()["action"], r.json()["amount"]) == ("call", 1_000)
    assert "SPOT-3d6" in r.json()["rule_ids"]
    r = env.client.post("/api/rulings", json={**body, "acted_behind": 11}, headers=h)
    assert r.status_code == 422, r.text
