"""CLI commands: ``pokertd serve`` (the web app) and ``pokertd user`` (staff accounts).

``serve`` opens the store (SQLite ``./pokertd.db`` by default, created on first run, or
PostgreSQL by URL), makes sure a director exists — from ``$POKERTD_DIRECTOR_PASSWORD``, a
terminal prompt, or else the one-time ``/setup`` page — and runs uvicorn.
"""

from __future__ import annotations

import dataclasses
import os
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from pokertd.cli._common import DbOption, JsonOption, console, db_url, emit, refusals

if TYPE_CHECKING:
    from pokertd.web.users import UserStore

user_app = typer.Typer(help="Staff accounts (director, floor, dealer).", no_args_is_help=True)


def _prompt_director(users: UserStore) -> None:
    console.print("[bold]First run:[/] choose the tournament director's password.")
    while True:
        password = typer.prompt("Director password", hide_input=True, confirmation_prompt=True)
        try:
            users.create_first_director("director", password)
        except Exception as exc:  # InvalidCommand: too short
            console.print(f"[red]{exc}[/]")
            continue
        console.print("Director account [bold]director[/] created.")
        return


def serve(
    db: DbOption = None,
    host: Annotated[str, typer.Option(help="Address to bind (0.0.0.0 for the whole LAN).")] = (
        "127.0.0.1"
    ),
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    public_url: Annotated[
        str, typer.Option(help="URL phones use for the QR code (default: the request's).")
    ] = "",
) -> None:
    """Run the web app: floor console, TV clock, player and dealer views, JSON API."""
    import uvicorn

    from pokertd.service import open_service
    from pokertd.web import Settings, UserStore, create_app

    url = db_url(db)
    with refusals():
        service = open_service(url)
        users = UserStore(url)
        settings = Settings.from_env(url)
        if public_url:
            settings = dataclasses.replace(settings, public_url=public_url)
        if not users.has_director():
            if settings.director_password:
                users.create_first_director(settings.director_name, settings.director_password)
            elif sys.stdin.isatty() and not os.environ.get("POKERTD_NO_PROMPT"):
                _prompt_director(users)
        app = create_app(service, settings, users=users)
    shown = "localhost" if host in {"127.0.0.1", "0.0.0.0"} else host
    console.print(f"pokertd serving [bold]{url}[/] at [bold]http://{shown}:{port}/[/]")
    if not users.has_director():
        console.print(
            f"First run: open [bold]http://{shown}:{port}/setup[/] to set the director's password."
        )
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level="warning",
        proxy_headers=False,
        timeout_graceful_shutdown=3,
    )  # open SSE streams must not hold up a stop
    service.close()


@user_app.command("add")
def user_add(
    name: Annotated[str, typer.Argument(help="User name.")],
    role: Annotated[str, typer.Option(help="director, floor or dealer.")] = "floor",
    password: Annotated[
        str | None,
        typer.Option(help="Password (default: $POKERTD_USER_PASSWORD or a prompt)."),
    ] = None,
    reset: Annotated[bool, typer.Option("--reset", help="Replace an existing account.")] = False,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Add a staff account (or ``--reset`` its password)."""
    from pokertd.errors import InvalidCommand
    from pokertd.service import open_service
    from pokertd.web.users import Role, UserStore

    with refusals(as_json):
        try:
            chosen = Role(role)
        except ValueError:
            raise InvalidCommand(
                f"Unknown role {role!r}: choose director, floor or dealer."
            ) from None
        secret = password or os.environ.get("POKERTD_USER_PASSWORD")
        if not secret:
            secret = typer.prompt(f"Password for {name}", hide_input=True, confirmation_prompt=True)
        url = db_url(db)
        open_service(url).close()  # creates the database on first use
        users = UserStore(url)
        user = users.add(name, secret, chosen, replace=reset)
        users.close()
    emit(
        {"name": user.name, "role": user.role.value},
        as_json,
        lambda d: console.print(f"User [bold]{d['name']}[/] ({d['role']}) saved."),
    )


@user_app.command("list")
def user_list(db: DbOption = None, as_json: JsonOption = False) -> None:
    """List staff accounts."""
    from pokertd.service import open_service
    from pokertd.web.users import UserStore

    with refusals(as_json):
        url = db_url(db)
        open_service(url).close()
        users = UserStore(url)
        rows = [{"name": u.name, "role": u.role.value} for u in users.users()]
        users.close()

    def show(data: list[dict[str, str]]) -> None:
        for row in data:
            console.print(f"{row['name']}\t{row['role']}")

    emit(rows, as_json, show)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``pokertd`` app."""
    app.command("serve")(serve)
    app.add_typer(user_app, name="user")


__all__ = ["register"]
