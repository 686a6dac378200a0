"""Settings of the web app: where the data is, how sessions and logins behave."""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import tzinfo

from pokertd.app.mail import MailSettings
from pokertd.money import LOCALE_ENV, venue_locale
from pokertd.timefmt import ZONE_ENV, venue_zone


@dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    """What ``create_app`` needs besides the service.

    ``secret_key`` signs session cookies; when empty the app takes the one stored in the
    database (made on first run and shared by every process on the same database).
    """

    db_url: str = "sqlite:///pokertd.db"
    """Where users and settings live (the same database as the event log)."""
    secret_key: str = ""
    """Cookie signing key; empty = the database's own key."""
    public_url: str = ""
    """Base URL players' phones use for the QR code (``--public-url``, ``POKERTD_PUBLIC_URL``;
    ``pokertd serve`` fills in the first LAN address when serving on all interfaces); empty =
    the request's own URL."""
    timezone: str = ""
    """The venue's time zone, an IANA name (``--timezone``, ``POKERTD_TIMEZONE``); empty = the
    machine's own zone. Log lines, receipts and printouts show times in it."""
    locale: str = ""
    """The venue's locale for money, numbers and dates (``POKERTD_LOCALE``, e.g. ``de_DE``);
    empty = the neutral ``en_US`` (docs/money.md). The currency is the service's
    (``POKERTD_CURRENCY``), recorded in each event."""
    session_hours: int = 12
    """How long a staff login lasts."""
    cookie_secure: bool = False
    """Send cookies only over HTTPS (turn on behind a TLS proxy)."""
    login_attempts: int = 5
    """Sign-in attempts allowed per address within ``login_window_s``."""
    login_account_attempts: int = 20
    """Sign-in attempts allowed per account (or table PIN) within ``login_window_s`` from
    addresses the account has never signed in from (its known addresses are exempt)."""
    login_window_s: int = 300
    """The rate-limit window in seconds."""
    signup_per_address: int = 10
    """Public sign-ups allowed per address within ``signup_window_s`` (issue 26)."""
    signup_per_event: int = 400
    """Public sign-ups allowed per event within ``signup_window_s``."""
    signup_window_s: int = 3600
    """The sign-up limits' window in seconds (never shorter than ``login_window_s``)."""
    trusted_proxies: tuple[str, ...] = ()
    """Addresses or networks of reverse proxies whose ``X-Forwarded-For`` is believed
    (``POKERTD_TRUSTED_PROXIES``, comma-separated); empty = use the TCP peer's address."""
    director_password: str = ""
    """First-run director password for scripted setups (``POKERTD_DIRECTOR_PASSWORD``)."""
    director_name: str = "director"
    """The first director's user name."""
    metrics_token: str = ""
    """Bearer token that lets a scraper read ``/metrics`` from another machine
    (``POKERTD_METRICS_TOKEN``); empty = only a direct loopback peer may (see
    ``docs/observability.md``)."""

    mail: MailSettings | None = None
    """The operator's mail server for results mail (``POKERTD_SMTP_*``, ``POKERTD_MAIL_*``,
    :meth:`MailSettings.from_env`); ``None`` = mail is not set up, nothing is sent."""

    def money_locale(self) -> str | None:
        """The venue's locale (:func:`pokertd.money.venue_locale`), Babel's name (``de_DE``);
        ``None``: the neutral form."""
        return venue_locale(self.locale)

    def zone(self) -> tzinfo:
        """The venue's time zone (:func:`pokertd.timefmt.venue_zone`; cached)."""
        return venue_zone(self.timezone)

    @classmethod
    def from_env(cls, db_url: str) -> Settings:
        """Settings for ``db_url`` with the ``POKERTD_*`` environment variables applied."""
        return cls(
            db_url=db_url,
            secret_key=os.environ.get("POKERTD_SECRET_KEY", ""),
            public_url=os.environ.get("POKERTD_PUBLIC_URL", ""),
            timezone=os.environ.get(ZONE_ENV, ""),
            locale=os.environ.get(LOCALE_ENV, ""),
            cookie_secure=os.environ.get("POKERTD_COOKIE_SECURE", "") == "1",
            director_password=os.environ.get("POKERTD_DIRECTOR_PASSWORD", ""),
            metrics_token=os.environ.get("POKERTD_METRICS_TOKEN", ""),
            mail=MailSettings.from_env(),
            trusted_proxies=tuple(
                p.strip()
                for p in os.environ.get("POKERTD_TRUSTED_PROXIES", "").split(",")
                if p.strip()
            ),
        )


__all__ = ["Settings"]
