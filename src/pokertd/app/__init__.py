"""The application layer: every use case of pokertd, built once over one store.

The faces (web, CLI, simulator) call this package and the core's package faces, nothing
below them (docs/architecture.md, checked by tests/test_architecture.py). :class:`App`
holds one service per area, each a list of use cases with typed arguments and plain
results, as an eventsourcing application is: callers never touch the store or the events.

- ``tournaments`` (:class:`TournamentService`): run a command, read a state, undo, import;
- ``leagues`` (:class:`LeagueService`): leagues, seasons, sign-outs, standings;
- ``series`` (:class:`SeriesService`): series, flights, satellites, Day 2, the lobby;
- ``players`` (:class:`PlayerService`): the player database and histories;
- ``accounts`` (:class:`AccountService`): staff accounts, sessions, sign-in attempts;
- :meth:`App.health`: whether the database answers with the schema this code writes;
- :mod:`pokertd.app.screens`: the read models the screens show (console, TV, phone, dealer);
- :func:`sandbox`: a private tournament service for the simulator (its own store, simulated
  clock, seeded randomness; optionally a copy of a live tournament's log).

The store's plain result types a face shows (:class:`TournamentInfo`, :class:`PlayerRecord`,
:class:`Confirmation`, :class:`MergeRecord`, :class:`StoreHealth`) and the few helpers about
database URLs and export files (:func:`masked_url`, :func:`sqlite_path`, :func:`check_target`,
``MAX_FILE_BYTES``) are given here, so no face imports :mod:`pokertd.store`.

Implements: issue 24 (one application layer under the faces).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from pokertd.app.accounts import AccountService
from pokertd.app.leagues import LeagueService
from pokertd.app.players import PlayerService
from pokertd.app.sandbox import sandbox
from pokertd.app.series import SeriesService
from pokertd.app.tournaments import ID_ALPHABET, TournamentService, utc_now
from pokertd.errors import StoreError
from pokertd.store import StoreHealth, TournamentInfo, open_store, sqlite_path
from pokertd.store.accounts import AccountStore
from pokertd.store.base import masked_url
from pokertd.store.players import Confirmation, MergeRecord, PlayerRecord
from pokertd.store.portable import MAX_FILE_BYTES, check_target


@dataclass(frozen=True, slots=True)
class App:
    """pokertd's use cases over one store: made once, handed to every face."""

    tournaments: TournamentService
    """Tournaments: commands, states, undo and redo, backups and imports."""
    leagues: LeagueService
    """Leagues and seasons."""
    series: SeriesService
    """Series, flights, satellites and Day 2."""
    players: PlayerService
    """The player database and every player's history."""
    accounts: AccountService
    """Staff accounts, sessions and sign-in attempts (the web's ``AccountService``)."""

    @classmethod
    def over(cls, tournaments: TournamentService, *, now: Callable[[], datetime] = utc_now) -> App:
        """The application around a tournament service (its store keeps everything else)."""
        leagues = LeagueService.over(tournaments)
        store = tournaments.store
        if not isinstance(store, AccountStore):  # pragma: no cover - SQLite and PostgreSQL do
            raise StoreError(f"The database at {masked_url(store.url)} cannot keep user accounts.")
        return cls(
            tournaments=tournaments,
            leagues=leagues,
            series=SeriesService(tournaments),
            players=PlayerService(
                tournaments.store, tournaments, now=now, points=leagues.points_by_player
            ),
            accounts=AccountService(store),
        )

    @classmethod
    def open(cls, url: str, *, pool_size: int | None = None) -> App:
        """The application on the store at ``url`` (``sqlite:///…`` or ``postgresql://…``);
        ``pool_size`` caps its PostgreSQL connections (ignored for SQLite)."""
        return cls.over(TournamentService(open_store(url, pool_size=pool_size)))

    def health(self) -> StoreHealth:
        """Whether the database answers and holds the schema this code writes (``/readyz``,
        ``pokertd serve``); raises when the database does not answer."""
        return self.tournaments.store.health()


__all__ = [
    "ID_ALPHABET",
    "MAX_FILE_BYTES",
    "AccountService",
    "App",
    "Confirmation",
    "LeagueService",
    "MergeRecord",
    "PlayerRecord",
    "PlayerService",
    "SeriesService",
    "StoreHealth",
    "TournamentInfo",
    "TournamentService",
    "check_target",
    "masked_url",
    "sandbox",
    "sqlite_path",
]
