"""What the console shows is what happens (issue 22), in the floor console of a real browser.

A Foxwoods event built through the service on a temporary SQLite file: 21 players drawn at
three tables of 9 (7/7/7), buttons drawn, five busts at table 1, so table 3 is due to break
(C4). The prompt lists its 7 players with the table and seat each is drawn into; the same
rows at every screen size and after a reload (the plan is drawn once for the seating). A
moving player follows himself on his phone. "Confirm all" sends the prompt's plan token
(``confirm_plan``); afterwards the table map shows every one of the 7 in exactly the seat
the prompt named, and his phone's slip names that table and seat.
Screenshots at TV, tablet and phone sizes go to ``tests/.artifacts/``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pokertd.app.tournaments import open_service
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.seating import DrawButtons, DrawSeats, tables_view
from pokertd.tournament.templates import load_template

from .servers import running_server, signed_in
from .test_browser import ARTIFACTS, browser, pytestmark  # noqa: F401

PASSWORD = "floor-plans-1"
TID = "plans"
SIZES = ((1920, 1080), (1024, 768), (390, 844))
ROW = re.compile(r"^(.+): table (\d+) seat (\d+) → table (\d+) seat (\d+) \((.+)\)$")
"""A move of the prompt: ``Name: table 3 seat 2 → table 1 seat 6 (table 3 breaks)``."""


def _build(db: Path) -> None:
    service = open_service(f"sqlite:///{db}")
    try:
        tmpl = load_template("fox_wed_80").with_changes(tables=3, seats_per_table=9)
        tid = service.create(
            CreateTournament(name="Wednesday $80", template=tmpl), tournament_id=TID
        )
        for i in range(21):
            service.run(tid, Register(name=f"Player {i:02d}", member=f"M-{i}", age_ok=True))
        service.run(tid, DrawSeats(), actor="t")
        service.run(tid, DrawButtons(), actor="t")
        first = tables_view(service.state(tid)).tables[0]
        assert (first.table, first.players) == (1, 7)
        for seat in first.seated[:5]:
            service.run(tid, Bust(players=(seat.name,)), actor="t")
    finally:
        service.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("plans") / "plans.db"
    _build(db)
    with running_server(db, PASSWORD) as base:
        yield base


def _prompt(page: Any) -> list[tuple[str, int, int, int, int]]:
    """The prompt's moves as the floor reads them: (name, from table, from seat, to table,
    to seat)."""
    rows = []
    for text in page.locator("#moves-due .move-row.due > span").all_inner_texts():
        m = ROW.match(text.strip())
        assert m, text
        name, ft, fs, tt, ts, why = m.groups()
        assert why == "table 3 breaks"
        rows.append((name, int(ft), int(fs), int(tt), int(ts)))
    return rows


def test_C4_the_table_break_prompt_at_every_size(server: str, browser: Any) -> None:  # noqa: F811
    """The same 7 rows, each with a seat, at TV, tablet and phone size and after a reload;
    the prompt wraps inside the screen."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    seen = []
    for width, height in SIZES:
        page, errors = signed_in(browser, server, PASSWORD, width, height)
        page.goto(f"{server}/t/{TID}/floor")
        due = page.locator("#moves-due")
        due.wait_for()
        assert "Table 3 breaks: its 7 players fit at the other tables." in due.inner_text()
        rows = _prompt(page)
        assert len(rows) == 7
        assert {r[1] for r in rows} == {3}
        assert {r[3] for r in rows} <= {1, 2}
        assert len({(r[3], r[4]) for r in rows}) == 7  # seven different seats
        assert page.locator("#confirm-due").inner_text() == "Confirm all"
        assert page.locator("#due-slip").is_visible()
        box = due.bounding_box()
        assert box is not None
        assert box["x"] + box["width"] <= width + 1
        page.screenshot(path=str(ARTIFACTS / f"floor-plan-break-{width}x{height}.png"))
        page.reload()
        page.locator("#moves-due").wait_for()
        assert _prompt(page) == rows  # drawn once for the seating: the same on a reload
        seen.append(rows)
        assert errors == []
        page.close()
    assert seen[0] == seen[1] == seen[2]


def test_C4_confirm_all_seats_everyone_where_the_prompt_said(
    server: str,
    browser: Any,  # noqa: F811
) -> None:
    page, errors = signed_in(browser, server, PASSWORD, 1024, 768)
    page.goto(f"{server}/t/{TID}/floor")
    page.locator("#moves-due").wait_for()
    rows = _prompt(page)
    assert len(rows) == 7
    token = page.request.get(f"{server}/api/tournaments/{TID}/staff").json()["moves_due"]["plan"]
    # one of the moving players follows himself on his phone
    mover, from_table, from_seat, to_table, to_seat = rows[0]
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    mine = phone.new_page()
    mine.goto(f"{server}/t/{TID}/player")
    mine.fill("#seat-search", mover)
    mine.locator("button.this-is-me").first.click()
    place = mine.locator("#my-seat .my-place")
    place.wait_for()
    assert place.inner_text() == f"Table {from_table}, seat {from_seat}"
    # "Confirm all": the prompt's plan, by its token
    with page.expect_response(lambda r: r.url.endswith("/commands/confirm_plan")) as done:
        page.click("#confirm-due")
    assert done.value.status == 200, done.value.text()
    assert json.loads(done.value.request.post_data or "{}") == {"plan": token}
    page.wait_for_selector("#moves-due", state="detached")
    # the table map shows each of the seven exactly where the prompt said
    for name, _, _, table, seat in rows:
        cell = page.locator(f"#table-{table} .seat[data-seat='{seat}'] .nm")
        assert cell.inner_text() == name, (name, table, seat)
    assert page.locator("#table-3").count() == 0  # table 3 broke
    page.screenshot(path=str(ARTIFACTS / "floor-plan-confirmed-1024x768.png"))
    # the log names the plan and the same seats
    page.click("#tab-log")
    log = page.locator("#page-log").inner_text()
    assert f"Confirmed 7 moves, table 3 breaks (plan {token})" in log
    moved = f"table {from_table} seat {from_seat} → table {to_table} seat {to_seat}"
    assert f"{mover}: {moved} (table breaks)" in log
    # his phone: the same table and seat, on the move's slip (issue 26), which says it in
    # place of the "moved" banner
    slip = mine.locator("#my-slips .slip")
    slip.wait_for(state="visible", timeout=8000)
    assert f"Table {to_table} · Seat {to_seat}" in slip.inner_text()
    assert f"From table {from_table}" in slip.inner_text()
    assert not mine.locator("#moved-banner").is_visible()
    assert place.inner_text() == f"Table {to_table}, seat {to_seat}"
    mine.screenshot(path=str(ARTIFACTS / "floor-plan-phone-moved-390x844.png"))
    phone.close()
    assert errors == []
