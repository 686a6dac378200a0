"""Simulated nights with a careless floor (issue 22, part 2).

The careless floor (``pokertd sim --floor careless``, :mod:`pokertd.sim.careless`) makes the
mistakes people make — hand-for-hand left on, started late or cut mid-hand (B10), the wrong
player busted and undone after later busts (G1), a plan confirmed from a stale screen
(C4-C10), double taps, a deal at 3 or 4 left (J1, J2), prizes paid as players finish (H2), a
bust recorded in the break (B2), registration closed early or late (A4) — while the night's
invariants are checked after every bust, deal, payment, undo and registration close: money
(H2, I6, J2), places (G2, G3), the end (G2) and seats (C1). Every profile plays its own
night (``tests/test_citations.py`` ``NIGHTS``) plus a re-entry and a bounty event; the NJ
night is the rebuy event.

The invariant checks are shown to fail on broken states (a payment forged into the log, a
tie across two hands, takings that do not match the sales, a refused command that wrote).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from pokertd.app.tournaments import TournamentService
from pokertd.sim import MISTAKE_KINDS, NightConfig, NightReport, simulate_night
from pokertd.sim.batch import simulate_nights, spread
from pokertd.sim.invariants import (
    SimulationError,
    Sold,
    check_end,
    check_money,
    check_paid_out,
    check_places,
    check_sold,
)
from pokertd.store import open_store
from pokertd.tournament.eliminations import Bust, PlayersBusted
from pokertd.tournament.entries import CloseRegistration, CreateTournament, Register, Roster
from pokertd.tournament.framework import (
    CommandRedone,
    CommandUndone,
    EventRecord,
    TournamentState,
)
from pokertd.tournament.prizes import BountyWinnersRecorded, PayPrize, PrizePaid, standings
from pokertd.tournament.templates import load_template

CARELESS_NIGHTS = (
    ("tda", "fox_wed_80"),
    ("foxwoods", "fox_wed_80"),
    ("kojack", "kpc_nlh"),
    ("tnpl", "tnpl_league"),
    ("nj_fundraiser", "nj_fundraiser"),  # the rebuy event
    ("spotlight", "spot_league"),
    ("foxwoods", "fox_120"),  # re-entry
    ("foxwoods", "fox_bounty_100"),  # bounties
)
"""Each profile's own night (test_citations' ``NIGHTS``), a re-entry and a bounty event."""

BIG_FIELDS = {
    "fox_wed_80": 100,
    "kpc_nlh": 54,
    "tnpl_league": 45,
    "nj_fundraiser": 100,
    "spot_league": 36,
    "fox_120": 100,
    "fox_bounty_100": 100,
}
"""The slow tier's fields: 100 where the room holds it (the bubble then comes before the
final table, in hand-for-hand, with tables broken on the way), else the room. The 200-night
figure of ``docs/simulation.md`` plays 30 entries (the quick tier's field)."""

SLOW_SEEDS = 3
"""Careless nights per template in the slow tier (seeds 1-3): about a minute in all on two
cores (CI's budget), the figure's 200 nights per profile being run by hand."""

SEEDS = (1, 2)


def _careless(profile: str, template: str, seed: int, **kw: object) -> NightReport:
    config = NightConfig(template=template, profile=profile, entries=30, seed=seed)
    return simulate_night(replace(config, floor="careless", **kw))  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def quick_nights() -> dict[tuple[str, str, int], NightReport]:
    """Two careless 30-player nights of every profile (a few seconds per profile)."""
    return {
        (profile, template, seed): _careless(profile, template, seed)
        for profile, template in CARELESS_NIGHTS
        for seed in SEEDS
    }


@pytest.mark.parametrize(("profile", "template"), CARELESS_NIGHTS)
def test_G2_H2_J2_careless_nights_of_every_profile_hold_every_invariant(
    quick_nights: dict[tuple[str, str, int], NightReport], profile: str, template: str
) -> None:
    """Each night plays to a winner through the floor's mistakes; the invariants were
    checked during the night and held (a broken one raises ``SimulationError``); the prizes
    are the pool to the cent and the report lists every kind of mistake."""
    for seed in SEEDS:
        report = quick_nights[(profile, template, seed)]
        assert report.floor == "careless"
        assert report.profile == profile
        assert [kind for kind, _ in report.mistakes] == [kind for kind, _ in MISTAKE_KINDS]
        assert sum(times for _, times in report.mistakes) > 0
        assert report.invariant_checks > 0
        assert report.players_left[-1][1] == 1
        assert len(report.checks) == 5
        assert report.checks[3].startswith("money: nobody paid more than owed (checked ")
        if report.prize_pool:
            assert sum(f.prize for f in report.finishing) == report.prize_pool


def test_the_careless_floor_makes_every_kind_of_mistake(
    quick_nights: dict[tuple[str, str, int], NightReport],
) -> None:
    """Over the quick nights every kind of mistake happens at least once, so each is
    exercised in CI; the core refused commands (each checked to have written nothing)."""
    made: Counter[str] = Counter()
    for report in quick_nights.values():
        made.update(dict(report.mistakes))
    assert {kind for kind, _ in MISTAKE_KINDS} == {kind for kind, n in made.items() if n > 0}
    assert sum(r.refusals for r in quick_nights.values()) > 0


def test_the_same_seed_makes_the_same_mistakes() -> None:
    """The floor's mistakes come from a generator seeded by the night's seed."""
    one = _careless("kojack", "kpc_nlh", 2)
    again = _careless("kojack", "kpc_nlh", 2)
    careful = simulate_night(NightConfig(template="kpc_nlh", entries=30, seed=2))
    assert one == again
    assert careful.floor == "careful"
    assert careful.mistakes == ()
    assert careful.invariant_checks == 0  # the careful floor checks them at the end only
    assert (one.hands, one.winner) != (careful.hands, careful.winner)


def _records(report: NightReport) -> list[EventRecord]:
    assert report.store_url is not None
    with TournamentService(open_store(report.store_url)) as service:
        return service.records(report.tournament_id)


def test_G1_a_wrong_bust_is_undone_batch_by_batch_and_recorded_again(tmp_path: Path) -> None:
    """Kojack's night, seed 2: the floor busts the wrong player twice; each time it undoes
    back to that bust one batch at a time (the console's batch ids) after later busts, then
    records the right bust. The log keeps the undone wrong busts; the night's busts are
    every entry but the winner's, each once."""
    report = _careless("kojack", "kpc_nlh", 2, store_url=f"sqlite:///{tmp_path / 'k.db'}")
    assert dict(report.mistakes)["wrong_bust_undone"] == 2
    records = _records(report)
    undone: set[int] = set()
    for r in records:  # the batches undone at the end (a redo restores one)
        if isinstance(r.event, CommandUndone):
            undone.add(r.event.batch)
        elif isinstance(r.event, CommandRedone):
            undone.discard(r.event.batch)
    busts = [(r.batch, r.event) for r in records if isinstance(r.event, PlayersBusted)]
    wrong = [event for batch, event in busts if batch in undone]
    assert len(wrong) >= 2  # the wrong busts are in the log, undone
    counted = Counter(b.entry_id for batch, ev in busts if batch not in undone for b in ev.busted)
    assert sum(counted.values()) == report.entries - 1
    assert set(counted.values()) == {1}


def test_I4_FOX_BTY4_a_split_bounty_of_a_bust_made_on_the_wrong_player(tmp_path: Path) -> None:
    """Foxwoods' bounty event, 30 entries, seed 1012: the floor busts the wrong player in a
    pot two players split, then records the split bounty (I4, FOX-BTY4) of the player it
    meant; the core answers that she has not been knocked out, and the floor corrects the
    bust first (the simulator used to stop there: "Ines Chen has not been knocked out").
    Every bounty of the night is then recorded once, for a player out."""
    report = _careless(
        "foxwoods", "fox_bounty_100", 1012, store_url=f"sqlite:///{tmp_path / 'b.db'}"
    )
    assert dict(report.mistakes)["wrong_bust_undone"] >= 1
    records = _records(report)
    undone = {r.event.batch for r in records if isinstance(r.event, CommandUndone)}
    undone -= {r.event.batch for r in records if isinstance(r.event, CommandRedone)}
    out = {
        b.entry_id
        for r in records
        if isinstance(r.event, PlayersBusted) and r.batch not in undone
        for b in r.event.busted
    }
    split = [
        r.event
        for r in records
        if isinstance(r.event, BountyWinnersRecorded) and r.batch not in undone
    ]
    assert len(split) >= 1
    assert all(ev.entry_id in out for ev in split)
    assert len({ev.entry_id for ev in split}) == len(split)


def test_careless_runs_add_up_the_mistakes() -> None:
    """Several careless runs: the spread sums every run's mistakes and refusals."""
    config = NightConfig(template="tnpl_league", entries=20, seed=4, floor="careless")
    reports = simulate_nights(config, 2, workers=1)
    summary = spread(reports)
    assert summary.floor == "careless"
    second = dict(reports[1].mistakes)
    assert summary.mistakes == tuple((k, n + second[k]) for k, n in reports[0].mistakes)
    assert summary.refusals == reports[0].refusals + reports[1].refusals


# --------------------------------------------------------------------------------------
# The checks fail on broken nights (they are not vacuous)

START = datetime(2026, 11, 22, 19, 0, tzinfo=UTC)


class _Night:
    """A seeded Kojack's night driven by hand, its clock moved by hand."""

    def __init__(self, players: int = 6) -> None:
        self.now = START
        self.store = open_store("sqlite:///:memory:")
        self.service = TournamentService(
            self.store, rng_factory=lambda: random.Random(7), now=lambda: self.now
        )
        self.tid = self.service.create(
            CreateTournament(name="Checks", template=load_template("kpc_nlh"))
        )
        self.names = [f"Player K{i:02d}" for i in range(1, players + 1)]
        for name in self.names:
            self.service.run(self.tid, Register(name=name, member="1", age_ok=True))
        self.service.run(self.tid, CloseRegistration())

    def bust(self, name: str, hand: str) -> None:
        self.now += timedelta(minutes=1)
        self.service.run(self.tid, Bust(players=(name,), hand=hand))

    @property
    def state(self) -> TournamentState:
        return self.service.state(self.tid)


@pytest.fixture
def night() -> Iterator[_Night]:
    n = _Night()
    yield n
    n.service.close()


def test_G3_check_places_refuses_a_tie_across_two_real_hands(night: _Night) -> None:
    """Two busts the core ranks as one hand (both named "H1") that the floor saw in two
    hands (T1-5 and T2-9): places 5-6 shared across hands must fail the check."""
    night.bust("Player K06", "H1")
    night.bust("Player K05", "H1")
    out = [o.entry_id for o in night.state.part(Roster).out]
    hands = dict(zip(out, ("T1-5", "T2-9"), strict=True))
    with pytest.raises(SimulationError, match="ties only among busts of one hand"):
        check_places(night.state, night.now, hands, "a test")
    same = dict.fromkeys(hands, "T1-5")
    check_places(night.state, night.now, same, "a test")  # one real hand: a fair tie


def test_H2_check_money_refuses_a_payment_above_the_prize(night: _Night) -> None:
    """A receipt forged into the log paying 6th (nothing owed at Kojack's with 6 entries)
    $50: "paid never exceeds owed" must fail."""
    night.bust("Player K06", "H1")
    check_money(night.state, night.now, "a test")
    entry = night.state.part(Roster).out[0].entry_id
    forged = PrizePaid(
        entry_id=entry,
        name="Player K06",
        place=6,
        amount=5000,
        bounty=0,
        withheld=0,
        paid=5000,
        id_checked=True,
        w2g=False,
        form_1042s=False,
        voucher_expires=None,
        transferable=False,
        won_on="2026-11-22",
    )
    night.store.append(
        night.tid,
        night.service.last_seq(night.tid),
        [forged],
        actor="forger",
        recorded_at=night.now,
    )
    night.service.forget(night.tid)
    with pytest.raises(SimulationError, match="paid never exceeds owed"):
        check_money(night.state, night.now, "a test")


def test_H2_G2_the_end_checks_hold_on_a_finished_night_and_its_payments(night: _Night) -> None:
    """Busts down to one: the night is over (winner, clock), and once every prize is paid
    the prizes are the pool to the cent; before the payments the "everyone paid" check
    fails."""
    for i, name in enumerate(reversed(night.names[1:])):
        night.bust(name, f"H{i}")
    assert check_end(night.state, night.now, "a test")
    with pytest.raises(SimulationError, match="everyone in the money paid"):
        check_paid_out(night.state, night.now, "a test")
    for row in standings(night.state, night.now):
        if row.total > 0:
            night.service.run(night.tid, PayPrize(player=row.name, id_checked=True))
    money = check_paid_out(night.state, night.now, "a test")
    assert money.paid == money.pool == 6 * 10000


def test_H1_check_sold_refuses_takings_that_are_not_the_sales(night: _Night) -> None:
    """Six Kojack's entries at $120 are $720.00: counting seven must fail."""
    check_sold(night.state, Sold(entries=6, rebuys=0, addons=0), "a test")
    with pytest.raises(SimulationError, match=r"collected \$720.00, the floor sold 7 entries"):
        check_sold(night.state, Sold(entries=7, rebuys=0, addons=0), "a test")


def test_a_refused_command_that_wrote_is_a_violation(monkeypatch: pytest.MonkeyPatch) -> None:
    """When the store's last seq moves across a refusal, the night stops with the
    invariant named."""
    seqs = iter(range(10**6))
    monkeypatch.setattr(TournamentService, "last_seq", lambda self, tid: next(seqs))
    with pytest.raises(SimulationError, match="a refused command writes nothing"):
        simulate_night(NightConfig(template="nj_fundraiser", entries=20, seed=1))


@pytest.mark.slow
@pytest.mark.parametrize(("profile", "template"), CARELESS_NIGHTS)
def test_careless_nights_of_every_profile_at_big_fields(profile: str, template: str) -> None:
    """The slow tier: careless nights of every profile at a big field (seeds 1-3, fixed so
    CI is deterministic), every invariant holding in each (a broken one raises)."""
    config = NightConfig(
        template=template,
        profile=profile,
        entries=BIG_FIELDS[template],
        seed=1,
        floor="careless",
    )
    reports = simulate_nights(config, SLOW_SEEDS, workers=2)
    assert [r.seed for r in reports] == list(range(1, SLOW_SEEDS + 1))
    assert all(r.players_left[-1][1] == 1 and len(r.checks) == 5 for r in reports)
    summary = spread(reports)
    assert summary.floor == "careless"
    assert sum(times for _, times in summary.mistakes) > 3 * SLOW_SEEDS
