"""``pokertd player``: the player database shared by every tournament of a store (issue 14).

``add`` a person (name, optional member or rewards-card number), ``search`` by card, name
beginning or part of the name (a former name too: "formerly …"), ``show`` one player
(confirmations, merges, renames), ``rename`` them (history kept), ``confirm``
their age or membership (A1: who and when are recorded), ``merge`` a duplicate into the
player it duplicates and ``unmerge`` it again (nothing is lost either way), and ``history``:
events, finishes, prizes, bounties and points read from the tournaments' own logs. Every
command has ``--json``; refusals are one sentence and exit code 2. Registration
(``pokertd register``) picks or adds the person by itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict
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
)
from pokertd.money import format_money

if TYPE_CHECKING:
    from pokertd.app import Confirmation, MergeRecord, PlayerRecord
    from pokertd.app.players import PlayerHistory, PlayerProfile, PlayerService

player_app = typer.Typer(
    name="player",
    help="The player database: add, search, show, rename, confirm, merge, unmerge, history.",
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

    card = f"  card {escape(p.card)}" if p.card else ""
    merged = f"  (merged into {p.merged_into})" if p.merged_into else ""
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
    emit(record, as_json, lambda p: _say(f"Added {_line(p)}"))


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
            _say(f"No player matches {escape(query)!r}.")
        for p in found:
            was = formerly.get(p.id)
            _say(_line(p) + (f"  (formerly {escape(', '.join(was))})" if was else ""))

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
            f"{r.player_id}: {escape(r.old_name)} is now {escape(r.new_name)} "
            f"(formerly {escape(r.old_name)}: history kept)."
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
    return f"{c.kind} confirmed by {escape(c.staff)} at {c.at}{note}"


def _merge(m: MergeRecord) -> str:
    from rich.markup import escape

    undone = f", undone by {escape(m.undone_by or '')} at {m.undone_at}" if m.undone_at else ""
    return f"{m.from_id} merged into {m.into_id} by {escape(m.staff)} at {m.at}{undone}"


def _render_profile(profile: PlayerProfile) -> None:
    from rich.markup import escape

    _say(f"[bold]{_line(profile.player)}[/]")
    if profile.survivor.id != profile.player.id:
        _say(f"Stands for {_line(profile.survivor)}")
    _say(f"Added by {escape(profile.player.created_by)} at {profile.player.created_at}")
    for p in profile.merged:
        _say(f"Duplicate merged in: {_line(p)}")
    for c in profile.confirmations:
        _say(_confirmation(c))
    for m in profile.merges:
        _say(_merge(m))
    for r in profile.renames:
        _say(
            f"Renamed from {escape(r.old_name)} to {escape(r.new_name)} by {escape(r.staff)} "
            f"at {r.at}"
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
    points = "" if h.points is None else f", {h.points:g} points"
    _say(
        f"{h.events} events, {h.cashes} cashes, best place {best}, prizes "
        f"{format_money(h.prizes)}, bounties {format_money(h.bounties)}, spent "
        f"{format_money(h.spent)}{points}"
    )
    for r in h.rows:
        place = "-" if r.place is None else str(r.place)
        pts = "" if r.points is None else f"  {r.points:g} pts"
        _say(
            f"{r.date[:10]}  {escape(r.event)} ({r.tournament_id})  place {place} of "
            f"{r.entrants}  prize {format_money(r.prize)}  bounties {format_money(r.bounties)}"
            f"  spent {format_money(r.spent)}  {r.status}{pts}"
        )


def register(app: typer.Typer) -> None:
    """Add ``pokertd player …`` to the ``pokertd`` app."""
    for command in (add, search, show, rename, confirm, merge, unmerge, history):
        player_app.command(command.__name__)(command)
    app.add_typer(player_app, name="player")


__all__ = [
    "add",
    "confirm",
    "history",
    "merge",
    "player_app",
    "register",
    "rename",
    "search",
    "show",
    "unmerge",
]
