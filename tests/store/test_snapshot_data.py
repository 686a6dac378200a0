"""Snapshots are data (JSON through the one codec), never pickles.

Each test checks that decode(encode(state)) is the state a full fold of the log gives —
part by part (their JSON), batch by batch, and through the staff view model every screen
shows — for the demo tournament and for a long, busy night (busts down to the final table,
balancing moves, table breaks, buttons, levels, penalties, undo and redo). A snapshot
holding a pickle, an unknown part or an unknown field is refused, and a planted pickle is
never executed.
"""

from __future__ import annotations

import json
import os
import pickle
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from pokertd.app import demo
from pokertd.app import screens as web_snapshot
from pokertd.app.tournaments import TournamentService
from pokertd.codec import to_json
from pokertd.errors import PokertdError, RuleViolation
from pokertd.store import open_store
from pokertd.store.snapshot import FORMAT, decode_snapshot, encode_snapshot, snapshot_key
from pokertd.tournament.clock import NextLevel
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import EntryStatus, Roster, Setup
from pokertd.tournament.framework import (
    Batch,
    Command,
    Redo,
    TournamentState,
    Undo,
    fold,
    part_name,
    state_parts,
)
from pokertd.tournament.penalties import GivePenalty, PenaltyKind
from pokertd.tournament.seating import (
    PlayHands,
    Redraw,
    SetAutoConfirm,
    SuggestMoves,
    Tables,
)

START = datetime(2026, 11, 22, 19, 0, tzinfo=UTC)


class Clock:
    """A settable clock for the service."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


def _batch_key(batch: Batch) -> tuple[Any, ...]:
    refusal = batch.refusal
    why = None if refusal is None else (type(refusal), refusal.message, refusal.rule_ids)
    return (
        batch.batch,
        batch.command,
        batch.actor,
        batch.undoable,
        batch.undone,
        batch.target,
        batch.command_type,
        why,
    )


def assert_same_state(decoded: TournamentState, folded: TournamentState, when: datetime) -> None:
    """The decoded snapshot and the fold agree on every part, batch and view."""
    assert decoded.id == folded.id
    assert decoded.seq == folded.seq
    for cls in set(decoded._parts) | set(folded._parts):  # a part only read is empty
        assert to_json(decoded.part(cls)) == to_json(folded.part(cls)), cls.__name__
    assert [_batch_key(b) for b in decoded.batches] == [_batch_key(b) for b in folded.batches]
    assert web_snapshot.build(decoded, [], when) == web_snapshot.build(folded, [], when)


def round_trip(service: TournamentService, tid: str, when: datetime) -> TournamentState:
    """Snapshot the service's state, decode it, check it against a full fold; the decoded."""
    data = encode_snapshot(service.state(tid))
    doc = json.loads(data)
    assert doc["format"] == FORMAT == 2
    assert (doc["tournament"], doc["seq"]) == (tid, service.last_seq(tid))
    decoded = decode_snapshot(tid, data)
    folded = fold(tid, service.records(tid))
    assert_same_state(decoded, folded, when)
    return decoded


def _alive(state: TournamentState) -> list[str]:
    return [e.name for e in state.part(Roster).alive()]


def final_table(state: TournamentState) -> int:
    """The number of the one table left."""
    seating = state.part(Tables).seating
    assert seating is not None
    assert seating.final
    assert len(seating.tables) == 1
    return next(iter(seating.tables))


def busy_night(service: TournamentService, clock: Clock, seed: int = 7) -> tuple[str, int]:
    """The demo night played down to six players; ``(tid, commands accepted)``."""
    rng = random.Random(seed)
    tid = demo.build(service, players=60)
    accepted = 0

    def run(command: Command) -> bool:
        nonlocal accepted
        try:
            service.run(tid, command, actor="floor")
        except PokertdError:
            return False
        accepted += 1
        return True

    assert run(SetAutoConfirm(on=True))
    names = _alive(service.state(tid))
    assert run(GivePenalty(player=names[3], kind=PenaltyKind.WARNING, reason="soft play"))
    assert run(GivePenalty(player=names[4], kind=PenaltyKind.DISQUALIFICATION, reason="abuse"))
    busts = 0
    final_drawn = False
    while len(_alive(service.state(tid))) > 6:
        clock.now += timedelta(minutes=7)
        alive = _alive(service.state(tid))
        out, winner = rng.sample(alive, 2)
        if run(Bust(players=(out,), eliminator=winner)):
            busts += 1
            alive.remove(out)
        if busts % 5 == 0:
            run(SuggestMoves())
            run(NextLevel())
            seating = service.state(tid).part(Tables).seating
            if seating is not None:
                for number in list(seating.tables):
                    run(PlayHands(table=number, hands=3))
        if busts == 20:
            assert run(Undo())
            assert run(Redo())
        if len(alive) == 10:  # one more bust and the final table is drawn
            assert run(Redraw())
            final_drawn = True
    assert busts >= 50
    assert final_drawn
    return tid, accepted


def test_demo_tournament_snapshot_is_json_and_decodes_to_the_fold() -> None:
    clock = Clock()
    service = TournamentService(open_store("sqlite:///:memory:"), now=clock, snapshot_every=0)
    tid = demo.build(service)
    decoded = round_trip(service, tid, clock.now)
    assert len(decoded.part(Roster).entries) == 60
    seating = decoded.part(Tables).seating
    assert seating is not None
    assert seating.players == 60
    assert decoded.part(Setup).profile == service.state(tid).part(Setup).profile


def test_busy_night_snapshots_decode_to_the_fold_and_keep_playing() -> None:
    clock = Clock()
    store = open_store("sqlite:///:memory:")
    service = TournamentService(store, now=clock, snapshot_every=0)
    tid, accepted = busy_night(service, clock)
    assert accepted > 70
    state = service.state(tid)
    assert any(b.undone is False and b.target is not None for b in state.batches)
    assert any(b.refusal is not None for b in state.batches)  # creating it: final
    decoded = round_trip(service, tid, clock.now)
    outs = [e for e in decoded.part(Roster).entries.values() if e.status is not EntryStatus.ALIVE]
    assert len(outs) == 54

    # A fresh service loads from the snapshot and plays on exactly like the fold.
    assert service.snapshot(tid) == state.seq
    fresh = TournamentService(store, now=clock, snapshot_every=1_000_000)  # reads, never writes
    assert to_json(fresh.state(tid).part(Roster)) == to_json(state.part(Roster))
    assert fresh._cache[tid].base == state.seq  # it came from the snapshot, not a replay
    alive = _alive(fresh.state(tid))
    fresh.run(tid, Bust(players=(alive[0],), eliminator=alive[1]), actor="floor")
    fresh.run(tid, PlayHands(table=final_table(fresh.state(tid)), hands=2), actor="floor")
    fresh.run(tid, Undo(), actor="director")
    fresh.run(tid, Bust(players=(alive[2],), eliminator=alive[1]), actor="floor")
    assert_same_state(fresh.state(tid), fold(tid, store.load(tid)), clock.now)
    assert len(_alive(fresh.state(tid))) == 4  # two busts (the undo took back the hands)


def test_every_part_the_domains_use_is_registered() -> None:
    clock = Clock()
    service = TournamentService(open_store("sqlite:///:memory:"), now=clock, snapshot_every=0)
    tid, _ = busy_night(service, clock, seed=3)
    used = {part_name(cls) for cls in service.state(tid)._parts}
    assert used >= {
        "pokertd.tournament.entries.state.Setup",
        "pokertd.tournament.entries.state.Roster",
        "pokertd.tournament.clock.state.ClockPart",
        "pokertd.tournament.seating.state.Tables",
        "pokertd.tournament.penalties.Penalties",
    }
    assert used <= set(state_parts())


def _demo_snapshot() -> tuple[str, dict[str, Any]]:
    service = TournamentService(open_store("sqlite:///:memory:"), snapshot_every=0)
    tid = demo.build(service, players=12)
    return tid, json.loads(encode_snapshot(service.state(tid)))


def test_an_unknown_part_name_is_refused() -> None:
    tid, doc = _demo_snapshot()
    doc["parts"]["os.system"] = {}
    with pytest.raises(ValueError, match=r"unknown state part 'os\.system'"):
        decode_snapshot(tid, json.dumps(doc).encode())


def test_an_unknown_field_in_a_part_is_refused() -> None:
    tid, doc = _demo_snapshot()
    doc["parts"]["pokertd.tournament.entries.state.Roster"]["__reduce__"] = "os.system"
    with pytest.raises(ValueError, match="Roster has no field '__reduce__'"):
        decode_snapshot(tid, json.dumps(doc).encode())


def test_a_batch_of_another_layout_is_refused() -> None:
    tid, doc = _demo_snapshot()
    assert doc["batch_fields"][:3] == ["batch", "command", "actor"]
    doc["batch_fields"].append("extra")
    with pytest.raises(ValueError, match="another batch layout"):
        decode_snapshot(tid, json.dumps(doc).encode())


def test_other_tournament_and_other_format_are_refused() -> None:
    tid, doc = _demo_snapshot()
    data = json.dumps(doc).encode()
    with pytest.raises(ValueError, match="another tournament"):
        decode_snapshot("someone-else", data)
    doc["format"] = 1
    with pytest.raises(ValueError, match="not a format-2 snapshot"):
        decode_snapshot(tid, json.dumps(doc).encode())


def test_a_cache_field_is_not_stored() -> None:
    _, doc = _demo_snapshot()
    setup = doc["parts"]["pokertd.tournament.entries.state.Setup"]
    assert "_profile" not in setup
    assert setup["created"] is True


def test_a_refusal_of_an_unknown_kind_is_refused() -> None:
    tid, doc = _demo_snapshot()
    refusal = doc["batches"][0][doc["batch_fields"].index("refusal")]
    assert refusal["kind"] == RuleViolation.kind  # creating it cannot be undone
    refusal["kind"] = "builtins.exec"
    with pytest.raises(ValueError, match="unknown refusal kind"):
        decode_snapshot(tid, json.dumps(doc).encode())


class _Planted:
    """A pickle that makes a directory when unpickled (what an attacker would plant)."""

    def __init__(self, target: Path) -> None:
        self.target = target

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (os.mkdir, (str(self.target),))


def test_a_planted_pickle_is_never_executed(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'td.db'}")
    service = TournamentService(store, snapshot_every=0)
    tid = demo.build(service, players=12)
    seq = service.last_seq(tid)
    marker = tmp_path / "pwned"
    store.save_snapshot(tid, seq, snapshot_key(), pickle.dumps(_Planted(marker)))
    fresh = TournamentService(store, snapshot_every=1_000_000)  # reads snapshots
    assert len(fresh.state(tid).part(Roster).entries) == 12
    assert fresh._cache[tid].base == 0  # the pickle was refused: a full replay
    assert fresh.state(tid).seq == seq
    assert not marker.exists()
    store.close()
