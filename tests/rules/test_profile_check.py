"""Custom profile files (issue 13): ``extends`` a built-in, every problem listed at once with
the field name, and a complete copy of a built-in loads back to the same values."""

from __future__ import annotations

import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

from pokertd.errors import InvalidCommand
from pokertd.rules import BUILTIN_PROFILES, load_profile
from pokertd.rules.profile import (
    check_profile_file,
    field_rule_ids,
    profile_fields,
    profile_problems,
    profile_to_toml,
)


def _write(tmp_path: Path, text: str, name: str = "club.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_extends_is_the_same_as_inherits(tmp_path: Path) -> None:
    """``extends = "kojack"`` takes Kojack's values and the venue's citations (KPC-29B)."""
    path = _write(tmp_path, 'extends = "kojack"\nclock_action_seconds = 40\n')
    profile = load_profile(path)
    assert profile.name == "club"
    assert profile.clock_action_seconds == 40
    assert profile.overcall_raise_threshold.value == "1.5x_current_bet"
    assert profile.venue == "KPC"


def test_inherits_and_extends_disagreeing_is_one_problem(tmp_path: Path) -> None:
    path = _write(tmp_path, 'extends = "kojack"\ninherits = "tnpl"\n')
    profile, problems = check_profile_file(path)
    assert profile is None
    assert len(problems) == 1
    assert "keep one" in problems[0]


def test_every_problem_is_listed_at_once_with_its_field(tmp_path: Path) -> None:
    """Unknown field (with the likely one), wrong type, not a choice, out of range and a
    validate() problem (TNPL-B2i cap) — five problems, each naming its field."""
    text = "\n".join(
        [
            'extends = "tnpl"',
            'button_rul = "dead"',  # unknown, close to button_rule
            'clock_action_seconds = "fast"',  # wrong type
            'button_rule = "sideways"',  # not a choice
            "sng_seats = 40",  # out of range
            'late_entry_penalty_max_pct = "36%"',  # TNPL-B2i: above 30 %
        ]
    )
    profile, problems = check_profile_file(_write(tmp_path, text))
    assert profile is None
    assert len(problems) == 5, problems
    for field in (
        "button_rul",
        "clock_action_seconds",
        "button_rule",
        "sng_seats",
        "late_entry_penalty_max_pct",
    ):
        assert any(field in p for p in problems), field
    assert any("did you mean 'button_rule'" in p for p in problems)


def test_a_catalogue_name_points_at_the_profile_field() -> None:
    """``hfh_minutes_per_hand`` (FOX-HFH) is the matrix's spelling of hfh_seconds_per_hand."""
    problems = profile_problems({"inherits": "tda", "hfh_minutes_per_hand": 2})
    assert problems == [
        "unknown field 'hfh_minutes_per_hand': the catalogue calls it that, the profile field"
        " is 'hfh_seconds_per_hand' (see docs/profiles.md)"
    ]


def test_a_bad_ratio_names_its_field() -> None:
    problems = profile_problems({"inherits": "tda", "reopen_fraction_limit": "half"})
    assert len(problems) == 1
    assert problems[0].startswith("profile field reopen_fraction_limit")


def test_negative_counts_and_unsorted_lists_are_refused() -> None:
    problems = profile_problems(
        {"inherits": "tda", "rake": -5, "denominations": [500, 100], "field_cap": 1}
    )
    assert "rake may not be negative" in problems
    assert "denominations must list positive numbers, smallest first" in problems
    assert "field_cap must allow at least two entries (A2)" in problems


def test_a_file_that_is_not_toml_or_missing_is_one_sentence(tmp_path: Path) -> None:
    _, problems = check_profile_file(_write(tmp_path, "extends = [\n"))
    assert len(problems) == 1
    assert "is not valid TOML" in problems[0]
    _, problems = check_profile_file(tmp_path / "absent.toml")
    assert problems == [f"There is no profile file {tmp_path / 'absent.toml'}."]


def test_an_unknown_parent_is_refused(tmp_path: Path) -> None:
    _, problems = check_profile_file(_write(tmp_path, 'extends = "casino"\n'))
    assert len(problems) == 1
    assert "unknown profile 'casino'" in problems[0]


@pytest.mark.parametrize("name", BUILTIN_PROFILES)
def test_a_copy_is_complete_and_loads_back(tmp_path: Path, name: str) -> None:
    """``profile copy``'s text names every field and loads to the same values."""
    original = load_profile(name)
    text = profile_to_toml(original, "copy")
    data = tomllib.loads(text)
    listed = set(data) | {k for k, v in data.items() if isinstance(v, dict)}
    assert {info.name for info in profile_fields()} - listed <= {"rule_ids"}
    copied = load_profile(_write(tmp_path, text, "copy.toml"))
    assert copied == original.replace(name="copy")


def test_a_changed_copy_keeps_the_change(tmp_path: Path) -> None:
    text = profile_to_toml(load_profile("foxwoods"), "fox_friday")
    text = text.replace('admin_withholding_pct = "3%"', 'admin_withholding_pct = "5%"')
    profile = load_profile(_write(tmp_path, text, "fox_friday.toml"))
    assert profile.admin_withholding_pct == Fraction(5, 100)
    assert profile.venue == "FOX"


def test_load_profile_still_raises_on_the_first_problem(tmp_path: Path) -> None:
    """Loading (what a tournament does) is unchanged: bad files raise InvalidCommand."""
    with pytest.raises(InvalidCommand, match="sng_seats"):
        load_profile(_write(tmp_path, 'extends = "tda"\nsng_seats = 1\n'))


def test_field_rule_ids_cite_only_the_profiles_venue() -> None:
    """E13 (KPC-29B, TNPL-H5i, FOX-46A, SPOT-3d10): each profile sees its own ID; TDA the
    TDA number of FOX-46A; NJ, silent, the TDA number too; never another venue's ID."""
    info = next(i for i in profile_fields() if i.name == "overcall_raise_threshold")
    got = {n: field_rule_ids(load_profile(n), info) for n in BUILTIN_PROFILES}
    assert got == {
        "tda": ("TDA-46A",),
        "kojack": ("KPC-29B",),
        "tnpl": ("TNPL-H5i",),
        "nj_fundraiser": ("TDA-46A",),
        "spotlight": ("SPOT-3d10",),
        "foxwoods": ("FOX-46A",),
    }
    reg = next(i for i in profile_fields() if i.name == "reg_opens_min_before_start")
    assert field_rule_ids(load_profile("spotlight"), reg) == ("A2",)
