"""Pushes: SSE snapshots to displays on every change, each new event on the WebSocket."""

from __future__ import annotations

import json
import threading
import time

import pytest

from pokertd.tournament.framework import Undo

from .conftest import Env


def _snapshots(env: Env, url: str, count: int, then: threading.Timer) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    with env.client.stream("GET", url) as r:
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("text/event-stream")
        then.start()
        for line in r.iter_lines():
            if line.startswith("data: "):
                out.append(json.loads(line[6:]))
                if len(out) == count:
                    break
    then.join()
    return out


def test_sse_pushes_a_snapshot_after_each_change(env: Env, tid: str) -> None:
    timer = threading.Timer(0.3, lambda: env.service.run(tid, Undo(), actor="floor1"))
    snaps = _snapshots(env, f"/api/tournaments/{tid}/stream?limit=2", 2, timer)
    first, second = snaps
    assert isinstance(first["seq"], int)
    assert isinstance(second["seq"], int)
    assert second["seq"] == first["seq"] + 1
    assert "clock" in first
    assert "status" in first


def test_sse_public_stream_has_no_staff_fields(env: Env, tid: str) -> None:
    timer = threading.Timer(0, lambda: None)
    (snap,) = _snapshots(env, f"/api/tournaments/{tid}/stream?limit=1", 1, timer)
    assert "log" not in snap
    assert "undo" not in snap
    assert "players" not in snap  # phones search through the API; the push stays small
    players = env.client.get(f"/api/tournaments/{tid}/players", params={"q": "a"}).json()
    assert players == []  # two letters at least
    name = env.client.get(f"/api/tournaments/{tid}").json()["players"][0]["name"]
    (row,) = env.client.get(f"/api/tournaments/{tid}/players", params={"q": name}).json()
    assert row["name"] == name
    assert row["table"] is not None
    assert "member" not in row


def test_staff_stream_needs_a_login(env: Env, tid: str) -> None:
    assert env.client.get(f"/api/tournaments/{tid}/stream?audience=staff").status_code == 401
    assert env.client.get("/api/tournaments/nope/stream?limit=1").status_code == 404


def test_websocket_pushes_each_new_event(env: Env, tid: str) -> None:
    env.login("floor1", "floor-pass-1")
    with env.client.websocket_connect(f"/api/tournaments/{tid}/ws") as ws:
        assert ws.receive_json()["type"] == "hello"
        time.sleep(0.1)
        env.service.run(tid, Undo(), actor="floor1")
        msg = ws.receive_json()
        assert msg["type"] == "events"
        (event,) = msg["events"]
        assert event["type"] == "command_undone"
        assert event["actor"] == "floor1"
        assert event["text"].startswith("Undid")


def test_websocket_refuses_the_public(env: Env, tid: str) -> None:
    from starlette.websockets import WebSocketDisconnect

    with (
        pytest.raises(WebSocketDisconnect) as caught,
        env.client.websocket_connect(f"/api/tournaments/{tid}/ws") as ws,
    ):
        ws.receive_json()
    assert caught.value.code == 4403
