"""Sign-ups, the waiting list, check-in by groups and the desk's one tap (issue 26).

Concrete nights: 34 places and 40 sign-ups, three withdrawals, a group-by-group check-in
window, a release of the no-shows at 19:30, each refusal citing this venue's rule IDs
(A1, A2, A4, A12, A13) and writing nothing, undo and redo restoring the list.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from floor_helpers import START, Night

from pokertd.errors import InvalidCommand, PokertdError, RuleViolation
from pokertd.rules import load_profile
from pokertd.tournament.entries import CloseRegistration, Roster, Setup
from pokertd.tournament.framework import Command, Redo, Undo
from pokertd.tournament.signups import (
    ApproveSignUp,
    CheckIn,
    DeclineSignUp,
    GroupSignUps,
    OpenCheckIn,
    ReleaseNoShows,
    SeatSignUp,
    SetSignUpLink,
    SetSignUps,
    SignUp,
    WithdrawSignUp,
    my_signup,
    signup_board,
)

RELEASE = START.replace(minute=30)  # 19:30


def _night(profile: str = "tda", **settings: object) -> Night:
    night = Night("kpc_nlh", profile=profile, tables=5, seats_per_table=10)
    night.run(SetSignUps(**settings))  # type: ignore[arg-type]
    return night


def _names(n: int) -> list[str]:
    return [f"Player {i:02d}" for i in range(1, n + 1)]


def _forty() -> Night:
    night = _night(capacity=34, group_size=10, release_at=RELEASE)
    for name in _names(40):
        night.run(SignUp(name=name, card=f"C{name[-2:]}"))
    return night


def _places(night: Night) -> list[str]:
    return [ln.name for ln in signup_board(night.state).lines if ln.place is not None]


def _waiting(night: Night) -> list[str]:
    return [ln.name for ln in signup_board(night.state).lines if ln.waitlist is not None]


def _refused(night: Night, command: Command) -> PokertdError:
    before = len(night.records)
    with pytest.raises((RuleViolation, InvalidCommand)) as info:
        night.run(command)
    assert len(night.records) == before  # a refused command writes nothing
    return info.value


def test_A12_capacity_34_forty_sign_up_34_places_6_wait() -> None:
    night = _forty()
    board = signup_board(night.state)
    assert (board.places, board.waiting) == (34, 6)
    assert _places(night) == _names(34)
    assert _waiting(night) == _names(40)[34:]
    assert my_signup(night.state, "") is None
    assert [ln.group for ln in board.lines[:11]][-2:] == ["1", "2"]


def test_A12_three_withdraw_the_first_three_waiting_get_places_in_order() -> None:
    night = _forty()
    for sid in ("S3", "S10", "S20"):
        night.run(WithdrawSignUp(signup=sid))
    assert _places(night)[-3:] == ["Player 35", "Player 36", "Player 37"]
    assert len(_places(night)) == 34
    assert _waiting(night) == ["Player 38", "Player 39", "Player 40"]


def test_A2_window_open_for_group_1_only_refuses_a_group_2_check_in() -> None:
    night = _forty()
    night.run(OpenCheckIn(group="1"))
    night.run(CheckIn(signup="S1"))
    refusal = _refused(night, CheckIn(signup="S11"))
    assert refusal.message == "Check-in is not open yet for group 2: it is open for group 1."
    assert refusal.rule_ids == load_profile("tda").cite("A2")
    night.run(OpenCheckIn(group="2"))
    night.run(CheckIn(signup="S11"))
    assert signup_board(night.state).checked_in == 2


def test_A12_release_at_1930_moves_the_waiting_list_up() -> None:
    night = _forty()
    night.run(OpenCheckIn())
    for i in range(1, 31):  # 30 of the 34 with places check in; S31-S34 do not
        night.run(CheckIn(signup=f"S{i}"))
    night.now = RELEASE - timedelta(minutes=1)
    refusal = _refused(night, ReleaseNoShows())
    assert refusal.message == "No-shows are released at 19:30, not before."
    assert refusal.rule_ids == load_profile("tda").cite("A12")
    night.now = RELEASE
    night.run(ReleaseNoShows())
    assert _places(night) == _names(30) + _names(40)[34:38]
    assert _waiting(night) == ["Player 39", "Player 40"]
    board = signup_board(night.state)
    assert [ln.status for ln in board.lines if ln.name == "Player 31"] == ["released"]


def test_A12_desk_seats_a_checked_in_place_with_one_tap_through_register() -> None:
    night = _forty()
    night.run(OpenCheckIn())
    night.run(CheckIn(signup="S1"))
    records = night.run(SeatSignUp(signup="S1"))
    types = [r.event.type for r in records]
    assert types == ["player_added", "entry_bought", "signup_seated"]
    assert len({r.batch for r in records}) == 1  # one batch: one undo
    roster = night.state.part(Roster)
    assert [p.name for p in roster.players.values()] == ["Player 01"]
    line = signup_board(night.state).lines[0]
    assert (line.status, line.entry_id, line.place) == ("seated", "E1", 1)
    # a waitlisted player is not seated ahead of the list
    refusal = _refused(night, SeatSignUp(signup="S35"))
    assert refusal.message == "Player 35 is number 1 on the waiting list: places go in list order."
    # not checked in: check in first
    assert "check in first" in str(_refused(night, SeatSignUp(signup="S2")))


def test_A1_TNPL_A2_desk_keeps_the_age_check_of_register() -> None:
    night = Night("tnpl_league")
    night.run(SetSignUps(capacity=10))
    night.run(SignUp(name="Ann Lee"))
    night.run(OpenCheckIn())
    night.run(CheckIn(signup="S1"))
    refusal = _refused(night, SeatSignUp(signup="S1"))
    assert refusal.message == "Confirm Ann Lee is at least 18 before registering."
    assert refusal.rule_ids == ("TNPL-A2",)
    night.run(SeatSignUp(signup="S1", age_ok=True))
    assert night.state.part(Roster).entry_count == 1


def test_undo_then_redo_restores_the_list() -> None:
    night = _forty()
    night.run(OpenCheckIn())
    night.run(CheckIn(signup="S1"))
    before = signup_board(night.state)
    night.run(SeatSignUp(signup="S1"))
    after = signup_board(night.state)
    night.run(Undo())
    assert signup_board(night.state) == before
    assert night.state.part(Roster).entry_count == 0
    night.run(Redo())
    assert signup_board(night.state) == after
    night.run(WithdrawSignUp(signup="S2"))
    night.run(Undo())
    assert signup_board(night.state) == after


def test_approval_lists_in_the_order_approved_and_decline_drops() -> None:
    night = _night(capacity=2, approval=True)
    for name in ("Ann Lee", "Bob Ray", "Cy Dow"):
        night.run(SignUp(name=name))
    assert signup_board(night.state).pending == 3
    night.run(ApproveSignUp(signup="S3"))
    night.run(ApproveSignUp(signup="S1"))
    night.run(DeclineSignUp(signup="S2"))
    assert _places(night) == ["Cy Dow", "Ann Lee"]
    assert "not waiting" in str(_refused(night, ApproveSignUp(signup="S2")))


def test_the_link_hash_opens_the_own_sign_up_until_revoked() -> None:
    night = _night(capacity=1)
    night.run(SignUp(name="Ann Lee", token_hash="a" * 64))
    night.run(SignUp(name="Bob Ray", token_hash="b" * 64))
    mine = my_signup(night.state, "b" * 64)
    assert mine is not None
    assert mine.message == "You are next on the waiting list."
    night.run(SetSignUpLink(signup="S2"))
    assert my_signup(night.state, "b" * 64) is None
    night.run(SetSignUpLink(signup="S2", token_hash="c" * 64))
    assert my_signup(night.state, "c" * 64) is not None
    night.run(WithdrawSignUp(signup="S1"))
    again = my_signup(night.state, "c" * 64)
    assert again is not None
    assert again.place == 1


def test_A13_one_sign_up_per_name_and_card_and_a_cap_per_contact() -> None:
    night = _night(per_contact=2)
    night.run(SignUp(name="Ann Lee", card="77", contact="ann@example.org"))
    assert "already signed up" in str(_refused(night, SignUp(name="ann  lee")))
    assert "already signed up" in str(_refused(night, SignUp(name="Ann B", card="77")))
    night.run(SignUp(name="Bob Lee", contact="ANN@example.org"))
    refusal = _refused(night, SignUp(name="Cy Lee", contact="ann@example.org"))
    assert refusal.message == "This contact already holds 2 sign-ups: at most 2 per contact."


def test_hostile_names_get_the_desks_limits() -> None:
    night = _night()
    for bad, why in (
        ("x" * 61, "at most 60 characters"),
        ("Ann\u202eeeL", "text-direction override"),
        ("Ann\x07", "control character"),
    ):
        assert why in str(_refused(night, SignUp(name=bad)))
    assert "name" in str(_refused(night, SignUp(name="   ")))


def test_named_groups() -> None:
    night = _forty()
    night.run(GroupSignUps(signups=("S11", "S12"), group="early"))
    night.run(OpenCheckIn(group="early"))
    night.run(CheckIn(signup="S12"))
    assert "group 1" in str(_refused(night, CheckIn(signup="S1")))


# --------------------------------------------------------------------------------------
# Per profile: the registration rule each venue cites


@pytest.mark.parametrize(
    ("template", "outcome"),
    [
        ("kpc_nlh", "card"),  # KPC-57: club membership number at sign-up
        ("fox_120", "no_reservations"),  # FOX-REG3: no reservations or telephone sign-ups
        ("spot_league", "no_reservations"),  # SPOT-2c1: in person
        ("tnpl_league", "no_waitlist"),  # TNPL keeps no alternate list
        ("nj_fundraiser", "no_waitlist"),  # NJ keeps no alternate list
    ],
)
def test_A1_A2_A12_each_profile_cites_its_registration_rule(template: str, outcome: str) -> None:
    night = Night(template)
    profile = night.state.part(Setup).profile
    night.run(SetSignUps(capacity=1))
    if outcome == "no_reservations":
        refusal = _refused(night, SignUp(name="Ann Lee", card="1"))
        assert refusal.rule_ids == profile.cite("A2")
        assert "registers in person at the desk" in str(refusal)
        return
    if outcome == "card":
        refusal = _refused(night, SignUp(name="Ann Lee"))
        assert refusal.rule_ids == profile.cite("A1") == ("KPC-57",)
        night.run(SignUp(name="Ann Lee", card="12"))
        night.run(SignUp(name="Bob Ray", card="13"))
        assert _waiting(night) == ["Bob Ray"]
        return
    night.run(SignUp(name="Ann Lee"))
    refusal = _refused(night, SignUp(name="Bob Ray"))
    assert refusal.rule_ids == profile.cite("A12")
    assert "keeps no waiting list" in str(refusal)


def test_A4_no_sign_up_once_registration_closed() -> None:
    night = _night()
    night.run(CloseRegistration())
    refusal = _refused(night, SignUp(name="Ann Lee"))
    assert refusal.rule_ids == load_profile("tda").cite("A4")
