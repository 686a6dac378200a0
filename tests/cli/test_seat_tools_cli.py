"""``pokertd away``, ``pokertd back`` and ``pokertd seat-move`` (issue 12 seat tools):
the floor's absence marks (D8, K6; SPOT-2b15 pickup time, G4) and a move by hand (FOX-6,
FOX-8) through the CLI, with ``--json`` and one-line refusals (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

from cli_runner import built_once, run, run_json  # noqa: F401 (built_once: autouse)

from pokertd.app.tournaments import open_service
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.seating import DrawSeats, LayTables
from pokertd.tournament.templates import load_template


def test_SPOT_2b15_away_back_and_seat_move_through_the_cli(tmp_path: Path) -> None:
    """Spotlight, 10 players at 2 tables of 9: away shows on ``tables`` with the SPOT-2b15
    pickup sentence, back ends it, seat-move puts the player in the empty seat asked for."""
    db = f"sqlite:///{tmp_path / 'seat.db'}"
    with open_service(db) as service:
        tmpl = load_template("spot_league").with_changes(tables=2, seats_per_table=9)
        tid = service.create(CreateTournament(name="Karaoke", template=tmpl))
        for i in range(10):
            service.run(tid, Register(name=f"Player {i:02d}", member=f"M{i}", age_ok=True))
        service.run(tid, LayTables(tables=((1, 9), (2, 9))))
        service.run(tid, DrawSeats())
    view = run_json("tables", tid, "--db", db)
    first = view["tables"][0]["seated"][0]
    name = first["name"]
    assert first["away"] is None

    done = run_json("away", tid, name, "--db", db)
    assert [r["type"] for r in done] == ["player_away"]
    assert done[0]["text"].startswith(f"{name} is away from table 1 seat {first['seat']}")
    seat = run_json("tables", tid, "--db", db)["tables"][0]["seated"][0]
    assert seat["away"]["pickup_minutes"] == 15
    assert seat["away"]["rule_ids"] == ["SPOT-2b15"]
    text = run("tables", tid, "--db", db)  # the note column may wrap: compare the letters
    flat = "".join(c for c in text if c.isalnum() or c in "()-.")
    assert "Away0min.Chipsmaybepickedupafter15minutesaway(SPOT-2b15)." in flat

    out = run("away", tid, name, "--db", db, code=2)
    assert "already marked away" in out
    assert "back at table 1" in run("back", tid, name, "--db", db)
    assert "is not marked away" in run("back", tid, name, "--db", db, code=2)

    t2 = run_json("tables", tid, "--db", db)["tables"][1]
    taken = {s["seat"] for s in t2["seated"]}
    empty = min(set(range(1, 10)) - taken)
    moved = run_json("seat-move", tid, name, "--table", "2", "--seat", str(empty), "--db", db)
    assert [r["type"] for r in moved] == ["player_moved"]
    assert f"→ table 2 seat {empty} (floor decision" in moved[0]["text"]
    after = run_json("tables", tid, "--db", db)["tables"]
    assert [t["players"] for t in after] == [4, 6]
    assert any(s["name"] == name and s["seat"] == empty for s in after[1]["seated"])

    busy = min(taken)
    holder = next(s["name"] for s in t2["seated"] if s["seat"] == busy)
    other = after[0]["seated"][0]["name"]
    out = run("seat-move", tid, other, "--table", "2", "--seat", str(busy), "--db", db, code=2)
    assert f"Table 2 seat {busy} is taken by {holder}" in out
    err = json.loads(
        run("seat-move", tid, other, "--table", "7", "--seat", "1", "--db", db, "--json", code=2)
    )
    assert err["error"] == "invalid_command"
    assert "Table 7 is not in play" in err["message"]
