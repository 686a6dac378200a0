"""Eliminations: busts, the end by chip count, and finishing places (G1-G3).

One module in four sections: the same-hand ranking (pure, shared with the simulator), the
facts (finishing places), the log (busts and the end by chip count: events, commands,
deciders, appliers) and the read model (the winner).

**Ranking** (G3).

One ranking for the live floor, which the simulator reaches through the same ``Bust``
command: more chips at the start of the hand place higher; equal keys tie and share the
places (IMPL, TDA). Spotlight breaks ties by "the better hand in that deal", then the most
blue chips (``simultaneous_elim_order``); cards never decide otherwise (TNPL-D9). Hands
compare only within one deal (one table, :attr:`Out.deal`): hand-for-hand busts at two
tables share a hand, not a deal, so a tie of equal stacks that mixes tables goes to the
blue chips, else is shared (:func:`rank_same_hand`). With a start stack unknown, nobody can
be ranked: they all share.

Implements: SPOT-6.14, TNPL-D9 (G3); NJ-6b (G2: an event that ends at a set time).

**Facts**: the finishing places the roster's busts amount to.

Eliminations keep no state part of their own: a bust is recorded in the entries' roster
(``Roster.out``). The places follow from it and are the facts other domains read (prizes pay
by place): they live here, below every read model, so prizes read eliminations' state, never
its views.

Finishing places are the reverse order of going out (G2): with ``N`` ranked entries, the
first out finishes ``N``-th. Places are computed from the order, not stored, so entries
sold later in late registration push earlier busts down exactly as the floor counts them.
Players out in the same hand are ranked by :func:`rank_same_hand` (G3). An event
ended at a set time (NJ-6b) ranks the survivors by their chip counts, ties sharing (IMPL).
Forfeited stacks (A11) are ranked like busts; disqualified entries are unranked (K5, IMPL).

Implements: NJ-6, NJ-44b, SPOT-6.15, TNPL-D9 (G2); SPOT-6.14, TNPL-D9 (G3).

Several players out in the same hand (one ``bust`` with several names, or busts that name
the same ``hand`` — during hand-for-hand, busts at different tables in the hand-for-hand
hand in play are the same hand; the clock names it, ``HFH-3``, never twice in an event) are
ranked by their chips at the start of that hand, more chips placing higher (G3). Equal
stacks tie and share the places (IMPL, TDA; prize sharing is computed from
:class:`Placing` by the payouts functions). Spotlight breaks such ties by the better hand,
then the most blue chips (``simultaneous_elim_order``); cards never decide (TNPL-D9).

An event ended at a set time (NJ-6b, ``timed_chip_count``) ranks the survivors by their
chip counts, ties sharing (IMPL). Forfeited stacks (A11) are ranked like busts; disqualified
entries are unranked (K5, IMPL).

Implements: NJ-40, NJ-Def1, SPOT-6.12, TNPL-B7, KPC-52, FOX-71A (G1); NJ-6, NJ-44b,
SPOT-6.15, TNPL-D9 (G2); SPOT-6.14, TNPL-D9 (G3).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from typing import Annotated, Any, TypeVar

from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.i18n import N_, Clause, Params, Sentence
from pokertd.rules import FinishMethod, SimultaneousElimOrder
from pokertd.tournament import limits as lim
from pokertd.tournament.entries.rules import EntryStatus
from pokertd.tournament.entries.state import (
    Entry,
    Out,
    Roster,
    Setup,
    bust_hand,
    find_player,
    live_entry_of,
    night_over,
    open_sales,
    paid_places,
    read_clock,
    table_of,
)
from pokertd.tournament.framework import (
    Command,
    Context,
    Event,
    TournamentState,
    applies,
    decides,
    event,
    upcaster,
)
from pokertd.types import Chips

# ======================================================================================
# Rules: pure values and functions


T = TypeVar("T")

_HAND_STEP = 1
"""The step of :func:`same_hand_key` that compares cards: only within one deal (SPOT-6.14)."""


def same_hand_group(hand: str) -> str:
    """The same-hand key (``PlayersBusted.group``) of busts in the hand named ``hand``: every
    bust recorded with this key is ranked together (G3).

    >>> same_hand_group("HFH-3")
    'hand:HFH-3'
    """
    return f"hand:{hand}"


def same_hand_key(
    start_stack: Chips | None,
    order: SimultaneousElimOrder = SimultaneousElimOrder.START_STACK_THEN_SHARED,
    *,
    hand_rank: int | None = None,
    blue_chips: int | None = None,
) -> tuple[int | None, ...]:
    """The steps a same-hand bust is ranked by, in order; higher places higher, ``None`` =
    not recorded (G3).

    Start stack first; under ``start_stack_then_hand_then_blue_chips`` (SPOT-6.14) the
    better hand (rank 1 = best, so negated) and then more blue chips. How the steps are
    applied (a step not recorded for everyone, or cards from different deals, does not
    decide) is :func:`rank_same_hand`'s.

    >>> same_hand_key(5000)
    (5000,)
    >>> order = SimultaneousElimOrder.START_STACK_THEN_HAND_THEN_BLUE_CHIPS
    >>> same_hand_key(5000, order, hand_rank=1, blue_chips=3)
    (5000, -1, 3)
    >>> same_hand_key(5000, order)
    (5000, None, None)
    """
    if order is SimultaneousElimOrder.START_STACK_THEN_HAND_THEN_BLUE_CHIPS:
        hand = -hand_rank if hand_rank is not None else None
        return (start_stack, hand, blue_chips)
    return (start_stack,)


def _no_deal(member: object) -> str:
    return ""


def rank_same_hand(
    members: Sequence[T],
    key: Callable[[T], tuple[int | None, ...]],
    *,
    stacks_known: bool = True,
    deal: Callable[[T], str] = _no_deal,
) -> list[list[T]]:
    """Players out in the same hand, best first, equal keys together (each inner list is
    one tie, sharing its places). Ties keep the order of ``members``.

    The steps of ``key`` are applied in turn, each only to the players the steps before
    left tied, and a step decides a tie only when it can compare all of them (SPOT-6.14):
    its value is recorded for every one, and for the hand step (the second) every one went
    out in one ``deal`` ("the better hand in that deal": hands at two tables of one
    hand-for-hand hand are two deals, B10). A step that cannot decide passes the whole tie
    to the next (blue chips), and a tie no step decides shares its places (IMPL); players of
    one deal that the blue chips leave tied are then ordered by their cards. Deciding per
    tie, never per pair, keeps the order a total preorder (pair by pair, a table-1 hand, a
    table-2 stack of blue chips and a table-1 stack could beat each other in a circle).

    ``stacks_known=False`` (a start stack not recorded) ranks nobody: one shared tier.

    >>> rank_same_hand(["a", "b", "c"], {"a": (100,), "b": (300,), "c": (100,)}.__getitem__)
    [['b'], ['a', 'c']]
    >>> rank_same_hand(["a", "b"], lambda m: (0,), stacks_known=False)
    [['a', 'b']]
    >>> keys = {"a": (5, -2, None), "b": (5, -1, None), "c": (5, None, None)}
    >>> rank_same_hand(["a", "b"], keys.__getitem__)
    [['b'], ['a']]
    >>> rank_same_hand(["a", "b", "c"], keys.__getitem__)
    [['a', 'b', 'c']]
    >>> rank_same_hand(["a", "b"], keys.__getitem__, deal={"a": "table 1", "b": "table 2"}.get)
    [['a', 'b']]
    """
    if len(members) > 1 and not stacks_known:
        return [list(members)]
    return _split(list(members), key, deal, 0)


def _split(
    tie: list[T], key: Callable[[T], tuple[int | None, ...]], deal: Callable[[T], str], step: int
) -> list[list[T]]:
    """``tie`` ranked from ``step`` on (:func:`rank_same_hand`)."""
    if len(tie) < 2 or step >= len(key(tie[0])):
        return [tie]
    values = [key(m)[step] for m in tie]
    tiers: list[list[T]] = []
    if step == _HAND_STEP and len({deal(m) for m in tie}) > 1:
        # Cards of two deals never meet: the next steps rank the whole tie; what they leave
        # tied within one deal, its cards then order (still a partition: a total preorder).
        for tier in _split(tie, key, deal, step + 1):
            one_deal = len({deal(m) for m in tier}) == 1
            tiers.extend(_split(tier, key, deal, step) if one_deal else [tier])
        return tiers
    known = [v for v in values if v is not None]
    if len(known) < len(values):
        return _split(tie, key, deal, step + 1)
    for value in sorted(set(known), reverse=True):
        same = [m for m, v in zip(tie, values, strict=True) if v == value]
        tiers.extend(_split(same, key, deal, step + 1))
    return tiers


def ends_at_set_time(*methods: FinishMethod | None) -> bool:
    """Whether an event may end at its set time, ranked by chip count (G2: NJ-6b): its
    template's or its profile's finish method (``methods``, ``None`` = not set) is
    ``timed_chip_count``. The TDA default and every other venue play until one player has
    every chip.

    >>> ends_at_set_time(None, FinishMethod.ELIMINATION)
    False
    >>> ends_at_set_time(FinishMethod.TIMED_CHIP_COUNT, FinishMethod.ELIMINATION)
    True
    """
    return FinishMethod.TIMED_CHIP_COUNT in methods


# ======================================================================================
# State: the parts folded from the events


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


def _rank_key(out: Out, order: SimultaneousElimOrder) -> tuple[int | None, ...]:
    """The same-hand ranking key of a recorded bust (:func:`rules.same_hand_key`)."""
    return same_hand_key(out.start_stack, order, hand_rank=out.hand_rank, blue_chips=out.blue_chips)


def _deal(out: Out) -> str:
    """The deal a bust went out in (:attr:`Out.deal`)."""
    return out.deal


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
        needs = (
            Clause(
                N_("Close registration to declare %(name)s the winner: %(why)s."),
                {"name": alive.name, "why": sales[0].text},
            )
            if sales
            else Clause(
                N_("Close registration to declare %(name)s the winner."), {"name": alive.name}
            )
        )
        return Finish(
            finished=False,
            needs=needs,
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


def _elim_order(state: TournamentState) -> SimultaneousElimOrder:
    """How one hand's busts rank among themselves at this venue (G3): the profile's order,
    the default before the event is created."""
    setup = state.part(Setup)
    if setup.created:
        return setup.profile.simultaneous_elim_order
    return SimultaneousElimOrder.START_STACK_THEN_SHARED


def _group_placings(
    roster: Roster, members: list[Out], best: int, order: SimultaneousElimOrder
) -> list[Placing]:
    """The places of the entries of one bust group, the best of them ``best`` (G3: ranked
    among themselves as the profile says, ties sharing places), best first."""
    placings: list[Placing] = []
    known = all(m.start_stack is not None for m in members)
    key = partial(_rank_key, order=order)
    for tier in rank_same_hand(members, key, stacks_known=known, deal=_deal):
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
                    tied_with=tuple(roster.entries[o.entry_id].name for o in tier if o is not m),
                    eliminator=roster.entries[m.eliminator].name if m.eliminator else None,
                )
            )
        best += len(tier)
    return placings


def group_placings_of(state: TournamentState, entry_id: str) -> list[Placing]:
    """The places of the bust group ``entry_id`` went out in, as :func:`finishing_places`
    gives them, found from the roster's running counts (:meth:`Roster.gone_before`) without
    ranking the field: paying one finisher at a 10,000-entry festival reads his group, not
    the standings (issue 25). Empty for an entry still in or disqualified (not ranked).

    Implements: G2 (places by the order of going out), G3 (one hand's busts share places).
    """
    roster = state.part(Roster)
    index = roster.out_at.get(entry_id)
    entry = roster.entries.get(entry_id)
    if index is None or entry is None or entry.status is EntryStatus.DISQUALIFIED:
        return []
    group = roster.out[index].group
    members = [roster.out[i] for i in roster.group_members[group]]
    order = _elim_order(state)
    total = len(roster.entries) - roster.disqualified
    gone = roster.gone_before(roster.group_pos[group])
    return _group_placings(roster, members, total - gone - len(members) + 1, order)


def finishing_places(state: TournamentState, now: datetime | None = None) -> list[Placing]:
    """Every ranked entry's place, best first (winner, survivors by count, busts).

    Survivors are placed only when their order is known: one survivor left with no entry
    possible any more (:func:`finish`) wins; an event ended by chip count ranks them by
    chips.
    """
    roster = state.part(Roster)
    order = _elim_order(state)
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
        placings.extend(_group_placings(roster, members, best, order))
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


# ======================================================================================
# Log: events, commands, deciders and appliers


@dataclass(frozen=True, slots=True, kw_only=True)
class Busted:
    """One entry out in a bust, with what ranks it among same-hand busts."""

    entry_id: str
    name: str
    start_stack: Chips | None = None
    hand_rank: int | None = None
    blue_chips: int | None = None
    table: int | None = None
    """The table it went out at (``None``: not seated; logs older than the field): hand
    ranks compare busts of one table only (G3, SPOT-6.14)."""


@upcaster("players_busted", 1)
def _busted_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 did not say each bust's table (G3: the deal): unknown, so a bust's hand
    ranks compare only the players it recorded together (:attr:`Out.deal`)."""
    return {**data, "busted": [{**b, "table": None} for b in data["busted"]]}


@event("players_busted", version=2)
class PlayersBusted(Event):
    """One or more entries out in the same hand (G1, G3)."""

    busted: tuple[Busted, ...]
    group: str
    """Same-hand key: entries with the same group went out in the same hand."""
    hand: str | None = None
    eliminator: str | None = None
    """Entry id of the player who won their chips."""
    eliminator_name: str | None = None
    at: str = ""
    remaining: int = 0
    """Entries still in after this bust (for the log)."""

    def said(self) -> Sentence:
        names: str | Sentence = self.busted[0].name if self.busted else ""
        if len(self.busted) > 1:
            names = Sentence(
                N_("%(names)s and %(last)s"),
                {
                    "names": " and ".join(b.name for b in self.busted[:-1]),
                    "last": self.busted[-1].name,
                },
            )
        params: Params = {
            "names": names,
            "by": self.eliminator_name or "",
            "hand": self.hand or "",
            "left": self.remaining,
        }
        if self.eliminator_name and self.hand:
            return Sentence(
                N_("Busted %(names)s by %(by)s in hand %(hand)s; %(left)s left"), params
            )
        if self.eliminator_name:
            return Sentence(N_("Busted %(names)s by %(by)s; %(left)s left"), params)
        if self.hand:
            return Sentence(N_("Busted %(names)s in hand %(hand)s; %(left)s left"), params)
        return Sentence(N_("Busted %(names)s; %(left)s left"), params)


@upcaster("event_ended_by_chip_count", 1)
def _ended_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 did not say when (issue 22: the clock stops then): unknown."""
    return {**data, "at": ""}


@event("event_ended_by_chip_count", version=2)
class EndedByChipCount(Event):
    """The event stopped at its set time; survivors ranked by chips (NJ-6b)."""

    counts: dict[str, int]
    names: dict[str, str] = field(default_factory=dict)
    at: str = ""
    """When (ISO; "" in older logs): the clock shows stopped from then."""

    def said(self) -> Sentence:
        order = sorted(self.counts.items(), key=lambda kv: -kv[1])
        shown = ", ".join(f"{self.names.get(k, k)} {v:,}" for k, v in order[:5])
        return Sentence(
            N_("Event ended at the set time, ranked by chips: %(shown)s"), {"shown": shown}
        )


@applies(PlayersBusted)
def _apply_busted(state: TournamentState, ev: PlayersBusted) -> None:
    roster = state.part(Roster)
    bust = f"bust {len(roster.out) + 1}"  # this event's busts, when no table is known
    for b in ev.busted:
        entry = roster.entries[b.entry_id]
        roster.set_status(entry, EntryStatus.BUSTED)
        entry.stack = 0
        roster.add_out(
            Out(
                entry_id=b.entry_id,
                group=ev.group,
                start_stack=b.start_stack,
                hand_rank=b.hand_rank,
                blue_chips=b.blue_chips,
                eliminator=ev.eliminator,
                at=ev.at,
                table=b.table,
                deal=f"table {b.table}" if b.table is not None else bust,
            )
        )


@applies(EndedByChipCount)
def _apply_ended(state: TournamentState, ev: EndedByChipCount) -> None:
    roster = state.part(Roster)
    roster.final_counts = dict(ev.counts)
    for eid, chips in ev.counts.items():
        roster.entries[eid].stack = chips
        roster.entries[eid].stack_note = "final count"
    setup = state.part(Setup)
    setup.finished = True
    setup.finished_at = ev.at


# --------------------------------------------------------------------------------------
# Commands


@dataclass(frozen=True, slots=True, kw_only=True)
class Bust(Command):
    """Players out of chips after a hand (G1).

    ``players`` busted together are the same hand; ``hand`` names the hand so that busts
    recorded separately (hand-for-hand, different tables) are ranked together (G3).
    ``start_stacks`` (one per player) are their chips at the start of that hand.
    """

    players: Annotated[tuple[lim.PlayerRef, ...], lim.Items(N_("Busted players"), 100)]
    eliminator: lim.PlayerRef | None = None
    hand: lim.HandName | None = None
    start_stacks: Annotated[tuple[lim.Chips, ...], lim.Items(N_("Start stacks"), 100)] = ()
    hand_ranks: Annotated[tuple[lim.Rank, ...], lim.Items(N_("Hand ranks"), 100)] = ()
    """SPOT-6.14: 1 = the best of the busted hands, 2 the next..."""
    blue_chips: Annotated[tuple[lim.Count, ...], lim.Items(N_("Blue chips"), 100)] = ()
    """SPOT-6.14: blue chips each held (entered by the TD)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class EndByChipCount(Command):
    """End the event at its set time: the survivors' chip counts (NJ-6b)."""

    counts: Annotated[
        tuple[tuple[lim.PlayerRef, lim.Chips], ...], lim.Items(N_("Chip counts"), lim.PLAYERS_MAX)
    ]


def _per_player(values: tuple[int, ...], n: int, what: str) -> list[int | None]:
    if not values:
        return [None] * n
    if len(values) != n:
        raise InvalidCommand(
            template=N_("Give one %(what)s per busted player (%(n)s), not %(len_values)s."),
            params={"what": what, "n": n, "len_values": len(values)},
        )
    if any(v < 0 for v in values):
        raise InvalidCommand(template=N_("A %(what)s cannot be negative."), params={"what": what})
    return list(values)


def _refuse_joining_a_paid_hand(state: TournamentState, group: str) -> None:
    """A bust may not join a hand whose busted players were already paid: it would share
    their places and change what they were paid (G3, H2). The floor records it as a hand of
    its own (a later hand)."""
    paid = paid_places(state)
    if not paid:
        return
    roster = state.part(Roster)
    for out in roster.out:
        if out.group == group and out.entry_id in paid:
            name = roster.entries[out.entry_id].name
            raise RuleViolation(
                template=N_(
                    "%(name)s was already paid for place %(place)s, busted in that "
                    "hand: a bust recorded in the same hand would share that place. Record it as a "
                    "later hand."
                ),
                params={"name": name, "place": paid[out.entry_id]},
                rule_ids=state.part(Setup).profile.cite("G3", "H2"),
            )


KnockoutDraws = Callable[[TournamentState, Context, PlayersBusted], list[Event]]
"""What a bust draws besides itself, decided on the state before it (the prizes' mystery
envelopes, issue 26): events recorded in the bust's batch, so undoing the bust undoes them."""


def _draw_nothing(state: TournamentState, ctx: Context, bust: PlayersBusted) -> list[Event]:
    return []


_DRAWS: list[KnockoutDraws] = [_draw_nothing]
"""The draws in force: the prizes domain's, once :mod:`pokertd.tournament` connects it."""


def connect_knockout_draws(draws: KnockoutDraws) -> KnockoutDraws:
    """Let ``draws`` add events to every bust; returns the one it replaces.

    The prizes domain reads eliminations, so eliminations never import it: it is connected
    here explicitly by :mod:`pokertd.tournament` (never on import), as the seater is.
    """
    previous = _DRAWS[0]
    _DRAWS[0] = draws
    return previous


@decides(Bust)
def _decide_bust(state: TournamentState, cmd: Bust, ctx: Context) -> list[Event]:
    setup = state.part(Setup)
    if not setup.created:
        raise InvalidCommand(template=N_("This tournament has not been created yet."))
    if setup.finished:
        raise RuleViolation(template=N_("The tournament is over."))
    if not cmd.players:
        raise InvalidCommand(template=N_("Name the busted player(s)."))
    roster = state.part(Roster)
    entries: list[Entry] = []
    for ref in cmd.players:
        player = find_player(state, ref)
        entry = roster.live_entry(player.player_id)
        if entry is None:
            last = roster.entries[player.entries[-1]] if player.entries else None
            status = last.status.value if last is not None else "not entered"
            raise RuleViolation(
                template=N_(
                    "%(player_name)s is already out (%(status)s): a player busts once per entry."
                ),
                params={"player_name": player.name, "status": status},
                rule_ids=setup.profile.cite("G1"),
                context={"player": player.name},
            )
        if any(e.entry_id == entry.entry_id for e in entries):
            raise InvalidCommand(
                template=N_("%(player_name)s is named twice."), params={"player_name": player.name}
            )
        entries.append(entry)
    n = len(entries)
    stacks = _per_player(cmd.start_stacks, n, "start-of-hand stack")
    ranks = _per_player(cmd.hand_ranks, n, "hand rank")
    blues = _per_player(cmd.blue_chips, n, "blue-chip count")
    alive = roster.alive_count  # not len(roster.alive()): no scan of the field per bust
    if alive - n < 1:
        raise RuleViolation(
            template=N_("Someone must win the hand: busting these players would leave nobody in."),
            rule_ids=setup.profile.cite("G2"),
        )
    eliminator_id = eliminator_name = None
    if cmd.eliminator:
        player, winner = live_entry_of(state, cmd.eliminator)
        if any(e.entry_id == winner.entry_id for e in entries):
            raise InvalidCommand(
                template=N_("%(player_name)s cannot eliminate themselves."),
                params={"player_name": player.name},
            )
        eliminator_id, eliminator_name = winner.entry_id, player.name
    # During hand-for-hand the clock names the hand in play at every table (FOX-HFH, G3):
    # busts at different tables in that hand are one hand; a hand is never reused. It also
    # refuses a bust no hand can have caused (B2: chips raced at this break).
    clock_hand = bust_hand(state, [e.entry_id for e in entries], ctx.now)
    hand = cmd.hand.strip() if cmd.hand else clock_hand
    group = same_hand_group(hand) if hand else f"bust:{len(roster.out) + 1}:{entries[0].entry_id}"
    _refuse_joining_a_paid_hand(state, group)
    busted = tuple(
        Busted(
            entry_id=e.entry_id,
            name=e.name,
            start_stack=s,
            hand_rank=r,
            blue_chips=b,
            table=table_of(state, e.entry_id),
        )
        for e, s, r, b in zip(entries, stacks, ranks, blues, strict=True)
    )
    bust = PlayersBusted(
        busted=busted,
        group=group,
        hand=hand,
        eliminator=eliminator_id,
        eliminator_name=eliminator_name,
        at=ctx.now.isoformat(timespec="seconds"),
        remaining=alive - n,
    )
    return [bust, *_DRAWS[0](state, ctx, bust)]


@decides(EndByChipCount)
def _decide_end(state: TournamentState, cmd: EndByChipCount, ctx: Context) -> list[Event]:
    setup = state.part(Setup)
    if not setup.created:
        raise InvalidCommand(template=N_("This tournament has not been created yet."))
    if setup.finished:
        raise RuleViolation(template=N_("The tournament is already over."))
    if not ends_at_set_time(setup.tmpl.finish_method, setup.profile.finish_method):
        raise RuleViolation(
            template=N_(
                "This event is played until one player has all the chips; only an event posted "
                "to end at a set time is ranked by chip count."
            ),
            rule_ids=setup.profile.cite("G2"),
        )
    roster = state.part(Roster)
    counts: dict[str, int] = {}
    names: dict[str, str] = {}
    for ref, chips in cmd.counts:
        player, entry = live_entry_of(state, ref)
        if chips <= 0:
            raise InvalidCommand(
                template=N_("%(player_name)s: a survivor's count must be positive."),
                params={"player_name": player.name},
            )
        counts[entry.entry_id] = chips
        names[entry.entry_id] = player.name
    missing = [e.name for e in roster.alive() if e.entry_id not in counts]
    if missing:
        raise InvalidCommand(
            template=N_("Count every player still in: missing %(names)s."),
            params={"names": ", ".join(missing)},
            rule_ids=setup.profile.cite("G2"),
        )
    return [EndedByChipCount(counts=counts, names=names, at=ctx.now.isoformat(timespec="seconds"))]


# ======================================================================================
# Views: read models


def winner(state: TournamentState, now: datetime | None = None) -> str | None:
    """The winner's name once the event is decided, else ``None``."""
    for p in finishing_places(state, now):
        if p.place == 1 and not p.tied:
            return p.name
    return None


__all__ = [
    "Bust",
    "Busted",
    "EndByChipCount",
    "EndedByChipCount",
    "Finish",
    "KnockoutDraws",
    "Placing",
    "PlayersBusted",
    "connect_knockout_draws",
    "ends_at_set_time",
    "finish",
    "finishing_places",
    "group_placings_of",
    "hand_in_play",
    "rank_same_hand",
    "same_hand_group",
    "same_hand_key",
    "winner",
]
