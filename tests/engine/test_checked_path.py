"""The checked path's fast parts (issue 15): one legality computation per decision, the
action verified against it, records as named tuples, and ``Hand.start(trusted=True)``.

Every fast part is compared with the thorough reference it replaced: ``Hand._refuse`` (the
full rule-by-rule check, with the floor's reasons: E1, E2, E4, E5, E6, E10, E30, F6) and
``Hand.trusted`` (apply without checks). ``legal()`` then ``act()``, ``act()`` alone and
the reference must give the same records, the same refusals (type, words, rule IDs) and
the same hands, over random sequences of legal and illegal actions in every variant and
profile.
"""

from __future__ import annotations

import random
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokertd.engine import (
    Action,
    ActionRecord,
    AllIn,
    Bet,
    Call,
    Check,
    Fold,
    Hand,
    HandResult,
    Legal,
    Muck,
    Raise,
    Show,
)
from pokertd.engine.floor import kill_hand
from pokertd.engine.result import PotResult, pot_result
from pokertd.errors import PokertdError
from pokertd.rules import AnteType, Variant, load_profile

PROFILES = ("tda", "foxwoods", "kojack", "nj_fundraiser", "spotlight", "tnpl")
KINDS = (Fold, Check, Call, Bet, Raise, AllIn, Show, Muck)

Outcome = tuple[Any, ...]


def _start_kwargs(draw: Any) -> dict[str, Any]:
    """Arguments for a random but valid hand: 2-9 seats, short and deep stacks, any
    variant and profile, antes, absent players, auto or manual showdown."""
    n = draw(st.integers(2, 9))
    stacks = draw(st.lists(st.integers(1, 400), min_size=n, max_size=n))
    if n == 2:
        button, sb, bb = 1, 1, 0
    else:
        button, sb, bb = n - 1, 0, 1
    ante = draw(st.sampled_from((0, 0, 1, 2)))
    return {
        "stacks": stacks,
        "button": button,
        "small_blind_seat": sb,
        "big_blind_seat": bb,
        "small_blind": 1,
        "big_blind": 2,
        "ante": ante,
        "ante_type": draw(st.sampled_from((AnteType.PER_PLAYER, AnteType.BIG_BLIND_ANTE)))
        if ante
        else AnteType.NONE,
        "variant": draw(st.sampled_from(tuple(Variant))),
        "profile": load_profile(draw(st.sampled_from(PROFILES))),
        "dead": draw(st.sampled_from((0, 0, 0, 1 << (n - 1)))) if n > 2 else 0,
        "auto_showdown": draw(st.booleans()),
        "rng": random.Random(draw(st.integers(0, 10_000))),
    }


def _candidate(draw: Any, hand: Hand) -> Action:
    """A random action, legal or not: any kind, in turn or out of turn, amounts around
    the legal bounds and beyond."""
    kind = draw(st.sampled_from(KINDS))
    actor = hand.actor
    assert actor is not None
    seat = draw(st.sampled_from((None, None, None, actor, (actor + 1) % len(hand.stacks))))
    if kind in (Bet, Raise):
        legal = hand.legal()
        bounds = (
            legal.min_raise_to, legal.max_raise_to, legal.full_raise_to, legal.all_in_to,
            legal.current_bet, legal.current_bet + 1, legal.min_raise_to - 1,
            legal.max_raise_to + 1, legal.all_in_to + 1, 0, 1,
        )  # fmt: skip
        to = draw(st.sampled_from(bounds) | st.integers(0, 500))
        return cast(Action, kind(to, seat))
    return cast(Action, kind(seat=seat))


def _outcome(hand: Hand, action: Action, how: str) -> Outcome:
    """Apply ``action`` one way; the record, or the refusal as (type, words, rule IDs)."""
    try:
        if how == "legal+act":
            hand.legal()
            return ("ok", hand.act(action))
        if how == "act":
            return ("ok", hand.act(action))
        # The reference: the thorough check, then the unchecked apply; the record is the
        # first entry the action logged (kills and board deals come after it).
        before = len(hand.actions)
        hand._refuse(action)
        hand.trusted(action)
        return ("ok", hand.actions[before])
    except PokertdError as exc:
        return ("refused", type(exc).__name__, str(exc), exc.rule_ids)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_legal_then_act_equals_act_alone_equals_thorough_check(data: st.DataObject) -> None:
    """E1/E2/E4/E5/E6/E10/E30/F6: the same records, refusals and hands three ways."""
    kwargs = _start_kwargs(data.draw)
    hand_a = Hand.start(**kwargs)
    hand_b = hand_a.copy()
    hand_r = hand_a.copy()
    hand_r._legal = None
    for _ in range(80):
        if hand_a.is_over:
            break
        action = _candidate(data.draw, hand_a)
        probe = hand_a.copy()
        a = _outcome(hand_a, action, "legal+act")
        b = _outcome(hand_b, action, "act")
        r = _outcome(hand_r, action, "reference")
        assert a == b == r, action
        # verify() refuses exactly what act() refuses, with the same words.
        try:
            probe.verify(action)
            verified: Outcome = ("ok",)
        except PokertdError as exc:
            verified = ("refused", type(exc).__name__, str(exc), exc.rule_ids)
        assert verified == (a[:1] if a[0] == "ok" else a)
        if a[0] == "ok":
            assert type(a[1]) is ActionRecord
        assert hand_a.as_json() == hand_b.as_json() == hand_r.as_json()
    if hand_a.is_over:
        assert hand_a.result == hand_b.result == hand_r.result
        assert type(hand_a.result) is HandResult


def _fresh_legal(hand: Hand) -> Legal:
    """Legality computed from scratch (a copy without the cache)."""
    other = hand.copy()
    other._legal = None
    return other.legal()


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_cached_legality_is_renewed_after_every_change(data: st.DataObject) -> None:
    """After every action (checked or trusted) and every hand killed by the floor (F16),
    ``legal()`` answers for the new state, never the cached one."""
    hand = Hand.start(**_start_kwargs(data.draw))
    for _ in range(60):
        if hand.is_over:
            break
        legal = hand.legal()
        assert legal == _fresh_legal(hand)
        assert hand.legal() is legal  # cached: one computation per decision
        step = data.draw(st.sampled_from(("act", "do", "kill")))
        if step == "kill" and hand.street != "showdown":
            live = [s for s in hand.seats_dealt if hand.in_hand(s)]
            kill_hand(hand, data.draw(st.sampled_from(live)))
        elif step == "do" or legal.can_show:
            if legal.can_show:
                hand.do_show()
            elif legal.can_raise and data.draw(st.booleans()):
                hand.do_raise_to(legal.max_raise_to)
            else:
                hand.do_check_call()
        else:
            hand.act(Check() if legal.can_check else Call())
        if not hand.is_over:
            assert hand.legal() == _fresh_legal(hand)
    if hand.is_over:
        with pytest.raises(PokertdError, match="nobody is to act"):
            hand.legal()


def _six_max(**kw: Any) -> Hand:
    return Hand.start(
        stacks=[1_000] * 6, button=5, small_blind_seat=0, big_blind_seat=1, small_blind=50,
        big_blind=100, profile=load_profile("tda"), rng=random.Random(3), **kw,
    )  # fmt: skip


def test_stale_legal_is_not_used_after_a_trusted_action() -> None:
    """E30: seat 3 may check-call 100; after seat 3 raises through ``do_raise_to`` the
    cached answer is stale, and seat 4 may not check 300."""
    hand = _six_max()
    assert hand.legal().call_amount == 100
    hand.do_raise_to(300)
    with pytest.raises(PokertdError, match="Seat 4 cannot check: there is 300 to call"):
        hand.act(Check())
    legal = hand.legal()
    assert (legal.seat, legal.call_amount, legal.min_raise_to) == (3, 300, 500)


def test_kill_hand_renews_the_cached_legality() -> None:
    """F16: the raiser's hand killed by the floor, the bet falls back to the big blind
    and the next player's ``legal()`` says so, though it was asked before the kill."""
    hand = _six_max()
    hand.act(Raise(to=400))
    assert hand.legal().call_amount == 400
    kill_hand(hand, 2)
    legal = hand.legal()
    assert (legal.seat, legal.call_amount, legal.current_bet) == (3, 100, 100)
    assert hand.act(Call()) == ActionRecord(seat=3, kind="call", amount=100, to=100)


def test_act_returns_named_tuple_records() -> None:
    """The record is a named tuple, equal to the one ``actions`` lists, and reads as the
    floor says it."""
    hand = _six_max()
    record = hand.act(Raise(to=300))
    assert record == ActionRecord(seat=2, kind="raise", amount=300, to=300)
    assert record == (2, "raise", 300, 300, False, "preflop")
    assert hand.actions == [record]
    assert str(record) == "seat 3 raise to 300"
    allin = hand.act(AllIn())
    assert str(allin) == "seat 4 raise to 1,000 (all-in)"


def test_act_without_legal_computes_legality_once() -> None:
    """``act()`` alone fills the cache for the next decision only after checking against
    a fresh one: asking ``legal()`` first does not change what ``act()`` decides."""
    hand = _six_max()
    hand.act(Call())
    assert hand._legal is not None
    assert hand._legal.seat == 2  # the call's decision
    assert hand._legal_at == 0
    legal = hand.legal()
    assert legal.seat == 3
    assert hand._legal_at == len(hand._log) == 1


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_trusted_start_deals_the_same_hand(data: st.DataObject) -> None:
    """D1-D4, B3-B5, K6: ``Hand.start(trusted=True)`` deals, posts and kills exactly as
    the checked start, and the hands stay equal through the same actions."""
    kwargs = _start_kwargs(data.draw)
    seed = data.draw(st.integers(0, 10_000))
    checked = Hand.start(**(kwargs | {"rng": random.Random(seed)}))
    trusted = Hand.start(**(kwargs | {"rng": random.Random(seed)}), trusted=True)
    assert trusted.as_json() == checked.as_json()
    assert trusted.deck == checked.deck
    while not checked.is_over:
        legal = checked.legal()
        assert trusted.legal() == legal
        if legal.can_show:
            action: Action = Show()
        elif legal.can_raise and data.draw(st.booleans()):
            action = Raise(to=legal.min_raise_to)
        else:
            action = Call()
        assert trusted.act(action) == checked.act(action)
    assert trusted.result == checked.result


def test_checked_start_still_refuses_what_trusted_start_skips() -> None:
    """C13: the checked start refuses a twelve-seat table; the trusted start is only for
    callers that vouch for their arguments."""
    with pytest.raises(PokertdError, match="A table has 2 to 11 seats, not 12"):
        Hand.start(
            stacks=[100] * 12, button=0, small_blind_seat=1, big_blind_seat=2,
            small_blind=1, big_blind=2, rng=random.Random(1),
        )  # fmt: skip


@pytest.mark.parametrize("n", range(2, 12))
def test_F1_F2_result_by_seat_for_every_table_size_and_button(n: int) -> None:
    """F1, F2 and the result's by-seat layout (fast paths for a full table: seats by
    position turned round the button, one pass collecting the bets): every seat all-in
    with stacks 100, 200, ..., the pots hold all but the biggest stack's last 100 (given
    back if it shoved), start and final stacks stand at their seats, chips are
    conserved; the same with seat 0 empty (the general path)."""
    for empty in (False, True):
        stacks: list[int | None] = [100 * (s + 1) for s in range(n)]
        if empty:
            if n == 2:
                continue
            stacks[0] = None
        seated = [s for s in range(n) if stacks[s]]
        for button in seated:
            after = seated[seated.index(button) + 1 :] + seated[: seated.index(button) + 1]
            sb, bb = (button, after[0]) if len(seated) == 2 else (after[0], after[1])
            hand = Hand.start(
                stacks=stacks, button=button, small_blind_seat=sb, big_blind_seat=bb,
                small_blind=1, big_blind=2, rng=random.Random(n * 100 + button),
            )  # fmt: skip
            while not hand.is_over:
                legal = hand.legal()
                hand.act(AllIn() if legal.can_raise else Call())
            result = hand.result
            assert result.start_stacks == tuple(stacks)
            assert result.final_stacks == tuple(hand.stacks)
            # The biggest stack either shoved (100 comes back) or only called.
            assert result.returned in ((), ((n - 1, 100),))
            final = [c for c in result.final_stacks if c is not None]
            assert sum(final) == sum(s for s in stacks if s)
            assert sum(pot.amount for pot in result.pots) == sum(final) - 100


def test_pot_result_fast_builder_equals_the_dataclass() -> None:
    """``pot_result`` (the engine's cheap constructor) gives the same frozen value as
    ``PotResult(...)``: equal, same hash and repr, and still refuses assignment."""
    fast = pot_result(1, 900, (0, 2), (2,), ((2, 900),), (), "a pair of kings")
    slow = PotResult(
        index=1, amount=900, eligible=(0, 2), winners=(2,), awards=((2, 900),),
        hand="a pair of kings",
    )  # fmt: skip
    assert fast == slow
    assert hash(fast) == hash(slow)
    assert repr(fast) == repr(slow)
    assert fast.is_side_pot
    with pytest.raises(AttributeError):
        fast.amount = 1  # type: ignore[misc]
