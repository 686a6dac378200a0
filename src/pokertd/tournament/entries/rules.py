"""Entries' pure rules: kinds of entry and purchase, how a player is recognised, and the
chips a new entry gets (early-registration bonus, late-entry reduction).

Values and functions over plain data: no events, no state parts (see
:mod:`pokertd.tournament.entries.state` for the roster and :mod:`.log` for the commands).

Implements: FOX-REG5 (A2, one player by card or name); TNPL-B2i (A5); TNPL-B2iii (A6);
KPC-18, FOX-RE (A8); KPC-6f, FOX-REG7 (A12); FOX-EVT, KPC-57, NJ-44a (H1).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from pokertd.types import Chips


class EntryKind(StrEnum):
    """How an entry was bought (A8, A12)."""

    BUY_IN = "buy_in"
    RE_ENTRY = "re_entry"
    ALTERNATE = "alternate"


class PurchaseKind(StrEnum):
    """What a purchase bought; each is accounted separately (H1)."""

    BUY_IN = "buy_in"
    RE_ENTRY = "re_entry"
    ALTERNATE = "alternate"
    REBUY = "rebuy"
    ADDON = "addon"


class EntryStatus(StrEnum):
    """Where an entry stands."""

    ALIVE = "alive"
    BUSTED = "busted"
    FORFEITED = "forfeited"
    """Stack given up to re-enter (A11); ranked like a bust."""
    DISQUALIFIED = "disqualified"
    """Chips removed from play; unranked (K5, IMPL)."""


def player_key(name: str) -> str:
    """A name as compared across events: NFC, inner spaces collapsed, case-folded."""
    return unicodedata.normalize("NFC", " ".join(name.split())).casefold()


def same_player(name: str, card: str, other_name: str, other_card: str) -> bool:
    """Whether two registrations are the same person (FOX-REG5): by member card when both
    have one, else by name (:func:`player_key`)."""
    if card.strip() and other_card.strip():
        return card.strip() == other_card.strip()
    return player_key(name) == player_key(other_name)


@dataclass(frozen=True, slots=True)
class EntryChips:
    """The chips a new entry is issued: the stack plus bonus less reduction (A5, A6)."""

    chips: Chips
    bonus: Chips
    reduction: Chips


def entry_chips(
    stack: Chips,
    *,
    early: bool,
    bonus_pct: Fraction,
    level: int | None,
    reduction_pct_per_level: Fraction,
    reduction_cap: Fraction,
) -> EntryChips:
    """Chips for a new entry: ``stack`` plus the early-registration bonus when ``early``
    (A6, TNPL-B2iii) less the late-entry reduction of ``reduction_pct_per_level`` per level
    started, at most ``reduction_cap`` (A5, TNPL-B2i). Whole chips, rounded down.

    Where a bonus is given, everyone else gets a full stack (TNPL-B2iii): an event with a
    bonus reduces no late entry, even one whose template (an old log's) sets both.

    >>> entry_chips(10000, early=False, bonus_pct=Fraction(1, 5), level=2,
    ...             reduction_pct_per_level=Fraction(1, 10), reduction_cap=Fraction(3, 10))
    EntryChips(chips=10000, bonus=0, reduction=0)

    >>> entry_chips(10000, early=True, bonus_pct=Fraction(1, 10), level=None,
    ...             reduction_pct_per_level=0, reduction_cap=0)
    EntryChips(chips=11000, bonus=1000, reduction=0)
    >>> entry_chips(10000, early=False, bonus_pct=0, level=3,
    ...             reduction_pct_per_level=Fraction(1, 10), reduction_cap=Fraction(1, 4))
    EntryChips(chips=7500, bonus=0, reduction=2500)
    """
    bonus = int(stack * bonus_pct) if early and bonus_pct else 0
    reduction = 0
    if level is not None and reduction_pct_per_level and not bonus_pct:
        reduction = int(stack * min(reduction_pct_per_level * level, reduction_cap))
    return EntryChips(chips=stack + bonus - reduction, bonus=bonus, reduction=reduction)


__all__ = [
    "EntryChips",
    "EntryKind",
    "EntryStatus",
    "PurchaseKind",
    "entry_chips",
    "player_key",
    "same_player",
]
