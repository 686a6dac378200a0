"""The plan the floor console shows is the plan its "Confirm all" applies (issue 22), through
the web API: the staff view's ``moves_due`` (every seat, the plan's token), the move slips
printed from it, ``confirm_plan`` with the token, and a stale token answered 409 with kind
``stale`` and the new plan, nothing written.

Catalogue: C4 (a table break: every player a new random seat), C6 (who moves, which seat).
"""

from __future__ import annotations

from typing import Any

from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.seating import DrawButtons, DrawSeats, tables_view
from pokertd.tournament.templates import load_template

from .conftest import Env


def _break_due(env: Env) -> str:
    """21 Foxwoods players drawn at three tables of 9 (7/7/7), buttons drawn, five busts at
    table 1: table 3 is due to break."""
    tmpl = load_template("fox_wed_80").with_changes(tables=3, seats_per_table=9)
    tid = env.service.create(CreateTournament(name="Wednesday", template=tmpl), actor="t")
    for i in range(21):
        env.service.run(tid, Register(name=f"Player {i:02d}", member=f"M{i}", age_ok=True))
    env.service.run(tid, DrawSeats(), actor="t")
    env.service.run(tid, DrawButtons(), actor="t")
    table_one = tables_view(env.service.state(tid)).tables[0]
    assert (table_one.table, table_one.players) == (1, 7)
    for seat in table_one.seated[:5]:
        env.service.run(tid, Bust(players=(seat.name,)), actor="t")
    return tid


def _seats(view: dict[str, Any]) -> dict[str, tuple[int, int]]:
    return {s["name"]: (t["table"], s["seat"]) for t in view["tables"] for s in t["seats"]}


def test_C4_confirm_all_applies_the_prompt_and_a_stale_one_is_refused(env: Env) -> None:
    tid = _break_due(env)
    csrf = env.login("floor1", "floor-pass-1")
    shown = env.client.get(f"/api/tournaments/{tid}/staff").json()["moves_due"]
    assert shown["break_table"] == 3
    assert len(shown["moves"]) == 7
    assert all(m["to_seat"] for m in shown["moves"])
    # the slips the floor prints name the same seats, and the plan
    slips = env.client.get(f"/t/{tid}/print/moves").text
    assert f"plan {shown['plan']}" in slips
    for m in shown["moves"]:
        assert m["name"] in slips
        assert f"table {m['to_table']} seat {m['to_seat']}" in m["text"]
    # another tablet busts a player of table 3 before "Confirm all" arrives
    victim = next(m["name"] for m in shown["moves"])
    env.service.run(tid, Bust(players=(victim,)), actor="t")
    seq = env.client.get(f"/api/tournaments/{tid}/staff").json()["seq"]
    r = env.client.post(
        f"/api/tournaments/{tid}/commands/confirm_plan",
        json={"plan": shown["plan"]},
        headers=csrf,
    )
    assert r.status_code == 409, r.text
    body = r.json()
    assert body["error"] == "stale"
    assert "out of date" in body["message"]
    now = env.client.get(f"/api/tournaments/{tid}/staff").json()
    assert now["seq"] == seq  # nothing written
    assert body["context"]["plan"] == now["moves_due"]["plan"] != shown["plan"]
    assert len(body["context"]["new_plan"]["moves"]) == 6 == len(now["moves_due"]["moves"])
    prompt = {m["name"]: (m["to_table"], m["to_seat"]) for m in now["moves_due"]["moves"]}
    r = env.client.post(
        f"/api/tournaments/{tid}/commands/confirm_plan",
        json={"plan": now["moves_due"]["plan"]},
        headers=csrf,
    )
    assert r.status_code == 200, r.text
    assert r.json()["events"][0]["type"] == "plan_confirmed"
    seats = _seats(env.client.get(f"/api/tournaments/{tid}/staff").json())
    assert {name: seats[name] for name in prompt} == prompt
    assert "No moves are waiting or due." in env.client.get(f"/t/{tid}/print/moves").text
