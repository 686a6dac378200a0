"""The corpus's stud hands (``../shared/phh/wsop/2023/43``, the 2023 WSOP $50,000 Poker
Players Championship): every seven-card stud, stud hi-lo and razz hand replays through
the stud engine, every action checked by the TDA profile, to its recorded
``finishing_stacks``. Read at run time, skipped when the folder is absent."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokertd.engine.phh import STUD_VARIANTS, load_phh, replay_phh, to_phh
from pokertd.engine.stud import StudHand
from pokertd.errors import OutOfTurn

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


def test_an_illegal_stud_action_is_refused_naming_the_action() -> None:
    """The razz hand 20 with the bring-in posted by the wrong player: p2's 8s is not the
    highest up card (p1's Kc is), so p2 acts out of turn."""
    path = WSOP_43 / "5" / "20.phh"
    if not path.is_file():
        pytest.skip(f"PHH corpus not found at {path} (fresh clone)")
    text = path.read_text(encoding="utf-8").replace("'p1 pb', 'p2 cbr 200000'", "'p2 pb'")
    with pytest.raises(OutOfTurn, match=r"^Action 6 'p2 pb': Seat 2 acted out of turn"):
        replay_phh(text)


def test_a_stud_phh_written_by_hand_replays() -> None:
    """A two-player stud hand: antes 5, bring-in 10 by the 2c, completed to 20 and called;
    checked down; kings beat queens: p2 wins 5 + 20 from p1."""
    text = (
        "variant = 'F7S'\nante_trimming_status = true\nantes = [5, 5]\nbring_in = 10\n"
        "small_bet = 20\nbig_bet = 40\nstarting_stacks = [500, 500]\nactions = ["
        "'d dh p1 QsQd2c', 'd dh p2 KsKd3c', 'p1 pb', 'p2 cbr 20', 'p1 cc', "
        "'d dh p1 4h', 'd dh p2 5h', 'p2 cc', 'p1 cc', 'd dh p1 6h', 'd dh p2 7c', "
        "'p2 cc', 'p1 cc', 'd dh p1 8h', 'd dh p2 9c', 'p2 cc', 'p1 cc', "
        "'d dh p1 Jc', 'd dh p2 Tc', 'p2 cc', 'p1 cc', "
        "'p2 sm KsKd3c5h7c9cTc', 'p1 sm QsQd2c4h6h8hJc']\n"
        "finishing_stacks = [475, 525]\n"
    )
    replay = replay_phh(text)
    assert replay.matches is True
    assert replay.finishing_stacks == [475, 525]
    assert replay.actions_checked == 13


def _random_hand(seed: int, max_players: int, absent: bool = False) -> StudHand:
    import random

    from pokertd.engine.actions import BringIn, Call, Fold, Raise
    from pokertd.rules import StudVariant, load_profile

    rng = random.Random(seed)
    k = rng.randint(2, max_players)
    hand = StudHand.start(
        variant=rng.choice(list(StudVariant)),
        stacks=[rng.choice([40, 90, 300, 2_000]) for _ in range(k)],
        button=k - 1, ante=5, bring_in=10, small_bet=20, big_bet=40, rng=rng,
        profile=load_profile("tda").replace(raise_cap_limit=3),  # PokerKit's four bets
        dead=1 << rng.randrange(k) if absent and rng.random() < 0.3 else 0,
    )  # fmt: skip
    while not hand.is_over:
        legal = hand.legal()
        r = rng.random()
        if hand.bring_in_due:
            hand.act(BringIn())
        elif r < 0.1 and legal.call_amount:
            hand.act(Fold())
        elif r < 0.75 or not legal.can_raise:
            hand.act(Call())
        else:
            hand.act(Raise(legal.max_raise_to))
    return hand


def test_stud_hands_written_as_phh_replay_to_the_same_stacks() -> None:
    """200 random stud, hi-lo and razz hands (2 to 8 players: common cards included; an
    absent player now and then) written by ``to_phh`` replay through ``replay_phh`` to the
    same stacks."""
    commons = killed = 0
    for seed in range(200):
        hand = _random_hand(seed, 8, absent=True)
        killed += bool(hand.dead_seats)
        replay = replay_phh(to_phh(hand))
        assert replay.matches is True, to_phh(hand)
        assert replay.hand.actions == hand.actions
        commons += bool(hand.board)
    assert commons > 0
    assert killed > 0


def _raise_after_short_all_in(hand: StudHand) -> bool:
    """Did anyone raise on a street after a short all-in raise on it? The raise goes to
    the last full bet plus one bet here (E4, as fixed-limit hold'em: 20 + 20 after 20 and
    an all-in to 25); PokerKit asks for the all-in plus one bet (45)."""
    short_on = ""
    current = {"third": 0}
    for record in hand.actions:
        size = 20 if record.street in ("third", "fourth") else 40
        level = current.get(record.street, 0)
        if record.kind in ("bet", "raise", "complete"):
            if record.street == short_on:
                return True
            if record.all_in and record.to - level < size:
                short_on = record.street
            current[record.street] = max(level, record.to)
        elif record.kind == "bring-in":
            current[record.street] = record.to
    return False


def test_stud_hands_written_as_phh_replay_in_pokerkit() -> None:
    """100 random hands (2 to 6 players: PokerKit deals no common card) written by
    ``to_phh`` end with the same stacks in PokerKit's own PHH reader (odd chips aside).
    PokerKit refuses only hands with a raise after a short all-in (the documented E4
    difference)."""
    import warnings

    from pokerkit import HandHistory

    replayed = refused = 0
    for seed in range(100):
        hand = _random_hand(seed, 6)
        text = to_phh(hand)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                *_, state = iter(HandHistory.loads(text))
        except ValueError:
            assert _raise_after_short_all_in(hand), text
            refused += 1
            continue
        replayed += 1
        ours = [hand.stacks[s] or 0 for s in hand.seats_dealt]
        theirs = [int(x) for x in state.stacks]
        if any(len(p.winners) > 1 for p in hand.result.pots):
            assert sum(ours) == sum(theirs)
            assert sum(abs(a - b) for a, b in zip(ours, theirs, strict=True)) <= 4, text
        else:
            assert ours == theirs, text
    assert replayed >= 80, (replayed, refused)


def test_F5_a_razz_split_with_a_25_chip_writes_its_chip_and_replays() -> None:
    """Razz, four players, antes 25, bring-in 25, bets 50/100, the smallest chip 25 (as a
    tournament level deals it: the simulator's dealer). p4's Kd brings in, p1 and p2 call,
    p3 folds; on fourth p1 bets 50, p2 calls, p4 folds; checked down, p1 and p2 both hold
    5-4-3-2-A: the pot of 275 (4 antes, the bring-in, two calls of 25, two of 50) splits
    150 / 125 with the odd 25-chip to one of them (F5). The file says ``_pokertd_min_chip``
    so the replay splits the same way (with a 1-chip unit it would be 138 / 137)."""
    from pokertd.cards.card import parse_cards
    from pokertd.engine.actions import BringIn, Call, Check, Fold, Raise
    from pokertd.engine.stud import stud_deal_order
    from pokertd.rules import StudVariant

    cards = [
        parse_cards("Ac2c3c4c5c9cTc"),
        parse_cards("Ad2d3d4d5d9dTd"),
        parse_cards("KhQhJh"),
        parse_cards("8s7sKdQd"),
    ]
    hand = StudHand.start(
        variant=StudVariant.RAZZ, stacks=[1000] * 4, button=3, ante=25, bring_in=25,
        small_bet=50, big_bet=100, deck=stud_deal_order(cards), min_chip=25,
    )  # fmt: skip
    for action in (BringIn(), Call(), Call(), Fold(), Raise(50), Call(), Fold()):
        hand.act(action)
    while not hand.is_over:
        hand.act(Check())
    final = hand.result.final_stacks
    assert sorted(final[:2]) == [1025, 1050]  # type: ignore[type-var]
    assert final[2:] == (975, 950)
    text = to_phh(hand)
    assert "_pokertd_min_chip = 25" in text
    replay = replay_phh(text)
    assert replay.matches is True
    assert replay.finishing_stacks == list(final)


def test_E5_a_stud_hand_past_the_cap_heads_up_in_the_event_replays() -> None:
    """TDA lifts the raise cap when the event is down to two players (E5,
    ``raise_cap_lifted_when_tournament_players_le = 2``): heads-up, third street goes to
    a bring-in, the completion and six raises (the cap is four). The file says
    ``_pokertd_players_in_tournament = 2``, so the replay lifts the cap too."""
    import random

    from pokertd.engine.actions import BringIn, Call, Raise
    from pokertd.rules import StudVariant

    hand = StudHand.start(
        variant=StudVariant.SEVEN_CARD_STUD, stacks=[5000, 5000], button=1, ante=10,
        bring_in=10, small_bet=20, big_bet=40, rng=random.Random(5), players_in_tournament=2,
    )  # fmt: skip
    hand.act(BringIn())
    for _ in range(7):
        hand.act(Raise(hand.legal().max_raise_to))
    assert hand.current_bet == 140  # completion to 20, six raises of 20
    while not hand.is_over:
        hand.act(Call())
    text = to_phh(hand)
    assert "_pokertd_players_in_tournament = 2" in text
    replay = replay_phh(text)
    assert replay.matches is True
    assert replay.hand.actions == hand.actions
