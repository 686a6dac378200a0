"""``pokertd user add/list``: staff accounts from the terminal, and ``pokertd serve --help``
(the ``serve`` command itself runs as a subprocess in the browser tests and in
``test_serve_options.py``)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pokertd.app.accounts import AccountService
from pokertd.cli import app


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
    assert json.loads(r.output) == [{"name": "anna", "role": "floor", "language": None}]
    users = AccountService(db)
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


def test_serve_help_names_every_serving_option_and_its_variable() -> None:
    """``pokertd serve --help`` (issue 16): workers, pool, logs, each with its variable."""
    r = CliRunner().invoke(
        app, ["serve", "--help"], env={"COLUMNS": "250", "NO_COLOR": "1"}, terminal_width=250
    )
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())
    for words in (
        "--workers",
        "$POKERTD_WORKERS",
        "--pool-size",
        "ignored for SQLite",
        "$POKERTD_POOL_SIZE",
        "--log-level",
        "$POKERTD_LOG_LEVEL",
        "--log-format",
        "$POKERTD_LOG_FORMAT",
        "--access-log",
        "--no-access-log",
        "$POKERTD_ACCESS_LOG",
    ):
        assert words in text, words


def test_the_log_choices_are_the_loggings_own() -> None:
    """The CLI's copies of the log levels and formats match :mod:`pokertd.web.observe`."""
    from pokertd.cli._choices import LogFormatChoice, LogLevelChoice
    from pokertd.web.observe import LOG_FORMATS, LOG_LEVELS

    assert tuple(c.value for c in LogLevelChoice) == LOG_LEVELS
    assert tuple(c.value for c in LogFormatChoice) == LOG_FORMATS


def test_user_language_is_kept_shown_and_forgotten(tmp_path: Path) -> None:
    """``pokertd user language`` (docs/languages.md): the staff member's own language."""
    db = f"sqlite:///{tmp_path / 'cli.db'}"
    runner = CliRunner()
    add = ["user", "add", "anna", "--password", "anna-pass-1", "--db", db]
    assert runner.invoke(app, add).exit_code == 0
    r = runner.invoke(app, ["user", "language", "anna", "de", "--db", db, "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output) == {"name": "anna", "language": "de"}
    r = runner.invoke(app, ["user", "list", "--db", db, "--json"])
    assert json.loads(r.output) == [{"name": "anna", "role": "floor", "language": "de"}]
    r = runner.invoke(app, ["user", "language", "anna", "fr", "--db", db, "--json"])
    assert r.exit_code != 0
    assert "Choose one of the languages: en, es, de." in r.output
    r = runner.invoke(app, ["user", "language", "nobody", "--db", db, "--json"])
    assert r.exit_code != 0
    assert "There is no staff account called nobody." in r.output
    r = runner.invoke(app, ["user", "language", "anna", "auto", "--db", db, "--json"])
    assert json.loads(r.output) == {"name": "anna", "language": None}
    r = runner.invoke(app, ["user", "language", "anna", "--db", db])
    assert "reads pages in the venue language" in r.output
