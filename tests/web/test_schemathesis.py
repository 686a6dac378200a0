"""Property test of the whole JSON API from its own OpenAPI schema: bad input never gives a 500.

Schemathesis generates requests for every operation (every command included) and sends them
signed in as the director with the CSRF header, so the bodies reach the deciders.
"""

from __future__ import annotations

import tempfile
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import schemathesis
    from schemathesis.checks import not_a_server_error
    from starlette.testclient import TestClient

from pokertd import demo
from pokertd.service import open_service
from pokertd.web import Role, Settings, UserStore, create_app

from .conftest import DIRECTOR_PW, FAST_HASHER

_DIR = Path(tempfile.mkdtemp(prefix="pokertd-schema-"))
_URL = f"sqlite:///{_DIR / 'schema.db'}"
_SERVICE = open_service(_URL)
_USERS = UserStore(_URL, hasher=FAST_HASHER)
_USERS.add("floor1", "floor-pass-1", Role.FLOOR)
APP = create_app(_SERVICE, Settings(db_url=_URL, director_password=DIRECTOR_PW), users=_USERS)
TID = demo.build(_SERVICE, players=12)

with TestClient(APP) as _client:
    _r = _client.post("/api/login", json={"name": "director", "password": DIRECTOR_PW})
    COOKIE = "; ".join(f"{k}={v}" for k, v in _client.cookies.items())
    HEADERS = {"X-CSRF-Token": _r.json()["csrf"], "Cookie": COOKIE}

schema = schemathesis.openapi.from_asgi("/openapi.json", APP).exclude(
    path_regex=r"(/stream$|/login$|/demo$)"
)


@pytest.mark.slow
@schema.parametrize()
@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
def test_api_never_answers_500(case: Any) -> None:
    if "tid" in (case.path_parameters or {}):
        case.path_parameters["tid"] = TID
    case.call_and_validate(headers=HEADERS, checks=[not_a_server_error])
