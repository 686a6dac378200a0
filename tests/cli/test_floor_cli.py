"""The floor commands end to end on a SQLite file: a night scripted from the shell."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pokertd.cli import app

runner = CliRunner()


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'night.db'}"


def ok(db: str, *args: str) -> str:
    result = runner.invoke(app, [*args, "--db", db])
    assert result.exit_code == 0, result.output
    return result.stdout


def js(db: str, *args: str) -> Any:
    return json.loads(ok(db, *args, "--json"))


def refused(db: str, *args: str) -> str:
    result = runner.invoke(app, [*args, "--db", db])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    return result.output


def _night(db: str) -> None:
    ok(db, "new", "--template", "fox_grinder", "--name", "Tuesday Grinder", "--id", "t1")
    for i, name in enumerate(["Alice", "Bob", "Carol", "Dan"], start=1):
        ok(db, "register", "t1", name, "--card", f"100{i}", "--age-ok")


def test_templates_lists_the_shipped_events() -> None:
    result = runner.invoke(app, ["templates", "--json"])
    assert result.exit_code == 0
    names = {t["name"] for t in json.loads(result.stdout)}
    assert {"fox_grinder", "fox_saturday", "fox_sng_65", "nj_fundraiser", "tnpl_league"} <= names


def test_a_night_from_the_shell(db: str) -> None:
    _night(db)
    out = ok(db, "bust", "t1", "Dan", "--by", "Alice")
    assert "Busted Dan by Alice; 3 left" in out
    ok(db, "reenter", "t1", "dan")
    ok(
        db,
        "bust",
        "t1",
        "Bob",
        "Carol",
        "--same-hand",
        "--start-stack",
        "5,000",
        "--start-stack",
        "9000",
    )
    ok(db, "chips", "t1", "Alice=41000", "Dan", "19000", "--note", "end of level 3")
    ok(db, "penalty", "t1", "Alice", "rounds", "1", "--players", "8", "--reason", "abuse")
    status = js(db, "status", "t1")
    assert (status["entries"], status["alive"], status["chips_in_play"]) == (5, 2, 75000)
    assert status["prize_pool"] == "$203.70"
    places = {r["name"]: r["places"] for r in js(db, "results", "t1")["rows"]}
    assert places == {"Carol": [3], "Bob": [4], "Dan": [5]}
    players = {r["name"]: r for r in js(db, "players", "t1")}
    assert players["Alice"]["stack"] == 41000
    assert players["Dan"]["entries"] == 2
    ok(db, "undo", "t1")
    ok(db, "redo", "t1")
    log = js(db, "log", "t1")
    assert log[-1]["text"].startswith("Redid: Alice given a 1-round penalty (8 players")
    text = ok(db, "log", "t1", "--last", "3")
    assert text.count("\n") == 3
    cash = js(db, "cash", "t1")
    assert (cash["collected"], cash["withheld"]) == (30000, 630)
    ok(db, "close-registration", "t1")
    ok(db, "bust", "t1", "Dan", "--by", "Alice")
    assert js(db, "status", "t1")["winner"] == "Alice"
    assert "Tuesday Grinder" in ok(db, "tournaments")


def test_refusals_name_the_rule_and_leave_the_log_alone(db: str) -> None:
    _night(db)
    assert "named twice" in refused(db, "bust", "t1", "Dan", "dan")
    ok(db, "bust", "t1", "Dan")
    assert "Dan is already out" in refused(db, "bust", "t1", "Dan")
    assert "no player called 'Zed'" in refused(db, "bust", "t1", "Zed")
    assert "live stack" in refused(db, "reenter", "t1", "Alice")
    assert "FOX-REG9" in refused(db, "register", "t1", "Eve")
    assert "no rebuys" in refused(db, "rebuy", "t1", "Alice")
    assert "not a number of chips" in refused(db, "chips", "t1", "Alice=lots")
    assert "not a penalty" in refused(db, "penalty", "t1", "Alice", "spanking")
    ok(db, "close-registration", "t1")
    before = len(js(db, "log", "t1"))
    assert "Registration is closed" in refused(db, "reenter", "t1", "Dan")
    assert len(js(db, "log", "t1")) == before


def test_json_refusal_is_machine_readable(db: str) -> None:
    _night(db)
    result = runner.invoke(app, ["register", "t1", "Eve", "--db", db, "--json"])
    assert result.exit_code == 2
    body = json.loads(result.stdout)
    assert body["error"] == "rule_violation"
    assert body["rule"] == "FOX-REG9"


def test_rebuy_over_the_limit_and_addon_without_chips(db: str) -> None:
    ok(db, "new", "--template", "nj_fundraiser", "--name", "Fundraiser", "--id", "nj")
    ok(db, "register", "nj", "Ann")
    ok(db, "register", "nj", "Ben")
    for _ in range(3):
        ok(db, "rebuy", "nj", "Ann", "--stack", "0")
    assert "NJ-8" in refused(db, "rebuy", "nj", "Ann", "--stack", "0")
    assert "no add-on" in refused(db, "addon", "nj", "Ann", "--stack", "0")


def test_bad_input_unknown_template_money_db(db: str, tmp_path: Path) -> None:
    assert "no template named" in refused(db, "new", "--template", "nope", "--name", "x")
    assert "not an amount of money" in refused(
        db, "new", "--template", "fox_grinder", "--name", "x", "--guarantee", "ten grand"
    )
    assert "unknown profile" in refused(
        db, "new", "--template", "fox_grinder", "--name", "x", "--profile", "vegas"
    )
    assert "no tournament 'zz'" in refused(db, "status", "zz")
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not a database at all" * 100)
    result = runner.invoke(app, ["status", "t1", "--db", f"sqlite:///{junk}"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_new_with_overrides_and_guarantee(db: str) -> None:
    data = js(
        db,
        "new",
        "--template",
        "fox_grinder",
        "--name",
        "Big one",
        "--guarantee",
        "$5,000",
        "--tables",
        "20",
        "--seats",
        "9",
        "--close-after-level",
        "8",
        "--field-cap",
        "150",
    )
    assert data["status"]["guarantee_cents"] == 500000
    assert data["status"]["prize_pool"] == "$5,000.00"


def test_timed_finish_and_forfeit(db: str) -> None:
    ok(db, "new", "--template", "fox_wed_80", "--name", "Wed", "--id", "w")
    for name in ("A", "B", "C"):
        ok(db, "register", "w", name, "--card", "1", "--age-ok")
    out = ok(db, "forfeit", "w", "A", "3,100")
    assert "forfeited 3,100 chips" in out
    ok(db, "reenter", "w", "A")
    ok(db, "remove-chips", "w", "100", "--reason", "colour-up")
    assert js(db, "status", "w")["chips_in_play"] == 75000 - 3100 + 25000 - 100
    ok(db, "new", "--template", "nj_fundraiser_timed", "--name", "Timed", "--id", "nt")
    for name in ("A", "B", "C"):
        ok(db, "register", "nt", name)
    ok(db, "finish", "nt", "A=9000", "B=4000", "C=2000")
    rows = js(db, "results", "nt")["rows"]
    assert [r["name"] for r in rows] == ["A", "B", "C"]


def test_FOX_REG5_alive_in_one_event_at_a_time(db: str) -> None:
    """FOX-REG5: alive in the noon event -> refused at 14:00; after the bust -> accepted."""
    ok(db, "new", "--template", "fox_grinder", "--name", "Noon", "--id", "noon")
    ok(db, "new", "--template", "fox_120", "--name", "Two pm", "--id", "two")
    for name, card in (("Alice", "1001"), ("Bob", "1002")):
        ok(db, "register", "noon", name, "--card", card, "--age-ok")
    assert "still alive in Noon (noon)" in refused(
        db, "register", "two", "Alice", "--card", "1001", "--age-ok"
    )
    ok(db, "bust", "noon", "Alice", "--by", "Bob")
    ok(db, "register", "two", "Alice", "--card", "1001", "--age-ok")


def test_cli_adds_its_flag_hint_to_the_neutral_refusal(db: str) -> None:
    """The core says "Confirm ... is at least 21" (the web shows that); the terminal adds
    how to do it here (--age-ok), and the JSON refusal keeps the neutral text and the hint."""
    _night(db)
    out = refused(db, "register", "t1", "Young Yves", "--card", "2001")
    assert "Confirm Young Yves is at least 21 before registering." in out
    assert "--age-ok" in out
    result = runner.invoke(app, ["register", "t1", "Ann", "--card", "1", "--db", db, "--json"])
    data = json.loads(result.stdout)
    assert "--" not in data["message"]
    assert data["context"]["hint"] == "age"
    out = refused(db, "register", "t1", "Alice", "--card", "1001", "--age-ok")
    assert "a second stack is a re-entry" in out
    assert "pokertd reenter" in out


def test_new_chooses_the_events_currency_and_locale(db: str) -> None:
    """Issue 27 point 2: ``pokertd new --currency EUR --locale de_DE --json``; the
    guarantee typed on the command line is read in that currency; an off-list code is
    refused in one sentence and writes nothing."""
    out = js(
        db,
        "new",
        "--template",
        "fox_grinder",
        "--name",
        "Freitag",
        "--id",
        "eu",
        "--currency",
        "eur",
        "--locale",
        "de-DE",
        "--guarantee",
        "1000",
    )
    assert out["tournament_id"] == "eu"
    assert out["status"]["currency"] == "EUR"
    assert out["status"]["guarantee_cents"] == 100000
    status = ok(db, "status", "eu")
    assert "prize pool 1.000,00" in status  # the event's own locale, no env variable
    yen = js(db, "new", "--template", "fox_grinder", "--name", "Tokyo", "--id", "jp",
             "--currency", "JPY", "--guarantee", "50000")  # fmt: skip
    assert (yen["status"]["currency"], yen["status"]["guarantee_cents"]) == ("JPY", 50000)
    text = refused(db, "new", "--template", "fox_grinder", "--name", "x", "--currency", "XYZ")
    assert "'XYZ' is not a currency an event can be run in: choose USD, EUR, GBP" in text
    text = refused(db, "new", "--template", "fox_grinder", "--name", "x", "--locale", "xx_YY")
    assert "'xx_YY' is not a locale an event can be written in" in text
    assert {t["id"] for t in js(db, "tournaments")} == {"jp", "eu"}  # nothing more written
