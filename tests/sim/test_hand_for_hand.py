"""Hand-for-hand in a simulated night (B10, FOX-HFH): every table deals the hand before any
table reports it, and each table's busts are ranked by the cards of the hand they went out
in (G3, SPOT-6.14), not by the hand dealt last at another table.

The night is the seeded Spotlight league (12 players, two tables) with hand-for-hand
announced before the first hand (B10: "any time an exact ranking is needed"); the players
of seats 3, 4 and 7 at each table move all in and the others fold, so that each table puts
two players out. The cards come from the seed and are checked from the hands' PHH files.
"""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

from pokertd.engine import Action, AllIn, Call, Check, Fold, Hand, Legal, Raise
from pokertd.engine.draw import DrawHand
from pokertd.engine.stud import StudHand
from pokertd.sim.config import check_config
from pokertd.sim.night import Night
from pokertd.sim.report import NightConfig, Rates
from pokertd.tournament.clock import HandForHand
from pokertd.tournament.eliminations import PlayersBusted, finishing_places
from pokertd.tournament.seating import Tables

ALL_IN_SEATS = (3, 4, 7)
"""The seats (1-based) whose players move all in at both tables."""


class _AllIn:
    """Moves all in, or calls an all-in."""

    def decide(
        self, hand: Hand | StudHand | DrawHand, legal: Legal, bb: int, chip: int, rng: random.Random
    ) -> Action:
        if legal.can_raise and legal.max_raise_to == legal.all_in_to:
            return AllIn()
        return Raise(legal.max_raise_to) if legal.can_raise else Call()


class _Folds:
    """Checks when it may, else folds."""

    def decide(
        self, hand: Hand | StudHand | DrawHand, legal: Legal, bb: int, chip: int, rng: random.Random
    ) -> Action:
        return Check() if legal.can_check else Fold()


def _cards(path: Path) -> tuple[dict[str, str], str]:
    """The hole cards by player name and the board of one hand's PHH file."""
    phh = tomllib.loads(path.read_text(encoding="utf-8"))
    holes: dict[str, str] = {}
    board = ""
    for action in phh["actions"]:
        words = action.split()
        if words[:2] == ["d", "dh"]:
            seat = phh["seats"][int(words[2][1:]) - 1]
            holes[phh["players"][seat - 1]] = words[3]
        elif words[:2] == ["d", "db"]:
            board += words[2]
    return holes, board


def test_G3_SPOT_6_14_B10_each_table_ranks_its_busts_by_its_own_hand(tmp_path: Path) -> None:
    """Both tables deal hand-for-hand hand 1, then report it (B10).

    Table 1, dealt first: Ava Alvarez (seat 3, Qs Tc) beats Kofi Kim (seat 4, Jh 5h) and
    Lena Chen (seat 7, 6h 8d) on Th 9h 8c 6c 9d; both began the hand with 5,000, so Lena's
    two pair (nines and eights) place her above Kofi's pair of nines (SPOT-6.14): Lena
    11th, Kofi 12th.

    Table 2, dealt second (a folder's 3,000 chips given to its three all-in seats, 1,000
    each, so that its busts began with more than table 1's and rank above them, G3):
    Jamal Dubois (seat 3, 9h As) beats Chloe Okafor (seat 4, 5s Jh) and Dmitri Garcia
    (seat 7, 6s 7c) on Kc Qd Ac 3s 4d; both began with 6,000, Chloe's ace-king-queen-jack
    beats Dmitri's ace-king-queen-seven: Chloe 9th, Dmitri 10th.

    Table 2 ranks seat 4 first and seat 7 second, the reverse of table 1: read with the
    ranks of the hand dealt last (as the simulator did), table 1's busts went to the core
    with Kofi ranked 1 and Lena 2, and Kofi placed 11th, Lena 12th.
    """
    config = NightConfig(
        template="spot_league",
        entries=12,
        tables=2,
        seed=2,
        rates=Rates(late=0, reentry=0, rebuy=0, addon=0),
        phh_dir=str(tmp_path),
    )
    tmpl, profile = check_config(config)
    night = Night(config, tmpl, profile, None)
    try:
        night.create()
        seating = night.st.part(Tables).seating
        assert seating is not None
        assert sorted(seating.tables) == [1, 2]
        for number in (1, 2):
            for seat, entry_id in enumerate(seating.tables[number].players, start=1):
                if entry_id is not None:
                    bot = _AllIn() if seat in ALL_IN_SEATS else _Folds()
                    night.ledger.bots[entry_id] = bot
        at_two = seating.tables[2].players
        giver, takers = at_two[1], [at_two[s - 1] for s in ALL_IN_SEATS]  # seat 2 folds
        assert giver is not None
        assert night.ledger.set(giver, 2000) == 5000
        for entry_id in takers:
            assert entry_id is not None
            assert night.ledger.set(entry_id, 6000) == 5000
        night.run(HandForHand(on=True))
        night.floor.hfh.on = True
        night.periods.changed()

        night.floor.hfh.play_round()

        one, board_one = _cards(tmp_path / "hand-000001-table-1.phh")
        two, board_two = _cards(tmp_path / "hand-000002-table-2.phh")
        assert (board_one, board_two) == ("Th9h8c6c9d", "KcQdAc3s4d")
        assert [one[n] for n in ("Ava Alvarez", "Kofi Kim", "Lena Chen")] == [
            "QsTc",
            "Jh5h",
            "6h8d",
        ]
        assert [two[n] for n in ("Jamal Dubois", "Chloe Okafor", "Dmitri Garcia")] == [
            "9hAs",
            "5sJh",
            "6s7c",
        ]
        busts = [
            (r.event.group, b.name, b.start_stack, b.hand_rank)
            for r in night.console.records()
            if isinstance(r.event, PlayersBusted)
            for b in r.event.busted
        ]
        assert sorted(busts) == [
            ("hand:HFH-1", "Chloe Okafor", 6000, 1),
            ("hand:HFH-1", "Dmitri Garcia", 6000, 2),
            ("hand:HFH-1", "Kofi Kim", 5000, 2),
            ("hand:HFH-1", "Lena Chen", 5000, 1),
        ]
        places = [
            (p.places, p.name) for p in finishing_places(night.st, night.time.now()) if p.place > 8
        ]
        assert places == [
            ((9,), "Chloe Okafor"),
            ((10,), "Dmitri Garcia"),
            ((11,), "Lena Chen"),
            ((12,), "Kofi Kim"),
        ]
    finally:
        night.console.close()
