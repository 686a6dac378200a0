"""``pokertd screens``: the venue's wall screens and their layouts (issue 27, point 3).

``pokertd screens list`` prints every named screen (the TVs that opened ``/screen/NAME``),
its layout, its events and whether it asked within 30 s; ``pokertd screens assign "screen
3" --layout payouts --event T1 [--event T2 …]`` switches it (the TV follows within seconds).

``pokertd screens layouts list|show NAME|export NAME [--out FILE]|import FILE|delete NAME``
reads and writes the venue's layouts (the built-in ``clock`` and ``payouts`` are listed,
shown and exported, never replaced or deleted); an imported file is checked as the editor's
are (:func:`pokertd.tournament.layouts.check_layout`). Every command has ``--json``;
refusals print one line and exit 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pokertd.cli._common import (
    DbOption,
    JsonOption,
    application,
    console,
    emit,
    refusals,
    say,
    say_n,
)
from pokertd.i18n import N_

if TYPE_CHECKING:
    from pokertd.app.walls import ScreenInfo
    from pokertd.tournament.layouts import Layout

screens_app = typer.Typer(
    name="screens",
    help="The wall screens: which TV shows which layout and events; the venue's layouts.",
    no_args_is_help=True,
)
layouts_app = typer.Typer(
    name="layouts", help="The venue's screen layouts: list, show, export, import, delete."
)

NameArg = Annotated[str, typer.Argument(help='A screen\'s name ("screen 3").')]
LayoutArg = Annotated[str, typer.Argument(help="A layout's name.")]


def _screen_line(s: ScreenInfo) -> str:
    state = say("connected") if s.connected else say("not seen lately")
    events = ", ".join(s.events) or say("no event yet")
    return say(
        "%(name)s: %(layout)s of %(events)s (%(state)s)",
        name=s.name,
        layout=s.layout,
        events=events,
        state=state,
    )


def list_screens(db: DbOption = None, as_json: JsonOption = False) -> None:
    """Every named screen: its layout, its events, whether it is connected."""
    with refusals(as_json), application(db) as app:
        rows = app.walls.screens()
    emit(
        [s.as_json() for s in rows],
        as_json,
        lambda _: console.print(
            "\n".join(_screen_line(s) for s in rows) or say("No screens yet: open /screen/NAME.")
        ),
    )


def assign(
    name: NameArg,
    layout: Annotated[str, typer.Option("--layout", help="The layout's name.")],
    event: Annotated[
        list[str] | None,
        typer.Option("--event", help="An event's id (repeat for a lobby board)."),
    ] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show a layout and events on a screen (it follows within seconds)."""
    with refusals(as_json), application(db) as app:
        info = app.walls.assign(name, layout, list(event or []))
    emit(info.as_json(), as_json, lambda _: console.print(_screen_line(info)))


def _layout_line(lay: Layout) -> str:
    kinds = ", ".join(p.kind for p in lay.panels)
    return say_n(
        "%(name)s%(tag)s: %(columns)s×%(rows)s, %(n)s panel (%(kinds)s)",
        "%(name)s%(tag)s: %(columns)s×%(rows)s, %(n)s panels (%(kinds)s)",
        len(lay.panels),
        name=lay.name,
        tag=" " + say("(built-in)") if lay.built_in else "",
        columns=lay.columns,
        rows=lay.rows,
        kinds=kinds,
    )


def list_layouts(db: DbOption = None, as_json: JsonOption = False) -> None:
    """Every layout, the built-in ones first."""
    with refusals(as_json), application(db) as app:
        rows = app.walls.layouts()
    emit(
        [lay.as_json() for lay in rows],
        as_json,
        lambda _: console.print("\n".join(_layout_line(lay) for lay in rows)),
    )


def _render_layout(lay: Layout) -> None:
    console.print(_layout_line(lay))
    for i, p in enumerate(lay.panels, 1):
        opts = ", ".join(f"{k}={v}" for k, v in p.options.items())
        place = say(
            "%(kind)s at column %(col)s, row %(row)s, %(width)s×%(height)s",
            kind=p.kind,
            col=p.col + 1,
            row=p.row + 1,
            width=p.width,
            height=p.height,
        )
        console.print(f"  {i}. {place}" + (f" ({opts})" if opts else ""))
    for s in lay.styles:
        when = say("level %(level)s", level=s.level) if s.when == "level" else s.when
        style = say(
            "style %(when)s: text %(text)s on %(background)s, %(scale)s %%",
            when=when,
            text=s.text,
            background=s.background,
            scale=s.scale,
        )
        image = ", " + say("image %(image)s", image=s.image) if s.image else ""
        console.print(f"  {style}{image}")


def show_layout(name: LayoutArg, db: DbOption = None, as_json: JsonOption = False) -> None:
    """One layout: its panels and styles."""
    with refusals(as_json), application(db) as app:
        lay = app.walls.layout(name)
    emit(lay.as_json(), as_json, lambda _: _render_layout(lay))


def export_layout(
    name: LayoutArg,
    out: Annotated[Path | None, typer.Option("--out", help="Write the file here.")] = None,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """A layout as a JSON file (printed, or written with ``--out``)."""
    with refusals(as_json), application(db) as app:
        body = app.walls.export_layout(name)
    text = json.dumps(body, indent=2, ensure_ascii=False) + "\n"
    if out is None:
        typer.echo(text, nl=False)
        return
    out.write_text(text, encoding="utf-8")
    done: dict[str, Any] = {"name": body["name"], "file": str(out)}
    emit(
        done,
        as_json,
        lambda _: console.print(
            say("Wrote layout %(name)s to %(file)s.", name=body["name"], file=out)
        ),
    )


def import_layout(
    file: Annotated[Path, typer.Argument(help="An exported layout file (.json).")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Check a layout file and save it (replacing the venue's layout of that name)."""
    from pokertd.errors import InvalidCommand  # CLI start-up: loaded when a command runs

    with refusals(as_json), application(db) as app:
        try:
            data = file.read_bytes()
        except OSError as exc:
            raise InvalidCommand(
                template=N_("Cannot read %(file)s: %(reason)s."),
                params={"file": file, "reason": str(exc.strerror or exc)},
            ) from None
        lay = app.walls.import_layout(data)
    emit(
        lay.as_json(),
        as_json,
        lambda _: console.print(say("Imported %(layout)s.", layout=_layout_line(lay))),
    )


def delete_layout(name: LayoutArg, db: DbOption = None, as_json: JsonOption = False) -> None:
    """Delete a venue layout (not a built-in one, not one a screen shows)."""
    with refusals(as_json), application(db) as app:
        app.walls.delete_layout(name)
    emit(
        {"deleted": name},
        as_json,
        lambda _: console.print(say("Deleted layout %(name)s.", name=name)),
    )


def register(app: typer.Typer) -> None:
    """Add ``pokertd screens`` to the ``pokertd`` app."""
    screens_app.command("list")(list_screens)
    screens_app.command("assign")(assign)
    layouts_app.command("list")(list_layouts)
    layouts_app.command("show")(show_layout)
    layouts_app.command("export")(export_layout)
    layouts_app.command("import")(import_layout)
    layouts_app.command("delete")(delete_layout)
    screens_app.add_typer(layouts_app)
    app.add_typer(screens_app)


__all__ = [
    "assign",
    "delete_layout",
    "export_layout",
    "import_layout",
    "list_layouts",
    "list_screens",
    "register",
    "screens_app",
    "show_layout",
]
