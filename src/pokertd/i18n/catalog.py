"""The catalogue at run time: translations, negotiation, the page scripts' JSON
(issue 27; the package's docstring says where the files are and why ``.po``)."""

from __future__ import annotations

import io
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

from babel.core import Locale, negotiate_locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from pokertd.errors import PokertdError
from pokertd.i18n import (
    DOMAIN,
    LANGUAGES,
    PSEUDO,
    SOURCE,
    TAG,
    Chips,
    Clause,
    Phrase,
    Sentence,
    known,
)
from pokertd.money import chips_locale, current_locale, format_chips


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
        if tag and q > 0 and TAG.match(tag):
            weighted.append((-q, i, tag.replace("-", "_")))
    preferred = [tag for _q, _i, tag in sorted(weighted)]
    found = negotiate_locale(preferred, list(LANGUAGES), sep="_")
    return known(found)


def _locale_dir() -> Any:
    return resources.files("pokertd.i18n").joinpath("locale")


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


def written(
    lang: str, params: Mapping[str, Any] | None, locale: str | None = None
) -> dict[str, Any]:
    """``params`` with each chip count (:class:`~pokertd.i18n.Chips`) written the reader's
    way: in ``locale`` (the face's locale for money) when given, else the enclosing money
    scope's (the CLI's event), else ``lang``'s own (``1.200`` in German)."""
    out = dict(params or {})
    if any(isinstance(v, Chips) for v in out.values()):
        where = chips_locale(lang, locale or current_locale())
        out = {k: format_chips(v, where) if isinstance(v, Chips) else v for k, v in out.items()}
    return out


def gettext(
    lang: str, message: str, params: Mapping[str, Any] | None = None, *, locale: str | None = None
) -> str:
    """``message`` in ``lang``, with ``params`` put into its ``%(name)s`` placeholders (chip
    counts written as ``lang`` or ``locale`` writes numbers: :func:`written`)."""
    text = translations(lang).gettext(message)
    return text % written(lang, params, locale) if params else text


def ngettext(
    lang: str,
    singular: str,
    plural: str,
    n: int,
    params: Mapping[str, Any] | None = None,
    *,
    locale: str | None = None,
) -> str:
    """The form of ``singular``/``plural`` for count ``n`` in ``lang`` (``%(n)s`` is ``n``
    unless ``params`` says otherwise)."""
    text = translations(lang).ngettext(singular, plural, int(n))
    return text % written(lang, {"n": n} | dict(params or {}), locale)


def sentence(
    lang: str, said: Sentence | Mapping[str, Any] | str | None, *, locale: str | None = None
) -> str:
    """A sentence the server built (:class:`pokertd.i18n.Sentence`, or its JSON) in
    ``lang``; a plain string (an older or free text) as it is. The parameters its JSON
    lists under ``chips`` are chip counts (:func:`written`)."""
    if said is None:
        return ""
    if isinstance(said, str):
        return said
    if isinstance(said, Sentence):
        said = said.as_json()
    msgid, params = said.get("msgid"), dict(said.get("params") or {})
    params = {
        k: sentence(lang, v, locale=locale) if isinstance(v, Mapping | Sentence) else v
        for k, v in params.items()
    }
    if not msgid:
        return str(said.get("text", ""))
    for name in said.get("chips") or ():
        if isinstance(params.get(name), int):
            params[name] = Chips(params[name])
    if said.get("plural"):
        return ngettext(lang, msgid, said["plural"], int(said.get("n") or 0), params, locale=locale)
    return gettext(lang, msgid, params, locale=locale)


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


def refusal(exc: PokertdError, lang: str, *, locale: str | None = None) -> str:
    """A refusal's sentence in ``lang``: its message template translated when the core
    marked one (``PokertdError.template``, :mod:`pokertd.errors`), the rule IDs as written;
    ``str(exc)`` (English) otherwise. A :class:`~pokertd.i18n.Phrase` parameter is
    translated too."""
    if exc.template is None or (lang == SOURCE and not locale and not current_locale()):
        return str(exc)
    text = gettext(lang, exc.template, _params(lang, exc.params, locale), locale=locale)
    return f"{text} ({', '.join(exc.rule_ids)})" if exc.rule_ids else text


def _params(lang: str, params: Mapping[str, Any], locale: str | None) -> dict[str, Any]:
    """A refusal's parameters in ``lang``: a :class:`~pokertd.i18n.Phrase` translated, a
    :class:`~pokertd.i18n.Clause` translated with its own parameters (chip counts in it
    written the reader's way, as in the sentence around it)."""
    out: dict[str, Any] = {}
    for k, v in params.items():
        if isinstance(v, Clause):
            out[k] = (
                gettext(lang, v.template, _params(lang, v.params, locale), locale=locale)
                if v.template
                else v
            )
        elif isinstance(v, Phrase):
            out[k] = gettext(lang, v)
        else:
            out[k] = v
    return out


def html_lang(lang: str) -> str:
    """The ``<html lang>`` value of ``lang`` (the pseudo-locale is private-use English)."""
    return "en-x-pseudo" if lang == PSEUDO else lang


__all__ = [
    "catalogue_json",
    "from_accept_language",
    "gettext",
    "html_lang",
    "ngettext",
    "plural_index",
    "refusal",
    "sentence",
    "translations",
    "written",
]
