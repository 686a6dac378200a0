"""Crash test: a child runs commands in a loop and is killed with SIGKILL at random moments.

After every kill the store must open cleanly and hold exactly the acknowledged commands
(plus, at most, the one command in flight when the kill landed, complete or not at all),
and replaying the log must give the state the child last acknowledged.
(design.md "Tournament = an event log": an acknowledged event is durable.)
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

import pytest
from crash_child import digest

from pokertd.store import open_store, sqlite_path
from pokertd.store.testing import postgres_test_url
from pokertd.tournament.framework import fold

CHILD = Path(__file__).with_name("crash_child.py")


@dataclass
class Tally:
    kills: int = 0
    in_flight_kept: int = 0
    in_flight_lost: int = 0
    acknowledged: int = 0


def _kill_once(url: str, tid: str, rng: random.Random) -> list[str]:
    """Start a child, let it work for a random moment, SIGKILL it; its output lines."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    proc = subprocess.Popen(
        [sys.executable, str(CHILD), url, tid], stdout=subprocess.PIPE, text=True, env=env
    )
    assert proc.stdout is not None
    ready = proc.stdout.readline()
    assert ready == "ready\n", f"child failed to start: {ready!r}"
    time.sleep(rng.uniform(0.0, 0.05))
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    lines = proc.stdout.read().splitlines()
    proc.stdout.close()
    assert proc.returncode == -signal.SIGKILL
    return lines


def _check(
    url: str, tid: str, lines: list[str], known: tuple[int, str], tally: Tally
) -> tuple[int, str]:
    """Verify the store after a kill; returns the new known ``(seq, digest)``."""
    acked = known
    tried: tuple[int, int] | None = None
    last_ack_n = -1
    for line in lines:
        word, *rest = line.split(" ")
        if word == "try":
            tried = (int(rest[0]), int(rest[1]))
        elif word == "ack":
            acked = (int(rest[1]), rest[2])
            last_ack_n = int(rest[0])
            tally.acknowledged += 1
    path = sqlite_path(url)
    if path is not None:
        conn = sqlite3.connect(path)
        try:
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        finally:
            conn.close()
    store = open_store(url)  # opens cleanly
    try:
        records = store.load(tid)
    finally:
        store.close()
    last = records[-1].seq if records else 0
    ack_seq, ack_digest = acked
    assert last >= ack_seq, f"acknowledged event {ack_seq} lost (log ends at {last})"
    assert digest(fold(tid, records[:ack_seq])) == ack_digest
    if last > ack_seq:
        # The command in flight committed before its acknowledgement was written: all of it.
        assert tried is not None
        assert tried[0] == last_ack_n + 1 or last_ack_n == -1
        assert last - ack_seq == tried[1], "a partial batch was stored"
        assert {r.batch for r in records[ack_seq:]} == {ack_seq + 1}
        tally.in_flight_kept += 1
    elif tried is not None and tried[0] != last_ack_n:
        tally.in_flight_lost += 1
    tally.kills += 1
    return last, digest(fold(tid, records))


def _crash_loop(url: str, kills: int, seed: int) -> Tally:
    rng = random.Random(seed)
    tid = f"crash-{uuid.uuid4().hex[:10]}"
    tally = Tally()
    known = (0, digest(fold(tid, [])))
    try:
        for _ in range(kills):
            lines = _kill_once(url, tid, rng)
            known = _check(url, tid, lines, known, tally)
    finally:
        store = open_store(url)
        store.delete(tid)
        store.close()
    assert tally.kills == kills
    assert tally.acknowledged > 0
    return tally


def test_sqlite_survives_sigkill_quick(tmp_path: Path) -> None:
    """A few kills, for the quick tier."""
    _crash_loop(f"sqlite:///{tmp_path / 'crash.db'}", kills=2, seed=1)


@pytest.mark.slow
def test_sqlite_survives_50_sigkills(tmp_path: Path) -> None:
    tally = _crash_loop(f"sqlite:///{tmp_path / 'crash.db'}", kills=50, seed=2)
    print(f"\nSQLite crash test: {tally}")


@pytest.mark.slow
@pytest.mark.postgres
def test_postgres_survives_50_sigkills() -> None:
    url, reason = postgres_test_url()
    if url is None:
        pytest.skip(reason)
    tally = _crash_loop(url, kills=50, seed=3)
    print(f"\nPostgreSQL crash test: {tally}")
