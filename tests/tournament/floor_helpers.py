"""A tournament driven through the service on an in-memory store, with a settable clock."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime, timedelta

from pokertd.app.tournaments import TournamentService
from pokertd.store import open_store
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import (
    ClockReading,
    CreateTournament,
    Register,
    Roster,
    connect_readers,
    readers,
)
from pokertd.tournament.framework import Command, EventRecord, TournamentState
from pokertd.tournament.seating import (
    BreakTable,
    ConfirmMove,
    DrawSeats,
    LayTables,
    live_seating,
    tables_view,
)
from pokertd.tournament.templates import Template, load_template

START = datetime(2026, 11, 22, 19, 0, tzinfo=UTC)


class Night:
    """One tournament on a fresh in-memory store; ``now`` moves only when told."""

    def __init__(self, template: str | Template = "fox_grinder", **changes: object) -> None:
        self.now = START
        self.service = TournamentService(open_store("sqlite:///:memory:"), now=lambda: self.now)
        tmpl = template if isinstance(template, Template) else load_template(template)
        if changes:
            tmpl = tmpl.with_changes(**changes)
        self.tid = self.service.create(CreateTournament(name="Test night", template=tmpl))

    def run(self, command: Command) -> list[EventRecord]:
        """Run a command as the floor."""
        return self.service.run(self.tid, command, actor="floor")

    def register(self, *names: str) -> None:
        """Register players with every confirmation the profile may ask for."""
        for name in names:
            self.run(Register(name=name, member="1234", age_ok=True))

    @property
    def state(self) -> TournamentState:
        return self.service.state(self.tid)

    @property
    def records(self) -> list[EventRecord]:
        return self.service.records(self.tid)

    def later(self, minutes: int) -> None:
        self.now += timedelta(minutes=minutes)


@contextmanager
def clock_at(
    level: int,
    *,
    started: bool = True,
    registration_open: bool = True,
    on_break: bool = False,
    play_minutes: int = 0,
    running: bool = True,
) -> Iterator[None]:
    """Make every tournament's clock read ``level`` while the block runs."""
    reading = ClockReading(
        running=running,
        started=started,
        level=level,
        on_break=on_break,
        registration_open=registration_open,
        play_seconds=play_minutes * 60,
    )

    def reader(state: TournamentState, now: datetime) -> ClockReading:
        return reading

    previous = connect_readers(replace(readers(), clock=reader))
    try:
        yield
    finally:
        connect_readers(previous)


def two_tables_of_ten() -> Night:
    """20 players drawn onto two 10-seat Foxwoods tables, no button anywhere yet (the
    simulator's findings on Confirm all and the seating's scale tests start here)."""
    night = Night("fox_grinder", tables=2, seats_per_table=10)
    night.register(*(f"Player {i:02d}" for i in range(20)))
    night.run(LayTables(tables=((1, 10), (2, 10))))
    night.run(DrawSeats())
    return night


def broken_night(service: TournamentService, profile: str, *, confirm: bool = True) -> str:
    """20 players at three 9-seat tables (7/7/6), two busted at tables 1 and 2 each (16
    left: 5/5/6), then table 3 breaks and the floor confirms its 6 moves (or leaves them
    waiting): C4, the slips' night of the core's, the API's, the CLI's and the sentences'
    tests."""
    tmpl = load_template("kpc_nlh").with_changes(profile=profile, tables=3, seats_per_table=9)
    tid = service.create(CreateTournament(name="Tuesday", template=tmpl))
    for i in range(20):
        service.run(tid, Register(name=f"Player {i:02d}", member=f"M{i}", age_ok=True))
    service.run(tid, DrawSeats())
    seating = live_seating(service.state(tid))
    roster = service.state(tid).part(Roster)
    for number in (1, 2):
        for v in [p for p in seating.tables[number].players if p is not None][:2]:
            service.run(tid, Bust(players=(roster.entries[v].name,)))
    service.run(tid, BreakTable(table=3))
    if confirm:
        for m in tables_view(service.state(tid)).pending:
            service.run(tid, ConfirmMove(move_id=m.move_id))
    return tid
