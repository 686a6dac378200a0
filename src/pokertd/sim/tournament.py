"""Whole tournaments played by bots, hand by hand, through the same code as live play.

:func:`simulate` seats ``players`` bots at random (:func:`draw_initial_seats`), draws each
table's button (:func:`start_button`), and lets every table deal hands with the hand engine
(:class:`~pokertd.engine.Hand`) and its own :class:`~pokertd.engine.button.TableButton`,
while the tournament clock (:mod:`pokertd.tournament.clock`) runs levels and breaks from the
structure. Between hands it applies what the floor would: eliminations, balancing, table
breaks and the final table (:func:`~pokertd.tournament.seating.balancing.plan` and
:func:`~pokertd.tournament.seating.balancing.apply_plan`), hand-for-hand near the bubble, colour-ups
with the chip race at the scheduled removals, bounties from the hand results, and the
payouts at the end. The result is a :class:`SimReport`: how long the event ran, when the
bubble burst, the finishing order and prizes, and per level the players left and the
average stack in big blinds -- the figures a structure designer needs.

**Time model.** Each table has its own clock: a hand dealt at ``t`` with ``k`` players takes
``hand_base_seconds + k * seconds_per_player`` (2:00 at a full nine-handed table), plus
the time of any called clock. Tables are processed in the order of the time they are ready
to deal, so the tournament clock only moves forward. A hand is atomic: it is played and its
result applied at its deal time; the table is busy until the hand's end. The level is read
when a hand is dealt (B7); no table deals during a break. Dealers push at each level change:
a dealer whose last hand ends in the final ``dealer_push_seconds`` of a level, or whose hand
straddles the end of the level, pushes; the incoming dealer's first hand is at the old level
when the profile's ``dealer_push_grace_hand`` says so and the last hand ended before zero
(B8, FOX-23A/B), otherwise at the new level.

**Hand-for-hand.** Once ``players left <= paid places + seats per table`` (or the
configured count) with two or more tables, every table deals one hand at the same moment,
the next round starts when the slowest table has finished (``hfh_sync_tables``, B10), and
the clock loses ``hfh_seconds_per_hand`` per round
(:func:`~pokertd.tournament.clock.rules.hand_finished`).
Busts in one round are the same hand for ranking (G3). It ends when the bubble bursts.

**Determinism.** Everything random (seat draws, button draws, decks, bot choices, called
clocks, chip-race cards) comes from one ``random.Random(seed)`` consumed in a fixed order,
so a seed replays the same tournament.

Implements, through the modules it drives: C1, C4-C6, C9-C11 (seating, balancing, final
table), D1, D3, D4 (dead button at every table), B3, B6 (big-blind ante and its late
reduction), B7, B8 (level per hand, dealer-push grace hand: FOX-23A, FOX-23B), B10
(FOX-HFH), B11/B12 (colour-ups: KPC-14A..D, FOX-24A..C, SPOT-6.4), B15 (called clock
expiry: KPC-20, FOX-29, TNPL-D6), G2, G3 (finishing order, same-hand busts by starting
stack), H4, H5 (payouts), I3, I4 (bounties from the pot carrying them: KPC-55, FOX-BTY4).
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from pokertd.engine import Action, Check, Fold, Hand, HandResult, Legal
from pokertd.engine.button import HandPositions
from pokertd.errors import InvalidCommand, NotFound, PokertdError
from pokertd.rules import AnteType, ClockExpiry, ColorUpMethod, RuleProfile, load_profile
from pokertd.sim.bots import BOT_KINDS, Bot, RandomBot, TightAggressiveBot
from pokertd.tournament.clock import (
    Break,
    Level,
    Structure,
    clock_timing,
    color_up,
    expiry_action,
    level_for_players,
    load_structure,
)
from pokertd.tournament.clock import rules as clk
from pokertd.tournament.eliminations.rules import rank_same_hand, same_hand_key
from pokertd.tournament.prizes.bounties import (
    PotOutcome,
    fixed_bounty_awards,
    knockouts_from_pots,
    pko_awards,
    winner_collects_own,
)
from pokertd.tournament.prizes.payouts import Prize, payouts, prize_pool, share_tied
from pokertd.tournament.seating import (
    ButtonDraw,
    Layout,
    Seating,
    apply_plan,
    draw_initial_seats,
    plan,
    start_button,
)
from pokertd.tournament.templates import load_template
from pokertd.types import Cents, Chips

EPOCH = datetime(2026, 1, 1, tzinfo=UTC)
"""Simulated time zero (the clock's ``now`` is ``EPOCH + seconds``; no wall clock is read)."""

_CLOCK_LAG = 3600
"""The tournament clock is settled up to an hour behind the newest deal, so questions about
the recent past (when did the last hand end?) still have exact answers."""

BOUNTY_KINDS = ("none", "fixed", "pko")
"""Bounty formats: none, a fixed bounty per entry, progressive knockout."""


# --- configuration ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class TimeModel:
    """How long things take at a live table, in clock seconds.

    A hand with ``k`` players dealt in takes ``hand_base_seconds + k * seconds_per_player``
    (defaults: 30 + 9 x 10 = 2:00 at a full table). A dealer push delays a table's next hand
    by ``dealer_push_seconds`` (0 = dealers never push). A bot that tanks thinks for
    ``tank_seconds`` before the clock is called, then uses the whole shot clock.
    """

    hand_base_seconds: int = 30
    seconds_per_player: int = 10
    dealer_push_seconds: int = 60
    tank_seconds: int = 60

    def hand_seconds(self, players: int) -> int:
        """Clock seconds a hand with ``players`` dealt in takes (called clocks excluded)."""
        return self.hand_base_seconds + players * self.seconds_per_player


@dataclass(frozen=True, slots=True, kw_only=True)
class SimConfig:
    """One simulated event.

    ``starting_stack=None`` takes the stack of the shipped event template named like the
    structure (``fox_grinder``: 15,000), else 100 big blinds of level 1. ``payout_table``
    defaults to the profile's; a table that does not cover the field (Foxwoods' stops at
    505 entries) falls back to the generic curve, with a note in the report.
    ``hand_for_hand_at`` overrides "paid places + seats per table" (0 = never).
    ``tank_probability`` is the chance, per decision, that a bot tanks and the clock is
    called on it and runs out. ``colour_up_choice`` is the TD's pick where the profile
    leaves it open (TNPL ``race_or_round_up``). ``check`` verifies every bot action with
    ``hand.verify`` and checks the invariants as it goes (tests); off, bots use the trusted
    path only.
    """

    players: int
    structure: str | Structure = "fox_grinder"
    profile: str | RuleProfile = "tda"
    seats: int = 9
    seed: int = 1
    starting_stack: Chips | None = None
    buy_in: Cents = 10_000
    bounty: Cents = 0
    bounty_kind: str = "none"
    payout_table: str | None = None
    bots: str = "tag"
    time: TimeModel = field(default_factory=TimeModel)
    hand_for_hand_at: int | None = None
    tank_probability: float = 0.0
    colour_up_choice: ColorUpMethod = ColorUpMethod.RACE
    check: bool = False
    max_hands: int | None = None


# --- report -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class LevelRow:
    """The field when the first hand of a level was dealt (structure design)."""

    level: int
    blinds: str
    started_at: int
    """Clock seconds since the start when the level's first hand was dealt."""
    players_left: int
    tables: int
    average_stack: Chips
    average_stack_bb: float
    """Average stack in big blinds of that level (rounded to 0.1, for reading)."""
    hands: int = 0
    """Hands dealt at this level (all tables)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Finish:
    """One player's result. Tied players (same hand, same starting stack) share ``places``
    and split the prizes of those places equally (G3)."""

    place: int
    places: tuple[int, ...]
    player: str
    prize: Cents
    bounty: Cents
    """Bounty cash collected (fixed or PKO)."""
    eliminated_by: tuple[str, ...] = ()
    hand: int | None = None
    """Tournament hand number of the bust (``None`` for the winner)."""
    at: int | None = None
    """Clock seconds of the bust."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Bubble:
    """When the last player out of the money went (players left = paid places)."""

    at: int
    level: int
    hand: int
    players_left: int
    hand_for_hand_hands: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ColourUpRecord:
    """A scheduled chip removal raced (or rounded up) at every table."""

    after_level: int
    at: int
    removed: tuple[Chips, ...]
    method: str
    tables: int
    chips_before: Chips
    chips_after: Chips
    chips_awarded: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SimReport:
    """Everything a simulated tournament produced."""

    players: int
    structure: str
    profile: str
    seats: int
    seed: int
    bots: str
    starting_stack: Chips
    hands: int
    """Hands dealt, all tables together."""
    duration: int
    """Clock seconds from the start to the last hand's end (breaks included)."""
    final_level: int
    final_blinds: str
    bubble: Bubble | None
    winner: str
    finishing: tuple[Finish, ...]
    """Best first."""
    prize_pool: Cents
    payout_table: str
    paid_places: int
    prizes: tuple[Prize, ...]
    bounty_kind: str
    bounty_total: Cents
    """Bounty cash paid out (equals the bounty fees collected)."""
    levels: tuple[LevelRow, ...]
    colour_ups: tuple[ColourUpRecord, ...]
    moves: int
    tables_broken: int
    final_table_at: int | None
    hand_for_hand_hands: int
    clocks_called: int
    grace_hands: int
    """Hands dealt at the old level after a dealer push (B8)."""
    chips_start: Chips
    chips_end: Chips
    notes: tuple[str, ...] = ()

    @property
    def hands_per_hour(self) -> float:
        """Hands dealt per clock hour (all tables)."""
        return self.hands * 3600 / self.duration if self.duration else 0.0


@dataclass(frozen=True, slots=True, kw_only=True)
class HandRecord:
    """One hand as the observer sees it: who sat where, and the engine's result."""

    table: int
    hand_number: int
    at: int
    """Clock seconds when the hand was dealt."""
    end: int
    """Clock seconds when it ended."""
    level: Level
    """The level the hand was dealt at (late big-blind-ante reduction applied)."""
    players_left: int
    """Players in the tournament when it was dealt."""
    hand_for_hand: bool
    players: tuple[str | None, ...]
    """The table's players by seat when the hand was dealt."""
    positions: HandPositions
    """Button, blinds and the seated players who were not dealt in (D1, D4)."""
    result: HandResult


class SimulationError(PokertdError):
    """A simulation invariant broke (chips not conserved, a seat held twice, ...)."""


# --- the simulator ----------------------------------------------------------------------------


class _TableTime:
    """One table's clock: when it may deal next, and its dealer's pushes."""

    __slots__ = ("grace_from", "pushed", "ready_at")

    def __init__(self, ready_at: int) -> None:
        self.ready_at = ready_at
        self.pushed = 0
        """The last level whose end made this table's dealer push."""
        self.grace_from: int | None = None
        """After a push: when the outgoing dealer's last hand ended."""


@dataclass(slots=True)
class _Out:
    player: str
    start_stack: Chips
    eliminated_by: tuple[str, ...]
    hand: int
    at: int


class TournamentSim:
    """One simulated tournament; :meth:`run` plays it to the end and reports."""

    def __init__(
        self, config: SimConfig, observer: Callable[[HandRecord], None] | None = None
    ) -> None:
        cfg = config
        if cfg.players < 2:
            raise InvalidCommand(f"A tournament needs at least two players, not {cfg.players}.")
        if cfg.bots not in BOT_KINDS:
            raise InvalidCommand(f"Bots are one of {', '.join(BOT_KINDS)}, not {cfg.bots!r}.")
        if cfg.bounty_kind not in BOUNTY_KINDS:
            raise InvalidCommand(
                f"Bounties are one of {', '.join(BOUNTY_KINDS)}, not {cfg.bounty_kind!r}."
            )
        if not 0 <= cfg.tank_probability <= 1:
            raise InvalidCommand("The tank probability is between 0 and 1.")
        self.config = cfg
        self.observer = observer
        self.profile = (
            cfg.profile if isinstance(cfg.profile, RuleProfile) else load_profile(cfg.profile)
        )
        self.structure = (
            cfg.structure if isinstance(cfg.structure, Structure) else load_structure(cfg.structure)
        )
        self.rng = random.Random(cfg.seed)
        self.notes: list[str] = []
        self.time = cfg.time
        self.stack = self._starting_stack()

        # Seating: the fewest tables of `seats` that hold everybody, random seats, buttons.
        ids = [f"P{i:0{len(str(cfg.players))}d}" for i in range(1, cfg.players + 1)]
        n_tables = -(-cfg.players // cfg.seats)
        self.seating = Seating.from_layout(Layout.uniform(n_tables, cfg.seats), self.profile)
        self.seating.apply_draws(draw_initial_seats(self.seating, ids, self.rng))
        for number in sorted(self.seating.tables):
            self._ensure_button(number)

        # Players, bots, chips, bounties.
        self.chips: dict[str, Chips] = dict.fromkeys(ids, self.stack)
        kinds = {"random": ["random"], "tag": ["tag"], "mix": ["tag", "random"]}[cfg.bots]
        shared: dict[str, Bot] = {"random": RandomBot(), "tag": TightAggressiveBot()}
        self.bots: dict[str, Bot] = {p: shared[kinds[i % len(kinds)]] for i, p in enumerate(ids)}
        self.bounty_value: dict[str, Cents] = dict.fromkeys(ids, cfg.bounty)
        self.bounty_won: dict[str, Cents] = dict.fromkeys(ids, 0)
        self.players_left = cfg.players
        self.out: list[list[_Out]] = []

        # Money: the pool and the prizes are known from the start (no re-entries here).
        self.pool = prize_pool(
            cfg.players * cfg.buy_in,
            profile=self.profile,
            bounty_fees=cfg.players * cfg.bounty if cfg.bounty_kind != "none" else 0,
        )
        self.payout_table = cfg.payout_table or self.profile.payout_table
        try:
            self.prizes = payouts(
                cfg.players,
                self.pool.net,
                profile=self.profile,
                table=self.payout_table,
                min_cash=cfg.buy_in,
            )
        except PokertdError as exc:
            self.notes.append(f"payout table {self.payout_table} refused ({exc}); generic used")
            self.payout_table = "generic"
            self.prizes = payouts(
                cfg.players,
                self.pool.net,
                profile=self.profile,
                table="generic",
                min_cash=cfg.buy_in,
            )
        self.paid = len(self.prizes)
        at = cfg.hand_for_hand_at
        self.hfh_at = self.paid + cfg.seats if at is None else at

        # Clock and schedule.
        self.clock = clk.start(clk.new_clock(self.structure, profile=self.profile), EPOCH)
        self._settled_to = 0
        self._period: tuple[int, int, int, bool] | None = None
        self.pending_colour_ups: list[Break] = sorted(
            (b for b in self.structure.breaks if b.remove), key=lambda b: b.after_level
        )
        self.times: dict[int, _TableTime] = {n: _TableTime(0) for n in self.seating.tables}
        self.queue: list[tuple[int, int]] = [(0, n) for n in sorted(self.seating.tables)]
        heapq.heapify(self.queue)

        # Counters for the report.
        self.hands = 0
        self.last_end = 0
        self.last_level: Level = self.structure.level(1)
        self.levels: dict[int, LevelRow] = {}
        self.level_hands: dict[int, int] = {}
        self.colour_ups: list[ColourUpRecord] = []
        self.chips_start = self.stack * cfg.players
        self.race_delta = 0
        self.moves = 0
        self.tables_broken = 0
        self.final_table_at: int | None = None
        self.hfh = False
        self.hfh_hands = 0
        self.hfh_rounds = 0
        self.hfh_charged = False
        self.bubble: Bubble | None = None
        self.clocks_called = 0
        self.grace_hands = 0

    # -- setup helpers ---------------------------------------------------------------------

    def _starting_stack(self) -> Chips:
        if self.config.starting_stack is not None:
            if self.config.starting_stack <= 0:
                raise InvalidCommand("The starting stack must be a positive number of chips.")
            return self.config.starting_stack
        if isinstance(self.config.structure, str):
            try:
                return load_template(self.config.structure).starting_stack
            except (NotFound, InvalidCommand):
                pass
        return 100 * self.structure.level(1).big_blind

    def _ensure_button(self, number: int) -> None:
        """Draw for the button at a table that has none yet (C11: start of play, or a
        table that started with one player)."""
        table = self.seating.tables[number]
        if table.button.known or table.count < 2:
            return
        drawn = start_button(self.seating, number, self.rng)
        seat = drawn.button if isinstance(drawn, ButtonDraw) else drawn
        self.seating.set_button(number, seat, current=False)

    # -- the clock -------------------------------------------------------------------------

    def _position(self, t: int) -> tuple[int, bool, int]:
        """``(level, on_break, seconds_left)`` of the tournament clock at ``t``.

        Settles :attr:`clock` (:func:`pokertd.tournament.clock.rules.settle`) and remembers the
        period it falls in, so the many questions asked inside one period cost nothing.
        Levels are appended before the sheet runs out ("additional levels will be added as
        needed", B1), as the TD would.
        """
        cached = self._period
        if cached is not None and cached[0] <= t < cached[1]:
            return cached[2], cached[3], cached[1] - t
        if t - _CLOCK_LAG > self._settled_to:
            self._settled_to = t - _CLOCK_LAG
            self.clock = clk.settle(self.clock, EPOCH + timedelta(seconds=self._settled_to))
        state = clk.settle(self.clock, EPOCH + timedelta(seconds=t))
        if state.level + 3 > len(state.structure.levels):
            self.clock = clk.append_levels(self.clock, count=10)
            self.structure = self.clock.structure
            state = clk.settle(self.clock, EPOCH + timedelta(seconds=t))
        if state.on_break:
            row = self.structure.break_after(state.level)
            left = (row.seconds if row is not None else 0) - state.elapsed
        else:
            left = self.structure.level(state.level).seconds - state.elapsed
        frozen = state.hand_for_hand and not state.on_break  # B10: only deductions
        end = t + 10**9 if frozen else t + left
        self._period = (t, end, state.level, state.on_break)
        return state.level, state.on_break, end - t

    def _set_clock(self, state: clk.ClockState, now: int) -> None:
        """Replace the clock after a transition settled at ``now`` (hand-for-hand)."""
        self.clock = state
        self._settled_to = now
        self._period = None

    def _hand_level(self, tt: _TableTime, t: int) -> Level:
        """The level of a hand dealt at ``t`` (B7), with the dealer-push grace hand (B8).

        Same rule as :func:`pokertd.tournament.clock.rules.level_for_hand` (the push case is
        :func:`~pokertd.tournament.clock.rules.push_keeps_old_level`), answered from the settled
        clock for speed: the level is read at the deal.
        """
        level, on_break, _ = self._position(t)
        number = level + 1 if on_break else level
        if tt.grace_from is not None:
            old, old_break, _ = self._position(tt.grace_from)
            if clk.push_keeps_old_level(self.profile, self.structure, old, old_break, number):
                number = old
                self.grace_hands += 1
            tt.grace_from = None
        return level_for_players(self.structure.level(number), self.players_left, self.profile)

    def _next_ready(self, tt: _TableTime, end: int) -> int:
        """When a table deals again after a hand that ended at ``end`` (dealer pushes)."""
        push = self.time.dealer_push_seconds
        if self.hfh or push <= 0:
            return end
        level, on_break, left = self._position(end)
        if on_break:
            tt.pushed = level
            return end
        if tt.pushed < level - 1:
            # The level ended during the hand: the dealer pushes now; new level either way.
            tt.pushed = level - 1
            tt.grace_from = end
            return end + push
        if tt.pushed < level and left <= push:
            # The hand ended just before zero: the push takes the table past the change.
            tt.pushed = level
            tt.grace_from = end
            return end + push
        return end

    # -- main loop -------------------------------------------------------------------------

    def run(self) -> SimReport:
        """Play the tournament to one player and report."""
        limit = self.config.max_hands
        while self.players_left > 1:
            if limit is not None and self.hands >= limit:
                raise SimulationError(
                    f"The tournament did not finish within {limit:,} hands.",
                    context={"players_left": self.players_left},
                )
            if self.hfh:
                self._hand_for_hand_round()
                continue
            if not self.queue:
                raise SimulationError("No table is left to deal.")  # pragma: no cover
            t, number = heapq.heappop(self.queue)
            tt = self.times.get(number)
            if tt is None or tt.ready_at != t or number not in self.seating.tables:
                continue  # a stale entry: the table broke or its time moved
            self._turn(number, tt, t)
        return self._report()

    def _schedule(self, number: int, at: int) -> None:
        tt = self.times[number]
        tt.ready_at = at
        heapq.heappush(self.queue, (at, number))

    def _turn(self, number: int, tt: _TableTime, t: int) -> None:
        """Table ``number`` is ready at ``t``: deal a hand, or wait (break, too few players)."""
        table = self.seating.tables[number]
        if table.count < 2:
            self._schedule(number, t + 30)
            return
        self._ensure_button(number)
        _, on_break, left = self._position(t)
        if on_break:
            self._schedule(number, t + left)
            return
        level = self._hand_level(tt, t)
        if self._colour_ups_due(level.number, t):
            # A player raced out: the tables may have changed; come back to this one.
            if number in self.seating.tables:
                self._schedule(number, t + 1)
            return
        end, outs = self._play(number, t, level)
        self._schedule(number, self._next_ready(tt, end))
        if outs:
            self._bust(outs)
            self._between_hands(end)

    def _hand_for_hand_round(self) -> None:
        """Every table deals one hand at the same moment; the clock loses a hand's time."""
        numbers = sorted(n for n in self.seating.tables if self.seating.tables[n].count >= 2)
        for n in numbers:
            self._ensure_button(n)
        start = max(self.times[n].ready_at for n in self.seating.tables)
        if not self.hfh_charged:
            # FOX-HFH: the first deduction is for the hands under way at the announcement.
            self.hfh_charged = True
            if not self._position(start)[1]:
                at = EPOCH + timedelta(seconds=start)
                self._set_clock(clk.hand_finished(self.clock, at, self.profile), start)
        level_no, on_break, left = self._position(start)
        while on_break:  # a break runs in real time, even during hand-for-hand
            start += left
            level_no, on_break, left = self._position(start)
        number = level_no + 1 if on_break else level_no
        level = level_for_players(self.structure.level(number), self.players_left, self.profile)
        if self._colour_ups_due(level.number, start):
            return
        ends = [start]
        outs: list[_Out] = []
        for n in numbers:
            if self.players_left - len(outs) < 2:
                break
            end, busted = self._play(n, start, level)
            ends.append(end)
            outs.extend(busted)
        self.hfh_hands += len(numbers)
        self.hfh_rounds += 1
        end = max(ends)
        at = EPOCH + timedelta(seconds=end)
        self._set_clock(clk.hand_finished(self.clock, at, self.profile), end)
        for n in self.seating.tables:
            self.times[n].ready_at = end
        if outs:
            self._bust(outs)
        self._between_hands(end)

    # -- one hand --------------------------------------------------------------------------

    def _play(self, number: int, t: int, level: Level) -> tuple[int, list[_Out]]:
        """Deal and play one hand at a table; apply chips and bounties. Returns its end and
        the players it put out."""
        profile = self.profile
        rng = self.rng
        check = self.config.check
        table = self.seating.tables[number]
        players = tuple(table.players)
        positions = table.button.next_hand(table.occupied)
        chips = self.chips
        stacks = [chips[p] if p is not None else 0 for p in players]
        ante = level.ante
        unit = self._min_chip(level.number)
        self.hands += 1
        hand = Hand.start(
            stacks=stacks,
            button=positions.button,
            small_blind_seat=positions.small_blind_seat,
            big_blind_seat=positions.big_blind_seat,
            small_blind=level.small_blind,
            big_blind=level.big_blind,
            ante=ante,
            ante_type=level.ante_type if ante else AnteType.NONE,
            profile=profile,
            rng=rng,
            waiting=positions.waiting,
            players_in_tournament=self.players_left,
            min_chip=unit,
            hand_number=self.hands,
        )
        self.seating.hand_dealt(number, positions)
        bots = self.bots
        bb = level.big_blind
        tank = self.config.tank_probability
        extra = 0
        while True:
            seat = hand.actor
            if seat is None:
                break
            legal = hand.legal()
            if tank and rng.random() < tank:
                extra += self._called_clock(level)
                action: Action = clock_expired(profile, legal)
            else:
                player = players[seat]
                assert player is not None
                action = bots[player].decide(hand, legal, bb, unit, rng)
            if check:
                hand.verify(action)
            hand.trusted(action)
        result = hand.result
        end = t + self.time.hand_seconds(len(hand.seats_dealt)) + extra
        if end > self.last_end:
            self.last_end = end
        self._count_level(level, t)
        if check:
            self._check_hand(result)
        for seat, final in enumerate(result.final_stacks):
            if final is not None:
                p = players[seat]
                assert p is not None
                chips[p] = final
        outs: list[_Out] = []
        if result.eliminated:
            winners = self._bounties(result, players, hand.button, table.n_seats)
            for e in result.eliminated:
                p = players[e.seat]
                assert p is not None
                outs.append(
                    _Out(
                        player=p,
                        start_stack=e.start_stack,
                        eliminated_by=winners.get(e.seat, ()),
                        hand=self.hands,
                        at=end,
                    )
                )
        if self.observer is not None:
            self.observer(
                HandRecord(
                    table=number,
                    hand_number=self.hands,
                    at=t,
                    end=end,
                    level=level,
                    players_left=self.players_left,
                    hand_for_hand=self.hfh,
                    players=players,
                    positions=positions,
                    result=result,
                )
            )
        return end, outs

    def _called_clock(self, level: Level) -> int:
        """A bot tanks, the clock is called and runs out: the seconds it cost (B15)."""
        self.clocks_called += 1
        action, countdown = clock_timing(self.profile, level.minutes)
        return self.time.tank_seconds + action + countdown

    def _min_chip(self, level: int) -> Chips:
        return self.structure.chips_in_play(level).smallest or 1

    def _count_level(self, level: Level, t: int) -> None:
        number = level.number
        count = self.level_hands.get(number)
        if count is None:
            total = sum(self.chips.values())
            average = total // self.players_left
            self.levels[number] = LevelRow(
                level=number,
                blinds=level.blinds,
                started_at=t,
                players_left=self.players_left,
                tables=len(self.seating.tables),
                average_stack=average,
                average_stack_bb=round(total / (self.players_left * level.big_blind), 1),
            )
            count = 0
        self.level_hands[number] = count + 1
        self.last_level = level

    def _bounties(
        self, result: HandResult, players: Sequence[str | None], button: int, n_seats: int
    ) -> dict[int, tuple[str, ...]]:
        """Pay the bounties of the players this hand eliminated; who eliminated whom.

        Implements: KPC-55 (the pot carrying the bounty), FOX-BTY4 (split pots), PKO.
        """
        # Adapter: a pot of one chip split two ways gives one winner 0 (odd chip, F5); that
        # "winner" may be the eliminated player, so only winners paid something count.
        pots = tuple(
            PotOutcome(pot.amount, pot.eligible, tuple(s for s, a in pot.awards if a > 0))
            for pot in result.pots
        )
        knockouts = knockouts_from_pots(pots, [e.seat for e in result.eliminated])
        names = {
            ko.eliminated: tuple(p for s in ko.winners if (p := players[s]) is not None)
            for ko in knockouts
        }
        kind = self.config.bounty_kind
        if kind == "none" or not self.config.bounty:
            return names
        order = list(range(n_seats))

        def name(seat: int) -> str:
            p = players[seat]
            assert p is not None
            return p

        if kind == "fixed":
            bounty_of = {ko.eliminated: self.bounty_value[name(ko.eliminated)] for ko in knockouts}
            awards = fixed_bounty_awards(
                knockouts, bounty_of, profile=self.profile, button=button, seat_order=order
            )
            for a in awards:
                self.bounty_won[name(a.collector)] += a.cash
            for ko in knockouts:
                self.bounty_value[name(ko.eliminated)] = 0
        else:
            dealt = [s for s, st in enumerate(result.start_stacks) if st is not None]
            bounties = {s: self.bounty_value[name(s)] for s in dealt}
            pko = pko_awards(
                knockouts, bounties, profile=self.profile, button=button, seat_order=order
            )
            for a in pko.awards:
                self.bounty_won[name(a.collector)] += a.cash
            for s in dealt:
                self.bounty_value[name(s)] = pko.bounties.get(s, 0)
        return names

    # -- between hands ---------------------------------------------------------------------

    def _bust(self, outs: list[_Out]) -> None:
        """Players out in one hand (or one hand-for-hand round): rank them together (G3)."""
        for o in outs:
            self.seating.unseat(o.player)
        self.out.append(outs)
        self.players_left -= len(outs)
        if self.bubble is None and self.players_left <= self.paid < self.config.players:
            last = max(outs, key=lambda o: o.at)
            self.bubble = Bubble(
                at=last.at,
                level=self.last_level.number,
                hand=last.hand,
                players_left=self.players_left,
                hand_for_hand_hands=self.hfh_hands,
            )

    def _between_hands(self, now: int) -> None:
        """Balance, break tables, form the final table; start or stop hand-for-hand."""
        if self.players_left <= 1:
            return
        todo = plan(self.seating, self.rng, paid_places=self.paid)
        if not todo.empty:
            self.moves += len(todo.moves)
            final = todo.final_table
            if final is not None:
                self.moves += len(final.draws)
            before = set(self.seating.tables)
            apply_plan(self.seating, todo)
            gone = before - set(self.seating.tables)
            if final is not None:
                self.final_table_at = now
                ready = max(self.times[n].ready_at for n in before)
                for n in gone:
                    del self.times[n]
                if not self.hfh:
                    self._schedule(final.table, ready)
            else:
                self.tables_broken += len(gone)
                for n in gone:
                    del self.times[n]
            if self.config.check:
                self._check_seating()
        tables = len(self.seating.tables)
        if self.hfh and (tables < 2 or self.players_left <= self.paid):
            self.hfh = False
            at = EPOCH + timedelta(seconds=now)
            self._set_clock(clk.hand_for_hand_off(self.clock, at), now)
            for n in sorted(self.seating.tables):  # back to each table at its own pace
                self._schedule(n, max(self.times[n].ready_at, now))
        elif (
            not self.hfh
            and self.bubble is None
            and tables >= 2
            and self.paid < self.players_left <= self.hfh_at
        ):
            self.hfh = True
            self.hfh_charged = False
            at = EPOCH + timedelta(seconds=now)
            self._set_clock(clk.hand_for_hand_on(self.clock, at), now)

    def _colour_ups_due(self, level: int, t: int) -> bool:
        """Race off the chips scheduled to leave before ``level`` at every table (B11/B12).

        Returns whether a player was raced out (possible only without
        ``race_out_protection``), which may change the tables.

        Implements: KPC-14A..D, FOX-24A..C, TNPL-D2i, SPOT-6.4 through
        :func:`~pokertd.tournament.clock.chip_race.color_up`, run with the simulation's ``rng``.
        """
        while self.pending_colour_ups and self.pending_colour_ups[0].after_level < level:
            row = self.pending_colour_ups.pop(0)
            chips_in_play = self.structure.chips_in_play(row.after_level)
            method = (
                self.config.colour_up_choice
                if self.profile.colorup_method is ColorUpMethod.RACE_OR_ROUND_UP
                else None
            )
            before = after = awarded = 0
            outs: list[_Out] = []
            for number in sorted(self.seating.tables):
                table = self.seating.tables[number]
                stacks = {s: self.chips[p] for s, p in enumerate(table.players) if p is not None}
                result = color_up(
                    stacks,
                    removed=row.remove,
                    chips=chips_in_play,
                    profile=self.profile,
                    method=method,
                    rng=self.rng,
                )
                before += result.chips_before
                after += result.chips_after
                awarded += result.chips_awarded
                for seat, stack in result.stacks().items():
                    p = table.players[seat]
                    assert p is not None
                    self.chips[p] = stack
                    if stack == 0:
                        outs.append(_Out(p, stacks[seat], (), self.hands, t))
            self.race_delta += after - before
            self.colour_ups.append(
                ColourUpRecord(
                    after_level=row.after_level,
                    at=t,
                    removed=row.remove,
                    method=(method or self.profile.colorup_method).value,
                    tables=len(self.seating.tables),
                    chips_before=before,
                    chips_after=after,
                    chips_awarded=awarded,
                )
            )
            if self.config.check and sum(self.chips.values()) != self.chips_start + self.race_delta:
                raise SimulationError("Chips changed in a colour-up by more than the race says.")
            if outs:
                self._bust(outs)
                self._between_hands(t)
                return True
        return False

    # -- invariants ------------------------------------------------------------------------

    def _check_hand(self, result: HandResult) -> None:
        start = [s for s in result.start_stacks if s is not None]
        final = [s for s in result.final_stacks if s is not None]
        if sum(start) != sum(final):
            raise SimulationError(
                f"Hand {result.hand_number} did not conserve chips: {sum(start):,} in, "
                f"{sum(final):,} out."
            )
        if any(s < 0 for s in final):
            raise SimulationError(f"Hand {result.hand_number} left a negative stack.")

    def _check_seating(self) -> None:
        seen: set[tuple[int, int]] = set()
        for number, table in self.seating.tables.items():
            for seat, p in enumerate(table.players):
                if p is None:
                    continue
                if self.seating.where.get(p) != (number, seat) or (number, seat) in seen:
                    raise SimulationError(f"{p} is not seated consistently.")
                seen.add((number, seat))
        if len(seen) != self.players_left:
            raise SimulationError(
                f"{len(seen)} players seated, {self.players_left} left in the tournament."
            )

    # -- the report ------------------------------------------------------------------------

    def _report(self) -> SimReport:
        cfg = self.config
        winner = next(p for p, c in self.chips.items() if c > 0)
        if cfg.bounty_kind == "fixed" and cfg.bounty:
            self.bounty_won[winner] += self.bounty_value[winner]  # the champion's own chip
        elif cfg.bounty_kind == "pko" and cfg.bounty:
            own = winner_collects_own(0, {0: self.bounty_value[winner]})  # seat is immaterial
            self.bounty_won[winner] += own.cash
        prize_of = {p.place: p.amount for p in self.prizes}
        finishing: list[Finish] = [
            Finish(
                place=1,
                places=(1,),
                player=winner,
                prize=prize_of.get(1, 0),
                bounty=self.bounty_won[winner],
            )
        ]
        best = 2
        for group in reversed(self.out):
            by_name = sorted(group, key=lambda o: o.player)  # ties listed by name
            for tie in rank_same_hand(by_name, lambda o: same_hand_key(o.start_stack)):
                places = tuple(range(best, best + len(tie)))
                shares = share_tied([prize_of.get(x, 0) for x in places], len(tie))
                for o, prize in zip(tie, shares, strict=True):
                    finishing.append(
                        Finish(
                            place=places[0],
                            places=places,
                            player=o.player,
                            prize=prize,
                            bounty=self.bounty_won[o.player],
                            eliminated_by=o.eliminated_by,
                            hand=o.hand,
                            at=o.at,
                        )
                    )
                best += len(tie)
        levels = tuple(
            LevelRow(
                level=row.level,
                blinds=row.blinds,
                started_at=row.started_at,
                players_left=row.players_left,
                tables=row.tables,
                average_stack=row.average_stack,
                average_stack_bb=row.average_stack_bb,
                hands=self.level_hands[n],
            )
            for n, row in sorted(self.levels.items())
        )
        chips_end = sum(self.chips.values())
        if cfg.check and chips_end != self.chips_start + self.race_delta:
            raise SimulationError(
                f"The tournament ended with {chips_end:,} chips; {self.chips_start:,} were "
                f"issued and the colour-ups changed {self.race_delta:+,}."
            )
        return SimReport(
            players=cfg.players,
            structure=self.structure.name,
            profile=self.profile.name,
            seats=cfg.seats,
            seed=cfg.seed,
            bots=cfg.bots,
            starting_stack=self.stack,
            hands=self.hands,
            duration=self.last_end,
            final_level=self.last_level.number,
            final_blinds=self.last_level.blinds,
            bubble=self.bubble,
            winner=winner,
            finishing=tuple(finishing),
            prize_pool=self.pool.net,
            payout_table=self.payout_table,
            paid_places=self.paid,
            prizes=self.prizes,
            bounty_kind=cfg.bounty_kind,
            bounty_total=sum(self.bounty_won.values()),
            levels=levels,
            colour_ups=tuple(self.colour_ups),
            moves=self.moves,
            tables_broken=self.tables_broken,
            final_table_at=self.final_table_at,
            hand_for_hand_hands=self.hfh_hands,
            clocks_called=self.clocks_called,
            grace_hands=self.grace_hands,
            chips_start=self.chips_start,
            chips_end=chips_end,
            notes=tuple(self.notes),
        )


FOLD: Action = Fold()
CHECK: Action = Check()


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


def simulate(config: SimConfig, observer: Callable[[HandRecord], None] | None = None) -> SimReport:
    """Play one tournament by ``config`` to the end; ``observer`` sees every hand."""
    return TournamentSim(config, observer).run()


__all__ = [
    "BOUNTY_KINDS",
    "EPOCH",
    "Bubble",
    "ColourUpRecord",
    "Finish",
    "HandRecord",
    "LevelRow",
    "SimConfig",
    "SimReport",
    "SimulationError",
    "TimeModel",
    "TournamentSim",
    "clock_expired",
    "simulate",
]
