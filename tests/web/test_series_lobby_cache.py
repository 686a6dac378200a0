"""The series lobby (``/api/series/{id}/lobby``, ``/series/{id}``) made cheaply and never stale
(issue 16): each board is made from one read of its event (``views.board``), its parts that
only the log changes kept by log position, the status and clock per second.

What must hold: the board moves right after a registration (A2), a seat draw (C1), a clock
start, a bust (G1) or an undo on the same server, and right after another server's append on
PostgreSQL; and its figures are always the ones the event's ``stream`` view (what the TVs
get) shows at the same moment.
"""

from __future__ import annotations

import random
import secrets
import warnings
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

with warnings.catch_warnings():  # starlette asks for httpx2; plain httpx works the same here
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from pokertd.app import App
from pokertd.app.accounts import AccountService
from pokertd.app.series import SeriesService
from pokertd.app.tournaments import TournamentService
from pokertd.errors import PokertdError
from pokertd.store import open_store
from pokertd.store.testing import postgres_test_url
from pokertd.tournament.clock import NextLevel, StartClock
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, Register
from pokertd.tournament.framework import Undo
from pokertd.tournament.seating.log import DrawSeats
from pokertd.tournament.templates import load_template
from pokertd.web import Settings, create_app, views

from .conftest import DIRECTOR_PW, FAST_HASHER

START = datetime(2026, 11, 24, 18, 0, tzinfo=UTC)
BOARD_KEYS = ("tournament", "name", "clock", "status", "structure")
"""The board figures that must equal the ``stream`` view's (``payouts`` is its length)."""


class Clock:
    """A wall clock the test moves (the service and the web read the same one)."""

    def __init__(self) -> None:
        self.at = START

    def __call__(self) -> datetime:
        return self.at


@dataclass
class Lobby:
    """An app over one service, a series of events and the clock they run on."""

    service: TournamentService
    client: TestClient
    clock: Clock
    series: str
    events: list[str]

    def boards(self) -> dict[str, dict[str, Any]]:
        """The lobby API's boards by tournament id."""
        r = self.client.get(f"/api/series/{self.series}/lobby")
        assert r.status_code == 200, r.text
        return {b["tournament"]: b for b in r.json()["boards"]}

    def stream(self, tid: str) -> dict[str, Any]:
        """The event's ``stream`` view (the TVs' push) now."""
        return views.display(self.client.app.state.web, tid, "stream")  # type: ignore[attr-defined]


def _template() -> Any:
    return load_template("kpc_nlh").with_changes(profile="tda", tables=3, seats_per_table=9)


def _event(service: TournamentService, name: str, players: int, tid: str | None = None) -> str:
    tid = service.create(CreateTournament(name=name, template=_template()), tournament_id=tid)
    for i in range(players):
        service.run(tid, Register(name=f"{name} P{i:02d}", age_ok=True))
    return tid


def _lobby(
    url: str, clock: Clock, *, tids: list[str | None] | None = None
) -> Generator[Lobby, None, None]:
    """An app over a service on ``url`` (its clock ``clock``) and a new series of two events
    (``tids``: their ids, else random ones)."""
    service = TournamentService(open_store(url), now=clock)
    users = AccountService(url, hasher=FAST_HASHER)
    key = f"lobby-{secrets.token_hex(4)}"
    ids = tids or [None, None]
    events = [_event(service, "Event one", 12, ids[0]), _event(service, "Event two", 7, ids[1])]
    series = SeriesService(service)
    series.create_series(key, "Cache Festival")
    for tid in events:
        series.add_event(key, tid)
    app = create_app(
        App.over(service), Settings(db_url=url, director_password=DIRECTOR_PW), users=users
    )
    app.state.web.now = clock
    with TestClient(app) as client:
        yield Lobby(service, client, clock, key, events)
    service.close()
    users.close()


@pytest.fixture
def lobby(tmp_path: Path) -> Iterator[Lobby]:
    """Two events (12 and 7 players) in a series, over SQLite, on a clock the test moves."""
    yield from _lobby(f"sqlite:///{tmp_path / 'lobby.db'}", Clock(), tids=["one", "two"])


def _same_as_stream(lobby: Lobby) -> None:
    """Every board's figures equal its event's ``stream`` view at this moment."""
    for tid, board in lobby.boards().items():
        view = lobby.stream(tid)
        for key in BOARD_KEYS:
            assert board[key] == view.get(key), (tid, key)
        assert board["payouts"] == len(view.get("payouts") or []), tid
        assert board["server_time"] == view["server_time"] == lobby.clock.at.timestamp()


def test_board_moves_right_after_register_and_bust_on_the_same_server(lobby: Lobby) -> None:
    """A2 and G1: a registration, the places paid it brings and a bust show on the very next
    lobby answer, read back to back in the same second (the parts kept by log position make
    way at once)."""
    before = lobby.boards()
    assert [(b["status"]["entries"], b["status"]["alive"]) for b in before.values()] == [
        (12, 12),
        (7, 7),
    ]
    lobby.service.run("two", Register(name="Late Larry", age_ok=True))
    after = lobby.boards()
    assert (after["two"]["status"]["entries"], after["two"]["status"]["alive"]) == (8, 8)
    assert after["one"]["status"]["entries"] == 12
    assert after["two"]["status"]["prize_pool_cents"] > before["two"]["status"]["prize_pool_cents"]
    # places paid (kpc_nlh, TDA profile): 2 for 7 to 13 entries, 3 from 14; the TVs' view of
    # the older position is there (built before the registrations) and must not be reused
    assert after["two"]["payouts"] == 2
    assert len(lobby.stream("two")["payouts"]) == 2
    for i in range(6):
        lobby.service.run("two", Register(name=f"Late Lena {i}", age_ok=True))
    grown = lobby.boards()["two"]
    assert (grown["status"]["entries"], grown["payouts"]) == (14, 3)
    lobby.service.run("one", Bust(players=("Event one P03",)))
    busted = lobby.boards()
    assert (busted["one"]["status"]["entries"], busted["one"]["status"]["alive"]) == (12, 11)
    lobby.service.run("one", Undo())
    assert lobby.boards()["one"]["status"]["alive"] == 12
    page = lobby.client.get(f"/series/{lobby.series}")
    assert page.status_code == 200
    assert "Cache Festival" in page.text


def test_board_clock_follows_the_time_without_any_new_event(lobby: Lobby) -> None:
    """The clock is made per second, not kept with the log: 90 s later it shows 90 s less,
    and a level that ran out shows the next level, with no event in between."""
    lobby.service.run("one", DrawSeats())
    lobby.service.run("one", StartClock())
    first = lobby.boards()["one"]["clock"]
    assert first is not None
    left = first["seconds_left"]
    lobby.clock.at += timedelta(seconds=90)
    later = lobby.boards()["one"]["clock"]
    assert later["seconds_left"] == left - 90
    assert later["level"] == first["level"]
    lobby.clock.at += timedelta(seconds=left - 90 + 5)
    rolled = lobby.boards()["one"]
    assert rolled["clock"]["seconds_left"] != later["seconds_left"]
    assert rolled == {**rolled, **{k: lobby.stream("one").get(k) for k in BOARD_KEYS}}


def test_board_equals_the_stream_view_through_a_night_of_changes(lobby: Lobby) -> None:
    """A2, C1, G1: over 60 seeded random steps (register, seat draw, clock start, next level,
    bust, undo, close registration, time passing; the TVs' view built or not before the
    lobby reads), every board equals its event's ``stream`` view after every step."""
    rng = random.Random(16)
    web = lobby.client.app.state.web  # type: ignore[attr-defined]
    names = {"one": [f"Event one P{i:02d}" for i in range(12)],
             "two": [f"Event two P{i:02d}" for i in range(7)]}  # fmt: skip
    out: dict[str, list[str]] = {"one": [], "two": []}

    def walk_in(t: str) -> object:
        return lobby.service.run(t, Register(name=f"Walk-in {rng.randrange(10**6)}", age_ok=True))

    steps: list[Callable[[str], object]] = [
        walk_in,
        lambda t: lobby.service.run(t, DrawSeats()),
        lambda t: lobby.service.run(t, StartClock()),
        lambda t: lobby.service.run(t, NextLevel()),
        lambda t: lobby.service.run(t, Undo()),
        lambda t: lobby.service.run(t, CloseRegistration()),
    ]
    done = 0
    for _ in range(60):
        tid = rng.choice(lobby.events)
        pick = rng.randrange(len(steps) + 2)
        try:
            if pick == len(steps):
                alive = [n for n in names[tid] if n not in out[tid]]
                if len(alive) > 2:
                    who = rng.choice(alive)
                    lobby.service.run(tid, Bust(players=(who,)))
                    out[tid].append(who)
            elif pick == len(steps) + 1:
                lobby.clock.at += timedelta(seconds=rng.randrange(1, 400))
            else:
                steps[pick](tid)
            done += 1
        except PokertdError:  # a step the rules refuse now (e.g. no clock yet) is skipped
            pass
        if rng.random() < 0.5:  # the hub built the TVs' view of this position first
            views.display(web, tid, "stream")
        _same_as_stream(lobby)
    assert done >= 30


@pytest.mark.postgres
def test_board_shows_another_servers_append_on_postgresql() -> None:
    """Two services on one PostgreSQL database (two servers): a registration (A2) and a bust
    (G1) made on A show on B's very next lobby answer, no waiting for a notification."""
    url, reason = postgres_test_url()
    if url is None:
        pytest.skip(reason)
    gen = _lobby(url, Clock())
    b = next(gen)
    a = TournamentService(open_store(url), now=b.clock)
    try:
        one, two = b.events
        assert [x["status"]["entries"] for x in b.boards().values()] == [12, 7]
        a.run(two, Register(name="Remote Rita", age_ok=True))
        boards = b.boards()
        assert (boards[two]["status"]["entries"], boards[two]["status"]["alive"]) == (8, 8)
        a.run(one, Bust(players=("Event one P05",)))
        a.run(one, Bust(players=("Event one P06",)))
        boards = b.boards()
        assert boards[one]["status"]["alive"] == 10
        assert boards[one]["status"]["entries"] == 12
        _same_as_stream(b)
    finally:
        a.close()
        gen.close()
