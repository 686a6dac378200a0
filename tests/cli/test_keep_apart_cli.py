"""``pokertd keep-apart`` (SPOT-2c3): keep named players from one table, list the groups,
lift one; ``--json`` and one-line refusals (exit 2, nothing written)."""

from __future__ import annotations

from pathlib import Path

from cli_runner import built_once, run, run_json  # noqa: F401 (built_once: autouse)

from pokertd.app.tournaments import open_service
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.seating import DrawSeats, LayTables
from pokertd.tournament.templates import load_template


def test_SPOT_2c3_keep_apart_list_and_lift_through_the_cli(tmp_path: Path) -> None:
    """Spotlight, 10 players: Ann and Bob kept apart (group 1, "married"), listed, the
    draw seats them at different tables, the group lifted; a group of one is refused in
    one line with exit 2 and nothing written."""
    db = f"sqlite:///{tmp_path / 'apart.db'}"
    with open_service(db) as service:
        tmpl = load_template("spot_league").with_changes(tables=2, seats_per_table=9)
        tid = service.create(CreateTournament(name="Karaoke", template=tmpl))
        for i, name in enumerate(("Ann Lee", "Bob Ray", *(f"Player {i:02d}" for i in range(8)))):
            service.run(tid, Register(name=name, member=f"M{i}", age_ok=True))
        service.run(tid, LayTables(tables=((1, 9), (2, 9))))
        rows = len(service.records(tid))

    done = run_json("keep-apart", tid, "Ann", "Bob", "--note", "married", "--db", db)
    assert [r["type"] for r in done] == ["players_kept_apart"]
    assert done[0]["text"] == "Keeping Ann Lee and Bob Ray apart (group 1) (married)"

    view = run_json("keep-apart", tid, "--db", db)
    assert view["rule_ids"] == ["SPOT-2c3"]
    assert [(g["group"], g["names"], g["note"]) for g in view["groups"]] == [
        (1, ["Ann Lee", "Bob Ray"], "married")
    ]
    with open_service(db) as service:
        service.run(tid, DrawSeats())
    view = run_json("keep-apart", tid, "--db", db)
    tables = view["groups"][0]["tables"]
    assert None not in tables
    assert tables[0] != tables[1]
    assert view["groups"][0]["together"] is False
    text = run("keep-apart", tid, "--db", db)
    assert "Group 1: Ann Lee (table" in text

    out = run("keep-apart", tid, "Ann", "--db", db, code=2)
    assert "Name at least two players to keep apart." in out
    with open_service(db) as service:
        assert len(service.records(tid)) == rows + 2  # kept apart, drawn: nothing more

    lifted = run_json("keep-apart", tid, "--lift", "1", "--db", db)
    assert lifted[0]["text"] == "Ann Lee and Bob Ray may sit together again (group 1 lifted)"
    assert "Nobody is kept apart." in run("keep-apart", tid, "--db", db)
    out = run("keep-apart", tid, "--lift", "1", "--db", db, code=2)
    assert "There is no keep-apart group 1." in out
