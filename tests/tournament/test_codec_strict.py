"""The one codec is strict: stored data with a field its class lacks is refused, not dropped.

A misspelt field (``"elimnator"``) silently dropped would record a bust without its
eliminator; old shapes are read through upcasters instead. The codec also carries the
types state parts hold (lists, sets, int-keyed dicts, datetimes, caches left out) and
refuses what it cannot store faithfully.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from pokertd.app.tournaments import TournamentService
from pokertd.codec import UnknownField, class_decoder, decoder_for, from_json, to_json
from pokertd.errors import InvalidCommand, StoreError
from pokertd.store import open_store
from pokertd.tournament.eliminations import Bust, PlayersBusted
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.framework import (
    Event,
    event,
    event_from_json,
    event_types,
    state_parts,
    upcaster,
)
from pokertd.tournament.templates import load_template


@event("test_strict_seat_change", version=2)
class _SeatChange(Event):
    """Version 2 renamed ``who`` to ``player`` and dropped ``legacy_note``."""

    player: str
    table: int


@upcaster("test_strict_seat_change", 1)
def _seat_change_v1(data: dict[str, Any]) -> dict[str, Any]:
    return {"player": data["who"], "table": data["table"]}


@dataclass(frozen=True, slots=True)
class _Inner:
    a: int


@event("test_strict_nested")
class _Nested(Event):
    inner: _Inner


@dataclass(slots=True)
class _Part:
    names: list[str] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)
    frozen: frozenset[int] = frozenset()
    by_table: dict[int, tuple[str, ...]] = field(default_factory=dict)
    at: datetime | None = None
    share: Fraction = Fraction(0)
    _cache: dict[str, int] | None = None


def test_a_misspelt_field_in_a_stored_event_is_refused() -> None:
    data = {"busted": [{"entry_id": "e1", "name": "Bob"}], "group": "g1", "elimnator": "e2"}
    with pytest.raises(
        InvalidCommand, match="event 'players_busted' in the log has unknown field 'elimnator'"
    ):
        event_from_json("players_busted", 1, data)


def test_an_unknown_field_in_a_nested_value_is_named() -> None:
    with pytest.raises(InvalidCommand, match=r"unknown field 'b' \(in its _Inner\)"):
        event_from_json("test_strict_nested", 1, {"inner": {"a": 1, "b": 2}})
    assert event_from_json("test_strict_nested", 1, {"inner": {"a": 1}}) == _Nested(inner=_Inner(1))


def test_the_known_fields_still_round_trip() -> None:
    ev = PlayersBusted(busted=(), group="g1", eliminator="e2", eliminator_name="Ann")
    assert event_from_json("players_busted", 1, to_json(ev)) == ev


def test_a_version_1_sample_is_read_through_its_upcaster() -> None:
    v1 = {"who": "Bob Baker", "table": 4}
    assert event_from_json("test_strict_seat_change", 1, v1) == _SeatChange(
        player="Bob Baker", table=4
    )
    # the same old shape claimed as version 2 is refused, not half-read
    with pytest.raises(InvalidCommand, match="unknown field 'who'"):
        event_from_json("test_strict_seat_change", 2, v1)


def test_a_stored_row_with_an_extra_field_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "td.db"
    service = TournamentService(open_store(f"sqlite:///{path}"), snapshot_every=0)
    tid = service.create(CreateTournament(name="Strict", template=load_template("fox_grinder")))
    for name in ("Ann Lee", "Bob Baker"):
        service.run(tid, Register(name=name, member="1234", age_ok=True, member_ok=True))
    (record,) = service.run(tid, Bust(players=("Bob Baker",), eliminator="Ann Lee"))
    service.close()

    conn = sqlite3.connect(path)
    (data,) = conn.execute(
        "SELECT data FROM events WHERE tournament_id = ? AND seq = ?", (tid, record.seq)
    ).fetchone()
    payload = json.loads(data)
    assert payload["eliminator"]  # the honest row names the eliminator
    payload["elimnator"] = payload.pop("eliminator")
    conn.execute(
        "UPDATE events SET data = ? WHERE tournament_id = ? AND seq = ?",
        (json.dumps(payload), tid, record.seq),
    )
    conn.commit()
    conn.close()

    store = open_store(f"sqlite:///{path}")
    with pytest.raises(StoreError, match=f"Event {record.seq} of tournament {tid} cannot be read"):
        store.load(tid)
    with pytest.raises(StoreError, match="unknown field 'elimnator'"):
        TournamentService(store, snapshot_every=0).state(tid)
    store.close()


def test_state_part_types_round_trip() -> None:
    part = _Part(
        names=["b", "a"],
        seen={"x", "y"},
        frozen=frozenset({3, 1}),
        by_table={7: ("Ann", "Bob"), 2: ()},
        at=datetime(2026, 11, 22, 19, 30, tzinfo=UTC),
        share=Fraction(2, 3),
        _cache={"drop": 1},
    )
    data = to_json(part)
    assert data == {
        "names": ["b", "a"],
        "seen": ["x", "y"],
        "frozen": [1, 3],
        "by_table": {"7": ["Ann", "Bob"], "2": []},
        "at": "2026-11-22T19:30:00+00:00",
        "share": "2/3",
    }
    back = from_json(_Part, json.loads(json.dumps(data)))
    assert back == _Part(
        names=["b", "a"],
        seen={"x", "y"},
        frozen=frozenset({1, 3}),
        by_table={7: ("Ann", "Bob"), 2: ()},
        at=datetime(2026, 11, 22, 19, 30, tzinfo=UTC),
        share=Fraction(2, 3),
    )
    assert list(back.by_table) == [7, 2]  # order kept
    with pytest.raises(UnknownField, match="_Part has no field '_cache'"):
        from_json(_Part, {**data, "_cache": {}})


def test_what_cannot_be_stored_faithfully_is_refused() -> None:
    with pytest.raises(TypeError, match="tuple dictionary key"):
        to_json({(1, 2): "seat"})
    with pytest.raises(TypeError, match="not JSON-safe"):
        to_json(object())
    with pytest.raises(TypeError, match="unsupported union"):
        decoder_for(_Inner | _Part)


def test_every_event_and_state_part_has_a_decoder() -> None:
    import pokertd.store.snapshot  # noqa: F401  (the codecs for Seating and refusals)

    names = set(event_types())
    assert {"players_busted", "tournament_created", "command_undone"} <= names
    for cls in [*event_types().values(), *state_parts().values()]:
        assert callable(class_decoder(cls)), cls.__name__
    assert len(state_parts()) >= 6
