"""The pure core (cards, rules, engine, tournament) does no I/O and has no hidden inputs.

design.md: no I/O, wall clock or global randomness below ``service``; ``now`` and ``rng``
come in as arguments. The only file reading allowed in the core is configuration loading
(profiles, templates, structures, payout tables), confined to the modules listed here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "pokertd"
PURE = ("cards", "rules", "engine", "tournament")
FORBIDDEN_MODULES = {
    "os",
    "sys",
    "socket",
    "sqlite3",
    "psycopg",
    "subprocess",
    "threading",
    "multiprocessing",
    "asyncio",
    "time",
    "secrets",
    "uuid",
    "urllib",
    "http",
    "logging",
    "shutil",
    "tempfile",
    "pokertd.store",
    "pokertd.app.tournaments",
    "pokertd.web",
    "pokertd.cli",
    "pokertd.sim",
}
GLOBAL_RANDOM = {
    "random",
    "shuffle",
    "choice",
    "choices",
    "randint",
    "randrange",
    "sample",
    "uniform",
    "seed",
    "getrandbits",
    "gauss",
}
WALL_CLOCK = {("datetime", "now"), ("datetime", "utcnow"), ("date", "today")}
CONFIG_LOADERS = {
    "rules/profile.py",
    "tournament/templates.py",
    "tournament/structures.py",
    "tournament/prizes/payouts.py",
}


def _pure_files() -> list[Path]:
    return sorted(p for pkg in PURE for p in (SRC / pkg).rglob("*.py"))


def _problems(path: Path) -> list[str]:
    rel = path.relative_to(SRC).as_posix()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        else:
            names = []
        for name in names:
            top = name.split(".")[0]
            if (
                name in FORBIDDEN_MODULES
                or top in FORBIDDEN_MODULES
                or any(name.startswith(m + ".") or name == m for m in FORBIDDEN_MODULES)
            ):
                found.append(f"{rel}:{getattr(node, 'lineno', 0)} imports {name}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            attr = node.func.attr
            if isinstance(owner, ast.Name):
                if owner.id == "random" and attr in GLOBAL_RANDOM:
                    found.append(f"{rel}:{node.lineno} uses global random.{attr}()")
                if (owner.id, attr) in WALL_CLOCK:
                    found.append(f"{rel}:{node.lineno} reads the wall clock {owner.id}.{attr}()")
            if attr in {"read_text", "read_bytes", "write_text", "write_bytes"} and (
                rel not in CONFIG_LOADERS
            ):
                found.append(f"{rel}:{node.lineno} does file I/O ({attr})")
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in {"open", "print", "input"}
        ):
            found.append(f"{rel}:{node.lineno} calls {node.func.id}()")
    return found


@pytest.mark.parametrize("path", _pure_files(), ids=lambda p: p.relative_to(SRC).as_posix())
def test_core_module_is_pure(path: Path) -> None:
    assert _problems(path) == []
