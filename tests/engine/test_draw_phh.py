"""The corpus's draw hands (``../shared/phh/wsop/2023/43``, the 2023 WSOP $50,000 Poker
Players Championship, day 5): every 2-7 triple draw (``F2L3D``) and no-limit 2-7 single
draw (``N2L1D``) hand replays through the draw engine, every action checked by the TDA
profile, to its recorded ``finishing_stacks``. Read at run time, skipped when the folder is
absent."""

from __future__ import annotations

import random
import warnings
from pathlib import Path

import pytest
from pokerkit import HandHistory

from pokertd.cards.card import parse_cards
from pokertd.engine.actions import Call, Check, Fold, Raise
from pokertd.engine.draw import Draw, DrawHand
from pokertd.engine.phh import DRAW_VARIANTS, load_phh, replay_phh, to_phh
from pokertd.errors import IllegalAction, OutOfTurn
from pokertd.rules import DrawVariant, load_profile

PHH = Path(__file__).resolve().parents[2] / ".." / "shared" / "phh"
WSOP_43 = PHH / "wsop" / "2023" / "43"


def _read(path: Path) -> str:
    if not path.is_file():
        pytest.skip(f"PHH corpus not found at {path} (fresh clone)")
    return path.read_text(encoding="utf-8")


def test_every_draw_hand_of_the_corpus_replays_to_its_finishing_stacks() -> None:
    if not WSOP_43.is_dir():
        pytest.skip(f"PHH corpus not found at {WSOP_43} (fresh clone)")
    counts: dict[str, int] = {}
    failures: list[str] = []
    for path in sorted(WSOP_43.rglob("*.phh")):
        text = path.read_text(encoding="utf-8")
        code = load_phh(text)["variant"]
        if code not in DRAW_VARIANTS:
            continue
        replay = replay_phh(text)
        assert isinstance(replay.hand, DrawHand)
        assert replay.complete, path
        if replay.matches is not True:
            failures.append(f"{path.name}: {replay.finishing_stacks}")
        counts[code] = counts.get(code, 0) + 1
    assert not failures, failures
    assert counts == {"F2L3D": 7, "N2L1D": 7}


def test_a_triple_draw_hand_to_a_showdown_after_three_draws() -> None:
    """F2L3D hand 57 (blinds 125,000/250,000, bets 250,000/500,000): p5 raises to 500,000
    pre-draw and p2 calls; a small bet after the first draw (raised to 250,000), big bets
    after the second (500,000) and third (raise to 1,000,000); p5's 7-6-5-3-2 wins and p2
    mucks. p2 put in 500,000 + 250,000 + 500,000 + 1,000,000 = 2,250,000; the pot is twice
    that and p1's small blind: 4,625,000."""
    replay = replay_phh(_read(WSOP_43 / "5" / "57.phh"))
    hand = replay.hand
    assert isinstance(hand, DrawHand)
    assert hand.variant is DrawVariant.TRIPLE_DRAW_27
    assert replay.finishing_stacks == [14175000, 2325000, 2950000, 5000000, 5250000]
    assert replay.winnings == [0, 0, 0, 0, 4625000]
    assert sorted(hand.cards(4)) == sorted(parse_cards("7h3d2s5c6h"))
    draws = [(seat, street, len(thrown)) for seat, street, thrown, _ in hand.draws]
    assert draws == [(1, "draw1", 2), (4, "draw1", 2), (1, "draw2", 2), (4, "draw2", 1),
                     (1, "draw3", 1), (4, "draw3", 1)]  # fmt: skip
    assert replay.as_json()["variant"] == "F2L3D"


def test_a_single_draw_hand_with_a_big_blind_ante() -> None:
    """N2L1D hand 45: blinds 75,000/150,000 and a big-blind ante of 225,000 (dead money,
    ``ante_trimming_status`` false); p5 moves in for 775,000, p2 calls; after one draw p5's
    T-9-4-4-2 (a pair of fours) beats p2's Q-8-8-5-3 (a pair of eights): p5 wins
    75,000 + 225,000 + 2 x 775,000 = 1,850,000."""
    replay = replay_phh(_read(WSOP_43 / "5" / "45.phh"))
    assert isinstance(replay.hand, DrawHand)
    assert replay.hand.variant is DrawVariant.NO_LIMIT_SINGLE_DRAW_27
    assert replay.finishing_stacks == [13875000, 6200000, 2975000, 4800000, 1850000]


def test_the_arieh_yockey_bad_beat_with_unknown_hands() -> None:
    """The 2019 hand where Yockey's pat 7-6-4-3-2 loses to Arieh's 7-5-4-3-2 made on the
    third draw (p2 and p3 dealt unknown cards, ``??``, fold). Yockey is all-in for
    450,000 + 150,000 + 300,000 + 280,000 = 1,180,000; Arieh wins twice that and Hui's big
    blind: 2,510,000. The file has no finishing stacks: they are checked here."""
    replay = replay_phh(_read(PHH / "arieh-yockey-2019.phh"))
    assert replay.complete
    assert replay.finishing_stacks == [0, 4190000, 5910000, 12095000]


def test_a_draw_out_of_turn_is_refused_naming_the_action() -> None:
    """F2L3D hand 57 with p5 drawing before p2: p2, left of the button, draws first."""
    text = _read(WSOP_43 / "5" / "57.phh").replace(
        "'p2 sd AsKs', 'p5 sd AcTd'", "'p5 sd AcTd', 'p2 sd AsKs'"
    )
    with pytest.raises(OutOfTurn, match=r"^Action 11 'p5 sd AcTd': Seat 5 acted out of turn"):
        replay_phh(text)


def test_throwing_a_card_not_in_the_hand_is_refused() -> None:
    text = _read(WSOP_43 / "5" / "57.phh").replace("'p2 sd AsKs'", "'p2 sd AsQh'")
    with pytest.raises(IllegalAction, match="cannot throw Qh: it is not in its hand"):
        replay_phh(text)


def _random_hand(seed: int) -> DrawHand:
    """A random triple-draw or single-draw hand of 2 to 6 players, mixed stacks, random
    draws (PokerKit's four-bet cap: ``raise_cap_limit`` 3)."""
    rng = random.Random(seed)
    k = rng.randint(2, 6)
    hand = DrawHand.start(
        variant=rng.choice(list(DrawVariant)),
        stacks=[rng.choice([30, 90, 300, 2_000]) for _ in range(k)],
        button=k - 1, small_blind=10, big_blind=20, small_bet=20, big_bet=40, rng=rng,
        ante=rng.choice([0, 0, 5]), profile=load_profile("tda").replace(raise_cap_limit=3),
    )  # fmt: skip
    while not hand.is_over:
        if hand.drawing:
            mine = list(hand.cards(hand.actor or 0))
            hand.act(Draw(rng.sample(mine, rng.randint(0, 3))))
            continue
        legal = hand.legal()
        r = rng.random()
        if r < 0.1 and legal.call_amount:
            hand.act(Fold())
        elif r < 0.75 or not legal.can_raise:
            hand.act(Call())
        else:
            hand.act(Raise(rng.choice([legal.min_raise_to, legal.max_raise_to])))
    return hand


def test_draw_hands_written_as_phh_replay_to_the_same_stacks() -> None:
    """200 random draw hands written by ``to_phh`` replay through ``replay_phh`` to the same
    stacks and actions (a hand whose stub ran out is left out: the replay deals from one
    deck order)."""
    replayed = all_in = 0
    for seed in range(200):
        hand = _random_hand(seed)
        if hand.reshuffles:
            continue
        text = to_phh(hand)
        replay = replay_phh(text)
        assert replay.matches is True, text
        assert replay.hand.actions == hand.actions, text
        replayed += 1
        all_in += any(r.all_in for r in hand.actions)
    assert replayed >= 150
    assert all_in >= 30


def test_draw_hands_written_as_phh_replay_in_pokerkit() -> None:
    """The same hands end with the same stacks in PokerKit's own PHH reader (odd chips
    aside); PokerKit may refuse a raise after a short all-in (the documented E4
    difference)."""
    replayed = refused = 0
    for seed in range(100):
        hand = _random_hand(seed)
        text = to_phh(hand)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                *_, state = iter(HandHistory.loads(text))
        except ValueError:
            refused += 1
            continue
        replayed += 1
        ours = [hand.stacks[s] or 0 for s in hand.seats_dealt]
        theirs = [int(x) for x in state.stacks]
        if any(len(p.winners) > 1 for p in hand.result.pots):
            assert sum(ours) == sum(theirs)
        else:
            assert ours == theirs, text
    assert replayed >= 90, (replayed, refused)


def test_FOX_51_a_heads_up_tournament_hand_raises_past_the_cap_and_replays() -> None:
    """E5 (FOX-51): the raise cap is lifted when two players are left in the event; the
    file keeps the players left and the smallest chip (``_pokertd_players_in_tournament``,
    ``_pokertd_min_chip``), so replaying it lifts the cap too (a simulated 8-game night
    found a heads-up triple-draw hand with 16 raises that did not replay)."""
    hand = DrawHand.start(
        variant=DrawVariant.TRIPLE_DRAW_27, stacks=[50_000, 50_000], button=0,
        small_blind=100, big_blind=200, profile=load_profile("foxwoods"),
        rng=random.Random(5), min_chip=25, players_in_tournament=2,
    )  # fmt: skip
    raises = 0
    while hand.actor is not None:
        if hand.drawing:
            hand.act(Draw())
            continue
        legal = hand.legal()
        if legal.can_raise and raises < 7 and hand.street == "predraw":
            hand.act(Raise(legal.min_raise_to))
            raises += 1
        elif legal.can_check:
            hand.act(Check())
        else:
            hand.act(Call())
    assert raises == 7  # all before the draw: past the cap of a bet and 4 raises
    assert hand.is_over
    text = to_phh(hand)
    assert "_pokertd_players_in_tournament = 2" in text
    assert "_pokertd_min_chip = 25" in text
    assert replay_phh(text).matches
