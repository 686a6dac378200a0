"""Nothing at run time fetches from outside (issue 16: offline-first).

A card room's back office often has no internet, and a venue may not want its pages to call
other hosts. This test reads every web template, every static file (``vendor/`` included)
and every Python module under ``src/pokertd/web`` and fails, naming the file and line, on an
``http(s)://`` or protocol-relative ``//host`` URL to another host in a place the browser
would load it: ``src``/``href``/``action``/``hx-*`` attributes (a plain ``<a href>`` the
reader clicks is navigation, not a load, and stays allowed), CSS ``url()``/``@import``,
script ``fetch``/``import``/``EventSource``/``WebSocket``, and any string a Python module
could put in a page or a header. Comments, docstrings and licence banners are not loads.

What remains allowed is listed in :data:`ALLOWED` with the reason, file by file. The browser
half of the check (a real chromium that aborts every request to another host) is
``tests/web/test_browser_apidocs.py``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[1] / "src" / "pokertd" / "web"

LOCAL_HOSTS = ("localhost", "127.0.0.1", "[::1]", "0.0.0.0")
"""Hosts that are this machine: a URL to them does not leave it."""

ALLOWED: dict[tuple[str, str], str] = {
    ("static/vendor/alpine-csp.min.js", "https://alpinejs.dev/plugins/"): (
        "the text of Alpine's console warning for a missing plugin; never requested"
    ),
}
"""``(file relative to web/, URL prefix)`` -> why that URL is never loaded."""

_URL = re.compile(r"""(?:https?:)?//([A-Za-z0-9\[\]{}$.:_-]+)[^\s"'<>)`]*""")
"""An absolute or protocol-relative URL and its host (``{host}``/``${…}``: built at run time
from the request or the settings, the server's own address)."""

_HTML_COMMENT = re.compile(r"<!--.*?-->|\{#.*?#\}", re.S)
_BLOCK_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_LINE_COMMENT = re.compile(r"^\s*//.*$", re.M)
_TAG = re.compile(r"<([A-Za-z][A-Za-z0-9-]*)\b[^<>]*$")
_ATTRIBUTE = re.compile(r"""([A-Za-z][A-Za-z0-9:_-]*)\s*=\s*["']?[^"'=]*$""")
_LOAD_IN_SCRIPT = re.compile(
    r"(fetch|import|importScripts|EventSource|WebSocket|sendBeacon|open|url|src|href)"
    r"""\s*[(=:]?\s*\(?\s*["'`]?\s*$"""
)


def _blank(match: re.Match[str]) -> str:
    """A comment replaced by as many newlines as it had (line numbers stay right)."""
    return "\n" * match.group(0).count("\n")


def _external(url_host: str) -> bool:
    """Whether a URL's host is another machine (not this one, not filled in at run time)."""
    host = url_host.split(":")[0] if not url_host.startswith("[") else url_host
    if not host or host.startswith(("{", "$")) or "{{" in host:
        return False
    return not any(host == h or host.startswith(h) for h in LOCAL_HOSTS)


def _line(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def _html_loads(text: str) -> list[tuple[int, str]]:
    """External URLs a page or SVG would load (``<a href>`` is navigation: allowed)."""
    text = _HTML_COMMENT.sub(_blank, text)
    found = []
    for m in _URL.finditer(text):
        if not _external(m.group(1)):
            continue
        before = text[max(0, m.start() - 400) : m.start()]
        tag = _TAG.search(before)
        attribute = _ATTRIBUTE.search(before)
        name = attribute.group(1).lower() if tag and attribute else ""
        if name.startswith("xmlns"):
            continue  # an XML namespace is a name, never requested
        if tag and tag.group(1).lower() == "a" and name == "href":
            continue
        if not m.group(0).startswith("http") and not (tag and attribute):
            continue  # "//" in text outside a tag (a comment in prose, a path "a//b")
        found.append((_line(text, m.start()), m.group(0)))
    return found


def _script_loads(text: str) -> list[tuple[int, str]]:
    """External URLs in JavaScript or CSS outside comments (every one counts: a string in a
    script can reach ``fetch`` or ``src`` by many routes; the exceptions are in ALLOWED)."""
    text = _LINE_COMMENT.sub("", _BLOCK_COMMENT.sub(_blank, text))
    found = []
    for m in _URL.finditer(text):
        if not _external(m.group(1)):
            continue
        if not m.group(0).startswith("http"):
            before = text[max(0, m.start() - 40) : m.start()]
            if not _LOAD_IN_SCRIPT.search(before):
                continue  # "//" inside a regular expression or a string such as "a//b"
        found.append((_line(text, m.start()), m.group(0)))
    return found


def _documentation(tree: ast.AST) -> set[int]:
    """The ids of docstring nodes (module, class, function, and attribute docstrings)."""
    docs: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for statement in body:
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                docs.add(id(statement.value))
    return docs


def _python_loads(text: str) -> list[tuple[int, str]]:
    """External URLs in a module's string constants (not in its docstrings or comments)."""
    tree = ast.parse(text)
    docs = _documentation(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            for m in _URL.finditer(node.value):
                if _external(m.group(1)) and m.group(0).startswith("http"):
                    found.append((node.lineno, m.group(0)))
    return found


def scan(path: Path, text: str) -> list[tuple[int, str]]:
    """``(line, url)`` of every external load in one file, by its kind."""
    suffix = path.suffix.lower()
    if suffix in (".html", ".svg", ".htm"):
        return _html_loads(text)
    if suffix in (".js", ".mjs", ".css"):
        return _script_loads(text)
    if suffix == ".py":
        return _python_loads(text)
    return []


def _files() -> list[Path]:
    """Every template, static file and Python module of the web app."""
    kinds = {".html", ".htm", ".svg", ".js", ".mjs", ".css", ".py"}
    return sorted(p for p in WEB.rglob("*") if p.is_file() and p.suffix.lower() in kinds)


def test_the_scan_reads_the_whole_web_app() -> None:
    """The scan sees templates, our scripts and styles, vendor code and Python modules."""
    names = {p.relative_to(WEB).as_posix() for p in _files()}
    for expected in (
        "templates/base.html",
        "templates/apidocs.html",
        "static/app.js",
        "static/app.css",
        "static/icon.svg",
        "static/vendor/alpine-csp.min.js",
        "app.py",
        "apidocs.py",
    ):
        assert expected in names, expected
    assert len(names) > 60


def test_nothing_in_the_web_app_loads_from_another_host() -> None:
    """Every external URL the browser or the server would load, by file and line."""
    problems = []
    used: set[tuple[str, str]] = set()
    for path in _files():
        rel = path.relative_to(WEB).as_posix()
        for line, url in scan(path, path.read_text(encoding="utf-8", errors="replace")):
            allowed = [key for key in ALLOWED if key[0] == rel and url.startswith(key[1])]
            if allowed:
                used.update(allowed)
                continue
            problems.append(f"src/pokertd/web/{rel}:{line}: loads {url}")
    assert problems == [], "pages must work offline:\n" + "\n".join(problems)
    assert used == set(ALLOWED), f"allowed but no longer present: {set(ALLOWED) - used}"


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("a.html", '<script src="https://cdn.jsdelivr.net/npm/x.js"></script>', 1),
        ("a.html", '<link rel="stylesheet" href="//fonts.googleapis.com/css">', 1),
        ("a.html", '<img class="x" src="http://example.com/logo.png">', 1),
        ("a.html", '<div hx-get="https://api.example.com/poll"></div>', 1),
        ("a.html", '<a href="https://github.com/pokertd">source</a>', 0),
        ("a.html", "<!-- https://cdn.jsdelivr.net/npm/x.js -->", 0),
        ("a.html", '<script src="{{ root }}/static/app.js"></script>', 0),
        ("a.html", '<img src="http://localhost:8000/x.png">', 0),
        ("a.svg", '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://x.org/a.png"/>', 1),
        ("a.css", "body { background: url(https://example.com/felt.png); }", 1),
        ("a.css", '@import "//fonts.example.com/x.css";', 1),
        ("a.css", "/* https://example.com/credits */ body { color: red; }", 0),
        ("a.js", 'fetch("https://api.example.com/x")', 1),
        ("a.js", "const u = `https://${host}/x`;", 0),
        ("a.js", 'import x from "https://esm.sh/x";', 1),
        ("a.js", "// https://example.com/why\nconst a = 1;", 0),
        ("a.js", 'const re = /a\\/\\/b/; const s = "a//b";', 0),
        ("a.py", 'URL = "https://cdn.jsdelivr.net/npm/swagger-ui-dist@5/x.js"', 1),
        ("a.py", '"""See https://example.com/docs."""\n# https://example.com\nX = 1', 0),
        ("a.py", 'base = f"http://{host}:{port}"', 0),
    ],
)
def test_the_scan_finds_loads_and_only_loads(name: str, text: str, expected: int) -> None:
    """The scan is not blind (it finds a CDN script, a font, a fetch, a Python constant) and
    not noisy (comments, docstrings, links the reader clicks, run-time hosts)."""
    assert len(scan(Path(name), text)) == expected, scan(Path(name), text)
