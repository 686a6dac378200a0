"""``pokertd day``: the end of a day (bag and tag), the next day's start, the bag list.

``pokertd day end T1 --count "Ann=61,500" --bag "Ann=A-17"`` bags every player still in
(the counts recorded earlier or given here; bag numbers given or numbered in seat order)
and prints the bag list with the chip roll-up: bagged against chips in play, the difference
always shown. ``pokertd day start T1`` starts the next day from the bags with a fresh draw
(``--table 1:9`` per table for a new room). ``pokertd day bags T1`` prints the list again.
Every command has ``--json``; refusals print one line and exit 2.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from pokertd.cli._common import (
    DbOption,
    JsonOption,
    actor,
    console,
    emit,
    num,
    refusals,
    said,
    say,
    say_n,
    service,
    signed,
)
from pokertd.errors import InvalidCommand
from pokertd.i18n import N_

if TYPE_CHECKING:
    from pokertd.tournament.days import BagList

day_app = typer.Typer(
    name="day",
    help="Multi-day events: end of day (bag and tag), next day, bag list.",
    no_args_is_help=True,
)

TidArg = Annotated[str, typer.Argument(help="Tournament id (see pokertd tournaments).")]
DayOpt = Annotated[
    int | None, typer.Option("--day", min=1, max=30, help="The day (default: today).")
]
Counts = Annotated[
    list[str] | None, typer.Option("--count", help="NAME=CHIPS for a bag (repeat it).")
]
Bags = Annotated[list[str] | None, typer.Option("--bag", help="NAME=BAG number (repeat it).")]
Tables = Annotated[
    list[str] | None, typer.Option("--table", help="TABLE:SEATS of the day's room (repeat it).")
]


def _split(item: str, what: str) -> tuple[str, str]:
    name, sep, value = item.rpartition("=")
    if not sep or not name.strip() or not value.strip():
        raise InvalidCommand(
            template=N_("%(item)s: write NAME=%(what)s."), params={"item": repr(item), "what": what}
        )
    return name.strip(), value.strip()


def _count(item: str) -> tuple[str, int]:
    name, value = _split(item, "CHIPS")
    digits = value.replace(",", "").replace("_", "")
    if not digits.isdigit():
        raise InvalidCommand(
            template=N_("%(value)s is not a number of chips: write it like 61500."),
            params={"value": repr(value)},
        )
    return name, int(digits)


def _table(item: str) -> tuple[int, int]:
    number, sep, seats = item.partition(":")
    if not sep or not number.strip().isdigit() or not seats.strip().isdigit():
        raise InvalidCommand(
            template=N_("%(item)s: write TABLE:SEATS, like 1:9."), params={"item": repr(item)}
        )
    return int(number), int(seats)


def render(view: BagList) -> None:
    """The bag-and-tag list and the roll-up, as the floor reads them."""
    from rich.table import Table

    table = Table(
        title=say("%(tournament)s — Day %(day)s bags", tournament=view.tournament, day=view.day)
    )
    table.add_column(say("bag"), justify="left")
    table.add_column(say("player"), justify="left")
    for col in (say("table"), say("seat"), say("chips")):
        table.add_column(col, justify="right")
    for b in view.bags:
        where = ("-", "-") if b.table is None else (str(b.table), str(b.seat))
        table.add_row(b.bag, b.name, *where, num(b.chips))
    console.print(table)
    r = view.reconciliation
    p = r.in_play
    console.print(
        say(
            "in play: %(entries)s entries %(starting)s + %(rebuys)s rebuys %(rebuy_chips)s + "
            "%(addons)s add-ons %(addon_chips)s - removed %(removed)s = %(total)s",
            entries=p.entries,
            starting=num(p.starting),
            rebuys=p.rebuys,
            rebuy_chips=num(p.rebuy_chips),
            addons=p.addons,
            addon_chips=num(p.addon_chips),
            removed=num(p.removed),
            total=num(p.total),
        ),
        soft_wrap=True,
    )
    console.print(
        say(
            "bagged: %(bagged)s · difference: %(difference)s",
            bagged=num(r.bagged),
            difference=signed(r.difference),
        ),
        soft_wrap=True,
    )
    console.print(said(r.said()), soft_wrap=True)


def end(
    tid: TidArg,
    day: DayOpt = None,
    count: Counts = None,
    bag: Bags = None,
    note: Annotated[str, typer.Option(help="A note for the record.")] = "",
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """End the day: bag and tag every player still in; prints the bag list and roll-up."""
    from pokertd.tournament.days import EndDay, bag_list, day_view

    with refusals(as_json), service(db) as svc:
        counts = tuple(_count(c) for c in count or ())
        bags = tuple(_split(b, "BAG") for b in bag or ())
        today = day or svc.read(tid, day_view).day
        svc.run(
            tid,
            EndDay(day=today, counts=counts, bags=bags, note=note),
            actor=actor(),
            role="director",
        )
        view = svc.read(tid, bag_list)
    emit(view.as_json(), as_json, lambda _: render(view))


def start(
    tid: TidArg,
    day: DayOpt = None,
    table: Tables = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Start the next day from the bags: a fresh draw for seats, the stacks as bagged."""
    from pokertd.tournament.days import StartDay, day_seats, day_view

    with refusals(as_json), service(db) as svc:
        tables = tuple(_table(t) for t in table or ())
        nxt = day or svc.read(tid, day_view).day + 1
        svc.run(tid, StartDay(day=nxt, tables=tables), actor=actor(), role="director")
        rows = svc.read(tid, day_seats)
    seats = [
        {"table": r.table, "seat": r.seat, "entry": r.entry_id, "name": r.name, "chips": r.chips}
        for r in rows
    ]
    data = {"day": nxt, "players": len(seats), "seats": seats}

    def show(_: object) -> None:
        console.print(
            say_n(
                "Day %(day)s started: %(n)s player redrawn.",
                "Day %(day)s started: %(n)s players redrawn.",
                len(seats),
                day=nxt,
            )
        )
        for s in seats:
            console.print(f"  T{s['table']}-S{s['seat']}  {s['name']}  {num(s['chips'])}")

    emit(data, as_json, show)


def bags(
    tid: TidArg,
    day: DayOpt = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Print a day's bag-and-tag list with its roll-up (default: the last day bagged)."""
    from pokertd.tournament.days import bag_list

    with refusals(as_json), service(db) as svc:
        view = svc.read(tid, lambda s: bag_list(s, day))
    emit(view.as_json(), as_json, lambda _: render(view))


def register(app: typer.Typer) -> None:
    """Add ``pokertd day`` to the ``pokertd`` app."""
    day_app.command("end")(end)
    day_app.command("start")(start)
    day_app.command("bags")(bags)
    app.add_typer(day_app)


__all__ = ["bags", "day_app", "end", "register", "render", "start"]
