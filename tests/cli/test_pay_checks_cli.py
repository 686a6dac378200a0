"""``pokertd prize pay --tax-id-taken`` (issue 23, item 3): the console's "SSN/ITIN taken
for the tax form" for scripts, with ``--json``; refused where the venue issues no tax form.

FOX Saturday, 50 entries, down to three: 3rd place $1,400.00 (catalogue J2), below FOX-PAY3's
$5,001 W-2G threshold, so the SSN is the one FOX-PAY2 asks of every winner.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokertd.app.tournaments import TournamentService
from pokertd.cli import app
from pokertd.store import open_store
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, RecordChips, Register
from pokertd.tournament.prizes import PrizeBook
from pokertd.tournament.templates import load_template

NOW = datetime(2020, 3, 8, 19, 0, tzinfo=UTC)
runner = CliRunner()


def _three_left(url: str, template: str, **changes: object) -> tuple[str, str]:
    """A stored night down to three, its 3rd just busted: ``(tournament id, 3rd's name)``."""
    service = TournamentService(open_store(url), now=lambda: NOW)
    tmpl = load_template(template)
    tmpl = tmpl.with_changes(**changes) if changes else tmpl
    tid = service.create(CreateTournament(name="Pay night", template=tmpl))
    names = [f"Player {chr(65 + i // 26)}{chr(65 + i % 26)}" for i in range(50)]
    for n in names:
        service.run(tid, Register(name=n, member="1234", age_ok=True), actor="floor")
    service.run(tid, CloseRegistration(), actor="floor")
    for n in (*names[3:], names[2]):  # the 3rd busts last of them
        service.run(tid, Bust(players=(n,), eliminator=names[0]), actor="floor")
    counts = ((names[0], 600000), (names[1], 400000))
    service.run(tid, RecordChips(counts=counts), actor="floor")
    service.store.close()
    return tid, names[2]


def test_FOX_PAY2_pay_with_tax_id_taken_records_it_and_the_receipt_says_so(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'fox.db'}"
    tid, third = _three_left(url, "fox_saturday")
    result = runner.invoke(
        app,
        ["prize", "pay", tid, third, "--id-checked", "--tax-id-taken", "--json", "--db", url],
    )
    assert result.exit_code == 0, result.output
    (paid,) = [r for r in json.loads(result.stdout) if r["type"] == "prize_paid"]
    assert paid["text"] == f"Paid {third} $1,400.00 for place 3"
    service = TournamentService(open_store(url))
    (row,) = service.state(tid).part(PrizeBook).paid.values()
    assert (row.id_checked, row.tax_id_taken, row.w2g) == (True, True, False)
    service.store.close()
    receipt = runner.invoke(app, ["prize", "receipt", tid, third, "--db", url])
    assert "Current valid ID checked. (FOX-PAY2)" in receipt.stdout
    assert "Social security number taken. (FOX-PAY2)" in receipt.stdout


def test_H10_tax_id_taken_is_refused_where_no_tax_form_is_issued(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'spot.db'}"
    tid, third = _three_left(
        url, "fox_grinder", profile="spotlight", payout_table="fox_ptab", reentry=False
    )
    args = ["prize", "pay", tid, third, "--id-checked", "--tax-id-taken", "--json"]
    result = runner.invoke(app, [*args, "--db", url])
    assert result.exit_code == 2, result.output
    failure = json.loads(result.stdout)
    assert failure["error"] == "invalid_command"
    assert failure["message"] == (
        "Spotlight Karaoke Poker issues no tax forms, so no SSN or ITIN is taken: pay without "
        "'SSN/ITIN taken'."
    )
    service = TournamentService(open_store(url))
    assert service.state(tid).part(PrizeBook).paid == {}
    service.store.close()


@pytest.mark.parametrize("flag", ["--tax-id-taken"])
def test_the_pay_command_documents_the_flag(flag: str) -> None:
    result = runner.invoke(app, ["prize", "pay", "--help"], env={"COLUMNS": "200"})
    assert flag in result.stdout
    assert "SSN/ITIN taken for the tax form" in result.stdout
