"""Property: random valid and invalid commands through the service.

After every rejected command the stored rows are byte-for-byte what they were and the state
is unchanged; after every accepted one the rows grew by exactly its records; and a fresh
replay of the log always equals the service's cached state.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.app.tournaments import TournamentService
from pokertd.errors import PokertdError
from pokertd.store import open_store
from pokertd.store.testing import ToyBust, ToyCreate, ToyNote, ToyRegister, toy_view
from pokertd.tournament.framework import Command, Redo, Undo, fold

PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve"]

commands: st.SearchStrategy[Command] = st.one_of(
    st.builds(ToyRegister, st.sampled_from(PLAYERS)),
    st.builds(ToyBust, st.sampled_from(PLAYERS)),
    st.builds(ToyNote, st.text(max_size=5), st.integers(min_value=0, max_value=3)),
    st.just(Undo()),
    st.just(Redo()),
    st.builds(ToyCreate, st.just("again"), st.integers(min_value=0, max_value=3)),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(commands, max_size=25), st.sampled_from([0, 1, 4]))
def test_rejected_commands_leave_the_log_byte_identical(
    script: list[Command], snapshot_every: int
) -> None:
    """Also: a fresh service (from the latest snapshot, when there is one, plus the tail)
    always sees the same state as the long-lived one."""
    store = open_store("sqlite:///:memory:")
    service = TournamentService(
        store, rng_factory=lambda: random.Random(3), snapshot_every=snapshot_every
    )
    tid = service.create(ToyCreate("Prop", 3), tournament_id="prop")
    rejected = accepted = 0
    for command in script:
        rows = store.rows(tid)
        view = toy_view(service.state(tid))
        try:
            records = service.run(tid, command)
        except PokertdError:
            rejected += 1
            assert store.rows(tid) == rows
            assert toy_view(service.state(tid)) == view
        else:
            accepted += 1
            after = store.rows(tid)
            assert after[: len(rows)] == rows
            assert [r.seq for r in after[len(rows) :]] == [r.seq for r in records]
        replayed = fold(tid, store.load(tid))
        assert toy_view(replayed) == toy_view(service.state(tid))
        assert replayed.seq == service.state(tid).seq
        fresh = TournamentService(store, snapshot_every=snapshot_every)
        assert toy_view(fresh.state(tid)) == toy_view(replayed)
        assert fresh.state(tid).batches == replayed.batches
        assert fresh.records(tid) == store.load(tid)
    assert rejected + accepted == len(script)
    store.close()
