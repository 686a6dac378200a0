"""``pokertd mail status|send|test`` against a real local SMTP server (issue 26, point 3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokertd.cli import app

from .conftest import SmtpServer, Venue

runner = CliRunner()


@pytest.fixture
def db(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'night.db'}"
    venue = Venue(url=url)
    venue.night()
    venue.service.close()
    return url


def _env(smtp: SmtpServer) -> dict[str, str]:
    return {
        "POKERTD_SMTP_HOST": "127.0.0.1",
        "POKERTD_SMTP_PORT": str(smtp.port),
        "POKERTD_SMTP_SECURITY": "none",
        "POKERTD_SMTP_PASSWORD": "s3cret-Pa55",
        "POKERTD_MAIL_FROM": "results@club.example",
        "POKERTD_ACTOR": "Dee",
    }


def test_status_without_settings_says_mail_is_not_set_up(db: str) -> None:
    r = runner.invoke(app, ["mail", "status", "fox6", "--db", db, "--json"], env={})
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["configured"] is False
    assert data["message"].startswith("Mail is not set up")
    r = runner.invoke(app, ["mail", "send", "fox6", "--db", db], env={})
    assert r.exit_code == 2
    assert "Mail is not set up" in r.output


def test_send_dry_run_sends_and_records_nothing(db: str, smtp: SmtpServer) -> None:
    smtp.start()
    r = runner.invoke(
        app, ["mail", "send", "fox6", "--db", db, "--dry-run", "--json"], env=_env(smtp)
    )
    assert r.exit_code == 0, r.output
    rows = json.loads(r.output)
    assert sorted(row["to"] for row in rows) == [
        "Bob Ray <bob@example.org>",
        "Cy Wu <cy@example.org>",
    ]
    bob = next(row for row in rows if row["to"].startswith("Bob"))
    assert "You finished 2nd and won $119.26." in bob["text"]
    assert smtp.received() == []
    status = json.loads(
        runner.invoke(app, ["mail", "status", "fox6", "--db", db, "--json"], env=_env(smtp)).output
    )
    assert status["requests"] == []
    assert {line["state"] for line in status["lines"]} == {"due"}


def test_send_one_player_then_status(db: str, smtp: SmtpServer) -> None:
    smtp.start()
    before = json.loads(
        runner.invoke(app, ["mail", "status", "fox6", "--db", db, "--json"], env=_env(smtp)).output
    )
    cy = next(line["player_id"] for line in before["lines"] if line["name"] == "Cy Wu")
    r = runner.invoke(
        app, ["mail", "send", "fox6", "--db", db, "--player", cy, "--json"], env=_env(smtp)
    )
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["sent"] == [f"fox6/{cy}"]
    assert [str(m["X-RcptTo"]) for m in smtp.received()] == ["cy@example.org"]
    r = runner.invoke(app, ["mail", "status", "fox6", "--db", db, "--json"], env=_env(smtp))
    assert "s3cret" not in r.output
    status = json.loads(r.output)
    assert status["settings"]["password"] == "set"
    assert [(q["staff"], q["players"]) for q in status["requests"]] == [("Dee", cy)]
    states = {line["name"]: line["state"] for line in status["lines"]}
    assert states == {"Bob Ray": "due", "Cy Wu": "sent"}
    text = runner.invoke(app, ["mail", "status", "fox6", "--db", db], env=_env(smtp)).output
    assert "password set" in text
    assert "s3cret" not in text


def test_mail_test_checks_the_settings(db: str, smtp: SmtpServer) -> None:
    r = runner.invoke(app, ["mail", "test", "me@example.org", "--db", db], env=_env(smtp))
    assert r.exit_code == 2  # nobody listens yet
    assert "The test mail was not sent." in r.output
    smtp.start()
    r = runner.invoke(app, ["mail", "test", "me@example.org", "--db", db], env=_env(smtp))
    assert r.exit_code == 0, r.output
    assert "A test mail was sent to me@example.org" in r.output
    assert [str(m["X-RcptTo"]) for m in smtp.received()] == ["me@example.org"]
