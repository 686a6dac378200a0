"""Shared helpers for the engine tests: deal a hand with known cards in one call."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pokertd.engine import Action, Hand, deal_order
from pokertd.rules import RuleProfile, Variant, load_profile

PROFILES: dict[str, RuleProfile] = {}

_TWO_HOLE_CARDS = (Variant.NO_LIMIT_HOLDEM, Variant.FIXED_LIMIT_HOLDEM, Variant.NO_LIMIT_SHORT_DECK)


def profile(name: str = "tda") -> RuleProfile:
    """A built-in profile, loaded once."""
    if name not in PROFILES:
        PROFILES[name] = load_profile(name)
    return PROFILES[name]


def start(
    stacks: Sequence[int | None],
    *,
    blinds: tuple[int, int] = (50, 100),
    button: int | None = None,
    sb: int | None = -1,
    bb: int | None = None,
    holes: Mapping[int, str] | None = None,
    board: str = "",
    prof: str | RuleProfile = "tda",
    variant: Variant = Variant.NO_LIMIT_HOLDEM,
    **kw: Any,
) -> Hand:
    """Deal a hand: seats 0-based; default button on the last seat, blinds on seats 0, 1.

    ``holes`` maps seats to their cards ("AsKd"); other seats get unused cards.
    """
    n = len(stacks)
    if button is None:
        button = n - 1
    occupied = [(button + i) % n for i in range(1, n + 1) if stacks[(button + i) % n]]
    if sb == -1:
        sb = occupied[0] if len(occupied) > 2 else button
    if bb is None:
        bb = occupied[1] if len(occupied) > 2 else occupied[0]
    rules = profile(prof) if isinstance(prof, str) else prof
    holes = dict(holes or {})
    count = 2 if variant in _TWO_HOLE_CARDS else 4
    short_deck = variant is Variant.NO_LIMIT_SHORT_DECK
    used = {c for text in holes.values() for c in _codes(text)} | set(_codes(board))
    spare = [c for c in range(16 if short_deck else 0, 52) if c not in used]
    waiting = kw.get("waiting", 0)
    dealt = [s for s in occupied if not waiting >> s & 1]
    order_holes: list[list[int]] = []
    for s in dealt:
        if s in holes:
            order_holes.append(_codes(holes[s]))
        else:
            order_holes.append([spare.pop() for _ in range(count)])
    deck = deal_order(
        order_holes, board, burn_before_hole=rules.burn_before_hole_cards, short_deck=short_deck
    )
    return Hand.start(
        stacks=stacks,
        button=button,
        small_blind_seat=sb,
        big_blind_seat=bb,
        small_blind=blinds[0],
        big_blind=blinds[1],
        profile=rules,
        variant=variant,
        deck=deck,
        **kw,
    )


def _codes(text: str) -> list[int]:
    from pokertd.cards import parse_cards

    return parse_cards(text) if text else []


def play(hand: Hand, *actions: Action) -> Hand:
    """Apply actions through the checked path."""
    for action in actions:
        hand.act(action)
    return hand


def check_down(hand: Hand) -> Hand:
    """Check or call until the hand is over (showing at showdown)."""
    from pokertd.engine import Call, Check, Show

    while not hand.is_over:
        legal = hand.legal()
        if legal.can_show:
            hand.act(Show())
        else:
            hand.act(Check() if legal.can_check else Call())
    return hand
