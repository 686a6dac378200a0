"""Child process of the race tests: runs the commands the parent sends, on cue.

``python race_child.py URL`` opens a service on the store and prints ``ready``. Then, per
line of JSON on stdin:

* ``{"op": "prepare", "tid": ...}`` loads the tournament (so both racers start warm) and
  prints ``{"ok": true}``;
* ``{"op": "run", "tid": ..., "command": {...}, "go_at": t}`` waits until
  ``time.monotonic() >= t`` (one clock for every process on the machine), runs the command
  and prints ``{"result": "won"|"refused", "message": ..., "appends": n}`` where ``appends``
  counts append attempts (2 or more: it lost a race at the store and decided again).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from pokertd.app.tournaments import TournamentService
from pokertd.errors import PokertdError
from pokertd.store import EventStore, open_store
from pokertd.store.testing import ToyBust, ToyRegister
from pokertd.tournament.framework import Command, Event, EventRecord


class CountingStore:
    """Counts append attempts on the way to the real store."""

    def __init__(self, inner: EventStore) -> None:
        self.inner = inner
        self.appends = 0

    def __getattr__(self, name: str) -> Any:
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
        self.appends += 1
        return self.inner.append(
            tournament_id,
            expected_seq,
            events,
            actor=actor,
            recorded_at=recorded_at,
            command=command,
        )


def build(spec: dict[str, Any]) -> Command:
    """The command a JSON spec names (toy commands, or the real entries/eliminations)."""
    kind = spec["kind"]
    if kind == "toy_register":
        return ToyRegister(spec["player"])
    if kind == "toy_bust":
        return ToyBust(spec["player"])
    if kind == "register":
        from pokertd.tournament.entries import Register

        return Register(name=spec["player"], age_ok=True, member_ok=True)
    if kind == "bust":
        from pokertd.tournament.eliminations import Bust

        return Bust(players=(spec["player"],))
    raise ValueError(f"unknown command kind {kind!r}")


def main(url: str) -> None:
    store = CountingStore(open_store(url))
    service = TournamentService(store)
    out = sys.stdout
    out.write("ready\n")
    out.flush()
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["op"] == "prepare":
            service.state(msg["tid"])
            reply: dict[str, Any] = {"ok": True}
        else:
            command = build(msg["command"])
            store.appends = 0
            while time.monotonic() < msg["go_at"]:
                pass
            try:
                service.run(msg["tid"], command, actor=msg.get("actor", "racer"))
                reply = {"result": "won", "message": "", "appends": store.appends}
            except PokertdError as exc:
                reply = {"result": "refused", "message": str(exc), "appends": store.appends}
        out.write(json.dumps(reply) + "\n")
        out.flush()


if __name__ == "__main__":
    main(sys.argv[1])
