"""The tournament as an event log: events, commands, state parts, decide and apply.

A tournament is an append-only list of frozen facts (events). A floor action is a command:
``decide(state, command, ctx)`` checks it against the state and the rule profile and either
returns the events it causes or raises a ``RuleViolation``/``InvalidCommand`` (nothing is
written). ``apply(state, event)`` folds one event into the state and never validates or fails.

Domains plug in without editing this module:

* an event is a class decorated with ``@event("name")``, which makes it a frozen, slotted,
  ``kw_only`` dataclass and registers its stored name and version; its fields are
  JSON-safe (int, str, bool, None, StrEnum, Fraction, tuples, dicts with str keys, nested
  frozen dataclasses);
* ``@applies(EventClass)`` registers the fold step for it;
* a command is a frozen dataclass decorated with ``@decides(CommandClass)`` on its decider;
* a domain keeps its slice of the state in a *part*: a dataclass constructible with no
  arguments, registered with ``@state_part`` (snapshots store parts as JSON through the
  same codec as events, and decode only registered parts), reached with
  ``state.part(Roster)``.

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
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, is_dataclass
from datetime import datetime
from typing import (
    Any,
    ClassVar,
    TypeVar,
    cast,
    dataclass_transform,
)

from pokertd.codec import UnknownField, class_decoder
from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.i18n import N_, Sentence
from pokertd.money import DEFAULT_CURRENCY, money_scope
from pokertd.tournament.limits import Seq, check_limits

# --------------------------------------------------------------------------------------
# Events


class Event:
    """Base class of every event; subclasses are frozen dataclasses made by ``@event``."""

    __slots__ = ()
    type: ClassVar[str] = ""
    """The stored type name (stable across renames of the class)."""
    version: ClassVar[int] = 1
    """Schema version; bump it and register an :func:`upcaster` when fields change."""

    def said(self) -> Sentence | None:
        """The event's log line as a :class:`~pokertd.i18n.Sentence` (a marked msgid and its
        parameters), so each face says it in its reader's language; events override it.
        ``None``: the event has no sentence of its own (its ``describe()`` is English)."""
        return None

    def describe(self) -> str:
        """One line for the event log in words: the English of :meth:`said` (the CLI's
        ``--json``, the API's ``text``, the tests read it)."""
        said = self.said()
        return said.text if said is not None else self.type.replace("_", " ")

    def undo_refusal(self, state: TournamentState) -> RuleViolation | None:
        """Why the batch holding this event may not be undone, or ``None`` (the default).

        Checked when the batch is folded in, against the state it was decided on; an event
        whose rule makes it final (a logged chip race at TNPL, TNPL-D2iv) overrides this.
        """
        return None


E = TypeVar("E", bound=Event)
_EVENT_TYPES: dict[str, type[Event]] = {}
_UPCASTERS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {}


@dataclass_transform(frozen_default=True, kw_only_default=True)
def event(type_name: str, version: int = 1) -> Callable[[type[E]], type[E]]:
    """Make ``cls`` an event: a frozen, slotted, keyword-only dataclass stored as
    ``type_name`` at schema ``version``.

    One decorator does both (python-chess's ``Move`` is the model: a plain class body whose
    fields carry their docstrings)::

        @event("player_busted", version=2)
        class PlayerBusted(Event):
            \"\"\"A player went out (G1).\"\"\"

            entry_id: str
            \"\"\"The entry that busted.\"\"\"

    ``typing.dataclass_transform`` tells mypy the class is such a dataclass. A name is
    registered once; a class already made a dataclass by hand is refused (it would be
    built twice, and its ``frozen``/``slots``/``kw_only`` might differ from every other
    event's).
    """

    def register(cls: type[E]) -> type[E]:
        if type_name in _EVENT_TYPES:
            raise TypeError(f"event type {type_name!r} registered twice")
        if "__dataclass_fields__" in cls.__dict__:
            raise TypeError(f"event {cls.__name__}: @event makes the dataclass, drop @dataclass")
        made = dataclass(frozen=True, slots=True, kw_only=True)(cls)
        made.type = type_name
        made.version = version
        _EVENT_TYPES[type_name] = made
        return made

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
# Reading stored events (the codec itself is pokertd.codec, shared by every layer)


def event_from_json(type_name: str, version: int, data: dict[str, Any]) -> Event:
    """Rebuild an event from its stored type, version and data (upcasting old versions).

    A field the event class does not have is refused with a clear error, never dropped
    (``"elimnator"`` would otherwise record a bust without its eliminator): an event whose
    fields changed bumps its version and registers an :func:`upcaster`.
    """
    cls = _EVENT_TYPES.get(type_name)
    if cls is None:
        # English on purpose: a log written by another program, never a floorperson's doing
        raise InvalidCommand(f"unknown event type {type_name!r} in the log")
    while version < cls.version:
        step = _UPCASTERS.get((type_name, version))
        if step is None:
            # English on purpose: a programmer's error (an event changed without its upcaster)
            raise InvalidCommand(f"no upcaster for {type_name!r} version {version}")
        data = step(data)
        version += 1
    try:
        return cast(Event, class_decoder(cls)(data))
    except UnknownField as exc:
        where = "" if exc.owner is cls else f" (in its {exc.owner.__name__})"
        # English on purpose: a log of another pokertd version, for the programmer who reads it
        raise InvalidCommand(
            f"event {type_name!r} in the log has unknown field {exc.names[0]!r}{where}: it was "
            "written by another version of pokertd, and reading it needs an upcaster",
            context={"event": type_name, "field": exc.names[0]},
        ) from exc


# --------------------------------------------------------------------------------------
# State parts


_PART_TYPES: dict[str, type] = {}


def state_part(cls: type[P]) -> type[P]:
    """Register a dataclass as a state part (snapshots store it under its module.Class name).

    Decoding a snapshot builds only registered parts; a part that is not registered
    cannot be stored in a snapshot.
    """
    if not is_dataclass(cls):
        raise TypeError(f"state part {cls.__name__} must be a dataclass")
    name = part_name(cls)
    if _PART_TYPES.get(name, cls) is not cls:
        raise TypeError(f"state part {name} registered twice")
    _PART_TYPES[name] = cls
    return cls


def part_name(cls: type) -> str:
    """The name a part is stored under: ``module.Class``."""
    return f"{cls.__module__}.{cls.__qualname__}"


def state_parts() -> dict[str, type]:
    """Every registered state part by stored name."""
    return dict(_PART_TYPES)


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
    """What the command was, in words (:func:`batch_title`: the first event's description,
    or the summary of a batch a domain sums up, "table 4 breaks (9 moves)")."""
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
    command_type: str | None = None
    """The class name of the command that made it (``"Bust"``, ``"Undo"``); ``None`` for
    batches stored before the log recorded it. Undo/redo permissions depend on it."""


@dataclass(frozen=True, slots=True)
class EventRecord:
    """An event as stored: its place in the log, its batch, when and by whom."""

    seq: int
    batch: int
    recorded_at: datetime
    actor: str
    event: Event
    command: str | None = None
    """The class name of the command that produced the batch (``None`` in older logs)."""


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


@dataclass(frozen=True, slots=True)
class Summary:
    """What one command's events say to the floor, the same on every face.

    ``lines`` is the confirmation a floorperson reads aloud, one line per table or thing
    that happened ("Table 4 breaks: 9 players moved — see slips"); ``details`` are shown on
    tap (each move with its seats and the rule IDs behind it); ``title`` names the batch
    where it is undone ("table 4 breaks (9 moves)": the console's "Undo: …").
    """

    lines: tuple[str, ...]
    details: tuple[str, ...] = ()
    title: str = ""
    said: tuple[Sentence, ...] = ()
    """``lines`` as sentences, one each (a face says them in its reader's language and takes
    their bracketed codes off, :func:`without_codes`); empty: the English lines only."""
    details_said: tuple[Sentence, ...] = ()
    """``details`` as sentences, one each (empty: the English details only)."""

    def as_json(self) -> dict[str, Any]:
        """``{"lines", "details", "title"}`` for the web's command answer."""
        return {"lines": list(self.lines), "details": list(self.details), "title": self.title}


_CODE = r"(?:[A-Z][A-Z0-9]*(?:-[A-Za-z0-9.]+)+|[A-Z]{1,4}[0-9][A-Za-z0-9.]*)"
_CODES = re.compile(rf"\s*[\[(]{_CODE}(?:,\s*{_CODE})*[\])]")
"""Codes in brackets or parentheses: rule IDs ("(KPC-6d, KPC-8a)", "[G3]") and an entry's id
("[E21]"); never words, money or "(entry 2)"."""


def without_codes(text: str) -> str:
    """``text`` without its bracketed codes (rule IDs, entry ids), for a line read aloud;
    the full text stays in the details and the log.

    >>> without_codes("Alice Ames bought in for $60.00: 15,000 chips [E1]")
    'Alice Ames bought in for $60.00: 15,000 chips'
    >>> without_codes("Lena Chen re-entered (entry 2) for $80.00: 25,000 chips (C3, A4)")
    'Lena Chen re-entered (entry 2) for $80.00: 25,000 chips'
    """
    return _CODES.sub("", text)


Summarizer = Callable[[Sequence[Event]], Summary]
_SUMMARIZERS: dict[type[Event], Summarizer] = {}


def connect_summarizers(table: Mapping[type[Event], Summarizer]) -> dict[type[Event], Summarizer]:
    """Put in force how a batch's events of these classes are summed up for the floor, and
    return the table it replaces.

    Each function receives its events of one batch, in log order, and returns their
    :class:`Summary` (a domain says "table 4 breaks: 9 players moved" once instead of nine
    lines). Events of other classes stand for themselves (their ``describe()``). The table
    is built once, explicitly, in :mod:`pokertd.tournament` (its ``__init__``), never by a
    domain on import.
    """
    previous = dict(_SUMMARIZERS)
    _SUMMARIZERS.clear()
    _SUMMARIZERS.update(table)
    return previous


def summarize(events: Sequence[Event]) -> Summary:
    """The floor's words for one command's events: one line per table or thing done, the
    details (every move, rule IDs) apart, and the title an Undo names.

    Events a domain sums up (:func:`connect_summarizers`) are grouped by their summarizer at
    the place of the first of them; any other event is one line of its own. The title is that of the
    first part, followed by the titles of the summed-up parts (a bust and the moves it
    auto-confirmed: "Busted Bob …; table 2 → table 5 (1 move)").
    """
    parts: list[Event | Summarizer] = []
    groups: dict[Summarizer, list[Event]] = {}
    for ev in events:
        fn = _SUMMARIZERS.get(type(ev))
        if fn is None:
            parts.append(ev)
        else:
            if fn not in groups:
                groups[fn] = []
                parts.append(fn)
            groups[fn].append(ev)
    lines: list[str] = []
    details: list[str] = []
    titles: list[str] = []
    said: list[Sentence] = []
    details_said: list[Sentence] = []
    for i, part in enumerate(parts):
        if isinstance(part, Event):
            full = part.describe()
            text = without_codes(full)
            lines.append(text)
            one = part.said() or Sentence("%(text)s", {"text": full})
            said.append(one)
            if text != full:
                details.append(full)  # the rule IDs and ids, on tap
                details_said.append(one)
            if i == 0:
                titles.append(text)
        else:
            got = part(groups[part])
            lines.extend(got.lines)
            details.extend(got.details)
            said.extend(got.said or [Sentence("%(text)s", {"text": t}) for t in got.lines])
            details_said.extend(
                got.details_said or [Sentence("%(text)s", {"text": t}) for t in got.details]
            )
            if got.title:
                titles.append(got.title)
    return Summary(
        lines=tuple(lines),
        details=tuple(details),
        title="; ".join(titles),
        said=tuple(said),
        details_said=tuple(details_said),
    )


def summed_up(event: Event) -> bool:
    """Whether a domain sums ``event`` up with others of its batch (:func:`connect_summarizers`)."""
    return type(event) in _SUMMARIZERS


def batch_title(events: Sequence[Event]) -> str:
    """What an Undo of a batch of ``events`` names (:attr:`Summary.title`); a lone event
    that no domain sums up is named by its ``describe()`` without its bracketed codes."""
    if len(events) == 1 and type(events[0]) not in _SUMMARIZERS:
        return without_codes(events[0].describe())
    return summarize(events).title or (events[0].describe() if events else "")


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
    elsewhere: Callable[[str, str], tuple[str, ...]] = field(default=lambda name, card: ())
    """``elsewhere(name, card)``: the events other than this one (``"name (id)"``) where a
    player with this name or member card still has a live stack. The service answers it
    from the other tournaments in its store for a :class:`LooksElsewhere` command (FOX-REG5);
    a client never sends the answer. The default knows no other event."""
    precomputed: Precomputed | None = None
    """The heavy part of a :class:`HeavyCommand` (ICM for a deal), computed by the service
    outside the tournament's lock, with the inputs it was computed from."""


@dataclass(frozen=True, slots=True)
class Precomputed:
    """A :class:`HeavyCommand`'s ``compute(inputs)`` result, handed in through the Context."""

    inputs: object
    """What ``prepare(state)`` returned; the decider uses ``result`` only when its own
    inputs, read under the lock, are equal (else the state changed meanwhile)."""
    result: object


class LooksElsewhere(Command):
    """A command whose decision may look at other tournaments (through ``ctx.elsewhere``).

    The service gathers those facts before it takes this tournament's lock (each other
    tournament read under its own lock, never two at once), and only when
    :meth:`looks_elsewhere` says the state needs them (e.g. the profile's FOX-REG5).
    """

    __slots__ = ()

    def looks_elsewhere(self, state: TournamentState) -> bool:
        """Whether deciding on ``state`` needs ``ctx.elsewhere`` (read under the lock)."""
        return True


class HeavyCommand(Command):
    """A command with a slow, pure part the service computes outside the tournament's lock.

    ``prepare(state)`` (cheap, under the lock) returns the inputs of the slow part, or
    ``None`` when this decision needs none (e.g. the deal is refused anyway, or needs no
    ICM); ``compute(inputs, rng, out_of_time)`` (outside the lock, bounded) returns the
    result, handed to the decider as ``ctx.precomputed``. The decider reads its inputs
    again under the lock and uses the result only when they are equal.
    """

    __slots__ = ()

    def prepare(self, state: TournamentState) -> object | None:
        """The inputs of the slow part for ``state``, or ``None`` (nothing slow to do)."""
        return None

    def compute(
        self, inputs: object, rng: random.Random, out_of_time: Callable[[], bool]
    ) -> object:
        """The slow part's result for ``inputs`` (pure but for ``rng``; stops early when
        ``out_of_time()`` says so, where the computation allows it)."""
        raise NotImplementedError


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


def registered_commands() -> list[type[Command]]:
    """Every command class that has a decider (the classes ``@decides`` was given)."""
    return list(_DECIDERS)


def decide(state: TournamentState, command: Command, ctx: Context) -> list[Event]:
    """The events ``command`` causes, or a ``RuleViolation``/``InvalidCommand``.

    Never mutates ``state``.
    """
    decider = _DECIDERS.get(type(command))
    if decider is None:
        # English on purpose: a programmer's error (a command class without its decider)
        raise InvalidCommand(f"unknown command {type(command).__name__}")
    check_limits(command)  # every face meets the same limits as the API
    for gate in _GATES:
        gate(state, command)
    # the refusals and texts the decision writes name this event's currency (docs/money.md)
    with money_scope(_CURRENCY_OF[0](state)):
        events = decider(state, command, ctx)
    if not events:
        raise InvalidCommand(
            template=N_("%(command)s changes nothing"), params={"command": type(command).__name__}
        )
    return events


Gate = Callable[[TournamentState, Command], None]
"""Asked before every decision: raises the refusal when no command may run now (a
cancelled event, issue 26) or returns."""
_GATES: list[Gate] = []


_CURRENCY_OF: list[Callable[[TournamentState], str]] = [lambda _state: DEFAULT_CURRENCY]


def connect_currency(currency_of: Callable[[TournamentState], str]) -> None:
    """Tell :func:`decide` where an event's currency is (the entries domain's ``Setup``,
    connected by ``pokertd.tournament``): amounts in refusals are written in it."""
    _CURRENCY_OF[0] = currency_of


def connect_gates(gates: Sequence[Gate]) -> None:
    """Put in force the gates :func:`decide` asks first (connected by ``pokertd.tournament``)."""
    _GATES[:] = gates


def apply(state: TournamentState, event: Event) -> None:
    """Fold one event into ``state`` (no validation; never fails on a decided event): its
    domain's applier, then the read model that follows it (:func:`connect_followers`)."""
    applier = _APPLIERS.get(type(event))
    if applier is not None:
        applier(state, event)
    follower = _FOLLOWERS.get(type(event))
    if follower is not None:
        follower(state, event)


Follower = Callable[[TournamentState, Any], None]
_FOLLOWERS: dict[type[Event], Follower] = {}


def connect_followers(table: Mapping[type[Event], Follower]) -> dict[type[Event], Follower]:
    """Put in force which read model follows events of other domains, and return the table
    it replaces.

    A follower folds an event *after* its own domain's applier, into a part of a higher
    domain (the player's slips follow a move, a table break, a penalty: issue 26), so that
    domain reads the log without a second write and without the lower domain knowing it.
    Built once, explicitly, in :mod:`pokertd.tournament` (its ``__init__``), like
    :func:`connect_summarizers`.
    """
    previous = dict(_FOLLOWERS)
    _FOLLOWERS.clear()
    _FOLLOWERS.update(table)
    return previous


# --------------------------------------------------------------------------------------
# Undo / redo


@event("command_undone")
class CommandUndone(Event):
    """The floor took back a command: the state is as if its batch never happened."""

    batch: int
    command: str

    def said(self) -> Sentence:
        return Sentence(N_("Undid: %(command)s"), {"command": self.command})


@event("command_redone")
class CommandRedone(Event):
    """The floor restored a command it had undone."""

    batch: int
    command: str

    def said(self) -> Sentence:
        return Sentence(N_("Redid: %(command)s"), {"command": self.command})


class StaleUndo(RuleViolation):
    """An undo or redo named a batch that is no longer the one it would act on.

    Two tablets pressing Undo together both name the same batch; the first one undoes it,
    the second is refused with this (nothing is written) instead of undoing one more.
    """

    kind = "stale"


@dataclass(frozen=True, slots=True)
class Undo(Command):
    """Take back the last command that is not undone.

    ``batch`` names it (the console shows "Undo: Busted Bob Baker" and sends that batch's
    id): when it is no longer the batch undo would take back, the undo is refused as stale.
    ``None`` means "whatever is last" (the CLI's default).
    """

    batch: Seq | None = None


@dataclass(frozen=True, slots=True)
class Redo(Command):
    """Restore the most recently undone command (only right after undos).

    ``batch`` names the batch to restore, as for :class:`Undo`.
    """

    batch: Seq | None = None


def undo_target(state: TournamentState) -> Batch | None:
    """The batch an undo would take back now: the last one that is not undone."""
    for batch in reversed(state.batches):
        if batch.undoable and not batch.undone:
            return batch
    return None


def redo_target(state: TournamentState) -> Batch | None:
    """The batch a redo would restore now (only right after undos), or ``None``."""
    by_id = {b.batch: b for b in state.batches}
    for batch in reversed(state.batches):
        if batch.undoable and not batch.undone:
            return None  # a live command after the undos: redo would rewrite history
        if batch.target is not None and not batch.undoable:
            target = by_id.get(batch.target)
            if target is not None and target.undone:
                return target
    return None


def acted_on(state: TournamentState, command: Undo | Redo) -> Batch | None:
    """The batch ``command`` would undo or redo (the one it names, when it names one)."""
    if command.batch is None:
        return undo_target(state) if isinstance(command, Undo) else redo_target(state)
    for batch in state.batches:
        if batch.batch == command.batch:
            return batch
    return None


def _stale(verb: str, named: int, state: TournamentState) -> StaleUndo:
    found = next((b for b in state.batches if b.batch == named), None)
    what = f"'{found.command}'" if found is not None else f"command {named}"
    done = "undone" if verb == "Undo" else "redone"
    return StaleUndo(
        f"{verb} of {what} is out of date: it was already {done} or something newer "
        "happened. Refresh and try again.",
        context={"batch": named},
    )


@decides(Undo)
def _decide_undo(state: TournamentState, command: Undo, ctx: Context) -> list[Event]:
    batch = undo_target(state)
    if command.batch is not None and (batch is None or batch.batch != command.batch):
        raise _stale("Undo", command.batch, state)
    if batch is None:
        raise RuleViolation(template=N_("There is nothing to undo."))
    if batch.refusal is not None:
        raise batch.refusal
    return [CommandUndone(batch=batch.batch, command=batch.command)]


@decides(Redo)
def _decide_redo(state: TournamentState, command: Redo, ctx: Context) -> list[Event]:
    target = redo_target(state)
    if command.batch is not None and (target is None or target.batch != command.batch):
        raise _stale("Redo", command.batch, state)
    if target is None:
        raise RuleViolation(
            template=N_("There is nothing to redo: redo works only right after an undo.")
        )
    return [CommandRedone(batch=target.batch, command=target.command)]


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
    in_batch: list[Event] = []  # the current batch's events, for the title Undo names
    for record in records:
        ev = record.event
        if record.batch != current:
            if in_batch:
                batches[-1].command = batch_title(in_batch)
            in_batch = []
            current = record.batch
            is_undo = isinstance(ev, UNDO_EVENTS)
            batches.append(
                Batch(
                    batch=record.batch,
                    command="",
                    actor=record.actor,
                    undoable=not is_undo,
                    undone=record.batch in undone,
                    target=ev.batch if isinstance(ev, UNDO_EVENTS) else None,
                    command_type=record.command,
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
        in_batch.append(ev)
        state.seq = record.seq
    if in_batch:
        batches[-1].command = batch_title(in_batch)


__all__ = [
    "Batch",
    "Command",
    "CommandRedone",
    "CommandUndone",
    "Context",
    "Event",
    "EventRecord",
    "Follower",
    "HeavyCommand",
    "LooksElsewhere",
    "Precomputed",
    "Redo",
    "StaleUndo",
    "Summarizer",
    "Summary",
    "TournamentState",
    "Undo",
    "acted_on",
    "append_records",
    "applies",
    "apply",
    "batch_title",
    "connect_followers",
    "connect_summarizers",
    "decide",
    "decides",
    "event",
    "event_from_json",
    "event_types",
    "fold",
    "needs_refold",
    "part_name",
    "redo_target",
    "registered_commands",
    "state_part",
    "state_parts",
    "summarize",
    "summed_up",
    "undo_target",
    "upcaster",
    "without_codes",
]
