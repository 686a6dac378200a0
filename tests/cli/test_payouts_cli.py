"""The money commands: ``pokertd payouts``, ``pokertd icm``, ``pokertd deal`` (standalone)."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

from pokertd.cli import app

CLI = typer.main.get_command(app)  # built once: Typer rebuilds the app on every invoke


@dataclass(frozen=True)
class Outcome:
    exit_code: int
    stdout: str
    output: str


class _Runner:
    """``CliRunner.invoke`` on the command built once (a hundred times faster here)."""

    def invoke(self, _cli: object, args: list[str]) -> Outcome:
        with CliRunner().isolation() as (out, _err, both):
            try:
                CLI.main(args=args, prog_name="pokertd")
                code = 0
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 1
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
            return Outcome(code, out.getvalue().decode(), both.getvalue().decode())


runner = _Runner()


def run_json(*args: str) -> Any:
    result = runner.invoke(CLI, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_payouts_calculator_json_is_place_and_amount_in_cents() -> None:
    data = run_json("payouts", "--entries", "100", "--pool", "4074", "--table", "fox_ptab")
    assert data == [
        {"place": i + 1, "amount": a}
        for i, a in enumerate(
            [114072, 76999, 50518, 37888, 28518, 22814, 18740, 15074, 12222, 10185, 10185, 10185]
        )
    ]


@pytest.mark.parametrize("pool", ["4074", "4074.00", "$4,074.00"])
def test_payouts_pool_as_the_floor_types_it(pool: str) -> None:
    data = run_json("payouts", "--entries", "100", "--pool", pool, "--table", "fox_ptab")
    assert isinstance(data, list)
    assert sum(row["amount"] for row in data) == 407400


def test_payouts_from_gross_applies_withholding_and_guarantee() -> None:
    data = run_json("payouts", "--entries", "50", "--gross", "8350", "--guarantee", "10000")
    assert [row["amount"] for row in data] == [325000, 220000, 140000, 110000, 85000, 65000, 55000]


def test_payouts_sng_and_survivor_tables() -> None:
    sng = run_json("payouts", "--entries", "10", "--gross", "470", "--table", "sng")
    assert [row["amount"] for row in sng] == [22795, 13677, 9118]
    surv = run_json(
        "payouts", "--entries", "40", "--gross", "3880", "--table", "survivor", "--buy-in", "97"
    )
    assert [row["amount"] for row in surv] == [97000, 97000, 97000, 85360]


def test_payouts_custom_table_file(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text('[[bands]]\nentries = [2, 30]\npercent = ["70", "30"]\n', encoding="utf-8")
    data = run_json("payouts", "--entries", "12", "--pool", "1000", "--table", str(path))
    assert [row["amount"] for row in data] == [70000, 30000]


def test_payouts_human_output() -> None:
    result = runner.invoke(CLI, ["payouts", "--entries", "100", "--gross", "4200"])
    assert result.exit_code == 0
    assert "$1,140.72" in result.stdout
    assert "$4,074.00" in result.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["payouts", "--entries", "100", "--pool", "40x74"],
        ["payouts", "--entries", "100"],
        ["payouts", "--pool", "100"],
        ["payouts", "--entries", "600", "--pool", "100000", "--table", "fox_ptab"],
        ["payouts", "--entries", "10", "--pool", "100", "--table", "nope"],
    ],
)
def test_payouts_refusals_exit_2_with_one_line(args: list[str]) -> None:
    result = runner.invoke(CLI, args)
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_payouts_refusal_as_json() -> None:
    result = runner.invoke(
        CLI, ["payouts", "--entries", "600", "--pool", "1000", "--table", "fox_ptab", "--json"]
    )
    assert result.exit_code == 2
    body = json.loads(result.stdout)
    assert body["rule"] == "FOX-PTAB"


def test_icm_oracles() -> None:
    assert run_json("icm", "--stacks", "6000,4000,2000", "--prizes", "500,300,200") == {
        "equities": [385.0, 340.0, 275.0],
        "method": "exact",
    }
    data = run_json("icm", "--stacks", "5000,3000,2000", "--prizes", "50,30,20")
    assert isinstance(data, dict)
    assert data["equities"] == [38.39, 32.75, 28.86]


def test_icm_monte_carlo_is_seeded_and_states_its_error() -> None:
    args = [
        "icm",
        "--stacks",
        ",".join(str(1000 * (i + 1)) for i in range(12)),
        "--prizes",
        ",".join(str(100 - 5 * i) for i in range(12)),
        "--seed",
        "4",
        "--samples",
        "2000",
    ]
    first = run_json(*args)
    assert first == run_json(*args)
    assert isinstance(first, dict)
    assert first["method"] == "monte_carlo"
    assert len(first["standard_errors"]) == 12
    assert round(sum(first["equities"]), 2) == sum(100 - 5 * i for i in range(12))


@pytest.mark.parametrize(
    "args",
    [
        ["icm", "--stacks", "6000,x", "--prizes", "1"],
        ["icm", "--stacks", "1,2", "--prizes", ""],
        ["icm", "--stacks", "1,2", "--prizes", "1,2,3"],
    ],
)
def test_icm_refusals(args: list[str]) -> None:
    assert runner.invoke(CLI, args).exit_code == 2


def test_deal_standalone_icm_and_warnings() -> None:
    data = run_json(
        "deal",
        "icm",
        "--stacks",
        "5000,3000,2000",
        "--prizes",
        "50,30,20",
        "--players",
        "Ann,Bob,Cy",
        "--profile",
        "tnpl",
    )
    assert isinstance(data, dict)
    assert [p["amount"] for p in data["players"]] == [3839, 3275, 2886]
    assert [p["player"] for p in data["players"]] == ["Ann", "Bob", "Cy"]
    assert any("TNPL-J4ii" in w for w in data["warnings"])


def test_deal_standalone_save_and_custom() -> None:
    data = run_json(
        "deal",
        "save",
        "--stacks",
        "6000,3000,1000",
        "--prizes",
        "50,30,20",
        "--save",
        "10",
        "--by",
        "chip",
    )
    assert isinstance(data, dict)
    assert [p["amount"] for p in data["players"]] == [5400, 2700, 900]
    assert data["play_for"] == 1000
    data = run_json(
        "deal",
        "custom",
        "--stacks",
        "1,1,1",
        "--prizes",
        "3250,2200,1400",
        "--amounts",
        "2400,2300,2150",
    )
    assert isinstance(data, dict)
    assert data["play_for"] == 0


def test_deal_refusals() -> None:
    assert runner.invoke(CLI, ["deal", "split", "--stacks", "1,2", "--prizes", "1"]).exit_code == 2
    assert runner.invoke(CLI, ["deal", "icm"]).exit_code == 2
    assert runner.invoke(CLI, ["deal", "a", "b", "c"]).exit_code == 2
