"""A H.O.R.S.E. event on the TV and the dealer's view in a real browser (issue 28).

The ``horse`` template (the ``horse`` structure: a game each level) is seated, its clock
started and set to level 3, razz at limits 200/400 with an ante of 25 and a bring-in of 50;
level 4 is seven card stud at 300/600, ante 50, bring-in 75 (WSOPE 2007 #1 ratios). The TV
at 1920x1080 shows the game over its limits, the stud amounts under them and the next
level's game; no region overlaps another. The dealer's view at 1024x768 reads the level and
the next one the same way and marks no blinds in a stud level. Screenshots go to
``tests/.artifacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pokertd.app.tournaments import open_service
from pokertd.tournament.clock import SetLevel, StartClock
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.seating import DrawButtons, DrawSeats
from pokertd.tournament.templates import load_template

from .servers import running_server
from .test_browser_tv import check_screen

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[1] / ".artifacts"
PASSWORD = "horse-night-1"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(), reason=f"chromium is not installed at {CHROMIUM}"
    ),
]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """``pokertd serve`` over a 20-player HORSE event at level 3: (base URL, id)."""
    db = tmp_path_factory.mktemp("horse") / "horse.db"
    service = open_service(f"sqlite:///{db}")
    try:
        tid = service.create(
            CreateTournament(name="H.O.R.S.E. Thursday", template=load_template("horse")),
            actor="t",
        )
        for i in range(20):
            service.run(tid, Register(name=f"Player {i:02d}", member=f"H{i}", age_ok=True))
        service.run(tid, DrawSeats(), actor="t")
        service.run(tid, DrawButtons(), actor="t")
        service.run(tid, StartClock(), actor="t")
        service.run(tid, SetLevel(level=3), actor="t")
    finally:
        service.close()
    with running_server(db, PASSWORD) as base:
        yield base, tid


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        yield b
        b.close()


def test_horse_tv_and_dealer_show_the_game_now_and_next(
    served: tuple[str, str], browser: Any
) -> None:
    base, tid = served
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    errors: list[str] = []

    tv = browser.new_page(viewport={"width": 1920, "height": 1080})
    tv.on("pageerror", lambda e: errors.append(str(e)))
    tv.goto(f"{base}/t/{tid}/tv")
    tv.wait_for_function("() => window.Alpine !== undefined")
    tv.wait_for_selector("#tv-game")
    if tv.is_visible("#tv-sound"):
        tv.click("#tv-sound")
    assert tv.inner_text("#tv-game") == "Razz"
    assert tv.inner_text("#tv-blinds") == "200\u00a0/\u00a0400"
    assert tv.inner_text("#tv-ante").replace("\u00a0", " ") == "ante 25 · bring-in 50"
    assert tv.inner_text(".tv-next").replace("\u00a0", " ").split("\n") == [
        "Seven card stud",
        "300 / 600 · ante 50 · bring-in 75",
    ]
    check_screen(tv, "main", (1920, 1080))
    tv.screenshot(path=str(ARTIFACTS / "horse-tv-1920.png"))

    staff = browser.new_context(viewport={"width": 1024, "height": 768})
    login = staff.request.post(f"{base}/api/login", data={"name": "director", "password": PASSWORD})
    assert login.ok, login.text()
    dealer = staff.new_page()
    dealer.on("pageerror", lambda e: errors.append(str(e)))
    dealer.goto(f"{base}/t/{tid}/dealer/1")
    dealer.wait_for_selector("#dealer-seats li")
    level = dealer.inner_text("#dealer-level").replace("\u00a0", " ")
    assert level == "Level 3 · Razz 200 / 400 · ante 25 · bring-in 50"
    nxt = " ".join(dealer.inner_text("#dealer-next").replace("\u00a0", " ").split())
    assert nxt.endswith("Level 4 · Seven card stud 300 / 600 · ante 50 · bring-in 75")
    roles = dealer.locator("#dealer-seats .seat-role:visible").all_inner_texts()
    assert roles == ["D"]  # the button stays where it is; razz posts no blinds
    assert dealer.evaluate("document.documentElement.scrollWidth") <= 1024
    dealer.screenshot(path=str(ARTIFACTS / "horse-dealer-1024.png"), full_page=True)
    assert errors == []
