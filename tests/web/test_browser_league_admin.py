"""A season run from the browser (issue 14 "Done when": a season in the browser).

Five nights of twenty regulars are simulated under Spotlight's rules and recorded through
the services (as ``tests/test_season_e2e.py`` does, every eliminated player signed out:
SPOT-6.13). Then ``pokertd serve`` runs on that database and the director, in chromium:

- opens ``/leagues`` and creates a league with its own formula
  ``entrants - place + 1 (+5 for the win)``, 1 a knockout, 2 for playing, best 4 of the
  season, the top 8 qualifying with ``10000 + 250 * points`` chips rounded down to 500
  (at least 10,000); a broken formula first shows the formula check's sentence;
- adds the five nights on the league's admin page;
- reads the standings and qualifiers on the public board ``/leagues/{key}``;
- creates the championship and reads every qualifier's starting stack in its staff view.

Every expected number is worked out from the simulator's finishing order by the helpers of
``test_season_e2e`` (never read back from the league code). Screenshots at 1920x1080,
1024x768 and 390x844 go to ``tests/.artifacts/``.

Implements: A3 (SPOT-6.26: stacks from season points), G5 (SPOT-6.13), issue 14.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from pokertd.app.leagues import LeagueService
from pokertd.app.tournaments import open_service
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, Register
from pokertd.tournament.templates import load_template
from test_season_e2e import (
    ATTEND,
    BEST,
    FORMULA,
    KO,
    NIGHTS,
    TOP,
    SimReport,
    best_of,
    by_name,
    expected_points,
    players_of,
    sim_night,
    stack_for,
)

from .servers import running_server, signed_in
from .test_browser import ARTIFACTS, browser, pytestmark  # noqa: F401

PASSWORD = "league-admin-1"
SIZES = ((1920, 1080), (1024, 768), (390, 844))
KEY = "spotlight-points"
SIXTH = ["Ann Lee", "Bob Marsh", "Cat Ruiz", "Dan Okafor"]
"""Night 6 (season Q4): Ann knocks out Dan, Cat and Bob; nobody has signed out yet."""


@pytest.fixture(scope="module")
def reports() -> list[SimReport]:
    return [sim_night(i) for i in range(NIGHTS)]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, reports: list[SimReport]) -> Iterator[str]:
    db = tmp_path_factory.mktemp("league-admin") / "league.db"
    svc = open_service(f"sqlite:///{db}")
    try:
        leagues = LeagueService.over(svc)
        for night, report in enumerate(reports):
            tid = f"night{night + 1}"
            svc.create(
                CreateTournament(
                    name=f"League night {night + 1}", template=load_template("spot_league")
                ),
                tournament_id=tid,
            )
            names = by_name(night, report)
            for name in players_of(night):
                svc.run(tid, Register(name=name, age_ok=True, member_ok=True), actor="floor")
            for f in reversed(report.finishing[1:]):
                out = Bust(players=(names[f.player],), eliminator=names[f.eliminated_by[0]])
                svc.run(tid, out, actor="floor")
            svc.run(tid, CloseRegistration(), actor="floor")  # the night is over (G2)
            for f in report.finishing[1:]:
                leagues.signout(tid, names[f.player], actor="floor")
        svc.create(
            CreateTournament(name="League night 6", template=load_template("spot_league")),
            tournament_id="night6",
        )
        for name in SIXTH:
            svc.run("night6", Register(name=name, age_ok=True, member_ok=True), actor="floor")
        for name in reversed(SIXTH[1:]):
            svc.run("night6", Bust(players=(name,), eliminator=SIXTH[0]), actor="floor")
        svc.run("night6", CloseRegistration(), actor="floor")
    finally:
        svc.close()
    with running_server(db, PASSWORD) as base:
        yield base


def _shots(page: Any, name: str) -> None:
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.evaluate("window.scrollTo(0, 0)")
        page.wait_for_timeout(150)
        page.screenshot(path=str(ARTIFACTS / f"{name}-{w}x{h}.png"), full_page=w < 1900)
        scroll = page.evaluate("document.documentElement.scrollWidth")
        assert scroll <= w, f"{name} scrolls sideways at {w}x{h}: {scroll}"
    page.set_viewport_size({"width": 1024, "height": 768})


def test_A3_season_created_run_and_championship_in_the_browser(
    server: str,
    browser: Any,  # noqa: F811
    reports: list[SimReport],
) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    want = expected_points(reports, set())
    best = {name: best_of(pts) for name, pts in want.items()}
    page, errors = signed_in(browser, server, PASSWORD)

    # 1. the new league, with a live formula check
    page.goto(f"{server}/leagues")
    page.fill("#league-name", "Spotlight Points")
    assert page.input_value("#league-key") == KEY
    page.check("input[name=kind][value=own]")
    page.fill("#league-formula", "entrants - place +")
    page.wait_for_selector("#formula-check .error-text:visible")
    assert page.locator("#create-league").is_disabled()
    page.fill("#league-formula", FORMULA)
    page.fill("#league-ko", str(KO))
    page.fill("#league-attend", str(ATTEND))
    page.fill("#ex-entrants", "18")
    # 18 entrants: 1st 18 + 5 + 2 = 25, 2nd 17 + 2 = 19, 3rd 18, 10th 11 (no knockouts)
    page.wait_for_function(
        "() => document.querySelector('#example-points li') &&"
        " document.querySelector('#example-points').innerText.includes('25')"
    )
    examples = page.locator("#example-points li").all_inner_texts()
    assert examples[:3] == ["1st 25", "2nd 19", "3rd 18"]
    assert examples[-1] == "10th 11"
    page.fill("#season-name", "Q3")
    assert page.input_value("#season-key") == "q3"
    page.fill("#season-best", str(BEST))
    page.fill("#season-top", str(TOP))
    page.fill("#season-stack", "10000 + 250 * points")
    page.fill("#season-round", "500")
    page.fill("#season-min-stack", "10000")
    page.wait_for_selector("#example-stacks span")
    _shots(page, "league-new")
    page.click("#create-league")
    page.wait_for_url(f"{server}/leagues/{KEY}/admin")

    # 2. the five nights
    for night in range(1, NIGHTS + 1):
        page.select_option("#add-q3", f"night{night}")
        page.locator("#season-q3 form.la-add button").click()
        page.wait_for_function(
            f"() => document.querySelectorAll('#season-q3 .la-events li').length === {night}"
        )
    quals = page.locator("#season-q3 .la-quals li")
    cut = sorted(best.values())[-TOP]
    qualified = {n: p for n, p in best.items() if p >= cut}
    assert quals.count() == len(qualified)
    _shots(page, "league-admin")

    # 3. the public board: standings (best 4 of 5) and qualifiers with stacks
    board = browser.new_page(viewport={"width": 1920, "height": 1080})
    board.goto(f"{server}/leagues/{KEY}")
    data = board.request.get(f"{server}/api/leagues/{KEY}/standings").json()
    assert {r["name"]: r["points"] for r in data["rows"]} == best
    assert {q["name"]: q["stack"] for q in data["qualifiers"]} == {
        n: stack_for(p) for n, p in qualified.items()
    }
    leader = max(best.items(), key=lambda kv: kv[1])
    first_row = board.locator("#standings tbody tr").first.inner_text()
    assert leader[0] in first_row
    assert board.locator("#qualifiers li").count() == len(qualified)
    for w, h in SIZES:
        board.set_viewport_size({"width": w, "height": h})
        board.wait_for_timeout(150)
        board.screenshot(path=str(ARTIFACTS / f"league-board-season-{w}x{h}.png"))
    board.close()

    # 4. the championship: preview, create, stacks in its staff view
    assert "stacks from season points" in page.locator("#season-q3 .la-create").inner_text()
    page.fill("#season-q3 .champ-name", "Q3 Quarterly")
    page.click("#season-q3 .create-champ")
    page.wait_for_selector("#season-q3 .la-tag:visible")
    assert "Championship created" in page.locator(".flash").inner_text()
    admin = page.request.get(f"{server}/api/leagues/{KEY}/admin").json()
    tid = admin["seasons"][0]["championship"]["tournament"]
    staff = page.request.get(f"{server}/api/tournaments/{tid}/staff").json()
    assert staff["name"] == "Q3 Quarterly"
    assert {p["name"]: p["stack"] for p in staff["players"]} == {
        n: stack_for(p) for n, p in qualified.items()
    }
    _shots(page, "league-admin-championship")

    # 5. a second season, and the floor's sign-outs on its first night (G5: SPOT-6.13)
    page.fill("#ns-name", "Q4")
    assert page.input_value("#ns-key") == "q4"
    page.click("#new-season button")
    page.wait_for_selector("#season-q4")
    page.select_option("#add-q4", "night6")
    page.locator("#season-q4 form.la-add button").click()
    page.wait_for_function(
        "() => document.querySelectorAll('#season-q4 .la-events li').length === 1"
    )
    page.goto(f"{server}/t/night6/floor#players")
    cat = page.locator("#players tbody tr", has_text="Cat Ruiz")
    dan = page.locator("#players tbody tr", has_text="Dan Okafor")
    assert page.locator("#players tbody tr", has_text="Ann Lee").locator(".signed-out").count() == 0
    cat.locator("button.signed-out").click()
    cat.locator(".signout-mark:text('signed out')").wait_for()
    dan.locator("button.late-signout").click()
    dan.locator(".signout-mark:text('late: points void')").wait_for()
    dan.locator("button.undo-late").wait_for()
    assert page.locator("#players tbody tr", has_text="Bob Marsh").locator(".signed-out").count()
    page.screenshot(path=str(ARTIFACTS / "floor-signout-1024x768.png"))
    info = page.request.get(f"{server}/api/tournaments/night6/league").json()
    assert info["marks"] == {"Cat Ruiz": "signed", "Dan Okafor": "late"}
    q4 = page.request.get(f"{server}/api/leagues/{KEY}/standings?season=q4").json()
    # 4 entrants: Ann 4 - 1 + 1 + 5 + 3 knockouts + 2 = 14; Cat 4 - 3 + 1 + 2 = 4 (signed
    # out); Bob waits for his sign-out (0); Dan's late sign-out voids his points (0)
    got = {r["name"]: (r["points"], r["void"]) for r in q4["rows"]}
    assert got == {
        "Ann Lee": (14, 0),
        "Cat Ruiz": (4, 0),
        "Bob Marsh": (0, 1),
        "Dan Okafor": (0, 1),
    }
    # SPOT-6.13: the late flag is undone on its own: Dan's 4th of 4 counts again,
    # 4 - 4 + 1 + 2 = 3
    dan.locator("button.undo-late").click()
    dan.locator(".signout-mark:text('signed out')").wait_for()
    assert dan.locator("button.undo-late").count() == 0
    for w, h in SIZES:  # looked at; the console's Players table is wider than a phone
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(150)
        page.screenshot(path=str(ARTIFACTS / f"floor-signout-undone-{w}x{h}.png"))
    page.set_viewport_size({"width": 1024, "height": 768})
    q4 = page.request.get(f"{server}/api/leagues/{KEY}/standings?season=q4").json()
    assert {r["name"]: r["points"] for r in q4["rows"]}["Dan Okafor"] == 3

    # 6. night 1 taken out of Q3 after a confirmation, then put back (issue 23)
    page.goto(f"{server}/leagues/{KEY}/admin")
    first = expected_points(reports[:1], set())  # night 1's points, by the helpers
    without = {
        n: best_of(pts[1:] if n in first else pts)
        for n, pts in expected_points(reports, set()).items()
        if len(pts) > (1 if n in first else 0)
    }
    row = page.locator("#season-q3 .la-events li[data-tournament=night1]")
    row.locator("button.la-remove").click()
    confirm = page.locator("#season-q3 .la-confirm")
    confirm.wait_for()
    assert "Take League night 1 out of Q3?" in confirm.inner_text()
    for w, h in ((1024, 768), (390, 844)):
        page.set_viewport_size({"width": w, "height": h})
        confirm.scroll_into_view_if_needed()
        page.wait_for_timeout(150)
        page.screenshot(path=str(ARTIFACTS / f"league-admin-take-out-{w}x{h}.png"))
        scroll = page.evaluate("document.documentElement.scrollWidth")
        assert scroll <= w, f"the confirmation scrolls sideways at {w}x{h}: {scroll}"
    page.set_viewport_size({"width": 1024, "height": 768})
    confirm.locator("button.la-remove-yes").click()
    page.locator("#season-q3 .la-removed li[data-tournament=night1]").wait_for()
    assert "League night 1 no longer counts toward Q3" in page.locator(".flash").inner_text()
    assert row.count() == 0
    data = page.request.get(f"{server}/api/leagues/{KEY}/standings?season=q3").json()
    assert {r["name"]: r["points"] for r in data["rows"]} == without
    assert without != best  # night 1 mattered
    for w, h in ((1024, 768), (390, 844)):
        page.set_viewport_size({"width": w, "height": h})
        page.locator("#season-q3 .la-removed").scroll_into_view_if_needed()
        page.wait_for_timeout(150)
        page.screenshot(path=str(ARTIFACTS / f"league-admin-taken-out-{w}x{h}.png"))
    page.set_viewport_size({"width": 1024, "height": 768})
    page.locator("#season-q3 .la-removed button.la-restore").click()
    row.wait_for()
    assert page.locator("#season-q3 .la-removed li").count() == 0
    data = page.request.get(f"{server}/api/leagues/{KEY}/standings?season=q3").json()
    assert {r["name"]: r["points"] for r in data["rows"]} == best
    assert errors == []
    page.close()
