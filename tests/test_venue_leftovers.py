"""Conformance leftovers of issue 13: New Jersey's regulatory limits (H13), Foxwoods' prize
claims (H11) and forfeit request (A11, rule 72), and The Nuts' dead-hand policy (L11).

Each test cites the venue rule IDs it asserts. The seed texts decide what a sub-item says
where the catalogue does not: Foxwoods' "General Payout" items 1 and 2 are printed as two
numbers followed by two sentences (item 1: ID and social security number, prizes not
transferable; item 2: vouchers expire after 120 days), and rule 72's letters A, B, C are
followed by three sentences (A: only at the designated time; B: the player tells the
dealer; C: once the new level starts after registration closed, the right is gone).
"""

from __future__ import annotations

import random
from datetime import UTC, date, datetime, timedelta

import pytest
from floor_helpers import Night

from pokertd.app.tournaments import TournamentService
from pokertd.cards.deck import Deck
from pokertd.engine import Check, Fold, Legal
from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.rules import ClockExpiry, load_profile
from pokertd.rules.enums import PostedRuleField
from pokertd.sim.bots import clock_expired
from pokertd.store import open_store
from pokertd.tournament.clock import NextLevel, PauseClock, ResumeClock, SetLevel, StartClock
from pokertd.tournament.clock.shot_clock import expiry_action
from pokertd.tournament.entries import CreateTournament, Forfeit, Reenter, Register
from pokertd.tournament.prizes import PostPayoutSchedule
from pokertd.tournament.prizes.payouts import claim_flags
from pokertd.tournament.templates import load_template

# --- H13: New Jersey's regulatory limits -------------------------------------------------


def test_NJ_42_a_seventh_tournament_in_a_calendar_year_is_refused() -> None:
    """NJ-42: no organisation runs more than six tournaments a calendar year. The store is
    the organisation's: six New Jersey events in 2026 are created, the seventh is refused
    with the venue's rule and nothing is stored; another venue's event is not counted and
    the cap starts again on 1 January."""
    now = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)
    service = TournamentService(open_store("sqlite:///:memory:"), now=lambda: now)
    nj = load_template("nj_fundraiser")
    service.create(CreateTournament(name="Kojack Friday", template=load_template("kpc_nlh")))
    for month in range(6):
        now = datetime(2026, 3 + month, 1, 19, 0, tzinfo=UTC)
        service.create(CreateTournament(name=f"Fundraiser {month + 1}", template=nj))
    now = datetime(2026, 12, 31, 19, 0, tzinfo=UTC)
    with pytest.raises(RuleViolation) as refused:
        service.create(CreateTournament(name="Fundraiser 7", template=nj))
    assert "NJ-42" in refused.value.rule_ids
    assert all(r.startswith("NJ-") for r in refused.value.rule_ids)
    assert "already run 6 tournaments in 2026" in str(refused.value)
    assert refused.value.context == {"held": 6, "cap": 6, "year": 2026}
    assert len(service.tournaments()) == 7
    service.create(CreateTournament(name="Kojack Saturday", template=load_template("kpc_nlh")))
    now = datetime(2027, 1, 1, 19, 0, tzinfo=UTC)
    service.create(CreateTournament(name="Fundraiser 2027", template=nj))
    assert len(service.tournaments()) == 9


def test_NJ_42_the_cap_comes_from_the_profile() -> None:
    """NJ-42 through the profile: a copy with ``max_events_per_org_per_year = 1`` refuses the
    second event; the TDA profile sets no cap."""
    now = datetime(2026, 5, 1, 19, 0, tzinfo=UTC)
    service = TournamentService(open_store("sqlite:///:memory:"), now=lambda: now)
    one = load_profile("nj_fundraiser").replace(max_events_per_org_per_year=1)
    nj = load_template("nj_fundraiser")
    service.create(CreateTournament(name="First", template=nj, profile=one))
    with pytest.raises(RuleViolation):
        service.create(CreateTournament(name="Second", template=nj, profile=one))
    assert load_profile("tda").max_events_per_org_per_year is None
    for n in range(8):
        now += timedelta(days=1)
        service.create(CreateTournament(name=f"TDA {n}", template=load_template("fox_wed_80")))


def test_NJ_44_rules_posted_before_play() -> None:
    """NJ-44 (and NJ-44d): the posted rules must state the buy-in and chips, rebuy terms, the
    end, blinds, the three-raise limit and the prize schedule (the profile lists exactly
    these); the clock will not start until the prize schedule is posted."""
    nj = load_profile("nj_fundraiser")
    assert set(nj.posted_rules_required_fields) == set(PostedRuleField)
    assert nj.raise_cap_nl_pl == 3
    assert load_profile("tda").posted_rules_required_fields == ()
    night = Night("nj_fundraiser")
    for i, name in enumerate(("Ann", "Bob")):
        night.run(Register(name=name, member=f"NJ{i}", age_ok=True))
    with pytest.raises(RuleViolation) as refused:
        night.run(StartClock())
    assert "NJ-44d" in refused.value.rule_ids
    night.run(PostPayoutSchedule())
    night.run(StartClock())


def test_NJ_Def10_NJ_4_the_equipment_is_a_standard_52_card_deck() -> None:
    """NJ-Def10, NJ-4: the game is played with a standard 52-card deck, no jokers: a
    shuffled deck holds 52 different cards, and a deck with a card twice is refused."""
    deck = Deck.shuffled(random.Random(3))
    order = deck.order
    assert len(order) == 52
    assert len(set(order)) == 52
    with pytest.raises(InvalidCommand, match="duplicate card"):
        Deck(["As", "As", *order[:50]])


# --- H11: claiming prizes (Foxwoods) -----------------------------------------------------


def test_FOX_PAY1_a_winner_shows_id_and_ssn_and_the_prize_is_not_transferable() -> None:
    """FOX-PAY1 (payout policy item 1, read from the seed): a winner needs a valid ID and a
    social security number, and prizes are non-transferable; the receipt says both, citing
    Foxwoods' claim rules. TDA events print neither."""
    fox = load_profile("foxwoods")
    flags = claim_flags(42_098, profile=fox, won_on=date(2026, 11, 25))
    assert flags.id_required
    assert not flags.transferable
    notes = flags.notes(fox)
    assert "Valid photo ID and social security number required. (FOX-PAY2, FOX-PAY1)" in notes
    assert "Prize not transferable. (FOX-PAY2, FOX-PAY1)" in notes
    tda = load_profile("tda")
    assert claim_flags(42_098, profile=tda, won_on=date(2026, 11, 25)).notes(tda) == []


# --- A11: rule 72, requesting to forfeit (Foxwoods) -----------------------------------------


def test_FOX_72C_forfeit_rights_end_when_the_next_level_starts() -> None:
    """FOX-72C: once the new level has started with registration closed, the player has lost
    the right to forfeit -- even with the clock stopped again. Wednesday $80: registration
    closes after level 6; at its end, clock stopped, A forfeits 3,100 and re-enters; in
    level 7, clock running or stopped, B is refused."""
    night = Night("fox_wed_80")
    for i, name in enumerate("ABC"):
        night.run(Register(name=name, member=f"F{i}", age_ok=True))
    night.run(StartClock())
    night.run(SetLevel(level=6))
    night.later(19)
    night.run(PauseClock(reason="forfeits"))
    night.run(Forfeit(player="A", chips=3100))
    night.run(Reenter(player="A"))
    night.run(NextLevel())  # level 7, the clock still stopped
    for then in (ResumeClock(), PauseClock(reason="a question")):
        with pytest.raises(RuleViolation) as refused:
            night.run(Forfeit(player="B", chips=2500))
        assert "FOX-72C" in refused.value.rule_ids
        assert all(r.startswith("FOX-") for r in refused.value.rule_ids)
        night.run(then)


# --- L11: dead hands (The Nuts) --------------------------------------------------------------


def _legal(call_amount: int) -> Legal:
    return Legal(
        seat=0,
        can_fold=True,
        can_check=call_amount == 0,
        call_amount=call_amount,
        can_raise=True,
        is_bet=call_amount == 0,
        min_raise_to=400,
        max_raise_to=10_000,
        full_raise_to=400,
        all_in_to=10_000,
        current_bet=call_amount,
        stack=10_000,
        bet=0,
    )


def test_TNPL_I3iii_a_clock_countdown_is_one_of_the_few_dead_hands() -> None:
    """TNPL-I3iii: a hand is ruled dead only in specific cases, one being a called clock that
    runs out: under TNPL the hand is dead whether or not the player faces a bet (TNPL-D6),
    where Spotlight checks a player who faces none. Other cases are a penalty (the floor's,
    ``pokertd penalty``), so the profile prefers penalties to dead hands."""
    tnpl, spot = load_profile("tnpl"), load_profile("spotlight")
    assert expiry_action(tnpl, facing_bet=True) is ClockExpiry.DEAD
    assert expiry_action(tnpl, facing_bet=False) is ClockExpiry.DEAD
    assert isinstance(clock_expired(tnpl, _legal(0)), Fold)
    assert isinstance(clock_expired(spot, _legal(0)), Check)
    assert isinstance(clock_expired(spot, _legal(200)), Fold)
    assert tnpl.dead_hand_policy.value == "restrictive_prefer_penalty"
