"""``pokertd backup``, ``pokertd export`` and ``pokertd import`` (issue 16, docs/backup.md).

``backup`` copies the whole store to a file while ``pokertd serve`` keeps running (SQLite's
online backup, checked afterwards), or, for PostgreSQL, prints the ``pg_dump`` command that
does it and the ``pg_restore`` command that undoes it. ``export`` writes one tournament's
whole log as a portable JSON-lines file; ``import`` reads one into any store (SQLite or
PostgreSQL), checking the file and replaying its log before it writes anything. An existing
file is never overwritten without ``--force``. Every command has ``--json``; refusals are one
sentence and exit code 2.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pokertd.cli._common import (
    DbOption,
    JsonOption,
    console,
    emit,
    num,
    refusals,
    say,
    service,
)
from pokertd.errors import InvalidCommand
from pokertd.i18n import N_

if TYPE_CHECKING:
    from pokertd.app import TournamentInfo
    from pokertd.app.tournaments import BackupReport

ForceOption = Annotated[
    bool, typer.Option("--force", help="Overwrite the file if it exists already.")
]


def _say(text: str) -> None:
    """Print one line for people (long lines wrap at the terminal's edge, not mid-word)."""
    console.print(text, soft_wrap=True, markup=False)


def backup(
    output: Annotated[
        str, typer.Option("-o", "--output", help="The backup file to write.", show_default=False)
    ],
    force: ForceOption = False,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Back up the whole store: SQLite online (safe while serving); PostgreSQL: the
    pg_dump command to run."""
    with refusals(as_json), service(db) as tournaments:
        report = tournaments.backup(output, force=force)
    emit(report, as_json, _render_backup)


def _render_backup(report: BackupReport) -> None:
    if report.written:
        _say(
            say(
                "Backed up %(tournaments)s tournaments (%(events)s events, %(bytes)s bytes) to "
                "%(target)s; the copy passed its integrity check.",
                tournaments=report.tournaments,
                events=num(report.events),
                bytes=num(report.bytes),
                target=report.target,
            )
        )
        _say(say("To restore it, stop pokertd serve and run: %(command)s", command=report.restore))
        return
    _say(say("pokertd does not run PostgreSQL backups itself. Make one with:"))
    _say(f"  {report.command}")
    _say(say("(pg_dump asks for the password, or reads PGPASSWORD or ~/.pgpass.)"))
    _say(say("Restore it (stop pokertd serve first; it replaces what the database holds) with:"))
    _say(f"  {report.restore}")


def export(
    tournament_id: Annotated[str, typer.Argument(help="The tournament's id.")],
    output: Annotated[
        str | None,
        typer.Option(
            "-o",
            "--output",
            help="The file to write ('-' for standard output); default TOURNAMENT.jsonl.",
            show_default=False,
        ),
    ] = None,
    force: ForceOption = False,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Write one tournament's whole log to a portable file (JSON lines)."""
    from pokertd.app import check_target

    target = output or f"{tournament_id}.jsonl"
    with refusals(as_json):
        if target == "-" and as_json:
            raise InvalidCommand(
                template=N_("--json and '-o -' both print to standard output: pick one.")
            )
        if target != "-":
            check_target(target, force=force)
        with service(db) as tournaments:
            text = tournaments.export_tournament(tournament_id)
        if target == "-":
            sys.stdout.write(text)
            return
        try:
            Path(target).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise InvalidCommand(
                template=N_("Cannot write %(target)s: %(reason)s."),
                params={"target": target, "reason": exc.strerror},
            ) from None
    events = text.count("\n") - 1
    summary = {"tournament": tournament_id, "file": target, "events": events}
    emit(
        summary,
        as_json,
        lambda s: _say(
            say(
                "Exported %(tid)s (%(events)s events) to %(file)s.",
                tid=s["tournament"],
                events=num(s["events"]),
                file=s["file"],
            )
        ),
    )


def import_(
    file: Annotated[str, typer.Argument(help="An export file ('-' for standard input).")],
    as_id: Annotated[
        str | None,
        typer.Option(
            "--as", help="Import under this id instead of the file's.", show_default=False
        ),
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Add a tournament from an export file (checked and replayed before anything is
    written)."""
    from pokertd.app import MAX_FILE_BYTES

    with refusals(as_json):
        content = _read(file, MAX_FILE_BYTES)
        with service(db) as tournaments:
            info = tournaments.import_tournament(content, as_id=as_id)
    emit(info, as_json, _render_import)


def _read(file: str, limit: int) -> bytes:
    """The file's bytes (at most ``limit`` + 1 are read, so a huge file is refused by
    size without filling the memory)."""
    try:
        if file == "-":
            return sys.stdin.buffer.read(limit + 1)
        with open(file, "rb") as fh:
            return fh.read(limit + 1)
    except FileNotFoundError:
        raise InvalidCommand(
            template=N_("There is no file %(file)s."), params={"file": file}
        ) from None
    except IsADirectoryError:
        raise InvalidCommand(
            template=N_("%(file)s is a folder, not an export file."), params={"file": file}
        ) from None
    except OSError as exc:
        raise InvalidCommand(
            template=N_("Cannot read %(file)s: %(reason)s."),
            params={"file": file, "reason": exc.strerror},
        ) from None


def _render_import(info: TournamentInfo) -> None:
    _say(
        say(
            "Imported %(tid)s (%(name)s, %(events)s events).",
            tid=info.id,
            name=info.name,
            events=num(info.last_seq),
        )
    )


def register(app: typer.Typer) -> None:
    """Add ``pokertd backup``, ``export`` and ``import`` to the ``pokertd`` app."""
    app.command("backup")(backup)
    app.command("export")(export)
    app.command("import")(import_)


__all__ = ["backup", "export", "import_", "register"]
