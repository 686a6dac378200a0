"""Cancelling an event (SPOT-6.22) in Debian's chromium: the console's Danger zone shows
the refunds it will record, the director confirms with a reason, and the console, the TV
and a player's phone say "Cancelled: <reason>" (the phone with that player's own refund).
Screenshots go to ``tests/.artifacts/cancel/`` (1024x768 console, 1920x1080 TV, 390x844
phone)."""

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

SHOTS = ARTIFACTS / "cancel"


def test_SPOT_6_22_cancel_from_the_danger_zone_tv_and_phone(server: str, browser: Any) -> None:  # noqa: F811
    """Kojack's $100 + $20, 10 players ($1,200 taken): the confirmation reads "Refund
    $1,200 to 10 players" with "Buy-ins $1,200" and each player's $120; after the
    cancel the console's banner, the TV and the phone of "Player 03" (who picked himself:
    "You get back $120") show the reason; the TV shows no per-player money."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    token = page_sign_in(page, server, PASSWORD)
    tid = page_create(page, server, token, "Tuesday NLH", "kpc_nlh")
    for n in range(10):
        body = {"name": f"Player {n:02d}", "member": f"K{n:03d}", "age_ok": True}
        page_command(page, server, token, tid, "register", {**body, "member_ok": True})

    page.goto(f"{server}/t/{tid}/floor")
    page.click("#tab-money")
    page.wait_for_selector("#btn-cancel-event", state="visible")
    page.click("#btn-cancel-event")
    page.wait_for_selector("#cancel-confirm", state="visible")
    title = page.inner_text("#cancel-confirm-title")
    assert title == "Cancel the event? Refund $1,200 to 10 players"
    assert page.inner_text("#cancel-kinds") == "Buy-ins $1,200"
    assert "Player 00\t$120\t$120" in page.inner_text("#cancel-confirm table")
    assert page.is_disabled("#cancel-confirm-go")  # a reason first
    page.fill("#cancel-reason", "Power cut: the card room is closed")
    page.locator("#cancel-confirm").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "console_confirm_1024x768.png"))
    with page.expect_response(lambda r: r.url.endswith("/commands/cancel_event")) as resp:
        page.click("#cancel-confirm-go")
    assert resp.value.status == 200, resp.value.text()
    page.wait_for_selector("#cancelled-banner", state="visible")
    banner = page.inner_text("#cancelled-banner")
    assert "Cancelled: Power cut: the card room is closed" in banner
    assert "Refunds $1,200 (Buy-ins $1,200)" in banner
    assert page.inner_text("#floor-cancelled") == "Cancelled"
    assert page.locator("#clock-main").count() == 0  # no clock button on a cancelled event
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / "console_cancelled_1024x768.png"))

    tv = browser.new_page(viewport={"width": 1920, "height": 1080})
    tv.on("pageerror", lambda e: errors.append(str(e)))
    tv.goto(f"{server}/t/{tid}/tv")
    tv.wait_for_selector("#tv-cancelled", state="visible")
    text = tv.inner_text("#tv-cancelled")
    assert "Cancelled: Power cut: the card room is closed" in text
    assert "$120" not in text  # no per-player money on the TV
    assert not tv.is_visible("#tv-end")
    tv.screenshot(path=str(SHOTS / "tv_1920x1080.png"))

    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.on("pageerror", lambda e: errors.append(str(e)))
    phone.goto(f"{server}/t/{tid}/player")
    phone.evaluate(
        "(tid) => localStorage.setItem('pokertd.me.' + tid,"
        " JSON.stringify({name: 'Player 03', entry: null}))",
        tid,
    )
    phone.reload()
    phone.wait_for_selector("#phone-refund", state="visible")
    assert phone.inner_text("#phone-cancelled-reason") == (
        "Cancelled: Power cut: the card room is closed"
    )
    assert phone.inner_text("#phone-refund") == "You get back $120 at the cashier"
    assert not phone.is_visible("#phone-clock")
    assert not phone.is_visible("#payouts")  # no prizes in a cancelled event
    phone.screenshot(path=str(SHOTS / "phone_390x844.png"), full_page=True)
    assert errors == []
