"""The limit of every command field in Spanish and German (issue 27, point 1): the
field's label and the bound are said in the reader's language; ``str(exc)`` stays the
English sentence the API, the CLI's ``--json`` and the other tests read."""

from __future__ import annotations

import pytest

from pokertd.errors import InvalidCommand
from pokertd.i18n import catalog
from pokertd.tournament.clock import AdjustClock
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.limits import check_limits
from pokertd.tournament.prizes.payouts import parse_payout_table
from pokertd.tournament.structures import structure_from_dict
from pokertd.tournament.templates import load_template


def _refused(command: object) -> InvalidCommand:
    with pytest.raises(InvalidCommand) as refused:
        check_limits(command)
    return refused.value


def test_busted_players_list_limit_in_german_and_spanish() -> None:
    exc = _refused(Bust(players=tuple(f"P{i}" for i in range(101))))
    assert str(exc) == "Busted players can list at most 100 items."
    assert catalog.refusal(exc, "de") == (
        "Die ausgeschiedenen Spieler: höchstens 100 Einträge in der Liste."
    )
    assert catalog.refusal(exc, "es") == (
        "Los jugadores eliminados: como máximo 100 elementos en la lista."
    )
    assert catalog.refusal(exc, "en") == str(exc)


def test_player_name_length_in_german() -> None:
    exc = _refused(Bust(players=("x" * 61,)))
    assert str(exc) == "A player's name or id can have at most 60 characters."
    assert catalog.refusal(exc, "de") == "Der Name oder die ID des Spielers: höchstens 60 Zeichen."


def test_a_range_with_thousands_is_written_the_readers_way() -> None:
    exc = _refused(AdjustClock(seconds=90_000))
    assert str(exc) == "A clock adjustment in seconds must be between -86,400 and 86,400."
    assert catalog.refusal(exc, "de") == (
        "Die Uhrkorrektur in Sekunden: muss zwischen -86.400 und 86.400 liegen."
    )
    assert catalog.refusal(exc, "es") == (
        "El ajuste del reloj en segundos: debe estar entre -86.400 y 86.400."
    )


def test_template_problems_are_listed_in_german_and_spanish() -> None:
    template = load_template("fox_120").with_changes(seats_per_table=14, tables=0)
    with pytest.raises(InvalidCommand) as refused:
        template.validate()
    exc = refused.value
    assert str(exc) == (
        "template 'fox_120' is invalid: an event needs at least one table; "
        "seats per table must be between 2 and 11 (C13)"
    )
    assert catalog.refusal(exc, "de") == (
        "die Vorlage 'fox_120' ist ungültig: ein Turnier braucht mindestens einen Tisch; "
        "die Plätze pro Tisch müssen zwischen 2 und 11 liegen (C13)"
    )
    assert catalog.refusal(exc, "es") == (
        "la plantilla 'fox_120' no es válida: un torneo necesita al menos una mesa; "
        "los asientos por mesa deben estar entre 2 y 11 (C13)"
    )


def test_structure_problems_are_listed_in_german() -> None:
    data = {
        "name": "t",
        "ante_type": "big_blind_ante",
        "durations": [{"first": 1, "minutes": 20}],
        "chips": [{"value": 100}, {"value": 500}, {"value": 1000}],
        "levels": [[1, 1000, 2000, 0], [2, 1500, 1000, 0]],
        "breaks": [{"after_level": 9, "minutes": 10}],
    }
    with pytest.raises(InvalidCommand) as refused:
        structure_from_dict(data)
    exc = refused.value
    assert str(exc) == (
        "Structure 't' is not valid: level 2: small blind 1,500 is above the big blind 1,000 "
        "(B1); level 2: blinds 1,500/1,000 are lower than level 1's 1,000/2,000; blinds never "
        "decrease (B1); a break is set after level 9, which does not exist (B2). (B1)"
    )
    assert catalog.refusal(exc, "de").split(": ", 1)[1] == (
        "Level 2: der Small Blind 1.500 liegt über dem Big Blind 1.000 (B1); Level 2: die "
        "Blinds 1.500/1.000 sind niedriger als die von Level 1, 1.000/2.000; Blinds sinken nie "
        "(B1); eine Pause ist nach Level 9 gesetzt, das es nicht gibt (B2). (B1)"
    )


def test_payout_table_problems_are_listed_in_german() -> None:
    text = 'name = "t"\n[[bands]]\nentries = [2, 10]\npercent = ["60", "30"]\n'
    with pytest.raises(InvalidCommand) as refused:
        parse_payout_table(text, name="t")
    exc = refused.value
    assert str(exc) == (
        "The payout table 't' is not usable: band 2-10: percentages sum to 90 %, not 100 %."
    )
    assert catalog.refusal(exc, "de").endswith(
        ": Stufe 2-10: die Prozente ergeben 90 %, nicht 100 %."
    )
