"""A season's past results imported from another tool (issue 26, point 4).

Ten club players are in the player database. A league site's export holds three past
nights of all ten (places 1-10, its own points 20, 15, 12, 10, 8, 6, 5, 4, 3, 2) and three
rows that must not count: a likely duplicate ("Anne Archer"), an unknown player and points
that are not a number. One night is then played in pokertd (Ann knocks out Bob: 10 + 1
knockout + 1 attendance = 12 for Ann, 7 + 1 = 8 for Bob, by the league's own scheme). The
standings' totals are worked out by hand below. Runs on SQLite and on PostgreSQL
(``$POKERTD_TEST_PG_URL``).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pokertd.app.league_history import HistoryImports, guess_mapping
from pokertd.app.leagues import LeagueService, Season
from pokertd.app.tournaments import TournamentService
from pokertd.cli import app
from pokertd.errors import InvalidCommand, NotFound
from pokertd.league.points import PointsKind, PointsScheme
from pokertd.store import open_store
from pokertd.store.leagues import LEAGUE_TABLES
from pokertd.store.players import PLAYER_TABLES, NewPlayer, PlayerStore
from pokertd.store.testing import fresh_postgres_database, postgres_test_url
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, Register
from pokertd.tournament.templates import load_template

SCHEME = PointsScheme(
    kind=PointsKind.FIXED, table=(10, 7, 5, 3, 2), knockout_points=1, attendance_points=1
)
NAMES = ["Ann Archer", "Bob Baker", "Cat Carter", "Dan Dixon", "Eve Evans", "Fay Fisher",
         "Gus Grant", "Hal Hughes", "Ivy Irwin", "Jon Jones"]  # fmt: skip
PTS = [20, 15, 12, 10, 8, 6, 5, 4, 3, 2]
ORDERS = [  # finishing order of the three past nights (indexes into NAMES)
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    [1, 0, 2, 3, 4, 5, 6, 7, 8, 9],
    [2, 1, 0, 3, 4, 5, 6, 7, 8, 9],
]
DATES = ["2025-01-07", "1/14/2025", "21.1.2025"]  # three date formats


def history_file() -> bytes:
    lines = ["Player,Member #,Date,Tournament,Finish,Pts,Winnings"]
    for night, order in enumerate(ORDERS):
        for place, who in enumerate(order, start=1):
            card = f"C-{who + 1}" if night == 0 else ""  # night one by card, the rest by name
            prize = '"$1,250.00"' if place == 1 else ""
            lines.append(
                f"{NAMES[who]},{card},{DATES[night]},Tuesday #{night + 1},{place},"
                f"{PTS[place - 1]},{prize}"
            )
    lines += [
        "Anne Archer,,2025-01-28,Tuesday #4,1,20,",  # line 32: likely Ann Archer
        "Zed Zulu,,2025-01-28,Tuesday #4,2,15,",  # line 33: nobody
        "Bob Baker,,2025-01-28,Tuesday #4,3,lots,",  # line 34: not points
    ]
    return ("\n".join(lines) + "\n").encode()


class Club:
    def __init__(self, url: str) -> None:
        self.service = TournamentService(open_store(url))
        store = self.service.store
        assert isinstance(store, PlayerStore)
        store.add_players(
            [NewPlayer(f"pl{i:04d}", n, f"C-{i + 1}") for i, n in enumerate(NAMES)],
            staff="setup",
            at="2025-01-01T00:00:00+00:00",
        )
        self.leagues = LeagueService.over(self.service)
        self.leagues.create_league("tue", "Tuesday League", SCHEME)
        self.leagues.add_season(Season(league="tue", key="w25", name="Winter 2025"))
        self.imports = HistoryImports(self.leagues, now=lambda: 1_750_000_000.0)

    def play_night(self) -> None:
        """Ann knocks out Bob in pokertd (Ann 12, Bob 8 by the league's scheme)."""
        svc = self.service
        svc.create(CreateTournament(name="Tuesday #5", template=load_template("spot_league")),
                   tournament_id="t5")  # fmt: skip
        for i in (0, 1):
            svc.run("t5", Register(name=NAMES[i], player_id=f"pl{i:04d}", age_ok=True,
                                   member_ok=True), actor="floor", role="floor")  # fmt: skip
        svc.run("t5", Bust(players=(NAMES[1],), eliminator=NAMES[0]), actor="floor", role="floor")
        svc.run("t5", CloseRegistration(), actor="floor", role="floor")
        self.leagues.add_event("tue", "w25", "t5")
        self.leagues.signout("t5", NAMES[1], actor="floor")

    def tables(self) -> dict[str, list[tuple[str, ...]]]:
        """Every league and player table, sorted."""
        store: Any = self.service.store
        out = {}
        for table in (*LEAGUE_TABLES, *PLAYER_TABLES):
            read = store._league_read if table in LEAGUE_TABLES else store._pread
            rows = read(f"SELECT * FROM {table}")
            out[table] = sorted(tuple(str(v) for v in r) for r in rows)
        return out


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def club(request: pytest.FixtureRequest) -> Iterator[Club]:
    """The club on SQLite, and on a fresh PostgreSQL database per test (skipped without
    ``$POKERTD_TEST_PG_URL``, as the other store tests)."""
    with contextlib.ExitStack() as stack:
        url = "sqlite:///:memory:"
        if request.param == "postgres":
            base, reason = postgres_test_url()
            if base is None:
                pytest.skip(reason)
            url = stack.enter_context(fresh_postgres_database(base, "pokertd_league_history"))
        c = Club(url)
        stack.callback(c.service.close)
        yield c


@pytest.fixture
def lite() -> Iterator[Club]:
    c = Club("sqlite:///:memory:")
    yield c
    c.service.close()


def totals(club: Club) -> list[tuple[str, float, int, int, int]]:
    return [
        (r.name, r.points, r.events, r.imported, r.rank)
        for r in club.leagues.standings("tue", "w25").rows
    ]


def test_the_headers_of_a_league_sites_export_are_guessed() -> None:
    columns = ["Player", "Member #", "Date", "Tournament", "Finish", "Pts", "Winnings"]
    assert guess_mapping(columns) == {
        "Player": "name", "Member #": "card", "Date": "date", "Tournament": "event",
        "Finish": "place", "Pts": "points", "Winnings": "prize",
    }  # fmt: skip


def test_preview_sorts_every_row_and_writes_nothing(club: Club) -> None:
    before = club.tables()
    preview = club.imports.preview("tue", "w25", history_file(), source="site.csv")
    assert club.tables() == before
    assert dict(preview.counts) == {"matched": 30, "duplicate": 1, "unknown": 1, "bad": 1}
    assert preview.events() == 3
    odd = {r.line: r for r in preview.rows if r.status != "matched"}
    assert odd[32].status == "duplicate"
    assert odd[32].player_name == "Ann Archer"
    assert odd[33].status == "unknown"
    assert odd[34].status == "bad"
    assert "'lots'" in odd[34].reason
    first = preview.rows[0]
    assert (first.player_id, first.date, first.place, first.points, first.prize_cents) == (
        "pl0000",
        "2025-01-07",
        1,
        20.0,
        125_000,
    )
    assert {r.date for r in preview.to_add()} == {"2025-01-07", "2025-01-14", "2025-01-21"}


def test_imported_points_count_as_given_next_to_a_night_played_in_pokertd(club: Club) -> None:
    club.play_night()
    record, _ = club.imports.run("tue", "w25", history_file(), staff="Dana", source="site.csv")
    assert (record.rows, record.by, record.source) == (30, "Dana", "site.csv")
    # Imported: Ann 20+15+12 = 47, Bob 15+20+15 = 50, Cat 12+12+20 = 44, Dan 3 x 10 = 30,
    # Eve 24, Fay 18, Gus 15, Hal 12, Ivy 9, Jon 6. Played in pokertd: Ann 12, Bob 8.
    assert totals(club) == [
        ("Ann Archer", 59, 4, 3, 1), ("Bob Baker", 58, 4, 3, 2), ("Cat Carter", 44, 3, 3, 3),
        ("Dan Dixon", 30, 3, 3, 4), ("Eve Evans", 24, 3, 3, 5), ("Fay Fisher", 18, 3, 3, 6),
        ("Gus Grant", 15, 3, 3, 7), ("Hal Hughes", 12, 3, 3, 8), ("Ivy Irwin", 9, 3, 3, 9),
        ("Jon Jones", 6, 3, 3, 10),
    ]  # fmt: skip
    view = club.leagues.standings("tue", "w25")
    assert [(e.name, e.imported, e.date, e.entrants) for e in view.events] == [
        ("Tuesday #1", True, "2025-01-07", 10), ("Tuesday #2", True, "2025-01-14", 10),
        ("Tuesday #3", True, "2025-01-21", 10), ("Tuesday #5", False, "", 2),
    ]  # fmt: skip
    ann = [p for p in view.points if p.name == "Ann Archer"]
    assert [(p.total, p.imported, p.note) for p in ann] == [
        (20, True, "imported"), (15, True, "imported"), (12, True, "imported"), (12, False, ""),
    ]  # fmt: skip


def test_the_same_file_twice_imports_nothing_the_second_time(club: Club) -> None:
    record, _ = club.imports.run("tue", "w25", history_file(), staff="Dana")
    standings, tables = totals(club), club.tables()
    again = club.imports.preview("tue", "w25", history_file())
    assert dict(again.counts) == {"matched": 0, "duplicate": 1, "unknown": 1, "bad": 31}
    assert f"imported already ({record.id})" in again.rows[0].reason
    with pytest.raises(InvalidCommand, match="Nothing to import"):
        club.imports.run("tue", "w25", history_file(), staff="Dana")
    assert (totals(club), club.tables()) == (standings, tables)


def test_best_n_picks_among_imported_and_played_events(club: Club) -> None:
    club.leagues.add_season(Season(league="tue", key="b2", name="Best two", best_n=2))
    club.imports.run("tue", "b2", history_file(), staff="Dana")
    rows = {r.name: r.points for r in club.leagues.standings("tue", "b2").rows}
    assert (rows["Ann Archer"], rows["Bob Baker"], rows["Cat Carter"]) == (35, 35, 32)


def test_undo_leaves_the_league_tables_as_they_were(club: Club) -> None:
    club.play_night()
    standings = totals(club)  # first: reading the standings caches the night's result
    before = club.tables()
    record, _ = club.imports.run("tue", "w25", history_file(), staff="Dana")
    assert totals(club) != standings
    undone = club.imports.undo(record.id, staff="Eli")
    assert (undone.undone_by, undone.active) == ("Eli", False)
    after = club.tables()
    imports = after.pop("pokertd_history_imports")
    assert [r[0] for r in imports] == [record.id]  # the record stays, marked undone
    before.pop("pokertd_history_imports")
    assert after == before
    assert totals(club) == standings == [("Ann Archer", 12, 1, 0, 1), ("Bob Baker", 8, 1, 0, 2)]
    with pytest.raises(InvalidCommand, match="undone already"):
        club.imports.undo(record.id, staff="Eli")
    with pytest.raises(NotFound):
        club.imports.undo("ihnope", staff="Eli")
    assert [r.active for r in club.imports.history("tue", "w25")] == [False]


def test_refusals_write_nothing(club: Club) -> None:
    before = club.tables()
    nobody = b"Player,Date,Pts\nZed Zulu,2025-01-07,20\nYan Yu,2025-01-07,15\n"
    with pytest.raises(InvalidCommand, match="Nothing to import: 0 matched"):
        club.imports.run("tue", "w25", nobody, staff="Dana")
    with pytest.raises(InvalidCommand, match="No column holds the points"):
        club.imports.run("tue", "w25", b"Player,Date\nAnn Archer,2025-01-07\n", staff="Dana")
    with pytest.raises(NotFound):
        club.imports.preview("tue", "nope", history_file())
    assert club.tables() == before


@pytest.mark.parametrize(
    ("row", "problem"),
    [
        ("Ann Archer,2025-13-40,1,20", "is not a date"),
        ("Ann Archer,2025-01-07,0,20", "place '0'"),
        ("Ann Archer,2025-01-07,1,100001", "from 0 to 100,000"),
        ("Ann Archer,2025-01-07,1,-3", "from 0 to 100,000"),
        ("Ann Archer,2025-01-07,1,1.125", "two decimals"),
        ("Bob Baker,2025-01-07,2,7", "also on line 2"),
    ],
)
def test_bad_rows_are_reported_by_line(lite: Club, row: str, problem: str) -> None:
    data = f"Player,Date,Place,Points\nBob Baker,2025-01-07,1,10\n{row}\n".encode()
    preview = lite.imports.preview("tue", "w25", data)
    bad = [r for r in preview.rows if r.status == "bad"]
    assert [r.line for r in bad] == [3]
    assert problem in bad[0].reason


@pytest.mark.parametrize(
    ("points", "prize", "expected"),
    [
        ("12,5", "12,50", (12.5, 1250)),
        ("1,250", "$1,250", (1250.0, 125_000)),
        ("7.25", "€ 1,234.5", (7.25, 123_450)),
        ("0", "", (0.0, None)),
    ],
)
def test_points_and_prizes_as_other_tools_write_them(
    lite: Club, points: str, prize: str, expected: tuple[float, int | None]
) -> None:
    data = f'Player,Date,Points,Prize\nAnn Archer,2025-01-07,"{points}","{prize}"\n'.encode()
    (row,) = lite.imports.preview("tue", "w25", data).rows
    assert (row.status, row.points, row.prize_cents) == ("matched", *expected)


def test_cli_preview_import_and_undo(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'club.db'}"
    setup = Club(db)
    setup.service.close()
    path = tmp_path / "site.csv"
    path.write_bytes(history_file())
    runner = CliRunner()
    args = ["league", "import-history", "tue", "w25", str(path), "--db", db, "--json"]
    out = runner.invoke(app, [*args, "--preview"])
    assert out.exit_code == 0, out.output
    doc = json.loads(out.output)
    assert (doc["to_add"], doc["events"], doc["import"]) == (30, 3, None)
    out = runner.invoke(app, ["league", "standings", "tue", "w25", "--db", db, "--json"])
    assert json.loads(out.output)["rows"] == []
    out = runner.invoke(app, [*args, "--map", "Pts=points"])
    assert out.exit_code == 0, out.output
    ident = json.loads(out.output)["import"]["id"]
    out = runner.invoke(app, ["league", "standings", "tue", "w25", "--db", db])
    assert "Bob Baker" in out.output
    assert "3 events (3 imported)" in out.output
    out = runner.invoke(app, ["league", "import-history-undo", ident, "--db", db])
    assert out.exit_code == 0
    assert "undone" in out.output
    out = runner.invoke(app, ["league", "import-history-undo", ident, "--db", db])
    assert out.exit_code == 2
    assert "undone already" in out.output
