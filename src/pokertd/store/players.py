"""The player database: people who play in any tournament of one store, beside the log.

A player is a person, not an entry of one event: a stable id (``pl`` and eight letters or
digits, e.g. ``pl7hx2k9qa``), a name and an optional member or rewards-card number. Like the
staff accounts (:mod:`pokertd.store.accounts`), players are not facts of one tournament, so
they live in small tables next to the events in the same database, with one SQL text both
SQLite and PostgreSQL accept (:class:`SqlPlayers`, ``?`` placeholders), created on first use:

- ``pokertd_players``: id, name, the name's search key (case and accents folded), card and
  its key, who added the player and when, and ``merged_into`` (the player this duplicate
  was merged into, ``NULL`` while the player stands on their own).
- ``pokertd_player_grams``: the search index of names: every three-letter piece of
  ``^name$`` plus each word's first letter, so a prefix or a substring of any length is
  found by exact look-ups (no ``LIKE '%…%'`` over the whole table, no collation trouble:
  both dialects index plain equality the same way).
- ``pokertd_player_confirmations``: eligibility confirmed by staff (age, membership): who
  and when, never overwritten.
- ``pokertd_player_merges``: each merge (from, into, who, when) and its undo (who, when).
  A merge moves nothing: it only points the duplicate at the player it was merged into, so
  every result stays where the tournaments recorded it and an undo restores the two people
  exactly as they were, with the merge kept in the history.
- ``pokertd_player_events``: which tournaments a player registered in (an index the
  service writes after a registration; the tournaments' logs stay the truth).
- ``pokertd_player_contacts``: a player's mail address when they gave one (sign-up, an
  import, the desk): private, never on a public page, used only to send them their own
  results. One row a player; clearing the address deletes the row.
- ``pokertd_player_renames``: each rename (the name before and after, who, when). A rename
  changes only the player's current name: every tournament keeps the name it recorded,
  under the same player id, and a search or an exact look-up by a former name still finds
  the player (former names are few: they are matched by a plain scan of this table).
- ``pokertd_player_imports``: each import of a file (``pokertd player import``): an id
  (``im`` and eight characters), who, when, the file's name, how many players it added and
  addresses it set, and its undo (who, when). ``pokertd_player_import_rows``: the players
  one import added (with the line of the file, the address it set, the joined date and
  nickname read). Like a merge, an undone import stays in the history; undoing it removes
  exactly the players it added, refused in a sentence while anything refers to one of them.

Policy (what a floorperson may type, which confirmation kinds exist, how registration
picks a player) is in :mod:`pokertd.app.players`; this module refuses only what would
corrupt the tables (an unknown id, a card held by someone else, a merge that would loop).
"""

from __future__ import annotations

import contextlib
import secrets
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from pokertd.errors import InvalidCommand, NotFound, StoreError
from pokertd.i18n import N_
from pokertd.store.accounts import Runner, SideTables

"""Runs one statement (``?`` placeholders) inside a transaction and returns its rows."""

PLAYERS_LOCK = 0x504B5450
"""PostgreSQL advisory lock of player-database writes ("PKTP")."""
PLAYERS_SCHEMA_LOCK = 0x504B5451
"""PostgreSQL advisory lock of the player tables' creation ("PKTQ")."""
PLAYER_ID_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"
"""Player id characters (as tournament ids: no 0/o, 1/l/i)."""
SEARCH_LIMIT_MAX = 200
"""The most rows one search returns."""
_BULK_ROWS = 400
"""Rows per multi-row ``INSERT`` of a bulk load (well under both dialects' limits)."""

PLAYER_TABLES = (
    "pokertd_players",
    "pokertd_player_grams",
    "pokertd_player_confirmations",
    "pokertd_player_merges",
    "pokertd_player_events",
    "pokertd_player_renames",
    "pokertd_player_contacts",
    "pokertd_player_imports",
    "pokertd_player_import_rows",
)
"""The player tables, in creation order."""
IMPORT_TABLES = ("pokertd_player_imports", "pokertd_player_import_rows")
"""The tables of import batches (their history stays after an undo)."""

_DDL = (
    "CREATE TABLE IF NOT EXISTS pokertd_players (id TEXT PRIMARY KEY, name TEXT NOT NULL, "
    "name_key TEXT NOT NULL, card TEXT NOT NULL, card_key TEXT NOT NULL, "
    "created_at TEXT NOT NULL, created_by TEXT NOT NULL, merged_into TEXT)",
    "CREATE INDEX IF NOT EXISTS pokertd_players_name ON pokertd_players (name_key)",
    "CREATE INDEX IF NOT EXISTS pokertd_players_card ON pokertd_players (card_key)",
    "CREATE INDEX IF NOT EXISTS pokertd_players_merged ON pokertd_players (merged_into)",
    "CREATE TABLE IF NOT EXISTS pokertd_player_grams (gram TEXT NOT NULL, "
    "player_id TEXT NOT NULL, PRIMARY KEY (gram, player_id))",
    "CREATE INDEX IF NOT EXISTS pokertd_player_grams_player ON pokertd_player_grams (player_id)",
    "CREATE TABLE IF NOT EXISTS pokertd_player_confirmations (id TEXT PRIMARY KEY, "
    "n INTEGER NOT NULL, player_id TEXT NOT NULL, kind TEXT NOT NULL, staff TEXT NOT NULL, "
    "at TEXT NOT NULL, note TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS pokertd_player_confirmations_player "
    "ON pokertd_player_confirmations (player_id, at)",
    "CREATE TABLE IF NOT EXISTS pokertd_player_merges (id TEXT PRIMARY KEY, n INTEGER NOT NULL, "
    "from_id TEXT NOT NULL, into_id TEXT NOT NULL, staff TEXT NOT NULL, at TEXT NOT NULL, "
    "undone_by TEXT, undone_at TEXT)",
    "CREATE INDEX IF NOT EXISTS pokertd_player_merges_from ON pokertd_player_merges (from_id)",
    "CREATE INDEX IF NOT EXISTS pokertd_player_merges_into ON pokertd_player_merges (into_id)",
    "CREATE TABLE IF NOT EXISTS pokertd_player_events (player_id TEXT NOT NULL, "
    "tournament_id TEXT NOT NULL, PRIMARY KEY (player_id, tournament_id))",
    "CREATE TABLE IF NOT EXISTS pokertd_player_renames (player_id TEXT NOT NULL, "
    "n INTEGER NOT NULL, old_name TEXT NOT NULL, old_key TEXT NOT NULL, "
    "new_name TEXT NOT NULL, staff TEXT NOT NULL, at TEXT NOT NULL, "
    "PRIMARY KEY (player_id, n))",
    "CREATE TABLE IF NOT EXISTS pokertd_player_contacts (player_id TEXT PRIMARY KEY, "
    "email TEXT NOT NULL, staff TEXT NOT NULL, at TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS pokertd_player_imports (id TEXT PRIMARY KEY, n INTEGER NOT NULL, "
    "staff TEXT NOT NULL, at TEXT NOT NULL, source TEXT NOT NULL, added INTEGER NOT NULL, "
    "emails INTEGER NOT NULL, undone_by TEXT, undone_at TEXT)",
    "CREATE TABLE IF NOT EXISTS pokertd_player_import_rows (import_id TEXT NOT NULL, "
    "player_id TEXT NOT NULL, line INTEGER NOT NULL, email TEXT NOT NULL, joined TEXT NOT NULL, "
    "nickname TEXT NOT NULL, PRIMARY KEY (import_id, player_id))",
)

_COLUMNS = "id, name, card, created_at, created_by, merged_into"


# --------------------------------------------------------------------------------------
# Keys (pure)


def new_player_id() -> str:
    """A fresh random player id: ``pl`` and eight characters (about 40 bits)."""
    return "pl" + "".join(secrets.choice(PLAYER_ID_ALPHABET) for _ in range(8))


def name_key(name: str) -> str:
    """``name`` as searched: accents dropped, case folded, spaces collapsed (``"José  Núñez"``
    -> ``"jose nunez"``), so the floor finds a player however the name is typed."""
    decomposed = unicodedata.normalize("NFKD", name)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.casefold().split())


def card_key(card: str) -> str:
    """A card number as compared: without spaces, dashes and dots, upper case
    (``"fx 1234-56"`` and ``"FX123456"`` are one card)."""
    return "".join(ch for ch in card if ch not in " -.\t").upper()


_JOINERS = str.maketrans("", "", " -'.’")


def compact_key(key: str) -> str:
    """A name key without spaces, hyphens, apostrophes and dots (``"jean-luc o'neil"`` ->
    ``"jeanluconeil"``): names joined or split differently compare equal."""
    return key.translate(_JOINERS)


def _one_edit_apart(a: str, b: str) -> bool:
    """Whether ``b`` is ``a`` with exactly one letter added, dropped or changed, or two
    neighbouring letters swapped (the optimal-string-alignment distance is 1)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    if len(a) < len(b):  # one letter added
        return a[i:] == b[i + 1 :]
    if a[i + 1 :] == b[i + 1 :]:  # one letter changed
        return True
    return i + 1 < len(a) and a[i] == b[i + 1] and a[i + 1] == b[i] and a[i + 2 :] == b[i + 2 :]


def _initial(word: str) -> str | None:
    """The letter of an initial (``"j"``, ``"j."``), else ``None``."""
    bare = word.rstrip(".")
    return bare if len(bare) == 1 else None


def _initials_match(a: list[str], b: list[str]) -> bool:
    if len(a) != len(b) or a == b:
        return False
    whole = 0
    for x, y in zip(a, b, strict=True):
        ix, iy = _initial(x), _initial(y)
        if x == y or (ix is not None and ix == (iy or y[0])) or (iy is not None and iy == x[0]):
            whole += ix is None and iy is None
            continue
        return False
    return whole > 0


TYPO_MIN = 5
"""The shortest name (letters, without spaces) a one-letter difference is counted on: below
it ("Al Wu" / "Al Wo") two different people are too often one letter apart."""


def likely_same(a: str, b: str) -> str | None:
    """Why two name keys (:func:`name_key`) likely name one person, or ``None``.

    The import's duplicate test (``pokertd player import``), in this order:

    >>> likely_same("jose nunez", "jose nunez")
    'the same name'
    >>> likely_same("jean luc picard", "jean-luc picard")
    'the same name, spaced or hyphenated differently'
    >>> likely_same("smith john", "john smith")
    'the same names in another order'
    >>> likely_same("j. smith", "john smith"), likely_same("john smith", "john s")
    ('an initial for a name', 'an initial for a name')
    >>> likely_same("jon smith", "john smith"), likely_same("john smtih", "john smith")
    ('one letter apart', 'one letter apart')
    >>> likely_same("al wu", "al wo"), likely_same("j. smith", "k. smith")
    (None, None)

    Case, accents and spacing are already folded by the keys; the caller tells "spelled
    otherwise" (``"JOSE NUNEZ"`` beside ``"José Núñez"``) from the identical name.
    """
    if a == b:
        return N_("the same name")
    ca, cb = compact_key(a), compact_key(b)
    if ca and ca == cb:
        return N_("the same name, spaced or hyphenated differently")
    wa, wb = a.split(), b.split()
    if len(wa) > 1 and sorted(wa) == sorted(wb):
        return N_("the same names in another order")
    if _initials_match(wa, wb):
        return N_("an initial for a name")
    if len(wa) == len(wb) and any(  # "J. Smith" / "K. Smith": two initials, two people
        x != y and _initial(x) and _initial(y) for x, y in zip(wa, wb, strict=True)
    ):
        return None
    if min(len(ca), len(cb)) >= TYPO_MIN and _one_edit_apart(ca, cb):
        return N_("one letter apart")
    return None


def likely_keys(key: str) -> frozenset[str]:
    """Look-up keys under which :func:`likely_same` can hold: two names it finds alike
    share at least one (``c:`` the compact key and each of its one-letter deletions, ``w:``
    the sorted words, ``i:`` the words with one of them cut to its initial). An index of
    these finds the candidates of a name without comparing it with every player."""
    compact = compact_key(key)
    words = [_initial(w) or w for w in key.split()]
    out = {"c:" + compact, "w:" + " ".join(sorted(words))}
    if len(compact) >= TYPO_MIN - 1:
        out.update("c:" + compact[:i] + compact[i + 1 :] for i in range(len(compact)))
    if len(words) > 1:
        out.add("i:" + " ".join(words))
        out.update(
            "i:" + " ".join([*words[:i], w[0], *words[i + 1 :]]) for i, w in enumerate(words)
        )
    return frozenset(out)


def name_grams(key: str) -> frozenset[str]:
    """The search index entries of one name key (see the module docstring)."""
    if not key:
        return frozenset()
    padded = f"^{key}$"
    grams = {padded[i : i + 3] for i in range(len(padded) - 2)}
    grams.add(padded[:2])
    grams.update(" " + word[0] for word in key.split()[1:])
    return frozenset(grams)


def query_grams(key: str) -> tuple[frozenset[str], ...]:
    """The index entries a search for ``key`` needs: any one of the returned sets must be
    wholly present for a name to be a candidate (the match is then checked on the name).

    Three letters or more: a substring, found by its three-letter pieces. One or two
    letters: the beginning of the name or of one of its words.
    """
    if len(key) >= 3:
        return (frozenset(key[i : i + 3] for i in range(len(key) - 2)),)
    return (frozenset({("^" + key)[:3]}), frozenset({(" " + key)[:3]}))


def _like_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


# --------------------------------------------------------------------------------------
# Rows


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """A player as stored."""

    id: str
    name: str
    card: str
    """Member or rewards-card number as typed ("" when none)."""
    created_at: str
    """When the player was added (ISO-8601 UTC)."""
    created_by: str
    merged_into: str | None = None
    """The player this one was merged into (``None``: stands on their own)."""


@dataclass(frozen=True, slots=True)
class NewPlayer:
    """A player to add (bulk loads and registrations)."""

    id: str
    name: str
    card: str = ""


@dataclass(frozen=True, slots=True)
class Confirmation:
    """Eligibility confirmed by staff: ``kind`` (``age``, ``membership``), who, when."""

    player_id: str
    kind: str
    staff: str
    at: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class MergeRecord:
    """One merge of duplicate ``from_id`` into ``into_id``, and its undo if any."""

    id: str
    from_id: str
    into_id: str
    staff: str
    at: str
    undone_by: str | None = None
    undone_at: str | None = None

    @property
    def active(self) -> bool:
        """Whether the merge stands (not undone)."""
        return self.undone_at is None


def _record(row: Sequence[Any]) -> PlayerRecord:
    return PlayerRecord(
        id=str(row[0]),
        name=str(row[1]),
        card=str(row[2]),
        created_at=str(row[3]),
        created_by=str(row[4]),
        merged_into=None if row[5] is None else str(row[5]),
    )


def _merge(row: Sequence[Any]) -> MergeRecord:
    return MergeRecord(
        id=str(row[0]),
        from_id=str(row[1]),
        into_id=str(row[2]),
        staff=str(row[3]),
        at=str(row[4]),
        undone_by=None if row[5] is None else str(row[5]),
        undone_at=None if row[6] is None else str(row[6]),
    )


@dataclass(frozen=True, slots=True)
class ImportedPlayer:
    """One player an import adds: the player, the file's line, the address it sets
    (``""``: none), the joined date (ISO ``YYYY-MM-DD`` or ``""``) and nickname read."""

    player: NewPlayer
    line: int
    email: str = ""
    joined: str = ""
    nickname: str = ""


@dataclass(frozen=True, slots=True)
class ImportRecord:
    """One import of a file: who, when, from which file, how many players it added and
    addresses it set, and its undo if any."""

    id: str
    staff: str
    at: str
    source: str
    added: int
    emails: int
    undone_by: str | None = None
    undone_at: str | None = None

    @property
    def active(self) -> bool:
        """Whether the import stands (not undone)."""
        return self.undone_at is None


def _import(row: Sequence[Any]) -> ImportRecord:
    return ImportRecord(
        id=str(row[0]),
        staff=str(row[1]),
        at=str(row[2]),
        source=str(row[3]),
        added=int(row[4]),
        emails=int(row[5]),
        undone_by=None if row[6] is None else str(row[6]),
        undone_at=None if row[7] is None else str(row[7]),
    )


_IMPORT_COLUMNS = "id, staff, at, source, added, emails, undone_by, undone_at"


@dataclass(frozen=True, slots=True)
class RenameRecord:
    """One rename of a player: the name before and after, who and when."""

    player_id: str
    old_name: str
    new_name: str
    staff: str
    at: str


@runtime_checkable
class PlayerStore(Protocol):
    """The player database of one store (SQLite file or PostgreSQL database).

    Writes that check something first (an id is free, a card is not someone else's, a
    player is not merged already) check and write in one transaction no other process
    interleaves with; a refused write changes nothing. Failures of the database are
    :class:`~pokertd.errors.StoreError`.
    """

    url: str

    def add_player(self, player: NewPlayer, *, staff: str, at: str) -> PlayerRecord:
        """Add ``player`` (``InvalidCommand`` when the id is taken or the card belongs to
        another player)."""
        ...

    def add_players(self, players: Sequence[NewPlayer], *, staff: str, at: str) -> int:
        """Add many players in one transaction without checks beyond the keys (imports,
        benchmarks); how many were added."""
        ...

    def ensure_player(self, player: NewPlayer, *, staff: str, at: str) -> bool:
        """Add ``player`` unless its id exists (what a log recorded); whether it was added."""
        ...

    def player(self, player_id: str) -> PlayerRecord | None:
        """The player with this id (merged or not), or ``None``."""
        ...

    def survivor(self, player_id: str) -> PlayerRecord:
        """The player ``player_id`` stands for now: itself, or the player it was merged
        into (followed to the end). ``NotFound`` for an unknown id."""
        ...

    def players_with_card(self, card: str) -> list[PlayerRecord]:
        """Every player (merged ones too) whose card is ``card`` (compared by
        :func:`card_key`)."""
        ...

    def players_named(self, name: str) -> list[PlayerRecord]:
        """Every player (merged ones too) whose name is ``name`` (compared by
        :func:`name_key`), by id."""
        ...

    def search(
        self, query: str, *, limit: int = 20, include_merged: bool = False
    ) -> list[PlayerRecord]:
        """Players whose card is ``query`` or whose name holds it: card matches first,
        then names beginning with it, then a word beginning with it, then the rest, by name;
        after them, players with a former name that holds it."""
        ...

    def players_formerly(self, name: str) -> list[PlayerRecord]:
        """Every player (merged ones too) who was once called ``name`` (by
        :func:`name_key`) and renamed since, by id."""
        ...

    def rename(self, player_id: str, name: str, *, staff: str, at: str) -> RenameRecord:
        """Give the player a new name, recorded (``NotFound`` for an unknown id,
        ``InvalidCommand`` naming the other player when another has that name)."""
        ...

    def renames(self, player_ids: Iterable[str]) -> list[RenameRecord]:
        """Every rename of these players, oldest first."""
        ...

    def player_count(self) -> int:
        """How many players (merged ones too) the database holds."""
        ...

    def confirm(self, confirmation: Confirmation) -> None:
        """Record a confirmation (``NotFound`` for an unknown player)."""
        ...

    def confirmations(self, player_ids: Iterable[str]) -> list[Confirmation]:
        """The confirmations of these players, oldest first."""
        ...

    def merge(self, from_id: str, into_id: str, *, staff: str, at: str) -> MergeRecord:
        """Merge duplicate ``from_id`` into ``into_id`` (both must stand on their own)."""
        ...

    def undo_merge(self, from_id: str, *, staff: str, at: str) -> MergeRecord:
        """Take back the standing merge of ``from_id``: it stands on its own again."""
        ...

    def merges(self, player_ids: Iterable[str]) -> list[MergeRecord]:
        """Every merge (undone ones too) from or into these players, oldest first."""
        ...

    def merged_group(self, player_id: str) -> list[str]:
        """``player_id`` and every player merged into it, directly or through others."""
        ...

    def set_email(self, player_id: str, email: str, *, staff: str, at: str) -> None:
        """Record (or with ``""`` clear) the player's mail address."""
        ...

    def emails(self, player_ids: Iterable[str]) -> dict[str, str]:
        """The mail addresses of those of ``player_ids`` that gave one."""
        ...

    def link_event(self, player_id: str, tournament_id: str) -> None:
        """Note that ``player_id`` registered in ``tournament_id`` (idempotent)."""
        ...

    def all_players(self) -> list[PlayerRecord]:
        """Every player (merged ones too), by id: what an import compares a file with."""
        ...

    def import_players(
        self, import_id: str, source: str, rows: Sequence[ImportedPlayer], *, staff: str, at: str
    ) -> ImportRecord:
        """Add ``rows`` and their addresses as one import (one transaction); refused,
        nothing written, when an id is taken or a card is already held."""
        ...

    def undo_import(self, import_id: str, *, staff: str, at: str) -> ImportRecord:
        """Remove exactly the players the import added, unless anything refers to them."""
        ...

    def player_imports(self, limit: int = 50) -> list[ImportRecord]:
        """The latest imports, newest first."""
        ...

    def imported_players(self, import_id: str) -> list[ImportedPlayer]:
        """The players one import added (as added; renamed since or not), by line."""
        ...

    def player_events(self, player_ids: Iterable[str]) -> list[str]:
        """The tournaments these players registered in (ids, sorted)."""
        ...


class SqlPlayers(SideTables):
    """:class:`PlayerStore` over the store's side-table hooks (one SQL text for both
    dialects; writes under :data:`PLAYERS_LOCK`)."""

    _players_ready: bool = False

    def _ensure_players(self) -> None:
        """Create the player tables once per store."""
        if not self._players_ready:
            self._create_tables(_DDL, PLAYERS_SCHEMA_LOCK)
            self._players_ready = True

    @contextlib.contextmanager
    def _ptx(self) -> Iterator[Runner]:
        self._ensure_players()
        with self._accounts_tx(PLAYERS_LOCK) as run:
            yield run

    def _pread(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        self._ensure_players()
        with self._accounts_read() as run:
            return run(sql, params)

    @staticmethod
    def _player_row(run: Runner, player_id: str) -> PlayerRecord:
        rows = run(f"SELECT {_COLUMNS} FROM pokertd_players WHERE id = ?", (player_id,))
        if not rows:
            raise NotFound(
                template=N_("There is no player %(id)s in the player database."),
                params={"id": repr(player_id)},
                context={"player_id": player_id},
            )
        return _record(rows[0])

    @classmethod
    def _follow_merges(cls, run: Runner, player_id: str) -> PlayerRecord:
        """The survivor of ``player_id`` inside a transaction (merges never loop; the
        bound guards against a damaged table)."""
        found = cls._player_row(run, player_id)
        for _ in range(1000):
            if found.merged_into is None:
                return found
            found = cls._player_row(run, found.merged_into)
        raise StoreError(
            template=N_("The merges of player %(id)s go round in a circle."),
            params={"id": player_id},
        )

    @staticmethod
    def _insert_players(run: Runner, players: Sequence[NewPlayer], staff: str, at: str) -> None:
        for start in range(0, len(players), _BULK_ROWS):
            chunk = players[start : start + _BULK_ROWS]
            marks = ", ".join("(?, ?, ?, ?, ?, ?, ?, NULL)" for _ in chunk)
            params: list[Any] = []
            grams: list[tuple[str, str]] = []
            for p in chunk:
                key = name_key(p.name)
                params += [p.id, p.name, key, p.card, card_key(p.card), at, staff]
                grams.extend((g, p.id) for g in sorted(name_grams(key)))
            run(
                "INSERT INTO pokertd_players (id, name, name_key, card, card_key, created_at, "
                f"created_by, merged_into) VALUES {marks}",
                tuple(params),
            )
            for g_start in range(0, len(grams), _BULK_ROWS):
                part = grams[g_start : g_start + _BULK_ROWS]
                run(
                    "INSERT INTO pokertd_player_grams (gram, player_id) VALUES "
                    + ", ".join("(?, ?)" for _ in part)
                    + " ON CONFLICT DO NOTHING",
                    tuple(v for pair in part for v in pair),
                )

    @classmethod
    def _card_holder(cls, run: Runner, card: str) -> PlayerRecord | None:
        key = card_key(card)
        if not key:
            return None
        rows = run(f"SELECT {_COLUMNS} FROM pokertd_players WHERE card_key = ? ORDER BY id", (key,))
        return cls._follow_merges(run, str(rows[0][0])) if rows else None

    # ---- players --------------------------------------------------------------------

    def add_player(self, player: NewPlayer, *, staff: str, at: str) -> PlayerRecord:
        """Add ``player``; ``InvalidCommand`` when the id is taken or the card is held."""
        with self._ptx() as run:
            if run("SELECT 1 FROM pokertd_players WHERE id = ?", (player.id,)):
                raise InvalidCommand(
                    template=N_("Player id %(id)s is taken."), params={"id": player.id}
                )
            holder = self._card_holder(run, player.card)
            if holder is not None:
                raise InvalidCommand(
                    template=N_("Card %(card)s belongs to %(name)s (%(id)s)."),
                    params={"card": player.card, "name": holder.name, "id": holder.id},
                    context={"player_id": holder.id},
                )
            self._insert_players(run, [player], staff, at)
        return PlayerRecord(player.id, player.name, player.card, at, staff)

    def add_players(self, players: Sequence[NewPlayer], *, staff: str, at: str) -> int:
        """Add many players in one transaction (imports, benchmarks); how many."""
        with self._ptx() as run:
            self._insert_players(run, players, staff, at)
        return len(players)

    def ensure_player(self, player: NewPlayer, *, staff: str, at: str) -> bool:
        """Add ``player`` unless its id exists; whether it was added."""
        with self._ptx() as run:
            if run("SELECT 1 FROM pokertd_players WHERE id = ?", (player.id,)):
                return False
            self._insert_players(run, [player], staff, at)
        return True

    def player(self, player_id: str) -> PlayerRecord | None:
        """The player with this id (merged or not), or ``None``."""
        rows = self._pread(f"SELECT {_COLUMNS} FROM pokertd_players WHERE id = ?", (player_id,))
        return _record(rows[0]) if rows else None

    def survivor(self, player_id: str) -> PlayerRecord:
        """The player ``player_id`` stands for now (``NotFound`` for an unknown id)."""
        self._ensure_players()
        with self._accounts_read() as run:
            return self._follow_merges(run, player_id)

    def players_with_card(self, card: str) -> list[PlayerRecord]:
        """Every player (merged ones too) with this card, by id."""
        key = card_key(card)
        if not key:
            return []
        rows = self._pread(
            f"SELECT {_COLUMNS} FROM pokertd_players WHERE card_key = ? ORDER BY id", (key,)
        )
        return [_record(r) for r in rows]

    def players_named(self, name: str) -> list[PlayerRecord]:
        """Every player (merged ones too) with exactly this name (by :func:`name_key`)."""
        key = name_key(name)
        if not key:
            return []
        rows = self._pread(
            f"SELECT {_COLUMNS} FROM pokertd_players WHERE name_key = ? ORDER BY id", (key,)
        )
        return [_record(r) for r in rows]

    def search(
        self, query: str, *, limit: int = 20, include_merged: bool = False
    ) -> list[PlayerRecord]:
        """Card matches first, then names by how they hold ``query`` (see the protocol)."""
        limit = max(1, min(limit, SEARCH_LIMIT_MAX))
        key = name_key(query)
        card = card_key(query)
        merged = "" if include_merged else " AND p.merged_into IS NULL"
        found: list[PlayerRecord] = []
        if card:
            rows = self._pread(
                f"SELECT {_COLUMNS} FROM pokertd_players p WHERE p.card_key = ?{merged} "
                "ORDER BY p.id LIMIT ?",
                (card, limit),
            )
            found.extend(_record(r) for r in rows)
        if not key:
            return found
        like = _like_escape(key)
        seen = {p.id for p in found}
        for grams in query_grams(key):
            marks = ", ".join("?" for _ in grams)
            rows = self._pread(
                f"SELECT {', '.join('p.' + c.strip() for c in _COLUMNS.split(','))} "
                "FROM pokertd_players p WHERE p.id IN (SELECT player_id FROM "
                f"pokertd_player_grams WHERE gram IN ({marks}) GROUP BY player_id "
                "HAVING COUNT(*) = ?) AND (p.name_key LIKE ? ESCAPE '\\' "
                f"OR p.name_key LIKE ? ESCAPE '\\'){merged} ORDER BY "
                "CASE WHEN p.name_key LIKE ? ESCAPE '\\' THEN 0 "
                "WHEN p.name_key LIKE ? ESCAPE '\\' THEN 1 ELSE 2 END, p.name_key, p.id "
                "LIMIT ?",
                (
                    *sorted(grams),
                    len(grams),
                    f"%{like}%" if len(key) >= 3 else f"{like}%",
                    f"% {like}%",
                    f"{like}%",
                    f"% {like}%",
                    limit + len(found),
                ),
            )
            for r in rows:
                record = _record(r)
                if record.id not in seen:
                    seen.add(record.id)
                    found.append(record)
        if len(key) < 3:  # two look-ups (name, word beginnings): put name beginnings first
            cards = [p for p in found if card and card_key(p.card) == card]
            rest = [p for p in found if p not in cards]
            rest.sort(key=lambda p: (0 if name_key(p.name).startswith(key) else 1,
                                     name_key(p.name), p.id))  # fmt: skip
            found = cards + rest
        if len(found) < limit:  # then former names (renames keep the old spelling findable)
            found += self._search_former(key, merged, limit - len(found), {p.id for p in found})
        return found[:limit]

    def players_formerly(self, name: str) -> list[PlayerRecord]:
        """Every player (merged ones too) once called ``name`` and renamed since, by id."""
        key = name_key(name)
        if not key:
            return []
        rows = self._pread(
            f"SELECT {', '.join('p.' + c.strip() for c in _COLUMNS.split(','))} "
            "FROM pokertd_players p WHERE p.id IN (SELECT player_id FROM "
            "pokertd_player_renames WHERE old_key = ?) AND p.name_key <> ? ORDER BY p.id",
            (key, key),
        )
        return [_record(r) for r in rows]

    def _search_former(
        self, key: str, merged: str, limit: int, seen: set[str]
    ) -> list[PlayerRecord]:
        """Players with a former name holding ``key`` (a scan of the few renames)."""
        like = _like_escape(key)
        rows = self._pread(
            f"SELECT {', '.join('p.' + c.strip() for c in _COLUMNS.split(','))} "
            "FROM pokertd_players p WHERE p.id IN (SELECT player_id FROM "
            "pokertd_player_renames WHERE old_key LIKE ? ESCAPE '\\' "
            f"OR old_key LIKE ? ESCAPE '\\'){merged} ORDER BY p.name_key, p.id LIMIT ?",
            (f"%{like}%" if len(key) >= 3 else f"{like}%", f"% {like}%", limit + len(seen)),
        )
        return [r for r in map(_record, rows) if r.id not in seen][:limit]

    def rename(self, player_id: str, name: str, *, staff: str, at: str) -> RenameRecord:
        """Give the player ``name`` (its search index with it), recording the old name;
        refused, naming the other player, when someone else already has that name (merged
        duplicates aside: they are the same person)."""
        key = name_key(name)
        with self._ptx() as run:
            player = self._player_row(run, player_id)
            same = run(
                f"SELECT {_COLUMNS} FROM pokertd_players WHERE name_key = ? AND id <> ? "
                "AND merged_into IS NULL ORDER BY id",
                (key, player.id),
            )
            if same:
                other = _record(same[0])
                raise InvalidCommand(
                    template=N_(
                        "%(other)s (%(id)s) already has that name: pick another spelling for "
                        "%(name)s, or merge the two if they are one person."
                    ),
                    params={"other": other.name, "id": other.id, "name": player.name},
                    context={"player_id": other.id},
                )
            if player.name == name:
                raise InvalidCommand(
                    template=N_("%(name)s already has that name: nothing to change."),
                    params={"name": player.name},
                )
            record = RenameRecord(player.id, player.name, name, staff, at)
            n = run(
                "SELECT COALESCE(MAX(n), 0) + 1 FROM pokertd_player_renames WHERE player_id = ?",
                (player.id,),
            )
            run(
                "INSERT INTO pokertd_player_renames (player_id, n, old_name, old_key, "
                "new_name, staff, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (player.id, int(n[0][0]), player.name, name_key(player.name), name, staff, at),
            )
            run(
                "UPDATE pokertd_players SET name = ?, name_key = ? WHERE id = ?",
                (name, key, player.id),
            )
            run("DELETE FROM pokertd_player_grams WHERE player_id = ?", (player.id,))
            grams = sorted(name_grams(key))
            if grams:
                run(
                    "INSERT INTO pokertd_player_grams (gram, player_id) VALUES "
                    + ", ".join("(?, ?)" for _ in grams)
                    + " ON CONFLICT DO NOTHING",
                    tuple(v for g in grams for v in (g, player.id)),
                )
            return record

    def renames(self, player_ids: Iterable[str]) -> list[RenameRecord]:
        """Every rename of these players, oldest first."""
        ids = sorted(set(player_ids))
        if not ids:
            return []
        rows = self._pread(
            "SELECT player_id, old_name, new_name, staff, at FROM pokertd_player_renames "
            f"WHERE player_id IN ({', '.join('?' for _ in ids)}) ORDER BY at, player_id, n",
            tuple(ids),
        )
        return [RenameRecord(str(a), str(b), str(c), str(d), str(e)) for a, b, c, d, e in rows]

    def player_count(self) -> int:
        """How many players (merged ones too) the database holds."""
        return int(self._pread("SELECT COUNT(*) FROM pokertd_players")[0][0])

    # ---- confirmations --------------------------------------------------------------

    def confirm(self, confirmation: Confirmation) -> None:
        """Record a confirmation (``NotFound`` for an unknown player)."""
        c = confirmation
        with self._ptx() as run:
            self._player_row(run, c.player_id)
            n = run("SELECT COALESCE(MAX(n), 0) + 1 FROM pokertd_player_confirmations", ())
            run(
                "INSERT INTO pokertd_player_confirmations (id, n, player_id, kind, staff, at, "
                "note) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (secrets.token_hex(8), int(n[0][0]), c.player_id, c.kind, c.staff, c.at, c.note),
            )

    def confirmations(self, player_ids: Iterable[str]) -> list[Confirmation]:
        """The confirmations of these players, oldest first."""
        ids = sorted(set(player_ids))
        if not ids:
            return []
        rows = self._pread(
            "SELECT player_id, kind, staff, at, note FROM pokertd_player_confirmations "
            f"WHERE player_id IN ({', '.join('?' for _ in ids)}) ORDER BY n",
            tuple(ids),
        )
        return [Confirmation(str(a), str(b), str(c), str(d), str(e)) for a, b, c, d, e in rows]

    # ---- merges ---------------------------------------------------------------------

    def merge(self, from_id: str, into_id: str, *, staff: str, at: str) -> MergeRecord:
        """Merge duplicate ``from_id`` into ``into_id``; refusals change nothing."""
        if from_id == into_id:
            raise InvalidCommand(template=N_("A player cannot be merged into themselves."))
        with self._ptx() as run:
            source = self._player_row(run, from_id)
            target = self._player_row(run, into_id)
            if source.merged_into is not None:
                raise InvalidCommand(
                    template=N_("%(name)s (%(id)s) is already merged into %(into)s."),
                    params={"name": source.name, "id": source.id, "into": source.merged_into},
                )
            if target.merged_into is not None:
                end = self._follow_merges(run, target.id)
                if end.id == source.id:
                    raise InvalidCommand(
                        template=N_(
                            "%(name)s (%(id)s) was merged into %(into)s (%(into_id)s): a "
                            "player cannot be merged into themselves."
                        ),
                        params={
                            "name": target.name,
                            "id": target.id,
                            "into": source.name,
                            "into_id": source.id,
                        },
                    )
                raise InvalidCommand(
                    template=N_(
                        "%(name)s (%(id)s) was merged into %(into)s (%(into_id)s): merge into "
                        "%(into_id)s instead."
                    ),
                    params={
                        "name": target.name,
                        "id": target.id,
                        "into": end.name,
                        "into_id": end.id,
                    },
                )
            record = MergeRecord(secrets.token_hex(8), source.id, target.id, staff, at)
            n = run("SELECT COALESCE(MAX(n), 0) + 1 FROM pokertd_player_merges", ())
            run(
                "INSERT INTO pokertd_player_merges (id, n, from_id, into_id, staff, at, "
                "undone_by, undone_at) VALUES (?, ?, ?, ?, ?, ?, NULL, NULL)",
                (record.id, int(n[0][0]), record.from_id, record.into_id, staff, at),
            )
            run("UPDATE pokertd_players SET merged_into = ? WHERE id = ?", (target.id, source.id))
        return record

    def undo_merge(self, from_id: str, *, staff: str, at: str) -> MergeRecord:
        """Take back the standing merge of ``from_id``; refusals change nothing."""
        with self._ptx() as run:
            source = self._player_row(run, from_id)
            if source.merged_into is None:
                raise InvalidCommand(
                    template=N_("%(name)s (%(id)s) is not merged into anyone: nothing to undo."),
                    params={"name": source.name, "id": source.id},
                )
            rows = run(
                "SELECT id, from_id, into_id, staff, at, undone_by, undone_at FROM "
                "pokertd_player_merges WHERE from_id = ? AND undone_at IS NULL "
                "ORDER BY n DESC",
                (from_id,),
            )
            if not rows:  # pragma: no cover - merged_into is only set with a merge row
                raise StoreError(
                    template=N_("The merge of player %(id)s is not recorded."),
                    params={"id": from_id},
                )
            merge = _merge(rows[0])
            run(
                "UPDATE pokertd_player_merges SET undone_by = ?, undone_at = ? WHERE id = ?",
                (staff, at, merge.id),
            )
            run("UPDATE pokertd_players SET merged_into = NULL WHERE id = ?", (from_id,))
        return MergeRecord(merge.id, merge.from_id, merge.into_id, merge.staff, merge.at, staff, at)

    def merges(self, player_ids: Iterable[str]) -> list[MergeRecord]:
        """Every merge (undone ones too) from or into these players, oldest first."""
        ids = sorted(set(player_ids))
        if not ids:
            return []
        marks = ", ".join("?" for _ in ids)
        rows = self._pread(
            "SELECT id, from_id, into_id, staff, at, undone_by, undone_at FROM "
            f"pokertd_player_merges WHERE from_id IN ({marks}) OR into_id IN ({marks}) "
            "ORDER BY n",
            (*ids, *ids),
        )
        return [_merge(r) for r in rows]

    def merged_group(self, player_id: str) -> list[str]:
        """``player_id`` and every player merged into it, directly or through others."""
        group = [player_id]
        todo = [player_id]
        self._ensure_players()
        with self._accounts_read() as run:
            while todo and len(group) < 10_000:
                rows = run(
                    "SELECT id FROM pokertd_players WHERE merged_into = ? ORDER BY id",
                    (todo.pop(),),
                )
                for (pid,) in rows:
                    if str(pid) not in group:
                        group.append(str(pid))
                        todo.append(str(pid))
        return group

    # ---- contacts -------------------------------------------------------------------

    def set_email(self, player_id: str, email: str, *, staff: str, at: str) -> None:
        """Record the player's mail address (``""`` clears it); the player must exist."""
        with self._ptx() as run:
            self._player_row(run, player_id)
            run("DELETE FROM pokertd_player_contacts WHERE player_id = ?", (player_id,))
            if email:
                run(
                    "INSERT INTO pokertd_player_contacts (player_id, email, staff, at) "
                    "VALUES (?, ?, ?, ?)",
                    (player_id, email, staff, at),
                )

    def emails(self, player_ids: Iterable[str]) -> dict[str, str]:
        """The mail addresses of those of ``player_ids`` that gave one."""
        ids = sorted(set(player_ids))
        found: dict[str, str] = {}
        for start in range(0, len(ids), _BULK_ROWS):
            part = ids[start : start + _BULK_ROWS]
            rows = self._pread(
                "SELECT player_id, email FROM pokertd_player_contacts "
                f"WHERE player_id IN ({', '.join('?' for _ in part)})",
                tuple(part),
            )
            found.update((str(r[0]), str(r[1])) for r in rows)
        return found

    # ---- imports --------------------------------------------------------------------

    def all_players(self) -> list[PlayerRecord]:
        """Every player (merged ones too), by id."""
        return [
            _record(r) for r in self._pread(f"SELECT {_COLUMNS} FROM pokertd_players ORDER BY id")
        ]

    def import_players(
        self, import_id: str, source: str, rows: Sequence[ImportedPlayer], *, staff: str, at: str
    ) -> ImportRecord:
        """Add ``rows`` (players, their addresses, the import's record) in one transaction;
        refused, nothing written, when an id is taken or a card is already held (another
        write since the preview)."""
        players = [r.player for r in rows]
        with self._ptx() as run:
            if run("SELECT 1 FROM pokertd_player_imports WHERE id = ?", (import_id,)):
                raise InvalidCommand(
                    template=N_("Import id %(id)s is taken; try again."), params={"id": import_id}
                )
            ids = [p.id for p in players]
            for start in range(0, len(ids), _BULK_ROWS):
                part = ids[start : start + _BULK_ROWS]
                taken = run(
                    f"SELECT id FROM pokertd_players WHERE id IN ({', '.join('?' for _ in part)})",
                    tuple(part),
                )
                if taken:
                    raise InvalidCommand(
                        template=N_("Player id %(id)s is taken; try again."),
                        params={"id": taken[0][0]},
                    )
            cards = sorted({card_key(p.card) for p in players if card_key(p.card)})
            for start in range(0, len(cards), _BULK_ROWS):
                part = cards[start : start + _BULK_ROWS]
                held = run(
                    f"SELECT {_COLUMNS} FROM pokertd_players WHERE card_key IN "
                    f"({', '.join('?' for _ in part)}) ORDER BY id",
                    tuple(part),
                )
                if held:
                    holder = _record(held[0])
                    raise InvalidCommand(
                        template=N_(
                            "Card %(card)s belongs to %(name)s (%(id)s) since the preview: "
                            "preview the file again."
                        ),
                        params={"card": holder.card, "name": holder.name, "id": holder.id},
                        context={"player_id": holder.id},
                    )
            self._insert_players(run, players, staff, at)
            emails = [r for r in rows if r.email]
            n = run("SELECT COALESCE(MAX(n), 0) + 1 FROM pokertd_player_imports", ())
            run(
                f"INSERT INTO pokertd_player_imports ({_IMPORT_COLUMNS}, n) "
                "VALUES (?, ?, ?, ?, ?, ?, NULL, NULL, ?)",
                (import_id, staff, at, source, len(rows), len(emails), int(n[0][0])),
            )
            for start in range(0, len(rows), _BULK_ROWS):
                chunk = rows[start : start + _BULK_ROWS]
                run(
                    "INSERT INTO pokertd_player_import_rows (import_id, player_id, line, email, "
                    "joined, nickname) VALUES " + ", ".join("(?, ?, ?, ?, ?, ?)" for _ in chunk),
                    tuple(
                        v
                        for r in chunk
                        for v in (import_id, r.player.id, r.line, r.email, r.joined, r.nickname)
                    ),
                )
            for start in range(0, len(emails), _BULK_ROWS):
                chunk = emails[start : start + _BULK_ROWS]
                run(
                    "INSERT INTO pokertd_player_contacts (player_id, email, staff, at) VALUES "
                    + ", ".join("(?, ?, ?, ?)" for _ in chunk),
                    tuple(v for r in chunk for v in (r.player.id, r.email, staff, at)),
                )
        return ImportRecord(import_id, staff, at, source, len(rows), len(emails))

    def _import_row(self, run: Runner, import_id: str) -> ImportRecord:
        rows = run(
            f"SELECT {_IMPORT_COLUMNS} FROM pokertd_player_imports WHERE id = ?", (import_id,)
        )
        if not rows:
            raise NotFound(
                template=N_("There is no import %(id)s: `pokertd player imports` lists them."),
                params={"id": repr(import_id)},
                context={"import_id": import_id},
            )
        return _import(rows[0])

    def undo_import(self, import_id: str, *, staff: str, at: str) -> ImportRecord:
        """Remove exactly the players import ``import_id`` added (their search index and
        the addresses it set) and mark it undone, in one transaction. Refused, nothing
        changed, when it is undone already or when anything refers to one of its players
        since: a tournament registration, a merge (either side, undone ones too: the
        history names them), a confirmation, a rename, or an address changed since; the
        sentence names the first few players and why."""
        with self._ptx() as run:
            record = self._import_row(run, import_id)
            if not record.active:
                raise InvalidCommand(
                    template=N_(
                        "Import %(id)s was undone by %(staff)s at %(at)s: nothing to undo."
                    ),
                    params={
                        "id": record.id,
                        "staff": record.undone_by,
                        "at": (record.undone_at or "")[:16].replace("T", " "),
                    },
                )
            ids = [
                str(r[0])
                for r in run(
                    "SELECT player_id FROM pokertd_player_import_rows WHERE import_id = ? "
                    "ORDER BY line",
                    (import_id,),
                )
            ]
            why: dict[str, list[str]] = {}
            checks = (
                ("SELECT player_id FROM pokertd_player_events WHERE player_id IN ({})",
                 "played a tournament"),
                ("SELECT from_id FROM pokertd_player_merges WHERE from_id IN ({})",
                 "was merged into another player"),
                ("SELECT into_id FROM pokertd_player_merges WHERE into_id IN ({})",
                 "had a duplicate merged into them"),
                ("SELECT player_id FROM pokertd_player_confirmations WHERE player_id IN ({})",
                 "has a confirmation"),
                ("SELECT player_id FROM pokertd_player_renames WHERE player_id IN ({})",
                 "was renamed"),
                ("SELECT merged_into FROM pokertd_players WHERE merged_into IN ({})",
                 "had a duplicate merged into them"),
                ("SELECT player_id FROM pokertd_player_contacts WHERE player_id IN ({}) "
                 "AND at <> ?", "has a mail address set since"),
            )  # fmt: skip
            for start in range(0, len(ids), _BULK_ROWS):
                part = ids[start : start + _BULK_ROWS]
                marks = ", ".join("?" for _ in part)
                for sql, reason in checks:
                    params: tuple[Any, ...] = (*part, record.at) if "<>" in sql else tuple(part)
                    for (pid,) in run(sql.format(marks), params):
                        reasons = why.setdefault(str(pid), [])
                        if reason not in reasons:
                            reasons.append(reason)
            if why:
                names = {
                    str(r[0]): str(r[1])
                    for r in run(
                        "SELECT id, name FROM pokertd_players WHERE id IN "
                        f"({', '.join('?' for _ in why)})",
                        tuple(why),
                    )
                }
                listed = [
                    f"{names.get(pid, pid)} ({pid}) {' and '.join(why[pid])}"
                    for pid in ids
                    if pid in why
                ]
                template = N_(
                    "Import %(id)s cannot be undone: %(players)s. Undo those first (or keep "
                    "the import)."
                )
                if len(listed) > 3:
                    template = N_(
                        "Import %(id)s cannot be undone: %(players)s, and %(more)s more. Undo "
                        "those first (or keep the import)."
                    )
                raise InvalidCommand(
                    template=template,
                    params={
                        "id": record.id,
                        "players": "; ".join(listed[:3]),
                        "more": len(listed) - 3,
                    },
                    context={"player_ids": [pid for pid in ids if pid in why]},
                )
            for start in range(0, len(ids), _BULK_ROWS):
                part = ids[start : start + _BULK_ROWS]
                marks = ", ".join("?" for _ in part)
                for table, column in (
                    ("pokertd_player_grams", "player_id"),
                    ("pokertd_player_contacts", "player_id"),
                    ("pokertd_players", "id"),
                ):
                    run(f"DELETE FROM {table} WHERE {column} IN ({marks})", tuple(part))
            run(
                "UPDATE pokertd_player_imports SET undone_by = ?, undone_at = ? WHERE id = ?",
                (staff, at, record.id),
            )
        return ImportRecord(
            record.id, record.staff, record.at, record.source, record.added, record.emails,
            staff, at,
        )  # fmt: skip

    def player_imports(self, limit: int = 50) -> list[ImportRecord]:
        """The latest imports (undone ones too), newest first."""
        rows = self._pread(
            f"SELECT {_IMPORT_COLUMNS} FROM pokertd_player_imports ORDER BY n DESC LIMIT ?",
            (max(1, min(limit, SEARCH_LIMIT_MAX)),),
        )
        return [_import(r) for r in rows]

    def imported_players(self, import_id: str) -> list[ImportedPlayer]:
        """The players one import added, by line (names as the import wrote them: the
        import's rows keep the ids; a player's current name is in ``pokertd_players``)."""
        self._ensure_players()
        with self._accounts_read() as run:
            self._import_row(run, import_id)
            rows = run(
                "SELECT r.player_id, COALESCE(p.name, ''), COALESCE(p.card, ''), r.line, "
                "r.email, r.joined, r.nickname FROM pokertd_player_import_rows r "
                "LEFT JOIN pokertd_players p ON p.id = r.player_id WHERE r.import_id = ? "
                "ORDER BY r.line",
                (import_id,),
            )
        return [
            ImportedPlayer(NewPlayer(str(a), str(b), str(c)), int(d), str(e), str(f), str(g))
            for a, b, c, d, e, f, g in rows
        ]

    # ---- tournaments ----------------------------------------------------------------

    def link_event(self, player_id: str, tournament_id: str) -> None:
        """Note that ``player_id`` registered in ``tournament_id`` (idempotent)."""
        with self._ptx() as run:
            run(
                "INSERT INTO pokertd_player_events (player_id, tournament_id) VALUES (?, ?) "
                "ON CONFLICT DO NOTHING",
                (player_id, tournament_id),
            )

    def link_events(self, pairs: Sequence[tuple[str, str]]) -> None:
        """:meth:`link_event` for many ``(player_id, tournament_id)`` in one transaction."""
        with self._ptx() as run:
            for start in range(0, len(pairs), _BULK_ROWS):
                part = pairs[start : start + _BULK_ROWS]
                run(
                    "INSERT INTO pokertd_player_events (player_id, tournament_id) VALUES "
                    + ", ".join("(?, ?)" for _ in part)
                    + " ON CONFLICT DO NOTHING",
                    tuple(v for pair in part for v in pair),
                )

    def player_events(self, player_ids: Iterable[str]) -> list[str]:
        """The tournaments these players registered in (ids, sorted)."""
        ids = sorted(set(player_ids))
        if not ids:
            return []
        rows = self._pread(
            "SELECT DISTINCT tournament_id FROM pokertd_player_events "
            f"WHERE player_id IN ({', '.join('?' for _ in ids)}) ORDER BY tournament_id",
            tuple(ids),
        )
        return [str(r[0]) for r in rows]


__all__ = [
    "IMPORT_TABLES",
    "PLAYERS_LOCK",
    "PLAYERS_SCHEMA_LOCK",
    "PLAYER_ID_ALPHABET",
    "PLAYER_TABLES",
    "SEARCH_LIMIT_MAX",
    "TYPO_MIN",
    "Confirmation",
    "ImportRecord",
    "ImportedPlayer",
    "MergeRecord",
    "NewPlayer",
    "PlayerRecord",
    "PlayerStore",
    "RenameRecord",
    "SqlPlayers",
    "card_key",
    "compact_key",
    "likely_keys",
    "likely_same",
    "name_grams",
    "name_key",
    "new_player_id",
    "query_grams",
]
