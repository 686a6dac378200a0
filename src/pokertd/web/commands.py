"""The commands the API exposes, by name, and which role may run each.

Every :class:`~pokertd.tournament.framework.Command` subclass that the domain modules define
becomes ``POST /api/tournaments/{tid}/commands/{name}`` where ``name`` is the class name in
snake case (``BustPlayer`` -> ``bust_player``); the JSON body is the command's fields.

Roles (issue 7): director — everything; floor — entries, busts, moves, the clock, undo/redo;
dealer — their own table's button, hand-finished and bust reports; public — reading only.
The floor set is named by domain module; anything not listed needs the director.
"""

from __future__ import annotations

import dataclasses
import re
import sys
from typing import Any, cast

from pokertd.errors import InvalidCommand, NotFound, PermissionDenied
from pokertd.tournament.framework import Command
from pokertd.web.users import Role

FLOOR_MODULES = frozenset(
    {
        "entries",
        "eliminations",
        "seating",
        "seating_log",
        "balancing",
        "clock",
        "clock_log",
        "clock_ops",
        "tables",
        "framework",  # Undo / Redo
        "chips",
        "chip_race",
    }
)
"""Domain modules (last dotted part) whose commands the floor role may run."""

DIRECTOR_ONLY = frozenset(
    {"CreateTournament", "ApplyDeal", "ProposeDeal", "SetPayouts", "AssessPenalty",
     "CancelTournament", "FinishTournament", "LayTables", "SetAutoConfirm", "AddLevels",
     "EndByChipCount", "RemoveChips", "Redraw"}
)
"""Commands kept for the director even when they live in a floor module."""

NOT_ROUTED = frozenset({"CreateTournament"})
"""Commands with their own route (``POST /api/tournaments`` creates from a template)."""

DEALER_COMMANDS = frozenset({"PlaceButton", "Bust", "TableHandFinished"})
"""Commands a table's dealer may run (for their own table only)."""


def snake(name: str) -> str:
    """``BustPlayer`` -> ``bust_player``."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _all_subclasses(cls: type[Command]) -> list[type[Command]]:
    out: list[type[Command]] = []
    for sub in cls.__subclasses__():
        out.append(sub)
        out.extend(_all_subclasses(sub))
    return out


def command_classes() -> dict[str, type[Command]]:
    """Every concrete command by API name (imports the tournament package first)."""
    import pokertd.tournament  # noqa: F401  (domain modules register on import)

    found: dict[str, type[Command]] = {}
    for cls in _all_subclasses(Command):
        # ``@dataclass(slots=True)`` makes a new class; the pre-slots original lingers in
        # ``__subclasses__`` — keep only the class its module actually exports.
        module = sys.modules.get(cls.__module__)
        if not cls.__module__.startswith("pokertd.tournament."):
            continue  # only the tournament's own commands (never test-only ones)
        if getattr(module, cls.__qualname__, None) is not cls:
            continue
        name = cls.__name__
        if dataclasses.is_dataclass(cls) and not name.startswith("_"):
            found.setdefault(snake(name), cast(type[Command], cls))
    return dict(sorted(found.items()))


def required_role(cls: type[Command]) -> Role:
    """The least role that may run ``cls``."""
    if cls.__name__ in DIRECTOR_ONLY:
        return Role.DIRECTOR
    if cls.__name__ in DEALER_COMMANDS:
        return Role.DEALER
    module = cls.__module__.rsplit(".", 1)[-1]
    if module in FLOOR_MODULES:
        return Role.FLOOR
    return Role.DIRECTOR


def table_of(command: Command) -> int | None:
    """The table a command names (``table`` or ``table_no`` field), if any."""
    for name in ("table", "table_no", "table_number"):
        value = getattr(command, name, None)
        if isinstance(value, int):
            return value
        if isinstance(value, str) and value.strip().isdigit():
            return int(value)  # ``TableHandFinished(table="3")``
    return None


def check_dealer(command: Command, table: int | None, seated_table: int | None) -> None:
    """A dealer may act only at their own table (``seated_table``: the player's table)."""
    target = table_of(command)
    if target is None:
        target = seated_table
    if target is None or target != table:
        raise PermissionDenied(
            f"The dealer of table {table} may only report their own table."
        )


def parse(cls: type[Command], body: dict[str, Any] | None) -> Command:
    """The command from its JSON fields (refusing unknown or ill-typed fields)."""
    from pydantic import ValidationError

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
        parts = [
            f"{'.'.join(str(p) for p in e['loc']) or 'body'}: {e['msg']}" for e in exc.errors()[:5]
        ]
        raise InvalidCommand(f"{cls.__name__} is not valid: {'; '.join(parts)}.") from None
    except (TypeError, ValueError) as exc:
        raise InvalidCommand(f"{cls.__name__} is not valid: {exc}.") from None
    return value


_ADAPTERS: dict[type[Command], Any] = {}


def _adapter(cls: type[Command]) -> Any:
    from pydantic import TypeAdapter

    found = _ADAPTERS.get(cls)
    if found is None:
        found = _ADAPTERS[cls] = TypeAdapter(cls)
    return found


def lookup(name: str) -> type[Command]:
    """The command class of an API name."""
    cls = command_classes().get(name)
    if cls is None:
        raise NotFound(f"There is no command {name!r}.")
    return cls


__all__ = [
    "DEALER_COMMANDS",
    "DIRECTOR_ONLY",
    "FLOOR_MODULES",
    "NOT_ROUTED",
    "check_dealer",
    "command_classes",
    "lookup",
    "parse",
    "required_role",
    "snake",
    "table_of",
]
