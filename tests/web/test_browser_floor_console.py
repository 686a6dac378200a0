"""The floor console on a tablet (1024x768), in Debian's chromium: the table map is the home
view and fits about two screens; a bust takes two taps on the map; the moves the rules
require show up by themselves after busts and are confirmed from that prompt (the console
asks for the button with a tap where none was drawn); a table break is confirmed with
"Confirm all"; "Draw buttons"; chip counts for one table. Screenshots at 1024x768, 1280x800
and 768x1024 go to ``tests/.artifacts/`` (ignored by git)."""

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


def _view(page: Any, base: str, tid: str) -> dict[str, Any]:
    data: dict[str, Any] = page.request.get(f"{base}/api/tournaments/{tid}/staff").json()
    return data


def _tables(page: Any, base: str, tid: str) -> dict[int, dict[str, Any]]:
    return {t["table"]: t for t in _view(page, base, tid)["tables"]}


def test_floor_console_on_a_tablet(server: str, browser: Any) -> None:  # noqa: F811
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda d: d.accept())
    token = page_sign_in(page, server, PASSWORD)
    tid = page_create(page, server, token, "Tablet night", "fox_wed_80")
    for n in range(1, 41):
        page_command(
            page,
            server,
            token,
            tid,
            "register",
            {"name": f"Guest {n:02d}", "member": f"C{n:03d}", "age_ok": True},
        )
    page_command(page, server, token, tid, "draw_seats", {})
    tables = _tables(page, server, tid)
    assert len(tables) >= 4
    assert all(t["button"] is None for t in tables.values())  # a real event: no buttons yet

    page.goto(f"{server}/t/{tid}/floor")
    page.wait_for_selector("#table-map .table-box")
    assert page.locator("#table-map .table-box").count() == len(tables)
    height = page.evaluate("() => document.documentElement.scrollHeight")
    assert height <= 2 * 768 + 100, height  # the home view: about two screens, not 16,000 px

    for size, name in (((1024, 768), "1024x768"), ((1280, 800), "1280x800")):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.screenshot(path=str(ARTIFACTS / f"floor_console_{name}.png"))
    page.set_viewport_size({"width": 768, "height": 1024})
    page.screenshot(path=str(ARTIFACTS / "floor_console_768x1024.png"))
    page.set_viewport_size({"width": 1024, "height": 768})

    # a bust from the table map in two taps: the seat, then "Bust"
    first = min(tables)
    seats = sorted(tables[first]["seats"], key=lambda s: s["seat"])
    alive = _view(page, server, tid)["status"]["alive"]
    for victim in seats[:3]:
        page.click(f"#table-{first} button.seat[data-seat='{victim['seat']}']")
        with page.expect_response(lambda r: r.url.endswith("/commands/bust")) as resp:
            page.click("#bust-confirm")
        assert resp.value.status == 200, resp.value.text()
        page.wait_for_selector("#seat-sheet", state="hidden")
    assert _view(page, server, tid)["status"]["alive"] == alive - 3

    # the move is due by itself; the from-table has no button: the console asks for it
    page.wait_for_selector("#moves-due", state="visible")
    page.screenshot(path=str(ARTIFACTS / "floor_console_move_due_1024x768.png"))
    due = _view(page, server, tid)["moves_due"]
    assert len(due["moves"]) == 1, due
    assert due["rule_ids"], due
    source = due["moves"][0]["from_table"]
    page.wait_for_selector("#ask-button", state="visible")
    assert page.is_disabled("#confirm-due")
    button_seat = min(s["seat"] for s in _tables(page, server, tid)[source]["seats"])
    with page.expect_response(lambda r: r.url.endswith("/commands/place_button")) as resp:
        page.click(f"#table-{source} button.seat[data-seat='{button_seat}']")
    assert resp.value.status == 200, resp.value.text()
    page.wait_for_selector("#ask-button", state="detached")
    with page.expect_response(lambda r: r.url.endswith("/commands/confirm_plan")) as resp:
        page.click("#confirm-due")
    assert resp.value.status == 200, resp.value.text()
    page.wait_for_selector("#moves-prompt", state="hidden")
    counts = sorted(t["players"] for t in _tables(page, server, tid).values())
    assert counts[-1] - counts[0] <= 2, counts

    # "Draw buttons" for every table still without one
    with page.expect_response(lambda r: r.url.endswith("/commands/draw_buttons")) as resp:
        page.click("#btn-draw_buttons")
    assert resp.value.status == 200, resp.value.text()
    assert all(t["button"] is not None for t in _tables(page, server, tid).values())

    # seven more busts (two a table) so the players fit at one table fewer; then break the
    # last table: its moves wait; "Confirm all" makes them in one command
    for t in _tables(page, server, tid).values():
        for s in t["seats"][:2]:
            if _view(page, server, tid)["status"]["alive"] > 30:
                page_command(page, server, token, tid, "bust", {"players": [s["name"]]})
    assert _view(page, server, tid)["status"]["alive"] == 30
    last = max(_tables(page, server, tid))
    before = len(_tables(page, server, tid))
    page.click(f"#table-{last} .break-table")
    page.wait_for_selector("#confirm-all", state="visible")
    page.screenshot(path=str(ARTIFACTS / "floor_console_break_1024x768.png"))
    slip = page.request.get(f"{server}/t/{tid}/print/moves")
    assert slip.status == 200
    assert "Move slips" in slip.text()
    with page.expect_response(lambda r: r.url.endswith("/commands/confirm_plan")) as resp:
        page.click("#confirm-all")
    assert resp.value.status == 200, resp.value.text()
    after = _tables(page, server, tid)
    assert len(after) == before - 1
    assert last not in after
    assert _view(page, server, tid)["pending_moves"] == []

    # chip counts for one table: the form writes RecordChips; the players list shows them
    table = min(after)
    page.click(f"#table-{table} .chips-table")
    page.wait_for_selector("#chips-sheet", state="visible")
    inputs = page.locator("#chips-sheet input.chip-input")
    n = inputs.count()
    assert n == after[table]["players"]
    for i in range(n):
        inputs.nth(i).fill(str(20_000 + 1_000 * i))
    with page.expect_response(lambda r: r.url.endswith("/commands/record_chips")) as resp:
        page.click("#chips-save")
    assert resp.value.status == 200, resp.value.text()
    page.wait_for_selector("#chips-sheet", state="hidden")
    stacks = {p["name"]: p["stack"] for p in _view(page, server, tid)["players"]}
    seated = sorted(_tables(page, server, tid)[table]["seats"], key=lambda s: s["seat"])
    assert stacks[seated[0]["name"]] == 20_000
    page.click("#tab-players")
    page.fill("#player-search", seated[0]["name"])
    page.wait_for_function(
        "() => [...document.querySelectorAll('#players td')]"
        ".some(td => td.textContent === '20,000')"
    )
    page.screenshot(path=str(ARTIFACTS / "floor_console_players_1024x768.png"))
    # on a phone the Players tab fits the screen: a row's buttons go under it (issue 23:
    # the list was 596 px wide at 390 and the page scrolled sideways)
    page.fill("#player-search", "")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(150)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    row = page.locator("#players tbody tr").first
    row.scroll_into_view_if_needed()
    assert row.locator("button.bust").is_visible()
    page.screenshot(path=str(ARTIFACTS / "floor_console_players_390x844.png"))
    assert errors == []
    page.close()
