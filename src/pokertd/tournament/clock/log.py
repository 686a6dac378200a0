"""The clock in the tournament log: commands, events, deciders and appliers.

Every floor action on the clock is a command decided against the tournament state and
recorded as an event carrying the instant it happened (``at``, ISO UTC): start, pause,
resume, next/previous/set level, add or take time, levels added, hand-for-hand on/off and
each hand-for-hand hand, colour-ups with the full race result (cards drawn included) and
clocks called on a seat. Replaying the events rebuilds the
:class:`~pokertd.tournament.clock.state.ClockPart` exactly; the clock itself is the pure
value of :mod:`pokertd.tournament.clock.rules`.

The first clock command stores the structure (from the template, as it is that night) in a
:class:`ClockSetUp` event, so a later change to a preset file never changes a past log.

Hand-for-hand (B10): a hand is closed when every table has reported it (the last report
takes the hand's time off the clock) or when the floor turns hand-for-hand off; the hand that
burst the bubble ends hand-for-hand in the same batch as its last report (``hfh_ends_at``).
A colour-up waits while a hand-for-hand hand is open.

Implements: B1, B2, B7, B10 (FOX-HFH), B11/B12 (colour-ups recorded, chips in play
adjusted), B13 (TNPL-D2iv: the logged race result is final), B14 (colour-ups outside the
schedule are announced in the log), B15 (clock called on a seat, record-only).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from contextlib import AbstractContextManager, suppress
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Annotated, Any

from pokertd.errors import InvalidCommand, PokertdError, RuleViolation
from pokertd.i18n import N_, Chips, Params, Phrase, Sentence
from pokertd.rules import AnteType, ClockExpiry, ColorUpMethod, Game, HandForHandEnd
from pokertd.tournament import limits as lim
from pokertd.tournament.chips import Chip, ChipSet
from pokertd.tournament.clock import rules as clk
from pokertd.tournament.clock.chip_race import COLOUR_UP, ColorUpResult, color_up
from pokertd.tournament.clock.rules import ClockState, mmss, new_clock, view
from pokertd.tournament.clock.shot_clock import (
    ShotClock,
    acted_in_time,
    call_clock,
    expiry_action,
)
from pokertd.tournament.clock.state import (
    ClockPart,
    bubble_burst,
    hfh_hand_name,
    hfh_hand_open,
    hfh_waiting_tables,
    live_tables,
    playing_tables,
)
from pokertd.tournament.entries.state import (
    Removal,
    Roster,
    Setup,
    live_entry_of,
    night_over,
    wait_for_hand_for_hand_hand,
)
from pokertd.tournament.framework import (
    Command,
    Context,
    Event,
    TournamentState,
    applies,
    decides,
    event,
)
from pokertd.tournament.penalties import penalty_hands
from pokertd.tournament.prizes.payouts import check_schedule_posted
from pokertd.tournament.prizes.state import PrizeBook
from pokertd.tournament.seating.rules import Seating
from pokertd.tournament.seating.state import seated_at
from pokertd.tournament.structures import (
    Level,
    Structure,
    structure_from_dict,
)


def _iso(now: datetime) -> str:
    return clk.from_epoch(clk.epoch_seconds(now)).isoformat()


def _at(text: str) -> datetime:
    return datetime.fromisoformat(text)


# --------------------------------------------------------------------------------------
# Events


@event("clock_set_up")
class ClockSetUp(Event):
    """The clock was set up with the event's structure (stored in full)."""

    structure: dict[str, Any]
    registration_closes_after_level: int | None = None
    rebuy_minutes: int | None = None

    def said(self) -> Sentence:
        name = self.structure.get("title") or self.structure.get("name", "")
        return Sentence(N_("Clock set up with the structure %(name)s"), {"name": name})


@event("clock_started")
class ClockStarted(Event):
    """The clock was started."""

    at: str

    def said(self) -> Sentence:
        return Sentence(N_("Clock started"))


@event("clock_paused")
class ClockPaused(Event):
    """The clock was paused."""

    at: str
    reason: str = ""

    def said(self) -> Sentence:
        if self.reason:
            return Sentence(N_("Clock paused (%(reason)s)"), {"reason": self.reason})
        return Sentence(N_("Clock paused"))


@event("clock_resumed")
class ClockResumed(Event):
    """The clock was set running again."""

    at: str

    def said(self) -> Sentence:
        return Sentence(N_("Clock resumed"))


@event("clock_moved")
class ClockMoved(Event):
    """The floor moved the clock to the start of a level or a break."""

    at: str
    level: int
    on_break: bool = False

    def said(self) -> Sentence:
        if self.on_break:
            return Sentence(
                N_("Clock moved to the break after level %(level)s"), {"level": self.level}
            )
        return Sentence(N_("Clock moved to the start of level %(level)s"), {"level": self.level})


@event("clock_adjusted")
class ClockAdjusted(Event):
    """Time added to (positive) or taken off (negative) the current level or break."""

    at: str
    seconds: int

    def said(self) -> Sentence:
        time: Params = {"time": mmss(abs(self.seconds))}
        if self.seconds > 0:
            return Sentence(N_("%(time)s added to the clock"), time)
        return Sentence(N_("%(time)s taken off the clock"), time)


@event("levels_added")
class LevelsAdded(Event):
    """Levels appended to the structure ("additional levels will be added as needed")."""

    levels: tuple[dict[str, Any], ...]

    def said(self) -> Sentence:
        numbers = [lv["level"] for lv in self.levels]
        if len(numbers) > 1:
            return Sentence(
                N_("Levels %(first)s-%(last)s added"), {"first": numbers[0], "last": numbers[-1]}
            )
        return Sentence(N_("Level %(level)s added"), {"level": numbers[0]})


@event("hand_for_hand_started")
class HandForHandStarted(Event):
    """The TD announced hand-for-hand (B10)."""

    at: str

    def said(self) -> Sentence:
        return Sentence(N_("Hand-for-hand started"))


@event("hand_for_hand_ended")
class HandForHandEnded(Event):
    """Hand-for-hand play ended; the clock runs in real time again.

    Ended by the floor (``hfh off``), it closes the hand in play: its name is never used
    again, and no bust joins it. Ended by itself (``reason``: the bubble burst, B10), it
    follows the report that finished the hand, which closed it already.
    """

    at: str
    reason: str = ""
    """Why it ended by itself (``""``: the floor ended it)."""
    closes_hand: bool = True
    """It closes the hand in play (``False`` right after that hand was finished)."""

    def said(self) -> Sentence:
        if self.reason:
            return Sentence(
                N_("Hand-for-hand ended by itself: %(reason)s"), {"reason": self.reason}
            )
        return Sentence(N_("Hand-for-hand ended"))


@event("hand_for_hand_hand_played")
class HandForHandHandPlayed(Event):
    """Every table finished a hand-for-hand hand: time taken off the clock (FOX-HFH)."""

    at: str
    seconds: int
    hand: int
    """The hand finished: ``HFH-{hand}`` (logs before issue 22: hands deducted so far)."""

    def said(self) -> Sentence:
        return Sentence(
            N_("Hand-for-hand hand %(hand)s finished: %(time)s off the clock"),
            {"hand": self.hand, "time": mmss(self.seconds)},
        )


@event("table_hand_finished")
class TableHandReported(Event):
    """One table's dealer reported the current hand-for-hand hand finished (FOX-HFH)."""

    at: str
    table: int
    hand: int = 0
    """The hand reported: ``HFH-{hand}`` (0 in logs before issue 22)."""

    def said(self) -> Sentence:
        if self.hand:
            return Sentence(
                N_("Table %(table)s finished its hand-for-hand hand (HFH-%(hand)s)"),
                {"table": self.table, "hand": self.hand},
            )
        return Sentence(
            N_("Table %(table)s finished its hand-for-hand hand"), {"table": self.table}
        )


_METHOD_WORDS = {"round_up": N_("rounding up"), "race": N_("race")}
"""How the log words a colour-up method (B12) that is not already a word (``race``)."""


@event("colored_up")
class ColoredUp(Event):
    """A table coloured up (B11/B12): the race result with every card drawn."""

    at: str
    table: str
    removed: tuple[int, ...]
    entries: dict[str, str]
    """Seat number (as text) → entry id."""
    result: dict[str, Any]

    def said(self) -> Sentence:
        params: Params = {
            "removed": " & ".join(f"{v:,}" for v in self.removed),
            "method": Phrase(_METHOD_WORDS.get(self.result["method"], self.result["method"])),
            "before": Chips(self.result["chips_before"]),
            "after": Chips(self.result["chips_after"]),
        }
        if self.table:
            return Sentence(
                N_(
                    "Colour-up at table %(table)s: %(removed)s chips removed by %(method)s; "
                    "%(before)s → %(after)s chips"
                ),
                params | {"table": self.table},
            )
        return Sentence(
            N_("Colour-up: %(removed)s chips removed by %(method)s; %(before)s → %(after)s chips"),
            params,
        )

    def undo_refusal(self, state: TournamentState) -> RuleViolation | None:
        """TNPL-D2iv: a logged chip race stands where players could watch it."""
        if state.part(Setup).profile.race_errors_correctable:
            return None
        return RuleViolation(
            template=N_("The chip race result stands: race errors are not corrected afterwards."),
            rule_ids=state.part(Setup).profile.cite("B13"),
        )


@event("chip_introduced")
class ChipIntroduced(Event):
    """A new denomination was put into play and announced to the whole event (B14)."""

    value: int
    color: str = ""
    count: int = 0

    def said(self) -> Sentence:
        if self.color:
            return Sentence(
                N_("New chip announced: %(value)s (%(color)s)"),
                {"value": Chips(self.value), "color": self.color},
            )
        return Sentence(N_("New chip announced: %(value)s"), {"value": Chips(self.value)})


@event("clock_called")
class ClockCalled(Event):
    """A clock was put on a player (B15)."""

    at: str
    table: str
    seat: int
    action_seconds: int
    countdown_seconds: int

    def said(self) -> Sentence:
        params: Params = {
            "table": self.table or 0,
            "seat": self.seat,
            "action": self.action_seconds,
            "countdown": self.countdown_seconds,
        }
        if self.table:
            return Sentence(
                N_(
                    "Clock called on table %(table)s seat %(seat)s: %(action)s s + "
                    "%(countdown)s s countdown"
                ),
                params,
            )
        return Sentence(
            N_("Clock called on seat %(seat)s: %(action)s s + %(countdown)s s countdown"), params
        )


@event("clock_expired")
class ClockExpired(Event):
    """A called clock ran out: the player's hand is dead or checked, as the profile says
    (B15)."""

    at: str
    table: str
    seat: int
    facing_bet: bool
    outcome: str
    """``dead`` or ``check`` (:class:`~pokertd.rules.ClockExpiry`)."""
    rule: str = ""

    def said(self) -> Sentence:
        params: Params = {
            "table": self.table or 0,
            "seat": self.seat,
            "facing": Phrase(N_("facing a bet") if self.facing_bet else N_("not facing a bet")),
            "what": Phrase(
                N_("his hand is dead") if self.outcome == ClockExpiry.DEAD else N_("he checks")
            ),
            "rule": f" ({self.rule})" if self.rule else "",
        }
        if self.table:
            return Sentence(
                N_("Clock ran out on table %(table)s seat %(seat)s, %(facing)s: %(what)s%(rule)s"),
                params,
            )
        return Sentence(N_("Clock ran out on seat %(seat)s, %(facing)s: %(what)s%(rule)s"), params)


# --------------------------------------------------------------------------------------
# Appliers (never validate; a step made impossible by an undo is skipped)


def _step(state: TournamentState, change: Callable[[ClockState], ClockState]) -> None:
    part = state.part(ClockPart)
    if part.clock is None:
        return
    # An earlier batch was undone and this step no longer applies: skip it.
    with suppress(PokertdError):
        part.clock = change(part.clock)


@applies(ClockSetUp)
def _apply_set_up(state: TournamentState, ev: ClockSetUp) -> None:
    part = state.part(ClockPart)
    part.clock = ClockState(
        structure=structure_from_dict(ev.structure),
        registration_closes_after_level=ev.registration_closes_after_level,
        rebuy_minutes=ev.rebuy_minutes,
    )


@applies(ClockStarted)
def _apply_started(state: TournamentState, ev: ClockStarted) -> None:
    _step(state, lambda c: clk.start(c, _at(ev.at)))


@applies(ClockPaused)
def _apply_paused(state: TournamentState, ev: ClockPaused) -> None:
    _step(state, lambda c: clk.pause(c, _at(ev.at)))


@applies(ClockResumed)
def _apply_resumed(state: TournamentState, ev: ClockResumed) -> None:
    _step(state, lambda c: clk.resume(c, _at(ev.at)))


@applies(ClockMoved)
def _apply_moved(state: TournamentState, ev: ClockMoved) -> None:
    _step(state, lambda c: clk.move_to(c, _at(ev.at), ev.level, ev.on_break))


@applies(ClockAdjusted)
def _apply_adjusted(state: TournamentState, ev: ClockAdjusted) -> None:
    _step(state, lambda c: clk.adjust(c, _at(ev.at), ev.seconds))


@applies(LevelsAdded)
def _apply_levels(state: TournamentState, ev: LevelsAdded) -> None:
    levels = [
        Level(
            number=lv["level"],
            small_blind=lv["small_blind"],
            big_blind=lv["big_blind"],
            ante=lv["ante"],
            ante_type=AnteType(lv["ante_type"]),
            minutes=lv["minutes"],
            game=Game(lv["game"]) if lv.get("game") else None,  # a mixed event's (issue 28)
            bring_in=lv.get("bring_in", 0),
        )
        for lv in ev.levels
    ]
    _step(state, lambda c: clk.append_levels(c, levels))


def _open_hfh_hand(state: TournamentState) -> None:
    """A new hand-for-hand hand opens: no table has reported it, nobody is out in it."""
    part = state.part(ClockPart)
    roster = state.part(Roster)
    part.hfh_reported.clear()
    part.hfh_out_mark = len(roster.out)
    part.hfh_alive_mark = roster.alive_count


@applies(HandForHandStarted)
def _apply_hfh_on(state: TournamentState, ev: HandForHandStarted) -> None:
    _open_hfh_hand(state)
    state.part(ClockPart).hfh_ended = ""
    _step(state, lambda c: clk.hand_for_hand_on(c, _at(ev.at)))


@applies(HandForHandEnded)
def _apply_hfh_off(state: TournamentState, ev: HandForHandEnded) -> None:
    part = state.part(ClockPart)
    part.hfh_reported.clear()
    if ev.closes_hand:
        part.hfh_closed += 1  # off closes the hand in play: its name is never used again
    part.hfh_ended = ev.reason
    part.hfh_ended_out = len(state.part(Roster).out)
    _step(state, lambda c: clk.hand_for_hand_off(c, _at(ev.at)))


@applies(HandForHandHandPlayed)
def _apply_hfh_hand(state: TournamentState, ev: HandForHandHandPlayed) -> None:
    state.part(ClockPart).hfh_closed += 1
    _open_hfh_hand(state)
    if ev.seconds <= 0:
        return  # finished during a break: the level is over, no time taken off (B2)
    profile = state.part(Setup).profile.replace(hfh_seconds_per_hand=ev.seconds)
    _step(state, lambda c: clk.hand_finished(c, _at(ev.at), profile))


@applies(TableHandReported)
def _apply_table_hand(state: TournamentState, ev: TableHandReported) -> None:
    reported = state.part(ClockPart).hfh_reported
    if ev.table not in reported:
        reported.append(ev.table)


@applies(ColoredUp)
def _apply_colored_up(state: TournamentState, ev: ColoredUp) -> None:
    part = state.part(ClockPart)
    for value in ev.removed:
        if value not in part.removed:
            part.removed.append(value)
    # When it was raced: the level and whether on its break, as the clock stood then (a
    # bust during this break of a player raced at it is refused, B2)
    then = view(part.clock, _at(ev.at)) if part.clock is not None else None
    part.color_ups.append(
        {
            "at": ev.at,
            "table": ev.table,
            "result": ev.result,
            "entries": dict(ev.entries),
            "level": then.level.number if then is not None else None,
            "on_break": then.on_break if then is not None else False,
        }
    )
    roster = state.part(Roster)
    for seat in ev.result["seats"]:
        entry_id = ev.entries.get(str(seat["seat"]))
        entry = roster.entries.get(entry_id) if entry_id is not None else None
        if entry is not None:
            entry.stack = seat["stack_after"]
            entry.stack_note = "colour-up"
    change = ev.result["chips_before"] - ev.result["chips_after"]
    if change:
        roster.remove(Removal(change, f"colour-up ({ev.result['method']})"))


@applies(ChipIntroduced)
def _apply_chip(state: TournamentState, ev: ChipIntroduced) -> None:
    def add(c: ClockState) -> ClockState:
        chips = sorted(
            (*c.structure.chips.chips, Chip(ev.value, ev.color, ev.count)), key=lambda x: x.value
        )
        return replace(c, structure=replace(c.structure, chips=ChipSet(tuple(chips))))

    _step(state, add)


@applies(ClockExpired)
def _apply_expired(state: TournamentState, ev: ClockExpired) -> None:
    state.part(ClockPart).called.pop(f"{ev.table}/{ev.seat}", None)


@applies(ClockCalled)
def _apply_called(state: TournamentState, ev: ClockCalled) -> None:
    state.part(ClockPart).called[f"{ev.table}/{ev.seat}"] = ShotClock(
        seat=ev.seat,
        started_at=clk.epoch_seconds(_at(ev.at)),
        action_seconds=ev.action_seconds,
        countdown_seconds=ev.countdown_seconds,
    )


# --------------------------------------------------------------------------------------
# Commands


@dataclass(frozen=True, slots=True)
class StartClock(Command):
    """Start the clock (level 1 unless the floor set another level first)."""


@dataclass(frozen=True, slots=True)
class PauseClock(Command):
    """Stop the clock."""

    reason: lim.Announcement = ""


@dataclass(frozen=True, slots=True)
class ResumeClock(Command):
    """Set the clock running again."""


@dataclass(frozen=True, slots=True)
class NextLevel(Command):
    """Go to the start of the next level or break."""


@dataclass(frozen=True, slots=True)
class PreviousLevel(Command):
    """Go back to the start of the previous level or break."""


@dataclass(frozen=True, slots=True)
class SetLevel(Command):
    """Go to the start of a level."""

    level: lim.LevelNo


@dataclass(frozen=True, slots=True)
class AdjustClock(Command):
    """Add (positive) or take off (negative) seconds."""

    seconds: lim.Seconds


@dataclass(frozen=True, slots=True)
class AddLevels(Command):
    """Append levels by the structure's progression."""

    count: lim.Count = 1


@dataclass(frozen=True, slots=True)
class HandForHand(Command):
    """Turn hand-for-hand on or off (B10)."""

    on: bool = True


@dataclass(frozen=True, slots=True)
class HandForHandHand(Command):
    """Every table has finished the current hand-for-hand hand."""


@dataclass(frozen=True, slots=True)
class TableHandFinished(Command):
    """One table's dealer reports the current hand-for-hand hand finished (FOX-HFH).

    When the last table with players reports, the clock loses one hand's time.
    """

    table: lim.TableText


@dataclass(frozen=True, slots=True)
class ColorUp(Command):
    """Colour up one table: players and their stacks (seat 1 first unless the seating
    knows their seats; none at all = the table's last recorded stacks).

    ``removed`` defaults to the chips the schedule removes at this break; ``method`` is for
    TNPL's race-or-round-up choice; ``deck`` records the cards as dealt in a live race
    (otherwise the race is drawn from the context's random source).
    """

    stacks: Annotated[
        tuple[tuple[lim.PlayerRef, lim.Chips], ...], lim.Items(N_("Stacks"), lim.SEAT_MAX)
    ]
    removed: Annotated[tuple[lim.Denomination, ...], lim.Items(N_("Colours removed"), 100)] = ()
    method: lim.Word | None = None
    table: lim.TableText = ""
    deck: Annotated[tuple[lim.CardText, ...], lim.Items(N_("A deck"), 520)] | None = None


@dataclass(frozen=True, slots=True)
class IntroduceChip(Command):
    """Put a new denomination into play (B14: announced to the whole event)."""

    value: lim.Denomination
    color: lim.Word = ""
    count: lim.Count = 0


@dataclass(frozen=True, slots=True)
class CallClock(Command):
    """Put a clock on the player in ``seat`` (B15). Where the tables are laid out the seat
    must hold a player at a table in play (``table`` may be left out with one table)."""

    seat: lim.SeatNo
    table: lim.TableText = ""


@dataclass(frozen=True, slots=True)
class ExpireClock(Command):
    """The clock called on ``seat`` ran out: record what happens to the hand (B15) — dead
    when he faces a bet, and dead or checked otherwise as the venue says."""

    seat: lim.SeatNo
    table: lim.TableText = ""
    facing_bet: bool = False


def _structure_for(state: TournamentState) -> tuple[Structure, int | None, int | None]:
    setup = state.part(Setup)
    tmpl = setup.tmpl
    profile = setup.profile
    structure = tmpl.structure_value()
    close = tmpl.registration_close(profile)
    rebuy: int | None = None
    if tmpl.rebuy is not None:
        rebuy = (
            tmpl.rebuy.minutes if tmpl.rebuy.minutes is not None else profile.rebuy_window_minutes
        )
    elif structure.rebuy_minutes is not None and profile.rebuy_allowed:
        rebuy = structure.rebuy_minutes
    return structure, close, rebuy


def _clock(state: TournamentState) -> tuple[ClockState, list[Event]]:
    """The tournament's clock, or a new one with the event that sets it up."""
    part = state.part(ClockPart)
    if part.clock is not None:
        return part.clock, []
    structure, close, rebuy = _structure_for(state)
    with state.part(Setup).profile.citing():
        clock = new_clock(structure, registration_closes_after_level=close, rebuy_minutes=rebuy)
    setup_event = ClockSetUp(
        structure=structure.as_json(),
        registration_closes_after_level=clock.registration_closes_after_level,
        rebuy_minutes=clock.rebuy_minutes,
    )
    return clock, [setup_event]


def _citing(state: TournamentState) -> AbstractContextManager[None]:
    """The pure clock names catalogue entries (B1, B10): its refusals reach the floor with
    the tournament's own rule IDs (:meth:`~pokertd.rules.profile.RuleProfile.citing`)."""
    return state.part(Setup).profile.citing()


def _not_finished(state: TournamentState, ctx: Context) -> None:
    """Once the tournament is over (G2) its clock has stopped for good (:func:`clock_view`
    shows it stopped at the finishing moment): nothing more to start, move, adjust,
    call or colour up. (A level set or time added after the end moved the clock under
    the finished night: the console's status read level 5 while its clock, stopped at the
    end, read level 4; issue 22, found by the night's state machine.)"""
    if night_over(state, ctx.now):
        raise RuleViolation(
            template=N_("The tournament is over: the clock has stopped."),
            rule_ids=state.part(Setup).profile.cite("G2"),
        )


def _schedule_posted(state: TournamentState) -> None:
    """Play starts only with the prize schedule posted where the venue demands it (H2,
    NJ-44d): checked by every command that puts the clock at a level to play — starting it,
    and setting or stepping the level — so no command starts play round the check."""
    check_schedule_posted(state.part(Setup).profile, posted=state.part(PrizeBook).schedule_posted)


@decides(StartClock)
def _decide_start(state: TournamentState, cmd: StartClock, ctx: Context) -> list[Event]:
    _not_finished(state, ctx)
    _schedule_posted(state)  # NJ-44d
    clock, events = _clock(state)
    with _citing(state):
        clk.start(clock, ctx.now)
    return [*events, ClockStarted(at=_iso(ctx.now))]


@decides(PauseClock)
def _decide_pause(state: TournamentState, cmd: PauseClock, ctx: Context) -> list[Event]:
    # a finished night's clock may still be paused (the simulator does, 'The tournament is
    # over.'): it stops it in the log where every face already shows it stopped (G2)
    clock, _ = _clock(state)
    with _citing(state):
        clk.pause(clock, ctx.now)
    return [ClockPaused(at=_iso(ctx.now), reason=cmd.reason)]


@decides(ResumeClock)
def _decide_resume(state: TournamentState, cmd: ResumeClock, ctx: Context) -> list[Event]:
    _not_finished(state, ctx)
    clock, _ = _clock(state)
    with _citing(state):
        clk.resume(clock, ctx.now)
    return [ClockResumed(at=_iso(ctx.now))]


def _moved(after: ClockState, ctx: Context, events: list[Event]) -> list[Event]:
    return [*events, ClockMoved(at=_iso(ctx.now), level=after.level, on_break=after.on_break)]


@decides(NextLevel)
def _decide_next(state: TournamentState, cmd: NextLevel, ctx: Context) -> list[Event]:
    _not_finished(state, ctx)
    _schedule_posted(state)  # NJ-44d
    clock, events = _clock(state)
    with _citing(state):
        return _moved(clk.next_level(clock, ctx.now), ctx, events)


@decides(PreviousLevel)
def _decide_prev(state: TournamentState, cmd: PreviousLevel, ctx: Context) -> list[Event]:
    _not_finished(state, ctx)
    _schedule_posted(state)  # NJ-44d
    clock, events = _clock(state)
    with _citing(state):
        return _moved(clk.previous_level(clock, ctx.now), ctx, events)


@decides(SetLevel)
def _decide_set(state: TournamentState, cmd: SetLevel, ctx: Context) -> list[Event]:
    _not_finished(state, ctx)
    _schedule_posted(state)  # NJ-44d
    clock, events = _clock(state)
    with _citing(state):
        return _moved(clk.set_level(clock, ctx.now, cmd.level), ctx, events)


@decides(AdjustClock)
def _decide_adjust(state: TournamentState, cmd: AdjustClock, ctx: Context) -> list[Event]:
    _not_finished(state, ctx)
    clock, events = _clock(state)
    with _citing(state):
        clk.adjust(clock, ctx.now, cmd.seconds)
    return [*events, ClockAdjusted(at=_iso(ctx.now), seconds=cmd.seconds)]


@decides(AddLevels)
def _decide_add(state: TournamentState, cmd: AddLevels, ctx: Context) -> list[Event]:
    if not 1 <= cmd.count <= 50:
        raise InvalidCommand(
            template=N_("Add between 1 and 50 levels at a time."),
            rule_ids=state.part(Setup).profile.cite("B1"),
        )
    clock, events = _clock(state)
    with _citing(state):
        more = clk.append_levels(clock, count=cmd.count)
    new = more.structure.as_json()["levels"][len(clock.structure.levels) :]
    return [*events, LevelsAdded(levels=tuple(new))]


@decides(HandForHand)
def _decide_hfh(state: TournamentState, cmd: HandForHand, ctx: Context) -> list[Event]:
    # G2: no hand-for-hand once the night is over, on or off (every face shows it off then;
    # the old code started it after an NJ timed finish, found by the night's state machine)
    _not_finished(state, ctx)
    clock, _ = _clock(state)
    with _citing(state):
        if cmd.on:
            clk.hand_for_hand_on(clock, ctx.now)
            return [HandForHandStarted(at=_iso(ctx.now))]
        clk.hand_for_hand_off(clock, ctx.now)
    return [HandForHandEnded(at=_iso(ctx.now))]


def _hand_finished(state: TournamentState, ctx: Context) -> list[Event]:
    """Every table has finished the hand-for-hand hand in play: the clock loses one hand's
    time (FOX-HFH) and the hand is closed (the next one has a new name). When the field
    reached the places paid in this hand (a satellite: its seats) and the profile ends
    hand-for-hand at the bubble (``hfh_ends_at``), it ends in the same batch.

    Implements: FOX-HFH (B10); IMPL ``hfh_ends_at`` (TDA practice: hand-for-hand nearing
    the money, ended once the hand that burst the bubble is finished everywhere).
    """
    clock, _ = _clock(state)
    profile = state.part(Setup).profile
    seconds = profile.hfh_seconds_per_hand
    if view(clock, ctx.now).on_break:
        # The hand under way when the break began (the clock moved to it with a table still
        # playing) is finished during the break: it closes, and takes no time off a level
        # that is over already (B2). A hand that was not under way is not dealt until play
        # resumes: there is nothing to finish.
        _no_hand_dealt_on_a_break(state)
        seconds = 0
    else:
        clk.hand_finished(clock, ctx.now, profile)
    hand = state.part(ClockPart).hfh_closed + 1
    at = _iso(ctx.now)
    events: list[Event] = [HandForHandHandPlayed(at=at, seconds=seconds, hand=hand)]
    burst = bubble_burst(state)
    if burst is not None and profile.hfh_ends_at is HandForHandEnd.BUBBLE:
        left, paid, what = burst
        players = "1 player" if left == 1 else f"{left} players"
        reason = f"the bubble burst ({players} left, {paid} {what})"
        events.append(HandForHandEnded(at=at, reason=reason, closes_hand=False))
    return events


def _no_hand_dealt_on_a_break(state: TournamentState) -> None:
    """Refuse to finish a hand-for-hand hand during a break unless it was under way when
    the break began (a table reported it, or a bust is recorded in it): no hand is dealt
    during a break (B2), so the hand in play is dealt, and reported, once play resumes.

    Implements: B2 (no hand dealt during a break), FOX-HFH (B10).
    """
    if hfh_hand_open(state):
        return
    part = state.part(ClockPart)
    raise RuleViolation(
        template=N_(
            "No hand is dealt during a break: hand-for-hand hand %(hand)s is "
            "dealt once play resumes, and each table reports it then."
        ),
        params={"hand": hfh_hand_name(part)},
        rule_ids=state.part(Setup).profile.cite("B2", "B10"),
    )


@decides(HandForHandHand)
def _decide_hfh_hand(state: TournamentState, cmd: HandForHandHand, ctx: Context) -> list[Event]:
    _not_finished(state, ctx)  # G2
    return _hand_finished(state, ctx)


@decides(TableHandFinished)
def _decide_table_hand(state: TournamentState, cmd: TableHandFinished, ctx: Context) -> list[Event]:
    _not_finished(state, ctx)  # G2
    clock, _ = _clock(state)
    if not clock.hand_for_hand:
        raise RuleViolation(
            template=N_("Hand-for-hand is not on: there is no hand-for-hand hand to report."),
            rule_ids=state.part(Setup).profile.cite("B10"),
        )
    number = _table_number(cmd.table.strip())
    playing = playing_tables(state)
    if number is None or number not in playing:
        raise InvalidCommand(
            template=N_(
                "Table %(table)s is not a table with players: report for one of %(tables)s."
            )
            if playing
            else N_(
                "Table %(table)s is not a table with players: report for one of the seated tables."
            ),
            params={"table": repr(cmd.table), "tables": ", ".join(map(str, playing))},
            rule_ids=state.part(Setup).profile.cite("B10"),
        )
    part = state.part(ClockPart)
    if number in part.hfh_reported:
        raise RuleViolation(
            template=N_(
                "Table %(table)s has already reported this hand-for-hand hand; waiting for "
                "tables %(tables)s."
            ),
            params={"table": number, "tables": ", ".join(map(str, hfh_waiting_tables(state)))},
            rule_ids=state.part(Setup).profile.cite("B10"),
        )
    if view(clock, ctx.now).on_break:
        _no_hand_dealt_on_a_break(state)
    hand = part.hfh_closed + 1
    events: list[Event] = [TableHandReported(at=_iso(ctx.now), table=number, hand=hand)]
    events += penalty_hands(
        state, number, seated_at(state, number), 1, ctx.now, hand_for_hand_report=True
    )  # K3
    if all(n == number or n in part.hfh_reported for n in playing):
        events += _hand_finished(state, ctx)
    return events


Racer = tuple[str, int]
"""A player in a colour-up race: who (a name or entry id) and the chips held."""


def _stacks_at_table(state: TournamentState, seating: Seating | None, table: str) -> list[Racer]:
    """Each player at a table the seating knows with the last stack recorded, seat 1 first."""
    number = _table_number(table)
    if seating is None or number is None or number not in seating.tables:
        raise InvalidCommand(
            template=N_("List the players at the table, seat 1 first, with their stacks.")
        )
    roster = state.part(Roster)
    pairs: list[tuple[str, int]] = []
    for entry_id in seating.tables[number].players:
        if entry_id is None:
            continue
        entry = roster.entries[entry_id]
        if entry.stack is None:
            raise InvalidCommand(
                template=N_("%(name)s's stack is not known: give the stacks."),
                params={"name": entry.name},
            )
        pairs.append((entry_id, entry.stack))
    return pairs


def _racers(state: TournamentState, pairs: list[Racer]) -> list[tuple[str, str, int]]:
    """(entry id, name, chips) of each player named, each one once and still in."""
    resolved: list[tuple[str, str, int]] = []
    seen: set[str] = set()
    for ref, chips_held in pairs:
        player, entry = live_entry_of(state, ref)
        if entry.entry_id in seen:
            raise InvalidCommand(
                template=N_("%(name)s is listed twice."), params={"name": player.name}
            )
        seen.add(entry.entry_id)
        resolved.append((entry.entry_id, player.name, chips_held))
    return resolved


def _race_table(state: TournamentState, cmd: ColorUp) -> tuple[str, dict[int, int], dict[str, str]]:
    """The table, seat → stack and seat → entry id of a colour-up.

    Players are named with their stacks; when the seating knows where they sit, their real
    seat numbers order the race (seat 1 first), otherwise the order given is the seat
    order. With no stacks and a table the seating knows, each player's last recorded stack
    is used.
    """
    seating = live_tables(state)
    resolved = _racers(state, list(cmd.stacks) or _stacks_at_table(state, seating, cmd.table))
    places = [seating.where.get(eid) for eid, _, _ in resolved] if seating is not None else []
    table = cmd.table
    if places and all(p is not None for p in places):
        numbers = sorted({p[0] for p in places if p is not None})
        if len(numbers) > 1:
            raise InvalidCommand(
                template=N_(
                    "A colour-up is raced table by table: these players sit at tables %(tables)s."
                ),
                params={"tables": ", ".join(map(str, numbers))},
                rule_ids=state.part(Setup).profile.cite("B11"),
            )
        table = table or str(numbers[0])
        seats = [p[1] + 1 for p in places if p is not None]
    else:
        seats = list(range(1, len(resolved) + 1))
    stacks = {seat: chips for seat, (_, _, chips) in zip(seats, resolved, strict=True)}
    entries = {str(seat): eid for seat, (eid, _, _) in zip(seats, resolved, strict=True)}
    return table, stacks, entries


def _table_number(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


def _not_coloured_up_twice(
    state: TournamentState, entries: dict[str, str], removed: tuple[int, ...]
) -> None:
    """Refuse a colour-up of players whose table has already coloured up these chips.

    A table's players race once for a denomination (B11: KPC-14A, TNPL-D2ii, FOX-24A); the
    other tables still race. The refusal cites the venue's own colour-up rules.
    """
    gone = set(removed)
    done: set[str] = set()
    for record in state.part(ClockPart).color_ups:
        if gone <= set(record["result"]["removed"]):
            done.update(record.get("entries", {}).values())
    again = [eid for eid in entries.values() if eid in done]
    if again:
        roster = state.part(Roster)
        names = ", ".join(roster.entries[eid].name for eid in again)
        chips = ", ".join(f"{v:,}" for v in sorted(gone))
        raise RuleViolation(
            template=N_(
                "%(names)s already coloured up the %(chips)s chips at this break: each table "
                "races once."
            ),
            params={"names": names, "chips": chips},
            rule_ids=state.part(Setup).profile.cite(*COLOUR_UP),
            context={"entries": again},
        )


@decides(ColorUp)
def _decide_color_up(state: TournamentState, cmd: ColorUp, ctx: Context) -> list[Event]:
    _not_finished(state, ctx)
    wait_for_hand_for_hand_hand(state, ctx.now, "The colour-up")  # B10, G3
    clock, events = _clock(state)
    part = state.part(ClockPart)
    v = view(clock, ctx.now)
    removed = cmd.removed or v.color_up
    if not removed:
        raise InvalidCommand(
            template=N_(
                "No colour-up is scheduled now: name the denominations to remove (B14: a "
                "colour-up outside the schedule is announced to the whole event)."
            ),
            rule_ids=state.part(Setup).profile.cite("B14"),
        )
    # The chips leave play table by table (KPC-14B): a denomination an earlier table has
    # already coloured up is still in play at the tables that have not raced yet, so only
    # denominations removed before this colour-up leave the chip set it works with.
    earlier = [value for value in part.removed if value not in removed]
    chips = clock.structure.chips.without(earlier)
    table, stacks, entries = _race_table(state, cmd)
    _not_coloured_up_twice(state, entries, removed)
    method: ColorUpMethod | None = None
    if cmd.method is not None:
        try:
            method = ColorUpMethod(cmd.method)
        except ValueError:
            raise InvalidCommand(
                template=N_("bad method %(method)s: race or round_up"),
                params={"method": repr(cmd.method)},
            ) from None
    rng: random.Random = ctx.rng
    result: ColorUpResult = color_up(
        stacks,
        removed=removed,
        chips=chips,
        profile=state.part(Setup).profile,
        method=method,
        deck=list(cmd.deck) if cmd.deck is not None else None,
        rng=rng,
    )
    return [
        *events,
        ColoredUp(
            at=_iso(ctx.now),
            table=table,
            removed=tuple(result.removed),
            entries=entries,
            result=result.as_json(),
        ),
    ]


@decides(IntroduceChip)
def _decide_chip(state: TournamentState, cmd: IntroduceChip, ctx: Context) -> list[Event]:
    _not_finished(state, ctx)
    clock, events = _clock(state)
    if cmd.value <= 0 or cmd.count < 0:
        raise InvalidCommand(
            template=N_("A chip's value must be positive."),
            rule_ids=state.part(Setup).profile.cite("B14"),
        )
    if cmd.value in clock.structure.chips.denominations:
        raise InvalidCommand(
            template=N_("The %(value)s chip is already in the chip set."),
            params={"value": f"{cmd.value:,}"},
            rule_ids=state.part(Setup).profile.cite("B14"),
        )
    return [*events, ChipIntroduced(value=cmd.value, color=cmd.color, count=cmd.count)]


def _clock_seat(state: TournamentState, table: str, seat: int) -> str:
    """The table (as text) of a clock call on ``seat``: where the tables are laid out, a
    table in play and a seat with a player in it (refused with the reason otherwise)."""
    profile = state.part(Setup).profile
    seating = live_tables(state)
    if seating is None:
        return table.strip()
    in_play = sorted(seating.tables)
    listed = ", ".join(map(str, in_play)) or "none"
    text = table.strip()
    if not text:
        if len(in_play) != 1:
            raise InvalidCommand(
                template=N_(
                    "Which table? Give the table of seat %(seat)s (tables in play: %(listed)s)."
                ),
                params={"seat": seat, "listed": listed},
                rule_ids=profile.cite("B15"),
                context={"hint": "table"},
            )
        text = str(in_play[0])
    number = _table_number(text)
    if number is None or number not in seating.tables:
        raise InvalidCommand(
            template=N_(
                "There is no table %(text)s in play (tables in play: %(listed)s): no clock called."
            ),
            params={"text": text, "listed": listed},
            rule_ids=profile.cite("B15"),
            context={"table": text},
        )
    seated = seating.tables[number]
    if not 1 <= seat <= seated.n_seats or seated.players[seat - 1] is None:
        raise RuleViolation(
            template=N_(
                "Table %(number)s seat %(seat)s is empty: a clock is called on a player in the "
                "hand."
            ),
            params={"number": number, "seat": seat},
            rule_ids=profile.cite("B15"),
            context={"table": number, "seat": seat},
        )
    return str(number)


@decides(ExpireClock)
def _decide_expire(state: TournamentState, cmd: ExpireClock, ctx: Context) -> list[Event]:
    """Implements: KPC-20, TNPL-D6, SPOT-5c10, FOX-29 (B15: what expiry does)."""
    _not_finished(state, ctx)
    profile = state.part(Setup).profile
    table = _clock_seat(state, cmd.table, cmd.seat)
    shot = state.part(ClockPart).called.get(f"{table}/{cmd.seat}")
    if shot is None:
        raise RuleViolation(
            template=N_("No clock was called on table %(table)s seat %(seat)s.")
            if table
            else N_("No clock was called on seat %(seat)s."),
            params={"table": table, "seat": cmd.seat},
            rule_ids=profile.cite("B15"),
        )
    if acted_in_time(shot, ctx.now, profile):
        left = shot.expires_at - clk.epoch_seconds(ctx.now)
        raise RuleViolation(
            template=N_(
                "The clock on table %(table)s seat %(seat)s has not run out: %(left)s s left."
            )
            if table
            else N_("The clock on seat %(seat)s has not run out: %(left)s s left."),
            params={"table": table, "seat": cmd.seat, "left": max(left, 0)},
            rule_ids=profile.cite("B15"),
        )
    outcome = expiry_action(profile, cmd.facing_bet)
    return [
        ClockExpired(
            at=_iso(ctx.now),
            table=table,
            seat=cmd.seat,
            facing_bet=cmd.facing_bet,
            outcome=outcome.value,
            rule=", ".join(profile.cite("B15")),
        )
    ]


@decides(CallClock)
def _decide_call(state: TournamentState, cmd: CallClock, ctx: Context) -> list[Event]:
    _not_finished(state, ctx)
    table = _clock_seat(state, cmd.table, cmd.seat)
    part = state.part(ClockPart)
    minutes = None
    if part.clock is not None:
        minutes = view(part.clock, ctx.now).level.minutes
    shot = call_clock(state.part(Setup).profile, cmd.seat, ctx.now, level_minutes=minutes)
    return [
        ClockCalled(
            at=_iso(ctx.now),
            table=table,
            seat=cmd.seat,
            action_seconds=shot.action_seconds,
            countdown_seconds=shot.countdown_seconds,
        )
    ]


__all__ = [
    "AddLevels",
    "AdjustClock",
    "CallClock",
    "ChipIntroduced",
    "ClockAdjusted",
    "ClockCalled",
    "ClockExpired",
    "ClockMoved",
    "ClockPaused",
    "ClockResumed",
    "ClockSetUp",
    "ClockStarted",
    "ColorUp",
    "ColoredUp",
    "ExpireClock",
    "HandForHand",
    "HandForHandEnded",
    "HandForHandHand",
    "HandForHandHandPlayed",
    "HandForHandStarted",
    "IntroduceChip",
    "LevelsAdded",
    "NextLevel",
    "PauseClock",
    "PreviousLevel",
    "ResumeClock",
    "SetLevel",
    "StartClock",
    "TableHandFinished",
    "TableHandReported",
]
