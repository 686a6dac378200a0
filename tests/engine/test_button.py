"""Button and blinds from hand to hand (catalogue D1, D3, D4, D6).

Seats in the catalogue are 1-based; here ``S(n)`` turns them into engine seats.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.engine.button import (
    HandPositions,
    TableButton,
    between,
    next_occupied,
    positions_from_button,
    prev_occupied,
    seats_of,
)
from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.rules import ButtonRule, HeadsUpTransition, load_profile


def S(n: int) -> int:
    """Catalogue seat ``n`` (1-based) as an engine seat."""
    return n - 1


def mask(*seats: int) -> int:
    """A mask of catalogue seats (1-based)."""
    m = 0
    for s in seats:
        m |= 1 << S(s)
    return m


def hand_h(n_seats: int = 6, rule: ButtonRule = ButtonRule.DEAD) -> TableButton:
    """D1's hand h: seats 1-6 occupied, button 1, SB 2, BB 3, already dealt."""
    table = TableButton(n_seats=n_seats, button_rule=rule)
    first = table.with_first_button(S(1), mask(1, 2, 3, 4, 5, 6))
    hand = first.next_hand(mask(1, 2, 3, 4, 5, 6))
    assert (hand.button, hand.small_blind_seat, hand.big_blind_seat) == (S(1), S(2), S(3))
    return first.hand_dealt(hand)


def trio(hand: HandPositions) -> tuple[int, int | None, int]:
    sb = hand.small_blind_seat
    return (hand.button + 1, None if sb is None else sb + 1, hand.big_blind_seat + 1)


# --- mask helpers -------------------------------------------------------------------------


def test_mask_helpers() -> None:
    m = mask(2, 5, 9)
    assert seats_of(m) == [S(2), S(5), S(9)]
    assert next_occupied(m, S(5)) == S(9)
    assert next_occupied(m, S(9)) == S(2)
    assert prev_occupied(m, S(2)) == S(9)
    assert prev_occupied(m, S(5)) == S(2)
    assert between(S(8), S(2), 9) == mask(9, 1)
    assert between(S(2), S(5), 9) == mask(3, 4)
    assert between(S(4), S(4), 9) == 0


# --- D1 dead and moving button --------------------------------------------------------------


def test_KPC_23A_FOX_32_dead_button_big_blind_busts() -> None:
    """D1: seat 3 (BB) busts in hand h -> BB 4, dead SB on seat 3, button 2."""
    table = hand_h()
    nxt = table.next_hand(mask(1, 2, 4, 5, 6))
    assert trio(nxt) == (2, None, 4)
    assert nxt.small_blind_position == S(3)
    assert nxt.waiting == 0


def test_NJ_16_moving_button_big_blind_busts() -> None:
    """D1 moving: seat 3 busts -> button 2, SB 4, BB 5 (seat 4 avoids this orbit's BB)."""
    table = hand_h(rule=ButtonRule.MOVING)
    assert trio(table.next_hand(mask(1, 2, 4, 5, 6))) == (2, 4, 5)


def test_TNPL_F1_dead_button_small_blind_busts() -> None:
    """D1: seat 2 (SB) busts -> BB 4, SB 3, button on the empty seat 2."""
    table = hand_h()
    nxt = table.next_hand(mask(1, 3, 4, 5, 6))
    assert trio(nxt) == (2, 3, 4)
    assert nxt.dead_button


def test_NJ_17_moving_button_small_blind_busts() -> None:
    """D1 moving: seat 2 busts -> button 3, SB 4, BB 5."""
    table = hand_h(rule=ButtonRule.MOVING)
    assert trio(table.next_hand(mask(1, 3, 4, 5, 6))) == (3, 4, 5)


def test_FOX_32_both_blinds_bust() -> None:
    """Seats 2 and 3 bust: BB 4, SB dead (seat 3), button dead (seat 2)."""
    table = hand_h()
    nxt = table.next_hand(mask(1, 4, 5, 6))
    assert trio(nxt) == (2, None, 4)
    assert nxt.dead_button
    after = table.hand_dealt(nxt).next_hand(mask(1, 4, 5, 6))
    assert trio(after) == (3, 4, 5)  # a dead button again, then normal play resumes
    assert after.dead_button


def test_KPC_23A_button_busts_and_next_big_blinds() -> None:
    """The button busts: blinds carry on (button 2, SB 3, BB 4)."""
    table = hand_h()
    assert trio(table.next_hand(mask(2, 3, 4, 5, 6))) == (2, 3, 4)


def test_D1_player_has_last_action_twice() -> None:
    """After a dead small blind a player can have the button twice in a row (D1)."""
    table = hand_h()
    h1 = table.next_hand(mask(1, 2, 4, 5, 6))  # button 2
    table = table.hand_dealt(h1)
    h2 = table.next_hand(mask(1, 2, 4, 5, 6))  # button on seat 3 (empty): seat 2 acts last
    assert trio(h2) == (3, 4, 5)
    assert h2.dead_button
    assert prev_occupied(h2.dealt, h2.button) == S(2)


def test_FOX_32_player_moved_in_posts_big_blind_at_once() -> None:
    """A player placed in the seat after last hand's BB posts the BB on the next hand."""
    table = TableButton(n_seats=9)
    table = table.with_current_button(S(2), mask(1, 2, 3, 4, 6, 7, 8))  # SB 3, BB 4
    nxt = table.next_hand(mask(1, 2, 3, 4, 5, 6, 7, 8))  # seat 5 arrives
    assert trio(nxt) == (3, 4, 5)
    assert nxt.waiting == 0


def test_FOX_7_C3_new_player_waits_for_the_button() -> None:
    """C3: next hand button 6, SB 8, BB 9; a new player in seat 7 waits, then is dealt."""
    table = TableButton(n_seats=9)
    occupied = mask(1, 2, 3, 4, 6, 8, 9)
    # the hand being played: button 4, SB 6, BB 8 (seat 7 was empty)
    table = table.with_current_button(S(4), occupied)
    with_new = occupied | mask(7)
    nxt = table.next_hand(with_new)
    assert trio(nxt) == (6, 8, 9)
    assert nxt.waiting == mask(7)
    assert not nxt.dealt & mask(7)
    following = table.hand_dealt(nxt).next_hand(with_new)
    assert trio(following) == (8, 9, 1)
    assert following.waiting == 0
    assert following.dealt & mask(7)


def test_player_moved_out_of_the_big_blind_next() -> None:
    """The player due the BB is moved away: the next player is the BB (dead SB stays put)."""
    table = hand_h()
    nxt = table.next_hand(mask(1, 2, 3, 5, 6))  # seat 4 moved to another table
    assert trio(nxt) == (2, 3, 5)


def test_big_blind_round_the_button_is_repaired() -> None:
    """BB passes the button (players left, others arrived in the gap): button behind BB."""
    table = TableButton(n_seats=9).with_current_button(S(1), mask(1, 5, 7))  # SB 5, BB 7
    # seat 1 leaves; a newcomer sits in seat 6 (between SB 5 and BB 7)
    nxt = table.next_hand(mask(5, 6, 7))
    assert nxt.big_blind_seat == S(5)
    assert nxt.dealt == mask(5, 6, 7)
    assert nxt.small_blind_seat is not None
    assert len({nxt.button, nxt.small_blind_seat, nxt.big_blind_seat}) == 3


@pytest.mark.parametrize("profile", ["tda", "kojack", "tnpl", "foxwoods", "nj_fundraiser"])
def test_D1_D4_C3_FOX_7_newcomers_dealt_in_when_waiting_leaves_one_player(profile: str) -> None:
    """A hand needs two players (D2): newcomers who would wait (D4) are dealt in instead.

    Seven seats; the hand being played has button 6, SB 7, BB 4 (seats 4-7 seated). Seats
    4, 5 and 7 bust and two new players sit in seats 1 and 2, between the dead button
    (seat 7) and the dead small blind (seat 4). Waiting them out would deal seat 6 alone
    (Hypothesis found this: ``dealt=32``). Instead everybody is dealt: the big blind goes
    where it is due, to seat 6, the first seated player after the last big blind (D1:
    KPC-23A, FOX-32), and the newcomers take the seats behind it, small blind seat 2 and
    button seat 1 -- a new player may be in any position, blinds included (C3: FOX-7).
    Under the moving button (NJ-16) the same three seats follow. The hand after continues
    the rotation (button 2, SB 6, BB 1) with nobody waiting.
    """
    prof = load_profile(profile)
    table = TableButton.for_profile(prof, 7).with_current_button(S(6), mask(4, 5, 6, 7))
    assert table.last is not None
    assert trio(table.last) == (6, 7, 4)
    occupied = mask(1, 2, 6)
    nxt = table.next_hand(occupied)
    assert trio(nxt) == (1, 2, 6)
    assert nxt.dealt == mask(1, 2, 6)
    assert nxt.waiting == 0
    assert not nxt.heads_up
    assert not nxt.dead_button
    after = table.hand_dealt(nxt).next_hand(occupied)
    assert trio(after) == (2, 6, 1)
    assert after.dealt == mask(1, 2, 6)
    assert after.waiting == 0


def test_D4_two_established_players_still_deal_heads_up_while_newcomers_wait() -> None:
    """The exception is only for fewer than two: with two established players left the
    newcomers between the button and the small blind still wait (D4: FOX-7, KPC-8e) and
    the two play heads-up, the button posting the small blind (D3: KPC-23C, FOX-34)."""
    table = TableButton(n_seats=7).with_current_button(S(6), mask(4, 5, 6, 7))  # SB 7, BB 4
    nxt = table.next_hand(mask(1, 2, 4, 6))  # seats 5 and 7 bust; 1 and 2 arrive
    assert nxt.dealt == mask(4, 6)
    assert nxt.waiting == mask(1, 2)
    assert nxt.heads_up
    assert trio(nxt) == (4, 4, 6)  # seat 4 had the big blind: seat 6 posts it (D3)


# --- D3 heads-up ----------------------------------------------------------------------------


@pytest.mark.parametrize("profile", ["kojack", "tnpl", "foxwoods", "tda", "nj_fundraiser"])
def test_KPC_23C_TNPL_F3_FOX_34_NJ_17N_heads_up_transition(profile: str) -> None:
    """D3: button 1, SB 2, BB 3; seat 1 busts -> seat 3 button+SB, seat 2 BB (all wordings)."""
    prof = load_profile(profile)
    table = TableButton.for_profile(prof, 9).with_current_button(S(1), mask(1, 2, 3))
    hu = table.next_hand(mask(2, 3))
    assert hu.heads_up
    assert trio(hu) == (3, 3, 2)
    after = table.hand_dealt(hu).next_hand(mask(2, 3))
    assert trio(after) == (2, 2, 3)


@pytest.mark.parametrize("transition", list(HeadsUpTransition))
@pytest.mark.parametrize("rule", list(ButtonRule))
@pytest.mark.parametrize("bust", [1, 2, 3])
def test_KPC_23C_TNPL_F3_no_big_blind_twice_entering_heads_up(
    transition: HeadsUpTransition, rule: ButtonRule, bust: int
) -> None:
    """Whoever busts of button 1 / SB 2 / BB 3, the last BB does not post the BB again."""
    table = TableButton(n_seats=6, button_rule=rule, heads_up_transition=transition)
    table = table.with_current_button(S(1), mask(1, 2, 3))
    left = mask(1, 2, 3) & ~mask(bust)
    hu = table.next_hand(left)
    assert hu.heads_up
    assert hu.big_blind_seat != S(3)
    assert hu.small_blind_seat == hu.button


def test_KPC_23C_wording_equals_TDA_wording() -> None:
    """The KPC and TDA heads-up wordings place the button on the same seat."""
    for occupied in (mask(1, 2, 3, 4), mask(2, 4, 6, 8), mask(1, 5, 9)):
        for bust_pick in range(occupied.bit_count()):
            bust = seats_of(occupied)[bust_pick]
            for first in seats_of(occupied):
                for rule in ButtonRule:
                    results = set()
                    for transition in HeadsUpTransition:
                        t = TableButton(n_seats=9, button_rule=rule, heads_up_transition=transition)
                        t = t.with_current_button(first, occupied)
                        left = occupied & ~(1 << bust)
                        if left.bit_count() != 2:
                            continue
                        results.add(trio(t.next_hand(left)))
                    assert len(results) <= 1


# --- D6 button error ------------------------------------------------------------------------


def test_KPC_24J_FOX_33_button_error_back_one_then_forward_two() -> None:
    """D6: N button 1; N+1 wrongly button 3 (BB 5); N+2 button 2/SB 3/BB 4; N+3 4/5/6."""
    occupied = mask(1, 2, 3, 4, 5, 6)
    table = hand_h()  # hand N: button 1, SB 2, BB 3
    wrong = positions_from_button(occupied, S(3), 6)
    table = table.hand_dealt(wrong)
    table = table.correct_button_error(occupied)
    n2 = table.next_hand(occupied)
    assert trio(n2) == (2, 3, 4)
    table = table.hand_dealt(n2)
    n3 = table.next_hand(occupied)
    assert trio(n3) == (4, 5, 6)
    bbs = [wrong.big_blind_seat, n2.big_blind_seat, n3.big_blind_seat]
    assert sorted(bbs) == [S(4), S(5), S(6)]  # one BB each over N+1..N+3


def test_button_error_needs_two_hands() -> None:
    with pytest.raises(InvalidCommand):
        TableButton(n_seats=6).correct_button_error(mask(1, 2, 3))


# --- bad input -------------------------------------------------------------------------------


def test_NJ_15_moving_button_on_empty_seat_is_refused() -> None:
    """A table's button has no profile: it names the catalogue entry (D1) and the holder of
    the profile cites it: NJ-15, NJ-16, NJ-17 for New Jersey."""
    table = TableButton(n_seats=9, button_rule=ButtonRule.MOVING)
    with pytest.raises(RuleViolation) as err:
        table.with_current_button(S(4), mask(1, 2, 3))
    assert err.value.rule_ids == ("D1",)
    with pytest.raises(RuleViolation) as cited, load_profile("nj_fundraiser").citing():
        table.with_current_button(S(4), mask(1, 2, 3))
    assert cited.value.rule_ids == ("NJ-15", "NJ-16", "NJ-17")
    assert str(cited.value).endswith("(NJ-15, NJ-16, NJ-17)")
    assert table.last is None


def test_dead_button_on_empty_seat_is_allowed() -> None:
    table = TableButton(n_seats=9).with_current_button(S(4), mask(1, 2, 3, 6))
    assert table.last is not None
    assert trio(table.last) == (4, 6, 1)


def test_heads_up_button_on_empty_seat_is_refused() -> None:
    with pytest.raises(RuleViolation):
        TableButton(n_seats=9).with_first_button(S(4), mask(1, 2))


def test_button_unknown_and_bad_seats() -> None:
    with pytest.raises(InvalidCommand, match="not known"):
        TableButton(n_seats=9).next_hand(mask(1, 2, 3))
    with pytest.raises(InvalidCommand):
        TableButton(n_seats=9).with_first_button(9, mask(1, 2, 3))
    with pytest.raises(InvalidCommand):
        TableButton(n_seats=13)
    with pytest.raises(RuleViolation):
        TableButton(n_seats=9).with_first_button(S(1), mask(1, 2)).next_hand(mask(1))


# --- invariants --------------------------------------------------------------------------------

events = st.lists(
    st.tuples(st.sampled_from(["deal", "bust", "arrive"]), st.integers(0, 10)), max_size=80
)


SEQUENCES = {
    "n_seats": st.integers(3, 11),
    "start": st.integers(0, 10),
    "seq": events,
    "rule": st.sampled_from(list(ButtonRule)),
    "transition": st.sampled_from(list(HeadsUpTransition)),
}


@settings(max_examples=300, deadline=None)
@given(**SEQUENCES)
def test_D1_D3_D4_invariants_over_bust_and_arrival_sequences(
    n_seats: int,
    start: int,
    seq: list[tuple[str, int]],
    rule: ButtonRule,
    transition: HeadsUpTransition,
) -> None:
    """See :func:`check_sequence` (KPC-23A, FOX-32, KPC-23C, TNPL-F3, FOX-7, NJ-16)."""
    check_sequence(n_seats, start, seq, rule, transition)


@pytest.mark.slow
@settings(max_examples=5_000, deadline=None)
@given(**SEQUENCES)
def test_D1_D3_D4_invariants_many_sequences(
    n_seats: int,
    start: int,
    seq: list[tuple[str, int]],
    rule: ButtonRule,
    transition: HeadsUpTransition,
) -> None:
    """The same invariants over 5,000 sequences (slow tier)."""
    check_sequence(n_seats, start, seq, rule, transition)


def check_sequence(
    n_seats: int,
    start: int,
    seq: list[tuple[str, int]],
    rule: ButtonRule,
    transition: HeadsUpTransition,
) -> None:
    """Over random busts and arrivals, every hand is well formed and:

    * dead button: the BB goes to the first seated player after the last BB whenever no
      one arrived in between (never skips a seated player, KPC-23A/FOX-32);
    * nobody posts the BB twice in a row (D1, D3);
    * a player arriving between the button and the SB waits one hand at most and is then
      dealt in (D4); heads-up the button posts the SB (D3).
    """
    full = (1 << n_seats) - 1
    occupied = full
    table = TableButton(n_seats=n_seats, button_rule=rule, heads_up_transition=transition)
    table = table.with_first_button(start % n_seats, occupied)
    arrived: int = 0
    waited: int = 0
    for kind, arg in seq:
        seat = arg % n_seats
        if kind == "bust":
            if occupied.bit_count() > 2 and occupied >> seat & 1:
                occupied &= ~(1 << seat)
                arrived &= ~(1 << seat)
            continue
        if kind == "arrive":
            if not occupied >> seat & 1:
                occupied |= 1 << seat
                arrived |= 1 << seat
            continue
        hand = table.next_hand(occupied)
        # well formed
        assert hand.dealt | hand.waiting == occupied
        assert hand.dealt & hand.waiting == 0
        assert hand.dealt.bit_count() >= 2
        assert hand.dealt >> hand.big_blind_seat & 1
        if hand.small_blind_seat is not None:
            assert hand.dealt >> hand.small_blind_seat & 1
            assert hand.small_blind_seat != hand.big_blind_seat
        if hand.heads_up:
            assert hand.button == hand.small_blind_seat
        else:
            assert hand.button != hand.big_blind_seat
        # waiting players are newcomers and wait only once
        assert hand.waiting & ~arrived == 0
        last_hand = table.last
        if rule is ButtonRule.DEAD and last_hand is not None and not last_hand.heads_up:
            # waits one hand at most (after a heads-up hand the gap may not have moved)
            assert hand.waiting & waited == 0
        waited |= hand.waiting
        last = table.last
        if last is not None:
            if last.dealt >> last.big_blind_seat & 1 and occupied >> last.big_blind_seat & 1:
                assert hand.big_blind_seat != last.big_blind_seat
            if (
                rule is ButtonRule.DEAD
                and arrived == 0
                and hand.dealt.bit_count() > 2
                and last.dealt.bit_count() > 2
            ):
                assert hand.big_blind_seat == next_occupied(occupied, last.big_blind_seat)
        table = table.hand_dealt(hand)
        arrived &= hand.waiting
        waited &= hand.waiting


@settings(max_examples=100, deadline=None)
@given(n_seats=st.integers(3, 11), start=st.integers(0, 10), data=st.data())
def test_KPC_23A_one_big_blind_per_orbit(n_seats: int, start: int, data: st.DataObject) -> None:
    """Dead button, no busts: over one orbit each player posts exactly one BB (D1)."""
    occupied = data.draw(st.integers(1, (1 << n_seats) - 1).filter(lambda m: m.bit_count() >= 3))
    table = TableButton(n_seats=n_seats).with_first_button(start % n_seats, occupied)
    bbs = []
    for _ in range(occupied.bit_count()):
        hand = table.next_hand(occupied)
        bbs.append(hand.big_blind_seat)
        table = table.hand_dealt(hand)
    assert sorted(bbs) == seats_of(occupied)


def test_NJ_16_moving_button_newcomer_does_not_make_the_big_blind_repeat() -> None:
    """Moving button: a newcomer between the button and the BB waits (IMPL, D4)."""
    table = TableButton(n_seats=6, button_rule=ButtonRule.MOVING)
    table = table.with_current_button(S(1), mask(1, 2, 3, 5))  # SB 2, BB 3
    nxt = table.next_hand(mask(1, 2, 3, 4, 5))  # seat 4 arrives: button 2, SB 3, BB 5
    assert trio(nxt) == (2, 3, 5)
    assert nxt.waiting == mask(4)
    table = table.hand_dealt(nxt)
    after = table.next_hand(mask(1, 2, 3, 4, 5))  # button 3, SB 5, BB 1: seat 4 still between
    assert trio(after) == (3, 5, 1)
    assert after.waiting == mask(4)
    table = table.hand_dealt(after)
    third = table.next_hand(mask(1, 2, 3, 4, 5))  # button 5: seat 4 is behind the button now
    assert trio(third) == (5, 1, 2)
    assert third.waiting == 0


# --- with the hand engine ---------------------------------------------------------------------


@pytest.mark.parametrize("profile", ["tda", "kojack", "nj_fundraiser"])
def test_D1_D3_positions_drive_the_hand_engine_down_to_one_player(profile: str) -> None:
    """Engine use: every hand of a 6-handed table played to the end by the hand engine with
    the positions from ``TableButton`` (busts, dead blinds, heads-up) until one player has
    all the chips; the BB never falls twice running on a player still seated (KPC-23A,
    KPC-23C, NJ-16)."""
    import random as _random

    from pokertd.engine import AllIn, Call, Fold, Hand

    rng = _random.Random(profile)
    prof = load_profile(profile)
    stacks: list[int | None] = [1_000, 1_500, 800, 2_000, 1_200, 600]
    table = TableButton.for_profile(prof, 6).with_first_button(0, 0b111111)
    hands = 0
    while sum(1 for s in stacks if s) > 1 and hands < 2_000:
        occupied = sum(1 << i for i, s in enumerate(stacks) if s)
        pos = table.next_hand(occupied)
        hand = Hand.start(
            stacks=stacks,
            button=pos.button,
            small_blind_seat=pos.small_blind_seat,
            big_blind_seat=pos.big_blind_seat,
            waiting=pos.waiting,
            small_blind=25,
            big_blind=50,
            profile=prof,
            rng=rng,
        )
        while hand.actor is not None:
            legal = hand.legal()
            pick = rng.random()
            if pick < 0.3 and legal.can_fold and legal.call_amount:
                hand.act(Fold())
            elif pick < 0.45 and legal.can_raise:
                hand.act(AllIn())
            else:
                hand.act(Call())
        last = table.last
        if last is not None and occupied >> last.big_blind_seat & 1:
            assert pos.big_blind_seat != last.big_blind_seat
        table = table.hand_dealt(pos)
        final = hand.result.final_stacks
        stacks = [final[i] if final[i] is not None else stacks[i] for i in range(6)]
        stacks = [s if s else None for s in stacks]
        hands += 1
    assert sum(1 for s in stacks if s) == 1
    assert sum(s for s in stacks if s) == 7_100
