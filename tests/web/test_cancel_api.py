"""Cancelling an event through the API (SPOT-6.22): the command route built from the one
command schema, the director's role, the staff's confirmation plan equal to what is applied,
the public view's cancellation, refusals afterwards (nothing written) and undo."""

from __future__ import annotations

from .conftest import FLOOR_PW, Env


def test_SPOT_6_22_cancel_through_the_api(env: Env, tid: str) -> None:
    """The staff view's ``cancel_plan`` (the confirmation) equals the refunds the command
    records; a floorperson may not cancel (403); a reason over 500 characters is refused by
    the schema (422); once cancelled the public view says why and each player's refund, a
    registration is refused (nothing written) and undo brings the night back. The lobby
    board (``/lobby.json``) carries the cancellation too."""
    hf = env.login("floor1", FLOOR_PW)
    url = f"/api/tournaments/{tid}/commands/cancel_event"
    r = env.client.post(url, json={"reason": "Power cut"}, headers=hf)
    assert r.status_code == 403, r.text
    env.logout()
    h = env.login()
    staff = env.client.get(f"/api/tournaments/{tid}/staff").json()
    plan = staff["cancel_plan"]
    assert plan["refunds_cents"] + plan["prizes_paid_cents"] == plan["money_taken_cents"]
    r = env.client.post(url, json={"reason": "x" * 501}, headers=h)
    assert r.status_code == 422, r.text
    r = env.client.post(url, json={"reason": "Power cut"}, headers=h)
    assert r.status_code == 200, r.text
    assert r.json()["events"][0]["type"] == "event_cancelled"
    public = env.client.get(f"/api/tournaments/{tid}").json()
    gone = public["cancelled"]
    assert gone["reason"] == "Power cut"
    assert gone["refunds_cents"] == plan["refunds_cents"]
    everyone = {p["name"]: p["refund_cents"] for p in gone["players"]}
    assert len(everyone) == plan["players_count"]
    assert len(plan["players"]) == min(12, plan["players_count"])  # the confirmation's rows
    assert all(everyone[p["name"]] == p["refund_cents"] for p in plan["players"])
    [board] = [b for b in env.client.get("/lobby.json").json() if b["tournament"] == tid]
    assert board["cancelled"]["reason"] == "Power cut"  # the lobby board says so too
    seq = public["seq"]
    r = env.client.post(
        f"/api/tournaments/{tid}/commands/register",
        json={"name": "Late Larry", "member": "77", "age_ok": True},
        headers=h,
    )
    assert r.status_code >= 400, r.text
    assert "This event was cancelled (Power cut)" in r.text
    assert env.client.get(f"/api/tournaments/{tid}").json()["seq"] == seq
    r = env.client.post(f"/api/tournaments/{tid}/commands/undo", json={}, headers=h)
    assert r.status_code == 200, r.text
    again = env.client.get(f"/api/tournaments/{tid}").json()
    assert "cancelled" not in again
