"""Colour-ups: the chip race (B11) and the round-up (B12) with the catalogue's numbers."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.rules import ColorUpMethod, load_profile
from pokertd.tournament.clock import ChipSet, color_up, fresh_deck, surfaced_after_race

TDA = load_profile("tda")
FOX = load_profile("foxwoods")
KPC = load_profile("kojack")
TNPL = load_profile("tnpl")
SPOT = load_profile("spotlight")
CHIPS = ChipSet.of(100, 500, 1000, 5000)

# B11 example: seat 1 12,300 [3], seat 2 8,200 [2], seat 3 100 [1], seat 4 9,000, seat 5 6,400 [4].
B11_STACKS = {1: 12_300, 2: 8_200, 3: 100, 4: 9_000, 5: 6_400}
# Cards per seat in the example: seat 1 7♣ Q♦ 3♥; seat 2 K♣ 4♠; seat 3 9♦; seat 5 K♥ 2♣ 8♠ 5♦.
# Dealt one card a round from seat 1 (KPC/FOX), the deck reads:
B11_DECK_ROUND_ROBIN = ["7c", "Kc", "9d", "Kh", "Qd", "4s", "2c", "3h", "8s", "5d"]


@pytest.mark.parametrize("profile", [TDA, FOX, KPC], ids=["tda", "foxwoods", "kojack"])
def test_KPC_14_FOX_24_chip_race_catalogue_example(profile: object) -> None:
    """B11: K♥ (seat 5) > K♣ (seat 2) win the two new 500s; seat 3 is not raced out."""
    from pokertd.rules import RuleProfile

    assert isinstance(profile, RuleProfile)
    result = color_up(
        B11_STACKS, removed=[100], chips=CHIPS, profile=profile, deck=B11_DECK_ROUND_ROBIN
    )
    assert result.method is ColorUpMethod.RACE
    assert result.unit == 500
    by_seat = {s.seat: s for s in result.seats}
    assert [by_seat[n].kept for n in range(1, 6)] == [12_000, 8_000, 0, 9_000, 6_000]
    assert [by_seat[n].odd_chips for n in range(1, 6)] == [3, 2, 1, 0, 4]
    assert by_seat[1].cards == ("7c", "Qd", "3h")
    assert by_seat[2].cards == ("Kc", "4s")
    assert by_seat[3].cards == ("9d",)
    assert by_seat[5].cards == ("Kh", "2c", "8s", "5d")
    assert result.odd_total == 1000
    assert result.chips_awarded == 2
    assert sorted(result.winners) == [2, 5]
    assert by_seat[3].protected
    assert result.protected_chips == 1
    assert result.stacks() == {1: 12_000, 2: 8_500, 3: 500, 4: 9_000, 5: 6_500}
    assert (result.chips_before, result.chips_after) == (36_000, 36_500)


def test_TNPL_D2ii_all_of_a_players_cards_before_the_next_seat() -> None:
    """TNPL deals each player all his cards first: the same deck lands differently."""
    deck = ["7c", "Qd", "3h", "Kc", "4s", "9d", "Kh", "2c", "8s", "5d"]
    result = color_up(
        B11_STACKS,
        removed=[100],
        chips=CHIPS,
        profile=TNPL,
        method=ColorUpMethod.RACE,
        deck=deck,
    )
    assert result.stacks() == {1: 12_000, 2: 8_500, 3: 500, 4: 9_000, 5: 6_500}
    assert [s.cards for s in result.seats if s.seat == 1] == [("7c", "Qd", "3h")]


def test_TNPL_D9_suits_break_rank_ties_spades_high() -> None:
    """Two kings: K♠ beats K♥ (S > H > D > C), so with one chip to race the spade wins."""
    result = color_up(
        {1: 1_300, 2: 1_200},
        removed=[100],
        chips=CHIPS,
        profile=TNPL,
        method=ColorUpMethod.RACE,
        deck=["Kh", "2c", "3c", "Ks", "4d"],  # seat 1: Kh 2c 3c; seat 2: Ks 4d
    )
    assert result.odd_total == 500
    assert result.chips_awarded == 1
    assert result.winners == (2,)


def test_SPOT_6_4_round_up_catalogue_examples() -> None:
    """B12: the B11 stacks rounded up → 12,500 / 8,500 / 500 / 9,000 / 6,500."""
    result = color_up(B11_STACKS, removed=[100], chips=CHIPS, profile=SPOT)
    assert result.method is ColorUpMethod.ROUND_UP
    assert result.stacks() == {1: 12_500, 2: 8_500, 3: 500, 4: 9_000, 5: 6_500}
    assert result.cards_dealt == ()
    # SPOT: 7 × 5 = 35 when 5s go and 25 is next → one 25 + 10 rounded up = 50.
    small = color_up({1: 35}, removed=[5], chips=ChipSet.of(5, 25, 100), profile=SPOT)
    assert small.stacks() == {1: 50}


def test_TNPL_D2i_round_up_example_and_td_choice_required() -> None:
    """TNPL: 125 in 25-chips when 25s go and 100 is next → 200."""
    chips = ChipSet.of(25, 100, 500)
    with pytest.raises(InvalidCommand, match="Choose a chip race or rounding up"):
        color_up({1: 125}, removed=[25], chips=chips, profile=TNPL)
    result = color_up(
        {1: 125}, removed=[25], chips=chips, profile=TNPL, method=ColorUpMethod.ROUND_UP
    )
    assert result.stacks() == {1: 200}


def test_method_against_the_profile_is_refused() -> None:
    with pytest.raises(RuleViolation, match="race"):
        color_up(B11_STACKS, removed=[100], chips=CHIPS, profile=FOX, method=ColorUpMethod.ROUND_UP)
    with pytest.raises(RuleViolation):
        color_up(B11_STACKS, removed=[100], chips=CHIPS, profile=SPOT, method=ColorUpMethod.RACE)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"removed": [25]}, "not in play"),
        ({"removed": []}, "Name the denominations"),
        ({"removed": [100, 500, 1000, 5000]}, "every denomination"),
        ({"removed": [500]}, "smallest chips first"),
        ({"deck": ["Kh"]}, "needs 10 cards"),
        ({"deck": ["K♥"] * 10}, "bad card"),
        ({"deck": None}, "shuffled deck or a random source"),
    ],
)
def test_bad_colour_up_input_is_refused(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"removed": [100], "deck": B11_DECK_ROUND_ROBIN} | kwargs
    with pytest.raises(InvalidCommand, match=message):
        color_up(B11_STACKS, chips=CHIPS, profile=FOX, **args)  # type: ignore[arg-type]


def test_counted_odd_chips_give_one_card_each() -> None:
    """Removing 100s and 500s together: 700 odd may be one 500 and two 100s (3 cards) by
    default, or seven 100s if the dealer counted seven."""
    chips = ChipSet.of(100, 500, 1000)
    result = color_up(
        {1: 10_700, 2: 2_400}, removed=[100, 500], chips=chips, profile=FOX, rng=random.Random(1)
    )
    assert [s.odd_chips for s in result.seats] == [3, 4]
    counted = color_up(
        {1: 10_700, 2: 2_400},
        removed=[100, 500],
        chips=chips,
        profile=FOX,
        rng=random.Random(1),
        odd_chips={1: 7},
    )
    assert [s.odd_chips for s in counted.seats] == [7, 4]
    with pytest.raises(InvalidCommand, match="cannot hold 2 odd chips"):
        color_up({1: 10_700}, removed=[100, 500], chips=chips, profile=FOX, odd_chips={1: 2},
                 rng=random.Random(1))  # fmt: skip


def test_race_result_is_json_and_replays_from_its_cards() -> None:
    rng = random.Random(7)
    result = color_up(B11_STACKS, removed=[100], chips=CHIPS, profile=FOX, rng=rng)
    data = json.loads(json.dumps(result.as_json()))
    deck = [card for _, card in data["cards_dealt"]]
    replay = color_up(B11_STACKS, removed=[100], chips=CHIPS, profile=FOX, deck=deck)
    assert replay == result


def test_KPC_14D_FOX_24C_removed_chips_found_after_the_race() -> None:
    assert surfaced_after_race(1_300, 500, FOX) == (1_000, 300)
    assert surfaced_after_race(1_300, 500, KPC) == (1_000, 300)
    credited, removed = surfaced_after_race(1_300, 500, TNPL)  # TNPL-D2iii equal value
    assert credited + removed == 1_300
    assert credited % 500 == 0
    with pytest.raises(InvalidCommand):
        surfaced_after_race(-1, 500, FOX)


def test_a_race_needing_more_than_one_deck_uses_fresh_decks() -> None:
    stacks = dict.fromkeys(range(1, 11), 10000 + 900)  # 9 odd 100s each, 90 cards
    result = color_up(stacks, removed=[100], chips=ChipSet.of(100, 1000), profile=FOX,
                      rng=random.Random(3))  # fmt: skip
    assert len(result.cards_dealt) == 90
    assert result.chips_awarded == 9  # 9,000 odd / 1,000, one chip per player at most
    assert sum(s.won for s in result.seats) == 9
    assert sorted(fresh_deck()) == sorted({c for _, c in result.cards_dealt[:52]})


stacks_strategy = st.dictionaries(
    st.integers(min_value=1, max_value=10),
    st.integers(min_value=0, max_value=400).map(lambda n: n * 100),
    min_size=1,
    max_size=10,
)


@settings(max_examples=300, deadline=None)
@given(stacks_strategy, st.sampled_from([500, 1000]), st.integers(0, 2**32), st.booleans())
def test_race_properties(stacks: dict[int, int], unit: int, seed: int, tnpl: bool) -> None:
    """Nobody is raced out; nobody gains more than one chip; the total changes only by the
    odd chips removed and the unit chips the race and the protection give out."""
    profile = TNPL if tnpl else FOX
    chips = ChipSet.of(100, unit, 5000)
    result = color_up(
        stacks, removed=[100], chips=chips, profile=profile,
        method=ColorUpMethod.RACE, rng=random.Random(seed),
    )  # fmt: skip
    for s in result.seats:
        if s.stack_before > 0:
            assert s.stack_after > 0  # nobody raced out
        assert s.stack_after - s.kept <= unit  # at most one chip gained
        assert s.won <= 1
        assert s.stack_after - s.stack_before < unit
        assert s.stack_after % unit == 0
        assert len(s.cards) == s.odd_chips
    # Appendix D #14: the number of new chips is the odd total in units, half up.
    assert -unit // 2 <= result.odd_total - result.chips_awarded * unit < unit // 2
    assert result.chips_after == (
        result.chips_before
        - result.odd_total
        + (result.chips_awarded + result.protected_chips) * unit
    )


@settings(max_examples=100, deadline=None)
@given(stacks_strategy, st.sampled_from([500, 1000]))
def test_round_up_properties(stacks: dict[int, int], unit: int) -> None:
    """B12: nobody loses value; nobody gains a full chip or more."""
    result = color_up(stacks, removed=[100], chips=ChipSet.of(100, unit), profile=SPOT)
    for s in result.seats:
        assert s.stack_before <= s.stack_after < s.stack_before + unit
        assert s.stack_after % unit == 0
