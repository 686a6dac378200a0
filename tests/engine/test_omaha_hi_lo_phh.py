"""The corpus's Omaha hi-lo hands (``../shared/phh/wsop/2023/43``, the 2023 WSOP $50,000
Poker Players Championship, PHH ``FO/8``): every one replays through the hand engine,
every action checked by the TDA profile, to its recorded ``finishing_stacks``. Read at
run time, skipped when the folder is absent."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokertd.engine import Hand
from pokertd.engine.phh import load_phh, replay_phh, to_phh
from pokertd.rules import Variant

WSOP_43 = Path(__file__).resolve().parents[2] / ".." / "shared" / "phh" / "wsop" / "2023" / "43"


def _corpus_file(name: str) -> str:
    path = WSOP_43 / "5" / name
    if not path.is_file():
        pytest.skip(f"PHH corpus not found at {path} (fresh clone)")
    return path.read_text(encoding="utf-8")


def test_every_omaha_hi_lo_hand_of_the_corpus_replays_to_its_finishing_stacks() -> None:
    if not WSOP_43.is_dir():
        pytest.skip(f"PHH corpus not found at {WSOP_43} (fresh clone)")
    names: list[str] = []
    failures: list[str] = []
    for path in sorted(WSOP_43.rglob("*.phh")):
        text = path.read_text(encoding="utf-8")
        if load_phh(text)["variant"] != "FO/8":
            continue
        replay = replay_phh(text)
        assert isinstance(replay.hand, Hand)
        assert replay.hand.variant is Variant.FIXED_LIMIT_OMAHA_HI_LO
        assert replay.complete, path
        if replay.matches is not True:
            failures.append(f"{path.name}: {replay.finishing_stacks}")
        names.append(path.stem)
        # What pokertd writes replays to the same stacks.
        assert replay_phh(to_phh(replay.hand)).finishing_stacks == replay.finishing_stacks
    assert not failures, failures
    assert len(names) == 14, names


def test_FO8_hand_76_one_blind_split_high_and_low() -> None:
    """Hand 76: only p1 posts (250,000, a big blind with no small blind: p2 acts first);
    capped pre-flop at four bets (1,000,000). Board Jd7s4h5hJs: p2's AdAcTs8s makes aces
    and jacks for high, p3's As8c3s2c the 7-5-4-2-A low; the 3,750,000 pot splits
    1,875,000 each (F5), finishing stacks as recorded."""
    replay = replay_phh(_corpus_file("76.phh"))
    hand = replay.hand
    assert isinstance(hand, Hand)
    assert hand.small_blind_seat is None
    assert replay.finishing_stacks == [2375000, 6375000, 18400000, 2550000]
    (pot,) = hand.result.pots
    assert pot.amount == 3_750_000
    assert pot.awards == ((1, 1_875_000), (2, 1_875_000))
    assert pot.hand == "two pair, aces and jacks; 7-5-4-2-A low"
    assert pot.odd_chips == ()


def test_an_omaha_hi_lo_pot_limit_hand_written_by_pokertd_replays() -> None:
    """``PO/8`` is pokertd's own code (the PHH specification has none for pot-limit Omaha
    hi-lo): what it writes it reads back."""
    hand = Hand.start(
        variant=Variant.POT_LIMIT_OMAHA_HI_LO,
        stacks=[1000, 1000, 1000],
        button=2,
        small_blind_seat=0,
        big_blind_seat=1,
        small_blind=5,
        big_blind=10,
        deck=list(range(52)),
    )
    while not hand.is_over:
        hand.do_check_call()
    text = to_phh(hand)
    assert 'variant = "PO/8"' in text
    assert replay_phh(text).finishing_stacks == list(hand.result.final_stacks)
