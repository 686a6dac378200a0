"""The series tables on SQLite and PostgreSQL: one SQL text, the same answers.

Implements: issue 14 (a tournament in one series at most; a Day 2 formed once; a flight
carried to Day 2 stays in its series).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pokertd.errors import InvalidCommand, NotFound, RuleViolation
from pokertd.store import open_store
from pokertd.store.series import FlightedRow, SeriesEventRow, SeriesRow, SeriesStore


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[SeriesStore]:
    if request.param == "postgres":
        url = request.getfixturevalue("pg_database")
    else:
        url = f"sqlite:///{tmp_path / 'series.db'}"
    opened = open_store(url)
    assert isinstance(opened, SeriesStore)
    try:
        yield opened
    finally:
        opened.close()


def test_series_flighted_events_and_day2(store: SeriesStore) -> None:
    store.add_series(SeriesRow("fall", "Fall Festival", 1.0))
    with pytest.raises(InvalidCommand, match="already exists"):
        store.add_series(SeriesRow("fall", "Again", 2.0))
    store.add_series(SeriesRow("a-spring", "Spring", 1.5))
    assert [s.key for s in store.series_list()] == ["a-spring", "fall"]
    assert store.series("fall") == SeriesRow("fall", "Fall Festival", 1.0)
    assert store.series("nope") is None
    with pytest.raises(NotFound):
        store.add_flighted(FlightedRow("nope", "main", "Main", False, "", 1.0))
    store.add_flighted(FlightedRow("fall", "main", "Main Event", True, "", 2.0))
    with pytest.raises(InvalidCommand, match="already has an event"):
        store.add_flighted(FlightedRow("fall", "main", "Main", False, "", 3.0))
    main = store.flighted("fall", "main")
    assert main is not None
    assert (main.reentry, main.day2) == (True, "")

    store.add_series_event(SeriesEventRow("fall", "t1", "flight", "main", "Day 1A", 3.0))
    store.add_series_event(SeriesEventRow("fall", "t2", "flight", "main", "Day 1B", 4.0))
    store.add_series_event(SeriesEventRow("fall", "side", "event", "", "", 5.0))
    with pytest.raises(InvalidCommand, match="one series at most"):
        store.add_series_event(SeriesEventRow("a-spring", "t1", "event", "", "", 6.0))
    with pytest.raises(InvalidCommand, match="already has a Day 1A"):
        store.add_series_event(SeriesEventRow("fall", "t3", "flight", "main", "Day 1A", 6.0))
    with pytest.raises(NotFound, match="no flighted event"):
        store.add_series_event(SeriesEventRow("fall", "t3", "flight", "other", "Day 1A", 6.0))
    assert [(r.tournament, r.role, r.label) for r in store.series_events("fall")] == [
        ("t1", "flight", "Day 1A"),
        ("t2", "flight", "Day 1B"),
        ("side", "event", ""),
    ]
    removed = store.remove_series_event("fall", "side")
    assert removed.role == "event"
    with pytest.raises(NotFound):
        store.remove_series_event("fall", "side")

    store.set_day2(SeriesEventRow("fall", "d2", "day2", "main", "Day 2", 7.0))
    assert store.flighted("fall", "main").day2 == "d2"  # type: ignore[union-attr]
    with pytest.raises(RuleViolation, match="formed already"):
        store.set_day2(SeriesEventRow("fall", "d3", "day2", "main", "Day 2", 8.0))
    assert store.series_of("d3") is None  # the refused write left nothing behind
    with pytest.raises(RuleViolation, match="it stays"):
        store.remove_series_event("fall", "t1")
    with pytest.raises(RuleViolation, match="it stays"):
        store.remove_series_event("fall", "d2")
    with pytest.raises(RuleViolation, match="takes no more flights"):
        store.add_series_event(SeriesEventRow("fall", "t9", "flight", "main", "Day 1C", 9.0))
    found = store.series_of("d2")
    assert found is not None
    assert (found.role, found.event) == ("day2", "main")
