"""``pokertd user add/list``: staff accounts from the terminal (the ``serve`` command itself is
exercised by the browser test, which runs it as a subprocess)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pokertd.cli import app
from pokertd.web import UserStore


def test_user_add_and_list(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'cli.db'}"
    runner = CliRunner()
    r = runner.invoke(
        app,
        [
            "user",
            "add",
            "anna",
            "--role",
            "floor",
            "--password",
            "anna-pass-1",
            "--db",
            db,
            "--json",
        ],
    )
    assert r.exit_code == 0, r.output
    assert json.loads(r.output) == {"name": "anna", "role": "floor"}
    r = runner.invoke(app, ["user", "list", "--db", db, "--json"])
    assert json.loads(r.output) == [{"name": "anna", "role": "floor"}]
    users = UserStore(db)
    assert users.verify("anna", "anna-pass-1") is not None
    assert users.verify("anna", "wrong") is None
    users.close()


def test_user_add_refuses_bad_input(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'cli.db'}"
    runner = CliRunner()
    r = runner.invoke(
        app, ["user", "add", "bob", "--role", "king", "--password", "bob-pass-1", "--db", db]
    )
    assert r.exit_code == 2
    r = runner.invoke(
        app, ["user", "add", "bob", "--role", "floor", "--password", "short", "--db", db, "--json"]
    )
    assert r.exit_code == 2
    assert json.loads(r.output)["error"] == "invalid_command"
    runner.invoke(app, ["user", "add", "bob", "--password", "bob-pass-1", "--db", db])
    r = runner.invoke(app, ["user", "add", "bob", "--password", "bob-pass-1", "--db", db])
    assert r.exit_code == 2
    r = runner.invoke(
        app, ["user", "add", "bob", "--password", "bob-pass-2", "--reset", "--db", db]
    )
    assert r.exit_code == 0
