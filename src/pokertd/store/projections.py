"""Read models with a recorded position: what a store keeps beside the logs, never lost.

Everything derived from the logs (the player database's players and their links to
tournaments, a series' Day 2 rows) is a *projection*. Each one records, per tournament, the
``seq`` of the last event it has taken into account, in the ``projections`` table (SQLite;
``pokertd_projections`` on PostgreSQL, schema 4): ``(name, tournament_id, seq)``.

Two ways keep a projection right, as eventsourcing's process applications do:

- **In the append's transaction.** The player database is written by the same transaction
  that appends the registration's events, its position with it
  (:meth:`Projections.project_players`): a crash keeps both or neither.
- **Catching up from the recorded position.** A projection whose rows live elsewhere (other
  tournaments' logs, a series' rows) reads the events after its position, applies them
  idempotently and moves its position in the transaction that writes its rows
  (:meth:`Projections.advance`): after a crash it redoes at most what was not recorded,
  and what it redoes changes nothing twice.

``pokertd doctor`` (:mod:`pokertd.app.projections`) verifies every projection against the
logs and rebuilds what is behind or wrong; the server runs the catch-up when it starts.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, runtime_checkable

from pokertd.store.accounts import Runner
from pokertd.store.base import decode_rows
from pokertd.store.players import NewPlayer, SqlPlayers
from pokertd.tournament.framework import EventRecord

PLAYERS = "players"
"""The projection name of the player database (players and their tournaments)."""
PROJECTIONS_LOCK = 0x504B5452
"""PostgreSQL advisory lock of a projection's catch-up writes ("PKTR")."""


@dataclass(frozen=True, slots=True)
class SeenPlayer:
    """A person a tournament's log recorded, as the player database must hold them."""

    player: NewPlayer
    staff: str
    """Who registered them (the event's actor): the player row's ``created_by``."""
    at: str
    """When (the event's ``recorded_at``, ISO-8601): the player row's ``created_at``."""


PlayerRows = Callable[[Sequence[EventRecord]], Sequence[SeenPlayer]]
"""The people a batch of records adds to the player database (the application's rule)."""


@dataclass(frozen=True, slots=True)
class Position:
    """How far one projection has read one tournament's log."""

    tournament_id: str
    last_seq: int
    """The log's last seq."""
    seq: int
    """The last seq the projection has applied (0: none)."""

    @property
    def behind(self) -> bool:
        """Whether events exist that the projection has not applied."""
        return self.seq < self.last_seq


class Projections(SqlPlayers):
    """The projection positions and the in-transaction player projection of a store.

    A dialect names its tables (:attr:`_TOURNAMENTS`, :attr:`_PROJECTIONS`) and runs
    :meth:`_project_in` inside every append and import transaction.
    """

    _TOURNAMENTS: ClassVar[str] = "tournaments"
    _EVENTS: ClassVar[str] = "events"
    _PROJECTIONS: ClassVar[str] = "projections"
    _player_rows: PlayerRows | None = None

    def project_players(self, rows: PlayerRows) -> None:
        """From now on, write the people each append records (``rows`` of its records) to
        the player database in the append's own transaction, with the position."""
        self._ensure_players()
        self._player_rows = rows

    def _before_append(self) -> None:
        """Create the tables the append's transaction will write (not inside it: SQLite
        cannot open a transaction in a transaction)."""
        if self._player_rows is not None:
            self._ensure_players()

    def _import_records(
        self, tournament_id: str, values: Sequence[Sequence[Any]]
    ) -> list[EventRecord]:
        """The records of an import's ``(tournament_id, seq, batch, recorded_at, actor, type,
        version, data, command)`` rows, when the append projects players (else none); the
        tables it writes are created first (outside the import's transaction)."""
        if self._player_rows is None:
            return []
        self._ensure_players()
        return decode_rows(tournament_id, (tuple(v[1:9]) for v in values))

    def _project_in(self, run: Runner, tournament_id: str, records: Sequence[EventRecord]) -> None:
        """Inside an append's transaction: the player rows of ``records`` and the position."""
        derive = self._player_rows
        if derive is None or not records:
            return
        self._write_players(run, tournament_id, derive(records))
        self._set_position(run, PLAYERS, tournament_id, records[-1].seq)

    @classmethod
    def _write_players(cls, run: Runner, tournament_id: str, seen: Sequence[SeenPlayer]) -> None:
        """Add each person unless their id exists, and link them to the tournament
        (idempotent: applying the same records twice changes nothing)."""
        for s in seen:
            if not run("SELECT 1 FROM pokertd_players WHERE id = ?", (s.player.id,)):
                cls._insert_players(run, [s.player], s.staff, s.at)
            run(
                "INSERT INTO pokertd_player_events (player_id, tournament_id) VALUES (?, ?) "
                "ON CONFLICT DO NOTHING",
                (s.player.id, tournament_id),
            )

    def _set_position(self, run: Runner, name: str, tournament_id: str, seq: int) -> None:
        """Record that ``name`` has applied ``tournament_id`` up to ``seq`` (never back)."""
        table = self._PROJECTIONS
        run(
            f"INSERT INTO {table} (name, tournament_id, seq) VALUES (?, ?, ?) "
            f"ON CONFLICT (name, tournament_id) DO UPDATE SET seq = excluded.seq "
            f"WHERE excluded.seq > {table}.seq",
            (name, tournament_id, seq),
        )

    # ---- catching up ----------------------------------------------------------------

    def positions(self, name: str) -> list[Position]:
        """Every tournament's position in projection ``name``, by tournament id."""
        with self._accounts_read() as run:
            rows = run(
                f"SELECT t.id, t.last_seq, COALESCE(p.seq, 0) FROM {self._TOURNAMENTS} t "
                f"LEFT JOIN {self._PROJECTIONS} p ON p.name = ? AND p.tournament_id = t.id "
                "ORDER BY t.id",
                (name,),
            )
        return [Position(str(a), int(b), int(c)) for a, b, c in rows]

    @contextlib.contextmanager
    def advance(self, name: str, tournament_id: str, seq: int) -> Iterator[Runner]:
        """A transaction that writes a projection's rows (through the yielded runner) and
        moves its position to ``seq``: both or neither, so a catch-up is exactly once."""
        self._ensure_players()
        with self._accounts_tx(PROJECTIONS_LOCK) as run:
            yield run
            self._set_position(run, name, tournament_id, seq)

    def note_players(self, tournament_id: str, seen: Sequence[SeenPlayer], seq: int) -> None:
        """Catch the player database up: write ``seen`` and move its position to ``seq``."""
        with self.advance(PLAYERS, tournament_id, seq) as run:
            self._write_players(run, tournament_id, seen)

    def tournaments_with(self, event_type: str) -> set[str]:
        """The tournaments whose log holds an event of ``event_type`` (one query, no
        decoding: how a catch-up skips the logs its projection has nothing to do in)."""
        with self._accounts_read() as run:
            rows = run(
                f"SELECT DISTINCT tournament_id FROM {self._EVENTS} WHERE type = ?",
                (event_type,),
            )
        return {str(r[0]) for r in rows}

    def known_players(self, ids: Sequence[str]) -> set[str]:
        """Which of ``ids`` the player database holds."""
        found: set[str] = set()
        wanted = sorted(set(ids))
        for start in range(0, len(wanted), 400):
            part = wanted[start : start + 400]
            rows = self._pread(
                f"SELECT id FROM pokertd_players WHERE id IN ({', '.join('?' for _ in part)})",
                tuple(part),
            )
            found.update(str(r[0]) for r in rows)
        return found

    def linked_players(self, tournament_id: str) -> set[str]:
        """The players linked to ``tournament_id`` in the history index."""
        rows = self._pread(
            "SELECT player_id FROM pokertd_player_events WHERE tournament_id = ?",
            (tournament_id,),
        )
        return {str(r[0]) for r in rows}

    def forget_positions(self, run: Runner, tournament_id: str) -> None:
        """Drop a deleted tournament's positions (inside the delete's transaction)."""
        run(f"DELETE FROM {self._PROJECTIONS} WHERE tournament_id = ?", (tournament_id,))


@runtime_checkable
class ProjectionStore(Protocol):
    """A store that keeps projection positions (both SQLite and PostgreSQL do)."""

    def project_players(self, rows: PlayerRows) -> None:
        """Write the player rows of each append in its own transaction."""
        ...

    def positions(self, name: str) -> list[Position]:
        """Every tournament's position in projection ``name``."""
        ...

    def advance(
        self, name: str, tournament_id: str, seq: int
    ) -> contextlib.AbstractContextManager[Runner]:
        """A transaction writing a projection's rows and its position."""
        ...

    def note_players(self, tournament_id: str, seen: Sequence[SeenPlayer], seq: int) -> None:
        """Write ``seen`` to the player database and move its position to ``seq``."""
        ...

    def known_players(self, ids: Sequence[str]) -> set[str]:
        """Which of ``ids`` the player database holds."""
        ...

    def linked_players(self, tournament_id: str) -> set[str]:
        """The players linked to ``tournament_id``."""
        ...

    def tournaments_with(self, event_type: str) -> set[str]:
        """The tournaments whose log holds an event of ``event_type``."""
        ...


__all__ = [
    "PLAYERS",
    "PROJECTIONS_LOCK",
    "PlayerRows",
    "Position",
    "ProjectionStore",
    "Projections",
    "SeenPlayer",
]
