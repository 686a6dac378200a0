"""``pokertd slips`` (issue 26, point 2): a table break's slips listed with the seat, the
reason and the venue's rule IDs (C4 at Foxwoods: FOX-9, FOX-10C, FOX-SURV2), one player's
with ``--player``, his "I'm here" with ``--here``; a second one refused in one line (exit 2,
nothing written); ``--json`` equals the service's rows."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cli_runner import built_once, run  # noqa: F401 (built_once: autouse)
from floor_helpers import broken_night

from pokertd.app.tournaments import open_service
from pokertd.tournament.seating import (
    live_seating,
)


def test_C4_FOX_slips_listed_and_acknowledged_through_the_cli(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'slips.db'}"
    with open_service(db) as service:
        tid = broken_night(service, "foxwoods")
        where = live_seating(service.state(tid)).where
        rows: list[dict[str, Any]] = service.slips(tid)
    assert len(rows) == 6
    listed = json.loads(run("slips", tid, "--db", db, "--json"))
    assert listed == rows
    name = str(rows[0]["name"])
    table, seat = where[str(rows[0]["entry_id"])]
    (mine,) = json.loads(run("slips", tid, "--player", name, "--db", db, "--json"))
    assert (mine["table"], mine["seat"], mine["from_table"]) == (table, seat + 1, 3)
    assert mine["rule_ids"] == ["FOX-9", "FOX-10C", "FOX-SURV2"]
    text = run("slips", tid, "--db", db)
    assert "FOX-9, FOX-10C" in text
    assert name in text
    done = run("slips", tid, "--player", name, "--here", str(mine["slip"]), "--db", db)
    assert f"says he is at table {table} seat {seat + 1}" in done
    (after,) = json.loads(run("slips", tid, "--player", name, "--db", db, "--json"))
    assert after["acknowledged"]
    with open_service(db) as service:
        seq = service.state(tid).seq
    again = run("slips", tid, "--player", name, "--here", str(mine["slip"]), "--db", db, code=2)
    assert "already said he is at" in again
    assert len(again.strip().splitlines()) <= 2
    with open_service(db) as service:
        assert service.state(tid).seq == seq
