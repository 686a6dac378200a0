"""One PlayerStore contract, run against every store: SQLite in memory, a SQLite file, PostgreSQL.

The player database (:mod:`pokertd.store.players`) lives beside the event log in the same
database. The PostgreSQL run needs a server named by ``$POKERTD_TEST_PG_URL`` (skipped with the
reason otherwise) and works in a fresh database of its own.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from pokertd.errors import InvalidCommand, NotFound
from pokertd.store import EventStore, open_store
from pokertd.store.players import (
    PLAYER_TABLES,
    Confirmation,
    NewPlayer,
    PlayerStore,
    card_key,
    name_grams,
    name_key,
    query_grams,
)

AT = "2026-11-22T19:00:00+00:00"


@pytest.fixture(
    params=["sqlite-memory", "sqlite-file", pytest.param("postgres", marks=pytest.mark.postgres)]
)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[PlayerStore]:
    """An empty player database of one kind of store."""
    kind: str = request.param
    if kind == "sqlite-memory":
        url = "sqlite:///:memory:"
    elif kind == "sqlite-file":
        url = f"sqlite:///{tmp_path / 'players.db'}"
    else:
        url = request.getfixturevalue("pg_database")
    opened: EventStore = open_store(url)
    assert isinstance(opened, PlayerStore)
    if kind == "postgres":  # one database for the module: start each test empty
        opened._ensure_players()  # type: ignore[attr-defined]
        with opened._ptx() as run:  # type: ignore[attr-defined]
            for table in PLAYER_TABLES:
                run(f"DELETE FROM {table}", ())
    try:
        yield opened
    finally:
        opened.close()


def _add(store: PlayerStore, pid: str, name: str, card: str = "") -> None:
    store.add_player(NewPlayer(pid, name, card), staff="floor1", at=AT)


# ---- keys (pure) -------------------------------------------------------------------


def test_keys_fold_case_accents_spaces_and_card_punctuation() -> None:
    assert name_key("  José   NÚÑEZ ") == "jose nunez"
    assert card_key("fx 1234-56.7") == "FX1234567"
    assert name_grams("ann lee") == frozenset(
        {"^a", "^an", "ann", "nn ", "n l", " le", "lee", "ee$", " l"}
    )
    assert query_grams("lee") == (frozenset({"lee"}),)
    assert query_grams("le") == (frozenset({"^le"}), frozenset({" le"}))


# ---- players ------------------------------------------------------------------------


def test_add_then_read_back_and_count(store: PlayerStore) -> None:
    _add(store, "plaaaa0001", "Ann Lee", "FX 100")
    found = store.player("plaaaa0001")
    assert found is not None
    assert (found.name, found.card, found.created_by, found.created_at) == (
        "Ann Lee", "FX 100", "floor1", AT,
    )  # fmt: skip
    assert found.merged_into is None
    assert store.player("plmissing1") is None
    assert store.player_count() == 1
    assert [p.id for p in store.players_with_card("fx100")] == ["plaaaa0001"]
    assert [p.id for p in store.players_named("ANN  lee")] == ["plaaaa0001"]


def test_a_taken_id_or_card_is_refused_and_nothing_is_added(store: PlayerStore) -> None:
    _add(store, "plaaaa0001", "Ann Lee", "FX 100")
    with pytest.raises(InvalidCommand, match=r"Card fx-100 belongs to Ann Lee \(plaaaa0001\)"):
        _add(store, "plbbbb0002", "Annie Lee", "fx-100")
    with pytest.raises(InvalidCommand, match="Player id plaaaa0001 is taken"):
        _add(store, "plaaaa0001", "Bob Ray")
    assert store.player_count() == 1
    assert store.search("annie") == []


def test_ensure_adds_once(store: PlayerStore) -> None:
    assert store.ensure_player(NewPlayer("plaaaa0001", "Ann"), staff="floor", at=AT)
    assert not store.ensure_player(NewPlayer("plaaaa0001", "Other"), staff="floor", at=AT)
    found = store.player("plaaaa0001")
    assert found is not None
    assert found.name == "Ann"


def test_search_by_prefix_word_substring_card_and_accents(store: PlayerStore) -> None:
    _add(store, "pl01", "Ann Lee", "FX 100")
    _add(store, "pl02", "Leeann Park")
    _add(store, "pl03", "Bob Allee")
    _add(store, "pl04", "José Núñez")
    _add(store, "pl05", "Lee Chan")
    _add(store, "pl06", "Carl Foxx", "LEE")
    # card first, then names beginning with it, then a word beginning with it, then the rest
    assert [p.id for p in store.search("lee")] == ["pl06", "pl05", "pl02", "pl01", "pl03"]
    assert [p.id for p in store.search("nunez")] == ["pl04"]
    assert [p.id for p in store.search("NÚÑ")] == ["pl04"]
    assert [p.id for p in store.search("fx-100")] == ["pl01"]
    assert [p.id for p in store.search("l")] == ["pl05", "pl02", "pl01"]  # name, then word
    assert [p.id for p in store.search("ch")] == ["pl05"]  # a word's beginning
    assert store.search("zz") == []
    assert [p.id for p in store.search("lee", limit=2)] == ["pl06", "pl05"]
    assert [p.id for p in store.search("n lee")] == ["pl01"]  # across words
    assert [p.id for p in store.search("100%")] == []  # LIKE wildcards are text


# ---- confirmations ------------------------------------------------------------------


def test_confirmations_keep_who_and_when(store: PlayerStore) -> None:
    _add(store, "pl01", "Ann Lee")
    store.confirm(Confirmation("pl01", "age", "floor1", AT, "licence"))
    store.confirm(Confirmation("pl01", "membership", "floor2", "2026-11-23T10:00:00+00:00"))
    got = store.confirmations(["pl01"])
    assert [(c.kind, c.staff, c.at, c.note) for c in got] == [
        ("age", "floor1", AT, "licence"),
        ("membership", "floor2", "2026-11-23T10:00:00+00:00", ""),
    ]
    with pytest.raises(NotFound):
        store.confirm(Confirmation("plnobody", "age", "floor1", AT))
    assert len(store.confirmations(["pl01", "plnobody"])) == 2


# ---- merges -------------------------------------------------------------------------


def test_merge_points_the_duplicate_and_undo_restores_it(store: PlayerStore) -> None:
    _add(store, "pl01", "Ann Lee", "FX 100")
    _add(store, "pl02", "Anne Lee")
    _add(store, "pl03", "A. Lee")
    first = store.merge("pl02", "pl01", staff="td", at=AT)
    assert (first.from_id, first.into_id, first.staff, first.at, first.active) == (
        "pl02", "pl01", "td", AT, True,
    )  # fmt: skip
    with pytest.raises(InvalidCommand, match=r"merged into Ann Lee \(pl01\): merge into pl01"):
        store.merge("pl03", "pl02", staff="td", at=AT)
    store.merge("pl03", "pl01", staff="td", at="2026-11-22T20:00:00+00:00")
    assert store.survivor("pl02").id == "pl01"
    assert sorted(store.merged_group("pl01")) == ["pl01", "pl02", "pl03"]
    assert [p.id for p in store.search("lee")] == ["pl01"]  # duplicates hidden
    assert {p.id for p in store.search("lee", include_merged=True)} == {"pl01", "pl02", "pl03"}
    undone = store.undo_merge("pl02", staff="floor9", at="2026-11-23T09:00:00+00:00")
    assert (undone.undone_by, undone.undone_at) == ("floor9", "2026-11-23T09:00:00+00:00")
    assert store.survivor("pl02").id == "pl02"
    assert sorted(store.merged_group("pl01")) == ["pl01", "pl03"]
    history = store.merges(["pl02"])
    assert [(m.from_id, m.into_id, m.active) for m in history] == [("pl02", "pl01", False)]
    assert len(store.merges(["pl01"])) == 2


def test_bad_merges_are_refused_and_change_nothing(store: PlayerStore) -> None:
    _add(store, "pl01", "Ann Lee")
    _add(store, "pl02", "Anne Lee")
    with pytest.raises(InvalidCommand, match="cannot be merged into themselves"):
        store.merge("pl01", "pl01", staff="td", at=AT)
    with pytest.raises(NotFound, match="no player 'plzz'"):
        store.merge("pl01", "plzz", staff="td", at=AT)
    with pytest.raises(InvalidCommand, match="not merged into anyone"):
        store.undo_merge("pl01", staff="td", at=AT)
    store.merge("pl02", "pl01", staff="td", at=AT)
    with pytest.raises(InvalidCommand, match="a player cannot be merged into themselves"):
        store.merge("pl01", "pl02", staff="td", at=AT)  # would loop
    with pytest.raises(InvalidCommand, match="already merged into pl01"):
        store.merge("pl02", "pl01", staff="td", at=AT)
    assert len(store.merges(["pl01", "pl02"])) == 1
    assert store.survivor("pl01").id == "pl01"


def test_links_to_tournaments_are_idempotent(store: PlayerStore) -> None:
    store.link_event("pl01", "noon")
    store.link_event("pl01", "noon")
    store.link_event("pl02", "eve")
    assert store.player_events(["pl01"]) == ["noon"]
    assert store.player_events(["pl01", "pl02"]) == ["eve", "noon"]
    assert store.player_events([]) == []


def test_bulk_add_of_a_thousand_players_is_searchable(store: PlayerStore) -> None:
    n = store.add_players(
        [NewPlayer(f"pl{i:05d}", f"Player {i:04d}", f"C{i}") for i in range(1000)],
        staff="import",
        at=AT,
    )
    assert n == 1000
    assert store.player_count() == 1000
    assert [p.id for p in store.search("player 0999")] == ["pl00999"]
    assert len(store.search("player 09", limit=200)) == 100  # 0900..0999
    assert [p.id for p in store.search("c123")] == ["pl00123"]


# ---- SQLite files -------------------------------------------------------------------


def test_opening_a_sqlite_store_creates_no_player_tables_until_used(tmp_path: Path) -> None:
    path = tmp_path / "events.db"
    opened = open_store(f"sqlite:///{path}")
    try:
        with sqlite3.connect(path) as raw:
            names = {r[0] for r in raw.execute("SELECT name FROM sqlite_master")}
        assert not names & set(PLAYER_TABLES)
        assert isinstance(opened, PlayerStore)
        assert opened.player_count() == 0
        with sqlite3.connect(path) as raw:
            names = {r[0] for r in raw.execute("SELECT name FROM sqlite_master")}
        assert set(PLAYER_TABLES) <= names
    finally:
        opened.close()
