"""``pokertd signup``: sign-ups, the waiting list, check-in and the desk's one tap (issue 26).

``settings`` (capacity, approval, check-in groups, the no-show release time, sign-ups per
contact), ``list`` (places, waiting list, checked in), ``add`` (sign a player up: prints the
personal link's path once), ``approve``/``decline``, ``open``/``close`` the check-in window
of a group, ``checkin``, ``withdraw``, ``release`` the no-shows, ``seat`` (paid and seated:
the desk's ``register`` with the sign-up's name and card) and ``link`` (a new personal
link, or ``--revoke``). Every command has ``--json``; refusals are one sentence naming the
venue's rule and exit 2. The rules are in :mod:`pokertd.tournament.signups`.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Annotated

import typer

from pokertd.cli._common import (
    DbOption,
    JsonOption,
    actor,
    application,
    console,
    emit,
    print_done,
    record_rows,
    refusals,
    say,
)
from pokertd.errors import InvalidCommand
from pokertd.i18n import N_

if TYPE_CHECKING:
    from pokertd.tournament.framework import Command, EventRecord
    from pokertd.tournament.signups import SignUpBoard

signup_app = typer.Typer(
    name="signup",
    help="Sign-ups: settings, list, add, approve, open, checkin, withdraw, release, seat, link.",
    no_args_is_help=True,
)

TidArg = Annotated[str, typer.Argument(help="The tournament's id.")]
SignUpArg = Annotated[str, typer.Argument(help="A sign-up's id (S12), from `pokertd signup list`.")]
GroupOption = Annotated[
    str, typer.Option("--group", help="A check-in group (default: every group).")
]


def _done(records: list[EventRecord], as_json: bool) -> None:
    if as_json:
        emit(record_rows(records), True)
    else:
        print_done(records)


def _run(db: str | None, tid: str, command: Command, as_json: bool) -> None:
    with refusals(as_json), application(db) as app:
        records = app.tournaments.run(tid, command, actor=actor(), role="director")
    _done(records, as_json)


def _when(text: str | None) -> datetime | None:
    if not text:
        return None
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        raise InvalidCommand(
            template=N_("%(text)s is not a time: write it as 2026-11-29T19:30+00:00."),
            params={"text": repr(text)},
        ) from None
    if when.tzinfo is None:
        raise InvalidCommand(template=N_("Give the release time with its time zone (+00:00)."))
    return when


def settings(
    tid: TidArg,
    capacity: Annotated[
        int | None, typer.Option(help="Places before the waiting list (none: no limit).")
    ] = None,
    approval: Annotated[
        bool, typer.Option("--approval/--no-approval", help="A sign-up needs approval.")
    ] = False,
    group_size: Annotated[
        int | None, typer.Option("--group-size", help="Check-in groups of this many, in order.")
    ] = None,
    release_at: Annotated[
        str | None, typer.Option("--release-at", help="No-show release time (ISO, with zone).")
    ] = None,
    per_contact: Annotated[
        int, typer.Option("--per-contact", help="Sign-ups one contact may hold.")
    ] = 2,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Set the sign-up rules of an event."""
    from pokertd.tournament.signups import SetSignUps

    with refusals(as_json):
        command = SetSignUps(
            capacity=capacity,
            approval=approval,
            group_size=group_size,
            release_at=_when(release_at),
            per_contact=per_contact,
        )
    _run(db, tid, command, as_json)


def _render(board: SignUpBoard) -> None:
    from rich.markup import escape
    from rich.table import Table

    cap = say("no limit") if board.capacity is None else str(board.capacity)
    console.print(
        say(
            "%(places)s places (capacity %(capacity)s), %(waiting)s waiting, %(in)s checked in, "
            "%(seated)s seated, %(pending)s pending",
            places=board.places,
            capacity=cap,
            waiting=board.waiting,
            seated=board.seated,
            pending=board.pending,
            **{"in": board.checked_in},
        ),
        soft_wrap=True,
    )
    table = Table(
        "id",
        say("name"),
        say("status"),
        say("place"),
        say("wait"),
        say("group"),
        say("in"),
        say("entry"),
    )
    for ln in board.lines:
        table.add_row(
            ln.signup_id,
            escape(ln.name),
            ln.status,
            "" if ln.place is None else str(ln.place),
            "" if ln.waitlist is None else str(ln.waitlist),
            ln.group,
            say("yes") if ln.checked_in else "",
            ln.entry_id,
        )
    console.print(table)


def list_cmd(tid: TidArg, db: DbOption = None, as_json: JsonOption = False) -> None:
    """The sign-up list: places, the waiting list, who checked in."""
    with refusals(as_json), application(db) as app:
        board = app.signups.board(tid)
    emit(board, as_json, _render)


def add(
    tid: TidArg,
    name: Annotated[str, typer.Argument(help="The player's name.")],
    card: Annotated[str, typer.Option("--card", help="Card or member number.")] = "",
    contact: Annotated[
        str, typer.Option("--contact", help="A mail address or phone number (private).")
    ] = "",
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Sign a player up; prints the personal link's path (shown once)."""
    with refusals(as_json), application(db) as app:
        made = app.signups.sign_up(tid, name=name, card=card, contact=contact, actor=actor())
    data = {"signup": made.mine, "link": f"/s/{tid}/{made.token}"}
    emit(
        data,
        as_json,
        lambda d: console.print(
            f"✓ {made.mine.signup_id} {made.mine.name}: {made.mine.message}\n  "
            + say("personal link: %(link)s", link=d["link"]),
            soft_wrap=True,
            markup=False,
        ),
    )


def approve(
    tid: TidArg, signup: SignUpArg, db: DbOption = None, as_json: JsonOption = False
) -> None:
    """Approve a pending sign-up."""
    from pokertd.tournament.signups import ApproveSignUp

    _run(db, tid, ApproveSignUp(signup=signup), as_json)


def decline(
    tid: TidArg,
    signup: SignUpArg,
    reason: Annotated[str, typer.Option(help="Why (kept in the log).")] = "",
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Decline a pending sign-up."""
    from pokertd.tournament.signups import DeclineSignUp

    _run(db, tid, DeclineSignUp(signup=signup, reason=reason), as_json)


def open_cmd(
    tid: TidArg, group: GroupOption = "*", db: DbOption = None, as_json: JsonOption = False
) -> None:
    """Open the check-in window for a group (default: every group)."""
    from pokertd.tournament.signups import OpenCheckIn

    _run(db, tid, OpenCheckIn(group=group), as_json)


def close_cmd(
    tid: TidArg, group: GroupOption = "*", db: DbOption = None, as_json: JsonOption = False
) -> None:
    """Close the check-in window for a group (default: every group)."""
    from pokertd.tournament.signups import CloseCheckIn

    _run(db, tid, CloseCheckIn(group=group), as_json)


def checkin(
    tid: TidArg, signup: SignUpArg, db: DbOption = None, as_json: JsonOption = False
) -> None:
    """Check a signed-up player in (the window of the player's group must be open)."""
    from pokertd.tournament.signups import CheckIn

    _run(db, tid, CheckIn(signup=signup), as_json)


def withdraw(
    tid: TidArg, signup: SignUpArg, db: DbOption = None, as_json: JsonOption = False
) -> None:
    """Withdraw a sign-up: the waiting list moves up."""
    from pokertd.tournament.signups import WithdrawSignUp

    _run(db, tid, WithdrawSignUp(signup=signup), as_json)


def release(tid: TidArg, db: DbOption = None, as_json: JsonOption = False) -> None:
    """Release the no-shows (at or after the release time): the waiting list moves up."""
    from pokertd.tournament.signups import ReleaseNoShows

    _run(db, tid, ReleaseNoShows(), as_json)


def seat(
    tid: TidArg,
    signup: SignUpArg,
    age_ok: Annotated[bool, typer.Option("--age-ok", help="Age checked (A1).")] = False,
    member_ok: Annotated[
        bool, typer.Option("--member-ok", help="Membership confirmed without a number (A1).")
    ] = False,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Paid and seated: register a checked-in sign-up as the desk's `register` does."""
    with refusals(as_json), application(db) as app:
        records = app.signups.seat(tid, signup, actor=actor(), age_ok=age_ok, member_ok=member_ok)
    _done(records, as_json)


def link(
    tid: TidArg,
    signup: SignUpArg,
    revoke: Annotated[bool, typer.Option("--revoke", help="Revoke the link.")] = False,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Issue a new personal link (the old one stops working), or revoke it."""
    from pokertd.tournament.signups import SetSignUpLink

    if revoke:
        _run(db, tid, SetSignUpLink(signup=signup), as_json)
        return
    with refusals(as_json), application(db) as app:
        token = app.signups.reissue(tid, signup, actor=actor())
    emit(
        {"signup": signup.upper(), "link": f"/s/{tid}/{token}"},
        as_json,
        lambda d: console.print(
            "✓ " + say("new personal link: %(link)s", link=d["link"]), markup=False
        ),
    )


def register(app: typer.Typer) -> None:
    """Add ``pokertd signup …`` to the ``pokertd`` app."""
    signup_app.command("settings")(settings)
    signup_app.command("list")(list_cmd)
    signup_app.command("add")(add)
    signup_app.command("approve")(approve)
    signup_app.command("decline")(decline)
    signup_app.command("open")(open_cmd)
    signup_app.command("close")(close_cmd)
    signup_app.command("checkin")(checkin)
    signup_app.command("withdraw")(withdraw)
    signup_app.command("release")(release)
    signup_app.command("seat")(seat)
    signup_app.command("link")(link)
    app.add_typer(signup_app, name="signup")
