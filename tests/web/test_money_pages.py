"""A EUR venue in German (issue 27, point 2): the print sheets, the results page and the
results JSON write ``1.234,56 €`` and name the currency; machine fields stay in cents."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, Register
from pokertd.tournament.prizes import PayPrize
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


def test_a_receipt_reads_in_the_readers_language_with_the_venues_money_and_day(
    euro_env: tuple[Env, str],
) -> None:
    """Issue 27: a receipt is a text a person reads. The cashier's page in German, the
    print in Spanish: the lines translated, the amount as the venue writes euros
    (1.234,56 €), the day as de_DE writes it, and the player's name as entered."""
    env, tid = euro_env
    env.service.run(tid, CloseRegistration(), actor="t")
    env.service.run(tid, Bust(players=("Bernd Vogel",)), actor="t")
    env.service.run(tid, PayPrize(player="Anna Becker", id_checked=True), actor="t")
    h = env.login()
    paid = env.client.get(
        f"/api/tournaments/{tid}/receipts", headers=h | {"X-Pokertd-Lang": "de"}
    ).json()
    text = paid[0]["text"]
    assert "PREISGELDQUITTUNG" in text
    assert "Spieler: Anna Becker" in text
    assert "Platz: 1" in text
    assert f"Preisgeld: {EURO}" in text
    assert f"Ausgezahlt: {EURO}" in text
    assert "Lichtbildausweis geprüft." in text  # Kojack's rulebook asks for no ID: no rule
    assert re.search(r"Gewonnen am: \d{2}\.\d{2}\.\d{4}\n", text), text
    assert re.search(r"Ausgezahlt um: \d{2}:\d{2}\n", text), text
    sheet = env.client.get(f"/t/{tid}/print/receipts?lang=es").text
    assert "RECIBO DE PREMIO" in sheet
    assert "Jugador: Anna Becker" in sheet
    english = env.client.get(f"/api/tournaments/{tid}/receipts", headers=h).json()[0]["text"]
    assert "PRIZE RECEIPT" in english
    assert "Player: Anna Becker" in english


def test_chip_counts_follow_the_money_locale(euro_env: tuple[Env, str]) -> None:
    """``data-chips-locale`` (static/money.js's ``chips``): the venue's ``de_DE`` wins over
    an English page: its chips read like its euros (docs/money.md, "Chip counts")."""
    env, tid = euro_env
    english = env.client.get(f"/t/{tid}/tv?lang=en").text
    assert 'data-locale="de-DE" data-chips-locale="de-DE"' in english


def test_chip_counts_follow_the_language_when_no_locale_is_chosen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("POKERTD_LOCALE", raising=False)
    for env in make_env(tmp_path):
        tid = env.service.create(
            CreateTournament(name="Tuesday", template=load_template("kpc_nlh"))
        )
        german = env.client.get(f"/t/{tid}/tv?lang=de").text
        assert 'data-locale="en-US" data-chips-locale="de"' in german
        assert 'data-chips-locale="es"' in env.client.get(f"/t/{tid}/tv?lang=es").text
        assert 'data-chips-locale="en-US"' in env.client.get(f"/t/{tid}/tv?lang=en").text
