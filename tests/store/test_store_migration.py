"""The ``command`` column (schema 3): kept on every row, added to older databases.

Who may undo a batch depends on the command that made it (issue 10), so every stored row
names its command. Databases written before keep working: the column is added with
``ALTER TABLE ... ADD COLUMN`` when missing, old rows read as ``None``, and undoing such a
batch needs the director.
"""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import psycopg
import pytest

from pokertd.app.tournaments import TournamentService
from pokertd.errors import PermissionDenied
from pokertd.roles import Role
from pokertd.store import EventStore, open_store
from pokertd.store.sqlite import SCHEMA_VERSION
from pokertd.store.testing import ToyCreated, ToyNoted, postgres_test_url
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.framework import Undo, undo_target
from pokertd.tournament.permissions import required_role_for
from pokertd.tournament.templates import load_template

T0 = datetime(2026, 11, 22, 19, 0, tzinfo=UTC)


def _pg_url() -> str:
    url, reason = postgres_test_url()
    if url is None:
        pytest.skip(reason)
    return url


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[EventStore]:
    url = _pg_url() if request.param == "postgres" else f"sqlite:///{tmp_path / 'c.db'}"
    opened = open_store(url)
    yield opened
    opened.close()


def test_every_row_keeps_its_command(store: EventStore) -> None:
    tid = f"cmd-{uuid.uuid4().hex[:10]}"
    try:
        made = store.append(
            tid, 0, [ToyCreated(name="t", seats=2)], actor="td", recorded_at=T0, command="Make"
        )
        both = store.append(
            tid,
            1,
            [ToyNoted(text="a"), ToyNoted(text="b")],
            actor="td",
            recorded_at=T0,
            command="Note",
        )
        plain = store.append(tid, 3, [ToyNoted(text="c")], actor="td", recorded_at=T0)
        assert [r.command for r in made + both + plain] == ["Make", "Note", "Note", None]
        assert [r.command for r in store.load(tid)] == ["Make", "Note", "Note", None]
        assert [r.command for r in store.rows(tid)] == ["Make", "Note", "Note", None]
    finally:
        store.delete(tid)


def _old_sqlite_file(path: Path) -> None:
    """A schema-2 file (no ``command`` column) with a tournament ``old``: 3 registrations."""
    tick = iter(range(1000))
    service = TournamentService(
        open_store(str(path)), now=lambda: T0 + timedelta(seconds=next(tick))
    )
    service.create(
        CreateTournament(name="Old night", template=load_template("fox_grinder")),
        tournament_id="old",
    )
    for name in ("Bob Baker", "Ann Able", "Cid Cole"):
        service.run("old", Register(name=name, member="1234", age_ok=True), role="floor")
    service.close()
    conn = sqlite3.connect(path)
    conn.execute("ALTER TABLE events DROP COLUMN command")
    conn.execute("PRAGMA user_version = 2")
    conn.commit()
    assert "command" not in {r[1] for r in conn.execute("PRAGMA table_info(events)")}
    conn.close()


def test_an_old_sqlite_file_gets_the_column_and_its_undos_need_the_director(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.db"
    _old_sqlite_file(path)
    service = TournamentService(open_store(str(path)), now=lambda: T0 + timedelta(hours=1))
    try:
        rows = service.store.rows("old")
        assert len(rows) == 7
        assert {r.command for r in rows} == {None}
        state = service.state("old")
        target = undo_target(state)
        assert target is not None
        assert target.command_type is None
        assert target.command.startswith("Registered Cid Cole")
        # A registration is a floor command, but the log no longer says what made it.
        assert required_role_for(Undo(batch=target.batch), state) is Role.DIRECTOR
        with pytest.raises(PermissionDenied, match="director"):
            service.run("old", Undo(batch=target.batch), actor="floor1", role="floor")
        undone = service.run("old", Undo(batch=target.batch), actor="td", role="director")
        assert undone[0].command == "Undo"
        # New batches are recorded with their command: the floor may undo its own again.
        service.run("old", Register(name="Dee Dunn", member="1234", age_ok=True), role="floor")
        last = undo_target(service.state("old"))
        assert last is not None
        assert last.command_type == "Register"
        service.run("old", Undo(batch=last.batch), actor="floor1", role="floor")
    finally:
        service.close()
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 4
        commands = [r[0] for r in conn.execute("SELECT command FROM events ORDER BY seq")]
        assert commands == [None] * 7 + ["Undo", "Register", "Register", "Undo"]
    finally:
        conn.close()


def test_reopening_a_migrated_file_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "twice.db"
    _old_sqlite_file(path)
    for _ in range(2):
        store = open_store(str(path))
        try:
            assert len(store.load("old")) == 7
        finally:
            store.close()
    conn = sqlite3.connect(path)
    try:
        columns = [r[1] for r in conn.execute("PRAGMA table_info(events)")]
        assert columns.count("command") == 1
    finally:
        conn.close()


@pytest.mark.postgres
def test_an_old_postgres_database_gets_the_column() -> None:
    """Schema-2 tables (no ``command``) in a private schema are migrated on open."""
    base = _pg_url()
    schema = f"pokertd_old_{uuid.uuid4().hex[:10]}"
    admin = psycopg.connect(base, autocommit=True)
    try:
        admin.execute(f"CREATE SCHEMA {schema}")
        admin.execute(f"SET search_path TO {schema}")
        admin.execute("CREATE TABLE pokertd_schema (version integer NOT NULL)")
        admin.execute("INSERT INTO pokertd_schema (version) VALUES (2)")
        admin.execute(
            """CREATE TABLE pokertd_tournaments (id text PRIMARY KEY, name text NOT NULL,
            created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL,
            last_seq integer NOT NULL)"""
        )
        admin.execute(
            """CREATE TABLE pokertd_events (tournament_id text NOT NULL, seq integer NOT NULL,
            batch integer NOT NULL, recorded_at timestamptz NOT NULL, actor text NOT NULL,
            type text NOT NULL, version integer NOT NULL, data text NOT NULL,
            PRIMARY KEY (tournament_id, seq))"""
        )
        admin.execute("INSERT INTO pokertd_tournaments VALUES ('old', 'Old', %s, %s, 1)", (T0, T0))
        admin.execute(
            "INSERT INTO pokertd_events VALUES ('old', 1, 1, %s, 'td', 'toy_created', 1, "
            """'{"name":"Old","seats":2}')""",
            (T0,),
        )
        sep = "&" if "?" in base else "?"
        store = open_store(f"{base}{sep}options=-csearch_path%3D{schema}")
        try:
            assert [r.command for r in store.load("old")] == [None]
            store.append(
                "old", 1, [ToyNoted(text="x")], actor="td", recorded_at=T0, command="ToyNote"
            )
            assert [r.command for r in store.rows("old")] == [None, "ToyNote"]
        finally:
            store.close()
        found = admin.execute("SELECT version FROM pokertd_schema").fetchone()
        assert found is not None
        assert found[0] == 4
    finally:
        admin.execute(f"DROP SCHEMA {schema} CASCADE")
        admin.close()
