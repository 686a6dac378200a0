"""The CLI in a EUR venue in German (issue 27, point 2): human output writes ``1.234,56 €``,
``--json`` keeps cents and names the currency."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokertd.app.tournaments import TournamentService
from pokertd.cli import app
from pokertd.store import open_store
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.templates import Fees, load_template

runner = CliRunner()
VENUE = {"POKERTD_CURRENCY": "EUR", "POKERTD_LOCALE": "de_DE", "COLUMNS": "200"}


@pytest.fixture
def db(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'eur.db'}"
    service = TournamentService(
        open_store(url), rng_factory=lambda: random.Random(7), currency="EUR"
    )
    tmpl = replace(load_template("kpc_nlh"), fees=Fees(prize_pool=61728, house_fee=300))
    service.create(CreateTournament(name="Mittwoch", template=tmpl), tournament_id="t1")
    for name in ("Anna Becker", "Bernd Vogel"):  # Kojack withholds nothing: 2 x 617,28 €
        service.run("t1", Register(name=name, age_ok=True, member_ok=True), actor="t")
    service.close()
    return url


def test_status_writes_the_pool_in_euros_the_german_way(db: str) -> None:
    result = runner.invoke(app, ["status", "t1", "--db", db], env=VENUE)
    assert result.exit_code == 0, result.output
    assert "prize pool 1.234,56\u00a0€" in result.output
    assert "$" not in result.output


def test_results_public_in_german_and_json_in_cents(db: str) -> None:
    human = runner.invoke(app, ["results", "t1", "--public", "--db", db], env=VENUE)
    assert human.exit_code == 0, human.output
    assert "1.234,56\u00a0€" in human.output
    machine = runner.invoke(app, ["results", "t1", "--public", "--json", "--db", db], env=VENUE)
    found = json.loads(machine.output)
    assert found["currency"] == "EUR"
    assert found["prize_pool_cents"] == 123456


def test_a_register_line_names_euros(db: str) -> None:
    result = runner.invoke(
        app, ["register", "t1", "Clara Weiss", "--age-ok", "--member-ok", "--db", db], env=VENUE
    )
    assert result.exit_code == 0, result.output
    assert "617,28\u00a0€" in result.output or "620,28\u00a0€" in result.output
    assert "$" not in result.output
