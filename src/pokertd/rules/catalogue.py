"""The rules catalogue's index: which venue rule IDs each catalogue entry implements.

``../shared/rules-catalog.md`` gives every rule an entry key (``[A4]``, ``[E13]`` …) and, in
the entry's heading, the venue rule IDs it implements (``KPC-18``, ``TNPL-B2ii``,
``FOX-REG1`` …). Code names the *entry* it enforces; the tournament's profile turns that into
its own venue's rule IDs (:meth:`pokertd.rules.profile.RuleProfile.cite`), so one mechanism
serves every venue and no refusal carries another venue's rule numbers.

The index is data (:mod:`pokertd.rules.catalogue_data`), generated from the catalogue by
:func:`parse_catalogue` and checked against it by ``tests/rules/test_catalogue.py`` (which
also rewrites it: ``uv run python tests/rules/test_catalogue.py ../shared/rules-catalog.md``).
The package never reads ``../shared`` at run time.

The TDA profile cites TDA rule numbers: the catalogue's TDA column is the Poker TDA text as
Foxwoods reproduces it in its Tournament Rules 1–71 with the 2019 TDA numbering (catalogue
1.3), so an entry's ``FOX-n`` rule (n ≤ 71, not one of the house-specific clauses the
catalogue names) is TDA rule ``n``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from pokertd.rules.catalogue_data import ENTRIES, TITLES

VENUE_CODES = ("KPC", "TNPL", "NJ", "SPOT", "FOX")
"""The venue codes of the catalogue (section 1.1)."""

TDA_CODE = "TDA"
"""The code of the Poker TDA rules (the default profile)."""

TDA_VERSION = "Poker TDA Tournament Rules, 2019 numbering (as reproduced in FOX-1 … FOX-71)"
"""What the TDA profile's rule numbers refer to (catalogue 1.3)."""

TDA_HOUSE_SPECIFIC = frozenset({"FOX-11B", "FOX-72", "FOX-72A", "FOX-73"})
"""Foxwoods rules the catalogue calls house-specific, not TDA text (catalogue 1.3)."""

_HEADING = re.compile(r"^#### \[(?P<key>[A-Z][0-9]+[a-z]?)\]\s*(?P<title>.*?)\s+—\s+(?P<ids>.*)$")
_ID = re.compile(r"^(?P<code>KPC|TNPL|NJ|SPOT|FOX)-[A-Za-z0-9.][A-Za-z0-9.-]*$")
_FOX_RULE = re.compile(r"^FOX-(?P<n>[0-9]+)(?P<sub>[A-Z]*)$")


def parse_catalogue(text: str) -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
    """``(entries, titles)`` from the catalogue's text: every entry key with the venue rule
    IDs of its heading (in heading order, duplicates and parenthesised notes dropped) and
    its title."""
    entries: dict[str, tuple[str, ...]] = {}
    titles: dict[str, str] = {}
    for line in text.splitlines():
        match = _HEADING.match(line.strip())
        if match is None:
            continue
        ids: list[str] = []
        for part in match["ids"].split("·"):
            rule_id = re.sub(r"\([^)]*\)", "", part).strip()
            if _ID.match(rule_id) and rule_id not in ids:
                ids.append(rule_id)
        entries[match["key"]] = tuple(ids)
        titles[match["key"]] = match["title"].strip()
    return entries, titles


def venue_of(rule_id: str) -> str | None:
    """The venue code of a rule ID (``"KPC-18"`` → ``"KPC"``), ``TDA`` for ``TDA-n``,
    ``None`` for a catalogue key."""
    code = rule_id.split("-", 1)[0]
    return code if code in (*VENUE_CODES, TDA_CODE) and "-" in rule_id else None


def tda_number(rule_id: str) -> str | None:
    """The TDA rule a Foxwoods rule reproduces (``FOX-46A`` → ``TDA-46A``), if any."""
    match = _FOX_RULE.match(rule_id)
    if match is None or rule_id in TDA_HOUSE_SPECIFIC or int(match["n"]) > 71:
        return None
    return f"TDA-{match['n']}{match['sub']}"


def ids_for(
    venue: str, keys: Iterable[str], entries: Mapping[str, tuple[str, ...]] = ENTRIES
) -> tuple[str, ...]:
    """The rule IDs ``venue`` (a code of :data:`VENUE_CODES` or ``TDA``) has for the
    catalogue entries ``keys``, in order, without repeats (empty when it has none)."""
    out: list[str] = []
    for key in keys:
        for rule_id in entries.get(key, ()):
            own = tda_number(rule_id) if venue == TDA_CODE else rule_id
            if own is not None and (own.split("-", 1)[0] == venue) and own not in out:
                out.append(own)
    return tuple(out)


def all_rule_ids(entries: Mapping[str, tuple[str, ...]] = ENTRIES) -> tuple[str, ...]:
    """Every venue rule ID of the catalogue, sorted by venue then ID."""
    found = {rule_id for ids in entries.values() for rule_id in ids}
    order = {code: i for i, code in enumerate(VENUE_CODES)}
    return tuple(sorted(found, key=lambda r: (order[r.split("-", 1)[0]], r)))


def entries_of(rule_id: str, entries: Mapping[str, tuple[str, ...]] = ENTRIES) -> tuple[str, ...]:
    """The catalogue entries that implement ``rule_id``."""
    return tuple(key for key, ids in entries.items() if rule_id in ids)


__all__ = [
    "ENTRIES",
    "TDA_CODE",
    "TDA_HOUSE_SPECIFIC",
    "TDA_VERSION",
    "TITLES",
    "VENUE_CODES",
    "all_rule_ids",
    "entries_of",
    "ids_for",
    "parse_catalogue",
    "tda_number",
    "venue_of",
]
