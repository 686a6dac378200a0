"""Conformance, catalogue section 2(a): registration and entries, with the catalogue's numbers.

Each test cites the venue rule IDs it asserts (docstring or name), so
``scripts/conformance.py`` counts them implemented. Also the issue-13 defects of this
section: a re-entry waits behind the alternates (KPC-6f), Foxwoods forfeits only with the
clock stopped or on the break (FOX-FORF2, FOX-72A), and the tournament high hand (FOX-HH).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from floor_helpers import Night, clock_at

from pokertd.errors import InvalidCommand, NotFound, PermissionDenied, RuleViolation
from pokertd.roles import Role
from pokertd.store.snapshot import decode_snapshot, encode_snapshot
from pokertd.tournament.clock import NextLevel, PauseClock, SetLevel, StartClock
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import (
    EntryKind,
    EntryStatus,
    Forfeit,
    Rebuy,
    RecordChips,
    Reenter,
    Register,
    Roster,
    find_player,
)
from pokertd.tournament.permissions import required_role
from pokertd.tournament.prizes import (
    PayHighHand,
    PrizeBook,
    RecordHighHand,
    high_hand_view,
    prize_table,
)
from pokertd.tournament.seating import DrawSeats, SeatPlayer
from pokertd.tournament.templates import Fees, RebuyTerms, load_template
from pokertd.tournament.views import players


def _refused(night: Night, command: object, error: type[Exception], match: str) -> str:
    """The command is refused, the log unchanged; returns the refusal's text."""
    before = [r.seq for r in night.records]
    with pytest.raises(error, match=match) as refused:
        night.run(command)  # type: ignore[arg-type]
    assert [r.seq for r in night.records] == before
    return str(refused.value)


def _spot(night: Night, *names: str) -> None:
    for name in names:
        night.run(Register(name=name, age_ok=True, member_ok=True))


# -- A2 how and when players register ----------------------------------------------------


def test_SPOT_2c1_SPOT_6_1_sign_in_in_person_only() -> None:
    """SPOT-2c1, SPOT-6.1: a player must be present to sign in (no remote or proxy
    sign-in), and only a signed-in player can be given a seat."""
    night = Night("spot_league")
    text = _refused(
        night,
        Register(name="Phone", age_ok=True, member_ok=True, remote=True),
        RuleViolation,
        "in person",
    )
    assert "SPOT-2c1" in text
    assert "FOX" not in text
    _spot(night, "Ann")
    _refused(night, SeatPlayer(player="Nobody", table=1, seat=1), NotFound, "Nobody")


def test_SPOT_2b1_nobody_is_seated_without_the_floor() -> None:
    """SPOT-2b1: nobody takes a seat without the TD's permission: seating and drawing
    seats are floor commands that a dealer or the public cannot give."""
    assert required_role(SeatPlayer) is Role.FLOOR
    assert required_role(DrawSeats) is Role.FLOOR
    night = Night("spot_league")
    _spot(night, "Ann", "Bob")
    with pytest.raises(PermissionDenied):
        night.service.run(night.tid, DrawSeats(), actor="dealer", role="dealer")


def test_FOX_REG6_the_house_may_cap_the_field() -> None:
    """FOX-REG6 (A2 ``field_cap``): with the field capped at 3 entries the 4th is refused,
    citing Foxwoods' registration policy."""
    night = Night(replace(load_template("fox_grinder"), field_cap=3))
    night.register("A", "B", "C")
    text = _refused(
        night, Register(name="D", member="4", age_ok=True), RuleViolation, "capped at 3"
    )
    assert "FOX-REG6" in text
    assert night.state.part(Roster).entry_count == 3


# -- A3 / A6 same stack for everyone -----------------------------------------------------


def test_NJ_2_same_buy_in_same_chips_no_bonus() -> None:
    """NJ-2 (A3, A6): every player pays the same buy-in for the same chips — no early
    bonus, no late reduction, no staff-set stacks."""
    night = Night("nj_fundraiser")
    night.register("Early")
    night.later(45)
    with clock_at(2):
        night.register("Late")
    roster = night.state.part(Roster)
    assert [e.issued for e in roster.entries.values()] == [5000, 5000]
    assert {p.fees.total for p in roster.purchases} == {roster.purchases[0].fees.total}
    text = _refused(night, Register(name="Pal", stack=9000), RuleViolation, "same 5,000 chips")
    assert "NJ-2" in text


# -- A7 registered but absent ------------------------------------------------------------


def test_TNPL_B2v_absent_players_stack_is_in_play_without_penalty() -> None:
    """TNPL-B2v, TNPL-B2iv (A7): a registered player's chips are in play from
    registration (12,000 with the early bonus), his empty seat is dealt in at the draw, and
    arriving late costs nothing beyond the blinds he posted: 12,000 - 200 = 11,800."""
    night = Night("tnpl_league")  # template: 20 % early bonus
    night.register("Here", "Absent")
    roster = night.state.part(Roster)
    absent = roster.entries[find_player(night.state, "Absent").entries[0]]
    assert absent.issued == 12000
    assert roster.chips_in_play == 24000
    night.run(DrawSeats())
    rows = {r.name: r for r in players(night.state)}
    assert rows["Absent"].seat is not None
    assert rows["Absent"].stack == 12000
    night.run(RecordChips(counts=(("Absent", 11800),), note="arrived after posting BB 200"))
    assert night.state.part(Roster).entries[absent.entry_id].stack == 11800
    assert night.state.part(Roster).chips_in_play == 24000  # nothing removed as a penalty


# -- A9 rebuys ---------------------------------------------------------------------------


def _kpc_rebuy_night() -> Night:
    terms = RebuyTerms(fees=Fees(prize_pool=2000), chips=5000)
    return Night(replace(load_template("kpc_nlh"), rebuy=terms))


def test_KPC_17_rebuy_announced_before_the_hand_plays_behind() -> None:
    """KPC-17, FOX-27 (A9): a player with 300 chips says "rebuy" before the shuffle: the
    purchase is recorded at once (he owes it whatever happens in the hand) and his stack
    for the hand is 300 + 5,000 = 5,300."""
    night = _kpc_rebuy_night()
    night.run(Register(name="Ann", member="1"))
    night.run(Register(name="Bob", member="2"))
    night.run(RecordChips(counts=(("Ann", 300),)))
    night.run(Rebuy(player="Ann", stack=300))
    roster = night.state.part(Roster)
    ann = roster.entries[find_player(night.state, "Ann").entries[0]]
    assert (ann.stack, ann.rebuys) == (5300, 1)
    assert [p.kind.value for p in roster.purchases][-1] == "rebuy"
    assert roster.purchases[-1].fees.total == 2000


def test_NJ_Def15_rebuy_buys_the_posted_chips_at_the_posted_price() -> None:
    """NJ-Def15, NJ-44b (A9): a rebuy is the purchase of the posted number of chips at the
    posted price, during the first hour; the 2nd rebuy at minute 61 is refused."""
    night = Night("nj_fundraiser")
    night.register("Ann", "Bob")
    with clock_at(2, play_minutes=30):
        night.run(Rebuy(player="Ann", stack=0))
    roster = night.state.part(Roster)
    ann = roster.entries["E1"]
    assert (ann.rebuys, ann.issued) == (1, 10000)
    with clock_at(4, play_minutes=61):
        text = _refused(night, Rebuy(player="Ann", stack=0), RuleViolation, "first 60 minutes")
    assert "NJ-Def15" in text


def test_TNPL_D5_rebuys_where_the_venue_offers_them() -> None:
    """TNPL-D5 (A9): a TNPL venue may offer rebuys (where lawful); SPOT never does."""
    terms = RebuyTerms(fees=Fees(prize_pool=1000), chips=10000)
    night = Night(replace(load_template("tnpl_league"), rebuy=terms), early_bird_bonus_pct=0)
    night.register("Ann", "Bob")
    night.run(Rebuy(player="Ann"))
    assert night.state.part(Roster).entries["E1"].issued == 20000
    spot = Night("spot_league")
    _spot(spot, "Ann")
    _refused(spot, Rebuy(player="Ann", stack=0), RuleViolation, "no rebuys")


# -- A11 forfeits (defect: only with the clock stopped or on the break) -------------------


def test_FOX_72A_FOX_FORF3_forfeit_refused_while_the_closing_level_runs() -> None:
    """FOX-FORF2, FOX-FORF3, FOX-FORF5, FOX-72A (A11 example): Wednesday event, registration closes
    after level 6 (no break there). With level 6 running a forfeit is refused; at the end of
    level 6 the floor stops the clock and 3,100 chips are forfeited and leave play; once
    level 7 starts a further request is refused."""
    night = Night("fox_wed_80")
    night.register("A", "B", "C")
    night.run(StartClock())
    night.run(SetLevel(level=6))
    text = _refused(night, Forfeit(player="A", chips=3100), RuleViolation, "stop the clock")
    assert "FOX-72A" in text
    assert "KPC" not in text
    night.later(19)  # the end of level 6 (20-minute levels)
    night.run(PauseClock(reason="forfeits"))
    before = night.state.part(Roster).chips_in_play
    night.run(Forfeit(player="A", chips=3100))
    roster = night.state.part(Roster)
    assert roster.chips_in_play == before - 3100
    assert roster.entries["E1"].status is EntryStatus.FORFEITED
    night.run(Reenter(player="A"))
    assert night.state.part(Roster).entries["E4"].issued == 25000
    night.run(NextLevel())  # level 7 starts: forfeit rights are gone
    _refused(night, Forfeit(player="B", chips=2500), RuleViolation, "FOX-FORF")


def test_FOX_FORF2_forfeit_during_the_break_at_the_close() -> None:
    """FOX-FORF2, FOX-72A: in the break after the closing level a forfeit is taken (the
    clock of the break running); in the closing level with the clock running it is not.
    (C stays in: the last stack in play is never forfeited, G2.)"""
    night = Night("fox_wed_80")
    night.register("A", "B", "C")
    with clock_at(6):
        _refused(night, Forfeit(player="A", chips=3100), RuleViolation, "stop the clock")
    with clock_at(6, on_break=True, registration_open=False):
        night.run(Forfeit(player="A", chips=3100))
    with clock_at(6, running=False):
        night.run(Forfeit(player="B", chips=2000))


# -- A12 alternates (defect: a re-entry waits its turn) ----------------------------------


def test_KPC_6f_reentry_waits_behind_the_alternates() -> None:
    """KPC-6f: alternates are seated in list order as seats free up. With Seven waiting,
    busted Ann's re-entry may not take the freed seat; she joins the list behind Seven,
    Seven takes the seat, and Ann re-enters when the next seat frees."""
    night = Night("kpc_nlh", tables=1, seats_per_table=2)
    night.run(Register(name="Ann", member="1"))
    night.run(Register(name="Bob", member="2"))
    night.run(Register(name="Seven", member="7", alternate=True))
    night.run(Bust(players=("Ann",)))
    text = _refused(night, Reenter(player="Ann"), RuleViolation, r"Seven is next")
    assert "KPC-6f" in text
    night.run(Reenter(player="Ann", alternate=True))
    roster = night.state.part(Roster)
    assert [roster.players[p].name for p in roster.alternates] == ["Seven", "Ann"]
    _refused(night, Reenter(player="Ann"), RuleViolation, r"Seven is next")
    night.run(Register(name="Seven", member="7"))
    night.run(Bust(players=("Bob",)))
    night.run(Reenter(player="Ann"))
    roster = night.state.part(Roster)
    assert roster.alternates == []
    kinds = [(e.name, e.kind) for e in roster.entries.values() if e.status is EntryStatus.ALIVE]
    assert kinds == [("Seven", EntryKind.ALTERNATE), ("Ann", EntryKind.RE_ENTRY)]


def test_KPC_6f_reentry_with_a_free_seat_needs_no_list() -> None:
    """KPC-6f: nobody waiting and a seat free: the re-entry is seated; asking for the list
    then is refused (there is a seat)."""
    night = Night("kpc_nlh", tables=1, seats_per_table=3)
    night.run(Register(name="Ann", member="1"))
    night.run(Register(name="Bob", member="2"))
    night.run(Bust(players=("Ann",)))
    _refused(night, Reenter(player="Ann", alternate=True), InvalidCommand, "seat is free")
    night.run(Reenter(player="Ann"))


def test_TNPL_B2_no_routine_alternate_list() -> None:
    """TNPL-B2 (footnote **): TNPL keeps the alternate system for league use only, so a
    full TNPL field offers no alternate list (refused, citing TNPL's rule) where Kojack's
    does (KPC-6f)."""
    night = Night("tnpl_league", tables=1, seats_per_table=2)
    night.register("Ann", "Bob")
    text = _refused(night, Register(name="Cy", age_ok=True), RuleViolation, "no seat for Cy")
    assert "TNPL-B2" in text
    text = _refused(
        night, Register(name="Cy", age_ok=True, alternate=True), RuleViolation, "no alternate"
    )
    assert "TNPL-B2" in text
    assert "KPC" not in text


# -- A13 one stack per player ------------------------------------------------------------


@pytest.mark.parametrize(
    ("template", "cited"), [("nj_fundraiser", "NJ-7"), ("spot_league", "SPOT-2b7")]
)
def test_NJ_7_SPOT_2b7_one_player_one_stack(template: str, cited: str) -> None:
    """NJ-7, SPOT-2b7 (A13): a player plays one hand with his own stack: registering the
    same person again is refused (citing the venue's rule) and one seat holds him."""
    night = Night(template)
    night.run(Register(name="Ann", age_ok=True, member_ok=True))
    text = _refused(
        night, Register(name="ann", age_ok=True, member_ok=True), RuleViolation, "one stack"
    )
    assert cited in text
    assert len(night.state.part(Roster).alive()) == 1


# -- FOX-HH tournament high hand (defect: no command) -------------------------------------


def test_FOX_HH_flush_beats_trips_and_wins_the_full_price() -> None:
    """FOX-HH (H9 example): Grinder level 1, trips shown at 10:05 then a flush at 10:12:
    the flush holder wins the event's full price, $60 ($42 + $3 + $15)."""
    night = Night("fox_grinder")
    night.register("Ann", "Bob", "Cy")
    night.run(StartClock())
    night.later(5)
    night.run(RecordHighHand(player="Ann", cards="7s 7d 7c Kd 2h"))
    night.later(7)
    _refused(
        night, RecordHighHand(player="Cy", cards="Ks Kd 4c 4d 2s"), RuleViolation, "three of a"
    )
    night.run(RecordHighHand(player="Bob", cards="2h 5h 9h Jh Kh 3c 4d"))
    _refused(
        night, RecordHighHand(player="Cy", cards="As Ad Ac 3d 2s"), RuleViolation, "better hand"
    )
    _refused(night, PayHighHand(), RuleViolation, "Level 1 is still being played")
    night.later(3)  # 15-minute levels: level 2 now
    _refused(night, RecordHighHand(player="Cy", cards="Qs Qd Qc Qh 2s"), RuleViolation, "level 1")
    (record,) = night.run(PayHighHand())
    assert record.event.amounts == (6000,)  # type: ignore[attr-defined]
    assert record.event.names == ("Bob",)  # type: ignore[attr-defined]
    view = high_hand_view(night.state)
    assert view is not None
    assert view.paid == (("Bob", 6000),)
    shown = prize_table(night.state).high_hand
    assert shown is not None
    assert "Bob $60.00" in shown.line()
    _refused(night, PayHighHand(), RuleViolation, "already been paid")
    restored = decode_snapshot(night.tid, encode_snapshot(night.state)).part(PrizeBook)
    assert restored.high_hand_paid == {"E2": 6000}


def test_FOX_HH_bounty_event_pays_the_price_with_the_bounty_and_ties_split() -> None:
    """FOX-HH: $100 NLH Bounty -> $100 ($52 + $3 + $20 + $25 bounty); two equal flushes
    split it $50 / $50 (Appendix D #22)."""
    night = Night("fox_bounty_100")
    night.register("Ann", "Bob")
    night.run(StartClock())
    night.run(RecordHighHand(player="Ann", cards="2h 5h 9h Jh Kh"))
    night.run(RecordHighHand(player="Bob", cards="2d 5d 9d Jd Kd"))
    night.later(16)
    (record,) = night.run(PayHighHand())
    assert record.event.amounts == (5000, 5000)  # type: ignore[attr-defined]
    assert sum(record.event.amounts) == 10000  # type: ignore[attr-defined]


def test_FOX_HH_only_where_the_profile_runs_it() -> None:
    """FOX-HH is Foxwoods' promotion: under Kojack the command is refused; the floor
    records a hand, the director pays it."""
    night = Night("kpc_nlh")
    night.run(Register(name="Ann", member="1"))
    _refused(
        night, RecordHighHand(player="Ann", cards="As Ad Ac Kd 2h"), RuleViolation, "no tournament"
    )
    assert high_hand_view(night.state) is None
    assert required_role(RecordHighHand) is Role.FLOOR
    assert required_role(PayHighHand) is Role.DIRECTOR
