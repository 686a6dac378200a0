"""The night as a state machine, tested as one (issue 22, part 1).

A hypothesis ``RuleBasedStateMachine`` plays random nights through
:class:`~pokertd.app.tournaments.TournamentService` (SQLite in memory, a simulated clock moved by
the rules, every random draw from one seed), on every shipped profile and a sample of
templates (:data:`~night.driver.NIGHTS`), in a small room (8-20 players, 2-4 tables of 9 or
6 seats) so a night reaches its end in a bounded number of steps. Its rules are the floor's
commands, sent as the console and the CLI send them: registration (late, alternates),
re-entry, rebuy, add-on, forfeit, the seat draw, buttons, the clock (start, pause, resume,
next level, adjust, time passing, on to the break), busts (one or several in one hand, with
or without the eliminator, with or without start stacks, during a break too), the plans the
console shows (confirmed at once with their token, or later from a stale screen, or twice by
two tablets; moves waiting confirmed one by one), the final-table redraw, colour-ups by each
profile's method, hand-for-hand on and off and each table's report, penalties, chip counts,
deals (ICM, chip, custom; proposed at any time, accepted, refused, approved), prize payments
(tried at any time), closing registration, NJ's posted schedule and timed end, undo and redo
at any point (a bust undone after later busts too), and commands the rules must refuse. Each
night is also cancelled (SPOT-6.22, issue 26) right after its first prize is paid and at the
end of its random steps, and the cancellation taken back (:meth:`NightMachine.cancel_the_night`:
refunds + prizes paid = money taken, every later command refused, undo restoring the night).

Nothing is stepped around: the machine drives the night as a real floor would and knows
what the rules answer. A refused command writes nothing
(:meth:`~night.driver.FloorNight.attempt`); and the machine expects a refusal where the
venue's rules give one:

* a move, a table break, the final-table redraw or a colour-up while a hand-for-hand hand
  is under way (a table reported it or a bust is in it, and a table is still playing it):
  refused, naming the tables still to report (B10, G3);
* a deal proposed then: refused the same way (J1: a deal is put to every player left,
  between hands);
* a prize while its place can still move (registration open, a rebuy or the add-on still
  sold, the hand-for-hand hand the player went out in still being played) or without the ID
  the venue asks for (H2, H11); paid once, and a payment is never undone;
* an entry, re-entry, rebuy or add-on once a binding deal shared the pool (J2);
* a confirm from a screen whose plan is no longer the plan due: refused as stale
  (``StalePlan``), nothing written; a second tablet's tap on a plan just confirmed too;
* a bust of a player raced at this break's colour-up who kept chips (B2); any other bust
  during a break is accepted, a hand of its own;
* the last stack forfeited (G2), hand-for-hand reported by a table that reported already.

After **every** command (:meth:`NightMachine.check_now`, also the machine's invariant) the
checks of :mod:`night.invariants` run on every face's view: money, places, the end,
hand-for-hand, seats, the console's prompt, the faces agreeing. A confirmed plan is checked
against the plan shown (``FloorPlan.seats()``: every player it names sits there), undo
restores the night as it was before the command and a redo right after restores every read
model byte-identical. When the steps run out, a busy floor plays the rest of the night
(hand-for-hand near the bubble with its reports sometimes forgotten, moves tried during the
hand, a deal at two to four left, payments tried as players finish, undos), the careful
floor ends it and pays every prize, each command checked; then the CLI's ``--json`` is
compared with the core, and a fresh fold of the log must equal the service's state.

The quick tier plays three nights per profile of 25 random steps each and the rest of the
night (about a minute for all six profiles); the slow tier (``-m slow``) twelve nights per
profile of 50 steps (a few minutes). Both play the same nights every run (derandomized,
CI is deterministic; whatever ran before in the process, :class:`NightProvider`) and do not
shrink a failure (its night is printed whole). A hunt runs them harder:
``NIGHTS_EXAMPLES`` (nights per profile), ``NIGHTS_RANDOM=1`` (other nights each run),
``NIGHTS_SEED`` (another seed for every night's draws), ``NIGHTS_SHRINK=1``.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, ClassVar, TypeVar

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.internal.conjecture.choice import (
    ChoiceConstraintsT,
    ChoiceTypeT,
    choice_permitted,
)
from hypothesis.internal.conjecture.providers import (
    AVAILABLE_PROVIDERS,
    GLOBAL_CONSTANTS,
    HypothesisProvider,
)
from hypothesis.internal.constants_ast import ConstantT
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    consumes,
    initialize,
    invariant,
    multiple,
    precondition,
    rule,
    run_state_machine_as_test,
)

from pokertd.codec import to_json
from pokertd.errors import PokertdError
from pokertd.rules import ButtonRule, ColorUpMethod, DealsAllowed, Game
from pokertd.rules.enums import FinishMethod
from pokertd.tournament.cancellation import CancelEvent, Cancellation, refund_plan
from pokertd.tournament.clock import (
    AdjustClock,
    ClockPart,
    ColoredUp,
    ColorUp,
    HandForHand,
    NextLevel,
    PauseClock,
    ResumeClock,
    StartClock,
    TableHandFinished,
)
from pokertd.tournament.eliminations import Bust, EndByChipCount, finish
from pokertd.tournament.entries import (
    Addon,
    CloseRegistration,
    Forfeit,
    Rebuy,
    RecordChips,
    Reenter,
    Register,
    Roster,
    Setup,
    read_clock,
)
from pokertd.tournament.framework import (
    Command,
    EventRecord,
    Redo,
    TournamentState,
    Undo,
    fold,
    redo_target,
    undo_target,
)
from pokertd.tournament.irregularities import DeclareMisdeal
from pokertd.tournament.penalties import GivePenalty, PenaltyKind
from pokertd.tournament.prizes import (
    AcceptDeal,
    ApproveDeal,
    DealKind,
    DealStatus,
    PayPrize,
    PostMysteryBounties,
    PostPayoutSchedule,
    PrizeBook,
    ProposeDeal,
    RejectDeal,
    SetPrizeOptions,
    mystery_terms,
    remaining_prizes,
)
from pokertd.tournament.prizes.pool import places_paid
from pokertd.tournament.seating import (
    ConfirmMoves,
    DrawButtons,
    DrawSeats,
    HandsPlayed,
    KeepApart,
    PlaceButton,
    PlayHands,
    Redraw,
    SeatsDrawn,
    SetTableGame,
    SuggestMoves,
    event_games,
    floor_plan,
    keep_apart_view,
    seating_now,
)
from pokertd.tournament.templates import load_template

from .driver import NIGHTS, FloorNight, PlanShown, state_text
from .invariants import (
    HandInPlay,
    Reading,
    cli_faces,
    everything,
    plan_applied,
    read,
    read_models,
    scan_hands,
)

PROFILES = tuple(sorted(NIGHTS))

EXAMPLES = int(os.environ.get("NIGHTS_EXAMPLES", "0"))
"""More nights per profile for a hard run (``NIGHTS_EXAMPLES=50``); 0: the tier's own."""

RANDOM = os.environ.get("NIGHTS_RANDOM", "0") == "1"
"""``NIGHTS_RANDOM=1``: other nights each run (hypothesis not derandomized) for a hunt;
by default both tiers play the same nights every run, so CI is deterministic."""

PHASES = (
    tuple(Phase)
    if os.environ.get("NIGHTS_SHRINK", "0") == "1"
    else (Phase.explicit, Phase.reuse, Phase.generate)
)
"""Hypothesis' phases: no shrinking unless ``NIGHTS_SHRINK=1``. A night's failure prints
the whole night as played (the driver's transcript, a few dozen commands), which is what
becomes a regression test; shrinking a night of 200 checked commands took many minutes."""

QUICK = settings(
    max_examples=EXAMPLES or 3,
    stateful_step_count=25,
    deadline=None,
    derandomize=not RANDOM,
    database=None,
    phases=PHASES,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
)
"""The CI tier: three nights per profile of 25 random steps each, then the rest of the night
played by the busy floor (the same nights every run)."""

SLOW = settings(QUICK, max_examples=EXAMPLES or 12, stateful_step_count=50)
"""The slow tier: twelve nights per profile of 50 random steps each, then the rest of the
night (the same nights every run; ``NIGHTS_RANDOM=1``, ``NIGHTS_SEED`` and
``NIGHTS_EXAMPLES`` for a harder hunt)."""


class NightProvider(HypothesisProvider):
    """Hypothesis' own source of choices, without the constants it collects from the
    source of the modules loaded in the process.

    Hypothesis (6.131 and later) now and then answers a draw with a constant instead of a
    value from the test's random source: one of its own fixed list (0, 1, the bounds...) or
    one found in the code of a module of the project that is loaded (``sys.modules``, test
    files left out). Which modules are loaded depends on what ran before in the same
    process: collecting or running a simulator test loads ``pokertd.sim``, whose constants
    joined the pool. A derandomized night was then another night: Spotlight's third quick
    night chose other commands from its twelfth on, reached no plan and failed the tier,
    but only after ``tests/sim`` (and which tests an xdist worker ran first decided it too).
    Here a constant comes from hypothesis' fixed list only, so a night's draws depend on its
    seed alone (and on the code of the machine and the product, not on what was loaded)."""

    def _maybe_draw_constant(
        self, choice_type: ChoiceTypeT, constraints: ChoiceConstraintsT, *, p: float = 0.05
    ) -> ConstantT | None:
        assert self._random is not None
        if self._random.random() > p:
            return None
        fixed = [
            constant
            for constant in GLOBAL_CONSTANTS.set_for_type(choice_type)
            if choice_permitted(constant, constraints)
        ]
        return self._random.choice(fixed) if fixed else None


assert "_maybe_draw_constant" in vars(HypothesisProvider), (
    "hypothesis renamed the draw of source constants: NightProvider no longer turns it off"
)


@contextmanager
def drawn_from_the_seed_only() -> Iterator[None]:
    """Hypothesis' default backend is :class:`NightProvider` within (the registry
    ``AVAILABLE_PROVIDERS`` is hypothesis' documented way to name a backend; a run looks it
    up once, as it starts)."""
    default = AVAILABLE_PROVIDERS["hypothesis"]
    AVAILABLE_PROVIDERS["hypothesis"] = NightProvider
    try:
        yield
    finally:
        AVAILABLE_PROVIDERS["hypothesis"] = default


MEETING_POINTS = ("HandForHand", "DealMade", "PayPrize", "ConfirmPlan", "Redraw", "Undo")
"""Where a night's features meet, counted per profile by the machine."""

MIXED_POINTS = ("stud_round", "board_after_stud")
"""Issue 28's meeting points, counted per profile: a stud hand or game said with the button
frozen and checked (C7), a board-game hand after a stud round with its button checked at
the frozen seat (FOX-10B)."""

REFUSALS_WANTED = ("hand_for_hand", "stale")
"""Refusals the quick tier must have met across a profile's nights: a seat command or a
deal during a hand-for-hand hand (B10), a confirm from a stale screen."""

NIGHTS_WITH_MONEY = {"spotlight": False}
"""Profiles whose nights have prize money (Spotlight's league night is free: no payment,
no deal)."""

PICK = st.integers(min_value=0, max_value=63)
"""An index into whatever list the rule chooses from (shrinks to the first)."""


T = TypeVar("T")


def _pick(items: list[T], index: int) -> T | None:
    return items[index % len(items)] if items else None


class NightMachine(RuleBasedStateMachine):
    """One random night on one profile (the subclass per profile sets :attr:`profile`)."""

    profile: ClassVar[str] = "tda"
    templates: ClassVar[tuple[str, ...]] = ()
    """The templates its nights are played on (``()``: all the profile's :data:`NIGHTS`)."""
    reached: ClassVar[Counter[str]] = Counter()
    """Nights played, how many reached each of :data:`MEETING_POINTS`, and the refusals of
    :data:`REFUSALS_WANTED` met (per profile)."""
    played: ClassVar[list[str]] = []
    """Each night's transcript as played to its end (per profile)."""
    players = Bundle("players")
    """Names handed out at the desk (in, out, or on the alternate list)."""
    screens = Bundle("screens")
    """Plans a console showed and the floor has not confirmed yet (a stale screen)."""

    def __init__(self) -> None:
        super().__init__()
        self._night: FloorNight | None = None
        self.rng = random.Random(0)
        self.checked: tuple[int, datetime] | None = None
        self._reading: Reading | None = None
        self.memo: dict[Any, Any] = {}
        self.raced: list[tuple[int, int, frozenset[str]]] = []
        """Colour-ups the floor ran during a break: (batch, the level before the break,
        the entries raced who kept chips)."""
        self.met: Counter[str] = Counter()
        self.cancel_lines: set[int] = set()
        """The transcript's lines of :meth:`cancel_the_night` (not the floor's own undos)."""

    # -- the night ------------------------------------------------------------------------

    @property
    def n(self) -> FloorNight:
        assert self._night is not None
        return self._night

    @property
    def state(self) -> TournamentState:
        return self.n.state

    @property
    def seen(self) -> Reading:
        """What every face showed after the last command (preconditions read it)."""
        assert self._reading is not None
        return self._reading

    def fail(self, what: str) -> AssertionError:
        return self.n.broken(what)

    def reading(self) -> Reading:
        """Every face's view of the night now (the last check's, when nothing changed)."""
        if self._reading is not None and self.checked == (self.n.state.seq, self.n.now):
            return self._reading
        return read(self.state, self.n.records, self.n.now, self.memo)

    def check_now(self) -> None:
        """Every invariant of :mod:`night.invariants` on every face, now (once per log
        position and time)."""
        n = self.n
        key = (n.state.seq, n.now)
        if key == self.checked:
            return
        reading = self.reading()
        problems = everything(reading)
        if problems:
            raise self.fail("\n".join(problems))
        self.checked, self._reading = key, reading

    def on_plan(self, plan: PlanShown) -> None:
        """A confirmed plan is the plan shown (C4-C6, C9, C10)."""
        problems = plan_applied(plan, self.reading())
        if problems:
            raise self.fail("\n".join(problems))

    @initialize(
        target=players,
        choice=st.integers(min_value=0, max_value=3),
        seed=st.integers(min_value=0, max_value=2**31),
        field=st.integers(min_value=8, max_value=20),
        tables=st.integers(min_value=2, max_value=4),
        seats=st.sampled_from((9, 6)),
        start=st.sampled_from(("playing", "seated", "registering")),
    )
    def a_night(
        self, choice: int, seed: int, field: int, tables: int, seats: int, start: str
    ) -> object:
        """The event is created from one of the profile's templates in a room of 2 to 4
        tables of 9 or 6 seats and the early field signs in (who finds the room full goes
        on the alternate list, A12); then, mostly, seats and buttons are drawn and the clock
        started (the prize schedule posted first where the venue asks, NJ-44d)."""
        templates = self.templates or NIGHTS[self.profile]
        room = max(tables, -(-field // seats) - 1)  # at most one table short of the field
        seed ^= int(os.environ.get("NIGHTS_SEED", "0"))
        # the venue's currency is a set-up choice taken from the seed (issue 27: no new draw,
        # so the derandomized nights play the same steps): USD, EUR (2 decimals), JPY (none);
        # the floor's language likewise: every refusal is also said in it (FloorNight.attempt)
        self._night = n = FloorNight(
            self.profile,
            templates[choice % len(templates)],
            seed=seed,
            tables=room,
            seats=seats,
            currency=("USD", "EUR", "JPY")[seed % 3],
            language=("en", "es", "de")[seed // 3 % 3],
        )
        self.rng = random.Random(seed)
        names = [n.new_name() for _ in range(field)]
        n.sign_up(names[0])  # issue 26: from the phone, seated by the desk in one tap
        for name in names[1:]:
            n.register(name)
        # SPOT-2c3: the director keeps the first two apart (no data drawn: the derandomized
        # nights play the same rules); one player named twice is refused, writing nothing.
        # Every later draw keeps them apart or says why (:meth:`apart_kept`).
        n.refuse(KeepApart(players=(names[0], names[0])), "SPOT-2c3: a group of one player")
        n.run(KeepApart(players=(names[0], names[1]), note="married"))
        self.set_up_the_prizes(seed)
        if start != "registering":
            self.apart_kept(n.attempt(DrawSeats()))
            n.attempt(DrawButtons())
        if start == "playing":
            if n.setup.profile.payout_schedule_posted_in_advance:
                n.refuse(StartClock())  # H2 (NJ-44d): the schedule is posted first
                n.run(PostPayoutSchedule())
            n.run(StartClock())
        n.check = self.check_now
        self.check_now()
        return multiple(*names)

    def set_up_the_prizes(self, seed: int) -> None:
        """What the director sets about the prizes once the early field is in (nothing
        here; :class:`BountyNightMachine` may post mystery bounties). Draws nothing from
        hypothesis, so the nights' commands are the seed's."""

    @invariant()
    def every_face_keeps_the_rules(self) -> None:
        if self._night is not None:
            self.check_now()

    # -- what the console shows (cheap: the last reading) ---------------------------------

    def ready(self) -> bool:
        return self._night is not None and self._reading is not None

    def left(self) -> int:
        return self.seen.status.alive

    def seated(self) -> bool:
        return self.seen.tables is not None

    def started(self) -> bool:
        clock = self.seen.clock
        return clock is not None and clock.started

    def hfh_on(self) -> bool:
        clock = self.seen.clock
        return clock is not None and clock.hand_for_hand

    def due(self) -> dict[str, Any] | None:
        found = self.seen.staff.get("moves_due")
        return found if isinstance(found, dict) else None

    def owed(self) -> list[str]:
        """Players the standings owe a prize not paid yet."""
        paid = self.state.part(PrizeBook).paid
        return [
            r.name
            for r in self.seen.standings
            if r.place is not None and r.total > 0 and r.entry_id not in paid
        ]

    def deal_status(self) -> DealStatus | None:
        neg = self.state.part(PrizeBook).negotiation
        return None if neg is None else neg.status

    def deal_made(self) -> bool:
        return self.deal_status() is DealStatus.BINDING

    def alive(self) -> list[str]:
        return self.n.alive_names()

    def pool_can_grow(self) -> bool:
        """Money may still enter the pool: the add-on's level is still to come or under
        way, or the break after it (A10), or rebuys are still sold (A9); never once a
        binding deal or a payment made the pool final (J2, H2) or the night is over (G2)."""
        n = self.n
        if n.setup.pool_final or self.seen.status.finished:
            return False
        tmpl = n.tmpl
        reading = read_clock(self.state, n.now)
        started = reading is not None and reading.started
        if tmpl.addon is not None and (
            not started or reading is None or reading.level <= tmpl.addon.at_level
        ):
            return True
        if tmpl.rebuy is not None and n.setup.profile.rebuy_allowed:
            minutes = tmpl.rebuy.minutes or n.setup.profile.rebuy_window_minutes
            if not started or reading is None:
                return True
            if reading.rebuys_open is not False and (
                minutes is None or reading.play_seconds < minutes * 60
            ):
                return True
        return False

    def on_break(self) -> bool:
        reading = read_clock(self.state, self.n.now)
        return reading is not None and reading.started and reading.on_break

    def hand(self) -> HandInPlay:
        """The hand-for-hand hand in play as the floor's log tells it (never the core's
        word for it)."""
        return scan_hands(self.reading())[1]

    def waiting(self) -> list[int]:
        """Tables still playing the hand-for-hand hand in play: tables with players that
        have not reported it (none when hand-for-hand is off)."""
        hand = self.hand()
        seating = self.n.seating()
        if not hand.on or seating is None:
            return []
        return [
            number
            for number, table in sorted(seating.tables.items())
            if table.count > 0 and number not in hand.reported
        ]

    def hand_under_way(self) -> bool:
        """A hand-for-hand hand is under way and not finished everywhere (B10): seats,
        colour-ups and deals wait for it. A finished night has no hand under way: what is
        refused then is refused because the tournament is over (G2)."""
        if finish(self.state, self.n.now).finished:
            return False
        hand = self.hand()
        return hand.on and hand.opened and bool(self.waiting())

    def must_wait(self, command: Command, what: str) -> PokertdError:
        """``command`` is refused while the hand-for-hand hand is under way, writing
        nothing, and the refusal names the tables still playing it (B10, G3)."""
        waiting = self.waiting()
        found = self.n.refuse(command, f"B10: {what} waits for the hand-for-hand hand")
        named = found.context.get("waiting_for")
        if named != waiting or found.context.get("hint") != "hand_for_hand":
            raise self.fail(
                f"{what} was refused ({found}) but not as waiting for tables {waiting}: "
                f"context {found.context}"
            )
        self.met["hand_for_hand"] += 1
        return found

    def raced_now(self) -> set[str]:
        """Entries raced at this break's colour-up who kept chips (B2): no hand is dealt
        during a break, so they cannot have gone out."""
        if not self.on_break():
            return set()
        reading = read_clock(self.state, self.n.now)
        assert reading is not None
        undone = {b.batch for b in self.state.batches if b.undone}
        found: set[str] = set()
        for batch, level, kept in self.raced:
            if batch not in undone and level == reading.level:
                found |= kept
        return found

    def _bust(
        self,
        names: tuple[str, ...],
        eliminator: str | None = None,
        stacks: tuple[int, ...] = (),
        ranks: tuple[int, ...] = (),
    ) -> None:
        """Players out in one hand, as the console sends it: accepted during a break (the
        late record of the hand that ended as the break began), except a player raced at
        this break's colour-up who kept chips (B2); refused after an event ended at its set
        time (NJ-6b)."""
        n = self.n
        command = Bust(players=names, eliminator=eliminator, start_stacks=stacks, hand_ranks=ranks)
        if self.state.part(Roster).final_counts is not None:
            n.refuse(command, "NJ-6b: the event ended at its set time")
            return
        raced = self.raced_now()
        ids = {e.entry_id for e in n.alive() if e.name in names}
        if ids & raced:
            found = n.refuse(command, "B2: raced at this break, no hand dealt since")
            if "coloured up at this break" not in str(found):
                raise self.fail(f"a raced player's bust was refused for another reason: {found}")
            return
        n.run(command)

    # -- registration, entries ------------------------------------------------------------

    @rule(target=players)
    def register(self) -> str:
        """A player walks up to the desk: seated, late, or on the alternate list (A2-A4,
        A12); refused once registration is closed, a binding deal included (J2)."""
        name = self.n.new_name()
        if self.deal_made():
            self.n.refuse(Register(name=name, member="C99", age_ok=True), "J2: the deal closed it")
            return name
        if self.n.points_stack(name) is None:
            self.n.refuse(
                Register(name=name, member=f"C{name.split()[-1]}", age_ok=True, stack=9_000),
                "A3 (SPOT-6.26, FOX-7, NJ-2): the same stack for everyone outside a Quarterly",
            )
        self.n.register(name)
        return name

    @precondition(lambda self: self.ready() and bool(self.state.part(Roster).alternates))
    @rule()
    def seat_the_first_alternate(self) -> None:
        """A seat is free: the desk calls the first alternate (A12); not once a deal closed
        registration (J2)."""
        roster = self.state.part(Roster)
        player = roster.players[roster.alternates[0]]
        if player.entries:
            command: Command = Reenter(player=player.name)
        else:
            stack = self.n.points_stack(player.name)
            command = Register(name=player.name, member=player.member, age_ok=True, stack=stack)
        if self.deal_made():
            self.n.refuse(command, "J2: the deal closed registration and re-entry")
        else:
            self.n.attempt(command)

    @rule(player=players)
    def reenter(self, player: str) -> None:
        """A8: a player out buys a new entry (or waits for a seat, A12); a player still in
        cannot, nor anyone after a binding deal (J2)."""
        n = self.n
        if player in self.alive():
            n.refuse(Reenter(player=player), "A8, A13: one stack per player")
            return
        if self.deal_made():
            n.refuse(Reenter(player=player), "J2: a binding deal closed re-entry")
            return
        found = n.attempt(Reenter(player=player))
        self.apart_kept(found)  # the new entry stays in the player's group (SPOT-2c3)
        if isinstance(found, PokertdError) and found.context.get("hint") == "alternate":
            n.attempt(Reenter(player=player, alternate=True))

    @rule(player=players, stack=st.sampled_from((0, 1, 2)))
    def rebuy(self, player: str, stack: int) -> None:
        """A9: a rebuy, the player's stack at none, half or twice the start; never once a
        deal shared the pool (J2)."""
        command = Rebuy(player=player, stack=self.n.tmpl.starting_stack * stack // 2)
        if self.deal_made():
            self.n.refuse(command, "J2: no money enters a pool the deal shared")
        else:
            self.n.attempt(command)

    @rule(player=players)
    def addon(self, player: str) -> None:
        """A10: the add-on, where and when the event sells it; never once a deal shared the
        pool (J2)."""
        command = Addon(player=player, stack=self.n.tmpl.starting_stack)
        if self.deal_made():
            self.n.refuse(command, "J2: no money enters a pool the deal shared")
        else:
            self.n.attempt(command)

    @rule(player=players)
    def forfeit(self, player: str) -> None:
        """A11: a live stack given up to re-enter, where the venue allows it; never the
        last stack in play (G2: someone must win)."""
        roster = self.state.part(Roster)
        entry = next((e for e in roster.alive() if e.name == player), None)
        chips = entry.stack if entry is not None and entry.stack else self.n.tmpl.starting_stack
        command = Forfeit(player=player, chips=chips)
        if entry is not None and roster.alive_count == 1:
            self.n.refuse(command, "G2: someone must win; the last stack is not given up")
            return
        self.n.attempt(command)

    @precondition(lambda self: self.ready() and self.seen.registration_open)
    @rule()
    def close_registration(self) -> None:
        """A4: the floor closes registration and re-entry."""
        self.n.run(CloseRegistration())

    # -- seats, buttons, plans ------------------------------------------------------------

    @precondition(
        lambda self: (
            self.ready() and any(p.status == "alive" and p.table is None for p in self.seen.players)
        )
    )
    @rule()
    def draw_seats(self) -> None:
        """C1: the seat draw (refused once everybody sits); it keeps apart those the
        director keeps apart, or says why (SPOT-2c3)."""
        self.apart_kept(self.n.attempt(DrawSeats()))

    def apart_kept(self, found: list[EventRecord] | PokertdError) -> None:
        """A seat draw that gives no keep-apart sentence seated no player at a table where
        one kept apart from him sits (SPOT-2c3)."""
        if isinstance(found, PokertdError):
            return
        view = keep_apart_view(self.state)
        for record in found:
            ev = record.event
            if not isinstance(ev, SeatsDrawn) or ev.apart or ev.how == "floor":
                continue
            drawn = {s.name for s in ev.seats}
            for group in view.groups:
                at = dict(zip(group.names, group.tables, strict=True))
                for name in drawn & set(group.names):
                    others = {at[o] for o in group.names if o != name}
                    if at[name] is not None and at[name] in others:
                        raise self.fail(
                            f"{name} was drawn to table {at[name]} with a player kept apart "
                            f"from him, and the draw did not say why (SPOT-2c3): {ev.describe()}"
                        )

    @precondition(lambda self: self.ready() and self.seated())
    @rule(table=PICK, seat=PICK, draw=st.booleans())
    def button(self, table: int, seat: int, draw: bool) -> None:
        """C11, D1: the buttons drawn where none is known, or the floor taps one's seat."""
        seating = self.n.seating()
        if seating is None or not seating.tables:
            return
        if draw:
            self.n.attempt(DrawButtons())
            return
        number = _pick(sorted(seating.tables), table)
        assert number is not None
        occupied = [s + 1 for s, p in enumerate(seating.tables[number].players) if p]
        chosen = _pick(occupied, seat)
        if chosen is not None:
            self.n.attempt(PlaceButton(table=number, seat=chosen))

    def confirm(self, shown: PlanShown) -> None:
        """The floor taps the confirm of a plan it has just read: refused while the
        hand-for-hand hand is under way (naming the tables to report), else applied as
        shown (never stale: nothing changed since it was read); a second tablet's tap on it
        is refused as stale."""
        n = self.n
        if self.hand_under_way():
            self.must_wait(shown.confirm(), "a move or the final-table redraw")
            return
        found = n.attempt(shown.confirm())
        if isinstance(found, PokertdError):
            if found.kind == "stale":
                raise self.fail(f"a plan just read was refused as stale: {found}")
            return
        self.on_plan(shown)
        again = n.refuse(shown.confirm(), "a second tablet's tap: the plan is applied already")
        if again.kind != "stale":
            raise self.fail(f"a second tap on a confirmed plan was not refused as stale: {again}")
        self.met["stale"] += 1

    @precondition(lambda self: self.ready() and self.due() is not None)
    @rule(everything=st.booleans(), report=st.booleans())
    def confirm_the_prompt(self, everything: bool, report: bool) -> None:
        """C4-C6, C9: the console's one-tap confirm of the plan it shows (``ConfirmPlan``
        with its token, the final table ``Redraw``); during a hand-for-hand hand it waits
        (the floor then has the tables report, or not). Or a careful floor confirms every
        prompt until none is left."""
        if everything:
            self.n.balance(self.on_plan)
            return
        shown = self.n.shown_plan()
        if shown is None:
            return
        self.confirm(shown)
        if report and self.hand_under_way():
            self.n.report_every_table()
            shown = self.n.shown_plan()
            if shown is not None:
                self.confirm(shown)

    @precondition(lambda self: self.ready() and self.seated())
    @rule(target=screens, record=st.booleans())
    def read_the_plan(self, record: bool) -> object:
        """The floor reads the plan on a screen (the prompt or the slips) without
        confirming yet; or taps "Suggest moves" with its token, which records those moves as
        waiting (the plan then waiting is the one read, same token)."""
        n = self.n
        shown = n.shown_plan()
        if shown is None:
            return multiple()
        if record and shown.plan.final_table is None and not shown.plan.recorded:
            found = n.attempt(SuggestMoves(plan=shown.plan.token))
            if not isinstance(found, PokertdError):
                now = floor_plan(self.state)
                if not shown.plan.moves:
                    # only emptied tables to close (C5): suggesting closes them at once,
                    # nothing is left waiting, and no screen holds that plan any more
                    if now is not None and set(now.closed) & set(shown.plan.closed):
                        raise self.fail(f"plan {shown.plan.token}: its tables stay open")
                    return multiple()
                if now is None or now.token != shown.plan.token or not now.recorded:
                    raise self.fail(
                        f"moves suggested from plan {shown.plan.token} wait as plan "
                        f"{None if now is None else now.token}"
                    )
                shown = PlanShown(self.state.seq, now)
        return shown

    @rule(plan=consumes(screens), some=st.booleans())
    def confirm_what_the_screen_shows(self, plan: PlanShown, some: bool) -> None:
        """The floor taps "Confirm all" on the screen it read, maybe after other changes: a
        stale screen is refused as stale (nothing written, the new plan's token in the
        refusal); a screen still current applies its plan seat for seat. Moves waiting may
        be confirmed one by one (``ConfirmMoves`` with the plan's token)."""
        n = self.n
        now = floor_plan(self.state)
        if some and plan.plan.recorded and len(plan.plan.moves) > 1:
            plan = PlanShown(plan.seq, plan.plan, ids=(plan.plan.moves[0].move_id,))
        command = plan.confirm()
        if self.hand_under_way():
            found = n.refuse(command, "B10: the moves wait for the hand-for-hand hand")
            if found.kind == "stale":
                self.met["stale"] += 1
            return
        if now is None or now.token != plan.plan.token:
            found = n.refuse(command, "a stale screen: the plan changed since it was read")
            if found.kind != "stale":
                raise self.fail(f"a stale screen's confirm was refused, but not as stale: {found}")
            expected = None if now is None else now.token
            if found.context.get("plan") != expected:
                raise self.fail(
                    f"the stale refusal names plan {found.context.get('plan')}, the plan due "
                    f"is {expected}"
                )
            self.met["stale"] += 1
            return
        seq = self.state.seq
        made = n.attempt(command)
        if isinstance(made, PokertdError):
            if made.kind == "stale":
                raise self.fail(f"the plan due was refused as stale: {made}")
            return
        self.on_plan(PlanShown(seq, plan.plan, plan.ids))

    @precondition(lambda self: self.ready() and self.seated())
    @rule(table=PICK, redraw=st.booleans())
    def hand_played(self, table: int, redraw: bool) -> None:
        """C6: a hand was played at a table (a blocked move may be due after it); or the
        final-table redraw without a token (``pokertd redraw``; refused before it is due,
        and while a hand-for-hand hand is under way)."""
        if redraw:
            shown = self.n.shown_plan()
            if self.hand_under_way():
                self.must_wait(Redraw(), "the final-table redraw")
                return
            found = self.n.attempt(Redraw())
            if shown is not None and shown.plan.final_table is not None:
                if isinstance(found, PokertdError):
                    raise self.fail(f"the final table is due but its redraw was refused: {found}")
                self.on_plan(shown)
            return
        seating = self.n.seating()
        if seating is not None and seating.tables:
            number = _pick(sorted(seating.tables), table)
            assert number is not None
            self.play_hands(number)

    # -- mixed and stud events (issue 28) ---------------------------------------------------

    def game_now(self, table: int) -> Game | None:
        """The game ``table`` deals now (the driver's reading of the clock and the table)."""
        return self.n.game_now(table)

    def play_hands(self, table: int) -> None:
        """A hand of the table's game (C7: TNPL-B6iii, FOX-10B), the button checked: a stud
        hand freezes it where the next board-game hand would have had it when the round
        began and leaves it there; the first board-game hand after a stud round (dead
        button, FOX-10B) has its button at the frozen seat."""
        game = self.game_now(table)
        self.frozen_kept(table, game, PlayHands(table=table, game=game))

    def frozen_kept(self, table: int, game: Game | None, command: Command) -> None:
        """Send ``command`` (a hand or a game said at ``table``) and check the frozen
        button (C7) against the seating before it."""
        before = seating_now(self.state).tables.get(table)
        seq = self.state.seq
        found = self.n.attempt(command)
        if isinstance(found, PokertdError) or before is None:
            return
        button = before.button
        after = seating_now(self.state).tables[table].button
        played = [
            r.event for r in self.n.records if r.seq > seq and isinstance(r.event, HandsPlayed)
        ]
        if game is not None and game.is_stud:
            want = button.frozen
            if want is None and button.known and before.count >= 2:
                want = button.next_hand(before.occupied).button  # the round begins
            if after.frozen != want:
                raise self.fail(
                    f"C7: table {table}'s button frozen at {after.frozen}, the next board "
                    f"hand's button when the stud round began was {want}"
                )
            if want is not None and played and played[-1].button != want + 1:
                raise self.fail(f"C7: table {table}'s stud hand says button {played[-1].button}")
            self.met["stud_round"] += 1
            return
        if after.frozen is not None:
            raise self.fail(f"C7: a {game} hand at table {table} left the button frozen")
        resumes = (
            button.frozen is not None
            and button.makeup is None
            and button.first_button is None
            and button.button_rule is ButtonRule.DEAD
            and isinstance(command, PlayHands)
            and command.hands == 1
        )
        if resumes and played:
            if played[-1].button != (button.frozen or 0) + 1:
                raise self.fail(
                    f"FOX-10B: hold'em resumed at table {table} with the button on seat "
                    f"{played[-1].button}, not the frozen seat {(button.frozen or 0) + 1}"
                )
            self.met["board_after_stud"] += 1

    # -- the clock ------------------------------------------------------------------------

    @precondition(
        lambda self: (
            self.ready()
            and self.n.setup.profile.payout_schedule_posted_in_advance
            and not self.state.part(PrizeBook).schedule_posted
        )
    )
    @rule()
    def post_the_schedule(self) -> None:
        """H2 (NJ-44d): the prize schedule posted before play."""
        self.n.run(PostPayoutSchedule())

    @rule(what=st.sampled_from(("start", "pause", "resume", "next")))
    def clock(self, what: str) -> None:
        """B1: start, pause, resume, next level (each refused where it cannot be)."""
        command = {
            "start": StartClock(),
            "pause": PauseClock(),
            "resume": ResumeClock(),
            "next": NextLevel(),
        }[what]
        self.n.attempt(command)

    @precondition(lambda self: self.ready() and self.started())
    @rule(seconds=st.sampled_from((-300, -60, 60, 300)))
    def adjust_clock(self, seconds: int) -> None:
        """B1: the director adds or takes time off the level."""
        self.n.attempt(AdjustClock(seconds=seconds))

    @rule(minutes=st.sampled_from((1, 5, 20, 60)))
    def time_passes(self, minutes: int) -> None:
        """The clock runs: levels end, breaks come, late registration closes (A4)."""
        self.n.wait(minutes * 60)

    @precondition(
        lambda self: (
            self.ready()
            and self.seen.clock is not None
            and self.seen.clock.running
            and self.seen.clock.next_break_in is not None
        )
    )
    @rule()
    def until_the_break(self) -> None:
        """B2: the clock runs on to the next break."""
        clock = self.seen.clock
        assert clock is not None
        assert clock.next_break_in is not None
        self.n.wait(clock.next_break_in + 30)

    @precondition(lambda self: self.ready() and self.started() and self.seated())
    @rule(table=PICK, method=st.sampled_from(("race", "round_up")))
    def colour_up(self, table: int, method: str) -> None:
        """B11, B12: one table colours up its smallest chip by the profile's method (the
        director chooses where the profile leaves it to him, TNPL-D2i: refused without the
        choice); never while a hand-for-hand hand is under way (B10). Who kept chips in a
        race run during a break cannot bust until play resumes (B2)."""
        n = self.n
        seating = n.seating()
        clock = self.state.part(ClockPart).clock
        if seating is None or not seating.tables or clock is None:
            return
        number = _pick(sorted(seating.tables), table)
        smallest = min(clock.structure.chips.denominations)
        allowed = n.setup.profile.colorup_method
        chosen = method if allowed is ColorUpMethod.RACE_OR_ROUND_UP else None
        if allowed is ColorUpMethod.RACE_OR_ROUND_UP:
            n.refuse(ColorUp(stacks=(), removed=(smallest,), table=str(number)))
        command = ColorUp(stacks=(), removed=(smallest,), table=str(number), method=chosen)
        if self.hand_under_way():
            self.must_wait(command, "a colour-up")
            return
        level = read_clock(self.state, n.now)
        on_break = self.on_break()
        found = n.attempt(command)
        if isinstance(found, PokertdError) or not on_break or level is None:
            return
        for record in found:
            if isinstance(record.event, ColoredUp):
                kept = frozenset(
                    record.event.entries[str(seat["seat"])]
                    for seat in record.event.result["seats"]
                    if int(seat["stack_after"]) > 0 and str(seat["seat"]) in record.event.entries
                )
                self.raced.append((record.batch, level.level, kept))

    # -- busts ----------------------------------------------------------------------------

    @rule(
        player=players,
        by=st.none() | PICK,
        stack=st.sampled_from((None, 4_000, 8_000)),
    )
    def bust(self, player: str, by: int | None, stack: int | None) -> None:
        """G1: a player out of chips, with or without the eliminator and start stack; a
        player out already, or the last one, cannot bust (G1, G2)."""
        alive = self.alive()
        if player not in alive or len(alive) == 1:
            self.n.refuse(Bust(players=(player,)))
            return
        others = [a for a in alive if a != player]
        eliminator = None if by is None else _pick(others, by)
        self._bust((player,), eliminator, () if stack is None else (stack,))

    @precondition(lambda self: self.ready() and self.left() >= 3)
    @rule(
        picks=st.lists(PICK, min_size=2, max_size=3, unique=True),
        stacks=st.sampled_from(("none", "equal", "different")),
        ranked=st.booleans(),
    )
    def bust_in_one_hand(self, picks: list[int], stacks: str, ranked: bool) -> None:
        """G3: several players out in the same hand, with their start-of-hand stacks (equal
        stacks tie; SPOT-6.14 then ranks by the hands, given when ``ranked``)."""
        alive = self.alive()
        names = tuple(dict.fromkeys(c for i in picks if (c := _pick(alive, i))))
        if len(names) < 2 or len(names) >= len(alive):
            return
        given: tuple[int, ...] = ()
        if stacks == "equal":
            given = (5_000,) * len(names)
        elif stacks == "different":
            given = tuple(1_000 * (i + 2) for i in range(len(names)))
        ranks = tuple(range(1, len(names) + 1)) if ranked else ()
        self._bust(names, None, given, ranks)

    @precondition(lambda self: self.ready() and self.left() >= 3)
    @rule(
        goal=st.sampled_from(("bubble", "money", "final", "three", "two")),
        report=st.sampled_from((1.0, 0.7, 0.0)),
    )
    def the_night_goes_on(self, goal: str, report: float) -> None:
        """Many hands later: players bust one at a time (now and then two in one hand)
        until the bubble, the money, the final table, three or two players are left; the
        floor confirms every plan prompted on the way and, during hand-for-hand, reports
        each table's hand (always, mostly, or never: a floor that forgets, B10; the moves
        then wait)."""
        n = self.n
        pays = places_paid(self.state) or 3
        left = {"bubble": pays + 1, "money": pays, "final": 9, "three": 3, "two": 2}[goal]
        for _ in range(40):
            alive = self.alive()
            if len(alive) <= max(left, 2) or self.state.part(Roster).final_counts is not None:
                break
            if self.on_break() and self.rng.random() < 0.7:
                n.wait(300)
                continue
            count = 2 if len(alive) > 3 and self.rng.random() < 0.15 else 1
            self._bust(tuple(self.rng.sample(alive, count)))
            for table in self.waiting():
                if self.rng.random() < report:
                    n.attempt(TableHandFinished(table=str(table)))
            if self.seated() and self.n.shown_plan() is not None:
                if self.hand_under_way():
                    self.confirm_the_prompt(everything=False, report=False)
                else:
                    n.balance(self.on_plan)

    # -- hand-for-hand --------------------------------------------------------------------

    @precondition(lambda self: self.ready() and self.started() and self.seated())
    @rule(on=st.booleans())
    def hand_for_hand(self, on: bool) -> None:
        """B10: the director starts or ends hand-for-hand (ending it closes the hand in
        play)."""
        if on == self.hfh_on():
            self.n.refuse(HandForHand(on=on))
            return
        self.n.attempt(HandForHand(on=on))

    @precondition(lambda self: self.ready() and self.hfh_on())
    @rule(table=PICK, again=st.booleans())
    def report_the_hand(self, table: int, again: bool) -> None:
        """B10: a table reports the hand-for-hand hand; a table that reported already waits
        for the others (refused); during a break a hand not under way when it began is not
        dealt, so not reported (refused, B2)."""
        n = self.n
        reported = sorted(self.hand().reported)
        if again and reported:
            n.refuse(TableHandFinished(table=str(reported[0])))
            return
        number = _pick(self.waiting(), table)
        if number is None:
            return
        if self.on_break() and not self.hand().opened:
            # B2: no hand is dealt during a break; the hand in play is dealt, and reported,
            # once play resumes (a hand under way when the break began may still finish)
            n.refuse(TableHandFinished(table=str(number)), "B2: no hand during a break")
            return
        n.run(TableHandFinished(table=str(number)))

    # -- penalties, chips -----------------------------------------------------------------

    @rule(
        player=players,
        kind=st.sampled_from(
            (PenaltyKind.WARNING, PenaltyKind.MISSED_HANDS, PenaltyKind.MISSED_ROUNDS)
        ),
    )
    def penalty(self, player: str, kind: PenaltyKind) -> None:
        """K1, K2: a warning, missed hands or a missed round."""
        count = 0 if kind is PenaltyKind.WARNING else 1
        self.n.attempt(GivePenalty(player=player, kind=kind, count=count, reason="soft play"))

    @precondition(lambda self: self.ready() and self.left() >= 2)
    @rule()
    def record_chips(self) -> None:
        """Chip counts of everyone still in, adding up to the chips in play."""
        roster = self.state.part(Roster)
        alive = roster.alive()
        units = max(roster.chips_in_play // 100, len(alive))
        cuts = sorted(self.rng.sample(range(1, units), len(alive) - 1))
        bounds = [0, *cuts, units]
        counts = tuple((e.name, (bounds[i + 1] - bounds[i]) * 100) for i, e in enumerate(alive))
        self.n.attempt(RecordChips(counts=counts, note="count"))

    # -- deals ----------------------------------------------------------------------------

    @precondition(
        lambda self: (
            self.ready()
            and 2 <= self.left() <= 6
            and not self.state.part(PrizeBook).deals_enabled
            and self.n.setup.profile.deals_allowed
            in (DealsAllowed.OFF, DealsAllowed.HOUSE_DISCRETION)
        )
    )
    @rule()
    def allow_deals(self) -> None:
        """J2, J4: the director allows deals where the venue leaves it to the house."""
        self.n.run(SetPrizeOptions(deals_enabled=True))

    @precondition(lambda self: self.ready() and 2 <= self.left() <= 5 and not self.deal_made())
    @rule(kind=st.sampled_from((DealKind.CHIP, DealKind.ICM, DealKind.CUSTOM)))
    def propose_deal(self, kind: DealKind) -> None:
        """J1-J3: a deal among the players left, whenever the players ask (a custom one
        splits what is left to win evenly, the odd cents to the first); refused while a
        hand-for-hand hand is still being played (J1: every player present, between
        hands)."""
        amounts: tuple[tuple[str, int], ...] = ()
        if kind is DealKind.CUSTOM:
            alive = self.alive()
            try:
                left = sum(remaining_prizes(self.state))
            except PokertdError:
                left = 0
            share, odd = divmod(left, len(alive))
            amounts = tuple((a, share + (odd if i == 0 else 0)) for i, a in enumerate(alive))
        command = ProposeDeal(kind=kind, amounts=amounts)
        if self.hand_under_way():
            self.must_wait(command, "a deal")
            return
        self.n.attempt(command)

    @precondition(lambda self: self.ready() and self.deal_status() is DealStatus.PROPOSED)
    @rule(accept=st.sampled_from((True, True, False)))
    def answer_the_deal(self, accept: bool) -> None:
        """J1, J2: every player accepts aloud and the supervisor approves (FOX-73), or one
        player says no."""
        n = self.n
        neg = self.state.part(PrizeBook).negotiation
        assert neg is not None
        if not accept:
            n.attempt(RejectDeal(player=neg.terms.players[-1]))
            return
        for name in neg.waiting_for:
            if name in neg.terms.players:
                n.attempt(AcceptDeal(player=name))
        neg = self.state.part(PrizeBook).negotiation
        if neg is not None and neg.status is DealStatus.PROPOSED and neg.requires_approval:
            n.attempt(ApproveDeal(supervisor="Sam Supervisor"))

    # -- prizes ---------------------------------------------------------------------------

    def payment_waits(self, player: str) -> str:
        """Why the rules make ``player``'s payment wait now (``""``: it may be paid): his
        place can still move (a late entry or re-entry, H2, A4, A8), the pool can still grow
        (A9, A10) or the hand-for-hand hand he went out in is still being played (G3)."""
        if self.n.registration_open():
            return "registration is open: a late entry would move the place"
        if self.pool_can_grow():
            return "rebuys or the add-on may still grow the pool"
        roster = self.state.part(Roster)
        hand = self.hand()
        out = {roster.entries[e].name for e in hand.out}
        if hand.on and player in out and self.waiting():
            return "his hand-for-hand hand is still being played at another table"
        return ""

    @precondition(lambda self: self.ready() and bool(self.owed()))
    @rule(pick=PICK, id_seen=st.booleans())
    def pay_prize(self, pick: int, id_seen: bool) -> None:
        """H11: pay a finisher in the money (ID seen where the venue asks), tried whenever:
        refused while the place or the pool can still move; once paid, paid (a second
        payment refused) and never undone."""
        n = self.n
        player = _pick(self.owed(), pick)
        assert player is not None
        command = PayPrize(player=player, id_checked=id_seen)
        if n.setup.profile.prize_id_required and not id_seen:
            n.refuse(command, "H11: ID and SSN are seen first")
            return
        waits = self.payment_waits(player)
        if waits:
            n.refuse(command, waits)
            self.met["payment_waits"] += 1
            return
        n.run(command)
        if player not in self.owed():  # a player paid for one entry may be owed another's
            n.refuse(command, "paid already")
        n.refuse(Undo(), "H2: a payment is never undone")

    @precondition(
        lambda self: (
            self.ready()
            and self.n.tmpl.finish_method is FinishMethod.TIMED_CHIP_COUNT
            and self.left() >= 2
        )
    )
    @rule()
    def end_at_the_set_time(self) -> None:
        """NJ-6b: the event ends at its posted time, survivors ranked by their chips."""
        alive = self.alive()
        chips = [1_000 * (len(alive) - i) for i in range(len(alive))]
        if len(alive) > 2 and self.rng.random() < 0.3:
            chips[-1] = chips[-2]  # two short stacks tie: they share their places (G2)
        self.n.attempt(EndByChipCount(counts=tuple(zip(alive, chips, strict=True))))

    # -- undo and redo --------------------------------------------------------------------

    def _models(self) -> str:
        return read_models(self.reading())

    def _state_before(self, batch: int) -> str:
        """The read models of the log as it stood just before ``batch`` was written."""
        n = self.n
        records = [r for r in n.records if r.seq < batch]
        return read_models(read(fold(n.tid, records), records, n.now))

    def _undo_once(self) -> int | None:
        """Undo the console's Undo button's batch; its id (``None``: refused or nothing). A
        payment, and anything before it, is never undone (H2)."""
        target = undo_target(self.state)
        if target is None:
            return None
        if target.refusal is not None:
            self.n.refuse(Undo(batch=target.batch), "H2: the money was handed over")
            return None
        found = self.n.attempt(Undo(batch=target.batch))
        return None if isinstance(found, PokertdError) else target.batch

    def _restored(self, batch: int) -> None:
        if self._models() != self._state_before(batch):
            raise self.fail(f"undoing batch {batch} did not restore the night as it was before")

    @precondition(lambda self: self.ready() and undo_target(self.state) is not None)
    @rule(redo=st.sampled_from((True, True, False)))
    def undo(self, redo: bool) -> None:
        """Undo takes the last command back (every read model as before it); a redo right
        after restores every read model byte-identical. Or the floor plays on undone."""
        before = self._models()
        batch = self._undo_once()
        if batch is None:
            return
        self._restored(batch)
        self.n.refuse(Undo(batch=batch), "a second tablet's Undo names a batch undone already")
        if redo:
            self.n.run(Redo(batch=batch))
            if self._models() != before:
                raise self.fail(f"undo then redo of batch {batch} changed the read models")
            self.n.refuse(Redo(batch=batch), "a second tablet's Redo: redone already")

    @precondition(
        lambda self: (
            self.ready()
            and any(b.command_type == "Bust" and not b.undone for b in self.state.batches)
        )
    )
    @rule(back=st.integers(min_value=1, max_value=4), redo=st.booleans())
    def undo_a_bust_after_later_busts(self, back: int, redo: bool) -> None:
        """A bust recorded ``back`` busts ago was wrong: undo until it is taken back (every
        later command first), then redo them all or play on from there."""
        busts = [b.batch for b in self.state.batches if b.command_type == "Bust" and not b.undone]
        if not busts:
            return
        wrong = busts[-min(back, len(busts))]
        before = self._models()
        undone: list[int] = []
        while (target := undo_target(self.state)) is not None and target.batch >= wrong:
            batch = self._undo_once()
            if batch is None:
                break
            undone.append(batch)
        if undone and undone[-1] == wrong:
            self._restored(wrong)
        if redo and undone:
            for batch in reversed(undone):
                self.n.run(Redo(batch=batch))
            if self._models() != before:
                raise self.fail("undo then redo of several commands changed the read models")

    @precondition(lambda self: self.ready() and redo_target(self.state) is not None)
    @rule()
    def redo(self) -> None:
        """Redo right after undos."""
        self.n.run(Redo())

    def cancel_the_night(self, redo: bool) -> None:
        """Management cancels the night (SPOT-6.22, A2): the refunds recorded
        are the plan shown, refunds + prizes paid = money taken to the cent (the fees of
        every purchase back in full, whatever prizes paid out beyond the players' pool
        money aside), every later command is refused writing nothing (SPOT-2b8, SPOT-2b9),
        and undo takes the cancellation back with every read model as before (a redo
        cancels again with the same refunds, undone again so the night plays on). An event
        already over cannot be cancelled.

        Not a hypothesis rule, so that it draws nothing and the derandomized nights stay the
        nights they were: the busy floor tries it right after the night's first prize is paid
        (prizes partly paid) and the night's end tries it wherever the steps left the night
        (before the first hand, during play, or once it is over: refused).
        """
        n = self.n
        first = len(n.transcript)
        try:
            self._cancel_and_take_back(redo)
        finally:  # its undos are not the floor's (the "Undo" meeting point stays earned)
            self.cancel_lines.update(range(first, len(n.transcript)))

    def _cancel_and_take_back(self, redo: bool) -> None:
        n = self.n
        if self.seen.status.finished:
            n.refuse(CancelEvent(reason="Too late"), "A2: the event is over")
            return
        plan = refund_plan(self.state)
        n.run(CancelEvent(reason="Power cut"))
        batch = self.state.batches[-1].batch
        gone = self.state.part(Cancellation)
        back = sum(line.refunded.total for line in gone.refunds)
        if back != plan.refunds:
            raise self.fail(f"refunds {back} are not the plan shown ({plan.refunds})")
        fees = sum(line.paid.house_fee + line.paid.entry_fee for line in gone.refunds)
        pool_money = plan.money_taken - fees  # prize parts and bounties the players paid
        if back != fees + max(0, pool_money - plan.prizes_paid) or (
            plan.prizes_paid <= pool_money and back + plan.prizes_paid != plan.money_taken
        ):
            raise self.fail(f"refunds {back} + prizes {plan.prizes_paid} != {plan.money_taken}")
        alive = self.alive()
        n.refuse(Register(name=n.new_name(), member="C98", age_ok=True), "SPOT-6.22: cancelled")
        if alive:
            n.refuse(Bust(players=(alive[0],)), "SPOT-2b9: nobody plays in a cancelled event")
        n.refuse(CancelEvent(reason="Twice"), "SPOT-6.22: cancelled already")
        cancelled_models = self._models()
        n.run(Undo(batch=batch))
        self._restored(batch)
        if redo:
            n.run(Redo(batch=batch))
            if self._models() != cancelled_models:
                raise self.fail("undo then redo of the cancellation changed the read models")
            n.run(Undo(batch=batch))
            self._restored(batch)

    # -- commands the rules refuse --------------------------------------------------------

    @rule(kind=st.integers(min_value=0, max_value=9))
    def refused(self, kind: int) -> None:
        """Commands every venue refuses, each writing nothing: a bust of nobody (G1), a
        registration of a player already in (A13), the clock started twice (B1), a hand
        reported with hand-for-hand off (B10), a move that is not waiting (C4), a prize for
        a player still in (H11), a stale undo, a redo with nothing undone, a deal answer
        with no deal proposed (J2), the timed end of an event played to a winner (G2)."""
        n = self.n
        alive = self.alive()
        if kind == 0:
            n.refuse(Bust(players=("Nobody Here",)))
        elif kind == 1 and alive:
            n.refuse(Register(name=alive[0], member="C00", age_ok=True))
        elif kind == 2 and self.started():
            n.refuse(StartClock())
        elif kind == 3 and not n.hand_for_hand():
            n.refuse(TableHandFinished(table="1"))
        elif kind == 4:
            n.refuse(ConfirmMoves(moves=(9_999,)))
        elif kind == 5 and len(alive) > 1 and not self.seen.status.finished:
            n.refuse(PayPrize(player=alive[0], id_checked=True), "H11: still playing")
        elif kind == 6:
            older = [b.batch for b in self.state.batches if b.undoable and not b.undone]
            if len(older) > 1:
                n.refuse(Undo(batch=older[0]))
        elif kind == 7 and redo_target(self.state) is None:
            n.refuse(Redo())
        elif kind == 8 and self.deal_status() is not DealStatus.PROPOSED and alive:
            n.refuse(AcceptDeal(player=alive[0]))
        elif kind == 9 and n.tmpl.finish_method is not FinishMethod.TIMED_CHIP_COUNT and alive:
            n.refuse(EndByChipCount(counts=tuple((a, 1_000) for a in alive)))

    # -- the end --------------------------------------------------------------------------

    def note_what_was_played(self) -> None:
        """Count the night's meeting points it reached (:attr:`reached`): hand-for-hand, a
        binding deal, a payment, a confirmed plan or redraw, an undo; and the refusals of
        :data:`REFUSALS_WANTED` it met."""
        ran = {
            line.removeprefix("n.run(").split("(")[0]
            for i, line in enumerate(self.n.transcript)
            if line.startswith("n.run(") and i not in self.cancel_lines
        }
        if any(self.n.transcript[i].startswith("n.run(CancelEvent") for i in self.cancel_lines):
            self.reached["CancelEvent"] += 1  # issue 26: a night cancelled and taken back
        if self.deal_made():
            ran.add("DealMade")
        if self._night is not None and self.state.part(PrizeBook).mystery_drawn:
            self.reached["MysteryBountyDrawn"] += 1  # issue 26: envelopes drawn this night
        for kind in MEETING_POINTS:
            self.reached[kind] += kind in ran
        for kind, count in self.met.items():
            self.reached[kind if kind in MIXED_POINTS else f"refused:{kind}"] += count
        self.reached["nights"] += 1
        self.reached["steps"] += len(self.n.transcript)
        self.played.append(self.n.night_so_far())

    def the_rest_of_the_night(self, commands: int = 150) -> None:
        """The rest of the night as a busy floor plays it (the random source of the night's
        seed chooses): mostly busts, one or two a hand; the prompts mostly confirmed at once
        (during a hand-for-hand hand too: refused); hand-for-hand turned on near the bubble,
        its reports sometimes forgotten; a deal put to the last two to four players whenever
        they ask; prizes tried as players finish; now and then a re-entry tried, a bust
        undone after later busts, the clock running on."""
        n, rng = self.n, self.rng
        tried: set[str] = set()
        for _ in range(commands):
            alive = len(self.alive())
            if alive <= 1 or n.setup.finished:
                return
            pays = places_paid(self.state) or 0
            deal = self.deal_status()
            if self.due() is not None and rng.random() < 0.8:
                self.confirm_the_prompt(everything=rng.random() < 0.5, report=rng.random() < 0.5)
            elif pays < alive <= pays + 3 and "hfh" not in tried and self.started():
                tried.add("hfh")
                if rng.random() < 0.8 and self.seated() and not self.hfh_on():
                    self.hand_for_hand(on=True)
            elif self.hfh_on() and alive <= pays and rng.random() < 0.3:
                self.hand_for_hand(on=False)  # the bubble burst: the floor ends it at once
            elif 3 <= alive <= pays and "hfh again" not in tried and self.started():
                tried.add("hfh again")  # an exact ranking wanted in the money (B10)
                if rng.random() < 0.3 and self.seated() and not self.hfh_on():
                    self.hand_for_hand(on=True)
            elif self.hfh_on() and self.waiting() and rng.random() < 0.3:
                self.report_the_hand(rng.randrange(64), again=rng.random() < 0.1)
            elif 2 <= alive <= 4 and "deal" not in tried and deal is not DealStatus.BINDING:
                tried.add("deal")
                if rng.random() < 0.7:
                    self.allow_deals_here()
                    self.propose_deal(rng.choice((DealKind.CHIP, DealKind.ICM, DealKind.CUSTOM)))
            elif deal is DealStatus.PROPOSED:
                self.answer_the_deal(accept=rng.random() < 0.8)
            elif self.owed() and rng.random() < 0.5:
                self.pay_prize(rng.randrange(64), id_seen=rng.random() < 0.9)
                if "cancel" not in tried and self.state.part(PrizeBook).paid:
                    tried.add("cancel")  # issue 26: cancelled with prizes partly paid
                    self.cancel_the_night(redo=True)
            elif n.out_names() and rng.random() < 0.08:
                self.reenter(rng.choice(n.out_names()))
            elif rng.random() < 0.1:
                self.undo_a_bust_after_later_busts(rng.randint(1, 3), redo=rng.random() < 0.5)
            elif rng.random() < 0.05 and undo_target(self.state) is not None:
                self.undo(redo=rng.random() < 0.7)
            elif rng.random() < 0.05:
                n.wait(rng.choice((60, 300, 1200)))
            else:
                self._one_hand(rng.random() < 0.15)

    def _one_hand(self, two: bool) -> None:
        """One hand's busts; on a break the floor mostly waits for play to resume (a bust
        recorded then is the hand that ended as the break began)."""
        if self.on_break() and self.rng.random() < 0.7:
            self.n.wait(300)
            return
        alive = self.alive()
        count = 2 if two and len(alive) > 2 else 1
        if len(alive) <= count:
            return
        victims = tuple(self.rng.sample(alive, count))
        stacks = (5_000,) * count if self.rng.random() < 0.3 else ()
        self._bust(victims, None, stacks)

    def allow_deals_here(self) -> None:
        """The house allows deals where it must (J2, J4)."""
        allowed = self.n.setup.profile.deals_allowed
        needs = allowed in (DealsAllowed.OFF, DealsAllowed.HOUSE_DISCRETION)
        if needs and not self.state.part(PrizeBook).deals_enabled:
            self.n.run(SetPrizeOptions(deals_enabled=True))

    def teardown(self) -> None:
        """A busy floor plays the rest of the night, the careful floor ends it and pays
        every prize, every invariant checked after each command; then the CLI's ``--json``
        is checked, and the log folded from scratch is the service's state (every read
        model, the batches and the state's encoding equal)."""
        if self._night is None:
            return
        n = self.n
        try:
            self.cancel_the_night(redo=False)  # issue 26: wherever the steps left the night
            self.the_rest_of_the_night()
            n.play_out(self.rng, self.on_plan)
            self.check_now()
            self.note_what_was_played()
            if n.alive_names()[1:] and self.state.part(Roster).final_counts is None:
                raise self.fail(f"the night did not end: {len(n.alive_names())} players left")
            problems = cli_faces(n)
            if problems:
                raise self.fail("\n".join(problems))
            again = fold(n.tid, n.records)
            mine = self.reading()
            theirs = read(again, n.records, n.now)
            if read_models(mine) != read_models(theirs):
                raise self.fail("the log folded from scratch gives other read models")
            if to_json(again.batches) != to_json(self.state.batches):
                raise self.fail("the log folded from scratch has other batches")
            if state_text(again) != state_text(self.state):
                raise self.fail("the log folded from scratch encodes another state")
        finally:
            n.store.close()


class BountyNightMachine(NightMachine):
    """The night machine of a profile whose nights include a bounty event: the director
    may also post mystery bounties (issue 26). A rule of its own class, so that the
    derandomized nights of the profiles without bounty events stay the nights they were."""

    def set_up_the_prizes(self, seed: int) -> None:
        """Every other bounty night runs mystery bounties from the start (issue 26): one
        envelope of the bounty part per entry in, drawn from level 1, 2 or 3 or from the
        money (by the seed, so the night's own draws are unchanged)."""
        n = self.n
        if not n.tmpl.bounty_event or not seed % 2:
            return
        stage = (seed // 2) % 4
        entries = len(self.state.part(Roster).entries)
        n.run(
            PostMysteryBounties(
                envelopes=((n.tmpl.fees.bounty, max(1, entries)),),
                from_level=stage or None,
                in_the_money=not stage,
            )
        )

    @precondition(lambda self: self.ready() and self.n.tmpl.bounty_event)
    @rule(stage=st.sampled_from((0, 1, 2, 3)), big=st.booleans())
    def post_mystery_bounties(self, stage: int, big: bool) -> None:
        """Issue 26: the director posts mystery-bounty envelopes drawn from level ``stage``
        (0: from the money): one envelope of the bounty part per entry sold, or one of four
        times it and two halves per entry (more than was taken: a draw never pays more).
        Accepted as a first posting before the first knockout and as a new one before the
        first draw; refused, writing nothing, once a knockout was a fixed bounty's or an
        envelope was drawn, with progressive bounties, or when the same is posted."""
        n = self.n
        state = self.state
        book = state.part(PrizeBook)
        roster = state.part(Roster)
        value = n.tmpl.fees.bounty
        entries = max(1, len(roster.entries))
        envelopes = ((value * 4, 1), (value // 2, 2 * entries)) if big else ((value, entries),)
        command = PostMysteryBounties(
            envelopes=envelopes, from_level=stage or None, in_the_money=not stage
        )
        posted = sorted((v for v, k in envelopes for _ in range(k)), reverse=True)
        terms = mystery_terms(state)
        same = terms is not None and (tuple(posted), stage or None, not stage) == (
            terms.envelopes,
            terms.from_level,
            terms.in_the_money,
        )
        if (
            book.progressive_bounties
            or book.mystery_drawn
            or (terms is None and roster.out)
            or state.part(Setup).finished
            or same
        ):
            n.refuse(command, "issue 26: envelopes stand once drawn, set before knockouts")
        else:
            n.run(command)


class MixedNightMachine(NightMachine):
    """The night machine of a profile whose nights include a mixed or stud event (issue
    28): the dealer may also say the table's game or call a stud misdeal. A rule of its own
    class, so that the derandomized nights of the hold'em-only profiles stay the nights
    they were."""

    @precondition(lambda self: self.ready() and self.seated() and bool(event_games(self.state)))
    @rule(table=PICK, pick=PICK, kind=st.sampled_from(("game", "other", "misdeal")))
    def mixed_game(self, table: int, pick: int, kind: str) -> None:
        """A mixed or stud event's table commands (issue 28): the dealer says which game
        the table deals now (``SetTableGame``: a game of the event accepted, freezing the
        button for stud, C7; one it does not deal refused, writing nothing); a stud card
        exposed by the dealer (``DeclareMisdeal.stud_card``: the first two down cards are a
        misdeal, cards 3 to 7 are not, L2: KPC-24E, TNPL-G1i(5), FOX-35A(5))."""
        seating = self.n.seating()
        if seating is None or not seating.tables:
            return
        number = _pick(sorted(seating.tables), table)
        assert number is not None
        games = event_games(self.state)
        if kind == "game":
            game = games[pick % len(games)]
            self.frozen_kept(number, game, SetTableGame(table=number, game=game))
        elif kind == "other":
            others = [g for g in Game if g not in games]
            game = others[pick % len(others)]
            self.n.refuse(SetTableGame(table=number, game=game), "issue 28: not the event's")
        else:
            card = pick % 7 + 1
            command = DeclareMisdeal(table=number, reason="Card exposed", stud_card=card)
            if card <= 2:
                self.n.attempt(command)
            else:
                self.n.refuse(command, "L2: in stud only the first two down cards")

    def _one_hand(self, two: bool) -> None:
        """The busy floor of a mixed or stud event: mostly a hand of the table's game at a
        table (its button checked, C7) before the hand's busts; now and then the dealer
        says the table's game or calls a stud misdeal, or the director moves the clock on
        a level (so the nights cross from stud to hold'em and back). The night's own random
        source chooses (no draw from hypothesis)."""
        rng = self.rng
        seating = self.n.seating()
        if seating is not None and seating.tables and not self.on_break():
            number = rng.choice(sorted(seating.tables))
            roll = rng.random()
            if roll < 0.45:
                self.play_hands(number)
            elif roll < 0.65:
                kind = rng.choice(("game", "game", "other", "misdeal"))
                index = sorted(seating.tables).index(number)
                games = event_games(self.state)
                studs = [i for i, g in enumerate(games) if g.is_stud]
                # mostly a stud round said between two hands of the level's game, then the
                # table deals on in the level's game (the button back at the frozen seat
                # when that is a board game, FOX-10B)
                pick = rng.choice(studs) if studs and rng.random() < 0.7 else rng.randrange(64)
                self.mixed_game(index, pick, kind)
                if kind == "game":
                    self.play_hands(number)
            elif roll < 0.75 and self.started():
                self.clock("next")
        super()._one_hand(two)


def is_mixed(template: str) -> bool:
    """A mixed or stud event (issue 28: its structure names its games)."""
    return load_template(template).structure_value().mixed


MIXED_PROFILES = tuple(p for p in PROFILES if any(is_mixed(t) for t in NIGHTS[p]))
"""The profiles whose nights include a mixed or stud event (Foxwoods, TNPL, the TDA)."""


def machine_for(profile: str, *, mixed: bool = False) -> type[NightMachine]:
    """The night machine of one profile (with its own :attr:`~NightMachine.reached`): its
    hold'em nights, or (``mixed``) its mixed and stud events' nights, played by
    :class:`MixedNightMachine` (so the hold'em nights stay the nights they were)."""
    templates = tuple(t for t in NIGHTS[profile] if is_mixed(t) == mixed)
    bounty = any(load_template(t).bounty_event for t in templates)
    bases: tuple[type[NightMachine], ...] = (
        *((MixedNightMachine,) if mixed else ()),
        *((BountyNightMachine,) if bounty else ()),
    ) or (NightMachine,)
    name = f"NightMachine_{profile}" + ("_mixed" if mixed else "")
    return type(
        name,
        bases,
        {"profile": profile, "templates": templates, "reached": Counter(), "played": []},
    )


def _run(profile: str, tier: settings, *, mixed: bool = False) -> type[NightMachine]:
    """Play the tier's nights on ``profile``: the machine that played them (what they
    reached, :attr:`~NightMachine.reached`, and how, :attr:`~NightMachine.played`)."""
    machine = machine_for(profile, mixed=mixed)
    with drawn_from_the_seed_only():
        run_state_machine_as_test(machine, settings=tier)
    kind = " (mixed)" if mixed else ""
    print(f"\n{profile}{kind}: {dict(machine.reached)}")  # shown with -s: how far they went
    return machine


TIER_REACHED: dict[str, Counter[str]] = {}
"""What the quick tier's nights reached, by profile (filled as its profiles run)."""


@pytest.mark.parametrize("profile", PROFILES)
def test_random_nights_keep_every_invariant(profile: str) -> None:
    """Quick tier: three derandomized nights per profile, every invariant after every
    command, each night played to its end. Each profile's nights reach a confirmed plan or
    redraw and an undo, and a payment where there is prize money; once all six profiles
    have run, the tier as a whole has reached hand-for-hand, a binding deal, a mystery
    bounty drawn (issue 26), a seat command
    or deal refused during a hand-for-hand hand and a confirm refused as stale (a machine
    that never got there would prove little; three nights a profile keep the tier within
    its minute of CI)."""
    reached = _run(profile, QUICK).reached
    reached["plans"] = reached["ConfirmPlan"] + reached["Redraw"]
    wanted = ["Undo", "plans"]
    if NIGHTS_WITH_MONEY.get(profile, True):
        wanted += ["PayPrize"]
    assert [kind for kind in wanted if not reached[kind]] == [], dict(reached)
    TIER_REACHED[profile] = reached
    if set(TIER_REACHED) == set(PROFILES):
        tier = sum(TIER_REACHED.values(), Counter[str]())
        wanted = [
            "HandForHand",
            "DealMade",
            "MysteryBountyDrawn",
            "CancelEvent",
            *(f"refused:{k}" for k in REFUSALS_WANTED),
        ]
        assert [kind for kind in wanted if not tier[kind]] == [], dict(tier)


MIXED_QUICK = settings(QUICK, max_examples=EXAMPLES or 1)
"""The quick tier's mixed and stud nights: one per profile that has such events (the
tier's minute grows by a fifth at most)."""

MIXED_REACHED: dict[str, Counter[str]] = {}
"""What the quick tier's mixed nights reached, by profile."""


@pytest.mark.parametrize("profile", MIXED_PROFILES)
def test_random_mixed_nights_keep_every_invariant(profile: str) -> None:
    """Quick tier, issue 28: a derandomized night of each profile's mixed or stud event
    (HORSE at Foxwoods, seven card stud at TNPL, 8-game under the TDA), every invariant
    after every command (the game now and next and each table's game on every face, the
    final table's size, C9; undo/redo giving back each table's game, vacated seats and
    frozen button), the table's game said (``SetTableGame``, a game the event does not deal
    refused writing nothing), stud misdeals by the card exposed (L2) and the frozen button
    checked at each stud hand (C7). Once all have run, the nights have reached an undo, a
    payment, a stud round and a board-game hand after one, their buttons checked."""
    MIXED_REACHED[profile] = _run(profile, MIXED_QUICK, mixed=True).reached
    if set(MIXED_REACHED) == set(MIXED_PROFILES):
        tier = sum(MIXED_REACHED.values(), Counter[str]())
        wanted = ["Undo", "PayPrize", *MIXED_POINTS]
        assert [kind for kind in wanted if not tier[kind]] == [], dict(tier)


@pytest.mark.slow
@pytest.mark.parametrize("profile", PROFILES)
def test_many_random_nights_keep_every_invariant(profile: str) -> None:
    """Slow tier: many random nights per profile (and of its mixed events)."""
    _run(profile, SLOW)
    if profile in MIXED_PROFILES:
        _run(profile, SLOW, mixed=True)


ONE_PROCESS = """
import sys
sys.path.insert(0, "tests")
for module in sys.argv[2:]:  # what the tests that ran before had loaded
    __import__(module)
from night.test_machine import QUICK, _run
print("\\n".join(_run(sys.argv[1], QUICK).played))
"""
"""Play one profile's quick nights in a process of its own, after loading some modules."""


def test_a_night_depends_on_its_seed_not_on_the_tests_run_before_it() -> None:
    """Spotlight's quick nights are the same nights in a fresh process and in one that ran
    the simulator's tests first (they load ``pokertd.sim``, ``pokertd.charts``): the same
    commands, refused or not, night by night. Before :class:`NightProvider`, hypothesis
    drew now and then from the constants in the source of the modules loaded, and the third
    night went another way from its twelfth command (``GivePenalty`` instead of ``Undo``),
    reached no plan and failed ``test_random_nights_keep_every_invariant[spotlight]``
    whenever ``tests/sim`` ran first in the same process. Each run is a process of its own,
    so what this process loaded before does not matter (and a hunt's ``NIGHTS_*`` are left
    out: both play the quick tier's own nights)."""
    root = Path(__file__).resolve().parents[2]
    env = {name: value for name, value in os.environ.items() if not name.startswith("NIGHTS_")}
    loaded_before = ("pokertd.charts", "pokertd.sim.batch", "pokertd.sim.night")
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", ONE_PROCESS, "spotlight", *modules],
            cwd=root,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for modules in ((), loaded_before)
    ]
    (alone, alone_err), (after, after_err) = (run.communicate(timeout=600) for run in runs)
    assert [run.returncode for run in runs] == [0, 0], alone_err + after_err
    assert alone.count("n = FloorNight(") >= 3
    assert after == alone
