"""Rule profiles load, validate and carry the catalogue's venue values (section 4)."""

from fractions import Fraction
from pathlib import Path

import pytest

from pokertd.errors import InvalidCommand
from pokertd.rules import (
    BUILTIN_PROFILES,
    BbaShortPriority,
    ButtonRule,
    MinRaiseRule,
    load_profile,
    profile_from_dict,
)


@pytest.mark.parametrize("name", BUILTIN_PROFILES)
def test_builtin_profiles_load_and_validate(name: str) -> None:
    profile = load_profile(name)
    assert profile.name == name
    assert profile.validate() == []


def test_B4_bba_short_priority_kpc_ante_first_fox_blind_first() -> None:
    """KPC-53 vs FOX-BBA2: what a short big blind pays first."""
    assert load_profile("kojack").bba_short_priority is BbaShortPriority.ANTE_FIRST
    assert load_profile("foxwoods").bba_short_priority is BbaShortPriority.BLIND_FIRST


def test_venue_differences_read_from_profiles() -> None:
    """E2 (SPOT-3d3, NJ-Def14), D1 (NJ-15), E5 (NJ-44c), H3 (FOX-ADMIN), C5 (SPOT-2c2)."""
    assert load_profile("spotlight").min_raise_rule is MinRaiseRule.DOUBLE_CURRENT_BET
    nj = load_profile("nj_fundraiser")
    assert nj.min_raise_rule is MinRaiseRule.CALL_PLUS_ONE_CHIP
    assert nj.button_rule is ButtonRule.MOVING
    assert nj.raise_cap_nl_pl == 3
    assert nj.raise_cap_lifted_when_tournament_players_le is None
    assert load_profile("foxwoods").admin_withholding_pct == Fraction(3, 100)
    assert load_profile("spotlight").halt_when_short_by is None
    assert load_profile("tda").halt_when_short_by == 3


def test_custom_profile_file_inherits(tmp_path: Path) -> None:
    path = tmp_path / "pub.toml"
    path.write_text('inherits = "tnpl"\nclock_action_seconds = 40\n', encoding="utf-8")
    profile = load_profile(path)
    assert profile.name == "pub"
    assert profile.clock_action_seconds == 40
    assert profile.early_bird_bonus_max_pct == Fraction(1, 5)


def test_TNPL_B2i_late_entry_cap_above_30_percent_rejected(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('inherits = "tnpl"\nlate_entry_penalty_max_pct = "36%"\n', encoding="utf-8")
    with pytest.raises(InvalidCommand, match="30%"):
        load_profile(path)


def test_unknown_profile_and_field_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(InvalidCommand, match="unknown profile 'casino'"):
        load_profile("casino")
    path = tmp_path / "typo.toml"
    path.write_text('inherits = "tda"\nbutton_rul = "dead"\n', encoding="utf-8")
    with pytest.raises(InvalidCommand, match="button_rul"):
        load_profile(path)
    path.write_text('inherits = "tda"\nbutton_rule = "sideways"\n', encoding="utf-8")
    with pytest.raises(InvalidCommand, match="sideways"):
        load_profile(path)


def test_profile_round_trips_through_json_view() -> None:
    for name in BUILTIN_PROFILES:
        profile = load_profile(name)
        assert profile_from_dict(profile.as_dict()) == profile


def test_rule_ids_come_from_the_profile_and_are_inherited(tmp_path: Path) -> None:
    """Refusals cite the venue's IDs through its profile's venue (A1: FOX-REG9, FOX-REG8 at
    Foxwoods; TDA is silent, so the entry key), so a derived profile keeps them; the old
    ``[rule_ids]`` table is refused with a sentence saying what replaced it."""
    fox = load_profile("foxwoods")
    assert fox.cite("A1") == ("FOX-REG9", "FOX-REG8")
    assert load_profile("tda").cite("A1") == ("A1",)
    assert load_profile("nj_fundraiser").cite("A9") == ("NJ-8", "NJ-44b", "NJ-Def15")
    path = tmp_path / "fox_friday.toml"
    path.write_text('inherits = "foxwoods"\ntitle = "Friday"\n', encoding="utf-8")
    derived = load_profile(path)
    assert derived.venue == "FOX"
    assert derived.cite("A4") == ("FOX-REG1", "FOX-STR-W", "FOX-STR-B", "FOX-STR-SST")
    path.write_text('inherits = "foxwoods"\n[rule_ids]\nage = "HOUSE-1"\n', encoding="utf-8")
    with pytest.raises(InvalidCommand, match=r"rule_ids is no longer read.*\[rule_ids\]"):
        load_profile(path)
    stored = {**fox.as_dict(), "rule_ids": [["age", "FOX-REG9"]]}  # a profile stored before
    assert profile_from_dict(stored) == fox
