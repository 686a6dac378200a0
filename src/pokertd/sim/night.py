"""The night a director will run, played by bots through the real core (issue 15).

:func:`simulate_night` creates the event from its template through
:class:`~pokertd.app.tournaments.TournamentService` and plays it to a winner issuing **the same
commands as the floor**: ``Register`` (early and late, on the alternate list when the room
is full, seated when a seat frees up), ``DrawSeats``, ``DrawButtons``, ``StartClock``,
``PlayHands`` after every hand, ``Bust`` (same-hand busts named as one hand, so the live
floor's code ranks them, G3), ``RecordBountyWinners`` for a split bounty pot, ``Reenter``,
``Rebuy``, ``Addon``, the moves the console prompts for (``SuggestMoves`` with the token
of the plan shown, then ``ConfirmMoves``), ``Redraw`` with the final table's token,
``ColorUp`` table by table at the scheduled removals (the core draws the race), ``HandForHand`` and
``TableHandFinished`` per table, ``RecordChips`` at every level end, ``AddLevels`` when the
sheet runs out and ``PayPrize`` for every finisher in the money. Nothing is computed beside
the core that the core decides: seats, moves, buttons, the clock, the chip race, places and
prizes are read back from the tournament's state and events, as a client reads them.

**Simulated time.** The service's clock is the simulated clock (``now=lambda: sim_now``),
and every random draw the core makes comes from a ``random.Random`` seeded from the night's
seed (``rng_factory``), so one seed replays one night. Tables deal in the order of the time
they are ready; a hand is dealt with the positions the tournament's button state gives
(:meth:`~pokertd.engine.button.TableButton.next_hand`), played by the bots of
:mod:`pokertd.sim.bots` on the engine (:class:`~pokertd.engine.Hand`), and lasts
``seconds_per_deal + actions x seconds_per_action (+ seconds_per_showdown)``
(:class:`~pokertd.sim.report.TimeModel`). The level is the clock's at the deal (B7); no
table deals during a break. During hand-for-hand every table deals at the same moment and
reports with ``TableHandFinished``; the last report takes the hand's time off the clock
(B10, FOX-HFH).

**Self-checks** (:class:`SimulationError` when one fails): chips conserved in every hand
and every colour-up, the sim's stacks summing to the service's chips in play (issued minus
removed) whenever that figure changes and at every level end; the button the core moved to
is the one the hand was dealt with; a refused command wrote nothing; at the end one seat per
player, the night's money, places and end invariants (:mod:`pokertd.sim.invariants`) and
the log folded from scratch giving the same seats and results as the service's state.

**Floors.** This module's driver is the careful floor: every command as the console
prompts. ``NightConfig(floor="careless")`` plays :class:`pokertd.sim.careless.CarelessNight`,
a subclass that makes the mistakes people make through the hooks left here (``_walks_away``,
``_confirmed``, ``_registered``, ``_record_bust``, ``_keeps_hand_for_hand``,
``_table_reported``...) and checks the invariants after every bust, deal, payment and undo
(:meth:`_Night.watch`).

:func:`simulate_rest` continues a live tournament ("simulate the rest of tonight") in a
private in-memory copy of its log; the live tournament is never touched.

Implements, through the floor's commands (the rules are the core's): A1, A8, A9, A10, A12
(registration, re-entries, rebuys, add-ons, alternates), B1, B7, B10 (FOX-HFH), B11/B12
(colour-ups), C1, C3-C6, C9, C10 (seats, balancing, table breaks, the final table), D1
(the button), G1-G3 (busts, same-hand ranking, SPOT-6.14 hand ranks), H2 (NJ-44d), H11.
"""

from __future__ import annotations

import heapq
import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from pokertd.app.demo import player_names
from pokertd.app.tournaments import ID_ALPHABET, TournamentService
from pokertd.engine import Action, Hand, HandResult
from pokertd.engine.button import HandPositions
from pokertd.engine.phh import to_phh
from pokertd.errors import InvalidCommand, NotFound, RuleViolation
from pokertd.money import format_money
from pokertd.rules import AnteType, ColorUpMethod, RuleProfile, load_profile
from pokertd.sim.bots import BOT_KINDS, Bot, RandomBot, TightAggressiveBot, made_hand
from pokertd.sim.invariants import (
    SimulationError,
    Sold,
    check_end,
    check_money,
    check_paid_out,
    check_places,
    check_seats,
    check_sold,
)
from pokertd.sim.report import FLOORS, MISTAKE_KINDS, Finish, LevelRow, NightConfig, NightReport
from pokertd.store import EventStore, open_store
from pokertd.tournament.clock import (
    AddLevels,
    ColorUp,
    HandForHand,
    PauseClock,
    StartClock,
    TableHandFinished,
    level_for_players,
)
from pokertd.tournament.clock import rules as clk
from pokertd.tournament.clock.log import ColoredUp, HandForHandHandPlayed
from pokertd.tournament.clock.state import ClockPart
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.eliminations import finish as finish_of
from pokertd.tournament.entries import (
    Addon,
    CloseRegistration,
    CreateTournament,
    Rebuy,
    RecordChips,
    Reenter,
    Register,
    Roster,
    Setup,
)
from pokertd.tournament.entries.log import EntryBought
from pokertd.tournament.entries.rules import EntryStatus
from pokertd.tournament.framework import Command, EventRecord, TournamentState, fold
from pokertd.tournament.limits import TABLE_MAX
from pokertd.tournament.prizes.bounties import PotOutcome, knockouts_from_pots
from pokertd.tournament.prizes.log import PayPrize, PostPayoutSchedule, RecordBountyWinners
from pokertd.tournament.prizes.pool import cash_report, places_paid
from pokertd.tournament.prizes.views import standings
from pokertd.tournament.seating import (
    BreakTable,
    ConfirmMove,
    ConfirmMoves,
    DrawButtons,
    DrawSeats,
    MovesDue,
    PlaceButton,
    PlayHands,
    Redraw,
    SuggestMoves,
    Tables,
    moves_due,
)
from pokertd.tournament.seating.log import FinalTableDrawn, HandsPlayed, MovesSuggested
from pokertd.tournament.seating.state import live_seating
from pokertd.tournament.structures import Level, Structure
from pokertd.tournament.templates import Template, load_template, template_names
from pokertd.tournament.views import results
from pokertd.types import Chips

EPOCH = datetime(2026, 1, 7, 19, 0, tzinfo=UTC)
"""Simulated time zero: the clock starts here (a Wednesday, 7 pm); no wall clock is read."""

ACTOR = "sim"
"""Who the log says ran the simulator's commands."""

MAX_SECONDS_PER_ACTION = 600.0
MAX_SECONDS_PER_SHOWDOWN = 1800.0
MAX_SECONDS_PER_DEAL = 1800.0
"""Time-model ceilings: anything longer is a typing mistake, not a live table."""

MAX_HANDS = 2_000_000
"""A night that has not found a winner after this many hands is a bug, not a long night."""

_NO_END = 10**12
"""A clock period that does not end in real time (hand-for-hand)."""


# --- checking the question ---------------------------------------------------------------------


def _template(config: NightConfig) -> Template:
    """The night's template (the ``tables`` override applied), or a clear refusal."""
    name = config.template.strip()
    try:
        tmpl = load_template(name)
    except (NotFound, InvalidCommand, OSError, ValueError) as exc:
        if name.endswith(".toml") or "/" in name:
            raise NotFound(f"The event template {name!r} could not be read: {exc}") from None
        known = ", ".join(template_names())
        raise NotFound(
            f"There is no event template called {name!r}: choose one of {known}."
        ) from None
    if config.tables is not None:
        if not 1 <= config.tables <= TABLE_MAX:
            raise InvalidCommand(
                f"{config.tables} tables: give a number of tables from 1 to {TABLE_MAX:,}."
            )
        tmpl = tmpl.with_changes(tables=config.tables)
    return tmpl


def _profile(config: NightConfig, tmpl: Template) -> RuleProfile:
    """The profile the night is played under: the one named, else the template's."""
    if config.profile is None:
        return tmpl.load_profile()
    try:
        return load_profile(config.profile)
    except (NotFound, InvalidCommand, OSError) as exc:
        raise NotFound(f"There is no rule profile called {config.profile!r} ({exc}).") from None


def check_config(config: NightConfig) -> tuple[Template, RuleProfile]:
    """The template and profile of ``config``, after refusing what cannot be simulated
    with a sentence a director understands (``InvalidCommand`` / ``NotFound``)."""
    tmpl = _template(config)
    profile = _profile(config, tmpl)
    if isinstance(config.entries, bool) or not isinstance(config.entries, int):
        raise InvalidCommand("Give the number of entries as a whole number.")
    if config.entries < 2:
        raise InvalidCommand(
            f"A tournament needs at least two players; {config.entries} were asked for."
        )
    seats = tmpl.tables * tmpl.seats_per_table
    if config.entries > seats:
        tables = "1 table" if tmpl.tables == 1 else f"{tmpl.tables} tables"
        raise InvalidCommand(
            f"The {tmpl.title} room seats {seats:,} ({tables} of {tmpl.seats_per_table}): "
            f"{config.entries:,} players do not fit. Give more tables "
            f"(at least {-(-config.entries // tmpl.seats_per_table)})."
        )
    if tmpl.field_cap is not None and config.entries > tmpl.field_cap:
        raise InvalidCommand(
            f"The {tmpl.title} is capped at {tmpl.field_cap:,} entries: "
            f"{config.entries:,} are too many."
        )
    check_behaviour(config)
    return tmpl, profile


def check_behaviour(config: NightConfig) -> None:
    """Refuse rates outside 0..1, time-model values that are not positive or absurd and
    unknown bots, with a sentence (``InvalidCommand``)."""
    for label, value in (
        ("late registration", config.rates.late),
        ("re-entry", config.rates.reentry),
        ("rebuy", config.rates.rebuy),
        ("add-on", config.rates.addon),
    ):
        if not isinstance(value, int | float) or math.isnan(value) or not 0 <= value <= 1:
            raise InvalidCommand(
                f"The {label} rate is a share between 0 and 1 (0.25 = a quarter), not {value}."
            )
    for label, value, most in (
        ("seconds per action", config.time.seconds_per_action, MAX_SECONDS_PER_ACTION),
        ("seconds per showdown", config.time.seconds_per_showdown, MAX_SECONDS_PER_SHOWDOWN),
        ("seconds per deal", config.time.seconds_per_deal, MAX_SECONDS_PER_DEAL),
    ):
        if not isinstance(value, int | float) or math.isnan(value) or not 0 < value <= most:
            raise InvalidCommand(
                f"The time model's {label} must be more than 0 and at most {most:,.0f}, "
                f"not {value}."
            )
    if config.bots not in BOT_KINDS:
        raise InvalidCommand(f"Bots are one of {', '.join(BOT_KINDS)}, not {config.bots!r}.")
    if config.floor not in FLOORS:
        raise InvalidCommand(
            f"The floor is {' or '.join(FLOORS)}, not {config.floor!r}.",
            context={"floor": config.floor},
        )


# --- the players -------------------------------------------------------------------------------


def _bots(kind: str) -> list[Bot]:
    """The bots players are given in turn (``mix``: tight-aggressive and random alternate)."""
    if kind == "random":
        return [RandomBot()]
    if kind == "mix":
        return [TightAggressiveBot(), RandomBot()]
    return [TightAggressiveBot()]


@dataclass(slots=True)
class _Arrival:
    """A player who will walk in at ``at`` (seconds of clock time): a late registration
    or a re-entry."""

    at: float
    name: str
    reentry: bool


@dataclass(slots=True)
class _Out:
    """A player who finished a hand with no chips."""

    entry_id: str
    name: str
    start_stack: Chips
    winners: tuple[str, ...]
    seats: tuple[int, ...]
    """The winners' seats (0-based) for a split bounty."""
    hand_rank: int | None = None
    """Among the players out in the same hand, 1 = the best hand (SPOT-6.14)."""


def _move_ids(records: Sequence[EventRecord]) -> tuple[int, ...]:
    """The ids of the moves a suggestion (or a table break) put to the floor."""
    return tuple(
        m.move_id for r in records if isinstance(r.event, MovesSuggested) for m in r.event.moves
    )


# --- the night ---------------------------------------------------------------------------------


class _Night:
    """One simulated night on a service: the floor's commands, the bots' hands."""

    def __init__(
        self,
        config: NightConfig,
        tmpl: Template,
        profile: RuleProfile,
        store: EventStore,
        progress: Callable[[int, int], None] | None,
    ) -> None:
        self.config = config
        self.tmpl = tmpl
        self.profile = profile
        self.progress = progress
        self.rng = random.Random(config.seed)
        core = random.Random(f"core:{config.seed}")
        self.t = 0.0
        """Clock seconds since :attr:`origin` of the command being run (never goes back)."""
        self.origin = EPOCH
        """When the clock started (simulated time zero)."""
        self.events = 0
        self.service = TournamentService(
            store,
            now=self._now,
            rng_factory=lambda: random.Random(core.getrandbits(64)),
            id_factory=lambda: "sim-" + "".join(self.rng.choice(ID_ALPHABET) for _ in range(8)),
        )
        self.tid = ""
        self.state: TournamentState | None = None
        self.bot_kinds = _bots(config.bots)
        self.bots: dict[str, Bot] = {}
        self.stacks: dict[str, Chips] = {}
        """Entry id -> chips, every entry still in (the sim's own count)."""
        self.names: dict[str, str] = {}
        """Entry id -> player name."""
        self.total = 0
        """Sum of :attr:`stacks` (kept as chips move)."""
        self.ready: dict[int, float] = {}
        self.queue: list[tuple[float, int]] = []
        self.arrivals: list[tuple[float, int, _Arrival]] = []
        self.arrival_no = 0
        self.hands = 0
        self.commands = 0
        self.hand_chips_checked = 0
        self.colour_ups = 0
        self.notes: list[str] = []
        self.rebuys = 0
        self.addons = 0
        self.alternates: set[str] = set()
        self.players = 0
        """Players registered so far (numbers their member cards)."""
        self.levels: dict[int, LevelRow] = {}
        self.level_hands: dict[int, int] = {}
        self.players_left: list[tuple[int, int]] = []
        self.last_end = 0.0
        self.last_level = 1
        self.period: tuple[float, float, int, bool] | None = None
        self.period_start = 0.0
        """When the clock's current level or break began."""
        self.seen_period: tuple[int, bool] | None = None
        self.chips_recorded_for = 0
        self.colour_ups_done: set[int] = set()
        self.addon_offered = False
        self.registration_closed_at: int | None = None
        self.money_at: int | None = None
        self.money_level: int | None = None
        self.final_table_at: int | None = None
        self.final_table_level: int | None = None
        self.hfh = False
        self.moves_dirty = False
        self.walk_outs = 0
        self.by_hand = 0
        self.paid_cache: tuple[tuple[int, int, int], int | None] | None = None
        self.core_errors: list[str] = []
        """Commands the core crashed on (a bug in the core, reported in the notes)."""
        self.idle = 0
        """Table turns in a row with no hand dealt (the floor is stuck past a limit)."""
        self.hand_ranks: dict[int, int] = {}
        """Of the hand just played: seat -> rank among the players it put out."""
        self.hand_of: dict[str, str] = {}
        """Entry id -> the hand it really went out in (``T3-120``, ``hand-for-hand hand 4``,
        ``colour-up after level 8``): ties may only join busts of one such hand (G3)."""
        self.hfh_round = 0
        """Hand-for-hand hands dealt so far (every table at once)."""
        self.hfh_margin = tmpl.seats_per_table
        """Hand-for-hand starts with at most this many players above the money (B10)."""
        self.hfh_cut = False
        """The floor turned hand-for-hand off in the middle of the hand being played."""
        self.sold = 0
        """Entries bought (first entries, re-entries, alternates seated), as the floor
        sold them."""
        self.taken_before = 0
        """Money taken before the simulator took over (``simulate_rest``)."""
        self.refusals = 0
        """Commands the core refused; each is checked to have written nothing."""
        self.watching = False
        """Check the money, places and end invariants after every bust, deal, payment,
        undo and registration close (the careless floor), not only at the end."""
        self.invariant_checks = 0
        self.mistakes: Counter[str] = Counter()
        """What the careless floor did, by kind (:data:`MISTAKE_KINDS`)."""
        self.phh_dir = Path(config.phh_dir) if config.phh_dir else None
        if self.phh_dir is not None:
            self.phh_dir.mkdir(parents=True, exist_ok=True)

    # -- the service ----------------------------------------------------------------------

    def _now(self) -> datetime:
        return self.origin + timedelta(seconds=self.t)

    def run(self, command: Command) -> list[EventRecord]:
        """Run a floor command now; the state is read again afterwards."""
        records = self.service.run(self.tid, command, actor=ACTOR)
        self.commands += 1
        self.state = self.service.state(self.tid)
        return records

    def try_run(self, command: Command) -> list[EventRecord] | None:
        """Run a command the floor may be refused (a window closed, a limit reached)."""
        return self.attempt(command)[0]

    def attempt(
        self, command: Command
    ) -> tuple[list[EventRecord] | None, RuleViolation | InvalidCommand | None]:
        """Run a command the core may refuse: its records, or its refusal, checked to have
        written nothing (the store's last seq unchanged)."""
        before = self.service.last_seq(self.tid)
        try:
            return self.run(command), None
        except (RuleViolation, InvalidCommand) as exc:
            self.refused(command, before)
            return None, exc

    def refused(self, command: Command, before: int) -> None:
        """A refused command wrote nothing: the store's last seq is still ``before``."""
        self.refusals += 1
        after = self.service.last_seq(self.tid)
        if after != before:
            raise SimulationError(
                f"Invariant broken — a refused command writes nothing: "
                f"{type(command).__name__} was refused and the log went from seq {before} to "
                f"{after}."
            )

    def watch(self, where: str) -> None:
        """The money, places, end and seat invariants now (when :attr:`watching`)."""
        if not self.watching:
            return
        state, now = self.st, self._now()
        view = results(state, now)
        check_money(state, now, where, view)
        check_places(state, now, self.hand_of, where, view)
        check_end(state, now, where)
        check_seats(state, where, everyone=False)
        self.invariant_checks += 1

    @property
    def st(self) -> TournamentState:
        assert self.state is not None
        return self.state

    def at(self, t: float) -> None:
        """Move the simulated clock to ``t`` (never backwards)."""
        if t > self.t:
            self.t = t

    # -- entries --------------------------------------------------------------------------

    def _card(self, n: int) -> str:
        return f"S{self.config.seed}-{n:05d}"

    def _register(self, name: str) -> bool:
        """A player walks up to the desk: a seat, or the alternate list when the room is
        full (A12), or home when registration is closed or the venue keeps no list."""
        number = self.players + 1
        command = Register(name=name, member=self._card(number), age_ok=True)
        records, exc = self.attempt(command)
        if records is None:
            assert exc is not None
            if exc.context.get("hint") == "alternate" or "alternates in list order" in str(exc):
                listed = self.try_run(
                    Register(name=name, member=self._card(number), age_ok=True, alternate=True)
                )
                if listed is not None:
                    self.players += 1
                    self.alternates.add(name)
                    return True
            self.walk_outs += 1
            return False
        self.players += 1
        self._entries_bought(records)
        self._registered(command)
        return True

    def _registered(self, command: Register) -> None:
        """After a registration the desk wrote (the careless floor taps it twice)."""

    def _entries_bought(self, records: Sequence[EventRecord]) -> None:
        """New stacks (buy-ins, re-entries, alternates seated) into the sim's count."""
        roster = self.st.part(Roster)
        for record in records:
            if not isinstance(record.event, EntryBought):
                continue
            self.sold += 1
            entry_id = record.event.entry_id
            entry = roster.entries[entry_id]
            if entry.status is not EntryStatus.ALIVE:
                continue
            self.names[entry_id] = entry.name
            chips = entry.stack if entry.stack is not None else entry.issued
            self.stacks[entry_id] = chips
            self.total += chips
            self.bots[entry_id] = self.bot_kinds[len(self.bots) % len(self.bot_kinds)]
        self._check_chips("a new entry")
        self.moves_dirty = True
        self._mark_left()

    def _reenter(self, name: str) -> None:
        """A busted player buys a new entry (A8), or waits on the alternate list (A12);
        a refusal (registration closed, the re-entry limit) sends him home."""
        records, exc = self.attempt(Reenter(player=name))
        if isinstance(exc, RuleViolation):
            full = exc.context.get("hint") == "alternate" or "alternates in list order" in str(exc)
            if full and self.try_run(Reenter(player=name, alternate=True)) is not None:
                self.alternates.add(name)
        if records is not None:
            self._entries_bought(records)

    def _seat_alternates(self) -> None:
        """Free seats go to the alternates in list order (A12), as the desk calls them."""
        roster = self.st.part(Roster)
        while roster.alternates:
            player = roster.players[roster.alternates[0]]
            records: list[EventRecord] | None
            if player.entries:
                records = self.try_run(Reenter(player=player.name))
            else:
                records = self.try_run(
                    Register(name=player.name, member=player.member, age_ok=True)
                )
            if records is None:
                return
            self._entries_bought(records)
            roster = self.st.part(Roster)

    def _arrivals_until(self, t: float) -> None:
        """Everybody who walks in up to ``t`` registers or re-enters."""
        while self.arrivals and self.arrivals[0][0] <= t:
            _, _, who = heapq.heappop(self.arrivals)
            self.at(who.at)
            if who.reentry:
                self._reenter(who.name)
            else:
                self._register(who.name)
        self._floor()

    def _arrive(self, at: float, name: str, *, reentry: bool) -> None:
        self.arrival_no += 1
        heapq.heappush(self.arrivals, (at, self.arrival_no, _Arrival(at, name, reentry)))

    # -- the clock ------------------------------------------------------------------------

    def _clock(self) -> clk.ClockState:
        clock = self.st.part(ClockPart).clock
        assert clock is not None
        return clock

    def _position(self, t: float) -> tuple[int, bool, float]:
        """``(level, on_break, end of the period)`` of the tournament's clock at ``t``."""
        cached = self.period
        if cached is not None and cached[0] <= t < cached[1]:
            return cached[2], cached[3], cached[1]
        clock = self._clock()
        at = self.origin + timedelta(seconds=t)
        cur = clk.settle(clock, at)
        if cur.level + 3 > len(cur.structure.levels):
            self.at(t)
            self.run(AddLevels(count=10))  # B1: "additional levels will be added as needed"
            cur = clk.settle(self._clock(), at)
        structure = cur.structure
        self.period_start = t - cur.elapsed
        if cur.hand_for_hand and not cur.on_break:
            end = float(_NO_END)
        else:
            if cur.on_break:
                row = structure.break_after(cur.level)
                length = row.seconds if row is not None else 0
            else:
                length = structure.level(cur.level).seconds
            end = t + max(length - cur.elapsed, 1)
        self.period = (t, end, cur.level, cur.on_break)
        return cur.level, cur.on_break, end

    def _clock_changed(self) -> None:
        self.period = None

    def _structure(self) -> Structure:
        return self._clock().structure

    def _period_started(self, level: int, on_break: bool) -> None:
        """What the floor does when the clock reaches a new level or break: chip counts
        at the level's end, the colour-up of the break, the add-on, the closing desk."""
        key = (level, on_break)
        if self.seen_period == key:
            return
        self.seen_period = key
        finished = level - 1 if not on_break else level
        if finished > self.chips_recorded_for:
            self.chips_recorded_for = finished
            self._record_chips(f"end of level {finished}")
        if self.registration_closed_at is None:
            reading = clk.view(self._clock(), self._now())
            if reading.started and not reading.registration_open:
                self.registration_closed_at = int(self.period_start)
        self._colour_up(level, on_break)
        self._offer_addon(level, on_break)

    def _record_chips(self, note: str) -> None:
        """RecordChips with every stack (the console's averages are real ones)."""
        counts = tuple((self.names[e], c) for e, c in self.stacks.items())
        if counts:
            self.run(RecordChips(counts=counts, note=note))
        self._check_chips(note, full=True)

    # -- checks ---------------------------------------------------------------------------

    def _check_chips(self, when: str, *, full: bool = False) -> None:
        """The sim's stacks add up to the service's chips in play (issued minus removed)."""
        if full and sum(self.stacks.values()) != self.total:
            raise SimulationError(f"The simulator lost count of its own stacks at {when}.")
        in_play = self.st.part(Roster).chips_in_play
        if in_play != self.total:
            raise SimulationError(
                f"Chips not conserved at {when}: the tables hold {self.total:,}, the "
                f"tournament's chips in play are {in_play:,}."
            )

    # -- one hand -------------------------------------------------------------------------

    def _table_players(self, number: int) -> tuple[list[str | None], int]:
        """The players still in at a table by seat, and their occupied-seat mask."""
        seating = self.st.part(Tables).seating
        assert seating is not None
        table = seating.tables[number]
        stacks = self.stacks
        players = [p if p is not None and p in stacks else None for p in table.players]
        mask = 0
        for seat, p in enumerate(players):
            if p is not None:
                mask |= 1 << seat
        return players, mask

    def _deal(
        self, number: int, t: float, level: Level
    ) -> tuple[float, HandPositions, list[str | None], HandResult]:
        """Deal and play one hand at ``number``; returns its end, positions, seats, result."""
        seating = self.st.part(Tables).seating
        assert seating is not None
        table = seating.tables[number]
        players, mask = self._table_players(number)
        positions = table.button.next_hand(mask)
        stacks = [self.stacks[p] if p is not None else 0 for p in players]
        unit = self._structure().chips_in_play(level.number).smallest or 1
        self.hands += 1
        rng = self.rng
        hand = Hand.start(
            stacks=stacks,
            button=positions.button,
            small_blind_seat=positions.small_blind_seat,
            big_blind_seat=positions.big_blind_seat,
            small_blind=level.small_blind,
            big_blind=level.big_blind,
            ante=level.ante,
            ante_type=level.ante_type if level.ante else AnteType.NONE,
            profile=self.profile,
            rng=rng,
            waiting=positions.waiting,
            players_in_tournament=len(self.stacks),
            min_chip=unit,
            hand_number=self.hands,
        )
        bots = self.bots
        bb = level.big_blind
        actions = 0
        while True:
            seat = hand.actor
            if seat is None:
                break
            legal = hand.legal()
            player = players[seat]
            assert player is not None
            action: Action = bots[player].decide(hand, legal, bb, unit, rng)
            hand.trusted(action)
            actions += 1
        result = hand.result
        self.hand_ranks = self._hand_ranks(hand, result) if len(result.eliminated) > 1 else {}
        time = self.config.time
        seconds = time.seconds_per_deal + actions * time.seconds_per_action
        if result.showdown:
            seconds += time.seconds_per_showdown
        before = sum(s for s in result.start_stacks if s is not None)
        after = sum(s for s in result.final_stacks if s is not None)
        if before != after or any(s is not None and s < 0 for s in result.final_stacks):
            raise SimulationError(
                f"Hand {self.hands} at table {number} did not conserve chips: {before:,} in, "
                f"{after:,} out."
            )
        self.hand_chips_checked += 1
        for seat, final in enumerate(result.final_stacks):
            p = players[seat]
            if final is not None and p is not None:
                self.stacks[p] = final
        if self.phh_dir is not None:
            names = [self.names[p] if p is not None else "" for p in players]
            path = self.phh_dir / f"hand-{self.hands:06d}-table-{number}.phh"
            path.write_text(to_phh(hand, names), encoding="utf-8")
        self._count_level(level, t)
        end = t + seconds
        if end > self.last_end:
            self.last_end = end
        return end, positions, players, result

    def _hand_ranks(self, hand: Hand, result: HandResult) -> dict[int, int]:
        """Seat -> rank of its hand among the players out (1 = best), for the venues that
        rank same-hand busts with equal stacks by the better hand (SPOT-6.14); the floor
        reads it off the cards shown."""
        board = list(hand.board)
        if len(board) < 3:
            return {}
        strength = {e.seat: made_hand(hand.hole_cards(e.seat), board) for e in result.eliminated}
        ordered = sorted(set(strength.values()))
        return {seat: ordered.index(v) + 1 for seat, v in strength.items()}

    def _count_level(self, level: Level, t: float) -> None:
        number = level.number
        self.last_level = max(self.last_level, number)
        if number not in self.levels:
            left = len(self.stacks)
            average = self.total // left if left else 0
            self.levels[number] = LevelRow(
                level=number,
                blinds=level.blinds,
                starts_at=int(t),
                players_left=left,
                entries=self.st.part(Roster).entry_count,
                tables=len(self.ready),
                average_stack=average,
                average_bb=round(average / level.big_blind, 1) if level.big_blind else 0.0,
                hands=0,
            )
            self.level_hands[number] = 0
        self.level_hands[number] += 1

    def _hand_played(
        self,
        number: int,
        positions: HandPositions,
        players: list[str | None],
        result: HandResult,
        hand_name: str | None,
    ) -> None:
        """Tell the core the hand was played (the button moves on), then the busts."""
        records = self.run(PlayHands(table=number))
        moved = next(r.event for r in records if isinstance(r.event, HandsPlayed))
        if moved.button != positions.button + 1 and self._seats_known(number):
            raise SimulationError(
                f"Table {number}: the hand was dealt with the button in seat "
                f"{positions.button + 1}, the tournament moved it to seat {moved.button}."
            )
        if result.eliminated:
            self._busts(result, players, positions.button, hand_name)

    def _seats_known(self, number: int) -> bool:
        """Whether the core knows who sits at table ``number`` as the dealer does (the
        careless floor may not have recorded a bust there yet: the core then moves the
        button round a player who has gone)."""
        return True

    def _busts(
        self,
        result: HandResult,
        players: list[str | None],
        button: int,
        hand_name: str | None,
    ) -> None:
        """Players out of chips: rebuys where they may, then the busts (G1, G3)."""
        pots = tuple(
            PotOutcome(pot.amount, pot.eligible, tuple(s for s, a in pot.awards if a > 0))
            for pot in result.pots
        )
        seats = [e.seat for e in result.eliminated]
        winners = {ko.eliminated: ko.winners for ko in knockouts_from_pots(pots, seats)}
        outs: list[_Out] = []
        for e in result.eliminated:
            entry_id = players[e.seat]
            assert entry_id is not None
            if self._rebuy(entry_id):
                continue
            won = winners.get(e.seat, ())
            outs.append(
                _Out(
                    entry_id=entry_id,
                    name=self.names[entry_id],
                    start_stack=e.start_stack,
                    winners=tuple(self.names[p] for s in won if (p := players[s]) is not None),
                    seats=won,
                    hand_rank=self.hand_ranks.get(e.seat),
                )
            )
        if outs:
            self._bust(outs, hand_name, button)

    def _rebuy(self, entry_id: str) -> bool:
        """A busted player rebuys instead of going out (A9), at the night's rebuy rate."""
        terms = self.tmpl.rebuy
        if terms is None or not self.profile.rebuy_allowed:
            return False
        if self.rng.random() >= self.config.rates.rebuy:
            return False
        if self.try_run(Rebuy(player=self.names[entry_id], stack=0)) is None:
            return False
        self.rebuys += 1
        self.stacks[entry_id] += terms.chips
        self.total += terms.chips
        self._check_chips("a rebuy")
        return True

    def _bust(self, outs: list[_Out], hand_name: str | None, button: int) -> None:
        """Bust commands for one hand: one per eliminator, all naming the same hand (G3);
        the split bounty pots recorded; re-entries on their way."""
        self._record_busts(outs, hand_name, button)
        self._gone(outs, reentries=True)

    def _record_busts(self, outs: list[_Out], hand_name: str | None, button: int) -> None:
        """The floor's commands for the players ``outs`` of one hand (``hand_name``; during
        hand-for-hand ``None``: the clock names the hand)."""
        label = hand_name if hand_name is not None else f"hand-for-hand hand {self.hfh_round}"
        for o in outs:
            self.hand_of[o.entry_id] = label
        groups: dict[tuple[str, ...], list[_Out]] = {}
        for o in outs:
            groups.setdefault(o.winners, []).append(o)
        for winners, group in groups.items():
            ranks = tuple(o.hand_rank or 0 for o in group) if len(outs) > 1 else ()
            bust = Bust(
                players=tuple(o.name for o in group),
                eliminator=winners[0] if winners else None,
                hand=hand_name,
                start_stacks=tuple(o.start_stack for o in group),
                hand_ranks=ranks if all(ranks) else (),
            )
            self._record_bust(bust, group)
            if len(winners) > 1 and self.tmpl.bounty_event:
                for o in group:
                    self.run(
                        RecordBountyWinners(
                            player=o.name,
                            winners=winners,
                            button_seat=button + 1,
                            winner_seats=tuple(s + 1 for s in o.seats),
                        )
                    )
        self.watch(f"the bust of {', '.join(o.name for o in outs)} ({label})")

    def _record_bust(self, bust: Bust, group: list[_Out]) -> None:
        """One ``Bust`` as the floor sends it (the careless floor may name the wrong player
        or tap it twice)."""
        self.run(bust)

    def _gone(self, outs: list[_Out], *, reentries: bool) -> None:
        """The players ``outs`` leave the tables; re-entries are on their way."""
        for o in outs:
            self.total -= self.stacks.pop(o.entry_id)
            self.bots.pop(o.entry_id, None)
            if reentries:
                self._reentry(o)
        self._mark_left()
        self.moves_dirty = True
        paid = self._paid_places()
        if (
            self.money_at is None
            and self.registration_closed_at is not None
            and paid is not None
            and len(self.stacks) <= paid
        ):
            self.money_at = int(self.t)
            self.money_level = self.last_level
        if self.progress is not None:
            entries = self.st.part(Roster).entry_count
            self.progress(entries - len(self.stacks), entries)

    def _reentry(self, o: _Out) -> None:
        """A busted player comes back for a re-entry a few minutes later, at the night's
        rate, while registration is open (A8)."""
        if (
            self.tmpl.reentry
            and self.registration_closed_at is None
            and self.rng.random() < self.config.rates.reentry
        ):
            self._arrive(self.t + self.rng.uniform(60, 600), o.name, reentry=True)

    def _mark_left(self) -> None:
        left = len(self.stacks)
        if not self.players_left or self.players_left[-1][1] != left:
            self.players_left.append((int(self.t), left))

    def _paid_places(self) -> int | None:
        """How many places the event pays with the entries sold so far (its payouts);
        worked out again only when entries, rebuys or add-ons were sold."""
        state = self.st
        key = (state.part(Roster).entry_count, self.rebuys, self.addons)
        if self.paid_cache is not None and self.paid_cache[0] == key:
            return self.paid_cache[1]
        paid = places_paid(state)
        self.paid_cache = (key, paid)
        return paid

    # -- the floor's prompts --------------------------------------------------------------

    def _floor(self) -> None:
        """Do what the console prompts for after a change: seat alternates, the moves
        due (balance, table break, final table), hand-for-hand on or off."""
        if not self.moves_dirty:
            self._hand_for_hand()
            return
        if self.st.part(Roster).alternates:
            self._seat_alternates()
        for _ in range(20):
            pending = self.st.part(Tables).pending
            if pending:
                # Moves left waiting (a confirmation was refused): ask again, which
                # replaces the stale ones, and confirm.
                records = self.try_run(SuggestMoves())
                ids = tuple(sorted(pending)) if records is None else _move_ids(records)
                if not self._confirm(ids):
                    break
                continue
            due = moves_due(self.st)
            if due is None or due.waits_for_a_hand:
                self.moves_dirty = False
                break
            if self._walks_away(due):
                self.moves_dirty = False
                break
            if due.final_table:
                redraw = Redraw(plan=due.plan)  # the draw the console shows
                self._final_table_drawn(self.run(redraw))
                self._confirmed(redraw)
                continue
            # the plan the console shows, seat for seat (a table break, balancing)
            found = self.try_run(SuggestMoves(plan=due.plan))
            if found is None:
                break  # blocked (C6): a hand must be played first; ask again after it
            if not self._confirm(_move_ids(found)):
                break
        self._sync_tables()
        self._hand_for_hand()

    def _final_table_drawn(self, records: Sequence[EventRecord]) -> None:
        """The final table was drawn (C9, C10): when, and its button drawn if the redraw
        did not place it."""
        drawn = next(r.event for r in records if isinstance(r.event, FinalTableDrawn))
        if self.final_table_at is None:
            self.final_table_at = int(self.t)
            self.final_table_level = self.last_level
        if drawn.button is None:
            self.try_run(DrawButtons())

    def _walks_away(self, due: MovesDue) -> bool:
        """Whether the floor leaves the plan on the screen unconfirmed for now (the careless
        floor, to confirm it later from a stale screen)."""
        return False

    def _confirmed(self, command: Command) -> None:
        """After a confirm the core applied (the careless floor taps it twice)."""

    def _confirm(self, ids: tuple[int, ...]) -> bool:
        """Confirm every move at once ("Confirm all"), buttons drawn first where the console
        asks for them; a move the core will not make as suggested is made by hand, as a
        floorperson would: the player due the big blind, the first seat the rules accept.
        ``False`` when the floor must ask for new moves."""
        if not ids:
            return True
        part = self.st.part(Tables)
        for move_id in ids:
            move = part.pending.get(move_id)
            if move is not None and move.from_table in self.ready:
                _, mask = self._table_players(move.from_table)
                if not mask:
                    # A suggestion from a table that has emptied since: the floor closes
                    # the empty table, then asks for the moves again.
                    self.try_run(BreakTable(table=move.from_table))
                    self._sync_tables()
                    return False
        if self._confirm_all(ids):
            return True
        self.try_run(DrawButtons())
        if self._confirm_all(ids):
            return True
        self.by_hand += 1
        return all(self._confirm_by_hand(move_id) for move_id in ids)

    def _confirm_all(self, ids: tuple[int, ...]) -> bool:
        """``ConfirmMoves``; a crash of the core is noted (it is a bug to report), and the
        floor asks again."""
        confirm = ConfirmMoves(moves=ids)
        try:
            done = self.try_run(confirm) is not None
        except (IndexError, KeyError, ValueError) as exc:
            self.core_errors.append(f"ConfirmMoves {list(ids)} crashed: {exc!r}")
            return False
        if done:
            self._confirmed(confirm)
        return done

    def _confirm_by_hand(self, move_id: int) -> bool:
        """One move with its player and seat named (``ConfirmMove``)."""
        part = self.st.part(Tables)
        move = part.pending.get(move_id)
        seating = part.seating
        if move is None or seating is None:
            return True
        source = seating.tables.get(move.from_table)
        target = seating.tables.get(move.to_table)
        if source is None or target is None:
            return False
        player = move.player
        if player is None:
            players, mask = self._table_players(move.from_table)
            due = seating.due_big_blind(move.from_table)
            if due is None and mask.bit_count() >= 2 and source.button.known:
                due = players[source.button.next_hand(mask).big_blind_seat]
            if due is None:
                due = next(p for p in players if p is not None)
            player = due
        name = self.names[player]
        seats = [move.to_seat] if move.to_seat is not None else []
        seats += [s for s in range(target.n_seats) if target.players[s] is None]
        for seat in seats:
            if self.try_run(ConfirmMove(move_id=move_id, player=name, seat=seat + 1)):
                return True
        return False

    def _sync_tables(self) -> None:
        """Tables opened (late seats, the final table) join the deal; broken ones leave.

        The final table starts when the last of the tables it gathers has finished its
        hand; a table opened for a late seat deals at once."""
        seating = self.st.part(Tables).seating
        if seating is None:
            return
        now_tables = seating.tables
        before = max(self.ready.values(), default=self.t)
        for number in list(self.ready):
            if number not in now_tables:
                del self.ready[number]
        if len(now_tables) != len(self.ready):
            at = max(self.t, before) if len(now_tables) == 1 else self.t
            for number in now_tables:
                if number not in self.ready:
                    self._schedule(number, at)
        if len(now_tables) == 1 and self.final_table_at is None:
            self.final_table_at = int(self.t)
            self.final_table_level = self.last_level

    def _schedule(self, number: int, at: float) -> None:
        self.ready[number] = at
        heapq.heappush(self.queue, (at, number))

    def _hand_for_hand(self) -> None:
        """Hand-for-hand from one table before the money to the bubble (B10)."""
        tables = len(self.ready)
        left = len(self.stacks)
        paid = self._paid_places() if self.registration_closed_at is not None else None
        if self.hfh:
            ended = not self._clock().hand_for_hand  # by itself: the bubble hand finished
            if ended or tables < 2 or paid is None or left <= paid or left < 2:
                if not ended:
                    if self._keeps_hand_for_hand():
                        return
                    self.run(HandForHand(on=False))
                self.hfh = False
                self._clock_changed()
                for number in self.ready:
                    self._schedule(number, max(self.ready[number], self.t))
            return
        if (
            paid is not None
            and self.money_at is None
            and tables >= 2
            and paid < left <= paid + self.hfh_margin
            and not self._on_break(self.t)
        ):
            self._before_hand_for_hand()
            self.run(HandForHand(on=True))
            self.hfh = True
            self._clock_changed()

    def _keeps_hand_for_hand(self) -> bool:
        """Whether the floor forgets to turn hand-for-hand off (the careless floor: the core
        ends it at the bubble by itself)."""
        return False

    def _before_hand_for_hand(self) -> None:
        """Just before hand-for-hand starts."""

    def _table_reported(self, busts: bool) -> None:
        """A table reported the hand-for-hand hand (``busts``: it put someone out) and
        others have still to."""

    def _on_break(self, t: float) -> bool:
        return self._position(t)[1]

    # -- colour-ups and add-ons -----------------------------------------------------------

    def _colour_up(self, level: int, on_break: bool) -> None:
        """The scheduled removal, table by table (B11/B12): the core races (its rng), the
        stacks come back from the ``ColoredUp`` events."""
        structure = self._structure()
        row = structure.break_after(level) if on_break else None
        if row is None and not on_break and level > 1:
            before = structure.break_after(level - 1)
            row = before if before is not None and before.minutes == 0 else None
        if row is None or not row.remove or row.after_level in self.colour_ups_done:
            return
        self.colour_ups_done.add(row.after_level)
        method = "race" if self.profile.colorup_method is ColorUpMethod.RACE_OR_ROUND_UP else None
        seating = self.st.part(Tables).seating
        assert seating is not None
        raced_out: list[_Out] = []
        for number in sorted(self.ready):
            players, _ = self._table_players(number)
            racers = tuple((self.names[p], self.stacks[p]) for p in players if p is not None)
            if not racers:
                continue
            records = self.run(
                ColorUp(stacks=racers, removed=row.remove, method=method, table=str(number))
            )
            for record in records:
                ev = record.event
                if not isinstance(ev, ColoredUp):
                    continue
                for seat in ev.result["seats"]:
                    entry_id = ev.entries[str(seat["seat"])]
                    old = self.stacks[entry_id]
                    new = int(seat["stack_after"])
                    self.stacks[entry_id] = new
                    self.total += new - old
                    if new == 0:
                        raced_out.append(_Out(entry_id, self.names[entry_id], old, (), ()))
        self.colour_ups += 1
        self._check_chips(f"the colour-up after level {row.after_level}", full=True)
        if raced_out:
            self._bust(raced_out, f"colour-up after level {row.after_level}", 0)
            self._floor()

    def _offer_addon(self, level: int, on_break: bool) -> None:
        """The add-on at its designated time (A10): each player still in takes it at the
        night's add-on rate."""
        terms = self.tmpl.addon
        if terms is None or self.addon_offered or level < terms.at_level:
            return
        self.addon_offered = True
        for entry_id in list(self.stacks):
            if self.rng.random() >= self.config.rates.addon:
                continue
            stack = self.stacks[entry_id]
            if self.try_run(Addon(player=self.names[entry_id], stack=stack)) is None:
                continue
            self.addons += 1
            self.stacks[entry_id] = stack + terms.chips
            self.total += terms.chips
        self._check_chips("the add-on")

    # -- the main loop --------------------------------------------------------------------

    def level_at(self, t: float) -> tuple[Level | None, float]:
        """The level of a hand dealt at ``t`` (B7), or ``None`` and the end of the break."""
        level, on_break, end = self._position(t)
        self._period_started(level, on_break)
        if on_break:
            return None, end
        number = level
        return level_for_players(
            self._structure().level(number), len(self.stacks), self.profile
        ), end

    def play(self) -> None:
        """Deal until one player has every chip."""
        while len(self.stacks) > 1:
            if self.hands > MAX_HANDS:
                raise SimulationError(f"The night did not finish within {MAX_HANDS:,} hands.")
            if self.hfh:
                self._hand_for_hand_round()
                continue
            if not self.queue:
                raise SimulationError("No table is left to deal.")
            t, number = heapq.heappop(self.queue)
            if self.ready.get(number) != t:
                continue  # stale: the table broke or its time moved
            if self.arrivals and self.arrivals[0][0] <= t:
                heapq.heappush(self.queue, (t, number))
                self._arrivals_until(t)
                continue
            self._turn(number, t)

    def _turn(self, number: int, t: float) -> None:
        """Table ``number`` is ready at ``t``: deal, or wait (a break, too few players)."""
        self.at(t)
        level, end = self.level_at(t)
        if number not in self.ready or self.ready[number] != t or self.hfh:
            return  # the floor changed the tables (colour-up, hand-for-hand): look again
        if level is None:
            self._schedule(number, end)
            return
        players, mask = self._table_players(number)
        if mask.bit_count() < 2:
            self.idle += 1
            if self.idle > 100 * len(self.ready) + 1000:
                raise SimulationError(
                    "The floor is stuck: no table has dealt for a long time and the moves "
                    "it needs were refused. " + " ".join(self.core_errors[-3:])
                )
            self._schedule(number, t + 60)  # waits for the floor to balance
            if self.moves_dirty:
                self._floor()
            return
        if not self._button_known(number):
            return
        self.idle = 0
        hand_end, positions, players, result = self._deal(number, t, level)
        # A hand is atomic: played, reported and its busts recorded at its deal time (the
        # log stays in time order across tables); the table deals again at its end.
        self._hand_played(number, positions, players, result, f"T{number}-{self.hands}")
        if number in self.ready:
            self._schedule(number, hand_end)
        self._floor()

    def _button_known(self, number: int) -> bool:
        """Place a table's button before its first hand (C11); ``False`` if it moved."""
        seating = self.st.part(Tables).seating
        assert seating is not None
        if seating.tables[number].button.known:
            return True
        self.run(PlaceButton(table=number))
        return number in self.ready

    def _hand_for_hand_round(self) -> None:
        """Every table deals one hand at the same moment; each dealer reports it finished;
        the last report takes the hand's time off the clock (B10, FOX-HFH)."""
        start = max(self.ready.values())
        self.at(start)
        level, end = self.level_at(start)
        if level is None:  # a break runs in real time, even during hand-for-hand
            for number in self.ready:
                self.ready[number] = end
            self.at(end)
            return
        if not self.hfh:
            return
        self.hfh_round += 1
        deals = []
        for number in sorted(self.ready):
            _, mask = self._table_players(number)
            if mask.bit_count() >= 2 and self._button_known(number):
                deals.append((number, *self._deal(number, start, level)))
        waiting = [n for n in sorted(self.ready) if all(n != d[0] for d in deals)]
        for number in waiting:
            _, mask = self._table_players(number)
            if mask:
                self.run(TableHandFinished(table=str(number)))
        finish = start
        deducted = False
        for number, hand_end, positions, players, result in sorted(deals, key=lambda d: d[1]):
            self.at(hand_end)
            finish = max(finish, hand_end)
            self._hand_played(number, positions, players, result, None)
            if number in self.ready and len(self.stacks) > 1:
                records = self.try_run(TableHandFinished(table=str(number)))
                if records and any(isinstance(r.event, HandForHandHandPlayed) for r in records):
                    deducted = True
                elif records and self.hfh:
                    self._table_reported(bool(result.eliminated))
        if deducted:
            self._clock_changed()
        for number in self.ready:
            self.ready[number] = finish
        self.moves_dirty = True
        if len(self.stacks) > 1:
            self._floor()
        if self.hfh_cut:
            self.hfh_cut = False
            if not self.hfh:  # turned off mid-hand and not on again: the tables deal on
                for number in self.ready:
                    self._schedule(number, max(self.ready[number], self.t))

    # -- start and end --------------------------------------------------------------------

    def create(self) -> None:
        """Create the event, register the early field, draw seats and buttons, start the
        clock; late players are given their arrival times."""
        cfg = self.config
        self.t = -3600.0
        self.tid = self.service.create(
            CreateTournament(
                name=f"Simulation {cfg.seed} — {self.tmpl.title}",
                template=self.tmpl,
                profile=self.profile if cfg.profile is not None else None,
            ),
            actor=ACTOR,
        )
        self.commands += 1
        self.state = self.service.state(self.tid)
        names = player_names(cfg.entries)
        window = self._registration_window()
        late = round(cfg.entries * cfg.rates.late) if window > 0 else 0
        late = min(late, cfg.entries - 2)
        early, walk_ins = names[: cfg.entries - late], names[cfg.entries - late :]
        for i, name in enumerate(early):
            self.at(-3600.0 + i * 1800.0 / max(len(early), 1))
            self._register(name)
        self.at(-60.0)
        self.run(DrawSeats())
        self.try_run(DrawButtons())
        if self.profile.payout_schedule_posted_in_advance:
            self.run(PostPayoutSchedule())  # NJ-44d: posted before play
        self.t = 0.0
        self.run(StartClock())
        self._clock_changed()
        for name in walk_ins:
            self._arrive(self.rng.uniform(0, window), name, reentry=False)
        self._mark_left()
        self._sync_tables()

    def _registration_window(self) -> float:
        """Seconds of clock from the start to the close of registration (0: none late)."""
        close = self.tmpl.registration_close(self.profile)
        if close is None or close < 1:
            return 0.0
        structure = self.tmpl.structure_value()
        seconds = 0
        for number in range(1, close + 1):
            seconds += structure.level(number).seconds
            if number < close:
                row = structure.break_after(number)
                if row is not None:
                    seconds += row.seconds
        return float(max(seconds - 60, 0))

    def finish(self) -> None:
        """The end of the night: with one player left, registration closed where the console
        says it is still open (G2, A4); the night must then read finished, the winner
        recorded and the clock stopped. The floor stops the clock (a night read months
        later must not find it running) and pays every finisher in the money not paid yet
        (ID seen where the venue asks, H11); then the money must balance to the cent."""
        self.at(self.last_end)
        end = finish_of(self.st, self._now())
        if not end.finished and end.needs_command == "close_registration":
            self.run(CloseRegistration(reason="One player is left."))
            if self.registration_closed_at is None:
                self.registration_closed_at = int(self.t)
            self.watch("closing registration with one player left")
        if not check_end(self.st, self._now(), "the last bust"):
            raise SimulationError(
                "Invariant broken — one player left with no entry possible is the winner: "
                f"the night is not finished with {len(self.stacks)} player(s) left "
                f"({end.needs or 'nothing says why'})."
            )
        if self._clock().running:
            self.run(PauseClock(reason="The tournament is over."))
        for row in standings(self.st, self._now()):
            if row.place is not None and row.total > 0 and not row.paid:
                self._pay(PayPrize(player=row.name, id_checked=True))

    def _pay(self, pay: PayPrize) -> None:
        """Pay one prize the floor knows is due."""
        self.run(pay)
        self.watch(f"paying {pay.player}")

    def checks(self) -> list[str]:
        """The end-of-night self-checks, in words (``SimulationError`` when one fails)."""
        state = self.st
        now = self._now()
        seating = live_seating(state)
        seated = check_seats(state, "the end of the night")
        alive = {e.entry_id for e in state.part(Roster).alive()}
        if alive != set(self.stacks):
            raise SimulationError(
                f"{len(self.stacks)} players hold chips at the tables, {len(alive)} are still "
                "in the tournament."
            )
        view = check_places(state, now, self.hand_of, "the end of the night")
        money = check_paid_out(state, now, "the end of the night")
        sold = Sold(
            entries=self.sold, rebuys=self.rebuys, addons=self.addons, before=self.taken_before
        )
        check_sold(state, sold, "the end of the night")
        records = self.service.records(self.tid)
        again = fold(self.tid, records)
        mine, theirs = results(state, now), results(again, now)
        if mine != theirs:
            raise SimulationError("The log folded from scratch gives other results.")
        if live_seating(again).where != seating.where:
            raise SimulationError("The log folded from scratch seats the players elsewhere.")
        if again.part(Roster).chips_in_play != state.part(Roster).chips_in_play:
            raise SimulationError("The log folded from scratch has other chips in play.")
        self.events = len(records)
        paid = sum(1 for r in view.rows if r.paid)
        deal = " and deal amounts" if view.deal_made else ""
        bounties = (
            f"; bounties {format_money(money.bounties_owed)} of the bounty money "
            f"{format_money(money.bounty_money)}"
            if money.bounty_money
            else ""
        )
        during = (
            f" (checked {self.invariant_checks:,} times during the night)"
            if self.invariant_checks
            else ""
        )
        return [
            f"chips conserved after {self.hand_chips_checked:,} hands and "
            f"{self.colour_ups} colour-up{'s' if self.colour_ups != 1 else ''} "
            f"({self.total:,} chips in play at the end, as the tournament counts them)",
            f"one seat per player ({seated} seated at the end)",
            f"the log replays to the same final state ({len(records):,} events folded from "
            "scratch: the same results, seats and chips in play)",
            f"money: nobody paid more than owed{during}; prizes{deal} "
            f"{format_money(money.owed)} = the net prize pool {format_money(money.pool)}, "
            f"{paid} paid{bounties}; the cash report agrees with what was sold",
            f"places: one 1st, every place once, ties only within one hand; the winner "
            f"recorded and the clock stopped; {self.refusals:,} refused "
            f"command{'s' if self.refusals != 1 else ''} wrote nothing",
        ]

    def report(self, checks: list[str], started_from: str | None = None) -> NightReport:
        state = self.st
        view = results(state, self._now())
        rows = {r.entry_id: r for r in standings(state, self._now())}
        finishing = tuple(
            Finish(
                place=r.place,
                player=r.name,
                prize=r.prize_cents or 0,
                bounty=rows[r.entry_id].bounties if r.entry_id in rows else 0,
            )
            for r in view.rows
            if (r.prize_cents or 0) > 0
        )
        winner = next(iter(self.stacks))
        roster = state.part(Roster)
        levels = tuple(
            LevelRow(
                level=row.level,
                blinds=row.blinds,
                starts_at=row.starts_at,
                players_left=row.players_left,
                entries=row.entries,
                tables=row.tables,
                average_stack=row.average_stack,
                average_bb=row.average_bb,
                hands=self.level_hands[n],
            )
            for n, row in sorted(self.levels.items())
        )
        notes = list(self.notes)
        if not finishing:
            why = view.prizes_note or "no prize was computed"
            notes.append(
                f"The tournament's results show no prizes ({why}): the night is played, "
                "but its payouts are missing in the core for this field."
            )
        if self.core_errors:
            notes.append(
                f"The core crashed {len(self.core_errors)} time(s) on a floor command (a bug "
                f"to fix): {self.core_errors[0]}"
            )
        if self.by_hand:
            notes.append(
                f"{self.by_hand} time(s) the suggested moves were refused as suggested and "
                "the floor named the player and the seat (ConfirmMove)."
            )
        if self.walk_outs:
            notes.append(
                f"{self.walk_outs} late player(s) found registration closed or no seat and "
                "went home."
            )
        return NightReport(
            template=self.tmpl.name,
            title=self.tmpl.title,
            profile=self.profile.name,
            seed=self.config.seed,
            entries=roster.entry_count,
            players=len(roster.players),
            reentries=sum(max(len(p.entries) - 1, 0) for p in roster.players.values()),
            rebuys=self.rebuys,
            addons=self.addons,
            alternates=len(self.alternates),
            hands=self.hands,
            duration=int(self.last_end),
            registration_closed_at=self.registration_closed_at,
            money_at=self.money_at,
            money_level=self.money_level,
            final_table_at=self.final_table_at,
            final_table_level=self.final_table_level,
            final_level=self.last_level,
            levels=levels,
            players_left=tuple(self.players_left),
            prize_pool=view.prize_pool_cents,
            paid_places=len(finishing),
            finishing=finishing,
            winner=self.names[winner],
            checks=tuple(checks),
            notes=tuple(notes),
            tournament_id=self.tid,
            store_url=self.config.store_url,
            events=self.events,
            commands=self.commands,
            started_from=started_from,
            floor=self.config.floor,
            mistakes=(
                tuple((kind, self.mistakes[kind]) for kind, _ in MISTAKE_KINDS)
                if self.config.floor != "careful"
                else ()
            ),
            refusals=self.refusals,
            invariant_checks=self.invariant_checks,
        )


_FLOORS: dict[str, type[_Night]] = {"careful": _Night}
"""The driver of each floor (:data:`~pokertd.sim.report.FLOORS`): the careless one is
:class:`pokertd.sim.careless.CarelessNight`, which registers itself here when the package
is imported (it builds on this module, so this module cannot import it)."""


def register_floor(name: str) -> Callable[[type[_Night]], type[_Night]]:
    """Class decorator: ``name`` (one of :data:`FLOORS`) is played by the decorated driver."""

    def register(cls: type[_Night]) -> type[_Night]:
        _FLOORS[name] = cls
        return cls

    return register


def simulate_night(
    config: NightConfig, *, progress: Callable[[int, int], None] | None = None
) -> NightReport:
    """Play the night ``config`` describes through the service, to a winner; report.

    ``progress(players_out, entries)`` is called after every bust. Raises
    ``InvalidCommand``/``NotFound`` for a question that cannot be simulated and
    :class:`SimulationError` when a self-check fails.
    """
    tmpl, profile = check_config(config)
    store = open_store(config.store_url or "sqlite:///:memory:")
    try:
        night = _FLOORS[config.floor](config, tmpl, profile, store, progress)
        night.create()
        night.play()
        night.finish()
        checks = night.checks()
        return night.report(checks)
    except (SimulationError, RuleViolation, InvalidCommand) as exc:
        # a broken self-check, or a command of the floor the core refused though the driver
        # took it for valid: either is a bug; say which night replays it
        refused = "" if isinstance(exc, SimulationError) else "The core refused a floor command: "
        raise SimulationError(
            f"{refused}{exc} [seed {config.seed}, {tmpl.name}, {profile.name} rules, "
            f"{config.entries} entries, {config.floor} floor]"
        ) from exc
    finally:
        store.close()  # a kept log is in its file: open it again by its URL


def simulate_rest(
    service: TournamentService, tournament_id: str, config: NightConfig, *, now: datetime
) -> NightReport:
    """Simulate the rest of tonight: copy the live tournament's log into a private
    in-memory store (the same events, batch by batch) and let bots play it from ``now``.

    Stacks come from the last recorded chip counts; players without one get the average
    of the chips in play left over, and counts that no longer add up to the chips in play
    are scaled to them (the report's notes say so). The live tournament is only read.
    ``config`` gives the rates, time model, bots and seed (its template, entries and
    tables are the live event's). The report's times are seconds since :data:`EPOCH`
    (``now`` is ``now - EPOCH``), as the faces expect.
    """
    records = service.records(tournament_id)  # NotFound for an unknown tournament
    if not records:
        raise NotFound(f"There is no tournament {tournament_id!r}.")
    live = service.state(tournament_id)
    setup = live.part(Setup)
    if setup.finished:
        raise InvalidCommand("This tournament is over: there is nothing left to simulate.")
    roster = live.part(Roster)
    if roster.alive_count < 2:
        raise InvalidCommand(
            "Fewer than two players are still in: there is nothing left to simulate."
        )
    clock = live.part(ClockPart).clock
    if clock is None or not clock.started:
        raise InvalidCommand(
            "The clock has not started: start the night before simulating the rest of it."
        )
    tmpl = setup.tmpl
    profile = setup.profile
    check_behaviour(config)
    store = open_store("sqlite:///:memory:")
    batches: dict[int, list[EventRecord]] = {}
    for record in records:
        batches.setdefault(record.batch, []).append(record)
    seq = 0
    for batch in sorted(batches):
        rows = batches[batch]
        store.append(
            tournament_id,
            seq,
            [r.event for r in rows],
            actor=rows[0].actor,
            recorded_at=rows[0].recorded_at,
            command=rows[0].command,
        )
        seq += len(rows)
    try:
        night = _FLOORS[config.floor](config, tmpl, profile, store, None)
        night.tid = tournament_id
        start = now.astimezone(UTC)
        night.t = (start - EPOCH).total_seconds()
        night.state = night.service.state(tournament_id)
        _resume(night, start)
        night.play()
        night.finish()
        checks = night.checks()
        report = night.report(checks, started_from=tournament_id)
    finally:
        store.close()
    return report


def _resume(night: _Night, now: datetime) -> None:
    """Take over a live tournament's state: stacks, bots, tables, the clock's position."""
    state = night.st
    roster = state.part(Roster)
    alive = roster.alive()
    known = {e.entry_id: e.stack for e in alive if e.stack is not None}
    unknown = [e for e in alive if e.stack is None]
    in_play = roster.chips_in_play
    counted = sum(known.values())
    stacks = dict(known)
    if unknown:
        share = max(in_play - counted, 0) // len(unknown)
        for e in unknown:
            stacks[e.entry_id] = share
        night.notes.append(
            f"{len(unknown)} player(s) had no recorded chip count: each was given the "
            f"average of the chips not counted ({share:,})."
        )
    given = sum(stacks.values())
    if given != in_play and given > 0:
        # Counts recorded at different times do not add up to the chips in play: scale
        # them to it (the largest stack takes the odd chips), and say so.
        level = clk.settle(night._clock(), now).level
        unit = night._structure().chips_in_play(level).smallest or 1  # whole chips (B11)
        scaled = {e: c * in_play // given // unit * unit for e, c in stacks.items()}
        biggest = max(scaled, key=lambda e: scaled[e])
        scaled[biggest] += in_play - sum(scaled.values())
        night.notes.append(
            f"The recorded counts add up to {given:,} chips, the tournament has {in_play:,} "
            "in play: every stack was scaled to the chips in play."
        )
        stacks = scaled
    for e in alive:
        night.names[e.entry_id] = e.name
        night.bots[e.entry_id] = night.bot_kinds[len(night.bots) % len(night.bot_kinds)]
        night.stacks[e.entry_id] = stacks[e.entry_id]
    night.total = sum(night.stacks.values())
    if night.total != in_play or any(c <= 0 for c in night.stacks.values()):
        raise SimulationError(
            f"The recorded chip counts cannot make up the {in_play:,} chips in play: record "
            "the counts again before simulating the rest of the night."
        )
    night.players = len(roster.players)
    night.taken_before = cash_report(state).collected
    clock = state.part(ClockPart).clock
    assert clock is not None
    night.hfh = clock.hand_for_hand
    night.last_level = clk.settle(clock, now).level
    night.chips_recorded_for = night.last_level - 1
    reading = clk.view(clock, now)
    if not reading.registration_open:
        night.registration_closed_at = int(night.t)
    seating = state.part(Tables).seating
    if seating is None or not seating.players:
        night.run(DrawSeats())
    night._sync_tables()
    night._mark_left()
    night.moves_dirty = True
    night._floor()


__all__ = [
    "EPOCH",
    "SimulationError",
    "check_behaviour",
    "check_config",
    "register_floor",
    "simulate_night",
    "simulate_rest",
]
