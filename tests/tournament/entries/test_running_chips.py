"""Chips in play as running figures (issue 25): every chip issued and every chip taken out
of play is added up as it is folded, never summed over the field on each read; after every
event of real nights the running figures equal the sums worked out from scratch.

Implements (as guarded here): A4 (chips issued by buy-ins, re-entries, rebuys, add-ons),
B11/B12 (chips a colour-up takes out of play), A11 (a forfeited stack), K4 (a
disqualified player's chips removed).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from night.driver import FloorNight
from pokertd.sim.night import simulate_night
from pokertd.sim.report import NightConfig, Rates
from pokertd.store import open_store
from pokertd.tournament.entries import Forfeit, RemoveChips, Roster
from pokertd.tournament.framework import (
    CommandRedone,
    CommandUndone,
    EventRecord,
    Redo,
    TournamentState,
    Undo,
    append_records,
)
from pokertd.tournament.penalties import GivePenalty, PenaltyKind


def _check_every_event(records: list[EventRecord], tid: str) -> tuple[int, int]:
    """Fold one event at a time; the running figures equal the sums after each. Returns
    the final ``(issued, removed)``."""
    undone: set[int] = set()  # the batches a fold skips (undone, not redone)
    for record in records:
        if isinstance(record.event, CommandUndone):
            undone.add(record.event.batch)
        elif isinstance(record.event, CommandRedone):
            undone.discard(record.event.batch)
    state = TournamentState(tid)
    for record in records:
        append_records(state, [record], undone)
        roster = state.part(Roster)
        issued = sum(e.issued for e in roster.entries.values())
        removed = sum(r.chips for r in roster.removals)
        assert (roster.chips_issued, roster.chips_removed) == (issued, removed), record.seq
        assert roster.chips_in_play == issued - removed
    roster = state.part(Roster)
    return roster.chips_issued, roster.chips_removed


@pytest.mark.parametrize(
    ("template", "floor", "seed"),
    [("nj_fundraiser", "careless", 2), ("fox_120", "careless", 3), ("kpc_nlh", "careful", 4)],
)
def test_A4_B11_chips_issued_and_removed_are_running_figures(
    tmp_path: Path, template: str, floor: str, seed: int
) -> None:
    """Simulated nights (rebuys and add-ons at NJ, re-entries, colour-ups at the breaks,
    the careless floor's refused and corrected commands) kept in SQLite, folded again."""
    url = f"sqlite:///{tmp_path / 'night.db'}"
    config = NightConfig(
        template=template,
        entries=40,
        seed=seed,
        tables=5,
        store_url=url,
        floor=floor,
        rates=Rates(rebuy=0.9, addon=0.9, reentry=0.5),
    )
    report = simulate_night(config)
    store = open_store(url)
    records = store.load(report.tournament_id)
    issued, _ = _check_every_event(records, report.tournament_id)
    store.close()
    assert issued > 40 * 1_000
    kinds = {r.event.type for r in records}
    if template == "nj_fundraiser":
        assert "rebuy_bought" in kinds


def test_A11_K4_K11_chips_taken_out_of_play_are_a_running_figure() -> None:
    """A Kojack night where chips leave play every way the floor has: a colour-up
    remainder removed, chips confiscated (K11), a disqualification (K4), a forfeit to
    re-enter (A11, KPC-56), one removal undone and redone; then played out. The running figures
    equal the sums after every event."""
    n = FloorNight("kojack", "kpc_nlh", seed=6, tables=3, seats=9)
    names = n.start(18)
    n.run(RemoveChips(chips=500))
    n.run(RemoveChips(chips=300, player=names[0], reason="chips carried away"))
    n.run(Undo())
    n.run(Redo())
    n.run(GivePenalty(player=names[1], kind=PenaltyKind.DISQUALIFICATION, reason="abuse"))
    n.run(Forfeit(player=names[2], chips=20_000))
    n.play_out(random.Random(6), lambda plan: None)
    issued, removed = _check_every_event(n.records, n.tid)
    roster = n.state.part(Roster)
    assert removed == sum(r.chips for r in roster.removals)
    assert removed >= 500 + 300 + 20_000
    assert [r.reason for r in roster.removals[:4]] == [
        "colour-up",
        "chips carried away",
        "disqualification",
        "forfeit",
    ]
    assert issued == sum(e.issued for e in roster.entries.values())
