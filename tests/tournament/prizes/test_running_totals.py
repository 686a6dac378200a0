"""The money and standings figures the state keeps as it folds (issue 25) equal the ones
recomputed the old, slow way, after every event of real nights.

Nights are played by the simulator through the real service (several venues and
templates: rebuys and add-ons, re-entries, bounties, busts of one hand sharing places, a
careless floor's undos and deals), then their logs folded again one event at a time. After
each event: the purchases added up by kind and in all (H1), the prize pool (H2, H3, H8),
the places paid (H4), the entries out before each bust group and every entry's standings
row (G2, G3, J2) — each equal to the figure rebuilt from the whole state. Undo, redo and a
snapshot give the same totals, because the state is rebuilt by folding.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pytest

from pokertd.sim.config import check_config
from pokertd.sim.night import night_for
from pokertd.sim.report import NightConfig
from pokertd.store.snapshot import decode_snapshot, encode_snapshot
from pokertd.tournament.eliminations import finishing_places, group_placings_of
from pokertd.tournament.entries import Roster, Setup
from pokertd.tournament.entries.rules import EntryStatus
from pokertd.tournament.framework import (
    UNDO_EVENTS,
    EventRecord,
    TournamentState,
    append_records,
    fold,
)
from pokertd.tournament.prizes import PrizeBook, PrizePaid, entry_standings, standings
from pokertd.tournament.prizes.payouts import PrizePool, places_paid_exact, prize_pool
from pokertd.tournament.prizes.pool import cash_report, payout_entries, places_paid, pool
from pokertd.tournament.prizes.state import payout_table_name
from pokertd.tournament.templates import Fees

# --------------------------------------------------------------------------------------
# The old, slow way


def slow_pool(state: TournamentState) -> PrizePool:
    """The prize pool summed over every purchase (the code before issue 25)."""
    setup = state.part(Setup)
    roster = state.part(Roster)
    prize = sum(p.fees.prize_pool for p in roster.purchases) + state.part(PrizeBook).carried_pool
    bounty = sum(p.fees.bounty for p in roster.purchases)
    tmpl = setup.tmpl
    return prize_pool(
        prize + tmpl.added_money,
        profile=setup.profile,
        bounty_fees=bounty,
        guarantee=tmpl.guarantee or None,
    )


def slow_by_kind(state: TournamentState) -> dict[str, tuple[int, Fees, int]]:
    """Count, fees and chips per kind of purchase, summed over every purchase."""
    out: dict[str, tuple[int, Fees, int]] = {}
    for p in state.part(Roster).purchases:
        count, fees, chips = out.get(p.kind.value, (0, Fees(), 0))
        out[p.kind.value] = (count + 1, fees.plus(p.fees), chips + p.chips)
    return out


def slow_places_paid(state: TournamentState) -> int | None:
    """Places paid by building every prize in ``Fraction`` s (the code before issue 25)."""
    made = slow_pool(state)
    if made.net <= 0:
        return None
    setup = state.part(Setup)
    return places_paid_exact(
        payout_entries(state),
        made.net,
        setup.profile,
        payout_table_name(state),
        setup.tmpl.fees.prize_pool,
    )


def check_figures(state: TournamentState, record: EventRecord, where: str) -> int:
    """Every running figure equals the slow one; returns how many placed rows were compared."""
    setup = state.part(Setup)
    if not setup.created:
        return 0
    roster = state.part(Roster)
    total = Fees()
    for p in roster.purchases:
        total = total.plus(p.fees)
    assert roster.paid_in == total, where
    kinds = {k: (t.count, t.fees, t.chips) for k, t in roster.by_kind.items()}
    assert kinds == slow_by_kind(state), where
    assert pool(state) == slow_pool(state), where
    report = cash_report(state)
    assert report.collected == total.total, where
    assert sum(k.count for k in report.by_kind) == len(roster.purchases), where
    assert places_paid(state) == slow_places_paid(state), where
    dq = sum(1 for e in roster.entries.values() if e.status is EntryStatus.DISQUALIFIED)
    assert roster.disqualified == dq, where
    assert roster.alive_count == len(roster.alive()), where
    now = record.recorded_at
    placings = {p.entry_id: p for p in finishing_places(state, now)}
    for out in roster.out:
        group = {p.entry_id: p for p in group_placings_of(state, out.entry_id)}
        assert group[out.entry_id] == placings[out.entry_id], where
    rows = {r.entry_id: r for r in standings(state, now)}
    assert entry_standings(state, list(roster.entries), now) == rows, where
    for out in roster.out[-3:]:  # the latest busts one by one, as PayPrize asks
        assert entry_standings(state, [out.entry_id], now) == {out.entry_id: rows[out.entry_id]}
    return sum(1 for r in rows.values() if r.place is not None)


# --------------------------------------------------------------------------------------
# Real nights


@dataclass(frozen=True)
class Played:
    config: NightConfig
    records: tuple[EventRecord, ...]
    tid: str


_PLAYED: dict[tuple[str, int, int, str], Played] = {}


def played(config: NightConfig) -> Played:
    """The night ``config`` describes, played to its last prize (once per test session)."""
    key = (config.template, config.entries, config.seed, config.floor)
    if key not in _PLAYED:
        tmpl, profile = check_config(config)
        night = night_for(config, tmpl, profile)
        try:
            night.create()
            night.play()
            night.finish()
            records = tuple(night.console.records())
            tid = night.console.tid
        finally:
            night.console.close()
        _PLAYED[key] = Played(config, records, tid)
    return _PLAYED[key]


NIGHTS = [
    NightConfig(template="fox_120", entries=24, seed=3),
    NightConfig(template="fox_bounty_100", entries=20, seed=5),
    NightConfig(template="nj_fundraiser", entries=24, seed=2, floor="careless"),
    NightConfig(template="kpc_nlh", entries=24, seed=4, floor="careless"),
    NightConfig(template="tnpl_league", entries=24, seed=6, floor="careless"),
    NightConfig(template="fox_120", entries=30, seed=11, floor="careless"),
]


def _undone(records: Sequence[EventRecord]) -> set[int]:
    undone: set[int] = set()
    for r in records:
        ev = r.event
        if isinstance(ev, UNDO_EVENTS):
            if type(ev).__name__ == "CommandUndone":
                undone.add(ev.batch)
            else:
                undone.discard(ev.batch)
    return undone


@pytest.mark.parametrize(
    "config", NIGHTS, ids=[f"{c.template}-{c.entries}-{c.floor}-{c.seed}" for c in NIGHTS]
)
def test_H1_H2_H4_G3_running_figures_after_every_event(config: NightConfig) -> None:
    """Fold the night one event at a time; after each, every running figure equals the slow
    one (the night's own undos skipped as the log says, H1-H4, G2, G3, J2)."""
    night = played(config)
    records = night.records
    state = TournamentState(night.tid)
    undone = _undone(records)
    placed = 0
    for i, record in enumerate(records):
        append_records(state, [record], undone)
        placed = max(placed, check_figures(state, record, f"event {i + 1}: {record.event.type}"))
    assert placed >= 3  # the night reached the money
    assert any(isinstance(r.event, PrizePaid) for r in records)  # and paid it


def test_H1_undo_redo_and_snapshot_give_the_same_totals() -> None:
    """At every undo or redo of a careless night the state folded again from the log gives
    the same figures; a snapshot taken halfway, with the rest folded onto it, too."""
    undos = snapshots = 0
    for config in NIGHTS:
        night = played(config)
        records, tid = night.records, night.tid
        for k, record in enumerate(records):
            if isinstance(record.event, UNDO_EVENTS):
                state = fold(tid, records[: k + 1])
                check_figures(state, record, f"{config.template}: after {record.event.type}")
                undos += 1
        half = len(records) // 2
        if any(isinstance(r.event, UNDO_EVENTS) for r in records[half:]):
            continue  # an undo after a snapshot folds the whole log again (the store's rule)
        copy = decode_snapshot(tid, encode_snapshot(fold(tid, records[:half])))
        append_records(copy, records[half:])
        whole = fold(tid, records)
        mine, theirs = copy.part(Roster), whole.part(Roster)
        assert (mine.paid_in, mine.by_kind) == (theirs.paid_in, theirs.by_kind)
        assert (mine.gone_tree, mine.group_pos) == (theirs.gone_tree, theirs.group_pos)
        assert pool(copy) == pool(whole)
        check_figures(copy, records[-1], f"{config.template}: snapshot")
        snapshots += 1
    assert undos > 0
    assert snapshots > 0
