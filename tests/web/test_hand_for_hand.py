"""Hand-for-hand from the dealer view: each table's dealer reports "hand finished" (FOX-HFH)."""

from __future__ import annotations

from typing import Any

from .conftest import Env


def _dealer(env: Env, tid: str, table: int, pin: str) -> dict[str, str]:
    env.logout()
    r = env.client.post("/api/dealer/login", json={"tournament": tid, "table": table, "pin": pin})
    assert r.status_code == 200, r.text
    return {"X-CSRF-Token": r.json()["csrf"]}


def _clock(env: Env, tid: str) -> dict[str, Any]:
    clock: dict[str, Any] = env.client.get(f"/api/tournaments/{tid}").json()["clock"]
    return clock


def test_FOX_HFH_each_dealer_reports_and_the_last_table_takes_2_00_off(env: Env, tid: str) -> None:
    h = env.login()
    tables = sorted(
        t["table"]
        for t in env.client.get(f"/api/tournaments/{tid}").json()["tables"]
        if any(s.get("name") for s in t.get("seats", []))
    )
    assert len(tables) >= 2
    pins = {
        n: env.client.get(f"/api/tournaments/{tid}/tables/{n}/pin").json()["pin"] for n in tables
    }
    r = env.client.post(
        f"/api/tournaments/{tid}/commands/hand_for_hand", json={"on": True}, headers=h
    )
    assert r.status_code == 200, r.text
    before = _clock(env, tid)
    assert before["hand_for_hand"]
    assert before["hfh_waiting"] == tables

    first, *rest = tables
    h = _dealer(env, tid, first, pins[first])
    assert "Hand finished" in env.client.get(f"/t/{tid}/dealer/{first}").text
    url = f"/api/tournaments/{tid}/commands/table_hand_finished"
    r = env.client.post(url, json={"table": str(rest[0])}, headers=h)
    assert r.status_code == 403, r.text  # not this dealer's table
    r = env.client.post(url, json={"table": str(first)}, headers=h)
    assert r.status_code == 200, r.text
    r = env.client.post(url, json={"table": str(first)}, headers=h)
    assert r.status_code in (409, 422), r.text
    assert "FOX-HFH" in r.text
    assert _clock(env, tid)["hfh_waiting"] == rest
    assert _clock(env, tid)["seconds_left"] == before["seconds_left"]
    for n in rest:
        h = _dealer(env, tid, n, pins[n])
        r = env.client.post(url, json={"table": str(n)}, headers=h)
        assert r.status_code == 200, r.text
    after = _clock(env, tid)
    assert after["seconds_left"] == before["seconds_left"] - 120
    assert after["hfh_waiting"] == tables  # the next hand-for-hand hand


def test_B10_the_console_says_the_bubble_burst_then_that_hand_for_hand_ended(env: Env) -> None:
    """Issue 22: nothing prompted the floor after the bubble, and hand-for-hand never ended.
    The staff view's clock carries the console's sentence: while the hand that burst the
    bubble is played, that hand-for-hand ends when every table has finished it; then that
    it ended by itself; in the money with hand-for-hand on again, "end hand-for-hand" (the
    console's button); nothing once the night is finished."""
    from pokertd.tournament.clock import HandForHand, StartClock
    from pokertd.tournament.eliminations import Bust
    from pokertd.tournament.entries import CloseRegistration, CreateTournament, Register
    from pokertd.tournament.seating import LayTables, SeatPlayer
    from pokertd.tournament.templates import load_template

    service = env.service
    tmpl = load_template("fox_grinder").with_changes(tables=2, seats_per_table=10)
    tid = service.create(CreateTournament(name="Bubble night", template=tmpl))
    names = [f"Player {i:02d}" for i in range(1, 21)]  # FOX-PTAB: 20 entries pay 3
    for name in names:
        service.run(tid, Register(name=name, member=f"M{name[-2:]}", age_ok=True))
    service.run(tid, LayTables(tables=((1, 10), (2, 10))))
    for i, name in enumerate(names):
        service.run(tid, SeatPlayer(player=name, table=1 + i % 2, seat=1 + i // 2))
    service.run(tid, StartClock())
    service.run(tid, CloseRegistration())
    for name in names[:16]:  # 17-20 left: two at each table
        service.run(tid, Bust(players=(name,)))
    service.run(tid, HandForHand(on=True))
    env.login()
    assert _clock(env, tid)["hfh_note"] == ""
    service.run(tid, Bust(players=("Player 17",)))  # three left, three paid
    clock = _clock(env, tid)
    assert clock["hfh_note"] == (
        "The bubble burst: hand-for-hand ends when every table has finished this hand "
        "(waiting for tables 1, 2)."
    )
    assert clock["hfh_end_now"] is False
    h = env.login()
    url = f"/api/tournaments/{tid}/commands/table_hand_finished"
    assert env.client.post(url, json={"table": "1"}, headers=h).status_code == 200
    assert _clock(env, tid)["hfh_note"].endswith("(waiting for table 2).")
    assert env.client.post(url, json={"table": "2"}, headers=h).status_code == 200
    clock = _clock(env, tid)
    assert clock["hand_for_hand"] is False
    assert clock["hfh_note"] == (
        "Hand-for-hand ended by itself: the bubble burst (3 players left, 3 paid)."
    )
    r = env.client.post(
        f"/api/tournaments/{tid}/commands/hand_for_hand", json={"on": True}, headers=h
    )
    assert r.status_code == 200, r.text
    clock = _clock(env, tid)
    assert clock["hfh_end_now"] is True
    assert clock["hfh_note"] == "In the money (3 left, 3 paid): end hand-for-hand."
    assert 'id="floor-hfh-end"' in env.client.get(f"/t/{tid}/floor").text
    for name in ("Player 18", "Player 19"):
        service.run(tid, Bust(players=(name,)))
    clock = _clock(env, tid)
    assert clock["hfh_note"] == ""
    assert clock["hfh_end_now"] is False
