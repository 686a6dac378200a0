"""The seating commands: tables, layout, seat, moves, move confirm/auto, break-table, redraw,
button -- a 30-player night driven through the CLI down to the final-table redraw."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from cli_runner import built_once, run, run_json, runner  # noqa: F401 (built_once: autouse)

from pokertd.app.tournaments import open_service
from pokertd.cli import app
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.templates import load_template


def night(tmp_path: Path, players: int) -> tuple[str, str]:
    db = f"sqlite:///{tmp_path / 'night.db'}"
    with open_service(db) as service:
        tmpl = load_template("tnpl_league").with_changes(tables=4, seats_per_table=9)
        tid = service.create(CreateTournament(name="Friday", template=tmpl))
        for i in range(players):
            service.run(tid, Register(name=f"Player {i:02d}", member=f"M{i}", age_ok=True))
    return db, tid


def moves_after_a_hand_where_blocked(tid: str, db: str) -> Any:
    """Ask for the balancing moves as a floorperson would (TNPL-B6ii): when the only open
    seats at a short table are next hand's small blind or button, a moved player may not
    take them, so the floor plays a hand there (the button advances) and asks again. The
    random seat draw decides whether this happens on a given night."""
    for _ in range(3):
        result = runner.invoke(app, ["moves", tid, "--db", db, "--json"])
        answer = json.loads(result.output)
        if result.exit_code == 0:
            return answer
        assert result.exit_code == 2, result.output
        assert answer["rule"] == "TNPL-B6ii", answer
        for table in answer["context"]["tables"]:
            run("button", tid, str(table), "--advance", "1", "--db", db)
    raise AssertionError("the moves stayed blocked after three hands at the short table")


def test_TNPL_B1_TNPL_B6ii_TNPL_B4_night_through_the_cli(tmp_path: Path) -> None:
    db, tid = night(tmp_path, 30)
    run("layout", tid, "1:9", "2:9", "3:9", "4:9", "--break-order", "4,3,2,1", "--db", db)
    drawn = run_json("seat", tid, "--db", db)
    assert drawn[0]["type"] == "seats_drawn"
    view = run_json("tables", tid, "--db", db)
    assert [t["players"] for t in view["tables"]] == [8, 8, 7, 7]
    for t in view["tables"]:
        run("button", tid, str(t["table"]), "--db", db)
    text = run("tables", tid, "--db", db)
    assert "next hand button" in text
    before = run_json("tables", tid, "--db", db)["tables"][0]["button"]
    run("button", tid, "1", "--advance", "1", "--db", db)
    after = run_json("tables", tid, "--db", db)["tables"][0]["button"]
    assert after != before
    rng = random.Random(5)
    while True:
        view = run_json("tables", tid, "--db", db)
        if view["players"] <= view["final_table_size"]:
            break
        names = sorted(s["name"] for t in view["tables"] for s in t["seated"])
        run("bust", tid, rng.choice(names), "--db", db)
        todo = moves_after_a_hand_where_blocked(tid, db)
        for move in todo["pending"]:
            run("move", "confirm", tid, str(move["move_id"]), "--db", db)
    assert run_json("moves", tid, "--db", db)["note"].startswith("10 players left")
    final = run_json("redraw", tid, "--db", db)
    assert final[0]["type"] == "final_table_drawn"
    view = run_json("tables", tid, "--db", db)
    assert len(view["tables"]) == 1
    assert view["tables"][0]["seats"] == 10  # TNPL: a full table plus one
    assert view["final_table"]


def test_refusals_exit_2_and_change_nothing(tmp_path: Path) -> None:
    db, tid = night(tmp_path, 12)
    run("seat", tid, "--db", db)
    out = run("seat", tid, "--db", db, code=2)
    assert "Every player still in has a seat" in out
    out = run("move", "confirm", tid, "3", "--db", db, code=2)
    assert "no move #3" in out
    out = run("break-table", tid, "9", "--db", db, code=2)
    assert "not in play" in out
    out = run("redraw", tid, "--db", db, code=2)
    assert "final table" in out
    out = run("move", "auto", tid, "maybe", "--db", db, code=2)
    assert "on or off" in out
    run("move", "auto", tid, "on", "--db", db)
    err = json.loads(run("layout", tid, "1:9", "--db", db, "--json", code=2))
    assert err["error"] == "rule_violation"


def _seats(tid: str, db: str) -> dict[str, tuple[int, int]]:
    view = run_json("tables", tid, "--db", db)
    return {s["name"]: (t["table"], s["seat"]) for t in view["tables"] for s in t["seated"]}


def test_C4_C9_the_cli_makes_the_moves_it_shows(tmp_path: Path) -> None:
    """Issue 22, "what the screen shows is what happens", through the terminal: 21 TNPL
    players at three tables, five busts at table 1. The moves the console shows as due (the
    same read model) are the ones ``pokertd moves`` records and lists, seat for seat, and
    ``move confirm`` seats every player of table 3 there. Down to the final table, ``pokertd
    moves`` shows the final table's draw and its plan; a bust after that makes ``redraw
    --plan`` refuse it as stale (exit 2, nothing written), and the new plan's redraw seats
    every player where it was shown. Before the fix the console's moves and the recorded
    ones were two different draws."""
    from pokertd.tournament.seating import moves_due

    db, tid = night(tmp_path, 21)
    run("layout", tid, "1:9", "2:9", "3:9", "--db", db)
    run("seat", tid, "--db", db)
    for table in (1, 2, 3):
        run("button", tid, str(table), "--db", db)
    at_one = [s["name"] for s in run_json("tables", tid, "--db", db)["tables"][0]["seated"]]
    for name in at_one[:5]:
        run("bust", tid, name, "--db", db)
    with open_service(db) as service:
        due = moves_due(service.state(tid))  # what the console's prompt shows
    assert due is not None
    assert due.break_table == 3
    console = {m.name: (m.to_table, m.to_seat) for m in due.moves}
    listed = run_json("moves", tid, "--db", db)
    shown = {m["name"]: (m["to_table"], m["to_seat"]) for m in listed["pending"]}
    assert shown == console
    assert len(shown) == 7
    assert listed["plan"]
    text = run("tables", tid, "--db", db)
    for m in listed["pending"]:
        assert f"→ table {m['to_table']} seat {m['to_seat']}" in text
        run("move", "confirm", tid, str(m["move_id"]), "--db", db)
    seats = _seats(tid, db)
    assert {name: seats[name] for name in shown} == shown
    # down to the final table (TNPL: 10 players), the moves confirmed on the way
    while True:
        out = runner.invoke(app, ["moves", tid, "--db", db, "--json"])
        answer = json.loads(out.output)
        if answer.get("final_table"):
            break
        for m in answer.get("pending") or []:  # as listed, into the seat listed
            run("move", "confirm", tid, str(m["move_id"]), "--db", db)
            assert _seats(tid, db)[m["name"]] == (m["to_table"], m["to_seat"])
        seats = _seats(tid, db)
        run("bust", tid, min(seats, key=seats.__getitem__), "--db", db)
    old = answer["plan"]
    text = run("moves", tid, "--db", db)
    assert f"pokertd redraw {tid} --plan {old}" in text
    seats = _seats(tid, db)
    run("bust", tid, min(seats, key=seats.__getitem__), "--db", db)
    before = _seats(tid, db)
    refused = run("redraw", tid, "--plan", old, "--db", db, code=2)
    assert "out of date" in refused
    assert "pokertd moves TID shows the plan now" in refused
    assert _seats(tid, db) == before
    answer = run_json("moves", tid, "--db", db)
    assert answer["plan"] != old
    final = {s["name"]: (s["table"], s["seat"]) for s in answer["final_table"]}
    drawn = run_json("redraw", tid, "--plan", answer["plan"], "--db", db)
    assert drawn[0]["type"] == "final_table_drawn"
    seats = _seats(tid, db)
    assert {name: seats[name] for name in final} == final
    assert len({t for t, _ in seats.values()}) == 1


def test_TNPL_B6iii_table_game_through_the_cli(tmp_path: Path) -> None:
    """``pokertd table-game``: table 1 deals razz now (in the HORSE rotation given), the
    button frozen where the next hold'em hand has it; a game outside the rotation and a
    word that is no game are refused with exit 2."""
    db, tid = night(tmp_path, 9)
    run("layout", tid, "1:9", "--db", db)
    run("seat", tid, "--db", db)
    run("button", tid, "1", "3", "--db", db)  # the hand now: button 3 -> next hand button 4
    rows = run_json(
        "table-game", tid, "1", "razz", "--rotation", "flhe,o8,razz,stud,stud8", "--db", db
    )
    assert rows[0]["type"] == "table_game_set"
    assert run_json("tables", tid, "--db", db)["tables"][0]["button"] == 4
    out = run("table-game", tid, "1", "nlhe", "--rotation", "flhe,razz", "--db", db, code=2)
    assert "not a game of this event's rotation" in out
    out = run("table-game", tid, "1", "poker", "--db", db, code=2)
    assert "'poker' is not a game" in out
