"""Concurrency: two processes race to bust the same player and to take the last seat.

The real commands (``Bust`` of eliminations, ``Register`` of entries) on a Foxwoods event.

Both racers load the tournament first, then run their command at the same instant (a shared
monotonic deadline). Whatever the interleaving — one decides on stale state and loses at
the store (``ConcurrencyConflict``, then decides again and is refused), or one already sees
the winner's events — exactly one wins each race and the log holds one result.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pokertd.app.tournaments import TournamentService, open_service
from pokertd.store.testing import postgres_test_url
from pokertd.tournament.eliminations import PlayersBusted
from pokertd.tournament.entries import CreateTournament, Register, Roster
from pokertd.tournament.templates import load_template

CHILD = Path(__file__).with_name("race_child.py")
ROUNDS = 10


class Racer:
    """One child process running race_child.py."""

    def __init__(self, url: str) -> None:
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
        self.proc = subprocess.Popen(
            [sys.executable, str(CHILD), url],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert self.read_line() == "ready"

    def read_line(self) -> str:
        assert self.proc.stdout is not None
        return self.proc.stdout.readline().strip()

    def send(self, msg: dict[str, Any]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(msg) + "\n")
        self.proc.stdin.flush()

    def reply(self) -> dict[str, Any]:
        line = self.read_line()
        assert line, "racer died"
        found: dict[str, Any] = json.loads(line)
        return found

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=10)
        assert self.proc.stdout is not None
        self.proc.stdout.close()


@pytest.fixture(
    scope="module", params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
)
def url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    if request.param == "postgres":
        found, reason = postgres_test_url()
        if found is None:
            pytest.skip(reason)
        return found
    return f"sqlite:///{tmp_path_factory.mktemp('race') / 'race.db'}"


@pytest.fixture(scope="module")
def racers(url: str) -> Iterator[list[Racer]]:
    """Two racer processes, started once per store (starting Python is the slow part)."""
    pair = [Racer(url), Racer(url)]
    yield pair
    for racer in pair:
        racer.close()


def _race(racers: list[Racer], tid: str, commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Both racers load ``tid``, then run their command at the same moment."""
    for racer in racers:
        racer.send({"op": "prepare", "tid": tid})
    for racer in racers:
        assert racer.reply() == {"ok": True}
    go_at = time.monotonic() + 0.05
    for racer, command in zip(racers, commands, strict=True):
        racer.send({"op": "run", "tid": tid, "command": command, "go_at": go_at})
    return [racer.reply() for racer in racers]


def _tournament(service: TournamentService, seats: int, players: list[str]) -> str:
    """A Foxwoods Saturday event on one table of ``seats`` with ``players`` registered."""
    template = load_template("fox_saturday").with_changes(tables=1, seats_per_table=seats)
    tid = service.create(CreateTournament(name="Race", template=template))
    for name in players:
        service.run(tid, Register(name=name, age_ok=True, member_ok=True))
    return tid


def test_two_processes_race_to_bust_the_same_player(url: str, racers: list[Racer]) -> None:
    """Two floor tablets bust Bob at once: one bust is recorded, the other refused (G1)."""
    lost_at_store = 0
    with open_service(url) as service:
        for _ in range(ROUNDS):
            tid = _tournament(service, 9, ["Ann", "Bob", "Cy"])
            try:
                bust = {"kind": "bust", "player": "Bob"}
                results = _race(racers, tid, [bust, bust])
                assert sorted(r["result"] for r in results) == ["refused", "won"], results
                loser = next(r for r in results if r["result"] == "refused")
                assert "Bob is already out" in loser["message"]
                lost_at_store += loser["appends"] > 0
                busts = [r for r in service.records(tid) if isinstance(r.event, PlayersBusted)]
                assert len(busts) == 1
                assert len(service.state(tid).part(Roster).alive()) == 2
            finally:
                service.store.delete(tid)
    print(f"\nbust race: the loser lost at the store in {lost_at_store}/{ROUNDS} rounds")


def test_two_processes_race_for_the_last_seat(url: str, racers: list[Racer]) -> None:
    """Cy and Dee register at two desks for the last seat: exactly one gets it (FOX-REG7)."""
    lost_at_store = 0
    with open_service(url) as service:
        for _ in range(ROUNDS):
            tid = _tournament(service, 3, ["Ann", "Bob"])
            try:
                results = _race(
                    racers,
                    tid,
                    [{"kind": "register", "player": "Cy"}, {"kind": "register", "player": "Dee"}],
                )
                assert sorted(r["result"] for r in results) == ["refused", "won"], results
                loser = next(r for r in results if r["result"] == "refused")
                assert "Every seat is taken" in loser["message"]
                lost_at_store += loser["appends"] > 0
                alive = [e.name for e in service.state(tid).part(Roster).alive()]
                assert len(alive) == 3
                assert alive[-1] in ("Cy", "Dee")
            finally:
                service.store.delete(tid)
    print(f"\nseat race: the loser lost at the store in {lost_at_store}/{ROUNDS} rounds")
