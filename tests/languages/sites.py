"""Where the source builds a refusal without a catalogue template (issue 27, point 1).

A *site* is a call of one of pokertd's error classes (:mod:`pokertd.errors` and its
subclasses elsewhere) with a message: ``InvalidCommand(f"Seat {n} is taken.")``. A site
is *templated* when it passes ``template=`` (the English then follows from it) or passes
no message at all. A programmer's error no floorperson meets (an unknown event type in
the log) stays English when the line before says so: ``# English on purpose: <why>``.
Read with :mod:`ast`, so a message split over lines counts once.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "pokertd"

ERRORS = {
    "PokertdError",
    "RuleViolation",
    "IllegalAction",
    "OutOfTurn",
    "BelowMinimumRaise",
    "InvalidCommand",
    "NotFound",
    "ConcurrencyConflict",
    "StoreError",
    "PermissionDenied",
    "TooManyAttempts",
    "UnsupportedHand",
    "JobsBusy",
    "SimulationError",
}
"""pokertd's error classes by name (``errors.py`` and the few subclasses beside their use)."""


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def sites(path: Path) -> list[tuple[int, bool]]:
    """Each error construction in ``path``: its line and whether it is templated."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    tree = ast.parse(text)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node.func) in ERRORS:
            keywords = {k.arg for k in node.keywords}
            templated = "template" in keywords or (not node.args and "message" not in keywords)
            near = lines[max(node.lineno - 2, 0) : node.lineno]
            templated = templated or any("# English on purpose:" in line for line in near)
            out.append((node.lineno, templated))
    return sorted(out)


def untemplated(relative: str) -> list[str]:
    """``path:line`` of every site in ``relative`` (under ``src/pokertd``) without a template."""
    path = SRC / relative
    files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return [f"{f.relative_to(SRC)}:{line}" for f in files for line, ok in sites(f) if not ok]


def count() -> tuple[int, int]:
    """(templated, all) sites in the whole package: the Coverage figure of docs/languages.md."""
    every = [s for f in sorted(SRC.rglob("*.py")) for s in sites(f)]
    return sum(ok for _, ok in every), len(every)


if __name__ == "__main__":
    done, total = count()
    print(f"{done} of {total} refusal sites carry a template")
