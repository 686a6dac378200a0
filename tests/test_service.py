"""TournamentService: run/create/state/records, caching, conflict retries, publish/subscribe."""

from __future__ import annotations

import logging
import random
import time
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from pokertd.app.tournaments import (
    ID_ALPHABET,
    TournamentService,
    check_tournament_id,
    open_service,
)
from pokertd.errors import ConcurrencyConflict, InvalidCommand, NotFound, RuleViolation
from pokertd.store import EventStore, open_store
from pokertd.store.snapshot import snapshot_key
from pokertd.store.testing import (
    ToyBust,
    ToyCreate,
    ToyNote,
    ToyNoted,
    ToyRegister,
    ToyRegistered,
    postgres_test_url,
    toy_view,
)
from pokertd.tournament.framework import (
    Command,
    Context,
    Event,
    EventRecord,
    Redo,
    TournamentState,
    Undo,
    decides,
    fold,
)

T0 = datetime(2026, 11, 22, 19, 0, tzinfo=UTC)


class _Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@pytest.fixture
def service() -> Iterator[TournamentService]:
    svc = TournamentService(
        open_store("sqlite:///:memory:"), now=_Clock(), rng_factory=lambda: random.Random(7)
    )
    yield svc
    svc.close()


@dataclass(frozen=True, slots=True)
class _WhoAmI(Command):
    """Test command: notes who ran it, in which role, when."""


@decides(_WhoAmI)
def _decide_whoami(state: TournamentState, cmd: _WhoAmI, ctx: Context) -> list[Event]:
    return [ToyNoted(text=f"{ctx.actor}/{ctx.role}/{ctx.now.isoformat()}")]


def test_create_runs_the_command_on_a_new_short_id(service: TournamentService) -> None:
    tid = service.create(ToyCreate("Friday", 9), actor="ann")
    assert len(tid) == 8
    assert set(tid) <= set(ID_ALPHABET)
    state = service.state(tid)
    assert state.seq == 1
    assert toy_view(state) == ("Friday", 9, (), (), 0)
    (info,) = service.tournaments()
    assert (info.id, info.name, info.last_seq) == (tid, "Friday", 1)
    assert service.exists(tid)
    assert service.last_seq(tid) == 1


def test_create_with_a_chosen_id(service: TournamentService) -> None:
    assert service.create(ToyCreate("Main", 9), tournament_id="main-2026") == "main-2026"
    with pytest.raises(InvalidCommand, match="already exists"):
        service.create(ToyCreate("Again", 9), tournament_id="main-2026")
    assert service.records("main-2026")[0].event.name == "Main"  # type: ignore[attr-defined]


@pytest.mark.parametrize("bad", ["", "Main", "a b", "a/b", "-x", "é", "x" * 65])
def test_bad_tournament_ids_are_refused(bad: str) -> None:
    with pytest.raises(InvalidCommand):
        check_tournament_id(bad)


def test_run_appends_folds_and_returns_records(service: TournamentService) -> None:
    tid = service.create(ToyCreate("Friday", 3))
    recs = service.run(tid, ToyRegister("Bob"), actor="floor1", role="floor")
    assert [(r.seq, r.batch, r.actor) for r in recs] == [(2, 2, "floor1")]
    assert recs[0].event == ToyRegistered(player="Bob", seat=1)
    assert toy_view(service.state(tid))[2] == ("Bob",)
    assert service.records(tid, after_seq=1) == recs
    assert service.records(tid) == service.store.load(tid)


def test_context_carries_now_rng_actor_and_role(service: TournamentService) -> None:
    tid = service.create(ToyCreate("Friday", 3))
    (rec,) = service.run(tid, _WhoAmI(), actor="kim", role="dealer")
    assert rec.event.text == f"kim/dealer/{rec.recorded_at.isoformat()}"  # type: ignore[attr-defined]
    (note,) = service.run(tid, ToyNote("draw"))
    assert note.event.draw == random.Random(7).randrange(1_000_000)  # type: ignore[attr-defined]


def test_unknown_tournament_is_not_found(service: TournamentService) -> None:
    with pytest.raises(NotFound, match="no tournament 'nope'"):
        service.run("nope", ToyRegister("Bob"))
    with pytest.raises(NotFound):
        service.state("nope")
    with pytest.raises(NotFound):
        service.records("nope")
    assert "nope" not in service._cache
    assert service.store.last_seq("nope") == 0


def test_refused_command_writes_nothing_and_keeps_state(service: TournamentService) -> None:
    tid = service.create(ToyCreate("Friday", 1))
    service.run(tid, ToyRegister("Bob"))
    rows = service.store.rows(tid)
    with pytest.raises(RuleViolation, match=r"full.*\(TOY-2\)"):
        service.run(tid, ToyRegister("Cy"))
    with pytest.raises(InvalidCommand, match="changes nothing"):
        service.run(tid, ToyNote("none", count=0))
    assert service.store.rows(tid) == rows
    assert toy_view(service.state(tid)) == ("Friday", 1, ("Bob",), (), 0)


def test_undo_and_redo_refold_the_state(service: TournamentService) -> None:
    tid = service.create(ToyCreate("Friday", 3))
    service.run(tid, ToyRegister("Bob"))
    service.run(tid, ToyBust("Bob"))
    service.run(tid, Undo())
    assert toy_view(service.state(tid))[3] == ()
    service.run(tid, Redo())
    assert toy_view(service.state(tid))[3] == ("Bob",)
    service.run(tid, Undo())
    service.run(tid, Undo())
    assert toy_view(service.state(tid))[2:4] == ((), ())
    replayed = fold(tid, service.store.load(tid))
    assert toy_view(replayed) == toy_view(service.state(tid))
    assert replayed.batches == service.state(tid).batches


def test_replay_in_a_fresh_service_equals_the_cached_state(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'replay.db'}"
    with open_service(url) as first:
        tid = first.create(ToyCreate("Friday", 5))
        for name in ["A", "B", "C"]:
            first.run(tid, ToyRegister(name))
        first.run(tid, ToyBust("B"))
        first.run(tid, Undo())
        first.run(tid, ToyBust("C"))
        expected = toy_view(first.state(tid))
    with open_service(url) as second:
        assert toy_view(second.state(tid)) == expected


class _Interfering:
    """A store wrapper: before the next ``times`` appends, a rival writer appends first."""

    def __init__(self, store: EventStore, rival: Command, times: int = 1) -> None:
        self.inner = store
        self.rival = rival
        self.times = times
        self.attempts = 0

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)

    def append(
        self,
        tournament_id: str,
        expected_seq: int,
        events: Sequence[Event],
        *,
        actor: str,
        recorded_at: datetime,
        command: str | None = None,
    ) -> list[EventRecord]:
        self.attempts += 1
        if self.times > 0:
            self.times -= 1
            rival = TournamentService(self.inner)  # another tablet on the same store
            rival.run(tournament_id, self.rival, actor="rival")
        return self.inner.append(
            tournament_id,
            expected_seq,
            events,
            actor=actor,
            recorded_at=recorded_at,
            command=command,
        )


def test_lost_race_is_decided_again_on_fresh_state() -> None:
    """Two tablets, one seat: the loser's command is re-decided, and now refused."""
    store = open_store("sqlite:///:memory:")
    svc = TournamentService(store)
    tid = svc.create(ToyCreate("Sat", 2))
    svc.run(tid, ToyRegister("Ann"))
    racing = _Interfering(store, ToyRegister("Cy"))
    svc.store = racing  # type: ignore[assignment]
    with pytest.raises(RuleViolation, match="full"):
        svc.run(tid, ToyRegister("Bob"))
    assert racing.attempts == 1
    assert toy_view(svc.state(tid))[2] == ("Ann", "Cy")


def test_lost_race_retried_succeeds_when_still_valid() -> None:
    store = open_store("sqlite:///:memory:")
    svc = TournamentService(store)
    tid = svc.create(ToyCreate("Sat", 9))
    racing = _Interfering(store, ToyNote("rival"), times=2)
    svc.store = racing  # type: ignore[assignment]
    (rec,) = svc.run(tid, ToyRegister("Bob"))
    assert racing.attempts == 3
    assert rec.seq == 4
    assert rec.event == ToyRegistered(player="Bob", seat=1)


def test_conflict_after_all_retries_is_raised() -> None:
    store = open_store("sqlite:///:memory:")
    svc = TournamentService(store, retries=2)
    tid = svc.create(ToyCreate("Sat", 9))
    svc.store = _Interfering(store, ToyNote("rival"), times=10)  # type: ignore[assignment]
    with pytest.raises(ConcurrencyConflict):
        svc.run(tid, ToyRegister("Bob"))


def test_subscribers_get_every_append_in_order(service: TournamentService) -> None:
    got: list[tuple[str, list[int]]] = []
    unsubscribe = service.subscribe(lambda t, recs: got.append((t, [r.seq for r in recs])))
    tid = service.create(ToyCreate("Friday", 3))
    service.run(tid, ToyNote("n", count=3))
    with pytest.raises(RuleViolation):
        service.run(tid, ToyBust("Nobody"))
    unsubscribe()
    service.run(tid, ToyNote("n"))
    assert got == [(tid, [1]), (tid, [2, 3, 4])]


def test_a_failing_subscriber_does_not_fail_the_command(
    service: TournamentService, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(tid: str, recs: list[EventRecord]) -> None:
        raise RuntimeError("display gone")

    service.subscribe(broken)
    with caplog.at_level(logging.ERROR, logger="pokertd.app.tournaments"):
        tid = service.create(ToyCreate("Friday", 3))
    assert service.state(tid).seq == 1
    assert "display gone" in caplog.text


def test_appends_by_another_process_are_picked_up_and_published(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'shared.db'}"
    with open_service(url) as mine, open_service(url) as theirs:
        tid = mine.create(ToyCreate("Friday", 2))
        mine.state(tid)
        got: list[list[int]] = []
        mine.subscribe(lambda t, recs: got.append([r.seq for r in recs]))
        theirs.run(tid, ToyRegister("Ann"))
        theirs.run(tid, ToyRegister("Bob"))
        with pytest.raises(RuleViolation, match="full"):
            mine.run(tid, ToyRegister("Cy"))  # decided on the fresh state
        assert got == [[2, 3]]


@pytest.mark.postgres
def test_postgres_listen_publishes_other_processes_appends() -> None:
    url, reason = postgres_test_url()
    if url is None:
        pytest.skip(reason)
    tid = f"svc-{uuid.uuid4().hex[:10]}"
    with open_service(url) as mine, open_service(url) as theirs:
        try:
            theirs.create(ToyCreate("Friday", 3), tournament_id=tid)
            mine.state(tid)
            got: list[list[int]] = []
            mine.subscribe(lambda t, recs: got.append([r.seq for r in recs]) if t == tid else None)
            theirs.run(tid, ToyRegister("Ann"))
            theirs.run(tid, ToyNote("two", count=2))
            deadline = time.monotonic() + 3
            while sum(len(g) for g in got) < 3 and time.monotonic() < deadline:
                time.sleep(0.02)
            assert [s for g in got for s in g] == [2, 3, 4]
            assert toy_view(mine.state(tid))[2] == ("Ann",)
            mine.run(tid, ToyBust("Ann"))  # mine's own append is not echoed back
            time.sleep(0.3)
            assert [s for g in got for s in g] == [2, 3, 4, 5]
        finally:
            mine.store.delete(tid)


# --------------------------------------------------------------------------------------
# Snapshots


def _snap_service(store: EventStore, every: int = 3) -> TournamentService:
    return TournamentService(store, snapshot_every=every, rng_factory=lambda: random.Random(5))


def test_snapshots_are_written_every_n_events() -> None:
    store = open_store("sqlite:///:memory:")
    svc = _snap_service(store, every=3)
    tid = svc.create(ToyCreate("Snap", 9))
    assert store.load_snapshot(tid, snapshot_key()) is None
    svc.run(tid, ToyRegister("Ann"))
    svc.run(tid, ToyRegister("Bob"))
    found = store.load_snapshot(tid, snapshot_key())
    assert found is not None
    assert found[0] == 3
    svc.run(tid, ToyNote("x", count=4))
    found = store.load_snapshot(tid, snapshot_key())
    assert found is not None
    assert found[0] == 7


def test_a_fresh_service_starts_from_the_snapshot_and_the_tail() -> None:
    store = open_store("sqlite:///:memory:")
    svc = _snap_service(store, every=4)
    tid = svc.create(ToyCreate("Snap", 9))
    for name in ["A", "B", "C", "D", "E"]:
        svc.run(tid, ToyRegister(name))
    svc.run(tid, ToyBust("B"))
    fresh = _snap_service(store, every=4)
    cached = fresh._cached(tid)
    state = fresh.state(tid)
    assert cached.base == 4  # loaded from the snapshot at 4, then folded 5 to 7
    assert toy_view(state) == toy_view(svc.state(tid))
    assert state.batches == svc.state(tid).batches
    assert fresh.records(tid) == store.load(tid)
    assert fresh.records(tid, after_seq=2) == store.load(tid, after_seq=2)
    assert fresh.records(tid, after_seq=6) == store.load(tid, after_seq=6)


def test_undo_after_a_snapshot_load_refolds_the_whole_log() -> None:
    store = open_store("sqlite:///:memory:")
    svc = _snap_service(store, every=2)
    tid = svc.create(ToyCreate("Snap", 9))
    for name in ["A", "B", "C"]:
        svc.run(tid, ToyRegister(name))
    svc.run(tid, ToyBust("A"))
    fresh = _snap_service(store, every=100)
    fresh.run(tid, Undo())
    fresh.run(tid, Undo())
    expected = fold(tid, store.load(tid))
    assert toy_view(fresh.state(tid)) == toy_view(expected) == ("Snap", 9, ("A", "B"), (), 0)
    assert fresh.records(tid) == store.load(tid)
    another = _snap_service(store, every=100)  # snapshot at 5, tail holds the undos
    assert toy_view(another.state(tid)) == toy_view(expected)


def test_an_unreadable_snapshot_is_ignored(caplog: pytest.LogCaptureFixture) -> None:
    store = open_store("sqlite:///:memory:")
    svc = _snap_service(store, every=0)
    tid = svc.create(ToyCreate("Snap", 9))
    svc.run(tid, ToyRegister("Ann"))
    store.save_snapshot(tid, 2, snapshot_key(), b"not a pickle")
    with caplog.at_level(logging.WARNING, logger="pokertd.app.tournaments"):
        state = _snap_service(store).state(tid)
    assert toy_view(state)[2] == ("Ann",)
    assert "ignoring the snapshot" in caplog.text


def test_snapshots_are_off_with_zero() -> None:
    store = open_store("sqlite:///:memory:")
    svc = _snap_service(store, every=0)
    tid = svc.create(ToyCreate("Snap", 9))
    svc.run(tid, ToyNote("x", count=10))
    assert store.load_snapshot(tid, snapshot_key()) is None
    assert svc.snapshot(tid) == 11
    assert store.load_snapshot(tid, snapshot_key()) is not None


@pytest.mark.postgres
def test_postgres_listener_reconnects_and_catches_up(caplog: pytest.LogCaptureFixture) -> None:
    """A dropped LISTEN connection reconnects and reloads: nothing missed is lost."""
    import psycopg

    url, reason = postgres_test_url()
    if url is None:
        pytest.skip(reason)
    find = (
        "SELECT pid FROM pg_stat_activity WHERE application_name = 'pokertd-listen' "
        "AND datname = current_database()"
    )
    tid = f"svc-{uuid.uuid4().hex[:10]}"
    with (
        psycopg.connect(url, autocommit=True) as admin,
        open_service(url) as mine,
        open_service(url) as theirs,
    ):
        try:
            theirs.create(ToyCreate("Friday", 3), tournament_id=tid)
            mine.state(tid)
            before = {row[0] for row in admin.execute(find)}
            got: list[int] = []
            mine.subscribe(lambda t, recs: got.extend(r.seq for r in recs) if t == tid else None)
            deadline = time.monotonic() + 3
            ours: set[object] = set()
            while not ours and time.monotonic() < deadline:
                ours = {row[0] for row in admin.execute(find)} - before
                time.sleep(0.02)
            assert len(ours) == 1
            admin.execute("SELECT pg_terminate_backend(%s)", (ours.pop(),))
            theirs.run(tid, ToyRegister("Ann"))  # its NOTIFY may reach nobody
            deadline = time.monotonic() + 5
            while 2 not in got and time.monotonic() < deadline:
                time.sleep(0.05)
            assert got == [2]
            assert "lost the LISTEN connection" in caplog.text
        finally:
            mine.store.delete(tid)
