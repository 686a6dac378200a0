"""The results-mail outbox on SQLite and PostgreSQL: one SQL text, the same answers.

A claim is made once (a second sender gets ``None``), a failed attempt waits its time, a
give-up is final, and a "send again" starts a new generation and is recorded (issue 26).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pokertd.store import open_store
from pokertd.store.mail import FAILED, MAIL_TABLES, QUEUED, SENDING, SENT, MailStore


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[MailStore]:
    if request.param == "postgres":
        url = request.getfixturevalue("pg_database")
    else:
        url = f"sqlite:///{tmp_path / 'mail.db'}"
    opened = open_store(url)
    assert isinstance(opened, MailStore)
    try:
        yield opened
    finally:
        opened.close()


def test_claim_once_fail_wait_give_up_and_send_again(store: MailStore) -> None:
    assert MAIL_TABLES == ("pokertd_mail_outbox", "pokertd_mail_requests")
    first = store.claim("t1", "pla", at="2026-11-28T23:00:00+00:00")
    assert first is not None
    assert (first.state, first.attempts, first.generation) == (SENDING, 1, 0)
    assert store.claim("t1", "pla", at="2026-11-28T23:00:01+00:00") is None  # claimed
    store.mark_failed(
        "t1", "pla", 0, error="down", next_try="2026-11-28T23:01:00+00:00", give_up=False
    )
    assert store.claim("t1", "pla", at="2026-11-28T23:00:30+00:00") is None  # waits
    assert store.queued_tournaments() == ["t1"]
    second = store.claim("t1", "pla", at="2026-11-28T23:01:00+00:00")
    assert second is not None
    assert second.attempts == 2
    store.mark_failed("t1", "pla", 0, error="refused", next_try="", give_up=True)
    (row,) = store.outbox("t1")
    assert (row.state, row.attempts, row.last_error) == (FAILED, 2, "refused")
    assert store.claim("t1", "pla", at="2026-11-29T00:00:00+00:00") is None  # given up
    assert store.queued_tournaments() == []
    asked = store.request_again("t1", ["pla", "plb"], all_players=True, staff="Dee", at="x")
    assert (asked.n, asked.player_id, asked.staff) == (1, "*", "Dee")
    rows = {r.player_id: r for r in store.outbox("t1")}
    assert (rows["pla"].generation, rows["pla"].state, rows["pla"].attempts) == (1, QUEUED, 0)
    assert (rows["plb"].generation, rows["plb"].state) == (0, QUEUED)
    again = store.claim("t1", "pla", at="2026-11-29T00:00:00+00:00")
    assert again is not None
    store.mark_sent("t1", "pla", 0, at="late", message_id="<old>")  # an older generation
    assert store.outbox("t1")[0].state == SENDING  # ... changes nothing
    store.mark_sent("t1", "pla", 1, at="2026-11-29T00:00:01+00:00", message_id="<m1>")
    row = store.outbox("t1")[0]
    assert (row.state, row.message_id) == (SENT, "<m1>")
    assert [r.n for r in store.mail_requests("t1")] == [1]
    assert store.outbox("t2") == []
