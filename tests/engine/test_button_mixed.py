"""The button in a mixed game's stud rounds (catalogue C7: TNPL-B6iii, FOX-10B).

TNPL B6 iii / FOX rule 10 B: "when the game shifts from hold'em to stud, after the last
hold'em hand the button is moved exactly to the position it would be if the next hand was
hold'em and then is frozen there during the stud round. The player moved during stud is the
player to be the big blind if the game was hold'em for that hand." FOX adds: "When hold'em
resumes the button for the first hand will be at the position where it was frozen."

Seats in the catalogue are 1-based; ``S(n)`` turns them into engine seats.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.engine.button import HandPositions, TableButton
from pokertd.rules import ButtonRule


def S(n: int) -> int:
    return n - 1


def mask(*seats: int) -> int:
    m = 0
    for s in seats:
        m |= 1 << S(s)
    return m


FULL = mask(1, 2, 3, 4, 5, 6, 7, 8, 9)


def trio(hand: HandPositions) -> tuple[int, int | None, int]:
    sb = hand.small_blind_seat
    return (hand.button + 1, None if sb is None else sb + 1, hand.big_blind_seat + 1)


def after_holdem_button_3(rule: ButtonRule = ButtonRule.DEAD) -> TableButton:
    """Nine players; the last hold'em hand had the button on seat 3 (SB 4, BB 5)."""
    return TableButton(n_seats=9, button_rule=rule).with_current_button(S(3), FULL)


def test_TNPL_B6iii_FOX_10B_catalogue_example_button_frozen_at_seat_4() -> None:
    """C7's example: last hold'em hand button seat 3 -> frozen at seat 4 for the stud round;
    the first hold'em hand afterwards has the button at seat 4 (SB 5, BB 6)."""
    table = after_holdem_button_3().stud_hand_dealt(FULL)
    assert table.frozen == S(4)
    assert table.in_stud_round
    for _ in range(7):  # a stud round of seven hands does not move it
        table = table.stud_hand_dealt(FULL)
    assert table.frozen == S(4)
    first_holdem = table.next_hand(FULL)
    assert trio(first_holdem) == (4, 5, 6)
    after = table.hand_dealt(first_holdem)
    assert not after.in_stud_round
    assert trio(after.next_hand(FULL)) == (5, 6, 7)  # hold'em moves the button on again


def test_TNPL_B6iii_player_moved_during_stud_is_the_would_be_big_blind() -> None:
    """During the stud round the player "due the big blind" is the one who would be big blind
    if the game were hold'em for that hand: seat 6 (button frozen at 4, SB 5). Once he is
    moved away, the next would-be big blind is seat 7, and hold'em resumes with the button at
    seat 4, SB 5, BB 7."""
    table = after_holdem_button_3().stud_hand_dealt(FULL)
    assert table.next_hand(FULL).big_blind_seat == S(6)
    without_6 = FULL & ~mask(6)
    table = table.stud_hand_dealt(without_6)
    assert table.frozen == S(4)
    assert trio(table.next_hand(without_6)) == (4, 5, 7)


def test_FOX_10B_frozen_button_player_busts_during_stud_dead_button_stays_at_4() -> None:
    """Seat 4 (the frozen button) busts in a stud hand: under the dead button the first
    hold'em hand still has its button at seat 4 (now empty, a dead button), SB 5, BB 6."""
    table = after_holdem_button_3().stud_hand_dealt(FULL)
    without_4 = FULL & ~mask(4)
    table = table.stud_hand_dealt(without_4)
    hand = table.next_hand(without_4)
    assert trio(hand) == (4, 5, 6)
    assert hand.dead_button


def test_C7_last_big_blind_busts_during_stud_small_blind_is_dead() -> None:
    """Seat 5 had the big blind in the last hold'em hand and busts during stud: the first
    hold'em hand has the button at 4, no small blind (seat 5 is empty: D1's dead small
    blind), BB 6 -- as if he had busted in the last hold'em hand."""
    table = after_holdem_button_3().stud_hand_dealt(FULL)
    without_5 = FULL & ~mask(5)
    table = table.stud_hand_dealt(without_5)
    assert trio(table.next_hand(without_5)) == (4, None, 6)


def test_C7_moving_button_frozen_player_gone_button_moves_to_next_player() -> None:
    """Under the moving button (NJ, no stud rule of its own) the button is always on a
    player: seat 4 gone, the first hold'em hand has the button on seat 5, SB 6, BB 7."""
    table = after_holdem_button_3(ButtonRule.MOVING).stud_hand_dealt(FULL)
    assert table.frozen == S(4)
    without_4 = FULL & ~mask(4)
    assert trio(table.stud_hand_dealt(without_4).next_hand(without_4)) == (5, 6, 7)


def test_C7_stud_with_unknown_button_freezes_nothing() -> None:
    """A table that starts in stud has no button to freeze: nothing changes."""
    table = TableButton(n_seats=9)
    assert table.stud_hand_dealt(FULL) == table
    assert not table.stud_hand_dealt(FULL).in_stud_round


def test_C7_button_placed_during_stud_round_freezes_there() -> None:
    """The floor tells the next hand's button during the stud round (seat 7): the button is
    frozen there and the first hold'em hand is dealt from it (button 7, SB 8, BB 9)."""
    table = after_holdem_button_3().stud_hand_dealt(FULL).with_first_button(S(7), FULL)
    assert table.frozen == S(7)
    assert trio(table.next_hand(FULL)) == (7, 8, 9)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=4, max_value=10),
    st.data(),
)
def test_FOX_10B_property_hold_em_resumes_at_the_frozen_seat(
    n_seats: int, data: st.DataObject
) -> None:
    """Dead button, any full table, any button, any players busting during a stud round of
    any length, three or more left: the first hold'em hand has its button on the frozen seat
    (FOX-10B), and during the round the frozen seat never moves (TNPL-B6iii)."""
    full = (1 << n_seats) - 1
    button = data.draw(st.integers(min_value=0, max_value=n_seats - 1))
    table = TableButton(n_seats=n_seats).with_current_button(button, full).stud_hand_dealt(full)
    frozen = table.frozen
    assert frozen == (button + 1) % n_seats
    occupied = full
    for _ in range(data.draw(st.integers(min_value=1, max_value=12))):
        seated = [s for s in range(n_seats) if occupied >> s & 1]
        if len(seated) > 3 and data.draw(st.booleans()):
            occupied &= ~(1 << data.draw(st.sampled_from(seated)))
        table = table.stud_hand_dealt(occupied)
        assert table.frozen == frozen
    assert table.next_hand(occupied).button == frozen
