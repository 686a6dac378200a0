"""Times in the venue's time zone (issue 12): the web log, the receipt, the print page and
``pokertd log`` agree. An event recorded at 2026-11-23T23:30Z is 18:30 in New York."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokertd.app.tournaments import TournamentService
from pokertd.cli import app as cli_app
from pokertd.errors import InvalidCommand
from pokertd.store import open_store
from pokertd.timefmt import clock, iso, stamp, venue_zone
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, Register
from pokertd.tournament.prizes import PayPrize
from pokertd.tournament.templates import load_template

from .conftest import Env, make_env

AT = datetime(2026, 11, 23, 23, 30, tzinfo=UTC)
ZONE = "America/New_York"
NAMES = [f"P{i} Lee" for i in range(10)]


def _night(url: str) -> str:
    """A Foxwoods sit & go recorded at ``AT``: ten players, eight busts, 3rd place paid."""
    service = TournamentService(open_store(url), now=lambda: AT)
    tid = service.create(CreateTournament(name="Night", template=load_template("fox_sng_65")))
    for name in NAMES:
        service.run(tid, Register(name=name, age_ok=True, member_ok=True))
    for name in NAMES[8:0:-1]:
        service.run(tid, Bust(players=(name,)))
    service.run(tid, CloseRegistration())  # no clock here: the floor closes it (H2: final)
    service.run(tid, PayPrize(player="P1 Lee", id_checked=True))
    service.close()
    return tid


@pytest.fixture
def ny(tmp_path: Path) -> Iterator[tuple[Env, str]]:
    url = f"sqlite:///{tmp_path / 'web.db'}"
    tid = _night(url)
    for env in make_env(tmp_path, timezone=ZONE):
        yield env, tid


def test_helpers_show_new_york_time() -> None:
    zone = venue_zone(ZONE)
    assert clock(AT, zone) == "18:30:00"
    assert stamp(AT, zone) == "2026-11-23 18:30"
    assert iso("2026-11-23T23:30:00+00:00", zone) == "2026-11-23T18:30:00-05:00"
    assert clock(AT, venue_zone("Europe/London")) == "23:30:00"
    with pytest.raises(InvalidCommand, match="Unknown time zone"):
        venue_zone("Mars/Olympus")


def test_floor_log_json_and_html_show_venue_time(ny: tuple[Env, str]) -> None:
    env, tid = ny
    env.login()
    view = env.client.get(f"/api/tournaments/{tid}/staff")
    assert view.status_code == 200, view.text
    log = view.json()["log"]
    assert len(log) > 10
    assert all(line["at"] == "2026-11-23T18:30:00-05:00" for line in log), log[:2]
    page = env.client.get(f"/t/{tid}/floor")
    assert page.status_code == 200
    assert "2026-11-23T18:30:00-05:00" in page.text
    assert "23:30:00" not in page.text


def test_receipt_and_print_page_show_venue_time(ny: tuple[Env, str]) -> None:
    env, tid = ny
    env.login()
    receipts = env.client.get(f"/api/tournaments/{tid}/receipts")
    assert receipts.status_code == 200, receipts.text
    [paid] = receipts.json()
    assert "Date won: 2026-11-23" in paid["text"]
    assert "Paid at: 18:30" in paid["text"]
    printed = env.client.get(f"/t/{tid}/print/receipts")
    assert printed.status_code == 200
    assert "Paid at: 18:30" in printed.text


def test_cli_log_and_receipt_agree_with_the_web(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    tid = _night(url)
    monkeypatch.setenv("POKERTD_TIMEZONE", ZONE)
    runner = CliRunner()
    r = runner.invoke(cli_app, ["log", tid, "--db", url, "--json"])
    assert r.exit_code == 0, r.output
    lines = json.loads(r.output)
    assert len(lines) > 10
    assert all(line["at"] == "2026-11-23T18:30:00-05:00" for line in lines)
    r = runner.invoke(cli_app, ["log", tid, "--db", url, "--last", "1"])
    assert r.exit_code == 0, r.output
    assert " 18:30:00 " in r.output
    r = runner.invoke(cli_app, ["prize", "receipt", tid, "P1 Lee", "--db", url])
    assert r.exit_code == 0, r.output
    assert "Paid at: 18:30" in r.output


def test_unknown_zone_in_the_environment_is_a_one_line_refusal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    tid = _night(url)
    monkeypatch.setenv("POKERTD_TIMEZONE", "Nowhere/Else")
    r = CliRunner().invoke(cli_app, ["log", tid, "--db", url])
    assert r.exit_code != 0
    assert "Unknown time zone 'Nowhere/Else'" in r.output
