"""Babel extractor for the page templates (``babel.cfg``; run by ``scripts/i18n.py``).

A template holds two kinds of text: Jinja2's (``{% trans %}``, ``_()``), read by Jinja2's
own Babel extractor, and the Alpine expressions of its ``x-text`` attributes, which call the
page scripts' ``t('…')`` / ``tn('…', '…', n)`` (static/app.js). This extractor yields both,
so one ``.html`` file contributes all its words to the one catalogue.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from jinja2.ext import babel_extract

_LIT = r"'((?:[^'\\]|\\.)*)'"
_T = re.compile(r"\bt\(\s*" + _LIT)
_TN = re.compile(r"\btn\(\s*" + _LIT + r"\s*,\s*" + _LIT)

Extracted = tuple[int, str, str | tuple[str | None, ...] | None, list[str]]


def _unquote(s: str) -> str:
    return s.replace("\\'", "'").replace("\\\\", "\\")


def extract_html(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any] | Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[Extracted]:
    """Every message of one template: Jinja2's, then the ``t()``/``tn()`` calls of its
    Alpine attributes (single-quoted literals, as attributes are double-quoted)."""
    source = fileobj.read()
    yield from babel_extract(
        _Reader(source),  # type: ignore[arg-type]
        list(keywords),
        list(comment_tags),
        dict(options),
    )
    text = source.decode("utf-8")
    for m in _TN.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        yield line, "ngettext", (_unquote(m.group(1)), _unquote(m.group(2))), []
    for m in _T.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        yield line, "gettext", _unquote(m.group(1)), []


class _Reader:
    """A file object over bytes already read (Jinja2's extractor reads the file itself)."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def read(self, size: int = -1) -> bytes:
        return self.data
