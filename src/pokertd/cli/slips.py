"""CLI for slips (issue 26, point 2): ``pokertd slips T [--player NAME] [--here N]``.

Lists the night's slips (a move, a table break, a redraw, a penalty, a clock call: where
the player goes, why, the venue's rule IDs) with whether each player said "I'm here", as
the floor console and the players' phones show them; ``--json`` prints the same rows as
``GET /api/tournaments/{tid}/slips``. ``--here N --player P`` records player P's "I'm here"
for slip N, relayed from the player (his claim, never a floor confirmation; the same
refusals as the phone's route: exit 2, nothing written).
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from pokertd.cli._common import (
    DbOption,
    JsonOption,
    console,
    emit,
    print_done,
    refusals,
    say,
)
from pokertd.cli._common import service as _service
from pokertd.errors import InvalidCommand
from pokertd.i18n import N_

TidArg = Annotated[str, typer.Argument(help="Tournament id (see pokertd tournaments).")]


_KIND = {
    "balance": N_("balancing"),
    "break": N_("table breaks"),
    "floor": N_("moved by the floor"),
    "final_table": N_("final table"),
    "redraw": N_("redraw"),
    "penalty": N_("penalty"),
    "clock": N_("clock called"),
}


def _render(rows: list[dict[str, Any]]) -> None:
    """One line a slip, newest first: "#3 Player 13 → table 2 seat 3 (from table 3 seat 9):
    table breaks [TDA-9, TDA-10C] · said I'm here (phone)"."""
    from rich.markup import escape

    if not rows:
        console.print(say("No slips yet."))
        return
    for s in rows:
        line = f"#{s['slip']} {s['name']}"
        if s["place"]:
            line += " " + (
                say("→ %(place)s", place=s["place"])
                if s["moves"]
                else say("at %(place)s", place=s["place"])
            )
        if s["from_table"]:
            line += " " + (
                say(
                    "(from table %(table)s seat %(seat)s)",
                    table=s["from_table"],
                    seat=s["from_seat"],
                )
                if s["from_seat"]
                else say("(from table %(table)s)", table=s["from_table"])
            )
        kind = str(s["kind"])
        line += f": {say(_KIND[kind]) if kind in _KIND else kind} [{', '.join(s['rule_ids'])}]"
        if s["acknowledged"]:
            line += " · " + say("said I'm here (%(via)s)", via=s["via"])
        elif not s["current"]:
            line += " · " + say("moved again since")
        console.print(escape(line), soft_wrap=True)


def slips(
    tid: TidArg,
    player: Annotated[
        str | None, typer.Option("--player", help="One player's slips (name or player id).")
    ] = None,
    here: Annotated[
        int | None,
        typer.Option("--here", help="Record the player's own \"I'm here\" for this slip."),
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """List the slips of the night and who said "I'm here" (or record one with --here)."""
    with refusals(as_json), _service(db) as service:
        if here is not None:
            if not player:
                raise InvalidCommand(template=N_("Say whose slip it is: --here N --player NAME."))
            mine = service.slips(tid, player)
            who = str(mine[0]["player_id"]) if mine else player
            records = service.acknowledge_slip(tid, who, here, via="phone")
            if not as_json:
                print_done(records)
        rows = service.slips(tid, player)
    emit(rows, as_json, _render)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``pokertd`` app."""
    app.command("slips")(slips)
