"""Fixtures for the web tests: a fresh SQLite store, the app, staff accounts, a small demo."""

from __future__ import annotations

import itertools
import random
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from argon2 import PasswordHasher

with warnings.catch_warnings():  # starlette asks for httpx2; plain httpx works the same here
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from pokertd.app import App, demo
from pokertd.app.accounts import AccountService
from pokertd.app.tournaments import TournamentService
from pokertd.store import open_store
from pokertd.web import Role, Settings, create_app

FAST_HASHER = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
"""Cheap argon2 parameters: the tests check behaviour, not hashing cost."""

DIRECTOR_PW = "director-pass-1"
FLOOR_PW = "floor-pass-1"
DEALER_PW = "dealer-pass-1"


@dataclass
class Env:
    """The app under test and its parts."""

    url: str
    service: TournamentService
    users: AccountService
    client: TestClient

    def login(self, name: str = "director", password: str = DIRECTOR_PW) -> dict[str, str]:
        """Sign the client in; the CSRF header for writes."""
        r = self.client.post("/api/login", json={"name": name, "password": password})
        assert r.status_code == 200, r.text
        return {"X-CSRF-Token": r.json()["csrf"]}

    def logout(self) -> None:
        """Forget the session cookie."""
        self.client.cookies.delete("pokertd_session")


def make_env(tmp_path: Path, *, root_path: str = "", **settings: object) -> Iterator[Env]:
    """An app over a temporary SQLite file, signed out, with director/floor/dealer users
    (``root_path``: as if served under that prefix, ``pokertd serve --root-path``). Its
    random draws are seeded, so a test that passes once passes on every run."""
    url = f"sqlite:///{tmp_path / 'web.db'}"
    seeds = itertools.count(1)  # seat draws and hands seeded: a test sees the same night each run
    service = TournamentService(open_store(url), rng_factory=lambda: random.Random(next(seeds)))
    users = AccountService(url, hasher=FAST_HASHER)
    users.add("floor1", FLOOR_PW, Role.FLOOR)
    users.add("dealer1", DEALER_PW, Role.DEALER)
    opts: dict[str, object] = {"db_url": url, "director_password": DIRECTOR_PW}
    opts.update(settings)
    app = create_app(App.over(service), Settings(**opts), users=users)  # type: ignore[arg-type]
    with TestClient(app, root_path=root_path) as client:
        yield Env(url, service, users, client)
    service.close()
    users.close()


@pytest.fixture
def env(tmp_path: Path) -> Iterator[Env]:
    """The app with staff accounts, nobody signed in."""
    yield from make_env(tmp_path)


@pytest.fixture
def tid(env: Env) -> str:
    """A small demo tournament (12 players)."""
    return demo.build(env.service, players=12)
