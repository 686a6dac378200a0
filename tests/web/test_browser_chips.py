"""Chip counts by locale in a real browser (issue 27, point 2; docs/money.md).

A night at level 11 (1,000/2,000) with no locale chosen: chip counts follow the page's
language (``pokertdMoney.chips``, static/money.js). The TV in German shows the blinds
``1.000 / 2.000``, in Spanish ``1000 / 2000`` (CLDR's minimumGroupingDigits is 2 there: four
digits stay ungrouped), in English ``1,000 / 2,000``; the console's average stack and the
stacks of its players list read ``25.000`` in German. Screenshots of the TV and the console
in German at 1920x1080 and 390x844 go to ``tests/.artifacts/chips_*.png``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from pokertd.app.tournaments import open_service
from pokertd.i18n import N_, Chips, Sentence, catalog
from pokertd.tournament.clock import SetLevel, StartClock
from pokertd.tournament.entries import CreateTournament, RecordChips, Register
from pokertd.tournament.seating import DrawSeats
from pokertd.tournament.templates import load_template

from .servers import page_sign_in, running_server

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[1] / ".artifacts"
PASSWORD = "chips-night-1"
SIZES = ((1920, 1080), (390, 844))

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(), reason=f"chromium is not installed at {CHROMIUM}"
    ),
]


@dataclass
class Night:
    base: str
    tid: str


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Night]:
    db = tmp_path_factory.mktemp("chips") / "chips.db"
    service = open_service(f"sqlite:///{db}")
    try:
        tid = service.create(CreateTournament(name="Chips", template=load_template("fox_wed_80")))
        for i in range(12):
            service.run(tid, Register(name=f"Player {i:02d}", member=f"M-{i}", age_ok=True))
        service.run(tid, DrawSeats(), actor="t")
        service.run(tid, StartClock(), actor="t")
        service.run(tid, SetLevel(level=11), actor="t")
        service.run(tid, RecordChips(counts=(("Player 00", 31_200),)), actor="t")
    finally:
        service.close()
    with running_server(db, PASSWORD) as base:
        yield Night(base, tid)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        yield b
        b.close()


def _tv(browser: Any, night: Night, lang: str, size: tuple[int, int]) -> Any:
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    page.goto(f"{night.base}/t/{night.tid}/tv?lang={lang}")
    page.wait_for_function("() => (document.getElementById('tv-blinds') || {}).textContent")
    page.wait_for_timeout(300)
    return page


def test_the_tv_writes_the_blinds_in_its_language(browser: Any, night: Night) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    shown = {}
    for lang in ("en", "de", "es"):
        page = _tv(browser, night, lang, SIZES[0])
        shown[lang] = page.inner_text("#tv-blinds")
        page.screenshot(path=str(ARTIFACTS / f"chips_tv_{lang}_1920x1080.png"))
        page.close()
    assert shown == {"en": "1,000 / 2,000", "de": "1.000 / 2.000", "es": "1000 / 2000"}
    page = _tv(browser, night, "de", SIZES[1])
    assert page.inner_text("#tv-blinds") == "1.000 / 2.000"
    # a sentence the server built names its chip counts (Sentence.as_json): said() writes
    # them the page's way, as catalog.sentence does on the server
    said = Sentence(N_("Colour up the %(chips)s chips."), {"chips": Chips(5000)}).as_json()
    assert page.evaluate("(x) => window.pokertd.said(x)", said) == catalog.sentence("de", said)
    assert catalog.sentence("de", said) == "Die 5.000-Chips werden eingewechselt."
    page.screenshot(path=str(ARTIFACTS / "chips_tv_de_390x844.png"))
    page.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_console_writes_stacks_in_german(
    browser: Any, night: Night, size: tuple[int, int]
) -> None:
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = ctx.new_page()
    page_sign_in(page, night.base, PASSWORD)
    page.goto(f"{night.base}/t/{night.tid}/floor?lang=de")
    page.wait_for_selector("#table-map .table-box")
    page.wait_for_timeout(300)
    # the tables tab: the average stack (12 x 25,000 in play) in German
    assert page.inner_text("#floor-average") == "25.000"
    page.screenshot(path=str(ARTIFACTS / f"chips_console_de_{size[0]}x{size[1]}.png"))
    page.click("#tab-players")
    page.wait_for_selector("#page-players", state="visible")
    stacks = page.eval_on_selector_all(
        "#players tbody tr td.num", "(tds) => tds.map((td) => td.textContent.trim())"
    )
    assert "31.200" in stacks, stacks
    assert "25.000" in stacks, stacks
    assert not [s for s in stacks if "," in s], stacks
    page.screenshot(path=str(ARTIFACTS / f"chips_console_players_de_{size[0]}x{size[1]}.png"))
    ctx.close()


def test_a_chip_count_typed_the_german_way_is_read_whole(browser: Any, night: Night) -> None:
    """The console shows ``31.200`` in German, so a German floorperson types it so: the
    page scripts' one chip reader (``pokertdMoney.parseChips``, used by the chip counts,
    colour-up stacks, end-by-count, a deal's stacks and a day's bag counts) reads 31200,
    never 31.2; a decimal is no chip count (NaN, refused by the form)."""
    ctx = browser.new_context(viewport={"width": 1024, "height": 768})
    page = ctx.new_page()
    page_sign_in(page, night.base, PASSWORD)
    page.goto(f"{night.base}/t/{night.tid}/floor?lang=de")
    page.wait_for_selector("#table-map .table-box")
    read = page.evaluate(
        """() => ["31.200", "31,200", "31200", " 1.200.000 ", "31.2", "1,5", ""].map(
            (x) => String(window.pokertdMoney.parseChips(x)))"""
    )
    assert read == ["31200", "31200", "31200", "1200000", "NaN", "NaN", "null"]
    ctx.close()
