"""The careless floor: a simulated night run by a floor that makes the mistakes people make
(issue 22, ``pokertd sim --floor careless``).

:class:`CarelessNight` is the careful :class:`~pokertd.sim.night.Night` with a floorperson
who, at the rates of :data:`RATES` drawn from a generator seeded by the night's seed (so a
seed replays its mistakes exactly), also:

* **forgets to end hand-for-hand** (``hfh_not_ended``): never turns it off — the core ends
  it by itself once the hand that burst the bubble is over everywhere (B10, ``hfh_ends_at``);
* **turns hand-for-hand on late** (``hfh_late``): only 1 to 3 players above the money;
* **turns it off mid-hand** (``hfh_off_mid_hand``): after one table reported the hand and
  before the others did (their reports are then refused; the next hand-for-hand hand has a
  new name, G3);
* **busts the wrong player** (``wrong_bust_undone``): a player still playing at the same
  table; after 1 to 3 later busts elsewhere (or as soon as that table deals again, the
  console prompts for something, or a refusal names that player), undoes back to it batch
  by batch with the batch ids the console shows ("Undo: Busted …"), then records the right
  bust and every later command again — the buttons must move as they did;
* **confirms from a stale screen** (``stale_confirm``): leaves the plan shown (moves, a
  table break, the final table) unconfirmed until something changed (a bust, an entry),
  then confirms the old token — the core must refuse it as stale and write nothing, unless
  the plan is still the same — and confirms the new plan;
* **double-taps** (``double_tap``): sends a bust, a payment, a confirm, a registration or
  an undo twice in a row: the second must be refused and write nothing;
* **undoes by mistake** (``undo_redo``): the last command, redone at once — every read
  model (results, standings, money, clock, seats) must be as before;
* **offers a deal at 3 or 4 left** (``deal``): ICM, chip chop or custom amounts
  (``ProposeDeal``, every player's ``AcceptDeal`` — or one ``RejectDeal`` —, the
  supervisor's ``ApproveDeal`` where the venue asks, FOX-73), with deals enabled by
  ``SetPrizeOptions`` where the venue leaves them to the house (J4);
* **pays prizes as players finish** (``pay_early``): right after the hand; while the place
  is not final (an entry still possible, the hand-for-hand hand open) the core must refuse
  (H2);
* **records a bust during the break** (``bust_in_break``): a hand that put a player out in
  the last ten minutes before a break is recorded when the break starts (B2: a hand of its
  own, its name given);
* **closes registration early or late** (``close_early``, ``close_late``): by hand before
  the clock would, or after the clock did (then it must change nothing).

Every refusal is checked to have written nothing, and after every bust, deal, payment, undo
and registration close the money, places and end invariants hold
(:mod:`pokertd.sim.invariants`): a broken one stops the night with
:class:`~pokertd.sim.invariants.SimulationError`. The report counts the mistakes by kind.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from pokertd.app import TournamentService
from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.rules import RuleProfile
from pokertd.sim.invariants import SimulationError
from pokertd.sim.night import Night, register_floor
from pokertd.sim.report import RATES, NightConfig
from pokertd.sim.slips import Slips, WrongBust
from pokertd.sim.table import Out
from pokertd.sim.timeline import registration_window
from pokertd.tournament.clock import HandForHand
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import Register, Roster, Setup
from pokertd.tournament.framework import Command, EventRecord
from pokertd.tournament.prizes import (
    PayPrize,
    RecordBountyWinners,
)
from pokertd.tournament.seating import (
    HandsPlayed,
    MovesDue,
    PlayHands,
    Tables,
    moves_due,
)
from pokertd.tournament.templates import Template

BREAK_SOON = 600.0
"""A bust this close to a break (seconds) may be recorded when the break starts."""

JOURNALED = (PlayHands, Bust, RecordBountyWinners)
"""The commands the floor records between a wrong bust and its correction: hands played and
busts at the other tables. Anything else (a move, an entry, a colour-up) makes the floor
look at the console first, where the wrong bust shows, and correct it."""


@dataclass(slots=True)
class _Deferred:
    """A hand's busts the floor will record at the break."""

    outs: list[Out]
    hand_name: str | None
    button: int


@register_floor("careless")
class CarelessNight(Night):
    """A simulated night whose floor makes the mistakes of :data:`RATES`."""

    def __init__(
        self,
        config: NightConfig,
        tmpl: Template,
        profile: RuleProfile,
        progress: Callable[[int, int], None] | None,
        *,
        copy_of: tuple[TournamentService, str] | None = None,
    ) -> None:
        super().__init__(config, tmpl, profile, progress, copy_of=copy_of)
        self.checks.on = True
        self.draws = random.Random(f"floor:{tmpl.name}:{config.seed}")
        """The floor's own draws: which mistakes, when (seeded by the night's seed)."""
        self.forgets_hfh_end = self.draws.random() < RATES["hfh_not_ended"]
        self.late_hfh = self.draws.random() < RATES["hfh_late"]
        if self.late_hfh:
            self.floor.hfh.margin = self.draws.randint(1, max(tmpl.seats_per_table - 1, 1))
        self.hfh_forgotten = False
        self.hfh_started = False
        self.wrong: WrongBust | None = None
        self.correcting = False
        self.deferred: list[_Deferred] = []
        self.stale: MovesDue | None = None
        self.deal_decided = False
        self.close_at: float | None = None
        self.close_late_decided = False
        self.close_late_at: float | None = None
        self.tapping = False
        self.slips = Slips(self)
        """The slips the core must refuse or absorb (:mod:`pokertd.sim.slips`)."""

    # -- the service: a wrong bust is corrected before anything but the tables' play ----

    def run(self, command: Command) -> list[EventRecord]:
        wrong = self.wrong
        if wrong is None or self.correcting:
            return super().run(command)
        if not isinstance(command, JOURNALED):
            self.slips.correct()
            return super().run(command)
        before = self.console.last_seq()
        try:
            records = super().run(command)
        except (RuleViolation, InvalidCommand) as exc:
            if not any(name in str(exc) for name in (wrong.name, *wrong.right.players)):
                raise
            # "Dmitri Dubois is not in the tournament (busted)": the refusal names the player
            # busted by mistake (he won a pot of this hand), or "Ines Chen has not been
            # knocked out": the player meant (her split bounty recorded, I4): the floor
            # corrects the bust first
            self.console.refused(command, before)
            self.slips.correct()
            return super().run(command)
        played = (r.event for r in records if isinstance(r.event, HandsPlayed))
        wrong.journal.append((command, next((e.button for e in played), None)))
        if isinstance(command, Bust):
            wrong.later += 1
        return records

    def attempt(
        self, command: Command
    ) -> tuple[list[EventRecord] | None, RuleViolation | InvalidCommand | None]:
        if self.wrong is not None and not self.correcting and not isinstance(command, JOURNALED):
            self.slips.correct()  # before the refusal check's "last seq"
        return super().attempt(command)

    def tap(self, command: Command, what: str) -> None:
        """The same command again at once: it must be refused and write nothing."""
        if self.tapping or self.draws.random() >= RATES["double_tap"]:
            return
        self.mistakes["double_tap"] += 1
        self.tapping = True
        try:
            records, _ = self.attempt(command)
        finally:
            self.tapping = False
        if records is not None:
            # English on purpose: a broken self-check is a bug report for the developers
            raise SimulationError(
                f"Invariant broken — a command sent twice is refused the second time: "
                f"{what} was applied twice ({type(command).__name__})."
            )

    # -- the wrong bust, undone after later busts ------------------------------------------

    def record_bust(self, bust: Bust, group: list[Out]) -> None:
        if (
            self.wrong is None
            and not self.correcting
            and not self.floor.hfh.on
            and bust.hand is not None
            and len(group) == 1
            and self.draws.random() < RATES["wrong_bust"]
        ):
            found = self.slips.wrong_player(group[0])
            if found is not None:
                table, name = found
                records, _ = self.attempt(replace(bust, players=(name,)))
                if records is not None:
                    self.mistakes["wrong_bust_undone"] += 1
                    self.wrong = WrongBust(
                        batch=records[0].batch,
                        name=name,
                        table=table,
                        right=bust,
                        wanted=self.draws.randint(1, 3),
                    )
                    return
        self.run(bust)
        self.tap(bust, f"the bust of {', '.join(bust.players)}")

    def notice(self) -> None:
        """The floor looks at the console before a command that reads the whole night: a
        wrong bust still there is corrected first (so what is compared is the night as
        the floor will leave it)."""
        if self.wrong is not None and not self.correcting:
            self.slips.correct()

    def settle(self) -> None:
        """Before what reads the whole field (a deal, hand-for-hand, the end): the wrong
        bust corrected, the busts kept for the break recorded."""
        if self.wrong is not None:
            self.slips.correct()
        if self.deferred:
            self._flush()

    # -- a bust recorded at the break; prizes paid as players finish; a deal ---------------

    def bust(self, outs: list[Out], hand_name: str | None, button: int) -> None:
        if self._defers(outs, hand_name):
            self.mistakes["bust_in_break"] += 1
            self.deferred.append(_Deferred(outs, hand_name, button))
            self.busts.gone(outs, reentries=False)
            return
        super().bust(outs, hand_name, button)
        self.slips.pay_early(outs)
        if self.draws.random() < RATES["undo_redo"]:
            self.slips.undo_redo()
        self.slips.maybe_deal()

    def _defers(self, outs: list[Out], hand_name: str | None) -> bool:
        """Whether the floor leaves this hand's busts for the break (one starts soon)."""
        if (
            self.floor.hfh.on
            or hand_name is None
            or self.wrong is not None
            or len(self.ledger.stacks) - len(outs) < 2
        ):
            return False
        level, on_break, end = self.periods.position(self.time.t)
        if on_break or end - self.time.t > BREAK_SOON:
            return False
        row = self.periods.structure().break_after(level)
        if row is None or row.seconds <= 0:
            return False
        return self.draws.random() < RATES["bust_in_break"]

    def seats_known(self, number: int) -> bool:
        seating = self.st.part(Tables).seating
        if not self.deferred or seating is None or number not in seating.tables:
            return True
        gone = {o.entry_id for d in self.deferred for o in d.outs}
        return not gone.intersection(p for p in seating.tables[number].players if p)

    def _flush(self) -> None:
        """Record the busts kept for the break (B2: each a hand of its own, named)."""
        deferred, self.deferred = self.deferred, []
        playing = {self.ledger.names[e] for e in self.ledger.stacks}
        for d in deferred:
            # who won the pot may be out by now: the core takes only a live eliminator
            # (G1), so the floor records the bust without one (its bounty uncollected, I6)
            outs = [
                o if set(o.winners) <= playing else replace(o, winners=(), seats=()) for o in d.outs
            ]
            self.busts.record(outs, d.hand_name, d.button)
            for o in d.outs:
                self.desk.comes_back(o.name)
        self.floor.dirty = True

    def period_started(self, level: int, on_break: bool) -> None:
        if self.periods.seen != (level, on_break):
            if self.wrong is not None:
                self.slips.correct()
            if on_break and self.deferred:
                self._flush()
        super().period_started(level, on_break)
        if (
            not self.close_late_decided
            and self.marks.registration_closed_at is not None
            and not self.st.part(Setup).registration_closed
        ):
            self.close_late_decided = True
            if self.draws.random() < RATES["close_late"]:
                self.close_late_at = self.time.t + self.draws.uniform(60, 1800)

    def pay(self, pay: PayPrize) -> None:
        super().pay(pay)
        self.tap(pay, f"the payment of {pay.player}")

    def finish(self) -> None:
        self.settle()
        super().finish()

    # -- hand-for-hand -----------------------------------------------------------------

    def keeps_hand_for_hand(self) -> bool:
        if not self.forgets_hfh_end:
            return False
        if not self.hfh_forgotten:
            self.hfh_forgotten = True
            self.mistakes["hfh_not_ended"] += 1
        return True

    def before_hand_for_hand(self) -> None:
        self.settle()
        self.hfh_forgotten = False
        if self.late_hfh and not self.hfh_started:
            self.mistakes["hfh_late"] += 1
        self.hfh_started = True

    def table_reported(self, busts: bool) -> None:
        rate = RATES["hfh_off_mid_hand_after_bust" if busts else "hfh_off_mid_hand"]
        if self.floor.hfh.cut or self.draws.random() >= rate:
            return
        self.mistakes["hfh_off_mid_hand"] += 1
        self.run(HandForHand(on=False))
        self.floor.hfh.on = False
        self.floor.hfh.cut = True
        self.periods.changed()

    # -- the console's plans: a stale screen, a double tap --------------------------------

    def walks_away(self, due: MovesDue) -> bool:
        if self.stale is not None or self.draws.random() >= RATES["stale_confirm"]:
            return False
        if not any(self.at_table(n)[1].bit_count() >= 2 for n in self.tables.ready):
            return False  # nothing could change meanwhile: the floor confirms now
        self.mistakes["stale_confirm"] += 1
        self.stale = due
        return True

    def prompts(self) -> None:
        wrong = self.wrong
        if (
            wrong is not None
            and not self.correcting
            and (wrong.later >= wrong.wanted or (self.floor.dirty and self._console_prompts()))
        ):
            self.slips.correct()
        if self.stale is not None and self.floor.dirty:
            self.slips.confirm_stale()
        super().prompts()

    def _console_prompts(self) -> bool:
        """Whether the console asks the floor for something (moves, the final table, a
        seat for an alternate): the floor looks at it and sees the wrong bust."""
        state = self.st
        return bool(
            state.part(Tables).pending
            or state.part(Roster).alternates
            or moves_due(state) is not None
        )

    def confirmed(self, command: Command) -> None:
        self.tap(command, f"the confirm ({type(command).__name__})")

    def registered(self, command: Register) -> None:
        self.tap(command, f"the registration of {command.name}")

    # -- registration closed early or late ----------------------------------------------

    def create(self) -> None:
        super().create()
        window = registration_window(self.tmpl, self.profile)
        if window > 0 and self.draws.random() < RATES["close_early"]:
            self.close_at = self.draws.uniform(0.2, 0.8) * window

    def turn(self, number: int, t: float) -> None:
        if self.wrong is not None and number == self.wrong.table:
            self.slips.correct()  # the dealer at that table: "seat 4 is still playing"
        if self.close_at is not None and t >= self.close_at:
            self.slips.close_early()
        if self.close_late_at is not None and t >= self.close_late_at:
            self.slips.close_late()
        super().turn(number, t)


__all__ = ["JOURNALED", "RATES", "CarelessNight"]
