"""Points per event and season standings, every number worked out by hand here.

Implements: G5 (SPOT-6.13: points on sign-out, a late sign-out voids them), A3
(SPOT-6.26: championship stacks from season points), issue 14 (formulas, best-N, tie-break,
qualification).
"""

from __future__ import annotations

import pytest

from pokertd.errors import InvalidCommand
from pokertd.league.formula import FormulaError
from pokertd.league.points import (
    EventResult,
    PlayerResult,
    PointsKind,
    PointsScheme,
    SignOut,
    event_points,
)
from pokertd.league.standings import (
    Qualification,
    StackRule,
    TieBreak,
    championship_stacks,
    qualifiers,
    standings,
)


def event(
    tid: str, places: list[str], *, buyin: int = 2000, kos: dict[str, int] | None = None,
    signout: bool = False,
) -> EventResult:  # fmt: skip
    kos = kos or {}
    n = len(places)
    return EventResult(
        tournament_id=tid,
        name=tid,
        entrants=n,
        buyin_cents=buyin,
        prizepool_cents=buyin * n,
        require_signout=signout,
        players=tuple(
            PlayerResult(
                player=name, name=name, place=i, eliminated=i > 1, knockouts=kos.get(name, 0)
            )
            for i, name in enumerate(places, start=1)
        ),
    )


def totals(
    scheme: PointsScheme, ev: EventResult, marks: dict[str, SignOut] | None = None
) -> dict[str, float]:
    return {p.player: p.total for p in event_points(scheme, ev, marks)}


def test_sqrt_formula_by_hand() -> None:
    """sqrt(entrants * buyin) / sqrt(place): 4 entrants, $20 -> sqrt(80) = 8.944…"""
    ev = event("e", ["A", "B", "C", "D"])
    got = totals(PointsScheme(formula="sqrt"), ev)
    assert got == {"A": 8.94, "B": 6.32, "C": 5.16, "D": 4.47}  # sqrt(80/p) to 2 places


def test_linear_formula_by_hand() -> None:
    ev = event("e", ["A", "B", "C", "D", "E"])
    assert totals(PointsScheme(formula="linear"), ev) == {"A": 5, "B": 4, "C": 3, "D": 2, "E": 1}


def test_td3_formula_by_hand() -> None:
    """10 * sqrt(4)/sqrt(1) * (1 + ln(20.25)) = 20 * 4.008155 = 80.16; 4th: 10 * 1 * 4.008."""
    ev = event("e", ["A", "B", "C", "D"])
    got = totals(PointsScheme(formula="td3"), ev)
    assert got["A"] == 80.16
    assert got["D"] == 40.08


def test_fixed_table_paid_places_and_bonuses() -> None:
    """Table 10/7/5/3, points to 3rd only, 1 per knockout, 2 for attending."""
    scheme = PointsScheme(
        kind=PointsKind.FIXED,
        table=(10, 7, 5, 3),
        paid_places=3,
        knockout_points=1,
        attendance_points=2,
    )
    ev = event("e", ["A", "B", "C", "D", "E"], kos={"A": 3, "D": 1})
    assert totals(scheme, ev) == {"A": 15, "B": 9, "C": 7, "D": 3, "E": 2}


def test_own_formula_with_knockouts() -> None:
    scheme = PointsScheme(formula="max(0, 11 - place) + 0.5 * knockouts")
    ev = event("e", ["A", "B", "C"], kos={"A": 2})
    assert totals(scheme, ev) == {"A": 11, "B": 9, "C": 8}


def test_bad_schemes_refused() -> None:
    with pytest.raises(FormulaError, match="Unknown variable 'players'"):
        PointsScheme(formula="players - place").check()
    with pytest.raises(InvalidCommand, match="at least 1st place"):
        PointsScheme(kind=PointsKind.FIXED).check()
    with pytest.raises(InvalidCommand, match="knockout bonus"):
        PointsScheme(knockout_points=-1).check()


def test_SPOT_6_13_points_wait_for_sign_out_and_late_flag_voids() -> None:
    """Bust 6th with points to 8th: signed out -> 6th-place points; flagged late -> 0;
    not signed yet -> held back. The winner needs no sign-out."""
    scheme = PointsScheme(kind=PointsKind.FIXED, table=(20, 15, 12, 10, 8, 6, 4, 2),
                          attendance_points=1)  # fmt: skip
    names = ["W", "B", "C", "D", "E", "F", "G", "H", "I"]
    ev = event("spot", names, signout=True)
    marks = {"F": SignOut.SIGNED, "E": SignOut.LATE}
    pts = {p.player: p for p in event_points(scheme, ev, marks)}
    assert pts["F"].total == 7  # 6 + 1, credited
    assert pts["E"].total == 0
    assert "void" in pts["E"].note
    assert pts["D"].total == 0
    assert not pts["D"].credited
    assert pts["W"].total == 21  # the winner was not eliminated
    assert pts["I"].total == 1  # 9th: outside the points, needs no sign-out
    # Where the profile does not ask for it, nobody waits.
    free = event("tnpl", names)
    assert {p.player: p.total for p in event_points(scheme, free)}["D"] == 11


def _season() -> list:  # type: ignore[type-arg]
    """Three events; fixed 10/7/5/3/2, 1 per knockout, 1 for attending."""
    scheme = PointsScheme(kind=PointsKind.FIXED, table=(10, 7, 5, 3, 2), knockout_points=1,
                          attendance_points=1)  # fmt: skip
    one = event("one", ["Ann", "Bob", "Cat", "Dan"], kos={"Ann": 3})
    two = event("two", ["Bob", "Cat", "Eve", "Ann"], kos={"Bob": 3})
    three = event("three", ["Dan", "Ann", "Bob"], kos={"Dan": 2})
    return [
        *event_points(scheme, one),  # Ann 14, Bob 8, Cat 6, Dan 4
        *event_points(scheme, two),  # Bob 14, Cat 8, Eve 6, Ann 4
        *event_points(scheme, three),  # Dan 13, Ann 8, Bob 6
    ]


def test_standings_every_result_and_best_two_with_tie_break() -> None:
    every = standings(_season())
    assert [(r.name, r.points, r.rank) for r in every] == [
        ("Bob", 28, 1),  # 8 + 14 + 6
        ("Ann", 26, 2),  # 14 + 4 + 8
        ("Dan", 17, 3),
        ("Cat", 14, 4),
        ("Eve", 6, 5),
    ]
    best2 = standings(_season(), best_n=2)
    # Ann 14 + 8 = 22, Bob 14 + 8 = 22: Bob's finishes (1, 2, 3) beat Ann's (1, 2, 4).
    assert [(r.name, r.points, r.rank) for r in best2][:3] == [
        ("Bob", 22, 1),
        ("Ann", 22, 2),
        ("Dan", 17, 3),
    ]
    assert best2[0].all_points == 28
    assert best2[0].counted == 2


def test_tie_break_most_events_and_shared_rank() -> None:
    scheme = PointsScheme(kind=PointsKind.FIXED, table=(10, 5))
    pts = [
        *event_points(scheme, event("a", ["X", "Y"])),  # X 10, Y 5
        *event_points(scheme, event("b", ["Z", "Q"])),  # Z 10
        *event_points(scheme, event("c", ["Y", "Q"])),  # Y 10 -> Y 15 in 2 events
        *event_points(scheme, event("d", ["X", "Q"])),  # X 20
    ]
    rows = standings(pts, best_n=1, tie_break=TieBreak.MOST_EVENTS)
    # best 1: X 10, Y 10, Z 10; Q 5. Most events: Q 3, X 2, Y 2, Z 1; X = Y then finishes
    # (1, 1) vs (1, 2): X first.
    assert [(r.name, r.rank) for r in rows] == [("X", 1), ("Y", 2), ("Z", 3), ("Q", 4)]
    same = standings([*event_points(scheme, event("a", ["X", "Y"])),
                      *event_points(scheme, event("b", ["Y", "X"]))])  # fmt: skip
    assert [(r.name, r.rank) for r in same] == [("X", 1), ("Y", 1)]  # fully equal: shared


def test_qualifiers_and_championship_stacks_A3() -> None:
    """Top 3 by best-2; stacks 5000 + 100 * points, rounded down to 100."""
    rows = standings(_season(), best_n=2)
    q = qualifiers(rows, Qualification(top=3))
    assert [r.name for r in q] == ["Bob", "Ann", "Dan"]
    stacks = championship_stacks(q, StackRule())
    assert [(s.name, s.stack) for s in stacks] == [("Bob", 7200), ("Ann", 7200), ("Dan", 6700)]
    above = qualifiers(rows, Qualification(min_points=14))  # Bob 22, Ann 22, Dan 17, Cat 14
    assert [r.name for r in above] == ["Bob", "Ann", "Dan", "Cat"]
    rule = StackRule(formula="10000 * points / top_points", round_to=500, minimum=2000)
    assert [s.stack for s in championship_stacks(q, rule)] == [10000, 10000, 7500]  # 7727 ->
    with pytest.raises(FormulaError, match="Unknown variable 'chips'"):
        championship_stacks(q, StackRule(formula="chips * 2"))
