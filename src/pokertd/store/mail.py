"""The results mail's delivery status: a small side table beside the log (issue 26, point 3).

*What* should be mailed is not stored: it is derived from the tournament's log (the event
is over, the players recorded with it) and the player database (who gave an address), by
:mod:`pokertd.app.mail`. Only what the log cannot know is kept here, with one SQL text
both SQLite and PostgreSQL accept (:class:`SqlMail`), created on first use:

- ``pokertd_mail_outbox``: one row per (tournament, player) once a delivery was tried:
  its ``generation`` (0, then one more per explicit "send again"), ``state``
  (``queued``: wait for ``next_try``; ``sending``: claimed by a sender; ``sent``;
  ``failed``: given up after the last attempt), the attempts made, the last error, when
  it was sent and its Message-ID. A player without a row is simply due.
- ``pokertd_mail_requests``: each explicit "send again" (which player, or ``*`` for all;
  who; when), never overwritten.

A sender *claims* a row (``sending``, in one locked transaction) before it talks to the
mail server and marks it ``sent`` after the server accepted the message. Two senders
cannot both claim one row, and a row a crash left ``sending`` is never claimed again by
itself: the mail may have left, and a player must never get it twice (the director sees
it and may send it again).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from pokertd.store.accounts import Runner, SideTables

MAIL_LOCK = 0x504B4D4C
"""PostgreSQL advisory lock of outbox writes ("PKML")."""
MAIL_SCHEMA_LOCK = 0x504B4D4D
"""PostgreSQL advisory lock of the outbox tables' creation ("PKMM")."""

MAIL_TABLES = ("pokertd_mail_outbox", "pokertd_mail_requests")
"""The mail tables, in creation order."""

QUEUED, SENDING, SENT, FAILED = "queued", "sending", "sent", "failed"
"""The states of an outbox row."""

_DDL = (
    "CREATE TABLE IF NOT EXISTS pokertd_mail_outbox (tournament TEXT NOT NULL, "
    "player_id TEXT NOT NULL, generation INTEGER NOT NULL, state TEXT NOT NULL, "
    "attempts INTEGER NOT NULL, next_try TEXT NOT NULL, last_error TEXT NOT NULL, "
    "claimed_at TEXT NOT NULL, sent_at TEXT NOT NULL, message_id TEXT NOT NULL, "
    "PRIMARY KEY (tournament, player_id))",
    "CREATE TABLE IF NOT EXISTS pokertd_mail_requests (tournament TEXT NOT NULL, "
    "n INTEGER NOT NULL, player_id TEXT NOT NULL, staff TEXT NOT NULL, at TEXT NOT NULL, "
    "PRIMARY KEY (tournament, n))",
)

_COLUMNS = (
    "tournament, player_id, generation, state, attempts, next_try, last_error, "
    "claimed_at, sent_at, message_id"
)


@dataclass(frozen=True, slots=True)
class OutboxRow:
    """The delivery status of one player's results mail of one tournament."""

    tournament: str
    player_id: str
    generation: int
    """0 for the first mail, one more for each explicit "send again"."""
    state: str
    attempts: int
    """Attempts of this generation so far."""
    next_try: str
    """ISO instant before which a ``queued`` row waits (``""``: at once)."""
    last_error: str
    claimed_at: str
    """When a sender claimed it (``sending``), ISO."""
    sent_at: str
    message_id: str


@dataclass(frozen=True, slots=True)
class MailRequest:
    """One explicit "send again" (``player_id`` ``*``: every recipient)."""

    tournament: str
    n: int
    player_id: str
    staff: str
    at: str


def _row(r: tuple[Any, ...]) -> OutboxRow:
    return OutboxRow(
        str(r[0]),
        str(r[1]),
        int(r[2]),
        str(r[3]),
        int(r[4]),
        str(r[5]),
        str(r[6]),
        str(r[7]),
        str(r[8]),
        str(r[9]),
    )


@runtime_checkable
class MailStore(Protocol):
    """The outbox's delivery status (see the module docstring)."""

    def outbox(self, tournament: str) -> list[OutboxRow]:
        """Every outbox row of ``tournament``."""
        ...

    def claim(self, tournament: str, player_id: str, *, at: str) -> OutboxRow | None:
        """Claim the player's mail for sending now, or ``None`` when it is not due."""
        ...

    def mark_sent(
        self, tournament: str, player_id: str, generation: int, *, at: str, message_id: str
    ) -> None:
        """The mail server accepted the claimed message ``message_id``."""
        ...

    def mark_failed(
        self,
        tournament: str,
        player_id: str,
        generation: int,
        *,
        error: str,
        next_try: str,
        give_up: bool,
    ) -> None:
        """The attempt failed: wait until ``next_try``, or give up."""
        ...

    def request_again(
        self, tournament: str, player_ids: list[str], *, all_players: bool, staff: str, at: str
    ) -> MailRequest:
        """Queue a new generation for ``player_ids`` and record who asked."""
        ...

    def mail_requests(self, tournament: str) -> list[MailRequest]:
        """Every explicit "send again" of ``tournament``, oldest first."""
        ...

    def queued_tournaments(self) -> list[str]:
        """Tournaments with a ``queued`` row (a retry or a "send again" waiting)."""
        ...


class SqlMail(SideTables):
    """:class:`MailStore` over the store's side-table hooks (one SQL text for both
    dialects; writes under :data:`MAIL_LOCK`)."""

    _mail_ready: bool = False

    def _ensure_mail(self) -> None:
        if not self._mail_ready:
            self._create_tables(_DDL, MAIL_SCHEMA_LOCK)
            self._mail_ready = True

    @contextlib.contextmanager
    def _mail_tx(self) -> Iterator[Runner]:
        self._ensure_mail()
        with self._accounts_tx(MAIL_LOCK) as run:
            yield run

    def _mail_read(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        self._ensure_mail()
        with self._accounts_read() as run:
            return run(sql, params)

    def outbox(self, tournament: str) -> list[OutboxRow]:
        """Every outbox row of ``tournament``, by player id."""
        rows = self._mail_read(
            f"SELECT {_COLUMNS} FROM pokertd_mail_outbox WHERE tournament = ? ORDER BY player_id",
            (tournament,),
        )
        return [_row(r) for r in rows]

    def claim(self, tournament: str, player_id: str, *, at: str) -> OutboxRow | None:
        """Claim the mail (``sending``, one attempt more) when it has no row yet, or is
        ``queued`` and its ``next_try`` has come; ``None`` otherwise (sent, given up,
        waiting, or claimed by another sender or before a crash)."""
        with self._mail_tx() as run:
            found = run(
                f"SELECT {_COLUMNS} FROM pokertd_mail_outbox "
                "WHERE tournament = ? AND player_id = ?",
                (tournament, player_id),
            )
            if not found:
                run(
                    f"INSERT INTO pokertd_mail_outbox ({_COLUMNS}) "
                    "VALUES (?, ?, 0, ?, 1, '', '', ?, '', '')",
                    (tournament, player_id, SENDING, at),
                )
                return OutboxRow(tournament, player_id, 0, SENDING, 1, "", "", at, "", "")
            row = _row(found[0])
            if row.state != QUEUED or (row.next_try and row.next_try > at):
                return None
            run(
                "UPDATE pokertd_mail_outbox SET state = ?, attempts = ?, claimed_at = ? "
                "WHERE tournament = ? AND player_id = ?",
                (SENDING, row.attempts + 1, at, tournament, player_id),
            )
            return OutboxRow(
                tournament,
                player_id,
                row.generation,
                SENDING,
                row.attempts + 1,
                row.next_try,
                row.last_error,
                at,
                "",
                "",
            )

    def mark_sent(
        self, tournament: str, player_id: str, generation: int, *, at: str, message_id: str
    ) -> None:
        """The claimed message of ``generation`` was accepted by the mail server."""
        with self._mail_tx() as run:
            run(
                "UPDATE pokertd_mail_outbox SET state = ?, sent_at = ?, last_error = '', "
                "message_id = ? WHERE tournament = ? AND player_id = ? AND generation = ?",
                (SENT, at, message_id, tournament, player_id, generation),
            )

    def mark_failed(
        self,
        tournament: str,
        player_id: str,
        generation: int,
        *,
        error: str,
        next_try: str,
        give_up: bool,
    ) -> None:
        """The attempt of ``generation`` failed: queued until ``next_try``, or ``failed``."""
        with self._mail_tx() as run:
            run(
                "UPDATE pokertd_mail_outbox SET state = ?, next_try = ?, last_error = ? "
                "WHERE tournament = ? AND player_id = ? AND generation = ?",
                (
                    FAILED if give_up else QUEUED,
                    next_try,
                    error[:300],
                    tournament,
                    player_id,
                    generation,
                ),
            )

    def request_again(
        self, tournament: str, player_ids: list[str], *, all_players: bool, staff: str, at: str
    ) -> MailRequest:
        """Queue a new generation (a new Message-ID, attempts from 0) for each of
        ``player_ids`` and record the request, in one transaction."""
        with self._mail_tx() as run:
            for pid in player_ids:
                found = run(
                    "SELECT generation FROM pokertd_mail_outbox "
                    "WHERE tournament = ? AND player_id = ?",
                    (tournament, pid),
                )
                if found:
                    run(
                        "UPDATE pokertd_mail_outbox SET generation = ?, state = ?, attempts = 0, "
                        "next_try = '', last_error = '', claimed_at = '', sent_at = '', "
                        "message_id = '' WHERE tournament = ? AND player_id = ?",
                        (int(found[0][0]) + 1, QUEUED, tournament, pid),
                    )
                else:
                    run(
                        f"INSERT INTO pokertd_mail_outbox ({_COLUMNS}) "
                        "VALUES (?, ?, 0, ?, 0, '', '', '', '', '')",
                        (tournament, pid, QUEUED),
                    )
            last = run(
                "SELECT COALESCE(MAX(n), 0) FROM pokertd_mail_requests WHERE tournament = ?",
                (tournament,),
            )
            n = int(last[0][0]) + 1
            who = "*" if all_players else ",".join(player_ids)
            run(
                "INSERT INTO pokertd_mail_requests (tournament, n, player_id, staff, at) "
                "VALUES (?, ?, ?, ?, ?)",
                (tournament, n, who, staff, at),
            )
            return MailRequest(tournament, n, who, staff, at)

    def mail_requests(self, tournament: str) -> list[MailRequest]:
        """Every explicit "send again" of ``tournament``, oldest first."""
        rows = self._mail_read(
            "SELECT tournament, n, player_id, staff, at FROM pokertd_mail_requests "
            "WHERE tournament = ? ORDER BY n",
            (tournament,),
        )
        return [MailRequest(str(r[0]), int(r[1]), str(r[2]), str(r[3]), str(r[4])) for r in rows]

    def queued_tournaments(self) -> list[str]:
        """Tournaments with a ``queued`` row (a retry or a "send again" waiting)."""
        rows = self._mail_read(
            "SELECT DISTINCT tournament FROM pokertd_mail_outbox WHERE state = ? "
            "ORDER BY tournament",
            (QUEUED,),
        )
        return [str(r[0]) for r in rows]


__all__ = [
    "FAILED",
    "MAIL_TABLES",
    "QUEUED",
    "SENDING",
    "SENT",
    "MailRequest",
    "MailStore",
    "OutboxRow",
    "SqlMail",
]
