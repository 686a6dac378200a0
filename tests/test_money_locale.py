"""Money and time by locale (issue 27, point 2): the venue's currency recorded per event,
amounts in its minor units, written and read as the venue's locale does (CLDR, by Babel).

The expected texts are CLDR's (the same a browser's ``Intl`` writes: see
``tests/web/test_browser_money.py``), not our own output copied back.
"""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, datetime

import pytest

from pokertd.app.application import App
from pokertd.app.mail import Letter, TopPlace, plain_text
from pokertd.app.results import event_results
from pokertd.app.tournaments import TournamentService
from pokertd.codec import to_json
from pokertd.errors import InvalidCommand
from pokertd.money import format_money, minor_units, parse_money
from pokertd.store import open_store
from pokertd.timefmt import date, stamp, time_of_day, venue_zone
from pokertd.tournament.entries import CreateTournament, Register, Setup
from pokertd.tournament.framework import event_from_json
from pokertd.tournament.prizes.payouts import payouts
from pokertd.tournament.prizes.pool import pool
from pokertd.tournament.prizes.views import standings, standings_csv
from pokertd.tournament.templates import Fees, load_template

NOW = datetime(2026, 11, 23, 17, 30, tzinfo=UTC)
NBSP = "\u00a0"


def _service(currency: str = "") -> TournamentService:
    return TournamentService(
        open_store("sqlite:///:memory:"),
        rng_factory=lambda: random.Random(7),
        now=lambda: NOW,
        currency=currency,
    )


# ---- formatting and parsing ------------------------------------------------------------


def test_eur_in_german_is_1_234_56_euro_after_the_amount() -> None:
    assert format_money(123456, "EUR", "de_DE") == f"1.234,56{NBSP}€"
    assert format_money(123456, "EUR", "en_US") == "€1,234.56"


def test_gbp_in_british_english_and_usd_there_is_us_dollars() -> None:
    assert format_money(123456, "GBP", "en_GB") == "£1,234.56"
    assert format_money(123456, "USD", "en_GB") == "US$1,234.56"


def test_jpy_has_no_minor_unit_and_is_written_in_whole_yen() -> None:
    assert minor_units("JPY") == 0
    assert format_money(407400, "JPY", "ja_JP") == "￥407,400"
    assert format_money(407400, "JPY", "de_DE") == f"407.400{NBSP}¥"


def test_spanish_groups_thousands_only_from_five_digits() -> None:
    """CLDR's ``minimumGroupingDigits`` of 2 for Spanish: ``4074,00 €`` but ``14.074,00 €``."""
    assert format_money(407400, "EUR", "es_ES") == f"4074,00{NBSP}€"
    assert format_money(1407400, "EUR", "es_ES") == f"14.074,00{NBSP}€"


def test_trimmed_amounts_drop_a_zero_fraction_only() -> None:
    assert format_money(31000, "EUR", "de_DE", trim=True) == f"310{NBSP}€"
    assert format_money(31040, "EUR", "de_DE", trim=True) == f"310,40{NBSP}€"


def test_the_parser_reads_4_074_00_in_german() -> None:
    assert parse_money("4.074,00", "EUR", "de_DE") == 407400
    assert parse_money(f"4.074,00{NBSP}€", "EUR", "de_DE") == 407400
    assert parse_money("4074,5", "EUR", "de_DE") == 407450


def test_the_parser_refuses_4_07_4_in_german_and_says_how_to_write_it() -> None:
    with pytest.raises(InvalidCommand) as refused:
        parse_money("4,07.4", "EUR", "de_DE")
    assert "'4,07.4' is not an amount of money" in str(refused.value)
    assert f"4.074,00{NBSP}€" in str(refused.value)


def test_the_parser_refuses_cents_of_yen() -> None:
    with pytest.raises(InvalidCommand):
        parse_money("4074.50", "JPY", "ja_JP")
    assert parse_money("¥4,074", "JPY") == 4074


def test_unknown_currency_and_locale_are_one_line_refusals() -> None:
    with pytest.raises(InvalidCommand, match="Unknown currency 'XYZ'"):
        format_money(100, "XYZ")
    with pytest.raises(InvalidCommand, match="Unknown locale"):
        format_money(100, "EUR", "xx_NOPE")


def test_dates_and_times_by_locale() -> None:
    berlin = venue_zone("Europe/Berlin")
    assert stamp(NOW, berlin, "de_DE") == "23.11.2026, 18:30"
    assert stamp(NOW, berlin, "en_GB") == "23/11/2026, 18:30"
    assert date(NOW, berlin, "en_US") == "11/23/2026"
    assert time_of_day(NOW, berlin, "en_US").replace("\u202f", " ") == "6:30 PM"
    assert stamp(NOW, berlin) == "2026-11-23 18:30"  # the neutral form, unchanged


# ---- the event's currency ----------------------------------------------------------------


def test_the_venue_currency_is_recorded_in_the_event_log() -> None:
    service = _service("EUR")
    tid = service.create(CreateTournament(name="Mittwoch", template=load_template("fox_120")))
    first = service.records(tid)[0]
    assert to_json(first.event)["currency"] == "EUR"
    assert service.currency(tid) == "EUR"


def test_an_old_log_without_the_field_is_in_dollars() -> None:
    service = _service("EUR")
    tid = service.create(CreateTournament(name="Old", template=load_template("fox_120")))
    data = dict(to_json(service.records(tid)[0].event))
    del data["currency"]
    old = event_from_json("tournament_created", 3, data)
    assert old.currency == "USD"  # type: ignore[attr-defined]


def test_an_unknown_currency_is_refused_and_nothing_is_written() -> None:
    service = _service()
    with pytest.raises(InvalidCommand, match="Unknown currency 'EURO'"):
        service.create(
            CreateTournament(name="X", template=load_template("fox_120"), currency="EURO"),
            tournament_id="t1",
        )
    assert service.store.tournaments() == []


def test_a_eur_event_log_line_names_euros_not_dollars() -> None:
    service = _service("EUR")
    tid = service.create(CreateTournament(name="Mittwoch", template=load_template("fox_120")))
    records = service.run(tid, Register(name="Anna", age_ok=True, member="M-1"), actor="t")
    with service.money_of(tid):
        text = " ".join(r.event.describe() for r in records)
    # fox_120: 97 + 3 + 20 = 120 a buy-in
    assert "€120.00" in text
    assert "$" not in text


def test_a_jpy_event_pays_the_pool_to_the_yen() -> None:
    """A ¥9,700 prize-pool part from 23 entries at a room without withholding (Kojack): the
    pool is ¥223,100, and the prizes the profile's payout rules round add up to it exactly,
    in whole yen (H5)."""
    service = _service("JPY")
    tmpl = replace(load_template("kpc_nlh"), fees=Fees(prize_pool=9700, house_fee=300))
    tid = service.create(CreateTournament(name="Tokyo", template=tmpl))
    for i in range(23):
        service.run(
            tid, Register(name=f"Yuki {chr(65 + i)}", age_ok=True, member_ok=True), actor="t"
        )
    state = service.state(tid)
    assert state.part(Setup).currency == "JPY"
    net = pool(state).net
    assert net == 23 * 9700
    prizes = payouts(23, net, profile=state.part(Setup).profile, min_cash=9700)
    assert sum(p.amount for p in prizes) == 223100
    assert all(isinstance(p.amount, int) and p.amount > 0 for p in prizes)


def test_jpy_standings_csv_writes_whole_yen() -> None:
    service = _service("JPY")
    tid = service.create(CreateTournament(name="Tokyo", template=load_template("kpc_nlh")))
    service.run(tid, Register(name="Aki Sato", age_ok=True, member_ok=True), actor="t")
    rows = service.read(tid, lambda s: standings(s, NOW))
    text = service.read(tid, lambda s: standings_csv(rows))
    usd = standings_csv(rows)  # outside the event's read: the neutral USD default
    assert ".00" not in text
    assert "." in usd


def test_results_json_names_the_currency_and_writes_the_pool_by_locale() -> None:
    service = _service("EUR")
    tmpl = replace(load_template("kpc_nlh"), fees=Fees(prize_pool=61728, house_fee=300))
    tid = service.create(CreateTournament(name="Mittwoch", template=tmpl))
    for name in ("Anna", "Bernd"):  # Kojack withholds nothing: 2 x 617,28 €
        service.run(tid, Register(name=name, age_ok=True, member_ok=True), actor="t")
    found = event_results(App.over(service), tid, "de_DE")
    assert found.currency == "EUR"
    assert found.prize_pool_cents == 123456
    assert found.prize_pool == f"1.234,56{NBSP}€"


def test_the_results_mail_writes_the_prize_in_the_events_currency() -> None:
    letter = Letter(
        tournament_id="t1",
        event="Mittwoch",
        date="23.11.2026",
        player_id="pl1",
        name="Anna Becker",
        to="anna@example.org",
        entrants=2,
        place="1",
        prize=123456,
        bounties=0,
        knockouts=1,
        points=None,
        top=(TopPlace("1", "Anna Becker", 123456),),
        link="",
        currency="EUR",
        locale="de_DE",
    )
    text = plain_text(letter)
    assert f"won 1.234,56{NBSP}€." in text
    assert "$" not in text


def test_an_events_currency_and_locale_are_chosen_from_bounded_lists() -> None:
    from pokertd.money import EVENT_CURRENCIES, event_currency_choice, event_locale_choice

    assert len(EVENT_CURRENCIES) == 12
    assert event_currency_choice(" sek ") == "SEK"
    assert event_locale_choice("fr-ca") == "fr_CA"
    with pytest.raises(InvalidCommand) as refused:
        event_currency_choice("BTC")
    assert str(refused.value).startswith("'BTC' is not a currency an event can be run in: ")
    assert refused.value.template is not None  # translated at the face
    with pytest.raises(InvalidCommand):
        event_locale_choice("de")  # a language is not a locale: de_DE, de_AT or de_CH


def test_the_service_writes_an_events_amounts_in_its_own_locale() -> None:
    """A German euro event in a venue with no locale: the core's texts in ``1.234,56 €``;
    an event created without one stays in the neutral form."""
    from pokertd.app.tournaments import TournamentService
    from pokertd.store import open_store
    from pokertd.tournament.entries import CreateTournament, Setup
    from pokertd.tournament.templates import load_template

    service = TournamentService(open_store("sqlite:///:memory:"), locale="")
    tmpl = load_template("fox_wed_80")
    de = service.create(
        CreateTournament(name="Abend", template=tmpl, currency="EUR", locale="de_DE")
    )
    en = service.create(CreateTournament(name="Night", template=tmpl))
    assert service.event_locale(de) == "de_DE"
    assert service.event_locale(en) == ""
    assert service.read(de, lambda s: format_money(123456)) == "1.234,56\xa0€"
    assert service.read(en, lambda s: format_money(123456)) == "$1,234.56"
    assert service.read(de, lambda s: s.part(Setup).currency) == "EUR"
