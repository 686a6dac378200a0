"""Hostile input to the JSON API is refused with 4xx and ``{error, message, rule}``, never
a 500, and nothing is stored (issue 10, "Inputs").

The limits come from the command types (:mod:`pokertd.tournament.limits`) and are published
in the OpenAPI schema; the body checks (size, UTF-8, lone surrogates) from
:mod:`pokertd.web.errors`.
"""

from __future__ import annotations

import json
import unicodedata
import warnings
from typing import Any

import pytest

from .conftest import DIRECTOR_PW, Env

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

JSON = {"content-type": "application/json"}


def _post(
    env: Env,
    tid: str,
    name: str,
    body: Any = None,
    *,
    raw: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> Any:
    hdrs = {**(headers or env.login()), **JSON}
    content = raw if raw is not None else json.dumps(body).encode()
    return env.client.post(f"/api/tournaments/{tid}/commands/{name}", content=content, headers=hdrs)


def _refused(r: Any, status: int, words: str) -> None:
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) >= {"error", "message", "rule"}
    assert words in body["message"]


def _register(name: str) -> dict[str, Any]:
    return {"name": name, "age_ok": True, "member_ok": True}


def test_long_name_is_422_with_the_limit_in_words_and_nothing_stored(env: Env, tid: str) -> None:
    before = len(env.service.records(tid))
    r = _post(env, tid, "register", _register("x" * 100_000))
    _refused(r, 422, "A player's name can have at most 60 characters.")
    assert len(env.service.records(tid)) == before


def test_ten_million_character_name_is_refused_before_it_is_read(env: Env, tid: str) -> None:
    before = len(env.service.records(tid))
    r = _post(env, tid, "register", _register("x" * 10_000_000))
    _refused(r, 413, "too large")
    assert len(env.service.records(tid)) == before


def test_lone_surrogate_in_a_name_is_422(env: Env, tid: str) -> None:
    before = len(env.service.records(tid))
    r = _post(env, tid, "register", raw=b'{"name": "Bob \\ud800", "age_ok": true}')
    _refused(r, 422, "lone surrogate")
    assert len(env.service.records(tid)) == before


def test_a_surrogate_pair_escape_is_a_valid_character(env: Env, tid: str) -> None:
    r = _post(
        env,
        tid,
        "register",
        raw=b'{"name": "Ann \\ud83d\\ude00", "age_ok": true, "member_ok": true}',
    )
    assert r.status_code == 200, r.text


def test_invalid_utf8_is_422(env: Env, tid: str) -> None:
    r = _post(env, tid, "register", raw=b'{"name": "\xff\xfe"}')
    _refused(r, 422, "UTF-8")


def test_invalid_json_is_422(env: Env, tid: str) -> None:
    r = _post(env, tid, "register", raw=b'{"name": ')
    _refused(r, 422, "not valid JSON")
    r = _post(env, tid, "register", raw=b"[" * 200_000)
    assert r.status_code == 422, r.text


def test_adjust_clock_by_two_to_the_63_seconds_is_422(env: Env, tid: str) -> None:
    before = len(env.service.records(tid))
    r = _post(env, tid, "adjust_clock", {"seconds": 2**63})
    _refused(r, 422, "between -86,400 and 86,400")
    assert len(env.service.records(tid)) == before


def test_unknown_field_is_422_and_no_bust_is_recorded(env: Env, tid: str) -> None:
    before = len(env.service.records(tid))
    r = _post(env, tid, "bust", {"players": ["P1"], "elimnator": "P2"})
    _refused(r, 422, "elimnator")
    assert len(env.service.records(tid)) == before


def test_dealer_sending_table_superscript_two_is_refused_not_500(env: Env, tid: str) -> None:
    env.login("director", DIRECTOR_PW)
    pin = env.client.get(f"/api/tournaments/{tid}/tables/1/pin").json()["pin"]
    env.logout()
    dealer = TestClient(env.client.app)
    r = dealer.post("/api/dealer/login", json={"tournament": tid, "table": 1, "pin": pin})
    assert r.status_code == 200, r.text
    headers = {"X-CSRF-Token": r.json()["csrf"], **JSON}
    for body in ({"table": "²"}, {"table": "١"}, {"table": "9" * 5000}):
        r = dealer.post(
            f"/api/tournaments/{tid}/commands/table_hand_finished",
            content=json.dumps(body).encode(),
            headers=headers,
        )
        assert 400 <= r.status_code < 500, (body, r.status_code, r.text)


def test_nfc_and_nfd_names_are_one_player_through_the_api(env: Env, tid: str) -> None:
    nfd = unicodedata.normalize("NFD", "José Núñez")
    nfc = unicodedata.normalize("NFC", "José Núñez")
    assert _post(env, tid, "register", _register(nfd)).status_code == 200
    r = _post(env, tid, "register", _register(nfc))
    _refused(r, 409, "already registered")
    names = [
        p["name"]
        for p in env.client.get(f"/api/tournaments/{tid}/players", params={"q": "José"}).json()
    ]
    assert names == [nfc]


def test_openapi_publishes_the_limits(env: Env) -> None:
    schemas = env.client.get("/openapi.json").json()["components"]["schemas"]
    register = schemas["Register"]["properties"]
    assert register["name"]["maxLength"] == 60
    assert register["member"]["maxLength"] == 32
    seconds = schemas["AdjustClock"]["properties"]["seconds"]
    assert (seconds["minimum"], seconds["maximum"]) == (-86400, 86400)
    assert schemas["Bust"]["additionalProperties"] is False
    assert schemas["Bust"]["properties"]["players"]["maxItems"] == 100


@pytest.mark.parametrize("table", [str(10**30), "-1", "0", "99999999999999999999999"])
def test_path_parameters_never_give_500(env: Env, tid: str, table: str) -> None:
    env.login()
    client = TestClient(env.client.app, raise_server_exceptions=False)
    client.cookies.update(env.client.cookies)
    r = client.get(f"/api/tournaments/{tid}/tables/{table}/pin")
    assert r.status_code < 500, r.text
    r = client.get(f"/api/tournaments/{tid}/events", params={"after": table})
    assert r.status_code < 500, r.text
