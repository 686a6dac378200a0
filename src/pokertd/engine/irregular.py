"""Irregularities the floor rules on around a hand, as pure functions over plain data.

* :func:`substantial_action` -- whether substantial action has occurred, by the venue's
  definition (L1): it closes the door on a misdeal (L3) and, at Foxwoods and under the TDA,
  on correcting the last pot (F13).
* :func:`check_correction` -- whether a result may still be corrected: until the next hand
  starts, or until substantial action on it (a minute after the award when the hand ended
  at a break), or the operator decides (F13).
* :func:`is_exclusive_nuts` / :func:`exclusive_nuts_flag` -- a river hand that can neither
  lose nor tie, checked or called by the last player to act (K9): a penalty (TNPL) or an
  advisory flag for the tournament director (FOX, TDA).
* :func:`wait_for_big_blind` / :func:`owes_big_blind` -- a new or moved player who lets the
  big blind come to him rather than post at once (D7, a flag for Spotlight's cash-game
  text, off by default).
* Stud (issue 28): :func:`stud_exposure_is_misdeal` -- a player's first two down cards
  exposed by dealer error are a misdeal (L2: KPC-24E, TNPL-G1i(5), FOX-35A(5));
  :func:`stud_in_turn_kinds` -- a stud hand's actions as substantial action counts them
  (the bring-in is the forced bet, a completion a bet); :func:`bring_in_correction` and
  :func:`wrong_bring_in_stands` -- bring-in errors, where the rulebooks are silent but for
  SPOT-3d12 (the floor's usual rule, IMPL). ``StudHand.kill``, ``upcards_picked_up``,
  ``misdeal``, ``exposed_down_card``, ``bring_in_amount`` and ``wrong_bring_in`` apply
  them to a hand.

They take action records, cards, seat masks and the profile; nothing here knows a
:class:`~pokertd.engine.hand.Hand` (``Hand.misdeal`` and :mod:`pokertd.engine.floor` apply
them to one). Refusals cite the tournament profile's own rule IDs
(:meth:`~pokertd.rules.profile.RuleProfile.cite`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum, unique
from itertools import combinations

from pokertd.cards.card import CardCode, cards_text
from pokertd.cards.evaluate import evaluate7
from pokertd.engine.actions import ActionRecord
from pokertd.engine.button import HandPositions
from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.i18n import N_, Phrase
from pokertd.rules.enums import CheckExclusiveNuts, DisputeWindow, SubstantialActionRule
from pokertd.rules.profile import RuleProfile
from pokertd.types import Seat, SeatMask

IN_TURN_KINDS = frozenset({"fold", "check", "call", "bet", "raise"})
"""Action kinds a player takes in turn (posting a blind, a killed hand, a show are not)."""
CHIP_KINDS = frozenset({"call", "bet", "raise"})
"""In-turn actions that put chips in the pot."""
BREAK_CORRECTION_SECONDS = 60
"""F13 (FOX-22): when the hand ended at a break, a pot-accounting error may be corrected
for one minute after the pot was pushed (part of the ``until_sa_next_hand`` window)."""


@unique
class HandProgress(StrEnum):
    """How far the next hand has gone when an error in the last one is raised (F13)."""

    NOT_STARTED = "not_started"
    """No riffle, no push of the shuffler button: the next hand has not begun."""
    STARTED = "started"
    """The next hand has begun (dealt, perhaps some action), without substantial action."""
    SUBSTANTIAL_ACTION = "substantial_action"
    """Substantial action has occurred on the next hand (L1)."""


@unique
class DisputeKind(StrEnum):
    """What is wrong with the last result (F13): the two windows the venues set."""

    ACCOUNTING = "accounting"
    """A counting or award error: amounts, who was paid."""
    HAND_READING = "hand_reading"
    """A tabled hand was misread."""


def substantial_action(
    actions: Iterable[ActionRecord],
    rule: SubstantialActionRule,
    blinds: Collection[Seat] = (),
) -> bool:
    """Whether substantial action has occurred, given a hand's actions in order.

    Only in-turn actions count (:data:`IN_TURN_KINDS`; posting blinds never does):

    * ``tda_2_with_chips_or_3`` (KPC, TNPL, FOX, TDA): two in-turn actions at least one of
      which puts chips in (anything but two checks or two folds), or any three in-turn
      actions.
    * ``two_players_after_blinds`` (SPOT): two players other than the blinds (``blinds``,
      their seats) have each acted. IMPL: once the betting has left the pre-flop round
      (short-handed, when fewer than two players sit after the blinds) action has occurred.

    Implements: KPC-25A, KPC-25B, KPC-25C, TNPL-G2, FOX-36, SPOT-3a10 (L1).
    """
    in_turn = [a for a in actions if a.kind in IN_TURN_KINDS]
    if rule is SubstantialActionRule.TWO_PLAYERS_AFTER_BLINDS:
        if any(a.street != "preflop" for a in in_turn):
            return True
        return len({a.seat for a in in_turn if a.seat not in blinds}) >= 2
    if len(in_turn) >= 3:
        return True
    return len(in_turn) == 2 and any(a.kind in CHIP_KINDS for a in in_turn)


def actions_from_words(kinds: Iterable[str]) -> list[ActionRecord]:
    """Pre-flop actions as the floor reports them ("fold", "call", ...), one player each
    after the blinds in turn: the input :func:`substantial_action` reads when no hand is
    in the software (a live-dealt table). Raises :class:`InvalidCommand` on other words."""
    out: list[ActionRecord] = []
    for i, word in enumerate(kinds):
        kind = word.strip().lower()
        if kind == "all-in" or kind == "allin":
            kind = "raise"
        elif kind == "complete":  # stud: completing the bring-in is a bet
            kind = "bet"
        if kind not in IN_TURN_KINDS:
            raise InvalidCommand(
                template=N_(
                    "'%(word)s' is not an action: say fold, check, call, bet, raise or all-in."
                ),
                params={"word": word},
                context={"action": word},
            )
        out.append(ActionRecord(seat=100 + i, kind=kind))
    return out


def check_correction(
    profile: RuleProfile,
    kind: DisputeKind,
    progress: HandProgress,
    *,
    at_break: bool = False,
    seconds_since_award: int | None = None,
) -> None:
    """Refuse a correction of the last hand's result once the venue's window has closed.

    The profile's ``dispute_window_accounting`` (``kind`` accounting) or
    ``dispute_window_hand_reading`` (hand reading) decides:

    * ``until_next_hand_start`` (KPC, TNPL, SPOT; everyone for a misread hand): open while
      the next hand has not started (first riffle or dealer push).
    * ``until_sa_next_hand`` (FOX, TDA, accounting): open until substantial action on the
      next hand; when the hand ended at a break, for one minute after the pot was pushed
      (:data:`BREAK_CORRECTION_SECONDS`).
    * ``operator_decides`` (NJ): always heard; the licensed operator's decision is final.

    Raises :class:`~pokertd.errors.RuleViolation` with the venue's rule IDs.

    Implements: KPC-11l, TNPL-C10, FOX-22, SPOT-2a3, SPOT-2a4, SPOT-2a5, NJ-11 (F13).
    """
    window = (
        profile.dispute_window_accounting
        if kind is DisputeKind.ACCOUNTING
        else profile.dispute_window_hand_reading
    )
    what = Phrase(
        N_("the pot") if kind is DisputeKind.ACCOUNTING else N_("the reading of the hand")
    )
    rule_ids = profile.cite("F13")
    if window is DisputeWindow.OPERATOR_DECIDES:
        return
    if window is DisputeWindow.UNTIL_SA_NEXT_HAND and at_break:
        if seconds_since_award is None:
            raise InvalidCommand(
                template=N_(
                    "How long ago was the pot pushed? At a break a correction is allowed for "
                    "%(seconds)s seconds after the award."
                ),
                params={"seconds": BREAK_CORRECTION_SECONDS},
                rule_ids=rule_ids,
                context={"hint": "seconds_since_award"},
            )
        if seconds_since_award > BREAK_CORRECTION_SECONDS:
            raise RuleViolation(
                template=N_(
                    "Too late to correct %(what)s: the hand ended at the break and more than "
                    "%(seconds)s seconds have passed since the pot was pushed, "
                    "so the result stands."
                ),
                params={"what": what, "seconds": BREAK_CORRECTION_SECONDS},
                rule_ids=rule_ids,
                context={"seconds_since_award": seconds_since_award},
            )
        return
    if progress is HandProgress.NOT_STARTED:
        return
    if window is DisputeWindow.UNTIL_SA_NEXT_HAND:
        if progress is HandProgress.SUBSTANTIAL_ACTION:
            raise RuleViolation(
                template=N_(
                    "Too late to correct %(what)s: substantial action has taken place on the next "
                    "hand, so the result stands."
                ),
                params={"what": what},
                rule_ids=rule_ids,
                context={"progress": progress.value},
            )
        return
    raise RuleViolation(
        template=N_(
            "Too late to correct %(what)s: the next hand has started, so the result stands."
        ),
        params={"what": what},
        rule_ids=rule_ids,
        context={"progress": progress.value},
    )


def is_exclusive_nuts(
    board: Sequence[CardCode], holding: Sequence[CardCode], dead: Iterable[CardCode] = ()
) -> bool:
    """Whether a hold'em ``holding`` on a complete ``board`` beats every hand an opponent
    could hold (every two of the cards left, ``dead`` cards known to be out left aside):
    the exclusive nuts, which can neither lose nor tie. A nut straight that another
    player may share is not exclusive. About 990 holdings are checked.

    Implements: TNPL-H19, FOX-71B (K9: the detector).
    """
    if len(board) != 5 or len(holding) != 2:
        raise InvalidCommand(
            template=N_(
                "The exclusive nuts are checked on the river: five board cards and two hole cards."
            )
        )
    used = {*board, *holding}
    if len(used) != 7:
        raise InvalidCommand(
            template=N_("The board and the hand share a card: each card is dealt once.")
        )
    b0, b1, b2, b3, b4 = board
    mine = evaluate7(b0, b1, b2, b3, b4, holding[0], holding[1])
    out = used | set(dead)
    left = [c for c in range(52) if c not in out]
    return all(evaluate7(b0, b1, b2, b3, b4, x, y) > mine for x, y in combinations(left, 2))


@dataclass(frozen=True, slots=True, kw_only=True)
class NutsFlag:
    """A river hand that could not lose, checked or called by the last player to act (K9)."""

    seat: Seat
    action: str
    """``"check"`` or ``"call"``."""
    penalty: bool
    """The venue penalises it (TNPL); else it is an advisory flag for the TD (FOX, TDA)."""
    rule_ids: tuple[str, ...]
    sentence: str


def exclusive_nuts_flag(
    profile: RuleProfile,
    seat: Seat,
    action: str,
    board: Sequence[CardCode],
    holding: Sequence[CardCode],
) -> NutsFlag | None:
    """The flag for the last player to act on the river, who ``action``-ed ("check" or
    "call") holding ``holding``: ``None`` unless he held the exclusive nuts. The profile's
    ``check_exclusive_nuts`` says whether it is a penalty (TNPL) or the TD's judgement (FOX,
    TDA: not automatically soft play).

    Implements: TNPL-H19, FOX-71B (K9).
    """
    if action not in ("check", "call") or not is_exclusive_nuts(board, holding):
        return None
    penalty = profile.check_exclusive_nuts is CheckExclusiveNuts.PENALTY
    cards = cards_text(holding, " ")
    did = "checked" if action == "check" else "only called"
    if penalty:
        sentence = (
            f"Seat {seat + 1} {did} on the river with {cards}, a hand that could not lose or "
            "tie: this is penalised here."
        )
    else:
        sentence = (
            f"Seat {seat + 1} {did} on the river with {cards}, a hand that could not lose or "
            "tie: the tournament director judges whether it was soft play."
        )
    return NutsFlag(
        seat=seat, action=action, penalty=penalty, rule_ids=profile.cite("K9"), sentence=sentence
    )


# --- stud (issue 28) ---------------------------------------------------------------------------

STUD_CARDS = 7
"""Cards a stud player is dealt: down, down, up (third street), up, up, up, down."""


def stud_exposure_is_misdeal(card: int) -> bool:
    """Whether a player's ``card`` (its place in his deal, 1 to 7) exposed by dealer error
    makes the hand a misdeal: only the first two down cards do (before substantial action,
    L3). Another card exposed is not a misdeal: the deal continues (the rulebooks name no
    other stud case; IMPL).

    Implements: KPC-24E ("the first two down cards exposed to any player in a stud game"),
    TNPL-G1i(5), FOX-35A(5) ("if any player's first 2 downcards are exposed by dealer
    error") (L2).
    """
    if isinstance(card, bool) or not 1 <= card <= STUD_CARDS:
        raise InvalidCommand(
            template=N_(
                "A stud player's cards are numbered 1 to 7 in the order dealt, not %(card)s."
            ),
            params={"card": card},
            rule_ids="L2",
        )
    return card <= 2


def stud_in_turn_kinds(actions: Iterable[ActionRecord]) -> list[ActionRecord]:
    """A stud hand's actions as :func:`substantial_action` reads them: the bring-in is the
    forced bet (like a blind, it never counts; "action is considered to occur in stud games
    when two players after the forced bet have acted"), a completion is a bet."""
    return [a._replace(kind="bet") if a.kind == "complete" else a for a in actions]


def bring_in_correction(put: int, bring_in: int, small_bet: int, stack: int) -> int:
    """What a bring-in of ``put`` chips is corrected to (the bring-in or the completion to
    the small bet), the player having ``stack`` chips before it.

    Too little is brought up to the bring-in (SPOT-3d12: "betting a lower amount than the
    minimum bring-in ... must be brought up to proper size"), unless it is his whole stack
    (all-in, up to the completion); more than the bring-in but less than the completion
    becomes "the proper
    amount nearest in size" (SPOT-3d12; half-way and over: the completion); the small bet
    or more is the completion (a raise needs words, E15). The other rulebooks are silent:
    the same rule, IMPL.
    """
    put = min(put, stack)
    if put == stack and stack <= small_bet:
        return stack  # all his chips, no more than the completion: all-in
    if put <= bring_in:
        return bring_in
    if put >= small_bet:
        return small_bet
    return small_bet if 2 * put >= bring_in + small_bet else bring_in


def wrong_bring_in_stands(acted_since: int) -> bool:
    """Whether a bring-in posted by the wrong player stands: once another player has acted
    after it (IMPL, the floor's usual rule: the rulebooks are silent). Before that the
    chips go back and the correct low card (high card in razz) brings in."""
    if isinstance(acted_since, bool) or acted_since < 0:
        raise InvalidCommand(
            template=N_("The players who acted since must be 0 or more, not %(n)s."),
            params={"n": acted_since},
        )
    return acted_since > 0


def wait_for_big_blind(
    profile: RuleProfile, positions: HandPositions, waiting_for_bb: SeatMask
) -> HandPositions:
    """The hand's positions with the seats in ``waiting_for_bb`` sitting out until the big
    blind reaches them (a new player, or one moved from a must-move or waiting list, who
    chose to let the big blind come round rather than post at once).

    A waiter is dealt in on the hand where his seat has the big blind; on the other hands
    he is not dealt in and owes nothing (he is not a player who missed a blind). Refused
    unless the profile's ``arrival_may_wait_for_bb`` (Spotlight's cash-game text; off by
    default everywhere, Appendix D #7). The small blind is never a waiter's seat under
    the dead button (it had the big blind the hand before), so only the big blind ends a
    wait.

    Implements: SPOT-4a7, SPOT-4a8, SPOT-2c7 (D7).
    """
    if not waiting_for_bb:
        return positions
    if not profile.arrival_may_wait_for_bb:
        raise RuleViolation(
            template=N_(
                "A new player here is dealt in at once: waiting for the big blind is not this "
                "venue's rule."
            ),
            rule_ids=profile.cite("D7"),
        )
    keep = 1 << positions.big_blind_seat
    if positions.small_blind_seat is not None:
        keep |= 1 << positions.small_blind_seat
    sitting = waiting_for_bb & positions.dealt & ~keep
    dealt = positions.dealt & ~sitting
    if dealt.bit_count() < 2:
        raise InvalidCommand(
            template=N_("Fewer than two players would be dealt in: deal the waiters in.")
        )
    return replace(positions, dealt=dealt, waiting=positions.waiting | sitting)


def owes_big_blind(
    positions: HandPositions, waiting_for_bb: SeatMask, dealt_without_posting: SeatMask = 0
) -> SeatMask:
    """The waiters who still owe the big blind after a hand dealt with ``positions``: all
    but the one who posted it. A waiter dealt in by mistake without posting
    (``dealt_without_posting``) whose cards are mucked has a dead hand and still owes it.

    Implements: SPOT-4a11 (D7).
    """
    posted = 1 << positions.big_blind_seat
    return (waiting_for_bb | dealt_without_posting) & ~posted


__all__ = [
    "BREAK_CORRECTION_SECONDS",
    "CHIP_KINDS",
    "IN_TURN_KINDS",
    "DisputeKind",
    "HandProgress",
    "NutsFlag",
    "actions_from_words",
    "check_correction",
    "exclusive_nuts_flag",
    "is_exclusive_nuts",
    "owes_big_blind",
    "substantial_action",
    "wait_for_big_blind",
]
