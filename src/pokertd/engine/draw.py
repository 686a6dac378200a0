"""The draw engine: one hand of 2-7 triple draw (fixed limit), no-limit 2-7 single draw or
badugi (fixed limit, three draws, four cards).

Usage::

    hand = DrawHand.start(variant=DrawVariant.TRIPLE_DRAW_27, stacks=[10_000] * 6,
                          button=5, small_blind=100, big_blind=200,
                          profile=load_profile("tda"), rng=random.Random(7))
    hand.actor                  # the seat to act: pre-draw, left of the big blind
    hand.act(Call())
    ...
    hand.drawing                # True while the players stand pat or draw, in turn
    hand.act(Draw(discard=(c1, c2)))    # throw two cards, get two; Draw() stands pat
    hand.result                 # HandResult once the hand is over

It sits beside :class:`~pokertd.engine.stud.StudHand` and shares with it the state and
bookkeeping of :class:`~pokertd.engine._street.StreetHand` (accessors, chips in, the log,
collecting bets, showdown queue, result), the actions and
:class:`~pokertd.engine.actions.Legal`, the pots (:mod:`pokertd.engine.pots`), the results
(:mod:`pokertd.engine.result`), the rule profile (raise cap, minimum raise, reopening, odd
chips, showdown order) and the evaluators (:mod:`pokertd.cards`). Written for reading
rather than speed: state by position in plain lists and sets.

**Positions**: position 0 is the first dealt-in seat left of the button, the last position
the button. The small blind is position 0 and the big blind position 1; heads-up the
button posts the small blind and the other player the big blind (as in hold'em). Five
cards (badugi: four) go to each player one at a time from position 0.

**Rounds**: a betting round before the draw, then for each draw (three in triple draw,
one in single draw) a draw round and a betting round. Pre-draw the player left of the big
blind acts first; in every later round, draws included, the first live player left of the
button. Every live player draws, all-in players too, in turn: :class:`Draw` names the
cards thrown (none: stand pat) and the same number comes back from the stub, a card being
burnt before the first replacement of each draw round.

**The stub running out** (the rulebooks leave draw games to house standards: TNPL-G1i,
FOX-35): the last card of the stub is never dealt; when a player's replacements need it,
it is shuffled with the discards, the burns and the folded hands (everything out of play
except the cards the drawing player has just thrown) into a new stub, in an order drawn
from the hand's ``random.Random``, and dealing goes on from that stub. The new stub is
recorded (:attr:`DrawHand.reshuffles`, and a ``"reshuffle"`` record in
:attr:`DrawHand.actions`).

**Betting**: triple draw and badugi are fixed-limit, the small bet before the draw and
after the first draw, the big bet after the second and third draws, with the profile's cap
of a bet and ``raise_cap_limit`` raises (E5) and the limit reopening rule (E4); single draw is
no-limit, the minimum bet the big blind and the minimum raise the profile's (E1, E2:
TDA the last full increment), reopening as in no-limit hold'em (E4). Blinds and antes
(per player or big-blind ante) as in hold'em (B3-B5, E3).

**Two paths** as for hold'em and stud: ``legal()`` / ``verify()`` / ``act()`` check every
action and refuse with the floor's reason; ``do_fold``, ``do_check_call``,
``do_raise_to``, ``do_all_in``, ``do_draw``, ``do_show``, ``do_muck`` and
``trusted(action)`` apply without checks (bots, replay).

Showdown: deuce-to-seven low (:func:`~pokertd.cards.low.deuce_to_seven`), or in badugi
:func:`~pokertd.cards.low.badugi` (the most cards of different ranks and suits, then the
lowest), the lowest hand wins; the last aggressor of the final round shows first, else
the first live seat left of the button (F6); all hands tabled when a player is all-in
(F7); split pots with odd chips to the first winner left of the button (F5: KPC-12C,
TNPL-C8, FOX-20), side pots (F1) and uncalled bets (F2).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from pokertd.cards.card import CARD_TEXT, CardCode
from pokertd.cards.deck import check_deck, shuffled
from pokertd.cards.low import badugi, describe_badugi, describe_deuce_to_seven, deuce_to_seven
from pokertd.engine._rules import MIN_RAISE_DOUBLE, MIN_RAISE_TDA, rules_for
from pokertd.engine._street import StreetHand
from pokertd.engine.actions import (
    Action,
    ActionRecord,
    AllIn,
    Bet,
    Call,
    Check,
    Fold,
    Legal,
    Raise,
    Show,
)
from pokertd.engine.pots import build_pots, split_pot
from pokertd.engine.result import HandResult
from pokertd.errors import BelowMinimumRaise, IllegalAction, InvalidCommand
from pokertd.i18n import N_, Phrase
from pokertd.rules import AnteType, DrawVariant, RuleProfile, Variant, load_profile
from pokertd.types import Chips, Seat

PREDRAW: Final = 0
SHOWDOWN: Final = 7
DONE: Final = 8

DRAW_STREETS: Final = (
    "predraw",
    "draw1",
    "postdraw1",
    "draw2",
    "postdraw2",
    "draw3",
    "postdraw3",
    "showdown",
    "done",
)
"""Round names, as in :attr:`ActionRecord.street`: betting rounds at even indexes, draws
at odd ones (single draw uses the first three)."""

DRAWS: Final = {
    DrawVariant.TRIPLE_DRAW_27: 3,
    DrawVariant.NO_LIMIT_SINGLE_DRAW_27: 1,
    DrawVariant.BADUGI: 3,
}
"""Draws in each game."""

HAND_SIZE: Final = 5
"""Cards in a draw hand: a player throws at most five."""

HAND_SIZES: Final = {DrawVariant.BADUGI: 4}
"""Games dealing fewer than :data:`HAND_SIZE` cards (badugi: four)."""

MAX_PLAYERS: Final = 8
"""Eight players at most: 40 cards in the hands leave at least 12 for a new stub, enough
for any draw."""


class Draw:
    """Stand pat (no cards) or throw ``discard`` (card codes from the hand) and draw as
    many new ones."""

    __slots__ = ("discard", "seat")

    def __init__(self, discard: Sequence[CardCode] = (), seat: Seat | None = None) -> None:
        self.discard: Final = tuple(discard)
        self.seat: Final = seat

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Draw) and self.discard == other.discard and self.seat == other.seat

    def __hash__(self) -> int:
        return hash((self.discard, self.seat))

    def __repr__(self) -> str:
        cards = "".join(CARD_TEXT[c] for c in self.discard)
        return f"Draw({cards!r}, seat={self.seat})"


DrawAction = Action | Draw
"""Anything a draw player may do: a hold'em action or a draw."""


class DrawHand(StreetHand):
    """One draw hand in progress (or finished). Build it with :meth:`DrawHand.start`."""

    _STREETS = DRAW_STREETS
    _SHOWDOWN = SHOWDOWN
    _DONE = DONE

    __slots__ = {  # noqa: RUF023
        "_variant": "The game: triple draw or single draw.",
        "_limit": "True in fixed limit (triple draw, badugi).",
        "_draws": "How many draws the game has.",
        "_sb_pos": "The small blind's position.",
        "_bb_pos": "The big blind's position.",
        "_small_blind": "The small blind.",
        "_big_blind": "The big blind.",
        "_ante_type": "Per player or big-blind ante.",
        "_players_in_tournament": "Players left in the event when dealt (the cap's E5 "
        "heads-up exception), or None.",
        "_rng": "The hand's random source: it shuffles a new stub.",
        "_deck": "The deck as it was when the hand began (the deal order).",
        "_stub": "The cards still to deal, next first.",
        "_out": "Cards out of play that a new stub takes: discards, burns, folded hands.",
        "_dealt": "Each position's first five cards.",
        "_draw_log": "Every draw: (position, round, thrown, received).",
        "_reshuffles": "Every new stub: (round, position drawing, the stub's cards in order).",
        "_burnt": "True once this draw round's burn card is off the stub.",
        "_max_bet": "The largest bet in front of a player this round.",
        "_last_increment": "No limit: the last full bet or raise increment (E2).",
    }

    _ante_type: AnteType
    _bb_pos: int
    _big_blind: int
    _burnt: bool
    _dealt: list[list[int]]
    _deck: list[int]
    _draw_log: list[tuple[int, int, tuple[int, ...], tuple[int, ...]]]
    _draws: int
    _last_increment: int
    _limit: bool
    _max_bet: int
    _out: list[int]
    _players_in_tournament: int | None
    _reshuffles: list[tuple[int, int, tuple[int, ...]]]
    _rng: random.Random
    _sb_pos: int
    _small_blind: int
    _stub: list[int]
    _variant: DrawVariant

    # ------------------------------------------------------------------ construction
    @classmethod
    def start(
        cls,
        *,
        variant: DrawVariant,
        stacks: Sequence[int | None],
        button: Seat,
        small_blind: Chips,
        big_blind: Chips,
        small_bet: Chips | None = None,
        big_bet: Chips | None = None,
        ante: Chips = 0,
        ante_type: AnteType = AnteType.NONE,
        profile: RuleProfile | None = None,
        deck: Sequence[CardCode] | None = None,
        rng: random.Random | None = None,
        min_chip: Chips = 1,
        players_in_tournament: int | None = None,
        hand_number: int = 0,
        auto_showdown: bool = True,
    ) -> DrawHand:
        """Deal a draw hand: forced bets, five cards each, and the first player to act.

        ``stacks`` by seat (``0``/``None`` = empty seat); ``button`` the dealer's seat (the
        blinds are the next two seats dealt in; heads-up the button posts the small
        blind). Triple draw and badugi take ``small_bet`` / ``big_bet`` (default: the big blind and
        twice it). ``ante`` with ``ante_type`` per player or on the big blind. ``deck`` is
        the exact order cards come off (the deal, then burns and draws) or ``rng``
        shuffles; ``rng`` also orders any new stub (a hand with a ``deck`` and no ``rng``
        gets ``random.Random(hand_number)`` for that). Bad arguments raise
        :class:`InvalidCommand` naming the problem.
        """
        profile = profile if profile is not None else load_profile("tda")
        n_seats = len(stacks)
        if not 0 <= button < n_seats:
            raise InvalidCommand(
                template=N_("The button must be on a seat from 1 to %(n)s, not %(button)s."),
                params={"n": n_seats, "button": button + 1},
            )
        limit = variant is not DrawVariant.NO_LIMIT_SINGLE_DRAW_27
        size = HAND_SIZES.get(variant, HAND_SIZE)
        if limit:
            small_bet = big_blind if small_bet is None else small_bet
            big_bet = 2 * small_bet if big_bet is None else big_bet
        else:
            small_bet = big_bet = 0
        if type(big_blind) is not int or type(small_blind) is not int or type(ante) is not int:
            raise InvalidCommand(
                template=N_(
                    "Blinds and antes must be whole numbers of chips (small blind "
                    "%(small_blind)s, big blind %(big_blind)s, ante %(ante)s)."
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
                    "Blinds and antes must be positive chip amounts (small blind "
                    "%(small_blind)s, big blind %(big_blind)s, ante %(ante)s)."
                ),
                params={"small_blind": small_blind, "big_blind": big_blind, "ante": ante},
            )
        for name, value in (
            (N_("The small bet"), small_bet),
            (N_("The big bet"), big_bet),
            (N_("The smallest chip"), min_chip),
        ):
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise InvalidCommand(
                    template=N_("%(name)s must be a whole number of chips, not %(value)s."),
                    params={"name": Phrase(name), "value": repr(value)},
                )
        if min_chip <= 0:
            raise InvalidCommand(
                template=N_("The smallest chip in play must be positive, not %(min_chip)s."),
                params={"min_chip": min_chip},
            )
        if limit and (small_bet <= 0 or big_bet <= 0):
            raise InvalidCommand(template=N_("Fixed-limit bets must be positive chip amounts."))
        seats = [
            s % n_seats for s in range(button + 1, button + 1 + n_seats) if stacks[s % n_seats]
        ]
        if not 2 <= len(seats) <= MAX_PLAYERS:
            raise InvalidCommand(
                template=N_("A draw game is dealt to 2 to %(most)s players, not %(n)s."),
                params={"most": MAX_PLAYERS, "n": len(seats)},
            )
        for s in seats:
            chips = stacks[s]
            if not isinstance(chips, int) or isinstance(chips, bool) or chips < 0:
                raise InvalidCommand(
                    template=N_(
                        "Seat %(seat)s's stack must be a whole number of chips, not %(stack)s."
                    ),
                    params={"seat": s + 1, "stack": repr(chips)},
                )
        if deck is not None:
            order = list(deck)
            check_deck(order)
        else:
            order = shuffled(rng if rng is not None else random.Random(), 52)
        k = len(seats)
        if len(order) < size * k:
            raise InvalidCommand(template=N_("The deck is too short for this hand."))
        hand = cls.__new__(cls)
        hand._variant = variant
        hand._limit = limit
        hand._draws = DRAWS[variant]
        hand._rules = rules = rules_for(
            profile, Variant.FIXED_LIMIT_HOLDEM if limit else Variant.NO_LIMIT_HOLDEM
        )
        hand._n_seats = n_seats
        hand._seats = seats
        hand._button = button
        hand._sb_pos, hand._bb_pos = (1, 0) if k == 2 else (0, 1)
        hand._small_blind = small_blind
        hand._big_blind = big_blind
        hand._ante = ante
        hand._ante_type = AnteType.PER_PLAYER if ante and ante_type is AnteType.NONE else ante_type
        hand._small_bet = small_bet
        hand._big_bet = big_bet
        hand._min_chip = min_chip
        hand._raise_cap = rules.cap_for(players_in_tournament)
        hand._players_in_tournament = players_in_tournament
        hand._auto_showdown = auto_showdown
        hand._hand_number = hand_number
        hand._rng = rng if rng is not None else random.Random(hand_number)
        hand._deck = list(order)
        hand._cards = [[order[r * k + p] for r in range(size)] for p in range(k)]
        hand._dealt = [list(c) for c in hand._cards]
        hand._stub = order[size * k :]
        hand._out = []
        hand._draw_log = []
        hand._reshuffles = []
        hand._burnt = False
        hand._start_stack = [int(stacks[s] or 0) for s in seats]
        hand._stack = list(hand._start_stack)
        hand._bet = [0] * k
        hand._total = [0] * k
        hand._dead_money = 0
        hand._returned = [0] * k
        hand._won = [0] * k
        hand._live = set(range(k))
        hand._all_in = set()
        hand._shown = set()
        hand._mucked = set()
        hand._pending = set()
        hand._street = PREDRAW
        hand._actor = -1
        hand._acted_at = [-1] * k
        hand._last_aggressor = -1
        hand._raises = 0
        hand._log = []
        hand._show_queue = []
        hand._pots = []
        hand._result = None
        hand._post_forced_bets()
        hand._open_predraw()
        return hand

    def _post_forced_bets(self) -> None:
        """Antes and blinds (B3-B5); a player short of a forced bet posts what he has and
        is all-in. Pre-draw the current bet is the full big blind (E3)."""
        k = len(self._seats)
        ante = self._ante
        to_main = self._rules.ante_to_main_pot

        def pay_ante(p: int, amount: int) -> None:
            self._stack[p] -= amount
            if to_main:
                self._dead_money += amount
            else:
                self._total[p] += amount

        if ante and self._ante_type is AnteType.PER_PLAYER:
            for p in range(k):
                pay_ante(p, min(ante, self._stack[p]))
        sb, bb = self._sb_pos, self._bb_pos
        self._put(sb, min(self._small_blind, self._stack[sb]))
        if ante and self._ante_type is AnteType.BIG_BLIND_ANTE:
            st = self._stack[bb]
            if self._rules.bba_ante_first:
                a_ante = min(ante, st)
                a_blind = min(self._big_blind, st - a_ante)
            else:
                a_blind = min(self._big_blind, st)
                a_ante = min(ante, st - a_blind)
            pay_ante(bb, a_ante)
            self._put(bb, a_blind)
        else:
            self._put(bb, min(self._big_blind, self._stack[bb]))
        for p in range(k):
            if not self._stack[p]:
                self._all_in.add(p)
        self._current_bet = self._big_blind
        self._max_bet = max(self._bet)
        self._full_bet_to = self._big_blind
        self._last_increment = self._small_bet if self._limit else self._big_blind

    def _open_predraw(self) -> None:
        actors = {p for p in self._live if p not in self._all_in}
        self._pending = set(actors)
        self._next(self._bb_pos)

    # ------------------------------------------------------------------ public state
    @property
    def variant(self) -> DrawVariant:
        return self._variant

    @property
    def actor(self) -> Seat | None:
        """The seat to act (bet, draw, show or muck), ``None`` when nobody is."""
        return self._seats[self._actor] if self._actor >= 0 else None

    @property
    def street(self) -> str:
        """The round: ``"predraw"``, ``"draw1"``, ``"postdraw1"`` ... ``"showdown"``,
        ``"done"``."""
        return DRAW_STREETS[self._street]

    @property
    def drawing(self) -> bool:
        """True while the actor is to stand pat or draw (a :class:`Draw`)."""
        return self._street < SHOWDOWN and self._street % 2 == 1 and self._actor >= 0

    @property
    def small_blind(self) -> Chips:
        return self._small_blind

    @property
    def big_blind(self) -> Chips:
        return self._big_blind

    @property
    def small_blind_seat(self) -> Seat:
        return self._seats[self._sb_pos]

    @property
    def big_blind_seat(self) -> Seat:
        return self._seats[self._bb_pos]

    @property
    def board(self) -> list[CardCode]:
        """Draw games have no board: always empty."""
        return []

    @property
    def deck(self) -> list[CardCode]:
        """The deck as the hand began (deal order)."""
        return list(self._deck)

    @property
    def stub(self) -> list[CardCode]:
        """The cards still to deal, next first."""
        return list(self._stub)

    @property
    def out_of_play(self) -> list[CardCode]:
        """The cards a new stub would take: discards, burns and folded hands since the last
        reshuffle."""
        return list(self._out)

    def cards(self, seat: Seat) -> tuple[CardCode, ...]:
        """The seat's five cards now (after its draws)."""
        return tuple(self._cards[self._pos(seat)])

    def dealt_cards(self, seat: Seat) -> tuple[CardCode, ...]:
        """The five cards the seat was dealt before any draw."""
        return tuple(self._dealt[self._pos(seat)])

    def was_shown(self, seat: Seat) -> bool:
        return self._pos(seat) in self._shown

    @property
    def actions(self) -> list[ActionRecord]:
        """Every action: bets, ``"draw"`` (``amount`` = cards drawn, 0 = stood pat),
        ``"reshuffle"`` (``amount`` = cards in the new stub), show and muck."""
        return list(self._log)

    @property
    def draws(self) -> list[tuple[Seat, str, tuple[CardCode, ...], tuple[CardCode, ...]]]:
        """Every draw: (seat, round, cards thrown, cards received)."""
        return [(self._seats[p], DRAW_STREETS[s], a, b) for p, s, a, b in self._draw_log]

    @property
    def reshuffles(self) -> list[tuple[str, Seat, tuple[CardCode, ...]]]:
        """Every new stub: (round, seat whose draw needed it, the stub in dealing order)."""
        return [(DRAW_STREETS[s], self._seats[p], stub) for s, p, stub in self._reshuffles]

    @property
    def bet_size(self) -> Chips:
        """Fixed limit: the bet of this round (small before the draw and after the first
        draw, big after the second and third); no limit: the big blind."""
        if not self._limit:
            return self._big_blind
        return self._small_bet if self._street <= 2 else self._big_bet

    # ------------------------------------------------------------------ flow helpers
    def _betting(self) -> bool:
        return self._street < SHOWDOWN and self._street % 2 == 0

    # ------------------------------------------------------------------ legality
    def _reopened(self, p: int) -> bool:
        a = self._acted_at[p]
        if a < 0:
            return True
        if self._rules.reopen_by_increment:
            return self._current_bet - a >= self._last_increment
        return a < self._full_bet_to

    def _capped(self) -> bool:
        """E5: the round's raises are at the cap."""
        return self._raises >= self._raise_cap

    def _min_raise_nl(self, cur: int) -> int:
        """The rule's minimum bet or raise-to in no limit facing ``cur`` (E1, E2)."""
        big = self._big_blind
        if cur <= 0:
            return big
        mode = self._rules.min_raise
        if mode == MIN_RAISE_TDA:
            low = cur + self._last_increment
        elif mode == MIN_RAISE_DOUBLE:
            low = 2 * cur if cur >= big else cur + big
        else:
            low = cur + self._min_chip
        return max(low, big)

    def _full_raise_to(self) -> int:
        if self._limit:
            return self._full_bet_to + self.bet_size
        return self._min_raise_nl(self._current_bet)

    def legal(self) -> Legal:
        """What the seat to act may do now (raises :class:`IllegalAction` if nobody is).

        In a betting round as in hold'em: fixed limit the one bet or raise amount,
        no limit from the minimum raise to all-in. In a draw round nothing but a
        :class:`Draw` (every field false or zero: see :attr:`drawing`); at showdown
        show or muck."""
        p = self._actor
        if p < 0:
            raise IllegalAction(template=N_("The hand is over: nobody is to act."))
        seat = self._seats[p]
        stack = self._stack[p]
        bet = self._bet[p]
        all_in_to = bet + stack
        cur = self._current_bet
        if self._street == SHOWDOWN:
            return Legal(
                seat, False, False, 0, False, False, 0, 0, 0, all_in_to, cur, stack, bet,
                True, not self._must_show(),
            )  # fmt: skip
        if not self._betting():
            return Legal(seat, False, False, 0, False, False, 0, 0, 0, all_in_to, cur, stack, bet)
        to_call = max(0, min(cur - bet, stack))
        full = self._full_raise_to()
        can = self._can_raise(p)
        if self._limit:
            low = high = min(full, all_in_to) if can else 0
        else:
            low = min(full, all_in_to) if can else 0
            high = all_in_to if can else 0
        return Legal(
            seat, True, to_call == 0, to_call, can, cur == 0, low, high, full, all_in_to,
            cur, stack, bet,
        )  # fmt: skip

    @property
    def call_amount(self) -> Chips:
        p = self._actor
        if p < 0 or not self._betting():
            return 0
        return max(0, min(self._current_bet - self._bet[p], self._stack[p]))

    def raise_range(self) -> tuple[Chips, Chips] | None:
        """``(min_raise_to, max_raise_to)`` for the actor, or ``None``."""
        if self._actor < 0 or not self._betting():
            return None
        legal = self.legal()
        if not legal.can_raise:
            return None
        return legal.min_raise_to, legal.max_raise_to

    def verify(self, action: DrawAction) -> None:
        """Raise the floor's reason if ``action`` is not legal now; change nothing."""
        self._check(action)

    def _check(self, action: DrawAction) -> str:
        """Why not, raised; else what to do: "fold", "call", "raise", "draw", "show",
        "muck"."""
        seat, legal, what = self._check_turn(action)
        if what:
            return what
        p = self._actor
        profile = self._rules.profile
        if not self._betting():
            if not isinstance(action, Draw):
                raise IllegalAction(
                    template=N_(
                        "It is the draw: seat %(seat)s may only stand pat or draw, not bet."
                    ),
                    params={"seat": seat + 1},
                    context={"seat": seat},
                )
            self._check_discard(p, action.discard)
            return "draw"
        if isinstance(action, Draw):
            raise IllegalAction(
                template=N_(
                    "Seat %(seat)s cannot draw now: the draw comes when the betting round is over."
                ),
                params={"seat": seat + 1},
                context={"seat": seat},
            )
        if isinstance(action, Fold):
            return "fold"
        if isinstance(action, Call):
            return "call"
        if isinstance(action, Check):
            if legal.call_amount:
                raise IllegalAction(
                    template=N_("Seat %(seat)s cannot check: there is %(cur_bet)s to call."),
                    params={"seat": seat + 1, "cur_bet": f"{legal.call_amount:,}"},
                    rule_ids=profile.cite("E30"),
                )
            return "call"
        if isinstance(action, AllIn):
            if legal.all_in_to <= legal.current_bet:
                return "call"
            # Fixed limit: all-in means the one raise allowed (the stack if less).
            to = legal.max_raise_to if self._limit and legal.can_raise else legal.all_in_to
        else:
            assert isinstance(action, Bet | Raise)
            to = action.to
            if not isinstance(to, int) or isinstance(to, bool):
                raise InvalidCommand(
                    template=N_("A bet must be a whole number of chips, not %(to)s."),
                    params={"to": repr(to)},
                )
        if not legal.can_raise:
            raise self._why_no_raise(p)
        if self._limit and not legal.min_raise_to <= to <= legal.max_raise_to:
            raise BelowMinimumRaise(
                template=N_("Seat %(seat)s must raise to exactly %(low)s in fixed-limit."),
                params={"seat": seat + 1, "low": f"{legal.max_raise_to:,}"},
                rule_ids=profile.cite("E5"),
                context={"seat": seat, "amount": to, "maximum": legal.max_raise_to},
            )
        if to > legal.max_raise_to:
            raise IllegalAction(
                template=N_(
                    "Seat %(seat)s has only %(stack)s chips in all: it cannot bet to %(to)s."
                ),
                params={"seat": seat + 1, "stack": f"{legal.all_in_to:,}", "to": f"{to:,}"},
                context={"seat": seat, "amount": to, "stack": legal.all_in_to},
            )
        if to < legal.min_raise_to:
            cite = profile.cite("E1" if legal.current_bet == 0 else "E2")
            template = (
                N_("Seat %(seat)s must bet at least %(low)s: the minimum bet is the big blind.")
                if legal.current_bet == 0
                else {
                    MIN_RAISE_TDA: N_(
                        "Seat %(seat)s must raise to at least %(low)s: the last full raise was "
                        "%(last)s."
                    ),
                    MIN_RAISE_DOUBLE: N_(
                        "Seat %(seat)s must raise to at least %(low)s: a raise must at least "
                        "double the current bet."
                    ),
                }.get(
                    self._rules.min_raise,
                    N_(
                        "Seat %(seat)s must raise to at least %(low)s: a raise is the call plus "
                        "at least one chip."
                    ),
                )
            )
            raise BelowMinimumRaise(
                template=template,
                params={
                    "seat": seat + 1,
                    "low": f"{legal.min_raise_to:,}",
                    "last": f"{self._last_increment:,}",
                },
                rule_ids=cite,
                context={"seat": seat, "amount": to, "minimum": legal.min_raise_to},
            )
        return "raise"

    def _check_discard(self, p: int, discard: tuple[int, ...]) -> None:
        """A draw throws at most five different cards, all from the player's hand."""
        seat = self._seats[p]
        if len(discard) > HAND_SIZE:
            raise IllegalAction(
                template=N_("Seat %(seat)s cannot draw %(n)s cards: a player throws at most five."),
                params={"seat": seat + 1, "n": len(discard)},
                context={"seat": seat},
            )
        if len(set(discard)) != len(discard):
            raise IllegalAction(
                template=N_("Seat %(seat)s names a card twice in its draw."),
                params={"seat": seat + 1},
                context={"seat": seat},
            )
        for c in discard:
            if not isinstance(c, int) or isinstance(c, bool) or c not in self._cards[p]:
                raise IllegalAction(
                    template=N_("Seat %(seat)s cannot throw %(card)s: it is not in its hand."),
                    params={
                        "seat": seat + 1,
                        "card": CARD_TEXT[c] if isinstance(c, int) and 0 <= c < 52 else repr(c),
                    },
                    context={"seat": seat},
                )

    def act(self, action: DrawAction) -> ActionRecord:
        """Verify ``action`` for the seat to act, apply it and return its record."""
        what = self._check(action)
        before = len(self._log)
        if what == "raise":
            legal = self.legal()
            if isinstance(action, Bet | Raise):
                to = action.to
            else:
                to = legal.max_raise_to if self._limit else legal.all_in_to
            self.do_raise_to(to)
        elif what == "draw":
            assert isinstance(action, Draw)
            self.do_draw(action.discard)
        elif what == "fold":
            self.do_fold()
        elif what == "call":
            self.do_check_call()
        elif what == "show":
            self.do_show()
        else:
            self.do_muck()
        return next(r for r in self._log[before:] if r.kind != "reshuffle")

    def trusted(self, action: DrawAction) -> None:
        """Apply ``action`` without checking it (replay, bots choosing from ``legal()``)."""
        if isinstance(action, Draw):
            self.do_draw(action.discard)
        elif isinstance(action, Fold):
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
        p = self._actor
        self._live.discard(p)
        self._pending.discard(p)
        self._out.extend(self._cards[p])  # the folded hand goes to the muck
        self._record(p, "fold", 0, False)
        if len(self._live) == 1:
            self._finish_uncontested()
            return
        self._next(p)

    def do_check_call(self) -> None:
        p = self._actor
        owed = self._current_bet - self._bet[p]
        if owed <= 0:
            self._record(p, "check", 0, False)
        else:
            amount = min(owed, self._stack[p])
            allin = self._put(p, amount)
            self._max_bet = max(self._max_bet, self._bet[p])
            self._record(p, "call", amount, allin)
        self._acted_at[p] = self._current_bet
        self._pending.discard(p)
        self._next(p)

    def do_all_in(self) -> None:
        p = self._actor
        to = self._bet[p] + self._stack[p]
        if to <= self._current_bet:
            self.do_check_call()
        else:
            self.do_raise_to(min(to, self._full_raise_to()) if self._limit else to)

    def do_raise_to(self, to: Chips) -> None:
        """Bet or raise so the actor's bet on this round comes to ``to`` (trusted)."""
        p = self._actor
        cur = self._current_bet
        paid = to - self._bet[p]
        allin = self._put(p, paid)
        if self._limit:
            base = self._full_bet_to
            # E4 (limit): an all-in of at least the profile's fraction of a bet counts as
            # a full bet or raise.
            if not allin or to - base >= self._rules.limit_reopen_amount(self.bet_size):
                if base:
                    self._raises += 1
                self._full_bet_to = to
        else:
            if to >= self._min_raise_nl(cur):
                self._last_increment = to - cur if cur > 0 else max(to, self._big_blind)
                self._full_bet_to = to
            if cur > 0:
                self._raises += 1
        kind = "raise" if cur > 0 else "bet"
        self._current_bet = max(cur, to)
        self._max_bet = max(self._max_bet, to)
        self._last_aggressor = p
        self._acted_at[p] = to
        self._pending = {q for q in self._live if q not in self._all_in and q != p}
        self._record(p, kind, paid, allin)
        self._next(p)

    def do_draw(self, discard: Sequence[CardCode] = ()) -> None:
        """The actor throws ``discard`` (cards of his hand) and gets as many from the
        stub, a burn first when he is the first to draw cards this round (trusted)."""
        p = self._actor
        thrown = tuple(discard)
        hand = self._cards[p]
        received: list[int] = []
        if thrown:
            if not self._burnt:
                self._out.append(self._take(p))
                self._burnt = True
            for c in thrown:
                hand.remove(c)
            received = [self._take(p) for _ in thrown]
            hand.extend(received)
            self._out.extend(thrown)
        self._draw_log.append((p, self._street, thrown, tuple(received)))
        self._record(p, "draw", len(thrown), p in self._all_in)
        self._pending.discard(p)
        self._next_drawer(p)

    def _take(self, p: int) -> int:
        """The next card off the stub. The stub's last card is never dealt: when it is
        reached, it is shuffled with the cards out of play (discards, burns, folded
        hands; not position ``p``'s cards thrown in this draw, which join them only once
        he is served) into a new stub, recorded."""
        if len(self._stub) <= 1 and self._out:
            pool = sorted(self._stub + self._out)
            self._rng.shuffle(pool)
            self._stub = pool
            self._out = []
            self._reshuffles.append((self._street, p, tuple(self._stub)))
            self._record(p, "reshuffle", len(self._stub), False)
        if not self._stub:
            raise InvalidCommand(template=N_("The deck is too short for this hand."))
        return self._stub.pop(0)

    # ------------------------------------------------------------------ flow
    def _next(self, p: int) -> None:
        """Give the turn to the next position that must bet, or close the round."""
        if self._pending:
            actors = [q for q in self._live if q not in self._all_in]
            if len(actors) == 1 and self._bet[actors[0]] >= self._max_bet:
                self._pending.clear()  # F2: nobody left to call a bet
        if self._pending:
            self._actor = self._after(p)
            return
        self._end_round()

    def _end_round(self) -> None:
        """A betting round is over: the next draw, or the showdown after the last round."""
        self._collect()
        self._actor = -1
        if self._street == 2 * self._draws:
            self._showdown()
            return
        self._street += 1
        self._burnt = False
        self._pending = set(self._live)
        self._actor = self._after(len(self._seats) - 1)

    def _next_drawer(self, p: int) -> None:
        """The next live player draws, or the draw round is over and betting opens."""
        if self._pending:
            self._actor = self._after(p)
            return
        self._street += 1
        self._open_round()

    def _open_round(self) -> None:
        """Start the betting round after a draw (skipped when fewer than two players can
        bet: the next draw, or the showdown)."""
        actors = {p for p in self._live if p not in self._all_in}
        self._current_bet = 0
        self._max_bet = 0
        self._full_bet_to = 0
        self._last_increment = self.bet_size
        self._raises = 0
        self._last_aggressor = -1
        self._acted_at = [-1] * len(self._seats)
        if len(actors) < 2:
            self._pending = set()
            self._end_round()
            return
        self._pending = actors
        self._actor = self._after(len(self._seats) - 1)

    # ------------------------------------------------------------------ showdown
    def _low(self, p: int) -> int:
        if self._variant is DrawVariant.BADUGI:
            return badugi(self._cards[p])
        return deuce_to_seven(self._cards[p])

    def _showdown_order(self) -> list[int]:
        """F6: the last aggressor of the final round shows first, else the first live
        seat left of the button; clockwise on."""
        live = sorted(self._live)
        first = self._last_aggressor
        if first < 0 or first not in self._live:
            return live
        i = live.index(first)
        return live[i:] + live[:i]

    def _showdown(self) -> None:
        self._street = SHOWDOWN
        self._actor = -1
        order = self._showdown_order()
        if self._live & self._all_in:
            # F7: with a player all-in and no action left every live hand is tabled.
            if self._rules.side_pot_first:
                order.sort(key=lambda q: -self._total[q])
            for q in order:
                self._shown.add(q)
                self._record(q, "show", 0, False)
            self._award()
            return
        if self._auto_showdown:
            must = self._must_show()
            best: int | None = None
            for q in order:
                low = self._low(q)
                if must or best is None or low <= best:
                    self._shown.add(q)
                    self._record(q, "show", 0, False)
                    best = low if best is None else min(best, low)
                else:
                    self._mucked.add(q)
                    self._live.discard(q)
                    self._record(q, "muck", 0, False)
            self._award()
            return
        self._show_queue = order
        self._actor = order[0]

    def _award(self) -> None:
        """Split every pot among its best shown hands (F1, F3, F5, F10): the odd chips to
        the first winners left of the button."""
        live = sorted(self._live)
        mask = sum(1 << q for q in live)
        shown = [q for q in live if q in self._shown] or live
        pots = build_pots(self._total, mask, self._dead_money)
        low = {q: self._low(q) for q in shown}
        unit = self._min_chip
        one_each = self._rules.odd_one_each
        out: list[tuple[int, list[int], dict[int, int], list[int], str]] = []
        for amount, eligible_mask in pots:
            eligible = [q for q in range(len(self._seats)) if eligible_mask >> q & 1]
            cand = [q for q in eligible if q in shown] or eligible
            best = min(low.get(q, 1 << 30) for q in cand)
            winners = [q for q in cand if low.get(q, 1 << 30) == best]
            shares = split_pot(amount, winners, unit, one_each)
            awards: dict[int, int] = {}
            odd: list[int] = []
            base = min(shares)
            for q, share in zip(winners, shares, strict=True):
                awards[q] = share
                if share > base:
                    odd.append(q)
                self._won[q] += share
                self._stack[q] += share
            cards = self._cards[winners[0]]
            badugi_game = self._variant is DrawVariant.BADUGI
            words = describe_badugi(cards) if badugi_game else describe_deuce_to_seven(cards)
            out.append((amount, eligible, awards, odd, words))
        self._pots = out
        self._street = DONE
        self._actor = -1
        self._pending.clear()

    # ------------------------------------------------------------------ results
    def _build_result(self) -> HandResult:
        return self._hand_result((), "")

    def __repr__(self) -> str:
        return (
            f"DrawHand({self._variant.value}, street={self.street}, actor={self.actor}, "
            f"pot={self.pot})"
        )


__all__ = [
    "DRAWS",
    "DRAW_STREETS",
    "HAND_SIZE",
    "MAX_PLAYERS",
    "Draw",
    "DrawAction",
    "DrawHand",
]
