"""The checked path's values after issue 25: native records, actions with their own
``__init__``, and a pot's hand words worked out when first read.

``Legal``, ``ActionRecord`` and the log's ``LogEntry`` were named tuples and are now
``Record`` classes (native in the compiled build); these tests pin down that they still
read, compare, hash, unpack and show as the named tuples did, that the actions keep the
face of the frozen dataclasses they are, and that a pot names its winning hand (F3, F6:
cards speak, the winner's hand shown) with the same words, only later. Every test runs
on both builds (``.ci/run``'s compiled pass).
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from pokertd.cards import parse_cards
from pokertd.cards.evaluate import describe, describe_omaha
from pokertd.engine import COMPILED, ActionRecord, Call, Check, Fold, Hand, Legal, Raise
from pokertd.engine.hand import LogEntry, deal_order
from pokertd.engine.result import HandWords
from pokertd.rules import Variant, load_profile


def _six_max() -> Hand:
    return Hand.start(
        stacks=[1_000] * 6, button=5, small_blind_seat=0, big_blind_seat=1, small_blind=50,
        big_blind=100, profile=load_profile("tda"), rng=random.Random(3),
    )  # fmt: skip


def _heads_up(holes: list[str], board: str, variant: Variant) -> Hand:
    """Seat 0 (left of the button) gets ``holes[0]``; both check and call down."""
    hand = Hand.start(
        stacks=[1_000, 1_000], button=1, small_blind_seat=1, big_blind_seat=0,
        small_blind=5, big_blind=10, variant=variant, profile=load_profile("tda"),
        deck=deal_order(holes, board),
    )  # fmt: skip
    while not hand.is_over:
        hand.act(Check() if hand.legal().can_check else Call())
    return hand


@pytest.mark.parametrize(
    ("variant", "holes", "words"),
    [
        (Variant.NO_LIMIT_HOLDEM, ["AsAd", "KsQd"], "full house, aces full of sevens"),
        (Variant.POT_LIMIT_OMAHA, ["AsAdKcQc", "2c3d4h5h"], "full house, aces full of sevens"),
    ],
)
def test_F3_F6_the_pot_names_the_winning_hand_when_first_read(
    variant: Variant, holes: list[str], words: str
) -> None:
    """Board Ah Kd 7c 7s 2h: seat 1's pair of aces makes aces full of sevens and wins the
    20-chip pot (both check and call down); the words are those of naming the cards
    directly, worked out only when ``hand`` is read, then kept."""
    board = "AhKd7c7s2h"
    hand = _heads_up(holes, board, variant)
    pot = hand.result.pots[0]
    assert (pot.amount, pot.winners, pot.awards) == (20, (0,), ((0, 20),))
    assert isinstance(pot._hand, HandWords)  # not named yet
    assert pot.hand == words
    assert isinstance(pot._hand, str)  # named once, kept
    cards = parse_cards(holes[0])
    direct = (
        describe_omaha(parse_cards(board), cards)
        if variant is Variant.POT_LIMIT_OMAHA
        else describe([*cards, *parse_cards(board)])
    )
    assert pot.hand == direct
    assert repr(pot).endswith(f"hand={words!r})")


def test_a_pot_won_without_a_showdown_has_no_words() -> None:
    """F8, F2: everyone folds to the big blind, who wins the 100 matched (his other 50
    uncalled come back) unshown, so no words."""
    hand = _six_max()
    while not hand.is_over:
        hand.act(Fold())
    (pot,) = hand.result.pots
    assert (pot.winners, pot.amount, pot.hand) == ((1,), 100, "")


def test_legal_reads_like_the_named_tuple_it_was() -> None:
    """Seat 3 (0-based 2) faces the 100 big blind with 1,000: call 100, raise 200-1,000."""
    legal = _six_max().legal()
    values = (2, True, False, 100, True, False, 200, 1_000, 200, 1_000, 100, 1_000, 0, False, False)
    assert legal == values
    assert tuple(legal) == values
    assert hash(legal) == hash(values)
    assert legal != (*values[:-1], True)
    seat, can_fold, *_ = legal
    assert (seat, can_fold, legal[3], legal[-2:], len(legal)) == (2, True, 100, (False, False), 15)
    assert legal._asdict()["max_raise_to"] == 1_000
    assert legal._replace(call_amount=0).call_amount == 0
    assert legal._replace(call_amount=0) != legal
    assert Legal(*values) == legal
    assert repr(legal).startswith("Legal(seat=2, can_fold=True, can_check=False, call_amount=100,")
    assert legal._fields[:2] == ("seat", "can_fold")


def test_action_records_and_log_entries_read_like_named_tuples() -> None:
    hand = _six_max()
    record = hand.act(Raise(to=300))
    assert record == ActionRecord(2, "raise", 300, 300) == (2, "raise", 300, 300, False, "preflop")
    assert record != (2, "raise", 300, 300, False, "flop")
    assert hash(record) == hash((2, "raise", 300, 300, False, "preflop"))
    assert (record[1], record[:2], len(record)) == ("raise", (2, "raise"), 6)
    assert repr(record) == (
        "ActionRecord(seat=2, kind='raise', amount=300, to=300, all_in=False, street='preflop')"
    )
    plain: object = (2, "raise", 300, 300, False, "preflop")
    assert {record: 1}[plain] == 1  # type: ignore[index]
    entry = hand._log[0]
    assert isinstance(entry, LogEntry)
    assert entry == (2, 4, 300, 300, False, 0)  # position 2, K_RAISE, pre-flop


def test_records_refuse_assignment_in_the_compiled_build() -> None:
    """Fields are ``Final``: mypy refuses an assignment everywhere, the compiled build also
    at run time; the pure build's slots take it (docs/compiled.md, Differences: both
    outcomes stated, as test_bad_input does for the float stake)."""
    hand = _six_max()
    legal = hand.legal()
    record = hand.act(Call())
    if COMPILED:
        with pytest.raises(AttributeError):
            legal.call_amount = 0  # type: ignore[misc]
        with pytest.raises(AttributeError):
            record.kind = "fold"  # type: ignore[misc]
    else:
        record.kind = "fold"  # type: ignore[misc]
        assert record.kind == "fold"


def test_actions_keep_their_frozen_dataclass_face() -> None:
    assert Raise(300) == Raise(to=300) == Raise(300, None)
    assert hash(Raise(300, 2)) == hash(Raise(to=300, seat=2))
    assert Raise(300) != Raise(301)
    assert repr(Raise(300, seat=2)) == "Raise(to=300, seat=2)"
    assert repr(Fold()) == "Fold(seat=None)"
    assert Fold(seat=3).seat == 3
    assert [f.name for f in dataclasses.fields(Raise)] == ["to", "seat"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        Raise(300).to = 5  # type: ignore[misc]
    with pytest.raises(TypeError):
        Fold(3)  # type: ignore[call-arg]
