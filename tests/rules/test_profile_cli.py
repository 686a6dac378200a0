"""``pokertd profile list | show | diff | check | copy | fields`` (issue 13, complete
profiles), through Typer's CliRunner, one real subprocess, and a custom profile file used by
``pokertd new``. The field reference in docs/profiles.md is checked against the code."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from pokertd.app.tournaments import open_service
from pokertd.cli import app
from pokertd.cli.profile import DOCS_BEGIN, DOCS_END, fields_markdown, replace_docs_block
from pokertd.rules import BUILTIN_PROFILES
from pokertd.rules.profile import profile_fields
from pokertd.tournament.entries.state import Setup

runner = CliRunner()
DOCS = Path(__file__).resolve().parents[2] / "docs" / "profiles.md"


def _json(args: list[str], code: int = 0) -> object:
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == code, result.output
    return json.loads(result.stdout)


def test_list_names_every_builtin_with_its_venue() -> None:
    rows = _json(["profile", "list"])
    assert isinstance(rows, list)
    assert [(r["name"], r["venue"]) for r in rows] == [
        ("tda", "TDA"),
        ("kojack", "KPC"),
        ("tnpl", "TNPL"),
        ("nj_fundraiser", "NJ"),
        ("spotlight", "SPOT"),
        ("foxwoods", "FOX"),
    ]
    assert rows[5]["source"] == "built-in pokertd/rules/profiles/foxwoods.toml, extends tda"


def test_show_lists_every_field_with_value_and_own_rule_ids() -> None:
    """A1 under Spotlight: reg_min_age 21 citing SPOT-6.2 only (not TNPL-A2, FOX-REG9)."""
    data = _json(["profile", "show", "spotlight"])
    assert isinstance(data, dict)
    rows = {r["field"]: r for r in data["fields"]}
    assert len(rows) == len(profile_fields())
    assert rows["reg_min_age"]["value"] == 21
    assert rows["reg_min_age"]["rule_ids"] == ["SPOT-6.2"]
    assert rows["undercall_misunderstanding_threshold"]["shown"] == "80%"
    assert rows["late_reg_close_after_level"]["entries"] == ["A4"]
    text = runner.invoke(app, ["profile", "show", "foxwoods"]).stdout
    assert "late_reg_close_after_level = 6  FOX-REG1" in text


def test_diff_shows_only_the_fields_that_differ() -> None:
    data = _json(["profile", "diff", "tda", "tnpl"])
    assert isinstance(data, dict)
    fields = {r["field"]: (r["a"], r["b"]) for r in data["differences"]}
    assert fields["reg_min_age"] == (None, 18)
    assert fields["clock_action_seconds"] == (25, 50)
    assert "rake" not in fields
    assert "name" not in fields
    same = runner.invoke(app, ["profile", "diff", "kojack", "kojack"])
    assert same.exit_code == 0
    assert "agree on every field" in same.stdout


def test_check_lists_every_problem_and_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text(
        'extends = "kojack"\nbuton_rule = "dead"\nclock_action_seconds = -5\n'
        'overcall_raise_threshold = "twice"\n',
        encoding="utf-8",
    )
    result = runner.invoke(app, ["profile", "check", str(path)])
    assert result.exit_code == 2
    assert "has 3 problem(s)" in result.stderr
    for field in ("buton_rule", "clock_action_seconds", "overcall_raise_threshold"):
        assert field in result.stderr
    assert "Traceback" not in result.output
    data = _json(["profile", "check", str(path)], code=2)
    assert isinstance(data, dict)
    assert data["ok"] is False
    assert len(data["problems"]) == 3


def test_check_of_a_good_file_says_what_it_changes(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text('extends = "kojack"\nclock_action_seconds = 40\n', encoding="utf-8")
    data = _json(["profile", "check", str(path)])
    assert isinstance(data, dict)
    assert data["ok"] is True
    assert data["extends"] == "kojack"
    assert data["venue"] == "KPC"
    assert [(c["field"], c["a"], c["b"]) for c in data["changes"]] == [
        ("clock_action_seconds", 25, 40)
    ]


def test_copy_writes_a_file_that_checks_and_refuses_to_overwrite(tmp_path: Path) -> None:
    path = tmp_path / "my_club.toml"
    result = runner.invoke(app, ["profile", "copy", "tnpl", str(path)])
    assert result.exit_code == 0, result.output
    data = _json(["profile", "check", str(path)])
    assert isinstance(data, dict)
    assert data["ok"] is True
    assert data["name"] == "my_club"
    again = runner.invoke(app, ["profile", "copy", "tnpl", str(path)])
    assert again.exit_code == 2
    assert "already exists" in again.stderr
    assert runner.invoke(app, ["profile", "copy", "tnpl", str(path), "--force"]).exit_code == 0


def test_unknown_profile_is_one_line_exit_2() -> None:
    result = runner.invoke(app, ["profile", "show", "casino"])
    assert result.exit_code == 2
    assert "unknown profile 'casino'" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_tournament_runs_on_a_copied_profile(tmp_path: Path) -> None:
    """A venue copies kojack, changes the clock and creates an event with the file: the
    tournament stores the custom values (B15: KPC-20 — 40 s instead of 25)."""
    path = tmp_path / "kpc_house.toml"
    assert runner.invoke(app, ["profile", "copy", "kojack", str(path)]).exit_code == 0
    text = path.read_text(encoding="utf-8").replace(
        "clock_action_seconds = 25", "clock_action_seconds = 40"
    )
    path.write_text(text, encoding="utf-8")
    db = f"sqlite:///{tmp_path / 'events.db'}"
    args = ["new", "--template", "kpc_nlh", "--name", "House night", "--profile", str(path)]
    data = _json([*args, "--db", db])
    assert isinstance(data, dict)
    assert data["status"]["profile"] == "Kojack's Poker Club"
    service = open_service(db)
    try:
        stored = service.state(data["tournament_id"]).part(Setup).profile
    finally:
        service.close()
    assert stored.name == "kpc_house"
    assert stored.clock_action_seconds == 40
    assert stored.venue == "KPC"


def test_one_real_subprocess_run(tmp_path: Path) -> None:
    """The installed ``pokertd`` script: ``profile diff kojack foxwoods --json``."""
    script = Path(sys.executable).with_name("pokertd")
    out = subprocess.run(
        [str(script), "profile", "diff", "kojack", "foxwoods", "--json"],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
        timeout=120,
    )
    data = json.loads(out.stdout)
    fields = {r["field"]: (r["a"], r["b"]) for r in data["differences"]}
    assert fields["overcall_raise_threshold"] == ("1.5x_current_bet", "half_last_increment")
    assert fields["reg_min_age"] == (None, 21)


def test_the_docs_field_reference_is_current() -> None:
    """docs/profiles.md carries the generated reference; regenerate it with
    ``uv run pokertd profile fields --write docs/profiles.md``."""
    text = DOCS.read_text(encoding="utf-8")
    assert DOCS_BEGIN in text
    assert DOCS_END in text
    assert replace_docs_block(text, fields_markdown()) == text, (
        "docs/profiles.md is stale: run uv run pokertd profile fields --write docs/profiles.md"
    )
    for name in BUILTIN_PROFILES:
        assert f"| {name} " in text or f" {name} |" in text


def test_fields_markdown_names_every_field_once() -> None:
    block = fields_markdown()
    for info in profile_fields():
        assert block.count(f"- `{info.name}` (") == 1, info.name
