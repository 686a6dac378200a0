"""The API's JSON and the CLI's ``--json`` are one document for one question (issue 24
point 2): both faces call :mod:`pokertd.app.documents`, and here they answer the same
questions on the same database, at the same instant, with equal documents.

On main they differed: a command's ``--json`` printed ``{"seq", "type", "text"}`` per event
while the API printed eight fields; the API had no status, payouts or player-list read at
all (only inside the screens' view), and no ``pokertd command`` ran a command by its API
name.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any, NoReturn

import pytest
from typer.testing import CliRunner

from pokertd.app import tournaments as app_tournaments
from pokertd.app.commands import SCHEMAS, CommandSchema
from pokertd.cli import app as cli

from .conftest import Env

RUNNER = CliRunner()


@pytest.fixture
def at(env: Env, monkeypatch: pytest.MonkeyPatch) -> datetime:
    """One instant for both faces: the web's clock and the CLI's (``utc_now``)."""
    fixed = datetime.now(UTC).replace(microsecond=0) + timedelta(seconds=95)
    env.client.app.state.web.now = lambda: fixed  # type: ignore[attr-defined]
    monkeypatch.setattr(app_tournaments, "utc_now", lambda: fixed)
    monkeypatch.setenv("POKERTD_ACTOR", "floor1")
    return fixed


def cli_json(env: Env | None, *args: str) -> Any:
    """``pokertd ARGS --db <the web's database> --json``, parsed."""
    db = ["--db", env.url] if env is not None else []
    result = RUNNER.invoke(cli, [*args, *db, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def api_json(env: Env, path: str, **params: object) -> Any:
    r = env.client.get(path, params=params)
    assert r.status_code == 200, r.text
    return r.json()


def test_events_of_a_command_run_by_the_cli_are_the_apis_events(
    env: Env, tid: str, at: datetime
) -> None:
    env.login()
    before = env.service.last_seq(tid)
    name = api_json(env, f"/api/tournaments/{tid}")["players"][0]["name"]
    done = cli_json(env, "command", tid, "bust", f'players:=["{name}"]')
    assert isinstance(done, dict)
    listed = api_json(env, f"/api/tournaments/{tid}/events", after=before)
    assert done["events"] == listed  # the same eight fields, the same values
    assert [e["type"] for e in listed][:1] == ["players_busted"]
    assert listed[0]["actor"] == "floor1"
    assert done["tournament"] == tid
    assert done["seq"] == listed[-1]["seq"] == before + len(listed)
    # a named command's --json prints the same event documents
    before = env.service.last_seq(tid)
    again = cli_json(env, "register", tid, "Ann Newcomer", "--age-ok", "--member-ok")
    assert again == api_json(env, f"/api/tournaments/{tid}/events", after=before)


def test_a_command_answers_the_same_document_from_the_api_and_the_cli(
    env: Env, tid: str, at: datetime
) -> None:
    h = env.login()
    by_api = env.client.post(
        f"/api/tournaments/{tid}/commands/pause_clock", json={"reason": "dinner"}, headers=h
    )
    assert by_api.status_code == 200, by_api.text
    by_cli = cli_json(env, "command", tid, "resume_clock")
    api_doc, cli_doc = by_api.json(), by_cli
    assert isinstance(cli_doc, dict)
    assert list(api_doc) == list(cli_doc) == ["tournament", "seq", "events", "summary"]
    assert list(api_doc["events"][0]) == list(cli_doc["events"][0])
    assert (
        list(api_doc["summary"])
        == list(cli_doc["summary"])
        == [
            "lines",
            "details",
            "title",
            "said",
            "details_said",
        ]
    )
    assert api_doc["summary"]["said"][0]["msgid"] == "Clock paused (%(reason)s)"
    assert api_doc["seq"] + 1 == cli_doc["seq"]  # one event each: paused, then resumed
    assert [e["type"] for e in api_doc["events"]] == ["clock_paused"]
    assert [e["type"] for e in cli_doc["events"]] == ["clock_resumed"]


def test_status_is_one_document(env: Env, tid: str, at: datetime) -> None:
    by_api = api_json(env, f"/api/tournaments/{tid}/status")
    by_cli = cli_json(env, "status", tid)
    assert by_api == by_cli
    assert isinstance(by_api, dict)
    assert (by_api["entries"], by_api["alive"]) == (12, 12)
    # and the screens' view shows the same status
    assert api_json(env, f"/api/tournaments/{tid}")["status"] == by_api


def test_payouts_are_one_document(env: Env, tid: str, at: datetime) -> None:
    by_api = api_json(env, f"/api/tournaments/{tid}/payouts")
    by_cli = cli_json(env, "payouts", tid)
    assert by_api == by_cli
    assert isinstance(by_api, list)
    assert len(by_api) >= 1
    assert [p["place"] for p in by_api] == list(range(1, len(by_api) + 1))
    assert api_json(env, f"/api/tournaments/{tid}")["payouts"] == by_api


def test_the_player_list_is_one_document(env: Env, tid: str, at: datetime) -> None:
    env.login("floor1", "floor-pass-1")
    by_api = api_json(env, f"/api/tournaments/{tid}/players/all")
    by_cli = cli_json(env, "players", tid)
    assert by_api == by_cli
    assert isinstance(by_api, list)
    assert len(by_api) == 12


def test_the_player_list_is_staff_only(env: Env, tid: str) -> None:
    r = env.client.get(f"/api/tournaments/{tid}/players/all")
    assert r.status_code == 401


def test_the_command_list_is_one_document(env: Env) -> None:
    by_api = api_json(env, "/api/commands")
    by_cli = cli_json(None, "commands")
    assert by_api == by_cli
    assert isinstance(by_api, list)
    bust = next(c for c in by_api if c["name"] == "bust")
    assert (bust["class"], bust["role"]) == ("Bust", "dealer")


def test_a_limit_is_refused_in_the_same_words_by_the_api_and_the_cli(env: Env, tid: str) -> None:
    h = env.login()
    long = "x" * 61
    r = env.client.post(f"/api/tournaments/{tid}/commands/register", json={"name": long}, headers=h)
    assert r.status_code == 422
    result = RUNNER.invoke(
        cli, ["command", tid, "register", f"name={long}", "--db", env.url, "--json"]
    )
    assert result.exit_code == 2
    assert json.loads(result.output)["message"] == r.json()["message"]
    assert r.json()["message"] == "A player's name can have at most 60 characters."


def test_the_api_validates_a_body_once_with_the_commands_schema(
    env: Env, tid: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The route's body is the schema's model (FastAPI validates it and publishes it); the
    handler builds the command from it and never parses the body a second time."""
    spec = env.client.get("/openapi.json").json()
    route = spec["paths"]["/api/tournaments/{tid}/commands/bust"]["post"]
    ref = route["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    published = spec["components"]["schemas"][ref.rsplit("/", 1)[1]]
    assert list(published["properties"]) == SCHEMAS["bust"].fields
    assert published["additionalProperties"] is False
    assert published["required"] == ["players"]

    def second_pass(self: CommandSchema, body: object) -> NoReturn:
        raise AssertionError(f"{self.name} validated a second time")

    monkeypatch.setattr(CommandSchema, "parse", second_pass)
    h = env.login()
    name = api_json(env, f"/api/tournaments/{tid}")["players"][0]["name"]
    r = env.client.post(
        f"/api/tournaments/{tid}/commands/bust", json={"players": [name]}, headers=h
    )
    assert r.status_code == 200, r.text
    assert [e["type"] for e in r.json()["events"]][:1] == ["players_busted"]
    # a body the model refuses never reaches the handler: 422 with the field named
    r = env.client.post(
        f"/api/tournaments/{tid}/commands/bust", json={"players": [name], "x": 1}, headers=h
    )
    assert r.status_code == 422
    assert "x: there is no such field" in r.json()["message"]
