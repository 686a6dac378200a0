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
from pokertd.tournament.entries.state import Out, Roster, Setup, registration_open
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


def finishing_places(state: TournamentState, now: datetime | None = None) -> list[Placing]:
    """Every ranked entry's place, best first (winner, survivors by count, busts).

    Survivors are placed only when their order is known: one survivor left with
    registration closed (by the floor, or by the clock at ``now``) wins; an event ended by
    chip count ranks them by chips.
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
    elif len(alive) == 1 and gone > 0:
        closed = setup.registration_closed or setup.finished
        if not closed and now is not None:
            closed = not registration_open(state, now)
        if closed:
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


__all__ = ["Placing", "finishing_places"]
