"""Bots: players that choose an action from ``hand.legal()``.

A bot is anything with ``decide(hand, legal, rng) -> Action``. It only ever picks among the
choices :meth:`~pokertd.engine.Hand.legal` offers, so the simulator may apply its choice on
the engine's trusted path (style.md section 4: "bots that pick from ``legal()`` may use the
trusted path"). Randomness comes from the ``rng`` passed in (a seeded ``random.Random``), so
a simulation replays exactly.

Two bots:

* :class:`RandomBot` -- the engine benchmark's policy: fold 20 %, check or call 55 %,
  minimum raise 20 %, all-in 5 % (a fold is a check when checking is free).
* :class:`TightAggressiveBot` -- a simple, stack-aware "tight-aggressive" player: pre-flop it
  rates its two cards with the Chen formula and, short-stacked, plays push-or-fold; after
  the flop it rates its made hand with the engine's evaluator (phevaluator) and bets its
  strong hands, calls with a pair when the price is right and gives up otherwise.

Neither is a good poker player; both make tournaments that look like tournaments (blinds
matter, short stacks shove, big hands get paid) for structure design and load testing.

Both play the stud games of a mixed event too (:class:`~pokertd.engine.stud.StudHand`,
issue 28): the seat with the bring-in may not fold or check, so a fold or check becomes the
bring-in (``CALL``, which the stud engine's trusted path posts as the bring-in) and a raise
the completion; in fixed limit every bet is the street's one amount, so sizes are clipped
to it. The tight-aggressive bot rates its stud cards by :meth:`TightAggressiveBot._stud`.

And the draw games (:class:`~pokertd.engine.draw.DrawHand`: 2-7 triple draw, no-limit 2-7
single draw): every bot draws by :func:`draw_discard` (keep the cards of eight or lower,
one of each rank; throw the rest; stand pat on a made eight or better), and the
tight-aggressive bot bets by :meth:`TightAggressiveBot._draw`.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from typing import Protocol

from pokertd.cards.card import parse_cards
from pokertd.cards.evaluate import evaluate5, evaluate6, evaluate7
from pokertd.cards.low import deuce_to_seven, low_value
from pokertd.engine import Action, AllIn, Call, Check, Fold, Hand, Legal, Raise
from pokertd.engine.draw import Draw, DrawHand
from pokertd.engine.stud import StudHand
from pokertd.rules import ClockExpiry, DrawVariant, RuleProfile, StudVariant
from pokertd.tournament.clock import expiry_action

FOLD = Fold()
CHECK = Check()
CALL = Call()
ALL_IN = AllIn()

ONE_PAIR_WORST = 6185
"""Weakest one-pair strength (phevaluator: lower is better; 6,186+ is high card)."""
TWO_PAIR_WORST = 3325
"""Weakest two-pair strength."""
TRIPS_WORST = 2467
"""Weakest three-of-a-kind strength."""
STRAIGHT_WORST = 1609
"""Weakest straight (anything this strong or stronger: straight, flush, full house...)."""


class Bot(Protocol):
    """A player in a simulation: picks one of the legal actions for the seat to act."""

    def decide(
        self,
        hand: Hand | StudHand | DrawHand,
        legal: Legal,
        big_blind: int,
        chip: int,
        rng: random.Random,
    ) -> Action:
        """The action for ``legal.seat`` (always one that ``legal`` allows).

        ``big_blind`` is the level's big blind (the unit a stack is measured in); ``chip``
        the smallest chip in play (bets are made of whole chips)."""
        ...


def _check_or_fold(legal: Legal) -> Action:
    """Check when free, else fold; the stud bring-in, who may do neither, brings in."""
    if legal.can_check:
        return CHECK
    return FOLD if legal.can_fold else CALL


def _raise_to(legal: Legal, to: int, chip: int = 1) -> Action:
    """A bet/raise to ``to`` in whole ``chip`` units, clipped into the legal range (a call
    if raising is closed)."""
    if not legal.can_raise:
        return CALL
    to -= to % chip
    if to < legal.min_raise_to:
        to = legal.min_raise_to
    if to > legal.max_raise_to:
        to = legal.max_raise_to
    return Raise(to)


def _all_in(legal: Legal) -> Action:
    """All-in when raising is open; otherwise the all-in is a call (F2, E4)."""
    if legal.can_raise and legal.max_raise_to == legal.all_in_to:
        return ALL_IN
    if legal.can_raise:
        return Raise(legal.max_raise_to)
    return CALL


class RandomBot:
    """The engine benchmark's random policy.

    fold 0.20 / check-call 0.55 / min-raise 0.20 / all-in 0.05. A fold when checking is free
    becomes a check; a raise or all-in when the betting is closed to this player becomes a
    call.
    """

    __slots__ = ("all_in", "call", "fold", "min_raise")

    def __init__(
        self,
        fold: float = 0.20,
        call: float = 0.55,
        min_raise: float = 0.20,
        all_in: float = 0.05,
    ) -> None:
        total = fold + call + min_raise + all_in
        self.fold = fold / total
        self.call = self.fold + call / total
        self.min_raise = self.call + min_raise / total
        self.all_in = 1.0

    def decide(
        self,
        hand: Hand | StudHand | DrawHand,
        legal: Legal,
        big_blind: int,
        chip: int,
        rng: random.Random,
    ) -> Action:
        """Draw one of the four choices with the policy's weights."""
        r = rng.random()
        if r < self.fold:
            return _check_or_fold(legal)
        if r < self.call:
            return CALL
        if r < self.min_raise:
            return Raise(legal.min_raise_to) if legal.can_raise else CALL
        return _all_in(legal)

    def __repr__(self) -> str:
        return "RandomBot()"


# --- pre-flop hand strength ------------------------------------------------------------------

_HIGH_CARD_HALVES = (2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 20)
"""Chen formula high-card points, doubled (2 = 1 ... T = 5, J = 6, Q = 7, K = 8, A = 10)."""


def chen_score(card1: int, card2: int) -> int:
    """Bill Chen's pre-flop rating of two hole cards (int codes), rounded up: -1 .. 20.

    High card points (A 10, K 8, Q 7, J 6, else half the rank), doubled for a pair (at
    least 5), +2 suited, minus 1/2/4/5 for a gap of 1/2/3/4+, +1 for connected or one-gap
    cards below a queen.

    >>> from pokertd.cards import card_code as c
    >>> chen_score(c("As"), c("Ah")), chen_score(c("Ks"), c("Qs")), chen_score(c("7c"), c("2d"))
    (20, 10, -1)
    """
    r1 = card1 >> 2
    r2 = card2 >> 2
    if r1 < r2:
        r1, r2 = r2, r1
    halves = _HIGH_CARD_HALVES[r1]
    if r1 == r2:
        halves = max(2 * halves, 10)
        return (halves + 1) // 2
    if card1 & 3 == card2 & 3:
        halves += 4
    gap = r1 - r2 - 1
    halves -= (0, 2, 4, 8, 10)[min(gap, 4)]
    if gap <= 1 and r1 < 10:  # both below a queen
        halves += 2
    return (halves + 1) // 2


def made_hand(hole: tuple[int, ...], board: list[int]) -> int:
    """Strength of the best five of hole cards + board (phevaluator: lower is better); with
    four hole cards and a board, Omaha's: exactly two of the hole cards and three of the
    board (F4)."""
    if len(hole) == 4 and len(board) >= 3:
        return min(
            evaluate5(*two, *three)
            for two in combinations(hole, 2)
            for three in combinations(board, 3)
        )
    cards = (*hole, *board)
    n = len(cards)
    if n == 7:
        return evaluate7(*cards)
    if n == 6:
        return evaluate6(*cards)
    return evaluate5(*cards)


class TightAggressiveBot:
    """A simple, stack-aware tight-aggressive player.

    Pre-flop, by the Chen score of its cards and its stack in big blinds (``m``):

    * ``m <= push_below`` big blinds: push-or-fold. It moves all-in with a score of at
      least ``10 - m/2`` (so any two cards with a big blind or less), otherwise checks or
      folds.
    * deeper: a premium hand (score >= 10) raises to three times the bet, or four times a
      raise; facing a bet of a third of its stack it moves in with 12 or more (JJ+, AKs)
      and otherwise calls only up to two thirds of its stack; a good hand (>= 7) opens for
      a raise and calls a raise costing at most ``call_fraction`` of its stack; a playable
      hand (>= 5) limps or calls the big blind only; anything else checks or folds.

    After the flop, by the made hand (the engine's evaluator), counting a pair or trips only
    when a hole card takes part: a straight or better, or trips, bets three quarters of the
    pot, raises the pot once, and moves in when the call is half its stack; two pair bets
    two thirds of the pot and calls up to a quarter of its stack; one pair bets half the
    pot half the time and calls up to an eighth; nothing checks, bluffs a half-pot bet with
    probability ``bluff``, and folds to a bet.
    """

    __slots__ = ("bluff", "call_fraction", "push_below")

    def __init__(self, push_below: int = 10, call_fraction: float = 0.15, bluff: float = 0.08):
        self.push_below = push_below
        self.call_fraction = call_fraction
        self.bluff = bluff

    def decide(
        self,
        hand: Hand | StudHand | DrawHand,
        legal: Legal,
        big_blind: int,
        chip: int,
        rng: random.Random,
    ) -> Action:
        """Pre-flop by Chen score and stack depth; after the flop by the made hand; stud
        by :meth:`_stud`."""
        if isinstance(hand, StudHand):
            return self._stud(hand, legal, chip, rng)
        if isinstance(hand, DrawHand):
            return self._draw(hand, legal, chip, rng)
        hole = hand.hole_cards(legal.seat)
        board = hand.board
        if not board:
            return self._preflop(legal, hole, big_blind, chip)
        return self._postflop(hand, legal, hole, board, chip, rng)

    def _preflop(self, legal: Legal, hole: tuple[int, ...], bb: int, chip: int) -> Action:
        score = chen_score(hole[0], hole[1])
        bb = max(bb, 1)
        m = (legal.stack + legal.bet) // bb
        to_call = legal.call_amount
        if m <= self.push_below:
            if 2 * score >= 20 - m:
                return _all_in(legal)
            return _check_or_fold(legal)
        if score >= 10:
            if to_call * 3 >= legal.stack:
                if score >= 12:
                    return _all_in(legal)
                return CALL if to_call * 3 <= legal.stack * 2 else _check_or_fold(legal)
            factor = 3 if legal.current_bet <= bb else 4
            return _raise_to(legal, max(legal.current_bet, bb) * factor, chip)
        if score >= 7:
            if legal.current_bet <= bb:
                return _raise_to(legal, 3 * bb, chip)
            if to_call <= self.call_fraction * legal.stack:
                return CALL
            return _check_or_fold(legal)
        if score >= 5 and legal.current_bet <= bb:
            return CALL
        return _check_or_fold(legal)

    def _postflop(
        self,
        hand: Hand,
        legal: Legal,
        hole: tuple[int, ...],
        board: list[int],
        chip: int,
        rng: random.Random,
    ) -> Action:
        strength = made_hand(hole, board)
        pot = hand.pot
        to_call = legal.call_amount
        stack = legal.stack
        ranks = {c >> 2 for c in board}
        # A made hand counts only if the hole cards take part (a pair on the board is
        # everybody's pair): a pocket pair, or a hole card pairing the board.
        own = hole[0] >> 2 == hole[1] >> 2 or hole[0] >> 2 in ranks or hole[1] >> 2 in ranks
        if strength <= STRAIGHT_WORST or (strength <= TRIPS_WORST and own):
            if to_call * 2 >= stack:
                return _all_in(legal)
            if legal.is_bet:
                return _raise_to(legal, pot * 3 // 4, chip)
            if legal.current_bet * 2 <= pot:
                return _raise_to(legal, legal.current_bet + pot, chip)
            return CALL
        if strength <= TWO_PAIR_WORST and own:
            if legal.can_check:
                return _raise_to(legal, pot * 2 // 3, chip) if legal.is_bet else CHECK
            return CALL if to_call * 4 <= stack else FOLD
        if strength <= ONE_PAIR_WORST and own:
            if legal.can_check:
                if legal.is_bet and rng.random() < 0.5:
                    return _raise_to(legal, pot // 2, chip)
                return CHECK
            return CALL if to_call * 8 <= stack else FOLD
        if legal.can_check:
            if legal.is_bet and rng.random() < self.bluff:
                return _raise_to(legal, pot // 2, chip)
            return CHECK
        return FOLD

    def _stud(self, hand: StudHand, legal: Legal, chip: int, rng: random.Random) -> Action:
        """A stud hand, by its cards so far (the common card included).

        Seven-card stud and stud hi-lo rate the high hand: trips or better bet and raise
        (and call anything), two pair bets and calls up to a quarter of the stack, a pair
        (or, on third street, two cards ten or higher) calls up to an eighth and bets half
        the time when nobody has; stud hi-lo also plays three low cards (eight or lower,
        different ranks) on third street and a low draw as a pair. Razz rates the low: as
        many different cards of eight or lower as cards held (five at most) is a strong
        hand, one fewer a drawing hand that calls up to an eighth of the stack. Anything
        else checks, bluffs with probability ``bluff`` when it may bet, and folds; the
        bring-in brings in (it may not fold) and completes with a strong hand."""
        cards = [*hand.cards(legal.seat), *hand.board]
        n = len(cards)
        to_call = legal.call_amount
        stack = legal.stack
        if hand.variant is StudVariant.RAZZ:
            lows = len({v for c in cards if (v := low_value(c)) <= 8})
            strong = lows >= min(n, 5)
            fair = lows >= min(n, 5) - 1 and (n < 7 or strong)
            good = False
        else:
            counts = sorted(Counter(c >> 2 for c in cards).values(), reverse=True)
            if n >= 5:
                strength = made_hand(tuple(cards), [])
                strong = strength <= TRIPS_WORST
                good = strength <= TWO_PAIR_WORST
                fair = strength <= ONE_PAIR_WORST
            else:
                strong = counts[0] >= 3
                good = counts[0] == 2 and len(counts) > 1 and counts[1] == 2
                fair = counts[0] == 2 or (n == 3 and sum(c >> 2 >= 8 for c in cards) >= 2)
            if hand.variant is StudVariant.STUD_HI_LO:
                lows = len({v for c in cards if (v := low_value(c)) <= 8})
                fair = fair or lows >= min(n, 5) - (0 if n == 3 else 1)
        if strong:
            if legal.can_raise:
                return Raise(legal.max_raise_to)
            return CALL
        if good:
            if legal.can_check:
                return _raise_to(legal, legal.max_raise_to, chip) if legal.is_bet else CHECK
            return CALL if to_call * 4 <= stack else _check_or_fold(legal)
        if fair:
            if legal.can_check:
                if legal.is_bet and legal.can_raise and rng.random() < 0.5:
                    return Raise(legal.max_raise_to)
                return CHECK
            return CALL if to_call * 8 <= stack else _check_or_fold(legal)
        if legal.can_check and legal.is_bet and legal.can_raise and rng.random() < self.bluff:
            return Raise(legal.max_raise_to)
        return _check_or_fold(legal)

    def _draw(self, hand: DrawHand, legal: Legal, chip: int, rng: random.Random) -> Action:
        """A 2-7 hand by the cards it keeps (:func:`draw_discard`): pat (a made eight or
        better) bets and raises, calls anything; four to a low calls up to a quarter of the
        stack until the last draw and bets half the time when nobody has; anything else
        checks, bluffs with probability ``bluff`` and folds to a bet."""
        cards = hand.cards(legal.seat)
        keep = 5 - len(draw_discard(cards).discard)
        if keep == 5:
            return _raise_to(legal, legal.current_bet + hand.pot, chip)
        late = hand.street == ("postdraw3" if hand.variant is _TRIPLE else "postdraw1")
        if keep == 4 and not late:
            if legal.can_check:
                if legal.is_bet and rng.random() < 0.5:
                    return _raise_to(legal, legal.min_raise_to, chip)
                return CHECK
            return CALL if legal.call_amount * 4 <= legal.stack else FOLD
        if legal.can_check:
            if legal.is_bet and rng.random() < self.bluff:
                return _raise_to(legal, legal.min_raise_to, chip)
            return CHECK
        return FOLD

    def __repr__(self) -> str:
        return "TightAggressiveBot()"


def draw_discard(cards: tuple[int, ...]) -> Draw:
    """What a simulated player throws in a 2-7 draw: nothing with a made eight or better
    (five different ranks, no straight or flush), else every card above an eight and every
    second card of a rank, keeping one of each rank eight or lower (a low straight or
    flush throws its top card)."""
    if len({c >> 2 for c in cards}) == 5 and deuce_to_seven(cards) <= _EIGHT_LOW_WORST:
        return Draw()
    kept: set[int] = set()
    discard: list[int] = []
    for c in sorted(cards):
        rank = c >> 2  # 0 = deuce ... 12 = ace (high in 2-7)
        if rank <= 6 and rank not in kept:
            kept.add(rank)
        else:
            discard.append(c)
    if not discard:  # five low cards making a straight or a flush: break it at the top
        discard.append(max(cards))
    return Draw(discard)


_EIGHT_LOW_WORST = deuce_to_seven(parse_cards("8h7c6d5s3c"))
"""The weakest 2-7 hand a simulated player stands pat on: an eight low."""
_TRIPLE = DrawVariant.TRIPLE_DRAW_27

BOT_KINDS = ("random", "tag", "mix")
"""Bot line-ups a simulation can seat: all random, all tight-aggressive, or half each."""


def clock_expired(profile: RuleProfile, legal: Legal) -> Action:
    """What a player whose called clock ran out does (B15): his hand is dead (a fold) when
    he faces a bet, and he checks otherwise -- unless the profile makes the hand dead in
    both cases (TNPL).

    Implements: KPC-20, FOX-29, SPOT-5c10 (dead facing a bet, check otherwise); TNPL-D6
    (dead in both cases), through :func:`~pokertd.tournament.clock.shot_clock.expiry_action`.
    """
    facing = legal.call_amount > 0
    if facing or expiry_action(profile, facing) is ClockExpiry.DEAD:
        return FOLD
    return CHECK


def make_bot(kind: str) -> Bot:
    """A bot by name: ``"random"`` or ``"tag"``."""
    if kind == "random":
        return RandomBot()
    return TightAggressiveBot()


__all__ = [
    "ALL_IN",
    "BOT_KINDS",
    "CALL",
    "CHECK",
    "FOLD",
    "Bot",
    "RandomBot",
    "TightAggressiveBot",
    "chen_score",
    "clock_expired",
    "draw_discard",
    "made_hand",
    "make_bot",
]
