"""The wall screens over HTTP (issue 27, point 3): who may arrange the room, what a TV is
told, images served with their own type, refusals as sentences (never a 500)."""

from __future__ import annotations

import io
import json
from typing import Any

from PIL import Image

from .conftest import FLOOR_PW, Env

BAR: dict[str, Any] = {
    "name": "bar room",
    "columns": 4,
    "rows": 2,
    "panels": [
        {"kind": "clock", "col": 0, "row": 0, "width": 3, "height": 2},
        {"kind": "sponsor", "col": 3, "row": 0, "height": 2, "options": {"image": "logo"}},
    ],
}


def _png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (320, 180), (0, 90, 40)).save(out, format="PNG")
    return out.getvalue()


def test_a_tv_registers_by_name_and_gets_its_assignment(env: Env, tid: str) -> None:
    r = env.client.get("/api/screens/screen%203/show")
    assert r.status_code == 200
    assert (r.json()["layout"]["name"], r.json()["events"]) == ("clock", [])
    csrf = env.login("floor1", FLOOR_PW)  # the floor assigns screens
    r = env.client.post(
        "/api/screens/screen%203/assign", json={"layout": "payouts", "events": [tid]}, headers=csrf
    )
    assert r.status_code == 200, r.text
    env.logout()
    shown = env.client.get("/api/screens/screen%203/show").json()
    assert (shown["layout"]["name"], shown["events"]) == ("payouts", [tid])
    page = env.client.get("/screen/screen%203")
    assert page.status_code == 200
    assert 'id="screen-view"' in page.text


def test_the_public_cannot_assign_and_the_floor_cannot_save_layouts(env: Env, tid: str) -> None:
    r = env.client.post("/api/screens/x/assign", json={"layout": "clock", "events": [tid]})
    assert r.status_code == 401
    csrf = env.login("floor1", FLOOR_PW)
    r = env.client.post("/api/screens/layouts", content=json.dumps(BAR), headers=csrf)
    assert r.status_code == 403
    assert r.json()["message"] == (
        "A floor may not save a screen layout: it needs the director role."
    )


def test_images_are_checked_by_their_bytes_and_served_with_their_type(env: Env) -> None:
    csrf = env.login()
    r = env.client.post(
        "/api/screens/images?name=logo", content=b"<svg>not a png</svg>", headers=csrf
    )
    assert r.status_code == 422
    assert "not an image pokertd shows" in r.json()["message"]
    r = env.client.post("/api/screens/images?name=logo", content=_png(), headers=csrf)
    assert r.status_code == 200, r.text
    assert r.json() == {
        "name": "logo",
        "content_type": "image/png",
        "width": 320,
        "height": 180,
        "size": len(_png()),
    }
    env.logout()
    got = env.client.get("/screen-images/logo")
    assert got.headers["content-type"] == "image/png"
    assert got.content == _png()


def test_an_upload_over_the_limit_is_refused_before_it_is_read(env: Env) -> None:
    csrf = env.login()
    r = env.client.post(
        "/api/screens/images?name=big", content=b"\0" * (3 * 1024 * 1024), headers=csrf
    )
    assert r.status_code == 413


def test_save_export_import_a_layout_over_http(env: Env) -> None:
    csrf = env.login()
    env.client.post("/api/screens/images?name=logo", content=_png(), headers=csrf)
    bad = {**BAR, "panels": [*BAR["panels"], {"kind": "qr", "col": 2, "row": 1}]}
    r = env.client.post("/api/screens/layouts", content=json.dumps(bad), headers=csrf)
    assert r.status_code == 422
    assert r.json()["message"] == (
        "Panel 3 (qr) overlaps panel 1 (clock) at column 3, row 2: move or shrink one of them."
    )
    r = env.client.post("/api/screens/layouts", content=json.dumps(BAR), headers=csrf)
    assert r.status_code == 200, r.text
    exported = env.client.get("/api/screens/layouts/bar%20room/export")
    assert "attachment" in exported.headers["content-disposition"]
    body = exported.json()
    assert body["format"] == "pokertd-layout/1"
    r = env.client.post("/api/screens/layouts/bar%20room/delete", headers=csrf)
    assert r.status_code == 200
    r = env.client.post("/api/screens/layouts/import", content=exported.content, headers=csrf)
    assert r.status_code == 200
    names = [lay["name"] for lay in env.client.get("/api/screens/layouts").json()]
    assert names == ["clock", "payouts", "bar room"]


def test_staff_pages_send_the_public_to_sign_in(env: Env) -> None:
    for path in ("/screens", "/screens/editor"):
        r = env.client.get(path, follow_redirects=False)
        assert r.status_code == 303
        assert "/login?next=" in r.headers["location"]
    env.login()
    assert env.client.get("/screens").status_code == 200
    assert env.client.get("/screens/editor").status_code == 200
