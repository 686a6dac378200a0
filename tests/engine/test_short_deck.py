"""Short-deck (6+) no-limit hold'em: the 36-card deck, the short-deck ranking, the button
blind, the Triton London 2019 PHH hand, and a differential test against PokerKit's
``NoLimitShortDeckHoldem``.

The ranking is PokerKit's ``ShortDeckHoldemLookup`` (docs/engine.md, "Short deck"): a
flush beats a full house, A-6-7-8-9 is the lowest straight, and a straight still beats
three of a kind (the rule some rooms reverse; PokerKit and this engine do not).
"""

from __future__ import annotations

import random
import warnings
from pathlib import Path

import pytest
from engine_helpers import check_down, play, start

from pokertd.cards import parse_cards
from pokertd.cards.deck import SHORT_DECK, shuffled
from pokertd.cards.evaluate import (
    HandCategory,
    describe_short_deck,
    evaluate7,
    evaluate_short_deck,
    evaluate_short_deck7,
    short_deck_category,
)
from pokertd.engine import Call, Fold, Hand, Raise
from pokertd.engine.floor import one_card_shown
from pokertd.engine.phh import replay_phh, to_phh
from pokertd.errors import InvalidCommand
from pokertd.rules import AnteType, Variant, load_profile

PHH_ROOT = Path(__file__).resolve().parents[2] / ".." / "shared" / "phh"
SD = Variant.NO_LIMIT_SHORT_DECK


def _sd(text: str) -> int:
    return evaluate_short_deck7(*parse_cards(text))


# ------------------------------------------------------------------ the ranking


def test_flush_beats_full_house_in_short_deck_but_not_in_holdem() -> None:
    flush = "AhJh9h7h6hKcQd"  # ace-high flush
    full_house = "AsAcAd7s7cKdQc"  # aces full of sevens
    assert _sd(flush) < _sd(full_house)
    assert evaluate7(*parse_cards(flush)) > evaluate7(*parse_cards(full_house))
    assert short_deck_category(_sd(flush)) is HandCategory.FLUSH
    assert short_deck_category(_sd(full_house)) is HandCategory.FULL_HOUSE
    # The weakest flush (J-T-8-7-6) still beats the best full house.
    assert _sd("6h7h8hThJhQdQc") < _sd("AsAcAdKsKcQdJc")


def test_a6789_is_the_lowest_straight() -> None:
    low = _sd("Ah6c7d8s9hKcKd")  # A-6-7-8-9 with a pair of kings beside
    assert short_deck_category(low) is HandCategory.STRAIGHT
    assert low < _sd("KhKcKd8s9hJcQd")  # beats three kings (straight above trips)
    assert low > _sd("6h7c8d9sThKcKd")  # loses to 6-7-8-9-T, the next straight
    assert describe_short_deck(parse_cards("Ah6c7d8s9hKcKd")) == "straight, nine high"
    # In hold'em A-6-7-8-9 is only a pair of kings.
    assert evaluate7(*parse_cards("Ah6c7d8s9hKcKd")) > evaluate7(*parse_cards("KhKcKd8s9hJcQd"))


def test_a6789_suited_is_the_lowest_straight_flush() -> None:
    steel = _sd("Ah6h7h8h9hKcKd")
    assert short_deck_category(steel) is HandCategory.STRAIGHT_FLUSH
    assert steel < _sd("KhKcKdKs9hJcQd")  # beats four kings
    assert steel > _sd("6h7h8h9hThKcKd")  # loses to the ten-high straight flush
    assert describe_short_deck(parse_cards("Ah6h7h8h9hKcKd")) == "straight flush, nine high"


def test_straight_beats_three_of_a_kind_as_in_pokerkit() -> None:
    """PokerKit's ``ShortDeckHoldemLookup`` keeps a straight above three of a kind: the
    Phua-Xuan hand's board 9h6cKcJhTs gives Xuan (QhQd) K-Q-J-T-9 and Phua (KhKs) three
    kings; the straight wins."""
    from pokerkit import ShortDeckHoldemHand

    xuan = _sd("QhQd9h6cKcJhTs")
    phua = _sd("KhKs9h6cKcJhTs")
    assert xuan < phua
    assert ShortDeckHoldemHand.from_game("QhQd", "9h6cKcJhTs") > ShortDeckHoldemHand.from_game(
        "KhKs", "9h6cKcJhTs"
    )


def test_short_deck_strength_orders_like_pokerkit_on_random_hands() -> None:
    """Random pairs of seven-card short-deck hands compare the same way in PokerKit."""
    from pokerkit import ShortDeckHoldemHand

    rng = random.Random(36)
    for _ in range(300):
        cards = shuffled(rng, 9, SHORT_DECK)
        board, a, b = cards[:5], cards[5:7], cards[7:9]
        ours = evaluate_short_deck([*a, *board]), evaluate_short_deck([*b, *board])
        text = ["".join(_text(c) for c in x) for x in (a, b, board)]
        ha = ShortDeckHoldemHand.from_game(text[0], text[2])
        hb = ShortDeckHoldemHand.from_game(text[1], text[2])
        assert (ours[0] < ours[1]) == (ha > hb)
        assert (ours[0] == ours[1]) == (ha == hb)


def _text(code: int) -> str:
    return "23456789TJQKA"[code >> 2] + "cdhs"[code & 3]


# ------------------------------------------------------------------ the deck


def test_short_deck_shuffle_deals_only_six_to_ace() -> None:
    rng = random.Random(6)
    cards = shuffled(rng, 36, SHORT_DECK)
    assert sorted(cards) == list(range(16, 52))
    hand = Hand.start(
        variant=SD, stacks=[1000] * 6, button=5, small_blind_seat=None, big_blind_seat=5,
        small_blind=0, big_blind=20, ante=20, rng=random.Random(1),
    )  # fmt: skip
    assert all(c >= 16 for c in hand.deck)


def test_a_replayed_short_deck_with_a_deuce_is_refused() -> None:
    with pytest.raises(InvalidCommand, match="short deck has no 2c"):
        Hand.start(
            variant=SD, stacks=[1000] * 3, button=2, small_blind_seat=0, big_blind_seat=1,
            small_blind=10, big_blind=20, deck=list(range(52)),
        )  # fmt: skip


# ------------------------------------------------------------------ the engine


def test_flush_beats_full_house_at_a_short_deck_showdown() -> None:
    """Aces full of sevens (seat 0) lose to a king-high flush (seat 1), which they beat
    in hold'em."""
    hand = start(
        [1000, 1000, 1000],
        holes={0: "AsAc", 1: "QhJh", 2: "6c6d"},
        board="Ad7h7d9hKh",
        variant=SD,
    )
    while not hand.is_over:
        hand.do_check_call()
    pot = hand.result.pots[0]
    assert pot.winners == (1,)
    assert pot.hand == "flush, king high"
    assert hand.stacks == [900, 1200, 900]


def test_button_blind_and_antes_start_left_of_the_button() -> None:
    """Triton's structure: an ante from everyone and one blind posted by the button; the
    first to act is the seat left of the button."""
    hand = Hand.start(
        variant=SD, stacks=[1000] * 4, button=3, small_blind_seat=None, big_blind_seat=3,
        small_blind=0, big_blind=100, ante=100, ante_type=AnteType.PER_PLAYER,
        profile=load_profile("tda"), rng=random.Random(3),
    )  # fmt: skip
    assert hand.pot == 500
    assert hand.stacks == [900, 900, 900, 800]
    assert hand.actor == 0
    play(hand, Call(), Raise(400), Fold(), Fold(), Fold())
    assert hand.is_over
    assert hand.stacks == [800, 1500, 900, 800]


def test_SPOT_3e4_one_card_shown_is_ranked_by_the_short_deck_order() -> None:
    """F9 (SPOT-3e4) in short deck: board Ah 9h 7h 6h Ad; seat 0 exposes Th alone (an
    ace-high flush with the board), seat 1 holds 9c9d (nines full of aces). The one-card
    hand is ranked by the short-deck order, where the flush wins the 200 pot (in hold'em
    the full house would)."""
    hand = start([10_000, 10_000], holes={0: "ThTc", 1: "9c9d"}, board="Ah9h7h6hAd",
                 prof="spotlight", auto_showdown=False, variant=SD)  # fmt: skip
    hand = check_down(hand)
    one_card_shown(hand, 0, "Th")
    assert hand.result.final_stacks == (10_100, 9_900)


# ------------------------------------------------------------------ PHH


def test_phua_xuan_2019_replays_to_the_stacks_worked_out_by_hand() -> None:
    """Triton London 2019, short deck (``NS``): antes 3,000 from six players, a 3,000
    button blind from Koon (p6). p1 and p2 call 3,000; Xuan (p3) raises to 35,000; Phua
    (p5) moves in for 298,000 (301,000 less his ante); Xuan calls. Pot: 18,000 antes +
    3 x 3,000 + 2 x 298,000 = 623,000. Board 9h6cKc Jh Ts: Xuan's queens make K-Q-J-T-9,
    Phua's kings make three kings; the straight beats three of a kind (PokerKit's
    ranking), so Xuan wins 623,000: 362,000 - 301,000 + 623,000 = 684,000. The file has
    no finishing stacks, so phh-check counts it "without finishing stacks"."""
    path = PHH_ROOT / "phua-xuan-2019.phh"
    if not path.is_file():
        pytest.skip("PHH corpus not present")
    replay = replay_phh(path.read_text(encoding="utf-8"))
    assert replay.hand.variant is SD
    assert replay.finishing_stacks == [489_000, 226_000, 684_000, 400_000, 0, 198_000]
    assert replay.pots[0]["amount"] == 623_000
    assert replay.pots[0]["awards"] == {"p3": 623_000}
    assert replay.matches is None
    assert isinstance(replay.hand, Hand)
    assert replay.hand.result.pots[0].hand == "straight, king high"


def test_short_deck_button_blind_round_trips_through_phh() -> None:
    hand = Hand.start(
        variant=SD, stacks=[1000] * 5, button=4, small_blind_seat=None, big_blind_seat=4,
        small_blind=0, big_blind=50, ante=25, rng=random.Random(5),
    )  # fmt: skip
    while not hand.is_over:
        hand.do_check_call()
    text = to_phh(hand)
    assert 'variant = "NS"' in text
    again = replay_phh(text)
    assert again.matches is True
    assert again.finishing_stacks == [hand.stacks[s] for s in hand.seats_dealt]


# ------------------------------------------------------------------ vs PokerKit


def _random_short_deck_hand(rng: random.Random) -> Hand:
    n = rng.randint(2, 9)
    button_blind = n > 2 and rng.random() < 0.7
    ante = rng.choice([0, 25, 25])
    hand = Hand.start(
        variant=SD,
        stacks=[rng.randint(4, 80) * 25 for _ in range(n)],
        button=n - 1,
        small_blind_seat=None if button_blind else (0 if n > 2 else 1),
        big_blind_seat=n - 1 if button_blind else (1 if n > 2 else 0),
        small_blind=0 if button_blind else 25,
        big_blind=50,
        ante=ante,
        ante_type=AnteType.PER_PLAYER if ante else AnteType.NONE,
        profile=load_profile("tda"),
        rng=rng,
    )
    while not hand.is_over:
        r = rng.random()
        bounds = hand.raise_range()
        if r < 0.2 and hand.call_amount:
            hand.do_fold()
        elif r < 0.7 or bounds is None:
            hand.do_check_call()
        else:
            hand.do_raise_to(rng.randint(*bounds))
    return hand


def _check_against_pokerkit(seed: int, count: int) -> int:
    from pokerkit import HandHistory

    rng = random.Random(seed)
    showdowns = 0
    for _ in range(count):
        hand = _random_short_deck_hand(rng)
        text = to_phh(hand)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            history = HandHistory.loads(text)
            assert history.variant == "NS"
            *_, state = iter(history)
        ours = [hand.stacks[s] or 0 for s in hand.seats_dealt]
        theirs = [int(x) for x in state.stacks]
        if any(len(p.winners) > 1 for p in hand.result.pots):
            # PokerKit's odd-chip rule is not F5's (test_vs_pokerkit.py).
            assert sum(ours) == sum(theirs)
            assert sum(abs(a - b) for a, b in zip(ours, theirs, strict=True)) <= 2 * len(
                hand.result.pots
            )
        else:
            assert ours == theirs, text
        showdowns += hand.result.showdown
    return showdowns


def test_random_short_deck_hands_end_with_the_same_stacks_in_pokerkit() -> None:
    """60 random hands (button blind or small and big blinds, with or without antes),
    written as PHH and replayed by PokerKit's ``NoLimitShortDeckHoldem``."""
    assert _check_against_pokerkit(6_036, 60) > 5


@pytest.mark.slow
def test_many_random_short_deck_hands_end_with_the_same_stacks_in_pokerkit() -> None:
    assert _check_against_pokerkit(36_000, 2_000) > 300
