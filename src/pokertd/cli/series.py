"""``pokertd series``: satellites to a target event (issue 14).

``pokertd series satellite SAT --target MAIN --seat-value 1,500`` makes event SAT award
seats in MAIN worth $1,500 each (``--leftover next_place`` or ``split`` for the cash left
after the last whole seat); ``pokertd series awards SAT`` prints the seats and cash by
place; ``pokertd series pay-seat SAT NAME`` pays a winner: a seat registers him in the
target event. Every command has ``--json``; refusals print one line and exit 2.
"""

from __future__ import annotations

from typing import Annotated

import typer

from pokertd.cli._common import DbOption, JsonOption, actor, console, emit, refusals, service
from pokertd.money import format_money, parse_money
from pokertd.series_service import SeatPayment, SeriesService
from pokertd.tournament.satellites import LeftoverRule, SatelliteView

series_app = typer.Typer(
    name="series",
    help="Across events: satellites awarding seats in a target event.",
    no_args_is_help=True,
)

SatArg = Annotated[str, typer.Argument(help="The satellite's tournament id.")]


def render(view: SatelliteView) -> None:
    """The satellite's terms and its awards by place."""
    a = view.award
    if a is None:
        console.print("This event's prizes are cash (not a satellite).")
        return
    name = view.target_name or view.target_event
    console.print(
        f"Satellite to {name} ({view.target_event}): pool {format_money(a.pool)}, seats of "
        f"{format_money(a.seat_value)} -> {a.seats} seats, leftover {format_money(a.leftover)} "
        f"({a.rule.value})",
        soft_wrap=True,
    )
    for w in a.awards:
        console.print(f"  {w.describe()}")
    for p in view.paid:
        won = ("seat" if p.seat else "") + (f" {format_money(p.cash)}" if p.cash else "")
        console.print(f"  paid: {p.name} (place {p.place}): {won.strip()}")


def satellite(
    sat: SatArg,
    target: Annotated[str, typer.Option("--target", help="The target event's id.")],
    seat_value: Annotated[str, typer.Option("--seat-value", help="A seat's value: 1,500.")],
    leftover: Annotated[
        LeftoverRule, typer.Option(help="Cash after the last seat: next_place or split.")
    ] = LeftoverRule.NEXT_PLACE,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Make an event a satellite: its prizes are seats in the target event."""
    with refusals(as_json), service(db) as svc:
        view = SeriesService(svc).set_satellite(
            sat, target, parse_money(seat_value), leftover=leftover, actor=actor()
        )
    emit(view.as_json(), as_json, lambda _: render(view))


def awards(sat: SatArg, db: DbOption = None, as_json: JsonOption = False) -> None:
    """Print a satellite's seats and cash by place, and what was paid."""
    with refusals(as_json), service(db) as svc:
        view = SeriesService(svc).view(sat)
    emit(view.as_json(), as_json, lambda _: render(view))


def pay_seat(
    sat: SatArg,
    player: Annotated[str, typer.Argument(help="The winner (name or id).")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Pay a satellite winner: a seat registers him in the target event."""
    with refusals(as_json), service(db) as svc:
        paid = SeriesService(svc).pay_seat(sat, player, actor=actor())

    def show(p: SeatPayment) -> None:
        parts = [f"a seat in {p.target_event} (player {p.target_player})"] if p.seat else []
        parts += [format_money(p.cash_cents)] if p.cash_cents else []
        console.print(f"Paid {p.name} (place {p.place}): {' + '.join(parts)}", soft_wrap=True)

    emit(paid.as_json(), as_json, lambda _: show(paid))


def register(app: typer.Typer) -> None:
    """Add ``pokertd series`` to the ``pokertd`` app."""
    series_app.command("satellite")(satellite)
    series_app.command("awards")(awards)
    series_app.command("pay-seat")(pay_seat)
    app.add_typer(series_app)


__all__ = ["awards", "pay_seat", "register", "render", "satellite", "series_app"]
