"""Undo and redo name the batch they act on, and need the role of the command they take back.

Issue 10: a floor user could undo a director's disqualification (undo needed only the floor
role and took back whatever came last), and two tablets pressing Undo together undid two
commands. Now ``Undo(batch=N)`` is refused as stale unless batch N is still the one undo
would take back, so N simultaneous presses undo exactly one batch — on SQLite and on
PostgreSQL, with one service per tablet — and undo/redo need the role of the command whose
batch they act on.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from pokertd.app.tournaments import TournamentService
from pokertd.errors import PermissionDenied, PokertdError, RuleViolation
from pokertd.roles import Role
from pokertd.store import open_store
from pokertd.store.testing import postgres_test_url
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CreateTournament, Register
from pokertd.tournament.framework import (
    CommandRedone,
    CommandUndone,
    Redo,
    StaleUndo,
    Undo,
    redo_target,
    undo_target,
)
from pokertd.tournament.penalties import GivePenalty, PenaltyKind
from pokertd.tournament.permissions import check, required_role_for
from pokertd.tournament.templates import load_template

START = datetime(2026, 11, 22, 19, 0, tzinfo=UTC)
PLAYERS = ("Bob Baker", "Ann Able", "Cid Cole")


class _Clock:
    """A clock that moves one second per reading (thread-safe enough for tests)."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def _setup(service: TournamentService, tid: str) -> None:
    """Three players registered; Bob Baker busted by the floor."""
    service.create(
        CreateTournament(name="Undo night", template=load_template("fox_grinder")),
        tournament_id=tid,
        actor="td",
    )
    for name in PLAYERS:
        service.run(tid, Register(name=name, member="1234", age_ok=True), actor="floor1")
    service.run(tid, Bust(players=("Bob Baker",)), actor="floor1", role="floor")


def _disqualify(service: TournamentService, tid: str) -> int:
    """The director disqualifies Ann Able; the batch id."""
    records = service.run(
        tid,
        GivePenalty(player="Ann Able", kind=PenaltyKind.DISQUALIFICATION, reason="abuse"),
        actor="td",
        role="director",
    )
    return records[0].batch


def _undos(service: TournamentService, tid: str) -> list[CommandUndone]:
    return [r.event for r in service.records(tid) if isinstance(r.event, CommandUndone)]


@pytest.fixture
def service() -> Iterator[TournamentService]:
    svc = TournamentService(open_store("sqlite:///:memory:"), now=_Clock())
    _setup(svc, "night")
    yield svc
    svc.close()


# --------------------------------------------------------------------------------------
# Naming the batch: stale presses are refused


def test_the_console_names_the_bust_and_undoing_it_says_so(service: TournamentService) -> None:
    target = undo_target(service.state("night"))
    assert target is not None
    assert target.command.startswith("Busted Bob Baker")
    assert target.command_type == "Bust"
    records = service.run("night", Undo(batch=target.batch), actor="floor1", role="floor")
    assert [r.event.describe() for r in records] == [f"Undid: {target.command}"]
    assert records[0].command == "Undo"


def test_a_second_press_naming_the_same_batch_is_stale(service: TournamentService) -> None:
    target = undo_target(service.state("night"))
    assert target is not None
    seq = service.state("night").seq
    service.run("night", Undo(batch=target.batch), actor="tablet1", role="floor")
    with pytest.raises(StaleUndo, match="already undone or something newer happened") as exc:
        service.run("night", Undo(batch=target.batch), actor="tablet2", role="floor")
    assert "Busted Bob Baker" in str(exc.value)
    assert exc.value.kind == "stale"
    assert service.state("night").seq == seq + 1  # one undo, nothing else written
    assert len(_undos(service, "night")) == 1


def test_an_undo_naming_an_older_batch_is_stale(service: TournamentService) -> None:
    batches = service.state("night").batches
    registration = batches[1]  # Bob Baker's registration, not the last command
    assert registration.command_type == "Register"
    with pytest.raises(StaleUndo):
        service.run("night", Undo(batch=registration.batch), role="director")
    assert _undos(service, "night") == []


def test_undo_without_a_batch_still_takes_back_the_last(service: TournamentService) -> None:
    records = service.run("night", Undo(), role="floor")
    assert records[0].event.describe().startswith("Undid: Busted Bob Baker")


def test_redo_names_its_batch_and_a_second_press_is_stale(service: TournamentService) -> None:
    target = undo_target(service.state("night"))
    assert target is not None
    assert redo_target(service.state("night")) is None
    service.run("night", Undo(batch=target.batch), role="floor")
    again = redo_target(service.state("night"))
    assert again is not None
    assert again.batch == target.batch
    service.run("night", Redo(batch=target.batch), role="floor")
    with pytest.raises(StaleUndo, match="Redo of 'Busted Bob Baker"):
        service.run("night", Redo(batch=target.batch), role="floor")
    redone = [r for r in service.records("night") if isinstance(r.event, CommandRedone)]
    assert len(redone) == 1
    assert service.state("night").batches[-3].undone is False  # the bust counts again


# --------------------------------------------------------------------------------------
# N tablets press Undo together: exactly one batch is undone


def _race(make_service: Callable[[], TournamentService], tid: str, tablets: int) -> None:
    """``tablets`` services (own connections) each press Undo on the same batch at once."""
    services = [make_service() for _ in range(tablets)]
    try:
        target = undo_target(services[0].state(tid))
        assert target is not None
        assert target.command.startswith("Busted Bob Baker")
        for svc in services:
            svc.state(tid)  # every tablet has loaded the same state before pressing
        barrier = threading.Barrier(tablets)
        outcomes: list[str] = []
        lock = threading.Lock()

        def press(svc: TournamentService, n: int) -> None:
            barrier.wait()
            try:
                svc.run(tid, Undo(batch=target.batch), actor=f"tablet{n}", role="floor")
                result = "undone"
            except StaleUndo:
                result = "stale"
            except PokertdError as exc:  # pragma: no cover - reported by the assert below
                result = f"{type(exc).__name__}: {exc}"
            with lock:
                outcomes.append(result)

        threads = [threading.Thread(target=press, args=(svc, n)) for n, svc in enumerate(services)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=60)
        assert sorted(outcomes) == ["stale"] * (tablets - 1) + ["undone"]
        rows = services[0].store.rows(tid)
        undone_rows = [r for r in rows if r.type == "command_undone"]
        assert len(undone_rows) == 1
        assert undone_rows[0].command == "Undo"
        fresh = make_service()
        try:
            state = fresh.state(tid)
            assert [b.batch for b in state.batches if b.undone] == [target.batch]
        finally:
            fresh.close()
    finally:
        for svc in services:
            svc.close()


def test_simultaneous_undo_on_one_server_undoes_one_batch(service: TournamentService) -> None:
    # The web server: every tablet goes through one service (its per-tournament lock).
    target = undo_target(service.state("night"))
    assert target is not None
    barrier = threading.Barrier(4)
    outcomes: list[str] = []

    def press() -> None:
        barrier.wait()
        try:
            service.run("night", Undo(batch=target.batch), role="floor")
            outcomes.append("undone")
        except StaleUndo:
            outcomes.append("stale")

    threads = [threading.Thread(target=press) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert sorted(outcomes) == ["stale", "stale", "stale", "undone"]
    assert len(_undos(service, "night")) == 1


def test_simultaneous_undo_on_sqlite_has_one_winner(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'race.db'}"
    first = TournamentService(open_store(url), now=_Clock())
    _setup(first, "race")
    first.close()
    _race(lambda: TournamentService(open_store(url), now=_Clock()), "race", 4)


@pytest.mark.postgres
def test_simultaneous_undo_on_postgres_has_one_winner() -> None:
    url, reason = postgres_test_url()
    if url is None:
        pytest.skip(reason)
    tid = f"undo-race-{uuid.uuid4().hex[:12]}"
    first = TournamentService(open_store(url), now=_Clock())
    try:
        _setup(first, tid)
        _race(lambda: TournamentService(open_store(url), now=_Clock()), tid, 4)
    finally:
        first.store.delete(tid)
        first.close()


# --------------------------------------------------------------------------------------
# Who may undo: the role of the command being undone


def test_floor_cannot_undo_the_directors_disqualification(service: TournamentService) -> None:
    batch = _disqualify(service, "night")
    state = service.state("night")
    assert required_role_for(Undo(batch=batch), state) is Role.DIRECTOR
    seq = state.seq
    with pytest.raises(PermissionDenied, match="director") as exc:
        service.run("night", Undo(batch=batch), actor="floor1", role="floor")
    assert "Ann Able disqualified" in str(exc.value)
    with pytest.raises(PermissionDenied):  # "the last one" is the same disqualification
        service.run("night", Undo(), actor="floor1", role="floor")
    assert service.state("night").seq == seq
    assert _undos(service, "night") == []


def test_director_can_undo_the_disqualification(service: TournamentService) -> None:
    batch = _disqualify(service, "night")
    records = service.run("night", Undo(batch=batch), actor="td", role="director")
    assert records[0].event.describe().startswith("Undid: Ann Able disqualified")
    assert [b.batch for b in service.state("night").batches if b.undone] == [batch]


def test_floor_cannot_redo_a_disqualification_the_director_undid(
    service: TournamentService,
) -> None:
    batch = _disqualify(service, "night")
    service.run("night", Undo(batch=batch), actor="td", role="director")
    assert required_role_for(Redo(batch=batch), service.state("night")) is Role.DIRECTOR
    with pytest.raises(PermissionDenied, match="director"):
        service.run("night", Redo(batch=batch), actor="floor1", role="floor")
    service.run("night", Redo(batch=batch), actor="td", role="director")
    assert not any(b.undone for b in service.state("night").batches)


def test_floor_may_undo_a_floor_command(service: TournamentService) -> None:
    target = undo_target(service.state("night"))
    assert target is not None
    assert required_role_for(Undo(batch=target.batch), service.state("night")) is Role.FLOOR
    service.run("night", Undo(batch=target.batch), actor="floor1", role="floor")
    assert len(_undos(service, "night")) == 1


def test_dealer_cannot_undo_even_their_own_bust(service: TournamentService) -> None:
    target = undo_target(service.state("night"))
    assert target is not None
    assert target.command_type == "Bust"
    with pytest.raises(PermissionDenied, match="floor"):
        check(Undo(batch=target.batch), Role.DEALER, state=service.state("night"), table=1)
    with pytest.raises(PermissionDenied):
        service.run("night", Undo(batch=target.batch), actor="dealer1", role="dealer")
    assert _undos(service, "night") == []


def test_without_a_state_undo_needs_the_director() -> None:
    assert required_role_for(Undo(batch=3), None) is Role.DIRECTOR
    assert required_role_for(Bust(players=("x",)), None) is Role.DEALER


def test_nothing_to_undo_is_a_plain_refusal_for_the_floor() -> None:
    svc = TournamentService(open_store("sqlite:///:memory:"), now=_Clock())
    try:
        svc.create(
            CreateTournament(name="Empty", template=load_template("fox_grinder")),
            tournament_id="empty",
        )
        with pytest.raises(RuleViolation, match="cannot be undone"):
            svc.run("empty", Undo(), role="director")
        with pytest.raises(RuleViolation, match="nothing to redo"):
            svc.run("empty", Redo(), role="floor")
    finally:
        svc.close()


# --------------------------------------------------------------------------------------
# The CLI: `pokertd undo TID [--batch N]` says what it undid


def test_cli_undo_prints_what_it_undid_and_refuses_a_stale_batch(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from pokertd.cli import app

    url = f"sqlite:///{tmp_path / 'cli.db'}"
    svc = TournamentService(open_store(url), now=_Clock())
    _setup(svc, "t1")
    target = undo_target(svc.state("t1"))
    svc.close()
    assert target is not None
    runner = CliRunner()
    done = runner.invoke(app, ["undo", "t1", "--batch", str(target.batch), "--db", url])
    assert done.exit_code == 0, done.output
    assert "Undid: Busted Bob Baker" in done.stdout
    again = runner.invoke(app, ["undo", "t1", "--batch", str(target.batch), "--db", url])
    assert again.exit_code == 2
    assert "out of date" in again.output
    assert "Traceback" not in again.output
    redo = runner.invoke(app, ["redo", "t1", "--db", url])
    assert redo.exit_code == 0, redo.output
    assert "Redid: Busted Bob Baker" in redo.stdout
