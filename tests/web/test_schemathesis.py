"""Property test of the whole JSON API from its own OpenAPI schema: no input gives a 500.

Schemathesis generates requests for every operation (every command included), valid bodies
and invalid ones, and sends each one four times: anonymously, and with the staff sessions a
venue really has — a dealer signed in at table 1 with its PIN, a floorperson and the director,
each with their own session cookie and CSRF header. Every operation gets its own fresh store
and app, and every ``{tid}`` names a tournament that exists there (a 12-player demo), so the
bodies get past "no such tournament" into validation, the role checks and the deciders. The
director and floor sessions must stay signed in (never a 401), and the director is never
refused (never a 403): otherwise the run would only prove that the sign-in wall answers
politely. Bounded: a few examples per operation, well under a minute on 2 cores.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import schemathesis
    from schemathesis.checks import not_a_server_error
    from schemathesis.python import asgi
    from starlette.testclient import TestClient

from pokertd.app import App, demo
from pokertd.app.accounts import AccountService
from pokertd.app.tournaments import TournamentService, open_service
from pokertd.web import Role, Settings, create_app

from .conftest import DIRECTOR_PW, FAST_HASHER, FLOOR_PW

STAFF_LOGINS = {"director": ("director", DIRECTOR_PW), "floor": ("floor1", FLOOR_PW)}
"""The signed-in staff roles of the run and their accounts."""

ROLES = ("anonymous", "dealer", "floor", "director")
"""Who sends each generated request, in this order."""


def _app(url: str) -> tuple[Any, TournamentService, Callable[[], None]]:
    """The app over the store at ``url`` with the director and a floorperson; its closer."""
    service = open_service(url)
    users = AccountService(url, hasher=FAST_HASHER)
    users.add("floor1", FLOOR_PW, Role.FLOOR)
    app = create_app(
        App.over(service), Settings(db_url=url, director_password=DIRECTOR_PW), users=users
    )

    def close() -> None:
        users.close()
        service.close()

    return app, service, close


SCHEMA_APP, _, _close_schema_app = _app("sqlite:///:memory:")
"""Only the source of the schema: every operation is sent to its own fresh app."""

schema = schemathesis.openapi.from_asgi("/openapi.json", SCHEMA_APP).exclude(
    # The stream never ends; sign-in/out would end or lock out the run's own sessions (their
    # inputs are covered example by example in test_security); the demo builds 60 players.
    path_regex=r"(/stream$|/login$|/logout$|/demo$)"
)


@dataclass
class Session:
    """One signed-in browser: its cookies and the CSRF header its writes carry."""

    cookies: dict[str, str] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)


@dataclass
class Venue:
    """One operation's own app, a tournament that exists in it, everybody signed in to it."""

    app: Any
    tid: str
    sessions: dict[str, Session] = field(default_factory=dict)

    def sign_in(self, path: str, body: dict[str, Any]) -> Session:
        """Sign in through the API itself (no lifespan: schemathesis runs the app's own)."""
        client = TestClient(self.app)
        r = client.post(path, json=body)
        assert r.status_code == 200, r.text
        return Session(dict(client.cookies.items()), {"X-CSRF-Token": r.json()["csrf"]})

    def staff(self, role: str) -> Session:
        """A new session of the staff ``role``."""
        name, password = STAFF_LOGINS[role]
        return self.sign_in("/api/login", {"name": name, "password": password})

    def dealer(self) -> Session:
        """The dealer of table 1, signed in with the PIN the director reads."""
        client = TestClient(self.app, cookies=self.sessions["director"].cookies)
        r = client.get(f"/api/tournaments/{self.tid}/tables/1/pin")
        assert r.status_code == 200, r.text
        body = {"tournament": self.tid, "table": 1, "pin": r.json()["pin"]}
        return self.sign_in("/api/dealer/login", body)


@pytest.fixture(scope="module", autouse=True)
def _schema_app() -> Iterator[None]:
    yield
    _close_schema_app()


@pytest.fixture
def venue(tmp_path: Path) -> Iterator[Venue]:
    """A fresh store and app with a 12-player demo (seated, clock running) for one operation,
    so one operation's commands cannot end the night (or FOX-REG5 a name) for the next."""
    url = f"sqlite:///{tmp_path / 'schema.db'}"
    app, service, close = _app(url)
    tid = demo.build(service, players=12)
    v = Venue(app, tid)
    v.sessions = {"anonymous": Session(), "director": v.staff("director")}
    v.sessions["floor"] = v.staff("floor")
    v.sessions["dealer"] = v.dealer()
    yield v
    asgi.shutdown_lifespans()
    close()


def _send(case: Any, venue: Venue, role: str) -> Any:
    """The case's request as ``role`` to the venue's app; a staff session that was ended
    meanwhile (a generated request may end sessions) is signed in again once, and must then
    hold."""
    session = venue.sessions[role]
    response = case.call(headers=session.headers, cookies=session.cookies, app=venue.app)
    if response.status_code == 401 and role in STAFF_LOGINS:
        venue.sessions[role] = session = venue.staff(role)
        response = case.call(headers=session.headers, cookies=session.cookies, app=venue.app)
    case.validate_response(response, checks=[not_a_server_error])
    return response


@pytest.mark.slow
@schema.parametrize()
@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_never_answers_500_to_anyone(case: Any, venue: Venue) -> None:
    if "tid" in (case.path_parameters or {}):
        case.path_parameters["tid"] = venue.tid
    for role in ROLES:
        response = _send(case, venue, role)
        if role in STAFF_LOGINS:
            assert response.status_code != 401, f"the {role} session was refused: {response.text}"
        if role == "director":
            assert response.status_code != 403, f"the director was refused: {response.text}"
