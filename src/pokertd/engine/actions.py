"""What a player may do, and the record of what he did.

Actions are small frozen values, python-chess ``Move`` style. A bet or raise names the
total the player's bet comes **to** on this betting round (``Raise(to=2800)``), the way
FOX-46B and KPC-33 read "raise, eight thousand". ``seat`` is optional: when given, the
engine refuses the action unless that seat is the one to act (acting out of turn).

:class:`Legal` answers "what may the player to act do?" in one immutable value, so a user
interface or a bot can offer exactly the legal choices.

**Compiled build** (docs/compiled.md): this module is compiled by mypyc, so every class
here is a native class there. The actions write their fields in their own ``__init__``
(``object.__setattr__``, which mypyc turns into a plain store) instead of the one
``dataclass`` would generate, which stays interpreted Python: ``Raise(300)`` costs about
0.3 µs compiled instead of 1.4 µs. :class:`Legal` and :class:`ActionRecord` are
:class:`Record` classes rather than named tuples: built natively (0.08 µs against 0.23 µs
for a tuple) and read as struct fields by the compiled engine, they still compare, hash,
unpack and index like the named tuples they were.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar, Final, TypeAlias

from pokertd.types import Chips, Seat


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class Fold:
    """Give up the hand; chips already in the pot stay there."""

    seat: Seat | None = None

    def __init__(self, *, seat: Seat | None = None) -> None:
        object.__setattr__(self, "seat", seat)


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class Check:
    """Pass without betting; only when nothing is owed (NJ-Def7)."""

    seat: Seat | None = None

    def __init__(self, *, seat: Seat | None = None) -> None:
        object.__setattr__(self, "seat", seat)


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class Call:
    """Match the current bet, or put in the whole stack if it is smaller.

    With nothing to call it is a check (as PHH's ``cc``)."""

    seat: Seat | None = None

    def __init__(self, *, seat: Seat | None = None) -> None:
        object.__setattr__(self, "seat", seat)


@dataclass(frozen=True, slots=True, init=False)
class Bet:
    """Open the betting on this round: the player's bet comes to ``to``.

    Facing a bet it is read as a raise to ``to`` (a raise *is* a bet on top of a bet)."""

    to: Chips
    seat: Seat | None = None

    def __init__(self, to: Chips, seat: Seat | None = None) -> None:
        object.__setattr__(self, "to", to)
        object.__setattr__(self, "seat", seat)


@dataclass(frozen=True, slots=True, init=False)
class Raise:
    """Raise so that the player's bet on this round comes to ``to`` (FOX-46B)."""

    to: Chips
    seat: Seat | None = None

    def __init__(self, to: Chips, seat: Seat | None = None) -> None:
        object.__setattr__(self, "to", to)
        object.__setattr__(self, "seat", seat)


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class AllIn:
    """Put the whole stack in: a call, a bet or a raise, whichever the stack makes it."""

    seat: Seat | None = None

    def __init__(self, *, seat: Seat | None = None) -> None:
        object.__setattr__(self, "seat", seat)


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class Show:
    """Table the hole cards at showdown."""

    seat: Seat | None = None

    def __init__(self, *, seat: Seat | None = None) -> None:
        object.__setattr__(self, "seat", seat)


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class Muck:
    """Throw the hand away unshown at showdown (gives up any claim to the pot)."""

    seat: Seat | None = None

    def __init__(self, *, seat: Seat | None = None) -> None:
        object.__setattr__(self, "seat", seat)


Action: TypeAlias = Fold | Check | Call | Bet | Raise | AllIn | Show | Muck
"""Any action a player may take."""


@dataclass(frozen=True, slots=True, kw_only=True, init=False)
class BringIn:
    """Stud, third street: post the bring-in (the lowest card showing, or the highest in
    razz, must; all-in if short). Not part of :data:`Action`: only the stud engine
    (``pokertd.engine.stud``) takes it; completing instead is ``Bet(small_bet)``."""

    seat: Seat | None = None

    def __init__(self, *, seat: Seat | None = None) -> None:
        object.__setattr__(self, "seat", seat)


class Record:
    """An immutable record of named fields that reads like a named tuple.

    The base of :class:`ActionRecord`, :class:`Legal` and the hand's log entries
    (``pokertd.engine.hand.LogEntry``). They were named tuples; as classes they are native
    in the compiled build, where the engine builds one per decision or action: a native
    record costs about a third of a tuple and its fields are read without a lookup.

    What the named tuples offered stays: fields by name, immutable (each subclass declares
    its fields ``Final``: the compiled build refuses an assignment at run time, mypy
    everywhere), equal to a record of the same class or to a plain tuple with the same
    values and hashed like that tuple, unpacked, indexed and sliced, ``len``, ``repr`` as
    ``Name(field=value, ...)``, and ``_fields``, ``_asdict()`` and ``_replace()``. A record
    is not a ``tuple`` instance (``isinstance(r, tuple)`` is False).

    A subclass lists its fields in ``_fields`` and returns their values, in that order,
    from :meth:`_astuple`.
    """

    __slots__ = ()

    _fields: ClassVar[tuple[str, ...]] = ()
    """The field names, in order."""

    def _astuple(self) -> tuple[Any, ...]:
        """The field values in the order of ``_fields``."""
        return ()

    def _asdict(self) -> dict[str, Any]:
        """The fields as a new dict, name to value."""
        return dict(zip(self._fields, self._astuple(), strict=True))

    def _replace(self, **changes: Any) -> Any:
        """A new record of the same class with ``changes`` applied."""
        return type(self)(**(self._asdict() | changes))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Record):
            return type(other) is type(self) and self._astuple() == other._astuple()
        if isinstance(other, tuple):
            return self._astuple() == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._astuple())

    def __iter__(self) -> Iterator[Any]:
        return iter(self._astuple())

    def __len__(self) -> int:
        return len(self._fields)

    def __getitem__(self, index: Any) -> Any:
        return self._astuple()[index]

    def __repr__(self) -> str:
        fields = ", ".join(
            f"{name}={value!r}" for name, value in zip(self._fields, self._astuple(), strict=True)
        )
        return f"{type(self).__name__}({fields})"


class ActionRecord(Record):
    """One thing that happened in a hand, as stored and shown.

    ``kind`` is a floor word: ``"fold"``, ``"check"``, ``"call"``, ``"bet"``, ``"raise"``,
    ``"show"``, ``"muck"``, or ``"killed"`` (a dead hand of an absent player, K6).
    ``amount`` is what the seat put in with this action; ``to`` its total bet on the round
    afterwards.

    A :class:`Record` (immutable, compared field by field, equal to the tuple of its
    fields): :meth:`Hand.act <pokertd.engine.hand.Hand.act>` returns one for every action.
    """

    __slots__ = ("all_in", "amount", "kind", "seat", "street", "to")

    _fields: ClassVar[tuple[str, ...]] = ("seat", "kind", "amount", "to", "all_in", "street")

    def __init__(
        self,
        seat: Seat,
        kind: str,
        amount: Chips = 0,
        to: Chips = 0,
        all_in: bool = False,
        street: str = "preflop",
    ) -> None:
        self.seat: Final = seat
        self.kind: Final = kind
        self.amount: Final = amount
        self.to: Final = to
        self.all_in: Final = all_in
        self.street: Final = street

    def _astuple(self) -> tuple[Any, ...]:
        return (self.seat, self.kind, self.amount, self.to, self.all_in, self.street)

    def __str__(self) -> str:
        text = f"seat {self.seat + 1} {self.kind}"
        if self.kind in ("bet", "raise", "complete"):
            text += f" to {self.to:,}"
        elif self.kind in ("call", "bring-in"):
            text += f" {self.amount:,}"
        if self.all_in:
            text += " (all-in)"
        return text


class Legal(Record):
    """What the seat to act may do now (an immutable value).

    A :class:`Record`: bots ask for it before every action, and the compiled engine builds
    it natively and reads its fields directly. Amounts are chips.
    ``min_raise_to``/``max_raise_to`` bound the total a bet or raise may come to, already
    clipped to the player's stack: any ``to`` between them is legal (an all-in for less
    than a full raise is therefore within the range).
    ``full_raise_to`` is the rule's minimum before clipping, for display.
    """

    __slots__ = (
        "all_in_to",
        "bet",
        "call_amount",
        "can_check",
        "can_fold",
        "can_muck",
        "can_raise",
        "can_show",
        "current_bet",
        "full_raise_to",
        "is_bet",
        "max_raise_to",
        "min_raise_to",
        "seat",
        "stack",
    )

    _fields: ClassVar[tuple[str, ...]] = (
        "seat",
        "can_fold",
        "can_check",
        "call_amount",
        "can_raise",
        "is_bet",
        "min_raise_to",
        "max_raise_to",
        "full_raise_to",
        "all_in_to",
        "current_bet",
        "stack",
        "bet",
        "can_show",
        "can_muck",
    )

    def __init__(
        self,
        seat: Seat,
        can_fold: bool,
        can_check: bool,
        call_amount: Chips,
        can_raise: bool,
        is_bet: bool,
        min_raise_to: Chips,
        max_raise_to: Chips,
        full_raise_to: Chips,
        all_in_to: Chips,
        current_bet: Chips,
        stack: Chips,
        bet: Chips,
        can_show: bool = False,
        can_muck: bool = False,
    ) -> None:
        self.seat: Final = seat
        self.can_fold: Final = can_fold
        self.can_check: Final = can_check
        self.call_amount: Final = call_amount
        self.can_raise: Final = can_raise
        self.is_bet: Final = is_bet
        self.min_raise_to: Final = min_raise_to
        self.max_raise_to: Final = max_raise_to
        self.full_raise_to: Final = full_raise_to
        self.all_in_to: Final = all_in_to
        self.current_bet: Final = current_bet
        self.stack: Final = stack
        self.bet: Final = bet
        self.can_show: Final = can_show
        self.can_muck: Final = can_muck

    def _astuple(self) -> tuple[Any, ...]:
        return (
            self.seat,
            self.can_fold,
            self.can_check,
            self.call_amount,
            self.can_raise,
            self.is_bet,
            self.min_raise_to,
            self.max_raise_to,
            self.full_raise_to,
            self.all_in_to,
            self.current_bet,
            self.stack,
            self.bet,
            self.can_show,
            self.can_muck,
        )


__all__ = [
    "Action",
    "ActionRecord",
    "AllIn",
    "Bet",
    "BringIn",
    "Call",
    "Check",
    "Fold",
    "Legal",
    "Muck",
    "Raise",
    "Record",
    "Show",
]
