"""Planning by simulation in the web app (issue 15): the Simulate page, its API twins, jobs.

Most tests replace the simulator with hand-built :class:`NightReport` s (fast, and the
projection's figures are known exactly); two play real nights through the service: a small
Sit & Go from a template, and "the rest of tonight" of a live demo tournament, whose log
must be exactly the same afterwards.
"""

from __future__ import annotations

import json
import threading
import time
import warnings
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from pokertd.cli import app as cli_app
from pokertd.errors import NotFound
from pokertd.sim import batch
from pokertd.sim import jobs as simjobs
from pokertd.sim.report import LevelRow, NightConfig, NightReport
from pokertd.web import sim as websim

from .conftest import DEALER_PW, DIRECTOR_PW, FLOOR_PW, Env, make_env

# ---- hand-built nights -------------------------------------------------------------------

MONEY = {1: 3600, 2: 4200, 3: 4800}
"""Seed -> when the money was reached in the fake nights (seconds of clock time)."""


def fake_report(config: NightConfig) -> NightReport:
    """A night whose figures grow with the seed: money at :data:`MONEY`, the final table
    an hour later, the winner two hours after that."""
    seed = config.seed
    money = MONEY.get(seed, 3600 + 600 * (seed - 1))
    levels = tuple(
        LevelRow(
            level=n,
            blinds=f"{100 * n}/{200 * n}",
            starts_at=(n - 1) * 1200,
            players_left=max(2, config.entries - 10 * (n - 1) - seed),
            entries=config.entries,
            tables=max(1, config.entries // 10),
            average_stack=20_000,
            average_bb=round(100.0 / n, 1),
            hands=30,
        )
        for n in range(1, 7)
    )
    return NightReport(
        template=config.template,
        title="$120 NLH",
        profile=config.profile or "foxwoods",
        seed=seed,
        entries=config.entries,
        players=config.entries,
        reentries=0,
        rebuys=0,
        addons=0,
        alternates=0,
        hands=500 + seed,
        duration=money + 3 * 3600,
        registration_closed_at=2400,
        money_at=money,
        money_level=4,
        final_table_at=money + 3600,
        final_table_level=6,
        final_level=7,
        levels=levels,
        players_left=((0, config.entries), (money, 12), (money + 3 * 3600, 1)),
        prize_pool=config.entries * 10_000,
        paid_places=12,
        finishing=(),
        winner="P001",
        checks=("chips conserved after every hand",),
    )


def fake_night(config: NightConfig, *, progress: Callable[..., None] | None = None) -> NightReport:
    """The simulator's signature, answering :func:`fake_report`."""
    if progress is not None:
        progress(1, 2)
    return fake_report(config)


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> None:
    """Replace the simulator with :func:`fake_night`."""
    monkeypatch.setattr(simjobs, "simulate_night", fake_night)


def client_for(env: Env, name: str, password: str) -> tuple[TestClient, dict[str, str]]:
    """A new client (its own session) signed in as ``name``, and its CSRF header."""
    client = TestClient(env.client.app)
    r = client.post("/api/login", json={"name": name, "password": password})
    assert r.status_code == 200, r.text
    return client, {"X-CSRF-Token": r.json()["csrf"]}


def wait(client: TestClient, job: str, timeout: float = 120.0) -> dict[str, Any]:
    """Poll ``GET /api/sim/{job}`` until it is no longer running."""
    deadline = time.monotonic() + timeout
    while True:
        r = client.get(f"/api/sim/{job}")
        assert r.status_code == 200, r.text
        data: dict[str, Any] = r.json()
        if data["state"] != "running":
            return data
        assert time.monotonic() < deadline, data
        time.sleep(0.05)


NIGHT = {"template": "fox_120", "entries": 120, "runs": 3, "seed": 1}


# ---- who may ------------------------------------------------------------------------------


def test_simulate_page_is_the_directors(env: Env) -> None:
    """Anonymous and floor callers are sent to sign in; the director gets the form with the
    shipped templates by title and the layout's limit for entries."""
    r = env.client.get("/simulate", follow_redirects=False)
    assert r.status_code == 303
    assert r.headers["location"] == "/login?next=/simulate"
    env.login("floor1", FLOOR_PW)
    assert env.client.get("/simulate", follow_redirects=False).status_code == 303
    env.logout()
    env.login()
    page = env.client.get("/simulate")
    assert page.status_code == 200
    assert "Simulate a night" in page.text
    assert "$120 NLH (fox_120)" in page.text
    assert '"capacity": 300' in page.text  # 30 tables of 10 seats
    assert 'href="/simulate"' in env.client.get("/").text


def test_anonymous_floor_and_dealer_cannot_start_a_night(env: Env, fake: None) -> None:
    """POST /api/sim: the public 401, floor and dealer 403 — nobody burns the CPU without
    the director's session; no job is started."""
    r = env.client.post("/api/sim", json=NIGHT, headers={"X-CSRF-Token": "x" * 32})
    assert r.status_code == 401
    assert r.json()["error"] == "not_signed_in"
    for name, pw in (("floor1", FLOOR_PW), ("dealer1", DEALER_PW)):
        client, csrf = client_for(env, name, pw)
        r = client.post("/api/sim", json=NIGHT, headers=csrf)
        assert r.status_code == 403, r.text
        assert "director" in r.json()["message"]
    assert websim.jobs_of_app(env.client.app).running() == 0


def test_a_night_needs_the_csrf_token(env: Env, fake: None) -> None:
    """A forged form (no token) is refused before any work starts."""
    env.login()
    r = env.client.post("/api/sim", json=NIGHT)
    assert r.status_code == 403
    assert r.json()["error"] == "csrf_failed"


# ---- validation ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"entries": 1}, "entries", "from 2 to 300"),
        ({"entries": 301}, "entries", "30 tables of 10 seats"),
        ({"entries": None}, "entries", "Entries: type a whole number"),
        ({"runs": 0}, "runs", "Runs: type a whole number from 1 to 20"),
        ({"runs": 21}, "runs", "from 1 to 20"),
        ({"template": "nope"}, "template", "choose one of the listed event templates"),
        ({"profile": "vegas"}, "profile", "Rule profile: choose one of tda"),
        ({"rates": {"late": -5}}, "rates.late", "Late arrivals: type a percentage from 0 to 100"),
        ({"rates": {"reentry": 101}}, "rates.reentry", "Re-entries: type a percentage"),
        ({"time": {"mode": "hands", "hands_per_hour": 0}}, "time.hands_per_hour", "from 5"),
        (
            {"time": {"mode": "seconds", "seconds_per_action": 0}},
            "time.seconds_per_action",
            "Seconds per action: type a number from 1 to 120",
        ),
    ],
)
def test_bad_input_is_named_in_the_pages_words(
    env: Env, fake: None, change: dict[str, Any], field: str, words: str
) -> None:
    """Each bad field comes back as a 422 sentence naming it (no CLI flags, no 500)."""
    csrf = env.login()
    r = env.client.post("/api/sim", json={**NIGHT, **change}, headers=csrf)
    assert r.status_code == 422, r.text
    body = r.json()
    assert words in body["context"]["fields"][field]
    assert "--" not in body["message"]
    assert websim.jobs_of_app(env.client.app).running() == 0


def test_every_problem_at_once_and_the_small_sng_layout(env: Env, fake: None) -> None:
    """Several problems come back together; a Sit & Go seats 10, so 11 entries are too many."""
    csrf = env.login()
    body = {"template": "fox_sng_65", "entries": 11, "runs": 50, "rates": {"addon": 200}}
    r = env.client.post("/api/sim", json=body, headers=csrf)
    assert r.status_code == 422
    fields = r.json()["context"]["fields"]
    assert set(fields) == {"entries", "runs", "rates.addon"}
    assert "from 2 to 10" in fields["entries"]


def test_unknown_fields_and_wrong_types_are_422_not_500(env: Env, fake: None) -> None:
    """Malformed bodies are refused as input, never as a server error."""
    csrf = env.login()
    for body in ({**NIGHT, "cpu": 99}, {**NIGHT, "entries": "many"}, {**NIGHT, "rates": 3}):
        r = env.client.post("/api/sim", json=body, headers=csrf)
        assert r.status_code == 422, (body, r.text)


def test_hands_per_hour_scales_the_default_time_model() -> None:
    """60 hands an hour halves every default duration; 15 doubles them."""
    problems = websim.Problems()
    fast = websim.time_of(websim.TimeIn(mode="hands", hands_per_hour=60), problems)
    slow = websim.time_of(websim.TimeIn(mode="hands", hands_per_hour=15), problems)
    own = websim.time_of(
        websim.TimeIn(
            mode="seconds", seconds_per_action=8, seconds_per_showdown=15, seconds_per_deal=40
        ),
        problems,
    )
    assert not problems.fields
    assert (fast.seconds_per_action, fast.seconds_per_showdown, fast.seconds_per_deal) == (
        5.0,
        10.0,
        22.5,
    )
    assert slow.seconds_per_deal == 90.0
    assert (own.seconds_per_action, own.seconds_per_showdown, own.seconds_per_deal) == (
        8.0,
        15.0,
        40.0,
    )


def test_rates_are_percentages() -> None:
    """The form's percentages become the contract's probabilities."""
    problems = websim.Problems()
    rates = websim.rates_of(websim.RatesIn(late=40, reentry=0, rebuy=100, addon=12.5), problems)
    assert not problems.fields
    assert (rates.late, rates.reentry, rates.rebuy, rates.addon) == (0.4, 0.0, 1.0, 0.125)


# ---- jobs ---------------------------------------------------------------------------------


def test_a_night_runs_off_the_request_and_answers_the_projection(env: Env, fake: None) -> None:
    """202 with an unguessable job id at once; the job then answers the median and the
    10th-90th percentiles of the three nights, the field by level and two charts."""
    csrf = env.login()
    r = env.client.post("/api/sim", json=NIGHT, headers=csrf)
    assert r.status_code == 202, r.text
    job = r.json()["job"]
    assert len(job) >= 24
    done = wait(env.client, job)
    assert done["state"] == "done", done
    assert done["done"] == 3
    result = done["result"]
    assert result["seeds"] == [1, 2, 3]
    money = next(f for f in result["figures"] if f["key"] == "money")
    assert (money["p10"], money["median"], money["p90"]) == (3720, 4200, 4680)
    assert money["text"] == "1 h 10 min"
    assert money["range"] == "1 h 02 min to 1 h 18 min"
    assert money["level"] == 4
    end = next(f for f in result["figures"] if f["key"] == "end")
    assert end["median"] == 4200 + 3 * 3600
    assert [row["level"] for row in result["levels"]] == [1, 2, 3, 4, 5, 6]
    assert result["levels"][1]["players_left"] == 108  # 120 - 10 - seed 2
    assert result["levels"][1]["average_bb"] == 50.0
    svg = env.client.get(result["charts"]["players"])
    assert svg.status_code == 200
    assert svg.headers["content-type"].startswith("image/svg+xml")
    assert 'class="band"' in svg.text
    assert "10th-90th percentile" in svg.text
    bb = env.client.get(result["charts"]["bb"])
    assert bb.status_code == 200
    assert "Average stack in big blinds" in bb.text
    assert env.client.get(f"/api/sim/{job}/charts/pie.svg").status_code == 404


def test_the_job_carries_the_one_document_of_the_cli(
    env: Env, fake: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 24 (one serializer per result type): a finished job's ``result.spread`` is the
    document ``pokertd sim --runs 3 --json`` prints for the same three nights, and the
    page's words are read from it (money at 3600/4200/4800 s: median 4200, p10 3720)."""

    def nights(config: NightConfig, runs: int, **_: Any) -> list[NightReport]:
        return [fake_report(replace(config, seed=config.seed + i)) for i in range(runs)]

    monkeypatch.setattr(batch, "simulate_nights", nights)
    csrf = env.login()
    job = env.client.post("/api/sim", json=NIGHT, headers=csrf).json()["job"]
    result = wait(env.client, job)["result"]
    printed = CliRunner().invoke(
        cli_app, ["sim", "--template", "fox_120", "--entries", "120", "--runs", "3", "--json"]
    )
    assert printed.exit_code == 0, printed.output
    cli = json.loads(printed.output)
    assert result["spread"] == cli
    assert cli["money_at"] == {
        "p10": 3720,
        "p50": 4200,
        "p90": 4680,
        "low": 3600,
        "high": 4800,
        "runs": 3,
    }
    money = next(f for f in result["figures"] if f["key"] == "money")
    assert (money["p10"], money["median"], money["p90"]) == (3720, 4200, 4680)
    assert result["entries"] == {"median": 120, "p10": 120, "p90": 120}


def test_another_session_cannot_read_a_job(env: Env, fake: None) -> None:
    """A job belongs to the session that started it: another director's session gets the
    same 404 as for a job that never existed, the public 401."""
    csrf = env.login()
    job = env.client.post("/api/sim", json=NIGHT, headers=csrf).json()["job"]
    wait(env.client, job)
    other, _ = client_for(env, "director", DIRECTOR_PW)
    r = other.get(f"/api/sim/{job}")
    assert r.status_code == 404
    assert r.json()["error"] == "not_found"
    assert other.get(f"/api/sim/{job}/charts/players.svg").status_code == 404
    assert other.get("/api/sim/not-a-job").status_code == 404
    public = TestClient(env.client.app)
    assert public.get(f"/api/sim/{job}").status_code == 401


def test_at_most_two_jobs_and_one_per_session(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two jobs run at once; a third is refused 429 "busy, try again in a minute" with
    Retry-After, and a session with a job running waits for it."""
    release = threading.Event()

    def slow(config: NightConfig, *, progress: Callable[..., None] | None = None) -> NightReport:
        release.wait(30)
        return fake_report(config)

    monkeypatch.setattr(simjobs, "simulate_night", slow)
    one = {**NIGHT, "runs": 1}
    try:
        first, csrf1 = client_for(env, "director", DIRECTOR_PW)
        assert first.post("/api/sim", json=one, headers=csrf1).status_code == 202
        again = first.post("/api/sim", json=one, headers=csrf1)
        assert again.status_code == 429
        assert "still running" in again.json()["message"]
        second, csrf2 = client_for(env, "director", DIRECTOR_PW)
        assert second.post("/api/sim", json=one, headers=csrf2).status_code == 202
        third, csrf3 = client_for(env, "director", DIRECTOR_PW)
        busy = third.post("/api/sim", json=one, headers=csrf3)
        assert busy.status_code == 429
        assert busy.json()["message"] == (
            "The server is busy with other simulations: try again in a minute."
        )
        assert busy.headers["retry-after"] == "60"
        assert websim.jobs_of_app(env.client.app).running() == 2
    finally:
        release.set()
    jobs = websim.jobs_of_app(env.client.app)
    deadline = time.monotonic() + 30
    while jobs.running() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert jobs.running() == 0
    third, csrf3 = client_for(env, "director", DIRECTOR_PW)
    assert third.post("/api/sim", json=one, headers=csrf3).status_code == 202


def test_stopping_the_server_stops_its_simulations(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the app shuts down, a running night stops at its next progress report and the
    job says so in words (no thread keeps burning the CPU)."""
    started = threading.Event()

    def endless(config: NightConfig, *, progress: Callable[..., None] | None = None) -> NightReport:
        assert progress is not None
        started.set()
        for out in range(10**6):
            progress(out % 100, 100)
            time.sleep(0.005)
        raise AssertionError("never stopped")

    monkeypatch.setattr(simjobs, "simulate_night", endless)
    for env in make_env(tmp_path):
        csrf = env.login()
        r = env.client.post("/api/sim", json=NIGHT, headers=csrf)
        assert r.status_code == 202
        assert started.wait(10)
        job = websim.jobs_of_app(env.client.app)._jobs[r.json()["job"]]
    deadline = time.monotonic() + 10
    while job.state == "running" and time.monotonic() < deadline:
        time.sleep(0.01)
    assert job.state == "failed"
    assert job.error == "The simulation was stopped."


def test_finished_jobs_are_dropped_after_a_while_and_memory_is_bounded() -> None:
    """A finished job is readable for ``keep_seconds``, then gone; at most ``max_kept``
    jobs are kept (the oldest finished go first)."""
    now = [1000.0]
    jobs = websim.Jobs(max_running=2, keep_seconds=60, max_kept=3, clock=lambda: now[0])

    def work(job: websim.Job, tick: Callable[..., None]) -> list[NightReport]:
        return [fake_report(NightConfig(seed=1))]

    started = []
    for i in range(4):
        job = jobs.start(f"s{i}", "night", "t", 1, work)
        deadline = time.monotonic() + 10
        while job.state == "running" and time.monotonic() < deadline:
            time.sleep(0.01)
        assert job.state == "done"
        started.append(job)
        now[0] += 1
    with pytest.raises(NotFound):
        jobs.get(started[0].id, "s0")  # the oldest went when the fourth finished
    assert jobs.get(started[3].id, "s3") is started[3]
    with pytest.raises(NotFound):
        jobs.get(started[3].id, "s2")  # someone else's session
    now[0] += 61
    with pytest.raises(NotFound):
        jobs.get(started[3].id, "s3")


def test_a_failing_simulation_answers_a_sentence(env: Env, monkeypatch: pytest.MonkeyPatch) -> None:
    """A simulator error ends the job as failed with a sentence; the server stays up."""

    def broken(config: NightConfig, *, progress: Callable[..., None] | None = None) -> NightReport:
        raise RuntimeError("boom")

    monkeypatch.setattr(simjobs, "simulate_night", broken)
    csrf = env.login()
    job = env.client.post("/api/sim", json=NIGHT, headers=csrf).json()["job"]
    done = wait(env.client, job)
    assert done["state"] == "failed"
    assert "internal error (RuntimeError)" in done["message"]
    assert "boom" not in done["message"]
    assert env.client.get("/api/me").status_code == 200


# ---- real nights --------------------------------------------------------------------------


def test_a_real_sit_and_go_from_its_template(env: Env) -> None:
    """The real simulator behind the API: a 10-player Sit & Go, two runs, reaches the money
    and the end in every run, with its self-checks."""
    csrf = env.login()
    body = {"template": "fox_sng_65", "entries": 10, "runs": 2, "seed": 7}
    r = env.client.post("/api/sim", json=body, headers=csrf)
    assert r.status_code == 202, r.text
    done = wait(env.client, r.json()["job"])
    assert done["state"] == "done", done
    result = done["result"]
    assert result["players"] == 10
    assert result["seeds"] == [7, 8]
    money = next(f for f in result["figures"] if f["key"] == "money")
    end = next(f for f in result["figures"] if f["key"] == "end")
    assert money["reached"] == 2
    assert 0 < money["median"] < end["median"]
    assert result["levels"][0]["level"] == 1
    assert result["levels"][0]["players_left"] == 10
    assert result["checks"]


@pytest.fixture
def floor_client(env: Env) -> tuple[TestClient, dict[str, str]]:
    """A floor session."""
    return client_for(env, "floor1", FLOOR_PW)


def test_the_rest_of_tonight_leaves_the_live_tournament_unchanged(
    env: Env, tid: str, floor_client: tuple[TestClient, dict[str, str]]
) -> None:
    """The floor simulates the rest of a live demo tournament twice: the projection comes
    back (money, final table, end) and the tournament's log is exactly what it was."""
    client, csrf = floor_client
    before = [(r.seq, r.event) for r in env.service.records(tid)]
    page = client.get(f"/t/{tid}/simulate")
    assert page.status_code == 200
    assert "Simulate the rest of tonight" in page.text
    assert f'href="/t/{tid}/simulate"' in client.get(f"/t/{tid}/floor").text
    r = client.post(f"/api/tournaments/{tid}/sim", json={"runs": 2, "seed": 3}, headers=csrf)
    assert r.status_code == 202, r.text
    done = wait(client, r.json()["job"])
    assert done["state"] == "done", done
    assert done["tournament"] == tid
    result = done["result"]
    end = next(f for f in result["figures"] if f["key"] == "end")
    assert end["median"] is not None
    assert end["median"] > 0
    assert result["runs"] == 2
    after = [(r.seq, r.event) for r in env.service.records(tid)]
    assert after == before
    assert env.service.last_seq(tid) == before[-1][0]


def test_the_rest_of_tonight_is_for_staff_only(env: Env, tid: str, fake: None) -> None:
    """The public 401, a dealer 403; an unknown tournament 404; bad runs 422 by field."""
    public = TestClient(env.client.app)
    r = public.post(f"/api/tournaments/{tid}/sim", json={}, headers={"X-CSRF-Token": "x" * 32})
    assert r.status_code == 401
    assert public.get(f"/t/{tid}/simulate", follow_redirects=False).status_code == 303
    dealer, csrf = client_for(env, "dealer1", DEALER_PW)
    assert dealer.post(f"/api/tournaments/{tid}/sim", json={}, headers=csrf).status_code == 403
    floor, csrf = client_for(env, "floor1", FLOOR_PW)
    assert floor.post("/api/tournaments/nope/sim", json={}, headers=csrf).status_code == 404
    bad = floor.post(f"/api/tournaments/{tid}/sim", json={"runs": 0}, headers=csrf)
    assert bad.status_code == 422
    assert "Runs" in bad.json()["context"]["fields"]["runs"]


def test_the_rest_of_a_night_not_started_is_refused_in_words(env: Env) -> None:
    """A tournament nobody has registered for yet has no "rest of tonight": the job ends with
    the simulator's sentence, and the tournament is untouched."""
    csrf = env.login()
    r = env.client.post(
        "/api/tournaments", json={"name": "Later", "template": "fox_sng_65"}, headers=csrf
    )
    assert r.status_code == 201, r.text
    tid = r.json()["tournament"]
    seq = env.service.last_seq(tid)
    r = env.client.post(f"/api/tournaments/{tid}/sim", json={"runs": 1}, headers=csrf)
    assert r.status_code == 202, r.text
    done = wait(env.client, r.json()["job"])
    assert done["state"] == "failed"
    assert "Fewer than two players are still in" in done["message"]
    assert env.service.last_seq(tid) == seq


# ---- the page's language (issue 27) -----------------------------------------------------


def test_the_form_problems_and_the_job_read_in_the_pages_language(env: Env, fake: None) -> None:
    """A German page reads the 422's problems from ``context.fields_said`` (the English
    ``fields`` stay for API clients) and the job's progress and outcome in German."""
    csrf = env.login()
    german = {**csrf, "X-Pokertd-Lang": "de"}
    r = env.client.post("/api/sim", json={**NIGHT, "runs": 50}, headers=german)
    assert r.status_code == 422
    body = r.json()
    assert body["message"].startswith("Die Simulation wurde nicht gestartet: Runs: type")
    assert body["context"]["fields"]["runs"] == "Runs: type a whole number from 1 to 20."
    said = body["context"]["fields_said"]["runs"]
    assert said["msgid"] == "Runs: type a whole number from %(lo)s to %(hi)s."
    assert said["params"] == {"lo": "1", "hi": "20"}
    started = env.client.post("/api/sim", json=NIGHT, headers=german).json()
    # the fake nights are quick: the job may be on any night, or done, when it answers
    assert started["message"] in (
        "Spiele Abend 1 von 3…",
        "Spiele Abend 2 von 3…",
        "Spiele Abend 3 von 3…",
        "3 simulierte Abende.",
    )
    finished = env.client.get(f"/api/sim/{started['job']}", headers={"X-Pokertd-Lang": "es"})
    while finished.json()["state"] == "running":
        time.sleep(0.05)
        finished = env.client.get(f"/api/sim/{started['job']}", headers={"X-Pokertd-Lang": "es"})
    assert finished.json()["message"] == "3 noches simuladas."
    assert env.client.get(f"/api/sim/{started['job']}").json()["message"] == "3 simulated nights."
