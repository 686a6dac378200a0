"""The floor console's Undo/Redo: they name the batch, a stale press is a 409, and undoing a
director's command needs the director (issue 10)."""

from __future__ import annotations

from pokertd.tournament.penalties import GivePenalty, PenaltyKind

from .conftest import FLOOR_PW, Env


def test_console_undo_names_the_batch_and_a_second_press_is_stale(env: Env, tid: str) -> None:
    h = env.login("floor1", FLOOR_PW)
    name = env.client.get(f"/api/tournaments/{tid}/staff").json()["players"][0]["name"]
    r = env.client.post(
        f"/api/tournaments/{tid}/commands/bust", json={"players": [name]}, headers=h
    )
    assert r.status_code == 200, r.text
    view = env.client.get(f"/api/tournaments/{tid}/staff").json()
    nxt = view["undo_next"]
    assert nxt["command"].startswith(f"Busted {name}")
    assert nxt["batch"] == r.json()["events"][0]["seq"]
    assert view["redo_next"] is None
    url = f"/api/tournaments/{tid}/commands/undo"
    first = env.client.post(url, json={"batch": nxt["batch"]}, headers=h)
    assert first.status_code == 200, first.text
    second = env.client.post(url, json={"batch": nxt["batch"]}, headers=h)
    assert second.status_code == 409
    assert second.json()["error"] == "stale"
    assert "Refresh and try again" in second.json()["message"]
    after = env.client.get(f"/api/tournaments/{tid}/staff").json()
    assert after["redo_next"] == nxt
    assert after["status"]["alive"] == 12
    undone = [
        e
        for e in env.client.get(f"/api/tournaments/{tid}/events").json()
        if e["type"] == "command_undone"
    ]
    assert len(undone) == 1


def test_floor_cannot_undo_a_directors_disqualification_over_the_api(env: Env, tid: str) -> None:
    name = env.client.get(f"/api/tournaments/{tid}").json()["players"][0]["name"]
    records = env.service.run(
        tid,
        GivePenalty(player=name, kind=PenaltyKind.DISQUALIFICATION, reason="abuse"),
        actor="director",
    )
    batch = records[0].batch
    h = env.login("floor1", FLOOR_PW)
    r = env.client.post(f"/api/tournaments/{tid}/commands/undo", json={"batch": batch}, headers=h)
    assert r.status_code == 403
    assert "director" in r.json()["message"]
    assert f"{name} disqualified" in r.json()["message"]
    env.logout()
    h = env.login()
    r = env.client.post(f"/api/tournaments/{tid}/commands/undo", json={"batch": batch}, headers=h)
    assert r.status_code == 200, r.text
