"""The one JSON codec: events, snapshots, the API's responses and the CLI's ``--json``.

A base module (it imports nothing from pokertd), so every layer uses the same rules:

* :func:`to_json` turns a value into JSON data: ``None``/bool/int/str/float as they are,
  enums by value, ``Fraction`` as ``"n/d"``, tuples and lists as arrays, dicts with str
  (int, enum) keys, sets as sorted arrays, ``datetime`` in ISO form, dataclasses as objects
  of their *stored* fields, classes registered with :func:`data_codec` through their data,
  and any other object with an ``as_json()`` method (the engine's ``Hand``, an error) through
  it. Anything else is refused with ``TypeError``: nothing is silently written as ``repr``.
* :func:`from_json` rebuilds a dataclass from that data, driven only by the *type hints* of
  the class: the data never names a class, nothing is imported or evaluated because of it,
  and a key the class does not have is refused (:class:`UnknownField`; an event whose
  fields changed is read through an upcaster, see ``tournament.framework.event_from_json``).

Dataclass fields whose name starts with ``_`` (and ``init=False`` fields) are caches: never
written, rebuilt by the class when needed.

Why hand-written rather than pydantic's ``TypeAdapter`` or msgspec: ``bench/codec.py``
measured it fastest on a 100,000-event log among the strict choices (docs/architecture.md,
"Codec"). Speed comes from building one decoder per class once and skipping the fields
that need no conversion.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, is_dataclass
from datetime import datetime
from enum import Enum
from fractions import Fraction
from types import NoneType, UnionType
from typing import Any, Literal, TypeVar, Union, cast, get_args, get_origin, get_type_hints

Decoder = Callable[[Any], Any]
"""A function turning JSON data into a value of one type."""

_DECODERS: dict[type, Callable[[dict[str, Any]], Any]] = {}
_FIELDS: dict[type, tuple[str, ...]] = {}
_PLAIN = (int, str, bool, float, NoneType, Any)

T = TypeVar("T")
D = TypeVar("D")


class UnknownField(ValueError):
    """Stored data names a field its class does not have (refused, never dropped)."""

    def __init__(self, owner: type, names: Sequence[str]) -> None:
        self.owner = owner
        """The dataclass the data was decoded as."""
        self.names = tuple(names)
        """The unknown keys, sorted."""
        super().__init__(f"{owner.__name__} has no field {', '.join(map(repr, self.names))}")


@dataclass(frozen=True, slots=True)
class _Codec:
    to_data: Callable[[Any], Any]
    from_data: Callable[[Any], Any]
    data_type: type


_CODECS: dict[type, _Codec] = {}


def data_codec(
    cls: type[T], data_type: type[D], to_data: Callable[[T], D], from_data: Callable[[D], T]
) -> None:
    """Store instances of a class that is not a dataclass (``Seating``, a refusal) as data.

    ``to_data`` gives a dataclass of ``data_type`` (encoded like any other);
    ``from_data`` rebuilds the object from it. Only exactly ``cls`` is encoded this way.
    """
    if not is_dataclass(data_type):
        raise TypeError(f"{data_type.__name__} must be a dataclass")
    _CODECS[cls] = _Codec(to_data, from_data, data_type)
    _DECODERS.pop(cls, None)


def stored_fields(cls: type) -> tuple[str, ...]:
    """The fields of a dataclass the codec writes and reads (no caches)."""
    found = _FIELDS.get(cls)
    if found is None:
        found = tuple(f.name for f in fields(cls) if f.init and not f.name.startswith("_"))
        _FIELDS[cls] = found
    return found


def _json_key(key: Any) -> str:
    if isinstance(key, Enum):
        key = key.value
    if isinstance(key, str):
        return key
    if isinstance(key, int) and not isinstance(key, bool):
        return str(key)
    raise TypeError(f"a {type(key).__name__} dictionary key cannot be stored as JSON")


_AS_IS = frozenset({str, int, bool, float, NoneType})
"""Types written as they are (exact types: a str or int enum member is not one of them)."""


def to_json(value: Any) -> Any:
    """JSON data of an event, a state part, a read model or any value they may hold."""
    if type(value) in _AS_IS:
        return value
    if is_dataclass(value) and not isinstance(value, type):
        return {
            name: v if type(v) in _AS_IS else to_json(v)
            for name in stored_fields(type(value))
            for v in (getattr(value, name),)
        }
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, bool | int | str | float):  # subclasses of the plain types
        return value
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, tuple | list):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {k if type(k) is str else _json_key(k): to_json(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        items = [to_json(v) for v in value]
        with contextlib.suppress(TypeError):
            items.sort()
        return items
    if isinstance(value, datetime):
        return value.isoformat()
    codec = _CODECS.get(type(value))
    if codec is not None:
        return to_json(codec.to_data(value))
    as_json = getattr(value, "as_json", None)
    if callable(as_json):
        return to_json(as_json())
    raise TypeError(f"{type(value).__name__} is not JSON-safe data")


def _identity(value: Any) -> Any:
    return value


def decoder_for(hint: Any) -> Decoder:
    """The function that turns JSON data back into a value of type ``hint``."""
    origin = get_origin(hint)
    args = get_args(hint)
    if hint in _PLAIN:
        return _identity
    if origin in (Union, UnionType):
        inner = [a for a in args if a is not NoneType]
        if len(inner) == 1:
            dec = decoder_for(inner[0])
            if dec is _identity:
                return _identity
            return lambda v: None if v is None else dec(v)
        if all(a in _PLAIN for a in inner):
            return _identity
        raise TypeError(f"unsupported union field type {hint!r}")
    if origin is Literal:
        return _identity
    if hint is Fraction:
        return lambda v: Fraction(v)
    if hint is datetime:
        return datetime.fromisoformat
    if isinstance(hint, type) and issubclass(hint, Enum):
        members = {m.value: m for m in hint}
        enum_cls = hint

        def member(v: Any) -> Any:
            found = members.get(v) if isinstance(v, str | int) else None
            return enum_cls(v) if found is None else found  # the call raises on a bad value

        return member
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = decoder_for(args[0])
            if item is _identity:
                return tuple
            return lambda v: tuple(item(x) for x in v)
        decs = [decoder_for(a) for a in args]
        return lambda v: tuple(d(x) for d, x in zip(decs, v, strict=True))
    if origin in (list, set, frozenset):
        item = decoder_for(args[0])
        make = cast(Callable[[Any], Any], origin)
        if item is _identity:
            return make
        return lambda v: make(item(x) for x in v)
    if origin is dict:
        key_dec = decoder_for(args[0])
        val_dec = decoder_for(args[1])
        if args[0] is int:
            return lambda v: {int(k): val_dec(x) for k, x in v.items()}
        if key_dec is _identity and val_dec is _identity:
            return dict
        return lambda v: {key_dec(k): val_dec(x) for k, x in v.items()}
    if hint in _CODECS:
        codec = _CODECS[hint]
        data_dec = class_decoder(codec.data_type)
        return lambda v: codec.from_data(data_dec(v))
    if isinstance(hint, type) and is_dataclass(hint):
        return class_decoder(hint)
    raise TypeError(f"unsupported field type {hint!r}")


def class_decoder(cls: type) -> Callable[[dict[str, Any]], Any]:
    """The decoder of dataclass ``cls`` (built once): strict, a key ``cls`` lacks raises
    :class:`UnknownField`."""
    cached = _DECODERS.get(cls)
    if cached is not None:
        return cached
    hints = get_type_hints(cls)
    names = stored_fields(cls)
    converters: list[tuple[str, Decoder]] = []
    for name in names:
        dec = decoder_for(hints[name])
        if dec is not _identity:
            converters.append((name, dec))
    known = frozenset(names)

    def decode(data: dict[str, Any]) -> Any:
        if not known.issuperset(data):
            raise UnknownField(cls, sorted(k for k in data if k not in known))
        if converters:
            data = dict(data)
            for name, dec in converters:
                if name in data:
                    data[name] = dec(data[name])
        return cls(**data)

    _DECODERS[cls] = decode
    return decode


def from_json(cls: type[T], data: Any) -> T:
    """Rebuild a dataclass of type ``cls`` from :func:`to_json` data (strict: see above)."""
    return cast(T, class_decoder(cls)(data))


__all__ = [
    "Decoder",
    "UnknownField",
    "class_decoder",
    "data_codec",
    "decoder_for",
    "from_json",
    "stored_fields",
    "to_json",
]
