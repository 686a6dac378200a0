"""``GET /api/tournaments/{id}/export``: the tournament's whole log as a download (issue 16).

Director only (the log holds every private detail); the file is the one ``pokertd export``
writes and ``pokertd import`` reads (docs/backup.md).
"""

from __future__ import annotations

import json

from pokertd.store.portable import read_export

from .conftest import FLOOR_PW, Env


def test_the_director_downloads_the_log_others_are_refused(env: Env, tid: str) -> None:
    r = env.client.get(f"/api/tournaments/{tid}/export")
    assert r.status_code == 401
    assert r.json()["error"] == "not_signed_in"
    env.login("floor1", FLOOR_PW)
    r = env.client.get(f"/api/tournaments/{tid}/export")
    assert r.status_code == 403
    assert r.json()["error"] == "permission_denied"
    env.logout()
    env.login()
    r = env.client.get(f"/api/tournaments/{tid}/export")
    assert r.status_code == 200
    assert r.headers["content-disposition"] == f'attachment; filename="{tid}.jsonl"'
    assert r.headers["content-type"].startswith("application/x-ndjson")
    checked = read_export(r.content)
    assert checked.tournament == tid
    assert len(checked.rows) == env.service.last_seq(tid)
    assert json.loads(r.text.splitlines()[0])["events"] == len(checked.rows)
    missing = env.client.get("/api/tournaments/nosuch/export")
    assert missing.status_code == 404
    assert missing.json()["error"] == "not_found"


def test_a_dealer_of_the_tournament_cannot_download_its_log(env: Env, tid: str) -> None:
    """The export is a staff read of the tournament: it goes through ``web.access`` (the
    one place for reads), which refuses a dealer even for the tournament of their PIN."""
    env.login()
    pin = env.client.get(f"/api/tournaments/{tid}/tables/1/pin").json()["pin"]
    env.logout()
    r = env.client.post("/api/dealer/login", json={"tournament": tid, "table": 1, "pin": pin})
    assert r.status_code == 200, r.text
    r = env.client.get(f"/api/tournaments/{tid}/export")
    assert r.status_code == 403
    assert r.json()["error"] == "permission_denied"
    assert "export the tournament's log" in r.json()["message"]
