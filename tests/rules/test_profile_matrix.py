"""Complete profiles (issue 13): every parameter of the catalogue's section 4 matrix is a
field of :class:`RuleProfile` (or a documented alias), sits in its matrix section, is
documented with its catalogue entry and venue rule IDs, and carries each venue's value.

The matrix is read from ``../shared/rules-catalog.md`` (CI has it beside the repository), so
a row added to the catalogue without a profile field fails here.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from pokertd.rules import BUILTIN_PROFILES, load_profile
from pokertd.rules.catalogue import ENTRIES, all_rule_ids
from pokertd.rules.enums import (
    ButtonErrorFix,
    ClockExpiry,
    DisputeWindow,
    FourCardFlopRule,
    HandStartEvent,
    MisdealConditions,
    ReentrySeat,
    ShowRequestRule,
    SkippedPlayerCutoff,
    SubstantialActionRule,
    TableLanguageRule,
)
from pokertd.rules.profile import MATRIX_ALIASES, PROFILE_SECTION, RuleProfile, profile_fields

CATALOGUE = Path(__file__).resolve().parents[3] / "shared" / "rules-catalog.md"
PROFILE_SOURCE = Path(__file__).resolve().parents[2] / "src/pokertd/rules/profile.py"


def matrix_rows(text: str) -> list[tuple[str, tuple[str, ...], str]]:
    """``(section, parameter names, entry)`` for every row of the section 4 matrix.

    A row may name several parameters in one cell (``a / b``, ``a + b``); a bold row is a
    section heading (``**Betting**``)."""
    matrix = text.split("## 4. Profile parameter matrix", 1)[1]
    rows: list[tuple[str, tuple[str, ...], str]] = []
    section = ""
    for line in matrix.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        heading = re.fullmatch(r"\*\*(.+)\*\*", cells[0]) if cells else None
        if heading:
            section = heading[1]
            continue
        if not cells or not cells[0].startswith("`"):
            continue
        names = tuple(
            n.strip()
            for part in re.findall(r"`([^`]+)`", cells[0])
            for n in re.split(r"[/+]", part)
        )
        rows.append((section, names, cells[-1]))
    return rows


def missing_parameters(text: str) -> list[str]:
    """Matrix parameters with neither a profile field nor a documented alias."""
    known = set(RuleProfile.__dataclass_fields__)
    return [
        name
        for _section, names, _entry in matrix_rows(text)
        for name in names
        if name not in known and MATRIX_ALIASES.get(name) not in known
    ]


@pytest.fixture(scope="module")
def catalogue_text() -> str:
    if not CATALOGUE.exists():
        pytest.skip("../shared/rules-catalog.md is not beside the repository")
    return CATALOGUE.read_text(encoding="utf-8")


def test_the_matrix_parser_reads_every_section_and_row(catalogue_text: str) -> None:
    """The parser sees the matrix as the catalogue lays it out (else the next test checks
    nothing): 13 sections, the first row reg_min_age (A1), the last table_language_rule."""
    rows = matrix_rows(catalogue_text)
    assert len({section for section, _, _ in rows}) == 13
    assert rows[0] == ("Registration & entries", ("reg_min_age",), "A1")
    assert rows[-1] == ("Conduct", ("table_language_rule",), "M4")
    assert sum(len(names) for _, names, _ in rows) >= 186


def test_every_matrix_parameter_is_a_profile_field(catalogue_text: str) -> None:
    """Section 4 whole: each parameter is a field, or an alias in MATRIX_ALIASES."""
    assert missing_parameters(catalogue_text) == []


def test_a_matrix_row_without_a_field_is_reported(catalogue_text: str) -> None:
    """The check can fail: a new catalogue row with no profile field is named."""
    extra = "| `river_bonus_chips` | n/s | n/s | n/s | n/s | n/s | n/s | Z1 |\n"
    assert missing_parameters(catalogue_text + extra) == ["river_bonus_chips"]


def test_each_field_sits_in_its_matrix_section(catalogue_text: str) -> None:
    """docs/profiles.md groups fields by the class's sections: they are the matrix's."""
    sections = {info.name: info.section for info in profile_fields()}
    wrong = []
    for section, names, _entry in matrix_rows(catalogue_text):
        for name in names:
            field = name if name in sections else MATRIX_ALIASES[name]
            if sections[field] != section:
                wrong.append((name, section, sections[field]))
    assert wrong == []


def test_aliases_point_at_fields_that_name_them() -> None:
    """Each alias targets a real field whose docstring gives the catalogue's name."""
    docs = {info.name: info.doc for info in profile_fields()}
    for matrix_name, field in MATRIX_ALIASES.items():
        assert field in docs, field
        assert f"``{matrix_name}``" in docs[field] or f"`{matrix_name}`" in docs[field], field


def test_every_field_names_its_entry_and_venue_rule_ids() -> None:
    """Each field's docstring names a catalogue entry and the venue rule IDs of that entry
    (H5 alone has no source ID); every ID it names exists and belongs to those entries."""
    catalogue_ids = set(all_rule_ids())
    problems: list[str] = []
    for info in profile_fields():
        if info.section == PROFILE_SECTION:
            continue
        if not info.entries or any(e not in ENTRIES for e in info.entries):
            problems.append(f"{info.name}: entries {info.entries}")
            continue
        allowed = {i for e in info.entries for i in ENTRIES[e]}
        if allowed and not info.rule_ids:
            problems.append(f"{info.name}: names no venue rule ID")
        for rule_id in info.rule_ids:
            if rule_id not in catalogue_ids or rule_id not in allowed:
                problems.append(f"{info.name}: {rule_id} is not in {info.entries}")
    assert problems == []


def test_no_field_is_declared_twice() -> None:
    """Several helpers add fields: a second declaration would silently replace the first."""
    tree = ast.parse(PROFILE_SOURCE.read_text(encoding="utf-8"))
    klass = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "RuleProfile")
    names = [
        n.target.id
        for n in klass.body
        if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
    ]
    assert [name for name, count in Counter(names).items() if count > 1] == []
    assert len(names) == len(profile_fields()) >= 190


def test_money_and_percentages_are_never_floats() -> None:
    """Ints for chips/minutes/cents, Fraction for shares: no float anywhere in a profile."""
    for name in BUILTIN_PROFILES:
        profile = load_profile(name)
        for info in profile_fields():
            value = getattr(profile, info.name)
            flat = value if isinstance(value, tuple) else (value,)
            assert not any(isinstance(v, float) for v in flat), (name, info.name)


# (field, {profile: value}) for the matrix rows with concrete values; the test id names the
# catalogue entry and the venue rule IDs asserted.
VALUES: list[tuple[str, str, dict[str, Any]]] = [
    ("A1_TNPL_A2_SPOT_6_2_FOX_REG9", "reg_min_age",
     {"tnpl": 18, "spotlight": 21, "foxwoods": 21, "tda": None, "kojack": None}),
    ("A2_FOX_REG1", "reg_opens_min_before_start", {"foxwoods": 30, "tda": None}),
    ("A2_FOX_REG3_SPOT_2c1", "reg_remote_allowed", {"foxwoods": False, "spotlight": False}),
    ("A4_SPOT_6_3_FOX_REG1", "late_reg_close_after_level",
     {"spotlight": 1, "foxwoods": 6, "nj_fundraiser": 0, "tda": None, "kojack": None}),
    ("A4_SPOT_6_3_extended", "late_reg_extended_close_after_level", {"spotlight": 2}),
    ("A4_TNPL_B2ii", "late_reg_min_levels", {"tnpl": 3, "tda": 0}),
    ("A5_TNPL_B2i_per_level", "late_entry_penalty_pct_per_level",
     {"tnpl": Fraction(1, 10), "tda": 0, "foxwoods": 0}),
    ("A5_TNPL_B2i_cap", "late_entry_penalty_max_pct", {"tnpl": Fraction(3, 10), "kojack": 0}),
    ("A6_TNPL_B2iii", "early_bird_bonus_max_pct", {"tnpl": Fraction(1, 5), "spotlight": 0}),
    ("A8_KPC_18_FOX_RE", "reentry_seat",
     {"kojack": ReentrySeat.RANDOM_NEW_SEAT_IMMEDIATE,
      "foxwoods": ReentrySeat.RANDOM_SAME_OR_OTHER_TABLE, "tda": ReentrySeat.RANDOM}),
    ("A8_NJ_8_SPOT_6_26", "reentry_allowed", {"nj_fundraiser": False, "spotlight": False}),
    ("A9_NJ_8_NJ_44b", "rebuy_max_per_player", {"nj_fundraiser": 3, "tda": None}),
    ("A9_NJ_8_window", "rebuy_window_minutes", {"nj_fundraiser": 60}),
    ("B6_KPC_53_FOX_11B", "bba_reduced_when_players_le", {"kojack": 5, "foxwoods": None}),
    ("B7_KPC_13A_SPOT_2a4", "hand_start_event",
     {"kojack": HandStartEvent.FIRST_RIFFLE, "spotlight": HandStartEvent.FIRST_RIFFLE,
      "foxwoods": HandStartEvent.FIRST_RIFFLE_OR_SHUFFLER_BUTTON}),
    ("B10_FOX_HFH", "hfh_seconds_per_hand", {"foxwoods": 120}),
    ("B14_FOX_25B", "denominations", {"foxwoods": (100, 500, 1000), "tda": ()}),
    ("B15_clock_action", "clock_action_seconds",
     {"kojack": 25, "tnpl": 50, "spotlight": 50, "foxwoods": 25, "tda": 25}),
    ("B15_clock_countdown", "clock_countdown_seconds",
     {"kojack": 5, "tnpl": 10, "spotlight": 10, "foxwoods": 5, "tda": 5}),
    ("B15_TNPL_D6_SPOT_5c10", "clock_expiry_no_bet",
     {"tnpl": ClockExpiry.DEAD, "spotlight": ClockExpiry.CHECK, "kojack": ClockExpiry.CHECK}),
    ("C5_SPOT_6_20", "notify_host_table_size", {"spotlight": 5, "tda": None}),
    ("C5_TNPL_B6v_FOX_10D", "halt_when_short_by",
     {"tnpl": 3, "foxwoods": 3, "tda": 3, "spotlight": None}),
    ("C10_SPOT_6_5", "button_redraw_new_player_ratio", {"spotlight": Fraction(1, 2)}),
    ("C13_NJ_5", "max_seats_per_table", {"nj_fundraiser": 11}),
    ("D6_KPC_24J_FOX_33_SPOT_3c1", "button_error_fix",
     {"kojack": ButtonErrorFix.BACK_ONE_THEN_FORWARD_TWO,
      "foxwoods": ButtonErrorFix.BACK_ONE_THEN_FORWARD_TWO,
      "spotlight": ButtonErrorFix.MISDEAL_BEFORE_ACTION_ELSE_REBALANCE_ROUND,
      "tda": ButtonErrorFix.TD_DECIDES}),
    ("E5_NJ_44c_nl", "raise_cap_nl_pl", {"nj_fundraiser": 3, "tda": None}),
    ("E5_KPC_37_limit", "raise_cap_limit", {"kojack": 4, "nj_fundraiser": 3}),
    ("E5_NJ_44c_lifted", "raise_cap_lifted_when_tournament_players_le",
     {"nj_fundraiser": None, "tda": 2, "kojack": 2}),
    ("E4_KPC_34_FOX_47", "reopen_fraction_limit", {"kojack": Fraction(1, 2)}),
    ("E12_SPOT_3d12", "undercall_misunderstanding_threshold",
     {"spotlight": Fraction(4, 5), "tda": None}),
    ("E26_SPOT_3d7", "skipped_player_cutoff",
     {"spotlight": SkippedPlayerCutoff.THREE_PLAYERS_ACTED_BEHIND,
      "kojack": SkippedPlayerCutoff.SUBSTANTIAL_ACTION}),
    ("E28_TNPL_H16_KPC_45", "exact_count_requires_turn", {"tnpl": False, "kojack": True}),
    ("E28_KPC_45", "dealer_clarifies_bets", {"kojack": True, "foxwoods": False}),
    ("F4_NJ_13", "hi_lo_allowed", {"nj_fundraiser": False, "tda": True}),
    ("F12_KPC_11k_TNPL_C7_SPOT_3e5", "show_request_rule",
     {"kojack": ShowRequestRule.CALLER_MAY_SEE_AGGRESSOR_IF_RIVER_BET,
      "tnpl": ShowRequestRule.TD_DISCRETION,
      "spotlight": ShowRequestRule.ANY_DEALT_PLAYER_CALLED_HANDS}),
    ("F13_FOX_22_KPC_11l_NJ_11", "dispute_window_accounting",
     {"foxwoods": DisputeWindow.UNTIL_SA_NEXT_HAND, "tda": DisputeWindow.UNTIL_SA_NEXT_HAND,
      "kojack": DisputeWindow.UNTIL_NEXT_HAND_START,
      "nj_fundraiser": DisputeWindow.OPERATOR_DECIDES}),
    ("F18_NJ_12", "rake", dict.fromkeys(BUILTIN_PROFILES, 0)),
    ("G4_SPOT_2b15", "absent_pickup_minutes", {"spotlight": 15, "tda": None}),
    ("H3_FOX_ADMIN", "admin_withholding_pct", {"foxwoods": Fraction(3, 100), "tda": 0}),
    ("H6_FOX_SNG", "sng_payout_pct",
     {"foxwoods": (Fraction(1, 2), Fraction(3, 10), Fraction(1, 5))}),
    ("H6_FOX_SNG_seats", "sng_seats", {"foxwoods": 10}),
    ("H7_FOX_SURV1", "survivor_prize_multiple", {"foxwoods": 10}),
    ("H10_FOX_PAY3", "w2g_threshold_cents", {"foxwoods": 500_100, "tda": None}),
    ("H10_FOX_PAY4", "foreign_withholding_pct", {"foxwoods": Fraction(3, 10)}),
    ("H11_FOX_PAY2", "voucher_expiry_days", {"foxwoods": 120}),
    ("H13_NJ_42", "max_events_per_org_per_year", {"nj_fundraiser": 6, "tda": None}),
    ("J1_TNPL_J4ii", "deal_min_pct_for_winner", {"tnpl": Fraction(1, 10), "tda": None}),
    ("J3_SPOT_6_15", "chop_allowed_when_players_le_paid", {"spotlight": True, "tda": False}),
    ("K1_TNPL_J1ii", "penalty_round_options", {"tnpl": (1, 2, 3, 4), "kojack": None}),
    ("L1_SPOT_3a10", "substantial_action_rule",
     {"spotlight": SubstantialActionRule.TWO_PLAYERS_AFTER_BLINDS,
      "foxwoods": SubstantialActionRule.TDA_2_WITH_CHIPS_OR_3}),
    ("L2_KPC_24A_TNPL_G1i_FOX_35A_SPOT_3a1", "misdeal_conditions",
     {"kojack": MisdealConditions.KPC_LIST, "tnpl": MisdealConditions.TNPL_LIST,
      "spotlight": MisdealConditions.SPOT_LIST, "foxwoods": MisdealConditions.FOX_LIST,
      "nj_fundraiser": MisdealConditions.TDA_LIST}),
    ("L4_SPOT_5a3", "four_card_flop_rule",
     {"spotlight": FourCardFlopRule.REDEAL_FLOP_UNLESS_BURN_KNOWN,
      "kojack": FourCardFlopRule.SCRAMBLE_FLOOR_PICKS_BURN}),
    ("L9_TNPL_G1i_SPOT_3c11", "card_off_table_is_exposed", {"tnpl": True, "spotlight": False}),
    ("M4_KPC_5_TNPL_A7_FOX_5_SPOT_2b20", "table_language_rule",
     {"kojack": TableLanguageRule.ENGLISH_ONLY_AT_TABLES,
      "tnpl": TableLanguageRule.ENGLISH_REGIONAL_LANGUAGES_ALLOWED,
      "spotlight": TableLanguageRule.NO_FOREIGN_LANGUAGE_IN_HAND,
      "foxwoods": TableLanguageRule.ENGLISH_ONLY_DURING_HANDS,
      "tda": TableLanguageRule.HOUSE_POSTS}),
]  # fmt: skip


@pytest.mark.parametrize(("field", "expected"), [v[1:] for v in VALUES], ids=[v[0] for v in VALUES])
def test_venue_values_follow_the_matrix(field: str, expected: dict[str, Any]) -> None:
    """Each built-in profile carries the matrix's value (n/s → TDA, ⚠/IMPL → Appendix D)."""
    got = {name: getattr(load_profile(name), field) for name in expected}
    assert got == expected
