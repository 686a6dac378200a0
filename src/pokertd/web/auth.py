"""Sessions, roles, CSRF and the login rate limit.

- A session is a cookie signed with itsdangerous (``URLSafeTimedSerializer``): who, which role
  and, for a dealer, which tournament and table. Nothing secret is in it; the signature makes it
  unforgeable and ``max_age`` makes it expire.
- CSRF: double-submit. Every page sets a random ``pokertd_csrf`` cookie; each form carries it as
  ``csrf_token`` and each script request as the ``X-CSRF-Token`` header. A cross-site page can
  neither read the cookie nor set the header, so it cannot forge a write.
- Dealers sign in per table with a PIN the floor console shows: an HMAC of the app key, the
  tournament and the table (nothing stored; a new key changes every PIN).
- Logins are rate-limited per address and per user name.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections import deque
from dataclasses import dataclass
from typing import Any

from fastapi import Request, Response
from itsdangerous import BadSignature, URLSafeTimedSerializer
from starlette.requests import HTTPConnection

from pokertd.errors import PermissionDenied, PokertdError
from pokertd.web.users import Role

SESSION_COOKIE = "pokertd_session"
CSRF_COOKIE = "pokertd_csrf"
CSRF_HEADER = "x-csrf-token"
CSRF_FIELD = "csrf_token"


class TooManyAttempts(PokertdError):
    """Too many failed logins from one address or for one name: wait and try again."""

    kind = "rate_limited"


class CsrfFailed(PermissionDenied):
    """A write without the page's CSRF token (a forged or stale form)."""

    kind = "csrf_failed"


class NotSignedIn(PermissionDenied):
    """A write by someone who is not signed in."""

    kind = "not_signed_in"


@dataclass(frozen=True, slots=True)
class Principal:
    """Who is asking: a staff user, a table's dealer, or the public."""

    name: str
    role: Role
    tournament: str | None = None
    """For a dealer: the tournament of their table."""
    table: int | None = None
    """For a dealer: their table number."""

    @property
    def signed_in(self) -> bool:
        """Whether this is a signed-in user (not the public)."""
        return self.role is not Role.PUBLIC


PUBLIC = Principal("public", Role.PUBLIC)


class Sessions:
    """Signs and reads session cookies; checks CSRF; makes table PINs."""

    def __init__(self, secret_key: str, *, hours: int = 12, secure: bool = False) -> None:
        self._signer = URLSafeTimedSerializer(secret_key, salt="pokertd.session")
        self._key = secret_key.encode()
        self.max_age = hours * 3600
        self.secure = secure

    def principal(self, request: HTTPConnection) -> Principal:
        """The session's principal, or the public for no or a bad cookie."""
        raw = request.cookies.get(SESSION_COOKIE)
        if not raw:
            return PUBLIC
        try:
            data: dict[str, Any] = self._signer.loads(raw, max_age=self.max_age)
            return Principal(
                name=str(data["u"]),
                role=Role(data["r"]),
                tournament=data.get("t"),
                table=data.get("tb"),
            )
        except (BadSignature, KeyError, ValueError, TypeError):
            return PUBLIC

    def sign_in(self, response: Response, who: Principal) -> None:
        """Set the session cookie for ``who``."""
        data: dict[str, Any] = {"u": who.name, "r": who.role.value}
        if who.tournament is not None:
            data["t"] = who.tournament
            data["tb"] = who.table
        response.set_cookie(
            SESSION_COOKIE,
            self._signer.dumps(data),
            max_age=self.max_age,
            httponly=True,
            samesite="lax",
            secure=self.secure,
        )

    @staticmethod
    def sign_out(response: Response) -> None:
        """Drop the session cookie."""
        response.delete_cookie(SESSION_COOKIE)

    # ---- CSRF -----------------------------------------------------------------------

    @staticmethod
    def csrf_token(request: Request) -> str:
        """The page's CSRF token: the cookie's, or a new one (set by ``ensure_csrf``)."""
        token = request.cookies.get(CSRF_COOKIE)
        if token and len(token) >= 20:
            return token
        cached = getattr(request.state, "new_csrf", None)
        if cached:
            return str(cached)
        token = secrets.token_urlsafe(24)
        request.state.new_csrf = token
        return token

    def ensure_csrf(self, request: Request, response: Response) -> None:
        """Set the CSRF cookie when the request made a new token."""
        token = getattr(request.state, "new_csrf", None)
        if token:
            response.set_cookie(
                CSRF_COOKIE, str(token), samesite="strict", secure=self.secure, httponly=False
            )

    @staticmethod
    def check_csrf(request: Request, submitted: str | None) -> None:
        """Refuse a write whose token does not match the CSRF cookie."""
        cookie = request.cookies.get(CSRF_COOKIE)
        if not cookie or not submitted or not hmac.compare_digest(cookie, submitted):
            raise CsrfFailed(
                "This form has expired or did not come from this site: reload the page and "
                "try again."
            )

    # ---- dealer PINs ----------------------------------------------------------------

    def table_pin(self, tournament: str, table: int) -> str:
        """The six-digit PIN of a table's dealer view."""
        mac = hmac.new(self._key, f"pin:{tournament}:{table}".encode(), hashlib.sha256)
        return f"{int.from_bytes(mac.digest()[:8], 'big') % 1_000_000:06d}"


class LoginLimiter:
    """At most ``attempts`` failed logins per key within ``window_s`` seconds."""

    def __init__(self, attempts: int = 5, window_s: int = 300) -> None:
        self.attempts = attempts
        self.window_s = window_s
        self._failures: dict[str, deque[float]] = {}

    def _recent(self, key: str, now: float) -> deque[float]:
        q = self._failures.setdefault(key, deque())
        while q and q[0] <= now - self.window_s:
            q.popleft()
        return q

    def check(self, *keys: str) -> None:
        """Refuse when any key has used up its attempts."""
        now = time.monotonic()
        for key in keys:
            q = self._recent(key, now)
            if len(q) >= self.attempts:
                wait = int(q[0] + self.window_s - now) + 1
                raise TooManyAttempts(
                    f"Too many failed sign-in attempts: wait {wait} seconds and try again.",
                    context={"retry_after": wait},
                )

    def failed(self, *keys: str) -> None:
        """Count a failed attempt against each key."""
        now = time.monotonic()
        for key in keys:
            self._recent(key, now).append(now)
        if len(self._failures) > 10_000:  # forget idle keys so memory stays bounded
            for key in [k for k, q in self._failures.items() if not q]:
                del self._failures[key]

    def succeeded(self, *keys: str) -> None:
        """Forget the failures of a key after a good login."""
        for key in keys:
            self._failures.pop(key, None)


def require(who: Principal, role: Role, *, action: str = "do this") -> None:
    """Refuse unless ``who`` has at least ``role``."""
    if not who.signed_in:
        raise NotSignedIn(f"Sign in as {role.value} or above to {action}.")
    if not who.role.at_least(role):
        raise PermissionDenied(
            f"A {who.role.value} may not {action}: it needs the {role.value} role."
        )


__all__ = [
    "CSRF_COOKIE",
    "CSRF_FIELD",
    "CSRF_HEADER",
    "PUBLIC",
    "SESSION_COOKIE",
    "CsrfFailed",
    "LoginLimiter",
    "NotSignedIn",
    "Principal",
    "Sessions",
    "TooManyAttempts",
    "require",
]
