"""What the stud and draw engines share: one fixed-seat hand played by position, with
betting rounds, a showdown queue and results built the same way.

:class:`StreetHand` holds the state both :class:`~pokertd.engine.stud.StudHand` and
:class:`~pokertd.engine.draw.DrawHand` keep under the same names (stacks, bets, totals,
live and all-in positions, the round's bet and raises, the log, the showdown queue) and
the code that reads or moves it the same way in both games: the public accessors, the
round's bookkeeping (putting chips in, recording actions, collecting bets with the
uncalled part returned, F2), showing and mucking at showdown, a hand won uncontested (F8)
and the result. Each engine keeps what belongs to its game: dealing, forced bets (antes
and bring-in, blinds), who acts first, the legal actions and their checks, draws and the
stub, and how pots are awarded.

**Positions**: position 0 is the first dealt-in seat left of the button; ``_seats`` maps
positions to seats.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection
from typing import ClassVar, Protocol, Self

from pokertd.engine._rules import Rules
from pokertd.engine.actions import ActionRecord, Legal, Muck, Show
from pokertd.engine.result import Elimination, HandResult, PotResult, pot_result
from pokertd.errors import IllegalAction, InvalidCommand, OutOfTurn
from pokertd.i18n import N_, Phrase
from pokertd.rules import RuleProfile
from pokertd.types import Chips, Seat


class _Seated(Protocol):
    """An action that may name the seat acting (every stud or draw action)."""

    @property
    def seat(self) -> Seat | None: ...


class StreetHand(ABC):
    """The state and bookkeeping a stud or draw hand shares (see the module)."""

    __slots__ = {  # noqa: RUF023
        "_rules": "The profile's betting and showdown rules.",
        "_n_seats": "Seats at the table, empty ones included.",
        "_seats": "The seat of each position (0 = first seat left of the button).",
        "_button": "The dealer button's seat: dealing order, ties and odd chips start left of it.",
        "_ante": "The ante (stud: each player's, dead money, B5; draw: per player or the big "
        "blind's, B3-B5).",
        "_small_bet": "Fixed limit: the small bet (stud: third and fourth street; draw: before "
        "the draw and after the first).",
        "_big_bet": "Fixed limit: the big bet (stud: from fifth street; draw: after the second "
        "and third draws).",
        "_min_chip": "The smallest chip in play: the odd-chip unit (F5).",
        "_raise_cap": "Raises allowed after the bet (or completion) on a round (E5).",
        "_auto_showdown": "True: the engine shows or mucks by the rules at showdown.",
        "_hand_number": "The hand's number in its table or tournament.",
        "_cards": "Each position's cards now (stud: in the order dealt, UP_CARDS face up).",
        "_start_stack": "Chips by position before the forced bets.",
        "_stack": "Chips behind by position.",
        "_bet": "Chips put in on this round (street), by position.",
        "_total": "Live chips put in on finished rounds, by position (side pots, F1).",
        "_dead_money": "Antes belonging to the main pot alone (B5).",
        "_returned": "Uncalled chips given back, by position (F2).",
        "_won": "Chips won, by position.",
        "_live": "Positions holding a live hand.",
        "_all_in": "Positions with no chips behind.",
        "_shown": "Positions that tabled their hand at showdown.",
        "_mucked": "Positions that mucked at showdown.",
        "_pending": "Positions still to act on this round (bet, or draw).",
        "_street": "The round: an index into the engine's street names (_STREETS).",
        "_actor": "The position to act (or draw, show, muck), -1 when nobody is.",
        "_current_bet": "The bet to match on this round.",
        "_full_bet_to": "The level of the last full bet, completion or raise (E4).",
        "_raises": "Raises after the bet or completion on this round (E5).",
        "_acted_at": "By position, the current bet when it last acted this round, -1 if not.",
        "_last_aggressor": "The last position to bet, complete or raise this round, -1 if none.",
        "_log": "Every action, as ActionRecords.",
        "_show_queue": "Positions still to show or muck, in showdown order (F6).",
        "_pots": "The awarded pots: (amount, eligible, awards by position, odd-chip "
        "positions, words).",
        "_result": "The HandResult, built on first request.",
    }

    _STREETS: ClassVar[tuple[str, ...]]
    """The engine's round names, as in :attr:`ActionRecord.street`."""
    _SHOWDOWN: ClassVar[int]
    """The index of ``"showdown"`` in ``_STREETS``."""
    _DONE: ClassVar[int]
    """The index of ``"done"`` in ``_STREETS``."""

    _acted_at: list[int]
    _actor: int
    _all_in: set[int]
    _ante: int
    _auto_showdown: bool
    _bet: list[int]
    _big_bet: int
    _button: int
    _cards: list[list[int]]
    _current_bet: int
    _dead_money: int
    _full_bet_to: int
    _hand_number: int
    _last_aggressor: int
    _live: set[int]
    _log: list[ActionRecord]
    _min_chip: int
    _mucked: set[int]
    _n_seats: int
    _pending: set[int]
    _pots: list[tuple[int, list[int], dict[int, int], list[int], str]]
    _raise_cap: int
    _raises: int
    _result: HandResult | None
    _returned: list[int]
    _rules: Rules
    _seats: list[int]
    _show_queue: list[int]
    _shown: set[int]
    _small_bet: int
    _stack: list[int]
    _start_stack: list[int]
    _street: int
    _total: list[int]
    _won: list[int]

    @abstractmethod
    def legal(self) -> Legal:
        """What the player to act may do now."""

    @abstractmethod
    def _capped(self) -> bool:
        """E5: no more raises on this round."""

    @abstractmethod
    def _reopened(self, p: int) -> bool:
        """E4: the betting is open to ``p`` (it has not acted since the last full raise)."""

    @abstractmethod
    def _award(self) -> None:
        """Split the pots among the shown hands (the game's evaluator)."""

    @abstractmethod
    def _build_result(self) -> HandResult:
        """The finished hand's :class:`HandResult`."""

    @property
    def profile(self) -> RuleProfile:
        return self._rules.profile

    @property
    def is_over(self) -> bool:
        return self._street == self._DONE

    @property
    def button(self) -> Seat:
        return self._button

    @property
    def hand_number(self) -> int:
        return self._hand_number

    @property
    def ante(self) -> Chips:
        return self._ante

    @property
    def small_bet(self) -> Chips:
        return self._small_bet

    @property
    def big_bet(self) -> Chips:
        return self._big_bet

    @property
    def starting_stacks(self) -> list[Chips]:
        """Chips by position (dealing order) before the forced bets."""
        return list(self._start_stack)

    @property
    def seats_dealt(self) -> tuple[Seat, ...]:
        return tuple(self._seats)

    @property
    def stacks(self) -> list[Chips | None]:
        """Chips behind by seat now (``None`` for seats not dealt in)."""
        out: list[Chips | None] = [None] * self._n_seats
        for p, s in enumerate(self._seats):
            out[s] = self._stack[p]
        return out

    @property
    def bets(self) -> list[Chips]:
        """Chips bet on this round by seat."""
        out = [0] * self._n_seats
        for p, s in enumerate(self._seats):
            out[s] = self._bet[p]
        return out

    @property
    def pot(self) -> Chips:
        """Every chip in the middle: antes, finished rounds and this round's bets."""
        return self._dead_money + sum(self._total) + sum(self._bet)

    @property
    def current_bet(self) -> Chips:
        return self._current_bet

    @property
    def raises_this_round(self) -> int:
        return self._raises

    def _pos(self, seat: Seat) -> int:
        if seat not in self._seats:
            raise InvalidCommand(
                template=N_("Seat %(seat)s is not dealt in this hand."), params={"seat": seat + 1}
            )
        return self._seats.index(seat)

    def in_hand(self, seat: Seat) -> bool:
        return self._pos(seat) in self._live

    def is_all_in(self, seat: Seat) -> bool:
        return self._pos(seat) in self._all_in

    def _after(self, p: int) -> int:
        """The next pending position clockwise after ``p``, -1 if none."""
        k = len(self._seats)
        for i in range(1, k + 1):
            q = (p + i) % k
            if q in self._pending:
                return q
        return -1

    def _someone_can_call_more(self, p: int) -> bool:
        cur = self._current_bet
        return any(
            self._bet[q] + self._stack[q] > cur
            for q in self._live
            if q != p and q not in self._all_in
        )

    def _must_show(self) -> bool:
        return self._rules.all_must_show_no_bet and self._last_aggressor < 0

    def _record(self, p: int, kind: str, amount: int, allin: bool) -> None:
        self._log.append(
            ActionRecord(
                self._seats[p], kind, amount, self._bet[p], allin, self._STREETS[self._street]
            )
        )

    def _can_raise(self, p: int) -> bool:
        """Whether position ``p`` may bet, complete or raise: chips beyond a call, someone
        able to call more, the cap not reached (E5), the betting open to it (E4)."""
        if self._stack[p] <= self._current_bet - self._bet[p]:
            return False
        if not self._someone_can_call_more(p):
            return False
        if self._capped():
            return False
        return self._reopened(p)

    def _why_no_raise(self, p: int) -> IllegalAction:
        """The floor's reason why position ``p`` may not bet, complete or raise (the same
        sentences as hold'em's; the order of :meth:`_can_raise`)."""
        seat = self._seats[p]
        profile = self._rules.profile
        if self._stack[p] <= self._current_bet - self._bet[p]:
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
        if self._capped():
            return IllegalAction(
                template=N_(
                    "Seat %(seat)s may only call or fold: the betting is capped at %(cap)s raises."
                ),
                params={"seat": seat + 1, "cap": self._raise_cap},
                rule_ids=profile.cite("E5"),
                context={"seat": seat, "raises": self._raises},
            )
        return IllegalAction(
            template=N_(
                "Seat %(seat)s may only call or fold: the all-in since it acted was less "
                "than a full raise and does not reopen the betting."
            ),
            params={"seat": seat + 1},
            rule_ids=profile.cite("E4"),
            context={"seat": seat, "current_bet": self._current_bet},
        )

    def _check_turn(self, action: _Seated) -> tuple[Seat, Legal, str]:
        """The start of ``_check`` in both games: the hand over, acting out of turn (E10),
        the showdown (show or muck, F6) and showing or mucking before it. Returns the seat to
        act, its :class:`Legal` and ``"show"`` or ``"muck"`` at the showdown, else ``""``."""
        p = self._actor
        if p < 0:
            raise IllegalAction(template=N_("The hand is over: nobody is to act."))
        seat = self._seats[p]
        profile = self._rules.profile
        if action.seat is not None and action.seat != seat:
            raise OutOfTurn(
                template=N_("Seat %(actor)s acted out of turn: it is seat %(seat)s's turn."),
                params={"actor": action.seat + 1, "seat": seat + 1},
                rule_ids=profile.cite("E10"),
                context={"seat": action.seat, "actor": seat},
            )
        legal = self.legal()
        if self._street == self._SHOWDOWN:
            if isinstance(action, Show):
                return seat, legal, "show"
            if isinstance(action, Muck):
                if not legal.can_muck:
                    raise IllegalAction(
                        template=N_(
                            "Seat %(seat)s must show: the last round was checked and every "
                            "remaining player shows."
                        ),
                        params={"seat": seat + 1},
                        rule_ids=profile.cite("F6"),
                    )
                return seat, legal, "muck"
            raise IllegalAction(
                template=N_("It is the showdown: seat %(seat)s may only show or muck."),
                params={"seat": seat + 1},
            )
        if isinstance(action, Show | Muck):
            raise IllegalAction(
                template=N_("Seat %(seat)s cannot %(action)s before the showdown."),
                params={"seat": seat + 1, "action": Phrase(type(action).__name__.lower())},
                context={"seat": seat},
            )
        return seat, legal, ""

    def _put(self, p: int, amount: int) -> bool:
        """Move ``amount`` from the stack to the bet; True if that is the whole stack."""
        self._stack[p] -= amount
        self._bet[p] += amount
        if not self._stack[p]:
            self._all_in.add(p)
            return True
        return False

    def do_show(self) -> None:
        p = self._actor
        self._shown.add(p)
        self._record(p, "show", 0, False)
        self._next_shower()

    def do_muck(self) -> None:
        p = self._actor
        self._mucked.add(p)
        self._live.discard(p)
        self._record(p, "muck", 0, False)
        self._next_shower()

    def _collect(self) -> None:
        """The round's bets join the totals; the unmatched part of the largest goes back
        to its bettor (F2)."""
        bets = self._bet
        top = max(bets)
        if top:
            hi = bets.index(top)
            second = max(b for q, b in enumerate(bets) if q != hi)
            if top > second and hi in self._live:
                back = top - second
                bets[hi] -= back
                self._stack[hi] += back
                self._returned[hi] += back
                self._all_in.discard(hi)
        for q, b in enumerate(bets):
            self._total[q] += b
            bets[q] = 0

    def _finish_uncontested(self) -> None:
        """F8: one hand left wins everything without showing."""
        self._collect()
        (w,) = self._live
        amount = self.pot
        self._won[w] += amount
        self._stack[w] += amount
        self._pots = [(amount, [w], {w: amount}, [], "")]
        self._street = self._DONE
        self._actor = -1
        self._pending.clear()

    def _next_shower(self) -> None:
        queue = self._show_queue
        queue.pop(0)
        if not self._shown and len(queue) == 1:
            self._actor = -1  # F8: all but one mucked
            self._award()
            return
        if queue:
            self._actor = queue[0]
            return
        self._actor = -1
        self._award()

    @property
    def result(self) -> HandResult:
        """The outcome (raises :class:`IllegalAction` while the hand is in progress)."""
        if self._street != self._DONE:
            raise IllegalAction(template=N_("The hand is not over yet: there is no result."))
        if self._result is None:
            self._result = self._build_result()
        return self._result

    def _by_seat(self, values: list[int]) -> tuple[Chips | None, ...]:
        out: list[Chips | None] = [None] * self._n_seats
        for p, s in enumerate(self._seats):
            out[s] = values[p]
        return tuple(out)

    def _hand_result(self, killed: Collection[int], board: str) -> HandResult:
        """The :class:`HandResult` from the awarded pots; ``killed``: positions whose hand
        was killed (K6), ``board``: the common cards' text."""
        seats = self._seats
        pots: list[PotResult] = []
        for i, (amount, eligible, awards, odd, words) in enumerate(self._pots):
            winners = tuple(seats[q] for q in awards)
            pots.append(
                pot_result(
                    i,
                    amount,
                    tuple(sorted(seats[q] for q in eligible)),
                    winners,
                    tuple((seats[q], a) for q, a in awards.items()),
                    tuple(seats[q] for q in odd),
                    words,
                )
            )
        eliminated = []
        for p, s in enumerate(seats):
            if self._start_stack[p] and not self._stack[p]:
                mine = [i for i, pot in enumerate(self._pots) if p in pot[1]]
                eliminated.append(
                    Elimination(
                        s, self._start_stack[p], tuple(mine), tuple(pots[i].winners for i in mine)
                    )
                )
        return HandResult(
            hand_number=self._hand_number,
            start_stacks=self._by_seat(self._start_stack),
            final_stacks=self._by_seat(self._stack),
            pots=tuple(pots),
            won=tuple((seats[p], w) for p, w in enumerate(self._won) if w),
            returned=tuple((seats[p], r) for p, r in enumerate(self._returned) if r),
            shown=tuple(sorted(seats[p] for p in self._shown)),
            mucked=tuple(sorted(seats[p] for p in self._mucked)),
            killed=tuple(sorted(seats[p] for p in killed)),
            eliminated=tuple(eliminated),
            board=board,
            showdown=bool(self._shown),
        )

    def copy(self) -> Self:
        """An independent copy (branch a hand; a draw hand's copy shares the random source)."""
        twin = type(self).__new__(type(self))
        for klass in type(self).__mro__:
            for name in getattr(klass, "__slots__", ()):
                value = getattr(self, name)
                if isinstance(value, list | set | dict):
                    value = type(value)(value)
                setattr(twin, name, value)
        twin._cards = [list(c) for c in self._cards]
        return twin


__all__ = ["StreetHand"]
