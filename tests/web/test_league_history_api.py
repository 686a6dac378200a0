"""League history import over HTTP (issue 26, point 4): preview writes nothing, import,
the public standings mark imported results, list, undo; only the director writes."""

from __future__ import annotations

from pokertd.app.leagues import LeagueService, Season
from pokertd.league.points import PointsKind, PointsScheme
from pokertd.store.players import NewPlayer, PlayerStore

from .conftest import FLOOR_PW, Env

CSV = {"Content-Type": "text/csv"}
BASE = "/api/leagues/tue/seasons/w25/history-imports"
# Two past nights of Ann and Bob, points as the league site gave them; one unknown player.
FILE = (
    b"Player,Date,Tournament,Finish,Pts\r\n"
    b"Ann Archer,2025-01-07,Tuesday #1,1,20\r\n"
    b"Bob Baker,2025-01-07,Tuesday #1,2,15\r\n"
    b"Bob Baker,2025-01-14,Tuesday #2,1,20\r\n"
    b"Ann Archer,2025-01-14,Tuesday #2,2,15\r\n"
    b"Zed Zulu,2025-01-14,Tuesday #2,3,12\r\n"
)


def _club(env: Env) -> None:
    store = env.service.store
    assert isinstance(store, PlayerStore)
    store.add_players([NewPlayer("pl0", "Ann Archer", ""), NewPlayer("pl1", "Bob Baker", "")],
                      staff="setup", at="2025-01-01T00:00:00+00:00")  # fmt: skip
    leagues = LeagueService.over(env.service)
    leagues.create_league("tue", "Tuesday League", PointsScheme(kind=PointsKind.FIXED,
                                                                table=(10, 7)))  # fmt: skip
    leagues.add_season(Season(league="tue", key="w25", name="Winter 2025"))


def test_preview_import_standings_and_undo(env: Env) -> None:
    _club(env)
    csrf = env.login()
    r = env.client.post(f"{BASE}/preview?source=site.csv", content=FILE, headers=csrf | CSV)
    assert r.status_code == 200, r.text
    assert r.json()["counts"] == {"matched": 4, "duplicate": 0, "unknown": 1, "bad": 0}
    assert env.client.get("/api/leagues/tue/standings?season=w25").json()["rows"] == []
    r = env.client.post(f"{BASE}?source=site.csv&map=Pts%3Dpoints", content=FILE,
                        headers=csrf | CSV)  # fmt: skip
    assert r.status_code == 200, r.text
    record = r.json()["import"]
    assert (record["rows"], record["by"], record["source"]) == (4, "director", "site.csv")
    board = env.client.get("/api/leagues/tue/standings?season=w25").json()
    # 20 + 15 each: equal points, equal places (one win, one 2nd): they share the rank.
    assert [(r["name"], r["points"], r["imported"], r["rank"]) for r in board["rows"]] == [
        ("Ann Archer", 35, 2, 1), ("Bob Baker", 35, 2, 1),
    ]  # fmt: skip
    assert [(e["name"], e["date"], e["imported"]) for e in board["events"]] == [
        ("Tuesday #1", "2025-01-07", True), ("Tuesday #2", "2025-01-14", True),
    ]  # fmt: skip
    assert [i["id"] for i in env.client.get(BASE).json()] == [record["id"]]
    r = env.client.post(f"/api/history-imports/{record['id']}/undo", json={}, headers=csrf)
    assert r.status_code == 200, r.text
    assert r.json()["undone_by"] == "director"
    assert env.client.get("/api/leagues/tue/standings?season=w25").json()["rows"] == []
    r = env.client.post(f"/api/history-imports/{record['id']}/undo", json={}, headers=csrf)
    assert r.status_code == 422
    assert "undone already" in r.json()["message"]


def test_only_the_director_imports(env: Env) -> None:
    _club(env)
    assert env.client.post(BASE, content=FILE, headers=CSV).status_code == 401
    csrf = env.login("floor1", FLOOR_PW)
    assert env.client.post(BASE, content=FILE, headers=csrf | CSV).status_code == 403
    assert env.client.post(f"{BASE}/preview", content=FILE, headers=csrf | CSV).status_code == 403
    assert env.client.get(BASE).json() == []
    env.logout()
    csrf = env.login()
    r = env.client.post(f"{BASE}/preview?map=Pts%3Dnope", content=FILE, headers=csrf | CSV)
    assert r.status_code == 422
    assert "'nope' is not a field" in r.json()["message"]
