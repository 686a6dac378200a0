"""``pokertd signup settings|list|add|open|checkin|withdraw|release|seat|link --json``
(issue 26): capacity 3, four sign-ups, one withdraws, a group-2 check-in refused in one
line citing the rule (exit 2, nothing written), the desk seats one with one command."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import cli_runner
from cli_runner import built_once  # noqa: F401 (autouse)

from pokertd.app.tournaments import open_service
from pokertd.tournament.entries import CreateTournament
from pokertd.tournament.templates import load_template

DESK = {"POKERTD_ACTOR": "desk"}
"""The sign-up desk runs these commands: the log says who did."""


def run(*args: str, code: int = 0) -> str:
    return cli_runner.run(*args, code=code, env=DESK)


def run_json(*args: str, code: int = 0) -> Any:
    return cli_runner.run_json(*args, code=code, env=DESK)


def test_signup_night_through_the_cli(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'signup.db'}"
    with open_service(db) as service:
        tmpl = load_template("kpc_nlh").with_changes(profile="tda", tables=1, seats_per_table=9)
        tid = service.create(CreateTournament(name="Tuesday", template=tmpl))
    done = run_json(
        "signup",
        "settings",
        tid,
        "--capacity",
        "3",
        "--group-size",
        "2",
        "--release-at",
        "2026-11-29T19:30+00:00",
        "--db",
        db,
    )
    assert [r["type"] for r in done] == ["signups_set"]
    links = []
    for name in ("Ann Lee", "Bob Ray", "Cy Dow", "Di Fox"):
        contact = ["--contact", "ann@example.org"] if name == "Ann Lee" else []
        links.append(run_json("signup", "add", tid, name, *contact, "--db", db)["link"])
    assert links[0].startswith(f"/s/{tid}/")
    board = run_json("signup", "list", tid, "--db", db)
    assert (board["places"], board["waiting"]) == (3, 1)
    assert [ln["name"] for ln in board["lines"] if ln["waitlist"]] == ["Di Fox"]
    assert board["lines"][0]["has_contact"] is True
    assert "contact" not in board["lines"][0]
    run_json("signup", "withdraw", tid, "S2", "--db", db)
    run_json("signup", "open", tid, "--group", "1", "--db", db)
    refused = run_json("signup", "checkin", tid, "S3", "--db", db, code=2)
    assert refused["message"].startswith(
        "Check-in is not open yet for group 2: it is open for group 1."
    )
    assert refused["rule_ids"] == ["A2"]  # TDA's rulebook is silent: the catalogue entry
    run_json("signup", "checkin", tid, "S1", "--db", db)
    seated = run_json("signup", "seat", tid, "S1", "--db", db)
    assert [r["type"] for r in seated] == ["player_added", "entry_bought", "signup_seated"]
    text = run("signup", "list", tid, "--db", db)
    assert "Ann Lee" in text
    assert "seated" in text
    made = run_json("signup", "link", tid, "S3", "--db", db)
    assert made["link"].startswith(f"/s/{tid}/")
    assert made["link"] != links[2]
    err = run("signup", "settings", tid, "--release-at", "19:30", "--db", db, code=2)
    assert "is not a time" in err
