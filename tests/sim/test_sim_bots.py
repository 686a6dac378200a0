"""Bots pick only legal actions; the Chen score and the random policy's weights."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.cards import card_code
from pokertd.cards.card import parse_cards
from pokertd.engine import Action, AllIn, Call, Check, Fold, Hand, Raise
from pokertd.engine.draw import Draw, DrawHand
from pokertd.engine.stud import StudHand, stud_deal_order
from pokertd.rules import AnteType, DrawVariant, StudVariant, load_profile
from pokertd.sim.bots import (
    Bot,
    RandomBot,
    TightAggressiveBot,
    chen_score,
    clock_expired,
    draw_discard,
)

PROFILES = ("tda", "foxwoods", "kojack", "tnpl", "nj_fundraiser", "spotlight")


def test_chen_score_examples() -> None:
    """Bill Chen's formula: AA 20, KQs 10, JTs 9 (connector bonus), 72o -1, 55 5."""
    c = card_code
    assert chen_score(c("As"), c("Ad")) == 20
    assert chen_score(c("Ks"), c("Qs")) == 10
    assert chen_score(c("Js"), c("Ts")) == 9
    assert chen_score(c("7c"), c("2d")) == -1
    assert chen_score(c("5c"), c("5d")) == 5
    assert chen_score(c("2c"), c("2d")) == 5  # a pair scores at least 5


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 10),
    bb_stacks=st.lists(st.integers(1, 300), min_size=10, max_size=10),
    profile=st.sampled_from(PROFILES),
    bba=st.booleans(),
)
def test_bots_choose_only_legal_actions(
    seed: int, players: int, bb_stacks: list[int], profile: str, bba: bool
) -> None:
    """Every action of both bots passes ``hand.verify`` (so the trusted path is safe),
    with deep and short stacks, big-blind antes and every venue's betting rules."""
    rng = random.Random(seed)
    prof = load_profile(profile)
    bots: list[Bot] = [TightAggressiveBot(), RandomBot()]
    for _ in range(5):
        stacks = [100 * b for b in bb_stacks[:players]]
        hand = Hand.start(
            stacks=stacks,
            button=0,
            small_blind_seat=1 if players > 2 else 0,
            big_blind_seat=2 % players if players > 2 else 1,
            small_blind=50,
            big_blind=100,
            ante=100 if bba else 0,
            ante_type=AnteType.BIG_BLIND_ANTE if bba else AnteType.NONE,
            profile=prof,
            rng=rng,
            min_chip=25,
        )
        while (seat := hand.actor) is not None:
            legal = hand.legal()
            action = bots[seat % 2].decide(hand, legal, 100, 25, rng)
            hand.verify(action)
            hand.act(action)
            if isinstance(action, Raise):
                assert action.to % 25 == 0 or action.to == legal.all_in_to
        result = hand.result
        assert sum(s or 0 for s in result.start_stacks) == sum(s or 0 for s in result.final_stacks)


def test_random_bot_policy_weights() -> None:
    """The engine benchmark's policy: fold 20 %, check/call 55 %, min-raise 20 %, all-in 5 %."""
    rng = random.Random(3)
    hand = Hand.start(
        stacks=[10_000] * 3,
        button=0,
        small_blind_seat=1,
        big_blind_seat=2,
        small_blind=50,
        big_blind=100,
        profile=load_profile("tda"),
        rng=rng,
    )
    legal = hand.legal()
    bot = RandomBot()
    kinds = Counter(type(bot.decide(hand, legal, 100, 1, rng)) for _ in range(20_000))
    share = {k: v / 20_000 for k, v in kinds.items()}
    assert abs(share[Fold] - 0.20) < 0.02
    assert abs(share[Call] - 0.55) < 0.02
    assert abs(share[Raise] - 0.20) < 0.02
    assert abs(share[AllIn] - 0.05) < 0.01


def test_random_bot_checks_instead_of_folding_for_free() -> None:
    """A fold when checking costs nothing becomes a check (the big blind's option)."""
    rng = random.Random(5)
    hand = Hand.start(
        stacks=[10_000] * 2,
        button=0,
        small_blind_seat=0,
        big_blind_seat=1,
        small_blind=50,
        big_blind=100,
        profile=load_profile("tda"),
        rng=rng,
    )
    hand.act(Call())
    legal = hand.legal()
    assert legal.can_check
    bot = RandomBot(fold=1.0, call=0.0, min_raise=0.0, all_in=0.0)
    assert isinstance(bot.decide(hand, legal, 100, 1, rng), Check)


def test_tag_bot_pushes_short_and_folds_trash() -> None:
    """Push-or-fold below ten big blinds: AA moves in for 8 BB; 72o folds to a raise deep."""
    rng = random.Random(1)
    deck_holes = ["7c2d", "KhKd", "AsAd"]  # dealing order: seats 2, 3, then the button
    from pokertd.engine import deal_order

    hand = Hand.start(
        stacks=[800, 20_000, 20_000],
        button=0,
        small_blind_seat=1,
        big_blind_seat=2,
        small_blind=50,
        big_blind=100,
        profile=load_profile("tda"),
        deck=deal_order(deck_holes),
    )
    legal = hand.legal()
    assert legal.seat == 0
    action = TightAggressiveBot().decide(hand, legal, 100, 25, rng)
    assert isinstance(action, AllIn)
    hand.act(action)
    legal = hand.legal()
    assert legal.seat == 1
    assert isinstance(TightAggressiveBot().decide(hand, legal, 100, 25, rng), Fold)


@pytest.mark.parametrize(
    ("profile", "facing", "expected"),
    [
        ("tda", True, Fold),
        ("tda", False, Check),
        ("foxwoods", False, Check),
        ("kojack", False, Check),
        ("tnpl", False, Fold),
        ("tnpl", True, Fold),
    ],
)
def test_B15_called_clock_expiry(profile: str, facing: bool, expected: type) -> None:
    """KPC-20, FOX-29: when the clock runs out the hand is dead facing a bet, checked
    otherwise; TNPL-D6: dead in both cases (what a bot does when its clock runs out)."""
    hand = Hand.start(
        stacks=[5000, 5000],
        button=0,
        small_blind_seat=0,
        big_blind_seat=1,
        small_blind=50,
        big_blind=100,
        profile=load_profile(profile),
        rng=random.Random(1),
    )
    if not facing:
        hand.act(Call())  # the small blind completes; the big blind may check
    legal = hand.legal()
    assert (legal.call_amount > 0) is facing
    assert isinstance(clock_expired(load_profile(profile), legal), expected)


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 8),
    stacks=st.lists(st.integers(1, 60), min_size=8, max_size=8),
    variant=st.sampled_from(list(StudVariant)),
    profile=st.sampled_from(PROFILES),
)
def test_bots_choose_only_legal_stud_actions(
    seed: int, players: int, stacks: list[int], variant: StudVariant, profile: str
) -> None:
    """In stud, razz and stud hi-lo every action of both bots passes ``StudHand.verify``
    (the bring-in's seat never folds or checks), with short and deep stacks (1 to 60
    small bets) and every venue's cap, in 25-chip bets."""
    rng = random.Random(seed)
    bots: list[Bot] = [TightAggressiveBot(), RandomBot()]
    for _ in range(3):
        hand = StudHand.start(
            variant=variant, stacks=[100 * s for s in stacks[:players]], button=players - 1,
            ante=25, bring_in=25, small_bet=100, big_bet=200, profile=load_profile(profile),
            rng=rng, min_chip=25,
        )  # fmt: skip
        while (seat := hand.actor) is not None:
            legal = hand.legal()
            action = bots[seat % 2].decide(hand, legal, 100, 25, rng)
            hand.verify(action)
            if hand.bring_in_due:
                assert not isinstance(action, Fold | Check)
            hand.act(action)
        result = hand.result
        assert sum(s or 0 for s in result.start_stacks) == sum(s or 0 for s in result.final_stacks)


def _third_street(variant: StudVariant, cards: list[str]) -> StudHand:
    """Two players; p1 (seat 0) holds ``cards[0]``, p2 ``cards[1]`` (down, down, up)."""
    deck = stud_deal_order([parse_cards(c) for c in cards])
    return StudHand.start(
        variant=variant, stacks=[10_000, 10_000], button=1, ante=25, bring_in=25,
        small_bet=100, big_bet=200, deck=deck,
    )  # fmt: skip


def test_tight_bot_completes_rolled_up_trips_and_brings_in_with_rags() -> None:
    """Seven-card stud: p1's 2-2-2 up card is the lowest, so p1 has the bring-in; with
    three of a kind the tight bot completes to the small bet (100). With 7-3-2 it brings
    in (25): it may not fold."""
    bot = TightAggressiveBot()
    rng = random.Random(1)
    hand = _third_street(StudVariant.SEVEN_CARD_STUD, ["2c2d2h", "AsKsQs"])
    assert hand.actor == 0
    assert bot.decide(hand, hand.legal(), 100, 25, rng) == Raise(100)
    hand = _third_street(StudVariant.SEVEN_CARD_STUD, ["7c3d2h", "AsKsQs"])
    assert hand.actor == 0
    assert bot.decide(hand, hand.legal(), 100, 25, rng) == Call()


def test_tight_bot_in_razz_completes_three_low_cards_and_folds_three_high_ones() -> None:
    """Razz: p2's Kd up card is the highest, so p2 brings in (25); p1 with A-2-3 completes
    to 100; p2 with Q-J-K facing the completion folds."""
    bot = TightAggressiveBot()
    rng = random.Random(1)
    hand = _third_street(StudVariant.RAZZ, ["Ac2d3h", "QsJsKd"])
    assert hand.actor == 1
    hand.act(bot.decide(hand, hand.legal(), 100, 25, rng))
    assert hand.current_bet == 25  # brought in
    action = bot.decide(hand, hand.legal(), 100, 25, rng)
    assert action == Raise(100)
    hand.act(action)
    assert bot.decide(hand, hand.legal(), 100, 25, rng) == Fold()


def test_draw_discard_keeps_one_card_of_each_rank_eight_or_lower() -> None:
    """2-7 (FOX-35, TNPL-G1i leave draw games to house standards): the simulated player
    keeps 8-5-3 (one of the two fives), throws the paired five and the king; stands pat on
    8-6-4-3-2 and on 7-5-4-3-2, draws to the 8-7-6-5-4 straight (a straight is bad)."""
    assert set(draw_discard(tuple(parse_cards("8h5c5d3sKc"))).discard) in (
        set(parse_cards("5dKc")),
        set(parse_cards("5cKc")),
    )
    assert draw_discard(tuple(parse_cards("8h6c4d3s2c"))) == Draw()
    assert draw_discard(tuple(parse_cards("7h5c4d3s2c"))) == Draw()
    assert draw_discard(tuple(parse_cards("AhKcQdJsTc"))).discard == tuple(
        sorted(parse_cards("AhKcQdJsTc"))
    )
    assert draw_discard(tuple(parse_cards("8h7c6d5s4c"))) != Draw()


@pytest.mark.parametrize("variant", list(DrawVariant))
@pytest.mark.parametrize("bot", [TightAggressiveBot(), RandomBot()])
def test_bots_play_draw_hands_to_the_end_conserving_chips(variant: DrawVariant, bot: Bot) -> None:
    """Six bots draw (``draw_discard``) and bet 60 hands of each draw game through the
    engine's trusted path: every action the engine's check accepts, chips conserved."""
    rng = random.Random(11)
    for number in range(60):
        hand = DrawHand.start(
            variant=variant, stacks=[5_000] * 6, button=number % 6, small_blind=50,
            big_blind=100, profile=load_profile("tda"), rng=rng, min_chip=25,
        )  # fmt: skip
        while (seat := hand.actor) is not None:
            if hand.drawing:
                action: Draw | Action = draw_discard(hand.cards(seat))
            else:
                action = bot.decide(hand, hand.legal(), 100, 25, rng)
            hand.verify(action)
            hand.trusted(action)
        result = hand.result
        assert sum(s or 0 for s in result.final_stacks) == 30_000
