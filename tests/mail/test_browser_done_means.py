"""Issue 26, "done means", end to end: one night through every part that issue added, in
Debian's chromium against a real ``pokertd serve`` with the operator's mail settings and a
real local SMTP server (aiosmtpd, ``conftest.py``).

The night: Kojack's NLH (``kpc_nlh``: $100 to the prize pool, $20 admin fee, KPC-57) in the
Tuesday league's autumn season, sign-ups for 34 places in check-in groups of 10.

1. 40 sign up (Players 01-03 from a 390x844 phone page, 04-40 through the staff API;
   Players 01, 02, 04 and 05 give a mail address): 34 hold places, 6 wait. Players 03
   (from the phone), 10 and 20 withdraw: 35-37 move up, 38-40 wait. Check-in opens for
   group 1 (a group-2 phone has no button), then for all; the 30 holding places 1-33 but 3,
   10, 20 check in from their phones, the desk seats each with one tap "Paid & seat"
   (tables drawn after the first two). The no-shows 34-37 are released: 38-40 get places;
   Player 38 checks in and is seated too. 31 entries.
2. Registration closes, six players at the other tables go out, and the highest table
   breaks (KPC-6d, KPC-8a..c); one of its players, waiting for the floor to confirm,
   opens "Open the clock and my table" on the personal sign-up page (``/s/{id}/{token}``)
   at 390x844: the clock page knows who it is (no search, no "This is me"). The floor
   confirms on the console, the slip reaches the clock page and the personal page, where
   the player taps "I'm here"; the clock page hears it.
3. Everyone else busts (no knockouts), finishing 5th Player 06, 4th Player
   05, 3rd Player 04, 2nd Player 02; Player 01 wins (the night is over, G2).

Prizes by hand: Kojack has no table of its own, so the TDA column's generic curve applies
(``generic``: pays ceil(15 % x 31) = 5 places, each the min-cash = the $100 buy-in, the
rest of the pool on 1/place; TDA withholds 0 %). Net pool 31 x $100 = $3,100.00; the rest
$3,100 - 5 x $100 = $2,600 over weights 1, 1/2, 1/3, 1/4, 1/5 (sum 137/60): 1st $100 +
$1,138.686 = $1,238.69, 2nd $100 + $569.343 = $669.34, 3rd $100 + $379.562 = $479.56, 4th
$384.67, 5th $327.74 (to the cent, $3,100.00 in all).

League points (fixed 10, 7, 5, 3, 2; +1 for playing, 0 a knockout): Player 01 11, Player 02
8, Player 04 6.

The results page, the league standings embedded in an iframe on a club page of another
origin, and every mail (to Players 01, 02, 04, 05, one each, with their own place, prize
and points) show these same places. Screenshots of the phone slip and the results page at
390x844 and 1024x768 go to ``tests/.artifacts/done/``.
"""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from web.servers import other_origin, page_command, page_create, page_sign_in, serve_process
from web.test_browser import ARTIFACTS, CHROMIUM, browser

from .conftest import SmtpServer
from .test_results_mail import _text

__all__ = ["browser"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"no chromium at {CHROMIUM}"),
]

PASSWORD = "done-means-1"
SHOTS = ARTIFACTS / "done"
PHONE = {"width": 390, "height": 844}
SIZES = ((390, 844), (1024, 768))
MAIL = {1: "p01@example.org", 2: "p02@example.org", 4: "p04@example.org", 5: "p05@example.org"}
TOP = [
    ("1", "Player 01", "$1,238.69"),
    ("2", "Player 02", "$669.34"),
    ("3", "Player 04", "$479.56"),
]
POINTS = [("1", "Player 01", "11"), ("2", "Player 02", "8"), ("3", "Player 04", "6")]
OWN = {
    "p01@example.org": ("1st and won $1,238.69", 11),
    "p02@example.org": ("2nd and won $669.34", 8),
    "p04@example.org": ("3rd and won $479.56", 6),
    "p05@example.org": ("4th and won $384.67", 4),
}
"""Each mail's own line and league points (the docstring's prizes and points)."""
LEAGUE = {
    "key": "tuesday",
    "name": "Tuesday League",
    "points": {"kind": "fixed", "table": [10, 7, 5, 3, 2], "knockout_points": 0,
               "attendance_points": 1},
    "season": {"key": "autumn", "name": "Autumn 2026"},
}  # fmt: skip


def _cells(rows: Any, n: int) -> list[tuple[str, ...]]:
    """The first three cells of the first ``n`` rows."""
    out = []
    for i in range(n):
        td = rows.nth(i).locator("td")
        out.append(tuple(td.nth(j).inner_text().strip() for j in range(3)))
    return out


def _shots(page: Any, name: str) -> None:
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.screenshot(path=str(SHOTS / f"{name}-{w}x{h}.png"), full_page=True)
    page.set_viewport_size(PHONE)


def test_forty_sign_up_a_slip_reaches_a_phone_and_every_face_shows_the_same_places(
    tmp_path: Path, smtp: SmtpServer, browser: Any
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    smtp.start()
    env = {
        "POKERTD_SMTP_HOST": "127.0.0.1",
        "POKERTD_SMTP_PORT": str(smtp.port),
        "POKERTD_SMTP_SECURITY": "none",
        "POKERTD_MAIL_FROM": "results@club.example",
        "POKERTD_PUBLIC_URL": "https://poker.club.example",
    }
    db = f"sqlite:///{tmp_path / 'done.db'}"
    with serve_process(["--db", db], tmp_path, password=PASSWORD, env=env) as served:
        base = served.base
        errors: list[str] = []
        desk = browser.new_page(viewport={"width": 1024, "height": 768})
        desk.on("pageerror", lambda e: errors.append(str(e)))
        token = page_sign_in(desk, base, PASSWORD)
        headers = {"X-CSRF-Token": token, "Content-Type": "application/json"}

        def post(path: str, body: dict[str, Any]) -> Any:
            r = desk.request.post(f"{base}{path}", data=json.dumps(body), headers=headers)
            assert r.status in (200, 201), r.text()
            return r.json()

        def run(name: str, body: dict[str, Any]) -> Any:
            return page_command(desk, base, token, tid, name, body)

        # 1. the league, its season holding the event; sign-ups in groups of 10
        tid = page_create(desk, base, token, "Tuesday Club Night", "kpc_nlh")
        post("/api/leagues", LEAGUE)
        post("/api/leagues/tuesday/seasons/autumn/events", {"tournament": tid})
        release = (datetime.now(UTC) - timedelta(minutes=1)).isoformat(timespec="seconds")
        run("set_sign_ups", {"capacity": 34, "group_size": 10, "release_at": release})

        # 2. 40 sign up: three from a phone, the rest through the staff API
        phone_ctx = browser.new_context(viewport=PHONE, is_mobile=True)
        phone = phone_ctx.new_page()
        phone.on("pageerror", lambda e: errors.append(str(e)))
        links: dict[int, str] = {}
        for n in (1, 2, 3):
            phone.goto(f"{base}/t/{tid}/signup")
            phone.fill("input[name=name]", f"Player {n:02d}")
            phone.fill("input[name=card]", f"K{n:03d}")
            if n in MAIL:
                phone.fill("input[name=contact]", MAIL[n])
            phone.click("#signup-form button")
            phone.wait_for_selector("#mine-message")
            links[n] = phone.url
        for n in range(4, 41):
            body = {"name": f"Player {n:02d}", "card": f"K{n:03d}", "contact": MAIL.get(n, "")}
            links[n] = base + post(f"/api/tournaments/{tid}/signups", body)["link"]
        board = desk.request.get(f"{base}/api/tournaments/{tid}/signups").json()
        assert (board["places"], board["waiting"]) == (34, 6)

        # three withdraw: Player 03 from the phone, 10 and 20 at the desk
        phone.goto(links[3])
        phone.click("#mine-withdraw")
        phone.wait_for_selector(".status-withdrawn")
        for sid in ("S10", "S20"):
            run("withdraw_sign_up", {"signup": sid})
        board = desk.request.get(f"{base}/api/tournaments/{tid}/signups").json()
        assert [ln["name"] for ln in board["lines"] if ln["waitlist"]] == [
            "Player 38",
            "Player 39",
            "Player 40",
        ]

        # the window opens by groups: group 1 first, a group-2 phone waits
        run("open_check_in", {"group": "1"})
        phone.goto(links[11])
        assert phone.query_selector("#mine-checkin") is None
        for group in ("2", "3", "4"):
            run("open_check_in", {"group": group})

        # 30 check in from their phones (the first by tapping, the rest by the same form)
        arriving = [n for n in range(1, 34) if n not in (3, 10, 20)]
        phone.goto(links[1])
        phone.click("#mine-checkin")
        phone.wait_for_selector("text=You are checked in")
        csrf = next(c["value"] for c in phone_ctx.cookies() if c["name"] == "pokertd_csrf")

        def check_in(n: int) -> None:
            r = phone_ctx.request.post(links[n], form={"do": "checkin", "csrf_token": csrf})
            assert r.status == 200, r.text()
            assert "You are checked in" in r.text()

        for n in arriving[1:]:
            check_in(n)

        # the desk seats each with one tap; the tables are drawn after the first two
        desk.goto(f"{base}/t/{tid}/signups")

        def seat(n: int) -> None:
            desk.click(f"#seat-S{n}")
            desk.wait_for_selector(f"tr[data-signup=S{n}].status-seated")

        for i, n in enumerate(arriving):
            seat(n)
            if i == 1:
                run("draw_seats", {})

        # the no-shows are released to the waiting list; the first of it comes and is seated
        desk.click("#signups-release")
        desk.wait_for_selector("tr[data-signup=S34].status-released")
        board = desk.request.get(f"{base}/api/tournaments/{tid}/signups").json()
        assert [ln["name"] for ln in board["lines"] if ln["status"] == "released"] == [
            f"Player {n}" for n in (34, 35, 36, 37)
        ]
        assert board["waiting"] == 0
        check_in(38)
        desk.reload()
        seat(38)
        staff = desk.request.get(f"{base}/api/tournaments/{tid}/staff").json()
        seated = [p for p in staff["players"] if p.get("table")]
        assert len(seated) == 31

        # 3. registration closes, six go out at the other tables, and the last table breaks
        run("close_registration", {})
        last = max(p["table"] for p in seated)
        order = ["Player 06", "Player 05", "Player 04", "Player 02"]
        others = [p["name"] for p in seated if p["name"] not in {*order, "Player 01"}]
        early = [p["name"] for p in seated if p["name"] in others and p["table"] != last][:6]
        for name in early:
            run("bust", {"players": [name]})
        run("break_table", {"table": last})
        staff = desk.request.get(f"{base}/api/tournaments/{tid}/staff").json()
        mover = next(
            m["name"]
            for m in staff["pending_moves"]
            if m["reason"] == "break_table" and m["from_table"] == last
        )  # a move the break waits for (a balancing move of the random draw would not do)
        # the mover opens the clock from the personal sign-up page: its link says who this
        # is, so the clock page shows the seat without a search and "This is me"
        phone.goto(links[int(mover.split()[-1])])
        phone.click("#mine-player")
        place = phone.locator("#my-seat .my-place")
        place.wait_for(timeout=10000)
        assert place.inner_text().startswith(f"Table {last}, seat ")
        floor = browser.new_page(viewport={"width": 1024, "height": 768})
        floor.context.add_cookies(desk.context.cookies())
        floor.goto(f"{base}/t/{tid}/floor")
        floor.wait_for_selector("#confirm-all", state="visible")
        with floor.expect_response(lambda r: "/commands/" in r.url) as confirmed:
            floor.click("#confirm-all")
        assert confirmed.value.status == 200, confirmed.value.text()
        staff = desk.request.get(f"{base}/api/tournaments/{tid}/staff").json()
        (row,) = [p for p in staff["players"] if p["name"] == mover]
        slip = phone.locator("#my-slips .slip")
        slip.wait_for(state="visible", timeout=10000)
        assert f"Table {row['table']} · Seat {row['seat']}" in slip.inner_text()
        assert f"From table {last}" in slip.inner_text()
        _shots(phone, "phone-slip")
        # the same slip on the player's personal sign-up page, where "I'm here" is tapped;
        # the clock page on the phone hears it (pushed)
        personal = phone_ctx.new_page()
        personal.on("pageerror", lambda e: errors.append(str(e)))
        personal.goto(links[int(mover.split()[-1])])
        current = personal.locator(".mine-slip:not(.muted)").inner_text()
        assert f"Go to table {row['table']} seat {row['seat']}" in current
        assert f"Table {last} breaks" in current
        _shots(personal, "personal-slip")
        personal.click(".mine-slip:not(.muted) button[id^=mine-here-]")
        personal.wait_for_selector("text=You said you are there.")
        phone.locator("#my-slips .slip.done").wait_for(timeout=10000)
        assert "You said you are here" in phone.inner_text("#my-slips")

        # 4. the night ends: everyone else busts, Player 01 wins
        for name in [*(n for n in others if n not in early), *order]:
            run("bust", {"players": [name]})

        # 5. the results page, the embedded standings, the mails: the same places
        page = browser.new_page(viewport=PHONE)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{base}/t/{tid}/results")
        assert page.locator("#rs-status").inner_text() == "Final results: Player 01 won."
        assert _cells(page.locator("#rs-table tbody tr"), 3) == TOP
        _shots(page, "results")
        club = (
            "<!doctype html><meta charset=utf-8><title>Club</title><h1>Our poker club</h1>"
            f'<iframe id=standings src="{base}/embed/leagues/tuesday" width=360 height=480>'
            "</iframe>"
        )
        (tmp_path / "club").mkdir()
        with other_origin(tmp_path / "club", club) as site:
            page.goto(site)
            standings = page.frame_locator("#standings").locator("#em-standings tbody tr")
            standings.first.wait_for()
            assert _cells(standings, 3) == POINTS
            page.screenshot(path=str(SHOTS / "club-site-embed-390x844.png"), full_page=True)

        for _ in range(600):  # the background sender (at most 30 s)
            if len(smtp.received()) >= len(MAIL):
                break
            time.sleep(0.05)
        mails = smtp.received()
        assert sorted(str(m["X-RcptTo"]) for m in mails) == sorted(MAIL.values())
        for m in mails:
            text = _text(m)
            own, points = OWN[str(m["X-RcptTo"])]
            assert f"(31 entries).\nYou finished {own}.\n" in text, text
            assert f"League points for this event: {points}." in text, text
            for place, name, prize in TOP:
                assert f"{place}  {name}  {prize}" in text, text
            assert f"All results: https://poker.club.example/t/{tid}/results" in text
        assert errors == []
