"""Penalties: warnings, missed hands, missed rounds and disqualification (K1-K5).

One module in three sections: the pure rules (the kinds of sanction, the rule ID each is
given under, the hands a missed-round penalty costs: K1, K2), the :class:`Penalties` part
and the log (the events, the command, its decider and appliers). Penalties sit below the
seating: the seats they need (who sits at a table, how many at the offender's) are handed
in by the callers (:func:`penalty_hands`) or read through the entries' ``Readers``.

The part holds every penalty given, the hands served, and the prizes forfeited (K1-K5).

A missed-hand or missed-round penalty is served hand by hand as the offender's table
reports its hands (K3); the hand in progress when the penalty was given does not count
(it begins after the current hand ends: KPC-49, TNPL-J3, FOX-68) unless the floor gave it
between hands. Several penalties of one player are served one after the other.

Implements: KPC-52, TNPL-J1iv, FOX-71D (K5); KPC-52, TNPL-J1iii, FOX-71C (K3).

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

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.i18n import N_, Nn_, Sentence
from pokertd.i18n import Chips as ChipCount
from pokertd.rules import RuleProfile
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
    readers,
)
from pokertd.tournament.framework import (
    Command,
    Context,
    Event,
    TournamentState,
    applies,
    decides,
    event,
    state_part,
    upcaster,
)
from pokertd.types import Chips

# ======================================================================================
# Rules: pure values and functions


class PenaltyKind(StrEnum):
    """The sanctions of K1."""

    WARNING = "warning"
    MISSED_HANDS = "missed_hands"
    MISSED_ROUNDS = "missed_rounds"
    DISQUALIFICATION = "disqualification"


PENALTY_ENTRY = {
    PenaltyKind.WARNING: "K1",
    PenaltyKind.MISSED_HANDS: "K2",
    PenaltyKind.MISSED_ROUNDS: "K2",
    PenaltyKind.DISQUALIFICATION: "K5",
}
"""The catalogue entry behind each kind of penalty: the options (K1), the missed-hand and
missed-round arithmetic (K2), disqualification (K5)."""


def default_rule(profile: RuleProfile, kind: PenaltyKind) -> str:
    """The venue's rule ID for this kind of penalty: the first the profile cites for its
    catalogue entry (FOX-71A for a Foxwoods missed-hand penalty, TNPL-J1iv for a TNPL
    disqualification)."""
    return profile.cite(PENALTY_ENTRY[kind])[0]


def check_rounds(profile: RuleProfile, rounds: int) -> None:
    """Refuse a missed-round penalty the venue does not give: at least one round, and one
    of ``penalty_round_options`` where the venue lists them (TNPL-J1ii: 1 to 4)."""
    if rounds < 1:
        raise InvalidCommand(
            template=N_("A missed-round penalty is at least one round."),
            rule_ids=profile.cite("K2"),
        )
    options = profile.penalty_round_options
    if options is not None and rounds not in options:
        allowed = ", ".join(str(o) for o in options)
        raise RuleViolation(
            template=N_("%(title)s gives %(allowed)s round penalties, not %(rounds)s."),
            params={"title": profile.title, "allowed": allowed, "rounds": rounds},
            rule_ids=default_rule(profile, PenaltyKind.MISSED_ROUNDS),
        )


def missed_round_hands(rounds: int, players_at_table: int) -> int:
    """Hands a missed-round penalty costs: players at the offender's table (offender
    included) x rounds, fixed when given (K2).

    >>> missed_round_hands(2, 7)
    14
    """
    if not 2 <= players_at_table <= 11:
        raise InvalidCommand(template=N_("A table has 2 to 11 players."), rule_ids="C13")
    return players_at_table * rounds


# ======================================================================================
# State: the parts folded from the events


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyRecord:
    """A penalty as the state keeps it."""

    entry_id: str
    name: str
    kind: PenaltyKind
    hands: int = 0
    rounds: int = 0
    rule: str = ""
    reason: str = ""
    at: str = ""
    between_hands: bool = False
    """Given between hands: the next hand reported is already a penalty hand."""

    @property
    def served_by_hands(self) -> bool:
        """Whether the penalty is served hand by hand (missed hands or rounds)."""
        return self.hands > 0


@state_part
@dataclass(slots=True)
class Penalties:
    """Every penalty given, in order."""

    given: list[PenaltyRecord] = field(default_factory=list)
    prize_forfeited: set[str] = field(default_factory=set)
    """Entry ids whose prize is forfeited (TNPL-J1iv)."""
    served: dict[int, int] = field(default_factory=dict)
    """Hands served, by index in :attr:`given` (missed-hand and missed-round penalties)."""
    skip: dict[int, int] = field(default_factory=dict)
    """Hands still to be reported before the penalty starts, by index in :attr:`given`: 1
    for the hand in progress when it was given (K3), 0 once it has begun."""

    def hands_left(self, entry_id: str) -> int:
        """Penalty hands ``entry_id`` still has to serve (every penalty of his, in order)."""
        return sum(
            p.hands - self.served.get(i, 0)
            for i, p in enumerate(self.given)
            if p.entry_id == entry_id and p.served_by_hands
        )

    def serving_now(self, entry_id: str) -> bool:
        """Whether ``entry_id`` is serving a penalty in the hand being dealt now: his seat
        is dealt in, posts its blinds and antes, and his hand is killed (K3, D8)."""
        for i, p in enumerate(self.given):
            if p.entry_id == entry_id and p.served_by_hands and self.served.get(i, 0) < p.hands:
                return self.skip.get(i, 0) == 0
        return False

    def serve(self, entry_id: str, hands: int) -> None:
        """Count ``hands`` reported at ``entry_id``'s table: first the hand in progress
        when his penalty was given, then his penalties in order (K3)."""
        for i, p in enumerate(self.given):
            if hands <= 0:
                return
            if p.entry_id != entry_id or not p.served_by_hands:
                continue
            done = self.served.get(i, 0)
            if done >= p.hands:
                continue
            wait = self.skip.get(i, 0)
            if wait:
                used = min(wait, hands)
                self.skip[i] = wait - used
                hands -= used
            take = min(p.hands - done, hands)
            if take:
                self.served[i] = done + take
                hands -= take


# ======================================================================================
# Log: events, commands, deciders and appliers


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

    def said(self) -> Sentence:
        why = Sentence(N_(" for %(reason)s"), {"reason": self.reason}) if self.reason else ""
        rule = f" ({self.rule})" if self.rule else ""
        what: Sentence
        if self.kind is PenaltyKind.WARNING:
            what = Sentence(N_("a warning"))
        elif self.kind is PenaltyKind.MISSED_HANDS:
            what = Sentence(N_("a %(hands)s-hand penalty"), {"hands": self.hands})
        elif self.kind is PenaltyKind.MISSED_ROUNDS:
            what = Sentence(
                N_(
                    "a %(rounds)s-round penalty (%(players)s players x %(rounds)s = "
                    "%(hands)s hands)"
                ),
                {"rounds": self.rounds, "players": self.players_at_table or 0, "hands": self.hands},
            )
        else:
            chips = (
                Sentence(
                    N_(", %(chips)s chips removed from play"),
                    {"chips": ChipCount(self.chips_removed)},
                )
                if self.chips_removed
                else ""
            )
            prize = Sentence(N_(", prize forfeited")) if self.prize_forfeited else ""
            return Sentence(
                N_("%(name)s disqualified%(why)s%(rule)s%(chips)s%(prize)s"),
                {"name": self.name, "why": why, "rule": rule, "chips": chips, "prize": prize},
            )
        return Sentence(
            N_("%(name)s given %(what)s%(why)s%(rule)s"),
            {"name": self.name, "what": what, "why": why, "rule": rule},
        )


@event("penalty_hands_served")
class PenaltyHandsServed(Event):
    """Hands reported at a table counted toward the penalties of the players seated there
    (K3): ``left`` is each one's penalty hands still to serve afterwards."""

    table: int
    hands: int
    entries: tuple[str, ...]
    names: tuple[str, ...] = ()
    left: tuple[int, ...] = ()

    def said(self) -> Sentence:
        who: str | Sentence = ""
        for name, left in zip(self.names, self.left, strict=False):
            one = Sentence(N_("%(name)s %(left)s left"), {"name": name, "left": left})
            who = (
                one if not who else Sentence(N_("%(first)s, %(then)s"), {"first": who, "then": one})
            )
        counted = Nn_(
            "Table %(table)s: %(n)s hand(s) counted toward penalties (%(who)s)",
            "Table %(table)s: %(n)s hand(s) counted toward penalties (%(who)s)",
        )
        return Sentence(
            counted[0], {"table": self.table, "who": who}, plural=counted[1], n=self.hands
        )


@applies(PenaltyHandsServed)
def _apply_served(state: TournamentState, ev: PenaltyHandsServed) -> None:
    pens = state.part(Penalties)
    for entry_id in ev.entries:
        pens.serve(entry_id, ev.hands)


def penalty_hands(
    state: TournamentState,
    table: int,
    seated: Sequence[str | None],
    hands: int,
    now: datetime,
    *,
    hand_for_hand_report: bool = False,
) -> list[Event]:
    """The event counting ``hands`` reported at ``table`` toward the penalties of the
    players ``seated`` there (none when nobody there has penalty hands to serve).

    ``seated`` is the table's seats as the seating has them now (``None``: an empty seat;
    ``()`` before the draw): the callers, above the seating, hand it in, so penalties never
    import the seating.

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
    trial = Penalties(given=pens.given, served=dict(pens.served), skip=dict(pens.skip))
    entries: list[str] = []
    left: list[int] = []
    for entry_id in seated:
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
            roster.remove(Removal(ev.chips_removed, "disqualification", ev.entry_id))
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
                template=N_("%(name)s has no entry to disqualify."),
                params={"name": player.name},
                rule_ids=profile.cite("K5"),
            )
        if not profile.dq_prize_forfeit:
            raise RuleViolation(
                template=N_(
                    "%(name)s is already out; %(title)s does not forfeit prizes after the fact."
                ),
                params={"name": player.name, "title": profile.title},
                rule_ids=profile.cite("K5"),
            )
        paid = paid_places(state)
        if last.entry_id in paid:
            raise RuleViolation(
                template=N_(
                    "%(name)s was already paid for place %(place)s: a prize paid "
                    "cannot be forfeited afterwards."
                ),
                params={"name": player.name, "place": paid[last.entry_id]},
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
            template=N_("Count %(name)s's chips: they leave play."),
            params={"name": player.name},
            context={"hint": "chips"},
        )
    if chips < 0:
        raise InvalidCommand(template=N_("A chip count cannot be negative."))
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
        raise InvalidCommand(template=N_("This tournament has not been created yet."))
    profile = setup.profile
    roster = state.part(Roster)
    player = find_player(state, cmd.player)
    entry = roster.live_entry(player.player_id)
    rule = cmd.rule.strip().upper() or default_rule(profile, cmd.kind)
    at = ctx.now.isoformat(timespec="seconds")
    if cmd.kind is PenaltyKind.DISQUALIFICATION:
        return [_disqualification(state, cmd, player, entry, rule, at)]
    if entry is None:
        raise RuleViolation(
            template=N_("%(name)s is not in the tournament."),
            params={"name": player.name},
            rule_ids=profile.cite("K1"),
        )
    hands = rounds = 0
    table = cmd.players_at_table
    if cmd.kind is PenaltyKind.MISSED_HANDS:
        if cmd.count < 1:
            raise InvalidCommand(
                template=N_("A missed-hand penalty is at least one hand."),
                rule_ids=profile.cite("K2"),
            )
        hands = cmd.count
    elif cmd.kind is PenaltyKind.MISSED_ROUNDS:
        rounds = cmd.count
        check_rounds(profile, rounds)
        if table is None:
            table = readers().table_size(state, entry.entry_id)
        if table is None:
            raise InvalidCommand(
                template=N_(
                    "How many players are at the offender's table, offender included? A round is "
                    "one hand for each of them."
                ),
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


__all__ = [
    "PENALTY_ENTRY",
    "GivePenalty",
    "Penalties",
    "PenaltyGiven",
    "PenaltyHandsServed",
    "PenaltyKind",
    "PenaltyRecord",
    "check_rounds",
    "default_rule",
    "missed_round_hands",
    "penalty_hands",
]
