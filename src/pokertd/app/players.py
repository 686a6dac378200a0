"""The player service: the player database shared by every tournament of a store (issue 14).

Faces (CLI now, web later) call :class:`PlayerService`; it checks what a floorperson typed
(lengths, characters, which confirmations exist) and refuses in sentences before the store
is touched, so a rejected call changes nothing. The people live in the store's player tables
(:mod:`pokertd.store.players`); what they did lives in the tournaments' own logs, read
through :class:`~pokertd.app.tournaments.TournamentService`: a player's history maps each entry of
each tournament to the person recorded with it at registration (``PlayerAdded.db_id``).

A merge points a duplicate at the player it is merged into and moves nothing: the
survivor's history is read over both (every player merged into it), and undoing the merge
gives each their own results back, exactly as before. Registration picks the person
itself (:meth:`TournamentService.run` fills ``Register.player_id``: the card's holder,
else the one player with exactly that name, else a new player).

Implements: A1 (age and membership confirmed by staff, with who and when), A13 (one person,
one stack: a registration names the person).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime

from pokertd.app.tournaments import TournamentService, player_rows, utc_now
from pokertd.errors import InvalidCommand, NotFound
from pokertd.i18n import N_, Phrase
from pokertd.store.players import (
    SEARCH_LIMIT_MAX,
    Confirmation,
    MergeRecord,
    NewPlayer,
    PlayerRecord,
    PlayerStore,
    RenameRecord,
    new_player_id,
)
from pokertd.store.projections import ProjectionStore
from pokertd.tournament.entries import EntryStatus, Roster, Setup
from pokertd.tournament.framework import TournamentState
from pokertd.tournament.limits import (
    CARD_MAX,
    NAME_MAX,
    REASON_MAX,
    SHORT_MAX,
    bad_character,
    normalize_text,
)
from pokertd.tournament.prizes import standings
from pokertd.types import Cents

CONFIRMATION_KINDS = ("age", "membership")
"""What staff confirm about a player (A1): the minimum age, a membership."""

PointsSource = Callable[[str], Mapping[str, float]]
"""``points(tournament_id)``: league points per database player id in that tournament
(the league service answers it; without one a history shows no points)."""


@dataclass(frozen=True, slots=True)
class PlayerProfile:
    """One player as the floor sees them: the record, who they stand for now, the
    duplicates merged into them, their confirmations and every merge touching them."""

    player: PlayerRecord
    survivor: PlayerRecord
    """Itself, or the player it was merged into."""
    merged: tuple[PlayerRecord, ...]
    """Players merged into this one (directly or through others)."""
    confirmations: tuple[Confirmation, ...]
    merges: tuple[MergeRecord, ...]
    renames: tuple[RenameRecord, ...] = ()
    """Every rename of the player (and of those merged into them), oldest first."""


@dataclass(frozen=True, slots=True)
class HistoryRow:
    """What one person did in one tournament (all of their entries there together)."""

    tournament_id: str
    event: str
    date: str
    """When the tournament was created (ISO-8601)."""
    name: str
    """The name the person registered under there."""
    db_id: str
    """The database player the entries were recorded with (a merged duplicate's id shows
    which of the two played)."""
    entries: int
    rebuys: int
    addons: int
    entrants: int
    """Entries sold in the whole tournament."""
    status: str
    """``alive`` while a stack is in play, else how the last entry ended."""
    place: int | None
    """The best finishing place of the person's entries (``None``: not placed yet)."""
    prize: Cents
    bounties: Cents
    spent: Cents
    """Every buy-in, re-entry, rebuy and add-on the person paid (each fee included)."""
    points: float | None


@dataclass(frozen=True, slots=True)
class PlayerHistory:
    """A player's events, finishes, prizes, bounties and points, newest first, and totals."""

    player: PlayerRecord
    ids: tuple[str, ...]
    """The player and every duplicate merged into them: the ids read."""
    rows: tuple[HistoryRow, ...]
    events: int
    cashes: int
    best_place: int | None
    prizes: Cents
    bounties: Cents
    spent: Cents
    points: float | None


FIELDS = (
    N_("A mail address"),
    N_("A player's id"),
    N_("A player's name"),
    N_("A card or member number"),
    N_("A card number"),
    N_("A nickname"),
    N_("A joined date"),
    N_("A staff name"),
    N_("A note"),
    N_("A search"),
    N_("An import's id"),
)
"""The fields of a player (and of the player import) the generic checks name: each is a
:class:`~pokertd.i18n.Phrase` in their refusals, translated with the sentence."""


def field_name(what: str) -> str:
    """``what`` as a refusal's parameter: a :class:`~pokertd.i18n.Phrase` when it is one of
    :data:`FIELDS` (translated), else as it is."""
    return Phrase(what) if what in FIELDS else what


def check_field(text: str, what: str, most: int, *, empty_ok: bool = False) -> str:
    """``text`` (already trimmed) if it holds no bad character and at most ``most``
    characters, else ``InvalidCommand`` in a sentence naming the field ``what``."""
    bad = bad_character(text)
    if bad is not None:
        raise InvalidCommand(
            template=N_("%(what)s cannot hold %(bad)s."),
            params={"what": field_name(what), "bad": bad},
        )
    if not text and not empty_ok:
        raise InvalidCommand(template=N_("%(what)s is missing."), params={"what": field_name(what)})
    if len(text) > most:
        raise InvalidCommand(
            template=N_("%(what)s can have at most %(most)s characters, not %(count)s."),
            params={"what": field_name(what), "most": most, "count": len(text)},
        )
    return text


def _text(value: str, what: str, most: int, *, empty_ok: bool = False) -> str:
    """``value`` trimmed and NFC, or ``InvalidCommand`` in a sentence (length, characters)."""
    return check_field(normalize_text(value), what, most, empty_ok=empty_ok)


EMAIL_MAX = 254
"""The longest mail address (RFC 5321's path limit less the angle brackets)."""
_EMAIL_SHAPE = re.compile(r"[^@\s]{1,64}@[^@\s.]+(\.[^@\s.]+)+")


def checked_email(value: str) -> str:
    """``value`` trimmed as a mail address, ``""`` for none, or ``InvalidCommand`` in a
    sentence: the shape ``name@host.domain`` is all that is checked here (the mail server
    is the judge of the rest)."""
    address = _text(value, N_("A mail address"), EMAIL_MAX, empty_ok=True)
    if address and not _EMAIL_SHAPE.fullmatch(address):
        raise InvalidCommand(
            template=N_("%(address)s is not a mail address (name@example.org)."),
            params={"address": repr(address[:60])},
        )
    return address


class PlayerService:
    """Adds, finds, confirms and merges players; reads their history from the tournaments.

    ``store`` is the player database (normally ``tournaments.store``); ``now`` the clock of
    every "when"; ``points`` where league points come from (optional).
    """

    def __init__(
        self,
        store: PlayerStore | object,
        tournaments: TournamentService,
        *,
        now: Callable[[], datetime] = utc_now,
        points: PointsSource | None = None,
    ) -> None:
        if not isinstance(store, PlayerStore):
            raise InvalidCommand(template=N_("This store keeps no player database."))
        self.store: PlayerStore = store
        self.tournaments = tournaments
        self._now = now
        self._points = points

    def _at(self) -> str:
        return self._now().isoformat()

    @staticmethod
    def _id(player_id: str) -> str:
        return _text(player_id, N_("A player's id"), SHORT_MAX)

    def get(self, player_id: str) -> PlayerRecord:
        """The player with this id (``NotFound`` in a sentence when there is none)."""
        found = self.store.player(self._id(player_id))
        if found is None:
            raise NotFound(
                template=N_("There is no player %(player)s in the player database."),
                params={"player": repr(player_id.strip())},
                context={"player_id": player_id},
            )
        return found

    # ---- writes ---------------------------------------------------------------------

    def add(self, name: str, card: str = "", *, staff: str) -> PlayerRecord:
        """Add a person; refused (nothing added) for a bad name or card, or a card that
        already belongs to someone."""
        clean = _text(" ".join(name.split()), N_("A player's name"), NAME_MAX)
        number = _text(card, N_("A card or member number"), CARD_MAX, empty_ok=True)
        who = _text(staff, N_("A staff name"), NAME_MAX)
        for _ in range(5):
            pid = new_player_id()
            if self.store.player(pid) is None:
                record = NewPlayer(pid, clean, number)
                return self.store.add_player(record, staff=who, at=self._at())
        raise InvalidCommand(
            template=N_("Could not find a free player id; try again.")
        )  # pragma: no cover

    def confirm(self, player_id: str, kind: str, *, staff: str, note: str = "") -> Confirmation:
        """Record that ``staff`` confirmed the player's ``kind`` (age, membership) now (A1)."""
        what = kind.strip().casefold()
        if what not in CONFIRMATION_KINDS:
            raise InvalidCommand(
                template=N_("Staff confirm %(kinds)s, not %(kind)s."),
                params={"kinds": " or ".join(CONFIRMATION_KINDS), "kind": repr(kind.strip()[:40])},
            )
        player = self.get(player_id)
        confirmation = Confirmation(
            player.id,
            what,
            _text(staff, N_("A staff name"), NAME_MAX),
            self._at(),
            _text(note, N_("A note"), REASON_MAX, empty_ok=True),
        )
        self.store.confirm(confirmation)
        return confirmation

    def merge(self, from_id: str, into_id: str, *, staff: str) -> MergeRecord:
        """Merge duplicate ``from_id`` into ``into_id`` (recorded with who and when)."""
        source, target = self._id(from_id), self._id(into_id)
        if source == target:
            raise InvalidCommand(template=N_("A player cannot be merged into themselves."))
        self.get(source), self.get(target)
        return self.store.merge(
            source, target, staff=_text(staff, N_("A staff name"), NAME_MAX), at=self._at()
        )

    def unmerge(self, from_id: str, *, staff: str) -> MergeRecord:
        """Undo the standing merge of ``from_id``: both players have their own results
        again; the merge and its undo stay recorded."""
        player = self.get(from_id)
        return self.store.undo_merge(
            player.id, staff=_text(staff, N_("A staff name"), NAME_MAX), at=self._at()
        )

    def rename(self, player_id: str, name: str, *, staff: str) -> RenameRecord:
        """Give the player a new name (a spelling fixed, a name changed), recorded with
        who and when. History is kept: every tournament keeps the name it recorded under
        the same player id, so results, points and merges stay the player's, and the old
        spelling still finds them (:meth:`search`, :meth:`find`, shown as "formerly").
        Refused (nothing changed) for an empty or too long name, or one another player
        already has (the message names them)."""
        player = self.get(player_id)
        clean = _text(" ".join(name.split()), N_("A player's name"), NAME_MAX)
        return self.store.rename(
            player.id, clean, staff=_text(staff, N_("A staff name"), NAME_MAX), at=self._at()
        )

    def set_email(self, player_id: str, email: str, *, staff: str) -> str:
        """Record the player's mail address (``""`` clears it), kept private: it is read
        only to send the player their own results. Refused, nothing changed, for an
        address that is not one (``name@host.domain``, at most 254 characters)."""
        player = self.get(player_id)
        address = checked_email(email)
        self.store.set_email(
            player.id, address, staff=_text(staff, N_("A staff name"), NAME_MAX), at=self._at()
        )
        return address

    def emails(self, player_ids: list[str]) -> dict[str, str]:
        """The mail addresses of those of ``player_ids`` that gave one (private)."""
        return self.store.emails([self._id(p) for p in player_ids])

    # ---- reads ----------------------------------------------------------------------

    def search(
        self, query: str, *, limit: int = 20, include_merged: bool = False
    ) -> list[PlayerRecord]:
        """Players by card, name beginning or part of the name (see the store)."""
        text = _text(query, N_("A search"), NAME_MAX)
        if not 1 <= limit <= SEARCH_LIMIT_MAX:
            raise InvalidCommand(
                template=N_("Ask for 1 to %(most)s players, not %(limit)s."),
                params={"most": SEARCH_LIMIT_MAX, "limit": limit},
            )
        return self.store.search(text, limit=limit, include_merged=include_merged)

    def find(self, query: str) -> list[PlayerRecord]:
        """Exact matches only: the player with this id, else with this card, else with
        exactly this name, else once called exactly this (renamed since); each resolved
        to whom they stand for now."""
        text = _text(query, N_("A search"), NAME_MAX)
        found = self.store.player(text)
        matches = [found] if found else self.store.players_with_card(text)
        matches = matches or self.store.players_named(text)
        matches = matches or self.store.players_formerly(text)
        out: dict[str, PlayerRecord] = {}
        for p in matches:
            s = self.store.survivor(p.id)
            out.setdefault(s.id, s)
        return sorted(out.values(), key=lambda p: (p.name.casefold(), p.id))

    def formerly(self, player_ids: list[str]) -> dict[str, tuple[str, ...]]:
        """Player id -> the names they had before, oldest first (renamed players only):
        what a search result shows as "formerly …"."""
        out: dict[str, list[str]] = {}
        for r in self.store.renames(player_ids):
            names = out.setdefault(r.player_id, [])
            if r.old_name not in names:
                names.append(r.old_name)
        current = {pid: rec.name for pid in out if (rec := self.store.player(pid)) is not None}
        return {
            pid: tuple(n for n in names if n != current.get(pid))
            for pid, names in out.items()
            if any(n != current.get(pid) for n in names)
        }

    def show(self, player_id: str) -> PlayerProfile:
        """The player, whom they stand for, duplicates merged in, confirmations, merges."""
        player = self.get(player_id)
        survivor = self.store.survivor(player.id)
        group = self.store.merged_group(player.id)
        merged = tuple(r for r in (self.store.player(i) for i in group[1:]) if r is not None)
        return PlayerProfile(
            player=player,
            survivor=survivor,
            merged=merged,
            confirmations=tuple(self.store.confirmations(group)),
            merges=tuple(self.store.merges(group)),
            renames=tuple(self.store.renames(group)),
        )

    def history(self, player_id: str) -> PlayerHistory:
        """Events, finishes, prizes, bounties and points of the person ``player_id`` stands
        for now, over every duplicate merged into them, read from the tournaments."""
        survivor = self.store.survivor(self.get(player_id).id)
        ids = tuple(self.store.merged_group(survivor.id))
        wanted = frozenset(ids)
        now = self._now()
        rows: list[HistoryRow] = []
        for tid in self.store.player_events(ids):
            try:
                row = self.tournaments.read(tid, lambda s: _history_row(s, wanted, now))
            except NotFound:
                continue  # a tournament deleted since
            if row is None:
                continue  # the registration was undone
            if self._points is not None:
                got = self._points(tid)
                pts = [got[i] for i in ids if i in got]
                row = _with_points(row, sum(pts) if pts else None)
            rows.append(row)
        rows.sort(key=lambda r: (r.date, r.tournament_id), reverse=True)
        places = [r.place for r in rows if r.place is not None]
        points = [r.points for r in rows if r.points is not None]
        return PlayerHistory(
            player=survivor,
            ids=ids,
            rows=tuple(rows),
            events=len(rows),
            cashes=sum(1 for r in rows if r.prize > 0),
            best_place=min(places) if places else None,
            prizes=sum(r.prize for r in rows),
            bounties=sum(r.bounties for r in rows),
            spent=sum(r.spent for r in rows),
            points=sum(points) if points else None,
        )

    def reindex(self) -> int:
        """Rebuild the player database's people and tournaments-per-player index from
        every tournament's log (for logs written before the player database, or before
        schema 4 wrote it in the registration's transaction): each person a log recorded
        is added unless present and linked, and the ``players`` position moves to the
        log's end (:mod:`pokertd.store.projections`); how many links the logs name."""
        store = self.store
        if not isinstance(store, ProjectionStore):  # pragma: no cover - both stores project
            raise InvalidCommand(template=N_("This store keeps no player database positions."))
        links = 0
        for info in self.tournaments.tournaments():
            records = self.tournaments.records(info.id)
            seen = player_rows(records)
            links += len({s.player.id for s in seen})
            if records:
                store.note_players(info.id, seen, records[-1].seq)
        return links


def _with_points(row: HistoryRow, points: float | None) -> HistoryRow:
    return HistoryRow(
        **{name: getattr(row, name) for name in HistoryRow.__slots__ if name != "points"},
        points=points,
    )


def _history_row(
    state: TournamentState, wanted: frozenset[str], now: datetime
) -> HistoryRow | None:
    """The person's line in one tournament (read under its lock), or ``None`` when no
    player of that tournament is one of ``wanted``."""
    roster = state.part(Roster)
    mine = [p for p in roster.players.values() if p.db_id in wanted]
    if not mine:
        return None
    entries = [roster.entries[e] for p in mine for e in p.entries]
    ids = {e.entry_id for e in entries}
    by_entry = {r.entry_id: r for r in standings(state, now)}
    placed = [by_entry[e].place for e in ids if e in by_entry and by_entry[e].place is not None]
    alive = any(e.status is EntryStatus.ALIVE for e in entries)
    last = entries[-1].status.value if entries else "registered"
    setup = state.part(Setup)
    return HistoryRow(
        tournament_id=state.id,
        event=setup.name,
        date=setup.created_at,
        name=mine[0].name,
        db_id=mine[0].db_id,
        entries=len(entries),
        rebuys=sum(e.rebuys for e in entries),
        addons=sum(e.addons for e in entries),
        entrants=roster.entry_count,
        status=EntryStatus.ALIVE.value if alive else last,
        place=min(p for p in placed if p is not None) if placed else None,
        prize=sum(by_entry[e].prize for e in ids if e in by_entry),
        bounties=sum(by_entry[e].bounties for e in ids if e in by_entry),
        spent=sum(p.fees.total for p in roster.purchases if p.entry_id in ids),
        points=None,
    )


__all__ = [
    "CONFIRMATION_KINDS",
    "EMAIL_MAX",
    "HistoryRow",
    "PlayerHistory",
    "PlayerProfile",
    "PlayerService",
    "PointsSource",
    "checked_email",
]
