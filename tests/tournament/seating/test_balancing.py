"""Balancing, breaking and halting (catalogue C4, C5, C6, D4)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from seating_helpers import S, field_of, room

from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.rules import BalanceSeatRule, load_profile
from pokertd.tournament.seating import (
    Move,
    MoveReason,
    Seating,
    apply_move,
    apply_plan,
    break_table,
    check_move,
    default_choice,
    final_table_size,
    halted_tables,
    notify_tables,
    plan,
    seat_allowed,
    tolerance,
    worst_position,
)

NINE = list(range(1, 10))


def counts(seating: Seating) -> dict[int, int]:
    return {n: t.count for n, t in sorted(seating.tables.items())}


def seats(*numbers: int) -> int:
    m = 0
    for n in numbers:
        m |= 1 << S(n)
    return m


# --- tolerance and halting (C5) ---------------------------------------------------------------


def test_KPC_7_tolerance_tightens_one_table_off_the_money() -> None:
    """C5: KPC 9-max, 16 paid: ceil(16/9) = 2, so from 3 tables the tolerance is 1."""
    kpc = load_profile("kojack")
    assert tolerance(kpc, 5, 9, 16) == 2
    assert tolerance(kpc, 4, 9, 16) == 2
    assert tolerance(kpc, 3, 9, 16) == 1
    assert tolerance(kpc, 3, 9, 9) == 2  # pays only one table: no tightening
    assert tolerance(kpc, 3, 9, None) == 2


def test_KPC_7_nine_eight_six_moves_one_player() -> None:
    """C5: tables 9 / 8 / 6 (KPC, early): one player from the 9-table to the 6-table."""
    seating = room({1: NINE, 2: NINE[:8], 3: NINE[:6]}, "kojack", extra_tables=1)
    for n in (1, 2, 3):
        seating.set_button(n, S(1))
    done = plan(seating, random.Random(1))
    assert [(m.from_table, m.to_table) for m in done.moves] == [(1, 3)]
    assert done.moves[0].reason is MoveReason.BALANCE
    assert "KPC-7" in done.moves[0].rule_ids
    apply_plan(seating, done)
    assert counts(seating) == {1: 8, 2: 8, 3: 7}


def test_TNPL_B6v_FOX_10D_three_short_halts() -> None:
    """C5: 9 / 8 / 6 at TNPL/FOX: the 6-table is three short of the fullest and halts."""
    for profile in ("tnpl", "foxwoods"):
        seating = room({1: NINE, 2: NINE[:8], 3: NINE[:6]}, profile, extra_tables=1)
        assert halted_tables(seating) == (3,)
        assert halted_tables(seating, full_table_event=False) == ()
        done = plan(seating, random.Random(1))
        assert done.halted == (3,)
        apply_plan(seating, done)
        assert halted_tables(seating) == ()


def test_SPOT_2c2_SPOT_6_20_never_halts_but_host_told_at_five() -> None:
    seating = room({1: NINE, 2: NINE[:8], 3: NINE[:5]}, "spotlight", extra_tables=1)
    assert halted_tables(seating) == ()
    assert notify_tables(seating) == (3,)
    done = plan(seating, random.Random(1))
    assert done.notify == (3,)
    # SPOT: the TD chooses who moves; the suggestion names only the tables
    assert done.moves[0].player is None
    assert "TD's choice" in done.moves[0].describe()


def test_no_move_within_tolerance() -> None:
    """9 / 8 / 7 is within two: nothing to do (no move the rules do not require)."""
    seating = room({1: NINE, 2: NINE[:8], 3: NINE[:7]}, "tda", extra_tables=1)
    assert plan(seating, random.Random(1)).empty


# --- who moves and where (C6) -----------------------------------------------------------------


def test_KPC_7_FOX_10A_the_player_due_the_big_blind_moves() -> None:
    seating = room({1: NINE, 2: NINE[:6]}, "foxwoods", extra_tables=1)
    seating.set_button(1, S(3))  # hand now: button 3, SB 4, BB 5 -> BB next is seat 6
    seating.set_button(2, S(1))
    done = plan(seating, random.Random(1))
    assert done.moves[0].player == "T1S6"
    assert done.moves[0].from_seat == S(6)


def test_button_unknown_names_the_player_due_the_big_blind() -> None:
    seating = room({1: NINE, 2: NINE[:6]}, "foxwoods", extra_tables=1)
    done = plan(seating, random.Random(1))
    move = done.moves[0]
    assert move.player is None
    assert move.to_seat is None
    assert "the player due the big blind next" in move.describe()
    with pytest.raises(InvalidCommand, match="Name the player"):
        check_move(seating, move)
    with pytest.raises(InvalidCommand, match="Choose the seat"):
        check_move(seating, move, player="T1S4")
    final = check_move(seating, move, player="T1S4", seat=S(8))
    apply_move(seating, final)
    assert seating.where["T1S4"] == (2, S(8))
    assert seating.moves_of("T1S4") == 1


def worst_table() -> Seating:
    """C6: previous hand BB seat 4, SB seat 3; seats 1,3,4,5,6,8,9 occupied."""
    seating = room({1: [1, 3, 4, 5, 6, 8, 9], 2: NINE}, "foxwoods", extra_tables=1)
    seating.set_button(1, S(1))  # hand now: button 1, SB 3, BB 4 (seat 2 is empty)
    return seating


def test_TNPL_B6ii_FOX_10A_worst_position_example() -> None:
    """C6: open seats 2 and 7 -> seat 7 (seat 2 would be the big blind much later)."""
    seating = worst_table()
    table = seating.tables[1]
    rule = BalanceSeatRule.WORST_POSITION
    assert worst_position(table.button, table.occupied, table.open_seats, rule) == S(7)
    # if seat 5 were open -> seat 5, posting the big blind on the next hand
    seating.unseat("T1S5")
    table = seating.tables[1]
    assert worst_position(table.button, table.occupied, table.open_seats, rule) == S(5)
    hand = table.button.next_hand(table.occupied | 1 << S(5))
    assert hand.big_blind_seat == S(5)


def test_KPC_8d_KPC_8e_any_seat_except_small_blind_and_button() -> None:
    """C6 KPC: seats 2 or 7 are acceptable; never the small blind or the button."""
    seating = worst_table()
    table = seating.tables[1]
    kpc = BalanceSeatRule.ANY_EXCEPT_SB_BUTTON
    assert seat_allowed(table.button, table.occupied, S(2), kpc) is None
    assert seat_allowed(table.button, table.occupied, S(7), kpc) is None
    # seat 4 (the next small blind) empties: a player moved there would post the SB
    seating.unseat("T1S4")
    table = seating.tables[1]
    assert seat_allowed(table.button, table.occupied, S(4), kpc) == (
        "it would post the small blind next hand"
    )
    assert seat_allowed(table.button, table.occupied, S(4), BalanceSeatRule.WORST_POSITION)


def test_FOX_10A_worst_position_is_never_the_small_blind() -> None:
    """The big blind busted: his seat is next hand's (dead) small blind and is skipped."""
    seating = worst_table()
    seating.unseat("T1S4")
    table = seating.tables[1]
    seat = worst_position(
        table.button, table.occupied, table.open_seats, BalanceSeatRule.WORST_POSITION
    )
    assert seat == S(7)


def test_FOX_10A_confirm_refuses_the_small_blind() -> None:
    seating = room({1: NINE, 2: [1, 3, 5, 6, 8, 9]}, "foxwoods", extra_tables=1)
    seating.set_button(1, S(1))
    seating.set_button(2, S(1))  # table 2: button 1, SB 3, BB 5 -> next SB seat 5
    seating.unseat("T2S5")  # dead small blind next hand on seat 5
    done = plan(seating, random.Random(1))
    move = done.moves[0]
    assert move.to_table == 2
    with pytest.raises(RuleViolation, match="small blind"):
        check_move(seating, move, seat=S(5))


def test_avoid_moving_the_same_player_twice() -> None:
    """Two fullest tables: take the mover who has not been moved before."""
    seating = room({1: NINE, 2: NINE, 3: NINE[:6]}, "tda", extra_tables=1)
    for n in (1, 2, 3):
        seating.set_button(n, S(1))  # BB next is seat 4 at each table
    seating.moves_made["T1S4"] = 1
    done = plan(seating, random.Random(1))
    assert done.moves[0].player == "T2S4"


# --- breaking (C4) ----------------------------------------------------------------------------


def test_KPC_6d_preset_break_order() -> None:
    """C4: KPC order [T5, T2, T4, T3]; going from 5 tables to 4, T5's 6 players fill T1-T4."""
    seating = room(
        {1: NINE[:8], 2: NINE[:8], 3: NINE[:7], 4: NINE[:7], 5: NINE[:6]},
        "kojack",
        break_order=(5, 2, 4, 3, 1),
    )
    done = plan(seating, random.Random(3))
    assert done.break_table == 5
    assert len(done.moves) == 6
    assert all(m.reason is MoveReason.BREAK_TABLE and m.from_table == 5 for m in done.moves)
    apply_plan(seating, done)
    assert counts(seating) == {1: 9, 2: 9, 3: 9, 4: 9}
    seating.unseat("T1S1")
    seating.unseat("T3S1")
    seating.unseat("T4S1")
    seating.unseat("T1S2")
    seating.unseat("T3S2")
    seating.unseat("T4S2")
    seating.unseat("T1S3")
    seating.unseat("T3S3")
    seating.unseat("T4S3")
    nxt = plan(seating, random.Random(3))
    assert nxt.break_table == 2  # the next table in the preset order


def test_FOX_9_two_step_draw_and_waiting_in_the_gap() -> None:
    """C4 FOX: two-step random draw; a seat between SB and button waits (D4)."""
    seating = room({1: [1, 2, 3, 4, 6, 8, 9], 2: NINE, 3: NINE[:2]}, "foxwoods")
    seating.set_button(1, S(4))  # next hand: button 6, SB 8, BB 9: seat 7 waits
    seen_wait = False
    for seed in range(30):
        done = plan(seating, random.Random(seed))
        assert done.break_table == 3
        assert {m.to_table for m in done.moves} == {1}
        for m in done.moves:
            if m.to_seat == S(7):
                assert m.waits
                seen_wait = True
            else:
                assert not m.waits
    assert seen_wait


def test_break_table_command_and_refusals() -> None:
    seating = room({1: NINE[:5], 2: NINE[:5], 3: NINE[:5]}, "tda")
    done = break_table(seating, 2, random.Random(1))
    assert {m.from_table for m in done.moves} == {2}
    apply_plan(seating, done)
    assert 2 not in seating.tables
    one = room({1: NINE[:5]})
    with pytest.raises(RuleViolation, match="last table"):
        break_table(one, 1, random.Random(1))
    full = room({1: NINE, 2: NINE}, extra_tables=1)
    before = full.snapshot()
    with pytest.raises(RuleViolation, match="cannot break"):
        break_table(full, 1, random.Random(1))
    assert full.snapshot() == before


def test_stale_move_is_refused() -> None:
    seating = room({1: NINE, 2: NINE[:6]}, "foxwoods", extra_tables=1)
    seating.set_button(1, S(3))
    seating.set_button(2, S(1))
    move = plan(seating, random.Random(1)).moves[0]
    assert move.player == "T1S6"
    # the destination seat is taken by someone else first
    assert move.to_seat is not None
    seating.seat("late", 2, move.to_seat)
    before = seating.snapshot()
    with pytest.raises(RuleViolation, match="stale"):
        check_move(seating, move)
    # or the player is gone
    seating.unseat("late")
    seating.unseat("T1S6")
    with pytest.raises(RuleViolation, match="stale"):
        check_move(seating, move)
    assert seating.snapshot() != before  # (only our own unseats changed it)


def test_move_describe_reads_aloud() -> None:
    move = Move(
        player="ann",
        from_table=4,
        from_seat=S(2),
        to_table=1,
        to_seat=S(7),
        reason=MoveReason.BALANCE,
        rule_ids=("FOX-10A",),
    )
    assert move.describe() == (
        "Move ann from table 4 seat 2 to table 1 seat 7 (to balance tables) [FOX-10A]"
    )


# --- properties -------------------------------------------------------------------------------


def check_plan_required(seating: Seating, done: object, paid: int | None) -> None:
    """Every suggested move is required by the rules at the moment it is made."""
    from pokertd.tournament.seating import Plan

    assert isinstance(done, Plan)
    work = seating.copy()
    for number in done.closed:
        assert work.tables[number].count == 0
        work.close_table(number)
    size = final_table_size(work.profile, work.seats_per_table)
    if done.final_table is not None:
        assert work.players <= size
        assert len(work.tables) >= 2
        return
    moves = list(done.moves)
    if done.break_table is not None:
        nxt = work.order[0]
        assert done.break_table == nxt
        assert work.players <= work.capacity - work.tables[nxt].capacity
        for m in [m for m in moves if m.reason is MoveReason.BREAK_TABLE]:
            apply_move(work, default_choice(work, m))
        work.close_table(nxt)
        moves = [m for m in moves if m.reason is MoveReason.BALANCE]
    else:
        assert not any(m.reason is MoveReason.BREAK_TABLE for m in moves)
    tol = tolerance(work.profile, len(work.tables), work.seats_per_table, paid)
    for m in moves:
        assert work.max_count() - work.min_count() > tol
        assert work.tables[m.from_table].count == work.max_count()
        assert work.tables[m.to_table].count == work.min_count()
        apply_move(work, default_choice(work, m))


def check_state(seating: Seating, paid: int | None) -> None:
    # every player holds exactly one seat
    sitting = [
        (p, n, s)
        for n, t in seating.tables.items()
        for s, p in enumerate(t.players)
        if p is not None
    ]
    assert len(sitting) == seating.players
    assert {p: (n, s) for p, n, s in sitting} == seating.where
    n_tables = len(seating.tables)
    size = final_table_size(seating.profile, seating.seats_per_table)
    if seating.players <= size:
        assert n_tables == 1
    else:
        assert n_tables == -(-seating.players // seating.seats_per_table)
        tol = tolerance(seating.profile, n_tables, seating.seats_per_table, paid)
        assert seating.max_count() - seating.min_count() <= tol


FIELDS = {
    "players": st.integers(10, 1000),
    "seed": st.integers(0, 2**32 - 1),
    "profile": st.sampled_from(["tda", "kojack", "foxwoods", "tnpl", "spotlight", "nj_fundraiser"]),
    "paid": st.sampled_from([None, 9, 16, 27]),
}


@settings(max_examples=25, deadline=None)
@given(**FIELDS)
def test_C4_C5_C6_properties_over_random_busts(
    players: int, seed: int, profile: str, paid: int | None
) -> None:
    """See :func:`bust_down` (KPC-7, TNPL-B6v, FOX-10D, KPC-6d, FOX-9, FOX-10A)."""
    bust_down(players, seed, profile, paid)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(**FIELDS)
def test_C4_C5_C6_properties_many_fields(
    players: int, seed: int, profile: str, paid: int | None
) -> None:
    """The same properties over 150 fields (slow tier)."""
    bust_down(players, seed, profile, paid)


def bust_down(players: int, seed: int, profile: str, paid: int | None) -> None:
    """From 10 to 1,000 players busting at random down to the final table:

    after the suggested moves the spread is within the tolerance, every player holds
    exactly one seat, the tables are the fewest that fit, and no suggested move is one the
    rules do not require (KPC-7, TNPL-B6v, FOX-10D, KPC-6d, FOX-9, FOX-10A).
    """
    seating = field_of(players, 9, profile, seed)
    rng = random.Random(seed)
    done = plan(seating, rng, paid_places=paid)
    check_plan_required(seating, done, paid)
    apply_plan(seating, done)
    check_state(seating, paid)
    while seating.players > 2:
        victim = rng.choice(sorted(seating.where)) if seating.players < 50 else None
        if victim is None:
            number = rng.choice(sorted(seating.tables))
            table = seating.tables[number]
            victim = table.players[
                rng.choice([s for s in range(table.n_seats) if table.players[s]])
            ]
        assert victim is not None
        number, _ = seating.unseat(victim)
        table = seating.tables[number]
        if table.count >= 2 and table.button.known:
            seating.hand_dealt(number, seating.next_hand(number))
        done = plan(seating, rng, paid_places=paid)
        check_plan_required(seating, done, paid)
        apply_plan(seating, done)
        check_state(seating, paid)


def test_SPOT_6_5_reseated_table_with_half_new_players_draws_for_the_button() -> None:
    """C10: a SPOT table of 8 after a break with 4 newcomers (50 %) draws for the button."""
    seating = room({1: NINE[:4], 2: NINE, 3: NINE[:4]}, "spotlight")
    done = plan(seating, random.Random(1))
    assert done.break_table == 3
    assert {m.to_table for m in done.moves} == {1}
    assert done.button_draws == (1,)
    tda = room({1: NINE[:4], 2: NINE, 3: NINE[:4]}, "tda")
    assert plan(tda, random.Random(1)).button_draws == ()
    # 3 newcomers of 8 (37.5 %): the button continues
    three = room({1: NINE[:5], 2: NINE, 3: NINE[:3]}, "spotlight")
    assert plan(three, random.Random(1)).button_draws == ()


def test_KPC_6e_a_table_emptied_by_busts_closes() -> None:
    """Everyone at a table busts before its moves: the empty table closes, then the rest
    is planned without it (no player is ever sent to an empty table)."""
    seating = room({1: NINE[:7], 2: NINE[:7], 3: NINE[:2]}, "tda")
    seating.unseat("T3S1")
    seating.unseat("T3S2")
    done = plan(seating, random.Random(1))
    assert done.closed == (3,)
    assert all(m.to_table != 3 for m in done.moves)
    apply_plan(seating, done)
    assert list(seating.tables) == [1, 2]
    assert plan(seating, random.Random(1)).empty
