"""Keep apart on the floor console (SPOT-2c3) in Debian's chromium, 1024x768 and 390x844:
the director names two players on the Players tab, the group is listed, the seat draw puts
them at different tables, "Remove" lifts it. Screenshots go to ``tests/.artifacts/``."""

from __future__ import annotations

from typing import Any

from .servers import page_command, page_create, page_sign_in
from .test_browser import (  # noqa: F401  (fixtures)
    ARTIFACTS,
    PASSWORD,
    browser,
    pytestmark,
    server,
)


def test_SPOT_2c3_keep_apart_from_the_players_tab(server: str, browser: Any) -> None:  # noqa: F811
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    token = page_sign_in(page, server, PASSWORD)
    tid = page_create(page, server, token, "Karaoke apart", "spot_league")
    for n in range(1, 13):
        body = {"name": f"Singer {n:02d}", "member": f"S{n:03d}", "age_ok": True}
        page_command(page, server, token, tid, "register", {**body, "member_ok": True})

    page.goto(f"{server}/t/{tid}/floor")
    page.click("#tab-players")
    page.wait_for_selector("#keep-apart-card", state="visible")
    assert "SPOT-2c3" in page.inner_text("#keep-apart-card h2")
    page.fill("#keep-apart-a", "Singer 01")
    page.fill("#keep-apart-b", "Singer 02")
    page.fill("#keep-apart-note", "married")
    with page.expect_response(lambda r: r.url.endswith("/commands/keep_apart")) as resp:
        page.click("#keep-apart-run")
    assert resp.value.status == 200, resp.value.text()
    page.wait_for_selector("#keep-apart-list li")
    assert "Group 1: Singer 01, Singer 02 (married)" in page.inner_text("#keep-apart-list")
    assert page.input_value("#keep-apart-a") == ""
    page.screenshot(path=str(ARTIFACTS / "keep_apart_1024x768.png"))

    page_command(page, server, token, tid, "draw_seats", {})
    staff = page.request.get(f"{server}/api/tournaments/{tid}/staff").json()
    tables = staff["keep_apart"]["groups"][0]["tables"]
    assert tables[0] != tables[1]
    page.wait_for_function(
        "() => document.querySelector('#keep-apart-list').innerText.includes('(table')"
    )
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(ARTIFACTS / "keep_apart_390x844.png"), full_page=True)

    with page.expect_response(lambda r: r.url.endswith("/commands/let_sit_together")) as resp:
        page.click("#keep-apart-list button")
    assert resp.value.status == 200, resp.value.text()
    page.wait_for_selector("#keep-apart-list li", state="detached")
    assert errors == []
