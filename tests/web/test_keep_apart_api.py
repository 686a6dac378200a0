"""Keep apart through the API (SPOT-2c3): the command route built from the one command
schema, the director's role, its limits, and the groups kept off the public view."""

from __future__ import annotations

from .conftest import FLOOR_PW, Env


def test_SPOT_2c3_keep_apart_through_the_api_staff_only(env: Env, tid: str) -> None:
    """The director keeps two demo players apart ("married"): 200, the staff view
    (``/staff``) lists the group; eleven players are refused by the schema (422, nothing
    written); signed out, the view carries neither the group nor its note; a floorperson
    may not lift it (403), the director may."""
    h = env.login()
    names = [p["name"] for p in env.client.get(f"/api/tournaments/{tid}").json()["players"]]
    url = f"/api/tournaments/{tid}/commands/keep_apart"
    r = env.client.post(url, json={"players": names[:2], "note": "married"}, headers=h)
    assert r.status_code == 200, r.text
    assert r.json()["events"][0]["type"] == "players_kept_apart"
    view = env.client.get(f"/api/tournaments/{tid}/staff").json()
    groups = view["keep_apart"]["groups"]
    assert [(g["group"], g["names"], g["note"]) for g in groups] == [(1, names[:2], "married")]
    seq = view["seq"]
    r = env.client.post(url, json={"players": names[:11]}, headers=h)
    assert r.status_code == 422, r.text
    assert env.client.get(f"/api/tournaments/{tid}").json()["seq"] == seq

    env.logout()
    public = env.client.get(f"/api/tournaments/{tid}")
    assert public.status_code == 200
    assert "keep_apart" not in public.json()
    assert "married" not in public.text

    hf = env.login("floor1", FLOOR_PW)
    r = env.client.post(
        f"/api/tournaments/{tid}/commands/let_sit_together", json={"group": 1}, headers=hf
    )
    assert r.status_code == 403, r.text
    env.logout()
    h = env.login()
    r = env.client.post(
        f"/api/tournaments/{tid}/commands/let_sit_together", json={"group": 1}, headers=h
    )
    assert r.status_code == 200, r.text
    assert env.client.get(f"/api/tournaments/{tid}/staff").json()["keep_apart"]["groups"] == []
