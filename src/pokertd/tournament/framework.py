"""The tournament as an event log: events, commands, state parts, decide and apply.

A tournament is an append-only list of frozen facts (events). A floor action is a command:
``decide(state, command, ctx)`` checks it against the state and the rule profile and either
returns the events it causes or raises a ``RuleViolation``/``InvalidCommand`` (nothing is
written). ``apply(state, event)`` folds one event into the state and never validates or fails.

Domains plug in without editing this module:

* an event is a frozen, slotted, ``kw_only`` dataclass decorated with ``@event("name")``;
  its fields are JSON-safe (int, str, bool, None, StrEnum, Fraction, tuples, dicts with str
  keys, nested frozen dataclasses);
* ``@applies(EventClass)`` registers the fold step for it;
* a command is a frozen dataclass decorated with ``@decides(CommandClass)`` on its decider;
* a domain keeps its slice of the state in a *part*: any class constructible with no
  arguments, reached with ``state.part(Roster)``.

Randomness and time come in through :class:`Context` (``ctx.rng``, ``ctx.now``); whatever
they produce (seats drawn, cards for a race, a button draw) goes into the events, so replay
needs neither.

Undo and redo are events too (:class:`CommandUndone`, :class:`CommandRedone`): history is
never rewritten. The events one command produced form a *batch* (its id is the ``seq`` of
the batch's first event). The state a log describes is the fold of every batch that is not
undone, in order; :func:`fold` computes it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields, is_dataclass
from datetime import datetime
from enum import Enum
from fractions import Fraction
from types import NoneType, UnionType
from typing import Any, ClassVar, TypeVar, Union, cast, get_args, get_origin, get_type_hints

from pokertd.errors import InvalidCommand, RuleViolation

# --------------------------------------------------------------------------------------
# Events


class Event:
    """Base class of every event; subclasses are frozen dataclasses made by ``@event``."""

    __slots__ = ()
    type: ClassVar[str] = ""
    """The stored type name (stable across renames of the class)."""
    version: ClassVar[int] = 1
    """Schema version; bump it and register an :func:`upcaster` when fields change."""

    def describe(self) -> str:
        """One line for the event log in words; events override it."""
        return self.type.replace("_", " ")

    def undo_refusal(self, state: TournamentState) -> RuleViolation | None:
        """Why the batch holding this event may not be undone, or ``None`` (the default).

        Checked when the batch is folded in, against the state it was decided on; an event
        whose rule makes it final (a logged chip race at TNPL, TNPL-D2iv) overrides this.
        """
        return None


E = TypeVar("E", bound=Event)
_EVENT_TYPES: dict[str, type[Event]] = {}
_UPCASTERS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {}


def event(type_name: str, version: int = 1) -> Callable[[type[E]], type[E]]:
    """Register an event class under its stored ``type_name``."""

    def register(cls: type[E]) -> type[E]:
        if type_name in _EVENT_TYPES and _EVENT_TYPES[type_name] is not cls:
            raise TypeError(f"event type {type_name!r} registered twice")
        if not is_dataclass(cls):
            raise TypeError(f"event {cls.__name__} must be a dataclass")
        cls.type = type_name
        cls.version = version
        _EVENT_TYPES[type_name] = cls
        return cls

    return register


_Upcast = Callable[[dict[str, Any]], dict[str, Any]]


def upcaster(type_name: str, from_version: int) -> Callable[[_Upcast], _Upcast]:
    """Register a function that turns ``type_name`` data of ``from_version`` into the next."""

    def register(fn: _Upcast) -> _Upcast:
        _UPCASTERS[(type_name, from_version)] = fn
        return fn

    return register


def event_types() -> dict[str, type[Event]]:
    """Every registered event class by stored type name."""
    return dict(_EVENT_TYPES)


# --------------------------------------------------------------------------------------
# JSON codec (fast: a decoder per class is built once)

_Decoder = Callable[[Any], Any]
_DECODERS: dict[type, Callable[[dict[str, Any]], Any]] = {}


def to_json(value: Any) -> Any:
    """JSON-safe data of an event (or any value an event may hold)."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_json(getattr(value, f.name)) for f in fields(value)}
    raise TypeError(f"{type(value).__name__} is not JSON-safe event data")


def _identity(value: Any) -> Any:
    return value


def _decoder_for(hint: Any) -> _Decoder:
    origin = get_origin(hint)
    args = get_args(hint)
    if hint in (int, str, bool, NoneType, Any):
        return _identity
    if origin in (Union, UnionType):
        inner = [a for a in args if a is not NoneType]
        if len(inner) == 1:
            dec = _decoder_for(inner[0])
            if dec is _identity:
                return _identity
            return lambda v: None if v is None else dec(v)
        return _identity
    if hint is Fraction:
        return lambda v: Fraction(v)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return cast(_Decoder, hint)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _decoder_for(args[0])
            if item is _identity:
                return tuple
            return lambda v: tuple(item(x) for x in v)
        decs = [_decoder_for(a) for a in args]
        return lambda v: tuple(d(x) for d, x in zip(decs, v, strict=True))
    if origin is dict:
        key_dec = _decoder_for(args[0])
        val_dec = _decoder_for(args[1])
        if args[0] is int:
            return lambda v: {int(k): val_dec(x) for k, x in v.items()}
        if key_dec is _identity and val_dec is _identity:
            return dict
        return lambda v: {key_dec(k): val_dec(x) for k, x in v.items()}
    if isinstance(hint, type) and is_dataclass(hint):
        return _class_decoder(hint)
    raise TypeError(f"unsupported event field type {hint!r}")


def _class_decoder(cls: type) -> Callable[[dict[str, Any]], Any]:
    cached = _DECODERS.get(cls)
    if cached is not None:
        return cached
    hints = get_type_hints(cls)
    converters: list[tuple[str, _Decoder]] = []
    for f in fields(cls):
        dec = _decoder_for(hints[f.name])
        if dec is not _identity:
            converters.append((f.name, dec))
    names = {f.name for f in fields(cls)}

    def decode(data: dict[str, Any]) -> Any:
        if converters:
            data = dict(data)
            for name, dec in converters:
                if name in data:
                    data[name] = dec(data[name])
        if not names.issuperset(data):
            data = {k: v for k, v in data.items() if k in names}
        return cls(**data)

    _DECODERS[cls] = decode
    return decode


def event_from_json(type_name: str, version: int, data: dict[str, Any]) -> Event:
    """Rebuild an event from its stored type, version and data (upcasting old versions)."""
    cls = _EVENT_TYPES.get(type_name)
    if cls is None:
        raise InvalidCommand(f"unknown event type {type_name!r} in the log")
    while version < cls.version:
        step = _UPCASTERS.get((type_name, version))
        if step is None:
            raise InvalidCommand(f"no upcaster for {type_name!r} version {version}")
        data = step(data)
        version += 1
    return cast(Event, _class_decoder(cls)(data))


# --------------------------------------------------------------------------------------
# State

P = TypeVar("P")


class TournamentState:
    """The fold of a tournament's log: one part per domain, created on first use.

    Mutable on purpose: ``apply`` updates it in place so that replaying 100,000 events stays
    fast. Only ``apply`` mutates it; deciders read it.
    """

    __slots__ = ("_parts", "batches", "id", "seq")

    def __init__(self, tournament_id: str) -> None:
        self.id = tournament_id
        """The tournament's id."""
        self.seq = 0
        """Sequence number of the last event folded in (0 for an empty log)."""
        self.batches: list[Batch] = []
        """Every command batch in order, with whether it is undone."""
        self._parts: dict[type, object] = {}

    def part(self, cls: type[P]) -> P:
        """The domain part of type ``cls`` (created empty on first use)."""
        found = self._parts.get(cls)
        if found is None:
            found = cls()
            self._parts[cls] = found
        return cast(P, found)


@dataclass(slots=True)
class Batch:
    """The events one command produced, as the state remembers them for undo/redo."""

    batch: int
    """Sequence number of the batch's first event (its id)."""
    command: str
    """What the command was, in words (the first event's description)."""
    actor: str
    """Who ran it."""
    undoable: bool = True
    """Undo/redo batches themselves are not undone."""
    undone: bool = False
    """Whether a later undo has taken it back."""
    target: int | None = None
    """For an undo or redo batch: the batch it undid or redid."""
    refusal: RuleViolation | None = None
    """Why this batch may not be undone (a rule made it final), if one does."""


@dataclass(frozen=True, slots=True)
class EventRecord:
    """An event as stored: its place in the log, its batch, when and by whom."""

    seq: int
    batch: int
    recorded_at: datetime
    actor: str
    event: Event


# --------------------------------------------------------------------------------------
# Commands and the registries

_APPLIERS: dict[type[Event], Callable[[TournamentState, Any], None]] = {}


def applies(
    event_cls: type[E],
) -> Callable[[Callable[[TournamentState, E], None]], Callable[[TournamentState, E], None]]:
    """Register the fold step for ``event_cls``."""

    def register(fn: Callable[[TournamentState, E], None]) -> Callable[[TournamentState, E], None]:
        if event_cls in _APPLIERS:
            raise TypeError(f"{event_cls.__name__} already has an applier")
        _APPLIERS[event_cls] = fn
        return fn

    return register


class Command:
    """Base class of commands (frozen dataclasses describing what the floor asks for)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Context:
    """What a decision may use besides the state: time, randomness, who asks."""

    now: datetime
    """The current time (timezone-aware UTC). The only clock the core sees."""
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    """Randomness: ``secrets.SystemRandom()`` live, a seeded ``Random`` in tests."""
    actor: str = "system"
    """Who runs the command (user name or ``"system"``)."""
    role: str = "director"
    """The actor's role (director, floor, dealer, public)."""


C = TypeVar("C", bound=Command)
_DECIDERS: dict[type[Command], Callable[[TournamentState, Any, Context], list[Event]]] = {}


def decides(
    command_cls: type[C],
) -> Callable[
    [Callable[[TournamentState, C, Context], list[Event]]],
    Callable[[TournamentState, C, Context], list[Event]],
]:
    """Register the decider for ``command_cls``."""

    def register(
        fn: Callable[[TournamentState, C, Context], list[Event]],
    ) -> Callable[[TournamentState, C, Context], list[Event]]:
        if command_cls in _DECIDERS:
            raise TypeError(f"{command_cls.__name__} already has a decider")
        _DECIDERS[command_cls] = fn
        return fn

    return register


def decide(state: TournamentState, command: Command, ctx: Context) -> list[Event]:
    """The events ``command`` causes, or a ``RuleViolation``/``InvalidCommand``.

    Never mutates ``state``.
    """
    decider = _DECIDERS.get(type(command))
    if decider is None:
        raise InvalidCommand(f"unknown command {type(command).__name__}")
    events = decider(state, command, ctx)
    if not events:
        raise InvalidCommand(f"{type(command).__name__} changes nothing")
    return events


def apply(state: TournamentState, event: Event) -> None:
    """Fold one event into ``state`` (no validation; never fails on a decided event)."""
    applier = _APPLIERS.get(type(event))
    if applier is not None:
        applier(state, event)


# --------------------------------------------------------------------------------------
# Undo / redo


@event("command_undone")
@dataclass(frozen=True, slots=True, kw_only=True)
class CommandUndone(Event):
    """The floor took back a command: the state is as if its batch never happened."""

    batch: int
    command: str

    def describe(self) -> str:
        return f"Undid: {self.command}"


@event("command_redone")
@dataclass(frozen=True, slots=True, kw_only=True)
class CommandRedone(Event):
    """The floor restored a command it had undone."""

    batch: int
    command: str

    def describe(self) -> str:
        return f"Redid: {self.command}"


@dataclass(frozen=True, slots=True)
class Undo(Command):
    """Take back the last command that is not undone."""


@dataclass(frozen=True, slots=True)
class Redo(Command):
    """Restore the most recently undone command (only right after undos)."""


@decides(Undo)
def _decide_undo(state: TournamentState, command: Undo, ctx: Context) -> list[Event]:
    for batch in reversed(state.batches):
        if batch.undoable and not batch.undone:
            if batch.refusal is not None:
                raise batch.refusal
            return [CommandUndone(batch=batch.batch, command=batch.command)]
    raise RuleViolation("There is nothing to undo.")


@decides(Redo)
def _decide_redo(state: TournamentState, command: Redo, ctx: Context) -> list[Event]:
    by_id = {b.batch: b for b in state.batches}
    for batch in reversed(state.batches):
        if batch.undoable and not batch.undone:
            break  # a live command after the undos: redo would rewrite history
        if batch.target is not None and not batch.undoable:
            target = by_id[batch.target]
            if target.undone:
                return [CommandRedone(batch=target.batch, command=target.command)]
    raise RuleViolation("There is nothing to redo: redo works only right after an undo.")


UNDO_EVENTS = (CommandUndone, CommandRedone)


def needs_refold(events: Sequence[Event]) -> bool:
    """Whether appending ``events`` changes which batches count (then fold the log again)."""
    return any(isinstance(e, UNDO_EVENTS) for e in events)


def fold(tournament_id: str, records: Iterable[EventRecord]) -> TournamentState:
    """The state a log describes: every batch not undone, folded in order.

    Undo/redo toggle whole batches; since redo is only allowed right after undos, the final
    set of undone batches determines the state.
    """
    records = list(records)
    undone: set[int] = set()
    for record in records:
        ev = record.event
        if isinstance(ev, CommandUndone):
            undone.add(ev.batch)
        elif isinstance(ev, CommandRedone):
            undone.discard(ev.batch)
    state = TournamentState(tournament_id)
    append_records(state, records, undone)
    return state


def append_records(
    state: TournamentState, records: Iterable[EventRecord], undone: set[int] | None = None
) -> None:
    """Fold ``records`` (in order) into ``state``; batches in ``undone`` are skipped."""
    undone = undone or set()
    batches = state.batches
    current = -1
    for record in records:
        ev = record.event
        if record.batch != current:
            current = record.batch
            is_undo = isinstance(ev, UNDO_EVENTS)
            batches.append(
                Batch(
                    batch=record.batch,
                    command=ev.describe(),
                    actor=record.actor,
                    undoable=not is_undo,
                    undone=record.batch in undone,
                    target=ev.batch if isinstance(ev, UNDO_EVENTS) else None,
                )
            )
        if isinstance(ev, UNDO_EVENTS):
            target = ev.batch
            for b in batches:
                if b.batch == target:
                    b.undone = isinstance(ev, CommandUndone)
        elif record.batch not in undone:
            refusal = ev.undo_refusal(state)
            if refusal is not None:
                batches[-1].refusal = refusal
            apply(state, ev)
        state.seq = record.seq


__all__ = [
    "Batch",
    "Command",
    "CommandRedone",
    "CommandUndone",
    "Context",
    "Event",
    "EventRecord",
    "Redo",
    "TournamentState",
    "Undo",
    "append_records",
    "applies",
    "apply",
    "decide",
    "decides",
    "event",
    "event_from_json",
    "event_types",
    "fold",
    "needs_refold",
    "to_json",
    "upcaster",
]
