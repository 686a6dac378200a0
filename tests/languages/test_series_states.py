"""A series row's state in the page's language (issue 27 leftovers; docs/languages.md).

The series service writes its rows' states in English (``Day 1 bagged``); the pages and
the club-site widget translate them through the catalogue (:func:`pokertd.web.series.lobby_state`).
"""

from __future__ import annotations

from pokertd.web.series import STATES, lobby_state


def test_a_days_state_keeps_its_number() -> None:
    assert lobby_state("de", "Day 1 bagged") == "Tag 1: Chips eingetütet"
    assert lobby_state("es", "Day 2 in play") == "Día 2 en juego"
    assert lobby_state("en", "Day 3 in play") == "Day 3 in play"


def test_every_state_is_translated_and_an_unknown_one_passes_through() -> None:
    assert lobby_state("de", "carried to Day 2") == "in Tag 2 übernommen"
    assert lobby_state("es", "registering") == "inscripción abierta"
    for state in STATES:
        assert lobby_state("de", state) != state, state
    assert lobby_state("de", "paused by the floor") == "paused by the floor"
