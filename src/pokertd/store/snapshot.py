"""State snapshots: a cache that spares replaying a long log from event 1.

A snapshot is the folded :class:`~pokertd.tournament.framework.TournamentState` at some
``seq``, stored as **data**: UTF-8 JSON written and read by the project's one codec
(:func:`~pokertd.codec.to_json` / ``from_json``), laid out as::

    {"format": 2, "tournament": "<id>", "seq": n,
     "batch_fields": ["batch", "command", ...],
     "batches": [[7, "Busted Bob Baker; 59 left", ...], ...],
     "parts": {"pokertd.tournament.entries.Roster": {...}, ...}}

Loading = decode + fold the events after ``seq`` (unless an undo/redo is among them: then
the whole log is folded again, as always). Decoding builds only what the code names: a part
is looked up among the classes registered with ``@state_part`` (an unknown name refuses the
snapshot), and everything inside it is built from the part's type hints. Nothing in the data
names a class to import or code to run, so whoever can write the database cannot make a
server execute anything by planting a snapshot (pickles could).

Snapshots are never the truth: the log is. Each one is stored under a *key* naming the code
that made it (a hash of the format, the Python version and the source of the pure core, of
this module and of every module that registers events), so a snapshot made by other code
(including the pickles older versions wrote) is simply not found, and one that fails to
decode is ignored and the log replayed.

Two state objects are not dataclasses and get an explicit codec here: the seating
(:class:`~pokertd.tournament.seating.Seating`, a mutable structure with derived indexes) and
the refusal a batch may carry (a :class:`~pokertd.errors.RuleViolation`).
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import pokertd
from pokertd.codec import data_codec, from_json, to_json
from pokertd.engine.button import TableButton
from pokertd.errors import BelowMinimumRaise, IllegalAction, OutOfTurn, RuleViolation
from pokertd.rules.profile import RuleProfile
from pokertd.store.base import gc_paused
from pokertd.tournament.framework import (
    Batch,
    StaleUndo,
    TournamentState,
    event_types,
    part_name,
    state_parts,
)
from pokertd.tournament.seating import Layout, Seating, Table, TableGame, TableSpec
from pokertd.types import Seat

FORMAT = 2
"""The snapshot layout written now (1 was the pickle of older versions, never read)."""

_CORE_PACKAGES = ("tournament", "rules", "engine", "cards")
_key_cache: tuple[int, str] | None = None


def snapshot_key() -> str:
    """The code-version key snapshots are stored under (24 hex digits).

    Recomputed when the set of registered event types changes (a module registering events
    was imported since).
    """
    global _key_cache
    registered = event_types()
    if _key_cache is not None and _key_cache[0] == len(registered):
        return _key_cache[1]
    digest = hashlib.sha256()
    digest.update(f"{sys.version_info[:2]}|json-format-{FORMAT}|".encode())
    root = Path(pokertd.__file__).parent
    files: set[Path] = {Path(__file__)}
    for package in _CORE_PACKAGES:
        files.update((root / package).rglob("*.py"))
    for name, cls in sorted(registered.items()):
        digest.update(f"{name}:{cls.version}:{cls.__module__}.{cls.__qualname__}|".encode())
        module = sys.modules.get(cls.__module__)
        source = getattr(module, "__file__", None)
        if source:
            files.add(Path(source))
    for path in sorted(files):
        digest.update(path.name.encode())
        try:
            digest.update(path.read_bytes())
        except OSError:
            digest.update(b"?")
    key = digest.hexdigest()[:24]
    _key_cache = (len(registered), key)
    return key


# --------------------------------------------------------------------------------------
# Codecs for the two state objects that are not dataclasses


@dataclass(frozen=True, slots=True, kw_only=True)
class TableData:
    """A :class:`~pokertd.tournament.seating.Table` as stored."""

    number: int
    n_seats: int
    players: tuple[str | None, ...]
    occupied: int
    blocked: int
    reserved: int
    button: TableButton
    extra_seat: bool
    vacated: tuple[int, ...] = ()
    game: TableGame | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatingData:
    """A :class:`~pokertd.tournament.seating.Seating` as stored, indexes included."""

    profile: RuleProfile
    layout: Layout
    tables: dict[int, TableData]
    spare: dict[int, TableSpec]
    where: dict[str, tuple[int, Seat]]
    moves_made: dict[str, int]
    order: tuple[int, ...]
    final: bool
    rank: dict[int, int]
    buckets: tuple[frozenset[int], ...]
    capacity: int
    seats_per_table: int


def _seating_to_data(seating: Seating) -> SeatingData:
    tables = {
        n: TableData(
            number=t.number,
            n_seats=t.n_seats,
            players=tuple(t.players),
            occupied=t.occupied,
            blocked=t.blocked,
            reserved=t.reserved,
            button=t.button,
            extra_seat=t.extra_seat,
            vacated=t.vacated,
            game=t.game,
        )
        for n, t in seating.tables.items()
    }
    return SeatingData(
        profile=seating.profile,
        layout=seating.layout,
        tables=tables,
        spare=seating.spare,
        where=seating.where,
        moves_made=seating.moves_made,
        order=tuple(seating.order),
        final=seating.final,
        rank=seating._rank,
        buckets=tuple(frozenset(b) for b in seating._buckets),
        capacity=seating._capacity,
        seats_per_table=seating._seats_per_table,
    )


def _seating_from_data(data: SeatingData) -> Seating:
    seating = Seating.__new__(Seating)
    seating.profile = data.profile
    seating.layout = data.layout
    seating.tables = {}
    for number, t in data.tables.items():
        table = Table.__new__(Table)
        table.number = t.number
        table.n_seats = t.n_seats
        table.players = list(t.players)
        table.occupied = t.occupied
        table.blocked = t.blocked
        table.reserved = t.reserved
        table.button = t.button
        table.extra_seat = t.extra_seat
        table.vacated = t.vacated
        table.game = t.game
        seating.tables[number] = table
    seating.spare = dict(data.spare)
    seating.where = dict(data.where)
    seating.moves_made = dict(data.moves_made)
    seating.order = list(data.order)
    seating.final = data.final
    seating._rank = dict(data.rank)
    seating._buckets = [set(b) for b in data.buckets]
    seating._capacity = data.capacity
    seating._seats_per_table = data.seats_per_table
    return seating


@dataclass(frozen=True, slots=True, kw_only=True)
class RefusalData:
    """A :class:`~pokertd.errors.RuleViolation` as stored (why a batch cannot be undone)."""

    kind: str
    message: str
    rule_ids: tuple[str, ...] = ()
    context: dict[str, Any]


_REFUSALS: dict[str, type[RuleViolation]] = {
    cls.kind: cls for cls in (RuleViolation, IllegalAction, OutOfTurn, BelowMinimumRaise, StaleUndo)
}
"""The refusal classes a snapshot may name (a closed list: the data picks one by kind)."""


def _refusal_to_data(exc: RuleViolation) -> RefusalData:
    return RefusalData(
        kind=exc.kind, message=exc.message, rule_ids=exc.rule_ids, context=exc.context
    )


def _refusal_from_data(data: RefusalData) -> RuleViolation:
    cls = _REFUSALS.get(data.kind)
    if cls is None:
        raise ValueError(f"unknown refusal kind {data.kind!r}")
    return cls(data.message, rule_ids=data.rule_ids, context=data.context)


data_codec(Seating, SeatingData, _seating_to_data, _seating_from_data)
for _cls in _REFUSALS.values():
    data_codec(_cls, RefusalData, _refusal_to_data, _refusal_from_data)


# --------------------------------------------------------------------------------------
# Snapshots


_BATCH_FIELDS = tuple(f.name for f in fields(Batch))
_REFUSAL_AT = _BATCH_FIELDS.index("refusal")


def _batch_row(batch: Batch) -> list[Any]:
    """A batch as a JSON array in field order (a long log has one per command)."""
    row: list[Any] = [getattr(batch, name) for name in _BATCH_FIELDS]
    if row[_REFUSAL_AT] is not None:
        row[_REFUSAL_AT] = to_json(row[_REFUSAL_AT])
    return row


def _batch_from_row(row: list[Any]) -> Batch:
    if not isinstance(row, list) or len(row) != len(_BATCH_FIELDS):
        raise ValueError("a batch of another shape")
    if row[_REFUSAL_AT] is not None:
        row[_REFUSAL_AT] = _refusal_from_data(from_json(RefusalData, row[_REFUSAL_AT]))
    return Batch(*row)


def encode_snapshot(state: TournamentState) -> bytes:
    """The state as snapshot bytes (UTF-8 JSON).

    Raises ``TypeError`` when a part is not registered with ``@state_part`` or holds a
    value the codec cannot store (a bug the snapshot tests catch).
    """
    with gc_paused():
        return _encode(state)


def _encode(state: TournamentState) -> bytes:
    registry = state_parts()
    parts: dict[str, Any] = {}
    for cls, part in state._parts.items():
        name = part_name(cls)
        if registry.get(name) is not cls:
            raise TypeError(f"state part {name} is not registered with @state_part")
        parts[name] = to_json(part)
    doc = {
        "format": FORMAT,
        "tournament": state.id,
        "seq": state.seq,
        "batch_fields": _BATCH_FIELDS,
        "batches": [_batch_row(b) for b in state.batches],
        "parts": parts,
    }
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode()


def decode_snapshot(tournament_id: str, data: bytes) -> TournamentState:
    """The state a snapshot holds; ``ValueError`` when it is not a usable snapshot of
    ``tournament_id`` (not JSON, another format, another tournament, an unknown part or
    field)."""
    with gc_paused():  # hundreds of thousands of new objects, no cycles
        return _decode(tournament_id, data)


def _decode(tournament_id: str, data: bytes) -> TournamentState:
    try:
        doc = json.loads(data)
    except ValueError as exc:  # not UTF-8 or not JSON (e.g. an old pickle)
        raise ValueError(f"unreadable snapshot: {exc}") from exc
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueError(f"not a format-{FORMAT} snapshot")
    if doc.get("tournament") != tournament_id:
        raise ValueError("snapshot of another tournament")
    seq = doc.get("seq")
    stored = doc.get("parts")
    if not isinstance(seq, int) or not isinstance(stored, dict):
        raise ValueError("snapshot without a seq or parts")
    registry = state_parts()
    state = TournamentState(tournament_id)
    try:
        state.seq = seq
        if doc.get("batch_fields") != list(_BATCH_FIELDS):
            raise ValueError("snapshot of another batch layout")
        state.batches = [_batch_from_row(row) for row in doc["batches"]]
        for name, value in stored.items():
            cls = registry.get(name)
            if cls is None:
                raise ValueError(f"unknown state part {name!r}")
            state._parts[cls] = from_json(cls, value)
    except ValueError:
        raise
    except Exception as exc:  # malformed data of any shape means: no usable snapshot
        raise ValueError(f"unreadable snapshot: {type(exc).__name__}: {exc}") from exc
    return state


__all__ = [
    "FORMAT",
    "RefusalData",
    "SeatingData",
    "TableData",
    "decode_snapshot",
    "encode_snapshot",
    "snapshot_key",
]
