"""The hand engine: one hand of hold'em or Omaha (Omaha hi-lo eight or better too), dealt
and refereed by the rule profile.

Usage::

    hand = Hand.start(variant=Variant.NO_LIMIT_HOLDEM, stacks=[10_000] * 6, button=5,
                      small_blind_seat=0, big_blind_seat=1, small_blind=50, big_blind=100,
                      profile=load_profile("tda"), rng=random.Random(7))
    hand.actor            # seat to act, or None when the hand is over
    hand.legal()          # Legal(call_amount=..., min_raise_to=..., max_raise_to=...)
    hand.act(Raise(to=300))
    hand.result           # HandResult once the hand is over

**Two paths** (style.md section 4). ``verify(action)`` raises a floor-readable
:class:`~pokertd.errors.IllegalAction`; ``act(action)`` verifies, applies and returns the
:class:`~pokertd.engine.actions.ActionRecord`. The ``do_*`` methods (``do_fold``,
``do_check_call``, ``do_raise_to``, ``do_all_in``, ``do_show``, ``do_muck``) apply an
action **without any check**, for bots that pick from :meth:`Hand.legal` and for replay;
people and the API never use them.

**Inside** (style.md section 6) the dealt-in players are numbered by *position*: position
0 is the first dealt-in seat clockwise from the button, the last position is the button
(or the seat just before a dead button). State is flat ``list[int]`` by position and seat
sets are int bitmasks; nothing is allocated per action but one log tuple. Seats (the
table's 0-based indexes) appear only at the edges.

Implements, with the profile deciding where venues differ: D2 (blinds and order of
action, NJ-16..NJ-29, SPOT-4.0), D3 (heads-up order, FOX-34), D8/K6 (absent players post
and are killed or mucked at their turn, KPC-21, TNPL-E1, FOX-30, SPOT-6.6), B3-B5
(big-blind ante, KPC-53, FOX-BBA1, FOX-BBA2), E1-E6 (betting: KPC-29C, FOX-55, FOX-46A,
SPOT-3d3, NJ-Def14, KPC-54, FOX-47, KPC-34, KPC-37, NJ-44c, FOX-53A, KPC-39), F1-F10
(pots, uncalled bets, cards speak, odd chips, showdown order; Omaha hi-lo's split pots,
the odd chip to the high half, KPC-12C, TNPL-C8, FOX-20).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar, Final

from pokertd.cards.card import CARD_TEXT, Card, CardCode
from pokertd.cards.deck import FULL_DECK, SHORT_DECK, check_deck, shuffled
from pokertd.cards.evaluate import (
    describe_omaha,
    evaluate7,
    evaluate_omaha_raw,
    evaluate_short_deck7,
)
from pokertd.cards.low import describe_low, omaha_low_cards, omaha_low_eight
from pokertd.engine._rules import (
    MIN_RAISE_DOUBLE,
    MIN_RAISE_PLUS_CHIP,
    MIN_RAISE_TDA,
    Rules,
    rules_for,
)
from pokertd.engine.actions import (
    Action,
    ActionRecord,
    AllIn,
    Bet,
    Call,
    Check,
    Fold,
    Legal,
    Muck,
    Raise,
    Record,
    Show,
)
from pokertd.engine.irregular import substantial_action
from pokertd.engine.pots import build_pots, split_pot
from pokertd.engine.result import Elimination, HandResult, HandWords, PotResult, pot_result
from pokertd.errors import BelowMinimumRaise, IllegalAction, InvalidCommand, OutOfTurn
from pokertd.i18n import N_, Phrase
from pokertd.rules import AnteType, RuleProfile, Variant, load_profile
from pokertd.types import Chips, Seat, SeatMask

# Module constants are ``Final``: the compiled build (mypyc) then reads them as C
# constants instead of looking them up in the module's dict on every use.
PREFLOP: Final = 0
FLOP: Final = 1
TURN: Final = 2
RIVER: Final = 3
SHOWDOWN: Final = 4
DONE: Final = 5
"""Street numbers."""
STREETS: Final = ("preflop", "flop", "turn", "river", "showdown", "done")
"""Street names by street number."""

K_FOLD: Final = 0
K_CHECK: Final = 1
K_CALL: Final = 2
K_BET: Final = 3
K_RAISE: Final = 4
K_SHOW: Final = 5
K_MUCK: Final = 6
K_KILL: Final = 7
K_BOARD: Final = 8
"""Log codes: what a :class:`LogEntry` records."""
KINDS: Final = ("fold", "check", "call", "bet", "raise", "show", "muck", "killed", "board")
"""Action kinds by log code."""

_ACTION_WORDS: Final = (
    N_("fold"),
    N_("check"),
    N_("call"),
    N_("bet"),
    N_("raise"),
    N_("allin"),
    N_("show"),
    N_("muck"),
)
"""The action classes' names as a refusal names them (``type(action).__name__.lower()``, a
:class:`~pokertd.i18n.Phrase`): in the catalogue, so the dealer reads them translated."""


_entry: Final = tuple.__new__
"""``_entry(HandResult, (...))`` builds a named tuple in C, without its Python ``__new__``
(a third of the cost): the result's named tuples are built this way."""


class LogEntry(Record):
    """One event in a hand's log, in the engine's inside terms (positions, codes).

    The public face of an entry is :class:`~pokertd.engine.actions.ActionRecord` (seats
    and words); :meth:`Hand.actions` translates. A :class:`Record` (read by field,
    immutable, equal to the tuple of its fields): one is built per action on the trusted
    path, natively in the compiled build.
    """

    __slots__ = ("all_in", "amount", "code", "position", "street", "to")

    _fields: ClassVar[tuple[str, ...]] = ("position", "code", "amount", "to", "all_in", "street")

    def __init__(
        self, position: int, code: int, amount: Chips, to: Chips, all_in: bool, street: int
    ) -> None:
        self.position: Final = position
        """Who acted (a dealing position), -1 for a board deal."""
        self.code: Final = code
        """What happened: ``K_FOLD`` ... ``K_BOARD``."""
        self.amount: Final = amount
        """Chips the player put in with this action."""
        self.to: Final = to
        """The player's bet on the round afterwards."""
        self.all_in: Final = all_in
        """True if the action put the player all-in."""
        self.street: Final = street
        """The street it happened on (for ``K_BOARD``: the street the cards open)."""

    def _astuple(self) -> tuple[Any, ...]:
        return (self.position, self.code, self.amount, self.to, self.all_in, self.street)


_A_FOLD: Final = 0
_A_CHECK: Final = 1
_A_CALL: Final = 2
_A_RAISE: Final = 3
_A_ALL_IN: Final = 4
_A_SHOW: Final = 5
_A_MUCK: Final = 6
"""How :meth:`Hand.act` applies an action it has verified."""
_ACTION_CODE: Final[dict[type, int]] = {
    Fold: _A_FOLD,
    Check: _A_CHECK,
    Call: _A_CALL,
    Bet: _A_RAISE,
    Raise: _A_RAISE,
    AllIn: _A_ALL_IN,
    Show: _A_SHOW,
    Muck: _A_MUCK,
}
"""Action class -> how to apply it (a subclass misses and takes the thorough path)."""

_MAX_POSITIONS: Final = 11
"""The most players a hand deals in (NJ-5)."""

# Log entries that never vary, built once and shared (entries are immutable): a show or
# a muck by position, a board deal by street, and a fold or check with nothing bet by
# street and position. The trusted path builds a new entry only when chips move.
_SHOW_ENTRY: Final = tuple(
    LogEntry(p, K_SHOW, 0, 0, False, SHOWDOWN) for p in range(_MAX_POSITIONS)
)
_MUCK_ENTRY: Final = tuple(
    LogEntry(p, K_MUCK, 0, 0, False, SHOWDOWN) for p in range(_MAX_POSITIONS)
)
_BOARD_ENTRY: Final = tuple(
    LogEntry(-1, K_BOARD, 0, 0, False, street) for street in range(DONE + 1)
)
_FOLD_NO_BET: Final = tuple(
    tuple(LogEntry(p, K_FOLD, 0, 0, False, street) for p in range(_MAX_POSITIONS))
    for street in range(DONE + 1)
)
_CHECK_NO_BET: Final = tuple(
    tuple(LogEntry(p, K_CHECK, 0, 0, False, street) for p in range(_MAX_POSITIONS))
    for street in range(DONE + 1)
)


# The deal after the hole cards (D2): burn, flop, burn, turn, burn, river. NJ burns one
# more card before the hole cards (the profile's ``burn_before_hole_cards``).
FLOP_BURN: Final = 0
TURN_BURN: Final = 4
RIVER_BURN: Final = 6
"""Where the three burn cards lie, counted from the first card after the hole cards."""
BOARD_INDEXES: Final = (1, 2, 3, 5, 7)
"""Where the five board cards lie (flop, flop, flop, turn, river), counted the same way."""
AFTER_HOLE_CARDS: Final = 8
"""Cards dealt after the hole cards: three burns and five board cards."""

_BOARD_AFTER: Final = (0, 3, 4, 5, 5, 5)
"""Board cards face up on each street (by street number)."""


def board_deal(board: Sequence[int], burns: Sequence[int]) -> list[int]:
    """The eight cards dealt after the hole cards: ``burns`` (three) and ``board`` (five)
    laid out at :data:`FLOP_BURN`/:data:`TURN_BURN`/:data:`RIVER_BURN` and
    :data:`BOARD_INDEXES`.

    >>> board_deal([10, 11, 12, 13, 14], [0, 1, 2])
    [0, 10, 11, 12, 1, 13, 2, 14]
    """
    out = [0] * AFTER_HOLE_CARDS
    for index, card in zip((FLOP_BURN, TURN_BURN, RIVER_BURN), burns, strict=True):
        out[index] = card
    for index, card in zip(BOARD_INDEXES, board, strict=True):
        out[index] = card
    return out


_default_profile: RuleProfile | None = None


def _tda() -> RuleProfile:
    global _default_profile
    if _default_profile is None:
        _default_profile = load_profile("tda")
    return _default_profile


def _mask_seats(mask: int, seats: list[int]) -> tuple[int, ...]:
    """The seats of the positions in ``mask``, lowest position first."""
    if not mask:
        return ()
    out = []
    while mask:
        low = mask & -mask
        out.append(seats[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


NO_LOW: Final = 1 << 30
"""Omaha hi-lo: the low strength of a hand without an eight-or-better low."""


def _split_hi_lo(
    amount: int, high: list[int], low: list[int], unit: int, one_each: bool
) -> tuple[list[int], list[int], list[int]]:
    """One Omaha hi-lo pot split between its high winners and its qualifying low winners
    (positions clockwise from the button): ``(winners, shares, odd-chip positions)``,
    the high winners first.

    Half to the high, half to the low, in units of the smallest chip; the odd chip of the
    whole pot goes to the high half, and within a half tied winners share it with the odd
    chips one each from the first seat left of the button (F5: KPC-12C, TNPL-C8, FOX-20).
    When the same hands win both halves (two Omaha/8 wheels) the pot is split as evenly
    as possible (TNPL-C8, FOX-20D; KPC silent: the same).
    """
    if high == low:
        shares = split_pot(amount, high, unit, one_each)
        base = min(shares)
        return high, shares, [q for q, share in zip(high, shares, strict=True) if share > base]
    low_half = amount // unit // 2 * unit
    high_half = amount - low_half
    awards: dict[int, int] = {}
    odd: list[int] = [high[0]] if high_half > low_half else []
    for half, winners in ((high_half, high), (low_half, low)):
        shares = split_pot(half, winners, unit, one_each)
        base = min(shares)
        for q, share in zip(winners, shares, strict=True):
            awards[q] = awards.get(q, 0) + share
            if share > base and q not in odd:
                odd.append(q)
    return list(awards), list(awards.values()), odd


def _mask_positions(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def deal_order(
    hole_cards: Sequence[Sequence[int | str | Card] | str],
    board: Sequence[int | str | Card] | str = (),
    *,
    burn_before_hole: bool = False,
    short_deck: bool = False,
) -> list[CardCode]:
    """The deck order that deals these hole cards and this board (for replay and tests).

    ``hole_cards`` are in dealing order (first seat left of the button first). Cards not
    given (a short board, burns) are filled with unused cards, lowest code first. The
    engine deals one card at a time round the table, burns before the flop, turn and
    river, and (``burn_before_hole``, NJ) once before the hole cards (D2). With
    ``short_deck`` the unused cards come from the 36 of short-deck hold'em.

    >>> from pokertd.cards import cards_text
    >>> cards_text(deal_order(["AsKs", "2c2d"], "7h8h9h")[:4])
    'As2cKs2d'
    """
    holes = [check_deck(h) for h in hole_cards]
    top = check_deck(board)
    used = [c for h in holes for c in h] + top
    if len(set(used)) != len(used):
        dup = next(c for c in used if used.count(c) > 1)
        raise InvalidCommand(
            template=N_("duplicate card %(card)s: a deck holds each card once"),
            params={"card": CARD_TEXT[dup]},
        )
    if len(top) > 5:
        raise InvalidCommand(
            template=N_("A board has five cards, not %(count)s."), params={"count": len(top)}
        )
    count = len(holes[0]) if holes else 0
    if any(len(h) != count for h in holes):
        raise InvalidCommand(
            template=N_("Every player must be dealt the same number of hole cards.")
        )
    taken = set(used)
    spare = iter([c for c in (SHORT_DECK if short_deck else FULL_DECK) if c not in taken])
    order: list[int] = [next(spare)] if burn_before_hole else []
    for r in range(count):
        order.extend(h[r] for h in holes)
    full = top + [next(spare) for _ in range(5 - len(top))]
    burns = [next(spare) for _ in range(3)]
    order += board_deal(full, burns)
    order += list(spare)
    return order


def _check_structure(
    profile: RuleProfile,
    stacks: Sequence[int | None],
    button: Seat,
    small_blind: Chips,
    big_blind: Chips,
    ante: Chips,
    min_chip: Chips,
) -> None:
    """Validation, part 1: the table size, the stacks, the button and the forced-bet
    amounts are well formed (NJ-5)."""
    n = len(stacks)
    if not 2 <= n <= 11:
        raise InvalidCommand(
            template=N_("A table has 2 to 11 seats, not %(n)s."),
            params={"n": n},
            rule_ids=profile.cite("C13"),
            context={"seats": n},
        )
    if n > profile.max_seats_per_table:
        raise InvalidCommand(
            template=N_(
                "This profile allows at most %(max_seats_per_table)s seats at a table, not %(n)s."
            ),
            params={"max_seats_per_table": profile.max_seats_per_table, "n": n},
            rule_ids=profile.cite("C13"),
            context={"seats": n},
        )
    for st in stacks:
        if st is not None and (type(st) is not int or st < 0):
            s = list(stacks).index(st)
            raise InvalidCommand(
                template=N_(
                    "Seat %(seat)s's stack must be a whole number of chips, not %(stack)s."
                ),
                params={"seat": s + 1, "stack": repr(st)},
            )
    if not 0 <= button < n:
        raise InvalidCommand(
            template=N_("The button must be on a seat from 1 to %(n)s, not %(button)s."),
            params={"n": n, "button": button + 1},
        )
    if type(big_blind) is not int or type(small_blind) is not int or type(ante) is not int:
        raise InvalidCommand(
            template=N_(
                "Blinds and antes must be whole numbers of chips (small blind %(small_blind)s, "
                "big blind %(big_blind)s, ante %(ante)s)."
            ),
            params={
                "small_blind": repr(small_blind),
                "big_blind": repr(big_blind),
                "ante": repr(ante),
            },
        )
    if big_blind <= 0 or small_blind < 0 or ante < 0:
        raise InvalidCommand(
            template=N_(
                "Blinds and antes must be positive chip amounts (small blind %(small_blind)s, "
                "big blind %(big_blind)s, ante %(ante)s)."
            ),
            params={"small_blind": small_blind, "big_blind": big_blind, "ante": ante},
        )
    if min_chip <= 0:
        raise InvalidCommand(
            template=N_("The smallest chip in play must be positive, not %(min_chip)s."),
            params={"min_chip": min_chip},
        )


def _dealt_in(
    stacks: Sequence[int | None], button: Seat, waiting: SeatMask
) -> tuple[list[int], list[int]]:
    """Validation, part 2: the seats dealt in, clockwise from the button (position 0 is
    the first seat after it), and each seat's position (-1 if not dealt in, D4)."""
    n = len(stacks)
    if not waiting and all(stacks) and 0 <= button < n:
        # Every seat dealt in (the common case): the seats after the button, then up to
        # it; seat s sits at position (s - button - 1) % n.
        r = n - 1 - button
        order = list(range(n))
        return order[button + 1 :] + order[: button + 1], order[r:] + order[:r]
    seats: list[int] = []
    pos_of = [-1] * n
    for i in range(1, n + 1):
        s = (button + i) % n
        if stacks[s] and not waiting >> s & 1:
            pos_of[s] = len(seats)
            seats.append(s)
    if len(seats) < 2:
        raise InvalidCommand(
            template=N_("A hand needs at least two players dealt in, not %(count)s."),
            params={"count": len(seats)},
        )
    return seats, pos_of


def _blind_positions(
    profile: RuleProfile, pos_of: list[int], small_blind_seat: Seat | None, big_blind_seat: Seat
) -> tuple[int, int]:
    """Validation, part 3: the blinds' positions (small blind -1 when dead, D1)."""
    n = len(pos_of)
    if not 0 <= big_blind_seat < n or pos_of[big_blind_seat] < 0:
        raise InvalidCommand(
            template=N_("The big blind seat %(seat)s has no player dealt in."),
            params={"seat": big_blind_seat + 1},
            rule_ids=profile.cite("D1"),
        )
    if small_blind_seat is None:
        return -1, pos_of[big_blind_seat]
    if not 0 <= small_blind_seat < n or pos_of[small_blind_seat] < 0:
        raise InvalidCommand(
            template=N_(
                "The small blind seat %(seat)s has no player dealt in (pass None "
                "for a dead small blind)."
            ),
            params={"seat": small_blind_seat + 1},
            rule_ids=profile.cite("D1"),
        )
    if small_blind_seat == big_blind_seat:
        raise InvalidCommand(template=N_("One seat cannot post both blinds."))
    return pos_of[small_blind_seat], pos_of[big_blind_seat]


def _deal_order_for(
    rules: Rules, players: int, deck: Sequence[int | str | Card] | None, rng: random.Random | None
) -> list[int]:
    """Validation, part 4: the deal order, checked (a replayed deck) or shuffled, long
    enough for the hole cards, the burns and the board."""
    needed = (1 if rules.burn_before_hole else 0) + players * rules.hole_count + AFTER_HOLE_CARDS
    if deck is not None:
        order = check_deck(deck)
        if len(order) < needed:
            raise InvalidCommand(
                template=N_(
                    "The deck has %(count)s cards; this hand needs %(needed)s (hole cards, "
                    "burns and board)."
                ),
                params={"count": len(order), "needed": needed},
            )
        if rules.short_deck:
            for code in order:
                if code < SHORT_DECK[0]:
                    raise InvalidCommand(
                        template=N_("A short deck has no %(card)s: its cards run from six to ace."),
                        params={"card": CARD_TEXT[code]},
                    )
        return order
    if rng is not None:
        if rules.short_deck:
            return shuffled(rng, needed, SHORT_DECK)
        return shuffled(rng, needed)
    raise InvalidCommand(template=N_("Pass either a deck order or an rng to shuffle with."))


class Hand:
    """One hand in progress (or finished). Build it with :meth:`Hand.start`.

    Every slot is documented in ``__slots__`` (a dict: its values are the attributes'
    docstrings). "By position" means a list indexed by dealing position (0 = first seat
    dealt left of the button); a "mask" is an int with bit ``p`` set for position ``p``.
    """

    # Grouped by meaning, not sorted: the groups are the documentation.
    __slots__ = {  # noqa: RUF023
        # The table and the structure (fixed for the hand).
        "_rules": "The variant's and profile's rules, flattened for speed (Rules).",
        "_n_seats": "Seats at the table, empty ones included (len(stacks)).",
        "_seats": "The seat of each position: position 0 is left of the button.",
        "_pos_of": "The position of each seat, -1 for a seat not dealt in.",
        "_n_dealt": "Players dealt in: positions run from 0 to _n_dealt - 1.",
        "_button": "The button's seat (possibly an empty seat: a dead button).",
        "_sb_pos": "The small blind's position, -1 for a dead small blind (D1).",
        "_bb_pos": "The big blind's position.",
        "_small_blind": "The small blind's amount (posted unless dead).",
        "_big_blind": "The big blind's amount: the minimum bet in big-bet games (E1).",
        "_ante": "The ante's amount (0 without antes).",
        "_ante_type": "Per-player ante or big-blind ante (B3-B5).",
        "_small_bet": "Fixed-limit bet on pre-flop and flop (0 in big-bet games).",
        "_big_bet": "Fixed-limit bet on turn and river (0 in big-bet games).",
        "_min_chip": "The smallest chip in play: the odd-chip unit (F5).",
        "_hand_number": "The hand's number in its table or tournament.",
        "_players_in_tournament": "Players left in the event; lifts the raise cap (E5).",
        "_auto_showdown": "True: the engine shows or mucks by the rules at showdown.",
        "_raise_cap": "Most raises allowed on one betting round (E5).",
        # The cards.
        "_deck": "The deal order used, burn cards included (list of card codes).",
        "_hole": "Hole cards by position (tuples of card codes).",
        "_board": "The five board cards as they will be dealt (see _board_dealt).",
        "_board_dealt": "How many of _board are face up now (0, 3, 4 or 5).",
        # The chips, by position.
        "_start_stack": "Chips by position before the forced bets.",
        "_stack": "Chips behind by position now.",
        "_bet": "Chips put in on the current betting round, by position.",
        "_total": "Chips put in on finished rounds (and live antes), by position: "
        "what the side pots are built from (F1).",
        "_dead_money": "Antes that belong to the main pot alone (profile ante_to_main_pot).",
        "_pot": "Every chip in the middle, current bets and antes included.",
        "_returned": "Uncalled chips given back, by position (F2).",
        "_won": "Chips won, by position.",
        # Who is in, as masks.
        "_live": "Mask of positions holding a live hand (not folded, mucked or killed).",
        "_all_in": "Mask of positions with no chips behind.",
        "_killed": "Mask of hands killed because their player was absent (K6).",
        "_absent": "The seats dealt in dead at the start (the ``dead`` mask, by seat): a "
        "re-deal after a misdeal deals them in and kills them again (L3, K4).",
        "_shown": "Mask of hands tabled at showdown.",
        "_mucked": "Mask of hands mucked at showdown.",
        "_pending": "Mask of positions still to act on this betting round.",
        "_dead_at_turn": "Mask of absent players whose hand is mucked when the action "
        "reaches them (SPOT-6.6); 0 when the profile kills them at the deal.",
        # The betting round.
        "_street": "PREFLOP, FLOP, TURN, RIVER, SHOWDOWN or DONE.",
        "_actor": "The position to act (or to show or muck), -1 when nobody is.",
        "_current_bet": "The bet to match on this round; pre-flop at least the full big "
        "blind even when the blind is short (E3).",
        "_max_bet": "The largest bet actually in front of a player this round (below "
        "_current_bet only when a short big blind is all-in).",
        "_raises": "Raises made on this round (the opening bet excluded), for the cap (E5).",
        "_last_aggressor": "Position of the last bet or raise this round, -1 if none: it "
        "shows first (F6).",
        "_last_increment": "L, the last full bet or raise increment of the round (E2).",
        "_full_bet_to": "The bet level set by the last full bet or raise: an all-in short "
        "of a full raise does not move it, so it decides reopening (E4).",
        "_bet_size": "Fixed-limit: the bet size on this street.",
        "_acted_at": "By position, the current bet when the player last acted this "
        "round, -1 if not yet (reopening, E4).",
        "_pot_limit_extra": "Chips the pot-limit maximum counts pre-flop beyond the pot: "
        "short all-in blinds in full, a dead small blind (E6).",
        # Showdown and record.
        "_strength": "Hand strength by position at showdown (lower is better), [] before.",
        "_low": "Omaha hi-lo: eight-or-better low by position at showdown (lower is "
        "better, NO_LOW for none), [] before.",
        "_hilo_pots": "Omaha hi-lo: by awarded pot, (high winners, low winners, odd-chip "
        "positions); [] for other games.",
        "_show_queue": "Positions still to show or muck, in showdown order (F6).",
        "_pots": "The awarded pots: (amount, eligible mask, winner positions, shares).",
        "_log": "Everything that happened, one LogEntry each (actions, kills, showdown, "
        "board deals).",
        "_result": "The HandResult, built on first request once the hand is over.",
        # The checked path's cache: one legality computation per decision.
        "_legal": "The Legal of the current decision, or None: computed once by legal() "
        "or act(), then read by act() to verify the action.",
        "_legal_at": "len(_log) when _legal was computed: every change to the hand logs an "
        "entry, so a longer log means the cached Legal is stale.",
    }

    _absent: int
    _acted_at: list[int]
    _actor: int
    _all_in: int
    _ante: int
    _ante_type: AnteType
    _auto_showdown: bool
    _bb_pos: int
    _bet: list[int]
    _bet_size: int
    _big_bet: int
    _big_blind: int
    _board: list[int]
    _board_dealt: int
    _button: int
    _current_bet: int
    _dead_at_turn: int
    _dead_money: int
    _deck: list[int]
    _full_bet_to: int
    _hand_number: int
    _hole: list[tuple[int, ...]]
    _killed: int
    _last_aggressor: int
    _last_increment: int
    _legal: Legal | None
    _legal_at: int
    _live: int
    _log: list[LogEntry]
    _max_bet: int
    _min_chip: int
    _mucked: int
    _n_dealt: int
    _n_seats: int
    _pending: int
    _players_in_tournament: int | None
    _pos_of: list[int]
    _pot: int
    _pot_limit_extra: int
    _pots: list[tuple[int, int, list[int], list[int]]]
    _raise_cap: int
    _raises: int
    _result: HandResult | None
    _returned: list[int]
    _rules: Rules
    _sb_pos: int
    _seats: list[int]
    _show_queue: list[int]
    _shown: int
    _small_bet: int
    _small_blind: int
    _stack: list[int]
    _start_stack: list[int]
    _street: int
    _strength: list[int]
    _low: list[int]
    _hilo_pots: list[tuple[list[int], list[int], list[int]]]
    _total: list[int]
    _won: list[int]

    # ------------------------------------------------------------------ construction
    @classmethod
    def start(
        cls,
        *,
        stacks: Sequence[int | None],
        button: Seat,
        small_blind_seat: Seat | None,
        big_blind_seat: Seat,
        small_blind: Chips,
        big_blind: Chips,
        variant: Variant = Variant.NO_LIMIT_HOLDEM,
        ante: Chips = 0,
        ante_type: AnteType = AnteType.NONE,
        small_bet: Chips | None = None,
        big_bet: Chips | None = None,
        profile: RuleProfile | None = None,
        deck: Sequence[int | str | Card] | None = None,
        rng: random.Random | None = None,
        waiting: SeatMask = 0,
        dead: SeatMask = 0,
        players_in_tournament: int | None = None,
        min_chip: Chips = 1,
        hand_number: int = 1,
        auto_showdown: bool = True,
        trusted: bool = False,
    ) -> Hand:
        """Seat the players, post blinds and antes, deal, and wait for the first action.

        ``stacks`` is by seat (0-based); a seat with ``0`` or ``None`` is empty. Seats in
        ``waiting`` are present but not dealt in (D4); seats in ``dead`` are absent or
        serving a penalty: dealt in, they post, and their hand is killed at the deal or
        mucked at their turn as ``profile.presence_checkpoint`` says (D8, K6).
        ``small_blind_seat=None`` is a dead small blind (D1). Fixed-limit takes
        ``small_bet``/``big_bet`` (default: the big blind and twice it). ``deck`` is the
        exact deal order (burn cards included) for replay; otherwise ``rng`` shuffles.
        ``players_in_tournament`` lifts a raise cap when the whole event is down to the
        profile's number (E5). ``min_chip`` is the smallest denomination in play (F5).
        With ``auto_showdown`` the showdown is played by the rule's order, every hand
        that can win shown and the others mucked; otherwise each player in turn chooses
        :class:`Show` or :class:`Muck`.

        Three steps: validation (:func:`_check_structure`, :func:`_dealt_in`,
        :func:`_blind_positions`, :func:`_deal_order_for`), dealing (:meth:`_deal`) and
        forced bets (:meth:`_post_forced_bets`), then the first turn (:meth:`_open_betting`).
        Bad input raises :class:`~pokertd.errors.InvalidCommand`.

        ``trusted=True`` is for callers that build the arguments themselves and vouch for
        them (the simulator, bots, benchmarks): the table size, stack and amount types, the
        button and the blinds' seats are not checked, so a wrong argument gives a wrong
        hand or an ``IndexError`` instead of a floor-readable refusal. The hand dealt is
        the same as with the checks. People and the API never pass it.
        """
        prof = profile if profile is not None else _tda()
        rules = rules_for(prof, variant)
        n = len(stacks)
        if not trusted:
            _check_structure(prof, stacks, button, small_blind, big_blind, ante, min_chip)
        if ante and ante_type is AnteType.NONE:
            ante_type = AnteType.PER_PLAYER
        seats, pos_of = _dealt_in(stacks, button, waiting)
        k = len(seats)
        if trusted:
            sb_pos = -1 if small_blind_seat is None else pos_of[small_blind_seat]
            bb_pos = pos_of[big_blind_seat]
        else:
            sb_pos, bb_pos = _blind_positions(prof, pos_of, small_blind_seat, big_blind_seat)
        if rules.is_limit:
            if small_bet is None:
                small_bet = big_blind
            if big_bet is None:
                big_bet = 2 * small_bet
            if small_bet <= 0 or big_bet <= 0:
                raise InvalidCommand(template=N_("Fixed-limit bets must be positive chip amounts."))

        self = cls()  # not cls.__new__(cls): mypyc's compiled Hand refuses that
        self._rules = rules
        self._n_seats = n
        self._seats = seats
        self._pos_of = pos_of
        self._n_dealt = k
        self._button = button
        self._sb_pos = sb_pos
        self._bb_pos = bb_pos
        self._small_blind = small_blind
        self._big_blind = big_blind
        self._ante = ante
        self._ante_type = ante_type
        self._small_bet = small_bet or 0
        self._big_bet = big_bet or 0
        self._min_chip = min_chip
        self._hand_number = hand_number
        self._players_in_tournament = players_in_tournament
        self._auto_showdown = auto_showdown
        self._absent = dead
        self._raise_cap = rules.cap_for(players_in_tournament)
        self._deal(_deal_order_for(rules, k, deck, rng))
        self._post_forced_bets([stacks[s] or 0 for s in seats])
        self._open_betting(dead)
        return self

    def _deal(self, order: list[int]) -> None:
        """Deal from ``order``: hole cards one at a time round the table, and the board
        with a burn before the flop, the turn and the river (D2; NJ burns before the
        hole cards too). The board is set aside now and turned up street by street."""
        self._deck = order
        k = self._n_dealt
        hole_count = self._rules.hole_count
        first = 1 if self._rules.burn_before_hole else 0
        if hole_count == 2:
            self._hole = [(order[first + p], order[first + k + p]) for p in range(k)]
        else:
            self._hole = [
                tuple(order[first + r * k + p] for r in range(hole_count)) for p in range(k)
            ]
        after_hole = first + k * hole_count
        self._board = [order[after_hole + i] for i in BOARD_INDEXES]
        self._board_dealt = 0

    def _post_forced_bets(self, stack: list[int]) -> None:
        """Post antes and blinds from ``stack`` (chips by position) and set the pre-flop
        betting state (B3-B5, D2, E3, E6). A player short of a forced bet posts what he
        has and is all-in."""
        rules = self._rules
        k = self._n_dealt
        ante = self._ante
        small_blind = self._small_blind
        big_blind = self._big_blind
        sb_pos = self._sb_pos
        bb_pos = self._bb_pos
        self._start_stack = stack[:]
        bet = [0] * k
        total = [0] * k
        dead_money = 0
        pot = 0
        all_in = 0
        to_main = rules.ante_to_main_pot
        if ante and self._ante_type is AnteType.PER_PLAYER:
            for p in range(k):
                a = ante if ante < stack[p] else stack[p]
                stack[p] -= a
                pot += a
                if to_main:
                    dead_money += a
                else:
                    total[p] += a
                if not stack[p]:
                    all_in |= 1 << p
        if sb_pos >= 0:
            st = stack[sb_pos]
            a = small_blind if small_blind < st else st
            stack[sb_pos] = st - a
            bet[sb_pos] = a
            pot += a
            if st == a:
                all_in |= 1 << sb_pos
        st = stack[bb_pos]
        if ante and self._ante_type is AnteType.BIG_BLIND_ANTE:
            if rules.bba_ante_first:
                a_ante = ante if ante < st else st
                a_blind = big_blind if big_blind < st - a_ante else st - a_ante
            else:
                a_blind = big_blind if big_blind < st else st
                rest = st - a_blind
                a_ante = ante if ante < rest else rest
            if to_main:
                dead_money += a_ante
            else:
                total[bb_pos] += a_ante
            pot += a_ante + a_blind
        else:
            a_blind = big_blind if big_blind < st else st
            a_ante = 0
            pot += a_blind
        stack[bb_pos] = st - a_blind - a_ante
        bet[bb_pos] = a_blind
        if not stack[bb_pos]:
            all_in |= 1 << bb_pos

        extra = 0
        if rules.is_pot_limit:
            if rules.pl_short_blinds_full:
                if a_blind < big_blind and all_in >> bb_pos & 1:
                    extra += big_blind - a_blind
                if sb_pos >= 0 and bet[sb_pos] < small_blind and all_in >> sb_pos & 1:
                    extra += small_blind - bet[sb_pos]
            if sb_pos < 0 and rules.pl_dead_sb_full:
                extra += small_blind
        self._pot_limit_extra = extra

        self._stack = stack
        self._bet = bet
        self._total = total
        self._dead_money = dead_money
        self._pot = pot
        self._all_in = all_in
        self._returned = [0] * k
        self._won = [0] * k
        self._log = []
        self._live = (1 << k) - 1
        self._killed = 0
        self._shown = 0
        self._mucked = 0
        self._strength = []
        self._low = []
        self._hilo_pots = []
        self._show_queue = []
        self._pots = []
        self._result = None
        self._legal = None
        self._legal_at = -1
        self._street = PREFLOP
        self._actor = -1
        # Pre-flop the current bet is the full big blind even when the blind is short
        # (E3: KPC-54, SPOT-4a1): callers match it, the minimum raise is built on it.
        self._current_bet = big_blind
        self._max_bet = max(bet)
        self._raises = 0
        self._last_aggressor = -1
        self._acted_at = [-1] * k
        if rules.is_limit:
            self._bet_size = self._small_bet
            self._last_increment = self._small_bet
        else:
            self._bet_size = big_blind
            self._last_increment = big_blind
        self._full_bet_to = big_blind

    def _open_betting(self, dead: SeatMask) -> None:
        """Deal with absent players (K6: killed now or mucked at their turn, D8) and give
        the first turn: the player after the big blind, unless nobody needs to act."""
        self._dead_at_turn = 0
        if dead:
            pos_of = self._pos_of
            dead_pos = 0
            for s in range(self._n_seats):
                if dead >> s & 1 and pos_of[s] >= 0:
                    dead_pos |= 1 << pos_of[s]
            if dead_pos:
                if not self._rules.kill_at_deal:
                    self._dead_at_turn = dead_pos
                elif self._kill_at_deal(dead_pos):
                    return
        act = self._live & ~self._all_in
        self._pending = act
        if act and not act & (act - 1):
            x = act.bit_length() - 1
            if self._bet[x] >= self._max_bet:
                self._pending = 0
        self._next(self._bb_pos)

    def _kill_at_deal(self, dead_pos: int) -> bool:
        """K6: the hands of players away at the checkpoint are killed after posting.
        IMPL: the last live hand is never killed (it wins at once). True if the hand is
        over."""
        for p in _mask_positions(dead_pos):
            if self._live & (self._live - 1):
                self._live &= ~(1 << p)
                self._killed |= 1 << p
                self._log.append(LogEntry(p, K_KILL, 0, self._bet[p], False, PREFLOP))
        if not self._live & (self._live - 1):
            self._pending = 0
            self._finish_uncontested()
            return True
        return False

    # ------------------------------------------------------------------ queries
    @property
    def actor(self) -> Seat | None:
        """The seat to act (or to show at showdown), ``None`` when nobody is to act."""
        return self._seats[self._actor] if self._actor >= 0 else None

    @property
    def is_over(self) -> bool:
        """True once the pots are awarded."""
        return self._street == DONE

    @property
    def street(self) -> str:
        """``"preflop"``, ``"flop"``, ``"turn"``, ``"river"``, ``"showdown"`` or ``"done"``."""
        return STREETS[self._street]

    @property
    def variant(self) -> Variant:
        """The game being dealt."""
        return self._rules.variant

    @property
    def profile(self) -> RuleProfile:
        """The rule profile refereeing the hand."""
        return self._rules.profile

    @property
    def button(self) -> Seat:
        """The button's seat (possibly an empty seat: a dead button)."""
        return self._button

    @property
    def hand_number(self) -> int:
        """The hand's number in its table or tournament."""
        return self._hand_number

    @property
    def seats_dealt(self) -> tuple[Seat, ...]:
        """Seats dealt in, in dealing order (first left of the button, button last)."""
        return tuple(self._seats)

    @property
    def small_blind_seat(self) -> Seat | None:
        """The small blind's seat, ``None`` for a dead small blind."""
        return self._seats[self._sb_pos] if self._sb_pos >= 0 else None

    @property
    def big_blind_seat(self) -> Seat:
        """The big blind's seat."""
        return self._seats[self._bb_pos]

    @property
    def stacks(self) -> list[Chips | None]:
        """Chips behind by seat now (``None`` for seats not dealt in)."""
        out: list[Chips | None] = [None] * self._n_seats
        for p, s in enumerate(self._seats):
            out[s] = self._stack[p]
        return out

    @property
    def bets(self) -> list[Chips]:
        """Each seat's bet on the current betting round."""
        out = [0] * self._n_seats
        for p, s in enumerate(self._seats):
            out[s] = self._bet[p]
        return out

    @property
    def pot(self) -> Chips:
        """All chips in the middle, current bets and antes included."""
        return self._pot

    @property
    def current_bet(self) -> Chips:
        """The bet to match on this round (pre-flop at least the full big blind, E3)."""
        return self._current_bet if self._street < SHOWDOWN else 0

    @property
    def last_increment(self) -> Chips:
        """``L``: the last full bet or raise increment of this round (the big blind to
        start with) — catalogue 1.4."""
        return self._last_increment

    @property
    def raises_this_round(self) -> int:
        """Raises made on this betting round (the opening bet and the blinds excluded)."""
        return self._raises

    @property
    def board(self) -> list[CardCode]:
        """Board cards dealt so far (int codes)."""
        return self._board[: self._board_dealt]

    @property
    def deck(self) -> list[CardCode]:
        """The deal order used (burn cards included): replaying it repeats the hand."""
        return list(self._deck)

    def hole_cards(self, seat: Seat) -> tuple[CardCode, ...]:
        """The hole cards dealt to ``seat``."""
        p = self._pos(seat)
        return self._hole[p]

    def in_hand(self, seat: Seat) -> bool:
        """True if ``seat`` holds a live hand (dealt in, not folded, mucked or killed)."""
        p = self._pos_of[seat] if 0 <= seat < self._n_seats else -1
        return p >= 0 and bool(self._live >> p & 1)

    def was_shown(self, seat: Seat) -> bool:
        """True if ``seat`` tabled its hand at showdown."""
        p = self._pos(seat)
        return bool(self._shown >> p & 1)

    def is_all_in(self, seat: Seat) -> bool:
        """True if ``seat`` has no chips behind while still in the hand."""
        p = self._pos(seat)
        return bool(self._all_in >> p & 1)

    def _pos(self, seat: Seat) -> int:
        p = self._pos_of[seat] if 0 <= seat < self._n_seats else -1
        if p < 0:
            raise InvalidCommand(
                template=N_("Seat %(seat)s is not dealt in this hand."), params={"seat": seat + 1}
            )
        return p

    @property
    def actions(self) -> list[ActionRecord]:
        """Everything the players did, in order (kills of absent players included)."""
        seats = self._seats
        return [
            ActionRecord(
                seats[e.position], KINDS[e.code], e.amount, e.to, e.all_in, STREETS[e.street]
            )
            for e in self._log
            if e.position >= 0
        ]

    # ------------------------------------------------------------------ legality
    def _raise_bounds(self, p: int) -> tuple[int, int]:
        """(rule minimum raise-to, rule maximum raise-to) for position ``p``."""
        rules = self._rules
        cur = self._current_bet
        if rules.is_limit:
            to = self._full_bet_to + self._bet_size
            return to, to
        low = self._min_raise_nl(cur)
        if rules.is_pot_limit:
            # E6: the pot after the raiser has called; pre-flop short blinds count in full.
            pot = self._pot + (self._pot_limit_extra if self._street == PREFLOP else 0)
            return low, cur + pot + (cur - self._bet[p])
        return low, self._bet[p] + self._stack[p]

    def _someone_can_call_more(self, p: int) -> bool:
        """Is there an opponent who could put in more than the current bet? A bet nobody
        can call is no bet (F2); IMPL, as PokerKit: without one, only call or fold."""
        others = self._live & ~self._all_in & ~(1 << p)
        cur = self._current_bet
        bet = self._bet
        stack = self._stack
        while others:
            low = others & -others
            q = low.bit_length() - 1
            if bet[q] + stack[q] > cur:
                return True
            others ^= low
        return False

    def _can_raise(self, p: int) -> bool:
        """Fast form of :meth:`_raise_block`: may position ``p`` bet or raise now?"""
        if self._stack[p] <= self._current_bet - self._bet[p]:
            return False
        if not self._someone_can_call_more(p):
            return False
        if self._raises >= self._raise_cap:
            return False
        a = self._acted_at[p]
        if a < 0:
            return True
        rules = self._rules
        if not rules.is_limit and rules.reopen_cumulative:
            return self._current_bet - a >= self._last_increment
        return a < self._full_bet_to

    def _raise_block(self, p: int) -> IllegalAction | None:
        """Why position ``p`` may not bet or raise now, or ``None`` if it may."""
        seat = self._seats[p]
        stack = self._stack[p]
        if stack <= self._current_bet - self._bet[p]:
            return IllegalAction(
                template=N_("Seat %(seat)s has only enough chips to call."),
                params={"seat": seat + 1},
                context={"seat": seat},
            )
        if not self._someone_can_call_more(p):
            return IllegalAction(
                template=N_(
                    "Seat %(seat)s may only call or fold: no other player has chips to call more "
                    "than the current bet."
                ),
                params={"seat": seat + 1},
                context={"seat": seat},
            )
        if self._raises >= self._raise_cap:
            return IllegalAction(
                template=N_(
                    "Seat %(seat)s may only call or fold: the betting is capped at %(cap)s raises."
                ),
                params={"seat": seat + 1, "cap": self._raise_cap},
                rule_ids=self._rules.profile.cite("E5"),
                context={"seat": seat, "raises": self._raises},
            )
        a = self._acted_at[p]
        if a >= 0:
            rules = self._rules
            if not rules.is_limit and rules.reopen_cumulative:
                reopened = self._current_bet - a >= self._last_increment
            else:
                reopened = a < self._full_bet_to
            if not reopened:
                return IllegalAction(
                    template=N_(
                        "Seat %(seat)s may only call or fold: the all-in since it acted was less "
                        "than a full raise and does not reopen the betting."
                    ),
                    params={"seat": seat + 1},
                    rule_ids=rules.profile.cite("E4"),
                    context={"seat": seat, "current_bet": self._current_bet, "acted_at": a},
                )
        return None

    def legal(self) -> Legal:
        """What the seat to act may do now (raises :class:`IllegalAction` if nobody is).

        Computed once per decision: the value is kept until the hand changes (any action,
        kill or deal adds a log entry, which makes it stale), and :meth:`act` verifies
        against it, so ``legal()`` then ``act()`` computes legality once.
        """
        n_log = len(self._log)
        legal = self._legal
        if legal is not None and self._legal_at == n_log:
            return legal
        p = self._actor
        if p < 0:
            raise IllegalAction(template=N_("The hand is over: nobody is to act."))
        seat = self._seats[p]
        stack = self._stack[p]
        bet = self._bet[p]
        all_in_to = bet + stack
        if self._street == SHOWDOWN:
            legal = Legal(
                seat, False, False, 0, False, False, 0, 0, 0, all_in_to, 0, stack, bet,
                True, not self._must_show(),
            )  # fmt: skip
        else:
            cur = self._current_bet
            to_call = cur - bet
            if to_call > stack:
                to_call = stack
            elif to_call < 0:
                to_call = 0
            rules = self._rules
            if rules.nl_tda:
                # No-limit under the TDA minimum, inlined from _raise_bounds: the last
                # full increment on top of the current bet, never below the big blind
                # (E1, E2); the stack is the maximum.
                big_blind = self._big_blind
                low = cur + self._last_increment if cur > 0 else big_blind
                if low < big_blind:
                    low = big_blind
                high = all_in_to
            else:
                low, high = self._raise_bounds(p)
            # Inlined from _can_raise: more than a call in the stack, the cap not
            # reached, the betting reopened (E4), someone able to call more (F2).
            can_raise = to_call < stack and self._raises < self._raise_cap
            if can_raise:
                a = self._acted_at[p]
                if a >= 0:
                    if rules.reopen_by_increment:
                        can_raise = cur - a >= self._last_increment
                    else:
                        can_raise = a < self._full_bet_to
                if can_raise:
                    # Inlined from _someone_can_call_more.
                    others = self._live & ~self._all_in & ~(1 << p)
                    can_raise = False
                    if others:
                        bets = self._bet
                        stacks = self._stack
                        while others:
                            low_bit = others & -others
                            q = low_bit.bit_length() - 1
                            if bets[q] + stacks[q] > cur:
                                can_raise = True
                                break
                            others ^= low_bit
            if can_raise:
                legal = Legal(
                    seat, True, to_call == 0, to_call, True, cur == 0,
                    low if low < all_in_to else all_in_to,
                    high if high < all_in_to else all_in_to,
                    low, all_in_to, cur, stack, bet, False, False,
                )  # fmt: skip
            else:
                legal = Legal(
                    seat, True, to_call == 0, to_call, False, cur == 0, 0, 0, low, all_in_to,
                    cur, stack, bet, False, False,
                )  # fmt: skip
        self._legal = legal
        self._legal_at = n_log
        return legal

    @property
    def call_amount(self) -> Chips:
        """Chips the actor needs to call (0 = may check); cheap, for bots."""
        p = self._actor
        if p < 0 or self._street >= SHOWDOWN:
            return 0
        owed = self._current_bet - self._bet[p]
        stack = self._stack[p]
        return owed if owed < stack else stack

    def raise_range(self) -> tuple[Chips, Chips] | None:
        """``(min_raise_to, max_raise_to)`` for the actor, or ``None`` if he may not bet or
        raise: the cheap part of :meth:`legal` a bot needs before ``do_raise_to``."""
        p = self._actor
        if p < 0 or self._street >= SHOWDOWN or not self._can_raise(p):
            return None
        low, high = self._raise_bounds(p)
        all_in_to = self._bet[p] + self._stack[p]
        return (low if low < all_in_to else all_in_to), (high if high < all_in_to else all_in_to)

    def _must_show(self) -> bool:
        return self._rules.all_must_show_no_bet and self._last_aggressor < 0

    def verify(self, action: Action) -> None:
        """Raise the floor's reason if ``action`` is not legal now; change nothing.

        Checked against the decision's :meth:`legal` (computed once, kept until the hand
        changes); only a refusal looks further, for the floor's reason."""
        if self._actor >= 0 and self._accept(action, self.legal()) >= 0:
            return
        self._refuse(action)

    def _accept(self, action: Action, legal: Legal) -> int:
        """The fast check: how to apply ``action`` (``_A_FOLD`` ... ``_A_MUCK``; an all-in
        that only calls is ``_A_CALL``) if ``legal`` plainly allows it, else -1 and
        :meth:`_refuse` decides (and says why)."""
        code = _ACTION_CODE.get(type(action), -1)
        seat = action.seat
        if seat is not None and seat != legal.seat:
            return -1
        if legal.can_show:  # the showdown
            if code == _A_SHOW or (code == _A_MUCK and legal.can_muck):
                return code
            return -1
        if code in (_A_FOLD, _A_CALL):
            return code
        if code == _A_CHECK:
            return code if legal.can_check else -1
        if code == _A_RAISE:
            to = action.to  # type: ignore[union-attr]
            if (
                type(to) is int
                and legal.can_raise
                and legal.current_bet < to <= legal.max_raise_to
                and (to >= legal.full_raise_to or to == legal.all_in_to)
            ):
                return code
            return -1
        if code == _A_ALL_IN:
            if legal.all_in_to <= legal.current_bet:
                return _A_CALL
            if legal.can_raise and legal.all_in_to <= legal.max_raise_to:
                return code
        return -1

    def _refuse(self, action: Action) -> None:
        """The floor's reason why ``action`` is not legal now, raised (the slow, thorough
        check; returns only for an action the fast check did not recognise but allows)."""
        p = self._actor
        if p < 0:
            raise IllegalAction(
                template=N_("The hand is over: %(action)s is not possible."),
                params={"action": Phrase(type(action).__name__.lower())},
                context={"action": type(action).__name__},
            )
        seat = self._seats[p]
        if action.seat is not None and action.seat != seat:
            raise OutOfTurn(
                template=N_("Seat %(actor)s acted out of turn: it is seat %(seat)s's turn."),
                params={"actor": action.seat + 1, "seat": seat + 1},
                rule_ids=self._rules.profile.cite("E10"),
                context={"seat": action.seat, "actor": seat},
            )
        if self._street == SHOWDOWN:
            if isinstance(action, Show):
                return
            if isinstance(action, Muck):
                if self._must_show():
                    raise IllegalAction(
                        template=N_(
                            "Seat %(seat)s must show: the last round was checked and every "
                            "remaining player shows."
                        ),
                        params={"seat": seat + 1},
                        rule_ids=self._rules.profile.cite("F6"),
                        context={"seat": seat},
                    )
                return
            raise IllegalAction(
                template=N_("It is the showdown: seat %(seat)s may only show or muck."),
                params={"seat": seat + 1},
                context={"seat": seat},
            )
        if isinstance(action, Show | Muck):
            raise IllegalAction(
                template=N_("Seat %(seat)s cannot %(action)s before the showdown."),
                params={"seat": seat + 1, "action": Phrase(type(action).__name__.lower())},
                context={"seat": seat},
            )
        if isinstance(action, Fold | Call):
            return
        bet = self._bet[p]
        stack = self._stack[p]
        cur = self._current_bet
        if isinstance(action, Check):
            if cur > bet:
                raise IllegalAction(
                    template=N_("Seat %(seat)s cannot check: there is %(cur_bet)s to call."),
                    params={"seat": seat + 1, "cur_bet": f"{cur - bet:,}"},
                    rule_ids=self._rules.profile.cite("E30"),
                    context={"seat": seat, "call_amount": cur - bet},
                )
            return
        if isinstance(action, AllIn):
            to = bet + stack
            if to <= cur:
                return  # an all-in call
        else:
            to = action.to
            if not isinstance(to, int) or isinstance(to, bool):
                raise InvalidCommand(
                    template=N_("A bet must be a whole number of chips, not %(to)s."),
                    params={"to": repr(to)},
                )
            if to > bet + stack:
                raise IllegalAction(
                    template=N_(
                        "Seat %(seat)s has only %(stack)s chips in all: it cannot bet to %(to)s."
                    ),
                    params={"seat": seat + 1, "stack": f"{bet + stack:,}", "to": f"{to:,}"},
                    context={"seat": seat, "amount": to, "stack": bet + stack},
                )
            if to <= cur:
                raise IllegalAction(
                    template=N_(
                        "Seat %(seat)s cannot raise to %(to)s: the current bet is already %(cur)s "
                        "(call instead)."
                    ),
                    params={"seat": seat + 1, "to": f"{to:,}", "cur": f"{cur:,}"},
                    context={"seat": seat, "amount": to, "current_bet": cur},
                )
        block = self._raise_block(p)
        if block is not None:
            raise block
        low, high = self._raise_bounds(p)
        all_in_to = bet + stack
        rules = self._rules
        if to < low and to != all_in_to:
            if cur == 0:
                raise BelowMinimumRaise(
                    template=N_(
                        "Seat %(seat)s must bet at least %(low)s: the minimum bet is the big blind."
                    ),
                    params={"seat": seat + 1, "low": f"{low:,}"},
                    rule_ids=rules.profile.cite("E1"),
                    context={"seat": seat, "amount": to, "minimum": low},
                )
            if rules.is_limit:
                raise BelowMinimumRaise(
                    template=N_("Seat %(seat)s must raise to exactly %(low)s in fixed-limit."),
                    params={"seat": seat + 1, "low": f"{low:,}"},
                    rule_ids=rules.profile.cite("E5"),
                    context={"seat": seat, "amount": to, "minimum": low},
                )
            template = {
                MIN_RAISE_TDA: N_(
                    "Seat %(seat)s must raise to at least %(low)s: the last full raise was "
                    "%(last)s."
                ),
                MIN_RAISE_DOUBLE: N_(
                    "Seat %(seat)s must raise to at least %(low)s: a raise must at least double "
                    "the current bet."
                ),
                MIN_RAISE_PLUS_CHIP: N_(
                    "Seat %(seat)s must raise to at least %(low)s: a raise is the call plus at "
                    "least one chip."
                ),
            }[rules.min_raise]
            raise BelowMinimumRaise(
                template=template,
                params={"seat": seat + 1, "low": f"{low:,}", "last": f"{self._last_increment:,}"},
                rule_ids=rules.profile.cite("E2"),
                context={"seat": seat, "amount": to, "minimum": low},
            )
        if to > high:
            if rules.is_limit:
                raise IllegalAction(
                    template=N_("Seat %(seat)s may raise only to %(high)s in fixed-limit."),
                    params={"seat": seat + 1, "high": f"{high:,}"},
                    rule_ids=rules.profile.cite("E5"),
                    context={"seat": seat, "amount": to, "maximum": high},
                )
            raise IllegalAction(
                template=N_(
                    "Seat %(seat)s may bet at most %(high)s in pot-limit (the pot after a call)."
                ),
                params={"seat": seat + 1, "high": f"{high:,}"},
                rule_ids=rules.profile.cite("E6"),
                context={"seat": seat, "amount": to, "maximum": high},
            )

    def act(self, action: Action) -> ActionRecord:
        """Verify ``action`` for the seat to act, apply it and return its record.

        Verified against the decision's :class:`Legal` (the one :meth:`legal` returned,
        or computed here once if it was not asked for); a refusal raises the same floor
        reason as :meth:`verify`. The record is the action's log entry in seats and
        words (later entries, such as a board deal or an absent player's hand killed at
        his turn, are in :attr:`actions`).
        """
        log = self._log
        before = len(log)
        legal = self._legal
        if legal is None or self._legal_at != before:
            if self._actor < 0:
                self._refuse(action)  # raises: the hand is over
            legal = self.legal()
        code = _ACTION_CODE.get(type(action), -1)
        seat = action.seat
        if legal.can_show or (seat is not None and seat != legal.seat):
            code = self._accept(action, legal)  # the showdown, or out of turn
        elif code == _A_RAISE:
            # _accept's bet/raise check, inlined: a whole number above the current bet,
            # within the maximum, a full raise or the whole stack (E1, E2, E6).
            to = action.to  # type: ignore[union-attr]
            if not (
                type(to) is int
                and legal.can_raise
                and legal.current_bet < to <= legal.max_raise_to
                and (to >= legal.full_raise_to or to == legal.all_in_to)
            ):
                code = -1
        elif code == _A_CHECK:
            if not legal.can_check:
                code = -1
        elif code > _A_CALL or code < 0:
            code = self._accept(action, legal)  # all-in, show or muck too early, unknown
        if code in (_A_CALL, _A_CHECK):
            self.do_check_call()
        elif code == _A_RAISE:
            self.do_raise_to(action.to)  # type: ignore[union-attr]
        elif code == _A_FOLD:
            self.do_fold()
        elif code == _A_ALL_IN:
            self.do_raise_to(legal.all_in_to)
        elif code == _A_SHOW:
            self.do_show()
        elif code == _A_MUCK:
            self.do_muck()
        else:
            self._refuse(action)  # raises the floor's reason, or allows an odd action
            self.trusted(action)
        e = log[before]
        # The entry's position is the actor's: its seat is legal.seat.
        return ActionRecord(legal.seat, KINDS[e.code], e.amount, e.to, e.all_in, STREETS[e.street])

    def trusted(self, action: Action) -> None:
        """Apply ``action`` without checking it (replay, bots choosing from ``legal()``)."""
        if isinstance(action, Fold):
            self.do_fold()
        elif isinstance(action, Check | Call):
            self.do_check_call()
        elif isinstance(action, Bet | Raise):
            self.do_raise_to(action.to)
        elif isinstance(action, AllIn):
            self.do_all_in()
        elif isinstance(action, Show):
            self.do_show()
        else:
            self.do_muck()

    # ------------------------------------------------------------------ trusted path
    def do_fold(self) -> None:
        """Fold for the seat to act (trusted: no checks)."""
        p = self._actor
        bit = 1 << p
        self._live &= ~bit
        self._pending &= ~bit
        b = self._bet[p]
        street = self._street
        log = self._log
        log.append(LogEntry(p, K_FOLD, 0, b, False, street) if b else _FOLD_NO_BET[street][p])
        if not self._live & (self._live - 1):
            self._finish_uncontested()
            return
        self._next(p)

    def do_check_call(self) -> None:
        """Check, or call the current bet (all-in if short), for the seat to act."""
        p = self._actor
        bet = self._bet
        stack = self._stack
        b = bet[p]
        amount = self._current_bet - b
        bit = 1 << p
        if amount <= 0:
            street = self._street
            log = self._log
            log.append(LogEntry(p, K_CHECK, 0, b, False, street) if b else _CHECK_NO_BET[street][p])
        else:
            st = stack[p]
            allin = False
            if amount >= st:
                amount = st
                self._all_in |= bit
                allin = True
            stack[p] = st - amount
            b += amount
            bet[p] = b
            self._pot += amount
            if b > self._max_bet:
                self._max_bet = b
            self._log.append(LogEntry(p, K_CALL, amount, b, allin, self._street))
        self._acted_at[p] = self._current_bet
        pend = self._pending & ~bit
        self._pending = pend
        if pend and not self._dead_at_turn:
            act = self._live & ~self._all_in
            if act & (act - 1):
                # Common case inlined from _next: two or more can act, give the turn on.
                m = pend >> (p + 1)
                self._actor = p + (m & -m).bit_length() if m else (pend & -pend).bit_length() - 1
                return
        self._next(p)

    def do_all_in(self) -> None:
        """Put the whole stack in for the seat to act (a call if it does not exceed it)."""
        p = self._actor
        to = self._bet[p] + self._stack[p]
        if to <= self._current_bet:
            self.do_check_call()
        else:
            self.do_raise_to(to)

    def do_raise_to(self, to: Chips) -> None:
        """Bet or raise so the actor's bet on this round comes to ``to`` (trusted)."""
        p = self._actor
        bet = self._bet
        stack = self._stack
        b = bet[p]
        amount = to - b
        st = stack[p] - amount
        stack[p] = st
        bet[p] = to
        self._pot += amount
        bit = 1 << p
        allin = st == 0
        if allin:
            self._all_in |= bit
        cur = self._current_bet
        rules = self._rules
        if rules.is_limit:
            full = self._full_bet_to
            base = full if full else (self._big_blind if self._street == PREFLOP else 0)
            if to - base >= rules.limit_reopen_amount(self._bet_size) or not allin:
                if base:
                    self._raises += 1
                self._full_bet_to = to
        else:
            inc = to - cur
            if to >= self._min_raise_nl(cur):
                if cur > 0:
                    self._last_increment = inc
                else:
                    self._last_increment = to if to > self._big_blind else self._big_blind
                self._full_bet_to = to
            if cur > 0:
                self._raises += 1
        kind = K_RAISE if cur > 0 else K_BET
        self._current_bet = to
        if to > self._max_bet:
            self._max_bet = to
        self._last_aggressor = p
        self._acted_at[p] = to
        pend = self._live & ~self._all_in & ~bit
        self._pending = pend
        self._log.append(LogEntry(p, kind, amount, to, allin, self._street))
        if pend and not self._dead_at_turn and pend & (pend - 1):
            m = pend >> (p + 1)
            self._actor = p + (m & -m).bit_length() if m else (pend & -pend).bit_length() - 1
            return
        self._next(p)

    def _min_raise_nl(self, cur: int) -> int:
        """The rule's minimum bet or raise-to in big-bet games facing ``cur`` (E1, E2)."""
        if cur <= 0:
            return self._big_blind
        mode = self._rules.min_raise
        if mode == MIN_RAISE_TDA:
            low = cur + self._last_increment
        elif mode == MIN_RAISE_DOUBLE:
            low = 2 * cur if cur >= self._big_blind else cur + self._big_blind
        else:
            low = cur + self._min_chip
        return low if low > self._big_blind else self._big_blind

    def do_show(self) -> None:
        """Table the actor's hand at showdown (trusted)."""
        p = self._actor
        self._shown |= 1 << p
        self._log.append(_SHOW_ENTRY[p])
        self._next_shower()

    def do_muck(self) -> None:
        """Muck the actor's hand at showdown (trusted)."""
        p = self._actor
        self._mucked |= 1 << p
        self._live &= ~(1 << p)
        self._log.append(_MUCK_ENTRY[p])
        self._next_shower()

    # ------------------------------------------------------------------ flow
    def _next(self, p: int) -> None:
        """Give the turn to the next position after ``p`` that must act, or close the round."""
        while True:
            pend = self._pending
            if not pend:
                break
            act = self._live & ~self._all_in
            if not act & (act - 1):
                # Only one player can still act: he needs to only if he is short of the
                # largest bet (F2: a bet nobody can call is not a bet to make).
                x = act.bit_length() - 1
                if self._bet[x] >= self._max_bet:
                    self._pending = 0
                    break
            m = pend >> (p + 1)
            q = p + (m & -m).bit_length() if m else (pend & -pend).bit_length() - 1
            if self._dead_at_turn >> q & 1:
                # SPOT-6.6: an absent player's hand is mucked when the action reaches it.
                bit = 1 << q
                self._live &= ~bit
                self._pending &= ~bit
                self._killed |= bit
                self._log.append(LogEntry(q, K_KILL, 0, self._bet[q], False, self._street))
                if not self._live & (self._live - 1):
                    self._finish_uncontested()
                    return
                p = q
                continue
            self._actor = q
            return
        self._end_round()

    def _collect(self) -> None:
        """End of a betting round, in one pass over the bets: every chip bet joins its
        player's total, then the part of the largest bet nobody matched goes back to its
        bettor (F2)."""
        bet = self._bet
        total = self._total
        hi = -1
        hv = 0
        sv = 0
        for p in range(self._n_dealt):
            v = bet[p]
            if v:
                if v > hv:
                    sv = hv
                    hv = v
                    hi = p
                elif v > sv:
                    sv = v
                total[p] += v
                bet[p] = 0
        if hv > sv and self._live >> hi & 1:
            back = hv - sv
            total[hi] -= back
            self._stack[hi] += back
            self._pot -= back
            self._returned[hi] += back
            self._all_in &= ~(1 << hi)

    def _end_round(self) -> None:
        self._collect()
        act = self._live & ~self._all_in
        street = self._street + 1
        if street > RIVER:
            self._showdown()
            return
        self._board_dealt = _BOARD_AFTER[street]
        self._log.append(_BOARD_ENTRY[street])
        if act & (act - 1):
            self._street = street
            self._current_bet = 0
            self._max_bet = 0
            self._raises = 0
            self._last_aggressor = -1
            self._full_bet_to = 0
            if self._rules.is_limit:
                size = self._small_bet if street == FLOP else self._big_bet
                self._bet_size = size
                self._last_increment = size
            else:
                self._last_increment = self._big_blind
            self._acted_at = [-1] * self._n_dealt
            self._pending = act
            self._next(-1)
            return
        # Nobody can bet any more: the board is dealt out (F7).
        for later in range(street + 1, RIVER + 1):
            self._log.append(_BOARD_ENTRY[later])
        self._board_dealt = 5
        self._showdown()

    def _finish_uncontested(self) -> None:
        """F8: one hand left wins everything without showing."""
        self._collect()
        w = self._live.bit_length() - 1
        amount = self._pot
        self._won[w] += amount
        self._stack[w] += amount
        self._pots = [(amount, 1 << w, [w], [amount])]
        self._street = DONE
        self._actor = -1
        self._pending = 0

    def _showdown(self) -> None:
        self._street = SHOWDOWN
        self._actor = -1
        live = self._live
        b0, b1, b2, b3, b4 = self._board
        k = self._n_dealt
        strength = [0] * k
        hole = self._hole
        if self._rules.is_omaha:
            for p in range(k):
                if live >> p & 1:
                    strength[p] = evaluate_omaha_raw(b0, b1, b2, b3, b4, *hole[p])
        else:
            ev = evaluate_short_deck7 if self._rules.short_deck else evaluate7
            for p in range(k):
                if live >> p & 1:
                    h = hole[p]
                    strength[p] = ev(b0, b1, b2, b3, b4, h[0], h[1])
        self._strength = strength
        hilo = self._rules.is_hilo
        if hilo:
            board = self._board
            lows = [NO_LOW] * k
            for p in range(k):
                if live >> p & 1:
                    v = omaha_low_eight(board, hole[p])
                    if v is not None:
                        lows[p] = v
            self._low = lows
        order = self._showdown_order()
        if live & self._all_in:
            # F7: with a player all-in and no action left, every live hand is tabled.
            if self._rules.side_pot_first:
                total = self._total
                order.sort(key=lambda q: -total[q])
            for q in order:
                self._shown |= 1 << q
                self._log.append(_SHOW_ENTRY[q])
            self._award()
            return
        if self._auto_showdown:
            must = self._must_show()
            best = 1 << 30
            best_low = NO_LOW
            for q in order:
                s = strength[q]
                v = self._low[q] if hilo else NO_LOW
                if must or s <= best or (v < NO_LOW and v <= best_low):
                    self._shown |= 1 << q
                    self._log.append(_SHOW_ENTRY[q])
                    if s < best:
                        best = s
                    if v < best_low:
                        best_low = v
                else:
                    self._mucked |= 1 << q
                    self._live &= ~(1 << q)
                    self._log.append(_MUCK_ENTRY[q])
            self._award()
            return
        self._show_queue = order
        self._actor = order[0]

    def _showdown_order(self) -> list[int]:
        """F6: the last aggressor of the final round shows first, else the first live seat
        left of the button; the others follow clockwise."""
        live = _mask_positions(self._live)
        first = self._last_aggressor
        if first < 0 or not self._live >> first & 1:
            return live
        i = live.index(first)
        return live[i:] + live[:i]

    def _next_shower(self) -> None:
        queue = self._show_queue
        queue.pop(0)
        undecided = queue
        if not self._shown and len(undecided) == 1:
            # F8: all but one mucked: the last hand wins without being shown.
            self._actor = -1
            self._award()
            return
        if undecided:
            self._actor = undecided[0]
            return
        self._actor = -1
        self._award()

    def _award(self) -> None:
        """Split every pot among its best shown hands (F1, F3, F5, F10)."""
        live = self._live
        k = self._n_dealt
        won = self._won
        strength = self._strength
        contenders = live if not self._shown else live & self._shown
        if not live & self._all_in:
            pots = [(self._pot, live)]
        else:
            pots = build_pots(self._total, live, self._dead_money)
        min_chip = self._min_chip
        one_each = self._rules.odd_one_each
        hilo = self._rules.is_hilo
        lows = self._low
        hilo_pots: list[tuple[list[int], list[int], list[int]]] = []
        self._hilo_pots = hilo_pots
        out: list[tuple[int, int, list[int], list[int]]] = []
        for amount, eligible in pots:
            cand = eligible & contenders
            if not cand:
                cand = eligible
            best = 1 << 30
            winners: list[int] = []
            for q in range(k):
                if cand >> q & 1:
                    s = strength[q] if strength else 0
                    if s < best:
                        best = s
                        winners = [q]
                    elif s == best:
                        winners.append(q)
            if hilo:
                # F5: the best qualifying low takes half (KPC-12C, TNPL-C8, FOX-20).
                best_low = NO_LOW
                low_winners: list[int] = []
                for q in range(k):
                    if cand >> q & 1 and lows:
                        v = lows[q]
                        if v < best_low:
                            best_low = v
                            low_winners = [q]
                        elif v == best_low and v < NO_LOW:
                            low_winners.append(q)
                if low_winners:
                    high_winners = winners
                    winners, shares, odd = _split_hi_lo(
                        amount, high_winners, low_winners, min_chip, one_each
                    )
                    hilo_pots.append((high_winners, low_winners, odd))
                else:
                    shares = split_pot(amount, winners, min_chip, one_each)
                    hilo_pots.append((winners, [], []))
            else:
                shares = split_pot(amount, winners, min_chip, one_each)
            for q, share in zip(winners, shares, strict=True):
                won[q] += share
            out.append((amount, eligible, winners, shares))
        stack = self._stack
        for q in range(k):
            if won[q]:
                stack[q] += won[q]
        self._pots = out
        self._street = DONE
        self._actor = -1
        self._pending = 0

    # ------------------------------------------------------------------ results
    @property
    def result(self) -> HandResult:
        """The outcome (raises :class:`IllegalAction` while the hand is in progress)."""
        if self._street != DONE:
            raise IllegalAction(template=N_("The hand is not over yet: there is no result."))
        if self._result is None:
            self._result = self._build_result()
        return self._result

    def _words(self, p: int) -> HandWords:
        """Position ``p``'s best hand, to be named when someone reads it (the pot's
        ``hand``): most results are never shown, and naming costs more than the rest."""
        rules = self._rules
        return HandWords(self._hole[p], tuple(self._board), rules.is_omaha, rules.short_deck)

    def _hi_lo_words(self, high: int, low: int) -> str:
        """Omaha hi-lo: the high hand's words and the low's, as the stud engine writes
        them ("a flush, ace high; 7-5-4-2-A low")."""
        board = self._board
        high_words = describe_omaha(board, self._hole[high])
        return f"{high_words}; {describe_low(omaha_low_cards(board, self._hole[low]))}"

    def _by_seat(self, values: list[int]) -> tuple[Chips | None, ...]:
        """``values`` (by position) laid out by seat, ``None`` for seats not dealt in."""
        n = self._n_seats
        if self._n_dealt == n:
            # Every seat dealt in: position p is seat (button + 1 + p) % n, so the list by
            # seat is the list by position turned to start at seat 0's position.
            r = n - 1 - self._button
            return tuple(values[r:] + values[:r]) if r else tuple(values)
        out: list[Chips | None] = [None] * n
        for p, s in enumerate(self._seats):
            out[s] = values[p]
        return tuple(out)

    def _build_result(self) -> HandResult:
        """The :class:`HandResult` from the finished hand (built once, on request)."""
        seats = self._seats
        start_stack = self._start_stack
        stack = self._stack
        shown = self._shown
        showdown = shown != 0
        odd_unit = self._min_chip
        hand_pots = self._pots
        pots: list[PotResult] = []
        hilo_pots = self._hilo_pots
        for i, (amount, eligible, winners, shares) in enumerate(hand_pots):
            if hilo_pots and hilo_pots[i][1]:
                high, low, odd_at = hilo_pots[i]
                by_seat = tuple([seats[x] for x in winners])
                pots.append(
                    pot_result(
                        i,
                        amount,
                        _mask_seats(eligible, seats),
                        by_seat,
                        tuple(zip(by_seat, shares, strict=True)),
                        tuple([seats[x] for x in odd_at]),
                        self._hi_lo_words(high[0], low[0]) if showdown else "",
                    )
                )
                continue
            if len(winners) == 1:
                q = winners[0]
                w = seats[q]
                won_by: tuple[Seat, ...] = (w,)
                awards: tuple[tuple[Seat, Chips], ...] = ((w, shares[0]),)
                odd: tuple[Seat, ...] = ()
            else:
                q = winners[0] if winners else -1
                won_by = tuple([seats[x] for x in winners])
                awards = tuple(zip(won_by, shares, strict=True))
                base = min(shares) if shares else 0
                odd = tuple([w for w, sh in awards if sh > base])
                if len(set(shares)) == 1 or odd_unit <= 0:
                    odd = ()
            pots.append(
                pot_result(
                    i,
                    amount,
                    _mask_seats(eligible, seats),
                    won_by,
                    awards,
                    odd,
                    self._words(q) if showdown and q >= 0 and shown >> q & 1 else "",
                )
            )
        eliminated: list[Elimination] = []
        if 0 in stack:
            for p, chips in enumerate(stack):
                if chips == 0:
                    idx: list[int] = []
                    pot_winners: list[tuple[Seat, ...]] = []
                    for j, hand_pot in enumerate(hand_pots):
                        if hand_pot[1] >> p & 1:
                            idx.append(j)
                            pot_winners.append(pots[j].winners)
                    eliminated.append(
                        _entry(
                            Elimination,
                            (seats[p], start_stack[p], tuple(idx), tuple(pot_winners)),
                        )
                    )
        returned = self._returned
        board = self._board
        dealt = self._board_dealt
        return _entry(
            HandResult,
            (
                self._hand_number,
                self._by_seat(start_stack),
                self._by_seat(stack),
                tuple(pots),
                tuple(zip(seats, self._won, strict=True)),
                tuple([sr for sr in zip(seats, returned, strict=True) if sr[1]])
                if any(returned)
                else (),
                _mask_seats(shown, seats),
                _mask_seats(self._mucked, seats),
                _mask_seats(self._killed, seats),
                tuple(eliminated),
                "".join([CARD_TEXT[c] for c in board[:dealt]]) if dealt else "",
                showdown,
            ),
        )

    def as_json(self, *, show_all: bool = True) -> dict[str, object]:
        """The hand as JSON-safe data (seats 0-based; cards as text).

        With ``show_all=False`` hole cards of hands not tabled are left out, as a
        spectator would see them.
        """
        seats = self._seats
        hole = {}
        for p, s in enumerate(seats):
            if show_all or self._shown >> p & 1:
                hole[str(s)] = "".join(CARD_TEXT[c] for c in self._hole[p])
        data: dict[str, object] = {
            "hand_number": self._hand_number,
            "variant": self._rules.variant.value,
            "profile": self._rules.profile.name,
            "button": self._button,
            "small_blind_seat": self.small_blind_seat,
            "big_blind_seat": self.big_blind_seat,
            "blinds": [self._small_blind, self._big_blind],
            "ante": self._ante,
            "ante_type": self._ante_type.value,
            "seats_dealt": list(seats),
            "start_stacks": {str(s): self._start_stack[p] for p, s in enumerate(seats)},
            "hole_cards": hole,
            "board": "".join(CARD_TEXT[c] for c in self.board),
            "street": self.street,
            "actor": self.actor,
            "pot": self._pot,
            "actions": [
                {"seat": a.seat, "kind": a.kind, "amount": a.amount, "to": a.to,
                 "all_in": a.all_in, "street": a.street}
                for a in self.actions
            ],
        }  # fmt: skip
        if self._street == DONE:
            r = self.result
            data["result"] = {
                "final_stacks": {str(s): r.final_stacks[s] for s in seats},
                "pots": [
                    {"amount": pot.amount, "eligible": list(pot.eligible),
                     "winners": list(pot.winners), "awards": [list(a) for a in pot.awards],
                     "odd_chips": list(pot.odd_chips), "hand": pot.hand}
                    for pot in r.pots
                ],
                "returned": [list(x) for x in r.returned],
                "shown": list(r.shown),
                "mucked": list(r.mucked),
                "killed": list(r.killed),
                "eliminated": [
                    {"seat": e.seat, "start_stack": e.start_stack, "pots": list(e.pots),
                     "pot_winners": [list(w) for w in e.pot_winners]}
                    for e in r.eliminated
                ],
            }  # fmt: skip
        return data

    # ------------------------------------------------------------------ misdeals
    @property
    def substantial_action(self) -> bool:
        """Whether substantial action has occurred in this hand, by the profile's
        ``substantial_action_rule`` (L1: two in-turn actions with chips, or three; SPOT two
        players after the blinds). Blinds and kills of absent hands never count.

        Implements: KPC-25A, KPC-25B, KPC-25C, TNPL-G2, FOX-36, SPOT-3a10 (L1).
        """
        blinds = {self._seats[p] for p in (self._sb_pos, self._bb_pos) if p >= 0}
        rule = self._rules.profile.substantial_action_rule
        return substantial_action(self.actions, rule, blinds)

    def misdeal(
        self,
        reason: str,
        *,
        rng: random.Random | None = None,
        deck: Sequence[int | str | Card] | None = None,
    ) -> Hand:
        """Declare a misdeal (``reason``: what went wrong) and return the re-deal.

        Refused once substantial action has occurred (the hand is played to the end) or
        once the hand is over. The re-deal is an exact replay: the same players (nobody who
        arrived since is dealt in), the same button, blinds, ante and limits even if the
        clock has moved to a new level, every player's chips as before the forced bets (so
        no second ante is taken), and the players who were away or on penalty dealt in and
        killed again: the misdealt hand and its re-deal count as one hand (K4). ``deck``
        or ``rng`` shuffles anew.

        Implements: KPC-24, TNPL-G1ii, TNPL-G1iii, FOX-35C, FOX-35D, SPOT-3a10 (L3);
        KPC-24, TNPL-G1ii, FOX-35C (B9, K4).
        """
        profile = self._rules.profile
        why = reason.strip() or Phrase(N_("an error in the deal"))
        if self._street == DONE:
            raise IllegalAction(
                template=N_("The hand is over: no misdeal can be declared for %(why)s."),
                params={"why": why},
                rule_ids=profile.cite("L3"),
            )
        if self.substantial_action:
            raise IllegalAction(
                template=N_(
                    "No misdeal for %(why)s: substantial action has taken place, so the hand is "
                    "played to the end."
                ),
                params={"why": why},
                rule_ids=profile.cite("L3", "L1"),
                context={"reason": why},
            )
        stacks: list[int | None] = [None] * self._n_seats
        for p, s in enumerate(self._seats):
            stacks[s] = self._start_stack[p]
        return Hand.start(
            stacks=stacks,
            button=self._button,
            small_blind_seat=self.small_blind_seat,
            big_blind_seat=self.big_blind_seat,
            small_blind=self._small_blind,
            big_blind=self._big_blind,
            variant=self._rules.variant,
            ante=self._ante,
            ante_type=self._ante_type,
            small_bet=self._small_bet or None,
            big_bet=self._big_bet or None,
            profile=profile,
            deck=deck,
            rng=rng,
            dead=self._absent,
            players_in_tournament=self._players_in_tournament,
            min_chip=self._min_chip,
            hand_number=self._hand_number,
            auto_showdown=self._auto_showdown,
        )

    # ------------------------------------------------------------------ misc
    def copy(self) -> Hand:
        """An independent copy (to explore a branch without touching this hand)."""
        other = Hand()
        for name in _SLOTS:
            value = getattr(self, name)
            if isinstance(value, list):
                value = [v[:] if isinstance(v, list) else v for v in value]
            setattr(other, name, value)
        return other

    def __repr__(self) -> str:
        return (
            f"<Hand #{self._hand_number} {self._rules.variant.value} {STREETS[self._street]} "
            f"pot={self._pot} actor={self.actor}>"
        )


_SLOTS: tuple[str, ...] = tuple(vars(Hand).get("__slots__") or vars(Hand)["__mypyc_attrs__"])
"""Every attribute of a hand, for :meth:`Hand.copy`: compiled by mypyc, a class keeps no
``__slots__`` but lists its attributes in ``__mypyc_attrs__``."""

__all__ = ["STREETS", "Hand", "deal_order"]
