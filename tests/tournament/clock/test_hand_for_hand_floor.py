"""Hand-for-hand as the floor runs it (issue 22, part 4), through the service.

Each test is a night the floor plays: hands that never repeat their identity, the hand
closed by the last table's report or by ``hfh off``, hand-for-hand ending by itself when the
hand that burst the bubble is complete, seats and colour-ups that wait for an open hand, and
busts during a break. Catalogue: B10 (FOX-HFH, ``hfh_sync_tables``), G3 (ties only from one
hand), B2 (no hand during a break), C4/C9/C10 (table breaks and the final-table redraw), B11.
"""

from __future__ import annotations

import pytest
from floor_helpers import Night

from pokertd.errors import RuleViolation
from pokertd.rules import HandForHandEnd, RuleProfile, load_profile
from pokertd.tournament.clock import (
    ColorUp,
    HandForHand,
    HandForHandEnded,
    HandForHandHand,
    HandForHandHandPlayed,
    NextLevel,
    SetLevel,
    StartClock,
    TableHandFinished,
    TableHandReported,
    clock_view,
    hand_for_hand_view,
)
from pokertd.tournament.eliminations import Bust, PlayersBusted, finishing_places
from pokertd.tournament.entries import CloseRegistration, CreateTournament, Setup
from pokertd.tournament.prizes.pool import pool
from pokertd.tournament.satellites import SetSatellite
from pokertd.tournament.seating import BreakTable, LayTables, Redraw, SeatPlayer

T1 = tuple(f"Player A{i:02d}" for i in range(1, 11))
T2 = tuple(f"Player A{i:02d}" for i in range(11, 21))


def _places(night: Night) -> dict[str, tuple[int, ...]]:
    return {p.name: p.places for p in finishing_places(night.state)}


def _hand_for_hand_on(night: Night) -> bool:
    view = clock_view(night.state, night.now)
    assert view is not None
    return view.hand_for_hand


def _two_tables(template: str = "fox_grinder", profile: RuleProfile | None = None) -> Night:
    """20 entries (FOX-PTAB pays 3 places) seated A01-A10 at table 1, A11-A20 at table 2."""
    night = Night(template, tables=2, seats_per_table=10)
    if profile is not None:  # the same event under another profile
        tmpl = night.state.part(Setup).tmpl
        night.tid = night.service.create(
            CreateTournament(name="Test night", template=tmpl, profile=profile)
        )
    night.register(*T1, *T2)
    night.run(LayTables(tables=((1, 10), (2, 10))))
    for table, names in ((1, T1), (2, T2)):
        for seat, name in enumerate(names, start=1):
            night.run(SeatPlayer(player=name, table=table, seat=seat))
    night.run(StartClock())
    return night


def _bust(night: Night, *names: str) -> None:
    for name in names:
        night.run(Bust(players=(name,)))


def test_B10_FOX_HFH_off_and_on_again_starts_a_new_hand_fox_wed_80() -> None:
    """The issue's fox_wed_80 night: 20 players, bust 8, ``hfh on``, bust A09, ``hfh off``
    without reporting the hand, bust A10-A18, ``hfh on``, bust A19. On main A19 went out
    "in hand HFH-1" and tied with A09 at 11-12, so the runner-up was paid nothing: off closes
    the hand and on starts a new one, so A09 finishes 12th and A19 2nd, each alone (G3)."""
    night = Night("fox_wed_80")
    names = [f"Player A{i:02d}" for i in range(1, 21)]
    night.register(*names)
    night.run(StartClock())
    _bust(night, *names[:8])
    night.run(HandForHand(on=True))
    first = night.run(Bust(players=("Player A09",)))
    night.run(HandForHand(on=False))
    _bust(night, *names[9:18])
    night.run(HandForHand(on=True))
    last = night.run(Bust(players=("Player A19",)))
    night.run(CloseRegistration())
    one, two = first[0].event, last[0].event
    assert isinstance(one, PlayersBusted)
    assert isinstance(two, PlayersBusted)
    assert one.hand == "HFH-1"
    assert two.hand == "HFH-2"
    assert two.describe() == "Busted Player A19 in hand HFH-2; 1 left"
    places = _places(night)
    assert places["Player A09"] == (12,)
    assert places["Player A19"] == (2,)
    assert places["Player A20"] == (1,)
    assert all(len(p) == 1 for p in places.values())


def test_G3_B10_TNPL_30_entries_later_busts_are_not_tied_with_the_bubble_hand() -> None:
    """The issue's TNPL night: 30 entries ($600, five paid), ``hfh on``, bust the 6th,
    ``hfh hand``, bust the 5th and the 4th, then two more. On main hand-for-hand never ended
    and the 5th to 2nd shared places "2-5". The hand that burst the bubble ends
    hand-for-hand (``hfh_ends_at = "bubble"``): every later bust is a hand of its own."""
    night = Night("tnpl_league")
    names = [f"Player B{i:02d}" for i in range(1, 31)]
    night.register(*names)
    night.run(StartClock())
    _bust(night, *names[:24])
    night.run(HandForHand(on=True))
    night.run(Bust(players=(names[24],)))  # the 6th: five left, five paid
    records = night.run(HandForHandHand())
    ended = [r.event for r in records if isinstance(r.event, HandForHandEnded)]
    assert len(ended) == 1
    assert "bubble" in ended[0].describe()
    assert not _hand_for_hand_on(night)
    for name in names[25:29]:  # 5th, 4th, 3rd, 2nd
        busted = night.run(Bust(players=(name,)))[0].event
        assert isinstance(busted, PlayersBusted)
        assert busted.hand is None
    night.run(CloseRegistration())
    places = _places(night)
    assert [places[n] for n in names[24:]] == [(6,), (5,), (4,), (3,), (2,), (1,)]


def test_B10_FOX_HFH_ends_when_every_table_has_finished_the_bubble_hand() -> None:
    """Two tables, five left, three paid. Hand 1: A08 out at table 1; both tables report;
    four left, hand-for-hand goes on. Hand 2: A19 out at table 2 (three left: the bubble
    burst). The console says hand-for-hand ends when every table has finished this hand;
    table 1's report leaves it on, table 2's report ends it in the same batch, with the
    reason in the log."""
    night = _two_tables()
    _bust(night, *T1[:7], *T2[:8])  # A08-A10 at table 1, A19-A20 at table 2
    night.run(HandForHand(on=True))
    _bust(night, "Player A08")
    night.run(TableHandFinished(table="1"))
    night.run(TableHandFinished(table="2"))
    assert _hand_for_hand_on(night)
    _bust(night, "Player A19")
    hfh = hand_for_hand_view(night.state, night.now)
    assert hfh.bubble_burst
    assert hfh.note.startswith(
        "The bubble burst: hand-for-hand ends when every table has finished this hand"
    )
    night.run(TableHandFinished(table="1"))
    assert _hand_for_hand_on(night)
    records = night.run(TableHandFinished(table="2"))
    kinds = [type(r.event) for r in records]
    assert kinds == [TableHandReported, HandForHandHandPlayed, HandForHandEnded]
    ended = records[-1].event
    assert ended.describe() == (
        "Hand-for-hand ended by itself: the bubble burst (3 players left, 3 paid)"
    )
    assert not _hand_for_hand_on(night)
    after = hand_for_hand_view(night.state, night.now)
    assert after.note.startswith("Hand-for-hand ended by itself")


def test_B10_C4_C10_moves_and_the_redraw_wait_for_an_open_hand() -> None:
    """Eight left at two tables, hand-for-hand on. A07 busts at table 1 and table 1 reports:
    the hand is open at table 2, so the final-table redraw and a table break are refused
    naming table 2 (on main both were accepted and the busts after them tied with those
    before). A17 busts at table 2 in the same hand (A07 and A17 share 7th-8th, G3); once
    table 2 reports, the redraw goes ahead and A08's bust is a new hand: 6th alone."""
    night = _two_tables()
    _bust(night, *T1[:6], *T2[:6])  # A07-A10 and A17-A20 left
    night.run(HandForHand(on=True))
    night.run(Bust(players=("Player A07",), start_stacks=(5000,)))
    night.run(TableHandFinished(table="1"))
    before = len(night.records)
    for command in (Redraw(), BreakTable(table=2), ColorUp(stacks=(), removed=(100,), table="2")):
        with pytest.raises(RuleViolation, match=r"table 2.*FOX-HFH") as refused:
            night.run(command)
        assert "hand-for-hand hand HFH-1" in str(refused.value)
    assert len(night.records) == before  # a refused command writes nothing
    night.run(Bust(players=("Player A17",), start_stacks=(5000,)))
    night.run(TableHandFinished(table="2"))
    night.run(Redraw())
    busted = night.run(Bust(players=("Player A08",), start_stacks=(5000,)))[0].event
    assert isinstance(busted, PlayersBusted)
    assert busted.hand == "HFH-2"
    places = _places(night)
    assert places["Player A07"] == places["Player A17"] == (7, 8)
    assert places["Player A08"] == (6,)


def test_B10_hfh_off_closes_the_open_hand_so_moves_go_ahead() -> None:
    """The floor may end hand-for-hand instead of waiting: off closes the hand, the table
    break goes ahead, and a bust after it ties with nobody from before (G3)."""
    night = _two_tables()
    _bust(night, *T1[:6], *T2[:6])
    night.run(HandForHand(on=True))
    night.run(Bust(players=("Player A07",)))
    with pytest.raises(RuleViolation, match="FOX-HFH"):
        night.run(BreakTable(table=2))
    night.run(HandForHand(on=False))
    night.run(BreakTable(table=2))
    night.run(Bust(players=("Player A17",)))
    places = _places(night)
    assert places["Player A07"] == (8,)
    assert places["Player A17"] == (7,)


def test_B10_a_late_bust_at_a_table_that_has_reported_is_in_the_same_hand() -> None:
    """``hfh_sync_tables``: a table that reported hand 1 deals nothing until every table
    has, so a bust recorded there afterwards (the floor arrives after the dealer's tap) can
    only be from hand 1: A08 and A17 tie (G3). The hand after is another."""
    night = _two_tables()
    _bust(night, *T1[:6], *T2[:6])
    night.run(HandForHand(on=True))
    night.run(Bust(players=("Player A17",), start_stacks=(4000,)))
    night.run(TableHandFinished(table="1"))
    late = night.run(Bust(players=("Player A08",), start_stacks=(4000,)))[0].event
    assert isinstance(late, PlayersBusted)
    assert late.hand == "HFH-1"
    night.run(TableHandFinished(table="2"))
    night.run(Bust(players=("Player A09",), start_stacks=(4000,)))
    places = _places(night)
    assert places["Player A17"] == places["Player A08"] == (7, 8)
    assert places["Player A09"] == (6,)


def test_B2_B10_a_bust_during_a_break_is_never_grouped_and_waits_for_a_coloured_up_player() -> None:
    """Foxwoods Wednesday: level 12, hand-for-hand on, hand 1 played and reported, then the
    break that colours up the 100 chips. On main a bust during the break went into the next
    hand-for-hand hand and tied with the first bust after the break. Now: a bust during the
    break is the last hand before it, a hand of its own (B2: no hand is dealt in a break);
    a player whose chips were raced at this break still had chips, so his bust is refused
    until play resumes, saying so."""
    night = _two_tables("fox_wed_80")
    _bust(night, *T1[:6], *T2[:6])
    night.run(SetLevel(level=12))
    night.run(HandForHand(on=True))
    night.run(Bust(players=("Player A07",)))
    night.run(HandForHandHand())
    night.run(NextLevel())
    view = clock_view(night.state, night.now)
    assert view is not None
    assert view.on_break
    assert view.color_up == (100,)
    during = night.run(Bust(players=("Player A17",)))[0].event
    assert isinstance(during, PlayersBusted)
    assert during.hand is None
    night.run(ColorUp(stacks=(), table="1"))
    before = len(night.records)
    with pytest.raises(RuleViolation, match=r"Player A08.*coloured up.*break.*FOX-STR-W"):
        night.run(Bust(players=("Player A08",)))
    assert len(night.records) == before
    night.later(20)  # the break is over
    after = night.run(Bust(players=("Player A18",)))[0].event
    assert isinstance(after, PlayersBusted)
    assert after.hand == "HFH-2"
    places = _places(night)
    assert places["Player A07"] == (8,)
    assert places["Player A17"] == (7,)
    assert places["Player A18"] == (6,)


def test_B10_the_banner_goes_once_the_night_is_finished() -> None:
    """ "HAND FOR HAND" stayed on the console after "Finished · winner": the hand-for-hand
    read model says off once one player is left and the night is over."""
    night = _two_tables()
    _bust(night, *T1[:9], *T2[:8])  # A10, A19, A20 left: in the money
    night.run(CloseRegistration())
    night.run(HandForHand(on=True))
    assert hand_for_hand_view(night.state, night.now).on
    assert "end hand-for-hand" in hand_for_hand_view(night.state, night.now).note
    _bust(night, "Player A19", "Player A20")
    finished = hand_for_hand_view(night.state, night.now)
    assert not finished.on
    assert finished.note == ""


def test_B10_a_satellite_ends_hand_for_hand_when_the_seats_are_reached() -> None:
    """A satellite's bubble is its seats: the pool buys four seats (the cash table would
    pay three places). Six left, hand-for-hand on; one out at table 1 (five left, both
    tables report: it goes on); one out at table 2 (four left, four seats): the hand ends
    hand-for-hand once both tables have finished it."""
    night = _two_tables()
    night.run(SetSatellite(target_event="main", seat_value_cents=pool(night.state).net // 4))
    _bust(night, *T1[:7], *T2[:7])  # A08-A10 and A18-A20 left
    night.run(HandForHand(on=True))
    _bust(night, "Player A08")
    night.run(HandForHandHand())
    assert _hand_for_hand_on(night)
    _bust(night, "Player A18")
    assert hand_for_hand_view(night.state, night.now).bubble_burst
    night.run(TableHandFinished(table="1"))
    ended = night.run(TableHandFinished(table="2"))[-1].event
    assert ended.describe() == (
        "Hand-for-hand ended by itself: the bubble burst (4 players left, 4 seats)"
    )


def test_B10_hfh_ends_at_floor_leaves_it_to_the_floor_and_the_console_asks() -> None:
    """A profile with ``hfh_ends_at = "floor"``: the hand that burst the bubble finishes and
    hand-for-hand stays on; the console asks the floor to end it."""
    profile = load_profile("foxwoods").replace(hfh_ends_at=HandForHandEnd.FLOOR)
    night = _two_tables(profile=profile)
    _bust(night, *T1[:7], *T2[:9])  # A08-A10 and A20 left: four, three paid
    night.run(HandForHand(on=True))
    _bust(night, "Player A08")
    assert hand_for_hand_view(night.state, night.now).note.startswith(
        "The bubble burst: end hand-for-hand once every table has finished this hand"
    )
    records = night.run(HandForHandHand())
    assert not any(isinstance(r.event, HandForHandEnded) for r in records)
    assert _hand_for_hand_on(night)
    asked = hand_for_hand_view(night.state, night.now)
    assert asked.end_now
    assert asked.note == "In the money (3 left, 3 paid): end hand-for-hand."


def test_B2_B10_a_break_called_during_an_open_hand_keeps_its_busts_together() -> None:
    """The floor moves the clock to the break while hand-for-hand hand 1 is still being
    played at table 2 (table 1 has reported, A07 is out). A17, out at table 2 in that hand,
    is recorded during the break: he is in hand 1 with A07 (G3), not a hand of his own
    ranked above a later bust of the same hand."""
    night = _two_tables("fox_wed_80")
    _bust(night, *T1[:6], *T2[:6])
    night.run(SetLevel(level=12))
    night.run(HandForHand(on=True))
    night.run(Bust(players=("Player A07",), start_stacks=(9000,)))
    night.run(TableHandFinished(table="1"))
    night.run(NextLevel())
    late = night.run(Bust(players=("Player A17",), start_stacks=(9000,)))[0].event
    assert isinstance(late, PlayersBusted)
    assert late.hand == "HFH-1"
    assert _places(night)["Player A17"] == _places(night)["Player A07"] == (7, 8)
