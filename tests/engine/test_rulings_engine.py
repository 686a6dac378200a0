"""Rulings on real hands: ``declare`` enters words plus chips, and three properties.

Properties (hypothesis, over hands played at random under every venue profile):
a ruling never asks a player for more than his stack; never yields an action the engine
refuses in that very situation; and the same input under two profiles differs only where
their betting parameters (the catalogue's section 2(e) rows of the section 4 matrix)
differ.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from engine_helpers import play, start
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokertd.engine import Action, AllIn, Bet, Call, Check, Fold, Hand, Raise
from pokertd.engine.rulings import Happened, Order, Ruling, declare, rule, situation_of
from pokertd.errors import InvalidCommand
from pokertd.rules import RuleProfile, Variant, load_profile

VENUES = ("tda", "kojack", "tnpl", "nj_fundraiser", "spotlight", "foxwoods")
BETTING_FIELDS = (
    "min_raise_rule",
    "reopen_rule_nl_pl",
    "raise_cap_nl_pl",
    "raise_cap_limit",
    "raise_cap_lifted_when_tournament_players_le",
    "overcall_raise_threshold",
    "undercall_rule",
    "multichip_last_chips",
    "oversized_last_chip_is_call",
    "verbal_vs_chips",
    "ambiguous_amount_rule",
    "oot_when_action_changes",
    "undercall_misunderstanding_threshold",
    "skipped_player_cutoff",
    "exact_count_requires_turn",
    "dealer_clarifies_bets",
    "min_wager_chip_unit",
)
"""The profile fields of the catalogue's Betting rows that rulings read (E2-E28, B14)."""
DENOMS = (25, 100, 500, 1_000, 5_000)
WORDS = (
    "",
    "call",
    "raise",
    "check",
    "fold",
    "all-in",
    "pot",
    "five",
    "raise 2000",
    "bet 700",
    "twelve hundred",
    "tap",
    "850",
    "raise to 9000",
)
BIG = 100_000
_P: dict[str, RuleProfile] = {}


def prof(name: str) -> RuleProfile:
    if name not in _P:
        _P[name] = load_profile(name)
    return _P[name]


# ------------------------------------------------------------------ declare on a hand
@pytest.mark.parametrize(
    ("name", "expected"),
    [("tnpl", Raise(1_000)), ("foxwoods", Raise(1_000)), ("kojack", Call()), ("spotlight", Call())],
)
def test_TNPL_H5i_KPC_29B_declare_silent_850_on_a_real_hand(name: str, expected: object) -> None:
    """E13 entered on a live hand: 100/200, A raises to 600, B pushes 850 silently; the
    hand records a raise to 1,000 (TNPL, FOX) or a call of 600 (KPC, SPOT)."""
    hand = start([BIG] * 4, blinds=(100, 200), prof=name)
    hand.act(Raise(600))
    ruling = declare(hand, "", [500, 100, 100, 100, 25, 25])
    last = hand.actions[-1]
    if expected == Call():
        assert (last.kind, last.to, ruling.change) == ("call", 600, 250)
    else:
        assert (last.kind, last.to, ruling.chips_to_add) == ("raise", 1_000, 150)


def test_FOX_46B_declare_raise_eight_thousand_then_call() -> None:
    """A hand entered as words only: "raise, eight thousand", "call", "fold"."""
    hand = start([BIG] * 3, blinds=(500, 1_000), prof="foxwoods")
    declare(hand, "raise, eight thousand")
    declare(hand, "call", [5_000, 1_000, 1_000, 500])
    declare(hand, "fold")
    kinds = [(a.kind, a.to) for a in hand.actions]
    assert kinds[-3:] == [("raise", 8_000), ("call", 8_000), ("fold", 1_000)]


def test_KPC_29A_declare_undercall_choice_then_option() -> None:
    """KPC multi-way undercall: nothing is played until the player's choice is given."""
    hand = start([BIG] * 4, blinds=(100, 200), prof="kojack")
    play(hand, Call(), Call(), Call(), Check())
    hand.act(Bet(1_000))
    ruling = declare(hand, "", [500, 100])
    assert ruling.action == "choice"
    assert hand.actions[-1].kind == "bet"
    declare(hand, "", [500, 100], option=1)  # fold, forfeiting the 600
    assert hand.actions[-1].kind == "fold"


def test_KPC_40_declare_raise_needs_an_amount() -> None:
    """ "Raise" with no bet and no chips: the player names the amount (at least the BB)."""
    hand = start([BIG] * 3, blinds=(100, 200), prof="kojack")
    play(hand, Call(), Call(), Check())
    with pytest.raises(InvalidCommand, match="from 200"):
        declare(hand, "raise", amount=150)
    declare(hand, "raise", amount=700)
    assert (hand.actions[-1].kind, hand.actions[-1].to) == ("bet", 700)


def test_E4_situation_of_a_hand_closed_by_a_short_all_in() -> None:
    """E4 on a real hand: A bets 1,000, B all-in 1,400, C calls: back to A, "raise" is a
    call of 400."""
    hand = start([BIG, 1_600, BIG], blinds=(100, 200), button=2)
    play(hand, Call(), Call(), Check())
    hand.act(Bet(1_000))
    hand.act(AllIn())
    hand.act(Call())
    ruling = declare(hand, "raise")
    assert (ruling.action, ruling.chips_to_add) == ("call", 400)
    assert hand.actions[-1].kind == "call"


# ------------------------------------------------------------------ properties
def random_hand(seed: int, name: str, variant: Variant = Variant.NO_LIMIT_HOLDEM) -> Hand | None:
    """A hand played a random number of random legal actions under ``name``."""
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    stacks = [rng.choice([300, 1_500, 4_000, 12_000, 60_000]) for _ in range(n)]
    hand = start(stacks, blinds=(100, 200), prof=name, min_chip=25, variant=variant)
    for _ in range(rng.randint(0, 8)):
        if hand.is_over or hand.legal().can_show:
            return None
        legal = hand.legal()
        choice = rng.random()
        if choice < 0.15 and legal.can_fold:
            hand.act(Fold())
        elif choice < 0.6 or not legal.can_raise:
            hand.act(Call())
        else:
            hand.act(Raise(rng.randint(legal.min_raise_to, legal.max_raise_to)))
    if hand.is_over or hand.legal().can_show:
        return None
    return hand


def random_push(rng: random.Random, stack: int) -> tuple[tuple[int, ...], ...]:
    """One or two motions of chips in play, within the stack."""
    motions: list[tuple[int, ...]] = []
    left = stack
    for _ in range(rng.choice([0, 1, 1, 1, 2])):
        chips: list[int] = []
        for _ in range(rng.randint(1, 6)):
            fitting = [d for d in DENOMS if d <= left]
            if not fitting:
                break
            chip = rng.choice(fitting)
            chips.append(chip)
            left -= chip
        if chips:
            motions.append(tuple(chips))
    return tuple(motions)


def engine_accepts(hand: Hand, ruling: Ruling) -> None:
    """Every engine action the ruling binds or offers is legal in ``hand`` now."""
    actions: list[Action] = []
    bound = ruling.engine_action()
    if bound is not None:
        actions.append(bound)
    if ruling.at_least:
        actions.append(Raise(ruling.max_to) if hand.current_bet else Bet(ruling.max_to))
    for option in ruling.options:
        if option.action in ("fold", "call", "check"):
            simple: dict[str, Action] = {"fold": Fold(), "call": Call(), "check": Check()}
            actions.append(simple[option.action])
        elif option.action == "raise":
            actions.append(Raise(option.amount))
    for action in actions:
        hand.copy().verify(action)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), name=st.sampled_from(VENUES), variant=st.sampled_from(Variant))
def test_E9_E16_ruling_stays_within_the_stack_and_the_engine_accepts_it(
    seed: int, name: str, variant: Variant
) -> None:
    """Never more than the stack; never an action the engine refuses (E1-E28), in
    no-limit, pot-limit (E6: "all-in" over the pot is the pot) and fixed-limit."""
    hand = random_hand(seed, name, variant)
    if hand is None:
        return
    rng = random.Random(seed + 1)
    situation = situation_of(hand, denominations=DENOMS)
    pushes = random_push(rng, situation.stack)
    words = rng.choice(WORDS)
    if not words and not pushes:
        words = "call"
    happened = Happened(
        words=words,
        pushes=pushes,
        order=rng.choice(list(Order)),
        released=rng.random() < 0.9,
        out_of_turn=rng.random() < 0.2,
        action_changed=rng.random() < 0.5,
        count_given=rng.random() < 0.1,
        checked_out_of_turn=rng.random() < 0.15,
        misunderstood=rng.random() < 0.1,
        skipped=rng.random() < 0.1,
        acted_behind=rng.randint(0, 4),
        substantial_action_after=rng.random() < 0.5,
        amount_unclear=rng.random() < 0.05,
        count_request=rng.random() < 0.05,
        facing_all_in=rng.random() < 0.5,
        own_turn=rng.random() < 0.5,
    )
    ruling = rule(situation, happened, prof(name))
    pushed = sum(happened.chips)
    put_in = pushed + ruling.chips_to_add - ruling.change
    assert 0 <= put_in <= situation.stack
    assert ruling.change <= pushed
    assert ruling.amount <= situation.in_front + situation.stack
    for option in ruling.options:
        assert pushed + option.chips_to_add - option.change <= situation.stack
    if ruling.at_least:
        assert ruling.amount <= ruling.max_to <= situation.in_front + situation.stack
    engine_accepts(hand, ruling)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 10**9), a=st.sampled_from(VENUES), b=st.sampled_from(VENUES))
def test_E13_E21_E25_two_profiles_differ_only_by_betting_parameters(
    seed: int, a: str, b: str
) -> None:
    """Profile ``b`` given ``a``'s betting parameters rules exactly as ``a`` (rule IDs
    aside): nothing but those parameters changes a ruling. Foxwoods and the TDA default
    share every betting parameter, so they always agree."""
    hand = random_hand(seed, "tda")
    if hand is None:
        return
    rng = random.Random(seed + 2)
    situation = replace(
        situation_of(hand, denominations=DENOMS),
        min_raise_to=None,
        max_raise_to=None,
        raise_allowed=True,
    )
    happened = Happened(
        words=rng.choice(WORDS) or "call",
        pushes=random_push(rng, situation.stack),
        order=rng.choice(list(Order)),
        out_of_turn=rng.random() < 0.2,
        action_changed=rng.random() < 0.5,
        checked_out_of_turn=rng.random() < 0.15,
        misunderstood=rng.random() < 0.15,
        skipped=rng.random() < 0.1,
        acted_behind=rng.randint(0, 4),
        count_request=rng.random() < 0.1,
        facing_all_in=rng.random() < 0.5,
        own_turn=rng.random() < 0.5,
    )
    pa = prof(a)
    mixed = prof(b).replace(**{f: getattr(pa, f) for f in BETTING_FIELDS})
    one, two = rule(situation, happened, pa), rule(situation, happened, mixed)
    assert replace(one, rule_ids=()) == replace(two, rule_ids=())
    fox = rule(situation, happened, prof("foxwoods"))
    assert replace(fox, rule_ids=()) == replace(rule(situation, happened, prof("tda")), rule_ids=())
