"""The night a director will run, played by bots through the real core (issue 15): the
orchestrator.

:func:`simulate_night` creates the event from its template through
:mod:`pokertd.app` and plays it to a winner issuing **the same commands as the floor**;
:class:`Night` holds the pieces and runs the main loop — tables deal in the order of the
time they are ready, the players walk in at their times, the floor answers what the
console prompts after every change — and the pieces say what they do:

* :mod:`pokertd.sim.console` — the one door to :mod:`pokertd.app` (every command, the
  refusals checked to have written nothing);
* :mod:`pokertd.sim.table` — the chips at the tables and one hand dealt through the engine;
* :mod:`pokertd.sim.desk` — registrations, re-entries, rebuys, add-ons (A1, A8-A10, A12);
* :mod:`pokertd.sim.busts` — the hand reported, the busts named as one hand (D1, G1-G3);
* :mod:`pokertd.sim.floor` — moves, the final table, hand-for-hand, colour-ups (B10-B12,
  C1-C10);
* :mod:`pokertd.sim.timeline` — the simulated clock, the tables' turns, arrivals, the time
  model and the clock's periods (B7);
* :mod:`pokertd.sim.checks` — the self-checks; :mod:`pokertd.sim.tally` — the report.

**Simulated time.** The service's clock is the simulated clock and every random draw the
core makes comes from a ``random.Random`` seeded from the night's seed, so one seed replays
one night. During hand-for-hand every table deals at the same moment and reports with
``TableHandFinished``; the last report takes the hand's time off the clock (B10, FOX-HFH).

**Floors.** :class:`Night` is the careful floor: every command as the console prompts.
``NightConfig(floor="careless")`` plays :class:`pokertd.sim.careless.CarelessNight`, a
subclass that makes the mistakes people make through the hooks of :class:`Night`
(``walks_away``, ``confirmed``, ``registered``, ``record_bust``, ``keeps_hand_for_hand``,
``table_reported``...) and checks the invariants after every bust, deal, payment and undo.

Implements, through the floor's commands (the rules are the core's): A1, A8, A9, A10, A12,
B1, B7, B10 (FOX-HFH), B11/B12, C1, C3-C6, C9, C10, C11, D1, G1-G3 (SPOT-6.14), H2 (NJ-44d),
H11.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace

from pokertd.app import TournamentService
from pokertd.app.demo import player_names
from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.i18n import N_
from pokertd.rules import RuleProfile
from pokertd.sim.busts import Busts
from pokertd.sim.checks import end_of_night
from pokertd.sim.config import check_behaviour, check_config
from pokertd.sim.console import Console
from pokertd.sim.desk import Desk
from pokertd.sim.floor import Floor
from pokertd.sim.invariants import SelfChecks, SimulationError, check_end
from pokertd.sim.report import NightConfig, NightReport
from pokertd.sim.table import Dealer, Dealt, Ledger, Out
from pokertd.sim.tally import night_report
from pokertd.sim.timeline import (
    EPOCH,
    Arrivals,
    LevelLog,
    Milestones,
    Periods,
    SimClock,
    TableQueue,
    registration_window,
)
from pokertd.tournament.clock import (
    Level,
    PauseClock,
    StartClock,
    level_for_players,
)
from pokertd.tournament.eliminations import Bust, finish
from pokertd.tournament.entries import CloseRegistration, CreateTournament, Register, Roster
from pokertd.tournament.framework import Command, EventRecord, TournamentState
from pokertd.tournament.prizes import PayPrize, PostPayoutSchedule, standings
from pokertd.tournament.seating import (
    DrawButtons,
    DrawSeats,
    MovesDue,
    PlaceButton,
    Tables,
    table_game_next,
)
from pokertd.tournament.structures import level_games
from pokertd.tournament.templates import Template

MAX_HANDS = 2_000_000
"""A night that has not found a winner after this many hands is a bug, not a long night."""


class Night:
    """One simulated night on a private service: the pieces, the main loop, and the hooks
    a floor's habits change (the careful floor: none)."""

    def __init__(
        self,
        config: NightConfig,
        tmpl: Template,
        profile: RuleProfile,
        progress: Callable[[int, int], None] | None,
        *,
        copy_of: tuple[TournamentService, str] | None = None,
    ) -> None:
        self.config, self.tmpl, self.profile, self.progress = config, tmpl, profile, progress
        self.rng = random.Random(config.seed)
        self.time = SimClock()
        self.console = Console(
            self.time.now, config.seed, self.rng, url=config.store_url, copy_of=copy_of
        )
        self.ledger = Ledger(config.bots)
        self.dealer = Dealer(self.ledger, self.rng, profile, config.time, config.phh_dir)
        self.tables = TableQueue()
        self.arrivals = Arrivals()
        self.periods = Periods(self.time, lambda: self.st, self.run)
        self.marks = Milestones()
        self.levels = LevelLog()
        self.checks = SelfChecks()
        self.desk = Desk(self)
        self.busts = Busts(self)
        self.floor = Floor(self)
        self.notes: list[str] = []
        self.mistakes: Counter[str] = Counter()
        """What the careless floor did, by kind (:data:`MISTAKE_KINDS`)."""
        self.idle = 0
        """Table turns in a row with no hand dealt (the floor is stuck past a limit)."""

    # -- the console ----------------------------------------------------------------------

    @property
    def st(self) -> TournamentState:
        """The tournament's state after the last command."""
        return self.console.st

    def run(self, command: Command) -> list[EventRecord]:
        """Run a floor command now; the state is read again afterwards."""
        return self.console.send(command)

    def try_run(self, command: Command) -> list[EventRecord] | None:
        """Run a command the floor may be refused (a window closed, a limit reached)."""
        return self.attempt(command)[0]

    def attempt(
        self, command: Command
    ) -> tuple[list[EventRecord] | None, RuleViolation | InvalidCommand | None]:
        """Run a command the core may refuse: its records, or its refusal, checked to have
        written nothing (the store's last seq unchanged)."""
        before = self.console.last_seq()
        try:
            return self.run(command), None
        except (RuleViolation, InvalidCommand) as exc:
            self.console.refused(command, before)
            return None, exc

    def watch(self, where: str) -> None:
        """The money, places, end and seat invariants now (the careless floor)."""
        self.checks.watch(self.st, self.time.now(), where)

    def check_chips(self, when: str, *, full: bool = False) -> None:
        """The tables' stacks add up to the tournament's chips in play."""
        self.ledger.check(self.st.part(Roster).chips_in_play, when, full=full)

    def mark_left(self) -> None:
        """The players left now, for the report's curve."""
        self.levels.left(self.time.t, self.ledger.left())

    def at_table(self, number: int) -> tuple[list[str | None], int]:
        """The players still in at table ``number`` by seat, and their seat mask."""
        seating = self.st.part(Tables).seating
        assert seating is not None
        return self.ledger.at_table(seating, number)

    # -- the floor's habits (hooks of the careless floor) -----------------------------------

    def prompts(self) -> None:
        """What the console prompts after a change (:meth:`Floor.prompts`)."""
        self.floor.prompts()

    def bust(self, outs: list[Out], hand_name: str | None, button: int) -> None:
        """Bust commands for one hand, then the players leave (re-entries on their way)."""
        self.busts.record(outs, hand_name, button)
        self.busts.gone(outs, reentries=True)

    def record_bust(self, bust: Bust, group: list[Out]) -> None:
        """One ``Bust`` as the floor sends it."""
        self.run(bust)

    def registered(self, command: Register) -> None:
        """After a registration the desk wrote."""

    def walks_away(self, due: MovesDue) -> bool:
        """Whether the floor leaves the plan on the screen unconfirmed for now."""
        return False

    def confirmed(self, command: Command) -> None:
        """After a confirm the core applied."""

    def keeps_hand_for_hand(self) -> bool:
        """Whether the floor forgets to turn hand-for-hand off."""
        return False

    def before_hand_for_hand(self) -> None:
        """Just before hand-for-hand starts."""

    def table_reported(self, busts: bool) -> None:
        """A table reported the hand-for-hand hand (``busts``: it put someone out) and
        others have still to."""

    def seats_known(self, number: int) -> bool:
        """Whether the core knows who sits at table ``number`` as the dealer does."""
        return True

    def pay(self, pay: PayPrize) -> None:
        """Pay one prize the floor knows is due."""
        self.run(pay)
        self.watch(f"paying {pay.player}")

    def period_started(self, level: int, on_break: bool) -> None:
        """The clock reached a new level or break (:meth:`Floor.period_started`)."""
        self.floor.period_started(level, on_break)

    # -- the main loop ----------------------------------------------------------------------

    def level_at(self, t: float) -> tuple[Level | None, float]:
        """The level of a hand dealt at ``t`` (B7), or ``None`` and the end of the break."""
        level, on_break, end = self.periods.position(t)
        self.period_started(level, on_break)
        if on_break:
            return None, end
        row = self.periods.structure().level(level)
        return level_for_players(row, self.ledger.left(), self.profile), end

    def play(self) -> None:
        """Deal until one player has every chip."""
        tables = self.tables
        while self.ledger.left() > 1:
            if self.dealer.hands > MAX_HANDS:
                raise SimulationError(
                    template=N_("The night did not finish within %(hands)s hands."),
                    params={"hands": f"{MAX_HANDS:,}"},
                )
            if self.floor.hfh.on:
                self.floor.hfh.play_round()
                continue
            if not tables.queue:
                raise SimulationError(template=N_("No table is left to deal."))
            t, number = tables.pop()
            if not tables.current(number, t):
                continue  # stale: the table broke or its time moved
            if self.arrivals.due(t):
                tables.push_back(t, number)
                self.desk.walk_ins(t)
                continue
            self.turn(number, t)

    def deal(self, number: int, t: float, level: Level) -> Dealt:
        """Deal one hand at table ``number`` at ``t``; its level and end noted."""
        seating = self.st.part(Tables).seating
        assert seating is not None
        structure = self.periods.structure()
        rotation = structure.rotation
        games = level_games(level, rotation)  # the level's, before a table's orbit picks one
        if rotation is not None and rotation.by == "orbit" and level.game is None:
            # by orbit the table deals the game the core says is next there (its hands
            # reported with their games); the level's ante is the stud rounds'
            game = table_game_next(self.st, number, rotation.games)
            level = replace(level, game=game, ante=level.ante if game.is_stud else 0)
        unit = structure.chips_in_play(level.number).smallest or 1
        dealt = self.dealer.deal(seating, number, t, level, unit)
        self.floor.dealt(number)
        self.levels.hand(
            level,
            t,
            self.ledger.left(),
            self.ledger.total,
            self.st.part(Roster).entry_count,
            len(self.tables.ready),
            games,
        )
        self.marks.last_level = max(self.marks.last_level, level.number)
        self.marks.hand_ends(dealt.end)
        return dealt

    def turn(self, number: int, t: float) -> None:
        """Table ``number`` is ready at ``t``: deal, or wait (a break, too few players)."""
        self.time.at(t)
        level, end = self.level_at(t)
        if not self.tables.current(number, t) or self.floor.hfh.on:
            return  # the floor changed the tables (colour-up, hand-for-hand): look again
        if level is None:
            self.tables.schedule(number, end)
            return
        _, mask = self.at_table(number)
        if mask.bit_count() < 2:
            self.idle += 1
            if self.idle > 100 * len(self.tables.ready) + 1000:
                # English on purpose: a broken self-check is a bug report for the developers
                raise SimulationError(
                    "The floor is stuck: no table has dealt for a long time and the moves "
                    "it needs were refused. " + " ".join(self.floor.core_errors[-3:])
                )
            self.tables.schedule(number, t + 60)  # waits for the floor to balance
            if self.floor.dirty:
                self.prompts()
            return
        if not self.button_known(number):
            return
        self.idle = 0
        dealt = self.deal(number, t, level)
        # A hand is atomic: played, reported and its busts recorded at its deal time (the
        # log stays in time order across tables); the table deals again at its end.
        self.busts.hand_played(dealt, f"T{number}-{self.dealer.hands}")
        if number in self.tables.ready:
            self.tables.schedule(number, dealt.end)
        self.prompts()

    def button_known(self, number: int) -> bool:
        """Place a table's button before its first hand (C11); ``False`` if it moved."""
        seating = self.st.part(Tables).seating
        assert seating is not None
        if seating.tables[number].button.known:
            return True
        self.run(PlaceButton(table=number))
        return number in self.tables.ready

    # -- start and end ----------------------------------------------------------------------

    def create(self) -> None:
        """Create the event, register the early field, draw seats and buttons, start the
        clock; late players are given their arrival times."""
        cfg, time = self.config, self.time
        time.t = -3600.0
        self.console.create(
            CreateTournament(
                name=f"Simulation {cfg.seed} — {self.tmpl.title}",
                template=self.tmpl,
                profile=self.profile
                if cfg.profile is not None or self.profile != self.tmpl.load_profile()
                else None,  # the one named, or eight-handed finals (sim.games.eight_handed)
            )
        )
        names = player_names(cfg.entries)
        window = registration_window(self.tmpl, self.profile)
        late = round(cfg.entries * cfg.rates.late) if window > 0 else 0
        late = min(late, cfg.entries - 2)
        early, walk_ins = names[: cfg.entries - late], names[cfg.entries - late :]
        for i, name in enumerate(early):
            time.at(-3600.0 + i * 1800.0 / max(len(early), 1))
            self.desk.register(name)
        time.at(-60.0)
        self.run(DrawSeats())
        self.try_run(DrawButtons())
        if self.profile.payout_schedule_posted_in_advance:
            self.run(PostPayoutSchedule())  # NJ-44d: posted before play
        time.t = 0.0
        self.run(StartClock())
        self.periods.changed()
        for name in walk_ins:
            self.arrivals.arrive(self.rng.uniform(0, window), name, reentry=False)
        self.mark_left()
        self.floor.sync_tables()

    def finish(self) -> None:
        """The end of the night: with one player left, registration closed where the console
        says it is still open (G2, A4); the night must then read finished, the winner
        recorded and the clock stopped. The floor stops the clock (a night read months
        later must not find it running) and pays every finisher in the money not paid yet
        (ID seen where the venue asks, H11); then the money must balance to the cent."""
        self.time.at(self.marks.last_end)
        end = finish(self.st, self.time.now())
        if not end.finished and end.needs_command == "close_registration":
            self.run(CloseRegistration(reason="One player is left."))
            if self.marks.registration_closed_at is None:
                self.marks.registration_closed_at = int(self.time.t)
            self.watch("closing registration with one player left")
        if not check_end(self.st, self.time.now(), "the last bust"):
            # English on purpose: a broken self-check is a bug report for the developers
            raise SimulationError(
                "Invariant broken — one player left with no entry possible is the winner: "
                f"the night is not finished with {self.ledger.left()} player(s) left "
                f"({end.needs or 'nothing says why'})."
            )
        if self.periods.clock().running:
            self.run(PauseClock(reason="The tournament is over."))
        for row in standings(self.st, self.time.now()):
            if row.place is not None and row.total > 0 and not row.paid:
                self.pay(PayPrize(player=row.name, id_checked=True))

    def report(self, started_from: str | None = None) -> NightReport:
        """The end-of-night self-checks, then the night's report."""
        checks = end_of_night(self)
        return night_report(self, checks, started_from)


_FLOORS: dict[str, type[Night]] = {"careful": Night}
"""The driver of each floor (:data:`~pokertd.sim.report.FLOORS`): the careless one is
:class:`pokertd.sim.careless.CarelessNight`, which registers itself here when the package
is imported (it builds on this module, so this module cannot import it)."""


def register_floor(name: str) -> Callable[[type[Night]], type[Night]]:
    """Class decorator: ``name`` (one of :data:`FLOORS`) is played by the decorated driver."""

    def register(cls: type[Night]) -> type[Night]:
        _FLOORS[name] = cls
        return cls

    return register


def night_for(
    config: NightConfig,
    tmpl: Template,
    profile: RuleProfile,
    progress: Callable[[int, int], None] | None = None,
    *,
    copy_of: tuple[TournamentService, str] | None = None,
) -> Night:
    """The night of ``config``'s floor."""
    return _FLOORS[config.floor](config, tmpl, profile, progress, copy_of=copy_of)


def simulate_night(
    config: NightConfig, *, progress: Callable[[int, int], None] | None = None
) -> NightReport:
    """Play the night ``config`` describes through the service, to a winner; report.

    ``progress(players_out, entries)`` is called after every bust. Raises
    ``InvalidCommand``/``NotFound`` for a question that cannot be simulated and
    :class:`SimulationError` when a self-check fails.
    """
    tmpl, profile = check_config(config)
    night = night_for(config, tmpl, profile, progress)
    try:
        night.create()
        night.play()
        night.finish()
        return night.report()
    except (SimulationError, RuleViolation, InvalidCommand) as exc:
        # a broken self-check, or a command of the floor the core refused though the driver
        # took it for valid: either is a bug; say which night replays it
        refused = "" if isinstance(exc, SimulationError) else "The core refused a floor command: "
        # English on purpose: a broken self-check is a bug report for the developers
        raise SimulationError(
            f"{refused}{exc} [seed {config.seed}, {tmpl.name}, {profile.name} rules, "
            f"{config.entries} entries, {config.floor} floor]"
        ) from exc
    finally:
        night.console.close()  # a kept log is in its file: open it again by its URL


__all__ = [
    "EPOCH",
    "MAX_HANDS",
    "Night",
    "SimulationError",
    "check_behaviour",
    "check_config",
    "night_for",
    "register_floor",
    "simulate_night",
]
