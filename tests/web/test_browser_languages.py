"""Languages in a real browser (issue 27, point 1; docs/languages.md).

``pokertd serve`` over a night built through the service; Debian's chromium opens the TV
(running and before the start), the lobby, the player's phone and, signed in as the
director, the floor console (its tabs, the seat sheet and the keyboard help)

- in the pseudo-locale ``xx`` (every catalogue text accented, bracketed and ~35 % longer)
  at 1920x1080, 1024x768 and 390x844: no visible text with plain Latin letters outside the
  brackets (English that escaped the catalogue) except the night's own data (the event's
  and players' names, which are themselves written in accented letters here), and no
  element whose words overflow its box (figures alone are the same in every language and
  left to the layout's own tests), nor a page wider than the screen;
- in Spanish and German at the same sizes: the same overflow checks, and screenshots for
  a person to look at.

The console's check of English covers the text its template and the ruling tool own
(:data:`OWN_TEXT_JS`): the words static/floor.js builds (the clock's state, the move lines,
the seating and clock buttons, a player's status) and the sentences the server writes (the
log, the balancing prompt) are translated elsewhere, and left out here.

Screenshots go to ``tests/.artifacts/lang_*.png`` (ignored by git).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from pokertd.app.leagues import LeagueService, Season
from pokertd.app.tournaments import open_service
from pokertd.i18n import catalog
from pokertd.league.points import PointsKind, PointsScheme
from pokertd.league.standings import Qualification
from pokertd.tournament.clock import StartClock
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, Register
from pokertd.tournament.seating import DrawSeats
from pokertd.tournament.templates import load_template

from .servers import page_sign_in, running_server, signed_in

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[1] / ".artifacts"
PASSWORD = "lang-night-1"
SIZES = ((1920, 1080), (1024, 768), (390, 844))
EVENT = "Ŧőűŕñéý Ñíĝĥţ"
"""The event's name: data, not catalogue text (accented so the English check ignores it)."""

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(), reason=f"chromium is not installed at {CHROMIUM}"
    ),
]


def player_name(i: int) -> str:
    return f"Ƥĺáýéŕ {i:02d}"


@dataclass
class Night:
    base: str
    running: str
    pre: str


def _build(db: Path) -> tuple[str, str]:
    service = open_service(f"sqlite:///{db}")
    tmpl = load_template("fox_wed_80")
    try:
        running = service.create(CreateTournament(name=EVENT, template=tmpl))
        for i in range(18):
            service.run(running, Register(name=player_name(i), member=f"M-{i}", age_ok=True))
        service.run(running, DrawSeats(), actor="t")
        service.run(running, StartClock(), actor="t")
        pre = service.create(CreateTournament(name=EVENT + " 2", template=tmpl))
        for i in range(6):
            service.run(pre, Register(name=player_name(50 + i), member=f"P-{i}", age_ok=True))
    finally:
        service.close()
    return running, pre


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Night]:
    db = tmp_path_factory.mktemp("lang") / "lang.db"
    running, pre = _build(db)
    with running_server(db, PASSWORD) as base:
        yield Night(base, running, pre)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        yield b
        b.close()


VISIBLE_TEXT_JS = """() => {
  const out = [];
  const shown = (el) => {
    if (!el || !el.getClientRects().length) return false;
    const cs = getComputedStyle(el);
    return cs.visibility !== 'hidden' && cs.display !== 'none';
  };
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const p = n.parentElement;
    if (p && p.closest('[hreflang]')) continue;  // the picker names each language in itself
    if (!p || ['SCRIPT', 'STYLE', 'TEMPLATE'].includes(p.tagName)) continue;
    if (!n.textContent.trim() || !shown(p)) continue;
    out.push(n.textContent.trim());
  }
  for (const el of document.querySelectorAll('[placeholder],[aria-label],[alt],[title]')) {
    if (!shown(el)) continue;
    for (const a of ['placeholder', 'aria-label', 'alt', 'title']) {
      if (el.getAttribute(a)) out.push(el.getAttribute(a));
    }
  }
  return out;
}"""

OVERFLOW_JS = """(words) => {
  const bad = [];
  const catalogue = (text) => words.some((w) => w && text.includes(w));
  for (const el of document.body.querySelectorAll('*')) {
    if (!el.getClientRects().length) continue;
    const cs = getComputedStyle(el);
    if (cs.display === 'inline' || cs.display === 'contents') continue;
    if (cs.visibility === 'hidden') continue;
    // a name cut with an ellipsis is the layout's choice; catalogue words never are
    const own = [...el.childNodes].filter((c) => c.nodeType === 3)
      .map((c) => c.textContent).join('');
    if (cs.textOverflow === 'ellipsis' && !catalogue(own)) continue;
    // words only: a figure ("25,000") is the same in every language (its layout is not ours)
    const text = [...el.childNodes]
      .some((c) => c.nodeType === 3 && /\\p{L}{2,}/u.test(c.textContent));
    if (!text) continue;
    if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
      const words = el.textContent.trim().slice(0, 40);
      bad.push(`${el.tagName}.${el.className}: ${el.scrollWidth} > ${el.clientWidth} "${words}"`);
    }
  }
  if (document.documentElement.scrollWidth > window.innerWidth + 1) {
    bad.push(`page ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
  }
  return bad;
}"""


def untranslated(texts: list[str], data: tuple[str, ...]) -> list[str]:
    """Visible texts with plain Latin words outside the pseudo-locale's brackets."""
    found = []
    for text in texts:
        rest = text
        for d in data:
            rest = rest.replace(d, "")
        rest = re.sub(r"\[[^\]]*\]", "", rest)
        if re.search(r"[A-Za-z]{2,}", rest):
            found.append(text)
    return found


def _pages(night: Night) -> dict[str, str]:
    return {
        "tv": f"/t/{night.running}/tv",
        "tv_prestart": f"/t/{night.pre}/tv",
        "lobby": "/lobby",
        "phone": f"/t/{night.running}/player",
    }


def _open(browser: Any, url: str, size: tuple[int, int]) -> Any:
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    page.goto(url)
    page.wait_for_function("() => window.Alpine !== undefined")
    page.wait_for_timeout(500)
    return page


DATA = (EVENT, "pokertd", "QR", "Foxwoods WED. NIGHT STRUCTURE")
"""The night's own words: the event's name, the structure's (fox_wed_80's title), the
product's, and "QR"."""


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("face", ["tv", "tv_prestart", "lobby", "phone"])
def test_pseudo_locale_shows_no_english_and_nothing_overflows(
    night: Night, browser: Any, face: str, size: tuple[int, int]
) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = _open(browser, night.base + _pages(night)[face] + "?lang=xx", size)
    try:
        assert page.get_attribute("html", "lang") == "en-x-pseudo"
        texts = page.evaluate(VISIBLE_TEXT_JS)
        assert texts, "nothing visible"
        assert untranslated(texts, DATA) == []
        assert page.evaluate(OVERFLOW_JS, ["["]) == []
        page.screenshot(path=str(ARTIFACTS / f"lang_xx_{face}_{size[0]}x{size[1]}.png"))
    finally:
        page.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["es", "de"])
@pytest.mark.parametrize("face", ["tv", "tv_prestart", "lobby", "phone"])
def test_spanish_and_german_fit(
    night: Night, browser: Any, face: str, lang: str, size: tuple[int, int]
) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = _open(browser, night.base + _pages(night)[face] + f"?lang={lang}", size)
    try:
        assert page.get_attribute("html", "lang") == lang
        words = list(catalog.catalogue_json(lang).values())
        short = [w for w in words if isinstance(w, str) and "%" not in w]
        assert page.evaluate(OVERFLOW_JS, short) == []
        page.screenshot(path=str(ARTIFACTS / f"lang_{lang}_{face}_{size[0]}x{size[1]}.png"))
    finally:
        page.close()


OWN_TEXT_JS = """() => {
  // the console's own text: what its template writes, and the x-text / bound attributes
  // that go through t() or tn(); an x-text or binding without them shows data or a
  // sentence built by floor.js or the server (translated there, not checked here)
  const out = [];
  const shown = (el) => {
    if (!el || !el.getClientRects().length) return false;
    const cs = getComputedStyle(el);
    return cs.visibility !== 'hidden' && cs.display !== 'none';
  };
  const bound = (el, name) => el.getAttribute(name);
  const foreign = (expr) => expr != null && !/\\btn?\\(/.test(expr);
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const p = n.parentElement;
    // the picker names each language in itself; the header's user line starts with the
    // account's name (data: "director · Turnierleitung")
    if (!p || p.closest('[hreflang], .who')) continue;
    if (['SCRIPT', 'STYLE', 'TEMPLATE'].includes(p.tagName)) continue;
    if (!n.textContent.trim() || !shown(p)) continue;
    if (foreign(bound(p, 'x-text'))) continue;
    out.push(n.textContent.trim());
  }
  for (const el of document.querySelectorAll('*')) {
    if (!shown(el)) continue;
    for (const a of ['placeholder', 'aria-label', 'title']) {
      if (!el.getAttribute(a) || foreign(bound(el, ':' + a))) continue;
      out.push(el.getAttribute(a));
    }
  }
  return out;
}"""

CONSOLE_TABS = ("tables", "players", "clock", "money", "log", "ruling")
CONSOLE_DATA = (*DATA, "PIN", "ICM")
"""Besides the night's words: "PIN" (a table's dealer PIN) and "ICM", the same everywhere."""


def _console(browser: Any, night: Night, lang: str, size: tuple[int, int]) -> Any:
    """A director's console of the running night in ``lang``, on its Tables tab."""
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = ctx.new_page()
    page_sign_in(page, night.base, PASSWORD)
    page.goto(f"{night.base}/t/{night.running}/floor?lang={lang}")
    page.wait_for_function("() => window.Alpine !== undefined")
    page.wait_for_selector("#table-map .table-box")
    page.wait_for_timeout(300)
    return page


def _console_views(page: Any) -> Iterator[str]:
    """Show each tab in turn, then the seat sheet and the keyboard help: the name of each."""
    for tab in CONSOLE_TABS:
        page.click(f"#tab-{tab}")
        page.wait_for_selector(f"#page-{tab}", state="visible")
        page.wait_for_timeout(300)
        yield tab
    page.click("#tab-tables")
    page.click("#table-map .seat:not(.empty)")
    page.wait_for_selector("#seat-sheet", state="visible")
    page.wait_for_timeout(200)
    yield "seat_sheet"
    page.keyboard.press("Escape")
    page.wait_for_selector("#seat-sheet", state="hidden")
    page.evaluate("() => { document.getElementById('keys-help').open = true; }")
    page.locator("#keys-help").scroll_into_view_if_needed()
    yield "keys"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_console_in_the_pseudo_locale_shows_no_english_and_nothing_overflows(
    night: Night, browser: Any, size: tuple[int, int]
) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = _console(browser, night, "xx", size)
    try:
        assert page.get_attribute("html", "lang") == "en-x-pseudo"
        seen = set()
        for view in _console_views(page):
            texts = page.evaluate(OWN_TEXT_JS)
            assert texts, f"{view}: nothing visible"
            assert untranslated(texts, CONSOLE_DATA) == [], view
            assert page.evaluate(OVERFLOW_JS, ["["]) == [], view
            seen.update(page.evaluate(VISIBLE_TEXT_JS))
            page.screenshot(path=str(ARTIFACTS / f"lang_xx_floor_{view}_{size[0]}x{size[1]}.png"))
        # the pseudo-locale reached every tab: a few of each one's own words, bracketed
        for word in ("[Ţáƀĺéš", "[Ƥĺáýéŕš", "[Çĺóçķ", "[Ṁóñéý", "[Ĺóĝ", "[Ŕúĺíñĝ", "[Ķéýƀóáŕđ"):
            assert any(word in t for t in seen), word
    finally:
        page.context.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["es", "de"])
def test_console_in_spanish_and_german_fits(
    night: Night, browser: Any, lang: str, size: tuple[int, int]
) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = _console(browser, night, lang, size)
    try:
        assert page.get_attribute("html", "lang") == lang
        words = list(catalog.catalogue_json(lang).values())
        short = [w for w in words if isinstance(w, str) and "%" not in w]
        tab_names = {"es": "Mesas", "de": "Tische"}
        assert page.inner_text("#tab-tables") == tab_names[lang]
        for view in _console_views(page):
            assert page.evaluate(OVERFLOW_JS, short) == [], view
            page.screenshot(
                path=str(ARTIFACTS / f"lang_{lang}_floor_{view}_{size[0]}x{size[1]}.png"),
                full_page=True,
            )
    finally:
        page.context.close()


def test_phone_follows_the_browser_and_the_picker_wins(night: Night, browser: Any) -> None:
    ctx = browser.new_context(locale="de-DE", viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    try:
        page.goto(f"{night.base}/t/{night.running}/player")
        page.wait_for_function("() => window.Alpine !== undefined")
        assert page.get_attribute("html", "lang") == "de"
        assert page.inner_text("#seat-search ~ p, .card h2") != ""
        assert "Meinen Platz finden" in page.inner_text("body")
        page.click(".phone-langs a[hreflang=es]")  # the picker: this phone now speaks Spanish
        page.wait_for_function("() => document.documentElement.lang === 'es'")
        assert "Buscar mi asiento" in page.inner_text("body")
        page.fill("#seat-search", "Ƥĺáýéŕ 03")
        page.wait_for_selector(".seat-row")
        assert "Mesa" in page.inner_text(".seat-row")
    finally:
        ctx.close()


# ---- the players page and the public league board (issue 27 leftovers) -----------------

LEAGUE = "Ŀíĝá Ćĺúƀ"
SEASON = "Ŧéḿƥőŕáďá 1"
STACK = "5000 + 100 * points"
"""The season's championship stack: the formula language's own words, not catalogue text."""
PEOPLE_DATA = (*DATA, STACK, "AM", "PM", "director")
"""The league's and players' pages' own words: the night's, the stack formula, the venue
locale's times of day (``5:24 PM`` in ``en-US``: the venue's, not the language's), and the
staff account's name in the header ("director · Director": the name is data)."""


@dataclass
class People:
    base: str
    player: str
    """The league's winner's name (the players page opens their profile)."""


def _build_people(db: Path) -> None:
    """A league of two finished nights of eight players (a different winner each night),
    a third night still running, and a season that qualifies the top 3 or 12 points."""
    service = open_service(f"sqlite:///{db}")
    leagues = LeagueService.over(service)
    try:
        scheme = PointsScheme(
            kind=PointsKind.FIXED, table=(10, 7, 5, 3, 2), attendance_points=1, knockout_points=1
        )
        leagues.create_league("club", LEAGUE, scheme)
        qualification = Qualification(top=3, min_points=12)
        leagues.add_season(
            Season(league="club", key="s1", name=SEASON, best_n=2, qualification=qualification)
        )
        names = [player_name(60 + i) for i in range(8)]
        for night in range(3):
            tid = service.create(
                CreateTournament(name=f"{EVENT} {night + 1}", template=load_template("spot_league"))
            )
            order = names[night:] + names[:night]
            for name in order:
                card = f"L-{names.index(name)}"
                service.run(
                    tid, Register(name=name, member=card, age_ok=True, member_ok=True), actor="t"
                )
            service.run(tid, DrawSeats(), actor="t")
            if night < 2:  # the third night is still being played
                for name in reversed(order[1:]):
                    service.run(tid, Bust(players=(name,), eliminator=order[0]), actor="t")
                service.run(tid, CloseRegistration(), actor="t")
            leagues.add_event("club", "s1", tid)
    finally:
        service.close()


@pytest.fixture(scope="module")
def people(tmp_path_factory: pytest.TempPathFactory) -> Iterator[People]:
    db = tmp_path_factory.mktemp("people") / "people.db"
    _build_people(db)
    with running_server(db, PASSWORD) as base:
        yield People(base, player_name(60))


def _open_people(browser: Any, people: People, face: str, lang: str, size: tuple[int, int]) -> Any:
    """The public league board, or the players page signed in as the director with a
    profile open (history, eligibility, duplicates) and the import panel shown."""
    if face == "league":
        return _open(browser, f"{people.base}/leagues/club?lang={lang}", size)
    page, _ = signed_in(browser, people.base, PASSWORD, *size)
    found = page.request.get(f"{people.base}/api/players?q={people.player}").json()
    page.goto(f"{people.base}/players?lang={lang}&id={found[0]['id']}")
    page.wait_for_selector("#history-table tbody tr")
    page.click("#import-open")
    page.wait_for_timeout(300)
    return page


def _ids(page: Any) -> tuple[str, ...]:
    """The player ids the players page shows (``pl`` and eight letters: data)."""
    return tuple(set(re.findall(r"\bpl[a-z0-9]{8}\b", page.inner_text("body"))))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("face", ["league", "players"])
def test_people_pages_in_the_pseudo_locale(
    people: People, browser: Any, face: str, size: tuple[int, int]
) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = _open_people(browser, people, face, "xx", size)
    try:
        assert page.get_attribute("html", "lang") == "en-x-pseudo"
        texts = page.evaluate(VISIBLE_TEXT_JS)
        assert texts, "nothing visible"
        assert untranslated(texts, (*PEOPLE_DATA, *_ids(page))) == []
        assert page.evaluate(OVERFLOW_JS, ["["]) == []
        page.screenshot(
            path=str(ARTIFACTS / f"lang_xx_{face}_{size[0]}x{size[1]}.png"), full_page=True
        )
    finally:
        page.close()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["es", "de"])
@pytest.mark.parametrize("face", ["league", "players"])
def test_people_pages_in_spanish_and_german_fit(
    people: People, browser: Any, face: str, lang: str, size: tuple[int, int]
) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = _open_people(browser, people, face, lang, size)
    try:
        assert page.get_attribute("html", "lang") == lang
        words = list(catalog.catalogue_json(lang).values())
        short = [w for w in words if isinstance(w, str) and "%" not in w]
        assert page.evaluate(OVERFLOW_JS, short) == []
        page.screenshot(
            path=str(ARTIFACTS / f"lang_{lang}_{face}_{size[0]}x{size[1]}.png"), full_page=True
        )
    finally:
        page.close()


def test_league_board_and_embed_follow_the_browser(people: People, browser: Any) -> None:
    """The public standings and the club site's widget speak the visitor's language; the
    board's qualification line is one sentence with the season's figures."""
    ctx = browser.new_context(locale="de-DE", viewport={"width": 390, "height": 844})
    page = ctx.new_page()
    try:
        page.goto(f"{people.base}/leagues/club")
        page.wait_for_function("() => window.Alpine !== undefined")
        assert page.get_attribute("html", "lang") == "de"
        rule = page.inner_text("#qualifiers .lb-rule")
        assert rule == "Qualifiziert: die besten 3 und alle mit 12 Punkten oder mehr."
        assert page.text_content("#season-events h2") == "3 Turniere"
        page.goto(f"{people.base}/embed/leagues/club")
        assert page.get_attribute("html", "lang") == "de"
        assert "Ganze Tabelle" in page.inner_text(".em-foot")
        page.goto(f"{people.base}/embed/leagues/club?lang=es")
        assert "Clasificación completa" in page.inner_text(".em-foot")
    finally:
        ctx.close()
