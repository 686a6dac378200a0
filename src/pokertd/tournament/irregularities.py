"""Irregularities at a table: misdeals and corrected results (L1, L3, B9, K4, F13).

One module in two sections: the :class:`Irregularities` part and the log (the events,
commands, deciders and appliers). The pure judgements (substantial action, the correction
window) live in :mod:`pokertd.engine.irregular`, shared with the hand engine.

The part holds the misdeals declared and the results corrected, in order (L3,
F13). Records only: a misdeal moves nothing in the tournament (the re-deal is the same
hand, K4) and a corrected pot is paid at the table.

Implements: KPC-24, TNPL-G1ii, FOX-35C (K4: nothing here counts a hand); KPC-24E,
TNPL-G1i(5), FOX-35A(5) (L2: in stud only the first two down cards exposed are a misdeal,
``DeclareMisdeal.stud_card``).

The log: a misdeal declared at a table, a result corrected after a dispute,
as events, commands, deciders and appliers.

* :class:`DeclareMisdeal` -- refused once substantial action has occurred by the venue's
  definition (L1, L3), from the in-turn actions the floor reports; the event records the
  level the hand was dealt at (the re-deal keeps it even when the clock has moved on, B9)
  and names the players at the table serving a penalty: the misdealt hand and its re-deal
  are one penalty hand, so nothing is counted until the re-deal is reported (K4).
* :class:`CorrectResult` -- heard only within the venue's window for that kind of error
  (F13): until the next hand starts, or until substantial action on it (a minute after
  the award at a break), or at the operator's decision.

The judgement itself is :mod:`pokertd.engine.irregular` (pure); refusals cite the
tournament profile's own rule IDs.

Implements: KPC-24, TNPL-G1ii, TNPL-G1iii, FOX-35C, FOX-35D, SPOT-3a10 (L3); KPC-24,
TNPL-G1ii, FOX-35C (B9, K4); KPC-11l, TNPL-C10, FOX-22, SPOT-2a3, SPOT-2a5 (F13).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated

from pokertd.engine.irregular import (
    DisputeKind,
    HandProgress,
    actions_from_words,
    check_correction,
    stud_exposure_is_misdeal,
    substantial_action,
)
from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.i18n import N_, Params, Sentence
from pokertd.i18n import Chips as ChipCount
from pokertd.rules.profile import RuleProfile
from pokertd.tournament import limits as lim
from pokertd.tournament.entries.state import Roster, Setup, find_player, read_clock
from pokertd.tournament.framework import (
    Command,
    Context,
    Event,
    TournamentState,
    applies,
    decides,
    event,
    state_part,
)
from pokertd.tournament.penalties import Penalties
from pokertd.tournament.seating.state import Tables, seating_now
from pokertd.types import Chips

# ======================================================================================
# State: the parts folded from the events


@dataclass(frozen=True, slots=True, kw_only=True)
class MisdealRecord:
    """One misdeal as the state keeps it."""

    table: int
    reason: str
    level: int | None = None
    at: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectionRecord:
    """One corrected result as the state keeps it."""

    table: int
    kind: str
    reason: str = ""
    chips: int = 0
    from_name: str = ""
    to_name: str = ""
    at: str = ""


@state_part
@dataclass(slots=True)
class Irregularities:
    """Every misdeal declared and every result corrected, in order."""

    misdeals: list[MisdealRecord] = field(default_factory=list)
    corrections: list[CorrectionRecord] = field(default_factory=list)


# ======================================================================================
# Log: events, commands, deciders and appliers


@event("misdeal_declared")
class MisdealDeclared(Event):
    """The floor declared a misdeal at a table: the hand is re-dealt (L3, B9, K4)."""

    table: int
    reason: str
    at: str = ""
    level: int | None = None
    """The level the misdealt hand was dealt at: the re-deal keeps its blinds (B9)."""
    clock_level: int | None = None
    """The clock's level when the misdeal was declared."""
    actions: tuple[str, ...] = ()
    penalised: tuple[str, ...] = ()
    """Players at the table serving a penalty: dealt in and killed again (K4)."""

    def said(self) -> Sentence:
        at: str | Sentence = ""
        if self.level is not None:
            if self.clock_level is not None and self.clock_level != self.level:
                at = Sentence(
                    N_(" at level %(level)s's blinds (the clock is at level %(clock)s)"),
                    {"level": self.level, "clock": self.clock_level},
                )
            else:
                at = Sentence(N_(" at level %(level)s's blinds"), {"level": self.level})
        killed = (
            Sentence(
                N_("; %(names)s dealt in and killed again: the re-deal is the same penalty hand"),
                {"names": ", ".join(self.penalised)},
            )
            if self.penalised
            else ""
        )
        return Sentence(
            N_("Misdeal at table %(table)s (%(reason)s): the hand is re-dealt%(at)s%(killed)s"),
            {"table": self.table, "reason": self.reason, "at": at, "killed": killed},
        )


@applies(MisdealDeclared)
def _apply_misdeal(state: TournamentState, ev: MisdealDeclared) -> None:
    state.part(Irregularities).misdeals.append(
        MisdealRecord(table=ev.table, reason=ev.reason, level=ev.level, at=ev.at)
    )


@event("result_corrected")
class ResultCorrected(Event):
    """The floor corrected the last hand's result within the venue's window (F13)."""

    table: int
    kind: DisputeKind
    next_hand: HandProgress
    reason: str = ""
    chips: Chips = 0
    from_entry: str = ""
    from_name: str = ""
    to_entry: str = ""
    to_name: str = ""
    at: str = ""

    def said(self) -> Sentence:
        moved = (
            Sentence(
                N_(", %(chips)s chips from %(from)s to %(to)s"),
                {"chips": ChipCount(self.chips), "from": self.from_name, "to": self.to_name},
            )
            if self.chips
            else ""
        )
        params: Params = {
            "table": self.table,
            "moved": moved,
            "reason": f" ({self.reason})" if self.reason else "",
        }
        if self.kind is DisputeKind.ACCOUNTING:
            return Sentence(N_("Table %(table)s: pot corrected%(moved)s%(reason)s"), params)
        return Sentence(N_("Table %(table)s: hand reading corrected%(moved)s%(reason)s"), params)


@applies(ResultCorrected)
def _apply_corrected(state: TournamentState, ev: ResultCorrected) -> None:
    state.part(Irregularities).corrections.append(
        CorrectionRecord(
            table=ev.table,
            kind=ev.kind.value,
            reason=ev.reason,
            chips=ev.chips,
            from_name=ev.from_name,
            to_name=ev.to_name,
            at=ev.at,
        )
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclareMisdeal(Command):
    """Declare a misdeal at ``table`` (what went wrong in ``reason``).

    ``actions`` are the in-turn actions already taken on the hand, in order ("fold",
    "call", ...): once they amount to substantial action (the venue's definition) no
    misdeal may be declared. ``level`` is the level the hand was dealt at (default: the
    clock's level now); the re-deal keeps its blinds.
    """

    table: lim.TableNo
    reason: lim.Reason
    actions: Annotated[tuple[lim.Word, ...], lim.Items(N_("Actions taken"), 3 * lim.SEAT_MAX)] = ()
    level: lim.LevelNo | None = None
    stud_card: lim.Count | None = None
    """In stud, the exposed card's place in the player's deal (1 and 2 the first two down
    cards): only those make a misdeal (L2: KPC-24E, TNPL-G1i(5), FOX-35A(5))."""


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectResult(Command):
    """Correct the last hand's result at ``table`` after a dispute (F13).

    ``kind`` is an accounting error (amounts, who was paid) or a misread hand;
    ``next_hand`` says how far the next hand has gone (not started, started, substantial
    action); ``at_break`` with ``seconds_since_award`` when the hand ended at a break.
    ``chips`` move ``from_player`` ``to_player`` at the table.
    """

    table: lim.TableNo
    kind: DisputeKind = DisputeKind.ACCOUNTING
    next_hand: HandProgress = HandProgress.NOT_STARTED
    at_break: bool = False
    seconds_since_award: lim.Count | None = None
    reason: lim.Reason = ""
    chips: lim.Chips = 0
    from_player: lim.PlayerRef = ""
    to_player: lim.PlayerRef = ""


def _table_in_play(state: TournamentState, profile: RuleProfile, table: int, entry: str) -> None:
    """Where the tables are laid out, ``table`` must be in play."""
    if state.part(Tables).seating is None:
        return
    seating = seating_now(state)  # read only
    if table not in seating.tables:
        listed = ", ".join(map(str, sorted(seating.tables))) or "none"
        raise InvalidCommand(
            template=N_("There is no table %(table)s in play (tables in play: %(listed)s)."),
            params={"table": table, "listed": listed},
            rule_ids=profile.cite(entry),
            context={"table": table},
        )


def _penalised_at(state: TournamentState, table: int) -> tuple[str, ...]:
    """Names of the players at ``table`` with penalty hands still to serve."""
    if state.part(Tables).seating is None:
        return ()
    seated = seating_now(state).tables.get(table)  # read only
    if seated is None:
        return ()
    pens = state.part(Penalties)
    roster = state.part(Roster)
    return tuple(
        roster.entries[e].name for e in seated.players if e is not None and pens.hands_left(e)
    )


@decides(DeclareMisdeal)
def _decide_misdeal(state: TournamentState, cmd: DeclareMisdeal, ctx: Context) -> list[Event]:
    """Implements: KPC-24, TNPL-G1ii, TNPL-G1iii, FOX-35C, FOX-35D (L3); KPC-25A, TNPL-G2,
    FOX-36, SPOT-3a10 (L1)."""
    setup = state.part(Setup)
    if not setup.created:
        raise InvalidCommand(template=N_("This tournament has not been created yet."))
    profile = setup.profile
    if setup.finished:
        raise RuleViolation(template=N_("The tournament is over: there is no hand to re-deal."))
    reason = cmd.reason.strip()
    if not reason:
        raise InvalidCommand(
            template=N_("Say what went wrong with the deal (for example: two hole cards exposed)."),
            rule_ids=profile.cite("L3"),
            context={"hint": "reason"},
        )
    _table_in_play(state, profile, cmd.table, "L3")
    if cmd.stud_card is not None and not stud_exposure_is_misdeal(cmd.stud_card):
        raise RuleViolation(
            template=N_(
                "No misdeal at table %(table)s: in stud only a player's first two down cards "
                "exposed by dealer error are a misdeal, not card %(card)s; the hand goes on."
            ),
            params={"table": cmd.table, "card": cmd.stud_card},
            rule_ids=profile.cite("L2"),
            context={"table": cmd.table},
        )
    actions = actions_from_words(cmd.actions)
    if substantial_action(actions, profile.substantial_action_rule):
        raise RuleViolation(
            template=N_(
                "No misdeal at table %(table)s: substantial action has taken place "
                "(%(actions)s), so the hand is played to the end."
            ),
            params={
                "table": cmd.table,
                "actions": ", ".join(a.kind for a in actions),
            },
            rule_ids=profile.cite("L3", "L1"),
            context={"table": cmd.table},
        )
    clock = read_clock(state, ctx.now)
    clock_level = clock.level if clock is not None else None
    level = cmd.level if cmd.level is not None else clock_level
    return [
        MisdealDeclared(
            table=cmd.table,
            reason=reason,
            at=ctx.now.isoformat(timespec="seconds"),
            level=level,
            clock_level=clock_level,
            actions=tuple(a.kind for a in actions),
            penalised=_penalised_at(state, cmd.table),
        )
    ]


@decides(CorrectResult)
def _decide_correct(state: TournamentState, cmd: CorrectResult, ctx: Context) -> list[Event]:
    """Implements: KPC-11l, TNPL-C10, FOX-22, SPOT-2a3, SPOT-2a5 (F13)."""
    setup = state.part(Setup)
    if not setup.created:
        raise InvalidCommand(template=N_("This tournament has not been created yet."))
    profile = setup.profile
    _table_in_play(state, profile, cmd.table, "F13")
    check_correction(
        profile,
        cmd.kind,
        cmd.next_hand,
        at_break=cmd.at_break,
        seconds_since_award=cmd.seconds_since_award,
    )
    roster = state.part(Roster)
    names: list[tuple[str, str]] = []
    for ref in (cmd.from_player, cmd.to_player):
        if not ref.strip():
            names.append(("", ""))
            continue
        player = find_player(state, ref)
        entry = roster.live_entry(player.player_id)
        names.append((entry.entry_id if entry is not None else "", player.name))
    (from_entry, from_name), (to_entry, to_name) = names
    if cmd.chips and not (from_name and to_name):
        raise InvalidCommand(
            template=N_(
                "Name the player who gives the chips back and the player who receives them."
            ),
            rule_ids=profile.cite("F13"),
            context={"hint": "players"},
        )
    if from_name and from_name == to_name:
        raise InvalidCommand(
            template=N_("The chips go from one player to another, not to the same one.")
        )
    return [
        ResultCorrected(
            table=cmd.table,
            kind=cmd.kind,
            next_hand=cmd.next_hand,
            reason=cmd.reason.strip(),
            chips=cmd.chips,
            from_entry=from_entry,
            from_name=from_name,
            to_entry=to_entry,
            to_name=to_name,
            at=ctx.now.isoformat(timespec="seconds"),
        )
    ]


__all__ = [
    "CorrectResult",
    "CorrectionRecord",
    "DeclareMisdeal",
    "Irregularities",
    "MisdealDeclared",
    "MisdealRecord",
    "ResultCorrected",
]
