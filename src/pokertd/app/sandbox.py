"""Private tournament services for the simulator: a store of its own, in memory or at a
URL, with a simulated clock and seeded randomness (issue 15, issue 24).

The simulator is a face: it plays the floor's commands through
:class:`~pokertd.app.tournaments.TournamentService` like the web console does, and never
opens a store itself. :func:`sandbox` gives it a service on a fresh store;
``copy_of=(service, tid)`` first copies a live tournament's log into it, batch by batch
with the same events, actors and times ("simulate the rest of tonight": the live
tournament is only read).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime

from pokertd.app.tournaments import TournamentService
from pokertd.store import open_store
from pokertd.tournament.framework import EventRecord


def sandbox(
    *,
    now: Callable[[], datetime],
    rng_factory: Callable[[], random.Random],
    id_factory: Callable[[], str],
    url: str | None = None,
    copy_of: tuple[TournamentService, str] | None = None,
) -> TournamentService:
    """A tournament service on its own store (``url``, else in memory), holding a copy of
    ``copy_of``'s tournament log when given. Close it with ``service.close()``."""
    store = open_store(url or "sqlite:///:memory:")
    if copy_of is not None:
        live, tid = copy_of
        batches: dict[int, list[EventRecord]] = {}
        for record in live.records(tid):
            batches.setdefault(record.batch, []).append(record)
        seq = 0
        for batch in sorted(batches):
            rows = batches[batch]
            store.append(
                tid,
                seq,
                [r.event for r in rows],
                actor=rows[0].actor,
                recorded_at=rows[0].recorded_at,
                command=rows[0].command,
            )
            seq += len(rows)
    return TournamentService(store, now=now, rng_factory=rng_factory, id_factory=id_factory)


__all__ = ["sandbox"]
