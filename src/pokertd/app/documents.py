"""One serializer per result type: the JSON document that answers one question.

The API and the CLI's ``--json`` print the same document for the same question, because
both call the function here (and nothing else turns that result into JSON):

- a recorded event: :func:`event` (``GET /api/tournaments/{tid}/events``, the WebSocket's
  pushes, every CLI command's ``--json``);
- what a command did: :func:`command_result` (``POST /api/tournaments/{tid}/commands/{name}``,
  ``pokertd command TID NAME --json``);
- the tournament at a glance: :func:`status` (``GET /api/tournaments/{tid}/status``, the
  screens' ``status``, ``pokertd status --json``);
- the prizes place by place: :func:`payouts` (``GET /api/tournaments/{tid}/payouts``, the
  screens' ``payouts``, ``pokertd payouts TID --json``);
- a command pokertd runs: :func:`command_info` (``GET /api/commands``,
  ``pokertd commands --json``);
- every player: :func:`players` (``GET /api/tournaments/{tid}/players/all``,
  ``pokertd players --json``).

Implements: issue 24 point 2 (one serializer per result type).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from typing_extensions import TypedDict

from pokertd.codec import to_json
from pokertd.tournament import summarize
from pokertd.tournament.framework import EventRecord
from pokertd.tournament.prizes import Prize
from pokertd.tournament.views import PlayerRow, StatusView

if TYPE_CHECKING:  # the command schemas load pydantic: `pokertd status --json` needs none
    from pokertd.app.commands import CommandSchema

JsonObject = dict[str, object]
"""A JSON object as :func:`pokertd.codec.to_json` makes it."""


class EventDocument(TypedDict):
    """One recorded event."""

    seq: int
    """Its position in the tournament's log (1, 2, ...)."""
    batch: int
    """The command that recorded it (events of one command share a batch)."""
    recorded_at: str
    """When it was recorded (ISO 8601, UTC)."""
    actor: str
    """Who ran the command."""
    type: str
    """The event's stored type name (``PlayerBusted``)."""
    version: int
    """The event's schema version."""
    text: str
    """The event in words, as the log shows it (rule IDs included)."""
    data: JsonObject
    """The event's fields."""


class SummaryDocument(TypedDict):
    """What the console's toast says about a command's events."""

    lines: list[str]
    """One line per table (or per event a domain does not sum up)."""
    details: list[str]
    """The moves and rules, shown on tap."""
    title: str
    """The toast's title."""
    said: list[dict[str, Any]]
    """``lines`` as sentences (``{"text", "msgid", "params"}``): the page says them in its
    language, their bracketed codes taken off."""
    details_said: list[dict[str, Any]]
    """``details`` as sentences."""


class CommandDocument(TypedDict):
    """What one command did."""

    tournament: str
    """The tournament it ran in."""
    seq: int | None
    """The log position of its last event (``None``: it recorded none)."""
    events: list[EventDocument]
    """The events it recorded, in order."""
    summary: SummaryDocument
    """The lines a person reads (:func:`pokertd.tournament.summarize`)."""


class PayoutDocument(TypedDict):
    """One place's prize."""

    place: int
    """The finishing place (1 = winner)."""
    amount: int
    """The prize in cents."""


CommandInfo = TypedDict(
    "CommandInfo", {"name": str, "class": str, "role": str, "fields": list[str], "doc": str}
)
"""One command pokertd runs: its API name, class, least role, body fields (``/openapi.json``
has their types and limits) and what it does (its docstring)."""


def command_info(schema: CommandSchema) -> CommandInfo:
    """One command as ``GET /api/commands`` and ``pokertd commands --json`` list it."""
    return {
        "name": schema.name,
        "class": schema.cls.__name__,
        "role": schema.role.value,
        "fields": schema.fields,
        "doc": schema.doc,
    }


def event(record: EventRecord) -> EventDocument:
    """One event record as the API lists it, the WebSocket pushes it and ``--json`` prints it."""
    data = to_json(record.event)
    return {
        "seq": record.seq,
        "batch": record.batch,
        "recorded_at": record.recorded_at.isoformat(),
        "actor": record.actor,
        "type": record.event.type,
        "version": record.event.version,
        "text": record.event.describe(),
        "data": data if isinstance(data, dict) else {},
    }


def events(records: Iterable[EventRecord]) -> list[EventDocument]:
    """Several records, in order (:func:`event` each)."""
    return [event(r) for r in records]


def command_result(tournament: str, records: Sequence[EventRecord]) -> CommandDocument:
    """What a command did: its events and the console's summary of them."""
    summary = summarize([r.event for r in records])
    return {
        "tournament": tournament,
        "seq": records[-1].seq if records else None,
        "events": events(records),
        "summary": {
            "lines": list(summary.lines),
            "details": list(summary.details),
            "title": summary.title,
            # the same as sentences, for the page's language (codes taken off the lines)
            "said": [s.as_json() for s in summary.said],
            "details_said": [s.as_json() for s in summary.details_said],
        },
    }


def status(view: StatusView) -> JsonObject:
    """The tournament at a glance (:func:`pokertd.tournament.views.status`)."""
    made = to_json(view)
    assert isinstance(made, dict)  # a dataclass is always a JSON object
    return made


def payouts(prizes: Iterable[Prize]) -> list[PayoutDocument]:
    """The prizes place by place (amounts in cents), as now paid."""
    return [{"place": p.place, "amount": p.amount} for p in prizes]


def players(rows: Iterable[PlayerRow]) -> list[JsonObject]:
    """Every player's row (:func:`pokertd.tournament.views.players`): seat, stack, status,
    entries, place."""
    out: list[JsonObject] = []
    for row in rows:
        made = to_json(row)
        assert isinstance(made, dict)  # a dataclass is always a JSON object
        out.append(made)
    return out


__all__ = [
    "CommandDocument",
    "CommandInfo",
    "EventDocument",
    "JsonObject",
    "PayoutDocument",
    "SummaryDocument",
    "command_info",
    "command_result",
    "event",
    "events",
    "payouts",
    "players",
    "status",
]
