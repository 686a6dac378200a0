"""One command schema (issue 24 point 2): built once, for every command the core registers,
never failing silently, validated once by the API and shared with the CLI.

Before issue 24 the web built a pydantic model per command when the routes were added and a
bare ``except Exception`` turned a model that could not be built into a route taking any
dict; the body was then validated a second time by a ``TypeAdapter`` of the command class.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from pokertd.app import commands
from pokertd.app.commands import SCHEMAS, SchemaError, build_schemas, schema, schema_of
from pokertd.errors import InvalidCommand, NotFound
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import Register
from pokertd.tournament.framework import Command
from pokertd.tournament.permissions import command_classes, required_role


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class _Unschemable(Command):
    """A command with a field pydantic can neither validate nor document."""

    callback: Callable[[int], int]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class _AlsoUnschemable(Command):
    """Another one: an arbitrary class as a field type."""

    thing: dataclasses.Field[int]


def test_every_command_the_core_registers_has_one_schema() -> None:
    # 66 commands with a role today: every one of them, by the same API names as the routes
    assert list(SCHEMAS) == list(command_classes())
    assert len(SCHEMAS) == len(command_classes()) >= 66
    for name, found in SCHEMAS.items():
        assert found.name == name
        assert found.role is required_role(found.cls)
        assert found.fields == [f.name for f in dataclasses.fields(found.cls)]  # type: ignore[arg-type]
        assert schema_of(found.cls) is found


def test_a_command_without_a_schema_is_an_error_at_start_naming_it() -> None:
    # main swallowed this (``except Exception``) and routed the command with a bare dict body
    with pytest.raises(SchemaError) as err:
        build_schemas([Register, _Unschemable, _AlsoUnschemable])
    message = str(err.value)
    assert "_Unschemable" in message
    assert "_AlsoUnschemable" in message  # every failure at once, not the first only
    assert "Register" not in message


def test_schemas_are_built_once_at_import() -> None:
    assert commands.SCHEMAS is SCHEMAS
    assert schema("bust") is SCHEMAS["bust"]
    assert schema("bust").model is SCHEMAS["bust"].model  # not rebuilt per call
    with pytest.raises(NotFound, match="There is no command 'bustt'"):
        schema("bustt")


def test_parse_refuses_unknown_fields_with_the_field_list() -> None:
    with pytest.raises(InvalidCommand) as err:
        schema("bust").parse({"players": ["Ann"], "elimnator": "Bob"})
    assert str(err.value) == (
        "Bust has no field elimnator; its fields: blue_chips, eliminator, hand, hand_ranks, "
        "players, start_stacks."
    )


def test_parse_gives_a_limit_its_own_sentence() -> None:
    with pytest.raises(InvalidCommand) as err:
        schema("register").parse({"name": "x" * 61})
    assert str(err.value) == "A player's name can have at most 60 characters."


def test_a_validated_body_becomes_the_command_without_validating_again() -> None:
    bust = schema("bust")
    body = bust.model.model_validate({"players": ["Ann", "Bob"], "eliminator": "Cy"})
    # the model's values are taken as validated: the command is built from them directly
    command = bust.command(body)
    assert command == Bust(players=("Ann", "Bob"), eliminator="Cy")
    assert type(command) is Bust
    # and a string field arriving as a form's text is coerced once, by the same model
    assert schema("register").parse({"name": "Ann", "stack": "15000"}) == Register(
        name="Ann", stack=15000
    )


def test_another_commands_body_is_refused() -> None:
    other = schema("register").model.model_validate({"name": "Ann"})
    with pytest.raises(InvalidCommand, match="Bust got another command's body"):
        schema("bust").command(other)
