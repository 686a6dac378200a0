"""A balancing move the rules hold back, in the floor console of a real browser (C6).

A Foxwoods event (FOX-10A: a moved player never takes the small blind) is built through the
service on a temporary SQLite file: table 1 has 9 players, table 2 (7 seats) lost its seat-3
player with the button on seat 1, so its only open seat is next hand's small blind, and
being three short it is halted (FOX-10D). The console says so in the balancing prompt (the
director may waive the halt for one hand), names both rules and offers no Confirm but
"Hand played at table 2"; after that tap (the button moves on by the rules) the move is
due with one tap, into seat 3 (after one hand the next button's: FOX-10A allows it).
Screenshots at TV, tablet and phone sizes go to ``tests/.artifacts/``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pokertd.app.tournaments import open_service
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.seating import LayTables, PlaceButton, SeatPlayer
from pokertd.tournament.templates import load_template

from .servers import running_server, signed_in
from .test_browser import ARTIFACTS, browser, pytestmark  # noqa: F401

PASSWORD = "blocked-moves-1"
TID = "blocked"
SIZES = ((1920, 1080), (1024, 768), (390, 844))


def _build(db: Path) -> None:
    """9 players at table 1, 6 at table 2 whose only open seat is next hand's small blind."""
    service = open_service(f"sqlite:///{db}")
    try:
        tmpl = load_template("fox_grinder").with_changes(tables=2, seats_per_table=9)
        tid = service.create(
            CreateTournament(name="Tuesday grinder", template=tmpl), tournament_id=TID
        )
        service.run(tid, LayTables(tables=((1, 9), (2, 7))), actor="t")
        names = [f"Player {i:02d}" for i in range(16)]
        for i, name in enumerate(names):
            service.run(tid, Register(name=name, member=f"M-{i}", age_ok=True), actor="t")
        for i, name in enumerate(names):
            service.run(tid, SeatPlayer(player=name, table=1 + i // 9, seat=1 + i % 9), actor="t")
        service.run(tid, PlaceButton(table=1, seat=1), actor="t")
        service.run(tid, PlaceButton(table=2, seat=1), actor="t")
        service.run(tid, Bust(players=(names[11],)), actor="t")  # table 2, seat 3
    finally:
        service.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("blocked") / "blocked.db"
    _build(db)
    with running_server(db, PASSWORD) as base:
        yield base


def test_C6_FOX_10A_the_console_says_why_no_move_is_offered(server: str, browser: Any) -> None:  # noqa: F811
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        page, errors = signed_in(browser, server, PASSWORD, width, height)
        page.goto(f"{server}/t/{TID}/floor")
        due = page.locator("#moves-due")
        due.wait_for()
        text = due.inner_text()
        assert "A player must move to table 2" in text
        assert "next hand's small blind, where a player moved to balance may not sit" in text
        assert "table 2 is halted until balanced: the director may waive the halt" in text
        assert "deal one hand there, then the move is due." in text
        assert page.locator("#hand-played-2").inner_text() == "Hand played at table 2"
        assert "FOX-10A" in text
        assert "FOX-10D" in text
        assert not page.locator("#confirm-due").is_visible()
        assert page.locator("#btn-suggest_moves").is_visible()
        assert page.locator("#btn-draw_seats").count() == 0  # everybody sits (C1)
        box = due.bounding_box()
        assert box is not None
        assert box["x"] >= 0
        assert box["x"] + box["width"] <= width + 1  # the message wraps inside the screen
        page.screenshot(path=str(ARTIFACTS / f"blocked-moves-{width}x{height}.png"))
        assert errors == []
        page.close()


def test_C6_FOX_10A_after_a_hand_there_the_move_is_due(
    server: str,
    browser: Any,  # noqa: F811
) -> None:
    page, errors = signed_in(browser, server, PASSWORD, 1024, 768)
    page.goto(f"{server}/t/{TID}/floor")
    page.locator("#moves-due").wait_for()
    # the director waives the halt and a hand is dealt at table 2: one tap in the prompt
    with page.expect_response(lambda r: r.url.endswith("/commands/play_hands")) as played:
        page.click("#hand-played-2")
    assert played.value.status == 200, played.value.text()
    assert json.loads(played.value.request.post_data or "{}") == {"table": 2, "hands": 1}
    page.wait_for_selector("#confirm-due")
    text = page.locator("#moves-due").inner_text()
    assert "Tables out of balance" in text
    assert "Player 03: table 1 seat 4 → table 2 seat 3 (balance)" in text  # as it is made
    with page.expect_response(lambda r: r.url.endswith("/commands/confirm_plan")) as moved:
        page.click("#confirm-due")
    assert moved.value.status == 200, moved.value.text()
    page.wait_for_selector("#moves-due", state="detached")
    staff = page.request.get(f"{server}/api/tournaments/{TID}/staff").json()
    table2 = next(t for t in staff["tables"] if t["table"] == 2)
    seated = {s["seat"]: s["name"] for s in table2["seats"] if s["name"]}
    assert sorted(seated) == [1, 2, 3, 4, 5, 6, 7]
    assert seated[3] == "Player 03"  # table 1's next big blind (button 1: BB seat 4)
    assert table2["button"] == 3  # one hand on: button 3 (now his), small blind 4
    page.screenshot(path=str(ARTIFACTS / "blocked-moves-done-1024x768.png"))
    assert errors == []
