"""``pokertd`` run as a terminal user runs it, for the CLI tests: ``run`` gives the output
and checks the exit code (0, or 2 for a refusal), ``run_json`` reads ``--json``.

A test module that imports :func:`built_once` gets it as an autouse fixture: the click
command tree is built once per test instead of once per invocation (0.4 s each).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest
import typer.main
import typer.testing
from typer.testing import CliRunner

from pokertd.cli import app

runner = CliRunner()


@pytest.fixture(autouse=True)
def built_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Build the click command tree once per test, not once per invocation."""
    command = typer.main.get_command(app)
    monkeypatch.setattr(typer.testing, "_get_command", lambda _app: command)


def run(*args: str, code: int = 0, env: Mapping[str, str] | None = None) -> str:
    """The output of ``pokertd ARGS`` (``env``: extra environment), which must exit ``code``."""
    result = runner.invoke(app, list(args), env=dict(env) if env else None)
    assert result.exit_code == code, result.output
    return result.output


def run_json(*args: str, code: int = 0, env: Mapping[str, str] | None = None) -> Any:
    """``pokertd ARGS --json``, read."""
    return json.loads(run(*args, "--json", code=code, env=env))
