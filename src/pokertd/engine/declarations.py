"""Live chip input: what silently pushed chips amount to (hybrid tables, floor rulings).

At a live table a player often pushes chips without a word. :func:`rule_on_chips` says
what that push is under the profile in force, as a :class:`Ruling` whose ``action`` the
engine can then apply (``hand.act(ruling.action)``):

- a single oversized chip facing a bet is a call; with "raise" declared it raises as far
  as the chip goes; not facing a bet it is a bet of its full value (E15);
- several chips that are all needed for the call are a call (E16); otherwise the venue's
  over-call standard decides (E13): TDA 50 % of the last increment, or KPC/SPOT 1.5 x the
  current bet; a raise is then completed to the minimum raise;
- KPC: several chips that are the player's last are an all-in (E16);
- less than the call (and not all-in) is an undercall (E12): a full call is required
  heads-up or facing the opening bet (TDA), always (SPOT), or the player chooses between
  the full call and folding (KPC multi-way); other TDA cases go to the floor;
- an opening bet below the big blind is raised to exactly the minimum (E1).

Implements: E1 (KPC-29C, SPOT-5c8), E12 (KPC-29A, TNPL-H1i, FOX-42B, SPOT-3d9), E13
(KPC-29B, KPC-31, TNPL-H5i, FOX-46A, SPOT-3d10), E15 (KPC-35, TNPL-H6, FOX-48, SPOT-3d11),
E16 (KPC-36, TNPL-H7, FOX-49) for no-limit and pot-limit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokertd.engine.actions import Action, AllIn, Bet, Call, Fold, Raise
from pokertd.engine.hand import Hand
from pokertd.errors import IllegalAction, InvalidCommand
from pokertd.rules import MultichipLastChips, OvercallThreshold, UndercallRule
from pokertd.types import Chips

E1_IDS = ("KPC-29C", "SPOT-5c8")
E12_IDS = ("KPC-29A", "TNPL-H1i", "FOX-42B", "SPOT-3d9")
E13_IDS = ("KPC-29B", "KPC-31", "TNPL-H5i", "FOX-46A", "SPOT-3d10")
E15_IDS = ("KPC-35", "TNPL-H6", "FOX-48", "SPOT-3d11")
E16_IDS = ("KPC-36", "TNPL-H7", "FOX-49")


@dataclass(frozen=True, slots=True, kw_only=True)
class Ruling:
    """What a push amounts to.

    ``action`` is the binding action (``None`` when the floor must decide);
    ``returned`` the chips handed back to the player; ``options`` the actions the player
    may choose between (KPC undercall); ``floor_decision`` marks TD-discretion cases.
    """

    action: Action | None
    reason: str
    rule_ids: tuple[str, ...]
    returned: Chips = 0
    options: tuple[Action, ...] = ()
    floor_decision: bool = False


def rule_on_chips(hand: Hand, chips: Sequence[Chips], *, declared: str | None = None) -> Ruling:
    """The ruling on ``chips`` (their denominations) pushed by the seat to act.

    ``declared`` is what the player said first: ``None`` (silent), ``"call"``,
    ``"raise"`` or ``"all-in"``.
    """
    if hand.variant.value == "flhe":
        raise InvalidCommand("Chip-push rulings apply to no-limit and pot-limit games.")
    if not chips or any(c <= 0 for c in chips):
        raise InvalidCommand("A push is one or more chips of positive value.")
    if declared not in (None, "call", "raise", "all-in"):
        raise InvalidCommand(f"Unknown declaration {declared!r}: say call, raise or all-in.")
    legal = hand.legal()
    if legal.can_show:
        raise IllegalAction("It is the showdown: there is nothing to bet.")
    profile = hand.profile
    seat = legal.seat
    pushed = sum(chips)
    bet, stack, current = legal.bet, legal.stack, legal.current_bet
    owed = max(current - bet, 0)
    if pushed > stack:
        raise InvalidCommand(f"Seat {seat + 1} has only {stack:,} chips, not {pushed:,}.")
    last_chips = pushed == stack
    increment = hand.last_increment

    def raise_to(total: int, why: str, ids: tuple[str, ...]) -> Ruling:
        if not legal.can_raise:
            return Ruling(action=Call(), reason=f"{why}; raising is closed, so it is a call",
                          rule_ids=ids, returned=max(pushed - owed, 0))  # fmt: skip
        to = min(max(total, legal.min_raise_to), legal.max_raise_to)
        kind = Bet(to) if current == 0 else Raise(to)
        extra = to - bet - pushed
        words = f"{why}: {'bet' if current == 0 else 'raise'} to {to:,}"
        if extra > 0:
            words += f" (completed with {extra:,} more)"
        return Ruling(action=kind, reason=words, rule_ids=ids, returned=max(-extra, 0))

    if declared == "all-in" or (last_chips and declared is None and len(chips) > 1
                                and profile.multichip_last_chips is MultichipLastChips.ALL_IN
                                and pushed > owed):  # fmt: skip
        return Ruling(action=AllIn(), reason="The player's last chips: all-in",
                      rule_ids=E16_IDS if declared is None else ())  # fmt: skip
    if declared == "call":
        return Ruling(action=Call(), reason="Declared call", rule_ids=("FOX-42A",),
                      returned=max(pushed - owed, 0))  # fmt: skip

    if current == 0:  # not facing a bet: the push is a bet of its value (E15, E1)
        if bet + pushed < legal.full_raise_to and not last_chips:
            return raise_to(legal.full_raise_to, "An opening bet below the big blind", E1_IDS)
        if last_chips:
            return Ruling(action=AllIn(), reason="Bet of the player's last chips: all-in",
                          rule_ids=E1_IDS)  # fmt: skip
        return raise_to(bet + pushed, "A bet of the chips' full value", E15_IDS)

    if len(chips) == 1 and pushed > owed:
        if declared == "raise":
            return raise_to(bet + pushed, "Raise declared with one chip: as far as it goes",
                            E15_IDS)  # fmt: skip
        if last_chips and not profile.oversized_last_chip_is_call:
            return Ruling(action=AllIn(), reason="The player's last chip: all-in",
                          rule_ids=E15_IDS)  # fmt: skip
        return Ruling(action=Call(), reason="A single oversized chip without 'raise' is a call",
                      rule_ids=E15_IDS, returned=pushed - owed)  # fmt: skip

    if pushed < owed:
        if last_chips:
            return Ruling(action=Call(), reason="All the player's chips: an all-in call",
                          rule_ids=())  # fmt: skip
        return _undercall(hand, owed, pushed)

    if declared == "raise":
        return raise_to(bet + pushed, "Raise declared", E13_IDS)
    if pushed == owed or pushed - min(chips) < owed:
        return Ruling(action=Call(), reason="Every chip was needed for the call: a call",
                      rule_ids=E16_IDS, returned=pushed - owed)  # fmt: skip
    excess = pushed - owed
    if profile.overcall_raise_threshold is OvercallThreshold.HALF_LAST_INCREMENT:
        is_raise = 2 * excess >= increment
        standard = f"{excess:,} over the call is {'at least' if is_raise else 'under'} half " \
                   f"the last raise of {increment:,}"  # fmt: skip
    else:
        is_raise = 2 * (bet + pushed) >= 3 * current
        standard = f"{bet + pushed:,} is {'at least' if is_raise else 'under'} 1.5 x the " \
                   f"current bet of {current:,}"  # fmt: skip
    if is_raise:
        return raise_to(bet + pushed, standard + ": a raise", E13_IDS)
    return Ruling(action=Call(), reason=standard + ": a call, the excess is returned",
                  rule_ids=E13_IDS, returned=excess)  # fmt: skip


def _undercall(hand: Hand, owed: int, pushed: int) -> Ruling:
    """E12: less than the call without saying "call"."""
    rule = hand.profile.undercall_rule
    heads_up = sum(1 for s in hand.seats_dealt if hand.in_hand(s)) == 2
    facing_opener = hand.raises_this_round == 0
    short = f"{pushed:,} pushed against {owed:,} to call"
    if rule is UndercallRule.ALWAYS_FULL or heads_up:
        return Ruling(action=Call(), reason=f"Undercall ({short}): the full call is required",
                      rule_ids=E12_IDS)  # fmt: skip
    if rule is UndercallRule.HEADSUP_FULL_ELSE_PLAYER_OPTION:
        return Ruling(action=None, reason=f"Undercall multi-way ({short}): complete the call, "
                      "or fold and forfeit the chips pushed", rule_ids=E12_IDS,
                      options=(Call(), Fold()))  # fmt: skip
    if facing_opener:
        return Ruling(action=Call(), reason=f"Undercall facing the opening bet ({short}): the "
                      "full call is required", rule_ids=E12_IDS)  # fmt: skip
    return Ruling(action=None, reason=f"Undercall facing a raise multi-way ({short}): the "
                  "floor decides", rule_ids=E12_IDS, options=(Call(), Fold()),
                  floor_decision=True)  # fmt: skip


__all__ = ["Ruling", "rule_on_chips"]
