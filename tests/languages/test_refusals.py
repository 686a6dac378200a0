"""Refusals of the tournament's modules in Spanish and German (issue 27, point 1).

Each command is refused through :class:`TournamentService`, as at the console; the English
sentence (``str(exc)``) is the one the other tests compare, and ``catalog.refusal`` gives it
in the floorperson's language with the same rule IDs.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from pokertd.app.tournaments import TournamentService
from pokertd.engine import Hand, Raise, Show
from pokertd.errors import BelowMinimumRaise, PokertdError
from pokertd.i18n import Phrase, catalog
from pokertd.rules import load_profile
from pokertd.store import open_store
from pokertd.tournament.clock import AddLevels, SetLevel, StartClock
from pokertd.tournament.days import EndDay
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.framework import Command
from pokertd.tournament.prizes import AcceptDeal
from pokertd.tournament.seating import SetAutoConfirm
from pokertd.tournament.signups import OpenCheckIn
from pokertd.tournament.templates import load_template

NOW = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)


def _service() -> tuple[TournamentService, str]:
    service = TournamentService(
        open_store("sqlite:///:memory:"), rng_factory=lambda: random.Random(7), now=lambda: NOW
    )
    tid = service.create(CreateTournament(name="Night", template=load_template("fox_wed_80")))
    return service, tid


def _refused(service: TournamentService, tid: str, command: Command) -> PokertdError:
    with pytest.raises(PokertdError) as refused:
        service.run(tid, command)
    return refused.value


def _alice() -> Register:
    return Register(name="Alice", member="1", age_ok=True, member_ok=True)


def _rules(text: str) -> str:
    return text[text.rindex(" (") :] if text.endswith(")") else ""


def test_entries_a_second_stack_reads_in_spanish_and_german_with_the_rule() -> None:
    service, tid = _service()
    service.run(tid, _alice())
    exc = _refused(service, tid, _alice())
    assert str(exc) == (
        "Alice is already registered: a second stack is a re-entry, one stack per player. "
        "(FOX-REG5)"
    )
    assert catalog.refusal(exc, "es") == (
        "Alice ya está inscrito: un segundo stack es una reentrada, un stack por jugador. "
        "(FOX-REG5)"
    )
    assert catalog.refusal(exc, "de") == (
        "Alice ist schon registriert: Ein zweiter Stack ist ein Re-Entry, ein Stack pro "
        "Spieler. (FOX-REG5)"
    )


def test_entries_registration_closed_translates_the_phrase_it_names() -> None:
    """``what`` is a :class:`Phrase`: English in ``str(exc)``, translated in the sentence."""
    service, tid = _service()
    service.run(tid, StartClock())
    service.run(tid, SetLevel(level=12))
    exc = _refused(service, tid, Register(name="Bob", member="2", age_ok=True, member_ok=True))
    assert str(exc).startswith(
        "Registration is closed (it closes at the end of level 6): no new entries. (FOX-REG1"
    )
    assert isinstance(exc.params["what"], Phrase)
    german = catalog.refusal(exc, "de")
    assert german.startswith(
        "Die Anmeldung ist geschlossen (sie schließt am Ende von Level 6): "
        "keine neuen Entrys mehr. (FOX-REG1"
    )
    spanish = catalog.refusal(exc, "es")
    assert spanish.startswith(
        "La inscripción está cerrada (cierra al final del nivel 6): no más nuevas entradas."
    )
    assert _rules(german) == _rules(spanish) == _rules(str(exc)) != ""


@pytest.mark.parametrize(
    ("setup", "command", "english", "spanish", "german"),
    [
        (  # seating/log.py
            (),
            SetAutoConfirm(on=False),
            "Auto-confirm is already off.",
            "La confirmación automática ya está desactivada.",
            "Die automatische Bestätigung ist schon aus.",
        ),
        (  # prizes/log.py
            (),
            AcceptDeal(player="Alice"),
            "No deal has been proposed.",
            "No se ha propuesto ningún acuerdo.",
            "Es wurde kein Deal vorgeschlagen.",
        ),
        (  # days/log.py
            (),
            EndDay(day=2),
            "Today is Day 1, not Day 2.",
            "Hoy es el día 1, no el día 2.",
            "Heute ist Tag 1, nicht Tag 2.",
        ),
        (  # signups.py
            (OpenCheckIn(),),
            OpenCheckIn(),
            "Check-in is already open for every group.",
            "El check-in ya está abierto para todos los grupos.",
            "Der Check-in ist schon für alle Gruppen offen.",
        ),
        (  # clock/log.py: rule IDs of the venue kept
            (),
            AddLevels(count=51),
            "Add between 1 and 50 levels at a time. (FOX-EVT",
            "Añade entre 1 y 50 niveles a la vez. (FOX-EVT",
            "Füge 1 bis 50 Level auf einmal hinzu. (FOX-EVT",
        ),
    ],
)
def test_a_refusal_of_each_module_reads_in_es_and_de(
    setup: tuple[Command, ...], command: Command, english: str, spanish: str, german: str
) -> None:
    service, tid = _service()
    service.run(tid, _alice())
    for step in setup:
        service.run(tid, step)
    exc = _refused(service, tid, command)
    assert exc.template is not None
    assert str(exc).startswith(english)
    assert catalog.refusal(exc, "es").startswith(spanish)
    assert catalog.refusal(exc, "de").startswith(german)
    assert _rules(catalog.refusal(exc, "de")) == _rules(str(exc))
    assert _rules(catalog.refusal(exc, "es")) == _rules(str(exc))


def test_app_an_unknown_tournament_reads_in_es_and_de() -> None:
    """app/tournaments.py: the service's own refusal, before any domain runs."""
    service, _tid = _service()
    exc = _refused(service, "no-such-night", StartClock())
    assert str(exc) == "There is no tournament 'no-such-night'."
    assert catalog.refusal(exc, "es") == "No existe el torneo 'no-such-night'."
    assert catalog.refusal(exc, "de") == "Es gibt kein Turnier 'no-such-night'."


def test_engine_a_short_raise_reads_in_es_and_de_with_the_venues_rules() -> None:
    """engine/hand.py (the dealer sees it): FOX-46A, the last full raise as the reason."""
    hand = Hand.start(
        stacks=[100_000] * 4,
        button=3,
        small_blind_seat=0,
        big_blind_seat=1,
        small_blind=200,
        big_blind=400,
        profile=load_profile("foxwoods"),
        rng=random.Random(7),
    )
    hand.act(Raise(1_600))
    with pytest.raises(BelowMinimumRaise) as refused:
        hand.verify(Raise(2_700))
    exc = refused.value
    assert str(exc) == (
        "Seat 4 must raise to at least 2,800: the last full raise was 1,200. (FOX-46A, FOX-46B)"
    )
    assert catalog.refusal(exc, "es") == (
        "El asiento 4 debe subir al menos a 2,800: la última subida completa fue de 1,200. "
        "(FOX-46A, FOX-46B)"
    )
    assert catalog.refusal(exc, "de") == (
        "Platz 4 muss auf mindestens 2,800 erhöhen: Die letzte volle Erhöhung war 1,200. "
        "(FOX-46A, FOX-46B)"
    )


def test_engine_an_action_word_is_translated_in_the_sentence() -> None:
    """The action's name is a :class:`Phrase`: the dealer reads the verb in his language."""
    hand = Hand.start(
        stacks=[100_000] * 2,
        button=1,
        small_blind_seat=1,
        big_blind_seat=0,
        small_blind=200,
        big_blind=400,
        profile=load_profile("foxwoods"),
        rng=random.Random(7),
    )
    with pytest.raises(PokertdError) as refused:
        hand.verify(Show())
    exc = refused.value
    assert str(exc).startswith("Seat 2 cannot show before the showdown.")
    assert catalog.refusal(exc, "de").startswith("Platz 2 kann vor dem Showdown nicht zeigen.")
    assert catalog.refusal(exc, "es").startswith(
        "El asiento 2 no puede mostrar antes del showdown."
    )


_PHH_SHORT_RAISE = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [1000, 1000, 1000]
actions = ["d dh p1 AsKs", "d dh p2 QsQd", "d dh p3 7c2d", "p3 cbr 150"]
"""


def test_phh_a_short_raise_names_the_action_in_spanish_and_german() -> None:
    """`pokertd hand replay`: the engine's refusal wrapped with the action that broke it;
    both the action and the engine's sentence are translated, the rule IDs as written."""
    from pokertd.engine.phh import replay_phh

    with pytest.raises(PokertdError) as refused:
        replay_phh(_PHH_SHORT_RAISE)
    exc = refused.value
    assert str(exc).startswith("Action 4 'p3 cbr 150': Seat 3 must raise to at least 200")
    de = catalog.refusal(exc, "de")
    assert de.startswith("Aktion 4 'p3 cbr 150': Platz 3 muss auf mindestens 200 erhöhen")
    assert de.endswith("(TDA-46A, TDA-46B)")
    es = catalog.refusal(exc, "es")
    assert es.startswith("Acción 4 'p3 cbr 150': El asiento 3 debe subir al menos a 200")
    assert es.endswith("(TDA-46A, TDA-46B)")


def test_phh_a_missing_field_and_a_bad_player_in_spanish_and_german() -> None:
    from pokertd.engine.phh import load_phh, replay_phh

    with pytest.raises(PokertdError) as refused:
        load_phh('variant = "NT"')
    exc = refused.value
    assert str(exc) == "Not a PHH file: the required field 'antes' is missing."
    assert catalog.refusal(exc, "de") == "Keine PHH-Datei: das Pflichtfeld 'antes' fehlt."
    assert catalog.refusal(exc, "es") == (
        "No es un archivo PHH: falta el campo obligatorio 'antes'."
    )
    with pytest.raises(PokertdError) as refused:
        replay_phh(_PHH_SHORT_RAISE.replace("d dh p3 7c2d", "d dh p7 7c2d"))
    exc = refused.value
    assert str(exc) == "Action 'd dh p7 7c2d': there is no player p7 in a 3-player hand."
    assert catalog.refusal(exc, "de") == (
        "Aktion 'd dh p7 7c2d': In einer Hand mit 3 Spielern gibt es keinen Spieler p7."
    )


def test_a_correction_too_late_names_what_in_german() -> None:
    from pokertd.engine.irregular import DisputeKind, HandProgress, check_correction

    with pytest.raises(PokertdError) as refused:
        check_correction(
            load_profile("tda"), DisputeKind.ACCOUNTING, HandProgress.SUBSTANTIAL_ACTION
        )
    exc = refused.value
    assert str(exc).startswith("Too late to correct the pot: substantial action")
    assert catalog.refusal(exc, "de").startswith("Zu spät, um den Pot zu korrigieren:")
    assert catalog.refusal(exc, "es").startswith("Demasiado tarde para corregir el bote:")
