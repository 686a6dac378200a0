"""Foxwoods' tournament high hand (H9): pure rules over plain data.

In every daily event, during level 1 only, the best hand shown of three of a kind or
better wins a prize equal to the event's full price: buy-in, P.C. fee, entry fee and
bounty (the whole :attr:`~pokertd.tournament.templates.Fees.total`). The catalogue leaves
ties and "dealt" versus "shown" open; Appendix D #22 decides: the hand must be shown to
and confirmed by the floor, and tied hands split the prize (cents, the odd cent to the
first recorded, H5).

The promotion is the profile's ``high_hand_promo`` (FOX true, every other venue off).

Implements: FOX-HH (H9; Appendix D #22).
"""

from __future__ import annotations

from dataclasses import dataclass

from pokertd.cards.card import cards_text, parse_cards
from pokertd.cards.evaluate import HandCategory, category, describe, evaluate, said_hand
from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.i18n import N_, Clause
from pokertd.rules import RuleProfile
from pokertd.types import Cents

HIGH_HAND_LEVEL = 1
"""The high hand counts only hands of this level (FOX-HH: "level 1 only")."""
HIGH_HAND_MINIMUM = HandCategory.THREE_OF_A_KIND
"""The weakest qualifying hand (FOX-HH: three of a kind or better)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ShownHand:
    """A hand as shown to the floor: its cards, strength (lower is better) and name."""

    cards: str
    strength: int
    label: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HighHand:
    """A qualifying hand recorded for the high-hand prize."""

    entry_id: str
    name: str
    cards: str
    strength: int
    label: str
    level: int | None
    at: str


def shown_hand(text: str) -> ShownHand:
    """The best five of the five to seven cards ``text`` names (``"As Ad Ac Kd 2h"``).

    >>> shown_hand("As Ad Ac Kd 2h").label
    'three of a kind, aces'
    """
    codes = parse_cards(text)
    if not 5 <= len(codes) <= 7:
        raise InvalidCommand(
            template=N_(
                "Give the five to seven cards of the hand (hole cards and board), not %(count)s."
            ),
            params={"count": len(codes)},
        )
    if len(set(codes)) != len(codes):
        raise InvalidCommand(template=N_("The same card appears twice in the hand."))
    return ShownHand(cards=cards_text(codes, " "), strength=evaluate(codes), label=describe(codes))


def _named(label: str) -> str:
    """A hand's name as a refusal's parameter: a :class:`~pokertd.i18n.Clause` each face
    says in its reader's language (its ``str`` is the same English words)."""
    said = said_hand(label)
    return label if said is None else Clause(said.msgid, said.params)


def check_high_hand(
    profile: RuleProfile, *, level: int | None, hand: ShownHand, best: int | None
) -> None:
    """Refuse a hand that cannot win the high hand (FOX-HH).

    ``level`` is the level the hand was played in (``None``: no clock known); ``best`` the
    strength of the best hand recorded so far (``None``: none yet). An equal hand is kept:
    tied hands split the prize (Appendix D #22).
    """
    rid = profile.cite("H9")
    if not profile.high_hand_promo:
        raise RuleViolation(
            template=N_("%(title)s runs no tournament high hand."),
            params={"title": profile.title},
            rule_ids=rid,
        )
    if level is not None and level != HIGH_HAND_LEVEL:
        raise RuleViolation(
            template=N_(
                "The high hand counts only hands of level %(hh_level)s, not level %(level)s."
            ),
            params={"hh_level": HIGH_HAND_LEVEL, "level": level},
            rule_ids=rid,
        )
    if category(hand.strength) > HIGH_HAND_MINIMUM:
        raise RuleViolation(
            template=N_(
                "%(hand)s does not qualify: the high hand needs three of a kind or better."
            ),
            params={"hand": hand.label.capitalize()},
            rule_ids=rid,
        )
    if best is not None and hand.strength > best:
        raise RuleViolation(
            template=N_("A better hand already holds the high hand; %(label)s does not beat it."),
            params={"label": _named(hand.label)},
            rule_ids=rid,
        )


def winning_hands(hands: list[HighHand]) -> list[HighHand]:
    """The best recorded hands (several when tied), in the order they were recorded."""
    if not hands:
        return []
    best = min(h.strength for h in hands)
    return [h for h in hands if h.strength == best]


def split_prize(prize: Cents, winners: int) -> tuple[Cents, ...]:
    """``prize`` shared by ``winners`` tied hands in cents, the odd cents to the first.

    >>> split_prize(6000, 2), split_prize(10000, 3)
    ((3000, 3000), (3334, 3333, 3333))
    """
    if winners <= 0:
        return ()
    share, odd = divmod(prize, winners)
    return tuple(share + (1 if i < odd else 0) for i in range(winners))


__all__ = [
    "HIGH_HAND_LEVEL",
    "HIGH_HAND_MINIMUM",
    "HighHand",
    "ShownHand",
    "check_high_hand",
    "shown_hand",
    "split_prize",
    "winning_hands",
]
