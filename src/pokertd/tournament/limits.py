"""Limits on what a command may carry: every text a length, every number a range.

A command field is declared with one of the ``Annotated`` types below (``PlayerName``,
``Seconds``, ``TableNo``...). Each carries ``annotated_types`` constraints (``MaxLen``,
``Ge``, ``Le``), so pydantic publishes them in the OpenAPI schema (``maxLength``,
``minimum``, ``maximum``, ``maxItems``) and refuses bodies that break them, and a
:class:`Limit` saying what the value is, so that :func:`check_limits` (run by
``framework.decide`` for every command, whichever face built it) refuses the same values
with a sentence a floorperson understands: "A player's name can have at most 60
characters."

Text is measured after trimming and Unicode NFC normalisation (what is stored); lone
surrogates, control characters and bidirectional overrides are refused everywhere (they
cannot be stored in PostgreSQL, break JSON encoders, or disguise a name on a TV).

Pure: no I/O; the pydantic schema hook uses ``pydantic_core`` (already in the stack).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields, is_dataclass
from enum import Enum
from types import NoneType, UnionType
from typing import Annotated, Any, TypeAlias, Union, get_args, get_origin, get_type_hints

from annotated_types import Ge, GroupedMetadata, Le, MaxLen, MinLen
from pydantic_core import PydanticCustomError, core_schema

from pokertd.errors import InvalidCommand
from pokertd.i18n import N_, Clause, Phrase
from pokertd.i18n import Chips as Number  # a bound, written the reader's way (1,000 / 1.000)

# --------------------------------------------------------------------------------------
# The numbers (docs/web.md "Input limits" lists them)

NAME_MAX = 60
"""A player's (or supervisor's) name, after trimming, in NFC."""
CARD_MAX = 32
"""A member or rewards-card number."""
REASON_MAX = 500
"""A reason or note."""
ANNOUNCEMENT_MAX = 200
"""Text shown to the whole room (a pause reason is read out and shown on the TVs)."""
SHORT_MAX = 40
"""Short words: a rule id, a chip colour, a colour-up method, a payout table's name."""
CHIPS_MAX = 10**12
"""Chips in one stack or count (a trillion: more than any real event's total)."""
CENTS_MAX = 10**12
"""Money in cents (ten billion in whole units)."""
SECONDS_MAX = 24 * 3600
"""A clock adjustment: at most a day either way."""
TABLE_MAX = 9999
"""Tables in a room (and the highest table number): a 10,000-entry festival at ten-seat
tables needs 1,000 and more (issue 15; it was 999)."""
SEAT_MAX = 20
LEVEL_MAX = 1000
COUNT_MAX = 10_000
"""Hands, rounds, levels to add, chips of a new colour..."""
PLAYERS_MAX = 10_000
"""Players named in one command (chip counts of a whole field)."""
SEQ_MAX = 2**53
"""A log sequence number (a batch id): the largest integer JSON carries exactly."""
DENOMINATION_MAX = 10**9

_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def normalize_text(value: str) -> str:
    """``value`` as stored: trimmed and NFC-normalised (lone surrogates left for the check)."""
    value = value.strip()
    try:
        return unicodedata.normalize("NFC", value)
    except UnicodeError:  # pragma: no cover - normalize accepts surrogates in CPython
        return value


def bad_character(value: str, multiline: bool = False) -> str | None:
    """A description of the first character ``value`` may not hold, or ``None``."""
    for ch in value:
        if multiline and ch in "\n\t":
            continue
        cat = unicodedata.category(ch)
        if cat == "Cs":
            return "broken Unicode (a lone surrogate)"
        if cat == "Cc" or ch in "\u2028\u2029":
            return f"a control character (U+{ord(ch):04X})"
        if ch in _BIDI:
            return f"a text-direction override (U+{ord(ch):04X})"
    return None


# --------------------------------------------------------------------------------------
# The metadata


@dataclass(frozen=True, slots=True)
class Limit:
    """What a value is (for messages) and the bounds it must keep.

    For text ``high`` is the longest length (``low`` the shortest); for whole numbers the
    inclusive range; for lists ``high`` is the most items.
    """

    what: str
    """The value in words, capitalised: "A player's name"."""
    kind: str
    """``"text"``, ``"int"`` or ``"items"``."""
    low: int
    high: int
    multiline: bool = False
    """Text that may hold line breaks and tabs (notes)."""

    def problem(self, value: object) -> Clause | None:
        """Why ``value`` breaks this limit, in a sentence (a :class:`~pokertd.i18n.Clause`:
        ``str`` is the English, a face says it in the reader's language), or ``None``."""
        what = Phrase(self.what)
        if self.kind == "text":
            if not isinstance(value, str):
                return Clause(N_("%(what)s must be text."), {"what": what})
            bad = bad_character(value, self.multiline)
            if bad is not None:
                return Clause(N_("%(what)s may not contain %(bad)s."), {"what": what, "bad": bad})
            n = len(normalize_text(value))
            if n > self.high:
                return Clause(
                    N_("%(what)s can have at most %(high)s characters."),
                    {"what": what, "high": Number(self.high)},
                )
            if n < self.low:
                return Clause(N_("%(what)s cannot be empty."), {"what": what})
            return None
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                return Clause(N_("%(what)s must be a whole number."), {"what": what})
            if self.low <= value <= self.high:
                return None
            if self.low < 0:
                return Clause(
                    N_("%(what)s must be between %(low)s and %(high)s."),
                    {"what": what, "low": Number(self.low), "high": Number(self.high)},
                )
            if value < 0:
                return Clause(N_("%(what)s cannot be negative."), {"what": what})
            if value < self.low:
                return Clause(
                    N_("%(what)s must be at least %(low)s."),
                    {"what": what, "low": Number(self.low)},
                )
            return Clause(
                N_("%(what)s can be at most %(high)s."), {"what": what, "high": Number(self.high)}
            )
        if not isinstance(value, tuple | list):
            return Clause(N_("%(what)s must be a list."), {"what": what})
        if len(value) > self.high:
            return Clause(
                N_("%(what)s can list at most %(high)s items."),
                {"what": what, "high": Number(self.high)},
            )
        return None

    def _applies_to(self, value: object) -> bool:
        if self.kind == "text":
            return isinstance(value, str)
        if self.kind == "int":
            return isinstance(value, int) and not isinstance(value, bool)
        return isinstance(value, tuple | list)

    def __get_pydantic_core_schema__(self, source: Any, handler: Callable[[Any], Any]) -> Any:
        """Check with this limit's sentence before pydantic's own constraints (API)."""

        def wrap(value: Any, inner: Callable[[Any], Any]) -> Any:
            # Only values of the right JSON type get this sentence; the rest (a form's "3"
            # for a number) go to pydantic, which converts them and applies the same bounds.
            if self._applies_to(value):
                bad = self.problem(value)
                if bad is not None:
                    raise PydanticCustomError("limit", str(bad))
                if isinstance(value, str):
                    value = normalize_text(value)
            return inner(value)

        return core_schema.no_info_wrap_validator_function(wrap, handler(source))


@dataclass(frozen=True, slots=True)
class Text(GroupedMetadata):
    """A text field: at most ``max_len`` characters (after trimming, NFC)."""

    what: str
    max_len: int
    min_len: int = 0
    multiline: bool = False

    def __iter__(self) -> Iterator[object]:
        if self.min_len:
            yield MinLen(self.min_len)
        yield MaxLen(self.max_len)
        yield Limit(self.what, "text", self.min_len, self.max_len, self.multiline)


@dataclass(frozen=True, slots=True)
class Whole(GroupedMetadata):
    """A whole number in ``low..high`` (inclusive)."""

    what: str
    low: int
    high: int

    def __iter__(self) -> Iterator[object]:
        yield Ge(self.low)
        yield Le(self.high)
        yield Limit(self.what, "int", self.low, self.high)


@dataclass(frozen=True, slots=True)
class Items(GroupedMetadata):
    """A list of at most ``max_items`` values."""

    what: str
    max_items: int

    def __iter__(self) -> Iterator[object]:
        yield MaxLen(self.max_items)
        yield Limit(self.what, "items", 0, self.max_items)


# --------------------------------------------------------------------------------------
# The field types commands use

PlayerName: TypeAlias = Annotated[str, Text(N_("A player's name"), NAME_MAX)]
"""A name as registered: at most 60 characters after trimming (NFC)."""
PlayerRef: TypeAlias = Annotated[str, Text(N_("A player's name or id"), NAME_MAX)]
"""A player named by name (or a unique beginning), player id ``P3`` or entry id ``E7``."""
EventName: TypeAlias = Annotated[str, Text(N_("A tournament's name"), 120)]
PersonName: TypeAlias = Annotated[str, Text(N_("A supervisor's name"), NAME_MAX)]
CardNumber: TypeAlias = Annotated[str, Text(N_("A card or member number"), CARD_MAX)]
PlayerDbId: TypeAlias = Annotated[str, Text(N_("A player's id in the player database"), SHORT_MAX)]
"""A player of the store's player database (``pl7hx2k9qa``; issue 14)."""
Reason: TypeAlias = Annotated[str, Text(N_("A reason"), REASON_MAX, multiline=True)]
Note: TypeAlias = Annotated[str, Text(N_("A note"), REASON_MAX, multiline=True)]
Announcement: TypeAlias = Annotated[str, Text(N_("A pause reason"), ANNOUNCEMENT_MAX)]
Notice: TypeAlias = Annotated[str, Text(N_("An announcement"), ANNOUNCEMENT_MAX)]
"""What the floor puts on every screen (issue 12): one line, at most 200 characters."""
Word: TypeAlias = Annotated[str, Text(N_("A short word (rule, colour, method)"), SHORT_MAX)]
HandName: TypeAlias = Annotated[str, Text(N_("A hand's name"), NAME_MAX)]
TableText: TypeAlias = Annotated[str, Text(N_("A table number"), 3 + 7)]
"""A table number given as text (``"3"``; dealers' reports)."""
CardText: TypeAlias = Annotated[str, Text(N_("A card"), 3)]
"""A playing card as two or three letters (``"As"``, ``"10h"``)."""
HandCards: TypeAlias = Annotated[str, Text(N_("A hand's cards"), 40)]
"""Five to seven cards as text (``"As Ad Ac Kd 2h"``): a hand shown to the floor."""

Chips: TypeAlias = Annotated[int, Whole(N_("A chip count"), 0, CHIPS_MAX)]
Cents: TypeAlias = Annotated[int, Whole(N_("An amount of money (in cents)"), 0, CENTS_MAX)]
Seconds: TypeAlias = Annotated[
    int, Whole(N_("A clock adjustment in seconds"), -SECONDS_MAX, SECONDS_MAX)
]
TableNo: TypeAlias = Annotated[int, Whole(N_("A table number"), 1, TABLE_MAX)]
SeatNo: TypeAlias = Annotated[int, Whole(N_("A seat number"), 1, SEAT_MAX)]
SeatCount: TypeAlias = Annotated[
    int, Whole(N_("A number of seats or players at a table"), 1, SEAT_MAX)
]
LevelNo: TypeAlias = Annotated[int, Whole(N_("A level number"), 0, LEVEL_MAX)]
Count: TypeAlias = Annotated[int, Whole(N_("A count"), 0, COUNT_MAX)]
Places: TypeAlias = Annotated[int, Whole(N_("A number of places"), 0, PLAYERS_MAX)]
Rank: TypeAlias = Annotated[int, Whole(N_("A hand's rank"), 0, PLAYERS_MAX)]
Denomination: TypeAlias = Annotated[int, Whole(N_("A chip value"), 0, DENOMINATION_MAX)]
Seq: TypeAlias = Annotated[int, Whole(N_("A log number"), 0, SEQ_MAX)]
PlanToken: TypeAlias = Annotated[str, Text(N_("A plan's token"), SHORT_MAX)]
"""The token of a plan the floor was shown (``3fa2c19b04d7``): its confirm applies that plan
or is refused as stale (issue 22)."""


# --------------------------------------------------------------------------------------
# The check every command goes through

_Check = Callable[[object], Clause | None]
_CHECKS: dict[type, tuple[tuple[str, _Check], ...]] = {}


def _limits_of(meta: tuple[object, ...]) -> list[Limit]:
    found: list[Limit] = []
    for m in meta:
        if isinstance(m, Limit):
            found.append(m)
        elif isinstance(m, GroupedMetadata):
            found.extend(x for x in m if isinstance(x, Limit))
    return found


def _checker(hint: Any) -> _Check | None:
    """A function giving the first broken limit of a value of type ``hint`` (``None`` when
    the type holds nothing limited)."""
    origin = get_origin(hint)
    if origin is Annotated:
        inner = _checker(hint.__origin__)
        limits = _limits_of(hint.__metadata__)

        def annotated(value: object) -> Clause | None:
            for limit in limits:
                bad = limit.problem(value)
                if bad is not None:
                    return bad
            return inner(value) if inner is not None else None

        return annotated
    if origin in (Union, UnionType):
        parts = [_checker(a) for a in get_args(hint) if a is not NoneType]
        live = [p for p in parts if p is not None]
        if len(parts) != 1 or not live:
            return None
        one = live[0]
        return lambda value: None if value is None else one(value)
    if origin is tuple:
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _checker(args[0])
            if item is None:
                return None
            each = item

            def many(value: object) -> Clause | None:
                if not isinstance(value, tuple | list):
                    return Clause(N_("A list was expected."))
                for v in value:
                    bad = each(v)
                    if bad is not None:
                        return bad
                return None

            return many
        checks = [_checker(a) for a in args]

        def fixed(value: object) -> Clause | None:
            if not isinstance(value, tuple | list) or len(value) != len(checks):
                return Clause(N_("A group of %(n)s values was expected."), {"n": len(checks)})
            for check, v in zip(checks, value, strict=True):
                bad = check(v) if check is not None else None
                if bad is not None:
                    return bad
            return None

        return fixed
    if hint is str:
        return _plain_text
    return None


def _plain_text(value: object) -> Clause | None:
    """Any text without a declared limit still may not hold broken Unicode."""
    if isinstance(value, str):
        bad = bad_character(value, multiline=True)
        if bad is not None:
            return Clause(N_("The text may not contain %(bad)s."), {"bad": bad})
    return None


def _checks_of(cls: type) -> tuple[tuple[str, _Check], ...]:
    found = _CHECKS.get(cls)
    if found is None:
        hints = get_type_hints(cls, include_extras=True)
        pairs = []
        for f in fields(cls):
            check = _checker(hints[f.name])
            if check is not None:
                pairs.append((f.name, check))
        found = _CHECKS[cls] = tuple(pairs)
    return found


def check_limits(command: object) -> None:
    """Refuse ``command`` (``InvalidCommand``) when a field breaks its declared limit.

    Run by ``framework.decide`` before the decider, so the CLI, the simulator, the web and
    the tests all meet the same limits the OpenAPI schema publishes.
    """
    cls = type(command)
    if not is_dataclass(cls):
        return
    for name, check in _checks_of(cls):
        bad = check(getattr(command, name))
        if bad is not None:
            raise InvalidCommand(
                str(bad), template=bad.template, params=bad.params, context={"field": name}
            )


def field_limits(cls: type) -> dict[str, list[Limit]]:
    """Every field of dataclass ``cls`` with the limits declared on it (at any depth):
    what the tests use to prove no command field is unbounded."""
    hints = get_type_hints(cls, include_extras=True)
    out: dict[str, list[Limit]] = {}
    for f in fields(cls):
        out[f.name] = _all_limits(hints[f.name])
    return out


def _all_limits(hint: Any) -> list[Limit]:
    if get_origin(hint) is Annotated:
        return _limits_of(hint.__metadata__) + _all_limits(hint.__origin__)
    found: list[Limit] = []
    for arg in get_args(hint):
        if arg is not Ellipsis and arg is not NoneType:
            found.extend(_all_limits(arg))
    return found


def unbounded_leaves(hint: Any) -> list[str]:
    """The ``str``/``int`` leaves of ``hint`` without a :class:`Limit` (names of types)."""
    if get_origin(hint) is Annotated:
        base = hint.__origin__
        if base in (str, int) and _limits_of(hint.__metadata__):
            return []
        return unbounded_leaves(base)
    if hint in (str, int):
        return [hint.__name__]
    if isinstance(hint, type) and (issubclass(hint, Enum) or hint is bool):
        return []
    out: list[str] = []
    for arg in get_args(hint):
        if arg is not Ellipsis and arg is not NoneType:
            out.extend(unbounded_leaves(arg))
    return out


__all__ = [
    "ANNOUNCEMENT_MAX",
    "CARD_MAX",
    "CHIPS_MAX",
    "NAME_MAX",
    "REASON_MAX",
    "SECONDS_MAX",
    "Announcement",
    "CardNumber",
    "CardText",
    "Cents",
    "Chips",
    "Count",
    "Denomination",
    "EventName",
    "HandCards",
    "HandName",
    "Items",
    "LevelNo",
    "Limit",
    "Note",
    "Notice",
    "PersonName",
    "Places",
    "PlanToken",
    "PlayerDbId",
    "PlayerName",
    "PlayerRef",
    "Rank",
    "Reason",
    "SeatCount",
    "SeatNo",
    "Seconds",
    "Seq",
    "TableNo",
    "TableText",
    "Text",
    "Whole",
    "Word",
    "bad_character",
    "check_limits",
    "field_limits",
    "normalize_text",
    "unbounded_leaves",
]
