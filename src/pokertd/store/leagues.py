"""The league store contract: leagues, seasons, season events, sign-outs, a results cache.

Leagues span tournaments, so (like the accounts, :mod:`pokertd.store.accounts`) they live
in small tables beside the event log in the same database, with one SQL text both SQLite
and PostgreSQL accept (:class:`SqlLeagues`), run through the store's ``_accounts_tx`` /
``_accounts_read`` hooks. Tables are created on first use (``pokertd_`` prefix):

- ``pokertd_leagues``: key, name, points scheme (JSON, :class:`~pokertd.league.points.
  PointsScheme`), created.
- ``pokertd_seasons``: league, key, name, settings (JSON: best N, tie-break, qualification,
  championship stack rule).
- ``pokertd_season_events``: which tournament counts toward which season, and whether it is
  the season's championship. The primary key ``(league, tournament)`` makes "an event in
  one season of a league at most" a fact of the database, not only a check.
- ``pokertd_signouts``: the floor's sign-out records and late-sign-out flags per
  tournament and player (G5: SPOT-6.13), with who and when.
- ``pokertd_league_results``: each tournament's league result (JSON) at the log's ``seq``
  it was read from, so a season of 2,000 past events does not replay 2,000 logs.
- ``pokertd_history_imports`` / ``pokertd_history_rows``: a season's past results
  imported from another tool (issue 26, point 4), one batch per import with who and when;
  an undo deletes exactly its rows and marks the import undone.
- ``pokertd_season_changes``: every event taken out of a season and put back, with who and
  when (and the row it had), so a removal is recorded and undoable: undoing it puts the
  event back as it was counted.

Implements: G5 (SPOT-6.13: sign-outs and late flags as data), issue 14 (leagues, seasons).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from pokertd.errors import InvalidCommand, NotFound
from pokertd.i18n import N_
from pokertd.store.accounts import Runner, SideTables

LEAGUES_LOCK = 0x504B544C
"""PostgreSQL advisory lock of league writes ("PKTL")."""
LEAGUES_SCHEMA_LOCK = 0x504B544D
"""PostgreSQL advisory lock of the league tables' creation ("PKTM")."""

LEAGUE_TABLES = (
    "pokertd_leagues",
    "pokertd_seasons",
    "pokertd_season_events",
    "pokertd_signouts",
    "pokertd_league_results",
    "pokertd_season_changes",
    "pokertd_history_imports",
    "pokertd_history_rows",
)
"""The league tables, in creation order."""

_DDL = (
    "CREATE TABLE IF NOT EXISTS pokertd_leagues (key TEXT PRIMARY KEY, name TEXT NOT NULL, "
    "scheme TEXT NOT NULL, created DOUBLE PRECISION NOT NULL)",
    "CREATE TABLE IF NOT EXISTS pokertd_seasons (league TEXT NOT NULL, key TEXT NOT NULL, "
    "name TEXT NOT NULL, settings TEXT NOT NULL, created DOUBLE PRECISION NOT NULL, "
    "PRIMARY KEY (league, key))",
    "CREATE TABLE IF NOT EXISTS pokertd_season_events (league TEXT NOT NULL, "
    "season TEXT NOT NULL, tournament TEXT NOT NULL, championship INTEGER NOT NULL, "
    "added DOUBLE PRECISION NOT NULL, PRIMARY KEY (league, tournament))",
    "CREATE INDEX IF NOT EXISTS pokertd_season_events_season "
    "ON pokertd_season_events (league, season)",
    "CREATE TABLE IF NOT EXISTS pokertd_signouts (tournament TEXT NOT NULL, "
    "player TEXT NOT NULL, mark TEXT NOT NULL, by_whom TEXT NOT NULL, "
    "at DOUBLE PRECISION NOT NULL, PRIMARY KEY (tournament, player))",
    "CREATE TABLE IF NOT EXISTS pokertd_league_results (tournament TEXT PRIMARY KEY, "
    "seq INTEGER NOT NULL, data TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS pokertd_season_changes (league TEXT NOT NULL, "
    "season TEXT NOT NULL, tournament TEXT NOT NULL, action TEXT NOT NULL, "
    "championship INTEGER NOT NULL, added DOUBLE PRECISION NOT NULL, by_whom TEXT NOT NULL, "
    "at DOUBLE PRECISION NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (league, tournament, n))",
    "CREATE TABLE IF NOT EXISTS pokertd_history_imports (id TEXT PRIMARY KEY, "
    "league TEXT NOT NULL, season TEXT NOT NULL, source TEXT NOT NULL, "
    "by_whom TEXT NOT NULL, at DOUBLE PRECISION NOT NULL, rows_added INTEGER NOT NULL, "
    "undone_by TEXT, undone_at DOUBLE PRECISION)",
    "CREATE TABLE IF NOT EXISTS pokertd_history_rows (import_id TEXT NOT NULL, "
    "line INTEGER NOT NULL, player TEXT NOT NULL, name TEXT NOT NULL, "
    "event_date TEXT NOT NULL, event_name TEXT NOT NULL, place INTEGER, "
    "points DOUBLE PRECISION NOT NULL, prize_cents INTEGER, PRIMARY KEY (import_id, line))",
)


@dataclass(frozen=True, slots=True)
class LeagueRow:
    """A league as stored (``scheme`` is the points scheme's JSON text)."""

    key: str
    name: str
    scheme: str
    created: float


@dataclass(frozen=True, slots=True)
class SeasonRow:
    """A season as stored (``settings`` is JSON text)."""

    league: str
    key: str
    name: str
    settings: str
    created: float


@dataclass(frozen=True, slots=True)
class SeasonEventRow:
    """A tournament counted toward a season (or the season's championship)."""

    league: str
    season: str
    tournament: str
    championship: bool
    added: float


@dataclass(frozen=True, slots=True)
class SignOutRow:
    """The floor's record of one player's sign-out in one tournament (G5: SPOT-6.13)."""

    tournament: str
    player: str
    mark: str
    """``signed`` or ``late`` (:class:`~pokertd.league.points.SignOut`)."""
    by: str
    at: float


@dataclass(frozen=True, slots=True)
class SeasonChangeRow:
    """An event taken out of a season (``removed``) or put back (``restored``), with the
    season row it had (championship flag, when it was first added), who and when."""

    league: str
    season: str
    tournament: str
    action: str
    """``removed`` or ``restored``."""
    championship: bool
    added: float
    by: str
    at: float


REMOVED = "removed"
RESTORED = "restored"


@dataclass(frozen=True, slots=True)
class HistoryImportRow:
    """One import of a season's past results from another tool (issue 26, point 4): who,
    when, from which file, how many results; its undo if any."""

    id: str
    league: str
    season: str
    source: str
    by: str
    at: float
    rows: int
    undone_by: str | None = None
    undone_at: float | None = None

    @property
    def active(self) -> bool:
        """Counted in the standings (not undone)."""
        return self.undone_at is None


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """One imported result: a player's place and points (as the file gave them, never
    recomputed) in one past event of another tool."""

    import_id: str
    line: int
    """The file's line it came from."""
    player: str
    """The player key (``db:<id>``: imported results are matched to the player database)."""
    name: str
    event_date: str
    """``YYYY-MM-DD``."""
    event_name: str
    place: int | None
    points: float
    prize_cents: int | None


@runtime_checkable
class LeagueStore(Protocol):
    """Leagues, seasons, season events, sign-outs and cached results of one database.

    Failures of the database are :class:`~pokertd.errors.StoreError`; a refused write
    (``InvalidCommand``/``NotFound``) changes nothing.
    """

    url: str

    def add_league(self, row: LeagueRow) -> None:
        """Create a league (``InvalidCommand`` when the key is taken)."""
        ...

    def league(self, key: str) -> LeagueRow | None:
        """The league ``key``, or ``None``."""
        ...

    def leagues(self) -> list[LeagueRow]:
        """Every league, by key."""
        ...

    def add_season(self, row: SeasonRow) -> None:
        """Create a season (``NotFound`` without its league, ``InvalidCommand`` if taken)."""
        ...

    def season(self, league: str, key: str) -> SeasonRow | None:
        """The season, or ``None``."""
        ...

    def seasons(self, league: str) -> list[SeasonRow]:
        """The league's seasons, oldest first."""
        ...

    def add_season_event(self, row: SeasonEventRow) -> None:
        """Count a tournament toward a season; refused (``InvalidCommand``) when it already
        counts toward a season of that league, or the season has a championship already
        and ``row`` is one too; ``NotFound`` without the season."""
        ...

    def season_events(self, league: str, season: str) -> list[SeasonEventRow]:
        """The season's tournaments, in the order they were added."""
        ...

    def remove_season_event(
        self, league: str, season: str, tournament: str, *, by: str, at: float
    ) -> SeasonChangeRow:
        """Take a tournament out of a season, recorded (``InvalidCommand`` when it is not
        in that season)."""
        ...

    def restore_season_event(
        self, league: str, season: str, tournament: str, *, by: str, at: float
    ) -> SeasonChangeRow:
        """Undo the last removal of a tournament from a season: it counts again as it did."""
        ...

    def season_changes(self, league: str, season: str) -> list[SeasonChangeRow]:
        """The season's removals and restorations, oldest first."""
        ...

    def put_signout(self, row: SignOutRow) -> None:
        """Record (or replace) a player's sign-out mark in a tournament."""
        ...

    def add_history(self, record: HistoryImportRow, rows: Sequence[HistoryRow]) -> None:
        """Record an import of past results and its rows in one transaction."""
        ...

    def undo_history(self, import_id: str, *, by: str, at: float) -> HistoryImportRow:
        """Delete exactly the import's rows and mark it undone."""
        ...

    def history_imports(self, league: str, season: str) -> list[HistoryImportRow]:
        """The season's imports of past results, newest first (undone ones too)."""
        ...

    def season_history(self, league: str, season: str) -> list[HistoryRow]:
        """The season's imported results still counted, by import and line."""
        ...

    def signouts(self, tournaments: Sequence[str]) -> list[SignOutRow]:
        """Every sign-out record of these tournaments."""
        ...

    def cached_results(self, tournaments: Sequence[str]) -> dict[str, tuple[int, str]]:
        """Tournament -> ``(seq, JSON)`` of its cached league result."""
        ...

    def put_cached_result(self, tournament: str, seq: int, data: str) -> None:
        """Cache a tournament's league result read at ``seq``."""
        ...


_CHUNK = 500
"""Most tournament ids in one ``IN (…)`` list."""


class SqlLeagues(SideTables):
    """:class:`LeagueStore` over the store's side-table hooks (one SQL text for both
    dialects; writes under :data:`LEAGUES_LOCK`)."""

    _leagues_ready: bool = False

    def _ensure_leagues(self) -> None:
        """Create the league tables once per store."""
        if not self._leagues_ready:
            self._create_tables(_DDL, LEAGUES_SCHEMA_LOCK)
            self._leagues_ready = True

    @contextlib.contextmanager
    def _league_tx(self) -> Iterator[Runner]:
        self._ensure_leagues()
        with self._accounts_tx(LEAGUES_LOCK) as run:
            yield run

    def _league_read(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        self._ensure_leagues()
        with self._accounts_read() as run:
            return run(sql, params)

    # ---- leagues and seasons ----------------------------------------------------------

    def add_league(self, row: LeagueRow) -> None:
        """Create a league (``InvalidCommand`` when the key is taken)."""
        with self._league_tx() as run:
            if run("SELECT 1 FROM pokertd_leagues WHERE key = ?", (row.key,)):
                raise InvalidCommand(
                    template=N_("A league called %(key)s already exists."),
                    params={"key": repr(row.key)},
                )
            run(
                "INSERT INTO pokertd_leagues (key, name, scheme, created) VALUES (?, ?, ?, ?)",
                (row.key, row.name, row.scheme, row.created),
            )

    def league(self, key: str) -> LeagueRow | None:
        """The league ``key``, or ``None``."""
        rows = self._league_read(
            "SELECT key, name, scheme, created FROM pokertd_leagues WHERE key = ?", (key,)
        )
        return (
            LeagueRow(str(rows[0][0]), str(rows[0][1]), str(rows[0][2]), float(rows[0][3]))
            if rows
            else None
        )

    def leagues(self) -> list[LeagueRow]:
        """Every league, by key."""
        rows = self._league_read(
            "SELECT key, name, scheme, created FROM pokertd_leagues ORDER BY key"
        )
        return [LeagueRow(str(k), str(n), str(s), float(c)) for k, n, s, c in rows]

    def add_season(self, row: SeasonRow) -> None:
        """Create a season (``NotFound`` without its league, ``InvalidCommand`` if taken)."""
        with self._league_tx() as run:
            if not run("SELECT 1 FROM pokertd_leagues WHERE key = ?", (row.league,)):
                raise NotFound(
                    template=N_("There is no league %(key)s."), params={"key": repr(row.league)}
                )
            if run(
                "SELECT 1 FROM pokertd_seasons WHERE league = ? AND key = ?", (row.league, row.key)
            ):
                raise InvalidCommand(
                    template=N_("League %(league)s already has a season %(season)s."),
                    params={"league": repr(row.league), "season": repr(row.key)},
                )
            run(
                "INSERT INTO pokertd_seasons (league, key, name, settings, created) "
                "VALUES (?, ?, ?, ?, ?)",
                (row.league, row.key, row.name, row.settings, row.created),
            )

    def season(self, league: str, key: str) -> SeasonRow | None:
        """The season, or ``None``."""
        rows = self._league_read(
            "SELECT league, key, name, settings, created FROM pokertd_seasons "
            "WHERE league = ? AND key = ?",
            (league, key),
        )
        return _season(rows[0]) if rows else None

    def seasons(self, league: str) -> list[SeasonRow]:
        """The league's seasons, oldest first."""
        rows = self._league_read(
            "SELECT league, key, name, settings, created FROM pokertd_seasons "
            "WHERE league = ? ORDER BY created, key",
            (league,),
        )
        return [_season(r) for r in rows]

    # ---- season events ------------------------------------------------------------------

    def add_season_event(self, row: SeasonEventRow) -> None:
        """Count a tournament toward a season (one season per league; one championship)."""
        with self._league_tx() as run:
            if not run(
                "SELECT 1 FROM pokertd_seasons WHERE league = ? AND key = ?",
                (row.league, row.season),
            ):
                raise NotFound(
                    template=N_("League %(league)s has no season %(season)s."),
                    params={"league": repr(row.league), "season": repr(row.season)},
                )
            other = run(
                "SELECT season FROM pokertd_season_events WHERE league = ? AND tournament = ?",
                (row.league, row.tournament),
            )
            if other:
                raise InvalidCommand(
                    template=N_(
                        "Tournament %(tournament)s already counts toward season %(season)s of "
                        "league %(league)s: an event counts toward one season of a league at "
                        "most."
                    ),
                    params={
                        "tournament": row.tournament,
                        "season": repr(other[0][0]),
                        "league": repr(row.league),
                    },
                )
            if row.championship and run(
                "SELECT tournament FROM pokertd_season_events "
                "WHERE league = ? AND season = ? AND championship = 1",
                (row.league, row.season),
            ):
                raise InvalidCommand(
                    template=N_("Season %(season)s already has its championship."),
                    params={"season": repr(row.season)},
                )
            run(
                "INSERT INTO pokertd_season_events "
                "(league, season, tournament, championship, added) VALUES (?, ?, ?, ?, ?)",
                (row.league, row.season, row.tournament, int(row.championship), row.added),
            )

    def season_events(self, league: str, season: str) -> list[SeasonEventRow]:
        """The season's tournaments, in the order they were added."""
        rows = self._league_read(
            "SELECT league, season, tournament, championship, added FROM pokertd_season_events "
            "WHERE league = ? AND season = ? ORDER BY added, tournament",
            (league, season),
        )
        return [
            SeasonEventRow(str(lg), str(s), str(t), bool(c), float(a)) for lg, s, t, c, a in rows
        ]

    def remove_season_event(
        self, league: str, season: str, tournament: str, *, by: str, at: float
    ) -> SeasonChangeRow:
        """Take a tournament out of a season and record it (with the row it had, so an
        undo restores it exactly); ``InvalidCommand`` naming where it counts when it is not
        in that season."""
        with self._league_tx() as run:
            rows = run(
                "SELECT season, championship, added FROM pokertd_season_events "
                "WHERE league = ? AND tournament = ?",
                (league, tournament),
            )
            if not rows or str(rows[0][0]) != season:
                params = {
                    "tournament": tournament,
                    "season": repr(season),
                    "league": repr(league),
                }
                if rows:
                    raise InvalidCommand(
                        template=N_(
                            "Tournament %(tournament)s is not in season %(season)s of league "
                            "%(league)s; it counts toward season %(other)s. Nothing was taken "
                            "out."
                        ),
                        params=params | {"other": repr(rows[0][0])},
                    )
                raise InvalidCommand(
                    template=N_(
                        "Tournament %(tournament)s is not in season %(season)s of league "
                        "%(league)s: it counts toward none of this league's seasons. Nothing "
                        "was taken out."
                    ),
                    params=params,
                )
            change = SeasonChangeRow(
                league, season, tournament, REMOVED, bool(rows[0][1]), float(rows[0][2]), by, at
            )
            run(
                "DELETE FROM pokertd_season_events WHERE league = ? AND tournament = ?",
                (league, tournament),
            )
            self._put_change(run, change)
            return change

    def restore_season_event(
        self, league: str, season: str, tournament: str, *, by: str, at: float
    ) -> SeasonChangeRow:
        """Undo the last removal of a tournament from a season: it counts again with the
        row it had. Refused when that tournament's last change in this league is not a
        removal from this season, or it was counted elsewhere since."""
        with self._league_tx() as run:
            last = run(
                "SELECT season, action, championship, added FROM pokertd_season_changes "
                "WHERE league = ? AND tournament = ? ORDER BY n DESC LIMIT 1",
                (league, tournament),
            )
            if not last or str(last[0][0]) != season or str(last[0][1]) != REMOVED:
                raise InvalidCommand(
                    template=N_(
                        "Tournament %(tournament)s was not taken out of season %(season)s of "
                        "league %(league)s: there is no removal to undo."
                    ),
                    params={
                        "tournament": tournament,
                        "season": repr(season),
                        "league": repr(league),
                    },
                )
            other = run(
                "SELECT season FROM pokertd_season_events WHERE league = ? AND tournament = ?",
                (league, tournament),
            )
            if other:
                raise InvalidCommand(
                    template=N_(
                        "Tournament %(tournament)s counts toward season %(season)s now: an "
                        "event counts toward one season of a league at most. Take it out "
                        "there first."
                    ),
                    params={"tournament": tournament, "season": repr(other[0][0])},
                )
            champion = bool(last[0][2])
            if champion and run(
                "SELECT 1 FROM pokertd_season_events "
                "WHERE league = ? AND season = ? AND championship = 1",
                (league, season),
            ):
                raise InvalidCommand(
                    template=N_("Season %(season)s has another championship now."),
                    params={"season": repr(season)},
                )
            change = SeasonChangeRow(
                league, season, tournament, RESTORED, champion, float(last[0][3]), by, at
            )
            run(
                "INSERT INTO pokertd_season_events "
                "(league, season, tournament, championship, added) VALUES (?, ?, ?, ?, ?)",
                (league, season, tournament, int(champion), change.added),
            )
            self._put_change(run, change)
            return change

    @staticmethod
    def _put_change(run: Runner, change: SeasonChangeRow) -> None:
        """Record a change as the tournament's next in this league (numbered: two at the
        same instant keep their order)."""
        count = run(
            "SELECT COUNT(*) FROM pokertd_season_changes WHERE league = ? AND tournament = ?",
            (change.league, change.tournament),
        )
        run(
            "INSERT INTO pokertd_season_changes (league, season, tournament, action, "
            "championship, added, by_whom, at, n) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                change.league,
                change.season,
                change.tournament,
                change.action,
                int(change.championship),
                change.added,
                change.by,
                change.at,
                int(count[0][0]) + 1,
            ),
        )

    def season_changes(self, league: str, season: str) -> list[SeasonChangeRow]:
        """The season's removals and restorations, oldest first."""
        rows = self._league_read(
            "SELECT league, season, tournament, action, championship, added, by_whom, at "
            "FROM pokertd_season_changes WHERE league = ? AND season = ? "
            "ORDER BY at, tournament, n",
            (league, season),
        )
        return [
            SeasonChangeRow(str(lg), str(s), str(t), str(a), bool(c), float(ad), str(b), float(at))
            for lg, s, t, a, c, ad, b, at in rows
        ]

    # ---- sign-outs (G5: SPOT-6.13) ---------------------------------------------------------

    def put_signout(self, row: SignOutRow) -> None:
        """Record (or replace) a player's sign-out mark in a tournament."""
        with self._league_tx() as run:
            run(
                "INSERT INTO pokertd_signouts (tournament, player, mark, by_whom, at) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (tournament, player) DO UPDATE SET "
                "mark = excluded.mark, by_whom = excluded.by_whom, at = excluded.at",
                (row.tournament, row.player, row.mark, row.by, row.at),
            )

    def signouts(self, tournaments: Sequence[str]) -> list[SignOutRow]:
        """Every sign-out record of these tournaments."""
        out: list[SignOutRow] = []
        for part in _chunks(tournaments):
            marks = ", ".join("?" for _ in part)
            rows = self._league_read(
                "SELECT tournament, player, mark, by_whom, at FROM pokertd_signouts "
                f"WHERE tournament IN ({marks}) ORDER BY tournament, player",
                tuple(part),
            )
            out.extend(
                SignOutRow(str(t), str(p), str(m), str(b), float(a)) for t, p, m, b, a in rows
            )
        return out

    # ---- imported history (issue 26, point 4) -------------------------------------------

    def add_history(self, record: HistoryImportRow, rows: Sequence[HistoryRow]) -> None:
        """Record an import of past results and its rows in one transaction
        (``NotFound`` without the season, ``InvalidCommand`` when the id is taken)."""
        with self._league_tx() as run:
            if not run(
                "SELECT 1 FROM pokertd_seasons WHERE league = ? AND key = ?",
                (record.league, record.season),
            ):
                raise NotFound(
                    template=N_("League %(league)s has no season %(season)s."),
                    params={"league": repr(record.league), "season": repr(record.season)},
                )
            if run("SELECT 1 FROM pokertd_history_imports WHERE id = ?", (record.id,)):
                raise InvalidCommand(
                    template=N_("Import id %(id)s is taken; try again."), params={"id": record.id}
                )
            run(
                "INSERT INTO pokertd_history_imports (id, league, season, source, by_whom, at, "
                "rows_added, undone_by, undone_at) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, NULL)",
                (record.id, record.league, record.season, record.source, record.by, record.at,
                 len(rows)),
            )  # fmt: skip
            for r in rows:
                run(
                    "INSERT INTO pokertd_history_rows (import_id, line, player, name, "
                    "event_date, event_name, place, points, prize_cents) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (record.id, r.line, r.player, r.name, r.event_date, r.event_name, r.place,
                     r.points, r.prize_cents),
                )  # fmt: skip

    def undo_history(self, import_id: str, *, by: str, at: float) -> HistoryImportRow:
        """Delete exactly the import's rows and mark it undone (its record stays, for the
        audit); refused, nothing changed, when there is no such import or it is undone."""
        with self._league_tx() as run:
            found = run(_HISTORY_SELECT + " WHERE id = ?", (import_id,))
            if not found:
                raise NotFound(
                    template=N_("There is no history import %(id)s."),
                    params={"id": repr(import_id)},
                )
            record = _history(found[0])
            if not record.active:
                raise InvalidCommand(
                    template=N_("History import %(id)s was undone already by %(staff)s."),
                    params={"id": import_id, "staff": record.undone_by},
                )
            run("DELETE FROM pokertd_history_rows WHERE import_id = ?", (import_id,))
            run(
                "UPDATE pokertd_history_imports SET undone_by = ?, undone_at = ? WHERE id = ?",
                (by, at, import_id),
            )
            return HistoryImportRow(
                record.id, record.league, record.season, record.source, record.by,
                record.at, record.rows, by, at,
            )  # fmt: skip

    def history_imports(self, league: str, season: str) -> list[HistoryImportRow]:
        """The season's imports of past results, newest first (undone ones too)."""
        rows = self._league_read(
            _HISTORY_SELECT + " WHERE league = ? AND season = ? ORDER BY at DESC, id",
            (league, season),
        )
        return [_history(r) for r in rows]

    def season_history(self, league: str, season: str) -> list[HistoryRow]:
        """The season's imported results still counted, by import and line."""
        rows = self._league_read(
            "SELECT r.import_id, r.line, r.player, r.name, r.event_date, r.event_name, "
            "r.place, r.points, r.prize_cents FROM pokertd_history_rows r "
            "JOIN pokertd_history_imports i ON i.id = r.import_id "
            "WHERE i.league = ? AND i.season = ? AND i.undone_at IS NULL "
            "ORDER BY i.at, r.import_id, r.line",
            (league, season),
        )
        return [
            HistoryRow(
                str(i),
                int(ln),
                str(p),
                str(n),
                str(d),
                str(e),
                None if pl is None else int(pl),
                float(pt),
                None if pz is None else int(pz),
            )
            for i, ln, p, n, d, e, pl, pt, pz in rows
        ]

    # ---- results cache ------------------------------------------------------------------

    def cached_results(self, tournaments: Sequence[str]) -> dict[str, tuple[int, str]]:
        """Tournament -> ``(seq, JSON)`` of its cached league result."""
        out: dict[str, tuple[int, str]] = {}
        for part in _chunks(tournaments):
            marks = ", ".join("?" for _ in part)
            rows = self._league_read(
                "SELECT tournament, seq, data FROM pokertd_league_results "
                f"WHERE tournament IN ({marks})",
                tuple(part),
            )
            out.update({str(t): (int(s), str(d)) for t, s, d in rows})
        return out

    def put_cached_result(self, tournament: str, seq: int, data: str) -> None:
        """Cache a tournament's league result read at ``seq``."""
        with self._league_tx() as run:
            run(
                "INSERT INTO pokertd_league_results (tournament, seq, data) VALUES (?, ?, ?) "
                "ON CONFLICT (tournament) DO UPDATE SET seq = excluded.seq, data = excluded.data",
                (tournament, seq, data),
            )


_HISTORY_SELECT = (
    "SELECT id, league, season, source, by_whom, at, rows_added, undone_by, undone_at "
    "FROM pokertd_history_imports"
)


def _history(row: Sequence[Any]) -> HistoryImportRow:
    return HistoryImportRow(
        str(row[0]), str(row[1]), str(row[2]), str(row[3]), str(row[4]), float(row[5]),
        int(row[6]), None if row[7] is None else str(row[7]),
        None if row[8] is None else float(row[8]),
    )  # fmt: skip


def _season(row: Sequence[Any]) -> SeasonRow:
    return SeasonRow(str(row[0]), str(row[1]), str(row[2]), str(row[3]), float(row[4]))


def _chunks(items: Sequence[str]) -> Iterator[list[str]]:
    items = list(dict.fromkeys(items))
    for i in range(0, len(items), _CHUNK):
        yield items[i : i + _CHUNK]


__all__ = [
    "LEAGUES_LOCK",
    "LEAGUES_SCHEMA_LOCK",
    "LEAGUE_TABLES",
    "REMOVED",
    "RESTORED",
    "HistoryImportRow",
    "HistoryRow",
    "LeagueRow",
    "LeagueStore",
    "SeasonChangeRow",
    "SeasonEventRow",
    "SeasonRow",
    "SignOutRow",
    "SqlLeagues",
]
