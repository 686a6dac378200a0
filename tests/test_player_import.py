"""Players brought in from a CSV file (issue 26, point 4): mapping, preview, import, undo.

The club (``tests/player_files.py``) has 320 players; a seeded 500-row export holds 20
near-duplicates of them (5 typos, 5 in capitals with an accent, 5 with first and last name
swapped, 5 with an initial) and 480 invented people. The preview must list exactly those 20
as likely duplicates and the 480 as new; the import adds the 480 as one batch; its undo
leaves every player table as it was. Runs on SQLite and on PostgreSQL (``$POKERTD_TEST_PG_URL``).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest

from pokertd.app.player_import import (
    FILE_MAX_BYTES,
    ROWS_MAX,
    PlayerImports,
    guess_mapping,
    parse_map,
)
from pokertd.app.players import PlayerService
from pokertd.app.tournaments import TournamentService
from pokertd.errors import InvalidCommand, NotFound
from pokertd.store import open_store
from pokertd.store.players import IMPORT_TABLES, PLAYER_TABLES, NewPlayer, PlayerStore
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.templates import load_template
from web.player_files import club, export

NOW = datetime(2026, 11, 29, 18, 0, tzinfo=UTC)


class Club:
    """A store with the club's 320 players."""

    def __init__(self, url: str) -> None:
        self.service = TournamentService(open_store(url), now=lambda: NOW)
        store = self.service.store
        assert isinstance(store, PlayerStore)
        self.store = store
        self.players = PlayerService(store, self.service, now=lambda: NOW)
        self.imports = PlayerImports(self.players)
        people = [NewPlayer(f"plclub{i:04d}", n, c) for i, (n, c) in enumerate(club())]
        store.add_players(people, staff="setup", at="2026-01-01T00:00:00+00:00")

    def tables(self) -> dict[str, list[tuple[Any, ...]]]:
        """Every player table but the imports' history, sorted: the database's content."""
        out = {}
        for table in PLAYER_TABLES:
            if table in IMPORT_TABLES:
                continue
            rows = self.store._pread(f"SELECT * FROM {table}")  # type: ignore[attr-defined]
            out[table] = sorted(tuple(str(v) for v in r) for r in rows)
        return out


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def venue(request: pytest.FixtureRequest) -> Iterator[Club]:
    if request.param == "sqlite":
        url = "sqlite:///:memory:"
    else:
        url = request.getfixturevalue("pg_database")
        wipe = open_store(url)
        assert isinstance(wipe, PlayerStore)
        wipe._ensure_players()  # type: ignore[attr-defined]
        with wipe._ptx() as run:  # type: ignore[attr-defined]
            for table in PLAYER_TABLES:
                run(f"DELETE FROM {table}", ())
        wipe.close()
    v = Club(url)
    try:
        yield v
    finally:
        v.service.close()


def csv_bytes(*lines: str, encoding: str = "utf-8") -> bytes:
    return ("\n".join(lines) + "\n").encode(encoding)


# ---- the 500-player export ---------------------------------------------------------


def test_500_rows_preview_lists_exactly_the_20_near_duplicates_and_480_new(venue: Club) -> None:
    data = export()
    before = venue.tables()
    preview = venue.imports.preview(data.csv(), source="club-export.csv")
    assert preview.mapping == {"Player": "name", "Member #": "card", "E-mail": "email",
                               "Member Since": "joined"}  # fmt: skip
    dupes = {r.line: r for r in preview.rows if r.status == "duplicate"}
    assert set(dupes) == set(data.near)
    for line, row in dupes.items():
        assert row.match is not None, line
        assert row.match.name == data.near[line], (line, row)
    assert dict(preview.counts) == {"new": 480, "exact": 0, "duplicate": 20, "bad": 0}
    assert {r.line for r in preview.rows if r.status == "new"} == set(range(2, 502)) - set(
        data.near
    )
    reasons = {r.match.reason for r in dupes.values() if r.match}
    assert reasons == {
        "one letter apart",
        "the same name spelled otherwise (capitals, accents or spaces)",
        "the same names in another order",
        "an initial for a name",
    }
    assert venue.tables() == before  # a preview writes nothing

    done = venue.imports.run(data.csv(), staff="director", source="club-export.csv")
    assert done.record.added == 480
    assert done.record.emails == sum(1 for r in data.rows if r[2])
    assert venue.store.player_count() == 320 + 480
    added = venue.imports.added(done.record.id)
    assert len(added) == 480
    first = next(a for a in added if a.email)
    assert venue.players.emails([first.player.id]) == {first.player.id: first.email}
    assert any(a.joined for a in added)
    assert venue.players.search("Andexson") == []  # a near-duplicate was not added

    undone = venue.imports.undo(done.record.id, staff="director")
    assert undone.undone_by == "director"
    assert venue.tables() == before  # exactly as before the import
    history = venue.imports.history()
    assert [(h.id, h.added, h.undone_by) for h in history] == [(done.record.id, 480, "director")]
    with pytest.raises(InvalidCommand, match="was undone by director"):
        venue.imports.undo(done.record.id, staff="director")


def test_add_duplicates_too_when_asked(venue: Club) -> None:
    done = venue.imports.run(export().csv(), staff="director", add_duplicates=True)
    assert done.record.added == 500


# ---- exact matches, bad rows ---------------------------------------------------------


def test_exact_matches_by_card_and_name_are_left_alone(venue: Club) -> None:
    data = csv_bytes(
        "First Name,Last Name,Card Number,Email",
        "John,Anderson,M-0000,",  # club player 0 has card M-0000: exact by card
        "Mary,Anderson,,",  # the same name spelled the same, no card: exact
        "Mary,Anderson,Q-77,",  # repeated in the file: bad
        "Peter,Anderson,M-0004,",  # a card held by someone else (Robert): bad
        ",,,",  # blank: skipped without a line
        " , ,X-1,a@example.org",  # no name: bad
        "Zed,Quux,Z-1,not-an-address",  # malformed address: bad
        "Yolanda,Quux,Z-2,yq@example.org",
    )
    preview = venue.imports.preview(data)
    got = [(r.line, r.status) for r in preview.rows]
    assert got == [(2, "exact"), (3, "exact"), (4, "bad"), (5, "bad"), (7, "bad"), (8, "bad"),
                   (9, "new")]  # fmt: skip
    problems = {r.line: r.problem for r in preview.rows if r.status == "bad"}
    assert problems[4] == "Mary Anderson is also on line 3."
    assert problems[5] == "Card M-0004 belongs to Robert Anderson (plclub0004)."
    assert problems[7] == "The name is empty."
    assert "'not-an-address' is not a mail address" in problems[8]
    done = venue.imports.run(data, staff="director")
    assert done.record.added == 1
    assert done.record.emails == 1


def test_text_limits_are_the_desks(venue: Club) -> None:
    data = csv_bytes(
        "name,card,joined",
        f"{'A' * 61},,",
        f"Ok Name,{'9' * 33},",
        "Bell Char\x07,,",
        "Date Person,,31/31/2024",
        "Fine Person,,3/1/2024",
    )
    rows = venue.imports.preview(data).rows
    assert [r.status for r in rows] == ["bad", "bad", "bad", "bad", "new"]
    assert rows[0].problem == "A player's name can have at most 60 characters, not 61."
    assert rows[1].problem == "A card number can have at most 32 characters, not 33."
    assert "cannot hold" in rows[2].problem
    assert "is not a date" in rows[3].problem
    assert rows[4].joined == "2024-03-01"  # month first, as US tools write it


def test_windows_1252_file_is_read(venue: Club) -> None:
    data = csv_bytes("Name;E-mail", "Zoë Névé;zn@example.org", encoding="cp1252")
    preview = venue.imports.preview(data)
    assert preview.encoding == "cp1252"
    assert [(r.name, r.status) for r in preview.rows] == [("Zoë Névé", "new")]


def test_utf8_byte_order_mark_is_dropped(venue: Club) -> None:
    preview = venue.imports.preview(b"\xef\xbb\xbfName\nAda Quux\n")
    assert preview.columns == ("Name",)
    assert preview.encoding == "utf-8"


def test_file_limits_refuse_the_whole_file(venue: Club) -> None:
    with pytest.raises(InvalidCommand, match="at most 5 MB"):
        venue.imports.preview(b"name\n" + b"x" * FILE_MAX_BYTES)
    rows = "\n".join(f"P{i} Quux" for i in range(ROWS_MAX + 1))
    with pytest.raises(InvalidCommand, match="more than 20,000 players"):
        venue.imports.preview(("name\n" + rows).encode())
    with pytest.raises(InvalidCommand, match="No column holds the players' names"):
        venue.imports.preview(b"Points,Place\n3,1\n")
    with pytest.raises(InvalidCommand, match="binary"):
        venue.imports.preview(b"\x00\x01PK")
    with pytest.raises(InvalidCommand, match="The file is empty"):
        venue.imports.preview(b"\n\n")
    with pytest.raises(InvalidCommand, match="Nothing to import: 0 new"):
        venue.imports.run(csv_bytes("name", "John Anderson"), staff="director")
    assert venue.store.player_count() == 320


def test_mapping_overrides_the_guess(venue: Club) -> None:
    data = csv_bytes("Alias,Rewards #,Full Name", "Ace,R-1,Quentin Quux")
    assert guess_mapping(["Alias", "Rewards #", "Full Name"]) == {
        "Alias": "nickname", "Rewards #": "card", "Full Name": "name"}  # fmt: skip
    mapping = parse_map(["Alias=name", "Rewards #=card", "Full Name=ignore"])
    preview = venue.imports.preview(data, mapping)
    assert [(r.name, r.card) for r in preview.rows] == [("Ace", "R-1")]
    with pytest.raises(InvalidCommand, match="no column 'Nope'"):
        venue.imports.preview(data, {"Nope": "name"})
    with pytest.raises(InvalidCommand, match="'points' is not a field"):
        venue.imports.preview(data, {"Alias": "points"})
    with pytest.raises(InvalidCommand, match="both mapped to name"):
        venue.imports.preview(data, {"Alias": "name", "Full Name": "name"})
    with pytest.raises(InvalidCommand, match="column=field"):
        parse_map(["Alias"])


# ---- undo refused while something refers to an imported player ---------------------


def test_undo_is_refused_when_an_imported_player_played(venue: Club) -> None:
    done = venue.imports.run(csv_bytes("name,card", "Quentin Quux,Q-1", "Rita Quux,"),
                             staff="director")  # fmt: skip
    added = {a.player.name: a.player.id for a in venue.imports.added(done.record.id)}
    venue.service.create(
        CreateTournament(name="Tue", template=load_template("kpc_nlh")), tournament_id="tue"
    )
    venue.service.run(
        "tue", Register(name="Quentin Quux", member="Q-1", age_ok=True, member_ok=True), actor="f"
    )
    venue.players.confirm(added["Rita Quux"], "age", staff="director")
    before = venue.tables()
    with pytest.raises(InvalidCommand) as refused:
        venue.imports.undo(done.record.id, staff="director")
    assert refused.value.message == (
        f"Import {done.record.id} cannot be undone: Quentin Quux ({added['Quentin Quux']}) "
        f"played a tournament; Rita Quux ({added['Rita Quux']}) has a confirmation. "
        "Undo those first (or keep the import)."
    )
    assert venue.tables() == before
    with pytest.raises(NotFound, match="There is no import 'imnope'"):
        venue.imports.undo("imnope", staff="director")
