"""Event templates: the Foxwoods grid (Appendix A), the other venues, validation, user files."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from pokertd.errors import InvalidCommand, NotFound
from pokertd.money import parse_money
from pokertd.tournament.templates import (
    Fees,
    load_template,
    template_from_dict,
    template_names,
    templates,
)

# name, buy-in, P.C. fee, entry fee, bounty (dollars), starting stack — Appendix A
FOX_EVT = [
    ("fox_grinder", 42, 3, 15, 0, 15000),
    ("fox_semi_turbo", 77, 3, 20, 0, 20000),
    ("fox_120", 97, 3, 20, 0, 20000),
    ("fox_wed_80", 62, 3, 15, 0, 25000),
    ("fox_wed_140", 112, 3, 25, 0, 35000),
    ("fox_sst_140", 112, 3, 25, 0, 30000),
    ("fox_bounty_100", 52, 3, 20, 25, 15000),
    ("fox_double_green_bounty", 47, 3, 20, 50, 20000),
    ("fox_sst_bounty_120", 72, 3, 20, 25, 30000),
    ("fox_140", 112, 3, 25, 0, 20000),
    ("fox_fifty_k", 122, 3, 25, 0, 50000),
    ("fox_saturday", 167, 3, 30, 0, 25000),
    ("fox_sng_65", 47, 3, 15, 0, 4000),
    ("fox_sng_120", 97, 3, 20, 0, 4000),
    ("fox_sng_230", 197, 3, 30, 0, 4000),
]


@pytest.mark.parametrize(("name", "buy_in", "pc", "entry", "bounty", "stack"), FOX_EVT)
def test_FOX_EVT_templates_match_appendix_a(
    name: str, buy_in: int, pc: int, entry: int, bounty: int, stack: int
) -> None:
    """FOX-EVT, FOX-SNG (H1): buy-in / P.C. fee / entry fee / bounty, in cents."""
    t = load_template(name)
    assert t.profile == "foxwoods"
    assert t.fees == Fees(
        prize_pool=buy_in * 100, house_fee=pc * 100, entry_fee=entry * 100, bounty=bounty * 100
    )
    assert t.starting_stack == stack
    assert t.bounty_event == (bounty > 0)


def test_FOX_EVT_bounty_price_adds_up() -> None:
    """H1 example: $52 buy-in + $3 P.C. + $20 entry + $25 bounty = $100."""
    t = load_template("fox_bounty_100")
    assert t.fees.total == 10000
    assert t.fees.describe() == "$100 ($52 + $3 + $20 + $25)"


def test_FOX_EVT_saturday_guarantee() -> None:
    """FOX-EVT #11: $10K guaranteed (H8)."""
    assert load_template("fox_saturday").guarantee == 1_000_000


def test_FOX_REG1_registration_closes_per_sheet() -> None:
    """FOX-REG1, FOX-STR-B, FOX-STR-SST: level 6 by default, sheet B 8, SST 14."""
    fox = load_template("fox_grinder").load_profile()
    assert load_template("fox_grinder").registration_close(fox) == 6
    assert load_template("fox_120").registration_close(fox) == 8
    assert load_template("fox_sst_140").registration_close(fox) == 14
    assert load_template("fox_sng_65").registration_close(fox) == 0


def test_every_shipped_template_is_valid_and_one_per_venue() -> None:
    shipped = templates()
    assert len(shipped) == len(template_names()) >= 19
    assert {t.profile for t in shipped} == {
        "foxwoods",
        "kojack",
        "tnpl",
        "nj_fundraiser",
        "spotlight",
    }
    for t in shipped:
        assert t.problems() == []


def test_NJ_8_template_with_reentry_is_refused() -> None:
    """NJ-8: rebuys only, no re-entry."""
    nj = load_template("nj_fundraiser").with_changes(reentry=True)
    assert any("re-entry" in p for p in nj.problems())


def test_NJ_8_rebuy_limit_and_window_from_profile() -> None:
    """NJ-8, NJ-44b: at most 3 rebuys, first hour."""
    nj = load_template("nj_fundraiser")
    assert nj.rebuy is not None
    assert (nj.rebuy.max_per_player, nj.rebuy.minutes) == (3, 60)
    from dataclasses import replace

    too_many = nj.with_changes(rebuy=replace(nj.rebuy, max_per_player=4))
    assert any("at most 3 rebuys" in p for p in too_many.problems())
    too_long = nj.with_changes(rebuy=replace(nj.rebuy, minutes=90))
    assert any("first 60 minutes" in p for p in too_long.problems())


def test_SPOT_6_26_no_rebuys_no_bonus() -> None:
    """SPOT-6.26: no buy-backs, no bonus chips."""
    spot = load_template("spot_league")
    nj = load_template("nj_fundraiser")
    assert any("rebuys" in p for p in spot.with_changes(rebuy=nj.rebuy).problems())
    assert spot.with_changes(early_bird_bonus_pct=Fraction(1, 10)).problems()


def test_TNPL_B2iii_bonus_over_20_percent_refused() -> None:
    """TNPL-B2iii: a 25 % early bonus is a validation error; 20 % is fine."""
    tnpl = load_template("tnpl_league")
    assert tnpl.early_bird_bonus_pct == Fraction(1, 5)
    assert any(
        "20%" in p for p in tnpl.with_changes(early_bird_bonus_pct=Fraction(1, 4)).problems()
    )


def test_TNPL_B2i_late_reduction_cap_over_30_percent_refused() -> None:
    """TNPL-B2i: 12 % per level with a 36 % cap is a validation error."""
    tnpl = load_template("tnpl_league")
    bad = tnpl.with_changes(
        late_entry_penalty_pct_per_level=Fraction(12, 100),
        late_entry_penalty_cap_pct=Fraction(36, 100),
    )
    assert any("30%" in p for p in bad.problems())


def test_TNPL_B2ii_late_entry_at_least_three_levels() -> None:
    """TNPL-B2ii: late entry open at least the first 3 levels."""
    tnpl = load_template("tnpl_league").with_changes(late_reg_close_after_level=2)
    assert any("at least 3 levels" in p for p in tnpl.problems())


def test_NJ_5_seats_per_table_between_2_and_11() -> None:
    t = load_template("fox_grinder")
    assert t.with_changes(seats_per_table=12).problems()
    assert t.with_changes(seats_per_table=1).problems()
    assert not t.with_changes(seats_per_table=11).problems()


def test_user_template_file(tmp_path: Path) -> None:
    path = tmp_path / "friday.toml"
    path.write_text(
        'title = "Friday $50"\nprofile = "tda"\nstructure = "fox_grinder"\n'
        "starting_stack = 10000\nreentry = true\n"
        '[buy_in]\nprize_pool = "$40"\nhouse_fee = "$10"\n',
        encoding="utf-8",
    )
    t = load_template(path)
    assert t.name == "friday"
    assert t.fees.total == 5000


def test_bad_templates_are_refused(tmp_path: Path) -> None:
    with pytest.raises(NotFound, match="no template named 'nope'"):
        load_template("nope")
    bad = tmp_path / "bad.toml"
    bad.write_text("title = [", encoding="utf-8")
    with pytest.raises(InvalidCommand, match="not valid TOML"):
        load_template(bad)
    with pytest.raises(InvalidCommand, match="not an amount of money"):
        template_from_dict(
            {"structure": "fox_grinder", "starting_stack": 1, "buy_in": {"prize_pool": "lots"}}
        )
    with pytest.raises(InvalidCommand, match="unknown template field"):
        template_from_dict({"colour": "red", "buy_in": {}})
    unknown_structure = load_template("fox_grinder").with_changes(structure="no_such")
    assert any("no structure named" in p for p in unknown_structure.problems())


@pytest.mark.parametrize(
    ("text", "cents"),
    [("$60", 6000), ("60.00", 6000), ("4,074", 407400), ("$4,074.50", 407450), (".5", 50)],
)
def test_money_typed_by_people(text: str, cents: int) -> None:
    assert parse_money(text) == cents


@pytest.mark.parametrize("text", ["sixty", "-5", "1.234", "4,07", "", "$", "6O"])
def test_garbage_money_is_refused(text: str) -> None:
    with pytest.raises(InvalidCommand):
        parse_money(text)
