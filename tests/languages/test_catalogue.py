"""The translation catalogue (issue 27, point 1; docs/languages.md).

Fails when a string a person reads is not in the catalogue: the faces listed in
:data:`TEMPLATES` and :data:`SCRIPTS` are scanned for text outside ``_()``/``{% trans %}``/
``t()`` (tests/languages/scan.py), and ``scripts/i18n.py check`` must find the ``.pot`` current
and every msgid translated into every shipped language (no empty, no fuzzy entry, the same
placeholders).
"""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

import pytest

from pokertd.app.tournaments import TournamentService
from pokertd.errors import PokertdError
from pokertd.i18n import catalog, tools
from pokertd.store import open_store
from pokertd.tournament.clock import StartClock
from pokertd.tournament.entries import CreateTournament
from pokertd.tournament.templates import load_template

from .scan import script_problems, template_problems

TEMPLATES = (
    "base.html",
    "_languages.html",
    "_charts.html",
    "tv.html",
    "player.html",
    "lobby.html",
    "signup.html",
    "signup_mine.html",
    "results.html",
    "login.html",
    "home.html",
    "dealer.html",
    "dealer_pin.html",
    "screen.html",
    "screen_editor.html",
    "screens.html",
    "simulate.html",
    "apidocs.html",
    "players.html",
    "league.html",
    "league_admin.html",
    "leagues.html",
    "series.html",
    "series_admin.html",
    "series_index.html",
    "embed_league.html",
    "embed_series.html",
    "floor.html",
    "_ruling.html",
    "new_event.html",
    "setup.html",
    "signups.html",
    "print.html",
    "print_bags.html",
    "mail.html",
)
"""Templates whose every visible text is in the catalogue."""

SCRIPTS = (
    "app.js",
    "tv.js",
    "player.js",
    "dealer.js",
    "screen-layout.js",
    "screens.js",
    "simulate.js",
    "apidocs.js",
    "live-offline.js",
    "money.js",
    "sw.js",
    "players.js",
    "league.js",
    "league_admin.js",
    "series.js",
    "series-admin.js",
    "ruling.js",
    "floor.js",
    "floor_keys.js",
    "days.js",
    "setup.js",
)
"""Page scripts whose every sentence goes through ``t()``/``tn()``."""


def test_catalogue_is_current_and_complete() -> None:
    found = tools.problems()
    assert found == [], "\n".join(found[:40])


def test_every_msgid_is_translated_into_es_and_de() -> None:
    for lang, (done, total) in tools.coverage().items():
        assert total > 150, "the catalogue lost its messages"
        assert done == total, f"{lang}: {done}/{total}"


@pytest.mark.parametrize("name", TEMPLATES)
def test_template_text_is_in_the_catalogue(name: str) -> None:
    assert template_problems(name) == []


@pytest.mark.parametrize("name", SCRIPTS)
def test_script_sentences_are_in_the_catalogue(name: str) -> None:
    assert script_problems(name) == []


def test_the_scanner_finds_english_left_in_a_page(tmp_path: Path) -> None:
    """The scan is not a tautology: English outside the catalogue is found, in the text,
    an attribute and an ``x-text`` of a template and in a script; a literal an ``x-text``
    only compares with (``=== 'late'``) is a value, not text."""
    page = tmp_path / "page.html"
    page.write_text(
        '<p>{{ _("Seat") }}</p>\n<p>Seat cards</p>\n<input placeholder="Player name">\n'
        """<b x-text="p === 'late' ? t('Late') : 'signed out'"></b>\n""",
        encoding="utf-8",
    )
    assert template_problems(str(page)) == [
        f"{page}:3: placeholder='Player name'",
        f"{page}:4: x-text literal 'signed out'",
        f"{page}:2: 'Seat cards'",
    ]
    script = tmp_path / "page.js"
    script.write_text('const a = t("Seat");\nconst b = "Seat cards";\n', encoding="utf-8")
    assert script_problems(str(script)) == [f'{script}:2: "Seat cards"']


def test_pseudo_locale_is_bracketed_accented_and_longer() -> None:
    text = tools.pseudo("Table %(table)s, seat %(seat)s")
    assert text.startswith("[")
    assert text.endswith("]")
    assert "%(table)s" in text
    assert "%(seat)s" in text
    letters = text.replace("%(table)s", "").replace("%(seat)s", "")
    assert not any("a" <= c.lower() <= "z" for c in letters)
    assert text.count("·") >= 0.35 * len("Table , seat ")  # ~35 % longer than the words


def test_plural_forms_follow_each_language() -> None:
    assert catalog.ngettext("de", "%(n)s place paid", "%(n)s places paid", 1) == "1 bezahlter Platz"
    assert catalog.ngettext("de", "%(n)s place paid", "%(n)s places paid", 3) == "3 bezahlte Plätze"
    assert (
        catalog.ngettext("es", "%(n)s place paid", "%(n)s places paid", 0) == "0 puestos premiados"
    )
    assert catalog.ngettext("en", "%(n)s place paid", "%(n)s places paid", 1) == "1 place paid"


def test_accept_language_negotiation() -> None:
    assert catalog.from_accept_language("de-AT,de;q=0.9,en;q=0.8") == "de"
    assert catalog.from_accept_language("fr-FR,es;q=0.7,de;q=0.3") == "es"
    assert catalog.from_accept_language("fr-FR,fr;q=0.9") is None
    assert catalog.from_accept_language("xx") is None  # the pseudo-locale is never negotiated
    assert catalog.from_accept_language("en;q=0.2,de;q=0.9") == "de"


def test_B1_a_core_refusal_reads_in_german_and_keeps_the_venues_rule_ids() -> None:
    """Starting a started clock (B1): the core's English sentence, translated at the face."""
    now = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)
    service = TournamentService(
        open_store("sqlite:///:memory:"), rng_factory=lambda: random.Random(7), now=lambda: now
    )
    tid = service.create(CreateTournament(name="Night", template=load_template("fox_wed_80")))
    service.run(tid, StartClock())
    with pytest.raises(PokertdError) as refused:
        service.run(tid, StartClock())
    exc = refused.value
    assert exc.template == "The clock is already started."
    assert str(exc).startswith("The clock is already started. (")
    german = catalog.refusal(exc, "de")
    assert german.startswith("Die Uhr ist schon gestartet. (")
    assert german[german.index("(") :] == str(exc)[str(exc).index("(") :]  # the same rule IDs
    assert catalog.refusal(exc, "es").startswith("El reloj ya se ha puesto en marcha. (")
