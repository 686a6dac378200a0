"""The ``pokertd`` command line: one Typer app; each module adds its commands.

Every command has ``--json``; refusals print one line and exit 2 (see ``_common``).
One module per group of commands: ``hand`` (the ``pokertd hand`` sub-app: the engine),
``floor`` (entries, busts, undo, status: top level), ``tables`` (seating, and the ``pokertd
move`` sub-app), ``clock`` (the ``pokertd structure`` sub-app, the clock, chip races),
``prize`` (the ``pokertd prize`` sub-app: payouts, ICM, standings, bounties, payments, each
also top level under its older name), ``deal`` (the ``pokertd deal`` sub-app), ``serve`` (the
web app and the ``pokertd user`` sub-app), ``sim`` (simulation), ``profile`` (the ``pokertd
profile`` sub-app: list, show, diff, check and copy rule profiles).
"""

from __future__ import annotations

import importlib

import typer

app = typer.Typer(
    name="pokertd",
    help="Run live poker tournaments by the rules of real card rooms.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root() -> None:
    """Run live poker tournaments by the rules of real card rooms."""


@app.command()
def version() -> None:
    """Print the pokertd version."""
    from pokertd import __version__

    typer.echo(__version__)


_MODULES = (
    "hand",
    "floor",
    "tables",
    "clock",
    "prize",
    "deal",
    "serve",
    "sim",
    "profile",
    "ruling",
    "irregular",
    "day",
    "series",
    "league",
    "player",
)

for _name in _MODULES:
    _module = importlib.import_module(f"pokertd.cli.{_name}")
    _module.register(app)


def main() -> None:
    """Entry point of the ``pokertd`` console script."""
    app()


__all__ = ["app", "main"]
