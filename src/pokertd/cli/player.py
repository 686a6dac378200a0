"""``pokertd player``: the player database shared by every tournament of a store (issue 14).

``add`` a person (name, optional member or rewards-card number), ``search`` by card, name
beginning or part of the name (a former name too: "formerly …"), ``show`` one player
(confirmations, merges, renames), ``rename`` them (history kept), ``confirm``
their age or membership (A1: who and when are recorded), ``merge`` a duplicate into the
player it duplicates and ``unmerge`` it again (nothing is lost either way), and ``history``:
events, finishes, prizes, bounties and points read from the tournaments' own logs;
``import`` a CSV file of players (columns mapped, new players, matches and likely duplicates
previewed; ``--preview`` writes nothing), ``imports`` lists the imports and ``import-undo``
takes one back whole (:mod:`pokertd.app.player_import`). Every
command has ``--json``; refusals are one sentence and exit code 2. Registration
(``pokertd register``) picks or adds the person by itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pokertd.cli._common import (
    DbOption,
    JsonOption,
    actor,
    application,
    console,
    emit,
    refusals,
    said,
    say,
)
from pokertd.i18n import N_
from pokertd.money import format_money

if TYPE_CHECKING:
    from pokertd.app import Confirmation, MergeRecord, PlayerRecord
    from pokertd.app.player_import import ImportDone, ImportPreview
    from pokertd.app.players import PlayerHistory, PlayerProfile, PlayerService

player_app = typer.Typer(
    name="player",
    help="The player database: add, search, show, rename, confirm, merge, unmerge, history, "
    "import a CSV file (and undo it).",
    no_args_is_help=True,
)

IdArg = Annotated[str, typer.Argument(help="A player's id (pl…), from `pokertd player search`.")]


def _say(text: str) -> None:
    """Print one line for people (long lines wrap at the terminal's edge, not mid-word)."""
    console.print(text, soft_wrap=True)


@contextmanager
def _players(db: str | None) -> Iterator[PlayerService]:
    """The player service over the store named by ``--db`` (closed afterwards)."""
    with application(db) as app:
        yield app.players


def _line(p: PlayerRecord) -> str:
    from rich.markup import escape

    card = "  " + say("card %(card)s", card=escape(p.card)) if p.card else ""
    merged = "  " + say("(merged into %(id)s)", id=p.merged_into) if p.merged_into else ""
    return f"{p.id}  {escape(p.name)}{card}{merged}"


def add(
    name: Annotated[str, typer.Argument(help="The player's name.")],
    card: Annotated[str, typer.Option("--card", help="Member or rewards-card number.")] = "",
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Add a player to the database."""
    with refusals(as_json), _players(db) as players:
        record = players.add(name, card, staff=actor())
    emit(record, as_json, lambda p: _say(say("Added %(player)s", player=_line(p))))


def search(
    query: Annotated[str, typer.Argument(help="A card number, or the start or part of a name.")],
    limit: Annotated[int, typer.Option(min=1, max=200, help="At most this many players.")] = 20,
    include_merged: Annotated[
        bool, typer.Option("--all", help="Also list duplicates merged into others.")
    ] = False,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Find players by card, name beginning or part of the name."""
    from rich.markup import escape

    with refusals(as_json), _players(db) as players:
        found = players.search(query, limit=limit, include_merged=include_merged)
        formerly = players.formerly([p.id for p in found])
    rows = [asdict(p) | {"formerly": list(formerly.get(p.id, ()))} for p in found]

    def render(_: object) -> None:
        if not found:
            _say(say("No player matches %(query)s.", query=repr(escape(query))))
        for p in found:
            was = formerly.get(p.id)
            _say(
                _line(p)
                + ("  " + say("(formerly %(names)s)", names=escape(", ".join(was))) if was else "")
            )

    emit(rows, as_json, render)


def rename(
    player_id: IdArg,
    name: Annotated[str, typer.Argument(help="The player's new name.")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Rename a player: results stay theirs, the old name still finds them."""
    from rich.markup import escape

    with refusals(as_json), _players(db) as players:
        done = players.rename(player_id, name, staff=actor())
    emit(
        done,
        as_json,
        lambda r: _say(
            say(
                "%(id)s: %(old)s is now %(new)s (formerly %(old)s: history kept).",
                id=r.player_id,
                old=escape(r.old_name),
                new=escape(r.new_name),
            )
        ),
    )


def show(player_id: IdArg, db: DbOption = None, as_json: JsonOption = False) -> None:
    """One player: card, confirmations, merges."""
    with refusals(as_json), _players(db) as players:
        profile = players.show(player_id)
    emit(profile, as_json, _render_profile)


def _confirmation(c: Confirmation) -> str:
    from rich.markup import escape

    note = f" ({escape(c.note)})" if c.note else ""
    done = say(
        "%(kind)s confirmed by %(staff)s at %(at)s", kind=c.kind, staff=escape(c.staff), at=c.at
    )
    return f"{done}{note}"


def _merge(m: MergeRecord) -> str:
    from rich.markup import escape

    if m.undone_at:
        return say(
            "%(from_id)s merged into %(into_id)s by %(staff)s at %(at)s, undone by %(undone_by)s "
            "at %(undone_at)s",
            from_id=m.from_id,
            into_id=m.into_id,
            staff=escape(m.staff),
            at=m.at,
            undone_by=escape(m.undone_by or ""),
            undone_at=m.undone_at,
        )
    return say(
        "%(from_id)s merged into %(into_id)s by %(staff)s at %(at)s",
        from_id=m.from_id,
        into_id=m.into_id,
        staff=escape(m.staff),
        at=m.at,
    )


def _render_profile(profile: PlayerProfile) -> None:
    from rich.markup import escape

    _say(f"[bold]{_line(profile.player)}[/]")
    if profile.survivor.id != profile.player.id:
        _say(say("Stands for %(player)s", player=_line(profile.survivor)))
    _say(
        say(
            "Added by %(staff)s at %(at)s",
            staff=escape(profile.player.created_by),
            at=profile.player.created_at,
        )
    )
    for p in profile.merged:
        _say(say("Duplicate merged in: %(player)s", player=_line(p)))
    for c in profile.confirmations:
        _say(_confirmation(c))
    for m in profile.merges:
        _say(_merge(m))
    for r in profile.renames:
        _say(
            say(
                "Renamed from %(old)s to %(new)s by %(staff)s at %(at)s",
                old=escape(r.old_name),
                new=escape(r.new_name),
                staff=escape(r.staff),
                at=r.at,
            )
        )


def confirm(
    player_id: IdArg,
    kind: Annotated[str, typer.Argument(help="What was checked: age or membership.")],
    note: Annotated[str, typer.Option("--note", help="What was seen (an ID, a card).")] = "",
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Record that you confirmed a player's age or membership (A1)."""
    with refusals(as_json), _players(db) as players:
        done = players.confirm(player_id, kind, staff=actor(), note=note)
    emit(done, as_json, lambda c: _say(f"{c.player_id}: {_confirmation(c)}"))


def merge(
    from_id: Annotated[str, typer.Argument(help="The duplicate (its results move with it).")],
    into_id: Annotated[str, typer.Argument(help="The player it duplicates.")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Merge a duplicate into the player it duplicates (undo with `unmerge`)."""
    with refusals(as_json), _players(db) as players:
        done = players.merge(from_id, into_id, staff=actor())
    emit(done, as_json, lambda m: _say(_merge(m)))


def unmerge(
    from_id: Annotated[str, typer.Argument(help="The duplicate merged earlier.")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Undo a merge: both players have their own results again."""
    with refusals(as_json), _players(db) as players:
        done = players.unmerge(from_id, staff=actor())
    emit(done, as_json, lambda m: _say(_merge(m)))


def history(player_id: IdArg, db: DbOption = None, as_json: JsonOption = False) -> None:
    """A player's events, finishes, prizes, bounties and points."""
    with refusals(as_json), _players(db) as players:
        found = players.history(player_id)
    emit(found, as_json, _render_history)


def _render_history(h: PlayerHistory) -> None:
    from rich.markup import escape

    _say(f"[bold]{_line(h.player)}[/]")
    best = "-" if h.best_place is None else str(h.best_place)
    points = (
        "" if h.points is None else ", " + say("%(points)s points", points=format(h.points, "g"))
    )
    _say(
        say(
            "%(events)s events, %(cashes)s cashes, best place %(best)s, prizes %(prizes)s, "
            "bounties %(bounties)s, spent %(spent)s",
            events=h.events,
            cashes=h.cashes,
            best=best,
            prizes=format_money(h.prizes),
            bounties=format_money(h.bounties),
            spent=format_money(h.spent),
        )
        + points
    )
    for r in h.rows:
        place = "-" if r.place is None else str(r.place)
        pts = "" if r.points is None else "  " + say("%(points)s pts", points=format(r.points, "g"))
        line = say(
            "place %(place)s of %(entrants)s  prize %(prize)s  bounties %(bounties)s  spent "
            "%(spent)s",
            place=place,
            entrants=r.entrants,
            prize=format_money(r.prize),
            bounties=format_money(r.bounties),
            spent=format_money(r.spent),
        )
        _say(f"{r.date[:10]}  {escape(r.event)} ({r.tournament_id})  {line}  {r.status}{pts}")


SHOW_ROWS = 40
"""Rows of each kind a person's preview lists (``--json`` lists every row)."""


def import_file(
    path: Annotated[Path, typer.Argument(help="A CSV file of players (UTF-8 or Windows-1252).")],
    mapping: Annotated[
        list[str] | None,
        typer.Option(
            "--map",
            help="column=field, e.g. 'Member #=card' (repeat it); fields: name, first_name, "
            "last_name, nickname, card, email, joined, ignore. Unmapped columns are guessed "
            "from their headers.",
        ),
    ] = None,
    preview_only: Annotated[
        bool, typer.Option("--preview", help="Only show what would be imported; write nothing.")
    ] = False,
    add_duplicates: Annotated[
        bool,
        typer.Option("--add-duplicates", help="Also add the likely duplicates as new players."),
    ] = False,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Import players from a CSV file: map its columns, preview new players, exact matches
    and likely duplicates, then add the new ones as one import (undo: `import-undo`)."""
    from pokertd.app.player_import import (
        FILE_MAX_BYTES,
        PlayerImports,
        guess_mapping,
        parse_map,
        preview_document,
        read_table,
        record_document,
    )

    with refusals(as_json):
        data = _read_file(path, FILE_MAX_BYTES)
        chosen: dict[str, str] | None = None
        if mapping:  # the columns named, the rest guessed from their headers
            columns = read_table(data)[0]
            chosen = guess_mapping(columns)
            given = parse_map(mapping)
            chosen = {c: f for c, f in chosen.items() if f not in given.values()} | given
        with _players(db) as players:
            imports = PlayerImports(players)
            if preview_only:
                preview = imports.preview(
                    data, chosen, source=path.name, add_duplicates=add_duplicates
                )
                done = None
            else:
                done = imports.run(
                    data, chosen, staff=actor(), source=path.name, add_duplicates=add_duplicates
                )
                preview = done.preview
    document = preview_document(preview) | {
        "import": None if done is None else record_document(done.record)
    }
    emit(document, as_json, lambda _: _render_import(preview, done))


def _read_file(path: Path, most: int) -> bytes:
    from pokertd.errors import InvalidCommand

    try:
        size = path.stat().st_size
        if size > most:
            raise InvalidCommand(
                template=N_(
                    "%(name)s has %(size)s MB: an import reads at most %(most)s MB. Split "
                    "it in parts."
                ),
                params={
                    "name": path.name,
                    "size": format(size / 1024 / 1024, ".1f"),
                    "most": most // 1024 // 1024,
                },
            )
        return path.read_bytes()
    except OSError as exc:
        raise InvalidCommand(
            template=N_("Cannot read %(path)s: %(reason)s."),
            params={"path": path, "reason": str(exc.strerror or exc)},
        ) from None


def _render_import(preview: ImportPreview, done: ImportDone | None) -> None:
    from rich.markup import escape

    from pokertd.app.player_import import reason_said, summary

    columns = ", ".join(f"{escape(c)} -> {f}" for c, f in preview.mapping.items())
    _say(f"{escape(preview.source)} ({preview.encoding}): {columns}")
    _say(summary(preview) + ".")
    for status, title in (
        ("duplicate", say("Likely duplicates (skipped unless --add-duplicates):")),
        ("exact", say("Already in the database (left as they are):")),
        ("bad", say("Rows with problems (skipped):")),
    ):
        rows = [r for r in preview.rows if r.status == status]
        if not rows:
            continue
        _say(f"[bold]{escape(title)}[/]")
        for r in rows[:SHOW_ROWS]:
            m = r.match
            if status == "bad":
                _say(
                    "  "
                    + say(
                        "line %(line)s: %(who)s%(like)s: %(reason)s",
                        line=r.line,
                        who=escape(r.name or say("(no name)")),
                        like="",
                        reason=escape(said(r.problem_said, r.problem)),
                    )
                )
            elif m is not None:
                _say(
                    "  "
                    + say(
                        "line %(line)s: %(who)s%(like)s: %(reason)s",
                        line=r.line,
                        who=escape(r.name),
                        like=" ~ " + escape(m.name) + " (" + m.id + ")",
                        reason=escape(said(reason_said(m.reason), m.reason)),
                    )
                )
        if len(rows) > SHOW_ROWS:
            _say("  " + say("… and %(n)s more (--json lists every row).", n=len(rows) - SHOW_ROWS))
    if done is None:
        _say(
            say(
                "Preview only: nothing was written. %(n)s players would be added.",
                n=len(preview.to_add()),
            )
        )
    else:
        rec = done.record
        _say(
            say(
                "Imported %(n)s players (%(emails)s mail addresses) as import %(id)s; undo it "
                "with `pokertd player import-undo %(id)s`.",
                n=rec.added,
                emails=rec.emails,
                id=rec.id,
            )
        )


def imports(
    limit: Annotated[int, typer.Option(min=1, max=200, help="At most this many.")] = 20,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """The latest player imports (undone ones too)."""
    from pokertd.app.player_import import PlayerImports, record_document

    with refusals(as_json), _players(db) as players:
        found = PlayerImports(players).history(limit)
    rows = [record_document(r) for r in found]

    def render(_: object) -> None:
        from rich.markup import escape

        if not found:
            _say(say("No player file was imported yet."))
        for r in found:
            by = say(
                "%(n)s players by %(staff)s at %(at)s", n=r.added, staff=escape(r.staff), at=r.at
            )
            if r.undone_at:
                by = say(
                    "%(n)s players by %(staff)s at %(at)s, undone by %(undone_by)s at "
                    "%(undone_at)s",
                    n=r.added,
                    staff=escape(r.staff),
                    at=r.at,
                    undone_by=escape(r.undone_by or ""),
                    undone_at=r.undone_at,
                )
            _say(f"{r.id}  {escape(r.source)}  {by}")

    emit(rows, as_json, render)


def import_undo(
    import_id: Annotated[str, typer.Argument(help="The import's id (im…), from `imports`.")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Undo an import: removes exactly the players it added, if nothing refers to them."""
    from pokertd.app.player_import import PlayerImports, record_document

    with refusals(as_json), _players(db) as players:
        done = PlayerImports(players).undo(import_id, staff=actor())
    emit(
        record_document(done),
        as_json,
        lambda _: _say(
            say("Import %(id)s undone: its %(n)s players are removed.", id=done.id, n=done.added)
        ),
    )


def register(app: typer.Typer) -> None:
    """Add ``pokertd player …`` to the ``pokertd`` app."""
    for command in (add, search, show, rename, confirm, merge, unmerge, history, imports):
        player_app.command(command.__name__)(command)
    player_app.command("import")(import_file)
    player_app.command("import-undo")(import_undo)
    app.add_typer(player_app, name="player")


__all__ = [
    "add",
    "confirm",
    "history",
    "import_file",
    "import_undo",
    "imports",
    "merge",
    "player_app",
    "register",
    "rename",
    "search",
    "show",
    "unmerge",
]
