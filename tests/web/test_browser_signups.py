"""Sign-ups from phones to the desk (issue 26, "done means", point 1) in Debian's chromium
against a real ``pokertd serve``: 40 players sign up (3 from phone-sized pages, 37 through
the staff API), 34 hold places and 6 wait, 3 withdraw (one from the phone) and the first 3
waiting move up, the director opens check-in for group 1 only (a group-2 phone has no
check-in button and is told so), then for every group; 30 check in from their phones (27
of them send the personal page's form from the phone's browser context without drawing the
page, to keep the test short), the desk seats each with one tap "Paid & seat", and the 4
no-shows are released: the last 3 waiting get places. Screenshots of the sign-up page, the
personal page (place, waiting list, check-in open, withdrawn, seated) at 390x844 and
1024x768 and the staff card at 1024x768 go to ``tests/.artifacts/signup/``."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

from .servers import page_command, page_create, page_sign_in
from .test_browser import (  # noqa: F401  (fixtures)
    ARTIFACTS,
    PASSWORD,
    browser,
    pytestmark,
    server,
)

SHOTS = ARTIFACTS / "signup"


def _shot(page: Any, name: str, *, sizes: tuple[tuple[int, int], ...] = ((390, 844),)) -> None:
    for w, h in sizes:
        page.set_viewport_size({"width": w, "height": h})
        page.screenshot(path=str(SHOTS / f"{name}_{w}x{h}.png"), full_page=True)


BOTH = ((390, 844), (1024, 768))


def test_forty_sign_up_six_wait_thirty_check_in_and_are_seated(
    server: str,  # noqa: F811
    browser: Any,  # noqa: F811
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    desk = browser.new_page(viewport={"width": 1024, "height": 768})
    errors: list[str] = []
    desk.on("pageerror", lambda e: errors.append(str(e)))
    token = page_sign_in(desk, server, PASSWORD)
    headers = {"X-CSRF-Token": token, "Content-Type": "application/json"}
    tid = page_create(desk, server, token, "Tuesday Club Night", "kpc_nlh")
    release = (datetime.now(UTC) - timedelta(minutes=1)).isoformat(timespec="seconds")
    page_command(
        desk, server, token, tid, "set_sign_ups",
        {"capacity": 34, "group_size": 10, "release_at": release},
    )  # fmt: skip

    # The lobby links the event's sign-up page.
    desk.goto(f"{server}/lobby")
    desk.wait_for_selector(".lobby-signup")
    assert desk.get_attribute(".lobby-signup", "href") == f"/t/{tid}/signup"

    # Three players sign up from their phones (Kojack asks for the member number, KPC-57).
    phone_ctx = browser.new_context(viewport={"width": 390, "height": 844})
    phone = phone_ctx.new_page()
    phone.on("pageerror", lambda e: errors.append(str(e)))
    links: list[str] = []
    for n in range(1, 4):
        phone.goto(f"{server}/t/{tid}/signup")
        if n == 1:
            _shot(phone, "signup_page", sizes=BOTH)
            phone.set_viewport_size({"width": 390, "height": 844})
        phone.fill("input[name=name]", f"Player {n:02d}")
        phone.fill("input[name=card]", f"K{n:03d}")
        if n == 1:
            phone.fill("input[name=contact]", "player01@example.org")
        phone.click("#signup-form button")
        phone.wait_for_selector("#mine-message")
        links.append(phone.url)
    assert phone.inner_text("#mine-message") == (
        "You have place 3 of 34. Check-in is not open yet for your group."
    )
    _shot(phone, "personal_place", sizes=BOTH)

    # 37 more through the staff API (the desk signing players up for them).
    for n in range(4, 41):
        r = desk.request.post(
            f"{server}/api/tournaments/{tid}/signups",
            data=json.dumps({"name": f"Player {n:02d}", "card": f"K{n:03d}"}),
            headers=headers,
        )
        assert r.status == 201, r.text()
        links.append(server + r.json()["link"])
    board = desk.request.get(f"{server}/api/tournaments/{tid}/signups").json()
    assert (board["places"], board["waiting"]) == (34, 6)
    phone.goto(links[34])  # Player 35
    assert phone.inner_text("#mine-message") == "You are next on the waiting list."
    _shot(phone, "personal_waitlist", sizes=BOTH)

    # The public page names nobody.
    public = phone_ctx.request.get(f"{server}/t/{tid}/signup").text()
    assert "34 of 34 places taken · 6 on the waiting list" in public
    assert "Player 0" not in public
    assert "player01@example.org" not in public

    # Three withdraw: Player 03 from the phone, Players 10 and 20 at the desk.
    phone.goto(links[2])
    phone.click("#mine-withdraw")
    phone.wait_for_selector(".status-withdrawn")
    assert phone.inner_text("#mine-message").startswith("You withdrew.")
    _shot(phone, "personal_withdrawn", sizes=BOTH)
    for sid in ("S10", "S20"):
        page_command(desk, server, token, tid, "withdraw_sign_up", {"signup": sid})
    board = desk.request.get(f"{server}/api/tournaments/{tid}/signups").json()
    placed = [ln["name"] for ln in board["lines"] if ln["place"]]
    assert placed[-3:] == ["Player 35", "Player 36", "Player 37"]
    assert [ln["name"] for ln in board["lines"] if ln["waitlist"]] == [
        "Player 38",
        "Player 39",
        "Player 40",
    ]

    # Check-in opens for group 1 only, on the staff card.
    desk.goto(f"{server}/t/{tid}/signups")
    desk.fill("#signups-window input[name=group]", "1")
    desk.click("#signups-open")
    desk.wait_for_selector("#signups-list")
    assert "Open: 1" in desk.inner_text("#signups-window")
    phone.goto(links[10])  # Player 11, group 2
    assert phone.query_selector("#mine-checkin") is None
    assert "Check-in is not open yet for your group." in phone.inner_text("#mine-message")
    phone.goto(links[0])
    assert phone.is_visible("#mine-checkin")
    _shot(phone, "personal_checkin_open", sizes=BOTH)
    for group in ("2", "3", "4"):
        page_command(desk, server, token, tid, "open_check_in", {"group": group})

    # 30 check in from their phones: everyone holding places 1-30 (S34-S37 never come).
    arriving = [n for n in range(1, 34) if n not in (3, 10, 20)]
    assert len(arriving) == 30
    for n in arriving[:3]:  # tapping the button
        phone.goto(links[n - 1])
        phone.click("#mine-checkin")
        phone.wait_for_selector("text=You are checked in")
    csrf = next(c["value"] for c in phone_ctx.cookies() if c["name"] == "pokertd_csrf")
    for n in arriving[3:]:  # the same form, sent by the phone without drawing the page
        r = phone_ctx.request.post(links[n - 1], form={"do": "checkin", "csrf_token": csrf})
        assert r.status == 200, r.text()
        assert "You are checked in" in r.text()
    board = desk.request.get(f"{server}/api/tournaments/{tid}/signups").json()
    assert board["checked_in"] == 30

    # The desk: one tap each; the tables are drawn after the first two, so each later tap
    # seats the player at once (C3).
    desk.goto(f"{server}/t/{tid}/signups")
    _shot(desk, "console_card_checked_in", sizes=((1024, 768),))
    for i, n in enumerate(arriving):
        desk.click(f"#seat-S{n}")
        desk.wait_for_selector(f"tr[data-signup=S{n}].status-seated")
        if i == 1:
            page_command(desk, server, token, tid, "draw_seats", {})
    staff = desk.request.get(f"{server}/api/tournaments/{tid}/staff").json()
    seated = [p for p in staff["players"] if p.get("table")]
    assert len(seated) == 30
    phone.goto(links[0])
    assert phone.inner_text("#mine-message") == "You are in: entry E1. Good luck!"
    href = phone.get_attribute("#mine-player", "href")
    assert href.startswith(f"/t/{tid}/player#name=Player+01&entry=E1&player="), href
    phone.click("#mine-player")  # the clock page knows who this is: no "This is me"
    phone.wait_for_selector("#my-seat .my-place")
    assert phone.inner_text("#my-seat .my-name") == "Player 01"
    phone.goto(links[0])
    _shot(phone, "personal_seated", sizes=BOTH)

    # No-shows released: S34-S37 lose their places, the last three waiting get them.
    desk.goto(f"{server}/t/{tid}/signups")
    desk.click("#signups-release")
    desk.wait_for_selector("tr[data-signup=S34].status-released")
    board = desk.request.get(f"{server}/api/tournaments/{tid}/signups").json()
    released = [ln["name"] for ln in board["lines"] if ln["status"] == "released"]
    assert released == ["Player 34", "Player 35", "Player 36", "Player 37"]
    assert [ln["name"] for ln in board["lines"] if ln["place"] and ln["status"] == "listed"] == [
        "Player 38",
        "Player 39",
        "Player 40",
    ]
    assert board["waiting"] == 0
    _shot(desk, "console_card_released", sizes=((1024, 768),))
    assert errors == []
