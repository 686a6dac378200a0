"""The event framework: codec round trips, decide/apply dispatch, undo and redo as events."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass, field
from datetime import UTC, datetime
from fractions import Fraction

import pytest

from pokertd.codec import to_json
from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.rules import ButtonRule
from pokertd.tournament.framework import (
    Command,
    Context,
    Event,
    EventRecord,
    Redo,
    TournamentState,
    Undo,
    append_records,
    applies,
    decide,
    decides,
    event,
    event_from_json,
    fold,
    needs_refold,
    upcaster,
)


@dataclass(frozen=True, slots=True)
class _Seat:
    table: int
    seat: int


@event("test_counted", version=2)
class _Counted(Event):
    amount: int
    where: _Seat | None = None
    tags: tuple[str, ...] = ()
    share: Fraction = Fraction(0)
    rule: ButtonRule = ButtonRule.DEAD
    stacks: dict[int, int] = field(default_factory=dict)


@upcaster("test_counted", 1)
def _v1_to_v2(data: dict[str, object]) -> dict[str, object]:
    return {"amount": data["n"]}


@dataclass
class _Total:
    value: int = 0


@applies(_Counted)
def _apply_counted(state: TournamentState, ev: _Counted) -> None:
    state.part(_Total).value += ev.amount


@dataclass(frozen=True, slots=True)
class _Add(Command):
    amount: int


@decides(_Add)
def _decide_add(state: TournamentState, cmd: _Add, ctx: Context) -> list[Event]:
    if cmd.amount <= 0:
        raise RuleViolation("Amount must be positive.", rule_ids="TEST-1")
    return [_Counted(amount=cmd.amount)]


NOW = datetime(2026, 11, 22, 19, 0, tzinfo=UTC)


class _Log:
    """A tiny in-memory log driving the framework the way the service does."""

    def __init__(self) -> None:
        self.records: list[EventRecord] = []
        self.state = TournamentState("t1")

    def run(self, cmd: Command) -> None:
        events = decide(self.state, cmd, Context(now=NOW))
        batch = len(self.records) + 1
        new = [
            EventRecord(seq=batch + i, batch=batch, recorded_at=NOW, actor="td", event=e)
            for i, e in enumerate(events)
        ]
        self.records.extend(new)
        if needs_refold(events):
            self.state = fold("t1", self.records)
        else:
            append_records(self.state, new)

    @property
    def total(self) -> int:
        return self.state.part(_Total).value


def test_event_makes_a_frozen_slotted_keyword_only_dataclass() -> None:
    """``@event`` alone makes the dataclass (issue 24, point 6): fields are keyword-only,
    the instance is frozen and has no ``__dict__``, and the name and version are stored."""
    ev = _Counted(amount=5)
    assert (_Counted.type, _Counted.version) == ("test_counted", 2)
    assert not hasattr(ev, "__dict__")  # slotted
    with pytest.raises(FrozenInstanceError):
        ev.amount = 6  # type: ignore[misc]
    with pytest.raises(TypeError):
        _Counted(5)  # type: ignore[call-arg]


def test_event_refuses_a_second_dataclass_decorator_and_a_second_name() -> None:
    with pytest.raises(TypeError, match="drop @dataclass"):

        @event("test_twice_made")
        @dataclass(frozen=True, slots=True, kw_only=True)
        class _Twice(Event):
            n: int

    with pytest.raises(TypeError, match="registered twice"):

        @event("test_counted")
        class _Again(Event):
            n: int


def test_codec_round_trips_nested_values() -> None:
    ev = _Counted(
        amount=5,
        where=_Seat(3, 4),
        tags=("a", "b"),
        share=Fraction(1, 3),
        rule=ButtonRule.MOVING,
        stacks={1: 100, 2: 200},
    )
    data = to_json(ev)
    assert data["share"] == "1/3"
    assert event_from_json("test_counted", 2, data) == ev


def test_upcaster_reads_old_versions() -> None:
    assert event_from_json("test_counted", 1, {"n": 7}) == _Counted(amount=7)


def test_unknown_event_type_is_a_clear_error() -> None:
    with pytest.raises(InvalidCommand, match="unknown event type"):
        event_from_json("nope", 1, {})


def test_rejected_command_changes_nothing() -> None:
    log = _Log()
    log.run(_Add(3))
    with pytest.raises(RuleViolation, match=r"positive\. \(TEST-1\)"):
        log.run(_Add(0))
    assert log.total == 3
    assert len(log.records) == 1


def test_undo_redo_are_events_and_replay_matches() -> None:
    log = _Log()
    log.run(_Add(3))
    log.run(_Add(4))
    log.run(Undo())
    assert log.total == 3
    log.run(Undo())
    assert log.total == 0
    with pytest.raises(RuleViolation, match="nothing to undo"):
        log.run(Undo())
    log.run(Redo())
    assert log.total == 3
    log.run(Redo())
    assert log.total == 7
    with pytest.raises(RuleViolation, match="nothing to redo"):
        log.run(Redo())
    assert fold("t1", log.records).part(_Total).value == log.total


def test_redo_refused_after_a_new_command() -> None:
    log = _Log()
    log.run(_Add(3))
    log.run(Undo())
    log.run(_Add(10))
    with pytest.raises(RuleViolation, match="nothing to redo"):
        log.run(Redo())
    assert log.total == 10


def test_creating_a_tournament_is_not_undone() -> None:
    from floor_helpers import Night

    night = Night("fox_grinder")
    with pytest.raises(RuleViolation, match="cannot be undone"):
        night.run(Undo())
    night.register("Ann")
    night.run(Undo())
    with pytest.raises(RuleViolation, match="cannot be undone"):
        night.run(Undo())
