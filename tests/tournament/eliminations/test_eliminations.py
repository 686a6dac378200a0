"""Busts and finishing places: reverse order, same-hand ranking, ties, timed end, undo."""

from __future__ import annotations

import pytest
from floor_helpers import Night
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.errors import InvalidCommand, NotFound, RuleViolation
from pokertd.tournament.eliminations import Bust, EndByChipCount, finishing_places, winner
from pokertd.tournament.entries import CloseRegistration, Reenter, Roster
from pokertd.tournament.framework import Redo, Undo


def _places(night: Night) -> dict[str, tuple[int, ...]]:
    return {p.name: p.places for p in finishing_places(night.state)}


def test_NJ_6_places_are_reverse_order_of_elimination() -> None:
    """NJ-6a, SPOT-6.15: first out of four finishes 4th; the last one standing wins."""
    night = Night("nj_fundraiser")
    night.register("A", "B", "C", "D")
    night.run(Bust(players=("D",), eliminator="A"))
    night.run(Bust(players=("C",)))
    assert _places(night) == {"D": (4,), "C": (3,)}
    night.run(Bust(players=("B",), eliminator="A"))
    night.run(CloseRegistration())
    assert _places(night) == {"A": (1,), "B": (2,), "C": (3,), "D": (4,)}
    assert winner(night.state) == "A"
    assert finishing_places(night.state)[-1].eliminator == "A"


def test_late_entries_push_earlier_busts_down() -> None:
    """An entry sold after a bust counts: the early bust finishes last of all entries."""
    night = Night("fox_grinder")
    night.register("A", "B", "C")
    night.run(Bust(players=("C",)))
    night.register("D")
    night.run(Reenter(player="C"))
    assert _places(night)["C"] == (5,)


def test_G3_same_hand_ranked_by_start_stack() -> None:
    """SPOT-6.14 / IMPL: P (8,000 at hand start) places above Q (5,000)."""
    night = Night("fox_grinder")
    night.register("P", "Q", "R", "S")
    night.run(Bust(players=("Q", "P"), start_stacks=(5000, 8000), eliminator="R"))
    assert _places(night) == {"P": (3,), "Q": (4,)}


def test_G3_equal_stacks_share_places() -> None:
    """IMPL (FOX, KPC, NJ, TDA): both started with 5,000 -> they share 3rd-4th."""
    night = Night("fox_grinder")
    night.register("P", "Q", "R", "S")
    night.run(Bust(players=("P", "Q"), start_stacks=(5000, 5000)))
    places = finishing_places(night.state)
    assert {p.name: (p.place, p.places, p.tied_with) for p in places} == {
        "P": (3, (3, 4), ("Q",)),
        "Q": (3, (3, 4), ("P",)),
    }


def test_SPOT_6_14_equal_stacks_better_hand_then_blue_chips() -> None:
    """SPOT-6.14: equal stacks -> the better hand (two pair over a pair) places higher;
    equal hands -> more blue chips."""
    night = Night("spot_league")
    from pokertd.tournament.entries import Register

    for name in ("P", "Q", "R", "S", "T"):
        night.run(Register(name=name, age_ok=True, member_ok=True))
    night.run(Bust(players=("Q", "P"), start_stacks=(5000, 5000), hand_ranks=(2, 1)))
    assert _places(night) == {"P": (4,), "Q": (5,)}
    night.run(
        Bust(players=("R", "S"), start_stacks=(5000, 5000), hand_ranks=(1, 1), blue_chips=(3, 5))
    )
    assert _places(night)["S"] == (2,)
    assert _places(night)["R"] == (3,)


def test_TNPL_D9_cards_never_decide() -> None:
    """TNPL-D9: the TDA rule applies; hand ranks are ignored, equal stacks share."""
    night = Night("tnpl_league")
    from pokertd.tournament.entries import Register

    for name in ("P", "Q", "R"):
        night.run(Register(name=name, age_ok=True))
    night.run(Bust(players=("P", "Q"), start_stacks=(5000, 5000), hand_ranks=(1, 2)))
    assert _places(night) == {"P": (2, 3), "Q": (2, 3)}


def test_hand_for_hand_busts_at_two_tables_are_one_hand() -> None:
    """FOX-HFH, G3: hand 57 busts at tables 1 and 3 are ranked together by start stack."""
    night = Night("fox_grinder")
    night.register("A", "B", "C", "D", "E")
    night.run(Bust(players=("A",), hand="57", start_stacks=(3000,)))
    night.run(Bust(players=("B",), hand="58", start_stacks=(1000,)))
    night.run(Bust(players=("C",), hand="57", start_stacks=(9000,)))
    assert _places(night) == {"A": (5,), "C": (4,), "B": (3,)}


def test_G1_double_bust_refused_and_log_unchanged() -> None:
    night = Night("fox_grinder")
    night.register("A", "B", "C")
    night.run(Bust(players=("C",)))
    before = len(night.records)
    with pytest.raises(RuleViolation, match=r"C is already out \(busted\)"):
        night.run(Bust(players=("c",)))
    with pytest.raises(NotFound):
        night.run(Bust(players=("Nobody",)))
    with pytest.raises(InvalidCommand, match="named twice"):
        night.run(Bust(players=("A", "a")))
    with pytest.raises(InvalidCommand, match="one start-of-hand stack per busted player"):
        night.run(Bust(players=("A", "B"), start_stacks=(1,)))
    assert len(night.records) == before


def test_someone_must_win_the_hand() -> None:
    night = Night("fox_grinder")
    night.register("A", "B")
    with pytest.raises(RuleViolation, match="Someone must win"):
        night.run(Bust(players=("A", "B")))


def test_undo_and_redo_a_bust() -> None:
    night = Night("fox_grinder")
    night.register("A", "B", "C")
    night.run(Bust(players=("C",)))
    night.run(Undo())
    assert len(night.state.part(Roster).alive()) == 3
    night.run(Redo())
    assert len(night.state.part(Roster).alive()) == 2
    kinds = [r.event.type for r in night.records[-2:]]
    assert kinds == ["command_undone", "command_redone"]


def test_NJ_6b_timed_end_ranks_by_chips() -> None:
    """NJ-6b: A 40,000, B 25,000, C 25,000, D 10,000 -> A 1st, B and C share 2nd-3rd, D 4th."""
    elimination = Night("nj_fundraiser")
    elimination.register("A", "B")
    with pytest.raises(RuleViolation, match=r"set time.*NJ-6"):
        elimination.run(EndByChipCount(counts=(("A", 5000), ("B", 5000))))
    night = Night("nj_fundraiser_timed")
    night.register("A", "B", "C", "D", "E")
    night.run(Bust(players=("E",)))
    with pytest.raises(InvalidCommand, match="missing D"):
        night.run(EndByChipCount(counts=(("A", 40000), ("B", 25000), ("C", 25000))))
    night.run(EndByChipCount(counts=(("A", 40000), ("B", 25000), ("C", 25000), ("D", 10000))))
    assert _places(night) == {"A": (1,), "B": (2, 3), "C": (2, 3), "D": (4,), "E": (5,)}
    with pytest.raises(RuleViolation, match="over"):
        night.run(Bust(players=("D",)))


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=3), min_size=1, max_size=6), st.data())
def test_places_cover_every_eliminated_entry_once(groups: list[int], data: st.DataObject) -> None:
    """Invariant: the places of the eliminated are exactly N, N-1, ... with no gap."""
    n = sum(groups) + 1
    night = Night("fox_grinder")
    names = [f"Player {i}" for i in range(n)]
    night.register(*names)
    i = 0
    for size in groups:
        stacks = data.draw(st.lists(st.sampled_from([1000, 2000]), min_size=size, max_size=size))
        night.run(Bust(players=tuple(names[i : i + size]), start_stacks=tuple(stacks)))
        i += size
    taken: list[int] = []
    for p in finishing_places(night.state):
        assert p.place == p.places[0]
        taken.append(p.place)
    # tied entries repeat the top place of their tie; all places together fill 2..n
    covered = sorted({q for p in finishing_places(night.state) for q in p.places})
    assert covered == list(range(2, n + 1))
    assert len(taken) == n - 1


def test_FOX_HFH_busts_during_hand_for_hand_are_the_same_hand() -> None:
    """FOX-HFH, G3: with hand-for-hand on, busts at two tables before the hand is finished
    everywhere are one hand, ranked by start stack; the next hand is another."""
    from pokertd.tournament.clock import HandForHand, HandForHandHand, StartClock

    night = Night("fox_grinder")
    night.register("A", "B", "C", "D", "E")
    night.run(StartClock())
    night.run(HandForHand(on=True))
    night.run(Bust(players=("A",), start_stacks=(3000,)))
    night.run(Bust(players=("B",), start_stacks=(8000,)))
    night.run(HandForHandHand())
    night.run(Bust(players=("C",), start_stacks=(500,)))
    assert _places(night) == {"B": (4,), "A": (5,), "C": (3,)}
