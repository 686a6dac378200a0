"""Slips: what a move, a table break, a redraw, a penalty or a clock call tells the player
it concerns, and the player's own "I'm here" (issue 26, point 2).

One module in four sections: the :class:`Slip` value, the :class:`Slips` part (a read model
*followed* from the other domains' events: ``PlayerMoved``, ``FinalTableDrawn``, a day's
``SeatsDrawn`` redraw, ``PenaltyGiven``, ``ClockCalled``; connected in
:mod:`pokertd.tournament`, so nothing is written twice), the log (``AcknowledgeSlip`` ->
``SlipAcknowledged``) and the read models (:func:`slips_view`, :func:`player_slips`).

A slip says where to go (table and seat), why (in plain words) and the rule of *this*
venue behind it (the move's own rule IDs, the profile's citation of the redraw C10, the
penalty K1-K5, the clock B15). "I'm here" is the player's own claim, made from the phone:
it never confirms a move (the floor does that, ``ConfirmMove``), and the console shows it
as "at the new seat (phone)". A slip is acknowledged once, by the player it names; a move
slip the player has since been moved on from is out of date.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pokertd.errors import NotFound, RuleViolation
from pokertd.i18n import N_, Nn_, Params, Sentence
from pokertd.tournament import limits as lim
from pokertd.tournament.clock.log import ClockCalled
from pokertd.tournament.entries.state import Roster, Setup
from pokertd.tournament.framework import (
    Command,
    Context,
    Event,
    Follower,
    TournamentState,
    applies,
    decides,
    event,
    state_part,
)
from pokertd.tournament.penalties import PenaltyGiven, PenaltyKind
from pokertd.tournament.seating import (
    FinalTableDrawn,
    MoveReason,
    PlayerMoved,
    SeatsDrawn,
    Tables,
    seating_now,
)

# ======================================================================================
# The value

MOVE_KINDS = frozenset({"balance", "break", "floor", "final_table", "redraw"})
"""Slips that send the player to a seat: "I'm here" says he sits there now."""

PRIVATE_KINDS = frozenset({"penalty"})
"""Slips a public phone does not show (a penalty's reason is private: issue 7); a link
bound to the player (the sign-up link) shows them."""

VIA = ("phone", "link")
"""How a player says "I'm here": ``phone`` (the player view's "this is me", a claim) or
``link`` (a personal link bound to the player)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Slip:
    """One slip for one player: where to go, why, and the venue's rule IDs."""

    slip_id: int
    kind: str
    """``balance``, ``break``, ``floor`` (moved by the floor), ``final_table``,
    ``redraw`` (a day's redraw), ``penalty`` or ``clock``."""
    entry_id: str
    player_id: str
    name: str
    table: int | None
    """Where to go (or where the player sits, for a penalty or a clock)."""
    seat: int | None
    from_table: int | None = None
    from_seat: int | None = None
    said: Sentence
    """The reason in plain words, as the phone and the printed slip say it: a sentence of
    the catalogue with its parameters, so each face says it in its reader's language."""
    rule_ids: tuple[str, ...]
    move_id: int | None = None
    """The move's number (``#7`` on the console and the printed slip), for a move."""

    @property
    def why(self) -> str:
        """The reason in English (JSON, CLI, logs)."""
        return self.said.text

    @property
    def place(self) -> str:
        """ "table 3 seat 8" (or just the table, or ``""``)."""
        if self.table is None:
            return ""
        return f"table {self.table}" + (f" seat {self.seat}" if self.seat else "")

    @property
    def moves(self) -> bool:
        """Whether the slip sends the player to a seat."""
        return self.kind in MOVE_KINDS

    @property
    def private(self) -> bool:
        """Whether a public phone leaves it out (:data:`PRIVATE_KINDS`)."""
        return self.kind in PRIVATE_KINDS


@dataclass(frozen=True, slots=True, kw_only=True)
class Acknowledgement:
    """The player said "I'm here" (or "seen") for a slip: when and how."""

    at: str
    via: str


# ======================================================================================
# The part, followed from the other domains' events


@state_part
@dataclass
class Slips:
    """Every slip of the night by number, and the acknowledgements."""

    slips: dict[int, Slip] = field(default_factory=dict)
    acks: dict[int, Acknowledgement] = field(default_factory=dict)
    latest_move: dict[str, int] = field(default_factory=dict)
    """Entry id -> its latest move slip (an earlier one is out of date)."""
    next_id: int = 1
    rev: int = 0
    """Changes whenever a slip or an acknowledgement does (the phones' cue to ask)."""


def _add(state: TournamentState, **fields: Any) -> None:
    part = state.part(Slips)
    entry = state.part(Roster).entries.get(fields["entry_id"])
    slip = Slip(
        slip_id=part.next_id,
        player_id=entry.player_id if entry is not None else fields["entry_id"],
        name=entry.name if entry is not None else fields["entry_id"],
        **fields,
    )
    part.slips[slip.slip_id] = slip
    if slip.moves:
        part.latest_move[slip.entry_id] = slip.slip_id
    part.next_id += 1
    part.rev += 1


_MOVE_WHY = {  # (the reason, the same when the player must wait for the button: whole sentences)
    MoveReason.BALANCE: (
        N_("Another table is short: you move there to balance the tables."),
        N_(
            "Another table is short: you move there to balance the tables. "
            "Wait for the button to pass before you play."
        ),
    ),
    MoveReason.BREAK_TABLE: (
        N_("Table %(table)s breaks: its players move to the other tables."),
        N_(
            "Table %(table)s breaks: its players move to the other tables. "
            "Wait for the button to pass before you play."
        ),
    ),
    MoveReason.FLOOR: (
        N_("The floor moved you."),
        N_("The floor moved you. Wait for the button to pass before you play."),
    ),
}
_SAME_TABLE_WHY = (
    N_("You change seats at your table (the floor moved you)."),
    N_(
        "You change seats at your table (the floor moved you). "
        "Wait for the button to pass before you play."
    ),
)
_MOVE_KIND = {
    MoveReason.BALANCE: "balance",
    MoveReason.BREAK_TABLE: "break",
    MoveReason.FLOOR: "floor",
}


def follow_move(state: TournamentState, ev: PlayerMoved) -> None:
    """A confirmed move (balancing, a table break, the floor's): a slip to the new seat."""
    m = ev.move
    if m.entry_id is None:
        return
    texts = _SAME_TABLE_WHY if m.from_table == m.to_table else _MOVE_WHY[m.reason]
    msgid = texts[1] if m.waits else texts[0]
    why = Sentence(msgid, {"table": m.from_table} if "%(table)s" in msgid else {})
    _add(
        state,
        kind=_MOVE_KIND[m.reason],
        entry_id=m.entry_id,
        table=m.to_table,
        seat=m.to_seat,
        from_table=m.from_table,
        from_seat=m.from_seat,
        said=why,
        rule_ids=m.rule_ids,
        move_id=m.move_id,
    )


def follow_final_table(state: TournamentState, ev: FinalTableDrawn) -> None:
    """The final table (a redraw, or players joining it): a slip for each seat drawn (C10)."""
    rules = state.part(Setup).profile.cite("C10")
    why = Sentence(
        N_("The final table is drawn: every player left draws a new seat.")
        if ev.redraw
        else N_("The final table forms: you join it at the seat drawn.")
    )
    for s in ev.draws:
        _add(
            state,
            kind="final_table",
            entry_id=s.entry_id,
            table=s.table,
            seat=s.seat,
            said=why,
            rule_ids=rules,
        )


def follow_seats(state: TournamentState, ev: SeatsDrawn) -> None:
    """A day's redraw (``Day 2 redraw``): a slip for each seat drawn (C10). First draws and
    late draws are the seat cards' business, not a slip."""
    if not ev.how.endswith("redraw"):
        return
    rules = state.part(Setup).profile.cite("C10")
    day = ev.how.removeprefix("Day ").removesuffix(" redraw")
    why = (
        Sentence(N_("The Day %(day)s redraw: bring your chips to your new seat."), {"day": day})
        if day.isdigit()
        else Sentence(N_("The %(how)s: bring your chips to your new seat."), {"how": ev.how})
    )
    for s in ev.seats:
        _add(
            state,
            kind="redraw",
            entry_id=s.entry_id,
            table=s.table,
            seat=s.seat,
            said=why,
            rule_ids=rules,
        )


def follow_penalty(state: TournamentState, ev: PenaltyGiven) -> None:
    """A penalty (K1-K5): what it means for the player, where he sits."""
    known = state.part(Tables).seating is not None
    seat = seating_now(state).where.get(ev.entry_id) if known else None
    reason: dict[str, str | int] = {"reason": ev.reason} if ev.reason else {}
    if ev.kind is PenaltyKind.WARNING:
        why = Sentence(
            N_("You are given a warning for %(reason)s.")
            if ev.reason
            else N_("You are given a warning."),
            reason,
        )
    elif ev.kind is PenaltyKind.DISQUALIFICATION:
        why = Sentence(
            N_("You are disqualified for %(reason)s.")
            if ev.reason
            else N_("You are disqualified."),
            reason,
        )
    else:
        singular, plural = (
            Nn_(
                "You sit out %(n)s hand (dealt in, blinds posted, hand killed) for %(reason)s.",
                "You sit out %(n)s hands (dealt in, blinds posted, hand killed) for %(reason)s.",
            )
            if ev.reason
            else Nn_(
                "You sit out %(n)s hand (dealt in, blinds posted, hand killed).",
                "You sit out %(n)s hands (dealt in, blinds posted, hand killed).",
            )
        )
        why = Sentence(singular, reason, plural=plural, n=ev.hands)
    _add(
        state,
        kind="penalty",
        entry_id=ev.entry_id,
        table=None if seat is None else seat[0],
        seat=None if seat is None else seat[1] + 1,
        said=why,
        rule_ids=(ev.rule,) if ev.rule else state.part(Setup).profile.cite("K1"),
    )


def follow_clock(state: TournamentState, ev: ClockCalled) -> None:
    """A clock called on a seat (B15): a slip for the player in it, when the seating knows."""
    if state.part(Tables).seating is None or not ev.table.strip().isdigit():
        return
    seated = seating_now(state).tables.get(int(ev.table))
    if seated is None or not 1 <= ev.seat <= seated.n_seats:
        return
    entry_id = seated.players[ev.seat - 1]
    if entry_id is None:
        return
    _add(
        state,
        kind="clock",
        entry_id=entry_id,
        table=int(ev.table),
        seat=ev.seat,
        said=Sentence(
            N_(
                "A clock is called on you: act within %(action)s seconds, then a "
                "%(countdown)s-second countdown."
            ),
            {"action": ev.action_seconds, "countdown": ev.countdown_seconds},
        ),
        rule_ids=state.part(Setup).profile.cite("B15"),
    )


FOLLOWERS: dict[type[Event], Follower] = {
    PlayerMoved: follow_move,
    FinalTableDrawn: follow_final_table,
    SeatsDrawn: follow_seats,
    PenaltyGiven: follow_penalty,
    ClockCalled: follow_clock,
}
"""The events the slips follow (connected in :mod:`pokertd.tournament`)."""


# ======================================================================================
# The log


@event("slip_acknowledged")
class SlipAcknowledged(Event):
    """The player said "I'm here" for a slip (his own claim from his phone or his link:
    never a floor confirmation)."""

    slip: int
    entry_id: str
    player_id: str
    name: str
    at: str
    via: str = "phone"
    place: str = ""
    """Where the slip sent him ("table 3 seat 8"), as it said it."""

    def said(self) -> Sentence:
        params: Params = {
            "name": self.name,
            "place": self.place,
            "via": self.via,
            "slip": self.slip,
        }
        if self.place:
            return Sentence(N_("%(name)s says he is at %(place)s (%(via)s; slip %(slip)s)"), params)
        return Sentence(N_("%(name)s says he is seen (%(via)s; slip %(slip)s)"), params)


@applies(SlipAcknowledged)
def _apply_ack(state: TournamentState, ev: SlipAcknowledged) -> None:
    part = state.part(Slips)
    part.acks[ev.slip] = Acknowledgement(at=ev.at, via=ev.via)
    part.rev += 1


@dataclass(frozen=True, slots=True)
class AcknowledgeSlip(Command):
    """The player ``player`` (a player id) says "I'm here" for slip ``slip``: refused for a
    slip that names another player, one already acknowledged, or a move slip he has since
    been moved on from (nothing written)."""

    player: lim.PlayerDbId
    slip: lim.Seq
    via: lim.Word = "phone"


@decides(AcknowledgeSlip)
def _decide_ack(state: TournamentState, cmd: AcknowledgeSlip, ctx: Context) -> list[Event]:
    part = state.part(Slips)
    slip = part.slips.get(cmd.slip)
    if slip is None:
        raise NotFound(
            template=N_("There is no slip %(slip)s: nothing recorded."), params={"slip": cmd.slip}
        )
    rules = slip.rule_ids
    if cmd.via not in VIA:
        raise RuleViolation(
            template=N_("A slip is acknowledged from the player's phone or link, not %(via)s."),
            params={"via": repr(cmd.via)},
            rule_ids=rules,
        )
    if slip.player_id != cmd.player:
        raise RuleViolation(
            template=N_(
                "Slip %(slip_id)s is for another player: only the player it names can say he "
                "is there. Nothing recorded."
            ),
            params={"slip_id": slip.slip_id},
            rule_ids=rules,
        )
    if slip.private and cmd.via == "phone":
        raise RuleViolation(
            template=N_(
                "Slip %(slip_id)s opens from the player's own link only: nothing recorded."
            ),
            params={"slip_id": slip.slip_id},
            rule_ids=rules,
        )
    done = part.acks.get(slip.slip_id)
    if done is not None:
        if not (slip.moves and slip.place):
            template = N_("%(name)s already said he is seen (slip %(slip_id)s): nothing recorded.")
        elif slip.seat:
            template = N_(
                "%(name)s already said he is at table %(table)s seat %(seat)s (slip %(slip_id)s): "
                "nothing recorded."
            )
        else:
            template = N_(
                "%(name)s already said he is at table %(table)s (slip %(slip_id)s): nothing "
                "recorded."
            )
        raise RuleViolation(
            template=template,
            params={
                "name": slip.name,
                "table": slip.table,
                "seat": slip.seat,
                "slip_id": slip.slip_id,
            },
            rule_ids=rules,
        )
    latest = part.latest_move.get(slip.entry_id)
    if slip.moves and latest is not None and latest != slip.slip_id:
        newer = part.slips[latest]
        raise RuleViolation(
            template=N_(
                "Slip %(slip_id)s is out of date: %(name)s was moved again since, to table "
                "%(table)s seat %(seat)s (slip %(latest)s). Nothing recorded."
            )
            if newer.table is not None and newer.seat
            else N_(
                "Slip %(slip_id)s is out of date: %(name)s was moved again since, to table "
                "%(table)s (slip %(latest)s). Nothing recorded."
            )
            if newer.table is not None
            else N_(
                "Slip %(slip_id)s is out of date: %(name)s was moved again since, to  "
                "(slip %(latest)s). Nothing recorded."
            ),
            params={
                "slip_id": slip.slip_id,
                "name": slip.name,
                "table": newer.table,
                "seat": newer.seat,
                "latest": latest,
            },
            rule_ids=newer.rule_ids,
        )
    return [
        SlipAcknowledged(
            slip=slip.slip_id,
            entry_id=slip.entry_id,
            player_id=slip.player_id,
            name=slip.name,
            at=ctx.now.isoformat(),
            via=cmd.via,
            place=slip.place if slip.moves else "",
        )
    ]


# ======================================================================================
# Read models


def slip_json(part: Slips, slip: Slip) -> dict[str, Any]:
    """One slip as the faces show it (phone, console, CLI, API)."""
    ack = part.acks.get(slip.slip_id)
    latest = part.latest_move.get(slip.entry_id)
    return {
        "slip": slip.slip_id,
        "kind": slip.kind,
        "entry_id": slip.entry_id,
        "player_id": slip.player_id,
        "name": slip.name,
        "table": slip.table,
        "seat": slip.seat,
        "from_table": slip.from_table,
        "from_seat": slip.from_seat,
        "place": slip.place,
        "why": slip.why,
        "why_said": slip.said.as_json(),
        "rule_ids": list(slip.rule_ids),
        "move_id": slip.move_id,
        "moves": slip.moves,
        "current": not slip.moves or latest == slip.slip_id,
        "acknowledged": ack is not None,
        "acknowledged_at": None if ack is None else ack.at,
        "via": None if ack is None else ack.via,
    }


def slips_view(
    state: TournamentState, *, player: str | None = None, private: bool = True, last: int = 0
) -> list[dict[str, Any]]:
    """The slips of the night, newest first: every one, or ``player``'s (a player id or a
    name, exactly); ``private=False`` leaves out what a public phone may not show
    (:data:`PRIVATE_KINDS`); ``last`` keeps only that many (0: all)."""
    part = state.part(Slips)
    out = []
    for slip in reversed(part.slips.values()):
        if player is not None and player not in (slip.player_id, slip.name):
            continue
        if not private and slip.private:
            continue
        out.append(slip_json(part, slip))
        if last and len(out) == last:
            break
    return out


def here_by_entry(state: TournamentState) -> dict[str, str]:
    """Entries whose latest move slip the player acknowledged: entry id -> "at the new seat
    (phone)" (what the console's players card shows)."""
    part = state.part(Slips)
    out = {}
    for entry_id, slip_id in part.latest_move.items():
        ack = part.acks.get(slip_id)
        if ack is not None:
            out[entry_id] = f"at the new seat ({ack.via})"
    return out


def slips_rev(state: TournamentState) -> int:
    """A number that changes whenever a slip or an acknowledgement does."""
    return state.part(Slips).rev


__all__ = [
    "MOVE_KINDS",
    "PRIVATE_KINDS",
    "VIA",
    "AcknowledgeSlip",
    "Acknowledgement",
    "Slip",
    "SlipAcknowledged",
    "Slips",
    "follow_clock",
    "follow_final_table",
    "follow_move",
    "follow_penalty",
    "follow_seats",
    "here_by_entry",
    "slip_json",
    "slips_rev",
    "slips_view",
]
