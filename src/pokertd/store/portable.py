"""Portable files: one tournament's whole log as JSON lines, and SQLite online backups.

**The export format** (``format_version`` 1, see ``docs/backup.md``). UTF-8 JSON lines:
line 1 is a header object, then one line per stored row, in ``seq`` order::

    {"format":"pokertd-tournament","format_version":1,"pokertd":"0.1.0","tournament":"k3x9",
     "name":"Friday","events":2,"last_seq":2,"exported_at":"2026-…","sha256":"…"}
    {"seq":1,"batch":1,"recorded_at":"…","actor":"floor","type":"tournament_created",
     "version":1,"data":"{…}","command":"CreateTournament"}
    …

A row keeps the :class:`~pokertd.store.base.StoredRow` fields exactly as stored: ``data`` is
the event's JSON *text* (not re-encoded, so a file says byte for byte what the database
held), ``command`` may be ``null`` in logs written before stores kept it. ``sha256`` is the
hash of the row lines, each followed by ``\\n``, so a changed, dropped or added row is
caught; the header is checked field by field.

:func:`read_export` checks everything before anyone writes a byte: the size of the file
and of each line, the format and its version, every row's fields and types, ``seq``
running 1..n without a gap, batches that start at their own ``seq`` and share their time,
actor and command, the counts and the hash. A refusal is one sentence naming the line.
Whether the log *replays* is the service's check (it folds it before importing).

**Backups** (:func:`backup_sqlite`): SQLite's online backup API copies a consistent
snapshot of the whole file while ``pokertd serve`` keeps writing (WAL: the reader does not
block the writer), into a temporary file beside the target that is checked (``PRAGMA
integrity_check``, the pokertd header, the tournaments counted) before it takes the
target's name.
"""

from __future__ import annotations

import hashlib
import json
import operator
import os
import re
import shlex
import sqlite3
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import accumulate, repeat
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pokertd
from pokertd.errors import InvalidCommand, StoreError
from pokertd.i18n import N_, Chips
from pokertd.store.base import StoredRow

FORMAT = "pokertd-tournament"
"""The ``format`` field of every export's header."""
FORMAT_VERSION = 1
"""The export format this code writes and reads."""
MAX_FILE_BYTES = 512 * 1024 * 1024
"""The largest export file read (512 MiB: a 10,000-entry night's log is a few tens of MB)."""
MAX_LINE_BYTES = 4 * 1024 * 1024
"""The longest line read (4 MiB: the largest event, a tournament's creation with its whole
rule profile and structure, is a few tens of kB)."""

_ROW_KEYS = ("seq", "batch", "recorded_at", "actor", "type", "version", "data", "command")
_HEADER_KEYS = (
    "format",
    "format_version",
    "pokertd",
    "tournament",
    "name",
    "events",
    "last_seq",
    "exported_at",
    "sha256",
)


@dataclass(frozen=True, slots=True)
class TournamentExport:
    """A checked export file: its header's facts and the rows it carries."""

    tournament: str
    """The tournament's id in the database it came from."""
    name: str
    """Its name (the first event's ``name``)."""
    pokertd: str
    """The pokertd version that wrote the file."""
    exported_at: str
    """When it was written (ISO-8601 UTC)."""
    sha256: str
    """The hash of its row lines (hex)."""
    rows: tuple[StoredRow, ...]
    """Every row, ``seq`` 1..n, with ``tournament_id`` as in the file's header."""


def row_line(row: StoredRow) -> str:
    """One row as its export line (compact JSON, no newline)."""
    return json.dumps(
        {
            "seq": row.seq,
            "batch": row.batch,
            "recorded_at": row.recorded_at,
            "actor": row.actor,
            "type": row.type,
            "version": row.version,
            "data": row.data,
            "command": row.command,
        },
        separators=(",", ":"),
        ensure_ascii=False,
    )


def rows_hash(lines: Iterable[str]) -> str:
    """The ``sha256`` of row lines: each line's UTF-8 bytes followed by a newline."""
    digest = hashlib.sha256()
    for line in lines:
        digest.update(line.encode("utf-8"))
        digest.update(b"\n")
    return digest.hexdigest()


def dump_export(
    rows: Sequence[StoredRow],
    *,
    name: str,
    exported_at: datetime,
    version: str | None = None,
) -> str:
    """The export file of one tournament's ``rows`` (all of them, in ``seq`` order).

    ``version`` is the writing pokertd's (this one's by default); ``exported_at`` a
    timezone-aware time. Raises
    ``InvalidCommand`` for no rows or rows of several tournaments (a caller's mistake).
    """
    if not rows:
        raise InvalidCommand(
            template=N_("There is nothing to export: the tournament has no events.")
        )
    ids = {r.tournament_id for r in rows}
    if len(ids) != 1:
        # English on purpose: the store reads one tournament's rows; a programmer's error
        raise InvalidCommand("An export holds one tournament, not several.")
    if exported_at.tzinfo is None:
        # English on purpose: a caller's naive datetime; a programmer's error
        raise InvalidCommand("exported_at must be a timezone-aware time.")
    lines = [row_line(r) for r in rows]
    header = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "pokertd": pokertd.__version__ if version is None else version,
        "tournament": rows[0].tournament_id,
        "name": name,
        "events": len(rows),
        "last_seq": rows[-1].seq,
        "exported_at": exported_at.isoformat(),
        "sha256": rows_hash(lines),
    }
    return "\n".join([json.dumps(header, ensure_ascii=False), *lines]) + "\n"


def _refuse(line: int, template: str, **params: object) -> InvalidCommand:
    """The one-sentence refusal for a problem at ``line`` of the file (1 is the header):
    ``template`` is the whole sentence (``Line %(line)s of the file: …``)."""
    return InvalidCommand(template=template, params={"line": line} | params, context={"line": line})


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


MAX_JSON_DEPTH = 64
"""The deepest nesting of arrays and objects a line (or the event data it carries) may have:
an event nests a few levels (a template's levels, a deal's amounts); a file nested thousands
deep is damaged or hostile, and would exhaust Python's recursion in the parser."""


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
"""A JSON string literal (its escapes included)."""
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = bytes.maketrans(b"[{]}", b"\x02\x02\x00\x00")
"""An opening bracket as 2, a closing one as 0: minus 1, the step of the depth."""


def _too_deep(text: str) -> bool:
    """Whether the JSON ``text`` nests arrays and objects deeper than :data:`MAX_JSON_DEPTH`
    (brackets inside strings are skipped, so a name like ``"[[["`` does not count).

    >>> _too_deep("[" * 65 + "]" * 65), _too_deep("[" * 64 + "]" * 64)
    (True, False)
    >>> _too_deep('"' + "[" * 99 + '"')
    False
    >>> _too_deep('{"a": "]]", "b": ' + "[" * 70 + "]" * 70 + "}")
    True
    """
    if text.count("[") + text.count("{") <= MAX_JSON_DEPTH:
        return False
    brackets = _NOT_BRACKET.sub("", _STRING.sub('""', text)).encode()  # strings: no structure
    steps = map(operator.sub, brackets.translate(_STEP), repeat(1))  # +1 open, -1 close
    return max(accumulate(steps), default=0) > MAX_JSON_DEPTH


def _check_depth(text: str, line: int, what: str) -> None:
    """Refuse ``text`` (``what`` of line ``line``) nested deeper than :data:`MAX_JSON_DEPTH`,
    before it is parsed (the parser would end in a RecursionError)."""
    if _too_deep(text):
        template = N_(
            "Line %(line)s of the file: it is nested too deeply (more than %(most)s levels). "
            "Nothing was imported."
        )
        if what != "it":
            template = N_(
                "Line %(line)s of the file: the row's data is nested too deeply (more than "
                "%(most)s levels). Nothing was imported."
            )
        raise _refuse(line, template, most=MAX_JSON_DEPTH)


def _object(text: str, line: int) -> dict[str, Any]:
    """Line ``line`` parsed as a JSON object (refused otherwise)."""
    _check_depth(text, line, "it")
    try:
        value = json.loads(text)
    except ValueError as exc:
        raise _refuse(
            line,
            N_(
                "Line %(line)s of the file: it is not valid JSON (%(problem)s). Nothing was "
                "imported."
            ),
            problem=str(exc),
        ) from None
    if not isinstance(value, dict):
        raise _refuse(
            line, N_("Line %(line)s of the file: it is not a JSON object. Nothing was imported.")
        )
    return value


def _check_header(header: dict[str, Any]) -> None:
    """Refuse a header that is not a format-1 pokertd tournament export."""
    if header.get("format") != FORMAT:
        raise _refuse(
            1,
            N_(
                "Line %(line)s of the file: this is not a pokertd tournament export (no "
                "pokertd-tournament header). Nothing was imported."
            ),
        )
    found = header.get("format_version")
    if found != FORMAT_VERSION or not _is_int(found):
        raise _refuse(
            1,
            N_(
                "Line %(line)s of the file: the file is in export format version %(found)s; "
                "this pokertd reads version %(version)s. Use the pokertd that wrote it, or a "
                "newer one. Nothing was imported."
            ),
            found=repr(found),
            version=FORMAT_VERSION,
        )
    missing = [k for k in _HEADER_KEYS if k not in header]
    if missing:
        raise _refuse(
            1,
            N_("Line %(line)s of the file: the header lacks %(keys)s. Nothing was imported."),
            keys=", ".join(missing),
        )
    for key in ("pokertd", "tournament", "name", "exported_at", "sha256"):
        if not isinstance(header[key], str):
            raise _refuse(
                1,
                N_(
                    "Line %(line)s of the file: the header's %(key)s is not text. Nothing "
                    "was imported."
                ),
                key=key,
            )
    for key in ("events", "last_seq"):
        if not _is_int(header[key]) or header[key] < 1:
            raise _refuse(
                1,
                N_(
                    "Line %(line)s of the file: the header's %(key)s is not a count of 1 or "
                    "more. Nothing was imported."
                ),
                key=key,
            )
    tid = header["tournament"]
    if not 0 < len(tid) <= 64:
        raise _refuse(
            1,
            N_(
                "Line %(line)s of the file: the header's tournament id is empty or too long. "
                "Nothing was imported."
            ),
        )


def _row(value: dict[str, Any], line: int, tournament: str) -> StoredRow:
    """Line ``line``'s row, its fields and their types checked."""
    keys = set(value)
    if keys != set(_ROW_KEYS):
        extra = sorted(keys - set(_ROW_KEYS))
        lacking = sorted(set(_ROW_KEYS) - keys)
        if lacking:
            raise _refuse(
                line,
                N_("Line %(line)s of the file: the row lacks %(keys)s. Nothing was imported."),
                keys=", ".join(lacking),
            )
        raise _refuse(
            line,
            N_("Line %(line)s of the file: the row has unknown %(keys)s. Nothing was imported."),
            keys=", ".join(extra),
        )
    for key in ("seq", "batch", "version"):
        if not _is_int(value[key]) or value[key] < 1:
            raise _refuse(
                line,
                N_(
                    "Line %(line)s of the file: the row's %(key)s is not a whole number of 1 "
                    "or more. Nothing was imported."
                ),
                key=key,
            )
    for key in ("recorded_at", "actor", "type", "data"):
        if not isinstance(value[key], str):
            raise _refuse(
                line,
                N_(
                    "Line %(line)s of the file: the row's %(key)s is not text. Nothing was "
                    "imported."
                ),
                key=key,
            )
    if value["command"] is not None and not isinstance(value["command"], str):
        raise _refuse(
            line,
            N_(
                "Line %(line)s of the file: the row's command is neither text nor null. Nothing "
                "was imported."
            ),
        )
    try:
        at = datetime.fromisoformat(value["recorded_at"])
    except ValueError:
        raise _refuse(
            line,
            N_(
                "Line %(line)s of the file: the row's recorded_at is not an ISO-8601 time. "
                "Nothing was imported."
            ),
        ) from None
    if at.tzinfo is None:
        raise _refuse(
            line,
            N_(
                "Line %(line)s of the file: the row's recorded_at has no time zone. Nothing was "
                "imported."
            ),
        )
    _check_depth(value["data"], line, "the row's data")
    try:
        data = json.loads(value["data"])
    except ValueError:
        raise _refuse(
            line,
            N_("Line %(line)s of the file: the row's data is not JSON text. Nothing was imported."),
        ) from None
    if not isinstance(data, dict):
        raise _refuse(
            line,
            N_(
                "Line %(line)s of the file: the row's data is not a JSON object. Nothing was "
                "imported."
            ),
        )
    return StoredRow(
        tournament_id=tournament,
        seq=value["seq"],
        batch=value["batch"],
        recorded_at=value["recorded_at"],
        actor=value["actor"],
        type=value["type"],
        version=value["version"],
        data=value["data"],
        command=value["command"],
    )


def _check_order(row: StoredRow, previous: StoredRow | None, line: int) -> None:
    """``seq`` follows without a gap; a batch starts at its own seq, its rows share their
    time, actor and command (as every store writes them)."""
    expected = 1 if previous is None else previous.seq + 1
    if row.seq != expected:
        raise _refuse(
            line,
            N_(
                "Line %(line)s of the file: event %(seq)s where event %(expected)s was "
                "expected (a gap). Nothing was imported."
            ),
            seq=row.seq,
            expected=expected,
        )
    if row.batch == row.seq:
        return
    if previous is None or row.batch != previous.batch:
        raise _refuse(
            line,
            N_(
                "Line %(line)s of the file: event %(seq)s belongs to batch %(batch)s, which "
                "does not end here. Nothing was imported."
            ),
            seq=row.seq,
            batch=row.batch,
        )
    if (row.recorded_at, row.actor, row.command) != (
        previous.recorded_at,
        previous.actor,
        previous.command,
    ):
        raise _refuse(
            line,
            N_(
                "Line %(line)s of the file: event %(seq)s differs from its batch in time, "
                "actor or command. Nothing was imported."
            ),
            seq=row.seq,
        )


def read_export(content: bytes | str) -> TournamentExport:
    """The checked export in ``content`` (the whole file); ``InvalidCommand`` naming the
    line otherwise. Nothing is written anywhere: this only reads."""
    raw = content.encode("utf-8") if isinstance(content, str) else content
    if len(raw) > MAX_FILE_BYTES:
        raise InvalidCommand(
            template=N_(
                "The file is too large (%(size)s bytes; at most %(most)s). Nothing was imported."
            ),
            params={"size": Chips(len(raw)), "most": Chips(MAX_FILE_BYTES)},
        )
    if not raw.strip():
        raise InvalidCommand(template=N_("The file is empty. Nothing was imported."))
    parts = raw.split(b"\n")
    if parts[-1] == b"":
        parts.pop()
    texts: list[str] = []
    for number, part in enumerate(parts, start=1):
        if len(part) > MAX_LINE_BYTES:
            raise _refuse(
                number,
                N_(
                    "Line %(line)s of the file: the line is too long (at most %(most)s bytes). "
                    "Nothing was imported."
                ),
                most=Chips(MAX_LINE_BYTES),
            )
        try:
            texts.append(part.decode("utf-8").removesuffix("\r"))
        except UnicodeDecodeError:
            raise _refuse(
                number, N_("Line %(line)s of the file: it is not UTF-8 text. Nothing was imported.")
            ) from None
    header = _object(texts[0], 1)
    _check_header(header)
    tid: str = header["tournament"]
    rows: list[StoredRow] = []
    previous: StoredRow | None = None
    for number, text in enumerate(texts[1:], start=2):
        row = _row(_object(text, number), number, tid)
        _check_order(row, previous, number)
        rows.append(row)
        previous = row
    if len(rows) != header["events"] or (rows and rows[-1].seq != header["last_seq"]):
        raise _refuse(
            1,
            N_(
                "Line %(line)s of the file: the header announces %(events)s events but the "
                "file holds %(rows)s (the file was cut short or added to). Nothing was "
                "imported."
            ),
            events=header["events"],
            rows=len(rows),
        )
    if rows_hash(texts[1:]) != header["sha256"]:
        raise _refuse(
            1,
            N_(
                "Line %(line)s of the file: the rows do not match the header's sha256 (the "
                "file was changed or damaged). Nothing was imported."
            ),
        )
    return TournamentExport(
        tournament=tid,
        name=header["name"],
        pokertd=header["pokertd"],
        exported_at=header["exported_at"],
        sha256=header["sha256"],
        rows=tuple(rows),
    )


# --------------------------------------------------------------------------------------
# SQLite online backup


@dataclass(frozen=True, slots=True)
class BackupCheck:
    """What a finished backup file holds (read back from the file itself)."""

    tournaments: int
    events: int
    bytes: int


_PKTD = 0x504B5444
"""``PRAGMA application_id`` of pokertd SQLite files (``pokertd.store.sqlite``)."""


def check_backup(path: str) -> BackupCheck:
    """Open the SQLite file at ``path`` read-only and check it: ``PRAGMA integrity_check``,
    the pokertd header, and count its tournaments and events. ``StoreError`` if damaged."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise StoreError(
            template=N_("The backup %(path)s cannot be opened: %(problem)s."),
            params={"path": path, "problem": str(exc)},
        ) from exc
    try:
        verdict = [r[0] for r in conn.execute("PRAGMA integrity_check").fetchall()]
        if verdict != ["ok"]:
            raise StoreError(
                template=N_("The backup %(path)s is damaged: %(problem)s."),
                params={"path": path, "problem": "; ".join(verdict[:3])},
            )
        if conn.execute("PRAGMA application_id").fetchone()[0] != _PKTD:
            raise StoreError(
                template=N_("The backup %(path)s is not a pokertd database."),
                params={"path": path},
            )
        tournaments, events = conn.execute(
            "SELECT count(*), coalesce(sum(last_seq), 0) FROM tournaments"
        ).fetchone()
    except sqlite3.Error as exc:
        raise StoreError(
            template=N_("The backup %(path)s cannot be read: %(problem)s."),
            params={"path": path, "problem": str(exc)},
        ) from exc
    finally:
        conn.close()
    return BackupCheck(int(tournaments), int(events), os.path.getsize(path))


def check_target(target: str, *, force: bool = False) -> None:
    """Refuse a backup or export file name that cannot or must not be written: an
    existing file (unless ``force``), a folder, a folder that does not exist."""
    if not target.strip():
        raise InvalidCommand(template=N_("Name the file to write."))
    if os.path.isdir(target):
        raise InvalidCommand(
            template=N_("%(path)s is a folder: name the file to write."), params={"path": target}
        )
    if os.path.exists(target) and not force:
        raise InvalidCommand(
            template=N_("%(path)s exists already: choose a new file, or add --force."),
            params={"path": target},
        )
    folder = os.path.dirname(os.path.abspath(target))
    if not os.path.isdir(folder):
        raise InvalidCommand(
            template=N_("The folder %(path)s does not exist."), params={"path": folder}
        )


def postgres_commands(url: str, target: str) -> tuple[str, str]:
    """``(dump, restore)``: the shell commands that back up the PostgreSQL database at
    ``url`` to ``target`` (``pg_dump``'s custom format, the whole database) and restore it
    (``pg_restore --clean --if-exists``: into the same database, replacing what it
    holds, or into a new empty one).

    The password is left out of the printed URL (it would end up in shell history and
    logs): ``pg_dump`` asks for it, or reads ``PGPASSWORD`` or ``~/.pgpass``.
    """
    parts = urlsplit(url)
    netloc = parts.netloc
    if "@" in netloc:
        user, host = netloc.rsplit("@", 1)
        netloc = f"{user.split(':', 1)[0]}@{host}"
    scheme = "postgresql" if parts.scheme in ("postgresql", "postgres") else parts.scheme
    safe = urlunsplit((scheme, netloc, parts.path, parts.query, ""))
    dump = f"pg_dump --format=custom --file={shlex.quote(target)} {shlex.quote(safe)}"
    restore = (
        "pg_restore --clean --if-exists --no-owner "
        f"--dbname={shlex.quote(safe)} {shlex.quote(target)}"
    )
    return dump, restore


def backup_sqlite(source: str, target: str, *, force: bool = False) -> BackupCheck:
    """Copy the pokertd SQLite file ``source`` to ``target`` while others may write to it.

    SQLite's online backup copies one consistent snapshot (the whole copy in one step, so
    a writer's commit never restarts it; in WAL mode the writer is not blocked). The copy
    goes to a temporary file beside ``target``, is checked by :func:`check_backup`, and then
    takes ``target``'s name, so a failed backup never leaves a half-written file there.
    Refuses an existing ``target`` unless ``force`` (``InvalidCommand``).
    """
    if os.path.abspath(source) == os.path.abspath(target):
        raise InvalidCommand(
            template=N_("The backup cannot be written over the database it copies.")
        )
    check_target(target, force=force)
    if not os.path.exists(source):
        raise StoreError(
            template=N_("There is no database file %(path)s to back up."), params={"path": source}
        )
    folder = os.path.dirname(os.path.abspath(target))
    handle, temp = tempfile.mkstemp(prefix=".pokertd-backup-", suffix=".db", dir=folder)
    os.close(handle)
    try:
        try:
            src = sqlite3.connect(source, timeout=10)
            try:
                dst = sqlite3.connect(temp)
                try:
                    src.backup(dst)
                    dst.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
                finally:
                    dst.close()
            finally:
                src.close()
        except sqlite3.Error as exc:
            raise StoreError(
                template=N_("The backup of %(path)s failed: %(problem)s."),
                params={"path": source, "problem": str(exc)},
            ) from exc
        checked = check_backup(temp)
        os.replace(temp, target)
    except BaseException:
        for leftover in (temp, temp + "-wal", temp + "-shm", temp + "-journal"):
            if os.path.exists(leftover):
                os.remove(leftover)
        raise
    return BackupCheck(checked.tournaments, checked.events, os.path.getsize(target))


__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "MAX_FILE_BYTES",
    "MAX_LINE_BYTES",
    "BackupCheck",
    "TournamentExport",
    "backup_sqlite",
    "check_backup",
    "check_target",
    "dump_export",
    "postgres_commands",
    "read_export",
    "row_line",
    "rows_hash",
]
