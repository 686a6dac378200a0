"""``pokertd screens list|assign`` and ``pokertd screens layouts list|show|export|import|
delete`` with ``--json`` (issue 27, point 3): the same service as the screens page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from pokertd.app.tournaments import open_service
from pokertd.cli import app
from pokertd.tournament.entries import CreateTournament
from pokertd.tournament.templates import load_template

RUNNER = CliRunner()

TWO_ROOMS: dict[str, Any] = {
    "name": "two rooms",
    "columns": 2,
    "rows": 1,
    "panels": [
        {"kind": "clock", "col": 0, "row": 0},
        {"kind": "clock", "col": 1, "row": 0, "options": {"event": "2"}},
    ],
}


def _store(tmp_path: Path) -> str:
    db = f"sqlite:///{tmp_path / 'screens.db'}"
    with open_service(db) as svc:
        for tid in ("main", "side"):
            svc.create(
                CreateTournament(name=tid.title(), template=load_template("kpc_nlh")),
                tournament_id=tid,
            )
    return db


def _json(args: list[str]) -> Any:
    result = RUNNER.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_layouts_import_show_export_delete(tmp_path: Path) -> None:
    db = _store(tmp_path)
    names = [lay["name"] for lay in _json(["screens", "layouts", "list", "--db", db])]
    assert names == ["clock", "payouts"]
    file = tmp_path / "two.json"
    file.write_text(json.dumps(TWO_ROOMS), encoding="utf-8")
    imported = _json(["screens", "layouts", "import", str(file), "--db", db])
    assert [p["options"] for p in imported["panels"]] == [{}, {"event": "2"}]
    shown = _json(["screens", "layouts", "show", "two rooms", "--db", db])
    assert shown == imported
    out = tmp_path / "back.json"
    _json(["screens", "layouts", "export", "two rooms", "--out", str(out), "--db", db])
    assert json.loads(out.read_text())["format"] == "pokertd-layout/1"
    assert _json(["screens", "layouts", "delete", "two rooms", "--db", db]) == {
        "deleted": "two rooms"
    }


def test_a_bad_layout_file_is_refused_in_one_line(tmp_path: Path) -> None:
    db = _store(tmp_path)
    bad = {**TWO_ROOMS, "panels": [*TWO_ROOMS["panels"], {"kind": "qr", "col": 1, "row": 0}]}
    file = tmp_path / "bad.json"
    file.write_text(json.dumps(bad), encoding="utf-8")
    result = RUNNER.invoke(app, ["screens", "layouts", "import", str(file), "--db", db])
    assert result.exit_code == 2
    assert "Panel 3 (qr) overlaps panel 2 (clock) at column 2, row 1" in result.output
    refused = RUNNER.invoke(app, ["screens", "layouts", "delete", "clock", "--db", db])
    assert refused.exit_code == 2
    assert "'clock' is a built-in layout: it cannot be deleted." in refused.output


def test_assign_then_list_a_screen_with_two_events(tmp_path: Path) -> None:
    db = _store(tmp_path)
    file = tmp_path / "two.json"
    file.write_text(json.dumps(TWO_ROOMS), encoding="utf-8")
    _json(["screens", "layouts", "import", str(file), "--db", db])
    refused = RUNNER.invoke(
        app, ["screens", "assign", "bar", "--layout", "two rooms", "--event", "main", "--db", db]
    )
    assert refused.exit_code == 2
    assert "choose at least 2 events for bar" in refused.output
    args = ["--layout", "two rooms", "--event", "main", "--event", "side", "--db", db]
    done = _json(["screens", "assign", "bar", *args])
    assert (done["layout"], done["events"], done["connected"]) == (
        "two rooms",
        ["main", "side"],
        False,
    )
    assert [s["name"] for s in _json(["screens", "list", "--db", db])] == ["bar"]
