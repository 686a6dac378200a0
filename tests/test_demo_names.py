"""The demo's player names: distinct and readable for any field size."""

from __future__ import annotations

from pokertd.app.demo import player_names


def test_demo_names_are_distinct_for_big_fields() -> None:
    """A 1,000-player demo field gets 1,000 different names (it used to loop forever past the
    pairs its name generator could make)."""
    names = player_names(1_000)
    assert len(names) == 1_000
    assert len(set(names)) == 1_000
    assert all(0 < len(n) <= 60 for n in names)
