"""Players brought in, not typed in: a CSV file of players into the player database (issue 26).

Clubs keep their members in other tools (a league site, a spreadsheet, a rewards system)
that export CSV. An import reads such a file in three steps, the same for the CLI
(``pokertd player import``) and the browser (``/players``):

1. **Mapping**: each column of the file goes to one of our fields (:data:`FIELDS`), guessed
   from the header (:data:`ALIASES`: "Player", "First Name", "Member #", "E-mail",
   "Member Since" …) and changed by the director (``--map "Member #=card"``).
2. **Preview**: every row is sorted before anything is written: ``new`` (added),
   ``exact`` (already in the database: the same card, or the name spelled the same;
   nothing is changed), ``duplicate`` (likely someone already there:
   :func:`pokertd.store.players.likely_same`, a name spelled otherwise, names swapped,
   an initial, one letter apart, the same name with another card: skipped unless the
   director adds them anyway), and ``bad`` (an empty or too long name, a card held by
   someone else, a malformed address, a date that is not one, a name or card repeated in
   the file: reported with the file's line and skipped; the other rows still import).
3. **Import**: the new rows (and the likely duplicates when asked) are added in one
   transaction, recorded as one import (an id, who, when, the players, the addresses):
   :meth:`PlayerImports.undo` removes exactly those players again, or says which and why
   when anything refers to them since.

Limits (a file, not a row, is refused for these): at most :data:`FILE_MAX_BYTES` (5 MiB)
and :data:`ROWS_MAX` (20,000) rows, :data:`COLUMNS_MAX` columns; a file that is not
UTF-8 is read as Windows-1252 (what Excel writes on Windows). Every field has the desk's
length limit (a name 60 characters, a card 32, an address 254).

League history (a season's past results) has its own import, once the players are in:
:mod:`pokertd.app.league_history`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from datetime import date
from typing import Any

from pokertd.app.players import EMAIL_MAX, PlayerService, check_field, checked_email
from pokertd.errors import InvalidCommand, PokertdError
from pokertd.i18n import N_, Phrase, Sentence
from pokertd.sheets import CsvFormatError, csv_records
from pokertd.store.players import (
    PLAYER_ID_ALPHABET,
    ImportedPlayer,
    ImportRecord,
    NewPlayer,
    PlayerRecord,
    card_key,
    likely_keys,
    likely_same,
    name_key,
    new_player_id,
)
from pokertd.tournament.limits import CARD_MAX, NAME_MAX, SHORT_MAX, normalize_text

FILE_MAX_BYTES = 5 * 1024 * 1024
"""The largest file an import reads (5 MiB: 20,000 players with addresses fit in 2)."""
ROWS_MAX = 20_000
"""The most players (rows under the header) one file may hold."""
COLUMNS_MAX = 50
"""The most columns a file may have."""
CELL_MAX = 1000
"""The longest cell read at all (a longer one is a broken file, not a name)."""
SOURCE_MAX = 120
"""The longest file name recorded with an import."""

FIELDS = ("name", "first_name", "last_name", "nickname", "card", "email", "joined", "ignore")
"""What a column can be: the player's whole name, or first and last name (joined with a
space); a nickname (kept with the import; the player's name when the row has no name);
the member, rewards or player-card number; the mail address (private); the joined date;
``ignore`` (not read)."""

ALIASES: Mapping[str, str] = {
    alias: fld
    for fld, aliases in {
        "name": (
            "name", "player", "player name", "full name", "display name", "member name",
            "playername", "fullname", "competitor", "entrant",
        ),
        "first_name": ("first name", "first", "firstname", "given name", "forename", "fname"),
        "last_name": (
            "last name", "last", "lastname", "surname", "family name", "lname",
        ),
        "nickname": ("nickname", "nick", "nick name", "alias", "screen name", "handle",
                     "username", "user name"),
        "card": (
            "card", "member", "rewards", "loyalty", "membership", "card number", "card no",
            "card id", "member id", "member number",
            "member no", "membership number", "membership no", "membership id",
            "rewards number", "rewards card", "rewards id", "players card", "player card",
            "player card number", "player id", "club number", "loyalty number", "id number",
            "account number", "card num", "member num",
        ),
        "email": ("email", "e mail", "email address", "e mail address", "mail", "mail address"),
        "joined": (
            "joined", "join date", "date joined", "joined on", "member since", "signup date",
            "sign up date", "registration date", "registered", "created", "created at",
            "start date", "since",
        ),
    }.items()
    for alias in aliases
}  # fmt: skip
"""Column headers each field is guessed from, as compared: case, accents, ``#`` ``_`` ``-``
``.`` and spaces folded (``"Member #"`` -> ``"member"``, ``"E-Mail"`` -> ``"e mail"``)."""

STATUSES = ("new", "exact", "duplicate", "bad")


def header_key(header: str) -> str:
    """A header as :data:`ALIASES` compares it."""
    plain = name_key(header)
    return " ".join(re.sub(r"[^0-9a-z]+", " ", plain).split())


@dataclass(frozen=True, slots=True)
class Match:
    """The player of the database a row matches or likely duplicates, and why."""

    id: str
    name: str
    card: str
    reason: str


@dataclass(frozen=True, slots=True)
class ImportRow:
    """One row of the file as the preview sorts it."""

    line: int
    """The file's line the row starts on (the header is line 1)."""
    status: str
    """``new``, ``exact``, ``duplicate`` or ``bad`` (:data:`STATUSES`)."""
    name: str
    card: str = ""
    email: str = ""
    joined: str = ""
    nickname: str = ""
    problem: str = ""
    """Why a ``bad`` row is skipped (one sentence, English)."""
    match: Match | None = None
    problem_said: Sentence | None = None
    """``problem`` as a sentence each face says in its reader's language (``None``: the
    English ``problem`` is all there is)."""


@dataclass(frozen=True, slots=True)
class ImportPreview:
    """What an import would do, nothing written: the columns, their mapping, every row."""

    source: str
    columns: tuple[str, ...]
    mapping: Mapping[str, str]
    """Column -> field (only mapped columns; the rest are ignored)."""
    encoding: str
    """``utf-8`` or ``cp1252``: how the file was read."""
    rows: tuple[ImportRow, ...]
    add_duplicates: bool = False
    counts: Mapping[str, int] = field(default_factory=dict)

    def to_add(self) -> list[ImportRow]:
        """The rows the import adds: new ones, and likely duplicates when asked."""
        wanted = ("new", "duplicate") if self.add_duplicates else ("new",)
        return [r for r in self.rows if r.status in wanted]


@dataclass(frozen=True, slots=True)
class ImportDone:
    """An import written: its record and the preview it followed."""

    record: ImportRecord
    preview: ImportPreview


def decode(data: bytes) -> tuple[str, str]:
    """The file's text and its encoding: UTF-8 (a byte-order mark dropped), else
    Windows-1252; a binary file is refused in a sentence."""
    if b"\x00" in data[:4096]:
        raise InvalidCommand(
            template=N_(
                "This file is not a CSV text file (it holds binary data, or is UTF-16): save "
                "it as CSV UTF-8 and try again."
            )
        )
    try:
        return data.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252"), "cp1252"
    except UnicodeDecodeError:
        raise InvalidCommand(
            template=N_("This file is neither UTF-8 nor Windows-1252 text: save it as CSV UTF-8.")
        ) from None


def read_table(data: bytes) -> tuple[list[str], list[tuple[int, list[str]]], str]:
    """The header, the rows with their first line, and the encoding; refused in a sentence
    for a file over the limits or one that is not CSV."""
    if len(data) > FILE_MAX_BYTES:
        raise InvalidCommand(
            template=N_(
                "The file has %(size)s MB: an import reads at most "
                "%(limit)s MB (%(max_rows)s players). Split it in parts."
            ),
            params={
                "size": f"{len(data) / 1024 / 1024:.1f}",
                "limit": FILE_MAX_BYTES // 1024 // 1024,
                "max_rows": f"{ROWS_MAX:,}",
            },
        )
    text, encoding = decode(data)
    header: list[str] | None = None
    rows: list[tuple[int, list[str]]] = []
    try:
        for start, record in csv_records(text):
            if not any(cell.strip() for cell in record):
                continue  # blank lines
            if any(len(cell) > CELL_MAX for cell in record):
                raise InvalidCommand(
                    template=N_(
                        "Line %(start)s has a cell of over %(most)s characters: this is not a list "
                        "of players (is it the right file?)."
                    ),
                    params={"start": start, "most": CELL_MAX},
                )
            if header is None:
                if len(record) > COLUMNS_MAX:
                    raise InvalidCommand(
                        template=N_(
                            "The file has %(columns)s columns: an import reads at most "
                            "%(max_columns)s. Delete the columns you do not need."
                        ),
                        params={"columns": len(record), "max_columns": COLUMNS_MAX},
                    )
                header = record
                continue
            if len(rows) >= ROWS_MAX:
                raise InvalidCommand(
                    template=N_(
                        "The file has more than %(max_rows)s players: an import reads at most "
                        "%(max_rows)s. Split it in parts."
                    ),
                    params={"max_rows": f"{ROWS_MAX:,}"},
                )
            rows.append((start, record))
    except CsvFormatError as exc:
        raise InvalidCommand(
            template=N_("Line %(line)s is not CSV (%(reason)s): check the file."),
            params={"line": exc.line, "reason": exc.reason},
        ) from None
    if header is None:
        raise InvalidCommand(
            template=N_("The file is empty: it needs a header line and a player a line.")
        )
    return _headers(header), rows, encoding


def _headers(raw: Sequence[str]) -> list[str]:
    """Column names as shown: trimmed; empty ones ``column 3``; repeated ones numbered."""
    out: list[str] = []
    for i, cell in enumerate(raw, start=1):
        name = normalize_text(cell)[:NAME_MAX] or f"column {i}"
        base, n = name, 2
        while name in out:
            name, n = f"{base} ({n})", n + 1
        out.append(name)
    return out


def guess_mapping(columns: Sequence[str]) -> dict[str, str]:
    """Column -> field from the headers (:data:`ALIASES`); the first column of a field wins."""
    out: dict[str, str] = {}
    taken: set[str] = set()
    for col in columns:
        fld = ALIASES.get(header_key(col))
        if fld is not None and fld not in taken:
            out[col] = fld
            taken.add(fld)
    if "name" in taken:  # a whole name beats its parts (a file with both)
        out = {c: f for c, f in out.items() if f not in ("first_name", "last_name")}
    return out


def parse_map(items: Sequence[str]) -> dict[str, str]:
    """``["Member #=card", …]`` (the CLI's ``--map``) as a mapping; ``=`` splits at the
    last one (a header may hold ``=``)."""
    out: dict[str, str] = {}
    for item in items:
        col, sep, fld = item.rpartition("=")
        if not sep or not col.strip():
            raise InvalidCommand(
                template=N_("Map a column as column=field (e.g. 'Member #=card'), not %(item)s."),
                params={"item": repr(item[:60])},
            )
        out[col.strip()] = fld.strip()
    return out


def check_mapping(columns: Sequence[str], mapping: Mapping[str, str]) -> dict[str, str]:
    """``mapping`` checked against the file's columns and :data:`FIELDS` (``ignore`` ones
    dropped); refused in a sentence for an unknown column or field, a field twice, or no
    column that names the players."""
    out: dict[str, str] = {}
    seen: dict[str, str] = {}
    for col, fld in mapping.items():
        if col not in columns:
            raise InvalidCommand(
                template=N_("The file has no column %(column)s; its columns are %(columns)s."),
                params={"column": repr(col[:60]), "columns": ", ".join(columns[:20])},
            )
        what = fld.strip().casefold()
        if what not in FIELDS:
            raise InvalidCommand(
                template=N_("%(field)s is not a field: map columns to %(fields)s."),
                params={"field": repr(fld[:40]), "fields": ", ".join(FIELDS)},
            )
        if what == "ignore":
            continue
        if what in seen:
            raise InvalidCommand(
                template=N_("Columns %(other)s and %(col)s are both mapped to %(what)s: map one."),
                params={"other": repr(seen[what]), "col": repr(col), "what": what},
            )
        seen[what] = col
        out[col] = what
    if not {"name", "first_name", "last_name", "nickname"} & set(out.values()):
        raise InvalidCommand(
            template=N_(
                "No column holds the players' names: map one to name (or first_name and "
                "last_name), e.g. --map 'Player=name'."
            )
        )
    return out


def _joined(text: str) -> str:
    """A joined date as ``YYYY-MM-DD`` (from ``2024-03-01``, ``2024/03/01``, ``1.3.2024``,
    ``3/1/2024`` month first as the US tools write it, or with a time after it); ``""``
    for none; ``ValueError`` otherwise."""
    if not text:
        return ""
    head = text.split()[0].split("T")[0]
    if m := re.fullmatch(r"(\d{4})[-/](\d{1,2})[-/](\d{1,2})", head):
        y, mo, d = int(m[1]), int(m[2]), int(m[3])
    elif m := re.fullmatch(r"(\d{1,2})\.(\d{1,2})\.(\d{4})", head):
        d, mo, y = int(m[1]), int(m[2]), int(m[3])
    elif m := re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{4})", head):
        mo, d, y = int(m[1]), int(m[2]), int(m[3])
    else:
        raise ValueError(text)
    if not 1900 <= y <= 2100:
        raise ValueError(text)
    return date(y, mo, d).isoformat()


def _clean(value: str, what: str, most: int) -> str:
    return check_field(normalize_text(" ".join(value.split())), what, most, empty_ok=True)


class _Index:
    """The database as an import compares with it: cards, name keys, likely-keys."""

    def __init__(self, players: Sequence[PlayerRecord]) -> None:
        self.by_id = {p.id: p for p in players}
        self.cards: dict[str, PlayerRecord] = {}
        self.names: dict[str, list[PlayerRecord]] = {}
        self.likely: dict[str, list[tuple[PlayerRecord, str]]] = {}
        for p in players:
            if card_key(p.card):
                self.cards.setdefault(card_key(p.card), p)
            if p.merged_into is not None:
                continue  # a merged duplicate is matched through the one it stands for
            key = name_key(p.name)
            self.names.setdefault(key, []).append(p)
            for k in likely_keys(key):
                self.likely.setdefault(k, []).append((p, key))

    def survivor(self, p: PlayerRecord) -> PlayerRecord:
        for _ in range(1000):
            if p.merged_into is None or p.merged_into not in self.by_id:
                return p
            p = self.by_id[p.merged_into]
        return p  # pragma: no cover - merges never loop

    def nearest(self, key: str) -> Match | None:
        found: dict[str, tuple[PlayerRecord, str]] = {}
        for k in likely_keys(key):  # the nearest is chosen below: the order does not matter
            for p, other in self.likely.get(k, ()):
                if p.id not in found and (why := likely_same(key, other)):
                    found[p.id] = (p, why)
        if not found:
            return None
        p, why = min(found.values(), key=lambda pw: (name_key(pw[0].name), pw[0].id))
        return Match(p.id, p.name, p.card, why)


class PlayerImports:
    """Preview, import and undo of player files over one :class:`PlayerService`."""

    def __init__(self, players: PlayerService) -> None:
        self.players = players

    def preview(
        self,
        data: bytes,
        mapping: Mapping[str, str] | None = None,
        *,
        source: str = "players.csv",
        add_duplicates: bool = False,
    ) -> ImportPreview:
        """What importing ``data`` would do (nothing is written); ``mapping`` ``None``
        takes the guess from the headers. Refused in a sentence for a file over the limits,
        not CSV, or without a name column."""
        columns, table, encoding = read_table(data)
        chosen = check_mapping(
            columns, guess_mapping(columns) if mapping is None else dict(mapping)
        )
        index = _Index(self.players.store.all_players())
        at: dict[str, int] = {col: i for i, col in enumerate(columns)}
        rows: list[ImportRow] = []
        cards_seen: dict[str, int] = {}
        names_seen: dict[str, int] = {}
        for line, record in table:
            cell = {
                fld: (record[at[col]] if at[col] < len(record) else "")
                for col, fld in chosen.items()
            }
            rows.append(self._row(line, cell, index, cards_seen, names_seen))
        counts = {s: sum(1 for r in rows if r.status == s) for s in STATUSES}
        return ImportPreview(
            source=normalize_text(source)[:SOURCE_MAX] or "players.csv",
            columns=tuple(columns),
            mapping=chosen,
            encoding=encoding,
            rows=tuple(rows),
            add_duplicates=add_duplicates,
            counts=counts,
        )

    @staticmethod
    def _row(
        line: int,
        cell: Mapping[str, str],
        index: _Index,
        cards_seen: dict[str, int],
        names_seen: dict[str, int],
    ) -> ImportRow:
        raw_name = cell.get("name", "").strip() or " ".join(
            x for x in (cell.get("first_name", "").strip(), cell.get("last_name", "").strip()) if x
        )
        if not raw_name:
            raw_name = cell.get("nickname", "")
        shown = " ".join(raw_name.split())[:NAME_MAX]
        try:
            name = _clean(raw_name, N_("A player's name"), NAME_MAX)
            if not name:
                raise InvalidCommand(template=N_("The name is empty."))
            card = _clean(cell.get("card", ""), N_("A card number"), CARD_MAX)
            nickname = _clean(cell.get("nickname", ""), N_("A nickname"), NAME_MAX)
            email = checked_email(cell.get("email", "")[: EMAIL_MAX + 100])
            try:
                joined = _joined(_clean(cell.get("joined", ""), N_("A joined date"), SHORT_MAX))
            except ValueError:
                raise InvalidCommand(
                    template=N_(
                        "The joined date %(date)s is not a date (2024-03-01, 1.3.2024 or 3/1/2024)."
                    ),
                    params={"date": repr(cell.get("joined", "").strip()[:40])},
                ) from None
        except PokertdError as exc:
            return ImportRow(line, "bad", shown, problem=exc.message, problem_said=_said(exc))
        key, ckey = name_key(name), card_key(card)
        row = ImportRow(line, "new", name, card, email, joined, nickname)
        if ckey and ckey in cards_seen:
            return _bad(
                row,
                Sentence(
                    N_("Card %(card)s is also on line %(line)s."),
                    {"card": card, "line": cards_seen[ckey]},
                ),
            )
        if key in names_seen:
            return _bad(
                row,
                Sentence(
                    N_("%(name)s is also on line %(line)s."),
                    {"name": name, "line": names_seen[key]},
                ),
            )
        if ckey:
            cards_seen[ckey] = line
        names_seen[key] = line
        if ckey and ckey in index.cards:
            holder = index.survivor(index.cards[ckey])
            if name_key(holder.name) == key or name_key(index.cards[ckey].name) == key:
                return replace(row, status="exact",
                    match=Match(holder.id, holder.name, holder.card, N_("the same card")),
                )  # fmt: skip
            return replace(
                _bad(
                    row,
                    Sentence(
                        N_("Card %(card)s belongs to %(name)s (%(id)s)."),
                        {"card": card, "name": holder.name, "id": holder.id},
                    ),
                ),
                match=Match(holder.id, holder.name, holder.card, N_("the same card")),
            )
        same = index.names.get(key, [])
        for p in same:
            if p.name == name and (not ckey or not card_key(p.card)):
                return replace(
                    row, status="exact", match=Match(p.id, p.name, p.card, N_("the same name"))
                )
        if same:
            p = same[0]
            why = (
                N_("the same name with another card")
                if p.name == name
                else N_("the same name spelled otherwise (capitals, accents or spaces)")
            )
            return replace(row, status="duplicate", match=Match(p.id, p.name, p.card, why))
        near = index.nearest(key)
        if near is not None:
            return replace(row, status="duplicate", match=near)
        return row

    def run(
        self,
        data: bytes,
        mapping: Mapping[str, str] | None = None,
        *,
        staff: str,
        source: str = "players.csv",
        add_duplicates: bool = False,
    ) -> ImportDone:
        """Import ``data``: the preview's new rows (and likely duplicates when
        ``add_duplicates``) are added in one transaction and recorded as one import;
        addresses are checked as :meth:`PlayerService.set_email` checks them and kept
        private. Refused, nothing written, when there is nothing to add."""
        preview = self.preview(data, mapping, source=source, add_duplicates=add_duplicates)
        who = _clean(staff, N_("A staff name"), NAME_MAX)
        if not who:
            raise InvalidCommand(template=N_("A staff name is missing."))
        rows = preview.to_add()
        if not rows:
            raise InvalidCommand(
                template=N_("Nothing to import: %(summary)s. Nothing was changed."),
                params={"summary": _summary(preview.counts)},
            )
        ids: set[str] = set()
        added: list[ImportedPlayer] = []
        for r in rows:
            pid = new_player_id()
            while pid in ids:  # pragma: no cover - 40 bits
                pid = new_player_id()
            ids.add(pid)
            added.append(
                ImportedPlayer(
                    NewPlayer(pid, r.name, r.card), r.line, r.email, r.joined, r.nickname
                )
            )
        import_id = "im" + new_player_id()[2:]
        assert set(import_id[2:]) <= set(PLAYER_ID_ALPHABET)
        record = self.players.store.import_players(
            import_id, preview.source, added, staff=who, at=self.players._at()
        )
        return ImportDone(record, preview)

    def undo(self, import_id: str, *, staff: str) -> ImportRecord:
        """Take back import ``import_id``: exactly the players it added are removed (with
        the addresses it set), unless anything refers to one of them since (a tournament,
        a merge, a confirmation, a rename, an address changed): then nothing changes and
        the sentence says which players and why."""
        ident = _clean(import_id, N_("An import's id"), SHORT_MAX)
        who = _clean(staff, N_("A staff name"), NAME_MAX)
        return self.players.store.undo_import(ident, staff=who, at=self.players._at())

    def history(self, limit: int = 20) -> list[ImportRecord]:
        """The latest imports, newest first (undone ones too)."""
        return self.players.store.player_imports(limit)

    def added(self, import_id: str) -> list[ImportedPlayer]:
        """The players import ``import_id`` added, by line."""
        return self.players.store.imported_players(
            _clean(import_id, N_("An import's id"), SHORT_MAX)
        )


def _said(exc: PokertdError) -> Sentence | None:
    """A refusal as a sentence (a :class:`~pokertd.i18n.Phrase` parameter, a field's name,
    said as a sentence of its own), or ``None`` for one without a template."""
    if exc.template is None:
        return None
    # a Phrase (a field's name) as a sentence of its own: Sentence's annotation names the
    # log's value types only (the codec's); a preview is never kept in the log
    params: dict[str, Any] = {
        k: Sentence(v) if isinstance(v, Phrase) else v for k, v in exc.params.items()
    }
    return Sentence(exc.template, params)


def _bad(row: ImportRow, why: Sentence) -> ImportRow:
    """``row`` skipped for ``why``."""
    return replace(row, status="bad", problem=why.text, problem_said=why)


def reason_said(reason: str) -> Sentence:
    """A match's reason (``"the same card"``, one of a short fixed list) as a sentence."""
    return Sentence(reason)


def row_document(r: ImportRow) -> dict[str, Any]:
    """One previewed row as the CLI's ``--json`` and the API write it: ``problem`` and the
    match's ``reason`` in English, ``problem_said`` and ``reason_said`` as sentences
    (``{"text", "msgid", "params"}``) each face says in its reader's language."""
    out = asdict(r)
    out["problem_said"] = r.problem_said.as_json() if r.problem_said is not None else None
    if r.match is not None:
        out["match"]["reason_said"] = reason_said(r.match.reason).as_json()
    return out


def preview_document(p: ImportPreview, *, new_rows: int | None = None) -> dict[str, Any]:
    """A preview as the CLI's ``--json`` and the API write it: the file's columns, the
    mapping, the guessable fields, the counts and the rows (every row that is not new,
    and the new ones up to ``new_rows`` when given: a page shows a sample, the count is
    whole)."""
    rows = [r for r in p.rows if r.status != "new"]
    new = [r for r in p.rows if r.status == "new"]
    shown = new if new_rows is None else new[:new_rows]
    return {
        "source": p.source,
        "encoding": p.encoding,
        "columns": list(p.columns),
        "mapping": dict(p.mapping),
        "fields": list(FIELDS),
        "counts": dict(p.counts),
        "to_add": len(p.to_add()),
        "add_duplicates": p.add_duplicates,
        "summary": summary(p),
        "rows": [row_document(r) for r in sorted([*rows, *shown], key=lambda r: r.line)],
    }


def record_document(r: ImportRecord) -> dict[str, Any]:
    """An import's record (id, who, when, file, counts, undo) for ``--json`` and the API."""
    return asdict(r) | {"active": r.active}


def _summary(counts: Mapping[str, int]) -> str:
    words = {"new": "new", "exact": "already in the database", "duplicate": "likely duplicates",
             "bad": "with problems"}  # fmt: skip
    return ", ".join(f"{counts.get(s, 0)} {words[s]}" for s in STATUSES)


def summary(preview: ImportPreview) -> str:
    """``"480 new, 0 already in the database, 20 likely duplicates, 0 with problems"``."""
    return _summary(preview.counts)


__all__ = [
    "ALIASES",
    "CELL_MAX",
    "COLUMNS_MAX",
    "FIELDS",
    "FILE_MAX_BYTES",
    "ROWS_MAX",
    "ImportDone",
    "ImportPreview",
    "ImportRow",
    "Match",
    "PlayerImports",
    "check_mapping",
    "decode",
    "guess_mapping",
    "header_key",
    "parse_map",
    "preview_document",
    "read_table",
    "record_document",
    "row_document",
    "summary",
]
