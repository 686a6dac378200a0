"""The database schema versions this code writes, per backend (the API docs show them).

Read from :data:`pokertd.store.base.SCHEMA_VERSIONS`, which loads no database driver: the
server's and the CLI's start-up do not import the PostgreSQL driver for a SQLite store
(issue 15).
"""

from __future__ import annotations

from pokertd.store.base import SCHEMA_VERSIONS

__all__ = ["SCHEMA_VERSIONS"]
