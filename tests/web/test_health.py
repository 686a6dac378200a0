"""``/healthz`` and ``/readyz`` (issue 16): a load balancer's view of one server.

``/healthz`` never asks the database; ``/readyz`` is 503 with one sentence (and never the
database URL or password) when the store does not answer, hangs, or holds another schema.
"""

from __future__ import annotations

import threading
import time
import warnings
from pathlib import Path

import psycopg
import pytest

with warnings.catch_warnings():  # starlette asks for httpx2; plain httpx works the same
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from pokertd.app import App
from pokertd.app.tournaments import open_service
from pokertd.errors import StoreError
from pokertd.store import StoreHealth
from pokertd.store.base import masked_url as masked
from pokertd.store.testing import postgres_test_url
from pokertd.web import Settings, create_app
from pokertd.web.health import Readiness, schema_problem

from .conftest import Env


def _readiness(env: Env) -> Readiness:
    found: Readiness = env.client.app.state.readiness  # type: ignore[attr-defined]
    return found


def test_healthz_answers_without_a_session_or_the_database(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []

    def broken() -> StoreHealth:
        calls.append(1)
        raise StoreError("down")

    monkeypatch.setattr(env.service.store, "health", broken)
    r = env.client.get("/healthz")
    assert r.status_code == 200
    assert r.json() == {"status": "ok"}
    assert calls == []  # the liveness probe never touched the store


def test_readyz_is_200_when_the_store_answers_with_the_current_schema(env: Env) -> None:
    found = env.service.store.health()
    assert found.current
    assert found.backend == "sqlite"
    r = env.client.get("/readyz")
    assert (r.status_code, r.json()) == (200, {"status": "ok"})


def test_readyz_is_503_without_leaking_the_url_when_the_store_fails(
    env: Env, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken() -> StoreHealth:
        raise StoreError("could not reach postgresql://pokertd:hunter2@db:5432/pokertd")

    monkeypatch.setattr(env.service.store, "health", broken)
    r = env.client.get("/readyz")
    assert r.status_code == 503
    assert r.json() == {"status": "unavailable", "reason": "The database does not answer."}
    assert "hunter2" not in r.text
    assert "postgresql://" not in r.text
    logged = [rec.getMessage() for rec in caplog.records if rec.name == "pokertd.web.health"]
    assert logged
    assert "hunter2" not in logged[0]
    assert "pokertd:***@db" in logged[0]


def test_readyz_is_503_when_the_store_is_closed(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'closed.db'}"
    service = open_service(url)
    app = create_app(App.over(service), Settings(db_url=url))
    with TestClient(app) as client:
        assert client.get("/readyz").status_code == 200
        service.store.close()
        r = client.get("/readyz")
        assert r.status_code == 503
        assert r.json()["status"] == "unavailable"
        assert client.get("/healthz").status_code == 200


@pytest.mark.parametrize(
    ("offset", "words"),
    [(-1, "has not run yet"), (1, "newer than this pokertd")],
)
def test_readyz_is_503_when_the_schema_is_not_the_codes(
    env: Env, monkeypatch: pytest.MonkeyPatch, offset: int, words: str
) -> None:
    code = env.service.store.health().code_schema_version
    found = code + offset
    monkeypatch.setattr(env.service.store, "health", lambda: StoreHealth("sqlite", found, code))
    r = env.client.get("/readyz")
    assert r.status_code == 503
    reason = r.json()["reason"]
    assert words in reason
    assert f"version {found}" in reason


def test_schema_problem_is_none_when_current() -> None:
    assert schema_problem(StoreHealth("postgresql", 7, 7)) is None
    assert "version 6" in str(schema_problem(StoreHealth("postgresql", 6, 7)))


def test_readyz_times_out_on_a_hung_database_and_runs_one_check_at_a_time(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()
    calls: list[int] = []
    good = env.service.store.health()

    def hung() -> StoreHealth:
        calls.append(1)
        release.wait(10)
        return good

    monkeypatch.setattr(env.service.store, "health", hung)
    _readiness(env).timeout = 0.2
    try:
        started = time.monotonic()
        first = env.client.get("/readyz")
        second = env.client.get("/readyz")
        took = time.monotonic() - started
    finally:
        release.set()
    assert (first.status_code, second.status_code) == (503, 503)
    assert first.json()["reason"] == "The database did not answer within 0.2 seconds."
    assert took < 3.0
    assert calls == [1]  # the second probe waited on the hung check, no second thread
    deadline = time.monotonic() + 5
    while env.client.get("/readyz").status_code != 200:  # the check ended: ready again
        assert time.monotonic() < deadline
        time.sleep(0.05)


def test_masked_hides_url_passwords() -> None:
    assert masked("at postgresql://u:p%40ss@h/db now") == "at postgresql://u:***@h/db now"
    assert masked("no url here") == "no url here"


@pytest.mark.postgres
def test_readyz_is_503_when_the_postgres_database_is_dropped() -> None:
    """A PostgreSQL store whose database vanished: /readyz says so in one sentence."""
    admin, why = postgres_test_url()
    if admin is None:
        pytest.skip(why)
    name = f"pokertd_readyz_{int(time.time() * 1000) % 10**9}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    url = admin.rsplit("/", 1)[0] + f"/{name}"
    service = open_service(url)
    try:
        app = create_app(App.over(service), Settings(db_url=url))
        with TestClient(app) as client:
            client.app.state.readiness.timeout = 10.0  # type: ignore[attr-defined]
            assert client.get("/readyz").status_code == 200
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute(f"DROP DATABASE {name} WITH (FORCE)")
            r = client.get("/readyz")
            assert r.status_code == 503
            assert r.json()["status"] == "unavailable"
            assert "pokertd:" not in r.text
            assert name not in r.text
    finally:
        service.close()
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
