"""Players the director keeps apart (SPOT-2c3): the draws and the plans honour the groups,
or say in the floor's words why they cannot.

SPOT 2(c)3: "The tournament director reserves the right to require that any two players not
play in the same game (husband and wife, relatives, business partners, and so forth)."
"""

from __future__ import annotations

import random

from seating_helpers import S, room

from pokertd.rules import load_profile
from pokertd.tournament.seating import Layout, Seating, draw_initial_seats
from pokertd.tournament.seating.balancing import break_table, plan
from pokertd.tournament.seating.rules import ApartGroups, SeatDraw, apart_rule_ids, draw_seat


def _apart(seating: Seating, *groups: tuple[str, ...]) -> None:
    """Keep each tuple of entry ids apart (group 1, 2, ...); names are the ids."""
    found: dict[str, set[int]] = {}
    for number, group in enumerate(groups, start=1):
        for entry in group:
            found.setdefault(entry, set()).add(number)
    seating.apart = ApartGroups(
        groups={e: frozenset(g) for e, g in found.items()},
        names={e: e for e in found},
        rule_ids=apart_rule_ids(seating.profile),
    )


def _twenty() -> list[str]:
    return ["Ann", "Bob", *(f"P{i:02d}" for i in range(18))]


def _table_of(draws: list[SeatDraw], player: str) -> int:
    return next(d.table for d in draws if d.player == player)


def test_SPOT_2c3_the_first_draw_of_20_on_two_tables_of_ten_never_seats_ann_with_bob() -> None:
    """20 players, two tables of ten, Ann and Bob kept apart: over 200 seeds of the draw
    they never share a table, and each table still gets ten (SPOT-2c3, C1). Without the
    group the same seeds put them together about half the time (the test can fail)."""
    together_without = 0
    for seed in range(200):
        plain = Seating.from_layout(Layout.uniform(2, 10), load_profile("spotlight"))
        draws = draw_initial_seats(plain, _twenty(), random.Random(seed))
        together_without += _table_of(draws, "Ann") == _table_of(draws, "Bob")
        seating = Seating.from_layout(Layout.uniform(2, 10), load_profile("spotlight"))
        _apart(seating, ("Ann", "Bob"))
        notes: list[str] = []
        draws = draw_initial_seats(seating, _twenty(), random.Random(seed), notes)
        assert _table_of(draws, "Ann") != _table_of(draws, "Bob"), seed
        assert notes == []
        counts = [sum(d.table == t for d in draws) for t in (1, 2)]
        assert counts == [10, 10]
        assert len({(d.table, d.seat) for d in draws}) == 20
    assert 60 < together_without < 140


def test_SPOT_2c3_a_group_of_three_on_two_tables_cannot_all_be_apart_and_the_draw_says_so() -> None:
    """Ann, Bob and Cy kept apart, two tables of ten: two of them must share a table. The
    draw still seats all 20 and tells the floor why, citing SPOT-2c3."""
    seating = Seating.from_layout(Layout.uniform(2, 10), load_profile("spotlight"))
    _apart(seating, ("Ann", "Bob", "Cy"))
    players = ["Ann", "Bob", "Cy", *(f"P{i:02d}" for i in range(17))]
    notes: list[str] = []
    draws = draw_initial_seats(seating, players, random.Random(3), notes)
    assert len(draws) == 20
    assert len(notes) == 1
    assert "are kept apart (SPOT-2c3) but sit together at table" in notes[0]
    assert "no other table has a seat for them" in notes[0]


def test_SPOT_2c3_a_late_entry_is_drawn_away_from_the_player_kept_apart_from_him() -> None:
    """SPOT seats a late entry at the neediest table (SPOT-2c2): table 1 (6 players, Ann
    among them) is neediest, table 2 has 8. Bob, kept apart from Ann, goes to table 2 on
    every one of 200 seeds; without the group he always goes to table 1."""
    for seed in range(200):
        seating = room({1: [1, 2, 3, 4, 5, 6], 2: [1, 2, 3, 4, 5, 6, 7, 8]}, "spotlight")
        assert draw_seat(seating, "Bob", random.Random(seed)).table == 1
        _apart(seating, ("T1S4", "Bob"))
        notes: list[str] = []
        assert draw_seat(seating, "Bob", random.Random(seed), notes=notes).table == 2
        assert notes == []


def test_SPOT_2c3_a_late_entry_with_no_other_table_sits_with_her_and_the_floor_is_told() -> None:
    """Only table 1 has an open seat: Bob sits there with Ann (the draw still happens) and
    the sentence names both and SPOT-2c3."""
    seating = room({1: [1, 2, 3, 4, 5, 6], 2: list(range(1, 10))}, "spotlight")
    _apart(seating, ("T1S4", "Bob"))
    notes: list[str] = []
    draw = draw_seat(seating, "Bob", random.Random(1), notes=notes)
    assert draw.table == 1
    assert notes == [
        "Bob and T1S4 are kept apart (SPOT-2c3) but sit together at table 1: "
        "no other table has a seat for them."
    ]


def test_SPOT_2c3_a_table_break_sends_the_kept_apart_player_to_another_table() -> None:
    """Table 3 breaks (its 3 players fit at tables 1 and 2). Table 1 is neediest (5, table 2
    has 6): a breaking player goes there first. T3S1 is kept apart from T1S2: on 100 seeds
    he never joins table 1 (C4 and SPOT-2c3), and the others still fill table 1 first."""
    for seed in range(100):
        seating = room(
            {1: [1, 2, 3, 4, 5], 2: [1, 2, 3, 4, 5, 6], 3: [1, 2, 3]}, "tda", break_order=(3, 2, 1)
        )
        _apart(seating, ("T3S1", "T1S2"))
        todo = break_table(seating, 3, random.Random(seed))
        to = {m.player: m.to_table for m in todo.moves}
        assert to["T3S1"] == 2, seed
        assert sorted(to.values()) == [1, 1, 2] or sorted(to.values()) == [1, 2, 2]
        assert todo.apart == ()


def test_SPOT_2c3_a_table_break_with_no_table_free_of_the_group_says_why() -> None:
    """Ann (T3S1) is kept apart from a player at each other table: she must sit with one of
    them; the plan says so (SPOT-2c3) and the table still breaks."""
    seating = room(
        {1: [1, 2, 3, 4, 5], 2: [1, 2, 3, 4, 5, 6], 3: [1, 2, 3]},
        "spotlight",
        break_order=(3, 2, 1),
    )
    _apart(seating, ("T3S1", "T1S2", "T2S2"))
    todo = break_table(seating, 3, random.Random(5))
    assert len(todo.moves) == 3
    assert len(todo.apart) == 1
    assert todo.apart[0].startswith("T3S1 and T")
    assert "are kept apart (SPOT-2c3) but sit together" in todo.apart[0]


def _balanced_room(profile: str = "tda") -> Seating:
    """Tables 1 (9 players), 2 and 3 (6 each), this hand's button in seat 1 everywhere: 9 - 6
    is over the tolerance of 2, so the player due the big blind next at table 1 (seat 4:
    next hand's button seat 2, small blind seat 3) moves to a shortest table."""
    seating = room(
        {1: list(range(1, 10)), 2: [1, 2, 3, 4, 5, 6], 3: [1, 2, 3, 4, 5, 6]},
        profile,
        break_order=(3, 2, 1),
    )
    for number in (1, 2, 3):
        seating.set_button(number, S(1))
    return seating


def test_SPOT_2c3_a_balancing_move_avoids_the_table_of_the_player_kept_apart() -> None:
    """Without groups the player due the big blind at table 1 goes to table 1's shortest
    partner that breaks last (table 2: order 3, 2, 1). Kept apart from T2S4 he goes to
    table 3, the other shortest table (C5, C6, SPOT-2c3)."""
    seating = _balanced_room()
    first = plan(seating, random.Random(1)).moves[0]
    assert first.player == "T1S4"  # next hand: button seat 2, SB 3, BB 4
    assert first.to_table == 2
    _apart(seating, ("T1S4", "T2S4"))
    todo = plan(seating, random.Random(1))
    assert todo.moves[0].player == "T1S4"
    assert todo.moves[0].to_table == 3
    assert todo.apart == ()


def test_SPOT_2c3_when_every_short_table_holds_his_group_the_plan_says_why() -> None:
    """Kept apart from a player at table 2 and at table 3: no other move the rules allow
    (one fullest table, its player due the big blind moves). The move stands and the plan
    says why, citing the venue's rule."""
    seating = _balanced_room()
    _apart(seating, ("T1S4", "T2S4", "T3S4"))
    todo = plan(seating, random.Random(1))
    assert todo.moves[0].player == "T1S4"
    assert len(todo.apart) == 1
    assert "balancing the tables leaves no other move" in todo.apart[0]


def test_SPOT_2c3_a_final_table_of_9_that_must_hold_both_says_why() -> None:
    """Nine players left on two tables: the final table holds every one, so Ann and Bob,
    kept apart, sit together; the plan says so in the floor's words, citing SPOT-2c3."""
    seating = room({1: [1, 2, 3, 4, 5], 2: [1, 2, 3, 4]}, "spotlight")
    _apart(seating, ("T1S1", "T2S1"))
    todo = plan(seating, random.Random(1))
    assert todo.final_table is not None
    assert todo.apart == (
        f"T1S1 and T2S1 are kept apart (SPOT-2c3) but sit together at table "
        f"{todo.final_table.table}: the final table holds every player left.",
    )


def test_SPOT_2c3_the_tda_default_cites_its_own_seating_rule() -> None:
    """At a venue whose rulebook is silent the sentence cites the venue's initial-seating
    rule IDs, never Spotlight's (one mechanism: ``profile.cite``)."""
    ids = apart_rule_ids(load_profile("tda"))
    assert "SPOT-2c3" not in ids
    assert apart_rule_ids(load_profile("spotlight")) == ("SPOT-2c3",)
