"""Floor console gaps (issue 7): penalties, colour-up / chip race, deals wizard, receipts, CSV.

The forms post the core's own commands (``give_penalty``, ``color_up``, ``propose_deal``,
``accept_deal``, ``approve_deal``, ``pay_prize``); the read routes reuse the CLI's functions
of ``tournament.prizes`` (``deal_view``, ``receipt_text``, ``standings_csv``).
"""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest

from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, RecordChips, Register
from pokertd.tournament.templates import load_template

from .conftest import FLOOR_PW, Env

NAMES = [f"Player {chr(65 + i // 26)}{chr(65 + i % 26)}" for i in range(50)]


def _post(env: Env, tid: str, name: str, body: dict[str, Any], h: dict[str, str]) -> Any:
    return env.client.post(f"/api/tournaments/{tid}/commands/{name}", json=body, headers=h)


def _table_one(env: Env, tid: str) -> dict[str, Any]:
    env.login("floor1", FLOOR_PW)
    table: dict[str, Any] = env.client.get(f"/api/tournaments/{tid}/staff").json()["tables"][0]
    env.logout()
    return table


@pytest.fixture
def three_left(env: Env) -> str:
    """FOX Saturday $200, 50 entries, down to three with 600k / 400k / 250k (catalogue J2)."""
    svc = env.service
    tid = svc.create(CreateTournament(name="Test night", template=load_template("fox_saturday")))
    for n in NAMES:
        svc.run(tid, Register(name=n, member="1234", age_ok=True), actor="floor")
    svc.run(tid, CloseRegistration(), actor="floor")
    for n in NAMES[3:]:
        svc.run(tid, Bust(players=(n,), eliminator=NAMES[0]), actor="floor")
    counts = tuple(zip(NAMES[:3], (600000, 400000, 250000), strict=True))
    svc.run(tid, RecordChips(counts=counts), actor="floor")
    return tid


def test_floor_console_shows_the_new_forms(env: Env, tid: str) -> None:
    env.login()
    page = env.client.get(f"/t/{tid}/floor").text
    for part in (
        "penalty-card",
        "colorup-card",
        "deal-card",
        "prizes-card",
        "standings.csv",
        "/print/receipts",
    ):
        assert part in page


def test_K1_penalty_form_posts_give_penalty_and_lower_roles_are_refused(env: Env, tid: str) -> None:
    """K1 sanctions (warning, missed hands/rounds, disqualification) are the director's."""
    name = _table_one(env, tid)["seats"][0]["name"]
    body = {
        "player": name,
        "kind": "missed_hands",
        "count": 2,
        "rule": "TDA-71",
        "reason": "soft play",
    }
    assert _post(env, tid, "give_penalty", body, {}).status_code == 401
    floor = env.login("floor1", FLOOR_PW)
    assert _post(env, tid, "give_penalty", body, floor).status_code == 403
    h = env.login()
    r = _post(env, tid, "give_penalty", body, h)
    assert r.status_code == 200, r.text
    ev = r.json()["events"][0]
    assert ev["type"] == "penalty_given"
    assert (ev["data"]["hands"], ev["data"]["rule"], ev["data"]["reason"]) == (
        2,
        "TDA-71",
        "soft play",
    )
    warn = _post(
        env,
        tid,
        "give_penalty",
        {"player": name, "kind": "warning", "reason": "phone", "rule": ""},
        h,
    )
    assert warn.status_code == 200, warn.text
    bad = _post(env, tid, "give_penalty", {"player": name, "kind": "scolding"}, h)
    assert bad.status_code == 422


def test_B11_colour_up_form_shows_the_race_with_every_card(env: Env, tid: str) -> None:
    """Remove the 100s at table 1: the answer carries each seat's cards and the winners."""
    table = _table_one(env, tid)
    names = [s["name"] for s in table["seats"] if s["name"]]
    stacks = [[n, 25000 + (300 if i % 2 else -200)] for i, n in enumerate(names)]
    body = {"table": str(table["table"]), "stacks": stacks, "removed": [100]}
    assert _post(env, tid, "color_up", body, {}).status_code == 401
    h = env.login("floor1", FLOOR_PW)  # the floor races the chips
    r = _post(env, tid, "color_up", body, h)
    assert r.status_code == 200, r.text
    result = r.json()["events"][-1]["data"]["result"]
    assert result["method"] == "race"
    dealt = result["cards_dealt"]
    assert len(dealt) == sum(s["odd_chips"] for s in result["seats"])
    assert sum(len(s["cards"]) for s in result["seats"]) == len(dealt)
    assert all(s["stack_after"] % 500 == 0 for s in result["seats"])


def test_FOX_73_deals_wizard_propose_accept_approve_and_roles(env: Env, three_left: str) -> None:
    tid = three_left
    c = env.client
    assert c.get(f"/api/tournaments/{tid}/deal").status_code == 401
    floor = env.login("floor1", FLOOR_PW)
    assert c.get(f"/api/tournaments/{tid}/deal").json() is None
    assert _post(env, tid, "propose_deal", {"kind": "icm"}, floor).status_code == 403
    h = env.login()
    refused = _post(env, tid, "propose_deal", {"kind": "icm"}, h)
    assert refused.status_code == 409
    assert "FOX-73" in refused.text
    assert _post(env, tid, "set_prize_options", {"deals_enabled": True}, h).status_code == 200
    r = _post(env, tid, "propose_deal", {"kind": "icm"}, h)
    assert r.status_code == 200, r.text
    proposed = r.json()["events"][0]["data"]
    assert proposed["amounts"] == [256470, 229231, 199299]
    assert proposed["warnings"] == []
    for n in NAMES[:3]:
        assert _post(env, tid, "accept_deal", {"player": n}, h).status_code == 200
    view = c.get(f"/api/tournaments/{tid}/deal").json()
    assert (view["status"], view["waiting_for"], view["approved_by"]) == ("proposed", [], None)
    assert _post(env, tid, "approve_deal", {"supervisor": "Sam"}, h).status_code == 200
    view = c.get(f"/api/tournaments/{tid}/deal").json()
    assert (view["status"], view["approved_by"]) == ("binding", "Sam")
    assert view["amounts"] == [256470, 229231, 199299]


def test_receipts_and_standings_csv(env: Env, three_left: str) -> None:
    """A paid prize has a printable receipt; the standings download as CSV (staff only)."""
    tid = three_left
    c = env.client
    assert c.get(f"/api/tournaments/{tid}/standings.csv").status_code == 401
    assert c.get(f"/api/tournaments/{tid}/receipts").status_code == 401
    assert c.get(f"/t/{tid}/print/receipts").status_code == 401
    fourth = NAMES[-1]
    assert _post(env, tid, "pay_prize", {"player": fourth}, {}).status_code == 401
    floor = env.login("floor1", FLOOR_PW)
    assert "No receipts yet" in c.get(f"/t/{tid}/print/receipts").text
    assert _post(env, tid, "pay_prize", {"player": fourth}, floor).status_code == 403
    h = env.login()
    r = _post(env, tid, "pay_prize", {"player": fourth, "id_checked": True}, h)
    assert r.status_code == 200, r.text
    out = _post(env, tid, "pay_prize", {"player": NAMES[10]}, h)
    assert out.status_code == 409
    assert "out of the money" in out.text
    paid = c.get(f"/api/tournaments/{tid}/receipts").json()
    assert [(p["name"], p["place"], p["amount"]) for p in paid] == [(fourth, 4, 110000)]
    assert "PRIZE RECEIPT" in paid[0]["text"]
    sheet = c.get(f"/t/{tid}/print/receipts").text
    assert sheet.count('class="receipt-print"') == 1
    assert fourth in sheet
    one = c.get(f"/t/{tid}/print/receipts", params={"player": "nobody"}).text
    assert "No receipts yet" in one
    resp = c.get(f"/api/tournaments/{tid}/standings.csv")
    assert resp.status_code == 200
    assert resp.headers["content-type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(resp.text)))
    assert len(rows) == 50
    by_name = {row["name"]: row for row in rows}
    assert (by_name[fourth]["place"], by_name[fourth]["prize"]) == ("4", "1100.00")
