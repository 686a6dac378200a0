"""Sessions, roles, CSRF, the sign-in limits, client addresses and safe redirects.

- **Sessions are server-side** (table ``pokertd_sessions``, see :mod:`pokertd.app.accounts`): the
  ``pokertd_session`` cookie carries only a random token; the row says who, which role and,
  for a dealer, which tournament and table. Logout, a password change, a role change, the
  account's removal or a director's "end session" delete the row, and the old cookie is then
  worth nothing.
- **CSRF tokens are bound to the session**: a signed-in caller's token is an HMAC of the app
  key and the session's id, so the token of one session is refused for any other. Before
  signing in (login, setup, dealer PIN forms) the token is a random value signed with the app
  key, carried in the ``pokertd_csrf`` cookie and echoed by the form (a cross-site page can
  neither read the cookie nor set it to a signed value). Pages put the token in the
  ``csrf_token`` form field and ``<meta name=csrf-token>``; scripts send the
  ``X-CSRF-Token`` header (the ``pokertd_csrf`` cookie always holds the current token).
- **Origin**: a browser names the page a request comes from in ``Origin``. A write (with its
  CSRF token) and a WebSocket handshake are refused when that page is another site's
  (:meth:`Sessions.check_origin`, the one check both use): the ``pokertd_session`` cookie is
  sent with a WebSocket handshake from any site, so without this a page on the venue's Wi-Fi
  could follow a signed-in director's event log. This site is the ``Host`` the request was
  sent to, or ``public_url`` (``--public-url``); no ``Origin`` (scripts, curl) is not a
  browser page and passes on to the token and role checks.
- Dealers sign in per table with a PIN the floor console shows: an HMAC of the app key, the
  tournament and the table. Their session is server-side like every other.
- **Sign-in limits** (:class:`LoginLimiter`): every attempt is reserved in the shared store
  before the password is hashed. The caller's address gets ``attempts`` tries per window. An
  account (or a table PIN) additionally gets ``account_attempts`` tries per window from
  addresses it has never signed in from; its known-good addresses are not held back by the
  account counter. So a stranger who types five wrong passwords for ``director`` blocks only
  their own address, and the director still signs in from the floor's tablet.
- **Client address**: the TCP peer, or — only when the peer is a configured trusted proxy —
  the nearest untrusted address in ``X-Forwarded-For``.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import ipaddress
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from fastapi import Request, Response
from starlette.requests import HTTPConnection

from pokertd.app.accounts import Role, SessionRow, TooManyAttempts, session_key
from pokertd.errors import InvalidCommand, PermissionDenied
from pokertd.i18n import N_

if TYPE_CHECKING:
    from pokertd.app.accounts import AccountService

SESSION_COOKIE = "pokertd_session"
CSRF_COOKIE = "pokertd_csrf"
CSRF_HEADER = "x-csrf-token"
CSRF_FIELD = "csrf_token"


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


# ---- client address ---------------------------------------------------------------------


Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_proxies(entries: Sequence[str]) -> tuple[Network, ...]:
    """Trusted proxy addresses or networks (``10.0.0.5``, ``10.0.0.0/24``, ``::1``)."""
    out: list[Network] = []
    for entry in entries:
        text = entry.strip()
        if not text:
            continue
        try:
            out.append(ipaddress.ip_network(text, strict=False))
        except ValueError:
            raise InvalidCommand(
                template=N_(
                    "Trusted proxy %(text)s is not an IP address or network (like 10.0.0.5 "
                    "or 10.0.0.0/24)."
                ),
                params={"text": repr(text)},
            ) from None
    return tuple(out)


def _in(address: str, networks: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return False
    return any(ip in net for net in networks)


def client_address(conn: HTTPConnection, trusted: tuple[Network, ...] = ()) -> str:
    """The caller's address: the TCP peer, or behind a trusted proxy its ``X-Forwarded-For``.

    ``X-Forwarded-For`` is read only when the direct peer is in ``trusted``; it is walked
    from the right (the nearest hop) past trusted proxies, and the first other address is
    the client. Anyone else's header is ignored: a client cannot choose its own address.
    """
    peer = conn.client.host if conn.client else "unknown"
    if not trusted or not _in(peer, trusted):
        return peer
    hops = [h.strip() for h in ",".join(conn.headers.getlist("x-forwarded-for")).split(",")]
    for hop in reversed([h for h in hops if h]):
        if not _in(hop, trusted):
            try:
                return str(ipaddress.ip_address(hop))
            except ValueError:
                return peer  # garbage from the proxy chain: fall back to the proxy itself
    return peer


# ---- safe redirects ---------------------------------------------------------------------


def safe_path(target: str) -> str | None:
    """``target`` when it is a path on this site, else ``None``.

    Refused: anything with a scheme or host (``https://x``, ``//x``), backslashes (browsers
    read ``/\\x`` as ``//x``), control characters, and empty strings.
    """
    if not target or not target.startswith("/") or target.startswith("//"):
        return None
    if "\\" in target or any(ord(c) < 32 or ord(c) == 127 for c in target):
        return None
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return None
    return target


ROOT_PATH_MAX = 100
"""The longest ``--root-path`` accepted (a path prefix, not a place to hide a URL)."""

_ROOT_PATH_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/_-")


def check_root_path(text: str) -> str:
    """``text`` as a root path (``/poker``; ``""`` for none), or a one-line refusal.

    The prefix a reverse proxy mounts the app under and strips (``--root-path``): it starts
    with ``/``, has no trailing ``/``, at most :data:`ROOT_PATH_MAX` characters of
    ``A-Z a-z 0-9 / _ -``. Pages write it into links and scripts, so nothing else may pass.
    """
    value = text.strip()
    if not value:
        return ""
    if (
        not value.startswith("/")
        or value.endswith("/")
        or "//" in value
        or len(value) > ROOT_PATH_MAX
        or not set(value) <= _ROOT_PATH_CHARS
    ):
        raise InvalidCommand(
            template=N_(
                "The root path %(text)s is not usable: give the path prefix the proxy "
                "serves pokertd under, starting with / and without a trailing /, at most "
                "%(most)s letters, digits, /, _ or -, e.g. /poker."
            ),
            params={"text": repr(text[:120]), "most": ROOT_PATH_MAX},
        )
    return value


def root_path(conn: HTTPConnection) -> str:
    """The path prefix this app is served under (``""`` at the site's root).

    uvicorn's ``--root-path`` puts it in the ASGI scope's ``root_path``; every URL the app
    sends out (links, scripts' requests, redirects, cookie paths) starts with it, so the app
    works behind a proxy that mounts it under ``/poker`` and strips the prefix. A value that
    :func:`check_root_path` would refuse is ignored (it could not have come from the CLI).
    """
    scope = conn.scope
    value = str(scope.get("app_root_path", scope.get("root_path", "")) or "").rstrip("/")
    try:
        return check_root_path(value)
    except InvalidCommand:
        return ""


def site_path(conn: HTTPConnection, path: str) -> str:
    """``path`` (of this app, starting with ``/``) as the browser must ask for it: under the
    root path (``/t/x/floor`` -> ``/poker/t/x/floor``)."""
    return root_path(conn) + path


def _cookie_path(conn: HTTPConnection) -> str:
    """The cookies' path: the root path, so two apps under two prefixes of one host keep
    their own sessions (``/`` at the site's root, as before)."""
    return root_path(conn) or "/"


# ---- sessions and CSRF ------------------------------------------------------------------


class Sessions:
    """Server-side sessions in the user store; session-bound CSRF tokens; table PINs."""

    def __init__(
        self,
        secret_key: str,
        store: AccountService,
        *,
        hours: int = 12,
        secure: bool = False,
        trusted_proxies: Sequence[str] = (),
        public_url: str = "",
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._key = secret_key.encode()
        self.public_origin = _origin_of(public_url)
        self.store = store
        self.max_age = hours * 3600
        self.secure = secure
        self.trusted = parse_proxies(trusted_proxies)
        self.clock = clock

    def _mac(self, purpose: str, value: str) -> str:
        digest = hmac.new(self._key, f"{purpose}:{value}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:24]).decode().rstrip("=")

    def address(self, conn: HTTPConnection) -> str:
        """The caller's address (trusted proxy headers only)."""
        return client_address(conn, self.trusted)

    # ---- who is asking --------------------------------------------------------------

    def current(self, conn: HTTPConnection) -> SessionRow | None:
        """The caller's live session row (looked up once per request), or ``None``."""
        state = conn.state
        if hasattr(state, "pokertd_session"):
            found: SessionRow | None = state.pokertd_session
            return found
        raw = conn.cookies.get(SESSION_COOKIE)
        found = None
        if raw and 20 <= len(raw) <= 200:
            found = self.store.session(raw, now=self.clock())
        state.pokertd_session = found
        return found

    def principal(self, conn: HTTPConnection) -> Principal:
        """The session's principal, or the public for no, an ended or an unknown cookie."""
        row = self.current(conn)
        if row is None:
            return PUBLIC
        return Principal(row.user, row.role, row.tournament, row.table)

    def principal_of_token(self, token: str) -> Principal:
        """The principal of session cookie ``token`` as the store has it NOW (an open
        stream re-checks its session with it), or the public."""
        row = self.store.session(token, now=self.clock()) if 20 <= len(token) <= 200 else None
        if row is None:
            return PUBLIC
        return Principal(row.user, row.role, row.tournament, row.table)

    def sign_in(self, request: Request, response: Response, who: Principal) -> SessionRow:
        """Start a server-side session for ``who``: store it and set both cookies.

        The token is always new (a cookie planted before sign-in never becomes a session).
        A session the request came with is left alone: it ends at logout or expiry, or a
        director ends it (a director opening a dealer PIN in a script keeps their session).
        """
        token = secrets.token_urlsafe(32)
        row = self.store.create_session(
            token=token,
            kind="dealer" if who.table is not None else "user",
            user=who.name,
            role=who.role,
            tournament=who.tournament,
            table=who.table,
            now=self.clock(),
            ttl_s=self.max_age,
            user_agent=request.headers.get("user-agent", ""),
            address=self.address(request),
        )
        request.state.pokertd_session = row  # this request's token is the new session's
        response.set_cookie(
            SESSION_COOKIE,
            token,
            max_age=self.max_age,
            httponly=True,
            samesite="lax",
            secure=self.secure,
            path=_cookie_path(request),
        )
        token = self.csrf_token(request)
        self._set_csrf_cookie(request, response, token)
        request.state.csrf_sent = token
        return row

    def sign_out(self, request: Request, response: Response) -> None:
        """End the caller's session (the row goes) and drop the cookies."""
        row = self.current(request)
        if row is not None:
            self.store.end_session(row.id)
        request.state.pokertd_session = None
        response.delete_cookie(SESSION_COOKIE, path=_cookie_path(request))
        response.delete_cookie(CSRF_COOKIE, path=_cookie_path(request))

    # ---- CSRF -----------------------------------------------------------------------

    def _anonymous_ok(self, value: str | None) -> bool:
        """Whether ``value`` is an anonymous token this app signed (``random.mac``)."""
        if not value or len(value) > 200 or "." not in value:
            return False
        nonce, _, mac = value.partition(".")
        return len(nonce) >= 16 and hmac.compare_digest(self._mac("anon-csrf", nonce), mac)

    def csrf_token(self, request: Request) -> str:
        """The caller's CSRF token: bound to the session, or before sign-in the anonymous
        token of the ``pokertd_csrf`` cookie (a new one is made and set by ``ensure_csrf``)."""
        row = self.current(request)
        if row is not None:
            return self._mac("csrf", row.id)
        cookie = request.cookies.get(CSRF_COOKIE)
        if self._anonymous_ok(cookie):
            return str(cookie)
        cached = getattr(request.state, "new_csrf", None)
        if cached:
            return str(cached)
        nonce = secrets.token_urlsafe(18)
        token = f"{nonce}.{self._mac('anon-csrf', nonce)}"
        request.state.new_csrf = token
        return token

    def _set_csrf_cookie(self, request: Request, response: Response, token: str) -> None:
        response.set_cookie(
            CSRF_COOKIE,
            token,
            samesite="strict",
            secure=self.secure,
            httponly=False,
            path=_cookie_path(request),
        )

    def ensure_csrf(self, request: Request, response: Response) -> None:
        """Make the ``pokertd_csrf`` cookie hold the caller's current token (scripts read it)."""
        token = self.csrf_token(request)
        sent = getattr(request.state, "csrf_sent", None)
        if request.cookies.get(CSRF_COOKIE) != token and sent != token:
            self._set_csrf_cookie(request, response, token)
            request.state.csrf_sent = token

    def origin_ok(self, conn: HTTPConnection) -> bool:
        """Whether ``conn`` comes from no browser page or from a page of this site: its
        ``Origin`` is absent, or names the ``Host`` it was sent to or ``public_url``."""
        origin = conn.headers.get("origin")
        if origin is None:
            return True
        found = _origin_of(origin)
        if not found:
            return False  # "null" (a sandboxed frame, a file:// page) or garbage
        here = _origin_of(f"{found[0]}://{conn.headers.get('host', '')}")
        return found in (here, self.public_origin)

    def check_origin(self, conn: HTTPConnection) -> None:
        """Refuse a request sent by another site's page (:meth:`origin_ok`)."""
        if not self.origin_ok(conn):
            raise CsrfFailed(
                "This request came from another site's page: open pokertd from its own "
                "address and try again."
            )

    def verify_csrf(self, request: Request, submitted: str | None) -> None:
        """Refuse a write whose token is not the caller's (this session's, or anonymous),
        or that another site's page sent (:meth:`check_origin`)."""
        self.check_origin(request)
        row = self.current(request)
        if row is not None:
            good = bool(submitted) and hmac.compare_digest(
                self._mac("csrf", row.id), str(submitted)
            )
        else:
            cookie = request.cookies.get(CSRF_COOKIE)
            good = (
                bool(submitted)
                and self._anonymous_ok(cookie)
                and hmac.compare_digest(str(cookie), str(submitted))
            )
        if not good:
            raise CsrfFailed(
                "This form has expired or did not come from this site: reload the page and "
                "try again."
            )

    @staticmethod
    def check_csrf(request: Request, submitted: str | None) -> None:
        """Refuse a write whose token is not the caller's (the app's :class:`Sessions`)."""
        sessions: Sessions = request.app.state.web.sessions
        sessions.verify_csrf(request, submitted)

    # ---- dealer PINs ----------------------------------------------------------------

    def table_pin(self, tournament: str, table: int, salt: str = "") -> str:
        """The six-digit PIN of a table's dealer view: an HMAC of the app key, the
        tournament, the table and the tournament's own secret ``salt`` (``pin_salt`` of its
        creation; ``""`` for a tournament created before, which keeps its PINs)."""
        what = f"pin:{tournament}:{table}" + (f":{salt}" if salt else "")
        mac = hmac.new(self._key, what.encode(), hashlib.sha256)
        return f"{int.from_bytes(mac.digest()[:8], 'big') % 1_000_000:06d}"


def _origin_of(url: str) -> tuple[str, str] | None:
    """``(scheme, host[:port])`` of a URL or an ``Origin`` value, lower case, the default
    port left out (as browsers write ``Origin`` and ``Host``); ``None`` for anything else.

    >>> _origin_of("http://Floor.local:8000/"), _origin_of("https://td.example:443")
    (('http', 'floor.local:8000'), ('https', 'td.example'))
    >>> _origin_of("null"), _origin_of("")
    (None, None)
    """
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    host = parts.hostname.lower()
    if ":" in host:  # IPv6, bracketed as in Host
        host = f"[{host}]"
    default = {"http": 80, "https": 443}[parts.scheme]
    return parts.scheme, host if port in (None, default) else f"{host}:{port}"


def session_json(row: SessionRow, *, current: str | None = None) -> dict[str, Any]:
    """A session as the director's list shows it (``id`` is the stored id, not the cookie)."""

    def iso(t: float) -> str:
        return datetime.fromtimestamp(t, UTC).isoformat(timespec="seconds")

    return {
        "id": row.id,
        "kind": row.kind,
        "user": row.user,
        "role": row.role.value,
        "tournament": row.tournament,
        "table": row.table,
        "created": iso(row.created),
        "last_seen": iso(row.last_seen),
        "expires": iso(row.expires),
        "user_agent": row.user_agent,
        "address": row.address,
        "current": row.id == current,
    }


# ---- sign-in limits ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Attempt:
    """A reserved sign-in attempt (already counted in the store)."""

    rid: str
    account_key: str


class LoginLimiter:
    """Sign-in attempts counted in the shared store, reserved before the password is hashed.

    Per window of ``window_s`` seconds: ``attempts`` per address; ``account_attempts`` per
    account (or table PIN) from addresses the account has not signed in from before. A
    known-good address is limited by its own address counter only, so strangers cannot lock
    an account out of the places it is used from.
    """

    def __init__(
        self,
        store: AccountService,
        attempts: int = 5,
        window_s: int = 300,
        account_attempts: int = 20,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.attempts = attempts
        self.window_s = window_s
        self.account_attempts = account_attempts
        self.clock = clock

    def reserve(self, address: str, account_key: str, *, known: bool) -> Attempt:
        """Count one attempt now, or refuse with :class:`TooManyAttempts` (nothing counted)."""
        limits = [(f"ip:{address}", self.attempts)]
        if not known:
            limits.append((account_key, self.account_attempts))
        rid, wait = self.store.reserve_attempt(limits, now=self.clock(), window_s=self.window_s)
        if rid is None:
            raise TooManyAttempts(
                template=N_(
                    "Too many failed sign-in attempts: wait %(wait)s seconds and try again."
                ),
                params={"wait": wait},
                context={"retry_after": wait},
            )
        return Attempt(rid, account_key)

    def cancel(self, attempt: Attempt) -> None:
        """Un-count an attempt that was never checked (the server was busy)."""
        self.store.release_attempt(attempt.rid)

    def succeeded(self, attempt: Attempt) -> None:
        """Un-count a good sign-in and forget the account's failures (not the address's)."""
        self.store.release_attempt(attempt.rid, forget=(attempt.account_key,))


def require(who: Principal, role: Role, *, action: str = "do this") -> None:
    """Refuse unless ``who`` has at least ``role``."""
    if not who.signed_in:
        raise NotSignedIn(
            template=N_("Sign in as %(role)s or above to %(action)s."),
            params={"role": role.value, "action": action},
        )
    if not who.role.at_least(role):
        raise PermissionDenied(
            template=N_("A %(who)s may not %(action)s: it needs the %(role)s role."),
            params={"who": who.role.value, "action": action, "role": role.value},
        )


__all__ = [
    "CSRF_COOKIE",
    "CSRF_FIELD",
    "CSRF_HEADER",
    "PUBLIC",
    "SESSION_COOKIE",
    "Attempt",
    "CsrfFailed",
    "LoginLimiter",
    "NotSignedIn",
    "Principal",
    "Sessions",
    "TooManyAttempts",
    "check_root_path",
    "client_address",
    "parse_proxies",
    "require",
    "root_path",
    "safe_path",
    "session_json",
    "session_key",
    "site_path",
]
