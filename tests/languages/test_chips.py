"""Chip counts written the reader's way (issue 27, point 2; docs/money.md "Chip counts").

``pokertd.i18n.Chips(n)`` is a chip count as a message's parameter: ``str()`` is the
English ``1,200`` (``str(exc)``, ``--json``, ``Sentence.text`` unchanged), and the faces
write it as their reader's locale writes numbers (``pokertd.money.format_chips``).
"""

from __future__ import annotations

import json

from pokertd.errors import InvalidCommand
from pokertd.i18n import N_, Chips, Sentence, catalog
from pokertd.money import chips_locale, format_chips, money_scope


def _refusal() -> InvalidCommand:
    return InvalidCommand(
        template=N_("Only %(chips_in_play)s chips are in play; cannot remove %(chips)s."),
        params={"chips_in_play": Chips(1200), "chips": Chips(25000)},
        rule_ids=("TDA-3",),
    )


def test_a_refusal_writes_chip_counts_the_readers_way() -> None:
    exc = _refusal()
    assert str(exc) == "Only 1,200 chips are in play; cannot remove 25,000. (TDA-3)"
    assert catalog.refusal(exc, "en") == str(exc)
    assert catalog.refusal(exc, "de") == (
        "Es sind nur 1.200 Chips im Spiel; 25.000 können nicht entfernt werden. (TDA-3)"
    )
    # Spanish: CLDR's minimumGroupingDigits is 2 for es, so a four-digit count is not
    # grouped ("1200", as the browser's Intl.NumberFormat("es") and format_money's
    # "4074,00 €" write it; Babel's format_decimal alone would say "1.200"); five digits are
    assert catalog.refusal(exc, "es") == (
        "Solo hay 1200 fichas en juego; no se pueden retirar 25.000. (TDA-3)"
    )
    # the face's chosen locale for money wins over the language (a German page in a room
    # that writes numbers as en_GB reads them as its money: 1,200)
    assert "1,200" in catalog.refusal(exc, "de", locale="en_GB")
    with money_scope("EUR", "de_CH"):
        assert "1'200" in catalog.refusal(exc, "de")


def test_the_formatter() -> None:
    assert format_chips(1200) == "1,200"
    assert format_chips(1200, "de_DE") == "1.200"
    assert format_chips(1200, "es_ES") == "1200"
    assert format_chips(12000, "es") == "12.000"
    assert format_chips(1_000_000, "de") == "1.000.000"
    assert chips_locale("de") == "de"
    assert chips_locale("en") == chips_locale("xx") == "en_US"
    assert chips_locale("de", "en_GB") == "en_GB"


def test_a_sentence_says_which_params_are_chips() -> None:
    s = Sentence(N_("Colour up the %(chips)s chips."), {"chips": Chips(5000)})
    data = json.loads(json.dumps(s.as_json()))
    assert data == {
        "text": "Colour up the 5,000 chips.",
        "msgid": "Colour up the %(chips)s chips.",
        "params": {"chips": 5000},
        "chips": ["chips"],
    }
    assert catalog.sentence("de", data) == "Die 5.000-Chips werden eingewechselt."
    assert catalog.sentence("de", s) == "Die 5.000-Chips werden eingewechselt."
    assert catalog.sentence("en", data) == "Colour up the 5,000 chips."
    # a sentence without chip counts has no "chips" key (older pages read it unchanged)
    assert "chips" not in Sentence(N_("Chips: %(chips)s"), {"chips": "x"}).as_json()
    assert catalog.gettext("de", "Chips: %(chips)s", {"chips": Chips(2500)}).endswith("2.500")
