"""One role table for every command, enforced by the service for every face (issue 10).

- every command the tournament package defines has a role in ``permissions.ROLES`` (a new
  command without one fails here), and the table names no class that does not exist;
- for every command class and every role, ``TournamentService.run`` refuses exactly what the
  table says (PermissionDenied, nothing written) and never refuses by role what it allows;
- a dealer is bound to one tournament and their own table, the table of a named player is
  read from the state (the client cannot claim it);
- ``service.read`` hands out data that a later command cannot change.
"""

from __future__ import annotations

import dataclasses
import enum
import typing
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokertd.app import commands as web_commands
from pokertd.app import demo
from pokertd.app.tournaments import TournamentService, open_service
from pokertd.errors import PermissionDenied, PokertdError
from pokertd.roles import Role
from pokertd.tournament import permissions
from pokertd.tournament.clock import TableHandFinished
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import Register, RemoveChips
from pokertd.tournament.framework import Command, Redo, TournamentState, Undo
from pokertd.tournament.seating import PlaceButton, tables_view
from pokertd.tournament.slips import AcknowledgeSlip

ROLES_UNDER_TEST = (Role.PUBLIC, Role.DEALER, Role.FLOOR, Role.DIRECTOR)
ROUTED = sorted(
    (c for c in permissions.ROLES if c not in permissions.NOT_ROUTED), key=lambda c: c.__name__
)


# --------------------------------------------------------------------------------------
# The registry is complete


def test_every_command_class_has_a_role() -> None:
    defined = set(permissions.defined_commands())
    missing = sorted(c.__name__ for c in defined - set(permissions.ROLES))
    assert missing == []
    stale = sorted(c.__name__ for c in set(permissions.ROLES) - defined)
    assert stale == []
    assert len(defined) >= 46  # every domain module's commands were found


def test_a_command_without_a_role_is_refused_loudly() -> None:
    @dataclasses.dataclass(frozen=True)
    class Unlisted(Command):
        pass

    Unlisted.__module__ = "pokertd.tournament.somewhere"
    with pytest.raises(LookupError, match="Unlisted has no role"):
        permissions.required_role(Unlisted)


def test_the_roles_of_issue_7_are_kept() -> None:
    """Same effective roles as the old name tables (minus their five names that never
    existed: ApplyDeal, SetPayouts, AssessPenalty, CancelTournament, FinishTournament)."""
    by_role: dict[Role, set[str]] = {}
    for cls, role in permissions.ROLES.items():
        by_role.setdefault(role, set()).add(cls.__name__)
    assert by_role[Role.DEALER] == {"Bust", "PlaceButton", "TableHandFinished"}
    assert {
        "Undo",
        "Redo",
        "Register",
        "Reenter",
        "StartClock",
        "DrawSeats",
        "ConfirmMove",
        "RecordChips",
        "ColorUp",
    } <= by_role[Role.FLOOR]
    assert {
        "CreateTournament",
        "RemoveChips",
        "EndByChipCount",
        "LayTables",
        "Redraw",
        "SetAutoConfirm",
        "AddLevels",
        "GivePenalty",
        "ProposeDeal",
        "PayPrize",
        "SetPrizeOptions",
    } <= by_role[Role.DIRECTOR]
    # issue 12 (floor console): "Confirm all" and "Draw buttons" are floor commands; issue 22:
    # "Confirm all" confirms the plan it showed (ConfirmPlan)
    assert {"ConfirmMoves", "ConfirmPlan", "DrawButtons"} <= by_role[Role.FLOOR]
    # issue 12 (TV): announcements are the floor's, the TV layout and sound the director's
    assert "Announce" in by_role[Role.FLOOR]
    assert "SetDisplay" in by_role[Role.DIRECTOR]
    # issue 12 (seat tools): mark away/back and a move by hand are the floor's
    seat_tools = {"MarkAbsent", "MarkPresent", "MovePlayer"}
    assert seat_tools <= by_role[Role.FLOOR]
    # issue 13: the button correction and a called clock's expiry are the floor's
    floor_13 = {"CorrectButton", "ExpireClock"}
    assert floor_13 <= by_role[Role.FLOOR]
    # issue 13 (FOX-HH): the floor records a high hand it saw, the director pays it
    assert "RecordHighHand" in by_role[Role.FLOOR]
    assert "PayHighHand" in by_role[Role.DIRECTOR]
    floor_13 |= {"RecordHighHand"}
    # issue 13 (L3, F13): a misdeal and a corrected result are the floor's
    floor_13 |= {"DeclareMisdeal", "CorrectResult"}
    assert {"DeclareMisdeal", "CorrectResult"} <= by_role[Role.FLOOR]
    floor = by_role[Role.FLOOR] - {"ConfirmMoves", "ConfirmPlan", "DrawButtons", "Announce"}
    floor -= seat_tools
    # issue 26 (sign-ups): the desk's steps and a player's own (through the link) are the
    # floor's; the settings, approval and groups the director's
    signups_floor = {"SignUp", "CheckIn", "WithdrawSignUp", "SeatSignUp", "SetSignUpLink"}
    signups_floor |= {"OpenCheckIn", "CloseCheckIn", "ReleaseNoShows"}
    assert signups_floor <= by_role[Role.FLOOR]
    floor -= signups_floor
    # issue 28 (mixed games): the floor says which game a table deals now
    assert "SetTableGame" in by_role[Role.FLOOR]
    floor -= {"SetTableGame"}
    assert len(floor - floor_13) == 27
    issue_14 = {"EndDay", "StartDay", "SetSatellite", "PaySeat"}  # multi-day, satellites
    issue_14 |= {"CarryFlights", "CloseFlight"}  # flights into Day 2 (series service)
    assert issue_14 <= by_role[Role.DIRECTOR]
    issue_26 = {"KeepApart", "LetSitTogether"}  # keep-apart groups (SPOT-2c3)
    issue_26 |= {"PostMysteryBounties"}  # mystery bounties: the director posts the envelopes
    issue_26 |= {"CancelEvent"}  # cancelling the whole event (SPOT-6.22)
    assert issue_26 <= by_role[Role.DIRECTOR]
    signups_director = {"SetSignUps", "ApproveSignUp", "DeclineSignUp", "GroupSignUps"}
    assert signups_director <= by_role[Role.DIRECTOR]
    issue_26 |= signups_director
    assert len(by_role[Role.DIRECTOR] - {"SetDisplay", "PayHighHand"} - issue_14 - issue_26) == 16
    # issue 26 (slips): a player's own "I'm here", only through its public route (no staff
    # role; the player it names, rate-limited, CSRF-checked: never a floor confirmation)
    assert by_role[Role.PUBLIC] == {"AcknowledgeSlip"}
    assert AcknowledgeSlip in permissions.NOT_ROUTED
    assert {permissions.snake(c.__name__) for c in permissions.DEALER_OWN_TABLE} == {
        "bust",
        "place_button",
        "table_hand_finished",
    }


def test_the_web_reads_the_same_table() -> None:
    assert web_commands.required_role is permissions.required_role
    assert web_commands.command_classes() == permissions.command_classes()
    assert (
        frozenset(
            {
                "CreateTournament",
                "SetSatellite",
                "PaySeat",
                "CarryFlights",
                "CloseFlight",
                "AcknowledgeSlip",
            }
        )
        == web_commands.NOT_ROUTED
    )


def test_role_lives_in_one_module() -> None:
    from pokertd.app import accounts

    assert accounts.Role is Role
    assert [r.rank for r in ROLES_UNDER_TEST] == [0, 1, 2, 3]


# --------------------------------------------------------------------------------------
# Minimal valid commands (what a face would send)


def _sample(hint: Any, name: str, who: str) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is str:
        return "1" if name == "table" else who
    if hint is bool:
        return False
    if hint is int:
        return 1000 if name in ("chips", "seconds", "value") else 1
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        values = list(hint)
        return values[1] if len(values) > 1 else values[0]
    if origin is tuple and args and args[-1] is Ellipsis:
        return (_sample(args[0], name, who),)
    if origin is tuple:
        return tuple(_sample(a, name, who) for a in args)
    raise AssertionError(f"no sample for {hint!r} ({name})")


def minimal_body(cls: type[Command], who: str, table: int = 1) -> dict[str, Any]:
    """The required fields of ``cls`` filled with plausible values (JSON-like)."""
    hints = typing.get_type_hints(cls)
    body: dict[str, Any] = {}
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
            continue
        body[f.name] = _sample(hints[f.name], f.name, who)
    if "table" in body:
        body["table"] = str(table) if isinstance(body["table"], str) else table
    return body


def _json(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_json(v) for v in value]
    if isinstance(value, enum.Enum):
        return value.value
    return value


def minimal_json(cls: type[Command], who: str, table: int = 1) -> dict[str, Any]:
    """:func:`minimal_body` as the JSON an HTTP client sends."""
    return {k: _json(v) for k, v in minimal_body(cls, who, table).items()}


def seated_at(state: TournamentState, table: int) -> str:
    """The name of a player sitting at ``table``."""
    view = next(t for t in tables_view(state).tables if t.table == table)
    return view.seated[0].name


# --------------------------------------------------------------------------------------
# The service allows exactly what the table says


@pytest.fixture(scope="module")
def night() -> Iterator[tuple[TournamentService, str]]:
    service = open_service("sqlite:///:memory:")
    tid = demo.build(service, players=12)
    yield service, tid
    service.close()


@pytest.fixture
def fresh() -> Iterator[tuple[TournamentService, str]]:
    service = open_service("sqlite:///:memory:")
    tid = demo.build(service, players=12)
    yield service, tid
    service.close()


def _allowed(cls: type[Command], role: Role) -> bool:
    need = permissions.ROLES[cls]
    if role is Role.DEALER:
        return cls in permissions.DEALER_OWN_TABLE
    return role.at_least(need)


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(cls=st.sampled_from(ROUTED), role=st.sampled_from(ROLES_UNDER_TEST))
def test_service_allows_exactly_the_role_table(
    night: tuple[TournamentService, str], cls: type[Command], role: Role
) -> None:
    service, tid = night
    name = service.read(tid, lambda s: seated_at(s, 1))
    command = web_commands.parse(cls, minimal_json(cls, name, table=1))
    before = service.last_seq(tid)
    if not _allowed(cls, role):
        with pytest.raises(PermissionDenied):
            service.run(tid, command, actor="t", role=role, table=1)
        assert service.last_seq(tid) == before  # nothing written
        return
    if cls in (Undo, Redo):
        return  # their role also depends on the batch they act on (tests/tournament/)
    try:
        service.run(tid, command, actor="t", role=role, table=1)
    except PermissionDenied as exc:  # pragma: no cover - the failure this test looks for
        raise AssertionError(f"{role} refused {cls.__name__}: {exc}") from exc
    except PokertdError:
        pass  # a rule may refuse it; the role did not


def test_the_cli_roles_still_work(fresh: tuple[TournamentService, str]) -> None:
    service, tid = fresh
    with pytest.raises(PermissionDenied, match="needs the director role"):
        service.run(tid, RemoveChips(chips=100), role="floor")
    with pytest.raises(PermissionDenied, match="is not a role"):
        service.run(tid, Register(name="Zed Zero"), role="owner")
    records = service.run(tid, Register(name="Zed Zero", age_ok=True, member_ok=True), role="floor")
    assert records[0].actor == "system"


# --------------------------------------------------------------------------------------
# A dealer: one tournament, their own table, computed from the state


def test_dealer_is_bound_to_their_own_table(fresh: tuple[TournamentService, str]) -> None:
    service, tid = fresh
    mine = service.read(tid, lambda s: seated_at(s, 1))
    other = service.read(tid, lambda s: seated_at(s, 2))
    seq = service.last_seq(tid)
    for command in (
        Bust(players=(other,)),
        PlaceButton(table=2, seat=1),
        TableHandFinished(table="2"),
        Bust(players=(mine, other)),
    ):
        with pytest.raises(PermissionDenied, match="only report their own table"):
            service.run(tid, command, role=Role.DEALER, table=1)
    with pytest.raises(PermissionDenied, match="A dealer may not"):
        service.run(tid, Bust(players=(mine,)), role=Role.DEALER)  # no table: no dealing
    assert service.last_seq(tid) == seq

    @dataclasses.dataclass(frozen=True)
    class Who:
        name: str
        role: Role
        tournament: str | None
        table: int | None

    with pytest.raises(PermissionDenied, match="another tournament"):
        service.run(tid, PlaceButton(table=1, seat=1), principal=Who("d", Role.DEALER, "x", 1))
    assert service.last_seq(tid) == seq
    records = service.run(tid, Bust(players=(mine,)), principal=Who("d1", Role.DEALER, tid, 1))
    assert records[0].actor == "d1"
    assert records[-1].seq > seq


# --------------------------------------------------------------------------------------
# Reads: under the service's lock, nothing shared with the state


def test_read_returns_data_a_command_cannot_change(fresh: tuple[TournamentService, str]) -> None:
    service, tid = fresh
    from pokertd.tournament import views as tviews

    before = service.read(tid, lambda s: (s.seq, [p.name for p in tviews.players(s)]))
    service.run(tid, Register(name="Late Larry", age_ok=True, member_ok=True))
    after = service.read(tid, lambda s: (s.seq, [p.name for p in tviews.players(s)]))
    assert "Late Larry" not in before[1]
    assert "Late Larry" in after[1]
    assert after[0] > before[0]
    with pytest.raises(PokertdError, match="no tournament"):
        service.read("nosuch", lambda s: s.seq)


def test_the_docs_show_the_role_table() -> None:
    from pathlib import Path

    docs = Path(__file__).resolve().parents[1] / "docs" / "web.md"
    assert permissions.roles_table() in docs.read_text(encoding="utf-8")


# --------------------------------------------------------------------------------------
# Issue 14: multi-day and satellites


def test_days_and_satellites_need_the_director(fresh: tuple[TournamentService, str]) -> None:
    from pokertd.tournament import days, satellites

    service, tid = fresh
    for cls in (days.EndDay, days.StartDay, satellites.SetSatellite, satellites.PaySeat):
        assert permissions.required_role(cls) is Role.DIRECTOR
    assert {"SetSatellite", "PaySeat"} <= web_commands.NOT_ROUTED  # the series service only
    seq = service.last_seq(tid)
    with pytest.raises(PermissionDenied, match="needs the director role"):
        service.run(tid, days.EndDay(day=1), role=Role.FLOOR)
    with pytest.raises(PermissionDenied, match="needs the director role"):
        service.run(
            tid, satellites.SetSatellite(target_event="x", seat_value_cents=1), role="floor"
        )
    assert service.last_seq(tid) == seq
