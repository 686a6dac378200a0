"""One schema per command, built once: the API, the CLI and the simulator read the same one.

Every command class the core registers (a :func:`~pokertd.tournament.framework.decides`
decider and a role in :mod:`pokertd.tournament.permissions`) gets one
:class:`CommandSchema` when this module is imported: its API name (``BustPlayer`` ->
``bust_player``), the least role that may run it, and one pydantic body model with the
command's own field types (so the limits they declare — ``maxLength``, ``minimum``,
``maxItems`` — are published in the OpenAPI schema and enforced) and ``extra="forbid"``
(a misspelt field is refused, never silently dropped).

A body is validated ONCE, by that model: the web hands the model to FastAPI (which
validates the request and documents it at ``/openapi.json``) and turns the validated model
into the command with :meth:`CommandSchema.command` (no second validation); the CLI's
``pokertd command`` and the HTML forms call :meth:`CommandSchema.parse` on a plain mapping.
A command whose schema cannot be built is an error when pokertd starts
(:class:`SchemaError`), never a route that quietly takes any dict.

Implements: issue 24 point 2 (one command schema serves the API, the CLI and the simulator,
validated once).
"""

from __future__ import annotations

import dataclasses
import inspect
import typing
from collections.abc import Iterable, Mapping
from types import MappingProxyType

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model
from pydantic.errors import PydanticUserError

from pokertd.errors import InvalidCommand, NotFound
from pokertd.i18n import N_
from pokertd.roles import Role
from pokertd.tournament.framework import Command
from pokertd.tournament.permissions import (
    DEALER_OWN_TABLE,
    ROLES,
    command_classes,
    required_role,
    snake,
    table_of,
)
from pokertd.tournament.permissions import NOT_ROUTED as _NOT_ROUTED

NOT_ROUTED: frozenset[str] = frozenset(cls.__name__ for cls in _NOT_ROUTED)
"""Names of the commands with their own route (``POST /api/tournaments`` creates; the
series service sends a satellite's and a Day 2's commands)."""


class SchemaError(TypeError):
    """A command class whose body schema cannot be built (a field type pydantic cannot
    describe): raised when the schemas are built, so pokertd does not start with it."""


ErrorDetail = Mapping[str, object]
"""One of pydantic's ``errors()`` (``type``, ``loc``, ``msg``...)."""


@dataclasses.dataclass(frozen=True, slots=True)
class CommandSchema:
    """One command: its API name, role, documentation and the one model its body meets."""

    name: str
    """The API name (``bust``, ``place_button``): the route's last part, ``pokertd command``'s
    argument."""
    cls: type[Command]
    """The command class the core's decider is registered for."""
    role: Role
    """The least role that may run it (:data:`pokertd.tournament.permissions.ROLES`)."""
    model: type[BaseModel]
    """The body: the command's fields with their own types and limits, nothing else."""
    required: bool
    """Whether the body must be sent (some field has no default)."""
    doc: str
    """The command's docstring (its first paragraph is the route's description)."""

    @property
    def fields(self) -> list[str]:
        """The command's field names, in their declared order."""
        return list(self.model.model_fields)

    @property
    def routed(self) -> bool:
        """Whether ``POST /api/tournaments/{tid}/commands/{name}`` runs it."""
        return self.cls.__name__ not in NOT_ROUTED

    def command(self, body: BaseModel | None) -> Command:
        """The command from a body this schema's model already validated (FastAPI did):
        built from the validated values, not validated again. ``None``: no body sent."""
        if body is None:
            return self.parse(None)
        if not isinstance(body, self.model):
            # English on purpose: FastAPI validated the body with this model; a programmer's error
            raise InvalidCommand(f"{self.cls.__name__} got another command's body.")
        return self._build({name: getattr(body, name) for name in self.model.model_fields})

    def parse(self, body: Mapping[str, object] | None) -> Command:
        """The command from its fields as plain data (JSON, a form, ``pokertd command``):
        unknown or ill-typed fields are refused with one sentence (``InvalidCommand``)."""
        data = {} if body is None else body
        if not isinstance(data, Mapping):
            raise InvalidCommand(template=N_("The command body must be a JSON object."))
        names = set(self.model.model_fields)
        extra = sorted(set(map(str, data)) - names)
        if extra:
            if not names:
                raise InvalidCommand(
                    template=N_("%(command)s has no field %(extra)s; its fields: none."),
                    params={"command": self.cls.__name__, "extra": ", ".join(extra)},
                )
            raise InvalidCommand(
                template=N_("%(command)s has no field %(extra)s; its fields: %(fields)s."),
                params={
                    "command": self.cls.__name__,
                    "extra": ", ".join(extra),
                    "fields": ", ".join(sorted(names)),
                },
            )
        try:
            valid = self.model.model_validate(dict(data))
        except ValidationError as exc:
            message = describe_errors(f"{self.cls.__name__} is not valid", exc.errors())
            # (pydantic's words; the pages and the CLI send valid bodies)
            # English on purpose: pydantic's words about an API client's body
            raise InvalidCommand(message) from None
        return self.command(valid)

    def json_schema(self) -> dict[str, object]:
        """The body's JSON schema (as ``/openapi.json`` publishes it)."""
        return self.model.model_json_schema()

    def _build(self, values: dict[str, object]) -> Command:
        try:
            return self.cls(**values)
        except (TypeError, ValueError) as exc:  # a command's own __post_init__ check
            raise InvalidCommand(
                template=N_("%(command)s is not valid: %(problem)s."),
                params={"command": self.cls.__name__, "problem": str(exc)},
            ) from None


def body_model(cls: type[Command]) -> type[BaseModel]:
    """The pydantic body model of command class ``cls`` (:class:`SchemaError` when pydantic
    cannot describe one of its fields)."""
    if not dataclasses.is_dataclass(cls):
        raise SchemaError(f"{cls.__name__} is not a dataclass: it has no fields to describe.")
    try:
        hints = typing.get_type_hints(cls, include_extras=True)
        spec: dict[str, typing.Any] = {}
        for f in dataclasses.fields(cls):
            if f.default is not dataclasses.MISSING:
                spec[f.name] = (hints[f.name], f.default)
            elif f.default_factory is not dataclasses.MISSING:
                spec[f.name] = (hints[f.name], Field(default_factory=f.default_factory))
            else:
                spec[f.name] = (hints[f.name], ...)
        model: type[BaseModel] = create_model(
            cls.__name__,
            __config__=ConfigDict(extra="forbid", title=cls.__name__),
            __doc__=inspect.getdoc(cls),
            **spec,
        )
        model.model_json_schema()  # a type pydantic validates but cannot document fails here
    except (NameError, TypeError, ValueError, PydanticUserError) as exc:
        raise SchemaError(
            f"The command {cls.__name__} has no body schema: {type(exc).__name__}: {exc}"
        ) from exc
    return model


def schema_for(cls: type[Command]) -> CommandSchema:
    """The :class:`CommandSchema` of one command class (built now; see :data:`SCHEMAS`)."""
    model = body_model(cls)
    required = any(f.is_required() for f in model.model_fields.values())
    return CommandSchema(
        name=snake(cls.__name__),
        cls=cls,
        role=required_role(cls),
        model=model,
        required=required,
        doc=inspect.getdoc(cls) or "",
    )


def build_schemas(classes: Iterable[type[Command]]) -> Mapping[str, CommandSchema]:
    """One schema per class, by API name: every failure at once in one :class:`SchemaError`."""
    made: dict[str, CommandSchema] = {}
    problems: list[str] = []
    for cls in classes:
        try:
            schema = schema_for(cls)
        except SchemaError as exc:
            problems.append(str(exc))
            continue
        made[schema.name] = schema
    if problems:
        raise SchemaError("; ".join(problems))
    return MappingProxyType(dict(sorted(made.items())))


SCHEMAS: Mapping[str, CommandSchema] = build_schemas(command_classes().values())
"""Every command with a role, by API name, sorted: built once when pokertd is imported
(a command without a schema stops the start with :class:`SchemaError`)."""

_BY_CLASS: Mapping[type[Command], CommandSchema] = MappingProxyType(
    {s.cls: s for s in SCHEMAS.values()}
)


def schema(name: str) -> CommandSchema:
    """The schema of an API name (``bust``), or :class:`NotFound`."""
    found = SCHEMAS.get(name)
    if found is None:
        raise NotFound(template=N_("There is no command %(name)s."), params={"name": repr(name)})
    return found


def schema_of(cls: type[Command]) -> CommandSchema:
    """The schema of a command class (the simulator and tests build commands by class)."""
    found = _BY_CLASS.get(cls)
    if found is None:
        raise NotFound(
            template=N_("There is no command %(name)s."), params={"name": repr(cls.__name__)}
        )
    return found


def lookup(name: str) -> type[Command]:
    """The command class of an API name, or :class:`NotFound`."""
    return schema(name).cls


def parse(cls: type[Command], body: Mapping[str, object] | None) -> Command:
    """The command of class ``cls`` from its JSON fields (refusing unknown or ill-typed
    fields): :meth:`CommandSchema.parse` of its schema."""
    return schema_of(cls).parse(body)


def describe_errors(lead: str, errors: Iterable[ErrorDetail]) -> str:
    """One sentence for pydantic's ``errors()``: a declared limit's own sentence when one
    was broken ("A player's name can have at most 60 characters."), else ``lead`` and the
    fields at fault (at most five)."""
    found = list(errors)
    own = [str(e.get("msg", "")) for e in found if e.get("type") == "limit"]
    if own:
        return own[0]
    parts = []
    for e in found[:5]:
        loc = e.get("loc", ())
        path = loc if isinstance(loc, (list, tuple)) else ()
        where = ".".join(str(p) for p in path if p != "body") or "body"
        if e.get("type") == "extra_forbidden":
            parts.append(f"{where}: there is no such field")
        else:
            parts.append(f"{where}: {e.get('msg', 'invalid')}")
    return f"{lead}: {'; '.join(parts)}."


__all__ = [
    "DEALER_OWN_TABLE",
    "NOT_ROUTED",
    "ROLES",
    "SCHEMAS",
    "CommandSchema",
    "SchemaError",
    "body_model",
    "build_schemas",
    "command_classes",
    "describe_errors",
    "lookup",
    "parse",
    "required_role",
    "schema",
    "schema_for",
    "schema_of",
    "snake",
    "table_of",
]
