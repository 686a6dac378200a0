"""Conformance, catalogue section 2(e) Betting: the rule IDs no other test cited yet.

Each test rules on the catalogue's worked example (or the rulebook's own, where the
catalogue gives none) with :func:`pokertd.engine.rulings.rule` under the venue's profile,
checks the exact ruling, and checks that every rule ID in it is the venue's own (or the
TDA's where its rulebook is silent). Test names and docstrings cite the venue rule IDs.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pokertd.engine.rulings import Happened, Order, Ruling, Situation, rule
from pokertd.errors import InvalidCommand
from pokertd.rules import RuleProfile, Variant, load_profile

_P: dict[str, RuleProfile] = {}


def prof(name: str) -> RuleProfile:
    """A built-in profile, loaded once."""
    if name not in _P:
        _P[name] = load_profile(name)
    return _P[name]


def ruled(
    name: str | RuleProfile,
    situation: Situation,
    words: str = "",
    *pushes: tuple[int, ...],
    **happened: object,
) -> Ruling:
    """The ruling under profile ``name``; checks every rule ID is that venue's own."""
    profile = prof(name) if isinstance(name, str) else name
    ruling = rule(
        situation,
        Happened(words=words, pushes=pushes, **happened),  # type: ignore[arg-type]
        profile,
    )
    own = profile.venue
    assert ruling.rule_ids, ruling
    for rule_id in ruling.rule_ids:
        assert rule_id.startswith((own + "-", "TDA-")), (profile.name, ruling.rule_ids)
    return ruling


def flop(**kw: object) -> Situation:
    """Flop, multi-way, an opening bet of 1,000 at 200/400; the player has 30,000."""
    base: dict[str, object] = {
        "current_bet": 1_000,
        "last_increment": 1_000,
        "pot": 3_000,
        "stack": 30_000,
        "big_blind": 400,
    }
    base.update(kw)
    return Situation(**base)  # type: ignore[arg-type]


# ------------------------------------------------------------------ E2
def test_NJ_Def6_NJ_Def14_call_is_an_equal_contribution_raise_one_chip_more() -> None:
    """E2 NJ: 200/400, A raised to 1,600 (25-chips in play). A call makes B's contribution
    equal to A's and no greater (NJ-Def6): "call" with 2,000 pushed is 1,600, 400 back. A
    raise is a call plus one or more chips (NJ-Def14): "raise 1625" stands at 1,625, which
    is under the TDA minimum of 2,800 anywhere else."""
    s = Situation(
        current_bet=1_600,
        last_increment=1_200,
        pot=2_200,
        stack=50_000,
        big_blind=400,
        denominations=(25, 100, 500, 1_000),
        opening_bet=False,
    )
    r = ruled("nj_fundraiser", s, "call", (1_000, 1_000), order=Order.TOGETHER)
    assert (r.action, r.amount, r.change) == ("call", 1_600, 400)
    r = ruled("nj_fundraiser", s, "raise 1625")
    assert (r.action, r.amount, r.chips_to_add) == ("raise", 1_625, 1_625)
    assert ruled("tda", s, "raise 1625").amount == 2_800


# ------------------------------------------------------------------ E5
@pytest.mark.parametrize("name", ["tnpl", "foxwoods"])
def test_TNPL_H9_FOX_51_limit_cap_even_heads_up_until_two_players_left(name: str) -> None:
    """E5: limit 200/400 flop: bet 200, raises to 400, 600, 800, 1,000 (the house cap of
    a bet and four raises) → "raise" is only a call of 1,000, even heads-up; once the
    tournament is down to two players the raise to 1,200 is allowed."""
    s = Situation(
        current_bet=1_000,
        last_increment=200,
        pot=3_000,
        stack=10_000,
        big_blind=200,
        variant=Variant.FIXED_LIMIT_HOLDEM,
        raises_this_round=4,
        heads_up=True,
        opening_bet=False,
    )
    r = ruled(name, s, "raise")
    assert (r.action, r.amount, r.chips_to_add) == ("call", 1_000, 1_000)
    two_left = replace(s, players_in_tournament=2)
    r = ruled(name, two_left, "raise")
    assert (r.action, r.amount) == ("raise", 1_200)


@pytest.mark.parametrize("name", ["spotlight", "tnpl", "foxwoods", "kojack"])
def test_SPOT_5c1_SPOT_3d2_TNPL_H9_FOX_51_no_cap_in_no_limit(name: str) -> None:
    """E5: no-limit has no cap: after six raises (to 25,600) "raise" still raises —
    SPOT to at least double the bet, 51,200; TDA venues to 25,600 + 12,800 = 38,400."""
    s = Situation(
        current_bet=25_600,
        last_increment=12_800,
        pot=60_000,
        stack=200_000,
        big_blind=400,
        raises_this_round=6,
        opening_bet=False,
    )
    r = ruled(name, s, "raise")
    expected = 51_200 if name == "spotlight" else 38_400
    assert (r.action, r.amount, r.at_least) == ("raise", expected, True)


# ------------------------------------------------------------------ E9
@pytest.mark.parametrize("name", ["kojack", "foxwoods"])
def test_KPC_27A_FOX_40A_first_defines_the_bet_simultaneous_clear_words_win(name: str) -> None:
    """E9: facing 1,000, "call" said while pushing 3,000 at the same moment → the clear
    words win: call 1,000, 2,000 back. When the 5,000 chip landed before the words
    ("raise" said after), the chips came first: an oversized chip, a call, 4,000 back."""
    s = flop()
    r = ruled(name, s, "call", (1_000, 1_000, 1_000), order=Order.TOGETHER)
    assert (r.action, r.amount, r.change) == ("call", 1_000, 2_000)
    r = ruled(name, s, "raise", (5_000,), order=Order.CHIPS_FIRST)
    assert (r.action, r.amount, r.change) == ("call", 1_000, 4_000)
    assert "chips came first" in r.sentence


@pytest.mark.parametrize("name", ["kojack", "foxwoods"])
def test_KPC_27C_FOX_40C_declaring_an_amount_is_pushing_it(name: str) -> None:
    """E9: declaring a specific amount only is the same as silently pushing it: 100/200,
    A raised to 600 (L = 400); "eight hundred fifty" rules exactly as 850 in chips pushed
    (KPC 1.5x: a call of 600; FOX 50 %: a raise to 1,000)."""
    s = Situation(
        current_bet=600, last_increment=400, pot=900, stack=100_000, big_blind=200,
        opening_bet=False,
    )  # fmt: skip
    said = ruled(name, s, "eight hundred fifty")
    pushed = ruled(name, s, "", (500, 100, 100, 100, 25, 25))
    assert (said.action, said.amount) == (pushed.action, pushed.amount)
    assert (said.action, said.amount) == (("call", 600) if name == "kojack" else ("raise", 1_000))


@pytest.mark.parametrize("name", ["kojack", "foxwoods"])
def test_KPC_27D_KPC_28_FOX_41A_action_in_turn_binds_and_chips_stay(name: str) -> None:
    """E9/E10: in turn, 1,000 pushed facing 1,000 is a call whose chips stay in the pot
    (nothing back); the same push made out of turn, after the action changed to 2,000,
    is void at these venues and the 1,000 goes back."""
    r = ruled(name, flop(), "", (1_000,))
    assert (r.action, r.amount, r.change) == ("call", 1_000, 0)
    oot = ruled(name, flop(current_bet=2_000), "", (1_000,), out_of_turn=True, action_changed=True)
    assert (oot.action, oot.change) == ("choice", 1_000)


def test_KPC_27G_no_betting_line_chips_count_on_release() -> None:
    """E9 KPC: no betting line; chips may be brought out and cut on the table: 2,000
    brought forward and not released is no bet; released on the felt it is the bet."""
    s = flop(current_bet=0, last_increment=0)
    held = ruled("kojack", s, "", (1_000, 1_000), released=False)
    assert (held.action, held.amount, held.chips_to_add) == ("none", 0, 0)
    r = ruled("kojack", s, "", (1_000, 1_000))
    assert (r.action, r.amount) == ("bet", 2_000)
    assert prof("kojack").betting_line is False


def test_SPOT_3d8_forward_motion_is_the_floors_unreleased_chips_do_not_bind() -> None:
    """E9 SPOT: a wager is not binding until released (SPOT-5c3); a forward motion that
    made another player act may bind — the floor's call, which the sentence names."""
    r = ruled("spotlight", flop(), "", (1_000,), released=False)
    assert r.action == "none"
    assert "forward motion made another player act" in r.sentence


def test_SPOT_5c4_spoken_amount_corrects_the_chips_whichever_came_first() -> None:
    """E9 SPOT: "raise to 2,000" with 1,600 put out → corrected to 2,000 (add 400), even
    when the chips landed first; at Foxwoods the chips came first and play (1,600 facing
    1,000: a raise to 2,000 by the 50 % standard, also add 400)."""
    s = flop()
    for order in (Order.WORDS_FIRST, Order.CHIPS_FIRST):
        r = ruled("spotlight", s, "raise to 2000", (1_000, 500, 100), order=order)
        assert (r.action, r.amount, r.chips_to_add) == ("raise", 2_000, 400)
    r = ruled("spotlight", s, "raise to 2500", (1_000, 500, 100), order=Order.CHIPS_FIRST)
    assert (r.amount, r.chips_to_add) == (2_500, 900)
    fox = ruled("foxwoods", s, "raise to 2500", (1_000, 500, 100), order=Order.CHIPS_FIRST)
    assert (fox.amount, fox.chips_to_add) == (2_000, 400)


# ------------------------------------------------------------------ E10
@pytest.mark.parametrize("name", ["tnpl", "foxwoods", "kojack"])
def test_TNPL_H1ii_FOX_41B_KPC_27E_fold_before_the_amount_is_clear(name: str) -> None:
    """E10: A says "raise" but names no amount; B quickly folds → not taken yet: B waits
    until A's amount (e.g. 2,600) is clear, then acts."""
    r = ruled(name, flop(), "fold", amount_unclear=True)
    assert (r.action, r.chips_to_add, r.change) == ("none", 0, 0)
    assert "waits" in r.sentence


@pytest.mark.parametrize("name", ["foxwoods", "kojack", "tnpl"])
def test_FOX_59B_KPC_28_premature_call_the_floor_may_hold_him(name: str) -> None:
    """E10: B says "call" before A's raise amount is known → the floor rules as fits the
    situation, including holding B to calling whatever A bets (FOX-59B)."""
    r = ruled(name, flop(), "call", amount_unclear=True)
    assert r.action == "floor"
    assert [o.action for o in r.options] == ["hold", "act_again"]


# ------------------------------------------------------------------ E12
def test_SPOT_5c5_short_call_always_corrected_tda_venue_leaves_it_to_the_floor() -> None:
    """E12: facing a raise to 1,000 multi-way, 600 pushed short by a counting error:
    SPOT → always the full call, add 400 (even after the bettor showed down); TNPL → the
    floor decides (full call or forfeit and fold)."""
    s = flop(opening_bet=False, last_increment=600)
    r = ruled("spotlight", s, "", (500, 100))
    assert (r.action, r.amount, r.chips_to_add) == ("call", 1_000, 400)
    r = ruled("tnpl", s, "", (500, 100))
    assert r.action == "floor"


def test_SPOT_5c6_SPOT_3d12_eighty_percent_no_misunderstanding_claim() -> None:
    """E12 SPOT, river: bet 4,000, the caller pushes 3,300 (82.5 %) and says "call", then
    claims he misunderstood → at least 80 %: no claim, he adds 700. SPOT-5c6's own case:
    "four hundred" bet, 100 put in with "call" (25 %) → the floor may let him take it
    back. Where no threshold is set (TDA) the verbal call binds: add 300."""
    river = Situation(current_bet=4_000, last_increment=4_000, pot=9_000, stack=20_000,
                      big_blind=400, heads_up=True)  # fmt: skip
    r = ruled("spotlight", river, "call", (1_000, 1_000, 1_000, 100, 100, 100),
              misunderstood=True)  # fmt: skip
    assert (r.action, r.amount, r.chips_to_add) == ("call", 4_000, 700)
    assert "82.5 %" in r.sentence
    small = Situation(current_bet=400, last_increment=400, pot=900, stack=5_000, big_blind=100,
                      heads_up=True)  # fmt: skip
    r = ruled("spotlight", small, "call", (100,), misunderstood=True)
    assert r.action == "floor"
    assert [(o.action, o.chips_to_add, o.change) for o in r.options] == [
        ("call", 300, 0),
        ("retract", 0, 100),
    ]
    r = ruled("tda", small, "call", (100,), misunderstood=True)
    assert (r.action, r.chips_to_add) == ("call", 300)


def test_SPOT_3d12_bet_below_minimum_brought_up_to_the_minimum_only() -> None:
    """E8/E12 SPOT: blinds 200/400, flop: 300 bet by a player with more chips is brought
    up to the minimum bring-in, 400, and no further."""
    s = flop(current_bet=0, last_increment=0)
    r = ruled("spotlight", s, "", (100, 100, 100))
    assert (r.action, r.amount, r.chips_to_add) == ("bet", 400, 100)


# ------------------------------------------------------------------ E14
def test_KPC_32_methods_of_raising() -> None:
    """E14 KPC: 200/400, A raised to 1,200 (L = 800). (A) 3,000 in one motion → a raise
    to 3,000; (B) "raise 3000" before the chips → 3,000; (C) "raise", exactly 1,200, then
    1,800 in one more motion → 3,000; "raise" then 1,500 and stop → the minimum, 2,000;
    the same 1,200 + 1,800 silently in two motions is a string raise: a call."""
    s = Situation(current_bet=1_200, last_increment=800, pot=1_800, stack=50_000,
                  big_blind=400, opening_bet=False)  # fmt: skip
    one = ruled("kojack", s, "", (1_000, 1_000, 1_000))
    assert (one.action, one.amount) == ("raise", 3_000)
    said = ruled("kojack", s, "raise 3000", (1_000, 1_000, 1_000))
    assert (said.action, said.amount, said.change) == ("raise", 3_000, 0)
    c = ruled("kojack", s, "raise", (1_000, 100, 100), (1_000, 500, 100, 100, 100))
    assert (c.action, c.amount, c.chips_to_add) == ("raise", 3_000, 0)
    short = ruled("kojack", s, "raise", (1_000, 500))
    assert (short.action, short.amount, short.chips_to_add) == ("raise", 2_000, 500)
    string = ruled("kojack", s, "", (1_000, 100, 100), (1_000, 500, 100, 100, 100))
    assert (string.action, string.amount, string.change) == ("call", 1_200, 1_800)
    assert "string_bet" in string.flags


# ------------------------------------------------------------------ E15
def test_KPC_29E_SPOT_5c7_oversized_chip_is_a_call_unless_raise_first() -> None:
    """E15: 100/200, A raised to 600: one silent 1,000 chip → a call, 400 back; "raise"
    said first → a raise to 1,000 (at Spotlight, whose minimum raise doubles the bet, to
    1,200: add 200). SPOT-5c7's own case: $100-$200, a 500 chip put in
    silently against the big blind → a call of 200, 300 back; not facing a bet, a single
    5,000 chip is a bet of its full value."""
    s = Situation(current_bet=600, last_increment=400, pot=900, stack=100_000, big_blind=200,
                  opening_bet=False)  # fmt: skip
    for name, to, add in (("kojack", 1_000, 0), ("spotlight", 1_200, 200)):
        r = ruled(name, s, "", (1_000,))
        assert (r.action, r.amount, r.change) == ("call", 600, 400)
        r = ruled(name, s, "raise", (1_000,))
        assert (r.action, r.amount, r.chips_to_add) == ("raise", to, add)
    bb = Situation(current_bet=200, last_increment=200, pot=300, stack=10_000, big_blind=200)
    r = ruled("spotlight", bb, "", (500,))
    assert (r.action, r.amount, r.change) == ("call", 200, 300)
    r = ruled("spotlight", flop(current_bet=0, last_increment=0), "", (5_000,))
    assert (r.action, r.amount, r.change) == ("bet", 5_000, 0)


# ------------------------------------------------------------------ E18
def test_TNPL_H3_FOX_44_tiny_chip_against_a_big_bet() -> None:
    """E18: blinds 2,000/4,000, A bets 50,000 (the opening bet, multi-way), B silently
    puts out one 1,000 chip: non-standard, may be penalised; TNPL/FOX must complete the
    call anyway (add 49,000). Kojack's (where a multi-way undercall is the player's
    choice) and Foxwoods facing a raise: the floor decides, and may rule a full call."""
    s = Situation(current_bet=50_000, last_increment=50_000, pot=62_000, stack=200_000,
                  big_blind=4_000)  # fmt: skip
    for name in ("tnpl", "foxwoods"):
        r = ruled(name, s, "", (1_000,))
        assert (r.action, r.amount, r.chips_to_add) == ("call", 50_000, 49_000)
        assert {"non_standard", "penalty_possible"} <= set(r.flags)
        assert prof(name).cite("E18")[0] in r.rule_ids
    r = ruled("kojack", s, "", (1_000,))
    assert r.action == "floor"
    assert [(o.action, o.chips_to_add) for o in r.options] == [("call", 49_000), ("fold", 0)]
    raised = replace(s, opening_bet=False, last_increment=30_000)
    assert ruled("foxwoods", raised, "", (1_000,)).action == "floor"
    # 600 against 1,000 is an ordinary undercall, not a tiny chip.
    assert "tiny" not in ruled("foxwoods", flop(), "", (500, 100)).sentence


@pytest.mark.parametrize("name", ["tnpl", "foxwoods"])
def test_TNPL_H3_FOX_44_acceptable_ways_to_call(name: str) -> None:
    """E18: facing 1,000 (A raised 200/400 pre-flop to 1,100 in the multiple-chip case):
    "call"; exactly 1,000; one silent 5,000 chip; 500 + 1,000 facing 1,100 (every chip
    needed) — each is a call."""
    s = flop()
    assert ruled(name, s, "call").action == "call"
    assert ruled(name, s, "", (500, 500)).action == "call"
    assert ruled(name, s, "", (5_000,)).action == "call"
    multi = Situation(current_bet=1_100, last_increment=700, pot=1_700, stack=20_000,
                      big_blind=400, opening_bet=False)  # fmt: skip
    r = ruled(name, multi, "", (500, 1_000))
    assert (r.action, r.amount, r.change) == ("call", 1_100, 400)


# ------------------------------------------------------------------ E19 / E22 / E23
def test_TNPL_A5_official_terms_pot_in_pot_limit_only() -> None:
    """E19/E22 TNPL: "pot" is official only in pot-limit: PL 100/200 first in → 700; in
    NL 400/800 with a 5,000 pot it only commits the player to at least 800; words that
    are no official term go to the floor, at the player's risk."""
    pl = Situation(current_bet=200, last_increment=200, pot=300, stack=10_000, big_blind=200,
                   variant=Variant.POT_LIMIT_OMAHA)  # fmt: skip
    assert (ruled("tnpl", pl, "pot").action, ruled("tnpl", pl, "pot").amount) == ("raise", 700)
    nl = Situation(pot=5_000, stack=30_000, big_blind=800)
    r = ruled("tnpl", nl, "pot")
    assert (r.action, r.amount, r.at_least) == ("bet", 800, True)
    r = ruled("tnpl", nl, "banana")
    assert (r.action, r.flags) == ("floor", ("non_standard",))


def test_KPC_3_terms_and_gestures_tap_is_a_check() -> None:
    """E22 KPC: tapping the table is a check; "call" and "check" are standard terms;
    non-standard words put the player at risk of an unintended ruling (the floor)."""
    s = flop(current_bet=0, last_increment=0)
    assert ruled("kojack", s, "tap").action == "check"
    assert ruled("kojack", s, "check").action == "check"
    assert ruled("kojack", s, "I'm good").action == "floor"


def test_TNPL_H12_dealer_calls_the_string_bet() -> None:
    """E22 TNPL: two silent forward motions facing 1,000 (1,000, then 2,000 more) → a
    string bet: only the first motion counts, a call of 1,000; 2,000 back."""
    r = ruled("tnpl", flop(), "", (1_000,), (1_000, 1_000))
    assert (r.action, r.amount, r.change) == ("call", 1_000, 2_000)
    assert "string_bet" in r.flags


def test_TNPL_I3ii_announced_fold_facing_a_bet_kills_the_hand() -> None:
    """E23 TNPL: facing 1,000, "fold" → the hand is dead; chips pushed with it are not
    in the pot (nothing was bet)."""
    r = ruled("tnpl", flop(), "fold")
    assert (r.action, r.amount, r.chips_to_add) == ("fold", 0, 0)
    assert "dead" in r.sentence


# ------------------------------------------------------------------ E26
def preflop_skipped() -> Situation:
    """Pre-flop 100/200, UTG skipped: UTG+1 called 200, UTG+2 raised to 600."""
    return Situation(current_bet=600, last_increment=400, pot=1_100, stack=20_000,
                     big_blind=200, opening_bet=False)  # fmt: skip


@pytest.mark.parametrize("name", ["tnpl", "foxwoods", "kojack"])
def test_TNPL_H2ii_FOX_43B_KPC_30_skipped_player_after_substantial_action(name: str) -> None:
    """E26: UTG skipped; UTG+1 calls, UTG+2 raises (two actions, chips in: substantial
    action) → those actions stand; the floor rules on UTG's hand: dead, or limited to
    calling 600. Before substantial action he keeps his right and acts in turn (a call)."""
    r = ruled(name, preflop_skipped(), skipped=True, acted_behind=2, substantial_action_after=True)
    assert r.action == "floor"
    assert [(o.action, o.chips_to_add) for o in r.options] == [("fold", 0), ("call", 600)]
    r = ruled(name, preflop_skipped(), "call", skipped=True, acted_behind=1)
    assert (r.action, r.amount, r.chips_to_add) == ("call", 600, 600)
    assert r.sentence.startswith("The skipped player spoke up")


def test_SPOT_3d7_skipped_player_three_players_behind() -> None:
    """E26 SPOT: two players acted behind UTG → he keeps his right to act (even though
    that was substantial action); after a third he may lose it — unless a player before
    him had not acted yet."""
    r = ruled("spotlight", preflop_skipped(), skipped=True, acted_behind=2,
              substantial_action_after=True)  # fmt: skip
    assert r.action == "none"
    r = ruled("spotlight", preflop_skipped(), skipped=True, acted_behind=3)
    assert r.action == "floor"
    assert [o.action for o in r.options] == ["keep_right", "fold"]
    r = ruled("spotlight", preflop_skipped(), skipped=True, acted_behind=3, earlier_to_act=True)
    assert r.action == "none"


# ------------------------------------------------------------------ E28
def test_FOX_60_TNPL_H16_KPC_45_count_of_an_all_in_stack() -> None:
    """E28: B faces C's all-in but A is still to act → FOX/KPC refuse the precise count
    until B's turn, TNPL grants it; on B's turn every venue grants it. Not facing an
    all-in: a reasonable estimate only (KPC: the dealer clarifies bets unasked)."""
    s = flop()
    for name in ("foxwoods", "kojack"):
        r = ruled(name, s, count_request=True, facing_all_in=True, own_turn=False)
        assert (r.action, r.flags) == ("none", ("count_refused",))
    r = ruled("tnpl", s, count_request=True, facing_all_in=True, own_turn=False)
    assert (r.action, r.flags) == ("none", ())
    assert r.sentence.startswith("Count granted")
    for name in ("foxwoods", "kojack", "tnpl"):
        r = ruled(name, s, count_request=True, facing_all_in=True)
        assert r.sentence.startswith("Count granted")
    kpc = ruled("kojack", s, count_request=True)
    assert "dealer states every bet" in kpc.sentence
    assert "dealer states" not in ruled("foxwoods", s, count_request=True).sentence


# ------------------------------------------------------------------ E30 / SPOT-3d6
def test_SPOT_3d1_check_raise_permitted_SPOT_3d6_not_after_an_out_of_turn_check() -> None:
    """E30: flop, A checks, B bets 1,000, A raises to 3,000 → valid. SPOT-3d6: had A's
    check been out of turn, he may not bet or raise on his next turn → only a call of
    1,000; at Foxwoods the raise stands either way."""
    s = flop(pot=2_000)
    r = ruled("spotlight", s, "raise 3000")
    assert (r.action, r.amount) == ("raise", 3_000)
    r = ruled("spotlight", s, "raise 3000", checked_out_of_turn=True)
    assert (r.action, r.amount, r.chips_to_add) == ("call", 1_000, 1_000)
    assert "checked out of turn" in r.sentence
    assert set(r.rule_ids) <= set(prof("spotlight").cite("E25"))
    r = ruled("spotlight", s, "", (1_000, 1_000, 1_000), checked_out_of_turn=True)
    assert (r.action, r.change) == ("call", 2_000)
    r = ruled("foxwoods", s, "raise 3000", checked_out_of_turn=True)
    assert (r.action, r.amount) == ("raise", 3_000)


def test_SPOT_2b4_SPOT_2b5_SPOT_5b_table_stakes_no_limit() -> None:
    """E30 SPOT: table stakes — only the 30,000 in front of him plays: pushing 31,000 is
    refused; in no-limit the wager is limited only by those chips: "all-in" facing 1,000
    is a raise to 30,000, and "raise 30000" is the same all-in."""
    s = flop()
    with pytest.raises(InvalidCommand, match="only 30,000"):
        rule(s, Happened(pushes=((5_000,) * 6 + (1_000,),)), prof("spotlight"))
    r = ruled("spotlight", s, "all-in")
    assert (r.action, r.amount) == ("all-in", 30_000)
    r = ruled("spotlight", s, "raise 30000")
    assert (r.action, r.amount) == ("all-in", 30_000)


# ------------------------------------------------------------------ B14
def test_SPOT_5c9_minimum_wager_chip_unit() -> None:
    """B14 SPOT: with a 100 wager unit, smaller chips play only in quantity, even all-in:
    not facing a bet (blinds 100/200), 500 + three 25s is a bet of 500 with 75 back; four
    25s make a unit: 600. Without a unit (TDA) 575 is a bet of 575."""
    spot = replace(prof("spotlight"), min_wager_chip_unit=100)
    s = Situation(pot=300, stack=10_000, big_blind=200, denominations=(25, 100, 500))
    r = ruled(spot, s, "", (500, 25, 25, 25))
    assert (r.action, r.amount, r.change) == ("bet", 500, 75)
    assert "do not play" in r.sentence
    assert r.rule_ids[0] == "SPOT-5c9"
    r = ruled(spot, s, "", (500, 25, 25, 25, 25))
    assert (r.action, r.amount, r.change) == ("bet", 600, 0)
    r = ruled("tda", s, "", (500, 25, 25, 25))
    assert (r.action, r.amount) == ("bet", 575)
    last = replace(s, stack=575)
    r = ruled(spot, last, "", (500, 25, 25, 25))
    assert (r.action, r.amount, r.change) == ("bet", 500, 75)
    r = ruled(spot, s, "", (25, 25))
    assert (r.action, r.change) == ("none", 50)
