"""The tournament high hand of a night that ends in level 1 (issue 22, part 6: the end of
every night). FOX-HH pays the best level-1 hand once level 1 is over; a small field that
finished inside level 1 could never pay it ("Level 1 is still being played"), so money
promised on the Money tab stayed owed after "Finished · winner"."""

from __future__ import annotations

import pytest
from floor_helpers import Night

from pokertd.errors import RuleViolation
from pokertd.tournament.clock import StartClock
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration
from pokertd.tournament.prizes import PayHighHand, RecordHighHand, high_hand_view
from pokertd.tournament.seating import DrawSeats


def _finished_in_level_1() -> Night:
    """fox_grinder ($60: $42 + $3 + $15), three players, Ann's trips in level 1, then Bob
    and Cy busted 10 minutes in: over in level 1 (15-minute levels)."""
    night = Night("fox_grinder")
    night.register("Ann", "Bob", "Cy")
    night.run(DrawSeats())
    night.run(StartClock())
    night.later(5)
    night.run(RecordHighHand(player="Ann", cards="7s 7d 7c Kd 2h"))
    night.run(CloseRegistration())
    night.later(5)
    night.run(Bust(players=("Cy",)))
    night.run(Bust(players=("Bob",)))
    return night


def test_FOX_HH_the_high_hand_is_paid_when_the_night_ends_in_level_1() -> None:
    night = _finished_in_level_1()
    (record,) = night.run(PayHighHand())
    assert record.event.names == ("Ann",)  # type: ignore[attr-defined]
    assert record.event.amounts == (6000,)  # type: ignore[attr-defined]  # the full $60
    view = high_hand_view(night.state)
    assert view is not None
    assert view.paid == (("Ann", 6000),)


def test_FOX_HH_no_hand_is_recorded_once_the_night_is_over() -> None:
    night = _finished_in_level_1()
    before = [r.seq for r in night.records]
    with pytest.raises(RuleViolation, match="The tournament is over") as refused:
        night.run(RecordHighHand(player="Ann", cards="As Ad Ac Ah 2h"))
    assert "FOX-HH" in str(refused.value)
    assert [r.seq for r in night.records] == before
