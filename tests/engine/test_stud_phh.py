"""The corpus's stud hands (``../shared/phh/wsop/2023/43``, the 2023 WSOP $50,000 Poker
Players Championship): every seven-card stud, stud hi-lo and razz hand replays through
the stud engine, every action checked by the TDA profile, to its recorded
``finishing_stacks``. Read at run time, skipped when the folder is absent."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokertd.engine.phh import STUD_VARIANTS, load_phh, replay_phh
from pokertd.engine.stud import StudHand

WSOP_43 = Path(__file__).resolve().parents[2] / ".." / "shared" / "phh" / "wsop" / "2023" / "43"


def test_every_stud_hand_of_the_corpus_replays_to_its_finishing_stacks() -> None:
    if not WSOP_43.is_dir():
        pytest.skip(f"PHH corpus not found at {WSOP_43} (fresh clone)")
    counts: dict[str, int] = {}
    failures: list[str] = []
    for path in sorted(WSOP_43.rglob("*.phh")):
        text = path.read_text(encoding="utf-8")
        code = load_phh(text)["variant"]
        if code not in STUD_VARIANTS:
            continue
        replay = replay_phh(text)
        assert isinstance(replay.hand, StudHand)
        assert replay.complete, path
        if replay.matches is not True:
            failures.append(f"{path.name}: {replay.finishing_stacks}")
        counts[code] = counts.get(code, 0) + 1
    assert not failures, failures
    assert counts == {"F7S": 13, "F7S/8": 7, "FR": 10}


def test_a_razz_hand_brought_in_by_the_king_and_won_on_seventh() -> None:
    """FR hand 20: p1's Kc brings in 50,000; p3 bets seventh street and p2 folds."""
    path = WSOP_43 / "5" / "20.phh"
    if not path.is_file():
        pytest.skip(f"PHH corpus not found at {path} (fresh clone)")
    replay = replay_phh(path.read_text(encoding="utf-8"))
    hand = replay.hand
    assert isinstance(hand, StudHand)
    assert hand.bring_in_seat == 0
    assert replay.finishing_stacks == [6450000, 5575000, 4825000, 7450000, 5400000]
    assert replay.as_json()["variant"] == "FR"
