"""Languages: one gettext catalogue for every face (issue 27, point 1; docs/languages.md).

The catalogue is ``pokertd/i18n/locale/messages.pot``; each language is a ``.po`` file
beside it (``es/LC_MESSAGES/messages.po``). The ``.po`` files are the only source: they are
read at run time with Babel's ``read_po`` and compiled in memory (no ``.mo`` to keep in step,
nothing to build in a clean checkout or the wheel). ``scripts/i18n.py`` extracts, updates,
compiles (for other tools) and checks them.

This is a base module: the pure core imports only :func:`N_` (a marker that returns its
text unchanged) to mark message templates; the files are read by the faces, lazily, once
per process. Messages use Python's named placeholders (``"Table %(table)s"``) in every
face, the page scripts too (``t()`` in static/app.js), so one msgid serves Python, Jinja2
and JavaScript.

Languages: ``en`` (the source), ``es`` and ``de`` (complete), and the pseudo-locale ``xx``
(accented, bracketed, ~35 % longer: generated from the catalogue by ``scripts/i18n.py
update``) to see untranslated text and overflow in tests; ``xx`` is never negotiated from a
browser's ``Accept-Language`` and not offered in the picker.
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

from babel.core import Locale, negotiate_locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

SOURCE = "en"
"""The language the msgids are written in."""

LANGUAGES: dict[str, str] = {"en": "English", "es": "Español", "de": "Deutsch"}
"""The shipped languages by code, each named in itself (the picker's words)."""

PSEUDO = "xx"
"""The pseudo-locale for tests (accented, bracketed, longer); chosen only explicitly."""

DOMAIN = "messages"

_TAG = re.compile(r"^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$")


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it (the core's marker: the
    face translates it later, in the reader's language)."""
    return message


def known(code: str | None) -> str | None:
    """``code`` as a language this catalogue has (``"de-AT"`` -> ``"de"``), or ``None``."""
    if not code or not _TAG.match(code):
        return None
    base = code.replace("_", "-").split("-")[0].lower()
    if base in LANGUAGES or base == PSEUDO:
        return base
    return None


def from_accept_language(header: str) -> str | None:
    """The shipped language a browser's ``Accept-Language`` prefers (Babel's
    ``negotiate_locale`` over the header's tags ordered by their ``q``), or ``None``."""
    weighted: list[tuple[float, int, str]] = []
    for i, part in enumerate(header.split(",")[:20]):
        tag, _sep, rest = part.strip().partition(";")
        q = 1.0
        if rest.strip().startswith("q="):
            try:
                q = float(rest.strip()[2:])
            except ValueError:
                q = 0.0
        if tag and q > 0 and _TAG.match(tag):
            weighted.append((-q, i, tag.replace("-", "_")))
    preferred = [tag for _q, _i, tag in sorted(weighted)]
    found = negotiate_locale(preferred, list(LANGUAGES), sep="_")
    return known(found)


def _locale_dir() -> Any:
    return resources.files(__package__).joinpath("locale")


def po_text(lang: str) -> str | None:
    """The text of ``lang``'s ``.po`` file, or ``None`` when there is none (``en``)."""
    f = _locale_dir().joinpath(lang, "LC_MESSAGES", f"{DOMAIN}.po")
    return f.read_text(encoding="utf-8") if f.is_file() else None


@cache
def translations(lang: str) -> NullTranslations:
    """``lang``'s translations (read once per process); the source words for ``en`` or an
    unknown code."""
    text = po_text(lang) if known(lang) == lang else None
    if text is None:
        return NullTranslations()
    catalog = read_po(io.StringIO(text), locale=None if lang == PSEUDO else lang)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return Translations(buf, domain=DOMAIN)


def gettext(lang: str, message: str, params: Mapping[str, Any] | None = None) -> str:
    """``message`` in ``lang``, with ``params`` put into its ``%(name)s`` placeholders."""
    text = translations(lang).gettext(message)
    return text % dict(params) if params else text


def ngettext(
    lang: str, singular: str, plural: str, n: int, params: Mapping[str, Any] | None = None
) -> str:
    """The form of ``singular``/``plural`` for count ``n`` in ``lang`` (``%(n)s`` is ``n``
    unless ``params`` says otherwise)."""
    text = translations(lang).ngettext(singular, plural, n)
    return text % ({"n": n} | dict(params or {}))


_SAMPLES = (0, 1, 2, 3, 5, 11, 21, 101, 1_000_000)


@cache
def plural_index(lang: str) -> dict[str, int]:
    """Which of ``lang``'s gettext plural forms each CLDR plural category takes (``{"one":
    0, "many": 1, "other": 2}`` in Spanish): the page scripts pick the category with the
    browser's ``Intl.PluralRules``, the form by this map."""
    plural = translations(lang).plural
    locale = Locale.parse(SOURCE if lang == PSEUDO else lang)
    return {str(locale.plural_form(n)): int(plural(n)) for n in reversed(_SAMPLES)}


@cache
def catalogue_json(lang: str) -> dict[str, str | dict[str, str]]:
    """``lang``'s catalogue for the page scripts: msgid -> text, or (a plural message,
    keyed by its singular msgid) -> its forms by CLDR category. Empty for ``en``."""
    text = po_text(lang) if known(lang) == lang else None
    if text is None:
        return {}
    out: dict[str, str | dict[str, str]] = {}
    index = plural_index(lang)
    for msg in read_po(io.StringIO(text), locale=None if lang == PSEUDO else lang):
        if not msg.id or msg.fuzzy or not msg.string:
            continue
        if isinstance(msg.id, tuple):
            forms = [str(s) for s in msg.string]
            if all(forms):
                out[str(msg.id[0])] = {
                    cat: forms[min(i, len(forms) - 1)] for cat, i in index.items()
                }
        else:
            out[str(msg.id)] = str(msg.string)
    return out


def html_lang(lang: str) -> str:
    """The ``<html lang>`` value of ``lang`` (the pseudo-locale is private-use English)."""
    return "en-x-pseudo" if lang == PSEUDO else lang


__all__ = [
    "LANGUAGES",
    "N_",
    "PSEUDO",
    "SOURCE",
    "catalogue_json",
    "from_accept_language",
    "gettext",
    "html_lang",
    "known",
    "ngettext",
    "translations",
]
