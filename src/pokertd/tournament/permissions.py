"""Who may run each command: ONE registry keyed by command class.

Every face (web, CLI, simulator, tests) is checked against this table by the service
(:meth:`pokertd.app.tournaments.TournamentService.run`), so a role is decided in one place. A test
fails when a :class:`~pokertd.tournament.framework.Command` subclass defined under
``pokertd.tournament`` has no entry here: a new command cannot ship without saying who may
run it.

Roles (issue 7, kept by issue 10): director — everything; floor — entries, busts, moves, the
clock, undo/redo; dealer — their own table's button, hand-finished and bust reports; public —
reading, and a player's own "I'm here" for his slip (issue 26, through its own route
only). Undo and redo are listed at the floor role; the service additionally requires
the role of the command being undone.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

from pokertd.errors import NotFound, PermissionDenied, PokertdError
from pokertd.i18n import N_
from pokertd.roles import Role
from pokertd.tournament import (
    cancellation,
    clock,
    days,
    display,
    eliminations,
    entries,
    irregularities,
    penalties,
    prizes,
    satellites,
    seating,
    signups,
    slips,
)
from pokertd.tournament.framework import (
    Command,
    Redo,
    TournamentState,
    Undo,
    acted_on,
    registered_commands,
)

_ROLES: dict[type[Command], Role] = {
    # framework
    Undo: Role.FLOOR,
    Redo: Role.FLOOR,
    # entries
    entries.CreateTournament: Role.DIRECTOR,
    entries.Register: Role.FLOOR,
    entries.Reenter: Role.FLOOR,
    entries.Rebuy: Role.FLOOR,
    entries.Addon: Role.FLOOR,
    entries.Forfeit: Role.FLOOR,
    entries.CloseRegistration: Role.FLOOR,
    entries.RecordChips: Role.FLOOR,
    entries.RemoveChips: Role.DIRECTOR,
    # eliminations
    eliminations.Bust: Role.DEALER,
    eliminations.EndByChipCount: Role.DIRECTOR,
    # seating
    seating.LayTables: Role.DIRECTOR,
    seating.DrawSeats: Role.FLOOR,
    seating.SeatPlayer: Role.FLOOR,
    seating.SuggestMoves: Role.FLOOR,
    seating.ConfirmMove: Role.FLOOR,
    seating.ConfirmMoves: Role.FLOOR,
    seating.ConfirmPlan: Role.FLOOR,
    seating.DrawButtons: Role.FLOOR,
    seating.BreakTable: Role.FLOOR,
    seating.Redraw: Role.DIRECTOR,
    seating.PlaceButton: Role.DEALER,
    seating.PlayHands: Role.FLOOR,
    seating.SetTableGame: Role.FLOOR,
    seating.CorrectButton: Role.FLOOR,
    seating.SetAutoConfirm: Role.DIRECTOR,
    seating.MovePlayer: Role.FLOOR,
    seating.MarkAbsent: Role.FLOOR,
    seating.MarkPresent: Role.FLOOR,
    seating.KeepApart: Role.DIRECTOR,
    seating.LetSitTogether: Role.DIRECTOR,
    # clock
    clock.StartClock: Role.FLOOR,
    clock.PauseClock: Role.FLOOR,
    clock.ResumeClock: Role.FLOOR,
    clock.NextLevel: Role.FLOOR,
    clock.PreviousLevel: Role.FLOOR,
    clock.SetLevel: Role.FLOOR,
    clock.AdjustClock: Role.FLOOR,
    clock.AddLevels: Role.DIRECTOR,
    clock.HandForHand: Role.FLOOR,
    clock.HandForHandHand: Role.FLOOR,
    clock.TableHandFinished: Role.DEALER,
    clock.ColorUp: Role.FLOOR,
    clock.IntroduceChip: Role.FLOOR,
    clock.CallClock: Role.FLOOR,
    clock.ExpireClock: Role.FLOOR,
    # display (issue 12)
    display.Announce: Role.FLOOR,
    display.SetDisplay: Role.DIRECTOR,
    # penalties
    penalties.GivePenalty: Role.DIRECTOR,
    # irregularities (issue 13: misdeals L3, disputes F13)
    irregularities.DeclareMisdeal: Role.FLOOR,
    irregularities.CorrectResult: Role.FLOOR,
    # prizes and deals
    prizes.SetPrizeOptions: Role.DIRECTOR,
    prizes.PostPayoutSchedule: Role.DIRECTOR,
    prizes.RecordBountyWinners: Role.DIRECTOR,
    prizes.PostMysteryBounties: Role.DIRECTOR,
    prizes.RecordHighHand: Role.FLOOR,
    prizes.PayHighHand: Role.DIRECTOR,
    prizes.ProposeDeal: Role.DIRECTOR,
    prizes.AcceptDeal: Role.DIRECTOR,
    prizes.RejectDeal: Role.DIRECTOR,
    prizes.ApproveDeal: Role.DIRECTOR,
    prizes.PayPrize: Role.DIRECTOR,
    # days (issue 14): the end of a day and the next day's start
    days.EndDay: Role.DIRECTOR,
    days.StartDay: Role.DIRECTOR,
    # flights into Day 2 (issue 14): sent by the series service, which reads the flights
    days.CarryFlights: Role.DIRECTOR,
    days.CloseFlight: Role.DIRECTOR,
    # satellites (issue 14): sent by the series service, which looks at the target event
    satellites.SetSatellite: Role.DIRECTOR,
    satellites.PaySeat: Role.DIRECTOR,
    # sign-ups (issue 26): the player's own steps come from the phone through the sign-up
    # service, which checks the personal link and runs them at the floor role
    signups.SetSignUps: Role.DIRECTOR,
    signups.ApproveSignUp: Role.DIRECTOR,
    signups.DeclineSignUp: Role.DIRECTOR,
    signups.GroupSignUps: Role.DIRECTOR,
    signups.OpenCheckIn: Role.FLOOR,
    signups.CloseCheckIn: Role.FLOOR,
    signups.ReleaseNoShows: Role.FLOOR,
    signups.SignUp: Role.FLOOR,
    signups.CheckIn: Role.FLOOR,
    signups.WithdrawSignUp: Role.FLOOR,
    signups.SeatSignUp: Role.FLOOR,
    signups.SetSignUpLink: Role.FLOOR,
    # slips (issue 26): the player's own "I'm here", through its public rate-limited route
    slips.AcknowledgeSlip: Role.PUBLIC,
    # cancelling the whole event (issue 26: SPOT-6.22)
    cancellation.CancelEvent: Role.DIRECTOR,
}

ROLES: Mapping[type[Command], Role] = MappingProxyType(_ROLES)
"""The least role that may run each command class (read-only)."""

DEALER_OWN_TABLE: frozenset[type[Command]] = frozenset(
    {eliminations.Bust, seating.PlaceButton, clock.TableHandFinished}
)
"""Commands a dealer may run, and only at their own table."""

NOT_ROUTED: frozenset[type[Command]] = frozenset(
    {
        entries.CreateTournament,
        satellites.SetSatellite,
        satellites.PaySeat,
        days.CarryFlights,
        days.CloseFlight,
        slips.AcknowledgeSlip,
    }
)
"""Commands with their own route (``POST /api/tournaments`` creates from a template; a
satellite's terms and seats go through the series service, which checks the target event;
so do a Day 2's flights, which the series service reads; a player's "I'm here" for a slip
goes through its public, rate-limited route for the player the phone or link names)."""


def snake(name: str) -> str:
    """``BustPlayer`` -> ``bust_player`` (the command's API name)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _all_subclasses(cls: type[Command]) -> list[type[Command]]:
    out: list[type[Command]] = []
    for sub in cls.__subclasses__():
        out.append(sub)
        out.extend(_all_subclasses(sub))
    return out


def defined_commands() -> list[type[Command]]:
    """Every command class the tournament package defines and exports (for the audit test).

    ``@dataclass(slots=True)`` makes a new class; the pre-slots original lingers in
    ``__subclasses__`` — only the class its module actually exports counts. Commands are
    dataclasses; plain-class bases that add behaviour are not commands of their own.
    """
    decided = set(registered_commands())
    found: list[type[Command]] = []
    for cls in _all_subclasses(Command):
        if not cls.__module__.startswith("pokertd.tournament"):
            continue  # only the tournament's own commands (never test-only ones)
        if cls.__name__.startswith("_") or "__dataclass_fields__" not in vars(cls):
            continue  # a mixin base (``HeavyCommand``, ``LooksElsewhere``), never sent
        if cls not in decided:
            continue  # the pre-slots original of a slotted dataclass (it has no decider)
        if cls not in found:
            found.append(cls)
    return found


def command_classes() -> dict[str, type[Command]]:
    """Every command with a role, by API name (``bust``, ``place_button``...), sorted."""
    return dict(sorted((snake(cls.__name__), cls) for cls in ROLES))


def lookup(name: str) -> type[Command]:
    """The command class of an API name, or :class:`NotFound`."""
    cls = command_classes().get(name)
    if cls is None:
        raise NotFound(template=N_("There is no command %(name)s."), params={"name": repr(name)})
    return cls


def roles_table() -> str:
    """The role table as Markdown (``docs/web.md`` holds it; a test keeps the two equal)."""
    rows: dict[Role, list[str]] = {}
    for name, cls in command_classes().items():
        own = " (own table)" if cls in DEALER_OWN_TABLE else ""
        rows.setdefault(required_role(cls), []).append(f"`{name}`{own}")
    lines = ["| least role | commands |", "|---|---|"]
    for role in (Role.PUBLIC, Role.DEALER, Role.FLOOR, Role.DIRECTOR):
        if role is Role.PUBLIC and role not in rows:
            continue
        lines.append(f"| {role.value} | {', '.join(rows.get(role, []))} |")
    return "\n".join(lines) + "\n"


def governed(cls: type[Command]) -> bool:
    """Whether ``cls`` is one of the tournament's commands (the ones any face can send).

    Commands defined elsewhere — the store's test toys (``pokertd.store.testing``) and
    tests' own — reach the service only from Python code that could write the store
    directly anyway; the role table does not cover them.
    """
    return cls.__module__.startswith("pokertd.tournament")


def required_role(cls: type[Command]) -> Role:
    """The least role that may run ``cls``; ``LookupError`` when it has none (a bug: the
    audit test ``tests/test_permissions.py`` fails first)."""
    found = ROLES.get(cls)
    if found is None:
        raise LookupError(
            f"{cls.__module__}.{cls.__qualname__} has no role in pokertd.tournament.permissions"
        )
    return found


def required_role_for(command: Command, state: TournamentState | None) -> Role:
    """The least role that may run ``command`` on ``state`` (issue 10, undo scope).

    For most commands that is :func:`required_role`. Undo and redo also need the role of
    the command whose batch they take back or restore — a floor user cannot undo the
    director's disqualification — and a batch whose command is unknown (rows written before
    the log kept it, or a command since renamed) needs the director. Without a state an
    undo/redo needs the director; with nothing to act on, only its own role (the decider
    then says there is nothing to undo, or that the press was stale). A command outside
    the tournament package (:func:`governed`) is not covered by the table: public.
    """
    if not governed(type(command)):
        return Role.PUBLIC  # as check_role: test toys reach the service only from Python
    need = required_role(type(command))
    if not isinstance(command, Undo | Redo):
        return need
    if state is None:
        return Role.DIRECTOR
    batch = acted_on(state, command)
    if batch is None:
        return need
    made_by = _BY_NAME.get(batch.command_type or "")
    theirs = ROLES[made_by] if made_by is not None else Role.DIRECTOR
    return theirs if theirs.rank > need.rank else need


_BY_NAME: dict[str, type[Command]] = {cls.__name__: cls for cls in ROLES}
"""Command classes by the name the log stores for each batch (``Batch.command_type``)."""


def _action(command: Command, state: TournamentState | None) -> str:
    """What ``command`` does, in words for a refusal (``undo 'Busted Bob Baker'``)."""
    action = snake(type(command).__name__).replace("_", " ")
    if isinstance(command, Undo | Redo) and state is not None:
        batch = acted_on(state, command)
        if batch is not None:
            return f"{action} '{batch.command}'"
    return action


def table_of(command: Command) -> int | None:
    """The table a command names (its ``table`` field), if it names a valid one."""
    value = getattr(command, "table", None)
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        return int(value.strip())  # ``TableHandFinished(table="3")``
    return None


def players_of(command: Command) -> tuple[str, ...]:
    """The players a command names (``players`` or ``player`` field)."""
    many = getattr(command, "players", None)
    if isinstance(many, tuple | list):
        return tuple(str(p) for p in many)
    one = getattr(command, "player", None)
    return (one,) if isinstance(one, str) else ()


def seated_table(state: TournamentState, player: str) -> int | None:
    """The table ``player`` (a name, player id or entry id) sits at now, from the state —
    never from the client; ``None`` when the player is unknown, ambiguous or not seated."""
    try:
        found = entries.find_player(state, player)
        entry = state.part(entries.Roster).live_entry(found.player_id)
        if entry is None:
            return None
        where = seating.seating_now(state).where.get(entry.entry_id)  # read only
    except PokertdError:
        return None
    return None if where is None else int(where[0])


def check_role(cls: type[Command], role: Role) -> None:
    """Refuse ``cls`` for ``role`` when it needs a higher one (PermissionDenied); cheap."""
    if not governed(cls):
        return
    need = required_role(cls)
    if not role.at_least(need):
        action = snake(cls.__name__).replace("_", " ")
        raise PermissionDenied(
            template=N_("A %(role)s may not %(action)s: it needs the %(need)s role."),
            params={"role": role.value, "action": action, "need": need.value},
        )


def check(
    command: Command,
    role: Role,
    *,
    state: TournamentState | None = None,
    table: int | None = None,
) -> None:
    """Refuse ``command`` for ``role`` (and a dealer's ``table``) with PermissionDenied.

    A dealer runs only :data:`DEALER_OWN_TABLE` commands, and only at ``table``: the table
    is the one the command names, or for a bust the table every named player sits at in
    ``state`` — computed here, never taken from the client.
    """
    cls = type(command)
    if not governed(cls):
        return  # as check_role: the role table covers the tournament's commands only
    need = required_role_for(command, state)
    action = _action(command, state)
    if not role.at_least(need):
        raise PermissionDenied(
            template=N_("Only the %(need)s (or above) may %(action)s."),
            params={"need": need.value, "action": action},
        )
    if role is not Role.DEALER:
        return
    if cls not in DEALER_OWN_TABLE or table is None:
        raise PermissionDenied(
            template=N_("A dealer may not %(action)s."), params={"action": action}
        )
    target = table_of(command)
    if target is None and state is not None:
        named = players_of(command)
        tables = {seated_table(state, p) for p in named}
        if named and len(tables) == 1:
            target = tables.pop()
    if target is None or target != table:
        raise PermissionDenied(
            template=N_("The dealer of table %(table)s may only report their own table."),
            params={"table": table},
        )


__all__ = [
    "DEALER_OWN_TABLE",
    "NOT_ROUTED",
    "ROLES",
    "check",
    "check_role",
    "command_classes",
    "defined_commands",
    "governed",
    "lookup",
    "players_of",
    "required_role",
    "required_role_for",
    "roles_table",
    "seated_table",
    "snake",
    "table_of",
]
