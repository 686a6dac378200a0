"""A season end to end (issue 14 "Done when"): five simulated nights of one player pool,
standings, qualifiers and a championship whose starting stacks come from season points —
through the services and through the CLI; and the player database wired into leagues
(a person registered under two spellings counts once after a merge, twice after its undo).

Every expected number is worked out here from what the nights recorded (the simulator's
finishing order and knockouts), never read back from the league code.

Implements: A3 (SPOT-6.26: Quarterly stacks from season points), G5 (SPOT-6.13: points
credited on sign-out, a late sign-out voids them), issue 14 (player database in leagues,
best-N, qualification, championship).
"""

from __future__ import annotations

import dataclasses
import json
import tempfile
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokertd.app.leagues import LeagueService, Season
from pokertd.app.players import PlayerService
from pokertd.app.tournaments import TournamentService
from pokertd.cli import app
from pokertd.league.points import EventResult, PlayerResult, PointsKind, PointsScheme, SignOut
from pokertd.league.results import fold_aliases
from pokertd.league.standings import Qualification, StackRule
from pokertd.rules import load_profile
from pokertd.rules.enums import StartingStackSource
from pokertd.sim import NightConfig, Rates, simulate_night
from pokertd.sim.night import EPOCH
from pokertd.store import open_store
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import (
    CloseRegistration,
    CreateTournament,
    EntryBought,
    PlayerAdded,
    Register,
    Roster,
)
from pokertd.tournament.templates import load_template
from pokertd.tournament.views import results

POOL = (
    "Ann Lee", "Bob Marsh", "Cat Ruiz", "Dan Okafor", "Eve Park", "Fay Dunn", "Gus Hale",
    "Hal Ito", "Ida Moss", "Jo Quinn", "Kim Vance", "Lou Reyes", "Max Ford", "Ned Shaw",
    "Oda Brandt", "Pia Costa", "Quy Tran", "Rae Nolan", "Sam Boyd", "Tess Wynn",
)  # fmt: skip
"""The season's regulars: 20 people, 18 of them at each night."""
NIGHTS = 5
BEST = 4
FORMULA = "entrants - place + 1 + (5 if place == 1 else 0)"
"""The league's own points formula: one point per player finished behind, plus one; five
more for the win."""
KO, ATTEND = 1.0, 2.0
STACKS = StackRule(formula="10000 + 250 * points", round_to=500, minimum=10000)
TOP = 8
LATE = (2, 1)
"""Night 3's runner-up (index 2, finish index 1) signs out late: that night's points void."""


def absent(night: int) -> set[str]:
    """Who misses night ``night`` (0-based): two regulars, a different pair each night, so
    ten people play all five nights (best 4 drops one) and ten play four."""
    return {POOL[3 * night], POOL[3 * night + 1]}


def players_of(night: int) -> list[str]:
    return [n for n in POOL if n not in absent(night)]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Finisher:
    """One finisher of a simulated night: seat ids ``P01``... in registration order."""

    place: int
    places: tuple[int, ...]
    player: str
    eliminated_by: tuple[str, ...]


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class SimReport:
    """A simulated league night as the season needs it: every finisher, best first."""

    players: int
    finishing: tuple[Finisher, ...]


def sim_night(night: int) -> SimReport:
    """The night played by bots (same seed, same night) under Spotlight's rules, through
    the service (:func:`pokertd.sim.simulate_night`); its results read back from the log."""
    n = len(players_of(night))
    config = NightConfig(
        template="spot_league", entries=n, seed=301 + night, rates=Rates(late=0.0, reentry=0.0)
    )
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'night.db'}"
        night_report = simulate_night(dataclasses.replace(config, store_url=url))
        with TournamentService(open_store(url)) as service:
            state = service.state(night_report.tournament_id)
            end = EPOCH + timedelta(seconds=night_report.duration)
            rows = results(state, end).rows
            order = [p.name for p in state.part(Roster).players.values()]  # registration order
    width = len(str(n))
    seat = {name: f"P{i:0{width}d}" for i, name in enumerate(order, start=1)}
    report = SimReport(
        players=n,
        finishing=tuple(
            Finisher(
                place=r.place,
                places=r.places,
                player=seat[r.name],
                eliminated_by=(seat[r.eliminator],) if r.eliminator else (),
            )
            for r in rows
        ),
    )
    assert all(len(f.places) == 1 for f in report.finishing)  # no shared places these seeds
    return report


def by_name(night: int, report: SimReport) -> dict[str, str]:
    """The simulator's seat ids (P01, …) -> the regulars who sat there that night."""
    width = len(str(report.players))
    return {f"P{i:0{width}d}": n for i, n in enumerate(players_of(night), start=1)}


def expected_points(
    reports: list[SimReport], voided: set[tuple[int, str]]
) -> dict[str, list[float]]:
    """Each person's points per night, by the league's formula worked out here: place
    points ``n - place + 1 (+5 for the win)``, one per knockout, two for attending; a
    voided night earns nothing."""
    out: dict[str, list[float]] = {}
    for night, report in enumerate(reports):
        names = by_name(night, report)
        n = report.players
        kos: dict[str, int] = {}
        for f in report.finishing:
            if f.eliminated_by:
                killer = names[f.eliminated_by[0]]
                kos[killer] = kos.get(killer, 0) + 1
        for f in report.finishing:
            who = names[f.player]
            pts = n - f.place + 1 + (5 if f.place == 1 else 0) + KO * kos.get(who, 0) + ATTEND
            out.setdefault(who, []).append(0.0 if (night, who) in voided else pts)
    return out


def best_of(points: list[float]) -> float:
    return sum(sorted(points, reverse=True)[:BEST])


def stack_for(points: float) -> int:
    """``10000 + 250 * points`` rounded down to 500 chips, at least 10,000 (the stated rule)."""
    return max(10_000, int((10_000 + 250 * points) // 500) * 500)


def points_profile_file(tmp_path: Path) -> Path:
    """Spotlight's rules with starting stacks from points (the Quarterly, SPOT-6.26)."""
    path = tmp_path / "quarterly.toml"
    path.write_text(
        'inherits = "spotlight"\nstarting_stack_source = "per_player_from_points"\n',
        encoding="utf-8",
    )
    return path


# ---- through the services ---------------------------------------------------------------


@pytest.fixture
def svc() -> Iterator[TournamentService]:
    service = TournamentService(open_store("sqlite:///:memory:"))
    yield service
    service.close()


def record_night(
    svc: TournamentService, leagues: LeagueService, tid: str, night: int, report: SimReport
) -> None:
    """Record the simulated night through the service: register everyone, bust them in
    the simulator's order with its eliminators, and sign every eliminated player out."""
    svc.create(
        CreateTournament(name=f"League night {night + 1}", template=load_template("spot_league")),
        tournament_id=tid,
    )
    names = by_name(night, report)
    for name in players_of(night):
        svc.run(tid, Register(name=name, age_ok=True, member_ok=True), actor="floor", role="floor")
    for f in reversed(report.finishing[1:]):
        svc.run(
            tid,
            Bust(players=(names[f.player],), eliminator=names[f.eliminated_by[0]]),
            actor="floor",
            role="floor",
        )
    svc.run(tid, CloseRegistration(), actor="floor", role="floor")  # over (G2)
    leagues.add_event("spot", "q3", tid)
    for f in report.finishing[1:]:
        if (night, f.place - 1) == LATE:
            leagues.flag(tid, names[f.player], actor="floor")
        else:
            leagues.signout(tid, names[f.player], actor="floor")


def test_A3_season_of_five_simulated_nights_standings_qualifiers_championship(
    svc: TournamentService, tmp_path: Path
) -> None:
    leagues = LeagueService.over(svc)
    leagues.create_league(
        "spot",
        "Spotlight Points League",
        PointsScheme(
            kind=PointsKind.FORMULA, formula=FORMULA, knockout_points=KO, attendance_points=ATTEND
        ),
    )
    leagues.add_season(
        Season(league="spot", key="q3", name="Q3", best_n=BEST,
               qualification=Qualification(top=TOP), stack=STACKS)
    )  # fmt: skip
    reports = [sim_night(i) for i in range(NIGHTS)]
    for i, report in enumerate(reports):
        record_night(svc, leagues, f"night{i + 1}", i, report)
    late_name = by_name(LATE[0], reports[LATE[0]])[reports[LATE[0]].finishing[LATE[1]].player]
    voided = {(LATE[0], late_name)}
    want = expected_points(reports, voided)

    view = leagues.standings("spot", "q3")
    # Invariants: everyone of the pool has one row; ranks start at 1 and never fall as
    # points do; best 4 counts at most four events; each played 4 or 5 nights.
    assert len(view.rows) == len(POOL) == len(want)
    assert [e.entrants for e in view.events] == [18] * NIGHTS
    assert view.rows[0].rank == 1
    for a, b in zip(view.rows, view.rows[1:], strict=False):
        assert a.points >= b.points
        assert a.rank <= b.rank
        assert (a.rank == b.rank) == (a.points == b.points and a.places == b.places)
    for row in view.rows:
        assert row.events == (4 if row.name in {POOL[i] for i in range(15) if i % 3 != 2} else 5)
        assert row.counted == min(row.events, BEST)
        assert row.all_points >= row.points
    # By hand, for every player: best 4 of the nights' points worked out above.
    got = {r.name: r.points for r in view.rows}
    assert got == {name: best_of(pts) for name, pts in want.items()}
    # A new service reads the same standings from the stored results and points.
    assert LeagueService.over(svc).standings("spot", "q3") == view
    # One player written out: the late sign-out's season, night by night.
    late_row = next(r for r in view.rows if r.name == late_name)
    assert late_row.void == 1
    assert late_row.all_points == sum(want[late_name])
    assert late_row.points == best_of(want[late_name])

    # Qualifiers: the top 8 ranks, each with 10000 + 250 * points rounded down to 500.
    plan = leagues.qualifiers("spot", "q3")
    cut = sorted(best_of(p) for p in want.values())[-TOP]
    assert {q.name for q in plan.qualifiers} == {n for n, p in want.items() if best_of(p) >= cut}
    assert {q.name: q.stack for q in plan.qualifiers} == {
        q.name: stack_for(best_of(want[q.name])) for q in plan.qualifiers
    }
    assert len({q.stack for q in plan.qualifiers}) > 1  # the stacks do differ by points

    # The championship: a new tournament whose profile takes stacks from points; the
    # stacks are in its own log, each linked to the same person as in the nights.
    svc.create(
        CreateTournament(
            name="Q3 Quarterly",
            template=load_template("spot_league"),
            profile=load_profile(points_profile_file(tmp_path)),
        ),
        tournament_id="quarterly",
    )
    leagues.add_championship("spot", "q3", "quarterly")
    events = [r.event for r in svc.records("quarterly")]
    bought = {e.name: e.chips for e in events if isinstance(e, EntryBought)}
    assert bought == {q.name: stack_for(best_of(want[q.name])) for q in plan.qualifiers}
    night_ids = {p.name: p.db_id for p in svc.state("night1").part(Roster).players.values()}
    champ_ids = {e.name: e.db_id for e in events if isinstance(e, PlayerAdded)}
    for name, db_id in champ_ids.items():
        assert db_id
        assert db_id == night_ids.get(name, db_id)
    assert leagues.standings("spot", "q3").rows == view.rows  # the championship earns none

    # The player database's history shows the same league points (the points source).
    players = PlayerService(svc.store, svc, points=leagues.points_by_player)
    leader = view.rows[0]
    history = players.history(leader.player.removeprefix("db:"))
    assert history.events == leader.events + 1  # the five nights and the championship
    assert history.points == sum(want[leader.name])


# ---- the player database in leagues --------------------------------------------------------

FIXED = PointsScheme(kind=PointsKind.FIXED, table=(10, 7, 5), knockout_points=1)


def plain_night(
    svc: TournamentService, tid: str, names: list[str], busts: list[tuple[str, str]]
) -> None:
    """A TNPL night (no sign-outs needed): register, then bust as listed."""
    svc.create(CreateTournament(name=tid, template=load_template("tnpl_league")), tournament_id=tid)
    for n in names:
        svc.run(tid, Register(name=n, age_ok=True, member_ok=True), actor="floor", role="floor")
    for out, by in busts:
        svc.run(tid, Bust(players=(out,), eliminator=by), actor="floor", role="floor")
    if len(busts) == len(names) - 1:  # the night is over once registration closes (G2)
        svc.run(tid, CloseRegistration(), actor="floor", role="floor")


def test_merged_spellings_count_as_one_player_and_undo_splits_them(
    svc: TournamentService,
) -> None:
    leagues = LeagueService.over(svc)
    leagues.create_league("tnpl", "Nuts League", FIXED)
    leagues.add_season(Season(league="tnpl", key="s1", name="S1"))
    # One: "Jon Smyth" knocks out Bob, then Ann -> Jon 10 + 2 = 12, Ann 7, Bob 5.
    plain_night(
        svc, "one", ["Jon Smyth", "Ann", "Bob"], [("Bob", "Jon Smyth"), ("Ann", "Jon Smyth")]
    )
    # Two: Ann knocks out "John Smith", then Bob -> Ann 10 + 2 = 12, Bob 7, John 5.
    plain_night(svc, "two", ["John Smith", "Ann", "Bob"], [("John Smith", "Ann"), ("Bob", "Ann")])
    leagues.add_event("tnpl", "s1", "one")
    leagues.add_event("tnpl", "s1", "two")

    def rows() -> list[tuple[str, float, int, int]]:
        return [(r.name, r.points, r.events, r.rank) for r in leagues.standings("tnpl", "s1").rows]

    # Two spellings, two people: Ann 7 + 12 = 19; Jon 12 and Bob 5 + 7 = 12 (Jon's win
    # breaks the tie); John 5.
    assert rows() == [("Ann", 19, 2, 1), ("Jon Smyth", 12, 1, 2), ("Bob", 12, 2, 3),
                      ("John Smith", 5, 1, 4)]  # fmt: skip
    players = PlayerService(svc.store, svc, points=leagues.points_by_player)
    (jon,) = players.find("Jon Smyth")
    (john,) = players.find("John Smith")
    players.merge(jon.id, john.id, staff="floor")
    # Merged: one row, named as the survivor, with both results: 12 + 5 = 17, places 1, 3.
    assert rows() == [("Ann", 19, 2, 1), ("John Smith", 17, 2, 2), ("Bob", 12, 2, 3)]
    merged = next(r for r in leagues.standings("tnpl", "s1").rows if r.name == "John Smith")
    assert merged.places == (1, 3)
    assert merged.player == f"db:{john.id}"
    history = players.history(john.id)
    by_event = sorted((r.tournament_id, r.points) for r in history.rows)
    assert by_event == [("one", 12), ("two", 5)]
    assert history.points == 17
    players.unmerge(jon.id, staff="floor")
    assert rows() == [("Ann", 19, 2, 1), ("Jon Smyth", 12, 1, 2), ("Bob", 12, 2, 3),
                      ("John Smith", 5, 1, 4)]  # fmt: skip
    assert players.history(john.id).points == 5


def test_G5_merged_duplicates_in_one_event_fold_into_one_result() -> None:
    """Both spellings played one night (3rd with 1 knockout, 1st with 2): one result, 1st
    with 3 knockouts and both prizes; a late sign-out of either voids the person (G5)."""
    event = EventResult(
        tournament_id="t", name="T", entrants=4, buyin_cents=2000, prizepool_cents=8000,
        require_signout=True,
        players=(
            PlayerResult(player="db:a", name="Jon", place=3, eliminated=True, knockouts=1),
            PlayerResult(player="db:b", name="John", place=1, eliminated=False, knockouts=2,
                         prize_cents=6000),
            PlayerResult(player="db:c", name="Ann", place=2, eliminated=True, prize_cents=2000),
        ),
    )  # fmt: skip
    folded, marks = fold_aliases(
        event,
        {"db:a": ("db:b", "John Smith"), "db:b": ("db:b", "John Smith")},
        {"db:a": SignOut.LATE, "db:b": SignOut.SIGNED},
    )
    assert [(p.player, p.name, p.place, p.knockouts, p.prize_cents) for p in folded.players] == [
        ("db:b", "John Smith", 1, 3, 6000), ("db:c", "Ann", 2, 0, 2000)]  # fmt: skip
    assert marks == {"db:b": SignOut.LATE}
    assert fold_aliases(event, {}) == (event, {})


# ---- through the CLI ----------------------------------------------------------------------


def test_A3_season_through_the_cli(tmp_path: Path) -> None:
    """The same season with the commands a floorperson types (``--json`` everywhere): six
    regulars, five ``pokertd sim`` nights recorded with ``pokertd new/register/bust``,
    ``pokertd league …`` for the season, and the Quarterly's stacks in its log."""
    runner = CliRunner()
    db = f"sqlite:///{tmp_path / 'season.db'}"
    pool = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]

    def cli(*args: str, at: str = db) -> object:
        flag = "--store" if args[0] == "sim" else "--db"
        result = runner.invoke(app, [*args, flag, at, "--json"])
        assert result.exit_code == 0, result.output
        assert "Traceback" not in result.output
        return json.loads(result.output)

    cli("league", "create", "spot", "--name", "Spotlight Points", "--formula", FORMULA,
        "--knockout", "1", "--attendance", "2")  # fmt: skip
    cli("league", "season", "spot", "q3", "--best", str(BEST), "--top", "3",
        "--stack", STACKS.formula, "--round-to", "500", "--min-stack", "10000")  # fmt: skip
    want: dict[str, list[float]] = {}
    for night in range(NIGHTS):
        here = [p for p in pool if p != pool[night]]  # one regular misses each night
        # The night is played by the simulator in its own log; its finishing order (the
        # floor's results, with each eliminator) is then recorded by hand for the regulars.
        night_db = f"sqlite:///{tmp_path / f'night{night + 1}.db'}"
        report = cli("sim", "--template", "spot_league", "--entries", str(len(here)),
                     "--late", "0", "--seed", str(401 + night), at=night_db)  # fmt: skip
        assert isinstance(report, dict)
        assert report["entries"] == len(here)
        played = cli("results", report["tournament_id"], at=night_db)
        assert isinstance(played, dict)
        rows = sorted(played["rows"], key=lambda r: r["place"])
        assert [r["place"] for r in rows] == list(range(1, len(here) + 1))
        by_name = sorted(rows, key=lambda r: r["name"])
        names = {r["name"]: n for r, n in zip(by_name, here, strict=True)}
        tid = f"n{night + 1}"
        cli("new", "-t", "spot_league", "-n", f"Night {night + 1}", "--id", tid)
        for name in here:
            cli("register", tid, name, "--age-ok", "--member-ok")
        for r in reversed(rows[1:]):
            cli("bust", tid, names[r["name"]], "--by", names[r["eliminator"]])
        cli("close-registration", tid)  # the night is over (G2)
        cli("league", "add-event", "spot", "q3", tid)
        for r in rows[1:]:
            cli("league", "signout", tid, names[r["name"]])
        kos: dict[str, int] = {}
        for r in rows[1:]:
            kos[names[r["eliminator"]]] = kos.get(names[r["eliminator"]], 0) + 1
        for r in rows:  # 5 - place + 1 (+5 for the win) + knockouts + 2 attending
            who, place = names[r["name"]], r["place"]
            want.setdefault(who, []).append(
                len(here) - place + 1 + (5 if place == 1 else 0) + kos.get(who, 0) + 2
            )
    table = cli("league", "standings", "spot", "q3")
    assert isinstance(table, dict)
    assert {r["name"]: r["points"] for r in table["rows"]} == {
        n: best_of(p) for n, p in want.items()
    }
    # Each of the first five misses one night; Fay plays all five (best 4 drops one).
    assert {r["name"]: r["events"] for r in table["rows"]} == dict.fromkeys(pool, 4) | {"Fay": 5}
    plan = cli("league", "qualifiers", "spot", "q3")
    assert isinstance(plan, dict)
    top = [r for r in table["rows"] if r["rank"] <= 3]
    assert [(q["name"], q["stack"]) for q in plan["qualifiers"]] == [
        (r["name"], stack_for(r["points"])) for r in top
    ]
    profile = points_profile_file(tmp_path)
    cli("new", "-t", "spot_league", "-n", "Q3 Quarterly", "--id", "quarterly",
        "--profile", str(profile))  # fmt: skip
    made = cli("league", "add-event", "spot", "q3", "quarterly", "--championship")
    assert isinstance(made, dict)
    assert [q["stack"] for q in made["qualifiers"]] == [q["stack"] for q in plan["qualifiers"]]
    log = cli("log", "quarterly")
    assert isinstance(log, list)
    text = "\n".join(str(line["text"]) for line in log)
    for q in plan["qualifiers"]:
        assert f"{q['name']} bought in for $0.00: {q['stack']:,} chips" in text
    # History through the CLI carries the season's points too (every night, not best 4).
    found = cli("player", "search", top[0]["name"])
    assert isinstance(found, list)
    history = cli("player", "history", found[0]["id"])
    assert isinstance(history, dict)
    assert history["points"] == sum(want[top[0]["name"]])


def test_profile_file_takes_stacks_from_points(tmp_path: Path) -> None:
    """The Quarterly's profile file differs from Spotlight's in the stack source only."""
    profile = load_profile(points_profile_file(tmp_path))
    base = load_profile("spotlight")
    assert profile.starting_stack_source is StartingStackSource.PER_PLAYER_FROM_POINTS
    assert dataclasses.replace(profile, starting_stack_source=base.starting_stack_source,
                               name=base.name) == base  # fmt: skip
