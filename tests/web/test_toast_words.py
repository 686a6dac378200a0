"""The words a floorperson reads aloud after a table break (issue 23, item 2).

A Kojack's night (KPC profile): 36 players drawn at four tables of 9, three busts at each
of tables 1-3, so the 9 players of table 4 fit in the 9 empty seats when it breaks (KPC-6d:
the preset break order; KPC-8a-c: the new seats are drawn). The confirmation is one line
("Table 4 breaks: 9 players moved — see slips"), not nine lines of moves and rule IDs; the
moves and their rule IDs are the details, shown on tap. The console's Undo names the batch
("Undo: table 4 breaks (9 moves)") and takes back all nine moves. Balancing says which
table gave players to which ("Table 2 → Table 1: 1 player moved"); the CLI prints the same
line and details as the console.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

from typer.testing import CliRunner

from pokertd.app.tournaments import TournamentService, open_service
from pokertd.cli import app as cli_app
from pokertd.store import open_store
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.seating import (
    ConfirmPlan,
    DrawButtons,
    DrawSeats,
    SuggestMoves,
    tables_view,
)
from pokertd.tournament.templates import load_template

from .conftest import Env

NOW = datetime(2026, 11, 28, 23, 0, tzinfo=UTC)
KPC_RULES = ("KPC-6d", "KPC-6e", "KPC-8a", "KPC-8b", "KPC-8c")
"""The rules a KPC table-break move cites (the catalogue's C4 row for Kojack's)."""


def _kpc_night(service: TournamentService, tid: str = "kpc", tables: int = 4) -> str:
    """``tables`` tables of 9 filled, then 3 busts at each table but the last."""
    tmpl = load_template("kpc_nlh").with_changes(tables=tables, seats_per_table=9)
    service.create(CreateTournament(name="Kojack's NLH", template=tmpl), tournament_id=tid)
    for i in range(9 * tables):
        service.run(tid, Register(name=f"Player {i:02d}", age_ok=True, member_ok=True))
    service.run(tid, DrawSeats())
    service.run(tid, DrawButtons())
    for t in tables_view(service.state(tid)).tables:
        if t.table < tables:
            for seat in t.seated[:3]:
                service.run(tid, Bust(players=(seat.name,)))
    return tid


def test_KPC_6d_a_table_of_9_breaks_in_one_line_and_its_undo_names_the_batch(env: Env) -> None:
    tid = _kpc_night(env.service)
    assert [(t.table, t.players) for t in tables_view(env.service.state(tid)).tables] == [
        (1, 6),
        (2, 6),
        (3, 6),
        (4, 9),
    ]
    on_4 = {s.name for s in tables_view(env.service.state(tid)).tables[3].seated}
    h = env.login()
    base = f"/api/tournaments/{tid}/commands"
    broke = env.client.post(f"{base}/break_table", json={"table": 4}, headers=h)
    assert broke.status_code == 200, broke.text
    assert broke.json()["summary"]["lines"] == [
        "Table 4 breaks: 9 moves waiting — check the seats and confirm them"
    ]
    plan = env.client.get(f"/api/tournaments/{tid}/staff").json()["pending_plan"]
    done = env.client.post(f"{base}/confirm_plan", json={"plan": plan}, headers=h)
    assert done.status_code == 200, done.text
    summary = done.json()["summary"]
    # one line for the table, no rule IDs, no seat codes
    assert summary["lines"] == ["Table 4 breaks: 9 players moved — see slips"]
    # on tap: each of the nine moves, from table 4, with KPC's rules
    moves = summary["details"]
    assert len(moves) == 9
    assert {m.split(":")[0] for m in moves} == on_4
    # seat by seat round table 4, as the floor hands out the slips
    assert [int(m.split(": table 4 seat ")[1].split(" ")[0]) for m in moves] == list(range(1, 10))
    for line in moves:
        assert ": table 4 seat " in line
        assert line.endswith("(" + ", ".join(KPC_RULES) + ")"), line
    assert summary["title"] == "table 4 breaks (9 moves)"
    # the console's Undo names the batch, not its first move
    staff = env.client.get(f"/api/tournaments/{tid}/staff").json()
    assert staff["undo_next"]["command"] == "table 4 breaks (9 moves)"
    undo = env.client.post(f"{base}/undo", json={"batch": staff["undo_next"]["batch"]}, headers=h)
    assert undo.status_code == 200, undo.text
    assert undo.json()["summary"]["lines"] == ["Undid: table 4 breaks (9 moves)"]
    # ... and takes back all nine: table 4 is whole again, tables 1-3 have 6 each
    after = tables_view(env.service.state(tid)).tables
    assert [(t.table, t.players) for t in after] == [(1, 6), (2, 6), (3, 6), (4, 9)]
    assert {s.name for s in after[3].seated} == on_4


def _seeded() -> TournamentService:
    return TournamentService(
        open_store("sqlite:///:memory:"), rng_factory=lambda: random.Random(7), now=lambda: NOW
    )


def test_KPC_7_balancing_says_which_table_gives_to_which() -> None:
    """Three tables of 9, three busts at each of tables 1 and 2 (6/6/9): table 3 gives one
    player to a 6-table (KPC-7: within two players), said as one line naming both tables."""
    from pokertd.tournament import summarize  # new in issue 23

    service = _seeded()
    tid = _kpc_night(service, tables=3)
    counts = [(t.table, t.players) for t in tables_view(service.state(tid)).tables]
    assert counts == [(1, 6), (2, 6), (3, 9)]
    service.run(tid, SuggestMoves())
    plan = tables_view(service.state(tid)).plan
    assert plan is not None
    recs = service.run(tid, ConfirmPlan(plan=plan))
    summary = summarize([r.event for r in recs])
    # KPC-7: within two players, so one player from the 9-table to a 6-table (8/7/6)
    after = {t.table: t.players for t in tables_view(service.state(tid)).tables}
    assert sorted(after.values()) == [6, 7, 8]
    assert after[3] == 8
    to = next(t for t, n in after.items() if n == 7)
    assert summary.lines == (f"Table 3 → Table {to}: 1 player moved",)
    assert summary.title == f"table 3 → table {to} (1 move)"
    (detail,) = summary.details[:1]
    assert ": table 3 seat " in detail
    assert f"→ table {to} seat " in detail
    assert "KPC-7" in detail


def test_the_cli_says_the_same_line_and_details(tmp_path: Path) -> None:
    """``pokertd break-table`` then ``pokertd move confirm`` of the nine: the CLI prints the
    console's one-liners, the details indented below them."""
    db = f"sqlite:///{tmp_path / 'cli.db'}"
    service = open_service(db)
    try:
        tid = _kpc_night(service)
    finally:
        service.close()
    runner = CliRunner()
    out = runner.invoke(cli_app, ["break-table", tid, "4", "--db", db])
    assert out.exit_code == 0, out.output
    assert "✓ Table 4 breaks: 9 moves waiting — check the seats and confirm them" in out.output
    assert "KPC" not in out.output.splitlines()[0]
