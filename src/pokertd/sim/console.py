"""The floor's console on a simulated night: the one door to the application layer.

Every command the simulated floor sends goes through :class:`Console` to
:class:`pokertd.app.TournamentService` (``now`` is the simulated clock, ``rng_factory``
draws from the night's seed), exactly as the web console's requests do; the state is read
back after each one, as a client reads it. A refused command is checked to have written
nothing (the log's last sequence number unchanged).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime

from pokertd.app import ID_ALPHABET, TournamentService, sandbox
from pokertd.sim.invariants import SimulationError
from pokertd.tournament.framework import Command, EventRecord, TournamentState

ACTOR = "sim"
"""Who the log says ran the simulator's commands."""


class Console:
    """One tournament on a private service: send commands, read the state back."""

    def __init__(
        self,
        now: Callable[[], datetime],
        seed: int,
        rng: random.Random,
        *,
        url: str | None = None,
        copy_of: tuple[TournamentService, str] | None = None,
    ) -> None:
        core = random.Random(f"core:{seed}")
        self.service = sandbox(
            url=url,
            copy_of=copy_of,
            now=now,
            rng_factory=lambda: random.Random(core.getrandbits(64)),
            id_factory=lambda: "sim-" + "".join(rng.choice(ID_ALPHABET) for _ in range(8)),
        )
        self.tid = ""
        self.state: TournamentState | None = None
        self.commands = 0
        """Commands the core applied (the event's creation included)."""
        self.refusals = 0
        """Commands the core refused; each is checked to have written nothing."""

    @property
    def st(self) -> TournamentState:
        """The tournament's state after the last command."""
        assert self.state is not None
        return self.state

    def create(self, command: Command) -> None:
        """Create the event (``CreateTournament``)."""
        self.tid = self.service.create(command, actor=ACTOR)
        self.commands += 1
        self.state = self.service.state(self.tid)

    def follow(self, tid: str) -> None:
        """Take over the existing tournament ``tid`` (the rest of tonight)."""
        self.tid = tid
        self.state = self.service.state(tid)

    def send(self, command: Command) -> list[EventRecord]:
        """Run a floor command now; the state is read again afterwards."""
        records = self.service.run(self.tid, command, actor=ACTOR)
        self.commands += 1
        self.state = self.service.state(self.tid)
        return records

    def last_seq(self) -> int:
        """The log's last sequence number."""
        return self.service.last_seq(self.tid)

    def records(self) -> list[EventRecord]:
        """The whole log."""
        return self.service.records(self.tid)

    def refused(self, command: Command, before: int) -> None:
        """A refused command wrote nothing: the store's last seq is still ``before``."""
        self.refusals += 1
        after = self.last_seq()
        if after != before:
            # English on purpose: a broken self-check is a bug report for the developers
            raise SimulationError(
                f"Invariant broken — a refused command writes nothing: "
                f"{type(command).__name__} was refused and the log went from seq {before} to "
                f"{after}."
            )

    def close(self) -> None:
        """Close the private store (a kept log is in its file)."""
        self.service.close()


__all__ = ["ACTOR", "Console"]
