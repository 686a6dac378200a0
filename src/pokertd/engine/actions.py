"""What a player may do, and the record of what he did.

Actions are small frozen values, python-chess ``Move`` style. A bet or raise names the
total the player's bet comes **to** on this betting round (``Raise(to=2800)``), the way
FOX-46B and KPC-33 read "raise, eight thousand". ``seat`` is optional: when given, the
engine refuses the action unless that seat is the one to act (acting out of turn).

:class:`Legal` answers "what may the player to act do?" in one frozen value, so a user
interface or a bot can offer exactly the legal choices.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, TypeAlias

from pokertd.types import Chips, Seat


@dataclass(frozen=True, slots=True, kw_only=True)
class Fold:
    """Give up the hand; chips already in the pot stay there."""

    seat: Seat | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Check:
    """Pass without betting; only when nothing is owed (NJ-Def7)."""

    seat: Seat | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Call:
    """Match the current bet, or put in the whole stack if it is smaller.

    With nothing to call it is a check (as PHH's ``cc``)."""

    seat: Seat | None = None


@dataclass(frozen=True, slots=True)
class Bet:
    """Open the betting on this round: the player's bet comes to ``to``.

    Facing a bet it is read as a raise to ``to`` (a raise *is* a bet on top of a bet)."""

    to: Chips
    seat: Seat | None = None


@dataclass(frozen=True, slots=True)
class Raise:
    """Raise so that the player's bet on this round comes to ``to`` (FOX-46B)."""

    to: Chips
    seat: Seat | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class AllIn:
    """Put the whole stack in: a call, a bet or a raise, whichever the stack makes it."""

    seat: Seat | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Show:
    """Table the hole cards at showdown."""

    seat: Seat | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Muck:
    """Throw the hand away unshown at showdown (gives up any claim to the pot)."""

    seat: Seat | None = None


Action: TypeAlias = Fold | Check | Call | Bet | Raise | AllIn | Show | Muck
"""Any action a player may take."""


class ActionRecord(NamedTuple):
    """One thing that happened in a hand, as stored and shown.

    ``kind`` is a floor word: ``"fold"``, ``"check"``, ``"call"``, ``"bet"``, ``"raise"``,
    ``"show"``, ``"muck"``, or ``"killed"`` (a dead hand of an absent player, K6).
    ``amount`` is what the seat put in with this action; ``to`` its total bet on the round
    afterwards.

    A ``NamedTuple`` (immutable, compared field by field): :meth:`Hand.act
    <pokertd.engine.hand.Hand.act>` returns one for every action, and a tuple costs about
    a quarter of a frozen slotted dataclass to build (0.24 against 0.9 µs).
    """

    seat: Seat
    kind: str
    amount: Chips = 0
    to: Chips = 0
    all_in: bool = False
    street: str = "preflop"

    def __str__(self) -> str:
        text = f"seat {self.seat + 1} {self.kind}"
        if self.kind in ("bet", "raise"):
            text += f" to {self.to:,}"
        elif self.kind == "call":
            text += f" {self.amount:,}"
        if self.all_in:
            text += " (all-in)"
        return text


class Legal(NamedTuple):
    """What the seat to act may do now (an immutable value).

    A ``NamedTuple`` rather than a frozen dataclass: bots ask for it before every action
    and a tuple is built several times faster. Amounts are chips.
    ``min_raise_to``/``max_raise_to`` bound the total a bet or raise may come to, already
    clipped to the player's stack: any ``to`` between them is legal (an all-in for less
    than a full raise is therefore within the range).
    ``full_raise_to`` is the rule's minimum before clipping, for display.
    """

    seat: Seat
    can_fold: bool
    can_check: bool
    call_amount: Chips
    can_raise: bool
    is_bet: bool
    min_raise_to: Chips
    max_raise_to: Chips
    full_raise_to: Chips
    all_in_to: Chips
    current_bet: Chips
    stack: Chips
    bet: Chips
    can_show: bool = False
    can_muck: bool = False


__all__ = [
    "Action",
    "ActionRecord",
    "AllIn",
    "Bet",
    "Call",
    "Check",
    "Fold",
    "Legal",
    "Muck",
    "Raise",
    "Show",
]
