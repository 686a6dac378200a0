"""The engine's inside is named: every slot documented, the deal layout and the log
entries named, and the names agree with what the engine actually does."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pokertd.engine.hand as hand_module
from pokertd.cards import cards_text
from pokertd.engine import COMPILED, Hand
from pokertd.engine.hand import (
    AFTER_HOLE_CARDS,
    BOARD_INDEXES,
    K_BOARD,
    K_CALL,
    K_FOLD,
    LogEntry,
    deal_order,
)
from pokertd.rules import load_profile


def _slots_in_source() -> object:
    """``Hand.__slots__`` as written in hand.py (a compiled Hand keeps none at run time)."""
    spec = hand_module.__spec__
    assert spec is not None
    assert spec.origin is not None
    tree = ast.parse(Path(spec.origin).with_name("hand.py").read_text(encoding="utf-8"))
    (hand,) = (n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Hand")
    for node in hand.body:
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "__slots__":
            return ast.literal_eval(node.value)
    raise AssertionError("hand.py's Hand has no __slots__")


def test_every_slot_has_a_docstring() -> None:
    slots = _slots_in_source() if COMPILED else Hand.__slots__
    assert isinstance(slots, dict)
    if COMPILED:  # mypyc lists a native class's attributes: exactly the documented slots
        assert set(vars(Hand)["__mypyc_attrs__"]) == set(slots)
    assert (
        len(slots) == 59
    )  # 55 + the checked path's cache (_legal, _legal_at) + Omaha hi-lo's _low, _hilo_pots
    assert all(isinstance(doc, str) and len(doc) > 15 for doc in slots.values())
    assert not {"_k", "_cur", "_pl_adjust"} & set(slots)


def _hand(profile: str, deck: list[int]) -> Hand:
    return Hand.start(
        stacks=[1_000] * 3, button=2, small_blind_seat=0, big_blind_seat=1,
        small_blind=5, big_blind=10, profile=load_profile(profile), deck=deck,
    )  # fmt: skip


def test_board_indexes_are_where_the_engine_deals_the_board() -> None:
    """Burns at 0, 4, 6 after the hole cards; NJ burns one more before them."""
    deck = random.Random(5).sample(range(52), 52)
    for profile, first in (("tda", 0), ("nj_fundraiser", 1)):
        hand = _hand(profile, deck)
        after_hole = first + 3 * 2
        assert hand._board == [deck[after_hole + i] for i in BOARD_INDEXES]
        assert hand.hole_cards(0) == (deck[first], deck[first + 3])
    assert AFTER_HOLE_CARDS == 8
    order = deal_order(["AsKs", "2c2d"], "7h8h9hTh")
    assert cards_text([order[4 + i] for i in BOARD_INDEXES[:4]]) == "7h8h9hTh"
    assert len(order) == 52


def test_the_log_is_named_tuples_read_by_field() -> None:
    hand = _hand("tda", list(range(52)))
    hand.do_fold()  # seat 2 (button) folds
    hand.do_check_call()  # small blind calls
    hand.do_check_call()  # big blind checks: the flop comes
    log = hand._log
    assert all(isinstance(e, LogEntry) for e in log)
    assert [(e.position, e.code, e.amount, e.to) for e in log[:2]] == [
        (2, K_FOLD, 0, 0),
        (0, K_CALL, 5, 10),
    ]
    assert (log[-1].code, log[-1].position) == (K_BOARD, -1)
    assert [str(a) for a in hand.actions] == ["seat 3 fold", "seat 1 call 5", "seat 2 check"]
