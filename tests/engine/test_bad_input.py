"""Bad input: a clear exception and no change of state."""

from __future__ import annotations

from typing import Any

import pytest
from engine_helpers import play, start

from pokertd.engine import COMPILED, Action, AllIn, Bet, Call, Check, Fold, Hand, Raise, Show
from pokertd.errors import BelowMinimumRaise, IllegalAction, InvalidCommand, OutOfTurn

BIG = 10_000


def snapshot(hand: Hand) -> tuple[Any, ...]:
    return (hand.stacks, hand.bets, hand.pot, hand.actor, hand.street, len(hand.actions))


@pytest.mark.parametrize(
    ("action", "error"),
    [
        (Call(seat=0), OutOfTurn),  # seat 3 (index 2) is to act
        (Raise(150), BelowMinimumRaise),
        (Raise(20_000), IllegalAction),  # more than the stack
        (Raise(100), IllegalAction),  # not above the current bet
        (Check(), IllegalAction),  # facing the big blind
        (Show(), IllegalAction),  # not at showdown
    ],
)
def test_FOX_41A_refused_actions_change_nothing(action: Action, error: type[Exception]) -> None:
    """Out of turn (FOX-41A), below the minimum (FOX-46A), beyond the stack, a check
    facing a bet (NJ-Def7), a show before the showdown: refused, state unchanged."""
    hand = start([BIG] * 4)
    before = snapshot(hand)
    with pytest.raises(error) as exc:
        hand.act(action)
    assert snapshot(hand) == before
    assert str(exc.value)


def test_out_of_turn_message_names_both_seats() -> None:
    hand = start([BIG] * 4)
    with pytest.raises(OutOfTurn) as exc:
        hand.act(Fold(seat=1))
    # E10 under the TDA profile: TDA rules 41A, 41B and 59B (FOX-41A, FOX-41B, FOX-59B)
    assert str(exc.value) == (
        "Seat 2 acted out of turn: it is seat 3's turn. (TDA-41A, TDA-41B, TDA-59B)"
    )


def test_any_action_after_the_hand_is_over() -> None:
    hand = play(start([BIG] * 3), Fold(), Fold())
    assert hand.is_over
    for action in (Fold(), Call(), AllIn(), Bet(200)):
        with pytest.raises(IllegalAction, match="hand is over"):
            hand.act(action)
    with pytest.raises(IllegalAction):
        hand.legal()


def test_result_before_the_end() -> None:
    with pytest.raises(IllegalAction, match="not over"):
        _ = start([BIG] * 3).result


def test_duplicate_and_unknown_cards() -> None:
    deck = list(range(52))
    deck[5] = 4
    with pytest.raises(InvalidCommand, match="duplicate card 3c"):
        Hand.start(
            stacks=[BIG, BIG],
            button=1,
            small_blind_seat=1,
            big_blind_seat=0,
            small_blind=50,
            big_blind=100,
            deck=deck,
        )
    with pytest.raises(InvalidCommand, match="unknown card code 52"):
        Hand.start(
            stacks=[BIG, BIG],
            button=1,
            small_blind_seat=1,
            big_blind_seat=0,
            small_blind=50,
            big_blind=100,
            deck=[*range(51), 52],
        )
    with pytest.raises(InvalidCommand, match="not a card"):
        Hand.start(
            stacks=[BIG, BIG],
            button=1,
            small_blind_seat=1,
            big_blind_seat=0,
            small_blind=50,
            big_blind=100,
            deck=["As", "Zz"],
        )


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"stacks": [BIG] * 12}, "2 to 11 seats"),
        ({"stacks": [BIG]}, "2 to 11 seats"),
        ({"stacks": [BIG, 0, 0]}, "at least two players"),
        ({"stacks": [BIG, -5, BIG]}, "whole number"),
        ({"button": 7}, "button"),
        ({"big_blind_seat": 2, "stacks": [BIG, BIG, 0]}, "big blind seat"),
        ({"small_blind_seat": 1}, "both blinds"),
        ({"big_blind": 0}, "positive"),
        ({"big_blind": 2.5}, "whole numbers"),
        ({"min_chip": 0}, "smallest chip"),
        ({"deck": list(range(10))}, "this hand needs"),
        ({"deck": None}, "deck order or an rng"),
    ],
)
def test_bad_start_arguments(kwargs: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {
        "stacks": [BIG] * 3,
        "button": 2,
        "small_blind_seat": 0,
        "big_blind_seat": 1,
        "small_blind": 50,
        "big_blind": 100,
        "deck": list(range(52)),
    }
    args.update(kwargs)
    refused: type[Exception] = InvalidCommand
    if COMPILED and message == "whole numbers":
        # Compiled by mypyc, Hand.start checks its int parameters' types at the call: a
        # float is refused before the engine's own check (docs/compiled.md).
        refused, message = TypeError, "int object expected"
    with pytest.raises(refused, match=message):
        Hand.start(**args)


def test_non_integer_bet_is_refused() -> None:
    hand = start([BIG] * 3)
    # Compiled by mypyc, Raise checks that ``to`` is an int when it is built (TypeError).
    with pytest.raises(TypeError if COMPILED else InvalidCommand):
        hand.act(Raise(300.5))  # type: ignore[arg-type]
