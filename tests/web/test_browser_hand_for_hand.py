"""Hand-for-hand on the floor console (1024x768), in Debian's chromium (issue 22, B10).

The head of the console shows "HAND FOR HAND" with what comes next: in the money, the
sentence and its "End hand-for-hand" button; once the night is finished, nothing of
hand-for-hand beside "Finished · winner" (the banner used to stay), on the console, the TV
(1920x1080), the dealer's phone and a player's phone (390x844) alike, the last bust made in a
hand-for-hand hand. A screenshot of each goes to ``tests/.artifacts/`` (ignored by git).
"""

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


def test_B10_hand_for_hand_on_the_console_until_the_night_is_finished(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    token = page_sign_in(page, server, PASSWORD)
    tid = page_create(page, server, token, "Bubble night", "fox_grinder")
    names = [f"Guest {n:02d}" for n in range(1, 9)]  # FOX-PTAB: 8 entries pay 2 places
    for name in names:
        body = {"name": name, "member": f"C{name[-2:]}", "age_ok": True}
        page_command(page, server, token, tid, "register", body)
    for name in ("draw_seats", "start_clock", "close_registration"):
        page_command(page, server, token, tid, name, {})
    for name in names[:6]:
        page_command(page, server, token, tid, "bust", {"players": [name]})
    page_command(page, server, token, tid, "hand_for_hand", {"on": True})

    page.goto(f"{server}/t/{tid}/floor")
    page.wait_for_selector("#floor-hfh", state="visible")
    assert page.inner_text("#floor-hfh-note").startswith(
        "In the money (2 left, 2 paid): end hand-for-hand."
    )
    assert page.is_visible("#floor-hfh-end")
    page.screenshot(path=str(ARTIFACTS / "hfh-in-the-money-1024x768.png"))

    tv = browser.new_page(viewport={"width": 1920, "height": 1080})
    tv.goto(f"{server}/t/{tid}/tv")
    tv.wait_for_selector(".hfh:has-text('HAND FOR HAND')", state="visible")
    table = page.request.get(f"{server}/api/tournaments/{tid}/staff").json()["tables"][0]
    dealer = browser.new_page(viewport={"width": 390, "height": 844})
    page_sign_in(dealer, server, PASSWORD)  # a dealer's view needs a staff session
    dealer.goto(f"{server}/t/{tid}/dealer/{table['table']}")
    dealer.wait_for_selector(".hfh:has-text('Hand for hand')", state="visible")

    page_command(page, server, token, tid, "bust", {"players": [names[6]]})
    page.wait_for_selector("#floor-finished", state="visible")
    page.wait_for_selector("#floor-hfh", state="hidden")
    assert page.inner_text("#floor-finished") == f"Finished · winner {names[7]}"
    assert not page.is_visible("#floor-hfh-note")
    page.screenshot(path=str(ARTIFACTS / "hfh-finished-1024x768.png"))
    # The TV, the dealer and a phone: the end, and no hand-for-hand beside it.
    tv.wait_for_selector("#tv-end", state="visible")
    dealer.wait_for_selector("#dealer-done", state="visible")
    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.goto(f"{server}/t/{tid}/player")
    phone.wait_for_selector("#phone-end", state="visible")
    for screen, shot in (
        (tv, "tv-1920x1080"),
        (dealer, "dealer-390x844"),
        (phone, "phone-390x844"),
    ):
        assert "hand for hand" not in screen.inner_text("body").lower(), shot
        screen.screenshot(path=str(ARTIFACTS / f"hfh-finished-{shot}.png"))
    assert errors == []
