"""Floor calls on a hand: a hand killed in error, rabbit hunting, asking to see a hand.

These are the pot-and-showdown rulings a floorperson makes around the betting, applied to
a :class:`~pokertd.engine.hand.Hand` with the profile deciding where the venues differ:

* :func:`kill_hand` -- a dealer kills a live hand by mistake, a fouled hand nobody can
  identify, a player who discards while another can still act: the hand is dead and its
  player gets back only the part of his bet nobody matched (F2, F16, L12).
* :func:`rabbit_hunt` -- the cards that would have come, after the hand: never (KPC, TNPL,
  FOX, TDA), or at the winner's request with every caller's consent (SPOT) (F14).
* :func:`request_show` -- asking to see a hand after the showdown: the caller may see the
  river aggressor's hand (KPC, FOX, TDA), the TD decides (TNPL), or any dealt-in player may
  see a called hand, and when the winner asks to see a mucked hand both hands are live
  again and the better one takes the pot (SPOT) (F12).

They work on the hand's inside state (this module is part of the engine, like ``phh``);
refusals are :class:`~pokertd.errors.IllegalAction` with the profile's own rule IDs.
"""

from __future__ import annotations

from collections.abc import Iterable

from pokertd.cards.card import CardCode, card_text, parse_cards
from pokertd.cards.evaluate import evaluate6, evaluate_short_deck
from pokertd.engine.hand import DONE, K_CALL, K_KILL, PREFLOP, SHOWDOWN, Hand, LogEntry
from pokertd.engine.irregular import IN_TURN_KINDS, NutsFlag, exclusive_nuts_flag
from pokertd.errors import IllegalAction
from pokertd.i18n import N_
from pokertd.rules.enums import RabbitHunt, ShowRequestRule
from pokertd.types import Chips, Seat


def kill_hand(hand: Hand, seat: Seat) -> Chips:
    """Kill ``seat``'s live hand during the betting and return the chips given back.

    Of the chips in front of him on this round, the player gets back only what nobody
    matched (the excess over the largest other bet); chips called on this or an earlier
    round stay in the pot. If his bet set the current bet, the bet falls back to the
    largest other bet (pre-flop never below the big blind) and players who already matched
    that and acted are not asked again. The last live hand wins at once (F8).

    Implements: F2 (NJ-38, KPC-11e, FOX-15B, FOX-65A, TNPL-I2, KPC-47), F16 (FOX-15B,
    KPC-11e) and the hybrid "kill hand" event of L12 (KPC-47, TNPL-I2, FOX-65A).
    """
    p = hand._pos(seat)
    bit = 1 << p
    if hand._street >= SHOWDOWN:
        raise IllegalAction(
            template=N_("Seat %(seat)s's hand cannot be killed now: the betting is over."),
            params={"seat": seat + 1},
            context={"seat": seat},
        )
    if not hand._live & bit:
        raise IllegalAction(
            template=N_("Seat %(seat)s has no live hand to kill."),
            params={"seat": seat + 1},
            context={"seat": seat},
        )
    bet = hand._bet
    others = max((bet[q] for q in range(hand._n_dealt) if q != p), default=0)
    back = bet[p] - others if bet[p] > others else 0
    if back:
        bet[p] -= back
        hand._stack[p] += back
        hand._pot -= back
        hand._returned[p] += back
    hand._live &= ~bit
    hand._pending &= ~bit
    hand._dead_at_turn &= ~bit
    hand._killed |= bit
    hand._log.append(LogEntry(p, K_KILL, 0, bet[p], False, hand._street))
    if not hand._live & (hand._live - 1):
        hand._finish_uncontested()
        return back
    actor = hand._actor
    if back:
        current = others
        if hand._street == PREFLOP and current < hand._big_blind:
            current = hand._big_blind
        hand._current_bet = current
        hand._max_bet = others
        if hand._full_bet_to > current:
            hand._full_bet_to = current
        if hand._last_aggressor == p:
            hand._last_aggressor = -1
            if hand._raises:
                hand._raises -= 1
        can_act = hand._live & ~hand._all_in
        pending = 0
        for q in range(hand._n_dealt):
            if can_act >> q & 1 and (bet[q] < current or hand._acted_at[q] < 0):
                pending |= 1 << q
        hand._pending = pending
    hand._next(p if actor == p else actor - 1)
    return back


def rabbit_hunt(hand: Hand, requester: Seat, consenting: Iterable[Seat] = ()) -> list[CardCode]:
    """The board cards that would have come after a hand that ended early (display only:
    nothing in the hand changes).

    The profile's ``rabbit_hunt``: ``never`` refuses; ``winner_request_with_callers_consent``
    (SPOT) shows them when ``requester`` won the hand and every other player who called a
    bet in it is among ``consenting`` (IMPL: "everyone who called the first bet" read as
    every caller in the hand).

    Implements: F14 (KPC-19, TNPL-D7, FOX-28, SPOT-2b17).
    """
    profile = hand._rules.profile
    if hand._street != DONE:
        raise IllegalAction(
            template=N_("The hand is not over: no cards are turned up before it ends.")
        )
    if profile.rabbit_hunt is RabbitHunt.NEVER:
        raise IllegalAction(
            template=N_(
                "Rabbit hunting is not allowed: the cards that would have come are not shown."
            ),
            rule_ids=profile.cite("F14"),
        )
    if hand._board_dealt == 5:
        raise IllegalAction(
            template=N_("The whole board was dealt: there are no cards left to show.")
        )
    p = hand._pos(requester)
    if not hand._won[p]:
        raise IllegalAction(
            template=N_(
                "Only the winner of the hand may ask to see the cards that would have come; "
                "seat %(seat)s did not win it."
            ),
            params={"seat": requester + 1},
            rule_ids=profile.cite("F14"),
            context={"seat": requester},
        )
    callers = {e.position for e in hand._log if e.code == K_CALL and e.position != p}
    agreed = {hand._pos(s) for s in consenting}
    missing = sorted(hand._seats[q] + 1 for q in callers - agreed)
    if missing:
        seats = ", ".join(str(s) for s in missing)
        raise IllegalAction(
            template=N_(
                "Every player who called must agree before the cards are shown: seat(s) "
                "%(seats)s did not."
            ),
            params={"seats": seats},
            rule_ids=profile.cite("F14"),
            context={"missing": missing},
        )
    return hand._board[hand._board_dealt :]


def request_show(
    hand: Hand, requester: Seat, seat: Seat, *, td_allows: bool = False
) -> tuple[CardCode, ...]:
    """``requester`` asks to see ``seat``'s hand after a showdown; returns its hole cards.

    The profile's ``show_request_rule`` decides who may ask (the TD may always allow a
    request, ``td_allows``):

    * ``caller_may_see_aggressor_if_river_bet`` (KPC, FOX, TDA): a player who still holds
      his hand (tabled or kept) may see the hand of the last player to bet or raise on
      the river; a player without cards may not ask.
    * ``td_discretion`` (TNPL): only when the TD allows it.
    * ``any_dealt_player_called_hands`` (SPOT): any player dealt in may see a hand that
      reached the showdown, even mucked; a mucked hand shown at another player's request
      stays dead, but when the winner asks to see a mucked hand both hands are live and
      the better one takes the pot (the pots are awarded again).

    Implements: F12 (KPC-11k, TNPL-C7, FOX-18A, FOX-18B, SPOT-3e5).
    """
    profile = hand._rules.profile
    rule_ids = profile.cite("F12")
    if hand._street != DONE or not hand._strength:
        raise IllegalAction(
            template=N_("A hand can be asked for only after a showdown."), rule_ids=rule_ids
        )
    r = hand._pos(requester)
    q = hand._pos(seat)
    if r == q:
        raise IllegalAction(
            template=N_("Seat %(seat)s cannot ask to see his own hand."), params={"seat": seat + 1}
        )
    at_showdown = hand._shown | hand._mucked | hand._live
    if not at_showdown >> q & 1:
        raise IllegalAction(
            template=N_("Seat %(seat)s folded before the showdown: a folded hand is not shown."),
            params={"seat": seat + 1},
            rule_ids=rule_ids,
            context={"seat": seat},
        )
    rule = profile.show_request_rule
    holds_cards = (hand._live | hand._shown) >> r & 1
    if rule is ShowRequestRule.ANY_DEALT_PLAYER_CALLED_HANDS:
        if hand._won[r] and hand._mucked >> q & 1:
            _award_again(hand, q)
        return hand._hole[q]
    if td_allows:
        return hand._hole[q]
    if rule is ShowRequestRule.CALLER_MAY_SEE_AGGRESSOR_IF_RIVER_BET:
        if not holds_cards:
            raise IllegalAction(
                template=N_(
                    "Seat %(seat)s no longer holds a hand: a player without cards cannot "
                    "ask to see a hand."
                ),
                params={"seat": requester + 1},
                rule_ids=rule_ids,
                context={"seat": requester},
            )
        if hand._last_aggressor == q:
            return hand._hole[q]
        raise IllegalAction(
            template=N_(
                "Seat %(seat)s may ask to see only the hand of the last player to bet on "
                "the river; any other request is for the tournament director."
            ),
            params={"seat": requester + 1},
            rule_ids=rule_ids,
            context={"seat": requester, "asked": seat},
        )
    raise IllegalAction(
        template=N_("Asking to see a hand is at the tournament director's discretion."),
        rule_ids=rule_ids,
        context={"seat": requester, "asked": seat},
    )


def _award_again(hand: Hand, q: int) -> None:
    """SPOT: the winner asked to see mucked hand ``q``: it is live and tabled again and
    every pot is awarded anew among the tabled hands."""
    for p in range(hand._n_dealt):
        hand._stack[p] -= hand._won[p]
        hand._won[p] = 0
    bit = 1 << q
    hand._mucked &= ~bit
    hand._live |= bit
    if hand._shown:
        hand._shown |= bit
    hand._result = None
    hand._award()


def one_card_shown(hand: Hand, seat: Seat, card: CardCode | str) -> None:
    """A called player tabled only ``card`` and waited to see the other hands (hybrid
    mode: a live dealer, the software keeping the ledger): where the profile's
    ``slow_roll_one_card_plays`` (SPOT), only the exposed card plays -- his hand is read
    as the board plus that card, the hidden card as not shown -- and every pot is
    awarded again. Elsewhere it is a floor call: he is told to show both cards (refused
    here, so the floor rules).

    Implements: SPOT-3e4, SPOT-6.18 (F9).
    """
    profile = hand._rules.profile
    rule_ids = profile.cite("F9")
    if hand._street != DONE or not hand._strength:
        raise IllegalAction(
            template=N_("A card shown counts only at a showdown."), rule_ids=rule_ids
        )
    if hand._rules.is_omaha:
        raise IllegalAction(
            template=N_("In Omaha two hole cards play: show the whole hand."), rule_ids=rule_ids
        )
    q = hand._pos(seat)
    code = parse_cards([card])[0] if isinstance(card, str) else card
    if code not in hand._hole[q]:
        raise IllegalAction(
            template=N_("%(card)s is not one of seat %(seat)s's cards."),
            params={"card": card_text(code), "seat": seat + 1},
            context={"seat": seat, "card": card_text(code)},
        )
    if not hand._live >> q & 1:
        raise IllegalAction(
            template=N_("Seat %(seat)s's hand is not at the showdown: there is nothing to read."),
            params={"seat": seat + 1},
            rule_ids=rule_ids,
            context={"seat": seat},
        )
    if not profile.slow_roll_one_card_plays:
        raise IllegalAction(
            template=N_("Seat %(seat)s must table both cards to win: call the floor."),
            params={"seat": seat + 1},
            rule_ids=rule_ids,
            context={"seat": seat},
        )
    b0, b1, b2, b3, b4 = hand._board
    for p in range(hand._n_dealt):
        hand._stack[p] -= hand._won[p]
        hand._won[p] = 0
    if hand._rules.short_deck:
        hand._strength[q] = evaluate_short_deck([b0, b1, b2, b3, b4, code])
    else:
        hand._strength[q] = evaluate6(b0, b1, b2, b3, b4, code)
    hand._result = None
    hand._award()


def exclusive_nuts_check(hand: Hand) -> NutsFlag | None:
    """After a hand that reached the river: did the last player to act on it check or
    call holding the exclusive nuts (a hand that could neither lose nor tie)? The flag
    says whether the venue penalises it (``check_exclusive_nuts``: TNPL) or leaves it to
    the tournament director (FOX, TDA); ``None`` when nothing is to flag.

    Implements: TNPL-H19, FOX-71B (K9).
    """
    if hand._rules.is_omaha:
        return None
    river = [a for a in hand.actions if a.street == "river" and a.kind in IN_TURN_KINDS]
    if not river:
        return None
    last = river[-1]
    return exclusive_nuts_flag(
        hand._rules.profile, last.seat, last.kind, hand.board, hand.hole_cards(last.seat)
    )


__all__ = [
    "exclusive_nuts_check",
    "kill_hand",
    "one_card_shown",
    "rabbit_hunt",
    "request_show",
]
