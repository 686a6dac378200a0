"""Players brought in from a file, in a real browser (issue 26, point 4).

``pokertd serve`` runs on a SQLite file holding the club's 320 players
(``player_files.club``); chromium opens ``/players`` as the director, uploads the seeded
500-row export (20 near-duplicates of club players: typos, capitals and accents, swapped
names, initials), sees the guessed columns, the preview listing exactly those 20 as likely
duplicates and 480 new players, imports, and undoes the import.

Screenshots of the three steps at 1024x768 and 390x844 go to ``tests/.artifacts/import/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from pokertd.app.tournaments import open_service
from pokertd.store.players import NewPlayer, PlayerStore

from .player_files import club, export
from .servers import running_server, signed_in
from .test_browser import ARTIFACTS, browser, pytestmark  # noqa: F401

PASSWORD = "import-night-1"
SIZES = ((1024, 768), (390, 844))
SHOTS = ARTIFACTS / "import"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("import") / "club.db"
    svc = open_service(f"sqlite:///{db}")
    try:
        store = svc.store
        assert isinstance(store, PlayerStore)
        people = [NewPlayer(f"plclub{i:04d}", n, c) for i, (n, c) in enumerate(club())]
        store.add_players(people, staff="setup", at="2026-01-01T00:00:00+00:00")
    finally:
        svc.close()
    with running_server(db, PASSWORD) as base:
        yield base


def _shots(page: Any, step: str, anchor: str) -> None:
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.locator(anchor).scroll_into_view_if_needed()
        page.wait_for_timeout(150)
        page.screenshot(path=str(SHOTS / f"import-{step}-{w}x{h}.png"))
        scroll = page.evaluate("document.documentElement.scrollWidth")
        assert scroll <= w, f"the {step} step scrolls sideways at {w}x{h}: {scroll}"
    page.set_viewport_size({"width": 1024, "height": 768})


def test_upload_map_preview_import_and_undo_500_players(server: str, browser: Any) -> None:  # noqa: F811
    SHOTS.mkdir(parents=True, exist_ok=True)
    data = export()
    page, errors = signed_in(browser, server, PASSWORD, 1024, 768)
    page.goto(f"{server}/players")
    page.click("#import-open")
    page.set_input_files(
        "#import-file",
        files=[{"name": "club-export.csv", "mimeType": "text/csv", "buffer": data.csv()}],
    )
    page.wait_for_selector("#import-mapping", state="visible")
    assert page.locator("#import-mapping select").count() == 4
    assert page.locator("select[data-column='Member #']").input_value() == "card"
    assert page.locator("select[data-column='E-mail']").input_value() == "email"
    _shots(page, "mapping", "#import-mapping")

    page.click("#import-preview")
    page.wait_for_selector("#import-dupes", state="visible")
    assert page.locator("#import-dupes tbody tr").count() == 20
    counts = page.locator("#import-counts").inner_text()
    assert "480\nnew players" in counts
    assert "20\nlikely duplicates" in counts
    dupes = page.locator("#import-dupes tbody").inner_text()
    for line, name in data.near.items():
        assert f"{line}\t" in dupes
        assert name in dupes
    assert page.locator("#import-go").inner_text() == "Import 480 players"
    _shots(page, "preview", "#import-counts")

    page.click("#import-go")
    page.wait_for_selector("#import-done", state="visible")
    done = page.locator("#import-done .done-line").inner_text()
    # invented rows 20..499 of the export give an address on every even one: 240
    assert done.startswith("Imported 480 players (240 mail addresses) from club-export.csv")
    assert "480 players by director" in page.locator("#import-history").inner_text()
    _shots(page, "done", "#import-done")

    page.fill("#player-search", "Quux")  # nothing of the sort: the search still works
    page.click("#import-undo")
    page.wait_for_selector(".flash:has-text('undone')")
    assert "its 480 players are removed" in page.locator(".flash").inner_text()
    # the history is read again before the flash is shown; waiting covers a slow machine
    page.wait_for_selector("#import-history:has-text('undone by director')")
    assert errors == []
    page.close()
