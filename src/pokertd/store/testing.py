"""A tiny test-only domain for exercising stores and the service (not a tournament).

Registered only when this module is imported (tests, crash children, ``bench/store.py``):
a "table" with a fixed number of seats, players who register into it and bust out of it,
and free-text notes for volume. Its refusals behave like real ones (``RuleViolation`` with
a rule ID), so store and service tests do not depend on the domain modules, and crash and
race tests have a "last seat" and a "bust" to fight over.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Iterator
from dataclasses import dataclass, field

from pokertd.errors import InvalidCommand, RuleViolation
from pokertd.tournament.framework import (
    Command,
    Context,
    Event,
    TournamentState,
    applies,
    decides,
    event,
    state_part,
)


@state_part
@dataclass
class ToyTable:
    """The toy part: who is registered and who is out."""

    name: str = ""
    seats: int = 0
    players: list[str] = field(default_factory=list)
    busted: list[str] = field(default_factory=list)
    notes: int = 0


@event("toy_created")
class ToyCreated(Event):
    """A toy table was opened."""

    name: str
    seats: int


@event("toy_registered")
class ToyRegistered(Event):
    """A player took a seat."""

    player: str
    seat: int


@event("toy_busted")
class ToyBusted(Event):
    """A player went out."""

    player: str
    place: int


@event("toy_noted")
class ToyNoted(Event):
    """A free-text note (and a random number, as real draws are stored)."""

    text: str
    draw: int = 0


@applies(ToyCreated)
def _created(state: TournamentState, ev: ToyCreated) -> None:
    table = state.part(ToyTable)
    table.name = ev.name
    table.seats = ev.seats


@applies(ToyRegistered)
def _registered(state: TournamentState, ev: ToyRegistered) -> None:
    state.part(ToyTable).players.append(ev.player)


@applies(ToyBusted)
def _busted(state: TournamentState, ev: ToyBusted) -> None:
    state.part(ToyTable).busted.append(ev.player)


@applies(ToyNoted)
def _noted(state: TournamentState, ev: ToyNoted) -> None:
    state.part(ToyTable).notes += 1


@dataclass(frozen=True, slots=True)
class ToyCreate(Command):
    """Open a toy table with ``seats`` seats."""

    name: str
    seats: int


@dataclass(frozen=True, slots=True)
class ToyRegister(Command):
    """Seat ``player`` (refused when full or already seated)."""

    player: str


@dataclass(frozen=True, slots=True)
class ToyBust(Command):
    """Bust ``player`` (refused when not seated or already out)."""

    player: str


@dataclass(frozen=True, slots=True)
class ToyNote(Command):
    """Write ``count`` notes in one batch (``count`` 0 is refused as changing nothing)."""

    text: str
    count: int = 1


@decides(ToyCreate)
def _create(state: TournamentState, cmd: ToyCreate, ctx: Context) -> list[Event]:
    if state.seq:
        # English on purpose: the toy domain of the store's tests, never on a floor
        raise InvalidCommand("This toy table is already open.")
    if cmd.seats < 1:
        # English on purpose: the toy domain of the store's tests, never on a floor
        raise InvalidCommand(f"A table needs at least one seat, not {cmd.seats}.")
    return [ToyCreated(name=cmd.name, seats=cmd.seats)]


@decides(ToyRegister)
def _register(state: TournamentState, cmd: ToyRegister, ctx: Context) -> list[Event]:
    table = state.part(ToyTable)
    if cmd.player in table.players:
        # English on purpose: the toy domain of the store's tests, never on a floor
        raise RuleViolation(f"{cmd.player} is already seated.", rule_ids="TOY-1")
    if len(table.players) >= table.seats:
        # English on purpose: the toy domain of the store's tests, never on a floor
        raise RuleViolation(
            f"The table is full: all {table.seats} seats are taken.", rule_ids="TOY-2"
        )
    return [ToyRegistered(player=cmd.player, seat=len(table.players) + 1)]


@decides(ToyBust)
def _bust(state: TournamentState, cmd: ToyBust, ctx: Context) -> list[Event]:
    table = state.part(ToyTable)
    if cmd.player not in table.players:
        # English on purpose: the toy domain of the store's tests, never on a floor
        raise RuleViolation(f"{cmd.player} is not seated.", rule_ids="TOY-3")
    if cmd.player in table.busted:
        # English on purpose: the toy domain of the store's tests, never on a floor
        raise RuleViolation(f"{cmd.player} is already out.", rule_ids="TOY-4")
    place = len(table.players) - len(table.busted)
    return [ToyBusted(player=cmd.player, place=place)]


@decides(ToyNote)
def _note(state: TournamentState, cmd: ToyNote, ctx: Context) -> list[Event]:
    return [ToyNoted(text=cmd.text, draw=ctx.rng.randrange(1_000_000)) for _ in range(cmd.count)]


def toy_view(state: TournamentState) -> tuple[str, int, tuple[str, ...], tuple[str, ...], int]:
    """The toy part as a comparable value (for replay == state checks)."""
    table = state.part(ToyTable)
    return (table.name, table.seats, tuple(table.players), tuple(table.busted), table.notes)


PG_URL_ENV = "POKERTD_TEST_PG_URL"
"""The environment variable naming the PostgreSQL database tests may use."""


def postgres_test_url() -> tuple[str | None, str]:
    """``(url, "")`` when ``$POKERTD_TEST_PG_URL`` names a reachable server, else
    ``(None, reason)`` for a clear ``pytest.skip``."""
    import os

    import psycopg

    url = os.environ.get(PG_URL_ENV)
    if not url:
        return None, f"no PostgreSQL: set {PG_URL_ENV} (.ci/run starts one and sets it)"
    try:
        with psycopg.connect(url, connect_timeout=3) as conn:
            conn.execute("SELECT 1")
    except psycopg.Error as exc:
        return None, f"PostgreSQL at {PG_URL_ENV} is unreachable: {str(exc).strip()}"
    return url, ""


@contextlib.contextmanager
def fresh_postgres_database(base: str, prefix: str) -> Iterator[str]:
    """A new, empty PostgreSQL database on the server of ``base`` (named ``prefix`` plus a
    random suffix), yielding its URL; dropped afterwards, its sessions ended first."""
    import psycopg

    name = f"{prefix}_{secrets.token_hex(4)}"
    with psycopg.connect(base, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    try:
        yield base.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with psycopg.connect(base, autocommit=True) as admin:
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
                (name,),
            )
            admin.execute(f"DROP DATABASE IF EXISTS {name}")


__all__ = [
    "PG_URL_ENV",
    "ToyBust",
    "ToyBusted",
    "ToyCreate",
    "ToyCreated",
    "ToyNote",
    "ToyNoted",
    "ToyRegister",
    "ToyRegistered",
    "ToyTable",
    "fresh_postgres_database",
    "postgres_test_url",
    "toy_view",
]
