"""Money by locale in a real browser (issue 27, point 2).

- ``static/money.js`` (``Intl.NumberFormat`` in chromium) and ``pokertd.money.format_money``
  (Babel) write the same text for a set of amounts in en-US, de-DE, es-ES, en-GB and ja-JP:
  both follow CLDR, so a page and a print sheet never disagree;
- a EUR venue in German (``POKERTD_CURRENCY=EUR``, ``POKERTD_LOCALE=de_DE``): the TV, the
  console and the phone show the prize pool of 2 x 617,28 € as ``1.234,56 €`` at
  1920x1080, 1024x768 and 390x844 (screenshots into ``tests/.artifacts/``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from pokertd.app.tournaments import TournamentService
from pokertd.money import format_money
from pokertd.store import open_store
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.templates import Fees, load_template

from .servers import page_sign_in, running_server

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[1] / ".artifacts"
PASSWORD = "money-night-1"
STATIC = Path(__file__).resolve().parents[2] / "src" / "pokertd" / "web" / "static"
SIZES = ((1920, 1080), (1024, 768), (390, 844))
AMOUNTS = (0, 50, 31000, 31040, 123456, 407400, 1407400, 100000000)
LOCALES = ("en-US", "de-DE", "es-ES", "en-GB", "ja-JP")
CURRENCIES = ("USD", "EUR", "GBP", "JPY")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(), reason=f"chromium is not installed at {CHROMIUM}"
    ),
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        yield b
        b.close()


def test_intl_in_the_browser_and_babel_on_the_server_agree(browser: Any) -> None:
    page = browser.new_page()
    script = (STATIC / "money.js").read_text(encoding="utf-8")
    page.set_content('<meta name="pokertd-money" data-currency="USD" data-locale="en-US">')
    page.add_script_tag(content=script)
    cases = [(a, c, loc) for a in AMOUNTS for c in CURRENCIES for loc in LOCALES]
    shown = page.evaluate(
        """(cases) => cases.map(([a, c, l]) =>
             window.pokertdMoney.format(a, c, l, c === 'JPY' ? 0 : 2))""",
        cases,
    )
    page.close()
    differ = [
        (a, c, loc, js, py)
        for (a, c, loc), js in zip(cases, shown, strict=True)
        if js != (py := format_money(a, c, loc.replace("-", "_"), trim=True))
    ]
    assert differ == []
    # and the numbers CLDR gives, spelled out
    assert dict(zip(cases, shown, strict=True))[(123456, "EUR", "de-DE")] == "1.234,56\u00a0€"
    assert dict(zip(cases, shown, strict=True))[(407400, "EUR", "es-ES")] == "4074\u00a0€"


@pytest.fixture(scope="module")
def euro_night(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch_module: pytest.MonkeyPatch
) -> Iterator[tuple[str, str]]:
    db = tmp_path_factory.mktemp("money") / "money.db"
    service = TournamentService(
        open_store(f"sqlite:///{db}"), rng_factory=lambda: random.Random(7), currency="EUR"
    )
    tmpl = replace(load_template("kpc_nlh"), fees=Fees(prize_pool=61728, house_fee=300))
    tid = service.create(CreateTournament(name="Mittwochsturnier", template=tmpl))
    for name in ("Anna Becker", "Bernd Vogel"):  # Kojack withholds nothing: 2 x 617,28 €
        service.run(tid, Register(name=name, age_ok=True, member_ok=True), actor="t")
    service.store.close()
    monkeypatch_module.setenv("POKERTD_CURRENCY", "EUR")
    monkeypatch_module.setenv("POKERTD_LOCALE", "de_DE")
    with running_server(db, PASSWORD) as base:
        yield base, tid


@pytest.fixture(scope="module")
def monkeypatch_module() -> Iterator[pytest.MonkeyPatch]:
    with pytest.MonkeyPatch.context() as mp:
        yield mp


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_euro_venue_in_german_shows_1_234_56_euro(
    browser: Any, euro_night: tuple[str, str], size: tuple[int, int]
) -> None:
    base, tid = euro_night
    ARTIFACTS.mkdir(exist_ok=True)
    w, h = size
    context = browser.new_context(viewport={"width": w, "height": h})
    page = context.new_page()
    page.goto(f"{base}/t/{tid}/tv")
    page.wait_for_function("document.body.innerText.includes('1.234,56\u00a0€')", timeout=15000)
    assert "$" not in page.inner_text("body")
    page.screenshot(path=str(ARTIFACTS / f"money-tv-eur-de-{w}x{h}.png"))
    page_sign_in(page, base, PASSWORD, f"/t/{tid}/floor")
    page.goto(f"{base}/t/{tid}/floor")
    page.wait_for_function("document.body.innerText.includes('1.234,56\u00a0€')", timeout=15000)
    page.screenshot(path=str(ARTIFACTS / f"money-floor-eur-de-{w}x{h}.png"))
    page.goto(f"{base}/t/{tid}/player")
    page.wait_for_function("document.body.innerText.includes('1.234,56\u00a0€')", timeout=15000)
    page.screenshot(path=str(ARTIFACTS / f"money-player-eur-de-{w}x{h}.png"))
    context.close()
