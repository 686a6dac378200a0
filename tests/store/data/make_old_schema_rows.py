"""Writes ``old_schema_rows.json``: a small real tournament as older pokertd code stored it.

Run once per old tree, never by the tests (they read the JSON)::

    git archive c934af0^ src | tar -x -C /tmp/old1   # last commit writing schema 1
    PYTHONPATH=/tmp/old1/src python tests/store/data/make_old_schema_rows.py /tmp/o1.db

(likewise c934af0 for schema 2 and f277d54 for the first schema 3). It creates "Thursday
League" from the ``tnpl_league`` template with a fixed clock and registers Ann, Bo and Cy,
then prints the ``events`` rows exactly as that code stored them and the file's
``user_version``. ``test_schema_versions.py`` writes those rows into each old schema's DDL.
"""

from __future__ import annotations

import json
import random
import sqlite3
import sys
from datetime import UTC, datetime, timedelta

from pokertd.app.tournaments import TournamentService
from pokertd.store import open_store
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.templates import load_template


def main(path: str) -> None:
    """Write the tournament into the SQLite file ``path`` and print its rows as JSON."""
    clock = [datetime(2026, 11, 20, 19, 0, tzinfo=UTC)]

    def now() -> datetime:
        clock[0] += timedelta(seconds=37)
        return clock[0]

    service = TournamentService(
        open_store(f"sqlite:///{path}"), now=now, rng_factory=lambda: random.Random(5)
    )
    template = load_template("tnpl_league")
    tid = service.create(
        CreateTournament(name="Thursday League", template=template),
        tournament_id="old-thu",
        actor="td",
    )
    for name in ["Ann", "Bo", "Cy"]:
        service.run(tid, Register(name=name, age_ok=True, member_ok=True), actor="floor")
    conn = sqlite3.connect(path)
    rows = conn.execute("SELECT * FROM events ORDER BY seq").fetchall()
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    print(json.dumps({"user_version": version, "rows": rows}, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1])
