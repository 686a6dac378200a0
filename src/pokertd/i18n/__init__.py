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
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

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


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural message (``%(n)s`` is the count) without translating it."""
    return singular, plural


@dataclass(frozen=True, slots=True)
class Sentence:
    """A sentence the server builds for people (a slip's reason, the payouts note, the
    mystery bounty's last draw): its msgid and parameters, so each face says it in its own
    language. It travels as ``{"text", "msgid", "params"}`` (plus ``"plural"`` and ``"n"``
    for a count): ``text`` is the English, for JSON readers and the CLI."""

    msgid: str
    params: dict[str, Any] = field(default_factory=dict)
    """The placeholders' values (already formatted: names, amounts, rule IDs, numbers); a
    :class:`Chips` count; a :class:`Phrase` or a whole :class:`Sentence` for a part that is
    itself a catalogue text (a move inside "Moved %(move)s", a ruling's "850 pushed", a
    field's name in an import preview's reason), said in the same language (:data:`Params`;
    a stored one read back holds such a part as its JSON)."""
    plural: str = ""
    """The plural msgid (a message marked with :func:`Nn_`); ``n`` is then the count."""
    n: int | None = None

    @property
    def text(self) -> str:
        """The sentence in English (the msgids' language)."""
        params = {
            k: v.text
            if isinstance(v, Sentence)
            else v.get("text", "")
            if isinstance(v, Mapping)
            else v
            for k, v in self.params.items()
        }
        if self.plural:
            return (self.msgid if self.n == 1 else self.plural) % ({"n": self.n} | params)
        return self.msgid % params if params else self.msgid

    def as_json(self) -> dict[str, Any]:
        """``{"text", "msgid", "params"}`` (and ``plural``, ``n`` for a count; ``chips``:
        the names of the parameters that are chip counts, :class:`Chips`, sent as plain
        integers that each face writes the reader's way: ``"chips": ["stack"]``); a part
        that is a :class:`Sentence` or a :class:`Phrase` travels as such a dictionary too."""
        params = {
            k: v.as_json()
            if isinstance(v, Sentence)
            else {"text": str(v), "msgid": str(v), "params": {}}
            if isinstance(v, Phrase)
            else int(v)
            if isinstance(v, Chips)
            else v
            for k, v in self.params.items()
        }
        out: dict[str, Any] = {"text": self.text, "msgid": self.msgid, "params": params}
        if self.plural:
            out |= {"plural": self.plural, "n": self.n}
        chips = sorted(k for k, v in self.params.items() if isinstance(v, Chips))
        if chips:
            out["chips"] = chips
        return out


Params = dict[str, str | int | Sentence]
"""A sentence's parameters being gathered (a name for the core's annotations)."""


class Phrase(str):
    """A refusal's parameter that is itself a catalogue text (``Phrase(N_("re-entries"))``):
    ``str`` is the English words, a face translates it before putting it in the sentence
    (:func:`pokertd.i18n.catalog.refusal`). For the few words a sentence takes from a short
    fixed list; names and numbers stay plain values."""

    __slots__ = ()


class Clause(str):
    """A refusal's parameter that is itself a catalogue text with parameters of its own:
    a whole clause built in one place and named by refusals elsewhere (the sales still open:
    ``Clause(N_("the add-on is sold in level %(level)s"), {"level": 4})``), or a refusal
    wrapped in another (:meth:`of`: a PHH line's engine refusal). ``str`` is the English;
    :func:`pokertd.i18n.catalog.refusal` translates ``template`` with its own parameters (a
    :class:`Phrase`, a nested ``Clause``) in the reader's language. Without a template (a
    refusal built in English) it stays English. Two clauses are joined by :func:`both`
    (``"%(first)s and %(second)s"``), never by hand."""

    template: str | None
    params: dict[str, Any]

    def __new__(cls, template: str | None, params: Mapping[str, Any] | None = None) -> Clause:
        values = dict(params or {})
        text = template % values if template is not None and values else template
        made = super().__new__(cls, text or "")
        made.template = template
        made.params = values
        return made

    @classmethod
    def of(cls, exc: Any) -> Clause:
        """A refusal's sentence without its rule IDs (a ``PokertdError``), to put inside
        another refusal: its template and parameters travel along."""
        if exc.template is None:
            plain = super().__new__(cls, exc.message)
            plain.template, plain.params = None, {}
            return plain
        return cls(exc.template, exc.params)


def both(first: str, second: str) -> Clause:
    """``first and second`` as one :class:`Clause` (each translated in its reader's
    language, the ``and`` too)."""
    return Clause(N_("%(first)s and %(second)s"), {"first": first, "second": second})


def listing(parts: list[str]) -> str:
    """Problems one after the other, ``"first; second; ..."`` (a check's list inside a
    refusal): a :class:`Clause` when any part is one, so each part is said in the reader's
    language; the English text is the parts joined by ``"; "``."""
    if len(parts) <= 1:
        return parts[0] if parts else ""
    if not any(isinstance(p, Clause) for p in parts):
        return "; ".join(parts)
    return Clause(N_("%(first)s; %(rest)s"), {"first": parts[0], "rest": listing(parts[1:])})


class Chips(int):
    """A chip count as a message's parameter (``Chips(1200)``): ``str`` is the English
    ``1,200`` (so ``str(exc)`` and ``Sentence.text`` read as before), and a face writes it
    the reader's way (``1.200`` in German, ``1.200`` in Spanish) before putting it in the
    sentence (issue 27, point 2: amounts by locale). Counts of chips only; money is
    formatted by :mod:`pokertd.money`, and seat, table or level numbers stay plain ``int``."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"{int(self):,}"

    def __repr__(self) -> str:
        return f"Chips({int(self)})"


def known(code: str | None) -> str | None:
    """``code`` as a language this catalogue has (``"de-AT"`` -> ``"de"``), or ``None``."""
    if not code or not TAG.match(code):
        return None
    base = code.replace("_", "-").split("-")[0].lower()
    if base in LANGUAGES or base == PSEUDO:
        return base
    return None


__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "N_",
    "PSEUDO",
    "SOURCE",
    "TAG",
    "Chips",
    "Clause",
    "Nn_",
    "Params",
    "Phrase",
    "Sentence",
    "both",
    "known",
    "listing",
]
