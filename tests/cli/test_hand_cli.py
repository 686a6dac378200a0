"""The hand commands: ``pokertd hand replay``, ``phh-check`` and ``demo``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokertd.cli import app

runner = CliRunner()
PHH_ROOT = Path(__file__).resolve().parents[2] / ".." / "shared" / "phh"

HAND = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [1000, 1000, 1000]
actions = ["d dh p1 AsKs", "d dh p2 QsQd", "d dh p3 7c2d", "p3 f", "p1 cbr 300", "p2 cc",
  "d db 2c5d9h", "p1 cbr 200", "p2 f"]
finishing_stacks = [1300, 700, 1000]
"""


def test_replay_json_has_finishing_stacks_pots_and_winnings(tmp_path: Path) -> None:
    path = tmp_path / "hand.phh"
    path.write_text(HAND)
    result = runner.invoke(app, ["hand", "replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["finishing_stacks"] == [1300, 700, 1000]
    assert data["winnings"] == [600, 0, 0]
    assert data["pots"] == [{"amount": 600, "eligible": [1], "winners": [1], "awards": {"p1": 600}}]
    assert data["matches"] is True


def test_replay_illegal_action_is_one_line_and_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.phh"
    path.write_text(HAND.replace('"p1 cbr 200"', '"p1 cbr 50"'))
    result = runner.invoke(app, ["hand", "replay", str(path)])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1
    assert "Action 8 'p1 cbr 50'" in lines[0]
    assert lines[0].endswith("(TDA-55)")  # E1 under the file's TDA profile (FOX-55's TDA text)


def test_replay_missing_and_malformed_files(tmp_path: Path) -> None:
    result = runner.invoke(app, ["hand", "replay", str(tmp_path / "none.phh")])
    assert result.exit_code == 2
    bad = tmp_path / "bad.phh"
    bad.write_text("variant = [")
    result = runner.invoke(app, ["hand", "replay", str(bad), "--json"])
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"] == "invalid_command"


def test_demo_is_repeatable_with_a_seed() -> None:
    one = runner.invoke(app, ["hand", "demo", "--seed", "11", "--json"])
    two = runner.invoke(app, ["hand", "demo", "--seed", "11", "--json"])
    assert one.exit_code == 0, one.output
    assert one.stdout == two.stdout
    data = json.loads(one.stdout)
    assert data["seed"] == 11
    assert sum(data["result"]["final_stacks"].values()) == sum(data["start_stacks"].values())
    text = runner.invoke(app, ["hand", "demo", "--seed", "11", "--profile", "kojack"])
    assert text.exit_code == 0
    assert "Hand #1" in text.stdout


def test_phh_check_on_a_folder(tmp_path: Path) -> None:
    (tmp_path / "a.phh").write_text(HAND)
    (tmp_path / "b.phh").write_text(  # straddles: a structure pokertd does not deal
        'variant = "NT"\nantes=[0,0,0]\nblinds_or_straddles=[1,2,4]\nmin_bet=2\n'
        "starting_stacks=[100,100,100]\nactions=[]"
    )
    result = runner.invoke(app, ["hand", "phh-check", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["matched"], data["supported"], data["unsupported"]) == (1, 1, 1)


def test_phh_check_counts_the_badugi_hand_among_those_without_finishing_stacks(
    tmp_path: Path,
) -> None:
    """The corpus's FB hand (no ``finishing_stacks``) is a supported hand now: replayed,
    counted without finishing stacks, not among the other games."""
    source = PHH_ROOT / "alice-carol-wikipedia.phh"
    if not source.is_file():
        pytest.skip("PHH corpus not present")
    (tmp_path / "fb.phh").symlink_to(source.resolve())
    result = runner.invoke(app, ["hand", "phh-check", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["supported"], data["unsupported"], data["no_finishing_stacks"]) == (1, 0, 1)
    replay = runner.invoke(app, ["hand", "replay", str(source), "--json"])
    assert json.loads(replay.stdout)["finishing_stacks"] == [196, 220, 200, 184]


def test_phh_check_on_the_corpus_sample() -> None:
    folder = PHH_ROOT / "wsop"
    if not folder.is_dir():
        pytest.skip("PHH corpus not present")
    result = runner.invoke(app, ["hand", "phh-check", str(folder)])
    assert result.exit_code == 0, result.output
    assert "83/83 supported hands match" in result.stdout  # hold'em 25, stud 30, FO/8 14, draw 14
    assert "0 of other games" in result.stdout


def test_phh_check_shows_the_files_it_cannot_compare(tmp_path: Path) -> None:
    """Issue 28's done-means: every miss is shown. A file without ``finishing_stacks`` is
    listed with the stacks it replays to, never counted as a match. The Dwan-Ivey hand by
    hand: antes 3 x 500, Antonius folds his 2,000 big blind (1,997,500 left); Dwan is all in
    for his 553,000 behind the ante and his 7-6 straight beats Ivey's wheel on J-3-5-4-J:
    pot 1,500 + 2,000 + 2 x 553,000 = 1,109,500; Ivey keeps 1,125,600 - 500 - 553,000 =
    572,100."""
    source = PHH_ROOT / "dwan-ivey-2009.phh"
    if not source.is_file():
        pytest.skip("PHH corpus not present")
    (tmp_path / "dwan-ivey-2009.phh").write_text(source.read_text(encoding="utf-8"))
    result = runner.invoke(app, ["hand", "phh-check", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["matched"], data["no_finishing_stacks"], data["supported"]) == (0, 1, 1)
    (line,) = data["without_finishing_stacks"]
    assert line.endswith(
        "dwan-ivey-2009.phh: the file records no finishing stacks; replayed to "
        "572,100, 1,997,500, 1,109,500"
    )
    assert data["other_games"] == []


def test_demo_names_the_hands_in_the_cli_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 27: the shown hands and the pots' winning hands read in ``POKERTD_LANGUAGE``;
    ``--json`` keeps the English words."""
    monkeypatch.setenv("COLUMNS", "200")
    english = runner.invoke(app, ["hand", "demo", "--seed", "1"]).stdout
    assert "seat 3 show 8c8s: two pair, aces and eights" in english
    data = json.loads(runner.invoke(app, ["hand", "demo", "--seed", "1", "--json"]).stdout)
    assert data["result"]["pots"][0]["hand"] == "two pair, aces and eights"
    monkeypatch.setenv("POKERTD_LANGUAGE", "de")
    german = runner.invoke(app, ["hand", "demo", "--seed", "1"]).stdout
    assert "show 8c8s: Zwei Paare, Asse und Achten" in german
    assert "show Qd4h: ein Paar Asse" in german
    assert "mit Zwei Paare, Asse und Achten" in german
    monkeypatch.setenv("POKERTD_LANGUAGE", "es")
    spanish = runner.invoke(app, ["hand", "demo", "--seed", "1"]).stdout
    assert "doble pareja, ases y ochos" in spanish
