"""The floor's seat tools in Debian's chromium at 1024x768 (issue 12): tap a seat, "Away" ->
the seat is dimmed with the minutes away and, at Spotlight, the pickup rule (SPOT-2b15, G4);
tap it again, "Back"; "Move…" then an empty seat on the map (two taps) -> the player sits
there (FOX-6/FOX-8 manual override, KPC-8d seat checks in the core); the dealer view marks
away seats. The web app manifest's PNG icons are fetched from the real server (older
Android browsers ignore SVG icons). Screenshots go to ``tests/.artifacts/`` (ignored)."""

from __future__ import annotations

import json
import struct
from typing import Any

from .servers import page_command, page_create, page_sign_in
from .test_browser import (  # noqa: F401  (fixtures)
    ARTIFACTS,
    PASSWORD,
    browser,
    pytestmark,
    server,
)

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _tables(page: Any, base: str, tid: str) -> dict[int, dict[str, Any]]:
    view = page.request.get(f"{base}/api/tournaments/{tid}/staff").json()
    return {t["table"]: t for t in view["tables"]}


def _seat_of(tables: dict[int, dict[str, Any]], name: str) -> tuple[int, dict[str, Any]]:
    for number, t in tables.items():
        for s in t["seats"]:
            if s["name"] == name:
                return number, s
    raise AssertionError(f"{name} has no seat")


def test_away_back_and_move_from_the_map(server: str, browser: Any) -> None:  # noqa: F811
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    token = page_sign_in(page, server, PASSWORD)
    tid = page_create(page, server, token, "Karaoke seats", "spot_league")
    for n in range(1, 13):
        body = {"name": f"Singer {n:02d}", "member": f"S{n:03d}", "age_ok": True}
        page_command(page, server, token, tid, "register", {**body, "member_ok": True})
    page_command(page, server, token, tid, "draw_seats", {})
    tables = _tables(page, server, tid)
    first = min(tables)
    target = max(tables)
    assert first != target

    page.goto(f"{server}/t/{tid}/floor")
    page.wait_for_selector("#table-map .table-box")
    victim = min(tables[first]["seats"], key=lambda s: s["seat"])
    seat_css = f"#table-{first} button.seat[data-seat='{victim['seat']}']"

    # Away: tap the seat, then "Away" -> dimmed, minutes away shown
    page.click(seat_css)
    with page.expect_response(lambda r: r.url.endswith("/commands/mark_absent")) as resp:
        page.click("#sheet-away")
    assert resp.value.status == 200, resp.value.text()
    page.wait_for_selector(f"{seat_css}.away")
    assert page.inner_text(f"{seat_css} .away-tag") == "away 0m"
    opacity = page.eval_on_selector(seat_css, "e => Number(getComputedStyle(e).opacity)")
    assert opacity < 0.9, opacity  # dimmed
    seat = _seat_of(_tables(page, server, tid), victim["name"])[1]
    assert seat["pickup_minutes"] == 15  # Spotlight: SPOT-2b15
    assert seat["away_since"]
    page.screenshot(path=str(ARTIFACTS / "seat_tools_away_1024x768.png"))

    # the seat's sheet now offers "Back" and says the venue's pickup rule
    page.click(seat_css)
    page.wait_for_selector("#sheet-back", state="visible")
    assert page.is_hidden("#sheet-away")
    line = page.inner_text("#sheet-away-line")
    assert line == "Away 0 min. Chips may be picked up after 15 minutes away (SPOT-2b15).", line
    page.screenshot(path=str(ARTIFACTS / "seat_tools_sheet_1024x768.png"))
    with page.expect_response(lambda r: r.url.endswith("/commands/mark_present")) as resp:
        page.click("#sheet-back")
    assert resp.value.status == 200, resp.value.text()
    page.wait_for_selector(f"{seat_css}:not(.away)")
    assert "away_since" not in _seat_of(_tables(page, server, tid), victim["name"])[1]

    # Move…: tap the seat, "Move…", then an empty seat of the other table (two taps)
    taken = {s["seat"] for s in _tables(page, server, tid)[target]["seats"]}
    empty = min(set(range(1, 10)) - taken)
    page.click(seat_css)
    page.click("#sheet-move")
    page.wait_for_selector("#moving-banner", state="visible")
    empty_css = f"#table-{target} button.seat[data-seat='{empty}']"
    page.wait_for_selector(f"{empty_css}.target")
    page.screenshot(path=str(ARTIFACTS / "seat_tools_moving_1024x768.png"))
    with page.expect_response(lambda r: r.url.endswith("/commands/move_player")) as resp:
        page.click(empty_css)
    assert resp.value.status == 200, resp.value.text()
    page.wait_for_selector("#moving-banner", state="hidden")
    number, seat = _seat_of(_tables(page, server, tid), victim["name"])
    assert (number, seat["seat"]) == (target, empty)
    page.wait_for_selector(f"{empty_css}:not(.empty)")
    assert victim["name"] in page.inner_text(empty_css)
    assert page.locator(f"{seat_css}.empty").count() == 1
    page.screenshot(path=str(ARTIFACTS / "seat_tools_moved_1024x768.png"))

    # the dealer view of that table marks an away seat
    page_command(page, server, token, tid, "mark_absent", {"player": victim["name"]})
    dealer = browser.new_page(viewport={"width": 390, "height": 844})
    dealer.context.add_cookies(page.context.cookies())
    dealer.goto(f"{server}/t/{tid}/dealer/{target}")
    dealer.wait_for_selector("#dealer-seats li.away")
    assert dealer.locator("#dealer-seats li.away").count() == 1
    assert victim["name"] in dealer.inner_text("#dealer-seats li.away")
    dealer.screenshot(path=str(ARTIFACTS / "seat_tools_dealer_390.png"))
    dealer.close()
    assert errors == []


def _png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk (the first chunk after the signature)."""
    assert data[:8] == PNG_SIGNATURE
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def test_manifest_png_icons_from_a_real_server(server: str, browser: Any) -> None:  # noqa: F811
    """192x192 and 512x512 PNGs are listed in the manifest, served as image/png, and the
    player page links an apple-touch-icon PNG."""
    page = browser.new_page()
    manifest = page.request.get(f"{server}/manifest.webmanifest").json()
    pngs = {i["sizes"]: i["src"] for i in manifest["icons"] if i["type"] == "image/png"}
    assert pngs == {"192x192": "/static/icon-192.png", "512x512": "/static/icon-512.png"}
    for sizes, src in pngs.items():
        r = page.request.get(f"{server}{src}")
        assert r.status == 200
        assert r.headers["content-type"] == "image/png"
        width, height = _png_size(r.body())
        assert f"{width}x{height}" == sizes
    token = page_sign_in(page, server, PASSWORD)
    created = page.request.post(
        f"{server}/api/tournaments",
        data=json.dumps({"name": "Icons", "template": "kpc_nlh"}),
        headers={"X-CSRF-Token": token, "Content-Type": "application/json"},
    )
    tid = created.json()["tournament"]
    html = page.request.get(f"{server}/t/{tid}/player").text()
    assert '<link rel="apple-touch-icon" sizes="192x192" href="/static/icon-192.png">' in html
