"""CLI commands for table irregularities: ``misdeal`` and ``correct-result``.

``pokertd misdeal T --table 3 --reason "two hole cards exposed" --actions fold,fold``
records a misdeal (refused after substantial action, by the venue's definition: L1, L3);
``pokertd correct-result T --table 3 --next-hand started --chips 2000 --from A --to B``
records a corrected pot, refused once the venue's window has closed (F13). Both print one
line; ``--json`` prints the events; refusals print one line naming the rule and exit 2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from pokertd.cli._common import DbOption, JsonOption, refusals
from pokertd.cli.floor import TidArg, _chips, _run
from pokertd.errors import InvalidCommand
from pokertd.i18n import N_, Phrase

if TYPE_CHECKING:
    from pokertd.engine.irregular import DisputeKind, HandProgress

TableOption = Annotated[int, typer.Option("--table", help="The table's number.")]


def misdeal(
    tid: TidArg,
    table: TableOption,
    reason: Annotated[str, typer.Option(help="What went wrong with the deal.")],
    actions: Annotated[
        str,
        typer.Option(
            help="In-turn actions already taken, in order, comma-separated (fold,call,...)."
        ),
    ] = "",
    level: Annotated[
        int | None, typer.Option(help="The level the hand was dealt at (default: now).")
    ] = None,
    stud_card: Annotated[
        int | None,
        typer.Option(
            help="Stud: the exposed card's place in the player's deal (1-2 the first down "
            "cards: a misdeal; 3-7: refused, the hand goes on)."
        ),
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Declare a misdeal at a table: the hand is re-dealt at the level it was dealt at.

    Refused once substantial action has taken place (two actions with chips, or three;
    Spotlight: two players after the blinds). Players serving a penalty are dealt in and
    killed again: the re-deal is the same penalty hand (K4)."""
    from pokertd.tournament.irregularities import DeclareMisdeal

    words = tuple(w.strip() for w in actions.split(",") if w.strip())
    command = DeclareMisdeal(
        table=table, reason=reason, actions=words, level=level, stud_card=stud_card
    )
    _run(db, tid, command, as_json)


def _choice(text: str, kind: type[DisputeKind] | type[HandProgress], what: str) -> str:
    value = text.strip().lower().replace("-", "_").replace(" ", "_")
    names = [m.value for m in kind]
    if value not in names:
        raise InvalidCommand(
            template=N_("%(text)s is not %(what)s: write one of %(names)s."),
            params={"text": repr(text), "what": what, "names": ", ".join(names)},
        )
    return value


def correct_result(
    tid: TidArg,
    table: TableOption,
    kind: Annotated[
        str, typer.Option(help="accounting (amounts, who was paid) or hand_reading.")
    ] = "accounting",
    next_hand: Annotated[
        str,
        typer.Option(
            "--next-hand",
            help="How far the next hand has gone: not_started, started, substantial_action.",
        ),
    ] = "not_started",
    at_break: Annotated[
        bool, typer.Option("--at-break", help="The hand ended at a break.")
    ] = False,
    seconds: Annotated[
        int | None, typer.Option("--seconds", help="Seconds since the pot was pushed (break).")
    ] = None,
    chips: Annotated[str, typer.Option(help="Chips that change hands.")] = "0",
    from_player: Annotated[str, typer.Option("--from", help="Who gives the chips back.")] = "",
    to_player: Annotated[str, typer.Option("--to", help="Who receives them.")] = "",
    reason: Annotated[str, typer.Option(help="What was wrong.")] = "",
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Correct the last hand's result after a dispute, within the venue's time limit."""
    from pokertd.engine.irregular import DisputeKind, HandProgress
    from pokertd.tournament.irregularities import CorrectResult

    with refusals(as_json):
        command = CorrectResult(
            table=table,
            kind=DisputeKind(_choice(kind, DisputeKind, Phrase(N_("a kind of error")))),
            next_hand=HandProgress(
                _choice(next_hand, HandProgress, Phrase(N_("a stage of the next hand")))
            ),
            at_break=at_break,
            seconds_since_award=seconds,
            chips=_chips(chips),
            from_player=from_player,
            to_player=to_player,
            reason=reason,
        )
    _run(db, tid, command, as_json)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``pokertd`` app."""
    app.command("misdeal")(misdeal)
    app.command("correct-result")(correct_result)
