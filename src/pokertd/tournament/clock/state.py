"""The clock domain's state part: the clock, colour-ups done, clocks called, hand-for-hand reports.

:class:`ClockPart` is folded from the clock events (:mod:`pokertd.tournament.clock.log`);
the clock itself is the pure value of :mod:`pokertd.tournament.clock.rules`. The part tells
the entries domain the level, whether registration is open and how much play time has passed
(:func:`clock_reading`, connected as the entries' ``Readers.clock``), so registration closes
at the end of the configured level (A4) and NJ rebuys end after the first hour of play (A9).
The tables still playing a hand-for-hand hand come from the seating's state part (never its
views).

The part also names the hand-for-hand hand in play (``HFH-{hfh_closed + 1}``: hands are
counted as they close, so a name is never used twice) and tells eliminations which hand a
bust is in (:func:`hand_of_bust`, connected as ``Readers.bust_hand``): the hand-for-hand
hand, or a hand of its own during a break (B2). :func:`bubble_burst` says whether the field
reached the places paid in the hand in play (a satellite: its seats).

Implements: A4, A9, B10 (FOX-HFH), B2 (no hand dealt during a break), G3 (one hand).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from pokertd.errors import PokertdError, RuleViolation
from pokertd.i18n import N_
from pokertd.tournament.chips import ChipSet
from pokertd.tournament.clock.chip_race import COLOUR_UP
from pokertd.tournament.clock.rules import ClockState, from_epoch, registration_closed_at, view
from pokertd.tournament.clock.shot_clock import ShotClock
from pokertd.tournament.eliminations import same_hand_group
from pokertd.tournament.entries.state import (
    ClockReading,
    Roster,
    Setup,
)
from pokertd.tournament.framework import (
    TournamentState,
    state_part,
)
from pokertd.tournament.seating.rules import Seating
from pokertd.tournament.seating.state import Tables, seating_now
from pokertd.types import Chips

# isort: split
# After the seating: importing the prizes (or satellites) package first would enter the
# seating and penalties packages from the other side (their logs import each other).
from pokertd.tournament.prizes.pool import places_paid, pool
from pokertd.tournament.satellites import Satellite, award_seats

# --------------------------------------------------------------------------------------
# The part


@state_part
@dataclass(slots=True)
class ClockPart:
    """The tournament's clock, colour-ups done and clocks called."""

    clock: ClockState | None = None
    removed: list[Chips] = field(default_factory=list)
    """Denominations coloured up so far (scheduled or not)."""
    color_ups: list[dict[str, Any]] = field(default_factory=list)
    """Each colour-up's table, instant and result (as recorded)."""
    called: dict[str, ShotClock] = field(default_factory=dict)
    """Clocks called, by ``"table/seat"``."""
    hfh_reported: list[int] = field(default_factory=list)
    """Tables whose dealer reported the current hand-for-hand hand finished (FOX-HFH)."""
    hfh_closed: int = 0
    """Hand-for-hand hands closed so far in the event: finished at every table, or cut off
    by ``hfh off``. The hand in play is ``HFH-{hfh_closed + 1}``, so a hand's name is never
    used twice, even after off and on again (B10, G3)."""
    hfh_out_mark: int = 0
    """Busts in the roster (``len(Roster.out)``) when the hand in play opened."""
    hfh_alive_mark: int = 0
    """Players still in when the hand in play opened: the hand that burst the bubble is the
    one that started above the places paid and ends at or below them."""
    hfh_ended: str = ""
    """Why hand-for-hand last ended by itself (``""``: the floor ended it), for the console."""
    hfh_ended_out: int = 0
    """Busts in the roster when it did (the console says so until the next bust)."""

    def chips_in_play(self) -> ChipSet:
        """The denominations still in play."""
        if self.clock is None:
            return ChipSet(())
        return self.clock.structure.chips.without(self.removed)


def clock_reading(state: TournamentState, now: datetime) -> ClockReading | None:
    """What the clock tells the entries and the domains below it (level, windows,
    hand-for-hand), or ``None`` without a clock; connected as ``Readers.clock``."""
    part = state.part(ClockPart)
    if part.clock is None:
        return None
    v = view(part.clock, now)
    closed_at = None if v.registration_open else registration_closed_at(part.clock, now)
    hand_for_hand = v.hand_for_hand
    return ClockReading(
        started=v.started,
        level=v.level.number,
        on_break=v.on_break,
        registration_open=v.registration_open,
        rebuys_open=v.rebuys_open,
        play_seconds=v.play_seconds,
        hand_for_hand=hand_for_hand,
        hfh_hands=v.hfh_hands,
        running=v.running,
        registration_closed_at=from_epoch(closed_at) if closed_at is not None else None,
        hfh_hand=hfh_hand_name(part) if hand_for_hand else "",
        hfh_open=hand_for_hand and hfh_hand_open(state),
        hfh_waiting=tuple(hfh_waiting_tables(state)) if hand_for_hand else (),
    )


def hfh_hand_name(part: ClockPart) -> str:
    """The name of the hand-for-hand hand in play, ``HFH-3`` (meaningful while it is on)."""
    return f"HFH-{part.hfh_closed + 1}"


def hfh_hand_busts(state: TournamentState) -> int:
    """Players recorded out in the hand-for-hand hand in play (G3)."""
    part = state.part(ClockPart)
    group = same_hand_group(hfh_hand_name(part))
    return sum(1 for out in state.part(Roster).out[part.hfh_out_mark :] if out.group == group)


def hfh_hand_open(state: TournamentState) -> bool:
    """Whether a hand-for-hand hand is under way and not finished everywhere: a table has
    reported it or a bust is recorded in it (B10). Seats and colour-ups wait for it."""
    part = state.part(ClockPart)
    if part.clock is None or not part.clock.hand_for_hand:
        return False
    return bool(part.hfh_reported) or hfh_hand_busts(state) > 0


def hand_of_bust(state: TournamentState, entry_ids: Sequence[str], now: datetime) -> str | None:
    """The hand a bust belongs to, as the clock knows it (G3, B10, B2).

    * During hand-for-hand every table plays the same hand: the bust is in it. Under
      ``hfh_sync_tables`` a table that has reported the hand deals nothing until every
      table has, so a bust recorded there is from that hand too; without it, such a table
      has dealt on and the bust is a hand of its own.
    * During a break no hand is dealt (B2): the bust is the last hand before the break,
      recorded late. It is in the hand-for-hand hand only while that hand is still open (the
      clock was moved to the break with the hand under way); otherwise it is a hand of its
      own, never joined to a finished hand. A player whose chips were raced at this break
      and who kept some cannot have gone out: refused.
    """
    part = state.part(ClockPart)
    if part.clock is None:
        return None
    v = view(part.clock, now)
    if v.on_break:
        _not_raced_at_this_break(state, entry_ids, v.level.number)
    if not v.hand_for_hand or (v.on_break and not hfh_hand_open(state)):
        return None
    if part.hfh_reported and not state.part(Setup).profile.hfh_sync_tables:
        seating = live_tables(state)
        where = seating.where if seating is not None else {}
        if any(where.get(e, (0, 0))[0] in part.hfh_reported for e in entry_ids):
            return None
    return hfh_hand_name(part)


def _not_raced_at_this_break(state: TournamentState, entry_ids: Sequence[str], level: int) -> None:
    """Refuse the bust of a player raced at this break who kept chips (B2, B11/B12): no hand
    is dealt during a break, so nobody can have won them.

    "At this break" is a colour-up recorded during the break after ``level`` (the one the
    clock is on now), whatever chips it removed: a colour-up outside the schedule (B14) is
    a race at this break too, and a table raced before the break may have dealt hands since
    (the old test, "removes a denomination this break removes", missed the first and
    refused the second; found by the night's state machine).
    """
    named = set(entry_ids)
    roster = state.part(Roster)
    for record in state.part(ClockPart).color_ups:
        if not (record.get("on_break") and record.get("level") == level):
            continue
        for seat in record["result"]["seats"]:
            entry_id = record.get("entries", {}).get(str(seat["seat"]))
            kept = int(seat["stack_after"])
            if entry_id in named and kept > 0:
                name = roster.entries[entry_id].name
                raise RuleViolation(
                    template=N_(
                        "%(name)s was coloured up at this break and kept %(kept)s chips: no hand "
                        "is dealt during a break, so nobody can have won them. Record the bust in "
                        "the hand he goes out in once play resumes (if he went out before the "
                        "break and was raced by mistake, undo that colour-up first)."
                    ),
                    params={"name": name, "kept": f"{kept:,}"},
                    rule_ids=state.part(Setup).profile.cite("B2", *COLOUR_UP),
                    context={"player": name, "chips": kept},
                )


def places_in_the_money(state: TournamentState) -> tuple[int, str] | None:
    """How many finishers the event pays now and in what: a satellite's seats
    (``(3, "seats")``), else the places its payouts pay (``(12, "paid")``, H4); ``None``
    when that is not known yet (no pool, or no payout table covers the field)."""
    satellite = state.part(Satellite)
    if satellite.is_satellite:
        if satellite.seat_value <= 0:
            return None
        seats = award_seats(pool(state).net, satellite.seat_value, satellite.leftover).seats
        return (seats, "seats") if seats > 0 else None
    paid = places_paid(state)
    return None if paid is None else (paid, "paid")


def bubble_burst(state: TournamentState) -> tuple[int, int, str] | None:
    """``(players left, places paid, "paid" or "seats")`` when the field reached the places
    paid during the hand-for-hand hand in play: it started above them and is at or below
    them now (B10: hand-for-hand is played nearing the money). ``None`` otherwise."""
    part = state.part(ClockPart)
    if part.clock is None or not part.clock.hand_for_hand:
        return None
    money = places_in_the_money(state)
    if money is None:
        return None
    paid, what = money
    left = state.part(Roster).alive_count
    if part.hfh_alive_mark > paid >= left:
        return left, paid, what
    return None


def hfh_waiting_tables(state: TournamentState) -> list[int]:
    """Tables with players still playing the current hand-for-hand hand (FOX-HFH).

    Empty when hand-for-hand is off or the seating is not known.
    """
    part = state.part(ClockPart)
    if part.clock is None or not part.clock.hand_for_hand:
        return []
    return [n for n in playing_tables(state) if n not in part.hfh_reported]


def playing_tables(state: TournamentState) -> list[int]:
    """The numbers of the tables with at least one player, in order."""
    seating = live_tables(state)
    if seating is None:
        return []
    return [
        number
        for number, table in sorted(seating.tables.items())
        if any(p is not None for p in table.players)
    ]


def live_tables(state: TournamentState) -> Seating | None:
    """The live seating once the tables are laid out (``None`` before), to read only (no
    copy of the room: :func:`~pokertd.tournament.seating.state.seating_now`)."""
    if state.part(Tables).seating is None:
        return None
    try:
        return seating_now(state)
    except PokertdError:  # pragma: no cover - defensive
        return None


__all__ = [
    "ClockPart",
    "bubble_burst",
    "clock_reading",
    "hand_of_bust",
    "hfh_hand_busts",
    "hfh_hand_name",
    "hfh_hand_open",
    "hfh_waiting_tables",
    "live_tables",
    "places_in_the_money",
    "playing_tables",
]
