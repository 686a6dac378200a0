"""Prometheus metrics at ``/metrics`` (issue 16): what they count, and who may read them.

Counts are checked as exact numbers: two registrations that pass and one the rules refuse
(FOX-REG9: the age check) are ``ok`` 2 and ``refused`` 1; every event appended is counted
for its tournament; routes are labelled by template, never by raw path.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

with warnings.catch_warnings():  # starlette asks for httpx2; plain httpx works the same
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from pokertd.app import demo
from pokertd.app.tournaments import open_service
from pokertd.errors import ConcurrencyConflict, RuleViolation, StoreError
from pokertd.store.testing import fresh_postgres_database, postgres_test_url
from pokertd.tournament.entries import Register
from pokertd.tournament.framework import EventRecord
from pokertd.web.metrics import Metrics

from .conftest import DIRECTOR_PW, Env, make_env
from .servers import serve_process

LOCAL = ("127.0.0.1", 40000)
TOKEN = "metrics-token-123"


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a Prometheus text exposition by (name, sorted labels)."""
    out: dict[tuple[str, tuple[tuple[str, str], ...]], float] = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


def value(
    found: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str, **labels: str
) -> float:
    return found.get((name, tuple(sorted(labels.items()))), 0.0)


def scrape(env: Env) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    local = TestClient(env.client.app, client=LOCAL)
    r = local.get("/metrics")
    assert r.status_code == 200, r.text
    assert r.headers["content-type"].startswith("text/plain")
    return samples(r.text)


@pytest.fixture
def token_env(tmp_path: Path) -> Iterator[Env]:
    """The app with ``POKERTD_METRICS_TOKEN`` set."""
    yield from make_env(tmp_path, metrics_token=TOKEN)


def test_register_counted_ok_and_refused_with_events_and_latencies(env: Env, tid: str) -> None:
    """FOX-REG9 refusal counts as refused; the two passing registrations as ok (the demo's
    own twelve registrations are counted before, and taken off)."""
    h = env.login()
    before = env.client.get(f"/api/tournaments/{tid}").json()["seq"]
    was = scrape(env)
    path = f"/api/tournaments/{tid}/commands/register"
    for name in ("Ann Ok", "Bob Ok"):
        r = env.client.post(path, json={"name": name, "age_ok": True, "member_ok": True}, headers=h)
        assert r.status_code == 200, r.text
    refused = env.client.post(path, json={"name": "No Age"}, headers=h)
    assert refused.status_code == 409
    assert refused.json()["rule"] == "FOX-REG9"
    after = env.client.get(f"/api/tournaments/{tid}").json()["seq"]
    now = scrape(env)

    def grew(name: str, **labels: str) -> float:
        return value(now, name, **labels) - value(was, name, **labels)

    assert value(was, "pokertd_commands_total", command="Register", outcome="ok") == 12  # demo
    assert grew("pokertd_commands_total", command="Register", outcome="ok") == 2
    assert grew("pokertd_commands_total", command="Register", outcome="refused") == 1
    assert value(now, "pokertd_commands_total", command="Register", outcome="error") == 0
    assert grew("pokertd_command_duration_seconds_count", command="Register") == 3
    assert after - before >= 2
    assert grew("pokertd_events_appended_total", tournament=tid) == after - before
    assert value(now, "pokertd_events_appended_total", tournament=tid) == after
    assert grew("pokertd_store_append_duration_seconds_count") == 2  # two appends
    route = "/api/tournaments/{tid}/commands/register"
    assert value(now, "pokertd_http_requests_total", method="POST", route=route, status="200") == 2
    assert value(now, "pokertd_http_requests_total", method="POST", route=route, status="409") == 1
    assert value(now, "pokertd_http_request_duration_seconds_count", route=route) == 3
    labels = {dict(k[1]).get("route", "") for k in now}
    assert not any(tid in label for label in labels)  # templates, never raw paths


def test_unknown_paths_share_one_label(env: Env) -> None:
    for n in range(3):
        assert env.client.get(f"/no/such/page/{n}").status_code == 404
    found = scrape(env)
    assert (
        value(found, "pokertd_http_requests_total", method="GET", route="unmatched", status="404")
        == 3
    )


def test_push_clients_gauge_reads_the_hub() -> None:
    measured = Metrics(clients=lambda: {"displays": 7, "sockets": 2})
    found = samples(measured.exposition().decode())
    assert value(found, "pokertd_push_clients", kind="sse") == 7
    assert value(found, "pokertd_push_clients", kind="websocket") == 2


def test_registries_are_per_app(env: Env) -> None:
    """Two apps in one process do not share (or collide on) their counters."""
    first, second = Metrics(), Metrics()
    first.command("Bust", "ok", 0.01)
    assert (
        value(
            samples(first.exposition().decode()),
            "pokertd_commands_total",
            command="Bust",
            outcome="ok",
        )
        == 1
    )
    assert (
        value(
            samples(second.exposition().decode()),
            "pokertd_commands_total",
            command="Bust",
            outcome="ok",
        )
        == 0
    )


def test_metrics_refused_from_another_machine(env: Env) -> None:
    """The default test client is not loopback; neither is a LAN address."""
    r = env.client.get("/metrics")
    assert r.status_code == 403
    assert r.json()["error"] == "permission_denied"
    assert "operator" in r.json()["message"]
    lan = TestClient(env.client.app, client=("10.1.2.3", 5000))
    assert lan.get("/metrics").status_code == 403
    assert "pokertd_" not in lan.get("/metrics").text


def test_metrics_refused_when_forwarded_by_a_local_proxy(env: Env) -> None:
    """A reverse proxy on the same machine connects from loopback: what it forwards is not
    local, whatever X-Forwarded-For says."""
    local = TestClient(env.client.app, client=LOCAL)
    assert local.get("/metrics", headers={"X-Forwarded-For": "127.0.0.1"}).status_code == 403
    assert local.get("/metrics", headers={"Forwarded": "for=203.0.113.9"}).status_code == 403
    assert local.get("/metrics").status_code == 200


def test_metrics_token_lets_a_remote_scraper_in_and_a_wrong_one_not(token_env: Env) -> None:
    lan = TestClient(token_env.client.app, client=("10.1.2.3", 5000))
    ok = lan.get("/metrics", headers={"Authorization": f"Bearer {TOKEN}"})
    assert ok.status_code == 200
    assert "pokertd_http_requests_total" in ok.text
    wrong = lan.get("/metrics", headers={"Authorization": "Bearer metrics-token-124"})
    assert wrong.status_code == 403
    assert lan.get("/metrics").status_code == 403
    local = TestClient(token_env.client.app, client=LOCAL)
    assert local.get("/metrics", headers={"Authorization": "Bearer nope"}).status_code == 403


def test_metrics_token_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    from pokertd.web import Settings

    monkeypatch.setenv("POKERTD_METRICS_TOKEN", TOKEN)
    assert Settings.from_env("sqlite:///x.db").metrics_token == TOKEN


_WORKER = """
import sys
from pokertd.web.metrics import Metrics
m = Metrics(clients=lambda: {"displays": int(sys.argv[1]), "sockets": 0})
m.multiprocess or sys.exit("not in multi-process mode")
for _ in range(int(sys.argv[1])):
    m.command("Bust", "ok", 0.01)
m.appended("t1", int(sys.argv[1]), 0.002)
m.refresh_clients()
sys.stdout.write(m.exposition().decode() if sys.argv[2] == "scrape" else "")
"""


def test_several_worker_processes_add_up(tmp_path: Path) -> None:
    """PROMETHEUS_MULTIPROC_DIR: a scrape of any worker shows every worker's counts."""
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path)}
    subprocess.run([sys.executable, "-c", _WORKER, "2", "quiet"], env=env, check=True)
    out = subprocess.run(
        [sys.executable, "-c", _WORKER, "3", "scrape"], env=env, check=True, capture_output=True
    ).stdout.decode()
    found = samples(out)
    assert value(found, "pokertd_commands_total", command="Bust", outcome="ok") == 5
    assert value(found, "pokertd_events_appended_total", tournament="t1") == 5
    # livesum adds the processes not marked dead: the quiet one exited without
    # process_exited(), so its last count still shows: 2 + 3
    assert value(found, "pokertd_push_clients", kind="sse") == 5


def test_demo_builds_counted_as_commands(env: Env) -> None:
    """Commands run by other faces through the same service are counted too."""
    demo.build(env.service, players=4)
    found = scrape(env)
    assert value(found, "pokertd_commands_total", command="CreateTournament", outcome="ok") == 1


class Recorder:
    """A service observer that keeps what it is told."""

    def __init__(self) -> None:
        self.commands: list[tuple[str, str]] = []
        self.appends: list[tuple[str, int]] = []

    def command(self, name: str, outcome: str, seconds: float) -> None:
        assert seconds >= 0
        self.commands.append((name, outcome))

    def appended(self, tournament_id: str, events: int, seconds: float) -> None:
        assert seconds >= 0
        self.appends.append((tournament_id, events))


def _register(name: str) -> Register:
    return Register(name=name, age_ok=True, member_ok=True)


def test_service_observer_outcomes_ok_refused_conflict_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The observer hook tells each outcome apart (FOX-REG9 refusal is ``refused``)."""
    service = open_service(f"sqlite:///{tmp_path / 'obs.db'}")
    try:
        tid = demo.build(service, players=4)
        seen = Recorder()
        stop = service.observe(seen)
        records = service.run(tid, _register("Ok Player"))
        with pytest.raises(RuleViolation):
            service.run(tid, Register(name="No Age"))
        real_append = service.store.append

        def lost(*args: object, **kwargs: object) -> list[EventRecord]:
            raise ConcurrencyConflict("someone else wrote first")

        monkeypatch.setattr(service.store, "append", lost)
        with pytest.raises(ConcurrencyConflict):
            service.run(tid, _register("Race Player"))

        def down(*args: object, **kwargs: object) -> list[EventRecord]:
            raise StoreError("The database does not answer.")

        monkeypatch.setattr(service.store, "append", down)
        with pytest.raises(StoreError):
            service.run(tid, _register("Down Player"))
        monkeypatch.setattr(service.store, "append", real_append)
        stop()
        service.run(tid, _register("Unseen Player"))
    finally:
        service.close()
    assert seen.commands == [
        ("Register", "ok"),
        ("Register", "refused"),
        ("Register", "conflict"),
        ("Register", "error"),
    ]
    assert seen.appends == [(tid, len(records))]


def test_a_failing_observer_does_not_fail_the_command(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    class Broken(Recorder):
        def command(self, name: str, outcome: str, seconds: float) -> None:
            raise RuntimeError("metrics gone")

    service = open_service(f"sqlite:///{tmp_path / 'broken.db'}")
    try:
        tid = demo.build(service, players=4)
        service.observe(Broken())
        before = service.last_seq(tid)
        service.run(tid, _register("Still Registered"))
        assert service.last_seq(tid) > before
    finally:
        service.close()
    assert any("metrics gone" in str(r.exc_info) for r in caplog.records if r.exc_info)


@pytest.mark.postgres
def test_two_worker_processes_answer_one_scrape_with_everyones_counts(tmp_path: Path) -> None:
    """``serve --workers 2``: /healthz answered by both workers; a scrape of either shows
    the sum (PROMETHEUS_MULTIPROC_DIR set by serve)."""
    base, why = postgres_test_url()
    if base is None:
        pytest.skip(why)
    args = ["--workers", "2", "--pool-size", "2", "--log-format", "json"]
    with (
        fresh_postgres_database(base, "pokertd_metrics") as url,
        serve_process(["--db", url, *args], tmp_path, password=DIRECTOR_PW) as srv,
    ):
        deadline = time.monotonic() + 120
        while srv.err.read_text().count("Application startup complete") < 2:
            assert srv.proc.poll() is None, srv.err.read_text()
            assert time.monotonic() < deadline, srv.err.read_text()
            time.sleep(0.2)
        workers: set[str] = set()
        asked = 0
        while len(workers) < 2 or asked < 10:
            assert asked < 400, workers
            with httpx.Client(timeout=30) as client:  # a new connection: either worker
                r = client.get(f"{srv.base}/healthz")
            assert r.status_code == 200
            workers.add(r.headers.get("x-pokertd-worker", "?"))
            asked += 1
        assert len(workers - {"?"}) == 2
        for _ in range(4):  # whichever worker answers the scrape
            with httpx.Client(timeout=30) as client:
                text = client.get(f"{srv.base}/metrics").text
            found = samples(text)
            counted = value(
                found, "pokertd_http_requests_total", method="GET", route="/healthz", status="200"
            )
            assert counted == asked
