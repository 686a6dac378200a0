"""Structure TOML export (``pokertd structure generate --out``): written with ``tomli_w``,
read back with ``tomllib`` into the very structure that was written."""

from __future__ import annotations

import dataclasses
import json
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokertd.cli import app
from pokertd.cli.clock import _toml
from pokertd.tournament.clock import load_structure, structure_names


@pytest.mark.parametrize("name", structure_names())
def test_every_preset_exported_then_read_back_is_the_same_structure(
    name: str, tmp_path: Path
) -> None:
    original = load_structure(name)
    out = tmp_path / f"{name}.toml"
    out.write_text(_toml(original), encoding="utf-8")
    assert load_structure(out) == original
    assert len(tomllib.loads(out.read_text(encoding="utf-8"))["levels"]) == len(original.levels)


def test_generated_file_reads_back_as_the_structure_the_command_printed(tmp_path: Path) -> None:
    out = tmp_path / "night.toml"
    result = CliRunner().invoke(app, [
        "structure", "generate", "--players", "60", "--stack", "20000", "--hours", "6",
        "--level-minutes", "20", "--name", "night", "--out", str(out), "--json",
    ])  # fmt: skip
    assert result.exit_code == 0, result.output
    printed = json.loads(result.stdout)
    back = load_structure(out).as_json()
    assert back["levels"] == printed["levels"]
    assert back["breaks"] == printed["breaks"]
    assert back["chips"] == printed["chips"]
    assert back["title"] == printed["title"]
    assert printed["title"] == "Generated: 60 players, 20,000 chips, 6 h, 20-minute levels"


def test_quotes_and_backslashes_in_a_title_survive(tmp_path: Path) -> None:
    original = load_structure("fox_wed")
    tricky = dataclasses.replace(original, title='The "Wednesday" \\ night\nspecial')
    out = tmp_path / "fox_wed.toml"
    out.write_text(_toml(tricky), encoding="utf-8")
    assert load_structure(out).title == 'The "Wednesday" \\ night\nspecial'
