"""Slips on the phone through the web (issue 26, point 2): a 3-table TDA night where table 3
breaks; the phone reads its player's slips (public, no penalty), says "I'm here" on the
public route (CSRF, rate limit, only for its own slip, once), the console's view shows it,
and the printed move slips say the same place and rule IDs as the phone's."""

from __future__ import annotations

import re
from typing import Any

import floor_helpers
import pytest

from pokertd.tournament.penalties import GivePenalty, PenaltyKind
from pokertd.tournament.seating import (
    ConfirmMove,
    live_seating,
    tables_view,
)
from pokertd.web import slips as slip_routes

from .conftest import Env

TDA_C4 = ["TDA-9", "TDA-10C"]
"""What the TDA default cites for a table break (C4)."""


def broken_night(env: Env, *, confirm: bool = True) -> str:
    """The slips' TDA night (``floor_helpers.broken_night``) on the API's service."""
    return floor_helpers.broken_night(env.service, "tda", confirm=confirm)


def confirm_all(env: Env, tid: str) -> None:
    for m in tables_view(env.service.state(tid)).pending:
        env.service.run(tid, ConfirmMove(move_id=m.move_id))


def phone_csrf(env: Env, tid: str) -> dict[str, str]:
    """Open the player page as a phone (no session): its anonymous CSRF token."""
    assert env.client.get(f"/t/{tid}/player").status_code == 200
    return {"X-CSRF-Token": env.client.cookies["pokertd_csrf"]}


def first_moved(env: Env, tid: str) -> dict[str, Any]:
    rows: list[dict[str, Any]] = env.service.slips(tid)
    return rows[-1]


def test_the_phone_reads_its_players_slips(env: Env) -> None:
    tid = broken_night(env)
    slip = first_moved(env, tid)
    r = env.client.get(f"/api/tournaments/{tid}/slips", params={"player": slip["player_id"]})
    assert r.status_code == 200
    (mine,) = r.json()
    assert mine["slip"] == slip["slip"]
    table, seat = live_seating(env.service.state(tid)).where[slip["entry_id"]]
    assert (mine["table"], mine["seat"], mine["from_table"]) == (table, seat + 1, 3)
    assert mine["rule_ids"] == TDA_C4
    # no player named: a public phone gets nothing (staff get every slip of the night)
    assert env.client.get(f"/api/tournaments/{tid}/slips").json() == []
    env.login()
    assert len(env.client.get(f"/api/tournaments/{tid}/slips").json()) == 6


def test_K1_a_penalty_slip_is_not_public(env: Env) -> None:
    tid = broken_night(env)
    slip = first_moved(env, tid)
    env.service.run(tid, GivePenalty(player=slip["name"], kind=PenaltyKind.WARNING, reason="x"))
    public = env.client.get(f"/api/tournaments/{tid}/slips", params={"player": slip["name"]})
    assert [s["kind"] for s in public.json()] == ["break"]
    env.login()
    staff = env.client.get(f"/api/tournaments/{tid}/slips", params={"player": slip["name"]})
    assert [s["kind"] for s in staff.json()] == ["penalty", "break"]


def test_im_here_from_the_phone_reaches_the_console(env: Env) -> None:
    tid = broken_night(env)
    slip, other = first_moved(env, tid), env.service.slips(tid)[0]
    url = f"/api/tournaments/{tid}/slips/{slip['slip']}/here"
    body = {"player": slip["player_id"]}
    seq = env.service.state(tid).seq
    # no CSRF token: refused, nothing written
    assert env.client.post(url, json=body).status_code == 403
    assert env.service.state(tid).seq == seq
    csrf = phone_csrf(env, tid)
    r = env.client.post(url, json=body, headers=csrf)
    assert r.status_code == 200, r.text
    assert r.json()["acknowledged"]
    assert r.json()["via"] == "phone"
    assert env.service.state(tid).seq == seq + 1
    rec = env.service.records(tid)[-1]
    assert rec.actor == f"player {slip['player_id']} (phone)"  # the player's claim, not staff
    # the console sees it: the moved player "at the new seat (phone)"
    env.login()
    staff = env.client.get(f"/api/tournaments/{tid}/staff").json()
    assert staff["slips_here"] == {slip["entry_id"]: "at the new seat (phone)"}
    env.logout()
    csrf = phone_csrf(env, tid)
    # refused, one sentence, nothing written: again; another player's slip; no such slip
    refusals = [
        (url, body, 409, f"already said he is at {slip['place']}"),
        (
            f"/api/tournaments/{tid}/slips/{other['slip']}/here",
            body,
            409,
            "is for another player",
        ),
        (f"/api/tournaments/{tid}/slips/77/here", body, 404, "There is no slip 77"),
        (url, {"player": "x" * 500}, 422, ""),
    ]
    for where, what, status, words in refusals:
        r = env.client.post(where, json=what, headers=csrf)
        assert r.status_code == status, r.text
        assert words in r.json()["message"]
        assert env.service.state(tid).seq == seq + 1


def test_im_here_is_rate_limited(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    tid = broken_night(env)
    monkeypatch.setattr(slip_routes, "TAPS_PER_ADDRESS", 2)
    slip = first_moved(env, tid)
    csrf = phone_csrf(env, tid)
    url = f"/api/tournaments/{tid}/slips/{slip['slip']}/here"
    codes = [
        env.client.post(url, json={"player": slip["player_id"]}, headers=csrf).status_code
        for _ in range(3)
    ]
    assert codes == [200, 409, 429]
    seq = env.service.state(tid).seq
    r = env.client.post(url, json={"player": slip["player_id"]}, headers=csrf)
    assert r.status_code == 429
    assert "Too many taps from this phone" in r.json()["message"]
    assert env.service.state(tid).seq == seq


def rule_list(slip: dict[str, object]) -> list[str]:
    got = slip["rule_ids"]
    assert isinstance(got, list)
    return [str(r) for r in got]


def _printed(html: str) -> list[tuple[str, int, int, str]]:
    """(name, table, seat, rules) of each printed move slip."""
    out = []
    for card in re.findall(r'<div class="seat-card move-slip[^"]*".*?</div></div>', html, re.S):
        name = re.search(r'<div class="big">([^<]+)</div>', card)
        to = re.search(r"table <b>(\d+)</b> seat <b>(\d+)</b>", card)
        rules = re.search(r"(TDA-[^<]*?)(?: · said|</div>)", card)
        assert name, card
        assert to, card
        assert rules, card
        out.append((name.group(1), int(to.group(1)), int(to.group(2)), rules.group(1)))
    return out


def test_C4_printed_slips_say_what_the_phones_say(env: Env) -> None:
    """Before the floor confirms, the printed slips (the moves waiting) name the seats the
    confirm gives; after it, the print lists the moves made; both equal the phones'."""
    tid = broken_night(env, confirm=False)
    env.login()
    before = _printed(env.client.get(f"/t/{tid}/print/moves").text)
    assert len(before) == 6
    confirm_all(env, tid)
    after = _printed(env.client.get(f"/t/{tid}/print/moves").text)
    phones = sorted(
        (str(s["name"]), int(str(s["table"])), int(str(s["seat"])), ", ".join(rule_list(s)))
        for s in env.service.slips(tid)
    )
    assert sorted(before) == phones
    assert sorted(after) == phones
    assert all(rules == "TDA-9, TDA-10C" for *_, rules in phones)
