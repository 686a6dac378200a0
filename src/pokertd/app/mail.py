"""Results mailed to players who gave an address (issue 26, point 3).

**Nothing is sent without the operator's settings.** :class:`MailSettings` is read from
the ``POKERTD_SMTP_*`` / ``POKERTD_MAIL_*`` environment variables (``docs/deployment.md``);
without ``POKERTD_SMTP_HOST`` and ``POKERTD_MAIL_FROM`` there is no sender, and the
console and ``pokertd mail status`` say "mail is not set up". The password comes from
``POKERTD_SMTP_PASSWORD`` or the file named by ``POKERTD_SMTP_PASSWORD_FILE``; it is never
logged, printed or shown back (:meth:`MailSettings.shown` says only whether one is set).

**What is mailed is derived from the log.** When an event is over (G2: the last player
standing, or ended by chip count), each of its players recorded with a player-database
id that has a mail address (:meth:`PlayerService.emails`, private) is due one mail: their
own place and prize, knockouts and bounty money, league points when the event counts in
a league, the top places, and the public results page (``/t/{id}/results``) when a
public base URL is configured. The places and prizes are the core's standings
(:func:`pokertd.tournament.prizes.standings`), the same rows the CSV/JSON exports write.
Each mail goes to its own player only: one recipient, no list of others.

**Queued, retried, never blocking a command.** Commands never touch mail. The web server
runs a sender in the background (:meth:`MailService.deliver_due`, in a thread): it finds
the due mails from the recent finished events' logs, *claims* each in the outbox side
table (:mod:`pokertd.store.mail`) and sends it; a failed attempt waits ``first_retry_s``
doubled per attempt, and after ``attempts`` attempts (or a permanent refusal, a 5xx) it
is given up, recorded with the server's answer. After a crash the log still says what
is due: an unsent mail is found again and sent. A mail is never sent twice by itself: its
Message-ID is stable (event, player, generation), and a row a crash left between "sent"
and "recorded" is shown to the director as "may have been sent" instead of being sent
again. Only the director's explicit "send again" (one player or all, recorded with who
and when) sends a new generation.

Only events finished within ``window_hours`` (48 by default) are mailed by themselves, so
turning mail on does not mail every past event; the director may send an older one.
"""

from __future__ import annotations

import html
import os
import smtplib
import ssl
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta, tzinfo
from email.message import EmailMessage
from email.utils import format_datetime, formataddr
from pathlib import Path
from typing import Any

from pokertd.app.leagues import LeagueService
from pokertd.app.players import PlayerService, checked_email
from pokertd.app.tournaments import TournamentService, utc_now
from pokertd.errors import InvalidCommand, NotFound
from pokertd.i18n import N_, Nn_, Sentence, catalog
from pokertd.money import DEFAULT_CURRENCY, current_locale, format_money
from pokertd.store.mail import FAILED, QUEUED, SENDING, SENT, MailStore, OutboxRow
from pokertd.timefmt import date, local, venue_zone
from pokertd.tournament.eliminations import finish
from pokertd.tournament.entries import Roster, Setup
from pokertd.tournament.framework import TournamentState
from pokertd.tournament.prizes import standings
from pokertd.types import Cents

SECURITY = ("none", "starttls", "tls")
"""How the connection to the mail server is protected: none (a local relay), STARTTLS
(port 587), or TLS from the first byte (port 465)."""
_PORTS = {"none": 25, "starttls": 587, "tls": 465}
UNSURE_AFTER = timedelta(minutes=10)
"""A claim older than this, never marked sent or failed, was cut off by a crash: the mail
may have left, so it is shown as "may have been sent" and not sent again by itself."""
RETRY_CAP = timedelta(hours=6)
"""The longest wait between two attempts."""
TOP_PLACES = 10
"""At most this many top places are listed in a mail."""


def _env_int(env: Mapping[str, str], name: str, default: int, low: int, high: int) -> int:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    if not raw.isdigit() or not low <= int(raw) <= high:
        raise InvalidCommand(
            template=N_("%(name)s must be a whole number from %(low)s to %(high)s, not %(raw)s."),
            params={"name": name, "low": low, "high": high, "raw": repr(raw)},
        )
    return int(raw)


@dataclass(frozen=True, slots=True, kw_only=True)
class MailSettings:
    """The operator's mail server and sender (from the environment: :meth:`from_env`)."""

    host: str
    port: int
    security: str = "starttls"
    user: str = ""
    password: str = field(default="", repr=False)
    """Never logged or shown (``repr`` hides it, :meth:`shown` says only "set")."""
    sender: str
    """The From address, e.g. ``results@club.example``."""
    reply_to: str = ""
    public_url: str = ""
    """The public base URL of the results pages (``POKERTD_PUBLIC_URL``); empty = no link."""
    attempts: int = 8
    first_retry_s: int = 60
    window_hours: int = 48
    timeout_s: int = 20

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> MailSettings | None:
        """The settings from ``POKERTD_SMTP_*`` / ``POKERTD_MAIL_*``, ``None`` when mail is
        not set up (no host or no From address); ``InvalidCommand`` in a sentence for a
        setting that cannot work (the server refuses to start with it)."""
        env = os.environ if env is None else env
        host = env.get("POKERTD_SMTP_HOST", "").strip()
        sender = env.get("POKERTD_MAIL_FROM", "").strip()
        if not host or not sender:
            return None
        security = env.get("POKERTD_SMTP_SECURITY", "starttls").strip().lower() or "starttls"
        if security not in SECURITY:
            raise InvalidCommand(
                template=N_("POKERTD_SMTP_SECURITY is none, starttls or tls, not %(security)s."),
                params={"security": repr(security[:20])},
            )
        password = env.get("POKERTD_SMTP_PASSWORD", "")
        secret_file = env.get("POKERTD_SMTP_PASSWORD_FILE", "").strip()
        if secret_file:
            try:
                password = Path(secret_file).read_text(encoding="utf-8").strip()
            except OSError:
                raise InvalidCommand(
                    template=N_("The file named by POKERTD_SMTP_PASSWORD_FILE cannot be read.")
                ) from None
        user = env.get("POKERTD_SMTP_USER", "").strip()
        if user and security == "none" and host not in ("localhost", "127.0.0.1", "::1"):
            raise InvalidCommand(
                template=N_(
                    "The mail password would cross the network unencrypted: set "
                    "POKERTD_SMTP_SECURITY to starttls or tls."
                )
            )
        reply_to = env.get("POKERTD_MAIL_REPLY_TO", "").strip()
        for name, value in (("POKERTD_MAIL_FROM", sender), ("POKERTD_MAIL_REPLY_TO", reply_to)):
            try:
                checked_email(value)
            except InvalidCommand as exc:
                raise InvalidCommand(
                    template=N_("%(setting)s: %(problem)s"),
                    params={"setting": name, "problem": str(exc)},
                ) from None
        return cls(
            host=host,
            port=_env_int(env, "POKERTD_SMTP_PORT", _PORTS[security], 1, 65535),
            security=security,
            user=user,
            password=password,
            sender=sender,
            reply_to=reply_to,
            public_url=env.get("POKERTD_PUBLIC_URL", "").strip().rstrip("/"),
            attempts=_env_int(env, "POKERTD_MAIL_ATTEMPTS", 8, 1, 20),
            first_retry_s=_env_int(env, "POKERTD_MAIL_RETRY_S", 60, 1, 3600),
            window_hours=_env_int(env, "POKERTD_MAIL_WINDOW_HOURS", 48, 1, 24 * 30),
        )

    def shown(self) -> dict[str, Any]:
        """The settings as the console and ``pokertd mail status`` show them: the password
        only as whether one is set."""
        return {
            "host": self.host,
            "port": self.port,
            "security": self.security,
            "user": self.user,
            "password": "set" if self.password else "not set",
            "from": self.sender,
            "reply_to": self.reply_to,
            "public_url": self.public_url,
            "attempts": self.attempts,
            "first_retry_s": self.first_retry_s,
            "window_hours": self.window_hours,
        }


# --------------------------------------------------------------------------------------
# The mail's content (read from the core's standings)


@dataclass(frozen=True, slots=True)
class TopPlace:
    """One of the top places as the mail lists it."""

    place: str
    """``"1"``, or ``"5-6"`` for a shared place."""
    name: str
    prize: Cents


@dataclass(frozen=True, slots=True, kw_only=True)
class Letter:
    """One player's results mail of one event (plain data; :func:`compose` makes the
    message)."""

    tournament_id: str
    event: str
    date: str
    """The day the event finished, in the venue's zone (``2026-11-28``)."""
    player_id: str
    """The player-database id recorded with the registration."""
    name: str
    to: str
    entrants: int
    place: str
    """The player's best place (``"4"``, ``"5-6"``; ``""`` when not placed)."""
    prize: Cents
    bounties: Cents
    knockouts: int
    points: float | None
    top: tuple[TopPlace, ...]
    link: str
    currency: str = DEFAULT_CURRENCY
    """The event's currency (ISO 4217) of ``prize`` and ``bounties`` (minor units)."""
    locale: str | None = None
    """The venue's locale the amounts and the date are written in (``None``: neutral)."""

    def money(self, amount: Cents) -> str:
        """``amount`` of the event's currency as the venue writes it (``1.234,56 €``)."""
        return format_money(amount, self.currency, self.locale)

    """The public results page, or ``""`` without a public base URL."""


def _place(place: int | None, places: tuple[int, ...]) -> str:
    if place is None:
        return ""
    return str(place) if len(places) <= 1 else f"{places[0]}-{places[-1]}"


def letters(
    state: TournamentState,
    now: datetime,
    emails: Mapping[str, str],
    *,
    points: Mapping[str, float] | None = None,
    public_url: str = "",
    zone: tzinfo | None = None,
) -> list[Letter]:
    """The letters of a finished event: one per player recorded with a database id found
    in ``emails`` (by player id), from the core's standings (the CSV/JSON exports' rows)."""
    roster = state.part(Roster)
    setup = state.part(Setup)
    rows = standings(state, now)
    by_entry = {r.entry_id: r for r in rows}
    end = finish(state, now)
    when = end.at or now.isoformat()
    locale = current_locale()  # the service's read names the venue's (docs/money.md)
    day = local(when, zone or venue_zone()).strftime("%Y-%m-%d")
    if locale is not None:
        day = date(when, zone or venue_zone(), locale)
    placed = sorted((r for r in rows if r.place is not None), key=lambda r: r.place or 0)
    paid = sum(1 for r in placed if r.prize > 0)
    top = tuple(
        TopPlace(_place(r.place, r.places), r.name, r.prize)
        for r in placed
        if (r.place or 0) <= min(TOP_PLACES, max(3, paid))
    )
    link = f"{public_url.rstrip('/')}/t/{state.id}/results" if public_url else ""
    out: list[Letter] = []
    for player in roster.players.values():
        address = emails.get(player.db_id, "") if player.db_id else ""
        if not address:
            continue
        mine = [by_entry[e] for e in player.entries if e in by_entry]
        if not mine:
            continue  # registered, never bought a stack
        best = min(
            (r for r in mine if r.place is not None), key=lambda r: r.place or 0, default=None
        )
        entries = set(player.entries)
        knockouts = sum(1 for o in roster.out if o.eliminator in entries)
        out.append(
            Letter(
                tournament_id=state.id,
                event=setup.name,
                date=day,
                player_id=player.db_id,
                name=player.name,
                to=address,
                entrants=roster.entry_count,
                place=_place(best.place, best.places) if best else "",
                prize=sum(r.prize for r in mine),
                bounties=sum(r.bounties for r in mine),
                knockouts=knockouts,
                points=(points or {}).get(player.db_id),
                top=top,
                link=link,
                currency=setup.currency,
                locale=locale,
            )
        )
    return out


def _ordinal(place: str) -> str:
    first = place.split("-")[0]
    if not first.isdigit():
        return place
    n = int(first)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{place}{suffix}" if "-" not in place else f"{place} (shared)"


def _finished(place: str) -> str:
    """``You finished 2nd`` or, for a shared place (G3), ``You shared places 5-6``."""
    if "-" in place:
        return f"You shared places {place}"
    return f"You finished {_ordinal(place)}"


def _points(value: float) -> str:
    return f"{value:g}"


def plain_text(letter: Letter) -> str:
    """The mail's plain-text part."""
    lines = [f"Hello {letter.name},", ""]
    lines.append(
        f"Thank you for playing {letter.event} on {letter.date} ({letter.entrants} entries)."
    )
    if letter.place:
        line = _finished(letter.place)
        line += f" and won {letter.money(letter.prize)}." if letter.prize else "."
        lines.append(line)
    if letter.knockouts or letter.bounties:
        ko = f"{letter.knockouts} knockout{'s' if letter.knockouts != 1 else ''}"
        lines.append(
            f"You made {ko}"
            + (f" and won {letter.money(letter.bounties)} in bounties." if letter.bounties else ".")
        )
    if letter.points is not None:
        lines.append(f"League points for this event: {_points(letter.points)}.")
    lines += ["", "Top places:"]
    for t in letter.top:
        prize = f"  {letter.money(t.prize)}" if t.prize else ""
        lines.append(f"  {t.place:>5}  {t.name}{prize}")
    if letter.link:
        lines += ["", f"All results: {letter.link}"]
    lines += [
        "",
        "You receive this mail because you gave your address to the club for your "
        "results. To stop these mails, reply and ask the club to remove it.",
    ]
    return "\n".join(lines) + "\n"


def html_text(letter: Letter) -> str:
    """The mail's small HTML part (every value escaped)."""
    e = html.escape
    parts = [f"<p>Hello {e(letter.name)},</p>"]
    parts.append(
        f"<p>Thank you for playing <b>{e(letter.event)}</b> on {e(letter.date)} "
        f"({letter.entrants} entries).</p>"
    )
    mine: list[str] = []
    if letter.place:
        mine.append(
            (
                f"You shared places <b>{e(letter.place)}</b>"
                if "-" in letter.place
                else f"You finished <b>{e(_ordinal(letter.place))}</b>"
            )
            + (f" and won <b>{e(letter.money(letter.prize))}</b>." if letter.prize else ".")
        )
    if letter.knockouts or letter.bounties:
        mine.append(
            f"Knockouts: {letter.knockouts}"
            + (f", bounties won: {e(letter.money(letter.bounties))}." if letter.bounties else ".")
        )
    if letter.points is not None:
        mine.append(f"League points: {e(_points(letter.points))}.")
    parts += [f"<p>{m}</p>" for m in mine]
    rows = "".join(
        f"<tr><td>{e(t.place)}</td><td>{e(t.name)}</td>"
        f'<td style="text-align:right">{e(letter.money(t.prize)) if t.prize else ""}</td></tr>'
        for t in letter.top
    )
    parts.append(
        f'<table cellpadding="4"><tr><th>Place</th><th>Player</th><th>Prize</th></tr>{rows}</table>'
    )
    if letter.link:
        parts.append(f'<p><a href="{e(letter.link)}">All results</a></p>')
    parts.append(
        '<p style="color:#666;font-size:small">You receive this mail because you gave '
        "your address to the club for your results. To stop these mails, reply and ask the "
        "club to remove it.</p>"
    )
    return "<!doctype html><html><body>" + "".join(parts) + "</body></html>\n"


def message_id(tournament_id: str, player_id: str, generation: int, sender: str) -> str:
    """The stable Message-ID of one player's mail of one event (and generation)."""
    domain = sender.rpartition("@")[2] or "pokertd.invalid"
    return f"<results.{tournament_id}.{player_id}.{generation}@{domain}>"


def compose(
    letter: Letter, settings: MailSettings, *, generation: int, now: datetime
) -> EmailMessage:
    """The message: one recipient (the player), plain text and HTML, and the headers of
    an automatic mail (``Auto-Submitted``, a stable ``Message-ID``, ``List-Unsubscribe``
    to the club's reply address)."""
    msg = EmailMessage()
    msg["From"] = settings.sender
    msg["To"] = formataddr((letter.name, letter.to))
    if settings.reply_to:
        msg["Reply-To"] = settings.reply_to
    subject = f"Your result: {letter.event}"
    if letter.place:
        subject += f" - {_ordinal(letter.place)}"
    msg["Subject"] = subject
    msg["Date"] = format_datetime(now)
    msg["Message-ID"] = message_id(
        letter.tournament_id, letter.player_id, generation, settings.sender
    )
    msg["Auto-Submitted"] = "auto-generated"
    msg["X-Auto-Response-Suppress"] = "All"
    msg["List-Unsubscribe"] = (
        f"<mailto:{settings.reply_to or settings.sender}?subject=Stop%20results%20mail>"
    )
    msg.set_content(plain_text(letter))
    msg.add_alternative(html_text(letter), subtype="html")
    return msg


# --------------------------------------------------------------------------------------
# Sending


@contextmanager
def smtp_session(settings: MailSettings) -> Iterator[smtplib.SMTP]:
    """A connection to the operator's mail server, signed in when a user is set."""
    context = ssl.create_default_context()
    server: smtplib.SMTP
    if settings.security == "tls":
        server = smtplib.SMTP_SSL(
            settings.host, settings.port, timeout=settings.timeout_s, context=context
        )
    else:
        server = smtplib.SMTP(settings.host, settings.port, timeout=settings.timeout_s)
    try:
        if settings.security == "starttls":
            server.starttls(context=context)
        if settings.user:
            server.login(settings.user, settings.password)
        yield server
    finally:
        try:
            server.quit()
        except (smtplib.SMTPException, OSError):
            server.close()


def _error(exc: BaseException) -> str:
    """A short sentence for a failed attempt (never the settings, never the password)."""
    if isinstance(exc, smtplib.SMTPAuthenticationError):
        return "The mail server refused the user name or password."
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        codes = [c for c, _ in exc.recipients.values()]
        return f"The mail server refused the address ({codes[0] if codes else '?'})."
    if isinstance(exc, smtplib.SMTPResponseException):
        text = (
            exc.smtp_error.decode("utf-8", "replace")
            if isinstance(exc.smtp_error, bytes)
            else str(exc.smtp_error)
        )
        return f"The mail server answered {exc.smtp_code}: {text[:120]}"
    if isinstance(exc, (OSError, smtplib.SMTPException)):
        return f"The mail server cannot be reached: {type(exc).__name__}."
    return type(exc).__name__  # pragma: no cover


def _permanent(exc: BaseException) -> bool:
    """A refusal no retry can change (5xx for this recipient or message)."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        return all(code >= 500 for code, _ in exc.recipients.values())
    if isinstance(exc, (smtplib.SMTPDataError, smtplib.SMTPSenderRefused)):
        return exc.smtp_code >= 500
    return False


@dataclass(frozen=True, slots=True, kw_only=True)
class OutboxLine:
    """One recipient's mail of one event as the director sees it (the address masked)."""

    player_id: str
    name: str
    address: str
    """Masked: ``a…@example.org``."""
    place: str
    prize: Cents
    state: str
    """``due`` (the sender sends it), ``old`` (finished before the window: sent only on
    request), ``queued`` (waiting to retry), ``sending``, ``sent``, ``failed`` (given up),
    or ``unsure`` (a crash cut the send off: it may have left)."""
    attempts: int
    generation: int
    next_try: str
    last_error: str
    sent_at: str
    message_id: str

    def as_json(self) -> dict[str, Any]:
        """The line as JSON (``pokertd mail status --json`` and the API)."""
        return {name: getattr(self, name) for name in self.__slots__}


@dataclass(frozen=True, slots=True, kw_only=True)
class OutboxView:
    """An event's results mail: whether mail is set up, whether the event is over, each
    recipient's status, and every explicit "send again"."""

    tournament_id: str
    configured: bool
    finished: bool
    lines: tuple[OutboxLine, ...]
    requests: tuple[dict[str, Any], ...]
    settings: dict[str, Any] | None
    message: str
    """One sentence for the console in English (``"Mail is not set up: …"``, ``"1 failed,
    3 sent."``): the JSON's ``message``."""
    message_said: tuple[Sentence, ...] = ()
    """``message`` as sentences each face says in its reader's language (:meth:`said`): one
    sentence, or one count per state (``"%(n)s sent"``), joined by ", " and ended by "."."""

    def said(self, lang: str) -> str:
        """The status line in ``lang`` (the English ``message`` for ``en``)."""
        if lang == "en" or not self.message_said:
            return self.message
        texts = [catalog.sentence(lang, s) for s in self.message_said]
        if len(texts) == 1 and not self.message_said[0].plural:
            return texts[0]
        return ", ".join(texts) + "."

    def as_json(self) -> dict[str, Any]:
        """The view as JSON."""
        return {
            "tournament_id": self.tournament_id,
            "configured": self.configured,
            "finished": self.finished,
            "message": self.message,
            "message_said": [s.as_json() for s in self.message_said],
            "settings": self.settings,
            "lines": [line.as_json() for line in self.lines],
            "requests": list(self.requests),
        }


STATE_COUNTS: dict[str, tuple[str, str]] = {
    "due": Nn_("%(n)s due", "%(n)s due"),
    "failed": Nn_("%(n)s failed", "%(n)s failed"),
    "old": Nn_("%(n)s old", "%(n)s old"),
    "queued": Nn_("%(n)s queued", "%(n)s queued"),
    "sending": Nn_("%(n)s sending", "%(n)s sending"),
    "sent": Nn_("%(n)s sent", "%(n)s sent"),
    "unsure": Nn_("%(n)s unsure", "%(n)s unsure"),
}
"""How the status line counts the recipients of each state (``"3 sent"``)."""


NOT_SET_UP = N_(
    "Mail is not set up: the operator sets POKERTD_SMTP_HOST and POKERTD_MAIL_FROM "
    "(docs/deployment.md). Nothing is sent."
)


def mask(address: str) -> str:
    """``a…@example.org``: enough for the director to recognise, not to copy."""
    name, _, domain = address.partition("@")
    return f"{name[:1]}…@{domain}" if domain else "…"


@dataclass(slots=True)
class DeliveryReport:
    """What one pass of the sender did."""

    sent: list[str] = field(default_factory=list)
    """``tournament/player`` of each mail the server accepted."""
    failed: list[str] = field(default_factory=list)
    """``tournament/player: error`` of each failed attempt."""

    def as_json(self) -> dict[str, Any]:
        """The report as JSON."""
        return {"sent": list(self.sent), "failed": list(self.failed)}


class MailService:
    """The results mail of every finished event: what is due (from the logs), the outbox
    (delivery status), sending with back-off, and the director's "send again".

    ``settings`` ``None`` = mail is not set up: nothing is ever sent. ``session`` opens the
    connection to the mail server (tests may count or cut it).
    """

    def __init__(
        self,
        tournaments: TournamentService,
        players: PlayerService,
        leagues: LeagueService,
        settings: MailSettings | None,
        *,
        now: Callable[[], datetime] = utc_now,
        zone: tzinfo | None = None,
        session: Callable[[MailSettings], Any] = smtp_session,
    ) -> None:
        store = tournaments.store
        if not isinstance(store, MailStore):  # pragma: no cover - SQLite and PostgreSQL do
            raise InvalidCommand(template=N_("This store keeps no mail outbox."))
        self.store: MailStore = store
        self.tournaments = tournaments
        self.players = players
        self.leagues = leagues
        self.settings = settings
        self._now = now
        self._zone = zone
        self._session = session

    # ---- what is due (from the logs) ------------------------------------------------

    def _recipients(self, tid: str, now: datetime) -> tuple[bool, dict[str, str]]:
        """Whether the event is over, and the addresses of its players who gave one (by
        player-database id; none while it is not over). Cheap: no standings computed."""

        def ids(state: TournamentState) -> tuple[bool, list[str]]:
            over = finish(state, now).finished
            return over, [p.db_id for p in state.part(Roster).players.values() if p.db_id]

        over, db_ids = self.tournaments.read(tid, ids)
        if not over or not db_ids:
            return over, {}
        return over, self.players.emails(db_ids)

    def _letters(
        self, tid: str, now: datetime, emails: dict[str, str] | None = None
    ) -> tuple[bool, list[Letter]]:
        """Whether the event is over, and its letters (to ``emails`` when given; empty
        while it is not over)."""
        if emails is None:
            over, emails = self._recipients(tid, now)
        else:
            over = True
        if not over or not emails:
            return over, []
        points = self.leagues.points_by_player(tid)
        public = self.settings.public_url if self.settings else ""
        return over, self.tournaments.read(
            tid,
            lambda s: letters(s, now, emails, points=points, public_url=public, zone=self._zone),
        )

    def _recent(self, now: datetime) -> list[str]:
        """Events to look at by themselves: updated within the window, plus any with an
        explicit "send again" queued."""
        hours = self.settings.window_hours if self.settings else 48
        since = now - timedelta(hours=hours)
        found = [t.id for t in self.tournaments.tournaments() if t.updated_at >= since]
        return found + [t for t in self.store.queued_tournaments() if t not in found]

    def _finished_in_window(self, tid: str, now: datetime) -> bool:
        hours = self.settings.window_hours if self.settings else 48
        end = self.tournaments.read(tid, lambda s: finish(s, now).at)
        if not end:
            return True  # an older log without the instant: updated within the window
        return datetime.fromisoformat(end) >= now - timedelta(hours=hours)

    # ---- the director's view ----------------------------------------------------------

    def status(self, tournament_id: str) -> OutboxView:
        """The event's results mail as the director sees it."""
        now = self._now()
        if not self.tournaments.exists(tournament_id):
            raise NotFound(
                template=N_("There is no tournament %(tournament_id)s."),
                params={"tournament_id": repr(tournament_id[:40])},
            )
        over, found = self._letters(tournament_id, now)
        rows = {r.player_id: r for r in self.store.outbox(tournament_id)}
        old = bool(found) and not self._finished_in_window(tournament_id, now)
        lines = tuple(
            self._line(letter, rows.get(letter.player_id), now, old=old) for letter in found
        )
        requests = tuple(
            {"n": r.n, "players": r.player_id, "staff": r.staff, "at": r.at}
            for r in self.store.mail_requests(tournament_id)
        )
        said: tuple[Sentence, ...]
        if self.settings is None:
            said = (Sentence(NOT_SET_UP),)
        elif not over:
            said = (
                Sentence(
                    N_("The event is not over yet: results are mailed once the winner is known.")
                ),
            )
        elif not lines:
            said = (Sentence(N_("No player of this event gave a mail address.")),)
        else:
            counts: dict[str, int] = {}
            for line in lines:
                counts[line.state] = counts.get(line.state, 0) + 1
            said = tuple(
                Sentence(STATE_COUNTS[state][0], plural=STATE_COUNTS[state][1], n=n)
                if state in STATE_COUNTS
                else Sentence(N_("%(n)s %(state)s"), {"n": n, "state": state})
                for state, n in sorted(counts.items())
            )
        if len(said) == 1 and not said[0].plural:
            message = said[0].text
        else:
            message = ", ".join(s.text for s in said) + "."
        return OutboxView(
            tournament_id=tournament_id,
            configured=self.settings is not None,
            finished=over,
            lines=lines,
            requests=requests,
            settings=self.settings.shown() if self.settings else None,
            message=message,
            message_said=said,
        )

    @staticmethod
    def _line(
        letter: Letter, row: OutboxRow | None, now: datetime, *, old: bool = False
    ) -> OutboxLine:
        state = ("old" if old else "due") if row is None else row.state
        if (
            row is not None
            and row.state == SENDING
            and row.claimed_at
            and datetime.fromisoformat(row.claimed_at) < now - UNSURE_AFTER
        ):
            state = "unsure"
        return OutboxLine(
            player_id=letter.player_id,
            name=letter.name,
            address=mask(letter.to),
            place=letter.place,
            prize=letter.prize,
            state=state,
            attempts=row.attempts if row else 0,
            generation=row.generation if row else 0,
            next_try=row.next_try if row else "",
            last_error=row.last_error if row else "",
            sent_at=row.sent_at if row else "",
            message_id=row.message_id if row else "",
        )

    def preview(self, tournament_id: str, player_id: str = "") -> list[EmailMessage]:
        """The messages the event's mail would be (``pokertd mail send --dry-run``):
        nothing sent, nothing recorded."""
        settings = self._required()
        now = self._now()
        over, found = self._letters(tournament_id, now)
        self._check_over(over)
        chosen = self._chosen(found, player_id)
        rows = {r.player_id: r for r in self.store.outbox(tournament_id)}
        return [
            compose(
                letter,
                settings,
                generation=(rows[letter.player_id].generation + 1)
                if letter.player_id in rows
                else 0,
                now=now,
            )
            for letter in chosen
        ]

    # ---- writes ---------------------------------------------------------------------

    def _required(self) -> MailSettings:
        if self.settings is None:
            raise InvalidCommand(template=NOT_SET_UP)
        return self.settings

    @staticmethod
    def _check_over(over: bool) -> None:
        if not over:
            raise InvalidCommand(
                template=N_(
                    "The event is not over yet: results are mailed once the winner is known (G2)."
                )
            )

    @staticmethod
    def _chosen(found: list[Letter], player_id: str) -> list[Letter]:
        if not player_id:
            if not found:
                raise InvalidCommand(template=N_("No player of this event gave a mail address."))
            return found
        chosen = [letter for letter in found if letter.player_id == player_id.strip()]
        if not chosen:
            raise InvalidCommand(
                template=N_(
                    "Player %(player)s played in this event without a mail address, or "
                    "did not play in it."
                ),
                params={"player": repr(player_id.strip()[:20])},
            )
        return chosen

    def send_again(self, tournament_id: str, player_id: str = "", *, staff: str) -> OutboxView:
        """The director's explicit "send results" (one player, or everyone with an
        address): a new generation is queued for each (a new Message-ID) and the request
        recorded with who and when; the sender delivers it. Refused, nothing recorded,
        when mail is not set up, the event is not over, or the player has no address."""
        self._required()
        now = self._now()
        if not self.tournaments.exists(tournament_id):
            raise NotFound(
                template=N_("There is no tournament %(tournament_id)s."),
                params={"tournament_id": repr(tournament_id[:40])},
            )
        over, found = self._letters(tournament_id, now)
        self._check_over(over)
        chosen = self._chosen(found, player_id)
        self.store.request_again(
            tournament_id,
            [letter.player_id for letter in chosen],
            all_players=not player_id,
            staff=staff.strip()[:60] or "?",
            at=now.isoformat(),
        )
        return self.status(tournament_id)

    def deliver_due(self, tournament_id: str | None = None, player_id: str = "") -> DeliveryReport:
        """One pass of the sender: every due mail of the recent finished events (or of
        ``tournament_id`` only, and of ``player_id`` only) claimed and sent over one
        connection; a failed attempt waits its back-off, the last one gives up. Nothing at
        all without settings."""
        report = DeliveryReport()
        settings = self.settings
        if settings is None:
            return report
        now = self._now()
        candidates = [tournament_id] if tournament_id is not None else self._recent(now)
        due: list[tuple[Letter, OutboxRow | None]] = []
        for tid in candidates:
            try:
                over, emails = self._recipients(tid, now)
            except NotFound:
                continue  # deleted since
            if not over or not emails:
                continue
            rows = {r.player_id: r for r in self.store.outbox(tid)}
            if all(  # every recipient sent, given up or waiting: no standings to compute
                (r := rows.get(pid)) is not None
                and (r.state != QUEUED or (r.next_try and r.next_try > now.isoformat()))
                for pid in emails
            ):
                continue
            in_window = tournament_id is not None or self._finished_in_window(tid, now)
            _, found = self._letters(tid, now, emails)
            for letter in found:
                if player_id and letter.player_id != player_id:
                    continue
                row = rows.get(letter.player_id)
                if row is None and not in_window:
                    continue  # an old event: only an explicit "send again" mails it
                if row is not None and (
                    row.state != QUEUED or (row.next_try and row.next_try > now.isoformat())
                ):
                    continue
                due.append((letter, row))
        if not due:
            return report
        try:
            with self._session(settings) as server:
                for letter, _ in due:
                    self._deliver(server, letter, settings, now, report)
        except (OSError, smtplib.SMTPException) as exc:  # the server: every remaining one
            for letter, _ in due:
                key = f"{letter.tournament_id}/{letter.player_id}"
                if key in report.sent or any(f.startswith(key + ":") for f in report.failed):
                    continue
                claimed = self.store.claim(
                    letter.tournament_id, letter.player_id, at=now.isoformat()
                )
                if claimed is not None:
                    self._failed(claimed, exc, settings, now, report)
        return report

    def _deliver(
        self,
        server: smtplib.SMTP,
        letter: Letter,
        settings: MailSettings,
        now: datetime,
        report: DeliveryReport,
    ) -> None:
        claimed = self.store.claim(letter.tournament_id, letter.player_id, at=now.isoformat())
        if claimed is None:
            return  # another sender has it, or it is no longer due
        msg = compose(letter, settings, generation=claimed.generation, now=now)
        try:
            server.send_message(msg)
        except smtplib.SMTPServerDisconnected as exc:
            # no final "250": not accepted (RFC 5321 §4.1.1.4), so retried like any failure;
            # the connection is gone: every remaining mail fails this pass as well
            self._failed(claimed, exc, settings, now, report)
            raise
        except (OSError, smtplib.SMTPException) as exc:
            self._failed(claimed, exc, settings, now, report)
            return
        self.store.mark_sent(
            letter.tournament_id,
            letter.player_id,
            claimed.generation,
            at=now.isoformat(),
            message_id=str(msg["Message-ID"]),
        )
        report.sent.append(f"{letter.tournament_id}/{letter.player_id}")

    def _failed(
        self,
        claimed: OutboxRow,
        exc: BaseException,
        settings: MailSettings,
        now: datetime,
        report: DeliveryReport,
    ) -> None:
        give_up = claimed.attempts >= settings.attempts or _permanent(exc)
        wait = min(
            timedelta(seconds=settings.first_retry_s * 2 ** (claimed.attempts - 1)), RETRY_CAP
        )
        error = _error(exc)
        self.store.mark_failed(
            claimed.tournament,
            claimed.player_id,
            claimed.generation,
            error=error,
            next_try="" if give_up else (now + wait).isoformat(),
            give_up=give_up,
        )
        report.failed.append(f"{claimed.tournament}/{claimed.player_id}: {error}")

    def test(self, address: str) -> str:
        """Send a short test mail to ``address`` now (``pokertd mail test``): the
        sentence to show, or ``InvalidCommand`` with the server's answer."""
        settings = self._required()
        to = checked_email(address)
        if not to:
            raise InvalidCommand(template=N_("Give the address to send the test mail to."))
        msg = EmailMessage()
        msg["From"] = settings.sender
        msg["To"] = to
        if settings.reply_to:
            msg["Reply-To"] = settings.reply_to
        msg["Subject"] = "pokertd: test mail"
        now = self._now()
        msg["Date"] = format_datetime(now)
        msg["Message-ID"] = f"<test.{int(now.timestamp())}@{settings.sender.rpartition('@')[2]}>"
        msg["Auto-Submitted"] = "auto-generated"
        msg.set_content(
            "This is a test mail from pokertd: the mail settings work.\n"
            f"Server: {settings.host}:{settings.port} ({settings.security}).\n"
        )
        try:
            with self._session(settings) as server:
                server.send_message(msg)
        except (OSError, smtplib.SMTPException) as exc:
            raise InvalidCommand(
                template=N_("The test mail was not sent. %(error)s"), params={"error": _error(exc)}
            ) from None
        return f"A test mail was sent to {to} through {settings.host}:{settings.port}."


__all__ = [
    "FAILED",
    "NOT_SET_UP",
    "QUEUED",
    "SECURITY",
    "SENDING",
    "SENT",
    "DeliveryReport",
    "Letter",
    "MailService",
    "MailSettings",
    "OutboxLine",
    "OutboxView",
    "TopPlace",
    "compose",
    "html_text",
    "letters",
    "mask",
    "message_id",
    "plain_text",
    "smtp_session",
]
