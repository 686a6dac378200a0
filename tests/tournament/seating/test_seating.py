"""Layouts, random seating, late seats, final table and the draw for the button (C1-C13)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from seating_helpers import S, room

from pokertd.errors import InvalidCommand, NotFound, RuleViolation
from pokertd.rules import load_profile
from pokertd.tournament.seating import (
    Layout,
    Seating,
    TableSpec,
    apply_final_table,
    arrival_waits,
    card_key,
    draw_button,
    draw_final_table,
    draw_initial_seats,
    draw_seat,
    final_table_size,
    needs_button_draw,
    start_button,
)


class Dealt(random.Random):
    """An rng whose ``sample`` deals fixed cards (one list per call)."""

    def __init__(self, *hands: list[str]) -> None:
        super().__init__(0)
        self.hands = list(hands)

    def sample(self, population: Sequence[Any], k: int, *, counts: object = None) -> list[Any]:
        return list(self.hands.pop(0))


# --- layout -----------------------------------------------------------------------------------


def test_NJ_5_table_sizes_are_checked() -> None:
    """C13: a table holds at most 11 players (NJ); 12 seats is refused."""
    with pytest.raises(InvalidCommand, match="NJ-5"):
        Layout.uniform(2, 12).validate(load_profile("nj_fundraiser"))
    with pytest.raises(InvalidCommand):
        Layout.uniform(2, 1).validate()
    with pytest.raises(InvalidCommand):
        Layout(tables=(TableSpec(number=1, seats=9), TableSpec(number=1, seats=9))).validate()
    with pytest.raises(InvalidCommand, match="KPC-6d"):
        Layout.uniform(3, 9, break_order=(3, 2)).validate(load_profile("kojack"))
    with pytest.raises(InvalidCommand) as no_profile:  # no venue: the catalogue entry (C4)
        Layout.uniform(3, 9, break_order=(3, 2)).validate()
    assert no_profile.value.rule_ids == ("C4",)
    with pytest.raises(InvalidCommand):
        TableSpec(number=1, seats=9, unavailable=frozenset({9})).validate()


def test_KPC_6d_break_order_default_is_highest_number_first() -> None:
    assert Layout.uniform(4, 9).order() == (4, 3, 2, 1)
    assert Layout.uniform(5, 9, break_order=(5, 2, 4, 3, 1)).order() == (5, 2, 4, 3, 1)


# --- initial seating (C1) ---------------------------------------------------------------------


def test_FOX_6_FOX_REG4_27_entrants_three_tables() -> None:
    """C1: FOX 27 entrants, three 9-seat tables: every seat drawn once, at random."""
    seating = Seating.from_layout(Layout.uniform(5, 9), load_profile("foxwoods"))
    names = [f"p{i}" for i in range(27)]
    draws = draw_initial_seats(seating, names, random.Random(7))
    assert seating.players == 0  # a draw changes nothing
    assert sorted(d.player for d in draws) == sorted(names)
    assert len({(d.table, d.seat) for d in draws}) == 27
    assert {d.table for d in draws} == {1, 2, 3}  # the tables that break last
    again = draw_initial_seats(seating, names, random.Random(7))
    assert again == draws  # a seeded draw is reproducible
    other = draw_initial_seats(seating, names, random.Random(8))
    assert other != draws
    seating.apply_draws(draws)
    assert {n: t.count for n, t in seating.tables.items()} == {1: 9, 2: 9, 3: 9}


def test_KPC_6a_TNPL_B1_seating_is_even() -> None:
    """20 players at 9-max: three tables of 7, 7, 6."""
    seating = Seating.from_layout(Layout.uniform(4, 9), load_profile("kojack"))
    seating.apply_draws(draw_initial_seats(seating, [f"p{i}" for i in range(20)], random.Random(1)))
    assert sorted(t.count for t in seating.tables.values()) == [6, 7, 7]


def test_FOX_6_seat_draw_is_uniform() -> None:
    """Over many draws every seat of the three tables comes up about equally."""
    seating = Seating.from_layout(Layout.uniform(3, 9), load_profile("foxwoods"))
    rng = random.Random(3)
    seen: Counter[tuple[int, int]] = Counter()
    for _ in range(300):
        for d in draw_initial_seats(seating, ["a", "b", "c"], rng):
            if d.player == "a":
                seen[(d.table, d.seat)] += 1
    # 3 players fill one table (the one that breaks last): "a" sits in any of its 9 seats
    assert {t for t, _ in seen} == {1}
    assert len(seen) == 9
    assert min(seen.values()) > 15


def test_FOX_8_reserved_and_unavailable_seats() -> None:
    """Reserved seats are skipped by the draw but may be given by hand; unavailable never."""
    layout = Layout(
        tables=(
            TableSpec(number=1, seats=9, unavailable=frozenset({S(9)}), reserved=frozenset({S(1)})),
        )
    )
    seating = Seating.from_layout(layout, load_profile("foxwoods"))
    draws = draw_initial_seats(seating, [f"p{i}" for i in range(7)], random.Random(2))
    assert {d.seat for d in draws} == set(range(S(2), S(9)))
    seating.apply_draws(draws)
    seating.seat("special", 1, S(1))  # supervisor-approved special-needs seat
    with pytest.raises(RuleViolation, match="not available"):
        seating.seat("x", 1, S(9))
    with pytest.raises(RuleViolation, match="do not fit"):
        draw_initial_seats(seating, ["y", "z"], random.Random(1))


def test_bad_seats_change_nothing() -> None:
    seating = room({1: [1, 2, 3]})
    before = seating.snapshot()
    with pytest.raises(RuleViolation, match="taken"):
        seating.seat("new", 1, S(2))
    with pytest.raises(RuleViolation, match="already sits"):
        seating.seat("T1S1", 1, S(5))
    with pytest.raises(InvalidCommand, match="no seat 10"):
        seating.seat("new", 1, 9)
    with pytest.raises(NotFound):
        seating.seat("new", 7, S(1))
    with pytest.raises(NotFound):
        seating.unseat("nobody")
    with pytest.raises(RuleViolation, match="already has a seat"):
        draw_initial_seats(seating, ["T1S1"], random.Random(1))
    with pytest.raises(InvalidCommand, match="twice"):
        draw_initial_seats(seating, ["a", "a"], random.Random(1))
    assert seating.snapshot() == before


# --- late entries (C3) ------------------------------------------------------------------------


def three_open_seats(profile: str) -> Seating:
    """C3: open seats T1-S2, T2-S7, T4-S3 and nothing else."""
    full = list(range(1, 10))
    return room(
        {
            1: [s for s in full if s != 2],
            2: [s for s in full if s != 7],
            3: full,
            4: [s for s in full if s != 3],
        },
        profile,
    )


def test_KPC_6c_FOX_7_late_entry_random_among_all_open_seats() -> None:
    """C3: a late entry draws from every open seat in the event (T1-S2, T2-S7, T4-S3)."""
    seating = three_open_seats("foxwoods")
    rng = random.Random(5)
    picks = Counter(
        (d.table, d.seat + 1) for d in (draw_seat(seating, "late", rng) for _ in range(300))
    )
    assert set(picks) == {(1, 2), (2, 7), (4, 3)}
    assert min(picks.values()) > 60


def test_FOX_7_late_entry_between_sb_and_button_waits() -> None:
    """C3: T2's next hand has button S6, SB S8, BB S9; the new player in S7 waits one hand."""
    t = room({2: [1, 2, 3, 4, 6, 8, 9]}, "foxwoods")
    t.set_button(2, S(4))  # hand now: button 4, SB 6, BB 8
    assert arrival_waits(t, 2, S(7))
    t.seat("late", 2, S(7))
    hand = t.next_hand(2)
    assert (hand.button, hand.small_blind_seat, hand.big_blind_seat) == (S(6), S(8), S(9))
    assert hand.waiting == 1 << S(7)
    t.hand_dealt(2, hand)
    following = t.next_hand(2)
    assert (following.button, following.small_blind_seat, following.big_blind_seat) == (
        S(8),
        S(9),
        S(1),
    )
    assert following.dealt >> S(7) & 1


def test_SPOT_2c2_late_entry_goes_to_the_neediest_table() -> None:
    """C3 SPOT: the new player goes to the table most in need."""
    seating = room(
        {1: [1, 2, 3, 4, 5, 6, 7], 2: [1, 2, 3, 4, 5], 3: [1, 2, 3, 4, 5, 6]}, "spotlight"
    )
    for seed in range(20):
        assert draw_seat(seating, "new", random.Random(seed)).table == 2


def test_KPC_18_full_room_opens_the_next_table_and_refuses_when_none() -> None:
    full = list(range(1, 10))
    seating = room({1: full}, "kojack", extra_tables=1)
    draw = draw_seat(seating, "late", random.Random(1))
    assert draw.table == 2
    seating.apply_draws([draw])
    assert 2 in seating.tables
    seating2 = room({1: full}, "kojack")
    with pytest.raises(RuleViolation, match="Every seat"):
        draw_seat(seating2, "late", random.Random(1))
    with pytest.raises(RuleViolation, match="already sits"):
        draw_seat(seating2, "T1S1", random.Random(1))


# --- final table (C9, C10) --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("profile", "seats", "size"),
    [
        ("kojack", 9, 9),
        ("tnpl", 9, 10),
        ("foxwoods", 9, 10),
        ("tda", 9, 10),
        ("kojack", 6, 6),
        ("foxwoods", 6, 7),
        ("kojack", 10, 10),
        ("foxwoods", 10, 10),
    ],
)
def test_KPC_9_TNPL_B4_FOX_11A_final_table_size(profile: str, seats: int, size: int) -> None:
    """C9: 9-max -> KPC 9, TNPL/FOX 10; 6-max -> 6 / 7; 10-max -> 10."""
    assert final_table_size(load_profile(profile), seats) == size


def test_KPC_9_final_table_full_redraw_with_button_draw() -> None:
    """C9/C10: TDA 9-max, 10 players on two tables: one table of 10 seats, fresh seats."""
    seating = room({1: [1, 2, 3, 4, 5], 2: [1, 2, 3, 4, 5]}, "tda")
    draw = draw_final_table(seating, random.Random(4))
    assert draw.seats == 10
    assert draw.table == 1  # the table that breaks last
    assert draw.redraw
    assert draw.button is not None
    apply_final_table(seating, draw)
    assert list(seating.tables) == [1]
    assert seating.tables[1].count == 10
    assert seating.tables[1].n_seats == 10
    assert seating.final
    hand = seating.next_hand(1)
    assert hand.button == draw.button.button


def test_KPC_9_final_table_too_early_is_refused() -> None:
    seating = room({1: [1, 2, 3, 4, 5, 6], 2: [1, 2, 3, 4, 5]}, "kojack")
    with pytest.raises(RuleViolation, match="KPC-9"):
        draw_final_table(seating, random.Random(1))


def test_SPOT_6_5_final_table_no_redraw_but_button_by_high_card() -> None:
    """SPOT: players already at the final table stay; the button is drawn by high card."""
    seating = room({1: [1, 2, 3, 4, 5], 2: [1, 2, 3, 4]}, "spotlight")
    draw = draw_final_table(seating, random.Random(2))
    assert not draw.redraw
    assert draw.button is not None
    apply_final_table(seating, draw)
    assert seating.where["T1S3"] == (1, S(3))
    assert seating.tables[1].count == 9


def test_TNPL_B6i_final_table_no_redraw_button_continues() -> None:
    seating = room({1: [1, 2, 3, 4, 5], 2: [1, 2, 3, 4, 5]}, "tnpl")
    seating.set_button(1, S(2))
    draw = draw_final_table(seating, random.Random(2))
    assert draw.button is None
    apply_final_table(seating, draw)
    assert seating.tables[1].n_seats == 10
    assert seating.tables[1].count == 10
    assert seating.tables[1].button.known


# --- draw for the button (C11) ----------------------------------------------------------------


def test_SPOT_2c4_TNPL_D9_high_card_with_suit_order() -> None:
    """C11: seat 3 K♠, seat 7 K♥, seat 1 Q♠ -> seat 3 gets the button."""
    draw = draw_button(1, [S(1), S(3), S(7)], Dealt(["Qs", "Ks", "Kh"]), "shdc")
    assert draw.button == S(3)
    assert card_key("Ks", "shdc") > card_key("Kh", "shdc") > card_key("Qs", "shdc")
    assert "seat 3 Ks" in draw.describe()


def test_NJ_suits_equal_tied_players_draw_again() -> None:
    draw = draw_button(1, [S(1), S(3), S(7)], Dealt(["Qs", "Ks", "Kh"], ["2c", "3d"]), "")
    assert len(draw.rounds) == 2
    assert draw.button == S(7)


def test_NJ_15_first_button_left_of_dealer() -> None:
    seating = room({1: [2, 4, 6]}, "nj_fundraiser")
    assert start_button(seating, 1, random.Random(1)) == S(2)
    tda = room({1: [2, 4, 6]}, "tda")
    drawn = start_button(tda, 1, random.Random(1))
    assert not isinstance(drawn, int)
    assert drawn.button in (S(2), S(4), S(6))


def test_button_draw_needs_two_players() -> None:
    with pytest.raises(RuleViolation):
        draw_button(1, [S(1)], random.Random(1))


def test_SPOT_6_5_half_new_players_draw_for_the_button() -> None:
    """C10: 4 newcomers of 8 -> draw; 3 of 8 -> the button continues; TNPL never."""
    spot = load_profile("spotlight")
    assert needs_button_draw(spot, 8, 4)
    assert not needs_button_draw(spot, 8, 3)
    assert not needs_button_draw(load_profile("tnpl"), 8, 8)


def test_close_table_rules() -> None:
    seating = room({1: [1, 2], 2: [1, 2]})
    with pytest.raises(RuleViolation, match="still has 2"):
        seating.close_table(2)
    one = room({1: [1, 2]})
    with pytest.raises(RuleViolation, match="last table"):
        one.close_table(1)


def test_SPOT_2c5_overfull_start_reverts_at_first_departure() -> None:
    """C12: 9-max SPOT table started with 10; first bust -> capacity back to 9, nobody added."""
    seating = room({1: list(range(1, 10))}, "spotlight", extra_tables=1)
    seat = seating.add_extra_seat(1)
    seating.seat("tenth", 1, seat)
    assert seating.tables[1].count == 10
    assert seating.capacity == 10
    seating.unseat("T1S4")
    assert seating.capacity == 9
    assert seating.tables[1].open_seats == 0
    with pytest.raises(RuleViolation) as refused:
        room({1: [1, 2]}, "tda").add_extra_seat(1)
    assert refused.value.rule_ids == ("C12",)  # TDA is silent on C12: never SPOT-2c5
