"""``pokertd cancel T --reason ...`` (SPOT-6.22): the event cancelled with its refunds, the
cash report's refunds by kind, every later command refused in one line (exit 2, nothing
written), and ``pokertd undo`` restoring the night."""

from __future__ import annotations

from pathlib import Path

from cli_runner import built_once, run, run_json  # noqa: F401 (built_once: autouse)

from pokertd.app.tournaments import open_service
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.templates import Fees, load_template


def test_SPOT_6_22_cancel_refund_refuse_and_undo_through_the_cli(tmp_path: Path) -> None:
    """Spotlight with a $100 + $20 entry fee, 10 players ($1,200 taken): `pokertd cancel`
    records the refunds ($120 each), `pokertd cash` shows $1,200 refunded by kind, a
    registration is then refused citing SPOT-6.22 / SPOT-2b8 / SPOT-2b9 with nothing
    written, and `pokertd undo` brings the night back (the registration then works)."""
    db = f"sqlite:///{tmp_path / 'cancel.db'}"
    with open_service(db) as service:
        tmpl = load_template("spot_league").with_changes(
            fees=Fees(prize_pool=10000, entry_fee=2000)
        )
        tid = service.create(CreateTournament(name="Karaoke", template=tmpl))
        for i in range(10):
            service.run(tid, Register(name=f"Player {i:02d}", member=f"M{i}", age_ok=True))

    done = run_json("cancel", tid, "--reason", "Flooded bar", "--db", db)
    assert [r["type"] for r in done] == ["event_cancelled"]
    assert done[0]["text"] == "Event cancelled: Flooded bar ($1,200.00 refunded)"
    cash = run_json("cash", tid, "--db", db)
    assert (cash["cancelled"], cash["refunds"], cash["collected"]) == (True, 120000, 120000)
    assert [(k["kind"], k["count"], k["fees"]["entry_fee"]) for k in cash["refunds_by_kind"]] == [
        ("buy_in", 10, 20000)
    ]
    assert "CANCELLED: refunds $1,200.00 (buy_in $1,200.00)" in run("cash", tid, "--db", db)
    with open_service(db) as service:
        rows = len(service.records(tid))
    out = run("register", tid, "Late Larry", "--db", db, code=2)
    assert "This event was cancelled (Flooded bar)" in out
    assert all(rule in out for rule in ("SPOT-6.22", "SPOT-2b8", "SPOT-2b9"))
    with open_service(db) as service:
        assert len(service.records(tid)) == rows
    run("undo", tid, "--db", db)
    assert run_json("cash", tid, "--db", db)["cancelled"] is False
    text = run("cancel", tid, "--reason", "Flooded bar", "--db", db)
    assert "refunds $1,200.00 + prizes paid $0.00 of $1,200.00 taken" in text
