"""Refusals from the core are sentences for people at any face (issue 12 "Text for people").

The web shows the core's sentence as it is, so it must not ask for a CLI flag or command;
where a face has its own way of doing what is asked, the refusal carries a machine-readable
``context["hint"]`` and the face adds its own words (the CLI: ``cli/_common.CLI_HINTS``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from floor_helpers import Night

from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import Reenter, Register

SRC = Path(__file__).resolve().parents[2] / "src" / "pokertd"
# a flag, a CLI command ("pokertd reenter"; "pokertd does not deal" is the product), "himself"
CLI_WORDS = re.compile(r"--[a-z]|\bpokertd (?!does\b)[a-z]|\bhimself\b")


def _raised_texts(path: Path) -> list[tuple[int, str]]:
    """Every string written into an exception raised in ``path`` (f-string parts too)."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            for arg in node.exc.args[:1]:
                for part in ast.walk(arg):
                    if isinstance(part, ast.Constant) and isinstance(part.value, str):
                        found.append((node.lineno, part.value))
    return found


def test_core_refusals_name_no_cli_flag_or_command() -> None:
    """No refusal in tournament/, rules/ or engine/ mentions "--age-ok", "pokertd reenter"..."""
    bad = [
        f"{path.relative_to(SRC)}:{line}: {text!r}"
        for area in ("tournament", "rules", "engine")
        for path in sorted((SRC / area).rglob("*.py"))
        for line, text in _raised_texts(path)
        if CLI_WORDS.search(text)
    ]
    assert bad == []


def test_A1_age_refusal_is_neutral_with_a_hint() -> None:
    night = Night("fox_grinder")
    with pytest.raises(RuleViolation) as refused:
        night.run(Register(name="Young Yves", member="1"))
    assert refused.value.message == "Confirm Young Yves is at least 21 before registering."
    assert refused.value.context["hint"] == "age"


def test_A13_second_registration_names_the_player_not_the_entry() -> None:
    night = Night("fox_grinder")
    night.register("Ann Lee")
    with pytest.raises(RuleViolation) as refused:
        night.run(Register(name="Ann Lee", member="1234", age_ok=True))
    assert refused.value.message == (
        "Ann Lee is already registered: a second stack is a re-entry, one stack per player."
    )
    assert "E1" not in str(refused.value)
    assert refused.value.context == {"hint": "reenter", "entry": "E1"}
    with pytest.raises(RuleViolation) as again:
        night.run(Reenter(player="Ann Lee"))
    assert again.value.message.startswith("Ann Lee still has a live stack: re-entry only")
    assert "E1" not in again.value.message


def test_G1_self_elimination_is_worded_neutrally() -> None:
    night = Night("fox_grinder")
    night.register("Ann Lee", "Bob Ray")
    with pytest.raises(InvalidCommand, match=r"^Ann Lee cannot eliminate themselves\.$"):
        night.run(Bust(players=("Ann Lee",), eliminator="Ann Lee"))
