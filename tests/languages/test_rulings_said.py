"""The ruling tool's sentence and options in Spanish and German (issue 27, point 1;
docs/rulings.md): the core builds them as catalogue sentences (``Ruling.said``), the
English ``sentence`` stays as it was, and each face says them in its reader's language."""

from __future__ import annotations

import itertools

import pytest
from typer.testing import CliRunner

from pokertd.cli import app
from pokertd.engine.rulings import Happened, Option, Ruling, make_situation, parse_chips, rule
from pokertd.i18n import catalog
from pokertd.rules import load_profile

FACING_600 = make_situation(
    to_call=600, current_bet=600, last_increment=400, pot=900, stack=100_000, big_blind=200
)


def _said(ruling: Ruling, lang: str) -> str:
    return " ".join(catalog.sentence(lang, s) for s in ruling.said)


def test_a_verbal_call_is_ruled_in_german_and_spanish() -> None:
    ruling = rule(FACING_600, Happened(words="call"), load_profile("tda"))
    assert ruling.sentence == (
        "Call of 600: a verbal call binds the player to the full call. The player adds 600."
    )
    assert _said(ruling, "de") == (
        "Call von 600: ein verbaler Call bindet den Spieler an den vollen Call. "
        "Der Spieler legt 600 dazu."
    )
    assert _said(ruling, "es").startswith("Call de 600: un call verbal obliga al jugador")


def test_check_facing_a_bet_and_its_options_in_german() -> None:
    ruling = rule(FACING_600, Happened(words="check"), load_profile("tda"))
    assert ruling.sentence.startswith('"Check" facing a bet of 600 is invalid')
    assert _said(ruling, "de") == (
        '"Check" gegen einen Einsatz von 600 ist ungültig: der Spieler kann nur callen oder '
        "folden, nicht erhöhen."
    )
    call, fold = ruling.options
    assert call.sentence == "Call 600. The player adds 600."
    assert " ".join(catalog.sentence("de", s) for s in call.said) == (
        "600 callen. Der Spieler legt 600 dazu."
    )
    assert fold.said[0].msgid == "Fold."


def test_the_json_carries_the_sentences_beside_the_english() -> None:
    ruling = rule(FACING_600, Happened(words="raise"), load_profile("tda"))
    body = ruling.as_dict()
    assert body["sentence"] == (
        "The player must raise to at least 1,000; he names the amount, up to 100,000."
    )
    said = body["said"]
    assert isinstance(said, list)
    assert said[0]["text"] == body["sentence"]
    assert said[0]["params"] == {"amount": 1_000, "most": 100_000}


WORDS = ("", "call", "check", "fold", "raise", "raise 3000", "all-in", "pot", "tap", "bet 50")
PUSHES = ((), (parse_chips("600"),), (parse_chips("5000"),), (parse_chips("100"),))


@pytest.mark.parametrize(("words", "pushes"), list(itertools.product(WORDS, PUSHES)))
def test_the_sentences_read_as_the_english_sentence(
    words: str, pushes: tuple[tuple[int, ...], ...]
) -> None:
    """Every ruling and option comes as sentences, and they are the English sentence word
    for word (so a face never says something else than ``sentence``)."""
    if not words and not pushes:
        return
    for profile in ("tda", "kojack", "foxwoods"):
        for kw in ({}, {"out_of_turn": True}, {"skipped": True, "acted_behind": 1}):
            ruling = rule(
                FACING_600, Happened(words=words, pushes=pushes, **kw), load_profile(profile)
            )
            parts: tuple[Ruling | Option, ...] = (ruling, *ruling.options)
            for part in parts:
                assert part.said, part.sentence
                assert " ".join(s.text for s in part.said) == part.sentence


def test_pokertd_ruling_speaks_german(monkeypatch: pytest.MonkeyPatch) -> None:
    args = ["ruling", "--to-call", "600", "--bet", "600", "--pot", "900", "--stack", "100000"]
    monkeypatch.setenv("POKERTD_LANGUAGE", "de")
    out = CliRunner().invoke(app, [*args, "--big-blind", "200", "--declared", "check"]).output
    assert '"Check" gegen einen Einsatz von 600 ist ungültig' in out
    assert "600 callen. Der Spieler legt 600 dazu." in out
    monkeypatch.delenv("POKERTD_LANGUAGE")
    out = CliRunner().invoke(app, [*args, "--big-blind", "200", "--declared", "check"]).output
    assert '"Check" facing a bet of 600 is invalid' in out


def test_a_silent_push_names_what_was_pushed_in_german() -> None:
    """E13: 850 pushed silently facing a raise to 600 (L = 400): the phrase at the head
    ("850 pushed") and the ruling ("a raise to 1,000") are said in the reader's language."""
    situation = make_situation(
        to_call=600, current_bet=600, last_increment=400, pot=900, stack=100_000, big_blind=200
    )
    ruling = rule(situation, Happened(pushes=(parse_chips("500,100x3,25x2"),)), load_profile("tda"))
    assert ruling.sentence == (
        "850 pushed: 250 over the call is at least half the last bet or raise of 400, so it is "
        "a raise to 1,000. The player adds 150."
    )
    de = _said(ruling, "de")
    assert de.startswith(
        "850 geschoben: 250 über dem Call sind mindestens die Hälfte des letzten Einsatzes oder "
        "der letzten Erhöhung von 400, also ist es eine Erhöhung auf 1"
    )
    assert de.endswith("Der Spieler legt 150 dazu.")
    nested = ruling.as_dict()["said"]
    assert isinstance(nested, list)
    assert nested[0]["params"]["what"]["msgid"] == "%(amount)s pushed"
