"""Fixtures of the results-mail tests: a REAL SMTP server in its own process, and a night.

The server is aiosmtpd run as ``python -m aiosmtpd`` with its ``Mailbox`` handler: every
message it accepts is written to a Maildir (with the envelope's ``X-RcptTo``), which the
tests read back. It can be started late (the server "down" at first) and stopped.

The night, numbers by hand: Foxwoods $100 NLH Bounty (``fox_bounty_100``: $52 buy-in to
the pool, $3 P.C. fee, $20 entry fee, $25 bounty), six players. Flo and Ed go out to Cy
(2 knockouts, 2 x $25 = $50 of bounties), Di to Ann, then Cy (3rd) and Bob (2nd) to Ann.
Six entries: column 2-10 of FOX-PTAB pays two places, 60 % and 40 % of the net pool. The
gross pool is 6 x $52 = $312.00; FOX-ADMIN withholds 3 % of the buy-ins plus the bounty
fees, 3 % of (6 x $52 + 6 x $25) = 3 % of $462.00 = $13.86; the net pool $298.14 pays
1st $178.88 (60 % = $178.884) and 2nd $119.26 (40 % = $119.256), $298.14 in all. Bob (2nd,
$119.26) and Cy (3rd, no prize, 2 knockouts, $50.00) gave mail addresses; the other four
did not.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from pokertd.app.leagues import LeagueService
from pokertd.app.mail import MailService, MailSettings
from pokertd.app.players import PlayerService
from pokertd.app.tournaments import TournamentService
from pokertd.store import open_store
from pokertd.tournament.eliminations import Bust
from pokertd.tournament.entries import CloseRegistration, CreateTournament, Register, Roster
from pokertd.tournament.templates import load_template

NOW = datetime(2026, 11, 28, 23, 30, tzinfo=UTC)
PLAYERS = ("Ann Lee", "Bob Ray", "Cy Wu", "Di Fox", "Ed Po", "Flo Ng")
ADDRESSES = {"Bob Ray": "bob@example.org", "Cy Wu": "cy@example.org"}


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class SmtpServer:
    """aiosmtpd in its own process, writing what it accepts to ``maildir``."""

    port: int
    maildir: Path
    process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "aiosmtpd", "-n", "-l", f"127.0.0.1:{self.port}",
             "-c", "aiosmtpd.handlers.Mailbox", str(self.maildir)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        for _ in range(200):  # wait until it listens (at most 10 s)
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the local SMTP server did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None

    def received(self) -> list[EmailMessage]:
        """Every message the server accepted, oldest first."""
        if not (self.maildir / "new").exists():
            return []
        # In the order written (a Maildir's keys sort by text: two mails of one second can
        # come out of order by key); the server writes each before it answers 250.
        files = [f for d in ("new", "cur") for f in (self.maildir / d).iterdir() if f.is_file()]
        files.sort(key=lambda f: (f.stat().st_mtime_ns, f.name))
        out = [message_from_bytes(f.read_bytes(), policy=policy.default) for f in files]
        return [m for m in out if isinstance(m, EmailMessage)]


@pytest.fixture
def smtp(tmp_path: Path) -> Iterator[SmtpServer]:
    """The local SMTP server, not started yet (``smtp.start()``)."""
    server = SmtpServer(free_port(), tmp_path / "maildir")
    try:
        yield server
    finally:
        server.stop()


def settings_for(server: SmtpServer, **changes: object) -> MailSettings:
    """Mail settings pointing at the local server (no TLS, no login: a local relay)."""
    values: dict[str, object] = {
        "host": "127.0.0.1",
        "port": server.port,
        "security": "none",
        "sender": "results@club.example",
        "reply_to": "director@club.example",
        "public_url": "https://poker.club.example",
        "timeout_s": 5,
    }
    values.update(changes)
    return MailSettings(**values)  # type: ignore[arg-type]


@dataclass
class Venue:
    """One store, its services, and a clock the test moves."""

    now: datetime = NOW
    url: str = "sqlite:///:memory:"
    service: TournamentService = field(init=False)
    players: PlayerService = field(init=False)
    leagues: LeagueService = field(init=False)

    def __post_init__(self) -> None:
        self.service = TournamentService(open_store(self.url), now=lambda: self.now)
        self.players = PlayerService(self.service.store, self.service, now=lambda: self.now)
        self.leagues = LeagueService.over(self.service)

    def mail(self, settings: MailSettings | None, **kw: object) -> MailService:
        """A mail service over this store (a new one = the server restarted)."""
        return MailService(
            self.service, self.players, self.leagues, settings, now=lambda: self.now,
            zone=UTC, **kw,  # type: ignore[arg-type]
        )  # fmt: skip

    def db_id(self, tid: str, name: str) -> str:
        player = self.service.state(tid).part(Roster).by_name(name)
        assert player is not None
        return player.db_id

    def night(self, tid: str = "fox6", *, finish: bool = True) -> str:
        """The six-player night of the module docstring (addresses for Bob and Cy)."""
        return drive_night(self.service, self.players, tid, finish=finish)


def drive_night(
    service: TournamentService, players: PlayerService, tid: str = "fox6", *, finish: bool = True
) -> str:
    """The six-player night of the module docstring in ``service`` (addresses for Bob and
    Cy); ``finish=False`` stops with Ann and Bob still playing."""
    service.create(
        CreateTournament(name="Tuesday Bounty", template=load_template("fox_bounty_100")),
        tournament_id=tid,
    )
    for name in PLAYERS:
        service.run(
            tid, Register(name=name, age_ok=True, member_ok=True), actor="floor1", role="floor"
        )
    roster = service.state(tid).part(Roster)
    for name, address in ADDRESSES.items():
        player = roster.by_name(name)
        assert player is not None
        players.set_email(player.db_id, address, staff="Dee")
    for out, by in (("Flo Ng", "Cy Wu"), ("Ed Po", "Cy Wu"), ("Di Fox", "Ann Lee")):
        service.run(tid, Bust(players=(out,), eliminator=by), actor="floor1")
    service.run(tid, CloseRegistration())
    service.run(tid, Bust(players=("Cy Wu",), eliminator="Ann Lee"), actor="floor1")
    if finish:
        service.run(tid, Bust(players=("Bob Ray",), eliminator="Ann Lee"), actor="floor1")
    return tid


@pytest.fixture
def venue() -> Venue:
    return Venue()
