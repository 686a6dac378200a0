"""Pots, uncalled bets, cards speak, odd chips and showdown order (catalogue F1-F10)."""

from __future__ import annotations

import pytest
from engine_helpers import check_down, play, start

from pokertd.engine import AllIn, Bet, Call, Check, Fold, Muck, Raise, Show, build_pots, split_pot
from pokertd.errors import IllegalAction
from pokertd.rules import AnteType

BIG = 100_000


def test_NJ_39_FOX_21_side_pots_and_uncalled_bet() -> None:
    """F1: C bets 5,000; A all-in 1,000; B all-in 3,000. C's uncalled 2,000 comes back;
    the main pot takes 1,000 from each (plus the pre-flop 300), the side pot 2 x 2,000.
    A has the best hand, B the second: A wins the main pot, B the side pot."""
    # C = seat 0 (first to act after the flop), A = seat 1, B = seat 2.
    hand = start(
        [10_100, 1_100, 3_100], holes={1: "AsAh", 2: "KsKh", 0: "7c2d"}, board="3c8d9hJsQd"
    )
    play(hand, Call(), Call(), Check())
    play(hand, Bet(5_000), AllIn(), AllIn())
    result = hand.result
    assert result.returned == ((0, 2_000),)
    assert [(p.amount, p.eligible, p.winners) for p in result.pots] == [
        (3_300, (0, 1, 2), (1,)),
        (4_000, (0, 2), (2,)),
    ]
    assert result.final_stacks == (7_000, 3_300, 4_000)


def test_F1_build_pots_catalogue_numbers() -> None:
    """F1 catalogue example straight on the pot builder (no pre-flop money)."""
    assert build_pots([5_000 - 2_000, 1_000, 3_000], 0b111) == [(3_000, 7), (4_000, 5)]


def test_NJ_38_KPC_11e_uncalled_bet_returned_heads_up() -> None:
    """F2: heads-up, A bets 5,000, B calls all-in for 2,000: A takes back 3,000; the board
    is dealt out with no more betting."""
    hand = start([BIG, 2_100], button=1, sb=1, bb=0)
    play(hand, Call(), Check())
    play(hand, Bet(5_000), Call())
    assert hand.is_over
    result = hand.result
    assert result.returned == ((0, 3_000),)
    assert result.pots[0].amount == 4_200
    assert len(result.board) == 10


def test_KPC_10_FOX_12_cards_speak_and_kickers() -> None:
    """F3/F4: board Ks 9d 7c 4h 2s: Ad Kd beats Kc Qc (ace kicker)."""
    hand = start([BIG, BIG, BIG], holes={0: "AdKd", 1: "KcQc", 2: "8c6d"}, board="Ks9d7c4h2s")
    play(hand, Call(), Call(), Check())
    result = check_down(hand).result
    assert result.pots[0].winners == (0,)
    assert result.pots[0].hand == "a pair of kings"


def test_NJ_33_board_plays_split_and_straight_wins() -> None:
    """F4: board As Ad Kc Kh Qs: 5c4c and 3d2d both play the board and split; Jc Tc
    makes an ace-high straight and wins outright."""
    hand = start([BIG, BIG, BIG], holes={0: "5c4c", 1: "3d2d", 2: "8h7h"}, board="AsAdKcKhQs")
    play(hand, Call(), Call(), Check())
    result = check_down(hand).result
    assert result.pots[0].winners == (0, 1, 2)
    hand = start([BIG, BIG, BIG], holes={0: "5c4c", 1: "3d2d", 2: "JcTc"}, board="AsAdKcKhQs")
    play(hand, Call(), Call(), Check())
    assert check_down(hand).result.pots[0].winners == (2,)


@pytest.mark.parametrize(
    ("amount", "winners", "chip", "expected"),
    [
        (1_500, [7, 4], 100, [800, 700]),
        (1_100, [5, 8, 2], 100, [400, 400, 300]),
        (3_000, [1, 2, 3, 4], 500, [1_000, 1_000, 500, 500]),
    ],
)
def test_FOX_20_SPOT_3f2_odd_chips(
    amount: int, winners: list[int], chip: int, expected: list[int]
) -> None:
    """F5: split in units of the smallest chip; odd chips one each clockwise from the
    button (winners listed clockwise from the button)."""
    assert split_pot(amount, winners, chip) == expected


def test_KPC_12C_odd_chip_to_first_winner_left_of_button_in_a_hand() -> None:
    """F5 in a hand: 100/200, SB folds, the BB and the button split 500 with 100-chips:
    the BB (first winner left of the button) gets the odd 100."""
    hand = start(
        [BIG, BIG, BIG],
        blinds=(100, 200),
        min_chip=100,
        holes={1: "2c3d", 2: "2d3c"},
        board="AsKsQsJsTs",
    )
    play(hand, Call(), Fold(), Check())
    result = check_down(hand).result
    pot = result.pots[0]
    assert pot.awards == ((1, 300), (2, 200))
    assert pot.odd_chips == (1,)


def test_KPC_11i_FOX_17A_last_aggressor_shows_first() -> None:
    """F6: river, button seat 1: seat 3 bets, seat 6 raises, seat 3 calls -> seat 6 shows
    first, then seat 3 (who may muck)."""
    hand = start([BIG] * 8, button=0, auto_showdown=False)
    play(hand, Fold(), Fold(), Call(), Fold(), Call(), Fold(), Fold(), Check())
    for _ in range(2):
        play(hand, Check(), Check(), Check())
    assert hand.street == "river"
    play(hand, Bet(500), Raise(1_500), Fold(), Call())
    assert hand.street == "showdown"
    assert hand.actor == 5
    hand.act(Show())
    assert hand.actor == 2
    assert hand.legal().can_muck
    hand.act(Muck())
    result = hand.result
    assert result.shown == (5,)
    assert result.mucked == (2,)
    assert result.pots[0].winners == (5,)


def test_TNPL_C5_checked_river_first_to_act_shows_first() -> None:
    """F6: river checked by seats 3, 6 and 8 -> seat 3 shows first."""
    hand = start([BIG] * 8, button=0, auto_showdown=False)
    play(hand, Fold(), Fold(), Call(), Fold(), Call(), Fold(), Fold(), Check())
    for _ in range(3):
        play(hand, Check(), Check(), Check())
    assert hand.actor == 2
    hand.act(Show())
    assert hand.legal().can_muck


def test_NJ_30_checked_river_all_must_show() -> None:
    """F6 NJ: after a checked final round every remaining player must show."""
    hand = start([BIG] * 8, button=0, auto_showdown=False, prof="nj_fundraiser")
    play(hand, Fold(), Fold(), Call(), Fold(), Call(), Fold(), Fold(), Check())
    for _ in range(3):
        play(hand, Check(), Check(), Check())
    hand.act(Show())
    assert not hand.legal().can_muck
    with pytest.raises(IllegalAction) as exc:
        hand.verify(Muck())
    assert exc.value.rule_ids == ("NJ-30",)


def test_FOX_16_KPC_11g_all_in_showdown_tables_every_hand() -> None:
    """F7: once a player is all-in and nobody can act, every live hand is tabled."""
    hand = start(
        [3_000, BIG, BIG],
        auto_showdown=False,
        holes={0: "2c2d", 1: "7h2s", 2: "8c3d"},
        board="AsKdQh9c4s",
    )
    play(hand, Call(), AllIn(), Call(), Call())
    assert not hand.is_over  # the others can still bet: the all-in hand stays face down
    play(hand, Check(), Bet(1_000), Fold())
    assert hand.is_over
    assert hand.result.shown == (0, 2)


def test_SPOT_3e7_side_pot_players_show_first() -> None:
    """F7 SPOT: players contesting a side pot show before those all-in for the main pot."""
    hand = start(
        [1_000, BIG, BIG],
        prof="spotlight",
        holes={0: "2c2d", 1: "7h2s", 2: "8c3d"},
        board="AsKdQh9c4s",
    )
    play(hand, Call(), AllIn(), Call(), Call(), Bet(500), Call())
    check_down(hand)
    shows = [r.seat for r in hand.actions if r.kind == "show"]
    assert shows == [1, 2, 0]


def test_KPC_11j_FOX_17B_uncontested_pot_is_not_shown() -> None:
    """F8: all but one fold: the last player wins without showing."""
    hand = start([BIG] * 3)
    play(hand, Raise(300), Fold(), Fold())
    result = hand.result
    assert result.shown == ()
    assert not result.showdown
    assert result.pots[0].winners == (2,)
    assert result.pots[0].hand == ""


def test_F8_all_but_one_muck_at_showdown() -> None:
    """F8: after the last round, all but one muck: the last hand wins unshown."""
    hand = start([BIG] * 3, auto_showdown=False)
    play(hand, Call(), Call(), Check())
    for _ in range(3):
        play(hand, Check(), Check(), Check())
    play(hand, Muck(), Muck())
    assert hand.is_over
    assert hand.result.shown == ()
    assert hand.result.pots[0].winners == (2,)


def test_KPC_11f_FOX_19_board_play_needs_tabling() -> None:
    """F10: royal flush on board, three players: two table, one mucks -> the pot is split
    between the two who tabled."""
    hand = start([BIG] * 3, auto_showdown=False, board="AsKsQsJsTs")
    play(hand, Call(), Call(), Check())
    for _ in range(3):
        play(hand, Check(), Check(), Check())
    play(hand, Show(), Muck(), Show())
    result = hand.result
    assert result.pots[0].winners == (0, 2)
    assert result.pots[0].hand == "royal flush"


def test_eliminations_with_start_stacks_and_pot_winners() -> None:
    """G3/I3 data: two players bust in one hand; each knows its start-of-hand stack and
    the winners of the pots it was in."""
    hand = start([1_000, 2_000, BIG], holes={0: "7c2d", 1: "8c3d", 2: "AsAh"}, board="KdQh9c5s4h")
    play(hand, AllIn(), AllIn(), Call())
    result = hand.result
    busts = {e.seat: e for e in result.eliminated}
    assert set(busts) == {0, 1}
    assert busts[0].start_stack == 1_000
    assert busts[1].start_stack == 2_000
    assert busts[0].pots == (0,)
    assert busts[1].pots == (0, 1)
    assert busts[1].pot_winners == ((2,), (2,))
    assert busts[1].eliminated_by == (2,)


def test_F5_all_odd_chips_to_the_first_winner_when_the_profile_says_so() -> None:
    """F5 with ``odd_chip_max_one_per_player = false``: every odd unit to the first winner."""
    assert split_pot(1_100, [5, 8, 2], 100, one_per_player=False) == [500, 300, 300]


def test_FOX_BBA2_ante_trimming_when_antes_are_live_contributions() -> None:
    """B5 off (``ante_to_main_pot = false``, PHH's ante trimming): a player all-in on a
    short ante contests only what he matched."""
    from engine_helpers import profile

    trimmed = profile("tda").replace(ante_to_main_pot=False)
    hand = start(
        [BIG, BIG, 60],
        blinds=(100, 200),
        ante=100,
        ante_type=AnteType.PER_PLAYER,
        prof=trimmed,
        holes={2: "AsAh", 0: "7c2d", 1: "8c3d"},
        board="KdQh9c5s4h",
    )
    play(hand, Call(), Check())
    result = check_down(hand).result
    assert result.pots[0].amount == 180  # 60 from each of three
    assert result.pots[0].winners == (2,)
