"""Hostile input to the CLI gives one line and exit code 2, with bounded reads (issue 10).

The same limits as the API (they live on the command types), plus the files the CLI reads:
deeply nested TOML, ``/dev/zero`` or a 2 GB file as a hand history, a port out of range, an
empty ``--db``.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokertd.app.tournaments import open_service
from pokertd.cli import app
from pokertd.errors import InvalidCommand
from pokertd.rules import load_profile

runner = CliRunner()


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'hostile.db'}"


def one_line_refusal(*args: str) -> str:
    """Run ``pokertd args``; it must refuse in one line with exit 2 and no traceback."""
    result = runner.invoke(app, list(args))
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith("error: "), result.output
    return lines[0]


def _nested_arrays(path: Path, depth: int) -> Path:
    path.write_text("a = " + "[" * depth + "]" * depth + "\n", encoding="utf-8")
    return path


def _nested_tables(path: Path, depth: int) -> Path:
    header = ".".join(f"k{i}" for i in range(depth))
    path.write_text(f"[{header}]\nx = 1\n", encoding="utf-8")
    return path


def test_dev_zero_as_a_hand_history_is_refused_quickly() -> None:
    start = time.monotonic()
    line = one_line_refusal("hand", "replay", "/dev/zero")
    assert "too large" in line
    assert time.monotonic() - start < 5


def test_a_two_gigabyte_hand_history_is_refused_without_reading_it(tmp_path: Path) -> None:
    big = tmp_path / "huge.phh"
    with big.open("wb") as handle:  # sparse: takes no disk space
        handle.truncate(2 << 30)
    start = time.monotonic()
    assert "too large" in one_line_refusal("hand", "replay", str(big))
    assert time.monotonic() - start < 5


def test_a_deeply_nested_hand_history_is_refused(tmp_path: Path) -> None:
    path = _nested_arrays(tmp_path / "deep.phh", 5000)
    assert "nested too deeply" in one_line_refusal("hand", "replay", str(path))


@pytest.mark.parametrize("maker", [_nested_arrays, _nested_tables])
def test_a_deeply_nested_structure_file_is_refused(tmp_path: Path, maker: object) -> None:
    assert callable(maker)
    depth = 5000 if maker is _nested_arrays else 40
    path = maker(tmp_path / "deep.toml", depth)
    assert "nested too deeply" in one_line_refusal("structure", "show", str(path))


def test_a_deeply_nested_template_file_is_refused(tmp_path: Path, db: str) -> None:
    path = _nested_arrays(tmp_path / "deep.toml", 5000)
    line = one_line_refusal("new", "--template", str(path), "--name", "T", "--db", db)
    assert "nested too deeply" in line


def test_a_deeply_nested_profile_file_is_refused(tmp_path: Path) -> None:
    path = _nested_arrays(tmp_path / "deep.toml", 5000)
    with pytest.raises(InvalidCommand, match="nested too deeply"):
        load_profile(path)


def test_a_port_out_of_range_is_refused_before_the_store_is_opened(tmp_path: Path) -> None:
    store = tmp_path / "serve.db"
    line = one_line_refusal("serve", "--port", "70000", "--db", f"sqlite:///{store}")
    assert "between 1 and 65535" in line
    assert not store.exists()


@pytest.mark.parametrize("command", [["serve"], ["tournaments"], ["register", "t1", "Ann"]])
def test_an_empty_db_is_refused(command: list[str]) -> None:
    assert "--db is empty" in one_line_refusal(*command, "--db", "")


def test_the_cli_meets_the_same_name_limit_and_stores_nothing(db: str) -> None:
    result = runner.invoke(
        app, ["new", "--template", "fox_grinder", "--name", "N", "--id", "t1", "--db", db]
    )
    assert result.exit_code == 0, result.output
    line = one_line_refusal("register", "t1", "x" * 10_000, "--age-ok", "--db", db)
    assert "at most 60 characters" in line
    line = one_line_refusal("register", "t1", "Bob\udcff", "--age-ok", "--db", db)
    assert "lone surrogate" in line  # what a shell passes for an invalid byte
    service = open_service(db)
    try:
        assert [r.event.type for r in service.records("t1")] == ["tournament_created"]
    finally:
        service.close()
