"""Portable tournament files and backups (issue 16, docs/backup.md).

A real played night (twelve players simulated to a winner through the service, kept in a
SQLite file) is exported, imported into other databases — SQLite and PostgreSQL, and back —
and must fold to the same state: results, seats, chips, clock, every state part. A file
that was changed, cut, damaged or is too large is refused with one sentence naming the line,
and writes nothing. The SQLite backup runs while another connection writes; for PostgreSQL
the service only says which ``pg_dump`` command to run.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable
from contextlib import closing
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from pokertd.app.tournaments import TournamentService
from pokertd.errors import InvalidCommand
from pokertd.sim import NightConfig, simulate_night
from pokertd.sim.night import EPOCH
from pokertd.store import SqliteStore, open_store, portable
from pokertd.store.portable import FORMAT, FORMAT_VERSION, read_export, rows_hash
from pokertd.store.snapshot import encode_snapshot
from pokertd.store.testing import ToyCreated, ToyNoted
from pokertd.tournament import views
from pokertd.tournament.eliminations import finishing_places
from pokertd.tournament.framework import TournamentState

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """``(store url, tournament id)`` of a simulated 12-player night played to a winner."""
    url = f"sqlite:///{tmp_path_factory.mktemp('night') / 'night.db'}"
    report = simulate_night(NightConfig(template="fox_120", entries=12, seed=2, store_url=url))
    return url, report.tournament_id


@pytest.fixture(scope="module")
def exported(night: tuple[str, str]) -> str:
    """The night's export file."""
    url, tid = night
    with TournamentService(open_store(url), now=lambda: NOW) as service:
        return service.export_tournament(tid)


def _picture(state: TournamentState) -> dict[str, Any]:
    """Everything a state holds but its id: every part, the batches, the seq.

    Reading a view adds the empty parts it asks for, so compare two states' pictures after
    reading the same views of both (:func:`_views`).
    """
    doc: dict[str, Any] = json.loads(encode_snapshot(state))
    doc.pop("tournament")
    return doc


def _views(state: TournamentState) -> tuple[Any, ...]:
    """What the floor reads: status (level, clock, pool, winner), finishing places,
    players with their chips and seats, the seat map."""
    at = EPOCH + timedelta(days=1)
    return (
        replace(views.status(state, at), tournament_id=""),
        finishing_places(state, at),
        views.players(state, at),
        views.seats(state),
    )


def _import(url: str, text: str, as_id: str | None = None) -> tuple[str, TournamentState]:
    with TournamentService(open_store(url)) as service:
        info = service.import_tournament(text, as_id=as_id)
        service.forget()
        return info.id, service.state(info.id)


def _state(url: str, tid: str) -> TournamentState:
    with TournamentService(open_store(url)) as service:
        return service.state(tid)


def test_the_export_is_a_header_and_every_row_as_stored(
    night: tuple[str, str], exported: str
) -> None:
    url, tid = night
    lines = exported.splitlines()
    header = json.loads(lines[0])
    with closing(SqliteStore(url.removeprefix("sqlite:///"))) as store:
        rows = store.rows(tid)
    assert len(rows) > 200  # a whole night: registrations, seating, 200+ hands, busts
    assert header == {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "pokertd": header["pokertd"],
        "tournament": tid,
        "name": "Simulation 2 — $120 NLH",
        "events": len(rows),
        "last_seq": rows[-1].seq,
        "exported_at": NOW.isoformat(),
        "sha256": rows_hash(lines[1:]),
    }
    assert len(lines) == len(rows) + 1
    assert exported.endswith("\n")
    back = read_export(exported)
    assert back.rows == tuple(rows)  # byte for byte: data is the stored JSON text
    first = json.loads(lines[1])
    assert (first["seq"], first["batch"], first["type"]) == (1, 1, "tournament_created")
    assert isinstance(first["data"], str)


def test_a_night_imported_into_sqlite_under_a_new_id_folds_to_the_same_state(
    night: tuple[str, str], exported: str, tmp_path: Path
) -> None:
    url, tid = night
    original = _state(url, tid)
    target = f"sqlite:///{tmp_path / 'other.db'}"
    new_id, copy = _import(target, exported, as_id="friday-copy")
    assert new_id == "friday-copy"
    assert _views(copy) == _views(original)
    assert _picture(copy) == _picture(original)
    status = views.status(copy, EPOCH + timedelta(days=1))
    assert status.finished
    assert status.winner is not None  # the night has its winner in the copy too
    assert len(finishing_places(copy, EPOCH + timedelta(days=1))) == 12
    with TournamentService(open_store(target)) as service:
        (info,) = service.tournaments()
        assert (info.id, info.last_seq, info.name) == (
            new_id,
            original.seq,
            "Simulation 2 — $120 NLH",
        )
        again = service.export_tournament(new_id)
    # the copy exports the same rows: only the header (id, time) differs
    assert again.splitlines()[1:] == exported.splitlines()[1:]


def test_an_existing_id_is_refused_and_nothing_changes(
    night: tuple[str, str], exported: str
) -> None:
    url, tid = night
    with TournamentService(open_store(url)) as service:
        before = service.last_seq(tid)
        with pytest.raises(InvalidCommand, match="exists already in this database"):
            service.import_tournament(exported)
        assert service.last_seq(tid) == before
        assert len(service.tournaments()) == 1


@pytest.mark.postgres
def test_sqlite_to_postgresql_and_back_folds_to_the_same_state(
    night: tuple[str, str], exported: str, pg_database: str, tmp_path: Path
) -> None:
    """The portability promise: SQLite -> PostgreSQL -> SQLite, same log, same state."""
    url, tid = night
    original = _state(url, tid)
    pg_id, in_pg = _import(pg_database, exported)
    assert pg_id == tid
    assert _views(in_pg) == _views(original)
    assert _picture(in_pg) == _picture(original)
    with TournamentService(open_store(pg_database), now=lambda: NOW) as service:
        from_pg = service.export_tournament(tid)
    assert from_pg == exported  # PostgreSQL gives back the very same file
    back = f"sqlite:///{tmp_path / 'back.db'}"
    _, in_sqlite = _import(back, from_pg)
    assert _views(in_sqlite) == _views(original)  # (views add empty parts: both first)
    assert _picture(in_sqlite) == _picture(original)
    with (
        closing(SqliteStore(str(tmp_path / "back.db"))) as store,
        closing(SqliteStore(url.removeprefix("sqlite:///"))) as first,
    ):
        assert store.rows(tid) == first.rows(tid)


# --------------------------------------------------------------------------------------
# Refused files


def _lines(text: str) -> list[str]:
    return text.splitlines()


def _rehash(lines: list[str]) -> str:
    """The file with its header's counts and hash made to match its rows again (so the
    check that refuses it is the one the test is about, not the hash)."""
    header = json.loads(lines[0])
    header["sha256"] = rows_hash(lines[1:])
    header["events"] = len(lines) - 1
    header["last_seq"] = json.loads(lines[-1])["seq"]
    return "\n".join([json.dumps(header), *lines[1:]]) + "\n"


def _with_row(text: str, line: int, change: Callable[[dict[str, Any]], None]) -> list[str]:
    lines = _lines(text)
    row = json.loads(lines[line - 1])
    change(row)
    lines[line - 1] = json.dumps(row)
    return lines


def _changed_actor(text: str) -> str:
    """A row changed by hand without fixing the hash."""
    lines = _with_row(text, 2, lambda r: r.update(actor="mallory"))
    return "\n".join(lines) + "\n"


def _gap(text: str) -> str:
    lines = _lines(text)
    del lines[9]  # event 9 is gone; the hash and counts are made to match
    return _rehash(lines)


def _bad_json(text: str) -> str:
    lines = _lines(text)
    lines[6] = lines[6][:-3]  # line 7 cut mid-object
    return "\n".join(lines) + "\n"


def _new_version(text: str) -> str:
    lines = _lines(text)
    header = json.loads(lines[0])
    header["format_version"] = 2
    return "\n".join([json.dumps(header), *lines[1:]]) + "\n"


def _cut_short(text: str) -> str:
    return "\n".join(_lines(text)[:-20]) + "\n"


def _foreign_batch(text: str) -> str:
    return _rehash(_with_row(text, 4, lambda r: r.update(batch=1)))


def _batch_time(text: str) -> str:
    """Event 4 (its own batch, 200 s later) claimed by event 2's batch."""
    return _rehash(_with_row(text, 5, lambda r: r.update(batch=2)))


def _bad_time(text: str) -> str:
    return _rehash(_with_row(text, 3, lambda r: r.update(recorded_at="yesterday")))


def _unknown_event(text: str) -> str:
    return _rehash(_with_row(text, 6, lambda r: r.update(type="no_such_event")))


def _bust_of_nobody(text: str) -> str:
    """A bust of an entry that does not exist: every line is well formed, the log does not
    replay."""
    lines = _lines(text)
    at = next(i for i, line in enumerate(lines) if '"players_busted"' in line)

    def nobody(row: dict[str, Any]) -> None:
        data = json.loads(row["data"])
        data["busted"][0]["entry_id"] = "E999"
        row["data"] = json.dumps(data)

    return _rehash(_with_row(text, at + 1, nobody))


def _toy_log(text: str) -> str:
    """A well-formed log that is not a tournament (no creation first)."""
    rows = [
        {
            "seq": 1,
            "batch": 1,
            "recorded_at": NOW.isoformat(),
            "actor": "x",
            "type": "toy_created",
            "version": 1,
            "data": json.dumps({"name": "t", "seats": 2}),
            "command": None,
        }
    ]
    return _rehash([_lines(text)[0], *(json.dumps(r) for r in rows)])


TAMPERED: dict[str, tuple[Callable[[str], str], str]] = {
    "hash": (_changed_actor, "Line 1 of the file: the rows do not match the header's sha256"),
    "gap": (_gap, "Line 10 of the file: event 10 where event 9 was expected"),
    "json": (_bad_json, "Line 7 of the file: it is not valid JSON"),
    "version": (_new_version, "export format version 2; this pokertd reads version 1"),
    "cut": (_cut_short, "Line 1 of the file: the header announces"),
    "batch": (_foreign_batch, "Line 4 of the file: event 3 belongs to batch 1"),
    "batch-time": (_batch_time, "Line 5 of the file: event 4 differs from its batch in time"),
    "time": (_bad_time, "Line 3 of the file: the row's recorded_at is not an ISO-8601 time"),
    "event": (_unknown_event, "Event 5 of tournament .* unknown event type 'no_such_event'"),
    "replay": (_bust_of_nobody, r"does not replay: event \d+ \(line \d+\) cannot be applied"),
    "toy": (_toy_log, "does not begin with the tournament's creation"),
}


@pytest.mark.parametrize("case", sorted(TAMPERED))
def test_a_tampered_file_is_refused_naming_the_line_and_writes_nothing(
    case: str, exported: str, tmp_path: Path
) -> None:
    tamper, message = TAMPERED[case]
    text = tamper(exported)
    assert text != exported
    target = f"sqlite:///{tmp_path / 'target.db'}"
    with TournamentService(open_store(target)) as service:
        with pytest.raises(InvalidCommand, match=message) as caught:
            service.import_tournament(text, as_id="victim")
        assert "Nothing was imported." in str(caught.value)
        assert "\n" not in str(caught.value)  # one line for the floor
        assert service.tournaments() == []
        assert service.last_seq("victim") == 0


def test_a_file_too_large_or_a_line_too_long_is_refused_before_parsing(
    exported: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(portable, "MAX_FILE_BYTES", len(exported.encode()) - 1)
    with pytest.raises(InvalidCommand, match="The file is too large"):
        read_export(exported)
    monkeypatch.setattr(portable, "MAX_FILE_BYTES", 10**9)
    longest = max(len(line.encode()) for line in exported.splitlines())
    monkeypatch.setattr(portable, "MAX_LINE_BYTES", longest - 1)
    with pytest.raises(InvalidCommand, match=r"Line \d+ of the file: the line is too long"):
        read_export(exported)


def test_not_an_export_and_an_empty_file_are_refused() -> None:
    with pytest.raises(InvalidCommand, match="not a pokertd tournament export"):
        read_export('{"hello": 1}\n')
    with pytest.raises(InvalidCommand, match="The file is empty"):
        read_export(b"\n")
    with pytest.raises(InvalidCommand, match="Line 1 of the file: it is not UTF-8 text"):
        read_export(b"\xff\xfe\n")


# --------------------------------------------------------------------------------------
# Backups


def _toy_store(path: Path) -> SqliteStore:
    store = SqliteStore(str(path))
    store.append("toy", 0, [ToyCreated(name="toy", seats=9)], actor="t", recorded_at=NOW)
    return store


def _wait_for(condition: Callable[[], bool]) -> None:
    """Wait (at most 10 s) until ``condition()`` holds: the writer made progress."""
    deadline = time.monotonic() + 10
    while not condition():
        assert time.monotonic() < deadline, "the writer made no progress"
        time.sleep(0.005)


def test_a_sqlite_backup_while_another_connection_writes_is_whole_and_checked(
    tmp_path: Path,
) -> None:
    """Backups taken while a second connection appends: each is a consistent copy (passes
    ``integrity_check``, its log a prefix of the source's, its index matching its rows)."""
    source = tmp_path / "live.db"
    _toy_store(source).close()
    stop = threading.Event()
    written = [1]

    def writer() -> None:
        with closing(SqliteStore(str(source))) as store:
            while not stop.is_set():
                seq = written[0]
                store.append(
                    "toy", seq, [ToyNoted(text="x" * 500, draw=seq)] * 5, actor="w", recorded_at=NOW
                )
                written[0] = seq + 5

    thread = threading.Thread(target=writer)
    thread.start()
    counts: list[int] = []
    try:
        with TournamentService(open_store(f"sqlite:///{source}")) as service:
            for i in range(5):
                _wait_for(lambda: written[0] > (counts[-1] if counts else 1))
                report = service.backup(str(tmp_path / f"copy{i}.db"))
                counts.append(report.events)
                assert (report.written, report.backend, report.tournaments) == (True, "sqlite", 1)
    finally:
        stop.set()
        thread.join()
    assert counts == sorted(counts)
    assert counts[-1] > counts[0] > 1  # the writer was writing meanwhile
    with closing(SqliteStore(str(source))) as live:
        full = live.rows("toy")
    for i, count in enumerate(counts):
        copy = tmp_path / f"copy{i}.db"
        assert not Path(f"{copy}-wal").exists()  # one self-contained file
        with sqlite3.connect(copy) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        with closing(SqliteStore(str(copy))) as store:
            rows = store.rows("toy")
            assert store.last_seq("toy") == len(rows) == count
        assert rows == full[:count]
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".pokertd-backup")] == []


def test_a_backup_refuses_an_existing_file_without_force(tmp_path: Path) -> None:
    source = tmp_path / "a.db"
    _toy_store(source).close()
    target = tmp_path / "b.db"
    target.write_bytes(b"keep me")
    with TournamentService(open_store(f"sqlite:///{source}")) as service:
        with pytest.raises(InvalidCommand, match="exists already: choose a new file, or add"):
            service.backup(str(target))
        assert target.read_bytes() == b"keep me"
        with pytest.raises(InvalidCommand, match="cannot be written over the database"):
            service.backup(str(source), force=True)
        report = service.backup(str(target), force=True)
    assert (report.tournaments, report.events) == (1, 1)
    assert target.read_bytes().startswith(b"SQLite format 3\x00")
    with (
        TournamentService(open_store("sqlite:///:memory:")) as memory,
        pytest.raises(InvalidCommand, match="in-memory store has no file"),
    ):
        memory.backup(str(tmp_path / "c.db"))


def test_a_postgresql_backup_is_the_pg_dump_command_never_run(tmp_path: Path) -> None:
    """No server needed: the command is text (the password kept out of it)."""
    dump, restore = portable.postgres_commands(
        "postgres://td:s3cret@db.example:5433/pokertd?sslmode=require", str(tmp_path / "n.dump")
    )
    url = "'postgresql://td@db.example:5433/pokertd?sslmode=require'"
    assert dump == f"pg_dump --format=custom --file={tmp_path / 'n.dump'} {url}"
    assert restore == (
        f"pg_restore --clean --if-exists --no-owner --dbname={url} {tmp_path / 'n.dump'}"
    )
    assert "s3cret" not in dump + restore


@pytest.mark.postgres
def test_backup_of_a_postgresql_store_prints_the_command(pg_database: str, tmp_path: Path) -> None:
    target = tmp_path / "pg.dump"
    with TournamentService(open_store(pg_database)) as service:
        report = service.backup(str(target))
    assert not report.written
    assert report.backend == "postgresql"
    assert report.command.startswith("pg_dump --format=custom --file=")
    assert pg_database.rsplit("/", 1)[-1] in report.command
    assert report.restore.startswith("pg_restore --clean --if-exists --no-owner --dbname=")
    assert not target.exists()
