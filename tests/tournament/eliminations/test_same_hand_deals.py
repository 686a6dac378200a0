"""Busts of one hand-for-hand hand at different tables: cards compare within one deal only
(G3, SPOT-6.14, B10, FOX-HFH).

During hand-for-hand every table plays "the same hand" (B10), so busts at every table share
one same-hand group and are ranked together by their start-of-hand stacks (G3). Spotlight's
next step — "If they began the hand with the same amount, the one with the better hand in
that deal places higher" (SPOT-6.14) — compares hands of one deal: a table-1 hand ranked 1st
among table 1's busts and a table-2 hand ranked 1st among table 2's were never compared, so
the step cannot separate them and the next one decides (blue chips, entered by the TD), else
they tie and share the prizes of their places (IMPL). Before, table 1's rank was compared
with table 2's as if one deal, and a table with a single bust (no rank sent) placed below
the other table's ranked busts.
"""

from __future__ import annotations

from floor_helpers import Night

from pokertd.tournament.clock import HandForHand, StartClock
from pokertd.tournament.eliminations import Bust, PlayersBusted, finishing_places
from pokertd.tournament.entries import CloseRegistration
from pokertd.tournament.seating import LayTables, SeatPlayer
from pokertd.tournament.views import results

T1 = tuple(f"Player A{i:02d}" for i in range(1, 11))
T2 = tuple(f"Player A{i:02d}" for i in range(11, 21))


def _two_tables(profile: str) -> Night:
    """fox_grinder's 20 entries ($840 pool, FOX-PTAB) under ``profile``, A01-A10 at table 1,
    A11-A20 at table 2, registration closed."""
    night = Night(
        "fox_grinder",
        tables=2,
        seats_per_table=10,
        reentry=False,
        payout_table="fox_ptab",
        profile=profile,
    )
    night.register(*T1, *T2)
    night.run(LayTables(tables=((1, 10), (2, 10))))
    for table, names in ((1, T1), (2, T2)):
        for seat, name in enumerate(names, start=1):
            night.run(SeatPlayer(player=name, table=table, seat=seat))
    night.run(StartClock())
    night.run(CloseRegistration())
    return night


def _places(night: Night) -> dict[str, tuple[int, ...]]:
    return {p.name: p.places for p in finishing_places(night.state)}


def _to_the_last(night: Night, *left: str) -> None:
    """Bust everyone but ``left`` one by one (places 20th down), then hand-for-hand on."""
    for name in (*T1, *T2):
        if name not in left:
            night.run(Bust(players=(name,)))
    night.run(HandForHand(on=True))


def _prizes(night: Night) -> dict[str, tuple[tuple[int, ...], int | None]]:
    rows = results(night.state, night.now).rows
    return {
        r.name: (r.places, r.prize_cents)
        for r in rows
        if r.places[0] <= 4 and r.name in (A01, A02, A03, A11)
    }


A01, A02, A03, A11 = T1[0], T1[1], T1[2], T2[0]


def test_G3_SPOT_6_14_B10_hfh_busts_at_two_tables_equal_stacks_tie_and_share() -> None:
    """SPOT-6.14, G3, B10. 20 entries, $840 pool, FOX-PTAB pays 1st $420, 2nd $252, 3rd
    $168. Three left (A01, A02 at table 1, A11 at table 2), hand-for-hand. In hand HFH-1
    A02 busts at table 1 (5,000 at the start of the hand; the floor enters hand rank 1, the
    only bust there) and A11 at table 2 (5,000, no rank: a single bust). Same stack; their
    hands were in two deals, so "the better hand in that deal" cannot separate them and no
    blue chips are entered: they share 2nd-3rd, ($252 + $168) / 2 = $210 each. On main A02
    placed 2nd ($252) and A11 3rd ($168): table 1's rank beat table 2's missing one."""
    night = _two_tables("spotlight")
    _to_the_last(night, A01, A02, A11)
    night.run(Bust(players=(A02,), start_stacks=(5000,), hand_ranks=(1,)))
    night.run(Bust(players=(A11,), start_stacks=(5000,)))
    assert _prizes(night) == {
        A01: ((1,), 42000),
        A02: ((2, 3), 21000),
        A11: ((2, 3), 21000),
    }


def test_G3_SPOT_6_14_B10_hfh_busts_at_two_tables_blue_chips_decide() -> None:
    """SPOT-6.14: as above, and the TD enters blue chips (A02 3, A11 5): the hand step
    cannot decide across tables, so blue chips do — A11 2nd ($252), A02 3rd ($168). On
    main A02's hand rank 1 placed him 2nd before the blue chips were looked at."""
    night = _two_tables("spotlight")
    _to_the_last(night, A01, A02, A11)
    night.run(Bust(players=(A02,), start_stacks=(5000,), hand_ranks=(1,), blue_chips=(3,)))
    night.run(Bust(players=(A11,), start_stacks=(5000,), blue_chips=(5,)))
    assert _prizes(night) == {
        A01: ((1,), 42000),
        A11: ((2,), 25200),
        A02: ((3,), 16800),
    }


def test_G3_SPOT_6_14_one_table_better_hand_places_higher() -> None:
    """SPOT-6.14: A02 and A03 bust at table 1 in one hand-for-hand hand, both 5,000 at its
    start, recorded separately (two winners); A03's hand ranks 1 (two pair), A02's 2 (one
    pair): one deal, so the better hand decides — A03 2nd ($252), A02 3rd ($168)."""
    night = _two_tables("spotlight")
    _to_the_last(night, A01, A02, A03)
    night.run(Bust(players=(A02,), start_stacks=(5000,), hand_ranks=(2,)))
    night.run(Bust(players=(A03,), start_stacks=(5000,), hand_ranks=(1,)))
    busted = [r.event for r in night.records if isinstance(r.event, PlayersBusted)]
    assert [b.table for ev in busted[-2:] for b in ev.busted] == [1, 1]
    assert _prizes(night) == {
        A01: ((1,), 42000),
        A03: ((2,), 25200),
        A02: ((3,), 16800),
    }


def test_G3_SPOT_6_14_B10_two_busts_at_one_table_one_at_another_all_tie() -> None:
    """SPOT-6.14, G3, B10: four left (A01, A02, A03 at table 1, A11 at table 2). In hand
    HFH-1 A02 and A03 bust at table 1 (ranks 1 and 2 there) and A11 at table 2, all three
    with 5,000 at the start of the hand. Table 1's ranks say nothing about A11's hand (another
    deal), so they cannot place A02 above A11 nor A11 above A03; ranking A02 over A03 alone
    while both tie A11 would make "tied" not transitive. So the hand step decides nothing
    in this tie: with no blue chips the three share 2nd-4th, ($252 + $168 + $0) / 3 = $140
    each. On main A02 was 2nd, then A11 and A03 by their ranks 1 and 2 (table 2's 1 tied
    with table 1's 1: A02 and A11 shared 2nd-3rd, A03 4th with nothing)."""
    night = _two_tables("spotlight")
    _to_the_last(night, A01, A02, A03, A11)
    night.run(Bust(players=(A02, A03), start_stacks=(5000, 5000), hand_ranks=(1, 2)))
    night.run(Bust(players=(A11,), start_stacks=(5000,), hand_ranks=(1,)))
    assert _prizes(night) == {
        A01: ((1,), 42000),
        A02: ((2, 3, 4), 14000),
        A03: ((2, 3, 4), 14000),
        A11: ((2, 3, 4), 14000),
    }


def test_G3_SPOT_6_14_blue_chips_then_cards_of_one_deal() -> None:
    """SPOT-6.14: as above with blue chips entered (A02 3, A03 3, A11 5): blue chips rank
    the three (A11 2nd, $252); A02 and A03, tied on blue chips, went out in one deal, so
    their hands order them (A02's rank 1: 3rd, $168; A03 4th, $0). On main A02 was 2nd by
    his hand rank, before any blue chip."""
    night = _two_tables("spotlight")
    _to_the_last(night, A01, A02, A03, A11)
    night.run(
        Bust(players=(A02, A03), start_stacks=(5000, 5000), hand_ranks=(1, 2), blue_chips=(3, 3))
    )
    night.run(Bust(players=(A11,), start_stacks=(5000,), blue_chips=(5,)))
    assert _prizes(night) == {
        A01: ((1,), 42000),
        A11: ((2,), 25200),
        A02: ((3,), 16800),
        A03: ((4,), 0),
    }


def test_G3_FOX_HFH_TDA_unchanged_stacks_then_shared() -> None:
    """FOX-HFH, G3 (IMPL) under Foxwoods and TDA: cards never rank same-hand busts. A02
    (table 1, 5,000, rank 1 entered) and A11 (table 2, 5,000) share 2nd-3rd, $210 each; in
    the next test A03's 8,000 at the start of the hand places him above both."""
    for profile in ("foxwoods", "tda"):
        night = _two_tables(profile)
        _to_the_last(night, A01, A02, A03, A11)
        night.run(Bust(players=(A02, A03), start_stacks=(5000, 8000), hand_ranks=(1, 2)))
        night.run(Bust(players=(A11,), start_stacks=(5000,)))
        places = {n: p for n, p in _places(night).items() if p[0] <= 4}  # A01-A03, A11
        assert places == {A03: (2,), A02: (3, 4), A11: (3, 4), A01: (1,)}, profile


def test_G3_SPOT_6_14_unseated_busts_compare_cards_only_within_one_bust() -> None:
    """SPOT-6.14 without a seating (no table known): busts named together in one ``bust``
    are one deal (two pair over one pair: P 4th, Q 5th, as before); two busts recorded
    apart in the named hand 57 may come from two tables (G3), so their ranks (1 and 2) say
    nothing: R and S, 5,000 each, share 2nd-3rd. On main S's rank 1 placed her 2nd."""
    night = Night("spot_league")
    night.register("P", "Q", "R", "S", "T")
    night.run(Bust(players=("Q", "P"), start_stacks=(5000, 5000), hand_ranks=(2, 1)))
    night.run(Bust(players=("R",), hand="57", start_stacks=(5000,), hand_ranks=(2,)))
    night.run(Bust(players=("S",), hand="57", start_stacks=(5000,), hand_ranks=(1,)))
    assert {n: p for n, p in _places(night).items() if n != "T"} == {
        "P": (4,),
        "Q": (5,),
        "R": (2, 3),
        "S": (2, 3),
    }
