"""League history imported on the league admin page (issue 26, point 4), in chromium.

Ann Archer and Bob Baker are in the player database; a season has no event yet. The
director picks a league site's export of two past nights (Ann 20 + 15, Bob 15 + 20; one
unknown player): the preview names the unknown line, the import puts 4 results in the
standings (the public board: 35 each, "imported"), and the undo takes them out again.
Screenshots at 390x844 and 1024x768 go to ``tests/.artifacts/``.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pokertd.app.leagues import LeagueService, Season
from pokertd.app.tournaments import open_service
from pokertd.league.points import PointsKind, PointsScheme
from pokertd.store.players import NewPlayer, PlayerStore

from .servers import running_server, signed_in
from .test_browser import ARTIFACTS, browser, pytestmark  # noqa: F401

PASSWORD = "league-history-1"
FILE = (
    "Player,Date,Tournament,Finish,Pts\n"
    "Ann Archer,2025-01-07,Tuesday #1,1,20\n"
    "Bob Baker,2025-01-07,Tuesday #1,2,15\n"
    "Bob Baker,2025-01-14,Tuesday #2,1,20\n"
    "Ann Archer,2025-01-14,Tuesday #2,2,15\n"
    "Zed Zulu,2025-01-14,Tuesday #2,3,12\n"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    tmp = tmp_path_factory.mktemp("league-history")
    svc = open_service(f"sqlite:///{tmp / 'league.db'}")
    try:
        store = svc.store
        assert isinstance(store, PlayerStore)
        store.add_players(
            [NewPlayer("pl0", "Ann Archer", ""), NewPlayer("pl1", "Bob Baker", "")],
            staff="setup",
            at="2025-01-01T00:00:00+00:00",
        )
        leagues = LeagueService.over(svc)
        leagues.create_league("tue", "Tuesday League", PointsScheme(kind=PointsKind.FIXED,
                                                                    table=(10, 7)))  # fmt: skip
        leagues.add_season(Season(league="tue", key="w25", name="Winter 2025"))
    finally:
        svc.close()
    path = tmp / "site-export.csv"
    path.write_text(FILE)
    with running_server(tmp / "league.db", PASSWORD) as base:
        yield base, path


def _board(base: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{base}/api/leagues/tue/standings?season=w25", timeout=5) as r:
        data: dict[str, Any] = json.loads(r.read())
    return data


@pytest.mark.parametrize("size", [(1024, 768), (390, 844)])
def test_import_and_undo_past_nights_on_the_admin_page(
    browser: Any,  # noqa: F811
    server: tuple[str, Path],
    size: tuple[int, int],
) -> None:
    base, path = server
    page, errors = signed_in(browser, base, PASSWORD, *size)
    page.goto(f"{base}/leagues/tue/admin")
    page.set_input_files("input.hist-file", str(path))
    page.wait_for_selector(".hist-summary")
    summary = page.inner_text(".hist-summary")
    assert "4 matched (2 events)" in summary
    assert "1 unknown player," in summary
    assert "Line 6: Zed Zulu" in page.inner_text(".la-hist-preview")
    assert _board(base)["rows"] == []  # the preview wrote nothing
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"league-history-preview-{size[0]}.png"), full_page=True)
    page.click("button.hist-import")
    page.wait_for_selector("button.hist-undo")
    rows = [(r["name"], r["points"], r["imported"]) for r in _board(base)["rows"]]
    assert rows == [("Ann Archer", 35, 2), ("Bob Baker", 35, 2)]
    page.screenshot(path=str(ARTIFACTS / f"league-history-done-{size[0]}.png"), full_page=True)
    undone = page.locator("text=(undone)").count()  # the other size's import is listed too
    page.click("button.hist-undo")
    page.wait_for_function(
        "n => document.querySelectorAll('body *').length && "
        "[...document.querySelectorAll('body *')].filter(e => e.childElementCount === 0 && "
        "e.textContent.includes('(undone)')).length > n",
        arg=undone,
    )
    assert _board(base)["rows"] == []
    assert errors == []
    page.close()
