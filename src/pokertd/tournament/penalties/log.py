"""Penalties' log: warnings, missed hands, missed rounds, disqualification — with the
rule ID — as an event, a command, its decider and its applier.

A missed-round penalty is ``players at the offender's table when it is given (offender
included) x rounds`` hands, fixed when given (K2): 7 players, 2 rounds -> 14 hands. TNPL
allows 1 to 4 rounds only (``penalty_round_options``). The hands are served as the
offender's table reports them (:func:`penalty_hands`, event :class:`PenaltyHandsServed`):
his seat is dealt in, posts its blinds and antes, and his hand is killed (K3); the count
starts after the hand in progress when the penalty was given.

A disqualification removes the player's chips from play, never giving them to anyone (K5);
the entry is unranked (IMPL). Where the venue forfeits prize money too
(``dq_prize_forfeit``, TNPL-J1iv) a player already out may also be disqualified, and his
prize is forfeited.

Implements: KPC-52, KPC-51, TNPL-J1i, TNPL-J1ii, FOX-71A, FOX-70, SPOT-6.21 (K1);
KPC-52, TNPL-J1ii, FOX-71A (K2); KPC-52, TNPL-J1iv, FOX-71D, FOX-RE, SPOT-1a3 (K5).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.tournament import limits as lim
from pokertd.tournament.entries.rules import EntryStatus
from pokertd.tournament.entries.state import (
    Entry,
    Player,
    Removal,
    Roster,
    Setup,
    find_player,
    paid_places,
    read_clock,
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
from pokertd.tournament.penalties.rules import (
    PenaltyKind,
    check_rounds,
    default_rule,
    missed_round_hands,
)
from pokertd.tournament.penalties.state import Penalties, PenaltyRecord
from pokertd.tournament.seating.state import Tables, live_seating
from pokertd.types import Chips


@upcaster("penalty_given", 1)
def _penalty_given_v1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 penalties did not say whether they were given between hands (penalties
    served, issue 13): they counted from the hand after the one in progress (K3)."""
    return {**data, "between_hands": False}


@event("penalty_given", version=2)
class PenaltyGiven(Event):
    """The floor gave a penalty (K1-K3, K5)."""

    entry_id: str
    name: str
    kind: PenaltyKind
    hands: int = 0
    rounds: int = 0
    players_at_table: int | None = None
    rule: str = ""
    reason: str = ""
    chips_removed: Chips = 0
    prize_forfeited: bool = False
    at: str = ""
    between_hands: bool = False
    """Given between hands: the next hand reported counts (else it starts after the hand in
    progress, K3)."""

    def describe(self) -> str:
        why = f" for {self.reason}" if self.reason else ""
        rule = f" ({self.rule})" if self.rule else ""
        if self.kind is PenaltyKind.WARNING:
            what = "a warning"
        elif self.kind is PenaltyKind.MISSED_HANDS:
            what = f"a {self.hands}-hand penalty"
        elif self.kind is PenaltyKind.MISSED_ROUNDS:
            what = (
                f"a {self.rounds}-round penalty ({self.players_at_table} players x "
                f"{self.rounds} = {self.hands} hands)"
            )
        else:
            chips = (
                f", {self.chips_removed:,} chips removed from play" if self.chips_removed else ""
            )
            prize = ", prize forfeited" if self.prize_forfeited else ""
            return f"{self.name} disqualified{why}{rule}{chips}{prize}"
        return f"{self.name} given {what}{why}{rule}"


@event("penalty_hands_served")
class PenaltyHandsServed(Event):
    """Hands reported at a table counted toward the penalties of the players seated there
    (K3): ``left`` is each one's penalty hands still to serve afterwards."""

    table: int
    hands: int
    entries: tuple[str, ...]
    names: tuple[str, ...] = ()
    left: tuple[int, ...] = ()

    def describe(self) -> str:
        who = ", ".join(
            f"{name} {left} left" for name, left in zip(self.names, self.left, strict=False)
        )
        return f"Table {self.table}: {self.hands} hand(s) counted toward penalties ({who})"


@applies(PenaltyHandsServed)
def _apply_served(state: TournamentState, ev: PenaltyHandsServed) -> None:
    pens = state.part(Penalties)
    for entry_id in ev.entries:
        pens.serve(entry_id, ev.hands)


def penalty_hands(
    state: TournamentState,
    table: int,
    hands: int,
    now: datetime,
    *,
    hand_for_hand_report: bool = False,
) -> list[Event]:
    """The event counting ``hands`` reported at ``table`` toward the penalties of the
    players seated there (none when nobody there has penalty hands to serve).

    Called by the commands that report a table's hands: ``PlayHands`` (the button moved on
    N hands) and the dealer's hand-for-hand report. During hand-for-hand the dealer's
    report counts and ``PlayHands`` does not (the same hand is not counted twice).

    Implements: KPC-52, TNPL-J1iii, FOX-71C (K3: served hand by hand); KPC-49, TNPL-J3,
    FOX-68 (it begins after the hand in progress).
    """
    pens = state.part(Penalties)
    if hands < 1 or not any(p.served_by_hands for p in pens.given):
        return []
    clock = read_clock(state, now)
    if not hand_for_hand_report and clock is not None and clock.hand_for_hand:
        return []
    if state.part(Tables).seating is None:
        return []
    seating = live_seating(state)
    seated = seating.tables.get(table)
    if seated is None:
        return []
    trial = Penalties(given=pens.given, served=dict(pens.served), skip=dict(pens.skip))
    entries: list[str] = []
    left: list[int] = []
    for entry_id in seated.players:
        if entry_id is None or not pens.hands_left(entry_id):
            continue
        trial.serve(entry_id, hands)
        entries.append(entry_id)
        left.append(trial.hands_left(entry_id))
    if not entries:
        return []
    roster = state.part(Roster)
    return [
        PenaltyHandsServed(
            table=table,
            hands=hands,
            entries=tuple(entries),
            names=tuple(roster.entries[e].name for e in entries),
            left=tuple(left),
        )
    ]


@applies(PenaltyGiven)
def _apply_penalty(state: TournamentState, ev: PenaltyGiven) -> None:
    pens = state.part(Penalties)
    if ev.hands and not ev.between_hands and not pens.hands_left(ev.entry_id):
        pens.skip[len(pens.given)] = 1
    pens.given.append(
        PenaltyRecord(
            entry_id=ev.entry_id,
            name=ev.name,
            kind=ev.kind,
            hands=ev.hands,
            rounds=ev.rounds,
            rule=ev.rule,
            reason=ev.reason,
            at=ev.at,
            between_hands=ev.between_hands,
        )
    )
    if ev.kind is PenaltyKind.DISQUALIFICATION:
        roster = state.part(Roster)
        entry = roster.entries[ev.entry_id]
        if entry.status is EntryStatus.ALIVE:
            roster.set_status(entry, EntryStatus.DISQUALIFIED)
            entry.stack = 0
            roster.removals.append(Removal(ev.chips_removed, "disqualification", ev.entry_id))
        if ev.prize_forfeited:
            pens.prize_forfeited.add(ev.entry_id)


@dataclass(frozen=True, slots=True, kw_only=True)
class GivePenalty(Command):
    """Give a player a penalty.

    ``count`` is hands (missed_hands) or rounds (missed_rounds); ``players_at_table`` is
    the offender's table size now, offender included (K2). ``chips`` is the stack removed
    on a disqualification (counted by the floor; default: the last recorded stack).
    ``between_hands``: no hand is in progress at the offender's table, so the next hand
    reported there is a penalty hand (otherwise the penalty begins after the current hand,
    K3).
    """

    player: lim.PlayerRef
    kind: PenaltyKind
    count: lim.Count = 0
    players_at_table: lim.SeatCount | None = None
    rule: lim.Word = ""
    reason: lim.Reason = ""
    chips: lim.Chips | None = None
    between_hands: bool = False


def _table_size(state: TournamentState, entry_id: str) -> int | None:
    """Players at the entry's table now, offender included (from the seating domain)."""
    if state.part(Tables).seating is None:
        return None
    seating = live_seating(state)
    where = seating.where.get(entry_id)
    return None if where is None else seating.tables[where[0]].count


def _disqualification(
    state: TournamentState,
    cmd: GivePenalty,
    player: Player,
    entry: Entry | None,
    rule: str,
    at: str,
) -> PenaltyGiven:
    """A disqualification (K5): a live stack's chips leave play (counted by the floor, or
    the last recorded stack); a player already out may be disqualified only where the
    venue forfeits prizes (``dq_prize_forfeit``, TNPL-J1iv)."""
    profile = state.part(Setup).profile
    roster = state.part(Roster)
    if entry is None:
        last = roster.entries[player.entries[-1]] if player.entries else None
        if last is None or last.status is EntryStatus.DISQUALIFIED:
            raise RuleViolation(
                f"{player.name} has no entry to disqualify.", rule_ids=profile.cite("K5")
            )
        if not profile.dq_prize_forfeit:
            raise RuleViolation(
                f"{player.name} is already out; {profile.title} does not forfeit prizes "
                "after the fact.",
                rule_ids=profile.cite("K5"),
            )
        paid = paid_places(state)
        if last.entry_id in paid:
            raise RuleViolation(
                f"{player.name} was already paid for place {paid[last.entry_id]}: a prize "
                "paid cannot be forfeited afterwards.",
                rule_ids=profile.cite("K5", "H2"),
            )
        return PenaltyGiven(
            entry_id=last.entry_id,
            name=player.name,
            kind=cmd.kind,
            rule=rule,
            reason=cmd.reason,
            prize_forfeited=True,
            at=at,
        )
    chips = cmd.chips if cmd.chips is not None else entry.stack
    if chips is None:
        raise InvalidCommand(
            f"Count {player.name}'s chips: they leave play.", context={"hint": "chips"}
        )
    if chips < 0:
        raise InvalidCommand("A chip count cannot be negative.")
    return PenaltyGiven(
        entry_id=entry.entry_id,
        name=player.name,
        kind=cmd.kind,
        rule=rule,
        reason=cmd.reason,
        chips_removed=chips,
        prize_forfeited=profile.dq_prize_forfeit,
        at=at,
    )


@decides(GivePenalty)
def _decide_penalty(state: TournamentState, cmd: GivePenalty, ctx: Context) -> list[Event]:
    setup = state.part(Setup)
    if not setup.created:
        raise InvalidCommand("This tournament has not been created yet.")
    profile = setup.profile
    roster = state.part(Roster)
    player = find_player(state, cmd.player)
    entry = roster.live_entry(player.player_id)
    rule = cmd.rule.strip().upper() or default_rule(profile, cmd.kind)
    at = ctx.now.isoformat(timespec="seconds")
    if cmd.kind is PenaltyKind.DISQUALIFICATION:
        return [_disqualification(state, cmd, player, entry, rule, at)]
    if entry is None:
        raise RuleViolation(f"{player.name} is not in the tournament.", rule_ids=profile.cite("K1"))
    hands = rounds = 0
    table = cmd.players_at_table
    if cmd.kind is PenaltyKind.MISSED_HANDS:
        if cmd.count < 1:
            raise InvalidCommand(
                "A missed-hand penalty is at least one hand.", rule_ids=profile.cite("K2")
            )
        hands = cmd.count
    elif cmd.kind is PenaltyKind.MISSED_ROUNDS:
        rounds = cmd.count
        check_rounds(profile, rounds)
        if table is None:
            table = _table_size(state, entry.entry_id)
        if table is None:
            raise InvalidCommand(
                "How many players are at the offender's table, offender included? "
                "A round is one hand for each of them.",
                rule_ids=default_rule(profile, cmd.kind),
                context={"hint": "players"},
            )
        with profile.citing():
            hands = missed_round_hands(rounds, table)
    return [
        PenaltyGiven(
            entry_id=entry.entry_id,
            name=player.name,
            kind=cmd.kind,
            hands=hands,
            rounds=rounds,
            players_at_table=table if cmd.kind is PenaltyKind.MISSED_ROUNDS else None,
            rule=rule,
            reason=cmd.reason,
            at=at,
            between_hands=cmd.between_hands,
        )
    ]


__all__ = ["GivePenalty", "PenaltyGiven", "PenaltyHandsServed", "penalty_hands"]
