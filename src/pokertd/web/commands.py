"""The commands the API exposes, by name; who may run each lives in ONE registry.

Every :class:`~pokertd.tournament.framework.Command` subclass that the domain modules define
becomes ``POST /api/tournaments/{tid}/commands/{name}`` where ``name`` is the class name in
snake case (``BustPlayer`` -> ``bust_player``); the JSON body is the command's fields.

The role each command needs and the dealer's own-table rule are in
:mod:`pokertd.tournament.permissions` and are enforced by the service for every face; the
names below are re-exported so the web's routes and docs read the same table.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from pydantic import TypeAdapter, ValidationError

from pokertd.errors import InvalidCommand
from pokertd.tournament.framework import Command
from pokertd.tournament.permissions import (
    DEALER_OWN_TABLE,
    ROLES,
    command_classes,
    lookup,
    required_role,
    snake,
    table_of,
)
from pokertd.tournament.permissions import NOT_ROUTED as _NOT_ROUTED

NOT_ROUTED: frozenset[str] = frozenset(cls.__name__ for cls in _NOT_ROUTED)
"""Names of the commands with their own route (``POST /api/tournaments`` creates)."""


def parse(cls: type[Command], body: dict[str, Any] | None) -> Command:
    """The command from its JSON fields (refusing unknown or ill-typed fields)."""
    body = body or {}
    if not isinstance(body, dict):
        raise InvalidCommand("The command body must be a JSON object.")
    names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    extra = sorted(set(body) - names)
    if extra:
        raise InvalidCommand(
            f"{cls.__name__} has no field {', '.join(extra)}; its fields: "
            f"{', '.join(sorted(names)) or 'none'}."
        )
    try:
        value: Command = _adapter(cls).validate_python(body)
    except ValidationError as exc:
        message = describe_errors(f"{cls.__name__} is not valid", exc.errors())
        raise InvalidCommand(message) from None
    except (TypeError, ValueError) as exc:
        raise InvalidCommand(f"{cls.__name__} is not valid: {exc}.") from None
    return value


def describe_errors(lead: str, errors: Any) -> str:
    """One sentence for pydantic's ``errors()``: a declared limit's own sentence when one
    was broken ("A player's name can have at most 60 characters."), else ``lead`` and the
    fields at fault (at most five)."""
    errors = list(errors)
    own = [str(e.get("msg", "")) for e in errors if e.get("type") == "limit"]
    if own:
        return own[0]
    parts = []
    for e in errors[:5]:
        where = ".".join(str(p) for p in e.get("loc", ()) if p != "body") or "body"
        if e.get("type") == "extra_forbidden":
            parts.append(f"{where}: there is no such field")
        else:
            parts.append(f"{where}: {e.get('msg', 'invalid')}")
    return f"{lead}: {'; '.join(parts)}."


_ADAPTERS: dict[type[Command], Any] = {}


def _adapter(cls: type[Command]) -> Any:
    found = _ADAPTERS.get(cls)
    if found is None:
        found = _ADAPTERS[cls] = TypeAdapter(cls)
    return found


__all__ = [
    "DEALER_OWN_TABLE",
    "NOT_ROUTED",
    "ROLES",
    "command_classes",
    "describe_errors",
    "lookup",
    "parse",
    "required_role",
    "snake",
    "table_of",
]
