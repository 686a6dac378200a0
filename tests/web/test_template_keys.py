"""Every ``x-for`` key of the pages names one row only.

Alpine keeps one element per key: two rows with the same key show as one. The TV's final
results were keyed ``r.entry_id + r.place``, so entry ``E11`` in 1st and entry ``E1`` in
11th were both ``"E111"`` and the winner's row vanished from the list (a venue night at
the TDA profile, issue 23). A key joined from two fields needs a separator between them.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pokertd.web

TEMPLATES = Path(pokertd.web.__file__).parent / "templates"
KEY = re.compile(r':key="([^"]*)"')
LITERAL = re.compile(r"^'[^']*'$")


def _terms(expression: str) -> list[str]:
    """The top-level ``+`` terms of a key expression (parentheses kept whole)."""
    terms, depth, start = [], 0, 0
    for i, ch in enumerate(expression):
        depth += ch == "("
        depth -= ch == ")"
        if ch == "+" and depth == 0:
            terms.append(expression[start:i].strip())
            start = i + 1
    terms.append(expression[start:].strip())
    return terms


def joined_without_separator(expression: str) -> bool:
    """Whether two non-literal terms of ``expression`` stand next to each other."""
    terms = _terms(expression)
    return any(not LITERAL.match(a) and not LITERAL.match(b) for a, b in itertools.pairwise(terms))


def test_the_check_catches_the_tv_key_that_lost_the_winner() -> None:
    assert joined_without_separator("r.entry_id + r.place")  # E11 + 1 and E1 + 11: "E111"
    assert not joined_without_separator("r.entry_id + ':' + r.place")
    assert not joined_without_separator("'w' + w.entry")
    assert joined_without_separator("(p.name || '') + (p.entry || '')")


def test_every_joined_key_has_a_separator() -> None:
    bad = [
        f"{page.name}: {expression}"
        for page in sorted(TEMPLATES.glob("*.html"))
        for expression in KEY.findall(page.read_text(encoding="utf-8"))
        if joined_without_separator(expression)
    ]
    assert bad == []
