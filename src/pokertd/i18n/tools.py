"""The catalogue's maintenance: extract, update, compile, check (``scripts/i18n.py``).

Run from a checkout (it reads ``babel.cfg`` and the source tree). ``check`` is what the
tests and CI ask: the ``.pot`` holds exactly the messages the source marks, and every
shipped language translates every one of them (no empty, no fuzzy entry, the same
placeholders as the source).
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from pokertd.i18n import DOMAIN, LANGUAGES, PSEUDO, SOURCE

__all__ = [
    "PSEUDO",
    "TRANSLATED",
    "compile_mo",
    "coverage",
    "extract",
    "problems",
    "pseudo",
    "root",
    "update",
    "write_pot",
]

PACKAGE = Path(__file__).resolve().parent
LOCALE = PACKAGE / "locale"
POT = LOCALE / f"{DOMAIN}.pot"
KEYWORDS = dict(DEFAULT_KEYWORDS) | {"Nn_": (1, 2), "say": None, "say_n": (1, 2)}
"""Python's and the templates' gettext names, ``N_`` and ``Nn_`` (a plural marker); the
CLI's ``say``/``say_n`` (:mod:`pokertd.cli._common`)."""
JS_KEYWORDS = {"t": None, "tn": (1, 2)}
"""The page scripts' ``t``/``tn`` (static/app.js); only in ``.js`` files (``t["table"]`` in
Python is a dictionary)."""
FIXED_DATE = datetime(2026, 11, 29, tzinfo=UTC)
"""The header date of written files (a fixed one: a re-extraction changes no line)."""
TRANSLATED = tuple(code for code in LANGUAGES if code != SOURCE)
_PLACEHOLDER = re.compile(r"%\([A-Za-z_0-9]+\)[sd]|%[sd%]|<[^>]*>|&[a-z#0-9]+;|\{[a-z_]*\}")


def root() -> Path:
    """The checkout's top folder (where ``babel.cfg`` is)."""
    return PACKAGE.parents[2]


def extract() -> Catalog:
    """A fresh template catalogue from the source tree (``babel.cfg``)."""
    top = root()
    with (top / "babel.cfg").open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)  # type: ignore[no-untyped-call]
    catalog = Catalog(
        project="pokertd", domain=DOMAIN, creation_date=FIXED_DATE, revision_date=FIXED_DATE
    )
    scripts = [(p, m) for p, m in method_map if m == "javascript"]
    others = [(p, m) for p, m in method_map if m != "javascript"]
    found = [
        *extract_from_dir(
            str(top), others, options_map, keywords=KEYWORDS, comment_tags=("i18n:",)
        ),
        *extract_from_dir(
            str(top), scripts, options_map, keywords=JS_KEYWORDS, comment_tags=("i18n:",)
        ),
    ]
    for filename, lineno, message, comments, context in found:
        if not message or (isinstance(message, tuple) and not message[0]):
            continue
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def _write(path: Path, catalog: Catalog) -> None:
    buf = io.BytesIO()
    write_po(buf, catalog, width=96, sort_output=True, include_lineno=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buf.getvalue())


def _read(path: Path, locale: str | None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def po_path(lang: str) -> Path:
    """Where ``lang``'s ``.po`` file lives."""
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def write_pot() -> Catalog:
    """Extract and write ``messages.pot``."""
    catalog = extract()
    _write(POT, catalog)
    return catalog


def update() -> None:
    """Merge the ``.pot`` into each language (new msgids empty, gone ones obsolete, no
    fuzzy guesses), and write the pseudo-locale afresh."""
    template = _read(POT, None)
    for lang in TRANSLATED:
        path = po_path(lang)
        catalog = _read(path, lang) if path.exists() else Catalog(locale=lang, domain=DOMAIN)
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        catalog.revision_date = FIXED_DATE
        catalog.obsolete.clear()
        _write(path, catalog)
    _write(po_path(PSEUDO), pseudo_catalog(template))


def compile_mo(out: Path | None = None) -> list[Path]:
    """``.mo`` files of every language (for tools that want them; the app reads the
    ``.po`` files itself), into ``out`` (default: beside each ``.po``; git ignores them)."""
    written = []
    for lang in (*TRANSLATED, PSEUDO):
        catalog = _read(po_path(lang), None if lang == PSEUDO else lang)
        target = (out / lang / "LC_MESSAGES" if out else po_path(lang).parent) / f"{DOMAIN}.mo"
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as f:
            write_mo(f, catalog)
        written.append(target)
    return written


# ---- the pseudo-locale -------------------------------------------------------------------

_ACCENTS = dict(
    zip(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
        "áƀçđéƒĝĥíĵķĺɱñóƥʠŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤǪŔŠŢÚṼŴẊÝŽ",
        strict=True,
    )
)


def pseudo(text: str) -> str:
    """``text`` in the pseudo-locale: every Latin letter accented (so English left on a
    page is easy to find: it has ASCII letters), ~35 % longer, in brackets; placeholders,
    tags and entities kept."""
    if not text:
        return text
    out, pos = [], 0
    for m in _PLACEHOLDER.finditer(text):
        out.append("".join(_ACCENTS.get(c, c) for c in text[pos : m.start()]))
        out.append(m.group(0))
        pos = m.end()
    out.append("".join(_ACCENTS.get(c, c) for c in text[pos:]))
    visible = len(_PLACEHOLDER.sub("", text))
    pad = "·" * max(1, math.ceil(visible * 0.35))
    return f"[{''.join(out)} {pad}]"


def pseudo_catalog(template: Catalog) -> Catalog:
    """The pseudo-locale of every message of ``template``."""
    catalog = Catalog(
        locale=None,
        domain=DOMAIN,
        project="pokertd",
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
    )
    catalog.language_team = "pseudo-locale (generated: scripts/i18n.py update)"
    for msg in template:
        if not msg.id:
            continue
        if isinstance(msg.id, tuple):
            string: str | tuple[str, ...] = (pseudo(str(msg.id[0])), pseudo(str(msg.id[1])))
        else:
            string = pseudo(str(msg.id))
        catalog.add(msg.id, string, context=msg.context)
    return catalog


# ---- check ------------------------------------------------------------------------------


def _ids(catalog: Iterable[Message]) -> set[str]:
    return {
        str(m.id[0] if isinstance(m.id, tuple) else m.id)
        + ("\x04" + m.context if m.context else "")
        for m in catalog
        if m.id
    }


def _forms(value: object) -> list[object]:
    """A message's id or string as a list (one item, or the plural forms)."""
    return list(value) if isinstance(value, (tuple, list)) else [value]


def _holes(text: str) -> list[str]:
    return sorted(h for h in _PLACEHOLDER.findall(text) if not h.startswith("<"))


def problems(*, fresh: Catalog | None = None) -> list[str]:
    """Everything wrong with the catalogue, one sentence each (empty: all is well)."""
    out: list[str] = []
    template = _read(POT, None)
    extracted = fresh if fresh is not None else extract()
    missing = _ids(extracted) - _ids(template)
    stale = _ids(template) - _ids(extracted)
    out += [f"messages.pot lacks {m!r}: run scripts/i18n.py extract" for m in sorted(missing)]
    out += [f"messages.pot still has {m!r}: run scripts/i18n.py extract" for m in sorted(stale)]
    for lang in (*TRANSLATED, PSEUDO):
        path = po_path(lang)
        if not path.exists():
            out.append(f"{lang}: no {path.name}: run scripts/i18n.py update")
            continue
        catalog = _read(path, None if lang == PSEUDO else lang)
        for msg in template:
            if not msg.id:
                continue
            got = catalog.get(msg.id, context=msg.context)
            key = msg.id[0] if isinstance(msg.id, tuple) else msg.id
            if got is None:
                out.append(f"{lang}: {key!r} is not in the .po: run scripts/i18n.py update")
                continue
            strings = [str(x or "") for x in _forms(got.string)]
            if got.fuzzy or not all(strings):
                out.append(f"{lang}: {key!r} is not translated" + (" (fuzzy)" if got.fuzzy else ""))
                continue
            sources = [str(x or "") for x in _forms(msg.id)]
            want = _holes(sources[-1])
            for s in strings:
                if _holes(s) != want and not (len(strings) > 1 and _holes(s) == _holes(sources[0])):
                    out.append(f"{lang}: {key!r} has placeholders {_holes(s)}, not {want}")
    return out


def coverage() -> dict[str, tuple[int, int]]:
    """Per language: (translated msgids, all msgids)."""
    template = _read(POT, None)
    total = sum(1 for m in template if m.id)
    result: dict[str, tuple[int, int]] = {}
    for lang in TRANSLATED:
        catalog = _read(po_path(lang), lang)
        done = 0
        for msg in template:
            got = catalog.get(msg.id, context=msg.context) if msg.id else None
            if got is None or got.fuzzy:
                continue
            done += bool(all(_forms(got.string)))
        result[lang] = (done, total)
    return result
