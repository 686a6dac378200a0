"""CLI commands for seating: tables, layout, seat, moves, move confirm/auto, break-table,
redraw, button, away, back, seat-move, keep-apart.

Each command parses its arguments, makes one service call and prints what the floor needs
at a glance; ``--json`` prints the same view as JSON. Refusals print one line naming the
rule and exit 2; the log is unchanged. Seats and tables are the numbers on the tables.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from pokertd.cli._common import (
    DbOption,
    JsonOption,
    console,
    emit,
    print_done,
    record_rows,
    refusals,
    say,
    say_n,
)
from pokertd.cli._common import actor as _actor
from pokertd.cli._common import service as _service
from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.i18n import N_

if TYPE_CHECKING:
    from pokertd.tournament.framework import Command, EventRecord
    from pokertd.tournament.seating import ApartView, MovesDue, TablesView

TidArg = Annotated[str, typer.Argument(help="Tournament id (see pokertd tournaments).")]

move_app = typer.Typer(help="Confirm suggested moves, or let the system confirm them.")


def _run(db: str | None, tid: str, command: Command, as_json: bool) -> None:
    with refusals(as_json), _service(db) as service:
        records = service.run(tid, command, actor=_actor(), role="director")
        if as_json:
            emit(record_rows(records), True)
            return
        print_done(records)


def _render_tables(view: TablesView) -> None:
    from rich.table import Table

    for t in view.tables:
        flags = []
        if t.halted:
            flags.append("[bold red]" + say("HALT until balanced") + "[/]")
        if t.notify_host:
            flags.append("[yellow]" + say("tell the host") + "[/]")
        if t.button is not None:
            sb = say("dead") if t.small_blind is None else str(t.small_blind)
            title = say(
                "Table %(table)s: %(players)s/%(seats)s — next hand button %(button)s, "
                "SB %(sb)s, BB %(bb)s",
                table=t.table,
                players=t.players,
                seats=t.seats,
                button=t.button,
                sb=sb,
                bb=t.big_blind,
            )
        else:
            title = say(
                "Table %(table)s: %(players)s/%(seats)s — button not known",
                table=t.table,
                players=t.players,
                seats=t.seats,
            )
        console.print(f"[bold]{title}[/] {' '.join(flags)}".rstrip())
        out = Table()
        out.add_column(say("Seat"), justify="right")
        out.add_column(say("Player"))
        out.add_column(say("Moves"), justify="right")
        out.add_column("")
        for s in t.seated:
            note = say("waits for the button") if s.waits else ""
            if t.button == s.seat:
                note = say("button")
            if s.away is not None:
                note = f"{note}; {s.away.text}" if note else s.away.text
            if s.penalty_hands_left:  # K3: dealt in, posts, hand killed
                pen = (
                    say_n(
                        "penalty: %(n)s hand left (deal in, post, kill the hand)",
                        "penalty: %(n)s hands left (deal in, post, kill the hand)",
                        s.penalty_hands_left,
                    )
                    if s.on_penalty
                    else say_n(
                        "penalty: %(n)s hand left (from the next hand)",
                        "penalty: %(n)s hands left (from the next hand)",
                        s.penalty_hands_left,
                    )
                )
                note = f"{note}; {pen}" if note else pen
            out.add_row(str(s.seat), s.name, str(s.moves) if s.moves else "", note)
        console.print(out)
    console.print(
        say_n(
            "%(players)s players at %(n)s table (final table); final table at %(size)s.",
            "%(players)s players at %(n)s tables (final table); final table at %(size)s.",
            len(view.tables),
            players=view.players,
            size=view.final_table_size,
        )
        if view.final_table
        else say_n(
            "%(players)s players at %(n)s table; final table at %(size)s.",
            "%(players)s players at %(n)s tables; final table at %(size)s.",
            len(view.tables),
            players=view.players,
            size=view.final_table_size,
        )
    )
    _render_pending(view)


def _render_pending(view: TablesView) -> None:
    from pokertd.tournament.seating import describe_move

    if not view.pending:
        console.print(say("No moves waiting."))
        return
    waiting = say_n(
        "%(n)s move waiting for the floor:", "%(n)s moves waiting for the floor:", len(view.pending)
    )
    console.print(f"[bold]{waiting}[/]")
    for m in view.pending:
        if m.moves_before:
            line = say("%(move)s (moved %(n)sx before)", move=describe_move(m), n=m.moves_before)
        else:
            line = describe_move(m)
        console.print(f"  {line}")
    if view.plan:
        console.print(say("Plan %(plan)s: each move is made into the seat shown.", plan=view.plan))
    console.print(say("Confirm with: pokertd move confirm <tournament> <move id>"))


def tables(tid: TidArg, db: DbOption = None, as_json: JsonOption = False) -> None:
    """Every table: who sits where, next hand's button and blinds, halts, pending moves."""
    from pokertd.app.tournaments import utc_now
    from pokertd.tournament.seating import tables_view

    with refusals(as_json), _service(db) as service:
        view = tables_view(service.state(tid), utc_now())
    emit(view, as_json, lambda v: _render_tables(v))


def layout(
    tid: TidArg,
    spec: Annotated[list[str], typer.Argument(help="Tables as NUMBER:SEATS, e.g. 1:9 2:9 3:10.")],
    break_order: Annotated[
        str | None,
        typer.Option("--break-order", help="Tables in the order they break, e.g. 5,2,4,3,1."),
    ] = None,
    unavailable: Annotated[
        list[str] | None,
        typer.Option("--unavailable", help="TABLE:SEAT never used (repeat)."),
    ] = None,
    reserved: Annotated[
        list[str] | None,
        typer.Option("--reserved", help="TABLE:SEAT kept out of random draws (repeat)."),
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Set the room before seating: tables, seats, break order, unavailable/reserved seats."""
    from pokertd.tournament.seating import LayTables

    with refusals(as_json):
        command = LayTables(
            tables=tuple(_pair(s) for s in spec),
            break_order=tuple(_int(x) for x in break_order.split(",")) if break_order else (),
            unavailable=tuple(_pair(s) for s in unavailable or []),
            reserved=tuple(_pair(s) for s in reserved or []),
        )
    _run(db, tid, command, as_json)


def _int(text: str) -> int:
    cleaned = text.strip()
    if not cleaned.isdigit():
        raise InvalidCommand(template=N_("%(text)s is not a number."), params={"text": repr(text)})
    return int(cleaned)


def _pair(text: str) -> tuple[int, int]:
    left, sep, right = text.partition(":")
    if not sep:
        raise InvalidCommand(
            template=N_("%(text)s: write TABLE:NUMBER, e.g. 3:9."), params={"text": repr(text)}
        )
    return _int(left), _int(right)


def seat(
    tid: TidArg,
    player: Annotated[
        str | None, typer.Argument(help="Seat this player by hand (else: draw for everyone).")
    ] = None,
    table: Annotated[int | None, typer.Argument(help="Table number.")] = None,
    seat_no: Annotated[int | None, typer.Argument(metavar="SEAT", help="Seat number.")] = None,
    even: Annotated[
        bool, typer.Option("--even", help="Late draws among the least-filled tables.")
    ] = False,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Draw random seats for every player without one, or put one player in a given seat."""
    from pokertd.tournament.seating import DrawSeats, SeatPlayer

    with refusals(as_json):
        if player is None:
            command: Command = DrawSeats(even=even)
        else:
            if table is None or seat_no is None:
                raise InvalidCommand(
                    template=N_("Give the table and the seat: pokertd seat T PLAYER 3 7.")
                )
            command = SeatPlayer(player=player, table=table, seat=seat_no)
    _run(db, tid, command, as_json)


def moves(
    tid: TidArg,
    paid: Annotated[
        int | None,
        typer.Option(
            "--paid",
            help="Places paid, tighter balance near the money (default: the event's payouts).",
        ),
    ] = None,
    not_full_table: Annotated[
        bool,
        typer.Option("--short-handed", help="Not a full-table event (6-max, turbo): no halt."),
    ] = False,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Record the moves the rules require now (the plan the console shows, seat for seat) and
    list those waiting for the floor; when the final table is due, show its draw."""
    from pokertd.tournament.seating import SuggestMoves, moves_due, tables_view

    note = ""
    final = None
    with refusals(as_json), _service(db) as service:
        records: list[EventRecord] = []
        try:
            records = service.run(
                tid,
                SuggestMoves(paid_places=paid, full_table_event=not not_full_table),
                actor=_actor(),
                role="director",
            )
        except InvalidCommand as exc:
            if not exc.message.startswith(("No moves needed", "There is")) and (
                "waiting for the floor" not in exc.message
            ):
                raise
            note = exc.message
        except RuleViolation as exc:
            if "final table" not in exc.message:
                raise
            note = str(exc)
            final = moves_due(service.state(tid))  # the draw ``redraw --plan`` applies
        view = tables_view(service.state(tid))
    if as_json:
        emit(_moves_json(note, records, view, final), True)
        return
    print_done(records)
    if note:
        console.print(note)
    if final is not None and final.final_table:
        _render_final(tid, final)
        return
    _render_halted(view)
    _render_pending(view)


def _render_halted(view: TablesView) -> None:
    """The tables halted until balanced, if any (one line)."""
    halted = [t.table for t in view.tables if t.halted]
    if halted:
        console.print(
            say(
                "%(halt)s tables %(tables)s",
                halt="[bold red]" + say("Halt until balanced:") + "[/]",
                tables=", ".join(map(str, halted)),
            )
        )


def _moves_json(
    note: str, records: list[EventRecord], view: TablesView, final: MovesDue | None
) -> dict[str, Any]:
    """What ``pokertd moves --json`` prints: the moves waiting as each confirm makes them,
    or the final table's draw, and the plan's token."""
    return {
        "note": note,
        "recorded": record_rows(records),
        "pending": view.pending,
        "plan": view.plan if final is None else final.plan,
        "final_table": None if final is None else final.final_seats,
        "final_button": None if final is None else final.final_button,
        "halted": [t.table for t in view.tables if t.halted],
        "notify_host": [t.table for t in view.tables if t.notify_host],
    }


def _render_final(tid: str, final: MovesDue) -> None:
    """The final table's draw as ``redraw --plan`` makes it (C9, C10)."""
    console.print(f"[bold]{final.text}[/]")
    for s in final.final_seats:
        console.print(f"  {s.text}")
    console.print(
        say("Confirm with: pokertd redraw %(tid)s --plan %(plan)s", tid=tid, plan=final.plan)
    )


def confirm(
    tid: TidArg,
    move_id: Annotated[int, typer.Argument(help="The move's number (see pokertd moves).")],
    player: Annotated[
        str | None, typer.Option("--player", help="Who moves (when the suggestion left it open).")
    ] = None,
    seat_no: Annotated[
        int | None, typer.Option("--seat", help="Another allowed seat at the target table.")
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Confirm a suggested move (refused if the tables changed since)."""
    from pokertd.tournament.seating import ConfirmMove

    _run(db, tid, ConfirmMove(move_id=move_id, player=player, seat=seat_no), as_json)


def auto(
    tid: TidArg,
    state: Annotated[str, typer.Argument(help="on or off.")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Let the system confirm suggested moves itself (on), or leave them to the floor (off)."""
    from pokertd.tournament.seating import SetAutoConfirm

    with refusals(as_json):
        if state not in ("on", "off"):
            raise InvalidCommand(
                template=N_("%(state)s: say on or off."), params={"state": repr(state)}
            )
    _run(db, tid, SetAutoConfirm(on=state == "on"), as_json)


def break_table_cmd(
    tid: TidArg,
    table: Annotated[int, typer.Argument(help="The table to break.")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Break a table now: its players draw new seats (moves to confirm)."""
    from pokertd.tournament.seating import BreakTable

    _run(db, tid, BreakTable(table=table), as_json)


def redraw(
    tid: TidArg,
    plan: Annotated[
        str | None,
        typer.Option(
            "--plan",
            help="The draw you were shown (pokertd moves): refused if the tables changed since.",
        ),
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Form the final table: the draw ``pokertd moves`` and the console show (seats by
    profile, button by high card)."""
    from pokertd.tournament.seating import Redraw

    _run(db, tid, Redraw(plan=plan), as_json)


def button(
    tid: TidArg,
    table: Annotated[int, typer.Argument(help="Table number.")],
    seat_no: Annotated[
        int | None,
        typer.Argument(metavar="[SEAT]", help="Where the button is (omit: high-card draw)."),
    ] = None,
    next_hand: Annotated[
        bool, typer.Option("--next", help="The seat is the next hand's button (not the current).")
    ] = False,
    advance: Annotated[
        int | None,
        typer.Option("--advance", help="N hands were played: move the button on by the rules."),
    ] = None,
    fix_error: Annotated[
        bool,
        typer.Option(
            "--fix-error",
            help="The button skipped a seat last hand: back one, then forward two (KPC, FOX).",
        ),
    ] = False,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Tell where a table's button is now, draw for it by high card, move it on, or correct
    a misplaced button as the venue's rule says (D6)."""
    from pokertd.tournament.seating import CorrectButton, PlaceButton, PlayHands

    if fix_error:
        with refusals(as_json):
            if seat_no is not None or advance is not None:
                raise InvalidCommand(template=N_("--fix-error takes the table only."))
        _run(db, tid, CorrectButton(table=table), as_json)
        return
    if advance is not None:
        with refusals(as_json):
            if seat_no is not None:
                raise InvalidCommand(template=N_("Give a seat or --advance, not both."))
        _run(db, tid, PlayHands(table=table, hands=advance), as_json)
        return
    _run(db, tid, PlaceButton(table=table, seat=seat_no, current=not next_hand), as_json)


def table_game(
    tid: TidArg,
    table: Annotated[int, typer.Argument(help="Table number.")],
    game: Annotated[
        str,
        typer.Argument(
            help="The game the table deals now: nlhe, flhe, plo, o8, stud, stud8, razz…"
        ),
    ],
    rotation: Annotated[
        str | None,
        typer.Option(
            "--rotation",
            help="The event's games rotated by orbit, comma-separated (default: the games "
            "its structure names).",
        ),
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Say which game a table deals now (a rotation by orbit at a table whose hands are not
    recorded one by one); a stud game freezes the button for the stud round (C7)."""
    from pokertd.rules import Game
    from pokertd.tournament.seating import SetTableGame

    with refusals(as_json):
        names = [game, *(rotation.split(",") if rotation else [])]
        known = {g.value: g for g in Game}
        for name in names:
            if name.strip() not in known:
                raise InvalidCommand(
                    template=N_("%(name)s is not a game: use one of %(games)s."),
                    params={"name": repr(name.strip()), "games": ", ".join(known)},
                )
        games = tuple(known[n.strip()] for n in names[1:])
        command = SetTableGame(table=table, game=known[game.strip()], rotation=games)
    _run(db, tid, command, as_json)


NameArg = Annotated[str, typer.Argument(help="Player name (a unique beginning is enough) or id.")]


def away(tid: TidArg, player: NameArg, db: DbOption = None, as_json: JsonOption = False) -> None:
    """Mark a seated player away from his seat (dealt in and posted meanwhile; the time is
    kept: where the venue allows it, his chips may be picked up after a while)."""
    from pokertd.tournament.seating import MarkAbsent

    _run(db, tid, MarkAbsent(player=player), as_json)


def back(tid: TidArg, player: NameArg, db: DbOption = None, as_json: JsonOption = False) -> None:
    """A player marked away is back at his seat."""
    from pokertd.tournament.seating import MarkPresent

    _run(db, tid, MarkPresent(player=player), as_json)


def seat_move(
    tid: TidArg,
    player: NameArg,
    table: Annotated[int, typer.Option("--table", help="The open table to move to.")],
    seat_no: Annotated[int, typer.Option("--seat", help="An empty seat at that table.")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Move a seated player by hand to an empty seat (a floor decision: special needs, a
    dispute); the seats a moved player may not take are refused with the reason."""
    from pokertd.tournament.seating import MovePlayer

    _run(db, tid, MovePlayer(player=player, table=table, seat=seat_no), as_json)


def keep_apart(
    tid: TidArg,
    players: Annotated[
        list[str] | None,
        typer.Argument(help="Two to ten players who must not sit at one table (names or ids)."),
    ] = None,
    note: Annotated[
        str, typer.Option("--note", help="Why (married, business partners): shown with it.")
    ] = "",
    lift: Annotated[
        int | None,
        typer.Option("--lift", help="End keep-apart group N: they may sit together again."),
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Keep players from sitting at one table (SPOT-2c3: relatives, partners): every seat
    draw and every move the rules require honours it, or says why it cannot. Without names,
    list the groups; --lift N ends group N."""
    from pokertd.tournament.seating import KeepApart, LetSitTogether, keep_apart_view

    if players and lift is not None:
        with refusals(as_json):
            raise InvalidCommand(
                template=N_("Name players to keep apart, or --lift a group: not both.")
            )
    if lift is not None:
        _run(db, tid, LetSitTogether(group=lift), as_json)
        return
    if players:
        _run(db, tid, KeepApart(players=tuple(players), note=note), as_json)
        return
    with refusals(as_json), _service(db) as service:
        view = keep_apart_view(service.state(tid))
    emit(view, as_json, _render_apart)


def _render_apart(view: ApartView) -> None:
    """The keep-apart groups, one line each (a group sitting together in red)."""
    from rich.markup import escape

    if not view.groups:
        console.print(say("Nobody is kept apart."))
        return
    for row in view.groups:
        style = "[bold red]" if row.together else ""
        console.print(f"{style}{escape(row.text)}{'[/]' if style else ''}")
    lift = say(
        "Lift one with: pokertd keep-apart TID --lift N (%(rules)s)",
        rules=", ".join(view.rule_ids),
    )
    console.print(f"[dim]{lift}[/]")


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``pokertd`` app."""
    app.command("tables")(tables)
    app.command("layout")(layout)
    app.command("seat")(seat)
    app.command("moves")(moves)
    app.command("break-table")(break_table_cmd)
    app.command("redraw")(redraw)
    app.command("button")(button)
    app.command("table-game")(table_game)
    app.command("away")(away)
    app.command("back")(back)
    app.command("seat-move")(seat_move)
    app.command("keep-apart")(keep_apart)
    move_app.command("confirm")(confirm)
    move_app.command("auto")(auto)
    app.add_typer(move_app, name="move")
