"""Pushes: SSE snapshots, then patches, to displays on every change; each new event on the
WebSocket."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest

from pokertd.tournament.eliminations import Bust
from pokertd.tournament.framework import Undo
from pokertd.web.hub import merge_apply

from .conftest import Env


def _snapshots(env: Env, url: str, count: int, then: threading.Timer) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    with env.client.stream("GET", url) as r:
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("text/event-stream")
        then.start()
        kind = ""
        for line in r.iter_lines():
            if line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("data: ") and kind != "hello":  # the protocol's version
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


TIMING = ("server_time", "wake_in")
"""Members that follow the wall clock (a later view differs there without any change)."""


def _frames(env: Env, url: str, count: int, then: threading.Timer) -> list[tuple[str, Any]]:
    """``(event, data)`` of the first ``count`` SSE events of ``url``."""
    out: list[tuple[str, Any]] = []
    kind = ""
    with env.client.stream("GET", url) as r:
        assert r.status_code == 200
        then.start()
        for line in r.iter_lines():
            if line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("data: ") and kind != "hello":  # the protocol's version
                out.append((kind, json.loads(line[6:])))
                if len(out) == count:
                    break
    then.join()
    return out


def _timeless(view: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in view.items() if k not in TIMING}
    clock = dict(out.get("clock") or {})
    for k in (
        "at",
        "seconds_left",
        "next_break_in",
        "registration_closes_in",
        "rebuys_close_in",
        "play_seconds",
    ):
        clock.pop(k, None)
    out["clock"] = clock
    return out


def test_sse_sends_the_view_then_patches_that_rebuild_it(env: Env, tid: str) -> None:
    """Issue 12 (send what changed): a snapshot first, then for each bust an RFC 7386 patch
    whose base is the previous seq; the patches applied in order give the same view as a
    new connection's snapshot, and each is smaller than the whole view."""
    names = [p["name"] for p in env.client.get(f"/api/tournaments/{tid}").json()["players"]]

    def bust_two() -> None:
        for name in names[:2]:
            time.sleep(0.1)
            env.service.run(tid, Bust(players=(name,)), actor="floor1")

    timer = threading.Timer(0.3, bust_two)
    frames = _frames(env, f"/api/tournaments/{tid}/stream?limit=3", 3, timer)
    assert [kind for kind, _ in frames] == ["snapshot", "patch", "patch"]
    model = frames[0][1]
    for _, push in frames[1:]:
        assert push["base"] == model["seq"]
        assert push["seq"] == model["seq"] + 1
        assert len(json.dumps(push["patch"])) < len(json.dumps(model)) / 2
        model = merge_apply(model, push["patch"])
    assert model["status"]["alive"] == frames[0][1]["status"]["alive"] - 2
    ((kind, fresh),) = _frames(env, f"/api/tournaments/{tid}/stream?limit=1", 1, _noop())
    assert kind == "snapshot"
    assert _timeless(model) == _timeless(fresh)


def test_sse_patches_0_sends_the_whole_view_every_time(env: Env, tid: str) -> None:
    timer = threading.Timer(0.3, lambda: env.service.run(tid, Undo(), actor="floor1"))
    frames = _frames(env, f"/api/tournaments/{tid}/stream?limit=2&patches=0", 2, timer)
    assert [kind for kind, _ in frames] == ["snapshot", "snapshot"]
    assert frames[1][1]["seq"] == frames[0][1]["seq"] + 1
    assert "status" in frames[1][1]  # a whole view, not a patch


def _noop() -> threading.Timer:
    return threading.Timer(0, lambda: None)


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
