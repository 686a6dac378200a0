"""The application: :class:`App`, one service per area over one store.

:mod:`pokertd.app` gives :class:`App` (and every service) by name; this module holds the
class so that importing the package costs nothing until a name is asked for (issue 25: a
CLI command loads the services it uses, not all five).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from pokertd.app.accounts import AccountService
from pokertd.app.leagues import LeagueService
from pokertd.app.players import PlayerService
from pokertd.app.series import SeriesService
from pokertd.app.signups import SignUpService
from pokertd.app.tournaments import TournamentService, utc_now
from pokertd.app.walls import WallService
from pokertd.errors import StoreError
from pokertd.i18n import N_
from pokertd.store import StoreHealth, open_store
from pokertd.store.accounts import AccountStore
from pokertd.store.base import masked_url


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
    signups: SignUpService
    """Sign-ups from the phone: personal links, check-in, the desk's one tap (issue 26)."""
    walls: WallService
    """The venue's wall screens: layouts, images, named screens (issue 27)."""

    @classmethod
    def over(cls, tournaments: TournamentService, *, now: Callable[[], datetime] = utc_now) -> App:
        """The application around a tournament service (its store keeps everything else)."""
        leagues = LeagueService.over(tournaments)
        store = tournaments.store
        if not isinstance(store, AccountStore):  # pragma: no cover - SQLite and PostgreSQL do
            raise StoreError(
                template=N_("The database at %(url)s cannot keep user accounts."),
                params={"url": masked_url(store.url)},
            )
        players = PlayerService(
            tournaments.store, tournaments, now=now, points=leagues.points_by_player
        )
        return cls(
            tournaments=tournaments,
            leagues=leagues,
            series=SeriesService(tournaments),
            players=players,
            accounts=AccountService(store),
            signups=SignUpService(tournaments, players),
            walls=WallService(tournaments, now=now),
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


__all__ = ["App"]
