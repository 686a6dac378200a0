"""The conformance matrix: every venue rule ID of the catalogue, and how pokertd meets it.

Reads ``../shared/rules-catalog.md`` (each entry's venue rule IDs and its "Software" line),
the test suite (every ``test_*`` function's name and docstring, by ``ast``, never imported)
and ``scripts/conformance_notes.toml`` (how a record-only rule is recorded, why a rule is
live-only where the catalogue's own line does not say), and writes ``docs/conformance.md``:
one row per rule ID with its status:

* **implemented**: at least one test cites the ID (its name spells it with underscores,
  ``test_FOX_46A_…``, or its docstring names it, ``FOX-46A``); the row names the tests and,
  given ``--junit`` (pytest's JUnit XML of a full run), whether they passed;
* **record-only**: a person decides; the row names the command or event that records it;
* **live-only**: only physical cards or chips produce it; the row says why;
* **gap**: none of these: the rule is neither tested nor explained.

``--check`` (CI) fails when a catalogue rule ID has no row, when an implemented row has no
passing test in the JUnit file, or when ``docs/conformance.md`` is not the file this script
writes now. Usage::

    uv run pytest --junitxml=tests/.artifacts/junit.xml
    uv run python scripts/conformance.py --junit tests/.artifacts/junit.xml        # write
    uv run python scripts/conformance.py --junit tests/.artifacts/junit.xml --check
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
import tomllib
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from pokertd.rules.catalogue import ENTRIES, VENUE_CODES, all_rule_ids

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE = ROOT.parent / "shared" / "rules-catalog.md"
NOTES = ROOT / "scripts" / "conformance_notes.toml"
DOC = ROOT / "docs" / "conformance.md"
TESTS = ROOT / "tests"

VENUE_NAMES = {
    "KPC": "Kojack's Poker Club",
    "TNPL": "The Nuts Poker League",
    "NJ": "New Jersey fundraiser",
    "SPOT": "Spotlight Karaoke Poker",
    "FOX": "Foxwoods",
}
STATUSES = ("implemented", "record-only", "live-only", "gap")
TESTS_SHOWN = 4
"""Tests named per row (the rest are counted)."""

_ENTRY = re.compile(r"^#### \[(?P<key>[A-Z][0-9]+[a-z]?)\]")
_SOFTWARE = re.compile(r"^\* \*\*Software\*\*: (?P<text>.*)$")


@dataclass(slots=True)
class Row:
    """One rule ID of the matrix."""

    rule_id: str
    entries: tuple[str, ...]
    status: str = "gap"
    tests: list[str] = field(default_factory=list)
    note: str = ""
    passed: int | None = None
    """Citing tests that passed (``None`` without a JUnit file)."""


def software_lines(text: str) -> dict[str, str]:
    """Each catalogue entry's "Software" line (``yes …``, ``record-only …``, ``live-only …``)."""
    found: dict[str, str] = {}
    key: str | None = None
    for line in text.splitlines():
        entry = _ENTRY.match(line)
        if entry is not None:
            key = entry["key"]
            continue
        software = _SOFTWARE.match(line.strip())
        if software is not None and key is not None and key not in found:
            found[key] = software["text"].strip()
    return found


def kind_of(software: str) -> str:
    """``yes``, ``record-only`` or ``live-only`` from an entry's Software line."""
    low = software.lower()
    for kind in ("record-only", "live-only"):
        if low.startswith(kind):
            return kind
    return "yes"


def _patterns(ids: Iterable[str]) -> tuple[re.Pattern[str], re.Pattern[str], dict[str, str]]:
    """Regexes finding rule IDs in docstrings (``FOX-46A``) and names (``FOX_46A``)."""
    ordered = sorted(ids, key=len, reverse=True)
    under = {i.replace("-", "_").replace(".", "_"): i for i in ordered}
    alternatives = "|".join(map(re.escape, ordered))
    doc = re.compile(r"(?<![A-Za-z0-9.-])(" + alternatives + r")(?![A-Za-z0-9])")
    name = re.compile(r"(?:^|_)(" + "|".join(map(re.escape, under)) + r")(?=_|$)")
    return doc, name, under


def citations(tests: Path, ids: Iterable[str]) -> dict[str, list[str]]:
    """For each rule ID, the tests (``path::name`` or ``path::Class::name``) citing it."""
    doc_re, name_re, under = _patterns(ids)
    cited: dict[str, list[str]] = {}
    for path in sorted(tests.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        rel = path.relative_to(tests.parent).as_posix()
        for node, owner in _test_functions(tree):
            found = {under[m] for m in name_re.findall(node.name)}
            found |= set(doc_re.findall(ast.get_docstring(node) or ""))
            test = f"{rel}::{owner}{node.name}"
            for rule_id in found:
                cited.setdefault(rule_id, []).append(test)
    return cited


def _test_functions(
    tree: ast.Module,
) -> Iterable[tuple[ast.FunctionDef | ast.AsyncFunctionDef, str]]:
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            if node.name.startswith("test"):
                yield node, ""
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and (
                    item.name.startswith("test")
                ):
                    yield item, f"{node.name}::"


def junit_outcomes(path: Path) -> dict[str, bool]:
    """``{test id: passed}`` from pytest's JUnit XML (every parametrised case must pass)."""
    outcomes: dict[str, bool] = {}
    for case in ET.parse(path).getroot().iter("testcase"):
        module = case.get("classname", "")
        name = re.sub(r"\[.*\]$", "", case.get("name", ""))
        parts = module.split(".")
        # classname is "tests.web.test_x" or "tests.web.test_x.TestClass"
        cls = [p for p in parts if p.startswith("Test")]
        mod = [p for p in parts if not p.startswith("Test")]
        test = "/".join(mod) + ".py::" + "".join(f"{c}::" for c in cls) + name
        ok = not any(child.tag in ("failure", "error", "skipped") for child in case)
        outcomes[test] = outcomes.get(test, True) and ok
    return outcomes


def build(
    catalogue_text: str,
    cited: Mapping[str, list[str]],
    notes: Mapping[str, Mapping[str, Mapping[str, str]]],
    outcomes: Mapping[str, bool] | None = None,
) -> list[Row]:
    """Every rule ID's row (see the module docstring for the statuses)."""
    software = software_lines(catalogue_text)
    record = notes.get("record", {})
    live = notes.get("live", {})
    rows: list[Row] = []
    for rule_id in all_rule_ids():
        keys = tuple(k for k, ids in ENTRIES.items() if rule_id in ids)
        row = Row(rule_id, keys)
        kinds = {kind_of(software.get(k, "yes")) for k in keys}
        if rule_id in cited:
            row.status = "implemented"
            row.tests = sorted(cited[rule_id])
            if outcomes is not None:
                row.passed = sum(1 for t in row.tests if outcomes.get(t, False))
        elif rule_id in record:
            row.status = "record-only"
            row.note = record[rule_id]["how"]
        elif rule_id in live:
            row.status = "live-only"
            row.note = live[rule_id]["why"]
        elif kinds == {"live-only"}:
            row.status = "live-only"
            row.note = "; ".join(software[k] for k in keys)
        rows.append(row)
    return rows


def render(rows: list[Row], with_outcomes: bool) -> str:
    """``docs/conformance.md``."""
    counts: dict[str, Counter[str]] = {v: Counter() for v in VENUE_CODES}
    for row in rows:
        counts[row.rule_id.split("-", 1)[0]][row.status] += 1
    out = [
        "# Conformance matrix",
        "",
        "Generated by `scripts/conformance.py` from `../shared/rules-catalog.md`, the test",
        "suite and `scripts/conformance_notes.toml`; do not edit by hand. One row per venue",
        "rule ID of the catalogue: **implemented** (the tests citing it by name or docstring),",
        "**record-only** (a person decides; the command or event that records it),",
        "**live-only** (only physical cards or chips produce it; why), or **gap** (neither",
        "tested nor explained yet). CI (`.ci/run`) regenerates it after the full test run and",
        "fails when a rule ID has no row, when an implemented row has no passing test, or",
        "when this file is stale.",
        "",
        "| Venue | implemented | record-only | live-only | gap | total |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    total: Counter[str] = Counter()
    for venue in VENUE_CODES:
        c = counts[venue]
        total.update(c)
        cells = " | ".join(str(c[s]) for s in STATUSES)
        out.append(f"| {venue} ({VENUE_NAMES[venue]}) | {cells} | {sum(c.values())} |")
    cells = " | ".join(str(total[s]) for s in STATUSES)
    out.append(f"| **all** | {cells} | {sum(total.values())} |")
    for venue in VENUE_CODES:
        out += ["", f"## {venue} — {VENUE_NAMES[venue]}", ""]
        out += ["| Rule | Entry | Status | Tests, or how / why |", "|---|---|---|---|"]
        for row in rows:
            if row.rule_id.split("-", 1)[0] != venue:
                continue
            if row.status == "implemented":
                shown = ", ".join(f"`{t}`" for t in row.tests[:TESTS_SHOWN])
                more = len(row.tests) - TESTS_SHOWN
                detail = shown + (f" (+{more} more)" if more > 0 else "")
                if with_outcomes:
                    detail = f"{row.passed}/{len(row.tests)} pass: " + detail
            else:
                detail = row.note.replace("|", "\\|")
            entries = ", ".join(row.entries)
            out.append(f"| {row.rule_id} | {entries} | {row.status} | {detail} |")
    out.append("")
    return "\n".join(out)


def problems(rows: list[Row], with_outcomes: bool) -> list[str]:
    """What ``--check`` fails on (a rule ID without a row; an implemented row whose tests
    did not pass)."""
    found: list[str] = []
    have = {row.rule_id for row in rows}
    found += [f"{i}: no row" for i in all_rule_ids() if i not in have]
    if with_outcomes:
        for row in rows:
            if row.status == "implemented" and not row.passed:
                found.append(f"{row.rule_id}: no passing test among {', '.join(row.tests)}")
    return found


def _strip_outcomes(text: str) -> str:
    return re.sub(r"\| [0-9]+/[0-9]+ pass: ", "| ", text)


def main(argv: list[str] | None = None) -> int:
    """Write (or ``--check``) ``docs/conformance.md``; prints the counts per venue."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--junit", type=Path, help="pytest --junitxml file of a full run")
    parser.add_argument("--check", action="store_true", help="fail on gaps in the checks")
    parser.add_argument("--catalogue", type=Path, default=CATALOGUE)
    args = parser.parse_args(argv)
    text = args.catalogue.read_text(encoding="utf-8")
    notes = tomllib.loads(NOTES.read_text(encoding="utf-8"))
    outcomes = junit_outcomes(args.junit) if args.junit else None
    rows = build(text, citations(TESTS, all_rule_ids()), notes, outcomes)
    doc = render(rows, outcomes is not None)
    status = Counter(row.status for row in rows)
    print(", ".join(f"{s}: {status[s]}" for s in STATUSES) + f" (of {len(rows)} rule IDs)")
    if not args.check:
        DOC.write_text(doc, encoding="utf-8")
        print(f"wrote {DOC.relative_to(ROOT)}")
        return 0
    found = problems(rows, outcomes is not None)
    current = DOC.read_text(encoding="utf-8") if DOC.exists() else ""
    if _strip_outcomes(current) != _strip_outcomes(doc):
        found.append("docs/conformance.md is stale: run scripts/conformance.py and commit it")
    for problem in found:
        print(problem, file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
