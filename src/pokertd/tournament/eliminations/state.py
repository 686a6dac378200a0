"""Eliminations' facts: the finishing places the roster's busts amount to.

Eliminations keep no state part of their own: a bust is recorded in the entries' roster
(``Roster.out``). The places follow from it and are the facts other domains read (prizes pay
by place): they live here, below every read model, so prizes read eliminations' state, never
its views.

Finishing places are the reverse order of going out (G2): with ``N`` ranked entries, the
first out finishes ``N``-th. Places are computed from the order, not stored, so entries
sold later in late registration push earlier busts down exactly as the floor counts them.
Players out in the same hand are ranked by :func:`.rules.rank_same_hand` (G3). An event
ended at a set time (NJ-6b) ranks the survivors by their chip counts, ties sharing (IMPL).
Forfeited stacks (A11) are ranked like busts; disqualified entries are unranked (K5, IMPL).

Implements: NJ-6, NJ-44b, SPOT-6.15, TNPL-D9 (G2); SPOT-6.14, TNPL-D9 (G3).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import partial

from pokertd.rules import SimultaneousElimOrder
from pokertd.tournament.eliminations.rules import rank_same_hand, same_hand_key
from pokertd.tournament.entries.rules import EntryStatus
from pokertd.tournament.entries.state import (
    Out,
    Roster,
    Setup,
    night_over,
    open_sales,
    read_clock,
)
from pokertd.tournament.framework import TournamentState


@dataclass(frozen=True, slots=True, kw_only=True)
class Placing:
    """One entry's finishing place; tied entries share ``places`` (G3)."""

    place: int
    """The best place of the tie (the place itself when there is no tie)."""
    places: tuple[int, ...]
    """Every place the tie occupies (one place when untied)."""
    entry_id: str
    player_id: str
    name: str
    status: EntryStatus
    tied_with: tuple[str, ...] = ()
    """Names of the entries sharing these places."""
    eliminator: str | None = None

    @property
    def tied(self) -> bool:
        """Whether this place is shared."""
        return len(self.places) > 1


def _rank_key(out: Out, order: SimultaneousElimOrder) -> tuple[int, ...]:
    """The same-hand ranking key of a recorded bust (:func:`rules.same_hand_key`)."""
    return same_hand_key(out.start_stack, order, hand_rank=out.hand_rank, blue_chips=out.blue_chips)


def hand_in_play(state: TournamentState, now: datetime) -> str | None:
    """The hand a bust recorded now belongs to when the floor names none: during
    hand-for-hand, the hand being played at every table (FOX-HFH, B10, G3), else ``None``
    (each bust its own hand). Busts in that hand share places until it is over, so a place
    busted in it is not final yet (the prizes wait)."""
    reading = read_clock(state, now)
    if reading is None or not reading.hfh_hand:
        return None
    return reading.hfh_hand


@dataclass(frozen=True, slots=True, kw_only=True)
class Finish:
    """The end of the event as the log and the clock say it (G2): whether it is over, who
    won, when, and — with one player left but entries still possible — what the floor must
    do to finish it."""

    finished: bool
    how: str = ""
    """``"last_player"`` (everyone else busted, no entry possible) or ``"chip_count"``
    (ended at the set time, NJ-6b); ``""`` while play goes on."""
    winner: str | None = None
    """Entry id of the winner (``None`` while playing, or when 1st place is shared)."""
    winner_name: str | None = None
    at: str = ""
    """When it finished (ISO): the last bust, or the closing of registration after it, or
    the end by chip count; ``""`` when the log does not say (older logs)."""
    needs: str = ""
    """What finishes it now, to read aloud (``"Close registration to declare Alice Ames the
    winner: registration is open until the end of level 4."``); ``""`` when nothing does."""
    needs_rule_ids: tuple[str, ...] = ()
    needs_command: str = ""
    """The command that does it (``"close_registration"``), for a console button."""


def _latest(*stamps: str) -> str:
    """The latest of ISO instants ("" ignored)."""
    known = [s for s in stamps if s]
    return max(known, key=datetime.fromisoformat) if known else ""


def _earliest(*stamps: str) -> str:
    """The earliest of ISO instants ("" ignored)."""
    known = [s for s in stamps if s]
    return min(known, key=datetime.fromisoformat) if known else ""


def finish(state: TournamentState, now: datetime | None = None) -> Finish:
    """Whether the event is over, who won and since when (G2), or what would end it.

    One entry left after busts with no entry possible any more — registration closed by the
    floor, by a binding deal or a prize paid (J2, H2), or by the clock at ``now`` — is the
    winner; an event ended at its set time is ranked by chips (NJ-6b), its winner the
    untied chip leader. With one entry left while registration is still open (a re-entry
    or a late entry would play on), the event is not over and :attr:`Finish.needs` says so.

    Implements: G2 (NJ-6, SPOT-6.15), A4 (TNPL-B2ii, FOX-REG1).
    """
    setup = state.part(Setup)
    roster = state.part(Roster)
    if not setup.created:
        return Finish(finished=False)
    if roster.final_counts is not None:
        counts = roster.final_counts
        best = max(counts.values(), default=0)
        top = [e for e, c in counts.items() if c == best]
        winner = top[0] if len(top) == 1 else None
        return Finish(
            finished=True,
            how="chip_count",
            winner=winner,
            winner_name=roster.entries[winner].name if winner is not None else None,
            at=setup.finished_at,
        )
    if roster.alive_count != 1:  # checked first: no scan of the field while many play
        return Finish(finished=False)
    last_out = next(
        (
            o
            for o in reversed(roster.out)
            if roster.entries[o.entry_id].status is not EntryStatus.DISQUALIFIED
        ),
        None,
    )
    if last_out is None:
        return Finish(finished=False)
    alive = roster.alive()[0]
    if not night_over(state, now):
        profile = setup.profile
        if now is None:
            return Finish(finished=False)
        sales = [s for s in open_sales(state, now) if s.entry == "A4"]
        why = f": {sales[0].text}" if sales else ""
        return Finish(
            finished=False,
            needs=f"Close registration to declare {alive.name} the winner{why}.",
            needs_rule_ids=profile.cite("A4", "G2"),
            needs_command="close_registration",
        )
    reading = read_clock(state, now) if now is not None else None
    by_clock = (
        reading.registration_closed_at.isoformat(timespec="seconds")
        if reading is not None and reading.registration_closed_at is not None
        else ""
    )
    closed = _earliest(setup.registration_closed_at if setup.registration_closed else "", by_clock)
    return Finish(
        finished=True,
        how="last_player",
        winner=alive.entry_id,
        winner_name=alive.name,
        at=_latest(last_out.at, closed),
    )


def finishing_places(state: TournamentState, now: datetime | None = None) -> list[Placing]:
    """Every ranked entry's place, best first (winner, survivors by count, busts).

    Survivors are placed only when their order is known: one survivor left with no entry
    possible any more (:func:`finish`) wins; an event ended by chip count ranks them by
    chips.
    """
    roster = state.part(Roster)
    setup = state.part(Setup)
    order = (
        setup.profile.simultaneous_elim_order
        if setup.created
        else SimultaneousElimOrder.START_STACK_THEN_SHARED
    )
    ranked = [e for e in roster.entries.values() if e.status is not EntryStatus.DISQUALIFIED]
    total = len(ranked)
    groups: dict[str, list[Out]] = {}
    for out in roster.out:
        if roster.entries[out.entry_id].status is EntryStatus.DISQUALIFIED:
            continue
        groups.setdefault(out.group, []).append(out)
    placings: list[Placing] = []
    gone = 0
    for members in groups.values():
        best = total - gone - len(members) + 1
        known = all(m.start_stack is not None for m in members)
        key = partial(_rank_key, order=order)
        for tier in rank_same_hand(members, key, stacks_known=known):
            places = tuple(range(best, best + len(tier)))
            for m in tier:
                entry = roster.entries[m.entry_id]
                placings.append(
                    Placing(
                        place=places[0],
                        places=places,
                        entry_id=m.entry_id,
                        player_id=entry.player_id,
                        name=entry.name,
                        status=entry.status,
                        tied_with=tuple(
                            roster.entries[o.entry_id].name for o in tier if o is not m
                        ),
                        eliminator=roster.entries[m.eliminator].name if m.eliminator else None,
                    )
                )
            best += len(tier)
        gone += len(members)
    alive = roster.alive()
    if roster.final_counts is not None:
        counts = roster.final_counts
        survivors = sorted(alive, key=lambda e: -counts.get(e.entry_id, 0))
        place = 1
        i = 0
        while i < len(survivors):
            chips = counts.get(survivors[i].entry_id, 0)
            tie = [e for e in survivors[i:] if counts.get(e.entry_id, 0) == chips]
            places = tuple(range(place, place + len(tie)))
            for e in tie:
                placings.append(
                    Placing(
                        place=place,
                        places=places,
                        entry_id=e.entry_id,
                        player_id=e.player_id,
                        name=e.name,
                        status=e.status,
                        tied_with=tuple(o.name for o in tie if o is not e),
                    )
                )
            place += len(tie)
            i += len(tie)
    elif len(alive) == 1 and finish(state, now).finished:
        e = alive[0]
        placings.append(
            Placing(
                place=1,
                places=(1,),
                entry_id=e.entry_id,
                player_id=e.player_id,
                name=e.name,
                status=e.status,
            )
        )
    return sorted(placings, key=lambda p: (p.place, p.name.casefold()))


__all__ = ["Finish", "Placing", "finish", "finishing_places", "hand_in_play"]
