"""``pokertd ruling``: the catalogue's examples from the command line, text and JSON."""

from __future__ import annotations

import json
import subprocess
import sys

from typer.testing import CliRunner

from pokertd.cli import app

E13 = [
    "ruling",
    "--to-call",
    "600",
    "--bet",
    "600",
    "--last-raise",
    "400",
    "--pot",
    "900",
    "--stack",
    "100000",
    "--big-blind",
    "200",
    "--raised",
    "--chips",
    "500,100x3,25x2",
]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


def test_TNPL_H5i_KPC_29B_same_push_two_venues() -> None:
    """E13: 850 facing a raise to 600: TNPL a raise to 1,000; KPC a call, 250 back."""
    code, out = run(*E13, "--profile", "tnpl", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert (data["action"], data["amount"], data["chips_to_add"]) == ("raise", 1_000, 150)
    assert data["rule_ids"][0].startswith("TNPL-")
    code, out = run(*E13, "--profile", "kojack", "--json")
    assert (json.loads(out)["action"], json.loads(out)["change"]) == ("call", 250)


def test_FOX_46B_KPC_33_raise_8000_text_output() -> None:
    """E2: "raise 8000" with two 5,000 chips facing 2,000: a raise to 8,000, 2,000 back."""
    code, out = run(
        "ruling",
        "--to-call",
        "2000",
        "--bet",
        "2000",
        "--pot",
        "5000",
        "--stack",
        "40000",
        "--big-blind",
        "1000",
        "--declared",
        "raise 8000",
        "--chips",
        "5000x2",
        "--profile",
        "kojack",
    )
    assert code == 0, out
    assert "raise to 8,000" in out
    assert "change 2,000" in out
    assert "KPC-33" in out


def test_KPC_30_TNPL_H2i_out_of_turn_options() -> None:
    """E25: out of turn, action changed: TNPL call (adds 500) or fold."""
    _, out = run(
        "ruling",
        "--to-call",
        "1000",
        "--pot",
        "3000",
        "--stack",
        "20000",
        "--big-blind",
        "200",
        "--declared",
        "bet 500",
        "--chips",
        "500",
        "--out-of-turn",
        "--action-changed",
        "--profile",
        "tnpl",
        "--json",
    )
    data = json.loads(out)
    assert [o["action"] for o in data["options"]] == ["call", "fold"]
    assert data["options"][0]["chips_to_add"] == 500


def test_bad_input_is_one_line_exit_2() -> None:
    """More chips than the stack, a malformed chip, an unknown profile: exit 2."""
    for extra in (["--chips", "5000x100"], ["--chips", "five"], ["--profile", "nowhere"]):
        code, out = run(*E13, "--stack", "1000", *extra)
        assert code == 2, out
        assert "Traceback" not in out


def test_real_subprocess() -> None:
    """The installed command, as a director types it."""
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            "from pokertd.cli import main; main()",
            *E13,
            "--profile",
            "spotlight",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["action"] == "call"


def test_FOX_60_TNPL_H2ii_count_request_and_skipped_player_from_the_cli() -> None:
    """E28/E26 reachable from the CLI: a count request before his turn is refused at
    Foxwoods (FOX-60); a skipped player after substantial action goes to the floor with
    two options (dead, or call 600 only) at TNPL (TNPL-H2ii)."""
    base = ["ruling", "--to-call", "600", "--pot", "1100", "--stack", "20000"]
    code, out = run(*base, "--count-request", "--facing-all-in", "--not-his-turn",
                    "--profile", "foxwoods", "--json")  # fmt: skip
    assert code == 0, out
    data = json.loads(out)
    assert (data["flags"], data["rule_ids"]) == (["count_refused"], ["FOX-60"])
    code, out = run(*base, "--skipped", "--acted-behind", "2", "--sa-after", "--profile", "tnpl",
                    "--json")  # fmt: skip
    data = json.loads(out)
    assert (data["action"], [o["chips_to_add"] for o in data["options"]]) == ("floor", [0, 600])
    assert data["rule_ids"] == ["TNPL-H2ii"]
