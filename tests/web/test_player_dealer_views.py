"""The player view and the dealer view on a phone (issue 12).

API and HTML checks: every paid place reaches the phone (21 of 21, not a top 10), the
registration state in words, the web app manifest (served as ``application/manifest+json``
and linked from the player page), the dealer view's next level and empty seats, and the
``seating_rev`` the phones watch to notice "my table moved". A browser test (Debian's
chromium at 390x844) opens both pages, picks a player by name, breaks their table through
the API while the page is open and sees the banner; screenshots go to ``tests/.artifacts/``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from pokertd.app import screens as snapshot
from pokertd.app.tournaments import TournamentService, open_service
from pokertd.tournament.clock import StartClock
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, Register
from pokertd.tournament.seating import BreakTable, ConfirmMoves, DrawButtons, DrawSeats
from pokertd.tournament.templates import load_template

from .conftest import Env
from .servers import running_server

PLAYERS = 190
"""Entries that make the Foxwoods table pay 21 places."""
LONG_NAME = "Maximiliano-Alexandros Konstantinopoulos-Wolfeschlegelsteinx"
"""A 60-character name with no space to break at."""
CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[1] / ".artifacts"
PASSWORD = "player-dealer-1"


def _names() -> list[str]:
    return [LONG_NAME] + [f"Player {i:03d}" for i in range(1, PLAYERS)]


def build_event(service: TournamentService, *, start: bool = True) -> str:
    """A 190-player Foxwoods Wednesday event, seated, buttons drawn, clock started."""
    tid = service.create(
        CreateTournament(name="Wednesday $80", template=load_template("fox_wed_80")), actor="t"
    )
    for i, name in enumerate(_names()):
        service.run(tid, Register(name=name, member=f"M{i:03d}", age_ok=True), actor="t")
    service.run(tid, DrawSeats(), actor="t")
    service.run(tid, DrawButtons(), actor="t")
    if start:
        service.run(tid, StartClock(), actor="t")
    return tid


def seat_of(service: TournamentService, tid: str, name: str) -> tuple[int, int]:
    """``(table, seat)`` of ``name`` from the staff view."""
    view = snapshot.build(service.state(tid), [], _now(service))
    for table in view["tables"]:
        for seat in table["seats"]:
            if seat["name"] == name:
                return int(table["table"]), int(seat["seat"])
    raise AssertionError(f"{name} is not seated")


def _now(service: TournamentService) -> datetime:
    """Now: the service runs on the wall clock in these tests."""
    return datetime.now(UTC)


def make_room(service: TournamentService, tid: str, table: int) -> list[str]:
    """Bust two players at ``table`` and one at each of as many other tables as ``table``
    then holds, so that the table can break; the busted names."""
    view = snapshot.build(service.state(tid), [], _now(service))
    tables = {t["table"]: [s["name"] for s in t["seats"]] for t in view["tables"]}
    here = [n for n in tables[table] if n != LONG_NAME][:2]
    others = [names[-1] for t, names in sorted(tables.items()) if t != table]
    out = here + others[: len(tables[table]) - 2]
    for name in out:
        service.run(tid, Bust(players=(name,)), actor="t")
    return out


@pytest.fixture
def big(env: Env) -> str:
    """The 190-player event in the app under test."""
    return build_event(env.service)


def _initial_view(html: str) -> dict[str, Any]:
    m = re.search(r'<script id="initial-view" type="application/json">(.*?)</script>', html, re.S)
    assert m, "the page carries its initial view"
    data: dict[str, Any] = json.loads(m.group(1))
    return data


# ---- API and HTML ----------------------------------------------------------------------


def test_player_view_lists_all_21_paid_places(env: Env, big: str) -> None:
    api = env.client.get(f"/api/tournaments/{big}").json()
    assert [p["place"] for p in api["payouts"]] == list(range(1, 22))
    page = env.client.get(f"/t/{big}/player")
    assert page.status_code == 200
    view = _initial_view(page.text)
    assert len(view["payouts"]) == 21
    assert "21 places paid" in page.text
    # the push every phone receives carries them all too
    pushed = snapshot.stream(snapshot.build(env.service.state(big), [], _now(env.service)))
    assert len(pushed["payouts"]) == 21
    assert sum(p["amount"] for p in pushed["payouts"]) == api["status"]["prize_pool_cents"]


def test_registration_state_reads_as_a_sentence(env: Env) -> None:
    tid = build_event(env.service, start=False)
    before = _initial_view(env.client.get(f"/t/{tid}/player").text)["registration"]
    assert before == {
        "state": "open",
        "until_level": 6,
        "text": "Registration open; late registration until the end of level 6.",
        # issue 27: the same sentence as a catalogue msgid, translated by each page
        "msgid": "Registration open; late registration until the end of level %(level)s.",
        "params": {"level": 6},
    }
    env.service.run(tid, StartClock(), actor="t")
    page = env.client.get(f"/t/{tid}/player").text
    late = _initial_view(page)["registration"]
    assert late["state"] == "late"
    assert late["text"] == "Late registration open until the end of level 6."
    assert "Late registration open until the end of level 6." in page  # before any script
    env.service.run(tid, CloseRegistration(), actor="t")
    closed = env.client.get(f"/api/tournaments/{tid}").json()["registration"]
    assert closed["state"] == "closed"
    assert closed["text"] == "Registration is closed."


def test_manifest_is_served_and_linked(env: Env, big: str) -> None:
    page = env.client.get(f"/t/{big}/player").text
    assert f'<link rel="manifest" href="/manifest.webmanifest?t={big}">' in page
    r = env.client.get(f"/manifest.webmanifest?t={big}")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("application/manifest+json")
    assert "default-src 'self'" in r.headers["content-security-policy"]
    data = r.json()
    assert data["start_url"] == f"/t/{big}/player"
    assert data["display"] == "standalone"
    assert data["name"] == "Wednesday $80"
    icon = env.client.get(data["icons"][0]["src"])
    assert icon.status_code == 200
    assert icon.headers["content-type"].startswith("image/svg+xml")
    # no tournament (or an unknown one): the home page, still a manifest
    plain = env.client.get("/manifest.webmanifest?t=nope").json()
    assert plain["start_url"] == "/"
    # CSP: the page's scripts are files or JSON data, never inline code
    for tag in re.findall(r"<script[^>]*>", page):
        assert "src=" in tag or 'type="application/json"' in tag, tag


def test_dealer_view_has_next_level_and_empty_seats(env: Env, big: str) -> None:
    table, _ = seat_of(env.service, big, "Player 001")
    busted = make_room(env.service, big, table)[:2]
    env.login()
    page = env.client.get(f"/t/{big}/dealer/{table}")
    assert page.status_code == 200
    assert "/static/dealer.js" in page.text
    view = _initial_view(page.text)
    assert view["clock"]["next_level"]["level"] == 2
    assert view["clock"]["next_level"]["big_blind"] == 200
    (mine,) = view["tables"]
    assert mine["seats_total"] == 10
    assert len(mine["seats"]) == 8  # two busted: two empty seats for the page to show
    names = {s["name"] for s in mine["seats"]}
    assert not names & set(busted)
    text = json.dumps(view)
    for private in ("entry_id", "member", "M001", "log"):
        assert private not in text
    assert "players" not in view  # no player list: that one table only


def test_seating_rev_changes_when_a_table_breaks(env: Env, big: str) -> None:
    def rev() -> int:
        value: int = snapshot.build(env.service.state(big), [], _now(env.service), lean=True)[
            "seating_rev"
        ]
        return value

    table, _ = seat_of(env.service, big, LONG_NAME)
    make_room(env.service, big, table)
    before = rev()
    assert "seating_rev" in snapshot.stream(
        snapshot.build(env.service.state(big), [], _now(env.service), lean=True)
    )
    env.service.run(big, BreakTable(table=table), actor="t")
    pending = snapshot.build(env.service.state(big), [], _now(env.service))["pending_moves"]
    assert len(pending) == 8  # the floor confirms the table break ("Confirm all")
    assert rev() == before  # suggested moves move nobody yet
    env.service.run(big, ConfirmMoves(moves=tuple(m["move_id"] for m in pending)), actor="t")
    assert seat_of(env.service, big, LONG_NAME)[0] != table
    assert rev() != before


# ---- the browser -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """``pokertd serve`` over a database holding the 190-player event: (base URL, id)."""
    db = tmp_path_factory.mktemp("phone") / "phone.db"
    service = open_service(f"sqlite:///{db}")
    tid = build_event(service)
    service.close()
    with running_server(db, PASSWORD) as base:
        yield base, tid


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Debian chromium (never ``playwright install``)."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"chromium is not installed at {CHROMIUM}")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        yield b
        b.close()


def _page_width(page: Any) -> int:
    width: int = page.evaluate("document.documentElement.scrollWidth")
    return width


@pytest.mark.browser
def test_phone_pages_at_390(served: tuple[str, str], browser: Any) -> None:
    base, tid = served
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    staff = browser.new_context(viewport={"width": 390, "height": 844})
    login = staff.request.post(f"{base}/api/login", data={"name": "director", "password": PASSWORD})
    assert login.ok, login.text()
    csrf = {"X-CSRF-Token": login.json()["csrf"]}

    def command(name: str, body: dict[str, Any]) -> dict[str, Any]:
        r = staff.request.post(
            f"{base}/api/tournaments/{tid}/commands/{name}", data=body, headers=csrf
        )
        assert r.ok, r.text()
        out: dict[str, Any] = r.json()
        return out

    def tables() -> dict[int, list[str]]:
        view = staff.request.get(f"{base}/api/tournaments/{tid}/staff").json()
        return {t["table"]: [s["name"] for s in t["seats"]] for t in view["tables"]}

    # the player's phone: pick yourself by name
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{base}/t/{tid}/player")
    page.fill("#seat-search", "Maximiliano")
    page.click("button.this-is-me")
    my_place = page.locator("#my-seat .my-place")
    my_place.wait_for()
    where = {t: n for t, names in tables().items() for n in names}
    table = next(t for t, names in tables().items() if LONG_NAME in names)
    assert re.fullmatch(rf"Table {table}, seat \d+", my_place.inner_text())
    assert "21 places paid" in page.locator("#payouts h2").inner_text()
    assert page.locator("#payouts li").count() == 21
    assert "Late registration open until the end of level 6." in page.inner_text("#registration")
    assert "Next break in" in page.inner_text("#next-break")
    assert _page_width(page) <= 390
    page.screenshot(path=str(ARTIFACTS / "phone-player-390.png"), full_page=True)
    assert where  # the staff view named every seated player

    # the dealer of that table: next level, two empty seats after two busts
    seated = tables()
    others = [names[-1] for t, names in sorted(seated.items()) if t != table]
    here = [n for n in seated[table] if n != LONG_NAME][:2]
    for name in here + others[: len(seated[table]) - 2]:
        command("bust", {"players": [name]})
    dealer = staff.new_page()
    dealer.goto(f"{base}/t/{tid}/dealer/{table}")
    dealer.wait_for_selector("#dealer-seats li")
    assert dealer.locator("#dealer-seats li").count() == 10
    assert dealer.locator("#dealer-seats li.empty").count() == 2
    assert dealer.locator("#dealer-seats li.empty .seat-name").first.inner_text() == "Empty seat"
    assert "Level 2 · 100 / 200" in dealer.inner_text("#dealer-next")
    assert _page_width(dealer) <= 390
    dealer.screenshot(path=str(ARTIFACTS / "phone-dealer-390.png"), full_page=True)

    # the floor breaks the player's table while the phone is open: the banner says where to go
    command("break_table", {"table": table})
    pending = staff.request.get(f"{base}/api/tournaments/{tid}/staff").json()["pending_moves"]
    command("confirm_moves", {"moves": [m["move_id"] for m in pending]})
    # the move's slip (issue 26) says it, with the rule, in place of the "moved" banner
    banner = page.locator("#my-slips .slip")
    banner.wait_for(state="visible", timeout=8000)
    new_table = next(t for t, names in tables().items() if LONG_NAME in names)
    assert new_table != table
    assert f"Table {new_table} · Seat " in banner.inner_text()
    assert f"From table {table}" in banner.inner_text()
    assert not page.locator("#moved-banner").is_visible()
    assert my_place.inner_text().startswith(f"Table {new_table}, seat ")
    assert _page_width(page) <= 390
    page.screenshot(path=str(ARTIFACTS / "phone-player-moved-390.png"))
    # the choice survives a reload (localStorage), the banner is gone once acknowledged
    page.click("#my-slips .slip-here")
    page.locator("#my-slips .slip.done").wait_for()
    page.reload()
    page.locator("#my-seat .my-place").wait_for()
    assert page.locator("#my-seat .my-place").inner_text().startswith(f"Table {new_table}")
    assert not page.locator("#moved-banner").is_visible()
    assert errors == []
    phone.close()
    staff.close()
