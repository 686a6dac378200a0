"""The event store contract: what every store (SQLite, PostgreSQL) promises the service.

A store keeps, per tournament, an append-only list of rows
``(tournament_id, seq, batch, recorded_at, actor, type, version, data, command)`` with a
unique ``(tournament_id, seq)``. ``seq`` counts from 1 without gaps; ``batch`` is the ``seq``
of the first event of the command that produced the row; ``recorded_at`` is ISO-8601 UTC;
``data`` is the event's JSON (:func:`pokertd.codec.to_json`); ``command`` is
the class name of the command that produced the batch (``"Bust"``), or ``NULL`` in rows
written before stores kept it. Undo and redo need it: who may take a batch back depends on
which command made it.

An append states the ``seq`` it expects the log to end at (optimistic concurrency): when
another writer got there first the append raises :class:`~pokertd.errors.ConcurrencyConflict`
and writes nothing. An append is all-or-nothing and durable once it returns.
"""

from __future__ import annotations

import gc
import json
import re
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol, runtime_checkable

from pokertd.codec import to_json
from pokertd.errors import ConcurrencyConflict, InvalidCommand, StoreError
from pokertd.i18n import N_
from pokertd.tournament.framework import Event, EventRecord, event_from_json

Listener = Callable[[str, int], None]
"""Called with ``(tournament_id, last_seq)`` when another process appended to a tournament,
or with ``(RESYNC, 0)`` when notifications may have been missed (reload what you hold)."""
RESYNC = "*"
"""The tournament id a listener gets when it must reload every tournament it holds."""
DEFAULT_POOL_SIZE = 4
"""PostgreSQL connections one store keeps at most when no pool size is given."""
MAX_POOL_SIZE = 100
"""The largest pool size accepted (PostgreSQL's default ``max_connections`` is 100)."""


def check_pool_size(pool_size: int | None) -> int:
    """``pool_size`` (or the default when ``None``) after refusing nonsense sizes."""
    if pool_size is None:
        return DEFAULT_POOL_SIZE
    if isinstance(pool_size, bool) or not isinstance(pool_size, int):
        raise InvalidCommand(
            template=N_("The pool size must be a whole number, not %(size)s."),
            params={"size": repr(pool_size)},
        )
    if not 1 <= pool_size <= MAX_POOL_SIZE:
        raise InvalidCommand(
            template=N_(
                "The pool size must be between 1 and %(most)s database connections, not %(size)s."
            ),
            params={"most": MAX_POOL_SIZE, "size": pool_size},
        )
    return pool_size


@dataclass(frozen=True, slots=True)
class TournamentInfo:
    """One line of the tournament list (cheap: read from the ``tournaments`` index)."""

    id: str
    """The tournament's id (short, URL-safe)."""
    name: str
    """The ``name`` field of its first event, or the id when that event has none."""
    created_at: datetime
    """When its first event was recorded (UTC)."""
    updated_at: datetime
    """When its last event was recorded (UTC)."""
    last_seq: int
    """The sequence number of its last event (= number of events)."""


@dataclass(frozen=True, slots=True)
class StoredRow:
    """A row exactly as stored, for exports, audits and byte-for-byte comparisons."""

    tournament_id: str
    seq: int
    batch: int
    recorded_at: str
    actor: str
    type: str
    version: int
    data: str
    command: str | None = None
    """The class name of the command that produced the batch (``None`` in older rows)."""


@dataclass(frozen=True, slots=True)
class StoreHealth:
    """What a store found when it asked its database (``/readyz``, ``pokertd`` checks).

    ``current`` is false when the database holds an older schema than this code writes
    (a migration did not run) or a newer one (an older pokertd is pointed at it).
    """

    backend: str
    """``"sqlite"`` or ``"postgresql"``."""
    schema_version: int
    """The schema version recorded in the database (0 when none is recorded)."""
    code_schema_version: int
    """The schema version this code writes."""

    @property
    def current(self) -> bool:
        """Whether the database's schema is the one this code writes."""
        return self.schema_version == self.code_schema_version


@runtime_checkable
class EventStore(Protocol):
    """An append-only, per-tournament event log with optimistic concurrency."""

    url: str
    """Where the store lives (``sqlite:///path.db``, ``postgresql://host/db``)."""

    def append(
        self,
        tournament_id: str,
        expected_seq: int,
        events: Sequence[Event],
        *,
        actor: str,
        recorded_at: datetime,
        command: str | None = None,
    ) -> list[EventRecord]:
        """Append ``events`` as one batch after ``expected_seq``; all or nothing.

        ``command`` is the class name of the command that produced them (kept on every
        row of the batch). Raises ``ConcurrencyConflict`` (writing nothing) when the log's
        last seq is not ``expected_seq``.
        """
        ...

    def load(self, tournament_id: str, after_seq: int = 0) -> list[EventRecord]:
        """The records of ``tournament_id`` with ``seq > after_seq``, in order."""
        ...

    def last_seq(self, tournament_id: str) -> int:
        """The seq of the tournament's last event (0 when it has none)."""
        ...

    def tournaments(self) -> list[TournamentInfo]:
        """Every tournament, newest first."""
        ...

    def rows(self, tournament_id: str) -> list[StoredRow]:
        """The tournament's rows exactly as stored (no decoding)."""
        ...

    def delete(self, tournament_id: str) -> None:
        """Remove a whole tournament (test data, an aborted setup). History is otherwise
        never rewritten: to take something back, append an undo."""
        ...

    def save_snapshot(self, tournament_id: str, seq: int, key: str, data: bytes) -> None:
        """Keep ``data`` (the state folded up to ``seq``) as the snapshot for ``key``.

        Snapshots are a cache, never the truth: one per ``(tournament, key)``, replaced by
        newer ones, ignored when their key (the code version) does not match.
        """
        ...

    def load_snapshot(self, tournament_id: str, key: str) -> tuple[int, bytes] | None:
        """``(seq, data)`` of the tournament's snapshot for ``key``, or ``None``."""
        ...

    def health(self) -> StoreHealth:
        """Ask the database (a real query) which schema it holds.

        Raises ``StoreError`` when the database does not answer.
        """
        ...

    def import_rows(self, rows: Sequence[StoredRow], *, name: str) -> None:
        """Write the stored rows of ONE new tournament exactly as given; all or nothing.

        The tournament's index row gets ``name``, ``created_at`` = the first row's
        ``recorded_at``, ``updated_at`` = the last one's, ``last_seq`` = the last seq.
        Raises ``InvalidCommand`` (writing nothing) when the tournament already exists or
        the rows are not one whole, readable log (seq 1, 2, … without gaps).
        """
        ...

    def listen(self, callback: Listener) -> Callable[[], None] | None:
        """Call ``callback(tournament_id, last_seq)`` for appends made by other processes.

        Returns a function that stops listening, or ``None`` when the store has no
        cross-process notification (SQLite: one serving process per file).
        """
        ...

    def close(self) -> None:
        """Release connections and threads; the store is unusable afterwards."""
        ...


# --------------------------------------------------------------------------------------
# Helpers shared by the implementations


def utc_iso(moment: datetime) -> str:
    """``moment`` as ISO-8601 UTC text (``2026-11-22T19:00:00.123456+00:00``)."""
    if moment.tzinfo is None:
        # English on purpose: a store caller's mistake (a naive datetime), never a floor's
        raise InvalidCommand("recorded_at must be a timezone-aware time (UTC).")
    return moment.astimezone(UTC).isoformat()


def check_append(tournament_id: str, expected_seq: int, events: Sequence[Event]) -> None:
    """Refuse malformed appends before touching the database."""
    if not tournament_id or not isinstance(tournament_id, str):
        # English on purpose: the app always passes an id; a programmer's error
        raise InvalidCommand("A tournament id is required.")
    if expected_seq < 0:
        # English on purpose: a programmer's error (the app reads expected_seq from the log)
        raise InvalidCommand(f"expected_seq must be 0 or more, not {expected_seq}.")
    if not events:
        # English on purpose: a programmer's error (a command that produced no events)
        raise InvalidCommand("Nothing to append: the batch has no events.")
    for ev in events:
        if not isinstance(ev, Event) or not ev.type:
            # English on purpose: a programmer's error (an unregistered event class)
            raise InvalidCommand(f"{ev!r} is not a registered event.")


def check_import(rows: Sequence[StoredRow], name: str) -> tuple[str, list[datetime]]:
    """Refuse rows that are not one whole, readable tournament log, before any write.

    Returns the tournament id and each row's ``recorded_at`` as an aware UTC time. Every
    row must belong to the same tournament, ``seq`` must run 1, 2, … without gaps,
    ``batch`` must start a batch at or before its row, ``data`` must be JSON of a known
    event type: a file that passes replays to a state, so a broken one is refused whole.
    """
    if not isinstance(name, str) or not name.strip():
        raise InvalidCommand(template=N_("The imported tournament needs a name."))
    if not rows:
        raise InvalidCommand(template=N_("Nothing to import: the file holds no events."))
    tid = rows[0].tournament_id
    if not tid or not isinstance(tid, str):
        raise InvalidCommand(template=N_("The imported events carry no tournament id."))
    times: list[datetime] = []
    batches: set[int] = set()
    for expected, row in enumerate(rows, start=1):
        where = {"n": expected, "tournament": tid}
        if row.tournament_id != tid:
            raise InvalidCommand(
                template=N_(
                    "Event %(n)s of the imported tournament %(tournament)s belongs to "
                    "tournament %(other)s: import one tournament at a time."
                ),
                params=where | {"other": row.tournament_id},
            )
        if row.seq != expected:
            raise InvalidCommand(
                template=N_(
                    "Event %(n)s of the imported tournament %(tournament)s has number "
                    "%(seq)s: the events must be numbered 1, 2, 3, … without gaps. Nothing "
                    "was imported."
                ),
                params=where | {"seq": row.seq},
            )
        if row.batch == row.seq:
            batches.add(row.batch)
        elif row.batch not in batches or row.batch > row.seq:
            raise InvalidCommand(
                template=N_(
                    "Event %(n)s of the imported tournament %(tournament)s claims batch "
                    "%(batch)s, which does not start before it. Nothing was imported."
                ),
                params=where | {"batch": row.batch},
            )
        try:
            moment = datetime.fromisoformat(row.recorded_at)
        except (TypeError, ValueError):
            moment = None
        if moment is None or moment.tzinfo is None:
            raise InvalidCommand(
                template=N_(
                    "Event %(n)s of the imported tournament %(tournament)s has no valid time "
                    "with a time zone (%(time)s). Nothing was imported."
                ),
                params=where | {"time": repr(row.recorded_at)},
            )
        times.append(moment.astimezone(UTC))
    try:
        decode_rows(
            tid,
            (
                (r.seq, r.batch, r.recorded_at, r.actor, r.type, r.version, r.data, r.command)
                for r in rows
            ),
        )
    except (StoreError, InvalidCommand) as exc:
        raise InvalidCommand(
            template=N_(
                "The imported tournament %(tournament)s cannot be read: %(problem)s Nothing "
                "was imported."
            ),
            params={"tournament": tid, "problem": str(exc)},
            context={"tournament_id": tid},
        ) from exc
    return tid, times


def already_exists(tournament_id: str) -> InvalidCommand:
    """The error for an import whose tournament id is already taken."""
    return InvalidCommand(
        template=N_(
            "Tournament %(tournament)s already exists in this database; nothing was imported. "
            "Delete it first, or import it into another database."
        ),
        params={"tournament": tournament_id},
        context={"tournament_id": tournament_id},
    )


def encode(events: Sequence[Event]) -> list[tuple[str, int, str]]:
    """``(type, version, data JSON text)`` for each event."""
    return [
        (ev.type, ev.version, json.dumps(to_json(ev), separators=(",", ":"), ensure_ascii=False))
        for ev in events
    ]


def first_name(tournament_id: str, encoded: Sequence[tuple[str, int, str]]) -> str:
    """The tournament's display name: the first event's ``name`` field, else its id."""
    try:
        data = json.loads(encoded[0][2])
    except (IndexError, ValueError):
        return tournament_id
    name = data.get("name") if isinstance(data, dict) else None
    return name if isinstance(name, str) and name else tournament_id


def records_for(
    expected_seq: int,
    events: Sequence[Event],
    actor: str,
    recorded_at: datetime,
    command: str | None = None,
) -> list[EventRecord]:
    """The records an append of ``events`` after ``expected_seq`` produces."""
    batch = expected_seq + 1
    return [
        EventRecord(
            seq=batch + i,
            batch=batch,
            recorded_at=recorded_at,
            actor=actor,
            event=ev,
            command=command,
        )
        for i, ev in enumerate(events)
    ]


def conflict(tournament_id: str, expected_seq: int, actual: int) -> ConcurrencyConflict:
    """The error for an append that lost a race (or worked on stale state)."""
    return ConcurrencyConflict(
        template=N_(
            "Tournament %(tournament)s changed meanwhile: expected its log to end at event "
            "%(expected)s but it ends at %(actual)s. Reload and try again."
        ),
        params={"tournament": tournament_id, "expected": expected_seq, "actual": actual},
        context={"tournament_id": tournament_id, "expected_seq": expected_seq, "last_seq": actual},
    )


_gc_lock = threading.Lock()
_gc_depth = 0
_gc_was_enabled = False


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while bulk-building objects (re-entrant).

    Loading a log creates hundreds of thousands of objects and no garbage cycles; the
    collector's repeated full passes over them cost about a third of the load time.
    """
    global _gc_depth, _gc_was_enabled
    with _gc_lock:
        if _gc_depth == 0:
            _gc_was_enabled = gc.isenabled()
            gc.disable()
        _gc_depth += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_depth -= 1
            if _gc_depth == 0 and _gc_was_enabled:
                gc.enable()


def decode_rows(
    tournament_id: str,
    rows: Iterable[tuple[int, int, Any, str, str, int, Any, str | None]],
) -> list[EventRecord]:
    """Records from ``(seq, batch, recorded_at, actor, type, version, data, command)`` rows.

    ``recorded_at`` may be ISO text or a ``datetime``; ``data`` JSON text or a parsed dict.
    Rows of one batch share their time, so consecutive equal texts are parsed once.
    """
    out: list[EventRecord] = []
    append = out.append
    loads = json.loads
    parse = datetime.fromisoformat
    last_text: Any = None
    last_time = datetime.min
    seq = 0
    try:
        with gc_paused():
            for seq, batch, at, actor, type_name, version, data, command in rows:
                if at != last_text:
                    last_text = at
                    last_time = at if isinstance(at, datetime) else parse(at)
                payload = loads(data) if isinstance(data, str) else data
                append(
                    EventRecord(
                        seq,
                        batch,
                        last_time,
                        actor,
                        event_from_json(type_name, version, payload),
                        command,
                    )
                )
    except (ValueError, TypeError) as exc:
        raise StoreError(
            template=N_("Event %(seq)s of tournament %(tournament)s cannot be read: %(problem)s"),
            params={"seq": seq, "tournament": tournament_id, "problem": str(exc)},
            context={"tournament_id": tournament_id},
        ) from exc
    return out


_URL_CREDENTIALS = re.compile(r"(://[^:/@\s]*):[^@\s]*@")
_QUERY_PASSWORD = re.compile(r"([?&]password=)[^&#\s]*", re.IGNORECASE)


def masked_url(text: str) -> str:
    """``text`` (a store URL, or a message quoting one) with every password masked: the
    ``user:password@`` part and libpq's ``?password=`` parameter. The one way pokertd shows a
    store URL in a message, a log line or a probe's answer.

    >>> masked_url("postgresql://td:s3cret@db/pokertd?sslmode=require&password=s3cret")
    'postgresql://td:***@db/pokertd?sslmode=require&password=***'
    >>> masked_url("sqlite:///pokertd.db")
    'sqlite:///pokertd.db'
    """
    return _QUERY_PASSWORD.sub(r"\1***", _URL_CREDENTIALS.sub(r"\1:***@", text))


SCHEMA_VERSIONS: dict[str, int] = {"sqlite": 4, "postgresql": 4}
"""The schema each backend writes, by backend name: SQLite's ``PRAGMA user_version`` and
the row of PostgreSQL's ``pokertd_schema`` (2 added snapshots, 3 the events' ``command``
column, 4 the projections). Here, not in the backends' modules, so the API docs can say
them without loading the PostgreSQL driver at start-up."""

__all__ = [
    "DEFAULT_POOL_SIZE",
    "MAX_POOL_SIZE",
    "RESYNC",
    "SCHEMA_VERSIONS",
    "EventStore",
    "Listener",
    "StoreHealth",
    "StoredRow",
    "TournamentInfo",
    "already_exists",
    "check_append",
    "check_import",
    "check_pool_size",
    "conflict",
    "decode_rows",
    "encode",
    "first_name",
    "gc_paused",
    "masked_url",
    "records_for",
    "utc_iso",
]
