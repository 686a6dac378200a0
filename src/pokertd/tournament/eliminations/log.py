"""Eliminations' log: busts and the end by chip count, as events, commands, deciders
and appliers (finishing places are read in :mod:`.views`).

A bust puts an entry out (with the eliminator, optional). Finishing places are the reverse
order of going out (G2): with ``N`` ranked entries, the first out finishes ``N``-th. Places
are computed from the order, not stored, so entries sold later in late registration push
earlier busts down exactly as the floor counts them.

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

from dataclasses import dataclass, field
from typing import Annotated, Any

from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.tournament import limits as lim
from pokertd.tournament.eliminations.rules import ends_at_set_time, same_hand_group
from pokertd.tournament.entries.rules import EntryStatus
from pokertd.tournament.entries.state import (
    Entry,
    Out,
    Roster,
    Setup,
    bust_hand,
    find_player,
    live_entry_of,
    paid_places,
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


@dataclass(frozen=True, slots=True, kw_only=True)
class Busted:
    """One entry out in a bust, with what ranks it among same-hand busts."""

    entry_id: str
    name: str
    start_stack: Chips | None = None
    hand_rank: int | None = None
    blue_chips: int | None = None


@event("players_busted")
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

    def describe(self) -> str:
        names = " and ".join(b.name for b in self.busted)
        by = f" by {self.eliminator_name}" if self.eliminator_name else ""
        hand = f" in hand {self.hand}" if self.hand else ""
        return f"Busted {names}{by}{hand}; {self.remaining} left"


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

    def describe(self) -> str:
        order = sorted(self.counts.items(), key=lambda kv: -kv[1])
        shown = ", ".join(f"{self.names.get(k, k)} {v:,}" for k, v in order[:5])
        return f"Event ended at the set time, ranked by chips: {shown}"


@applies(PlayersBusted)
def _apply_busted(state: TournamentState, ev: PlayersBusted) -> None:
    roster = state.part(Roster)
    for b in ev.busted:
        entry = roster.entries[b.entry_id]
        roster.set_status(entry, EntryStatus.BUSTED)
        entry.stack = 0
        roster.out.append(
            Out(
                entry_id=b.entry_id,
                group=ev.group,
                start_stack=b.start_stack,
                hand_rank=b.hand_rank,
                blue_chips=b.blue_chips,
                eliminator=ev.eliminator,
                at=ev.at,
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

    players: Annotated[tuple[lim.PlayerRef, ...], lim.Items("Busted players", 100)]
    eliminator: lim.PlayerRef | None = None
    hand: lim.HandName | None = None
    start_stacks: Annotated[tuple[lim.Chips, ...], lim.Items("Start stacks", 100)] = ()
    hand_ranks: Annotated[tuple[lim.Rank, ...], lim.Items("Hand ranks", 100)] = ()
    """SPOT-6.14: 1 = the best of the busted hands, 2 the next..."""
    blue_chips: Annotated[tuple[lim.Count, ...], lim.Items("Blue chips", 100)] = ()
    """SPOT-6.14: blue chips each held (entered by the TD)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class EndByChipCount(Command):
    """End the event at its set time: the survivors' chip counts (NJ-6b)."""

    counts: Annotated[
        tuple[tuple[lim.PlayerRef, lim.Chips], ...], lim.Items("Chip counts", lim.PLAYERS_MAX)
    ]


def _per_player(values: tuple[int, ...], n: int, what: str) -> list[int | None]:
    if not values:
        return [None] * n
    if len(values) != n:
        raise InvalidCommand(f"Give one {what} per busted player ({n}), not {len(values)}.")
    if any(v < 0 for v in values):
        raise InvalidCommand(f"A {what} cannot be negative.")
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
                f"{name} was already paid for place {paid[out.entry_id]}, busted in that "
                "hand: a bust recorded in the same hand would share that place. Record it as "
                "a later hand.",
                rule_ids=state.part(Setup).profile.cite("G3", "H2"),
            )


@decides(Bust)
def _decide_bust(state: TournamentState, cmd: Bust, ctx: Context) -> list[Event]:
    setup = state.part(Setup)
    if not setup.created:
        raise InvalidCommand("This tournament has not been created yet.")
    if setup.finished:
        raise RuleViolation("The tournament is over.")
    if not cmd.players:
        raise InvalidCommand("Name the busted player(s).")
    roster = state.part(Roster)
    entries: list[Entry] = []
    for ref in cmd.players:
        player = find_player(state, ref)
        entry = roster.live_entry(player.player_id)
        if entry is None:
            last = roster.entries[player.entries[-1]] if player.entries else None
            status = last.status.value if last is not None else "not entered"
            raise RuleViolation(
                f"{player.name} is already out ({status}): a player busts once per entry.",
                rule_ids=setup.profile.cite("G1"),
                context={"player": player.name},
            )
        if any(e.entry_id == entry.entry_id for e in entries):
            raise InvalidCommand(f"{player.name} is named twice.")
        entries.append(entry)
    n = len(entries)
    stacks = _per_player(cmd.start_stacks, n, "start-of-hand stack")
    ranks = _per_player(cmd.hand_ranks, n, "hand rank")
    blues = _per_player(cmd.blue_chips, n, "blue-chip count")
    alive = roster.alive_count  # not len(roster.alive()): no scan of the field per bust
    if alive - n < 1:
        raise RuleViolation(
            "Someone must win the hand: busting these players would leave nobody in.",
            rule_ids=setup.profile.cite("G2"),
        )
    eliminator_id = eliminator_name = None
    if cmd.eliminator:
        player, winner = live_entry_of(state, cmd.eliminator)
        if any(e.entry_id == winner.entry_id for e in entries):
            raise InvalidCommand(f"{player.name} cannot eliminate themselves.")
        eliminator_id, eliminator_name = winner.entry_id, player.name
    # During hand-for-hand the clock names the hand in play at every table (FOX-HFH, G3):
    # busts at different tables in that hand are one hand; a hand is never reused. It also
    # refuses a bust no hand can have caused (B2: chips raced at this break).
    clock_hand = bust_hand(state, [e.entry_id for e in entries], ctx.now)
    hand = cmd.hand.strip() if cmd.hand else clock_hand
    group = same_hand_group(hand) if hand else f"bust:{len(roster.out) + 1}:{entries[0].entry_id}"
    _refuse_joining_a_paid_hand(state, group)
    busted = tuple(
        Busted(entry_id=e.entry_id, name=e.name, start_stack=s, hand_rank=r, blue_chips=b)
        for e, s, r, b in zip(entries, stacks, ranks, blues, strict=True)
    )
    return [
        PlayersBusted(
            busted=busted,
            group=group,
            hand=hand,
            eliminator=eliminator_id,
            eliminator_name=eliminator_name,
            at=ctx.now.isoformat(timespec="seconds"),
            remaining=alive - n,
        )
    ]


@decides(EndByChipCount)
def _decide_end(state: TournamentState, cmd: EndByChipCount, ctx: Context) -> list[Event]:
    setup = state.part(Setup)
    if not setup.created:
        raise InvalidCommand("This tournament has not been created yet.")
    if setup.finished:
        raise RuleViolation("The tournament is already over.")
    if not ends_at_set_time(setup.tmpl.finish_method, setup.profile.finish_method):
        raise RuleViolation(
            "This event is played until one player has all the chips; only an event posted "
            "to end at a set time is ranked by chip count.",
            rule_ids=setup.profile.cite("G2"),
        )
    roster = state.part(Roster)
    counts: dict[str, int] = {}
    names: dict[str, str] = {}
    for ref, chips in cmd.counts:
        player, entry = live_entry_of(state, ref)
        if chips <= 0:
            raise InvalidCommand(f"{player.name}: a survivor's count must be positive.")
        counts[entry.entry_id] = chips
        names[entry.entry_id] = player.name
    missing = [e.name for e in roster.alive() if e.entry_id not in counts]
    if missing:
        raise InvalidCommand(
            "Count every player still in: missing " + ", ".join(missing) + ".",
            rule_ids=setup.profile.cite("G2"),
        )
    return [EndedByChipCount(counts=counts, names=names, at=ctx.now.isoformat(timespec="seconds"))]


__all__ = [
    "Bust",
    "Busted",
    "EndByChipCount",
    "EndedByChipCount",
    "PlayersBusted",
]
