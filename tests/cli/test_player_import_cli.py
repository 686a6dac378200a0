"""``pokertd player import|imports|import-undo --json`` (issue 26, point 4).

A SQLite file under ``tmp_path``; numbers by hand: Ann Lee is in the database with card
FX 100; the file holds her again (exact, by card), "Anne Lee" (one letter apart: a likely
duplicate), two new players and a row without a name (bad, line 6).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from pokertd.app.players import PlayerService
from pokertd.app.tournaments import open_service
from pokertd.cli import app
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.templates import load_template
from pokertd.web.people import history_csv

runner = CliRunner()

FILE = (
    "First Name,Last Name,Rewards #,E-mail,Member Since\r\n"
    "Ann,Lee,FX 100,,\r\n"
    "Anne,Lee,,,\r\n"
    "Bob,Quarry,B-2,bob@example.org,2024-02-29\r\n"
    '=HYPERLINK("x"),Cell,,,\r\n'
    ",,Z-9,,\r\n"
)


def _cli(db: Path, *args: str) -> tuple[int, Any]:
    result = runner.invoke(
        app, [*args, "--json", "--db", f"sqlite:///{db}"], env={"POKERTD_ACTOR": "floor7"}
    )
    return result.exit_code, json.loads(result.stdout)


def test_preview_import_list_and_undo(tmp_path: Path) -> None:
    db = tmp_path / "players.db"
    csv_file = tmp_path / "club.csv"
    csv_file.write_bytes(FILE.encode())
    code, ann = _cli(db, "player", "add", "Ann Lee", "--card", "FX 100")
    assert code == 0

    code, preview = _cli(db, "player", "import", str(csv_file), "--preview")
    assert code == 0
    assert preview["mapping"] == {"First Name": "first_name", "Last Name": "last_name",
                                  "Rewards #": "card", "E-mail": "email",
                                  "Member Since": "joined"}  # fmt: skip
    assert preview["counts"] == {"new": 2, "exact": 1, "duplicate": 1, "bad": 1}
    assert preview["import"] is None
    rows = {r["line"]: r for r in preview["rows"]}
    assert (rows[2]["status"], rows[2]["match"]["id"]) == ("exact", ann["id"])
    assert (rows[3]["status"], rows[3]["match"]["reason"]) == ("duplicate", "one letter apart")
    assert (rows[6]["status"], rows[6]["problem"]) == ("bad", "The name is empty.")
    code, found = _cli(db, "player", "search", "Quarry")
    assert found == []  # a preview writes nothing

    code, done = _cli(db, "player", "import", str(csv_file), "--map", "Member Since=ignore")
    assert code == 0
    assert "Member Since" not in done["mapping"]
    record = done["import"]
    assert (record["added"], record["emails"], record["staff"], record["source"]) == (
        2, 1, "floor7", "club.csv")  # fmt: skip
    code, listed = _cli(db, "player", "imports")
    assert [(r["id"], r["active"]) for r in listed] == [(record["id"], True)]
    code, found = _cli(db, "player", "search", "Quarry")
    assert [p["name"] for p in found] == ["Bob Quarry"]

    # the imported formula-like name stays text in our own CSV exports (pokertd.sheets)
    code, found = _cli(db, "player", "search", "Cell")
    assert found[0]["name"] == '=HYPERLINK("x") Cell'
    svc = open_service(f"sqlite:///{db}")
    try:
        svc.create(CreateTournament(name="Tue", template=load_template("kpc_nlh")),
                   tournament_id="tue")  # fmt: skip
        svc.run("tue", Register(name='=HYPERLINK("x") Cell', age_ok=True, member_ok=True),
                actor="f")  # fmt: skip
        text = history_csv(PlayerService(svc.store, svc).history(found[0]["id"]))
    finally:
        svc.close()
    assert ',"\'=HYPERLINK(""x"") Cell",' in text  # a leading quote: shown, never run
    code, refused = _cli(db, "player", "import-undo", record["id"])
    assert code == 2
    assert "played a tournament" in refused["message"]


def test_undo_after_import(tmp_path: Path) -> None:
    db = tmp_path / "players.db"
    csv_file = tmp_path / "club.csv"
    csv_file.write_bytes(FILE.encode())
    code, done = _cli(db, "player", "import", str(csv_file))
    assert code == 0
    record = done["import"]
    assert record["added"] == 4
    code, undone = _cli(db, "player", "import-undo", record["id"])
    assert code == 0
    assert undone["undone_by"] == "floor7"
    code, found = _cli(db, "player", "search", "Quarry")
    assert found == []
    code, again = _cli(db, "player", "import-undo", record["id"])
    assert code == 2
    assert "nothing to undo" in again["message"]


def test_refusals_are_one_sentence_and_exit_2(tmp_path: Path) -> None:
    db = tmp_path / "players.db"
    code, out = _cli(db, "player", "import", str(tmp_path / "missing.csv"))
    assert code == 2
    assert out["message"].startswith("Cannot read ")
    bad = tmp_path / "points.csv"
    bad.write_text("Points,Place\n3,1\n")
    code, out = _cli(db, "player", "import", str(bad))
    assert code == 2
    assert "No column holds the players' names" in out["message"]
    code, out = _cli(db, "player", "import", str(bad), "--map", "Points")
    assert code == 2
    assert "column=field" in out["message"]
