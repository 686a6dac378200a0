"""Hand-for-hand from the dealer view: each table's dealer reports "hand finished" (FOX-HFH)."""

from __future__ import annotations

from typing import Any

from .conftest import Env


def _dealer(env: Env, tid: str, table: int, pin: str) -> dict[str, str]:
    env.logout()
    r = env.client.post("/api/dealer/login", json={"tournament": tid, "table": table, "pin": pin})
    assert r.status_code == 200, r.text
    return {"X-CSRF-Token": r.json()["csrf"]}


def _clock(env: Env, tid: str) -> dict[str, Any]:
    clock: dict[str, Any] = env.client.get(f"/api/tournaments/{tid}").json()["clock"]
    return clock


def test_FOX_HFH_each_dealer_reports_and_the_last_table_takes_2_00_off(env: Env, tid: str) -> None:
    h = env.login()
    tables = sorted(
        t["table"]
        for t in env.client.get(f"/api/tournaments/{tid}").json()["tables"]
        if any(s.get("name") for s in t.get("seats", []))
    )
    assert len(tables) >= 2
    pins = {
        n: env.client.get(f"/api/tournaments/{tid}/tables/{n}/pin").json()["pin"] for n in tables
    }
    r = env.client.post(
        f"/api/tournaments/{tid}/commands/hand_for_hand", json={"on": True}, headers=h
    )
    assert r.status_code == 200, r.text
    before = _clock(env, tid)
    assert before["hand_for_hand"]
    assert before["hfh_waiting"] == tables

    first, *rest = tables
    h = _dealer(env, tid, first, pins[first])
    assert "Hand finished" in env.client.get(f"/t/{tid}/dealer/{first}").text
    url = f"/api/tournaments/{tid}/commands/table_hand_finished"
    r = env.client.post(url, json={"table": str(rest[0])}, headers=h)
    assert r.status_code == 403, r.text  # not this dealer's table
    r = env.client.post(url, json={"table": str(first)}, headers=h)
    assert r.status_code == 200, r.text
    r = env.client.post(url, json={"table": str(first)}, headers=h)
    assert r.status_code in (409, 422), r.text
    assert "FOX-HFH" in r.text
    assert _clock(env, tid)["hfh_waiting"] == rest
    assert _clock(env, tid)["seconds_left"] == before["seconds_left"]
    for n in rest:
        h = _dealer(env, tid, n, pins[n])
        r = env.client.post(url, json={"table": str(n)}, headers=h)
        assert r.status_code == 200, r.text
    after = _clock(env, tid)
    assert after["seconds_left"] == before["seconds_left"] - 120
    assert after["hfh_waiting"] == tables  # the next hand-for-hand hand
