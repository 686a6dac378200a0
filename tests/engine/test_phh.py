"""PHH hand histories: the real corpus replays to its finishing stacks; our own hands
round-trip; malformed files and illegal actions are refused clearly."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest
from engine_helpers import play, start

from pokertd.engine import AllIn, Call, Check, Fold, Hand, Muck, Raise, Show
from pokertd.engine.phh import (
    VARIANT_CODES,
    UnsupportedHand,
    _fast_toml,
    load_phh,
    replay_phh,
    to_phh,
)
from pokertd.errors import IllegalAction, InvalidCommand
from pokertd.rules import AnteType, Variant, load_profile

PHH_ROOT = Path(__file__).resolve().parents[2] / ".." / "shared" / "phh"


def _folders() -> list[object]:
    if not PHH_ROOT.is_dir():
        return [
            pytest.param(
                None,
                marks=pytest.mark.skip(reason=f"PHH corpus not found at {PHH_ROOT} (fresh clone)"),
            )
        ]
    folders = sorted({p.parent for p in PHH_ROOT.rglob("*.phh")})
    return [pytest.param(f, id=str(f.relative_to(PHH_ROOT))) for f in folders]


@pytest.mark.parametrize("folder", _folders())
def test_phh_corpus_replays_to_its_finishing_stacks(folder: Path | None) -> None:
    """Every hand of a supported variant (NT, PO, FT, the stud games F7S, F7S/8, FR, and
    the draw games F2L3D, N2L1D, FB)
    replays with every action checked
    by the TDA profile and ends with the file's finishing stacks (split pots recorded with
    half chips: the odd chip goes by F5, first winner left of the button)."""
    assert folder is not None
    failures: list[str] = []
    replayed = 0
    for path in sorted(folder.glob("*.phh")):
        try:
            replay = replay_phh(path.read_text(encoding="utf-8"))
        except UnsupportedHand:
            continue
        except Exception as exc:
            failures.append(f"{path.name}: {exc}")
            continue
        replayed += 1
        assert replay.complete, path
        if replay.matches is False:
            failures.append(
                f"{path.name}: ours {replay.finishing_stacks} "
                f"file {replay.expected_finishing_stacks}"
            )
    assert not failures, failures[:10]
    if folder.name != "5":  # the WSOP folder mixes in games pokertd does not deal
        assert replayed > 0


def test_phh_corpus_has_every_supported_hand() -> None:
    if not PHH_ROOT.is_dir():
        pytest.skip(f"PHH corpus not found at {PHH_ROOT} (fresh clone)")
    counted = {"supported": 0}
    for path in PHH_ROOT.glob("wsop/**/*.phh"):
        variant = load_phh(path.read_text(encoding="utf-8"))["variant"]
        if variant in ("NT", "PO", "FT"):
            counted["supported"] += 1
    assert counted["supported"] == 25


def test_dwan_ivey_2009_million_dollar_pot() -> None:
    """A famous hand with antes: Dwan's 7h6h wins the 1,109,500 pot."""
    path = PHH_ROOT / "dwan-ivey-2009.phh"
    if not path.is_file():
        pytest.skip("PHH corpus not present")
    replay = replay_phh(path.read_text(encoding="utf-8"))
    assert replay.finishing_stacks == [572_100, 1_997_500, 1_109_500]
    assert replay.pots[0]["amount"] == 1_109_500


def test_fractional_stacks_are_scaled() -> None:
    """Cash-game amounts with cents replay exactly (antonius-blom-2009, pot-limit Omaha)."""
    path = PHH_ROOT / "antonius-blom-2009.phh"
    if not path.is_file():
        pytest.skip("PHH corpus not present")
    replay = replay_phh(path.read_text(encoding="utf-8"))
    assert replay.finishing_stacks == [1_937_923.75, 0]


def _random_hand(seed: int) -> Hand:
    rng = random.Random(seed)
    n = rng.randint(2, 9)
    variant = rng.choice(list(Variant))
    hand = start(
        [rng.randint(1, 400) * 25 for _ in range(n)],
        blinds=(25, 50),
        variant=variant,
        ante=rng.choice([0, 50]),
        ante_type=rng.choice([AnteType.PER_PLAYER, AnteType.BIG_BLIND_ANTE]),
        prof=rng.choice(["tda", "kojack", "spotlight", "nj_fundraiser"]),
        dead=rng.choice([0, 0, 1 << (n - 1)]),
        auto_showdown=rng.random() < 0.5,
    )
    while not hand.is_over:
        legal = hand.legal()
        if legal.can_show:
            hand.act(_show_or_muck(rng, legal.can_muck))
            continue
        r = rng.random()
        if r < 0.2:
            hand.act(Fold())
        elif r < 0.7 or not legal.can_raise:
            hand.act(Call())
        elif r < 0.9:
            hand.act(Raise(rng.randint(legal.min_raise_to, legal.max_raise_to)))
        elif legal.max_raise_to == legal.all_in_to:
            hand.act(AllIn())
        else:
            hand.act(Call())
    return hand


def _show_or_muck(rng: random.Random, can_muck: bool) -> Muck | Show:
    return Muck() if can_muck and rng.random() < 0.3 else Show()


@pytest.mark.parametrize("seed", range(60))
def test_phh_round_trip(seed: int) -> None:
    """Any engine hand written as PHH replays to the same actions and final stacks."""
    hand = _random_hand(seed)
    text = to_phh(hand)
    replay = replay_phh(text)
    assert replay.matches is True
    assert replay.finishing_stacks == [hand.stacks[s] for s in hand.seats_dealt]
    assert [(a.kind, a.to) for a in replay.hand.actions] == [(a.kind, a.to) for a in hand.actions]


def test_heads_up_blinds_are_reversed_in_phh() -> None:
    """PHH reverses forced bets heads-up: player 1 is the big blind."""
    hand = play(start([1_000, 1_000], button=1, sb=1, bb=0), Call(), Check())
    text = to_phh(hand)
    data = load_phh(text)
    assert data["blinds_or_straddles"] == [50, 100]
    assert data["actions"][2] == "p2 cc"  # the button/small blind acts first pre-flop


def test_illegal_action_names_the_action_and_the_rule() -> None:
    text = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [1000, 1000, 1000]
actions = ["d dh p1 AsKs", "d dh p2 QsQd", "d dh p3 7c2d", "p3 cbr 150"]
"""
    with pytest.raises(IllegalAction) as exc:
        replay_phh(text)
    message = str(exc.value)
    assert message.startswith("Action 4 'p3 cbr 150': Seat 3 must raise to at least 200")
    assert message.endswith("(TDA-46A, TDA-46B)")  # E2 under the TDA profile (FOX-46A/B)


@pytest.mark.parametrize(
    ("text", "error", "words"),
    [
        ("variant = ", InvalidCommand, "does not parse"),
        ('variant = "NT"', InvalidCommand, "required field"),
        (
            'variant = "XX"\nantes=[0,0]\nstarting_stacks=[1,1]\nactions=[]',
            UnsupportedHand,
            "XX' \\(unknown\\)",
        ),
        (
            'variant = "NT"\nantes=[0,0,0]\nblinds_or_straddles=[1,2,4]\nmin_bet=2\n'
            "starting_stacks=[100,100,100]\nactions=[]",
            UnsupportedHand,
            "straddles",
        ),
        (
            'variant = "NT"\nantes=[0,0]\nblinds_or_straddles=[1,2]\nmin_bet=2\n'
            'starting_stacks=[100,100]\nactions=["d dh p1 AsAs"]',
            InvalidCommand,
            "twice",
        ),
        (
            'variant = "NT"\nantes=[0,0]\nblinds_or_straddles=[1,2]\nmin_bet=2\n'
            'starting_stacks=[100,100]\nactions=["p3 f"]',
            InvalidCommand,
            "no player p3",
        ),
        (
            'variant = "NT"\nantes=[0,0]\nblinds_or_straddles=[1,2]\nmin_bet=2\n'
            'starting_stacks=[100,100]\nactions=["p2 zz"]',
            InvalidCommand,
            "unknown action",
        ),
    ],
)
def test_malformed_phh(text: str, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        replay_phh(text)


def test_out_of_turn_in_phh() -> None:
    text = (
        'variant = "NT"\nantes=[0,0,0]\nblinds_or_straddles=[1,2,0]\nmin_bet=2\n'
        'starting_stacks=[100,100,100]\nactions=["p1 f"]'
    )
    with pytest.raises(IllegalAction, match="out of turn"):
        replay_phh(text)


def test_B5_D2_a_replay_is_refereed_by_its_own_profile_not_by_one_gone_before_it() -> None:
    """A file with ``ante_trimming_status = true`` is refereed by a copy of the profile
    given with antes out of the main pot (B5). The copy was kept by the profile's ``id()``
    alone: once a profile was gone, the next one made at its address (CPython reuses it at
    once) got the dead profile's copy, so a replay refereed by a profile that does not burn
    before the hole cards (D2, TDA) ran by one that does (NJ-18) because it ran before in
    the same process. Each replay here must be refereed by its own profile."""
    text = (
        'variant = "NT"\nante_trimming_status = true\nantes = [10, 10]\n'
        "blinds_or_straddles = [50, 100]\nmin_bet = 100\nstarting_stacks = [1000, 1000]\n"
        'actions = ["d dh p1 AsKs", "d dh p2 QsQd", "p2 f"]'
    )
    tda = load_profile("tda")
    for _ in range(20):
        burning = tda.replace(burn_before_hole_cards=True)
        assert replay_phh(text, burning).hand.profile.burn_before_hole_cards is True
        del burning
        plain = tda.replace(burn_before_hole_cards=False)  # mostly where ``burning`` was
        refereed = replay_phh(text, plain).hand.profile
        assert refereed.burn_before_hole_cards is False
        assert refereed == plain.replace(ante_to_main_pot=False)


def test_fast_toml_reads_the_corpus_exactly_as_tomllib() -> None:
    """The PHH reader's fast path (a one-line ``key = value`` parser kept because tomllib
    costs about 30% of replay throughput) gives tomllib's result on every corpus file it
    accepts, and declines (``None``, so tomllib reads it) what it cannot parse."""
    if not PHH_ROOT.is_dir():
        pytest.skip(f"PHH corpus not found at {PHH_ROOT} (fresh clone)")
    accepted = declined = 0
    for path in sorted(PHH_ROOT.rglob("*.phh")):
        text = path.read_text(encoding="utf-8")
        fast = _fast_toml(text)
        if fast is None:
            declined += 1
            continue
        accepted += 1
        assert fast == tomllib.loads(text), path
    assert accepted > 10_000
    assert declined < 10


@pytest.mark.parametrize(
    "text",
    [
        'a = "x" # comment\n',
        "a = 1\n[table]\nb = 2\n",
        'a = "tab\\tescape"\n',
        "a = [\n  1,\n]\n",
        "a = 1\na = 2\n",
    ],
)
def test_fast_toml_declines_what_it_cannot_read(text: str) -> None:
    """Comments, tables, escapes, multi-line arrays and duplicate keys go to tomllib."""
    assert _fast_toml(text) is None


def test_to_phh_is_tomli_w_output_that_tomllib_reads() -> None:
    """The writer is tomli-w: a written hand reads back field for field with tomllib."""
    hand = _random_hand(3)
    text = to_phh(hand, players=['Ann "the rock"', "Bo\\b", "Cy"][: len(hand.seats_dealt)])
    data = tomllib.loads(text)
    assert data["variant"] == VARIANT_CODES[hand.variant]
    assert data["starting_stacks"] == [hand.result.start_stacks[s] for s in hand.seats_dealt]
    assert data["players"][0] == 'Ann "the rock"'
    assert data["actions"][0].startswith("d dh p1 ")
