"""The series store contract: series (festivals), their events, flighted events and Day 2.

A series spans tournaments, so (like the accounts and the leagues, :mod:`pokertd.store.
accounts`, :mod:`pokertd.store.leagues`) it lives in small tables beside the event log in the
same database, with one SQL text both SQLite and PostgreSQL accept (:class:`SqlSeries`), run
through the store's ``_accounts_tx`` / ``_accounts_read`` hooks under its own lock keys.
Tables are created on first use (``pokertd_`` prefix):

- ``pokertd_series``: key, name, created.
- ``pokertd_flighted``: an event played in flights (``main``: "Main Event"), whether a
  player may re-enter another flight (then only his best stack goes on), and its Day 2
  tournament once formed. The primary key ``(series, key)``.
- ``pokertd_series_events``: which tournament belongs to which series, as what: ``event``
  (played in one go), ``flight`` of a flighted event (with its label, ``Day 1A``) or its
  ``day2``. The primary key ``tournament`` makes "a tournament in one series at most" a
  fact of the database, not only a check.

Implements: issue 14 (series, flights).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from pokertd.errors import InvalidCommand, NotFound, RuleViolation
from pokertd.i18n import N_
from pokertd.store.accounts import Runner, SideTables

SERIES_LOCK = 0x504B5345
"""PostgreSQL advisory lock of series writes ("PKSE")."""
SERIES_SCHEMA_LOCK = 0x504B5346
"""PostgreSQL advisory lock of the series tables' creation ("PKSF")."""

SERIES_TABLES = ("pokertd_series", "pokertd_flighted", "pokertd_series_events")
"""The series tables, in creation order."""

ROLES = ("event", "flight", "day2")
"""What a tournament is in its series."""

_DDL = (
    "CREATE TABLE IF NOT EXISTS pokertd_series (key TEXT PRIMARY KEY, name TEXT NOT NULL, "
    "created DOUBLE PRECISION NOT NULL)",
    "CREATE TABLE IF NOT EXISTS pokertd_flighted (series TEXT NOT NULL, key TEXT NOT NULL, "
    "name TEXT NOT NULL, reentry INTEGER NOT NULL, day2 TEXT NOT NULL, "
    "created DOUBLE PRECISION NOT NULL, PRIMARY KEY (series, key))",
    "CREATE TABLE IF NOT EXISTS pokertd_series_events (tournament TEXT PRIMARY KEY, "
    "series TEXT NOT NULL, role TEXT NOT NULL, event TEXT NOT NULL, label TEXT NOT NULL, "
    "added DOUBLE PRECISION NOT NULL)",
    "CREATE INDEX IF NOT EXISTS pokertd_series_events_series "
    "ON pokertd_series_events (series, added)",
)


@dataclass(frozen=True, slots=True)
class SeriesRow:
    """A series (festival) as stored."""

    key: str
    name: str
    created: float


@dataclass(frozen=True, slots=True)
class FlightedRow:
    """An event played in flights, as stored (``day2`` is "" until Day 2 is formed)."""

    series: str
    key: str
    name: str
    reentry: bool
    """A player may enter more than one flight; his best stack goes to Day 2."""
    day2: str
    created: float


@dataclass(frozen=True, slots=True)
class SeriesEventRow:
    """A tournament of a series: ``role`` event, flight (of ``event``) or day2 (of ``event``)."""

    series: str
    tournament: str
    role: str
    event: str
    """The flighted event's key for a flight or a Day 2; "" for an event played in one go."""
    label: str
    """How the floor names it within the event (``Day 1A``, ``Day 2``); "" for an event."""
    added: float


@runtime_checkable
class SeriesStore(Protocol):
    """Series, flighted events and the tournaments of each series, in one database.

    Failures of the database are :class:`~pokertd.errors.StoreError`; a refused write
    (``InvalidCommand``/``NotFound``/``RuleViolation``) changes nothing.
    """

    url: str

    def add_series(self, row: SeriesRow) -> None:
        """Create a series (``InvalidCommand`` when the key is taken)."""
        ...

    def series(self, key: str) -> SeriesRow | None:
        """The series ``key``, or ``None``."""
        ...

    def series_list(self) -> list[SeriesRow]:
        """Every series, by key."""
        ...

    def add_flighted(self, row: FlightedRow) -> None:
        """Create a flighted event (``NotFound`` without its series, ``InvalidCommand`` if
        the key is taken in that series)."""
        ...

    def flighted(self, series: str, key: str) -> FlightedRow | None:
        """The flighted event, or ``None``."""
        ...

    def flighted_events(self, series: str) -> list[FlightedRow]:
        """The series' flighted events, oldest first."""
        ...

    def add_series_event(self, row: SeriesEventRow) -> None:
        """Put a tournament in a series; refused when it is in a series already, the series
        or the flighted event is unknown, a label is used twice in an event, or a flight is
        added after its Day 2 was formed."""
        ...

    def remove_series_event(self, series: str, tournament: str) -> SeriesEventRow:
        """Take a tournament out of a series (what was removed); refused for a flight whose
        Day 2 is formed and for a Day 2."""
        ...

    def series_events(self, series: str) -> list[SeriesEventRow]:
        """The series' tournaments, in the order they were added."""
        ...

    def series_of(self, tournament: str) -> SeriesEventRow | None:
        """The series row of a tournament, or ``None``."""
        ...

    def set_day2(self, row: SeriesEventRow) -> None:
        """Record ``row.tournament`` as the Day 2 of flighted event ``row.event`` and add
        it to the series (refused when that event has its Day 2 already)."""
        ...


class SqlSeries(SideTables):
    """:class:`SeriesStore` over the store's side-table hooks (one SQL text for both
    dialects; writes under :data:`SERIES_LOCK`)."""

    _series_ready: bool = False

    def _ensure_series(self) -> None:
        """Create the series tables once per store."""
        if not self._series_ready:
            self._create_tables(_DDL, SERIES_SCHEMA_LOCK)
            self._series_ready = True

    @contextlib.contextmanager
    def _series_tx(self) -> Iterator[Runner]:
        self._ensure_series()
        with self._accounts_tx(SERIES_LOCK) as run:
            yield run

    def _series_read(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        self._ensure_series()
        with self._accounts_read() as run:
            return run(sql, params)

    # ---- series ---------------------------------------------------------------------------

    def add_series(self, row: SeriesRow) -> None:
        """Create a series (``InvalidCommand`` when the key is taken)."""
        with self._series_tx() as run:
            if run("SELECT 1 FROM pokertd_series WHERE key = ?", (row.key,)):
                raise InvalidCommand(
                    template=N_("A series called %(key)s already exists."),
                    params={"key": repr(row.key)},
                )
            run(
                "INSERT INTO pokertd_series (key, name, created) VALUES (?, ?, ?)",
                (row.key, row.name, row.created),
            )

    def series(self, key: str) -> SeriesRow | None:
        """The series ``key``, or ``None``."""
        rows = self._series_read(
            "SELECT key, name, created FROM pokertd_series WHERE key = ?", (key,)
        )
        return SeriesRow(str(rows[0][0]), str(rows[0][1]), float(rows[0][2])) if rows else None

    def series_list(self) -> list[SeriesRow]:
        """Every series, by key."""
        rows = self._series_read("SELECT key, name, created FROM pokertd_series ORDER BY key")
        return [SeriesRow(str(k), str(n), float(c)) for k, n, c in rows]

    # ---- flighted events --------------------------------------------------------------------

    def add_flighted(self, row: FlightedRow) -> None:
        """Create a flighted event in a series."""
        with self._series_tx() as run:
            self._series_must_exist(run, row.series)
            if run(
                "SELECT 1 FROM pokertd_flighted WHERE series = ? AND key = ?",
                (row.series, row.key),
            ):
                raise InvalidCommand(
                    template=N_("Series %(series)s already has an event %(event)s."),
                    params={"series": repr(row.series), "event": repr(row.key)},
                )
            run(
                "INSERT INTO pokertd_flighted (series, key, name, reentry, day2, created) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (row.series, row.key, row.name, int(row.reentry), row.day2, row.created),
            )

    def flighted(self, series: str, key: str) -> FlightedRow | None:
        """The flighted event, or ``None``."""
        rows = self._series_read(
            "SELECT series, key, name, reentry, day2, created FROM pokertd_flighted "
            "WHERE series = ? AND key = ?",
            (series, key),
        )
        return _flighted(rows[0]) if rows else None

    def flighted_events(self, series: str) -> list[FlightedRow]:
        """The series' flighted events, oldest first."""
        rows = self._series_read(
            "SELECT series, key, name, reentry, day2, created FROM pokertd_flighted "
            "WHERE series = ? ORDER BY created, key",
            (series,),
        )
        return [_flighted(r) for r in rows]

    # ---- the tournaments of a series -------------------------------------------------------

    @staticmethod
    def _series_must_exist(run: Runner, series: str) -> None:
        if not run("SELECT 1 FROM pokertd_series WHERE key = ?", (series,)):
            raise NotFound(
                template=N_("There is no series %(series)s."), params={"series": repr(series)}
            )

    @staticmethod
    def _insert_event(run: Runner, row: SeriesEventRow) -> None:
        other = run(
            "SELECT series FROM pokertd_series_events WHERE tournament = ?", (row.tournament,)
        )
        if other:
            raise InvalidCommand(
                template=N_(
                    "Tournament %(tournament)s is already in series %(series)s: a tournament "
                    "belongs to one series at most."
                ),
                params={"tournament": row.tournament, "series": repr(other[0][0])},
            )
        if row.role != "event" and run(
            "SELECT 1 FROM pokertd_series_events WHERE series = ? AND event = ? AND label = ?",
            (row.series, row.event, row.label),
        ):
            raise InvalidCommand(
                template=N_("Event %(event)s already has a %(label)s."),
                params={"event": repr(row.event), "label": row.label},
            )
        run(
            "INSERT INTO pokertd_series_events (tournament, series, role, event, label, added) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (row.tournament, row.series, row.role, row.event, row.label, row.added),
        )

    def add_series_event(self, row: SeriesEventRow) -> None:
        """Put a tournament in a series (as an event, or a flight of a flighted event)."""
        if row.role not in ("event", "flight"):
            # English on purpose: the app passes "event" or "flight"; a programmer's error
            raise InvalidCommand("A tournament joins a series as an event or as a flight.")
        with self._series_tx() as run:
            self._series_must_exist(run, row.series)
            if row.role == "flight":
                found = run(
                    "SELECT day2 FROM pokertd_flighted WHERE series = ? AND key = ?",
                    (row.series, row.event),
                )
                if not found:
                    raise NotFound(
                        template=N_("Series %(series)s has no flighted event %(event)s."),
                        params={"series": repr(row.series), "event": repr(row.event)},
                    )
                if found[0][0]:
                    raise RuleViolation(
                        template=N_(
                            "Day 2 of %(event)s is formed already: it takes no more flights."
                        ),
                        params={"event": repr(row.event)},
                    )
            self._insert_event(run, row)

    def remove_series_event(self, series: str, tournament: str) -> SeriesEventRow:
        """Take a tournament out of a series (not a carried flight, not a Day 2)."""
        with self._series_tx() as run:
            rows = run(
                "SELECT series, tournament, role, event, label, added FROM "
                "pokertd_series_events WHERE series = ? AND tournament = ?",
                (series, tournament),
            )
            if not rows:
                raise NotFound(
                    template=N_("Tournament %(tournament)s is not in series %(series)s."),
                    params={"tournament": tournament, "series": repr(series)},
                )
            row = _event(rows[0])
            if row.role == "day2":
                raise RuleViolation(
                    template=N_("%(tournament)s is the Day 2 of %(event)s: it stays."),
                    params={"tournament": tournament, "event": repr(row.event)},
                )
            if row.role == "flight":
                day2 = run(
                    "SELECT day2 FROM pokertd_flighted WHERE series = ? AND key = ?",
                    (series, row.event),
                )
                if day2 and day2[0][0]:
                    raise RuleViolation(
                        template=N_(
                            "%(label)s (%(tournament)s) went to Day 2 of %(event)s: it stays."
                        ),
                        params={
                            "label": row.label,
                            "tournament": tournament,
                            "event": repr(row.event),
                        },
                    )
            run("DELETE FROM pokertd_series_events WHERE tournament = ?", (tournament,))
        return row

    def series_events(self, series: str) -> list[SeriesEventRow]:
        """The series' tournaments, in the order they were added."""
        rows = self._series_read(
            "SELECT series, tournament, role, event, label, added FROM pokertd_series_events "
            "WHERE series = ? ORDER BY added, tournament",
            (series,),
        )
        return [_event(r) for r in rows]

    def series_of(self, tournament: str) -> SeriesEventRow | None:
        """The series row of a tournament, or ``None``."""
        rows = self._series_read(
            "SELECT series, tournament, role, event, label, added FROM pokertd_series_events "
            "WHERE tournament = ?",
            (tournament,),
        )
        return _event(rows[0]) if rows else None

    def set_day2(self, row: SeriesEventRow) -> None:
        """Record the Day 2 of a flighted event and add it to the series."""
        with self._series_tx() as run:
            found = run(
                "SELECT day2 FROM pokertd_flighted WHERE series = ? AND key = ?",
                (row.series, row.event),
            )
            if not found:
                raise NotFound(
                    template=N_("Series %(series)s has no flighted event %(event)s."),
                    params={"series": repr(row.series), "event": repr(row.event)},
                )
            if found[0][0]:
                raise RuleViolation(
                    template=N_("Day 2 of %(event)s is formed already (%(day2)s)."),
                    params={"event": repr(row.event), "day2": found[0][0]},
                )
            self._insert_event(run, SeriesEventRow(
                row.series, row.tournament, "day2", row.event, row.label, row.added
            ))  # fmt: skip
            run(
                "UPDATE pokertd_flighted SET day2 = ? WHERE series = ? AND key = ?",
                (row.tournament, row.series, row.event),
            )


def _flighted(row: Sequence[Any]) -> FlightedRow:
    return FlightedRow(
        str(row[0]), str(row[1]), str(row[2]), bool(row[3]), str(row[4]), float(row[5])
    )


def _event(row: Sequence[Any]) -> SeriesEventRow:
    return SeriesEventRow(
        str(row[0]), str(row[1]), str(row[2]), str(row[3]), str(row[4]), float(row[5])
    )


__all__ = [
    "ROLES",
    "SERIES_LOCK",
    "SERIES_SCHEMA_LOCK",
    "SERIES_TABLES",
    "FlightedRow",
    "SeriesEventRow",
    "SeriesRow",
    "SeriesStore",
    "SqlSeries",
]
