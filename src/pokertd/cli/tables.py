"""CLI commands: tables (placeholder until its module lands)."""

import typer


def register(app: typer.Typer) -> None:
    """Add this module's commands to the ``pokertd`` app."""
