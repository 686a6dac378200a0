"""The stud engine: one hand of seven-card stud, stud hi-lo eight or better, or razz.

Usage::

    hand = StudHand.start(variant=StudVariant.RAZZ, stacks=[10_000] * 6, button=5,
                          ante=100, bring_in=100, small_bet=400, big_bet=800,
                          profile=load_profile("kojack"), rng=random.Random(7))
    hand.actor              # the seat to act: on third street the bring-in
    hand.act(BringIn())     # or Bet(400): complete
    hand.act(Call())
    hand.result             # HandResult once the hand is over

It sits beside :class:`~pokertd.engine.hand.Hand` and shares with it the actions and
:class:`~pokertd.engine.actions.Legal`, the pots (:mod:`pokertd.engine.pots`), the
results (:mod:`pokertd.engine.result`), the rule profile (raise cap, limit reopening, odd
chips, showdown order) and the evaluators (:mod:`pokertd.cards`). Written for reading
rather than speed: state by position in plain lists and sets; the state and bookkeeping it
shares with :class:`~pokertd.engine.draw.DrawHand` live in
:class:`~pokertd.engine._street.StreetHand`.

**Positions**: position 0 is the first dealt-in seat left of the button (the dealer), the
last position the button. Cards go out one at a time from position 0; a card is burnt
before fourth, fifth, sixth and seventh street.

**Two paths** as for hold'em: ``legal()`` / ``verify()`` / ``act()`` check every action
and refuse with the floor's reason; ``do_bring_in``, ``do_fold``, ``do_check_call``,
``do_raise_to``, ``do_all_in``, ``do_show``, ``do_muck`` and ``trusted(action)`` apply
without checks (bots, replay).

Implements: antes (B5, dead money in the main pot where ``ante_to_main_pot``); the
bring-in by the lowest up card in stud and stud hi-lo and the highest in razz, the suit
deciding equal ranks (``stud_suit_order_high_to_low``: KPC-12C, TNPL-D9, SPOT-3f1); the
completion to the small bet; fixed-limit betting, small bet on third and fourth street and
big bet after, with the cap of a bet and ``raise_cap_limit`` raises (E5: KPC-37, TNPL-H9,
FOX-51, NJ-44c) and the limit reopening rule (E4: KPC-34, TNPL-H5ii, FOX-47); the first
to act from fourth street by the board (highest board in stud and hi-lo, lowest in razz;
ties to the first seat left of the dealer, as F6's "high hand showing in stud, low hand in
razz": TNPL-C5, FOX-17A); running out of cards (a common card on seventh street);
showdown (F6, F7, F8, F10), split pots with odd chips (F5: KPC-12C, TNPL-C8, FOX-20: the
odd chip of a hi-lo pot to the high half, within a half to the high card by suit; razz
by ``odd_chip_razz``), side pots (F1) and uncalled bets (F2).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from pokertd.cards.card import CARD_TEXT, CardCode
from pokertd.cards.deck import check_deck, shuffled
from pokertd.cards.evaluate import best_five, describe_five, evaluate7
from pokertd.cards.low import (
    card_by_rank_and_suit,
    describe_low,
    high_board,
    low_a5,
    low_board,
    low_cards,
    low_eight,
    suit_strength,
)
from pokertd.engine._rules import rules_for
from pokertd.engine._street import StreetHand
from pokertd.engine.actions import (
    Action,
    ActionRecord,
    AllIn,
    Bet,
    BringIn,
    Call,
    Check,
    Fold,
    Legal,
    Raise,
    Show,
)
from pokertd.engine.irregular import (
    bring_in_correction,
    stud_exposure_is_misdeal,
    stud_in_turn_kinds,
    substantial_action,
    wrong_bring_in_stands,
)
from pokertd.engine.pots import build_pots, split_pot
from pokertd.engine.result import HandResult
from pokertd.errors import BelowMinimumRaise, IllegalAction, InvalidCommand
from pokertd.i18n import N_, Phrase
from pokertd.rules import OddChipStudCard, RuleProfile, StudVariant, Variant, load_profile
from pokertd.types import Chips, Seat, SeatMask

THIRD: Final = 0
FOURTH: Final = 1
FIFTH: Final = 2
SIXTH: Final = 3
SEVENTH: Final = 4
SHOWDOWN: Final = 5
DONE: Final = 6

STUD_STREETS: Final = ("third", "fourth", "fifth", "sixth", "seventh", "showdown", "done")
"""Street names, as in :attr:`ActionRecord.street`."""

UP_CARDS: Final = (2, 3, 4, 5)
"""Indexes of a player's face-up cards: the third card and fourth to sixth street; the
first two and the seventh-street card are down."""

MAX_PLAYERS: Final = 8
"""Eight players at most: 8 x 7 cards and three burns need the common card on seventh
street; a ninth player would run the deck out on sixth."""

StudAction = Action | BringIn
"""Anything a stud player may do: a hold'em action or the bring-in."""


def stud_deal_order(
    cards: Sequence[Sequence[CardCode]], common: CardCode | None = None
) -> list[CardCode]:
    """A deck that deals ``cards[p]`` (up to seven, in dealing order: down, down, up, up,
    up, up, down) to position ``p`` when every player stays in to the end, and ``common``
    as the seventh-street common card; burns and the rest of the deck are the cards left,
    highest first. (A player folding earlier shifts the later cards: tests and replays
    give the folded player's cards only as far as he got.)"""
    named = [c for hand in cards for c in hand]
    if common is not None:
        named.append(common)
    check_deck(named)
    spare = iter(c for c in range(51, -1, -1) if c not in set(named))
    order = [hand[r] for r in range(3) for hand in cards if r < len(hand)]
    for street in range(3, 7):
        dealt = [hand[street] for hand in cards if street < len(hand)]
        if dealt:
            order.append(next(spare))
            order.extend(dealt)
    if common is not None:
        if 52 - len(order) >= 2:
            order.append(next(spare))  # the burn, when the deck has a card for it
        order.append(common)
    order.extend(spare)
    return order


class StudHand(StreetHand):
    """One stud hand in progress (or finished). Build it with :meth:`StudHand.start`."""

    _STREETS = STUD_STREETS
    _SHOWDOWN = SHOWDOWN
    _DONE = DONE

    __slots__ = {  # noqa: RUF023
        "_variant": "The game: stud, stud hi-lo or razz.",
        "_bring_in": "The bring-in amount.",
        "_players_in_tournament": "Players left in the event, as given (the cap's lift, E5).",
        "_suits": "Suit strengths (clubs, diamonds, hearts, spades) for bring-in and odd chips.",
        "_deck": "The deal order used, burns included.",
        "_dealt": "How many cards of _deck are out.",
        "_common": "The common card of seventh street when the deck ran short, else -1.",
        "_bring_in_due": "True until the bring-in is posted or completed.",
        "_bring_in_pos": "The position that was due the bring-in, -1 if none.",
        "_opener": "The position that opened this street by the board, -1 if none.",
        "_dead": "Positions of absent or penalised players: dealt in, ante, killed after "
        "the deal; one dealt the bring-in card posts it first (K6, D8).",
        "_killed": "Positions whose hand was killed because the player was absent (K6).",
    }

    _bring_in: int
    _bring_in_due: bool
    _bring_in_pos: int
    _common: int
    _deck: list[int]
    _dead: set[int]
    _dealt: int
    _killed: set[int]
    _opener: int
    _players_in_tournament: int | None
    _suits: Sequence[int]
    _variant: StudVariant

    # ------------------------------------------------------------------ construction
    @classmethod
    def start(
        cls,
        *,
        variant: StudVariant,
        stacks: Sequence[int | None],
        button: Seat,
        ante: Chips,
        bring_in: Chips,
        small_bet: Chips,
        big_bet: Chips,
        profile: RuleProfile | None = None,
        deck: Sequence[CardCode] | None = None,
        rng: random.Random | None = None,
        min_chip: Chips = 1,
        players_in_tournament: int | None = None,
        hand_number: int = 0,
        auto_showdown: bool = True,
        dead: SeatMask = 0,
    ) -> StudHand:
        """Deal a stud hand: antes, third street, and the bring-in to act.

        ``stacks`` by seat (``0``/``None`` = empty seat); ``button`` the dealer's seat;
        ``deck`` the exact order cards come off the deck (burns included) or ``rng`` to
        shuffle; ``dead`` the seats of absent or penalised players (dealt in, they ante
        and their hands are killed after the deal; one dealt the bring-in card posts the
        bring-in first: KPC-21, TNPL-E1, FOX-30). Bad arguments raise
        :class:`InvalidCommand` naming the problem.
        """
        profile = profile if profile is not None else load_profile("tda")
        n_seats = len(stacks)
        if not 0 <= button < n_seats:
            raise InvalidCommand(
                template=N_("The button must be on a seat from 1 to %(n)s, not %(button)s."),
                params={"n": n_seats, "button": button + 1},
            )
        for name, value in (
            (N_("The ante"), ante),
            (N_("The bring-in"), bring_in),
            (N_("The small bet"), small_bet),
            (N_("The big bet"), big_bet),
            (N_("The smallest chip"), min_chip),
        ):
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise InvalidCommand(
                    template=N_("%(name)s must be a whole number of chips, not %(value)s."),
                    params={"name": Phrase(name), "value": repr(value)},
                )
        if not 0 < bring_in <= small_bet <= big_bet or min_chip <= 0:
            raise InvalidCommand(
                template=N_(
                    "Stud needs 0 < bring-in <= small bet <= big bet and a positive smallest chip."
                )
            )
        seats = [
            s % n_seats for s in range(button + 1, button + 1 + n_seats) if stacks[s % n_seats]
        ]
        if not 2 <= len(seats) <= MAX_PLAYERS:
            raise InvalidCommand(
                template=N_("Stud is dealt to 2 to %(most)s players, not %(n)s."),
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
        hand = cls.__new__(cls)
        hand._variant = variant
        hand._rules = rules = rules_for(profile, Variant.FIXED_LIMIT_HOLDEM)
        hand._n_seats = n_seats
        hand._seats = seats
        hand._button = button
        hand._ante = ante
        hand._bring_in = bring_in
        hand._small_bet = small_bet
        hand._big_bet = big_bet
        hand._min_chip = min_chip
        hand._raise_cap = rules.cap_for(players_in_tournament)
        hand._players_in_tournament = players_in_tournament
        hand._suits = suit_strength(profile.stud_suit_order_high_to_low)
        hand._auto_showdown = auto_showdown
        hand._hand_number = hand_number
        hand._deck = order
        hand._dealt = 0
        k = len(seats)
        hand._cards = [[] for _ in range(k)]
        hand._common = -1
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
        hand._street = THIRD
        hand._actor = -1
        hand._bring_in_due = False
        hand._bring_in_pos = -1
        hand._opener = -1
        hand._current_bet = 0
        hand._full_bet_to = 0
        hand._raises = 0
        hand._acted_at = [-1] * k
        hand._last_aggressor = -1
        hand._log = []
        hand._show_queue = []
        hand._pots = []
        hand._result = None
        hand._dead = {p for p, s in enumerate(seats) if dead >> s & 1}
        hand._killed = set()
        for _ in range(3):
            for p in range(k):
                hand._cards[p].append(hand._draw())
        hand._post_antes()
        hand._open_street()
        return hand

    def _draw(self) -> int:
        if self._dealt >= len(self._deck):
            raise InvalidCommand(template=N_("The deck is too short for this hand."))
        card = self._deck[self._dealt]
        self._dealt += 1
        return card

    def _post_antes(self) -> None:
        """B5: every player antes (all-in if short); the antes are dead money in the main
        pot where the profile says so, else each player's live chips."""
        ante = self._ante
        if not ante:
            return
        for p in range(len(self._seats)):
            paid = min(ante, self._stack[p])
            self._stack[p] -= paid
            if self._rules.ante_to_main_pot:
                self._dead_money += paid
            else:
                self._total[p] += paid
            if not self._stack[p]:
                self._all_in.add(p)

    # ------------------------------------------------------------------ public state
    @property
    def variant(self) -> StudVariant:
        return self._variant

    @property
    def actor(self) -> Seat | None:
        """The seat to act (or to show or muck), ``None`` when nobody is."""
        return self._seats[self._actor] if self._actor >= 0 else None

    @property
    def street(self) -> str:
        return STUD_STREETS[self._street]

    @property
    def bring_in(self) -> Chips:
        return self._bring_in

    @property
    def board(self) -> list[CardCode]:
        """The common card, if the deck ran short on seventh street (else empty)."""
        return [self._common] if self._common >= 0 else []

    @property
    def deck(self) -> list[CardCode]:
        return list(self._deck)

    @property
    def bring_in_seat(self) -> Seat | None:
        """The seat that was due the bring-in on third street (None if nobody was)."""
        return self._seats[self._bring_in_pos] if self._bring_in_pos >= 0 else None

    @property
    def bring_in_due(self) -> bool:
        """True while the actor must bring in or complete (no fold, no check)."""
        return self._bring_in_due

    def cards(self, seat: Seat) -> tuple[CardCode, ...]:
        """All the seat's cards in the order dealt (down, down, up, up, up, up, down)."""
        return tuple(self._cards[self._pos(seat)])

    def up_cards(self, seat: Seat) -> tuple[CardCode, ...]:
        """The seat's face-up cards (its board)."""
        cards = self._cards[self._pos(seat)]
        return tuple(cards[i] for i in UP_CARDS if i < len(cards))

    @property
    def actions(self) -> list[ActionRecord]:
        return list(self._log)

    @property
    def dead_seats(self) -> tuple[Seat, ...]:
        """The seats dealt in dead (absent or penalised), as given to :meth:`start`."""
        return tuple(sorted(self._seats[p] for p in self._dead))

    # ------------------------------------------------------------------ the board
    def _bring_in_position(self) -> int:
        """Third street: the lowest up card brings in (stud, hi-lo; the ace is high), the
        highest in razz (the ace is low); equal ranks by suit (KPC-12C, TNPL-D9).
        Players all-in on the ante are passed over."""
        razz = self._variant is StudVariant.RAZZ
        able = [p for p in range(len(self._seats)) if p not in self._all_in]
        keys = {p: card_by_rank_and_suit(self._cards[p][2], self._suits, razz) for p in able}
        return (max if razz else min)(able, key=lambda p: keys[p])

    def _board_opener(self) -> int:
        """Fourth street on: the best board acts first: the highest in stud and hi-lo, the
        lowest in razz; equal boards, the first seat left of the dealer (PokerKit too)."""
        live = sorted(self._live)
        if self._variant is StudVariant.RAZZ:
            return min(live, key=lambda p: (low_board(self._up(p)), p))
        return max(live, key=lambda p: (high_board(self._up(p)), -p))

    def _up(self, p: int) -> list[int]:
        cards = self._cards[p]
        return [cards[i] for i in UP_CARDS if i < len(cards)]

    def _can_act(self, p: int) -> bool:
        return p in self._live and p not in self._all_in

    def _open_street(self) -> None:
        """Start betting on this street, or deal out the rest when nobody can bet."""
        actors = [p for p in self._live if p not in self._all_in]
        if len(actors) < 2:
            self._run_out()
            return
        street = self._street
        self._current_bet = 0
        self._full_bet_to = 0
        self._raises = 0
        self._last_aggressor = -1
        self._acted_at = [-1] * len(self._seats)
        self._pending = set(actors)
        if street == THIRD:
            p = self._bring_in_position()
            self._bring_in_due = True
            self._bring_in_pos = p
            self._opener = p
            self._actor = p
            if self._dead:
                self._kill_absent(p)
            return
        self._opener = first = self._board_opener()
        self._actor = first if self._can_act(first) else self._after(first)

    def _kill_absent(self, bring_in: int) -> None:
        """K6, D8: the hands of absent players are killed after the deal, their antes
        staying in the pot; an absent player dealt the bring-in card posts it first
        (KPC-21, TNPL-E1, FOX-30)."""
        for q in sorted(self._dead - {bring_in}):
            self._kill(q)
        if bring_in in self._dead:
            self._post_bring_in(bring_in)
            self._kill(bring_in)
        if len(self._live) == 1:
            self._finish_uncontested()
        elif bring_in in self._dead:
            self._next(bring_in)

    def _kill(self, q: int) -> None:
        self._live.discard(q)
        self._pending.discard(q)
        self._killed.add(q)
        self._record(q, "killed", 0, False)

    @property
    def bet_size(self) -> Chips:
        """The fixed bet of this street: small on third and fourth, big after."""
        return self._small_bet if self._street <= FOURTH else self._big_bet

    # ------------------------------------------------------------------ legality
    def _capped(self) -> bool:
        """E5: the street's raises are at the cap (the cap counts from the bet or completion)."""
        return bool(self._full_bet_to) and self._raises >= self._raise_cap

    def _reopened(self, p: int) -> bool:
        """E4: ``p`` has not acted on this street since the last full bet, completion or raise."""
        a = self._acted_at[p]
        return a < 0 or a < self._full_bet_to

    def _raise_to(self) -> int:
        """The one amount a bet, completion or raise comes to in fixed limit."""
        return self._full_bet_to + self.bet_size

    def _cover(self, p: int) -> int:
        """The most any opponent still able to act can bring his bet to this street."""
        return max(
            (self._bet[q] + self._stack[q] for q in self._live if q != p and q not in self._all_in),
            default=0,
        )

    def legal(self) -> Legal:
        """What the seat to act may do now (raises :class:`IllegalAction` if nobody is).

        On third street the bring-in's seat may not fold or check: ``call_amount`` is then
        the bring-in it posts with :class:`BringIn` (or :class:`Call`), and a bet to the
        small bet completes. A bet or raise is the street's fixed amount
        (``max_raise_to``); ``min_raise_to`` is lower only when no opponent can call that
        much: the bet may stop at what the biggest opponent stack can call (IMPL: the
        chips above it would come back uncalled, F2)."""
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
                can_fold=False, can_check=False, call_amount=0, can_raise=False, is_bet=False,
                min_raise_to=0, max_raise_to=0, full_raise_to=0, can_show=True,
                can_muck=not self._must_show(), seat=seat, all_in_to=all_in_to,
                current_bet=cur, stack=stack, bet=bet,
            )  # fmt: skip
        if self._bring_in_due:
            can = stack > self._bring_in
            to = min(self._small_bet, all_in_to) if can else 0
            return Legal(
                can_fold=False, can_check=False, call_amount=min(self._bring_in, stack),
                can_raise=can, is_bet=True, min_raise_to=to, max_raise_to=to,
                full_raise_to=self._small_bet, seat=seat, all_in_to=all_in_to,
                current_bet=cur, stack=stack, bet=bet,
            )  # fmt: skip
        to_call = max(0, min(cur - bet, stack))
        full = self._raise_to()
        can = self._can_raise(p)
        high = min(full, all_in_to) if can else 0
        low = min(high, self._cover(p)) if can else 0
        return Legal(
            can_fold=True, can_check=to_call == 0, call_amount=to_call, can_raise=can,
            is_bet=cur == 0, min_raise_to=low, max_raise_to=high, full_raise_to=full,
            seat=seat, all_in_to=all_in_to, current_bet=cur, stack=stack, bet=bet,
        )  # fmt: skip

    @property
    def call_amount(self) -> Chips:
        p = self._actor
        if p < 0 or self._street >= SHOWDOWN:
            return 0
        if self._bring_in_due:
            return min(self._bring_in, self._stack[p])
        return max(0, min(self._current_bet - self._bet[p], self._stack[p]))

    def raise_range(self) -> tuple[Chips, Chips] | None:
        """``(to, to)`` for the one bet, completion or raise allowed, or ``None``."""
        legal = self.legal() if self._actor >= 0 and self._street < SHOWDOWN else None
        if legal is None or not legal.can_raise:
            return None
        return legal.min_raise_to, legal.max_raise_to

    def verify(self, action: StudAction) -> None:
        """Raise the floor's reason if ``action`` is not legal now; change nothing."""
        self._check(action)

    def _check(self, action: StudAction) -> str:
        """Why not, raised; else what to do: "bring-in", "fold", "call", "raise", "show",
        "muck"."""
        seat, legal, what = self._check_turn(action)
        if what:
            return what
        p = self._actor
        profile = self._rules.profile
        if self._bring_in_due:
            if isinstance(action, BringIn | Call):
                return "bring-in"
            if isinstance(action, AllIn) and legal.all_in_to <= self._bring_in:
                return "bring-in"
            if not isinstance(action, Bet | Raise | AllIn):
                raise IllegalAction(
                    template=N_(
                        "Seat %(seat)s has the bring-in: it must bring in %(bring_in)s or "
                        "complete to %(bet)s."
                    ),
                    params={
                        "seat": seat + 1,
                        "bring_in": f"{self._bring_in:,}",
                        "bet": f"{self._small_bet:,}",
                    },
                    context={"seat": seat},
                )
        elif isinstance(action, BringIn):
            raise IllegalAction(
                template=N_("Seat %(seat)s cannot bring in: the bring-in is made."),
                params={"seat": seat + 1},
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
            to = legal.all_in_to
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
        if not legal.min_raise_to <= to <= legal.max_raise_to:
            raise BelowMinimumRaise(
                template=N_("Seat %(seat)s must raise to exactly %(low)s in fixed-limit."),
                params={"seat": seat + 1, "low": f"{legal.max_raise_to:,}"},
                rule_ids=profile.cite("E5"),
                context={"seat": seat, "amount": to, "maximum": legal.max_raise_to},
            )
        return "raise"

    def act(self, action: StudAction) -> ActionRecord:
        """Verify ``action`` for the seat to act, apply it and return its record."""
        what = self._check(action)
        before = len(self._log)
        if what == "raise":
            to = action.to if isinstance(action, Bet | Raise) else self.legal().max_raise_to
            self.do_raise_to(to)
        else:
            self._apply(what)
        return self._log[before]

    def _apply(self, what: str) -> None:
        if what == "bring-in":
            self.do_bring_in()
        elif what == "fold":
            self.do_fold()
        elif what == "call":
            self.do_check_call()
        elif what == "show":
            self.do_show()
        else:
            self.do_muck()

    def trusted(self, action: StudAction) -> None:
        """Apply ``action`` without checking it (replay, bots choosing from ``legal()``)."""
        if isinstance(action, BringIn):
            self.do_bring_in()
        elif isinstance(action, Fold):
            self.do_fold()
        elif isinstance(action, Check | Call):
            if self._bring_in_due:
                self.do_bring_in()
            else:
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
    def do_bring_in(self) -> None:
        """Post the bring-in (all-in if short) for the seat to act (trusted)."""
        p = self._actor
        self._post_bring_in(p)
        self._next(p)

    def _post_bring_in(self, p: int) -> None:
        amount = min(self._bring_in, self._stack[p])
        allin = self._put(p, amount)
        self._bring_in_due = False
        self._current_bet = amount
        if amount >= self._small_bet:
            self._full_bet_to = amount  # a bring-in of a full bet is the bet
        self._acted_at[p] = amount
        self._pending = {q for q in self._live if q not in self._all_in and q != p}
        self._record(p, "bring-in", amount, allin)

    def do_fold(self) -> None:
        p = self._actor
        self._live.discard(p)
        self._pending.discard(p)
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
            self.do_raise_to(to)

    def do_raise_to(self, to: Chips) -> None:
        """Bet, complete or raise so the actor's bet on this street comes to ``to``."""
        p = self._actor
        if self._bring_in_due:
            self._bring_in_due = False
        cur = self._current_bet
        base = self._full_bet_to
        paid = to - self._bet[p]
        allin = self._put(p, paid)
        kind = "raise" if base else "complete" if self._street == THIRD else "bet"
        # E4 (limit): an all-in of at least half a bet counts as a full bet or raise.
        if not allin or to - base >= self._rules.limit_reopen_amount(self.bet_size):
            if base:
                self._raises += 1
            self._full_bet_to = to
        self._current_bet = max(cur, to)
        self._last_aggressor = p
        self._acted_at[p] = to
        self._pending = {q for q in self._live if q not in self._all_in and q != p}
        self._record(p, kind, paid, allin)
        self._next(p)

    # ------------------------------------------------------------------ flow
    def _next(self, p: int) -> None:
        """Give the turn to the next position that must act, or close the street."""
        if self._pending:
            actors = [q for q in self._live if q not in self._all_in]
            if len(actors) == 1 and self._bet[actors[0]] >= max(self._bet):
                self._pending.clear()  # F2: nobody left to call a bet
        if self._pending:
            self._actor = self._after(p)
            return
        self._end_street()

    def _deal_street(self) -> None:
        """Burn and deal one card to every live hand; on seventh street a common card
        when the deck cannot give everyone one (without a burn if only one card is left)."""
        live = sorted(self._live)
        left = len(self._deck) - self._dealt
        if self._street == SEVENTH and left < len(live) + 1:
            if left >= 2:
                self._draw()
            self._common = self._draw()
            return
        self._draw()
        for p in live:
            self._cards[p].append(self._draw())

    def _end_street(self) -> None:
        self._collect()
        self._actor = -1
        if self._street == SEVENTH:
            self._showdown()
            return
        self._street += 1
        self._deal_street()
        self._open_street()

    def _run_out(self) -> None:
        """Nobody can bet any more: the remaining streets are dealt and hands shown (F7)."""
        self._pending.clear()
        self._actor = -1
        while self._street < SEVENTH:
            self._street += 1
            self._deal_street()
        self._opener = self._board_opener()
        self._showdown()

    # ------------------------------------------------------------------ showdown
    def _seven(self, p: int) -> list[int]:
        cards = self._cards[p]
        return [*cards, self._common] if self._common >= 0 else list(cards)

    def _high(self, p: int) -> int:
        return evaluate7(*self._seven(p))

    def _low(self, p: int) -> int | None:
        if self._variant is StudVariant.RAZZ:
            return low_a5(self._seven(p))
        if self._variant is StudVariant.STUD_HI_LO:
            return low_eight(self._seven(p))
        return None

    def _showdown_order(self) -> list[int]:
        """F6: the last aggressor of the final street shows first, else the best board
        ("high hand showing in stud, low hand in razz": TNPL-C5, FOX-17A); clockwise on."""
        first = self._last_aggressor if self._last_aggressor in self._live else -1
        if first < 0:
            first = self._board_opener()
        k = len(self._seats)
        return [(first + i) % k for i in range(k) if (first + i) % k in self._live]

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
            best_high: int | None = None
            best_low: int | None = None
            razz = self._variant is StudVariant.RAZZ
            for q in order:
                high = None if razz else self._high(q)
                low = self._low(q)
                wins_high = high is not None and (best_high is None or high <= best_high)
                wins_low = low is not None and (best_low is None or low <= best_low)
                if must or wins_high or wins_low:
                    self._shown.add(q)
                    self._record(q, "show", 0, False)
                    if wins_high:
                        best_high = high
                    if wins_low:
                        best_low = low
                else:
                    self._mucked.add(q)
                    self._live.discard(q)
                    self._record(q, "muck", 0, False)
            self._award()
            return
        self._show_queue = order
        self._actor = order[0]

    def _suit_order(self, positions: list[int], low: bool) -> list[int]:
        """Tied winners in the order odd chips go to them (F5): the high card by suit in
        each one's five-card hand (KPC-12C, TNPL-C8, FOX-20); in razz the lowest card by
        suit where ``odd_chip_razz`` says so (KPC-12C)."""
        suits = self._suits
        razz = self._variant is StudVariant.RAZZ

        def five(q: int) -> list[int]:
            if not low:
                return best_five(self._seven(q))
            return low_cards(self._seven(q), eight=not razz)

        if (
            low
            and razz
            and self._rules.profile.odd_chip_razz is OddChipStudCard.LOWEST_CARD_BY_SUIT
        ):

            def key(q: int) -> tuple[int, int]:
                card = min(five(q), key=lambda c: card_by_rank_and_suit(c, suits, True))
                return card_by_rank_and_suit(card, suits, True)

            return sorted(positions, key=key)

        def high_key(q: int) -> tuple[int, int]:
            card = max(five(q), key=lambda c: card_by_rank_and_suit(c, suits, low))
            rank, suit = card_by_rank_and_suit(card, suits, low)
            return -rank, -suit

        return sorted(positions, key=high_key)

    def _winners(self, cand: list[int], values: dict[int, int], low: bool) -> list[int]:
        best = min(values[q] for q in cand)
        tied = [q for q in cand if values[q] == best]
        return self._suit_order(tied, low) if len(tied) > 1 else tied

    def _award(self) -> None:
        """Split every pot among its best shown hands; hi-lo halves (F1, F3, F5, F10)."""
        live = sorted(self._live)
        mask = sum(1 << q for q in live)
        shown = [q for q in live if q in self._shown] or live
        pots = build_pots(self._total, mask, self._dead_money)
        razz = self._variant is StudVariant.RAZZ
        high = {q: self._high(q) for q in shown} if not razz else {}
        lows = {q: self._low(q) for q in shown}
        low = {q: v for q, v in lows.items() if v is not None}
        unit = self._min_chip
        one_each = self._rules.odd_one_each
        out: list[tuple[int, list[int], dict[int, int], list[int], str]] = []
        for amount, eligible_mask in pots:
            eligible = [q for q in range(len(self._seats)) if eligible_mask >> q & 1]
            cand = [q for q in eligible if q in shown] or eligible
            awards: dict[int, int] = {}
            odd: list[int] = []
            words: list[str] = []
            halves: list[tuple[int, list[int], bool]] = []
            if razz:
                halves.append((amount, self._winners(cand, low, True), True))
            else:
                low_cand = [q for q in cand if q in low]
                if self._variant is StudVariant.STUD_HI_LO and low_cand:
                    # F5: the odd chip of the whole pot goes to the high half.
                    low_half = amount // unit // 2 * unit
                    high_winners = self._winners(cand, high, False)
                    halves.append((amount - low_half, high_winners, False))
                    halves.append((low_half, self._winners(low_cand, low, True), True))
                    if amount - low_half > low_half:
                        odd.append(high_winners[0])
                else:
                    halves.append((amount, self._winners(cand, high, False), False))
            for share_amount, winners, is_low in halves:
                shares = split_pot(share_amount, winners, unit, one_each)
                base = min(shares)
                for q, share in zip(winners, shares, strict=True):
                    awards[q] = awards.get(q, 0) + share
                    if share > base and q not in odd:
                        odd.append(q)
                w = winners[0]
                if is_low:
                    words.append(describe_low(low_cards(self._seven(w), eight=not razz)))
                else:
                    words.append(describe_five(best_five(self._seven(w))))
            for q, share in awards.items():
                self._won[q] += share
                self._stack[q] += share
            out.append((amount, eligible, awards, odd, "; ".join(words)))
        self._pots = out
        self._street = DONE
        self._actor = -1
        self._pending.clear()

    # ------------------------------------------------------------------ results
    def _build_result(self) -> HandResult:
        return self._hand_result(self._killed, "".join(CARD_TEXT[c] for c in self.board))

    # ------------------------------------------------------------------ floor rulings
    # The stud irregularities the rulebooks name (issue 28), each recorded in the hand's
    # actions; the judgements are pure functions of :mod:`pokertd.engine.irregular`.

    @property
    def substantial_action(self) -> bool:
        """Whether substantial action has occurred (L1): the bring-in is the forced bet and
        never counts, a completion counts as a bet ("two players after the forced bet")."""
        rule = self._rules.profile.substantial_action_rule
        return substantial_action(stud_in_turn_kinds(self._log), rule)

    def kill(self, seat: Seat) -> Chips:
        """Kill ``seat``'s live hand (a floor ruling: a dead hand, L11/L12) and return the
        chips given back: only the part of his bet on this street nobody matched (F2);
        chips called stay in the pot. The last live hand wins at once (F8). Recorded as a
        ``killed`` action."""
        p = self._pos(seat)
        profile = self._rules.profile
        if self._street >= SHOWDOWN:
            raise IllegalAction(
                template=N_("Seat %(seat)s's hand cannot be killed now: the betting is over."),
                params={"seat": seat + 1},
                rule_ids=profile.cite("L11"),
                context={"seat": seat},
            )
        if p not in self._live:
            raise IllegalAction(
                template=N_("Seat %(seat)s has no live hand to kill."),
                params={"seat": seat + 1},
                rule_ids=profile.cite("L11"),
                context={"seat": seat},
            )
        bets = self._bet
        others = max((b for q, b in enumerate(bets) if q != p), default=0)
        back = bets[p] - others if bets[p] > others else 0
        if back:
            bets[p] -= back
            self._stack[p] += back
            self._returned[p] += back
            self._all_in.discard(p)
            self._current_bet = others
            self._full_bet_to = min(self._full_bet_to, others)
            # players who matched what is left and acted are not asked again
            self._pending = {q for q in self._pending if self._acted_at[q] < 0 or bets[q] < others}
        if self._bring_in_due and p == self._actor:
            self._bring_in_due = False  # the bring-in passes to nobody: the next acts
        self._kill(p)
        if len(self._live) == 1:
            self._finish_uncontested()
        elif p == self._actor or self._actor not in self._pending:
            self._next(p)
        return back

    def upcards_picked_up(self, seat: Seat) -> Chips:
        """``seat`` picked up his up cards: while facing action his hand is dead (killed,
        :meth:`kill`); returns the chips given back. Not facing action (nothing to call,
        or not his street's turn to come) the rule does not apply: refused, the hand stays
        live (proper mucking is turning the up cards down and pushing them forward).

        Implements: TNPL-I3i, FOX-66 (L11).
        """
        p = self._pos(seat)
        facing = p in self._pending and (
            self._bet[p] < self._current_bet or (self._bring_in_due and p == self._actor)
        )
        if not facing:
            raise IllegalAction(
                template=N_(
                    "Seat %(seat)s is not facing action: picking up the up cards kills a stud "
                    "hand only when facing action."
                ),
                params={"seat": seat + 1},
                rule_ids=self._rules.profile.cite("L11"),
                context={"seat": seat},
            )
        return self.kill(seat)

    def misdeal(
        self,
        reason: str,
        *,
        rng: random.Random | None = None,
        deck: Sequence[CardCode] | None = None,
    ) -> StudHand:
        """Declare a misdeal and return the re-deal: the same players, button, ante,
        bring-in and limits, every player's chips as before the antes, the absent dealt in
        and killed again (K4); ``deck`` or ``rng`` shuffles anew. Refused once substantial
        action has occurred or the hand is over (L3).

        Implements: KPC-24, TNPL-G1ii, FOX-35C, FOX-35D (L3).
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
        dead = 0
        for p in self._dead:
            dead |= 1 << self._seats[p]
        again = StudHand.start(
            variant=self._variant,
            stacks=stacks,
            button=self._button,
            ante=self._ante,
            bring_in=self._bring_in,
            small_bet=self._small_bet,
            big_bet=self._big_bet,
            profile=profile,
            deck=deck,
            rng=rng,
            min_chip=self._min_chip,
            hand_number=self._hand_number,
            auto_showdown=self._auto_showdown,
            dead=dead,
        )
        again._raise_cap = self._raise_cap
        return again

    def exposed_down_card(
        self,
        seat: Seat,
        card: int,
        *,
        rng: random.Random | None = None,
        deck: Sequence[CardCode] | None = None,
    ) -> StudHand | None:
        """The dealer exposed ``seat``'s ``card`` (its place in his deal: 1 and 2 the first
        two down cards, 7 the last). Either of the first two is a misdeal: the re-deal is
        returned (refused after substantial action, :meth:`misdeal`). Another card: no
        misdeal, ``None``, the hand goes on (the rulebooks name no other stud case, IMPL).

        Implements: KPC-24E, TNPL-G1i(5), FOX-35A(5) (L2).
        """
        self._pos(seat)
        if not stud_exposure_is_misdeal(card):
            return None
        return self.misdeal(f"seat {seat + 1}'s down card {card} exposed", rng=rng, deck=deck)

    def bring_in_amount(self, put: Chips) -> ActionRecord:
        """The bring-in player put out ``put`` chips: the bring-in or the completion it is
        corrected to (:func:`~pokertd.engine.irregular.bring_in_correction`: SPOT-3d12,
        IMPL elsewhere), played and returned as the record."""
        p = self._actor
        if not self._bring_in_due or p < 0:
            raise IllegalAction(
                template=N_("No bring-in is due now."), rule_ids=self._rules.profile.cite("E8")
            )
        stack = self._stack[p]
        to = bring_in_correction(put, self._bring_in, self._small_bet, stack)
        if to <= self._bring_in:
            return self.act(BringIn())  # all-in when short: the bring-in takes what he has
        if to == stack:
            return self.act(AllIn())
        return self.act(Bet(to))

    def wrong_bring_in(self, seat: Seat, acted_since: int) -> ActionRecord | None:
        """The dealer had ``seat`` bring in instead of the low card (high card in razz), and
        ``acted_since`` players acted after him before it was noticed. Nobody yet: the chips
        go back and the correct seat brings in -- the hand stays as it is (``None``).
        Someone has: the action stands -- ``seat`` posts the bring-in as the hand's bring-in
        (returned record) and the action goes on from the player after him (IMPL: the
        rulebooks are silent; the floor's usual rule)."""
        p = self._pos(seat)
        profile = self._rules.profile
        if not self._bring_in_due or (self._log and self._log[-1].kind != "killed"):
            raise IllegalAction(
                template=N_("The bring-in has been posted: record the hand as it was played."),
                rule_ids=profile.cite("E8"),
            )
        if p not in self._live or p in self._all_in:
            raise IllegalAction(
                template=N_("Seat %(seat)s has no live hand to bring in."),
                params={"seat": seat + 1},
                context={"seat": seat},
            )
        if not wrong_bring_in_stands(acted_since) or p == self._actor:
            return None
        self._actor = self._bring_in_pos = self._opener = p
        before = len(self._log)
        self.do_bring_in()
        return self._log[before]

    def __repr__(self) -> str:
        return (
            f"StudHand({self._variant.value}, street={self.street}, actor={self.actor}, "
            f"pot={self.pot})"
        )


__all__ = ["MAX_PLAYERS", "STUD_STREETS", "UP_CARDS", "StudAction", "StudHand", "stud_deal_order"]
