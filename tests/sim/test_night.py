"""The simulated night through the real core (issue 15): the floor's commands through the
service, the log it leaves, the self-checks, ``simulate_rest`` and the refusals.

Every figure below was read from a run of the seeded night and is checked exactly: a
change in the driver or the core that changes the night shows here.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from pokertd.app.demo import build
from pokertd.app.tournaments import TournamentService
from pokertd.engine.phh import replay_phh
from pokertd.errors import InvalidCommand, NotFound
from pokertd.sim.night import EPOCH, SimulationError, simulate_night
from pokertd.sim.report import NightConfig, NightReport, Rates, TimeModel
from pokertd.sim.rest import simulate_rest
from pokertd.store import open_store
from pokertd.tournament.clock.log import ColoredUp, HandForHandHandPlayed, TableHandReported
from pokertd.tournament.eliminations import PlayersBusted
from pokertd.tournament.entries import RecordChips, Roster
from pokertd.tournament.framework import EventRecord, fold
from pokertd.tournament.seating.log import FinalTableDrawn
from pokertd.tournament.views import results


def _night(tmp_path: Path, template: str, seed: int = 1, rates: Rates | None = None) -> NightReport:
    """A 30-player night of ``template`` kept in a SQLite file under ``tmp_path``."""
    url = f"sqlite:///{tmp_path / f'{template}-{seed}.db'}"
    config = NightConfig(template=template, entries=30, seed=seed, store_url=url)
    return simulate_night(config if rates is None else replace(config, rates=rates))


def _records(report: NightReport) -> list[EventRecord]:
    assert report.store_url is not None
    with TournamentService(open_store(report.store_url)) as service:
        return service.records(report.tournament_id)


def _kinds(records: list[EventRecord]) -> Counter[str]:
    return Counter(type(r.event).__name__ for r in records)


@pytest.mark.parametrize(
    ("template", "entries", "players", "busts", "moved", "paid"),
    [("fox_120", 31, 30, 30, 9, 5), ("kpc_nlh", 32, 30, 31, 18, 5)],
)
def test_a_small_night_end_to_end(
    tmp_path: Path,
    template: str,
    entries: int,
    players: int,
    busts: int,
    moved: int,
    paid: int,
) -> None:
    """30 players of a Foxwoods and a Kojack event to a winner: entries are players plus
    re-entries; the log holds the floor's commands (busts, moves, colour-ups, hand-for-hand
    with a report per table, the final table, prizes paid); the report's pool and places
    are the service's results; the kept SQLite log opens in a new service with the same
    results and folds from scratch to the same state."""
    report = _night(tmp_path, template)
    assert (report.entries, report.players) == (entries, players)
    assert report.entries == report.players + report.reentries
    records = _records(report)
    kinds = _kinds(records)
    busted = sum(len(r.event.busted) for r in records if isinstance(r.event, PlayersBusted))
    assert busted == busts == report.entries - 1  # every entry but the winner's
    assert kinds["PlayerMoved"] == moved
    assert kinds["ColoredUp"] >= 2
    assert kinds["HandForHandStarted"] == kinds["HandForHandEnded"] == 1
    assert kinds["TableHandReported"] >= 2 * kinds["HandForHandHandPlayed"] > 0
    assert kinds["FinalTableDrawn"] == 1
    assert kinds["PrizePaid"] == report.paid_places == paid
    assert kinds["HandsPlayed"] == report.hands
    assert kinds["ChipsCounted"] >= 15
    assert report.events == len(records)
    with TournamentService(open_store(report.store_url or "")) as service:
        state = service.state(report.tournament_id)
        end = EPOCH + timedelta(seconds=report.duration)
        view = results(state, end)
        assert view.prize_pool_cents == report.prize_pool
        paid_rows = [(r.place, r.name, r.prize_cents) for r in view.rows if r.prize_cents]
        assert paid_rows == [(f.place, f.player, f.prize) for f in report.finishing]
        assert sum(f.prize for f in report.finishing) == report.prize_pool
        assert view.rows[0].name == report.winner
        again = fold(report.tournament_id, records)
        assert results(again, end) == view
        assert again.part(Roster).chips_in_play == state.part(Roster).chips_in_play
    assert len(report.checks) == 5
    assert report.checks[0].startswith(f"chips conserved after {report.hands:,} hands")


def test_same_seed_same_night_another_seed_another() -> None:
    """One seed replays one night exactly; another seed is another night."""
    one = simulate_night(NightConfig(template="fox_120", entries=20, seed=5))
    again = simulate_night(NightConfig(template="fox_120", entries=20, seed=5))
    other = simulate_night(NightConfig(template="fox_120", entries=20, seed=6))
    assert one == again
    assert (one.hands, one.duration, one.winner) != (other.hands, other.duration, other.winner)


def test_the_report_answers_a_director(tmp_path: Path) -> None:
    """Registration close, the money and the final table in clock seconds; the levels with
    players left and average stacks; the players-left chart falling to one."""
    report = _night(tmp_path, "fox_120")
    assert report.registration_closed_at == 10_200  # 8 levels of 20 minutes + a 10-minute break
    assert report.final_table_at is not None
    assert report.money_at is not None
    assert report.final_table_at < report.money_at < report.duration
    assert report.money_level is not None
    assert report.final_level >= report.money_level
    assert report.levels[0].level == 1
    assert report.levels[0].starts_at == 0
    assert report.levels[0].average_stack == 20_000
    assert report.levels[0].average_bb == 200.0  # 20,000 chips at 100/100
    assert sum(row.hands for row in report.levels) == report.hands
    assert report.players_left[-1][1] == 1
    assert [t for t, _ in report.players_left] == sorted(t for t, _ in report.players_left)


def test_FOX_HFH_each_hand_for_hand_hand_takes_two_minutes_off(tmp_path: Path) -> None:
    """FOX-HFH (B10): every table reports its hand-for-hand hand (``TableHandFinished``)
    and the last report takes 2:00 off the clock; busts in one such hand are one hand."""
    records = _records(_night(tmp_path, "fox_120"))
    hands = [r.event for r in records if isinstance(r.event, HandForHandHandPlayed)]
    assert hands
    assert all(h.seconds == 120 for h in hands)
    assert [h.hand for h in hands] == list(range(1, len(hands) + 1))
    reports = [r.event for r in records if isinstance(r.event, TableHandReported)]
    assert len(reports) == 2 * len(hands)  # two tables until the final table
    groups = [r.event.group for r in records if isinstance(r.event, PlayersBusted)]
    assert any(g.startswith("hand:HFH-") for g in groups)


def test_B11_SPOT_6_4_FOX_24A_colour_ups_raced_by_the_core(tmp_path: Path) -> None:
    """The scheduled removals are coloured up table by table through ``ColorUp``:
    Foxwoods races (FOX-24A), Spotlight rounds up and never loses chips (SPOT-6.4); the
    stacks the sim plays with are the race's (chips conserved, checked every run)."""
    fox = [r.event for r in _records(_night(tmp_path, "fox_120")) if isinstance(r.event, ColoredUp)]
    assert [c.removed for c in fox] == [(100, 500), (100, 500)]  # one race per table
    assert all(c.result["method"] == "race" for c in fox)
    spot = [
        r.event for r in _records(_night(tmp_path, "spot_league")) if isinstance(r.event, ColoredUp)
    ]
    assert len(spot) == 7
    assert all(c.result["method"] == "round_up" for c in spot)
    assert all(c.result["chips_after"] >= c.result["chips_before"] for c in spot)


@pytest.mark.parametrize(
    ("template", "size", "redraw"),
    [("fox_120", 10, True), ("kpc_nlh", 9, True), ("tnpl_league", 10, False)],
)
def test_C9_final_table_drawn_at_the_profile_size(
    tmp_path: Path, template: str, size: int, redraw: bool
) -> None:
    """KPC-9: the final table is a full table (9-max -> 9) with a full redraw; TNPL-B4,
    FOX-11A: one more than a table, at most 10 (9-max TNPL -> 10), TNPL's players joining
    the table that stays. The driver answers the console's prompt with ``Redraw``."""
    drawn = [
        r.event
        for r in _records(_night(tmp_path, template))
        if isinstance(r.event, FinalTableDrawn)
    ]
    assert [(d.seats, d.redraw) for d in drawn] == [(size, redraw)]
    assert len(drawn[0].draws) <= size


def test_bounties_are_paid_with_the_prizes(tmp_path: Path) -> None:
    """A bounty event: each bust names its eliminator, the finishers' bounties are in the
    results and ``PayPrize`` pays prizes and bounties."""
    report = _night(tmp_path, "fox_bounty_100")
    records = _records(report)
    busts = [r.event for r in records if isinstance(r.event, PlayersBusted)]
    assert all(b.eliminator_name for b in busts)
    assert sum(f.bounty for f in report.finishing) > 0
    assert _kinds(records)["PrizePaid"] == 11  # the money and the bounty collectors


def test_rebuys_at_the_rebuy_rate(tmp_path: Path) -> None:
    """NJ fundraiser (rebuys for the first hour): every player who busts in the window
    rebuys at rate 1; the chips are counted in (conserved, checked every run)."""
    report = _night(tmp_path, "nj_fundraiser", rates=Rates(rebuy=1.0))
    kinds = _kinds(_records(report))
    assert report.rebuys == kinds["RebuyBought"] >= 1
    assert kinds["PayoutSchedulePosted"] == 1  # NJ-44d: posted before the clock starts


def test_phh_files_one_per_hand(tmp_path: Path) -> None:
    """``phh_dir``: every hand as a PHH file that the PHH reader replays."""
    out = tmp_path / "phh"
    report = simulate_night(
        NightConfig(template="fox_120", entries=12, seed=3, phh_dir=str(out), tables=2)
    )
    files = sorted(out.glob("*.phh"))
    assert len(files) == report.hands
    replay = replay_phh(files[0].read_text(encoding="utf-8"), "foxwoods")
    assert replay is not None


def test_progress_is_called_after_every_bust() -> None:
    calls: list[tuple[int, int]] = []
    report = simulate_night(
        NightConfig(template="fox_120", entries=12, seed=2),
        progress=lambda a, b: calls.append((a, b)),
    )
    assert calls[-1] == (report.entries - 1, report.entries)
    assert [a for a, _ in calls] == sorted(a for a, _ in calls)


def test_simulate_rest_leaves_the_live_tournament_alone() -> None:
    """ "Simulate the rest of tonight" from the demo night (60 players, clock started, the
    stacks as bought): the copy plays to a winner; the live tournament's log is exactly
    what it was."""
    now = EPOCH + timedelta(days=30)
    service = TournamentService(open_store("sqlite:///:memory:"), now=lambda: now)
    tid = build(service)
    before = service.records(tid)
    report = simulate_rest(service, tid, NightConfig(seed=4), now=now + timedelta(minutes=10))
    assert service.records(tid) == before
    assert service.state(tid).seq == len(before)
    assert report.started_from == tid
    assert report.players >= 60
    assert report.entries >= 60
    assert report.hands > 0
    assert report.winner
    assert report.notes == ()  # every stack was known: nobody was given the average
    assert report.checks[2].startswith("the log replays")


def test_simulate_rest_refuses_what_cannot_be_continued() -> None:
    now = EPOCH
    service = TournamentService(open_store("sqlite:///:memory:"), now=lambda: now)
    tid = build(service, start_clock=False)
    with pytest.raises(InvalidCommand, match="The clock has not started"):
        simulate_rest(service, tid, NightConfig(), now=now)
    with pytest.raises(NotFound):
        simulate_rest(service, "nosuch", NightConfig(), now=now)


@pytest.mark.parametrize(
    ("config", "error", "words"),
    [
        (NightConfig(template="fox_999"), NotFound, "no event template called 'fox_999'"),
        (NightConfig(profile="atlantis"), NotFound, "no rule profile called 'atlantis'"),
        (NightConfig(entries=1), InvalidCommand, "at least two players"),
        (
            NightConfig(entries=301),
            InvalidCommand,
            r"room seats 300 \(30 tables of 10\): 301 players do not fit",
        ),
        (NightConfig(entries=50, tables=0), InvalidCommand, "from 1 to 9,999"),
        (NightConfig(rates=Rates(late=-0.1)), InvalidCommand, "late registration rate"),
        (NightConfig(rates=Rates(reentry=1.5)), InvalidCommand, "re-entry rate"),
        (NightConfig(rates=Rates(rebuy=math.nan)), InvalidCommand, "rebuy rate"),
        (NightConfig(time=TimeModel(seconds_per_action=0)), InvalidCommand, "per action"),
        (NightConfig(time=TimeModel(seconds_per_deal=-5)), InvalidCommand, "per deal"),
        (NightConfig(time=TimeModel(seconds_per_showdown=1e6)), InvalidCommand, "at most 1,800"),
        (NightConfig(bots="sharks"), InvalidCommand, "Bots are one of random, tag, mix"),
    ],
)
def test_bad_questions_get_a_sentence(config: NightConfig, error: type, words: str) -> None:
    """Unknown template or profile, too few or too many players for the room, rates
    outside 0..1, impossible times, unknown bots: refused before anything is played."""
    with pytest.raises(error, match=words):
        simulate_night(config)


def test_a_failed_self_check_is_a_simulation_error() -> None:
    """The error a broken invariant raises is a pokertd error with a sentence."""
    exc = SimulationError("Chips not conserved at a new entry.")
    assert str(exc) == "Chips not conserved at a new entry."


@pytest.mark.slow
def test_self_checks_pass_on_a_hundred_seeds() -> None:
    """The self-checks (chips in every hand and colour-up, one seat per player, the log
    replaying to the same state) pass on 100 seeds of a small night."""
    for seed in range(100):
        report = simulate_night(NightConfig(template="fox_120", entries=24, seed=seed, tables=3))
        assert len(report.checks) == 5, seed
        assert report.players_left[-1][1] == 1


def test_simulate_rest_scales_counts_that_no_longer_add_up() -> None:
    """Two counts recorded after chips moved (50,000 each, the other 58 at 25,000): the
    counts add up to 1,550,000 while 1,500,000 are in play, so every stack is scaled to the
    chips in play and the notes say so; the night still conserves chips to the end."""
    now = EPOCH + timedelta(days=30)
    service = TournamentService(open_store("sqlite:///:memory:"), now=lambda: now)
    tid = build(service)
    state = service.state(tid)
    first, second = [e.name for e in state.part(Roster).alive()][:2]
    service.run(tid, RecordChips(counts=((first, 50_000), (second, 50_000))))
    report = simulate_rest(service, tid, NightConfig(seed=2), now=now + timedelta(minutes=5))
    assert report.notes[0] == (
        "The recorded counts add up to 1,550,000 chips, the tournament has 1,500,000 in "
        "play: every stack was scaled to the chips in play."
    )
    assert report.checks[0].startswith(f"chips conserved after {report.hands:,} hands")


def test_G2_A4_FOX_REG1_a_night_over_while_registration_is_open_closes_it() -> None:
    """The Wednesday $80 with three players expected (seed 2): two have played and one is
    left at 0:24, while registration and re-entry are open until the end of level 6
    (FOX-REG1). The floor closes registration, as the console's end prompt asks (G2), and
    the night finishes: 1st and 2nd paid the whole $120.28, the clock stopped. The driver
    used to pay at once; the core refused ("Close registration to pay now") and the
    simulation stopped with that refusal."""
    report = simulate_night(NightConfig(template="fox_wed_80", entries=3, seed=2))
    assert report.players_left[-1] == (1485, 1)
    assert report.registration_closed_at == report.duration == 1560
    assert [(f.place, f.prize) for f in report.finishing] == [(1, 7217), (2, 4811)]
    assert report.prize_pool == 12028
    assert report.checks[4].startswith("places: one 1st, every place once")
