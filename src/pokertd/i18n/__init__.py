"""Languages: one gettext catalogue for every face (issue 27, point 1; docs/languages.md).

The catalogue is ``pokertd/i18n/locale/messages.pot``; each language is a ``.po`` file
beside it (``es/LC_MESSAGES/messages.po``). The ``.po`` files are the only source: they are
read at run time with Babel's ``read_po`` and compiled in memory (no ``.mo`` to keep in step,
nothing to build in a clean checkout or the wheel). ``scripts/i18n.py`` extracts, updates,
compiles (for other tools) and checks them.

This is a base module without dependencies: the pure core imports only :func:`N_` (a
marker that returns its text unchanged) to mark message templates. The catalogue itself is
read by the faces through :mod:`pokertd.i18n.catalog` (Babel), lazily, once per process.
Messages use Python's named placeholders (``"Table %(table)s"``) in every face, the page
scripts too (``t()`` in static/app.js), so one msgid serves Python, Jinja2 and JavaScript.

Languages: ``en`` (the source), ``es`` and ``de`` (complete), and the pseudo-locale ``xx``
(accented, bracketed, ~35 % longer: generated from the catalogue by ``scripts/i18n.py
update``) to see untranslated text and overflow in tests; ``xx`` is never negotiated from a
browser's ``Accept-Language`` and not offered in the picker.
"""

from __future__ import annotations

import re

SOURCE = "en"
"""The language the msgids are written in."""

LANGUAGES: dict[str, str] = {"en": "English", "es": "Español", "de": "Deutsch"}
"""The shipped languages by code, each named in itself (the picker's words)."""

PSEUDO = "xx"
"""The pseudo-locale for tests (accented, bracketed, longer); chosen only explicitly."""

DOMAIN = "messages"

TAG = re.compile(r"^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$")


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it (the core's marker: the
    face translates it later, in the reader's language)."""
    return message


class Phrase(str):
    """A refusal's parameter that is itself a catalogue text (``Phrase(N_("re-entries"))``):
    ``str`` is the English words, a face translates it before putting it in the sentence
    (:func:`pokertd.i18n.catalog.refusal`). For the few words a sentence takes from a short
    fixed list; names and numbers stay plain values."""

    __slots__ = ()


def known(code: str | None) -> str | None:
    """``code`` as a language this catalogue has (``"de-AT"`` -> ``"de"``), or ``None``."""
    if not code or not TAG.match(code):
        return None
    base = code.replace("_", "-").split("-")[0].lower()
    if base in LANGUAGES or base == PSEUDO:
        return base
    return None


__all__ = ["DOMAIN", "LANGUAGES", "N_", "PSEUDO", "SOURCE", "TAG", "Phrase", "known"]
