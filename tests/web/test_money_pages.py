"""A EUR venue in German (issue 27, point 2): the print sheets, the results page and the
results JSON write ``1.234,56 €`` and name the currency; machine fields stay in cents."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.templates import Fees, load_template

from .conftest import Env, make_env

EURO = "1.234,56\u00a0€"


@pytest.fixture
def euro_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Env, str]]:
    monkeypatch.setenv("POKERTD_CURRENCY", "EUR")
    monkeypatch.setenv("POKERTD_LOCALE", "de_DE")
    for env in make_env(tmp_path, locale="de_DE"):
        tmpl = replace(load_template("kpc_nlh"), fees=Fees(prize_pool=61728, house_fee=300))
        tid = env.service.create(CreateTournament(name="Mittwoch", template=tmpl))
        for name in ("Anna Becker", "Bernd Vogel"):  # Kojack withholds nothing: 2 x 617,28 €
            env.service.run(tid, Register(name=name, age_ok=True, member_ok=True), actor="t")
        yield env, tid


def test_the_payout_sheet_prints_euros_in_german(euro_env: tuple[Env, str]) -> None:
    env, tid = euro_env
    page = env.client.get(f"/t/{tid}/print/payouts").text
    assert f"Prize pool {EURO}" in page
    assert f'<td class="num">{EURO}</td>' in page  # the 1st place takes it all
    assert 'data-currency="EUR"' in page
    assert 'data-locale="de-DE"' in page
    assert "$" not in page.split("<body", 1)[1].split("<script", 1)[0]


def test_results_json_keeps_cents_and_names_the_currency(euro_env: tuple[Env, str]) -> None:
    env, tid = euro_env
    found = env.client.get(f"/api/tournaments/{tid}/results").json()
    assert found["currency"] == "EUR"
    assert found["prize_pool_cents"] == 123456
    assert found["prize_pool"] == EURO


def test_the_status_api_names_the_currency(euro_env: tuple[Env, str]) -> None:
    env, tid = euro_env
    view = env.client.get(f"/api/tournaments/{tid}").json()
    assert view["status"]["currency"] == "EUR"
    assert view["status"]["prize_pool_cents"] == 123456
    assert view["status"]["prize_pool"] == EURO
