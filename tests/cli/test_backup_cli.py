"""``pokertd backup``, ``pokertd export`` and ``pokertd import`` (issue 16, docs/backup.md).

Each command runs against SQLite files under ``tmp_path`` (and PostgreSQL where marked);
refusals print one sentence and exit 2, and change nothing.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pokertd.app import demo
from pokertd.app.tournaments import open_service
from pokertd.cli import app

runner = CliRunner()


def _run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    """``pokertd ARGS``: exit code, stdout, stderr."""
    result = runner.invoke(app, list(args), input=stdin, env={"COLUMNS": "200"})
    return result.exit_code, result.stdout, result.stderr


def _json(*args: str) -> tuple[int, Any]:
    code, out, _ = _run(*args, "--json")
    return code, json.loads(out)


@pytest.fixture
def source(tmp_path: Path) -> tuple[str, str]:
    """``(db url, tournament id)``: a demo tournament of 12 players, seated, clock running."""
    url = f"sqlite:///{tmp_path / 'source.db'}"
    with open_service(url) as service:
        tid = demo.build(service, players=12)
    return url, tid


def test_export_then_import_into_another_database(source: tuple[str, str], tmp_path: Path) -> None:
    url, tid = source
    file = tmp_path / "night.jsonl"
    code, done = _json("export", tid, "-o", str(file), "--db", url)
    assert code == 0
    lines = file.read_text(encoding="utf-8").splitlines()
    assert done == {"tournament": tid, "file": str(file), "events": len(lines) - 1}
    assert json.loads(lines[0])["tournament"] == tid
    assert done["events"] > 12  # creation, 12 registrations, seating, clock

    other = f"sqlite:///{tmp_path / 'other.db'}"
    code, info = _json("import", str(file), "--db", other)
    assert code == 0
    assert (info["id"], info["last_seq"]) == (tid, done["events"])
    with open_service(url) as a, open_service(other) as b:
        assert b.records(tid)[-1].seq == a.records(tid)[-1].seq
        assert [r.event for r in b.records(tid)] == [r.event for r in a.records(tid)]

    # the same file again: refused, one line, exit 2, nothing changed
    code, out, err = _run("import", str(file), "--db", other)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert f"A tournament with id '{tid}' exists already" in err
    code, info = _json("import", str(file), "--as", "copy-2", "--db", other)
    assert (code, info["id"]) == (0, "copy-2")
    code, out, _ = _run("import", str(file), "--as", "Not An Id!", "--db", other)
    assert code == 2
    with open_service(other) as b:
        assert sorted(t.id for t in b.tournaments()) == sorted([tid, "copy-2"])


def test_export_to_stdout_and_import_from_stdin(source: tuple[str, str], tmp_path: Path) -> None:
    url, tid = source
    code, text, _ = _run("export", tid, "-o", "-", "--db", url)
    assert code == 0
    assert json.loads(text.splitlines()[0])["format"] == "pokertd-tournament"
    other = f"sqlite:///{tmp_path / 'other.db'}"
    code, out, _ = _run("import", "-", "--db", other, stdin=text)
    assert code == 0
    assert out.startswith(f"Imported {tid} (")


def test_export_refuses_an_existing_file_and_an_unknown_tournament(
    source: tuple[str, str], tmp_path: Path
) -> None:
    url, tid = source
    file = tmp_path / "kept.jsonl"
    file.write_text("keep me", encoding="utf-8")
    code, out, err = _run("export", tid, "-o", str(file), "--db", url)
    assert (code, out) == (2, "")
    assert "exists already: choose a new file, or add --force" in err
    assert file.read_text(encoding="utf-8") == "keep me"
    code, failure = _json("export", tid, "-o", str(file), "--db", url, "--force")
    assert code == 0
    assert failure["events"] > 12
    code, failure = _json("export", "nosuch", "-o", str(tmp_path / "x.jsonl"), "--db", url)
    assert code == 2
    assert failure["error"] == "not_found"
    assert not (tmp_path / "x.jsonl").exists()


def test_import_refuses_a_damaged_file_naming_the_line(
    source: tuple[str, str], tmp_path: Path
) -> None:
    url, tid = source
    file = tmp_path / "night.jsonl"
    assert _run("export", tid, "-o", str(file), "--db", url)[0] == 0
    lines = file.read_text(encoding="utf-8").splitlines()
    lines[6] = lines[6].replace('"actor":"demo"', '"actor":"someone else"')
    file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    other = f"sqlite:///{tmp_path / 'other.db'}"
    code, failure = _json("import", str(file), "--db", other)
    assert code == 2
    assert failure["error"] == "invalid_command"
    assert failure["message"].startswith("Line ")
    assert failure["message"].endswith("Nothing was imported.")
    code, _, err = _run("import", str(tmp_path / "missing.jsonl"), "--db", other)
    assert (code, err.strip()) == (2, f"error: There is no file {tmp_path / 'missing.jsonl'}.")
    with open_service(other) as b:
        assert b.tournaments() == []


def test_backup_of_sqlite_writes_a_checked_copy(source: tuple[str, str], tmp_path: Path) -> None:
    url, tid = source
    target = tmp_path / "backup.db"
    code, report = _json("backup", "-o", str(target), "--db", url)
    assert code == 0
    with open_service(url) as service:
        events = service.last_seq(tid)
    assert report["backend"] == "sqlite"
    assert (report["written"], report["tournaments"], report["events"]) == (True, 1, events)
    assert report["bytes"] == target.stat().st_size
    with sqlite3.connect(target) as conn:
        assert conn.execute("SELECT id, last_seq FROM tournaments").fetchall() == [(tid, events)]
    code, out, err = _run("backup", "-o", str(target), "--db", url)
    assert (code, out) == (2, "")
    assert "exists already" in err
    code, out, _ = _run("backup", "-o", str(target), "--db", url, "--force")
    assert code == 0
    assert out.startswith("Backed up 1 tournaments (")
    assert "To restore it, stop pokertd serve and run: cp " in out


@pytest.mark.postgres
def test_backup_of_postgresql_prints_the_pg_dump_command(pg_database: str, tmp_path: Path) -> None:
    target = tmp_path / "pg.dump"
    code, out, _ = _run("backup", "-o", str(target), "--db", pg_database)
    assert code == 0
    assert "pokertd does not run PostgreSQL backups itself" in out
    assert f"pg_dump --format=custom --file={target} " in out
    assert "pg_restore --clean --if-exists --no-owner" in out
    assert ":pokertd@" not in out  # the password stays out of the printed command
    assert not target.exists()
    code, report = _json("backup", "-o", str(target), "--db", pg_database)
    assert (code, report["written"], report["backend"]) == (0, False, "postgresql")


@pytest.mark.parametrize("where", ["line", "data"])
def test_import_of_a_deeply_nested_line_is_one_line_naming_it(
    source: tuple[str, str], tmp_path: Path, where: str
) -> None:
    """Issue 23: 100,000 nested arrays on line 3 (the row itself, or the event data text it
    carries) gave a RecursionError traceback; now one line naming line 3, exit 2, nothing
    written."""
    url, tid = source
    file = tmp_path / "night.jsonl"
    assert _run("export", tid, "-o", str(file), "--db", url)[0] == 0
    lines = file.read_text(encoding="utf-8").splitlines()
    deep = "[" * 100_000 + "]" * 100_000
    if where == "line":
        lines[2] = deep
    else:
        row = json.loads(lines[2])
        row["data"] = '{"x": ' + deep + "}"
        lines[2] = json.dumps(row)
    file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    other = f"sqlite:///{tmp_path / 'other.db'}"
    code, out, err = _run("import", str(file), "--db", other)
    assert code == 2, out + err
    assert "Traceback" not in out + err
    (message,) = err.strip().splitlines()
    assert message.startswith("error: Line 3 of the file: ")
    assert "nested too deeply" in message
    code, failure = _json("import", str(file), "--db", other)
    assert code == 2
    assert failure["message"].startswith("Line 3 of the file: ")
    with open_service(other) as b:
        assert b.tournaments() == []
