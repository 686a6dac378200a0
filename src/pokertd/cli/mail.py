"""``pokertd mail``: the results mail of an event (issue 26, point 3).

- ``pokertd mail status T [--json]``: whether mail is set up (the settings, never the
  password), whether the event is over, and each recipient's delivery status;
- ``pokertd mail send T [--player ID] [--dry-run]``: send the results again now to one
  player or everyone with an address (recorded with who and when); ``--dry-run`` prints
  the messages and sends and records nothing;
- ``pokertd mail test ADDRESS``: send a short test mail to check the settings.

The settings are the server's: the ``POKERTD_SMTP_*`` / ``POKERTD_MAIL_*`` environment
variables (docs/deployment.md). Without them nothing is sent and each command says so.
Refusals are one sentence and exit code 2.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pokertd.cli._common import (
    DbOption,
    JsonOption,
    actor,
    application,
    cli_language,
    console,
    emit,
    refusals,
    say,
)
from pokertd.money import format_money

if TYPE_CHECKING:
    from pokertd.app.mail import MailService, OutboxView

mail_app = typer.Typer(
    name="mail",
    help="Results mail: status, send again, test the settings.",
    no_args_is_help=True,
)

TidArg = Annotated[str, typer.Argument(help="Tournament id.")]


@contextmanager
def _mail(db: str | None) -> Iterator[MailService]:
    """The mail service over ``--db`` with the environment's settings."""
    from pokertd.app.mail import MailService, MailSettings  # CLI start-up (issue 15)
    from pokertd.timefmt import venue_zone  # likewise

    settings = MailSettings.from_env()
    with application(db) as app:
        yield MailService(app.tournaments, app.players, app.leagues, settings, zone=venue_zone())


def _say(text: str) -> None:
    console.print(text, soft_wrap=True, markup=False)


def _render(view: OutboxView) -> None:
    _say(view.said(cli_language()))
    if view.settings:
        s = view.settings
        _say(
            say(
                "Server %(host)s:%(port)s (%(security)s), from %(sender)s, password %(password)s.",
                host=s["host"],
                port=s["port"],
                security=s["security"],
                sender=s["from"],
                password=s["password"],
            )
        )
    for line in view.lines:
        prize = f" {format_money(line.prize)}" if line.prize else ""
        extra = f" — {line.last_error}" if line.last_error and line.state != "sent" else ""
        place = say("place %(place)s", place=line.place or "-")
        attempts = say("%(state)s (attempts %(n)s)", state=line.state, n=line.attempts)
        _say(f"  {line.player_id}  {line.name} <{line.address}>  {place}{prize}  {attempts}{extra}")
    for q in view.requests:
        _say(
            "  "
            + say(
                "sent again %(at)s by %(staff)s: %(players)s",
                at=q["at"][:16],
                staff=q["staff"],
                players=q["players"],
            )
        )


def status(tournament: TidArg, db: DbOption = None, as_json: JsonOption = False) -> None:
    """Whether mail is set up and each recipient's delivery status (addresses shortened)."""
    with refusals(as_json), _mail(db) as mail:
        view = mail.status(tournament)
    emit(view.as_json(), as_json, lambda _: _render(view))


def send(
    tournament: TidArg,
    player: Annotated[
        str, typer.Option("--player", help="Only this player (their database id, pl…).")
    ] = "",
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Print the messages; send and record nothing.")
    ] = False,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Send the results again now (one player, or everyone with an address), recorded."""
    with refusals(as_json), _mail(db) as mail:
        if dry_run:
            messages = mail.preview(tournament, player)
            data: list[dict[str, Any]] = [
                {
                    "to": str(m["To"]),
                    "subject": str(m["Subject"]),
                    "message_id": str(m["Message-ID"]),
                    "text": m.get_body(("plain",)).get_content()  # type: ignore[union-attr]
                    if m.get_body(("plain",))
                    else "",
                }
                for m in messages
            ]
            emit(data, as_json, lambda rows: _render_preview(rows))
            return
        mail.send_again(tournament, player, staff=actor())
        report = mail.deliver_due(tournament, player.strip())
        view = mail.status(tournament)

    def render(_: object) -> None:
        _say(
            say(
                "%(sent)s sent, %(failed)s failed.",
                sent=len(report.sent),
                failed=len(report.failed),
            )
        )
        for failure in report.failed:
            _say(f"  {failure}")
        _render(view)

    emit({"sent": report.sent, "failed": report.failed, "status": view.as_json()}, as_json, render)
    if report.failed:
        raise typer.Exit(code=1)


def _render_preview(rows: list[dict[str, Any]]) -> None:
    for row in rows:
        _say(f"To: {row['to']}\nSubject: {row['subject']}\nMessage-ID: {row['message_id']}\n")
        _say(row["text"])


def check_settings(
    address: Annotated[str, typer.Argument(help="Where to send the test mail.")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Send a short test mail now to check the mail settings."""
    with refusals(as_json), _mail(db) as mail:
        said = mail.test(address)
    emit({"sent": True, "message": said}, as_json, lambda _: _say(said))


def register(app: typer.Typer) -> None:
    """Add ``pokertd mail …`` to the ``pokertd`` app."""
    mail_app.command("status")(status)
    mail_app.command("send")(send)
    mail_app.command("test")(check_settings)
    app.add_typer(mail_app, name="mail")


__all__ = ["check_settings", "mail_app", "register", "send", "status"]
