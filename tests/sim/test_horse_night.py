"""Mixed nights through the core (issue 28): ``pokertd sim``'s dealer deals each level's
game — hold'em and Omaha through ``Hand``, razz, seven-card stud and stud hi-lo through
``StudHand``, 2-7 triple draw through ``DrawHand`` — and the night's self-checks all run to
the last prize. The ``horse``, ``eight_game`` and ``stud`` templates carry their games
through the event's log (the clock's levels, added levels included); a rotation by orbit
deals at each table the game the core says is next there (``table_game_next``).

The button is frozen during stud rounds (TNPL-B6iii, FOX-10B; catalogue C7): a stud hand
is dealt from seat 1 and reported with its game, and the core leaves the table's button
where the next board-game hand will have it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from pokertd.engine.button import HandPositions
from pokertd.engine.phh import replay_phh
from pokertd.errors import InvalidCommand
from pokertd.rules import AnteType, FinalTableSize, Game
from pokertd.sim.careless import CarelessNight
from pokertd.sim.config import check_config
from pokertd.sim.games import ENGINES, check_games, engine_for
from pokertd.sim.night import Night
from pokertd.sim.report import NightConfig, NightReport, Rates
from pokertd.sim.table import Dealt
from pokertd.tournament.chips import ChipSet
from pokertd.tournament.clock import Level, Structure
from pokertd.tournament.entries import Roster
from pokertd.tournament.framework import EventRecord
from pokertd.tournament.prizes import money_position
from pokertd.tournament.seating import HandsPlayed, Tables
from pokertd.tournament.structures import Rotation, load_structure

HORSE = (
    Game.LIMIT_HOLDEM,
    Game.LIMIT_OMAHA_HI_LO,
    Game.RAZZ,
    Game.SEVEN_CARD_STUD,
    Game.STUD_HI_LO,
)
"""The HORSE rotation, one game a level."""

ROTATION = tuple(g if g in ENGINES else Game.LIMIT_HOLDEM for g in HORSE)
"""What the simulator deals: every HORSE game (fixed-limit Omaha hi-lo through ``Hand``)."""

SMALL_BETS = (100, 150, 200, 300, 400, 600, 800, 1000, 1500, 2000, 3000, 4000, 6000, 8000,
              10000, 15000, 20000, 30000, 40000, 60000, 80000, 100000, 150000, 200000,
              300000)  # fmt: skip
"""The small bet (= the hold'em big blind) of levels 1-25."""


def _round(amount: int) -> int:
    return max(25, amount // 25 * 25)


def _level(number: int, small_bet: int, rotation: tuple[Game, ...] = ROTATION) -> Level:
    """A mixed-event level: hold'em blinds of half and one small bet; a stud level's ante
    an eighth of the small bet and its bring-in a quarter (25-chip units)."""
    game = rotation[(number - 1) % len(rotation)]
    stud = game.is_stud
    return Level(
        number=number,
        small_blind=small_bet // 2,
        big_blind=small_bet,
        ante=_round(small_bet // 8) if stud else 0,
        ante_type=AnteType.PER_PLAYER if stud else AnteType.NONE,
        minutes=20,
        game=game,
        bring_in=_round(small_bet // 4) if stud else 0,
    )


STRUCTURE = Structure(
    name="mixed_test",
    title="Mixed, 20-minute levels (test)",
    levels=tuple(_level(n, bet) for n, bet in enumerate(SMALL_BETS, start=1)),
    chips=ChipSet.of(25, 100, 500, 1000, 5000, 25000),
    registration_closes_after_level=0,
)
"""A structure built in code (the games of the other tests, and the refusals)."""


class Games(Night):
    """A night each of whose levels is dealt in :attr:`structure`'s game; the button's
    memory of each table noted at every deal (:attr:`buttons`)."""

    buttons: list[tuple[int, Game | None, HandPositions | None]]

    def deal(self, number: int, t: float, level: Level) -> Dealt:
        seating = self.st.part(Tables).seating
        assert seating is not None
        if not hasattr(self, "buttons"):
            self.buttons = []
        self.buttons.append((number, level.game, seating.tables[number].button.last))
        return super().deal(number, t, level)


class HorseNight(Games):
    """The careful floor, every invariant watched after each bust, deal and payment."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.checks.on = True


class CarelessHorseNight(Games, CarelessNight):
    """The careless floor (its mistakes, the invariants watched) on a HORSE night."""


def _horse_night(
    tmp_path: Path,
    seed: int,
    structure: Structure | None = None,
    entries: int = 18,
    floor: type[Games] = HorseNight,
    bots: str = "mix",
    template: str = "horse",
) -> Games:
    """A night of ``template`` (its own structure), or of ``structure`` built in code."""
    config = NightConfig(
        template=template,
        entries=entries,
        tables=3,
        seed=seed,
        bots=bots,
        rates=Rates(late=0, reentry=0, rebuy=0, addon=0),
        phh_dir=str(tmp_path / "phh"),
    )
    tmpl, profile = check_config(config)
    tmpl = tmpl.with_changes(tables=3, starting_stack=10_000, late_reg_close_after_level=0)
    if structure is not None:
        tmpl = tmpl.with_changes(
            seats_per_table=8, custom_structure=structure.as_json(), structure=structure.name
        )
        check_games(structure.levels, tmpl.seats_per_table)
    night = floor(config, tmpl, profile, None)
    night.create()
    night.play()
    night.finish()
    return night


def _hands_played(records: list[EventRecord], stud: bool = False) -> int:
    """Hands the core was told of (``stud``: those of a stud game only)."""
    return sum(
        r.event.hands
        for r in records
        if isinstance(r.event, HandsPlayed)
        and (not stud or (r.event.game is not None and r.event.game.is_stud))
    )


def test_TNPL_B6iii_FOX_10B_a_horse_night_plays_every_game_to_its_last_prize(
    tmp_path: Path,
) -> None:
    """The ``horse`` template (Foxwoods rules), 18 players at 3 tables of 8 seats, HORSE
    by level to a winner with the self-checks on; the levels the clock adds past the sheet
    keep the rotation."""
    night = _horse_night(tmp_path, seed=3)
    report = night.report()  # the end-of-night self-checks: raises if one fails
    assert night.checks.count > 17  # the invariants after every bust and payment at least
    dealer = night.dealer
    # every hand dealt the game of its level's place in the rotation
    assert dealer.games
    for (number, game), hands in dealer.games.items():
        assert game is ROTATION[(number - 1) % 5], (number, game)
        assert hands > 0
    dealt = {game for _, game in dealer.games}
    assert dealt == set(ROTATION)
    stud = sum(h for (_, g), h in dealer.games.items() if g is not None and g.is_stud)
    board = dealer.hands - stud
    assert stud > 50
    assert board > 50
    assert ROTATION == HORSE  # Omaha hi-lo dealt as itself
    # the core heard of every hand, the stud ones with their game (C7: the button frozen)
    records = night.console.records()
    assert _hands_played(records) == dealer.hands
    assert _hands_played(records, stud=True) == stud
    # and at each table the button's memory after a stud hand is the one before it
    frozen = 0
    redrawn: list[int] = []
    for i, (number, game, last) in enumerate(night.buttons):
        later = next((b for b in night.buttons[i + 1 :] if b[0] == number), None)
        if game is not None and game.is_stud and later is not None:
            if later[2] is None and last is not None:  # the final table drawn meanwhile
                redrawn.append(number)
                continue
            assert later[2] == last, (i, number)
            frozen += 1
    assert frozen > 50
    assert len(redrawn) <= 1, redrawn  # one final-table draw at most
    # chips conserved every hand; one winner with every chip
    assert dealer.checked == dealer.hands == report.hands
    roster = night.st.part(Roster)
    assert roster.chips_in_play == 18 * 10_000
    assert len(night.ledger.stacks) == 1
    (winner,) = night.ledger.stacks
    assert night.ledger.stacks[winner] == 18 * 10_000
    assert report.winner == night.ledger.names[winner]
    # prizes = the pool, every place paid
    money = money_position(night.st, night.time.now())
    assert money.owed == money.pool == report.prize_pool > 0
    assert [f.place for f in report.finishing] == list(range(1, report.paid_places + 1))
    # every stud hand written as PHH replays to the same stacks
    files = sorted((tmp_path / "phh").glob("*.phh"))
    assert len(files) == dealer.hands
    replayed = 0
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert replay_phh(text).matches, path.name
        replayed += 'variant = "F7S' in text or 'variant = "FR"' in text
    assert replayed == stud


def test_a_night_of_no_limit_pot_limit_omaha_limit_and_stud_plays_to_a_winner(
    tmp_path: Path,
) -> None:
    """The other board games of a mixed event (no-limit hold'em, pot-limit Omaha, limit
    hold'em) and stud by level: 12 players to a winner, self-checks on; the core hears of
    every hand, the stud ones with their game; every hand conserved chips."""
    rotation = (Game.NO_LIMIT_HOLDEM, Game.POT_LIMIT_OMAHA, Game.LIMIT_HOLDEM, Game.SEVEN_CARD_STUD)
    structure = replace(
        STRUCTURE,
        name="mixed_test",
        levels=tuple(_level(n, bet, rotation) for n, bet in enumerate(SMALL_BETS, start=1)),
    )
    night = _horse_night(tmp_path, 2, structure, entries=12)
    report = night.report()
    games = night.dealer.games
    assert {g for _, g in games} == set(rotation)
    for number, game in games:
        assert game is rotation[(number - 1) % 4]
    stud = sum(h for (_, g), h in games.items() if g is Game.SEVEN_CARD_STUD)
    assert 0 < stud < night.dealer.hands
    assert _hands_played(night.console.records(), stud=True) == stud
    assert night.dealer.checked == report.hands
    assert len(night.ledger.stacks) == 1


@pytest.mark.parametrize("seed", [1, 2])
def test_a_careless_floor_on_a_horse_night_keeps_every_invariant(tmp_path: Path, seed: int) -> None:
    """The careless floor's mistakes (wrong busts undone, early payments, stale confirms...)
    on a HORSE night: every invariant after every bust, deal, payment and undo, and the
    end-of-night checks."""
    night = _horse_night(tmp_path, seed, floor=CarelessHorseNight)
    report = night.report()
    assert night.checks.count > 17
    assert sum(night.mistakes.values()) >= 4
    assert night.mistakes["wrong_bust_undone"] > 0
    assert len(night.ledger.stacks) == 1
    stud = sum(h for (_, g), h in night.dealer.games.items() if g is not None and g.is_stud)
    assert stud > 0
    assert night.dealer.checked == report.hands


@pytest.mark.slow
@pytest.mark.parametrize("bots", ["tag", "mix", "random"])
@pytest.mark.parametrize("floor", [HorseNight, CarelessHorseNight])
def test_many_horse_nights_keep_every_invariant(
    tmp_path: Path, floor: type[Games], bots: str
) -> None:
    """15 seeds a floor and a bot line-up: every HORSE night finishes with its self-checks,
    each level dealt its game, the core told of every hand (the careful
    floor; the careless one undoes and redoes some), and every stud hand's PHH file
    replaying to its stacks."""
    for seed in range(1, 16):
        out = tmp_path / str(seed)
        night = _horse_night(out, seed, floor=floor, bots=bots)
        night.report()
        games = night.dealer.games
        assert all(g is ROTATION[(n - 1) % 5] for n, g in games)
        stud = sum(h for (_, g), h in games.items() if g is not None and g.is_stud)
        if floor is HorseNight:  # the careless floor undoes and redoes some PlayHands
            assert _hands_played(night.console.records()) == night.dealer.hands
            assert _hands_played(night.console.records(), stud=True) == stud
        for path in (out / "phh").glob("*.phh"):
            text = path.read_text(encoding="utf-8")
            assert replay_phh(text).matches, (seed, path.name)


def test_engine_for_maps_each_game_to_its_engine_and_refuses_the_rest() -> None:
    """Hold'em and Omaha through ``Hand``, the stud family through ``StudHand``, the draw
    games through ``DrawHand``: every game of the 8-game rotation is dealt."""
    assert engine_for(Game.LIMIT_OMAHA_HI_LO).value == "flo8"
    assert engine_for(None).value == "nlhe"
    assert engine_for(Game.LIMIT_HOLDEM).value == "flhe"
    assert engine_for(Game.RAZZ).value == "razz"
    assert engine_for(Game.STUD_HI_LO).value == "stud8"
    assert engine_for(Game.TRIPLE_DRAW_27).value == "27td"
    assert engine_for(Game.NO_LIMIT_SINGLE_DRAW_27).value == "nl27sd"
    assert set(ENGINES) == set(Game)


def test_stud_is_refused_at_nine_seat_tables_and_without_a_bring_in() -> None:
    """Eight players at most in stud (8 x 7 cards and the burns use the deck up); a stud
    level needs a bring-in of at most its small bet."""
    with pytest.raises(InvalidCommand, match="at most 8 players a table: the event's tables "):
        check_games(STRUCTURE.levels, 9)
    razz = STRUCTURE.level(3)
    assert razz.game is Game.RAZZ
    with pytest.raises(InvalidCommand, match="bring-in of 0"):
        check_games([replace(razz, bring_in=0)], 8)
    with pytest.raises(InvalidCommand, match="bring-in of 250: it must be more than 0 and at"):
        check_games([replace(razz, bring_in=250)], 8)
    check_games(STRUCTURE.levels, 8)
    # a rotation by orbit deals every game at each level naming none: its stud rounds need
    # the level's bring-in, its draw rounds eight seats at most
    plain = replace(razz, game=None, bring_in=0)
    check_games([plain], 9)
    with pytest.raises(InvalidCommand, match="deals razz with a bring-in of 0"):
        check_games([plain], 8, (Game.LIMIT_HOLDEM, Game.RAZZ))
    with pytest.raises(InvalidCommand, match="deals 27td, which seats at most 8 players"):
        check_games([plain], 9, (Game.LIMIT_HOLDEM, Game.TRIPLE_DRAW_27))
    check_games([replace(plain, bring_in=50)], 8, (Game.RAZZ, Game.TRIPLE_DRAW_27))


def _every_hand_its_levels_game(night: Games) -> None:
    """Each (level, game) dealt is the template's: the level's game in the rotation."""
    structure = load_structure(night.tmpl.structure)
    for number, game in night.dealer.games:
        assert game is structure.level(number).game, (number, game)


def _won_and_paid(night: Games, report: NightReport, chips: int) -> None:
    """Chips conserved every hand, one winner with every chip, prizes = the pool."""
    dealer = night.dealer
    assert dealer.checked == dealer.hands == report.hands
    assert night.st.part(Roster).chips_in_play == chips
    (winner,) = night.ledger.stacks
    assert night.ledger.stacks[winner] == chips
    assert report.winner == night.ledger.names[winner]
    money = money_position(night.st, night.time.now())
    assert money.owed == money.pool == report.prize_pool > 0
    assert [f.place for f in report.finishing] == list(range(1, report.paid_places + 1))


def _phh_replays(tmp_path: Path, hands: int) -> Counter[str]:
    """Every hand's PHH file replays to the same stacks; the files by variant. A draw
    hand whose stub ran out (its new stub a comment: ``replay_phh`` deals from one deck
    order) is counted as ``"new stub"`` instead."""
    files = sorted((tmp_path / "phh").glob("*.phh"))
    assert len(files) == hands
    variants: Counter[str] = Counter()
    for path in files:
        text = path.read_text(encoding="utf-8")
        variants[text.split('variant = "', 1)[1].split('"', 1)[0]] += 1
        if "# the stub ran out" in text:
            variants["new stub"] += 1
            continue
        assert replay_phh(text).matches, path.name
    return variants


def test_FOX_10B_an_eight_game_night_deals_all_eight_games_to_its_last_prize(
    tmp_path: Path,
) -> None:
    """The ``eight_game`` template (no-limit hold'em, pot-limit Omaha, 2-7 triple draw,
    limit hold'em, Omaha hi-lo, razz, stud, stud hi-lo by level): 16 players to a winner
    with the self-checks on; the core told of every hand with its game; every hand's PHH
    file replays, the triple-draw ones included."""
    night = _horse_night(tmp_path, seed=4, entries=16, template="eight_game")
    report = night.report()
    _every_hand_its_levels_game(night)
    rotation = load_structure("eight_game").rotation
    assert rotation is not None
    dealt = {game for _, game in night.dealer.games}
    assert dealt == set(rotation.games)
    assert len(dealt) == 8
    games = dict(report.games)
    assert set(games) == {g.value for g in rotation.games}
    assert sum(games.values()) == report.hands
    assert games["27td"] > 10
    records = night.console.records()
    assert _hands_played(records) == night.dealer.hands
    told = Counter(r.event.game for r in records if isinstance(r.event, HandsPlayed))
    assert told[Game.TRIPLE_DRAW_27] == games["27td"]
    _won_and_paid(night, report, 16 * 10_000)
    variants = _phh_replays(tmp_path, night.dealer.hands)
    assert variants["F2L3D"] == games["27td"]
    assert variants["new stub"] * 10 < games["27td"]  # the stub rarely runs out


def test_TNPL_B4_a_stud_night_plays_to_a_winner_with_eight_handed_finals(tmp_path: Path) -> None:
    """The ``stud`` template (TNPL rules: its final table would seat 9, TNPL-B4; the
    engine deals 8, so the simulator forms it at 8): 16 players, every hand seven-card
    stud, to a winner; every hand's PHH file replays."""
    night = _horse_night(tmp_path, seed=2, entries=16, template="stud")
    report = night.report()
    assert report.games == (("stud", report.hands),)
    assert night.profile.final_table_size is FinalTableSize.SEATS_PER_TABLE
    assert _hands_played(night.console.records(), stud=True) == night.dealer.hands
    _won_and_paid(night, report, 16 * 10_000)
    assert _phh_replays(tmp_path, night.dealer.hands) == {"F7S": report.hands}


def test_a_rotation_by_orbit_changes_each_tables_game_after_an_orbit(tmp_path: Path) -> None:
    """A structure rotating limit hold'em, razz and 2-7 triple draw by orbit: each table
    deals the game the core says is next there, hold'em and triple draw for an orbit of
    the button, razz (no button) for as many hands as players; the core hears each hand
    with its game and every table changes game."""
    rotation = (Game.LIMIT_HOLDEM, Game.RAZZ, Game.TRIPLE_DRAW_27)
    levels = tuple(
        replace(_level(n, bet), game=None, ante=_round(bet // 8), bring_in=_round(bet // 4))
        for n, bet in enumerate(SMALL_BETS, start=1)
    )
    structure = replace(
        STRUCTURE, name="orbit_test", levels=levels, rotation=Rotation(rotation, by="orbit")
    )
    night = _horse_night(tmp_path, 3, structure, entries=12)
    report = night.report()
    assert {g for _, g in night.dealer.games} == set(rotation)
    by_table: dict[int, list[Game | None]] = {}
    for r in night.console.records():
        if isinstance(r.event, HandsPlayed):
            by_table.setdefault(r.event.table, []).append(r.event.game)
    changes = 0
    for games in by_table.values():
        runs = [g for i, g in enumerate(games) if i == 0 or games[i - 1] is not g]
        changes += len(runs) - 1
        for a, b in pairwise(runs):
            assert rotation.index(b) == (rotation.index(a) + 1) % 3, runs
    assert changes >= 3
    _won_and_paid(night, report, 12 * 10_000)
    _phh_replays(tmp_path, night.dealer.hands)


@pytest.mark.slow
@pytest.mark.parametrize("template", ["eight_game", "stud"])
@pytest.mark.parametrize("floor", [HorseNight, CarelessHorseNight])
def test_many_eight_game_and_stud_nights_keep_every_invariant(
    tmp_path: Path, floor: type[Games], template: str
) -> None:
    """8 seeds a template and a floor, the mixed bot line-up: every night finishes with
    its self-checks, each level dealt its game, every PHH file replaying."""
    for seed in range(1, 9):
        out = tmp_path / str(seed)
        night = _horse_night(out, seed, entries=16, floor=floor, template=template)
        report = night.report()
        _every_hand_its_levels_game(night)
        assert sum(h for _, h in report.games) == report.hands
        _phh_replays(out, night.dealer.hands)
