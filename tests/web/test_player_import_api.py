"""Player import over HTTP (issue 26, point 4): preview, import, list, undo; who may; limits.

The club's 320 players (``player_files.club``) are in the database; the seeded 500-row export
holds 20 near-duplicates of them (see ``tests/test_player_import.py``).
"""

from __future__ import annotations

from pokertd.app.player_import import FILE_MAX_BYTES
from pokertd.store.players import NewPlayer, PlayerStore

from .conftest import FLOOR_PW, Env
from .player_files import club, export

CSV = {"Content-Type": "text/csv"}


def _club(env: Env) -> PlayerStore:
    store = env.service.store
    assert isinstance(store, PlayerStore)
    people = [NewPlayer(f"plclub{i:04d}", n, c) for i, (n, c) in enumerate(club())]
    store.add_players(people, staff="setup", at="2026-01-01T00:00:00+00:00")
    return store


def test_preview_import_and_undo_the_500_row_export(env: Env) -> None:
    store = _club(env)
    data = export()
    csrf = env.login()
    r = env.client.post("/api/player-imports/preview?source=club.csv", content=data.csv(),
                        headers=csrf | CSV)  # fmt: skip
    assert r.status_code == 200, r.text
    preview = r.json()
    assert preview["counts"] == {"new": 480, "exact": 0, "duplicate": 20, "bad": 0}
    assert preview["guessed"] == preview["mapping"]
    dupes = {row["line"]: row["match"]["name"] for row in preview["rows"]
             if row["status"] == "duplicate"}  # fmt: skip
    assert dupes == data.near
    assert sum(1 for row in preview["rows"] if row["status"] == "new") == 100  # a sample
    assert store.player_count() == 320

    r = env.client.post("/api/player-imports?source=club.csv", content=data.csv(),
                        headers=csrf | CSV)  # fmt: skip
    assert r.status_code == 200, r.text
    record = r.json()["import"]
    assert (record["added"], record["staff"], record["source"]) == (480, "director", "club.csv")
    assert store.player_count() == 800
    listed = env.client.get("/api/player-imports").json()
    assert [i["id"] for i in listed] == [record["id"]]
    r = env.client.post(f"/api/player-imports/{record['id']}/undo", json={}, headers=csrf)
    assert r.status_code == 200, r.text
    assert r.json()["undone_by"] == "director"
    assert store.player_count() == 320
    r = env.client.post(f"/api/player-imports/{record['id']}/undo", json={}, headers=csrf)
    assert r.status_code == 422
    assert "nothing to undo" in r.json()["message"]


def test_mapping_in_the_query_and_refusals_in_sentences(env: Env) -> None:
    csrf = env.login()
    body = b"Alias,Rewards #\r\nAce,R-1\r\n"
    r = env.client.post("/api/player-imports/preview", content=body, headers=csrf | CSV)
    assert r.status_code == 200, r.text
    assert r.json()["mapping"] == {"Alias": "nickname", "Rewards #": "card"}
    r = env.client.post("/api/player-imports/preview?map=Alias%3Dname&map=Rewards%20%23%3Dignore",
                        content=body, headers=csrf | CSV)  # fmt: skip
    assert r.json()["mapping"] == {"Alias": "name"}
    for query, words in (
        ("?map=Nope%3Dname", "The file has no column 'Nope'"),
        ("?map=Alias%3Dpoints", "'points' is not a field"),
        ("?map=Alias", "Map a column as column=field"),
    ):
        r = env.client.post("/api/player-imports/preview" + query, content=body,
                            headers=csrf | CSV)  # fmt: skip
        assert r.status_code == 422, (query, r.text)
        assert words in r.json()["message"]
    r = env.client.post("/api/player-imports/preview", content=b"\x00\x01", headers=csrf | CSV)
    assert r.status_code == 422
    assert "not a CSV text file" in r.json()["message"]
    big = b"name\n" + b"x" * FILE_MAX_BYTES
    r = env.client.post("/api/player-imports/preview", content=big, headers=csrf | CSV)
    assert r.status_code == 422
    assert "at most 5 MB" in r.json()["message"]
    r = env.client.post("/api/player-imports/preview", content=big * 2, headers=csrf | CSV)
    assert r.status_code == 413
    r = env.client.post("/api/player-imports/imnothing/undo", json={}, headers=csrf)
    assert r.status_code == 404
    assert "There is no import 'imnothing'" in r.json()["message"]


def test_only_the_director_imports_and_undoes(env: Env) -> None:
    body = b"name\r\nAda Quux\r\n"
    for url in ("/api/player-imports/preview", "/api/player-imports"):
        assert env.client.post(url, content=body, headers=CSV).status_code == 401
    assert env.client.get("/api/player-imports").status_code == 401
    csrf = env.login("floor1", FLOOR_PW)
    for url in ("/api/player-imports/preview", "/api/player-imports"):
        assert env.client.post(url, content=body, headers=csrf | CSV).status_code == 403
    assert env.client.get("/api/player-imports").status_code == 200
    env.logout()
    env.login()
    r = env.client.post("/api/player-imports", content=body, headers=CSV)  # no CSRF token
    assert r.status_code == 403
    store = env.service.store
    assert isinstance(store, PlayerStore)
    assert store.player_count() == 0
