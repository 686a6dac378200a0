"""Penalties: warnings, missed hands, missed rounds, disqualification (K1, K2, K5)."""

from __future__ import annotations

import pytest
from floor_helpers import Night

from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.tournament.eliminations import Bust, finishing_places
from pokertd.tournament.entries import EntryStatus, Reenter, Register, Roster
from pokertd.tournament.penalties import GivePenalty, Penalties, PenaltyKind
from pokertd.tournament.views import results

K = PenaltyKind


def test_FOX_71A_missed_rounds_are_players_times_rounds() -> None:
    """K2 (KPC-52, TNPL-J1ii, FOX-71A): 7 players incl. offender, 2 rounds -> 14 hands."""
    night = Night("fox_grinder")
    night.register("A", "B")
    (record,) = night.run(
        GivePenalty(player="A", kind=K.MISSED_ROUNDS, count=2, players_at_table=7, reason="abuse")
    )
    pen = night.state.part(Penalties).given[0]
    assert (pen.hands, pen.rounds, pen.rule) == (14, 2, "FOX-71A")
    assert record.event.describe() == (
        "A given a 2-round penalty (7 players x 2 = 14 hands) for abuse (FOX-71A)"
    )


def test_missed_rounds_need_the_table_size() -> None:
    night = Night("fox_grinder")
    night.register("A", "B")
    with pytest.raises(InvalidCommand, match="How many players"):
        night.run(GivePenalty(player="A", kind=K.MISSED_ROUNDS, count=1))


def test_TNPL_J1ii_one_to_four_rounds() -> None:
    night = Night("tnpl_league")
    night.run(Register(name="A", age_ok=True))
    night.run(Register(name="B", age_ok=True))
    with pytest.raises(RuleViolation, match=r"1, 2, 3, 4 round.*TNPL-J1ii"):
        night.run(GivePenalty(player="A", kind=K.MISSED_ROUNDS, count=5, players_at_table=9))
    night.run(GivePenalty(player="A", kind=K.MISSED_ROUNDS, count=4, players_at_table=9))
    assert night.state.part(Penalties).given[0].hands == 36


def test_KPC_52_warning_and_missed_hands_with_rule_id() -> None:
    night = Night("kpc_nlh")
    night.run(Register(name="A", member="1"))
    night.run(Register(name="B", member="2"))
    night.run(GivePenalty(player="A", kind=K.WARNING, reason="language"))
    night.run(GivePenalty(player="A", kind=K.MISSED_HANDS, count=3, rule="KPC-49"))
    given = night.state.part(Penalties).given
    assert [(p.kind, p.hands, p.rule) for p in given] == [
        (K.WARNING, 0, "KPC-52"),
        (K.MISSED_HANDS, 3, "KPC-49"),
    ]
    with pytest.raises(InvalidCommand, match="at least one hand"):
        night.run(GivePenalty(player="A", kind=K.MISSED_HANDS, count=0))


def test_FOX_71D_disqualification_removes_chips_from_play() -> None:
    """K5: a DQ of a player holding 18,300 drops the chips in play by 18,300."""
    night = Night("fox_grinder")
    night.register("A", "B", "C")
    before = night.state.part(Roster).chips_in_play
    night.run(GivePenalty(player="B", kind=K.DISQUALIFICATION, chips=18300, reason="cheating"))
    roster = night.state.part(Roster)
    assert roster.chips_in_play == before - 18300
    assert roster.entries["E2"].status is EntryStatus.DISQUALIFIED
    assert "B" not in {p.name for p in finishing_places(night.state)}
    with pytest.raises(RuleViolation, match="disqualified"):
        night.run(Reenter(player="B"))


def test_TNPL_J1iv_prize_forfeit_after_the_fact() -> None:
    """TNPL-J1iv: prize money may be forfeited; FOX does not do it after the fact."""
    night = Night("tnpl_league", early_bird_bonus_pct=0)
    for name in ("A", "B", "C"):
        night.run(Register(name=name, age_ok=True))
    night.run(Bust(players=("C",)))
    night.run(GivePenalty(player="C", kind=K.DISQUALIFICATION))
    row = next(r for r in results(night.state).rows if r.name == "C")
    assert (row.prize_cents, row.note) == (0, "prize forfeited (disqualified)")
    fox = Night("fox_grinder")
    fox.register("A", "B", "C")
    fox.run(Bust(players=("C",)))
    with pytest.raises(RuleViolation, match="already out"):
        fox.run(GivePenalty(player="C", kind=K.DISQUALIFICATION))


def test_K2_table_size_read_from_the_seating() -> None:
    """K2: the round is counted from the players at the offender's table when given."""
    from pokertd.tournament.seating import DrawSeats

    night = Night("fox_grinder", tables=1, seats_per_table=9)
    night.register("A", "B", "C", "D", "E", "F", "G")
    night.run(DrawSeats())
    night.run(GivePenalty(player="A", kind=K.MISSED_ROUNDS, count=2))
    assert night.state.part(Penalties).given[0].hands == 14
