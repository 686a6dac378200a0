"""Conformance of substantial action, misdeals and the re-deal, disputes, the exclusive nuts,
waiting for the big blind and the one card shown (catalogue entries L1, L3, B9, K4, F13,
K9, D7, F9), with the catalogue's worked examples, venue by venue.

Every expected number comes from the catalogue's example or the rule's text.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from engine_helpers import check_down, play, profile, start
from floor_helpers import Night, clock_at
from typer.testing import CliRunner

from pokertd.app.tournaments import open_service
from pokertd.cards import parse_cards
from pokertd.cli import app
from pokertd.engine import Call, Fold, Raise
from pokertd.engine.actions import ActionRecord
from pokertd.engine.button import next_positions, positions_from_button
from pokertd.engine.floor import exclusive_nuts_check, one_card_shown
from pokertd.engine.hand import Hand
from pokertd.engine.irregular import (
    DisputeKind,
    HandProgress,
    check_correction,
    is_exclusive_nuts,
    owes_big_blind,
    substantial_action,
    wait_for_big_blind,
)
from pokertd.errors import IllegalAction, RuleViolation
from pokertd.rules import AnteType
from pokertd.rules.enums import SubstantialActionRule
from pokertd.store.snapshot import decode_snapshot, encode_snapshot
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.irregularities import (
    CorrectResult,
    DeclareMisdeal,
    Irregularities,
    MisdealDeclared,
    ResultCorrected,
)
from pokertd.tournament.penalties import GivePenalty, PenaltyKind
from pokertd.tournament.seating import LayTables, PlaceButton, PlayHands, SeatPlayer, tables_view
from pokertd.tournament.templates import load_template

TDA_RULE = SubstantialActionRule.TDA_2_WITH_CHIPS_OR_3
SPOT_RULE = SubstantialActionRule.TWO_PLAYERS_AFTER_BLINDS
SIX = [10_000] * 6
"""Six players; button seat 6 (index 5), blinds seats 1 and 2, first to act seat 3."""


def _pre(*kinds: str, street: str = "preflop") -> list[ActionRecord]:
    """In-turn actions by seats 3, 4, 5 ... (0-based 2, 3, 4 ...), after the blinds."""
    return [ActionRecord(seat=2 + i, kind=k, street=street) for i, k in enumerate(kinds)]


# --- L1: substantial action ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("actions", "tda", "spot"),
    [
        (_pre("fold", "fold"), False, True),
        (_pre("call", "fold"), True, True),
        (_pre("fold", "fold", "fold"), True, True),
        (_pre("check", "check", street="flop"), False, True),
        (_pre("fold"), False, False),
    ],
    ids=["fold-fold", "call-fold", "three-folds", "flop-check-check", "one-fold"],
)
def test_KPC_25A_KPC_25B_SPOT_3a10_substantial_action_examples(
    actions: list[ActionRecord], tda: bool, spot: bool
) -> None:
    """L1 example (KPC-25A, KPC-25B, KPC-25C, TNPL-G2, FOX-36: two in-turn actions with
    chips, or three of any kind; blinds never count; SPOT-3a10: two players after the
    blinds acted): UTG and UTG+1 fold -> TDA not SA, SPOT action occurred; a call and a
    fold -> SA everywhere; three folds -> SA everywhere; flop check, check -> TDA not SA."""
    blinds = {0, 1}
    assert substantial_action(actions, TDA_RULE, blinds) is tda
    assert substantial_action(actions, SPOT_RULE, blinds) is spot


@pytest.mark.parametrize(
    ("venue", "after_two_folds"),
    [("kojack", False), ("tnpl", False), ("foxwoods", False), ("spotlight", True)],
)
def test_TNPL_G2_FOX_36_hand_knows_substantial_action(venue: str, after_two_folds: bool) -> None:
    """L1 on a dealt hand (KPC-25A, TNPL-G2, FOX-36, SPOT-3a10): the posted blinds are
    not actions; two folds are SA only at Spotlight; a third fold is SA everywhere."""
    hand = start(SIX, prof=venue)
    assert hand.substantial_action is False
    play(hand, Fold(), Fold())
    assert hand.substantial_action is after_two_folds
    play(hand, Fold())
    assert hand.substantial_action is True


# --- L3, B9, K4: the misdeal and the re-deal -------------------------------------------------


@pytest.mark.parametrize(
    ("venue", "rule_ids"),
    [
        ("kojack", ("KPC-24", "KPC-25A", "KPC-25B", "KPC-25C")),
        ("tnpl", ("TNPL-G1ii", "TNPL-G1iii", "TNPL-G2")),
        ("foxwoods", ("FOX-35C", "FOX-35D", "FOX-36")),
        ("spotlight", ("SPOT-3a10",)),
    ],
)
def test_KPC_24_FOX_35D_no_misdeal_after_substantial_action(
    venue: str, rule_ids: tuple[str, ...]
) -> None:
    """L3 (KPC-24, TNPL-G1iii, FOX-35D, SPOT-3a10): once SA has occurred no misdeal may be
    declared; the hand is played to the end. The refusal cites the venue's own rules."""
    hand = start(SIX, prof=venue)
    play(hand, Call(), Fold())
    with pytest.raises(IllegalAction) as caught:
        hand.misdeal("two hole cards exposed")
    assert caught.value.rule_ids == rule_ids
    assert "substantial action" in str(caught.value)
    assert hand.actor == 4  # nothing changed: seat 5 is still to act


@pytest.mark.parametrize("venue", ["kojack", "tnpl", "foxwoods"])
def test_KPC_24_TNPL_G1ii_FOX_35C_redeal_keeps_the_level_and_no_second_ante(venue: str) -> None:
    """B9 example (KPC-24, TNPL-G1ii, FOX-35C): a hand dealt at 300/600 BBA 600 is misdealt
    after the clock moved to 400/800 -> the re-deal is at 300/600 and the ante is not
    posted again (the pot is 300 + 600 + 600 = 1,500; the big blind has 10,000 - 1,200).
    The same button and the same players; a new deck."""
    hand = start(SIX, blinds=(300, 600), ante=600, ante_type=AnteType.BIG_BLIND_ANTE, prof=venue)
    play(hand, Fold(), Fold())  # two folds: no SA under the TDA definition
    redeal = hand.misdeal(
        "first card exposed", deck=parse_cards("2c3c4c5c6c7c8c9cTcJcQcKcAc2d3d4d5d6d7d8d9dTd")
    )
    assert redeal is not hand
    assert (redeal.button, redeal.small_blind_seat, redeal.big_blind_seat) == (5, 0, 1)
    assert redeal.seats_dealt == hand.seats_dealt
    assert redeal.pot == 1_500
    assert redeal.stacks == [9_700, 8_800, 10_000, 10_000, 10_000, 10_000]
    assert redeal.actions == []
    assert redeal.actor == 2
    assert redeal.hole_cards(0) == tuple(parse_cards("2c8c"))


def test_FOX_35C_TNPL_G1ii_penalised_player_killed_again_in_the_redeal() -> None:
    """L3/K4 (FOX-35C, TNPL-G1ii): a player away or on penalty is dealt in and killed again
    in the re-deal; his kill is not an action (no SA from it)."""
    hand = start(SIX, prof="foxwoods", dead=1 << 3)
    assert [(a.seat, a.kind) for a in hand.actions] == [(3, "killed")]
    play(hand, Fold())  # seat 3 folds; seat 4 is killed already
    redeal = hand.misdeal("two cards exposed", deck=hand.deck)
    assert [(a.seat, a.kind) for a in redeal.actions] == [(3, "killed")]
    assert redeal.pot == 150
    assert redeal.is_over is False


def test_FOX_35D_finished_hand_cannot_be_misdealt() -> None:
    """L3 (FOX-35D): a finished hand is not re-dealt."""
    hand = start(SIX, prof="foxwoods")
    play(hand, Fold(), Fold(), Fold(), Fold(), Fold())
    assert hand.is_over
    with pytest.raises(IllegalAction, match="The hand is over") as caught:
        hand.misdeal("a card exposed")
    assert caught.value.rule_ids == ("FOX-35C", "FOX-35D")


T1 = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")


def _room(template: str) -> Night:
    """Seven players seated by hand on table 1 (seats 1-7), button on seat 1."""
    night = Night(template, tables=2, seats_per_table=9)
    for name in T1:
        night.run(Register(name=name, member=f"M-{name}", age_ok=True, member_ok=True))
    night.run(LayTables(tables=((1, 9), (2, 9))))
    for seat, name in enumerate(T1, start=1):
        night.run(SeatPlayer(player=name, table=1, seat=seat))
    night.run(PlaceButton(table=1, seat=1))
    return night


def _left(night: Night, name: str) -> int:
    view = tables_view(night.state, night.now)
    table = next(t for t in view.tables if t.table == 1)
    return next(s for s in table.seated if s.name == name).penalty_hands_left


def test_KPC_24_TNPL_G1ii_FOX_35C_misdeal_and_redeal_are_one_penalty_hand() -> None:
    """K4 example (KPC-24, TNPL-G1ii, FOX-35C): a 14-hand penalty; hand 6 is misdealt and
    re-dealt -> still hand 6; 8 hands remain after it. The misdeal names the penalised
    player (dealt in and killed again) and the level the hand was dealt at (B9)."""
    night = _room("fox_grinder")
    night.run(GivePenalty(player="Cat", kind=PenaltyKind.MISSED_HANDS, count=14,
                          between_hands=True))  # fmt: skip
    night.run(PlayHands(table=1, hands=5))
    assert _left(night, "Cat") == 9
    with clock_at(5):
        (record,) = night.run(
            DeclareMisdeal(table=1, reason="two hole cards exposed", actions=("fold",), level=4)
        )
    event = record.event
    assert isinstance(event, MisdealDeclared)
    assert (event.level, event.clock_level, event.penalised) == (4, 5, ("Cat",))
    assert event.describe() == (
        "Misdeal at table 1 (two hole cards exposed): the hand is re-dealt at level 4's "
        "blinds (the clock is at level 5); Cat dealt in and killed again: the re-deal is the "
        "same penalty hand"
    )
    assert _left(night, "Cat") == 9  # the misdeal counts nothing
    night.run(PlayHands(table=1, hands=1))  # the re-deal of hand 6
    assert _left(night, "Cat") == 8
    assert [m.table for m in night.state.part(Irregularities).misdeals] == [1]


@pytest.mark.parametrize(
    ("template", "actions", "rule_ids"),
    [
        ("fox_grinder", ("call", "fold"), ("FOX-35C", "FOX-35D", "FOX-36")),
        ("kpc_nlh", ("fold", "fold", "fold"), ("KPC-24", "KPC-25A", "KPC-25B", "KPC-25C")),
        ("spot_league", ("fold", "fold"), ("SPOT-3a10",)),
    ],
)
def test_FOX_36_KPC_25B_SPOT_3a10_declare_misdeal_refused_after_substantial_action(
    template: str, actions: tuple[str, ...], rule_ids: tuple[str, ...]
) -> None:
    """L1/L3 through the floor command: the reported in-turn actions amount to SA by the
    venue's definition -> refused, citing only the venue's rules; nothing is logged."""
    night = _room(template)
    before = len(night.records)
    with pytest.raises(RuleViolation) as caught:
        night.run(DeclareMisdeal(table=1, reason="a flashed card", actions=actions))
    assert caught.value.rule_ids == rule_ids
    assert len(night.records) == before


def test_TNPL_G1iii_declare_misdeal_needs_a_table_in_play_and_a_reason() -> None:
    """L3 (TNPL-G1iii): the floor names the table and what went wrong."""
    night = _room("tnpl_league")
    with pytest.raises(Exception, match="no table 5 in play"):
        night.run(DeclareMisdeal(table=5, reason="a flashed card"))
    with pytest.raises(Exception, match="Say what went wrong"):
        night.run(DeclareMisdeal(table=1, reason="  "))
    (record,) = night.run(DeclareMisdeal(table=1, reason="a flashed card", actions=("fold",)))
    assert isinstance(record.event, MisdealDeclared)


def test_FOX_35C_misdeal_from_the_cli(tmp_path: Path) -> None:
    """L3 (FOX-35C, FOX-36) through ``pokertd misdeal``: accepted before SA, refused with
    the venue's rule IDs after it (exit 2, one line)."""
    db = f"sqlite:///{tmp_path / 'night.db'}"
    with open_service(db) as service:
        tmpl = load_template("fox_grinder").with_changes(tables=1, seats_per_table=9)
        tid = service.create(CreateTournament(name="CLI night", template=tmpl))
        for name in T1:
            service.run(tid, Register(name=name, member=f"M-{name}", age_ok=True))
        service.run(tid, LayTables(tables=((1, 9),)))
        for seat, name in enumerate(T1, start=1):
            service.run(tid, SeatPlayer(player=name, table=1, seat=seat))
    runner = CliRunner()
    ok = runner.invoke(app, ["misdeal", tid, "--table", "1", "--reason", "two cards exposed",
                             "--actions", "fold,fold", "--db", db])  # fmt: skip
    assert ok.exit_code == 0, ok.output
    assert "Misdeal at table 1 (two cards exposed)" in ok.output
    bad = runner.invoke(app, ["misdeal", tid, "--table", "1", "--reason", "late flash",
                              "--actions", "call,raise", "--db", db])  # fmt: skip
    assert bad.exit_code == 2
    assert "substantial action" in bad.output
    assert "FOX-36" in bad.output
    fixed = runner.invoke(app, ["correct-result", tid, "--table", "1", "--next-hand",
                                "substantial_action", "--db", db])  # fmt: skip
    assert fixed.exit_code == 2
    assert "FOX-22" in fixed.output


# --- F13: disputes and time limits ------------------------------------------------------------


def test_FOX_22_pot_correction_allowed_until_substantial_action_on_the_next_hand() -> None:
    """F13 example (FOX-22): a pot over-paid by 2,000, noticed after two pre-flop folds on
    the next hand (no SA) -> corrected; noticed after a call and a raise (SA) -> refused.
    At a break: one minute after the pot was pushed."""
    fox = profile("foxwoods")
    two_folds = substantial_action(_pre("fold", "fold"), fox.substantial_action_rule)
    call_raise = substantial_action(_pre("call", "raise"), fox.substantial_action_rule)
    assert (two_folds, call_raise) == (False, True)
    check_correction(fox, DisputeKind.ACCOUNTING, HandProgress.STARTED)
    with pytest.raises(RuleViolation, match="substantial action") as caught:
        check_correction(fox, DisputeKind.ACCOUNTING, HandProgress.SUBSTANTIAL_ACTION)
    assert caught.value.rule_ids == ("FOX-22",)
    # A misread hand: until the next hand starts, even at Foxwoods.
    with pytest.raises(RuleViolation, match="next hand has started"):
        check_correction(fox, DisputeKind.HAND_READING, HandProgress.STARTED)
    check_correction(fox, DisputeKind.ACCOUNTING, HandProgress.NOT_STARTED,
                     at_break=True, seconds_since_award=60)  # fmt: skip
    with pytest.raises(RuleViolation, match="60 seconds"):
        check_correction(fox, DisputeKind.ACCOUNTING, HandProgress.NOT_STARTED,
                         at_break=True, seconds_since_award=61)  # fmt: skip


@pytest.mark.parametrize(
    ("venue", "rule_ids"),
    [
        ("kojack", ("KPC-11l",)),
        ("tnpl", ("TNPL-C10",)),
        ("spotlight", ("SPOT-2a3", "SPOT-2a4", "SPOT-2a5", "SPOT-2a6")),
    ],
)
def test_KPC_11l_TNPL_C10_SPOT_2a3_SPOT_2a5_correction_until_the_next_hand_starts(
    venue: str, rule_ids: tuple[str, ...]
) -> None:
    """F13 (KPC-11l before the next hand begins; TNPL-C10 when it begins; SPOT-2a3 raise
    it at once, SPOT-2a5 before the next deal starts): the same over-paid pot is corrected
    before the next hand starts and refused once it has, even without SA."""
    rules = profile(venue)
    for kind in DisputeKind:
        check_correction(rules, kind, HandProgress.NOT_STARTED)
        with pytest.raises(RuleViolation, match="next hand has started") as caught:
            check_correction(rules, kind, HandProgress.STARTED)
        assert caught.value.rule_ids == rule_ids


def test_NJ_11_operator_decides_disputes() -> None:
    """F13 (NJ-11): disputes go to the licensed operator, whose decision is final: heard
    even after substantial action on the next hand."""
    check_correction(profile("nj_fundraiser"), DisputeKind.ACCOUNTING,
                     HandProgress.SUBSTANTIAL_ACTION)  # fmt: skip


def test_FOX_22_KPC_11l_correct_result_command() -> None:
    """F13 through the floor command: Foxwoods corrects 2,000 chips from Ann to Bob after
    two folds on the next hand and refuses after SA (FOX-22); Kojack's refuses once the
    next hand has started (KPC-11l)."""
    night = _room("fox_grinder")
    (record,) = night.run(
        CorrectResult(table=1, next_hand=HandProgress.STARTED, chips=2_000,
                      from_player="Ann", to_player="Bob", reason="pot over-paid")
    )  # fmt: skip
    assert isinstance(record.event, ResultCorrected)
    assert record.event.describe() == (
        "Table 1: pot corrected, 2,000 chips from Ann to Bob (pot over-paid)"
    )
    assert len(night.state.part(Irregularities).corrections) == 1
    with pytest.raises(RuleViolation) as caught:
        night.run(CorrectResult(table=1, next_hand=HandProgress.SUBSTANTIAL_ACTION))
    assert caught.value.rule_ids == ("FOX-22",)
    kpc = _room("kpc_nlh")
    with pytest.raises(RuleViolation) as caught:
        kpc.run(CorrectResult(table=1, next_hand=HandProgress.STARTED))
    assert caught.value.rule_ids == ("KPC-11l",)


# --- K9: the exclusive nuts on the river ------------------------------------------------------


def test_TNPL_H19_exclusive_nuts_detector() -> None:
    """K9 example (TNPL-H19, FOX-71B): board K♠ K♦ 7♣ 4♥ 2♠ (no flush, no straight), K♥K♣
    is four kings: no holding of the 990 left beats or ties it. A nut straight that can be
    shared is not exclusive; an over-pair is not the nuts."""
    board = parse_cards("KsKd7c4h2s")
    assert is_exclusive_nuts(board, parse_cards("KhKc")) is True
    assert is_exclusive_nuts(board, parse_cards("AhAd")) is False
    straight = parse_cards("9h8d7c3s2d")
    assert is_exclusive_nuts(straight, parse_cards("JhTd")) is False
    # With the other J-T known to be dead (burned or folded), it cannot be tied any more.
    others = parse_cards("JcJdJsTcThTs")
    assert is_exclusive_nuts(straight, parse_cards("JhTd"), dead=others) is True


@pytest.mark.parametrize(
    ("venue", "penalty", "rule_ids"),
    [("tnpl", True, ("TNPL-H19",)), ("foxwoods", False, ("FOX-71B",))],
)
def test_TNPL_H19_FOX_71B_checking_the_exclusive_nuts_on_the_river(
    venue: str, penalty: bool, rule_ids: tuple[str, ...]
) -> None:
    """K9 example: the opponent checks the river, the player with K♥K♣ on K♠ K♦ 7♣ 4♥ 2♠
    checks behind -> TNPL: a penalty; FOX: an advisory flag for the TD."""
    hand = start([10_000, 10_000], holes={0: "9h8h", 1: "KhKc"}, board="KsKd7c4h2s",
                 prof=venue)  # fmt: skip
    check_down(hand)
    flag = exclusive_nuts_check(hand)
    assert flag is not None
    assert (flag.seat, flag.action, flag.penalty, flag.rule_ids) == (1, "check", penalty, rule_ids)
    assert flag.sentence.startswith("Seat 2 checked on the river with Kh Kc")
    # The same river checked by the player who does not hold the nuts: nothing to flag.
    other = start([10_000, 10_000], holes={0: "KhKc", 1: "9h8h"}, board="KsKd7c4h2s",
                  prof=venue)  # fmt: skip
    check_down(other)
    assert exclusive_nuts_check(other) is None


# --- D7: waiting for the big blind -------------------------------------------------------------

OCCUPIED = 0b11_1111  # seats 1-6 (0-based 0-5) of a 9-seat table


def test_SPOT_4a7_SPOT_4a8_new_player_may_wait_for_the_big_blind() -> None:
    """D7 (SPOT-4a7: come in on the big blind or wait; SPOT-4a8: letting it pass is not a
    missed blind): with ``arrival_may_wait_for_bb`` on, the player in seat 5 (index 4) is
    not dealt in until the big blind reaches him, and posts nothing meanwhile."""
    spot = replace(profile("spotlight"), arrival_may_wait_for_bb=True)
    first = positions_from_button(OCCUPIED, 0, 9)  # button seat 1: blinds seats 2 and 3
    hand1 = wait_for_big_blind(spot, first, 1 << 4)
    assert hand1.waiting >> 4 & 1
    assert not hand1.dealt >> 4 & 1
    dealt = Hand.start(stacks=[10_000] * 6 + [None] * 3, button=hand1.button,
                       small_blind_seat=hand1.small_blind_seat,
                       big_blind_seat=hand1.big_blind_seat, small_blind=50, big_blind=100,
                       waiting=hand1.waiting, profile=spot, deck=list(range(52)))  # fmt: skip
    assert 4 not in dealt.seats_dealt
    assert dealt.pot == 150
    assert owes_big_blind(hand1, 1 << 4) == 1 << 4
    second = wait_for_big_blind(spot, next_positions(first, OCCUPIED, 9), 1 << 4)
    assert second.big_blind_seat == 3
    assert not second.dealt >> 4 & 1
    third = wait_for_big_blind(spot, next_positions(second, OCCUPIED, 9), 1 << 4)
    assert third.big_blind_seat == 4
    assert third.dealt >> 4 & 1
    assert owes_big_blind(third, 1 << 4) == 0


def test_SPOT_4a11_waiter_dealt_in_without_posting_still_owes() -> None:
    """D7 (SPOT-4a11): a player who owes the blind is dealt in without posting and his
    cards are mucked: the hand is dead and he still owes the big blind."""
    first = positions_from_button(OCCUPIED, 0, 9)
    assert owes_big_blind(first, 1 << 4, dealt_without_posting=1 << 4) == 1 << 4
    assert owes_big_blind(first, 0, dealt_without_posting=1 << 5) == 1 << 5


@pytest.mark.parametrize("venue", ["spotlight", "foxwoods", "kojack"])
def test_SPOT_4a7_waiting_for_the_big_blind_off_by_default(venue: str) -> None:
    """D7 (SPOT-4a7, Appendix D #7): the flag is off by default (SPOT's cash-game text is
    moot in tournaments, SPOT-6.6): a new player is dealt in at once; the refusal cites
    the venue's own D7 rules where it has any."""
    first = positions_from_button(OCCUPIED, 0, 9)
    with pytest.raises(RuleViolation, match="dealt in at once") as caught:
        wait_for_big_blind(profile(venue), first, 1 << 4)
    expected = (
        ("SPOT-2c7", "SPOT-4a7", "SPOT-4a8", "SPOT-4a11") if venue == "spotlight" else ("D7",)
    )
    assert caught.value.rule_ids == expected


# --- F9: one card shown ------------------------------------------------------------------------


def _showdown(venue: str) -> Hand:
    """F9 example: board A♠ K♦ 7♣ 4♥ 2♠; seat 1 holds 7♦7♥ (trips), seat 2 K♥Q♣ (a pair
    of kings); checked down, both tabled (hybrid: each player chooses)."""
    hand = start([10_000, 10_000], holes={0: "7d7h", 1: "KhQc"}, board="AsKd7c4h2s",
                 prof=venue, auto_showdown=False)  # fmt: skip
    return check_down(hand)


def test_SPOT_3e4_SPOT_6_18_only_the_exposed_card_plays() -> None:
    """F9 example (SPOT-3e4, SPOT-6.18): the called player exposes 7♦ only and waits ->
    his hand is read as the board plus 7♦ (a pair of sevens), even though his hidden card
    is 7♥; the opponent's K♥Q♣ (a pair of kings) wins the 200 pot."""
    hand = _showdown("spotlight")
    assert hand.result.final_stacks[0] == 10_100  # trips win as tabled
    one_card_shown(hand, 0, "7d")
    assert hand.result.final_stacks[0] == 9_900
    assert hand.result.final_stacks[1] == 10_100
    assert [p.winners for p in hand.result.pots] == [(1,)]


def test_SPOT_3e4_one_card_shown_is_a_floor_call_elsewhere() -> None:
    """F9 (SPOT-3e4 vs FOX-13A): outside Spotlight a player showing one card is told to
    show both; the floor is called (refused with the venue's F9 rules; nothing changes)."""
    hand = _showdown("foxwoods")
    with pytest.raises(IllegalAction, match="must table both cards") as caught:
        one_card_shown(hand, 0, "7d")
    assert caught.value.rule_ids == ("FOX-13A", "FOX-13B", "FOX-13C", "FOX-15A")
    assert hand.result.final_stacks[0] == 10_100
    with pytest.raises(IllegalAction, match="not one of seat 1's cards"):
        one_card_shown(_showdown("spotlight"), 0, "Ah")


def test_KPC_25C_posted_blinds_are_not_actions() -> None:
    """L1 (KPC-25C: posted blinds do not count; KPC-25A: two actions, one with chips): the
    two blinds and UTG's raise are not SA (the blinds would make three); UTG+1's call is.
    The misdeal is then refused under Kojack's rules (KPC-24)."""
    hand = start(SIX, prof="kojack")
    play(hand, Raise(to=300))
    assert hand.substantial_action is False
    hand.misdeal("boxed card", deck=hand.deck)  # still allowed: a re-deal comes back
    play(hand, Call())
    assert hand.substantial_action is True
    with pytest.raises(IllegalAction, match="played to the end"):
        hand.misdeal("boxed card")


def test_FOX_35C_FOX_22_records_survive_a_snapshot() -> None:
    """L3/F13 records (FOX-35C, FOX-22): the misdeals and corrections part is stored in a
    snapshot and decodes to the same records as the fold of the log."""
    night = _room("fox_grinder")
    night.run(DeclareMisdeal(table=1, reason="two hole cards exposed", level=3))
    night.run(CorrectResult(table=1, chips=2_000, from_player="Ann", to_player="Bob"))
    state = night.state
    decoded = decode_snapshot(night.tid, encode_snapshot(state))
    part = decoded.part(Irregularities)
    assert part == state.part(Irregularities)
    assert [(m.table, m.reason, m.level) for m in part.misdeals] == [
        (1, "two hole cards exposed", 3)
    ]
    assert [(c.chips, c.from_name, c.to_name) for c in part.corrections] == [(2_000, "Ann", "Bob")]
