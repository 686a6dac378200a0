"""Find text a person reads that is not in the catalogue (issue 27, point 1).

Templates: text between tags, and the ``placeholder``/``alt``/``title``/``aria-label``
attributes, must be Jinja expressions (``{{ _("…") }}``) or ``{% trans %}`` blocks; string
literals with letters in an ``x-text`` must be ``t('…')`` arguments. Scripts: every string
literal that reads like words ("Next break in", "Table ") outside ``t()``/``tn()`` is
reported, unless listed as machine text in :data:`MACHINE`.
"""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "src" / "pokertd" / "web"

_JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
_TRANS = re.compile(r"\{%-?\s*trans\b.*?\{%-?\s*endtrans\s*-?%\}", re.S)
_DROP = re.compile(r"<!--.*?-->|<script\b.*?</script>|<style\b.*?</style>", re.S | re.I)
_TAG = re.compile(r"""<(?:[^>"']|"[^"]*"|'[^']*')*>""", re.S)
_ATTR = re.compile(r'(?<![:\w-])(placeholder|alt|title|aria-label)="([^"]*)"')
_CLASS_BLOCK = re.compile(r"\{%-?\s*block body_class\s*-?%\}.*?\{%-?\s*endblock\s*-?%\}", re.S)
BRAND = re.compile(r"♠?\s*pokertd|\b(?:API|JSON|CSV|QR|PIN)\b|(?<!\w)/\w+")
"""Words the same in every language: the product's name, acronyms, paths."""
_XTEXT = re.compile(r'\s(?:x-text|:title|:placeholder|:aria-label)="([^"]*)"')
_LETTERS = re.compile(r"[A-Za-z]{2,}")
_T_CALL_HTML = re.compile(r"\btn?\(\s*'(?:[^'\\]|\\.)*'(?:\s*,\s*'(?:[^'\\]|\\.)*')?")
_LIT_HTML = re.compile(r"'((?:[^'\\]|\\.)*)'")
_COMPARED = re.compile(r"[!=]==?\s*'(?:[^'\\]|\\.)*'|'(?:[^'\\]|\\.)*'\s*[!=]==?")
"""A literal compared with (``signoutMark(p) === 'late'``): a value, never shown."""


MACHINE_HTML: dict[str, set[str]] = {
    "simulate.html": {
        # the form's field names (bad('entries') is the server's sentence for that field)
        "template",
        "profile",
        "entries",
        "runs",
        "seed",
        "rates.",
        "time.",
        "time.hands_per_hour",
        "rest",  # result.kind === 'rest'
    },
}
"""String literals in a template's ``x-text`` that no person reads (keys, field names)."""


def _line(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def template_problems(name: str) -> list[str]:
    """Untranslated visible text of one template, as ``file:line: text``."""
    raw = (WEB / "templates" / name).read_text(encoding="utf-8")
    out: list[str] = []

    # blank what is translated or not shown, keeping the line numbers
    def blank(m: re.Match[str]) -> str:
        return re.sub(r"[^\n]", " ", m.group(0))

    text = _TRANS.sub(blank, raw)
    text = _CLASS_BLOCK.sub(blank, text)
    text = _DROP.sub(blank, text)
    text = _JINJA.sub(blank, text)
    for m in _ATTR.finditer(text):
        if _LETTERS.search(m.group(2)):
            out.append(f"{name}:{_line(text, m.start())}: {m.group(1)}={m.group(2)!r}")
    keys = MACHINE_HTML.get(name, set())
    for m in _XTEXT.finditer(text):
        expr = _COMPARED.sub("", _T_CALL_HTML.sub("", m.group(1)))
        for lit in _LIT_HTML.finditer(expr):
            if _LETTERS.search(lit.group(1)) and lit.group(1) not in keys:
                out.append(f"{name}:{_line(text, m.start())}: x-text literal {lit.group(1)!r}")
    body = _TAG.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    for i, line in enumerate(body.split("\n"), 1):
        words = BRAND.sub("", line.replace("&nbsp;", " ")).strip()
        if _LETTERS.search(re.sub(r"&[a-z]+;", "", words)):
            out.append(f"{name}:{i}: {words!r}")
    return out


_COMMENT = re.compile(r"/\*.*?\*/|(?<![:\\])//[^\n]*", re.S)
_STR = r'"(?:[^"\\\n]|\\.)*"'
_T_CALL_JS = re.compile(r"\btn?\(\s*" + _STR + r"(?:\s*,\s*" + _STR + r")?")
_LIT_JS = re.compile(_STR + r"|`(?:[^`\\]|\\.)*`")
_WORDY = re.compile(
    r"[A-Za-z]{2,}(?:[ ,:]+|\. )[A-Za-z]{2,}|^[A-Z][a-z]{2,}$|^[A-Z]{3,}( [A-Z]+)*$"
)

MACHINE: dict[str, set[str]] = {
    "*": {"use strict"},
    "app.js": {
        "Content-Type",
        "X-CSRF-Token",
        "X-Pokertd-Lang",
        "alpine:init",
        "application/json",
        "same-origin",
        "POST",
    },
    "tv.js": {"--pay-cols", "--row-px"},
    "screen-layout.js": {"sl-panel sl-"},
    "screens.js": {
        "POST",
        "primary screen-apply",
        # the editor preview's sample figures: names of people, events and a league (data)
        "Friday Deepstack",
        "PLO Bounty",
        "Winter League",
        "Ann Archer",
        "Bob Bell",
        "Cy Cole",
        "Dee Dunn",
        "Eve Ekman",
    },
    "live-offline.js": {"live-conn live-conn-lobby"},  # CSS class names
    "money.js": {"USD"},  # the ISO 4217 code of the fallback currency
    "sw.js": {"GET"},  # the HTTP method the service worker answers
    "simulate.js": {"POST"},
    "league_admin.js": {"POST"},
    "series.js": {"carried to Day 2", "Day"},
    "series-admin.js": {"carried to Day 2"},
    "players.js": {"POST"},
    "floor_keys.js": {"INPUT", "SELECT", "TEXTAREA", "Escape", "Tab", "Home", "End"},
    "setup.js": {"POST", "NLH"},
    "player.js": {
        "Balancing move",
        "Table breaks",
        "The floor moved you",
        "Final table",
        "Redraw",
        "Clock called",
        "Penalty",
        "Slip",
    },
}
"""Literals of each script that no person reads (headers, events, CSS names, the editor
preview's sample names), the slip titles of ``player.js``, which are msgids passed to
``t()`` through a table, and the series rows' states (``series.js``, ``series-admin.js``),
the English words the server sends, translated as msgids (``pokertd.web.series.STATES``)."""


def script_problems(name: str) -> list[str]:
    """Word-like string literals of one page script outside ``t()``/``tn()``."""
    raw = (WEB / "static" / name).read_text(encoding="utf-8")
    text = _COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), raw)
    text = _T_CALL_JS.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)
    out = []
    allowed = MACHINE.get(name, set()) | MACHINE["*"]
    for m in _LIT_JS.finditer(text):
        lit = m.group(0)[1:-1]
        if lit in allowed or ("${" in lit and not _WORDY.search(re.sub(r"\$\{[^}]*\}", "", lit))):
            continue
        if _WORDY.search(re.sub(r"\$\{[^}]*\}", " ", lit)) and not lit.startswith(("/", ".", "#")):
            out.append(f"{name}:{_line(text, m.start())}: {m.group(0)}")
    return out
