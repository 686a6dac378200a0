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
- ``walls`` (:class:`WallService`): the venue's screen layouts, images and named screens;
- :meth:`App.health`: whether the database answers with the schema this code writes;
- :mod:`pokertd.app.screens`: the read models the screens show (console, TV, phone, dealer);
- :func:`sandbox`: a private tournament service for the simulator (its own store, simulated
  clock, seeded randomness; optionally a copy of a live tournament's log).

The store's plain result types a face shows (:class:`TournamentInfo`, :class:`PlayerRecord`,
:class:`Confirmation`, :class:`MergeRecord`, :class:`StoreHealth`) and the few helpers about
database URLs and export files (:func:`masked_url`, :func:`sqlite_path`, :func:`check_target`,
``MAX_FILE_BYTES``) are given here, so no face imports :mod:`pokertd.store`.

The package imports nothing until a name is asked for (PEP 562 ``__getattr__``):
``from pokertd.app import App`` loads the services, ``pokertd.app.tournaments`` alone loads
only the tournament service, so ``pokertd status T`` pays for no accounts, leagues or
series (issue 25, docs/cli.md).

Implements: issue 24 (one application layer under the faces); issue 25, point 4 (a command
imports only what it needs).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pokertd.app.accounts import AccountService
    from pokertd.app.application import App
    from pokertd.app.leagues import LeagueService
    from pokertd.app.players import PlayerService
    from pokertd.app.sandbox import sandbox
    from pokertd.app.series import SeriesService
    from pokertd.app.tournaments import ID_ALPHABET, TournamentService
    from pokertd.app.walls import WallService
    from pokertd.store import StoreHealth, TournamentInfo, sqlite_path
    from pokertd.store.base import masked_url
    from pokertd.store.players import Confirmation, MergeRecord, PlayerRecord
    from pokertd.store.portable import MAX_FILE_BYTES, check_target

_HOMES: dict[str, str] = {
    "App": "pokertd.app.application",
    "AccountService": "pokertd.app.accounts",
    "LeagueService": "pokertd.app.leagues",
    "PlayerService": "pokertd.app.players",
    "SeriesService": "pokertd.app.series",
    "TournamentService": "pokertd.app.tournaments",
    "WallService": "pokertd.app.walls",
    "ID_ALPHABET": "pokertd.app.tournaments",
    "sandbox": "pokertd.app.sandbox",
    "StoreHealth": "pokertd.store",
    "TournamentInfo": "pokertd.store",
    "sqlite_path": "pokertd.store",
    "masked_url": "pokertd.store.base",
    "Confirmation": "pokertd.store.players",
    "MergeRecord": "pokertd.store.players",
    "PlayerRecord": "pokertd.store.players",
    "MAX_FILE_BYTES": "pokertd.store.portable",
    "check_target": "pokertd.store.portable",
}
"""Where each name the package gives lives (the names under ``TYPE_CHECKING`` above)."""


def __getattr__(name: str) -> object:
    """A name of the package, imported from its module when first asked for (PEP 562).

    Start-up (issue 25): the module is loaded here, not at the package's top, so a face
    that needs one service imports that one; the value is kept in the package afterwards.
    """
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'pokertd.app' has no attribute {name!r}")
    value: object = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


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
    "WallService",
    "check_target",
    "masked_url",
    "sandbox",
    "sqlite_path",
]
