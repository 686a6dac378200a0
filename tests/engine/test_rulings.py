"""Every worked example of the catalogue's section 2(e) (Betting), ruled by venue.

Each test builds the betting round of the example (:class:`Situation`), says what the
player said and pushed (:class:`Happened`) and checks the exact ruling: the action, the
total, the chips to add or the change, and that every rule ID cited is the venue's own.
Test names cite the venue rule IDs asserted.
"""

from __future__ import annotations

import pytest

from pokertd.engine.rulings import Happened, Order, Ruling, Situation, parse_words, rule
from pokertd.errors import InvalidCommand
from pokertd.rules import RuleProfile, Variant, load_profile

VENUES = ("tda", "kojack", "tnpl", "nj_fundraiser", "spotlight", "foxwoods")
CODE = {
    "tda": "TDA",
    "kojack": "KPC",
    "tnpl": "TNPL",
    "nj_fundraiser": "NJ",
    "spotlight": "SPOT",
    "foxwoods": "FOX",
}
_P: dict[str, RuleProfile] = {}


def prof(name: str) -> RuleProfile:
    """A built-in profile, loaded once."""
    if name not in _P:
        _P[name] = load_profile(name)
    return _P[name]


def ruled(
    name: str, situation: Situation, words: str = "", *pushes: tuple[int, ...], **happened: object
) -> Ruling:
    """The ruling under profile ``name``; checks the IDs are that venue's own."""
    ruling = rule(
        situation,
        Happened(words=words, pushes=pushes, **happened),  # type: ignore[arg-type]
        prof(name),
    )
    own = CODE[name]
    assert ruling.rule_ids, ruling
    for rule_id in ruling.rule_ids:  # its own IDs, or TDA's where its rulebook is silent
        assert rule_id.startswith((own + "-", "TDA-")), (name, ruling.rule_ids)
    return ruling


def facing_600(**kw: object) -> Situation:
    """100/200; A raised to 600 (C = 600, L = 400); B to act with 100,000."""
    base: dict[str, object] = {
        "current_bet": 600,
        "last_increment": 400,
        "pot": 900,
        "stack": 100_000,
        "big_blind": 200,
        "opening_bet": False,
    }
    base.update(kw)
    return Situation(**base)  # type: ignore[arg-type]


# ------------------------------------------------------------------ E1 minimum bet
@pytest.mark.parametrize("name", ["kojack", "spotlight", "foxwoods", "tnpl"])
def test_KPC_29C_SPOT_5c8_FOX_55_TNPL_H11_opening_bet_below_big_blind(name: str) -> None:
    """E1: blinds 1,000/2,000, flop: a player with 30,000 bets 1,000 → a 2,000 bet; with
    1,500 in all, betting 1,500 is a valid all-in."""
    flop = Situation(pot=6_000, stack=30_000, big_blind=2_000)
    r = ruled(name, flop, "", (1_000,))
    assert (r.action, r.amount, r.chips_to_add) == ("bet", 2_000, 1_000)
    r = ruled(name, flop, "bet 1000")
    assert (r.action, r.amount) == ("bet", 2_000)
    short = Situation(pot=6_000, stack=1_500, big_blind=2_000)
    r = ruled(name, short, "", (1_000, 500))
    assert (r.action, r.amount, r.chips_to_add) == ("all-in", 1_500, 0)


# ------------------------------------------------------------------ E2 minimum raise
@pytest.mark.parametrize(
    ("name", "minimum"),
    [
        ("tda", 2_800),
        ("kojack", 2_800),
        ("tnpl", 2_800),
        ("foxwoods", 2_800),
        ("spotlight", 3_200),
        ("nj_fundraiser", 1_625),
    ],
)
def test_KPC_33_TNPL_H5i_FOX_46A_SPOT_3d3_NJ_Def14_minimum_raise(name: str, minimum: int) -> None:
    """E2: 200/400, A raised to 1,600 (increment 1,200): "raise" → TDA venues at least
    2,800; SPOT 3,200; NJ 1,600 + the smallest chip (25) = 1,625."""
    s = Situation(
        current_bet=1_600,
        last_increment=1_200,
        pot=2_200,
        stack=50_000,
        big_blind=400,
        denominations=(25, 100, 500, 1_000),
        opening_bet=False,
    )
    r = ruled(name, s, "raise")
    assert (r.action, r.amount, r.at_least) == ("raise", minimum, True)


def test_SPOT_3d3_raises_double_each_time() -> None:
    """E2 SPOT: after a raise to 3,200 the next minimum is 6,400."""
    s = Situation(
        current_bet=3_200,
        last_increment=1_600,
        pot=5_400,
        stack=50_000,
        big_blind=400,
        opening_bet=False,
    )
    assert ruled("spotlight", s, "raise").amount == 6_400
    assert ruled("tda", s, "raise").amount == 4_800


@pytest.mark.parametrize("name", ["foxwoods", "kojack"])
def test_FOX_46B_KPC_33_raise_with_a_number_is_the_total(name: str) -> None:
    """E2: A opens 2,000, B says "raise, eight thousand" → B's total bet is 8,000."""
    s = Situation(current_bet=2_000, last_increment=2_000, pot=5_000, stack=40_000, big_blind=1_000)
    r = ruled(name, s, "raise, eight thousand")
    assert (r.action, r.amount, r.chips_to_add) == ("raise", 8_000, 8_000)
    r = ruled(name, s, "raise 8000", (5_000, 5_000))
    assert (r.amount, r.change) == (8_000, 2_000)


# ------------------------------------------------------------------ E3 short blinds
def test_KPC_54_SPOT_4a1_short_big_blind_keeps_full_amounts() -> None:
    """E3: 100/200, BB all-in for 150: UTG still calls 200 and may raise to 400."""
    s = Situation(current_bet=200, last_increment=200, pot=250, stack=10_000, big_blind=200)
    for name in ("kojack", "spotlight"):
        assert ruled(name, s, "call").amount == 200
        assert ruled(name, s, "raise").amount == 400


# ------------------------------------------------------------------ E4 re-opening
@pytest.mark.parametrize("name", ["kojack", "tnpl", "foxwoods"])
def test_KPC_34_TNPL_H5ii_FOX_47_short_all_in_does_not_reopen(name: str) -> None:
    """E4: A bets 1,000, B all-in 1,400, C calls: A faces 400 → "raise" is only a call.
    Variation: C all-in 2,100 → A faces 1,100 and may raise to at least 3,100."""
    closed = Situation(
        current_bet=1_400,
        in_front=1_000,
        last_increment=1_000,
        pot=4_800,
        stack=20_000,
        big_blind=200,
        raise_allowed=False,
        opening_bet=False,
    )
    r = ruled(name, closed, "raise")
    assert (r.action, r.amount, r.chips_to_add) == ("call", 1_400, 400)
    open_ = Situation(
        current_bet=2_100,
        in_front=1_000,
        last_increment=1_000,
        pot=6_900,
        stack=20_000,
        big_blind=200,
        opening_bet=False,
    )
    assert ruled(name, open_, "raise").amount == 3_100


# ------------------------------------------------------------------ E5 caps
def test_KPC_37_limit_cap_bet_and_four_raises() -> None:
    """E5 KPC limit 200/400 flop: bet 200, raises to 400, 600, 800, 1,000 → only a call,
    even heads-up — unless the tournament is down to two players."""
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
    assert (ruled("kojack", s, "raise").action, ruled("kojack", s, "raise").amount) == (
        "call",
        1_000,
    )
    two_left = Situation(**{**_fields(s), "players_in_tournament": 2})  # type: ignore[arg-type]
    assert ruled("kojack", two_left, "raise").amount == 1_200


def test_NJ_44c_three_raises_per_round_in_no_limit() -> None:
    """E5 NJ no-limit 100/200: raises to 600, 1,500, 4,000 → only a call of 4,000; the
    same round at TDA still allows a raise."""
    s = Situation(
        current_bet=4_000,
        last_increment=2_500,
        pot=6_400,
        stack=50_000,
        big_blind=200,
        raises_this_round=3,
        opening_bet=False,
    )
    r = ruled("nj_fundraiser", s, "raise 9000")
    assert (r.action, r.amount) == ("call", 4_000)
    assert ruled("tda", s, "raise 9000").amount == 9_000


def _fields(s: Situation) -> dict[str, object]:
    return {k: getattr(s, k) for k in Situation.__dataclass_fields__}


# ------------------------------------------------------------------ E6 pot limit
@pytest.mark.parametrize("name", ["kojack", "foxwoods", "tnpl"])
def test_KPC_39_FOX_53A_TNPL_H11_pot_limit_maximum(name: str) -> None:
    """E6: PL 100/200, UTG first in: "pot" → 700; the next player facing 700 → 2,400."""
    utg = Situation(
        current_bet=200,
        last_increment=200,
        pot=300,
        stack=20_000,
        big_blind=200,
        variant=Variant.POT_LIMIT_OMAHA,
    )
    assert (ruled(name, utg, "pot").action, ruled(name, utg, "pot").amount) == ("raise", 700)
    nxt = Situation(
        current_bet=700,
        last_increment=500,
        pot=1_000,
        stack=20_000,
        big_blind=200,
        variant=Variant.POT_LIMIT_OMAHA,
        opening_bet=False,
    )
    assert ruled(name, nxt, "pot").amount == 2_400


# ------------------------------------------------------------------ E7 wrong pot count
@pytest.mark.parametrize("name", ["kojack", "foxwoods"])
def test_KPC_29D_FOX_54A_bet_on_a_wrong_pot_count(name: str) -> None:
    """E7: real pot 1,000. Dealer says 1,200, player bets 1,200 → 1,000. Dealer says 800,
    player bets pot (800) → 1,000 before substantial action; after it 800 stands."""
    s = Situation(pot=1_000, stack=20_000, big_blind=200, variant=Variant.POT_LIMIT_OMAHA)
    r = ruled(name, s, "bet 1200", (1_000, 200))
    assert (r.action, r.amount, r.change) == ("bet", 1_000, 200)
    r = ruled(name, s, "pot", (500, 200, 100), pot_count=800)
    assert (r.amount, r.chips_to_add) == (1_000, 200)
    r = ruled(name, s, "pot", (500, 200, 100), pot_count=800, substantial_action_after=True)
    assert (r.amount, r.chips_to_add) == (800, 0)


# ------------------------------------------------------------------ E8 wrong size
def test_FOX_54B_illegal_raise_size_corrected() -> None:
    """E8 FOX NLHE: A opens 10,000; B raises to 18,000 → corrected to 20,000."""
    s = Situation(
        current_bet=10_000, last_increment=10_000, pot=13_000, stack=90_000, big_blind=2_000
    )
    r = ruled("foxwoods", s, "raise 18000", (5_000, 5_000, 5_000, 1_000, 1_000, 1_000))
    assert (r.action, r.amount, r.chips_to_add) == ("raise", 20_000, 2_000)


# ------------------------------------------------------------------ E9 words vs chips
def test_FOX_40B_KPC_27B_call_with_too_many_chips_together() -> None:
    """E9 FOX: "call" said while pushing 3,000 facing 1,000 → call 1,000, 2,000 back."""
    s = Situation(current_bet=1_000, last_increment=1_000, pot=2_500, stack=30_000, big_blind=200)
    for name in ("foxwoods", "kojack"):
        r = ruled(name, s, "call", (1_000, 1_000, 1_000), order=Order.TOGETHER)
        assert (r.action, r.amount, r.change) == ("call", 1_000, 2_000)


def test_SPOT_5c3_spoken_amount_corrects_the_chips() -> None:
    """E9 SPOT: "raise to 2,000" with 1,600 put out → corrected to 2,000 (add 400); even
    when the chips came first (verbal wins), unlike FOX where the chips came first."""
    s = Situation(current_bet=800, last_increment=800, pot=1_400, stack=30_000, big_blind=200)
    r = ruled("spotlight", s, "raise to 2000", (1_000, 500, 100))
    assert (r.action, r.amount, r.chips_to_add) == ("raise", 2_000, 400)
    r = ruled("spotlight", s, "raise to 2000", (1_000, 500, 100), order=Order.CHIPS_FIRST)
    assert (r.amount, r.chips_to_add) == (2_000, 400)
    r = ruled("foxwoods", s, "raise to 2000", (1_000, 500, 100), order=Order.CHIPS_FIRST)
    assert (r.action, r.amount) == ("raise", 1_600)
    assert "chips came first" in r.sentence


def test_KPC_27I_TNPL_H20_unreleased_chips_do_not_bind() -> None:
    """E9: chips brought forward but not released are no bet."""
    s = Situation(current_bet=1_000, last_increment=1_000, pot=2_500, stack=30_000, big_blind=200)
    for name in ("kojack", "tnpl", "spotlight"):
        assert ruled(name, s, "", (5_000,), released=False).action == "none"


# ------------------------------------------------------------------ E11 verbal binding
@pytest.mark.parametrize("name", VENUES)
def test_FOX_42A_KPC_27F_SPOT_3d4_TNPL_H1i_verbal_call_binds(name: str) -> None:
    """E11: facing 2,500 the player says "call" then pushes 1,000 → must add 1,500."""
    s = Situation(current_bet=2_500, last_increment=2_500, pot=4_000, stack=30_000, big_blind=500)
    r = ruled(name, s, "call", (1_000,))
    assert (r.action, r.amount, r.chips_to_add, r.change) == ("call", 2_500, 1_500, 0)


# ------------------------------------------------------------------ E12 undercalls
def flop_open_1000(heads_up: bool = False, opening: bool = True) -> Situation:
    """Flop, A opened 1,000; B to act (C still to act unless heads-up)."""
    return Situation(
        current_bet=1_000,
        last_increment=1_000,
        pot=4_000,
        stack=30_000,
        big_blind=200,
        heads_up=heads_up,
        opening_bet=opening,
    )


@pytest.mark.parametrize("name", ["tnpl", "foxwoods", "tda"])
def test_TNPL_H1i_FOX_42B_undercall_facing_opener_is_full_call(name: str) -> None:
    """E12 TNPL/FOX: B silently pushes 600 against an opening 1,000 → makes it 1,000."""
    r = ruled(name, flop_open_1000(), "", (500, 100))
    assert (r.action, r.amount, r.chips_to_add) == ("call", 1_000, 400)


def test_KPC_29A_undercall_multiway_is_the_players_choice() -> None:
    """E12 KPC multi-way: fold (600 stays in the pot) or complete to 1,000."""
    r = ruled("kojack", flop_open_1000(), "", (500, 100))
    assert r.action == "choice"
    call, fold = r.options
    assert (call.action, call.amount, call.chips_to_add) == ("call", 1_000, 400)
    assert (fold.action, fold.forfeited) == ("fold", 600)


@pytest.mark.parametrize("name", VENUES)
def test_KPC_29A_FOX_42B_SPOT_3d9_undercall_heads_up_is_full_call(name: str) -> None:
    """E12 heads-up: every venue → 1,000."""
    r = ruled(name, flop_open_1000(heads_up=True), "", (500, 100))
    assert (r.action, r.amount, r.chips_to_add) == ("call", 1_000, 400)


def test_FOX_42C_undercall_facing_a_raise_multiway_is_the_floors() -> None:
    """E12 TDA: facing a raise multi-way, the floor decides (full call or forfeit)."""
    s = facing_600()
    r = ruled("foxwoods", s, "", (100, 100, 100))
    assert r.action == "floor"
    assert [o.action for o in r.options] == ["call", "fold"]
    assert ruled("spotlight", s, "", (100, 100, 100)).action == "call"


def test_SPOT_3d9_river_call_of_82_percent() -> None:
    """E12 SPOT river: bet 4,000, caller pushes 3,300 and says "call" → add 700."""
    s = Situation(current_bet=4_000, last_increment=4_000, pot=12_000, stack=30_000, big_blind=200)
    r = ruled("spotlight", s, "call", (1_000, 1_000, 1_000, 100, 100, 100), order=Order.CHIPS_FIRST)
    assert (r.action, r.amount, r.chips_to_add) == ("call", 4_000, 700)


# ------------------------------------------------------------------ E13 over-calls
@pytest.mark.parametrize(
    ("name", "pushed", "action", "amount", "change", "add"),
    [
        ("tnpl", 850, "raise", 1_000, 0, 150),
        ("foxwoods", 850, "raise", 1_000, 0, 150),
        ("kojack", 850, "call", 600, 250, 0),
        ("spotlight", 850, "call", 600, 250, 0),
        ("tnpl", 900, "raise", 1_000, 0, 100),
        ("foxwoods", 900, "raise", 1_000, 0, 100),
        ("kojack", 900, "raise", 1_000, 0, 100),
        ("spotlight", 900, "raise", 1_200, 0, 300),
    ],
)
def test_TNPL_H5i_FOX_46A_KPC_29B_SPOT_3d10_overcalls(
    name: str, pushed: int, action: str, amount: int, change: int, add: int
) -> None:
    """E13: 100/200, A raises to 600 (L = 400). B silently pushes 850: TNPL/FOX raise to
    1,000; KPC and SPOT call, 250 back. 900: TNPL/FOX/KPC 1,000, SPOT 1,200."""
    chips = (500, 100, 100, 100, 25, 25) if pushed == 850 else (500, 100, 100, 100, 100)
    r = ruled(name, facing_600(), "", chips)
    assert (r.action, r.amount, r.change, r.chips_to_add) == (action, amount, change, add)


@pytest.mark.parametrize(("name", "to"), [("tda", 2_000), ("kojack", 2_000), ("spotlight", 2_000)])
def test_KPC_31_FOX_46A_SPOT_3d10_overcall_facing_an_opening_bet(name: str, to: int) -> None:
    """E13: opening bet 1,000 (C = L): 1,400 is a call everywhere; 1,500 a raise to 2,000."""
    s = Situation(current_bet=1_000, last_increment=1_000, pot=4_000, stack=30_000, big_blind=500)
    r = ruled(name, s, "", (1_000, 100, 100, 100, 100))
    assert (r.action, r.change) == ("call", 400)
    r = ruled(name, s, "", (1_000, 500))
    assert (r.action, r.amount) == ("raise", to)


def test_KPC_29B_declared_amount_equals_pushing_it() -> None:
    """E13: saying "850" facing 600 is the same as pushing 850 (KPC call, FOX raise)."""
    assert ruled("kojack", facing_600(), "850").action == "call"
    assert ruled("foxwoods", facing_600(), "850").amount == 1_000


# ------------------------------------------------------------------ E14 how to raise
@pytest.mark.parametrize("name", ["tnpl", "foxwoods", "tda"])
def test_TNPL_H4_FOX_45_raise_said_then_chips(name: str) -> None:
    """E14: 200/400; A raised to 1,200 (L = 800). B says "raise" and pushes 1,500, then
    stops → the minimum, 2,000. B says "raise", pushes exactly 1,200, then 1,800 more in
    one motion → 3,000."""
    s = Situation(
        current_bet=1_200,
        last_increment=800,
        pot=1_800,
        stack=30_000,
        big_blind=400,
        opening_bet=False,
    )
    r = ruled(name, s, "raise", (1_000, 500))
    assert (r.action, r.amount, r.chips_to_add) == ("raise", 2_000, 500)
    r = ruled(name, s, "raise", (1_000, 100, 100), (1_000, 500, 100, 100, 100))
    assert (r.action, r.amount, r.chips_to_add, r.change) == ("raise", 3_000, 0, 0)


def test_FOX_56_SPOT_3d10_string_bet_counts_first_motion_only() -> None:
    """E22/E14: two motions without a word: only the first counts (a call here)."""
    r = ruled("foxwoods", facing_600(), "", (500, 100), (1_000,))
    assert (r.action, r.amount, r.change) == ("call", 600, 1_000)
    assert "string_bet" in r.flags


# ------------------------------------------------------------------ E15 oversized chip
@pytest.mark.parametrize("name", ["kojack", "tnpl", "foxwoods", "spotlight"])
def test_KPC_35_TNPL_H6_FOX_48_SPOT_3d11_oversized_chip(name: str) -> None:
    """E15: facing 600, one silent 1,000 chip is a call, 400 back; "raise" said first →
    raise to 1,000; flop, no bet: a silent 5,000 chip is a bet of 5,000."""
    r = ruled(name, facing_600(), "", (1_000,))
    assert (r.action, r.amount, r.change) == ("call", 600, 400)
    r = ruled(name, facing_600(), "raise", (1_000,))
    assert (r.action, r.amount) == ("raise", 1_000 if name != "spotlight" else 1_200)
    flop = Situation(pot=1_200, stack=30_000, big_blind=200)
    assert (ruled(name, flop, "", (5_000,)).action, ruled(name, flop, "", (5_000,)).amount) == (
        "bet",
        5_000,
    )


def test_FOX_48_last_oversized_chip_is_a_call() -> None:
    """E15 FOX: D's last chip is a 5,000 facing 1,200 → call 1,200, keeps 3,800."""
    s = Situation(current_bet=1_200, last_increment=1_200, pot=2_000, stack=5_000, big_blind=200)
    r = ruled("foxwoods", s, "", (5_000,))
    assert (r.action, r.amount, r.change) == ("call", 1_200, 3_800)


def test_KPC_35_raise_said_after_the_chip_landed_is_a_call() -> None:
    """E15/E9: "raise" after the chip landed comes too late: a call."""
    r = ruled("kojack", facing_600(), "raise", (1_000,), order=Order.CHIPS_FIRST)
    assert (r.action, r.change) == ("call", 400)


# ------------------------------------------------------------------ E16 several chips
def test_KPC_36_TNPL_H7_FOX_49_all_chips_needed_is_a_call() -> None:
    """E16: 200/400, A raised to 1,100 (L = 700). B pushes 500 + 1,000: without the 500
    only 1,000 < 1,100 → a call, 400 back (every venue)."""
    s = Situation(
        current_bet=1_100,
        last_increment=700,
        pot=1_700,
        stack=30_000,
        big_blind=400,
        opening_bet=False,
    )
    for name in VENUES:
        r = ruled(name, s, "", (500, 1_000))
        assert (r.action, r.amount, r.change) == ("call", 1_100, 400)


@pytest.mark.parametrize("name", ["tnpl", "foxwoods", "kojack", "spotlight"])
def test_TNPL_H7_FOX_49_KPC_36_500_and_25_facing_325(name: str) -> None:
    """E16: facing 325, 500 + 25 → a raise to 650 at TNPL/FOX (excess 200 >= 162.5), and
    also 650 at KPC and SPOT."""
    s = Situation(current_bet=325, last_increment=325, pot=800, stack=30_000, big_blind=100)
    r = ruled(name, s, "", (500, 25))
    assert (r.action, r.amount, r.chips_to_add) == ("raise", 650, 125)


@pytest.mark.parametrize(
    ("name", "action", "amount", "change"),
    [
        ("kojack", "all-in", 1_300, 0),
        ("foxwoods", "call", 1_100, 200),
        ("tnpl", "call", 1_100, 200),
    ],
)
def test_KPC_36_FOX_49_TNPL_H7_last_chips(name: str, action: str, amount: int, change: int) -> None:
    """E16 last chips, facing 1,100 (L = 700): B's only chips 1,000 + 200 + 100 → KPC all-in
    raise to 1,300; FOX/TNPL excess 200 < 350 → call 1,100, B keeps 200."""
    s = Situation(
        current_bet=1_100,
        last_increment=700,
        pot=1_700,
        stack=1_300,
        big_blind=400,
        opening_bet=False,
    )
    r = ruled(name, s, "", (1_000, 200, 100))
    assert (r.action, r.amount, r.change) == (action, amount, change)


def test_TNPL_H17_FOX_61_no_change_for_over_betting() -> None:
    """E16: not facing a bet, 5,000 + 1,000 pushed "for change" is a bet of 6,000."""
    flop = Situation(pot=1_200, stack=30_000, big_blind=200)
    for name in ("tnpl", "foxwoods"):
        r = ruled(name, flop, "", (5_000, 1_000))
        assert (r.action, r.amount, r.change) == ("bet", 6_000, 0)


# ------------------------------------------------------------------ E17 earlier bet
def test_TNPL_H8_FOX_50A_FOX_50B_earlier_bet_still_in_front() -> None:
    """E17: facing a raise with his earlier bet in front, the player should state his
    action (the sentence says so); FOX-50B: after pulling chips back he may not fold."""
    s = facing_600(in_front=200)
    r = ruled("foxwoods", s, "", (100, 100, 100, 100))
    assert (r.action, r.amount) == ("call", 600)
    assert "FOX-50A" in r.rule_ids
    assert "state his action" in r.sentence
    r = ruled("foxwoods", s, "fold", pulled_back=True)
    assert r.action == "choice"
    assert [o.action for o in r.options] == ["call"]


# ------------------------------------------------------------------ E19 "pot" in no-limit
def test_KPC_39_TNPL_H11_FOX_53C_pot_in_no_limit() -> None:
    """E19: NL 400/800, flop pot 5,000: "pot" with no bet → at least 800; facing 2,000 →
    at least a raise to 4,000; never a fold."""
    s = Situation(pot=5_000, stack=40_000, big_blind=800)
    for name in ("kojack", "tnpl", "foxwoods"):
        r = ruled(name, s, "pot")
        assert (r.action, r.amount, r.at_least) == ("bet", 800, True)
        r = ruled(
            name,
            Situation(
                current_bet=2_000, last_increment=2_000, pot=7_000, stack=40_000, big_blind=800
            ),
            "pot",
        )
        assert (r.action, r.amount, r.at_least) == ("raise", 4_000, True)


# ------------------------------------------------------------------ E20 invalid words
@pytest.mark.parametrize("name", ["kojack", "foxwoods", "tnpl", "spotlight"])
def test_KPC_40_FOX_55_invalid_declarations(name: str) -> None:
    """E20: flop at 1,000/2,000, first to act says "raise" → must bet at least 2,000;
    facing 6,000 "check" → call 6,000 or fold only; "call" with no bet is a check."""
    flop = Situation(pot=6_000, stack=50_000, big_blind=2_000)
    r = ruled(name, flop, "raise")
    assert (r.action, r.amount, r.at_least) == ("bet", 2_000, True)
    assert ruled(name, flop, "call").action == "check"
    facing = Situation(
        current_bet=6_000, last_increment=6_000, pot=12_000, stack=50_000, big_blind=2_000
    )
    r = ruled(name, facing, "check")
    assert [(o.action, o.amount) for o in r.options] == [("call", 6_000), ("fold", 0)]


# ------------------------------------------------------------------ E21 "five"
@pytest.mark.parametrize(
    ("pot", "kpc", "fox", "tnpl"),
    [(4_900, 500, 500, 500), (5_100, 5_000, 5_000, 500), (5_000, 5_000, 500, 500)],
)
def test_KPC_42_FOX_57_TNPL_H13_five_read_three_ways(
    pot: int, kpc: int, fox: int, tnpl: int
) -> None:
    """E21: NLHE 200/400, "I bet five": pot 4,900 → 500 everywhere; 5,100 → KPC 5,000,
    FOX 5,000, TNPL 500; exactly 5,000 → KPC 5,000, FOX 500, TNPL 500."""
    s = Situation(pot=pot, stack=100_000, big_blind=400)
    for name, expected in (("kojack", kpc), ("foxwoods", fox), ("tnpl", tnpl)):
        r = ruled(name, s, "I bet five")
        assert (r.action, r.amount) == ("bet", expected), name
        assert "ambiguous_amount" in r.flags


# ------------------------------------------------------------------ E22 terms
@pytest.mark.parametrize("name", ["kojack", "foxwoods", "spotlight"])
def test_KPC_41_FOX_3_SPOT_3d5_tap_is_a_check(name: str) -> None:
    """E22: "tap" with no bet pending → check."""
    assert ruled(name, Situation(pot=1_000, stack=9_000, big_blind=200), "tap").action == "check"


def test_FOX_3_non_standard_words_go_to_the_floor() -> None:
    """E22: words that are no official term, without chips → the floor decides."""
    r = ruled("foxwoods", facing_600(), "let's gamble")
    assert r.action == "floor"
    assert "non_standard" in r.flags


# ------------------------------------------------------------------ E23 folds
@pytest.mark.parametrize("name", ["kojack", "tnpl", "foxwoods", "spotlight"])
def test_KPC_43_TNPL_H14_FOX_58_fold_when_check_available(name: str) -> None:
    """E23: first to act on the turn says "fold" → the hand is dead; logged non-standard."""
    r = ruled(name, Situation(pot=3_000, stack=9_000, big_blind=200), "fold")
    assert r.action == "fold"
    assert "non_standard" in r.flags


# ------------------------------------------------------------------ E24 conditional
@pytest.mark.parametrize("name", ["kojack", "tnpl", "foxwoods"])
def test_KPC_44_TNPL_H15_FOX_59A_conditional_statement_flagged(name: str) -> None:
    """E24: "if you bet, I'll raise" is flagged; the floor may hold the player to it."""
    r = ruled(name, Situation(pot=3_000, stack=9_000, big_blind=200), "if you bet I raise")
    assert r.action == "floor"
    assert "conditional" in r.flags
    assert [o.action for o in r.options] == ["hold", "not_binding"]


# ------------------------------------------------------------------ E25 out of turn
def oot_flop() -> Situation:
    """Flop, order A, B, C; C bet 500 out of turn; A then bet 1,000: C faces 1,000."""
    return Situation(
        current_bet=1_000, last_increment=1_000, pot=3_000, stack=20_000, big_blind=200
    )


@pytest.mark.parametrize("name", VENUES)
def test_KPC_30_TNPL_H2i_FOX_43A_SPOT_3d6_oot_stands_when_nothing_changed(name: str) -> None:
    """E25 (1): A and B check → C's out-of-turn 500 bet stands."""
    s = Situation(pot=2_000, stack=20_000, big_blind=200)
    r = ruled(name, s, "bet 500", (500,), out_of_turn=True)
    assert (r.action, r.amount) == ("bet", 500)
    assert "out_of_turn" in r.flags


@pytest.mark.parametrize(
    ("name", "actions", "change", "call_add", "fold_lost"),
    [
        ("kojack", ["fold", "call", "raise"], 500, 0, 0),
        ("foxwoods", ["fold", "call", "raise"], 500, 0, 0),
        ("tnpl", ["call", "fold"], 0, 500, 500),
        ("spotlight", ["fold", "call"], 500, 0, 0),
    ],
)
def test_KPC_30_FOX_43A_TNPL_H2i_SPOT_3d4_oot_four_venues_four_outcomes(
    name: str, actions: list[str], change: int, call_add: int, fold_lost: int
) -> None:
    """E25 (2): A bets 1,000 before C's turn. KPC/FOX: the 500 comes back, C has every
    option; TNPL: the 500 stays, C adds 500 to call or folds losing it; SPOT: call or
    fold, no raise."""
    r = ruled(name, oot_flop(), "bet 500", (500,), out_of_turn=True, action_changed=True)
    assert r.action == "choice"
    assert [o.action for o in r.options] == actions
    assert r.change == change
    call = next(o for o in r.options if o.action == "call")
    fold = next(o for o in r.options if o.action == "fold")
    assert (call.amount, call.chips_to_add, fold.forfeited) == (1_000, call_add, fold_lost)


def test_TNPL_H2i_oot_fold_always_stands() -> None:
    """E25: an out-of-turn fold stands even when the action changed."""
    r = ruled("tnpl", oot_flop(), "fold", out_of_turn=True, action_changed=True)
    assert r.action == "fold"


# ------------------------------------------------------------------ E27, E29
@pytest.mark.parametrize("name", ["kojack", "tnpl", "foxwoods"])
def test_KPC_38_TNPL_H10_FOX_52_accepted_action(name: str) -> None:
    """E27: A all-in for 12,400; dealer says 10,400; B pushes 10,400 → B called 12,400 and
    adds 2,000."""
    s = Situation(
        current_bet=12_400, last_increment=12_400, pot=15_000, stack=40_000, big_blind=400
    )
    r = ruled(name, s, "", (5_000, 5_000, 100, 100, 100, 100), count_given=True)
    assert (r.action, r.amount, r.chips_to_add) == ("call", 12_400, 2_000)


@pytest.mark.parametrize("name", ["tnpl", "foxwoods"])
def test_TNPL_H18_FOX_62_chips_found_behind(name: str) -> None:
    """E29: A all-in 8,000, called; a 1,000 chip found behind → the floor decides."""
    s = Situation(pot=17_000, stack=20_000, big_blind=400)
    r = ruled(name, s, found_behind=1_000)
    assert r.action == "floor"
    assert [o.action for o in r.options] == ["part_of_action", "not_part_of_action"]


# ------------------------------------------------------------------ words and bad input
def test_parse_words_reads_the_table_vocabulary() -> None:
    """The spoken forms a dealer types."""
    assert parse_words("raise, eight thousand").amount == 8_000
    assert parse_words("Raise to 2.5k").amount == 2_500
    assert parse_words("all in").kind == "all-in"
    assert parse_words("five").ambiguous
    assert parse_words("five").amount == 5
    assert not parse_words("5000").ambiguous
    assert parse_words("twelve hundred").amount == 1_200
    assert parse_words("if you bet I raise").conditional


def test_bad_input_is_refused_with_a_sentence() -> None:
    """More chips than the stack, a chip not in play, nothing at all."""
    s = Situation(current_bet=600, stack=1_000, big_blind=200, denominations=(100, 500))
    with pytest.raises(InvalidCommand, match="only 1,000"):
        rule(s, Happened(pushes=((500, 500, 500),)), prof("tda"))
    with pytest.raises(InvalidCommand, match="No 25 chip"):
        rule(s, Happened(pushes=((25,),)), prof("tda"))
    with pytest.raises(InvalidCommand, match="declared"):
        rule(s, Happened(), prof("tda"))
