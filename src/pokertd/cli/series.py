"""``pokertd series``: series (festivals), flights into Day 2, satellites (issue 14).

``pokertd series create fall --name "Fall Festival"`` makes a series; ``series event fall
main --name "Main Event" [--reentry]`` declares an event played in flights (``--reentry``:
a player may enter several flights, his best stack goes on); ``series add fall T1
[--flight main [--label "Day 1A"]]`` puts a tournament in it (``series remove`` takes it
out); ``series lobby fall`` lists every event (state, entries, players left, level, pool);
``series cash fall [--csv FILE]`` prints the money across its events; ``series day2 fall
main [--flight T1 ...] [--id T2]`` forms Day 2 from the bagged flights (then ``pokertd day
start T2`` redraws it).

``pokertd series satellite SAT --target MAIN --seat-value 1,500`` makes event SAT award
seats in MAIN worth $1,500 each (``--leftover next_place`` or ``split`` for the cash left
after the last whole seat); ``pokertd series awards SAT`` prints the seats and cash by
place; ``pokertd series pay-seat SAT NAME`` pays a winner: a seat registers him in the
target event. Every command has ``--json``; refusals print one line and exit 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pokertd.cli._choices import LeftoverChoice
from pokertd.cli._common import (
    DbOption,
    JsonOption,
    actor,
    application,
    console,
    emit,
    num,
    refusals,
    say,
)
from pokertd.cli.feeds import IcsOption, UrlOption, print_feed
from pokertd.errors import InvalidCommand
from pokertd.i18n import N_
from pokertd.money import format_money, parse_money

if TYPE_CHECKING:
    from pokertd.app.series import Day2Formed, SeatPayment, SeriesCash, SeriesLobby
    from pokertd.tournament.satellites import SatelliteView

series_app = typer.Typer(
    name="series",
    help="Across events: series, lobby and cash, flights into Day 2, satellites.",
    no_args_is_help=True,
)

SatArg = Annotated[str, typer.Argument(help="The satellite's tournament id.")]


def render(view: SatelliteView) -> None:
    """The satellite's terms and its awards by place."""
    a = view.award
    if a is None:
        console.print(say("This event's prizes are cash (not a satellite)."))
        return
    name = view.target_name or view.target_event
    console.print(
        say(
            "Satellite to %(name)s (%(event)s): pool %(pool)s, seats of %(value)s -> %(seats)s "
            "seats, leftover %(leftover)s (%(rule)s)",
            name=name,
            event=view.target_event,
            pool=format_money(a.pool),
            value=format_money(a.seat_value),
            seats=a.seats,
            leftover=format_money(a.leftover),
            rule=a.rule.value,
        ),
        soft_wrap=True,
    )
    for w in a.awards:
        console.print(f"  {w.describe()}")
    for p in view.paid:
        won = (say("seat") if p.seat else "") + (f" {format_money(p.cash)}" if p.cash else "")
        console.print(
            "  "
            + say(
                "paid: %(name)s (place %(place)s): %(won)s",
                name=p.name,
                place=p.place,
                won=won.strip(),
            )
        )


def satellite(
    sat: SatArg,
    target: Annotated[str, typer.Option("--target", help="The target event's id.")],
    seat_value: Annotated[str, typer.Option("--seat-value", help="A seat's value: 1,500.")],
    leftover: Annotated[
        LeftoverChoice, typer.Option(help="Cash after the last seat: next_place or split.")
    ] = LeftoverChoice.NEXT_PLACE,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Make an event a satellite: its prizes are seats in the target event."""
    from pokertd.tournament.satellites import LeftoverRule

    with refusals(as_json), application(db) as app:
        view = app.series.set_satellite(
            sat, target, parse_money(seat_value), leftover=LeftoverRule(leftover), actor=actor()
        )
    emit(view.as_json(), as_json, lambda _: render(view))


def awards(sat: SatArg, db: DbOption = None, as_json: JsonOption = False) -> None:
    """Print a satellite's seats and cash by place, and what was paid."""

    with refusals(as_json), application(db) as app:
        view = app.series.view(sat)
    emit(view.as_json(), as_json, lambda _: render(view))


def pay_seat(
    sat: SatArg,
    player: Annotated[str, typer.Argument(help="The winner (name or id).")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Pay a satellite winner: a seat registers him in the target event."""

    with refusals(as_json), application(db) as app:
        paid = app.series.pay_seat(sat, player, actor=actor())

    def show(p: SeatPayment) -> None:
        parts = (
            [
                say(
                    "a seat in %(event)s (player %(player)s)",
                    event=p.target_event,
                    player=p.target_player,
                )
            ]
            if p.seat
            else []
        )
        parts += [format_money(p.cash_cents)] if p.cash_cents else []
        console.print(
            say(
                "Paid %(name)s (place %(place)s): %(what)s",
                name=p.name,
                place=p.place,
                what=" + ".join(parts),
            ),
            soft_wrap=True,
        )

    emit(paid.as_json(), as_json, lambda _: show(paid))


SeriesArg = Annotated[str, typer.Argument(help="The series' id (fall, wsop-2026).")]


def create(
    key: SeriesArg,
    name: Annotated[str, typer.Option("--name", help="The series' name.")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Create a series (festival) that groups events."""

    with refusals(as_json), application(db) as app:
        row = app.series.create_series(key, name)
    data = {"series": row.key, "name": row.name}
    emit(
        data,
        as_json,
        lambda _: console.print(say("Series %(key)s: %(name)s", key=row.key, name=row.name)),
    )


def event(
    key: SeriesArg,
    event_key: Annotated[str, typer.Argument(help="The event's id in the series (main).")],
    name: Annotated[str, typer.Option("--name", help="The event's name.")],
    reentry: Annotated[
        bool, typer.Option("--reentry", help="A player may enter several flights (best stack).")
    ] = False,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Declare an event played in flights (Day 1A, Day 1B, ...) that meet on Day 2."""

    with refusals(as_json), application(db) as app:
        row = app.series.add_flighted(key, event_key, name, reentry=reentry)
    data = {"series": row.series, "event": row.key, "name": row.name, "reentry": row.reentry}
    line = (
        say("%(name)s (%(key)s): flights, best stack per player", name=row.name, key=row.key)
        if row.reentry
        else say("%(name)s (%(key)s): flights, one flight per player", name=row.name, key=row.key)
    )
    emit(data, as_json, lambda _: console.print(line))


def add(
    key: SeriesArg,
    tid: Annotated[str, typer.Argument(help="The tournament's id.")],
    flight: Annotated[
        str, typer.Option("--flight", help="A flight of this event (its id in the series).")
    ] = "",
    label: Annotated[str, typer.Option("--label", help="The flight's name (Day 1A).")] = "",
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Put a tournament in a series: an event, or a flight of an event (--flight)."""

    with refusals(as_json), application(db) as app:
        row = app.series.add_event(key, tid, flight_of=flight, label=label)
    data = {"series": row.series, "tournament": row.tournament, "role": row.role,
            "event": row.event, "label": row.label}  # fmt: skip
    line = (
        say(
            "%(tid)s is %(label)s of %(event)s in %(series)s",
            tid=row.tournament,
            label=row.label,
            event=row.event,
            series=row.series,
        )
        if row.role == "flight"
        else say("%(tid)s is an event in %(series)s", tid=row.tournament, series=row.series)
    )
    emit(data, as_json, lambda _: console.print(line))


def remove(
    key: SeriesArg,
    tid: Annotated[str, typer.Argument(help="The tournament's id.")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Take a tournament out of a series."""

    with refusals(as_json), application(db) as app:
        row = app.series.remove_event(key, tid)
    data = {"series": row.series, "tournament": row.tournament, "removed": True}
    emit(
        data,
        as_json,
        lambda _: console.print(
            say("%(tid)s left %(series)s", tid=row.tournament, series=row.series)
        ),
    )


def render_lobby(view: SeriesLobby) -> None:
    """Every event of the series, one line each."""
    console.print(f"{view.name} ({view.id})")
    for r in view.rows:
        level = "-" if r.level is None else str(r.level)
        label = f" {r.label}" if r.label else ""
        console.print(
            f"  {r.tournament}  {r.name}{label}: "
            + say(
                "%(state)s, %(entries)s entries, %(left)s left, level %(level)s, pool %(pool)s",
                state=r.state,
                entries=r.entries,
                left=r.players_left,
                level=level,
                pool=format_money(r.pool_cents),
            ),
            soft_wrap=True,
        )


def lobby(key: SeriesArg, db: DbOption = None, as_json: JsonOption = False) -> None:
    """The series' lobby: every event's state, entries, players left, level and pool."""

    with refusals(as_json), application(db) as app:
        view = app.series.lobby(key)
    emit(view.as_json(), as_json, lambda _: render_lobby(view))


def feed(
    key: SeriesArg,
    ics: IcsOption = False,
    url: UrlOption = "",
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """The series' schedule, upcoming and past: as iCalendar (--ics) or JSON (--json)."""
    from pokertd.app.results import series_schedule  # CLI start-up: loaded when it runs

    with refusals(as_json), application(db) as app:
        print_feed(series_schedule(app, key), ics=ics, as_json=as_json, url=url)


def render_cash(report: SeriesCash) -> None:
    """The money of every event and the totals."""
    console.print(say("%(name)s (%(id)s): cash report", name=report.name, id=report.id))
    rows = [(r.tournament, r.name, {k: getattr(r, k) for k in report.total}) for r in report.rows]
    for tid, name, v in [*rows, (say("TOTAL"), "", report.total)]:
        m = {k: format_money(a) for k, a in v.items() if k.endswith("_cents")}
        line = say(
            "%(entries)s entries, collected %(collected)s (prize %(prize)s, house %(house)s, "
            "entry fee %(entry_fee)s, bounty %(bounty)s, rebuys %(rebuys)s, add-ons %(addons)s); "
            "carried in %(carried_in)s, out %(carried_out)s; pool %(pool)s, withheld "
            "%(withheld)s, paid %(paid)s, owed %(owed)s",
            entries=v["entries"],
            collected=m["collected_cents"],
            prize=m["buyin_prize_cents"],
            house=m["buyin_house_cents"],
            entry_fee=m["buyin_entry_fee_cents"],
            bounty=m["buyin_bounty_cents"],
            rebuys=m["rebuy_cents"],
            addons=m["addon_cents"],
            carried_in=m["carried_in_cents"],
            carried_out=m["carried_out_cents"],
            pool=m["net_pool_cents"],
            withheld=m["withheld_cents"],
            paid=m["prizes_paid_cents"],
            owed=m["owed_cents"],
        )
        if v.get("refunds_cents"):
            line += "; " + say("refunded %(amount)s", amount=m["refunds_cents"])
        console.print(f"  {tid} {name}: {line}", soft_wrap=True)


def cash(
    key: SeriesArg,
    csv_file: Annotated[
        str | None, typer.Option("--csv", help="Also write the report as CSV to this file.")
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """The cash report across the series' events (buy-ins by part, rebuys, add-ons, pools,
    prizes paid and owed); --csv FILE writes it for a spreadsheet."""
    from pokertd.sheets import cash_csv

    with refusals(as_json), application(db) as app:
        report = app.series.cash_report(key)
    if csv_file:
        with refusals(as_json):
            try:
                Path(csv_file).write_text(cash_csv(report), encoding="utf-8")
            except OSError as exc:
                raise InvalidCommand(
                    template=N_("Cannot write %(csv_file)s: %(reason)s."),
                    params={"csv_file": csv_file, "reason": exc.strerror},
                ) from None
    emit(report.as_json(), as_json, lambda _: render_cash(report))


def day2(
    key: SeriesArg,
    event_key: Annotated[str, typer.Argument(help="The flighted event's id (main).")],
    flight: Annotated[
        list[str] | None, typer.Option("--flight", help="A flight's id (default: all; repeat).")
    ] = None,
    name: Annotated[str, typer.Option("--name", help="Day 2's name.")] = "",
    tid: Annotated[str | None, typer.Option("--id", help="Choose Day 2's id.")] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Form Day 2 from the bagged flights: their stacks and their prize pool."""

    with refusals(as_json), application(db) as app:
        formed = app.series.day2(
            key, event_key, flights=flight or (), name=name, tournament_id=tid, actor=actor()
        )

    def show(d: Day2Formed) -> None:
        console.print(
            say(
                "%(name)s (%(tid)s): %(players)s players, %(chips)s chips, pool %(pool)s from "
                "%(entries)s entries in %(flights)s flights. Seat it with: pokertd day start "
                "%(tid)s",
                name=d.name,
                tid=d.tournament,
                players=d.players,
                chips=num(d.chips),
                pool=format_money(d.carried_pool_cents),
                entries=d.entries,
                flights=len(d.flights),
            ),
            soft_wrap=True,
        )
        for n, f, c in d.stacks:
            console.print(f"  {n} ({f}) {num(c)}")

    emit(formed.as_json(), as_json, lambda _: show(formed))


def register(app: typer.Typer) -> None:
    """Add ``pokertd series`` to the ``pokertd`` app."""
    series_app.command("create")(create)
    series_app.command("event")(event)
    series_app.command("add")(add)
    series_app.command("remove")(remove)
    series_app.command("lobby")(lobby)
    series_app.command("cash")(cash)
    series_app.command("feed")(feed)
    series_app.command("day2")(day2)
    series_app.command("satellite")(satellite)
    series_app.command("awards")(awards)
    series_app.command("pay-seat")(pay_seat)
    app.add_typer(series_app)


__all__ = [
    "add",
    "awards",
    "cash",
    "create",
    "day2",
    "event",
    "lobby",
    "pay_seat",
    "register",
    "remove",
    "render",
    "render_cash",
    "render_lobby",
    "satellite",
    "series_app",
]
