"""The domain's choices the CLI needs while it builds its app, copied as plain values.

Typer reads every option's type and default when ``pokertd`` starts, even for ``pokertd
--help``. Importing the domain's own enums there would load the whole tournament package,
the engine and the rule profiles (about half a second of CPU, issue 15). So the few choices
a command's signature names are repeated here, and each command converts them to the
domain's type when it runs (``Variant(variant)``). ``tests/cli/test_cli_startup.py``
checks every copy against its source, so the two cannot drift apart.
"""

from __future__ import annotations

from enum import StrEnum


class VariantChoice(StrEnum):
    """``pokertd.rules.Variant``: the games the engine deals (F4)."""

    NO_LIMIT_HOLDEM = "nlhe"
    POT_LIMIT_OMAHA = "plo"
    FIXED_LIMIT_HOLDEM = "flhe"
    POT_LIMIT_OMAHA_HI_LO = "plo8"
    FIXED_LIMIT_OMAHA_HI_LO = "flo8"
    NO_LIMIT_SHORT_DECK = "nlsd"


class OrderChoice(StrEnum):
    """``pokertd.engine.rulings.Order``: which came first, the words or the chips (E9)."""

    WORDS_FIRST = "words_first"
    CHIPS_FIRST = "chips_first"
    TOGETHER = "together"


class LeftoverChoice(StrEnum):
    """``pokertd.tournament.satellites.LeftoverRule``: where a satellite's leftover cash goes."""

    NEXT_PLACE = "next_place"
    SPLIT = "split"


DEAL_KINDS = ("icm", "chip", "floor", "even", "save", "custom")
"""``pokertd.tournament.prizes.deals.DealKind`` values, in order: one ``pokertd deal`` command
each."""

PENALTY_WORDS: dict[str, str] = {
    "warning": "warning",
    "hands": "missed_hands",
    "rounds": "missed_rounds",
    "dq": "disqualification",
    "disqualify": "disqualification",
}
"""The floor's words for a penalty -> ``pokertd.tournament.penalties.PenaltyKind`` values."""


class LogLevelChoice(StrEnum):
    """``pokertd.web.observe.LOG_LEVELS``: ``pokertd serve --log-level``."""

    DEBUG = "debug"
    INFO = "info"
    WARNING = "warning"
    ERROR = "error"


class LogFormatChoice(StrEnum):
    """``pokertd.web.observe.LOG_FORMATS``: ``pokertd serve --log-format``."""

    JSON = "json"
    TEXT = "text"


ICM_SAMPLES = 60_000
"""``pokertd.tournament.prizes.icm.DEFAULT_SAMPLES``: the ``--samples`` default of ``pokertd
icm``."""

__all__ = [
    "DEAL_KINDS",
    "ICM_SAMPLES",
    "PENALTY_WORDS",
    "LeftoverChoice",
    "LogFormatChoice",
    "LogLevelChoice",
    "OrderChoice",
    "VariantChoice",
]
