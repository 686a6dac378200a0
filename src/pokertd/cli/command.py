"""CLI: ``pokertd command`` runs any command by its API name; ``pokertd commands`` lists them.

The terminal twin of ``POST /api/tournaments/{tid}/commands/{name}``: the same command
schema (:data:`pokertd.app.commands.SCHEMAS`) parses the fields, and ``--json`` prints the
same document the API answers (:func:`pokertd.app.documents.command_result`). Fields come as
``FIELD=TEXT`` (read as the HTML forms send them: ``table=3`` is the number 3),
``FIELD:=JSON`` for lists and objects (``counts:='[["Ann", 15000]]'``), or ``--body`` with the
whole JSON object.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from pokertd.cli._common import DbOption, JsonOption, console, emit, print_done, refusals
from pokertd.cli._common import actor as _actor
from pokertd.cli._common import service as _service
from pokertd.errors import InvalidCommand
from pokertd.i18n import N_
from pokertd.money import money_scope

FieldsArg = Annotated[
    list[str] | None,
    typer.Argument(help="FIELD=TEXT, or FIELD:=JSON for lists and objects.", show_default=False),
]
BodyOption = Annotated[
    str | None,
    typer.Option("--body", help="The command's fields as one JSON object.", show_default=False),
]


def _json(text: str, what: str) -> object:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidCommand(
            template=N_("%(what)s is not JSON: %(reason)s (at character %(position)s)."),
            params={"what": what, "reason": exc.msg, "position": exc.pos},
        ) from None


def command_fields(items: list[str], body: str | None) -> dict[str, object]:
    """The command's fields from ``--body`` and ``FIELD=TEXT`` / ``FIELD:=JSON`` items (an
    item wins over the same field in ``--body``)."""
    data: dict[str, object] = {}
    if body is not None:
        given = _json(body, "--body")
        if not isinstance(given, dict):
            raise InvalidCommand(
                template=N_('--body must be a JSON object: {"field": value, ...}.')
            )
        data.update({str(k): v for k, v in given.items()})
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise InvalidCommand(
                template=N_("%(item)s is not FIELD=TEXT or FIELD:=JSON."),
                params={"item": repr(item)},
            )
        if name.endswith(":"):
            data[name[:-1]] = _json(value, name[:-1])
        else:
            data[name] = value
    return data


def command(
    tid: Annotated[str, typer.Argument(help="Tournament id (see pokertd tournaments).")],
    name: Annotated[str, typer.Argument(help="The command's API name (see pokertd commands).")],
    fields: FieldsArg = None,
    body: BodyOption = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Run any command by its API name, with the fields the API takes."""
    from pokertd.app.commands import schema  # CLI start-up: loaded when the command runs
    from pokertd.app.documents import command_result

    with refusals(as_json):
        found = schema(name)
        if not found.routed:  # as the API: these go through their own command
            raise InvalidCommand(
                template=N_(
                    "%(name)s is not run on its own: the series or `pokertd new` sends it."
                ),
                params={"name": name},
            )
        parsed = found.parse(command_fields(fields or [], body))
        with _service(db) as service:
            records = service.run(tid, parsed, actor=_actor(), role="director")
            currency = service.currency(tid)
    with money_scope(currency):
        if as_json:
            emit(command_result(tid, records), True)
        else:
            print_done(records)


def commands(as_json: JsonOption = False) -> None:
    """Every command pokertd runs: API name, least role, fields."""
    from pokertd.app.commands import SCHEMAS  # CLI start-up: loaded when the command runs
    from pokertd.app.documents import command_info

    rows = [command_info(s) for s in SCHEMAS.values()]
    if as_json:
        emit(rows, True)
        return
    for row in rows:
        fields = ", ".join(row["fields"]) or "no fields"
        console.print(f"{row['name']:<22} {row['role']:<9} {fields}", soft_wrap=True, markup=False)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``pokertd`` app."""
    app.command("command")(command)
    app.command("commands")(commands)


__all__ = ["command", "command_fields", "commands", "register"]
