"""Scope of reads and the role table over HTTP (issue 10, "Roles and scope").

- a dealer signed in for tournament A reads nothing of tournament B (staff view, log,
  staff stream, WebSocket, print pages, receipts, deal, CSV, PINs) and no floor-level data
  of A either;
- the dealer page and the dealer's stream show their own table and no member/card numbers;
- for a sample of (command, role) pairs the API refuses (401/403) exactly what
  ``permissions.ROLES`` refuses, and never refuses by role what it allows;
- the staff view carries the domain's read models (payouts, clock, tables): removing one
  breaks an import instead of silently emptying the screens.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import typing
import warnings
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokertd.app import demo
from pokertd.roles import Role
from pokertd.tournament import permissions
from pokertd.tournament.framework import Command, Redo, Undo

from .conftest import DIRECTOR_PW, FLOOR_PW, Env

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

CARD = "CARD-123456"


def _director(env: Env) -> dict[str, str]:
    return env.login("director", DIRECTOR_PW)


def _pin(env: Env, tid: str, table: int) -> str:
    _director(env)
    pin = env.client.get(f"/api/tournaments/{tid}/tables/{table}/pin").json()["pin"]
    env.logout()
    return str(pin)


def _dealer_login(client: TestClient, tid: str, table: int, pin: str) -> dict[str, str]:
    r = client.post("/api/dealer/login", json={"tournament": tid, "table": table, "pin": pin})
    assert r.status_code == 200, r.text
    return {"X-CSRF-Token": r.json()["csrf"]}


def _sse_payloads(client: TestClient, url: str) -> list[str]:
    out: list[str] = []
    kind = ""
    with client.stream("GET", url) as r:
        assert r.status_code == 200, url
        for line in r.iter_lines():
            if line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("data: ") and kind != "hello":  # the protocol's version
                out.append(line[6:])
    return out


# --------------------------------------------------------------------------------------
# A dealer of tournament A and tournament B


def test_dealer_of_one_tournament_reads_nothing_of_another(env: Env, tid: str) -> None:
    other = demo.build(env.service, players=12, template="kpc_nlh", name="Other event")
    h = _dealer_login(env.client, tid, 1, _pin(env, tid, 1))
    refused = [
        f"/api/tournaments/{other}/staff",
        f"/api/tournaments/{other}/events",
        f"/api/tournaments/{other}/stream?audience=staff&limit=1",
        f"/api/tournaments/{other}/stream?audience=dealer&limit=1",
        f"/api/tournaments/{other}/receipts",
        f"/api/tournaments/{other}/deal",
        f"/api/tournaments/{other}/standings.csv",
        f"/api/tournaments/{other}/tables/1/pin",
        f"/t/{other}/print/seats",
        f"/t/{other}/print/receipts",
        # floor-level reads of their own tournament are refused too
        f"/api/tournaments/{tid}/events",
        f"/api/tournaments/{tid}/receipts",
        f"/api/tournaments/{tid}/deal",
        f"/api/tournaments/{tid}/standings.csv",
        f"/api/tournaments/{tid}/tables/1/pin",
        f"/api/tournaments/{tid}/tables/2/pin",
        f"/t/{tid}/print/seats",
    ]
    for url in refused:
        r = env.client.get(url)
        assert r.status_code == 403, (url, r.status_code, r.text[:200])
        assert r.json()["error"] == "permission_denied", url
    page = env.client.get(f"/t/{other}/dealer/1")
    assert "PIN" in page.text  # the PIN form, not the table
    r = env.client.post(
        f"/api/tournaments/{other}/commands/place_button", json={"table": 1, "seat": 1}, headers=h
    )
    assert r.status_code == 403
    from starlette.websockets import WebSocketDisconnect

    for target in (other, tid):  # the event log holds member numbers: never to a dealer
        with (
            pytest.raises(WebSocketDisconnect) as caught,
            env.client.websocket_connect(f"/api/tournaments/{target}/ws") as ws,
        ):
            ws.receive_json()
        assert caught.value.code == 4403


def test_an_unbound_dealer_account_reads_no_staff_view(env: Env, tid: str) -> None:
    env.login("dealer1", "dealer-pass-1")  # a dealer-role account with no table
    for url in (
        f"/api/tournaments/{tid}/staff",
        f"/api/tournaments/{tid}/stream?audience=staff&limit=1",
    ):
        assert env.client.get(url).status_code == 403, url


def test_floor_still_reads_every_tournament(env: Env, tid: str) -> None:
    other = demo.build(env.service, players=12, template="kpc_nlh", name="Other event")
    env.login("floor1", FLOOR_PW)
    for t in (tid, other):
        staff = env.client.get(f"/api/tournaments/{t}/staff").json()
        assert len(staff["players"]) == 12
        assert env.client.get(f"/api/tournaments/{t}/events").status_code == 200
        assert env.client.get(f"/api/tournaments/{t}/tables/1/pin").status_code == 200


# --------------------------------------------------------------------------------------
# The dealer's own page and stream: their table, no card numbers


def test_dealer_page_and_stream_show_no_card_numbers(env: Env, tid: str) -> None:
    h = _director(env)
    for i, name in enumerate(("Carla Card", "Dora Deck", "Eli Edge")):
        r = env.client.post(
            f"/api/tournaments/{tid}/commands/register",
            json={"name": name, "member": f"CARD-12345{6 + i}", "age_ok": True, "member_ok": True},
            headers=h,
        )
        assert r.status_code == 200, r.text
    staff = env.client.get(f"/api/tournaments/{tid}/staff").text
    assert CARD in staff  # the floor sees it (so its absence below means something)
    row = next(p for p in json.loads(staff)["players"] if p["name"] == "Carla Card")
    table = int(row["table"])
    env.logout()
    _dealer_login(env.client, tid, table, _pin(env, tid, table))

    page = env.client.get(f"/t/{tid}/dealer/{table}")
    assert page.status_code == 200
    assert "Carla Card" in page.text
    assert "CARD-12345" not in page.text

    view = env.client.get(f"/api/tournaments/{tid}/staff").json()
    assert [t["table"] for t in view["tables"]] == [table]
    assert not {"players", "log", "undo", "undo_next"} & set(view)
    assert "CARD-12345" not in json.dumps(view)
    assert "E1" not in json.dumps(view["tables"])  # no entry ids either

    for audience in ("staff", "dealer"):
        payloads = _sse_payloads(
            env.client, f"/api/tournaments/{tid}/stream?audience={audience}&limit=1"
        )
        assert len(payloads) == 1
        assert "Carla Card" in payloads[0]
        assert "CARD-12345" not in payloads[0]
        assert [t["table"] for t in json.loads(payloads[0])["tables"]] == [table]


def test_floor_on_a_dealer_page_gets_the_dealer_view(env: Env, tid: str) -> None:
    h = _director(env)
    r = env.client.post(
        f"/api/tournaments/{tid}/commands/register",
        json={"name": "Carla Card", "member": CARD, "age_ok": True, "member_ok": True},
        headers=h,
    )
    assert r.status_code == 200
    page = env.client.get(f"/t/{tid}/dealer/1")
    assert page.status_code == 200
    assert CARD not in page.text


# --------------------------------------------------------------------------------------
# The staff view keeps the domain's read models


def test_the_staff_view_has_payouts_clock_and_tables(env: Env, tid: str) -> None:
    _director(env)
    view = env.client.get(f"/api/tournaments/{tid}/staff").json()
    assert {
        "payouts",
        "payouts_note",
        "clock",
        "tables",
        "pending_moves",
        "status",
        "results",
        "players",
        "log",
        "chart",
    } <= set(view)
    assert view["payouts"][0]["place"] == 1
    assert view["clock"]["level"]["level"] == 1
    assert sum(t["players"] for t in view["tables"]) == 12
    from pathlib import Path

    import pokertd.app.screens as snap

    source = Path(snap.__file__).read_text(encoding="utf-8")
    assert "importlib" not in source  # read models are imported, never looked up by name
    assert "getattr(mod" not in source


# --------------------------------------------------------------------------------------
# The role table over HTTP


def _sample(hint: Any, name: str, who: str) -> Any:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is str:
        return "1" if name == "table" else who
    if hint is bool:
        return False
    if hint is int:
        return 1000 if name in ("chips", "seconds", "value") else 1
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        values = [v.value for v in hint]
        return values[1] if len(values) > 1 else values[0]
    if origin is tuple and args and args[-1] is Ellipsis:
        return [_sample(args[0], name, who)]
    if origin is tuple:
        return [_sample(a, name, who) for a in args]
    raise AssertionError(f"no sample for {hint!r} ({name})")


def _body(cls: type[Command], who: str) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    return {
        f.name: _sample(hints[f.name], f.name, who)
        for f in dataclasses.fields(cls)  # type: ignore[arg-type]
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }


@pytest.fixture
def clients(env: Env, tid: str) -> dict[Role, tuple[TestClient, dict[str, str]]]:
    """A signed-in client per role (the dealer: table 1's PIN) and its CSRF header."""
    app = env.client.app
    out: dict[Role, tuple[TestClient, dict[str, str]]] = {}
    public = TestClient(app)
    out[Role.PUBLIC] = (public, {"X-CSRF-Token": "x" * 32})
    pin = _pin(env, tid, 1)
    dealer = TestClient(app)
    out[Role.DEALER] = (dealer, _dealer_login(dealer, tid, 1, pin))
    for role, name, pw in (
        (Role.FLOOR, "floor1", FLOOR_PW),
        (Role.DIRECTOR, "director", DIRECTOR_PW),
    ):
        client = TestClient(app)
        r = client.post("/api/login", json={"name": name, "password": pw})
        assert r.status_code == 200
        out[role] = (client, {"X-CSRF-Token": r.json()["csrf"]})
    return out


ROUTED = sorted(
    (c for c in permissions.ROLES if c not in permissions.NOT_ROUTED), key=lambda c: c.__name__
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(cls=st.sampled_from(ROUTED), role=st.sampled_from(list(Role)))
def test_the_api_allows_exactly_the_role_table(
    env: Env,
    tid: str,
    clients: dict[Role, tuple[TestClient, dict[str, str]]],
    cls: type[Command],
    role: Role,
) -> None:
    client, headers = clients[role]
    view = env.client.get(f"/api/tournaments/{tid}").json()
    seats: list[dict[str, Any]] = next((t["seats"] for t in view["tables"] if t["table"] == 1), [])
    who = seats[0]["name"] if seats else "Nobody Here"
    name = permissions.snake(cls.__name__)
    r = client.post(
        f"/api/tournaments/{tid}/commands/{name}", json=_body(cls, who), headers=headers
    )
    need = permissions.ROLES[cls]
    allowed = cls in permissions.DEALER_OWN_TABLE if role is Role.DEALER else role.at_least(need)
    if not allowed:
        assert r.status_code == (401 if role is Role.PUBLIC else 403), (name, role, r.text)
        return
    if cls in (Undo, Redo):
        return  # also needs the role of the batch acted on (tests/tournament/test_undo_scope)
    assert r.status_code not in (401, 403, 500), (name, role, r.status_code, r.text)
