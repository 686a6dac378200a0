"""Issue 24, point 7: the front end keeps its own policy with no exception.

The Content-Security-Policy allows neither ``'unsafe-eval'`` nor ``'unsafe-inline'``; what
makes that possible is checked here without a browser: no htmx, Alpine's CSP build, and
every Alpine expression in the templates written in the subset that build's parser reads
(``tests/web/test_browser_csp.py`` opens every page in chromium and listens for what the
browser refuses).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pokertd.web.app import PAGE_CSP

WEB = Path(__file__).resolve().parents[2] / "src" / "pokertd" / "web"
TEMPLATES = WEB / "templates"


def _directives() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for part in PAGE_CSP.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


def test_page_csp_allows_no_eval_and_no_inline_code_or_style() -> None:
    """Before issue 24 the policy said ``script-src 'self' 'unsafe-eval'`` (Alpine's
    standard build compiles expressions with ``new Function``) and ``style-src 'self'
    'unsafe-inline'`` (for htmx's indicator style)."""
    assert "'unsafe-eval'" not in PAGE_CSP
    assert "'unsafe-inline'" not in PAGE_CSP
    d = _directives()
    assert d["script-src"] == ["'self'"]
    assert d["style-src"] == ["'self'"]
    assert d["default-src"] == ["'self'"]


def test_htmx_is_gone_and_alpine_is_the_csp_build() -> None:
    vendor = sorted(p.name for p in (WEB / "static" / "vendor").iterdir())
    assert vendor == ["alpine-csp.LICENSE.txt", "alpine-csp.min.js"]
    head = (WEB / "static" / "vendor" / "alpine-csp.min.js").read_text()[:300]
    assert "@alpinejs/csp@" in head
    assert "MIT" in head
    for page in TEMPLATES.glob("*.html"):
        text = page.read_text()
        assert "htmx" not in text, page.name
        assert "hx-" not in text, page.name


_ATTR = re.compile(
    r"""\s((?:x-[a-z][\w:.-]*|@[\w.:-]+|:[\w.-]+))\s*=\s*(?:"([^"]*)"|'([^']*)')""", re.S
)
_STRING = re.compile(r"""'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*\"""")
_JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)

UNREADABLE = {
    "=>": "an arrow function",
    "?.": "optional chaining",
    "??": "the ?? operator",
    "`": "a template literal",
    "+=": "a compound assignment",
    "-=": "a compound assignment",
}
"""Syntax that the CSP build's parser (``@alpinejs/csp`` src/parser.js) does not read: the
expression fails with "CSP Parser Error" when it runs."""
UNREADABLE_WORDS = ("async", "await", "function", "typeof", "new", "let", "const", "var", "if")
GLOBALS = (
    "window",
    "document",
    "console",
    "location",
    "Math",
    "Number",
    "String",
    "JSON",
    "Object",
    "Array",
    "Date",
    "encodeURIComponent",
    "parseInt",
    "parseFloat",
    "isNaN",
    "setTimeout",
    "fetch",
    "confirm",
    "alert",
    "history",
    "navigator",
)
"""Globals: the CSP build looks a name up only in the component's scope ("Undefined
variable"), and refuses a global object even when a component hands it over."""


def _expressions() -> list[tuple[str, str, str]]:
    found = []
    for page in sorted(TEMPLATES.glob("*.html")):
        text = page.read_text()
        for m in _ATTR.finditer(text):
            name, expr = m.group(1), m.group(2) if m.group(2) is not None else m.group(3)
            if name.startswith(("x-cloak", "x-ref", "x-transition", "x-ignore")):
                continue
            line = text.count("\n", 0, m.start()) + 1
            found.append((f"{page.name}:{line}", name, expr))
    return found


def _problems(name: str, expr: str) -> list[str]:
    code = _STRING.sub("''", _JINJA.sub("0", expr))
    if name == "x-for":
        code = re.sub(r"^.*?\s(?:in|of)\s", "", code, flags=re.S)
    out = [why for token, why in UNREADABLE.items() if token in code]
    # two statements: a ';' before the end (one trailing ';' is read)
    if ";" in code.rstrip().rstrip(";"):
        out.append("two statements")
    for word in UNREADABLE_WORDS:
        if re.search(rf"(?<![\w$.]){word}(?![\w$])", code):
            out.append(f"the keyword {word!r}")
    for g in GLOBALS:
        if re.search(rf"(?<![\w$.]){g}(?![\w$])", code):
            out.append(f"the global {g}")
    if name == "x-data" and re.search(r"\w\s*\([^)]*\)\s*\{", code):
        out.append("a method written in the page (register the component instead)")
    return out


def test_the_guard_sees_what_the_csp_parser_refuses() -> None:
    """The checks below catch the expressions issue 24 rewrote (taken from main)."""
    for name, expr in [
        ("@click", "message=''; details=[]"),
        ("x-text", "(s.alive ?? '–') + ' / ' + (s.entries ?? '–')"),
        ("x-show", "cu.result?.method === 'race'"),
        ("@click", "confirmPending(pending().map((m) => m.move_id), true)"),
        ("@click", "window.print()"),
        (":href", "'/leagues/' + encodeURIComponent(l.key)"),
        ("x-effect", "v.seq; if (tab === 'clock') loadDay()"),
        ("x-data", "{ paid: {}, async loadPaid() { this.paid = {}; } }"),
        ("@submit.prevent", "(async () => { await run('x', {}) })()"),
    ]:
        assert _problems(name, expr), expr
    for name, expr in [
        ("x-text", "or(s.alive, '–') + ' / ' + or(s.entries, '–')"),
        ("x-text", "'a => b; c ?? d'"),
        ("x-data", "{ pen: { player: '', kind: 'warning', count: 1 } }"),
        ("x-for", "(p, i) in (dealView().players || [])"),
        ("x-init", "note = (v.screens && v.screens.announcement) || ''"),
    ]:
        assert _problems(name, expr) == [], expr


def test_every_template_expression_is_in_the_csp_builds_subset() -> None:
    exprs = _expressions()
    assert len(exprs) > 1000  # the scan reads the templates' attributes
    bad = [f"{where} {name}: {why}" for where, name, e in exprs for why in _problems(name, e)]
    assert bad == []


@pytest.mark.parametrize("page", sorted(p.name for p in TEMPLATES.glob("*.html")))
def test_no_inline_style_or_handler_in_a_template(page: str) -> None:
    text = (TEMPLATES / page).read_text()
    assert re.search(r"<style[\s>]", text) is None
    assert re.search(r"""\sstyle\s*=\s*["']""", text) is None
    assert re.search(r"""\son[a-z]+\s*=\s*["']""", text) is None
