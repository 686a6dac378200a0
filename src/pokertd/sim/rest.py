"""Simulate the rest of tonight: a live tournament's log copied into a private store and
played on by bots from now (issue 15). The live tournament is only read.

Stacks come from the last recorded chip counts; players without one get the average of
the chips in play left over, and counts that no longer add up to the chips in play are
scaled to them (the report's notes say so).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from pokertd.app import TournamentService
from pokertd.errors import InvalidCommand, NotFound
from pokertd.i18n import N_, Chips, Nn_, Sentence
from pokertd.sim.config import check_behaviour
from pokertd.sim.invariants import SimulationError
from pokertd.sim.night import Night, night_for
from pokertd.sim.report import NightConfig, NightReport, Said
from pokertd.sim.timeline import EPOCH
from pokertd.tournament.clock import ClockPart, settle, view
from pokertd.tournament.entries import Roster, Setup
from pokertd.tournament.prizes import cash_report
from pokertd.tournament.seating import DrawSeats, Tables

_NOT_COUNTED = Nn_(  # the English says "player(s)" for every count; a translation need not
    "%(n)s player(s) had no recorded chip count: each was given the average of the chips "
    "not counted (%(share)s).",
    "%(n)s player(s) had no recorded chip count: each was given the average of the chips "
    "not counted (%(share)s).",
)


def simulate_rest(
    service: TournamentService, tournament_id: str, config: NightConfig, *, now: datetime
) -> NightReport:
    """Simulate the rest of tonight: copy the live tournament's log into a private
    in-memory store (the same events, batch by batch) and let bots play it from ``now``.

    ``config`` gives the rates, time model, bots and seed (its template, entries and
    tables are the live event's). The report's times are seconds since :data:`EPOCH`
    (``now`` is ``now - EPOCH``), as the faces expect.
    """
    records = service.records(tournament_id)  # NotFound for an unknown tournament
    if not records:
        raise NotFound(
            template=N_("There is no tournament %(tournament_id)s."),
            params={"tournament_id": repr(tournament_id)},
        )
    live = service.state(tournament_id)
    setup = live.part(Setup)
    if setup.finished:
        raise InvalidCommand(
            template=N_("This tournament is over: there is nothing left to simulate.")
        )
    roster = live.part(Roster)
    if roster.alive_count < 2:
        raise InvalidCommand(
            template=N_("Fewer than two players are still in: there is nothing left to simulate.")
        )
    clock = live.part(ClockPart).clock
    if clock is None or not clock.started:
        raise InvalidCommand(
            template=N_(
                "The clock has not started: start the night before simulating the rest of it."
            )
        )
    check_behaviour(config)
    private = replace(config, store_url=None)  # the rest of tonight is always private
    night = night_for(private, setup.tmpl, setup.profile, None, copy_of=(service, tournament_id))
    try:
        night.console.follow(tournament_id)
        start = now.astimezone(UTC)
        night.time.t = (start - EPOCH).total_seconds()
        resume(night, start)
        night.play()
        night.finish()
        return night.report(started_from=tournament_id)
    finally:
        night.console.close()


def resume(night: Night, now: datetime) -> None:
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
            Said.of(
                Sentence(
                    _NOT_COUNTED[0],
                    {"share": Chips(share)},
                    plural=_NOT_COUNTED[1],
                    n=len(unknown),
                )
            )
        )
    given = sum(stacks.values())
    if given != in_play and given > 0:
        # Counts recorded at different times do not add up to the chips in play: scale
        # them to it (the largest stack takes the odd chips), and say so.
        level = settle(night.periods.clock(), now).level
        unit = night.periods.structure().chips_in_play(level).smallest or 1  # whole chips (B11)
        scaled = {e: c * in_play // given // unit * unit for e, c in stacks.items()}
        biggest = max(scaled, key=lambda e: scaled[e])
        scaled[biggest] += in_play - sum(scaled.values())
        night.notes.append(
            Said.of(
                Sentence(
                    N_(
                        "The recorded counts add up to %(given)s chips, the tournament has "
                        "%(in_play)s in play: every stack was scaled to the chips in play."
                    ),
                    {"given": Chips(given), "in_play": Chips(in_play)},
                )
            )
        )
        stacks = scaled
    ledger = night.ledger
    for e in alive:
        ledger.seat(e.entry_id, e.name, stacks[e.entry_id])
    if ledger.total != in_play or any(c <= 0 for c in ledger.stacks.values()):
        raise SimulationError(
            template=N_(
                "The recorded chip counts cannot make up the %(in_play)s chips in "
                "play: record the counts again before simulating the rest of the night."
            ),
            params={"in_play": Chips(in_play)},
        )
    night.desk.players = len(roster.players)
    night.desk.taken_before = cash_report(state).collected
    clock = state.part(ClockPart).clock
    assert clock is not None
    night.floor.hfh.on = clock.hand_for_hand
    night.marks.last_level = settle(clock, now).level
    night.floor.chips_recorded_for = night.marks.last_level - 1
    if not view(clock, now).registration_open:
        night.marks.registration_closed_at = int(night.time.t)
    seating = state.part(Tables).seating
    if seating is None or not seating.players:
        night.run(DrawSeats())
    night.floor.sync_tables()
    night.mark_left()
    night.floor.dirty = True
    night.prompts()


__all__ = ["resume", "simulate_rest"]
