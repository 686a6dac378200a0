"""Conformance, catalogue section 2(g): when a player is eliminated, and the place he gets.

Each test takes its numbers from the catalogue's worked example and cites the venue rule
IDs it asserts.
"""

from __future__ import annotations

import random

import pytest
from floor_helpers import Night

from pokertd.engine import Call, Check, Hand, Show
from pokertd.rules import load_profile
from pokertd.tournament.eliminations import Bust, finishing_places
from pokertd.tournament.entries import Roster
from pokertd.tournament.seating import MarkAbsent, SeatPlayer, live_seating


def _check_down(hand: Hand) -> Hand:
    while not hand.is_over:
        legal = hand.legal()
        if legal.can_show:
            hand.act(Show())
        else:
            hand.act(Check() if legal.can_check else Call())
    return hand


@pytest.mark.parametrize("profile", ["nj_fundraiser", "tnpl", "foxwoods"])
def test_NJ_40_NJ_Def1_TNPL_B7_out_when_no_chips_after_the_hand(profile: str) -> None:
    """G1: a player with 1,200 posts the big blind of 1,200 while away; his hand is killed;
    at the end of that hand he has no chips and is eliminated (his 1,200 stays in the pot)."""
    hand = Hand.start(
        stacks=[20_000, 20_000, 1_200],
        button=0,
        small_blind_seat=1,
        big_blind_seat=2,
        small_blind=600,
        big_blind=1_200,
        profile=load_profile(profile),
        rng=random.Random(7),
        dead=1 << 2,
    )
    hand.act(Call())  # the button calls 1,200
    hand.act(Call())  # the small blind completes
    result = _check_down(hand).result
    assert result.killed == (2,)
    assert result.final_stacks[2] == 0
    assert [e.seat for e in result.eliminated] == [2]
    assert result.eliminated[0].start_stack == 1_200
    assert sum(s or 0 for s in result.final_stacks) == 41_200


@pytest.mark.parametrize("template", ["spot_league", "nj_fundraiser"])
def test_SPOT_6_12_NJ_40_the_eliminated_player_leaves_the_table(template: str) -> None:
    """G1: the bust is recorded after the hand; the player is out (no longer among the
    entries still in) and leaves his seat, which is free for the next player."""
    night = Night(template)
    night.register("Ann", "Bob", "Cat")
    for seat, name in enumerate(("Ann", "Bob", "Cat"), start=1):
        night.run(SeatPlayer(player=name, table=1, seat=seat))
    night.run(Bust(players=("Cat",), eliminator="Ann"))
    assert [e.name for e in night.state.part(Roster).alive()] == ["Ann", "Bob"]
    seating = live_seating(night.state)
    assert seating.tables[1].players[2] is None
    assert {p.name: p.places for p in finishing_places(night.state)} == {"Cat": (3,)}


def test_TNPL_B7_absent_player_blinded_out_keeps_his_finishing_place() -> None:
    """G4 TNPL: 14 left; an absent player is blinded all-in, his hand is dead and loses the
    chips -> he is placed 14th (credited with the place in which he finishes)."""
    night = Night("tnpl_league")
    names = [f"Player {i:02d}" for i in range(14)]
    night.register(*names)
    for i, name in enumerate(names):
        night.run(SeatPlayer(player=name, table=i // 7 + 1, seat=i % 7 + 1))
    night.run(MarkAbsent(player="Player 05"))
    night.run(Bust(players=("Player 05",)))
    assert {p.name: p.places for p in finishing_places(night.state)} == {"Player 05": (14,)}
