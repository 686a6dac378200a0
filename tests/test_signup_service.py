"""The sign-up service: the personal link, the contact kept private, the desk's one tap
(issue 26)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from pokertd.app.application import App
from pokertd.app.signups import token_hash
from pokertd.app.tournaments import TournamentService
from pokertd.errors import InvalidCommand, NotFound, RuleViolation
from pokertd.store import open_store
from pokertd.tournament.entries import CreateTournament, Roster
from pokertd.tournament.signups import OpenCheckIn, SetSignUps
from pokertd.tournament.templates import load_template

NOW = datetime(2026, 11, 29, 18, 0, tzinfo=UTC)


@pytest.fixture
def app() -> App:
    service = TournamentService(open_store("sqlite:///:memory:"), now=lambda: NOW)
    return App.over(service, now=lambda: NOW)


def _tid(app: App) -> str:
    tmpl = load_template("kpc_nlh").with_changes(profile="tda", tables=2, seats_per_table=10)
    tid = app.tournaments.create(CreateTournament(name="Tuesday", template=tmpl))
    app.tournaments.run(tid, SetSignUps(capacity=2))
    return tid


def test_the_log_keeps_only_the_hash_of_the_link(app: App) -> None:
    tid = _tid(app)
    made = app.signups.sign_up(tid, name="Ann Lee", contact="ann@example.org")
    assert len(made.token) == 32
    stored = json.dumps([str(r.event) for r in app.tournaments.records(tid)])
    assert made.token not in stored
    assert token_hash(made.token) in stored
    mine = app.signups.mine(tid, made.token)
    assert mine is not None
    assert mine.message == "You have place 1 of 2. Check-in is not open yet for your group."
    assert app.signups.mine(tid, made.token[:-1] + "x") is None
    assert app.signups.mine(tid, "../../etc") is None


def test_check_in_withdraw_and_a_revoked_link(app: App) -> None:
    tid = _tid(app)
    ann = app.signups.sign_up(tid, name="Ann Lee")
    bob = app.signups.sign_up(tid, name="Bob Ray")
    cy = app.signups.sign_up(tid, name="Cy Dow")
    mine = app.signups.mine(tid, cy.token)
    assert mine is not None
    assert mine.message == "You are next on the waiting list."
    with pytest.raises(RuleViolation):
        app.signups.check_in(tid, ann.token)
    app.tournaments.run(tid, OpenCheckIn())
    assert app.signups.check_in(tid, ann.token).checked_in
    app.signups.withdraw(tid, bob.token)
    with pytest.raises(NotFound):
        app.signups.check_in(tid, bob.token)
    moved = app.signups.mine(tid, cy.token)
    assert moved is not None
    assert moved.place == 2


def test_desk_seat_records_the_mail_address_in_the_player_database(app: App) -> None:
    tid = _tid(app)
    ann = app.signups.sign_up(tid, name="Ann Lee", contact=" ann@example.org ")
    app.tournaments.run(tid, OpenCheckIn())
    app.signups.check_in(tid, ann.token)
    assert app.signups.player_for_link(tid, ann.token) is None
    app.signups.seat(tid, "S1", actor="Dee")
    state = app.tournaments.state(tid)
    player = state.part(Roster).players["P1"]
    assert player.db_id
    assert app.players.emails([player.db_id]) == {player.db_id: "ann@example.org"}
    assert app.signups.player_for_link(tid, ann.token) == "P1"


def test_a_contact_that_is_neither_mail_nor_phone_is_refused(app: App) -> None:
    tid = _tid(app)
    with pytest.raises(InvalidCommand, match="mail address"):
        app.signups.sign_up(tid, name="Ann Lee", contact="ann at home")
    with pytest.raises(InvalidCommand, match="not a mail address"):
        app.signups.sign_up(tid, name="Ann Lee", contact="ann@home")
    app.signups.sign_up(tid, name="Ann Lee", contact="+1 (860) 555-0100")
    assert len(app.tournaments.records(tid)) == 3


def test_reissue_makes_the_old_link_stop(app: App) -> None:
    tid = _tid(app)
    ann = app.signups.sign_up(tid, name="Ann Lee")
    new = app.signups.reissue(tid, "S1", actor="Dee")
    assert app.signups.mine(tid, ann.token) is None
    assert app.signups.mine(tid, new) is not None


def test_a_snapshot_keeps_the_sign_up_list(app: App) -> None:
    from pokertd.tournament.signups import signup_board

    tid = _tid(app)
    app.signups.sign_up(tid, name="Ann Lee", contact="ann@example.org")
    app.signups.sign_up(tid, name="Bob Ray")
    app.signups.sign_up(tid, name="Cy Dow")
    app.tournaments.run(tid, OpenCheckIn(group="1"))
    before = app.tournaments.read(tid, signup_board)
    app.tournaments.snapshot(tid)
    app.tournaments.forget(tid)
    assert app.tournaments.read(tid, signup_board) == before
    assert before.waiting == 1
