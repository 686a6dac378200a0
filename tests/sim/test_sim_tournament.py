"""Whole simulated tournaments: invariants, replay, and the rules the simulator drives."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from collections import defaultdict
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokertd.engine import Check, Fold, Hand
from pokertd.rules import load_profile
from pokertd.sim import HandRecord, SimConfig, SimReport, simulate
from pokertd.sim.tournament import EPOCH, TournamentSim, _TableTime, clock_expired
from pokertd.tournament.clock import rules as clk
from pokertd.tournament.prizes.payouts import payouts, prize_pool

PROFILES = ("tda", "foxwoods", "kojack", "tnpl", "nj_fundraiser", "spotlight")
STRUCTURES = ("fox_grinder", "fox_sst", "kpc_nlh", "tnpl_nlh", "nj_fundraiser", "spot_league")


class Recorder:
    """Collects every hand and checks the per-hand invariants as they happen."""

    def __init__(self) -> None:
        self.hands: list[HandRecord] = []

    def __call__(self, record: HandRecord) -> None:
        result = record.result
        start = [s for s in result.start_stacks if s is not None]
        final = [s for s in result.final_stacks if s is not None]
        assert sum(start) == sum(final), "chips conserved in every hand"
        assert min(final) >= 0, "no stack ever negative"
        seated = [p for p in record.players if p is not None]
        assert len(seated) == len(set(seated)), "every seat held by one player"
        self.hands.append(record)


def check_report(report: SimReport, config: SimConfig, rec: Recorder) -> None:
    """The tournament-wide invariants."""
    names = [f.player for f in report.finishing]
    assert len(names) == config.players
    assert len(set(names)) == config.players, "the finishing order is a permutation"
    assert [f.player for f in report.finishing if f.place == 1] == [report.winner]
    assert report.finishing[0].places == (1,), "one winner"
    assert sum(f.prize for f in report.finishing) == report.prize_pool, "payouts sum to pool"
    assert sum(p.amount for p in report.prizes) == report.prize_pool
    race = sum(c.chips_after - c.chips_before for c in report.colour_ups)
    assert report.chips_end == report.chips_start + race, "chips conserved but for races"
    assert report.chips_start == config.players * report.starting_stack
    if config.bounty_kind != "none":
        assert report.bounty_total == config.players * config.bounty
    assert report.hands == len(rec.hands)
    # Same-hand busts are ranked by their stacks at the start of the hand (G3).
    place_of = {f.player: f.place for f in report.finishing}
    # During hand-for-hand the busts of one round at every table are the same hand.
    by_group: dict[tuple[bool, int], list[tuple[int, str]]] = defaultdict(list)
    for h in rec.hands:
        key = (True, h.at) if h.hand_for_hand else (False, h.hand_number)
        for e in h.result.eliminated:
            player = h.players[e.seat]
            assert player is not None
            by_group[key].append((e.start_stack, player))
    for busts in by_group.values():
        for stack_a, a in busts:
            for stack_b, b in busts:
                if stack_a > stack_b:
                    assert place_of[a] < place_of[b]
                elif stack_a == stack_b:
                    assert place_of[a] == place_of[b]
    # The bubble bursts once, when the field first fits the paid places (none if all paid).
    if config.players <= report.paid_places:
        assert report.bubble is None
    else:
        assert report.bubble is not None
        assert report.bubble.players_left <= report.paid_places
        assert sum(1 for f in report.finishing if f.prize > 0) >= report.bubble.players_left
    winner = report.finishing[0]
    assert winner.hand is None


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 30),
    seed=st.integers(0, 2**16),
    profile=st.sampled_from(PROFILES),
    structure=st.sampled_from(STRUCTURES),
    seats=st.integers(2, 10),
    bots=st.sampled_from(("tag", "random", "mix")),
    bounty_kind=st.sampled_from(("none", "fixed", "pko")),
)
def test_invariants_on_small_fields(
    players: int,
    seed: int,
    profile: str,
    structure: str,
    seats: int,
    bots: str,
    bounty_kind: str,
) -> None:
    """Chips conserved in every hand and overall (except colour-ups, by exactly what the
    race says), no negative stack, one player per seat, the finishing order a permutation
    with one winner, payouts summing to the pool, bounties to the bounty fees."""
    config = SimConfig(
        players=players,
        structure=structure,
        profile=profile,
        seats=seats,
        seed=seed,
        bots=bots,
        bounty=1000 if bounty_kind != "none" else 0,
        bounty_kind=bounty_kind,
        tank_probability=0.02,
        check=True,
    )
    rec = Recorder()
    report = simulate(config, rec)
    check_report(report, config, rec)


def test_same_seed_replays_the_same_tournament() -> None:
    """Determinism: one seed, one tournament (every random draw comes from the seed)."""
    config = SimConfig(
        players=40,
        profile="foxwoods",
        seed=7,
        bots="mix",
        bounty=500,
        bounty_kind="pko",
        tank_probability=0.01,
    )
    first = simulate(config)
    assert simulate(config) == first
    other = simulate(SimConfig(players=40, profile="foxwoods", seed=8, bots="mix"))
    assert other.finishing != first.finishing


def test_replay_is_independent_of_the_hash_seed() -> None:
    """The same seed gives the same tournament in another process (string hashing differs)."""
    code = (
        "import json;from pokertd.sim import SimConfig, simulate;"
        "from pokertd.codec import to_json;"
        "print(json.dumps(to_json(simulate(SimConfig(players=25, seed=3, seats=6)))))"
    )
    outputs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", code],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            cwd=Path(__file__).resolve().parents[2],
        )
        outputs.append(json.loads(out.stdout))
    assert outputs[0] == outputs[1]


def test_report_for_structure_design() -> None:
    """The report answers "how long will it run, when is the bubble": levels, players left,
    average stack in big blinds, hands, the bubble and the final table."""
    report = simulate(SimConfig(players=60, profile="foxwoods", seed=2))
    fox = load_profile("foxwoods")
    expected = payouts(60, prize_pool(60 * 10_000, profile=fox).net, profile=fox)
    assert report.prizes == expected  # FOX-PTAB's band for 60 entries, 3 % withheld
    assert report.paid_places == len(expected)
    assert report.bubble is not None
    assert report.bubble.players_left <= report.paid_places
    assert report.final_table_at is not None
    assert report.levels[0].level == 1
    assert report.levels[0].players_left == 60
    assert report.levels[0].average_stack == report.starting_stack
    assert report.levels[0].average_stack_bb == report.starting_stack / 100
    assert [r.level for r in report.levels] == sorted(r.level for r in report.levels)
    assert sum(r.hands for r in report.levels) == report.hands
    assert report.duration > 0
    assert report.hands_per_hour > 0
    left = [r.players_left for r in report.levels]
    assert left == sorted(left, reverse=True)


def test_FOX_23A_dealer_push_grace_hand_only_where_the_profile_says() -> None:
    """B8 (FOX-23A/B): a hand finished before zero is followed by one more hand at the old
    level at Foxwoods; under the TDA default the new level applies at once."""
    fox = simulate(SimConfig(players=60, profile="foxwoods", seed=4))
    tda = simulate(SimConfig(players=60, profile="tda", seed=4))
    assert fox.grace_hands > 0
    assert tda.grace_hands == 0


@pytest.mark.parametrize(("profile", "expected"), [("foxwoods", 1), ("tda", 2)])
def test_FOX_23A_grace_hand_matches_the_clock_module(profile: str, expected: int) -> None:
    """The simulator's level choice after a push agrees with ``clock.level_for_hand``:
    level 1 of the grinder ends at 15:00; the last hand ended at 14:50 and the new dealer
    deals at 15:30 -> Foxwoods level 1 (case A), TDA level 2."""
    sim = TournamentSim(SimConfig(players=20, profile=profile, seed=1))
    table = _TableTime(0)
    table.grace_from = 890
    level = sim._hand_level(table, 930)
    reference = clk.level_for_hand(
        sim.clock,
        EPOCH + timedelta(seconds=930),
        sim.profile,
        previous_hand_finished_at=EPOCH + timedelta(seconds=890),
        dealer_pushed=True,
    )
    assert level.number == reference.number == expected
    # Case B: the last hand ended after zero -> the new level for both.
    table.grace_from = 905
    assert sim._hand_level(table, 965).number == 2


def test_FOX_HFH_every_table_deals_together_and_the_clock_loses_two_minutes() -> None:
    """B10: during hand-for-hand every table deals each hand at the same moment, no table
    deals hand n+1 before all have finished hand n, and the clock is charged one
    deduction per round plus one for the hands under way at the announcement."""
    rec = Recorder()
    config = SimConfig(players=60, profile="foxwoods", seed=5, check=True)
    sim = TournamentSim(config, rec)
    report = sim.run()
    hfh = [h for h in rec.hands if h.hand_for_hand]
    assert hfh, "hand-for-hand was played"
    assert report.hand_for_hand_hands == len(hfh)
    rounds: dict[int, list[HandRecord]] = defaultdict(list)
    for h in hfh:
        rounds[h.at].append(h)
    starts = sorted(rounds)
    for first, second in itertools.pairwise(starts):
        assert second >= max(h.end for h in rounds[first])
    for group in rounds.values():
        assert len({h.table for h in group}) == len(group) >= 2
    assert sim.clock.hfh_hands == len(rounds) + 1


def test_FOX_HFH_deduction_that_ends_a_level_before_a_break() -> None:
    """B10 + B2: a hand-for-hand deduction that takes the clock to zero before a break
    starts the break, which runs in real time; no hand is dealt during it."""
    rec = Recorder()
    config = SimConfig(players=100, profile="foxwoods", seed=1, bounty=1000, bounty_kind="pko")
    report = simulate(config, rec)
    check_report(report, config, rec)
    assert report.hand_for_hand_hands > 0


def test_KPC_53_big_blind_ante_cut_to_the_small_blind_at_five_players() -> None:
    """B6: at Kojack the big-blind ante becomes the small blind once five or fewer players
    remain; at Foxwoods it never changes (FOX-11B)."""
    rec = Recorder()
    simulate(SimConfig(players=20, profile="kojack", structure="kpc_nlh", seed=3), rec)
    late = [h for h in rec.hands if h.players_left <= 5 and h.level.ante]
    early = [h for h in rec.hands if h.players_left > 5 and h.level.ante]
    assert late
    assert early
    assert all(h.level.ante <= h.level.small_blind for h in late)
    assert any(h.level.ante == h.level.big_blind for h in early)
    rec = Recorder()
    simulate(SimConfig(players=20, profile="foxwoods", seed=3), rec)
    late = [h for h in rec.hands if h.players_left <= 5 and h.level.ante]
    assert late
    assert all(h.level.ante == h.level.big_blind for h in late)


def test_B11_colour_ups_change_chips_exactly_as_the_race_says() -> None:
    """Foxwoods races off the 100s after level 12 (FOX-24A..C): the total changes only by
    the chips the race awards; Spotlight rounds up (SPOT-6.4): the total never falls."""
    fox = simulate(SimConfig(players=80, profile="foxwoods", seed=6, check=True))
    assert [c.removed for c in fox.colour_ups][:1] == [(100,)]
    assert all(c.method == "race" for c in fox.colour_ups)
    spot = simulate(
        SimConfig(players=40, profile="spotlight", structure="spot_league", seed=6, check=True)
    )
    assert spot.colour_ups
    assert all(c.method == "round_up" for c in spot.colour_ups)
    assert all(c.chips_after >= c.chips_before for c in spot.colour_ups)


@pytest.mark.parametrize(
    ("profile", "facing", "expected"),
    [
        ("tda", True, Fold),
        ("tda", False, Check),
        ("foxwoods", False, Check),
        ("kojack", False, Check),
        ("tnpl", False, Fold),
        ("tnpl", True, Fold),
    ],
)
def test_B15_called_clock_expiry(profile: str, facing: bool, expected: type) -> None:
    """KPC-20, FOX-29: when the clock runs out the hand is dead facing a bet, checked
    otherwise; TNPL-D6: dead in both cases."""
    import random

    hand = Hand.start(
        stacks=[5000, 5000],
        button=0,
        small_blind_seat=0,
        big_blind_seat=1,
        small_blind=50,
        big_blind=100,
        profile=load_profile(profile),
        rng=random.Random(1),
    )
    if not facing:
        from pokertd.engine import Call

        hand.act(Call())  # the small blind completes; the big blind may check
    legal = hand.legal()
    assert (legal.call_amount > 0) is facing
    assert isinstance(clock_expired(load_profile(profile), legal), expected)


def test_called_clocks_cost_time() -> None:
    """Clocks called on tanking bots lengthen the event by the shot-clock time."""
    quick = simulate(SimConfig(players=30, seed=9))
    slow = simulate(SimConfig(players=30, seed=9, tank_probability=0.05))
    assert quick.clocks_called == 0
    assert slow.clocks_called > 0


def test_bounties_from_the_hand_results() -> None:
    """I3/I4: fixed bounties and PKO are paid from the pots that eliminated players; the
    bounty cash paid out equals the bounty fees collected (the winner keeps his own)."""
    fixed = simulate(SimConfig(players=30, seed=2, bounty=2000, bounty_kind="fixed"))
    assert fixed.bounty_total == 30 * 2000
    assert sum(f.bounty for f in fixed.finishing) == 30 * 2000
    pko = simulate(SimConfig(players=30, seed=2, bounty=2000, bounty_kind="pko"))
    assert sum(f.bounty for f in pko.finishing) == 30 * 2000
    assert max(f.bounty for f in pko.finishing) > 2000 * 5 // 2


def test_foxwoods_payout_table_falls_back_above_its_last_band() -> None:
    """FOX-PTAB stops at 505 entries: the simulation says so and pays the generic curve."""
    sim = TournamentSim(SimConfig(players=600, profile="foxwoods", seed=1))
    assert sim.payout_table == "generic"
    assert sim.notes


def test_bad_configuration_is_refused() -> None:
    from pokertd.errors import InvalidCommand

    with pytest.raises(InvalidCommand):
        simulate(SimConfig(players=1))
    with pytest.raises(InvalidCommand):
        simulate(SimConfig(players=10, bots="sharks"))
    with pytest.raises(InvalidCommand):
        simulate(SimConfig(players=10, bounty_kind="mystery"))


@pytest.mark.slow
def test_a_thousand_player_event_to_the_end() -> None:
    """A 1,000-player Foxwoods grinder simulated hand by hand to one winner."""
    config = SimConfig(
        players=1000, profile="foxwoods", seed=11, bounty=1000, bounty_kind="pko", check=True
    )
    rec = Recorder()
    report = simulate(config, rec)
    check_report(report, config, rec)
    assert report.bubble is not None


def test_odd_chip_split_leaves_a_tied_player_with_nothing() -> None:
    """F5 + I3: a 100 pot split two ways with 100 chips the smallest: one winner gets it,
    the other is out with 0 -- eliminated by the player who was paid, not by himself."""
    rec = Recorder()
    config = SimConfig(
        players=9,
        structure="fox_sng",
        profile="kojack",
        seats=5,
        seed=399253,
        bots="mix",
        bounty=500,
        bounty_kind="pko",
        check=True,
    )
    report = simulate(config, rec)
    check_report(report, config, rec)
    odd = [
        h
        for h in rec.hands
        if h.result.eliminated and any(a == 0 for p in h.result.pots for _, a in p.awards)
    ]
    assert odd
    for h in odd:
        for e in h.result.eliminated:
            player = h.players[e.seat]
            assert player is not None
            finish = next(f for f in report.finishing if f.player == player)
            assert player not in finish.eliminated_by


def test_D4_moved_players_wait_between_the_small_blind_and_the_button() -> None:
    """KPC-8e, FOX-7, FOX-9: a player moved into a seat between the small blind and the
    button is not dealt in until the button passes; everybody else is dealt in."""
    rec = Recorder()
    simulate(SimConfig(players=120, profile="foxwoods", seed=3, check=True), rec)
    last_at_table: dict[int, HandRecord] = {}
    waited = 0
    for h in rec.hands:
        dealt = {s for s, st in enumerate(h.result.start_stacks) if st is not None}
        seated = {s for s, p in enumerate(h.players) if p is not None}
        not_dealt = seated - dealt
        assert not_dealt == {s for s in seated if h.positions.waiting >> s & 1}
        previous = last_at_table.get(h.table)
        for s in not_dealt:
            waited += 1
            # only a newcomer waits: he was not in this seat at the table's last hand
            assert (
                previous is None
                or previous.players[s] != h.players[s]
                or (previous.positions.waiting >> s & 1)
            )
        last_at_table[h.table] = h
    assert waited > 0


def test_B11_raced_out_without_protection_is_a_bust() -> None:
    """KPC-14D/FOX-24C protect a player from being raced out; a profile without
    ``race_out_protection`` lets the race take his last chips, and he is out."""
    from dataclasses import replace

    bare = replace(load_profile("tda"), race_out_protection=False)
    sim = TournamentSim(SimConfig(players=12, profile=bare, seed=1, check=True))
    first = sorted(sim.chips)[0]
    sim.chips[first] = 100  # one 100 chip: the odd total makes no new 500
    sim.chips[sorted(sim.chips)[1]] += sim.stack - 100
    assert sim._colour_ups_due(13, 11_000)
    assert sim.chips[first] == 0
    assert sim.players_left == 11
    assert first not in sim.seating.where
    report = sim.run()
    assert len(report.finishing) == 12
    assert report.finishing[-1].player == first
    race = sum(c.chips_after - c.chips_before for c in report.colour_ups)
    assert report.chips_end == report.chips_start + race


@pytest.mark.parametrize(("profile", "size"), [("foxwoods", 10), ("kojack", 9), ("tnpl", 10)])
def test_C9_final_table_forms_at_the_profile_size(profile: str, size: int) -> None:
    """KPC-9: the final table is a full table (9-max -> 9); TNPL-B4, FOX-11A: one more than
    a table, at most 10 (9-max -> 10). Every later hand is dealt at that one table."""
    rec = Recorder()
    report = simulate(SimConfig(players=40, profile=profile, seed=2, check=True), rec)
    assert report.final_table_at is not None
    later = [h for h in rec.hands if h.at >= report.final_table_at]
    assert len({h.table for h in later}) == 1
    first = later[0]
    assert first.players_left <= size
    assert len(first.players) == size  # the final table's seats
