"""``pokertd player add|search|show|confirm|merge|unmerge|history --json`` (issue 14).

Each command runs against a SQLite file under ``tmp_path``; refusals print one sentence and
exit 2, and change nothing.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from pokertd.cli import app

runner = CliRunner()


def _cli(db: Path, *args: str) -> tuple[int, Any]:
    """Run ``pokertd ARGS --json --db DB``: exit code and the printed JSON."""
    result = runner.invoke(
        app, [*args, "--json", "--db", f"sqlite:///{db}"], env={"POKERTD_ACTOR": "floor7"}
    )
    return result.exit_code, json.loads(result.stdout)


def test_add_search_confirm_merge_unmerge_show(tmp_path: Path) -> None:
    db = tmp_path / "players.db"
    code, ann = _cli(db, "player", "add", "Ann Lee", "--card", "FX 100")
    assert code == 0
    assert (ann["name"], ann["card"], ann["created_by"]) == ("Ann Lee", "FX 100", "floor7")
    code, dup = _cli(db, "player", "add", "Anne Lee")
    assert code == 0
    code, found = _cli(db, "player", "search", "lee")
    assert code == 0
    assert [p["id"] for p in found] == [ann["id"], dup["id"]]  # "ann lee" < "anne lee"
    code, found = _cli(db, "player", "search", "fx100")
    assert [p["name"] for p in found] == ["Ann Lee"]
    code, confirmed = _cli(db, "player", "confirm", ann["id"], "age", "--note", "licence")
    assert code == 0
    assert (confirmed["kind"], confirmed["staff"], confirmed["note"]) == (
        "age",
        "floor7",
        "licence",
    )
    code, merged = _cli(db, "player", "merge", dup["id"], ann["id"])
    assert code == 0
    assert (merged["from_id"], merged["into_id"], merged["staff"]) == (
        dup["id"],
        ann["id"],
        "floor7",
    )
    code, found = _cli(db, "player", "search", "lee")
    assert [p["id"] for p in found] == [ann["id"]]
    code, shown = _cli(db, "player", "show", ann["id"])
    assert code == 0
    assert [p["id"] for p in shown["merged"]] == [dup["id"]]
    assert [c["kind"] for c in shown["confirmations"]] == ["age"]
    code, undone = _cli(db, "player", "unmerge", dup["id"])
    assert code == 0
    assert undone["undone_by"] == "floor7"
    code, found = _cli(db, "player", "search", "lee")
    assert len(found) == 2


def test_history_from_a_registration_on_the_command_line(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    assert _cli(db, "new", "--template", "kpc_nlh", "--name", "Monday", "--id", "mon")[0] == 0
    for name in ("Ann Lee", "Bob Ray"):
        assert _cli(db, "register", "mon", name, "--age-ok", "--member-ok")[0] == 0
    assert _cli(db, "bust", "mon", "Bob Ray", "--by", "Ann Lee")[0] == 0
    code, found = _cli(db, "player", "search", "bob")
    assert code == 0
    assert len(found) == 1
    code, history = _cli(db, "player", "history", found[0]["id"])
    assert code == 0
    assert history["events"] == 1
    [row] = history["rows"]
    # two $100 + $20 entries: Bob out first of two, place 2; the $200 pool is Ann's to win
    assert (row["tournament_id"], row["place"], row["prize"], row["spent"]) == ("mon", 2, 0, 12000)
    code, again = _cli(db, "register", "mon", "Cat Ng", "--player-id", "plnothere1")
    assert code == 2
    assert again["message"] == "There is no player 'plnothere1' in the player database."


def test_bad_input_exits_2_with_a_sentence_and_changes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "bad.db"
    code, ann = _cli(db, "player", "add", "Ann Lee")
    code, err = _cli(db, "player", "merge", ann["id"], ann["id"])
    assert code == 2
    assert err["message"] == "A player cannot be merged into themselves."
    code, err = _cli(db, "player", "show", "plnothere1")
    assert code == 2
    assert err["message"] == "There is no player 'plnothere1' in the player database."
    code, err = _cli(db, "player", "add", "y" * 61)
    assert code == 2
    assert err["message"] == "A player's name can have at most 60 characters, not 61."
    code, err = _cli(db, "player", "unmerge", ann["id"])
    assert code == 2
    assert "is not merged into anyone" in err["message"]
    code, found = _cli(db, "player", "search", "a", "--all")
    assert [p["id"] for p in found] == [ann["id"]]
    code, shown = _cli(db, "player", "show", ann["id"])
    assert shown["merges"] == []
    assert shown["confirmations"] == []
