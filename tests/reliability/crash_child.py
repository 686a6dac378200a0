"""Child process of the crash test: runs commands in a loop until it is killed.

``python crash_child.py URL TOURNAMENT_ID`` opens the store, creates the toy tournament if
it does not exist, prints ``ready`` and ``ack <n> <seq> <digest>`` for the state it
starts from, and then runs commands back to back forever. Before each
command it prints ``try <n> <events>`` (command number, events it will append); after the
service acknowledged it, ``ack <n> <seq> <digest>`` (last seq, digest of the state). Every
eighth command is an ``Undo`` (a full refold). Each line is flushed before going on, so the
parent knows exactly what was acknowledged when SIGKILL lands.
"""

from __future__ import annotations

import hashlib
import sys

from pokertd.app.tournaments import open_service
from pokertd.errors import PokertdError
from pokertd.store.testing import ToyCreate, ToyNote, toy_view
from pokertd.tournament.framework import Command, TournamentState, Undo


def digest(state: TournamentState) -> str:
    """A short digest of the toy state (what replay must reproduce)."""
    return hashlib.sha256(repr((state.seq, toy_view(state))).encode()).hexdigest()[:16]


def main(url: str, tid: str) -> None:
    service = open_service(url)
    if not service.exists(tid):
        service.create(ToyCreate("Crash", 9), tournament_id=tid)
    n = sum(1 for r in service.records(tid) if r.batch == r.seq)  # batches so far
    out = sys.stdout
    state = service.state(tid)
    out.write(f"ready\nack {n} {state.seq} {digest(state)}\n")
    out.flush()
    while True:
        n += 1
        command: Command
        if n % 8 == 0:
            command, size = Undo(), 1
        else:
            size = 1 + n % 5
            command = ToyNote(f"c{n}", count=size)
        out.write(f"try {n} {size}\n")
        out.flush()
        try:
            records = service.run(tid, command)
        except PokertdError as exc:  # e.g. nothing to undo
            out.write(f"refused {n} {exc}\n")
            out.flush()
            continue
        out.write(f"ack {n} {records[-1].seq} {digest(service.state(tid))}\n")
        out.flush()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
