"""The doctests of the clock engineer's modules run with the suite (catalogue numbers)."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from pokertd.tournament import chips, structures
from pokertd.tournament.clock import chip_race, shot_clock, structure_tools
from pokertd.tournament.clock import rules as clock


@pytest.mark.parametrize(
    "module",
    [chip_race, chips, clock, shot_clock, structure_tools, structures],
    ids=lambda m: m.__name__,
)
def test_doctests(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
