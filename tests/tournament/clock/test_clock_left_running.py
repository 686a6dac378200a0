"""A clock nobody stopped (issue 15, CLOCKCAP): reads stay fast and bounded (B1).

Found: a simulated night started 2026-01-01 was read months later; every read walked the
clock level by level through ~11 months of wall time while the structure's extension levels
(B1: "additional levels will be added as needed", FOX-STR-W) grew blinds without end.
The clock now stops at the end of ``Structure.last_level`` (``LEVEL_MAX`` = 1000, the
largest level number a command may name) and extension blinds stop below ``CHIPS_MAX``.

No wall clock: every instant is ``T0 + timedelta(...)``; speed is guarded by counting the
periods :func:`settle` looks at, not by timing.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from pokertd.app.tournaments import TournamentService
from pokertd.errors import InvalidCommand
from pokertd.sim.night import EPOCH, simulate_night
from pokertd.sim.report import NightConfig
from pokertd.store import open_store
from pokertd.tournament.clock import ClockState, load_structure, new_clock, view
from pokertd.tournament.clock import rules as clk
from pokertd.tournament.clock.log import ClockPaused
from pokertd.tournament.clock.state import ClockPart
from pokertd.tournament.limits import CHIPS_MAX, LEVEL_MAX
from pokertd.tournament.structures import Structure
from pokertd.tournament.views import results

T0 = datetime(2026, 1, 1, 19, 0, tzinfo=UTC)
LATER = T0 + timedelta(days=400)


def wed() -> Structure:
    """The Wednesday sheet: 21 listed levels (1-16 of 20 minutes, 17+ of 15), breaks after
    12, 16 and 20."""
    return load_structure("fox_wed")


def started_wed() -> ClockState:
    return clk.start(new_clock(wed()), T0)


def test_B1_last_level_is_the_level_limit() -> None:
    s = wed()
    assert LEVEL_MAX == 1000
    assert s.last_level == 1000
    assert s.level(5000).number == 1000
    assert s.level(5000) == s.level(1000)


def test_B1_clock_started_400_days_ago_reads_the_last_level_with_nothing_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """400 days of 15-minute levels would be 38,000 levels: the clock stops at 1,000."""
    calls = 0
    period_seconds = clk._period_seconds

    def counting(structure: Structure, level: int, on_break: bool) -> int:
        nonlocal calls
        calls += 1
        return period_seconds(structure, level, on_break)

    monkeypatch.setattr(clk, "_period_seconds", counting)
    state = clk.settle(started_wed(), LATER)
    assert (state.level, state.on_break) == (1000, False)
    assert state.elapsed == 15 * 60
    # 1,000 levels and 3 breaks, each looked at once: O(levels), not O(time / period).
    assert calls == 1003
    assert state.running_since == int(LATER.timestamp())


def test_B1_view_after_400_days_is_bounded_and_stays_put() -> None:
    s = started_wed()
    v = view(s, LATER)
    assert v.level.number == 1000
    assert v.next_level.number == 1000
    assert v.seconds_left == 0
    assert v.running
    assert v.level.big_blind <= CHIPS_MAX
    assert v.level.small_blind <= v.level.big_blind
    # A day later it still reads the same level: the clock does not wrap or run on.
    again = view(s, LATER + timedelta(days=1))
    assert (again.level, again.seconds_left) == (v.level, 0)
    # Level time only (the three 10-minute breaks excluded): 16 x 20 min + 984 x 15 min.
    assert v.play_seconds == (16 * 20 + 984 * 15) * 60
    assert not v.registration_open


def test_B1_settled_clock_at_the_last_level_still_answers_floor_actions() -> None:
    s = clk.settle(started_wed(), LATER)
    more = clk.adjust(s, LATER, 300)
    assert view(more, LATER).seconds_left == 300
    restarted = clk.next_level(s, LATER)
    assert (restarted.level, restarted.elapsed) == (1000, 0)
    paused = clk.pause(s, LATER + timedelta(days=30))
    assert (paused.level, paused.running) == (1000, False)


def test_B1_extension_blinds_stop_growing_below_chips_max() -> None:
    s = wed()
    big = [s.level(n).big_blind for n in range(22, 1001)]
    assert max(big) <= CHIPS_MAX
    assert big == sorted(big)  # blinds never decrease (B1)
    assert big[-1] == big[-500]  # long since stopped growing
    assert big[-1] > 10**11  # but did grow a long way first
    top = s.level(1000)
    assert top.big_blind % 2 == 0
    assert top.small_blind == top.big_blind // 2
    assert top.ante == top.big_blind  # the sheet's big-blind ante keeps its ratio (B3)


def test_B1_adding_levels_past_the_limit_is_refused_in_a_sentence() -> None:
    s = wed()
    with pytest.raises(InvalidCommand, match="at most 1,000 levels: add at most 979 more"):
        s.extended(980)
    assert len(s.extended(979).levels) == 1000


def test_a_simulated_night_stops_its_clock_and_reads_fast_a_year_later(tmp_path: Path) -> None:
    """The found case: a night kept in SQLite, read 400 days after its simulated start."""
    url = f"sqlite:///{tmp_path / 'night.db'}"
    report = simulate_night(NightConfig(template="fox_120", entries=12, seed=2, store_url=url))
    with TournamentService(open_store(url)) as service:
        records = service.records(report.tournament_id)
        state = service.state(report.tournament_id)
    pauses = [r.event for r in records if isinstance(r.event, ClockPaused)]
    assert [p.reason for p in pauses][-1:] == ["The tournament is over."]
    clock = state.part(ClockPart).clock
    assert clock is not None
    assert not clock.running
    later = EPOCH + timedelta(days=400)
    assert view(clock, later).level.number < 100  # stopped where the night ended
    assert results(state, later) == results(state, later + timedelta(days=30))
