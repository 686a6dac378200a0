"""Errors a floorperson can read aloud.

Every refusal in pokertd is one of these. ``str(exc)`` is a sentence with the numbers and,
where a rule stands behind it, the rule IDs of ``../shared/rules-catalog.md`` in brackets:
``"Seat 4 must raise to at least 2,800: the last full raise was 1,200. (FOX-46A)"``.
A rejected command changes no state; the CLI prints the sentence and exits 2, the web API
answers ``{"error", "message", "rule"}`` with a 4xx status.

Languages (issue 27, docs/languages.md): a refusal may carry its sentence as a catalogue
template and parameters, ``InvalidCommand(template=N_("Table %(table)s is full."),
params={"table": 4}, rule_ids=...)``; ``message`` is then the English sentence, and a face
translates ``template`` in its reader's language (``pokertd.web.i18n.refusal``). The core
does no I/O for this: ``N_`` only marks the text for the catalogue. Rule IDs are never
translated; amounts go into ``params`` already formatted.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class PokertdError(Exception):
    """Base class of every error pokertd raises on purpose."""

    kind: str = "error"
    """Short machine name of the error kind (``"rule_violation"``, ``"conflict"``...)."""

    def __init__(
        self,
        message: str = "",
        *,
        rule_ids: tuple[str, ...] | list[str] | str = (),
        context: Mapping[str, Any] | None = None,
        template: str | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        if isinstance(rule_ids, str):
            rule_ids = (rule_ids,)
        self.template = template
        """The catalogue's msgid of the sentence (``N_``-marked), or ``None``: English only."""
        self.params: dict[str, Any] = dict(params or {})
        """The values of the template's ``%(name)s`` placeholders."""
        if template is not None and not message:
            message = template % self.params if self.params else template
        self.message = message
        self.rule_ids: tuple[str, ...] = tuple(rule_ids)
        self.context: dict[str, Any] = dict(context or {})
        super().__init__(str(self))

    def __str__(self) -> str:
        if self.rule_ids:
            return f"{self.message} ({', '.join(self.rule_ids)})"
        return self.message

    @property
    def rule(self) -> str | None:
        """The first rule ID, or ``None`` when no rule stands behind the error."""
        return self.rule_ids[0] if self.rule_ids else None

    def as_json(self) -> dict[str, Any]:
        """The error as the JSON body shared by the API and ``--json`` CLI output."""
        return {
            "error": self.kind,
            "message": str(self),
            "rule": self.rule,
            "rule_ids": list(self.rule_ids),
            "context": self.context,
        }


class RuleViolation(PokertdError, ValueError):
    """A request that is well formed but breaks a rule of the profile in force."""

    kind = "rule_violation"


class IllegalAction(RuleViolation):
    """A betting action the hand engine refuses."""

    kind = "illegal_action"


class OutOfTurn(IllegalAction):
    """An action by a seat that is not the one to act."""

    kind = "out_of_turn"


class BelowMinimumRaise(IllegalAction):
    """A bet or raise below the minimum the rules allow."""

    kind = "below_minimum_raise"


class InvalidCommand(PokertdError, ValueError):
    """Malformed input: unknown player, bad amount, unknown template, bad file..."""

    kind = "invalid_command"


class NotFound(InvalidCommand):
    """A named thing (tournament, player, table, template) does not exist."""

    kind = "not_found"


class ConcurrencyConflict(PokertdError):
    """Another writer appended first; reload and retry the command."""

    kind = "conflict"


class StoreError(PokertdError):
    """The event store cannot be opened or read (corrupt or foreign file, bad URL)."""

    kind = "store_error"


class PermissionDenied(PokertdError):
    """The caller's role may not run this command."""

    kind = "permission_denied"


__all__ = [
    "BelowMinimumRaise",
    "ConcurrencyConflict",
    "IllegalAction",
    "InvalidCommand",
    "NotFound",
    "OutOfTurn",
    "PermissionDenied",
    "PokertdError",
    "RuleViolation",
    "StoreError",
]
