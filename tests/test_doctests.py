"""The examples in the docstrings run as tests: one test per module under ``pokertd``.

Modules are found by walking the installed package (``pkgutil.walk_packages``), so a module
added, moved or renamed is picked up without editing this file. A module whose docstrings
hold no examples passes trivially; one whose examples fail shows doctest's report.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import pokertd

WALK_ERRORS: list[str] = []
"""Packages the walk could not import (it would silently skip their modules otherwise)."""
MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(
        pokertd.__path__, prefix=f"{pokertd.__name__}.", onerror=WALK_ERRORS.append
    )
)
"""Every module of the package, sub-packages included (``pokertd`` itself is added below)."""


def test_the_walk_finds_the_package_s_modules() -> None:
    """The walk really sees the package (a broken walk would make every test below vacuous)."""
    assert WALK_ERRORS == []  # each of these packages fails to import: see its own test
    assert len(MODULES) > 50
    assert {"pokertd.app.tournaments", "pokertd.tournament.framework", "pokertd.cli"} <= set(
        MODULES
    )
    finder = doctest.DocTestFinder()
    examples = sum(
        len(test.examples)
        for name in MODULES
        for test in finder.find(importlib.import_module(name))
    )
    assert examples >= 80  # 88 when this test was written: the examples are really found


@pytest.mark.parametrize("name", ["pokertd", *MODULES])
def test_doctests(name: str) -> None:
    """Every ``>>>`` example in the module's docstrings gives the output written under it."""
    module = importlib.import_module(name)
    result = doctest.testmod(
        module,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        verbose=False,
        report=True,
    )
    assert result.failed == 0, f"{result.failed} of {result.attempted} doctests failed in {name}"
