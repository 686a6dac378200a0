"""League history brought in from another tool: a season's past results from a CSV file
(issue 26, point 4).

A club that moves to pokertd mid-season has its earlier nights in a league site or a
spreadsheet. An import reads such an export, one row per player per past event
(player name and/or card, event date, event name, place, points, prize), in the player
import's three steps (:mod:`pokertd.app.player_import`, whose file reading, header
guessing and player matching it reuses):

1. **Mapping**: each column goes to one of :data:`FIELDS`, guessed from its header
   (:data:`ALIASES`: "Player", "Member #", "Date", "Tournament", "Finish", "Pts",
   "Winnings" …), changed by the director (``--map "Pts=points"``).
2. **Preview** (nothing written): every row is ``matched`` (one player of the database:
   the same card, or the name spelled the same), ``duplicate`` (likely someone in the
   database, spelled otherwise: skipped, fix the file or merge first), ``unknown`` (nobody
   in the database: skipped; import the players first with ``pokertd player import``,
   the same file works) or ``bad`` (a date, place, points or prize that is not one or out
   of range, a player twice in one event: reported with the file's line and skipped).
3. **Import**: the matched rows are written as one batch of the season's *imported
   history* (an id, who, when, the file), in one transaction; :meth:`HistoryImports.undo`
   deletes exactly that batch.

The standings count an imported result as one event of the player's (best N, the
tie-break's places), with the **points as the file gave them**: never recomputed by the
league's scheme (the other tool's scheme was the rule of those nights), and say so: the
event lines and the player's points are marked ``imported``. The tournaments' logs stay
the truth of the nights played in pokertd; an imported night is not a tournament.

Limits: the player import's file limits (5 MiB, 20,000 rows, 50 columns); points from
0 to :data:`POINTS_MAX` with at most two decimals; a place from 1 to :data:`PLACE_MAX`; a
prize from 0 to :data:`PRIZE_MAX_CENTS`; an event name of :data:`EVENT_MAX` characters;
a date as ``2025-03-04``, ``4.3.2025`` or ``3/4/2025`` (month first, as US tools write it).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from pokertd.app.leagues import LeagueService
from pokertd.app.player_import import (
    ALIASES as PLAYER_ALIASES,
)
from pokertd.app.player_import import (
    SOURCE_MAX,
    _clean,
    _Index,
    _joined,
    header_key,
    read_table,
)
from pokertd.errors import InvalidCommand, PokertdError
from pokertd.i18n import N_
from pokertd.league.results import DB_PREFIX
from pokertd.store.leagues import HistoryImportRow, HistoryRow
from pokertd.store.players import PLAYER_ID_ALPHABET, card_key, name_key, new_player_id
from pokertd.tournament.limits import CARD_MAX, NAME_MAX, SHORT_MAX, normalize_text

POINTS_MAX = 100_000
"""The most points one imported result may give."""
PLACE_MAX = 10_000
"""The largest finishing place read."""
PRIZE_MAX_CENTS = 100_000_000
"""The largest prize read ($1,000,000)."""
EVENT_MAX = 80
"""The longest event name read."""

FIELDS = (
    "name", "first_name", "last_name", "nickname", "card",
    "date", "event", "place", "points", "prize", "ignore",
)  # fmt: skip
"""What a column can be: the player (whole name, or first and last name, or nickname; the
card or member number), the event's date and name, the player's place, points and prize;
``ignore`` (not read)."""

ALIASES: Mapping[str, str] = {
    **{a: f for a, f in PLAYER_ALIASES.items() if f in FIELDS},
    **{
        alias: fld
        for fld, aliases in {
            "date": ("date", "event date", "played", "played on", "game date",
                     "tournament date", "night", "day"),
            "event": ("event", "event name", "tournament", "tournament name", "game",
                      "game name", "title"),
            "place": ("place", "position", "pos", "finish", "finished", "rank",
                      "finish position", "placing"),
            "points": ("points", "pts", "score", "league points", "season points",
                       "points earned"),
            "prize": ("prize", "winnings", "won", "payout", "cash", "cashed", "prize money",
                      "amount won", "earnings"),
        }.items()
        for alias in aliases
    },
}  # fmt: skip
"""Column headers each field is guessed from (compared as :func:`header_key` folds them);
the player columns are the player import's."""

STATUSES = ("matched", "duplicate", "unknown", "bad")


@dataclass(frozen=True, slots=True)
class HistoryLine:
    """One row of the file as the preview sorts it."""

    line: int
    status: str
    """``matched``, ``duplicate``, ``unknown`` or ``bad`` (:data:`STATUSES`)."""
    name: str
    card: str = ""
    date: str = ""
    event: str = ""
    place: int | None = None
    points: float = 0.0
    prize_cents: int | None = None
    player_id: str = ""
    """The matched (or likely) player of the database."""
    player_name: str = ""
    reason: str = ""
    """Why it matched or likely matches; why a ``bad`` row is skipped."""


@dataclass(frozen=True, slots=True)
class HistoryPreview:
    """What an import would do, nothing written."""

    league: str
    season: str
    source: str
    columns: tuple[str, ...]
    mapping: Mapping[str, str]
    encoding: str
    rows: tuple[HistoryLine, ...]
    counts: Mapping[str, int] = field(default_factory=dict)

    def to_add(self) -> list[HistoryLine]:
        """The rows the import writes: the matched ones."""
        return [r for r in self.rows if r.status == "matched"]

    def events(self) -> int:
        """How many past events the matched rows make (date and event name)."""
        return len({(r.date, r.event) for r in self.to_add()})


def guess_mapping(columns: Sequence[str]) -> dict[str, str]:
    """Column -> field from the headers; the first column of a field wins; a whole name
    beats first and last name."""
    out: dict[str, str] = {}
    for col in columns:
        fld = ALIASES.get(header_key(col))
        if fld is not None and fld not in out.values():
            out[col] = fld
    if "name" in out.values():
        out = {c: f for c, f in out.items() if f not in ("first_name", "last_name")}
    return out


def check_mapping(columns: Sequence[str], mapping: Mapping[str, str]) -> dict[str, str]:
    """``mapping`` checked: known columns and fields, a field once, a player column, a
    date and a points column; refused in a sentence otherwise."""
    out: dict[str, str] = {}
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
        if what in out.values():
            other = next(c for c, f in out.items() if f == what)
            raise InvalidCommand(
                template=N_("Columns %(other)s and %(col)s are both mapped to %(what)s: map one."),
                params={"other": repr(other), "col": repr(col), "what": what},
            )
        out[col] = what
    have = set(out.values())
    if not {"name", "first_name", "last_name", "nickname", "card"} & have:
        raise InvalidCommand(
            template=N_(
                "No column names the players: map one to name or card, e.g. --map 'Player=name'."
            )
        )
    for needed, example in (("date", "Date=date"), ("points", "Pts=points")):
        if needed not in have:
            raise InvalidCommand(
                template=N_(
                    "No column holds the %(needed)s: map one, e.g. --map '%(example)s'. Nothing "
                    "was read."
                ),
                params={"needed": needed, "example": example},
            )
    return out


_NUMBER = re.compile(r"\d{1,9}(\.\d{1,2})?")


def _decimal(raw: str) -> str:
    """``1,250.50`` / ``1,250`` (thousands, as US tools write them) and ``12,5`` (a decimal
    comma) as ``1250.50`` / ``1250`` / ``12.5``."""
    if "." in raw or re.fullmatch(r"\d{1,3}(,\d{3})+", raw):
        return raw.replace(",", "")
    return raw.replace(",", ".")


def _points(text: str) -> float:
    raw = _decimal(text.strip().replace(" ", ""))
    if not _NUMBER.fullmatch(raw) or float(raw) > POINTS_MAX:
        raise InvalidCommand(
            template=N_(
                "The points %(text)s are not a number from 0 to %(most)s with at most two decimals."
            ),
            params={"text": repr(text.strip()[:20]), "most": f"{POINTS_MAX:,}"},
        )
    return float(raw)


def _place(text: str) -> int | None:
    raw = text.strip().lower()
    if not raw:
        return None
    raw = re.sub(r"(st|nd|rd|th)$", "", raw)
    if not raw.isdigit() or not 1 <= int(raw) <= PLACE_MAX:
        raise InvalidCommand(
            template=N_("The place %(text)s is not a whole number from 1 to %(most)s."),
            params={"text": repr(text.strip()[:20]), "most": f"{PLACE_MAX:,}"},
        )
    return int(raw)


def _prize(text: str) -> int | None:
    raw = re.sub(r"[\s$€£]", "", text)
    if not raw:
        return None
    raw = _decimal(raw)
    if not _NUMBER.fullmatch(raw):
        raise InvalidCommand(
            template=N_("The prize %(text)s is not an amount like 125.50."),
            params={"text": repr(text.strip()[:20])},
        )
    whole, _, frac = raw.partition(".")
    cents = int(whole) * 100 + int((frac + "00")[:2])
    if cents > PRIZE_MAX_CENTS:
        raise InvalidCommand(
            template=N_("The prize %(text)s is over $%(most)s."),
            params={"text": repr(text.strip()[:20]), "most": f"{PRIZE_MAX_CENTS // 100:,}"},
        )
    return cents


class HistoryImports:
    """Preview, import and undo of a season's past results over a :class:`LeagueService`
    (its player database matches the rows)."""

    def __init__(self, leagues: LeagueService, *, now: Callable[[], float] = time.time) -> None:
        self.leagues = leagues
        self._now = now

    def preview(
        self,
        league: str,
        season: str,
        data: bytes,
        mapping: Mapping[str, str] | None = None,
        *,
        source: str = "history.csv",
    ) -> HistoryPreview:
        """What importing ``data`` into the season would do (nothing is written)."""
        self.leagues.season(league, season)  # NotFound in a sentence
        if self.leagues.players is None:  # pragma: no cover - every SQL store keeps players
            raise InvalidCommand(
                template=N_("This store keeps no player database to match the rows with.")
            )
        columns, table, encoding = read_table(data)
        chosen = check_mapping(columns, guess_mapping(columns) if mapping is None else mapping)
        index = _Index(self.leagues.players.all_players())
        at = {col: i for i, col in enumerate(columns)}
        seen: dict[tuple[str, str, str], int | str] = {
            (h.event_date, h.event_name, h.player.removeprefix(DB_PREFIX)): h.import_id
            for h in self.leagues.store.season_history(league, season)
        }  # a result imported before is not imported twice
        rows: list[HistoryLine] = []
        for line, record in table:
            cell = {f: (record[at[c]] if at[c] < len(record) else "") for c, f in chosen.items()}
            rows.append(self._row(line, cell, index, seen))
        return HistoryPreview(
            league=league,
            season=season,
            source=normalize_text(source)[:SOURCE_MAX] or "history.csv",
            columns=tuple(columns),
            mapping=chosen,
            encoding=encoding,
            rows=tuple(rows),
            counts={s: sum(1 for r in rows if r.status == s) for s in STATUSES},
        )

    @staticmethod
    def _row(
        line: int,
        cell: Mapping[str, str],
        index: _Index,
        seen: dict[tuple[str, str, str], int | str],
    ) -> HistoryLine:
        raw_name = cell.get("name", "").strip() or " ".join(
            x for x in (cell.get("first_name", "").strip(), cell.get("last_name", "").strip()) if x
        )
        raw_name = raw_name or cell.get("nickname", "")
        shown = " ".join(raw_name.split())[:NAME_MAX]
        try:
            name = _clean(raw_name, "A player's name", NAME_MAX)
            card = _clean(cell.get("card", ""), "A card number", CARD_MAX)
            if not name and not card:
                raise InvalidCommand(template=N_("The row names no player (no name and no card)."))
            try:
                day = _joined(_clean(cell.get("date", ""), "A date", SHORT_MAX))
            except ValueError:
                day = "?"
            if not day or day == "?":
                raise InvalidCommand(
                    template=N_(
                        "The date %(date)s is not a date (2025-03-04, 4.3.2025 or 3/4/2025)."
                    ),
                    params={"date": repr(cell.get("date", "").strip()[:40])},
                )
            event = _clean(cell.get("event", ""), "An event name", EVENT_MAX)
            place = _place(cell.get("place", ""))
            points = _points(cell.get("points", ""))
            prize = _prize(cell.get("prize", ""))
        except PokertdError as exc:
            return HistoryLine(line, "bad", shown, reason=exc.message)
        row = HistoryLine(line, "unknown", name, card, day, event, place, points, prize)
        row = _match(row, index)
        if row.status == "matched":
            key = (day, event, row.player_id)
            if key in seen:
                where = seen[key]
                why = (
                    f"{row.player_name} is also on line {where} for this event."
                    if isinstance(where, int)
                    else f"{row.player_name}'s result of this event was imported already ({where})."
                )
                return replace(row, status="bad", reason=why)
            seen[key] = line
        return row

    def run(
        self,
        league: str,
        season: str,
        data: bytes,
        mapping: Mapping[str, str] | None = None,
        *,
        staff: str,
        source: str = "history.csv",
    ) -> tuple[HistoryImportRow, HistoryPreview]:
        """Import the preview's matched rows as one batch of the season's history (one
        transaction); refused, nothing written, when no row matches."""
        preview = self.preview(league, season, data, mapping, source=source)
        who = _clean(staff, "A staff name", NAME_MAX)
        if not who:
            raise InvalidCommand(template=N_("A staff name is missing."))
        rows = preview.to_add()
        if not rows:
            raise InvalidCommand(
                template=N_("Nothing to import: %(summary)s. Nothing was changed."),
                params={"summary": summary(preview)},
            )
        import_id = "ih" + new_player_id()[2:]
        assert set(import_id[2:]) <= set(PLAYER_ID_ALPHABET)
        record = HistoryImportRow(
            import_id, league, season, preview.source, who, self._now(), len(rows)
        )
        self.leagues.store.add_history(
            record,
            [
                HistoryRow(
                    import_id,
                    r.line,
                    f"{DB_PREFIX}{r.player_id}",
                    r.player_name,
                    r.date,
                    r.event,
                    r.place,
                    r.points,
                    r.prize_cents,
                )
                for r in rows
            ],
        )
        return record, preview

    def undo(self, import_id: str, *, staff: str) -> HistoryImportRow:
        """Take back a history import whole: exactly its rows are deleted (the record stays,
        marked undone); refused when unknown or undone already."""
        ident = _clean(import_id, "An import's id", SHORT_MAX)
        who = _clean(staff, "A staff name", NAME_MAX)
        if not who:
            raise InvalidCommand(template=N_("A staff name is missing."))
        return self.leagues.store.undo_history(ident, by=who, at=self._now())

    def history(self, league: str, season: str) -> list[HistoryImportRow]:
        """The season's history imports, newest first (undone ones too)."""
        self.leagues.season(league, season)
        return self.leagues.store.history_imports(league, season)


def _match(row: HistoryLine, index: _Index) -> HistoryLine:
    """``row`` matched to the database as the player import matches (a card, then the name
    spelled the same; likely duplicates named)."""
    key, ckey = name_key(row.name), card_key(row.card)
    if ckey and ckey in index.cards:
        holder = index.survivor(index.cards[ckey])
        if not row.name or key in (name_key(holder.name), name_key(index.cards[ckey].name)):
            return replace(row, status="matched", player_id=holder.id, player_name=holder.name,
                           reason="the same card")  # fmt: skip
        why = f"Card {row.card} belongs to {holder.name} ({holder.id})."
        return replace(row, status="bad", player_id=holder.id, player_name=holder.name, reason=why)
    if not row.name:
        return replace(row, reason=f"No player has card {row.card}.")
    same = index.names.get(key, [])
    exact = [p for p in same if p.name == row.name and (not ckey or not card_key(p.card))]
    if len(exact) == 1:
        p = exact[0]
        return replace(row, status="matched", player_id=p.id, player_name=p.name,
                       reason="the same name")  # fmt: skip
    if len(exact) > 1:
        why = f"{len(exact)} players are called {row.name}: give the card."
        return replace(row, status="bad", reason=why)
    if same:
        p = same[0]
        why = (
            "the same name with another card"
            if p.name == row.name
            else "the same name spelled otherwise (capitals, accents or spaces)"
        )
        return replace(row, status="duplicate", player_id=p.id, player_name=p.name, reason=why)
    near = index.nearest(key)
    if near is not None:
        return replace(row, status="duplicate", player_id=near.id, player_name=near.name,
                       reason=near.reason)  # fmt: skip
    return replace(row, reason="nobody of that name in the player database")


def summary(preview: HistoryPreview) -> str:
    """``"30 matched (3 events), 0 likely duplicates, 2 unknown players, 1 with problems"``."""
    c = preview.counts
    return (
        f"{c.get('matched', 0)} matched ({preview.events()} events), "
        f"{c.get('duplicate', 0)} likely duplicates, {c.get('unknown', 0)} unknown players, "
        f"{c.get('bad', 0)} with problems"
    )


def preview_document(p: HistoryPreview) -> dict[str, Any]:
    """A preview as the CLI's ``--json`` and the API write it."""
    return {
        "league": p.league,
        "season": p.season,
        "source": p.source,
        "encoding": p.encoding,
        "columns": list(p.columns),
        "mapping": dict(p.mapping),
        "fields": list(FIELDS),
        "counts": dict(p.counts),
        "events": p.events(),
        "to_add": len(p.to_add()),
        "summary": summary(p),
        "rows": [asdict(r) for r in p.rows],
    }


def record_document(r: HistoryImportRow) -> dict[str, Any]:
    """A history import's record for ``--json`` and the API."""
    return asdict(r) | {"active": r.active}


__all__ = [
    "ALIASES",
    "EVENT_MAX",
    "FIELDS",
    "PLACE_MAX",
    "POINTS_MAX",
    "PRIZE_MAX_CENTS",
    "HistoryImportRow",
    "HistoryImports",
    "HistoryLine",
    "HistoryPreview",
    "check_mapping",
    "guess_mapping",
    "preview_document",
    "record_document",
    "summary",
]
