"""The player database and the league board in a real browser (issue 14).

A SQLite file is filled through the services, then ``pokertd serve`` runs on it and Debian's
chromium opens:

- ``/players`` as the director on a tablet: search as you type, a player's history, merge a
  duplicate (with its confirmation) and undo the merge; figures by hand (Cy Wu won a
  three-entry Kojack's night: $300; "Cyrus Wu" was third of three in another: merged, Cy has
  2 events and $240 spent);
- the floor console's register form: typing "Cy" offers Cy Wu from the database; picking him
  registers that person (``player_id``), not a new one;
- ``/leagues/spot``, the public standings board: 18 players over three Spotlight nights,
  15 rows a page on a TV (page 1 of 2), the top 4 qualifiers with stacks, no card numbers,
  the regions inside the screen and apart.

Screenshots at 1920x1080, 1024x768 and 390x844 go to ``tests/.artifacts/`` (ignored).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from pokertd.app.leagues import LeagueService, Season
from pokertd.app.tournaments import TournamentService, open_service
from pokertd.league.points import PointsKind, PointsScheme
from pokertd.league.standings import Qualification
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, Register
from pokertd.tournament.seating import DrawSeats
from pokertd.tournament.templates import load_template

from .servers import running_server, signed_in
from .test_browser import ARTIFACTS, browser, pytestmark  # noqa: F401

PASSWORD = "players-night-1"
SIZES = ((1920, 1080), (1024, 768), (390, 844))
LEAGUE_NAMES = [
    "Ann Lee", "Bob Ray", "Cat Moss", "Dan Ortiz", "Eve Park", "Fay Quinn",
    "Gus Reed", "Hal Stone", "Ivy Tran", "Jon Urban", "Kim Vega", "Lou Wells",
    "Max Young", "Ned Zane", "Oda Abbott", "Pia Brandt-Montgomery", "Quin Castellanos",
    "Rosalind Featherstonehaugh",
]  # fmt: skip
"""18 league players (two pages of 15 on a TV); one long name."""


def _kpc(
    svc: TournamentService, tid: str, players: list[tuple[str, str]], busts: list[str]
) -> None:
    """A Kojack's night: ``busts`` go out in order, each knocked out by the first player."""
    svc.create(CreateTournament(name=tid, template=load_template("kpc_nlh")), tournament_id=tid)
    for name, card in players:
        svc.run(tid, Register(name=name, member=card, age_ok=True, member_ok=True), actor="f")
    svc.run(tid, DrawSeats(), actor="f")
    svc.run(tid, CloseRegistration(), actor="f")
    for out in busts:
        svc.run(tid, Bust(players=(out,), eliminator=players[0][0]), actor="f")


def _league(svc: TournamentService) -> None:
    """Three Spotlight nights of the 18 players; the first-listed player wins each, knocking
    out everyone (sign-outs recorded: SPOT-6.13)."""
    leagues = LeagueService.over(svc)
    scheme = PointsScheme(kind=PointsKind.FIXED, table=(10, 7, 5, 3, 2), attendance_points=1)
    leagues.create_league("spot", "Spotlight Points League", scheme)
    leagues.add_season(Season(league="spot", key="q1", name="Q1 2026",
                              qualification=Qualification(top=4)))  # fmt: skip
    for night in range(3):
        tid = f"spot{night + 1}"
        order = LEAGUE_NAMES[night:] + LEAGUE_NAMES[:night]  # a different winner each night
        tmpl = load_template("spot_league")
        svc.create(
            CreateTournament(name=f"League night {night + 1}", template=tmpl), tournament_id=tid
        )
        for name in order:
            card = f"S-{LEAGUE_NAMES.index(name):03d}"
            svc.run(tid, Register(name=name, member=card, age_ok=True, member_ok=True), actor="f")
        svc.run(tid, DrawSeats(), actor="f")
        for name in reversed(order[1:]):
            svc.run(tid, Bust(players=(name,), eliminator=order[0]), actor="f")
        svc.run(tid, CloseRegistration(), actor="f")  # the night is over (G2)
        leagues.add_event("spot", "q1", tid)
        for name in order[1:]:
            leagues.signout(tid, name, actor="f")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("players") / "players.db"
    svc = open_service(f"sqlite:///{db}")
    try:
        _kpc(
            svc, "kpc", [("Cy Wu", "C-1"), ("Ann Lee", ""), ("Bob Ray", "")], ["Bob Ray", "Ann Lee"]
        )
        _kpc(
            svc, "kpc2", [("Di Fox", "D-9"), ("Cyrus Wu", ""), ("Ed Po", "")], ["Ed Po", "Cyrus Wu"]
        )
        _league(svc)
        svc.create(CreateTournament(name="Tonight", template=load_template("kpc_nlh")),
                   tournament_id="tonight")  # fmt: skip
    finally:
        svc.close()
    with running_server(db, PASSWORD) as base:
        yield base


def _totals(page: Any) -> str:
    return str(page.locator("#player-totals").inner_text())


def _box(page: Any, selector: str) -> dict[str, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return dict(box)


def _apart(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] + a["width"] <= b["x"] + 1
        or b["x"] + b["width"] <= a["x"] + 1
        or a["y"] + a["height"] <= b["y"] + 1
        or b["y"] + b["height"] <= a["y"] + 1
    )


def test_search_merge_and_undo_in_the_browser(server: str, browser: Any) -> None:  # noqa: F811
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page, errors = signed_in(browser, server, PASSWORD, 1024, 768)
    page.goto(f"{server}/players")
    page.fill("#player-search", "wu")
    page.wait_for_function("() => document.querySelectorAll('#player-results li').length === 2")
    page.locator("#player-results button", has_text="Cy Wu").first.click()
    page.wait_for_selector("#player-profile h2:text('Cy Wu')")
    assert "1\nevents" in _totals(page)
    assert "$300\nprizes" in _totals(page)
    assert page.locator("#history-table tbody tr").count() == 1

    page.fill("#merge-search", "Cyrus")
    page.locator("#merge-box .player-results button", has_text="Cyrus Wu").click()
    page.wait_for_selector("#confirm-merge", state="visible")
    assert "Merge Cyrus Wu into Cy Wu?" in page.locator("#confirm-merge").inner_text()
    page.screenshot(path=str(ARTIFACTS / "players-merge-confirm-1024x768.png"))
    page.click("#merge-confirm")
    page.wait_for_selector("#merged-list li")
    assert "Cyrus Wu" in page.locator("#merged-list").inner_text()
    assert "2\nevents" in _totals(page)
    assert "$240\nspent" in _totals(page)  # 2 x ($100 + $20 admin fee)
    assert page.locator("#history-table tbody tr").count() == 2
    assert "as Cyrus Wu" in page.locator("#history-table").inner_text()
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.screenshot(path=str(ARTIFACTS / f"players-merged-{w}x{h}.png"), full_page=True)
        scroll = page.evaluate("document.documentElement.scrollWidth")
        assert scroll <= w, f"the page scrolls sideways at {w}x{h}: {scroll}"
    page.set_viewport_size({"width": 1024, "height": 768})

    page.locator("#merged-list button", has_text="Undo merge").click()
    page.wait_for_function("() => !document.querySelector('#merged-list li')")
    assert "1\nevents" in _totals(page)
    assert "stands on their own again" in page.locator(".flash").inner_text()
    assert "undone by director" in page.locator("#merge-record").inner_text()
    assert errors == []
    page.close()


def test_rename_keeps_history_and_the_old_name_finds_the_player(
    server: str,
    browser: Any,  # noqa: F811
) -> None:
    """Issue 23: the director renames Ed Po (3rd of 3 at ``kpc2``) to "Edward Poe": his
    night keeps "Ed Po" ("as Ed Po"), the old spelling still finds him ("formerly Ed Po");
    another player's name is refused, naming them."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page, errors = signed_in(browser, server, PASSWORD, 1024, 768)
    page.goto(f"{server}/players")
    page.fill("#player-search", "Ed Po")
    page.locator("#player-results button", has_text="Ed Po").first.click()
    page.wait_for_selector("#player-profile h2:text('Ed Po')")
    events = page.locator("#history-table tbody tr").count()
    assert events == 1  # kpc2
    page.click("#rename-open")
    page.fill("#rename-name", "Bob Ray")
    page.click("#rename-save")
    page.wait_for_selector(".flash.error")
    assert "Bob Ray (" in page.locator(".flash").inner_text()
    assert "already has that name" in page.locator(".flash").inner_text()
    page.fill("#rename-name", "Edward Poe")
    for w, h in ((1024, 768), (390, 844)):
        page.set_viewport_size({"width": w, "height": h})
        page.locator("#rename-form").scroll_into_view_if_needed()
        page.wait_for_timeout(150)
        page.screenshot(path=str(ARTIFACTS / f"players-rename-{w}x{h}.png"))
        scroll = page.evaluate("document.documentElement.scrollWidth")
        assert scroll <= w, f"the rename form scrolls sideways at {w}x{h}: {scroll}"
    page.set_viewport_size({"width": 1024, "height": 768})
    page.click("#rename-save")
    page.wait_for_selector("#player-profile h2:text('Edward Poe')")
    assert page.locator("#profile-formerly").inner_text() == "formerly Ed Po"
    assert "Ed Po is now Edward Poe" in page.locator(".flash").inner_text()
    assert page.locator("#history-table tbody tr").count() == events
    assert page.locator("#history-table .as", has_text="as Ed Po").count() == events
    assert "Ed Po renamed Edward Poe by director" in page.locator("#rename-record").inner_text()
    # the old spelling still finds her
    page.fill("#player-search", "")
    page.fill("#player-search", "Ed Po")  # not part of "Edward Poe"
    hit = page.locator("#player-results li", has_text="Edward Poe")
    hit.wait_for()
    assert "formerly Ed Po" in hit.inner_text()
    for w, h in ((1024, 768), (390, 844)):
        page.set_viewport_size({"width": w, "height": h})
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(150)
        page.screenshot(path=str(ARTIFACTS / f"players-renamed-{w}x{h}.png"), full_page=True)
    assert [e for e in errors if not e.endswith("/rename")] == []
    assert len(errors) == 1  # the refused "Bob Ray" (422), said on the page
    page.close()


def test_floor_register_picks_a_known_player(server: str, browser: Any) -> None:  # noqa: F811
    page, errors = signed_in(browser, server, PASSWORD, 1024, 768)
    cy = page.request.get(f"{server}/api/players?q=C-1").json()[0]
    assert cy["name"] == "Cy Wu"
    page.goto(f"{server}/t/tonight/floor")
    page.click("#tab-players")
    page.fill("#register-name", "Cy")
    page.wait_for_selector("#register-picks li")
    page.locator("#register-picks button", has_text="Cy Wu").click()
    assert page.input_value("#register-card") == "C-1"
    assert cy["id"] in page.locator("#register-picked").inner_text()
    page.screenshot(path=str(ARTIFACTS / "floor-register-pick-1024x768.png"))
    page.check("#age-ok")
    page.click("#register-button")
    page.wait_for_function("() => document.querySelector('#register-name').value === ''")
    staff = page.request.get(f"{server}/api/tournaments/tonight/staff").json()
    [player] = [p for p in staff["players"] if p["name"] == "Cy Wu"]
    history = page.request.get(f"{server}/api/players/{cy['id']}").json()["history"]
    assert [r["tournament_id"] for r in history["rows"]].count("tonight") == 1
    assert player["member"] == "C-1"
    assert errors == []
    page.close()


def test_standings_board_on_a_tv_a_tablet_and_a_phone(server: str, browser: Any) -> None:  # noqa: F811
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    data = json.loads(browser.new_page().request.get(f"{server}/api/leagues/spot/standings").text())
    # Each night: winner 10 + 1, 2nd 7 + 1, 3rd 5 + 1, 4th 3 + 1, 5th 2 + 1, others 1.
    # Ann wins night 1, is last (18th) in 2 and 17th in 3: 11 + 1 + 1 = 13.
    # Bob: 2nd, 1st, 18th -> 8 + 11 + 1 = 20; Cat: 3rd, 2nd, 1st -> 6 + 8 + 11 = 25.
    points = {r["name"]: r["points"] for r in data["rows"]}
    assert (points["Cat Moss"], points["Bob Ray"], points["Ann Lee"]) == (25, 20, 13)
    assert data["rows"][0]["name"] == "Cat Moss"
    # Dan: 4th, 3rd, 2nd -> 4 + 6 + 8 = 18; the top 4 qualify, Ann and Eve tie at 13 for 5th
    assert [(q["name"], q["points"]) for q in data["qualifiers"]][:3] == [
        ("Cat Moss", 25), ("Bob Ray", 20), ("Dan Ortiz", 18),
    ]  # fmt: skip
    assert len(data["qualifiers"]) == 4
    for w, h in SIZES:
        page = browser.new_page(viewport={"width": w, "height": h})
        seen: list[str] = []
        page.on("pageerror", lambda e, seen=seen: seen.append(str(e)))
        page.goto(f"{server}/leagues/spot")
        page.wait_for_selector("#standings tbody tr")
        text = page.locator("body").inner_text()
        assert "S-0" not in text  # no card numbers on a public page
        rows = page.locator("#standings tbody tr").count()
        assert "Cat Moss" in page.locator("#standings tbody tr").first.inner_text()
        assert "Ann Lee" in page.locator("#qualifiers").inner_text()  # 4th on a win (13 = Eve)
        if w >= 1024:
            assert rows == 15
            assert "page 1 of 2" in page.locator(".lb-page").inner_text()
            for sel in ("#standings", "#qualifiers", "#season-events", ".lb-head", ".lb-foot"):
                box = _box(page, sel)
                assert box["x"] >= 0, sel
                assert box["y"] >= 0, sel
                assert box["x"] + box["width"] <= w + 1, sel
                assert box["y"] + box["height"] <= h + 1, sel
            assert _apart(_box(page, "#standings"), _box(page, "#qualifiers"))
            last = page.locator("#standings tbody tr").last
            assert last.bounding_box()["y"] + last.bounding_box()["height"] <= (
                _box(page, "#standings")["y"] + _box(page, "#standings")["height"] + 1
            ), "the 15th row is cut off"
        else:
            assert rows == len(LEAGUE_NAMES)  # a phone scrolls one long list
            scroll = page.evaluate("document.documentElement.scrollWidth")
            assert scroll <= w, f"the board scrolls sideways on a phone: {scroll}"
        page.screenshot(path=str(ARTIFACTS / f"league-board-{w}x{h}.png"), full_page=w < 1024)
        assert seen == []
        page.close()


def test_dealer_or_public_browser_cannot_open_players(server: str, browser: Any) -> None:  # noqa: F811
    page = browser.new_page()
    page.goto(f"{server}/players")
    assert page.url.startswith(f"{server}/login")
    r = page.request.get(f"{server}/api/players?q=Cy")
    assert r.status == 401
    assert "C-1" not in r.text()
    page.close()
