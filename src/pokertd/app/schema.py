"""The database schema versions this code writes, per backend (the API docs show them).

A module of its own because it loads the PostgreSQL driver (the CLI's start-up does not
import it; issue 15).
"""

from __future__ import annotations

from pokertd.store import postgres, sqlite

SCHEMA_VERSIONS: dict[str, int] = {
    "sqlite": sqlite.SCHEMA_VERSION,
    "postgresql": postgres.SCHEMA_VERSION,
}
"""The schema version this code writes, by backend name."""

__all__ = ["SCHEMA_VERSIONS"]
