"""The commands the API exposes, by name: the web's view of :mod:`pokertd.app.commands`.

Every command class the core registers becomes ``POST /api/tournaments/{tid}/commands/{name}``
where ``name`` is the class name in snake case (``BustPlayer`` -> ``bust_player``); the JSON
body is the command's fields, validated once by the command's one schema
(:data:`pokertd.app.commands.SCHEMAS`, shared with the CLI's ``pokertd command`` and the
simulator).

The role each command needs and the dealer's own-table rule are in
:mod:`pokertd.tournament.permissions` and are enforced by the service for every face; the
names below are re-exported so the web's routes and docs read the same table.
"""

from __future__ import annotations

from pokertd.app.commands import (
    DEALER_OWN_TABLE,
    NOT_ROUTED,
    ROLES,
    SCHEMAS,
    CommandSchema,
    command_classes,
    describe_errors,
    lookup,
    parse,
    required_role,
    schema,
    snake,
    table_of,
)

__all__ = [
    "DEALER_OWN_TABLE",
    "NOT_ROUTED",
    "ROLES",
    "SCHEMAS",
    "CommandSchema",
    "command_classes",
    "describe_errors",
    "lookup",
    "parse",
    "required_role",
    "schema",
    "snake",
    "table_of",
]
