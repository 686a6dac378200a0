"""What the read-model crash tests share: start children, kill them, count what is missing.

Only the application's public use cases and the store's player look-ups are used, so the
same counting runs against older code (how the figures before issue 24 were measured).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from pokertd.app import App
from pokertd.app.leagues import Season
from pokertd.app.tournaments import TournamentService
from pokertd.league.points import PointsKind, PointsScheme
from pokertd.store import open_store
from pokertd.tournament.days import EndDay
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CreateTournament, PlayerAdded, Register
from pokertd.tournament.templates import Fees, load_template

CHILD = Path(__file__).with_name("projection_child.py")


@dataclass
class Killed:
    """What the killed children acknowledged (``ack`` lines) and were doing (``try``)."""

    acks: list[list[str]] = field(default_factory=list)
    tries: int = 0
    kills: int = 0


def spawn(mode: str, url: str, arg: str) -> subprocess.Popen[str]:
    """Start one child (:func:`ready` waits until its store is open)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    return subprocess.Popen(
        [sys.executable, str(CHILD), mode, url, arg], stdout=subprocess.PIPE, text=True, env=env
    )


def ready(proc: subprocess.Popen[str]) -> None:
    """Wait until the child says its store is open."""
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line == "ready\n", f"child failed to start: {line!r}"


def kill_round(
    mode: str, url: str, args: list[str], delay: float, killed: Killed
) -> list[subprocess.Popen[str]]:
    """Start one child per ``args`` (workers on one database), SIGKILL all after ``delay``
    seconds; their acknowledgements are added to ``killed``."""
    procs = [spawn(mode, url, arg) for arg in args]  # the workers start together
    for proc in procs:
        ready(proc)
    time.sleep(delay)
    for proc in procs:
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGKILL)
    for proc in procs:
        proc.wait()
        assert proc.stdout is not None
        for line in proc.stdout.read().splitlines():
            word, *rest = line.split(" ")
            if word == "ack":
                killed.acks.append(rest)
            elif word == "try":
                killed.tries += 1
        proc.stdout.close()
        killed.kills += proc.returncode == -signal.SIGKILL
    return procs


@dataclass(frozen=True)
class Missing:
    """Players and links the logs name and the player database lacks."""

    players: int
    players_missing: int
    links: int
    links_missing: int


def missing_rows(url: str) -> Missing:
    """Count, from every log, the people (``PlayerAdded`` with a player-database id) the
    player database lacks and the (player, tournament) links its history index lacks."""
    store = open_store(url)
    try:
        ids: set[str] = set()
        links: set[tuple[str, str]] = set()
        for info in store.tournaments():
            for r in store.load(info.id):
                if isinstance(r.event, PlayerAdded) and r.event.db_id:
                    ids.add(r.event.db_id)
                    links.add((r.event.db_id, info.id))
        if hasattr(store, "known_players"):  # schema 4: one query per 400 ids, per log
            gone = ids - store.known_players(sorted(ids))
            tids = {t for _, t in links}
            linked = {t: store.linked_players(t) for t in tids}  # type: ignore[attr-defined]
            unlinked = {(p, t) for p, t in links if p not in linked[t]}
        else:  # older code: one look-up per player (how the figures before were taken)
            gone = {i for i in ids if store.player(i) is None}  # type: ignore[attr-defined]
            unlinked = {
                (p, t)
                for p, t in links
                if t not in store.player_events([p])  # type: ignore[attr-defined]
            }
        return Missing(len(ids), len(gone), len(links), len(unlinked))
    finally:
        store.close()


def big_tournament(service: TournamentService, tid: str, seats: int = 600) -> None:
    """A Foxwoods Saturday event with room for ``seats`` players."""
    template = load_template("fox_saturday").with_changes(tables=seats // 10, seats_per_table=10)
    service.create(CreateTournament(name=f"Crash {tid}", template=template), tournament_id=tid)


def export_of_60(path: Path) -> None:
    """An export file of a tournament with 60 registered people, made in another (memory)
    database: the people are new to the database it is imported into."""
    with TournamentService(open_store("sqlite:///:memory:")) as service:
        big_tournament(service, "src60", seats=60)
        for n in range(60):
            service.run("src60", Register(name=f"Imported {n}", age_ok=True, member_ok=True))
        path.write_text(service.export_tournament("src60"), encoding="utf-8")


def league_event(app: App, tid: str, players: int = 40) -> None:
    """League ``lg`` season ``s1`` counting tournament ``tid`` with ``players`` registered."""
    big_tournament(app.tournaments, tid, seats=players)
    for n in range(players):
        app.tournaments.run(tid, Register(name=f"L{n}", age_ok=True, member_ok=True))
    app.leagues.create_league(
        "lg", "Crash League", PointsScheme(kind=PointsKind.FIXED, table=(10, 7, 5, 3, 2))
    )
    app.leagues.add_season(Season(league="lg", key="s1", name="S1"))
    app.leagues.add_event("lg", "s1", tid)


def _flight(svc: TournamentService, tid: str, names: list[str], out: list[str]) -> None:
    tmpl = load_template("kpc_nlh").with_changes(
        profile="tda",
        fees=Fees(prize_pool=85_00, house_fee=15_00),
        starting_stack=20_000,
        tables=2,
        seats_per_table=9,
    )
    svc.create(CreateTournament(name=f"Main {tid}", template=tmpl), tournament_id=tid)
    for name in names:
        svc.run(tid, Register(name=name, age_ok=True))
    for name in out:
        svc.run(tid, Bust(players=(name,), eliminator=names[0]))


def two_flights(app: App, key: str) -> None:
    """Series ``key`` with flighted event ``main`` and flights ``key-a`` (12 entries, 8
    bagged) and ``key-b`` (9 entries, 5 bagged), as tests/test_series.py builds them."""
    svc = app.tournaments
    a, b = f"{key}-a", f"{key}-b"
    _flight(
        svc,
        a,
        [f"{key}A{i:02d}" for i in range(1, 13)],
        [f"{key}A{i:02d}" for i in (9, 10, 11, 12)],
    )
    _flight(
        svc, b, [f"{key}B{i:02d}" for i in range(1, 10)], [f"{key}B{i:02d}" for i in (6, 7, 8, 9)]
    )
    a_chips = (60_000, 50_000, 30_000, 20_000, 20_000, 20_000, 20_000, 20_000)
    b_chips = (80_000, 40_000, 20_000, 20_000, 20_000)
    svc.run(a, EndDay(day=1, counts=tuple((f"{key}A{i:02d}", c) for i, c in enumerate(a_chips, 1))))
    svc.run(b, EndDay(day=1, counts=tuple((f"{key}B{i:02d}", c) for i, c in enumerate(b_chips, 1))))
    app.series.create_series(key, f"Series {key}")
    app.series.add_flighted(key, "main", "Main Event", reentry=False)
    app.series.add_event(key, a, flight_of="main")
    app.series.add_event(key, b, flight_of="main")


def rng_delays(seed: int, n: int, low: float, high: float) -> list[float]:
    """``n`` kill delays, seeded."""
    rng = random.Random(seed)
    return [rng.uniform(low, high) for _ in range(n)]
