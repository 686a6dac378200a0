"""Dealer PINs only for tables of that tournament, and they die with it (issue 23, item 4).

Before: ``GET /api/tournaments/{tid}/tables/{table}/pin`` handed out a PIN for table 2**63,
-1, 999 and for a tournament that does not exist, and a PIN was an HMAC of (tournament id,
table) alone, so a tournament deleted and made again under the same id had the same PINs.
Now the tournament's creation draws a secret (``pin_salt``, recorded in the event) the PIN is
derived from; other table numbers get 404 naming the tournament's tables.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import random
from dataclasses import replace

import pytest

from pokertd.app import demo
from pokertd.store.base import encode
from pokertd.tournament.entries import CreateTournament, TournamentCreated
from pokertd.tournament.framework import event_from_json
from pokertd.tournament.templates import load_template

from .conftest import Env


def _pin(env: Env, tid: str, table: int | str) -> tuple[int, dict[str, object]]:
    r = env.client.get(f"/api/tournaments/{tid}/tables/{table}/pin")
    return r.status_code, r.json()


@pytest.mark.parametrize("table", [2**63, -1, 0, 999])
def test_no_pin_for_a_table_the_tournament_does_not_have(env: Env, tid: str, table: int) -> None:
    """The demo's template has a room of 30 tables (``tables = 30``): a PIN for each of
    them (play may open a spare one), 404 for anything else."""
    env.login()
    code, body = _pin(env, tid, table)
    assert code == 404, body
    assert body["error"] == "not_found"
    assert body["message"] == (
        f"Table {table} is not a table of this tournament (its tables: 1-30)."
    )
    code, body = _pin(env, tid, 1)
    assert code == 200
    assert len(str(body["pin"])) == 6


def test_no_pin_for_a_tournament_that_does_not_exist(env: Env) -> None:
    env.login()
    code, body = _pin(env, "nosuch", 1)
    assert code == 404, body
    assert body["message"] == "There is no tournament 'nosuch'."


def test_a_pin_does_not_open_another_table_number_or_a_missing_tournament(
    env: Env, tid: str
) -> None:
    env.login()
    pin = str(_pin(env, tid, 1)[1]["pin"])
    env.logout()
    for tournament, table in ((tid, 999), ("nosuch", 1)):
        r = env.client.post(
            "/api/dealer/login", json={"tournament": tournament, "table": table, "pin": pin}
        )
        assert r.status_code == 403, r.text
        assert r.json()["message"] == f"Wrong PIN for table {table}."


def test_a_tournament_made_again_under_the_same_id_gets_new_pins(env: Env) -> None:
    """The PIN of table 1 of "tue" no longer opens table 1 of a new "tue" (different drawn
    secrets: the live service draws from ``secrets.SystemRandom``, seeded here)."""
    svc = env.service
    template = load_template("kpc_nlh")
    svc._rng_factory = lambda: random.Random(1)
    svc.create(CreateTournament(name="Tuesday", template=template), tournament_id="tue")
    env.login()
    old = str(_pin(env, "tue", 1)[1]["pin"])
    svc.store.delete("tue")
    svc.forget("tue")
    svc._rng_factory = lambda: random.Random(2)
    svc.create(CreateTournament(name="Tuesday", template=template), tournament_id="tue")
    new = str(_pin(env, "tue", 1)[1]["pin"])
    assert new != old
    env.logout()
    stale = env.client.post("/api/dealer/login", json={"tournament": "tue", "table": 1, "pin": old})
    assert stale.status_code == 403
    fresh = env.client.post("/api/dealer/login", json={"tournament": "tue", "table": 1, "pin": new})
    assert fresh.status_code == 200, fresh.text


def test_a_tournament_created_before_keeps_its_pins(env: Env) -> None:
    """Old logs: ``tournament_created`` version 2 has no ``pin_salt``; it loads with ``""``
    and the PIN is the one it always had (an HMAC of the app key, the id and the table)."""
    tid = demo.build(env.service, players=12)
    created = env.service.records(tid)[0].event
    assert isinstance(created, TournamentCreated)
    assert len(created.pin_salt) == 32  # 128 random bits, recorded
    [(_, version, text)] = encode([created])
    assert version == 3
    old_data = {k: v for k, v in json.loads(text).items() if k != "pin_salt"}
    old = event_from_json("tournament_created", 2, old_data)
    assert isinstance(old, TournamentCreated)
    assert old.pin_salt == ""
    assert replace(old, pin_salt=created.pin_salt) == created
    sessions = env.client.app.state.web.sessions  # type: ignore[attr-defined]
    key = sessions._key
    mac = hmac.new(key, b"pin:old:1", hashlib.sha256).digest()
    assert sessions.table_pin("old", 1, "") == f"{int.from_bytes(mac[:8], 'big') % 1_000_000:06d}"
    assert sessions.table_pin("old", 1, created.pin_salt) != sessions.table_pin("old", 1, "")
