"""The results mail end to end: ``pokertd serve`` with the operator's mail settings, a real
local SMTP server, and the console card in chromium (issue 26, point 3).

The night (``conftest.py``) is recorded before the server starts; the server's background
sender finds it in the log and mails Bob and Cy once each. The director's card shows both
sent, "Send again" for Bob sends one more, recorded. Screenshots at 1024x768 and 390x844
go to ``tests/.artifacts/mail/``.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from web.servers import serve_process, signed_in
from web.test_browser import ARTIFACTS, CHROMIUM, browser

from .conftest import SmtpServer, Venue

__all__ = ["browser"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"no chromium at {CHROMIUM}"),
]

PASSWORD = "mail-night-1"
SHOTS = ARTIFACTS / "mail"


def _wait_for(smtp: SmtpServer, count: int) -> None:
    for _ in range(600):  # the sender runs in the background (at most 30 s)
        if len(smtp.received()) >= count:
            return
        time.sleep(0.05)


def test_the_server_mails_the_night_and_the_card_shows_it(
    tmp_path: Path, smtp: SmtpServer, browser: Any
) -> None:
    db = tmp_path / "night.db"
    venue = Venue(now=datetime.now(UTC), url=f"sqlite:///{db}")  # finished just now
    tid = venue.night()
    venue.service.close()
    smtp.start()
    env = {
        "POKERTD_SMTP_HOST": "127.0.0.1",
        "POKERTD_SMTP_PORT": str(smtp.port),
        "POKERTD_SMTP_SECURITY": "none",
        "POKERTD_MAIL_FROM": "results@club.example",
        "POKERTD_MAIL_REPLY_TO": "director@club.example",
        "POKERTD_PUBLIC_URL": "https://poker.club.example",
    }
    with serve_process(["--db", f"sqlite:///{db}"], tmp_path, password=PASSWORD, env=env) as served:
        _wait_for(smtp, 2)
        assert sorted(str(m["X-RcptTo"]) for m in smtp.received()) == [
            "bob@example.org",
            "cy@example.org",
        ]
        SHOTS.mkdir(parents=True, exist_ok=True)
        page, errors = signed_in(browser, served.base, PASSWORD)
        page.goto(f"{served.base}/t/{tid}/mail")
        page.wait_for_selector("#mail-outbox")
        states = page.locator("#mail-outbox td.mail-state").all_inner_texts()
        assert len(states) == 2
        assert all(s.split()[0] == "sent" for s in states), states
        assert page.locator("#mail-message").inner_text() == "2 sent."
        page.screenshot(path=str(SHOTS / "mail-card-1024x768.png"), full_page=True)
        page.locator("tr", has_text="Bob Ray").get_by_role("button", name="Send again").click()
        page.wait_for_selector("#mail-requests")
        _wait_for(smtp, 3)
        assert sorted(str(m["X-RcptTo"]) for m in smtp.received()) == [
            "bob@example.org",
            "bob@example.org",
            "cy@example.org",
        ]
        page.reload()
        assert "director" in page.locator("#mail-requests").inner_text()
        page.screenshot(path=str(SHOTS / "mail-card-sent-again-1024x768.png"), full_page=True)
        phone = browser.new_page(viewport={"width": 390, "height": 844})
        phone.context.add_cookies(page.context.cookies())
        page.set_viewport_size({"width": 390, "height": 844})
        page.reload()
        page.screenshot(path=str(SHOTS / "mail-card-390x844.png"), full_page=True)
        phone.close()
        assert errors == []
