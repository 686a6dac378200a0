"""Concurrency: two processes race to bust the same player and to take the last seat.

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
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pokertd.service import open_service
from pokertd.store.testing import ToyCreate, ToyRegister, postgres_test_url, toy_view

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


def test_two_processes_race_to_bust_the_same_player(url: str, racers: list[Racer]) -> None:
    lost_at_store = 0
    with open_service(url) as service:
        for _ in range(ROUNDS):
            tid = f"race-{uuid.uuid4().hex[:10]}"
            service.create(ToyCreate("Race", 9), tournament_id=tid)
            for name in ["Ann", "Bob", "Cy"]:
                service.run(tid, ToyRegister(name))
            try:
                bust = {"kind": "toy_bust", "player": "Bob"}
                results = _race(racers, tid, [bust, bust])
                assert sorted(r["result"] for r in results) == ["refused", "won"], results
                loser = next(r for r in results if r["result"] == "refused")
                assert "already out" in loser["message"]
                lost_at_store += loser["appends"] > 0
                assert toy_view(service.state(tid))[3] == ("Bob",)
                assert service.last_seq(tid) == 5
            finally:
                service.store.delete(tid)
    print(f"\nbust race: the loser lost at the store in {lost_at_store}/{ROUNDS} rounds")


def test_two_processes_race_for_the_last_seat(url: str, racers: list[Racer]) -> None:
    lost_at_store = 0
    with open_service(url) as service:
        for _ in range(ROUNDS):
            tid = f"race-{uuid.uuid4().hex[:10]}"
            service.create(ToyCreate("Race", 3), tournament_id=tid)
            for name in ["Ann", "Bob"]:
                service.run(tid, ToyRegister(name))
            try:
                results = _race(
                    racers,
                    tid,
                    [
                        {"kind": "toy_register", "player": "Cy"},
                        {"kind": "toy_register", "player": "Dee"},
                    ],
                )
                assert sorted(r["result"] for r in results) == ["refused", "won"], results
                loser = next(r for r in results if r["result"] == "refused")
                assert "full" in loser["message"]
                lost_at_store += loser["appends"] > 0
                players = toy_view(service.state(tid))[2]
                assert len(players) == 3
                assert players[-1] in ("Cy", "Dee")
            finally:
                service.store.delete(tid)
    print(f"\nseat race: the loser lost at the store in {lost_at_store}/{ROUNDS} rounds")
